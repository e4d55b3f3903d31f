// SPDX-License-Identifier: GPL-2.0
/*
 * The custom event sample: events/custom/{sched_switch,sched_waking,
 * sched_process_exec} with records of our own (trace_custom_sched.h) on
 * the scheduler's tracepoints.  At load time each custom event is bound to
 * its tracepoint by name, through the trace_custom_event_<name>_update()
 * helper the staging generates, called for every vmlinux tracepoint.
 */
#include <linux/module.h>
#include <linux/tracepoint.h>

/* The tracepoints' declarations (trace_sched_switch() and friends). */
#include <trace/events/sched.h>

#define CREATE_CUSTOM_TRACE_EVENTS
#include "trace_custom_sched.h"

static void bind_custom_event(struct tracepoint *tp, void *unused)
{
	if (trace_custom_event_sched_switch_update(tp))
		return;
	if (trace_custom_event_sched_waking_update(tp))
		return;
	trace_custom_event_sched_process_exec_update(tp);
}

static int __init custom_sched_init(void)
{
	for_each_kernel_tracepoint(bind_custom_event, NULL);
	return 0;
}

static void __exit custom_sched_exit(void)
{
}

module_init(custom_sched_init);
module_exit(custom_sched_exit);

MODULE_DESCRIPTION("retrace: custom events on scheduler tracepoints");
MODULE_LICENSE("GPL");
