// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: one graph user per instance, whose entry
 * callback writes an ftrace/funcgraph_entry record and whose return
 * callback writes an ftrace/funcgraph_exit record (trace_graph.h).
 *
 * Which calls an instance records:
 *
 *   1. the instance's set_ftrace_filter and set_ftrace_notrace choose the
 *      functions the core calls us for (the graph user's ops shares the
 *      instance ops' sets);
 *   2. below a function of set_graph_notrace nothing is recorded: its
 *      entry marks the task (TGV_NOTRACE) and returns 1 so that its
 *      return clears the mark;
 *   3. the instance's pid filter (set_ftrace_pid, set_ftrace_notrace_pid)
 *      must want the task;
 *   4. while set_graph_function is not empty, only its functions and
 *      what they call, to max_graph_depth if that is set;
 *   5. with funcgraph-irqs off, nothing in hardirq context unless the
 *      task entered a set_graph_function function from an irq;
 *   6. with tracing_thresh set, the entry is not written and the return
 *      only when the call took at least that long.
 *
 * An entry callback that records nothing returns 0, and the core does
 * not hook that call's return: the return callback runs only for calls
 * whose entry was written (or that 2 or 6 asked for).
 *
 * Contexts: the callbacks run in any context, NMI included, with
 * preemption off and the core's recursion guard held (the core calls
 * no callback for a call made from inside another on the same CPU).
 * They write straight into the ring buffer, whose reserve nests in any
 * context.  The per-CPU "disabled" word of the instance
 * (tracing_cpumask) is read, not taken.
 */
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>

#include "fs/trace_fs.h"
#include "ftrace/ftrace_hash.h"
#include "function/trace_function.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_graph.h"
#include "trace_records.h"
#include "tracers/trace_opts.h"
#include "tracers/trace_tracer.h"
#include "write/trace_write.h"

static struct tracer_opt tgraph_opts[] = {
	{ TRACER_OPT(funcgraph-overrun, TGRAPH_OPT_OVERRUN) },
	{ TRACER_OPT(funcgraph-cpu, TGRAPH_OPT_CPU) },
	{ TRACER_OPT(funcgraph-overhead, TGRAPH_OPT_OVERHEAD) },
	{ TRACER_OPT(funcgraph-proc, TGRAPH_OPT_PROC) },
	{ TRACER_OPT(funcgraph-duration, TGRAPH_OPT_DURATION) },
	{ TRACER_OPT(funcgraph-abstime, TGRAPH_OPT_ABSTIME) },
	{ TRACER_OPT(funcgraph-irqs, TGRAPH_OPT_IRQS) },
	{ TRACER_OPT(funcgraph-tail, TGRAPH_OPT_TAIL) },
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	{ TRACER_OPT(funcgraph-retval, TGRAPH_OPT_RETVAL) },
	{ TRACER_OPT(funcgraph-retval-hex, TGRAPH_OPT_RETVAL_HEX) },
#endif
	{ TRACER_OPT(sleep-time, TGRAPH_OPT_SLEEP_TIME) },
	{ }
};

static struct tracer_flags tgraph_flags = {
	.val	= TGRAPH_OPT_CPU | TGRAPH_OPT_OVERHEAD | TGRAPH_OPT_DURATION |
		  TGRAPH_OPT_IRQS | TGRAPH_OPT_SLEEP_TIME,
	.opts	= tgraph_opts,
};

u32 tgraph_options(void)
{
	return READ_ONCE(tgraph_flags.val);
}

/* funcgraph-irqs off: hardirq calls are left out (read by the entry). */
static bool tgraph_skip_irqs;

/* The global instance's graph user; every other instance allocates its own. */
static struct fgraph_ops tgraph_global_gops;

/*
 * Whether the instance's pid filter wants the task on this CPU: the
 * verdict its sched probes left for this CPU (function/trace_function.h).
 */
static __always_inline bool tgraph_pid_wanted(struct trace_array *tr)
{
	int verdict = this_cpu_read(*tr->func->pid_verdict);

	return likely(verdict == TFP_ANY) || verdict == current->pid;
}

/* set_graph_notrace holds @ip (its key on, preemption off). */
static __always_inline bool tgraph_in_notrace(unsigned long ip)
{
	return fhash_lookup(rcu_dereference_raw(tgraph_notrace_set), ip);
}

/*
 * set_graph_function is not empty and the task is not below one of its
 * functions yet: is this one of them?  If so the task is below it from
 * now on, until it returns at this depth.  An irq that enters one is
 * recorded even with funcgraph-irqs off (TRACE_IRQ_BIT).
 */
static noinline bool tgraph_filter_enter(unsigned long *var,
					 struct ftrace_graph_ent *trace)
{
	struct ftrace_hash *set = rcu_dereference_raw(tgraph_filter_set);

	if (fhash_empty(set))
		return true;
	if (!fhash_lookup(set, trace->func))
		return false;
	*var = tgv_enter_filter(*var, trace->depth);
	if (in_hardirq())
		trace_recursion_set(TRACE_IRQ_BIT);
	else
		trace_recursion_clear(TRACE_IRQ_BIT);
	return true;
}

/* Write one record; false if the buffer took none (off, or full). */
static __always_inline bool tgraph_write_entry(struct trace_array *tr,
					       struct ftrace_graph_ent *trace,
					       unsigned int ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ftrace_graph_ent_entry *entry;
	struct ring_buffer_event *event;

	entry = trace_record_reserve(buffer, TRACE_GRAPH_ENT, sizeof(*entry),
				     ctx, &event);
	if (!entry)
		return false;
	entry->graph_ent = *trace;
	trace_record_commit(buffer);
	return true;
}

static __always_inline void tgraph_write_ret(struct trace_array *tr,
					     struct ftrace_graph_ret *trace,
					     unsigned int ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ftrace_graph_ret_entry *entry;
	struct ring_buffer_event *event;

	entry = trace_record_reserve(buffer, TRACE_GRAPH_RET, sizeof(*entry),
				     ctx, &event);
	if (!entry)
		return;
	entry->ret = *trace;
	trace_record_commit(buffer);
}

/*
 * The context word of a record written from a callback: the core's
 * guard disabled preemption, and the record shows that count, as the
 * callbacks of every graph user see it.
 */
static __always_inline unsigned int tgraph_ctx(void)
{
	return trace_ctx_word(irqs_disabled() ? TRACE_FLAG_IRQS_OFF : 0);
}

static int notrace tgraph_entry(struct ftrace_graph_ent *trace,
				struct fgraph_ops *gops)
{
	unsigned long *var = fgraph_get_task_var(gops);
	struct trace_array *tr = gops->private;
	unsigned int depth;

	if (unlikely(*var & TGV_NOTRACE))
		return 0;
	if (static_branch_unlikely(&tgraph_notrace_on) &&
	    tgraph_in_notrace(trace->func)) {
		*var |= TGV_NOTRACE;
		return 1;
	}
	if (!tgraph_pid_wanted(tr))
		return 0;
	if (static_branch_unlikely(&tgraph_filter_on) &&
	    !(*var & TGV_IN_FILTER) && !tgraph_filter_enter(var, trace))
		return 0;
	depth = READ_ONCE(tgraph_max_depth);
	if (unlikely(trace->depth < 0 || (depth && trace->depth >= depth)))
		return 0;
	if (unlikely(READ_ONCE(tgraph_skip_irqs)) && in_hardirq() &&
	    !trace_recursion_test(TRACE_IRQ_BIT))
		return 0;
	/* With a threshold only returns are written. */
	if (unlikely(tracing_thresh))
		return 1;
	if (unlikely(atomic_read(&this_cpu_ptr(tr->array_buffer.data)->disabled)))
		return 0;
	return tgraph_write_entry(tr, trace, tgraph_ctx());
}

static void notrace tgraph_return(struct ftrace_graph_ret *trace,
				  struct fgraph_ops *gops)
{
	unsigned long *var = fgraph_get_task_var(gops);
	struct trace_array *tr = gops->private;
	unsigned long thresh;

	/* Leaving the set_graph_function function the task entered. */
	if (unlikely(*var & TGV_IN_FILTER) && trace->depth == tgv_depth(*var))
		*var &= ~TGV_IN_FILTER;
	if (unlikely(*var & TGV_NOTRACE)) {
		*var &= ~TGV_NOTRACE;
		return;
	}
	thresh = READ_ONCE(tracing_thresh);
	if (unlikely(thresh) && trace->rettime - trace->calltime < thresh)
		return;
	if (unlikely(atomic_read(&this_cpu_ptr(tr->array_buffer.data)->disabled)))
		return;
	tgraph_write_ret(tr, trace, tgraph_ctx());
}

static int tgraph_init(struct trace_array *tr)
{
	struct fgraph_ops *gops = tr->gops;
	int ret;

	if (!gops || !tr->func)
		return -ENOMEM;
	ret = register_ftrace_graph(gops);
	if (ret)
		return ret;
	tracing_start_cmdline_record();
	return 0;
}

static void tgraph_reset(struct trace_array *tr)
{
	tracing_stop_cmdline_record();
	unregister_ftrace_graph(tr->gops);
}

/* tracing_thresh changed: the callbacks read it live. */
static int tgraph_update_thresh(struct trace_array *tr)
{
	return 0;
}

static int tgraph_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			   int set)
{
	if (bit == TGRAPH_OPT_IRQS)
		WRITE_ONCE(tgraph_skip_irqs, !set);
	if (bit == TGRAPH_OPT_SLEEP_TIME)
		ftrace_graph_sleep_time_control(set);
	return 0;
}

static enum print_line_t tgraph_print_line_opts(struct trace_iterator *iter)
{
	return tgraph_print_line(iter, tgraph_options());
}

static void tgraph_print_header_opts(struct seq_file *m)
{
	tgraph_print_header(m, m->private, tgraph_options());
}

static struct tracer graph_trace = {
	.name		= "function_graph",
	.init		= tgraph_init,
	.reset		= tgraph_reset,
	.update_thresh	= tgraph_update_thresh,
	.open		= tgraph_print_open,
	.pipe_open	= tgraph_print_open,
	.close		= tgraph_print_close,
	.pipe_close	= tgraph_print_close,
	.print_line	= tgraph_print_line_opts,
	.print_header	= tgraph_print_header_opts,
	.flags		= &tgraph_flags,
	.set_flag	= tgraph_set_flag,
	.allow_instances = true,
};

/*
 * A graph user for @tr: its ops shares the instance ops' filter and
 * notrace sets, so set_ftrace_filter of the instance chooses what the
 * core calls it for.
 */
static void tgraph_gops_setup(struct fgraph_ops *gops, struct trace_array *tr)
{
	gops->entryfunc = tgraph_entry;
	gops->retfunc = tgraph_return;
	gops->private = tr;
	fgraph_init_ops(&gops->ops, tr->ops);
	tr->gops = gops;
}

int __init init_graph_trace(struct trace_array *global)
{
	int ret;

	tgraph_gops_setup(&tgraph_global_gops, global);
	ret = tgraph_print_init();
	if (ret)
		return ret;
	return register_tracer(&graph_trace);
}

static int tgraph_part_add(struct trace_array *tr)
{
	struct fgraph_ops *gops;

	gops = kzalloc(sizeof(*gops), GFP_KERNEL);
	if (!gops)
		return -ENOMEM;
	tgraph_gops_setup(gops, tr);
	return 0;
}

/* After the tracer part put the instance back on nop: unregistered. */
static void tgraph_part_remove(struct trace_array *tr)
{
	kfree(tr->gops);
	tr->gops = NULL;
}

static struct trace_instance_part tgraph_part = {
	.name	= "function_graph",
	.add	= tgraph_part_add,
	.remove	= tgraph_part_remove,
};

void __init trace_graph_register_part(void)
{
	trace_instance_register_part(&tgraph_part);
}
