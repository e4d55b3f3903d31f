// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_trigger": the parts of the event triggers that need
 * no registered event — cutting a trigger line into command, parameter and filter,
 * reading counts, and spending counts from many CPUs at once.
 *
 * The parser cases pin the interface, quirks included (a count is
 * read up to its first ':', "traceon:abc" is a filter, not a count).  The
 * race case runs one kthread per online CPU on a single counted instance
 * and checks the books balance exactly: every unit claimed is a unit gone,
 * no unit is claimed twice, and the count never wraps to "unlimited".  The
 * no-record case walks a hand-made event's list as a probe that saw
 * TRIGGER_COND clear does.
 *
 * Runs at boot with the other built-in suites (process context).
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/trace_event.h"
#include "trace_trigger.h"
#include "trace_trigger_internal.h"

static void trig_kunit_split(struct kunit *test)
{
	static const struct {
		const char *line, *glob, *cmd, *rest;
	} cases[] = {
		{ "traceon", "traceon", "traceon", NULL },
		{ "traceon:", "traceon", "traceon", NULL },
		{ "traceoff:5", "traceoff", "traceoff", "5" },
		{ "  !traceoff:5 if pid == 1", "!traceoff", "traceoff",
		  "5 if pid == 1" },
		{ "traceon\t  2", "traceon", "traceon", "2" },
		{ "traceon if a==1", "traceon", "traceon", "if a==1" },
		{ "enable_event:sched:sched_switch:3",
		  "enable_event", "enable_event", "sched:sched_switch:3" },
		{ "!", "!", "", NULL },
		{ "", "", "", NULL },
		{ ":5", "", "", "5" },
		{ "hist:keys=pid", "hist", "hist", "keys=pid" },
	};
	char *buf, *glob, *cmd, *rest;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		buf = kunit_kstrdup(test, cases[i].line, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, buf);
		rest = trig_split_command(buf, &glob, &cmd);
		KUNIT_EXPECT_STREQ_MSG(test, glob, cases[i].glob, "line '%s'",
				       cases[i].line);
		KUNIT_EXPECT_STREQ_MSG(test, cmd, cases[i].cmd, "line '%s'",
				       cases[i].line);
		if (cases[i].rest)
			KUNIT_EXPECT_STREQ_MSG(test, rest, cases[i].rest,
					       "line '%s'", cases[i].line);
		else
			KUNIT_EXPECT_NULL_MSG(test, rest, "line '%s'",
					      cases[i].line);
		KUNIT_EXPECT_EQ(test, event_trigger_check_remove(glob),
				cases[i].glob[0] == '!');
	}
}

static void trig_kunit_separate(struct kunit *test)
{
	static const struct {
		const char *in;
		bool required;
		int ret;
		const char *param, *filter;
	} cases[] = {
		{ NULL, false, 0, NULL, NULL },
		{ NULL, true, -EINVAL, NULL, NULL },
		{ "5", false, 0, "5", NULL },
		{ "5 if pid > 1", false, 0, "5", "if pid > 1" },
		{ "5\t\t if x", false, 0, "5", "if x" },
		{ "if pid > 1", false, 0, NULL, "if pid > 1" },
		{ "abc", false, 0, NULL, "abc" },
		{ "-1", false, 0, NULL, "-1" },
		{ "sys:ev:3 if a == 1", true, 0, "sys:ev:3", "if a == 1" },
		{ "sys:ev", true, 0, "sys:ev", NULL },
		{ "keys=pid", true, 0, "keys=pid", NULL },
	};
	char *buf, *param, *filter;
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		buf = cases[i].in ? kunit_kstrdup(test, cases[i].in, GFP_KERNEL)
				  : NULL;
		/* both must be overwritten */
		param = (char *)test;
		filter = (char *)test;
		ret = event_trigger_separate_filter(buf, &param, &filter,
						    cases[i].required);
		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].ret, "case %d", i);
		if (cases[i].param)
			KUNIT_EXPECT_STREQ_MSG(test, param, cases[i].param,
					       "case %d", i);
		else
			KUNIT_EXPECT_NULL_MSG(test, param, "case %d", i);
		if (cases[i].filter)
			KUNIT_EXPECT_STREQ_MSG(test, filter, cases[i].filter,
					       "case %d", i);
		else
			KUNIT_EXPECT_NULL_MSG(test, filter, "case %d", i);
	}
}

static void trig_kunit_parse_num(struct kunit *test)
{
	static const struct {
		const char *in;
		int ret;
		unsigned long count;
	} cases[] = {
		{ NULL, 0, TRIG_COUNT_UNLIMITED },
		{ "", -EINVAL, TRIG_COUNT_UNLIMITED },
		{ "12", 0, 12 },
		{ "0", 0, 0 },
		{ "0x10", 0, 16 },
		{ "010", 0, 8 },
		{ "7:junk", 0, 7 },
		{ ":7", -EINVAL, TRIG_COUNT_UNLIMITED },
		{ "abc", -EINVAL, TRIG_COUNT_UNLIMITED },
		{ "-1", -EINVAL, TRIG_COUNT_UNLIMITED },
		{ "99999999999999999999999", -ERANGE, TRIG_COUNT_UNLIMITED },
	};
	struct event_trigger_data data = { };
	char *buf;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		buf = cases[i].in ? kunit_kstrdup(test, cases[i].in, GFP_KERNEL)
				  : NULL;
		data.count = TRIG_COUNT_UNLIMITED;
		KUNIT_EXPECT_EQ_MSG(test, event_trigger_parse_num(buf, &data),
				    cases[i].ret, "'%s'", cases[i].in);
		if (!cases[i].ret)
			KUNIT_EXPECT_EQ_MSG(test, data.count, cases[i].count,
					    "'%s'", cases[i].in);
	}
}

static bool trig_kunit_count_func(struct event_trigger_data *data,
				  struct trace_buffer *buffer, void *rec,
				  struct ring_buffer_event *event)
{
	return true;
}

static struct event_command trig_kunit_cmd = {
	.name		= "kunit",
	.count_func	= trig_kunit_count_func,
};

static struct event_command trig_kunit_cmd_nocount = {
	.name		= "kunit_nocount",
};

static void trig_kunit_alloc(struct kunit *test)
{
	struct event_trigger_data *data;
	char param[] = "3";

	data = trigger_data_alloc(&trig_kunit_cmd, "kunit", param, test);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_EXPECT_EQ(test, data->count, TRIG_COUNT_UNLIMITED);
	KUNIT_EXPECT_TRUE(test, data->flags & EVENT_TRIGGER_FL_COUNT);
	KUNIT_EXPECT_PTR_EQ(test, data->private_data, (void *)test);
	KUNIT_EXPECT_TRUE(test, list_empty(&data->list));
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(data->filter));
	trig_data_discard(data);

	data = trigger_data_alloc(&trig_kunit_cmd, "kunit", NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_EXPECT_FALSE(test, data->flags & EVENT_TRIGGER_FL_COUNT);
	trig_data_discard(data);

	data = trigger_data_alloc(&trig_kunit_cmd_nocount, "kunit", param, NULL);
	KUNIT_ASSERT_NOT_NULL(test, data);
	KUNIT_EXPECT_FALSE(test, data->flags & EVENT_TRIGGER_FL_COUNT);
	trig_data_discard(data);
}

static void trig_kunit_count(struct kunit *test)
{
	struct event_trigger_data data = { .count = 3 };
	int i;

	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_TRUE(test, trig_count_take(&data));
	KUNIT_EXPECT_FALSE(test, trig_count_take(&data));
	KUNIT_EXPECT_EQ(test, data.count, 0UL);

	trig_count_return(&data);
	KUNIT_EXPECT_EQ(test, data.count, 1UL);
	KUNIT_EXPECT_TRUE(test, event_trigger_count(&data, NULL, NULL, NULL));
	KUNIT_EXPECT_FALSE(test, event_trigger_count(&data, NULL, NULL, NULL));

	data.count = TRIG_COUNT_UNLIMITED;
	for (i = 0; i < 1000; i++)
		KUNIT_EXPECT_TRUE(test, trig_count_take(&data));
	trig_count_return(&data);
	KUNIT_EXPECT_EQ(test, data.count, TRIG_COUNT_UNLIMITED);
}

/*
 * The race: one kthread per CPU, all released at once, each making the
 * same number of attempts on one count.  Every third claim is handed back
 * (as a no-op enable_event firing does).
 */
#define TRIG_RACE_UNITS		100000UL
#define TRIG_RACE_TRIES		150000

struct trig_race {
	struct event_trigger_data	data;
	struct completion		go;
	atomic_t			running;
	struct completion		done;
	atomic_long_t			taken;
	atomic_long_t			returned;
};

static int trig_race_thread(void *arg)
{
	struct trig_race *race = arg;
	long taken = 0, returned = 0;
	int i;

	wait_for_completion(&race->go);
	for (i = 0; i < TRIG_RACE_TRIES; i++) {
		if (!trig_count_take(&race->data))
			continue;
		taken++;
		if (taken % 3 == 0) {
			trig_count_return(&race->data);
			returned++;
		}
	}
	atomic_long_add(taken, &race->taken);
	atomic_long_add(returned, &race->returned);
	if (atomic_dec_and_test(&race->running))
		complete(&race->done);
	return 0;
}

static void trig_kunit_count_race(struct kunit *test)
{
	struct trig_race *race;
	struct task_struct *t;
	long net;
	int cpu, n = 0;

	race = kunit_kzalloc(test, sizeof(*race), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, race);
	race->data.count = TRIG_RACE_UNITS;
	init_completion(&race->go);
	init_completion(&race->done);
	atomic_set(&race->running, 1);

	for_each_online_cpu(cpu) {
		t = kthread_create_on_cpu(trig_race_thread, race, cpu,
					  "trig_race/%u");
		if (IS_ERR(t))
			continue;
		atomic_inc(&race->running);
		wake_up_process(t);
		n++;
	}
	KUNIT_ASSERT_GT(test, n, 0);
	complete_all(&race->go);
	if (atomic_dec_and_test(&race->running))
		complete(&race->done);
	wait_for_completion(&race->done);

	net = atomic_long_read(&race->taken) - atomic_long_read(&race->returned);
	kunit_info(test, "%d threads: %ld claimed, %ld handed back, %lu left\n",
		   n, atomic_long_read(&race->taken),
		   atomic_long_read(&race->returned), race->data.count);
	KUNIT_EXPECT_LE(test, net, (long)TRIG_RACE_UNITS);
	KUNIT_EXPECT_EQ(test, race->data.count, TRIG_RACE_UNITS - net);
	KUNIT_EXPECT_NE(test, race->data.count, TRIG_COUNT_UNLIMITED);
}

/*
 * A probe that read TRIGGER_COND clear walks the list with no record.  An
 * instance it meets there that filters, reads the record or runs after
 * commit can only have been attached after that read: it is skipped, not
 * run unfiltered.  The other instances run.
 */
static unsigned long trig_kunit_fired;

static void trig_kunit_fire(struct event_trigger_data *data,
			    struct trace_buffer *buffer, void *rec,
			    struct ring_buffer_event *event)
{
	trig_kunit_fired |= (unsigned long)data->private_data;
}

static struct event_command trig_kunit_cmd_plain = {
	.name		= "kunit_plain",
	.trigger	= trig_kunit_fire,
};

static struct event_command trig_kunit_cmd_rec = {
	.name		= "kunit_rec",
	.flags		= EVENT_CMD_FL_NEEDS_REC,
	.trigger	= trig_kunit_fire,
};

static struct event_command trig_kunit_cmd_post = {
	.name		= "kunit_post",
	.flags		= EVENT_CMD_FL_POST_TRIGGER,
	.trigger	= trig_kunit_fire,
};

static void trig_kunit_norec(struct kunit *test)
{
	struct event_command *cmds[] = {
		&trig_kunit_cmd_plain, &trig_kunit_cmd_plain,
		&trig_kunit_cmd_rec, &trig_kunit_cmd_post,
	};
	struct event_trigger_data *data[ARRAY_SIZE(cmds)];
	struct trace_event_file *file;
	struct event_filter *filter;
	int i;

	file = kunit_kzalloc(test, sizeof(*file), GFP_KERNEL);
	filter = kunit_kzalloc(test, sizeof(*filter), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, file);
	KUNIT_ASSERT_NOT_NULL(test, filter);
	INIT_LIST_HEAD(&file->triggers);

	/* bit i of trig_kunit_fired: instance i ran */
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		data[i] = trigger_data_alloc(cmds[i], "kunit", NULL,
					     (void *)(1UL << i));
		KUNIT_ASSERT_NOT_NULL(test, data[i]);
		list_add_tail_rcu(&data[i]->list, &file->triggers);
	}
	/* instance 1 filters: never read with no record, so any filter will do */
	rcu_assign_pointer(data[1]->filter, filter);

	trig_kunit_fired = 0;
	rcu_read_lock_sched();
	event_triggers_call(file, NULL, NULL, NULL);
	rcu_read_unlock_sched();
	KUNIT_EXPECT_EQ(test, trig_kunit_fired, 1UL);

	/* the file was never seen by a probe: no grace period to wait for */
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		list_del(&data[i]->list);
		RCU_INIT_POINTER(data[i]->filter, NULL);
		trig_data_discard(data[i]);
	}
}

static struct kunit_case trig_kunit_cases[] = {
	KUNIT_CASE(trig_kunit_split),
	KUNIT_CASE(trig_kunit_separate),
	KUNIT_CASE(trig_kunit_parse_num),
	KUNIT_CASE(trig_kunit_alloc),
	KUNIT_CASE(trig_kunit_count),
	KUNIT_CASE(trig_kunit_count_race),
	KUNIT_CASE(trig_kunit_norec),
	{}
};

static struct kunit_suite trig_kunit_suite = {
	.name = "trace_trigger",
	.test_cases = trig_kunit_cases,
};

kunit_test_suite(trig_kunit_suite);
