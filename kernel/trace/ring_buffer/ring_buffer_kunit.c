// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "ring_buffer": the ring buffer through its public API.
 *
 * Round trips for every payload size, time stamps (deltas, TIME_EXTEND,
 * absolute mode) against a clock the test drives, overwrite versus
 * producer/consumer accounting, iterators against consuming reads,
 * resizing with records in the ring, discards (given back and in
 * place), a writer interrupted by another (irq_work) inside its
 * reservation, and ring_buffer_read_page() output parsed the way a
 * user-space tool does: offsets and sizes taken from the text of
 * events/header_page and the type numbers from events/header_event.
 *
 * The head push cases are white box (they include the internal header):
 * through rb_test_hook they run a nested writer or the reader at a
 * labelled point of a writer's head push, which forces the interleaving
 * that lost a sub-buffer of records in a stress run, and check the
 * books, the order of what is read and that the ring keeps one head.
 *
 * Every test allocates its own buffer and pins itself to one CPU with
 * migrate_disable() only around writes (writers must stay on a CPU).
 */
#include <kunit/test.h>
#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/irq_work.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/sched.h>

#include "ring_buffer_internal.h"

#define RBT_PAGE	4096

static u64 rbt_now;

static u64 rbt_clock(void)
{
	return READ_ONCE(rbt_now);
}

static struct trace_buffer *rbt_alloc(struct kunit *test, unsigned long size,
				      unsigned int flags)
{
	struct trace_buffer *b = ring_buffer_alloc(size, flags);

	KUNIT_ASSERT_NOT_NULL(test, b);
	ring_buffer_set_clock(b, rbt_clock);
	rbt_now = 1000;
	return b;
}

/* Write one record of @len bytes filled from @seed on the current CPU. */
static int rbt_write(struct trace_buffer *b, unsigned int len, u32 seed)
{
	struct ring_buffer_event *ev;
	u8 *p;
	unsigned int i;

	ev = ring_buffer_lock_reserve(b, len);
	if (!ev)
		return -EBUSY;
	p = ring_buffer_event_data(ev);
	for (i = 0; i < len; i++)
		p[i] = (u8)(seed + i * 7);
	if (len >= 4)
		memcpy(p, &seed, 4);
	ring_buffer_unlock_commit(b);
	return 0;
}

static bool rbt_check(const void *data, unsigned int len, u32 seed)
{
	const u8 *p = data;
	unsigned int i;

	if (len >= 4 && memcmp(p, &seed, 4))
		return false;
	for (i = len >= 4 ? 4 : 0; i < len; i++)
		if (p[i] != (u8)(seed + i * 7))
			return false;
	return true;
}

static void rbt_every_size(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 64 * RBT_PAGE, 0);
	unsigned int len, max = ring_buffer_max_event_size(b);
	struct ring_buffer_event *ev;
	int cpu;
	u64 ts;

	for (len = 1; len <= max; len++) {
		migrate_disable();
		cpu = raw_smp_processor_id();
		rbt_now += len;
		KUNIT_ASSERT_EQ(test, rbt_write(b, len, len), 0);
		migrate_enable();
		ev = ring_buffer_consume(b, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		KUNIT_EXPECT_GE(test, ring_buffer_event_length(ev), len);
		KUNIT_EXPECT_LE(test, ring_buffer_event_length(ev), len + 8);
		KUNIT_EXPECT_TRUE(test, rbt_check(ring_buffer_event_data(ev),
						  len, len));
		KUNIT_EXPECT_EQ(test, ts, rbt_now);
		KUNIT_ASSERT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	}
	/* one byte too many is refused */
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(b, max + 1));
	ring_buffer_free(b);
}

/* Deltas of every magnitude, including ones that need a TIME_EXTEND. */
static void rbt_time_extend(struct kunit *test)
{
	static const u64 steps[] = { 0, 1, 100, (1 << 27) - 1, 1 << 27,
				     (1 << 27) + 1, 1ULL << 32, 3, 1ULL << 40 };
	struct trace_buffer *b = rbt_alloc(test, 16 * RBT_PAGE, 0);
	u64 expect[ARRAY_SIZE(steps)], ts;
	struct ring_buffer_event *ev;
	unsigned int i;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		rbt_now += steps[i];
		expect[i] = rbt_now;
		KUNIT_ASSERT_EQ(test, rbt_write(b, 16, i), 0);
	}
	migrate_enable();
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		ev = ring_buffer_consume(b, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		KUNIT_EXPECT_TRUE(test, rbt_check(ring_buffer_event_data(ev),
						  16, i));
		KUNIT_EXPECT_EQ_MSG(test, ts, expect[i], "record %u", i);
	}
	ring_buffer_free(b);
}

/* A clock going backwards is read as not moving (monotonic per CPU). */
static void rbt_clock_backwards(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 16 * RBT_PAGE, 0);
	u64 ts1, ts2;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	rbt_now = 5000;
	rbt_write(b, 8, 1);
	rbt_now = 4000;
	rbt_write(b, 8, 2);
	migrate_enable();
	KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, &ts1, NULL));
	KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, &ts2, NULL));
	KUNIT_EXPECT_EQ(test, ts1, 5000);
	KUNIT_EXPECT_EQ(test, ts2, 5000);
	ring_buffer_free(b);
}

/* ---- a parser following header_page / header_event, as tools do ---- */

struct rbt_layout {
	unsigned int ts_off, commit_off, commit_size, data_off, data_size;
	int padding, extend, stamp, max_type_len;
};

static void rbt_parse_headers(struct kunit *test, struct trace_buffer *b,
			      struct rbt_layout *l)
{
	struct trace_seq *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	unsigned int size, sign;
	char *p;
	int n;

	KUNIT_ASSERT_NOT_NULL(test, s);
	trace_seq_init(s);
	ring_buffer_print_page_header(b, s);
	trace_seq_putc(s, '\0');
	p = strstr(s->buffer, "u64 timestamp;");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "u64 timestamp;\toffset:%u;\tsize:%u;",
		   &l->ts_off, &size);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, size, 8);
	p = strstr(s->buffer, "local_t commit;");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "local_t commit;\toffset:%u;\tsize:%u;\tsigned:%u;",
		   &l->commit_off, &l->commit_size, &sign);
	KUNIT_ASSERT_EQ(test, n, 3);
	p = strstr(s->buffer, "char data;");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "char data;\toffset:%u;\tsize:%u;",
		   &l->data_off, &l->data_size);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, l->data_off + l->data_size,
			PAGE_SIZE << ring_buffer_subbuf_order_get(b));

	trace_seq_init(s);
	ring_buffer_print_entry_header(s);
	trace_seq_putc(s, '\0');
	p = strstr(s->buffer, "padding     : type == ");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "padding     : type == %d", &l->padding);
	KUNIT_ASSERT_EQ(test, n, 1);
	p = strstr(s->buffer, "time_extend : type == ");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "time_extend : type == %d", &l->extend);
	KUNIT_ASSERT_EQ(test, n, 1);
	p = strstr(s->buffer, "time_stamp : type == ");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "time_stamp : type == %d", &l->stamp);
	KUNIT_ASSERT_EQ(test, n, 1);
	p = strstr(s->buffer, "data max type_len  == ");
	KUNIT_ASSERT_NOT_NULL(test, p);
	n = sscanf(p, "data max type_len  == %d",
		   &l->max_type_len);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_TRUE(test, strstr(s->buffer, "type_len    :    5 bits"));
	KUNIT_EXPECT_TRUE(test, strstr(s->buffer, "time_delta  :   27 bits"));
}

struct rbt_rec {
	u64		ts;
	unsigned int	len;
	const u8	*data;
};

#define RBT_COMMIT_MASK	((1U << 27) - 1)
#define RBT_MISSED	BIT_ULL(31)
#define RBT_STORED	BIT_ULL(30)

/* Returns the number of data records, or -1 on a malformed page. */
static int rbt_parse_page(const u8 *page, const struct rbt_layout *l,
			  struct rbt_rec *out, int max, u64 *missed)
{
	u64 ts, commit = 0, word;
	unsigned int pos = 0, size, type, delta, len;
	const u8 *data = page + l->data_off;
	int n = 0;
	u32 hdr, arr;

	memcpy(&ts, page + l->ts_off, 8);
	memcpy(&commit, page + l->commit_off, min(l->commit_size, 8U));
	size = commit & RBT_COMMIT_MASK;
	*missed = 0;
	if (commit & RBT_MISSED) {
		*missed = ~0ULL;
		if (commit & RBT_STORED) {
			memcpy(&word, data + size, sizeof(word));
			*missed = word;
		}
	}
	while (pos < size) {
		memcpy(&hdr, data + pos, 4);
		type = hdr & 0x1f;
		delta = hdr >> 5;
		arr = 0;
		if (pos + 8 <= l->data_size)
			memcpy(&arr, data + pos + 4, 4);
		if (type == l->padding) {
			if (!delta)
				break;
			len = arr + 4;
		} else if (type == l->extend) {
			ts += ((u64)arr << 27) | delta;
			len = 8;
		} else if (type == l->stamp) {
			ts = ((u64)arr << 27) | delta;
			len = 8;
		} else if (type == 0) {
			ts += delta;
			if (n < max) {
				out[n].ts = ts;
				out[n].len = arr - 4;
				out[n].data = data + pos + 8;
			}
			n++;
			len = arr + 4;
		} else if (type <= l->max_type_len) {
			ts += delta;
			if (n < max) {
				out[n].ts = ts;
				out[n].len = type * 4;
				out[n].data = data + pos + 4;
			}
			n++;
			len = type * 4 + 4;
		} else {
			return -1;
		}
		if (!len || pos + len > size)
			return -1;
		pos += len;
	}
	return n;
}

static void rbt_read_page_one(struct kunit *test, bool abs)
{
	static const unsigned int sizes[] = { 1, 4, 8, 12, 100, 112, 113, 116,
					      200, 1000 };
	static const u64 steps[] = { 5, 1 << 28, 7, 0, 1ULL << 35, 1, 2, 3,
				     4, 5 };
	struct trace_buffer *b = rbt_alloc(test, 16 * RBT_PAGE, 0);
	struct buffer_data_read_page *rp;
	struct rbt_rec recs[16];
	struct rbt_layout l;
	u64 expect[16], missed;
	unsigned int i;
	int cpu, n;

	ring_buffer_set_time_stamp_abs(b, abs);
	rbt_parse_headers(test, b, &l);
	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		rbt_now += steps[i];
		expect[i] = rbt_now;
		KUNIT_ASSERT_EQ(test, rbt_write(b, sizes[i], i * 31), 0);
	}
	migrate_enable();

	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(b, cpu, &rp), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_read_page(b, rp, PAGE_SIZE, cpu, 0), 0);
	n = rbt_parse_page(ring_buffer_read_page_data(rp), &l, recs,
			   ARRAY_SIZE(recs), &missed);
	KUNIT_ASSERT_EQ(test, n, (int)ARRAY_SIZE(sizes));
	KUNIT_EXPECT_EQ(test, missed, 0);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		KUNIT_EXPECT_EQ_MSG(test, recs[i].ts, expect[i], "record %u", i);
		KUNIT_EXPECT_GE(test, recs[i].len, sizes[i]);
		KUNIT_EXPECT_TRUE(test, rbt_check(recs[i].data, sizes[i],
						  i * 31));
	}
	/* all consumed */
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(b, cpu),
			ARRAY_SIZE(sizes));
	ring_buffer_free_read_page(b, cpu, rp);
	ring_buffer_free(b);
}

static void rbt_read_page(struct kunit *test)
{
	rbt_read_page_one(test, false);
}

static void rbt_read_page_abs(struct kunit *test)
{
	rbt_read_page_one(test, true);
}

/* Whole sub-buffers handed over, with the lost count stored after them. */
static void rbt_read_page_full_missed(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 3 * RBT_PAGE, RB_FL_OVERWRITE);
	struct buffer_data_read_page *rp;
	unsigned long written = 0, seen = 0, overrun;
	struct rbt_rec *recs;
	struct rbt_layout l;
	u64 missed, total_missed = 0;
	u32 first = 0;
	int cpu, n, i;

	recs = kunit_kcalloc(test, 256, sizeof(*recs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, recs);
	rbt_parse_headers(test, b, &l);
	migrate_disable();
	cpu = raw_smp_processor_id();
	for (written = 0; written < 1000; written++) {
		rbt_now += 10;
		KUNIT_ASSERT_EQ(test, rbt_write(b, 40, written), 0);
	}
	migrate_enable();
	overrun = ring_buffer_overrun_cpu(b, cpu);
	KUNIT_EXPECT_GT(test, overrun, 0);

	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(b, cpu, &rp), 0);
	while (ring_buffer_read_page(b, rp, PAGE_SIZE, cpu, 0) >= 0) {
		n = rbt_parse_page(ring_buffer_read_page_data(rp), &l, recs,
				   256, &missed);
		KUNIT_ASSERT_GT(test, n, 0);
		KUNIT_ASSERT_LE(test, n, 256);
		if (!seen) {
			KUNIT_EXPECT_EQ(test, missed, overrun);
			memcpy(&first, recs[0].data, 4);
			KUNIT_EXPECT_EQ(test, first, overrun);
		}
		total_missed += missed;
		for (i = 0; i < n; i++) {
			u32 v;

			memcpy(&v, recs[i].data, 4);
			KUNIT_EXPECT_EQ(test, v, first + seen);
			KUNIT_EXPECT_EQ(test, recs[i].ts, 1000 + 10 * (u64)(v + 1));
			seen++;
		}
	}
	KUNIT_EXPECT_EQ(test, seen + overrun, written);
	KUNIT_EXPECT_EQ(test, total_missed, overrun);
	ring_buffer_free_read_page(b, cpu, rp);
	ring_buffer_free(b);
}

/* ---- modes and accounting ---- */

static void rbt_overwrite_accounting(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * RBT_PAGE, RB_FL_OVERWRITE);
	unsigned long n, read = 0, lost, total_lost = 0;
	struct ring_buffer_event *ev;
	u32 v, expect = 0;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (n = 0; n < 5000; n++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 24, n), 0);
	migrate_enable();
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(b, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu) +
			ring_buffer_overrun_cpu(b, cpu), n);
	while ((ev = ring_buffer_consume(b, cpu, NULL, &lost))) {
		memcpy(&v, ring_buffer_event_data(ev), 4);
		total_lost += lost;
		expect += lost;
		KUNIT_EXPECT_EQ(test, v, expect);
		expect++;
		read++;
	}
	KUNIT_EXPECT_EQ(test, read + ring_buffer_overrun_cpu(b, cpu), n);
	KUNIT_EXPECT_EQ(test, total_lost, ring_buffer_overrun_cpu(b, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(b, cpu), read);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 0);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(b, cpu));
	ring_buffer_free(b);
}

static void rbt_consumer_accounting(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * RBT_PAGE, 0);
	unsigned long n, ok = 0, read = 0;
	struct ring_buffer_event *ev;
	u32 v;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (n = 0; n < 5000; n++)
		if (!rbt_write(b, 24, n))
			ok++;
	migrate_enable();
	KUNIT_EXPECT_LT(test, ok, n);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(b, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(b, cpu), n - ok);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), ok);
	while ((ev = ring_buffer_consume(b, cpu, NULL, NULL))) {
		memcpy(&v, ring_buffer_event_data(ev), 4);
		KUNIT_EXPECT_EQ(test, v, read);	/* the oldest are kept */
		read++;
	}
	KUNIT_EXPECT_EQ(test, read, ok);

	/* switching to overwrite at run time */
	ring_buffer_change_overwrite(b, 1);
	migrate_disable();
	for (n = 0; n < 5000; n++)
		KUNIT_EXPECT_EQ(test, rbt_write(b, 24, n), 0);
	migrate_enable();
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(b, cpu), 0);
	ring_buffer_free(b);
}

/* ---- readers ---- */

static void rbt_iterator(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 16 * RBT_PAGE, 0);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *ev;
	u64 ts, last = 0;
	unsigned int n;
	u32 v;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	for (n = 0; n < 1000; n++) {
		rbt_now += n & 1 ? 3 : 1 << 28;
		KUNIT_ASSERT_EQ(test, rbt_write(b, 20 + n % 50, n), 0);
	}
	migrate_enable();
	/* consume a few: the iterator starts after them */
	for (n = 0; n < 10; n++)
		KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));

	it = ring_buffer_read_start(b, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, 32 * RBT_PAGE, cpu), -EBUSY);
	for (n = 10; n < 1000; n++) {
		ev = ring_buffer_iter_peek(it, &ts);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		memcpy(&v, ring_buffer_event_data(ev), 4);
		KUNIT_EXPECT_EQ(test, v, n);
		KUNIT_EXPECT_GT(test, ts, last);
		last = ts;
		ring_buffer_iter_advance(it);
	}
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_empty(it));
	KUNIT_EXPECT_FALSE(test, ring_buffer_iter_dropped(it));
	ring_buffer_iter_reset(it);
	ev = ring_buffer_iter_peek(it, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	memcpy(&v, ring_buffer_event_data(ev), 4);
	KUNIT_EXPECT_EQ(test, v, 10);
	ring_buffer_read_finish(it);

	/* nothing was consumed by the iterator */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 990);
	for (n = 10; n < 1000; n++) {
		ev = ring_buffer_consume(b, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		memcpy(&v, ring_buffer_event_data(ev), 4);
		KUNIT_EXPECT_EQ(test, v, n);
	}
	ring_buffer_free(b);
}

static void rbt_resize_while_reading(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 8 * RBT_PAGE, RB_FL_OVERWRITE);
	struct ring_buffer_event *ev;
	unsigned long written = 0, read = 0;
	u32 v, next = 0;
	unsigned long lost;
	int cpu, round;

	migrate_disable();
	cpu = raw_smp_processor_id();
	migrate_enable();
	for (round = 0; round < 6; round++) {
		unsigned int n;

		migrate_disable();
		if (raw_smp_processor_id() != cpu) {
			migrate_enable();
			continue;
		}
		for (n = 0; n < 300; n++, written++)
			KUNIT_ASSERT_EQ(test, rbt_write(b, 32, written), 0);
		migrate_enable();
		for (n = 0; n < 50; n++) {
			ev = ring_buffer_consume(b, cpu, NULL, &lost);
			if (!ev)
				break;
			memcpy(&v, ring_buffer_event_data(ev), 4);
			next += lost;
			KUNIT_EXPECT_EQ(test, v, next);
			next++;
			read++;
		}
		KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, (round & 1 ? 3 : 12) *
							 RBT_PAGE, cpu), 0);
		KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu) + read +
				ring_buffer_overrun_cpu(b, cpu), written);
	}
	while ((ev = ring_buffer_consume(b, cpu, NULL, &lost))) {
		memcpy(&v, ring_buffer_event_data(ev), 4);
		next += lost;
		KUNIT_EXPECT_EQ(test, v, next);
		next++;
		read++;
	}
	KUNIT_EXPECT_EQ(test, read + ring_buffer_overrun_cpu(b, cpu), written);
	ring_buffer_free(b);
}

/* ---- discard and nesting ---- */

static void rbt_discard(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 8 * RBT_PAGE, 0);
	struct ring_buffer_event *ev, *inner;
	u64 ts;
	u32 v;
	int cpu;

	migrate_disable();
	cpu = raw_smp_processor_id();
	/* given back: nothing after it */
	rbt_now = 100;
	ev = ring_buffer_lock_reserve(b, 16);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	ring_buffer_discard_commit(b, ev);
	rbt_now = 200;
	rbt_write(b, 16, 1);
	/* in place: a nested record was written after it */
	rbt_now = 300;
	ev = ring_buffer_lock_reserve(b, 16);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	ring_buffer_nest_start(b);
	rbt_now = 400;
	inner = ring_buffer_lock_reserve(b, 16);
	KUNIT_ASSERT_NOT_NULL(test, inner);
	v = 2;
	memcpy(ring_buffer_event_data(inner), &v, 4);
	ring_buffer_unlock_commit(b);
	ring_buffer_nest_end(b);
	ring_buffer_discard_commit(b, ev);
	rbt_now = 500;
	rbt_write(b, 16, 3);
	migrate_enable();

	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, cpu), 3);
	for (v = 1; v <= 3; v++) {
		u32 got;

		ev = ring_buffer_consume(b, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		memcpy(&got, ring_buffer_event_data(ev), 4);
		KUNIT_EXPECT_EQ(test, got, v);
		KUNIT_EXPECT_EQ(test, ts, 100 + 100 * (u64)(v == 1 ? 1 : v + 1));
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	ring_buffer_free(b);
}

struct rbt_irq {
	struct irq_work		work;
	struct trace_buffer	*b;
	int			cpu;
	bool			done;
};

static void rbt_irq_writer(struct irq_work *w)
{
	struct rbt_irq *x = container_of(w, struct rbt_irq, work);

	x->cpu = raw_smp_processor_id();
	rbt_now += 10;
	rbt_write(x->b, 64, 0xbbbbbbbb);
	WRITE_ONCE(x->done, true);
}

/* An interrupt writes inside a task's reservation; both stay intact. */
static void rbt_nested_irq(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 8 * RBT_PAGE, 0);
	struct ring_buffer_event *ev;
	struct rbt_irq x = { .b = b, .cpu = -1 };
	u64 ts1, ts2;
	int cpu, spin;
	u32 v;

	init_irq_work(&x.work, rbt_irq_writer);
	migrate_disable();
	cpu = raw_smp_processor_id();
	rbt_now = 1000;
	ev = ring_buffer_lock_reserve(b, 64);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	irq_work_queue(&x.work);
	/* preemption is off here: spin until the irq_work has run */
	for (spin = 0; spin < 10000000 && !READ_ONCE(x.done); spin++)
		cpu_relax();
	memset(ring_buffer_event_data(ev), 0xaa, 64);
	ring_buffer_unlock_commit(b);
	migrate_enable();
	irq_work_sync(&x.work);
	if (!x.done || x.cpu != cpu)
		kunit_skip(test, "the irq_work did not run inside the window");

	ev = ring_buffer_consume(b, cpu, &ts1, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	memcpy(&v, ring_buffer_event_data(ev), 4);
	KUNIT_EXPECT_EQ(test, v, 0xaaaaaaaa);
	ev = ring_buffer_consume(b, cpu, &ts2, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	memcpy(&v, ring_buffer_event_data(ev), 4);
	KUNIT_EXPECT_EQ(test, v, 0xbbbbbbbb);
	KUNIT_EXPECT_EQ(test, ts1, 1000);
	KUNIT_EXPECT_EQ(test, ts2, 1010);
	ring_buffer_free(b);
}

/*
 * ---- head push races (white box) ----
 *
 * These force one interleaving each: rb_test_hook runs the other party
 * (a nested writer of the same CPU, or the reader) at a labelled point
 * of the writer's head push, on the writer's CPU with preemption off,
 * i.e. between two of its instructions.  Records carry a stream (top
 * bit) and a per-stream sequence number, so the drain checks order,
 * and every run ends with the books: read + overrun == written, nothing
 * left, one head flag.
 */
#define RBT_LEN		100
#define RBT_STREAM	BIT(31)

enum rbt_action {
	RBT_NEST_TWO_PUSHES,	/* a nested writer pushes twice */
	RBT_READER_SWAPS,	/* the reader swaps @swaps times */
	RBT_READER_AND_NEST,	/* the reader reads one, a nested writer one */
};

struct rbt_race {
	struct kunit		*test;
	struct trace_buffer	*b;
	int			cpu;
	enum rb_test_point	at;
	enum rbt_action		action;
	unsigned int		swaps;
	bool			armed;
	bool			fired;
	u32			seq[2];		/* next to write, per stream */
	u32			last[2];	/* last read + 1, per stream */
	unsigned long		written;
	unsigned long		refused;
	unsigned long		read;
	unsigned long		disorder;	/* records read out of order */
};

static struct rbt_race *rbt_race;

static void rbt_race_write(struct rbt_race *r, int stream)
{
	u32 seed = (stream ? RBT_STREAM : 0) | r->seq[stream];

	if (rbt_write(r->b, RBT_LEN, seed)) {
		r->refused++;
		return;
	}
	r->seq[stream]++;
	r->written++;
}

/*
 * Consume one record, checking its stream's order (counted, as the hook
 * calls this in atomic context).  False when there is none.
 */
static bool rbt_race_read(struct rbt_race *r)
{
	struct ring_buffer_event *ev;
	u32 v, seq;
	int s;

	ev = ring_buffer_consume(r->b, r->cpu, NULL, NULL);
	if (!ev)
		return false;
	memcpy(&v, ring_buffer_event_data(ev), 4);
	s = !!(v & RBT_STREAM);
	seq = v & ~RBT_STREAM;
	if (seq < r->last[s])
		r->disorder++;
	r->last[s] = seq + 1;
	r->read++;
	return true;
}

static void rbt_race_hook(struct rb_cpu *cpu, enum rb_test_point at)
{
	struct rbt_race *r = READ_ONCE(rbt_race);
	unsigned long lost, swaps, n;

	if (!r || !r->armed || r->fired || cpu->buffer != r->b || at != r->at)
		return;
	r->fired = true;
	switch (r->action) {
	case RBT_NEST_TWO_PUSHES:
		/* as an interrupt would: push the head, fill it, push again */
		lost = local_read(&cpu->pages_lost);
		ring_buffer_nest_start(r->b);
		for (n = 0; n < 1000 && local_read(&cpu->pages_lost) < lost + 2;
		     n++)
			rbt_race_write(r, 1);
		rbt_race_write(r, 1);
		ring_buffer_nest_end(r->b);
		break;
	case RBT_READER_SWAPS:
		swaps = cpu->swaps;
		for (n = 0; n < 10000 && cpu->swaps < swaps + r->swaps; n++)
			if (!rbt_race_read(r))
				break;
		break;
	case RBT_READER_AND_NEST:
		rbt_race_read(r);
		ring_buffer_nest_start(r->b);
		rbt_race_write(r, 1);
		ring_buffer_nest_end(r->b);
		break;
	}
}

static void rbt_unhook(void *unused)
{
	static_branch_disable(&rb_test_key);
	WRITE_ONCE(rb_test_hook, NULL);
	WRITE_ONCE(rbt_race, NULL);
}

/* Run @fn at the test points until the test ends. */
static void rbt_hook(struct kunit *test,
		     void (*fn)(struct rb_cpu *cpu, enum rb_test_point at))
{
	int ret;

	WRITE_ONCE(rb_test_hook, fn);
	static_branch_enable(&rb_test_key);
	ret = kunit_add_action_or_reset(test, rbt_unhook, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/*
 * A buffer of @pages sub-buffers for the race @r; the caller is pinned
 * (migrate_disable()) and writes and reads on its CPU only.
 */
static void rbt_race_start(struct kunit *test, struct rbt_race *r,
			   unsigned int pages)
{
	r->test = test;
	r->b = rbt_alloc(test, pages * (RBT_PAGE - 16), RB_FL_OVERWRITE);
	r->cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, rb_cpu_of(r->b, r->cpu)->nr_pages, pages);
	WRITE_ONCE(rbt_race, r);
	rbt_hook(test, rbt_race_hook);
}

/* Head flags on the links of @cpu's ring (the reader's page excluded). */
static unsigned int rbt_head_flags(struct rb_cpu *cpu)
{
	struct rb_sbuf *sb = cpu->tail == cpu->reader ?
			     rb_sb_next(cpu->reader) : cpu->tail;
	unsigned int i, n = 0;

	for (i = 0; i < cpu->nr_pages; i++) {
		n += atomic_long_read(&sb->link) & RB_LINK_HEAD;
		sb = rb_sb_next(sb);
	}
	return n;
}

/*
 * Task stream writes on r->cpu until the first push happened, then
 * armed until the hook fired.  Returns the head flags seen right after.
 */
static unsigned int rbt_race_run(struct rbt_race *r)
{
	struct rb_cpu *cpu = rb_cpu_of(r->b, r->cpu);
	unsigned int n, flags;

	for (n = 0; n < 10000 && !local_read(&cpu->pages_lost); n++)
		rbt_race_write(r, 0);
	r->armed = true;
	for (n = 0; n < 10000 && !r->fired; n++)
		rbt_race_write(r, 0);
	r->armed = false;
	flags = rbt_head_flags(cpu);
	KUNIT_EXPECT_TRUE(r->test, r->fired);
	return flags;
}

/* Write @n more task records (overwrite or not). */
static void rbt_race_more(struct rbt_race *r, unsigned int n)
{
	while (n--)
		rbt_race_write(r, 0);
}

/* Drain, then the books. */
static void rbt_race_books(struct rbt_race *r)
{
	struct kunit *test = r->test;

	while (rbt_race_read(r))
		;
	KUNIT_EXPECT_EQ(test, r->disorder, 0);
	KUNIT_EXPECT_EQ(test, r->read + ring_buffer_overrun_cpu(r->b, r->cpu),
			r->written);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(r->b, r->cpu), 0);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(r->b, r->cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(r->b, r->cpu),
			r->read);
	KUNIT_EXPECT_EQ(test, rbt_head_flags(rb_cpu_of(r->b, r->cpu)), 1);
}

/*
 * An interrupt arrives after the writer read the H link and before its
 * push: it pushes that head itself, fills it and pushes the next one,
 * which leaves the first one's link with the value it had.  The
 * interrupted writer must not flag that link again (it would put a
 * second head in the middle of the data, into the tail).
 */
static void rbt_push_nested_aba(struct kunit *test)
{
	struct rbt_race r = { .at = RB_TP_PUSH, .action = RBT_NEST_TWO_PUSHES };

	migrate_disable();
	rbt_race_start(test, &r, 5);
	KUNIT_EXPECT_EQ(test, rbt_race_run(&r), 1);
	rbt_race_books(&r);
	rbt_race_more(&r, 400);
	rbt_race_books(&r);
	migrate_enable();
	ring_buffer_free(r.b);
}

/*
 * The reader (another CPU) swaps three times while the writer is
 * between reading the H link and its push: the old head comes back
 * into the ring with the link the writer may have read.
 */
static void rbt_push_reader_aba(struct kunit *test)
{
	struct rbt_race r = { .at = RB_TP_PUSH, .action = RBT_READER_SWAPS,
			      .swaps = 3 };

	migrate_disable();
	rbt_race_start(test, &r, 6);
	KUNIT_EXPECT_EQ(test, rbt_race_run(&r), 1);
	rbt_race_more(&r, 400);
	rbt_race_books(&r);
	migrate_enable();
	ring_buffer_free(r.b);
}

/*
 * One reader swap at each point of the push, in rings of 2, 3 and 5
 * sub-buffers.  After C0 the reader runs on the writer's CPU, so it
 * must give up instead of waiting for the claim.
 */
static void rbt_push_reader_each_point(struct kunit *test)
{
	static const enum rb_test_point at[] = {
		RB_TP_PUSH, RB_TP_PUSH_C1, RB_TP_PUSH_C2,
	};
	static const unsigned int pages[] = { 2, 3, 5 };
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(at); i++) {
		for (j = 0; j < ARRAY_SIZE(pages); j++) {
			struct rbt_race r = { .at = at[i], .swaps = 1,
					      .action = RBT_READER_SWAPS };

			migrate_disable();
			rbt_race_start(test, &r, pages[j]);
			KUNIT_EXPECT_EQ_MSG(test, rbt_race_run(&r), 1,
					    "point %u, %u sub-buffers", at[i],
					    pages[j]);
			rbt_race_more(&r, 300);
			rbt_race_books(&r);
			migrate_enable();
			ring_buffer_free(r.b);
			rbt_unhook(NULL);
		}
	}
}

/*
 * Two sub-buffers, the reader on the writers' sub-buffer, then a resize
 * (grow and shrink back), after which the reader's hint is the head
 * itself.  At the writer's first push, between C1 and C2: the reader
 * takes the sub-buffer being pushed from (the tail) and an interrupt
 * tries to write.  Afterwards one head flag, and in producer/consumer
 * mode an emptied ring takes a sub-buffer and a half without a drop.
 */
static void rbt_push_two_pages_resized(struct kunit *test)
{
	struct rbt_race r = { .at = RB_TP_PUSH_C2,
			      .action = RBT_READER_AND_NEST };
	unsigned int n, in_first = 0, half = 3 * (RBT_PAGE / (RBT_LEN + 8)) / 2;
	struct rb_sbuf *first;
	struct rb_cpu *cpu;

	migrate_disable();
	rbt_race_start(test, &r, 2);
	cpu = rb_cpu_of(r.b, r.cpu);
	rbt_race_more(&r, 5);
	while (rbt_race_read(&r))
		;
	KUNIT_ASSERT_PTR_EQ(test, cpu->reader, cpu->tail);

	/* with the reader on the tail, resize anchors after the reader */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(r.b, 3 * (RBT_PAGE - 16),
						 r.cpu), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(r.b, 2 * (RBT_PAGE - 16),
						 r.cpu), 0);
	KUNIT_ASSERT_EQ(test, cpu->nr_pages, 2);

	/* fill the reader's sub-buffer and read exactly what it holds */
	first = cpu->tail;
	for (n = 0; n < 1000 && cpu->tail == first; n++) {
		rbt_race_write(&r, 0);
		in_first++;
	}
	for (n = 0; n + 1 < in_first; n++)
		KUNIT_ASSERT_TRUE(test, rbt_race_read(&r));

	/* on to the first push */
	r.armed = true;
	for (n = 0; n < 10000 && !r.fired; n++)
		rbt_race_write(&r, 0);
	r.armed = false;
	KUNIT_EXPECT_TRUE(test, r.fired);
	KUNIT_EXPECT_EQ(test, rbt_head_flags(cpu), 1);

	ring_buffer_change_overwrite(r.b, 0);
	rbt_race_books(&r);
	n = r.written;
	rbt_race_more(&r, half);
	KUNIT_EXPECT_EQ(test, r.written - n, half);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(r.b, r.cpu), 0);
	rbt_race_books(&r);
	migrate_enable();
	ring_buffer_free(r.b);
}

/*
 * Resize while the reader is on the writers' sub-buffer (the ring holds
 * nothing): grow, write past the old size, shrink with records in the
 * ring, overwrite, drain.  The loss is counted exactly.
 */
static void rbt_resize_reader_on_tail(struct kunit *test)
{
	struct rbt_race r = { .at = RB_TP_PUSH };
	unsigned int page = RBT_PAGE / (RBT_LEN + 8);
	struct rb_cpu *cpu;

	migrate_disable();
	rbt_race_start(test, &r, 2);
	cpu = rb_cpu_of(r.b, r.cpu);
	rbt_race_more(&r, 20);
	while (rbt_race_read(&r))
		;
	KUNIT_ASSERT_PTR_EQ(test, cpu->reader, cpu->tail);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(r.b, 8 * (RBT_PAGE - 16),
						 r.cpu), 0);
	rbt_race_more(&r, 3 * page);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(r.b, r.cpu), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(r.b, 3 * (RBT_PAGE - 16),
						 r.cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(r.b, r.cpu) + r.read +
			ring_buffer_overrun_cpu(r.b, r.cpu), r.written);
	rbt_race_more(&r, 5 * page);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(r.b, r.cpu), 0);
	rbt_race_books(&r);
	migrate_enable();
	ring_buffer_free(r.b);
}

/*
 * A writer reserves on the reader's sub-buffer (the ring holds nothing)
 * and, inside its reservation, a nested writer writes more than the
 * ring holds.  Commits are published walking from commit_sb (the
 * reader's sub-buffer) along the links, so the nested writer must not
 * lap the ring: it is refused (commit_overrun) where the lap would
 * begin, and nothing is lost uncounted.
 */
static void rbt_nested_lap_on_reader(struct kunit *test)
{
	struct rbt_race r = { .at = RB_TP_PUSH };
	unsigned int n, i, page = RBT_PAGE / (RBT_LEN + 8);
	struct ring_buffer_event *ev;
	struct rb_cpu *cpu;
	u32 seed;
	u8 *p;

	migrate_disable();
	rbt_race_start(test, &r, 3);
	cpu = rb_cpu_of(r.b, r.cpu);
	rbt_race_more(&r, 5);
	while (rbt_race_read(&r))
		;
	KUNIT_ASSERT_PTR_EQ(test, cpu->reader, cpu->tail);

	ev = ring_buffer_lock_reserve(r.b, RBT_LEN);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	ring_buffer_nest_start(r.b);
	for (n = 0; n < 5 * page; n++)
		rbt_race_write(&r, 1);
	ring_buffer_nest_end(r.b);
	seed = r.seq[0]++;
	p = ring_buffer_event_data(ev);
	for (i = 0; i < RBT_LEN; i++)
		p[i] = (u8)(seed + i * 7);
	memcpy(p, &seed, 4);
	ring_buffer_unlock_commit(r.b);
	r.written++;

	KUNIT_EXPECT_GT(test, r.refused, 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_commit_overrun_cpu(r.b, r.cpu),
			r.refused);
	rbt_race_books(&r);
	migrate_enable();
	ring_buffer_free(r.b);
}

/* Orders: sizes, round trip across sub-buffers of every order. */
static void rbt_subbuf_orders(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 64 * RBT_PAGE, 0);
	struct ring_buffer_event *ev;
	unsigned int len, n;
	int order, cpu;
	u32 v;

	for (order = 0; order <= 3; order++) {
		KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(b, order), 0);
		KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(b), order);
		KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(b),
				(int)((PAGE_SIZE << order) - RB_PAGE_HDR));
		len = ring_buffer_max_event_size(b);
		migrate_disable();
		cpu = raw_smp_processor_id();
		for (n = 0; n < 5; n++)
			KUNIT_ASSERT_EQ(test, rbt_write(b, len, n), 0);
		migrate_enable();
		for (n = 0; n < 5; n++) {
			ev = ring_buffer_consume(b, cpu, NULL, NULL);
			KUNIT_ASSERT_NOT_NULL(test, ev);
			memcpy(&v, ring_buffer_event_data(ev), 4);
			KUNIT_EXPECT_EQ(test, v, n);
			KUNIT_EXPECT_TRUE(test, rbt_check(ring_buffer_event_data(ev),
							  len, n));
		}
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(b, 8), -EINVAL);
	ring_buffer_free(b);
}

/*
 * ---- an interrupt in every window (white box) ----
 *
 * A timer that fires faster than a writer gets from its read of the
 * write word to its A makes every A of that writer fail: a nested
 * writer lands in each window.  With KASAN and lockdep under TCG this
 * starved a CPU's task-context writes in ring_buffer_stress.  Only a
 * window run with interrupts on can be hit, so the hook writes only
 * then; the writer must get its record in after the first loss.
 */
struct rbt_storm {
	struct trace_buffer	*b;
	unsigned int		hits;	/* nested records written */
	bool			inside;
};

static struct rbt_storm *rbt_storm;

static void rbt_storm_hook(struct rb_cpu *cpu, enum rb_test_point at)
{
	struct rbt_storm *st = READ_ONCE(rbt_storm);

	if (!st || at != RB_TP_WINDOW || cpu->buffer != st->b || st->inside ||
	    irqs_disabled() || st->hits >= 100)
		return;
	st->inside = true;
	if (!rbt_write(st->b, 16, 0x5000 + st->hits))
		st->hits++;
	st->inside = false;
}

static void rbt_storm_unhook(void *unused)
{
	WRITE_ONCE(rbt_storm, NULL);
}

static void rbt_interrupt_every_window(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 8 * RBT_PAGE, RB_FL_OVERWRITE);
	struct rbt_storm st = { .b = b };
	struct ring_buffer_event *ev;
	int cpu, ret, i;
	u32 v;

	WRITE_ONCE(rbt_storm, &st);
	ret = kunit_add_action_or_reset(test, rbt_storm_unhook, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	rbt_hook(test, rbt_storm_hook);
	KUNIT_ASSERT_FALSE(test, irqs_disabled());

	migrate_disable();
	cpu = raw_smp_processor_id();
	ret = rbt_write(b, 16, 1);
	migrate_enable();
	rbt_unhook(NULL);
	KUNIT_EXPECT_EQ(test, ret, 0);
	/* one interrupt got in, then the writer held them off */
	KUNIT_EXPECT_EQ(test, st.hits, 1);
	for (i = 0; i <= st.hits; i++) {
		ev = ring_buffer_consume(b, cpu, NULL, NULL);
		KUNIT_ASSERT_NOT_NULL(test, ev);
		memcpy(&v, ring_buffer_event_data(ev), 4);
		KUNIT_EXPECT_EQ(test, v, i < st.hits ? 0x5000 + i : 1);
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
	ring_buffer_free(b);
}

/* ---- persistent buffers ---- */

#define RBT_RANGE_PAGES	8	/* per CPU: the meta page and 7 slots */

struct rbt_range {
	void			*mem;
	unsigned long		size;
	struct trace_buffer	*b;
};

static void rbt_range_free(void *data)
{
	struct rbt_range *r = data;

	if (r->b)
		ring_buffer_free(r->b);
	vfree(r->mem);
}

static void rbt_unpin(void *unused)
{
	set_cpus_allowed_ptr(current, cpu_possible_mask);
}

/* Keep the test on one CPU, whose ring it writes and reads.  The CPU. */
static int rbt_pin(struct kunit *test)
{
	int cpu = raw_smp_processor_id();

	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(cpu)),
			0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rbt_unpin, NULL),
			0);
	return cpu;
}

static struct rbt_range *rbt_range_new(struct kunit *test)
{
	struct rbt_range *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->size = nr_cpu_ids * RBT_RANGE_PAGES * PAGE_SIZE;
	r->mem = vzalloc(r->size);
	KUNIT_ASSERT_NOT_NULL(test, r->mem);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rbt_range_free,
							r), 0);
	return r;
}

/* (Re)attach a buffer to the range, as the next boot would. */
static struct trace_buffer *rbt_range_attach(struct kunit *test,
					     struct rbt_range *r)
{
	if (r->b)
		ring_buffer_free(r->b);
	r->b = ring_buffer_alloc_range(0, RB_FL_OVERWRITE, 0,
				       (unsigned long)r->mem, r->size);
	KUNIT_ASSERT_NOT_NULL(test, r->b);
	ring_buffer_set_clock(r->b, rbt_clock);
	return r->b;
}

/* Consume @cpu's ring; the seeds must follow each other.  The count. */
static unsigned long rbt_range_drain(struct kunit *test,
				     struct trace_buffer *b, int cpu,
				     u32 *first, u32 *last)
{
	struct ring_buffer_event *ev;
	unsigned long n = 0;
	u32 v;

	while ((ev = ring_buffer_consume(b, cpu, NULL, NULL))) {
		KUNIT_EXPECT_TRUE(test, rbt_check(ring_buffer_event_data(ev),
						  24, *(u32 *)ring_buffer_event_data(ev)));
		memcpy(&v, ring_buffer_event_data(ev), 4);
		if (!n)
			*first = v;
		else
			KUNIT_EXPECT_EQ(test, v, *last + 1);
		*last = v;
		n++;
	}
	return n;
}

/*
 * A buffer attached again to its range finds the records it held, after
 * laps of overwriting and reader swaps, the reader's sub-buffer first;
 * writers continue after them.  And the ring with writers on the
 * reader's sub-buffer comes back the same way.
 */
static void rbt_range_keeps(struct kunit *test)
{
	struct rbt_range *r = rbt_range_new(test);
	struct trace_buffer *b = rbt_range_attach(test, r);
	unsigned long kept, n;
	u32 first = 0, last = 0, v;
	long text, data;
	int cpu;

	KUNIT_EXPECT_FALSE(test, b->last_boot);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, 64 * PAGE_SIZE,
						 RING_BUFFER_ALL_CPUS), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(b, 1), -EBUSY);

	cpu = rbt_pin(test);
	migrate_disable();
	for (v = 0; v < 1000; v++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 24, v), 0);
	migrate_enable();
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(b, cpu), 0);
	for (n = 0; n < 50; n++)
		KUNIT_ASSERT_NOT_NULL(test, ring_buffer_consume(b, cpu, NULL,
								NULL));
	kept = ring_buffer_entries_cpu(b, cpu);

	b = rbt_range_attach(test, r);
	KUNIT_EXPECT_TRUE(test, b->last_boot);
	/* the same kernel: nothing moved */
	KUNIT_EXPECT_FALSE(test, ring_buffer_last_boot_delta(b, &text, &data));
	/* the reader's sub-buffer is shown again from its start */
	KUNIT_EXPECT_GE(test, ring_buffer_entries_cpu(b, cpu), kept);
	rbt_now += 100;
	migrate_disable();
	for (v = 1000; v < 1010; v++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 24, v), 0);
	migrate_enable();
	n = rbt_range_drain(test, b, cpu, &first, &last);
	KUNIT_EXPECT_GE(test, n, kept + 10);
	KUNIT_EXPECT_EQ(test, last, 1009);
	KUNIT_EXPECT_EQ(test, first + n - 1, last);

	/* all read: the writers are on the reader's sub-buffer */
	migrate_disable();
	for (v = 1010; v < 1015; v++)
		KUNIT_ASSERT_EQ(test, rbt_write(b, 24, v), 0);
	migrate_enable();
	KUNIT_EXPECT_EQ(test, rb_range_meta_of(b, cpu)->commit,
			rb_range_meta_of(b, cpu)->reader);
	b = rbt_range_attach(test, r);
	n = rbt_range_drain(test, b, cpu, &first, &last);
	KUNIT_EXPECT_EQ(test, last, 1014);
	KUNIT_EXPECT_GE(test, n, 5);
}

enum rbt_damage {
	RBT_DAMAGE_CYCLE,	/* two links into one slot */
	RBT_DAMAGE_HEAD,	/* the head is the reader's */
	RBT_DAMAGE_SHAPE,	/* another sub-buffer count */
	RBT_DAMAGE_COMMIT,	/* a commit past the sub-buffer */
	RBT_DAMAGE_RECORD,	/* a record running past the commit */
	RBT_DAMAGE_NOISE,	/* the whole part overwritten */
	RBT_DAMAGE_NR,
};

/*
 * A part whose meta data or records do not validate gives an empty
 * ring, which works as any other; nothing is read from the damage.
 */
static void rbt_range_rejects(struct kunit *test)
{
	struct rbt_range *r = rbt_range_new(test);
	struct rb_range_meta *m;
	struct rb_data_page *dp;
	struct trace_buffer *b;
	u32 first = 0, last = 0, v;
	unsigned int d;
	int cpu;

	cpu = rbt_pin(test);
	for (d = 0; d < RBT_DAMAGE_NR; d++) {
		b = rbt_range_attach(test, r);
		ring_buffer_reset(b);
		migrate_disable();
		for (v = 0; v < 300; v++)
			KUNIT_ASSERT_EQ(test, rbt_write(b, 24, v), 0);
		migrate_enable();
		m = rb_range_meta_of(b, cpu);
		dp = b->buffers[cpu]->sbufs[m->head]->page;
		ring_buffer_free(b);
		r->b = NULL;

		switch (d) {
		case RBT_DAMAGE_CYCLE:
			m->next[m->next[m->head]] = m->head;
			break;
		case RBT_DAMAGE_HEAD:
			m->head = m->reader;
			break;
		case RBT_DAMAGE_SHAPE:
			m->nr_sbufs--;
			break;
		case RBT_DAMAGE_COMMIT:
			local_set(&dp->commit, PAGE_SIZE);
			break;
		case RBT_DAMAGE_RECORD:
			((struct ring_buffer_event *)dp->data)->type_len = 0;
			((struct ring_buffer_event *)dp->data)->array[0] = 5000;
			break;
		case RBT_DAMAGE_NOISE:
			memset(m, 0xa5, RBT_RANGE_PAGES * PAGE_SIZE);
			break;
		}

		b = rbt_range_attach(test, r);
		KUNIT_EXPECT_EQ_MSG(test, ring_buffer_entries_cpu(b, cpu), 0,
				    "damage %u", d);
		KUNIT_EXPECT_NULL(test, ring_buffer_consume(b, cpu, NULL, NULL));
		migrate_disable();
		for (v = 0; v < 200; v++)
			KUNIT_ASSERT_EQ(test, rbt_write(b, 24, v), 0);
		migrate_enable();
		KUNIT_EXPECT_EQ(test, rbt_range_drain(test, b, cpu, &first,
						      &last), 200);
	}
}

/* A range too small for three sub-buffers per possible CPU is refused. */
static void rbt_range_too_small(struct kunit *test)
{
	unsigned long size = nr_cpu_ids * 3 * PAGE_SIZE;
	void *mem = vzalloc(size);
	struct trace_buffer *b;

	KUNIT_ASSERT_NOT_NULL(test, mem);
	b = ring_buffer_alloc_range(0, 0, 0, (unsigned long)mem, size);
	KUNIT_EXPECT_NULL(test, b);
	if (b)
		ring_buffer_free(b);
	vfree(mem);
}

static struct kunit_case rbt_cases[] = {
	KUNIT_CASE(rbt_every_size),
	KUNIT_CASE(rbt_time_extend),
	KUNIT_CASE(rbt_clock_backwards),
	KUNIT_CASE(rbt_read_page),
	KUNIT_CASE(rbt_read_page_abs),
	KUNIT_CASE(rbt_read_page_full_missed),
	KUNIT_CASE(rbt_overwrite_accounting),
	KUNIT_CASE(rbt_consumer_accounting),
	KUNIT_CASE(rbt_iterator),
	KUNIT_CASE(rbt_resize_while_reading),
	KUNIT_CASE(rbt_discard),
	KUNIT_CASE(rbt_nested_irq),
	KUNIT_CASE(rbt_interrupt_every_window),
	KUNIT_CASE(rbt_push_nested_aba),
	KUNIT_CASE(rbt_push_reader_aba),
	KUNIT_CASE(rbt_push_reader_each_point),
	KUNIT_CASE(rbt_push_two_pages_resized),
	KUNIT_CASE(rbt_resize_reader_on_tail),
	KUNIT_CASE(rbt_nested_lap_on_reader),
	KUNIT_CASE(rbt_subbuf_orders),
	KUNIT_CASE(rbt_range_keeps),
	KUNIT_CASE(rbt_range_rejects),
	KUNIT_CASE(rbt_range_too_small),
	{}
};

static struct kunit_suite rbt_suite = {
	.name = "ring_buffer",
	.test_cases = rbt_cases,
};

kunit_test_suite(rbt_suite);

MODULE_DESCRIPTION("KUnit tests for the ring buffer");
MODULE_LICENSE("GPL");
