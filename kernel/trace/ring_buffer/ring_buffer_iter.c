// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer iterators: non-consuming reads of one CPU's ring.
 *
 * Contract: an iterator walks the reader's sub-buffer from the reader's
 * offset, then the ring from the head up to the last commit, without
 * consuming anything.  Writers may keep writing meanwhile: records are
 * copied out of the ring, and each copy is checked against the
 * sub-buffer's generation (the packed write word), which a writer bumps
 * before it recycles the sub-buffer.  When a copy may have been
 * overwritten, the iterator jumps to the current head and
 * ring_buffer_iter_dropped() reports it once.  A consuming read of the
 * same CPU (cpu->swaps moves) restarts the iterator at the reader.
 *
 * Every entry point takes cpu->reader_lock, so it may run in any
 * context but NMI; an iterator itself is not shared between threads.
 * While an iterator exists, the ring is not resized (resize_disabled).
 */
#include <linux/export.h>
#include <linux/slab.h>

#include "ring_buffer_internal.h"

struct ring_buffer_iter {
	struct rb_cpu		*cpu;
	struct rb_sbuf		*sb;	/* sub-buffer walked */
	unsigned long		gen;	/* its generation when entered */
	unsigned int		pos;	/* offset of the next record */
	u64			stamp;	/* time at pos */
	unsigned long		swaps;	/* cpu->swaps when positioned */
	bool			missed;
	bool			have;	/* ev holds the record at pos */
	unsigned int		ev_len;
	u64			ev_ts;
	unsigned int		ev_size;
	struct ring_buffer_event *ev;	/* copy of the record at pos */
};

static void rb_iter_enter(struct ring_buffer_iter *it, struct rb_sbuf *sb,
			  unsigned int pos, u64 stamp)
{
	it->sb = sb;
	it->gen = rb_w_gen(rb_w_read(sb));
	/* generation before contents; pairs with smp_wmb() in rb_move_tail() */
	smp_rmb();
	it->pos = pos;
	it->stamp = stamp;
	it->have = false;
}

static void rb_iter_reset_locked(struct ring_buffer_iter *it)
{
	struct rb_cpu *cpu = it->cpu;
	struct rb_sbuf *r = cpu->reader;

	rb_iter_enter(it, r, r->read,
		      r->read ? cpu->read_stamp : r->page->time_stamp);
	it->swaps = cpu->swaps;
}

static bool rb_iter_valid(struct ring_buffer_iter *it)
{
	/* contents before generation; pairs with smp_wmb() in rb_move_tail() */
	smp_rmb();
	return rb_w_gen(rb_w_read(it->sb)) == it->gen;
}

/* What we were walking was recycled: go on from the current head. */
static bool rb_iter_to_head(struct ring_buffer_iter *it)
{
	struct rb_sbuf *head, *prev;

	it->missed = true;
	head = rb_find_head(it->cpu, &prev);
	if (!head)
		return false;
	rb_iter_enter(it, head, 0, head->page->time_stamp);
	return true;
}

static struct ring_buffer_event *rb_iter_peek_locked(struct ring_buffer_iter *it)
{
	struct rb_cpu *cpu = it->cpu;
	struct ring_buffer_event *ev;
	struct rb_sbuf *commit_sb, *next, *prev;
	unsigned int commit, len;
	u32 hdr[2];

	if (it->swaps != cpu->swaps)
		rb_iter_reset_locked(it);
	if (it->have)
		return it->ev;

	for (;;) {
		commit_sb = READ_ONCE(cpu->commit_sb);
		/* pairs with smp_store_release() in rb_publish_commits() */
		smp_rmb();
		commit = rb_commit_of(it->sb);
		/* records after commit; pairs with rb_publish_commits() */
		smp_rmb();
		if (!rb_iter_valid(it)) {
			if (!rb_iter_to_head(it))
				return NULL;
			continue;
		}
		if (it->pos >= commit) {
			if (it->sb == commit_sb)
				return NULL;
			if (it->sb == cpu->reader)
				next = rb_find_head(cpu, &prev);
			else
				next = rb_sb_next(it->sb);
			if (!next)
				return NULL;
			rb_iter_enter(it, next, 0, next->page->time_stamp);
			continue;
		}
		if (!it->pos)
			it->stamp = it->sb->page->time_stamp;
		ev = (struct ring_buffer_event *)&it->sb->page->data[it->pos];
		memcpy(hdr, ev, sizeof(hdr));
		len = rb_rec_len((struct ring_buffer_event *)hdr);
		if (!len || it->pos + len > commit || len > it->ev_size) {
			if (rb_iter_valid(it) &&
			    RB_BROKEN(cpu->buffer, 1))
				return NULL;
			if (!rb_iter_to_head(it))
				return NULL;
			continue;
		}
		memcpy(it->ev, ev, len);
		if (!rb_iter_valid(it)) {
			if (!rb_iter_to_head(it))
				return NULL;
			continue;
		}
		ev = it->ev;
		switch (ev->type_len) {
		case RINGBUF_TYPE_PADDING:
			it->pos += len;
			continue;
		case RINGBUF_TYPE_TIME_EXTEND:
			it->stamp += rb_rec_stamp_value(ev);
			it->pos += len;
			continue;
		case RINGBUF_TYPE_TIME_STAMP:
			it->stamp = rb_abs_from_record(rb_rec_stamp_value(ev),
						       it->stamp);
			it->pos += len;
			continue;
		}
		it->have = true;
		it->ev_len = len;
		it->ev_ts = it->stamp + ev->time_delta;
		return ev;
	}
}

/**
 * ring_buffer_iter_peek - the record at the iterator
 * @iter: the iterator
 * @ts: if not NULL, gets its time
 *
 * Returns a copy valid until the iterator moves, or NULL at the end.
 */
struct ring_buffer_event *
ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts)
{
	struct rb_cpu *cpu = iter->cpu;
	struct ring_buffer_event *ev;
	unsigned long flags;

	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	ev = rb_iter_peek_locked(iter);
	if (ev && ts)
		*ts = iter->ev_ts;
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	return ev;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

/**
 * ring_buffer_iter_advance - step over the record at the iterator
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cpu = iter->cpu;
	unsigned long flags;

	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	if (rb_iter_peek_locked(iter)) {
		iter->pos += iter->ev_len;
		iter->stamp = iter->ev_ts;
		iter->have = false;
	}
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

/**
 * ring_buffer_iter_reset - back to the oldest unread record
 * @iter: the iterator
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cpu = iter->cpu;
	unsigned long flags;

	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	rb_iter_reset_locked(iter);
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

/**
 * ring_buffer_iter_empty - nothing more for the iterator
 * @iter: the iterator
 */
int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	struct rb_cpu *cpu = iter->cpu;
	unsigned long flags;
	bool empty;

	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	empty = !rb_iter_peek_locked(iter);
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	return empty;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

/**
 * ring_buffer_iter_dropped - were records overwritten under the iterator
 * @iter: the iterator
 *
 * Returns true once per loss.
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	bool missed = iter->missed;

	iter->missed = false;
	return missed;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

/**
 * ring_buffer_read_start - start a non-consuming read of a CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 * @flags: allocation flags
 *
 * The ring cannot be resized until ring_buffer_read_finish().
 * Returns the iterator, or NULL (no such CPU, no memory).
 */
struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu_id, gfp_t flags)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct ring_buffer_iter *it;
	unsigned long irqflags;

	if (!cpu)
		return NULL;
	it = kzalloc(sizeof(*it), flags);
	if (!it)
		return NULL;
	it->ev_size = buffer->subbuf_size;
	it->ev = kmalloc(it->ev_size, flags);
	if (!it->ev) {
		kfree(it);
		return NULL;
	}
	it->cpu = cpu;
	atomic_inc(&cpu->resize_disabled);
	raw_spin_lock_irqsave(&cpu->reader_lock, irqflags);
	rb_iter_reset_locked(it);
	raw_spin_unlock_irqrestore(&cpu->reader_lock, irqflags);
	return it;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

/**
 * ring_buffer_read_finish - end a non-consuming read
 * @iter: from ring_buffer_read_start()
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	atomic_dec(&iter->cpu->resize_disabled);
	kfree(iter->ev);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);
