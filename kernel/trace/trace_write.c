// SPDX-License-Identifier: GPL-2.0
/*
 * The write path of trace events: reserve a record in an instance's
 * ring buffer, let the generated probe fill it, commit it, with the
 * filter, the triggers, stack records, tp_printk and exports on the way
 * (core-plan.rst 2.6, write.rst).
 *
 * Entry points keep 6.12's names and signatures, because the staging
 * headers, the event registry and the tracers call them:
 *
 *   trace_event_buffer_reserve()/_commit()   generated event probes
 *   trace_event_buffer_lock_reserve()        probes that fill their own
 *                                            trace_event_buffer
 *   trace_buffer_lock_reserve(),
 *   trace_buffer_unlock_commit_regs()/_nostack()
 *                                            tracers' own records
 *   __trace_event_discard_commit()           drop a reserved record
 *   trace_buffered_event_enable()/_disable() "a filter or soft mode
 *                                            exists" (event_mutex)
 *
 * The common case, an event with no filter, no conditional trigger, not
 * soft-disabled and no stack option, costs one flag test at reserve
 * (then the ring buffer's reserve and the 8-byte header, inline) and
 * one at commit (then the ring buffer's commit).  Everything else is in
 * the out-of-line slow halves, which inline the scratch area's helpers
 * (a filter miss calls nothing but the filter).  The list
 * of trace exports the commit path feeds is trace_write_export.c.
 *
 * Filtered events use a scratch area instead of the ring buffer until
 * the verdict is known:
 *
 *   - each CPU has TRACE_WRITE_LEVELS levels of WRITE_LEVEL_SIZE bytes,
 *     one per nesting context (task, softirq, irq, NMI), allocated the
 *     first time a filter, a soft mode or a conditional trigger is set
 *     (trace_write_scratch_prepare(), event_mutex), never freed, so a
 *     writer that read the pointer can always use it;
 *   - the per-CPU trace_write_depth counts the levels in use: reserve
 *     takes the next one (this_cpu_inc_return(), one instruction that an
 *     interrupt sees either before or after), commit gives it back;
 *   - a kept record is copied with ring_buffer_write() (one reservation);
 *     a dropped one costs nothing and never touches the ring buffer, so
 *     a filter miss cannot push old data out of an overwriting buffer;
 *   - no level free, no area on this CPU, or a record larger than a
 *     level: the record is reserved in place and discarded on a miss,
 *     as 6.12 does in the same cases;
 *   - when tracing is off but a conditional trigger must see the record
 *     (e.g. "traceon if ..."), the in-place reservation fails and the
 *     record goes to scratch, where it is dropped at commit (6.12 keeps a
 *     whole spare ring buffer, temp_buffer, for this).
 *
 * Concurrency of the scratch area, per CPU (a level is only ever used
 * by the CPU it belongs to, with preemption off from reserve to commit):
 *
 *	                  take level   give back   copy out   prepare
 *	take level (irq)      ok          ok          ok         ok
 *	give back  (irq)      ok          ok          ok         ok
 *	prepare (process)     ok          ok          ok       event_mutex
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

#include "trace.h"
#include "trace_write.h"
#include "retrace/filter.h"

/* One scratch level: a pseudo ring-buffer record, header then body. */
#define WRITE_LEVEL_SIZE	PAGE_SIZE
#define WRITE_AREA_ORDER	get_order(WRITE_LEVEL_SIZE * TRACE_WRITE_LEVELS)
/* The largest body a level holds: what remains after header and length. */
#define WRITE_LEVEL_BODY	(WRITE_LEVEL_SIZE - 2 * sizeof(u32))

/* Levels in use on this CPU (trace_write.h). */
DEFINE_PER_CPU(unsigned int, trace_write_depth);

/*
 * This CPU's scratch area (TRACE_WRITE_LEVELS levels), or NULL.  Written
 * once under event_mutex, read locklessly by writers of that CPU.
 */
static DEFINE_PER_CPU(void *, write_area);

/* Filters and soft modes that asked for scratch (event_mutex). */
static unsigned int write_scratch_users;

/* Skip counts of stack records taken at commit; see trace_write_stack.c. */
#define WRITE_STACK_SKIP	3

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

void trace_write_scratch_prepare(void)
{
	struct page *page;
	int cpu;

	lockdep_assert_held(&event_mutex);

	for_each_possible_cpu(cpu) {
		if (per_cpu(write_area, cpu))
			continue;
		page = alloc_pages_node(cpu_to_node(cpu),
					GFP_KERNEL | __GFP_NORETRY,
					WRITE_AREA_ORDER);
		/* Without it this CPU's filtered events write in place. */
		if (!page)
			continue;
		/* Pairs with the smp_load_acquire() in write_scratch_take(). */
		smp_store_release(&per_cpu(write_area, cpu), page_address(page));
	}
}

/**
 * trace_buffered_event_enable - a filter or a soft mode is being set up
 *
 * Makes sure filtered and soft-disabled records can be staged in the
 * scratch area.  Context: event_mutex held; may sleep.
 */
void trace_buffered_event_enable(void)
{
	lockdep_assert_held(&event_mutex);
	write_scratch_users++;
	trace_write_scratch_prepare();
}

/**
 * trace_buffered_event_disable - a filter or a soft mode went away
 *
 * Balances trace_buffered_event_enable().  The area stays: it is small
 * and a writer may still be using it.  Context: event_mutex held.
 */
void trace_buffered_event_disable(void)
{
	lockdep_assert_held(&event_mutex);
	if (WARN_ON_ONCE(!write_scratch_users))
		return;
	write_scratch_users--;
}

static __always_inline struct ring_buffer_event *
write_level(void *area, unsigned int lvl)
{
	return area + lvl * WRITE_LEVEL_SIZE;
}

/*
 * Take this CPU's next scratch level for a record of @len body bytes and
 * fill its header.  Returns with preemption disabled, or NULL (and
 * preemption as it was) when no level can hold it.
 */
static __always_inline struct ring_buffer_event *
write_scratch_take(int type, unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *ev;
	unsigned int lvl;
	void *area;

	if (len > WRITE_LEVEL_BODY)
		return NULL;
	preempt_disable_notrace();
	/* Pairs with the smp_store_release() in trace_write_scratch_prepare(). */
	area = smp_load_acquire(this_cpu_ptr(&write_area));
	if (!area)
		goto none;
	lvl = this_cpu_inc_return(trace_write_depth) - 1;
	/* The level is ours only once the counter says so. */
	barrier();
	if (lvl >= TRACE_WRITE_LEVELS) {
		this_cpu_dec(trace_write_depth);
		goto none;
	}
	ev = write_level(area, lvl);
	/* A type_len 0 data record: array[0] counts itself and the body. */
	ev->type_len = 0;
	ev->time_delta = 0;
	ev->array[0] = len + sizeof(u32);
	trace_write_header((struct trace_entry *)&ev->array[1], type, trace_ctx);
	return ev;
none:
	preempt_enable_notrace();
	return NULL;
}

/* Give back the innermost level; ends the record's preempt-off section. */
static __always_inline void write_scratch_put(void)
{
	/* Every access to the level is done before it is given back. */
	barrier();
	this_cpu_dec(trace_write_depth);
	preempt_enable_notrace();
}

static __always_inline bool write_is_scratch(struct ring_buffer_event *event)
{
	unsigned int depth = __this_cpu_read(trace_write_depth);
	void *area = __this_cpu_read(write_area);

	return depth && area && event == write_level(area, depth - 1);
}

/**
 * trace_write_is_scratch - is @event this CPU's innermost scratch record
 * @event: a record reserved and not yet committed by this context
 *
 * Context: preemption off (between reserve and commit).
 */
bool trace_write_is_scratch(struct ring_buffer_event *event)
{
	return write_is_scratch(event);
}

/*
 * The time stamp of a record triggers look at (hist triggers): a scratch
 * record has none yet, so it is "now" on the buffer's clock.
 */
u64 tracing_event_time_stamp(struct trace_buffer *buffer,
			     struct ring_buffer_event *rbe)
{
	if (write_is_scratch(rbe))
		return ring_buffer_time_stamp(buffer);
	return ring_buffer_event_time_stamp(buffer, rbe);
}

/* Drop a reserved record: forget a scratch one, discard one in place. */
static __always_inline void write_discard(struct trace_buffer *buffer,
					  struct ring_buffer_event *event)
{
	if (write_is_scratch(event)) {
		write_scratch_put();
		return;
	}
	ring_buffer_discard_commit(buffer, event);
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
	write_discard(buffer, event);
}

/*
 * Commit a kept record: copy a scratch record into @buffer, or commit
 * it in place.  A copy that finds the buffer off or full is lost, as a
 * reservation would have been.
 */
static __always_inline void write_commit(struct trace_buffer *buffer,
					 struct ring_buffer_event *event)
{
	__this_cpu_write(trace_taskinfo_save, true);
	if (write_is_scratch(event)) {
		ring_buffer_write(buffer, event->array[0] - sizeof(u32),
				  &event->array[1]);
		write_scratch_put();
		return;
	}
	ring_buffer_unlock_commit(buffer);
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

/*
 * Commit a kept record, then the stack records the instance asks for.
 * Without @regs the stacks skip WRITE_STACK_SKIP frames: the caller of
 * this (inlined) helper, the event commit and the probe, so that they
 * start at the traced code.  Tracers that commit their own records lose
 * a frame or two, as in 6.12.
 */
static __always_inline void write_commit_stacks(struct trace_array *tr,
						struct trace_buffer *buffer,
						struct ring_buffer_event *event,
						unsigned int trace_ctx,
						struct pt_regs *regs)
{
	write_commit(buffer, event);
	ftrace_trace_stack(tr, buffer, trace_ctx,
			   regs ? 0 : WRITE_STACK_SKIP, regs);
	ftrace_trace_userstack(tr, buffer, trace_ctx);
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
	write_commit_stacks(tr, buffer, event, trace_ctx, regs);
}

/**
 * trace_buffer_unlock_commit_nostack - commit a record, no stack records
 * @buffer: the buffer the record is in
 * @event: the record
 */
void trace_buffer_unlock_commit_nostack(struct trace_buffer *buffer,
					struct ring_buffer_event *event)
{
	write_commit(buffer, event);
}

/* ---- event records --------------------------------------------------- */

/* Flags that make reserve leave the fast path (6.12 values). */
#define WRITE_RESERVE_SLOW	(EVENT_FILE_FL_PID_FILTER |		\
				 EVENT_FILE_FL_FILTERED |		\
				 EVENT_FILE_FL_TRIGGER_COND |		\
				 EVENT_FILE_FL_SOFT_DISABLED)
/* Flags whose records are staged in scratch until the verdict. */
#define WRITE_STAGED		(EVENT_FILE_FL_FILTERED |		\
				 EVENT_FILE_FL_SOFT_DISABLED)
/* Instance options that add work at commit. */
#define WRITE_COMMIT_OPTS	(TRACE_ITER_STACKTRACE |		\
				 TRACE_ITER_USERSTACKTRACE)

/* trace_event_buffer_lock_reserve(), inlined into the probes' slow path. */
static __always_inline struct ring_buffer_event *
write_event_reserve(struct trace_buffer **current_rb,
		    struct trace_event_file *trace_file, int type,
		    unsigned long len, unsigned int trace_ctx)
{
	struct trace_array *tr = trace_file->tr;
	unsigned long flags = READ_ONCE(trace_file->flags);
	struct ring_buffer_event *ev;

	*current_rb = tr->array_buffer.buffer;

	/* Hist triggers that read record times turn staging off. */
	if ((flags & WRITE_STAGED) && !READ_ONCE(tr->no_filter_buffering_ref)) {
		ev = write_scratch_take(type, len, trace_ctx);
		if (ev)
			return ev;
	}
	trace_record_reserve(*current_rb, type, len, trace_ctx, &ev);
	if (!ev && (flags & EVENT_FILE_FL_TRIGGER_COND))
		ev = write_scratch_take(type, len, trace_ctx);
	return ev;
}

/**
 * trace_event_buffer_lock_reserve - reserve a record for an event file
 * @current_rb: set to the buffer the record belongs to
 * @trace_file: the event file (its flags choose where the record goes)
 * @type: the event's type
 * @len: bytes of the record, common header included
 * @trace_ctx: the context word
 *
 * The record is in the instance's live buffer, or staged in scratch
 * when the event is filtered or soft-disabled, or when a conditional
 * trigger needs it and the buffer refused it.  Returns NULL when there
 * is nowhere to put it.  End it with trace_event_buffer_commit(),
 * trace_buffer_unlock_commit*() or __trace_event_discard_commit().
 */
struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_rb,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx)
{
	return write_event_reserve(current_rb, trace_file, type, len,
				   trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);
/* Reserve for a file with any of WRITE_RESERVE_SLOW set. */
static noinline void *write_reserve_slow(struct trace_event_buffer *fbuffer,
					 struct trace_event_file *file,
					 unsigned long len)
{
	if ((READ_ONCE(file->flags) & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(file))
		return NULL;

	fbuffer->trace_ctx = trace_ctx_word_probe();
	fbuffer->trace_file = file;
	fbuffer->regs = NULL;
	fbuffer->event = write_event_reserve(&fbuffer->buffer, file,
					     file->event_call->event.type,
					     len, fbuffer->trace_ctx);
	if (!fbuffer->event)
		return NULL;
	fbuffer->entry = ring_buffer_record_body(fbuffer->event);
	return fbuffer->entry;
}

/**
 * trace_event_buffer_reserve - reserve the record of a generated probe
 * @fbuffer: the probe's commit state, filled here
 * @trace_file: the event file the probe runs for
 * @len: bytes of the record, common header included
 *
 * Returns the record with its common header filled, or NULL (pid
 * filtered out, buffer off or full).  The probe fills the fields and
 * calls trace_event_buffer_commit(@fbuffer).
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_buffer *buffer;
	struct ring_buffer_event *ev;
	unsigned int ctx;
	void *ent;

	if (unlikely(READ_ONCE(trace_file->flags) & WRITE_RESERVE_SLOW))
		return write_reserve_slow(fbuffer, trace_file, len);

	ctx = trace_ctx_word_probe();
	buffer = trace_file->tr->array_buffer.buffer;
	ent = trace_record_reserve(buffer, trace_file->event_call->event.type,
				   len, ctx, &ev);
	if (unlikely(!ent))
		return NULL;
	fbuffer->buffer = buffer;
	fbuffer->event = ev;
	fbuffer->trace_file = trace_file;
	fbuffer->entry = ent;
	fbuffer->trace_ctx = ctx;
	fbuffer->regs = NULL;
	return ent;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/*
 * Run the conditional triggers on the record, then judge it: false when
 * the event is soft-disabled, its filter does not match, or the pid
 * sets exclude the task.  The flags are read again after the triggers,
 * which may have changed them (enable_event/disable_event).
 */
static bool write_verdict(struct trace_event_buffer *fbuffer,
			  enum event_trigger_type *tt)
{
	struct trace_event_file *file = fbuffer->trace_file;
	unsigned long flags = READ_ONCE(file->flags);

	if (flags & EVENT_FILE_FL_TRIGGER_COND)
		*tt = event_triggers_call(file, fbuffer->buffer, fbuffer->entry,
					  fbuffer->event);
	flags = READ_ONCE(file->flags);
	if (flags & EVENT_FILE_FL_SOFT_DISABLED)
		return false;
	/*
	 * The filter is RCU-published; the reservation keeps preemption
	 * off.  Its program is run here directly, which is what
	 * filter_match_preds() does, without that call on the write path
	 * (the event_filter's "prog" holds a struct rtf_prog: see the top
	 * of trace_events_filter.c).
	 */
	if (flags & EVENT_FILE_FL_FILTERED) {
		struct event_filter *f = rcu_dereference_sched(file->filter);

		if (f && !rtf_match((const struct rtf_prog *)
				    rcu_dereference_sched(f->prog),
				    fbuffer->entry, UINT_MAX))
			return false;
	}
	return !(flags & EVENT_FILE_FL_PID_FILTER) ||
	       !trace_event_ignore_this_pid(file);
}

/*
 * Commit with a filter, triggers, soft mode, pid sets, stack options,
 * tp_printk or exports in play, or a staged record pending on this CPU.
 */
static noinline void write_commit_slow(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	enum event_trigger_type tt = ETT_NONE;

	if (!write_verdict(fbuffer, &tt)) {
		write_discard(fbuffer->buffer, fbuffer->event);
		goto post;
	}

	if (static_branch_unlikely(&tracepoint_printk_key))
		output_printk(fbuffer);
	if (static_branch_unlikely(&trace_event_exports_enabled))
		ftrace_exports(fbuffer->event, TRACE_EXPORT_EVENT);

	/*
	 * Stacks are taken from here, one frame below the event commit,
	 * at the depth 6.12 took them (its commit helper's frame).
	 */
	write_commit_stacks(file->tr, fbuffer->buffer, fbuffer->event,
			    fbuffer->trace_ctx, fbuffer->regs);
post:
	if (tt)
		event_triggers_post_call(file, tt);
}

/**
 * trace_event_buffer_commit - commit the record of a generated probe
 * @fbuffer: what trace_event_buffer_reserve() filled
 *
 * Applies the filter and the conditional triggers, and the instance's
 * stack options; ends the reservation either way.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;

	if (likely(!(READ_ONCE(file->flags) & WRITE_RESERVE_SLOW) &&
		   !(file->tr->trace_flags & WRITE_COMMIT_OPTS) &&
		   !__this_cpu_read(trace_write_depth) &&
		   !static_branch_unlikely(&tracepoint_printk_key) &&
		   !static_branch_unlikely(&trace_event_exports_enabled))) {
		trace_record_commit(fbuffer->buffer);
		return;
	}
	write_commit_slow(fbuffer);
	/*
	 * Not a tail call: stack records skip a fixed number of frames, and
	 * this function's frame is one of them.
	 */
	barrier();
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/* ---- function tracer records ------------------------------------------ */

/**
 * trace_function - record a traced function call (ftrace/function)
 * @tr: the instance
 * @ip: the function
 * @parent_ip: its caller
 * @trace_ctx: the context word
 */
void trace_function(struct trace_array *tr, unsigned long ip,
		    unsigned long parent_ip, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *ev;
	struct ftrace_entry *ent;

	ent = trace_record_reserve(buffer, TRACE_FN, sizeof(*ent), trace_ctx,
				   &ev);
	if (!ent)
		return;
	ent->ip = ip;
	ent->parent_ip = parent_ip;
	if (static_branch_unlikely(&trace_function_exports_enabled))
		ftrace_exports(ev, TRACE_EXPORT_FUNCTION);
	trace_record_commit(buffer);
}

/**
 * trace_last_func_repeats - record how often the last function repeated
 * @tr: the instance
 * @last_info: the repeated call and its count
 * @trace_ctx: the context word
 */
void trace_last_func_repeats(struct trace_array *tr,
			     struct trace_func_repeats *last_info,
			     unsigned int trace_ctx)
{
	struct ring_buffer_event *ev;
	struct func_repeats_entry *rep;
	u64 since;

	rep = trace_record_reserve(tr->array_buffer.buffer, TRACE_FUNC_REPEATS,
				   sizeof(*rep), trace_ctx, &ev);
	if (!rep)
		return;
	rep->ip = last_info->ip;
	rep->parent_ip = last_info->parent_ip;
	rep->count = last_info->count;
	/* Time from the last repeated call to this record, split in two. */
	since = ring_buffer_event_time_stamp(tr->array_buffer.buffer, ev) -
		last_info->ts_last_call;
	rep->top_delta_ts = upper_32_bits(since);
	rep->bottom_delta_ts = lower_32_bits(since);
	trace_record_commit(tr->array_buffer.buffer);
}
