// SPDX-License-Identifier: GPL-2.0
/*
 * The max-latency record of an instance: tracing_max_latency, the
 * largest latency a latency tracer saw.  The inotify notification that
 * it changed, which the snapshot swap and the latency tracers raise
 * through latency_fsnotify(), belongs to the swap (trace_snapshot.c);
 * the file sets it up before it appears.
 *
 * tr->max_latency is one word, read and written whole (READ_ONCE(),
 * WRITE_ONCE()) without a lock.  The file holds its instance from open
 * to release and is made with the instance's other files
 * (trace_dir_files.c), in process context.
 */
#include <linux/fs.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "trace_tracer.h"

/*
 * tracing_max_latency: the largest latency a latency tracer saw, in
 * microseconds (kept in nanoseconds; trace_usecs_read() and
 * trace_usecs_from_user() do the units).  Writable, to reset it or to
 * set the bar.
 */
static ssize_t maxlat_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return trace_usecs_read(READ_ONCE(tr->max_latency), ubuf, cnt, ppos);
}

static ssize_t maxlat_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long ns;
	int err = trace_usecs_from_user(ubuf, cnt, &ns);

	if (err)
		return err;
	WRITE_ONCE(tr->max_latency, ns);
	return cnt;
}

static const struct file_operations maxlat_fops = {
	.open		= tracing_open_generic_tr,
	.release	= tracing_release_generic_tr,
	.read		= maxlat_read,
	.write		= maxlat_write,
	.llseek		= generic_file_llseek,
};

void trace_create_maxlat_file(struct trace_array *tr, struct dentry *d_tracer)
{
	struct dentry *d;

	latency_fsnotify_init(tr);
	d = trace_create_file("tracing_max_latency", TRACE_MODE_WRITE,
			      d_tracer, tr, &maxlat_fops);
	/* Pairs with the acquire in latency_fsnotify(). */
	smp_store_release(&tr->d_max_latency, d);
}
