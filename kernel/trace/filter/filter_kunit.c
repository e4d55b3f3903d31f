// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_filter" for the event filter
 * language (kernel/trace/filter/filter*.c).
 *
 * A made-up event (struct fk_rec) has a field of every kind the filter
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
 *   - the function-event form (fprog_schema.ip_only) that perf hands to
 *     the function tracer, through fprog_ip_patterns();
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

struct fk_rec {
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

#define FK_OFS(member)	offsetof(struct fk_rec, member)
#define FK_SZ(member)		sizeof_field(struct fk_rec, member)

static const struct fprog_field fk_fields[] = {
	{ "common_type", FK_OFS(common_type), FK_SZ(common_type), FPROG_FIELD_INT, false },
	{ "common_flags", FK_OFS(common_flags), FK_SZ(common_flags), FPROG_FIELD_INT, false },
	{ "common_preempt_count", FK_OFS(common_preempt_count),
	  FK_SZ(common_preempt_count), FPROG_FIELD_INT, false },
	{ "common_pid", FK_OFS(common_pid), FK_SZ(common_pid), FPROG_FIELD_INT, true },
	{ "s8v", FK_OFS(s8v), FK_SZ(s8v), FPROG_FIELD_INT, true },
	{ "u8v", FK_OFS(u8v), FK_SZ(u8v), FPROG_FIELD_INT, false },
	{ "s16v", FK_OFS(s16v), FK_SZ(s16v), FPROG_FIELD_INT, true },
	{ "u16v", FK_OFS(u16v), FK_SZ(u16v), FPROG_FIELD_INT, false },
	{ "odd", FK_OFS(odd), FK_SZ(odd), FPROG_FIELD_INT, false },
	{ "s32v", FK_OFS(s32v), FK_SZ(s32v), FPROG_FIELD_INT, true },
	{ "u32v", FK_OFS(u32v), FK_SZ(u32v), FPROG_FIELD_INT, false },
	{ "s64v", FK_OFS(s64v), FK_SZ(s64v), FPROG_FIELD_INT, true },
	{ "u64v", FK_OFS(u64v), FK_SZ(u64v), FPROG_FIELD_INT, false },
	{ "name", FK_OFS(name), FK_SZ(name), FPROG_FIELD_CHAR_ARRAY, false },
	{ "dstr", FK_OFS(dstr), FK_SZ(dstr), FPROG_FIELD_DATA_LOC_STR, false },
	{ "rstr", FK_OFS(rstr), FK_SZ(rstr), FPROG_FIELD_REL_LOC_STR, false },
	{ "mask", FK_OFS(mask), FK_SZ(mask), FPROG_FIELD_CPUMASK, false },
	{ "cpuv", FK_OFS(cpuv), FK_SZ(cpuv), FPROG_FIELD_INT, false },
	{ "kptr", FK_OFS(kptr), FK_SZ(kptr), FPROG_FIELD_PTR_STR, false },
	{ "uptr", FK_OFS(uptr), FK_SZ(uptr), FPROG_FIELD_PTR_STR, false },
	{ "addr", FK_OFS(addr), FK_SZ(addr), FPROG_FIELD_INT, false },
};

/* Two fake functions: fake_a at [0x1000, 0x1100), fake_b at [0x2000, 0x2040). */
static unsigned long fk_sym_name(const char *name)
{
	if (!strcmp(name, "fake_a"))
		return 0x1000;
	if (!strcmp(name, "fake_b"))
		return 0x2000;
	return 0;
}

static bool fk_sym_range(unsigned long addr, unsigned long *start,
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

static const struct fprog_symbols fk_symbols = {
	.lookup_name	= fk_sym_name,
	.lookup_range	= fk_sym_range,
};

static const struct fprog_schema fk_schema = {
	.fields		= fk_fields,
	.nr_fields	= ARRAY_SIZE(fk_fields),
	.symbols	= &fk_symbols,
};

static const char fk_kstring[] = "hello world";

/* Put @s (NUL included) at @at in the data area; return its __data_loc. */
static u32 fk_put(struct fk_rec *r, unsigned int at, const char *s)
{
	unsigned int len = strlen(s) + 1;

	memcpy(r->data + at, s, len);
	return (len << 16) | (offsetof(struct fk_rec, data) + at);
}

/* Set the cpumask field to the CPUs in @cpus (a bit per CPU, < 64). */
static void fk_put_mask(struct fk_rec *r, unsigned int at, u64 cpus)
{
	unsigned int words = BITS_TO_LONGS(nr_cpu_ids), i;
	unsigned long w[2] = { (unsigned long)cpus,
			       (unsigned long)(cpus >> 32 >> (BITS_PER_LONG - 32)) };

	for (i = 0; i < words; i++)
		memcpy(r->data + at + i * sizeof(long),
		       i < ARRAY_SIZE(w) ? &w[i] : &(unsigned long){ 0 },
		       sizeof(long));
	r->mask = ((words * sizeof(long)) << 16) |
		  (offsetof(struct fk_rec, data) + at);
}

static void fk_fill(struct fk_rec *r)
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
	r->dstr = fk_put(r, 0, "bash");
	/* __rel_loc counts from the end of its own u32. */
	loc = fk_put(r, 16, "systemd-journal");
	r->rstr = (loc & 0xffff0000) |
		  ((loc & 0xffff) - offsetof(struct fk_rec, rstr) - 4);
	fk_put_mask(r, 64, BIT(1));
	r->cpuv = 1;
	r->kptr = (unsigned long)fk_kstring;
	r->addr = 0x1010;
}

/* Compile @text against the test schema; the test fails if it does not. */
static struct fprog *fk_compile(struct kunit *test, const char *text)
{
	struct fprog_error err;
	struct fprog *prog;

	prog = fprog_compile(&fk_schema, text, &err);
	KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(prog),
			       "\"%s\": errno %d, \"%s\" at %u", text, err.err,
			       fprog_msg_text(err.msg), err.pos);
	return IS_ERR(prog) ? NULL : prog;
}

static bool fk_run(const struct fprog *prog, const struct fk_rec *r,
		   unsigned int size, unsigned int *steps)
{
	bool hit;

	preempt_disable();
	hit = fprog_run(prog, r, size, steps);
	preempt_enable();
	return hit;
}

struct fk_case {
	const char	*text;
	bool		match;
};

static void fk_expect(struct kunit *test, const struct fk_rec *r,
		      const char *text, bool match)
{
	struct fprog *prog = fk_compile(test, text);

	if (!prog)
		return;
	KUNIT_EXPECT_EQ_MSG(test, fk_run(prog, r, sizeof(*r), NULL), match,
			    "\"%s\"", text);
	fprog_free(prog);
}

static void fk_table(struct kunit *test, const struct fk_rec *r,
		     const struct fk_case *c, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		fk_expect(test, r, c[i].text, c[i].match);
}

static const struct fk_case fk_int_cases[] = {
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

static void fk_ints(struct kunit *test)
{
	struct fk_rec r;

	fk_fill(&r);
	fk_table(test, &r, fk_int_cases, ARRAY_SIZE(fk_int_cases));
	KUNIT_EXPECT_TRUE(test, fprog_match(NULL, &r, sizeof(r)));
}

static const struct fk_case fk_string_cases[] = {
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

static void fk_strings(struct kunit *test)
{
	char text[64];
	struct fk_rec r;

	fk_fill(&r);
	fk_table(test, &r, fk_string_cases, ARRAY_SIZE(fk_string_cases));

	snprintf(text, sizeof(text), "COMM == \"%s\"", current->comm);
	fk_expect(test, &r, text, true);
	snprintf(text, sizeof(text), "comm ~ '%.3s*'", current->comm);
	fk_expect(test, &r, text, true);

	/* A full array with no NUL: all 16 bytes count, no more. */
	memset(r.name, 'a', sizeof(r.name));
	fk_expect(test, &r, "name == 'aaaaaaaaaaaaaaaa'", true);
	fk_expect(test, &r, "name == 'aaaaaaaaaaaaaaaaa'", false);
	fk_expect(test, &r, "name ~ '*aaa'", true);

	/* An empty __data_loc string. */
	r.dstr = fk_put(&r, 0, "");
	fk_expect(test, &r, "dstr == ''", true);
	fk_expect(test, &r, "dstr ~ '*'", true);

	/* An unreadable pointer is a mismatch for == and != alike. */
	r.kptr = 16;
	fk_expect(test, &r, "kptr == 'x'", false);
	fk_expect(test, &r, "kptr != 'x'", false);
}

/* "field.ustring" reads a user-space string; without it, a kernel one. */
static void fk_ustring(struct kunit *test)
{
	static const char text[] = "from user space";
	unsigned long uaddr;
	struct fk_rec r;

	uaddr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (IS_ERR_VALUE(uaddr) || !uaddr)
		kunit_skip(test, "no user mapping for the test");
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)uaddr, text,
					   sizeof(text)), 0);
	fk_fill(&r);
	r.uptr = uaddr;
	fk_expect(test, &r, "uptr.ustring == 'from user space'", true);
	fk_expect(test, &r, "uptr.ustring ~ '*user*'", true);
	fk_expect(test, &r, "uptr.ustring != 'from user space'", false);
	/* A user address read as a kernel string fails: a mismatch. */
	fk_expect(test, &r, "uptr == 'from user space'", false);
	/* A kernel address read as a user string fails too. */
	fk_expect(test, &r, "kptr.ustring == 'hello world'", false);
}

static void fk_cpus(struct kunit *test)
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
	struct fprog *progs[ARRAY_SIZE(running)];
	struct fk_rec r;
	unsigned int cpu, i;
	char text[64];

	fk_fill(&r);
	migrate_disable();
	cpu = raw_smp_processor_id();
	for (i = 0; i < ARRAY_SIZE(running); i++) {
		snprintf(text, sizeof(text), "%s%u%s", running[i].before, cpu,
			 running[i].after);
		progs[i] = fk_compile(test, text);
	}
	for (i = 0; i < ARRAY_SIZE(running); i++) {
		if (!progs[i])
			continue;
		KUNIT_EXPECT_EQ_MSG(test, fk_run(progs[i], &r, sizeof(r), NULL),
				    running[i].match, "%s%u%s on CPU %u",
				    running[i].before, cpu, running[i].after,
				    cpu);
		fprog_free(progs[i]);
	}
	migrate_enable();

	/* An integer field holding a CPU number (1), against sets. */
	fk_expect(test, &r, "cpuv & CPUS{1}", true);
	fk_expect(test, &r, "cpuv == CPUS{1}", true);
	fk_expect(test, &r, "cpuv == CPUS{0}", false);
	fk_expect(test, &r, "cpuv != CPUS{0}", true);

	/* The cpumask field holds {1}. */
	fk_expect(test, &r, "mask & CPUS{1}", true);
	fk_expect(test, &r, "mask == CPUS{1}", true);
	fk_expect(test, &r, "mask == CPUS{0}", false);
	fk_expect(test, &r, "mask != CPUS{0}", true);
	fk_expect(test, &r, "mask & CPUS{0}", false);

	if (nr_cpu_ids < 2)
		kunit_skip(test, "sets of two CPUs need two CPUs");

	fk_expect(test, &r, "CPU & CPUS{0-1}", raw_smp_processor_id() < 2);
	fk_expect(test, &r, "CPU == CPUS{0-1}", false);
	fk_expect(test, &r, "CPU != CPUS{0-1}", true);
	fk_expect(test, &r, "cpuv & CPUS{0-1}", true);
	fk_expect(test, &r, "cpuv == CPUS{0,1}", false);
	fk_expect(test, &r, "cpuv != CPUS{0-1}", true);
	fk_expect(test, &r, "mask & CPUS{0-1}", true);
	fk_expect(test, &r, "mask == CPUS{0-1}", false);
	fk_expect(test, &r, "mask != CPUS{0-1}", true);

	fk_put_mask(&r, 64, BIT(0) | BIT(1));
	fk_expect(test, &r, "mask == CPUS{0-1}", true);
	fk_expect(test, &r, "mask == CPUS{1}", false);
	fk_expect(test, &r, "mask != CPUS{1}", true);
	fk_expect(test, &r, "mask & CPUS{1}", true);

	/* A CPU number no CPU has: false whatever the operator. */
	r.cpuv = 5000;
	fk_expect(test, &r, "cpuv != CPUS{0-1}", false);
	fk_expect(test, &r, "cpuv & CPUS{0-1}", false);
}

static void fk_function(struct kunit *test)
{
	static const struct fk_case cases[] = {
		{ "addr.function == fake_a", true },
		{ "addr.function != fake_a", false },
		{ "addr.function == fake_b", false },
		{ "addr.function != fake_b", true },
		{ "addr.function == 0x1000", true },
		{ "addr.function == 0x10ff", true },
		{ "addr.function == 4096", true },
	};
	const struct fprog_schema real = {
		.fields = fk_fields, .nr_fields = ARRAY_SIZE(fk_fields),
	};
	struct fprog_error err;
	struct fprog *prog;
	struct fk_rec r;

	fk_fill(&r);
	fk_table(test, &r, cases, ARRAY_SIZE(cases));
	r.addr = 0x1100;
	fk_expect(test, &r, "addr.function == fake_a", false);

	if (!IS_ENABLED(CONFIG_KALLSYMS))
		kunit_skip(test, "kallsyms is off");
	/* The real thing: an address inside fprog_compile(). */
	r.addr = (unsigned long)fprog_compile + 1;
	prog = fprog_compile(&real, "addr.function == fprog_compile", &err);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(prog), "errno %d", err.err);
	KUNIT_EXPECT_TRUE(test, fk_run(prog, &r, sizeof(r), NULL));
	fprog_free(prog);
	prog = fprog_compile(&real, "addr.function == fprog_free", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_FALSE(test, fk_run(prog, &r, sizeof(r), NULL));
	fprog_free(prog);
}

/* t and f: two predicates that are true and false on the test record. */
#define T "u8v == 200"
#define F "u8v == 1"

struct fk_logic {
	const char	*text;
	bool		match;
	unsigned int	steps;
};

static const struct fk_logic fk_logic_cases[] = {
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

static void fk_logic(struct kunit *test)
{
	const struct fk_logic *c;
	struct fprog *prog;
	unsigned int steps, i;
	struct fk_rec r;

	fk_fill(&r);
	for (i = 0; i < ARRAY_SIZE(fk_logic_cases); i++) {
		c = &fk_logic_cases[i];
		prog = fk_compile(test, c->text);
		if (!prog)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, fk_run(prog, &r, sizeof(r), &steps),
				    c->match, "\"%s\"", c->text);
		KUNIT_EXPECT_EQ_MSG(test, steps, c->steps, "\"%s\"", c->text);
		fprog_free(prog);
	}

	/* The example of filter_prog.h, jump by jump. */
	prog = fk_compile(test, T " && (" T " || !" T ")");
	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_ASSERT_EQ(test, prog->nr_insns, 3);
	KUNIT_EXPECT_EQ(test, prog->insns[0].jump_when, 0);
	KUNIT_EXPECT_EQ(test, prog->insns[0].target, 4);
	KUNIT_EXPECT_EQ(test, prog->insns[1].jump_when, 1);
	KUNIT_EXPECT_EQ(test, prog->insns[1].target, 3);
	KUNIT_EXPECT_EQ(test, prog->insns[2].jump_when, 1);
	KUNIT_EXPECT_EQ(test, prog->insns[2].target, 4);
	fprog_free(prog);
}

#undef T
#undef F

/* A small deterministic generator, so that a failure can be replayed. */
static u32 fk_rand(u64 *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 33;
}

struct fk_gen {
	char		*buf;
	unsigned int	len;
	unsigned int	cap;
	u64		seed;
};

static void fk_emit(struct fk_gen *g, const char *s)
{
	ssize_t n = strscpy(g->buf + g->len, s, g->cap - g->len);

	g->len = n < 0 ? g->cap - 1 : g->len + n;
}

/* Emit a random expression; return its value by the language's rules. */
static bool fk_gen_expr(struct fk_gen *g, unsigned int depth);

static bool fk_gen_factor(struct fk_gen *g, unsigned int depth)
{
	static const struct fk_case leaves[] = {
		{ "u8v == 200", true }, { "u8v == 1", false },
		{ "s8v < 0", true }, { "name ~ 'x*'", false },
		{ "dstr == 'bash'", true }, { "CPU < 0", false },
	};
	bool neg = false, v;

	while (fk_rand(&g->seed) % 4 == 0) {
		fk_emit(g, "!");
		neg = !neg;
	}
	if (depth && fk_rand(&g->seed) % 3 == 0) {
		fk_emit(g, "(");
		v = fk_gen_expr(g, depth - 1);
		fk_emit(g, ")");
	} else {
		const struct fk_case *l;

		l = &leaves[fk_rand(&g->seed) % ARRAY_SIZE(leaves)];
		fk_emit(g, l->text);
		v = l->match;
	}
	return v != neg;
}

static bool fk_gen_term(struct fk_gen *g, unsigned int depth)
{
	bool v = fk_gen_factor(g, depth);

	while (fk_rand(&g->seed) % 3 == 0) {
		fk_emit(g, " && ");
		v &= fk_gen_factor(g, depth);
	}
	return v;
}

static bool fk_gen_expr(struct fk_gen *g, unsigned int depth)
{
	bool v = fk_gen_term(g, depth);

	while (fk_rand(&g->seed) % 3 == 0) {
		fk_emit(g, " || ");
		v |= fk_gen_term(g, depth);
	}
	return v;
}

static void fk_random_logic(struct kunit *test)
{
	struct fk_gen g = { .cap = 8192, .seed = 0x5eed };
	struct fprog *prog;
	unsigned int i, steps;
	struct fk_rec r;
	bool want;

	fk_fill(&r);
	g.buf = kunit_kzalloc(test, g.cap, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g.buf);
	for (i = 0; i < 2000; i++) {
		g.len = 0;
		want = fk_gen_expr(&g, 4);
		if (g.len >= g.cap - 1)
			continue;	/* truncated: not a valid case */
		prog = fk_compile(test, g.buf);
		if (!prog)
			return;
		KUNIT_EXPECT_EQ_MSG(test, fk_run(prog, &r, sizeof(r), &steps),
				    want, "\"%s\"", g.buf);
		KUNIT_EXPECT_LE(test, steps, prog->nr_insns);
		fprog_free(prog);
	}
}

struct fk_bad {
	const char	*text;
	int		err;
	enum fprog_msg	msg;
	unsigned int	pos;
};

#define FK_BAD(t, e, m, p)	{ t, -(e), FPROG_MSG_##m, p }

/*
 * Malformed filters: the errno the write returns, the error_log message
 * and the caret position, each pinned (they are an interface).
 */
static const struct fk_bad fk_bad_cases[] = {
	/* nothing to filter on: -EINVAL with no message */
	FK_BAD("", EINVAL, ERRNO, 0),
	FK_BAD("   ", EINVAL, ERRNO, 0),
	FK_BAD("()", EINVAL, ERRNO, 0),
	FK_BAD("( ( ) )", EINVAL, ERRNO, 0),
	/* no field name where a predicate starts: -EPERM, no message */
	FK_BAD("&&", EPERM, ERRNO, 0),
	FK_BAD("!= 1", EPERM, ERRNO, 0),
	FK_BAD("(!)", EPERM, ERRNO, 0),
	FK_BAD("\x01 == 1", EPERM, ERRNO, 0),
	FK_BAD("u8v == 1 && (!)", EPERM, ERRNO, 0),
	/* the prescan: quotes and parentheses */
	FK_BAD("u8v == 1 )", EPERM, TOO_MANY_CLOSE, 9),
	FK_BAD("(u8v == 1))", EPERM, TOO_MANY_CLOSE, 10),
	FK_BAD("u8v == 1 && )", EPERM, TOO_MANY_CLOSE, 12),
	FK_BAD("u8v == 1) 'x", EPERM, TOO_MANY_CLOSE, 8),
	FK_BAD("(u8v == 1", ENOENT, TOO_MANY_OPEN, 0),
	FK_BAD("((u8v == 1)", ENOENT, TOO_MANY_OPEN, 0),
	FK_BAD("u8v == 1 && (u8v == 2", ENOENT, TOO_MANY_OPEN, 12),
	FK_BAD("u8v == 1 (", ENOENT, TOO_MANY_OPEN, 9),
	FK_BAD("(u8v == 1 && (u8v == 2) && name == ')'", ENOENT,
	       TOO_MANY_OPEN, 0),
	FK_BAD("name == \"abc", ESRCH, MISSING_QUOTE, 8),
	FK_BAD("name == 'a\"b", ESRCH, MISSING_QUOTE, 8),
	FK_BAD("name ~ 'abc", ESRCH, MISSING_QUOTE, 7),
	/* the field */
	FK_BAD("nosuch == 1", EINVAL, FIELD_NOT_FOUND, 7),
	FK_BAD("u8v == 1 && nosuch == 2", EINVAL, FIELD_NOT_FOUND, 19),
	FK_BAD("1 == u8v", EINVAL, FIELD_NOT_FOUND, 2),
	FK_BAD("0", EINVAL, FIELD_NOT_FOUND, 2),
	FK_BAD("U8V == 1", EINVAL, FIELD_NOT_FOUND, 4),
	FK_BAD("\xff\xfe == 1", EINVAL, FIELD_NOT_FOUND, 3),
	/* the operator */
	FK_BAD("u8v = 1", EINVAL, INVALID_OP, 5),
	FK_BAD("u8v 1", EINVAL, INVALID_OP, 5),
	FK_BAD("u8v", EINVAL, INVALID_OP, 4),
	FK_BAD("u8v.foo == 1", EINVAL, INVALID_OP, 4),
	FK_BAD("u8v =~ 1", EINVAL, INVALID_OP, 5),
	/* the operand */
	FK_BAD("u8v == abc", EINVAL, INVALID_VALUE, 8),
	FK_BAD("u8v ==", EINVAL, INVALID_VALUE, 7),
	FK_BAD("u8v == +1", EINVAL, INVALID_VALUE, 8),
	FK_BAD("u8v == 1x", EINVAL, ILLEGAL_INTVAL, 8),
	FK_BAD("u8v == -1", EINVAL, ILLEGAL_INTVAL, 8),
	FK_BAD("u8v == 0x", EINVAL, ILLEGAL_INTVAL, 8),
	FK_BAD("s8v == -", EINVAL, ILLEGAL_INTVAL, 8),
	FK_BAD("u8v == 99999999999999999999999", EINVAL, ILLEGAL_INTVAL, 8),
	FK_BAD("u8v == 999999999999999999999999", EINVAL,
	       OPERAND_TOO_LONG, 32),
	FK_BAD("u8v == 1234567890123456789012345", EINVAL,
	       OPERAND_TOO_LONG, 33),
	FK_BAD("name == 1", EINVAL, EXPECT_STRING, 9),
	FK_BAD("COMM == 1", EINVAL, EXPECT_STRING, 9),
	FK_BAD("u8v == 'x'", EINVAL, EXPECT_DIGIT, 8),
	FK_BAD("u8v == \"x\"", EINVAL, EXPECT_DIGIT, 8),
	FK_BAD("CPU == 'x'", EINVAL, EXPECT_DIGIT, 8),
	FK_BAD("name < 'x'", EINVAL, ILLEGAL_FIELD_OP, 8),
	FK_BAD("name & 'x'", EINVAL, ILLEGAL_FIELD_OP, 8),
	FK_BAD("u8v ~ 1", EINVAL, ILLEGAL_FIELD_OP, 7),
	/* after a predicate: "&&", "||", ')' or the end */
	FK_BAD("u8v == 1 u8v == 2", EPERM, TOO_MANY_PREDS, 9),
	FK_BAD("u8v == 1 & u8v == 2", EPERM, TOO_MANY_PREDS, 9),
	FK_BAD("u8v == 1 | u8v == 2", EPERM, TOO_MANY_PREDS, 9),
	FK_BAD("u8v == 1.5", EPERM, TOO_MANY_PREDS, 8),
	FK_BAD("name == 'a'b", EPERM, TOO_MANY_PREDS, 11),
	/* the second '&' of "&&" starts a predicate for the prescan */
	FK_BAD("u8v == 1 && ()", EPERM, ERRNO, 0),
	/* the text ends where an operand should be */
	FK_BAD("u8v == 1 &&", EINVAL, INVALID_FILTER, 11),
	FK_BAD("u8v == 1 && ", EINVAL, INVALID_FILTER, 12),
	FK_BAD("u8v == 1 || !", EINVAL, INVALID_FILTER, 13),
	FK_BAD("u8v == 1 && !!", EINVAL, INVALID_FILTER, 14),
	FK_BAD("(u8v == 1) || (", ENOENT, TOO_MANY_OPEN, 14),
	FK_BAD("!", EINVAL, NO_FILTER, 1),
	FK_BAD("!!", EINVAL, NO_FILTER, 2),
	/* CPUS{} */
	FK_BAD("cpuv & CPUS", EINVAL, MISSING_BRACE_OPEN, 13),
	FK_BAD("cpuv & CPUS(1)", EINVAL, MISSING_BRACE_OPEN, 13),
	FK_BAD("cpuv & CPUS{1", EINVAL, MISSING_BRACE_CLOSE, 14),
	FK_BAD("cpuv & CPUS{}", EINVAL, INVALID_CPULIST, 13),
	FK_BAD("cpuv & CPUS{x}", EINVAL, INVALID_CPULIST, 14),
	FK_BAD("cpuv & CPUS{100000}", EINVAL, INVALID_CPULIST, 19),
	FK_BAD("cpuv < CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 8),
	FK_BAD("name == CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 9),
	FK_BAD("COMM & CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 8),
	FK_BAD("stacktrace & CPUS{1}", EINVAL, ILLEGAL_FIELD_OP, 14),
	/* .function */
	FK_BAD("u8v.function == fake_a", EINVAL, ILLEGAL_FIELD_OP, 17),
	FK_BAD("addr.function < fake_a", EINVAL, INVALID_OP, 17),
	FK_BAD("addr.function == nosuch", EINVAL, NO_FUNCTION, 24),
	FK_BAD("addr.function == (fake_a)", EINVAL, NO_FUNCTION, 26),
	FK_BAD("addr.function ==", EINVAL, NO_FUNCTION, 17),
	FK_BAD("addr.function == 0xzz", EINVAL, INVALID_VALUE, 22),
	FK_BAD("addr.function == 0x5", EINVAL, NO_FUNCTION, 21),
	FK_BAD("addr.function == 0x00000000000000000000001000", EINVAL,
	       OPERAND_TOO_LONG, 46),
	/* the case of ftracetest's tracing-error-log.tc, on our fields */
	FK_BAD("((s8v >= 10 && s8v < 15) || dsig == 17) && comm != bash",
	       EINVAL, FIELD_NOT_FOUND, 33),
};

static void fk_check_bad(struct kunit *test, const char *text, int want_err,
			 enum fprog_msg want_msg, unsigned int want_pos)
{
	struct fprog_error err = { };
	struct fprog *prog;

	prog = fprog_compile(&fk_schema, text, &err);
	KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(prog), "\"%s\" compiled", text);
	if (!IS_ERR(prog)) {
		fprog_free(prog);
		return;
	}
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(prog), (long)err.err, "\"%s\"", text);
	KUNIT_EXPECT_EQ_MSG(test, err.err, want_err, "\"%s\"", text);
	KUNIT_EXPECT_STREQ_MSG(test, fprog_msg_text(err.msg),
			       fprog_msg_text(want_msg), "\"%s\"", text);
	KUNIT_EXPECT_EQ_MSG(test, err.pos, want_pos, "\"%s\"", text);
}

static void fk_errors(struct kunit *test)
{
	const struct fk_bad *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fk_bad_cases); i++) {
		c = &fk_bad_cases[i];
		fk_check_bad(test, c->text, c->err, c->msg, c->pos);
	}
}

/* Strings just inside and just outside the operand limits. */
static void fk_limits(struct kunit *test)
{
	char *text = kunit_kzalloc(test, 512, GFP_KERNEL);
	struct fk_rec r;

	KUNIT_ASSERT_NOT_NULL(test, text);
	fk_fill(&r);

	/* 255 bytes between the quotes are fine, 256 are too many. */
	strscpy(text, "name == '", 512);
	memset(text + 9, 'a', 255);
	strscpy(text + 9 + 255, "'", 4);
	fk_expect(test, &r, text, false);
	memset(text + 9, 'a', 256);
	strscpy(text + 9 + 256, "'", 4);
	fk_check_bad(test, text, -EINVAL, FPROG_MSG_OPERAND_TOO_LONG, 266);

	/* 23 characters of number are parsed, 24 are too long. */
	fk_expect(test, &r, "u64v == 0x000000000000000000010", false);
	fk_expect(test, &r, "u8v == 00000000000000000000310", true);
}

static void fk_messages(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, fprog_msg_text(FPROG_MSG_TOO_MANY_PREDS),
			   "Too many terms in predicate expression");
	KUNIT_EXPECT_STREQ(test, fprog_msg_text(FPROG_MSG_INVALID_VALUE),
			   "Invalid value (did you forget quotes)?");
	KUNIT_EXPECT_STREQ(test, fprog_msg_text(FPROG_MSG_TOO_MANY_CLOSE),
			   "Too few '('");
	KUNIT_EXPECT_STREQ(test, fprog_msg_text(FPROG_MSG_COUNT), "Error");
	KUNIT_EXPECT_STREQ(test, fprog_msg_text(-1), "Error");
}

/* What the "filter" file shows after a refused write (an interface). */
static void fk_format(struct kunit *test)
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
	struct fprog_error err;
	struct fprog *prog;
	unsigned int i;
	char buf[128];
	int n;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		prog = fprog_compile(&fk_schema, cases[i].text, &err);
		KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
		n = fprog_format_error(buf, sizeof(buf), cases[i].text, &err);
		KUNIT_EXPECT_EQ(test, n, strlen(cases[i].shown));
		KUNIT_EXPECT_STREQ(test, buf, cases[i].shown);
	}
}

static void fk_kinds(struct kunit *test)
{
	static const struct {
		const char		*type;
		enum fprog_field_kind	kind;
	} cases[] = {
		{ "__data_loc char[]", FPROG_FIELD_DATA_LOC_STR },
		{ "__data_loc const char[]", FPROG_FIELD_DATA_LOC_STR },
		{ "__rel_loc char[]", FPROG_FIELD_REL_LOC_STR },
		{ "__data_loc cpumask_t", FPROG_FIELD_CPUMASK },
		{ "char[16]", FPROG_FIELD_CHAR_ARRAY },
		{ "unsigned char[6]", FPROG_FIELD_CHAR_ARRAY },
		{ "char *", FPROG_FIELD_PTR_STR },
		{ "const char *", FPROG_FIELD_PTR_STR },
		{ "const char * const", FPROG_FIELD_INT },
		{ "unsigned long", FPROG_FIELD_INT },
		{ "u8[6]", FPROG_FIELD_INT },
		{ "__data_loc u32[]", FPROG_FIELD_INT },
		{ "char", FPROG_FIELD_INT },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test, fprog_field_kind_of(cases[i].type),
				    cases[i].kind, "\"%s\"", cases[i].type);
}

/* Records too small for what the filter reads: false, and no read past. */
static void fk_short_record(struct kunit *test)
{
	struct fk_rec r;

	fk_fill(&r);
	r.dstr = (200U << 16) | offsetof(struct fk_rec, data);
	fk_expect(test, &r, "dstr ~ '*'", false);
	r.rstr = 0xffff;
	fk_expect(test, &r, "rstr != 'x'", false);
	r.mask = 0xffff0000;
	fk_expect(test, &r, "mask != CPUS{0}", false);
	fk_expect(test, &r, "mask != CPUS{0-1}", false);

	fk_fill(&r);
	{
		struct fprog *prog = fk_compile(test, "u64v != 0");

		KUNIT_ASSERT_NOT_NULL(test, prog);
		KUNIT_EXPECT_TRUE(test, fk_run(prog, &r, sizeof(r), NULL));
		KUNIT_EXPECT_FALSE(test, fk_run(prog, &r,
						offsetof(struct fk_rec, u64v) + 7,
						  NULL));
		fprog_free(prog);
	}
}

/* Build "<head><unit x n><tail>" in a test-managed buffer. */
static char *fk_repeat(struct kunit *test, const char *head,
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

static void fk_hostile(struct kunit *test)
{
	struct fprog *prog;
	unsigned int steps;
	struct fk_rec r;
	char *text;

	fk_fill(&r);

	/* A 4000-byte field name. */
	text = fk_repeat(test, "", "a", 4000, " == 1");
	fk_check_bad(test, text, -EINVAL, FPROG_MSG_FIELD_NOT_FOUND, 4001);

	/* 4000 '(' never closed: the last one is blamed. */
	text = fk_repeat(test, "", "(", 4000, "");
	fk_check_bad(test, text, -ENOENT, FPROG_MSG_TOO_MANY_OPEN, 3999);

	/* 4000 levels of parentheses, each with a '!': compiled, no recursion. */
	text = fk_repeat(test, "", "!(", 4000, "u8v == 200");
	text = fk_repeat(test, text, ")", 4000, "");
	fk_expect(test, &r, text, true);
	text = fk_repeat(test, "", "!(", 3999, "u8v == 200");
	text = fk_repeat(test, text, ")", 3999, "");
	fk_expect(test, &r, text, false);

	/* 1500 predicates: the last one decides, after 1500 tests. */
	text = fk_repeat(test, "", "u8v == 1 || ", 1499, "u8v == 200");
	prog = fk_compile(test, text);
	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_EXPECT_EQ(test, prog->nr_insns, 1500);
	KUNIT_EXPECT_TRUE(test, fk_run(prog, &r, sizeof(r), &steps));
	KUNIT_EXPECT_EQ(test, steps, 1500);
	fprog_free(prog);

	/* 4000 predicates joined by && with a false one first: one test. */
	text = fk_repeat(test, "u8v == 1", " && s8v < 0", 3999, "");
	prog = fk_compile(test, text);
	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_EXPECT_FALSE(test, fk_run(prog, &r, sizeof(r), &steps));
	KUNIT_EXPECT_EQ(test, steps, 1);
	fprog_free(prog);

	/* A long string operand and a long garbage tail. */
	text = fk_repeat(test, "name == '", "x", 10000, "'");
	fk_check_bad(test, text, -EINVAL, FPROG_MSG_OPERAND_TOO_LONG, 10010);
	/* "&&" then a third '&', where a field name should start. */
	text = fk_repeat(test, "u8v == 200 ", "&", 5001, "");
	fk_check_bad(test, text, -EPERM, FPROG_MSG_ERRNO, 0);

	/* Longer than anything tracefs passes: refused up front. */
	text = fk_repeat(test, "", " ", FPROG_MAX_TEXT, "u8v == 200");
	fk_check_bad(test, text, -E2BIG, FPROG_MSG_ERRNO, 0);

	/* Everything after an embedded NUL is invisible. */
	fk_expect(test, &r, "u8v == 200\0 && garbage (((", true);
}

/*
 * Random texts: token soup from a hostile alphabet, and valid filters with
 * bytes inserted, deleted or replaced.  Each must fail with a sane error
 * or compile into a program that runs.
 */
static void fk_mutate(struct fk_gen *g, const char *const *bits,
		      unsigned int nr_bits)
{
	unsigned int at = g->len ? fk_rand(&g->seed) % (g->len + 1) : 0;
	const char *ins;
	size_t n;

	switch (fk_rand(&g->seed) % 3) {
	case 0:		/* insert a token */
		ins = bits[fk_rand(&g->seed) % nr_bits];
		n = strlen(ins);
		if (g->len + n >= g->cap)
			return;
		memmove(g->buf + at + n, g->buf + at, g->len - at + 1);
		memcpy(g->buf + at, ins, n);
		g->len += n;
		break;
	case 1:		/* delete up to three bytes */
		n = min_t(size_t, fk_rand(&g->seed) % 3 + 1, g->len - at);
		memmove(g->buf + at, g->buf + at + n, g->len - at - n + 1);
		g->len -= n;
		break;
	default:	/* replace a byte by any non-NUL byte */
		if (at < g->len)
			g->buf[at] = fk_rand(&g->seed) % 255 + 1;
	}
}

static void fk_fuzz(struct kunit *test)
{
	static const char *const bits[] = {
		"u8v", "name", "dstr", "CPU", "COMM", "mask", "addr", "kptr",
		"cpuv", "odd", ".function", ".ustring", "==", "!=", "<", "<=",
		">", ">=", "&", "~", "&&", "||", "!", "(", ")", "'", "\"",
		"CPUS{", "}", "0-1", "1", "-1", "0x", "fake_a", "*", "?", "[",
		"\\", " ", "\t", "\xff", "\x80", "\x01", ",", "{", "200",
	};
	static const char *const valid[] = {
		"u8v == 200 && (name ~ \"kw*\" || !(s8v < 0))",
		"dstr ~ \"b[a-z]*\" || rstr == 'x' && cpuv & CPUS{0-1}",
		"addr.function == fake_a || kptr ~ \"*wor*\"",
		"!(mask == CPUS{1}) && CPU != 0 || COMM ~ \"!kunit*\"",
		"u64v & 0x10 && s64v <= -1 && u16v > 0 && odd == 3",
	};
	struct fk_gen g = { .cap = 256, .seed = 0xf022 };
	unsigned int i, n, compiled = 0;
	struct fprog_error err;
	struct fprog *prog;
	struct fk_rec r;

	fk_fill(&r);
	g.buf = kunit_kzalloc(test, g.cap, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g.buf);
	for (i = 0; i < 10000; i++) {
		g.len = 0;
		g.buf[0] = '\0';
		if (i & 1) {
			for (n = fk_rand(&g.seed) % 16; n; n--)
				fk_emit(&g, bits[fk_rand(&g.seed) %
						   ARRAY_SIZE(bits)]);
		} else {
			fk_emit(&g, valid[fk_rand(&g.seed) %
					    ARRAY_SIZE(valid)]);
			for (n = fk_rand(&g.seed) % 3; n; n--)
				fk_mutate(&g, bits, ARRAY_SIZE(bits));
		}
		prog = fprog_compile(&fk_schema, g.buf, &err);
		if (!IS_ERR(prog)) {
			compiled++;
			fk_run(prog, &r, sizeof(r), NULL);
			fprog_free(prog);
			continue;
		}
		KUNIT_EXPECT_LT_MSG(test, err.err, 0, "\"%s\"", g.buf);
		KUNIT_EXPECT_LT_MSG(test, (unsigned int)err.msg,
				    (unsigned int)FPROG_MSG_COUNT, "\"%s\"", g.buf);
		KUNIT_EXPECT_LE_MSG(test, err.pos, g.len + 2, "\"%s\"", g.buf);
	}
	kunit_info(test, "%u of 10000 random texts compiled\n", compiled);
}

/* Function events (perf only): the patterns are collected, not run. */
struct fk_ip_seen {
	char	buf[256];
};

static int fk_ip_collect(void *data, bool trace, const char *pattern)
{
	struct fk_ip_seen *seen = data;
	size_t len = strlen(seen->buf);

	snprintf(seen->buf + len, sizeof(seen->buf) - len, "%c[%s]",
		 trace ? '+' : '-', pattern);
	return 0;
}

static int fk_ip_stop(void *data, bool trace, const char *pattern)
{
	return -ENOSPC;
}

static const struct fprog_field fk_ip_fields[] = {
	{ "common_pid", 4, 4, FPROG_FIELD_INT, true },
	{ "ip", 8, sizeof(long), FPROG_FIELD_INT, false },
	{ "parent_ip", 16, sizeof(long), FPROG_FIELD_INT, false },
};

static const struct fprog_schema fk_ip_schema = {
	.fields		= fk_ip_fields,
	.nr_fields	= ARRAY_SIZE(fk_ip_fields),
	.symbols	= &fk_symbols,
	.ip_only	= true,
};

static void fk_ip_only(struct kunit *test)
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
		{ "ip.function == fake_a", -EINVAL, "" },
	};
	struct fk_ip_seen seen;
	struct fprog_error err;
	struct fprog *prog;
	u8 rec[32] = { };
	unsigned int i;
	char *text;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		prog = fprog_compile(&fk_ip_schema, cases[i].text, &err);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(prog), "\"%s\": %d",
				       cases[i].text, err.err);
		seen.buf[0] = '\0';
		KUNIT_EXPECT_EQ_MSG(test, fprog_ip_patterns(prog, fk_ip_collect,
							    &seen),
				    cases[i].ret, "\"%s\"", cases[i].text);
		if (!cases[i].ret)
			KUNIT_EXPECT_STREQ_MSG(test, seen.buf, cases[i].seen,
					       "\"%s\"", cases[i].text);
		/* Only the function tracer acts on these: never a match. */
		if (!cases[i].ret)
			KUNIT_EXPECT_FALSE(test, fprog_match(prog, rec,
							     sizeof(rec)));
		fprog_free(prog);
	}

	prog = fprog_compile(&fk_ip_schema, "ip == a || ip == b", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, fprog_ip_patterns(prog, fk_ip_stop, NULL),
			-ENOSPC);
	fprog_free(prog);

	/* Only "ip", and operands of at most 255 bytes. */
	prog = fprog_compile(&fk_ip_schema, "parent_ip == foo", &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.err, -EINVAL);
	KUNIT_EXPECT_EQ(test, err.msg, FPROG_MSG_IP_FIELD_ONLY);
	KUNIT_EXPECT_EQ(test, err.pos, 14U);
	prog = fprog_compile(&fk_ip_schema, "common_pid == 1", &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.msg, FPROG_MSG_IP_FIELD_ONLY);
	prog = fprog_compile(&fk_ip_schema, "nosuch == foo", &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.msg, FPROG_MSG_FIELD_NOT_FOUND);
	prog = fprog_compile(&fk_ip_schema, "ip == foo bar", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	fprog_free(prog);

	text = kunit_kzalloc(test, 300, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	strscpy(text, "ip == ", 300);
	memset(text + 6, 'f', 255);
	prog = fprog_compile(&fk_ip_schema, text, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	fprog_free(prog);
	text[6 + 255] = 'f';
	prog = fprog_compile(&fk_ip_schema, text, &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(prog));
	KUNIT_EXPECT_EQ(test, err.msg, FPROG_MSG_OPERAND_TOO_LONG);
}

/* A char[] of size 0 at the end of the record: a string up to its NUL. */
static void fk_flex_array(struct kunit *test)
{
	static const struct fprog_field fields[] = {
		{ "ip", 0, sizeof(long), FPROG_FIELD_INT, false },
		{ "buf", sizeof(long), 0, FPROG_FIELD_CHAR_ARRAY, false },
	};
	static const struct fprog_schema schema = {
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
	struct fprog_error err;
	struct fprog *prog;
	unsigned int i;

	strscpy(rec + sizeof(long), "start", 16);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		prog = fprog_compile(&schema, cases[i].text, &err);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(prog), "\"%s\": %d",
				       cases[i].text, err.err);
		KUNIT_EXPECT_EQ_MSG(test, fprog_match(prog, rec, sizeof(rec)),
				    cases[i].match, "\"%s\"", cases[i].text);
		fprog_free(prog);
	}

	/* Bounded by the record: only "sta" of it is inside. */
	prog = fprog_compile(&schema, "buf == \"start\"", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_FALSE(test, fprog_match(prog, rec, sizeof(long) + 3));
	fprog_free(prog);
	prog = fprog_compile(&schema, "buf == \"sta\"", &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(prog));
	KUNIT_EXPECT_TRUE(test, fprog_match(prog, rec, sizeof(long) + 3));
	fprog_free(prog);
}

static struct kunit_case fk_cases[] = {
	KUNIT_CASE(fk_ints),
	KUNIT_CASE(fk_strings),
	KUNIT_CASE(fk_ustring),
	KUNIT_CASE(fk_cpus),
	KUNIT_CASE(fk_function),
	KUNIT_CASE(fk_logic),
	KUNIT_CASE(fk_random_logic),
	KUNIT_CASE(fk_errors),
	KUNIT_CASE(fk_limits),
	KUNIT_CASE(fk_messages),
	KUNIT_CASE(fk_format),
	KUNIT_CASE(fk_kinds),
	KUNIT_CASE(fk_short_record),
	KUNIT_CASE(fk_hostile),
	KUNIT_CASE(fk_fuzz),
	KUNIT_CASE(fk_ip_only),
	KUNIT_CASE(fk_flex_array),
	{}
};

static struct kunit_suite fk_suite = {
	.name = "trace_filter",
	.test_cases = fk_cases,
};

kunit_test_suite(fk_suite);

MODULE_DESCRIPTION("KUnit tests for the retrace event filter language");
MODULE_LICENSE("GPL");
