// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "stack_tracer": stk_locate() on made-up stacks (every
 * address found, one missing, the tracer's own frames skipped, an
 * address that appears twice, nothing at all), each frame's size, the
 * text of stack_trace's header and lines, and stk_locate() on the test's
 * own stack as the unwinder sees it.
 */
#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "stack_tracer.h"

/* A made-up stack of STKK_SLOTS slots; slot STKK_SLOTS is its top. */
#define STKK_SLOTS	32

static struct stk_record *stkk_rec(struct kunit *test, const unsigned long *addrs,
				   unsigned int nr)
{
	struct stk_record *rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rec);
	memcpy(rec->addr, addrs, nr * sizeof(*addrs));
	return rec;
}

/* Depth of slot @i of a made-up stack. */
#define STKK_DEPTH(i)	((STKK_SLOTS - (i)) * sizeof(long))

static void stkk_all_found(struct kunit *test)
{
	static const unsigned long trace[] = { 0xa1, 0xb2, 0xc3 };
	unsigned long stack[STKK_SLOTS] = { };
	struct stk_record *rec = stkk_rec(test, trace, 3);

	stack[2] = 0xa1;
	stack[10] = 0xb2;
	stack[30] = 0xc3;
	/* Values that are no return address of the trace. */
	stack[3] = 0xc3 + 1;
	stack[11] = 0x42;
	stk_locate(rec, 0, 3, stack, stack + STKK_SLOTS);
	KUNIT_ASSERT_EQ(test, rec->nr, 3U);
	KUNIT_EXPECT_EQ(test, rec->addr[0], 0xa1UL);
	KUNIT_EXPECT_EQ(test, rec->addr[2], 0xc3UL);
	KUNIT_EXPECT_EQ(test, rec->depth[0], STKK_DEPTH(2));
	KUNIT_EXPECT_EQ(test, rec->depth[1], STKK_DEPTH(10));
	KUNIT_EXPECT_EQ(test, rec->depth[2], STKK_DEPTH(30));
	/* A frame's size reaches to the next return address up. */
	KUNIT_EXPECT_EQ(test, stk_frame_size(rec, 0), 8 * sizeof(long));
	KUNIT_EXPECT_EQ(test, stk_frame_size(rec, 1), 20 * sizeof(long));
	/* The outermost frame owns everything above it. */
	KUNIT_EXPECT_EQ(test, stk_frame_size(rec, 2), 2 * sizeof(long));
}

static void stkk_missing_and_skipped(struct kunit *test)
{
	/* Two frames of the tracer, then the traced function and callers. */
	static const unsigned long trace[] = { 0xf1, 0xf2, 0xa1, 0xb2, 0xc3, 0xd4 };
	unsigned long stack[STKK_SLOTS] = { };
	struct stk_record *rec = stkk_rec(test, trace, 6);

	stack[0] = 0xf1;	/* below @from: never looked at */
	stack[4] = 0xa1;
	/* 0xb2 is nowhere: a frame the unwinder saw but the stack lost. */
	stack[9] = 0xc3;
	stack[20] = 0xd4;
	stk_locate(rec, 2, 6, stack + 4, stack + STKK_SLOTS);
	KUNIT_ASSERT_EQ(test, rec->nr, 3U);
	KUNIT_EXPECT_EQ(test, rec->addr[0], 0xa1UL);
	KUNIT_EXPECT_EQ(test, rec->addr[1], 0xc3UL);
	KUNIT_EXPECT_EQ(test, rec->addr[2], 0xd4UL);
	KUNIT_EXPECT_EQ(test, rec->depth[1], STKK_DEPTH(9));
	KUNIT_EXPECT_EQ(test, stk_frame_size(rec, 0), 5 * sizeof(long));
}

static void stkk_repeated(struct kunit *test)
{
	/* Recursion: one return address in several frames. */
	static const unsigned long trace[] = { 0xa1, 0xa1, 0xb2 };
	unsigned long stack[STKK_SLOTS] = { };
	struct stk_record *rec = stkk_rec(test, trace, 3);

	stack[1] = 0xa1;
	stack[5] = 0xa1;
	stack[7] = 0xb2;
	/* A stale copy above the caller's frame is never reached. */
	stack[12] = 0xa1;
	stk_locate(rec, 0, 3, stack, stack + STKK_SLOTS);
	KUNIT_ASSERT_EQ(test, rec->nr, 3U);
	KUNIT_EXPECT_EQ(test, rec->depth[0], STKK_DEPTH(1));
	KUNIT_EXPECT_EQ(test, rec->depth[1], STKK_DEPTH(5));
	KUNIT_EXPECT_EQ(test, rec->depth[2], STKK_DEPTH(7));
}

static void stkk_nothing(struct kunit *test)
{
	static const unsigned long trace[] = { 0xa1 };
	unsigned long stack[STKK_SLOTS] = { };
	struct stk_record *rec = stkk_rec(test, trace, 1);

	stk_locate(rec, 0, 1, stack, stack + STKK_SLOTS);
	KUNIT_EXPECT_EQ(test, rec->nr, 0U);
	stk_locate(rec, 0, 0, stack, stack + STKK_SLOTS);
	KUNIT_EXPECT_EQ(test, rec->nr, 0U);
}

static noinline void stkk_marker(void)
{
	barrier();
}

static void stkk_text(struct kunit *test)
{
	char buf[KSYM_SYMBOL_LEN + 64], sym[KSYM_SYMBOL_LEN];

	snprintf(buf, sizeof(buf), STK_HEADER_FMT, 3U);
	KUNIT_EXPECT_STREQ(test, buf,
			   "        Depth    Size   Location    (3 entries)\n"
			   "        -----    ----   --------\n");
	sprint_symbol(sym, (unsigned long)stkk_marker + 5);
	snprintf(buf, sizeof(buf), STK_LINE_FMT, 0U, 4360U, 32U,
		 (void *)stkk_marker + 5);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(buf, "  0)     4360      32   "));
	KUNIT_EXPECT_STREQ(test, buf + strlen("  0)     4360      32   "),
			   strcat(sym, "\n"));
	snprintf(buf, sizeof(buf), STK_LINE_FMT, 123U, 12345678U, 16384U,
		 (void *)stkk_marker);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(buf, "123) 12345678   16384   "));
}

/* The unwinder's view of this very stack, found on it. */
static noinline void stkk_own_stack(struct kunit *test)
{
	unsigned long *top = (unsigned long *)(task_stack_page(current) + THREAD_SIZE);
	struct stk_record *rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	unsigned long here = (unsigned long)&here;
	unsigned int nr, i;

	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_ASSERT_TRUE(test, object_is_on_stack(&here));
	nr = stack_trace_save(rec->addr, STK_ENTRIES, 0);
	KUNIT_ASSERT_GT(test, nr, 2U);
	stk_locate(rec, 0, nr, (unsigned long *)(here & ~(sizeof(long) - 1)), top);
	/* The frames above this one are all on the stack, in order. */
	KUNIT_EXPECT_GT(test, rec->nr, 2U);
	for (i = 0; i < rec->nr; i++) {
		KUNIT_EXPECT_LT(test, rec->depth[i], (unsigned int)THREAD_SIZE);
		if (i)
			KUNIT_EXPECT_LT(test, rec->depth[i], rec->depth[i - 1]);
	}
}

static void stkk_real_stack(struct kunit *test)
{
	stkk_own_stack(test);
}

static struct kunit_case stkk_cases[] = {
	KUNIT_CASE(stkk_all_found),
	KUNIT_CASE(stkk_missing_and_skipped),
	KUNIT_CASE(stkk_repeated),
	KUNIT_CASE(stkk_nothing),
	KUNIT_CASE(stkk_text),
	KUNIT_CASE(stkk_real_stack),
	{}
};

static struct kunit_suite stkk_suite = {
	.name		= "stack_tracer",
	.test_cases	= stkk_cases,
};

kunit_test_suite(stkk_suite);
