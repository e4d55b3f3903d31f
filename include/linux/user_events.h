/* SPDX-License-Identifier: GPL-2.0 */
/*
 * user_events and the tasks that register them (kernel/trace/user_events/,
 * Documentation/trace/retrace/user-events.rst).
 *
 * A process that registers a user event gives an address and a bit in
 * its own memory; the kernel keeps that bit equal to "someone traces the
 * event".  Those registrations (enablers) belong to the address space as
 * the registering tasks see it: struct user_event_mm, pointed to by every
 * task that shares it (task_struct::user_event_mm).
 *
 * The three hooks of the task life cycle:
 *
 *   user_events_fork()    a CLONE_VM child shares its parent's set; any
 *                         other child gets a copy of it for its own mm
 *   user_events_execve()  after a successful exec: the old mm's set goes
 *   user_events_exit()    in do_exit(): the task's share of the set goes
 *
 * They run in process context and may sleep.  A fork copy that cannot
 * be made leaves the child without a set.
 */
#ifndef _LINUX_USER_EVENTS_H
#define _LINUX_USER_EVENTS_H

#include <linux/list.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/workqueue.h>
#include <uapi/linux/user_events.h>

struct mm_struct;

#ifdef CONFIG_USER_EVENTS
struct user_event_mm {
	struct list_head	link;		/* all sets; RCU, event_mutex */
	struct list_head	enablers;	/* RCU, event_mutex */
	struct mm_struct	*mm;		/* grabbed */
	refcount_t		refcnt;		/* the object */
	refcount_t		tasks;		/* tasks pointing at it */
	struct rcu_work		put_rwork;
};

void user_event_mm_dup(struct task_struct *t, struct user_event_mm *old_mm);
void user_event_mm_remove(struct task_struct *t);

static inline void user_events_fork(struct task_struct *t,
				    unsigned long clone_flags)
{
	struct user_event_mm *uem = current->user_event_mm;

	if (!t || !uem)
		return;
	if (clone_flags & CLONE_VM) {
		t->user_event_mm = uem;
		refcount_inc(&uem->tasks);
	} else {
		user_event_mm_dup(t, uem);
	}
}

static inline void user_events_execve(struct task_struct *t)
{
	if (t && t->user_event_mm)
		user_event_mm_remove(t);
}

static inline void user_events_exit(struct task_struct *t)
{
	if (t && t->user_event_mm)
		user_event_mm_remove(t);
}
#else
static inline void user_events_fork(struct task_struct *t,
				    unsigned long clone_flags) { }
static inline void user_events_execve(struct task_struct *t) { }
static inline void user_events_exit(struct task_struct *t) { }
#endif /* CONFIG_USER_EVENTS */

#endif /* _LINUX_USER_EVENTS_H */
