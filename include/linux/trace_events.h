/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface of trace events to the rest of the kernel, as one
 * name: an umbrella over seven headers of ours, one job each
 * (Documentation/trace/retrace/trace-events-h.rst is the map).
 *
 *	trace_events_record.h	the common fields of a record, the
 *				context word, TRACE_FLAG_*
 *	trace_events_output.h	the reader's iterator, event types and
 *				their print functions, TP_printk() helpers
 *	trace_events_call.h	events, classes and field tables; the
 *				registry's calls
 *	trace_events_file.h	an event in an instance, the write side of
 *				a probe, triggers, task-name recording
 *	trace_events_perf.h	perf's tracepoint PMU, the BPF hooks
 *	trace_events_dynevent.h	the dynamic-event command builder
 *	trace_events_synth.h	synthetic events for kernel code
 *
 * Every user includes this file (the staging headers, kernel/events,
 * kernel/bpf, syscalls.h through trace/syscall.h, drivers that switch
 * events on), so it defines nothing itself but the one thing that must
 * be outside its include guard (below).  Names, types and values are
 * 6.12's wherever anything built uses them.  Left out, because only
 * capabilities that are not built use them: the kprobe-event
 * generation API, the BPF raw-tracepoint runners and
 * event_trace_printk().
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/hardirq.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint.h>

#include <linux/trace_events_record.h>
#include <linux/trace_events_output.h>
#include <linux/trace_events_call.h>
#include <linux/trace_events_file.h>
#include <linux/trace_events_perf.h>
#include <linux/trace_events_dynevent.h>
#include <linux/trace_events_synth.h>

#endif /* _LINUX_TRACE_EVENT_H */

/*
 * Outside the guard on purpose: a header of custom events includes this
 * file, then uses TRACE_CUSTOM_EVENT() and friends.  Read for its
 * declarations, they must expand to nothing; read by
 * <trace/define_custom_trace.h>, they are that header's.  Each read
 * defines them only when no one else has, so a second header of custom
 * events in the same object still finds the staging definitions.
 */
#ifndef TRACE_CUSTOM_EVENT
#define DECLARE_CUSTOM_EVENT_CLASS(...)
#define DEFINE_CUSTOM_EVENT(...)
#define TRACE_CUSTOM_EVENT(...)
#endif
