/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seam between what is left of 6.12's trace.c and the jobs carved
 * out of it into files of ours.
 *
 * While trace.c is upstream's, a job moves out of it by a deletion-only
 * patch (patches/006x-trace-carve-*.patch) that removes the region and
 * drops "static" from the few trace.c objects the moved code still
 * reads.  Both directions are declared here: what trace.c calls in our
 * files (it still creates the tracefs files and tears instances down),
 * and what our files borrow from trace.c.  trace.h includes this header
 * at its end (patches/0060), so trace.c sees every declaration that
 * must match its definitions, and the compiler checks each pair.  It
 * relies on trace.h for its types.  The header goes away with trace.c
 * (core-plan.rst, step S9).
 */
#ifndef _TRACE_CARVE_H
#define _TRACE_CARVE_H

/* Borrowed from trace.c: the global instance (top of tracefs). */
extern struct trace_array global_trace;

/*
 * Borrowed from trace.c (patches/0062): tracing_disabled is 1 until the
 * buffers are set up and for good once tracing broke; the walker of the
 * trace export list, and the static key that says an export wants
 * markers.
 */
extern int tracing_disabled;
void ftrace_exports(struct ring_buffer_event *event, int flag);
DECLARE_STATIC_KEY_FALSE(trace_marker_exports_enabled);

/* trace_errlog.c: each instance's "error_log" file and its teardown. */
extern const struct file_operations tracing_err_log_fops;
void clear_tracing_err_log(struct trace_array *tr);

/* trace_marker.c: each instance's "trace_marker" and "trace_marker_raw". */
extern const struct file_operations tracing_mark_fops;
extern const struct file_operations tracing_mark_raw_fops;

#endif /* _TRACE_CARVE_H */
