// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_write": the write path of trace_write.c.
 *
 * The context word: in each context the test can reach (task, irqs off,
 * bottom halves off, a softirq, a hard interrupt, migrate disabled and
 * a deep preempt count, need-resched set), the inline trace_ctx_word()
 * and the out-of-line tracing_gen_ctx() must both give what a reference
 * formula, written from the generic context predicates, gives; and the
 * bit of the context itself must be set, so a case that failed to reach
 * its context cannot pass.
 *
 * The scratch area: records of a soft-disabled event are staged in
 * scratch and dropped without touching the ring buffer (a full,
 * overwriting buffer keeps its records and its overrun count); a record
 * kept at commit is copied whole; levels nest four deep and a fifth
 * record falls back to the ring buffer; with the buffer off, a record a
 * conditional trigger needs is still staged.  These run on a private
 * instance (a zeroed trace_array with its own ring buffer) and a private
 * event file, never on tracefs state.
 */
#include <kunit/test.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>

#include "instance/trace_array.h"
#include "trace_write.h"

/* ---- the context word ------------------------------------------------ */

/* The word from first principles: one predicate per documented bit. */
static unsigned int tw_reference(bool irqs_off)
{
	unsigned int fl = 0, pc = preempt_count() & 0xff, mig = 0;

	if (irqs_off)
		fl |= TRACE_FLAG_IRQS_OFF;
	if (in_nmi())
		fl |= TRACE_FLAG_NMI;
	if (in_hardirq())
		fl |= TRACE_FLAG_HARDIRQ;
	if (in_serving_softirq())
		fl |= TRACE_FLAG_SOFTIRQ;
	/* Disabling bottom halves counts twice SOFTIRQ_OFFSET. */
	if (softirq_count() > SOFTIRQ_OFFSET)
		fl |= TRACE_FLAG_BH_OFF;
	if (test_tsk_need_resched(current))
		fl |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		fl |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_SMP
	mig = current->migration_disabled;
#endif
	return fl << 16 | min(mig, 15U) << 4 | min(pc, 15U);
}

struct tw_sample {
	unsigned int ours, generic, ref;
};

/* Take the three words back to back, in the caller's context. */
static void tw_take(struct tw_sample *s)
{
	bool off = irqs_disabled();

	s->ours = trace_ctx_word(off ? TRACE_FLAG_IRQS_OFF : 0);
	s->generic = tracing_gen_ctx();
	s->ref = tw_reference(off);
}

static void tw_check(struct kunit *test, const struct tw_sample *s,
		     unsigned int must_flags, const char *where)
{
	KUNIT_EXPECT_EQ_MSG(test, s->ours, s->ref, "%s: inline word", where);
	KUNIT_EXPECT_EQ_MSG(test, s->generic, s->ref, "%s: tracing_gen_ctx()",
			    where);
	KUNIT_EXPECT_EQ_MSG(test, (s->ref >> 16) & must_flags, must_flags,
			    "%s: context not reached", where);
}

static void tw_ctx_task(struct kunit *test)
{
	struct tw_sample s;

	tw_take(&s);
	tw_check(test, &s, 0, "task");
	KUNIT_EXPECT_EQ(test, (s.ref >> 16) & (TRACE_FLAG_HARDIRQ |
		TRACE_FLAG_SOFTIRQ | TRACE_FLAG_NMI | TRACE_FLAG_IRQS_OFF), 0);
}

static void tw_ctx_irqs_off(struct kunit *test)
{
	struct tw_sample s;
	unsigned long flags;

	local_irq_save(flags);
	tw_take(&s);
	local_irq_restore(flags);
	tw_check(test, &s, TRACE_FLAG_IRQS_OFF, "irqs off");
}

static void tw_ctx_bh_off(struct kunit *test)
{
	struct tw_sample s;

	local_bh_disable();
	tw_take(&s);
	local_bh_enable();
	tw_check(test, &s, TRACE_FLAG_BH_OFF, "bh off");
}

struct tw_timer {
	struct hrtimer timer;
	struct tw_sample s;
	struct completion done;
};

static enum hrtimer_restart tw_timer_fn(struct hrtimer *t)
{
	struct tw_timer *tt = container_of(t, struct tw_timer, timer);

	tw_take(&tt->s);
	complete(&tt->done);
	return HRTIMER_NORESTART;
}

/* Sample in an hrtimer callback: @mode picks hard or soft interrupt. */
static void tw_in_timer(struct kunit *test, enum hrtimer_mode mode,
			unsigned int must, const char *where)
{
	struct tw_timer tt;

	init_completion(&tt.done);
	hrtimer_init_on_stack(&tt.timer, CLOCK_MONOTONIC, mode);
	tt.timer.function = tw_timer_fn;
	hrtimer_start(&tt.timer, ns_to_ktime(1000), mode);
	KUNIT_ASSERT_NE(test, wait_for_completion_timeout(&tt.done, 10 * HZ), 0);
	hrtimer_cancel(&tt.timer);
	destroy_hrtimer_on_stack(&tt.timer);
	tw_check(test, &tt.s, must, where);
}

static void tw_ctx_hardirq(struct kunit *test)
{
	tw_in_timer(test, HRTIMER_MODE_REL_HARD,
		    TRACE_FLAG_HARDIRQ | TRACE_FLAG_IRQS_OFF, "hardirq");
}

static void tw_ctx_softirq(struct kunit *test)
{
	tw_in_timer(test, HRTIMER_MODE_REL_SOFT, TRACE_FLAG_SOFTIRQ, "softirq");
}

/* Migrate-disable depth and preempt count beyond 15 are clamped. */
static void tw_ctx_clamps(struct kunit *test)
{
	struct tw_sample s;
	unsigned long flags;
	int i;

	for (i = 0; i < 17; i++)
		migrate_disable();
	local_irq_save(flags);
	__preempt_count_add(19);
	tw_take(&s);
	__preempt_count_sub(19);
	local_irq_restore(flags);
	for (i = 0; i < 17; i++)
		migrate_enable();
	tw_check(test, &s, TRACE_FLAG_IRQS_OFF, "clamps");
	KUNIT_EXPECT_EQ(test, s.ref & 0xff, IS_ENABLED(CONFIG_SMP) ? 0xff : 0xf);
}

static void tw_ctx_need_resched(struct kunit *test)
{
	struct tw_sample s;

	preempt_disable();
	set_tsk_need_resched(current);
	set_preempt_need_resched();
	tw_take(&s);
	preempt_enable();
	cond_resched();
	tw_check(test, &s, TRACE_FLAG_NEED_RESCHED, "need resched");
}

/* ---- the scratch area ------------------------------------------------ */

#define TW_TYPE		0x7e11	/* not a registered type; never printed */

struct tw_rec {
	struct trace_entry ent;
	u64 val;
};

struct tw_env {
	struct trace_array *tr;
	struct trace_event_file *file;
	struct trace_buffer *buf;
	int cpu;
};

/*
 * Run @body on a private instance, pinned to one CPU so that every
 * record goes to one ring.  Bodies report with KUNIT_EXPECT and return
 * early instead of asserting, so the pin is always undone here.
 */
static void tw_pinned(struct kunit *test,
		      void (*body)(struct kunit *test, struct tw_env *env))
{
	struct tw_env env = {};
	struct trace_event_call *call;

	env.tr = kunit_kzalloc(test, sizeof(*env.tr), GFP_KERNEL);
	env.file = kunit_kzalloc(test, sizeof(*env.file), GFP_KERNEL);
	call = kunit_kzalloc(test, sizeof(*call), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, env.tr);
	KUNIT_ASSERT_NOT_NULL(test, env.file);
	KUNIT_ASSERT_NOT_NULL(test, call);
	env.buf = ring_buffer_alloc(4 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_ASSERT_NOT_NULL(test, env.buf);
	env.tr->array_buffer.buffer = env.buf;
	call->event.type = TW_TYPE;
	env.file->tr = env.tr;
	env.file->event_call = call;
	INIT_LIST_HEAD(&env.file->triggers);

	trace_write_scratch_prepare();

	migrate_disable();
	env.cpu = raw_smp_processor_id();
	body(test, &env);
	migrate_enable();
	ring_buffer_free(env.buf);
}

/* Reserve and fill one record; NULL if nothing was reserved. */
static struct tw_rec *tw_reserve(struct tw_env *env,
				 struct trace_event_buffer *fb, u64 val)
{
	struct tw_rec *r = trace_event_buffer_reserve(fb, env->file,
						      sizeof(*r));

	if (r)
		r->val = val;
	return r;
}

/* Write until the overwriting buffer has lost records. */
static bool tw_fill(struct kunit *test, struct tw_env *env)
{
	struct trace_event_buffer fb;
	u64 i;

	for (i = 0; i < 100000; i++) {
		if (!tw_reserve(env, &fb, i))
			break;
		trace_event_buffer_commit(&fb);
		if (ring_buffer_overrun_cpu(env->buf, env->cpu))
			return true;
	}
	KUNIT_FAIL(test, "buffer never overran (%llu records)", i);
	return false;
}

/* A dropped record never reaches the ring buffer. */
static void tw_miss_body(struct kunit *test, struct tw_env *env)
{
	unsigned long entries, overrun, bytes;
	struct trace_event_buffer fb;
	int i;

	if (!tw_fill(test, env))
		return;
	entries = ring_buffer_entries_cpu(env->buf, env->cpu);
	overrun = ring_buffer_overrun_cpu(env->buf, env->cpu);
	bytes = ring_buffer_bytes_cpu(env->buf, env->cpu);

	env->file->flags = EVENT_FILE_FL_SOFT_DISABLED;
	for (i = 0; i < 1000; i++) {
		if (!tw_reserve(env, &fb, i)) {
			KUNIT_FAIL(test, "no record %d", i);
			return;
		}
		KUNIT_EXPECT_TRUE(test, trace_write_is_scratch(fb.event));
		trace_event_buffer_commit(&fb);
	}
	KUNIT_EXPECT_EQ(test, this_cpu_read(trace_write_depth), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(env->buf, env->cpu), entries);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(env->buf, env->cpu), overrun);
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(env->buf, env->cpu), bytes);
}

static void tw_scratch_miss(struct kunit *test)
{
	tw_pinned(test, tw_miss_body);
}

/* A staged record kept at commit is copied whole into the buffer. */
static void tw_hit_body(struct kunit *test, struct tw_env *env)
{
	struct trace_event_buffer fb;
	struct ring_buffer_event *ev;
	struct tw_rec *r;
	unsigned int ctx;

	env->file->flags = EVENT_FILE_FL_SOFT_DISABLED;
	if (!tw_reserve(env, &fb, 0x1234567890ULL)) {
		KUNIT_FAIL(test, "no record");
		return;
	}
	KUNIT_EXPECT_TRUE(test, trace_write_is_scratch(fb.event));
	ctx = fb.trace_ctx;
	/* The verdict changes before the commit: the record is kept. */
	env->file->flags = 0;
	trace_event_buffer_commit(&fb);
	KUNIT_EXPECT_EQ(test, this_cpu_read(trace_write_depth), 0);

	ev = ring_buffer_consume(env->buf, env->cpu, NULL, NULL);
	if (!ev) {
		KUNIT_FAIL(test, "the kept record is not in the buffer");
		return;
	}
	KUNIT_EXPECT_GE(test, ring_buffer_event_length(ev), sizeof(*r));
	r = ring_buffer_event_data(ev);
	KUNIT_EXPECT_EQ(test, r->ent.type, TW_TYPE);
	KUNIT_EXPECT_EQ(test, r->ent.pid, current->pid);
	KUNIT_EXPECT_EQ(test, r->ent.flags, ctx >> 16);
	KUNIT_EXPECT_EQ(test, r->ent.preempt_count, ctx & 0xff);
	KUNIT_EXPECT_EQ(test, r->val, 0x1234567890ULL);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(env->buf, env->cpu,
						    NULL, NULL));
}

static void tw_scratch_hit(struct kunit *test)
{
	tw_pinned(test, tw_hit_body);
}

/* Four levels nest; a fifth record is reserved in the ring buffer. */
static void tw_nest_body(struct kunit *test, struct tw_env *env)
{
	struct trace_event_buffer fb[TRACE_WRITE_LEVELS + 1];
	struct tw_rec *r[TRACE_WRITE_LEVELS + 1];
	unsigned int base, depth;
	bool scratch[TRACE_WRITE_LEVELS + 1];
	u64 val[TRACE_WRITE_LEVELS + 1];
	int n, i;

	env->file->flags = EVENT_FILE_FL_SOFT_DISABLED;
	/* Interrupts off: no real event may take a level meanwhile. */
	local_irq_disable();
	base = this_cpu_read(trace_write_depth);
	for (n = 0; n <= TRACE_WRITE_LEVELS; n++) {
		r[n] = tw_reserve(env, &fb[n], n);
		if (!r[n])
			break;
		scratch[n] = trace_write_is_scratch(fb[n].event);
	}
	for (i = 0; i < n; i++)
		val[i] = r[i]->val;
	depth = this_cpu_read(trace_write_depth);
	for (i = n - 1; i >= 0; i--)
		trace_event_buffer_commit(&fb[i]);
	local_irq_enable();

	KUNIT_EXPECT_EQ(test, base, 0);
	KUNIT_EXPECT_EQ(test, n, TRACE_WRITE_LEVELS + 1);
	if (n != TRACE_WRITE_LEVELS + 1)
		return;
	KUNIT_EXPECT_EQ(test, depth, TRACE_WRITE_LEVELS);
	for (i = 0; i < TRACE_WRITE_LEVELS; i++) {
		KUNIT_EXPECT_TRUE_MSG(test, scratch[i], "level %d", i);
		KUNIT_EXPECT_EQ(test, val[i], i);
		KUNIT_EXPECT_PTR_NE(test, r[i], r[i + 1]);
	}
	KUNIT_EXPECT_FALSE(test, scratch[TRACE_WRITE_LEVELS]);
	KUNIT_EXPECT_EQ(test, this_cpu_read(trace_write_depth), 0);
}

static void tw_scratch_nesting(struct kunit *test)
{
	tw_pinned(test, tw_nest_body);
}

/* Buffer off: a record a conditional trigger needs still exists. */
static void tw_off_body(struct kunit *test, struct tw_env *env)
{
	struct trace_event_buffer fb;

	ring_buffer_record_off(env->buf);
	env->file->flags = 0;
	KUNIT_EXPECT_NULL(test, tw_reserve(env, &fb, 1));

	env->file->flags = EVENT_FILE_FL_TRIGGER_COND;
	if (tw_reserve(env, &fb, 2)) {
		KUNIT_EXPECT_TRUE(test, trace_write_is_scratch(fb.event));
		trace_event_buffer_commit(&fb);
	} else {
		KUNIT_FAIL(test, "no staged record with the buffer off");
	}
	KUNIT_EXPECT_EQ(test, this_cpu_read(trace_write_depth), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(env->buf, env->cpu), 0);
	ring_buffer_record_on(env->buf);
}

static void tw_scratch_buffer_off(struct kunit *test)
{
	tw_pinned(test, tw_off_body);
}

static struct kunit_case trace_write_cases[] = {
	KUNIT_CASE(tw_ctx_task),
	KUNIT_CASE(tw_ctx_irqs_off),
	KUNIT_CASE(tw_ctx_bh_off),
	KUNIT_CASE(tw_ctx_softirq),
	KUNIT_CASE(tw_ctx_hardirq),
	KUNIT_CASE(tw_ctx_clamps),
	KUNIT_CASE(tw_ctx_need_resched),
	KUNIT_CASE(tw_scratch_miss),
	KUNIT_CASE(tw_scratch_hit),
	KUNIT_CASE(tw_scratch_nesting),
	KUNIT_CASE(tw_scratch_buffer_off),
	{}
};

static struct kunit_suite trace_write_suite = {
	.name = "trace_write",
	.test_cases = trace_write_cases,
};

kunit_test_suite(trace_write_suite);

MODULE_DESCRIPTION("KUnit tests for the trace write path");
MODULE_LICENSE("GPL");
