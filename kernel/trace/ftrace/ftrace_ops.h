/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ftrace_ops inside the core: who wants which site, and how the code is
 * brought to match (ftrace_ops.c, ftrace_update.c, ftrace_tramp.c).
 *
 * The model.  An ops wants a site when it is registered (ENABLED), its
 * filter hash is empty or holds the site, and its notrace hash does not
 * hold it.  A record's count is the number of ops that want it; the
 * record also notes whether any of them wants full regs, may modify
 * the IP, or (with exactly one) which ops' trampoline to call.  All of
 * this is recomputed from the registered ops whenever an ops is added,
 * removed or changes a hash (fupd_commit()); nothing is counted
 * incrementally, so no sequence of changes can leave a count wrong.
 *
 *   register / unregister / set hash      (ftrace_lock)
 *        |
 *        v
 *   fupd_commit(): every record's wanted state from the ops list
 *        |                      (IPMODIFY conflict: -EBUSY, nothing changed)
 *        v
 *   fupd_run(): the list caller's target, then every site whose code
 *        differs, in one text_poke batch (ftrace_update.c)
 *
 * What the sites call:
 *
 *   wanted by    site calls                    which calls
 *   ----------   ---------------------------   ----------------------------
 *   no ops       nothing (5-byte NOP)          -
 *   one ops      its trampoline (x86_64)       ftrace_ops_get_func(ops)
 *   several      ftrace_caller/_regs_caller    ftrace_trace_function: the
 *                                              list function, or the one
 *                                              registered ops' function
 *
 * Locks: ftrace_lock (ftrace_rec.h) covers the ops list, every hash of
 * every ops, the records' flags and the trampoline slots; a hash
 * change by an ops' owner takes ops->func_hash->regex_lock outside it,
 * and registering (or a direct ops' change) takes the direct-call lock
 * outside it (ftrace_direct.c).
 */
#ifndef _KERNEL_TRACE_FTRACE_OPS_H
#define _KERNEL_TRACE_FTRACE_OPS_H

#include <linux/ftrace.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

#include "ftrace_rec.h"

struct ftrace_hash;
struct module;

/* Walk the registered ops, ftrace_list_end excluded (ftrace_lock held). */
#define fops_for_each(op)						\
	for (op = ftrace_protected(ftrace_ops_list); op != &ftrace_list_end; \
	     op = ftrace_protected(op->next))

/* Where @ops keeps its filter (@exclude false) or notrace hash. */
static inline struct ftrace_hash __rcu **fops_hash_slot(struct ftrace_ops *ops,
							bool exclude)
{
	return exclude ? &ops->func_hash->notrace_hash :
			 &ops->func_hash->filter_hash;
}

/* The ops of the global instance's function tracing (set_ftrace_filter). */
extern struct ftrace_ops fops_global;

/* The function of sites wanted by several ops (ftrace_caller calls it). */
ftrace_func_t fops_list_function(void);

/* Whether @ops wants the site @ip by its hashes (RCU, any context). */
bool fops_hash_wants(struct ftrace_ops *ops, unsigned long ip);

/* Whether @ops is registered and its function may be called. */
static inline bool fops_live(const struct ftrace_ops *ops)
{
	return ops->flags & FTRACE_OPS_FL_ENABLED;
}

/*
 * Add @ops to the live ops and bring the code in line (ftrace_lock held;
 * the result is register_ftrace_function()'s), and take it away again
 * (0, or -EBUSY when it is not registered).
 */
int fops_register(struct ftrace_ops *ops);
int fops_unregister(struct ftrace_ops *ops);

/*
 * Replace the filter (@exclude false) or notrace hash of @ops by @hash,
 * which becomes the ops' (whatever the result).  When @ops is
 * registered, the code follows.  ftrace_lock held.  0, or -EBUSY when
 * another ops that modifies the IP already has one of the new sites.
 */
int fops_replace_hash(struct ftrace_ops *ops, bool exclude,
		      struct ftrace_hash *hash);

/* Set up @ops' hashes if it has none yet (ftrace_lock held). */
void fops_init_hashes(struct ftrace_ops *ops);

/* The site at @ip is gone: drop it from every ops' hashes (ftrace_lock). */
void fops_forget_ip(unsigned long ip);

/* @ops' hashes live while it is not registered: forget_ip must see them. */
void fops_keep_hashes(struct ftrace_ops *ops);
void fops_unkeep_hashes(struct ftrace_ops *ops);

/*
 * Module hooks.  fops_module_coming() runs the hook a higher layer
 * registered (set_ftrace_filter's ":mod:" lines kept for a module not
 * loaded yet) before ftrace_lock is taken; fops_update_module() then
 * patches the module's wanted sites (ftrace_lock held).
 */
struct fops_module_hook {
	void (*coming)(struct module *mod);
};

void fops_set_module_hook(const struct fops_module_hook *hook);
void fops_module_coming(struct module *mod);
void fops_update_module(struct module *mod);

/*
 * Bring every record's wanted state up to date with the registered ops
 * and rewrite the sites that differ.  Two live ops that modify the IP
 * of one function are refused first, with nothing changed.  ftrace_lock
 * held.  0, -EBUSY (that conflict), -ENODEV (patching is off).
 */
int fupd_commit(void);

/* The arch's patching hooks run under this, in one batch (ftrace_update.c). */
void fupd_run(int command);

/*
 * Trampoline slots (ftrace_tramp.c).  An ops with its own trampoline
 * holds a slot from ftramp_attach() until ftramp_detach(), which comes
 * after no site calls it and no task can be inside it.
 */
unsigned int ftramp_slot_of(const struct ftrace_ops *ops);
struct ftrace_ops *ftramp_slot_ops(unsigned int slot);
unsigned long fops_slot_addr(unsigned int slot);
/* 0, or an error for a direct ops that got no slot (nothing held). */
int ftramp_attach(struct ftrace_ops *ops);
void ftramp_detach(struct ftrace_ops *ops);

/*
 * Direct calls (ftrace_direct.c).  fdir_lock() comes before ftrace_lock.
 * Around the registration of an ops that modifies the IP, the direct
 * ops on its functions are asked to share them (fdir_share_ask(): 0 or
 * the refusal) and told when it is gone (fdir_share_drop()); both with
 * the lock held, a no-op for other ops.  fdir_slot_addr(): the target
 * of the direct ops a slot names, 0 for any other slot.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
void fdir_lock(void);
void fdir_unlock(void);
int fdir_share_ask(struct ftrace_ops *ops);
void fdir_share_drop(struct ftrace_ops *ops);
unsigned long fdir_slot_addr(unsigned int slot);
#else
static inline void fdir_lock(void) { }
static inline void fdir_unlock(void) { }
static inline int fdir_share_ask(struct ftrace_ops *ops) { return 0; }
static inline void fdir_share_drop(struct ftrace_ops *ops) { }
static inline unsigned long fdir_slot_addr(unsigned int slot) { return 0; }
#endif

/* Wait until no task can be running in a trampoline or callback of old. */
void fops_sync_callers(void);

#endif /* _KERNEL_TRACE_FTRACE_OPS_H */
