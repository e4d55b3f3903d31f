/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86's side of function tracing: what a patch site is, how the
 * register frame the callers build (arch/x86/kernel/ftrace_64.S) is
 * read, and the system-call name rules of syscall events.
 *
 * A patch site is the 5-byte "call __fentry__" gcc puts before a
 * function's body (-mfentry; after an ENDBR when IBT is on), recorded
 * in __mcount_loc.  Dynamic ftrace turns it into a 5-byte NOP at boot
 * and into "call <trampoline>" while some ops wants the function
 * (arch/x86/kernel/ftrace.c).
 *
 * The callers hand callbacks a struct ftrace_regs that wraps a
 * struct pt_regs (<linux/ftrace_regs.h>).  ftrace_caller fills the
 * argument registers, ip, sp and bp and leaves cs 0; ftrace_regs_caller
 * (ops with FTRACE_OPS_FL_SAVE_REGS) fills all of it with the kernel's
 * cs, so a non-zero cs is what says "full registers".
 *
 * Also included by assembly: only macros outside __ASSEMBLY__.
 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

#include <asm/ptrace.h>

#ifdef CONFIG_FUNCTION_TRACER

#ifndef CC_USING_FENTRY
# error "the function tracer needs a compiler with -mfentry"
#endif

/* The call instruction at every site: its target and its length. */
#define MCOUNT_ADDR		((unsigned long)(__fentry__))
#define MCOUNT_INSN_SIZE	5

#ifdef CONFIG_HAVE_FENTRY
# include <asm/ibt.h>
/*
 * A site sits at most an ENDBR past its symbol; one further in belongs
 * to a discarded weak function's leftover text.
 */
# define FTRACE_MCOUNT_MAX_OFFSET	ENDBR_INSN_SIZE
#endif

/* Callbacks get their ops and the register frame. */
#ifdef CONFIG_DYNAMIC_FTRACE
# define ARCH_SUPPORTS_FTRACE_OPS	1
#endif

#ifndef __ASSEMBLY__

/* The compiler's call target: a plain return until a site is patched. */
void __fentry__(void);

#ifdef CONFIG_DYNAMIC_FTRACE
/* A record needs nothing x86-specific. */
struct dyn_arch_ftrace {
};

/*
 * Labels inside ftrace_caller and ftrace_regs_caller (ftrace_64.S) at
 * which ftrace.c edits a trampoline copied from them; the jnz exists
 * with direct calls only.
 */
void ftrace_caller_op_ptr(void);
void ftrace_caller_end(void);
void ftrace_regs_caller_op_ptr(void);
void ftrace_regs_caller_jmp(void);
void ftrace_regs_caller_end(void);
#endif

/* __mcount_loc holds the site addresses themselves. */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

#ifdef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS

#include <linux/ftrace_regs.h>

/* The full register set, or NULL when only ftrace_caller's part was saved. */
static __always_inline struct pt_regs *
arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	struct pt_regs *regs = &arch_ftrace_regs(fregs)->regs;

	return regs->cs ? regs : NULL;
}

/* Make a partial frame look like kernel-mode registers to pt_regs users. */
static __always_inline void arch_ftrace_partial_regs(struct pt_regs *regs)
{
	regs->cs = __KERNEL_CS;
	regs->flags |= X86_EFLAGS_FIXED;
}

#define arch_ftrace_partial_regs arch_ftrace_partial_regs

/* perf needs ip, sp and a kernel-mode cs; the flags are unknown. */
static __always_inline void
arch_ftrace_fill_perf_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	struct pt_regs *saved = &arch_ftrace_regs(fregs)->regs;

	regs->cs = __KERNEL_CS;
	regs->flags = 0;
	regs->ip = saved->ip;
	regs->sp = saved->sp;
}

#define arch_ftrace_fill_perf_regs arch_ftrace_fill_perf_regs

/* Where the traced function resumes: the callers return to regs.ip. */
#define ftrace_regs_set_instruction_pointer(fregs, _ip)			\
	(arch_ftrace_regs(fregs)->regs.ip = (_ip))

struct ftrace_ops;
/* The graph tracer's entry is an ordinary callback on x86_64. */
#define ftrace_graph_func ftrace_graph_func
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);

#else /* !CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS */

/* i386: the graph tracer is reached through ftrace_caller's own hook. */
#define FTRACE_GRAPH_TRAMP_ADDR FTRACE_GRAPH_ADDR

#endif /* CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS */

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * A callback that wants the traced function to go to @addr on the way
 * in stores it in orig_ax: ftrace_regs_caller leaves through it when it
 * is not zero.
 */
#define arch_ftrace_set_direct_caller(fregs, addr)			\
	(arch_ftrace_regs(fregs)->regs.orig_ax = (addr))
#endif

#endif /* !__ASSEMBLY__ */
#endif /* CONFIG_FUNCTION_TRACER */

#ifndef __ASSEMBLY__

#include <linux/array_size.h>
#include <linux/string.h>

/* The graph tracer's return-address hook (i386's ftrace_caller calls it). */
void prepare_ftrace_return(unsigned long ip, unsigned long *parent,
			   unsigned long frame_pointer);

/*
 * Called by mark_rodata_ro().  Every trampoline is read-only and
 * executable from the moment it is built, so there is nothing to do.
 */
static inline void set_ftrace_ops_ro(void) { }

/*
 * Syscall events match a system call's name ("sys_NAME") against the
 * symbol of its handler.  On x86 the handler's symbol carries an ABI
 * prefix: "__x64_sys_NAME", "__ia32_sys_NAME", "__do_sys_NAME", or
 * three characters of any kind ("sys_NAME").  Each form is a prefix
 * the symbol must start with and the length to skip before "_NAME".
 */
#define ARCH_HAS_SYSCALL_MATCH_SYM_NAME
static inline bool arch_syscall_match_sym_name(const char *sym, const char *name)
{
	static const struct {
		const char	*prefix;
		size_t		skip;
	} forms[] = {
		{ "", 3 }, { "__x64_", 9 }, { "__ia32_", 10 }, { "__do_sys", 8 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(forms); i++) {
		if (strncmp(sym, forms[i].prefix, strlen(forms[i].prefix)) ||
		    strnlen(sym, forms[i].skip) < forms[i].skip)
			continue;
		if (!strcmp(sym + forms[i].skip, name + 3))
			return true;
	}
	return false;
}

#if !defined(COMPILE_OFFSETS) && defined(CONFIG_FTRACE_SYSCALLS) && \
	defined(CONFIG_IA32_EMULATION)
#include <linux/compat.h>

/*
 * A 32-bit task's system call numbers are not the x86_64 table's:
 * syscall events skip its calls (the raw_syscalls events still see them).
 */
#define ARCH_TRACE_IGNORE_COMPAT_SYSCALLS 1
static inline bool arch_trace_is_compat_syscall(struct pt_regs *regs)
{
	return in_32bit_syscall();
}
#endif

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */
