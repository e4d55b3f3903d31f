// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_errlog": error_log entries without tracefs.
 *
 * Each case logs into an instance of its own (a zeroed struct
 * trace_array with only its error list set up, never registered), so
 * the global error_log user space reads is untouched.  Entries are
 * printed with errlog_show() into a plain seq_file buffer and compared
 * with the text user space expects: the stamp's shape, the three lines, the
 * caret column (ftracetest's rule: the caret line is 13 bytes plus the
 * caret position, newline included), the recycling of the oldest entry,
 * the cut of a long location, clearing.
 *
 * Runs at boot with the other built-in suites (process context).
 */

#include <kunit/test.h>
#include <linux/ctype.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "instance/trace_array.h"
#include "trace_errlog.h"

/* The messages, as a caller's table (it must outlive the entries). */
static struct {
	const char *text[2];
} errlog_kunit_table = {
	.text = { "First message", "Second message" },
};

#define errlog_kunit_msgs	errlog_kunit_table.text

#define ERRLOG_KUNIT_BUF	4096
#define ERRLOG_KUNIT_LEAD	"  Command: "

static struct trace_array *errlog_kunit_instance(struct kunit *test)
{
	struct trace_array *tr;

	tr = kunit_kzalloc(test, sizeof(*tr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	INIT_LIST_HEAD(&tr->err_log);
	return tr;
}

/* Print entry @nr (0 = oldest) of @tr; returns the NUL-ended text. */
static char *errlog_kunit_render(struct kunit *test, struct trace_array *tr,
				 int nr)
{
	struct seq_file m = { };
	struct list_head *node;

	m.buf = kunit_kzalloc(test, ERRLOG_KUNIT_BUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);
	m.size = ERRLOG_KUNIT_BUF - 1;

	list_for_each(node, &tr->err_log) {
		if (nr-- == 0) {
			errlog_show(&m, node);
			KUNIT_ASSERT_FALSE(test, seq_has_overflowed(&m));
			return m.buf;
		}
	}
	KUNIT_FAIL(test, "no entry");
	return m.buf;
}

/* "[%5llu.%06u] ": returns what follows it, or NULL. */
static const char *errlog_kunit_skip_stamp(struct kunit *test, const char *s)
{
	const char *close = strchr(s, ']');
	int i;

	KUNIT_ASSERT_NOT_NULL(test, close);
	KUNIT_EXPECT_EQ(test, s[0], '[');
	/* at least five columns of seconds, a dot, six digits */
	KUNIT_EXPECT_GE(test, close - s, 13);
	KUNIT_EXPECT_EQ(test, close[-7], '.');
	for (i = 1; i <= 6; i++)
		KUNIT_EXPECT_TRUE(test, isdigit(close[-i]));
	KUNIT_EXPECT_TRUE(test, isdigit(close[-8]));
	KUNIT_EXPECT_EQ(test, close[1], ' ');
	return close + 2;
}

static void errlog_kunit_layout(struct kunit *test)
{
	struct trace_array *tr = errlog_kunit_instance(test);
	const char *text, *caret;

	tracing_log_err(tr, "event filter parse error", "common_pid > x",
			errlog_kunit_msgs, 1, 13);
	KUNIT_ASSERT_EQ(test, tr->n_err_log_entries, 1);

	text = errlog_kunit_skip_stamp(test, errlog_kunit_render(test, tr, 0));
	KUNIT_EXPECT_STREQ(test, text,
			   "event filter parse error: error: Second message\n"
			   "  Command: common_pid > x\n"
			   "                        ^\n");

	caret = strrchr(text, '^');
	KUNIT_ASSERT_NOT_NULL(test, caret);
	while (caret > text && caret[-1] != '\n')
		caret--;
	KUNIT_EXPECT_EQ(test, strlen(caret), 13 + 13);

	clear_tracing_err_log(tr);
}

static void errlog_kunit_caret_zero(struct kunit *test)
{
	struct trace_array *tr = errlog_kunit_instance(test);
	const char *text;

	tracing_log_err(tr, "trigger", "", errlog_kunit_msgs, 0, 0);
	text = errlog_kunit_skip_stamp(test, errlog_kunit_render(test, tr, 0));
	KUNIT_EXPECT_STREQ(test, text,
			   "trigger: error: First message\n"
			   ERRLOG_KUNIT_LEAD "\n"
			   "           ^\n");
	clear_tracing_err_log(tr);
}

/* The ninth entry recycles the oldest; order stays oldest first. */
static void errlog_kunit_ring(struct kunit *test)
{
	struct trace_array *tr = errlog_kunit_instance(test);
	struct errlog_entry *entry;
	char cmd[16];
	u64 last_ts = 0;
	int i, want;

	for (i = 0; i < ERRLOG_MAX_ENTRIES + 3; i++) {
		snprintf(cmd, sizeof(cmd), "cmd %d", i);
		tracing_log_err(tr, "loc", cmd, errlog_kunit_msgs, i & 1, i);
		KUNIT_EXPECT_EQ(test, tr->n_err_log_entries,
				min(i + 1, ERRLOG_MAX_ENTRIES));
	}

	want = 3;
	list_for_each_entry(entry, &tr->err_log, node) {
		snprintf(cmd, sizeof(cmd), "cmd %d", want);
		KUNIT_EXPECT_STREQ(test, entry->cmd, cmd);
		KUNIT_EXPECT_EQ(test, entry->caret, want);
		KUNIT_EXPECT_EQ(test, entry->msg, want & 1);
		KUNIT_EXPECT_GE(test, entry->ts, last_ts);
		last_ts = entry->ts;
		want++;
	}
	KUNIT_EXPECT_EQ(test, want, ERRLOG_MAX_ENTRIES + 3);

	clear_tracing_err_log(tr);
	KUNIT_EXPECT_TRUE(test, list_empty(&tr->err_log));
	KUNIT_EXPECT_EQ(test, tr->n_err_log_entries, 0);

	/* A cleared log starts counting again. */
	tracing_log_err(tr, "loc", "again", errlog_kunit_msgs, 0, 0);
	KUNIT_EXPECT_EQ(test, tr->n_err_log_entries, 1);
	clear_tracing_err_log(tr);
}

/* "<loc>: error: " is cut at 127 bytes. */
static void errlog_kunit_long_location(struct kunit *test)
{
	struct trace_array *tr = errlog_kunit_instance(test);
	struct errlog_entry *entry;
	char *loc;

	loc = kunit_kzalloc(test, 201, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, loc);
	memset(loc, 'a', 120);
	tracing_log_err(tr, loc, "x", errlog_kunit_msgs, 0, 0);
	memset(loc, 'b', 200);
	tracing_log_err(tr, loc, "y", errlog_kunit_msgs, 0, 0);

	entry = list_first_entry(&tr->err_log, struct errlog_entry, node);
	KUNIT_EXPECT_EQ(test, strlen(entry->where), 127);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(entry->where + 120, ": erro"));
	entry = list_next_entry(entry, node);
	KUNIT_EXPECT_EQ(test, strlen(entry->where), 127);
	KUNIT_EXPECT_EQ(test, entry->where[126], 'b');

	clear_tracing_err_log(tr);
}

static void errlog_kunit_err_pos(struct kunit *test)
{
	char cmd[] = "keys=pid:vals=bogus";

	KUNIT_EXPECT_EQ(test, err_pos(cmd, "vals"), 9);
	KUNIT_EXPECT_EQ(test, err_pos(cmd, "keys"), 0);
	KUNIT_EXPECT_EQ(test, err_pos(cmd, "bogus"), 14);
	KUNIT_EXPECT_EQ(test, err_pos(cmd, "nothere"), 0);
}

static struct kunit_case errlog_kunit_cases[] = {
	KUNIT_CASE(errlog_kunit_layout),
	KUNIT_CASE(errlog_kunit_caret_zero),
	KUNIT_CASE(errlog_kunit_ring),
	KUNIT_CASE(errlog_kunit_long_location),
	KUNIT_CASE(errlog_kunit_err_pos),
	{}
};

static struct kunit_suite errlog_kunit_suite = {
	.name = "trace_errlog",
	.test_cases = errlog_kunit_cases,
};

kunit_test_suite(errlog_kunit_suite);
