// SPDX-License-Identifier: GPL-2.0
/*
 * trace_raw_files.c - per_cpu/cpuN/trace_pipe_raw and per_cpu/cpuN/stats.
 *
 * trace_pipe_raw hands out the ring buffer's sub-buffers as they are,
 * in the layout events/header_page describes: what trace-cmd, perf and
 * libtraceevent parse.  Three ways to get them:
 *
 *   read()	consumes one sub-buffer into a private copy (info->spare)
 *		and hands it out in pieces of any size; when the buffer is
 *		empty it waits for any record (O_NONBLOCK: -EAGAIN);
 *   splice()	moves whole sub-buffers into a pipe without copying: each
 *		is wrapped in a refcounted struct raw_page_ref, which the
 *		pipe keeps after the file is closed and frees on release.
 *		The offset must be sub-buffer aligned and the length at
 *		least one sub-buffer (else -EINVAL if nothing was read).
 *		An empty buffer waits for buffer_percent of it to fill;
 *   mmap()	maps the CPU's whole buffer and its meta page (the ring
 *		buffer does the work; ioctl TRACE_MMAP_IOCTL_GET_READER
 *		swaps in the next reader sub-buffer).  Mapping and the
 *		snapshot exclude each other: a mapped instance cannot take
 *		a snapshot, an instance using one cannot be mapped (-EBUSY).
 *
 * ioctl(fd, 0) and close (flush) wake the waiters of the file: flush
 * also marks the file closed, so that a read in progress stops waiting.
 * snapshot_raw (trace_snapshot_files.c) is the same file over the
 * snapshot buffer.
 *
 * stats prints the CPU's counters (entries, overruns, bytes, the oldest
 * and the current stamp, dropped and read events).
 *
 * Concurrency:
 *
 *	info->spare, info->read		the file's readers: no lock;
 *					concurrent
 *					read()s of one open file are the
 *					caller's problem (as for any fd)
 *	the ring buffer's read side	trace_access_lock(cpu) around each
 *					read_page
 *	tr->trace_ref			trace_types_lock
 *	tr->mapped, tr->snapshot	tr->snapshot_trigger_lock (a spinlock:
 *					mmap runs under mmap_lock, where
 *					trace_types_lock would invert the order)
 *	iter->closed, iter->wait_index	closed written before the release
 *					increment of wait_index; waiters read
 *					wait_index with acquire, then closed
 *
 * Process context; everything but the vm_ops may sleep.
 */
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/refcount.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/splice.h>
#include <linux/trace.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>
#include <uapi/linux/trace_mmap.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "reader/trace_reader.h"
#include "tracers/trace_tracer.h"

/* The snapshot_raw reader cannot run while a tracer uses the snapshot. */
static bool raw_refused(struct trace_iterator *iter)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	return iter->snapshot && iter->tr->current_trace->use_max_tr;
#else
	return false;
#endif
}

/**
 * tracing_buffers_open - open trace_pipe_raw
 * @inode: a per_cpu/cpuN/trace_pipe_raw (or snapshot_raw) file
 * @filp: the file
 *
 * Takes a reference on the instance and counts the open in
 * tr->trace_ref (a tracer switch is refused while readers exist).
 */
int tracing_buffers_open(struct inode *inode, struct file *filp)
{
	struct ftrace_buffer_info *info = kvzalloc(sizeof(*info), GFP_KERNEL);
	struct trace_array *tr = inode->i_private;
	int err;

	if (!info)
		return -ENOMEM;
	err = tracing_check_open_get_tr(tr);
	if (err) {
		kvfree(info);
		return err;
	}

	/* Nothing held yet: the first read() reads a sub-buffer. */
	info->read = ~0U;
	info->iter.cpu_file = reader_file_cpu(inode);
	info->iter.array_buffer = &tr->array_buffer;
	info->iter.tr = tr;

	scoped_guard(mutex, &trace_types_lock) {
		info->iter.trace = tr->current_trace;
		tr->trace_ref++;
	}
	filp->private_data = info;
	return nonseekable_open(inode, filp);
}

static __poll_t raw_poll(struct file *filp, poll_table *pt)
{
	struct ftrace_buffer_info *info = filp->private_data;

	return reader_poll(&info->iter, filp, pt);
}

/*
 * Consume the next sub-buffer into info->spare, reusing the spare when
 * its size still matches the buffer's sub-buffers.  Returns 0, -ENOMEM,
 * or -ENODATA when there is nothing to read now.
 */
static int raw_take_subbuf(struct ftrace_buffer_info *info, size_t count)
{
	struct trace_iterator *iter = &info->iter;
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	unsigned int want = PAGE_SIZE << ring_buffer_subbuf_order_get(buffer);
	int ret;

	if (ring_buffer_read_page_size(info->spare) != want) {
		ring_buffer_free_read_page(buffer, info->spare_cpu, info->spare);
		info->spare = NULL;
		ret = ring_buffer_alloc_read_page(buffer, iter->cpu_file,
						  &info->spare);
		if (ret)
			return ret;
		info->spare_cpu = iter->cpu_file;
	}
	info->read = ring_buffer_read_page_size(info->spare);

	trace_access_lock(iter->cpu_file);
	ret = ring_buffer_read_page(buffer, info->spare, count,
				    iter->cpu_file, 0);
	trace_access_unlock(iter->cpu_file);
	if (ret < 0)
		return -ENODATA;

	info->read = 0;
	return 0;
}

/**
 * tracing_buffers_read - read() of trace_pipe_raw
 * @filp: the file
 * @ubuf: user buffer
 * @count: its size
 * @ppos: advanced by what was copied
 *
 * Returns the bytes copied (at most what is left of the sub-buffer
 * held), 0 at end of data (tracing off and nothing left, or the file
 * being closed), -EAGAIN, -EINTR, -EFAULT, -ENOMEM, or -EBUSY for a
 * snapshot_raw whose buffer a tracer uses.
 */
ssize_t tracing_buffers_read(struct file *filp, char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct ftrace_buffer_info *info = filp->private_data;
	struct trace_iterator *iter = &info->iter;
	unsigned int held, left;
	void *data;
	int ret;

	if (!count)
		return 0;
	if (raw_refused(iter))
		return -EBUSY;

	while (info->read >= ring_buffer_read_page_size(info->spare)) {
		ret = raw_take_subbuf(info, count);
		if (!ret)
			break;
		if (ret != -ENODATA)
			return ret;
		if (!trace_empty(iter) || iter->closed)
			return 0;
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = reader_wait(iter, 0);
		if (ret)
			return ret;
	}

	held = ring_buffer_read_page_size(info->spare) - info->read;
	if (held > count)
		held = count;
	data = ring_buffer_read_page_data(info->spare);
	left = copy_to_user(ubuf, data + info->read, held);
	if (left == held)
		return -EFAULT;

	held -= left;
	info->read += held;
	*ppos += held;
	return held;
}

/*
 * Wake whoever waits on this file; @closing also makes them stop.  The
 * release increment orders the store to iter->closed before it and
 * pairs with the acquire in reader_woken().
 */
static void raw_wake(struct trace_iterator *iter, bool closing)
{
	if (closing)
		iter->closed = true;
	(void)atomic_fetch_inc_release(&iter->wait_index);
	ring_buffer_wake_waiters(iter->array_buffer->buffer, iter->cpu_file);
}

/* close(): no read of this file may keep waiting. */
static int raw_flush(struct file *file, fl_owner_t id)
{
	raw_wake(&((struct ftrace_buffer_info *)file->private_data)->iter, true);
	return 0;
}

/**
 * tracing_buffers_release - close trace_pipe_raw
 * @inode: its inode
 * @file: the file
 */
int tracing_buffers_release(struct inode *inode, struct file *file)
{
	struct ftrace_buffer_info *info = file->private_data;
	struct trace_iterator *iter = &info->iter;
	struct trace_array *tr = iter->tr;

	mutex_lock(&trace_types_lock);
	tr->trace_ref--;
	mutex_unlock(&trace_types_lock);

	ring_buffer_free_read_page(iter->array_buffer->buffer, info->spare_cpu,
				   info->spare);
	kvfree(info);
	trace_array_put(tr);
	return 0;
}

/*
 * A sub-buffer given to a pipe.  One reference per pipe buffer that
 * points at it (tee() duplicates them); the last one frees the page.
 */
struct raw_page_ref {
	struct trace_buffer		*buffer;
	struct buffer_data_read_page	*rpage;
	int				cpu;
	refcount_t			users;
};

static void raw_ref_put(struct raw_page_ref *ref)
{
	if (!refcount_dec_and_test(&ref->users))
		return;
	ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->rpage);
	kfree(ref);
}

static void raw_pipe_release(struct pipe_inode_info *pipe,
			     struct pipe_buffer *buf)
{
	raw_ref_put((struct raw_page_ref *)buf->private);
	buf->private = 0;
}

static bool raw_pipe_get(struct pipe_inode_info *pipe, struct pipe_buffer *buf)
{
	struct raw_page_ref *ref = (struct raw_page_ref *)buf->private;

	/* Refuse before the count could wrap. */
	if (refcount_read(&ref->users) > INT_MAX / 2)
		return false;
	refcount_inc(&ref->users);
	return true;
}

static const struct pipe_buf_operations raw_pipe_buf_ops = {
	.release	= raw_pipe_release,
	.get		= raw_pipe_get,
};

/* splice_to_pipe() did not take page i: drop it. */
static void raw_spd_release(struct splice_pipe_desc *spd, unsigned int i)
{
	raw_ref_put((struct raw_page_ref *)spd->partial[i].private);
	spd->partial[i].private = 0;
}

/*
 * Read one whole sub-buffer for a pipe.  Returns the reference,
 * ERR_PTR(-ENOMEM), ERR_PTR(-EINVAL) when the position or length does
 * not allow a whole sub-buffer, or NULL when nothing could be read.
 */
static struct raw_page_ref *raw_splice_one(struct trace_iterator *iter,
					   loff_t pos, size_t len)
{
	struct raw_page_ref *ref;
	unsigned int size;

	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	if (!ref)
		return ERR_PTR(-ENOMEM);
	refcount_set(&ref->users, 1);
	ref->buffer = iter->array_buffer->buffer;
	ref->cpu = iter->cpu_file;
	if (ring_buffer_alloc_read_page(ref->buffer, ref->cpu, &ref->rpage)) {
		kfree(ref);
		return ERR_PTR(-ENOMEM);
	}

	size = ring_buffer_read_page_size(ref->rpage);
	if (IS_ALIGNED(pos, size) && len >= size &&
	    ring_buffer_read_page(ref->buffer, ref->rpage, len, ref->cpu, 1) >= 0)
		return ref;

	ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->rpage);
	kfree(ref);
	return (IS_ALIGNED(pos, size) && len >= size) ? NULL : ERR_PTR(-EINVAL);
}

/**
 * tracing_buffers_splice_read - splice() of trace_pipe_raw
 * @file: the file
 * @ppos: position, advanced by each sub-buffer moved
 * @pipe: the pipe
 * @len: bytes asked for
 * @flags: SPLICE_F_*
 *
 * Returns the bytes moved, 0 when woken with tracing off and nothing
 * to move, -EAGAIN, -EINTR, -ENOMEM, -EINVAL (see the top of the file)
 * or -EBUSY (snapshot_raw while a tracer uses the snapshot).
 */
ssize_t tracing_buffers_splice_read(struct file *file, loff_t *ppos,
				    struct pipe_inode_info *pipe, size_t len,
				    unsigned int flags)
{
	struct trace_iterator *iter =
		&((struct ftrace_buffer_info *)file->private_data)->iter;
	struct page *pages[PIPE_DEF_BUFFERS];
	struct partial_page parts[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.ops		= &raw_pipe_buf_ops,
		.spd_release	= raw_spd_release,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.partial	= parts,
		.pages		= pages,
	};
	struct raw_page_ref *ref;
	bool woken = false;
	unsigned int size;
	ssize_t ret;
	int i;

	if (raw_refused(iter))
		return -EBUSY;
	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;

	for (;;) {
		ret = 0;
		trace_access_lock(iter->cpu_file);
		for (i = 0; i < spd.nr_pages_max && len; i++) {
			if (!ring_buffer_entries_cpu(iter->array_buffer->buffer,
						     iter->cpu_file))
				break;
			ref = raw_splice_one(iter, *ppos, len);
			if (IS_ERR_OR_NULL(ref)) {
				/* Only a failure on the first page is an error. */
				if (!i)
					ret = PTR_ERR_OR_ZERO(ref);
				break;
			}
			size = ring_buffer_read_page_size(ref->rpage);
			spd.pages[i] = virt_to_page(ring_buffer_read_page_data(ref->rpage));
			spd.partial[i].offset = 0;
			spd.partial[i].len = size;
			spd.partial[i].private = (unsigned long)ref;
			*ppos += size;
			len -= min_t(size_t, len, size);
		}
		trace_access_unlock(iter->cpu_file);
		spd.nr_pages = i;

		if (i) {
			ret = splice_to_pipe(pipe, &spd);
			break;
		}
		if (ret || woken)
			break;

		ret = -EAGAIN;
		if ((file->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK))
			break;
		ret = reader_wait(iter, iter->snapshot ? 0 :
				  iter->tr->buffer_percent);
		if (ret)
			break;
		/* Tracing off: what is there now is all there will be. */
		if (!tracer_tracing_is_on(iter->tr))
			break;
		/* Collect what woke us, then return even if it is nothing. */
		woken = true;
	}

	splice_shrink_spd(&spd);
	return ret;
}

static long raw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ftrace_buffer_info *info = file->private_data;
	struct trace_iterator *iter = &info->iter;
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	int ret;

	if (cmd == TRACE_MMAP_IOCTL_GET_READER) {
		if (!(file->f_flags & O_NONBLOCK)) {
			ret = ring_buffer_wait(buffer, iter->cpu_file,
					       iter->tr->buffer_percent,
					       NULL, NULL);
			if (ret)
				return ret;
		}
		return ring_buffer_map_get_reader(buffer, iter->cpu_file);
	}
	if (cmd)
		return -ENOTTY;

	/* Command 0 wakes every waiter of this file. */
	mutex_lock(&trace_types_lock);
	raw_wake(iter, false);
	mutex_unlock(&trace_types_lock);
	return 0;
}

#ifdef CONFIG_TRACER_MAX_TRACE
/* Count a mapping; refused while the instance uses a snapshot. */
static int raw_map_get(struct trace_array *tr)
{
	bool first = false;
	int ret = 0;

	spin_lock(&tr->snapshot_trigger_lock);
	if (tr->snapshot || tr->mapped == UINT_MAX)
		ret = -EBUSY;
	else
		first = !tr->mapped++;
	spin_unlock(&tr->snapshot_trigger_lock);

	/*
	 * The snapshot swap tests tr->mapped with preemption off: once a
	 * grace period passed, no swap that missed the count is running.
	 */
	if (first)
		synchronize_rcu();
	return ret;
}

static void raw_map_put(struct trace_array *tr)
{
	spin_lock(&tr->snapshot_trigger_lock);
	if (!WARN_ON(!tr->mapped))
		tr->mapped--;
	spin_unlock(&tr->snapshot_trigger_lock);
}
#else
static int raw_map_get(struct trace_array *tr)
{
	return 0;
}

static void raw_map_put(struct trace_array *tr)
{
}
#endif

/* fork() copies the mapping: count it in the ring buffer too. */
static void raw_vma_open(struct vm_area_struct *vma)
{
	struct ftrace_buffer_info *info = vma->vm_file->private_data;

	ring_buffer_map_dup(info->iter.array_buffer->buffer, info->iter.cpu_file);
}

static void raw_vma_close(struct vm_area_struct *vma)
{
	struct ftrace_buffer_info *info = vma->vm_file->private_data;
	struct trace_iterator *iter = &info->iter;

	WARN_ON(ring_buffer_unmap(iter->array_buffer->buffer, iter->cpu_file));
	raw_map_put(iter->tr);
}

/* The meta page and every sub-buffer go together: no partial unmap. */
static int raw_vma_may_split(struct vm_area_struct *vma, unsigned long addr)
{
	return -EINVAL;
}

static const struct vm_operations_struct raw_vm_ops = {
	.open		= raw_vma_open,
	.close		= raw_vma_close,
	.may_split	= raw_vma_may_split,
};

static int raw_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct ftrace_buffer_info *info = filp->private_data;
	struct trace_iterator *iter = &info->iter;
	int ret;

	/* A buffer kept from the previous boot is not mappable. */
	if (iter->tr->flags & TRACE_ARRAY_FL_BOOT)
		return -ENODEV;

	ret = raw_map_get(iter->tr);
	if (ret)
		return ret;

	ret = ring_buffer_map(iter->array_buffer->buffer, iter->cpu_file, vma);
	if (ret) {
		raw_map_put(iter->tr);
		return ret;
	}
	vma->vm_ops = &raw_vm_ops;
	return 0;
}

const struct file_operations tracing_buffers_fops = {
	.open		= tracing_buffers_open,
	.read		= tracing_buffers_read,
	.poll		= raw_poll,
	.release	= tracing_buffers_release,
	.flush		= raw_flush,
	.splice_read	= tracing_buffers_splice_read,
	.unlocked_ioctl	= raw_ioctl,
	.mmap		= raw_mmap,
};

/* ---- per_cpu/cpuN/stats -------------------------------------------------- */

struct raw_counter {
	const char	*label;
	unsigned long	(*get)(struct trace_buffer *buffer, int cpu);
};

/* Printed before the two stamps, then the last two after them. */
static const struct raw_counter raw_counters[] = {
	{ "entries",		ring_buffer_entries_cpu },
	{ "overrun",		ring_buffer_overrun_cpu },
	{ "commit overrun",	ring_buffer_commit_overrun_cpu },
	{ "bytes",		ring_buffer_bytes_cpu },
	{ "dropped events",	ring_buffer_dropped_events_cpu },
	{ "read events",	ring_buffer_read_events_cpu },
};

#define RAW_COUNTERS_BEFORE_STAMPS	4

static void raw_put_counter(struct trace_seq *s, struct trace_buffer *buffer,
			    int cpu, const struct raw_counter *c)
{
	/* Signed, as user space has always read it. */
	trace_seq_printf(s, "%s: %ld\n", c->label, (long)c->get(buffer, cpu));
}

/* A stamp as seconds.microseconds on a nanosecond clock, else raw. */
static void raw_put_stamp(struct trace_seq *s, const char *label, u64 ts,
			  bool in_ns)
{
	unsigned long usec;

	if (!in_ns) {
		trace_seq_printf(s, "%s: %llu\n", label, ts);
		return;
	}
	ts = ns2usecs(ts);
	usec = do_div(ts, USEC_PER_SEC);
	trace_seq_printf(s, "%s: %5llu.%06lu\n", label, ts, usec);
}

static ssize_t raw_stats_read(struct file *filp, char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	int cpu = reader_file_cpu(inode);
	bool in_ns = trace_clock_in_ns(tr);
	struct trace_seq *s;
	ssize_t ret;
	int i;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);

	for (i = 0; i < ARRAY_SIZE(raw_counters); i++) {
		if (i == RAW_COUNTERS_BEFORE_STAMPS) {
			raw_put_stamp(s, "oldest event ts",
				      ring_buffer_oldest_event_ts(buffer, cpu),
				      in_ns);
			raw_put_stamp(s, "now ts",
				      ring_buffer_time_stamp(buffer), in_ns);
		}
		raw_put_counter(s, buffer, cpu, &raw_counters[i]);
	}

	ret = simple_read_from_buffer(ubuf, count, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

const struct file_operations tracing_stats_fops = {
	.open		= tracing_open_generic_tr,
	.read		= raw_stats_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};
