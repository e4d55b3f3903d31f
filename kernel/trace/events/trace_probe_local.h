/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The private probe events behind perf's kprobe and uprobe PMUs
 * (perf_kprobe_init(), perf_uprobe_init() in trace_event_perf.c).
 *
 * A local probe event is a kprobe or uprobe event that is not listed in
 * tracefs and belongs to one perf event: created when the perf event is
 * opened, destroyed when it is closed, under event_mutex.  The probe
 * event code provides these when it comes back (kprobe events:
 * trace_kprobe.c; uprobe events: trace_uprobe.c); until then nothing
 * declares or calls them.  This header is all trace_event_perf.c needs
 * of the probe events, so it does not include their internals.
 */
#ifndef _TRACE_PROBE_LOCAL_H
#define _TRACE_PROBE_LOCAL_H

#include <linux/types.h>

struct trace_event_call;

#ifdef CONFIG_KPROBE_EVENTS
/*
 * A kprobe (or kretprobe if @is_return) on @func + @offs, or on @addr
 * when @func is NULL.  Returns the event call or an ERR_PTR().
 */
struct trace_event_call *create_local_trace_kprobe(char *func, void *addr,
						   unsigned long offs,
						   bool is_return);
void destroy_local_trace_kprobe(struct trace_event_call *call);
#endif

#ifdef CONFIG_UPROBE_EVENTS
/*
 * A uprobe (or uretprobe) on file @name at @offs, with a reference
 * counter at @ref_ctr_offset if not 0.  Returns the event call or an
 * ERR_PTR().
 */
struct trace_event_call *create_local_trace_uprobe(char *name,
						   unsigned long offs,
						   unsigned long ref_ctr_offset,
						   bool is_return);
void destroy_local_trace_uprobe(struct trace_event_call *call);
#endif

#endif /* _TRACE_PROBE_LOCAL_H */
