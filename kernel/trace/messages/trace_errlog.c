// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last commands each instance refused, and why.
 *
 * A tracefs parser that refuses a write (event filters, triggers, later
 * probes and histograms) calls tracing_log_err() with a location, the
 * command, a table of messages with an index into it, and the column of
 * the command to point at.  Each instance keeps the last
 * ERRLOG_MAX_ENTRIES (8) such entries, oldest first; a ninth recycles
 * the oldest.  Reading the instance's error_log shows, per entry:
 *
 *   [  SSSSS.UUUUUU] LOCATION: error: MESSAGE
 *     Command: COMMAND
 *              ^
 *
 * seconds at least five wide, microseconds six; the caret line is
 * eleven blanks (the width of "  Command: ") plus one per caret column.
 * These bytes are an interface: ftracetest's ftrace_errlog_check measures the
 * caret line, and our selftests compare whole logs with the reference
 * kernel's.  Opening the file for write with O_TRUNC empties the log;
 * what is written to it is accepted and ignored.  Nothing is allocated
 * before the first error.
 *
 * One allocation per entry (the command lives at its end), made before
 * the lock is taken; the recycled entry is freed after it is dropped.
 *
 * Context: process context, may sleep (GFP_KERNEL, a mutex).  Callers
 * may hold event_mutex and trace_types_lock.
 */
#include <linux/fs.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "trace_errlog.h"

/*
 * What precedes the command on an entry's second line; the caret line
 * is indented by its width.
 */
#define ERRLOG_CMD_LEAD		"  Command: "

/*
 * tracing_err_log_lock: every instance's err_log list and
 * n_err_log_entries, i.e. linking, unlinking and walking entries (a
 * reader holds it from seq start to stop).  A leaf: taken inside
 * event_mutex and trace_types_lock, nothing but the allocator's own
 * locks below it; entries are allocated before and freed after it.
 */
static DEFINE_MUTEX(tracing_err_log_lock);

/**
 * err_pos - column of the first @str in @cmd, for a caret
 * @cmd: the refused command (not empty)
 * @str: the part of it to point at
 *
 * Return: the offset of the first occurrence of @str in @cmd, or 0 when
 * there is none (the caret then points at the start of the command).
 * An empty @cmd is a caller bug: it warns and returns 0.
 */
unsigned int err_pos(char *cmd, const char *str)
{
	const char *hit;

	if (WARN_ON(!*cmd))
		return 0;

	hit = strstr(cmd, str);
	return hit ? hit - cmd : 0;
}

/**
 * tracing_log_err - add an entry to an instance's error_log
 * @tr: the instance whose file was written, or NULL for the global one
 * @loc: where the error was found, e.g. "event filter parse error"
 * @cmd: the command that was refused, copied
 * @errs: table of messages; only the pointer is kept, so it must live
 *	as long as the kernel (or the module that logs never unloads)
 * @type: index of the message in @errs
 * @pos: column of @cmd the caret points at
 *
 * The ninth entry of an instance replaces its oldest.  When memory is
 * short the error is silently not logged; the caller's errno is what
 * user space gets either way.
 *
 * Context: process context, may sleep.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos)
{
	struct errlog_entry *entry, *recycled = NULL;
	size_t cmd_size = strlen(cmd) + 1;

	if (!tr)
		tr = &global_trace;

	entry = kmalloc(struct_size(entry, cmd, cmd_size), GFP_KERNEL);
	if (!entry)
		return;
	snprintf(entry->where, sizeof(entry->where), "%s: error: ", loc);
	memcpy(entry->cmd, cmd, cmd_size);
	entry->msgs = errs;
	entry->msg = type;
	entry->caret = pos;

	mutex_lock(&tracing_err_log_lock);
	/* Stamped under the lock: times never go backwards along a log. */
	entry->ts = local_clock();
	list_add_tail(&entry->node, &tr->err_log);
	if (tr->n_err_log_entries < ERRLOG_MAX_ENTRIES) {
		tr->n_err_log_entries++;
	} else {
		recycled = list_first_entry(&tr->err_log, struct errlog_entry,
					    node);
		list_del(&recycled->node);
	}
	mutex_unlock(&tracing_err_log_lock);

	kfree(recycled);
}

/**
 * clear_tracing_err_log - forget every entry of an instance
 * @tr: the instance
 *
 * Called on a truncating open of error_log and, as the @remove of the
 * error log's instance part, when an instance is removed.  Context:
 * process context, may sleep.
 */
void clear_tracing_err_log(struct trace_array *tr)
{
	struct errlog_entry *entry, *next;
	LIST_HEAD(gone);

	mutex_lock(&tracing_err_log_lock);
	list_splice_init(&tr->err_log, &gone);
	tr->n_err_log_entries = 0;
	mutex_unlock(&tracing_err_log_lock);

	list_for_each_entry_safe(entry, next, &gone, node)
		kfree(entry);
}

/* An instance's log goes with it (struct trace_instance_part). */
static struct trace_instance_part errlog_part = {
	.name	= "error_log",
	.remove	= clear_tracing_err_log,
};

void __init trace_errlog_register_part(void)
{
	trace_instance_register_part(&errlog_part);
}

/* Reading: the walk holds tracing_err_log_lock from start to stop. */
static void *errlog_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&tracing_err_log_lock);
	return seq_list_start(&tr->err_log, *pos);
}

static void *errlog_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;

	return seq_list_next(v, &tr->err_log, pos);
}

static void errlog_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&tracing_err_log_lock);
}

/**
 * errlog_show - print one entry the way error_log shows it
 * @m: the output
 * @v: the entry's list node
 *
 * Return: 0 (seq_file retries with a larger buffer on overflow).
 */
int errlog_show(struct seq_file *m, void *v)
{
	const struct errlog_entry *entry = list_entry(v, struct errlog_entry,
						      node);
	u32 ns;
	u64 sec = div_u64_rem(entry->ts, NSEC_PER_SEC, &ns);
	u32 usec = ns / NSEC_PER_USEC;

	seq_printf(m, "[%5llu.%06u] %s%s\n", sec, usec, entry->where,
		   entry->msgs[entry->msg]);
	seq_printf(m, ERRLOG_CMD_LEAD "%s\n", entry->cmd);
	seq_printf(m, "%*s^\n",
		   (int)(sizeof(ERRLOG_CMD_LEAD) - 1) + entry->caret, "");
	return 0;
}

static const struct seq_operations errlog_seq_ops = {
	.start	= errlog_start,
	.next	= errlog_next,
	.stop	= errlog_stop,
	.show	= errlog_show,
};

/* Holds a reference on the instance until release. */
static int errlog_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		clear_tracing_err_log(tr);

	if (!(file->f_mode & FMODE_READ))
		return 0;

	ret = seq_open(file, &errlog_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = tr;
	return 0;
}

/* Writes only exist so that "echo > error_log" succeeds. */
static ssize_t errlog_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	return count;
}

static int errlog_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	trace_array_put(tr);
	return 0;
}

const struct file_operations tracing_err_log_fops = {
	.open		= errlog_open,
	.read		= seq_read,
	.write		= errlog_write,
	.llseek		= tracing_lseek,
	.release	= errlog_release,
};
