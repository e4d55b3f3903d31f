// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_cmdline": the comm cache of trace_cmdline.c, on
 * private caches (the global one, which the running kernel fills, is not
 * touched).
 *
 * What it pins, all visible to users through saved_cmdlines,
 * saved_cmdlines_size and the task column of trace lines: the slot counts
 * reported for a request (x86-64 figures, 4 KiB pages), the names of
 * pid 0 and of unknown pids, one slot per pid & 32767 (a colliding pid
 * evicts the other), slots handed out round-robin from slot 1, eviction
 * of the oldest key once every slot is taken, and comms cut to
 * TASK_COMM_LEN - 1 characters.
 *
 * Runs at boot with the other built-in suites (process context).
 */
#include <kunit/test.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/threads.h>

#include "trace_cmdline.h"

static struct cmdcache *tcmd_new(struct kunit *test, unsigned int want)
{
	struct cmdcache *c = cmdcache_alloc(want);

	KUNIT_ASSERT_NOT_NULL(test, c);
	return c;
}

static void tcmd_expect(struct kunit *test, const struct cmdcache *c,
			int pid, const char *name)
{
	char comm[TASK_COMM_LEN];

	memset(comm, 'x', sizeof(comm));
	cmdcache_lookup(c, pid, comm);
	KUNIT_EXPECT_STREQ_MSG(test, comm, name, "pid %d", pid);
}

static void tcmd_sizes(struct kunit *test)
{
	static const struct {
		unsigned int want, x86_64;
	} cases[] = {
		{ 1, 6552 }, { 128, 6552 }, { 6552, 6552 }, { 6553, 19659 },
		{ 19660, 45874 }, { PID_MAX_DEFAULT, 45874 },
	};
	bool exact = IS_ENABLED(CONFIG_X86_64) && PAGE_SIZE == 4096 &&
		     PID_MAX_DEFAULT == 0x8000;
	struct cmdcache *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		c = tcmd_new(test, cases[i].want);
		KUNIT_EXPECT_GE(test, cmdcache_slots(c), cases[i].want);
		if (exact)
			KUNIT_EXPECT_EQ_MSG(test, cmdcache_slots(c),
					    cases[i].x86_64, "want %u",
					    cases[i].want);
		/* A new cache has no pid in any slot. */
		KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, 0), -1);
		cmdcache_free(c);
	}
}

static void tcmd_names(struct kunit *test)
{
	struct cmdcache *c = tcmd_new(test, CMDCACHE_DEFAULT_SLOTS);

	tcmd_expect(test, c, 0, "<idle>");
	tcmd_expect(test, c, 1, "<...>");
	tcmd_expect(test, c, 4242, "<...>");

	cmdcache_store(c, 4242, "first");
	tcmd_expect(test, c, 4242, "first");
	cmdcache_store(c, 4242, "second");
	tcmd_expect(test, c, 4242, "second");
	/* The same pid keeps its slot. */
	KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, 0), 1);
	KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, 2), -1);

	cmdcache_store(c, 77, "0123456789abcdefghij");
	tcmd_expect(test, c, 77, "0123456789abcde");
	cmdcache_free(c);
}

static void tcmd_collide(struct kunit *test)
{
	struct cmdcache *c = tcmd_new(test, CMDCACHE_DEFAULT_SLOTS);
	int a = 300, b = 300 + PID_MAX_DEFAULT, d = 300 + 3 * PID_MAX_DEFAULT;

	cmdcache_store(c, a, "alpha");
	cmdcache_store(c, b, "beta");
	tcmd_expect(test, c, a, "<...>");
	tcmd_expect(test, c, b, "beta");
	tcmd_expect(test, c, d, "<...>");
	/* Both went to the one slot of key 300. */
	KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, 0), 1);
	KUNIT_EXPECT_EQ(test, cmdcache_slot_pid(c, 1), b);
	KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, 2), -1);

	cmdcache_store(c, a, "alpha2");
	tcmd_expect(test, c, a, "alpha2");
	tcmd_expect(test, c, b, "<...>");
	cmdcache_free(c);
}

static void tcmd_round_robin(struct kunit *test)
{
	struct cmdcache *c = tcmd_new(test, 1);
	unsigned int n = cmdcache_slots(c), i;
	char name[TASK_COMM_LEN];

	/* Keys 1..n fill slots 1..n-1, then slot 0. */
	KUNIT_ASSERT_LT(test, n + 2, (unsigned int)PID_MAX_DEFAULT);
	for (i = 1; i <= n; i++) {
		snprintf(name, sizeof(name), "t%u", i);
		cmdcache_store(c, i, name);
	}
	KUNIT_EXPECT_EQ(test, cmdcache_slot_pid(c, 1), 1);
	KUNIT_EXPECT_EQ(test, cmdcache_slot_pid(c, n - 1), (int)n - 1);
	KUNIT_EXPECT_EQ(test, cmdcache_slot_pid(c, 0), (int)n);
	tcmd_expect(test, c, 1, "t1");

	/* Key n + 1 takes slot 1 again: pid 1 is forgotten, 2 is not. */
	cmdcache_store(c, n + 1, "late");
	KUNIT_EXPECT_EQ(test, cmdcache_slot_pid(c, 1), (int)n + 1);
	tcmd_expect(test, c, 1, "<...>");
	tcmd_expect(test, c, 2, "t2");
	tcmd_expect(test, c, n + 1, "late");

	/* Every slot is in use; the walk visits them in slot order. */
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, i), (int)i);
	KUNIT_EXPECT_EQ(test, cmdcache_next_used(c, n), -1);
	cmdcache_free(c);
}

static struct kunit_case tcmd_cases[] = {
	KUNIT_CASE(tcmd_sizes),
	KUNIT_CASE(tcmd_names),
	KUNIT_CASE(tcmd_collide),
	KUNIT_CASE(tcmd_round_robin),
	{}
};

static struct kunit_suite tcmd_suite = {
	.name = "trace_cmdline",
	.test_cases = tcmd_cases,
};

kunit_test_suite(tcmd_suite);
