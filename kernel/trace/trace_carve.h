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
 * buffers are set up and for good once tracing broke.  (The export
 * list moved to trace_write.c with patches/0080.)
 */
extern int tracing_disabled;

/*
 * Borrowed from trace.c (patches/0063): the instance trace_printk()
 * writes to (trace_printk_dest moves it; trace.c owns the option) and
 * whether a startup self-test owns the global buffer.  (The stack
 * recorder moved to trace_write_stack.c with patches/0080.)
 */
extern struct trace_array *printk_trace;
#ifdef CONFIG_FTRACE_STARTUP_TEST
extern bool tracing_selftest_running;
static inline bool tracing_selftest_on(void)
{
	return READ_ONCE(tracing_selftest_running);
}
#else
static inline bool tracing_selftest_on(void)
{
	return false;
}
#endif

/*
 * Borrowed from trace.c (patches/0080): tp_printk, which prints every
 * committed event to the console too; its switch and its printer stay
 * with the boot parameters and sysctl until trace_dump.c (S7).
 */
DECLARE_STATIC_KEY_FALSE(tracepoint_printk_key);
void output_printk(struct trace_event_buffer *fbuffer);

/* trace_errlog.c: each instance's "error_log" file and its teardown. */
extern const struct file_operations tracing_err_log_fops;
void clear_tracing_err_log(struct trace_array *tr);

/* trace_marker.c: each instance's "trace_marker" and "trace_marker_raw". */
extern const struct file_operations tracing_mark_fops;
extern const struct file_operations tracing_mark_raw_fops;

/* trace_printk.c: the trace_printk option changed (trace_types_lock). */
void trace_printk_start_stop_comm(int enabled);

/*
 * trace_eval.c (patches/0090): trace.c queues the creation of the
 * tracefs files on the eval map workqueue (NULL if it could not be
 * allocated; gone after late_initcall_sync) and creates "eval_map".
 */
extern struct workqueue_struct *eval_map_wq;
#ifdef CONFIG_TRACE_EVAL_MAP_FILE
void trace_create_eval_file(struct dentry *d_tracer);
#else
static inline void trace_create_eval_file(struct dentry *d_tracer) { }
#endif

#endif /* _TRACE_CARVE_H */
