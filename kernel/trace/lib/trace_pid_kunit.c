// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_pid": the pid sets of kernel/trace/lib/trace_pid.c,
 * through their public functions only.
 *
 * What it pins: the results callers rely on (0 / negative, -ENODEV
 * for no set, -EINVAL at and above TRACE_PID_LIMIT), pids at every node
 * boundary of the layout, ascending iteration that skips cleared pids and
 * empty regions, growth past the reserve (a growth that finds the reserve
 * empty fails cleanly and succeeds once the irq_work refilled it), and
 * writers on every CPU growing one set while lookups run in task and
 * hard-interrupt context.
 *
 * Runs at boot with the other built-in suites (process context).
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/sched.h>

#include "trace_pid.h"

/* Layout constants of trace_pid.c, restated: the boundaries to test. */
#define LEAF_PIDS	BIT(15)
#define MID_PIDS	(LEAF_PIDS << (BITS_PER_LONG == 64 ? 9 : 10))

/*
 * Add @pid, waiting for the reserve refill if the set must grow and the
 * reserve is empty.  Returns the last result.
 */
static int tpid_add(struct trace_pid_list *set, unsigned int pid)
{
	int tries = 200, ret;

	while ((ret = trace_pid_list_set(set, pid)) == -ENOMEM && --tries)
		usleep_range(500, 1000);
	return ret;
}

static void tpid_alloc(struct kunit *test, struct trace_pid_list **set)
{
	*set = trace_pid_list_alloc();
	KUNIT_ASSERT_NOT_NULL(test, *set);
}

static void tpid_no_set(struct kunit *test)
{
	unsigned int pid = 7;

	KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(NULL, 1));
	KUNIT_EXPECT_EQ(test, trace_pid_list_set(NULL, 1), -ENODEV);
	KUNIT_EXPECT_EQ(test, trace_pid_list_clear(NULL, 1), -ENODEV);
	KUNIT_EXPECT_EQ(test, trace_pid_list_first(NULL, &pid), -ENODEV);
	KUNIT_EXPECT_EQ(test, trace_pid_list_next(NULL, 0, &pid), -ENODEV);
	KUNIT_EXPECT_EQ(test, pid, 7U);
	trace_pid_list_free(NULL);
}

static void tpid_empty(struct kunit *test)
{
	struct trace_pid_list *set;
	unsigned int pid = 7;

	tpid_alloc(test, &set);
	KUNIT_EXPECT_LT(test, trace_pid_list_first(set, &pid), 0);
	KUNIT_EXPECT_LT(test, trace_pid_list_next(set, 12345, &pid), 0);
	KUNIT_EXPECT_EQ(test, pid, 7U);
	KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, 0));
	KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, 1));
	KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, LEAF_PIDS - 1));
	/* Clearing what is not there is not an error. */
	KUNIT_EXPECT_EQ(test, trace_pid_list_clear(set, 99), 0);
	trace_pid_list_free(set);
}

static void tpid_limits(struct kunit *test)
{
	struct trace_pid_list *set;
	unsigned int pid = 7;

	tpid_alloc(test, &set);
	KUNIT_EXPECT_EQ(test, trace_pid_list_set(set, TRACE_PID_LIMIT), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_pid_list_set(set, UINT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_pid_list_clear(set, TRACE_PID_LIMIT), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_pid_list_next(set, TRACE_PID_LIMIT, &pid),
			-EINVAL);
	KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, TRACE_PID_LIMIT));
	KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, UINT_MAX));

	KUNIT_ASSERT_EQ(test, tpid_add(set, TRACE_PID_LIMIT - 1), 0);
	KUNIT_EXPECT_TRUE(test, trace_pid_list_is_set(set, TRACE_PID_LIMIT - 1));
	KUNIT_EXPECT_EQ(test, trace_pid_list_first(set, &pid), 0);
	KUNIT_EXPECT_EQ(test, pid, TRACE_PID_LIMIT - 1);
	trace_pid_list_free(set);
}

/* Pids on both sides of every node boundary, each alone then together. */
static const unsigned int tpid_edges[] = {
	0, 1, 63, 64, LEAF_PIDS - 1, LEAF_PIDS, 2 * LEAF_PIDS + 5,
	MID_PIDS - 1, MID_PIDS, MID_PIDS + LEAF_PIDS, 3 * MID_PIDS + 17,
	TRACE_PID_LIMIT - LEAF_PIDS, TRACE_PID_LIMIT - 2, TRACE_PID_LIMIT - 1,
};

static void tpid_edges_alone(struct kunit *test)
{
	struct trace_pid_list *set;
	unsigned int i, pid, found;

	for (i = 0; i < ARRAY_SIZE(tpid_edges); i++) {
		pid = tpid_edges[i];
		tpid_alloc(test, &set);
		KUNIT_ASSERT_EQ(test, tpid_add(set, pid), 0);
		KUNIT_EXPECT_TRUE(test, trace_pid_list_is_set(set, pid));
		if (pid)
			KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, pid - 1));
		if (pid + 1 < TRACE_PID_LIMIT)
			KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, pid + 1));
		KUNIT_EXPECT_EQ(test, trace_pid_list_first(set, &found), 0);
		KUNIT_EXPECT_EQ(test, found, pid);
		KUNIT_EXPECT_EQ(test, trace_pid_list_next(set, pid, &found), 0);
		KUNIT_EXPECT_EQ(test, found, pid);
		if (pid + 1 < TRACE_PID_LIMIT)
			KUNIT_EXPECT_LT(test,
					trace_pid_list_next(set, pid + 1, &found), 0);
		/* Adding twice is harmless; clearing empties the set. */
		KUNIT_EXPECT_EQ(test, trace_pid_list_set(set, pid), 0);
		KUNIT_EXPECT_EQ(test, trace_pid_list_clear(set, pid), 0);
		KUNIT_EXPECT_FALSE(test, trace_pid_list_is_set(set, pid));
		KUNIT_EXPECT_LT(test, trace_pid_list_first(set, &found), 0);
		trace_pid_list_free(set);
	}
}

static void tpid_walk(struct kunit *test)
{
	struct trace_pid_list *set;
	unsigned int i, n, pid, prev;
	int ret;

	tpid_alloc(test, &set);
	/* Added in reverse: the walk must still be ascending. */
	for (i = ARRAY_SIZE(tpid_edges); i-- > 0;)
		KUNIT_ASSERT_EQ(test, tpid_add(set, tpid_edges[i]), 0);

	n = 0;
	for (ret = trace_pid_list_first(set, &pid); !ret;
	     ret = pid + 1 < TRACE_PID_LIMIT ?
		   trace_pid_list_next(set, pid + 1, &pid) : -ENOENT) {
		KUNIT_ASSERT_LT(test, n, (unsigned int)ARRAY_SIZE(tpid_edges));
		KUNIT_EXPECT_EQ(test, pid, tpid_edges[n]);
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, (unsigned int)ARRAY_SIZE(tpid_edges));

	/* Clear every other one; the walk skips them. */
	for (i = 0; i < ARRAY_SIZE(tpid_edges); i += 2)
		KUNIT_EXPECT_EQ(test, trace_pid_list_clear(set, tpid_edges[i]), 0);
	n = 0;
	prev = 0;
	for (ret = trace_pid_list_first(set, &pid); !ret;
	     ret = pid + 1 < TRACE_PID_LIMIT ?
		   trace_pid_list_next(set, pid + 1, &pid) : -ENOENT) {
		KUNIT_EXPECT_EQ(test, pid, tpid_edges[2 * n + 1]);
		KUNIT_EXPECT_GE(test, pid, prev);
		prev = pid;
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, (unsigned int)ARRAY_SIZE(tpid_edges) / 2);
	trace_pid_list_free(set);
}

/*
 * Many growths in a row, each needing a new leaf and every third a new
 * middle node: far more nodes than one reserve holds.
 */
static void tpid_growth(struct kunit *test)
{
	struct trace_pid_list *set;
	unsigned int i, pid, n;
	int ret;

	tpid_alloc(test, &set);
	for (i = 0; i < 48; i++) {
		pid = (i / 3) * MID_PIDS + (i % 3) * LEAF_PIDS + i;
		KUNIT_ASSERT_EQ_MSG(test, tpid_add(set, pid), 0, "pid %u", pid);
	}
	n = 0;
	for (ret = trace_pid_list_first(set, &pid); !ret;
	     ret = trace_pid_list_next(set, pid + 1, &pid)) {
		KUNIT_EXPECT_EQ(test, pid,
				(n / 3) * MID_PIDS + (n % 3) * LEAF_PIDS + n);
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, 48U);
	trace_pid_list_free(set);
}

/*
 * Concurrency: one writer per online CPU grows and churns its own pids
 * (all writers share middle nodes, so they race to attach), while the
 * test thread and a hard-interrupt irq_work look up anchor pids that are
 * set before the writers start and must never read as absent.
 */
#define TPID_ANCHORS	4
#define TPID_PER_WRITER	6
#define TPID_ROUNDS	300

struct tpid_race {
	struct trace_pid_list	*set;
	struct completion	go;
	atomic_t		running;
	struct completion	done;
	atomic_t		errors;		/* writer calls that failed */
	atomic_t		misses;		/* anchors read as absent */
	struct irq_work		probe;
};

static const unsigned int tpid_anchors[TPID_ANCHORS] = {
	1, LEAF_PIDS + 1, MID_PIDS + 1, TRACE_PID_LIMIT - 1,
};

static unsigned int tpid_writer_pid(unsigned int cpu, unsigned int k)
{
	/* Distinct from the anchors and between writers. */
	return (k % 3) * MID_PIDS + (k / 3 + 2) * LEAF_PIDS + 2 + cpu;
}

static void tpid_check_anchors(struct tpid_race *race)
{
	int i;

	for (i = 0; i < TPID_ANCHORS; i++)
		if (!trace_pid_list_is_set(race->set, tpid_anchors[i]))
			atomic_inc(&race->misses);
}

static void tpid_probe_irq(struct irq_work *work)
{
	tpid_check_anchors(container_of(work, struct tpid_race, probe));
}

static int tpid_writer(void *data)
{
	struct tpid_race *race = data;
	unsigned int cpu = raw_smp_processor_id();
	unsigned int round, k;

	wait_for_completion(&race->go);
	for (round = 0; round < TPID_ROUNDS; round++) {
		for (k = 0; k < TPID_PER_WRITER; k++) {
			if (tpid_add(race->set, tpid_writer_pid(cpu, k)))
				atomic_inc(&race->errors);
			if ((round + k) & 1 &&
			    trace_pid_list_clear(race->set,
						 tpid_writer_pid(cpu, k)))
				atomic_inc(&race->errors);
		}
		cond_resched();
	}
	/* End with every pid of this writer in the set. */
	for (k = 0; k < TPID_PER_WRITER; k++)
		if (tpid_add(race->set, tpid_writer_pid(cpu, k)))
			atomic_inc(&race->errors);
	if (atomic_dec_and_test(&race->running))
		complete(&race->done);
	return 0;
}

static void tpid_race(struct kunit *test)
{
	struct task_struct *t;
	struct tpid_race *race;
	unsigned int cpu, k, pid, n, started = 0;
	int i, ret;

	race = kunit_kzalloc(test, sizeof(*race), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, race);
	tpid_alloc(test, &race->set);
	init_completion(&race->go);
	init_completion(&race->done);
	init_irq_work(&race->probe, tpid_probe_irq);
	for (i = 0; i < TPID_ANCHORS; i++)
		KUNIT_ASSERT_EQ(test, tpid_add(race->set, tpid_anchors[i]), 0);

	cpus_read_lock();
	atomic_set(&race->running, num_online_cpus());
	for_each_online_cpu(cpu) {
		t = kthread_create_on_cpu(tpid_writer, race, cpu, "tpid_w/%u");
		if (IS_ERR(t)) {
			atomic_dec(&race->running);
			continue;
		}
		wake_up_process(t);
		started++;
	}
	cpus_read_unlock();
	KUNIT_ASSERT_GT(test, started, 0U);

	complete_all(&race->go);
	while (!wait_for_completion_timeout(&race->done, 1)) {
		tpid_check_anchors(race);
		irq_work_queue(&race->probe);
		irq_work_sync(&race->probe);
	}

	KUNIT_EXPECT_EQ(test, atomic_read(&race->errors), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&race->misses), 0);

	/* Exactly the anchors and every started writer's pids remain. */
	n = 0;
	for (ret = trace_pid_list_first(race->set, &pid); !ret;
	     ret = pid + 1 < TRACE_PID_LIMIT ?
		   trace_pid_list_next(race->set, pid + 1, &pid) : -ENOENT)
		n++;
	KUNIT_EXPECT_EQ(test, n, TPID_ANCHORS + started * TPID_PER_WRITER);
	for_each_online_cpu(cpu) {
		for (k = 0; k < TPID_PER_WRITER; k++) {
			pid = tpid_writer_pid(cpu, k);
			KUNIT_EXPECT_TRUE(test,
					  trace_pid_list_is_set(race->set, pid));
		}
	}
	trace_pid_list_free(race->set);
}

static struct kunit_case tpid_cases[] = {
	KUNIT_CASE(tpid_no_set),
	KUNIT_CASE(tpid_empty),
	KUNIT_CASE(tpid_limits),
	KUNIT_CASE(tpid_edges_alone),
	KUNIT_CASE(tpid_walk),
	KUNIT_CASE(tpid_growth),
	KUNIT_CASE(tpid_race),
	{}
};

static struct kunit_suite tpid_suite = {
	.name = "trace_pid",
	.test_cases = tpid_cases,
};

kunit_test_suite(tpid_suite);
