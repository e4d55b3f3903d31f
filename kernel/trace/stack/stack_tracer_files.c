// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer's files, at the top of tracefs only (the stack is
 * the system's, not an instance's):
 *
 *   stack_trace         the deepest stack seen: a header, then one line
 *                       per frame (STK_HEADER_FMT, STK_LINE_FMT); while
 *                       the tracer is off and nothing was recorded, a
 *                       note on how to turn it on
 *   stack_max_size      its size in bytes (printed signed); a decimal
 *                       written to it becomes the size to beat (0
 *                       starts afresh), the record itself stays until a
 *                       deeper stack replaces it; bad text: kstrtoul()'s
 *                       -EINVAL or -ERANGE, nothing changed
 *   stack_trace_filter  the functions whose entry the tracer measures:
 *                       the words of set_ftrace_filter, without
 *                       commands or ":mod:" (tfunc_ops_filter_fops)
 *
 * A read of stack_trace that starts at offset 0 copies the record under
 * its lock (stk_snapshot()), so the lines of one read agree with each
 * other and with the header; nothing is held between read() calls.
 * Process context; every open checks tracefs lockdown.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#include "fs/trace_fs.h"
#include "function/trace_function.h"
#include "stack_tracer.h"
#include "tracers/trace_opts.h"

/* One open stack_trace: the record as the read from offset 0 found it. */
struct stk_reader {
	struct stk_record	rec;
	unsigned long		max_size;
};

/* Position 0 is the header, position n the record's entry n - 1. */
static void *stk_seq_start(struct seq_file *m, loff_t *pos)
{
	struct stk_reader *r = m->private;

	if (!*pos) {
		stk_snapshot(&r->rec, &r->max_size);
		return SEQ_START_TOKEN;
	}
	if (*pos > r->rec.nr)
		return NULL;
	return &r->rec.addr[*pos - 1];
}

static void *stk_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	(*pos)++;
	return stk_seq_start(m, pos);
}

static void stk_seq_stop(struct seq_file *m, void *v)
{
}

/*
 * While the tracer is off and nothing was recorded, stack_trace says how
 * to turn it on: these lines, each after a '#' (user-visible text, kept
 * as upstream words it).
 */
static const char *const stk_off_note[] = {
	"",
	"  Stack tracer disabled",
	"",
	" To enable the stack tracer, either add 'stacktrace' to the",
	" kernel command line",
	" or 'echo 1 > /proc/sys/kernel/stack_tracer_enabled'",
	"",
};

static int stk_seq_show(struct seq_file *m, void *v)
{
	struct stk_reader *r = m->private;
	unsigned int i;

	if (v != SEQ_START_TOKEN) {
		i = (unsigned long *)v - r->rec.addr;
		seq_printf(m, STK_LINE_FMT, i, r->rec.depth[i],
			   stk_frame_size(&r->rec, i), (void *)r->rec.addr[i]);
		return 0;
	}
	seq_printf(m, STK_HEADER_FMT, r->rec.nr);
	if (READ_ONCE(stack_tracer_enabled) || r->max_size)
		return 0;
	for (i = 0; i < ARRAY_SIZE(stk_off_note); i++)
		seq_printf(m, "#%s\n", stk_off_note[i]);
	return 0;
}

static const struct seq_operations stk_seq_ops = {
	.start	= stk_seq_start,
	.next	= stk_seq_next,
	.stop	= stk_seq_stop,
	.show	= stk_seq_show,
};

static int stk_trace_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if (!__seq_open_private(file, &stk_seq_ops, sizeof(struct stk_reader)))
		return -ENOMEM;
	return 0;
}

static const struct file_operations stk_trace_fops = {
	.open		= stk_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static ssize_t stk_max_size_read(struct file *file, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char buf[U64_STR_SIZE];
	int len;

	/* Signed, as 6.12 prints it: ULONG_MAX reads "-1". */
	len = scnprintf(buf, sizeof(buf), "%ld\n", (long)stk_max_size_get());
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t stk_max_size_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	unsigned long size;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &size);
	if (ret)
		return ret;
	stk_max_size_set(size);
	return cnt;
}

static const struct file_operations stk_max_size_fops = {
	.open		= tracing_open_generic,
	.read		= stk_max_size_read,
	.write		= stk_max_size_write,
	.llseek		= default_llseek,
};

static struct trace_readme_part stk_readme = {
	.rank	= TRACE_README_TRACERS,
	.text	=
	"\nStack tracer (kernel.stack_tracer_enabled, boot: stacktrace):\n"
	"  stack_trace\t\t- the deepest kernel stack seen, frame by frame\n"
	"  stack_max_size\t- its size in bytes; write a size to beat (0:\n"
	"\t\t\t  start a new search)\n"
	"  stack_trace_filter\t- like set_ftrace_filter: the functions whose\n"
	"\t\t\t  entry the stack tracer measures\n",
};

void __init stk_files_init(void)
{
	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			  &stk_max_size_fops);
	trace_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
			  &stk_trace_fops);
	trace_create_file("stack_trace_filter", TRACE_MODE_WRITE, NULL,
			  &stk_ops, &tfunc_ops_filter_fops);
	trace_readme_add(&stk_readme);
}
