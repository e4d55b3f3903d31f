/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscall events (Documentation/trace/retrace/syscalls.rst): what
 * trace_syscall_events.c, which makes the events and records them into
 * instances, shares with trace_syscall_perf.c, which hands them to perf.
 *
 * The records are ABI (their format files describe them, tools read them
 * from trace_pipe_raw and from perf samples): the common header, the
 * syscall number, then the arguments as unsigned longs (enter) or the
 * return value (exit).
 *
 * Lock order: event_mutex -> sc_lock (each file has its own, taken only
 * when an event is switched on or off for an instance or for perf) ->
 * tracepoints_mutex (the probe's attach to sys_enter/sys_exit).
 */
#ifndef _KERNEL_TRACE_SYSCALLS_H
#define _KERNEL_TRACE_SYSCALLS_H

#include <linux/compiler.h>
#include <linux/sched.h>
#include <linux/trace_events.h>
#include <asm/ftrace.h>
#include <asm/syscall.h>
#include <trace/syscall.h>

/* sys_enter_NAME: the arguments after the number, as many as NAME has. */
struct sc_rec_enter {
	struct trace_entry	head;
	int			nr;		/* __syscall_nr */
	unsigned long		args[];
};

/* sys_exit_NAME. */
struct sc_rec_exit {
	struct trace_entry	head;
	int			nr;		/* __syscall_nr */
	long			ret;
};

/* The two sides of a syscall; each has its events and its probes. */
enum sc_dir {
	SC_ENTER,
	SC_EXIT,
	SC_DIRS
};

/*
 * The native syscall number of the syscall @regs is in, or -1 for one
 * whose number is not in the native table (a compat syscall on an
 * architecture that says so: the number would name the wrong event).
 * Probe context.
 */
static __always_inline int sc_regs_nr(struct pt_regs *regs)
{
#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	if (unlikely(arch_trace_is_compat_syscall(regs)))
		return -1;
#endif
	return syscall_get_nr(current, regs);
}

/* The side an event of the two classes records. */
static inline enum sc_dir sc_call_dir(struct trace_event_call *call)
{
	const struct syscall_metadata *meta = call->data;

	return meta->enter_event == call ? SC_ENTER : SC_EXIT;
}

#ifdef CONFIG_PERF_EVENTS
/* TRACE_REG_PERF_REGISTER and _UNREGISTER; event_mutex held. */
int sc_perf_attach(struct trace_event_call *call);
void sc_perf_detach(struct trace_event_call *call);
#endif

#endif /* _KERNEL_TRACE_SYSCALLS_H */
