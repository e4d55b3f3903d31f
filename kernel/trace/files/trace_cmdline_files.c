// SPDX-License-Identifier: GPL-2.0
/*
 * The files of the saved task names, at the top of the tracing
 * directory only (trace_dir_files.c creates them):
 *
 *   saved_cmdlines       "pid comm" for every slot of the comm cache
 *   saved_cmdlines_size  the number of slots; a write of a number from
 *                        1 to PID_MAX_DEFAULT replaces the cache by an
 *                        empty one of (at least) that size
 *   saved_tgids          "pid tgid" for every pid with a known tgid
 *
 * The caches and their listings are trace_cmdline.c's; these are the
 * tracefs ends of them.  Each refuses to open while tracing is disabled
 * for good (-ENODEV) and under tracefs lockdown (-EPERM), through
 * tracing_check_open_get_tr() without an instance.
 *
 * Context: process.
 */
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/seq_file.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"

static int saved_cmdlines_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	return ret ? ret : seq_open(filp, &trace_saved_cmdlines_seq);
}

const struct file_operations tracing_saved_cmdlines_fops = {
	.open		= saved_cmdlines_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static ssize_t saved_cmdlines_size_read(struct file *filp, char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%u\n", trace_cmdlines_size());
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t saved_cmdlines_size_write(struct file *filp,
					 const char __user *ubuf,
					 size_t cnt, loff_t *ppos)
{
	unsigned long want;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &want);
	if (ret)
		return ret;
	ret = trace_cmdlines_resize(want);
	if (ret)
		return ret;

	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_saved_cmdlines_size_fops = {
	.open		= tracing_open_generic,
	.read		= saved_cmdlines_size_read,
	.write		= saved_cmdlines_size_write,
};

static int saved_tgids_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	return ret ? ret : seq_open(filp, &trace_saved_tgids_seq);
}

const struct file_operations tracing_saved_tgids_fops = {
	.open		= saved_tgids_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};
