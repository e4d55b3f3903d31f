// SPDX-License-Identifier: GPL-2.0
/*
 * The graph core's life cycle: graph users coming and going, the
 * return stacks of tasks (made when the first user comes, by fork while
 * any is there, freed at exit), the scheduler hook that keeps sleep
 * time out of calltime on request, and the pause around hibernation.
 *
 * Users.  Up to FGRAPH_USERS at once, each with its own ftrace_ops
 * (its own filter and notrace sets, or sets shared through
 * fgraph_init_ops()) whose callback is the architecture's
 * ftrace_graph_func.  A user gets an idx, its bit in frame words and
 * its task variable; a freed idx is handed out again as late as
 * possible (a round-robin cursor), so that a frame pushed for a user
 * that left is unlikely to reach a new user of the same idx before it
 * returns.  Such a frame's return meets &fgraph_gone while the idx is
 * free.
 *
 * The number of users drives the hot paths:
 *
 *   users  fgraph_one   entry calls            return calls
 *   -----  ----------   --------------------   ---------------------------
 *   0      off          (nothing is hooked)    frames left: fgraph_gone
 *   1      on           static call: the user  static call, for its bit
 *   2..16  off          gops->entryfunc        gops->retfunc, each bit
 *
 * Changes, fgraph_mutex held (lock order: fgraph_mutex, then the
 * direct-call lock and ftrace_lock inside register_ftrace_function()):
 *
 *   0 -> 1  stacks for every task; static calls aimed at the user;
 *           fgraph_users[idx]; fgraph_one on; its ops registered
 *   1 -> 2  fgraph_one off (static_branch_disable() returns when every
 *           CPU sees it); fgraph_users[idx]; its ops registered
 *   N -> N-1  its ops unregistered (no CPU is left in its entry);
 *           fgraph_users[idx] = &fgraph_gone; synchronize_rcu() (no CPU
 *           is left in its return callback); left with one user: the
 *           static calls aimed at it and fgraph_one on; left with none:
 *           the stubs
 *
 * fgraph_one is never on while a user other than the one its static
 * calls name can be entered.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/static_call.h>
#include <linux/suspend.h>
#include <linux/trace_clock.h>

#include <trace/events/sched.h>

#include "ftrace/ftrace_ops.h"
#include "fgraph_internal.h"

int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops)
{
	return 0;
}

void fgraph_ret_stub(struct ftrace_graph_ret *trace, struct fgraph_ops *gops)
{
}

struct fgraph_ops fgraph_gone = {
	.entryfunc	= ftrace_graph_entry_stub,
	.retfunc	= fgraph_ret_stub,
	.idx		= -1,
};

struct fgraph_ops *fgraph_users[FGRAPH_USERS] = {
	[0 ... FGRAPH_USERS - 1] = &fgraph_gone,
};

DEFINE_STATIC_KEY_FALSE(fgraph_one);
int fgraph_one_idx;
DEFINE_STATIC_CALL(fgraph_one_entry, ftrace_graph_entry_stub);
DEFINE_STATIC_CALL(fgraph_one_ret, fgraph_ret_stub);

bool fgraph_sleep_time = true;

/* Serializes registration and the start of stacks (lock order above). */
static DEFINE_MUTEX(fgraph_mutex);
static int fgraph_nr_users;
static unsigned int fgraph_cursor;
/*
 * Whether new tasks get a stack: set before the stacks of the existing
 * ones are made, so that no task forked meanwhile is missed for good
 * (one forked before it is set is found by the walk).
 */
static bool fgraph_stacks_on;

static DEFINE_PER_CPU(unsigned long *, fgraph_idle_stack);

void ftrace_graph_sleep_time_control(bool enable)
{
	WRITE_ONCE(fgraph_sleep_time, enable);
}

void fgraph_init_ops(struct ftrace_ops *dst, struct ftrace_ops *src)
{
	fops_init_hashes(dst);
	if (src) {
		fops_init_hashes(src);
		dst->func_hash = src->func_hash;
	}
}

/* Start @t's stack @stack: empty, counters and task variables zero. */
void fgs_init_task(struct task_struct *t, unsigned long *stack)
{
	memset(&stack[FGS_VARS], 0, FGRAPH_USERS * sizeof(long));
	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	t->ftrace_timestamp = 0;
	atomic_set(&t->trace_overrun, 0);
	atomic_set(&t->tracing_graph_pause, 0);
	/* Everything above before the stack: pairs with READ_ONCE() readers. */
	smp_store_release(&t->ret_stack, stack);
}

static unsigned long *fgs_alloc(gfp_t gfp)
{
	return kmalloc(FGS_SIZE, gfp);
}

/**
 * ftrace_graph_init_task - a forked task's return stack
 * @t: the new task, a copy of its parent not running yet
 *
 * Drops the parent's stack pointer the copy holds and, while graph users
 * are registered, gives @t a stack of its own (without one its calls
 * are not hooked).  Process context.
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	unsigned long *stack;

	t->ret_stack = NULL;
	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	if (!READ_ONCE(fgraph_stacks_on))
		return;
	stack = fgs_alloc(GFP_KERNEL);
	if (stack)
		fgs_init_task(t, stack);
}

/**
 * ftrace_graph_init_idle_task - the return stack of a CPU's idle task
 * @t: the idle task
 * @cpu: its CPU
 *
 * An idle task keeps one stack per CPU for the kernel's life.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	unsigned long *stack = per_cpu(fgraph_idle_stack, cpu);

	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	if (t->ret_stack) {
		WARN_ON_ONCE(t->ret_stack != stack);
		return;
	}
	if (!READ_ONCE(fgraph_stacks_on))
		return;
	if (!stack) {
		stack = fgs_alloc(GFP_KERNEL);
		if (!stack)
			return;
		per_cpu(fgraph_idle_stack, cpu) = stack;
	}
	fgs_init_task(t, stack);
}

/**
 * ftrace_graph_exit_task - free a task's return stack
 * @t: the task, being freed (no unwinder holds it any more)
 *
 * The pointer is cleared (a full barrier) before the page goes, for an
 * interrupt of the freeing code that would look at @t.
 */
void ftrace_graph_exit_task(struct task_struct *t)
{
	kfree(xchg(&t->ret_stack, NULL));
}

/*
 * Give a stack to every task that has none, FTRACE_RETSTACK_ALLOC_SIZE
 * at a time (allocated outside the RCU walk).  0 or -ENOMEM; the tasks
 * served before a failure keep their stacks.
 */
static int fgs_give_all(void)
{
	unsigned long *batch[FTRACE_RETSTACK_ALLOC_SIZE];
	struct task_struct *g, *t;
	int cpu, n, used;
	bool more;

	for_each_possible_cpu(cpu) {
		t = idle_task(cpu);
		if (t)
			ftrace_graph_init_idle_task(t, cpu);
	}
	do {
		for (n = 0; n < ARRAY_SIZE(batch); n++) {
			batch[n] = fgs_alloc(GFP_KERNEL);
			if (!batch[n])
				break;
		}
		if (!n)
			return -ENOMEM;
		used = 0;
		more = false;
		rcu_read_lock();
		for_each_process_thread(g, t) {
			if (t->ret_stack)
				continue;
			if (used == n) {
				more = true;
				break;
			}
			fgs_init_task(t, batch[used++]);
		}
		rcu_read_unlock();
		while (used < n)
			kfree(batch[used++]);
	} while (more);
	return 0;
}

/* Zero task variable @idx of every task (a new user's). */
static void fgs_clear_var(int idx)
{
	struct task_struct *g, *t;
	unsigned long *stack;
	int cpu;

	for_each_possible_cpu(cpu) {
		stack = per_cpu(fgraph_idle_stack, cpu);
		if (stack)
			WRITE_ONCE(stack[FGS_VARS + idx], 0);
	}
	rcu_read_lock();
	for_each_process_thread(g, t) {
		stack = READ_ONCE(t->ret_stack);
		if (stack)
			WRITE_ONCE(stack[FGS_VARS + idx], 0);
	}
	rcu_read_unlock();
}

/*
 * Every switch stamps the task going out; with sleep time left out,
 * the task coming in has the time it was out added to the calltime of
 * each call it is inside, as if the clock had stopped for it.
 */
static void fgraph_on_switch(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next,
			     unsigned int prev_state)
{
	u64 now = trace_clock_local(), gone;
	unsigned long *stack;
	int top, start;

	prev->ftrace_timestamp = now;
	stack = next->ret_stack;
	if (READ_ONCE(fgraph_sleep_time) || !stack || !next->ftrace_timestamp)
		return;
	gone = now - next->ftrace_timestamp;
	top = next->curr_ret_stack;
	while ((start = fgs_frame_start(stack, top)) >= 0) {
		fgs_frame(stack, start)->calltime += gone;
		top = start;
	}
}

/* The first user comes: stacks, the switch hook. */
static int fgraph_start(void)
{
	int ret;

	WRITE_ONCE(fgraph_stacks_on, true);
	ret = fgs_give_all();
	if (!ret)
		ret = register_trace_sched_switch(fgraph_on_switch, NULL);
	if (ret)
		WRITE_ONCE(fgraph_stacks_on, false);
	return ret;
}

static void fgraph_stop(void)
{
	unregister_trace_sched_switch(fgraph_on_switch, NULL);
	WRITE_ONCE(fgraph_stacks_on, false);
	/* Stacks stay: tasks still inside hooked calls pop their frames. */
}

/* A free idx, the first one after the last handed out; -1 if none. */
static int fgraph_take_idx(void)
{
	unsigned int i, idx;

	for (i = 0; i < FGRAPH_USERS; i++) {
		idx = (fgraph_cursor + i) % FGRAPH_USERS;
		if (fgraph_users[idx] == &fgraph_gone) {
			fgraph_cursor = idx + 1;
			return idx;
		}
	}
	return -1;
}

/* Aim the one-user path at @gops and turn it on. */
static void fgraph_one_on(struct fgraph_ops *gops)
{
	static_call_update(fgraph_one_entry, gops->entryfunc);
	static_call_update(fgraph_one_ret, gops->retfunc);
	WRITE_ONCE(fgraph_one_idx, gops->idx);
	static_branch_enable(&fgraph_one);
}

static void fgraph_one_off(void)
{
	static_branch_disable(&fgraph_one);
	static_call_update(fgraph_one_entry, ftrace_graph_entry_stub);
	static_call_update(fgraph_one_ret, fgraph_ret_stub);
}

/* Take @gops out of the table; its ops is unregistered already. */
static void fgraph_drop(struct fgraph_ops *gops)
{
	int i;

	if (fgraph_nr_users == 1)
		fgraph_one_off();
	WRITE_ONCE(fgraph_users[gops->idx], &fgraph_gone);
	/* Pairs with the preempt-off return callbacks of fgraph_return(). */
	synchronize_rcu();
	fgraph_nr_users--;
	if (fgraph_nr_users == 1) {
		for (i = 0; i < FGRAPH_USERS; i++)
			if (fgraph_users[i] != &fgraph_gone)
				fgraph_one_on(fgraph_users[i]);
	} else if (!fgraph_nr_users) {
		fgraph_stop();
	}
}

/**
 * register_ftrace_graph - add a graph user
 * @gops: its callbacks and its ops (filter sets; flags the user needs);
 *	@gops->ops.func is set here
 *
 * From now on the calls of the functions @gops->ops chooses are offered
 * to @gops->entryfunc, and the returns of those it takes to
 * @gops->retfunc.  Process context.
 *
 * Return: 0; -EBUSY if @gops is registered already; -ENOSPC with
 * FGRAPH_USERS users already; -ENOMEM when the first user's stacks
 * cannot be made; or register_ftrace_function()'s error.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	int idx, ret;

	mutex_lock(&fgraph_mutex);
	if (fops_live(&gops->ops)) {
		ret = -EBUSY;
		goto out;
	}
	idx = fgraph_take_idx();
	if (idx < 0) {
		ret = -ENOSPC;
		goto out;
	}
	if (!fgraph_nr_users) {
		ret = fgraph_start();
		if (ret)
			goto out;
	}
	gops->idx = idx;
	fgs_clear_var(idx);
	gops->ops.func = ftrace_graph_func;
	gops->ops.flags |= FTRACE_OPS_FL_RECURSION | FTRACE_OPS_GRAPH_STUB;

	if (fgraph_nr_users == 1)
		static_branch_disable(&fgraph_one);
	WRITE_ONCE(fgraph_users[idx], gops);
	if (!fgraph_nr_users)
		fgraph_one_on(gops);
	fgraph_nr_users++;

	ret = register_ftrace_function(&gops->ops);
	if (ret)
		fgraph_drop(gops);
out:
	mutex_unlock(&fgraph_mutex);
	return ret;
}

/**
 * unregister_ftrace_graph - remove a graph user
 * @gops: a user register_ftrace_graph() added
 *
 * On return no CPU is in its callbacks and none will call them again;
 * calls it took that have not returned yet return without them.
 * Process context.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	mutex_lock(&fgraph_mutex);
	if (gops->idx < 0 || gops->idx >= FGRAPH_USERS ||
	    fgraph_users[gops->idx] != gops)
		goto out;
	unregister_ftrace_function(&gops->ops);
	fgraph_drop(gops);
	gops->idx = -1;
out:
	mutex_unlock(&fgraph_mutex);
}

/* Hibernation moves stacks under the tasks' feet: no hooking meanwhile. */
static int fgraph_pm_notify(struct notifier_block *nb, unsigned long state,
			    void *unused)
{
	if (state == PM_HIBERNATION_PREPARE)
		pause_graph_tracing();
	else if (state == PM_POST_HIBERNATION)
		unpause_graph_tracing();
	return NOTIFY_DONE;
}

static struct notifier_block fgraph_pm_nb = {
	.notifier_call = fgraph_pm_notify,
};

static int __init fgraph_init(void)
{
	/* Frames are whole words; a distance back spans the whole page. */
	BUILD_BUG_ON(sizeof(struct ftrace_ret_stack) % sizeof(long));
	BUILD_BUG_ON(FGS_WORDS - 1 > FGS_BACK_MASK);
	return register_pm_notifier(&fgraph_pm_nb);
}
core_initcall(fgraph_init);
