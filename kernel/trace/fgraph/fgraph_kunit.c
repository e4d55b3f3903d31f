// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "fgraph": graph users on functions of this file, which is
 * built with patch sites (the Makefile adds them back for it alone), so
 * that each case calls what it traces:
 *
 *   nested      two users, one on an outer and an inner function, one
 *               on the inner only: depths, the frames seen from
 *               inside, the data each keeps, one frame per call
 *   unwind      inside a hooked call its own return slot holds
 *               return_to_handler; ftrace_graph_ret_addr() gives the
 *               caller back, and a stack trace taken there, with the
 *               unwinder's own calls hooked as well, names the same
 *               functions as one taken with no user
 *   tail_call   one user on a function that ends in a tail call,
 *               another on the callee: two frames, two returns, each
 *               user with its own function and data; a stack trace
 *               taken in the callee (whose frame, after a tail call,
 *               names its caller's slot and holds return_to_handler)
 *               names the same functions as with no user
 *   overflow    a recursion deeper than the stack: the calls that do
 *               not fit are counted in trace_overrun, every hooked one
 *               returns through its callback, the result is right
 *   decline     an entry callback that declines leaves nothing behind,
 *               its data included
 *   data        fgraph_reserve_data() bounds and fgraph_get_task_var()
 *   users       16 users at once on one function, a 17th refused,
 *               then all gone and the stack as it was
 *   shared      a function tracer's ops, a graph user and a kprobe on
 *               one function at once: each sees every call
 *
 * Cases run in the KUnit thread, one at a time.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "fgraph_internal.h"

#define FGK_MAGIC	0x5eedf00dUL
#define FGK_DEEP	200
#define FGK_TRACE	16

struct fgk_user {
	struct fgraph_ops	gops;
	int			entries;
	int			returns;
	int			bad;
	int			last_depth;
	/* Only calls at or below this depth are taken; words kept per call. */
	int			max_depth;
	int			words;
	bool			decline;
};

static int fgk_sink;

static noinline __noclone int fgk_leaf(int x)
{
	return READ_ONCE(fgk_sink) + x;
}

/* What the inner call saw of its frames, for the nested case. */
static struct {
	unsigned long	func0, func1;
	unsigned long	slot_value;
	unsigned long	recovered;
	unsigned long	trace[FGK_TRACE];
	unsigned int	nr;
} fgk_seen;

static noinline __noclone int fgk_inner(int x)
{
	struct ftrace_ret_stack *f0, *f1;
	unsigned long *slot;
	int idx = 0;

	f0 = ftrace_graph_get_ret_stack(current, 0);
	f1 = ftrace_graph_get_ret_stack(current, 1);
	fgk_seen.func0 = f0 ? f0->func : 0;
	fgk_seen.func1 = f1 ? f1->func : 0;
	if (f0) {
		slot = f0->retp;
		fgk_seen.slot_value = *slot;
		fgk_seen.recovered = ftrace_graph_ret_addr(current, &idx, *slot,
							   slot);
	}
	fgk_seen.nr = stack_trace_save(fgk_seen.trace, FGK_TRACE, 0);
	return fgk_leaf(x) + 1;
}

static noinline __noclone int fgk_outer(int x)
{
	return fgk_inner(x) + 1;
}

/* Ends in a call the compiler may make a jump (a tail call). */
static noinline __noclone int fgk_tail(int x)
{
	return fgk_leaf(x + 1);
}

/* Ends in a call of fgk_inner() the compiler may make a jump. */
static noinline __noclone int fgk_tail_inner(int x)
{
	return fgk_inner(x + 1);
}

static noinline __noclone int fgk_deep(int n)
{
	int r;

	if (n <= 0)
		return 0;
	r = fgk_deep(n - 1);
	/* Keeps the recursion a recursion (no loop made of it). */
	barrier();
	return r + 1;
}

static int fgk_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	struct fgk_user *u = container_of(gops, struct fgk_user, gops);
	unsigned long *data;
	int i;

	if (u->max_depth && trace->depth > u->max_depth)
		return 0;
	u->entries++;
	u->last_depth = trace->depth;
	if (u->words) {
		data = fgraph_reserve_data(gops->idx, u->words * sizeof(long));
		if (!data) {
			u->bad++;
			return 0;
		}
		for (i = 0; i < u->words; i++)
			data[i] = trace->func ^ FGK_MAGIC ^ i;
	}
	return !u->decline;
}

static void fgk_return(struct ftrace_graph_ret *trace, struct fgraph_ops *gops)
{
	struct fgk_user *u = container_of(gops, struct fgk_user, gops);
	unsigned long *data;
	int i, size = 0;

	u->returns++;
	if (!u->words)
		return;
	data = fgraph_retrieve_data(gops->idx, &size);
	if (!data || size != u->words * sizeof(long)) {
		u->bad++;
		return;
	}
	for (i = 0; i < u->words; i++)
		if (data[i] != (trace->func ^ FGK_MAGIC ^ i))
			u->bad++;
}

static unsigned long fgk_site(void *fn)
{
	return ftrace_location((unsigned long)fn);
}

/* Register @u on the functions @fns (NULL-terminated). */
static void fgk_register(struct kunit *test, struct fgk_user *u, void **fns)
{
	if (!u->gops.entryfunc) {
		u->gops.entryfunc = fgk_entry;
		u->gops.retfunc = fgk_return;
	}
	for (; *fns; fns++) {
		unsigned long ip = fgk_site(*fns);

		KUNIT_ASSERT_NE(test, ip, 0UL);
		KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(&u->gops.ops, ip, 0, 0), 0);
	}
	KUNIT_ASSERT_EQ(test, register_ftrace_graph(&u->gops), 0);
}

static void fgk_unregister(struct fgk_user *u)
{
	unregister_ftrace_graph(&u->gops);
	ftrace_free_filter(&u->gops.ops);
}

static void fgk_nested(struct kunit *test)
{
	struct fgk_user *a, *b;
	int before = current->curr_ret_stack;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	a->words = 1;
	b->words = 3;
	fgk_register(test, a, (void *[]){ fgk_outer, fgk_inner, NULL });
	fgk_register(test, b, (void *[]){ fgk_inner, NULL });
	KUNIT_EXPECT_NE(test, a->gops.idx, b->gops.idx);

	memset(&fgk_seen, 0, sizeof(fgk_seen));
	KUNIT_EXPECT_EQ(test, fgk_outer(1), fgk_sink + 3);

	fgk_unregister(b);
	fgk_unregister(a);
	KUNIT_EXPECT_EQ(test, a->entries, 2);
	KUNIT_EXPECT_EQ(test, a->returns, 2);
	KUNIT_EXPECT_EQ(test, b->entries, 1);
	KUNIT_EXPECT_EQ(test, b->returns, 1);
	KUNIT_EXPECT_EQ(test, a->bad, 0);
	KUNIT_EXPECT_EQ(test, b->bad, 0);
	/* Both users took fgk_inner at the depth below fgk_outer's. */
	KUNIT_EXPECT_EQ(test, a->last_depth, b->last_depth);
	/* One frame per call: the inner call's caller is the outer one. */
	KUNIT_EXPECT_EQ(test, fgk_seen.func0, fgk_site(fgk_inner));
	KUNIT_EXPECT_EQ(test, fgk_seen.func1, fgk_site(fgk_outer));
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);
}

/* The name of @addr's function into @buf. */
static void fgk_name(unsigned long addr, char *buf)
{
	char *plus;

	sprint_symbol_no_offset(buf, addr);
	plus = strchr(buf, ' ');
	if (plus)
		*plus = '\0';
}

static void fgk_unwind(struct kunit *test)
{
	void *fns[] = { fgk_outer, fgk_inner, stack_trace_save, arch_stack_walk,
			NULL };
	unsigned long plain[FGK_TRACE];
	unsigned int nr_plain, i;
	char want[KSYM_SYMBOL_LEN], got[KSYM_SYMBOL_LEN];
	struct fgk_user *a;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);

	memset(&fgk_seen, 0, sizeof(fgk_seen));
	fgk_outer(1);
	nr_plain = fgk_seen.nr;
	memcpy(plain, fgk_seen.trace, sizeof(plain));
	KUNIT_EXPECT_EQ(test, fgk_seen.func0, 0UL);

	/* The unwinder's own calls hooked too, as under function_graph. */
	fgk_register(test, a, fns);
	memset(&fgk_seen, 0, sizeof(fgk_seen));
	fgk_outer(1);
	fgk_unregister(a);

	KUNIT_EXPECT_EQ(test, fgk_seen.slot_value,
			(unsigned long)return_to_handler);
	fgk_name(fgk_seen.recovered, got);
	KUNIT_EXPECT_STREQ(test, got, "fgk_outer");
	/* The same functions, in the same order, as with no user. */
	KUNIT_EXPECT_EQ(test, fgk_seen.nr, nr_plain);
	for (i = 0; i < min(nr_plain, fgk_seen.nr); i++) {
		fgk_name(plain[i], want);
		fgk_name(fgk_seen.trace[i], got);
		KUNIT_EXPECT_STREQ_MSG(test, got, want, "entry %u", i);
	}
}

static void fgk_overflow(struct kunit *test)
{
	int overrun = atomic_read(&current->trace_overrun);
	int before = current->curr_ret_stack;
	struct fgk_user *a;
	int room;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	fgk_register(test, a, (void *[]){ fgk_deep, NULL });
	KUNIT_EXPECT_EQ(test, fgk_deep(FGK_DEEP), FGK_DEEP);
	fgk_unregister(a);

	/* Frames of fgk_deep fit in what was left; the rest overran. */
	room = (FGS_LIMIT - before) / (FGS_FRAME_WORDS + 1);
	KUNIT_EXPECT_EQ(test, a->entries, min(room, FGK_DEEP + 1));
	KUNIT_EXPECT_EQ(test, a->returns, a->entries);
	KUNIT_EXPECT_EQ(test, atomic_read(&current->trace_overrun) - overrun,
			FGK_DEEP + 1 - a->entries);
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);
}

static void fgk_tail_call(struct kunit *test)
{
	int before = current->curr_ret_stack;
	unsigned long plain[FGK_TRACE];
	char want[KSYM_SYMBOL_LEN], got[KSYM_SYMBOL_LEN];
	unsigned int nr_plain, i;
	struct fgk_user *a, *b, *c, *d;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	a->words = 2;
	b->words = 2;
	fgk_register(test, a, (void *[]){ fgk_tail, NULL });
	fgk_register(test, b, (void *[]){ fgk_leaf, NULL });
	KUNIT_EXPECT_EQ(test, fgk_tail(1), fgk_sink + 2);
	fgk_unregister(b);
	fgk_unregister(a);
	/* Each user saw its own call return, with its own function. */
	KUNIT_EXPECT_EQ(test, a->entries, 1);
	KUNIT_EXPECT_EQ(test, a->returns, 1);
	KUNIT_EXPECT_EQ(test, b->entries, 1);
	KUNIT_EXPECT_EQ(test, b->returns, 1);
	KUNIT_EXPECT_EQ(test, a->bad, 0);
	KUNIT_EXPECT_EQ(test, b->bad, 0);
	KUNIT_EXPECT_EQ(test, b->last_depth, a->last_depth + 1);
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);

	memset(&fgk_seen, 0, sizeof(fgk_seen));
	fgk_tail_inner(1);
	nr_plain = fgk_seen.nr;
	memcpy(plain, fgk_seen.trace, sizeof(plain));

	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, d);
	fgk_register(test, c, (void *[]){ fgk_tail_inner, NULL });
	fgk_register(test, d, (void *[]){ fgk_inner, NULL });
	memset(&fgk_seen, 0, sizeof(fgk_seen));
	fgk_tail_inner(1);
	fgk_unregister(d);
	fgk_unregister(c);
	KUNIT_EXPECT_EQ(test, d->entries, 1);
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);
	/* fgk_inner's slot gives back what a plain unwind found above it. */
	KUNIT_ASSERT_GE(test, nr_plain, 2U);
	fgk_name(plain[1], want);
	fgk_name(fgk_seen.recovered, got);
	KUNIT_EXPECT_STREQ(test, got, want);
	KUNIT_EXPECT_EQ(test, fgk_seen.nr, nr_plain);
	for (i = 0; i < min(nr_plain, fgk_seen.nr); i++) {
		fgk_name(plain[i], want);
		fgk_name(fgk_seen.trace[i], got);
		KUNIT_EXPECT_STREQ_MSG(test, got, want, "entry %u", i);
	}
}

static void fgk_decline(struct kunit *test)
{
	int before = current->curr_ret_stack;
	struct fgk_user *a, *b;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	a->decline = true;
	a->words = 4;
	fgk_register(test, a, (void *[]){ fgk_leaf, NULL });
	fgk_leaf(0);
	KUNIT_EXPECT_EQ(test, a->entries, 1);
	KUNIT_EXPECT_EQ(test, a->returns, 0);
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);

	/* Declining beside a user that takes the call: only its data goes. */
	b->words = 2;
	fgk_register(test, b, (void *[]){ fgk_leaf, NULL });
	fgk_leaf(0);
	fgk_unregister(b);
	fgk_unregister(a);
	KUNIT_EXPECT_EQ(test, a->entries, 2);
	KUNIT_EXPECT_EQ(test, a->returns, 0);
	KUNIT_EXPECT_EQ(test, b->entries, 1);
	KUNIT_EXPECT_EQ(test, b->returns, 1);
	KUNIT_EXPECT_EQ(test, b->bad, 0);
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);
}

static unsigned long fgk_data_ok;

static int fgk_data_entry(struct ftrace_graph_ent *trace,
			  struct fgraph_ops *gops)
{
	unsigned long *var = fgraph_get_task_var(gops);

	fgk_data_ok = 0;
	if (!fgraph_reserve_data(gops->idx, 0) &&
	    !fgraph_reserve_data(gops->idx, FGS_DATA_MAX + 1) &&
	    fgraph_reserve_data(gops->idx, FGS_DATA_MAX) &&
	    fgraph_reserve_data(gops->idx, 1))
		fgk_data_ok = 1;
	(*var)++;
	return 1;
}

static void fgk_data_return(struct ftrace_graph_ret *trace,
			    struct fgraph_ops *gops)
{
	int size = 0;

	/* The newest block of the user answers. */
	if (!fgraph_retrieve_data(gops->idx, &size) || size != sizeof(long))
		fgk_data_ok = 0;
}

static void fgk_data(struct kunit *test)
{
	struct fgk_user *a;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	a->gops.entryfunc = fgk_data_entry;
	a->gops.retfunc = fgk_data_return;
	fgk_register(test, a, (void *[]){ fgk_leaf, NULL });
	KUNIT_EXPECT_EQ(test, *fgraph_get_task_var(&a->gops), 0UL);
	fgk_leaf(0);
	fgk_leaf(0);
	KUNIT_EXPECT_EQ(test, *fgraph_get_task_var(&a->gops), 2UL);
	fgk_unregister(a);
	KUNIT_EXPECT_EQ(test, fgk_data_ok, 1UL);
}

static void fgk_users(struct kunit *test)
{
	struct fgk_user *u, extra = { };
	int before = current->curr_ret_stack;
	int i;

	u = kunit_kcalloc(test, FGRAPH_USERS, sizeof(*u), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, u);
	for (i = 0; i < FGRAPH_USERS; i++) {
		u[i].words = 1 + i % 3;
		fgk_register(test, &u[i], (void *[]){ fgk_leaf, NULL });
	}
	extra.gops.entryfunc = fgk_entry;
	extra.gops.retfunc = fgk_return;
	KUNIT_EXPECT_EQ(test, register_ftrace_graph(&extra.gops), -ENOSPC);
	KUNIT_EXPECT_EQ(test, register_ftrace_graph(&u[0].gops), -EBUSY);

	fgk_leaf(0);
	/* Half of them go; the others still see the next call. */
	for (i = 0; i < FGRAPH_USERS; i += 2)
		fgk_unregister(&u[i]);
	fgk_leaf(0);
	for (i = 1; i < FGRAPH_USERS; i += 2)
		fgk_unregister(&u[i]);
	fgk_leaf(0);

	for (i = 0; i < FGRAPH_USERS; i++) {
		int calls = i % 2 ? 2 : 1;

		KUNIT_EXPECT_EQ_MSG(test, u[i].entries, calls, "user %d", i);
		KUNIT_EXPECT_EQ_MSG(test, u[i].returns, calls, "user %d", i);
		KUNIT_EXPECT_EQ_MSG(test, u[i].bad, 0, "user %d", i);
	}
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);
}

static int fgk_fn_hits;

static void fgk_fn(unsigned long ip, unsigned long parent_ip,
		   struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	fgk_fn_hits++;
}

#ifdef CONFIG_KPROBES
static int fgk_kp_hits;

static int fgk_kp_pre(struct kprobe *p, struct pt_regs *regs)
{
	fgk_kp_hits++;
	return 0;
}
#endif

static void fgk_shared(struct kunit *test)
{
	int before = current->curr_ret_stack;
	struct ftrace_ops *fn;
	struct fgk_user *a;
	int i;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	fn = kunit_kzalloc(test, sizeof(*fn), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, fn);
	a->words = 2;
	fgk_fn_hits = 0;
	fn->func = fgk_fn;
	KUNIT_ASSERT_EQ(test, ftrace_set_filter_ip(fn, fgk_site(fgk_leaf), 0, 0), 0);
	KUNIT_ASSERT_EQ(test, register_ftrace_function(fn), 0);
	fgk_register(test, a, (void *[]){ fgk_leaf, NULL });
#ifdef CONFIG_KPROBES
	{
		struct kprobe kp = {
			.addr = (kprobe_opcode_t *)fgk_leaf,
			.pre_handler = fgk_kp_pre,
		};

		fgk_kp_hits = 0;
		KUNIT_EXPECT_EQ(test, register_kprobe(&kp), 0);
		for (i = 0; i < 3; i++)
			KUNIT_EXPECT_EQ(test, fgk_leaf(i), fgk_sink + i);
		unregister_kprobe(&kp);
		KUNIT_EXPECT_EQ(test, fgk_kp_hits, 3);
	}
#else
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, fgk_leaf(i), fgk_sink + i);
#endif
	fgk_unregister(a);
	unregister_ftrace_function(fn);
	ftrace_free_filter(fn);
	KUNIT_EXPECT_EQ(test, fgk_fn_hits, 3);
	KUNIT_EXPECT_EQ(test, a->entries, 3);
	KUNIT_EXPECT_EQ(test, a->returns, 3);
	KUNIT_EXPECT_EQ(test, a->bad, 0);
	KUNIT_EXPECT_EQ(test, current->curr_ret_stack, before);
}

static struct kunit_case fgk_cases[] = {
	KUNIT_CASE(fgk_nested),
	KUNIT_CASE(fgk_unwind),
	KUNIT_CASE(fgk_overflow),
	KUNIT_CASE(fgk_tail_call),
	KUNIT_CASE(fgk_decline),
	KUNIT_CASE(fgk_data),
	KUNIT_CASE(fgk_users),
	KUNIT_CASE(fgk_shared),
	{}
};

static struct kunit_suite fgk_suite = {
	.name = "fgraph",
	.test_cases = fgk_cases,
};

kunit_test_suite(fgk_suite);
