/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracepoint_test_events.h - the tracepoints of tracepoint_test_module.ko:
 * a trace event (shows up under events/tptest/ in tracefs while the module
 * is loaded) and a bare tracepoint (DECLARE_TRACE: tracepoint tptest_bare_tp).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tptest

#if !defined(_TRACEPOINT_TEST_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACEPOINT_TEST_EVENTS_H

#include <linux/tracepoint.h>

TRACE_EVENT(tptest_event,
	TP_PROTO(unsigned int seq),
	TP_ARGS(seq),
	TP_STRUCT__entry(
		__field(unsigned int, seq)
	),
	TP_fast_assign(
		__entry->seq = seq;
	),
	TP_printk("seq=%u", __entry->seq)
);

DECLARE_TRACE(tptest_bare,
	TP_PROTO(unsigned int seq),
	TP_ARGS(seq));

#endif /* _TRACEPOINT_TEST_EVENTS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE tracepoint_test_events
#include <trace/define_trace.h>
