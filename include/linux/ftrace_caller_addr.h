/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Return addresses of the current call chain, as tracers and lock
 * debugging record them: CALLER_ADDRn is the address the n-th frame
 * above the caller of the macro returns to, as an unsigned long.
 *
 * Depth 0 always works (the compiler's own return address).  Deeper
 * frames need frame pointers, or an architecture that defines
 * ftrace_return_address(n) another way in <asm/ftrace.h>; without
 * either they read as 0.  Walking frames is not free: callers that may
 * run with tracing off should pass the macros to something that
 * ignores its arguments when off (see trace_preempt_on()).
 *
 * Any context.  Included by <linux/ftrace.h>; compiles on its own
 * wherever <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_CALLER_ADDR_H
#define _LINUX_FTRACE_CALLER_ADDR_H

#include <linux/compiler.h>
#include <linux/spinlock.h>

#include <asm/ftrace.h>

#ifndef ftrace_return_address0
#define ftrace_return_address0		__builtin_return_address(0)
#endif

#ifndef ftrace_return_address
#ifdef CONFIG_FRAME_POINTER
#define ftrace_return_address(n)	__builtin_return_address(n)
#else
#define ftrace_return_address(n)	0UL
#endif
#endif

#define CALLER_ADDR0	((unsigned long)ftrace_return_address0)

/* Frames 1 to 6; each one further up the chain. */
#define __ftrace_caller_addr(depth)	((unsigned long)ftrace_return_address(depth))
#define CALLER_ADDR1	__ftrace_caller_addr(1)
#define CALLER_ADDR2	__ftrace_caller_addr(2)
#define CALLER_ADDR3	__ftrace_caller_addr(3)
#define CALLER_ADDR4	__ftrace_caller_addr(4)
#define CALLER_ADDR5	__ftrace_caller_addr(5)
#define CALLER_ADDR6	__ftrace_caller_addr(6)

/**
 * get_lock_parent_ip - the first return address outside the lock code
 *
 * When preempt_count changes inside spin_lock() and friends, the
 * interesting caller is the one that took the lock, not the locking
 * function.  Looks at most three frames up (two of them may be lock
 * functions, in_lock_functions() tells) and returns the first address
 * that is not in the lock text, or the third one.
 *
 * Return: a text address, or 0 where the frame is not reachable.
 */
static __always_inline unsigned long get_lock_parent_ip(void)
{
	unsigned long ip = CALLER_ADDR0;

	if (in_lock_functions(ip)) {
		ip = CALLER_ADDR1;
		if (in_lock_functions(ip))
			ip = CALLER_ADDR2;
	}
	return ip;
}

#endif /* _LINUX_FTRACE_CALLER_ADDR_H */
