// SPDX-License-Identifier: GPL-2.0
/*
 * user_events: the field list of an event description ("u32 count;
 * char[20] msg"), turned into the event's record layout, its print fmt,
 * its dynamic_events text, and compared with the fields of a later
 * registration of the same name.
 *
 * Grammar (what follows the first space of the description):
 *
 *   list  := piece { ';' piece }      a piece that is only whitespace is
 *                                     skipped, leading whitespace too
 *   piece := type ' ' name [ ' ' size ]
 *
 * The type is one word, except after the prefixes "unsigned ", "struct ",
 * "__data_loc unsigned ", "__data_loc ", "__rel_loc unsigned " and
 * "__rel_loc " (tried in that order), where it is the prefix and the word
 * after it.  The rest of the piece is cut at every single space, so two
 * spaces make an empty token.  Only a struct has (and needs) a size,
 * decimal, 1 .. INT_MAX.  The other types, with their sizes, are the
 * scalars of ue_scalars[], "char[N]" and "unsigned char[N]" (N from 1 to
 * UE_ARRAY_MAX, any base, at most 7 characters after the '['), and any
 * __data_loc / __rel_loc type (a u32 locating the data).
 *
 * Layout: packed in declaration order from UE_FIELDS_START (the end of
 * struct trace_entry), without any alignment.
 *
 * Behaviour kept from upstream 6.12 although odd (the ABI accepts it):
 *   - "u32 " is a field with an empty name; nothing can match it later;
 *   - two spaces after a prefix make the type the prefix alone:
 *     "__data_loc  x" is a field "x" of type "__data_loc ";
 *   - text after the ']' of an array ("char[20]xy") stays in the type;
 *   - the word after __data_loc / __rel_loc is not checked: a type with
 *     "char" in it is a string (its data must end in NUL), one with
 *     "char[" prints as %s, any other as %llu ("__data_loc char x" is a
 *     string printed as %llu);
 *   - signedness is "the type does not start with 'u'": char, char[N],
 *     every loc type and every struct are signed;
 *   - a struct size is read by kstrtou32() (leading zeros, a '+' and one
 *     trailing newline pass) and shown and matched as "%u" prints it, so
 *     "struct s a 020" matches "struct s a 20" but not itself.
 * Deviations, where upstream misbehaves: a struct size of 2^31 or more
 * is -EINVAL (upstream returns it as a negative "errno"), and so is a
 * list whose field offsets or total size would not fit in an int
 * (upstream wraps).  The filter type of a loc field follows its own
 * prefix, not the first of "__data_loc" / "__rel_loc" found anywhere in
 * the type; FILTER_OTHER is left for the event core to refine (it makes
 * "__data_loc cpumask_t" a cpumask, as upstream).
 *
 * Matching (a registration naming an existing event) is textual: each
 * field's canonical text "<type> <name>[ <size>]" must read as the next
 * request words up to the first one holding a ';', joined by single
 * spaces, where that word must end in the ';' and nothing else may hold
 * one; all words must be used.  Registration
 * first puts a space after every ';' not followed by whitespace
 * (ue_fields_split()); dynamic_events delete does not.
 *
 * Contexts: ue_fields_parse() and ue_fields_split() allocate with
 * GFP_KERNEL_ACCOUNT (process context, may sleep).  A parsed object is
 * read-only, so matching and showing need no lock and do not allocate.
 */
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/overflow.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>

#include "user_events_fields.h"

static_assert(sizeof(struct trace_entry) == UE_FIELDS_START);

/* A prefix that makes the type two words. */
struct ue_prefix {
	const char	*text;
	enum ue_loc	loc;
	bool		is_struct;
};

/* Order matters: "__data_loc unsigned " must win over "__data_loc ". */
static const struct ue_prefix ue_prefixes[] = {
	{ "unsigned ",			UE_LOC_NONE,	false },
	{ "struct ",			UE_LOC_NONE,	true },
	{ "__data_loc unsigned ",	UE_LOC_DATA,	false },
	{ "__data_loc ",		UE_LOC_DATA,	false },
	{ "__rel_loc unsigned ",	UE_LOC_REL,	false },
	{ "__rel_loc ",			UE_LOC_REL,	false },
};

/* The scalar types a user may declare; "long" is left out on purpose. */
struct ue_scalar {
	const char	*type;
	unsigned int	size;
};

static const struct ue_scalar ue_scalars[] = {
	{ "s64", 8 }, { "u64", 8 },
	{ "s32", 4 }, { "u32", 4 }, { "int", 4 }, { "unsigned int", 4 },
	{ "s16", 2 }, { "u16", 2 }, { "short", 2 }, { "unsigned short", 2 },
	{ "s8", 1 }, { "u8", 1 }, { "char", 1 }, { "unsigned char", 1 },
};

/* At most this many characters may follow the '[' of "char[N]". */
#define UE_ARRAY_TAIL_MAX	7

static const struct ue_prefix *ue_prefix_of(const char *piece)
{
	const struct ue_prefix *p;

	for (p = ue_prefixes; p < ue_prefixes + ARRAY_SIZE(ue_prefixes); p++) {
		if (str_has_prefix(piece, p->text))
			return p;
	}
	return NULL;
}

/* The fields of @text: its pieces holding more than whitespace. */
static unsigned int ue_count_pieces(const char *text)
{
	unsigned int count = 0;
	bool content = false;

	for (;; text++) {
		if (*text == ';' || !*text) {
			count += content;
			content = false;
			if (!*text)
				return count;
		} else if (!isspace(*text)) {
			content = true;
		}
	}
}

/* N of "char[N]" or "unsigned char[N]" (@type has one of those prefixes). */
static int ue_array_len(const char *type, unsigned int *len)
{
	const char *num = strchr(type, '[') + 1;
	char buf[UE_ARRAY_TAIL_MAX + 1];
	const char *close;

	/* Upstream's window: ']' must come within 7 characters of '['. */
	if (strnlen(num, sizeof(buf)) > UE_ARRAY_TAIL_MAX)
		return -EINVAL;
	close = strchr(num, ']');
	if (!close)
		return -EINVAL;
	memcpy(buf, num, close - num);
	buf[close - num] = '\0';

	if (kstrtouint(buf, 0, len) || *len == 0 || *len > UE_ARRAY_MAX)
		return -EINVAL;
	return 0;
}

/* Size (and array length) of a field declared without a size token. */
static int ue_type_size(struct ue_field *f)
{
	const struct ue_scalar *s;
	int ret;

	if (f->loc != UE_LOC_NONE) {
		f->size = sizeof(u32);
		return 0;
	}
	for (s = ue_scalars; s < ue_scalars + ARRAY_SIZE(ue_scalars); s++) {
		if (!strcmp(f->type, s->type)) {
			f->size = s->size;
			return 0;
		}
	}
	if (!str_has_prefix(f->type, "char[") &&
	    !str_has_prefix(f->type, "unsigned char["))
		return -EINVAL;	/* a struct without size lands here too */

	ret = ue_array_len(f->type, &f->len);
	f->size = f->len;
	return ret;
}

static int ue_struct_size(const char *word, struct ue_field *f)
{
	u32 size;

	if (kstrtou32(word, 10, &size) || size == 0 || size > INT_MAX)
		return -EINVAL;
	f->struct_size = size;
	f->size = size;
	return 0;
}

/* What follows from the type once the size is known. */
static void ue_field_classify(struct ue_field *f)
{
	bool has_char = !!strstr(f->type, "char");

	f->is_signed = f->type[0] != 'u';
	f->loc_str = f->loc != UE_LOC_NONE && has_char;

	if (f->loc_str && f->loc == UE_LOC_DATA)
		f->filter_type = FILTER_DYN_STRING;
	else if (f->loc_str)
		f->filter_type = FILTER_RDYN_STRING;
	else if (f->loc == UE_LOC_NONE && has_char && strchr(f->type, '['))
		f->filter_type = FILTER_STATIC_STRING;
	else
		f->filter_type = FILTER_OTHER;

	if (strstr(f->type, "char["))
		f->print = "%s";
	else if (f->loc != UE_LOC_NONE || f->is_struct)
		f->print = "%llu";
	else if (f->size == sizeof(u64))
		f->print = f->is_signed ? "%lld" : "%llu";
	else
		f->print = f->is_signed ? "%d" : "%u";
}

/*
 * Parse @piece (one non-empty piece, leading whitespace skipped; split in
 * place) into @f, placed after @payload bytes of earlier fields; @payload
 * grows by the field's size.
 */
static int ue_field_parse(char *piece, struct ue_field *f,
			  unsigned int *payload)
{
	const struct ue_prefix *pre = ue_prefix_of(piece);
	char *tokens[3], *rest = piece, *word;
	unsigned int ntok = 0;
	int ret;

	if (pre) {
		char *space = strchr(piece + strlen(pre->text), ' ');

		if (!space)
			return -EINVAL;
		*space = '\0';
		tokens[ntok++] = piece;
		rest = space + 1;
		f->loc = pre->loc;
		f->is_struct = pre->is_struct;
	}
	while ((word = strsep(&rest, " "))) {
		if (ntok == ARRAY_SIZE(tokens))
			return -EINVAL;
		tokens[ntok++] = word;
	}
	if (ntok < 2)
		return -EINVAL;

	f->type = tokens[0];
	f->name = tokens[1];
	if (ntok == 3)
		ret = f->is_struct ? ue_struct_size(tokens[2], f) : -EINVAL;
	else
		ret = ue_type_size(f);
	if (ret)
		return ret;

	/* The event core keeps offsets and sizes in ints. */
	f->offset = UE_FIELDS_START + *payload;
	if (f->offset > INT_MAX || f->size > INT_MAX - *payload)
		return -EINVAL;
	*payload += f->size;

	ue_field_classify(f);
	return 0;
}

static int ue_fields_make_decls(struct ue_fields *fields)
{
	struct ue_field *f;

	for (f = fields->f; f < fields->f + fields->n; f++) {
		if (f->is_struct)
			f->decl = kasprintf(GFP_KERNEL_ACCOUNT, "%s %s %u",
					    f->type, f->name, f->struct_size);
		else
			f->decl = kasprintf(GFP_KERNEL_ACCOUNT, "%s %s",
					    f->type, f->name);
		if (!f->decl)
			return -ENOMEM;
	}
	return 0;
}

/*
 * A string built in two passes: the first (@buf NULL) only counts, the
 * second writes into a buffer of the counted size.
 */
struct ue_text {
	char	*buf;
	size_t	size;
	size_t	len;
};

static void ue_text_add(struct ue_text *t, const char *s)
{
	size_t n = strlen(s);

	if (t->buf && t->len + n < t->size)
		memcpy(t->buf + t->len, s, n + 1);
	t->len += n;
}

/* "name=FMT name=FMT", then one argument per field. */
static void ue_print_fmt_emit(const struct ue_fields *fields,
			      struct ue_text *t)
{
	const struct ue_field *f, *end = fields->f + fields->n;

	ue_text_add(t, "\"");
	for (f = fields->f; f < end; f++) {
		if (f != fields->f)
			ue_text_add(t, " ");
		ue_text_add(t, f->name);
		ue_text_add(t, "=");
		ue_text_add(t, f->print);
	}
	ue_text_add(t, "\"");

	for (f = fields->f; f < end; f++) {
		if (!f->loc_str) {
			ue_text_add(t, ", REC->");
			ue_text_add(t, f->name);
			continue;
		}
		ue_text_add(t, f->loc == UE_LOC_DATA ?
			       ", __get_str(" : ", __get_rel_str(");
		ue_text_add(t, f->name);
		ue_text_add(t, ")");
	}
}

static int ue_fields_make_print_fmt(struct ue_fields *fields)
{
	struct ue_text t = { };

	ue_print_fmt_emit(fields, &t);
	t.size = t.len + 1;
	t.buf = kmalloc(t.size, GFP_KERNEL_ACCOUNT);
	if (!t.buf)
		return -ENOMEM;
	t.len = 0;
	ue_print_fmt_emit(fields, &t);
	fields->print_fmt = t.buf;
	return 0;
}

/**
 * ue_fields_parse - parse the field list of an event description
 * @text: what follows the first space of the description; NULL or ""
 *	for an event without fields
 * @out: where the new object is stored (NULL on failure)
 *
 * Builds the fields with their layout, the print fmt and the canonical
 * texts used by ue_fields_match() and ue_fields_show().  @text is not
 * modified and may be freed once this returns.  Process context.
 *
 * Return: 0; -EINVAL for a malformed list or a type users may not
 * declare; -ENOMEM.
 */
int ue_fields_parse(const char *text, struct ue_fields **out)
{
	struct ue_fields *fields;
	unsigned int payload = 0;
	char *cursor, *piece;
	int ret;

	*out = NULL;
	if (!text)
		text = "";

	fields = kzalloc(struct_size(fields, f, ue_count_pieces(text)),
			 GFP_KERNEL_ACCOUNT);
	if (!fields)
		return -ENOMEM;
	fields->text = kstrdup(text, GFP_KERNEL_ACCOUNT);
	if (!fields->text) {
		ret = -ENOMEM;
		goto fail;
	}

	cursor = fields->text;
	while ((piece = strsep(&cursor, ";"))) {
		piece = skip_spaces(piece);
		if (!*piece)
			continue;
		ret = ue_field_parse(piece, &fields->f[fields->n], &payload);
		if (ret)
			goto fail;
		if (fields->f[fields->n].loc != UE_LOC_NONE)
			fields->has_locs = true;
		fields->n++;
	}
	fields->min_size = payload;

	ret = ue_fields_make_decls(fields);
	if (!ret)
		ret = ue_fields_make_print_fmt(fields);
	if (ret)
		goto fail;

	*out = fields;
	return 0;
fail:
	ue_fields_free(fields);
	return ret;
}

/**
 * ue_fields_free - free a parsed field list
 * @fields: from ue_fields_parse(), or NULL
 *
 * No reader may still use @fields or any string of its fields.
 */
void ue_fields_free(struct ue_fields *fields)
{
	unsigned int i;

	if (!fields)
		return;
	for (i = 0; i < fields->n; i++)
		kfree(fields->f[i].decl);
	kfree(fields->print_fmt);
	kfree(fields->text);
	kfree(fields);
}

/**
 * ue_fields_split - cut a registration's field text into words
 * @text: the field text (what follows the first space); NULL for none
 * @argc: the number of words, set on success
 *
 * A space is first put after every ';' not followed by whitespace, so that
 * "u32 a;u32 b" gives the same words as "u32 a; u32 b"; then the text is
 * split at whitespace as argv_split() does.  This is what registration
 * (ioctl and dynamic_events create) matches with; dynamic_events delete
 * uses a plain argv_split() instead.  Process context.
 *
 * Return: a NULL-terminated vector to free with argv_free(), or NULL when
 * out of memory.
 */
char **ue_fields_split(const char *text, int *argc)
{
	char *spaced, *to;
	char **argv;

	if (!text)
		text = "";

	/* Worst case: every character is a ';' needing a space. */
	spaced = kmalloc(2 * strlen(text) + 1, GFP_KERNEL_ACCOUNT);
	if (!spaced)
		return NULL;
	for (to = spaced; *text; text++) {
		*to++ = *text;
		if (*text == ';' && !isspace(text[1]))
			*to++ = ' ';
	}
	*to = '\0';

	argv = argv_split(GFP_KERNEL_ACCOUNT, spaced, argc);
	kfree(spaced);
	return argv;
}

/*
 * Do the words from argv[*pos], up to and including the first one that
 * holds a ';', read as @decl once joined by single spaces (with the ';'
 * last, when there is one)?  *pos moves past the words looked at.
 */
static bool ue_decl_match(const char *decl, int argc, const char **argv,
			  int *pos)
{
	const char *d = decl;
	int first = *pos;

	if (first >= argc)
		return false;

	for (; *pos < argc; (*pos)++) {
		const char *word = argv[*pos];
		size_t n = strcspn(word, ";");

		if (*pos != first) {
			if (*d != ' ')
				return false;
			d++;
		}
		if (strncmp(d, word, n))
			return false;
		d += n;
		if (word[n] == ';') {
			(*pos)++;
			return word[n + 1] == '\0' && *d == '\0';
		}
	}
	return *d == '\0';
}

/**
 * ue_fields_match - does a request name the fields of an existing event?
 * @fields: the existing event's fields
 * @argc: number of words of the request's field text
 * @argv: the words (ue_fields_split() for a registration, argv_split()
 *	for a dynamic_events delete)
 *
 * No words match only an event without fields.  Otherwise every field, in
 * order, must be spelt by the next words as described at the top of this
 * file, and no word may be left over.  Any context; no allocation.
 *
 * Return: true when they match.
 */
bool ue_fields_match(const struct ue_fields *fields, int argc,
		     const char **argv)
{
	unsigned int i;
	int pos = 0;

	if (argc == 0)
		return fields->n == 0;

	for (i = 0; i < fields->n; i++) {
		if (!ue_decl_match(fields->f[i].decl, argc, argv, &pos))
			return false;
	}
	return pos == argc;
}

/**
 * ue_fields_show - print the fields as dynamic_events lists them
 * @m: the seq_file
 * @fields: the event's fields
 *
 * Prints "<type> <name>[ <size>]" per field, separated by "; ", e.g.
 * "u32 count; char[20] msg; struct foo bar 20": what follows "u:NAME "
 * (the caller prints that space only when @fields->n is not 0).  Types and
 * names are shown as registered; a struct size as a decimal number.
 */
void ue_fields_show(struct seq_file *m, const struct ue_fields *fields)
{
	unsigned int i;

	for (i = 0; i < fields->n; i++) {
		if (i)
			seq_puts(m, "; ");
		seq_puts(m, fields->f[i].decl);
	}
}
