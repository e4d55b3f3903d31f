// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoint and event objects of two event headers whose call sites
 * live outside kernel/trace and have no object of their own to define
 * them in: <trace/events/error_report.h> (KFENCE, KASAN and friends report
 * through error_report_end) and <trace/events/power.h> (cpuidle, cpufreq,
 * PM QoS, suspend, clocks and power domains).
 *
 * Nothing runs here: CREATE_TRACE_POINTS makes the staging headers emit,
 * for every event of the two headers, the tracepoint, its static call and
 * key, the event call with its probe, and the print code (one object for
 * both headers, see Documentation/trace/retrace/leaves.rst).
 *
 * Order matters: event type ids are handed out in the order the event
 * calls sit in the _ftrace_events section, i.e. link order, then, inside
 * one object, the order gcc emits them in, which is the reverse of their
 * definition (the last event defined comes first).  The reference kernel
 * links error_report-traces.o just before power-traces.o, and the
 * Makefile puts this object where the first is; so error_report.h is read
 * after power.h for its one event to come out first, and every id then
 * equals the reference kernel's (events_identity.sh compares them).
 */
#define CREATE_TRACE_POINTS

#include <trace/events/power.h>
/* Last: see "Order matters" above. */
#include <trace/events/error_report.h>

/* For the memory-error detectors that may be modules. */
EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);

/*
 * For power drivers built as modules: idle drivers (cpu_idle), cpufreq
 * and platform frequency drivers (cpu_frequency, powernv_throttle), and
 * suspend code in device drivers (suspend_resume).
 */
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
