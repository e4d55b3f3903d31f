// SPDX-License-Identifier: GPL-2.0
/*
 * Bringing the code in line with the ops: every record's wanted state
 * from the registered ops (fupd_commit()), then the rewrite of the
 * sites that differ through the architecture's batch (fupd_run()), and
 * the record interface the architecture drives that batch with.
 *
 * The patching protocol (x86: arch/x86/kernel/ftrace.c with the int3
 * text_poke batch):
 *
 *   ftrace_lock -> text_mutex (ftrace_arch_code_modify_prepare())
 *     1. ftrace_caller's call goes to the list function if any ops is
 *        live (text_poke_bp: atomic for every CPU);
 *     2. pass one: every site that must change is read and checked
 *        against what its record says it holds (ftrace_test_record(),
 *        ftrace_get_addr_curr()); a mismatch stops here, nothing
 *        written, and ftrace_bug() turns patching off;
 *     3. pass two: each site is queued with its new instruction
 *        (ftrace_get_addr_new()) and its record takes the new state
 *        (ftrace_update_record()); text_poke_finish() writes the batch:
 *        an int3 on every site, sync, the tail bytes, sync, the first
 *        byte, sync.  A CPU that runs a site mid-batch hits the int3
 *        and is sent on as if the site were a NOP (or the old call);
 *        it never runs a torn instruction;
 *     4. if no ops is live, ftrace_caller's call goes back to the stub
 *        (after pass three: no site calls ftrace_caller any more).
 *   text_mutex released (ftrace_arch_code_modify_post_process())
 *
 * What a CPU on a site may run, by step:
 *
 *   ================  ============  ===================  ===========
 *   change            before 3      during 3             after 3
 *   ================  ============  ===================  ===========
 *   from NOP to call  NOP           NOP (int3 emulates)  the call
 *   from call to NOP  the call      the call, emulated   NOP
 *   from A to B       A             A, emulated          B
 *   ================  ============  ===================  ===========
 *
 * So an ops is called from a site only while the site is patched for
 * it or for the list; removing an ops rewrites its sites first, then
 * waits for callers (fops_sync_callers()), then frees its trampoline.
 *
 * ftrace_caller passes function_trace_op to the function it calls.
 * Ours only ever calls the stub or the list function, and neither
 * reads that argument: a single ops has its own trampoline with its
 * own pointer, so function_trace_op never changes and no CPU can pair
 * an old ops pointer with a new function.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/sched.h>

#include "ftrace_ops.h"
#include "ftrace_rec.h"

struct ftrace_rec_iter {
	struct frec_group	*grp;
	unsigned int		idx;
};

/* The one iteration of a batch (ftrace_lock held by its only user). */
static struct ftrace_rec_iter fupd_iter;

/* The next state of ftrace_caller's call, applied inside the batch. */
static ftrace_func_t fupd_next_func = ftrace_stub;

static bool fupd_visit(const struct dyn_ftrace *rec)
{
	return !(rec->flags & FTRACE_FL_DISABLED) && frec_needs_update(rec);
}

/* From @iter's position (included), the next record to visit. */
static struct ftrace_rec_iter *fupd_iter_seek(struct ftrace_rec_iter *iter)
{
	while (iter->grp) {
		for (; iter->idx < iter->grp->nr; iter->idx++) {
			struct dyn_ftrace *rec = &iter->grp->recs[iter->idx];

			if (fupd_visit(rec))
				return iter;
		}
		iter->grp = ftrace_protected(iter->grp->next);
		iter->idx = 0;
	}
	return NULL;
}

/**
 * ftrace_rec_iter_start - first record of the current batch
 *
 * Only records whose code must change are visited.
 * Return: the iterator, or NULL when there is none.
 */
struct ftrace_rec_iter *ftrace_rec_iter_start(void)
{
	lockdep_assert_held(&ftrace_lock);
	fupd_iter.grp = ftrace_protected(frec_groups);
	fupd_iter.idx = 0;
	return fupd_iter_seek(&fupd_iter);
}

/**
 * ftrace_rec_iter_next - the record after @iter's
 * @iter: a live iterator
 *
 * Return: @iter moved on, or NULL at the end.
 */
struct ftrace_rec_iter *ftrace_rec_iter_next(struct ftrace_rec_iter *iter)
{
	iter->idx++;
	return fupd_iter_seek(iter);
}

/**
 * ftrace_rec_iter_record - the record @iter is on
 * @iter: a live iterator
 *
 * Return: the record.
 */
struct dyn_ftrace *ftrace_rec_iter_record(struct ftrace_rec_iter *iter)
{
	return &iter->grp->recs[iter->idx];
}

static int fupd_check(struct dyn_ftrace *rec, bool enable, bool update)
{
	unsigned long f = rec->flags;
	bool want = enable && ftrace_rec_count(rec);
	bool on = f & FTRACE_FL_ENABLED;
	int what;

	ftrace_bug_type = FTRACE_BUG_UNKNOWN;
	if (f & FTRACE_FL_DISABLED)
		return FTRACE_UPDATE_IGNORE;

	if (!want) {
		what = on ? FTRACE_UPDATE_MAKE_NOP : FTRACE_UPDATE_IGNORE;
		ftrace_bug_type = FTRACE_BUG_NOP;
	} else if (!on) {
		what = FTRACE_UPDATE_MAKE_CALL;
		ftrace_bug_type = FTRACE_BUG_CALL;
	} else {
		what = frec_needs_update(rec) ? FTRACE_UPDATE_MODIFY_CALL :
						FTRACE_UPDATE_IGNORE;
		ftrace_bug_type = FTRACE_BUG_UPDATE;
	}
	if (!update || what == FTRACE_UPDATE_IGNORE)
		return what;

	/* The code now is what was wanted: copy each wish to its twin. */
	f &= ~FREC_CODE_MASK;
	if (what != FTRACE_UPDATE_MAKE_NOP) {
		f |= FTRACE_FL_ENABLED;
		if (f & FTRACE_FL_REGS)
			f |= FTRACE_FL_REGS_EN;
		if (f & FTRACE_FL_TRAMP)
			f |= FTRACE_FL_TRAMP_EN;
		if (frec_wants_direct(rec))
			f |= FTRACE_FL_DIRECT_EN;
	}
	rec->flags = f;
	frec_slot_commit(rec);
	return what;
}

/**
 * ftrace_test_record - what the batch must do to a record's site
 * @rec: the record
 * @enable: false to turn every site off whatever it wants
 *
 * Return: FTRACE_UPDATE_IGNORE, _MAKE_CALL, _MODIFY_CALL or _MAKE_NOP.
 */
int ftrace_test_record(struct dyn_ftrace *rec, bool enable)
{
	return fupd_check(rec, enable, false);
}

/**
 * ftrace_update_record - the same, and note that the site was rewritten
 * @rec: the record
 * @enable: as for ftrace_test_record()
 *
 * Return: as ftrace_test_record(), before the record changed.
 */
int ftrace_update_record(struct dyn_ftrace *rec, bool enable)
{
	return fupd_check(rec, enable, true);
}

/**
 * ftrace_get_addr_new - the call a record's site must get
 * @rec: the record
 *
 * Return: a direct ops' target, one ops' trampoline, or
 * ftrace_regs_caller, or ftrace_caller.
 */
unsigned long ftrace_get_addr_new(struct dyn_ftrace *rec)
{
	if (frec_wants_direct(rec)) {
		unsigned long addr = fdir_slot_addr(frec_slot_new(rec));

		if (!WARN_ON_ONCE(!addr))
			return addr;
	}
	if (rec->flags & FTRACE_FL_TRAMP) {
		unsigned long addr = fops_slot_addr(frec_slot_new(rec));

		if (addr)
			return addr;
	}
	return rec->flags & FTRACE_FL_REGS ? FTRACE_REGS_ADDR : FTRACE_ADDR;
}

/**
 * ftrace_get_addr_curr - the call a record's site holds now
 * @rec: the record
 *
 * Return: as ftrace_get_addr_new(), from the "in the code" flags.
 */
unsigned long ftrace_get_addr_curr(struct dyn_ftrace *rec)
{
	if (rec->flags & FTRACE_FL_DIRECT_EN) {
		unsigned long addr = fdir_slot_addr(frec_slot_cur(rec));

		if (!WARN_ON_ONCE(!addr))
			return addr;
	}
	if (rec->flags & FTRACE_FL_TRAMP_EN) {
		unsigned long addr = fops_slot_addr(frec_slot_cur(rec));

		if (addr)
			return addr;
	}
	return rec->flags & FTRACE_FL_REGS_EN ? FTRACE_REGS_ADDR : FTRACE_ADDR;
}

/**
 * ftrace_modify_all_code - the batch itself
 * @command: FTRACE_UPDATE_CALLS and/or FTRACE_UPDATE_TRACE_FUNC
 *
 * Called by arch_ftrace_update_code() inside fupd_run(): ftrace_lock
 * and (x86) text_mutex held.  Steps 1-4 of the protocol above.
 */
void ftrace_modify_all_code(int command)
{
	bool retarget = command & FTRACE_UPDATE_TRACE_FUNC;

	/* 1: sites about to call ftrace_caller must find the list there. */
	if (retarget && fupd_next_func != ftrace_stub) {
		ftrace_update_ftrace_func(fupd_next_func);
		ftrace_trace_function = fupd_next_func;
	}
	/* 2, 3 */
	if (command & FTRACE_UPDATE_CALLS)
		ftrace_replace_code(1);
	else if (command & FTRACE_DISABLE_CALLS)
		ftrace_replace_code(0);
	/* 4 */
	if (retarget && fupd_next_func == ftrace_stub) {
		ftrace_update_ftrace_func(ftrace_stub);
		ftrace_trace_function = ftrace_stub;
	}
}

void fupd_run(int command)
{
	ftrace_arch_code_modify_prepare();
	arch_ftrace_update_code(command);
	ftrace_arch_code_modify_post_process();
}

/* The wanted state of one record from the live ops. */
static void fupd_want(struct dyn_ftrace *rec)
{
	unsigned long f = rec->flags & ~(FTRACE_REF_MAX | FREC_WANT_MASK);
	struct ftrace_ops *op, *only = NULL;
	unsigned long count = 0;
	unsigned int slot = 0;

	if (!ftrace_enabled)
		goto out;
	fops_for_each(op) {
		if (!fops_live(op) || !fops_hash_wants(op, rec->ip))
			continue;
		count++;
		only = op;
		if (op->flags & FTRACE_OPS_FL_SAVE_REGS)
			f |= FTRACE_FL_REGS;
		if (op->flags & FTRACE_OPS_FL_IPMODIFY)
			f |= FTRACE_FL_IPMODIFY | FTRACE_FL_MODIFIED;
		if (op->flags & FTRACE_OPS_FL_DIRECT)
			f |= FTRACE_FL_DIRECT | FTRACE_FL_MODIFIED;
	}
	if (count)
		f |= FTRACE_FL_TOUCHED;
	if (count == 1) {
		slot = ftramp_slot_of(only);
		if (slot)
			f |= FTRACE_FL_TRAMP;
	}
out:
	rec->flags = f | min(count, FTRACE_REF_MAX);
	frec_set_slot_new(rec, slot);
}

/*
 * Two live ops of one exclusive kind on one function: refuse.  The kinds
 * are ops that modify the IP and direct ops (a function has at most one
 * direct call).  A direct ops and an IPMODIFY one may share a function
 * once the direct ops agreed (ftrace_direct.c asks it before either is
 * registered).
 */
static bool fupd_exclusive_conflict(void)
{
	static const unsigned long kinds[] = {
		FTRACE_OPS_FL_IPMODIFY, FTRACE_OPS_FL_DIRECT,
	};
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	struct ftrace_ops *op;
	unsigned int k;
	int n;

	for (k = 0; k < ARRAY_SIZE(kinds); k++) {
		n = 0;
		fops_for_each(op)
			n += fops_live(op) && (op->flags & kinds[k]);
		if (n < 2)
			continue;
		frec_for_each(grp, rec) {
			if (rec->flags & FTRACE_FL_DISABLED)
				continue;
			n = 0;
			fops_for_each(op)
				n += fops_live(op) && (op->flags & kinds[k]) &&
				     fops_hash_wants(op, rec->ip);
			if (n > 1) {
				pr_warn("two ops %s %pS\n",
					k ? "make direct calls from" :
					    "modify the IP of", (void *)rec->ip);
				return true;
			}
		}
	}
	return false;
}

int fupd_commit(void)
{
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	struct ftrace_ops *op;
	ftrace_func_t func = ftrace_stub;
	int command = 0;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	frec_check_weak();
	if (fupd_exclusive_conflict())
		return -EBUSY;

	frec_for_each(grp, rec) {
		if (rec->flags & FTRACE_FL_DISABLED)
			continue;
		fupd_want(rec);
		if (frec_needs_update(rec))
			command |= FTRACE_UPDATE_CALLS;
	}

	if (ftrace_enabled) {
		fops_for_each(op)
			if (fops_live(op))
				func = fops_list_function();
	}
	if (func != ftrace_trace_function) {
		fupd_next_func = func;
		command |= FTRACE_UPDATE_TRACE_FUNC;
	}
	if (command)
		fupd_run(command);
	return ftrace_disabled ? -ENODEV : 0;
}
