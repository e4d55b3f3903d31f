/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Direct calls: an ftrace_ops whose sites call a custom trampoline (BPF
 * trampolines, the samples) instead of going through a callback.  The
 * ops' filter set names the functions; its direct_call is the address
 * every one of them calls.  A function has at most one direct ops.
 *
 * When another ops also wants one of those functions, the site calls
 * the shared caller instead, and the direct ops' callback hands the
 * target to the architecture with arch_ftrace_set_direct_caller(): the
 * caller then leaves through the target rather than returning to the
 * traced function.
 *
 * Exists with CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS.  Without it the
 * calls are inlines that fail with -ENODEV (callers such as
 * kernel/bpf/trampoline.c call them in every build), lookups find
 * nothing, and arch_ftrace_set_direct_caller() does nothing.
 *
 * Process context; the calls sleep.  Included by <linux/ftrace.h>;
 * compiles on its own wherever <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_DIRECT_H
#define _LINUX_FTRACE_DIRECT_H

#include <linux/errno.h>
#include <linux/types.h>

#include <asm/ftrace.h>

struct ftrace_ops;
struct ftrace_regs;

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS

/*
 * Register @ops with @addr as the target of every function in its
 * filter set; unregister it (@free_filters: and free the set); change
 * the target of a registered @ops to @addr.  The _nolock form is for an
 * ops_func answering a sharing request, which runs with the direct-call
 * lock held already (kernel/trace/ftrace/ftrace_direct.c).
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters);
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr);

/* The direct target of the site at @ip, or 0. */
unsigned long ftrace_find_rec_direct(unsigned long ip);

/*
 * A target that only returns (architecture assembly): what the
 * samples and self-tests point direct calls at.
 */
void ftrace_stub_direct_tramp(void);

#else /* !CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

static inline int register_ftrace_direct(struct ftrace_ops *ops,
					 unsigned long addr)
{
	return -ENODEV;
}

static inline int unregister_ftrace_direct(struct ftrace_ops *ops,
					   unsigned long addr,
					   bool free_filters)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct(struct ftrace_ops *ops,
				       unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_nolock(struct ftrace_ops *ops,
					      unsigned long addr)
{
	return -ENODEV;
}

static inline unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	return 0;
}

/*
 * With direct calls built, the architecture defines this: a callback
 * running for a direct ops tells the shared caller to leave through
 * @addr.
 */
static inline void arch_ftrace_set_direct_caller(struct ftrace_regs *fregs,
						 unsigned long addr)
{
}

#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

#endif /* _LINUX_FTRACE_DIRECT_H */
