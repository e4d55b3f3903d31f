/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack tracer's knobs outside kernel/trace: its sysctl
 * (kernel.stack_tracer_enabled) and a per-CPU way to keep it out of a
 * short section of code.
 *
 * Exists with CONFIG_STACK_TRACER; without it only the two section
 * markers are left, and they do nothing.  Included by <linux/ftrace.h>;
 * safe to include on its own.
 */
#ifndef _LINUX_FTRACE_STACK_TRACER_H
#define _LINUX_FTRACE_STACK_TRACER_H

#include <linux/types.h>

struct ctl_table;

#ifdef CONFIG_STACK_TRACER

#include <linux/bug.h>
#include <linux/irqflags.h>
#include <linux/kconfig.h>
#include <linux/percpu.h>
#include <linux/preempt.h>

/*
 * Per CPU: while non-zero, the stack tracer takes no trace there.  Only
 * the two calls below change it, inside one stretch with preemption
 * and interrupts off (DEBUG_PREEMPT warns otherwise); they nest.
 */
DECLARE_PER_CPU(int, disable_stack_tracer);

static inline void __stack_tracer_nest(int delta)
{
	if (IS_ENABLED(CONFIG_DEBUG_PREEMPT))
		WARN_ON_ONCE(!irqs_disabled() || !preempt_count());
	this_cpu_add(disable_stack_tracer, delta);
}

/**
 * stack_tracer_disable - keep the stack tracer off this CPU for a while
 *
 * For code where taking a stack trace is not safe (see
 * disable_stack_tracer above for the context it needs).
 * stack_tracer_enable() must follow soon.
 */
static inline void stack_tracer_disable(void)
{
	__stack_tracer_nest(1);
}

/**
 * stack_tracer_enable - end what stack_tracer_disable() began
 */
static inline void stack_tracer_enable(void)
{
	__stack_tracer_nest(-1);
}

/* kernel.stack_tracer_enabled: its value and handler. */
extern int stack_tracer_enabled;
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos);

#else /* !CONFIG_STACK_TRACER */

static inline void stack_tracer_disable(void) { }
static inline void stack_tracer_enable(void) { }

#endif /* CONFIG_STACK_TRACER */

#endif /* _LINUX_FTRACE_STACK_TRACER_H */
