/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiled form of a filter, shared by the compiler
 * (filter_parse.c, filter_pred.c) and the evaluator (filter_eval.c).
 * Nothing outside kernel/trace/filter/filter*.c includes it.
 *
 * A program is a straight array of tests.  Test i reads the record and
 * yields r (true or false); then
 *
 *	if (r == insn[i].jump_when) go to insn[i].target; else go to i + 1;
 *
 * Running off the end lands on one of two labels: nr_insns is "the record
 * matches", nr_insns + 1 is "it does not".  Every target is greater than
 * the index of its test (the compiler checks it), so a run visits each
 * test at most once and stops after at most nr_insns tests.  "!" costs
 * nothing at run time: the compiler folds it into the choice of
 * jump_when and target.  Example, "a && (b || !c)":
 *
 *	0: a	jump_when 0 -> 4 (no match)	else fall into 1
 *	1: b	jump_when 1 -> 3 (match)	else fall into 2
 *	2: c	jump_when 1 -> 4 (no match)	else fall into 3 (match)
 *
 * The program is immutable once built; see filter.h for its lifetime.
 */
#ifndef _KERNEL_TRACE_FILTER_PROG_H
#define _KERNEL_TRACE_FILTER_PROG_H

#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/types.h>

#include "filter.h"

/* What a test reads and how it compares. */
enum fprog_test {
	FPROG_T_NEVER,		/* field of a size we cannot load: false */
	FPROG_T_NUM,		/* integer field @width bytes, @op, @val */
	FPROG_T_CPU,		/* running CPU, @op, (int)@val */
	FPROG_T_NUM_IN_SET,	/* integer field as a CPU number vs @mask */
	FPROG_T_CPU_IN_SET,	/* running CPU vs @mask */
	FPROG_T_SET_SET,		/* cpumask field vs @mask */
	FPROG_T_SET_CPU,		/* cpumask field vs the one CPU @val */
	FPROG_T_FUNC,		/* address field in [@val, @val2) */
	FPROG_T_STR,		/* string from @src, matched by @how */
	FPROG_T_IP,		/* ip_only schema: @pat recorded, never true */
};

/* Comparison operators, in the order the parser tries them. */
enum fprog_op {
	FPROG_OP_GLOB,		/* ~ */
	FPROG_OP_NE,		/* != */
	FPROG_OP_EQ,		/* == */
	FPROG_OP_LE,		/* <= (tried before <) */
	FPROG_OP_LT,		/* < */
	FPROG_OP_GE,		/* >= (tried before >) */
	FPROG_OP_GT,		/* > */
	FPROG_OP_AND,		/* & */
	FPROG_OP_COUNT,
};

/* Where a string test finds its string. */
enum fprog_src {
	FPROG_SRC_COMM,		/* current->comm */
	FPROG_SRC_ARRAY,		/* char[@len] at @offset */
	FPROG_SRC_DATA_LOC,	/* __data_loc u32 at @offset */
	FPROG_SRC_REL_LOC,	/* __rel_loc u32 at @offset */
	FPROG_SRC_KPTR,		/* kernel char * at @offset */
	FPROG_SRC_UPTR,		/* user char * at @offset */
};

/* How a string test compares the string with @pat. */
enum fprog_how {
	FPROG_HOW_ALL,		/* the whole string equals @pat */
	FPROG_HOW_HEAD,		/* starts with @pat ("abc*") */
	FPROG_HOW_TAIL,		/* ends with @pat ("*abc") */
	FPROG_HOW_ANY,		/* contains @pat ("*abc*") */
	FPROG_HOW_GLOB,		/* glob_match_len() with @pat */
};

/**
 * struct fprog_insn - one test of a program
 * @test:	enum fprog_test
 * @op:		enum fprog_op (FPROG_T_NUM, FPROG_T_CPU, the set tests, FUNC)
 * @width:	FPROG_T_NUM, FPROG_T_NUM_IN_SET: field size, 1, 2, 4 or 8
 * @is_signed:	FPROG_T_NUM: load and compare as signed
 * @src:	FPROG_T_STR: enum fprog_src
 * @how:	FPROG_T_STR: enum fprog_how
 * @negate:	FPROG_T_STR: invert a successful comparison ("!=", "~ !pat");
 *		a string that cannot be read is a mismatch either way
 * @jump_when:	result that takes the jump
 * @target:	index jumped to; nr_insns is "match", nr_insns + 1 "no match"
 * @offset:	field offset in the record
 * @len:	FPROG_T_STR: length of @pat
 * @val:	operand, already cut to the field's width and extended the
 *		way the field is loaded; FPROG_T_FUNC: start of the function;
 *		FPROG_SRC_ARRAY: size of the array
 * @val2:	FPROG_T_FUNC: end of the function (exclusive)
 * @pat:	FPROG_T_STR, FPROG_T_IP: the pattern, NUL-terminated, owned by
 *		the program
 * @mask:	set tests: the CPU set, owned by the program
 */
struct fprog_insn {
	u8		test;
	u8		op;
	u8		width;
	u8		is_signed;
	u8		src;
	u8		how;
	u8		negate;
	u8		jump_when;
	u32		target;
	u32		offset;
	u32		len;
	u64		val;
	u64		val2;
	const char	*pat;
	struct cpumask	*mask;
};

struct fprog {
	u32		nr_insns;
	struct fprog_insn	insns[] __counted_by(nr_insns);
};

/*
 * @val cut to @width bytes and widened back to 64 bits, with the sign
 * when @is_signed: the compiler applies it to the operand, the evaluator
 * to the loaded field, so that every comparison is a plain u64 or s64 one.
 */
static inline u64 fprog_extend(u64 val, unsigned int width, bool is_signed)
{
	unsigned int bits = width * BITS_PER_BYTE;

	if (bits >= 64)
		return val;
	if (is_signed)
		return (u64)sign_extend64(val, bits - 1);
	return val & GENMASK_ULL(bits - 1, 0);
}

/* Compiler internals shared by filter_parse.c and filter_pred.c. */
struct fprog_cc {
	const struct fprog_schema	*schema;
	const char		*text;
	struct fprog_error	*error;
	bool			needs_scratch;
};

int fprog_fail(struct fprog_cc *cc, int err, enum fprog_msg msg, unsigned int pos);
int fprog_parse_pred(struct fprog_cc *cc, unsigned int start,
		     struct fprog_insn *insn);
const struct fprog_field *fprog_find_field(const struct fprog_schema *schema,
					   const char *name, unsigned int len);
void fprog_release_insn(struct fprog_insn *insn);
int fprog_scratch_get(void);

/* Test hook: fprog_match() that also counts the tests it ran. */
bool fprog_run(const struct fprog *prog, const void *rec, unsigned int size,
	       unsigned int *steps);

#endif /* _KERNEL_TRACE_FILTER_PROG_H */
