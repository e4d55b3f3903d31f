// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_reader": the merge of trace_reader.c and the
 * lost-event line of trace_reader_print.c.
 *
 * Each case builds a private ring buffer whose clock is a variable of
 * the test, writes numbered records on chosen CPUs (through an IPI to
 * that CPU) with chosen stamps, and reads them back through a private
 * iterator, never through tracefs.  Checked: the records of two CPUs
 * come out in stamp order, consuming or not; equal stamps go to the
 * lower CPU; a per-CPU reader sees only its CPU; the look-ahead of
 * trace_find_next_entry() neither moves nor loses the current record
 * (and a consuming reader's finds the current record again);
 * an overwritten buffer reports its lost records once, on the first
 * record after them, and print_trace_line() prints the "[LOST N
 * EVENTS]" line before it.  Cases that need two CPUs skip on one.
 */
#include <kunit/test.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace_seq.h>

#include "instance/trace_array.h"
#include "trace_reader.h"

/* A record: the common header (type 0 has no printer) and a number. */
struct rk_rec {
	struct trace_entry	ent;
	u32			seq;
};

static u64 rk_now;

static u64 rk_clock(void)
{
	return READ_ONCE(rk_now);
}

struct rk_ctx {
	struct array_buffer	ab;
	struct trace_iterator	*iter;
	struct trace_array	*tr;
};

/* @count records numbered from @seq, stamped from @ts, one apart. */
struct rk_write {
	struct trace_buffer	*buffer;
	u64			ts;
	u32			seq;
	u32			count;
	int			ret;
};

static void rk_write_here(void *data)
{
	struct rk_write *w = data;
	struct rk_rec rec = { };
	u32 i;

	for (i = 0; i < w->count && !w->ret; i++) {
		rec.seq = w->seq + i;
		WRITE_ONCE(rk_now, w->ts + i);
		w->ret = ring_buffer_write(w->buffer, sizeof(rec), &rec);
	}
}

static void rk_write_n(struct kunit *test, struct rk_ctx *c, int cpu, u64 ts,
		       u32 seq, u32 count)
{
	struct rk_write w = {
		.buffer = c->ab.buffer, .ts = ts, .seq = seq, .count = count,
	};

	KUNIT_ASSERT_EQ(test, smp_call_function_single(cpu, rk_write_here,
						       &w, 1), 0);
	KUNIT_ASSERT_EQ(test, w.ret, 0);
}

static void rk_write(struct kunit *test, struct rk_ctx *c, int cpu, u64 ts,
		     u32 seq)
{
	rk_write_n(test, c, cpu, ts, seq, 1);
}

static int rk_init(struct kunit *test)
{
	struct rk_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->ab.buffer = ring_buffer_alloc(16 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_ASSERT_NOT_NULL(test, c->ab.buffer);
	ring_buffer_set_clock(c->ab.buffer, rk_clock);
	c->ab.data = alloc_percpu(struct trace_array_cpu);
	KUNIT_ASSERT_TRUE(test, c->ab.data);
	c->tr = kunit_kzalloc(test, sizeof(*c->tr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->tr);
	c->iter = kunit_kzalloc(test, sizeof(*c->iter), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->iter);
	c->iter->tr = c->tr;
	c->iter->array_buffer = &c->ab;
	c->iter->cpu_file = RING_BUFFER_ALL_CPUS;
	test->priv = c;
	return 0;
}

static void rk_exit(struct kunit *test)
{
	struct rk_ctx *c = test->priv;
	int cpu;

	if (!c)
		return;
	if (c->iter->buffer_iter) {
		for_each_possible_cpu(cpu) {
			if (c->iter->buffer_iter[cpu])
				ring_buffer_read_finish(c->iter->buffer_iter[cpu]);
		}
		kfree(c->iter->buffer_iter);
	}
	kfree(c->iter->temp);
	free_percpu(c->ab.data);
	ring_buffer_free(c->ab.buffer);
}

/* Walk the buffer without consuming it, as "trace" does. */
static void rk_walk(struct kunit *test, struct rk_ctx *c)
{
	int cpu;

	c->iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*c->iter->buffer_iter),
				       GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->iter->buffer_iter);
	for_each_tracing_cpu(cpu) {
		c->iter->buffer_iter[cpu] =
			ring_buffer_read_start(c->ab.buffer, cpu, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, c->iter->buffer_iter[cpu]);
		tracing_iter_reset(c->iter, cpu);
	}
}

static bool rk_two_cpus(struct kunit *test)
{
	if (num_online_cpus() >= 2 && cpu_online(0) && cpu_online(1))
		return true;
	kunit_skip(test, "needs CPUs 0 and 1 online");
	return false;
}

/* The next record must be number @seq from @cpu stamped @ts. */
static void rk_expect_next(struct kunit *test, struct rk_ctx *c, bool consume,
			   u32 seq, int cpu, u64 ts)
{
	struct trace_iterator *iter = c->iter;

	KUNIT_ASSERT_PTR_EQ(test, trace_find_next_entry_inc(iter), (void *)iter);
	KUNIT_EXPECT_EQ(test, ((struct rk_rec *)iter->ent)->seq, seq);
	KUNIT_EXPECT_EQ(test, iter->cpu, cpu);
	KUNIT_EXPECT_EQ(test, iter->ts, ts);
	KUNIT_EXPECT_GE(test, iter->ent_size, (int)sizeof(struct rk_rec));
	if (consume)
		trace_consume(iter);
}

/* CPU 0 gets stamps 10, 30, 50 (records 1, 3, 5), CPU 1 gets 20, 40. */
static void rk_interleave(struct kunit *test, struct rk_ctx *c)
{
	rk_write(test, c, 0, 10, 1);
	rk_write(test, c, 1, 20, 2);
	rk_write(test, c, 0, 30, 3);
	rk_write(test, c, 1, 40, 4);
	rk_write(test, c, 0, 50, 5);
}

static void rk_merge_consuming(struct kunit *test)
{
	struct rk_ctx *c = test->priv;
	u32 i;

	if (!rk_two_cpus(test))
		return;
	rk_interleave(test, c);
	for (i = 1; i <= 5; i++)
		rk_expect_next(test, c, true, i, (i & 1) ? 0 : 1, i * 10);
	KUNIT_EXPECT_NULL(test, trace_find_next_entry_inc(c->iter));
	KUNIT_EXPECT_EQ(test, trace_empty(c->iter), 1);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(c->ab.buffer), 0UL);
}

static void rk_merge_walking(struct kunit *test)
{
	struct rk_ctx *c = test->priv;
	u32 i;

	if (!rk_two_cpus(test))
		return;
	rk_interleave(test, c);
	rk_walk(test, c);
	KUNIT_EXPECT_EQ(test, trace_empty(c->iter), 0);
	for (i = 1; i <= 5; i++)
		rk_expect_next(test, c, false, i, (i & 1) ? 0 : 1, i * 10);
	KUNIT_EXPECT_NULL(test, trace_find_next_entry_inc(c->iter));
	KUNIT_EXPECT_EQ(test, trace_empty(c->iter), 1);
	/* Walking leaves every record in place. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(c->ab.buffer), 5UL);
}

static void rk_equal_stamps(struct kunit *test)
{
	struct rk_ctx *c = test->priv;

	if (!rk_two_cpus(test))
		return;
	rk_write(test, c, 1, 100, 2);
	rk_write(test, c, 0, 100, 1);
	rk_expect_next(test, c, true, 1, 0, 100);
	rk_expect_next(test, c, true, 2, 1, 100);
}

static void rk_one_cpu(struct kunit *test)
{
	struct rk_ctx *c = test->priv;

	if (!rk_two_cpus(test))
		return;
	rk_interleave(test, c);
	c->iter->cpu_file = 1;
	rk_expect_next(test, c, true, 2, 1, 20);
	rk_expect_next(test, c, true, 4, 1, 40);
	KUNIT_EXPECT_NULL(test, trace_find_next_entry_inc(c->iter));
	KUNIT_EXPECT_EQ(test, trace_empty(c->iter), 1);
	/* CPU 0 was not touched. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(c->ab.buffer, 0), 3UL);
}

static void rk_look_ahead(struct kunit *test)
{
	struct rk_ctx *c = test->priv;
	struct trace_iterator *iter = c->iter;
	struct trace_entry *next;
	int size, cpu = -1;
	u64 ts = 0;

	if (!rk_two_cpus(test))
		return;
	rk_interleave(test, c);
	rk_walk(test, c);
	rk_expect_next(test, c, false, 1, 0, 10);
	size = iter->ent_size;

	next = trace_find_next_entry(iter, &cpu, &ts);
	KUNIT_ASSERT_NOT_NULL(test, next);
	KUNIT_EXPECT_EQ(test, ((struct rk_rec *)next)->seq, 2U);
	KUNIT_EXPECT_EQ(test, cpu, 1);
	KUNIT_EXPECT_EQ(test, ts, 20ULL);
	/* The current record was saved aside, unchanged, size kept. */
	KUNIT_EXPECT_PTR_EQ(test, (void *)iter->ent, iter->temp);
	KUNIT_EXPECT_EQ(test, ((struct rk_rec *)iter->ent)->seq, 1U);
	KUNIT_EXPECT_EQ(test, iter->ent_size, size);

	/* Looking ahead did not move the walk: record 2 comes next. */
	rk_expect_next(test, c, false, 2, 1, 20);
}

/*
 * A consuming reader has not consumed the current record yet when it
 * prints it, so looking ahead finds that record again (so trace_pipe's
 * latency format never shows a delay mark).
 */
static void rk_look_ahead_consuming(struct kunit *test)
{
	struct rk_ctx *c = test->priv;
	struct trace_entry *next;
	int cpu = -1;
	u64 ts = 0;

	if (!rk_two_cpus(test))
		return;
	rk_interleave(test, c);
	rk_expect_next(test, c, false, 1, 0, 10);
	next = trace_find_next_entry(c->iter, &cpu, &ts);
	KUNIT_ASSERT_NOT_NULL(test, next);
	KUNIT_EXPECT_EQ(test, ((struct rk_rec *)next)->seq, 1U);
	KUNIT_EXPECT_EQ(test, cpu, 0);
	KUNIT_EXPECT_EQ(test, ts, 10ULL);
	trace_consume(c->iter);
	rk_expect_next(test, c, true, 2, 1, 20);
}

static void rk_lost_events(struct kunit *test)
{
	struct rk_ctx *c = test->priv;
	struct trace_iterator *iter = c->iter;
	unsigned long overrun;
	char want[64];
	u32 n = 4 * 16 * PAGE_SIZE / sizeof(struct rk_rec);

	/* Fill CPU 0 four times over: the oldest records are overwritten. */
	rk_write_n(test, c, 0, 1001, 1, n);
	overrun = ring_buffer_overrun_cpu(c->ab.buffer, 0);
	KUNIT_ASSERT_GT(test, overrun, 0UL);

	c->iter->cpu_file = 0;
	KUNIT_ASSERT_NOT_NULL(test, trace_find_next_entry_inc(iter));
	KUNIT_EXPECT_GT(test, iter->lost_events, 0UL);
	KUNIT_EXPECT_LE(test, iter->lost_events, overrun);
	/* The first record kept comes right after the lost ones. */
	KUNIT_EXPECT_GT(test, ((struct rk_rec *)iter->ent)->seq, 1U);

	trace_seq_init(&iter->seq);
	print_trace_line(iter);
	snprintf(want, sizeof(want), "CPU:0 [LOST %lu EVENTS]\nUnknown type 0\n",
		 iter->lost_events);
	KUNIT_EXPECT_EQ(test, trace_seq_used(&iter->seq), (int)strlen(want));
	KUNIT_EXPECT_MEMEQ(test, iter->seq.buffer, want, strlen(want));

	/* Reported once: the next record has no loss before it. */
	trace_consume(iter);
	KUNIT_ASSERT_NOT_NULL(test, trace_find_next_entry_inc(iter));
	KUNIT_EXPECT_EQ(test, iter->lost_events, 0UL);
}

static struct kunit_case rk_cases[] = {
	KUNIT_CASE(rk_merge_consuming),
	KUNIT_CASE(rk_merge_walking),
	KUNIT_CASE(rk_equal_stamps),
	KUNIT_CASE(rk_one_cpu),
	KUNIT_CASE(rk_look_ahead),
	KUNIT_CASE(rk_look_ahead_consuming),
	KUNIT_CASE(rk_lost_events),
	{}
};

static struct kunit_suite rk_suite = {
	.name		= "trace_reader",
	.init		= rk_init,
	.exit		= rk_exit,
	.test_cases	= rk_cases,
};

kunit_test_suite(rk_suite);

MODULE_DESCRIPTION("KUnit tests of the trace reader's merge and lost events");
MODULE_LICENSE("GPL");
