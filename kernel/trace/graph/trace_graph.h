/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function_graph tracer (graph.rst): a graph user (struct
 * fgraph_ops of <linux/ftrace_graph.h>) per instance that writes a
 * funcgraph_entry record when a function is entered and a funcgraph_exit
 * record when it returns, and the printer that turns those records back
 * into a call tree.
 *
 *   trace_graph.c        the tracer, its graph user per instance, the
 *                        callbacks, its options, the sleep-time probe
 *   trace_graph_files.c  set_graph_function, set_graph_notrace,
 *                        max_graph_depth (top level: their sets are the
 *                        system's, as the graph users of all instances
 *                        read them) and their boot parameters
 *   trace_graph_print.c  the text of trace and trace_pipe
 *
 * Locking: the tracer's control ops run under trace_types_lock; the
 * two sets are replaced under tgraph_sets_lock and read by the
 * callbacks with preemption off; max_graph_depth and the options are
 * single words read without a lock.  The callbacks run on every traced
 * call, any context, NMI included.
 */
#ifndef _KERNEL_TRACE_GRAPH_H
#define _KERNEL_TRACE_GRAPH_H

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/rcupdate.h>
#include <linux/trace_events.h>
#include <linux/types.h>

struct seq_file;
struct trace_array;
struct trace_iterator;
struct trace_seq;
struct ftrace_hash;

/*
 * The tracer's own options (options/funcgraph-*, sleep-time), shared by
 * every instance as any tracer's options are.  The bits are ours; the
 * names and the defaults are the interface.
 */
enum {
	TGRAPH_OPT_OVERRUN	= BIT(0),	/* funcgraph-overrun */
	TGRAPH_OPT_CPU		= BIT(1),	/* funcgraph-cpu */
	TGRAPH_OPT_OVERHEAD	= BIT(2),	/* funcgraph-overhead */
	TGRAPH_OPT_PROC		= BIT(3),	/* funcgraph-proc */
	TGRAPH_OPT_DURATION	= BIT(4),	/* funcgraph-duration */
	TGRAPH_OPT_ABSTIME	= BIT(5),	/* funcgraph-abstime */
	TGRAPH_OPT_IRQS		= BIT(6),	/* funcgraph-irqs */
	TGRAPH_OPT_TAIL		= BIT(7),	/* funcgraph-tail */
	TGRAPH_OPT_SLEEP_TIME	= BIT(8),	/* sleep-time */
	TGRAPH_OPT_RETVAL	= BIT(9),	/* funcgraph-retval */
	TGRAPH_OPT_RETVAL_HEX	= BIT(10),	/* funcgraph-retval-hex */
};

/* The options in force (trace_graph.c); the printer reads them. */
u32 tgraph_options(void);

/*
 * The per-task word the core keeps for each graph user
 * (fgraph_get_task_var()), as this tracer uses it:
 *
 *	 63           4   3   2 1   0
 *	+--------------+---+-----+---+
 *	|      0       | N |  D  | F |
 *	+--------------+---+-----+---+
 *	  F  the task is inside a function of set_graph_function
 *	  D  the call depth of that function, modulo 4 (an irq, softirq
 *	     or NMI may nest one more such function over the task's)
 *	  N  the task is inside a function of set_graph_notrace: nothing
 *	     below it is recorded until it returns
 */
#define TGV_IN_FILTER		BIT(0)
#define TGV_DEPTH_SHIFT		1
#define TGV_DEPTH_MASK		(3UL << TGV_DEPTH_SHIFT)
#define TGV_NOTRACE		BIT(3)

static inline unsigned long tgv_depth(unsigned long var)
{
	return (var & TGV_DEPTH_MASK) >> TGV_DEPTH_SHIFT;
}

static inline unsigned long tgv_enter_filter(unsigned long var, int depth)
{
	var &= ~TGV_DEPTH_MASK;
	return var | TGV_IN_FILTER |
	       (((unsigned long)depth << TGV_DEPTH_SHIFT) & TGV_DEPTH_MASK);
}

/*
 * set_graph_function and set_graph_notrace (trace_graph_files.c).  A
 * set is published with rcu_assign_pointer() and its key turned on
 * after it, off before an empty one replaces it; the callbacks look a
 * set up only while its key is on, with preemption off, and the file
 * frees a replaced set only after every CPU left such a section
 * (synchronize_rcu_tasks_rude(): some of them run where RCU does not
 * watch).
 */
extern struct ftrace_hash __rcu *tgraph_filter_set;
extern struct ftrace_hash __rcu *tgraph_notrace_set;
DECLARE_STATIC_KEY_FALSE(tgraph_filter_on);
DECLARE_STATIC_KEY_FALSE(tgraph_notrace_on);

/* max_graph_depth: calls at this depth or deeper are not recorded (0: no limit). */
extern unsigned int tgraph_max_depth;

/*
 * The printer (trace_graph_print.c).  tgraph_print_open() gives a
 * reader its state in iter->private (a tracer's open and pipe_open),
 * tgraph_print_close() frees it.  tgraph_print_line() prints one record
 * of the iterator with options @opts: the tracer's print_line and the
 * funcgraph events' text.  tgraph_print_header() is the tracer's header.
 */
void tgraph_print_open(struct trace_iterator *iter);
void tgraph_print_close(struct trace_iterator *iter);
enum print_line_t tgraph_print_line(struct trace_iterator *iter, u32 opts);
void tgraph_print_header(struct seq_file *m, struct trace_iterator *iter,
			 u32 opts);
/* The duration column of one line: "<mark> <usecs> us |  " and the fills. */
void tgraph_print_duration(struct trace_seq *s, u64 ns);
int __init tgraph_print_init(void);

/* Boot: the tracer and the global instance's graph user (trace_graph.c). */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
int __init init_graph_trace(struct trace_array *global);
void __init trace_graph_register_part(void);
#else
static inline int init_graph_trace(struct trace_array *global) { return 0; }
static inline void trace_graph_register_part(void) { }
#endif

#endif /* _KERNEL_TRACE_GRAPH_H */
