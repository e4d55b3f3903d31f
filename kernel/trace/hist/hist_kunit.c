// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "hist": histogram definitions, values and output on a
 * hand-made event, without tracefs or a registered trigger.
 *
 *  - every clause of the definition grammar, checked by the trigger
 *    line the definition prints back (handlers as far as parsing goes:
 *    what they need of other events is the selftests');
 *  - malformed definitions: the errno, the error_log message and the
 *    caret position upstream gives;
 *  - field values from a hand-made record: widths and signs, strings,
 *    log2, buckets, expressions and the rounding of constant divisors;
 *  - the hist table of known hits, byte for byte, sorted by hitcount, by
 *    a key and by a value, with .percent and .graph.
 *
 * Runs at boot with the other built-in suites (process context); takes
 * event_mutex around what the command takes it for.
 */

#include <kunit/test.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/trace_event.h"
#include "instance/trace_array.h"
#include "messages/trace_errlog.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"

/* ---- a hand-made event ------------------------------------------------- */

/* The record: the common header, then the event's fields. */
struct hk_rec {
	u16	type;
	u8	flags;
	u8	preempt;
	s32	pid;
	s32	num;		/* 8 */
	u32	pad;
	u64	addr;		/* 16 */
	char	comm[16];	/* 24 */
	u32	name;		/* 40: __data_loc */
	u16	len;		/* 44 */
	s8	delta;		/* 46 */
	u8	pad2;
	char	name_buf[16];	/* 48 */
};

static struct ftrace_event_field hk_fields[] = {
	{ .name = "num", .type = "int", .offset = 8, .size = 4,
	  .is_signed = 1, .filter_type = FILTER_OTHER },
	{ .name = "addr", .type = "unsigned long", .offset = 16, .size = 8,
	  .filter_type = FILTER_OTHER },
	{ .name = "comm", .type = "char[16]", .offset = 24, .size = 16,
	  .is_signed = 1, .filter_type = FILTER_STATIC_STRING },
	{ .name = "name", .type = "__data_loc char[]", .offset = 40, .size = 4,
	  .filter_type = FILTER_DYN_STRING },
	{ .name = "len", .type = "u16", .offset = 44, .size = 2,
	  .filter_type = FILTER_OTHER },
	{ .name = "delta", .type = "s8", .offset = 46, .size = 1,
	  .is_signed = 1, .filter_type = FILTER_OTHER },
};

struct hk_event {
	struct trace_event_class	class;
	struct trace_event_call		call;
	struct trace_event_file		file;
	struct trace_array		tr;
};

static struct hk_event *hk_event(struct kunit *test)
{
	struct hk_event *ev = kunit_kzalloc(test, sizeof(*ev), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, ev);
	INIT_LIST_HEAD(&ev->class.fields);
	for (i = 0; i < ARRAY_SIZE(hk_fields); i++)
		list_add(&hk_fields[i].link, &ev->class.fields);
	ev->class.system = "hist_kunit";
	ev->call.class = &ev->class;
	ev->call.name = "hk_ev";
	ev->file.event_call = &ev->call;
	ev->file.tr = &ev->tr;
	INIT_LIST_HEAD(&ev->file.triggers);
	INIT_LIST_HEAD(&ev->tr.err_log);
	return ev;
}

static void hk_rec_fill(struct hk_rec *r, s32 pid, s32 num, u64 addr,
			const char *comm, const char *name, u16 len)
{
	memset(r, 0, sizeof(*r));
	r->pid = pid;
	r->num = num;
	r->addr = addr;
	strscpy(r->comm, comm, sizeof(r->comm));
	strscpy(r->name_buf, name, sizeof(r->name_buf));
	r->name = ((strlen(name) + 1) << 16) | offsetof(struct hk_rec, name_buf);
	r->len = len;
}

/*
 * Parse @def as a "hist:" line on @ev would be: the clauses and the
 * fields.  Return: the histogram or an ERR_PTR; *@ctx keeps the error.
 */
static struct hist_data *hk_parse(struct kunit *test, struct hk_event *ev,
				  const char *def, struct hist_ctx *ctx)
{
	struct hist_attrs *attrs;
	struct hist_data *hd;
	char *text, *p;

	text = kunit_kstrdup(test, def, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_EQ(test, hist_ctx_init(ctx, &ev->file, text), 0);
	for (p = strstr(text, ".sym-offset"); p; p = strstr(p, ".sym-offset"))
		p[4] = 'X';
	mutex_lock(&event_mutex);
	attrs = hist_attrs_parse(ctx, text);
	hd = IS_ERR(attrs) ? ERR_CAST(attrs) :
			     hist_data_create(ctx, attrs, &ev->file, false);
	mutex_unlock(&event_mutex);
	return hd;
}

/* A seq_file writing into a kunit buffer. */
static struct seq_file *hk_seq(struct kunit *test)
{
	struct seq_file *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, m);
	m->size = 8192;
	m->buf = kunit_kzalloc(test, m->size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m->buf);
	return m;
}

static void hk_release(struct hk_event *ev, struct hist_ctx *ctx,
		       struct hist_data *hd)
{
	hist_data_destroy(hd);
	hist_ctx_release(ctx);
	clear_tracing_err_log(&ev->tr);
}

/* ---- definitions, printed back ----------------------------------------- */

static void hist_kunit_lines(struct kunit *test)
{
	static const struct {
		const char *def, *line;
	} cases[] = {
		{ "keys=num",
		  "hist:keys=num:vals=hitcount:sort=hitcount:size=2048 [active]\n"
		},
		{ "key=num:val=len:size=100",
		  "hist:keys=num:vals=hitcount,len:sort=hitcount:size=128 [active]\n"
		},
		{ "keys=num,comm,name:values=hitcount,len,addr:sort=len.descending,num",
		  "hist:keys=num,comm,name:vals=hitcount,len,addr:sort=len.descending,num:size=2048 [active]\n"
		},
		{ "keys=addr.sym-offset,num.hex:sort=num",
		  "hist:keys=addr.sym-offset,num.hex:vals=hitcount:sort=num.hex:size=2048 [active]\n"
		},
		{ "keys=common_pid.execname,len.log2:vals=num.percent,addr.graph",
		  "hist:keys=common_pid.execname,len.log2:vals=hitcount,num.percent,addr.graph:sort=hitcount:size=2048 [active]\n"
		},
		{ "keys=len.buckets=10:sort=len",
		  "hist:keys=len.buckets=10:vals=hitcount:sort=len.buckets=10:size=2048 [active]\n"
		},
		{ "keys=num:x=16-8-4-2,y=10/3,z=num*2:nohitcount:vals=len",
		  "hist:keys=num:vals=len:x=2,y=4,z=num*2:sort=hitcount:size=2048:nohitcount [active]\n"
		},
		{ "keys=common_stacktrace:NOHC:vals=len",
		  "hist:keys=common_stacktrace:vals=len:sort=hitcount:size=2048:nohitcount [active]\n"
		},
		{ "keys=common_timestamp-num,common_cpu:clock=mono",
		  "hist:keys=common_timestamp-num,common_cpu:vals=hitcount:sort=hitcount:size=2048:clock=mono [active]\n"
		},
		{ "keys=-(num):vals=hitcount,hitcount",
		  "hist:keys=-(num):vals=hitcount,hitcount:sort=hitcount:size=2048 [active]\n"
		},
		{ "keys=cpu:sort=cpu",
		  "hist:keys=common_cpu:vals=hitcount:sort=common_cpu:size=2048 [active]\n"
		},
		{ "keys=-(common_timestamp.usecs+common_timestamp.usecs)",
		  "hist:keys=-(common_timestamp.usecs+common_timestamp.usecs):vals=hitcount:sort=hitcount:size=2048:clock=global [active]\n"
		},
		{ "name=shared:keys=num:pause",
		  "hist:name=shared:keys=num:vals=hitcount:sort=hitcount:size=2048 [active]\n"
		},
		/* $y of a plain field is that field */
		{ "keys=num:y=len:z=$y+1",
		  "hist:keys=num:vals=hitcount:y=len,z=len+1:sort=hitcount:size=2048 [active]\n"
		},
		{ "keys=num:x=len:onmax($x).trace(foo,$x,num)",
		  "hist:keys=num:vals=hitcount:x=len:sort=hitcount:size=2048:onmax($x).trace(foo,$x,num) [active]\n"
		},
	};
	struct event_trigger_data data = {};
	struct hk_event *ev = hk_event(test);
	struct hist_ctx ctx;
	struct hist_data *hd;
	struct seq_file *m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		hd = hk_parse(test, ev, cases[i].def, &ctx);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(hd), "'%s': %ld",
				       cases[i].def, PTR_ERR(hd));
		m = hk_seq(test);
		data.private_data = hd;
		hist_trigger_print(m, &data);
		KUNIT_EXPECT_STREQ_MSG(test, m->buf, cases[i].line, "'%s'",
				       cases[i].def);
		hk_release(ev, &ctx, hd);
	}
}

/* ---- refusals ------------------------------------------------------------ */

static void hist_kunit_errors(struct kunit *test)
{
	static const struct {
		const char *def;	/* '^' marks the caret */
		int err;
		int type;		/* -1: nothing logged */
	} cases[] = {
		{ "keys=num:vals=len:sort=num,^junk", -EINVAL,
		  HIST_ERR_INVALID_SORT_FIELD },
		{ "keys=num:vals=len:^sort=", -EINVAL, HIST_ERR_EMPTY_ASSIGNMENT },
		{ "keys=num:vals=len:^sort=num,", -EINVAL,
		  HIST_ERR_EMPTY_SORT_FIELD },
		{ "keys=num:vals=len:sort=num.^junk", -EINVAL,
		  HIST_ERR_INVALID_SORT_MODIFIER },
		{ "keys=num:vals=len,addr:^sort=num,len,addr", -EINVAL,
		  HIST_ERR_TOO_MANY_SORT_FIELDS },
		{ "keys=num:x=32+^10*3/20-4", -EINVAL, HIST_ERR_TOO_MANY_SUBEXPR },
		{ "keys=num:x=^1+2+3+4+5", -EINVAL, HIST_ERR_TOO_MANY_SUBEXPR },
		{ "keys=num:x=-(^1)+2", -EINVAL, HIST_ERR_UNARY_MINUS_SUBEXPR },
		{ "keys=num:x=3/^0", -EDOM, HIST_ERR_DIVISION_BY_ZERO },
		{ "keys=^nosuch", -EINVAL, HIST_ERR_FIELD_NOT_FOUND },
		{ "keys=num.^bogus", -EINVAL, HIST_ERR_BAD_FIELD_MODIFIER },
		{ "keys=num.^percent", -EINVAL, HIST_ERR_BAD_FIELD_MODIFIER },
		{ "keys=num:vals=^len.log2", -EINVAL, HIST_ERR_BAD_FIELD_MODIFIER },
		{ "keys=num.buckets=^0", -EINVAL, HIST_ERR_BAD_FIELD_MODIFIER },
		/* an empty place: the caret at the start */
		{ "keys=num.bucket", -EINVAL, HIST_ERR_BAD_FIELD_MODIFIER },
		{ "keys=num:vals=^comm+1", -EINVAL, HIST_ERR_INVALID_STR_OPERAND },
		{ "keys=num:vals=len-^0x", -EINVAL, HIST_ERR_EXPECT_NUMBER },
		{ "keys=num:nohitcount", -ENOENT, HIST_ERR_NEED_NOHC_VAL },
		{ "keys=num:x=1,^q", -EINVAL, HIST_ERR_MALFORMED_ASSIGNMENT },
		/* the caret goes to the first "x" of the line */
		{ "keys=num:^x=1,x=2", -EINVAL, HIST_ERR_DUPLICATE_VAR },
		{ "keys=common_timestamp.usecs-common_timestamp", -EINVAL,
		  HIST_ERR_TIMESTAMP_MISMATCH },
		{ "keys=num:vals=^bogus:nohitcount", -EINVAL,
		  HIST_ERR_FIELD_NOT_FOUND },
		/* assignments are checked before the values */
		{ "keys=num:vals=bogus:a=1,^q", -EINVAL,
		  HIST_ERR_MALFORMED_ASSIGNMENT },
		{ "keys=-(num.log2)", -EINVAL, -1 },
		{ "keys=-(-(num))", -EINVAL, -1 },
		/* the rightmost '-' splits first: "-(a" and "b)" */
		{ "keys=-(num-len)", -EINVAL, -1 },
		{ "vals=len", -EINVAL, -1 },
		{ "keys=num:size=64", -EINVAL, -1 },
		{ "keys=num:size=1000000", -EINVAL, -1 },
		{ "keys=num,len,addr,comm", -EINVAL, -1 },
		{ "keys=num:vals=len,addr,num", -EINVAL, -1 },
		{ "keys=num:bogus", -EINVAL, -1 },
		/* handlers and references, as far as parsing goes */
		{ "keys=num:onmax(x)", -EINVAL, HIST_ERR_ACTION_NOT_FOUND },
		{ "keys=num:onmax(x).snapshot(", -EINVAL,
		  HIST_ERR_NO_CLOSING_PAREN },
		{ "keys=num:x=len:onmax($x).trace(^z)", -EINVAL,
		  HIST_ERR_INVALID_PARAM },
		{ "keys=num:onmatch(^junk).foo(num)", -EINVAL,
		  HIST_ERR_SUBSYS_NOT_FOUND },
		/* no such variable, and no such field */
		{ "keys=num:y=^$nope", -EINVAL, HIST_ERR_FIELD_NOT_FOUND },
		{ "keys=num:x=len:onmax($x", -EINVAL, -1 },
	};
	struct hk_event *ev = hk_event(test);
	char def[128], *caret;
	struct hist_ctx ctx;
	struct hist_data *hd;
	unsigned int i, pos;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		strscpy(def, cases[i].def, sizeof(def));
		caret = strchr(def, '^');
		pos = caret ? caret - def + strlen("hist:") : 0;
		if (caret)
			memmove(caret, caret + 1, strlen(caret));
		hd = hk_parse(test, ev, def, &ctx);
		KUNIT_EXPECT_EQ_MSG(test, IS_ERR(hd) ? PTR_ERR(hd) : 0L,
				    (long)cases[i].err, "'%s'", def);
		KUNIT_EXPECT_EQ_MSG(test, ctx.err, cases[i].type, "'%s'", def);
		if (cases[i].type >= 0)
			KUNIT_EXPECT_EQ_MSG(test, ctx.pos, pos, "'%s'", def);
		hk_release(ev, &ctx, IS_ERR(hd) ? NULL : hd);
	}
}

/* ---- values ------------------------------------------------------------ */

static void hist_kunit_values(struct kunit *test)
{
	static const struct {
		const char *key;
		u64 value;
	} cases[] = {
		{ "num", (u64)-5 },
		{ "delta", (u64)-3 },
		{ "len", 1000 },
		{ "addr", 0xffffffff81000000ULL },
		{ "len.log2", 10 },
		{ "len.buckets=64", 960 },
		{ "num+len", 995 },
		{ "len-num*2", 1010 },
		{ "len/8", 125 },
		{ "len/3", 334 },		/* by 2^20/3, rounded up */
		{ "len/2000000", 0 },
		{ "-(len)", (u64)-1000 },
		{ "len/num", 0 },		/* unsigned: 1000 / 2^64-5 */
		{ "64/8/4/2", 1 },
		{ "16-8+4+2", 14 },
		{ "4+6/2-2", 5 },
	};
	struct hk_event *ev = hk_event(test);
	char def[64];
	struct hist_ctx ctx;
	struct hist_data *hd;
	struct hk_rec rec;
	unsigned int i;

	hk_rec_fill(&rec, 42, -5, 0xffffffff81000000ULL, "kunit", "n", 1000);
	rec.delta = -3;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(def, sizeof(def), "keys=%s", cases[i].key);
		hd = hk_parse(test, ev, def, &ctx);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(hd), "'%s'", def);
		KUNIT_EXPECT_EQ_MSG(test, hist_field_value(hd->fields[hd->n_vals],
							   &rec, NULL, NULL,
							   NULL),
				    cases[i].value, "'%s'", def);
		hk_release(ev, &ctx, hd);
	}

	hd = hk_parse(test, ev, "keys=comm,name", &ctx);
	KUNIT_ASSERT_FALSE(test, IS_ERR(hd));
	KUNIT_EXPECT_STREQ(test, (char *)(unsigned long)
			   hist_field_value(hd->fields[1], &rec, NULL, NULL, NULL),
			   "kunit");
	KUNIT_EXPECT_STREQ(test, (char *)(unsigned long)
			   hist_field_value(hd->fields[2], &rec, NULL, NULL, NULL),
			   "n");
	KUNIT_EXPECT_TRUE(test, hd->compound);
	KUNIT_EXPECT_EQ(test, hd->key_size, 16U + MAX_FILTER_STR_VAL);
	hk_release(ev, &ctx, hd);
}

/* ---- the table --------------------------------------------------------- */

/*
 * Fire the histogram @def on the records of @recs as the trigger would
 * and return its table.
 */
static const char *hk_table(struct kunit *test, struct hk_event *ev,
			    const char *def, struct hk_rec *recs,
			    unsigned int n)
{
	struct event_trigger_data data = {};
	struct hist_store store = {};
	struct hist_ctx ctx;
	struct hist_data *hd;
	struct seq_file *m;
	unsigned int i;

	hd = hk_parse(test, ev, def, &ctx);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(hd), "'%s'", def);
	KUNIT_ASSERT_EQ(test, tracing_map_init(hd->map), 0);
	KUNIT_ASSERT_EQ(test, hist_fire_get(), 0);
	hd->store = &store;
	store.map = hd->map;
	data.private_data = hd;
	for (i = 0; i < n; i++)
		hist_fire(&data, NULL, &recs[i], (void *)&recs[i]);
	m = hk_seq(test);
	hist_show_table(m, &data, true);
	hist_fire_put();
	tracing_map_destroy(hd->map);
	hd->map = NULL;
	hk_release(ev, &ctx, hd);
	return m->buf;
}

static const char hk_table_by_key[] =
	"# event histogram\n"
	"#\n"
	"# trigger info: hist:keys=num:vals=hitcount,len:sort=num:size=2048 [active]\n"
	"#\n"
	"\n"
	"{ num: 18446744073709551614 } hitcount:          1  len:         40\n"
	"{ num:          3 } hitcount:          2  len:         31\n"
	"{ num:          7 } hitcount:          3  len:         35\n"
	"\n"
	"Totals:\n"
	"    Hits: 6\n"
	"    Entries: 3\n"
	"    Dropped: 0\n";

static const char hk_def_percent_graph[] =
	"keys=comm,num.hex:vals=len.percent,len.graph:sort=hitcount.descending,comm";

static const char hk_table_percent_graph[] =
	"# event histogram\n"
	"#\n"
	"# trigger info: hist:keys=comm,num.hex:vals=hitcount,len.percent,len.graph:sort=hitcount.descending,comm:size=2048 [active]\n"
	"#\n"
	"\n"
	"{ comm: a                                                 , num: 7 } hitcount:          3  len (%):  33.01  len: #################  \x20\n"
	"{ comm: b                                                 , num: 3 } hitcount:          2  len (%):  29.24  len: ###############    \x20\n"
	"{ comm: c                                                 , num: fffffffffffffffe } hitcount:          1  len (%):  37.73  len: ####################\n"
	"\n"
	"Totals:\n"
	"    Hits: 6\n"
	"    Entries: 3\n"
	"    Dropped: 0\n";

static const char hk_table_nohitcount[] =
	"# event histogram\n"
	"#\n"
	"# trigger info: hist:keys=name:vals=len:sort=len.descending:size=2048:nohitcount [active]\n"
	"#\n"
	"\n"
	"{ name: zzz                                                }  len:         40\n"
	"{ name: x                                                  }  len:         35\n"
	"{ name: yy                                                 }  len:         31\n"
	"\n"
	"Totals:\n"
	"    Hits: 6\n"
	"    Entries: 3\n"
	"    Dropped: 0\n";

static void hist_kunit_table(struct kunit *test)
{
	struct hk_event *ev = hk_event(test);
	struct hk_rec recs[6];
	const char *text;

	hk_rec_fill(&recs[0], 1, 7, 0, "a", "x", 10);
	hk_rec_fill(&recs[1], 1, 7, 0, "a", "x", 20);
	hk_rec_fill(&recs[2], 1, 3, 0, "b", "yy", 30);
	hk_rec_fill(&recs[3], 1, -2, 0, "c", "zzz", 40);
	hk_rec_fill(&recs[4], 1, 7, 0, "a", "x", 5);
	hk_rec_fill(&recs[5], 1, 3, 0, "b", "yy", 1);

	text = hk_table(test, ev, "keys=num:vals=len:sort=num", recs, 6);
	KUNIT_EXPECT_STREQ(test, text, hk_table_by_key);

	text = hk_table(test, ev, hk_def_percent_graph, recs, 6);
	KUNIT_EXPECT_STREQ(test, text, hk_table_percent_graph);

	text = hk_table(test, ev, "keys=name:vals=len:sort=len.descending:nohitcount",
			recs, 6);
	KUNIT_EXPECT_STREQ(test, text, hk_table_nohitcount);
}

static struct kunit_case hist_kunit_cases[] = {
	KUNIT_CASE(hist_kunit_lines),
	KUNIT_CASE(hist_kunit_errors),
	KUNIT_CASE(hist_kunit_values),
	KUNIT_CASE(hist_kunit_table),
	{}
};

static struct kunit_suite hist_kunit_suite = {
	.name = "hist",
	.test_cases = hist_kunit_cases,
};

kunit_test_suite(hist_kunit_suite);
