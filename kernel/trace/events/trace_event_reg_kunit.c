// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_event_reg": the event registry (trace_event_*.c).
 *
 * - The format file: a private call whose class lays out one field of
 *   each kind the staging headers produce (signed and unsigned scalars,
 *   a padded long, a fixed array, a __data_loc string, a bool) must give
 *   the text trace-cmd and perf parse, offsets as the alignment rules
 *   put them.
 * - The enable state machine: every transition of a private event file
 *   (user on/off, triggers taking and dropping soft mode, nested
 *   triggers, a probe that fails to register) with the "enable" text
 *   and the number of probe (un)registrations after each step.
 * - The pid sets of a private instance: set_event_pid and
 *   set_event_notrace_pid written through the registry, the PID_FILTER
 *   flag of its files, this CPU's verdict, and clearing.
 * - The print-fmt check: formats it must accept, mark for a check when
 *   printed, or report (the report itself is not made here: a warning
 *   would fail the run).
 *
 * The private calls never join ftrace_events and their "reg" only counts,
 * so no tracepoint is touched; the pid case uses a real instance
 * ("evreg_kunit"), destroyed at its end.
 */
#include <kunit/test.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/trace.h>
#include <linux/uaccess.h>

#include "instance/trace_array.h"
#include "lib/trace_pid.h"
#include "trace_event.h"
#include "trace_event_internal.h"

/* ---- a private event call -------------------------------------------- */

static struct trace_event_fields reg_fields[] = {
	{ .type = "int", .name = "num", .size = 4, .align = 4,
	  .is_signed = 1, .filter_type = FILTER_OTHER },
	{ .type = "unsigned long", .name = "addr", .size = 8, .align = 8,
	  .filter_type = FILTER_OTHER },
	{ .type = "char[16]", .name = "comm", .size = 16, .align = 1,
	  .is_signed = 1, .filter_type = FILTER_STATIC_STRING, .len = 16 },
	{ .type = "__data_loc char[]", .name = "name", .size = 4, .align = 4,
	  .filter_type = FILTER_DYN_STRING },
	{ .type = "bool", .name = "on", .size = 1, .align = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = "const char *", .name = "ptr", .size = 8, .align = 8,
	  .filter_type = FILTER_PTR_STRING },
	{ .type = "u8[6]", .name = "mac", .size = 6, .align = 1, .len = 6,
	  .filter_type = FILTER_OTHER },
	{}
};

struct reg_fake {
	struct trace_event_class class;
	struct trace_event_call call;
	struct trace_event_file file;
	struct trace_array tr;
	int regs, unregs, fail;
};

static int fake_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct reg_fake *fk = container_of(call, struct reg_fake, call);

	switch (type) {
	case TRACE_REG_REGISTER:
		if (fk->fail)
			return -ENOMEM;
		fk->regs++;
		return 0;
	case TRACE_REG_UNREGISTER:
		fk->unregs++;
		return 0;
	default:
		return 0;
	}
}

static struct reg_fake *fake_new(struct kunit *test, char *print_fmt)
{
	struct reg_fake *fk = kunit_kzalloc(test, sizeof(*fk), GFP_KERNEL);
	struct trace_event_fields *f;

	KUNIT_ASSERT_NOT_NULL(test, fk);
	for (f = reg_fields; f->type; f++)
		f->needs_test = 0;
	INIT_LIST_HEAD(&fk->class.fields);
	fk->class.system = "evreg_kunit";
	fk->class.fields_array = reg_fields;
	fk->class.reg = fake_reg;
	fk->call.class = &fk->class;
	fk->call.name = "evreg_kunit_ev";
	fk->call.print_fmt = print_fmt;
	fk->file.event_call = &fk->call;
	fk->file.tr = &fk->tr;
	atomic_set(&fk->file.sm_ref, 0);
	return fk;
}

/* ---- the format file ------------------------------------------------- */

static const char reg_format[] =
	"name: evreg_kunit_ev\n"
	"ID: 0\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int num;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long addr;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:char comm[16];\toffset:24;\tsize:16;\tsigned:1;\n"
	"\tfield:__data_loc char[] name;\toffset:40;\tsize:4;\tsigned:0;\n"
	"\tfield:bool on;\toffset:44;\tsize:1;\tsigned:0;\n"
	"\tfield:const char * ptr;\toffset:48;\tsize:8;\tsigned:0;\n"
	"\tfield:u8 mac[6];\toffset:56;\tsize:6;\tsigned:0;\n"
	"\n"
	"print fmt: \"num=%d comm=%s\", REC->num, REC->comm\n";

static void reg_format_text(struct kunit *test)
{
	struct reg_fake *fk = fake_new(test, "\"num=%d comm=%s\", REC->num, REC->comm");
	struct seq_file m = { .size = PAGE_SIZE };
	struct ftrace_event_field *f;

	m.buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);

	KUNIT_ASSERT_EQ(test, evreg_define_fields(&fk->call), 0);
	evreg_format_text(&m, &fk->call);
	KUNIT_EXPECT_FALSE(test, seq_has_overflowed(&m));
	KUNIT_EXPECT_EQ(test, m.count, strlen(reg_format));
	KUNIT_EXPECT_STREQ(test, m.buf, reg_format);

	/* the head of the list is the last field: the end of the record */
	KUNIT_EXPECT_EQ(test, trace_event_get_offsets(&fk->call), 62);
	/* a field is found by name, the common ones too */
	f = trace_find_event_field(&fk->call, "name");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, f->filter_type, FILTER_DYN_STRING);
	KUNIT_EXPECT_NOT_NULL(test, trace_find_event_field(&fk->call, "common_pid"));
	KUNIT_EXPECT_NULL(test, trace_find_event_field(&fk->call, "nosuch"));

	/* built once per class: a second call adds nothing */
	KUNIT_EXPECT_EQ(test, evreg_define_fields(&fk->call), 0);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&fk->class.fields), 7);
	evreg_destroy_fields(&fk->call);
	KUNIT_EXPECT_TRUE(test, list_empty(&fk->class.fields));
}

/* ---- the enable state machine ---------------------------------------- */

struct enable_step {
	int enable, soft;	/* the request */
	const char *text;	/* "enable" reads */
	int regs, unregs;	/* probe (un)registrations so far */
};

static void enable_run(struct kunit *test, struct reg_fake *fk,
		       const struct enable_step *st, int n)
{
	char text[EVREG_ENABLE_TEXT];
	int i;

	mutex_lock(&event_mutex);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ_MSG(test, evreg_enable(&fk->file, st[i].enable,
						       st[i].soft), 0,
				    "step %d", i);
		evreg_enable_text(fk->file.flags, text);
		KUNIT_EXPECT_STREQ_MSG(test, text, st[i].text, "step %d", i);
		KUNIT_EXPECT_EQ_MSG(test, fk->regs, st[i].regs, "step %d", i);
		KUNIT_EXPECT_EQ_MSG(test, fk->unregs, st[i].unregs,
				    "step %d", i);
	}
	mutex_unlock(&event_mutex);
}

static void reg_enable_user(struct kunit *test)
{
	static const struct enable_step st[] = {
		{ 1, 0, "1\n", 1, 0 },
		{ 1, 0, "1\n", 1, 0 },		/* again: nothing new */
		{ 0, 0, "0\n", 1, 1 },
		{ 0, 0, "0\n", 1, 1 },
		{ 1, 0, "1\n", 2, 1 },
		{ 0, 0, "0\n", 2, 2 },
	};
	struct reg_fake *fk = fake_new(test, NULL);
	char text[EVREG_ENABLE_TEXT];

	evreg_enable_text(fk->file.flags, text);
	KUNIT_EXPECT_STREQ(test, text, "0\n");
	enable_run(test, fk, st, ARRAY_SIZE(st));
	KUNIT_EXPECT_TRUE(test, fk->file.flags & EVENT_FILE_FL_WAS_ENABLED);
}

/* Two triggers take soft mode of an event that was off. */
static void reg_enable_soft_from_off(struct kunit *test)
{
	static const struct enable_step st[] = {
		{ 1, 1, "0*\n", 1, 0 },		/* soft(dis), probe on */
		{ 1, 1, "0*\n", 1, 0 },		/* second trigger */
		{ 1, 0, "1*\n", 1, 0 },		/* the user: soft(on) */
		{ 0, 0, "0*\n", 1, 0 },		/* the user again: soft(dis) */
		{ 0, 1, "0*\n", 1, 0 },		/* one trigger left */
		{ 0, 1, "0\n", 1, 1 },		/* none: off, probe gone */
	};
	struct reg_fake *fk = fake_new(test, NULL);

	enable_run(test, fk, st, ARRAY_SIZE(st));
	KUNIT_EXPECT_EQ(test, atomic_read(&fk->file.sm_ref), 0);
	KUNIT_EXPECT_FALSE(test, fk->file.flags & (EVENT_FILE_FL_SOFT_MODE |
						    EVENT_FILE_FL_SOFT_DISABLED |
						    EVENT_FILE_FL_ENABLED));
}

/* A trigger comes and goes while the user has the event on. */
static void reg_enable_soft_from_on(struct kunit *test)
{
	static const struct enable_step st[] = {
		{ 1, 0, "1\n", 1, 0 },
		{ 1, 1, "1*\n", 1, 0 },		/* soft(on): same probe */
		{ 0, 1, "1\n", 1, 0 },		/* back to on, probe kept */
		{ 0, 0, "0\n", 1, 1 },
	};
	struct reg_fake *fk = fake_new(test, NULL);

	enable_run(test, fk, st, ARRAY_SIZE(st));
}

/* A probe that cannot register leaves the file off and unmarked. */
static void reg_enable_fails(struct kunit *test)
{
	struct reg_fake *fk = fake_new(test, NULL);
	char text[EVREG_ENABLE_TEXT];

	fk->fail = 1;
	mutex_lock(&event_mutex);
	KUNIT_EXPECT_EQ(test, evreg_enable(&fk->file, 1, 0), -ENOMEM);
	mutex_unlock(&event_mutex);
	evreg_enable_text(fk->file.flags, text);
	KUNIT_EXPECT_STREQ(test, text, "0\n");
	KUNIT_EXPECT_FALSE(test, fk->file.flags & (EVENT_FILE_FL_ENABLED |
						    EVENT_FILE_FL_WAS_ENABLED));
}

/* The text of each flag combination (the table of trace_event_enable.c). */
static void reg_enable_texts(struct kunit *test)
{
	static const struct {
		unsigned long flags;
		const char *text;
	} t[] = {
		{ 0, "0\n" },
		{ EVENT_FILE_FL_ENABLED, "1\n" },
		{ EVENT_FILE_FL_ENABLED | EVENT_FILE_FL_SOFT_MODE, "1*\n" },
		{ EVENT_FILE_FL_ENABLED | EVENT_FILE_FL_SOFT_MODE |
		  EVENT_FILE_FL_SOFT_DISABLED, "0*\n" },
		{ EVENT_FILE_FL_WAS_ENABLED, "0\n" },
	};
	char text[EVREG_ENABLE_TEXT];
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		evreg_enable_text(t[i].flags, text);
		KUNIT_EXPECT_STREQ_MSG(test, text, t[i].text, "flags %lx",
				       t[i].flags);
	}
}

/* ---- pid sets ----------------------------------------------------------- */

/* Write @pids to the set of @type of @tr as a user write would. */
static void pids_write(struct kunit *test, struct trace_array *tr, int type,
		       const char *pids)
{
	unsigned long uaddr;
	ssize_t ret;

	uaddr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE_MSG(test, uaddr, 0, "no user memory");
	KUNIT_ASSERT_EQ(test, copy_to_user((char __user *)uaddr, pids,
					   strlen(pids)), 0);
	mutex_lock(&event_mutex);
	ret = evreg_pids_write_locked(tr, type, (const char __user *)uaddr,
				      strlen(pids));
	mutex_unlock(&event_mutex);
	KUNIT_EXPECT_EQ(test, ret, (ssize_t)strlen(pids));
}

/* Every file of @tr has PID_FILTER as @on says. */
static bool files_filtered(struct trace_array *tr, bool on)
{
	struct trace_event_file *file;
	bool all = true;

	mutex_lock(&event_mutex);
	list_for_each_entry(file, &tr->events, list)
		all &= !!(file->flags & EVENT_FILE_FL_PID_FILTER) == on;
	mutex_unlock(&event_mutex);
	return all;
}

static bool ignored_here(struct trace_event_file *file)
{
	bool ret;

	preempt_disable();
	ret = trace_event_ignore_this_pid(file);
	preempt_enable();
	return ret;
}

static bool pids_active(struct trace_array *tr)
{
	bool ret;

	mutex_lock(&event_mutex);
	ret = evreg_pids_active(tr);
	mutex_unlock(&event_mutex);
	return ret;
}

static void pids_clear(struct trace_array *tr, int type)
{
	mutex_lock(&event_mutex);
	evreg_pids_clear_locked(tr, type);
	mutex_unlock(&event_mutex);
}

static void reg_pid_sets(struct kunit *test)
{
	struct trace_event_file *file;
	struct trace_pid_list *set;
	struct trace_array *tr;
	char me[16];

	tr = trace_array_get_by_name("evreg_kunit", NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	snprintf(me, sizeof(me), "%d\n", task_pid_nr(current));

	mutex_lock(&event_mutex);
	file = list_first_entry_or_null(&tr->events, struct trace_event_file,
					list);
	mutex_unlock(&event_mutex);
	if (!file)
		goto out;
	KUNIT_EXPECT_FALSE(test, pids_active(tr));
	KUNIT_EXPECT_TRUE(test, files_filtered(tr, false));

	/* only pid 1: this task is not traced */
	pids_write(test, tr, TRACE_PIDS, "1\n");
	KUNIT_EXPECT_TRUE(test, pids_active(tr));
	KUNIT_EXPECT_TRUE(test, files_filtered(tr, true));
	KUNIT_EXPECT_TRUE(test, ignored_here(file));
	mutex_lock(&event_mutex);
	set = rcu_dereference_protected(tr->filtered_pids,
					lockdep_is_held(&event_mutex));
	KUNIT_EXPECT_TRUE(test, trace_pid_list_is_set(set, 1));
	mutex_unlock(&event_mutex);

	/* and this task: it is traced (the write adds to the set) */
	pids_write(test, tr, TRACE_PIDS, me);
	KUNIT_EXPECT_FALSE(test, ignored_here(file));

	/* notrace wins; clearing it alone redoes the verdict at once */
	pids_write(test, tr, TRACE_NO_PIDS, me);
	KUNIT_EXPECT_TRUE(test, ignored_here(file));
	pids_clear(tr, TRACE_NO_PIDS);
	KUNIT_EXPECT_TRUE(test, pids_active(tr));
	KUNIT_EXPECT_TRUE(test, files_filtered(tr, true));
	KUNIT_EXPECT_FALSE(test, ignored_here(file));

	pids_clear(tr, TRACE_PIDS | TRACE_NO_PIDS);
	KUNIT_EXPECT_FALSE(test, pids_active(tr));
	KUNIT_EXPECT_TRUE(test, files_filtered(tr, false));
	KUNIT_EXPECT_FALSE(test, ignored_here(file));
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(tr->filtered_pids));
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(tr->filtered_no_pids));
out:
	trace_array_put(tr);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), 0);
}

/* ---- the print-fmt check -------------------------------------------------- */

struct fmt_case {
	const char *fmt;
	u64 unsafe;		/* arguments reported */
	bool test_str;		/* TRACE_EVENT_FL_TEST_STR set */
	const char *checked;	/* the field marked needs_test, or NULL */
	int ret;
};

static const struct fmt_case fmt_cases[] = {
	/* no conversion that reads through a pointer */
	{ "\"num=%d addr=%lx\", REC->num, REC->addr" },
	{ "\"p=%p %pS %%s\", (void *)REC->addr, (void *)REC->addr" },
	/* strings kept in the record */
	{ "\"comm=%s\", REC->comm" },
	{ "\"name=%s\", __get_str(name)" },
	{ "\"name=%s\", __get_str (name)" },
	{ "\"on=%s\", REC->on ? \"yes\" : \"no\"" },
	{ "\"s=%s\", names[REC->num]" },
	{ "\"s=%s\", (names[REC->num])" },
	{ "\"s=%s\", &REC->comm[1]" },
	/* pointers into the record */
	{ "\"mac=%pM\", REC->mac" },
	{ "\"ip=%pI4\", &REC->addr" },
	{ "\"ip=%pI6c\", __get_dynamic_array(name)" },
	{ "\"sa=%pISpc\", __get_sockaddr(name)" },
	{ "\"bits=%*pbl\", REC->num, __get_dynamic_array(name)" },
	/* a saved pointer to a string: checked when printed */
	{ "\"s=%s\", REC->ptr", 0, true, "ptr" },
	{ "\"n=%d s=%.*s\", REC->num, REC->num, REC->ptr", 0, true, "ptr" },
	{ "\"q=\\\"%s\\\"\", REC->ptr", 0, true, "ptr" },
	{ "\"%s\" \" and more\", REC->ptr", 0, true, "ptr" },
	/* "%-10s" is read as no string conversion (fmtcheck's rule) */
	{ "\"s=%-10s\", REC->ptr" },
	/* pointers that outlive the record */
	{ "\"ip=%pI4\", REC->addr", BIT_ULL(0) },
	{ "\"n=%d ip=%pI4\", REC->num, (void *)REC->addr", BIT_ULL(1) },
	{ "\"s=%s\", (char *)REC->ptr", BIT_ULL(0) },
	{ "\"s=%s\", REC->nosuch", BIT_ULL(0) },
	{ "\"a=%s b=%s\", REC->ptr", BIT_ULL(1), true, "ptr" },
	/* broken text */
	{ "\"n=%pM\", REC->mac)", 0, false, NULL, -EINVAL },
	{ "\"no closing quote %s, REC->ptr", BIT_ULL(0) },
	{ "\"ends in a percent %" },
};

static void reg_fmt_check(struct kunit *test)
{
	const struct fmt_case *c;
	struct trace_event_fields *f;
	struct reg_fake *fk;
	u64 unsafe;
	int ret;

	for (c = fmt_cases; c < fmt_cases + ARRAY_SIZE(fmt_cases); c++) {
		fk = fake_new(test, (char *)c->fmt);
		ret = evreg_fmt_check(&fk->call, &unsafe);
		KUNIT_EXPECT_EQ_MSG(test, ret, c->ret, "%s", c->fmt);
		KUNIT_EXPECT_EQ_MSG(test, unsafe, c->unsafe, "%s", c->fmt);
		KUNIT_EXPECT_EQ_MSG(test,
				    !!(fk->call.flags & TRACE_EVENT_FL_TEST_STR),
				    c->test_str, "%s", c->fmt);
		for (f = reg_fields; f->type; f++)
			KUNIT_EXPECT_EQ_MSG(test, (bool)f->needs_test,
					    c->checked && !strcmp(c->checked, f->name),
					    "%s: field %s", c->fmt, f->name);
	}
}

/* The mark reaches a field list that was built before the check. */
static void reg_fmt_marks_fields(struct kunit *test)
{
	struct reg_fake *fk = fake_new(test, "\"s=%s\", REC->ptr");
	struct ftrace_event_field *f;

	KUNIT_ASSERT_EQ(test, evreg_define_fields(&fk->call), 0);
	evreg_check_print_fmt(&fk->call);
	KUNIT_EXPECT_TRUE(test, fk->call.flags & TRACE_EVENT_FL_TEST_STR);
	list_for_each_entry(f, &fk->class.fields, link)
		KUNIT_EXPECT_EQ_MSG(test, (bool)f->needs_test,
				    !strcmp(f->name, "ptr"), "field %s", f->name);
	evreg_destroy_fields(&fk->call);
}

static struct kunit_case trace_event_reg_cases[] = {
	KUNIT_CASE(reg_format_text),
	KUNIT_CASE(reg_enable_texts),
	KUNIT_CASE(reg_enable_user),
	KUNIT_CASE(reg_enable_soft_from_off),
	KUNIT_CASE(reg_enable_soft_from_on),
	KUNIT_CASE(reg_enable_fails),
	KUNIT_CASE(reg_pid_sets),
	KUNIT_CASE(reg_fmt_check),
	KUNIT_CASE(reg_fmt_marks_fields),
	{}
};

static struct kunit_suite trace_event_reg_suite = {
	.name = "trace_event_reg",
	.test_cases = trace_event_reg_cases,
};

kunit_test_suite(trace_event_reg_suite);

MODULE_DESCRIPTION("KUnit tests of the trace event registry");
MODULE_LICENSE("GPL");
