// SPDX-License-Identifier: GPL-2.0
/*
 * trace_text_files.c - "trace" and "trace_pipe", top level and per CPU.
 *
 * "trace" (and per_cpu/cpuN/trace) is a seq_file over a non-consuming
 * iterator (trace_reader.c): reading shows the header, then every
 * record in time order, and leaves the buffer as it was.  Opening it for
 * writing with O_TRUNC empties the buffer (of that CPU); written bytes
 * are accepted and ignored.  The snapshot file (trace_snapshot_files.c)
 * is the same reader over the snapshot buffer
 * (__tracing_open(..., true)).
 *
 * "trace_pipe" (and per_cpu/cpuN/trace_pipe) consumes: a read blocks
 * until there is a record (O_NONBLOCK: -EAGAIN), prints as many whole
 * lines as fit, and removes what it printed.  Several threads may read
 * one open file; they are serialised by iter->mutex, and a line a short
 * read could not take is kept in iter->seq and returned first by the
 * next read.  Only one open file may consume a given CPU: the CPUs an
 * instance's pipes hold are tr->pipe_cpumask (the all-CPU pipe holds
 * every bit), so a second open of an overlapping set gets -EBUSY.
 * Once something was read, a read finding the buffer empty while
 * tracing is off returns 0 (end of file); before that it waits, so
 * "cat trace_pipe" may be started before tracing is.
 *
 * Concurrency:
 *
 *	tr->pipe_cpumask, tr->trace_ref	trace_types_lock
 *	iter->seq, iter->ent, position	iter->mutex (pipe), the seq_file's
 *					lock (trace)
 *	the ring buffer's read side	trace_access_lock(cpu_file),
 *					inside trace_event_read_lock()
 *
 * iter->mutex is dropped while sleeping for data, so a second thread
 * of the same open may consume meanwhile; the waiter then re-checks.
 * Process context only; everything here may sleep.
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/trace.h>
#include <linux/trace_seq.h>

#include "fs/trace_fs.h"
#include "ftrace/ftrace_rec.h"
#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "reader/trace_reader.h"
#include "trace_flags.h"
#include "tracers/trace_tracer.h"
#include "write/trace_write.h"

/* ---- "trace": the seq_file --------------------------------------------- */

/* Step to record number *pos (records are numbered from 1, 0 is the header). */
static void *reader_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	long want = (long)*pos;
	void *at = iter;

	WARN_ON_ONCE(iter->leftover);
	(*pos)++;

	/* A non-consuming walk only goes forward. */
	if (iter->idx > want)
		return NULL;

	if (iter->idx < 0)
		at = trace_find_next_entry_inc(iter);
	while (at && iter->idx < want)
		at = trace_find_next_entry_inc(iter);

	iter->pos = *pos;
	return at;
}

/* Rewind every CPU the iterator reads and walk to *pos again. */
static void *reader_seq_seek(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	void *at = iter;
	loff_t l = 0;
	int cpu;

	iter->ent = NULL;
	iter->cpu = 0;
	iter->idx = -1;
	iter->leftover = 0;

	if (iter->cpu_file == RING_BUFFER_ALL_CPUS) {
		for_each_tracing_cpu(cpu)
			tracing_iter_reset(iter, cpu);
	} else {
		tracing_iter_reset(iter, iter->cpu_file);
	}

	while (at && l < *pos)
		at = reader_seq_next(m, at, &l);
	return at;
}

/* The snapshot reader cannot run while a tracer uses the snapshot buffer. */
static bool reader_seq_refused(struct trace_iterator *iter)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	return iter->snapshot && iter->trace->use_max_tr;
#else
	return false;
#endif
}

/* The tracer changed since the last read: close the old view, open the new. */
static void reader_follow_tracer(struct trace_iterator *iter)
{
	struct tracer *now;

	guard(mutex)(&trace_types_lock);
	now = iter->tr->current_trace;
	if (now == iter->trace)
		return;
	if (iter->trace->close)
		iter->trace->close(iter);
	iter->trace = now;
	if (now->open)
		now->open(iter);
}

static void *reader_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	void *at;

	reader_follow_tracer(iter);
	if (reader_seq_refused(iter))
		return ERR_PTR(-EBUSY);

	if (*pos != iter->pos) {
		at = reader_seq_seek(m, pos);
	} else if (iter->leftover) {
		/* The last line did not fit the seq_file: show it again. */
		at = iter;
	} else {
		loff_t l = *pos - 1;

		at = reader_seq_next(m, NULL, &l);
	}

	trace_event_read_lock();
	trace_access_lock(iter->cpu_file);
	return at;
}

static void reader_seq_stop(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = m->private;

	if (reader_seq_refused(iter))
		return;
	trace_access_unlock(iter->cpu_file);
	trace_event_read_unlock();
}

/* "# tracer: NAME", then the tracer's header, the default one or the snapshot help. */
static void reader_seq_header(struct seq_file *m, struct trace_iterator *iter)
{
	if (iter->tr) {
		seq_printf(m, "# tracer: %s\n#\n", iter->trace->name);
		if (ftrace_is_dead())
			seq_puts(m, "# WARNING: FUNCTION TRACING IS CORRUPTED\n"
				    "#          MAY BE MISSING FUNCTION EVENTS\n");
	}

	if (iter->snapshot && trace_empty(iter))
		reader_print_snapshot_help(m, iter);
	else if (iter->trace && iter->trace->print_header)
		iter->trace->print_header(m);
	else
		trace_default_header(m);
}

static int reader_seq_show(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = v;

	if (!iter->ent) {
		reader_seq_header(m, iter);
		return 0;
	}

	/*
	 * iter->leftover: the seq_file had no room for the text of this
	 * record last time; it is still in iter->seq.
	 */
	if (!iter->leftover &&
	    print_trace_line(iter) == TRACE_TYPE_PARTIAL_LINE) {
		iter->seq.full = 0;
		trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
	}
	iter->leftover = trace_print_seq(m, &iter->seq);
	return 0;
}

static const struct seq_operations reader_seq_ops = {
	.start	= reader_seq_start,
	.next	= reader_seq_next,
	.stop	= reader_seq_stop,
	.show	= reader_seq_show,
};

/**
 * __tracing_open - open a non-consuming reader as the file's seq_file
 * @inode: a "trace" or "snapshot" file (the instance is i_private)
 * @file: the file being opened for reading
 * @snapshot: read the snapshot buffer
 *
 * The caller holds a reference on the instance.  Returns the iterator
 * or an ERR_PTR (-ENODEV: tracing is dead; -ENOMEM).
 */
struct trace_iterator *__tracing_open(struct inode *inode, struct file *file,
				      bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	int ret;

	if (tracing_disabled)
		return ERR_PTR(-ENODEV);

	iter = __seq_open_private(file, &reader_seq_ops, sizeof(*iter));
	if (!iter)
		return ERR_PTR(-ENOMEM);

	mutex_lock(&trace_types_lock);
	ret = reader_iter_setup(iter, tr, reader_file_cpu(inode), snapshot);
	mutex_unlock(&trace_types_lock);
	if (ret) {
		reader_iter_free(iter);
		seq_release_private(inode, file);
		return ERR_PTR(ret);
	}
	return iter;
}

/**
 * tracing_release - close a "trace" or "snapshot" file
 * @inode: its inode
 * @file: the file
 *
 * Drops the reference the open took.  A file opened without read
 * access has no iterator.
 */
int tracing_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct seq_file *m = file->private_data;
	struct trace_iterator *iter;

	if (file->f_mode & FMODE_READ) {
		iter = m->private;
		mutex_lock(&trace_types_lock);
		reader_iter_teardown(iter);
		mutex_unlock(&trace_types_lock);
		reader_iter_free(iter);
		seq_release_private(inode, file);
	}
	trace_array_put(tr);
	return 0;
}

/* Empty one CPU of a buffer once the writers in flight have committed. */
static void reader_clear_cpu(struct array_buffer *buf, int cpu)
{
	if (!buf->buffer)
		return;
	ring_buffer_record_disable(buf->buffer);
	synchronize_rcu();
	ring_buffer_reset_cpu(buf->buffer, cpu);
	ring_buffer_record_enable(buf->buffer);
}

/* "echo > trace": empty what the file shows (a tracer may show the max buffer). */
static void reader_truncate(struct trace_array *tr, int cpu)
{
	struct array_buffer *buf = &tr->array_buffer;

#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->current_trace->print_max)
		buf = &tr->max_buffer;
#endif
	if (cpu != RING_BUFFER_ALL_CPUS) {
		reader_clear_cpu(buf, cpu);
		return;
	}
	/* what a persistent instance kept of the previous boot goes too */
	if (buf == &tr->array_buffer)
		trace_drop_last_boot(tr);
	tracing_reset_online_cpus(buf);
}

static int reader_trace_open(struct inode *inode, struct file *file)
{
	bool wants_trunc = (file->f_mode & FMODE_WRITE) &&
			   (file->f_flags & O_TRUNC);
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	int err = tracing_check_open_get_tr(tr);

	if (err)
		return err;
	if (wants_trunc)
		reader_truncate(tr, reader_file_cpu(inode));
	if (!(file->f_mode & FMODE_READ))
		return 0;

	iter = __tracing_open(inode, file, false);
	if (IS_ERR(iter)) {
		trace_array_put(tr);
		return PTR_ERR(iter);
	}
	if (tr->trace_flags & TRACE_ITER_LATENCY_FMT)
		iter->iter_flags |= TRACE_FILE_LAT_FMT;
	return 0;
}

/* Writes to "trace" only exist for O_TRUNC; the bytes are dropped. */
static ssize_t reader_trace_write(struct file *filp, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	return count;
}

const struct file_operations tracing_fops = {
	.open		= reader_trace_open,
	.read		= seq_read,
	.read_iter	= seq_read_iter,
	.splice_read	= copy_splice_read,
	.write		= reader_trace_write,
	.llseek		= tracing_lseek,
	.release	= tracing_release,
};

/* ---- "trace_pipe": the consuming reader --------------------------------- */

/* Take the CPUs of a pipe in tr->pipe_cpumask; -EBUSY if one is taken. */
static int reader_pipe_claim(struct trace_array *tr, int cpu)
{
	lockdep_assert_held(&trace_types_lock);

	if (cpu != RING_BUFFER_ALL_CPUS)
		return cpumask_test_and_set_cpu(cpu, tr->pipe_cpumask) ? -EBUSY : 0;
	if (!cpumask_empty(tr->pipe_cpumask))
		return -EBUSY;
	cpumask_setall(tr->pipe_cpumask);
	return 0;
}

static void reader_pipe_unclaim(struct trace_array *tr, int cpu)
{
	lockdep_assert_held(&trace_types_lock);

	if (cpu != RING_BUFFER_ALL_CPUS) {
		WARN_ON(!cpumask_test_and_clear_cpu(cpu, tr->pipe_cpumask));
		return;
	}
	WARN_ON(!cpumask_full(tr->pipe_cpumask));
	cpumask_clear(tr->pipe_cpumask);
}

static int reader_pipe_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int cpu = reader_file_cpu(inode);
	struct trace_iterator *iter;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;

	ret = -ENOMEM;
	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!iter)
		goto put;
	mutex_init(&iter->mutex);
	trace_seq_init(&iter->seq);
	if (!alloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto free;
	/* A pipe never marks where a CPU's buffer started. */
	cpumask_setall(iter->started);

	mutex_lock(&trace_types_lock);
	ret = reader_pipe_claim(tr, cpu);
	if (ret) {
		mutex_unlock(&trace_types_lock);
		goto free;
	}
	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = cpu;
	if (tr->trace_flags & TRACE_ITER_LATENCY_FMT)
		iter->iter_flags |= TRACE_FILE_LAT_FMT;
	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	filp->private_data = iter;
	if (iter->trace->pipe_open)
		iter->trace->pipe_open(iter);
	tr->trace_ref++;
	mutex_unlock(&trace_types_lock);

	return nonseekable_open(inode, filp);

free:
	reader_iter_free(iter);
	kfree(iter);
put:
	trace_array_put(tr);
	return ret;
}

static int reader_pipe_release(struct inode *inode, struct file *file)
{
	struct trace_iterator *iter = file->private_data;
	struct trace_array *tr = inode->i_private;

	scoped_guard(mutex, &trace_types_lock) {
		if (iter->trace->pipe_close)
			iter->trace->pipe_close(iter);
		reader_pipe_unclaim(tr, iter->cpu_file);
		tr->trace_ref--;
	}
	trace_array_put(tr);

	reader_iter_free(iter);
	kfree(iter);
	return 0;
}

static __poll_t reader_pipe_poll(struct file *filp, poll_table *pt)
{
	struct trace_iterator *iter = filp->private_data;

	return reader_poll(iter, filp, pt);
}

/*
 * Wait, with iter->mutex held (dropped while asleep), until there is
 * something to read.  Returns 1 to go on (the caller re-checks
 * trace_empty(): end of file), -EAGAIN, or -EINTR.
 */
static int reader_pipe_wait(struct file *filp, struct trace_iterator *iter)
{
	int ret;

	while (trace_empty(iter)) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;

		/* iter->pos is 0 until the first read printed something. */
		if (iter->pos && !tracer_tracing_is_on(iter->tr))
			return 1;

		mutex_unlock(&iter->mutex);
		ret = reader_wait(iter, 0);
		mutex_lock(&iter->mutex);
		if (ret)
			return ret;
	}
	return 1;
}

/*
 * Print and consume records into the empty iter->seq until @cnt bytes
 * are there or the next line does not fit.  A line that alone does not
 * fit the whole seq is consumed and replaced by "[LINE TOO BIG]".
 */
static void reader_pipe_fill(struct trace_iterator *iter, size_t cnt)
{
	struct trace_seq *s = &iter->seq;
	enum print_line_t ret;
	unsigned int before;

	trace_event_read_lock();
	trace_access_lock(iter->cpu_file);
	while (trace_find_next_entry_inc(iter)) {
		before = s->seq.len;
		ret = print_trace_line(iter);
		if (ret == TRACE_TYPE_PARTIAL_LINE) {
			if (before) {
				/* Keep the record for the next read. */
				s->seq.len = before;
				break;
			}
			s->full = 0;
			trace_seq_puts(s, "[LINE TOO BIG]\n");
			trace_consume(iter);
			break;
		}
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		if (trace_seq_used(s) >= cnt)
			break;
		/* Only a printer that ignored an overflow leaves "full" set. */
		WARN_ONCE(s->full, "full flag set for trace type %d",
			  iter->ent->type);
	}
	trace_access_unlock(iter->cpu_file);
	trace_event_read_unlock();
}

/*
 * Copy what iter->seq holds and was not read yet; empty it once all is
 * read.  -EBUSY: it held nothing.
 */
static ssize_t reader_pipe_copy(struct trace_iterator *iter,
				char __user *ubuf, size_t cnt)
{
	ssize_t n = trace_seq_to_user(&iter->seq, ubuf, cnt);

	if (n == -EBUSY || iter->seq.readpos >= trace_seq_used(&iter->seq))
		trace_seq_init(&iter->seq);
	return n;
}

static ssize_t reader_pipe_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_iterator *iter = filp->private_data;
	ssize_t n;

	guard(mutex)(&iter->mutex);

	/* What a short read left of the last lines goes first. */
	n = reader_pipe_copy(iter, ubuf, cnt);
	if (n != -EBUSY)
		return n;

	n = iter->trace->read ? iter->trace->read(iter, filp, ubuf, cnt, ppos) : 0;
	if (n)
		return n;

	cnt = min_t(size_t, cnt, TRACE_SEQ_BUFFER_SIZE - 1);
	/* Records may all print as nothing: then wait for more. */
	do {
		n = reader_pipe_wait(filp, iter);
		if (n <= 0)
			return n;
		if (trace_empty(iter))
			return 0;

		trace_iterator_reset(iter);
		cpumask_clear(iter->started);
		trace_seq_init(&iter->seq);
		reader_pipe_fill(iter, cnt);
		n = reader_pipe_copy(iter, ubuf, cnt);
	} while (n == -EBUSY);
	return n;
}

/*
 * Fill iter->seq (one page) with whole lines of the records from
 * iter->ent on, consuming each, while they fit and @room allows.
 * Returns what is left of @room, 0 when the walk should stop.
 */
static size_t reader_splice_fill(struct trace_iterator *iter, size_t room)
{
	struct trace_seq *s = &iter->seq;
	enum print_line_t ret;
	unsigned int before;
	size_t line;

	for (;;) {
		before = s->seq.len;
		ret = print_trace_line(iter);
		if (trace_seq_has_overflowed(s) ||
		    ret == TRACE_TYPE_PARTIAL_LINE) {
			s->seq.len = before;
			return room;
		}

		line = trace_seq_used(s) - before;
		if (line > room) {
			s->seq.len = before;
			return 0;
		}
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		room -= line;

		if (!trace_find_next_entry_inc(iter)) {
			iter->ent = NULL;
			return 0;
		}
	}
}

/* Copy the unread part of @s into @to, at most @max bytes. */
static ssize_t reader_seq_to_page(struct trace_seq *s, void *to, size_t max)
{
	size_t avail;

	if (trace_seq_used(s) <= s->readpos)
		return -EBUSY;
	avail = min_t(size_t, trace_seq_used(s) - s->readpos, max);
	memcpy(to, s->buffer + s->readpos, avail);
	s->readpos += avail;
	return avail;
}

static void reader_splice_free_page(struct splice_pipe_desc *spd,
				    unsigned int i)
{
	__free_page(spd->pages[i]);
}

/*
 * Fill up to spd->nr_pages_max fresh pages with whole lines, starting
 * at iter->ent, for at most @len bytes.  Returns the pages filled.
 * Caller holds iter->mutex.
 */
static unsigned int reader_splice_pages(struct trace_iterator *iter,
					struct splice_pipe_desc *spd,
					size_t len)
{
	size_t room = len;
	unsigned int n;
	ssize_t got;

	trace_event_read_lock();
	trace_access_lock(iter->cpu_file);
	for (n = 0; room && n < spd->nr_pages_max; n++) {
		struct page *page = alloc_page(GFP_KERNEL);

		if (!page)
			break;
		room = reader_splice_fill(iter, room);
		got = reader_seq_to_page(&iter->seq, page_address(page),
					 min_t(size_t, PAGE_SIZE,
					       trace_seq_used(&iter->seq)));
		trace_seq_init(&iter->seq);
		if (got < 0) {
			__free_page(page);
			break;
		}
		spd->pages[n] = page;
		spd->partial[n] = (struct partial_page){ .len = got };
	}
	trace_access_unlock(iter->cpu_file);
	trace_event_read_unlock();
	return n;
}

static ssize_t reader_pipe_splice(struct file *filp, loff_t *ppos,
				  struct pipe_inode_info *pipe, size_t len,
				  unsigned int flags)
{
	struct trace_iterator *iter = filp->private_data;
	struct page *pages[PIPE_DEF_BUFFERS];
	struct partial_page parts[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.ops		= &default_pipe_buf_ops,
		.spd_release	= reader_splice_free_page,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.partial	= parts,
		.pages		= pages,
	};
	ssize_t ret = 0;

	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;

	mutex_lock(&iter->mutex);
	/* A tracer's own splice answers for good when it returns non-zero. */
	if (iter->trace->splice_read)
		ret = iter->trace->splice_read(iter, filp, ppos, pipe, len,
					       flags);
	if (ret)
		goto unlock;

	ret = reader_pipe_wait(filp, iter);
	if (ret <= 0)
		goto unlock;
	if (!iter->ent && !trace_find_next_entry_inc(iter)) {
		ret = -EFAULT;
		goto unlock;
	}
	spd.nr_pages = reader_splice_pages(iter, &spd, len);
	mutex_unlock(&iter->mutex);

	ret = spd.nr_pages ? splice_to_pipe(pipe, &spd) : 0;
	splice_shrink_spd(&spd);
	return ret;

unlock:
	mutex_unlock(&iter->mutex);
	splice_shrink_spd(&spd);
	return ret;
}

const struct file_operations tracing_pipe_fops = {
	.open		= reader_pipe_open,
	.poll		= reader_pipe_poll,
	.read		= reader_pipe_read,
	.splice_read	= reader_pipe_splice,
	.release	= reader_pipe_release,
};
