// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: an ftrace/function record for every entry of a
 * function the instance's ops wants, and the ops itself, one per
 * instance (trace_function.h).
 *
 * The callback runs on function entry in any context, NMI included,
 * with the locks of the traced code held.  It writes straight into the
 * instance's buffer: the ring buffer's own reserve is safe in every
 * context, and the recursion guard (the core's, taken by this callback
 * for itself) keeps a traced function called from the write path from
 * looping.  Its cost per traced call is the guard, the context word,
 * one reserve and one commit.
 *
 * Options of the tracer (options/ while "function" is available, shared
 * by all instances as every tracer's own options are):
 *   func_stack_trace   a stack record after each function record
 *   func-no-repeats    a run of identical records becomes one record
 *                      and one ftrace/func_repeats record
 * A change of option while the tracer runs re-registers the ops with
 * the callback that does it.
 */
#include <linux/ftrace.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/trace_recursion.h>

#include "fs/trace_fs.h"
#include "ftrace/ftrace_ops.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_function.h"
#include "trace_records.h"
#include "tracers/trace_opts.h"
#include "tracers/trace_tracer.h"
#include "write/trace_write.h"

/* func-no-repeats: the last record written on this CPU, and its repeats. */
struct tfunc_repeat {
	unsigned long	ip;
	unsigned long	parent_ip;
	u64		ts_last_call;
	u16		count;
};

enum {
	TFUNC_OPT_STACK		= BIT(0),
	TFUNC_OPT_NO_REPEATS	= BIT(1),
};

static struct trace_func_instance tfunc_global;

struct trace_func_instance *trace_func_of(struct trace_array *tr)
{
	return tr->func;
}

static __always_inline void tfunc_write(struct trace_array *tr,
					unsigned long ip,
					unsigned long parent_ip,
					unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	entry = trace_record_reserve(buffer, TRACE_FN, sizeof(*entry),
				     trace_ctx, &event);
	if (!entry)
		return;
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	if (static_branch_unlikely(&trace_function_exports_enabled))
		ftrace_exports(event, TRACE_EXPORT_FUNCTION);
	trace_record_commit(buffer);
}

/*
 * Whether the instance of @op records this call at all: the pid
 * filter's verdict about the task running on this CPU, made when it was
 * switched in, lets it, and the tracer is on there.  That verdict is
 * about the current task on whichever CPU it is preempted to after the
 * read.  The verdict comes first: a task the filter excludes costs the
 * fewest instructions.
 */
static __always_inline bool tfunc_wanted(struct ftrace_ops *op)
{
	struct trace_func_instance *fi = ((struct trace_array *)op->private)->func;
	int verdict;

	verdict = this_cpu_read(*fi->pid_verdict);
	if (unlikely(verdict != TFP_ANY) && verdict != current->pid)
		return false;
	return likely(READ_ONCE(fi->enabled));
}

/*
 * Take the recursion guard for a wanted call: true with the guard held
 * (@bit >= 0, preemption off), false if this call must not record.
 */
static __always_inline bool tfunc_enter(struct trace_array *tr,
					unsigned long ip,
					unsigned long parent_ip, int *bit)
{
	*bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (*bit < 0)
		return false;
	if (unlikely(atomic_read(&this_cpu_ptr(tr->array_buffer.data)->disabled))) {
		ftrace_test_recursion_unlock(*bit);
		return false;
	}
	return true;
}

/*
 * Frames between the traced function and the stack record: this
 * callback and the trampoline; ORC also unwinds the stack recorder's
 * own frame away.
 */
#define TFUNC_STACK_SKIP	(IS_ENABLED(CONFIG_UNWINDER_ORC) ? 2 : 3)

/* Write the repeats of @last as one func_repeats record. */
static void tfunc_write_repeats(struct trace_array *tr,
				struct tfunc_repeat *last,
				unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct func_repeats_entry *entry;
	u64 delta;

	entry = trace_record_reserve(buffer, TRACE_FUNC_REPEATS, sizeof(*entry),
				     trace_ctx, &event);
	if (!entry)
		return;
	/* How long before this record the last repeat happened. */
	delta = ring_buffer_event_time_stamp(buffer, event) - last->ts_last_call;
	entry->ip = last->ip;
	entry->parent_ip = last->parent_ip;
	entry->count = last->count;
	entry->top_delta_ts = delta >> 32;
	entry->bottom_delta_ts = delta & U32_MAX;
	trace_record_commit(buffer);
}

/*
 * The repeat state is per CPU and touched only with the guard held, so
 * only an interrupt nesting on this CPU can interleave: it sees either
 * the old or the new last record, and at worst a count is attributed to
 * the record an interrupt wrote between.  No record is lost.
 */
static bool tfunc_repeated(struct trace_array *tr, unsigned long ip,
			   unsigned long parent_ip, unsigned int trace_ctx)
{
	struct tfunc_repeat *last = this_cpu_ptr(tr->func->repeats);

	if (last->ip == ip && last->parent_ip == parent_ip &&
	    last->count < U16_MAX) {
		last->ts_last_call = ring_buffer_time_stamp(tr->array_buffer.buffer);
		last->count++;
		return true;
	}
	if (last->count) {
		tfunc_write_repeats(tr, last, trace_ctx);
		last->count = 0;
	}
	last->ip = ip;
	last->parent_ip = parent_ip;
	return false;
}

/*
 * The one body of the four callbacks: the options are constants in each,
 * so each is compiled to just what it needs on function entry.
 */
static __always_inline void tfunc_record(unsigned long ip,
					 unsigned long parent_ip,
					 struct ftrace_ops *op, bool stack,
					 bool norepeat)
{
	struct trace_array *tr = op->private;
	unsigned int trace_ctx;
	int bit;

	if (!tfunc_enter(tr, ip, parent_ip, &bit))
		return;
	/*
	 * The guard disabled preemption: the traced code's count is one
	 * less, as for a tracepoint probe (the word is built inline).
	 */
	trace_ctx = trace_ctx_word_probe();
	if (!norepeat || !tfunc_repeated(tr, ip, parent_ip, trace_ctx)) {
		tfunc_write(tr, ip, parent_ip, trace_ctx);
		if (stack)
			__trace_stack(tr, trace_ctx, TFUNC_STACK_SKIP);
	}
	ftrace_test_recursion_unlock(bit);
}

/*
 * The four callbacks, one per combination of the options.  Each checks
 * tfunc_wanted() first.  Without a stack record the recording half is
 * out of line, so that a call the instance does not want returns before
 * any register is saved (a tail call otherwise); with one it stays
 * inline, so that the frames above the traced function are the same on
 * every build (TFUNC_STACK_SKIP: no sibling calls with frame pointers).
 */
#define TFUNC_CALLBACK(name, norepeat)					\
static noinline void name##_rec(unsigned long ip,			\
				unsigned long parent_ip,		\
				struct ftrace_ops *op)			\
{									\
	tfunc_record(ip, parent_ip, op, false, norepeat);		\
}									\
									\
static void notrace name(unsigned long ip, unsigned long parent_ip,	\
			 struct ftrace_ops *op, struct ftrace_regs *fregs) \
{									\
	if (tfunc_wanted(op))						\
		name##_rec(ip, parent_ip, op);				\
}

TFUNC_CALLBACK(tfunc_call, false)
TFUNC_CALLBACK(tfunc_norepeat_call, true)

static void notrace tfunc_stack_call(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	if (tfunc_wanted(op))
		tfunc_record(ip, parent_ip, op, true, false);
}

static void notrace tfunc_stack_norepeat_call(unsigned long ip,
					      unsigned long parent_ip,
					      struct ftrace_ops *op,
					      struct ftrace_regs *fregs)
{
	if (tfunc_wanted(op))
		tfunc_record(ip, parent_ip, op, true, true);
}

static struct tracer_opt tfunc_opts[] = {
#ifdef CONFIG_STACKTRACE
	{ TRACER_OPT(func_stack_trace, TFUNC_OPT_STACK) },
#endif
	{ TRACER_OPT(func-no-repeats, TFUNC_OPT_NO_REPEATS) },
	{ }
};

static struct tracer_flags tfunc_flags = {
	.val	= 0,
	.opts	= tfunc_opts,
};

static const ftrace_func_t tfunc_calls[] = {
	[0]					= tfunc_call,
	[TFUNC_OPT_STACK]			= tfunc_stack_call,
	[TFUNC_OPT_NO_REPEATS]			= tfunc_norepeat_call,
	[TFUNC_OPT_STACK | TFUNC_OPT_NO_REPEATS] = tfunc_stack_norepeat_call,
};

static int tfunc_prepare(struct trace_func_instance *fi, u32 opts)
{
	if ((opts & TFUNC_OPT_NO_REPEATS) && !fi->repeats) {
		fi->repeats = alloc_percpu(struct tfunc_repeat);
		if (!fi->repeats)
			return -ENOMEM;
	}
	fi->ops->func = tfunc_calls[opts & (TFUNC_OPT_STACK | TFUNC_OPT_NO_REPEATS)];
	return 0;
}

static int tfunc_start(struct trace_func_instance *fi)
{
	int ret;

	WRITE_ONCE(fi->enabled, false);
	ret = register_ftrace_function(fi->ops);
	if (!ret)
		WRITE_ONCE(fi->enabled, true);
	return ret;
}

static void tfunc_stop(struct trace_func_instance *fi)
{
	WRITE_ONCE(fi->enabled, false);
	if (fops_live(fi->ops))
		unregister_ftrace_function(fi->ops);
}

static int tfunc_init(struct trace_array *tr)
{
	struct trace_func_instance *fi = trace_func_of(tr);
	int ret;

	if (!fi)
		return -ENOMEM;
	ret = tfunc_prepare(fi, tfunc_flags.val);
	if (ret)
		return ret;
	tr->array_buffer.cpu = raw_smp_processor_id();
	tracing_start_cmdline_record();
	ret = tfunc_start(fi);
	if (ret)
		tracing_stop_cmdline_record();
	return ret;
}

static void tfunc_reset(struct trace_array *tr)
{
	tfunc_stop(trace_func_of(tr));
	tracing_stop_cmdline_record();
}

static void tfunc_restart(struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
}

static struct tracer function_trace;

static int tfunc_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			  int set)
{
	struct trace_func_instance *fi = trace_func_of(tr);
	u32 opts = set ? tfunc_flags.val | bit : tfunc_flags.val & ~bit;
	int ret;

	if (tr->current_trace != &function_trace || !fi)
		return 0;
	if (fi->ops->func == tfunc_calls[opts])
		return 0;
	/* Off, switch the callback, on: the ops' function is not atomic. */
	tfunc_stop(fi);
	ret = tfunc_prepare(fi, opts);
	if (ret)
		tfunc_prepare(fi, tfunc_flags.val);
	/* Registering again can only fail if patching broke meanwhile. */
	return tfunc_start(fi) ?: ret;
}

static struct tracer function_trace = {
	.name		= "function",
	.init		= tfunc_init,
	.reset		= tfunc_reset,
	.start		= tfunc_restart,
	.flags		= &tfunc_flags,
	.set_flag	= tfunc_set_flag,
	.allow_instances = true,
};

static int tfunc_instance_setup(struct trace_func_instance *fi,
				struct trace_array *tr,
				struct ftrace_ops *ops)
{
	int cpu;

	fi->pid_verdict = alloc_percpu(int);
	if (!fi->pid_verdict)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		per_cpu(*fi->pid_verdict, cpu) = TFP_ANY;
	INIT_LIST_HEAD(&fi->mods);
	INIT_LIST_HEAD(&fi->probes);
	fi->ops = ops;
	ops->func = tfunc_call;
	ops->private = tr;
	/* The callbacks guard themselves and run without RCU. */
	ops->flags |= FTRACE_OPS_FL_RECURSION;
	fops_init_hashes(ops);
	fops_keep_hashes(ops);
	tr->ops = ops;
	tr->func = fi;
	return 0;
}

void __init ftrace_init_global_array_ops(struct trace_array *tr)
{
	/* Without it the global instance has no function tracing. */
	WARN_ON(tfunc_instance_setup(&tfunc_global, tr, &fops_global));
}

int __init init_function_trace(void)
{
	WRITE_ONCE(trace_opts_function_fork, ftrace_pid_follow_fork);
	return register_tracer(&function_trace);
}

/*
 * The part of an instance: its ops and its files, made with it and
 * freed with it (the files go with the instance's directory).
 */
static int tfunc_part_add(struct trace_array *tr)
{
	struct trace_func_instance *fi;

	fi = kzalloc(sizeof(*fi), GFP_KERNEL);
	if (!fi)
		return -ENOMEM;
	if (tfunc_instance_setup(fi, tr, &fi->own_ops)) {
		kfree(fi);
		return -ENOMEM;
	}
	tfunc_filter_files(tr, tr->dir);
	tfunc_pid_files(tr, tr->dir);
	return 0;
}

static void tfunc_part_remove(struct trace_array *tr)
{
	struct trace_func_instance *fi = trace_func_of(tr);

	if (!fi)
		return;
	tfunc_cmds_free(fi);
	tfunc_mods_free(fi);
	tfunc_pids_clear(fi);
	fops_unkeep_hashes(fi->ops);
	ftrace_free_filter(fi->ops);
	free_percpu(fi->repeats);
	free_percpu(fi->pid_verdict);
	tr->func = NULL;
	tr->ops = NULL;
	kfree(fi);
}

static struct trace_instance_part tfunc_part = {
	.name	= "function",
	.add	= tfunc_part_add,
	.remove	= tfunc_part_remove,
};

void __init trace_function_register_part(void)
{
	trace_instance_register_part(&tfunc_part);
}

/* The global instance's files and the top directory's, once tracefs is up. */
static int __init tfunc_tracefs_init(void)
{
	if (tracing_init_dentry() || !tfunc_global.ops)
		return 0;
	tfunc_filter_files(tfunc_global.ops->private, NULL);
	tfunc_pid_files(tfunc_global.ops->private, NULL);
	tfunc_top_files();
	return 0;
}
late_initcall(tfunc_tracefs_init);
