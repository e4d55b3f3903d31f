/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pid sets: which tasks an instance traces (set_event_pid,
 * set_event_notrace_pid, set_ftrace_pid, set_ftrace_notrace_pid).
 *
 * The type is opaque; kernel/trace/lib/trace_pid.c has its layout and the
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
 * The second part is the pid filter behind the set_*_pid files
 * (trace_pid_filter.c): build a new set from a
 * write, walk a set for a seq_file read, decide whether a task is
 * traced, follow forks.  They are called under event_mutex except
 * trace_ignore_this_task() and trace_filter_add_remove_task(), which
 * run from sched probes (any context but NMI) on RCU-published sets.
 */
#ifndef _KERNEL_TRACE_PID_H
#define _KERNEL_TRACE_PID_H

#include <linux/bits.h>
#include <linux/types.h>

/* Pids at or above this are refused (pids are < 2^30, PID_MAX_LIMIT). */
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

struct seq_file;
struct task_struct;

/* A write: a new set from the old one and the text (event_mutex). */
int trace_pid_write(struct trace_pid_list *filtered_pids,
		    struct trace_pid_list **new_pid_list,
		    const char __user *ubuf, size_t cnt);

/* A read: the seq_file walk of a set, one pid per line. */
void *trace_pid_start(struct trace_pid_list *pid_list, loff_t *pos);
void *trace_pid_next(struct trace_pid_list *pid_list, void *v, loff_t *pos);
int trace_pid_show(struct seq_file *m, void *v);

/* Is @search_pid in the set (a NULL set holds nobody)? */
bool trace_find_filtered_pid(struct trace_pid_list *filtered_pids,
			     pid_t search_pid);
/* Fork following: @task joins the set if @self is in it; exit: leaves. */
void trace_filter_add_remove_task(struct trace_pid_list *pid_list,
				  struct task_struct *self, struct task_struct *task);
/* Should @task be left out, given the traced and the untraced sets? */
bool trace_ignore_this_task(struct trace_pid_list *filtered_pids,
			    struct trace_pid_list *filtered_no_pids, struct task_struct *task);

#endif /* _KERNEL_TRACE_PID_H */
