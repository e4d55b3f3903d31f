// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace:function through perf: each perf event of it is an ftrace_ops
 * of its own (the one embedded in struct perf_event), registered while
 * the event is open.  Its callback builds an ftrace/function sample
 * and hands it to perf for the CPU the event runs on.
 *
 * A perf event is scheduled in and out on one CPU at a time (ADD/DEL,
 * called by perf on that CPU with interrupts off); @ops->private holds
 * that CPU, or nr_cpu_ids while the event is not running, and the
 * callback only samples on the CPU it names.  The callback runs on
 * function entry, any context, and needs RCU watching (perf's buffers
 * are RCU-protected).
 */
#include <linux/ftrace.h>
#include <linux/perf_event.h>
#include <linux/trace_events.h>
#include <linux/trace_recursion.h>

#include "ftrace/ftrace_ops.h"
#include "trace_records.h"

/* The sample: the record, padded so that perf's u32 size keeps u64 alignment. */
#define TFUNC_PERF_SIZE	(ALIGN(sizeof(struct ftrace_entry) + sizeof(u32), \
			       sizeof(u64)) - sizeof(u32))

/* One sample of @event: the record, the caller's registers, perf's buffer. */
static void tfunc_perf_sample(struct perf_event *event, unsigned long ip,
			      unsigned long parent_ip)
{
	/* perf walks a list of events: make one of this one alone. */
	struct hlist_head only = { .first = &event->hlist_entry };
	struct pt_regs regs = { };
	struct ftrace_entry *entry;
	int rctx;

	perf_fetch_caller_regs(&regs);
	entry = perf_trace_buf_alloc(TFUNC_PERF_SIZE, NULL, &rctx);
	if (!entry)
		return;
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	perf_trace_buf_submit(entry, TFUNC_PERF_SIZE, rctx, TRACE_FN, 1, &regs,
			      &only, NULL);
}

static void notrace tfunc_perf_call(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *ops,
				    struct ftrace_regs *fregs)
{
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0)
		return;
	/*
	 * perf's buffers need RCU; preemption is off, so this CPU is the
	 * one the event runs on, or not.
	 */
	if (rcu_is_watching() &&
	    (unsigned long)READ_ONCE(ops->private) == smp_processor_id())
		tfunc_perf_sample(container_of(ops, struct perf_event, ftrace_ops),
				  ip, parent_ip);
	ftrace_test_recursion_unlock(bit);
}

/*
 * Open registers the event's ops, close unregisters it (perf also closes
 * events whose open failed, so only a registered ops is taken out) and
 * frees its filter (set through the perf filter of ftrace:function).
 */
static int tfunc_perf_attach(struct perf_event *event, bool open)
{
	struct ftrace_ops *ops = &event->ftrace_ops;
	int ret;

	BUILD_BUG_ON(TFUNC_PERF_SIZE > PERF_MAX_TRACE_SIZE);
	if (open) {
		ops->private = (void *)(unsigned long)nr_cpu_ids;
		ops->func = tfunc_perf_call;
		/* tfunc_perf_call() takes the guard and checks RCU itself. */
		ops->flags |= FTRACE_OPS_FL_RECURSION;
		return register_ftrace_function(ops);
	}
	ret = fops_live(ops) ? unregister_ftrace_function(ops) : 0;
	ftrace_free_filter(ops);
	return ret;
}

/*
 * The reg op of ftrace/function (through trace_function_perf_reg):
 * @call: the event (ftrace/function)
 * @type: what perf or the registry asks
 * @data: the perf event, for the PERF_* requests
 *
 * ftrace/function has no enable file, so tracefs never registers it, and
 * perf's first and last users need nothing: each perf event is its own
 * ops.  ADD and DEL name the CPU it is scheduled on (nr_cpu_ids: none).
 *
 * Return: 0 or an errno; 1 for ADD/DEL (perf must not add the event to
 * its tracepoint list: the ops delivers to it directly).
 */
static int tfunc_perf_reg(struct trace_event_call *call, enum trace_reg type,
			  void *data)
{
	if (type == TRACE_REG_PERF_OPEN || type == TRACE_REG_PERF_CLOSE)
		return tfunc_perf_attach(data, type == TRACE_REG_PERF_OPEN);
	if (type == TRACE_REG_PERF_ADD || type == TRACE_REG_PERF_DEL) {
		struct perf_event *event = data;
		unsigned long cpu = type == TRACE_REG_PERF_ADD ?
				    smp_processor_id() : nr_cpu_ids;

		WRITE_ONCE(event->ftrace_ops.private, (void *)cpu);
		return 1;
	}
	return type <= TRACE_REG_PERF_UNREGISTER ? 0 : -EINVAL;
}

static int __init tfunc_perf_init(void)
{
	WRITE_ONCE(trace_function_perf_reg, tfunc_perf_reg);
	return 0;
}
core_initcall(tfunc_perf_init);
