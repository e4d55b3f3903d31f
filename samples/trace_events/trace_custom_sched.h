/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Custom events of the retrace staging sample: a record and print of our
 * own on three scheduler tracepoints that already have events.  They
 * appear as events/custom/<tracepoint>/ while trace_custom_sched is loaded.
 *
 * Like a TRACE_EVENT header, but the body is read only with
 * TRACE_CUSTOM_MULTI_READ, by <trace/define_custom_trace.h>; the
 * prototype must be the tracepoint's.
 */
#if !defined(_RETRACE_CUSTOM_SCHED_H) || defined(TRACE_CUSTOM_MULTI_READ)
#define _RETRACE_CUSTOM_SCHED_H

#include <linux/trace_events.h>
#include <linux/binfmts.h>

/* Which task runs next, and why the previous one stopped. */
TRACE_CUSTOM_EVENT(sched_switch,
	TP_PROTO(bool preempt, struct task_struct *prev,
		 struct task_struct *next, unsigned int prev_state),
	TP_ARGS(preempt, prev, next, prev_state),
	TP_STRUCT__entry(
		__field(pid_t, prev_pid)
		__field(pid_t, next_pid)
		__field(unsigned int, prev_state)
		__field(bool, preempt)
	),
	TP_fast_assign(
		__entry->prev_pid = prev->pid;
		__entry->next_pid = next->pid;
		__entry->prev_state = prev_state;
		__entry->preempt = preempt;
	),
	TP_printk("%d -> %d state=%u%s", __entry->prev_pid, __entry->next_pid,
		  __entry->prev_state, __entry->preempt ? " preempted" : "")
);

/* A class and an event of it, on the wake-up tracepoint. */
DECLARE_CUSTOM_EVENT_CLASS(sched_wake_class,
	TP_PROTO(struct task_struct *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field(pid_t, pid)
		__field(int, prio)
	),
	TP_fast_assign(
		__entry->pid = p->pid;
		__entry->prio = p->prio;
	),
	TP_printk("pid=%d prio=%d", __entry->pid, __entry->prio)
);

DEFINE_CUSTOM_EVENT(sched_wake_class, sched_waking,
	TP_PROTO(struct task_struct *p),
	TP_ARGS(p)
);

/* Only the file name: what exec'ing a known program prints is fixed. */
TRACE_CUSTOM_EVENT(sched_process_exec,
	TP_PROTO(struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm),
	TP_ARGS(p, old_pid, bprm),
	TP_STRUCT__entry(
		__string(file, bprm->filename)
		__field(int, argc)
	),
	TP_fast_assign(
		__assign_str(file);
		__entry->argc = bprm->argc;
	),
	TP_printk("exec %s argc=%d", __get_str(file), __entry->argc)
);

#endif /* _RETRACE_CUSTOM_SCHED_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace_custom_sched
#include <trace/define_custom_trace.h>
