// SPDX-License-Identifier: GPL-2.0
/*
 * Which tasks an instance's events record: set_event_pid (only these)
 * and set_event_notrace_pid (all but these), with the option event-fork
 * making children inherit their parent's membership.
 *
 * The sets are trace_pid.c's, built and replaced whole by a write under
 * event_mutex and published with rcu_assign_pointer(); the old set is
 * freed after tracepoint_synchronize_unregister(), since probes read it.
 *
 * Probes do not look sets up.  Each CPU keeps a verdict, "the task
 * running here is not traced by this instance" (the ignore_pid byte of
 * the instance's per-CPU data), which the sched probes below recompute
 * when the running task changes, and which trace_event_ignore_this_pid()
 * reads.  Event files of an instance with sets carry PID_FILTER, so
 * only they pay for the test.
 *
 *   probe (priority)              when            verdict becomes
 *   sched_switch early (max)      before others   ignore unless prev or
 *                                                 next is traced, so the
 *                                                 switch itself is kept
 *   sched_switch late (0)         after others    ignore unless next is
 *                                                 traced
 *   sched_wakeup*, _waking early  before others   if ignoring: traced iff
 *                                                 the woken task is
 *   sched_wakeup*, _waking late   after others    if tracing: traced iff
 *                                                 current is
 *
 * Concurrency: the verdict is written only by the CPU it belongs to (the
 * probes run there, on_each_cpu() after a write runs there) and read
 * there by probes, so it needs no lock; the sched probes are registered
 * while the instance has a set, under event_mutex.  Fork following
 * inserts a child's pid into the live sets (trace_pid_list_set() is safe
 * against lookups) and removes a freed task's pid.
 */
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/trace.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

#include "instance/trace_array.h"
#include "lib/trace_pid.h"
#include "trace_event.h"
#include "trace_event_internal.h"

static struct trace_pid_list *pids_of(struct trace_array *tr, int type)
{
	return type == TRACE_PIDS ? rcu_dereference_sched(tr->filtered_pids) :
				    rcu_dereference_sched(tr->filtered_no_pids);
}

/* The per-CPU verdict of @tr on this CPU. */
static bool *verdict(struct trace_array *tr)
{
	return &this_cpu_ptr(tr->array_buffer.data)->ignore_pid;
}

static bool task_ignored(struct trace_array *tr, struct task_struct *task)
{
	return trace_ignore_this_task(pids_of(tr, TRACE_PIDS),
				      pids_of(tr, TRACE_NO_PIDS), task);
}

/**
 * trace_event_ignore_this_pid - should @file drop the current record?
 * @file: an event file with PID_FILTER set
 *
 * Any context; reads this CPU's verdict.
 *
 * Return: true when the instance's pid sets exclude the running task.
 */
bool trace_event_ignore_this_pid(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	if (!rcu_dereference_raw(tr->filtered_pids) &&
	    !rcu_dereference_raw(tr->filtered_no_pids))
		return false;
	return this_cpu_read(tr->array_buffer.data->ignore_pid);
}
EXPORT_SYMBOL_GPL(trace_event_ignore_this_pid);

static void switch_early(void *data, bool preempt, struct task_struct *prev,
			 struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;
	struct trace_pid_list *pids = pids_of(tr, TRACE_PIDS);
	struct trace_pid_list *no_pids = pids_of(tr, TRACE_NO_PIDS);
	bool excluded, not_included;

	excluded = trace_ignore_this_task(NULL, no_pids, prev) &&
		   trace_ignore_this_task(NULL, no_pids, next);
	not_included = trace_ignore_this_task(pids, NULL, prev) &&
		       trace_ignore_this_task(pids, NULL, next);
	*verdict(tr) = excluded || not_included;
}

static void switch_late(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;

	*verdict(tr) = task_ignored(tr, next);
}

static void wakeup_early(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (*verdict(tr))
		*verdict(tr) = task_ignored(tr, task);
}

static void wakeup_late(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!*verdict(tr))
		*verdict(tr) = task_ignored(tr, current);
}

static void verdict_probes_on(struct trace_array *tr)
{
	register_trace_prio_sched_switch(switch_early, tr, INT_MAX);
	register_trace_prio_sched_switch(switch_late, tr, 0);
	register_trace_prio_sched_wakeup(wakeup_early, tr, INT_MAX);
	register_trace_prio_sched_wakeup(wakeup_late, tr, 0);
	register_trace_prio_sched_wakeup_new(wakeup_early, tr, INT_MAX);
	register_trace_prio_sched_wakeup_new(wakeup_late, tr, 0);
	register_trace_prio_sched_waking(wakeup_early, tr, INT_MAX);
	register_trace_prio_sched_waking(wakeup_late, tr, 0);
}

static void verdict_probes_off(struct trace_array *tr)
{
	unregister_trace_sched_switch(switch_early, tr);
	unregister_trace_sched_switch(switch_late, tr);
	unregister_trace_sched_wakeup(wakeup_early, tr);
	unregister_trace_sched_wakeup(wakeup_late, tr);
	unregister_trace_sched_wakeup_new(wakeup_early, tr);
	unregister_trace_sched_wakeup_new(wakeup_late, tr);
	unregister_trace_sched_waking(wakeup_early, tr);
	unregister_trace_sched_waking(wakeup_late, tr);
}

/* Fork following (option event-fork). */
static void follow_fork(void *data, struct task_struct *parent,
			struct task_struct *child)
{
	struct trace_array *tr = data;

	trace_filter_add_remove_task(pids_of(tr, TRACE_PIDS), parent, child);
	trace_filter_add_remove_task(pids_of(tr, TRACE_NO_PIDS), parent,
				     child);
}

static void follow_free(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	trace_filter_add_remove_task(rcu_dereference_raw(tr->filtered_pids),
				     NULL, task);
	trace_filter_add_remove_task(rcu_dereference_raw(tr->filtered_no_pids),
				     NULL, task);
}

/**
 * trace_event_follow_fork - start or stop following forks and exits
 * @tr: the instance whose event-fork option changed
 * @enable: the option's new value
 */
void trace_event_follow_fork(struct trace_array *tr, bool enable)
{
	if (enable) {
		/* the child is added last, its pid freed first */
		register_trace_prio_sched_process_fork(follow_fork, tr,
						       INT_MIN);
		register_trace_prio_sched_process_free(follow_free, tr,
						       INT_MAX);
	} else {
		unregister_trace_sched_process_fork(follow_fork, tr);
		unregister_trace_sched_process_free(follow_free, tr);
	}
}

static struct trace_pid_list *pids_locked(struct trace_array *tr, int type)
{
	return type == TRACE_PIDS ?
		rcu_dereference_protected(tr->filtered_pids,
					  lockdep_is_held(&event_mutex)) :
		rcu_dereference_protected(tr->filtered_no_pids,
					  lockdep_is_held(&event_mutex));
}

static void pids_publish(struct trace_array *tr, int type,
			 struct trace_pid_list *set)
{
	if (type == TRACE_PIDS)
		rcu_assign_pointer(tr->filtered_pids, set);
	else
		rcu_assign_pointer(tr->filtered_no_pids, set);
}

/*
 * Runs on every CPU after a write: the running task's fresh verdict.  The
 * writer holds event_mutex while it waits for this; lockdep cannot see
 * that from another CPU, hence mutex_is_locked().
 */
static void verdict_refresh(void *data)
{
	struct trace_array *tr = data;
	bool held = mutex_is_locked(&event_mutex);
	struct trace_pid_list *pids, *no_pids;

	pids = rcu_dereference_protected(tr->filtered_pids, held);
	no_pids = rcu_dereference_protected(tr->filtered_no_pids, held);
	*verdict(tr) = trace_ignore_this_task(pids, no_pids, current);
}

bool evreg_pids_active(struct trace_array *tr)
{
	unsigned int first;

	return !trace_pid_list_first(pids_locked(tr, TRACE_PIDS), &first) ||
	       !trace_pid_list_first(pids_locked(tr, TRACE_NO_PIDS), &first);
}

/*
 * Drop the sets named in @type.  When none is left, the probes go, the
 * files lose PID_FILTER and every CPU's verdict is reset.  event_mutex.
 */
void evreg_pids_clear_locked(struct trace_array *tr, int type)
{
	struct trace_pid_list *old[2] = {
		type & TRACE_PIDS ? pids_locked(tr, TRACE_PIDS) : NULL,
		type & TRACE_NO_PIDS ? pids_locked(tr, TRACE_NO_PIDS) : NULL,
	};
	bool other = (!(type & TRACE_PIDS) && pids_locked(tr, TRACE_PIDS)) ||
		     (!(type & TRACE_NO_PIDS) &&
		      pids_locked(tr, TRACE_NO_PIDS));
	struct trace_event_file *file;
	int cpu;

	if (!old[0] && !old[1])
		return;
	if (!other) {
		verdict_probes_off(tr);
		list_for_each_entry(file, &tr->events, list)
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		for_each_possible_cpu(cpu)
			per_cpu_ptr(tr->array_buffer.data, cpu)->ignore_pid =
				false;
	}
	if (type & TRACE_PIDS)
		pids_publish(tr, TRACE_PIDS, NULL);
	if (type & TRACE_NO_PIDS)
		pids_publish(tr, TRACE_NO_PIDS, NULL);
	/*
	 * With the other set left, the running tasks' verdicts are redone
	 * now rather than at their next switch.
	 */
	if (other)
		on_each_cpu(verdict_refresh, tr, 1);
	tracepoint_synchronize_unregister();
	trace_pid_list_free(old[0]);
	trace_pid_list_free(old[1]);
}

/*
 * Replace the set of @type by the old one plus what the user wrote
 * (trace_pid_write() builds the new set; a truncating open emptied the
 * old one first).  The verdict probes come with the first set of either
 * type and stay while any is left.  event_mutex held.
 */
ssize_t evreg_pids_write_locked(struct trace_array *tr, int type,
				const char __user *ubuf, size_t cnt)
{
	int other = type == TRACE_PIDS ? TRACE_NO_PIDS : TRACE_PIDS;
	struct trace_pid_list *old = pids_locked(tr, type), *new;
	bool probes_on = old || pids_locked(tr, other);
	struct trace_event_file *file;
	ssize_t ret;

	ret = trace_pid_write(old, &new, ubuf, cnt);
	if (ret < 0)
		return ret;
	pids_publish(tr, type, new);
	list_for_each_entry(file, &tr->events, list)
		set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	if (!probes_on && new)
		verdict_probes_on(tr);
	if (old) {
		/* probes may still be looking at it */
		tracepoint_synchronize_unregister();
		trace_pid_list_free(old);
	}
	/* The tasks running now switched in before the sets changed. */
	on_each_cpu(verdict_refresh, tr, 1);
	return ret;
}

static ssize_t pid_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos, int type)
{
	struct seq_file *m = filp->private_data;
	ssize_t ret;

	if (!cnt)
		return 0;
	ret = tracing_update_buffers(m->private);
	if (ret < 0)
		return ret;
	scoped_guard(mutex, &event_mutex)
		ret = evreg_pids_write_locked(m->private, type, ubuf, cnt);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

static ssize_t pid_write_trace(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return pid_write(filp, ubuf, cnt, ppos, TRACE_PIDS);
}

static ssize_t pid_write_notrace(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return pid_write(filp, ubuf, cnt, ppos, TRACE_NO_PIDS);
}

/*
 * Reading: the pids of the set, ascending.  event_mutex is held from
 * start to stop so the set seen by start is the one next walks.
 */
static void *pid_start(struct seq_file *m, loff_t *pos, int type)
	__acquires(RCU)
{
	struct trace_pid_list *set;

	mutex_lock(&event_mutex);
	rcu_read_lock_sched();
	set = pids_of(m->private, type);
	return set ? trace_pid_start(set, pos) : NULL;
}

static void *pid_start_trace(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	return pid_start(m, pos, TRACE_PIDS);
}

static void *pid_start_notrace(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	return pid_start(m, pos, TRACE_NO_PIDS);
}

static void *pid_next_trace(struct seq_file *m, void *v, loff_t *pos)
{
	return trace_pid_next(pids_of(m->private, TRACE_PIDS), v, pos);
}

static void *pid_next_notrace(struct seq_file *m, void *v, loff_t *pos)
{
	return trace_pid_next(pids_of(m->private, TRACE_NO_PIDS), v, pos);
}

static void pid_stop(struct seq_file *m, void *v)
	__releases(RCU)
{
	rcu_read_unlock_sched();
	mutex_unlock(&event_mutex);
}

static const struct seq_operations pid_seq_ops = {
	.start	= pid_start_trace,
	.next	= pid_next_trace,
	.show	= trace_pid_show,
	.stop	= pid_stop,
};

static const struct seq_operations notrace_pid_seq_ops = {
	.start	= pid_start_notrace,
	.next	= pid_next_notrace,
	.show	= trace_pid_show,
	.stop	= pid_stop,
};

/* Truncating open of a writer clears the set ("echo > set_event_pid"). */
static int pid_open(struct inode *inode, struct file *filp, int type,
		    const struct seq_operations *ops)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		evreg_pids_clear_locked(tr, type);
		mutex_unlock(&event_mutex);
	}
	ret = seq_open(filp, ops);
	if (ret < 0) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int pid_open_trace(struct inode *inode, struct file *filp)
{
	return pid_open(inode, filp, TRACE_PIDS, &pid_seq_ops);
}

static int pid_open_notrace(struct inode *inode, struct file *filp)
{
	return pid_open(inode, filp, TRACE_NO_PIDS, &notrace_pid_seq_ops);
}

static int pid_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

const struct file_operations evreg_pid_fops = {
	.open		= pid_open_trace,
	.read		= seq_read,
	.write		= pid_write_trace,
	.llseek		= seq_lseek,
	.release	= pid_release,
};

const struct file_operations evreg_notrace_pid_fops = {
	.open		= pid_open_notrace,
	.read		= seq_read,
	.write		= pid_write_notrace,
	.llseek		= seq_lseek,
	.release	= pid_release,
};
