// SPDX-License-Identifier: GPL-2.0
/*
 * Trace exports: other kernel code (e.g. the STM bridge) registers a
 * struct trace_export to be handed every function, event or marker
 * record as it is committed (register_ftrace_export(), linux/trace.h).
 * The write paths (trace_write.c, trace_event_write.c, trace_marker.c)
 * test one static key per kind and call ftrace_exports() only when an
 * export of that kind exists (write.rst, "Exports").
 */
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/ring_buffer.h>
#include <linux/static_key.h>
#include <linux/trace.h>

#include "trace_write.h"

/*
 * Exports see records as they are committed (register_ftrace_export()).
 * The list is walked locklessly by writers (preemption off, so a
 * synchronize_rcu() would cover them); it is changed under
 * write_export_lock, entries are published with rcu_assign_pointer().
 * Unregistering does not wait for walkers: the owner of an
 * export must not free it before a grace period passed.
 *
 * One static key per kind of record keeps the cost of "no export" at a
 * NOP on each path that could feed one.
 */
static DEFINE_MUTEX(write_export_lock);
static struct trace_export __rcu *write_exports;

DEFINE_STATIC_KEY_FALSE(trace_function_exports_enabled);
DEFINE_STATIC_KEY_FALSE(trace_event_exports_enabled);
DEFINE_STATIC_KEY_FALSE(trace_marker_exports_enabled);

/* Count @export's kinds in (@delta 1) or out (-1) of the static keys. */
static void write_export_keys(struct trace_export *export, int delta)
{
	static struct static_key_false *const keys[] = {
		&trace_function_exports_enabled,
		&trace_event_exports_enabled,
		&trace_marker_exports_enabled,
	};
	static const int kinds[] = {
		TRACE_EXPORT_FUNCTION, TRACE_EXPORT_EVENT, TRACE_EXPORT_MARKER,
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (!(export->flags & kinds[i]))
			continue;
		if (delta > 0)
			static_branch_inc(keys[i]);
		else
			static_branch_dec(keys[i]);
	}
}

/**
 * ftrace_exports - hand a committed record to every export of its kind
 * @event: the record
 * @flag: its kind, TRACE_EXPORT_FUNCTION, _EVENT or _MARKER
 *
 * Context: any; called with the record still reserved.
 */
void ftrace_exports(struct ring_buffer_event *event, int flag)
{
	struct trace_export *ex;

	preempt_disable_notrace();
	for (ex = rcu_dereference_raw_check(write_exports); ex;
	     ex = rcu_dereference_raw_check(ex->next)) {
		if (ex->flags & flag)
			ex->write(ex, ring_buffer_event_data(event),
				  ring_buffer_event_length(event));
	}
	preempt_enable_notrace();
}

/**
 * register_ftrace_export - send committed records to @export
 * @export: the export; ->write and ->flags set, not registered yet
 *
 * Returns 0, or -1 when @export has no write method.
 */
int register_ftrace_export(struct trace_export *export)
{
	if (WARN_ON_ONCE(!export->write))
		return -1;

	guard(mutex)(&write_export_lock);
	write_export_keys(export, 1);
	/* Its next pointer must be valid before walkers can reach it. */
	rcu_assign_pointer(export->next,
			   rcu_dereference_protected(write_exports, true));
	rcu_assign_pointer(write_exports, export);
	return 0;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

/**
 * unregister_ftrace_export - stop sending records to @export
 * @export: a registered export
 *
 * Returns 0, or -1 when @export was not registered.  Walkers may still
 * be calling it when this returns (see above).
 */
int unregister_ftrace_export(struct trace_export *export)
{
	struct trace_export __rcu **link = &write_exports;
	struct trace_export *ex;

	guard(mutex)(&write_export_lock);
	for (; (ex = rcu_dereference_protected(*link, true)); link = &ex->next) {
		if (ex != export)
			continue;
		rcu_assign_pointer(*link, rcu_dereference_protected(ex->next, true));
		/* Only a registered export counts in the keys. */
		write_export_keys(export, -1);
		return 0;
	}
	return -1;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);
