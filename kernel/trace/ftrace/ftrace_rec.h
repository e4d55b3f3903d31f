/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Patch-site records: one struct dyn_ftrace per fentry call site of the
 * kernel and of each loaded module (ftrace_rec.c).
 *
 * Records live in groups.  A group is an array of records in up to
 * eight pages (as few as hold them), sorted by address, covering the sites of
 * one table (the kernel's __mcount_loc, or one module's); a table that
 * does not fit one allocation gets several groups.  Groups are on one
 * list, in the order their tables arrived, and never overlap.  A lookup
 * by address checks each group's range and bisects inside the one that
 * covers it.
 *
 *   frec_groups -> [ kernel, 0-2047 ] -> [ kernel, 2048-4095 ] -> ...
 *                      -> [ module a ] -> [ module b ] -> NULL
 *
 * Who may do what:
 *
 *   =====================  ===============================  =============
 *   operation              context                          protection
 *   =====================  ===============================  =============
 *   add a module's groups  process (module load)            ftrace_lock
 *   drop a module's groups process (module unload)          ftrace_lock,
 *                                                           then RCU
 *   drop __init records    process (boot, module init end)  ftrace_lock
 *   walk every record      process                          ftrace_lock
 *   look up an address     any but NMI                      RCU (sched)
 *   read rec->flags        any                              none; changes
 *                                                           only under
 *                                                           ftrace_lock
 *   =====================  ===============================  =============
 *
 * A dropped group is unlinked under ftrace_lock and freed after an RCU
 * grace period, so a lookup never sees freed memory.  A group that loses
 * only some records (freed __init text) is replaced the same way by a
 * copy of the rest: records never move inside a published group.
 *
 * The flags word of a record.  The low 32 bits are the layout the
 * architecture code reads (<linux/ftrace.h>); on 64-bit kernels the high
 * half holds two trampoline slots (ftrace_tramp.c):
 *
 *   63          48 47          32 31         19 18                  0
 *  +--------------+--------------+-------------+--------------------+
 *  | slot now     | slot wanted  | state flags | ops that want it   |
 *  +--------------+--------------+-------------+--------------------+
 *
 * Each "wanted" property has an "in the code" twin, set by
 * ftrace_update_record() when the site is rewritten:
 *
 *   ==============  ================  ==================================
 *   wanted          in the code       meaning
 *   ==============  ================  ==================================
 *   count > 0       ENABLED           the site is a call, not a NOP
 *   REGS            REGS_EN           the call saves full pt_regs
 *   TRAMP + slot    TRAMP_EN + slot   one ops wants the site and has a
 *   wanted          now               slot: the call goes to its own
 *                                     trampoline, not the list caller
 *   DIRECT and      DIRECT_EN         that one ops is a direct ops: the
 *   count 1                           call goes to its direct_call
 *   ==============  ================  ==================================
 *
 * DIRECT alone says that a direct ops is among those that want the site
 * (with others, its call is made on the way out of ftrace_regs_caller).
 * IPMODIFY (an ops that changes the return IP wants the site), TOUCHED
 * (some ops has wanted it since boot), MODIFIED (an IPMODIFY or direct
 * ops has) and DISABLED (the record may not be patched: its text went
 * away or its site failed to verify) have no twin.
 */
#ifndef _KERNEL_TRACE_FTRACE_REC_H
#define _KERNEL_TRACE_FTRACE_REC_H

#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

#ifdef CONFIG_DYNAMIC_FTRACE
struct module;
struct seq_file;

/*
 * The lock of the whole dynamic ftrace state: records, the ops list,
 * every ops' hashes, trampolines.  Lock order:
 *
 *   ops->func_hash->regex_lock -> ftrace_lock -> text_mutex
 *
 * module_mutex is never taken under ftrace_lock (module notifiers take
 * ftrace_lock inside it).
 */
extern struct mutex ftrace_lock;

/* An RCU pointer of the ftrace state read by its writer (ftrace_lock held). */
#define ftrace_protected(p)	rcu_dereference_protected(p, lockdep_is_held(&ftrace_lock))

/* One allocation of records (see the top of this file). */
struct frec_group {
	struct frec_group __rcu	*next;
	struct dyn_ftrace	*recs;
	unsigned int		nr;
	unsigned int		pages;
	/* Owner of the sites (NULL: the kernel image). */
	struct module		*mod;
};

extern struct frec_group __rcu *frec_groups;

/*
 * The record after @rec, moving to the next group at the end of one
 * (ftrace_lock held; a group is never empty).
 */
static inline struct dyn_ftrace *frec_next(struct frec_group **grp,
					   struct dyn_ftrace *rec)
{
	if (++rec < (*grp)->recs + (*grp)->nr)
		return rec;
	*grp = ftrace_protected((*grp)->next);
	return *grp ? (*grp)->recs : NULL;
}

static inline struct dyn_ftrace *frec_first(struct frec_group **grp)
{
	*grp = ftrace_protected(frec_groups);
	return *grp ? (*grp)->recs : NULL;
}

/* Walk every record (ftrace_lock held). */
#define frec_for_each(grp, rec)						\
	for (rec = frec_first(&(grp)); rec; rec = frec_next(&(grp), rec))

/* The record of the site at exactly @ip, or NULL (ftrace_lock or RCU). */
struct dyn_ftrace *frec_lookup(unsigned long ip);

/* The record of the first site in [@start, @end], or NULL (as above). */
struct dyn_ftrace *frec_lookup_range(unsigned long start, unsigned long end);

/*
 * Changes whenever a group is added or unlinked (ftrace_lock), so that a
 * reader that let go of the lock can tell whether its group pointer is
 * still good.
 */
extern unsigned long frec_generation;

/* The kernel's table of sites, sorted at link time (vmlinux.lds.h). */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/* Records that exist, groups holding them, pages those take. */
extern unsigned long frec_count;
extern unsigned long frec_groups_count;
extern unsigned long frec_pages_count;

/* The high half of rec->flags: trampoline slots (64-bit only). */
#ifdef CONFIG_64BIT
#define FREC_SLOT_BITS		16
#define FREC_SLOT_NEW_SHIFT	32
#define FREC_SLOT_CUR_SHIFT	48
#define FREC_SLOT_MASK		((1UL << FREC_SLOT_BITS) - 1)

static inline unsigned int frec_slot_new(const struct dyn_ftrace *rec)
{
	return (rec->flags >> FREC_SLOT_NEW_SHIFT) & FREC_SLOT_MASK;
}

static inline unsigned int frec_slot_cur(const struct dyn_ftrace *rec)
{
	return (rec->flags >> FREC_SLOT_CUR_SHIFT) & FREC_SLOT_MASK;
}

static inline void frec_set_slot_new(struct dyn_ftrace *rec, unsigned int slot)
{
	rec->flags &= ~(FREC_SLOT_MASK << FREC_SLOT_NEW_SHIFT);
	rec->flags |= (unsigned long)slot << FREC_SLOT_NEW_SHIFT;
}

/* The site now calls what was wanted: "slot now" takes "slot wanted". */
static inline void frec_slot_commit(struct dyn_ftrace *rec)
{
	rec->flags &= ~(FREC_SLOT_MASK << FREC_SLOT_CUR_SHIFT);
	rec->flags |= (unsigned long)frec_slot_new(rec) << FREC_SLOT_CUR_SHIFT;
}
#else
static inline unsigned int frec_slot_new(const struct dyn_ftrace *rec)
{
	return 0;
}

static inline unsigned int frec_slot_cur(const struct dyn_ftrace *rec)
{
	return 0;
}

static inline void frec_set_slot_new(struct dyn_ftrace *rec, unsigned int slot)
{
}

static inline void frec_slot_commit(struct dyn_ftrace *rec)
{
}
#endif

/*
 * The state flags of the low half.  The FTRACE_FL_* are enumerators of an
 * unsigned int enum: widened here so that "& ~mask" keeps the high half.
 */
#define FREC_WANT_MASK	((unsigned long)(FTRACE_FL_REGS | FTRACE_FL_TRAMP |	\
					 FTRACE_FL_DIRECT | FTRACE_FL_IPMODIFY))
#define FREC_CODE_MASK	((unsigned long)(FTRACE_FL_ENABLED | FTRACE_FL_REGS_EN | \
					 FTRACE_FL_TRAMP_EN | FTRACE_FL_DIRECT_EN))

/* Whether the site should call a direct ops' trampoline itself. */
static inline bool frec_wants_direct(const struct dyn_ftrace *rec)
{
	return (rec->flags & FTRACE_FL_DIRECT) && ftrace_rec_count(rec) == 1;
}

/* Whether the code at the site differs from what the record wants. */
bool frec_needs_update(const struct dyn_ftrace *rec);

/*
 * Convert the sites of @mod (NULL: the kernel image) in [@start, @end)
 * of its fentry table into records.  Process context, ftrace_lock not
 * held.  0 or -ENOMEM.
 */
int frec_add_table(struct module *mod, unsigned long *start,
		   unsigned long *end);

/* The kernel's __init text is about to be freed (ftrace_free_init_mem()). */
void __init frec_free_init_mem(void);

/*
 * Disable the kernel image's records of weak functions' leftover text
 * (the first caller after boot pays for the symbol lookups; then a
 * no-op).  ftrace_lock held; every walk that selects or patches
 * records calls it first.
 */
void frec_check_weak(void);

/* Report a site that did not hold what it should; tracing stops. */
void frec_bug(int err, struct dyn_ftrace *rec);

/* Set once a site failed: no more patching until reboot. */
extern bool ftrace_disabled;

/* Whether a bad site stopped function tracing (the trace header says so). */
int ftrace_is_dead(void);

/*
 * The name of a freed module init function that held @addr, for
 * kallsyms (any context but NMI).  Fills what is not NULL.
 */
bool frec_gone_lookup(unsigned long addr, unsigned long *size,
		      unsigned long *off, char **modname, char *sym);

/* Print the symbol of @rec (with " [module]") into @m. */
void frec_print_sym(struct seq_file *m, const struct dyn_ftrace *rec);

#else /* !CONFIG_DYNAMIC_FTRACE */
static inline int ftrace_is_dead(void) { return 0; }
#endif

#endif /* _KERNEL_TRACE_FTRACE_REC_H */
