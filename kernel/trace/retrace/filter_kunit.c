// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "retrace_filter" for the event filter
 * language (kernel/trace/retrace/filter*.c).
 *
 * A made-up event (struct rtfk_rec) has a field of every kind the filter
 * knows.  The cases compile filters against it and run them on records:
 *   - every operator on integers of each width and signedness, with the
 *     operand cut to the field's width;
 *   - strings in char arrays (flexible ones too), __data_loc, __rel_loc,
 *     kernel and user pointers and COMM, with ==, != and each form of ~ pattern;
 *   - CPU, CPUS{} against CPU, integer and cpumask fields;
 *   - .function through a fake symbol table and through kallsyms;
 *   - precedence, '!', parentheses and short-circuit (the number of tests
 *     a record runs), plus 2000 random expressions checked against a
 *     reference evaluator;
 *   - the errno, message and caret position of malformed filters, which
 *     are an interface (filter.rst lists the rules);
 *   - the function-event form (rtf_schema.ip_only) that perf hands to
 *     the function tracer, through rtf_ip_patterns();
 *   - hostile input: huge names, operands and texts, 4000 levels of
 *     parentheses, 1500 predicates, control and non-ASCII bytes, and
 *     random byte strings, which must fail cleanly or compile and run.
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/kallsyms.h>
#include <linux/mman.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "filter.h"
#include "filter_prog.h"

struct rtfk_rec {
	u16		common_type;
	u8		common_flags;
	u8		common_preempt_count;
	s32		common_pid;
	s8		s8v;
	u8		u8v;
	s16		s16v;
	u16		u16v;
	u8		odd[6];
	s32		s32v;
	u32		u32v;
	s64		s64v;
	u64		u64v;
	char		name[16];
	u32		dstr;
	u32		rstr;
	u32		mask;
	u32		cpuv;
	unsigned long	kptr;
	unsigned long	uptr;
	unsigned long	addr;
	char		data[192];
};

#define RTFK_OFS(member)	offsetof(struct rtfk_rec, member)
#define RTFK_SZ(member)		sizeof_field(struct rtfk_rec, member)

static const struct rtf_field rtfk_fields[] = {
	{ "common_type", RTFK_OFS(common_type), RTFK_SZ(common_type), RTF_FIELD_INT, false },
	{ "common_flags", RTFK_OFS(common_flags), RTFK_SZ(common_flags), RTF_FIELD_INT, false },
	{ "common_preempt_count", RTFK_OFS(common_preempt_count),
	  RTFK_SZ(common_preempt_count), RTF_FIELD_INT, false },
	{ "common_pid", RTFK_OFS(common_pid), RTFK_SZ(common_pid), RTF_FIELD_INT, true },
	{ "s8v", RTFK_OFS(s8v), RTFK_SZ(s8v), RTF_FIELD_INT, true },
	{ "u8v", RTFK_OFS(u8v), RTFK_SZ(u8v), RTF_FIELD_INT, false },
	{ "s16v", RTFK_OFS(s16v), RTFK_SZ(s16v), RTF_FIELD_INT, true },
	{ "u16v", RTFK_OFS(u16v), RTFK_SZ(u16v), RTF_FIELD_INT, false },
	{ "odd", RTFK_OFS(odd), RTFK_SZ(odd), RTF_FIELD_INT, false },
	{ "s32v", RTFK_OFS(s32v), RTFK_SZ(s32v), RTF_FIELD_INT, true },
	{ "u32v", RTFK_OFS(u32v), RTFK_SZ(u32v), RTF_FIELD_INT, false },
	{ "s64v", RTFK_OFS(s64v), RTFK_SZ(s64v), RTF_FIELD_INT, true },
	{ "u64v", RTFK_OFS(u64v), RTFK_SZ(u64v), RTF_FIELD_INT, false },
	{ "name", RTFK_OFS(name), RTFK_SZ(name), RTF_FIELD_CHAR_ARRAY, false },
	{ "dstr", RTFK_OFS(dstr), RTFK_SZ(dstr), RTF_FIELD_DATA_LOC_STR, false },
	{ "rstr", RTFK_OFS(rstr), RTFK_SZ(rstr), RTF_FIELD_REL_LOC_STR, false },
	{ "mask", RTFK_OFS(mask), RTFK_SZ(mask), RTF_FIELD_CPUMASK, false },
	{ "cpuv", RTFK_OFS(cpuv), RTFK_SZ(cpuv), RTF_FIELD_INT, false },
	{ "kptr", RTFK_OFS(kptr), RTFK_SZ(kptr), RTF_FIELD_PTR_STR, false },
	{ "uptr", RTFK_OFS(uptr), RTFK_SZ(uptr), RTF_FIELD_PTR_STR, false },
	{ "addr", RTFK_OFS(addr), RTFK_SZ(addr), RTF_FIELD_INT, false },
};

/* Two fake functions: rtfk_a at [0x1000, 0x1100), rtfk_b at [0x2000, 0x2040). */
static unsigned long rtfk_sym_name(const char *name)
{
	if (!strcmp(name, "rtfk_a"))
		return 0x1000;
	if (!strcmp(name, "rtfk_b"))
		return 0x2000;
	return 0;
}

static bool rtfk_sym_range(unsigned long addr, unsigned long *start,
			   unsigned long *size)
{
	if (addr >= 0x1000 && addr < 0x1100) {
		*start = 0x1000;
		*size = 0x100;
		return true;
	}
	if (addr >= 0x2000 && addr < 0x2040) {
		*start = 0x2000;
		*size = 0x40;
		return true;
	}
	return false;
}

static const struct rtf_symbols rtfk_symbols = {
	.lookup_name	= rtfk_sym_name,
	.lookup_range	= rtfk_sym_range,
};

static const struct rtf_schema rtfk_schema = {
	.fields		= rtfk_fields,
	.nr_fields	= ARRAY_SIZE(rtfk_fields),
	.symbols	= &rtfk_symbols,
};

static const char rtfk_kstring[] = "hello world";

/* Put @s (NUL included) at @at in the data area; return its __data_loc. */
static u32 rtfk_put(struct rtfk_rec *r, unsigned int at, const char *s)
{
	unsigned int len = strlen(s) + 1;

	memcpy(r->data + at, s, len);
	return (len << 16) | (offsetof(struct rtfk_rec, data) + at);
}

/* Set the cpumask field to the CPUs in @cpus (a bit per CPU, < 64). */
static void rtfk_put_mask(struct rtfk_rec *r, unsigned int at, u64 cpus)
{
	unsigned int words = BITS_TO_LONGS(nr_cpu_ids), i;
	unsigned long w[2] = { (unsigned long)cpus,
			       (unsigned long)(cpus >> 32 >> (BITS_PER_LONG - 32)) };

	for (i = 0; i < words; i++)
		memcpy(r->data + at + i * sizeof(long),
		       i < ARRAY_SIZE(w) ? &w[i] : &(unsigned long){ 0 },
		       sizeof(long));
	r->mask = ((words * sizeof(long)) << 16) |
		  (offsetof(struct rtfk_rec, data) + at);
}

static void rtfk_fill(struct rtfk_rec *r)
{
	u32 loc;

	memset(r, 0, sizeof(*r));
	r->common_type = 42;
	r->common_pid = 1234;
	r->s8v = -5;
	r->u8v = 200;
	r->s16v = -300;
	r->u16v = 60000;
	r->s32v = -70000;
	r->u32v = 4000000000U;
	r->s64v = -5000000000LL;
	r->u64v = 0xfffffffffffffff0ULL;
	strscpy(r->name, "kworker/1:2", sizeof(r->name));
	r->dstr = rtfk_put(r, 0, "bash");
	/* __rel_loc counts from the end of its own u32. */
	loc = rtfk_put(r, 16, "systemd-journal");
	r->rstr = (loc & 0xffff0000) |
		  ((loc & 0xffff) - offsetof(struct rtfk_rec, rstr) - 4);
	rtfk_put_mask(r, 64, BIT(1));
	r->cpuv = 1;
	r->kptr = (unsigned long)rtfk_kstring;
	r->addr = 0x1010;
}

/* Compile @text against the test schema; the test fails if it does not. */
static struct rtf_prog *rtfk_compile(struct kunit *test, const char *text)
{
	struct rtf_error err;
	struct rtf_prog *prog;

	prog = rtf_compile(&rtfk_schema, text, &err);
	KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(prog),
			       "\"%s\": errno %d, \"%s\" at %u", text, err.err,
			       rtf_msg_text(err.msg), err.pos);
	return IS_ERR(prog) ? NULL : prog;
}

static bool rtfk_run(const struct rtf_prog *prog, const struct rtfk_rec *r,
		     unsigned int size, unsigned int *steps)
{
	bool hit;

	preempt_disable();
	hit = rtf_run(prog, r, size, steps);
	preempt_enable();
	return hit;
}

struct rtfk_case {
	const char	*text;
	bool		match;
};

static void rtfk_expect(struct kunit *test, const struct rtfk_rec *r,
			const char *text, bool match)
{
	struct rtf_prog *prog = rtfk_compile(test, text);

	if (!prog)
		return;
	KUNIT_EXPECT_EQ_MSG(test, rtfk_run(prog, r, sizeof(*r), NULL), match,
			    "\"%s\"", text);
	rtf_free(prog);
}

static void rtfk_table(struct kunit *test, const struct rtfk_rec *r,
		       const struct rtfk_case *c, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rtfk_expect(test, r, c[i].text, c[i].match);
}

static const struct rtfk_case rtfk_int_cases[] = {
	{ "s8v == -5", true },		{ "s8v != -5", false },
	{ "s8v < 0", true },		{ "s8v <= -6", false },
	{ "s8v > -6", true },		{ "s8v >= -5", true },
	{ "s8v & 1", true },		{ "s8v & 4", false },
	{ "s8v == 0xfb", true },	/* cut to 8 bits: -5 */
	{ "u8v == 200", true },		{ "u8v > 100", true },
	{ "u8v == 0310", true },	{ "u8v == 0xc8", true },
	{ "u8v == 456", true },		/* 456 & 0xff == 200 */
	{ "u8v < 0x100", false },	/* 0x100 cut to 0 */
	{ "s16v == -300", true },	{ "s16v < -299", true },
	{ "s16v > 0", false },
	{ "u16v >= 60000", true },	{ "u16v == 0xea60", true },
	{ "s32v < -69999", true },	{ "s32v > 0", false },
	{ "u32v > 3999999999", true },	{ "u32v > 0", true },
	{ "u32v & 0x80000000", true },
	{ "s64v == -5000000000", true },
	{ "s64v < -4999999999", true },	{ "s64v > -5000000001", true },
	{ "u64v > 0xffffffffffffffef", true },
	{ "u64v & 0x10", true },	{ "u64v & 0xf", false },
	{ "u64v == 18446744073709551600", true },
	{ "common_pid == 1234", true },	{ "common_pid != 1234", false },
	{ "common_type == 42", true },	{ "common_flags == 0", true },
	/* a 6-byte integer is accepted and never matches, even with != */
	{ "odd == 0", false },		{ "odd != 0", false },
	{ "\tu8v\n==\t200\n", true },	{ "u8v==200", true },
	/* 0xa0 is a blank for the kernel's isspace() */
	{ "u8v ==\240\062\060\060", true },	/* "200" */
	{ "STACKTRACE == 0x4d20000002a", true },	/* first 8 bytes, LE */
};

static void rtfk_ints(struct kunit *test)
{
	struct rtfk_rec r;

	rtfk_fill(&r);
	rtfk_table(test, &r, rtfk_int_cases, ARRAY_SIZE(rtfk_int_cases));
	KUNIT_EXPECT_TRUE(test, rtf_match(NULL, &r, sizeof(r)));
}

static const struct rtfk_case rtfk_string_cases[] = {
	{ "name == \"kworker/1:2\"", true },
	{ "name != 'kworker/1:2'", false },
	{ "name == \"kworker\"", false },
	{ "name == \"kworker/1:2x\"", false },
	{ "name ~ \"kworker*\"", true },
	{ "name ~ \"*1:2\"", true },
	{ "name ~ \"*2\"", true },
	{ "name ~ \"*er/1*\"", true },
	{ "name ~ \"k?orker/[0-9]:*\"", true },
	{ "name ~ \"k*r/1:?\"", true },
	{ "name ~ \"!kworker*\"", false },
	{ "name ~ \"!kthread*\"", true },
	{ "name ~ \"kthread*\"", false },
	{ "name ~ \"*\"", true },
	{ "name ~ \"**\"", true },
	{ "name ~ \"\"", false },
	{ "name ~ \"!\"", true },
	{ "name ~ \"kworker/1:2\"", true },
	{ "name ~ \"kworker\\/1:2\"", true },	/* a glob escape */
	{ "name == 'kworker*'", false },	/* == takes '*' literally */
	{ "dstr == 'bash'", true },		{ "dstr != 'bash'", false },
	{ "dstr ~ '*sh'", true },		{ "dstr ~ 'ba*'", true },
	{ "dstr ~ '*as*'", true },		{ "dstr ~ 'b[a-z]sh'", true },
	{ "dstr == 'bas'", false },		{ "dstr == 'bash '", false },
	{ "rstr == 'systemd-journal'", true },
	{ "rstr ~ 'systemd-*'", true },		{ "rstr ~ '*journal'", true },
	{ "kptr == 'hello world'", true },	{ "kptr ~ '*wor*'", true },
	{ "kptr != 'hello'", true },
	{ "COMM != 'no such task name'", true },
	{ "comm ~ '*'", true },
};

static void rtfk_strings(struct kunit *test)
{
	char text[64];
	struct rtfk_rec r;

	rtfk_fill(&r);
	rtfk_table(test, &r, rtfk_string_cases, ARRAY_SIZE(rtfk_string_cases));

	snprintf(text, sizeof(text), "COMM == \"%s\"", current->comm);
	rtfk_expect(test, &r, text, true);
	snprintf(text, sizeof(text), "comm ~ '%.3s*'", current->comm);
	rtfk_expect(test, &r, text, true);

	/* A full array with no NUL: all 16 bytes count, no more. */
	memset(r.name, 'a', sizeof(r.name));
	rtfk_expect(test, &r, "name == 'aaaaaaaaaaaaaaaa'", true);
	rtfk_expect(test, &r, "name == 'aaaaaaaaaaaaaaaaa'", false);
	rtfk_expect(test, &r, "name ~ '*aaa'", true);

	/* An empty __data_loc string. */
	r.dstr = rtfk_put(&r, 0, "");
	rtfk_expect(test, &r, "dstr == ''", true);
	rtfk_expect(test, &r, "dstr ~ '*'", true);

	/* An unreadable pointer is a mismatch for == and != alike. */
	r.kptr = 16;
	rtfk_expect(test, &r, "kptr == 'x'", false);
	rtfk_expect(test, &r, "kptr != 'x'", false);
}

/* "field.ustring" reads a user-space string; without it, a kernel one. */
static void rtfk_ustring(struct kunit *test)
{
	static const char text[] = "from user space";
	unsigned long uaddr;
	struct rtfk_rec r;

	uaddr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (IS_ERR_VALUE(uaddr) || !uaddr)
		kunit_skip(test, "no user mapping for the test");
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)uaddr, text,
					   sizeof(text)), 0);
	rtfk_fill(&r);
	r.uptr = uaddr;
	rtfk_expect(test, &r, "uptr.ustring == 'from user space'", true);
	rtfk_expect(test, &r, "uptr.ustring ~ '*user*'", true);
	rtfk_expect(test, &r, "uptr.ustring != 'from user space'", false);
	/* A user address read as a kernel string fails: a mismatch. */
	rtfk_expect(test, &r, "uptr == 'from user space'", false);
	/* A kernel address read as a user string fails too. */
	rtfk_expect(test, &r, "kptr.ustring == 'hello world'", false);
}

static void rtfk_cpus(struct kunit *test)
{
	/* "<before><this CPU><after>" and whether it matches. */
	static const struct {
		const char	*before;
		const char	*after;
		bool		match;
	} running[] = {
		{ "CPU == ", "", true },	{ "cpu != ", "", false },
		{ "common_cpu >= ", "", true },	{ "CPU < ", "", false },
		{ "CPU <= ", "", true },	{ "CPU > ", "", false },
		{ "CPU & ", "", false },	/* accepted, never true */
		{ "CPU & CPUS{", "}", true },	{ "CPU == CPUS{", "}", true },
		{ "CPU != CPUS{", "}", false },
	};
	struct rtf_prog *progs[ARRAY_SIZE(running)];
	struct rtfk_rec r;
	unsigned int cpu, i;
	char text[64];

	rtfk_fill(&r);
	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < ARRAY_SIZE(running); i++) {
		snprintf(text, sizeof(text), "%s%u%s", running[i].before, cpu,
			 running[i].after);
		progs[i] = rtfk_compile(test, text);
	}
	for (i = 0; i < ARRAY_SIZE(running); i++) {
		if (!progs[i])
			continue;
		KUNIT_EXPECT_EQ_MSG(test, rtfk_run(progs[i], &r, sizeof(r), NULL),
				    running[i].match, "%s%u%s on CPU %u",
				    running[i].before, cpu, running[i].after,
				    cpu);
		rtf_free(progs[i]);
	}
	migrate_enable();

	/* An integer field holding a CPU number (1), against sets. */
	rtfk_expect(test, &r, "cpuv & CPUS{1}", true);
	rtfk_expect(test, &r, "cpuv == CPUS{1}", true);
	rtfk_expect(test, &r, "cpuv == CPUS{0}", false);
	rtfk_expect(test, &r, "cpuv != CPUS{0}", true);

	/* The cpumask field holds {1}. */
	rtfk_expect(test, &r, "mask & CPUS{1}", true);
	rtfk_expect(test, &r, "mask == CPUS{1}", true);
	rtfk_expect(test, &r, "mask == CPUS{0}", false);
	rtfk_expect(test, &r, "mask != CPUS{0}", true);
	rtfk_expect(test, &r, "mask & CPUS{0}", false);

	if (nr_cpu_ids < 2)
		kunit_skip(test, "sets of two CPUs need two CPUs");

	rtfk_expect(test, &r, "CPU & CPUS{0-1}", raw_smp_processor_id() < 2);
	rtfk_expect(test, &r, "CPU == CPUS{0-1}", false);
	rtfk_expect(test, &r, "CPU != CPUS{0-1}", true);
	rtfk_expect(test, &r, "cpuv & CPUS{0-1}", true);
	rtfk_expect(test, &r, "cpuv == CPUS{0,1}", false);
	rtfk_expect(test, &r, "cpuv != CPUS{0-1}", true);
	rtfk_expect(test, &r, "mask & CPUS{0-1}", true);
	rtfk_expect(test, &r, "mask == CPUS{0-1}", false);
	rtfk_expect(test, &r, "mask != CPUS{0-1}", true);

	rtfk_put_mask(&r, 64, BIT(0) | BIT(1));
	rtfk_expect(test, &r, "mask == CPUS{0-1}", true);
	rtfk_expect(test, &r, "mask == CPUS{1}", false);
	rtfk_expect(test, &r, "mask != CPUS{1}", true);
	rtfk_expect(test, &r, "mask & CPUS{1}", true);

	/* A CPU number no CPU has: false whatever the operator. */
	r.cpuv = 5000;
	rtfk_expect(test, &r, "cpuv != CPUS{0-1}", false);
	rtfk_expect(test, &r, "cpuv & CPUS{0-1}", false);
}

static void rtfk_function(struct kunit *test)
{
	static const struct rtfk_case cases[] = {
		{ "addr.function == rtfk_a", true },
		{ "addr.function != rtfk_a", false },
		{ "addr.function == rtfk_b", false },
		{ "addr.function != rtfk_b", true },
		{ "addr.function == 0x1000", true },
		{ "addr.function == 0x10ff", true },
		{ "addr.function == 4096", true },
	};
	const struct rtf_schema real = {
		.fields = rtfk_fields, .nr_fields = ARRAY_SIZE(rtfk_fields),
	};
	struct rtf_error err;
	struct rtf_prog *prog;
	struct rtfk_rec r;

	rtfk_fill(&r);
	rtfk_table(test, &r, cases, ARRAY_SIZE(cases));
	r.addr = 0x1100;
	rtfk_expect(test, &r, "addr.function == rtfk_a", false);

	if (!IS_ENABLED(CONFIG_KALLSYMS))
		kunit_skip(test, "kallsyms is off");
	/* The real thing: an address inside rtf_compile(). */
	r.addr = (unsigned long)rtf_compile + 1;
	prog = rtf_compile(&real, "addr.function == rtf_compile", &err);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(prog), "errno %d", err.err);
	KUNIT_EXPECT_TRUE(test, rtfk_run(prog, &r, sizeof(r), NULL));
	rtf_free(prog);
	prog = rtf_compile(&real, "addr.function == rtf_free", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_FALSE(test, rtfk_run(prog, &r, sizeof(r), NULL));
	rtf_free(prog);
}

/* t and f: two predicates that are true and false on the test record. */
#define T "u8v == 200"
#define F "u8v == 1"

struct rtfk_logic {
	const char	*text;
	bool		match;
	unsigned int	steps;
};

static const struct rtfk_logic rtfk_logic_cases[] = {
	{ T, true, 1 },
	{ F, false, 1 },
	{ "!" T, false, 1 },
	{ "!!" T, true, 1 },
	{ "! ! !" T, false, 1 },
	{ T " || " F " && " F, true, 1 },	/* && binds first */
	{ "(" T " || " F ") && " F, false, 2 },
	{ F " && " T, false, 1 },		/* short-circuit */
	{ T " || " F, true, 1 },
	{ F " || " T, true, 2 },
	{ T " && " T " && " F, false, 3 },
	{ F " && (" T " || " T ") || " T, true, 2 },
	{ "!(" T " && " F ")", true, 2 },
	{ "!(" T " || " F ")", false, 1 },
	{ "!(" F " || " F ")", true, 2 },
	{ F " || !" F " && " T, true, 3 },
	{ "((((" T "))))", true, 1 },
	{ "!((" F ") || !(" T "))", true, 2 },
	{ T " && !(" F " || !(" T " && " T "))", true, 4 },
	{ "(" F " || " F ") || (" F " || " T ")", true, 4 },
	{ "(" T " && " T ") && (" T " && " F ")", false, 4 },
};

static void rtfk_logic(struct kunit *test)
{
	const struct rtfk_logic *c;
	struct rtf_prog *prog;
	unsigned int steps, i;
	struct rtfk_rec r;

	rtfk_fill(&r);
	for (i = 0; i < ARRAY_SIZE(rtfk_logic_cases); i++) {
		c = &rtfk_logic_cases[i];
		prog = rtfk_compile(test, c->text);
		if (!prog)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, rtfk_run(prog, &r, sizeof(r), &steps),
				    c->match, "\"%s\"", c->text);
		KUNIT_EXPECT_EQ_MSG(test, steps, c->steps, "\"%s\"", c->text);
		rtf_free(prog);
	}

	/* The example of filter_prog.h, jump by jump. */
	prog = rtfk_compile(test, T " && (" T " || !" T ")");
	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_ASSERT_EQ(test, prog->nr_insns, 3);
	KUNIT_EXPECT_EQ(test, prog->insns[0].jump_when, 0);
	KUNIT_EXPECT_EQ(test, prog->insns[0].target, 4);
	KUNIT_EXPECT_EQ(test, prog->insns[1].jump_when, 1);
	KUNIT_EXPECT_EQ(test, prog->insns[1].target, 3);
	KUNIT_EXPECT_EQ(test, prog->insns[2].jump_when, 1);
	KUNIT_EXPECT_EQ(test, prog->insns[2].target, 4);
	rtf_free(prog);
}

#undef T
#undef F

/* A small deterministic generator, so that a failure can be replayed. */
static u32 rtfk_rand(u64 *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 33;
}

struct rtfk_gen {
	char		*buf;
	unsigned int	len;
	unsigned int	cap;
	u64		seed;
};

static void rtfk_emit(struct rtfk_gen *g, const char *s)
{
	ssize_t n = strscpy(g->buf + g->len, s, g->cap - g->len);

	g->len = n < 0 ? g->cap - 1 : g->len + n;
}

/* Emit a random expression; return its value by the language's rules. */
static bool rtfk_gen_expr(struct rtfk_gen *g, unsigned int depth);

static bool rtfk_gen_factor(struct rtfk_gen *g, unsigned int depth)
{
	static const struct rtfk_case leaves[] = {
		{ "u8v == 200", true }, { "u8v == 1", false },
		{ "s8v < 0", true }, { "name ~ 'x*'", false },
		{ "dstr == 'bash'", true }, { "CPU < 0", false },
	};
	bool neg = false, v;

	while (rtfk_rand(&g->seed) % 4 == 0) {
		rtfk_emit(g, "!");
		neg = !neg;
	}
	if (depth && rtfk_rand(&g->seed) % 3 == 0) {
		rtfk_emit(g, "(");
		v = rtfk_gen_expr(g, depth - 1);
		rtfk_emit(g, ")");
	} else {
		const struct rtfk_case *l;

		l = &leaves[rtfk_rand(&g->seed) % ARRAY_SIZE(leaves)];
		rtfk_emit(g, l->text);
		v = l->match;
	}
	return v != neg;
}

static bool rtfk_gen_term(struct rtfk_gen *g, unsigned int depth)
{
	bool v = rtfk_gen_factor(g, depth);

	while (rtfk_rand(&g->seed) % 3 == 0) {
		rtfk_emit(g, " && ");
		v &= rtfk_gen_factor(g, depth);
	}
	return v;
}

static bool rtfk_gen_expr(struct rtfk_gen *g, unsigned int depth)
{
	bool v = rtfk_gen_term(g, depth);

	while (rtfk_rand(&g->seed) % 3 == 0) {
		rtfk_emit(g, " || ");
		v |= rtfk_gen_term(g, depth);
	}
	return v;
}

static void rtfk_random_logic(struct kunit *test)
{
	struct rtfk_gen g = { .cap = 8192, .seed = 0x5eed };
	struct rtf_prog *prog;
	unsigned int i, steps;
	struct rtfk_rec r;
	bool want;

	rtfk_fill(&r);
	g.buf = kunit_kzalloc(test, g.cap, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g.buf);
	for (i = 0; i < 2000; i++) {
		g.len = 0;
		want = rtfk_gen_expr(&g, 4);
		if (g.len >= g.cap - 1)
			continue;	/* truncated: not a valid case */
		prog = rtfk_compile(test, g.buf);
		if (!prog)
			return;
		KUNIT_EXPECT_EQ_MSG(test, rtfk_run(prog, &r, sizeof(r), &steps),
				    want, "\"%s\"", g.buf);
		KUNIT_EXPECT_LE(test, steps, prog->nr_insns);
		rtf_free(prog);
	}
}

struct rtfk_bad {
	const char	*text;
	int		err;
	enum rtf_msg	msg;
	unsigned int	pos;
};

#define RTFK_BAD(t, e, m, p)	{ t, -(e), RTF_MSG_##m, p }

/*
 * Malformed filters: the errno the write returns, the error_log message
 * and the caret position, each pinned (they are an interface).
 */
static const struct rtfk_bad rtfk_bad_cases[] = {
	/* nothing to filter on: -EINVAL with no message */
	RTFK_BAD("", EINVAL, ERRNO, 0),
	RTFK_BAD("   ", EINVAL, ERRNO, 0),
	RTFK_BAD("()", EINVAL, ERRNO, 0),
	RTFK_BAD("( ( ) )", EINVAL, ERRNO, 0),
	/* no field name where a predicate starts: -EPERM, no message */
	RTFK_BAD("&&", EPERM, ERRNO, 0),
	RTFK_BAD("!= 1", EPERM, ERRNO, 0),
	RTFK_BAD("(!)", EPERM, ERRNO, 0),
	RTFK_BAD("\x01 == 1", EPERM, ERRNO, 0),
	RTFK_BAD("u8v == 1 && (!)", EPERM, ERRNO, 0),
	/* the prescan: quotes and parentheses */
	RTFK_BAD("u8v == 1 )", EPERM, TOO_MANY_CLOSE, 9),
	RTFK_BAD("(u8v == 1))", EPERM, TOO_MANY_CLOSE, 10),
	RTFK_BAD("u8v == 1 && )", EPERM, TOO_MANY_CLOSE, 12),
	RTFK_BAD("u8v == 1) 'x", EPERM, TOO_MANY_CLOSE, 8),
	RTFK_BAD("(u8v == 1", ENOENT, TOO_MANY_OPEN, 0),
	RTFK_BAD("((u8v == 1)", ENOENT, TOO_MANY_OPEN, 0),
	RTFK_BAD("u8v == 1 && (u8v == 2", ENOENT, TOO_MANY_OPEN, 12),
	RTFK_BAD("u8v == 1 (", ENOENT, TOO_MANY_OPEN, 9),
	RTFK_BAD("(u8v == 1 && (u8v == 2) && name == ')'", ENOENT,
		 TOO_MANY_OPEN, 0),
	RTFK_BAD("name == \"abc", ESRCH, MISSING_QUOTE, 8),
	RTFK_BAD("name == 'a\"b", ESRCH, MISSING_QUOTE, 8),
	RTFK_BAD("name ~ 'abc", ESRCH, MISSING_QUOTE, 7),
	/* the field */
	RTFK_BAD("nosuch == 1", EINVAL, FIELD_NOT_FOUND, 7),
	RTFK_BAD("u8v == 1 && nosuch == 2", EINVAL, FIELD_NOT_FOUND, 19),
	RTFK_BAD("1 == u8v", EINVAL, FIELD_NOT_FOUND, 2),
	RTFK_BAD("0", EINVAL, FIELD_NOT_FOUND, 2),
	RTFK_BAD("U8V == 1", EINVAL, FIELD_NOT_FOUND, 4),
	RTFK_BAD("\xff\xfe == 1", EINVAL, FIELD_NOT_FOUND, 3),
	/* the operator */
	RTFK_BAD("u8v = 1", EINVAL, INVALID_OP, 5),
	RTFK_BAD("u8v 1", EINVAL, INVALID_OP, 5),
	RTFK_BAD("u8v", EINVAL, INVALID_OP, 4),
	RTFK_BAD("u8v.foo == 1", EINVAL, INVALID_OP, 4),
	RTFK_BAD("u8v =~ 1", EINVAL, INVALID_OP, 5),
	/* the operand */
	RTFK_BAD("u8v == abc", EINVAL, INVALID_VALUE, 8),
	RTFK_BAD("u8v ==", EINVAL, INVALID_VALUE, 7),
	RTFK_BAD("u8v == +1", EINVAL, INVALID_VALUE, 8),
	RTFK_BAD("u8v == 1x", EINVAL, ILLEGAL_INTVAL, 8),
	RTFK_BAD("u8v == -1", EINVAL, ILLEGAL_INTVAL, 8),
	RTFK_BAD("u8v == 0x", EINVAL, ILLEGAL_INTVAL, 8),
	RTFK_BAD("s8v == -", EINVAL, ILLEGAL_INTVAL, 8),
	RTFK_BAD("u8v == 99999999999999999999999", EINVAL, ILLEGAL_INTVAL, 8),
	RTFK_BAD("u8v == 999999999999999999999999", EINVAL,
		 OPERAND_TOO_LONG, 32),
	RTFK_BAD("u8v == 1234567890123456789012345", EINVAL,
		 OPERAND_TOO_LONG, 33),
	RTFK_BAD("name == 1", EINVAL, EXPECT_STRING, 9),
	RTFK_BAD("COMM == 1", EINVAL, EXPECT_STRING, 9),
	RTFK_BAD("u8v == 'x'", EINVAL, EXPECT_DIGIT, 8),
	RTFK_BAD("u8v == \"x\"", EINVAL, EXPECT_DIGIT, 8),
	RTFK_BAD("CPU == 'x'", EINVAL, EXPECT_DIGIT, 8),
	RTFK_BAD("name < 'x'", EINVAL, ILLEGAL_FIELD_OP, 8),
	RTFK_BAD("name & 'x'", EINVAL, ILLEGAL_FIELD_OP, 8),
	RTFK_BAD("u8v ~ 1", EINVAL, ILLEGAL_FIELD_OP, 7),
	/* after a predicate: "&&", "||", ')' or the end */
	RTFK_BAD("u8v == 1 u8v == 2", EPERM, TOO_MANY_PREDS, 9),
	RTFK_BAD("u8v == 1 & u8v == 2", EPERM, TOO_MANY_PREDS, 9),
	RTFK_BAD("u8v == 1 | u8v == 2", EPERM, TOO_MANY_PREDS, 9),
	RTFK_BAD("u8v == 1.5", EPERM, TOO_MANY_PREDS, 8),
	RTFK_BAD("name == 'a'b", EPERM, TOO_MANY_PREDS, 11),
	/* the second '&' of "&&" starts a predicate for the prescan */
	RTFK_BAD("u8v == 1 && ()", EPERM, ERRNO, 0),
	/* the text ends where an operand should be */
	RTFK_BAD("u8v == 1 &&", EINVAL, INVALID_FILTER, 11),
	RTFK_BAD("u8v == 1 && ", EINVAL, INVALID_FILTER, 12),
	RTFK_BAD("u8v == 1 || !", EINVAL, INVALID_FILTER, 13),
	RTFK_BAD("u8v == 1 && !!", EINVAL, INVALID_FILTER, 14),
	RTFK_BAD("(u8v == 1) || (", ENOENT, TOO_MANY_OPEN, 14),
	RTFK_BAD("!", EINVAL, NO_FILTER, 1),
	RTFK_BAD("!!", EINVAL, NO_FILTER, 2),
	/* CPUS{} */
	RTFK_BAD("cpuv & CPUS", EINVAL, MISSING_BRACE_OPEN, 13),
	RTFK_BAD("cpuv & CPUS(1)", EINVAL, MISSING_BRACE_OPEN, 13),
	RTFK_BAD("cpuv & CPUS{1", EINVAL, MISSING_BRACE_CLOSE, 14),
	RTFK_BAD("cpuv & CPUS{}", EINVAL, INVALID_CPULIST, 13),
	RTFK_BAD("cpuv & CPUS{x}", EINVAL, INVALID_CPULIST, 14),
	RTFK_BAD("cpuv & CPUS{100000}", EINVAL, INVALID_CPULIST, 19),
	RTFK_BAD("cpuv < CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 8),
	RTFK_BAD("name == CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 9),
	RTFK_BAD("COMM & CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 8),
	RTFK_BAD("stacktrace & CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 14),
	/* .function */
	RTFK_BAD("u8v.function == rtfk_a", EINVAL, ILLEGAL_FIELD_OP, 17),
	RTFK_BAD("addr.function < rtfk_a", EINVAL, INVALID_OP, 17),
	RTFK_BAD("addr.function == nosuch", EINVAL, NO_FUNCTION, 24),
	RTFK_BAD("addr.function == (rtfk_a)", EINVAL, NO_FUNCTION, 26),
	RTFK_BAD("addr.function ==", EINVAL, NO_FUNCTION, 17),
	RTFK_BAD("addr.function == 0xzz", EINVAL, INVALID_VALUE, 22),
	RTFK_BAD("addr.function == 0x5", EINVAL, NO_FUNCTION, 21),
	RTFK_BAD("addr.function == 0x00000000000000000000001000", EINVAL,
		 OPERAND_TOO_LONG, 46),
	/* the case of ftracetest's tracing-error-log.tc, on our fields */
	RTFK_BAD("((s8v >= 10 && s8v < 15) || dsig == 17) && comm != bash",
		 EINVAL, FIELD_NOT_FOUND, 33),
};

static void rtfk_check_bad(struct kunit *test, const char *text, int want_err,
			   enum rtf_msg want_msg, unsigned int want_pos)
{
	struct rtf_error err = { };
	struct rtf_prog *prog;

	prog = rtf_compile(&rtfk_schema, text, &err);
	KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(prog), "\"%s\" compiled", text);
	if (!IS_ERR(prog)) {
		rtf_free(prog);
		return;
	}
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(prog), (long)err.err, "\"%s\"", text);
	KUNIT_EXPECT_EQ_MSG(test, err.err, want_err, "\"%s\"", text);
	KUNIT_EXPECT_STREQ_MSG(test, rtf_msg_text(err.msg),
			       rtf_msg_text(want_msg), "\"%s\"", text);
	KUNIT_EXPECT_EQ_MSG(test, err.pos, want_pos, "\"%s\"", text);
}

static void rtfk_errors(struct kunit *test)
{
	const struct rtfk_bad *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rtfk_bad_cases); i++) {
		c = &rtfk_bad_cases[i];
		rtfk_check_bad(test, c->text, c->err, c->msg, c->pos);
	}
}

/* Strings just inside and just outside the operand limits. */
static void rtfk_limits(struct kunit *test)
{
	char *text = kunit_kzalloc(test, 512, GFP_KERNEL);
	struct rtfk_rec r;

	KUNIT_ASSERT_NOT_NULL(test, text);
	rtfk_fill(&r);

	/* 255 bytes between the quotes are fine, 256 are too many. */
	strscpy(text, "name == '", 512);
	memset(text + 9, 'a', 255);
	strscpy(text + 9 + 255, "'", 4);
	rtfk_expect(test, &r, text, false);
	memset(text + 9, 'a', 256);
	strscpy(text + 9 + 256, "'", 4);
	rtfk_check_bad(test, text, -EINVAL, RTF_MSG_OPERAND_TOO_LONG, 266);

	/* 23 characters of number are parsed, 24 are too long. */
	rtfk_expect(test, &r, "u64v == 0x000000000000000000010", false);
	rtfk_expect(test, &r, "u8v == 00000000000000000000310", true);
}

static void rtfk_messages(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, rtf_msg_text(RTF_MSG_TOO_MANY_PREDS),
			   "Too many terms in predicate expression");
	KUNIT_EXPECT_STREQ(test, rtf_msg_text(RTF_MSG_INVALID_VALUE),
			   "Invalid value (did you forget quotes)?");
	KUNIT_EXPECT_STREQ(test, rtf_msg_text(RTF_MSG_TOO_MANY_CLOSE),
			   "Too few '('");
	KUNIT_EXPECT_STREQ(test, rtf_msg_text(RTF_MSG_COUNT), "Error");
	KUNIT_EXPECT_STREQ(test, rtf_msg_text(-1), "Error");
}

/* What the "filter" file shows after a refused write (an interface). */
static void rtfk_format(struct kunit *test)
{
	static const struct {
		const char	*text;
		const char	*shown;
	} cases[] = {
		{ "nosuch == 1",
		  "nosuch == 1\n       ^\nparse_error: Field not found\n" },
		{ "u8v == 1 &&",
		  "u8v == 1 &&\n           ^\n"
		  "parse_error: Meaningless filter expression\n" },
		{ "(u8v == 1", "(u8v == 1\n^\nparse_error: Too many '('\n" },
		{ "cpuv & CPUS",
		  "cpuv & CPUS\n           ^\nparse_error: Missing '{'\n" },
		{ "", "\nError: (0)\n" },
		{ "&&", "&&\nError: (0)\n" },
	};
	struct rtf_error err;
	struct rtf_prog *prog;
	unsigned int i;
	char buf[128];
	int n;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		prog = rtf_compile(&rtfk_schema, cases[i].text, &err);
		KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
		n = rtf_format_error(buf, sizeof(buf), cases[i].text, &err);
		KUNIT_EXPECT_EQ(test, n, strlen(cases[i].shown));
		KUNIT_EXPECT_STREQ(test, buf, cases[i].shown);
	}
}

static void rtfk_kinds(struct kunit *test)
{
	static const struct {
		const char		*type;
		enum rtf_field_kind	kind;
	} cases[] = {
		{ "__data_loc char[]", RTF_FIELD_DATA_LOC_STR },
		{ "__data_loc const char[]", RTF_FIELD_DATA_LOC_STR },
		{ "__rel_loc char[]", RTF_FIELD_REL_LOC_STR },
		{ "__data_loc cpumask_t", RTF_FIELD_CPUMASK },
		{ "char[16]", RTF_FIELD_CHAR_ARRAY },
		{ "unsigned char[6]", RTF_FIELD_CHAR_ARRAY },
		{ "char *", RTF_FIELD_PTR_STR },
		{ "const char *", RTF_FIELD_PTR_STR },
		{ "const char * const", RTF_FIELD_INT },
		{ "unsigned long", RTF_FIELD_INT },
		{ "u8[6]", RTF_FIELD_INT },
		{ "__data_loc u32[]", RTF_FIELD_INT },
		{ "char", RTF_FIELD_INT },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test, rtf_field_kind_of(cases[i].type),
				    cases[i].kind, "\"%s\"", cases[i].type);
}

/* Records too small for what the filter reads: false, and no read past. */
static void rtfk_short_record(struct kunit *test)
{
	struct rtfk_rec r;

	rtfk_fill(&r);
	r.dstr = (200U << 16) | offsetof(struct rtfk_rec, data);
	rtfk_expect(test, &r, "dstr ~ '*'", false);
	r.rstr = 0xffff;
	rtfk_expect(test, &r, "rstr != 'x'", false);
	r.mask = 0xffff0000;
	rtfk_expect(test, &r, "mask != CPUS{0}", false);
	rtfk_expect(test, &r, "mask != CPUS{0-1}", false);

	rtfk_fill(&r);
	{
		struct rtf_prog *prog = rtfk_compile(test, "u64v != 0");

		KUNIT_ASSERT_NOT_NULL(test, prog);
		KUNIT_EXPECT_TRUE(test, rtfk_run(prog, &r, sizeof(r), NULL));
		KUNIT_EXPECT_FALSE(test, rtfk_run(prog, &r,
						  offsetof(struct rtfk_rec, u64v) + 7,
						  NULL));
		rtf_free(prog);
	}
}

/* Build "<head><unit x n><tail>" in a test-managed buffer. */
static char *rtfk_repeat(struct kunit *test, const char *head,
			 const char *unit, unsigned int n, const char *tail)
{
	size_t len = strlen(head) + strlen(unit) * n + strlen(tail) + 1;
	char *buf = kunit_kmalloc(test, len, GFP_KERNEL);
	char *p;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	p = buf + strscpy(buf, head, len);
	while (n--)
		p += strscpy(p, unit, len - (p - buf));
	strscpy(p, tail, len - (p - buf));
	return buf;
}

static void rtfk_hostile(struct kunit *test)
{
	struct rtf_prog *prog;
	unsigned int steps;
	struct rtfk_rec r;
	char *text;

	rtfk_fill(&r);

	/* A 4000-byte field name. */
	text = rtfk_repeat(test, "", "a", 4000, " == 1");
	rtfk_check_bad(test, text, -EINVAL, RTF_MSG_FIELD_NOT_FOUND, 4001);

	/* 4000 '(' never closed: the last one is blamed. */
	text = rtfk_repeat(test, "", "(", 4000, "");
	rtfk_check_bad(test, text, -ENOENT, RTF_MSG_TOO_MANY_OPEN, 3999);

	/* 4000 levels of parentheses, each with a '!': compiled, no recursion. */
	text = rtfk_repeat(test, "", "!(", 4000, "u8v == 200");
	text = rtfk_repeat(test, text, ")", 4000, "");
	rtfk_expect(test, &r, text, true);
	text = rtfk_repeat(test, "", "!(", 3999, "u8v == 200");
	text = rtfk_repeat(test, text, ")", 3999, "");
	rtfk_expect(test, &r, text, false);

	/* 1500 predicates: the last one decides, after 1500 tests. */
	text = rtfk_repeat(test, "", "u8v == 1 || ", 1499, "u8v == 200");
	prog = rtfk_compile(test, text);
	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_EXPECT_EQ(test, prog->nr_insns, 1500);
	KUNIT_EXPECT_TRUE(test, rtfk_run(prog, &r, sizeof(r), &steps));
	KUNIT_EXPECT_EQ(test, steps, 1500);
	rtf_free(prog);

	/* 4000 predicates joined by && with a false one first: one test. */
	text = rtfk_repeat(test, "u8v == 1", " && s8v < 0", 3999, "");
	prog = rtfk_compile(test, text);
	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_EXPECT_FALSE(test, rtfk_run(prog, &r, sizeof(r), &steps));
	KUNIT_EXPECT_EQ(test, steps, 1);
	rtf_free(prog);

	/* A long string operand and a long garbage tail. */
	text = rtfk_repeat(test, "name == '", "x", 10000, "'");
	rtfk_check_bad(test, text, -EINVAL, RTF_MSG_OPERAND_TOO_LONG, 10010);
	/* "&&" then a third '&', where a field name should start. */
	text = rtfk_repeat(test, "u8v == 200 ", "&", 5001, "");
	rtfk_check_bad(test, text, -EPERM, RTF_MSG_ERRNO, 0);

	/* Longer than anything tracefs passes: refused up front. */
	text = rtfk_repeat(test, "", " ", RTF_MAX_TEXT, "u8v == 200");
	rtfk_check_bad(test, text, -E2BIG, RTF_MSG_ERRNO, 0);

	/* Everything after an embedded NUL is invisible. */
	rtfk_expect(test, &r, "u8v == 200\0 && garbage (((", true);
}

/*
 * Random texts: token soup from a hostile alphabet, and valid filters with
 * bytes inserted, deleted or replaced.  Each must fail with a sane error
 * or compile into a program that runs.
 */
static void rtfk_mutate(struct rtfk_gen *g, const char *const *bits,
			unsigned int nr_bits)
{
	unsigned int at = g->len ? rtfk_rand(&g->seed) % (g->len + 1) : 0;
	const char *ins;
	size_t n;

	switch (rtfk_rand(&g->seed) % 3) {
	case 0:		/* insert a token */
		ins = bits[rtfk_rand(&g->seed) % nr_bits];
		n = strlen(ins);
		if (g->len + n >= g->cap)
			return;
		memmove(g->buf + at + n, g->buf + at, g->len - at + 1);
		memcpy(g->buf + at, ins, n);
		g->len += n;
		break;
	case 1:		/* delete up to three bytes */
		n = min_t(size_t, rtfk_rand(&g->seed) % 3 + 1, g->len - at);
		memmove(g->buf + at, g->buf + at + n, g->len - at - n + 1);
		g->len -= n;
		break;
	default:	/* replace a byte by any non-NUL byte */
		if (at < g->len)
			g->buf[at] = rtfk_rand(&g->seed) % 255 + 1;
	}
}

static void rtfk_fuzz(struct kunit *test)
{
	static const char *const bits[] = {
		"u8v", "name", "dstr", "CPU", "COMM", "mask", "addr", "kptr",
		"cpuv", "odd", ".function", ".ustring", "==", "!=", "<", "<=",
		">", ">=", "&", "~", "&&", "||", "!", "(", ")", "'", "\"",
		"CPUS{", "}", "0-1", "1", "-1", "0x", "rtfk_a", "*", "?", "[",
		"\\", " ", "\t", "\xff", "\x80", "\x01", ",", "{", "200",
	};
	static const char *const valid[] = {
		"u8v == 200 && (name ~ \"kw*\" || !(s8v < 0))",
		"dstr ~ \"b[a-z]*\" || rstr == 'x' && cpuv & CPUS{0-1}",
		"addr.function == rtfk_a || kptr ~ \"*wor*\"",
		"!(mask == CPUS{1}) && CPU != 0 || COMM ~ \"!kunit*\"",
		"u64v & 0x10 && s64v <= -1 && u16v > 0 && odd == 3",
	};
	struct rtfk_gen g = { .cap = 256, .seed = 0xf022 };
	unsigned int i, n, compiled = 0;
	struct rtf_error err;
	struct rtf_prog *prog;
	struct rtfk_rec r;

	rtfk_fill(&r);
	g.buf = kunit_kzalloc(test, g.cap, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g.buf);
	for (i = 0; i < 10000; i++) {
		g.len = 0;
		g.buf[0] = '\0';
		if (i & 1) {
			for (n = rtfk_rand(&g.seed) % 16; n; n--)
				rtfk_emit(&g, bits[rtfk_rand(&g.seed) %
						   ARRAY_SIZE(bits)]);
		} else {
			rtfk_emit(&g, valid[rtfk_rand(&g.seed) %
					    ARRAY_SIZE(valid)]);
			for (n = rtfk_rand(&g.seed) % 3; n; n--)
				rtfk_mutate(&g, bits, ARRAY_SIZE(bits));
		}
		prog = rtf_compile(&rtfk_schema, g.buf, &err);
		if (!IS_ERR(prog)) {
			compiled++;
			rtfk_run(prog, &r, sizeof(r), NULL);
			rtf_free(prog);
			continue;
		}
		KUNIT_EXPECT_LT_MSG(test, err.err, 0, "\"%s\"", g.buf);
		KUNIT_EXPECT_LT_MSG(test, (unsigned int)err.msg,
				    (unsigned int)RTF_MSG_COUNT, "\"%s\"", g.buf);
		KUNIT_EXPECT_LE_MSG(test, err.pos, g.len + 2, "\"%s\"", g.buf);
	}
	kunit_info(test, "%u of 10000 random texts compiled\n", compiled);
}

/* Function events (perf only): the patterns are collected, not run. */
struct rtfk_ip_seen {
	char	buf[256];
};

static int rtfk_ip_collect(void *data, bool trace, const char *pattern)
{
	struct rtfk_ip_seen *seen = data;
	size_t len = strlen(seen->buf);

	snprintf(seen->buf + len, sizeof(seen->buf) - len, "%c[%s]",
		 trace ? '+' : '-', pattern);
	return 0;
}

static int rtfk_ip_stop(void *data, bool trace, const char *pattern)
{
	return -ENOSPC;
}

static const struct rtf_field rtfk_ip_fields[] = {
	{ "common_pid", 4, 4, RTF_FIELD_INT, true },
	{ "ip", 8, sizeof(long), RTF_FIELD_INT, false },
	{ "parent_ip", 16, sizeof(long), RTF_FIELD_INT, false },
};

static const struct rtf_schema rtfk_ip_schema = {
	.fields		= rtfk_ip_fields,
	.nr_fields	= ARRAY_SIZE(rtfk_ip_fields),
	.symbols	= &rtfk_symbols,
	.ip_only	= true,
};

static void rtfk_ip_only(struct kunit *test)
{
	static const struct {
		const char	*text;
		int		ret;
		const char	*seen;
	} cases[] = {
		{ "ip == foo", 0, "+[foo]" },
		{ "ip != foo", 0, "-[foo]" },
		{ "ip == 'foo bar'", 0, "+[foo bar]" },
		{ "ip == \"a,b\" || ip != c*", 0, "+[a,b]-[c*]" },
		{ "ip == foo || ip == bar", 0, "+[foo ]+[bar]" },
		{ "(ip == a) || (ip == b)", 0, "+[a]+[b]" },
		{ "ip == \"a|b&c)\"", 0, "+[a|b&c)]" },
		{ "ip == foo && ip == bar", -EINVAL, "" },
		{ "!(ip == foo)", -EINVAL, "" },
		{ "ip == a || !(ip == b)", -EINVAL, "" },
		{ "ip ~ foo", -EINVAL, "" },
		{ "ip < foo", -EINVAL, "" },
		{ "ip.function == rtfk_a", -EINVAL, "" },
	};
	struct rtfk_ip_seen seen;
	struct rtf_error err;
	struct rtf_prog *prog;
	u8 rec[32] = { };
	unsigned int i;
	char *text;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		prog = rtf_compile(&rtfk_ip_schema, cases[i].text, &err);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(prog), "\"%s\": %d",
				       cases[i].text, err.err);
		seen.buf[0] = '\0';
		KUNIT_EXPECT_EQ_MSG(test, rtf_ip_patterns(prog, rtfk_ip_collect,
							  &seen),
				    cases[i].ret, "\"%s\"", cases[i].text);
		if (!cases[i].ret)
			KUNIT_EXPECT_STREQ_MSG(test, seen.buf, cases[i].seen,
					       "\"%s\"", cases[i].text);
		/* Only the function tracer acts on these: never a match. */
		if (!cases[i].ret)
			KUNIT_EXPECT_FALSE(test, rtf_match(prog, rec,
							   sizeof(rec)));
		rtf_free(prog);
	}

	prog = rtf_compile(&rtfk_ip_schema, "ip == a || ip == b", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, rtf_ip_patterns(prog, rtfk_ip_stop, NULL),
			-ENOSPC);
	rtf_free(prog);

	/* Only "ip", and operands of at most 255 bytes. */
	prog = rtf_compile(&rtfk_ip_schema, "parent_ip == foo", &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.err, -EINVAL);
	KUNIT_EXPECT_EQ(test, err.msg, RTF_MSG_IP_FIELD_ONLY);
	KUNIT_EXPECT_EQ(test, err.pos, 14U);
	prog = rtf_compile(&rtfk_ip_schema, "common_pid == 1", &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.msg, RTF_MSG_IP_FIELD_ONLY);
	prog = rtf_compile(&rtfk_ip_schema, "nosuch == foo", &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.msg, RTF_MSG_FIELD_NOT_FOUND);
	prog = rtf_compile(&rtfk_ip_schema, "ip == foo bar", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	rtf_free(prog);

	text = kunit_kzalloc(test, 300, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	strscpy(text, "ip == ", 300);
	memset(text + 6, 'f', 255);
	prog = rtf_compile(&rtfk_ip_schema, text, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	rtf_free(prog);
	text[6 + 255] = 'f';
	prog = rtf_compile(&rtfk_ip_schema, text, &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.msg, RTF_MSG_OPERAND_TOO_LONG);
}

/* A char[] of size 0 at the end of the record: a string up to its NUL. */
static void rtfk_flex_array(struct kunit *test)
{
	static const struct rtf_field fields[] = {
		{ "ip", 0, sizeof(long), RTF_FIELD_INT, false },
		{ "buf", sizeof(long), 0, RTF_FIELD_CHAR_ARRAY, false },
	};
	static const struct rtf_schema schema = {
		.fields = fields, .nr_fields = ARRAY_SIZE(fields),
	};
	static const struct {
		const char	*text;
		bool		match;
	} cases[] = {
		{ "buf == \"start\"", true },
		{ "buf == \"star\"", false },
		{ "buf != \"end\"", true },
		{ "buf ~ \"st*\"", true },
		{ "buf ~ \"*art\"", true },
		{ "buf ~ \"*ta*\"", true },
		{ "buf ~ \"s?a[r]t\"", true },
	};
	char rec[sizeof(long) + 16] = { };
	struct rtf_error err;
	struct rtf_prog *prog;
	unsigned int i;

	strscpy(rec + sizeof(long), "start", 16);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		prog = rtf_compile(&schema, cases[i].text, &err);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(prog), "\"%s\": %d",
				       cases[i].text, err.err);
		KUNIT_EXPECT_EQ_MSG(test, rtf_match(prog, rec, sizeof(rec)),
				    cases[i].match, "\"%s\"", cases[i].text);
		rtf_free(prog);
	}

	/* Bounded by the record: only "sta" of it is inside. */
	prog = rtf_compile(&schema, "buf == \"start\"", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_FALSE(test, rtf_match(prog, rec, sizeof(long) + 3));
	rtf_free(prog);
	prog = rtf_compile(&schema, "buf == \"sta\"", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_TRUE(test, rtf_match(prog, rec, sizeof(long) + 3));
	rtf_free(prog);
}

static struct kunit_case rtfk_cases[] = {
	KUNIT_CASE(rtfk_ints),
	KUNIT_CASE(rtfk_strings),
	KUNIT_CASE(rtfk_ustring),
	KUNIT_CASE(rtfk_cpus),
	KUNIT_CASE(rtfk_function),
	KUNIT_CASE(rtfk_logic),
	KUNIT_CASE(rtfk_random_logic),
	KUNIT_CASE(rtfk_errors),
	KUNIT_CASE(rtfk_limits),
	KUNIT_CASE(rtfk_messages),
	KUNIT_CASE(rtfk_format),
	KUNIT_CASE(rtfk_kinds),
	KUNIT_CASE(rtfk_short_record),
	KUNIT_CASE(rtfk_hostile),
	KUNIT_CASE(rtfk_fuzz),
	KUNIT_CASE(rtfk_ip_only),
	KUNIT_CASE(rtfk_flex_array),
	{}
};

static struct kunit_suite rtfk_suite = {
	.name = "retrace_filter",
	.test_cases = rtfk_cases,
};

kunit_test_suite(rtfk_suite);

MODULE_DESCRIPTION("KUnit tests for the retrace event filter language");
MODULE_LICENSE("GPL");
