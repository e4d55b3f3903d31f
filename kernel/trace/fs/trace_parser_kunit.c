// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_parser": the user-input readers of trace_parser.c
 * and the pid-file write built on them (trace_pid_filter.c).
 *
 *  - trace_get_user(): one word per call, leading blanks skipped,
 *    the ending blank or NUL consumed, a word cut by the end of the
 *    buffer continued by the next call of the same write (and dropped
 *    by a new write), the size limit (size - 1 characters), -EFAULT,
 *    and a failed parser staying unloaded;
 *  - trace_parse_run_command(): one call per line, comments removed,
 *    the first error stops, a line longer than a chunk is refused
 *    unless it ends the write;
 *  - trace_pid_write(): adding to a set, an empty write clearing it,
 *    -EINVAL for a word that is not a number, -EPERM for a pid the set
 *    cannot hold; the seq_file walk (start/next/show cursors).
 *
 * The expected results are the contract of these functions, which the
 * tracefs files' behaviour depends on.  User memory comes from kunit_vm_mmap().
 */
#include <kunit/test.h>
#include <linux/mman.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "events/trace_event.h"
#include "lib/trace_pid.h"
#include "trace_fs.h"

#define UBUF_PAGES	3

static char __user *user_buf(struct kunit *test)
{
	unsigned long uaddr;

	uaddr = kunit_vm_mmap(test, NULL, 0, UBUF_PAGES * PAGE_SIZE,
			      PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_TRUE_MSG(test, uaddr && !IS_ERR_VALUE(uaddr),
			      "no user mapping");
	return (char __user *)uaddr;
}

/* Put @len bytes of @text at the start of the user buffer. */
static void user_put(struct kunit *test, char __user *ubuf,
		     const char *text, size_t len)
{
	KUNIT_ASSERT_EQ(test, copy_to_user(ubuf, text, len), 0UL);
}

static struct trace_parser *parser_new(struct kunit *test, int size)
{
	struct trace_parser *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ(test, trace_parser_get_init(p, size), 0);
	return p;
}

static void tpk_words(struct kunit *test)
{
	struct trace_parser *p = parser_new(test, 16);
	char __user *ubuf = user_buf(test);
	static const char in[] = "  ab\tcd\n";
	loff_t pos = 0;

	user_put(test, ubuf, in, 8);
	/* "  ab\t": blanks skipped, the tab ends the word and is consumed. */
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 8, &pos), 5);
	KUNIT_EXPECT_EQ(test, pos, 5);
	KUNIT_EXPECT_TRUE(test, trace_parser_loaded(p));
	KUNIT_EXPECT_FALSE(test, trace_parser_cont(p));
	KUNIT_EXPECT_STREQ(test, p->buffer, "ab");

	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf + 5, 3, &pos), 3);
	KUNIT_EXPECT_EQ(test, pos, 8);
	KUNIT_EXPECT_STREQ(test, p->buffer, "cd");
	KUNIT_EXPECT_FALSE(test, trace_parser_cont(p));

	/* Only blanks: all consumed, nothing loaded. */
	user_put(test, ubuf, "\t\n ", 3);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 3, &pos), 3);
	KUNIT_EXPECT_FALSE(test, trace_parser_loaded(p));

	/* A NUL ends a word like a blank. */
	user_put(test, ubuf, "xy\0z", 4);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 4, &pos), 3);
	KUNIT_EXPECT_STREQ(test, p->buffer, "xy");
	trace_parser_put(p);
}

static void tpk_continued(struct kunit *test)
{
	struct trace_parser *p = parser_new(test, 16);
	char __user *ubuf = user_buf(test);
	loff_t pos = 0;

	/* The buffer ends inside the word: kept, to be continued. */
	user_put(test, ubuf, " abc", 4);
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 4, &pos), 4);
	KUNIT_EXPECT_TRUE(test, trace_parser_cont(p));
	KUNIT_EXPECT_STREQ(test, p->buffer, "abc");

	/* Same write (pos != 0): the word goes on, no blank skipping. */
	user_put(test, ubuf, "de f", 4);
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 4, &pos), 3);
	KUNIT_EXPECT_FALSE(test, trace_parser_cont(p));
	KUNIT_EXPECT_STREQ(test, p->buffer, "abcde");

	/* Continued by a blank only: the word ends there. */
	user_put(test, ubuf, "gh", 2);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 2, &pos), 2);
	KUNIT_EXPECT_TRUE(test, trace_parser_cont(p));
	user_put(test, ubuf, " ij", 3);
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 3, &pos), 1);
	KUNIT_EXPECT_STREQ(test, p->buffer, "gh");
	KUNIT_EXPECT_FALSE(test, trace_parser_cont(p));

	/* A new write (pos 0) starts a new word. */
	user_put(test, ubuf, "kl", 2);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 2, &pos), 2);
	KUNIT_EXPECT_TRUE(test, trace_parser_cont(p));
	user_put(test, ubuf, "mn", 2);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 2, &pos), 2);
	KUNIT_EXPECT_STREQ(test, p->buffer, "mn");
	trace_parser_put(p);
}

static void tpk_limits(struct kunit *test)
{
	char __user *ubuf = user_buf(test);
	struct trace_parser *p;
	loff_t pos = 0;

	/* Size 4: three characters fit, four do not. */
	p = parser_new(test, 4);
	user_put(test, ubuf, "abc d", 5);
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 5, &pos), 4);
	KUNIT_EXPECT_STREQ(test, p->buffer, "abc");
	trace_parser_put(p);

	p = parser_new(test, 4);
	user_put(test, ubuf, "abcd ", 5);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 5, &pos), -EINVAL);
	KUNIT_EXPECT_FALSE(test, trace_parser_loaded(p));
	KUNIT_EXPECT_EQ(test, pos, 0);
	trace_parser_put(p);

	/* Four characters cut by the end of the buffer: no room either. */
	p = parser_new(test, 4);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 4, &pos), -EINVAL);
	/* A failed parser stays unloaded, even for a later good word. */
	user_put(test, ubuf, "ab ", 3);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, ubuf, 3, &pos), 3);
	KUNIT_EXPECT_FALSE(test, trace_parser_loaded(p));
	trace_parser_put(p);

	p = parser_new(test, 4);
	pos = 0;
	KUNIT_EXPECT_EQ(test, trace_get_user(p, NULL, 3, &pos), -EFAULT);
	KUNIT_EXPECT_FALSE(test, trace_parser_loaded(p));
	trace_parser_put(p);
}

/* What trace_parse_run_command() handed to the command function. */
static char tpk_lines[8][32];
static int tpk_nr_lines;
static int tpk_fail_on;		/* line number to fail (1-based), or 0 */

static int tpk_command(const char *line)
{
	if (tpk_nr_lines < ARRAY_SIZE(tpk_lines))
		strscpy(tpk_lines[tpk_nr_lines], line, sizeof(tpk_lines[0]));
	if (++tpk_nr_lines == tpk_fail_on)
		return -E2BIG;
	return 0;
}

static ssize_t tpk_run(struct kunit *test, char __user *ubuf,
		       const char *text, size_t len)
{
	user_put(test, ubuf, text, len);
	tpk_nr_lines = 0;
	memset(tpk_lines, 0, sizeof(tpk_lines));
	return trace_parse_run_command(NULL, ubuf, len, NULL, tpk_command);
}

static void tpk_run_command(struct kunit *test)
{
	static const char cmds[] = "p:a x\n# only a comment\nr:b y # why\nlast";
	char __user *ubuf = user_buf(test);
	size_t len = sizeof(cmds) - 1;
	char *big;

	tpk_fail_on = 0;
	KUNIT_EXPECT_EQ(test, tpk_run(test, ubuf, cmds, len), (ssize_t)len);
	KUNIT_ASSERT_EQ(test, tpk_nr_lines, 4);
	KUNIT_EXPECT_STREQ(test, tpk_lines[0], "p:a x");
	KUNIT_EXPECT_STREQ(test, tpk_lines[1], "");
	KUNIT_EXPECT_STREQ(test, tpk_lines[2], "r:b y ");
	KUNIT_EXPECT_STREQ(test, tpk_lines[3], "last");

	/* The first error stops the write and is its result. */
	tpk_fail_on = 2;
	KUNIT_EXPECT_EQ(test, tpk_run(test, ubuf, cmds, len), (ssize_t)-E2BIG);
	KUNIT_EXPECT_EQ(test, tpk_nr_lines, 2);
	tpk_fail_on = 0;

	/*
	 * Lines across the 4095-byte chunks: a 4000-byte line, then one
	 * that starts in the first chunk and ends in the second.
	 */
	big = kunit_kzalloc(test, UBUF_PAGES * PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, big);
	memset(big, 'a', 4000);
	big[4000] = '\n';
	memset(big + 4001, 'b', 1000);
	big[5001] = '\n';
	KUNIT_EXPECT_EQ(test, tpk_run(test, ubuf, big, 5002), (ssize_t)5002);
	KUNIT_EXPECT_EQ(test, tpk_nr_lines, 2);

	/* A line of 4095 bytes with more after it cannot fit: -EINVAL. */
	memset(big, 'c', 4095);
	big[4095] = '\n';
	KUNIT_EXPECT_EQ(test, tpk_run(test, ubuf, big, 4096), (ssize_t)-EINVAL);
	KUNIT_EXPECT_EQ(test, tpk_nr_lines, 0);

	/* ... but the same line ending the write is taken. */
	KUNIT_EXPECT_EQ(test, tpk_run(test, ubuf, big, 4095), (ssize_t)4095);
	KUNIT_EXPECT_EQ(test, tpk_nr_lines, 1);

	/* An unreadable buffer. */
	KUNIT_EXPECT_EQ(test,
			trace_parse_run_command(NULL, NULL, 4, NULL, tpk_command),
			(ssize_t)-EFAULT);
}

/* Read a set back through the seq_file cursors, as "1 5 " text. */
static void pid_list_text(struct trace_pid_list *set, char *out, size_t size)
{
	loff_t pos = 0;
	void *v;

	out[0] = '\0';
	for (v = trace_pid_start(set, &pos); v; v = trace_pid_next(set, v, &pos))
		snprintf(out + strlen(out), size - strlen(out), "%lu ",
			 (unsigned long)v - 1);
}

static void tpk_pid_write(struct kunit *test)
{
	struct trace_pid_list *set = NULL, *next = NULL;
	char __user *ubuf = user_buf(test);
	char text[64];
	loff_t pos;

	user_put(test, ubuf, "5 0\t 17\n", 8);
	KUNIT_ASSERT_EQ(test, trace_pid_write(NULL, &set, ubuf, 8), 8);
	KUNIT_ASSERT_NOT_NULL(test, set);
	pid_list_text(set, text, sizeof(text));
	KUNIT_EXPECT_STREQ(test, text, "0 5 17 ");

	/* Starting the walk further in. */
	pos = 2;
	KUNIT_EXPECT_EQ(test, (unsigned long)trace_pid_start(set, &pos), 18UL);

	/* Adding to the set keeps what was there. */
	user_put(test, ubuf, "0x20", 4);
	KUNIT_ASSERT_EQ(test, trace_pid_write(set, &next, ubuf, 4), 4);
	pid_list_text(next, text, sizeof(text));
	KUNIT_EXPECT_STREQ(test, text, "0 5 17 32 ");
	KUNIT_EXPECT_TRUE(test, trace_find_filtered_pid(next, 32));
	KUNIT_EXPECT_FALSE(test, trace_find_filtered_pid(next, 33));
	trace_pid_list_free(next);
	next = NULL;

	/* Errors change nothing and return no set. */
	user_put(test, ubuf, "7 x", 3);
	KUNIT_EXPECT_EQ(test, trace_pid_write(set, &next, ubuf, 3), -EINVAL);
	KUNIT_EXPECT_NULL(test, next);
	user_put(test, ubuf, "1073741824", 10);
	KUNIT_EXPECT_EQ(test, trace_pid_write(set, &next, ubuf, 10), -EPERM);
	KUNIT_EXPECT_NULL(test, next);

	/* Blanks only, from nothing: an empty set is no set. */
	next = set;
	user_put(test, ubuf, "\t\n", 2);
	KUNIT_EXPECT_EQ(test, trace_pid_write(NULL, &next, ubuf, 2), 2);
	KUNIT_EXPECT_NULL(test, next);
	trace_pid_list_free(set);
}

static struct kunit_case trace_parser_cases[] = {
	KUNIT_CASE(tpk_words),
	KUNIT_CASE(tpk_continued),
	KUNIT_CASE(tpk_limits),
	KUNIT_CASE(tpk_run_command),
	KUNIT_CASE(tpk_pid_write),
	{}
};

static struct kunit_suite trace_parser_suite = {
	.name = "trace_parser",
	.test_cases = trace_parser_cases,
};

kunit_test_suite(trace_parser_suite);

MODULE_DESCRIPTION("KUnit tests for the trace input parsers");
MODULE_LICENSE("GPL");
