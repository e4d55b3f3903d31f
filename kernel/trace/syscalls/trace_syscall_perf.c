// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall events through perf: perf_event_open() of a syscalls:*
 * event (perf record -e syscalls:sys_enter_openat, perf trace).
 *
 * One probe per side on sys_enter/sys_exit, attached while any syscall
 * event of that side has a perf user; a bitmap per side says which
 * syscall numbers have one.  The probe builds the record (the layout of
 * trace_syscalls.h) in perf's per-CPU area and hands it to the event's
 * BPF programs, then to the perf events of this CPU on the call's list
 * (the generic perf code of events/trace_event_perf.c puts them there).
 *
 * Contexts: the probes run in the task's syscall path with preemption
 * disabled; attach and detach in process context under event_mutex,
 * then sc_perf_lock.  A bit is set before the probe can see it and
 * cleared before the probe goes; a probe that read a stale bit finds no
 * perf event on the call's list and records nothing.
 */
#include <linux/bitmap.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/syscalls.h>
#include <trace/events/syscalls.h>

#include "lib/trace_syscall_table.h"
#include "trace_syscalls.h"

static DEFINE_MUTEX(sc_perf_lock);
static DECLARE_BITMAP(sc_perf_on_enter, NR_syscalls);
static DECLARE_BITMAP(sc_perf_on_exit, NR_syscalls);
static unsigned int sc_perf_users[SC_DIRS];

/*
 * What a BPF program attached to a syscall event reads: the pt_regs
 * pointer where the common header would be, then the record's fields.
 */
struct sc_bpf_ctx {
	struct pt_regs		*regs;
	int			nr;
	unsigned long		args[SYSCALL_DEFINE_MAXARGS];
} __aligned(8);

static bool sc_perf_bpf(struct trace_event_call *call, struct pt_regs *regs,
			int nr, const unsigned long *args, unsigned int n)
{
	struct sc_bpf_ctx ctx;

	BUILD_BUG_ON(sizeof(struct trace_entry) < sizeof(void *));
	perf_fetch_caller_regs(regs);
	ctx.regs = regs;
	ctx.nr = nr;
	memcpy(ctx.args, args, n * sizeof(unsigned long));
	return trace_call_bpf(call, &ctx);
}

/*
 * Build the record of @call in perf's area: the syscall number, then
 * @nvals values (the arguments, or the return value).  The size leaves
 * room for perf's u32 size word and keeps the sample 8-byte aligned.
 */
static void sc_perf_submit(struct trace_event_call *call, struct pt_regs *regs,
			   int nr, const unsigned long *vals, unsigned int nvals,
			   int size)
{
	struct hlist_head *head = this_cpu_ptr(call->perf_events);
	bool bpf = bpf_prog_array_valid(call);
	struct pt_regs *fake_regs;
	char *rec;
	int rctx;

	if (!bpf && hlist_empty(head))
		return;

	size = ALIGN(size + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, &fake_regs, &rctx);
	if (!rec)
		return;

	/*
	 * Both layouts: the number after the header, then the values.  The
	 * area holds earlier samples: the hole after the number is cleared.
	 */
	memset(rec + sizeof(struct trace_entry), 0,
	       offsetof(struct sc_rec_enter, args) -
	       sizeof(struct trace_entry));
	((struct sc_rec_exit *)rec)->nr = nr;
	memcpy(rec + offsetof(struct sc_rec_enter, args), vals,
	       nvals * sizeof(unsigned long));

	if ((bpf && !sc_perf_bpf(call, fake_regs, nr, vals, nvals)) ||
	    hlist_empty(head)) {
		perf_swevent_put_recursion_context(rctx);
		return;
	}
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs,
			      head, NULL);
}

static void sc_perf_enter(void *data, struct pt_regs *regs, long id)
{
	unsigned long args[SYSCALL_DEFINE_MAXARGS];
	struct syscall_metadata *meta;
	int nr = sc_regs_nr(regs);

	if ((unsigned int)nr >= NR_syscalls || !test_bit(nr, sc_perf_on_enter))
		return;
	meta = trace_syscall_meta(nr);
	if (!meta)
		return;
	syscall_get_arguments(current, regs, args);
	sc_perf_submit(meta->enter_event, regs, nr, args, meta->nb_args,
		       sizeof(struct sc_rec_enter) +
		       meta->nb_args * sizeof(unsigned long));
}

static void sc_perf_exit(void *data, struct pt_regs *regs, long ret)
{
	struct syscall_metadata *meta;
	int nr = sc_regs_nr(regs);
	unsigned long val;

	BUILD_BUG_ON(offsetof(struct sc_rec_exit, ret) !=
		     offsetof(struct sc_rec_enter, args));
	if ((unsigned int)nr >= NR_syscalls || !test_bit(nr, sc_perf_on_exit))
		return;
	meta = trace_syscall_meta(nr);
	if (!meta)
		return;
	val = syscall_get_return_value(current, regs);
	sc_perf_submit(meta->exit_event, regs, nr, &val, 1,
		       sizeof(struct sc_rec_exit));
}

static unsigned long *sc_perf_bits(enum sc_dir dir)
{
	return dir == SC_ENTER ? sc_perf_on_enter : sc_perf_on_exit;
}

/**
 * sc_perf_attach - the first perf user of a syscall event
 * @call: the event
 *
 * Process context, event_mutex held.  Return: 0 or the tracepoint's
 * errno.
 */
int sc_perf_attach(struct trace_event_call *call)
{
	const struct syscall_metadata *meta = call->data;
	enum sc_dir dir = sc_call_dir(call);
	int ret = 0;

	guard(mutex)(&sc_perf_lock);
	if (!sc_perf_users[dir]) {
		if (dir == SC_ENTER)
			ret = register_trace_sys_enter(sc_perf_enter, NULL);
		else
			ret = register_trace_sys_exit(sc_perf_exit, NULL);
		if (ret)
			return ret;
	}
	set_bit(meta->syscall_nr, sc_perf_bits(dir));
	sc_perf_users[dir]++;
	return 0;
}

/**
 * sc_perf_detach - the last perf user of a syscall event went
 * @call: the event
 *
 * Process context, event_mutex held.
 */
void sc_perf_detach(struct trace_event_call *call)
{
	const struct syscall_metadata *meta = call->data;
	enum sc_dir dir = sc_call_dir(call);

	guard(mutex)(&sc_perf_lock);
	clear_bit(meta->syscall_nr, sc_perf_bits(dir));
	if (--sc_perf_users[dir])
		return;
	if (dir == SC_ENTER)
		unregister_trace_sys_enter(sc_perf_enter, NULL);
	else
		unregister_trace_sys_exit(sc_perf_exit, NULL);
}
