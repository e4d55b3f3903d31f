// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer consuming reader: the reader sub-buffer swap, peek and
 * consume, and whole sub-buffers for trace_pipe_raw (read_page).
 *
 * Contract: every function here takes cpu->reader_lock (a raw spinlock,
 * interrupts off; in NMI only a trylock) and may be called from any
 * context but never waits for a writer, except for the few instructions
 * of a head push running on another CPU.  Readers of one CPU ring
 * serialise on the lock; readers of different CPUs do not interact.
 *
 * The swap (rb_swap_reader()): the reader owns one sub-buffer outside
 * the ring.  When it has read all of it and the writers' commits have
 * left it, it recycles it and puts it into the ring in place of the
 * head, taking the head out:
 *
 *      prev --H--> head ----> next            prev ----> R --H--> next
 *                                     ==>
 *      R (reader's, read)                     head (now the reader's)
 *
 * R's link gets the flag first; then one cmpxchg on prev's link, which
 * a writer pushing the head competes for (see ring_buffer_write.c, C0).
 * While a writer on another CPU holds its claim (RB_LINK_PUSH) the
 * reader waits the few instructions until C2, within a bound; if the
 * claim belongs to the context this reader interrupted, or the bound is
 * reached, it gives up and the ring looks empty for this call.
 * The head may be the sub-buffer writers are filling: the writers keep
 * filling it outside the ring and leave it through its own link.
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/gfp.h>

#include "ring_buffer_internal.h"

static __always_inline bool rb_lock(struct rb_cpu *cpu, unsigned long *flags)
{
	if (likely(!in_nmi())) {
		raw_spin_lock_irqsave(&cpu->reader_lock, *flags);
		return true;
	}
	local_irq_save(*flags);
	if (raw_spin_trylock(&cpu->reader_lock))
		return true;
	local_irq_restore(*flags);
	return false;
}

static __always_inline void rb_unlock(struct rb_cpu *cpu, unsigned long flags)
{
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
}

/*
 * The head and, in *@prevp, the sub-buffer whose link carries its flag:
 * the first flagged link walking from cpu->head_hint.  Under reader_lock
 * (or with writers quiesced).  NULL, and the buffer off, when no link of
 * the ring has the flag.
 */
struct rb_sbuf *rb_find_head(struct rb_cpu *cpu, struct rb_sbuf **prevp)
{
	struct rb_sbuf *p = cpu->head_hint;
	unsigned long link, i;

	/* two laps: a push may move the flag ahead of us once or twice */
	for (i = 0; i < 2 * (cpu->nr_pages + 1); i++) {
		link = atomic_long_read(&p->link);
		if (link & RB_LINK_HEAD) {
			*prevp = p;
			return rb_link_next(link);
		}
		p = rb_link_next(link);
	}
	RB_BROKEN(cpu->buffer, 1);
	return NULL;
}

/* cpu_relax() rounds a reader waits for a writer's claim to go */
#define RB_CLAIM_WAIT	10000

static bool rb_swap_reader(struct rb_cpu *cpu)
{
	struct rb_sbuf *r = cpu->reader, *prev, *head;
	unsigned long link, old, overrun;
	int tries = 0, waits = 0;

	r->read = 0;
	rb_w_set(r, rb_w_recycled(rb_w_read(r)));
	local_set(&r->page->commit, 0);

	while (tries < 100) {
		head = rb_find_head(cpu, &prev);
		if (!head)
			return false;
		link = (unsigned long)head | RB_LINK_HEAD;
		atomic_long_set(&r->link, (atomic_long_read(&head->link) &
					   ~RB_LINK_FLAGS) | RB_LINK_HEAD);
		/* R's link before R is reachable; the cmpxchg orders it */
		old = atomic_long_cmpxchg(&prev->link, link, (unsigned long)r);
		if (old == link)
			goto swapped;
		cpu_relax();
		if (old != (link | RB_LINK_PUSH)) {
			tries++;	/* the head moved: find it again */
			continue;
		}
		/*
		 * A writer claimed the head (C0) and drops the claim a few
		 * instructions later (C2), unless it is the context we
		 * interrupted on this CPU.  Wait a little, never long: with
		 * nothing swapped in, the ring just looks empty for now.
		 */
		if (cpu->cpu == raw_smp_processor_id() ||
		    ++waits > RB_CLAIM_WAIT)
			return false;
	}
	RB_BROKEN(cpu->buffer, tries == 100);
	return false;

swapped:
	cpu->reader = head;
	cpu->head_hint = r;
	cpu->swaps++;
	cpu->pages_read++;
	head->read = 0;
	overrun = local_read(&cpu->overrun);
	cpu->lost_events += overrun - cpu->last_overrun;
	cpu->last_overrun = overrun;
	if (cpu->range)
		rb_range_swapped(cpu, prev, r);
	rb_update_meta(cpu);
	return true;
}

/*
 * The reader's sub-buffer if it has something left to read, after a swap
 * if needed; NULL when the ring is empty.  Under reader_lock.
 */
struct rb_sbuf *rb_reader_sbuf(struct rb_cpu *cpu)
{
	unsigned long tries;
	struct rb_sbuf *r;

	for (tries = 0; tries < cpu->nr_pages + 2; tries++) {
		r = cpu->reader;
		if (r->read < rb_commit_of(r))
			goto found;
		if (READ_ONCE(cpu->commit_sb) == r)
			return NULL;
		/* commit_sb left r: r's last commit is visible (pairs with
		 * smp_store_release() in rb_publish_commits())
		 */
		smp_rmb();
		if (r->read < rb_commit_of(r))
			goto found;
		if (cpu->mapped)
			return NULL;	/* the user swaps with the ioctl */
		if (!rb_swap_reader(cpu))
			return NULL;
	}
	return NULL;

found:
	/* records up to commit; pairs with smp_wmb() in rb_publish_commits() */
	smp_rmb();
	if (!r->read)
		cpu->read_stamp = r->page->time_stamp;
	return r;
}

/*
 * The next data record for the reader, applying and skipping time stamp
 * and padding records.  Under reader_lock.
 */
static struct ring_buffer_event *
rb_peek_locked(struct rb_cpu *cpu, u64 *ts, unsigned long *lost)
{
	struct ring_buffer_event *ev;
	struct rb_sbuf *r;
	unsigned int len;

	for (;;) {
		r = rb_reader_sbuf(cpu);
		if (!r)
			return NULL;
		ev = (struct ring_buffer_event *)&r->page->data[r->read];
		len = rb_rec_len(ev);
		if (RB_BROKEN(cpu->buffer,
			      !len || r->read + len > rb_commit_of(r)))
			return NULL;
		switch (ev->type_len) {
		case RINGBUF_TYPE_PADDING:
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			cpu->read_stamp += rb_rec_stamp_value(ev);
			break;
		case RINGBUF_TYPE_TIME_STAMP:
			cpu->read_stamp =
				rb_abs_from_record(rb_rec_stamp_value(ev),
						   cpu->read_stamp);
			break;
		default:
			if (ts)
				*ts = cpu->read_stamp + ev->time_delta;
			if (lost)
				*lost = cpu->lost_events;
			return ev;
		}
		r->read += len;
		cpu->read_bytes += len;
	}
}

static void rb_advance_locked(struct rb_cpu *cpu, struct ring_buffer_event *ev)
{
	unsigned int len = rb_rec_len(ev);

	cpu->reader->read += len;
	cpu->read_stamp += ev->time_delta;
	cpu->read++;
	cpu->read_bytes += len;
	cpu->lost_events = 0;
	rb_update_meta(cpu);
}

/**
 * ring_buffer_peek - the next record of a CPU, without consuming it
 * @buffer: the buffer
 * @cpu_id: the CPU
 * @ts: if not NULL, gets the record's time
 * @lost_events: if not NULL, gets the records lost just before it
 *
 * The record stays valid until the next consuming read of this CPU.
 * Returns NULL when the CPU's ring is empty.
 */
struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu_id, u64 *ts,
		 unsigned long *lost_events)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct ring_buffer_event *ev;
	unsigned long flags;

	if (!cpu || !rb_lock(cpu, &flags))
		return NULL;
	ev = rb_peek_locked(cpu, ts, lost_events);
	rb_unlock(cpu, flags);
	return ev;
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

/**
 * ring_buffer_consume - read and consume the next record of a CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 * @ts: if not NULL, gets the record's time
 * @lost_events: if not NULL, gets the records lost just before it
 *
 * The record stays valid until the next consuming read of this CPU.
 * Returns NULL when the CPU's ring is empty.
 */
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu_id, u64 *ts,
		    unsigned long *lost_events)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct ring_buffer_event *ev;
	unsigned long flags;

	if (!cpu || !rb_lock(cpu, &flags))
		return NULL;
	ev = rb_peek_locked(cpu, ts, lost_events);
	if (ev)
		rb_advance_locked(cpu, ev);
	rb_unlock(cpu, flags);
	return ev;
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/* Under reader_lock: nothing left to read on this CPU. */
bool rb_cpu_empty(struct rb_cpu *cpu)
{
	struct rb_sbuf *r = cpu->reader, *commit, *head, *prev;

	if (r->read < rb_commit_of(r))
		return false;
	commit = READ_ONCE(cpu->commit_sb);
	if (commit == r)
		return true;
	head = rb_find_head(cpu, &prev);
	if (!head)
		return true;
	if (commit != head)
		return false;
	return rb_commit_of(head) == 0;
}

/**
 * ring_buffer_empty_cpu - is a CPU's ring empty
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	unsigned long flags;
	bool empty;

	if (!cpu || !rb_lock(cpu, &flags))
		return true;
	empty = rb_cpu_empty(cpu);
	rb_unlock(cpu, flags);
	return empty;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

/**
 * ring_buffer_empty - are all rings of the buffer empty
 * @buffer: the buffer
 */
bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

/**
 * ring_buffer_oldest_event_ts - time of the oldest record of a CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 *
 * Returns 0 when there is none.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct rb_sbuf *r, *head, *prev;
	unsigned long flags;
	u64 ts = 0;

	if (!cpu || !rb_lock(cpu, &flags))
		return 0;
	r = cpu->reader;
	if (r->read < rb_commit_of(r)) {
		ts = r->read ? cpu->read_stamp : r->page->time_stamp;
	} else if (!rb_cpu_empty(cpu)) {
		head = rb_find_head(cpu, &prev);
		if (head)
			ts = head->page->time_stamp;
	}
	rb_unlock(cpu, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

/**
 * ring_buffer_alloc_read_page - a sub-buffer for ring_buffer_read_page()
 * @buffer: the buffer
 * @cpu: the CPU it will be used for
 * @rpage: gets the page
 *
 * Returns 0 or -ENOMEM.  Free with ring_buffer_free_read_page().
 */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage)
{
	struct buffer_data_read_page *dp;
	struct page *page;
	int node = cpu >= 0 && cpu < nr_cpu_ids ? cpu_to_node(cpu) : NUMA_NO_NODE;

	dp = kmalloc(sizeof(*dp), GFP_KERNEL);
	if (!dp)
		return -ENOMEM;
	dp->order = buffer->subbuf_order;
	page = alloc_pages_node(node, GFP_KERNEL | __GFP_NORETRY | __GFP_COMP |
				__GFP_ZERO, dp->order);
	if (!page) {
		kfree(dp);
		return -ENOMEM;
	}
	dp->data = page_address(page);
	*rpage = dp;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

/**
 * ring_buffer_read_page_data - the data of a read page
 * @page: the page
 *
 * Returns what events/header_page describes, or NULL for no page.
 */
void *ring_buffer_read_page_data(struct buffer_data_read_page *page)
{
	return page ? page->data : NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_data);

/**
 * ring_buffer_free_read_page - free a page from ring_buffer_alloc_read_page()
 * @buffer: the buffer
 * @cpu: the CPU
 * @page: the page
 */
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *page)
{
	if (!page)
		return;
	free_pages((unsigned long)page->data, page->order);
	kfree(page);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/**
 * ring_buffer_read_page_size - bytes of a read page, header included
 * @rpage: the page, or NULL
 */
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage)
{
	unsigned int bytes = 0;

	if (rpage)
		bytes = PAGE_SIZE << rpage->order;
	return bytes;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_size);

/* Copy whole records from the reader's sub-buffer; a stamp stays with
 * the data record after it.  Returns the bytes copied.
 */
static unsigned int rb_copy_records(struct rb_cpu *cpu, struct rb_sbuf *r,
				    unsigned char *dst, unsigned int room)
{
	unsigned int commit = rb_commit_of(r), pos = 0, len, group;
	struct ring_buffer_event *ev, *next;

	while (r->read < commit) {
		ev = (struct ring_buffer_event *)&r->page->data[r->read];
		len = rb_rec_len(ev);
		if (RB_BROKEN(cpu->buffer, !len || r->read + len > commit))
			break;
		group = len;
		if ((ev->type_len == RINGBUF_TYPE_TIME_EXTEND ||
		     ev->type_len == RINGBUF_TYPE_TIME_STAMP) &&
		    r->read + len < commit) {
			next = (void *)ev + len;
			group += rb_rec_len(next);
		}
		if (pos + group > room)
			break;
		memcpy(dst + pos, ev, len);
		pos += len;
		r->read += len;
		cpu->read_bytes += len;
		switch (ev->type_len) {
		case RINGBUF_TYPE_PADDING:
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			cpu->read_stamp += rb_rec_stamp_value(ev);
			break;
		case RINGBUF_TYPE_TIME_STAMP:
			cpu->read_stamp =
				rb_abs_from_record(rb_rec_stamp_value(ev),
						   cpu->read_stamp);
			break;
		default:
			cpu->read_stamp += ev->time_delta;
			cpu->read++;
		}
	}
	return pos;
}

/**
 * ring_buffer_read_page - consume records as one sub-buffer
 * @buffer: the buffer
 * @data_page: from ring_buffer_alloc_read_page(); its data may be
 *	exchanged with the ring's, so always use
 *	ring_buffer_read_page_data() after the call
 * @len: bytes the caller can take, header included
 * @cpu_id: the CPU
 * @full: only succeed with a sub-buffer writers have left
 *
 * The result has the layout of events/header_page: the time of its
 * first record, the commit length with RB_MISSED_EVENTS when records
 * were lost before it (and RB_MISSED_STORED when their count follows
 * the records), then the records.  The reader's whole sub-buffer is
 * handed over when it is unread, writers have left it and @len allows;
 * otherwise whole records are copied.
 *
 * Returns 0 when something was read, -1 otherwise.
 */
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu_id, int full)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	unsigned long missed, flags, commit;
	struct rb_data_page *dp;
	unsigned int cap, size;
	struct rb_sbuf *r;
	int ret = -1;

	if (!cpu || !data_page || !data_page->data || len <= RB_PAGE_HDR)
		return -1;
	cap = (PAGE_SIZE << data_page->order) - RB_PAGE_HDR;
	len = min_t(size_t, len - RB_PAGE_HDR, cap);
	dp = data_page->data;

	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	r = rb_reader_sbuf(cpu);
	if (!r)
		goto out;
	missed = cpu->lost_events;
	commit = rb_commit_of(r);

	if (r->read || len < commit || cpu->mapped || cpu->range ||
	    READ_ONCE(cpu->commit_sb) == r ||
	    data_page->order != buffer->subbuf_order) {
		u64 stamp;

		if (full && READ_ONCE(cpu->commit_sb) == r)
			goto out;
		stamp = r->read ? cpu->read_stamp : r->page->time_stamp;
		size = rb_copy_records(cpu, r, dp->data, len);
		if (!size)
			goto out;
		dp->time_stamp = stamp;
		local_set(&dp->commit, size);
	} else {
		/* hand the whole sub-buffer over, take the caller's page */
		cpu->read += rb_w_records(rb_w_read(r));
		cpu->read_bytes += commit;
		data_page->data = r->page;
		r->page = dp;
		cpu->swaps++;
		r->read = 0;
		rb_w_set(r, rb_w_recycled(rb_w_read(r)));
		local_set(&r->page->commit, 0);
		dp = data_page->data;
	}
	cpu->lost_events = 0;

	commit = local_read(&dp->commit);
	size = commit & ~RB_MISSED_MASK;
	if (missed) {
		if (cap - size >= sizeof(missed)) {
			memcpy(&dp->data[size], &missed, sizeof(missed));
			commit |= RB_MISSED_STORED;
			size += sizeof(missed);
		}
		local_set(&dp->commit, commit | RB_MISSED_EVENTS);
	}
	/* this page may go to user space */
	if (size < cap)
		memset(&dp->data[size], 0, cap - size);
	rb_update_meta(cpu);
	ret = 0;
out:
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);
