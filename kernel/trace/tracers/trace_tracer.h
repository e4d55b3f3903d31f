/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracers: what an instance runs besides its events (current_tracer).
 * Only "nop" exists until the function and latency tracers return (and
 * blktrace, which registers one when it is built).
 *
 * A tracer is a static ops table, registered once (register_tracer(),
 * at boot or module init; never unregistered) on a list owned by
 * trace_tracers.c.  Each instance has exactly one current tracer.
 *
 * Locking: the tracer list, every instance's current_trace, a tracer's
 * @enabled count and its option files are under trace_types_lock.  The
 * ops are called with trace_types_lock held except the reader's
 * (@open ... @print_line), which run under the open file's locks
 * (trace_reader.h) and must only read tracer state.
 */
#ifndef _KERNEL_TRACE_TRACER_H
#define _KERNEL_TRACE_TRACER_H

#include <linux/init.h>
#include <linux/trace_events.h>
#include <linux/types.h>

struct dentry;
struct file;
struct pipe_inode_info;
struct seq_file;
struct trace_array;
struct trace_iterator;

/*
 * A tracer's own boolean options, shown in options/ of each instance
 * while the tracer is registered: @name is the file name, @bit the
 * mask of the option in its tracer_flags' @val.
 */
struct tracer_opt {
	const char	*name;
	u32		bit;
};

/* Build a tracer_opt: TRACER_OPT(name-as-file, mask) */
#define TRACER_OPT(s, b)	.name = #s, .bit = b

/*
 * The option values of one tracer (not per instance: instances share
 * them): @val holds the set bits, @opts the
 * table ended by a NULL name, @trace the tracer they belong to.
 */
struct tracer_flags {
	u32			val;
	struct tracer_opt	*opts;
	struct tracer		*trace;
};

/* One options/<name> file of a tracer option, in instance @tr. */
struct trace_option_dentry {
	struct trace_array	*tr;
	struct tracer_flags	*flags;
	struct tracer_opt	*opt;
	struct dentry		*entry;
};

/* The option files an instance made for one tracer (tr->topts[]). */
struct trace_options {
	struct tracer			*tracer;
	int				nr_topts;
	struct trace_option_dentry	*topts;
};

/**
 * struct tracer - a tracer and its callbacks
 * @name: its name in available_tracers and current_tracer
 * @flags: its own options, if any
 * @next: the tracer list (trace_types_lock)
 * @enabled: instances running it (trace_types_lock)
 * @allow_instances: instances may run it, not only the global one
 * @noboot: ftrace= on the command line may not select it
 * @print_max: the trace file shows the snapshot buffer
 * @use_max_tr: it takes snapshots itself (latency tracers)
 *
 * Control (trace_types_lock held):
 * @init: it becomes @tr's current tracer (0 or -errno: refused)
 * @reset: it stops being @tr's current tracer
 * @start: tracing_on went from 0 to 1 (optional)
 * @stop: tracing_on went from 1 to 0 (optional)
 * @update_thresh: tracing_thresh was written (optional)
 * @flag_changed: an instance option is about to change; non-zero vetoes
 * @set_flag: one of @flags changed; 0 accepts it
 *
 * Reading (the reader's locks, trace_reader.h; all optional):
 * @print_line: prints one record first (TRACE_TYPE_UNHANDLED: not its)
 * @print_header: replaces the column header of the trace file
 * @open: a trace file was opened on an instance running it
 * @close: that file was released
 * @pipe_open: a trace_pipe file was opened
 * @pipe_close: that file was released
 * @read: replaces the text read of trace_pipe
 * @splice_read: replaces its splice
 */
struct tracer {
	const char		*name;
	struct tracer_flags	*flags;
	struct tracer		*next;
	int			enabled;
	bool			allow_instances;
	bool			noboot;
	bool			print_max;
#ifdef CONFIG_TRACER_MAX_TRACE
	bool			use_max_tr;
#endif

	int	(*init)(struct trace_array *tr);
	void	(*reset)(struct trace_array *tr);
	void	(*start)(struct trace_array *tr);
	void	(*stop)(struct trace_array *tr);
	int	(*update_thresh)(struct trace_array *tr);
	int	(*flag_changed)(struct trace_array *tr, u32 mask, int set);
	int	(*set_flag)(struct trace_array *tr, u32 old_flags, u32 bit,
			    int set);

	enum print_line_t (*print_line)(struct trace_iterator *iter);
	void	(*print_header)(struct seq_file *m);
	void	(*open)(struct trace_iterator *iter);
	void	(*close)(struct trace_iterator *iter);
	void	(*pipe_open)(struct trace_iterator *iter);
	void	(*pipe_close)(struct trace_iterator *iter);
	ssize_t	(*read)(struct trace_iterator *iter, struct file *filp,
			char __user *ubuf, size_t cnt, loff_t *ppos);
	ssize_t	(*splice_read)(struct trace_iterator *iter, struct file *filp,
			       loff_t *ppos, struct pipe_inode_info *pipe,
			       size_t len, unsigned int flags);
};

/* The tracer every instance starts with: records nothing itself. */
extern struct tracer nop_trace;

/* Add @type to available_tracers (trace_types_lock taken inside). */
int register_tracer(struct tracer *type);

/* Make @t the current tracer of @tr: its @init, with the checks. */
int tracer_init(struct tracer *t, struct trace_array *tr);

/* current_tracer's write: switch @tr to the tracer named @buf. */
int tracing_set_tracer(struct trace_array *tr, const char *buf);

/* Make nop @tr's current tracer (instance removal, trace_types_lock). */
void tracing_set_nop(struct trace_array *tr);
/* Boot: the current tracer's instance part (struct trace_instance_part). */
void trace_tracer_register_part(void);

/*
 * ftrace= on the command line (trace_tracers.c): the tracer to start
 * once it registers.  clear_boot_tracer() forgets it at late_initcall
 * if it never did, before init memory (which holds the name) goes.
 */
extern char *default_bootup_tracer;
void __init clear_boot_tracer(void);

/* available_tracers, current_tracer and tracing_thresh (trace_tracers.c). */
extern const struct file_operations show_traces_fops;
extern const struct file_operations set_tracer_fops;
extern const struct file_operations tracing_thresh_fops;
/* Files kept in ns and shown in us (tracing_thresh, tracing_max_latency). */
ssize_t trace_usecs_read(unsigned long ns, char __user *ubuf, size_t cnt,
			 loff_t *ppos);
int trace_usecs_from_user(const char __user *ubuf, size_t cnt,
			  unsigned long *ns);

#endif /* _KERNEL_TRACE_TRACER_H */
