// SPDX-License-Identifier: GPL-2.0
/*
 * trace_reader.c - walking an instance's buffer in time order.
 *
 * Every text reader (the "trace" and "trace_pipe" files, per CPU or
 * not, the snapshot file, ftrace_dump()) sees the per-CPU ring buffers
 * as one stream: the next record is the oldest of the CPUs' next
 * records.  A *non-consuming* reader ("trace", "snapshot") walks each
 * CPU with a ring-buffer iterator (iter->buffer_iter[cpu]) and leaves
 * the data in place; a *consuming* reader ("trace_pipe", the dump)
 * peeks at each CPU's head and consumes the record it printed.  The
 * merge is the same for both; only how one CPU is looked at differs.
 *
 * The contract with the printers (trace_reader_print.c, trace_output*):
 * after trace_find_next_entry_inc() returned the iterator, iter->ent,
 * ->ent_size, ->cpu, ->ts and ->lost_events describe the record to
 * print; iter->ent points into the ring buffer and is valid until the
 * next peek of that CPU.  trace_find_next_entry() looks one record
 * further (the latency format's delay mark) without moving, which is
 * why it first copies the current record into iter->temp.
 *
 * Lost events: a consuming peek reports how many records the writer
 * overwrote since the previous read of that CPU; an iterator only knows
 * that some were (reported as ~0UL, printed "[LOST EVENTS]").
 *
 * Contexts: process context, may sleep, except trace_find_next_entry*,
 * trace_consume(), trace_empty() and tracing_iter_reset()'s peeks,
 * which ftrace_dump() also calls with interrupts off (no allocation
 * then: its temp buffer is static, see trace_find_next_entry()).
 * Locks: see trace_reader.h; the callers hold the reader lock of the
 * CPU set they walk, this file only provides it.
 */
#include <linux/cpumask.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/poll.h>
#include <linux/ring_buffer.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_reader.h"
#include "tracers/trace_tracer.h"

/* ---- Reader locks ------------------------------------------------------ */

/*
 * reader_all_cpus: taken for writing by a reader of every CPU, for
 * reading by a reader of one CPU, which then also takes that CPU's
 * reader_cpu_lock.  So an all-CPU reader runs alone, and readers of
 * different CPUs run in parallel.  Leaf locks apart from the ring
 * buffer's raw reader_lock taken inside ring-buffer calls; the order
 * against the other locks is in trace_reader.h.
 */
static DECLARE_RWSEM(reader_all_cpus);
static DEFINE_PER_CPU(struct mutex, reader_cpu_lock);

void trace_access_lock(int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		down_write(&reader_all_cpus);
		return;
	}
	down_read(&reader_all_cpus);
	mutex_lock(per_cpu_ptr(&reader_cpu_lock, cpu));
}

void trace_access_unlock(int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		up_write(&reader_all_cpus);
		return;
	}
	mutex_unlock(per_cpu_ptr(&reader_cpu_lock, cpu));
	up_read(&reader_all_cpus);
}

/* Called once by trace_dir_files.c before the first tracefs file exists. */
void trace_access_lock_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		mutex_init(per_cpu_ptr(&reader_cpu_lock, cpu));
}

/* ---- One CPU, then all of them ----------------------------------------- */

/*
 * The next record of @cpu without moving past it.  Sets iter->ent_size
 * (0 when there is none); *@lost gets the records lost before it.
 */
static struct trace_entry *reader_peek(struct trace_iterator *iter, int cpu,
				       u64 *ts, unsigned long *lost)
{
	struct ring_buffer_iter *walk = trace_buffer_iter(iter, cpu);
	struct ring_buffer_event *event;
	unsigned long gone = 0;

	if (walk) {
		event = ring_buffer_iter_peek(walk, ts);
		if (lost && ring_buffer_iter_dropped(walk))
			gone = ~0UL;
	} else {
		event = ring_buffer_peek(iter->array_buffer->buffer, cpu, ts,
					 lost ? &gone : NULL);
	}
	if (lost)
		*lost = gone;

	if (!event) {
		iter->ent_size = 0;
		return NULL;
	}
	iter->ent_size = ring_buffer_event_length(event);
	return ring_buffer_event_data(event);
}

/*
 * The oldest next record of the CPUs the iterator reads.  Ties go to
 * the lower CPU.  Outputs may be NULL.  A per-CPU file with nothing to
 * read returns NULL and leaves the outputs and iter->ent_size alone; a
 * walk of all CPUs always writes them (CPU -1, stamp 0 when empty).
 */
static struct trace_entry *reader_oldest(struct trace_iterator *iter,
					 int *ent_cpu, unsigned long *lost,
					 u64 *ent_ts)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	struct trace_entry *best = NULL, *ent;
	unsigned long best_lost = 0, cpu_lost;
	int best_cpu = -1, best_size = 0;
	u64 best_ts = 0, ts;
	int cpu;

	if (iter->cpu_file != RING_BUFFER_ALL_CPUS) {
		cpu = iter->cpu_file;
		if (ring_buffer_empty_cpu(buffer, cpu))
			return NULL;
		ent = reader_peek(iter, cpu, ent_ts, lost);
		if (ent_cpu)
			*ent_cpu = cpu;
		return ent;
	}

	for_each_tracing_cpu(cpu) {
		if (ring_buffer_empty_cpu(buffer, cpu))
			continue;
		ent = reader_peek(iter, cpu, &ts, &cpu_lost);
		if (!ent || (best && ts >= best_ts))
			continue;
		best = ent;
		best_ts = ts;
		best_cpu = cpu;
		best_lost = cpu_lost;
		best_size = iter->ent_size;
	}

	iter->ent_size = best_size;
	if (ent_cpu)
		*ent_cpu = best_cpu;
	if (ent_ts)
		*ent_ts = best_ts;
	if (lost)
		*lost = best_lost;
	return best;
}

/*
 * Make iter->temp hold @size bytes.  A temp buffer inside the kernel
 * image is ftrace_dump()'s static one (interrupts may be off, nothing
 * may be allocated): it is never replaced.
 */
static bool reader_temp_fits(struct trace_iterator *iter, unsigned int size)
{
	void *bigger;

	if (iter->temp && iter->temp_size >= size)
		return true;
	if (iter->temp && is_kernel_core_data((unsigned long)iter->temp))
		return false;

	bigger = kmalloc(size, GFP_KERNEL);
	if (!bigger)
		return false;
	kfree(iter->temp);
	iter->temp = bigger;
	iter->temp_size = size;
	return true;
}

/**
 * trace_find_next_entry - the record after the current one, not consumed
 * @iter: the iterator, positioned on a record (or not yet)
 * @ent_cpu: gets the CPU of that record (may be NULL)
 * @ent_ts: gets its time stamp (may be NULL)
 *
 * Peeking may move the ring buffer's reader past iter->ent, so the
 * current record is first copied into iter->temp and iter->ent points
 * there.  iter->ent_size keeps describing the current record.
 *
 * Returns the next record or NULL (none, or no room to keep the current
 * one).
 */
struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts)
{
	int cur_size = iter->ent_size;
	struct trace_entry *next;

	if (iter->ent && iter->ent != iter->temp) {
		if (!reader_temp_fits(iter, cur_size))
			return NULL;
		memcpy(iter->temp, iter->ent, cur_size);
		iter->ent = iter->temp;
	}

	next = reader_oldest(iter, ent_cpu, NULL, ent_ts);
	iter->ent_size = cur_size;
	return next;
}

/**
 * trace_find_next_entry_inc - move the iterator to the next record
 * @iter: the iterator
 *
 * Fills iter->ent, ->ent_size, ->cpu, ->ts and ->lost_events.  A
 * non-consuming reader steps its ring-buffer iterator past the record;
 * a consuming one calls trace_consume() once the record is printed.
 *
 * Returns @iter, or NULL when nothing is left.
 */
void *trace_find_next_entry_inc(struct trace_iterator *iter)
{
	struct ring_buffer_iter *walk;

	iter->ent = reader_oldest(iter, &iter->cpu, &iter->lost_events,
				  &iter->ts);
	if (!iter->ent)
		return NULL;

	iter->idx++;
	walk = trace_buffer_iter(iter, iter->cpu);
	if (walk)
		ring_buffer_iter_advance(walk);
	return iter;
}

/* Drop the record just printed from its CPU's buffer (consuming readers). */
void trace_consume(struct trace_iterator *iter)
{
	ring_buffer_consume(iter->array_buffer->buffer, iter->cpu, &iter->ts,
			    &iter->lost_events);
}

/**
 * tracing_iter_reset - rewind a non-consuming reader of one CPU
 * @iter: the iterator
 * @cpu: the CPU
 *
 * Records older than the buffer's time_start (a latency tracer's buffer
 * that was not reset on that CPU) are stepped over and counted in the
 * CPU's skipped_entries, which the entry counts then leave out.
 */
void tracing_iter_reset(struct trace_iterator *iter, int cpu)
{
	struct trace_array_cpu *data = per_cpu_ptr(iter->array_buffer->data, cpu);
	struct ring_buffer_iter *walk = trace_buffer_iter(iter, cpu);
	unsigned long stale = 0;
	u64 ts;

	data->skipped_entries = 0;
	if (!walk)
		return;

	ring_buffer_iter_reset(walk);
	for (;;) {
		if (!ring_buffer_iter_peek(walk, &ts))
			break;
		if (ts >= iter->array_buffer->time_start)
			break;
		ring_buffer_iter_advance(walk);
		stale++;
		cond_resched();
	}
	data->skipped_entries = stale;
}

static bool reader_cpu_empty(struct trace_iterator *iter, int cpu)
{
	struct ring_buffer_iter *walk = trace_buffer_iter(iter, cpu);

	if (walk)
		return ring_buffer_iter_empty(walk);
	return ring_buffer_empty_cpu(iter->array_buffer->buffer, cpu);
}

/* 1 when the CPUs the iterator reads have nothing left for it, else 0. */
int trace_empty(struct trace_iterator *iter)
{
	int cpu;

	if (iter->cpu_file != RING_BUFFER_ALL_CPUS)
		return reader_cpu_empty(iter, iter->cpu_file);

	for_each_tracing_cpu(cpu) {
		if (!reader_cpu_empty(iter, cpu))
			return 0;
	}
	return 1;
}

/* ---- Entry counts (headers, buffer_total_size_kb's neighbours) --------- */

/*
 * @entries: records in the buffer of @cpu (less the stale ones a reset
 * skipped); @written: those plus the ones overwritten.  A CPU with
 * stale records counts no overrun: its buffer holds everything since
 * the last real reset.
 */
void reader_count_cpu(struct array_buffer *buf, int cpu,
		      unsigned long *entries, unsigned long *written)
{
	unsigned long skipped = per_cpu_ptr(buf->data, cpu)->skipped_entries;
	unsigned long held = ring_buffer_entries_cpu(buf->buffer, cpu);

	if (skipped) {
		*entries = held - skipped;
		*written = *entries;
		return;
	}
	*entries = held;
	*written = held + ring_buffer_overrun_cpu(buf->buffer, cpu);
}

void reader_count(struct array_buffer *buf, unsigned long *entries,
		  unsigned long *written)
{
	unsigned long e, w;
	int cpu;

	*entries = 0;
	*written = 0;
	for_each_tracing_cpu(cpu) {
		reader_count_cpu(buf, cpu, &e, &w);
		*entries += e;
		*written += w;
	}
}

unsigned long trace_total_entries_cpu(struct trace_array *tr, int cpu)
{
	unsigned long entries, written;

	reader_count_cpu(&(tr ? tr : &global_trace)->array_buffer, cpu,
			 &entries, &written);
	return entries;
}

unsigned long trace_total_entries(struct trace_array *tr)
{
	unsigned long entries, written;

	reader_count(&(tr ? tr : &global_trace)->array_buffer, &entries,
		     &written);
	return entries;
}

/* ---- Waiting for records ----------------------------------------------- */

struct reader_wake {
	struct trace_iterator	*iter;
	int			index;
};

/*
 * Stop waiting when the file was closed or someone bumped wait_index
 * (flush, the wake-up ioctl): the acquire pairs with their
 * atomic_fetch_inc_release(), which comes after their store to
 * iter->closed.
 */
static bool reader_woken(void *data)
{
	struct reader_wake *w = data;

	if (atomic_read_acquire(&w->iter->wait_index) != w->index)
		return true;
	return READ_ONCE(w->iter->closed);
}

/**
 * reader_wait - sleep until the iterator's CPU set has data
 * @iter: a consuming iterator (a non-consuming one returns at once)
 * @full: buffer_percent to wait for, 0 for any record
 *
 * Called without the reader locks and without iter->mutex.  Returns 0,
 * or -EINTR on a signal.
 */
int reader_wait(struct trace_iterator *iter, int full)
{
	struct reader_wake w = { .iter = iter };
	int ret;

	if (iter->buffer_iter)
		return 0;

	w.index = atomic_read_acquire(&iter->wait_index);
	ret = ring_buffer_wait(iter->array_buffer->buffer, iter->cpu_file,
			       full, reader_woken, &w);
#ifdef CONFIG_TRACER_MAX_TRACE
	/* A swap while we slept: a snapshot reader stays on the snapshot. */
	if (iter->snapshot)
		iter->array_buffer = &iter->tr->max_buffer;
#endif
	return ret;
}

/* poll() of the consuming files; the "block" option makes them always ready. */
__poll_t reader_poll(struct trace_iterator *iter, struct file *filp,
		     poll_table *pt)
{
	struct trace_array *tr = iter->tr;

	if (iter->buffer_iter || (tr->trace_flags & TRACE_ITER_BLOCK))
		return EPOLLIN | EPOLLRDNORM;

	return ring_buffer_poll_wait(iter->array_buffer->buffer,
				     iter->cpu_file, filp, pt,
				     tr->buffer_percent);
}

/* ---- An open file's iterator ------------------------------------------- */

/* Most records fit; trace_find_next_entry() grows it for the others. */
#define READER_TEMP_START	128

static void reader_start_cpu(struct trace_iterator *iter, int cpu)
{
	iter->buffer_iter[cpu] =
		ring_buffer_read_start(iter->array_buffer->buffer, cpu,
				       GFP_KERNEL);
	tracing_iter_reset(iter, cpu);
}

/**
 * reader_iter_setup - make @iter a non-consuming reader of @tr
 * @iter: a zeroed iterator
 * @tr: the instance (its reference is the caller's)
 * @cpu_file: the CPU to read, or RING_BUFFER_ALL_CPUS
 * @snapshot: read the snapshot buffer
 *
 * Caller holds trace_types_lock.  The tracer's open hook runs before
 * pause-on-trace stops the buffers.  On failure the caller
 * frees what was allocated with reader_iter_free().
 *
 * Returns 0 or -ENOMEM.
 */
int reader_iter_setup(struct trace_iterator *iter, struct trace_array *tr,
		      int cpu_file, bool snapshot)
{
	int cpu;

	lockdep_assert_held(&trace_types_lock);

	mutex_init(&iter->mutex);
	iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*iter->buffer_iter),
				    GFP_KERNEL);
	if (!iter->buffer_iter || !zalloc_cpumask_var(&iter->started, GFP_KERNEL))
		return -ENOMEM;
	iter->temp = kmalloc(READER_TEMP_START, GFP_KERNEL);
	if (iter->temp)
		iter->temp_size = READER_TEMP_START;

	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->snapshot = snapshot;
	iter->cpu_file = cpu_file;
	iter->pos = -1;
	iter->array_buffer = &tr->array_buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (snapshot || iter->trace->print_max)
		iter->array_buffer = &tr->max_buffer;
#endif

	if (iter->trace->open)
		iter->trace->open(iter);

	if (ring_buffer_overruns(iter->array_buffer->buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;

	if (!snapshot && (tr->trace_flags & TRACE_ITER_PAUSE_ON_TRACE)) {
		tracing_stop_tr(tr);
		iter->iter_flags |= READER_PAUSED;
	}

	if (cpu_file != RING_BUFFER_ALL_CPUS) {
		reader_start_cpu(iter, cpu_file);
		return 0;
	}
	for_each_tracing_cpu(cpu)
		reader_start_cpu(iter, cpu);
	return 0;
}

/*
 * Undo reader_iter_setup() but free nothing: finish the ring-buffer
 * iterators, close the tracer's view, restart a buffer this open
 * paused.  Caller holds trace_types_lock.
 */
void reader_iter_teardown(struct trace_iterator *iter)
{
	int cpu;

	lockdep_assert_held(&trace_types_lock);

	if (iter->buffer_iter) {
		for_each_tracing_cpu(cpu) {
			if (iter->buffer_iter[cpu])
				ring_buffer_read_finish(iter->buffer_iter[cpu]);
		}
	}
	if (iter->trace && iter->trace->close)
		iter->trace->close(iter);
	if (iter->iter_flags & READER_PAUSED)
		tracing_start_tr(iter->tr);
}

/*
 * Free what an iterator of a tracefs file owns (not the iterator).
 * Every pointer is NULL or allocated: file iterators never use
 * ftrace_dump()'s static buffers, and are never passed here.
 */
void reader_iter_free(struct trace_iterator *iter)
{
	kfree(iter->fmt);
	kfree(iter->temp);
	kfree(iter->buffer_iter);
	free_cpumask_var(iter->started);
	mutex_destroy(&iter->mutex);
}
