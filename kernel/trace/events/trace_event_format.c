// SPDX-License-Identifier: GPL-2.0
/*
 * The read-only description files of the event tree:
 *
 *   events/SYS/EV/format   name, ID, the common and the event's fields,
 *                          print fmt; parsed by trace-cmd, perf and
 *                          libtraceevent, so an interface byte for byte
 *   events/SYS/EV/id       the type number (with perf events only)
 *   events/header_page     the sub-buffer header, from the ring buffer
 *   events/header_event    the record header, from the ring buffer
 *
 * The format text is produced in one pass under event_mutex (the call
 * can go with its module; a removed file reads -ENODEV), into a
 * seq_file buffer that grows as needed.  Field lists are kept newest
 * first (trace_event_calls.c), so they are walked backwards here.
 *
 * Process context only.
 */
#include <linux/fs.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_seq.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "trace_event.h"
#include "trace_event_internal.h"

/*
 * One "field:" line.  An array type ("char[16]") is shown with its
 * brackets moved after the name ("char comm[16]"), with the length the
 * staging headers recorded or, if none, empty brackets; __data_loc
 * types keep their brackets where they are.
 */
static void format_field(struct seq_file *m, struct ftrace_event_field *f)
{
	const char *bracket = strchr(f->type, '[');

	if (str_has_prefix(f->type, "__data_loc"))
		bracket = NULL;

	seq_puts(m, "\tfield:");
	if (!bracket) {
		seq_printf(m, "%s %s", f->type, f->name);
	} else {
		seq_write(m, f->type, bracket - f->type);
		seq_printf(m, " %s[", f->name);
		if (f->len)
			seq_printf(m, "%d", f->len);
		seq_putc(m, ']');
	}
	seq_printf(m, ";\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		   f->offset, f->size, !!f->is_signed);
}

static void format_fields(struct seq_file *m, struct list_head *head)
{
	struct ftrace_event_field *f;

	list_for_each_entry_reverse(f, head, link)
		format_field(m, f);
}

/*
 * The whole text of @call's format file.  event_mutex held (or the call
 * private to the caller); the field list must be built.
 */
void evreg_format_text(struct seq_file *m, struct trace_event_call *call)
{
	seq_printf(m, "name: %s\nID: %d\nformat:\n", trace_event_name(call),
		   call->event.type);
	format_fields(m, &evreg_common_fields);
	seq_putc(m, '\n');
	format_fields(m, trace_get_fields(call));
	seq_printf(m, "\nprint fmt: %s\n", call->print_fmt);
}

static int format_show(struct seq_file *m, void *unused)
{
	struct trace_event_file *file;
	int ret = 0;

	mutex_lock(&event_mutex);
	file = event_file_file(m->private);
	if (file)
		evreg_format_text(m, file->event_call);
	else
		ret = -ENODEV;
	mutex_unlock(&event_mutex);
	return ret;
}

static int format_open(struct inode *inode, struct file *filp)
{
	/* m->private is the struct file: event_file_file() reads its inode */
	return single_open(filp, format_show, filp);
}

const struct file_operations evreg_format_fops = {
	.open		= format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

#ifdef CONFIG_PERF_EVENTS
static ssize_t id_read(struct file *filp, char __user *ubuf, size_t cnt,
		       loff_t *ppos)
{
	int id = (long)event_file_data(filp);
	char text[16];
	int len;

	if (unlikely(!id))
		return -ENODEV;
	len = scnprintf(text, sizeof(text), "%d\n", id);
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

const struct file_operations evreg_id_fops = {
	.read		= id_read,
	.llseek		= default_llseek,
};
#endif

/**
 * evreg_seq_read - read of a small text file made in one go
 * @ubuf: user buffer
 * @cnt: its size
 * @ppos: file position; the text is made at position 0 only, so a
 *	reader gets it in one read or sees EOF after a short one
 * @fill: writes the text into the trace_seq (at most a page) or fails
 * @obj: passed to @fill
 *
 * Return: bytes copied, 0 at EOF, or @fill's (or an allocation) error.
 */
ssize_t evreg_seq_read(char __user *ubuf, size_t cnt, loff_t *ppos,
		       int (*fill)(void *obj, struct trace_seq *s), void *obj)
{
	struct trace_seq *s __free(kfree) = NULL;
	int err;

	if (*ppos)
		return 0;	/* the text came whole with the first read */
	/* a zeroed trace_seq is an empty one (trace_seq.c) */
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	err = s ? fill(obj, s) : -ENOMEM;
	if (err)
		return err;
	return simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				       trace_seq_used(s));
}

/* The page header depends on the instance's sub-buffer size. */
static int header_page_fill(void *tr, struct trace_seq *s)
{
	struct trace_buffer *rb = ((struct trace_array *)tr)->array_buffer.buffer;

	ring_buffer_print_page_header(rb, s);
	return 0;
}

static int header_event_fill(void *unused, struct trace_seq *s)
{
	ring_buffer_print_entry_header(s);
	return 0;
}

static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return evreg_seq_read(ubuf, cnt, ppos, header_page_fill,
			      filp->private_data);
}

static ssize_t header_event_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return evreg_seq_read(ubuf, cnt, ppos, header_event_fill, NULL);
}

const struct file_operations evreg_header_page_fops = {
	.open		= tracing_open_generic_tr,
	.read		= header_page_read,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};

const struct file_operations evreg_header_event_fops = {
	.open		= tracing_open_generic_tr,
	.read		= header_event_read,
	.llseek		= default_llseek,
	.release	= tracing_release_generic_tr,
};
