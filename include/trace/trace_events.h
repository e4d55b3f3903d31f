/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TRACE_EVENT staging: turn one event header into events the trace core
 * registers.  Included by <trace/define_trace.h> (with TRACE_INCLUDE and
 * TRACE_INCLUDE_FILE set to the event header) in the one object that
 * defines the header's tracepoints, when tracepoints are enabled.
 *
 * The header is read three times, each read after stages/reset.h:
 *
 *   stages/record.h    record layout, field descriptions, the tracefs and
 *                      perf probes, the tracepoints themselves
 *   stages/output.h    the functions that print a record in "trace"
 *   stages/describe.h  print fmt strings, event classes, event calls, eval
 *                      maps, event flags
 *
 * Each stage file says, at its top, exactly what it generates.  The field
 * macros of TP_STRUCT__entry() have one meaning throughout
 * (stages/fields.h), which is what lets one read produce everything that
 * depends on them.
 *
 * Names generated for the kernel and for user space to see:
 * struct trace_event_raw_<class> (BTF users read it),
 * trace_event_raw_event_<class>, perf_trace_<class>, event_class_<class>
 * and event_<event>.  Everything else is __stg_ and private to the object.
 */

#include <linux/trace_events.h>
#include <trace/stages/fields.h>

#ifndef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR TRACE_SYSTEM
#endif

/* The system name every class and eval map of this header points to. */
static const char __stg_cat(__stg_system_, TRACE_SYSTEM_VAR)[] =
	__stringify(TRACE_SYSTEM);

#include <trace/stages/reset.h>
#include <trace/stages/record.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/reset.h>
#include <trace/stages/output.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/reset.h>
#include <trace/stages/describe.h>
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/reset.h>
#undef TRACE_SYSTEM_VAR
