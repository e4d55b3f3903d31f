/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing core's entry points for the kernel outside kernel/trace:
 * the boot stages init/main.c runs, the knobs kernel/sysctl.c exposes,
 * what panic(), WARN() and the sanitizers call to stop or dump tracing,
 * the preempt-toggle hooks of the scheduler, and the system-call table
 * lookup an architecture may provide.
 *
 * Everything here exists with CONFIG_TRACING (the preempt hooks with
 * CONFIG_TRACE_PREEMPT_TOGGLE, the syscall lookup with
 * CONFIG_FTRACE_SYSCALLS); without it the calls the kernel makes
 * unconditionally are empty inlines, and the rest is not declared.
 *
 * Included by <linux/ftrace.h>; safe to include on its own.
 */
#ifndef _LINUX_FTRACE_KERNEL_HOOKS_H
#define _LINUX_FTRACE_KERNEL_HOOKS_H

#include <linux/types.h>

struct ctl_table;

#ifdef CONFIG_TRACING

/*
 * Boot, in init/main.c order: early_trace_init() sets up the global
 * instance and its buffer, trace_init() the events; at the end of boot
 * ftrace_free_init_mem() (<linux/ftrace_sites.h>) calls
 * ftrace_boot_snapshot(), which takes the snapshots the
 * "ftrace_boot_snapshot" parameter asked for.  All three are __init.
 */
void early_trace_init(void);
void trace_init(void);
void ftrace_boot_snapshot(void);

/*
 * "ftrace_dump_on_oops" as given on the command line or through sysctl:
 * a string of at most MAX_TRACER_SIZE bytes.  The enabled test says
 * whether an oops should dump the buffers at all.
 */
#define MAX_TRACER_SIZE		100
extern char ftrace_dump_on_oops[];
int ftrace_dump_on_oops_enabled(void);

/* Declared for its users' prototypes; <linux/kernel.h> defines it. */
enum ftrace_dump_mode;

/*
 * "traceoff_on_warning": when __disable_trace_on_warning is set,
 * disable_trace_on_warning() (called from WARN() and friends) turns
 * tracing off so the buffer ends at the warning.
 */
extern int __disable_trace_on_warning;
void disable_trace_on_warning(void);

/* "tp_printk": events are also printed to the console; sysctl writes it. */
extern int tracepoint_printk;
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos);

#else /* !CONFIG_TRACING */

static inline void early_trace_init(void) { }
static inline void trace_init(void) { }
static inline void ftrace_boot_snapshot(void) { }
static inline void disable_trace_on_warning(void) { }

#endif /* CONFIG_TRACING */

/*
 * The preempt-off latency tracer's hooks, called by preempt_count_add()
 * and _sub() with the two caller addresses.  Without the tracer they
 * are statements that evaluate nothing: an architecture's CALLER_ADDRn
 * may cost real work.
 */
#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
void trace_preempt_on(unsigned long a0, unsigned long a1);
void trace_preempt_off(unsigned long a0, unsigned long a1);
#else
#define trace_preempt_on(a0, a1)	do { } while (0)
#define trace_preempt_off(a0, a1)	do { } while (0)
#endif

#ifdef CONFIG_FTRACE_SYSCALLS
/*
 * The handler address of system call @nr.  A weak generic version reads
 * sys_call_table; an architecture whose table holds something else
 * provides its own.
 */
unsigned long arch_syscall_addr(int nr);
#endif

#endif /* _LINUX_FTRACE_KERNEL_HOOKS_H */
