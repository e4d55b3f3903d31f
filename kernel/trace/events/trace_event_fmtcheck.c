// SPDX-License-Identifier: GPL-2.0
/*
 * The print-fmt check of an event call, run once by raw init (boot,
 * module load, dynamic events that use trace_event_raw_init()).
 *
 * A record is printed long after it was written.  An argument of the
 * print fmt that makes the printer read memory outside the record ("%s"
 * of a char pointer saved in the record, "%pI4" of a pointer) may read
 * memory that is gone by then.  The check reads the print fmt as text,
 * the C expressions as the staging headers stringified them, and sorts
 * every argument whose conversion reads through it:
 *
 *   argument (A) of a "%s" or of a dereferencing "%p"   verdict
 *   --------------------------------------------------  -----------------
 *   %s: A calls something, NAME( ... (__get_str() ...)  safe
 *   %s: A indexes a table with a field: [ ... REC->     safe
 *       (after A's last opening parenthesis)
 *   %s: A holds a string literal (REC->on ? "a" : "b")  safe
 *   A names REC->X with a '&' before it                 safe (in the record)
 *   A names REC->X and X is an array of the class       safe (in the record)
 *   A names no REC-> but a dynamic array or sockaddr    safe (in the record)
 *       accessor: __get_[rel_]dynamic_array[_len](,
 *       __get_[rel_]sockaddr(
 *   %s: A is REC->X, X a field of the class             checked when printed
 *   anything else                                       unsafe: warned once
 *
 * "Checked when printed" sets TRACE_EVENT_FL_TEST_STR on the call and
 * needs_test on the field; ignore_event() (trace_output_safestr.c, called by
 * trace_event_printf(), trace_output.c) then refuses to print a record
 * whose string pointer is neither in the record, nor in core rodata, nor
 * a tracepoint string, nor in the event's module.
 *
 * Which conversions count decides which fields are checked when printed,
 * and so what "trace" shows; the reading is an interface, kept on purpose:
 *
 *   - the format is the first string literal only;
 *   - a conversion is a string one when only digits, '.' and '*' stand
 *     between '%' and 's' ("%-10s" is not one); its '*' takes one extra
 *     argument, as does the '*' of "%*p"; other conversions take one
 *     argument, their '*' none;
 *   - "%p" reads through its pointer when a letter of deref_ptr_ext[]
 *     follows it;
 *   - arguments are split at commas outside quotes and parentheses; a
 *     backslash hides the next character everywhere.
 *
 * It catches the usual mistake, not a determined one: it is not a C
 * parser.
 *
 * Context: process, under event_mutex or at boot before the call is
 * listed (it writes the call's flags and its class's fields array).
 */
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/string.h>

#include "trace_event.h"
#include "trace_event_internal.h"

/* "%p" extensions that make vsprintf read through the pointer. */
static const char deref_ptr_ext[] = "BRrbMmIiEUVNadDgtCOf";

/* Accessors of data stored in the record itself. */
static const char * const in_record_accessors[] = {
	"__get_dynamic_array(",
	"__get_rel_dynamic_array(",
	"__get_dynamic_array_len(",
	"__get_rel_dynamic_array_len(",
	"__get_sockaddr(",
	"__get_rel_sockaddr(",
};

#define REC "REC->"

/* One argument of the print fmt: the text [start, end). */
struct fmt_arg {
	const char *start;
	const char *end;
};

static const char *arg_find(const struct fmt_arg *a, const char *needle)
{
	return strnstr(a->start, needle, a->end - a->start);
}

static const char *arg_findc(const struct fmt_arg *a, const char *from, int c)
{
	const char *p;

	for (p = from; p < a->end; p++)
		if (*p == c)
			return p;
	return NULL;
}

static bool ident_char(char c)
{
	return isalnum(c) || c == '_';
}

/*
 * The entry of the class's fields array named right after "REC->" at
 * @rec, or NULL.
 */
static struct trace_event_fields *rec_field(struct trace_event_call *call,
					    const char *rec)
{
	struct trace_event_fields *f = call->class->fields_array;
	const char *name = rec + strlen(REC);
	size_t len = 0;

	while (ident_char(name[len]))
		len++;
	for (; f && f->type && f->type != TRACE_FUNCTION_TYPE; f++)
		if (f->name && strlen(f->name) == len &&
		    !strncmp(f->name, name, len))
			return f;
	return NULL;
}

/* Does argument @a point into the record? */
static bool ptr_in_record(struct trace_event_call *call,
			  const struct fmt_arg *a)
{
	const char *amp, *rec = arg_find(a, REC);
	struct trace_event_fields *f;
	int i;

	if (rec) {
		amp = arg_findc(a, a->start, '&');
		if (amp && amp < rec)
			return true;
		f = rec_field(call, rec);
		return f && strchr(f->type, '[');
	}
	for (i = 0; i < ARRAY_SIZE(in_record_accessors); i++)
		if (arg_find(a, in_record_accessors[i]))
			return true;
	return false;
}

/*
 * Is the "%s" argument @a safe, or made safe by a check when printed?
 * See the table on top for the order of the tests.
 */
static bool str_arg_ok(struct trace_event_call *call, const struct fmt_arg *a)
{
	const char *after_paren = a->start, *p, *q, *bracket;
	struct trace_event_fields *f;

	for (p = a->start; (p = arg_findc(a, p, '(')); p++) {
		for (q = p - 1; q >= a->start && isspace(*q); q--)
			;
		if (q >= a->start && ident_char(*q))
			return true;		/* a call: its result is trusted */
		after_paren = p + 1;
	}
	bracket = arg_findc(a, after_paren, '[');
	if (bracket && strnstr(bracket, REC, a->end - bracket))
		return true;
	if (arg_findc(a, a->start, '"'))
		return true;
	if (ptr_in_record(call, a))
		return true;

	if (!str_has_prefix(a->start, REC))
		return false;
	f = rec_field(call, a->start);
	if (!f)
		return false;
	call->flags |= TRACE_EVENT_FL_TEST_STR;
	f->needs_test = 1;
	return true;
}

/* What the format part of the print fmt asks of each argument. */
struct fmt_uses {
	u64 deref;	/* the conversion reads through argument n */
	u64 str;	/* ... as a "%s" */
	int n;		/* arguments taken so far */
};

static int uses_take(struct fmt_uses *u, bool deref, bool str)
{
	if (deref || str) {
		if (u->n >= 63)
			return -E2BIG;
		u->deref |= (u64)deref << u->n;
		u->str |= (u64)str << u->n;
	}
	u->n++;
	return 0;
}

/*
 * One conversion, @p just after its '%'.  Returns the position of its
 * last character (or of the NUL), or an ERR_PTR.
 */
static const char *conversion(const char *p, struct fmt_uses *u)
{
	const char *q;
	bool star = false;
	int err;

	if (*p == '%')
		return p;
	if (*p == '*' && p[1] == 'p') {		/* "%*p": width, then pointer */
		err = uses_take(u, false, false);
		if (err)
			return ERR_PTR(err);
		p++;
	}
	if (*p == 'p') {
		err = uses_take(u, p[1] && strchr(deref_ptr_ext, p[1]), false);
		return err ? ERR_PTR(err) : p;
	}
	for (q = p; isdigit(*q) || *q == '.' || *q == '*'; q++)
		star |= *q == '*';
	if (*q == 's' && star) {
		err = uses_take(u, false, false);
		if (err)
			return ERR_PTR(err);
	}
	err = uses_take(u, *q == 's', *q == 's');
	return err ? ERR_PTR(err) : p;
}

/*
 * Scan the first string literal of @fmt.  Return the position after its
 * closing quote; the NUL if it never closes (its arguments then cannot
 * be told apart); NULL when there is nothing to judge by (no literal, or
 * the text ends right after a '%' or a backslash); or an ERR_PTR.
 */
static const char *scan_format(const char *fmt, struct fmt_uses *u)
{
	const char *p = strchr(fmt, '"');

	if (!p)
		return NULL;
	for (p++; *p; p++) {
		switch (*p) {
		case '\\':
			if (!*++p)
				return NULL;
			break;
		case '"':
			return p + 1;
		case '%':
			if (!*++p)
				return NULL;
			p = conversion(p, u);
			if (IS_ERR(p))
				return p;
			break;
		}
	}
	return p;
}

/**
 * evreg_fmt_check - check the arguments of an event call's print fmt
 * @call: the call; its class's fields array names the record's fields
 * @unsafe: set to the arguments (bit 0 is the first after the format)
 *	that read memory which may be gone when the record is printed
 *
 * Sets TRACE_EVENT_FL_TEST_STR on @call and needs_test on the fields
 * whose "%s" must be checked when printed (see the table on top); the
 * caller copies needs_test into a field list built before.  Warns about
 * nothing itself.
 *
 * Return: 0, -E2BIG if a checked argument is beyond the 63rd, -EINVAL if
 * a ')' closes nothing.
 */
int evreg_fmt_check(struct trace_event_call *call, u64 *unsafe)
{
	const char *p, *fmt = call->print_fmt;
	struct fmt_uses u = {};
	/*
	 * Argument n runs from one top-level comma to the next.  Without
	 * any comma, the whole print fmt stands for the first (the
	 * format's own quotes then make a "%s" look safe).
	 */
	struct fmt_arg a = { .start = fmt };
	bool comma = false;
	int depth = 0, n = 0;
	char quote = 0;

	*unsafe = 0;
	if (!fmt)
		return 0;
	p = scan_format(fmt, &u);
	if (IS_ERR(p))
		return PTR_ERR(p);
	if (!p || !u.deref)
		return 0;
	if (!*p) {
		*unsafe = u.deref;	/* an unterminated format */
		return 0;
	}

	for (;; p++) {
		if (*p == '\\') {
			if (!*++p)
				return 0;	/* nothing to judge by */
			continue;
		}
		if (quote && *p) {
			if (*p == quote)
				quote = 0;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			quote = *p;
			continue;
		}
		if (*p == '(') {
			depth++;
			continue;
		}
		if (*p == ')' && --depth < 0)
			return -EINVAL;
		if (*p && (*p != ',' || depth))
			continue;
		/* a top-level comma or the end: argument n ends here */
		if ((comma || !*p) && n < 64 && (u.deref & BIT_ULL(n))) {
			a.end = p;
			if ((u.str & BIT_ULL(n)) ? str_arg_ok(call, &a) :
						   ptr_in_record(call, &a))
				u.deref &= ~BIT_ULL(n);
		}
		if (!*p)
			break;
		if (comma)
			n++;
		comma = true;	/* the text before the first is no argument */
		a.start = skip_spaces(p + 1);
	}
	*unsafe = u.deref;
	return 0;
}

/* Copy needs_test of the fields array into a field list already built. */
static void fmt_mark_fields(struct trace_event_call *call)
{
	struct trace_event_fields *fa = call->class->fields_array;
	struct ftrace_event_field *f;

	for (; fa && fa->type && fa->type != TRACE_FUNCTION_TYPE; fa++) {
		if (!fa->needs_test)
			continue;
		list_for_each_entry(f, trace_get_fields(call), link)
			if (!strcmp(f->name, fa->name))
				f->needs_test = 1;
	}
}

/*
 * Raw init's check: mark what must be checked when printed, warn (once
 * per boot, it is a bug of the event's definition) about the rest.
 */
void evreg_check_print_fmt(struct trace_event_call *call)
{
	const char *name = trace_event_name(call);
	u64 unsafe;
	int ret;

	ret = evreg_fmt_check(call, &unsafe);
	if (call->flags & TRACE_EVENT_FL_TEST_STR)
		fmt_mark_fields(call);
	if (ret == -E2BIG)
		WARN_ONCE(1, "event %s: too many print fmt arguments to check\n",
			  name);
	else if (ret)
		WARN_ONCE(1, "event %s: unbalanced ')' in print fmt: %s\n",
			  name, call->print_fmt);
	else if (unsafe)
		WARN_ONCE(1, "event %s: print fmt argument %d reads memory the record does not hold: %s\n",
			  name, (int)__ffs64(unsafe) + 1, call->print_fmt);
}
