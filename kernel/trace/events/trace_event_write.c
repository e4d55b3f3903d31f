// SPDX-License-Identifier: GPL-2.0
/*
 * The write path of event records: a generated probe reserves its record
 * through an event file, fills it and commits it; on the way the event
 * file's pid check, conditional triggers, filter and soft mode judge it,
 * tp_printk prints it and event exports see it (write.rst).
 *
 * Entry points, with the names and signatures the staging headers and
 * the probes written against them call:
 *
 *   trace_event_buffer_reserve()/_commit()   generated event probes
 *   trace_event_buffer_lock_reserve()        probes that fill their own
 *                                            trace_event_buffer
 *
 * This is the registry's part of writing: the instance-level reserve
 * and commit, the scratch area filtered records are staged in and the
 * stack records are the write path's (trace_write.c), and are inlined
 * here from trace_write.h, so an event record costs the same calls as
 * if this file were part of it.  The triggers run through the event
 * file's trigger list (trace_event_fire.c).
 *
 * The common case, an event with no filter, no conditional trigger, not
 * soft-disabled and no stack option, costs one flag test at reserve
 * (then the ring buffer's reserve and the 8-byte header, inline) and
 * one at commit (then the ring buffer's commit).  Everything else is in
 * the out-of-line slow halves, which inline the scratch area's helpers
 * (a filter miss calls nothing but the filter).
 *
 * Contexts: every reserve/commit runs in any context, NMI included;
 * between the two preemption is off (trace_write.h).
 */
#include <linux/export.h>
#include <linux/ring_buffer.h>
#include <linux/static_key.h>
#include <linux/trace.h>
#include <linux/trace_events.h>

#include "filter/filter.h"
#include "instance/trace_array.h"
#include "trace_event.h"
#include "trace_flags.h"
#include "trace_tp_printk.h"
#include "write/trace_write.h"

/* Flags that make reserve leave the fast path. */
#define EVENT_WRITE_SLOW	(EVENT_FILE_FL_PID_FILTER |		\
				 EVENT_FILE_FL_FILTERED |		\
				 EVENT_FILE_FL_TRIGGER_COND |		\
				 EVENT_FILE_FL_SOFT_DISABLED)
/* Flags whose records are staged in scratch until the verdict. */
#define EVENT_WRITE_STAGED	(EVENT_FILE_FL_FILTERED |		\
				 EVENT_FILE_FL_SOFT_DISABLED)
/* Instance options that add work at commit. */
#define EVENT_WRITE_COMMIT_OPTS	(TRACE_ITER_STACKTRACE |		\
				 TRACE_ITER_USERSTACKTRACE)

/* trace_event_buffer_lock_reserve(), inlined into the probes' slow path. */
static __always_inline struct ring_buffer_event *
event_write_reserve(struct trace_buffer **current_rb,
		    struct trace_event_file *trace_file, int type,
		    unsigned long len, unsigned int trace_ctx)
{
	struct trace_array *tr = trace_file->tr;
	unsigned long flags = READ_ONCE(trace_file->flags);
	struct ring_buffer_event *ev;

	*current_rb = tr->array_buffer.buffer;

	/* Hist triggers that read record times turn staging off. */
	if ((flags & EVENT_WRITE_STAGED) &&
	    !READ_ONCE(tr->no_filter_buffering_ref)) {
		ev = trace_write_scratch_take(type, len, trace_ctx);
		if (ev)
			return ev;
	}
	trace_record_reserve(*current_rb, type, len, trace_ctx, &ev);
	if (!ev && (flags & EVENT_FILE_FL_TRIGGER_COND))
		ev = trace_write_scratch_take(type, len, trace_ctx);
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
	return event_write_reserve(current_rb, trace_file, type, len,
				   trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);

/* Reserve for a file with any of EVENT_WRITE_SLOW set. */
static noinline void *
event_write_reserve_slow(struct trace_event_buffer *fbuffer,
			 struct trace_event_file *file, unsigned long len)
{
	if ((READ_ONCE(file->flags) & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(file))
		return NULL;

	fbuffer->trace_ctx = trace_ctx_word_probe();
	fbuffer->trace_file = file;
	fbuffer->regs = NULL;
	fbuffer->event = event_write_reserve(&fbuffer->buffer, file,
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

	if (unlikely(READ_ONCE(trace_file->flags) & EVENT_WRITE_SLOW))
		return event_write_reserve_slow(fbuffer, trace_file, len);

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
static bool event_write_verdict(struct trace_event_buffer *fbuffer,
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
	 * filter_match_preds() does, without that call on the write path.
	 */
	if (flags & EVENT_FILE_FL_FILTERED) {
		struct event_filter *f = rcu_dereference_sched(file->filter);

		if (f && !fprog_match(rcu_dereference_sched(f->prog),
				      fbuffer->entry, UINT_MAX))
			return false;
	}
	return !(flags & EVENT_FILE_FL_PID_FILTER) ||
	       !trace_event_ignore_this_pid(file);
}

/*
 * Commit with a filter, triggers, soft mode, pid sets, stack options,
 * tp_printk or exports in play, or a staged record pending on this CPU.
 * Return: the trigger types deferred until after the commit.
 */
static noinline enum event_trigger_type
event_write_commit_slow(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	enum event_trigger_type tt = ETT_NONE;

	if (!event_write_verdict(fbuffer, &tt)) {
		trace_write_discard(fbuffer->buffer, fbuffer->event);
		return tt;
	}

	if (static_branch_unlikely(&tracepoint_printk_key))
		output_printk(fbuffer);
	if (static_branch_unlikely(&trace_event_exports_enabled))
		ftrace_exports(fbuffer->event, TRACE_EXPORT_EVENT);

	/*
	 * Stacks are taken from here, one frame below the event commit,
	 * so that they start at the traced code (trace_write_commit_stacks()).
	 */
	trace_write_commit_stacks(file->tr, fbuffer->buffer, fbuffer->event,
				  fbuffer->trace_ctx, fbuffer->regs);
	return tt;
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
	enum event_trigger_type tt;

	if (likely(!(READ_ONCE(file->flags) & EVENT_WRITE_SLOW) &&
		   !(file->tr->trace_flags & EVENT_WRITE_COMMIT_OPTS) &&
		   !__this_cpu_read(trace_write_depth) &&
		   !static_branch_unlikely(&tracepoint_printk_key) &&
		   !static_branch_unlikely(&trace_event_exports_enabled))) {
		trace_record_commit(fbuffer->buffer);
		return;
	}
	/*
	 * Stack records of the commit are taken one call below this frame
	 * and skip a fixed number of frames.  The deferred triggers run
	 * from here, a sibling call where the compiler makes one, as in
	 * 6.12: TRIG_STACK_SKIP counts on that frame layout.
	 */
	tt = event_write_commit_slow(fbuffer);
	if (tt)
		event_triggers_post_call(file, tt);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);
