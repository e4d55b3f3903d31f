// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: an ops whose sites call a trampoline of its owner's
 * (a BPF trampoline, a sample's assembly) instead of a callback.
 *
 * A direct ops is an ftrace_ops with FTRACE_OPS_FL_DIRECT and
 * SAVE_REGS, a filter naming its functions, and one target address
 * (ops->direct_call) for all of them.  It takes a trampoline slot with no
 * trampoline behind it (ftrace_tramp.c), so that a record can name it:
 *
 *   ops wanting a site        the site calls
 *   ------------------------  ------------------------------------------
 *   the direct ops alone      ops->direct_call itself (TRAMP + DIRECT)
 *   it and others             ftrace_regs_caller: the list function calls
 *                             call_direct_funcs(), which stores
 *                             direct_call in orig_ax; the caller leaves
 *                             through it after the other callbacks ran
 *
 * The target entered either way sees the stack the site's call made.
 * A function has at most one direct ops (-EBUSY).
 *
 * Changing the target (modify_ftrace_direct()) registers a placeholder
 * ops on the same functions first: every site then goes through the
 * list function, which reads direct_call at each call, so the new
 * target takes over at once; when the placeholder goes, the sites call
 * the new target themselves.
 *
 * Sharing with an ops that modifies the IP (live patching): allowed only
 * when the direct ops has an ops_func that agrees.  It is asked
 * (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER) before an IPMODIFY ops on
 * one of its functions registers, told when that ops is gone
 * (..._DISABLE_SHARE_IPMODIFY_PEER), and asks itself (..._SELF) when it
 * registers or changes target on a function that such an ops has.
 *
 * Locks: fdir_mutex -> ftrace_lock.  fdir_mutex makes the set of direct
 * ops (fdir_ops, through ops->list) stable and serialises the sharing
 * questions; an ops_func is called with fdir_mutex held and may call
 * modify_ftrace_direct_nolock(), never with ftrace_lock held except for
 * ..._SELF.
 */
#include <linux/ftrace.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>

#include "ftrace_hash.h"
#include "ftrace_ops.h"
#include "ftrace_rec.h"

/* What a direct ops must have (and what register_ftrace_direct() sets). */
#define FDIR_FLAGS	(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS)

static DEFINE_MUTEX(fdir_mutex);

/* The registered direct ops, through their ->list (fdir_mutex). */
static LIST_HEAD(fdir_ops);

void fdir_lock(void)
{
	mutex_lock(&fdir_mutex);
}

void fdir_unlock(void)
{
	mutex_unlock(&fdir_mutex);
}

/*
 * The function of a direct ops, for sites it shares: the caller leaves
 * through direct_call.  Any context (the list function's).
 */
static void notrace call_direct_funcs(unsigned long ip, unsigned long parent_ip,
				      struct ftrace_ops *ops,
				      struct ftrace_regs *fregs)
{
	unsigned long addr = READ_ONCE(ops->direct_call);

	if (addr)
		arch_ftrace_set_direct_caller(fregs, addr);
}

unsigned long fdir_slot_addr(unsigned int slot)
{
	struct ftrace_ops *ops = ftramp_slot_ops(slot);

	if (!ops || !(ops->flags & FTRACE_OPS_FL_DIRECT))
		return 0;
	return READ_ONCE(ops->direct_call);
}

/* The live direct ops that wants @ip, or NULL (ftrace_lock held). */
static struct ftrace_ops *fdir_owner(unsigned long ip)
{
	struct ftrace_ops *op;

	fops_for_each(op)
		if (fops_live(op) && (op->flags & FTRACE_OPS_FL_DIRECT) &&
		    fops_hash_wants(op, ip))
			return op;
	return NULL;
}

/**
 * ftrace_find_rec_direct - the direct call made at a patch site
 * @ip: the site
 *
 * ftrace_lock held.
 * Return: the target of the direct ops that has @ip, or 0.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct ftrace_ops *op = fdir_owner(ip);

	return op ? READ_ONCE(op->direct_call) : 0;
}

/* Whether a function in @ops' filter is one @op wants (RCU inside). */
static bool fdir_overlap(struct ftrace_ops *ops, struct ftrace_ops *op)
{
	struct ftrace_func_entry *e;
	struct ftrace_hash *filter;
	bool found = false;
	unsigned int i;

	rcu_read_lock();
	filter = rcu_dereference(ops->func_hash->filter_hash);
	fhash_for_each(filter, i, e) {
		if (e->ip && fops_hash_wants(op, e->ip)) {
			found = true;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

/* Ask direct ops @dop to share: its answer, or -EBUSY if it cannot be asked. */
static int fdir_ask(struct ftrace_ops *dop, enum ftrace_ops_cmd cmd)
{
	return dop->ops_func ? dop->ops_func(dop, cmd) : -EBUSY;
}

/*
 * A direct ops about to hold its functions: if a live ops that modifies
 * the IP has one of them, the direct ops must agree to share it.
 * ftrace_lock held.
 */
static int fdir_share_self(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	fops_for_each(op)
		if (fops_live(op) && (op->flags & FTRACE_OPS_FL_IPMODIFY) &&
		    fdir_overlap(ops, op))
			return fdir_ask(ops, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
	return 0;
}

int fdir_share_ask(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;
	int ret = 0;

	lockdep_assert_held(&fdir_mutex);
	if (!(ops->flags & FTRACE_OPS_FL_IPMODIFY))
		return 0;
	list_for_each_entry(op, &fdir_ops, list) {
		if (fdir_overlap(ops, op))
			ret = fdir_ask(op, FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER);
		if (ret)
			break;
	}
	return ret;
}

void fdir_share_drop(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&fdir_mutex);
	if (!(ops->flags & FTRACE_OPS_FL_IPMODIFY))
		return;
	list_for_each_entry(op, &fdir_ops, list)
		if (op->ops_func && fdir_overlap(ops, op))
			op->ops_func(op, FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
}

/* Whether a function of @ops' filter has a direct ops already. */
static bool fdir_taken(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	list_for_each_entry(op, &fdir_ops, list)
		if (fdir_overlap(ops, op))
			return true;
	return false;
}

/**
 * register_ftrace_direct - make the functions of @ops call @addr directly
 * @ops: an ops with its filter set (ftrace_set_filter_ip() and the like),
 *	no function and no trampoline, not registered
 * @addr: the target, entered as if the patch site had called it
 *
 * @ops becomes a direct ops (FTRACE_OPS_FL_DIRECT, SAVE_REGS) and is
 * registered; every site of its filter calls @addr before this returns.
 *
 * Return: 0; -EINVAL when @ops is registered, has a function or a
 * trampoline, modifies the IP, or has an empty filter; -EBUSY when one
 * of its functions has a direct call already, or has an ops that
 * modifies the IP and @ops' ops_func does not agree to share it;
 * -ENODEV when function tracing is off; -ENOMEM.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *filter;
	int ret;

	if (ops->func || ops->trampoline ||
	    (ops->flags & (FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_IPMODIFY)) ||
	    !(ops->flags & FTRACE_OPS_FL_INITIALIZED))
		return -EINVAL;

	guard(mutex)(&fdir_mutex);
	mutex_lock(&ftrace_lock);
	filter = ftrace_protected(ops->func_hash->filter_hash);
	if (!filter || !filter->count) {
		ret = -EINVAL;
		goto out;
	}
	if (fdir_taken(ops)) {
		ret = -EBUSY;
		goto out;
	}
	ret = fdir_share_self(ops);
	if (ret)
		goto out;

	ops->func = call_direct_funcs;
	ops->flags |= FDIR_FLAGS;
	ops->trampoline = FTRACE_REGS_ADDR;
	WRITE_ONCE(ops->direct_call, addr);
	ret = fops_register(ops);
	if (ret) {
		ops->func = NULL;
		ops->trampoline = 0;
		goto out;
	}
	list_add(&ops->list, &fdir_ops);
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct - stop the direct calls of @ops
 * @ops: an ops registered with register_ftrace_direct()
 * @addr: its current target
 * @free_filters: also free @ops' filter and notrace hashes
 *
 * When this returns, no site calls @addr for @ops and no task is on the
 * way to it from ftrace_regs_caller; @ops may be registered again.
 *
 * Return: 0, or -EINVAL when @ops is not a registered direct ops.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret;

	if ((ops->flags & FDIR_FLAGS) != FDIR_FLAGS ||
	    !(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;

	mutex_lock(&fdir_mutex);
	mutex_lock(&ftrace_lock);
	ret = fops_unregister(ops);
	if (!ret) {
		list_del_init(&ops->list);
		ops->func = NULL;
		ops->trampoline = 0;
	}
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&fdir_mutex);

	if (free_filters)
		ftrace_free_filter(ops);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/*
 * Holds every function of the direct ops being changed on the list
 * function (a site wanted by two ops), which calls no placeholder.
 */
static struct ftrace_ops fdir_hold = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB | FTRACE_OPS_FL_INITIALIZED,
};

/**
 * modify_ftrace_direct_nolock - change the target of a direct ops
 * @ops: an ops registered with register_ftrace_direct()
 * @addr: the new target
 *
 * For an ops_func answering a sharing question (the direct-call lock is
 * held).  Every call made after this returns goes to @addr; calls
 * already made to the old target may still be running in it.
 *
 * Return: 0; -EINVAL when @ops is not a registered direct ops; an error
 * of its ops_func, or -ENODEV, -ENOMEM.
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	if ((ops->flags & FDIR_FLAGS) != FDIR_FLAGS ||
	    !(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;
	lockdep_assert_held(&fdir_mutex);

	guard(mutex)(&ftrace_lock);
	fdir_hold.func_hash = ops->func_hash;
	ret = fops_register(&fdir_hold);
	if (ret)
		return ret;
	/* Every site of @ops is now on the list function. */
	ret = fdir_share_self(ops);
	if (!ret)
		WRITE_ONCE(ops->direct_call, addr);
	fops_unregister(&fdir_hold);
	fdir_hold.func_hash = NULL;
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

/**
 * modify_ftrace_direct - change the target of a direct ops
 * @ops: an ops registered with register_ftrace_direct()
 * @addr: the new target
 *
 * Return: as modify_ftrace_direct_nolock().
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	guard(mutex)(&fdir_mutex);
	return modify_ftrace_direct_nolock(ops, addr);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);
