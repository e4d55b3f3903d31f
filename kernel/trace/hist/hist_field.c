// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram fields: turning one operand of a "hist:" definition
 * ("bytes_req", "call_site.sym", "common_timestamp.usecs-4",
 * "-(len)", "64/8/4/2") into a struct hist_field, naming it as the
 * output does, and computing its value when the event fires.
 *
 * An operand is an expression over atoms.  An atom is a number or an
 * event field with at most one modifier after a dot.  Expressions have
 * the binary operators + - * / and a unary minus that must be written
 * "-(...)" and only as the whole expression; at most HIST_SUBEXPR_MAX
 * operators in all.  The split is made at the rightmost + or - outside
 * of nothing (there are no parentheses but the unary minus's), or, with
 * neither, at the rightmost * or /, so operators of equal precedence
 * group from the left: 64/8/4/2 is ((64/8)/4)/2.  An expression whose
 * operands are both constants is folded to a constant when parsed,
 * with the arithmetic of the fire path (histograms.rst says how a
 * constant divisor rounds).
 *
 * Everything runs under event_mutex but hist_field_value(), which runs
 * on the fire path, in any context.
 */

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/trace_event.h"
#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "write/trace_write.h"
#include "hist_internal.h"

/* ---- values (fire path) ------------------------------------------------ */

static u64 hist_div_const(const struct hist_field *f, u64 n)
{
	const struct hist_field *d = f->operands[1];

	switch (f->fn) {
	case HIST_FN_DIV_POW2:
		return n >> __ffs64(d->constant);
	case HIST_FN_DIV_MULT:
		/* exact to within one, rounding up, for n below 2^20 */
		if (n < BIT_ULL(HIST_DIV_SHIFT))
			return (n * d->div_mult + BIT_ULL(HIST_DIV_SHIFT) - 1) >>
			       HIST_DIV_SHIFT;
		fallthrough;
	default:
		return div64_u64(n, d->constant);
	}
}

static u64 hist_div(u64 a, u64 b)
{
	if (!b)
		return (u64)-1;
	if (is_power_of_2(b))
		return a >> __ffs64(b);
	return div64_u64(a, b);
}

static u64 hist_bucket(u64 v, unsigned long size)
{
	if (v >= LONG_MAX)
		v = div64_ul(v, size);
	else
		v = (unsigned long)v / size;
	return v * size;
}

/*
 * The address of a string or stack field's contents in @rec.  __data_loc
 * and __rel_loc words hold the length above the offset; the offset of a
 * __rel_loc counts from the end of the word.
 */
static void *hist_field_data(const struct hist_field *f, void *rec)
{
	void *p = rec + f->rec_off;
	u32 loc;

	switch (f->fn) {
	case HIST_FN_DYNSTRING:
	case HIST_FN_STACK:
		loc = *(u32 *)p;
		return rec + (loc & 0xffff);
	case HIST_FN_RELDYNSTRING:
		loc = *(u32 *)p;
		return p + sizeof(u32) + (loc & 0xffff);
	case HIST_FN_PSTRING:
		return *(char **)p;
	default:
		return p;
	}
}

/**
 * hist_field_value - the value of a field for one hit
 * @f: the field
 * @rec: the event's record
 * @buffer: the buffer holding it (common_timestamp)
 * @rbe: its ring buffer event (common_timestamp)
 * @refs: the values of the histogram's variable references for this hit
 *
 * Numbers come back widened to 64 bits (signed ones sign-extended);
 * strings and stacks as the address of their contents in @rec; a
 * reference as what hist_refs_resolve() read.
 *
 * Context: the fire path, any context.
 */
u64 hist_field_value(const struct hist_field *f, void *rec,
		     struct trace_buffer *buffer, struct ring_buffer_event *rbe,
		     const u64 *refs)
{
	void *p = rec + f->rec_off;
	u64 a, b;

	switch (f->fn) {
	case HIST_FN_U8:
		return *(u8 *)p;
	case HIST_FN_S8:
		return (u64)(s64)*(s8 *)p;
	case HIST_FN_U16:
		return *(u16 *)p;
	case HIST_FN_S16:
		return (u64)(s64)*(s16 *)p;
	case HIST_FN_U32:
		return *(u32 *)p;
	case HIST_FN_S32:
		return (u64)(s64)*(s32 *)p;
	case HIST_FN_U64:
		return *(u64 *)p;
	case HIST_FN_STRING:
	case HIST_FN_DYNSTRING:
	case HIST_FN_RELDYNSTRING:
	case HIST_FN_PSTRING:
	case HIST_FN_STACK:
		return (unsigned long)hist_field_data(f, rec);
	case HIST_FN_NONE:
		return 0;
	case HIST_FN_VAR_REF:
		return refs ? refs[f->ref_idx] : 0;
	case HIST_FN_COUNTER:
		return 1;
	case HIST_FN_CONST:
		return f->constant;
	case HIST_FN_CPU:
		return raw_smp_processor_id();
	case HIST_FN_TIMESTAMP:
		a = tracing_event_time_stamp(buffer, rbe);
		if (f->hd->usecs && trace_clock_in_ns(f->hd->file->tr))
			a = ns2usecs(a);
		return a;
	case HIST_FN_LOG2:
		a = hist_field_value(f->operands[0], rec, buffer, rbe, refs);
		return a > 1 ? fls64(a - 1) : 0;
	case HIST_FN_BUCKET:
		a = hist_field_value(f->operands[0], rec, buffer, rbe, refs);
		return hist_bucket(a, f->buckets);
	case HIST_FN_UMINUS:
		a = hist_field_value(f->operands[0], rec, buffer, rbe, refs);
		return -a;
	default:
		break;
	}

	/* binary operators */
	a = hist_field_value(f->operands[0], rec, buffer, rbe, refs);
	if (f->fn >= HIST_FN_DIV_POW2)
		return hist_div_const(f, a);
	b = hist_field_value(f->operands[1], rec, buffer, rbe, refs);
	switch (f->fn) {
	case HIST_FN_PLUS:
		return a + b;
	case HIST_FN_MINUS:
		return a - b;
	case HIST_FN_MULT:
		return a * b;
	default:
		return hist_div(a, b);
	}
}

/* ---- names ------------------------------------------------------------- */

static const char *hist_field_name_at(const struct hist_field *f,
				      unsigned int depth)
{
	if (depth > 1)
		return "";
	if (f->flags & (HIST_FL(VAR_REF) | HIST_FL(ALIAS)))
		return f->name;
	if (f->field)
		return f->field->name;
	if (f->flags & (HIST_FL(LOG2) | HIST_FL(BUCKET)))
		return hist_field_name_at(f->operands[0], depth + 1);
	if (f->flags & HIST_FL(CPU))
		return "common_cpu";
	if (f->flags & HIST_FL(EXPR))
		return f->name ?: "";
	if (f->flags & HIST_FL(TIMESTAMP))
		return "common_timestamp";
	if (f->flags & HIST_FL(STACKTRACE))
		return "common_stacktrace";
	if (f->flags & HIST_FL(HITCOUNT))
		return "hitcount";
	return "";
}

/**
 * hist_field_name - the name the output and sort= know a field by
 * @f: the field
 *
 * The event field's name; for log2 and buckets the one of the field
 * below; for an expression its text; for a variable reference the
 * variable's ("SYSTEM.EVENT.$name" if written so); "common_cpu",
 * "common_timestamp", "common_stacktrace", "hitcount"; "" for a
 * constant.
 */
const char *hist_field_name(const struct hist_field *f)
{
	return hist_field_name_at(f, 0);
}

/**
 * hist_field_modifier - the modifier a field was written with
 * @f: the field
 *
 * Return: "hex", "sym", ... without the dot, or NULL for none.
 */
const char *hist_field_modifier(const struct hist_field *f)
{
	static const struct {
		unsigned long flag;
		const char *text;
	} mods[] = {
		{ HIST_FL(HEX),		"hex" },
		{ HIST_FL(SYM),		"sym" },
		{ HIST_FL(SYM_OFFSET),	"sym-offset" },
		{ HIST_FL(EXECNAME),	"execname" },
		{ HIST_FL(SYSCALL),	"syscall" },
		{ HIST_FL(LOG2),		"log2" },
		{ HIST_FL(BUCKET),	"buckets" },
		{ HIST_FL(USECS),	"usecs" },
		{ HIST_FL(PERCENT),	"percent" },
		{ HIST_FL(GRAPH),	"graph" },
		{ HIST_FL(STACKTRACE),	"stacktrace" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(mods); i++)
		if (f->flags & mods[i].flag)
			return mods[i].text;
	return NULL;
}

/* An operand as an expression's text shows it: number, name, modifier. */
static void hist_operand_text(struct seq_buf *s, const struct hist_field *f)
{
	const char *mod = hist_field_modifier(f);

	if (f->flags & HIST_FL(VAR_REF)) {
		seq_buf_printf(s, "%s%s", f->ref_system ? "" : "$", f->name);
		return;
	}
	if (f->flags & HIST_FL(CONST))
		seq_buf_printf(s, "%llu", f->constant);
	seq_buf_puts(s, hist_field_name(f));
	if (mod)
		seq_buf_printf(s, ".%s", mod);
}

/* The text of an expression: "a+b", "-(a)" or a folded constant. */
static char *hist_expr_text(const struct hist_field *f)
{
	static const char ops[] = {
		[HIST_OP_PLUS] = '+', [HIST_OP_MINUS] = '-',
		[HIST_OP_DIV] = '/', [HIST_OP_MULT] = '*',
	};
	struct seq_buf s;
	char *text;

	text = kzalloc(MAX_FILTER_STR_VAL, GFP_KERNEL);
	if (!text)
		return ERR_PTR(-ENOMEM);
	seq_buf_init(&s, text, MAX_FILTER_STR_VAL);

	if (!f->operands[0]) {
		hist_operand_text(&s, f);
	} else if (f->op == HIST_OP_UMINUS) {
		/* an operator below: its own text, without the inherited .usecs */
		seq_buf_puts(&s, "-(");
		if (f->operands[0]->operands[0])
			seq_buf_puts(&s, f->operands[0]->name);
		else
			hist_operand_text(&s, f->operands[0]);
		seq_buf_putc(&s, ')');
	} else {
		hist_operand_text(&s, f->operands[0]);
		seq_buf_putc(&s, ops[f->op]);
		hist_operand_text(&s, f->operands[1]);
	}
	if (seq_buf_has_overflowed(&s)) {
		kfree(text);
		return ERR_PTR(-E2BIG);
	}
	return text;
}

/* ---- making fields ----------------------------------------------------- */

/**
 * hist_field_destroy - free a field and its operands
 * @f: the field, or NULL
 */
void hist_field_destroy(struct hist_field *f)
{
	if (!f)
		return;
	hist_field_destroy(f->operands[0]);
	hist_field_destroy(f->operands[1]);
	kfree(f->name);
	kfree(f->var_name);
	kfree(f->ref_system);
	kfree(f->ref_event);
	kfree(f);
}

/**
 * hist_field_alloc - a new field of @hd, not set up
 * @hd: the histogram
 * @flags: HIST_FL_*
 * @var_name: the name of the variable it is, or NULL
 *
 * Return: the field, or NULL.
 */
struct hist_field *hist_field_alloc(struct hist_data *hd, unsigned long flags,
				    const char *var_name)
{
	struct hist_field *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return NULL;
	f->hd = hd;
	f->flags = flags;
	if (var_name) {
		f->var_name = kstrdup(var_name, GFP_KERNEL);
		if (!f->var_name) {
			kfree(f);
			return NULL;
		}
	}
	return f;
}

static const enum hist_fn hist_num_fn[2][4] = {
	{ HIST_FN_U8, HIST_FN_U16, HIST_FN_U32, HIST_FN_U64 },
	{ HIST_FN_S8, HIST_FN_S16, HIST_FN_S32, HIST_FN_U64 },
};

/*
 * Set @f up to read @field (NULL: the special value @f's flags name).
 * Return: false for a field no histogram can read (a function field,
 * a number that is not 1, 2, 4 or 8 bytes).
 */
static bool hist_field_setup(struct hist_field *f,
			     struct ftrace_event_field *field)
{
	f->field = field;
	if (f->flags & HIST_FL(HITCOUNT)) {
		f->fn = HIST_FN_COUNTER;
		f->size = sizeof(u64);
		f->type = "u64";
		return true;
	}
	if (f->flags & HIST_FL(STACKTRACE) && !field) {
		f->fn = HIST_FN_NONE;
		f->size = HIST_STACK_BYTES;
		f->type = "unsigned long[]";
		return true;
	}
	if (f->flags & HIST_FL(TIMESTAMP)) {
		f->fn = HIST_FN_TIMESTAMP;
		f->size = sizeof(u64);
		f->type = "u64";
		return true;
	}
	if (f->flags & HIST_FL(CPU)) {
		f->fn = HIST_FN_CPU;
		f->size = sizeof(int);
		f->type = "unsigned int";
		return true;
	}
	if (!field || is_function_field(field))
		return false;

	f->rec_off = field->offset;
	f->type = field->type;
	if (is_string_field(field) && field->filter_type != FILTER_PTR_STRING) {
		f->flags |= HIST_FL(STRING);
		f->size = MAX_FILTER_STR_VAL;
		switch (field->filter_type) {
		case FILTER_STATIC_STRING:
			f->fn = HIST_FN_STRING;
			f->size = field->size;
			break;
		case FILTER_DYN_STRING:
			f->fn = HIST_FN_DYNSTRING;
			break;
		case FILTER_RDYN_STRING:
			f->fn = HIST_FN_RELDYNSTRING;
			break;
		default:
			f->fn = HIST_FN_PSTRING;
			break;
		}
		return true;
	}
	if (field->filter_type == FILTER_STACKTRACE) {
		f->flags |= HIST_FL(STACKTRACE);
		f->fn = HIST_FN_STACK;
		f->size = MAX_FILTER_STR_VAL;
		return true;
	}
	if (field->size <= 0 || field->size > 8 || !is_power_of_2(field->size))
		return false;
	f->size = field->size;
	f->is_signed = field->is_signed;
	f->fn = hist_num_fn[f->is_signed][ilog2(field->size)];
	return true;
}

/*
 * The modifier after a field's dot: sets its flag in *@flags.  Return:
 * 0, or -EINVAL for one that is unknown or not allowed here (percent and
 * graph are for values only), with *@at where the error is reported:
 * the modifier, or for a bad .buckets= what follows "bucket" or its
 * '=', as upstream reports it.  sym-offset arrives as "symXoffset" (see
 * hist_parse_line()).
 */
static int hist_modifier(const char *mod, const char *name,
			 unsigned long *flags, unsigned long *buckets,
			 const char **at)
{
	static const struct {
		const char *text;
		unsigned long flag;
	} plain[] = {
		{ "hex", HIST_FL(HEX) },
		{ "sym", HIST_FL(SYM) },
		{ "symXoffset", HIST_FL(SYM_OFFSET) },
		{ "syscall", HIST_FL(SYSCALL) },
		{ "stacktrace", HIST_FL(STACKTRACE) },
		{ "log2", HIST_FL(LOG2) },
		{ "usecs", HIST_FL(USECS) },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(plain); i++) {
		if (!strcmp(mod, plain[i].text)) {
			*flags |= plain[i].flag;
			return 0;
		}
	}
	if (!strcmp(mod, "execname") && !strcmp(name, "common_pid")) {
		*flags |= HIST_FL(EXECNAME);
		return 0;
	}
	if (str_has_prefix(mod, "bucket")) {
		mod += strlen("bucket");
		if (*mod == 's')
			mod++;
		if (*mod == '=')
			mod++;
		*at = mod;
		if (mod[-1] != '=' || kstrtoul(mod, 0, buckets) || !*buckets)
			return -EINVAL;
		*flags |= HIST_FL(BUCKET);
		return 0;
	}
	if (str_has_prefix(mod, "percent") || str_has_prefix(mod, "graph")) {
		if (*flags & (HIST_FL(VAR) | HIST_FL(KEY)))
			return -EINVAL;
		*flags |= *mod == 'p' ? HIST_FL(PERCENT) : HIST_FL(GRAPH);
		return 0;
	}
	return -EINVAL;
}

/*
 * "$name" (or "SYSTEM.EVENT.$name" naming @hd's own event) where @hd
 * defines name as a plain field: that field's text, read directly.
 */
static const char *hist_local_var(struct hist_data *hd, const char *system,
				  const char *event, const char *name)
{
	struct trace_event_call *call = hd->file->event_call;
	struct hist_attrs *attrs = hd->attrs;
	const char *expr;
	unsigned int i;

	if (!system != !event || name[0] != '$' || !name[1])
		return NULL;
	if (system && (strcmp(system, call->class->system) ||
		       strcmp(event, trace_event_name(call))))
		return NULL;
	for (i = 0; i < attrs->n_vars; i++) {
		if (strcmp(attrs->var_name[i], name + 1))
			continue;
		expr = attrs->var_expr[i];
		if (!strpbrk(expr, "+-*/") && expr[0] != '$')
			return expr;
	}
	return NULL;
}

/*
 * A reference to the variable @name (without '$') as an operand, or as
 * the value of the variable @var_name (an alias: "s=$st").  -ENOENT
 * (logged) when there is no such variable.
 */
static struct hist_field *hist_ref_field(struct hist_ctx *ctx,
					 struct hist_data *hd,
					 const char *system, const char *event,
					 const char *name, unsigned long flags,
					 const char *var_name)
{
	struct hist_field *var, *ref = NULL, *f;

	var = hist_find_event_var(ctx, hd, system, event, name);
	if (var)
		ref = hist_var_ref(hd, var, system, event);
	if (!ref) {
		hist_err(ctx, HIST_ERR_VAR_NOT_FOUND, name);
		return ERR_PTR(-ENOENT);
	}
	flags |= var_name ? HIST_FL(ALIAS) : HIST_FL(VAR_REF);
	f = hist_field_alloc(hd, flags | (ref->flags & HIST_REF_FLAGS),
			     var_name);
	if (!f)
		return ERR_PTR(-ENOMEM);
	hist_ref_point(f, ref->ref_var, ref->ref_idx);
	f->name = kstrdup(ref->name, GFP_KERNEL);
	f->ref_system = kstrdup(system, GFP_KERNEL);
	if (!f->name || !f->ref_system != !system) {
		hist_field_destroy(f);
		return ERR_PTR(-ENOMEM);
	}
	return f;
}

/*
 * An atom that is not a number: "name", "name.modifier", a variable
 * reference "$name" or "SYSTEM.EVENT.$name".
 */
static struct hist_field *hist_atom_field(struct hist_ctx *ctx,
					  struct hist_data *hd, char *text,
					  unsigned long flags,
					  const char *var_name)
{
	struct ftrace_event_field *field = NULL;
	const char *system = NULL, *event = NULL;
	unsigned long buckets = 0;
	char *copy, *name, *mod, *dot;
	const char *at, *local;
	struct hist_field *f = NULL;
	int err = -EINVAL;

	copy = kstrdup(text, GFP_KERNEL);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	mod = copy;
	dot = strchr(copy, '.');
	if (dot && strchr(dot + 1, '.')) {
		system = strsep(&mod, ".");
		event = strsep(&mod, ".");
	}
	local = hist_local_var(hd, system, event, mod);
	if (local) {
		kfree(copy);
		copy = kstrdup(local, GFP_KERNEL);
		if (!copy)
			return ERR_PTR(-ENOMEM);
		mod = copy;
	} else if (mod[0] == '$' && mod[1]) {
		f = hist_ref_field(ctx, hd, system, event, mod + 1, flags,
				   var_name);
		/* no such variable: looked up as a field, and not found */
		if (!IS_ERR(f) || PTR_ERR(f) != -ENOENT) {
			kfree(copy);
			return f;
		}
		f = NULL;
	}
	name = strsep(&mod, ".");
	at = mod;
	if (mod && hist_modifier(mod, name, &flags, &buckets, &at)) {
		hist_err(ctx, HIST_ERR_BAD_FIELD_MODIFIER, at);
		goto out;
	}

	if (!strcmp(name, "common_timestamp")) {
		flags |= HIST_FL(TIMESTAMP);
		hd->timestamps = true;
		if (flags & HIST_FL(USECS))
			hd->usecs = true;
	} else if (!strcmp(name, "common_stacktrace")) {
		flags |= HIST_FL(STACKTRACE);
	} else if (!strcmp(name, "common_cpu")) {
		flags |= HIST_FL(CPU);
	} else if (!strcmp(name, "hitcount")) {
		flags |= HIST_FL(HITCOUNT);
	} else {
		field = trace_find_event_field(hd->file->event_call, name);
	}
	/*
	 * The pseudo-fields "cpu" (which keeps its name) and "stacktrace"
	 * (which becomes common_stacktrace) name the special values.
	 */
	if (field && !field->size && field->filter_type == FILTER_CPU) {
		flags |= HIST_FL(CPU);
	} else if (field && !field->size &&
		   field->filter_type == FILTER_STACKTRACE) {
		flags |= HIST_FL(STACKTRACE);
		field = NULL;
	} else if (field && !field->size) {
		field = NULL;
	}
	if (!field && !(flags & (HIST_FL(TIMESTAMP) | HIST_FL(STACKTRACE) |
				 HIST_FL(CPU) | HIST_FL(HITCOUNT)))) {
		hist_err(ctx, HIST_ERR_FIELD_NOT_FOUND, name);
		goto out;
	}
	/* .stacktrace only on a field that holds a stack */
	if (mod && !strcmp(mod, "stacktrace") &&
	    (!field || field->filter_type != FILTER_STACKTRACE)) {
		hist_err(ctx, HIST_ERR_BAD_FIELD_MODIFIER, text);
		goto out;
	}

	err = -ENOMEM;
	f = hist_field_alloc(hd, flags, var_name);
	if (!f)
		goto out;
	if (flags & (HIST_FL(LOG2) | HIST_FL(BUCKET))) {
		f->operands[0] = hist_field_alloc(hd, flags &
						  ~(HIST_FL(LOG2) | HIST_FL(BUCKET)),
						  NULL);
		if (!f->operands[0] ||
		    !hist_field_setup(f->operands[0], field))
			goto out;
		f->fn = flags & HIST_FL(LOG2) ? HIST_FN_LOG2 : HIST_FN_BUCKET;
		f->field = field;
		f->rec_off = f->operands[0]->rec_off;
		f->size = f->operands[0]->size;
		f->is_signed = f->operands[0]->is_signed;
		f->type = f->operands[0]->type;
		f->buckets = buckets;
	} else if (!hist_field_setup(f, field)) {
		goto out;
	}
	kfree(copy);
	return f;
out:
	hist_field_destroy(f);
	kfree(copy);
	return ERR_PTR(err);
}

static struct hist_field *hist_const_field(struct hist_ctx *ctx,
					   struct hist_data *hd, char *text,
					   unsigned long flags,
					   const char *var_name)
{
	struct hist_field *f;
	u64 n;

	if (kstrtoull(text, 0, &n)) {
		hist_err(ctx, HIST_ERR_EXPECT_NUMBER, text);
		return ERR_PTR(-EINVAL);
	}
	f = hist_field_alloc(hd, flags | HIST_FL(CONST), var_name);
	if (!f)
		return ERR_PTR(-ENOMEM);
	f->fn = HIST_FN_CONST;
	f->size = sizeof(u64);
	f->type = "u64";
	f->constant = n;
	return f;
}

/*
 * The operator an expression splits at, and where: the rightmost + or -
 * (a '-' at the very start is the unary minus), else the rightmost * or
 * /.  Return: HIST_OP_NONE for an atom.
 */
static enum hist_op hist_split(char *text, char **at)
{
	char *minus = strrchr(text, '-'), *plus = strrchr(text, '+');
	char *div, *mult;

	*at = NULL;
	if (minus == text) {
		*at = minus;
		return HIST_OP_UMINUS;
	}
	if (plus || minus) {
		*at = plus > minus ? plus : minus;
		return plus > minus ? HIST_OP_PLUS : HIST_OP_MINUS;
	}
	div = strrchr(text, '/');
	mult = strrchr(text, '*');
	if (!div && !mult)
		return HIST_OP_NONE;
	*at = mult > div ? mult : div;
	return mult > div ? HIST_OP_MULT : HIST_OP_DIV;
}

static struct hist_field *hist_expr(struct hist_ctx *ctx, struct hist_data *hd,
				    char *text, unsigned long flags,
				    const char *var_name, unsigned int *n_ops);

/* "-(...)": the whole operand negated. */
static struct hist_field *hist_unary(struct hist_ctx *ctx, struct hist_data *hd,
				     char *text, unsigned long flags,
				     const char *var_name, unsigned int *n_ops)
{
	struct hist_field *f, *arg;
	char *close;

	if (++*n_ops > HIST_SUBEXPR_MAX) {
		hist_err(ctx, HIST_ERR_TOO_MANY_SUBEXPR, text);
		return ERR_PTR(-EINVAL);
	}
	/* skip "-" and the character after it, which must be a '(' */
	if (!strchr(++text, '('))
		return ERR_PTR(-EINVAL);
	text++;
	close = strrchr(text, ')');
	if (!close)
		return ERR_PTR(-EINVAL);
	if (close[1]) {
		hist_err(ctx, HIST_ERR_UNARY_MINUS_SUBEXPR, text);
		return ERR_PTR(-EINVAL);
	}
	*close = '\0';

	arg = hist_expr(ctx, hd, text, 0, NULL, n_ops);
	if (IS_ERR(arg))
		return arg;
	if (arg->flags & HIST_FL(STRING)) {
		hist_err(ctx, HIST_ERR_INVALID_STR_OPERAND, text);
		hist_field_destroy(arg);
		return ERR_PTR(-EINVAL);
	}
	/*
	 * The text of "-(...)" holds one operand or one operator: a negated
	 * negation, log2 or buckets has none (as upstream's has none).
	 */
	if (arg->operands[0] && (arg->op == HIST_OP_NONE ||
				 arg->op == HIST_OP_UMINUS)) {
		hist_field_destroy(arg);
		return ERR_PTR(-EINVAL);
	}
	f = hist_field_alloc(hd, flags | HIST_FL(EXPR) |
			     (arg->flags & (HIST_FL(TIMESTAMP) | HIST_FL(USECS))),
			     var_name);
	if (!f) {
		hist_field_destroy(arg);
		return ERR_PTR(-ENOMEM);
	}
	f->operands[0] = arg;
	f->fn = HIST_FN_UMINUS;
	f->op = HIST_OP_UMINUS;
	f->size = arg->size;
	f->is_signed = arg->is_signed;
	f->type = arg->type;
	f->name = hist_expr_text(f);
	if (IS_ERR(f->name)) {
		long err = PTR_ERR(f->name);

		f->name = NULL;
		hist_field_destroy(f);
		return ERR_PTR(err);
	}
	return f;
}

static const enum hist_fn hist_op_fn[] = {
	[HIST_OP_PLUS] = HIST_FN_PLUS, [HIST_OP_MINUS] = HIST_FN_MINUS,
	[HIST_OP_DIV] = HIST_FN_DIV, [HIST_OP_MULT] = HIST_FN_MULT,
};

/* How to divide by the constant @d (not 0). */
static enum hist_fn hist_div_fn(struct hist_field *d)
{
	if (is_power_of_2(d->constant))
		return HIST_FN_DIV_POW2;
	if (d->constant > BIT_ULL(HIST_DIV_SHIFT))
		return HIST_FN_DIV_CONST;
	d->div_mult = div64_u64(BIT_ULL(HIST_DIV_SHIFT), d->constant);
	return HIST_FN_DIV_MULT;
}

/* "a OP b", split at @at. */
static struct hist_field *hist_binary(struct hist_ctx *ctx, struct hist_data *hd,
				      char *text, char *at, enum hist_op op,
				      unsigned long flags, const char *var_name,
				      unsigned int *n_ops)
{
	struct hist_field *f = NULL, *a, *b = NULL;
	char *rhs = at + 1;
	long err = -EINVAL;
	bool fold;

	++*n_ops;
	*at = '\0';
	if (!*text || !*rhs)
		return ERR_PTR(-EINVAL);

	a = hist_expr(ctx, hd, text, 0, NULL, n_ops);
	if (IS_ERR(a))
		return a;
	if (a->flags & HIST_FL(STRING)) {
		hist_err(ctx, HIST_ERR_INVALID_STR_OPERAND, text);
		goto fail;
	}
	b = hist_expr(ctx, hd, rhs, 0, NULL, n_ops);
	if (IS_ERR(b)) {
		err = PTR_ERR(b);
		b = NULL;
		goto fail;
	}
	if (b->flags & HIST_FL(STRING)) {
		hist_err(ctx, HIST_ERR_INVALID_STR_OPERAND, rhs);
		goto fail;
	}
	if ((a->flags ^ b->flags) & HIST_FL(USECS)) {
		hist_err(ctx, HIST_ERR_TIMESTAMP_MISMATCH, NULL);
		goto fail;
	}
	/* a variable an expression reads is consumed by the read */
	if (a->flags & HIST_FL(VAR_REF))
		hd->var_refs[a->ref_idx]->read_once = true;
	if (b->flags & HIST_FL(VAR_REF))
		hd->var_refs[b->ref_idx]->read_once = true;

	fold = a->flags & b->flags & HIST_FL(CONST);
	err = -ENOMEM;
	f = hist_field_alloc(hd, flags | (fold ? HIST_FL(CONST) : HIST_FL(EXPR)) |
			     (a->flags & (HIST_FL(TIMESTAMP) | HIST_FL(USECS))),
			     var_name);
	if (!f)
		goto fail;
	f->operands[0] = a;
	f->operands[1] = b;
	f->op = op;
	f->fn = hist_op_fn[op];
	if (op == HIST_OP_DIV && b->flags & HIST_FL(CONST)) {
		if (!b->constant) {
			hist_err(ctx, HIST_ERR_DIVISION_BY_ZERO, rhs);
			err = -EDOM;
			goto fail_f;
		}
		f->fn = hist_div_fn(b);
	}

	if (fold) {
		f->constant = hist_field_value(f, NULL, NULL, NULL, NULL);
		f->fn = HIST_FN_CONST;
		f->size = sizeof(u64);
		f->type = "u64";
		f->operands[0] = NULL;
		f->operands[1] = NULL;
		hist_field_destroy(a);
		hist_field_destroy(b);
	} else {
		f->size = a->size;
		f->is_signed = a->is_signed;
		f->type = a->type;
	}
	f->name = hist_expr_text(f);
	if (IS_ERR(f->name)) {
		err = PTR_ERR(f->name);
		f->name = NULL;
		goto fail_f;
	}
	return f;

fail:
	hist_field_destroy(a);
	hist_field_destroy(b);
	return ERR_PTR(err);
fail_f:
	hist_field_destroy(f);
	return ERR_PTR(err);
}

static struct hist_field *hist_expr(struct hist_ctx *ctx, struct hist_data *hd,
				    char *text, unsigned long flags,
				    const char *var_name, unsigned int *n_ops)
{
	enum hist_op op;
	char *at;

	if (*n_ops > HIST_SUBEXPR_MAX) {
		hist_err(ctx, HIST_ERR_TOO_MANY_SUBEXPR, text);
		return ERR_PTR(-EINVAL);
	}
	op = hist_split(text, &at);
	switch (op) {
	case HIST_OP_NONE:
		if (isdigit(*text))
			return hist_const_field(ctx, hd, text, flags, var_name);
		return hist_atom_field(ctx, hd, text, flags, var_name);
	case HIST_OP_UMINUS:
		return hist_unary(ctx, hd, text, flags, var_name, n_ops);
	default:
		return hist_binary(ctx, hd, text, at, op, flags, var_name,
				   n_ops);
	}
}

/**
 * hist_field_parse - a field from its text
 * @ctx: where errors are reported
 * @hd: the histogram being built (its event, its attrs)
 * @text: the operand as written; cut in place
 * @flags: HIST_FL(KEY) or HIST_FL(VAR), or 0 for a value
 * @var_name: a variable's name, or NULL
 *
 * Context: event_mutex held.
 * Return: the field, or an ERR_PTR (the error is logged where upstream
 * logs one).
 */
struct hist_field *hist_field_parse(struct hist_ctx *ctx, struct hist_data *hd,
				    char *text, unsigned long flags,
				    const char *var_name)
{
	unsigned int n_ops = 0;

	return hist_expr(ctx, hd, text, flags, var_name, &n_ops);
}

/**
 * hist_var_field - the field a variable made for an action reads
 * @ctx: where errors are reported
 * @hd: the histogram
 * @name: a field of @hd's event (a modifier allowed), not an expression
 * @var_name: the variable's name
 *
 * Return: the field, or an ERR_PTR (logged).
 */
struct hist_field *hist_var_field(struct hist_ctx *ctx, struct hist_data *hd,
				  char *name, const char *var_name)
{
	if (isdigit(*name))
		return hist_const_field(ctx, hd, name, HIST_FL(VAR), var_name);
	return hist_atom_field(ctx, hd, name, HIST_FL(VAR), var_name);
}
