// SPDX-License-Identifier: GPL-2.0
/*
 * The max-latency record of an instance: tracing_max_latency, the
 * largest latency a latency tracer saw, and the inotify notification
 * that it changed, which the snapshot swap (trace_snapshot.c) and the
 * latency tracers raise through latency_fsnotify().
 *
 * tr->max_latency is one word, read and written whole (READ_ONCE(),
 * WRITE_ONCE()) without a lock.  The file holds its instance from open
 * to release and is made with the instance's other files
 * (trace_dir_files.c), in process context.  The notification may be
 * raised from the scheduler or the idle loop, hence the irq_work and
 * work item below.
 */
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/irq_work.h>
#include <linux/workqueue.h>

#include "trace.h"

#ifdef LATENCY_FS_NOTIFY
/*
 * Every swap, and every new maximum of a latency tracer, tells inotify
 * watchers of tracing_max_latency that it changed.  A swap may run in
 * the scheduler or the idle loop, where queueing work could deadlock on
 * a runqueue lock, so an irq_work queues the work that notifies.  Both
 * are set up before the file's dentry is published (release/acquire on
 * tr->d_max_latency); a swap before that notifies nobody.
 */
static void maxlat_notify_work(struct work_struct *work)
{
	struct trace_array *tr;

	tr = container_of(work, struct trace_array, fsnotify_work);
	fsnotify_inode(d_inode(tr->d_max_latency), FS_MODIFY);
}

static void maxlat_notify_irq_work(struct irq_work *iwork)
{
	struct trace_array *tr;

	tr = container_of(iwork, struct trace_array, fsnotify_irqwork);
	queue_work(system_unbound_wq, &tr->fsnotify_work);
}

void latency_fsnotify(struct trace_array *tr)
{
	/* Pairs with the release in trace_create_maxlat_file(). */
	if (smp_load_acquire(&tr->d_max_latency))
		irq_work_queue(&tr->fsnotify_irqwork);
}

static void maxlat_notify_setup(struct trace_array *tr)
{
	INIT_WORK(&tr->fsnotify_work, maxlat_notify_work);
	init_irq_work(&tr->fsnotify_irqwork, maxlat_notify_irq_work);
}
#else
static void maxlat_notify_setup(struct trace_array *tr) { }
#endif /* LATENCY_FS_NOTIFY */

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

	maxlat_notify_setup(tr);
	d = trace_create_file("tracing_max_latency", TRACE_MODE_WRITE,
			      d_tracer, tr, &maxlat_fops);
	/* Pairs with the acquire in latency_fsnotify(). */
	smp_store_release(&tr->d_max_latency, d);
}
