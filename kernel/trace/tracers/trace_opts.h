/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Options and tracers: what trace_opts.c, trace_tracers.c and
 * trace_readme.c share, and what their KUnit suite looks at.
 *
 * An *option* is one bit of an instance's trace_flags word.  Its bit
 * number and its name both come from the TRACE_FLAGS list of trace_flags.h
 * (the enum trace_iterator_flags is generated from it), so the order
 * trace_options prints is the bit order by construction.  What each
 * option does besides flipping its bit, whether it has a file in an
 * instance's options/ directory and whether a new instance inherits it
 * is ours, in trace_opts.c (Documentation/trace/retrace/options.rst).
 *
 * A *tracer option* is one bit of a tracer's tracer_flags word, named
 * by the tracer's tracer_opt table.  trace_options lists the current
 * tracer's after the core ones; options/ has a file for each option of
 * each registered tracer the instance may use.
 *
 * Locks: trace_types_lock (trace_instance.c) covers the tracer list, every
 * instance's current tracer, trace_flags and tracer option files.
 * Options whose side effect reaches the event registry (record-cmd,
 * record-tgid, event-fork, trace_printk_dest) need event_mutex too,
 * taken first: event_mutex -> trace_types_lock.
 */
#ifndef _KERNEL_TRACE_OPTS_H
#define _KERNEL_TRACE_OPTS_H

#include <linux/init.h>
#include <linux/list.h>
#include <linux/types.h>

struct file_operations;
struct trace_array;
struct tracer;
struct tracer_flags;
struct tracer_opt;

/* Longest "[no]name" trace_options accepts in one write, NUL included. */
#define TRACE_OPTS_WRITE_MAX	64

/*
 * Turn @mask (one TRACE_ITER_* bit, trace_flags.h) of @tr on or off,
 * with its side effect; trace_types_lock held.  0, or the tracer's veto.
 */
int set_tracer_flag(struct trace_array *tr, unsigned int mask, int enabled);

/* One option by name ("name" or "noname"), as trace_options takes it. */
int trace_set_options(struct trace_array *tr, char *option);

/*
 * A tracer's flag_changed op for tracers that need overwrite mode:
 * refuses to clear overwrite while @tracer is enabled.
 */
int trace_keep_overwrite(struct tracer *tracer, u32 mask, int set);

/* Name of core option @bit, or NULL past the last one. */
const char *trace_opt_name(unsigned int bit);
/* Number of core options in this configuration. */
unsigned int trace_opt_count(void);
/* Bit of the core option called @name, or -EINVAL. */
int trace_opt_lookup(const char *name);
/* Whether an instance other than the global one gets options/@bit. */
bool trace_opt_has_instance_file(unsigned int bit);
/* Whether a new instance starts with @bit cleared (not inherited). */
bool trace_opt_not_inherited(unsigned int bit);

/*
 * Split "[no]name" (surrounding blanks allowed) into the name, copied
 * to @name (at most @size bytes with the NUL), and whether it was
 * negated.  Returns 0, or -EINVAL when nothing is left of the name or
 * it does not fit.  The input is not modified.
 */
int trace_opt_parse(const char *in, char *name, size_t size, bool *neg);

/* The entry of @name in a tracer's option table, or NULL. */
struct tracer_opt *trace_tracer_opt_find(struct tracer_flags *flags,
					 const char *name);

/*
 * trace_opts.c: the files.  create_trace_options_dir() makes @tr's
 * options/ with a file per core option; add_tracer_options() the files
 * of tracer @t's options in @tr; __update_tracer_options() those of
 * every registered tracer in @tr (trace_types_lock held), and
 * update_tracer_options() the same taking the lock, once tracefs is up.
 * tracing_iter_fops is trace_options.
 */
extern const struct file_operations tracing_iter_fops;
void create_trace_options_dir(struct trace_array *tr);
void add_tracer_options(struct trace_array *tr, struct tracer *t);
void __update_tracer_options(struct trace_array *tr);
void update_tracer_options(struct trace_array *tr);
/* Boot: the options' instance part (struct trace_instance_part). */
void trace_opts_register_part(void);

/*
 * trace_options= on the command line: trace_bootparams.c hands the text
 * to trace_set_boot_options(), which keeps it (init memory);
 * apply_trace_boot_options() applies it to the global instance once the
 * options exist.
 */
void __init trace_set_boot_options(const char *str);
void __init apply_trace_boot_options(void);

/* trace_tracers.c: can @tr use @t (instances only if it allows them)? */
bool trace_ok_for_array(struct tracer *t, struct trace_array *tr);
/* trace_tracers.c: first registered tracer, to walk with ->next. */
struct tracer *trace_tracers_first(void);

/*
 * function-fork: what the option does, registered by function tracing
 * (function/trace_function_pid.c) at boot; NULL does nothing.
 */
#ifdef CONFIG_FUNCTION_TRACER
extern void (*trace_opts_function_fork)(struct trace_array *tr, bool on);
#endif

/*
 * trace_readme.c: README is made of parts, printed by rank, each
 * registered by the capability it describes when that is built.
 */
enum trace_readme_rank {
	TRACE_README_INTRO,
	TRACE_README_FILES,		/* files of every instance */
	TRACE_README_SNAPSHOT,
	TRACE_README_TRACERS,		/* function, graph, stack tracers */
	TRACE_README_TOP,		/* files of the top level only */
	TRACE_README_EVENTS,
	TRACE_README_TRIGGERS,		/* one line per trigger command */
	TRACE_README_TRIGGERS_END,
	TRACE_README_PROBES,		/* kprobe, uprobe, dynamic events */
	TRACE_README_HIST,		/* histograms, synthetic events */
};

struct trace_readme_part {
	struct list_head	node;		/* readme_lock */
	enum trace_readme_rank	rank;
	const char		*text;
};

struct seq_file;
void trace_readme_add(struct trace_readme_part *part);
void trace_readme_show(struct seq_file *m);
extern const struct file_operations tracing_readme_fops;

#endif /* _KERNEL_TRACE_OPTS_H */
