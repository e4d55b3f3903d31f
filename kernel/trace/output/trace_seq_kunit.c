// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_seq": the trace_seq contract of
 * include/linux/trace_seq.h, checked from outside.
 *
 *  - the text of every writer (printf, vprintf, bprintf, puts, putc,
 *    putmem, putmem_hex, bitmask, path, hex_dump, acquire);
 *  - all or nothing: for each writer, a write that needs exactly the
 *    room left is taken, one byte more is refused whole, marks the
 *    sequence full, and every later write is ignored until init;
 *  - a zeroed trace_seq works without trace_seq_init();
 *  - trace_seq_to_user(): partial copies advance readpos, -EBUSY when
 *    drained, 0 for an empty request, -EFAULT for a bad address.
 *
 * Expected strings follow the documented formats: printf(3) and the
 * kernel's %p extensions (Documentation/core-api/printk-formats.rst),
 * print_hex_dump() (lib/hexdump.c kernel-doc), seq_buf_putmem_hex()
 * (hex digits of each group of up to 8 bytes in the CPU's byte order,
 * then a space).
 */
#include <kunit/test.h>
#include <linux/trace_seq.h>
#include <linux/string.h>
#include <linux/namei.h>
#include <linux/mman.h>
#include <linux/slab.h>
#include <linux/printk.h>

static struct trace_seq *tsk_alloc(struct kunit *test)
{
	/* Zeroed on purpose: no trace_seq_init(), the first write must do it. */
	struct trace_seq *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	return s;
}

/* The text of @s as a C string (it is not NUL-terminated by itself). */
static const char *tsk_text(struct kunit *test, struct trace_seq *s)
{
	char *t = kunit_kzalloc(test, trace_seq_used(s) + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	memcpy(t, s->buffer, trace_seq_used(s));
	return t;
}

/* @s holds exactly @want and has not overflowed. */
static void expect_seq(struct kunit *test, struct trace_seq *s,
		       const char *want)
{
	KUNIT_EXPECT_STREQ(test, tsk_text(test, s), want);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
}

/* Leave exactly @room bytes free in @s (which must be empty). */
static void tsk_fill(struct kunit *test, struct trace_seq *s, unsigned int room)
{
	unsigned int n = TRACE_SEQ_BUFFER_SIZE - room;
	char *junk = kunit_kmalloc(test, n, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, junk);
	memset(junk, 'x', n);
	trace_seq_init(s);
	trace_seq_putmem(s, junk, n);
	KUNIT_ASSERT_EQ(test, trace_seq_used(s), (int)n);
	KUNIT_ASSERT_FALSE(test, trace_seq_has_overflowed(s));
}

static void tsk_zeroed_and_init(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);

	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	trace_seq_puts(s, "abc");
	expect_seq(test, s, "abc");
	KUNIT_EXPECT_EQ(test, (int)s->seq.size, (int)TRACE_SEQ_BUFFER_SIZE);
	KUNIT_EXPECT_PTR_EQ(test, trace_seq_buffer_ptr(s), s->buffer + 3);

	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);
}

static __printf(2, 3) void tsk_vprintf(struct trace_seq *s, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	trace_seq_vprintf(s, fmt, args);
	va_end(args);
}

static void tsk_printf(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);

	trace_seq_printf(s, "%d|%-4s|%05x|%c", -12, "ab", 0xbeef, 'z');
	expect_seq(test, s, "-12|ab  |0beef|z");
	tsk_vprintf(s, " %llu %s", 18446744073709551615ULL, "end");
	expect_seq(test, s, "-12|ab  |0beef|z 18446744073709551615 end");
}

static void tsk_bprintf(struct kunit *test)
{
	static const char fmt[] = "%s=%d/%lx";
	struct trace_seq *s = tsk_alloc(test);
	u32 bin[32];
	int words;

	words = bprintf(bin, ARRAY_SIZE(bin), fmt, "cpu", 3, 0xabcUL);
	KUNIT_ASSERT_GT(test, words, 0);
	trace_seq_bprintf(s, fmt, bin);
	expect_seq(test, s, "cpu=3/abc");
}

static void tsk_puts_putc_putmem(struct kunit *test)
{
	static const char bytes[] = { 'a', '\0', 'b', '\n' };
	struct trace_seq *s = tsk_alloc(test);

	trace_seq_puts(s, "hello");
	trace_seq_putc(s, ' ');
	trace_seq_puts(s, "");
	trace_seq_putc(s, '!');
	expect_seq(test, s, "hello !");

	trace_seq_init(s);
	trace_seq_putmem(s, bytes, sizeof(bytes));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 4);
	KUNIT_EXPECT_EQ(test, memcmp(s->buffer, bytes, sizeof(bytes)), 0);
	trace_seq_putc(s, '\0');
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 5);
	KUNIT_EXPECT_EQ(test, s->buffer[4], '\0');
}

static void tsk_putmem_hex(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);
	u32 word = 0x12345678;
	u8 one = 0x5a;
	u8 ten[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };

	/* A value reads as a number: digits most significant first. */
	trace_seq_putmem_hex(s, &word, sizeof(word));
	expect_seq(test, s, "12345678 ");

	trace_seq_init(s);
	trace_seq_putmem_hex(s, &one, 1);
	expect_seq(test, s, "5a ");

	/* Ten bytes: a group of eight, then one of two, each in CPU order. */
	trace_seq_init(s);
	trace_seq_putmem_hex(s, ten, sizeof(ten));
#ifdef __LITTLE_ENDIAN
	expect_seq(test, s, "0706050403020100 0908 ");
#else
	expect_seq(test, s, "0001020304050607 0809 ");
#endif
}

static void tsk_bitmask(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);
	DECLARE_BITMAP(mask, 64) = { 0 };

	__set_bit(0, mask);
	__set_bit(1, mask);
	__set_bit(36, mask);
	trace_seq_bitmask(s, mask, 64);
	expect_seq(test, s, "00000010,00000003");

	trace_seq_init(s);
	trace_seq_bitmask(s, mask, 12);
	expect_seq(test, s, "003");
}

static void tsk_hex_dump(struct kunit *test)
{
	static const char abc[] = "ABC";
	struct trace_seq *s = tsk_alloc(test);
	u8 row[20];
	int i;

	for (i = 0; i < sizeof(row); i++)
		row[i] = 0x30 + i;	/* '0' ... 'C' */

	/* ASCII column at rowsize * 2 + rowsize / groupsize + 1 = 49. */
	KUNIT_EXPECT_EQ(test, trace_seq_hex_dump(s, "p:", DUMP_PREFIX_NONE, 16,
						 1, abc, 3, true), 1);
	expect_seq(test, s, "p:41 42 43                                         ABC\n");

	trace_seq_init(s);
	trace_seq_hex_dump(s, "", DUMP_PREFIX_OFFSET, 16, 1, row, sizeof(row),
			   false);
	expect_seq(test, s,
		   "00000000: 30 31 32 33 34 35 36 37 38 39 3a 3b 3c 3d 3e 3f\n"
		   "00000010: 40 41 42 43\n");

	trace_seq_init(s);
	trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 4, row, 8, false);
#ifdef __LITTLE_ENDIAN
	expect_seq(test, s, "33323130 37363534\n");
#else
	expect_seq(test, s, "30313233 34353637\n");
#endif
}

static void tsk_path(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);
	struct path root;

	KUNIT_ASSERT_EQ(test, kern_path("/", 0, &root), 0);
	KUNIT_EXPECT_EQ(test, trace_seq_path(s, &root), 1);
	expect_seq(test, s, "/");

	/* No room for even one byte: refused, full. */
	tsk_fill(test, s, 0);
	KUNIT_EXPECT_EQ(test, trace_seq_path(s, &root), 0);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), (int)TRACE_SEQ_BUFFER_SIZE);
	path_put(&root);
}

static void tsk_acquire(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);
	char *p;

	trace_seq_puts(s, "ab");
	p = trace_seq_acquire(s, 3);
	KUNIT_EXPECT_PTR_EQ(test, p, s->buffer + 2);
	memcpy(p, "xyz", 3);
	trace_seq_putc(s, '.');
	expect_seq(test, s, "abxyz.");
}

/*
 * All or nothing at the edge, for each writer.  @write adds @len bytes
 * of text and needs @slack bytes more room than that (printf-style
 * writers format with a terminating NUL).  With exactly that room it
 * succeeds; with one byte less it adds nothing and the sequence is
 * full, and then even a write that would fit is dropped until init.
 */
static void tsk_edge(struct kunit *test, struct trace_seq *s, unsigned int len,
		     unsigned int slack, void (*write)(struct trace_seq *s),
		     const char *what)
{
	int before;

	tsk_fill(test, s, len + slack);
	before = trace_seq_used(s);
	write(s);
	KUNIT_EXPECT_EQ_MSG(test, trace_seq_used(s), before + (int)len,
			    "%s with exactly the room it needs", what);
	KUNIT_EXPECT_FALSE_MSG(test, trace_seq_has_overflowed(s), "%s", what);

	tsk_fill(test, s, len + slack - 1);
	before = trace_seq_used(s);
	write(s);
	KUNIT_EXPECT_EQ_MSG(test, trace_seq_used(s), before,
			    "%s one byte short left text behind", what);
	KUNIT_EXPECT_TRUE_MSG(test, trace_seq_has_overflowed(s), "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, s->full, 1, "%s", what);
	trace_seq_putc(s, 'q');
	trace_seq_printf(s, "q");
	KUNIT_EXPECT_EQ_MSG(test, trace_seq_used(s), before,
			    "%s: full is sticky", what);

	trace_seq_init(s);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	trace_seq_putc(s, 'q');
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 1);
}

static void w_printf(struct trace_seq *s) { trace_seq_printf(s, "%s-%d", "abcd", 42); }
static void w_puts(struct trace_seq *s) { trace_seq_puts(s, "abcdefg"); }
static void w_putc(struct trace_seq *s) { trace_seq_putc(s, 'c'); }
static void w_putmem(struct trace_seq *s) { trace_seq_putmem(s, "\0\1\2\3\4", 5); }
static void w_putmem_hex(struct trace_seq *s)
{
	static const u8 twelve[12];

	/* Two groups: 16 digits + space, 8 digits + space. */
	trace_seq_putmem_hex(s, twelve, sizeof(twelve));
}

static void w_bitmask(struct trace_seq *s)
{
	static const unsigned long bits[2] = { 5, 0 };

	trace_seq_bitmask(s, bits, 64);
}

static void w_hex_dump(struct trace_seq *s)
{
	trace_seq_hex_dump(s, ">", DUMP_PREFIX_NONE, 16, 1, "AB", 2, false);
}

static void w_bprintf(struct trace_seq *s)
{
	u32 bin[8];

	bprintf(bin, ARRAY_SIZE(bin), "%u:%u", 10U, 2000U);
	trace_seq_bprintf(s, "%u:%u", bin);
}

static void tsk_all_or_nothing(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);

	/*
	 * printf-style writers need one byte beyond their text for the
	 * formatter's terminating NUL (seq_buf_vprintf()).
	 */
	tsk_edge(test, s, 7, 1, w_printf, "printf");
	tsk_edge(test, s, 7, 1, w_bprintf, "bprintf");
	tsk_edge(test, s, 17, 1, w_bitmask, "bitmask");
	tsk_edge(test, s, 7, 1, w_hex_dump, "hex_dump");
	/* The put writers may use every byte. */
	tsk_edge(test, s, 7, 0, w_puts, "puts");
	tsk_edge(test, s, 1, 0, w_putc, "putc");
	tsk_edge(test, s, 5, 0, w_putmem, "putmem");
	tsk_edge(test, s, 17 + 9, 0, w_putmem_hex, "putmem_hex");
}

static void tsk_overflow_state(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);
	char *big = kunit_kmalloc(test, TRACE_SEQ_BUFFER_SIZE + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, big);
	memset(big, 'y', TRACE_SEQ_BUFFER_SIZE);
	big[TRACE_SEQ_BUFFER_SIZE] = '\0';

	trace_seq_puts(s, "keep");
	trace_seq_puts(s, big);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_STREQ(test, tsk_text(test, s), "keep");
	KUNIT_EXPECT_LE(test, trace_seq_used(s), (int)TRACE_SEQ_BUFFER_SIZE);

	trace_seq_init(s);
	trace_seq_printf(s, "%s", big);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);

	/* Exactly the whole buffer by putmem is not an overflow. */
	trace_seq_init(s);
	trace_seq_putmem(s, big, TRACE_SEQ_BUFFER_SIZE);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), (int)TRACE_SEQ_BUFFER_SIZE);
	KUNIT_EXPECT_PTR_EQ(test, trace_seq_buffer_ptr(s),
			    s->buffer + TRACE_SEQ_BUFFER_SIZE);
}

static void tsk_to_user(struct kunit *test)
{
	struct trace_seq *s = tsk_alloc(test);
	char back[16] = { 0 };
	unsigned long uaddr;
	char __user *ubuf;

	uaddr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_TRUE_MSG(test, uaddr && !IS_ERR_VALUE(uaddr),
			      "no user mapping");
	ubuf = (char __user *)uaddr;

	/* Nothing written yet: nothing to read. */
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 8), -EBUSY);

	trace_seq_puts(s, "0123456789");
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 0), 0);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 4), 4);
	KUNIT_EXPECT_EQ(test, (int)s->readpos, 4);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf + 4, 100), 6);
	KUNIT_EXPECT_EQ(test, (int)s->readpos, 10);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 1), -EBUSY);
	KUNIT_ASSERT_EQ(test, copy_from_user(back, ubuf, 10), 0UL);
	KUNIT_EXPECT_STREQ(test, back, "0123456789");

	/* A write after a partial read is read next. */
	trace_seq_putc(s, 'Z');
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 8), 1);
	KUNIT_ASSERT_EQ(test, copy_from_user(back, ubuf, 1), 0UL);
	KUNIT_EXPECT_EQ(test, back[0], 'Z');

	/* An unmapped destination copies nothing. */
	trace_seq_init(s);
	trace_seq_puts(s, "abc");
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, (char __user *)16, 3), -EFAULT);
	KUNIT_EXPECT_EQ(test, (int)s->readpos, 0);
}

static struct kunit_case trace_seq_cases[] = {
	KUNIT_CASE(tsk_zeroed_and_init),
	KUNIT_CASE(tsk_printf),
	KUNIT_CASE(tsk_bprintf),
	KUNIT_CASE(tsk_puts_putc_putmem),
	KUNIT_CASE(tsk_putmem_hex),
	KUNIT_CASE(tsk_bitmask),
	KUNIT_CASE(tsk_hex_dump),
	KUNIT_CASE(tsk_path),
	KUNIT_CASE(tsk_acquire),
	KUNIT_CASE(tsk_all_or_nothing),
	KUNIT_CASE(tsk_overflow_state),
	KUNIT_CASE(tsk_to_user),
	{}
};

static struct kunit_suite trace_seq_suite = {
	.name = "trace_seq",
	.test_cases = trace_seq_cases,
};

kunit_test_suite(trace_seq_suite);

MODULE_DESCRIPTION("KUnit tests for trace_seq");
MODULE_LICENSE("GPL");
