// SPDX-License-Identifier: GPL-2.0
/*
 * The buffers of an instance: allocation, size and lazy expansion,
 * emptying, recording on and off and the pause/resume count.  The
 * tracefs files that show and change these, and the per-CPU recording
 * mask, are in trace_buffer_files.c; the clock is in trace_buffer_clock.c.
 *
 * Each instance has a live buffer (tr->array_buffer) and, with
 * CONFIG_TRACER_MAX_TRACE, a snapshot buffer (tr->max_buffer, see
 * trace_snapshot.c) that follows the live buffer's size, clock, order and
 * per-CPU recording mask.  The per-CPU "entries" of tr->array_buffer
 * remember each CPU's size in bytes as last set; buffer_size_kb reads
 * them back.
 *
 * Lazy expansion.  The global buffer is allocated with one sub-buffer
 * per CPU; it grows to trace_buf_size at the first use that needs it
 * (tracing_update_buffers(): enabling an event, a tracer, a snapshot, a
 * marker write...) unless a size was set first.  Until then buffer_size_kb
 * reads "1 (expanded: 1408)".  Instances are expanded when made.
 *
 * Three ways to stop recording, which nest:
 *
 *   tracing_on file, tracing_off()   the ring buffer's own on/off switch
 *                                    (ring_buffer_record_on/off), plus the
 *                                    racy mirror tr->buffer_disabled for
 *                                    when there is no buffer yet
 *   tracing_stop_tr()/_start_tr()    a count (tr->stop_count) of users
 *                                    that need the buffers quiet (resize,
 *                                    pause-on-trace); the ring buffer's
 *                                    disable count follows it
 *   tracing_cpumask                  a per-CPU disable on both buffers
 *
 * Locks and contexts:
 *
 *   trace_types_lock (trace_instance.c)   size, expansion, sub-buffer
 *            order, tracing_cpumask, tracing_on file writes.
 *   tr->start_lock (raw spinlock, irqs off)   tr->stop_count; then
 *   tr->max_lock (arch spinlock, irqs off)    held while both buffers'
 *            disable counts change, so that a snapshot swap does not
 *            exchange them half way.
 *
 * tracing_on(), tracing_off(), tracer_tracing_on/off() and
 * tracing_is_on() take no lock and may be called from any context, NMI
 * included: they only flip the ring buffer's atomic state.
 * tracing_start/stop_tr() may be called with interrupts off, not from
 * NMI.  Everything else sleeps.
 */
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>

#include "reader/trace_reader.h"
#include "trace_array.h"
#include "trace_flags.h"
#include "trace_records.h"
#include "write/trace_write.h"

/* The CPUs that have a ring in every buffer (possible CPUs at boot). */
cpumask_var_t __read_mostly tracing_buffer_mask;

/*
 * Set at boot (alloc_snapshot, alloc_snapshot=NAME): the next
 * trace_alloc_buffers() allocates the snapshot buffer at full size, and
 * clears it.  Boot code only, single-threaded.
 */
bool allocate_snapshot;

/*
 * Bytes per CPU of a new buffer: trace_buf_size= on the command line,
 * else about 16k records of 88 bytes.  The global buffer starts at its
 * minimum and grows to this on first use (trace_set_ring_buffer_expanded).
 */
unsigned long trace_buf_size = 1441792UL;

/*
 * Time
 */

static u64 buffer_now(struct array_buffer *buf, int cpu)
{
	struct trace_buffer *rb = buf->buffer;
	u64 now;

	if (!rb)	/* before the buffers exist */
		return trace_clock_local();
	now = ring_buffer_time_stamp(rb);
	ring_buffer_normalize_time_stamp(rb, cpu, &now);
	return now;
}

/*
 * On and off
 */

/**
 * tracer_tracing_switch - switch @tr's live buffer on or off
 * @tr: the instance
 * @on: the state wanted
 *
 * Flips the ring buffer's own switch, and the mirror flag that stands in
 * for it before the buffer exists (early boot parameters) and that fast
 * paths read without a lock (tracing_is_enabled()).  Any context, NMI
 * included.  Of calls racing to make the same change, one is told it
 * made it (the ring buffer's switch is a test-and-set), so that a caller
 * that pays for a change (the counted traceon and traceoff function
 * commands) pays once.
 *
 * Return: true if this call changed the state.
 */
bool tracer_tracing_switch(struct trace_array *tr, bool on)
{
	struct trace_buffer *rb = tr->array_buffer.buffer;
	bool changed;

	if (rb)
		changed = on ? ring_buffer_record_on(rb) :
			       ring_buffer_record_off(rb);
	else
		changed = READ_ONCE(tr->buffer_disabled) == on;
	WRITE_ONCE(tr->buffer_disabled, !on);
	smp_wmb();	/* pairs with the smp_rmb() of tracing_is_enabled() */
	return changed;
}

/**
 * tracer_tracing_on - let @tr's live buffer record again
 * @tr: the instance
 *
 * Any context.  Undoes tracer_tracing_off(); does not touch the
 * tracing_stop_tr() count.
 */
void tracer_tracing_on(struct trace_array *tr)
{
	tracer_tracing_switch(tr, true);
}

/**
 * tracer_tracing_off - stop @tr's live buffer from recording
 * @tr: the instance
 *
 * Any context, NMI included.  Records being written finish; new ones are
 * refused until tracer_tracing_on().
 */
void tracer_tracing_off(struct trace_array *tr)
{
	tracer_tracing_switch(tr, false);
}

/**
 * tracer_tracing_is_on - is @tr's live buffer switched on?
 * @tr: the instance
 *
 * Exact (the ring buffer's own switch) once the buffer exists.
 */
bool tracer_tracing_is_on(struct trace_array *tr)
{
	if (!tr->array_buffer.buffer)
		return !READ_ONCE(tr->buffer_disabled);
	return ring_buffer_record_is_set_on(tr->array_buffer.buffer);
}

/**
 * tracing_on - switch the global buffer on (what "echo 1 > tracing_on" does)
 */
void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off - switch the global buffer off, from any context
 *
 * Recording stops; what the tracers and events cost does not.
 */
void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on - is the global buffer switched on?
 */
int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/**
 * tracing_is_enabled - a cheap, racy tracing_is_on() for fast paths
 *
 * Reads the mirror flag only; may lag a concurrent switch.
 */
int tracing_is_enabled(void)
{
	smp_rmb();	/* pairs with tracer_tracing_on/off() */
	return !READ_ONCE(global_trace.buffer_disabled);
}

/*
 * Pause and resume
 */

/* Change both buffers' disable count; tr->max_lock held, irqs off. */
static void buffers_record_enable(struct trace_array *tr, bool enable)
{
	struct trace_buffer *bufs[] = {
		tr->array_buffer.buffer,
#ifdef CONFIG_TRACER_MAX_TRACE
		tr->max_buffer.buffer,
#endif
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bufs); i++) {
		if (!bufs[i])
			continue;
		if (enable)
			ring_buffer_record_enable(bufs[i]);
		else
			ring_buffer_record_disable(bufs[i]);
	}
}

/**
 * tracing_stop_tr - pause recording in both of @tr's buffers
 * @tr: the instance
 *
 * Counted: each call needs one tracing_start_tr().  Not from NMI.
 */
void tracing_stop_tr(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (tr->stop_count++ == 0) {
		arch_spin_lock(&tr->max_lock);
		buffers_record_enable(tr, false);
		arch_spin_unlock(&tr->max_lock);
	}
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

/**
 * tracing_start_tr - undo one tracing_stop_tr()
 * @tr: the instance
 *
 * Recording resumes when the last pause is undone.  An unbalanced call
 * warns once and leaves the count at zero.
 */
void tracing_start_tr(struct trace_array *tr)
{
	unsigned long flags;

	if (tracing_disabled)
		return;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	tr->stop_count--;
	if (WARN_ON_ONCE(tr->stop_count < 0)) {
		tr->stop_count = 0;
	} else if (tr->stop_count == 0) {
		arch_spin_lock(&tr->max_lock);
		buffers_record_enable(tr, true);
		arch_spin_unlock(&tr->max_lock);
	}
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

/** tracing_stop - tracing_stop_tr() on the global instance */
void tracing_stop(void)
{
	tracing_stop_tr(&global_trace);
}

/** tracing_start - tracing_start_tr() on the global instance */
void tracing_start(void)
{
	tracing_start_tr(&global_trace);
}

/** is_tracing_stopped - the global instance's pause count */
int is_tracing_stopped(void)
{
	return global_trace.stop_count;
}

/**
 * ftrace_now - the global instance's clock, now
 * @cpu: the CPU whose time stamps to compare with
 */
u64 ftrace_now(int cpu)
{
	return buffer_now(&global_trace.array_buffer, cpu);
}

/*
 * Emptying
 */

enum buffer_reset_scope { RESET_ONE_CPU, RESET_ONLINE, RESET_ALL };

/*
 * Empty @buf.  The ring buffer holds recording off around the reset,
 * after a grace period that lets every writer that saw it enabled
 * finish its commit (the write path runs with preemption disabled).
 */
static void buffer_reset(struct array_buffer *buf, enum buffer_reset_scope scope,
			 int cpu)
{
	struct trace_buffer *rb = buf->buffer;

	if (!rb)
		return;

	switch (scope) {
	case RESET_ONE_CPU:
		ring_buffer_reset_cpu(rb, cpu);
		break;
	case RESET_ONLINE:
		buf->time_start = buffer_now(buf, buf->cpu);
		ring_buffer_reset_online_cpus(rb);
		break;
	case RESET_ALL:
		buf->time_start = buffer_now(buf, buf->cpu);
		ring_buffer_reset(rb);
		break;
	}
}

/** tracing_reset_cpu - empty one CPU of @buf */
void tracing_reset_cpu(struct array_buffer *buf, int cpu)
{
	buffer_reset(buf, RESET_ONE_CPU, cpu);
}

/** tracing_reset_online_cpus - empty the online CPUs of @buf */
void tracing_reset_online_cpus(struct array_buffer *buf)
{
	buffer_reset(buf, RESET_ONLINE, 0);
}

/* Empty the live and snapshot buffers of @tr and clear its mark. */
static void instance_reset_marked(struct trace_array *tr)
{
	struct array_buffer *bufs[] = {
		&tr->array_buffer,
#ifdef CONFIG_TRACER_MAX_TRACE
		&tr->max_buffer,
#endif
	};
	unsigned int i;

	tr->clear_trace = false;
	for (i = 0; i < ARRAY_SIZE(bufs); i++)
		buffer_reset(bufs[i], RESET_ONLINE, 0);
}

/**
 * tracing_reset_all_online_cpus_unlocked - empty the instances marked
 *	clear_trace (module events went away), both buffers
 *
 * Caller holds trace_types_lock.
 */
void tracing_reset_all_online_cpus_unlocked(void)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		if (tr->clear_trace)
			instance_reset_marked(tr);
}

/** tracing_reset_all_online_cpus - the same, taking trace_types_lock */
void tracing_reset_all_online_cpus(void)
{
	guard(mutex)(&trace_types_lock);
	tracing_reset_all_online_cpus_unlocked();
}

/*
 * Size
 */

/** set_buffer_entries - record @val bytes as every CPU's size of @buf */
void set_buffer_entries(struct array_buffer *buf, unsigned long val)
{
	int cpu;

	for_each_tracing_cpu(cpu)
		per_cpu_ptr(buf->data, cpu)->entries = val;
}

/* Read back the ring buffer's size of @cpu (or of CPU 0 for all). */
static void buffer_note_size(struct array_buffer *buf, int cpu)
{
	if (cpu != RING_BUFFER_ALL_CPUS)
		per_cpu_ptr(buf->data, cpu)->entries =
			ring_buffer_size(buf->buffer, cpu);
	else
		set_buffer_entries(buf, ring_buffer_size(buf->buffer, 0));
}

#ifdef CONFIG_TRACER_MAX_TRACE
/* Size @buf's CPU @cpu like @from's recorded size of that CPU. */
static int buffer_resize_like_cpu(struct array_buffer *buf,
				  struct array_buffer *from, int cpu)
{
	unsigned long bytes = per_cpu_ptr(from->data, cpu)->entries;
	int err = ring_buffer_resize(buf->buffer, bytes, cpu);

	if (!err)
		per_cpu_ptr(buf->data, cpu)->entries = bytes;
	return err;
}

/**
 * resize_buffer_duplicate_size - give @trace_buf the sizes recorded for
 *	@size_buf
 * @trace_buf: the buffer to resize
 * @size_buf: whose per-CPU entries to copy
 * @cpu_id: one CPU, or RING_BUFFER_ALL_CPUS
 *
 * Return: 0 or the first resize error (earlier CPUs keep their new size).
 */
int resize_buffer_duplicate_size(struct array_buffer *trace_buf,
				 struct array_buffer *size_buf, int cpu_id)
{
	int cpu, err = 0;

	if (cpu_id != RING_BUFFER_ALL_CPUS)
		return buffer_resize_like_cpu(trace_buf, size_buf, cpu_id);

	for_each_tracing_cpu(cpu) {
		err = buffer_resize_like_cpu(trace_buf, size_buf, cpu);
		if (err < 0)
			break;
	}
	return err;
}
#endif

/* Resize the live buffer, then the snapshot's; recording is paused. */
static int buffers_resize_paused(struct trace_array *tr, unsigned long size,
				 int cpu)
{
	int err = ring_buffer_resize(tr->array_buffer.buffer, size, cpu);

	if (err < 0)
		return err;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->allocated_snapshot) {
		err = ring_buffer_resize(tr->max_buffer.buffer, size, cpu);
		if (err < 0) {
			/*
			 * Back to the sizes array_buffer still records; if
			 * even that fails, live and snapshot differ for good.
			 */
			if (WARN_ON(resize_buffer_duplicate_size(&tr->array_buffer,
								 &tr->array_buffer,
								 cpu) < 0))
				tracing_disabled = 1;
			return err;
		}
		buffer_note_size(&tr->max_buffer, cpu);
	}
#endif
	buffer_note_size(&tr->array_buffer, cpu);
	return 0;
}

/**
 * tracing_resize_ring_buffer - resize @tr's buffers
 * @tr: the instance
 * @size: bytes per CPU
 * @cpu_id: one CPU, or RING_BUFFER_ALL_CPUS
 *
 * Return: 0, -EINVAL for a CPU without a buffer, or the ring buffer's error.
 */
ssize_t tracing_resize_ring_buffer(struct trace_array *tr,
				   unsigned long size, int cpu_id)
{
	guard(mutex)(&trace_types_lock);
	if (cpu_id != RING_BUFFER_ALL_CPUS &&
	    !cpumask_test_cpu(cpu_id, tracing_buffer_mask))
		return -EINVAL;
	return __tracing_resize_ring_buffer(tr, size, cpu_id);
}

/**
 * __tracing_resize_ring_buffer - resize @tr's buffers, trace_types_lock held
 * @tr: the instance
 * @size: bytes per CPU (0: the minimum)
 * @cpu: one CPU, or RING_BUFFER_ALL_CPUS
 *
 * An explicit size ends lazy expansion.  The snapshot follows when it is
 * allocated; if it cannot, the live buffer is put back to its old size,
 * and if even that fails the two would differ for good, so tracing is
 * disabled with a warning.
 */
int __tracing_resize_ring_buffer(struct trace_array *tr, unsigned long size,
				 int cpu)
{
	int err;

	lockdep_assert_held(&trace_types_lock);

	trace_set_ring_buffer_expanded(tr);
	if (!tr->array_buffer.buffer)	/* boot: the size applies at allocation */
		return 0;

	tracing_stop_tr(tr);
	err = buffers_resize_paused(tr, size, cpu);
	tracing_start_tr(tr);
	return err;
}

/**
 * trace_set_ring_buffer_expanded - @tr no longer waits for lazy expansion
 * @tr: the instance, NULL for the global one (boot parameters)
 */
void trace_set_ring_buffer_expanded(struct trace_array *tr)
{
	(tr ?: &global_trace)->ring_buffer_expanded = true;
}

/**
 * trace_forget_last_boot - drop a persistent buffer's previous boot
 * @tr: the instance
 *
 * A persistent buffer first holds the previous boot's records, whose
 * addresses are shifted by the deltas.  Once the instance is used again
 * they must go (all CPUs, online or not): the two boots must not mix.
 * Caller holds trace_types_lock.
 */
void trace_forget_last_boot(struct trace_array *tr)
{
	if (!tr->text_delta && !tr->data_delta)
		return;
	buffer_reset(&tr->array_buffer, RESET_ALL, 0);
	tr->text_delta = 0;
	tr->data_delta = 0;
}

/**
 * __trace_drop_last_boot - drop the previous boot's records, if they moved
 * @tr: the instance
 *
 * The slow half of trace_drop_last_boot(), for the writers of records
 * that carry this kernel's addresses (the markers) and for a reset of the
 * whole instance: records of the two boots must not be printed with one
 * shift.  Process context; takes trace_types_lock.
 */
void __trace_drop_last_boot(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	trace_forget_last_boot(tr);
}

/**
 * tracing_update_buffers - get @tr's buffer ready for a first use
 * @tr: the instance
 *
 * Expands a buffer still at its boot size to trace_buf_size, and drops
 * the records of a previous boot.  Called before enabling anything that
 * writes.  Return: 0 or the resize error.
 */
int tracing_update_buffers(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	trace_forget_last_boot(tr);
	if (tr->ring_buffer_expanded)
		return 0;
	return __tracing_resize_ring_buffer(tr, trace_buf_size,
					    RING_BUFFER_ALL_CPUS);
}

/**
 * tracing_set_filter_buffering - count users that need filtered events
 *	written in place
 * @tr: the instance
 * @set: take (true) or drop (false) one count
 *
 * Return: 0, or -EINVAL (with a warning) when dropping a count not held.
 */
int tracing_set_filter_buffering(struct trace_array *tr, bool set)
{
	guard(mutex)(&trace_types_lock);
	if (set) {
		tr->no_filter_buffering_ref++;
		return 0;
	}
	if (WARN_ON_ONCE(!tr->no_filter_buffering_ref))
		return -EINVAL;
	tr->no_filter_buffering_ref--;
	return 0;
}

/*
 * Allocation
 */

static int buffer_alloc(struct trace_array *tr, struct array_buffer *buf,
			unsigned long size)
{
	bool fixed = tr->range_addr_start && tr->range_addr_size;
	unsigned int flags = 0;

	if (tr->trace_flags & TRACE_ITER_OVERWRITE)
		flags |= RB_FL_OVERWRITE;
	buf->tr = tr;
	buf->data = alloc_percpu(struct trace_array_cpu);
	if (!buf->data)
		return -ENOMEM;

	if (fixed)
		buf->buffer = ring_buffer_alloc_range(size, flags, 0,
						      tr->range_addr_start,
						      tr->range_addr_size);
	else
		buf->buffer = ring_buffer_alloc(size, flags);
	if (!buf->buffer) {
		free_percpu(buf->data);
		buf->data = NULL;
		return -ENOMEM;
	}

	if (fixed) {
		/* Allocated: its boot deltas can be read now. */
		ring_buffer_last_boot_delta(buf->buffer, &tr->text_delta,
					    &tr->data_delta);
		/* Fixed memory: as good as mapped (no snapshot, no swap). */
		tr->mapped++;
	}
	/* @buf's own per-CPU sizes, live or snapshot. */
	buffer_note_size(buf, RING_BUFFER_ALL_CPUS);
	return 0;
}

static void buffer_free(struct array_buffer *buf)
{
	if (!buf->buffer)
		return;
	ring_buffer_free(buf->buffer);
	buf->buffer = NULL;
	free_percpu(buf->data);
	buf->data = NULL;
}

/**
 * trace_alloc_buffers - allocate @tr's live and snapshot buffers
 * @tr: the instance
 * @size: bytes per CPU of the live buffer
 *
 * The snapshot buffer gets the minimum unless the boot parameter
 * alloc_snapshot asked for it (consumed here); a persistent instance has
 * none.  Return: 0 or -ENOMEM (nothing left allocated).
 */
int trace_alloc_buffers(struct trace_array *tr, unsigned long size)
{
	int err = buffer_alloc(tr, &tr->array_buffer, size);

	if (err)
		return err;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->range_addr_start)
		return 0;
	err = buffer_alloc(tr, &tr->max_buffer, allocate_snapshot ? size : 1);
	if (MEM_FAIL(err, "Failed to allocate trace buffer\n")) {
		buffer_free(&tr->array_buffer);
		return -ENOMEM;
	}
	tr->allocated_snapshot = allocate_snapshot;
	allocate_snapshot = false;
#endif
	return 0;
}

/** trace_free_buffers - free what trace_alloc_buffers() allocated */
void trace_free_buffers(struct trace_array *tr)
{
	if (!tr)
		return;
	buffer_free(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	buffer_free(&tr->max_buffer);
#endif
}
