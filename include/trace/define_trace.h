/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Define the tracepoints and events of an event header.
 *
 * Exactly one object per event header does
 *
 *	#define CREATE_TRACE_POINTS
 *	#include <trace/events/foo.h>
 *
 * and the header ends (outside its include guard) with
 * #include <trace/define_trace.h>.  The header may set, before that:
 *
 *   TRACE_SYSTEM        the event system (events/<system>/ in tracefs)
 *   TRACE_INCLUDE_FILE  the header's name without ".h", if it is not
 *                       TRACE_SYSTEM
 *   TRACE_INCLUDE_PATH  where the header is, if not include/trace/events
 *                       (relative to this directory, or absolute)
 *
 * Here the header is read again, with TRACE_HEADER_MULTI_READ set, once
 * per staging pass (<trace/trace_events.h>), then by upstream's
 * <trace/bpf_probe.h> for BPF raw tracepoints.  With tracepoints disabled
 * (no CONFIG_TRACEPOINTS, or NOTRACE) there is nothing to define.
 *
 * Afterwards the TRACE_EVENT family is undefined again, so that the next
 * event header that includes <linux/tracepoint.h> gets the declaring
 * forms back, and CREATE_TRACE_POINTS is set again for it.
 */

#ifdef CREATE_TRACE_POINTS
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

#undef TRACE_INCLUDE
#undef __TRACE_INCLUDE

#ifndef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE TRACE_SYSTEM
#define __STG_OWN_INCLUDE_FILE
#endif

#ifdef TRACE_INCLUDE_PATH
#define __TRACE_INCLUDE(file) __stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __TRACE_INCLUDE(file) <trace/events/file.h>
#define __STG_OWN_INCLUDE_PATH
#endif
#define TRACE_INCLUDE(file) __TRACE_INCLUDE(file)

#define TRACE_HEADER_MULTI_READ

#ifdef TRACEPOINTS_ENABLED
#include <trace/trace_events.h>
#include <trace/bpf_probe.h>
#endif

#undef TRACE_HEADER_MULTI_READ

/* Hand the family back to <linux/tracepoint.h> (see its comments). */
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DECLARE_EVENT_CLASS_NOP
#undef DECLARE_EVENT_NOP
#undef DEFINE_EVENT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_NOP
#undef DEFINE_EVENT_PRINT
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION

#ifdef __STG_OWN_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __STG_OWN_INCLUDE_FILE
#endif
#ifdef __STG_OWN_INCLUDE_PATH
#undef TRACE_INCLUDE_PATH
#undef __STG_OWN_INCLUDE_PATH
#endif

/* The object may define the events of more headers. */
#define CREATE_TRACE_POINTS

#endif /* CREATE_TRACE_POINTS */
