// SPDX-License-Identifier: GPL-2.0
/*
 * The definition language of synthetic events (synth_event.h has the
 * object; Documentation/trace/histogram.rst, "Synthetic Events", the
 * user's view):
 *
 *	NAME FIELD[; FIELD]...
 *	FIELD := [unsigned] TYPE FIELDNAME[[N]]  |  [unsigned] TYPE[[N]] FIELDNAME
 *
 * The text after NAME is cut at each ';' into pieces, and each piece at
 * white space into words; a piece may hold several fields one after the
 * other ("u64 lat pid_t pid" is two), empty pieces are skipped.  TYPE is
 * one of the scalar types of synth_types[], "char[N]" (a string of at
 * most N bytes, N up to 256, written in C's bases), "char[]" (a string
 * of any length) or "long[]" (a stack trace); "unsigned" takes the next
 * word as the rest of the type.  A name is a C identifier.
 *
 * Every refusal is logged to the top instance's error_log under
 * "synthetic_events", with the caret where 6.12 puts it: at the first
 * occurrence in the command of the word at fault (err_pos()), or at 0.
 *
 * Contexts: process context; allocates with GFP_KERNEL.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "messages/trace_errlog.h"
#include "synth_event.h"

/* error_log texts, 6.12's words; the order is ours. */
enum synth_error {
	SYNTH_ERR_BAD_NAME,
	SYNTH_ERR_INVALID_CMD,
	SYNTH_ERR_INVALID_DYN_CMD,
	SYNTH_ERR_EVENT_EXISTS,
	SYNTH_ERR_TOO_MANY_FIELDS,
	SYNTH_ERR_INCOMPLETE_TYPE,
	SYNTH_ERR_INVALID_TYPE,
	SYNTH_ERR_INVALID_FIELD,
	SYNTH_ERR_INVALID_ARRAY_SPEC,
	SYNTH_ERR_COUNT
};

static const char *synth_err_text[SYNTH_ERR_COUNT] = {
	[SYNTH_ERR_BAD_NAME]		= "Illegal name",
	[SYNTH_ERR_INVALID_CMD]		=
		"Command must be of the form: <name> field[;field] ...",
	[SYNTH_ERR_INVALID_DYN_CMD]	=
		"Command must be of the form: s or -:[synthetic/]<name> field[;field] ...",
	[SYNTH_ERR_EVENT_EXISTS]	= "Event already exists",
	[SYNTH_ERR_TOO_MANY_FIELDS]	= "Too many fields",
	[SYNTH_ERR_INCOMPLETE_TYPE]	= "Incomplete type",
	[SYNTH_ERR_INVALID_TYPE]	= "Invalid type",
	[SYNTH_ERR_INVALID_FIELD]	= "Invalid field",
	[SYNTH_ERR_INVALID_ARRAY_SPEC]	= "Invalid array specification",
};

/* Log @err for @cmd with the caret under @word (NULL: at 0). */
static void synth_err(const char *cmd, enum synth_error err, const char *word)
{
	unsigned int pos = word ? err_pos((char *)cmd, word) : 0;

	tracing_log_err(NULL, "synthetic_events", cmd, synth_err_text, err, pos);
}

/* The form of every command is wrong: "Command must be of the form". */
void synth_err_cmd(const char *cmd)
{
	synth_err(cmd, SYNTH_ERR_INVALID_CMD, NULL);
}

/* The "s:" form is wrong (a group other than "synthetic"). */
void synth_err_dyn_cmd(const char *cmd)
{
	synth_err(cmd, SYNTH_ERR_INVALID_DYN_CMD, NULL);
}

/* Scalar types: their size, and their conversion in the print fmt. */
static const struct synth_type {
	const char	*name;
	unsigned int	size;
	const char	*fmt;
} synth_types[] = {
	{ "s64",		sizeof(s64),		"%lld" },
	{ "u64",		sizeof(u64),		"%llu" },
	{ "s32",		sizeof(s32),		"%d" },
	{ "u32",		sizeof(u32),		"%u" },
	{ "s16",		sizeof(s16),		"%d" },
	{ "u16",		sizeof(u16),		"%u" },
	{ "s8",			sizeof(s8),		"%d" },
	{ "u8",			sizeof(u8),		"%u" },
	{ "char",		sizeof(char),		"%d" },
	{ "unsigned char",	sizeof(unsigned char),	"%u" },
	{ "int",		sizeof(int),		"%d" },
	{ "unsigned int",	sizeof(unsigned int),	"%u" },
	{ "long",		sizeof(long),		"%ld" },
	{ "unsigned long",	sizeof(unsigned long),	"%lu" },
	{ "bool",		sizeof(bool),		"%d" },
	{ "pid_t",		sizeof(pid_t),		"%d" },
	{ "gfp_t",		sizeof(gfp_t),		"%x" },
};

static const struct synth_type *synth_scalar(const char *type)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(synth_types); i++)
		if (!strcmp(type, synth_types[i].name))
			return &synth_types[i];
	return NULL;
}

static bool synth_is_string(const char *type)
{
	return strstr(type, "char[");
}

static bool synth_is_stack(const char *type)
{
	return strstr(type, "long[");
}

/*
 * The N of a string type "...char[N]": 0 for "char[]"; -EINVAL unless
 * the type ends at the first ']', N has at most 3 characters and is at
 * most SYNTH_STR_MAX.
 */
static int synth_string_size(const char *type)
{
	const char *start = strstr(type, "char[");
	const char *end = strchr(type, ']');
	char num[4];
	unsigned int n;

	if (!start)
		return -EINVAL;
	start += strlen("char[");
	if (!end || end < start || end[1] || end - start > 3)
		return -EINVAL;
	if (end == start)
		return 0;
	memcpy(num, start, end - start);
	num[end - start] = '\0';
	if (kstrtouint(num, 0, &n) || n > SYNTH_STR_MAX)
		return -EINVAL;
	return n;
}

/**
 * synth_type_size - the bytes a field of @type takes
 * @type: a whole type, "unsigned int", "char[16]", "long[]"
 *
 * Return: the size; 0 for a variable-length type ("char[]", "long[]")
 * and for a type that is not one; -EINVAL for a bad string length.
 */
int synth_type_size(const char *type)
{
	const struct synth_type *t = synth_scalar(type);

	if (t)
		return t->size;
	if (synth_is_string(type))
		return synth_string_size(type);
	return 0;
}

/* A C identifier. */
static bool synth_good_name(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

/*
 * Parse one field from @argv (@argc words left, NULL after the last) into
 * @f; add the words it used to *@used.  Logs the refusal.
 */
static int synth_parse_field(const char *cmd, int argc, char **argv,
			     int *used, struct synth_field *f)
{
	const char *prefix = "", *type = argv[0], *name, *array;
	const struct synth_type *t;
	int size;

	if (!strcmp(type, "unsigned")) {
		if (argc < 3) {
			synth_err(cmd, SYNTH_ERR_INCOMPLETE_TYPE, type);
			return -EINVAL;
		}
		prefix = "unsigned ";
		type = argv[1];
		name = argv[2];
		*used += 3;
	} else {
		name = argv[1];
		*used += 2;
	}
	if (!name) {
		synth_err(cmd, SYNTH_ERR_INVALID_FIELD, type);
		return -EINVAL;
	}

	array = strchr(name, '[');
	f->name = kstrndup(name, array ? array - name : strlen(name),
			   GFP_KERNEL);
	if (!f->name)
		return -ENOMEM;
	if (!synth_good_name(f->name)) {
		synth_err(cmd, SYNTH_ERR_BAD_NAME, name);
		return -EINVAL;
	}
	f->type = kasprintf(GFP_KERNEL, "%s%s%s", prefix, type,
			    array ?: "");
	if (!f->type)
		return -ENOMEM;

	size = synth_type_size(f->type);
	if (size < 0) {
		synth_err(cmd, array ? SYNTH_ERR_INVALID_ARRAY_SPEC :
			  SYNTH_ERR_INVALID_TYPE, array ? name : type);
		return -EINVAL;
	}
	f->is_string = synth_is_string(f->type);
	f->is_stack = !f->is_string && synth_is_stack(f->type);
	if (!size) {
		char *dyn;

		if (!f->is_string && !f->is_stack) {
			synth_err(cmd, SYNTH_ERR_INVALID_TYPE, type);
			return -EINVAL;
		}
		dyn = kasprintf(GFP_KERNEL, "__data_loc %s", f->type);
		if (!dyn)
			return -ENOMEM;
		kfree(f->type);
		f->type = dyn;
		f->is_dynamic = true;
		size = sizeof(u64);
	}
	f->size = size;
	f->is_signed = !str_has_prefix(f->type, "u") &&
		       strcmp(f->type, "gfp_t");
	f->is_gfp = !strcmp(f->type, "gfp_t");
	t = synth_scalar(f->type);
	f->fmt = t ? t->fmt : "%s";
	return 0;
}

static void synth_field_free(struct synth_field *f)
{
	kfree(f->type);
	kfree(f->name);
}

/**
 * synth_free - free an event that is not registered (or no longer)
 * @se: the event, or NULL
 */
void synth_free(struct synth_event *se)
{
	unsigned int i;

	if (!se)
		return;
	for (i = 0; i < se->n_fields; i++)
		synth_field_free(&se->fields[i]);
	kfree(se->call.print_fmt);
	kfree(se->name);
	kfree(se);
}

/* Parse the fields of @text into @f (room for SYNTH_FIELDS_MAX + 1). */
static int synth_parse_fields(const char *cmd, const char *text,
			      struct synth_field *f, unsigned int *n)
{
	char *copy, *rest, *piece, **argv;
	int argc, used, ret = 0;

	copy = kstrdup(text, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	rest = copy;
	while (!ret && (piece = strsep(&rest, ";"))) {
		argv = argv_split(GFP_KERNEL, piece, &argc);
		if (!argv) {
			ret = -ENOMEM;
			break;
		}
		for (used = 0; !ret && used < argc; ) {
			/* a failed field's strings are freed with the rest */
			ret = synth_parse_field(cmd, argc - used, argv + used,
						&used, &f[(*n)++]);
			if (!ret && *n > SYNTH_FIELDS_MAX) {
				synth_err(cmd, SYNTH_ERR_TOO_MANY_FIELDS, NULL);
				ret = -EINVAL;
			}
		}
		argv_free(argv);
	}
	kfree(copy);
	return ret;
}

/* Where each field sits in the record (synth_event.h). */
static void synth_layout(struct synth_event *se)
{
	struct synth_field *f;
	unsigned int i;

	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		f->slot = se->n_u64;
		if (f->is_string && !f->is_dynamic)
			se->n_u64 += SYNTH_STR_MAX / sizeof(u64);
		else
			se->n_u64++;
		se->n_dynamic += f->is_dynamic;
	}
}

/**
 * synth_parse - make an event (not registered) from a definition
 * @cmd: the whole command, for error_log
 * @name: the event's name
 * @fields: the text of its fields
 *
 * Return: the event, or an ERR_PTR (-EINVAL, logged; -ENOMEM).
 */
struct synth_event *synth_parse(const char *cmd, const char *name,
				const char *fields)
{
	struct synth_field *f;
	struct synth_event *se = NULL;
	unsigned int n = 0, i;
	int ret;

	f = kcalloc(SYNTH_FIELDS_MAX + 1, sizeof(*f), GFP_KERNEL);
	if (!f)
		return ERR_PTR(-ENOMEM);
	ret = synth_parse_fields(cmd, fields, f, &n);
	if (!ret && !n) {
		synth_err(cmd, SYNTH_ERR_INVALID_CMD, NULL);
		ret = -EINVAL;
	}
	if (!ret) {
		se = kzalloc(struct_size(se, fields, n), GFP_KERNEL);
		if (se)
			se->name = kstrdup(name, GFP_KERNEL);
		if (!se || !se->name)
			ret = -ENOMEM;
	}
	if (ret) {
		for (i = 0; i < n; i++)
			synth_field_free(&f[i]);
		kfree(f);
		kfree(se);
		return ERR_PTR(ret);
	}
	se->n_fields = n;
	memcpy(se->fields, f, n * sizeof(*f));
	kfree(f);
	synth_layout(se);
	return se;
}

/**
 * synth_check_name - may @name name a new event?
 * @cmd: the whole command, for error_log
 * @name: the name
 *
 * Return: 0, or -EINVAL (logged).
 */
int synth_check_name(const char *cmd, const char *name)
{
	if (!*name) {
		synth_err(cmd, SYNTH_ERR_INVALID_CMD, NULL);
		return -EINVAL;
	}
	if (!synth_good_name(name)) {
		synth_err(cmd, SYNTH_ERR_BAD_NAME, name);
		return -EINVAL;
	}
	return 0;
}

/* An event of @name exists: logged, -EEXIST. */
int synth_err_exists(const char *cmd, const char *name)
{
	synth_err(cmd, SYNTH_ERR_EVENT_EXISTS, name);
	return -EEXIST;
}

/**
 * synth_check_command - is @body shaped like a command at all?
 * @cmd: the whole command, for error_log
 * @body: "NAME FIELD..." or "!NAME ..."
 *
 * The part before the first ';' must have three words (a name and a
 * field's type and name), unless it is a delete.  Return: 0, or -EINVAL
 * (logged).
 */
int synth_check_command(const char *cmd, const char *body)
{
	const char *semi = strchr(body, ';');
	char *head, **argv;
	int argc;

	if (body[0] == '!')
		return 0;
	head = kstrndup(body, semi ? semi - body : strlen(body), GFP_KERNEL);
	if (!head)
		return -ENOMEM;
	argv = argv_split(GFP_KERNEL, head, &argc);
	kfree(head);
	if (!argv)
		return -ENOMEM;
	argv_free(argv);
	if (argc < 3) {
		synth_err(cmd, SYNTH_ERR_INVALID_CMD, NULL);
		return -EINVAL;
	}
	return 0;
}

/*
 * The print fmt: "\"lat=%llu, comm=%s\", REC->lat, REC->comm", with
 * __get_str() for a "char[]" and __get_stacktrace() for a stack.
 */
int synth_print_fmt(struct synth_event *se)
{
	const struct synth_field *f;
	struct seq_buf s;
	size_t len = 4;
	unsigned int i;
	char *buf;

	for (i = 0; i < se->n_fields; i++)
		len += 2 * strlen(se->fields[i].name) +
		       strlen(se->fields[i].fmt) + sizeof(", __get_stacktrace()") +
		       sizeof("=, ");
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	seq_buf_init(&s, buf, len);
	seq_buf_putc(&s, '"');
	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		seq_buf_printf(&s, "%s%s=%s", i ? ", " : "", f->name, f->fmt);
	}
	seq_buf_putc(&s, '"');
	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		if (f->is_string && f->is_dynamic)
			seq_buf_printf(&s, ", __get_str(%s)", f->name);
		else if (f->is_stack)
			seq_buf_printf(&s, ", __get_stacktrace(%s)", f->name);
		else
			seq_buf_printf(&s, ", REC->%s", f->name);
	}
	if (WARN_ON_ONCE(seq_buf_has_overflowed(&s))) {
		kfree(buf);
		return -E2BIG;
	}
	seq_buf_str(&s);
	se->call.print_fmt = buf;
	return 0;
}

/*
 * The fields as the files show them: "u64 lat; char[16] comm", the
 * "__data_loc " of a variable-length type left out.
 */
void synth_show_fields(struct seq_file *m, const struct synth_event *se)
{
	const char *type;
	unsigned int i;

	for (i = 0; i < se->n_fields; i++) {
		type = se->fields[i].type;
		if (str_has_prefix(type, "__data_loc "))
			type += strlen("__data_loc ");
		seq_printf(m, "%s%s %s", i ? "; " : "", type,
			   se->fields[i].name);
	}
}
