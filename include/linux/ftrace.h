/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing's interface to the rest of the kernel, under the one
 * name its users include.  It defines nothing itself: it is the
 * architecture's <asm/ftrace.h> followed by nine headers of one job each
 * (Documentation/trace/retrace/headers.rst):
 *
 *	ftrace_kernel_hooks.h	what init, sysctl, panic, WARN() and the
 *				scheduler call in the tracing core
 *	ftrace_caller_addr.h	CALLER_ADDR0..6, get_lock_parent_ip()
 *	ftrace_callback.h	ftrace_func_t, struct ftrace_regs and its
 *				readers, ftrace_stub, the list function
 *	ftrace_ops_api.h	struct ftrace_ops and its flags, register
 *				and filter calls, ftrace_enabled
 *	ftrace_direct.h		direct calls to custom trampolines
 *	ftrace_sites.h		struct dyn_ftrace and its flags, lookups
 *				by address, module and boot hooks
 *	ftrace_arch.h		what an architecture implements for dynamic
 *				ftrace and the core calls it drives
 *	ftrace_graph.h		the function graph tracer
 *	ftrace_stack_tracer.h	the stack tracer's sysctl and guards
 *
 * <asm/ftrace.h> comes first: the pieces give defaults only for what
 * it leaves undefined (ARCH_SUPPORTS_FTRACE_OPS, FTRACE_ADDR and the
 * other caller addresses, ftrace_init_nop(), ftrace_need_init_nop(),
 * ftrace_graph_func, ftrace_return_address(), the ftrace_regs helpers).
 * Each piece includes it too, and compiles alone wherever it does.
 *
 * The other headers included here are part of the interface: files that
 * include only this one use trace_recursion.h's recursion guards, the
 * scheduler's and the file system's types, kallsyms and jump labels.
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <linux/bitops.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/ktime.h>
#include <linux/linkage.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/trace_clock.h>
#include <linux/trace_recursion.h>
#include <linux/types.h>

#include <asm/ftrace.h>

#include <linux/ftrace_kernel_hooks.h>
#include <linux/ftrace_caller_addr.h>
#include <linux/ftrace_callback.h>
#include <linux/ftrace_ops_api.h>
#include <linux/ftrace_direct.h>
#include <linux/ftrace_sites.h>
#include <linux/ftrace_arch.h>
#include <linux/ftrace_graph.h>
#include <linux/ftrace_stack_tracer.h>

#endif /* _LINUX_FTRACE_H */
