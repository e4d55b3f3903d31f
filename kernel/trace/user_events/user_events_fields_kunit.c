// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "user_events_fields": the user_events field description
 * parser (user_events_fields.c), driven by tables:
 *
 * - types: every accepted type alone, with its size, array length,
 *   signedness, kind, loc flags, filter type and print conversion, at
 *   offset 8;
 * - layout: packed offsets, names and min_size of mixed lists, and how a
 *   list is cut into fields (';' spacing, empty pieces, whitespace);
 * - print_fmt: the exact strings the upstream selftest ftrace_test
 *   (print_fmt case) reads from the format file, and a few more;
 * - invalid: each malformed list gives -EINVAL and no object (the
 *   dyn_test basic_types / size_types refusals among them);
 * - quirks: odd spellings upstream accepts, kept for the ABI;
 * - split and match: ue_fields_split()'s words, then matching for a
 *   registration and for a dynamic_events delete (dyn_test "matching"
 *   and the rules of the user_events spec, 2.6 and 6.2);
 * - show: the text dynamic_events prints after "u:NAME ".
 *
 * Runs at boot with the other built-in suites (process context).  No
 * event is registered; every object is freed by a KUnit action.
 */
#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>

#include "user_events_fields.h"

#define UEF_MAX_FIELDS	8
#define UEF_BUF		256

KUNIT_DEFINE_ACTION_WRAPPER(uef_free_action, ue_fields_free,
			    struct ue_fields *);

/* Parse @text, which must be accepted; freed when the test ends. */
static struct ue_fields *uef_parse(struct kunit *test, const char *text)
{
	struct ue_fields *fields;
	int ret;

	ret = ue_fields_parse(text, &fields);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "parsing \"%s\"", text);
	KUNIT_ASSERT_NOT_NULL(test, fields);
	ret = kunit_add_action_or_reset(test, uef_free_action, fields);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return fields;
}

/* ---- every accepted type ------------------------------------------------ */

/* How a type is declared, and so what else is expected of the field. */
enum uef_kind {
	UEF_SCALAR,	/* "<type> data" */
	UEF_ARRAY,	/* "<type> data", len == size */
	UEF_LOC,	/* "<type> data", size 4, signed (starts with '_') */
	UEF_STRUCT,	/* "<type> data <size>", struct_size == size */
};

struct uef_type_case {
	const char	*type;
	enum uef_kind	kind;
	unsigned int	size;
	bool		is_signed;
	enum ue_loc	loc;
	bool		loc_str;
	int		filter_type;
	const char	*print;
};

#define UEF_NUM(t, sz, sgn, fmt)					\
	{ t, UEF_SCALAR, sz, sgn, UE_LOC_NONE, false, FILTER_OTHER, fmt }
#define UEF_ARRAY(t, n, sgn)						\
	{ t, UEF_ARRAY, n, sgn, UE_LOC_NONE, false,			\
	  FILTER_STATIC_STRING, "%s" }
#define UEF_LOC(t, loc, str, filter, fmt)				\
	{ t, UEF_LOC, 4, true, loc, str, filter, fmt }
#define UEF_STRUCT(t, sz, filter, fmt)					\
	{ t, UEF_STRUCT, sz, true, UE_LOC_NONE, false, filter, fmt }

static const struct uef_type_case uef_types[] = {
	UEF_NUM("s64",			8, true,  "%lld"),
	UEF_NUM("u64",			8, false, "%llu"),
	UEF_NUM("s32",			4, true,  "%d"),
	UEF_NUM("u32",			4, false, "%u"),
	UEF_NUM("int",			4, true,  "%d"),
	UEF_NUM("unsigned int",		4, false, "%u"),
	UEF_NUM("s16",			2, true,  "%d"),
	UEF_NUM("u16",			2, false, "%u"),
	UEF_NUM("short",		2, true,  "%d"),
	UEF_NUM("unsigned short",	2, false, "%u"),
	UEF_NUM("s8",			1, true,  "%d"),
	UEF_NUM("u8",			1, false, "%u"),
	UEF_NUM("char",			1, true,  "%d"),
	UEF_NUM("unsigned char",	1, false, "%u"),

	UEF_ARRAY("char[20]",		20,   true),
	UEF_ARRAY("unsigned char[20]",	20,   false),
	UEF_ARRAY("char[0x14]",		20,   true),
	UEF_ARRAY("unsigned char[0x14]", 20,  false),
	UEF_ARRAY("char[024]",		20,   true),	/* octal */
	UEF_ARRAY("char[1]",		1,    true),
	UEF_ARRAY("char[1024]",		1024, true),
	UEF_ARRAY("char[0x400]",	1024, true),
	UEF_ARRAY("char[4]xyz",		4,    true),	/* tail kept */

	UEF_LOC("__data_loc char[]",	UE_LOC_DATA, true,
		FILTER_DYN_STRING, "%s"),
	UEF_LOC("__data_loc unsigned char[]", UE_LOC_DATA, true,
		FILTER_DYN_STRING, "%s"),
	UEF_LOC("__rel_loc char[]",	UE_LOC_REL, true,
		FILTER_RDYN_STRING, "%s"),
	UEF_LOC("__rel_loc unsigned char[]", UE_LOC_REL, true,
		FILTER_RDYN_STRING, "%s"),
	/* A string without brackets prints as a number. */
	UEF_LOC("__data_loc char",	UE_LOC_DATA, true,
		FILTER_DYN_STRING, "%llu"),
	UEF_LOC("__rel_loc char",	UE_LOC_REL, true,
		FILTER_RDYN_STRING, "%llu"),
	/* Not strings: no NUL check, printed as numbers. */
	UEF_LOC("__data_loc u32[]",	UE_LOC_DATA, false,
		FILTER_OTHER, "%llu"),
	UEF_LOC("__data_loc unsigned int", UE_LOC_DATA, false,
		FILTER_OTHER, "%llu"),
	UEF_LOC("__rel_loc foo",	UE_LOC_REL, false,
		FILTER_OTHER, "%llu"),

	UEF_STRUCT("struct foo",	20, FILTER_OTHER, "%llu"),
	UEF_STRUCT("struct custom",	1, FILTER_OTHER, "%llu"),
	UEF_STRUCT("struct unsigned",	8, FILTER_OTHER, "%llu"),
	UEF_STRUCT("struct big",	2147483647, FILTER_OTHER, "%llu"),
	/* The type decides, as the event core's classifier does. */
	UEF_STRUCT("struct char[4]",	4, FILTER_STATIC_STRING, "%s"),
};

static void uef_each_type(struct kunit *test)
{
	const struct uef_type_case *c;
	const struct ue_field *f;
	struct ue_fields *fields;
	char *text;

	text = kunit_kzalloc(test, UEF_BUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);

	for (c = uef_types; c < uef_types + ARRAY_SIZE(uef_types); c++) {
		if (c->kind == UEF_STRUCT)
			snprintf(text, UEF_BUF, "%s data %u", c->type, c->size);
		else
			snprintf(text, UEF_BUF, "%s data", c->type);
		fields = uef_parse(test, text);
		KUNIT_ASSERT_EQ_MSG(test, fields->n, 1, "%s", text);
		f = &fields->f[0];

		KUNIT_EXPECT_STREQ_MSG(test, f->type, c->type, "%s", text);
		KUNIT_EXPECT_STREQ_MSG(test, f->name, "data", "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->offset, 8, "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->size, c->size, "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, fields->min_size, c->size,
				    "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->len,
				    c->kind == UEF_ARRAY ? c->size : 0,
				    "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->struct_size,
				    c->kind == UEF_STRUCT ? c->size : 0,
				    "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->is_struct, c->kind == UEF_STRUCT,
				    "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->is_signed, c->is_signed,
				    "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->loc, c->loc, "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->loc_str, c->loc_str, "%s", text);
		KUNIT_EXPECT_EQ_MSG(test, f->filter_type, c->filter_type,
				    "%s", text);
		KUNIT_EXPECT_STREQ_MSG(test, f->print, c->print, "%s", text);
	}
}

/* ---- layout and cutting ------------------------------------------------- */

struct uef_layout_case {
	const char	*text;
	unsigned int	n;
	const char	*names;		/* joined by ',' */
	unsigned int	offset[UEF_MAX_FIELDS];
	unsigned int	min_size;
};

static const struct uef_layout_case uef_layouts[] = {
	/* No alignment: a u64 after a u8 sits at 9. */
	{ "u8 a; u64 b; char[3] c; u16 d; __rel_loc char[] e; struct s f 5; u32 g",
	  7, "a,b,c,d,e,f,g", { 8, 9, 17, 20, 22, 26, 31 }, 27 },
	/* The spec's example (a format file with msg at 12, data at 32). */
	{ "u32 count; char[20] msg; __rel_loc char[] data",
	  3, "count,msg,data", { 8, 12, 32 }, 28 },
	{ "unsigned char[5] a; __data_loc char[] b; s64 c; unsigned short d",
	  4, "a,b,c,d", { 8, 13, 17, 25 }, 19 },
	{ "struct s a 2147483647", 1, "a", { 8 }, 2147483647 },
	/* Cutting: ';' with or without spaces, empty pieces, whitespace. */
	{ "u32 a;u32 b", 2, "a,b", { 8, 12 }, 8 },
	{ "u32 a; u32 b;", 2, "a,b", { 8, 12 }, 8 },
	{ ";;u32 a;; ;\tu32 b;", 2, "a,b", { 8, 12 }, 8 },
	{ " \t\n u64 a", 1, "a", { 8 }, 8 },
	{ "u32 a; u32 a", 2, "a,a", { 8, 12 }, 8 },	/* not detected */
	/* No fields. */
	{ NULL, 0, "", { }, 0 },
	{ "", 0, "", { }, 0 },
	{ " ; ;\t;", 0, "", { }, 0 },
};

static void uef_layout(struct kunit *test)
{
	const struct uef_layout_case *c;
	struct ue_fields *fields;
	char *names;
	unsigned int i;

	names = kunit_kzalloc(test, UEF_BUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, names);

	for (c = uef_layouts; c < uef_layouts + ARRAY_SIZE(uef_layouts); c++) {
		fields = uef_parse(test, c->text);
		KUNIT_ASSERT_EQ_MSG(test, fields->n, c->n, "%s", c->text);

		names[0] = '\0';
		for (i = 0; i < fields->n; i++) {
			if (i)
				strlcat(names, ",", UEF_BUF);
			strlcat(names, fields->f[i].name, UEF_BUF);
			KUNIT_EXPECT_EQ_MSG(test, fields->f[i].offset,
					    c->offset[i], "%s: field %u",
					    c->text, i);
		}
		KUNIT_EXPECT_STREQ_MSG(test, names, c->names, "%s", c->text);
		KUNIT_EXPECT_EQ_MSG(test, fields->min_size, c->min_size,
				    "%s", c->text);
	}
}

/* ---- print fmt ---------------------------------------------------------- */

struct uef_fmt_case {
	const char	*text;
	const char	*print_fmt;
};

static const struct uef_fmt_case uef_fmts[] = {
	/* tools/testing/selftests/user_events/ftrace_test.c, print_fmt */
	{ "__rel_loc char[] data",	"\"data=%s\", __get_rel_str(data)" },
	{ "__data_loc char[] data",	"\"data=%s\", __get_str(data)" },
	{ "s64 data",			"\"data=%lld\", REC->data" },
	{ "u64 data",			"\"data=%llu\", REC->data" },
	{ "s32 data",			"\"data=%d\", REC->data" },
	{ "u32 data",			"\"data=%u\", REC->data" },
	{ "int data",			"\"data=%d\", REC->data" },
	{ "unsigned int data",		"\"data=%u\", REC->data" },
	{ "s16 data",			"\"data=%d\", REC->data" },
	{ "u16 data",			"\"data=%u\", REC->data" },
	{ "short data",			"\"data=%d\", REC->data" },
	{ "unsigned short data",	"\"data=%u\", REC->data" },
	{ "s8 data",			"\"data=%d\", REC->data" },
	{ "u8 data",			"\"data=%u\", REC->data" },
	{ "char data",			"\"data=%d\", REC->data" },
	{ "unsigned char data",		"\"data=%u\", REC->data" },
	{ "char[4] data",		"\"data=%s\", REC->data" },
	/* no fields */
	{ NULL,				"\"\"" },
	{ "",				"\"\"" },
	/* several fields, single spaces inside the quotes */
	{ "u32 count; char[20] msg; __rel_loc char[] data",
	  "\"count=%u msg=%s data=%s\", REC->count, REC->msg, __get_rel_str(data)" },
	{ "unsigned char[8] a;u64 b",
	  "\"a=%s b=%llu\", REC->a, REC->b" },
	{ "__data_loc u32[] a; __rel_loc unsigned char[] b",
	  "\"a=%llu b=%s\", REC->a, __get_rel_str(b)" },
	{ "struct mytype myname 20",	"\"myname=%llu\", REC->myname" },
	/* a string without brackets: %llu, yet __get_str() */
	{ "__data_loc char x",		"\"x=%llu\", __get_str(x)" },
};

static void uef_print_fmt(struct kunit *test)
{
	const struct uef_fmt_case *c;
	struct ue_fields *fields;

	for (c = uef_fmts; c < uef_fmts + ARRAY_SIZE(uef_fmts); c++) {
		fields = uef_parse(test, c->text);
		KUNIT_EXPECT_STREQ_MSG(test, fields->print_fmt, c->print_fmt,
				       "%s", c->text);
	}
}

/* ---- refused lists ------------------------------------------------------ */

static const char * const uef_invalid[] = {
	/* arrays (dyn_test basic_types: the first three) */
	"char[aa] a",
	"char[9999] a",
	"char[0x0000000000001] a",	/* more than 7 characters after '[' */
	"char[20]xyzwv a",		/* the same, counting the tail */
	"char[1025] a",
	"char[0x401] a",
	"unsigned char[1025] a",
	"char[] a",
	"unsigned char[] a",
	"char[0] a",
	"char[0x0] a",
	"char[-1] a",
	"char[20 a",			/* no ']' */
	"char[ a",
	/* sizes (dyn_test size_types) */
	"struct custom a",		/* a struct needs its size */
	"char a 20",			/* only a struct has one */
	"u32 a 20",
	"__data_loc char[] a 4",
	"struct custom a 0",
	"struct custom a 0x14",		/* decimal only */
	"struct custom a -1",
	"struct custom a 2147483648",	/* upstream: a negative "errno" */
	"struct custom a 4294967295",
	"struct custom a 4294967296",
	"struct custom a 20 x",
	"struct custom a 20 ",
	"struct a 20",			/* type "struct a", no size */
	/* tokens */
	"u32",
	"a",
	"u32 a b",
	"u32  a",			/* double space: an empty token */
	"u32 a ;u32 b",			/* trailing space inside a field */
	"u32 a  ",
	"unsigned  int a",
	"struct custom  a 20",
	"unsigned int",			/* a prefix needs a space after its word */
	"__data_loc char[]",
	"__rel_loc unsigned char[]",
	"struct custom",
	/* types users may not declare */
	"long a",
	"unsigned long a",
	"long long a",
	"bool a",
	"_Bool a",
	"signed char a",
	"float a",
	"double a",
	"s128 a",
	"U32 a",
	"uint32_t a",
	"size_t a",
	"unsigned foo a",
	"char* a",
	"void *a",
	"u32* a",
	"foo a",
	/* one bad field spoils the list */
	"u32 a; bool b",
	"u32 a; char[0] b; u32 c",
	/* offsets and the total must fit in an int (upstream wraps) */
	"struct s a 2147483647; u8 b",
	"u8 a; struct s b 2147483647",
	"struct s a 2147483640; u8 b",
};

static void uef_refused(struct kunit *test)
{
	struct ue_fields *fields;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(uef_invalid); i++) {
		fields = ERR_PTR(-EEXIST);	/* must become NULL */
		ret = ue_fields_parse(uef_invalid[i], &fields);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "\"%s\"",
				    uef_invalid[i]);
		KUNIT_EXPECT_NULL_MSG(test, fields, "\"%s\"", uef_invalid[i]);
		if (!ret)
			ue_fields_free(fields);
	}
}

/* ---- accepted oddities -------------------------------------------------- */

struct uef_quirk_case {
	const char	*text;
	const char	*type;
	const char	*name;
	unsigned int	size;
	const char	*decl;
};

static const struct uef_quirk_case uef_quirks[] = {
	/* a space and nothing: an empty name */
	{ "u32 ",		"u32",		"",	4,  "u32 " },
	{ "unsigned int ",	"unsigned int",	"",	4,  "unsigned int " },
	/* two spaces after a prefix: the type is the prefix alone */
	{ "__data_loc  x",	"__data_loc ",	"x",	4,  "__data_loc  x" },
	{ "struct  s 20",	"struct ",	"s",	20, "struct  s 20" },
	/* the word after a loc prefix is anything */
	{ "__data_loc foo x",	"__data_loc foo", "x",	4,  "__data_loc foo x" },
	/* array tails and number spellings */
	{ "char[20]xyzw a",	"char[20]xyzw",	"a",	20, "char[20]xyzw a" },
	{ "char[+20] a",	"char[+20]",	"a",	20, "char[+20] a" },
	/* struct sizes are read as numbers and shown as %u prints them */
	{ "struct s a 020",	"struct s",	"a",	20, "struct s a 20" },
	{ "struct s a +20",	"struct s",	"a",	20, "struct s a 20" },
	{ "struct s a 20\n",	"struct s",	"a",	20, "struct s a 20" },
	/* only spaces separate tokens */
	{ "u32 *p",		"u32",		"*p",	4,  "u32 *p" },
	{ "u32 a\n",		"u32",		"a\n",	4,  "u32 a\n" },
};

static void uef_quirk(struct kunit *test)
{
	const struct uef_quirk_case *c;
	struct ue_fields *fields;

	for (c = uef_quirks; c < uef_quirks + ARRAY_SIZE(uef_quirks); c++) {
		fields = uef_parse(test, c->text);
		KUNIT_ASSERT_EQ_MSG(test, fields->n, 1, "%s", c->text);
		KUNIT_EXPECT_STREQ_MSG(test, fields->f[0].type, c->type,
				       "%s", c->text);
		KUNIT_EXPECT_STREQ_MSG(test, fields->f[0].name, c->name,
				       "%s", c->text);
		KUNIT_EXPECT_EQ_MSG(test, fields->f[0].size, c->size,
				    "%s", c->text);
		KUNIT_EXPECT_STREQ_MSG(test, fields->f[0].decl, c->decl,
				       "%s", c->text);
	}
}

/* ---- splitting a request ------------------------------------------------ */

struct uef_split_case {
	const char	*text;
	const char	*words;		/* joined by '|' */
};

static const struct uef_split_case uef_splits[] = {
	{ "u32 a; u32 b",	"u32|a;|u32|b" },
	{ "u32 a;u32 b",	"u32|a;|u32|b" },
	{ "u32 a;u32 b;",	"u32|a;|u32|b;" },
	{ "u32 a;;u32 b",	"u32|a;|;|u32|b" },
	{ "u32\ta;\tu32  b",	"u32|a;|u32|b" },
	{ "unsigned  int   a",	"unsigned|int|a" },
	{ ";",			";" },
	{ "  \t",		"" },
	{ "",			"" },
	{ NULL,			"" },
};

/* "a|b|c" for the words of @argv. */
static char *uef_join(struct kunit *test, int argc, char **argv)
{
	char *s = kunit_kzalloc(test, UEF_BUF, GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (i = 0; i < argc; i++) {
		if (i)
			strlcat(s, "|", UEF_BUF);
		strlcat(s, argv[i], UEF_BUF);
	}
	return s;
}

static void uef_split(struct kunit *test)
{
	const struct uef_split_case *c;
	char **argv;
	int argc;

	for (c = uef_splits; c < uef_splits + ARRAY_SIZE(uef_splits); c++) {
		argv = ue_fields_split(c->text, &argc);
		KUNIT_ASSERT_NOT_NULL(test, argv);
		KUNIT_EXPECT_STREQ_MSG(test, uef_join(test, argc, argv),
				       c->words, "%s", c->text);
		KUNIT_EXPECT_NULL(test, argv[argc]);
		argv_free(argv);
	}
}

/* ---- matching ----------------------------------------------------------- */

enum uef_op {
	UEF_REG,	/* registration: ue_fields_split() */
	UEF_DEL,	/* dynamic_events delete: a plain argv_split() */
};

struct uef_match_case {
	const char	*existing;
	const char	*request;
	enum uef_op	op;
	bool		match;
};

static const struct uef_match_case uef_matches[] = {
	/* tools/testing/selftests/user_events/dyn_test.c, matching */
	{ "u32 a",		"u32 a",		UEF_REG, true },
	{ "u32 a; u32 b",	"u32 a; u32 b",		UEF_REG, true },
	{ "u32 a; u32 b",	"u32 a; u32 b;",	UEF_REG, true },
	{ "u32 a",		"u32 b",		UEF_REG, false },
	{ "u32 a; u32 b",	"u32 b; u32 a",		UEF_REG, false },
	{ "u64 a; u64 b",	"u32 a; u32 b",		UEF_REG, false },
	{ "struct my_struct a 20", "struct my_struct a 20", UEF_REG, true },
	{ "struct my_struct a 20", "struct my_struct b 20", UEF_REG, false },
	{ "struct my_struct a 20", "struct my_struct a 21", UEF_REG, false },
	/* equivalent spellings of one list */
	{ "u32 a; u32 b",	"u32 a;u32 b",		UEF_REG, true },
	{ "u32 a;u32 b",	"u32 a; u32 b",		UEF_REG, true },
	{ "u32 a; u32 b",	"u32 a;  u32 b",	UEF_REG, true },
	{ "u32 a; u32 b;",	"u32 a; u32 b",		UEF_REG, true },
	{ "u32 a; u32 b",	"u32 a;u32 b;",		UEF_REG, true },
	{ "u32 a",		"u32 a;",		UEF_REG, true },
	{ "unsigned int a",	"unsigned   int\ta",	UEF_REG, true },
	{ "__rel_loc char[] data", "__rel_loc char[] data", UEF_REG, true },
	/* the text decides, not the value */
	{ "char[20] a",		"char[0x14] a",		UEF_REG, false },
	{ "char[0x14] a",	"char[0x14] a",		UEF_REG, true },
	{ "struct s a 20",	"struct s a 020",	UEF_REG, false },
	{ "struct s a 020",	"struct s a 20",	UEF_REG, true },
	{ "struct s a 020",	"struct s a 020",	UEF_REG, false },
	/* order, count, stray ';' */
	{ "u32 a; u32 b",	"u32 a",		UEF_REG, false },
	{ "u32 a",		"u32 a; u32 b",		UEF_REG, false },
	{ "u32 a",		"u32 a u32 b",		UEF_REG, false },
	{ "u32 a; u32 b",	"u32 a;; u32 b",	UEF_REG, false },
	{ "u32 a; u32 b",	"u32 a; u32 b;;",	UEF_REG, false },
	{ "u32 a; u32 b",	"u32 a ;u32 b",		UEF_REG, false },
	{ "u32 a",		";u32 a",		UEF_REG, false },
	/* no fields */
	{ "",			"",			UEF_REG, true },
	{ NULL,			NULL,			UEF_REG, true },
	{ " ; ",		"  ",			UEF_REG, true },
	{ "",			"u32 a",		UEF_REG, false },
	{ "u32 a",		"",			UEF_REG, false },
	{ "",			";",			UEF_REG, false },
	/* an empty name can never be matched */
	{ "u32 ",		"u32 ",			UEF_REG, false },
	/* dynamic_events delete: no space is put after ';' */
	{ "u32 a; u32 b",	"u32 a; u32 b",		UEF_DEL, true },
	{ "u32 a; u32 b",	"u32 a; u32 b;",	UEF_DEL, true },
	{ "u32 a; u32 b",	"u32 a;u32 b",		UEF_DEL, false },
	{ "u32 a",		"u32 a;x",		UEF_DEL, false },
	{ "u32 a",		"",			UEF_DEL, false },
	{ "",			"",			UEF_DEL, true },
};

static void uef_match(struct kunit *test)
{
	const struct uef_match_case *c;
	struct ue_fields *fields;
	char **argv;
	int argc;

	for (c = uef_matches; c < uef_matches + ARRAY_SIZE(uef_matches); c++) {
		fields = uef_parse(test, c->existing);
		if (c->op == UEF_REG)
			argv = ue_fields_split(c->request, &argc);
		else
			argv = argv_split(GFP_KERNEL, c->request ?: "", &argc);
		KUNIT_ASSERT_NOT_NULL(test, argv);

		KUNIT_EXPECT_EQ_MSG(test,
				    ue_fields_match(fields, argc,
						    (const char **)argv),
				    c->match, "\"%s\" %s \"%s\"", c->existing,
				    c->op == UEF_REG ? "reg" : "del",
				    c->request);
		argv_free(argv);
	}
}

/* ---- dynamic_events text ------------------------------------------------ */

struct uef_show_case {
	const char	*text;
	const char	*shown;
};

static const struct uef_show_case uef_shows[] = {
	{ "u32 count; char[20] msg; __rel_loc char[] data",
	  "u32 count; char[20] msg; __rel_loc char[] data" },
	{ "u32 count;char[20] msg;",	"u32 count; char[20] msg" },
	{ "\tunsigned int a; ;",	"unsigned int a" },
	{ "char[0x14] a",		"char[0x14] a" },
	{ "struct foo bar 20",		"struct foo bar 20" },
	{ "struct foo bar 020",		"struct foo bar 20" },
	{ "u32 a; struct s b 4; __data_loc unsigned char[] c",
	  "u32 a; struct s b 4; __data_loc unsigned char[] c" },
	{ "",				"" },
	{ NULL,				"" },
};

static void uef_show(struct kunit *test)
{
	const struct uef_show_case *c;
	struct ue_fields *fields;
	struct seq_file m = { };

	m.buf = kunit_kzalloc(test, UEF_BUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);

	for (c = uef_shows; c < uef_shows + ARRAY_SIZE(uef_shows); c++) {
		fields = uef_parse(test, c->text);
		memset(m.buf, 0, UEF_BUF);
		m.size = UEF_BUF - 1;
		m.count = 0;
		ue_fields_show(&m, fields);
		KUNIT_EXPECT_FALSE(test, seq_has_overflowed(&m));
		KUNIT_EXPECT_STREQ_MSG(test, m.buf, c->shown, "%s", c->text);
	}
}

static struct kunit_case uef_cases[] = {
	KUNIT_CASE(uef_each_type),
	KUNIT_CASE(uef_layout),
	KUNIT_CASE(uef_print_fmt),
	KUNIT_CASE(uef_refused),
	KUNIT_CASE(uef_quirk),
	KUNIT_CASE(uef_split),
	KUNIT_CASE(uef_match),
	KUNIT_CASE(uef_show),
	{}
};

static struct kunit_suite uef_suite = {
	.name = "user_events_fields",
	.test_cases = uef_cases,
};

kunit_test_suite(uef_suite);
