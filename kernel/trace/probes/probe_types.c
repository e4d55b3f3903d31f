// SPDX-License-Identifier: GPL-2.0
/*
 * The TYPEs of the fetch-argument language (probe_arg.h): what each one
 * stores, what the format file calls it, how the print fmt and the trace
 * line show it.  The names, sizes, format-file types and conversions are
 * 6.12's, which tools read from the format files.
 *
 * Contexts: lookups in process context; printing in the reader's.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/trace_seq.h>

#include "probe_arg.h"

/* The default type: a hexadecimal word. */
#define PROBE_TYPE_DEFAULT	(BITS_PER_LONG == 64 ? "x64" : "x32")

#define PT_NUM(n, ft, f, sz, k, sg) \
	{ .name = n, .fmttype = ft, .fmt = f, .size = sz, .kind = k, \
	  .is_signed = sg }
/* A string's data_loc reads as signed in the format, as 6.12 has it. */
#define PT_STR(n) \
	{ .name = n, .fmttype = "__data_loc char[]", .fmt = "\\\"%s\\\"", \
	  .size = sizeof(u32), .kind = PROBE_KIND_STRING, .is_signed = true, \
	  .is_string = true }

static const struct probe_argtype probe_types[] = {
	PT_STR("string"),
	PT_STR("ustring"),
	PT_STR("symstr"),
	PT_NUM("u8", "u8", "%u", 1, PROBE_KIND_UNSIGNED, false),
	PT_NUM("u16", "u16", "%u", 2, PROBE_KIND_UNSIGNED, false),
	PT_NUM("u32", "u32", "%u", 4, PROBE_KIND_UNSIGNED, false),
	PT_NUM("u64", "u64", "%Lu", 8, PROBE_KIND_UNSIGNED, false),
	PT_NUM("s8", "s8", "%d", 1, PROBE_KIND_SIGNED, true),
	PT_NUM("s16", "s16", "%d", 2, PROBE_KIND_SIGNED, true),
	PT_NUM("s32", "s32", "%d", 4, PROBE_KIND_SIGNED, true),
	PT_NUM("s64", "s64", "%Ld", 8, PROBE_KIND_SIGNED, true),
	PT_NUM("x8", "u8", "0x%x", 1, PROBE_KIND_HEX, false),
	PT_NUM("x16", "u16", "0x%x", 2, PROBE_KIND_HEX, false),
	PT_NUM("x32", "u32", "0x%x", 4, PROBE_KIND_HEX, false),
	PT_NUM("x64", "u64", "0x%Lx", 8, PROBE_KIND_HEX, false),
	PT_NUM("char", "u8", "'%c'", 1, PROBE_KIND_CHAR, false),
	PT_NUM("symbol", BITS_PER_LONG == 64 ? "u64" : "u32", "%pS",
	       sizeof(long), PROBE_KIND_SYMBOL, false),
};

/**
 * probe_type_find - the type named @name
 * @name: as written after ':'; NULL for the default.  A bitfield
 *	"b<width>@<offset>/<container>" is its container's unsigned type.
 * @where: enum probe_where: user probes have no symbol or symstr
 *
 * Return: the type, or NULL for an unknown one.
 */
const struct probe_argtype *probe_type_find(const char *name, unsigned int where)
{
	unsigned long bits;
	const char *slash;
	unsigned int i;

	if (!name)
		name = PROBE_TYPE_DEFAULT;
	if ((where & PROBE_USER) &&
	    (!strcmp(name, "symbol") || !strcmp(name, "symstr")))
		return NULL;
	if (name[0] == 'b') {
		slash = strchr(name, '/');
		if (!slash || kstrtoul(slash + 1, 0, &bits))
			return NULL;
		switch (bits) {
		case 8:
			return probe_type_find("u8", where);
		case 16:
			return probe_type_find("u16", where);
		case 32:
			return probe_type_find("u32", where);
		case 64:
			return probe_type_find("u64", where);
		default:
			return NULL;
		}
	}
	for (i = 0; i < ARRAY_SIZE(probe_types); i++)
		if (!strcmp(name, probe_types[i].name))
			return &probe_types[i];
	return NULL;
}

/* A value of @size bytes at @p, zero- or sign-extended. */
static u64 probe_load(const void *p, unsigned int size, bool sign)
{
	switch (size) {
	case 1:
		return sign ? (u64)*(const s8 *)p : *(const u8 *)p;
	case 2:
		return sign ? (u64)*(const s16 *)p : *(const u16 *)p;
	case 4:
		return sign ? (u64)*(const s32 *)p : *(const u32 *)p;
	default:
		return *(const u64 *)p;
	}
}

/* One value of @t at @field of @rec, as the trace line shows it. */
static void probe_print_one(struct trace_seq *s, const struct probe_argtype *t,
			    const void *field, const void *rec)
{
	u64 v = probe_load(field, t->size, t->is_signed);
	u32 loc;

	switch (t->kind) {
	case PROBE_KIND_UNSIGNED:
		trace_seq_printf(s, "%llu", v);
		break;
	case PROBE_KIND_SIGNED:
		trace_seq_printf(s, "%lld", (s64)v);
		break;
	case PROBE_KIND_HEX:
		trace_seq_printf(s, "0x%llx", v);
		break;
	case PROBE_KIND_CHAR:
		trace_seq_printf(s, "'%c'", (char)v);
		break;
	case PROBE_KIND_SYMBOL:
		trace_seq_printf(s, "%pS", (void *)(unsigned long)v);
		break;
	case PROBE_KIND_STRING:
		/* an empty data_loc is a string that could not be read */
		loc = *(const u32 *)field;
		if (!(loc >> 16))
			trace_seq_puts(s, "(fault)");
		else
			trace_seq_printf(s, "\"%s\"",
					 (const char *)rec + (loc & 0xffff));
		break;
	}
}

/**
 * probe_args_print - the arguments part of a trace line
 * @s: where to print
 * @args: the event's arguments
 * @n: how many
 * @fields: the record's fixed part after the head
 * @rec: the record (string data_loc offsets count from it)
 *
 * Prints " NAME=VALUE" per argument; an array as "{V,V,...}".
 * Return: false once @s has overflowed.
 */
bool probe_args_print(struct trace_seq *s, const struct probe_arg *args,
		      unsigned int n, const void *fields, const void *rec)
{
	const struct probe_arg *a;
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		a = &args[i];
		trace_seq_printf(s, " %s=", a->name);
		if (!a->count) {
			probe_print_one(s, a->type, fields + a->offset, rec);
			continue;
		}
		trace_seq_putc(s, '{');
		for (j = 0; j < a->count; j++) {
			if (j)
				trace_seq_putc(s, ',');
			probe_print_one(s, a->type,
					fields + a->offset + j * a->type->size,
					rec);
		}
		trace_seq_putc(s, '}');
	}
	return !trace_seq_has_overflowed(s);
}

/* snprintf() into @buf at *@pos, counting what does not fit. */
static __printf(4, 5) void probe_fmt_add(char *buf, int len, int *pos,
					 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	*pos += vsnprintf(buf ? buf + *pos : NULL,
			  buf && *pos < len ? len - *pos : 0, fmt, ap);
	va_end(ap);
}

/**
 * probe_print_fmt - the print fmt of a probe event
 * @buf: where to write it (NULL: only count)
 * @len: bytes of @buf
 * @head_fmt: the head's conversions ("(%lx)", "(%lx <- %lx)", "")
 * @head_args: the head's values (", REC->__probe_ip", ...)
 * @args: the arguments
 * @n: how many
 *
 * "\"HEAD NAME=FMT...\", HEAD_ARGS, REC->NAME...": each string with
 * __get_str(NAME), each array element by index, as 6.12 writes it.
 * Return: its length, without the NUL.
 */
int probe_print_fmt(char *buf, int len, const char *head_fmt,
		    const char *head_args, const struct probe_arg *args,
		    unsigned int n)
{
	const struct probe_arg *a;
	unsigned int i, j;
	int pos = 0;

	probe_fmt_add(buf, len, &pos, "\"%s", head_fmt);
	for (i = 0; i < n; i++) {
		a = &args[i];
		probe_fmt_add(buf, len, &pos, " %s=", a->name);
		if (!a->count) {
			probe_fmt_add(buf, len, &pos, "%s", a->type->fmt);
			continue;
		}
		for (j = 0; j < a->count; j++)
			probe_fmt_add(buf, len, &pos, "%c%s", j ? ',' : '{',
				      a->type->fmt);
		probe_fmt_add(buf, len, &pos, "}");
	}
	probe_fmt_add(buf, len, &pos, "\"%s", head_args);
	for (i = 0; i < n; i++) {
		a = &args[i];
		for (j = 0; j < (a->count ?: 1); j++) {
			if (a->is_string)
				probe_fmt_add(buf, len, &pos, ", __get_str(%s",
					      a->name);
			else
				probe_fmt_add(buf, len, &pos, ", REC->%s",
					      a->name);
			if (a->count)
				probe_fmt_add(buf, len, &pos, "[%u]", j);
			if (a->is_string)
				probe_fmt_add(buf, len, &pos, ")");
		}
	}
	return pos;
}
