/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The contract between dynamic ftrace's core and an architecture: what
 * the architecture implements (site edits, the batch around them, its
 * callers and trampolines) and what the core offers it while it does
 * (the walk over records, each record's wanted state, the report of a
 * bad site).
 *
 * One update, as the core drives it (ftrace_lock held throughout):
 *
 *	ftrace_arch_code_modify_prepare()
 *	arch_ftrace_update_code(command)	the arch's way to run it
 *	  ftrace_modify_all_code(command)	(stop_machine() or not)
 *	    ftrace_update_ftrace_func()		the callers' target
 *	    ftrace_replace_code()		every site:
 *	      for_ftrace_rec_iter()
 *	        ftrace_test_record()		what to do, FTRACE_UPDATE_*
 *	        ftrace_get_addr_curr/new()	what it calls, what it will
 *	        ftrace_update_record()		record the change
 *	ftrace_arch_code_modify_post_process()
 *
 * Site edits verify before they write: they read the site, compare it
 * with what the record says it holds, and write only on a match.  What
 * they return is what ftrace_bug() reports:
 *
 *	0		done
 *	-EFAULT		the site could not be read
 *	-EINVAL		it held something else than expected (the
 *			architecture points ftrace_expected at what it
 *			expected, for the report)
 *	-EPERM		the write failed
 *	other		a failure of another kind
 *
 * A failure stops dynamic ftrace for good.  Everything here is
 * process context under the core's lock, except what the callers and
 * trampolines run (any context).  Most of it exists with
 * CONFIG_DYNAMIC_FTRACE; the update commands are always defined.
 *
 * Included by <linux/ftrace.h>; compiles on its own wherever
 * <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_ARCH_H
#define _LINUX_FTRACE_ARCH_H

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kconfig.h>
#include <linux/types.h>

#include <asm/ftrace.h>

#include <linux/ftrace_callback.h>
#include <linux/ftrace_sites.h>

struct dyn_ftrace;
struct ftrace_ops;
struct module;
struct seq_file;

/* An update's command: which parts of the code to bring in line. */
enum {
	FTRACE_UPDATE_CALLS		= BIT(0),	/* sites as wanted */
	FTRACE_DISABLE_CALLS		= BIT(1),	/* every site a NOP */
	FTRACE_UPDATE_TRACE_FUNC	= BIT(2),	/* callers' target */
};

/* The graph tracer's hook in the shared callers, on or off. */
enum {
	FTRACE_START_FUNC_RET		= BIT(3),
	FTRACE_STOP_FUNC_RET		= BIT(4),
};

/* The architecture may reschedule between sites (not in stop_machine()). */
enum {
	FTRACE_MAY_SLEEP		= BIT(5),
};

/*
 * The part of symbol name @str that filter word @search is matched
 * against, for architectures whose symbols carry a decoration the user
 * does not type (a leading '.'); otherwise @str itself.
 */
char *arch_ftrace_match_adjust(char *str, const char *search);

#ifdef CONFIG_FUNCTION_TRACER
/*
 * Architectures whose sites name their ops (DYNAMIC_FTRACE_WITH_CALL_OPS)
 * point a site at ftrace_nop_ops when nothing wants it, at
 * ftrace_list_ops when several ops do, and at the one ops
 * ftrace_find_unique_ops() finds otherwise.
 */
extern const struct ftrace_ops ftrace_nop_ops;
extern const struct ftrace_ops ftrace_list_ops;
struct ftrace_ops *ftrace_find_unique_ops(struct dyn_ftrace *rec);
#endif

#ifdef CONFIG_DYNAMIC_FTRACE

/*
 * The batch: prepare before the first site edit, post_process after the
 * last (take and drop text_mutex, make text writable, flush queued
 * edits).
 */
void ftrace_arch_code_modify_prepare(void);
void ftrace_arch_code_modify_post_process(void);

/*
 * Run an update: the architecture calls ftrace_modify_all_code(@command)
 * in whatever way its text may be changed, live (text-poke batches) or
 * with every other CPU stopped (ftrace_run_stop_machine() runs it under
 * stop_machine()).
 */
void arch_ftrace_update_code(int command);
void ftrace_modify_all_code(int command);
void ftrace_run_stop_machine(int command);

/* Point the shared callers (ftrace_call, ftrace_regs_call) at @func. */
int ftrace_update_ftrace_func(ftrace_func_t func);

/*
 * Bring every site in line with its record (@enable 0: every site a
 * NOP), as the walk at the top of this file shows.
 */
void ftrace_replace_code(int enable);

/* Once at boot, before any record exists.  Return: 0 or an errno. */
int ftrace_dyn_arch_init(void);

/* What a record needs done (ftrace_test_record(), ftrace_update_record()). */
enum {
	FTRACE_UPDATE_IGNORE		= 0,	/* already right */
	FTRACE_UPDATE_MAKE_CALL		= 1,	/* NOP -> call */
	FTRACE_UPDATE_MODIFY_CALL	= 2,	/* call -> other call */
	FTRACE_UPDATE_MAKE_NOP		= 3,	/* call -> NOP */
};

/*
 * Walk every record during an update:
 *
 *	struct ftrace_rec_iter *iter;
 *
 *	for_ftrace_rec_iter(iter) {
 *		struct dyn_ftrace *rec = ftrace_rec_iter_record(iter);
 *		...
 *	}
 */
struct ftrace_rec_iter;

struct ftrace_rec_iter *ftrace_rec_iter_start(void);
struct ftrace_rec_iter *ftrace_rec_iter_next(struct ftrace_rec_iter *iter);
struct dyn_ftrace *ftrace_rec_iter_record(struct ftrace_rec_iter *iter);

#define for_ftrace_rec_iter(iter)					\
	for ((iter) = ftrace_rec_iter_start(); (iter);			\
	     (iter) = ftrace_rec_iter_next(iter))

/*
 * What @rec needs (FTRACE_UPDATE_*); the update form also marks it done
 * in the record, so call it once the site was written.  @enable false
 * asks as if nothing wanted any site.
 */
int ftrace_test_record(struct dyn_ftrace *rec, bool enable);
int ftrace_update_record(struct dyn_ftrace *rec, bool enable);

/* The address the site of @rec calls now, and the one it should call. */
unsigned long ftrace_get_addr_curr(struct dyn_ftrace *rec);
unsigned long ftrace_get_addr_new(struct dyn_ftrace *rec);

/*
 * A bad site: FTRACE_BUG_* says which step found it, ftrace_expected
 * the bytes the architecture expected there (or NULL).  ftrace_bug()
 * reports @err for @rec and stops dynamic ftrace.
 */
enum ftrace_bug_type {
	FTRACE_BUG_UNKNOWN	= 0,
	FTRACE_BUG_INIT		= 1,	/* turning a site into a NOP at load */
	FTRACE_BUG_NOP		= 2,	/* call -> NOP */
	FTRACE_BUG_CALL		= 3,	/* NOP -> call */
	FTRACE_BUG_UPDATE	= 4,	/* call -> other call */
};

extern enum ftrace_bug_type ftrace_bug_type;
extern const void *ftrace_expected;
void ftrace_bug(int err, struct dyn_ftrace *rec);

/*
 * An ops' own trampoline, if the architecture makes them: create it or
 * re-aim it at the ops' current callback (ops->trampoline, with
 * FTRACE_OPS_FL_ALLOC_TRAMP), say which function it calls for @rec,
 * and free it once no task can be inside it.
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops);
void *arch_ftrace_trampoline_func(struct ftrace_ops *ops, struct dyn_ftrace *rec);
void arch_ftrace_trampoline_free(struct ftrace_ops *ops);

/*
 * The shared callers (architecture assembly) and the call instructions
 * inside them that ftrace_update_ftrace_func() rewrites; mcount_call is
 * where an mcount-based architecture calls the tracer.
 */
void ftrace_caller(void);
void ftrace_call(void);
void ftrace_regs_caller(void);
void ftrace_regs_call(void);
void mcount_call(void);

/*
 * The callback the shared callers call now: the one ops' function, or
 * the list function when several are registered.
 */
extern ftrace_func_t ftrace_trace_function;

/*
 * Where a site goes: the shared caller, the regs-saving one (the shared
 * one where the architecture has none), the graph tracer's caller, and
 * the graph tracer's own trampoline for sites only it wants (0: none).
 * An architecture may define any of them in <asm/ftrace.h>.
 */
#ifndef FTRACE_ADDR
#define FTRACE_ADDR		((unsigned long)ftrace_caller)
#endif

#ifndef FTRACE_REGS_ADDR
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
#define FTRACE_REGS_ADDR	((unsigned long)ftrace_regs_caller)
#else
#define FTRACE_REGS_ADDR	FTRACE_ADDR
#endif
#endif

#ifndef FTRACE_GRAPH_ADDR
#define FTRACE_GRAPH_ADDR	((unsigned long)ftrace_graph_caller)
#endif

#ifndef FTRACE_GRAPH_TRAMP_ADDR
#define FTRACE_GRAPH_TRAMP_ADDR	0UL
#endif

/*
 * Architectures that reach the graph tracer through a hook in their
 * shared callers: ftrace_graph_caller, and turning the hook on and off
 * (FTRACE_START_FUNC_RET, FTRACE_STOP_FUNC_RET).  0 or an errno.
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
void ftrace_graph_caller(void);
int ftrace_enable_ftrace_graph_caller(void);
int ftrace_disable_ftrace_graph_caller(void);
#else
static inline int ftrace_enable_ftrace_graph_caller(void)
{
	return 0;
}

static inline int ftrace_disable_ftrace_graph_caller(void)
{
	return 0;
}
#endif

/**
 * ftrace_make_nop - turn the call at a site into a NOP
 * @mod: the module whose sites are being set up, or NULL
 * @rec: the site
 * @addr: what the site calls now
 *
 * At load time (sites of text not running yet, @addr is MCOUNT_ADDR) or
 * inside a batch.  Verifies first (see the top of this file).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr);

/*
 * ftrace_init_nop - a site as the compiler left it, into the NOP of an
 * untraced site (@mod: NULL for the kernel).  By default the compiler's
 * call to MCOUNT_ADDR is made a NOP; an architecture whose compiled
 * sites are something else defines its own.  Return: as
 * ftrace_make_nop().
 */
#ifndef ftrace_init_nop
static inline int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
}
#endif

/**
 * ftrace_make_call - turn the NOP at a site into a call
 * @rec: the site
 * @addr: what it is to call
 *
 * Inside a batch, or for a module's sites before they run.  Verifies
 * first (see the top of this file).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr);

/**
 * ftrace_modify_call - re-aim the call at a site
 * @rec: the site
 * @old_addr: what it calls now
 * @addr: what it is to call
 *
 * For architectures whose sites can call more than one target (regs,
 * call ops, direct calls); with call ops it is also how a site gets a
 * new ops, so @addr may equal @old_addr.  Elsewhere it is never called
 * and fails with -EINVAL.  Verifies first (see the top of this file).
 *
 * Return: 0, -EFAULT, -EINVAL or -EPERM.
 */
#if defined(CONFIG_DYNAMIC_FTRACE_WITH_REGS) || \
	defined(CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS) || \
	defined(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS)
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr);
#else
static inline int ftrace_modify_call(struct dyn_ftrace *rec,
				     unsigned long old_addr, unsigned long addr)
{
	return -EINVAL;
}
#endif

/*
 * Whether load time must turn the compiler's sites into NOPs: yes unless
 * the compiler emitted NOPs already (-mnop-mcount).  An architecture
 * with another rule defines it.
 */
#ifndef ftrace_need_init_nop
#define ftrace_need_init_nop()	(!__is_defined(CC_USING_NOP_MCOUNT))
#endif

/* Non-zero for a site the architecture never lets be traced. */
int skip_trace(unsigned long ip);

#else /* !CONFIG_DYNAMIC_FTRACE */

static inline int skip_trace(unsigned long ip)
{
	return 0;
}

#endif /* CONFIG_DYNAMIC_FTRACE */

/*
 * The ops the shared callers pass their callback (assembly loads it).
 * Declared for C with the graph tracer, which reads it.
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
extern struct ftrace_ops *function_trace_op;
#endif

#endif /* _LINUX_FTRACE_ARCH_H */
