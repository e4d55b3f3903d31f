// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_graph": the graph tracer's text from hand-made
 * records (trace_graph_print.c).  Each case writes funcgraph_entry,
 * funcgraph_exit and print records into a small ring buffer of its own
 * on one CPU, then reads them back as trace_pipe does (consuming, the
 * leaf check peeking the record after an entry) into one string, and
 * compares it with the text 6.12 prints for the same records.
 *
 * The functions named in the records are this file's, so %ps prints
 * their names.  Runs in process context at boot (kunit), preemption
 * off while records are written so they land on one CPU.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_seq.h>
#include <asm/sections.h>

#include "instance/trace_array.h"
#include "trace_graph.h"
#include "trace_records.h"

static noinline void tgk_outer(void) { }
static noinline void tgk_inner(void) { }

#define TGK_OUT		((unsigned long)tgk_outer)
#define TGK_IN		((unsigned long)tgk_inner)
#define TGK_TEXT	4096

struct tgk {
	struct trace_array	tr;
	struct trace_iterator	iter;
	struct trace_buffer	*buffer;
	int			cpu;
	char			*text;
	size_t			len;
};

static struct tgk *tgk_new(struct kunit *test)
{
	struct tgk *k = kunit_kzalloc(test, sizeof(*k), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, k);
	k->buffer = ring_buffer_alloc(PAGE_SIZE * 4, 0);
	KUNIT_ASSERT_NOT_NULL(test, k->buffer);
	k->text = kunit_kzalloc(test, TGK_TEXT, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, k->text);
	k->tr.trace_flags = TRACE_ITER_CONTEXT_INFO;
	k->tr.array_buffer.buffer = k->buffer;
	k->iter.tr = &k->tr;
	k->iter.array_buffer = &k->tr.array_buffer;
	k->iter.cpu_file = RING_BUFFER_ALL_CPUS;
	return k;
}

static void tgk_free(struct tgk *k)
{
	tgraph_print_close(&k->iter);
	ring_buffer_free(k->buffer);
}

/* Records of one test, all on the CPU that writes the first. */
static void tgk_write(struct tgk *k, void *rec, size_t len)
{
	KUNIT_ASSERT_EQ(current->kunit_test, ring_buffer_write(k->buffer, len, rec), 0);
}

static void tgk_ent(struct tgk *k, pid_t pid, unsigned long func, int depth)
{
	struct ftrace_graph_ent_entry e = {
		.ent.type = TRACE_GRAPH_ENT,
		.ent.pid = pid,
		.graph_ent.func = func,
		.graph_ent.depth = depth,
	};

	tgk_write(k, &e, sizeof(e));
}

static void tgk_ret(struct tgk *k, pid_t pid, unsigned long func, int depth,
		    u64 ns)
{
	struct ftrace_graph_ret_entry r = {
		.ent.type = TRACE_GRAPH_RET,
		.ent.pid = pid,
		.ret.func = func,
		.ret.depth = depth,
		.ret.calltime = 1000000,
		.ret.rettime = 1000000 + ns,
	};

	tgk_write(k, &r, sizeof(r));
}

static void tgk_print(struct tgk *k, pid_t pid, const char *msg)
{
	size_t len = sizeof(struct print_entry) + strlen(msg) + 1;
	struct print_entry *p;
	u64 rec[8] = { };

	p = (struct print_entry *)rec;
	KUNIT_ASSERT_LE(current->kunit_test, len, sizeof(rec));
	p->ent.type = TRACE_PRINT;
	p->ent.pid = pid;
	memcpy(p->buf, msg, strlen(msg) + 1);
	tgk_write(k, p, len);
}

/* Read everything back as trace_pipe would, with options @opts. */
static const char *tgk_read(struct tgk *k, u32 opts)
{
	struct trace_iterator *iter = &k->iter;
	struct ring_buffer_event *event;
	enum print_line_t ret;

	if (!iter->private)
		tgraph_print_open(iter);
	k->len = 0;
	k->text[0] = '\0';
	while ((event = ring_buffer_peek(k->buffer, k->cpu, &iter->ts, NULL))) {
		iter->ent = ring_buffer_event_data(event);
		iter->cpu = k->cpu;
		trace_seq_init(&iter->seq);
		ret = tgraph_print_line(iter, opts);
		if (ret != TRACE_TYPE_NO_CONSUME)
			ring_buffer_consume(k->buffer, k->cpu, NULL, NULL);
		k->len += scnprintf(k->text + k->len, TGK_TEXT - k->len, "%.*s",
				    (int)iter->seq.seq.len, iter->seq.buffer);
	}
	return k->text;
}

/* Read the first record's text only (a leaf takes its exit along). */
static const char *tgk_read_one(struct tgk *k, u32 opts)
{
	struct trace_iterator *iter = &k->iter;
	struct ring_buffer_event *event;

	if (!iter->private)
		tgraph_print_open(iter);
	k->text[0] = '\0';
	event = ring_buffer_peek(k->buffer, k->cpu, &iter->ts, NULL);
	if (!event)
		return k->text;
	iter->ent = ring_buffer_event_data(event);
	iter->cpu = k->cpu;
	trace_seq_init(&iter->seq);
	if (tgraph_print_line(iter, opts) != TRACE_TYPE_NO_CONSUME)
		ring_buffer_consume(k->buffer, k->cpu, NULL, NULL);
	scnprintf(k->text, TGK_TEXT, "%.*s", (int)iter->seq.seq.len,
		  iter->seq.buffer);
	return k->text;
}

#define TGK_DEFAULT	(TGRAPH_OPT_OVERHEAD | TGRAPH_OPT_DURATION | \
			 TGRAPH_OPT_IRQS)

static void tgk_duration(struct kunit *test)
{
	static const struct {
		u64		ns;
		const char	*text;
	} cases[] = {
		{ 0,		"0.000 us    " },
		{ 1234,		"1.234 us    " },
		{ 20000,	"20.000 us   " },
		{ 123456,	"123.456 us  " },
		{ 12345678,	"12345.67 us " },
		{ 123456789,	"123456.7 us " },
		{ 1234567890,	"1234567 us  " },
		{ 123456789012,	"123456789 us " },
	};
	struct trace_seq *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		trace_seq_init(s);
		tgraph_print_duration(s, cases[i].ns);
		KUNIT_EXPECT_STREQ(test, s->buffer, cases[i].text);
	}
}

/* A nested call, a leaf inside it, the closing brace with a mark. */
static void tgk_tree(struct kunit *test)
{
	struct tgk *k = tgk_new(test);

	preempt_disable();
	k->cpu = smp_processor_id();
	tgk_ent(k, 32001, TGK_OUT, 0);
	tgk_ent(k, 32001, TGK_IN, 1);
	tgk_ret(k, 32001, TGK_IN, 1, 1000);
	tgk_ret(k, 32001, TGK_OUT, 0, 20000);
	preempt_enable();

	KUNIT_EXPECT_STREQ(test, tgk_read(k, TGK_DEFAULT),
			   "              |  tgk_outer() {\n"
			   "  1.000 us    |    tgk_inner();\n"
			   "+ 20.000 us   |  }\n");
	tgk_free(k);
}

/* funcgraph-tail, and an exit whose entry is not in the buffer. */
static void tgk_tail(struct kunit *test)
{
	struct tgk *k = tgk_new(test);

	preempt_disable();
	k->cpu = smp_processor_id();
	tgk_ret(k, 32001, TGK_IN, 1, 5);
	tgk_ent(k, 32001, TGK_OUT, 0);
	tgk_ent(k, 32001, TGK_IN, 1);
	tgk_ret(k, 32001, TGK_IN, 1, 5);
	tgk_ret(k, 32001, TGK_OUT, 0, 9);
	preempt_enable();

	KUNIT_EXPECT_STREQ(test, tgk_read(k, TGRAPH_OPT_TAIL),
			   "  } /* tgk_inner */\n"
			   "tgk_outer() {\n"
			   "  tgk_inner();\n"
			   "} /* tgk_outer */\n");
	tgk_free(k);
}

/* Another task on the CPU, and a comment at the current depth. */
static void tgk_switch_comment(struct kunit *test)
{
	struct tgk *k = tgk_new(test);
	char *want;

	preempt_disable();
	k->cpu = smp_processor_id();
	tgk_ent(k, 32001, TGK_OUT, 0);
	tgk_ent(k, 32001, TGK_IN, 1);
	tgk_print(k, 32001, "hello\n");
	tgk_ret(k, 32002, TGK_IN, 1, 2000);
	preempt_enable();

	want = kasprintf(GFP_KERNEL,
			 " %*d)               |  tgk_outer() {\n"
			 " %*d)               |    tgk_inner() {\n"
			 " %*d)               |      /* hello */\n"
			 " ------------------------------------------\n"
			 " %*d)  <...>-32001   =>  <...>-32002%2s\n"
			 " ------------------------------------------\n\n"
			 " %*d)   2.000 us    |    }\n",
			 1, k->cpu, 1, k->cpu, 1, k->cpu,
			 1, k->cpu, "", 1, k->cpu);
	KUNIT_ASSERT_NOT_NULL(test, want);
	/* The CPU column is as wide as the highest CPU number. */
	if (nr_cpu_ids <= 10)
		KUNIT_EXPECT_STREQ(test, tgk_read(k, TGK_DEFAULT | TGRAPH_OPT_CPU),
				   want);
	kfree(want);
	tgk_free(k);
}

/* No context columns at all without context-info; funcgraph-proc. */
static void tgk_columns(struct kunit *test)
{
	struct tgk *k = tgk_new(test);

	preempt_disable();
	k->cpu = smp_processor_id();
	tgk_ent(k, 32001, TGK_IN, 0);
	tgk_ret(k, 32001, TGK_IN, 0, 100001);
	tgk_ent(k, 32001, TGK_IN, 0);
	tgk_ret(k, 32001, TGK_IN, 0, 100001);
	preempt_enable();

	/* One leaf with context-info off, the other with it on. */
	k->tr.trace_flags = 0;
	KUNIT_EXPECT_STREQ(test, tgk_read_one(k, TGK_DEFAULT | TGRAPH_OPT_PROC),
			   "tgk_inner();\n");
	k->tr.trace_flags = TRACE_ITER_CONTEXT_INFO;
	KUNIT_EXPECT_STREQ(test, tgk_read(k, TGK_DEFAULT | TGRAPH_OPT_PROC),
			   " <...>-32001   | ! 100.001 us  |  tgk_inner();\n");
	tgk_free(k);
}

/*
 * A function of the irq entry text: an arrow line in and out with
 * funcgraph-irqs, nothing at all without it.
 */
static void tgk_irq(struct kunit *test)
{
	struct tgk *k = tgk_new(test);
	unsigned long irq = (unsigned long)__irqentry_text_start;
	const char *text;
	size_t len;

	if (irq == (unsigned long)__irqentry_text_end) {
		tgk_free(k);
		kunit_skip(test, "no irq entry text");
	}
	preempt_disable();
	k->cpu = smp_processor_id();
	tgk_ent(k, 32001, irq, 0);
	tgk_ret(k, 32001, irq, 0, 1000);
	tgk_ent(k, 32001, irq, 0);
	tgk_ret(k, 32001, irq, 0, 1000);
	preempt_enable();

	text = tgk_read_one(k, TGK_DEFAULT);
	len = strlen(text);
	KUNIT_EXPECT_EQ(test, strncmp(text, "  ==========> |\n", 16), 0);
	KUNIT_EXPECT_GE(test, len, 32);
	if (len >= 32)
		KUNIT_EXPECT_STREQ(test, text + len - 16, "  <========== |\n");
	KUNIT_EXPECT_STREQ(test, tgk_read(k, TGK_DEFAULT & ~TGRAPH_OPT_IRQS), "");
	tgk_free(k);
}

/* The header for the defaults, and with every column. */
static const char tgk_header_default[] =
	"# CPU  DURATION                  FUNCTION CALLS\n"
	"# |     |   |                     |   |   |   |\n";
static const char tgk_header_all[] =
	"#     TIME        CPU  TASK/PID         DURATION                  FUNCTION CALLS\n"
	"#      |          |     |    |           |   |                     |   |   |   |\n";

static void tgk_header(struct kunit *test)
{
	struct tgk *k = tgk_new(test);
	struct seq_file m = { };

	m.size = TGK_TEXT;
	m.buf = k->text;
	m.private = &k->iter;
	tgraph_print_header(&m, &k->iter, TGK_DEFAULT | TGRAPH_OPT_CPU);
	KUNIT_EXPECT_EQ(test, m.count, strlen(tgk_header_default));
	KUNIT_EXPECT_EQ(test, strncmp(m.buf, tgk_header_default, m.count), 0);

	m.count = 0;
	tgraph_print_header(&m, &k->iter, TGRAPH_OPT_ABSTIME | TGRAPH_OPT_CPU |
			    TGRAPH_OPT_PROC | TGRAPH_OPT_DURATION);
	KUNIT_EXPECT_EQ(test, m.count, strlen(tgk_header_all));
	KUNIT_EXPECT_EQ(test, strncmp(m.buf, tgk_header_all, m.count), 0);
	tgk_free(k);
}

static struct kunit_case tgk_cases[] = {
	KUNIT_CASE(tgk_duration),
	KUNIT_CASE(tgk_tree),
	KUNIT_CASE(tgk_tail),
	KUNIT_CASE(tgk_switch_comment),
	KUNIT_CASE(tgk_columns),
	KUNIT_CASE(tgk_irq),
	KUNIT_CASE(tgk_header),
	{ }
};

static struct kunit_suite tgk_suite = {
	.name		= "trace_graph",
	.test_cases	= tgk_cases,
};

kunit_test_suite(tgk_suite);
