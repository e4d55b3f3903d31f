/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a function-tracing callback is given: its type (ftrace_func_t),
 * the register frame (struct ftrace_regs) and the ways to read it, the
 * empty callback, and the list function the callers fall back to.
 *
 * A callback runs at the entry of a traced function, called from the
 * architecture's caller (ftrace_caller, a trampoline, or the list
 * function) with:
 *
 *	ip		the patch site in the traced function
 *	parent_ip	where the traced function returns to
 *	op		the struct ftrace_ops the callback belongs to
 *	fregs		the saved registers, or NULL
 *
 * It may run in any context, NMI included, and must not sleep.  It can
 * be entered again before it returns (an interrupt, or a traced function
 * it calls itself) and must guard against that, unless its ops asked the
 * core to (FTRACE_OPS_FL_RECURSION, <linux/ftrace_ops_api.h>).
 *
 * struct ftrace_regs is opaque: its layout is the architecture's
 * (struct __arch_ftrace_regs, <linux/ftrace_regs.h> or <asm/ftrace.h>)
 * and is read through the ftrace_regs_get_*() accessors.  Whether a
 * whole struct pt_regs is behind it depends on the caller:
 * ftrace_get_regs() returns it only when every register was saved (ops
 * with FTRACE_OPS_FL_SAVE_REGS), NULL otherwise.
 *
 *	arch selects				ftrace_get_regs()
 *	HAVE_DYNAMIC_FTRACE_WITH_ARGS		the arch's arch_ftrace_get_regs()
 *	otherwise				the pt_regs inside fregs
 *
 * Declared with CONFIG_FUNCTION_TRACER; <asm/ftrace.h> comes first so
 * that its definitions win over the defaults here.  Included by
 * <linux/ftrace.h>; compiles on its own wherever <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_CALLBACK_H
#define _LINUX_FTRACE_CALLBACK_H

#include <linux/compiler.h>
#include <linux/ptrace.h>
#include <linux/types.h>

#include <asm/ftrace.h>

struct ftrace_ops;
struct ftrace_regs;

/*
 * 1 when the architecture's callers pass function_trace_op and the
 * register frame to what they call (the four-argument ftrace_func_t).
 * Without it, the callers call arch_ftrace_ops_list_func() with the two
 * addresses only and every callback goes through the list.
 */
#ifndef ARCH_SUPPORTS_FTRACE_OPS
#define ARCH_SUPPORTS_FTRACE_OPS	0
#endif

#ifdef CONFIG_FUNCTION_TRACER

#include <linux/ftrace_regs.h>

/* A callback: see the top of this file. */
typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * The callback that does nothing (architecture assembly): what idle
 * callers call, and the function of an ops that only holds a place.
 */
void ftrace_stub(unsigned long a0, unsigned long a1,
		 struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * The function that calls every registered ops whose filters take the
 * site, as the architecture's callers reach it.  FTRACE_FORCE_LIST_FUNC
 * tells the core that callers can only ever call this one.
 */
#if ARCH_SUPPORTS_FTRACE_OPS
#define FTRACE_FORCE_LIST_FUNC	0
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs);
#else
#define FTRACE_FORCE_LIST_FUNC	1
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip);
#endif

/* Nothing in it may be touched directly: see the top of this file. */
struct ftrace_regs {
};

#ifndef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Every caller of these architectures saves a full pt_regs.  An
 * architecture with HAVE_DYNAMIC_FTRACE_WITH_ARGS defines both of these
 * itself: setting the ip is what live patching needs from it, and its
 * arch_ftrace_get_regs() returns NULL unless the frame is complete.
 */
#define ftrace_regs_set_instruction_pointer(fregs, ip)	do { } while (0)

static inline struct pt_regs *arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->regs;
}
#endif

/**
 * ftrace_get_regs - the full register set behind a callback's frame
 * @fregs: the frame the callback got; may be NULL
 *
 * Return: the saved struct pt_regs when every register is in it, NULL
 * when @fregs is NULL or holds only the argument registers.
 */
static __always_inline struct pt_regs *ftrace_get_regs(struct ftrace_regs *fregs)
{
	return fregs ? arch_ftrace_get_regs(fregs) : NULL;
}

/* Bytes a struct ftrace_regs really takes (the arch's layout). */
#define ftrace_regs_size()	sizeof(struct __arch_ftrace_regs)

/**
 * ftrace_regs_has_args - whether the ftrace_regs_get_*() accessors work
 * @fregs: the frame the callback got; may be NULL
 *
 * Return: always true on HAVE_DYNAMIC_FTRACE_WITH_ARGS architectures,
 * whose callers save the argument registers even when ftrace_get_regs()
 * has no full set to give; elsewhere whether the full set is there.
 */
static __always_inline bool ftrace_regs_has_args(struct ftrace_regs *fregs)
{
	return IS_ENABLED(CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS) ||
	       ftrace_get_regs(fregs);
}

#ifdef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
/*
 * A pt_regs good enough for perf's callchain and sample: kernel mode,
 * ip and stack pointer of the traced function.  The architecture fills
 * @regs from @fregs; by default @regs is left as the caller prepared it.
 */
#ifndef arch_ftrace_fill_perf_regs
#define arch_ftrace_fill_perf_regs(fregs, _regs)	do { } while (0)
#endif

static __always_inline struct pt_regs *
ftrace_fill_perf_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	arch_ftrace_fill_perf_regs(fregs, regs);
	return regs;
}
#else
/* The frame already is a pt_regs: @regs is not needed. */
static __always_inline struct pt_regs *
ftrace_fill_perf_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	return &arch_ftrace_regs(fregs)->regs;
}
#endif

#if !defined(CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS) || \
	defined(CONFIG_HAVE_FTRACE_REGS_HAVING_PT_REGS)
/*
 * Where the frame is laid out as a pt_regs (whether or not all of it
 * was saved), that pt_regs, patched up by the architecture to look like
 * a kernel-mode register set; @regs is not used.  Unlike
 * ftrace_get_regs() this never returns NULL.
 */
#ifndef arch_ftrace_partial_regs
#define arch_ftrace_partial_regs(regs)	do { } while (0)
#endif

static __always_inline struct pt_regs *
ftrace_partial_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	struct pt_regs *saved = &arch_ftrace_regs(fregs)->regs;

	arch_ftrace_partial_regs(saved);
	return saved;
}
#endif

#endif /* CONFIG_FUNCTION_TRACER */

#endif /* _LINUX_FTRACE_CALLBACK_H */
