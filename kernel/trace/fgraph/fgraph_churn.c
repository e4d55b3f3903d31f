// SPDX-License-Identifier: GPL-2.0
/*
 * fgraph_churn: graph users that come and go on every function while
 * the rest of the system runs (selftests/retrace/fgraph_churn.sh forks,
 * execs and exits meanwhile).  Built in, for test kernels only.
 *
 * Writing a number of seconds to the parameter "start" starts a thread
 * that, for that long (and at least FGC_MIN_ROUNDS rounds, within
 * FGC_CAP times that long), runs rounds of @users users.  User 0 takes every
 * function; it leaves and comes back every fourth round, so the core
 * goes through no user, one user (the static-call path) and several.
 * The others take the functions of a glob each ("*read*", "*sched*",
 * "*lock*") and come and go every round, in an order that changes from
 * round to round, so that sites move between one user's trampoline and
 * the list function all the time.  Every user keeps two words in each
 * frame it takes (the function and the depth) and checks them at the
 * return: a mismatch is counted in @errors.  The thread
 * sets @done when it is over.  A write while a run is going on fails
 * with -EBUSY.
 *
 * Parameters (under /sys/module/fgraph_churn/parameters/): users (in,
 * read at start), start (in); rounds, entries, returns, errors, done
 * (out, updated every round).
 */
#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/string.h>

#define FGC_MAX_USERS	4
/* A run makes this many rounds even past its time, up to FGC_CAP times it. */
#define FGC_MIN_ROUNDS	4
#define FGC_CAP		8

static int users = 3;
module_param(users, int, 0644);
static int seconds;
static int rounds;
module_param(rounds, int, 0444);
static unsigned long entries;
module_param(entries, ulong, 0444);
static unsigned long returns;
module_param(returns, ulong, 0444);
static unsigned long errors;
module_param(errors, ulong, 0444);
static int done;
module_param(done, int, 0444);

static DEFINE_PER_CPU(unsigned long, fgc_entries);
static DEFINE_PER_CPU(unsigned long, fgc_returns);
static DEFINE_PER_CPU(unsigned long, fgc_errors);

static struct fgraph_ops fgc_users[FGC_MAX_USERS];
static struct task_struct *fgc_thread;

/* The functions of users 1.., one glob each. */
static const char * const fgc_globs[] = { "*read*", "*sched*", "*lock*" };

static int fgc_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	unsigned long *data = fgraph_reserve_data(gops->idx, 2 * sizeof(long));

	if (!data)
		return 0;
	data[0] = trace->func;
	data[1] = trace->depth;
	this_cpu_inc(fgc_entries);
	return 1;
}

static void fgc_return(struct ftrace_graph_ret *trace, struct fgraph_ops *gops)
{
	unsigned long *data;
	int size;

	this_cpu_inc(fgc_returns);
	data = fgraph_retrieve_data(gops->idx, &size);
	if (!data || size != 2 * sizeof(long) || data[0] != trace->func ||
	    data[1] != trace->depth)
		this_cpu_inc(fgc_errors);
}

static unsigned long fgc_sum(unsigned long __percpu *v)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += *per_cpu_ptr(v, cpu);
	return sum;
}

static void fgc_publish(void)
{
	WRITE_ONCE(entries, fgc_sum(&fgc_entries));
	WRITE_ONCE(returns, fgc_sum(&fgc_returns));
	WRITE_ONCE(errors, fgc_sum(&fgc_errors));
}

static int fgc_setup(int i)
{
	struct fgraph_ops *gops = &fgc_users[i];
	char glob[16];
	int ret;

	gops->entryfunc = fgc_entry;
	gops->retfunc = fgc_return;
	if (!i)
		return 0;
	strscpy(glob, fgc_globs[(i - 1) % ARRAY_SIZE(fgc_globs)]);
	ret = ftrace_set_filter(&gops->ops, (unsigned char *)glob, strlen(glob), 1);
	return ret;
}

/* Register user @i; a failure is reported and ends the run early. */
static bool fgc_in(int i)
{
	int ret = register_ftrace_graph(&fgc_users[i]);

	if (ret)
		pr_warn("fgraph_churn: user %d: %d\n", i, ret);
	return !ret;
}

static int fgc_run(void *unused)
{
	unsigned long end = jiffies + seconds * HZ;
	unsigned long cap = jiffies + FGC_CAP * seconds * HZ;
	bool all = false;
	int i, n;

	while (!kthread_should_stop() && time_before(jiffies, cap) &&
	       (time_before(jiffies, end) || rounds < FGC_MIN_ROUNDS)) {
		if (!all && !fgc_in(0))
			break;
		all = true;
		for (n = 1; n < users; n++) {
			if (!fgc_in(n))
				break;
			msleep(20);
		}
		msleep(100);
		/* Odd rounds go first in, first out; even ones the reverse. */
		for (i = 1; i < n; i++)
			unregister_ftrace_graph(&fgc_users[rounds % 2 ? i : n - i]);
		if (rounds % 4 == 3) {
			unregister_ftrace_graph(&fgc_users[0]);
			all = false;
		}
		rounds++;
		fgc_publish();
		msleep(20);
	}
	if (all)
		unregister_ftrace_graph(&fgc_users[0]);
	fgc_publish();
	WRITE_ONCE(done, 1);
	while (!kthread_should_stop())
		msleep(50);
	return 0;
}

/* A run: users set up, the thread started; -EBUSY while one goes on. */
static int fgc_start(const char *val, const struct kernel_param *kp)
{
	static DEFINE_MUTEX(fgc_lock);
	int i, secs, ret;

	ret = kstrtoint(val, 0, &secs);
	if (ret)
		return ret;
	if (secs <= 0)
		return -EINVAL;
	mutex_lock(&fgc_lock);
	if (fgc_thread && !READ_ONCE(done)) {
		ret = -EBUSY;
		goto out;
	}
	if (fgc_thread)
		kthread_stop(fgc_thread);
	fgc_thread = NULL;
	for (i = 0; i < FGC_MAX_USERS; i++)
		ftrace_free_filter(&fgc_users[i].ops);
	users = clamp(users, 1, FGC_MAX_USERS);
	for (i = 0; i < users; i++) {
		ret = fgc_setup(i);
		if (ret)
			goto out;
	}
	seconds = secs;
	rounds = 0;
	WRITE_ONCE(done, 0);
	fgc_thread = kthread_run(fgc_run, NULL, "fgraph_churn");
	if (IS_ERR(fgc_thread)) {
		ret = PTR_ERR(fgc_thread);
		fgc_thread = NULL;
	}
out:
	mutex_unlock(&fgc_lock);
	return ret;
}

static const struct kernel_param_ops fgc_start_ops = {
	.set	= fgc_start,
	.get	= param_get_int,
};
module_param_cb(start, &fgc_start_ops, &seconds, 0644);
