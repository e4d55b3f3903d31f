// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_snapshot": the snapshot buffer of trace_snapshot.c
 * on a private instance (created per case, removed after it).
 *
 * Cases: allocation gives the snapshot the live buffer's sizes; a swap
 * moves the records and keeps the recording state; the conditional
 * snapshot (callback verdict, its data, -EBUSY on a second enable,
 * -EINVAL when not armed, the arm count balanced); a snapshot without a
 * buffer turns the instance off and says why; a mapped buffer refuses
 * arming and swaps (tr->mapped is set here as the reader's mmap side
 * sets it).
 */
#include <kunit/test.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>

#include "trace_array.h"

#define SNAP_KUNIT_INSTANCE	"retrace_snapshot_kunit"

static int snap_init(struct kunit *test)
{
	struct trace_array *tr;

	tr = trace_array_get_by_name(SNAP_KUNIT_INSTANCE, NULL);
	if (!tr)
		return -ENOMEM;
	test->priv = tr;
	return 0;
}

static void snap_exit(struct kunit *test)
{
	struct trace_array *tr = test->priv;

	trace_array_put(tr);
	trace_array_destroy(tr);
}

static unsigned long live_entries(struct trace_array *tr)
{
	return ring_buffer_entries(tr->array_buffer.buffer);
}

static unsigned long snap_entries(struct trace_array *tr)
{
	return ring_buffer_entries(tr->max_buffer.buffer);
}

static void snap_write(struct trace_array *tr, int n)
{
	while (n--)
		trace_array_puts(tr, "snapshot kunit record\n");
}

static void snap_alloc(struct kunit *test, struct trace_array *tr)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = tracing_alloc_snapshot_instance(tr);
	mutex_unlock(&trace_types_lock);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

static void snap_free(struct trace_array *tr)
{
	mutex_lock(&trace_types_lock);
	free_snapshot(tr);
	mutex_unlock(&trace_types_lock);
}

static void snap_alloc_sizes(struct kunit *test)
{
	struct trace_array *tr = test->priv;
	int cpu;

	KUNIT_EXPECT_FALSE(test, tr->allocated_snapshot);
	snap_alloc(test, tr);
	KUNIT_EXPECT_TRUE(test, tr->allocated_snapshot);
	KUNIT_EXPECT_EQ(test,
			ring_buffer_subbuf_order_get(tr->max_buffer.buffer),
			ring_buffer_subbuf_order_get(tr->array_buffer.buffer));
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ(test,
				ring_buffer_size(tr->max_buffer.buffer, cpu),
				ring_buffer_size(tr->array_buffer.buffer, cpu));

	/* A second allocation is a no-op. */
	snap_alloc(test, tr);

	snap_free(tr);
	KUNIT_EXPECT_FALSE(test, tr->allocated_snapshot);
}

static void snap_swap(struct kunit *test)
{
	struct trace_array *tr = test->priv;
	struct trace_buffer *live, *snap;

	snap_alloc(test, tr);
	live = tr->array_buffer.buffer;
	snap = tr->max_buffer.buffer;
	snap_write(tr, 3);
	KUNIT_ASSERT_EQ(test, live_entries(tr), 3);

	tracing_snapshot_instance(tr);
	KUNIT_EXPECT_PTR_EQ(test, tr->array_buffer.buffer, snap);
	KUNIT_EXPECT_PTR_EQ(test, tr->max_buffer.buffer, live);
	KUNIT_EXPECT_EQ(test, snap_entries(tr), 3);
	KUNIT_EXPECT_EQ(test, live_entries(tr), 0);

	/* Recording off stays off across a swap, and on stays on. */
	tracer_tracing_off(tr);
	tracing_snapshot_instance(tr);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_set_on(tr->array_buffer.buffer));
	tracer_tracing_on(tr);
	tracing_snapshot_instance(tr);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(tr->array_buffer.buffer));
	KUNIT_EXPECT_TRUE(test, tracer_tracing_is_on(tr));

	snap_free(tr);
}

struct snap_cond {
	bool	verdict;
	int	calls;
};

static bool snap_cond_update(struct trace_array *tr, void *cond_data)
{
	struct snap_cond *c = cond_data;

	c->calls++;
	return c->verdict;
}

static void snap_cond(struct kunit *test)
{
	struct trace_array *tr = test->priv;
	struct snap_cond c = { };
	static int owner;

	KUNIT_ASSERT_EQ(test, tracing_snapshot_cond_enable(tr, &owner,
							   snap_cond_update), 0);
	KUNIT_EXPECT_TRUE(test, tr->allocated_snapshot);
	KUNIT_EXPECT_EQ(test, tr->snapshot, 1);
	KUNIT_EXPECT_PTR_EQ(test, tracing_cond_snapshot_data(tr), (void *)&owner);
	KUNIT_EXPECT_EQ(test, tracing_snapshot_cond_enable(tr, &owner,
							   snap_cond_update), -EBUSY);

	snap_write(tr, 2);
	c.verdict = false;
	tracing_snapshot_cond(tr, &c);
	KUNIT_EXPECT_EQ(test, c.calls, 1);
	KUNIT_EXPECT_EQ(test, live_entries(tr), 2);
	KUNIT_EXPECT_EQ(test, snap_entries(tr), 0);

	c.verdict = true;
	tracing_snapshot_cond(tr, &c);
	KUNIT_EXPECT_EQ(test, c.calls, 2);
	KUNIT_EXPECT_EQ(test, live_entries(tr), 0);
	KUNIT_EXPECT_EQ(test, snap_entries(tr), 2);

	KUNIT_EXPECT_EQ(test, tracing_snapshot_cond_disable(tr), 0);
	KUNIT_EXPECT_NULL(test, tracing_cond_snapshot_data(tr));
	KUNIT_EXPECT_EQ(test, tr->snapshot, 0);

	/*
	 * Disabling what is not armed fails and leaves other users' arm
	 * count alone.
	 */
	KUNIT_ASSERT_EQ(test, tracing_arm_snapshot(tr), 0);
	KUNIT_EXPECT_EQ(test, tracing_snapshot_cond_disable(tr), -EINVAL);
	KUNIT_EXPECT_EQ(test, tr->snapshot, 1);
	tracing_disarm_snapshot(tr);

	snap_free(tr);
}

static void snap_not_allocated(struct kunit *test)
{
	struct trace_array *tr = test->priv;

	KUNIT_ASSERT_FALSE(test, tr->allocated_snapshot);
	tracing_snapshot_instance(tr);
	/* The two lines saying why, then the instance stops recording. */
	KUNIT_EXPECT_EQ(test, live_entries(tr), 2);
	KUNIT_EXPECT_FALSE(test, tracer_tracing_is_on(tr));
	tracer_tracing_on(tr);
}

/* What the mmap side does to tr->mapped, under the same lock. */
static void snap_set_mapped(struct trace_array *tr, unsigned int mapped)
{
	spin_lock(&tr->snapshot_trigger_lock);
	tr->mapped = mapped;
	spin_unlock(&tr->snapshot_trigger_lock);
}

static void snap_mapped(struct kunit *test)
{
	struct trace_array *tr = test->priv;

	/* Mapped: arming is refused and allocates nothing. */
	snap_set_mapped(tr, 1);
	KUNIT_EXPECT_EQ(test, tracing_arm_snapshot(tr), -EBUSY);
	KUNIT_EXPECT_FALSE(test, tr->allocated_snapshot);
	KUNIT_EXPECT_EQ(test, tr->snapshot, 0);
	snap_set_mapped(tr, 0);

	/* Allocated, then mapped: a swap is refused with a note. */
	KUNIT_ASSERT_EQ(test, tracing_arm_snapshot(tr), 0);
	tracing_disarm_snapshot(tr);
	snap_set_mapped(tr, 1);
	snap_write(tr, 1);
	tracing_snapshot_instance(tr);
	KUNIT_EXPECT_EQ(test, snap_entries(tr), 0);
	KUNIT_EXPECT_EQ(test, live_entries(tr), 3);
	KUNIT_EXPECT_TRUE(test, tracer_tracing_is_on(tr));
	snap_set_mapped(tr, 0);

	snap_free(tr);
}

static struct kunit_case trace_snapshot_cases[] = {
	KUNIT_CASE(snap_alloc_sizes),
	KUNIT_CASE(snap_swap),
	KUNIT_CASE(snap_cond),
	KUNIT_CASE(snap_not_allocated),
	KUNIT_CASE(snap_mapped),
	{}
};

static struct kunit_suite trace_snapshot_suite = {
	.name = "trace_snapshot",
	.init = snap_init,
	.exit = snap_exit,
	.test_cases = trace_snapshot_cases,
};

kunit_test_suite(trace_snapshot_suite);

MODULE_DESCRIPTION("KUnit tests for the trace snapshot buffer");
MODULE_LICENSE("GPL");
