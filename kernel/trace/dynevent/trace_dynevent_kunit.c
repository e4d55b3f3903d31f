// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_dynevent": the delete lines of dynamic_events
 * (syntax errors and lines that name nothing, checked against the list
 * as it is at boot: no dynamic event matches the names used here) and the
 * command builder (what each add writes, the separators' defaults, a
 * check's veto, the first overflow being final, dynevent_create()).
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "trace_dynevent.h"

static const struct {
	const char	*line;
	int		err;
} dyn_kunit_del[] = {
	{ "-foo", -EINVAL },		/* "-" must be followed by ":" */
	{ "-", -EINVAL },
	{ "-10:x", -EINVAL },
	{ "-:", -EINVAL },		/* no event, no group */
	{ "!p:", -EINVAL },
	{ "!nocolon", -EINVAL },
	{ "-:/", -ENOENT },		/* an empty group names none */
	{ "-:kunit_nosuch", -ENOENT },
	{ "-:kunit_grp/kunit_nosuch", -ENOENT },
	{ "-:kunit_grp/", -ENOENT },
	{ "!x:kunit_nosuch u32 a", -ENOENT },	/* the kind letter is not used */
	{ "!p:kunit_grp/kunit_nosuch arg=1 b=2", -ENOENT },
};

static void dyn_kunit_release(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dyn_kunit_del); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    dyn_event_release(dyn_kunit_del[i].line, NULL),
				    dyn_kunit_del[i].err, "\"%s\"",
				    dyn_kunit_del[i].line);
}

static int dyn_kunit_veto(void *data)
{
	const struct dynevent_arg *arg = data;

	return strcmp(arg->str, "bad") ? 0 : -EINVAL;
}

static int dyn_kunit_runs;

static int dyn_kunit_run(struct dynevent_cmd *cmd)
{
	dyn_kunit_runs++;
	return strcmp(cmd->seq.buffer, "p:grp/ev sym  x=1;") ? -EINVAL : 42;
}

static void dyn_kunit_builder(struct kunit *test)
{
	struct dynevent_arg_pair pair;
	struct dynevent_arg arg;
	struct dynevent_cmd cmd;
	char buf[32];

	dynevent_cmd_init(&cmd, buf, sizeof(buf), DYNEVENT_TYPE_KPROBE,
			  dyn_kunit_run);
	KUNIT_EXPECT_EQ(test, cmd.type, DYNEVENT_TYPE_KPROBE);
	KUNIT_EXPECT_EQ(test, dynevent_str_add(&cmd, "p:grp/ev"), 0);

	dynevent_arg_init(&arg, 0);
	KUNIT_EXPECT_EQ(test, arg.separator, ' ');
	arg.str = "sym";
	KUNIT_EXPECT_EQ(test, dynevent_arg_add(&cmd, &arg, dyn_kunit_veto), 0);
	arg.str = "bad";
	KUNIT_EXPECT_EQ(test, dynevent_arg_add(&cmd, &arg, dyn_kunit_veto),
			-EINVAL);

	dynevent_arg_pair_init(&pair, '=', ';');
	pair.lhs = "x";
	pair.rhs = "1";
	KUNIT_EXPECT_EQ(test, dynevent_arg_pair_add(&cmd, &pair, NULL), 0);
	KUNIT_EXPECT_STREQ(test, buf, "p:grp/ev sym  x=1;");

	dyn_kunit_runs = 0;
	KUNIT_EXPECT_EQ(test, dynevent_create(&cmd), 42);
	KUNIT_EXPECT_EQ(test, dyn_kunit_runs, 1);

	/* 18 of 32 bytes used: a 20-character argument does not fit */
	arg.str = "aaaaaaaaaaaaaaaaaaaa";
	KUNIT_EXPECT_EQ(test, dynevent_arg_add(&cmd, &arg, NULL), -E2BIG);
	KUNIT_EXPECT_LT(test, strlen(buf), sizeof(buf));
	/* and nothing fits after an overflow */
	KUNIT_EXPECT_EQ(test, dynevent_str_add(&cmd, "y"), -E2BIG);
	pair.lhs = "z";
	KUNIT_EXPECT_EQ(test, dynevent_arg_pair_add(&cmd, &pair, NULL), -E2BIG);
}

static struct kunit_case dyn_kunit_cases[] = {
	KUNIT_CASE(dyn_kunit_release),
	KUNIT_CASE(dyn_kunit_builder),
	{}
};

static struct kunit_suite dyn_kunit_suite = {
	.name = "trace_dynevent",
	.test_cases = dyn_kunit_cases,
};

kunit_test_suite(dyn_kunit_suite);
