// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_opts": options, tracer options and README without
 * tracefs.
 *
 * The option table is checked against the order user space sees in
 * trace_options (bit order and names); the "[no]NAME" parser on
 * blanks, a bare "no", empty and oversized words; which options are
 * global only and which a new instance does not inherit; the lookup of
 * a tracer's option; set_tracer_flag() and trace_set_options() on a
 * private instance (a zeroed struct trace_array never registered, whose
 * tracer is a fake one with two options, one refused); and README's
 * feature strings: the core's is there, none of a capability that is
 * not built.
 *
 * Runs at boot with the other built-in suites (process context); takes
 * event_mutex and trace_types_lock like a write to trace_options.
 */
#include <kunit/test.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "instance/trace_array.h"
#include "messages/trace_printk.h"
#include "trace_flags.h"
#include "trace_opts.h"
#include "trace_tracer.h"

/*
 * The core options in trace_options order, as user space sees them
 * (exact text); options of tracers that are built follow.
 */
static const char * const opts_kunit_order[] = {
	"print-parent", "sym-offset", "sym-addr", "verbose", "raw", "hex",
	"bin", "block", "fields", "trace_printk", "annotate",
	"userstacktrace", "sym-userobj", "printk-msg-only", "context-info",
	"latency-format", "record-cmd", "record-tgid", "overwrite",
	"disable_on_free", "irq-info", "markers", "event-fork",
	"trace_printk_dest", "pause-on-trace", "hash-ptr",
};

static void opts_kunit_table_order(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_GE(test, trace_opt_count(),
			(unsigned int)ARRAY_SIZE(opts_kunit_order));
	KUNIT_EXPECT_EQ(test, trace_opt_count(),
			(unsigned int)TRACE_ITER_LAST_BIT);
	for (i = 0; i < ARRAY_SIZE(opts_kunit_order); i++)
		KUNIT_EXPECT_STREQ(test, trace_opt_name(i), opts_kunit_order[i]);
	KUNIT_EXPECT_NULL(test, trace_opt_name(trace_opt_count()));

	/* A few bits that other files test by their enum name. */
	KUNIT_EXPECT_STREQ(test, trace_opt_name(TRACE_ITER_OVERWRITE_BIT),
			   "overwrite");
	KUNIT_EXPECT_STREQ(test, trace_opt_name(TRACE_ITER_TRACE_PRINTK_BIT),
			   "trace_printk_dest");
	KUNIT_EXPECT_STREQ(test, trace_opt_name(TRACE_ITER_PRINTK_BIT),
			   "trace_printk");
}

static void opts_kunit_lookup(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, trace_opt_lookup("overwrite"),
			(int)TRACE_ITER_OVERWRITE_BIT);
	KUNIT_EXPECT_EQ(test, trace_opt_lookup("print-parent"), 0);
	KUNIT_EXPECT_EQ(test, trace_opt_lookup("hash-ptr"),
			(int)TRACE_ITER_HASH_PTR_BIT);
	KUNIT_EXPECT_EQ(test, trace_opt_lookup("nooverwrite"), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_opt_lookup("overwrite "), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_opt_lookup("test_nop_accept"), -EINVAL);
	KUNIT_EXPECT_EQ(test, trace_opt_lookup(""), -EINVAL);
}

struct opts_kunit_word {
	const char *in;
	int ret;
	const char *name;
	bool neg;
};

static const struct opts_kunit_word opts_kunit_words[] = {
	{ "overwrite",		0, "overwrite",		false },
	{ "nooverwrite\n",	0, "overwrite",		true },
	{ "  noirq-info \t\n",	0, "irq-info",		true },
	{ "notest_nop_accept",	0, "test_nop_accept",	true },
	{ "nono",		0, "no",		true },
	{ "no",			0, "no",		false },
	{ "n",			0, "n",			false },
	{ "",			-EINVAL },
	{ "\t\n",		-EINVAL },
	{ "no overwrite",	0, " overwrite",	true },
};

static void opts_kunit_parse(struct kunit *test)
{
	char name[TRACE_OPTS_WRITE_MAX];
	char big[TRACE_OPTS_WRITE_MAX + 8];
	unsigned int i;
	bool neg;

	for (i = 0; i < ARRAY_SIZE(opts_kunit_words); i++) {
		const struct opts_kunit_word *w = &opts_kunit_words[i];
		int ret = trace_opt_parse(w->in, name, sizeof(name), &neg);

		KUNIT_EXPECT_EQ_MSG(test, ret, w->ret, "input \"%s\"", w->in);
		if (ret || w->ret)
			continue;
		KUNIT_EXPECT_STREQ_MSG(test, name, w->name, "input \"%s\"", w->in);
		KUNIT_EXPECT_EQ_MSG(test, neg, w->neg, "input \"%s\"", w->in);
	}

	/* A name that does not fit is refused, not cut. */
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	KUNIT_EXPECT_EQ(test, trace_opt_parse(big, name, sizeof(name), &neg),
			-EINVAL);
	big[sizeof(name) - 1] = '\0';
	KUNIT_EXPECT_EQ(test, trace_opt_parse(big, name, sizeof(name), &neg),
			0);
}

static void opts_kunit_scope(struct kunit *test)
{
	unsigned int bit;

	for (bit = 0; bit < trace_opt_count(); bit++) {
		bool global_only = bit == TRACE_ITER_PRINTK_BIT ||
				   bit == TRACE_ITER_PRINTK_MSGONLY_BIT ||
				   bit == TRACE_ITER_RECORD_CMD_BIT;
		bool fresh = bit == TRACE_ITER_EVENT_FORK_BIT ||
			     bit == TRACE_ITER_TRACE_PRINTK_BIT;

#ifdef CONFIG_FUNCTION_TRACER
		fresh |= bit == TRACE_ITER_FUNC_FORK_BIT;
#endif
		KUNIT_EXPECT_EQ_MSG(test, trace_opt_has_instance_file(bit),
				    !global_only, "%s", trace_opt_name(bit));
		KUNIT_EXPECT_EQ_MSG(test, trace_opt_not_inherited(bit), fresh,
				    "%s", trace_opt_name(bit));
	}
}

/* A tracer of our own: option "kunit_a" is accepted, "kunit_b" refused. */
enum { OPTS_KUNIT_A = BIT(0), OPTS_KUNIT_B = BIT(3) };

static struct tracer_opt opts_kunit_topts[] = {
	{ .name = "kunit_a", .bit = OPTS_KUNIT_A },
	{ .name = "kunit_b", .bit = OPTS_KUNIT_B },
	{ }
};

static int opts_kunit_set_flag(struct trace_array *tr, u32 old, u32 bit,
			       int set)
{
	return bit == OPTS_KUNIT_B ? -EPERM : 0;
}

static bool opts_kunit_veto;

static int opts_kunit_flag_changed(struct trace_array *tr, u32 mask, int set)
{
	return opts_kunit_veto && mask == TRACE_ITER_VERBOSE;
}

struct opts_kunit_ctx {
	struct trace_array tr;
	struct tracer tracer;
	struct tracer_flags flags;
};

static struct opts_kunit_ctx *opts_kunit_setup(struct kunit *test)
{
	struct opts_kunit_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->flags.opts = opts_kunit_topts;
	ctx->flags.trace = &ctx->tracer;
	ctx->tracer.name = "kunit";
	ctx->tracer.flags = &ctx->flags;
	ctx->tracer.set_flag = opts_kunit_set_flag;
	ctx->tracer.flag_changed = opts_kunit_flag_changed;
	ctx->tr.current_trace = &ctx->tracer;
	ctx->tr.trace_flags = TRACE_ITER_HEX;
	return ctx;
}

static void opts_kunit_tracer_opt(struct kunit *test)
{
	struct opts_kunit_ctx *ctx = opts_kunit_setup(test);
	struct tracer_opt *opt;

	opt = trace_tracer_opt_find(&ctx->flags, "kunit_b");
	KUNIT_ASSERT_NOT_NULL(test, opt);
	KUNIT_EXPECT_EQ(test, opt->bit, (u32)OPTS_KUNIT_B);
	KUNIT_EXPECT_NULL(test, trace_tracer_opt_find(&ctx->flags, "kunit"));
	KUNIT_EXPECT_NULL(test, trace_tracer_opt_find(&ctx->flags, "hex"));
	KUNIT_EXPECT_NULL(test, trace_tracer_opt_find(NULL, "kunit_a"));

	opt = trace_tracer_opt_find(nop_trace.flags, "test_nop_refuse");
	KUNIT_EXPECT_NOT_NULL(test, opt);
}

static void opts_kunit_set_options(struct kunit *test)
{
	struct opts_kunit_ctx *ctx = opts_kunit_setup(test);
	struct trace_array *tr = &ctx->tr;
	char word[32];

	/* Core options come first and flip one bit each. */
	strscpy(word, "nohex\n", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), 0);
	KUNIT_EXPECT_STREQ(test, word, "nohex\n");
	KUNIT_EXPECT_EQ(test, tr->trace_flags, 0UL);
	strscpy(word, "raw", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), 0);
	KUNIT_EXPECT_EQ(test, tr->trace_flags, (unsigned long)TRACE_ITER_RAW);

	/* Then the current tracer's; its refusal is the write's error. */
	strscpy(word, "kunit_a", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), 0);
	KUNIT_EXPECT_EQ(test, ctx->flags.val, (u32)OPTS_KUNIT_A);
	strscpy(word, "kunit_b", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), -EPERM);
	KUNIT_EXPECT_EQ(test, ctx->flags.val, (u32)OPTS_KUNIT_A);
	strscpy(word, "nokunit_a", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), 0);
	KUNIT_EXPECT_EQ(test, ctx->flags.val, 0U);

	/* Unknown names, and another tracer's options, are refused. */
	strscpy(word, "test_nop_accept", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), -EINVAL);
	strscpy(word, "no", sizeof(word));
	KUNIT_EXPECT_EQ(test, trace_set_options(tr, word), -EINVAL);
	KUNIT_EXPECT_EQ(test, tr->trace_flags, (unsigned long)TRACE_ITER_RAW);
}

static void opts_kunit_set_flag_veto(struct kunit *test)
{
	struct opts_kunit_ctx *ctx = opts_kunit_setup(test);
	struct trace_array *tr = &ctx->tr;

	mutex_lock(&event_mutex);
	mutex_lock(&trace_types_lock);

	/* No change is no call: the veto is not even asked. */
	opts_kunit_veto = true;
	KUNIT_EXPECT_EQ(test, set_tracer_flag(tr, TRACE_ITER_HEX, 1), 0);
	KUNIT_EXPECT_EQ(test, set_tracer_flag(tr, TRACE_ITER_VERBOSE, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, tr->trace_flags, (unsigned long)TRACE_ITER_HEX);
	opts_kunit_veto = false;
	KUNIT_EXPECT_EQ(test, set_tracer_flag(tr, TRACE_ITER_VERBOSE, 1), 0);
	KUNIT_EXPECT_EQ(test, tr->trace_flags,
			(unsigned long)(TRACE_ITER_HEX | TRACE_ITER_VERBOSE));

	/* The global instance cannot give trace_printk_dest away itself. */
	if (printk_trace == &global_trace)
		KUNIT_EXPECT_EQ(test, set_tracer_flag(&global_trace,
						      TRACE_ITER_TRACE_PRINTK,
						      0), -EINVAL);

	mutex_unlock(&trace_types_lock);
	mutex_unlock(&event_mutex);
}

/*
 * README strings ftracetest requires, and the capability behind each (as
 * 6.12 prints them: the dynamic-event formats but "dynamic_events" itself
 * are in the probe events' part; s: also needs synthetic events).  The
 * histograms' handlers come with histograms, snapshot() also needs the
 * snapshot buffer.
 */
static const struct {
	const char *text;
	bool built;
} opts_kunit_readme[] = {
	{ "[gid=<gid>]", true },
	{ "snapshot()", IS_ENABLED(CONFIG_HIST_TRIGGERS) &&
			IS_ENABLED(CONFIG_TRACER_SNAPSHOT) },
	{ "onchange(var)", IS_ENABLED(CONFIG_HIST_TRIGGERS) },
	{ "trace(<synthetic_event>", IS_ENABLED(CONFIG_HIST_TRIGGERS) },
	{ "common_stacktrace", IS_ENABLED(CONFIG_HIST_TRIGGERS) },
	{ "<var1>=<field|var_ref|numeric_literal>",
	  IS_ENABLED(CONFIG_HIST_TRIGGERS) },
	{ "s:[synthetic/]", IS_ENABLED(CONFIG_SYNTH_EVENTS) &&
			     IS_ENABLED(CONFIG_PROBE_EVENTS) },
	{ "' >> synthetic_events", IS_ENABLED(CONFIG_HIST_TRIGGERS) &&
				    IS_ENABLED(CONFIG_SYNTH_EVENTS) },
	{ "place: [<module>:]<symbol>", IS_ENABLED(CONFIG_KPROBE_EVENTS) },
	{ "x8/16/32/64", IS_ENABLED(CONFIG_PROBE_EVENTS) },
	{ "%pd/%pD", IS_ENABLED(CONFIG_PROBE_EVENTS) },
	{ "$arg<N>", IS_ENABLED(CONFIG_PROBE_EVENTS) },
	{ "Create/append/", IS_ENABLED(CONFIG_DYNAMIC_EVENTS) },
	{ "place (kretprobe): [<module>:]<symbol>[+<offset>]%return",
	  IS_ENABLED(CONFIG_KPROBE_EVENTS) },
	{ "r[maxactive]", IS_ENABLED(CONFIG_KPROBE_EVENTS) },
	{ "kernel return probes support:", IS_ENABLED(CONFIG_KPROBE_EVENTS) },
	{ "imm-value", IS_ENABLED(CONFIG_PROBE_EVENTS) },
	{ "<attached-group>.<attached-event> [<args>] [if <filter>]",
	  IS_ENABLED(CONFIG_PROBE_EVENTS) },
	{ "place (uprobe):", IS_ENABLED(CONFIG_UPROBE_EVENTS) },
	/* no BTF names of arguments */
	{ "<argname>", false },
	{ "t[:[<group>/][<event>]]", IS_ENABLED(CONFIG_FPROBE_EVENTS) },
	{ "f[:[<group>/][<event>]]", IS_ENABLED(CONFIG_FPROBE_EVENTS) },
	{ "glob-matching-pattern", IS_ENABLED(CONFIG_DYNAMIC_FTRACE) },
};

static void opts_kunit_readme_strings(struct kunit *test)
{
	struct seq_file m = { };
	unsigned int i;

	m.size = 16384;
	m.buf = kunit_kzalloc(test, m.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);
	trace_readme_show(&m);
	KUNIT_ASSERT_FALSE(test, seq_has_overflowed(&m));
	KUNIT_ASSERT_LT(test, m.count, m.size);
	m.buf[m.count] = '\0';

	for (i = 0; i < ARRAY_SIZE(opts_kunit_readme); i++)
		KUNIT_EXPECT_EQ_MSG(test, !!strstr(m.buf, opts_kunit_readme[i].text),
				    opts_kunit_readme[i].built, "\"%s\"",
				    opts_kunit_readme[i].text);
}

static struct kunit_case opts_kunit_cases[] = {
	KUNIT_CASE(opts_kunit_table_order),
	KUNIT_CASE(opts_kunit_lookup),
	KUNIT_CASE(opts_kunit_parse),
	KUNIT_CASE(opts_kunit_scope),
	KUNIT_CASE(opts_kunit_tracer_opt),
	KUNIT_CASE(opts_kunit_set_options),
	KUNIT_CASE(opts_kunit_set_flag_veto),
	KUNIT_CASE(opts_kunit_readme_strings),
	{ }
};

static struct kunit_suite opts_kunit_suite = {
	.name = "trace_opts",
	.test_cases = opts_kunit_cases,
};

kunit_test_suite(opts_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for trace options, tracer options and README");
MODULE_LICENSE("GPL");
