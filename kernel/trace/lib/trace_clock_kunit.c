// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_clock": what each trace clock promises
 * (include/linux/trace_clock.h), checked as a reader of the trace would
 * see it.
 *
 * The cross-CPU cases run one kthread per online CPU, all hammering the
 * same clock.  Each reader takes the largest value any reader has seen
 * finish (a shared high-water mark of results) *before* it calls the
 * clock, then checks that the clock returned at least that much (global
 * clock) or more (counter).  That is exactly the promise "a call that
 * starts after another returned gets at least its value"; it says
 * nothing about calls that overlap, which may return in any order.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/sched/clock.h>
#include <linux/trace_clock.h>

#define CLOCK_READS	20000

struct clock_race {
	u64			(*clock)(void);
	bool			strict;		/* must be > rather than >= */
	atomic64_t		seen;		/* largest result returned */
	atomic_t		running;
	atomic_t		bad;		/* results below the mark */
	u64			first_bad, first_mark;
	struct completion	done;
};

static void clock_race_raise(atomic64_t *seen, s64 v)
{
	s64 old = atomic64_read(seen);

	while (old < v && !atomic64_try_cmpxchg(seen, &old, v))
		;
}

static int clock_race_reader(void *data)
{
	struct clock_race *race = data;
	int i;

	for (i = 0; i < CLOCK_READS; i++) {
		s64 mark = atomic64_read(&race->seen);
		s64 v = race->clock();

		if (v < mark || (race->strict && v == mark)) {
			if (atomic_inc_return(&race->bad) == 1) {
				race->first_bad = v;
				race->first_mark = mark;
			}
		}
		clock_race_raise(&race->seen, v);
		if (!(i & 255))
			cond_resched();
	}
	if (atomic_dec_and_test(&race->running))
		complete(&race->done);
	return 0;
}

static void clock_race_run(struct kunit *test, u64 (*clock)(void), bool strict)
{
	struct clock_race *race;
	struct task_struct *t;
	unsigned int cpu;

	race = kunit_kzalloc(test, sizeof(*race), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, race);
	race->clock = clock;
	race->strict = strict;
	init_completion(&race->done);

	cpus_read_lock();
	atomic_set(&race->running, num_online_cpus());
	for_each_online_cpu(cpu) {
		t = kthread_run_on_cpu(clock_race_reader, race, cpu,
				       "clock_kunit/%u");
		if (IS_ERR(t)) {
			/* Count it as finished so that the wait ends. */
			if (atomic_dec_and_test(&race->running))
				complete(&race->done);
			KUNIT_FAIL(test, "no reader on CPU %u: %ld", cpu,
				   PTR_ERR(t));
		}
	}
	cpus_read_unlock();
	wait_for_completion(&race->done);

	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&race->bad), 0,
			    "first: %llu after %llu had returned",
			    race->first_bad, race->first_mark);
}

static void clock_kunit_global_never_back(struct kunit *test)
{
	clock_race_run(test, trace_clock_global, false);
}

static void clock_kunit_counter_strict(struct kunit *test)
{
	clock_race_run(test, trace_clock_counter, true);
}

/* On one CPU with preemption off, the local clock does not go back. */
static void clock_kunit_local_per_cpu(struct kunit *test)
{
	u64 prev, now;
	int i, back = 0;

	preempt_disable();
	prev = trace_clock_local();
	for (i = 0; i < CLOCK_READS; i++) {
		now = trace_clock_local();
		back += now < prev;
		prev = now;
	}
	preempt_enable();
	KUNIT_EXPECT_EQ(test, back, 0);
}

/* The uptime clock is jiffies since boot, in USER_HZ ticks. */
static void clock_kunit_jiffies(struct kunit *test)
{
	u64 before, v, after;

	before = jiffies_64_to_clock_t(get_jiffies_64() - INITIAL_JIFFIES);
	v = trace_clock_jiffies();
	after = jiffies_64_to_clock_t(get_jiffies_64() - INITIAL_JIFFIES);
	KUNIT_EXPECT_GE(test, v, before);
	KUNIT_EXPECT_LE(test, v, after);
}

/* trace_clock() is local_clock(): on one CPU, in step with it. */
static void clock_kunit_perf(struct kunit *test)
{
	u64 a, b, c;

	preempt_disable();
	a = trace_clock();
	b = local_clock();
	c = trace_clock();
	preempt_enable();

	KUNIT_EXPECT_LE(test, a, b);
	KUNIT_EXPECT_LE(test, b, c);
}

static struct kunit_case clock_kunit_cases[] = {
	KUNIT_CASE(clock_kunit_global_never_back),
	KUNIT_CASE(clock_kunit_counter_strict),
	KUNIT_CASE(clock_kunit_local_per_cpu),
	KUNIT_CASE(clock_kunit_jiffies),
	KUNIT_CASE(clock_kunit_perf),
	{}
};

static struct kunit_suite clock_kunit_suite = {
	.name = "trace_clock",
	.test_cases = clock_kunit_cases,
};

kunit_test_suite(clock_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for the trace clocks");
MODULE_LICENSE("GPL");
