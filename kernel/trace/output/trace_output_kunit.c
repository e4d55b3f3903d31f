// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_output": the text of the output library.
 *
 *  - each TP_printk() field helper: __print_flags() (multi-bit masks,
 *    leftover bits, no delimiter, zero), __print_symbolic() (known and
 *    unknown values), __print_hex(), __print_hex_str(),
 *    __print_hex_dump(), __print_array() for every element size and a
 *    bad one, __get_bitmask();
 *  - that each helper returns its own NUL-terminated text and the next
 *    one starts after it, as a TP_printk() with several helpers needs;
 *  - the irq-info columns for every flag combination that picks a
 *    different character, and the latency delay marks;
 *  - the default context columns with irq-info and record-tgid;
 *  - the event-type registry: lowest free dynamic id, reuse after
 *    unregister, a fixed id that is taken.
 *
 * Expected strings are written from the documented formats
 * (Documentation/trace/ftrace.rst "Output format", events.rst,
 * printk-formats.rst), not produced by the code under test.
 */
#include <kunit/test.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_output.h"
#include "trace_records.h"

static struct trace_seq *tok_seq(struct kunit *test)
{
	struct trace_seq *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	trace_seq_init(s);
	return s;
}

static const struct trace_print_flags tok_flags[] = {
	{ 0x01, "READ" },
	{ 0x02, "WRITE" },
	{ 0x0c, "SYNC" },	/* two bits: only both together match */
	{ 0x10, "DIRECT" },
	{ -1, NULL }
};

static void tok_print_flags(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);

	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, "|", 0x13, tok_flags),
			   "READ|WRITE|DIRECT");
	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, "|", 0x0c, tok_flags),
			   "SYNC");
	/* One bit of a two-bit mask is not the flag: it is left over. */
	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, "|", 0x05, tok_flags),
			   "READ|0x4");
	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, "|", 0x300, tok_flags),
			   "0x300");
	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, ", ", 0x1e1, tok_flags),
			   "READ, 0x1e0");
	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, NULL, 0x103, tok_flags),
			   "READWRITE0x100");
	KUNIT_EXPECT_STREQ(test, trace_print_flags_seq(p, "|", 0, tok_flags), "");
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(p));
}

static const struct trace_print_flags tok_syms[] = {
	{ 0, "ZERO" },
	{ 1, "ONE" },
	{ 0x40, "SIXTY_FOUR" },
	{ -1, NULL }
};

static void tok_print_symbolic(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);

	KUNIT_EXPECT_STREQ(test, trace_print_symbols_seq(p, 0, tok_syms), "ZERO");
	KUNIT_EXPECT_STREQ(test, trace_print_symbols_seq(p, 0x40, tok_syms),
			   "SIXTY_FOUR");
	KUNIT_EXPECT_STREQ(test, trace_print_symbols_seq(p, 7, tok_syms), "0x7");
	KUNIT_EXPECT_STREQ(test, trace_print_symbols_seq(p, ULONG_MAX, tok_syms),
			   BITS_PER_LONG == 64 ? "0xffffffffffffffff" :
						 "0xffffffff");
}

/* Several helpers in one line: each result is its own string. */
static void tok_helpers_chain(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);
	const char *a, *b;

	a = trace_print_symbols_seq(p, 1, tok_syms);
	b = trace_print_flags_seq(p, "|", 3, tok_flags);
	KUNIT_EXPECT_STREQ(test, a, "ONE");
	KUNIT_EXPECT_STREQ(test, b, "READ|WRITE");
	KUNIT_EXPECT_PTR_EQ(test, b, a + 4);
	KUNIT_EXPECT_EQ(test, trace_seq_used(p), 4 + 11);
}

static void tok_print_hex(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);
	u8 buf[18];
	int i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = 0xa0 + i;

	KUNIT_EXPECT_STREQ(test, trace_print_hex_seq(p, buf, 3, false),
			   "a0 a1 a2");
	KUNIT_EXPECT_STREQ(test, trace_print_hex_seq(p, buf, 3, true),
			   "a0a1a2");
	KUNIT_EXPECT_STREQ(test, trace_print_hex_seq(p, buf, 0, false), "");
	/* Longer than one 16-byte conversion: the text does not show it. */
	KUNIT_EXPECT_STREQ(test, trace_print_hex_seq(p, buf, 18, false),
			   "a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa ab ac ad ae af b0 b1");
	KUNIT_EXPECT_STREQ(test, trace_print_hex_seq(p, buf, 18, true),
			   "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1");
}

static void tok_print_hex_dump(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);
	static const char data[] = "hi\x01";
#ifdef __LITTLE_ENDIAN
	static const char grouped[] = "\n6968\n";
#else
	static const char grouped[] = "\n6869\n";
#endif

	/* A newline first, then print_hex_dump() rows. */
	KUNIT_EXPECT_STREQ(test,
			   trace_print_hex_dump_seq(p, "d: ", DUMP_PREFIX_OFFSET,
						    16, 1, data, 3, true),
			   "\nd: 00000000: 68 69 01                                         hi.\n");
	KUNIT_EXPECT_STREQ(test,
			   trace_print_hex_dump_seq(p, "", DUMP_PREFIX_NONE,
						    16, 2, data, 2, false),
			   grouped);
}

static void tok_print_array(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);
	static const u8 a8[] = { 1, 0xff, 0 };
	static const u16 a16[] = { 0x1234, 0xffff };
	static const u32 a32[] = { 0xdeadbeef, 7 };
	static const u64 a64[] = { 0x123456789abcdefULL, 0 };
	static const u8 odd[] = { 1, 2, 3, 4, 5, 6 };

	KUNIT_EXPECT_STREQ(test, trace_print_array_seq(p, a8, 3, 1),
			   "{0x1,0xff,0x0}");
	KUNIT_EXPECT_STREQ(test, trace_print_array_seq(p, a16, 2, 2),
			   "{0x1234,0xffff}");
	KUNIT_EXPECT_STREQ(test, trace_print_array_seq(p, a32, 2, 4),
			   "{0xdeadbeef,0x7}");
	KUNIT_EXPECT_STREQ(test, trace_print_array_seq(p, a64, 2, 8),
			   "{0x123456789abcdef,0x0}");
	KUNIT_EXPECT_STREQ(test, trace_print_array_seq(p, a8, 0, 4), "{}");
	/* Any other size: said once, then every byte. */
	KUNIT_EXPECT_STREQ(test, trace_print_array_seq(p, odd, 2, 3),
			   "{BAD SIZE:3 0x1,0x2,0x3,0x4,0x5,0x6}");
}

static void tok_print_bitmask(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);
	DECLARE_BITMAP(mask, 64) = { 0 };

	__set_bit(0, mask);
	__set_bit(5, mask);
	__set_bit(40, mask);
	KUNIT_EXPECT_STREQ(test, trace_print_bitmask_seq(p, mask, 8),
			   "00000100,00000021");
	KUNIT_EXPECT_STREQ(test, trace_print_bitmask_seq(p, mask, 2), "0021");
	KUNIT_EXPECT_STREQ(test, trace_print_bitmask_seq(p, mask, 1), "21");
}

/* A helper whose text does not fit leaves the sequence overflowed. */
static void tok_helper_overflow(struct kunit *test)
{
	struct trace_seq *p = tok_seq(test);
	static const u8 bytes[64];

	p->seq.len = TRACE_SEQ_BUFFER_SIZE - 8;
	trace_print_hex_seq(p, bytes, sizeof(bytes), false);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(p));
	KUNIT_EXPECT_EQ(test, trace_seq_used(p), (int)TRACE_SEQ_BUFFER_SIZE - 8);
}

static const char *tok_lat(struct kunit *test, struct trace_seq *s,
			   unsigned char flags, unsigned char preempt)
{
	struct trace_entry e = { .flags = flags, .preempt_count = preempt };

	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, trace_print_lat_fmt(s, &e), 1);
	trace_seq_putc(s, '\0');
	return s->buffer;
}

static void tok_lat_fmt(struct kunit *test)
{
	struct trace_seq *s = tok_seq(test);

	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, 0, 0), ".....");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_IRQS_OFF, 1), "d..1.");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_IRQS_OFF |
					 TRACE_FLAG_BH_OFF, 0), "D....");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_BH_OFF, 0), "b....");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_IRQS_NOSUPPORT, 0),
			   "X....");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_NEED_RESCHED, 0),
			   ".n...");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_PREEMPT_RESCHED, 0),
			   ".p...");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_NEED_RESCHED |
					 TRACE_FLAG_PREEMPT_RESCHED, 0), ".N...");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_NMI |
					 TRACE_FLAG_HARDIRQ, 0), "..Z..");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_NMI, 0), "..z..");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_HARDIRQ |
					 TRACE_FLAG_SOFTIRQ, 0), "..H..");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_HARDIRQ, 0x2f),
			   "..hf2");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_SOFTIRQ, 0x10),
			   "..s.1");
	KUNIT_EXPECT_STREQ(test, tok_lat(test, s, TRACE_FLAG_IRQS_OFF |
					 TRACE_FLAG_NEED_RESCHED |
					 TRACE_FLAG_HARDIRQ, 0xa3), "dnh3a");
}

static void tok_marks(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, trace_find_mark(0), ' ');
	KUNIT_EXPECT_EQ(test, trace_find_mark(10000), ' ');
	KUNIT_EXPECT_EQ(test, trace_find_mark(10001), '+');
	KUNIT_EXPECT_EQ(test, trace_find_mark(100001), '!');
	KUNIT_EXPECT_EQ(test, trace_find_mark(1000001), '#');
	KUNIT_EXPECT_EQ(test, trace_find_mark(10000001), '*');
	KUNIT_EXPECT_EQ(test, trace_find_mark(100000001), '@');
	KUNIT_EXPECT_EQ(test, trace_find_mark(1000000000), '@');
	KUNIT_EXPECT_EQ(test, trace_find_mark(1000000001), '$');
}

/* An iterator over one fake record of the idle task (pid 0). */
static struct trace_iterator *tok_iter(struct kunit *test,
				       unsigned long trace_flags)
{
	struct trace_iterator *iter = kunit_kzalloc(test, sizeof(*iter),
						    GFP_KERNEL);
	struct trace_entry *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, iter);
	KUNIT_ASSERT_NOT_NULL(test, e);
	iter->tr = kunit_kzalloc(test, sizeof(*iter->tr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter->tr);
	iter->tr->trace_flags = trace_flags;
	e->pid = 0;
	e->flags = TRACE_FLAG_IRQS_OFF | TRACE_FLAG_HARDIRQ;
	e->preempt_count = 1;
	iter->ent = e;
	iter->cpu = 1;
	iter->ts = 12345678901234ULL;
	iter->iter_flags = TRACE_FILE_TIME_IN_NS;
	trace_seq_init(&iter->seq);
	return iter;
}

static const char *tok_context(struct kunit *test, struct trace_iterator *iter)
{
	KUNIT_EXPECT_EQ(test, trace_print_context(iter), 1);
	trace_seq_putc(&iter->seq, '\0');
	return iter->seq.buffer;
}

static void tok_context_columns(struct kunit *test)
{
	struct trace_iterator *iter;

	iter = tok_iter(test, 0);
	KUNIT_EXPECT_STREQ(test, tok_context(test, iter),
			   "          <idle>-0       [001]  12345.678901: ");

	iter = tok_iter(test, TRACE_ITER_IRQ_INFO);
	KUNIT_EXPECT_STREQ(test, tok_context(test, iter),
			   "          <idle>-0       [001] d.h1. 12345.678901: ");

	/* No tgid was ever saved for pid 0. */
	iter = tok_iter(test, TRACE_ITER_IRQ_INFO | TRACE_ITER_RECORD_TGID);
	KUNIT_EXPECT_STREQ(test, tok_context(test, iter),
			   "          <idle>-0       (-------) [001] d.h1. 12345.678901: ");

	/* A clock that does not count nanoseconds prints raw counts. */
	iter = tok_iter(test, 0);
	iter->iter_flags = 0;
	iter->ts = 42;
	KUNIT_EXPECT_STREQ(test, tok_context(test, iter),
			   "          <idle>-0       [001]            42: ");
}

static enum print_line_t tok_nop(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	return TRACE_TYPE_HANDLED;
}

static void tok_registry(struct kunit *test)
{
	struct trace_event_functions funcs = { .trace = tok_nop };
	struct trace_event a = { .funcs = &funcs };
	struct trace_event b = { .funcs = &funcs };
	struct trace_event fixed = { .type = TRACE_FN, .funcs = &funcs };
	int ida, idb;

	ida = register_trace_event(&a);
	KUNIT_ASSERT_GE(test, ida, (int)__TRACE_LAST_TYPE);
	idb = register_trace_event(&b);
	KUNIT_ASSERT_GT(test, idb, 0);
	KUNIT_EXPECT_NE(test, ida, idb);

	down_read(&trace_event_sem);
	KUNIT_EXPECT_PTR_EQ(test, ftrace_find_event(ida), &a);
	KUNIT_EXPECT_PTR_EQ(test, ftrace_find_event(idb), &b);
	up_read(&trace_event_sem);

	/* Unset printers fall back to "type: N". */
	KUNIT_EXPECT_PTR_EQ(test, (void *)funcs.raw, (void *)trace_nop_print);
	KUNIT_EXPECT_PTR_EQ(test, (void *)funcs.trace, (void *)tok_nop);

	/* A freed id is the lowest free one, so it is handed out again. */
	unregister_trace_event(&a);
	down_read(&trace_event_sem);
	KUNIT_EXPECT_NULL(test, ftrace_find_event(ida));
	up_read(&trace_event_sem);
	if (ida < idb) {
		a.type = 0;
		KUNIT_EXPECT_EQ(test, register_trace_event(&a), ida);
		unregister_trace_event(&a);
	}
	unregister_trace_event(&b);

	/* The built-in TRACE_FN printers hold their fixed type. */
	KUNIT_EXPECT_EQ(test, register_trace_event(&fixed), 0);
	down_read(&trace_event_sem);
	KUNIT_EXPECT_PTR_NE(test, ftrace_find_event(TRACE_FN), &fixed);
	KUNIT_EXPECT_NOT_NULL(test, ftrace_find_event(TRACE_FN));
	up_read(&trace_event_sem);
}

static struct kunit_case trace_output_cases[] = {
	KUNIT_CASE(tok_print_flags),
	KUNIT_CASE(tok_print_symbolic),
	KUNIT_CASE(tok_helpers_chain),
	KUNIT_CASE(tok_print_hex),
	KUNIT_CASE(tok_print_hex_dump),
	KUNIT_CASE(tok_print_array),
	KUNIT_CASE(tok_print_bitmask),
	KUNIT_CASE(tok_helper_overflow),
	KUNIT_CASE(tok_lat_fmt),
	KUNIT_CASE(tok_marks),
	KUNIT_CASE(tok_context_columns),
	KUNIT_CASE(tok_registry),
	{}
};

static struct kunit_suite trace_output_suite = {
	.name = "trace_output",
	.test_cases = trace_output_cases,
};

kunit_test_suite(trace_output_suite);

MODULE_DESCRIPTION("KUnit tests for the trace output library");
MODULE_LICENSE("GPL");
