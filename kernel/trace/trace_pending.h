/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hooks of pending capabilities that the trace core still calls, as the
 * empty stubs our kernel needs while those capabilities are off
 * (the "# pending:" lines of tools/testing/retrace/configs/pending.config).
 *
 * Each block stands for one capability and holds only its "off" side.
 * A capability that comes back brings its real declarations with it,
 * in a header of its own, and deletes its block here; until then a
 * kernel built with it on fails to compile for want of them, which is
 * the point: nothing of it is silently stubbed out.
 *
 * No state, no locks.
 */
#ifndef _KERNEL_TRACE_PENDING_H
#define _KERNEL_TRACE_PENDING_H

#include <linux/init.h>
#include <linux/types.h>

struct dentry;
struct trace_array;
struct trace_event_call;

/* Branch tracer: the "branch" option. */
#ifndef CONFIG_BRANCH_TRACER
static inline int trace_branch_enable(struct trace_array *tr) { return 0; }
static inline void trace_branch_disable(void) { }
#endif

/* Latency tracers' hooks of the irq/preempt toggles (trace_preemptirq.c). */
#ifndef CONFIG_PREEMPT_TRACER
static inline void tracer_preempt_on(unsigned long a0, unsigned long a1) { }
static inline void tracer_preempt_off(unsigned long a0, unsigned long a1) { }
#endif
#ifndef CONFIG_IRQSOFF_TRACER
static inline void tracer_hardirqs_on(unsigned long a0, unsigned long a1) { }
static inline void tracer_hardirqs_off(unsigned long a0, unsigned long a1) { }
#endif

/*
 * Start-up self-tests of the tracers; while one runs it owns the global
 * buffer, so trace_printk() and the stack recorder keep out of it.
 */
#ifndef CONFIG_FTRACE_STARTUP_TEST
static inline void __init disable_tracing_selftest(const char *reason) { }
static inline bool tracing_selftest_on(void) { return false; }
#endif

/* Runtime verification's tracefs directory. */
#ifndef CONFIG_RV
static inline int rv_init_interface(void) { return 0; }
#endif

#endif /* _KERNEL_TRACE_PENDING_H */
