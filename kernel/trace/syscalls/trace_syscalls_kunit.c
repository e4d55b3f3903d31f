// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace_syscalls": the syscall table (lib/
 * trace_syscall_table.c) and what the syscall events make of it
 * (trace_syscall_events.c): numbers and metadata agree both ways, known
 * syscalls carry the arguments SYSCALL_DEFINE recorded, out-of-range
 * numbers are unmapped, and the print fmt and fields of the format files
 * are the ABI's.
 *
 * Runs after boot built the table; reads only.
 */
#include <kunit/test.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/syscalls.h>
#include <linux/trace_events.h>
#include <asm/unistd.h>
#include <trace/syscall.h>

#include "events/trace_event.h"
#include "lib/trace_syscall_table.h"
#include "trace_syscalls.h"

/* Every mapped number's metadata says that number, and the reverse. */
static void sc_table_both_ways(struct kunit *test)
{
	struct syscall_metadata **m, *meta;
	unsigned int mapped = 0, named = 0;
	int nr;

	for (nr = 0; nr < NR_syscalls; nr++) {
		meta = trace_syscall_meta(nr);
		if (!meta)
			continue;
		mapped++;
		/* two numbers of one function: the metadata keeps the last */
		KUNIT_EXPECT_PTR_EQ(test, trace_syscall_meta(meta->syscall_nr),
				    meta);
		KUNIT_EXPECT_STREQ(test, trace_syscall_name(nr), meta->name);
	}
	KUNIT_EXPECT_EQ(test, mapped, trace_syscall_mapped());
	KUNIT_EXPECT_GT(test, mapped, 0U);

	for (m = __start_syscalls_metadata; m < __stop_syscalls_metadata; m++) {
		meta = *m;
		if (meta->syscall_nr < 0)
			continue;
		named++;
		KUNIT_EXPECT_PTR_EQ(test, trace_syscall_meta(meta->syscall_nr),
				    meta);
	}
	KUNIT_EXPECT_LE(test, named, mapped);
}

static void sc_table_out_of_range(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, trace_syscall_meta(-1));
	KUNIT_EXPECT_NULL(test, trace_syscall_meta(NR_syscalls));
	KUNIT_EXPECT_NULL(test, trace_syscall_meta(0x7fffffff));
	KUNIT_EXPECT_NULL(test, trace_syscall_name(-22));
}

/*
 * SYSCALL_DEFINE records its types after macro expansion: __user is
 * gone, but under sparse; __stringify() expands the same way.
 */
struct sc_known {
	int		nr;
	const char	*name;
	int		nargs;
	const char	*types[3];
	const char	*args[3];
};

static const struct sc_known sc_known[] = {
	{ __NR_getpid, "sys_getpid", 0, {}, {} },
	{ __NR_read, "sys_read", 3,
	  { "unsigned int", __stringify(char __user *), "size_t" },
	  { "fd", "buf", "count" } },
	{ __NR_openat, "sys_openat", 4,
	  { "int", __stringify(const char __user *), "int" },
	  { "dfd", "filename", "flags" } },
	{ __NR_kill, "sys_kill", 2, { "pid_t", "int" }, { "pid", "sig" } },
};

/* Syscalls every kernel has: their name, arguments and types. */
static void sc_table_known(struct kunit *test)
{
	const struct sc_known *k;
	struct syscall_metadata *meta;
	int i;

	for (k = sc_known; k < sc_known + ARRAY_SIZE(sc_known); k++) {
		meta = trace_syscall_meta(k->nr);
		KUNIT_ASSERT_NOT_NULL_MSG(test, meta, "%s", k->name);
		KUNIT_EXPECT_STREQ(test, meta->name, k->name);
		KUNIT_EXPECT_EQ(test, meta->syscall_nr, k->nr);
		KUNIT_EXPECT_EQ(test, meta->nb_args, k->nargs);
		for (i = 0; i < ARRAY_SIZE(k->args) && k->args[i]; i++) {
			KUNIT_EXPECT_STREQ(test, meta->types[i], k->types[i]);
			KUNIT_EXPECT_STREQ(test, meta->args[i], k->args[i]);
		}
	}
}

/*
 * The print fmt lines of the format files.  An argument's width is
 * sizeof(unsigned long), as upstream has it: 0x%08lx, or 0x%04lx on a
 * 32-bit kernel.
 */
#if BITS_PER_LONG == 64
#define SC_W "08"
#else
#define SC_W "04"
#endif

static void sc_print_fmts(struct kunit *test)
{
	struct syscall_metadata *meta = trace_syscall_meta(__NR_read);

	KUNIT_ASSERT_NOT_NULL(test, meta);
	KUNIT_EXPECT_STREQ(test, meta->enter_event->print_fmt,
			   "\"fd: 0x%" SC_W "lx, buf: 0x%" SC_W "lx, count: 0x%" SC_W "lx\", ((unsigned long)(REC->fd)), ((unsigned long)(REC->buf)), ((unsigned long)(REC->count))");
	KUNIT_EXPECT_STREQ(test, meta->exit_event->print_fmt,
			   "\"0x%lx\", REC->ret");

	meta = trace_syscall_meta(__NR_getpid);
	KUNIT_ASSERT_NOT_NULL(test, meta);
	KUNIT_EXPECT_STREQ(test, meta->enter_event->print_fmt, "\"\"");
}

/*
 * The fields: __syscall_nr at 8, the arguments from the next long (16,
 * or 12 on a 32-bit kernel), a long each.
 */
static void sc_fields(struct kunit *test)
{
	struct syscall_metadata *meta = trace_syscall_meta(__NR_read);
	struct ftrace_event_field *f;
	int want = offsetof(struct sc_rec_enter, args);

	KUNIT_ASSERT_NOT_NULL(test, meta);
	KUNIT_EXPECT_EQ(test, offsetof(struct sc_rec_enter, nr), 8);
	KUNIT_EXPECT_EQ(test, want, 8 + (int)sizeof(long));
	KUNIT_EXPECT_EQ(test, offsetof(struct sc_rec_exit, ret), want);

	f = trace_find_event_field(meta->enter_event, "buf");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, f->offset, want + (int)sizeof(long));
	KUNIT_EXPECT_EQ(test, f->size, (int)sizeof(long));
	KUNIT_EXPECT_EQ(test, (int)f->is_signed, 0);
	KUNIT_EXPECT_STREQ(test, f->type, __stringify(char __user *));

	f = trace_find_event_field(meta->enter_event, "__syscall_nr");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, f->offset, 8);
	KUNIT_EXPECT_EQ(test, f->size, 4);
	KUNIT_EXPECT_EQ(test, (int)f->is_signed, 1);

	f = trace_find_event_field(meta->exit_event, "ret");
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, f->offset, want);
	KUNIT_EXPECT_EQ(test, (int)f->is_signed, 1);
	/* the other syscall's enter fields are its own */
	meta = trace_syscall_meta(__NR_getpid);
	KUNIT_ASSERT_NOT_NULL(test, meta);
	KUNIT_EXPECT_NULL(test, trace_find_event_field(meta->enter_event, "buf"));
}

static struct kunit_case sc_cases[] = {
	KUNIT_CASE(sc_table_both_ways),
	KUNIT_CASE(sc_table_out_of_range),
	KUNIT_CASE(sc_table_known),
	KUNIT_CASE(sc_print_fmts),
	KUNIT_CASE(sc_fields),
	{}
};

static struct kunit_suite sc_suite = {
	.name = "trace_syscalls",
	.test_cases = sc_cases,
};

kunit_test_suite(sc_suite);
