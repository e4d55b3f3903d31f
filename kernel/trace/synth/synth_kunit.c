// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "synth": synthetic events.
 *
 *  - the definition language: every type's size, slot, signedness and
 *    format text, and the print fmt;
 *  - malformed definitions: the errno, and the error_log message and
 *    caret 6.12 gives (the top instance's log, read back, then emptied);
 *  - the kernel API end to end: an event created with
 *    synth_event_create(), enabled in a private instance, written with
 *    synth_event_trace(), synth_event_trace_array() and the piecewise
 *    calls; each record read back from the buffer byte for byte and
 *    printed as the trace file prints it.
 *
 * Runs at boot with the other built-in suites (process context).
 */
#include <kunit/test.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "instance/trace_array.h"
#include "messages/trace_errlog.h"
#include "synth_event.h"

#define SK_EVENT	"synth_kunit_ev"

/* The text of @parts, one after the other (for long expected lines). */
static const char *sk_join(struct kunit *test, const char * const *parts,
			   unsigned int n)
{
	size_t len = 1;
	unsigned int i;
	char *out;

	for (i = 0; i < n; i++)
		len += strlen(parts[i]);
	out = kunit_kzalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	for (i = 0; i < n; i++)
		strcat(out, parts[i]);
	return out;
}

#define SK_JOIN(test, ...)						\
	sk_join(test, (const char * const []){ __VA_ARGS__ },		\
		ARRAY_SIZE(((const char * const []){ __VA_ARGS__ })))

static struct synth_event *sk_parse(struct kunit *test, const char *fields)
{
	struct synth_event *se = synth_parse("sk", "sk", fields);

	KUNIT_ASSERT_FALSE(test, IS_ERR(se));
	return se;
}

static void synth_kunit_layout(struct kunit *test)
{
	static const struct {
		const char	*type;
		const char	*name;
		const char	*fmt;
		unsigned int	size;
		unsigned int	slot;
		bool		is_signed;
		bool		dynamic;
	} want[] = {
		{ "u64", "lat", "%llu", 8, 0, false, false },
		{ "pid_t", "pid", "%d", 4, 1, true, false },
		{ "char[16]", "comm", "%s", 16, 2, true, false },
		{ "__data_loc char[]", "name", "%s", 8, 34, true, true },
		{ "__data_loc unsigned long[]", "stack", "%s", 8, 35, true, true },
		{ "gfp_t", "gfp", "%x", 4, 36, false, false },
		{ "unsigned char", "uc", "%u", 1, 37, false, false },
		{ "s8", "small", "%d", 1, 38, true, false },
		{ "bool", "flag", "%d", 1, 39, true, false },
		{ "char[0x8]", "hex", "%s", 8, 40, true, false },
	};
	struct synth_event *se;
	const char *fmt;
	unsigned int i;

	se = sk_parse(test, "u64 lat; pid_t pid; char comm[16]; char name[];"
		      " unsigned long[] stack gfp_t gfp ; unsigned char uc;;"
		      "s8 small; bool flag; char[0x8] hex");
	KUNIT_ASSERT_EQ(test, se->n_fields, ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct synth_field *f = &se->fields[i];

		KUNIT_EXPECT_STREQ(test, f->type, want[i].type);
		KUNIT_EXPECT_STREQ(test, f->name, want[i].name);
		KUNIT_EXPECT_STREQ(test, f->fmt, want[i].fmt);
		KUNIT_EXPECT_EQ(test, f->size, want[i].size);
		KUNIT_EXPECT_EQ(test, f->slot, want[i].slot);
		KUNIT_EXPECT_EQ(test, f->is_signed, want[i].is_signed);
		KUNIT_EXPECT_EQ(test, f->is_dynamic, want[i].dynamic);
	}
	KUNIT_EXPECT_TRUE(test, se->fields[4].is_stack);
	KUNIT_EXPECT_TRUE(test, se->fields[5].is_gfp);
	KUNIT_EXPECT_EQ(test, se->n_u64, 72);
	KUNIT_EXPECT_EQ(test, se->n_dynamic, 2);

	KUNIT_ASSERT_EQ(test, synth_print_fmt(se), 0);
	fmt = SK_JOIN(test, "\"lat=%llu, pid=%d, comm=%s, name=%s, stack=%s, ",
		      "gfp=%x, uc=%u, small=%d, flag=%d, hex=%s\", ",
		      "REC->lat, REC->pid, REC->comm, __get_str(name), ",
		      "__get_stacktrace(stack), REC->gfp, REC->uc, ",
		      "REC->small, REC->flag, REC->hex");
	KUNIT_EXPECT_STREQ(test, se->call.print_fmt, fmt);
	synth_free(se);

	KUNIT_EXPECT_EQ(test, synth_type_size("unsigned long"), sizeof(long));
	KUNIT_EXPECT_EQ(test, synth_type_size("char[256]"), 256);
	KUNIT_EXPECT_EQ(test, synth_type_size("char[257]"), -EINVAL);
	KUNIT_EXPECT_EQ(test, synth_type_size("char[]"), 0);
	KUNIT_EXPECT_EQ(test, synth_type_size("long[]"), 0);
	KUNIT_EXPECT_EQ(test, synth_type_size("u128"), 0);
}

/* The newest entry of the top instance's error_log. */
static struct errlog_entry *sk_last_err(void)
{
	if (list_empty(&global_trace.err_log))
		return NULL;
	return list_last_entry(&global_trace.err_log, struct errlog_entry,
			       node);
}

#define SK_FORM		"Command must be of the form: <name> field[;field] ..."
#define SK_ARRAY	"Invalid array specification"

/* Malformed commands: upstream's ftracetest cases, and the counts. */
static void synth_kunit_errors(struct kunit *test)
{
	static const struct {
		const char	*cmd;	/* '^' marks the caret */
		const char	*msg;
		int		err;
	} cases[] = {
		{ "myevent ^chr arg", "Invalid type", -EINVAL },
		{ "myevent ^unsigned arg", "Incomplete type", -EINVAL },
		{ "myevent char ^str]; int v", "Illegal name", -EINVAL },
		{ "^mye-vent char str[]", "Illegal name", -EINVAL },
		{ "myevent char ^st-r[]", "Illegal name", -EINVAL },
		{ "myevent char str;^[]", "Invalid field", -EINVAL },
		{ "myevent char str; ^int", "Invalid field", -EINVAL },
		{ "myevent char ^str[; int v", SK_ARRAY, -EINVAL },
		{ "myevent char ^str[kdjdk]", SK_ARRAY, -EINVAL },
		{ "myevent char ^str[257]", SK_ARRAY, -EINVAL },
		{ "^mye;vent char str[]", SK_FORM, -EINVAL },
		{ "^myevent ; char str[]", SK_FORM, -EINVAL },
		{ "^myevent", SK_FORM, -EINVAL },
		{ "myevent ^u128 x", "Invalid type", -EINVAL },
		{ "myevent u64 a; ^unsigned", "Incomplete type", -EINVAL },
	};
	struct errlog_entry *e;
	char *cmd, *caret, *many;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cmd = kunit_kzalloc(test, strlen(cases[i].cmd) + 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, cmd);
		caret = strchr(cases[i].cmd, '^');
		memcpy(cmd, cases[i].cmd, caret - cases[i].cmd);
		strscpy(cmd + (caret - cases[i].cmd), caret + 1,
			strlen(caret + 1) + 1);

		ret = synth_command(cmd);
		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].err, "%s", cmd);
		e = sk_last_err();
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_STREQ_MSG(test, e->cmd, cmd, "%s", cmd);
		KUNIT_EXPECT_STREQ_MSG(test, e->msgs[e->msg], cases[i].msg,
				       "%s", cmd);
		KUNIT_EXPECT_EQ_MSG(test, e->caret, caret - cases[i].cmd,
				    "%s", cmd);
		KUNIT_EXPECT_STREQ(test, e->where, "synthetic_events: error: ");
	}

	/* 64 fields are fine, 65 are too many */
	many = kunit_kzalloc(test, 1024, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, many);
	strscpy(many, "sk_many", 1024);
	for (i = 0; i < SYNTH_FIELDS_MAX; i++)
		sprintf(many + strlen(many), " u8 f%u;", i);
	KUNIT_EXPECT_EQ(test, synth_command(many), 0);
	KUNIT_EXPECT_EQ(test, synth_command("!sk_many"), 0);
	strcat(many, " u8 last");
	KUNIT_EXPECT_EQ(test, synth_command(many), -EINVAL);
	e = sk_last_err();
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_STREQ(test, e->msgs[e->msg], "Too many fields");
	KUNIT_EXPECT_EQ(test, e->caret, 0);

	/* a second event of one name */
	KUNIT_EXPECT_EQ(test, synth_command("sk_dup u64 a"), 0);
	KUNIT_EXPECT_EQ(test, synth_command("sk_dup u32 b"), -EEXIST);
	e = sk_last_err();
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_STREQ(test, e->msgs[e->msg], "Event already exists");
	KUNIT_EXPECT_EQ(test, synth_command("!sk_dup"), 0);
	KUNIT_EXPECT_EQ(test, synth_command("!sk_dup"), -ENOENT);

	/* what the suite logged is not the system's */
	clear_tracing_err_log(&global_trace);
}

/* The next record of @buf, from any CPU; NULL when there is none. */
static void *sk_consume(struct trace_buffer *buf, unsigned int *len)
{
	struct ring_buffer_event *ev;
	int cpu;

	for_each_online_cpu(cpu) {
		ev = ring_buffer_consume(buf, cpu, NULL, NULL);
		if (ev) {
			*len = ring_buffer_event_length(ev);
			return ring_buffer_event_data(ev);
		}
	}
	return NULL;
}

/*
 * @rec as the trace file prints it, verbose or not, a NUL byte shown as
 * '@': the gfp_t flag names end in one (trace_print_flags_seq() ends its
 * text with a NUL, and 6.12's line has it too).
 */
static const char *sk_print(struct kunit *test, struct trace_array *tr,
			    struct trace_event_file *file, void *rec,
			    bool verbose)
{
	struct trace_event *event = &file->event_call->event;
	struct trace_iterator *iter;
	unsigned int saved = tr->trace_flags;
	unsigned int i, len;
	char *out;

	iter = kunit_kzalloc(test, sizeof(*iter), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	trace_seq_init(&iter->seq);
	iter->tr = tr;
	iter->ent = rec;
	if (verbose)
		tr->trace_flags |= TRACE_ITER_VERBOSE;
	else
		tr->trace_flags &= ~TRACE_ITER_VERBOSE;
	event->funcs->trace(iter, 0, event);
	tr->trace_flags = saved;
	len = trace_seq_used(&iter->seq);
	out = kunit_kzalloc(test, len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	memcpy(out, iter->seq.buffer, len);
	for (i = 0; i < len; i++)
		if (!out[i])
			out[i] = '@';
	return out;
}

static void synth_kunit_api(struct kunit *test)
{
	static struct synth_field_desc fields[] = {
		{ "u64", "lat" }, { "s32", "delta" }, { "char[16]", "comm" },
		{ "char[]", "file" }, { "s8", "small" }, { "gfp_t", "gfp" },
	};
	struct synth_event_trace_state st;
	struct trace_event_file *file;
	struct synth_trace_event *rec;
	struct trace_array *tr;
	u64 vals[ARRAY_SIZE(fields)];
	unsigned int len;
	u32 loc;

	KUNIT_ASSERT_EQ(test, synth_event_create(SK_EVENT, fields,
						 ARRAY_SIZE(fields), NULL), 0);
	KUNIT_EXPECT_EQ(test, synth_event_create(SK_EVENT, fields,
						 ARRAY_SIZE(fields), NULL),
			-EEXIST);
	tr = trace_array_get_by_name("synth_kunit", NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	file = trace_get_event_file("synth_kunit", SYNTH_SYSTEM, SK_EVENT);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));

	/* disabled: nothing is written, and it is not an error */
	KUNIT_EXPECT_EQ(test, synth_event_trace(file, 6, 1ULL, 2ULL,
						(u64)(long)"x", (u64)(long)"y",
						3ULL, 0ULL), 0);
	KUNIT_ASSERT_EQ(test, trace_array_set_clr_event(tr, SYNTH_SYSTEM,
							SK_EVENT, true), 0);
	KUNIT_EXPECT_NULL(test, sk_consume(tr->array_buffer.buffer, &len));

	KUNIT_EXPECT_EQ(test, synth_event_trace(file, 5, 1ULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, synth_event_trace(file, 6, 12345ULL, (u64)-7,
						(u64)(long)"kworker/0:1",
						(u64)(long)"/bin/true",
						(u64)-1, 0xcc0ULL), 0);
	rec = sk_consume(tr->array_buffer.buffer, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	/* 37 slots (the string has 32) and "/bin/true" with its NUL */
	KUNIT_EXPECT_GE(test, len, sizeof(*rec) + 37 * 8 + 10);
	KUNIT_EXPECT_EQ(test, rec->slots[0], 12345);
	KUNIT_EXPECT_EQ(test, *(s32 *)&rec->slots[1], -7);
	KUNIT_EXPECT_STREQ(test, (char *)&rec->slots[2], "kworker/0:1");
	loc = *(u32 *)&rec->slots[34];
	KUNIT_EXPECT_EQ(test, loc, 10 << 16 | (u32)(sizeof(*rec) + 37 * 8));
	KUNIT_EXPECT_STREQ(test, (char *)rec + (loc & 0xffff), "/bin/true");
	KUNIT_EXPECT_STREQ(test, sk_print(test, tr, file, rec, false),
			   SK_JOIN(test, SK_EVENT ": lat=12345 delta=-7 ",
				   "comm=kworker/0:1 file=/bin/true small=255 ",
				   "gfp=cc0 (GFP_KERNEL@)\n"));
	KUNIT_EXPECT_STREQ(test, sk_print(test, tr, file, rec, true),
			   SK_JOIN(test, SK_EVENT ": %llu lat=12345 %d delta=-7 ",
				   "%s comm=kworker/0:1 %s file=/bin/true ",
				   "%d small=255 %x gfp=cc0 (GFP_KERNEL@)\n"));

	/* an array of values */
	vals[0] = 1;
	vals[1] = 2;
	vals[2] = (u64)(long)"c";
	vals[3] = (u64)(long)"";
	vals[4] = 5;
	vals[5] = 0;
	KUNIT_EXPECT_EQ(test, synth_event_trace_array(file, vals, 6), 0);
	rec = sk_consume(tr->array_buffer.buffer, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_STREQ(test, sk_print(test, tr, file, rec, false),
			   SK_EVENT ": lat=1 delta=2 comm=c file= small=5 gfp=0 (@)\n");

	/* piecewise: refused with a variable-length field */
	KUNIT_EXPECT_EQ(test, synth_event_trace_start(file, &st), -ENOTSUPP);
	KUNIT_EXPECT_EQ(test, trace_array_set_clr_event(tr, SYNTH_SYSTEM,
							SK_EVENT, false), 0);
	KUNIT_EXPECT_EQ(test, synth_event_delete(SK_EVENT), -EBUSY);
	trace_put_event_file(file);
	KUNIT_EXPECT_EQ(test, synth_event_delete(SK_EVENT), 0);

	/* piecewise, on an event without one */
	KUNIT_ASSERT_EQ(test, synth_event_create(SK_EVENT, fields, 3, NULL), 0);
	file = trace_get_event_file("synth_kunit", SYNTH_SYSTEM, SK_EVENT);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));
	KUNIT_ASSERT_EQ(test, trace_array_set_clr_event(tr, SYNTH_SYSTEM,
							SK_EVENT, true), 0);
	KUNIT_ASSERT_EQ(test, synth_event_trace_start(file, &st), 0);
	KUNIT_EXPECT_EQ(test, synth_event_add_val("comm", (u64)(long)"sh", &st), 0);
	KUNIT_EXPECT_EQ(test, synth_event_add_next_val(3, &st), -EINVAL);
	KUNIT_EXPECT_EQ(test, synth_event_add_val("nope", 1, &st), -EINVAL);
	KUNIT_EXPECT_EQ(test, synth_event_add_val("lat", 7, &st), 0);
	KUNIT_EXPECT_EQ(test, synth_event_add_val("delta", 8, &st), 0);
	KUNIT_EXPECT_EQ(test, synth_event_trace_end(&st), 0);
	rec = sk_consume(tr->array_buffer.buffer, &len);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_STREQ(test, sk_print(test, tr, file, rec, false),
			   SK_EVENT ": lat=7 delta=8 comm=sh\n");
	KUNIT_EXPECT_EQ(test, trace_array_set_clr_event(tr, SYNTH_SYSTEM,
							SK_EVENT, false), 0);
	trace_put_event_file(file);
	KUNIT_EXPECT_EQ(test, synth_event_delete(SK_EVENT), 0);
	trace_array_put(tr);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), 0);
}

static struct kunit_case synth_kunit_cases[] = {
	KUNIT_CASE(synth_kunit_layout),
	KUNIT_CASE(synth_kunit_errors),
	KUNIT_CASE(synth_kunit_api),
	{}
};

static struct kunit_suite synth_kunit_suite = {
	.name = "synth",
	.test_cases = synth_kunit_cases,
};

kunit_test_suite(synth_kunit_suite);
