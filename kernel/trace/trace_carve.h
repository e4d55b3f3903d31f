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
 * committed event to the console too; its switch, its printer, the
 * boot parameters and the sysctl stay in trace.c (S7 moved the dump
 * but not these; they go with trace_bootparams.c in S9).
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
 * trace_snapshot.c (patches/0120): trace.c still creates the snapshot
 * and tracing_max_latency files and switches tracers that own the max
 * buffer (free, arm).  The snapshot files' open and release stay with
 * the reader in trace.c; their write is ours.
 */
#ifdef CONFIG_TRACER_MAX_TRACE
/* (trace.c keeps its own empty stub for !CONFIG_TRACER_MAX_TRACE.) */
void trace_create_maxlat_file(struct trace_array *tr, struct dentry *d_tracer);
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
void free_snapshot(struct trace_array *tr);
int tracing_arm_snapshot_locked(struct trace_array *tr);
ssize_t tracing_snapshot_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos);
#else
static inline void free_snapshot(struct trace_array *tr) { }
static inline int tracing_arm_snapshot_locked(struct trace_array *tr)
{
	return -EBUSY;
}
#endif

/*
 * Borrowed from trace.c (patches/0120): the snapshot takes the live
 * buffer's per-CPU sizes and empties itself with the buffer helpers.
 */
void set_buffer_entries(struct array_buffer *buf, unsigned long val);
void tracing_reset_cpu(struct array_buffer *buf, int cpu);
#ifdef CONFIG_TRACER_MAX_TRACE
int resize_buffer_duplicate_size(struct array_buffer *trace_buf,
				 struct array_buffer *size_buf, int cpu_id);
#endif

/*
 * trace_dump.c (patches/0121): trace.c registers the die and panic
 * notifiers once the global buffer exists.  Borrowed from trace.c: an
 * iterator set up on its static scratch buffers, which the reader
 * never reallocates (a dump cannot allocate).
 */
struct notifier_block;
extern struct notifier_block trace_panic_notifier;
extern struct notifier_block trace_die_notifier;
void trace_init_iter(struct trace_iterator *iter, struct trace_array *tr);

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

/*
 * The reader (patches/0130): its locks, iterator set-up, the files'
 * fops and the functions trace.c's snapshot files and ftrace_dump()
 * still call.
 */
#include "trace_reader.h"

/*
 * S9, options and tracers (patches/0160): trace_opts.c,
 * trace_tracers.c and trace_readme.c make the files trace.c's
 * init_tracer_tracefs() and tracer_init_tracefs() still create, and
 * give trace.c's instance and boot code the calls it makes with the
 * same names as in 6.12.  (set_tracer_flag(), trace_set_options(),
 * register_tracer(), tracer_init() and tracing_set_tracer() are
 * declared by trace.h already.)
 */
extern const struct file_operations tracing_iter_fops;		/* trace_options */
extern const struct file_operations show_traces_fops;		/* available_tracers */
extern const struct file_operations set_tracer_fops;		/* current_tracer */
extern const struct file_operations tracing_thresh_fops;	/* tracing_thresh */
extern const struct file_operations tracing_readme_fops;	/* README */
void create_trace_options_dir(struct trace_array *tr);
void init_trace_flags_index(struct trace_array *tr);
void add_tracer_options(struct trace_array *tr, struct tracer *t);
void __update_tracer_options(struct trace_array *tr);
void update_tracer_options(struct trace_array *tr);
void tracing_set_nop(struct trace_array *tr);
void __init apply_trace_boot_options(void);
void __init clear_boot_tracer(void);

/*
 * Borrowed from trace.c (patches/0160): the boot parameters ftrace=
 * and trace_options= (their __setup handlers stay there).  The tracer
 * name is cleared once the tracer started or late_initcall gave up.
 */
extern char *default_bootup_tracer;
extern char trace_boot_options_buf[];

#endif /* _TRACE_CARVE_H */
