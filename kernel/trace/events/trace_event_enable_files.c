// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs files that turn events on and off, over the state machine
 * and the matching of trace_event_enable.c:
 *
 *   events/SYS/EV/enable   one event file: reads "0", "1", "0*" or "1*"
 *                          (the table at the top of trace_event_enable.c),
 *                          takes 0 or 1
 *   events/SYS/enable,     every event of a system, or of the instance:
 *   events/enable          reads '0', '1', 'X' (mixed) or '?' (none),
 *                          takes 0 or 1
 *   set_event              the enabled events as "system:event"; takes
 *                          "[!][SYSTEM:]EVENT" words, a truncating open
 *                          turns every event off
 *   available_events       every event users may enable
 *
 * The per-event files hold the event file and its instance while open
 * (tracing_open_file_tr()), the system files the system dir
 * (evreg_system_open()), the list files the instance.  Every change is
 * made under event_mutex, and the list files hold it from a seq_file's
 * start to its stop.  Process context only.
 */
#include <linux/fs.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/trace.h>

#include "instance/trace_array.h"
#include "trace_event.h"
#include "trace_event_internal.h"

/* events/SYS/EV/enable */

/**
 * evreg_enable_text - what an "enable" file reads for a flags word
 * @flags: the event file's flags
 * @text: filled with "0\n", "1\n", "0*\n" or "1*\n" (the table on top)
 *
 * Return: the length of @text.
 */
int evreg_enable_text(unsigned long flags, char text[EVREG_ENABLE_TEXT])
{
	return scnprintf(text, EVREG_ENABLE_TEXT, "%d%s\n",
			 (flags & EVENT_FILE_FL_ENABLED) &&
			 !(flags & EVENT_FILE_FL_SOFT_DISABLED),
			 flags & (EVENT_FILE_FL_SOFT_MODE |
				  EVENT_FILE_FL_SOFT_DISABLED) ? "*" : "");
}

static ssize_t enable_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long flags = 0;
	char text[EVREG_ENABLE_TEXT];
	int len;

	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	if (file)
		flags = file->flags;
	mutex_unlock(&event_mutex);
	if (!file)
		return -ENODEV;

	len = evreg_enable_text(flags, text);
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

static ssize_t enable_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (!ret && val > 1)
		ret = -EINVAL;
	if (ret)
		return ret;

	scoped_guard(mutex, &event_mutex) {
		file = event_file_file(filp);
		if (!file)
			return -ENODEV;
		/* the first event enabled expands a boot-size buffer */
		ret = tracing_update_buffers(file->tr);
		if (!ret)
			ret = evreg_enable(file, val, 0);
	}
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations evreg_enable_fops = {
	.open		= tracing_open_file_tr,
	.read		= enable_read,
	.write		= enable_write,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

/*
 * events/SYS/enable and events/enable: '0' all off, '1' all on, 'X'
 * mixed, '?' no event.  The dir of events/enable has no system.
 */
static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	static const char states[] = "?01X";
	struct trace_subsystem_dir *dir = filp->private_data;
	struct event_subsystem *sys = dir->subsystem;
	struct trace_event_file *file;
	struct trace_event_call *call;
	unsigned int seen = 0;	/* bit 0: some off, bit 1: some on */
	char text[2];

	mutex_lock(&event_mutex);
	list_for_each_entry(file, &dir->tr->events, list) {
		call = file->event_call;
		if (!trace_event_name(call) || !evreg_call_enablable(call))
			continue;
		if (sys && strcmp(call->class->system, sys->name))
			continue;
		seen |= (file->flags & EVENT_FILE_FL_ENABLED) ? 2 : 1;
		if (seen == 3)
			break;
	}
	mutex_unlock(&event_mutex);

	text[0] = states[seen];
	text[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, text, sizeof(text));
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	unsigned long val;
	ssize_t ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (!ret)
		ret = tracing_update_buffers(dir->tr);
	if (ret < 0)
		return ret;
	if (val > 1)
		return -EINVAL;
	/*
	 * The open pinned the system, so its name stays valid; the position
	 * moves even when an event could not be enabled.
	 */
	ret = evreg_set_clr(dir->tr, NULL,
			    dir->subsystem ? dir->subsystem->name : NULL,
			    NULL, val);
	*ppos += cnt;
	return ret ?: cnt;
}

const struct file_operations evreg_system_enable_fops = {
	.open		= evreg_system_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= evreg_system_release,
	.llseek		= default_llseek,
};

const struct file_operations evreg_tr_enable_fops = {
	.open		= evreg_system_tr_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= evreg_system_release,
	.llseek		= default_llseek,
};

/*
 * available_events and set_event: seq_files over an instance's files,
 * under event_mutex from start to stop.  Both print "system:event",
 * events of the ftrace system (not enablable) never appear.
 */
typedef bool (*file_pick_t)(struct trace_event_file *file);

static bool pick_enablable(struct trace_event_file *file)
{
	return evreg_call_enablable(file->event_call);
}

static bool pick_enabled(struct trace_event_file *file)
{
	return file->flags & EVENT_FILE_FL_ENABLED;
}

static void *files_next(struct seq_file *m, struct trace_event_file *file,
			loff_t *pos, file_pick_t pick)
{
	struct trace_array *tr = m->private;

	(*pos)++;
	list_for_each_entry_continue(file, &tr->events, list)
		if (pick(file))
			return file;
	return NULL;
}

static void *files_start(struct seq_file *m, loff_t *pos, file_pick_t pick)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file;
	loff_t i = 0;

	mutex_lock(&event_mutex);
	file = list_entry(&tr->events, struct trace_event_file, list);
	do {
		file = files_next(m, file, &i, pick);
	} while (file && i <= *pos);
	return file;
}

static void *avail_start(struct seq_file *m, loff_t *pos)
{
	return files_start(m, pos, pick_enablable);
}

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	return files_next(m, v, pos, pick_enablable);
}

static void *set_start(struct seq_file *m, loff_t *pos)
{
	return files_start(m, pos, pick_enabled);
}

static void *set_next(struct seq_file *m, void *v, loff_t *pos)
{
	return files_next(m, v, pos, pick_enabled);
}

static void files_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int file_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = v;
	struct trace_event_call *call = file->event_call;

	if (strcmp(call->class->system, EVREG_NO_SYSTEM))
		seq_printf(m, "%s:", call->class->system);
	seq_printf(m, "%s\n", trace_event_name(call));
	return 0;
}

static const struct seq_operations avail_seq_ops = {
	.start	= avail_start,
	.next	= avail_next,
	.show	= file_show,
	.stop	= files_stop,
};

static const struct seq_operations set_seq_ops = {
	.start	= set_start,
	.next	= set_next,
	.show	= file_show,
	.stop	= files_stop,
};

static int files_open(struct inode *inode, struct file *filp,
		      const struct seq_operations *ops)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (!ret)
		ret = seq_open(filp, ops);
	if (!ret)
		((struct seq_file *)filp->private_data)->private =
			inode->i_private;
	return ret;
}

static int avail_open(struct inode *inode, struct file *filp)
{
	return files_open(inode, filp, &avail_seq_ops);
}

const struct file_operations evreg_avail_fops = {
	.open		= avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	/* "echo > set_event" turns everything off */
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		evreg_set_clr(tr, NULL, NULL, NULL, 0);
	ret = files_open(inode, filp, &set_seq_ops);
	if (ret < 0)
		trace_array_put(tr);
	return ret;
}

static int set_event_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

/* One word per write call: "[!][SYSTEM:]EVENT" with globs as above. */
#define SET_EVENT_WORD_MAX	128

static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = m->private;
	struct trace_parser parser;
	ssize_t read, ret;
	bool clear;

	if (!cnt)
		return 0;
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;
	if (trace_parser_get_init(&parser, SET_EVENT_WORD_MAX))
		return -ENOMEM;

	read = trace_get_user(&parser, ubuf, cnt, ppos);
	ret = read;
	if (read >= 0 && trace_parser_loaded(&parser)) {
		clear = parser.buffer[0] == '!';
		ret = ftrace_set_clr_event(tr, parser.buffer + clear, !clear);
		if (!ret)
			ret = read;
	}
	trace_parser_put(&parser);
	return ret;
}

const struct file_operations evreg_set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= set_event_release,
};
