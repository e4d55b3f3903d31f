// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_buffers": the text of buffer_size_kb and
 * buffer_total_size_kb, the rounding of buffer_subbuf_size_kb, and, on a
 * private instance, the life rules of trace_instance.c (references make
 * removal refuse) and the buffer calls of trace_buffers.c (clock switch,
 * pause count, resize, per-CPU mask).
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>

#include "instance/trace_array.h"
#include "reader/trace_reader.h"
#include "trace_buffer_files.h"

#define BUFFERS_KUNIT_INSTANCE	"retrace_buffers_kunit"

static void buffers_size_text(struct kunit *test)
{
	char buf[64];
	int len;

	len = buffer_size_text(buf, sizeof(buf), 1, false, 1408);
	KUNIT_EXPECT_STREQ(test, buf, "1 (expanded: 1408)\n");
	KUNIT_EXPECT_EQ(test, len, 19);

	buffer_size_text(buf, sizeof(buf), 7, true, 1408);
	KUNIT_EXPECT_STREQ(test, buf, "7\n");

	buffer_size_text(buf, sizeof(buf), BUFFER_SIZES_DIFFER, true, 0);
	KUNIT_EXPECT_STREQ(test, buf, "X\n");
	/* "X" wins over the expansion note. */
	buffer_size_text(buf, sizeof(buf), BUFFER_SIZES_DIFFER, false, 1408);
	KUNIT_EXPECT_STREQ(test, buf, "X\n");

	buffer_size_text(buf, sizeof(buf), 0, true, 0);
	KUNIT_EXPECT_STREQ(test, buf, "0\n");
}

static void buffers_subbuf_order(struct kunit *test)
{
	unsigned long page_kb = PAGE_SIZE / 1024;

	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(0), -EINVAL);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(1), 0);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(page_kb), 0);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(page_kb + 1), 1);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(2 * page_kb), 1);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(3 * page_kb), 2);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(64 * page_kb + 1), 7);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(128 * page_kb), 7);
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb(128 * page_kb + 1), -EINVAL);
	/* Would wrap to 1 KiB if multiplied unchecked. */
	KUNIT_EXPECT_EQ(test, subbuf_order_for_kb((ULONG_MAX >> 10) + 2),
			-EINVAL);
}

static void buffers_instance_life(struct kunit *test)
{
	struct trace_array *tr, *again;

	tr = trace_array_get_by_name(BUFFERS_KUNIT_INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	/* Instances are expanded when made. */
	KUNIT_EXPECT_TRUE(test, tr->ring_buffer_expanded);

	again = trace_array_find_get(BUFFERS_KUNIT_INSTANCE);
	KUNIT_EXPECT_PTR_EQ(test, again, tr);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), -EBUSY);
	trace_array_put(again);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), -EBUSY);
	KUNIT_EXPECT_EQ(test, trace_array_get(tr), 0);
	trace_array_put(tr);

	trace_array_put(tr);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), 0);
	KUNIT_EXPECT_NULL(test, trace_array_find_get(BUFFERS_KUNIT_INSTANCE));
	KUNIT_EXPECT_EQ(test, trace_array_destroy(NULL), -EINVAL);
}

static void buffers_calls(struct kunit *test)
{
	struct trace_array *tr;
	cpumask_var_t mask;
	unsigned long bytes;
	int cpu;

	tr = trace_array_get_by_name(BUFFERS_KUNIT_INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);

	/* Clocks: unknown names refused, a known one selected by index. */
	KUNIT_EXPECT_EQ(test, tracing_set_clock(tr, "no-such-clock"), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_set_clock(tr, "counter"), 0);
	KUNIT_EXPECT_STREQ(test, trace_clocks[tr->clock_id].name, "counter");
	KUNIT_EXPECT_FALSE(test, trace_clock_in_ns(tr));
	KUNIT_EXPECT_EQ(test, tracing_set_clock(tr, "local"), 0);
	KUNIT_EXPECT_TRUE(test, trace_clock_in_ns(tr));

	/* The pause count nests and leaves the on/off switch alone. */
	tracing_stop_tr(tr);
	tracing_stop_tr(tr);
	KUNIT_EXPECT_EQ(test, tr->stop_count, 2);
	tracing_start_tr(tr);
	KUNIT_EXPECT_EQ(test, tr->stop_count, 1);
	KUNIT_EXPECT_TRUE(test, tracer_tracing_is_on(tr));
	tracing_start_tr(tr);
	KUNIT_EXPECT_EQ(test, tr->stop_count, 0);
	tracer_tracing_off(tr);
	KUNIT_EXPECT_FALSE(test, tracer_tracing_is_on(tr));
	tracer_tracing_on(tr);
	KUNIT_EXPECT_TRUE(test, tracer_tracing_is_on(tr));

	/* A resize is read back per CPU from the ring buffer. */
	KUNIT_EXPECT_EQ(test, tracing_resize_ring_buffer(tr, 64 << 10,
							 RING_BUFFER_ALL_CPUS), 0);
	bytes = ring_buffer_size(tr->array_buffer.buffer, 0);
	KUNIT_EXPECT_GE(test, bytes, 64UL << 10);
	for_each_tracing_cpu(cpu)
		KUNIT_EXPECT_EQ(test,
				per_cpu_ptr(tr->array_buffer.data, cpu)->entries,
				bytes);

	/* Leaving the mask counts one disable; coming back undoes it. */
	if (alloc_cpumask_var(&mask, GFP_KERNEL)) {
		int first = cpumask_first(tr->tracing_cpumask);
		atomic_t *disabled =
			&per_cpu_ptr(tr->array_buffer.data, first)->disabled;
		int before = atomic_read(disabled);

		cpumask_copy(mask, tr->tracing_cpumask);
		cpumask_clear_cpu(first, mask);
		KUNIT_EXPECT_EQ(test, tracing_set_cpumask(tr, mask), 0);
		KUNIT_EXPECT_EQ(test, atomic_read(disabled), before + 1);
		KUNIT_EXPECT_FALSE(test,
				   cpumask_test_cpu(first, tr->tracing_cpumask));
		/* Setting the same mask again changes nothing. */
		KUNIT_EXPECT_EQ(test, tracing_set_cpumask(tr, mask), 0);
		KUNIT_EXPECT_EQ(test, atomic_read(disabled), before + 1);
		cpumask_set_cpu(first, mask);
		KUNIT_EXPECT_EQ(test, tracing_set_cpumask(tr, mask), 0);
		KUNIT_EXPECT_EQ(test, atomic_read(disabled), before);
		free_cpumask_var(mask);
	}

	trace_array_put(tr);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), 0);
}

static struct kunit_case trace_buffers_cases[] = {
	KUNIT_CASE(buffers_size_text),
	KUNIT_CASE(buffers_subbuf_order),
	KUNIT_CASE(buffers_instance_life),
	KUNIT_CASE(buffers_calls),
	{}
};

static struct kunit_suite trace_buffers_suite = {
	.name = "trace_buffers",
	.test_cases = trace_buffers_cases,
};

kunit_test_suite(trace_buffers_suite);

MODULE_DESCRIPTION("KUnit tests for trace instances and buffers");
MODULE_LICENSE("GPL");
