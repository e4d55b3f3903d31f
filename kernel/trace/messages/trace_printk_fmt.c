// SPDX-License-Identifier: GPL-2.0
/*
 * The formats of trace_printk() and tracepoint_string(), and the file
 * printk_formats that maps them back to text.
 *
 * bprint and bputs records hold a pointer to their format, not its
 * text, so the text must outlive every record.  Three places hold it:
 * the built-in __trace_printk_fmt section, the __tracepoint_str section
 * (tracepoint_string(): events may print such a pointer with %s), and
 * copies of modules' formats made here when a module comes, kept for
 * good (records may outlive the module) and shared by equal text.
 * printk_formats lists them in that order, so that tools reading raw
 * records (trace-cmd, perf) can print them.
 *
 * Whether a record's string is one of the tracepoint_string()s is the
 * output library's question (trace_output_safestr.c), which reads the
 * section's bounds itself.
 *
 * Contexts: the module notifier and printk_formats run in process
 * context.
 */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/tracefs.h>

#include "fs/trace_fs.h"
#include "trace_printk.h"

/*
 * Module formats.  A module's trace_printk() formats live in its
 * __trace_printk_fmt section, which goes with the module; records keep
 * pointing at a format, so each is copied here when the module comes
 * and the module's slot is pointed at the copy.  Copies are shared by
 * equal text and never freed.
 *
 * printk_fmt_lock: the list (adding, and walking it for printk_formats,
 * from seq start to stop).  Process context.
 */
struct printk_fmt {
	struct list_head	node;
	const char		*fmt;	/* = text; printk_formats hands out &fmt */
	char			text[];
};

static LIST_HEAD(printk_fmts);
static DEFINE_MUTEX(printk_fmt_lock);

#ifdef CONFIG_MODULES
static const char *printk_fmt_keep(const char *fmt)
{
	struct printk_fmt *saved;
	size_t size;

	lockdep_assert_held(&printk_fmt_lock);
	list_for_each_entry(saved, &printk_fmts, node)
		if (!strcmp(saved->text, fmt))
			return saved->fmt;

	size = strlen(fmt) + 1;
	saved = kmalloc(struct_size(saved, text, size), GFP_KERNEL);
	if (!saved)
		return NULL;
	memcpy(saved->text, fmt, size);
	saved->fmt = saved->text;
	list_add_tail(&saved->node, &printk_fmts);
	return saved->fmt;
}

static int printk_fmt_module(struct notifier_block *nb, unsigned long state,
			     void *data)
{
	struct module *mod = data;
	const char **slot, **end;

	if (state != MODULE_STATE_COMING || !mod->num_trace_bprintk_fmt)
		return NOTIFY_OK;

	trace_printk_init_buffers();

	slot = mod->trace_bprintk_fmt_start;
	end = slot + mod->num_trace_bprintk_fmt;
	guard(mutex)(&printk_fmt_lock);
	for (; slot < end; slot++)
		if (*slot)
			*slot = printk_fmt_keep(*slot);
	return NOTIFY_OK;
}

static struct notifier_block printk_fmt_nb = {
	.notifier_call = printk_fmt_module,
};

static __init int printk_fmt_init(void)
{
	return register_module_notifier(&printk_fmt_nb);
}
early_initcall(printk_fmt_init);
#endif /* CONFIG_MODULES */

/*
 * printk_formats: one line per known format, "0x<address> : "<text>"",
 * with newlines, tabs and double quotes escaped (a backslash is shown
 * as it is).  The cursor is an index: built-in formats
 * first, then tracepoint strings, then module copies; the seq_file
 * element is the address of the slot holding the string pointer.
 */
static loff_t printk_fmt_builtin(void)
{
	return __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
}

static loff_t printk_fmt_tpstr(void)
{
	return __stop___tracepoint_str - __start___tracepoint_str;
}

static const char **printk_fmt_module_at(loff_t nr)
{
	struct printk_fmt *saved;

	list_for_each_entry(saved, &printk_fmts, node)
		if (nr-- == 0)
			return &saved->fmt;
	return NULL;
}

static const char **printk_fmt_at(loff_t pos)
{
	if (pos < printk_fmt_builtin())
		return (const char **)__start___trace_bprintk_fmt + pos;
	pos -= printk_fmt_builtin();
	if (pos < printk_fmt_tpstr())
		return (const char **)__start___tracepoint_str + pos;
	return printk_fmt_module_at(pos - printk_fmt_tpstr());
}

static void *printk_fmt_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&printk_fmt_lock);
	return printk_fmt_at(*pos);
}

static void *printk_fmt_next(struct seq_file *m, void *v, loff_t *pos)
{
	loff_t first_module = printk_fmt_builtin() + printk_fmt_tpstr();
	struct printk_fmt *saved;

	/* Within the module list, step from the current copy. */
	if (*pos >= first_module) {
		saved = container_of(v, struct printk_fmt, fmt);
		++*pos;
		if (list_is_last(&saved->node, &printk_fmts))
			return NULL;
		return &list_next_entry(saved, node)->fmt;
	}
	return printk_fmt_at(++*pos);
}

static void printk_fmt_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&printk_fmt_lock);
}

static int printk_fmt_show(struct seq_file *m, void *v)
{
	const char *str = *(const char **)v;

	if (!str)
		return 0;

	seq_printf(m, "0x%lx : \"", (unsigned long)str);
	while (*str) {
		size_t plain = strcspn(str, "\n\t\"");

		seq_write(m, str, plain);
		str += plain;
		if (!*str)
			break;
		/* A backslash, then n, t or the quote itself. */
		seq_putc(m, '\\');
		seq_putc(m, *str == '\n' ? 'n' : *str == '\t' ? 't' : '"');
		str++;
	}
	seq_write(m, "\"\n", 2);
	return 0;
}

static const struct seq_operations printk_fmt_seq_ops = {
	.show	= printk_fmt_show,
	.start	= printk_fmt_start,
	.next	= printk_fmt_next,
	.stop	= printk_fmt_stop,
};

static int printk_fmt_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: seq_open(file, &printk_fmt_seq_ops);
}

static const struct file_operations printk_fmt_fops = {
	.open		= printk_fmt_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static __init int printk_fmt_file_init(void)
{
	if (!tracing_init_dentry())
		trace_create_file("printk_formats", TRACE_MODE_READ, NULL,
				  NULL, &printk_fmt_fops);
	return 0;
}
fs_initcall(printk_fmt_file_init);
