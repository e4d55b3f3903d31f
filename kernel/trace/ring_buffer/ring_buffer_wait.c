// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer waiting: ring_buffer_wait(), ring_buffer_poll_wait() and
 * the wake-ups writers trigger.
 *
 * Writers run in any context, so they never touch a wait queue: after a
 * commit they test two flags a waiter set ("someone waits for any data",
 * "someone waits for a watermark") and queue an irq_work, whose handler
 * wakes the queues.  A waiter sets its flag after checking the ring, and
 * the ring is checked again by wait_event_interruptible() after the task
 * is queued, so a record committed in between is not missed for long:
 * at worst the next commit wakes it.
 *
 * The watermark (@full, percent of the ring's sub-buffers holding unread
 * records) is what trace_pipe_raw readers and buffer_percent use: it is
 * only considered hit once the writers have left the reader's
 * sub-buffer, so that a woken reader gets at least one whole sub-buffer.
 *
 * Locks: cpu->reader_lock, briefly, for shortest_full and the full-wait
 * flags; it is never held with a wait queue's lock (the wake-ups run
 * after it is dropped, and a waiter's condition runs outside the wait
 * queue's lock).  Writers take neither.
 */
#include <linux/export.h>
#include <linux/sched.h>

#include "ring_buffer_internal.h"

static void rb_wake_work(struct irq_work *work)
{
	struct rb_waiters *w = container_of(work, struct rb_waiters, work);
	unsigned long flags;

	/* waiters without a condition leave on any wake-up */
	atomic_inc_return_release(&w->seq);
	wake_up_all(&w->waiters);
	if (w->cpu && (w->full_waiters_pending || w->wake_full)) {
		raw_spin_lock_irqsave(&w->cpu->reader_lock, flags);
		w->wake_full = false;
		w->full_waiters_pending = false;
		/* the woken waiters set it again if they go back to sleep */
		w->shortest_full = 0;
		raw_spin_unlock_irqrestore(&w->cpu->reader_lock, flags);
		wake_up_all(&w->full_waiters);
	}
}

void rb_waiters_init(struct rb_waiters *w, struct rb_cpu *cpu)
{
	init_irq_work(&w->work, rb_wake_work);
	init_waitqueue_head(&w->waiters);
	init_waitqueue_head(&w->full_waiters);
	w->cpu = cpu;
}

bool rb_full_hit(struct trace_buffer *buffer, int cpu_id, int full)
{
	struct rb_cpu *cpu = buffer->buffers[cpu_id];
	size_t dirty;

	if (!full || !cpu->nr_pages)
		return true;
	/* the sub-buffer writers are on counts as dirty */
	dirty = ring_buffer_nr_dirty_pages(buffer, cpu_id) + 1;
	return dirty * 100 >= (size_t)full * cpu->nr_pages;
}

/* rb_wake_writers_done() found a waiter flagged; any context. */
void rb_wake_waiters(struct trace_buffer *buffer, struct rb_cpu *cpu)
{
	struct rb_waiters *w = &cpu->wait;
	unsigned long touched;

	if (unlikely(READ_ONCE(buffer->wait.waiters_pending))) {
		WRITE_ONCE(buffer->wait.waiters_pending, false);
		irq_work_queue(&buffer->wait.work);
	}
	if (unlikely(READ_ONCE(w->waiters_pending))) {
		WRITE_ONCE(w->waiters_pending, false);
		irq_work_queue(&w->work);
	}
	if (likely(!READ_ONCE(w->full_waiters_pending)))
		return;
	/* the watermark only moves when writers start a sub-buffer */
	touched = local_read(&cpu->pages_touched);
	if (touched == w->last_touched ||
	    READ_ONCE(cpu->commit_sb) == cpu->reader)
		return;
	w->last_touched = touched;
	if (!rb_full_hit(buffer, cpu->cpu, READ_ONCE(w->shortest_full)))
		return;
	w->wake_full = true;
	WRITE_ONCE(w->full_waiters_pending, false);
	irq_work_queue(&w->work);
}

static bool rb_watermark_hit(struct trace_buffer *buffer, int cpu_id,
			     int full)
{
	struct rb_cpu *cpu;
	unsigned long flags;
	bool hit;

	if (cpu_id == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(buffer);
	if (ring_buffer_empty_cpu(buffer, cpu_id))
		return false;
	if (!full)
		return true;
	cpu = buffer->buffers[cpu_id];
	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	hit = READ_ONCE(cpu->commit_sb) != cpu->reader &&
	      rb_full_hit(buffer, cpu_id, full);
	if (!hit && (!cpu->wait.shortest_full ||
		     cpu->wait.shortest_full > full))
		cpu->wait.shortest_full = full;
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	return hit;
}

static bool rb_wait_cond(struct rb_waiters *w, struct trace_buffer *buffer,
			 int cpu, int full, ring_buffer_cond_fn cond,
			 void *data)
{
	if (rb_watermark_hit(buffer, cpu, full))
		return true;
	if (cond(data))
		return true;
	/* a spurious wake-up costs little; a lost one would hang */
	if (full)
		WRITE_ONCE(w->full_waiters_pending, true);
	else
		WRITE_ONCE(w->waiters_pending, true);
	return false;
}

struct rb_wait_once {
	struct rb_waiters	*w;
	int			seq;
};

static bool rb_woken_once(void *data)
{
	struct rb_wait_once *once = data;

	return atomic_read_acquire(&once->w->seq) != once->seq;
}

static struct rb_waiters *rb_waiters_of(struct trace_buffer *buffer,
					int cpu, int *full)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		*full = 0;	/* a watermark only means something per CPU */
		return &buffer->wait;
	}
	if (!rb_cpu_of(buffer, cpu))
		return NULL;
	return &buffer->buffers[cpu]->wait;
}

/**
 * ring_buffer_wait - sleep until there is something to read
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS for any
 * @full: for one CPU, percent of its sub-buffers that must hold unread
 *	records (0: any record)
 * @cond: called on each wake-up, ends the wait when it returns true;
 *	NULL to end it on the first wake-up
 * @data: for @cond
 *
 * Returns 0, -EINTR on a signal, -ENODEV for a CPU without a ring.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	struct rb_wait_once once;
	struct wait_queue_head *wq;
	struct rb_waiters *w;

	w = rb_waiters_of(buffer, cpu, &full);
	if (!w)
		return -ENODEV;
	if (!cond) {
		once.w = w;
		once.seq = atomic_read_acquire(&w->seq);
		cond = rb_woken_once;
		data = &once;
	}
	wq = full ? &w->full_waiters : &w->waiters;
	return wait_event_interruptible(*wq, rb_wait_cond(w, buffer, cpu, full,
							  cond, data));
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

/**
 * ring_buffer_poll_wait - poll support
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS for any
 * @filp: the file polled
 * @poll_table: the poll table
 * @full: as for ring_buffer_wait()
 *
 * Returns EPOLLIN | EPOLLRDNORM when there is something to read, 0 when
 * not (the caller is queued), EPOLLERR for a CPU without a ring.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full)
{
	struct rb_waiters *w;

	w = rb_waiters_of(buffer, cpu, &full);
	if (!w)
		return EPOLLERR;
	if (full) {
		poll_wait(filp, &w->full_waiters, poll_table);
		if (rb_watermark_hit(buffer, cpu, full))
			return EPOLLIN | EPOLLRDNORM;
		/* shortest_full before the flag writers test */
		smp_mb();
		WRITE_ONCE(w->full_waiters_pending, true);
		return 0;
	}
	poll_wait(filp, &w->waiters, poll_table);
	WRITE_ONCE(w->waiters_pending, true);
	/* the flag before the check; a writer committing in between wakes us */
	smp_mb();
	if (rb_watermark_hit(buffer, cpu, 0))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

/**
 * ring_buffer_wake_waiters - wake every waiter of a CPU or of the buffer
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS for all of them
 *
 * Any context.  Waiters whose condition still holds go back to sleep.
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	int c;

	if (!buffer)
		return;
	if (cpu == RING_BUFFER_ALL_CPUS) {
		for_each_cpu(c, buffer->cpumask)
			ring_buffer_wake_waiters(buffer, c);
		irq_work_queue(&buffer->wait.work);
		return;
	}
	if (rb_cpu_of(buffer, cpu)) {
		WRITE_ONCE(buffer->buffers[cpu]->wait.wake_full, true);
		irq_work_queue(&buffer->buffers[cpu]->wait.work);
	}
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);
