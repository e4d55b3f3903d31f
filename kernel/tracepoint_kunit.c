// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint_kunit.c - KUnit suite "tracepoint" for kernel/tracepoint.c.
 *
 * Defines its own tracepoints (built in, so they are vmlinux tracepoints
 * with real static keys and static calls) and checks, through the public
 * API and the fields of struct tracepoint:
 *   - probe order: priority, then registration order;
 *   - -EEXIST, -ENOENT, -ENOMEM (through tracepoint_kunit_fail_allocs),
 *     and that a failed call leaves the tracepoint as it was;
 *   - the 0 -> 1 -> 2 -> 1 -> 0 transitions: static key, static call
 *     target and the probes actually run, at each step;
 *   - regfunc/unregfunc calls, and a failing regfunc;
 *   - a site fired in a loop on one CPU while another CPU attaches and
 *     detaches probes: each probe must get its own data, and none may run
 *     once its unregister and tracepoint_synchronize_unregister() returned;
 *   - a reader held inside the first probe while another CPU unregisters
 *     it: the static call must not name the next probe, nor the
 *     unregister return, before that reader has left.
 * Module tracepoints need a module to load, which boot-time KUnit cannot
 * do: tools/testing/selftests/retrace/tracepoint_module.sh covers them.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/static_call.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "tracepoint_kunit.h"

/* Bare tracepoints: DECLARE_TRACE(x) is tracepoint x_tp. */
DECLARE_TRACE(tpk_basic, TP_PROTO(int v), TP_ARGS(v));
DEFINE_TRACE(tpk_basic_tp, TP_PROTO(int v), TP_ARGS(v));

DECLARE_TRACE(tpk_race, TP_PROTO(unsigned long seq), TP_ARGS(seq));
DEFINE_TRACE(tpk_race_tp, TP_PROTO(unsigned long seq), TP_ARGS(seq));

DECLARE_TRACE(tpk_hold, TP_PROTO(int v), TP_ARGS(v));
DEFINE_TRACE(tpk_hold_tp, TP_PROTO(int v), TP_ARGS(v));

/* An event-style tracepoint with regfunc/unregfunc. */
static int tpk_reg_calls, tpk_unreg_calls, tpk_reg_error;

static int tpk_regfunc(void)
{
	tpk_reg_calls++;
	return tpk_reg_error;
}

static void tpk_unregfunc(void)
{
	tpk_unreg_calls++;
}

DECLARE_TRACE_EVENT(tpk_reg, TP_PROTO(int v), TP_ARGS(v));
DEFINE_TRACE_FN(tpk_reg, tpk_regfunc, tpk_unregfunc, TP_PROTO(int v),
		TP_ARGS(v));

/* Probes append their tag to a log, so a test sees who ran, in order. */
struct tpk_log {
	char	buf[32];
	int	len;
	int	last_v;
};

static struct tpk_log tpk_log;

struct tpk_tag {
	char	tag;
};

static void tpk_log_reset(void)
{
	memset(&tpk_log, 0, sizeof(tpk_log));
}

static void tpk_probe_log(void *data, int v)
{
	struct tpk_tag *t = data;

	if (tpk_log.len < (int)sizeof(tpk_log.buf) - 1)
		tpk_log.buf[tpk_log.len++] = t->tag;
	tpk_log.last_v = v;
}

/* A second function, so that direct static call targets differ. */
static void tpk_probe_log2(void *data, int v)
{
	tpk_probe_log(data, v);
}

static const char *tpk_fire_basic(int v)
{
	tpk_log_reset();
	trace_tpk_basic_tp(v);
	return tpk_log.buf;
}

static void *tpk_call_target(struct tracepoint *tp)
{
	return tp->static_call_key->func;
}

static struct tracepoint_func *tpk_funcs(struct tracepoint *tp)
{
	return rcu_dereference_raw(tp->funcs);
}

/* Priority: higher first; equal priorities in registration order. */
static void tpk_test_order(struct kunit *test)
{
	static struct tpk_tag a = { 'a' }, b = { 'b' }, c = { 'c' },
			      d = { 'd' }, e = { 'e' };
	struct tracepoint *tp = &__tracepoint_tpk_basic_tp;

	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &a, 10), 0);
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &b, 20), 0);
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &c, 10), 0);
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &d, 5), 0);
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &e, 20), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(7), "beacd");
	KUNIT_EXPECT_EQ(test, tpk_log.last_v, 7);

	/* Removing from the middle keeps the others' order. */
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &a), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(1), "becd");
	/* Re-adding at an equal priority goes after the existing ones. */
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &a, 20), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(1), "beacd");
	/* The default priority sits between 20 and 5. */
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &c), 0);
	KUNIT_EXPECT_EQ(test, register_trace_tpk_basic_tp(tpk_probe_log, &c), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(1), "beacd");

	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &a), 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &b), 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &c), 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &d), 0);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_basic_tp(tpk_probe_log, &e), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(1), "");
	KUNIT_EXPECT_NULL(test, tpk_funcs(tp));
	tracepoint_synchronize_unregister();
}

/* -EEXIST, -ENOENT and -ENOMEM leave the tracepoint exactly as it was. */
static void tpk_test_errors(struct kunit *test)
{
	static struct tpk_tag a = { 'a' }, b = { 'b' };
	struct tracepoint *tp = &__tracepoint_tpk_basic_tp;
	struct tracepoint_func *before;
	void *target;

	WRITE_ONCE(tracepoint_kunit_fail_task, current);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &a), -ENOENT);

	KUNIT_ASSERT_EQ(test, tracepoint_probe_register(tp, tpk_probe_log, &a), 0);
	before = tpk_funcs(tp);
	target = tpk_call_target(tp);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register_may_exist(tp, tpk_probe_log, &a),
			-EEXIST);
	/* Same data, other function: a different probe; and the reverse. */
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log2, &a), -ENOENT);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &b), -ENOENT);
	KUNIT_EXPECT_PTR_EQ(test, tpk_funcs(tp), before);
	KUNIT_EXPECT_PTR_EQ(test, tpk_call_target(tp), target);

	/* 1 -> 2 without memory. */
	atomic_set(&tracepoint_kunit_fail_allocs, 1);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register(tp, tpk_probe_log, &b), -ENOMEM);
	KUNIT_EXPECT_PTR_EQ(test, tpk_funcs(tp), before);
	KUNIT_EXPECT_PTR_EQ(test, tpk_call_target(tp), target);
	KUNIT_EXPECT_TRUE(test, static_key_enabled(&tp->key));
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(2), "a");

	/* 2 -> 1 without memory: succeeds, the probe becomes a tombstone. */
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log, &b, 30), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(2), "ba");
	before = tpk_funcs(tp);
	atomic_set(&tracepoint_kunit_fail_allocs, 1);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &b), 0);
	KUNIT_EXPECT_PTR_EQ(test, tpk_funcs(tp), before);
	KUNIT_EXPECT_PTR_EQ(test, tpk_call_target(tp), tp->iterator);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(2), "a");
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &b), -ENOENT);
	/* The next update drops the tombstone. */
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register(tp, tpk_probe_log, &b), 0);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(2), "ab");
	KUNIT_EXPECT_NULL(test, tpk_funcs(tp)[2].func);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &b), 0);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &a), 0);

	/* 0 -> 1 without memory: the key stays off, regfunc is not called. */
	tpk_reg_calls = 0;
	tpk_unreg_calls = 0;
	atomic_set(&tracepoint_kunit_fail_allocs, 1);
	KUNIT_EXPECT_EQ(test, register_trace_tpk_reg(tpk_probe_log, &a), -ENOMEM);
	KUNIT_EXPECT_FALSE(test, static_key_enabled(&__tracepoint_tpk_reg.key));
	KUNIT_EXPECT_NULL(test, tpk_funcs(&__tracepoint_tpk_reg));
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 0);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 0);
	atomic_set(&tracepoint_kunit_fail_allocs, 0);
	WRITE_ONCE(tracepoint_kunit_fail_task, NULL);
	tracepoint_synchronize_unregister();
}

static void tpk_expect_state(struct kunit *test, struct tracepoint *tp,
			     bool key, void *target, const char *ran)
{
	KUNIT_EXPECT_EQ(test, static_key_enabled(&tp->key), key);
	KUNIT_EXPECT_EQ(test, trace_tpk_basic_tp_enabled(), key);
	KUNIT_EXPECT_PTR_EQ(test, tpk_call_target(tp), target);
	KUNIT_EXPECT_STREQ(test, tpk_fire_basic(3), ran);
}

/* 0 -> 1 -> 2 -> 1 -> 0, and 1 -> 2 -> 1 keeping either probe. */
static void tpk_test_transitions(struct kunit *test)
{
	static struct tpk_tag a = { 'a' }, b = { 'b' };
	struct tracepoint *tp = &__tracepoint_tpk_basic_tp;
	void *iter = tp->iterator;

	KUNIT_EXPECT_PTR_EQ(test, iter, (void *)__traceiter_tpk_basic_tp);
	tpk_expect_state(test, tp, false, iter, "");

	KUNIT_ASSERT_EQ(test, tracepoint_probe_register(tp, tpk_probe_log, &a), 0);
	tpk_expect_state(test, tp, true, (void *)tpk_probe_log, "a");

	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log2, &b, 50), 0);
	tpk_expect_state(test, tp, true, iter, "ba");

	/* Remove the first entry: the other probe becomes the direct target. */
	KUNIT_ASSERT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log2, &b), 0);
	tpk_expect_state(test, tp, true, (void *)tpk_probe_log, "a");

	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_probe_log2, &b, 50), 0);
	tpk_expect_state(test, tp, true, iter, "ba");

	/* Remove the second entry this time. */
	KUNIT_ASSERT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log, &a), 0);
	tpk_expect_state(test, tp, true, (void *)tpk_probe_log2, "b");

	KUNIT_ASSERT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log2, &b), 0);
	tpk_expect_state(test, tp, false, iter, "");
	KUNIT_EXPECT_NULL(test, tpk_funcs(tp));

	/* And a second life. */
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register(tp, tpk_probe_log2, &a), 0);
	tpk_expect_state(test, tp, true, (void *)tpk_probe_log2, "a");
	KUNIT_ASSERT_EQ(test, tracepoint_probe_unregister(tp, tpk_probe_log2, &a), 0);
	tpk_expect_state(test, tp, false, iter, "");
	tracepoint_synchronize_unregister();
}

/* regfunc on the first attach only, unregfunc on the last detach only. */
static void tpk_test_regfunc(struct kunit *test)
{
	static struct tpk_tag a = { 'a' }, b = { 'b' };
	struct tracepoint *tp = &__tracepoint_tpk_reg;

	tpk_reg_calls = 0;
	tpk_unreg_calls = 0;
	tpk_reg_error = 0;

	KUNIT_ASSERT_EQ(test, register_trace_tpk_reg(tpk_probe_log, &a), 0);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 1);
	KUNIT_ASSERT_EQ(test, register_trace_tpk_reg(tpk_probe_log, &b), 0);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 1);
	KUNIT_EXPECT_EQ(test, tracepoint_probe_register_may_exist(tp, tpk_probe_log, &b),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 1);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 0);

	KUNIT_ASSERT_EQ(test, unregister_trace_tpk_reg(tpk_probe_log, &a), 0);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 0);
	KUNIT_ASSERT_EQ(test, unregister_trace_tpk_reg(tpk_probe_log, &b), 0);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 1);
	KUNIT_EXPECT_EQ(test, unregister_trace_tpk_reg(tpk_probe_log, &b), -ENOENT);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 1);

	/* A failing regfunc fails the registration and changes nothing. */
	tpk_reg_error = -EBUSY;
	KUNIT_EXPECT_EQ(test, register_trace_tpk_reg(tpk_probe_log, &a), -EBUSY);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 2);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 1);
	KUNIT_EXPECT_FALSE(test, static_key_enabled(&tp->key));
	KUNIT_EXPECT_NULL(test, tpk_funcs(tp));
	tpk_reg_error = 0;

	/* A second life calls regfunc again. */
	KUNIT_ASSERT_EQ(test, register_trace_tpk_reg(tpk_probe_log, &a), 0);
	KUNIT_EXPECT_EQ(test, tpk_reg_calls, 3);
	tpk_log_reset();
	trace_tpk_reg(5);
	KUNIT_EXPECT_STREQ(test, tpk_log.buf, "a");
	KUNIT_ASSERT_EQ(test, unregister_trace_tpk_reg(tpk_probe_log, &a), 0);
	KUNIT_EXPECT_EQ(test, tpk_unreg_calls, 2);
	tracepoint_synchronize_unregister();
}

struct tpk_find {
	const char	*name;
	struct tracepoint *found;
};

static void tpk_find_cb(struct tracepoint *tp, void *priv)
{
	struct tpk_find *f = priv;

	if (!strcmp(tp->name, f->name))
		f->found = tp;
}

/* The vmlinux list holds ours and the _tp scheduler ones by their names. */
static void tpk_test_iterate(struct kunit *test)
{
	static const char * const names[] = {
		"tpk_basic_tp", "tpk_race_tp", "tpk_reg", "pelt_cfs_tp",
		"sched_update_nr_running_tp", "sched_switch",
	};
	struct tpk_find f;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		f = (struct tpk_find){ .name = names[i] };
		for_each_kernel_tracepoint(tpk_find_cb, &f);
		KUNIT_EXPECT_NOT_NULL_MSG(test, f.found, "%s", names[i]);
	}
	f = (struct tpk_find){ .name = "tpk_basic" };
	for_each_kernel_tracepoint(tpk_find_cb, &f);
	KUNIT_EXPECT_NULL(test, f.found);
	KUNIT_EXPECT_STREQ(test, tracepoint_string("tpk"), "tpk");
}

/*
 * The race.  A hammer thread fires tpk_race_tp in a loop on one CPU; a
 * churn thread on another attaches and detaches probes through every
 * transition.  Each probe checks that it got its own context and that the
 * context was not retired (detached and synchronised).
 */
enum { TPK_A, TPK_B, TPK_C, TPK_NR };

struct tpk_ctx {
	int	owner;		/* TPK_A..TPK_C: the probe it belongs to */
	bool	retired;	/* set after unregister + synchronize */
};

struct tpk_race {
	atomic_long_t	calls;
	atomic_t	wrong_owner;
	atomic_t	after_retire;
	struct completion churn_done;
	unsigned int	rounds;
	int		errors;
	struct tpk_ctx	*ctx;	/* rounds * TPK_NR */
};

static struct tpk_race tpk_race;

static void tpk_race_check(void *data, int me)
{
	struct tpk_ctx *c = data;

	atomic_long_inc(&tpk_race.calls);
	if (READ_ONCE(c->owner) != me)
		atomic_inc(&tpk_race.wrong_owner);
	if (READ_ONCE(c->retired))
		atomic_inc(&tpk_race.after_retire);
}

static void tpk_race_a(void *data, unsigned long seq)
{
	tpk_race_check(data, TPK_A);
}

static void tpk_race_b(void *data, unsigned long seq)
{
	tpk_race_check(data, TPK_B);
}

static void tpk_race_c(void *data, unsigned long seq)
{
	tpk_race_check(data, TPK_C);
}

static int tpk_hammer(void *unused)
{
	unsigned long seq = 0;

	while (!kthread_should_stop()) {
		trace_tpk_race_tp(seq++);
		if (!(seq & 63))
			cond_resched();
	}
	return 0;
}

static void tpk_churn_detach(struct tracepoint *tp, void *probe,
			     struct tpk_ctx *c)
{
	if (tracepoint_probe_unregister(tp, probe, c))
		tpk_race.errors++;
	tracepoint_synchronize_unregister();
	WRITE_ONCE(c->retired, true);
}

static int tpk_churn(void *unused)
{
	struct tracepoint *tp = &__tracepoint_tpk_race_tp;
	unsigned int r;

	for (r = 0; r < tpk_race.rounds; r++) {
		struct tpk_ctx *c = &tpk_race.ctx[r * TPK_NR];

		/* 0 -> 1 (A direct), 1 -> 2 (B first), 2 -> 3 */
		tpk_race.errors += !!tracepoint_probe_register(tp, tpk_race_a, &c[TPK_A]);
		usleep_range(50, 100);
		tpk_race.errors += !!tracepoint_probe_register_prio(tp, tpk_race_b,
								    &c[TPK_B], 20);
		usleep_range(50, 100);
		tpk_race.errors += !!tracepoint_probe_register_prio(tp, tpk_race_c,
								    &c[TPK_C], 5);
		usleep_range(50, 100);
		/* 3 -> 2 (the first entry moves), 2 -> 1 (C direct), 1 -> 0 */
		tpk_churn_detach(tp, tpk_race_b, &c[TPK_B]);
		tpk_churn_detach(tp, tpk_race_a, &c[TPK_A]);
		usleep_range(50, 100);
		tpk_churn_detach(tp, tpk_race_c, &c[TPK_C]);
	}
	complete(&tpk_race.churn_done);
	return 0;
}

static void tpk_test_race(struct kunit *test)
{
	struct task_struct *hammer, *churn;
	unsigned int i, cpu_h = 0, cpu_c = 0;

	memset(&tpk_race, 0, sizeof(tpk_race));
	init_completion(&tpk_race.churn_done);
	tpk_race.rounds = 40;
	tpk_race.ctx = kunit_kcalloc(test, tpk_race.rounds * TPK_NR,
				     sizeof(*tpk_race.ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tpk_race.ctx);
	for (i = 0; i < tpk_race.rounds * TPK_NR; i++)
		tpk_race.ctx[i].owner = i % TPK_NR;

	if (num_online_cpus() >= 2) {
		cpu_h = cpumask_first(cpu_online_mask);
		cpu_c = cpumask_next(cpu_h, cpu_online_mask);
	} else {
		kunit_info(test, "one CPU online: the threads share it");
	}
	hammer = kthread_run_on_cpu(tpk_hammer, NULL, cpu_h, "tpk_hammer/%u");
	KUNIT_ASSERT_FALSE(test, IS_ERR(hammer));
	churn = kthread_run_on_cpu(tpk_churn, NULL, cpu_c, "tpk_churn/%u");
	if (IS_ERR(churn)) {
		kthread_stop(hammer);
		KUNIT_FAIL(test, "cannot start the churn thread");
		return;
	}
	wait_for_completion(&tpk_race.churn_done);
	kthread_stop(hammer);
	tracepoint_synchronize_unregister();

	kunit_info(test, "%u rounds, %ld probe calls during the churn",
		   tpk_race.rounds, atomic_long_read(&tpk_race.calls));
	KUNIT_EXPECT_EQ(test, tpk_race.errors, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&tpk_race.wrong_owner), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&tpk_race.after_retire), 0);
	KUNIT_EXPECT_GT(test, atomic_long_read(&tpk_race.calls), 0);
	KUNIT_EXPECT_NULL(test, tpk_funcs(&__tracepoint_tpk_race_tp));
	KUNIT_EXPECT_FALSE(test, static_key_enabled(&__tracepoint_tpk_race_tp.key));
}

/*
 * A reader held inside its read side.  Probes A (entry 0) and B share
 * tpk_hold_tp, so the static call is the iterator.  A reader on one CPU
 * enters A and stays there while a thread on another CPU unregisters A:
 * B's data becomes entry 0, so the static call must not name B before
 * that reader has left, and the unregister must not return before then.
 * Probe A itself watches for both while it holds the reader, for a fixed
 * time after it sees the smaller array published.  Unlike the race test,
 * this does not depend on an interrupt landing in a window of a few
 * instructions.
 */
struct tpk_hold {
	struct tracepoint_func	*entered;	/* the array A was called from */
	bool			inside;
	bool			published;	/* A saw the smaller array */
	bool			returned;	/* the unregister returned */
	bool			target_moved;	/* A saw the static call name B */
	bool			returned_early;	/* A saw the unregister return */
	struct completion	reader_done;
	struct completion	unreg_done;
	int			unreg_ret;
};

static struct tpk_hold tpk_hold;

static void tpk_hold_b(void *data, int v)
{
}

static void tpk_hold_a(void *data, int v)
{
	struct tracepoint *tp = &__tracepoint_tpk_hold_tp;
	u64 give_up = local_clock() + 2 * NSEC_PER_SEC;
	u64 until = give_up;

	WRITE_ONCE(tpk_hold.entered, rcu_dereference_raw(tp->funcs));
	WRITE_ONCE(tpk_hold.inside, true);
	while (local_clock() < until) {
		if (!tpk_hold.published &&
		    rcu_dereference_raw(tp->funcs) != tpk_hold.entered) {
			WRITE_ONCE(tpk_hold.published, true);
			until = local_clock() + 50 * NSEC_PER_MSEC;
		}
		if (READ_ONCE(tp->static_call_key->func) == tpk_hold_b)
			WRITE_ONCE(tpk_hold.target_moved, true);
		if (READ_ONCE(tpk_hold.returned))
			WRITE_ONCE(tpk_hold.returned_early, true);
		cpu_relax();
	}
}

static int tpk_hold_reader(void *unused)
{
	trace_tpk_hold_tp(1);
	complete(&tpk_hold.reader_done);
	return 0;
}

static int tpk_hold_unreg(void *unused)
{
	while (!READ_ONCE(tpk_hold.inside))
		usleep_range(100, 200);
	tpk_hold.unreg_ret = tracepoint_probe_unregister(&__tracepoint_tpk_hold_tp,
							 tpk_hold_a, &tpk_hold);
	WRITE_ONCE(tpk_hold.returned, true);
	complete(&tpk_hold.unreg_done);
	return 0;
}

static void tpk_test_held_reader(struct kunit *test)
{
	struct tracepoint *tp = &__tracepoint_tpk_hold_tp;
	static int b_data;
	struct task_struct *reader, *unreg;
	unsigned int cpu_r, cpu_u;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two online CPUs");
	cpu_r = cpumask_first(cpu_online_mask);
	cpu_u = cpumask_next(cpu_r, cpu_online_mask);

	memset(&tpk_hold, 0, sizeof(tpk_hold));
	init_completion(&tpk_hold.reader_done);
	init_completion(&tpk_hold.unreg_done);
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_hold_a,
							      &tpk_hold, 20), 0);
	KUNIT_ASSERT_EQ(test, tracepoint_probe_register_prio(tp, tpk_hold_b,
							      &b_data, 10), 0);
	KUNIT_ASSERT_PTR_EQ(test, tpk_call_target(tp), tp->iterator);

	unreg = kthread_run_on_cpu(tpk_hold_unreg, NULL, cpu_u, "tpk_unreg/%u");
	KUNIT_ASSERT_FALSE(test, IS_ERR(unreg));
	reader = kthread_run_on_cpu(tpk_hold_reader, NULL, cpu_r, "tpk_reader/%u");
	if (IS_ERR(reader)) {
		/* Let the unregister thread finish on its own. */
		WRITE_ONCE(tpk_hold.inside, true);
		wait_for_completion(&tpk_hold.unreg_done);
		KUNIT_FAIL(test, "cannot start the reader thread");
		goto out;
	}
	wait_for_completion(&tpk_hold.reader_done);
	wait_for_completion(&tpk_hold.unreg_done);

	KUNIT_EXPECT_EQ(test, tpk_hold.unreg_ret, 0);
	KUNIT_EXPECT_TRUE_MSG(test, tpk_hold.published,
			      "the unregister did not publish while the reader was held");
	KUNIT_EXPECT_FALSE(test, tpk_hold.target_moved);
	KUNIT_EXPECT_FALSE(test, tpk_hold.returned_early);
	KUNIT_EXPECT_PTR_EQ(test, tpk_call_target(tp), (void *)tpk_hold_b);
out:
	KUNIT_EXPECT_EQ(test, tracepoint_probe_unregister(tp, tpk_hold_b, &b_data), 0);
	tracepoint_synchronize_unregister();
}

static struct kunit_case tpk_cases[] = {
	KUNIT_CASE(tpk_test_order),
	KUNIT_CASE(tpk_test_errors),
	KUNIT_CASE(tpk_test_transitions),
	KUNIT_CASE(tpk_test_regfunc),
	KUNIT_CASE(tpk_test_iterate),
	KUNIT_CASE_SLOW(tpk_test_race),
	KUNIT_CASE(tpk_test_held_reader),
	{}
};

static struct kunit_suite tpk_suite = {
	.name = "tracepoint",
	.test_cases = tpk_cases,
};

kunit_test_suite(tpk_suite);

MODULE_DESCRIPTION("KUnit tests for the tracepoint core");
MODULE_LICENSE("GPL");
