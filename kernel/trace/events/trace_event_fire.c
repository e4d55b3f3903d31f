// SPDX-License-Identifier: GPL-2.0
/*
 * What runs when an event fires, besides its record: the walk of the
 * event file's trigger list (event_triggers_call() before the record is
 * committed, event_triggers_post_call() after), and the gate of probes
 * that write no record (__trace_trigger_soft_disabled()).
 *
 * This is the registry's side of the triggers: the event file owns the
 * RCU list file->triggers, and the trigger component (triggers.rst)
 * puts its instances on it, each with the command's operations
 * (struct event_command) to call.  Nothing here knows a command: an
 * instance is judged by its own state (its filter, its command's
 * flags) and fired through its operations.  The callers are
 * the event write path (trace_event_write.c), the markers
 * (trace_marker.c) and the probes that record nothing
 * (include/linux/trace_events_file.h).
 *
 * A probe reads the file's flags before it walks the list, so it can
 * meet an instance published after that read: the walk judges each
 * instance by the instance itself, never by the flags (trig_judge()).
 *
 * Contexts: a tracepoint probe's (RCU read side, preemption disabled or
 * the SRCU of faultable tracepoints), any context, NMI included.  No
 * lock is taken; the list and the instances change under event_mutex
 * and an instance is freed only after tracepoint_synchronize_unregister()
 * (trace_trigger.c).
 */
#include <linux/export.h>
#include <linux/rculist.h>
#include <linux/trace_events.h>

#include "filter/filter.h"
#include "trace_event.h"
#include "triggers/trace_trigger.h"

/*
 * Run one instance: the action, unless the instance was given a count and
 * its count check says no.  Inlined into both walkers so that the stack a
 * stacktrace trigger records skips a fixed number of frames to reach the
 * traced code (the skip is part of what the stack lines print).
 */
static __always_inline void trig_fire(struct event_trigger_data *data,
				      struct trace_buffer *buffer, void *rec,
				      struct ring_buffer_event *event)
{
	bool go = true;

	if (data->flags & EVENT_TRIGGER_FL_COUNT)
		go = data->cmd_ops->count_func(data, buffer, rec, event);
	if (go)
		data->cmd_ops->trigger(data, buffer, rec, event);
}

/* What one instance does about one hit of its event. */
enum trig_verdict {
	TRIG_SKIP,	/* paused, or its filter rejects the record */
	TRIG_RUN,	/* fire it now */
	TRIG_DEFER,	/* fire it after the record is committed */
};

static __always_inline enum trig_verdict
trig_judge(struct event_trigger_data *data, void *rec)
{
	struct event_filter *filter;

	if (READ_ONCE(data->paused))
		return TRIG_SKIP;
	filter = rcu_dereference_sched(data->filter);
	/*
	 * No record: the probe saw TRIGGER_COND clear.  An instance that
	 * needs the record (it filters, reads it or runs after commit) can
	 * only be met here if it was attached after the probe read the
	 * flags; it is skipped, not run unfiltered or without its record.
	 */
	if (!rec) {
		if (filter || event_command_post_trigger(data->cmd_ops) ||
		    event_command_needs_rec(data->cmd_ops))
			return TRIG_SKIP;
		return TRIG_RUN;
	}
	/*
	 * The instance's filter program, run as filter_match_preds() runs
	 * it (a filter without a program matches everything).
	 */
	if (filter && !fprog_match(rcu_dereference_raw(filter->prog),
				   rec, UINT_MAX))
		return TRIG_SKIP;
	if (event_command_post_trigger(data->cmd_ops))
		return TRIG_DEFER;
	return TRIG_RUN;
}

/**
 * event_triggers_call - run the triggers of an event that just fired
 * @file: the event's file
 * @buffer: the ring buffer holding the record, or NULL
 * @rec: the record, or NULL when the event is not recorded
 * @event: the ring buffer event of @rec, or NULL
 *
 * With @rec NULL every trigger runs now.  With a record, a
 * trigger with a filter runs only if the record matches, and a command
 * flagged EVENT_CMD_FL_POST_TRIGGER does not run here: its type bit is
 * returned for event_triggers_post_call(), once the record is committed.
 *
 * Never inlined into its callers: a stacktrace trigger's record skips a
 * fixed number of frames, this one among them.
 *
 * Context: a tracepoint probe (RCU read side held), any context.
 * Return: the trigger types deferred to event_triggers_post_call().
 */
noinline enum event_trigger_type
event_triggers_call(struct trace_event_file *file, struct trace_buffer *buffer,
		    void *rec, struct ring_buffer_event *event)
{
	enum event_trigger_type deferred = ETT_NONE;
	struct event_trigger_data *data;

	list_for_each_entry_rcu(data, &file->triggers, list) {
		switch (trig_judge(data, rec)) {
		case TRIG_RUN:
			trig_fire(data, buffer, rec, event);
			break;
		case TRIG_DEFER:
			deferred |= data->cmd_ops->trigger_type;
			break;
		case TRIG_SKIP:
			break;
		}
	}
	return deferred;
}
EXPORT_SYMBOL_GPL(event_triggers_call);

/**
 * event_triggers_post_call - run the triggers event_triggers_call() deferred
 * @file: the event's file
 * @tt: the types event_triggers_call() returned
 *
 * Never inlined, as event_triggers_call().
 *
 * Context: as event_triggers_call(), after the record was committed or
 * discarded.
 */
noinline void event_triggers_post_call(struct trace_event_file *file,
				       enum event_trigger_type tt)
{
	struct event_trigger_data *data;

	list_for_each_entry_rcu(data, &file->triggers, list) {
		/* only the deferred types */
		if (!(data->cmd_ops->trigger_type & tt))
			continue;
		trig_fire(data, NULL, NULL, NULL);
	}
}
EXPORT_SYMBOL_GPL(event_triggers_post_call);

/*
 * The slow half of trace_trigger_soft_disabled() (linux/trace_events.h):
 * the event is in trigger mode, soft disabled or pid filtered, and none of
 * its triggers needs the record.  Runs the triggers, then says whether the
 * record should be skipped.
 */
bool __trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long flags = READ_ONCE(file->flags);
	bool skip;

	if (flags & EVENT_FILE_FL_TRIGGER_MODE)
		event_triggers_call(file, NULL, NULL, NULL);

	skip = flags & EVENT_FILE_FL_SOFT_DISABLED;
	if (!skip && (flags & EVENT_FILE_FL_PID_FILTER))
		skip = trace_event_ignore_this_pid(file);
	return skip;
}
EXPORT_SYMBOL_GPL(__trace_trigger_soft_disabled);
