// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer writer: reserve, commit, discard, time stamps, tail moves.
 *
 * Contract: ring_buffer_lock_reserve() returns a record of the requested
 * payload in the ring of the CPU it runs on, with preemption disabled,
 * or NULL (recording off, no room, recursion, too long).  The caller
 * fills the payload and ends the record with ring_buffer_unlock_commit()
 * or ring_buffer_discard_commit() on the same CPU, which enable
 * preemption again.  Callable from any context, NMI included; never
 * sleeps, never takes a lock.
 *
 * Nesting: a softirq, irq or NMI that interrupts a writer between its
 * reserve and its commit may write records of its own.  They land after
 * the interrupted writer's reservation, which stays intact.  Commits
 * become visible to readers only when the outermost writer of the CPU
 * commits (rb_end_commit()), so a reader never sees a hole.
 *
 * Racing points, all between writers of one CPU (a writer on another CPU
 * never touches this ring; the reader only swaps the head sub-buffer):
 *
 *  A  reserve: cmpxchg on sb->write.  An interrupting writer that
 *     reserved, filled a sub-buffer or recycled it changed the word, so
 *     the interrupted cmpxchg fails and the writer starts again, with a
 *     new time stamp read after the interrupting record, and with
 *     interrupts off: a writer loses A at most once to an interrupt.
 *  B  "no room": cmpxchg sets FULL.  From then on every writer that sees
 *     FULL tries to move the tail (rb_move_tail()); the moves are
 *     idempotent steps ended by a cmpxchg on cpu->tail, and an
 *     interrupted mover finds the tail already moved and just retries.
 *  C  head push (overwrite), three steps on the link into the head:
 *     C0 claims it (cmpxchg adds P to the H link read before), C1 sets
 *     the flag on the link after the head, C2 drops the old link's
 *     flags.  The reader competes for the same link when it swaps the
 *     head out: whoever changes the H link first owns the old head, and
 *     only a claiming writer counts it as overrun.  A writer that
 *     interrupts a claim refuses its record (commit_overrun): the
 *     interrupted writer is moving the tail.  See the table at
 *     RB_LINK_PUSH for who may change a link when.
 *  D  time stamps: cpu->last_end/last_ts name the record written last.
 *     A writer reads the clock first and takes at least last_ts, so
 *     times never go back on a CPU even when an interrupt wrote between
 *     the clock read and the reservation.  A writer whose reservation
 *     starts where last_end points writes a 27-bit delta (or a
 *     TIME_EXTEND); otherwise it interrupted a writer between A and its
 *     update of last_end and writes an absolute TIME_STAMP, which is
 *     always right.
 *  E  commit: the outermost writer copies each sub-buffer's write offset
 *     into its commit field, up to the tail; if an interrupt reserved
 *     meanwhile (cpu->commits moved) it goes round again.
 */
#include <linux/trace_clock.h>
#include <linux/sched/clock.h>
#include <linux/preempt.h>
#include <linux/export.h>

#include "ring_buffer_internal.h"

#if IS_ENABLED(CONFIG_RING_BUFFER_KUNIT_TEST)
/* Set by the KUnit suite only; see rb_test_point(). */
DEFINE_STATIC_KEY_FALSE(rb_test_key);
void (*rb_test_hook)(struct rb_cpu *cpu, enum rb_test_point at);
#endif

u64 rb_clock(struct trace_buffer *buffer)
{
	/*
	 * The default clock, trace_clock_local(), is sched_clock() with
	 * preemption off, which it is here: no call through either.
	 */
	if (likely(buffer->clock == trace_clock_local))
		return sched_clock();
	return buffer->clock();
}

/*
 * E: make everything reserved so far visible, from cpu->commit_sb up to
 * the tail.  Only the outermost writer of the CPU runs this, so every
 * reservation it can see is complete.  An interrupt that reserves
 * meanwhile is caught by rb_end_commit() (cpu->commits moved).
 */
static __always_inline void rb_publish_commits(struct rb_cpu *cpu)
{
	struct rb_sbuf *sb, *tail;

	tail = READ_ONCE(cpu->tail);
	sb = cpu->commit_sb;
	while (unlikely(sb != tail)) {
		/* records before the commit; pairs with rb_reader_sbuf() */
		smp_wmb();
		local_set(&sb->page->commit, rb_w_off(rb_w_read(sb)));
		sb = rb_sb_next(sb);
		/*
		 * The final commit of the sub-buffer left before the reader
		 * can see commit_sb leave it; pairs with the smp_rmb() in
		 * rb_reader_sbuf().
		 */
		smp_store_release(&cpu->commit_sb, sb);
		if (unlikely(cpu->range))
			WRITE_ONCE(cpu->range->commit, sb->id);
	}
	/* records before the commit; pairs with rb_reader_sbuf() */
	smp_wmb();
	local_set(&tail->page->commit, rb_w_off(rb_w_read(tail)));
}

/*
 * A writer leaves (committed, discarded or refused).  Interrupts change
 * cpu->depth only in pairs, so it reads the same before and after one,
 * and plain stores suffice.  An interrupt that reserved and committed
 * while the outermost writer published saw depth > 1 and left the
 * publishing to it: cpu->commits moved, and it publishes again.
 */
static __always_inline void rb_end_commit(struct rb_cpu *cpu)
{
	unsigned long seen;

	if (cpu->depth != 1) {
		cpu->depth--;
		return;
	}
	for (;;) {
		seen = local_read(&cpu->commits);
		barrier();
		rb_publish_commits(cpu);
		barrier();
		cpu->depth = 0;
		barrier();
		if (likely(local_read(&cpu->commits) == seen))
			return;
		cpu->depth = 1;
		barrier();
	}
}

/*
 * C: the tail reached the head in overwrite mode.  @link is @sb's link
 * as read, naming @next with the HEAD flag.  Returns true when we pushed
 * the head out of the ring, false when the link changed meanwhile (the
 * reader took @next, or an interrupting writer pushed it): read it again.
 *
 * Without the claim, C1 would run on whatever @next's link held when it
 * was read.  An interrupt that pushed @next, filled it and pushed the
 * sub-buffer after it (or a reader that swapped @next out and back in)
 * leaves that link with the same value, so C1 would plant a second H in
 * the middle of the data; the reader would then take the sub-buffer
 * after it, possibly one whose records are not published yet, and
 * recycle it.
 */
static bool rb_push_head(struct rb_cpu *cpu, struct rb_sbuf *sb,
			 struct rb_sbuf *next, unsigned long link)
{
	unsigned long nlink;
	u64 w;

	/* C0: claim; fails if anybody moved the head since @link was read */
	if (atomic_long_cmpxchg(&sb->link, link, link | RB_LINK_PUSH) != link)
		return false;
	rb_test_point(cpu, RB_TP_PUSH_C1);
	/*
	 * C1: the sub-buffer after @next becomes the head.  @next's link
	 * cannot change between this read and the cmpxchg: the reader
	 * cannot take @next while we hold the claim, and it only changes a
	 * link that carries H (which this one does not, or we skip C1).
	 */
	nlink = atomic_long_read(&next->link);
	if (!(nlink & RB_LINK_HEAD))
		atomic_long_cmpxchg(&next->link, nlink, nlink | RB_LINK_HEAD);
	/*
	 * Read what @next holds before C2: once C2 succeeds, an interrupt
	 * may recycle @next and write into it.  Until C2, nobody writes
	 * into @next (it is neither the tail nor the reader's).
	 */
	w = rb_w_read(next);
	rb_test_point(cpu, RB_TP_PUSH_C2);
	/* C2: the old head leaves the ring; only we change a claimed link */
	if (RB_BROKEN(cpu->buffer,
		      atomic_long_cmpxchg(&sb->link, link | RB_LINK_PUSH,
					  (unsigned long)next) !=
		      (link | RB_LINK_PUSH)))
		return false;
	local_add(rb_w_records(w), &cpu->overrun);
	local_add(rb_w_off(w), &cpu->overrun_bytes);
	local_inc(&cpu->pages_lost);
	if (unlikely(cpu->range))
		WRITE_ONCE(cpu->range->head, rb_link_next(nlink)->id);
	return true;
}

/*
 * B: move the tail off @sb, which is FULL.  Returns 0 when the tail has
 * moved (by us or by an interrupt), or a negative errno when the record
 * must be dropped (counted here).
 */
static __always_inline int rb_move_tail(struct trace_buffer *buffer,
					struct rb_cpu *cpu, struct rb_sbuf *sb)
{
	struct rb_sbuf *next, *csb;
	unsigned long link;
	u64 w;

	for (;;) {
		if (READ_ONCE(cpu->tail) != sb)
			return 0;
		link = atomic_long_read(&sb->link);
		next = rb_link_next(link);
		/*
		 * A whole lap of uncommitted records: cannot overwrite them.
		 * When commit_sb is the reader's sub-buffer (outside the
		 * ring), the lap ends where writers entered the ring, at its
		 * link: rb_publish_commits() walks from commit_sb along the
		 * links and would skip every sub-buffer of a second lap.
		 */
		csb = READ_ONCE(cpu->commit_sb);
		if (unlikely(next == csb ||
			     (sb != csb && next == rb_sb_next(csb)))) {
			local_inc(&cpu->commit_overrun);
			return -EBUSY;
		}
		/* we interrupted a writer of this CPU between C0 and C2 */
		if (unlikely(link & RB_LINK_PUSH)) {
			local_inc(&cpu->commit_overrun);
			return -EBUSY;
		}
		if (link & RB_LINK_HEAD) {
			if (!(buffer->flags & RB_FL_OVERWRITE)) {
				local_inc(&cpu->dropped_events);
				return -ENOSPC;
			}
			rb_test_point(cpu, RB_TP_PUSH);
			if (!rb_push_head(cpu, sb, next, link))
				continue;
		}
		w = rb_w_read(next);
		if (READ_ONCE(cpu->tail) != sb)
			return 0;
		if (rb_w_cmpxchg(next, w, rb_w_recycled(w)) != w)
			continue;
		local_set(&next->page->commit, 0);
		/*
		 * The new generation before any record in it; pairs with the
		 * generation check of iterators (rb_iter_valid()).
		 */
		smp_wmb();
		if (cmpxchg_local(&cpu->tail, sb, next) == sb)
			local_inc(&cpu->pages_touched);
		return 0;
	}
}

static __always_inline void rb_put_stamp(struct ring_buffer_event *ev,
					 unsigned int type, u64 value)
{
	ev->type_len = type;
	ev->time_delta = value & RB_DELTA_MAX;
	ev->array[0] = value >> RB_DELTA_BITS;
}

/*
 * The time stamp a record reserved at @off of @sb needs: none for the
 * first record of a sub-buffer (it takes the sub-buffer's time), a
 * delta in the header, a TIME_EXTEND or an absolute TIME_STAMP (D).
 * @ts is raised to the last time written, so times never go back.
 */
static __always_inline unsigned int
rb_stamp_for(struct trace_buffer *buffer, struct rb_cpu *cpu,
	     struct rb_sbuf *sb, unsigned int off, u64 *ts, u64 *delta)
{
	unsigned long end;
	u64 prev;

	/* D: read the pair in the order opposite to its update */
	end = READ_ONCE(cpu->last_end);
	barrier();
	prev = cpu->last_ts;
	/*
	 * Where long has 32 bits, last_ts is stored in two halves: a
	 * writer interrupted in the middle of its update left last_end 0,
	 * and its time is not ours to read (nor above ours).
	 */
	if (unlikely(*ts < prev) && (BITS_PER_LONG == 64 || end))
		*ts = prev;
	*delta = 0;
	if (!off)
		return 0;
	if (unlikely(end != (unsigned long)&sb->page->data[off] ||
		     buffer->time_stamp_abs))
		return RINGBUF_TYPE_TIME_STAMP;
	*delta = *ts - prev;
	if (unlikely(*delta > RB_DELTA_MAX))
		return RINGBUF_TYPE_TIME_EXTEND;
	return 0;
}

/*
 * [off, off + len) of @sb is ours (A succeeded): update the time stamp
 * pair, write the stamp record if any and the data record's header, and
 * note the reservation in @rec.
 */
static __always_inline struct ring_buffer_event *
rb_fill(struct rb_cpu *cpu, struct rb_nest_rec *rec, struct rb_sbuf *sb,
	unsigned int off, unsigned int len, unsigned int dlen,
	unsigned int stamp, u64 ts, u64 delta)
{
	unsigned char *data = sb->page->data;
	struct ring_buffer_event *ev;

	if (!off)
		sb->page->time_stamp = ts;
	WRITE_ONCE(cpu->last_end, 0);
	barrier();
	cpu->last_ts = ts;
	barrier();
	WRITE_ONCE(cpu->last_end, (unsigned long)&data[off + len]);

	ev = (struct ring_buffer_event *)&data[off];
	if (stamp) {
		rb_put_stamp(ev, stamp, stamp == RINGBUF_TYPE_TIME_STAMP ?
			     ts & RB_ABS_MASK : delta);
		ev = (void *)ev + RB_STAMP_LEN;
		delta = 0;
	}
	if (dlen - RB_HDR > RB_SMALL_MAX) {
		ev->type_len = 0;
		ev->array[0] = dlen - RB_HDR;
	} else {
		ev->type_len = (dlen - RB_HDR) / RB_ALIGN;
	}
	ev->time_delta = delta;
	local_add(len, &cpu->entries_bytes);

	rec->event = ev;
	rec->sb = sb;
	rec->start = off;
	rec->len = len;
	rec->ts = ts;
	return ev;
}

/*
 * Every case of a reservation but the common one, which found the tail
 * @sb with write word @w and either no room in it (B) or, when @lost,
 * lost A to an interrupt.  @ts was read before the reservation began.
 * Refusals end the writer here.
 *
 * A writer that lost A runs the rest with interrupts off (NMIs aside).
 * Otherwise a storm of interrupt writers, one landing in every window
 * between reading the write word and A, would starve it for good: it
 * would retry for as long as the storm lasts.
 */
static noinline struct ring_buffer_event *
rb_reserve_slow(struct trace_buffer *buffer, struct rb_cpu *cpu,
		struct rb_nest_rec *rec, unsigned int dlen, u64 ts,
		struct rb_sbuf *sb, u64 w, bool lost)
{
	struct ring_buffer_event *ev = NULL;
	unsigned long flags = 0;
	unsigned int off, len, stamp;
	bool irqs_off = false;
	u64 delta;

	if (lost)
		goto lost;
	for (;;) {
		/* B: no room in @sb as read in @w, or @sb is FULL already */
		if (!(w & RB_W_FULL) &&
		    rb_w_cmpxchg(sb, w, w | RB_W_FULL) != w)
			goto look;
		if (rb_move_tail(buffer, cpu, sb))
			break;
		goto look;
lost:
		if (!irqs_off) {
			local_irq_save(flags);
			irqs_off = true;
		}
		/* the clock after the interrupting record */
		ts = rb_clock(buffer);
look:
		sb = READ_ONCE(cpu->tail);
		w = rb_w_read(sb);
		if (unlikely(w & RB_W_FULL))
			continue;
		off = rb_w_off(w);
		stamp = rb_stamp_for(buffer, cpu, sb, off, &ts, &delta);
		len = dlen + (stamp ? RB_STAMP_LEN : 0);
		if (off + len > buffer->subbuf_size)
			continue;
		rb_test_point(cpu, RB_TP_WINDOW);
		/* A */
		if (rb_w_cmpxchg(sb, w, w + len + RB_W_REC_ONE) == w) {
			ev = rb_fill(cpu, rec, sb, off, len, dlen, stamp, ts,
				     delta);
			break;
		}
		goto lost;
	}
	if (irqs_off)
		local_irq_restore(flags);
	if (ev)
		return ev;
	rb_end_commit(cpu);
	preempt_enable_notrace();
	return NULL;
}

/**
 * ring_buffer_lock_reserve - reserve a record in this CPU's ring
 * @buffer: the buffer
 * @length: payload bytes
 *
 * Returns the record, whose payload is ring_buffer_event_data(), with
 * preemption disabled until the matching ring_buffer_unlock_commit() or
 * ring_buffer_discard_commit().  Returns NULL, preemption unchanged,
 * when recording is off, the record is longer than
 * ring_buffer_max_event_size(), there is no room (counted in
 * dropped_events or commit_overrun) or the same context is already
 * writing into this buffer.
 *
 * The common case, room in the tail sub-buffer and no interrupt, runs
 * here with no call but the clock's, read first so that little is live
 * across it; everything else is rb_reserve_slow().
 */
struct ring_buffer_event *
ring_buffer_lock_reserve(struct trace_buffer *buffer, unsigned long length)
{
	unsigned int depth, key, dlen, off, len, stamp;
	struct rb_nest_rec *rec;
	struct rb_cpu *cpu;
	struct rb_sbuf *sb;
	u64 w, ts, delta;
	int cpu_id;

	preempt_disable_notrace();
	if (unlikely(atomic_read(&buffer->record_disabled)))
		goto out;
	ts = rb_clock(buffer);
	cpu_id = raw_smp_processor_id();
	if (unlikely(!cpumask_test_cpu(cpu_id, buffer->cpumask)))
		goto out;
	cpu = buffer->buffers[cpu_id];
	if (unlikely(atomic_read(&cpu->record_disabled)))
		goto out;
	if (unlikely(length > buffer->max_data_size))
		goto out;
	depth = cpu->depth;
	key = rb_ctx_key(cpu);
	if (unlikely(depth >= 2)) {
		if (unlikely(depth >= RB_MAX_NEST))
			goto out;
		if (unlikely(rb_ctx_refused(cpu, depth, key)))
			goto out;
	}
	/*
	 * In before the key: an interrupt arriving in between takes the
	 * next slot and leaves ours alone.  From here on, a writer that
	 * interrupts us does not publish commits (rb_end_commit()).
	 */
	cpu->depth = depth + 1;
	barrier();
	rec = &cpu->nest[depth];
	rec->key = key;
	local_inc(&cpu->commits);
	dlen = rb_data_rec_len(length);

	sb = READ_ONCE(cpu->tail);
	w = rb_w_read(sb);
	if (unlikely(w & RB_W_FULL))
		goto no_room;
	off = rb_w_off(w);
	stamp = rb_stamp_for(buffer, cpu, sb, off, &ts, &delta);
	len = dlen + (stamp ? RB_STAMP_LEN : 0);
	if (unlikely(off + len > buffer->subbuf_size))
		goto no_room;
	rb_test_point(cpu, RB_TP_WINDOW);
	/* A */
	if (likely(rb_w_cmpxchg(sb, w, w + len + RB_W_REC_ONE) == w))
		return rb_fill(cpu, rec, sb, off, len, dlen, stamp, ts, delta);
	return rb_reserve_slow(buffer, cpu, rec, dlen, ts, sb, w, true);
no_room:
	return rb_reserve_slow(buffer, cpu, rec, dlen, ts, sb, w, false);
out:
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/**
 * ring_buffer_unlock_commit - make the record reserved last visible
 * @buffer: the buffer ring_buffer_lock_reserve() was called on
 *
 * Must run on the CPU of the reservation (preemption is still off).
 * Re-enables preemption.  Returns 0.
 */
int ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *cpu = buffer->buffers[raw_smp_processor_id()];

	local_inc(&cpu->entries);
	rb_end_commit(cpu);
	rb_wake_writers_done(buffer, cpu);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

/*
 * A discarded record that cannot be given back becomes records a reader
 * skips, keeping its time delta: a TIME_EXTEND carrying the delta, then
 * padding (data records are never 12 bytes, so the rest is 0 or >= 8).
 */
static void rb_discard_in_place(struct ring_buffer_event *ev)
{
	unsigned int len = rb_rec_len(ev);
	u32 delta = ev->time_delta;

	if (delta) {
		rb_put_stamp(ev, RINGBUF_TYPE_TIME_EXTEND, delta);
		ev = (void *)ev + RB_STAMP_LEN;
		len -= RB_STAMP_LEN;
		if (!len)
			return;
	}
	ev->type_len = RINGBUF_TYPE_PADDING;
	ev->time_delta = 1;	/* not a null padding */
	ev->array[0] = len - RB_HDR;
}

/**
 * ring_buffer_discard_commit - drop the record reserved last
 * @buffer: the buffer
 * @event: the record ring_buffer_lock_reserve() returned
 *
 * Use instead of ring_buffer_unlock_commit(), never after it.  When no
 * record was reserved after @event its space is reused; otherwise it
 * stays in the ring as padding that readers skip.  A discarded record
 * is not counted anywhere.  Re-enables preemption.
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event)
{
	struct rb_cpu *cpu = buffer->buffers[raw_smp_processor_id()];
	struct rb_nest_rec *rec = &cpu->nest[cpu->depth - 1];
	struct ring_buffer_event *first;
	struct rb_sbuf *sb = rec->sb;
	u64 w;

	if (RB_BROKEN(buffer, rec->event != event))
		goto out;
	local_sub(rec->len, &cpu->entries_bytes);

	w = rb_w_read(sb);
	if (READ_ONCE(cpu->tail) == sb && !(w & RB_W_FULL) &&
	    rb_w_off(w) == rec->start + rec->len &&
	    rb_w_cmpxchg(sb, w, w - rec->len - RB_W_REC_ONE) == w) {
		/*
		 * Given back.  Nothing was reserved after us, so the time
		 * stamp pair is still ours: restore the one before us when
		 * our record was a delta from it.
		 */
		first = (struct ring_buffer_event *)&sb->page->data[rec->start];
		WRITE_ONCE(cpu->last_end, 0);
		if (rec->start && first->type_len != RINGBUF_TYPE_TIME_STAMP) {
			barrier();
			cpu->last_ts = rec->ts -
				(first->type_len == RINGBUF_TYPE_TIME_EXTEND ?
				 rb_rec_stamp_value(first) : first->time_delta);
			barrier();
			WRITE_ONCE(cpu->last_end, (unsigned long)first);
		}
		goto out;
	}
	rb_discard_in_place(event);
	local64_sub(RB_W_REC_ONE, &sb->write);
out:
	rb_end_commit(cpu);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

/**
 * ring_buffer_write - reserve, copy and commit one record
 * @buffer: the buffer
 * @length: payload bytes
 * @data: payload
 *
 * Returns 0, or -EBUSY when ring_buffer_lock_reserve() would return NULL.
 */
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(buffer, length);
	if (!ev)
		return -EBUSY;
	memcpy(ring_buffer_event_data(ev), data, length);
	ring_buffer_unlock_commit(buffer);
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/**
 * ring_buffer_nest_start - allow writing inside a reserved record
 * @buffer: the buffer
 *
 * A writer holding a reservation in one buffer that must write into
 * another buffer from the same context (or the same one) calls this
 * first and ring_buffer_nest_end() after; the recursion guard then
 * treats the inner write as a new level.  Disables preemption.
 */
void ring_buffer_nest_start(struct trace_buffer *buffer)
{
	int cpu_id;

	preempt_disable_notrace();
	cpu_id = raw_smp_processor_id();
	if (cpumask_test_cpu(cpu_id, buffer->cpumask) &&
	    !WARN_ON_ONCE(buffer->buffers[cpu_id]->nest_level >=
			  RB_NEST_LEVEL_MAX))
		buffer->buffers[cpu_id]->nest_level++;
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_start);

/**
 * ring_buffer_nest_end - end a ring_buffer_nest_start() section
 * @buffer: the buffer
 *
 * Re-enables preemption.
 */
void ring_buffer_nest_end(struct trace_buffer *buffer)
{
	int cpu_id = raw_smp_processor_id();

	if (cpumask_test_cpu(cpu_id, buffer->cpumask) &&
	    !WARN_ON_ONCE(!buffer->buffers[cpu_id]->nest_level))
		buffer->buffers[cpu_id]->nest_level--;
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_end);

/**
 * ring_buffer_event_time_stamp - time of a record being written
 * @buffer: the buffer
 * @event: a record reserved on this CPU and not yet committed
 *
 * Returns the time the writer stamped @event with; for any other record
 * (one copied out of the ring, say) the current time of the buffer's
 * clock.
 */
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	int cpu_id = raw_smp_processor_id();
	struct rb_cpu *cpu;
	int i;

	if (cpumask_test_cpu(cpu_id, buffer->cpumask)) {
		cpu = buffer->buffers[cpu_id];
		for (i = (int)cpu->depth - 1; i >= 0; i--)
			if (cpu->nest[i].event == event)
				return cpu->nest[i].ts;
	}
	return rb_clock(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);

/**
 * ring_buffer_time_stamp - the buffer's clock now
 * @buffer: the buffer
 */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 t;

	preempt_disable_notrace();
	t = rb_clock(buffer);
	preempt_enable_notrace();
	return t;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

/**
 * ring_buffer_normalize_time_stamp - convert a stamp for output
 * @buffer: the buffer
 * @cpu: its CPU
 * @ts: in/out
 *
 * Stamps are stored as the clock returned them: nothing to do.
 */
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);
