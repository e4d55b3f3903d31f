// SPDX-License-Identifier: GPL-2.0
/*
 * The clock of an instance's buffers: the table of trace clocks, the
 * switch from one to another, and the two files that show them,
 * trace_clock (every clock, the current one in brackets; a write of a
 * name selects it) and timestamp_mode ("[delta] absolute" or
 * "delta [absolute]": whether the ring buffer stores full time stamps,
 * which hist triggers ask for).
 *
 * A switch empties both buffers: records stamped by two clocks do not
 * sort.  It runs under trace_types_lock (trace_instance.c); the readers
 * of tr->clock_id (the printers, trace_init_iter()) run without it and
 * see the old or the new index, both valid.  Process context only.
 */
#include <linux/fs.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/timekeeping.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "files/trace_buffer_files.h"
#include "trace_array.h"

/*
 * The trace clocks, in the order trace_clock lists them (a user-visible
 * order: the index is tr->clock_id).  The x86 TSC clock comes last, from
 * ARCH_TRACE_CLOCKS, whose initialiser fixes the member order of struct
 * trace_clock_desc.
 */
const struct trace_clock_desc trace_clocks[] = {
	{ .func = trace_clock_local,		.name = "local",    .in_ns = 1 },
	{ .func = trace_clock_global,		.name = "global",   .in_ns = 1 },
	{ .func = trace_clock_counter,		.name = "counter",  .in_ns = 0 },
	{ .func = trace_clock_jiffies,		.name = "uptime",   .in_ns = 0 },
	{ .func = trace_clock,			.name = "perf",     .in_ns = 1 },
	{ .func = ktime_get_mono_fast_ns,	.name = "mono",     .in_ns = 1 },
	{ .func = ktime_get_raw_fast_ns,	.name = "mono_raw", .in_ns = 1 },
	{ .func = ktime_get_boot_fast_ns,	.name = "boot",     .in_ns = 1 },
	{ .func = ktime_get_tai_fast_ns,	.name = "tai",      .in_ns = 1 },
	ARCH_TRACE_CLOCKS
};

const unsigned int trace_clocks_nr = ARRAY_SIZE(trace_clocks);

/**
 * trace_clock_in_ns - does @tr's clock count nanoseconds?
 * @tr: the instance
 *
 * The printers show seconds.microseconds for those, raw counts otherwise.
 */
bool trace_clock_in_ns(struct trace_array *tr)
{
	return trace_clocks[tr->clock_id].in_ns;
}

/**
 * tracing_set_clock - switch @tr to the clock called @clockstr
 * @tr: the instance
 * @clockstr: a name as listed by trace_clock
 *
 * Both buffers are emptied: time stamps of two clocks do not compare.
 * Return: 0 or -EINVAL for an unknown name.
 */
int tracing_set_clock(struct trace_array *tr, const char *clockstr)
{
	unsigned int id;

	for (id = 0; id < trace_clocks_nr; id++)
		if (!strcmp(trace_clocks[id].name, clockstr))
			break;
	if (id == trace_clocks_nr)
		return -EINVAL;

	guard(mutex)(&trace_types_lock);
	tr->clock_id = id;
	ring_buffer_set_clock(tr->array_buffer.buffer, trace_clocks[id].func);
	tracing_reset_online_cpus(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->max_buffer.buffer)
		ring_buffer_set_clock(tr->max_buffer.buffer,
				      trace_clocks[id].func);
	tracing_reset_online_cpus(&tr->max_buffer);
#endif
	return 0;
}

/*
 * trace_clock, timestamp_mode
 */

static int single_release_tr(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return single_release(inode, file);
}

static int tracing_clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	unsigned int id;

	for (id = 0; id < trace_clocks_nr; id++) {
		bool cur = id == tr->clock_id;

		seq_printf(m, "%s%s%s%s", id ? " " : "", cur ? "[" : "",
			   trace_clocks[id].name, cur ? "]" : "");
	}
	seq_putc(m, '\n');
	return 0;
}

static int tracing_clock_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int err = tracing_check_open_get_tr(tr);

	if (err)
		return err;
	err = single_open(file, tracing_clock_show, tr);
	if (err < 0)
		trace_array_put(tr);
	return err;
}

static ssize_t tracing_clock_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *fpos)
{
	struct seq_file *m = filp->private_data;
	char name[64];
	int err;

	if (cnt >= sizeof(name))
		return -EINVAL;
	if (copy_from_user(name, ubuf, cnt))
		return -EFAULT;
	name[cnt] = '\0';

	err = tracing_set_clock(m->private, strstrip(name));
	if (err)
		return err;
	*fpos += cnt;
	return cnt;
}

const struct file_operations trace_clock_fops = {
	.open		= tracing_clock_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release_tr,
	.write		= tracing_clock_write,
};

static int tracing_time_stamp_mode_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	bool abs;

	scoped_guard(mutex, &trace_types_lock)
		abs = ring_buffer_time_stamp_abs(tr->array_buffer.buffer);
	seq_puts(m, abs ? "delta [absolute]\n" : "[delta] absolute\n");
	return 0;
}

static int tracing_time_stamp_mode_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int err = tracing_check_open_get_tr(tr);

	if (err)
		return err;
	err = single_open(file, tracing_time_stamp_mode_show, tr);
	if (err < 0)
		trace_array_put(tr);
	return err;
}

const struct file_operations trace_time_stamp_mode_fops = {
	.open		= tracing_time_stamp_mode_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release_tr,
};
