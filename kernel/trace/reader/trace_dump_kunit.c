// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_dump": trace_dump.c's reading of the
 * ftrace_dump_on_oops list, and the console text of a dump of a
 * private instance, read back from the printk log.
 */
#include <kunit/test.h>
#include <linux/kmsg_dump.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "instance/trace_array.h"
#include "trace_dump.h"

#define DUMP_KUNIT_INSTANCE	"retrace_dump_kunit"

/*
 * What one list should give, item by item: "g" global, "g2" global
 * orig_cpu, "-" nothing, "i:NAME" / "i2:NAME" an instance.
 */
struct dump_param_case {
	const char *list;
	const char *want[5];
};

static const struct dump_param_case dump_param_cases[] = {
	{ "0", { "-" } },
	{ "1", { "g" } },
	{ "2", { "g2" } },
	{ "orig_cpu", { "g2" } },
	{ "0,foo", { "-", "i:foo" } },
	{ "1,foo=2,bar=orig_cpu,baz=1", { "g", "i2:foo", "i2:bar", "i:baz" } },
	{ "foo", { "i:foo" } },
	{ "foo=orig_cpu,1", { "i2:foo", "i:1" } },
	{ "2,,x", { "g2", "i:", "i:x" } },
};

static void dump_item_text(const struct dump_item *item, char *buf, size_t size)
{
	switch (item->kind) {
	case DUMP_ITEM_NOTHING:
		strscpy(buf, "-", size);
		break;
	case DUMP_ITEM_GLOBAL:
		strscpy(buf, item->orig_cpu ? "g2" : "g", size);
		break;
	case DUMP_ITEM_INSTANCE:
		snprintf(buf, size, "%s:%s", item->orig_cpu ? "i2" : "i",
			 item->name);
		break;
	}
}

static void dump_param_list(struct kunit *test)
{
	const struct dump_param_case *c;
	const struct dump_param_case *end = dump_param_cases + ARRAY_SIZE(dump_param_cases);
	struct dump_item item;
	char list[64], got[64];
	char *cursor;
	int n;

	for (c = dump_param_cases; c < end; c++) {
		strscpy(list, c->list);
		cursor = list;
		for (n = 0; dump_param_next(&cursor, n == 0, &item); n++) {
			KUNIT_ASSERT_LT_MSG(test, n, (int)ARRAY_SIZE(c->want), "%s", c->list);
			dump_item_text(&item, got, sizeof(got));
			KUNIT_EXPECT_STREQ_MSG(test, got, c->want[n] ?: "(end)",
					       "list \"%s\" item %d", c->list, n);
		}
		KUNIT_EXPECT_TRUE_MSG(test, n == ARRAY_SIZE(c->want) || !c->want[n],
				      "list \"%s\" ended after %d items", c->list, n);
	}
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

/*
 * The lines of the printk log after the last one that ends with @start,
 * with the time stamp prefix removed, at most @max of them.
 */
static int log_lines_after(struct kunit *test, const char *start,
			   char (*lines)[128], int max)
{
	struct kmsg_dump_iter iter = { };
	char *line;
	size_t len;
	int n = -1;

	line = kunit_kzalloc(test, 1024, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, line);
	kmsg_dump_rewind(&iter);
	while (kmsg_dump_get_line(&iter, false, line, 1023, &len)) {
		char *text = line;

		line[len] = '\0';
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (text[0] == '[') {
			text = strchr(text, ']');
			text = text ? text + 2 : line;
		}
		if (ends_with(text, start)) {
			n = 0;
			continue;
		}
		if (n >= 0 && n < max)
			strscpy(lines[n++], text, sizeof(lines[0]));
	}
	return n;
}

static void dump_instance_text(struct kunit *test)
{
	char (*lines)[128];
	struct trace_array *tr;
	int n;

	lines = kunit_kcalloc(test, 8, sizeof(*lines), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, lines);
	tr = trace_array_get_by_name(DUMP_KUNIT_INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);

	trace_array_puts(tr, "dump kunit line one\n");
	trace_array_puts(tr, "dump kunit line two\n");
	trace_dump_instance(tr, false);

	n = log_lines_after(test, "Dumping ftrace instance " DUMP_KUNIT_INSTANCE " buffer:",
			    lines, 8);
	KUNIT_EXPECT_GE(test, n, 4);
	if (n >= 4) {
		KUNIT_EXPECT_STREQ(test, lines[0], "---------------------------------");
		KUNIT_EXPECT_TRUE_MSG(test, ends_with(lines[1], ": dump kunit line one"),
				      "%s", lines[1]);
		KUNIT_EXPECT_TRUE_MSG(test, ends_with(lines[2], ": dump kunit line two"),
				      "%s", lines[2]);
		KUNIT_EXPECT_STREQ(test, lines[3], "---------------------------------");
	}
	/* Consumed, and the instance stopped recording. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(tr->array_buffer.buffer), 0);
	KUNIT_EXPECT_FALSE(test, tracer_tracing_is_on(tr));

	trace_dump_instance(tr, true);
	n = log_lines_after(test, "Dumping ftrace instance " DUMP_KUNIT_INSTANCE " buffer:",
			    lines, 8);
	KUNIT_EXPECT_GE(test, n, 1);
	if (n >= 1)
		KUNIT_EXPECT_STREQ(test, lines[0], "   (ftrace buffer empty)");

	trace_array_put(tr);
	trace_array_destroy(tr);
}

static struct kunit_case trace_dump_cases[] = {
	KUNIT_CASE(dump_param_list),
	KUNIT_CASE(dump_instance_text),
	{}
};

static struct kunit_suite trace_dump_suite = {
	.name = "trace_dump",
	.test_cases = trace_dump_cases,
};

kunit_test_suite(trace_dump_suite);

MODULE_DESCRIPTION("KUnit tests for dumping trace buffers to the console");
MODULE_LICENSE("GPL");
