/* SPDX-License-Identifier: GPL-2.0 */
/*
 * user_events: the field list of an event description.
 *
 * A description is "name[ field[;field...]]"; this file is about what
 * follows the first space: turning it into the record layout of the event
 * (types, packed offsets from 8, sizes, signedness, filter types, which
 * fields are validated on write), the print fmt of its format file, the
 * text shown after "u:NAME " in dynamic_events, and the textual matching
 * that decides whether a registration names an existing event.
 *
 * Contract:
 *   - ue_fields_parse() either returns 0 with a complete, immutable object
 *     or an error with *out set to NULL; the object owns every string its
 *     fields point to and lives until ue_fields_free();
 *   - the accepted grammar is the upstream 6.12 one, quirks included;
 *     user_events_fields.c lists the quirks and the few deviations (a
 *     struct size of 2^31 or more, and offsets or a total size beyond
 *     INT_MAX, are -EINVAL where upstream returns garbage);
 *   - ue_fields_split() returns a vector for argv_free();
 *   - matching and showing never allocate, so they cannot fail.
 *
 * Contexts: parse and split allocate with GFP_KERNEL_ACCOUNT and may
 * sleep (process context).  A parsed object is never written again, so
 * any number of readers may use it concurrently without a lock; its owner
 * frees it once no reader can reach it.
 */
#ifndef _KERNEL_TRACE_USER_EVENTS_FIELDS_H
#define _KERNEL_TRACE_USER_EVENTS_FIELDS_H

#include <linux/types.h>

struct seq_file;

/* Record offset of the first field: right after struct trace_entry. */
#define UE_FIELDS_START		8U

/* Largest N accepted in "char[N]" / "unsigned char[N]". */
#define UE_ARRAY_MAX		1024U

/* Dynamic fields: a u32 "loc" word in the record pointing at the data. */
enum ue_loc {
	UE_LOC_NONE,		/* a static field */
	UE_LOC_DATA,		/* __data_loc: offset from the record start */
	UE_LOC_REL,		/* __rel_loc: offset from the end of the word */
};

/**
 * struct ue_field - one field of a user event
 * @type: as written: "u32", "unsigned int", "char[20]", "__rel_loc char[]",
 *	"struct foo"
 * @name: as written (may be empty: "u32 " is accepted upstream)
 * @decl: the canonical text "<type> <name>", plus " <size>" (decimal) for a
 *	struct; what dynamic_events shows and what matching compares
 * @offset: in the record; the first field is at UE_FIELDS_START
 * @size: bytes in the record (4 for a loc field)
 * @len: N for char[N] / unsigned char[N], else 0
 * @struct_size: the size of a struct field, else 0
 * @is_signed: the type does not start with 'u' (upstream's rule)
 * @is_struct: declared as "struct <word> <name> <size>"
 * @loc: whether, and how, the field locates dynamic data
 * @loc_str: a loc field whose type contains "char": its data must end in
 *	a NUL byte
 * @filter_type: a FILTER_* value of <linux/trace_events.h>
 * @print: the field's conversion in the print fmt ("%u", "%lld", "%s", ...)
 */
struct ue_field {
	const char	*type;
	const char	*name;
	const char	*decl;
	unsigned int	offset;
	unsigned int	size;
	unsigned int	len;
	unsigned int	struct_size;
	bool		is_signed;
	bool		is_struct;
	enum ue_loc	loc;
	bool		loc_str;
	int		filter_type;
	const char	*print;
};

/**
 * struct ue_fields - the parsed field list of a user event
 * @n: number of fields
 * @min_size: sum of the field sizes: the least payload a write carries
 *	after its index
 * @has_locs: a field locates dynamic data (a write must be checked)
 * @print_fmt: the event's print fmt, e.g.
 *	"\"count=%u msg=%s\", REC->count, REC->msg"; "\"\"" when @n is 0
 * @text: private: the split copy of the description @type and @name
 *	point into
 * @f: the fields, in declaration order
 */
struct ue_fields {
	unsigned int	n;
	unsigned int	min_size;
	bool		has_locs;
	char		*print_fmt;
	char		*text;
	struct ue_field	f[];
};

int ue_fields_parse(const char *text, struct ue_fields **out);
void ue_fields_free(struct ue_fields *fields);
char **ue_fields_split(const char *text, int *argc);
bool ue_fields_match(const struct ue_fields *fields, int argc,
		     const char **argv);
void ue_fields_show(struct seq_file *m, const struct ue_fields *fields);

#endif /* _KERNEL_TRACE_USER_EVENTS_FIELDS_H */
