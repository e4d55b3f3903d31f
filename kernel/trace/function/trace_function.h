/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing of instances: the function tracer, each instance's
 * ftrace_ops and the files that set its filters (function.rst).
 *
 * Each instance has one ops for the function tracer: the global
 * instance the core's global ops (fops_global), every other one its own,
 * made with the instance (an instance part) and freed with it.  The
 * instance's set_ftrace_filter and set_ftrace_notrace edit that ops'
 * hashes whether or not the tracer runs.
 *
 * Locking: the tracer's callbacks run under trace_types_lock (tracer
 * rules, tracers/trace_tracer.h); the filter files take the ops'
 * regex_lock, then ftrace_lock.  The function callback runs on every
 * traced function entry, any context.
 */
#ifndef _KERNEL_TRACE_FUNCTION_H
#define _KERNEL_TRACE_FUNCTION_H

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/types.h>

struct dentry;
struct module;
struct trace_array;
struct trace_pid_list;

#ifdef CONFIG_FUNCTION_TRACER
/*
 * Function tracing state of one instance.  @ops->private is the
 * instance.  @enabled gates the callback while the ops is registered
 * but the tracer is starting or stopping.  @repeats: per-CPU last
 * function for func-no-repeats (allocated on first use).  @mods: the
 * ":mod:" lines of set_ftrace_filter (@notrace false) and
 * set_ftrace_notrace kept for modules not loaded yet (struct
 * tfunc_mod_line, trace_function_files.c), and @probes its function
 * commands (struct tfunc_probe, trace_function_cmds.c), both under the
 * ops' regex_lock.  @pids, @no_pids, @pid_verdict, @follow_fork: the
 * pid filter (trace_function_pid.c).
 */
struct trace_func_instance {
	struct ftrace_ops		*ops;
	struct ftrace_ops		own_ops;
	bool				enabled;
	struct tfunc_repeat __percpu	*repeats;
	struct list_head		mods;
	struct list_head		probes;
	struct trace_pid_list __rcu	*pids;
	struct trace_pid_list __rcu	*no_pids;
	int __percpu			*pid_verdict;
	bool				follow_fork;
};

/* The state of @tr (NULL: an instance whose part failed, or none yet). */
struct trace_func_instance *trace_func_of(struct trace_array *tr);

/* Boot: the global instance's state around the core's global ops. */
void __init ftrace_init_global_array_ops(struct trace_array *tr);
/* Boot: register the function tracer; ftrace=function may start it. */
int __init init_function_trace(void);
/* Boot: function tracing as a part of every other instance. */
void __init trace_function_register_part(void);

/*
 * Files (made by the instance part, and for the global instance at
 * boot): set_ftrace_filter and set_ftrace_notrace
 * (trace_function_files.c), set_ftrace_pid and set_ftrace_notrace_pid
 * (trace_function_pid.c); the top directory's lists of sites.
 */
void tfunc_filter_files(struct trace_array *tr, struct dentry *d);

/*
 * The filter file of an ops that belongs to no instance (the stack
 * tracer's stack_trace_filter): inode->i_private is the ops, static,
 * with its hashes kept (fops_keep_hashes()).  Words as in
 * set_ftrace_filter, but commands and ":mod:" words are -ENODEV.
 */
extern const struct file_operations tfunc_ops_filter_fops;
void tfunc_pid_files(struct trace_array *tr, struct dentry *d);
void __init tfunc_top_files(void);

/* The function-fork option (the pid sets follow forks). */
void ftrace_pid_follow_fork(struct trace_array *tr, bool enable);

/* The per-CPU pid verdict (trace_function_pid.c): trace anyone, nobody. */
#define TFP_ANY		(-2)
#define TFP_NONE	(-1)
void tfunc_pids_clear(struct trace_func_instance *fi);

/* ":mod:" lines kept for @mod's load, applied now (module hook). */
void tfunc_mods_coming(struct module *mod);
void tfunc_mods_free(struct trace_func_instance *fi);

/* Function commands (trace_function_cmds.c). */
struct seq_file;
int tfunc_cmd_word(struct trace_func_instance *fi, struct trace_array *tr,
		   char *func, char *cmd);
bool tfunc_cmd_known(const char *rest);
void tfunc_cmds_free(struct trace_func_instance *fi);
bool tfunc_cmd_show(struct seq_file *m, struct trace_func_instance *fi,
		    loff_t n);
#else /* !CONFIG_FUNCTION_TRACER */
static inline void ftrace_init_global_array_ops(struct trace_array *tr) { }
static inline int init_function_trace(void) { return 0; }
static inline void trace_function_register_part(void) { }
#endif

#endif /* _KERNEL_TRACE_FUNCTION_H */
