// SPDX-License-Identifier: GPL-2.0
/*
 * The compiler of the fetch-argument language (probe_arg.h has the
 * instruction set; probe-events.rst the grammar and what each form
 * compiles to).
 *
 * One argument, "[NAME=]FETCHARG[:TYPE]", compiles in three steps:
 *
 *   1. the name (given, or "argN") and the type after the first ':'
 *      (with an array count "[N]");
 *   2. FETCHARG, recursively: a source, then one dereference per
 *      enclosing "+|-[u]OFF(...)" (an "@ADDR" is a source and a
 *      dereference of 0);
 *   3. the store the type asks for: a trailing dereference becomes a
 *      load of the type's size (or the string it points at), anything
 *      else stores the word itself; then a bitfield or an array loop.
 *
 * Every refusal is logged with 6.12's message at 6.12's column, which
 * ftracetest compares; the order of the checks follows from that.
 * Where the arithmetic of a column looks odd (a "+u" dereference's
 * inner column is one short) it is because 6.12 reports it there.
 *
 * Contexts: process context, dyn_event_ops_mutex held (one definition
 * at a time).
 */
#include <linux/ctype.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "messages/trace_errlog.h"
#include "probe_arg.h"

/* The deepest $stackN a kernel probe may ask for: one stack's words. */
#define PROBE_STACK_MAX		(THREAD_SIZE / sizeof(unsigned long))

static const char *probe_err_text[PERR_COUNT] = {
	[PERR_NO_GROUP_NAME]	= "Group name is not specified",
	[PERR_GROUP_TOO_LONG]	= "Group name is too long",
	[PERR_BAD_GROUP_NAME]	=
		"Group name must follow the same rules as C identifiers",
	[PERR_NO_EVENT_NAME]	= "Event name is not specified",
	[PERR_EVENT_TOO_LONG]	= "Event name is too long",
	[PERR_BAD_EVENT_NAME]	=
		"Event name must follow the same rules as C identifiers",
	[PERR_EVENT_EXIST]	=
		"Given group/event name is already used by another event",
	[PERR_NO_EVENT_INFO]	=
		"This requires both group and event name to attach",
	[PERR_BAD_MAXACT_TYPE]	= "Maxactive is only for function exit",
	[PERR_BAD_MAXACT]	= "Invalid maxactive number",
	[PERR_MAXACT_TOO_BIG]	= "Maxactive is too big",
	[PERR_BAD_PROBE_ADDR]	= "Invalid probed address or symbol",
	[PERR_NON_UNIQ_SYMBOL]	= "The symbol is not unique",
	[PERR_BAD_RETPROBE]	= "Retprobe address must be an function entry",
	[PERR_BAD_ADDR_SUFFIX]	= "Invalid probed address suffix",
	[PERR_BAD_INSN_BNDRY]	= "Probe point is not an instruction boundary",
	[PERR_FAIL_REG_PROBE]	= "Failed to register probe event",
	[PERR_FILE_NOT_FOUND]	= "Failed to find the given file",
	[PERR_NO_REGULAR_FILE]	= "Not a regular file",
	[PERR_BAD_REFCNT]	= "Invalid reference counter offset",
	[PERR_REFCNT_OPEN_BRACE] = "Reference counter brace is not closed",
	[PERR_BAD_REFCNT_SUFFIX] = "Reference counter has wrong suffix",
	[PERR_BAD_UPROBE_OFFS]	= "Invalid uprobe offset",
	[PERR_BAD_ATTACH_EVENT]	= "Attached event does not exist",
	[PERR_BAD_ATTACH_ARG]	= "Attached event does not have this field",
	[PERR_NO_EP_FILTER]	= "No filter rule after 'if'",
	[PERR_ARG_NAME_TOO_LONG] = "Argument name is too long",
	[PERR_NO_ARG_NAME]	= "Argument name is not specified",
	[PERR_BAD_ARG_NAME]	=
		"Argument name must follow the same rules as C identifiers",
	[PERR_USED_ARG_NAME]	= "This argument name is already used",
	[PERR_ARG_TOO_LONG]	= "Argument expression is too long",
	[PERR_NO_ARG_BODY]	= "No argument expression",
	[PERR_RETVAL_ON_PROBE]	= "$retval is not available on probe",
	[PERR_BAD_STACK_NUM]	= "Invalid stack number",
	[PERR_BAD_ARG_NUM]	= "Invalid argument number",
	[PERR_BAD_VAR]		= "Invalid $-variable specified",
	[PERR_BAD_REG_NAME]	= "Invalid register name",
	[PERR_BAD_MEM_ADDR]	= "Invalid memory address",
	[PERR_BAD_IMM]		= "Invalid immediate value",
	[PERR_IMMSTR_NO_CLOSE]	= "String is not closed with '\"'",
	[PERR_FILE_ON_KPROBE]	= "File offset is not available with kprobe",
	[PERR_BAD_FILE_OFFS]	= "Invalid file offset value",
	[PERR_SYM_ON_UPROBE]	= "Symbol is not available with uprobe",
	[PERR_TOO_MANY_OPS]	= "Dereference is too much nested",
	[PERR_DEREF_NEED_BRACE]	= "Dereference needs a brace",
	[PERR_BAD_DEREF_OFFS]	= "Invalid dereference offset",
	[PERR_DEREF_OPEN_BRACE]	= "Dereference brace is not closed",
	[PERR_COMM_CANT_DEREF]	= "$comm can not be dereferenced",
	[PERR_BAD_FETCH_ARG]	= "Invalid fetch argument",
	[PERR_ARRAY_NO_CLOSE]	= "Array is not closed",
	[PERR_BAD_ARRAY_SUFFIX]	= "Array has wrong suffix",
	[PERR_BAD_ARRAY_NUM]	= "Invalid array size",
	[PERR_ARRAY_TOO_BIG]	= "Array number is too big",
	[PERR_BAD_TYPE]		= "Unknown type is specified",
	[PERR_BAD_STRING]	= "String accepts only memory argument",
	[PERR_BAD_SYMSTRING]	= "Symbol String doesn't accept data/userdata",
	[PERR_BAD_BITFIELD]	= "Invalid bitfield",
	[PERR_NEED_STRING_TYPE]	=
		"$comm and immediate-string only accepts string type",
	[PERR_EVENT_TOO_BIG]	= "Event too big (too many fields?)",
	[PERR_NOSUP_BTFARG]	= "BTF is not available or not supported",
	[PERR_NOFENTRY_ARGS]	=
		"$arg* can be used only on function entry or exit",
	[PERR_DOUBLE_ARGS]	= "$arg* can be used only once in the parameters",
	[PERR_DIFF_PROBE_TYPE]	= "Probe type is different from existing probe",
	[PERR_DIFF_ARG_TYPE]	=
		"Argument type or name is different from existing probe",
	[PERR_SAME_PROBE]	= "There is already the exact same probe event",
};

/**
 * probe_log_err - log a refused definition
 * @log: the definition's words and the word being parsed
 * @pos: the column in that word
 * @err: the message
 *
 * The command is the words joined by single spaces.  Past the last
 * word, the caret goes one column beyond the command's end.
 */
void probe_log_err(struct probe_log *log, int pos, enum probe_err err)
{
	int i, len = 0, at = 0;
	char *cmd;

	if (!log || !log->argc)
		return;
	for (i = 0; i < log->argc; i++) {
		if (i == log->word)
			at = len;
		len += strlen(log->argv[i]) + 1;
	}
	if (log->word >= log->argc) {
		at = len;
		pos = 0;
	}
	cmd = kzalloc(len, GFP_KERNEL);
	if (!cmd)
		return;
	for (i = 0; i < log->argc; i++) {
		if (i)
			strcat(cmd, " ");
		strcat(cmd, log->argv[i]);
	}
	tracing_log_err(NULL, log->where, cmd, probe_err_text, err, at + pos);
	kfree(cmd);
}

/**
 * probe_good_name - may @name be an event's or an argument's name?
 * @name: the name
 *
 * Return: true for a C identifier.
 */
bool probe_good_name(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

/* The compiler's state for one argument. */
struct probe_cc {
	struct probe_insn	*prog;
	int			pc;	/* the last instruction written */
	int			col;	/* column of what is being parsed */
	struct probe_ctx	*ctx;
};

static void probe_cc_err(struct probe_cc *cc, int col, enum probe_err err)
{
	probe_log_err(cc->ctx->log, col, err);
}

/* The next slot; false (logged) when the program is full. */
static bool probe_cc_next(struct probe_cc *cc)
{
	if (++cc->pc == PROBE_INSN_MAX - 1) {
		probe_cc_err(cc, cc->col, PERR_TOO_MANY_OPS);
		return false;
	}
	return true;
}

/* $argN reads registers on a kernel function's entry ... */
static bool probe_at_entry(unsigned int where)
{
	return where == (PROBE_KERNEL | PROBE_ENTRY);
}

/* ... and what the entry saved, on its return. */
static bool probe_at_return(unsigned int where)
{
	return where == (PROBE_KERNEL | PROBE_RETURN);
}

/* The entry-data slot of function argument @n, added on first use. */
static int probe_entry_slot(struct probe_ctx *ctx, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < ctx->n_entry; i++)
		if (ctx->entry_args[i] == n)
			return i;
	if (ctx->n_entry == PROBE_ARGS_MAX)
		return -E2BIG;
	ctx->entry_args[ctx->n_entry] = n;
	return ctx->n_entry++;
}

/* "$NAME" of an event probe: a field of the attached event, or $comm. */
static int probe_cc_field(char *name, struct probe_cc *cc)
{
	struct probe_insn *in = &cc->prog[cc->pc];
	struct probe_ctx *ctx = cc->ctx;

	if (ctx->field_of && !ctx->field_of(ctx->field_data, name, in))
		return 0;
	if (!strcmp(name, "comm") || !strcmp(name, "COMM")) {
		in->op = PROBE_OP_COMM;
		return 0;
	}
	probe_cc_err(cc, cc->col, PERR_BAD_VAR);
	return -EINVAL;
}

/* "$VAR" at column cc->col. */
static int probe_cc_var(char *s, struct probe_cc *cc)
{
	struct probe_insn *in = &cc->prog[cc->pc];
	unsigned int where = cc->ctx->where;
	enum probe_err err = PERR_BAD_VAR;
	char *name = s + 1;
	unsigned long n;
	int len, slot;

	if (where & PROBE_EVENT)
		return probe_cc_field(name, cc);

	if (str_has_prefix(name, "retval")) {
		if (!(where & PROBE_RETURN)) {
			err = PERR_RETVAL_ON_PROBE;
			goto bad;
		}
		in->op = PROBE_OP_RETVAL;
		return 0;
	}
	len = str_has_prefix(name, "stack");
	if (len) {
		if (!name[len]) {
			in->op = PROBE_OP_STACKP;
			return 0;
		}
		if (!isdigit(name[len]) || kstrtoul(name + len, 10, &n))
			goto bad;
		if ((where & PROBE_KERNEL) && n > PROBE_STACK_MAX) {
			err = PERR_BAD_STACK_NUM;
			goto bad;
		}
		in->op = PROBE_OP_STACK;
		in->arg = n;
		return 0;
	}
	if (!strcmp(name, "comm") || !strcmp(name, "COMM")) {
		in->op = PROBE_OP_COMM;
		return 0;
	}
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	len = str_has_prefix(name, "arg");
	if (len) {
		if (kstrtoul(name + len, 10, &n))
			goto bad;
		if (!n || n > PROBE_STACK_MAX) {
			err = PERR_BAD_ARG_NUM;
			goto bad;
		}
		if (probe_at_entry(where)) {
			in->op = PROBE_OP_ARG;
			in->arg = n - 1;
		} else if (probe_at_return(where)) {
			/* saved by the entry handler, read at return */
			slot = probe_entry_slot(cc->ctx, n - 1);
			if (slot < 0)
				return slot;
			in->op = PROBE_OP_EDATA;
			in->arg = slot;
		} else {
			err = PERR_NOFENTRY_ARGS;
			goto bad;
		}
		return 0;
	}
#endif
bad:
	probe_cc_err(cc, cc->col, err);
	return -EINVAL;
}

/* "@ADDR", "@SYM[+|-OFF]" (kernel), "@+OFF" (a file offset, user). */
static int probe_cc_mem(char *s, struct probe_cc *cc)
{
	struct probe_insn *in = &cc->prog[cc->pc];
	unsigned long addr;
	long off;
	int ret;

	if (s[1] == '+') {
		if (cc->ctx->where & PROBE_KERNEL) {
			probe_cc_err(cc, cc->col, PERR_FILE_ON_KPROBE);
			return -EINVAL;
		}
		/* an offset in the probed file, where the hit finds it mapped */
		ret = kstrtol(s + 2, 0, &off);
		if (ret) {
			probe_cc_err(cc, cc->col, PERR_BAD_FILE_OFFS);
			return ret;
		}
		in->op = PROBE_OP_FOFFS;
		in->arg = off;
	} else if (isdigit(s[1])) {
		ret = kstrtoul(s + 1, 0, &addr);
		if (ret) {
			probe_cc_err(cc, cc->col, PERR_BAD_MEM_ADDR);
			return ret;
		}
		in->op = PROBE_OP_IMM;
		in->arg = addr;
	} else {
		if (!(cc->ctx->where & PROBE_KERNEL)) {
			probe_cc_err(cc, cc->col, PERR_SYM_ON_UPROBE);
			return -EINVAL;
		}
		/* resolved when the probe is registered */
		in->op = PROBE_OP_SYMBOL;
		in->data = kstrdup(s + 1, GFP_KERNEL);
		if (!in->data)
			return -ENOMEM;
		if (!probe_cc_next(cc))
			return -EINVAL;
		cc->prog[cc->pc].op = PROBE_OP_IMM;
	}
	if (!probe_cc_next(cc))
		return -EINVAL;
	cc->prog[cc->pc].op = PROBE_OP_DEREF;
	return 0;
}

/* "\IMM" or "\"STRING\"" at column cc->col. */
static int probe_cc_imm(char *s, struct probe_cc *cc)
{
	struct probe_insn *in = &cc->prog[cc->pc];
	size_t len;
	long v;
	int ret;

	if (s[1] == '"') {
		len = strlen(s + 2);
		if (!len || s[2 + len - 1] != '"') {
			probe_cc_err(cc, cc->col + 2 + len, PERR_IMMSTR_NO_CLOSE);
			return -EINVAL;
		}
		in->data = kstrndup(s + 2, len - 1, GFP_KERNEL);
		if (!in->data)
			return -ENOMEM;
		in->op = PROBE_OP_DATA;
		return 0;
	}
	s++;
	if (isdigit(*s))
		ret = kstrtoul(s, 0, (unsigned long *)&v);
	else if (*s == '-')
		ret = kstrtol(s, 0, &v);
	else if (*s == '+')
		ret = kstrtol(s + 1, 0, &v);
	else
		ret = -EINVAL;
	if (ret) {
		probe_cc_err(cc, cc->col + 1, PERR_BAD_IMM);
		return ret;
	}
	in->op = PROBE_OP_IMM;
	in->arg = v;
	return 0;
}

static int probe_cc_fetch(char *s, struct probe_cc *cc);

/* "+|-[u]OFF(FETCHARG)" at column cc->col. */
static int probe_cc_deref(char *s, struct probe_cc *cc)
{
	enum probe_op op = PROBE_OP_DEREF;
	char *open, *close;
	long off;
	int inner, ret;

	if (s[1] == 'u') {
		op = PROBE_OP_UDEREF;
		s[1] = s[0];
		s++;
	}
	if (s[0] == '+')
		s++;
	open = strchr(s, '(');
	if (!open) {
		probe_cc_err(cc, cc->col, PERR_DEREF_NEED_BRACE);
		return -EINVAL;
	}
	*open = '\0';
	ret = kstrtol(s, 0, &off);
	if (ret) {
		probe_cc_err(cc, cc->col, PERR_BAD_DEREF_OFFS);
		return ret;
	}
	cc->col += (int)(open + 1 - s) + (s[0] != '-');
	s = open + 1;
	close = strrchr(s, ')');
	if (!close) {
		probe_cc_err(cc, cc->col + strlen(s), PERR_DEREF_OPEN_BRACE);
		return -EINVAL;
	}
	*close = '\0';
	inner = cc->col;
	ret = probe_cc_fetch(s, cc);
	if (ret)
		return ret;
	cc->col = inner;
	if (cc->prog[cc->pc].op == PROBE_OP_COMM ||
	    cc->prog[cc->pc].op == PROBE_OP_DATA) {
		probe_cc_err(cc, cc->col, PERR_COMM_CANT_DEREF);
		return -EINVAL;
	}
	if (!probe_cc_next(cc))
		return -EINVAL;
	cc->prog[cc->pc].op = op;
	cc->prog[cc->pc].arg = off;
	return 0;
}

/* One FETCHARG at column cc->col, into cc->prog from cc->pc on. */
static int probe_cc_fetch(char *s, struct probe_cc *cc)
{
	unsigned int where = cc->ctx->where;
	int ret = 0;

	switch (s[0]) {
	case '$':
		ret = probe_cc_var(s, cc);
		break;
	case '%':
		if (where & PROBE_EVENT) {
			/* logged, then refused below as 6.12 does */
			probe_cc_err(cc, cc->col, PERR_BAD_VAR);
			break;
		}
		ret = regs_query_register_offset(s + 1);
		if (ret < 0) {
			probe_cc_err(cc, cc->col, PERR_BAD_REG_NAME);
			break;
		}
		cc->prog[cc->pc].op = PROBE_OP_REG;
		cc->prog[cc->pc].arg = ret;
		ret = 0;
		break;
	case '@':
		ret = probe_cc_mem(s, cc);
		break;
	case '+':
	case '-':
		ret = probe_cc_deref(s, cc);
		break;
	case '\\':
		ret = probe_cc_imm(s, cc);
		break;
	default:
		/*
		 * A name: a BTF argument, which needs BTF we do not read (and
		 * a function's entry or return, or the errno is EINVAL).
		 */
		if (isalpha(s[0]) || s[0] == '_') {
			probe_cc_err(cc, cc->col, PERR_NOSUP_BTFARG);
			return probe_at_entry(where) || probe_at_return(where) ?
			       -EOPNOTSUPP : -EINVAL;
		}
	}
	if (!ret && cc->prog[cc->pc].op == PROBE_OP_NONE) {
		probe_cc_err(cc, cc->col, PERR_BAD_FETCH_ARG);
		ret = -EINVAL;
	}
	return ret;
}

/*
 * Split ":TYPE[N]" off @s (the column of @s is cc->col) and find the
 * type.  Return: the type's text (NULL: none given), or an ERR_PTR.
 */
static char *probe_cc_type(char *s, struct probe_arg *a, struct probe_cc *cc)
{
	char *type, *open, *close;
	int col = 0;

	type = strchr(s, ':');
	if (type) {
		*type++ = '\0';
		col = type - s;
		open = strchr(type, '[');
		if (open) {
			*open++ = '\0';
			close = strchr(open, ']');
			if (!close) {
				probe_cc_err(cc, cc->col + (int)(open + strlen(open) - s),
					     PERR_ARRAY_NO_CLOSE);
				return ERR_PTR(-EINVAL);
			}
			if (close[1]) {
				probe_cc_err(cc, cc->col + (int)(close + 1 - s),
					     PERR_BAD_ARRAY_SUFFIX);
				return ERR_PTR(-EINVAL);
			}
			*close = '\0';
			if (kstrtouint(open, 0, &a->count) || !a->count) {
				probe_cc_err(cc, cc->col + (int)(open - s),
					     PERR_BAD_ARRAY_NUM);
				return ERR_PTR(-EINVAL);
			}
			if (a->count > PROBE_ARRAY_MAX) {
				probe_cc_err(cc, cc->col + (int)(open - s),
					     PERR_ARRAY_TOO_BIG);
				return ERR_PTR(-EINVAL);
			}
		}
	}
	/* $comm and "\"..." are strings, and only strings */
	if (!(cc->ctx->where & PROBE_EVENT) &&
	    (!strcmp(s, "$comm") || !strcmp(s, "$COMM") ||
	     !strncmp(s, "\\\"", 2))) {
		if (a->count || (type && strcmp(type, "string"))) {
			probe_cc_err(cc, cc->col + col, PERR_NEED_STRING_TYPE);
			return ERR_PTR(-EINVAL);
		}
		a->type = probe_type_find("string", cc->ctx->where);
	} else {
		a->type = probe_type_find(type, cc->ctx->where);
	}
	if (!a->type) {
		probe_cc_err(cc, cc->col + col, PERR_BAD_TYPE);
		return ERR_PTR(-EINVAL);
	}
	return type;
}

static bool probe_op_in(u8 op, const u8 *ops, unsigned int n)
{
	while (n--)
		if (ops[n] == op)
			return true;
	return false;
}

/* The string store the type and the program so far ask for. */
static int probe_cc_store_string(struct probe_cc *cc, struct probe_arg *a,
				 int type_col)
{
	static const u8 sym_src[] = { PROBE_OP_REG, PROBE_OP_STACK,
		PROBE_OP_RETVAL, PROBE_OP_ARG, PROBE_OP_DEREF, PROBE_OP_FIELD,
		PROBE_OP_FIELD_STR };
	static const u8 str_src[] = { PROBE_OP_DEREF, PROBE_OP_UDEREF,
		PROBE_OP_IMM, PROBE_OP_COMM, PROBE_OP_DATA, PROBE_OP_FIELD,
		PROBE_OP_FIELD_STR };
	/* sources whose value is the string's address itself */
	static const u8 keep[] = { PROBE_OP_IMM, PROBE_OP_COMM, PROBE_OP_DATA,
		PROBE_OP_FIELD, PROBE_OP_FIELD_STR };
	bool symstr = !strcmp(a->type->name, "symstr");
	struct probe_insn *in = &cc->prog[cc->pc];

	if (symstr ? !probe_op_in(in->op, sym_src, ARRAY_SIZE(sym_src)) :
		     !probe_op_in(in->op, str_src, ARRAY_SIZE(str_src))) {
		probe_cc_err(cc, cc->col + type_col,
			     symstr ? PERR_BAD_SYMSTRING : PERR_BAD_STRING);
		return -EINVAL;
	}
	/*
	 * A trailing dereference becomes the string's read, at its offset;
	 * the value itself is the string's address for the rest, and for an
	 * array the dereference is kept: it reads each element's pointer.
	 */
	if (symstr || a->count || probe_op_in(in->op, keep, ARRAY_SIZE(keep))) {
		cc->pc++;
		in = &cc->prog[cc->pc];
		if (in->op != PROBE_OP_NONE) {
			probe_cc_err(cc, cc->col, PERR_TOO_MANY_OPS);
			return -EINVAL;
		}
	}
	if (!strcmp(a->type->name, "ustring") || in->op == PROBE_OP_UDEREF)
		in->op = PROBE_OP_ST_USTR;
	else if (symstr)
		in->op = PROBE_OP_ST_SYMSTR;
	else
		in->op = PROBE_OP_ST_STR;
	in->size = a->type->size;
	a->is_string = true;
	return 0;
}

/* The number in [@from, @to) of a bitfield, or -1. */
static long probe_bf_num(const char *from, const char *to)
{
	char buf[24];
	unsigned long n;

	if (!to || to <= from || to - from >= sizeof(buf))
		return -1;
	memcpy(buf, from, to - from);
	buf[to - from] = '\0';
	return kstrtoul(buf, 0, &n) || n > 64 ? -1 : n;
}

/* "b<width>@<offset>/<container>" after the store at cc->pc. */
static int probe_cc_bitfield(const char *bf, struct probe_cc *cc,
			     const struct probe_argtype *t)
{
	unsigned int bits = t->size * BITS_PER_BYTE;
	const char *at = strchr(bf, '@');
	long width, offset;
	struct probe_insn *in;

	width = probe_bf_num(bf + 1, at);
	offset = at ? probe_bf_num(at + 1, strchr(at, '/')) : -1;
	if (width <= 0 || offset < 0)
		return -EINVAL;
	in = &cc->prog[++cc->pc];
	if (in->op != PROBE_OP_NONE)
		return -EINVAL;
	if (width + offset > bits)
		return -EINVAL;
	in->op = PROBE_OP_BITFIELD;
	in->size = t->size;
	in->lshift = bits - (width + offset);
	in->rshift = bits - width;
	return 0;
}

/* The store, its modifiers and END, after the FETCHARG's program. */
static int probe_cc_finish(struct probe_cc *cc, struct probe_arg *a,
			   const char *type, int type_col)
{
	static const u8 array_st[] = { PROBE_OP_ST_MEM, PROBE_OP_ST_STR,
		PROBE_OP_ST_USTR };
	struct probe_insn *in = &cc->prog[cc->pc];
	int st, ret;

	if (a->type->is_string) {
		ret = probe_cc_store_string(cc, a, type_col);
		if (ret)
			return ret;
	} else if (in->op == PROBE_OP_DEREF || in->op == PROBE_OP_UDEREF) {
		in->op = in->op == PROBE_OP_DEREF ? PROBE_OP_ST_MEM :
						    PROBE_OP_ST_UMEM;
		in->size = a->type->size;
	} else {
		in = &cc->prog[++cc->pc];
		if (in->op != PROBE_OP_NONE) {
			probe_cc_err(cc, cc->col, PERR_TOO_MANY_OPS);
			return -E2BIG;
		}
		in->op = PROBE_OP_ST_VAL;
		in->size = a->type->size;
	}
	st = cc->pc;

	if (type && type[0] == 'b' &&
	    probe_cc_bitfield(type, cc, a->type)) {
		probe_cc_err(cc, cc->col + type_col, PERR_BAD_BITFIELD);
		return -EINVAL;
	}
	if (a->count) {
		if (!probe_op_in(cc->prog[st].op, array_st,
				 ARRAY_SIZE(array_st))) {
			probe_cc_err(cc, cc->col + type_col, PERR_BAD_STRING);
			return -EINVAL;
		}
		in = &cc->prog[++cc->pc];
		if (in->op != PROBE_OP_NONE) {
			probe_cc_err(cc, cc->col, PERR_TOO_MANY_OPS);
			return -E2BIG;
		}
		in->op = PROBE_OP_ARRAY;
		in->arg = a->count;
	}
	cc->prog[++cc->pc].op = PROBE_OP_END;
	return 0;
}

static u8 probe_shape_of(const struct probe_insn *prog)
{
	if (prog[0].op != PROBE_OP_REG || prog[2].op != PROBE_OP_END)
		return PROBE_SHAPE_ANY;
	switch (prog[1].op) {
	case PROBE_OP_ST_VAL:
		return PROBE_SHAPE_REG;
	case PROBE_OP_ST_MEM:
	case PROBE_OP_ST_UMEM:
		return PROBE_SHAPE_REG_MEM;
	default:
		return PROBE_SHAPE_ANY;
	}
}

static void probe_prog_free(struct probe_insn *prog, int n)
{
	int i;

	for (i = 0; i < n; i++)
		kfree(prog[i].data);
}

/* FETCHARG[:TYPE] of @a, at column @col of the word. */
static int probe_arg_body(struct probe_arg *a, const char *body, int col,
			  unsigned int *size, struct probe_ctx *ctx)
{
	struct probe_cc cc = { .col = col, .ctx = ctx };
	size_t len = strlen(body);
	char *work, *type;
	int ret;

	if (len > PROBE_ARG_TEXT_MAX) {
		probe_log_err(ctx->log, col, PERR_ARG_TOO_LONG);
		return -E2BIG;
	}
	if (!len) {
		probe_log_err(ctx->log, col, PERR_NO_ARG_BODY);
		return -EINVAL;
	}
	a->text = kstrdup(body, GFP_KERNEL);
	work = kstrdup(body, GFP_KERNEL);
	cc.prog = kcalloc(PROBE_INSN_MAX, sizeof(*cc.prog), GFP_KERNEL);
	ret = -ENOMEM;
	if (!a->text || !work || !cc.prog)
		goto out;
	cc.prog[PROBE_INSN_MAX - 1].op = PROBE_OP_END;

	type = probe_cc_type(work, a, &cc);
	if (IS_ERR(type)) {
		ret = PTR_ERR(type);
		goto out;
	}
	ret = probe_cc_fetch(work, &cc);
	if (ret)
		goto out;

	a->offset = *size;
	*size += a->type->size * (a->count ?: 1);
	if (*size > PROBE_RECORD_MAX) {
		probe_log_err(ctx->log, cc.col, PERR_EVENT_TOO_BIG);
		ret = -E2BIG;
		goto out;
	}
	if (a->count) {
		a->fmttype = kasprintf(GFP_KERNEL, "%s[%u]", a->type->fmttype,
				       a->count);
		if (!a->fmttype) {
			ret = -ENOMEM;
			goto out;
		}
	}
	ret = probe_cc_finish(&cc, a, type, type ? type - work : 0);
	if (ret)
		goto out;
	/* a store always follows the source: prog[2] is there */
	a->shape = probe_shape_of(cc.prog);
	a->prog = kmemdup(cc.prog, (cc.pc + 1) * sizeof(*cc.prog), GFP_KERNEL);
	if (!a->prog)
		ret = -ENOMEM;
	else
		cc.prog = NULL;		/* the names and strings moved */
out:
	if (cc.prog)
		probe_prog_free(cc.prog, PROBE_INSN_MAX);
	kfree(cc.prog);
	kfree(work);
	return ret;
}

/* Field names of every probe record's head. */
static const char * const probe_reserved[] = {
	"common_type", "common_flags", "common_preempt_count", "common_pid",
	"common_tgid", PROBE_FIELD_IP, PROBE_FIELD_RETIP, PROBE_FIELD_FUNC,
};

static bool probe_name_taken(const char *name, const struct probe_arg *args,
			     unsigned int n)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probe_reserved); i++)
		if (!strcmp(name, probe_reserved[i]))
			return true;
	for (i = 0; i < n; i++)
		if (!strcmp(name, args[i].name))
			return true;
	return false;
}

/**
 * probe_arg_compile - compile argument @i of an event
 * @args: the event's arguments; 0 to @i - 1 compiled
 * @i: which one
 * @word: "[NAME=]FETCHARG[:TYPE]" (ctx->log's current word)
 * @size: the record's fixed part so far, grown by this argument
 * @ctx: where the probe is, the log
 *
 * On failure @args[@i] may hold parts; probe_arg_free() frees them.
 * Return: 0, or -EINVAL/-E2BIG/-EOPNOTSUPP (logged), -ENOMEM.
 */
int probe_arg_compile(struct probe_arg *args, unsigned int i,
		      const char *word, unsigned int *size,
		      struct probe_ctx *ctx)
{
	struct probe_arg *a = &args[i];
	const char *eq = strchr(word, '=');
	const char *body = word;

	if (eq) {
		if (eq - word > PROBE_ARG_NAME_MAX) {
			probe_log_err(ctx->log, 0, PERR_ARG_NAME_TOO_LONG);
			return -EINVAL;
		}
		if (eq == word) {
			probe_log_err(ctx->log, 0, PERR_NO_ARG_NAME);
			return -EINVAL;
		}
		a->name = kmemdup_nul(word, eq - word, GFP_KERNEL);
		body = eq + 1;
	} else {
		a->name = kasprintf(GFP_KERNEL, "arg%u", i + 1);
	}
	if (!a->name)
		return -ENOMEM;
	if (!probe_good_name(a->name)) {
		probe_log_err(ctx->log, 0, PERR_BAD_ARG_NAME);
		return -EINVAL;
	}
	if (probe_name_taken(a->name, args, i)) {
		probe_log_err(ctx->log, 0, PERR_USED_ARG_NAME);
		return -EINVAL;
	}
	return probe_arg_body(a, body, body - word, size, ctx);
}

/**
 * probe_arg_free - free what an argument holds
 * @arg: the argument (its memory is the caller's)
 */
void probe_arg_free(struct probe_arg *arg)
{
	struct probe_insn *in;

	for (in = arg->prog; in && in->op != PROBE_OP_END; in++)
		kfree(in->data);
	kfree(arg->prog);
	kfree(arg->name);
	kfree(arg->text);
	kfree(arg->fmttype);
	memset(arg, 0, sizeof(*arg));
}

/**
 * probe_arg_resolve - look up the symbols an argument reads
 * @arg: a compiled argument
 *
 * Each "@SYM[+|-OFF]" gets its address now (a module's symbol exists
 * only once the module is loaded).  Return: 0, or -ENOENT.
 */
int probe_arg_resolve(struct probe_arg *arg)
{
	struct probe_insn *in;
	unsigned long addr;
	char *name, *sign;
	long off = 0;

	for (in = arg->prog; in->op != PROBE_OP_END; in++) {
		if (in->op != PROBE_OP_SYMBOL)
			continue;
		name = kstrdup(in->data, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		sign = strpbrk(name, "+-");
		if (sign) {
			if (kstrtol(sign, 0, &off)) {
				kfree(name);
				return -EINVAL;
			}
			*sign = '\0';
		}
		addr = kallsyms_lookup_name(name);
		kfree(name);
		if (!addr)
			return -ENOENT;
		in[1].arg = addr + off;
	}
	return 0;
}

/**
 * probe_meta_args_check - the "$arg..." words, before any is compiled
 * @argc: words of arguments
 * @argv: the words
 * @first: the log's word number of @argv[0]
 * @ctx: where the probe is, the log
 *
 * "$argN" needs a function entry or return; "$arg*" (every argument,
 * named from BTF) needs BTF, which we do not read.  Return: 0, or
 * -EINVAL/-EOPNOTSUPP (logged).
 */
int probe_meta_args_check(int argc, const char **argv, int first,
			  struct probe_ctx *ctx)
{
	int i, all = -1;

	for (i = 0; i < argc; i++) {
		if (!str_has_prefix(argv[i], "$arg"))
			continue;
		ctx->log->word = first + i;
		if (!probe_at_entry(ctx->where) &&
		    !probe_at_return(ctx->where)) {
			probe_log_err(ctx->log, 0, PERR_NOFENTRY_ARGS);
			return -EINVAL;
		}
		if (isdigit(argv[i][4]))
			continue;
		if (argv[i][4] != '*') {
			probe_log_err(ctx->log, 0, PERR_BAD_VAR);
			return -EINVAL;
		}
		if (all >= 0) {
			probe_log_err(ctx->log, 0, PERR_DOUBLE_ARGS);
			return -EINVAL;
		}
		all = i;
	}
	if (all >= 0) {
		ctx->log->word = first + all;
		probe_log_err(ctx->log, 0, PERR_NOSUP_BTFARG);
		return -EOPNOTSUPP;
	}
	return 0;
}

/**
 * probe_dentry_args - rewrite "FETCHARG:%pd" and ":%pD"
 * @argc: words of arguments
 * @argv: the words; those ending in %pd/%pD are replaced
 *
 * A dentry's name is the string at +d_name.name; a file's, the same
 * through +f_path.dentry.  Return: the buffer holding the new words
 * (the caller frees it after the parse; NULL when none changed), or an
 * ERR_PTR.
 */
char **probe_dentry_args(int argc, const char **argv)
{
	size_t dname = offsetof(struct dentry, d_name.name);
	size_t fdentry = offsetof(struct file, f_path.dentry);
	char **made = NULL;
	const char *eq;
	int i, len;

	for (i = 0; i < argc; i++) {
		if (!glob_match("*:%p[dD]", argv[i]))
			continue;
		if (!made) {
			made = kcalloc(argc, sizeof(*made), GFP_KERNEL);
			if (!made)
				return ERR_PTR(-ENOMEM);
		}
		len = strlen(argv[i]) - 4;	/* without ":%pX" */
		eq = strnchr(argv[i], len, '=');
		if (argv[i][len + 3] == 'd')
			made[i] = kasprintf(GFP_KERNEL,
					    "%.*s+0x0(+0x%zx(%.*s)):string",
					    eq ? (int)(eq + 1 - argv[i]) : 0,
					    argv[i], dname,
					    eq ? (int)(argv[i] + len - eq - 1) :
						 len,
					    eq ? eq + 1 : argv[i]);
		else
			made[i] = kasprintf(GFP_KERNEL,
					    "%.*s+0x0(+0x%zx(+0x%zx(%.*s))):string",
					    eq ? (int)(eq + 1 - argv[i]) : 0,
					    argv[i], dname, fdentry,
					    eq ? (int)(argv[i] + len - eq - 1) :
						 len,
					    eq ? eq + 1 : argv[i]);
		if (!made[i]) {
			while (i--)
				kfree(made[i]);
			kfree(made);
			return ERR_PTR(-ENOMEM);
		}
		argv[i] = made[i];
	}
	return made;
}
