// SPDX-License-Identifier: GPL-2.0
/*
 * The filter files of the event registry: events/SYS/EV/filter, one
 * event's filter in one instance, and events/SYS/filter, the filter of
 * every event of a system (trace_event_filter.c compiles and applies
 * them; this file only moves text between user space and it).
 *
 * A write is one filter expression of less than a page, "0" to clear;
 * a read prints the filter, the error of the last refused one, or
 * "none".  The event file is held from open to release
 * (tracing_open_file_tr()) and looked up again under event_mutex on
 * every access, so a file whose event went away answers -ENODEV; the
 * system file holds its system dir (evreg_system_open()), and the
 * filter code takes event_mutex itself.  Process context only.
 *
 * The registry's directories get the two files through its slots
 * (EVREG_EVENT_FILTER, EVREG_SYSTEM_FILTER), filled at core_initcall.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_seq.h>

#include "events/trace_event.h"
#include "events/trace_event_internal.h"
#include "fs/trace_fs.h"

static char *filter_text_from_user(const char __user *ubuf, size_t cnt)
{
	if (cnt >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	return memdup_user_nul(ubuf, cnt);
}

static int event_filter_fill(void *filp, struct trace_seq *s)
{
	struct trace_event_file *file;

	guard(mutex)(&event_mutex);
	file = event_file_file(filp);
	if (!file)
		return -ENODEV;
	print_event_filter(file, s);
	return 0;
}

static ssize_t event_filter_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return evreg_seq_read(ubuf, cnt, ppos, event_filter_fill, filp);
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	char *text = filter_text_from_user(ubuf, cnt);
	int err = -ENODEV;

	if (IS_ERR(text))
		return PTR_ERR(text);
	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	if (file)
		err = apply_event_filter(file, text);
	mutex_unlock(&event_mutex);
	kfree(text);
	if (err < 0)
		return err;
	*ppos += cnt;
	return cnt;
}

static int system_filter_fill(void *dir, struct trace_seq *s)
{
	print_subsystem_event_filter(((struct trace_subsystem_dir *)dir)->subsystem,
				     s);
	return 0;
}

static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return evreg_seq_read(ubuf, cnt, ppos, system_filter_fill,
			      filp->private_data);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	char *text = filter_text_from_user(ubuf, cnt);
	int err;

	if (IS_ERR(text))
		return PTR_ERR(text);
	err = apply_subsystem_event_filter(filp->private_data, text);
	kfree(text);
	if (err < 0)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations evreg_filter_fops = {
	.open		= tracing_open_file_tr,
	.read		= event_filter_read,
	.write		= event_filter_write,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

static const struct file_operations evreg_system_filter_fops = {
	.open		= evreg_system_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.release	= evreg_system_release,
	.llseek		= default_llseek,
};

/* The calls of the ftrace system (IGNORE_ENABLE) take no filter. */
static bool event_filter_shown(struct trace_event_call *call, void **data)
{
	return !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

static const struct evreg_dir_file event_filter_file = {
	.name	= "filter",
	.mode	= TRACE_MODE_WRITE,
	.fops	= &evreg_filter_fops,
	.shown	= event_filter_shown,
};

static const struct evreg_dir_file system_filter_file = {
	.name	= "filter",
	.mode	= TRACE_MODE_WRITE,
	.fops	= &evreg_system_filter_fops,
};

/*
 * core_initcall: the registry's directories are made from fs_initcall
 * on, with the files registered by then.
 */
static __init int filter_files_init(void)
{
	WARN_ON(evreg_register_event_file(EVREG_EVENT_FILTER,
					  &event_filter_file));
	WARN_ON(evreg_register_system_file(EVREG_SYSTEM_FILTER,
					   &system_filter_file));
	return 0;
}
core_initcall(filter_files_init);
