// SPDX-License-Identifier: GPL-2.0
/*
 * Stack records: ftrace/kernel_stack (struct stack_entry) and
 * ftrace/user_stack (struct userstack_entry), written after a record
 * when an instance's stacktrace or userstacktrace option is on, by the
 * stacktrace trigger, by tracers (__trace_stack()) and by
 * trace_dump_stack() (trace_printk.c).
 *
 * A kernel stack is unwound before its size is known, so each CPU has
 * TRACE_WRITE_LEVELS stash levels (task, softirq, irq, NMI), each of
 * STACK_STASH_DEPTH return addresses, the most a stack record keeps.
 * stack_level counts the levels in use on the CPU, with the same strict
 * nesting rule as the scratch area of trace_write.c: a context that
 * interrupts an unwinder takes the next level and gives it back before
 * returning, so a per-CPU counter and compiler barriers are enough.  A
 * fifth level would be a bug (the recursion guard stops a stack record
 * from recursing into itself) and is refused with a warning.
 *
 * The user stack is copied straight into its reserved record; it is
 * skipped in NMI (reading user memory may fault) and when the CPU is
 * already saving one (user_stack_busy, preemption off: the save can
 * fire tracepoints).
 *
 * Skip counts: @skip frames are dropped above the caller of the function
 * that receives it; frame-pointer unwinders also see this file's
 * function, hence the "+1" without ORC.
 *
 * Contexts: any, NMI included for kernel stacks.
 */
#include <linux/context_tracking.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/trace_recursion.h>

#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_records.h"
#include "trace_write.h"

#define STACK_STASH_DEPTH	(PAGE_SIZE / TRACE_WRITE_LEVELS)

struct stack_stash {
	unsigned long ips[TRACE_WRITE_LEVELS][STACK_STASH_DEPTH];
};

static DEFINE_PER_CPU(struct stack_stash, stack_stash);
static DEFINE_PER_CPU(int, stack_level);

#ifdef CONFIG_DYNAMIC_FTRACE
/* Return addresses inside the instance's ftrace trampoline are marked. */
static void stack_mark_trampoline(struct trace_array *tr, unsigned long *ips,
				  unsigned int n)
{
	unsigned long lo, hi;
	unsigned int i;

	if (!tr->ops || !tr->ops->trampoline)
		return;
	lo = tr->ops->trampoline;
	hi = lo + tr->ops->trampoline_size;
	for (i = 0; i < n; i++)
		if (ips[i] >= lo && ips[i] < hi)
			ips[i] = FTRACE_TRAMPOLINE_MARKER;
}
#else
static inline void stack_mark_trampoline(struct trace_array *tr,
					 unsigned long *ips, unsigned int n)
{
}
#endif

/**
 * __ftrace_trace_stack - write a kernel stack record into @buffer
 * @tr: the instance (its trampoline, if any, is marked)
 * @buffer: the buffer
 * @trace_ctx: context word of the record
 * @skip: frames to drop above the caller
 * @regs: unwind from these registers, or NULL for the current stack
 */
void __ftrace_trace_stack(struct trace_array *tr, struct trace_buffer *buffer,
			  unsigned int trace_ctx, int skip,
			  struct pt_regs *regs)
{
	struct ring_buffer_event *ev;
	struct stack_entry *ent;
	unsigned long *ips;
	unsigned int n;
	int bit, lvl;

	bit = trace_test_and_set_recursion(_THIS_IP_, _RET_IP_,
					   TRACE_EVENT_START);
	if (bit < 0)
		return;
	if (!IS_ENABLED(CONFIG_UNWINDER_ORC) && !regs)
		skip++;

	preempt_disable_notrace();
	lvl = __this_cpu_inc_return(stack_level) - 1;
	/* The level is ours only once the counter says so. */
	barrier();
	if (WARN_ON_ONCE(lvl >= TRACE_WRITE_LEVELS))
		goto out;

	ips = this_cpu_ptr(&stack_stash)->ips[lvl];
	if (regs)
		n = stack_trace_save_regs(regs, ips, STACK_STASH_DEPTH, skip);
	else
		n = stack_trace_save(ips, STACK_STASH_DEPTH, skip);
	stack_mark_trampoline(tr, ips, n);

	ent = trace_record_reserve(buffer, TRACE_STACK,
				   struct_size(ent, caller, n), trace_ctx, &ev);
	if (ent) {
		ent->size = n;
		memcpy(ent->caller, ips, flex_array_size(ent, caller, n));
		trace_record_commit(buffer);
	}
out:
	/* Done with the level before it is given back. */
	barrier();
	__this_cpu_dec(stack_level);
	preempt_enable_notrace();
	trace_clear_recursion(bit);
}

/**
 * __trace_stack - write a kernel stack record into @tr's live buffer
 * @tr: the instance
 * @trace_ctx: context word of the record
 * @skip: frames to drop above the caller
 *
 * Also from where RCU is not watching (idle, early entry): the unwinder
 * needs RCU, so it is made to watch for the time of the unwind, except
 * in NMI, where that is not allowed and nothing is recorded.
 */
void __trace_stack(struct trace_array *tr, unsigned int trace_ctx, int skip)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;

	if (likely(rcu_is_watching())) {
		__ftrace_trace_stack(tr, buffer, trace_ctx, skip, NULL);
		return;
	}
	/* Generic entry code never lets tracing run with RCU off. */
	if (WARN_ON_ONCE(IS_ENABLED(CONFIG_GENERIC_ENTRY)) || in_nmi())
		return;
	ct_irq_enter_irqson();
	__ftrace_trace_stack(tr, buffer, trace_ctx, skip, NULL);
	ct_irq_exit_irqson();
}

#ifdef CONFIG_USER_STACKTRACE_SUPPORT
static DEFINE_PER_CPU(int, user_stack_busy);

/**
 * ftrace_trace_userstack - write a user stack record if @tr asks for one
 * @tr: the instance (its userstacktrace option)
 * @buffer: the buffer
 * @trace_ctx: context word of the record
 */
void ftrace_trace_userstack(struct trace_array *tr,
			    struct trace_buffer *buffer,
			    unsigned int trace_ctx)
{
	struct ring_buffer_event *ev;
	struct userstack_entry *ent;

	if (!(tr->trace_flags & TRACE_ITER_USERSTACKTRACE) || in_nmi())
		return;

	preempt_disable();
	if (__this_cpu_read(user_stack_busy))
		goto out;
	__this_cpu_inc(user_stack_busy);
	ent = trace_record_reserve(buffer, TRACE_USER_STACK, sizeof(*ent),
				   trace_ctx, &ev);
	if (ent) {
		ent->tgid = current->tgid;
		memset(ent->caller, 0, sizeof(ent->caller));
		stack_trace_save_user(ent->caller, FTRACE_STACK_ENTRIES);
		trace_record_commit(buffer);
	}
	__this_cpu_dec(user_stack_busy);
out:
	preempt_enable();
}
#endif
