/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pid sets: which tasks an instance traces (set_event_pid,
 * set_event_notrace_pid, set_ftrace_pid, set_ftrace_notrace_pid).
 *
 * The type is opaque; kernel/trace/trace_pid.c has its layout and the
 * full concurrency rules.  In short:
 *
 *   - a set holds pids 0 .. TRACE_PID_LIMIT - 1;
 *   - trace_pid_list_is_set() runs in any context, NMI included, and
 *     takes no lock;
 *   - trace_pid_list_set() and trace_pid_list_clear() run in any context
 *     but NMI, concurrently with each other and with lookups;
 *     trace_pid_list_set() may fail with -ENOMEM in atomic context when
 *     the set must grow and its reserve of nodes is empty (refilled
 *     asynchronously);
 *   - trace_pid_list_free() must not race with anything: the owner
 *     unpublishes the set (rcu_assign_pointer) and waits for its readers
 *     (a sched-RCU grace period, tracepoint_synchronize_unregister())
 *     before freeing it.
 *
 * 6.12's kernel/trace/trace.h declares the same functions (its callers in
 * trace.c, trace_events.c and ftrace.c are upstream's until step S9 of
 * core-plan.rst); the declarations here are for our files, which include
 * this header and not trace.h.
 */
#ifndef _TRACE_PID_H
#define _TRACE_PID_H

#include <linux/bits.h>
#include <linux/types.h>

/* Pids at or above this are refused; 6.12's limit (pids are < 2^30). */
#define TRACE_PID_LIMIT		BIT(30)

struct trace_pid_list;

/* Life: process context; free only once no reader can reach the set. */
struct trace_pid_list *trace_pid_list_alloc(void);
void trace_pid_list_free(struct trace_pid_list *pid_list);

/* Lookups: any context, NMI included; no lock. */
bool trace_pid_list_is_set(struct trace_pid_list *pid_list, unsigned int pid);
int trace_pid_list_first(struct trace_pid_list *pid_list, unsigned int *pid);
int trace_pid_list_next(struct trace_pid_list *pid_list, unsigned int pid,
			unsigned int *next);

/* Changes: any context but NMI; never sleep. */
int trace_pid_list_set(struct trace_pid_list *pid_list, unsigned int pid);
int trace_pid_list_clear(struct trace_pid_list *pid_list, unsigned int pid);

#endif /* _TRACE_PID_H */
