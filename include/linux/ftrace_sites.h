/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The patch sites of function tracing, as the rest of the kernel sees
 * them: one struct dyn_ftrace per call the compiler put at a function's
 * entry (listed in FTRACE_CALLSITE_SECTION), lookups by address for
 * kprobes, BPF, livepatch, the unwinders and kallsyms, and the hooks
 * that module loading and boot call as text appears and goes away.
 *
 * The flags word of a record.  Bits 0..18 count the ops that want the
 * site; bits 19..31 say what they want and what the site's code does
 * now (the architecture reads them); on 64-bit kernels the core keeps
 * its own state in bits 32..63.
 *
 *	31 ENABLED	the site is a call (else a NOP)		code
 *	30 REGS		some ops wants full registers		wanted
 *	29 REGS_EN	the call goes to the regs-saving caller	code
 *	28 TRAMP	one ops alone: call its trampoline	wanted
 *	27 TRAMP_EN	the call goes to that trampoline	code
 *	26 IPMODIFY	an ops that may change the ip wants it	wanted
 *	25 DISABLED	never patch it (text gone, bad site)	state
 *	24 DIRECT	a direct-call target wants it		wanted
 *	23 DIRECT_EN	the call goes to that target		code
 *	22 CALL_OPS	the site may name its ops (CALL_OPS)	wanted
 *	21 CALL_OPS_EN	the site's ops pointer is in use	code
 *	20 TOUCHED	some ops has wanted it since boot	state
 *	19 MODIFIED	an IPMODIFY or direct ops has wanted it	state
 *	0..18		ops that want it: ftrace_rec_count()
 *
 * Lookups may be called from any context but NMI; the module hooks run
 * in process context from kernel/module/main.c.  Without
 * CONFIG_DYNAMIC_FTRACE there are no records: lookups find nothing and
 * the hooks do nothing.
 *
 * Included by <linux/ftrace.h>; compiles on its own wherever
 * <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_SITES_H
#define _LINUX_FTRACE_SITES_H

#include <linux/errno.h>
#include <linux/kconfig.h>
#include <linux/types.h>

#include <asm/ftrace.h>

#include <linux/ftrace_kernel_hooks.h>

struct ftrace_ops;
struct module;

#ifdef CONFIG_DYNAMIC_FTRACE

/**
 * struct dyn_ftrace - one patch site
 * @ip: address of the call instruction the compiler emitted
 * @flags: see the top of this file; changed only under the core's lock
 * @arch: the architecture's per-site data (<asm/ftrace.h>)
 */
struct dyn_ftrace {
	unsigned long		ip;
	unsigned long		flags;
	struct dyn_arch_ftrace	arch;
};

/* The count of ops that want a site, in the low bits of its flags. */
#define FTRACE_REF_MAX_SHIFT	19
#define FTRACE_REF_MAX		((1UL << FTRACE_REF_MAX_SHIFT) - 1)
#define ftrace_rec_count(rec)	((rec)->flags & FTRACE_REF_MAX)

/* What the code of the site holds (copied from "wanted" when patched). */
enum {
	FTRACE_FL_ENABLED	= (1UL << 31),
	FTRACE_FL_REGS_EN	= (1UL << 29),
	FTRACE_FL_TRAMP_EN	= (1UL << 27),
	FTRACE_FL_DIRECT_EN	= (1UL << 23),
	FTRACE_FL_CALL_OPS_EN	= (1UL << 21),
};

/* What the ops that want the site ask of it. */
enum {
	FTRACE_FL_REGS		= (1UL << 30),
	FTRACE_FL_TRAMP		= (1UL << 28),
	FTRACE_FL_IPMODIFY	= (1UL << 26),
	FTRACE_FL_DIRECT	= (1UL << 24),
	FTRACE_FL_CALL_OPS	= (1UL << 22),
};

/* The site's own state and history. */
enum {
	FTRACE_FL_DISABLED	= (1UL << 25),
	FTRACE_FL_TOUCHED	= (1UL << 20),
	FTRACE_FL_MODIFIED	= (1UL << 19),
};

/*
 * Sites by address: the site at exactly @ip, or the first one in
 * [@start, @end]; 0 when there is none.  The site of a function may
 * sit a few bytes past its symbol (an ENDBR before it): kprobes and
 * BPF ask with the symbol's address and get the site's.
 */
unsigned long ftrace_location(unsigned long ip);
unsigned long ftrace_location_range(unsigned long start, unsigned long end);

/* Non-zero when a site lies in [@start, @end] (text others must not patch). */
int ftrace_text_reserved(const void *start, const void *end);

/*
 * Trampolines the core or the architecture allocated for an ops: the
 * ops whose trampoline holds @addr (unwinders), or whether any does
 * (the exception tables).
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr);
bool is_ftrace_trampoline(unsigned long addr);

/*
 * Module text: ftrace_module_init() makes records of a module's sites
 * (and NOPs of them) before its code runs; ftrace_module_enable()
 * patches the ones registered ops want once the module is live;
 * ftrace_release_mod() drops them when it goes.  ftrace_free_mem()
 * drops the records of [@start, @end) of @mod's text (NULL: the
 * kernel's) when that text is freed; ftrace_free_init_mem() does it for
 * the kernel's __init text at the end of boot.
 */
void ftrace_module_init(struct module *mod);
void ftrace_module_enable(struct module *mod);
void ftrace_release_mod(struct module *mod);
void ftrace_free_mem(struct module *mod, void *start, void *end);
void ftrace_free_init_mem(void);

#else /* !CONFIG_DYNAMIC_FTRACE */

static inline unsigned long ftrace_location(unsigned long ip)
{
	return 0;
}

static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}

static inline bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

static inline void ftrace_module_init(struct module *mod) { }
static inline void ftrace_module_enable(struct module *mod) { }
static inline void ftrace_release_mod(struct module *mod) { }
static inline void ftrace_free_mem(struct module *mod, void *start, void *end) { }

/* With no records, the end of boot still owes the boot snapshot. */
static inline void ftrace_free_init_mem(void)
{
	if (IS_ENABLED(CONFIG_FUNCTION_TRACER))
		ftrace_boot_snapshot();
}

#endif /* CONFIG_DYNAMIC_FTRACE */

/*
 * kallsyms' view of the trampolines of modules' ops: the name of the
 * one holding @addr (0: none), and the @symnum-th of them (-1: past
 * the last).  Arguments as kallsyms' own lookups take them.
 */
#if defined(CONFIG_FUNCTION_TRACER) && defined(CONFIG_MODULES) && \
	defined(CONFIG_DYNAMIC_FTRACE)
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym);
#else
static inline int ftrace_mod_address_lookup(unsigned long addr,
					    unsigned long *size,
					    unsigned long *off, char **modname,
					    const unsigned char **modbuildid,
					    char *sym)
{
	return 0;
}
#endif

#if defined(CONFIG_FUNCTION_TRACER) && defined(CONFIG_DYNAMIC_FTRACE)
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported);
#else
static inline int ftrace_mod_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *name, char *module_name,
					 int *exported)
{
	return -1;
}
#endif

/*
 * The addresses of @cnt function names, @sorted_syms sorted with
 * strcmp(), into @addrs.  Return: 0, -ESRCH when a name is not found,
 * -EOPNOTSUPP without CONFIG_FUNCTION_TRACER.
 */
#ifdef CONFIG_FUNCTION_TRACER
int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
			  unsigned long *addrs);
#else
static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}
#endif

/*
 * Boot: ftrace_init() makes the kernel's records from the table of site
 * addresses the compiler and the linker built; FTRACE_CALLSITE_SECTION
 * names the section that table comes from in every object (the module
 * loader reads a module's from it).
 */
#ifdef CONFIG_FTRACE_MCOUNT_RECORD
void ftrace_init(void);
#else
static inline void ftrace_init(void) { }
#endif

#if defined(CONFIG_FTRACE_MCOUNT_RECORD) && \
	defined(CC_USING_PATCHABLE_FUNCTION_ENTRY)
#define FTRACE_CALLSITE_SECTION	"__patchable_function_entries"
#elif defined(CONFIG_FTRACE_MCOUNT_RECORD)
#define FTRACE_CALLSITE_SECTION	"__mcount_loc"
#endif

#endif /* _LINUX_FTRACE_SITES_H */
