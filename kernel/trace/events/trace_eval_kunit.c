// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_eval": the rewriting of print fmts and field types
 * by eval maps (trace_eval.c), without touching a registered event.
 *
 * - reference: for each system of the reference kernel that has eval
 *   maps, one print fmt as compiled, rewritten with the system's maps,
 *   must read exactly as the reference kernel's format file shows it
 *   (vectors generated into trace_eval_kunit_data.h by
 *   tools/testing/retrace/eval-kunit-data.py);
 * - hand-written print fmts for each rule of trace_eval.c: quoted text and
 *   escapes, numbers and their suffixes, the byte after a skipped token,
 *   members after '.' and '->', whole identifiers, values written in
 *   place, a value longer than its name refused;
 * - field types: attributes removed, an array length replaced (a prefix
 *   match), the filter type recomputed;
 * - a private event call: only maps whose system is the same pointer
 *   apply, an equal string in another object does not.
 *
 * Runs at boot with the other built-in suites (process context).  No
 * case makes the code warn: refusals are tested on the string functions,
 * which report them instead of warning.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "trace_eval.h"
#include "trace_event.h"

struct eval_ref_case {
	const char			*event;
	const struct trace_eval_map	*maps;
	unsigned int			nr_maps;
	const char			*compiled;
	const char			*shown;
};

/* The vectors' maps all belong to the vector's system; one pointer. */
static const char eval_ref_system[] = "reference";

#include "trace_eval_kunit_data.h"

/* Rewrite a copy of @in with @maps in order; the copy, or NULL. */
static char *eval_kunit_apply(struct kunit *test, const char *in,
			      const struct trace_eval_map *maps,
			      unsigned int nr, int *err)
{
	char *s = kunit_kstrdup(test, in, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	*err = 0;
	for (i = 0; i < nr && !*err; i++)
		*err = trace_eval_fmt_apply(s, &maps[i]);
	return s;
}

static void eval_reference(struct kunit *test)
{
	const struct eval_ref_case *c;
	char *s;
	int err;

	for (c = eval_ref_cases; c < eval_ref_cases + ARRAY_SIZE(eval_ref_cases); c++) {
		s = eval_kunit_apply(test, c->compiled, c->maps, c->nr_maps, &err);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s", c->event);
		KUNIT_EXPECT_STREQ_MSG(test, s, c->shown, "%s", c->event);
	}
}

struct eval_fmt_case {
	const char	*name;
	const char	*in;
	const char	*out;
};

/* Maps of the hand-written cases: FOO 3, BAR 7, NEG -1, sizeof(foo_t) 8. */
static const struct trace_eval_map eval_kunit_maps[] = {
	{ eval_ref_system, "FOO", 3 },
	{ eval_ref_system, "BAR", 7 },
	{ eval_ref_system, "NEG", -1 },
	{ eval_ref_system, "sizeof(foo_t)", 8 },
};

static const struct eval_fmt_case eval_fmt_cases[] = {
	{ "plain", "\"%d\", FOO", "\"%d\", 3" },
	{ "at the end and the start", "FOO", "3" },
	{ "back to back", "FOO,FOO FOO", "3,3 3" },
	{ "quoted text", "\"FOO=%d\", FOO", "\"FOO=%d\", 3" },
	{ "escaped quote", "\"a\\\"FOO\\\"b\", FOO", "\"a\\\"FOO\\\"b\", 3" },
	{ "escaped backslash", "\"\\\\\", FOO", "\"\\\\\", 3" },
	{ "escape outside quotes", "\\FOO, FOO", "\\FOO, 3" },
	{ "lone backslash at the end", "FOO \\", "3 \\" },
	{ "number suffix", "10FOO, 0x1FOO, FOO", "10FOO, 0x1FOO, 3" },
	{ "number then quote", "1\"FOO\", FOO", "1\"3\", 3" },
	{ "number then underscore", "1_FOO", "1_3" },
	{ "value then quote", "FOO\"BAR\"", "3\"7\"" },
	{ "members", "REC->FOO, a.FOO, a.b->FOO, FOO", "REC->FOO, a.FOO, a.b->FOO, 3" },
	{ "byte after a dot", "a.(FOO), FOO", "a.(FOO), 3" },
	{ "byte after a chain", "a\"FOO\" FOO", "a\"3\" 3" },
	{ "whole identifier", "FOOBAR, FOO_1, FOO1, xFOO, _FOO, FOO",
	  "FOOBAR, FOO_1, FOO1, xFOO, _FOO, 3" },
	{ "negative value", "NEG + 1", "-1 + 1" },
	{ "sizeof", "REC->len * sizeof(foo_t)", "REC->len * 8" },
	{ "sizeof of another type", "sizeof(foo_tt), sizeof(foo)", "sizeof(foo_tt), sizeof(foo)" },
	{ "symbolic", "__print_symbolic(REC->r, { FOO, \"FOO\" }, { BAR, \"BAR\" })",
	  "__print_symbolic(REC->r, { 3, \"FOO\" }, { 7, \"BAR\" })" },
};

static void eval_fmt_rules(struct kunit *test)
{
	const struct eval_fmt_case *c;
	char *s;
	int err;

	for (c = eval_fmt_cases; c < eval_fmt_cases + ARRAY_SIZE(eval_fmt_cases); c++) {
		s = eval_kunit_apply(test, c->in, eval_kunit_maps,
				     ARRAY_SIZE(eval_kunit_maps), &err);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s", c->name);
		KUNIT_EXPECT_STREQ_MSG(test, s, c->out, "%s", c->name);
	}
}

static void eval_fmt_too_long(struct kunit *test)
{
	static const struct trace_eval_map fits = { eval_ref_system, "AB", 12 };
	static const struct trace_eval_map longer = { eval_ref_system, "AB", 100 };
	static const struct trace_eval_map neg = { eval_ref_system, "AB", -10 };
	char *s;
	int err;

	s = eval_kunit_apply(test, "AB, x", &fits, 1, &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_STREQ(test, s, "12, x");

	s = eval_kunit_apply(test, "AB, x", &longer, 1, &err);
	KUNIT_EXPECT_EQ(test, err, -E2BIG);
	KUNIT_EXPECT_STREQ(test, s, "AB, x");

	s = eval_kunit_apply(test, "AB, x", &neg, 1, &err);
	KUNIT_EXPECT_EQ(test, err, -E2BIG);
	KUNIT_EXPECT_STREQ(test, s, "AB, x");
}

struct eval_attr_case {
	const char	*in;
	const char	*out;	/* NULL: the type itself comes back */
	int		err;
};

static const struct eval_attr_case eval_attr_cases[] = {
	{ "int", NULL, 0 },
	{ "int __attribute__((btf_type_tag(\"user\"))) *", "int *", 0 },
	{ "__attribute__((x)) int", "int", 0 },
	{ "a __attribute__((x)) __attribute__((y)) b", "a b", 0 },
	{ "a __attribute__((x))__attribute__((y)) b", "a b", 0 },
	{ "long __attribute__((x))", "long ", 0 },
	{ "int__attribute__((x))", NULL, 0 },
	{ "int __attribute__((x)", NULL, -EINVAL },
};

static void eval_type_attrs(struct kunit *test)
{
	const struct eval_attr_case *c;
	char *out;
	int err;

	for (c = eval_attr_cases; c < eval_attr_cases + ARRAY_SIZE(eval_attr_cases); c++) {
		err = trace_eval_strip_attrs(c->in, &out);
		KUNIT_EXPECT_EQ_MSG(test, err, c->err, "%s", c->in);
		if (!c->out) {
			KUNIT_EXPECT_PTR_EQ_MSG(test, out, c->in, "%s", c->in);
			continue;
		}
		KUNIT_EXPECT_STREQ_MSG(test, out, c->out, "%s", c->in);
		if (out != c->in)
			kfree(out);
	}
}

static void eval_type_slots(struct kunit *test)
{
	char t1[] = "char[TASK_COMM_LEN]", t2[] = "char[16]";
	char t3[] = "char[TASK_COMM_LENGTH]", t4[] = "char";
	char t5[] = "unsigned long[X][TASK_COMM_LEN]";

	KUNIT_EXPECT_PTR_EQ(test, trace_eval_type_slot(t1, "TASK_COMM_LEN"), t1 + 5);
	KUNIT_EXPECT_EQ(test, trace_eval_put_value(t1 + 5, 13, 16), 2);
	KUNIT_EXPECT_STREQ(test, t1, "char[16]");
	KUNIT_EXPECT_NULL(test, trace_eval_type_slot(t2, "TASK_COMM_LEN"));
	/* A prefix of the name in brackets is enough. */
	KUNIT_EXPECT_PTR_EQ(test, trace_eval_type_slot(t3, "TASK_COMM_LEN"), t3 + 5);
	KUNIT_EXPECT_NULL(test, trace_eval_type_slot(t4, "TASK_COMM_LEN"));
	/* Only the first bracket is looked at. */
	KUNIT_EXPECT_NULL(test, trace_eval_type_slot(t5, "TASK_COMM_LEN"));
}

/* A private call of system "evaltest" with two fields. */
static void eval_call_identity(struct kunit *test)
{
	static const char sys_same[] = "evaltest";
	char *sys_other = kunit_kstrdup(test, sys_same, GFP_KERNEL);
	struct trace_eval_map m_same = { sys_same, "EVX", 4 };
	struct trace_eval_map m_other = { NULL, "EVY", 5 };
	struct trace_eval_map *maps[] = { &m_other, &m_same };
	struct ftrace_event_field f_arr = {
		.name = "arr", .type = "char[EVX]", .filter_type = FILTER_OTHER,
	};
	struct ftrace_event_field f_attr = {
		.name = "p", .type = "int __attribute__((x)) *",
		.filter_type = FILTER_OTHER,
	};
	struct trace_event_class class = { .system = sys_same };
	struct trace_event_call call = { .class = &class, .name = "evaltest" };
	char fmt[] = "\"%d %d\", EVX, EVY";

	KUNIT_ASSERT_NOT_NULL(test, sys_other);
	m_other.system = sys_other;
	INIT_LIST_HEAD(&class.fields);
	list_add_tail(&f_arr.link, &class.fields);
	list_add_tail(&f_attr.link, &class.fields);
	call.print_fmt = fmt;

	trace_eval_update_call(&call, maps, ARRAY_SIZE(maps));
	KUNIT_EXPECT_STREQ(test, call.print_fmt, "\"%d %d\", 4, EVY");
	KUNIT_EXPECT_STREQ(test, f_arr.type, "char[4]");
	KUNIT_EXPECT_EQ(test, f_arr.filter_type, filter_assign_type("char[4]"));
	KUNIT_EXPECT_NE(test, f_arr.filter_type, FILTER_OTHER);
	KUNIT_EXPECT_STREQ(test, f_attr.type, "int *");

	/* Not a module's call: the new types are the caller's to free. */
	kfree(f_arr.type);
	kfree(f_attr.type);
	f_arr.type = "char[4]";

	/*
	 * No map of the system: attributes still go (the blank before one
	 * stays), the rest is left alone.
	 */
	f_attr.type = "long __attribute__((y))";
	trace_eval_update_call(&call, maps, 1);
	KUNIT_EXPECT_STREQ(test, call.print_fmt, "\"%d %d\", 4, EVY");
	KUNIT_EXPECT_STREQ(test, f_attr.type, "long ");
	kfree(f_attr.type);
}

static struct kunit_case trace_eval_cases[] = {
	KUNIT_CASE(eval_reference),
	KUNIT_CASE(eval_fmt_rules),
	KUNIT_CASE(eval_fmt_too_long),
	KUNIT_CASE(eval_type_attrs),
	KUNIT_CASE(eval_type_slots),
	KUNIT_CASE(eval_call_identity),
	{}
};

static struct kunit_suite trace_eval_suite = {
	.name = "trace_eval",
	.test_cases = trace_eval_cases,
};

kunit_test_suite(trace_eval_suite);
