// SPDX-License-Identifier: GPL-2.0
/*
 * The names a filter may use, and the message table.
 *
 * A filter names the fields of its event (struct fprog_schema, given by
 * the caller) and a few generic names that exist for every event: the
 * running CPU (CPU, cpu, common_cpu), the running task's name (COMM,
 * comm) and STACKTRACE/stacktrace, which histograms use and filters
 * accept as an integer for compatibility.  The event's own fields are
 * looked up first, so an event with a field called "cpu" gets its field.
 *
 * fprog_field_kind_of() maps a C type, as the format file prints it, to a
 * field kind, so that the registry can build its table from the types
 * TRACE_EVENT gives it.
 *
 * Everything here is read-only data or pure functions: any context.
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/sprintf.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "filter.h"
#include "filter_prog.h"

static const struct fprog_field fprog_generic[] = {
	{ .name = "CPU", .size = sizeof(int), .kind = FPROG_FIELD_CPU,
	  .is_signed = true },
	{ .name = "cpu", .size = sizeof(int), .kind = FPROG_FIELD_CPU,
	  .is_signed = true },
	{ .name = "common_cpu", .size = sizeof(int), .kind = FPROG_FIELD_CPU,
	  .is_signed = true },
	{ .name = "COMM", .size = sizeof(char *), .kind = FPROG_FIELD_COMM },
	{ .name = "comm", .size = sizeof(char *), .kind = FPROG_FIELD_COMM },
	{ .name = "STACKTRACE", .size = sizeof(char *),
	  .kind = FPROG_FIELD_STACKTRACE },
	{ .name = "stacktrace", .size = sizeof(char *),
	  .kind = FPROG_FIELD_STACKTRACE },
};

static const struct fprog_field *fprog_scan(const struct fprog_field *fields,
					    unsigned int nr, const char *name,
					unsigned int len)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strncmp(fields[i].name, name, len) && !fields[i].name[len])
			return &fields[i];
	return NULL;
}

/* @name is not NUL-terminated: @len bytes of the filter text. */
const struct fprog_field *fprog_find_field(const struct fprog_schema *schema,
					   const char *name, unsigned int len)
{
	const struct fprog_field *field;

	field = fprog_scan(schema->fields, schema->nr_fields, name, len);
	if (!field)
		field = fprog_scan(fprog_generic, ARRAY_SIZE(fprog_generic), name,
				   len);
	return field;
}

/**
 * fprog_field_kind_of - the filter kind of a field of C type @type
 * @type: the type as TRACE_EVENT records it ("__data_loc char[]",
 *	  "char[16]", "const char *", "unsigned long", ...)
 *
 * Strings are recognised by "char" together with "__data_loc",
 * "__rel_loc" or an array bracket, or by exactly "char *" and
 * "const char *"; "__data_loc cpumask_t" is a CPU set; everything else
 * is an integer (of a size the caller gives in struct fprog_field).
 */
enum fprog_field_kind fprog_field_kind_of(const char *type)
{
	bool has_char = strstr(type, "char");

	if (strstr(type, "__data_loc")) {
		if (has_char)
			return FPROG_FIELD_DATA_LOC_STR;
		if (strstr(type, "cpumask_t"))
			return FPROG_FIELD_CPUMASK;
	}
	if (has_char && strstr(type, "__rel_loc"))
		return FPROG_FIELD_REL_LOC_STR;
	if (has_char && strchr(type, '['))
		return FPROG_FIELD_CHAR_ARRAY;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return FPROG_FIELD_PTR_STR;
	return FPROG_FIELD_INT;
}

struct fprog_msg_entry {
	enum fprog_msg	id;
	const char	*text;
};

/* In enum fprog_msg order: both come from filter_msg.h. */
#define FPROG_MSG(name, message)	{ .id = FPROG_MSG_##name, .text = message },
static const struct fprog_msg_entry fprog_msg_table[] = {
#include "filter_msg.h"
};

#undef FPROG_MSG

static_assert(ARRAY_SIZE(fprog_msg_table) == FPROG_MSG_COUNT);

/**
 * fprog_msg_text - the error_log text of @msg
 * @msg: from struct fprog_error
 *
 * Return: a static string, never NULL ("Error" for out-of-range values).
 */
const char *fprog_msg_text(enum fprog_msg msg)
{
	if ((unsigned int)msg >= FPROG_MSG_COUNT)
		msg = FPROG_MSG_ERRNO;
	return fprog_msg_table[msg].text;
}

/**
 * fprog_format_error - the text an event's "filter" file shows after a
 *		      refused write
 * @buf:  where to write it
 * @size: size of @buf
 * @text: the filter text given to fprog_compile()
 * @err:  the error fprog_compile() returned
 *
 * The filter string becomes the text, a caret line and
 * "parse_error: <message>", or "Error: (0)" when the compiler recorded no
 * message; reading the file prints that string and a newline.  The
 * caret is clamped to the end of the text.
 *
 * Return: as snprintf(): the length the whole string needs.
 */
int fprog_format_error(char *buf, size_t size, const char *text,
		       const struct fprog_error *err)
{
	size_t len = strlen(text);
	int col = min_t(size_t, err->pos, len);

	if (err->msg == FPROG_MSG_ERRNO || err->msg == FPROG_MSG_NONE)
		return snprintf(buf, size, "%s\nError: (0)\n", text);
	/* "%*s" right-aligns: one more column puts '^' under byte @col. */
	if (col)
		col++;
	return snprintf(buf, size, "%s\n%*s\nparse_error: %s\n", text, col,
			"^", fprog_msg_text(err->msg));
}

/* Record the first error of a compile; returns @err for tail calls. */
int fprog_fail(struct fprog_cc *cc, int err, enum fprog_msg msg, unsigned int pos)
{
	if (!cc->error->err) {
		cc->error->err = err;
		cc->error->msg = msg;
		cc->error->pos = pos;
	}
	return err;
}
