// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_output_fmt": the format helpers of the output
 * library (trace_output_format.c, trace_output_safestr.c,
 * trace_output.h), on iterators of a private, unregistered instance
 * struct (only its option word is read).
 *
 *  - trace_event_format(): with hash-ptr off, a bare "%p" becomes
 *    "%px"; "%%", "%pS" and "%p" followed by a letter or digit are left
 *    alone; with hash-ptr on, or without an instance, the format itself
 *    comes back; a long format grows the buffer step by step; a
 *    rewrite that fills the buffer exactly still gets its NUL inside;
 *  - trace_iter_expand_format(): grows by 128 bytes, never without an
 *    instance;
 *  - ignore_event(): a record of an unknown type is skipped with its
 *    "EVENT ID N NOT FOUND?" line;
 *  - ns2usecs() rounds, nsecs_to_usecs() truncates.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_seq.h>

#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_output.h"

struct fmt_ctx {
	struct trace_array	tr;
	struct trace_iterator	iter;
};

static struct trace_iterator *fmt_iter(struct kunit *test, bool hash_ptr)
{
	struct fmt_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->tr.trace_flags = hash_ptr ? TRACE_ITER_HASH_PTR : 0;
	ctx->iter.tr = &ctx->tr;
	return &ctx->iter;
}

static void fmt_iter_done(struct trace_iterator *iter)
{
	kfree(iter->fmt);
	iter->fmt = NULL;
}

static void trfk_rewrite(struct kunit *test)
{
	static const struct {
		const char *in;
		const char *out;
	} cases[] = {
		{ "ptr=%p", "ptr=%px" },
		{ "%p %p", "%px %px" },
		{ "a=%p, b=%d", "a=%px, b=%d" },
		{ "%pS %ps %pB", "%pS %ps %pB" },
		{ "%p5 %p_", "%p5 %px_" },
		{ "100%% %%p", "100%% %%p" },
		{ "%%%p", "%%%px" },
		{ "no conversions", "no conversions" },
		{ "", "" },
	};
	struct trace_iterator *iter = fmt_iter(test, false);
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_STREQ_MSG(test,
				       trace_event_format(iter, cases[i].in),
				       cases[i].out, "format \"%s\"",
				       cases[i].in);
	fmt_iter_done(iter);
}

static void trfk_unchanged(struct kunit *test)
{
	const char *fmt = "ptr=%p";
	struct trace_iterator *iter = fmt_iter(test, true);

	/* hash-ptr on: the format itself, untouched, no buffer. */
	KUNIT_EXPECT_PTR_EQ(test, trace_event_format(iter, fmt), fmt);
	KUNIT_EXPECT_NULL(test, iter->fmt);

	/* No instance (tp_printk): the format itself, nothing grows. */
	iter->tr = NULL;
	KUNIT_EXPECT_PTR_EQ(test, trace_event_format(iter, fmt), fmt);
	KUNIT_EXPECT_NULL(test, trace_iter_expand_format(iter));
	KUNIT_EXPECT_EQ(test, iter->fmt_size, 0U);
}

static void trfk_growth(struct kunit *test)
{
	struct trace_iterator *iter = fmt_iter(test, false);
	char *in, *want;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, trace_iter_expand_format(iter));
	KUNIT_EXPECT_EQ(test, iter->fmt_size, 128U);
	fmt_iter_done(iter);
	iter->fmt_size = 0;

	/* 100 times "%p " (300 bytes) rewritten to 400 bytes. */
	in = kunit_kzalloc(test, 301, GFP_KERNEL);
	want = kunit_kzalloc(test, 401, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, want);
	for (i = 0; i < 100; i++) {
		strcat(in, "%p ");
		strcat(want, "%px ");
	}
	KUNIT_EXPECT_STREQ(test, trace_event_format(iter, in), want);
	KUNIT_EXPECT_EQ(test, iter->fmt_size % 128, 0U);
	KUNIT_EXPECT_GE(test, iter->fmt_size, 401U);
	fmt_iter_done(iter);

	/*
	 * 125 characters and a final "%p": the rewrite is 128 characters,
	 * so with its NUL it needs a second step of the buffer.
	 */
	iter->fmt = kmalloc(128, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter->fmt);
	iter->fmt_size = 128;
	memset(in, 0, 301);
	memset(want, 0, 401);
	memset(in, 'x', 125);
	memset(want, 'x', 125);
	strcat(in, "%p");
	strcat(want, "%px");
	KUNIT_EXPECT_STREQ(test, trace_event_format(iter, in), want);
	KUNIT_EXPECT_EQ(test, iter->fmt_size, 256U);
	fmt_iter_done(iter);
}

static void trfk_unknown_type(struct kunit *test)
{
	struct trace_iterator *iter = fmt_iter(test, false);
	struct trace_entry ent = { .type = 0xffff };

	iter->ent = &ent;
	trace_seq_init(&iter->seq);
	KUNIT_EXPECT_TRUE(test, ignore_event(iter));
	trace_seq_putc(&iter->seq, '\0');
	KUNIT_EXPECT_STREQ(test, iter->seq.buffer,
			   "EVENT ID 65535 NOT FOUND?\n");
}

static void trfk_usecs(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ns2usecs(0), 0ULL);
	KUNIT_EXPECT_EQ(test, ns2usecs(499), 0ULL);
	KUNIT_EXPECT_EQ(test, ns2usecs(500), 1ULL);
	KUNIT_EXPECT_EQ(test, ns2usecs(1499), 1ULL);
	KUNIT_EXPECT_EQ(test, ns2usecs(1500), 2ULL);
	KUNIT_EXPECT_EQ(test, ns2usecs(12345678901500ULL), 12345678902ULL);
	KUNIT_EXPECT_EQ(test, nsecs_to_usecs(1999), 1UL);
	KUNIT_EXPECT_EQ(test, nsecs_to_usecs(2000), 2UL);
}

static struct kunit_case trace_output_fmt_cases[] = {
	KUNIT_CASE(trfk_rewrite),
	KUNIT_CASE(trfk_unchanged),
	KUNIT_CASE(trfk_growth),
	KUNIT_CASE(trfk_unknown_type),
	KUNIT_CASE(trfk_usecs),
	{}
};

static struct kunit_suite trace_output_fmt_suite = {
	.name = "trace_output_fmt",
	.test_cases = trace_output_fmt_cases,
};

kunit_test_suite(trace_output_fmt_suite);

MODULE_DESCRIPTION("KUnit tests for the reader's format helpers");
MODULE_LICENSE("GPL");
