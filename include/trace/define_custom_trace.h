/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Define the custom events of a custom event header: the counterpart of
 * <trace/define_trace.h> for TRACE_CUSTOM_EVENT(), which adds an event (in
 * system "custom") with its own record and print to a tracepoint defined
 * elsewhere.  The object that creates them does
 *
 *	#define CREATE_CUSTOM_TRACE_EVENTS
 *	#include "my-custom-events.h"
 *
 * and the header ends with #include <trace/define_custom_trace.h>, with
 * TRACE_INCLUDE_FILE / TRACE_INCLUDE_PATH set as for define_trace.h.  The
 * header is then read once per pass of <trace/trace_custom_events.h>.
 */

#ifdef CREATE_CUSTOM_TRACE_EVENTS
#undef CREATE_CUSTOM_TRACE_EVENTS

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

#define TRACE_CUSTOM_MULTI_READ

#ifdef TRACEPOINTS_ENABLED
#include <trace/trace_custom_events.h>
#endif

#undef TRACE_CUSTOM_MULTI_READ
#undef TRACE_CUSTOM_EVENT
#undef DECLARE_CUSTOM_EVENT_CLASS
#undef DEFINE_CUSTOM_EVENT

#ifdef __STG_OWN_INCLUDE_FILE
#undef TRACE_INCLUDE_FILE
#undef __STG_OWN_INCLUDE_FILE
#endif
#ifdef __STG_OWN_INCLUDE_PATH
#undef TRACE_INCLUDE_PATH
#undef __STG_OWN_INCLUDE_PATH
#endif

#define CREATE_CUSTOM_TRACE_EVENTS

#endif /* CREATE_CUSTOM_TRACE_EVENTS */
