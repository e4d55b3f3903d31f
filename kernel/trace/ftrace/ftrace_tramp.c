// SPDX-License-Identifier: GPL-2.0
/*
 * Trampolines of ops: the life cycle of the dynamic trampoline an ops
 * gets on x86_64, the slot a record names it by, and the lookups the
 * unwinder, kallsyms and perf make of trampoline text.
 *
 * Life of a trampoline:
 *
 *   register      arch_ftrace_update_trampoline() copies ftrace_caller
 *                 (or ftrace_regs_caller) with the ops' pointer and its
 *                 function built in, read-only and executable; the ops
 *                 takes a slot; kallsyms and perf learn the range
 *        |
 *        v        sites wanted by this ops alone call it
 *   live
 *        |
 *        v
 *   unregister    its sites are rewritten (NOP, another trampoline, or
 *                 ftrace_caller); fops_sync_callers() waits until no
 *                 task can be inside it (an ops in the kernel's own data
 *                 is parked instead: trampoline and slot stay, and its
 *                 next registration re-aims the trampoline's call)
 *        |
 *        v
 *   detach        kallsyms and perf forget it, the slot is released,
 *                 arch_ftrace_trampoline_free() frees it
 *
 * A record names the trampoline it calls by slot (ftrace_rec.h), so the
 * slot outlives every record that names it: records are rewritten
 * before detach.  A direct ops (ftrace_direct.c) has a slot too, with no
 * trampoline of ours: a site it alone wants calls its direct_call.
 * Slots live in an xarray; the unwinder's lookup
 * (ftrace_ops_trampoline(), any context) walks it under RCU and sees
 * only the trampolines built here.  Attach and detach run under
 * ftrace_lock.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/xarray.h>

#include "ftrace_ops.h"
#include "ftrace_rec.h"

#define FTRAMP_SYM	"ftrace_trampoline"
#define FTRAMP_MOD	"__builtin__ftrace"

static DEFINE_XARRAY_ALLOC1(ftramp_slots);
static char ftramp_mod_name[] = FTRAMP_MOD;

/*
 * The slot of the last ops asked for: most records of a batch share it
 * (ftrace_lock; cleared when an ops leaves its slot).
 */
static const struct ftrace_ops *ftramp_last_ops;
static unsigned int ftramp_last_slot;

unsigned int ftramp_slot_of(const struct ftrace_ops *ops)
{
	struct ftrace_ops *entry;
	unsigned long id;

	lockdep_assert_held(&ftrace_lock);
	if (ops == ftramp_last_ops)
		return ftramp_last_slot;
	xa_for_each(&ftramp_slots, id, entry) {
		if (entry == ops) {
			ftramp_last_ops = ops;
			ftramp_last_slot = id;
			return id;
		}
	}
	return 0;
}

struct ftrace_ops *ftramp_slot_ops(unsigned int slot)
{
	return slot ? xa_load(&ftramp_slots, slot) : NULL;
}

unsigned long fops_slot_addr(unsigned int slot)
{
	struct ftrace_ops *ops;

	lockdep_assert_held(&ftrace_lock);
	/* Every record of a batch asks, most of them for the same slot. */
	if (slot && slot == ftramp_last_slot && ftramp_last_ops)
		return ftramp_last_ops->trampoline;
	ops = ftramp_slot_ops(slot);
	return ops ? ops->trampoline : 0;
}

/* Whether @ops' trampoline was built here (and so is ours to name). */
static bool ftramp_built(const struct ftrace_ops *ops)
{
	return ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP;
}

static void ftramp_announce(struct ftrace_ops *ops, bool gone)
{
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL, ops->trampoline,
			   ops->trampoline_size, gone, FTRAMP_SYM);
}

static int ftramp_take_slot(struct ftrace_ops *ops)
{
	u32 id;

	return xa_alloc(&ftramp_slots, &id, ops,
			XA_LIMIT(1, (1U << FREC_SLOT_BITS) - 1), GFP_KERNEL);
}

int ftramp_attach(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	/* A placeholder ops only holds sites on the list function. */
	if (ops->flags & FTRACE_OPS_FL_STUB)
		return 0;
	/* Records have no room to name a trampoline on 32-bit. */
	if (!IS_ENABLED(CONFIG_64BIT))
		return ops->flags & FTRACE_OPS_FL_DIRECT ? -ENODEV : 0;
	/* A parked ops has its slot, and its trampoline aims at its function. */
	if (ftramp_slot_of(ops)) {
		if (ftramp_built(ops))
			arch_ftrace_update_trampoline(ops);
		return 0;
	}
	/* A direct call needs its slot: a site cannot name it otherwise. */
	if (ops->flags & FTRACE_OPS_FL_DIRECT)
		return ftramp_take_slot(ops);
	arch_ftrace_update_trampoline(ops);
	if (!ops->trampoline || !ftramp_built(ops))
		return 0;
	if (ftramp_take_slot(ops)) {
		/* No slot: its sites go through the list function instead. */
		arch_ftrace_trampoline_free(ops);
		ops->flags &= ~FTRACE_OPS_FL_ALLOC_TRAMP;
		return 0;
	}
	ftramp_announce(ops, false);
	return 0;
}

void ftramp_detach(struct ftrace_ops *ops)
{
	unsigned int slot;

	lockdep_assert_held(&ftrace_lock);
	slot = ftramp_slot_of(ops);
	ftramp_last_ops = NULL;
	if (slot)
		xa_erase(&ftramp_slots, slot);
	if (!ftramp_built(ops))
		return;
	if (slot)
		ftramp_announce(ops, true);
	arch_ftrace_trampoline_free(ops);
	ops->flags &= ~FTRACE_OPS_FL_ALLOC_TRAMP;
}

/**
 * ftrace_ops_trampoline - the ops whose trampoline holds an address
 * @addr: a text address
 *
 * Any context; the answer is only stable while the caller keeps the
 * trampoline alive (it is running in it, or holds ftrace_lock).
 *
 * Return: the ops, or NULL.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	struct ftrace_ops *ops, *found = NULL;
	unsigned long id;

	rcu_read_lock();
	xa_for_each(&ftramp_slots, id, ops) {
		if (ftramp_built(ops) && addr >= ops->trampoline &&
		    addr < ops->trampoline + ops->trampoline_size) {
			found = ops;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

/**
 * is_ftrace_trampoline - whether an address is in a trampoline of ftrace
 * @addr: a text address
 *
 * Return: true for a dynamic trampoline of a live ops.
 */
bool is_ftrace_trampoline(unsigned long addr)
{
	return !!ftrace_ops_trampoline(addr);
}

/*
 * /proc/kallsyms lists each trampoline as "ftrace_trampoline" of the
 * pseudo-module "__builtin__ftrace", so that perf and the unwinder's
 * users can name addresses inside one.
 */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	struct ftrace_ops *ops;
	unsigned long id;
	int ret = -ERANGE;

	rcu_read_lock();
	xa_for_each(&ftramp_slots, id, ops) {
		if (!ftramp_built(ops) || symnum--)
			continue;
		*value = ops->trampoline;
		*type = 't';
		strscpy(name, FTRAMP_SYM, KSYM_NAME_LEN);
		strscpy(module_name, FTRAMP_MOD, MODULE_NAME_LEN);
		*exported = 0;
		ret = 0;
		break;
	}
	rcu_read_unlock();
	return ret;
}

#ifdef CONFIG_MODULES
/*
 * kallsyms, after the modules: a trampoline ("ftrace_trampoline" of
 * "__builtin__ftrace"), or a module init function whose text is gone.
 * Returns the name's length, 0 if @addr is neither.
 */
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym)
{
	struct ftrace_ops *ops = ftrace_ops_trampoline(addr);

	if (modbuildid)
		*modbuildid = NULL;
	if (!ops)
		return frec_gone_lookup(addr, size, off, modname, sym) ?
		       strlen(sym) : 0;
	if (size)
		*size = ops->trampoline_size;
	if (off)
		*off = addr - ops->trampoline;
	if (modname)
		*modname = ftramp_mod_name;
	return strscpy(sym, FTRAMP_SYM, KSYM_NAME_LEN);
}
#endif
