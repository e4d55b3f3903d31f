/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files that replaced 6.12's trace.c lend each other.
 *
 * trace.c was taken apart one job at a time (core-plan.rst, steps S3 to
 * S9); while it existed, this header was the seam between what was left
 * of it and our files, each step adding a section for the names that
 * crossed.  trace.c is gone (S9), so every name here is now defined in
 * one of our files; the sections still say which step moved them, and
 * "trace.c" in them means the file that took that job over.  Folding
 * each section into the header of the job that defines it (headers.rst)
 * is the next cleanup; trace.h includes this header at its end.
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
 * trace_tp_printk.c (patches/0170; trace.c's until then): tp_printk,
 * which prints every committed event to the console too; the commit
 * path tests the key and calls the printer.
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
void trace_create_maxlat_file(struct trace_array *tr, struct dentry *d_tracer);
#else
/* (Moved here from trace.c by patches/0170.) */
static inline void trace_create_maxlat_file(struct trace_array *tr,
					    struct dentry *d_tracer) { }
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
 * S9, instances and buffers (patches/0150): trace_instance.c,
 * trace_buffers.c and trace_buffer_files.c.  trace.c still creates the
 * files, allocates the global buffer, makes the boot instances and
 * switches tracers; it calls these, some by their 6.12 names (the
 * inline shims go with trace.c).
 */
struct trace_clock_desc {
	u64 (*func)(void);
	const char *name;
	int in_ns;
};

extern const struct trace_clock_desc trace_clocks[];
extern const unsigned int trace_clocks_nr;

extern const struct file_operations tracing_cpumask_fops;
extern const struct file_operations tracing_entries_fops;
extern const struct file_operations tracing_total_entries_fops;
extern const struct file_operations tracing_buffer_meta_fops;
extern const struct file_operations last_boot_fops;
extern const struct file_operations tracing_free_buffer_fops;
extern const struct file_operations trace_clock_fops;
extern const struct file_operations trace_time_stamp_mode_fops;
extern const struct file_operations rb_simple_fops;
extern const struct file_operations buffer_percent_fops;
extern const struct file_operations buffer_subbuf_size_fops;

int trace_alloc_buffers(struct trace_array *tr, unsigned long size);
void trace_free_buffers(struct trace_array *tr);
int __tracing_resize_ring_buffer(struct trace_array *tr, unsigned long size,
				 int cpu);
struct trace_array *
trace_instance_create_systems(const char *name, const char *systems,
			      unsigned long range_start,
			      unsigned long range_size);
u64 trace_instance_map_range(u64 start, u64 size);
void trace_forget_last_boot(struct trace_array *tr);
void create_trace_instances(struct dentry *d_tracer);

static inline int allocate_trace_buffers(struct trace_array *tr,
					 unsigned long size)
{
	return trace_alloc_buffers(tr, size);
}

static inline struct trace_array *
trace_array_create_systems(const char *name, const char *systems,
			   unsigned long range_addr_start,
			   unsigned long range_addr_size)
{
	return trace_instance_create_systems(name, systems, range_addr_start,
					     range_addr_size);
}

static inline u64 map_pages(u64 start, u64 size)
{
	return trace_instance_map_range(start, size);
}

static inline void update_last_data(struct trace_array *tr)
{
	trace_forget_last_boot(tr);
}

/*
 * Borrowed from trace.c (patches/0150): the default buffer size (boot
 * parameter trace_buf_size=), the boot request for a snapshot buffer
 * (alloc_snapshot), the tracer and option code that an instance's
 * creation and removal call, and the creation of an instance's files.
 */
extern unsigned long trace_buf_size;
extern bool allocate_snapshot;
void update_printk_trace(struct trace_array *tr);
void tracing_set_nop(struct trace_array *tr);
void __update_tracer_options(struct trace_array *tr);
void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer);

/*
 * S9 fsboot (patches/0170): tracefs helpers (trace_fs.c), the boot
 * parameters and boot stages (trace_bootparams.c), tp_printk
 * (trace_tp_printk.c), the snapshot files' open side
 * (trace_snapshot_files.c).  trace.c still creates the files, so it
 * needs these fops and helpers; the rest of what moved keeps its
 * trace.h declaration (trace_fs.c, trace_parser.c, trace_pid_files.c,
 * trace_reader_fmt.c, update_printk_trace() in trace_printk.c).
 */
int tracing_get_cpu(struct inode *inode);
int tracing_single_release_tr(struct inode *inode, struct file *filp);
int tracing_seq_release(struct inode *inode, struct file *filp);
struct dentry *tracing_get_dentry(struct trace_array *tr);
struct dentry *tracing_dentry_percpu(struct trace_array *tr, int cpu);
void update_printk_trace(struct trace_array *tr);
void tp_printk_boot_init(void);
void tp_printk_boot_stop(void);
#ifdef CONFIG_TRACER_SNAPSHOT
extern const struct file_operations snapshot_fops;
extern const struct file_operations snapshot_raw_fops;
#endif
#ifdef CONFIG_DYNAMIC_FTRACE
extern const struct file_operations tracing_dyn_info_fops;
#endif

/*
 * Borrowed from trace.c by trace_bootparams.c (patches/0170 drops their
 * "static"): what the boot parameters set for the buffer, tracer and
 * option code (ftrace=, trace_buf_size=, alloc_snapshot, trace_options=)
 * and what boot needs to build the global and boot-time instances.
 */
extern char *default_bootup_tracer;
extern unsigned long trace_buf_size;
extern bool allocate_snapshot;
extern char trace_boot_options_buf[];
void apply_trace_boot_options(void);
/*
 * (allocate_trace_buffers(), map_pages() and trace_array_create_systems()
 * are the S9 instbuf shims above, over trace_buffers.c and
 * trace_instance.c.)
 */

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
