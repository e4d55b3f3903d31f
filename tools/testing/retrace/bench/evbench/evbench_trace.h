/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two events for the per-event cost benchmark: a small fixed record and a
 * 128-byte string record (the shape of upstream's benchmark_event).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM evbench

#if !defined(_EVBENCH_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _EVBENCH_TRACE_H

#include <linux/tracepoint.h>

#define EVB_STRLEN	128

/* One line per part: the shape matters less than the record. */
TRACE_EVENT(evb_small,
	TP_PROTO(u64 seq, u32 tag, u32 val), TP_ARGS(seq, tag, val),
	TP_STRUCT__entry(__field(u64, seq) __field(u32, tag) __field(u32, val)),
	TP_fast_assign(__entry->seq = seq; __entry->tag = tag; __entry->val = val;),
	TP_printk("seq=%llu tag=%u val=%u", __entry->seq, __entry->tag, __entry->val)
);

TRACE_EVENT(evb_str,
	TP_PROTO(const char *str, u64 delta), TP_ARGS(str, delta),
	TP_STRUCT__entry(__array(char, str, EVB_STRLEN) __field(u64, delta)),
	TP_fast_assign(memcpy(__entry->str, str, EVB_STRLEN); __entry->delta = delta;),
	TP_printk("%s delta=%llu", __entry->str, __entry->delta)
);

#endif /* _EVBENCH_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE evbench_trace
#include <trace/define_trace.h>
