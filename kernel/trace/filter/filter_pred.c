// SPDX-License-Identifier: GPL-2.0
/*
 * One predicate of a filter ("field op operand") turned into one test
 * of the program.
 *
 * fprog_parse_pred() is called by the expression parser (filter_parse.c)
 * at the first byte of a predicate.  It reads the field name and its
 * optional ".ustring" and ".function" suffixes, the operator, then the
 * operand, whose first bytes choose its form:
 *
 *	.function on the field	a symbol name or an address
 *	CPUS{list}		a CPU set, cpulist syntax
 *	'...' or "..."		a string (glob patterns with ~)
 *	a digit or '-'		an integer (0x hex, 0 octal, decimal)
 *	anything else		"Invalid value (did you forget quotes)?"
 *
 * and fills one struct fprog_insn (jumps excepted).  It returns how many
 * bytes it used, or a negative errno after recording the error.
 *
 * Error positions follow one rule for predicates: the caret goes one
 * byte past the offending place (predicate offsets count from the byte
 * after the predicate's first one).  The test cases in
 * filter_kunit.c pin each of them down.
 *
 * Process context only (allocates with GFP_KERNEL).
 */
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "filter.h"
#include "filter_prog.h"

/* Numeric operands of this many bytes or more are "too long". */
#define FPROG_NUM_MAX	24

static const char *const fprog_op_text[FPROG_OP_COUNT] = {
	[FPROG_OP_GLOB]	= "~",
	[FPROG_OP_NE]	= "!=",
	[FPROG_OP_EQ]	= "==",
	[FPROG_OP_LE]	= "<=",
	[FPROG_OP_LT]	= "<",
	[FPROG_OP_GE]	= ">=",
	[FPROG_OP_GT]	= ">",
	[FPROG_OP_AND]	= "&",
};

/* First operator (in enum order, so "<=" wins over "<") that @s starts with. */
static enum fprog_op fprog_scan_op(const char *s)
{
	enum fprog_op op;

	for (op = 0; op < FPROG_OP_COUNT; op++)
		if (str_has_prefix(s, fprog_op_text[op]))
			break;
	return op;
}

static bool fprog_kind_is_string(u8 kind)
{
	switch (kind) {
	case FPROG_FIELD_CHAR_ARRAY:
	case FPROG_FIELD_DATA_LOC_STR:
	case FPROG_FIELD_REL_LOC_STR:
	case FPROG_FIELD_PTR_STR:
	case FPROG_FIELD_COMM:
		return true;
	}
	return false;
}

/* An integer comparison on a field of @width bytes; other widths never match. */
static void fprog_set_num(struct fprog_insn *insn, u32 width, bool is_signed,
			  u64 val)
{
	switch (width) {
	case 1:
	case 2:
	case 4:
	case 8:
		insn->test = FPROG_T_NUM;
		insn->width = width;
		insn->is_signed = is_signed;
		insn->val = fprog_extend(val, width, is_signed);
		break;
	default:
		insn->test = FPROG_T_NEVER;
	}
}

static unsigned long fprog_ksym_name(const char *name)
{
	return kallsyms_lookup_name(name);
}

static bool fprog_ksym_range(unsigned long addr, unsigned long *start,
			     unsigned long *size)
{
	unsigned long off;

	if (!kallsyms_lookup_size_offset(addr, size, &off))
		return false;
	*start = addr - off;
	return true;
}

static const struct fprog_symbols fprog_kallsyms = {
	.lookup_name	= fprog_ksym_name,
	.lookup_range	= fprog_ksym_range,
};

/* "field.function == name" or "== 0xaddr": the extent of one function. */
static int fprog_pred_function(struct fprog_cc *cc, const struct fprog_field *field,
			       unsigned int *pp, struct fprog_insn *insn)
{
	const struct fprog_symbols *sym = cc->schema->symbols ?: &fprog_kallsyms;
	const char *s = cc->text;
	unsigned int p = *pp, from = p;
	unsigned long addr, start, size;
	char num[FPROG_NUM_MAX];

	if (field->size != sizeof(long))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ILLEGAL_FIELD_OP, p + 1);
	if (insn->op != FPROG_OP_EQ && insn->op != FPROG_OP_NE)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_OP, p + 1);

	if (isdigit(s[p])) {
		while (isalnum(s[p]))
			p++;
		if (p - from >= sizeof(num))
			return fprog_fail(cc, -EINVAL, FPROG_MSG_OPERAND_TOO_LONG,
					  p + 1);
		memcpy(num, s + from, p - from);
		num[p - from] = '\0';
		if (kstrtoul(num, 0, &addr))
			return fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_VALUE,
					  p + 1);
	} else {
		char *name;

		/* The name runs to the next blank, whatever it contains. */
		while (s[p] && !isspace(s[p]))
			p++;
		if (p - from >= KSYM_NAME_LEN)
			return fprog_fail(cc, -EINVAL, FPROG_MSG_NO_FUNCTION, p + 1);
		name = kmemdup_nul(s + from, p - from, GFP_KERNEL);
		if (!name)
			return fprog_fail(cc, -ENOMEM, FPROG_MSG_ERRNO, 0);
		addr = sym->lookup_name(name);
		kfree(name);
		if (!addr)
			return fprog_fail(cc, -EINVAL, FPROG_MSG_NO_FUNCTION, p + 1);
	}

	if (!sym->lookup_range(addr, &start, &size))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_NO_FUNCTION, p + 1);

	insn->test = FPROG_T_FUNC;
	insn->val = start;
	insn->val2 = start + size;
	*pp = p;
	return 0;
}

/*
 * Function events (fprog_schema.ip_only): "ip op pattern", the pattern in
 * quotes or running to the next ')', '&' or '|', blanks included (the
 * function tracer splits it at blanks and commas).  Recorded, not run.
 */
static int fprog_pred_ip(struct fprog_cc *cc, const struct fprog_field *field,
			 unsigned int *pp, struct fprog_insn *insn)
{
	const char *s = cc->text;
	unsigned int p = *pp, from;
	char quote = 0;

	if (strcmp(field->name, "ip"))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_IP_FIELD_ONLY, p + 1);
	if (s[p] == '\'' || s[p] == '"')
		quote = s[p++];
	from = p;
	for (; s[p]; p++) {
		if (quote ? s[p] == quote : !!strchr(")&|", s[p]))
			break;
	}
	if (p - from >= FPROG_MAX_STR)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_OPERAND_TOO_LONG, p + 1);
	insn->pat = kmemdup_nul(s + from, p - from, GFP_KERNEL);
	if (!insn->pat)
		return fprog_fail(cc, -ENOMEM, FPROG_MSG_ERRNO, 0);
	insn->len = p - from;
	insn->test = FPROG_T_IP;
	/* The prescan made sure the closing quote is there. */
	if (quote && s[p])
		p++;
	*pp = p;
	return 0;
}

/* "field op CPUS{list}" for CPU, cpumask and integer fields. */
static int fprog_pred_cpus(struct fprog_cc *cc, const struct fprog_field *field,
			   unsigned int *pp, struct fprog_insn *insn)
{
	const char *s = cc->text;
	unsigned int p = *pp, list;
	struct cpumask *set;
	unsigned int cpu;
	char *text;
	int bad;

	if (field->kind != FPROG_FIELD_CPU && field->kind != FPROG_FIELD_CPUMASK &&
	    field->kind != FPROG_FIELD_INT)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ILLEGAL_FIELD_OP, p + 1);
	if (insn->op != FPROG_OP_EQ && insn->op != FPROG_OP_NE &&
	    insn->op != FPROG_OP_AND)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ILLEGAL_FIELD_OP, p + 1);

	p += strlen("CPUS");
	/* The byte is stepped over before it is checked: caret one further. */
	if (s[p] != '{')
		return fprog_fail(cc, -EINVAL, FPROG_MSG_MISSING_BRACE_OPEN, p + 2);
	list = ++p;
	while (s[p] && s[p] != '}')
		p++;
	if (!s[p])
		return fprog_fail(cc, -EINVAL, FPROG_MSG_MISSING_BRACE_CLOSE, p + 1);
	if (p == list)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_CPULIST, p + 1);

	text = kmemdup_nul(s + list, p - list, GFP_KERNEL);
	set = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!text || !set) {
		kfree(text);
		kfree(set);
		return fprog_fail(cc, -ENOMEM, FPROG_MSG_ERRNO, 0);
	}
	bad = cpulist_parse(text, set);
	kfree(text);
	if (bad) {
		kfree(set);
		return fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_CPULIST, p + 1);
	}
	*pp = p + 1;

	/* A set of one CPU is compared as that CPU's number. */
	if (cpumask_weight(set) == 1) {
		cpu = cpumask_first(set);
		kfree(set);
		if (field->kind != FPROG_FIELD_CPUMASK && insn->op == FPROG_OP_AND)
			insn->op = FPROG_OP_EQ;
		switch (field->kind) {
		case FPROG_FIELD_CPUMASK:
			insn->test = FPROG_T_SET_CPU;
			insn->val = cpu;
			break;
		case FPROG_FIELD_CPU:
			insn->test = FPROG_T_CPU;
			insn->is_signed = true;
			insn->val = cpu;
			break;
		default:
			fprog_set_num(insn, field->size, false, cpu);
		}
		return 0;
	}

	insn->mask = set;
	switch (field->kind) {
	case FPROG_FIELD_CPUMASK:
		insn->test = FPROG_T_SET_SET;
		break;
	case FPROG_FIELD_CPU:
		insn->test = FPROG_T_CPU_IN_SET;
		break;
	default:
		switch (field->size) {
		case 1:
		case 2:
		case 4:
		case 8:
			insn->test = FPROG_T_NUM_IN_SET;
			insn->width = field->size;
			break;
		default:
			insn->test = FPROG_T_NEVER;
		}
	}
	return 0;
}

/*
 * The pattern of "~": a leading '!' inverts the match; then a leading
 * digit means "compare whole", a '*' at one or both ends means head,
 * tail or substring, and any other '*', '?', '[' or '\' means a glob.
 * Sets insn->how and returns where the kept pattern starts and its length.
 */
static unsigned int fprog_classify(const char *pat, unsigned int len,
				   struct fprog_insn *insn, unsigned int *keep)
{
	unsigned int skip = 0, j;
	bool lead = false;

	insn->negate = len && pat[0] == '!';
	if (insn->negate)
		skip = 1;
	insn->how = FPROG_HOW_ALL;
	*keep = len - skip;
	if (*keep && isdigit(pat[skip]))
		return skip;

	for (j = skip; j < len; j++) {
		if (pat[j] == '*') {
			if (j == skip) {
				lead = true;
				continue;
			}
			if (j == len - 1) {
				insn->how = lead ? FPROG_HOW_ANY : FPROG_HOW_HEAD;
				*keep = j - skip - lead;
				return skip + lead;
			}
			insn->how = FPROG_HOW_GLOB;
			return skip;
		}
		if (pat[j] == '?' || pat[j] == '[' || pat[j] == '\\') {
			insn->how = FPROG_HOW_GLOB;
			return skip;
		}
	}
	if (lead) {
		insn->how = FPROG_HOW_TAIL;
		*keep = len - skip - 1;
		return skip + 1;
	}
	return skip;
}

/* "field op 'text'" for string fields: ==, != and ~. */
static int fprog_pred_string(struct fprog_cc *cc, const struct fprog_field *field,
			     bool user, unsigned int *pp, struct fprog_insn *insn)
{
	const char *s = cc->text;
	unsigned int p = *pp, open = p, len, from, keep;
	char quote = s[p];

	switch (insn->op) {
	case FPROG_OP_EQ:
	case FPROG_OP_NE:
	case FPROG_OP_GLOB:
		break;
	default:
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ILLEGAL_FIELD_OP, p + 1);
	}
	if (!fprog_kind_is_string(field->kind))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_EXPECT_DIGIT, p + 1);

	for (p++; s[p] && s[p] != quote; p++)
		;
	if (!s[p])
		return fprog_fail(cc, -EINVAL, FPROG_MSG_MISSING_QUOTE, p + 1);
	len = p - open - 1;
	if (len >= FPROG_MAX_STR)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_OPERAND_TOO_LONG, p + 1);

	if (insn->op == FPROG_OP_GLOB) {
		from = fprog_classify(s + open + 1, len, insn, &keep);
	} else {
		insn->how = FPROG_HOW_ALL;
		insn->negate = insn->op == FPROG_OP_NE;
		from = 0;
		keep = len;
	}
	insn->pat = kmemdup_nul(s + open + 1 + from, keep, GFP_KERNEL);
	if (!insn->pat)
		return fprog_fail(cc, -ENOMEM, FPROG_MSG_ERRNO, 0);
	insn->len = keep;
	insn->test = FPROG_T_STR;

	switch (field->kind) {
	case FPROG_FIELD_COMM:
		insn->src = FPROG_SRC_COMM;
		break;
	case FPROG_FIELD_CHAR_ARRAY:
		insn->src = FPROG_SRC_ARRAY;
		insn->val = field->size;
		break;
	case FPROG_FIELD_DATA_LOC_STR:
		insn->src = FPROG_SRC_DATA_LOC;
		break;
	case FPROG_FIELD_REL_LOC_STR:
		insn->src = FPROG_SRC_REL_LOC;
		break;
	default:
		insn->src = user ? FPROG_SRC_UPTR : FPROG_SRC_KPTR;
		cc->needs_scratch = true;
	}
	*pp = p + 1;
	return 0;
}

/* "field op number" for integer-like fields and CPU. */
static int fprog_pred_number(struct fprog_cc *cc, const struct fprog_field *field,
			     unsigned int *pp, struct fprog_insn *insn)
{
	const char *s = cc->text;
	unsigned int p = *pp, from = p;
	char num[FPROG_NUM_MAX];
	u64 val;
	int bad;

	if (fprog_kind_is_string(field->kind))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_EXPECT_STRING, p + 1);
	if (insn->op == FPROG_OP_GLOB)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ILLEGAL_FIELD_OP, p + 1);

	if (s[p] == '-')
		p++;
	while (isalnum(s[p]))
		p++;
	if (p - from >= sizeof(num))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_OPERAND_TOO_LONG, p + 1);
	memcpy(num, s + from, p - from);
	num[p - from] = '\0';

	if (field->is_signed) {
		s64 sval;

		bad = kstrtoll(num, 0, &sval);
		val = sval;
	} else {
		bad = kstrtoull(num, 0, &val);
	}
	if (bad)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ILLEGAL_INTVAL, from + 1);

	if (field->kind == FPROG_FIELD_CPU) {
		insn->test = FPROG_T_CPU;
		insn->is_signed = true;
		insn->val = (s64)(int)val;
	} else {
		fprog_set_num(insn, field->size, field->is_signed, val);
	}
	*pp = p;
	return 0;
}

int fprog_parse_pred(struct fprog_cc *cc, unsigned int start,
		     struct fprog_insn *insn)
{
	const char *s = cc->text;
	const struct fprog_field *field;
	unsigned int p = start, name;
	bool user = false, function = false;
	enum fprog_op op;
	int ret;

	while (isspace(s[p]))
		p++;
	name = p;
	while (isalnum(s[p]) || s[p] == '_')
		p++;
	/* Not even a name: -EPERM, and no message is logged. */
	if (p == name)
		return fprog_fail(cc, -EPERM, FPROG_MSG_ERRNO, 0);

	field = fprog_find_field(cc->schema, s + name, p - name);
	if (!field)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_FIELD_NOT_FOUND, p + 1);

	if (str_has_prefix(s + p, ".ustring")) {
		user = true;
		p += strlen(".ustring");
	}
	if (str_has_prefix(s + p, ".function")) {
		function = true;
		p += strlen(".function");
	}

	while (isspace(s[p]))
		p++;
	op = fprog_scan_op(s + p);
	if (op == FPROG_OP_COUNT)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_OP, p + 1);
	p += strlen(fprog_op_text[op]);
	while (isspace(s[p]))
		p++;

	memset(insn, 0, sizeof(*insn));
	insn->op = op;
	insn->offset = field->offset;

	if (function)
		ret = fprog_pred_function(cc, field, &p, insn);
	else if (cc->schema->ip_only)
		ret = fprog_pred_ip(cc, field, &p, insn);
	else if (str_has_prefix(s + p, "CPUS"))
		ret = fprog_pred_cpus(cc, field, &p, insn);
	else if (s[p] == '\'' || s[p] == '"')
		ret = fprog_pred_string(cc, field, user, &p, insn);
	else if (isdigit(s[p]) || s[p] == '-')
		ret = fprog_pred_number(cc, field, &p, insn);
	else
		ret = fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_VALUE, p + 1);

	if (ret) {
		fprog_release_insn(insn);
		return ret;
	}
	return p - start;
}
