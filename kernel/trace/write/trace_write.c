// SPDX-License-Identifier: GPL-2.0
/*
 * The write path of trace records: reserve a record in an instance's
 * ring buffer, commit it, with stack records and exports on the way;
 * the scratch area filtered event records are staged in; the context
 * word; the trace core's off switch, tracing_disabled (write.rst).
 *
 * This is the layer below the events: it knows instances and buffers,
 * not event files.  The reserve and commit of event records, which run
 * the filter, the triggers and the pid check of an event file, are the
 * event registry's (trace_event_write.c); they are built from the
 * inline helpers of trace_write.h, so an event record makes no call
 * into this file.
 *
 * Entry points, with the names and signatures the staging headers, the
 * event registry and the tracers call:
 *
 *   trace_buffer_lock_reserve(),
 *   trace_buffer_unlock_commit_regs()/_nostack()
 *                                            tracers' own records
 *   __trace_event_discard_commit()           drop a reserved record
 *   trace_write_scratch_prepare()            a filter, soft mode or
 *                                            trigger stages records
 *                                            (process context)
 *
 * The list of trace exports the commit paths feed is
 * trace_write_export.c.
 *
 * Filtered events use a scratch area instead of the ring buffer until
 * the verdict is known:
 *
 *   - each CPU has TRACE_WRITE_LEVELS levels of TRACE_WRITE_LEVEL_SIZE
 *     bytes, one per nesting context (task, softirq, irq, NMI),
 *     allocated the first time a filter, a soft mode or a conditional
 *     trigger is set (trace_write_scratch_prepare(), under
 *     write_area_lock), never freed, so a writer that read the pointer
 *     can always use it;
 *   - the per-CPU trace_write_depth counts the levels in use: reserve
 *     takes the next one (this_cpu_inc_return(), one instruction that an
 *     interrupt sees either before or after), commit gives it back;
 *   - a kept record is copied with ring_buffer_write() (one reservation);
 *     a dropped one costs nothing and never touches the ring buffer, so
 *     a filter miss cannot push old data out of an overwriting buffer;
 *   - no level free, no area on this CPU, or a record larger than a
 *     level: the record is reserved in place and discarded on a miss;
 *   - when tracing is off but a conditional trigger must see the record
 *     (e.g. "traceon if ..."), the in-place reservation fails and the
 *     record goes to scratch, where it is dropped at commit (no spare
 *     ring buffer is needed for this).
 *
 * Concurrency of the scratch area, per CPU (a level is only ever used
 * by the CPU it belongs to, with preemption off from reserve to commit):
 *
 *	                  take level   give back   copy out   prepare
 *	take level (irq)      ok          ok          ok         ok
 *	give back  (irq)      ok          ok          ok         ok
 *	prepare (process)     ok          ok          ok     write_area_lock
 *
 * An interrupting writer finds depth already raised by the writer it
 * interrupted and uses the level above; it restores depth before it
 * returns, so the interrupted writer's level is untouched.  The barriers
 * around the level's use only stop the compiler from moving accesses to
 * the level across the counter update.
 *
 * Contexts: every reserve/commit runs in any context, NMI included.
 */
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/static_key.h>
#include <linux/trace.h>

#include "instance/trace_array.h"
#include "trace_write.h"

#define WRITE_AREA_ORDER	\
	get_order(TRACE_WRITE_LEVEL_SIZE * TRACE_WRITE_LEVELS)

/* Levels in use on this CPU (trace_write.h). */
DEFINE_PER_CPU(unsigned int, trace_write_depth);

/* This CPU's scratch area, or NULL (trace_write.h). */
DEFINE_PER_CPU(void *, trace_write_area);

/* The trace core's off switch (trace_write.h): 1 until boot clears it. */
int tracing_disabled = 1;

/**
 * tracing_gen_ctx_irq_test - the context word of a record written now
 * @irqs_status: TRACE_FLAG_IRQS_OFF, TRACE_FLAG_IRQS_NOSUPPORT or 0
 *
 * The out-of-line trace_ctx_word(), for include/linux/trace_events.h's
 * tracing_gen_ctx*() helpers.
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	return trace_ctx_word(irqs_status);
}

/* ---- the scratch area ------------------------------------------------ */

/*
 * Serialises the allocation of the scratch areas.  Innermost: callers
 * may hold event_mutex and trace_types_lock; nothing is taken inside.
 */
static DEFINE_MUTEX(write_area_lock);

void trace_write_scratch_prepare(void)
{
	struct page *page;
	int cpu;

	mutex_lock(&write_area_lock);
	for_each_possible_cpu(cpu) {
		if (per_cpu(trace_write_area, cpu))
			continue;
		page = alloc_pages_node(cpu_to_node(cpu),
					GFP_KERNEL | __GFP_NORETRY,
					WRITE_AREA_ORDER);
		/* Without it this CPU's filtered events write in place. */
		if (!page)
			continue;
		/* Pairs with the smp_load_acquire() in trace_write_scratch_take(). */
		smp_store_release(&per_cpu(trace_write_area, cpu),
				  page_address(page));
	}
	mutex_unlock(&write_area_lock);
}

/**
 * trace_write_is_scratch - is @event this CPU's innermost scratch record
 * @event: a record reserved and not yet committed by this context
 *
 * Context: preemption off (between reserve and commit).
 */
bool trace_write_is_scratch(struct ring_buffer_event *event)
{
	return trace_write_scratch_owns(event);
}

/*
 * The time stamp of a record triggers look at (hist triggers): a scratch
 * record has none yet, so it is "now" on the buffer's clock.
 */
u64 tracing_event_time_stamp(struct trace_buffer *buffer,
			     struct ring_buffer_event *rbe)
{
	if (trace_write_scratch_owns(rbe))
		return ring_buffer_time_stamp(buffer);
	return ring_buffer_event_time_stamp(buffer, rbe);
}

/**
 * __trace_event_discard_commit - drop a reserved record
 * @buffer: the buffer it was reserved in
 * @event: the record
 *
 * A scratch record is simply forgotten; one in the ring buffer is
 * discarded there.  Ends the preempt-off section of the reservation.
 */
void __trace_event_discard_commit(struct trace_buffer *buffer,
				  struct ring_buffer_event *event)
{
	trace_write_discard(buffer, event);
}

/* ---- records of tracers and of kernel/trace itself ------------------ */

/**
 * trace_buffer_lock_reserve - reserve a record of @type in @buffer
 * @buffer: the ring buffer
 * @type: the record's type (common_type)
 * @len: bytes of the record, common header included
 * @trace_ctx: the context word
 *
 * Returns the ring-buffer event, its common header filled, or NULL.
 * End it with trace_buffer_unlock_commit*() or __trace_event_discard_commit().
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *ev;

	trace_record_reserve(buffer, type, len, trace_ctx, &ev);
	return ev;
}

/**
 * trace_buffer_unlock_commit_regs - commit a record, then stack records
 * @tr: the instance (its stacktrace options apply)
 * @buffer: the buffer the record is in
 * @event: the record
 * @trace_ctx: its context word (stack records get the same)
 * @regs: registers to unwind from, or NULL for the caller's stack
 */
void trace_buffer_unlock_commit_regs(struct trace_array *tr,
				     struct trace_buffer *buffer,
				     struct ring_buffer_event *event,
				     unsigned int trace_ctx,
				     struct pt_regs *regs)
{
	trace_write_commit_stacks(tr, buffer, event, trace_ctx, regs);
}

/**
 * trace_buffer_unlock_commit_nostack - commit a record, no stack records
 * @buffer: the buffer the record is in
 * @event: the record
 */
void trace_buffer_unlock_commit_nostack(struct trace_buffer *buffer,
					struct ring_buffer_event *event)
{
	trace_write_commit(buffer, event);
}
