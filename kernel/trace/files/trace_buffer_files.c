// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs files of an instance's buffers (trace_buffers.c holds what
 * they act on):
 *
 *   tracing_cpumask        hex mask of the CPUs that record
 *   buffer_size_kb         KiB per CPU; "N (expanded: M)" before lazy
 *                          expansion, "X" when the CPUs differ; also per
 *                          CPU under per_cpu/cpuN/
 *   buffer_total_size_kb   the sum over CPUs (read only)
 *   buffer_subbuf_size_kb  the sub-buffer size, 1 to 128 pages
 *   buffer_percent         how full a buffer must be before a blocked
 *                          raw reader wakes (0..100)
 *   buffer_meta            per_cpu/cpuN/, persistent buffers only
 *   last_boot_info         persistent instances only
 *   free_buffer            shrinks the buffer to nothing on close
 *   tracing_on             the live buffer's on/off switch
 *
 * (trace_clock and timestamp_mode are in trace_buffer_clock.c.)
 *
 * tracing_set_cpumask(), the per-CPU recording mask, is here too; its
 * lock rules are in trace_buffers.c (trace_types_lock, then
 * tr->max_lock with interrupts off).
 *
 * trace_dir_files.c creates the files (init_tracer_tracefs() and the
 * per-CPU directories) with the fops exported here.  Every open takes a
 * reference on the instance (tracing_open_generic_tr() or
 * tracing_check_open_get_tr()) that the release drops, so an instance
 * with an open file cannot be removed.  Process context only; the locks
 * are those of trace_buffers.c.
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/uaccess.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "reader/trace_reader.h"
#include "trace_buffer_files.h"
#include "trace_flags.h"
#include "tracers/trace_tracer.h"
#include "write/trace_write.h"

/* Sub-buffers are 1 to 2^7 pages (the ring buffer's limit). */
#define SUBBUF_MAX_ORDER	7

/* The CPU of a per_cpu/cpuN file (see trace_create_cpu_file()). */
static int buffer_file_cpu(struct inode *inode)
{
	long tag = (long)inode->i_cdev;

	return tag ? (int)(tag - 1) : RING_BUFFER_ALL_CPUS;
}

static __printf(4, 5) ssize_t read_text(char __user *ubuf, size_t cnt,
					 loff_t *ppos, const char *fmt, ...)
{
	char text[64];
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

/*
 * tracing_cpumask
 */

/**
 * tracing_set_cpumask - record only on the CPUs of @tracing_cpumask_new
 * @tr: the instance
 * @tracing_cpumask_new: the new mask
 *
 * A CPU leaving the mask gets one more disable on both buffers (and on
 * the per-CPU "disabled" count the tracers test); a CPU entering it loses
 * one.  Both buffers change under tr->max_lock so that a snapshot swap
 * carries consistent counts.
 *
 * The whole update is under trace_types_lock, so two racing writers
 * cannot both flip the same CPU.  A snapshot buffer that does not exist
 * (persistent instances have none) is skipped.
 *
 * Return: 0, or -EINVAL for a NULL @tr.
 */
int tracing_set_cpumask(struct trace_array *tr,
			cpumask_var_t tracing_cpumask_new)
{
	struct trace_buffer *snap = NULL;
	int cpu;

	if (!tr)
		return -EINVAL;

	guard(mutex)(&trace_types_lock);
	local_irq_disable();
	arch_spin_lock(&tr->max_lock);
#ifdef CONFIG_TRACER_MAX_TRACE
	snap = tr->max_buffer.buffer;
#endif
	for_each_tracing_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, tr->tracing_cpumask);
		bool now = cpumask_test_cpu(cpu, tracing_cpumask_new);
		atomic_t *disabled;

		if (was == now)
			continue;
		disabled = &per_cpu_ptr(tr->array_buffer.data, cpu)->disabled;
		if (was) {
			atomic_inc(disabled);
			ring_buffer_record_disable_cpu(tr->array_buffer.buffer, cpu);
			if (snap)
				ring_buffer_record_disable_cpu(snap, cpu);
		} else {
			atomic_dec(disabled);
			ring_buffer_record_enable_cpu(tr->array_buffer.buffer, cpu);
			if (snap)
				ring_buffer_record_enable_cpu(snap, cpu);
		}
	}
	cpumask_copy(tr->tracing_cpumask, tracing_cpumask_new);
	arch_spin_unlock(&tr->max_lock);
	local_irq_enable();
	return 0;
}

/*
 * A short read is served like any other file's (instances-buffers.rst).
 */
static ssize_t tracing_cpumask_read(struct file *filp, char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	char *text;
	ssize_t ret;

	text = kasprintf(GFP_KERNEL, "%*pb\n",
			 cpumask_pr_args(tr->tracing_cpumask));
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, count, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static ssize_t tracing_cpumask_write(struct file *filp,
				     const char __user *ubuf,
				     size_t count, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	cpumask_var_t mask;
	int err;

	if (!count || count > KMALLOC_MAX_SIZE)
		return -EINVAL;
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;

	err = cpumask_parse_user(ubuf, count, mask);
	if (!err)
		err = tracing_set_cpumask(tr, mask);
	free_cpumask_var(mask);
	return err ? err : count;
}

const struct file_operations tracing_cpumask_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_cpumask_read,
	.write		= tracing_cpumask_write,
	.release	= tracing_release_generic_tr,
	.llseek		= generic_file_llseek,
};

/*
 * buffer_size_kb, buffer_total_size_kb
 */

/**
 * buffer_size_text - the text of buffer_size_kb
 * @buf: where to write it
 * @len: room in @buf
 * @kb: KiB per CPU, or BUFFER_SIZES_DIFFER
 * @expanded: false while the buffer waits for lazy expansion
 * @expand_kb: what it will expand to
 *
 * Return: the length written.
 */
int buffer_size_text(char *buf, size_t len, long kb, bool expanded,
		     unsigned long expand_kb)
{
	if (kb == BUFFER_SIZES_DIFFER)
		return scnprintf(buf, len, "X\n");
	if (expanded)
		return scnprintf(buf, len, "%ld\n", kb);
	return scnprintf(buf, len, "%ld (expanded: %lu)\n", kb, expand_kb);
}

/* KiB of every CPU, or BUFFER_SIZES_DIFFER; trace_types_lock held. */
static long buffer_common_kb(struct trace_array *tr)
{
	unsigned long first = 0, bytes;
	int cpu;

	for_each_tracing_cpu(cpu) {
		bytes = per_cpu_ptr(tr->array_buffer.data, cpu)->entries;
		/* A CPU recorded as 0 bytes does not set the size. */
		if (!first)
			first = bytes;
		else if (bytes != first)
			return BUFFER_SIZES_DIFFER;
	}
	return first >> 10;
}

static ssize_t tracing_entries_read(struct file *filp, char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	int cpu = buffer_file_cpu(inode);
	char text[64];
	int len;

	scoped_guard(mutex, &trace_types_lock) {
		if (cpu == RING_BUFFER_ALL_CPUS)
			len = buffer_size_text(text, sizeof(text),
					       buffer_common_kb(tr),
					       tr->ring_buffer_expanded,
					       trace_buf_size >> 10);
		else
			len = scnprintf(text, sizeof(text), "%lu\n",
					per_cpu_ptr(tr->array_buffer.data,
						    cpu)->entries >> 10);
	}
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

/*
 * A KiB count whose byte count does not fit an unsigned long is refused
 * with -EINVAL rather than wrapped into a small size.
 */
static ssize_t tracing_entries_write(struct file *filp,
				     const char __user *ubuf,
				     size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	unsigned long kb;
	ssize_t err;

	err = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (err)
		return err;
	if (!kb || kb > (ULONG_MAX >> 10))
		return -EINVAL;

	err = tracing_resize_ring_buffer(inode->i_private, kb << 10,
					 buffer_file_cpu(inode));
	if (err < 0)
		return err;
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_entries_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_entries_read,
	.write		= tracing_entries_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

static ssize_t tracing_total_entries_read(struct file *filp,
					  char __user *ubuf,
					  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb = 0, expand_kb = 0;
	char text[64];
	int cpu, len;

	scoped_guard(mutex, &trace_types_lock) {
		for_each_tracing_cpu(cpu) {
			kb += per_cpu_ptr(tr->array_buffer.data,
					  cpu)->entries >> 10;
			expand_kb += trace_buf_size >> 10;
		}
		len = buffer_size_text(text, sizeof(text), kb,
				       tr->ring_buffer_expanded, expand_kb);
	}
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

const struct file_operations tracing_total_entries_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_total_entries_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/*
 * last_boot_info, buffer_meta (persistent buffers)
 */

static ssize_t tracing_last_boot_read(struct file *filp, char __user *ubuf,
				      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return read_text(ubuf, cnt, ppos, "text delta:\t%ld\ndata delta:\t%ld\n",
			 tr->text_delta, tr->data_delta);
}

const struct file_operations last_boot_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_last_boot_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

static int tracing_buffer_meta_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int err = tracing_check_open_get_tr(tr);

	if (err)
		return err;
	err = ring_buffer_meta_seq_init(filp, tr->array_buffer.buffer,
					buffer_file_cpu(inode));
	if (err < 0)
		trace_array_put(tr);
	return err;
}

static int tracing_buffer_meta_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, file);
}

const struct file_operations tracing_buffer_meta_fops = {
	.open		= tracing_buffer_meta_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracing_buffer_meta_release,
};

/*
 * free_buffer: what is written does not matter; the close frees.
 */

/* Shrink to the minimum; with disable_on_free, switch off first. */
static void free_buffer_on_close(struct trace_array *tr)
{
	if (tr->trace_flags & TRACE_ITER_STOP_ON_FREE)
		tracer_tracing_off(tr);
	tracing_resize_ring_buffer(tr, 0, RING_BUFFER_ALL_CPUS);
	trace_array_put(tr);
}

static int tracing_free_buffer_release(struct inode *inode, struct file *filp)
{
	free_buffer_on_close(inode->i_private);
	return 0;
}

static ssize_t tracing_free_buffer_write(struct file *filp,
					 const char __user *ubuf,
					 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_free_buffer_fops = {
	.open		= tracing_open_generic_tr,
	.write		= tracing_free_buffer_write,
	.release	= tracing_free_buffer_release,
};

/*
 * tracing_on
 */

static ssize_t rb_simple_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return read_text(ubuf, cnt, ppos, "%d\n", tracer_tracing_is_on(tr));
}

/*
 * Any number; non-zero switches on.  The current tracer's start/stop
 * hooks run only on an actual change, and switching off wakes blocked
 * readers so they can return what there is.
 */
static void live_switch_by_user(struct trace_array *tr, bool on)
{
	struct tracer *cur;

	guard(mutex)(&trace_types_lock);
	if (on == tracer_tracing_is_on(tr))
		return;
	cur = tr->current_trace;
	if (on) {
		tracer_tracing_on(tr);
		if (cur->start)
			cur->start(tr);
		return;
	}
	tracer_tracing_off(tr);
	if (cur->stop)
		cur->stop(tr);
	ring_buffer_wake_waiters(tr->array_buffer.buffer, RING_BUFFER_ALL_CPUS);
}

static ssize_t rb_simple_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long val;
	int err = kstrtoul_from_user(ubuf, cnt, 10, &val);

	if (err)
		return err;
	/* Before the buffer exists the write is accepted and ignored. */
	if (tr->array_buffer.buffer)
		live_switch_by_user(tr, val != 0);
	(*ppos)++;
	return cnt;
}

const struct file_operations rb_simple_fops = {
	.open		= tracing_open_generic_tr,
	.read		= rb_simple_read,
	.write		= rb_simple_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/*
 * buffer_percent
 */

static ssize_t buffer_percent_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return read_text(ubuf, cnt, ppos, "%d\n", READ_ONCE(tr->buffer_percent));
}

static ssize_t buffer_percent_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long pct;
	int err = kstrtoul_from_user(ubuf, cnt, 10, &pct);

	if (err)
		return err;
	if (pct > 100)
		return -EINVAL;
	/* Read by waiters without a lock: a new value applies to the next wait. */
	WRITE_ONCE(tr->buffer_percent, pct);
	(*ppos)++;
	return cnt;
}

const struct file_operations buffer_percent_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_percent_read,
	.write		= buffer_percent_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/*
 * buffer_subbuf_size_kb
 */

/**
 * subbuf_order_for_kb - the sub-buffer page order that holds @kb KiB
 * @kb: the size asked for
 *
 * Rounds up to a power of two pages.  Return: 0..SUBBUF_MAX_ORDER, or
 * -EINVAL for 0 or more than 2^SUBBUF_MAX_ORDER pages (checked before
 * any multiplication, so a huge number cannot wrap into range).
 */
int subbuf_order_for_kb(unsigned long kb)
{
	unsigned long max_kb = (PAGE_SIZE << SUBBUF_MAX_ORDER) / 1024;
	unsigned long pages;

	if (!kb || kb > max_kb)
		return -EINVAL;
	pages = DIV_ROUND_UP(kb * 1024, PAGE_SIZE);
	return order_base_2(pages);
}

static ssize_t buffer_subbuf_size_read(struct file *filp, char __user *ubuf,
				       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int order = ring_buffer_subbuf_order_get(tr->array_buffer.buffer);

	return read_text(ubuf, cnt, ppos, "%zd\n",
			 (size_t)((PAGE_SIZE << order) / 1024));
}

/* The snapshot follows the live buffer; trace_access_lock(ALL) held. */
static int subbuf_order_apply(struct trace_array *tr, int order)
{
	int old = ring_buffer_subbuf_order_get(tr->array_buffer.buffer);
	int err;

	if (old == order)
		return 0;
	err = ring_buffer_subbuf_order_set(tr->array_buffer.buffer, order);
	if (err)
		return err;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (!tr->allocated_snapshot)
		return 0;
	err = ring_buffer_subbuf_order_set(tr->max_buffer.buffer, order);
	if (err &&
	    WARN_ON_ONCE(ring_buffer_subbuf_order_set(tr->array_buffer.buffer,
						      old))) {
		/* The two buffers now differ for good: stop tracing. */
		tracing_disabled = 1;
	}
#endif
	return err;
}

static ssize_t buffer_subbuf_size_write(struct file *filp,
					const char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb;
	int order, err;

	err = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (err)
		return err;
	order = subbuf_order_for_kb(kb);
	if (order < 0)
		return order;

	/* No writer and no reader while the sub-buffers are rebuilt. */
	tracing_stop_tr(tr);
	trace_access_lock(RING_BUFFER_ALL_CPUS);
	err = subbuf_order_apply(tr, order);
	trace_access_unlock(RING_BUFFER_ALL_CPUS);
	tracing_start_tr(tr);
	if (err)
		return err;
	(*ppos)++;
	return cnt;
}

const struct file_operations buffer_subbuf_size_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_subbuf_size_read,
	.write		= buffer_subbuf_size_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};
