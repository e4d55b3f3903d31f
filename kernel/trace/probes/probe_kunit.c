// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "probe_args": the fetch-argument compiler and its runtime
 * (probe_arg.h).
 *
 *  - forms: each form of the language compiles to the program the
 *    design note gives, with its type, field type, record size and
 *    shape;
 *    a uprobe's forms (@+OFFSET, and what a uprobe refuses);
 *  - values: programs run against registers and memory of the test's
 *    own: registers, stack slots, $argN, dereferences, strings, $comm,
 *    immediates, bitfields, arrays of numbers and of strings, and the
 *    fixed part and string data they leave, printed as the trace line
 *    prints them;
 *  - fields: event probes' "$FIELD" of a record of the test's own,
 *    every way a record holds a string;
 *  - faults: bad kernel and user addresses give zeroes and "(fault)",
 *    no oops;
 *  - errors: malformed kprobe definitions (ftracetest's
 *    kprobe_syntax_errors.tc and more), each refused with 6.12's errno,
 *    message and column in the top instance's error_log.
 *
 * Contexts: process context; the errors case defines kprobe events
 * through the kernel command builder and deletes what it made.
 */
#include <kunit/test.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

#include "dynevent/trace_dynevent.h"
#include "instance/trace_array.h"
#include "messages/trace_errlog.h"
#include "probe_arg.h"

/* What the programs read: a struct the test owns. */
struct pk_obj {
	u64		num;
	u32		word;
	u8		bits;		/* 0b10110110 */
	u8		bytes[4];
	const char	*name;
	const char	*names[2];
	char		text[8];
};

static const struct pk_obj pk_template = {
	.num	= 0x1122334455667788ULL,
	.word	= 0xfffffffe,
	.bits	= 0xb6,
	.bytes	= { 1, 2, 3, 4 },
	.name	= "retrace",
	.names	= { "first", "second" },
	.text	= "inline",
};

/* Compile @word as argument 0 of a kernel function-entry probe. */
static int pk_compile(struct kunit *test, struct probe_arg *a,
		      const char *word, unsigned int where, unsigned int *size)
{
	const char *argv[] = { "p", "vfs_read", word };
	struct probe_log log = { .where = "trace_kprobe", .argc = 3,
				 .argv = argv, .word = 2 };
	struct probe_ctx *ctx;
	int ret;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->where = where;
	ctx->log = &log;
	*size = 0;
	memset(a, 0, sizeof(*a));
	ret = probe_arg_compile(a, 0, word, size, ctx);
	if (!ret)
		ret = probe_arg_resolve(a);
	return ret;
}

#define PK_ENTRY	(PROBE_KERNEL | PROBE_ENTRY)
/* The default type is a word: x64 or x32, "u64" or "u32" in the format. */
#define PK_WORD		(BITS_PER_LONG == 64 ? "u64" : "u32")

/* The shape a hit's store knows a program by (probe_arg.h). */
static u8 pk_shape(const u8 *ops)
{
	if (ops[0] != PROBE_OP_REG || ops[2] != PROBE_OP_END)
		return PROBE_SHAPE_ANY;
	if (ops[1] == PROBE_OP_ST_VAL)
		return PROBE_SHAPE_REG;
	if (ops[1] == PROBE_OP_ST_MEM || ops[1] == PROBE_OP_ST_UMEM)
		return PROBE_SHAPE_REG_MEM;
	return PROBE_SHAPE_ANY;
}

/* The forms, the programs they compile to, and their shapes. */
static void probe_kunit_forms(struct kunit *test)
{
	static const struct {
		const char	*word;
		const char	*name;
		const char	*fmttype;
		unsigned int	size;
		u8		ops[6];		/* up to END */
	} cases[] = {
		{ "%di", "arg1", PK_WORD, sizeof(long),
		  { PROBE_OP_REG, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "v=+8(%si):u32", "v", "u32", 4,
		  { PROBE_OP_REG, PROBE_OP_ST_MEM, PROBE_OP_END } },
		{ "s=+0(+8(%si)):string", "s", "__data_loc char[]", 4,
		  { PROBE_OP_REG, PROBE_OP_DEREF, PROBE_OP_ST_STR,
		    PROBE_OP_END } },
		{ "c=$comm", "c", "__data_loc char[]", 4,
		  { PROBE_OP_COMM, PROBE_OP_ST_STR, PROBE_OP_END } },
		{ "i=\\\"abc\"", "i", "__data_loc char[]", 4,
		  { PROBE_OP_DATA, PROBE_OP_ST_STR, PROBE_OP_END } },
		{ "n=\\-12:s16", "n", "s16", 2,
		  { PROBE_OP_IMM, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "j=@jiffies:u64", "j", "u64", 8,
		  { PROBE_OP_SYMBOL, PROBE_OP_IMM, PROBE_OP_ST_MEM,
		    PROBE_OP_END } },
		{ "b=+0(%di):b4@2/8", "b", "u8", 1,
		  { PROBE_OP_REG, PROBE_OP_ST_MEM, PROBE_OP_BITFIELD,
		    PROBE_OP_END } },
		{ "a=+0(%di):x8[4]", "a", "u8[4]", 4,
		  { PROBE_OP_REG, PROBE_OP_ST_MEM, PROBE_OP_ARRAY,
		    PROBE_OP_END } },
		{ "ss=+0(%di):string[2]", "ss", "__data_loc char[][2]", 8,
		  { PROBE_OP_REG, PROBE_OP_DEREF, PROBE_OP_ST_STR,
		    PROBE_OP_ARRAY, PROBE_OP_END } },
		{ "st=$stack3", "st", PK_WORD, sizeof(long),
		  { PROBE_OP_STACK, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "sp=$stack:x32", "sp", "u32", 4,
		  { PROBE_OP_STACKP, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "a2=$arg2:s64", "a2", "s64", 8,
		  { PROBE_OP_ARG, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "u=+u0(%di):ustring", "u", "__data_loc char[]", 4,
		  { PROBE_OP_REG, PROBE_OP_ST_USTR, PROBE_OP_END } },
		{ "y=%ip:symstr", "y", "__data_loc char[]", 4,
		  { PROBE_OP_REG, PROBE_OP_ST_SYMSTR, PROBE_OP_END } },
		{ "ch=+0(%di):char", "ch", "u8", 1,
		  { PROBE_OP_REG, PROBE_OP_ST_MEM, PROBE_OP_END } },
		{ "f=%di:%pd", "f", "", 0, { PROBE_OP_NONE } },
	};
	struct probe_arg a;
	unsigned int i, j, size;
	const char *fmttype;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (!cases[i].size) {
			/* %pd is rewritten before the compiler sees it */
			KUNIT_EXPECT_EQ(test, pk_compile(test, &a, cases[i].word,
							 PK_ENTRY, &size),
					-EINVAL);
			probe_arg_free(&a);
			continue;
		}
		KUNIT_ASSERT_EQ_MSG(test, pk_compile(test, &a, cases[i].word,
						     PK_ENTRY, &size), 0,
				    "%s", cases[i].word);
		KUNIT_EXPECT_STREQ(test, a.name, cases[i].name);
		fmttype = a.fmttype ?: a.type->fmttype;
		KUNIT_EXPECT_STREQ_MSG(test, fmttype, cases[i].fmttype, "%s",
				       cases[i].word);
		KUNIT_EXPECT_EQ_MSG(test, size, cases[i].size, "%s",
				    cases[i].word);
		for (j = 0; cases[i].ops[j] != PROBE_OP_END; j++)
			KUNIT_EXPECT_EQ_MSG(test, a.prog[j].op, cases[i].ops[j],
					    "%s insn %u", cases[i].word, j);
		KUNIT_EXPECT_EQ_MSG(test, a.prog[j].op, PROBE_OP_END, "%s",
				    cases[i].word);
		KUNIT_EXPECT_EQ_MSG(test, a.shape, pk_shape(cases[i].ops),
				    "%s", cases[i].word);
		probe_arg_free(&a);
	}
	/* the bitfield's shifts: 4 bits at bit 2 of a byte */
	KUNIT_ASSERT_EQ(test, pk_compile(test, &a, "+0(%di):b4@2/8", PK_ENTRY,
					 &size), 0);
	KUNIT_EXPECT_EQ(test, a.prog[2].lshift, 2);
	KUNIT_EXPECT_EQ(test, a.prog[2].rshift, 4);
	probe_arg_free(&a);
}

/* A uprobe's forms: a file offset, no symbols, no $retval at entry. */
static void probe_kunit_user_forms(struct kunit *test)
{
	static const struct {
		const char	*word;
		unsigned int	where;
		int		err;
		u8		ops[4];		/* up to END */
	} cases[] = {
		{ "g=@+0x4010:u32", PROBE_USER, 0,
		  { PROBE_OP_FOFFS, PROBE_OP_ST_MEM, PROBE_OP_END } },
		{ "s=+0(@+16):string", PROBE_USER, 0,
		  { PROBE_OP_FOFFS, PROBE_OP_DEREF, PROBE_OP_ST_STR,
		    PROBE_OP_END } },
		{ "st=$stack2", PROBE_USER, 0,
		  { PROBE_OP_STACK, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "r=$retval:s32", PROBE_USER | PROBE_RETURN, 0,
		  { PROBE_OP_RETVAL, PROBE_OP_ST_VAL, PROBE_OP_END } },
		{ "r=$retval", PROBE_USER, -EINVAL },
		{ "g=@+zz", PROBE_USER, -EINVAL },
		{ "g=@jiffies", PROBE_USER, -EINVAL },
		{ "y=%ax:symbol", PROBE_USER, -EINVAL },
		{ "y=%ax:symstr", PROBE_USER, -EINVAL },
		{ "g=@+16", PK_ENTRY, -EINVAL },
	};
	struct probe_arg a;
	unsigned int i, j, size;
	int ret;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ret = pk_compile(test, &a, cases[i].word, cases[i].where,
				 &size);
		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].err, "%s",
				    cases[i].word);
		if (!ret && !cases[i].err) {
			for (j = 0; cases[i].ops[j] != PROBE_OP_END; j++)
				KUNIT_EXPECT_EQ_MSG(test, a.prog[j].op,
						    cases[i].ops[j],
						    "%s insn %u",
						    cases[i].word, j);
			KUNIT_EXPECT_EQ(test, a.prog[j].op, PROBE_OP_END);
		}
		probe_arg_free(&a);
	}
	KUNIT_ASSERT_EQ(test, pk_compile(test, &a, "@+0x4010", PROBE_USER,
					 &size), 0);
	KUNIT_EXPECT_EQ(test, a.prog[0].arg, 0x4010);
	probe_arg_free(&a);
}

/* Compile @words, run them against @regs, print them. */
static const char *pk_run(struct kunit *test, struct pt_regs *regs,
			  const char * const *words, unsigned int n)
{
	struct probe_arg *args;
	unsigned int i, size = 0, one;
	struct trace_seq *s;
	struct probe_ctx *ctx;
	static const char * const argv[] = { "p", "vfs_read" };
	struct probe_log log = { .where = "trace_kprobe", .argc = 2,
				 .argv = argv, .word = 2 };
	void *rec;
	int dyn;

	args = kunit_kcalloc(test, n, sizeof(*args), GFP_KERNEL);
	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, args && ctx && s);
	ctx->where = PK_ENTRY;
	ctx->log = &log;
	for (i = 0; i < n; i++) {
		one = size;
		KUNIT_ASSERT_EQ_MSG(test, probe_arg_compile(args, i, words[i],
							    &size, ctx), 0,
				    "%s", words[i]);
		KUNIT_ASSERT_EQ(test, probe_arg_resolve(&args[i]), 0);
		KUNIT_EXPECT_EQ(test, args[i].offset, one);
	}
	dyn = probe_args_dyn_size(args, n, regs, NULL);
	rec = kunit_kzalloc(test, 16 + size + dyn, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	probe_args_store(args, n, regs, NULL, rec, 16, size, dyn);
	trace_seq_init(s);
	KUNIT_EXPECT_TRUE(test, probe_args_print(s, args, n, rec + 16, rec));
	for (i = 0; i < n; i++)
		probe_arg_free(&args[i]);
	return kunit_kstrdup(test, s->buffer, GFP_KERNEL);
}

/* @fmt with the offset @off, in test-managed memory. */
static const char *pk_at(struct kunit *test, const char *fmt, size_t off)
{
	char *word = kunit_kzalloc(test, PROBE_ARG_TEXT_MAX + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, word);
	snprintf(word, PROBE_ARG_TEXT_MAX + 1, fmt, off);
	return word;
}

/* Values: what each form fetches, as the trace line shows it. */
static void probe_kunit_values(struct kunit *test)
{
	const char *words[13];
	struct pk_obj *obj;
	unsigned long stack[4] = { 5, 6, 7, 8 };
	struct pt_regs regs = { };
	const char *line;
	char want[64];

#define PK_AT(field, fmt)	pk_at(test, fmt, offsetof(struct pk_obj, field))
	words[0] = PK_AT(num, "num=+%zu(%%di):u64");
	words[1] = PK_AT(word, "word=+%zu(%%di):s32");
	words[2] = PK_AT(word, "hex=+%zu(%%di):x32");
	words[3] = PK_AT(bits, "bits=+%zu(%%di):b3@1/8");
	words[4] = PK_AT(bytes, "bytes=+%zu(%%di):u8[4]");
	words[5] = PK_AT(name, "name=+0(+%zu(%%di)):string");
	words[6] = PK_AT(names, "names=+%zu(%%di):string[2]");
	words[7] = PK_AT(text, "text=+%zu(%%di):string");
	words[8] = "imm=\\0x10:x16";
	words[9] = "str=\\\"immediate\"";
	words[10] = PK_AT(text, "ch=+%zu(%%di):char");
	words[11] = "a2=$arg2:x16";
	words[12] = "st1=$stack1:u8";
#undef PK_AT

	obj = kunit_kzalloc(test, sizeof(*obj), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, obj);
	*obj = pk_template;
	regs.di = (unsigned long)obj;
	/* $arg2: %si on x86_64, %dx on i386 */
	regs.si = 0x1234;
	regs.dx = 0x1234;
	regs.sp = (unsigned long)stack;
	line = pk_run(test, &regs, words, ARRAY_SIZE(words));
	KUNIT_EXPECT_STREQ(test, line,
			   " num=1234605616436508552 word=-2 hex=0xfffffffe"
			   " bits=3 bytes={1,2,3,4} name=\"retrace\""
			   " names={\"first\",\"second\"} text=\"inline\""
			   " imm=0x10 str=\"immediate\" ch='i' a2=0x1234"
			   " st1=6");

	/* $comm */
	words[0] = "c=$comm";
	snprintf(want, sizeof(want), " c=\"%s\"", current->comm);
	KUNIT_EXPECT_STREQ(test, pk_run(test, &regs, words, 1), want);
}

/* Faults: bad addresses read as zeroes and "(fault)". */
static void probe_kunit_faults(struct kunit *test)
{
	static const char * const words[] = {
		"num=+0(%di):u64",
		"deep=+0(+0(%di)):u32",
		"s=+0(%di):string",
		"ps=+0(+0(%di)):string",
		"us=+u0(%di):ustring",
		"arr=+0(%di):u16[2]",
		"sarr=+0(%di):string[2]",
	};
	struct pt_regs regs = { };

	/* the end of the address space, then the NULL page */
	regs.di = -16UL;
	KUNIT_EXPECT_STREQ(test, pk_run(test, &regs, words, ARRAY_SIZE(words)),
			   " num=0 deep=0 s=(fault) ps=(fault) us=(fault)"
			   " arr={0,0} sarr={(fault),(fault)}");
	regs.di = 16;
	KUNIT_EXPECT_STREQ(test, pk_run(test, &regs, words, ARRAY_SIZE(words)),
			   " num=0 deep=0 s=(fault) ps=(fault) us=(fault)"
			   " arr={0,0} sarr={(fault),(fault)}");
}

/* A record of an attached event, as event probes read it. */
struct pk_rec {
	struct trace_entry	ent;
	s16			small;
	u32			loc;		/* __data_loc char[] */
	char			arr[8];
	const char		*ptr;
	u32			rel;		/* __rel_loc char[] */
	char			data[8];
};

static const struct {
	const char	*name;
	size_t		offset;
	u8		size;		/* FIELD: bytes; FIELD_STR: its kind */
	bool		is_string;
} pk_fields[] = {
	{ "small", offsetof(struct pk_rec, small), 2, false },
	{ "loc", offsetof(struct pk_rec, loc), PROBE_FSTR_LOC, true },
	{ "arr", offsetof(struct pk_rec, arr), PROBE_FSTR_ARRAY, true },
	{ "ptr", offsetof(struct pk_rec, ptr), PROBE_FSTR_PTR, true },
	{ "rel", offsetof(struct pk_rec, rel), PROBE_FSTR_REL_LOC, true },
};

/* probe_ctx.field_of of the test's record. */
static int pk_field_of(void *data, const char *name, struct probe_insn *in)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pk_fields); i++) {
		if (strcmp(pk_fields[i].name, name))
			continue;
		in->op = pk_fields[i].is_string ? PROBE_OP_FIELD_STR :
						  PROBE_OP_FIELD;
		in->arg = pk_fields[i].offset;
		in->size = pk_fields[i].size;
		in->sign = !pk_fields[i].is_string;
		return 0;
	}
	return -ENOENT;
}

/*
 * Fields: "$FIELD" of an event probe, every way a record holds a
 * string, a signed field, a dereference of a char * field; an unknown
 * field and a register are refused.
 */
static void probe_kunit_fields(struct kunit *test)
{
	static const char * const words[] = {
		"small=$small:s16", "w=$small", "loc=$loc:string",
		"arr=$arr:string", "ptr=$ptr:string", "rel=$rel:string",
		"second=+1($ptr):char", "c=$comm:string",
	};
	static const char * const argv[] = { "e", "sys.ev" };
	struct probe_log log = { .where = "event_probe", .argc = 2,
				 .argv = argv, .word = 2 };
	unsigned int i, n = ARRAY_SIZE(words), size = 0;
	struct probe_arg *args, bad = { };
	struct probe_ctx *ctx;
	struct trace_seq *s;
	struct pk_rec *rec;
	char want[160];
	void *out;
	int dyn;

	args = kunit_kcalloc(test, n, sizeof(*args), GFP_KERNEL);
	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, args && ctx && s && rec);
	ctx->where = PROBE_KERNEL | PROBE_EVENT;
	ctx->log = &log;
	ctx->field_of = pk_field_of;

	rec->small = -3;
	strscpy(rec->arr, "array", sizeof(rec->arr));
	rec->ptr = "pointer";
	strscpy(rec->data, "loc", 4);
	strscpy(rec->data + 4, "rel", 4);
	rec->loc = 4 << 16 | offsetof(struct pk_rec, data);
	rec->rel = 4 << 16 | (offsetof(struct pk_rec, data) + 4 -
			      (offsetof(struct pk_rec, rel) + sizeof(u32)));

	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ_MSG(test, probe_arg_compile(args, i, words[i],
							    &size, ctx), 0,
				    "%s", words[i]);
	KUNIT_EXPECT_EQ(test, args[0].prog[0].op, PROBE_OP_FIELD);
	KUNIT_EXPECT_EQ(test, args[2].prog[0].op, PROBE_OP_FIELD_STR);
	KUNIT_EXPECT_EQ(test, args[2].prog[1].op, PROBE_OP_ST_STR);

	dyn = probe_args_dyn_size(args, n, rec, NULL);
	out = kunit_kzalloc(test, 8 + size + dyn, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	probe_args_store(args, n, rec, NULL, out, 8, size, dyn);
	trace_seq_init(s);
	KUNIT_EXPECT_TRUE(test, probe_args_print(s, args, n, out + 8, out));
	snprintf(want, sizeof(want),
		 " small=-3 w=0x%lx loc=\"loc\" arr=\"array\" ptr=\"pointer\""
		 " rel=\"rel\" second='o' c=\"%s\"", -3UL, current->comm);
	KUNIT_EXPECT_STREQ(test, s->buffer, want);
	for (i = 0; i < n; i++)
		probe_arg_free(&args[i]);

	/* no such field; no registers on an event */
	size = 0;
	KUNIT_EXPECT_EQ(test, probe_arg_compile(&bad, 0, "$nofield", &size,
						ctx), -EINVAL);
	probe_arg_free(&bad);
	memset(&bad, 0, sizeof(bad));
	KUNIT_EXPECT_EQ(test, probe_arg_compile(&bad, 0, "%di", &size, ctx),
			-EINVAL);
	probe_arg_free(&bad);
}

/* The newest entry of the top instance's error_log. */
static struct errlog_entry *pk_last_err(void)
{
	if (list_empty(&global_trace.err_log))
		return NULL;
	return list_last_entry(&global_trace.err_log, struct errlog_entry,
			       node);
}

/* Run one kprobe_events line through the kernel command builder. */
static int pk_define(struct kunit *test, const char *line)
{
	struct dynevent_cmd cmd;
	char *buf;

	buf = kunit_kzalloc(test, MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	KUNIT_ASSERT_EQ(test, dynevent_str_add(&cmd, line), 0);
	return dynevent_create(&cmd);
}

/* Malformed definitions: errno, message and column. */
static void probe_kunit_errors(struct kunit *test)
{
	static const struct {
		const char	*cmd;	/* '^' marks the column */
		const char	*msg;
		int		err;
	} cases[] = {
		{ "p^100 vfs_read", "Maxactive is only for function exit" },
		{ "r^1a111 vfs_read", "Invalid maxactive number" },
		{ "r^100000 vfs_read", "Maxactive is too big" },
		{ "p ^non_exist_func", "Invalid probed address or symbol" },
		{ "p ^hoge-fuga", "Invalid probed address or symbol" },
		{ "p ^hoge+1000-1000", "Invalid probed address or symbol" },
		{ "r ^vfs_read+10", "Retprobe address must be an function entry" },
		{ "p:^/bar vfs_read", "Group name is not specified" },
		{ "p:^foo.1/bar vfs_read",
		  "Group name must follow the same rules as C identifiers" },
		{ "p:^ vfs_read", "Event name is not specified" },
		{ "p:foo/^bar.1 vfs_read",
		  "Event name must follow the same rules as C identifiers" },
		{ "p vfs_read ^$retval", "$retval is not available on probe" },
		{ "p vfs_read ^$stack10000", "Invalid stack number" },
		{ "p vfs_read ^$arg10000", "Invalid argument number" },
		{ "p vfs_read ^$none_var", "Invalid $-variable specified" },
		{ "p vfs_read ^%none_reg", "Invalid register name" },
		{ "p vfs_read ^@12345678abcde", "Invalid memory address" },
		{ "p vfs_read ^@+10", "File offset is not available with kprobe" },
		{ "p vfs_read arg1=\\^x", "Invalid immediate value" },
		{ "p vfs_read arg1=\\\"abcd^", "String is not closed with '\"'" },
		{ "p vfs_read ^+0@0)", "Dereference needs a brace" },
		{ "p vfs_read ^+0ab1(@0)", "Invalid dereference offset" },
		{ "p vfs_read +0(+0(@0^)", "Dereference brace is not closed" },
		{ "p vfs_read +0(^$comm)", "$comm can not be dereferenced" },
		{ "p vfs_read ^&1", "Invalid fetch argument" },
		{ "p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))",
		  "Dereference is too much nested" },
		{ "p vfs_read +0(@11):u8[10^", "Array is not closed" },
		{ "p vfs_read +0(@11):u8[10]^a", "Array has wrong suffix" },
		{ "p vfs_read +0(@11):u8[^10a]", "Invalid array size" },
		{ "p vfs_read +0(@11):u8[^256]", "Array number is too big" },
		{ "p vfs_read @11:^unknown_type", "Unknown type is specified" },
		{ "p vfs_read $stack0:^string",
		  "String accepts only memory argument" },
		{ "p vfs_read @11:^b10@a/16", "Invalid bitfield" },
		{ "p vfs_read ^arg123456789012345678901234567890=@11",
		  "Argument name is too long" },
		{ "p vfs_read ^=@11", "Argument name is not specified" },
		{ "p vfs_read ^var.1=@11",
		  "Argument name must follow the same rules as C identifiers" },
		{ "p vfs_read var1=@11 ^var1=@12",
		  "This argument name is already used" },
		{ "p vfs_read ^+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@1234))))))",
		  "Argument expression is too long" },
		{ "p vfs_read arg1=^", "No argument expression" },
		{ "p vfs_read^%hoge", "Invalid probed address suffix" },
		{ "p ^vfs_read+10%return",
		  "Retprobe address must be an function entry" },
		{ "p vfs_read ^$arg*", "BTF is not available or not supported" },
		{ "p vfs_read+8 ^$arg1",
		  "$arg* can be used only on function entry or exit" },
		{ "p vfs_read ^hoge", "BTF is not available or not supported" },
		{ "p vfs_read $comm:^u8",
		  "$comm and immediate-string only accepts string type" },
	};
	struct errlog_entry *e;
	const char *caret;
	unsigned int i;
	char *cmd;
	int ret;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cmd = kunit_kzalloc(test, strlen(cases[i].cmd) + 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, cmd);
		caret = strchr(cases[i].cmd, '^');
		memcpy(cmd, cases[i].cmd, caret - cases[i].cmd);
		strcat(cmd, caret + 1);
		clear_tracing_err_log(&global_trace);

		ret = pk_define(test, cmd);
		KUNIT_EXPECT_LT_MSG(test, ret, 0, "%s", cmd);
		e = pk_last_err();
		KUNIT_ASSERT_NOT_NULL_MSG(test, e, "%s", cmd);
		KUNIT_EXPECT_STREQ_MSG(test, e->cmd, cmd, "%s", cmd);
		KUNIT_EXPECT_STREQ_MSG(test, e->msgs[e->msg], cases[i].msg,
				       "%s", cmd);
		KUNIT_EXPECT_EQ_MSG(test, e->caret, caret - cases[i].cmd,
				    "%s", cmd);
		KUNIT_EXPECT_STREQ(test, e->where, "trace_kprobe: error: ");
	}

	/* appending: same place and arguments, other types, other kind */
	KUNIT_ASSERT_EQ(test, pk_define(test, "p:kprobes/pk_ev vfs_read a=\\1"),
			0);
	KUNIT_EXPECT_EQ(test, pk_define(test, "p:kprobes/pk_ev vfs_read a=\\1"),
			-EEXIST);
	e = pk_last_err();
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_STREQ(test, e->msgs[e->msg],
			   "There is already the exact same probe event");
	KUNIT_EXPECT_EQ(test, pk_define(test, "p:kprobes/pk_ev vfs_write a=\\1:u8"),
			-EEXIST);
	e = pk_last_err();
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_STREQ(test, e->msgs[e->msg],
			   "Argument type or name is different from existing probe");
	KUNIT_EXPECT_EQ(test, e->caret, strlen("p:kprobes/pk_ev vfs_write "));
	KUNIT_EXPECT_EQ(test, pk_define(test, "r:kprobes/pk_ev vfs_write"),
			-EEXIST);
	e = pk_last_err();
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_STREQ(test, e->msgs[e->msg],
			   "Probe type is different from existing probe");
	KUNIT_EXPECT_EQ(test, pk_define(test, "p:kprobes/pk_ev vfs_write a=\\1"),
			0);
	KUNIT_EXPECT_EQ(test, pk_define(test, "-:kprobes/pk_ev vfs_write"), 0);
	KUNIT_EXPECT_EQ(test, pk_define(test, "-:kprobes/pk_ev"), 0);
	KUNIT_EXPECT_EQ(test, pk_define(test, "-:kprobes/pk_ev"), -ENOENT);

	/* what the suite logged is not the system's */
	clear_tracing_err_log(&global_trace);
}

static struct kunit_case probe_kunit_cases[] = {
	KUNIT_CASE(probe_kunit_forms),
	KUNIT_CASE(probe_kunit_user_forms),
	KUNIT_CASE(probe_kunit_values),
	KUNIT_CASE(probe_kunit_fields),
	KUNIT_CASE(probe_kunit_faults),
	KUNIT_CASE(probe_kunit_errors),
	{}
};

static struct kunit_suite probe_kunit_suite = {
	.name = "probe_args",
	.test_cases = probe_kunit_cases,
};

kunit_test_suite(probe_kunit_suite);
