// SPDX-License-Identifier: GPL-2.0
/*
 * Which tasks an instance's function tracing records: set_ftrace_pid
 * (only these) and set_ftrace_notrace_pid (all but these), with the
 * option function-fork making children inherit their parent's
 * membership.  The function tracer obeys them (the function commands,
 * as their own ops, do not).
 *
 * The sets are trace_pid.c's, built whole by a write and published with
 * rcu_assign_pointer(); the old one is freed after the sched probes and
 * callbacks that read it are done (tracepoint_synchronize_unregister()).
 *
 * Callbacks never look a set up.  Each CPU keeps a verdict about the
 * task running on it (fi->pid_verdict):
 *
 *   TFP_ANY    no set: every task is traced
 *   TFP_NONE   the running task is not traced
 *   a pid      the task with this pid is traced
 *
 * A callback records only if the verdict is TFP_ANY or current's pid
 * (a verdict about the task just switched out reads as "not traced").
 * The sched_switch probe recomputes it for the incoming task; a write
 * recomputes it on every CPU for the task running there.  A verdict is
 * written only by its own CPU.
 *
 * Locking: tfunc_pid_lock serialises writes, clears and the probes'
 * registration; it nests inside event_mutex and trace_types_lock
 * (instance removal) and takes nothing of ftrace.
 */
#include <linux/fs.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "lib/trace_pid.h"
#include "trace_function.h"

static DEFINE_MUTEX(tfunc_pid_lock);

static struct trace_pid_list *tfp_set(struct trace_func_instance *fi,
				      bool exclude)
{
	if (exclude)
		return rcu_dereference_sched(fi->no_pids);
	return rcu_dereference_sched(fi->pids);
}

static struct trace_pid_list *tfp_set_locked(struct trace_func_instance *fi,
					     bool exclude)
{
	if (exclude)
		return rcu_dereference_protected(fi->no_pids,
						 lockdep_is_held(&tfunc_pid_lock));
	return rcu_dereference_protected(fi->pids,
					 lockdep_is_held(&tfunc_pid_lock));
}

static int tfp_verdict_of(struct trace_pid_list *pids,
			  struct trace_pid_list *no_pids,
			  struct task_struct *task)
{
	if (!pids && !no_pids)
		return TFP_ANY;
	return trace_ignore_this_task(pids, no_pids, task) ? TFP_NONE : task->pid;
}

static void tfp_switch(void *data, bool preempt, struct task_struct *prev,
		       struct task_struct *next, unsigned int prev_state)
{
	struct trace_func_instance *fi = data;

	this_cpu_write(*fi->pid_verdict,
		       tfp_verdict_of(tfp_set(fi, false), tfp_set(fi, true), next));
}

/* On each CPU after a change: the verdict about the task running there. */
static void tfp_refresh(void *data)
{
	struct trace_func_instance *fi = data;
	bool held = mutex_is_locked(&tfunc_pid_lock);

	this_cpu_write(*fi->pid_verdict,
		       tfp_verdict_of(rcu_dereference_protected(fi->pids, held),
				      rcu_dereference_protected(fi->no_pids, held),
				      current));
}

static void tfp_fork(void *data, struct task_struct *parent,
		     struct task_struct *child)
{
	struct trace_func_instance *fi = data;

	trace_filter_add_remove_task(tfp_set(fi, false), parent, child);
	trace_filter_add_remove_task(tfp_set(fi, true), parent, child);
}

static void tfp_free(void *data, struct task_struct *task)
{
	struct trace_func_instance *fi = data;

	trace_filter_add_remove_task(tfp_set(fi, false), NULL, task);
	trace_filter_add_remove_task(tfp_set(fi, true), NULL, task);
}

/* function-fork: follow forks and exits into the sets. */
void ftrace_pid_follow_fork(struct trace_array *tr, bool enable)
{
	struct trace_func_instance *fi = trace_func_of(tr);

	if (!fi)
		return;
	guard(mutex)(&tfunc_pid_lock);
	if (fi->follow_fork == enable)
		return;
	fi->follow_fork = enable;
	if (enable) {
		/* The child joins after other probes, its pid leaves before. */
		register_trace_prio_sched_process_fork(tfp_fork, fi, INT_MIN);
		register_trace_prio_sched_process_free(tfp_free, fi, INT_MAX);
	} else {
		unregister_trace_sched_process_fork(tfp_fork, fi);
		unregister_trace_sched_process_free(tfp_free, fi);
		/* @fi may be freed next (instance removal): no probe left in it. */
		tracepoint_synchronize_unregister();
	}
}

/* Replace one set (tfunc_pid_lock held); the switch probe lives while any does. */
static void tfp_publish(struct trace_func_instance *fi, bool exclude,
			struct trace_pid_list *set)
{
	struct trace_pid_list *old = tfp_set_locked(fi, exclude);
	bool had = old || tfp_set_locked(fi, !exclude);
	bool has;

	if (exclude)
		rcu_assign_pointer(fi->no_pids, set);
	else
		rcu_assign_pointer(fi->pids, set);
	has = set || tfp_set_locked(fi, !exclude);
	if (has && !had)
		register_trace_sched_switch(tfp_switch, fi);
	else if (!has && had)
		unregister_trace_sched_switch(tfp_switch, fi);
	on_each_cpu(tfp_refresh, fi, 1);
	if (old) {
		tracepoint_synchronize_unregister();
		trace_pid_list_free(old);
	}
}

/* Instance removal: both sets and fork following go. */
void tfunc_pids_clear(struct trace_func_instance *fi)
{
	ftrace_pid_follow_fork(fi->ops->private, false);
	guard(mutex)(&tfunc_pid_lock);
	tfp_publish(fi, false, NULL);
	tfp_publish(fi, true, NULL);
}

/* The files: a seq_file over the set, "no pid" when there is none. */
#define TFP_NO_PIDS	((void *)1UL)

struct tfp_file {
	struct trace_array	*tr;
	bool			exclude;
};

static void *tfp_start(struct seq_file *m, loff_t *pos)
{
	struct tfp_file *f = m->private;
	struct trace_func_instance *fi = trace_func_of(f->tr);
	struct trace_pid_list *set;

	mutex_lock(&tfunc_pid_lock);
	set = tfp_set_locked(fi, f->exclude);
	if (!set)
		return *pos ? NULL : TFP_NO_PIDS;
	return trace_pid_start(set, pos);
}

static void *tfp_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct tfp_file *f = m->private;
	struct trace_func_instance *fi = trace_func_of(f->tr);

	if (v == TFP_NO_PIDS) {
		(*pos)++;
		return NULL;
	}
	return trace_pid_next(tfp_set_locked(fi, f->exclude), v, pos);
}

static void tfp_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&tfunc_pid_lock);
}

static int tfp_show(struct seq_file *m, void *v)
{
	if (v == TFP_NO_PIDS) {
		seq_puts(m, "no pid\n");
		return 0;
	}
	return trace_pid_show(m, v);
}

static const struct seq_operations tfp_seq_ops = {
	.start	= tfp_start,
	.next	= tfp_next,
	.stop	= tfp_stop,
	.show	= tfp_show,
};

static int tfp_open(struct inode *inode, struct file *file, bool exclude)
{
	struct trace_array *tr = inode->i_private;
	struct trace_func_instance *fi;
	struct tfp_file *f;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	fi = trace_func_of(tr);
	f = fi ? __seq_open_private(file, &tfp_seq_ops, sizeof(*f)) : NULL;
	if (!f) {
		trace_array_put(tr);
		return fi ? -ENOMEM : -ENODEV;
	}
	f->tr = tr;
	f->exclude = exclude;
	/* A truncating open for writing starts from an empty set. */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		mutex_lock(&tfunc_pid_lock);
		tfp_publish(fi, exclude, NULL);
		mutex_unlock(&tfunc_pid_lock);
	}
	return 0;
}

static int tfp_open_pid(struct inode *inode, struct file *file)
{
	return tfp_open(inode, file, false);
}

static int tfp_open_nopid(struct inode *inode, struct file *file)
{
	return tfp_open(inode, file, true);
}

static ssize_t tfp_write(struct file *file, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	struct tfp_file *f = m->private;
	struct trace_func_instance *fi = trace_func_of(f->tr);
	struct trace_pid_list *set;
	ssize_t ret;

	if (!cnt)
		return 0;
	guard(mutex)(&tfunc_pid_lock);
	ret = trace_pid_write(tfp_set_locked(fi, f->exclude), &set, ubuf, cnt);
	if (ret < 0)
		return ret;
	tfp_publish(fi, f->exclude, set);
	*ppos += ret;
	return ret;
}

static int tfp_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;
	struct tfp_file *f = m->private;

	trace_array_put(f->tr);
	return seq_release_private(inode, file);
}

static const struct file_operations tfp_pid_fops = {
	.open		= tfp_open_pid,
	.read		= seq_read,
	.write		= tfp_write,
	.llseek		= tracing_lseek,
	.release	= tfp_release,
};

static const struct file_operations tfp_nopid_fops = {
	.open		= tfp_open_nopid,
	.read		= seq_read,
	.write		= tfp_write,
	.llseek		= tracing_lseek,
	.release	= tfp_release,
};

void tfunc_pid_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("set_ftrace_pid", TRACE_MODE_WRITE, d, tr,
			  &tfp_pid_fops);
	trace_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, d, tr,
			  &tfp_nopid_fops);
}
