// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace_ops: registering callbacks on function entry, their filter and
 * notrace hashes, the list function that serves sites wanted by several
 * ops, and ftrace_enabled.  The model is in ftrace_ops.h.
 *
 * Contexts.  register/unregister and every filter setter run in process
 * context and may sleep (they take ftrace_lock and wait for callers to
 * leave).  The list function and the recursion guard run on function
 * entry: any context, NMI included, with whatever locks the traced
 * function holds; they take no lock and read the ops list and hashes
 * under sched RCU (preemption off).
 *
 * The ops list is singly linked through ops->next, ends at
 * ftrace_list_end (never NULL, so a reader needs no NULL test), and is
 * published with rcu_assign_pointer().  A removed ops keeps its ->next,
 * so a reader standing on it still reaches the end.  A dynamically
 * allocated ops (FTRACE_OPS_FL_DYNAMIC) is not given back to its owner
 * until fops_sync_callers() saw every CPU and task leave it and its
 * trampoline.  A static ops (kernel data: never freed) is parked
 * instead: unregistering waits for nobody, and it keeps its trampoline
 * and slot for its next registration, as 6.12 keeps its static ops'
 * trampolines.  The one thing that must wait is re-linking it: a list
 * reader may still stand on it, so a parked ops comes back only after
 * a grace period since it left (fops_park_gp), which has often passed
 * by then; if not, it is waited for expedited (a user switching
 * tracers back and forth waits for it).
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_trace.h>
#include <linux/slab.h>
#include <linux/sysctl.h>
#include <linux/trace_recursion.h>

#include <asm/sections.h>

#include "ftrace_hash.h"
#include "ftrace_ops.h"
#include "ftrace_rec.h"

struct ftrace_ops ftrace_list_end __read_mostly = {
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB | FTRACE_OPS_FL_INITIALIZED,
	.local_hash.regex_lock = __MUTEX_INITIALIZER(ftrace_list_end.local_hash.regex_lock),
};

struct ftrace_ops __rcu *ftrace_ops_list __read_mostly = &ftrace_list_end;

/* What ftrace_caller calls, and the ops it passes (ftrace_update.c). */
ftrace_func_t ftrace_trace_function __read_mostly = ftrace_stub;
struct ftrace_ops *function_trace_op __read_mostly = &ftrace_list_end;

/* /proc/sys/kernel/ftrace_enabled: 0 turns every site back into a NOP. */
int ftrace_enabled __read_mostly = 1;

struct ftrace_ops fops_global = {
	.func		= ftrace_stub,
	.local_hash.regex_lock = __MUTEX_INITIALIZER(fops_global.local_hash.regex_lock),
	.func_hash	= &fops_global.local_hash,
	.flags		= FTRACE_OPS_FL_INITIALIZED,
};

static const struct fops_module_hook *fops_mod_hook;

/* The RCU state when the last static ops was parked (ftrace_lock). */
static unsigned long fops_park_gp;

bool fops_hash_wants(struct ftrace_ops *ops, unsigned long ip)
{
	struct ftrace_hash *filter, *exclude;

	filter = rcu_dereference_raw(ops->func_hash->filter_hash);
	exclude = rcu_dereference_raw(ops->func_hash->notrace_hash);
	return (fhash_empty(filter) || fhash_lookup(filter, ip)) &&
	       !fhash_lookup(exclude, ip);
}

/*
 * Whether the list function calls @op for @ip.  An ops that wants full
 * registers is skipped on a call through ftrace_caller, which has none:
 * between a hash change and the batch that moves the site to
 * ftrace_regs_caller, the site may still be the plain one.
 */
static __always_inline bool fops_list_calls(struct ftrace_ops *op,
					    unsigned long ip, bool rcu_on,
					    struct ftrace_regs *fregs)
{
	if (op->flags & FTRACE_OPS_FL_STUB)
		return false;
	if ((op->flags & FTRACE_OPS_FL_SAVE_REGS) && !ftrace_get_regs(fregs))
		return false;
	/* An ops registered with RCU needs RCU watching here. */
	if ((op->flags & FTRACE_OPS_FL_RCU) && !rcu_on)
		return false;
	return fops_hash_wants(op, ip);
}

/*
 * The function of every site wanted by more than one ops.  The guard
 * bit is the list's own, so an ops' function called from here may use
 * the per-callback guard (ftrace_test_recursion_trylock()) as well.
 * The list ends at ftrace_list_end, never at NULL.
 */
static void notrace fops_list_func(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *unused,
				   struct ftrace_regs *fregs)
{
	int bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	struct ftrace_ops *op;
	bool rcu_on;

	if (bit < 0)
		return;
	rcu_on = rcu_is_watching();
	for (op = rcu_dereference_raw(ftrace_ops_list); op != &ftrace_list_end;
	     op = rcu_dereference_raw(op->next))
		if (fops_list_calls(op, ip, rcu_on, fregs))
			op->func(ip, parent_ip, op, fregs);
	trace_clear_recursion(bit);
}

void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
	__alias(fops_list_func);

/*
 * The function a trampoline of one ops calls when the ops does not
 * guard itself against recursion, or needs RCU watching.
 */
static void notrace fops_assist_func(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!(op->flags & FTRACE_OPS_FL_RCU) || rcu_is_watching())
		op->func(ip, parent_ip, op, fregs);
	ftrace_test_recursion_unlock(bit);
}

/**
 * ftrace_ops_get_func - what a trampoline dedicated to @ops must call
 * @ops: a registered ops
 *
 * Return: @ops->func itself when it guards its own recursion and does not
 * need RCU, else a wrapper that does both.
 */
ftrace_func_t ftrace_ops_get_func(struct ftrace_ops *ops)
{
	if (!(ops->flags & FTRACE_OPS_FL_RECURSION) ||
	    (ops->flags & FTRACE_OPS_FL_RCU))
		return fops_assist_func;
	return ops->func;
}

/* The list function's address, for the update code and the arch. */
ftrace_func_t fops_list_function(void)
{
	return fops_list_func;
}

void fops_init_hashes(struct ftrace_ops *ops)
{
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED)
		return;
	mutex_init(&ops->local_hash.regex_lock);
	INIT_LIST_HEAD(&ops->subop_list);
	ops->func_hash = &ops->local_hash;
	ops->flags |= FTRACE_OPS_FL_INITIALIZED;
}

/*
 * Callers of a removed ops are of three kinds: the list function and
 * the assist wrapper (preemption off: a sched-RCU reader), a trampoline
 * (preemptible code on a PREEMPTION kernel: a tasks-RCU reader), and the
 * instructions of a trampoline before it disables anything (only an
 * IPI to every CPU proves none is there: tasks-RCU-rude).
 */
void fops_sync_callers(void)
{
	synchronize_rcu_tasks_rude();
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
	else
		synchronize_rcu();
}

int fops_register(struct ftrace_ops *ops)
{
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;
	if (WARN_ON(ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EBUSY;
	if ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled)
		return -EBUSY;
	if ((ops->flags & FTRACE_OPS_FL_SAVE_REGS) &&
	    !IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		return -EINVAL;
	if (!IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS) &&
	    (ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED))
		ops->flags &= ~FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED;
	else if (ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED)
		ops->flags |= FTRACE_OPS_FL_SAVE_REGS;

	fops_init_hashes(ops);
	if (!is_kernel_core_data((unsigned long)ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
	/* A parked ops: list readers that may stand on it are gone first. */
	if (ops->flags & FTRACE_OPS_FL_DELETED)
		cond_synchronize_rcu_expedited(fops_park_gp);

	ret = ftramp_attach(ops);
	if (ret)
		return ret;
	ops->flags |= FTRACE_OPS_FL_ENABLED;
	ops->flags &= ~FTRACE_OPS_FL_DELETED;
	rcu_assign_pointer(ops->next, ftrace_protected(ftrace_ops_list));
	rcu_assign_pointer(ftrace_ops_list, ops);

	ret = fupd_commit();
	if (!ret)
		return 0;

	/* Refused (IPMODIFY conflict) or patching broke: take it back. */
	ops->flags &= ~FTRACE_OPS_FL_ENABLED;
	rcu_assign_pointer(ftrace_ops_list, ftrace_protected(ops->next));
	if (fupd_commit() == -ENODEV)
		return ret;	/* its trampoline stays, as in fops_unregister() */
	fops_sync_callers();
	ftramp_detach(ops);
	return ret;
}

int fops_unregister(struct ftrace_ops *ops)
{
	struct ftrace_ops __rcu **link = &ftrace_ops_list;
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	if (WARN_ON(!(ops->flags & FTRACE_OPS_FL_ENABLED)))
		return -EBUSY;

	ops->flags &= ~FTRACE_OPS_FL_ENABLED;
	while ((op = ftrace_protected(*link)) != &ftrace_list_end) {
		if (op == ops) {
			rcu_assign_pointer(*link, ftrace_protected(op->next));
			break;
		}
		link = &op->next;
	}
	/* Sites it alone wanted become NOPs; the rest lose it. */
	if (fupd_commit() == -ENODEV) {
		/*
		 * Patching is off (a bad site): sites may still call its
		 * trampoline, which therefore stays, slot and all.
		 */
		ops->flags |= FTRACE_OPS_FL_DELETED;
		return 0;
	}
	ops->flags |= FTRACE_OPS_FL_DELETED;
	if (!(ops->flags & FTRACE_OPS_FL_DYNAMIC)) {
		fops_park_gp = get_state_synchronize_rcu();
		return 0;
	}
	fops_sync_callers();
	ftramp_detach(ops);
	return 0;
}

/**
 * register_ftrace_function - call @ops->func on entry of the functions it wants
 * @ops: the callback, its flags and its filter and notrace hashes
 *
 * @ops must stay valid until unregister_ftrace_function() returned.
 * Every site @ops wants is patched before this returns.
 *
 * Return: 0; -ENODEV when function tracing was stopped by a bad site;
 * -EBUSY when @ops is registered already, is PERMANENT while
 * ftrace_enabled is 0, or modifies the IP of a function another such
 * ops has (or a direct ops that does not agree to share it); -EINVAL
 * when it wants registers the arch cannot save; a direct ops' refusal
 * to share.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	fdir_lock();
	ret = fdir_share_ask(ops);
	if (!ret) {
		mutex_lock(&ftrace_lock);
		ret = fops_register(ops);
		mutex_unlock(&ftrace_lock);
		if (ret)
			fdir_share_drop(ops);
	}
	fdir_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * unregister_ftrace_function - stop calling @ops
 * @ops: an ops registered with register_ftrace_function()
 *
 * For an ops in dynamic memory (a module's, or allocated), no CPU or task
 * is in @ops->func or in a trampoline of @ops when this returns, and
 * @ops may be freed (after ftrace_free_filter()).  An ops in the
 * kernel's own data is never freed and is not waited for: a caller
 * that was already on its way may still call @ops->func.
 *
 * Return: 0, or -EBUSY if @ops was not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = fops_unregister(ops);
	mutex_unlock(&ftrace_lock);
	if (!ret) {
		fdir_lock();
		fdir_share_drop(ops);
		fdir_unlock();
	}
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/* Whether a registered ops uses @hashes (its own, or shared with others). */
static bool fops_hashes_live(struct ftrace_ops_hash *hashes)
{
	struct ftrace_ops *op;

	fops_for_each(op)
		if (fops_live(op) && op->func_hash == hashes)
			return true;
	return false;
}

int fops_replace_hash(struct ftrace_ops *ops, bool exclude,
		      struct ftrace_hash *hash)
{
	struct ftrace_hash __rcu **slot;
	struct ftrace_hash *old;
	int ret;

	lockdep_assert_held(&ftrace_lock);
	slot = fops_hash_slot(ops, exclude);
	old = ftrace_protected(*slot);
	rcu_assign_pointer(*slot, hash);
	if (!fops_hashes_live(ops->func_hash)) {
		fhash_free_rcu(old);
		return 0;
	}
	ret = fupd_commit();
	if (ret == -EBUSY) {
		rcu_assign_pointer(*slot, old);
		fhash_free_rcu(hash);
		return ret;
	}
	fhash_free_rcu(old);
	return ret;
}

/* The hash an update to @ops starts from: a copy of it, or empty. */
static struct ftrace_hash *fops_hash_start(struct ftrace_ops *ops, bool exclude,
					   bool reset)
{
	struct ftrace_hash *cur;

	cur = ftrace_protected(*fops_hash_slot(ops, exclude));
	return fhash_copy(reset ? NULL : cur);
}

static int fops_set_ips(struct ftrace_ops *ops, unsigned long *ips,
			unsigned int cnt, bool remove, bool reset)
{
	struct ftrace_hash *hash;
	unsigned int i;
	int ret = 0;

	fops_init_hashes(ops);
	mutex_lock(&ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled) {
		ret = -ENODEV;
		goto out;
	}
	hash = fops_hash_start(ops, false, reset);
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < cnt && !ret; i++)
		ret = fhash_apply_ip(hash, ips[i], remove);
	if (ret) {
		fhash_free(hash);
		goto out;
	}
	ret = fops_replace_hash(ops, false, hash);
out:
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&ops->func_hash->regex_lock);
	return ret;
}

/**
 * ftrace_set_filter_ip - add or remove one function of @ops' filter
 * @ops: the ops (registered or not)
 * @ip: the function's patch site or first byte
 * @remove: take it out instead of adding it
 * @reset: empty the filter first
 *
 * Return: 0, -EINVAL when @ip is no patch site, -ENOENT when removing
 * what is not in the filter, -ENOMEM, -ENODEV, or -EBUSY (IPMODIFY
 * conflict).
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return fops_set_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_set_filter_ips - ftrace_set_filter_ip() for @cnt functions at once
 * @ops: the ops
 * @ips: the functions
 * @cnt: how many
 * @remove: take them out instead
 * @reset: empty the filter first
 *
 * All or nothing: on error the filter is unchanged.
 * Return: as ftrace_set_filter_ip().
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	return fops_set_ips(ops, ips, cnt, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

/*
 * Apply one pattern (the syntax of set_ftrace_filter, without commands)
 * to @ops' filter or notrace hash.  An empty pattern only resets.
 */
static int fops_set_pattern(struct ftrace_ops *ops, const unsigned char *buf,
			    int len, bool reset, bool exclude)
{
	struct ftrace_hash *hash;
	struct fmatch m;
	char *line = NULL;
	int ret = 0;

	fops_init_hashes(ops);
	if (buf && len > 0) {
		line = kmemdup_nul(buf, len, GFP_KERNEL);
		if (!line)
			return -ENOMEM;
		strim(line);
		if (fmatch_parse(&m, line)) {
			kfree(line);
			return -EINVAL;
		}
	}
	mutex_lock(&ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled) {
		ret = -ENODEV;
		goto out;
	}
	hash = fops_hash_start(ops, exclude, reset);
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	if (line && *line) {
		ret = fhash_apply(hash, &m);
		ret = ret < 0 ? ret : ret ? 0 : -EINVAL;
	}
	if (ret)
		fhash_free(hash);
	else
		ret = fops_replace_hash(ops, exclude, hash);
out:
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&ops->func_hash->regex_lock);
	kfree(line);
	return ret;
}

/**
 * ftrace_set_filter - add the functions a pattern names to @ops' filter
 * @ops: the ops
 * @buf: "[!]GLOB[:mod:MODULE]", as one line of set_ftrace_filter
 * @len: length of @buf
 * @reset: empty the filter first
 *
 * Return: 0; -EINVAL when nothing matches or the pattern is malformed;
 * -ENOMEM, -ENODEV, -EBUSY.
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf,
		      int len, int reset)
{
	return fops_set_pattern(ops, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace - the same for @ops' notrace hash
 * @ops: the ops
 * @buf: the pattern
 * @len: its length
 * @reset: empty the notrace hash first
 *
 * Return: as ftrace_set_filter().
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf,
		       int len, int reset)
{
	return fops_set_pattern(ops, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/**
 * ftrace_set_global_filter - set_ftrace_filter of the global instance
 * @buf: the pattern
 * @len: its length
 * @reset: empty the filter first
 */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset)
{
	fops_set_pattern(&fops_global, buf, len, reset, false);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_filter);

/**
 * ftrace_set_global_notrace - set_ftrace_notrace of the global instance
 * @buf: the pattern
 * @len: its length
 * @reset: empty the notrace hash first
 */
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset)
{
	fops_set_pattern(&fops_global, buf, len, reset, true);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_notrace);

/**
 * ftrace_ops_set_global_filter - make @ops follow the global instance's hashes
 * @ops: an ops not registered yet, with no hashes of its own
 */
void ftrace_ops_set_global_filter(struct ftrace_ops *ops)
{
	/* An ops that already has hashes of its own keeps them. */
	if (!(ops->flags & FTRACE_OPS_FL_INITIALIZED)) {
		fops_init_hashes(ops);
		ops->func_hash = fops_global.func_hash;
	}
}
EXPORT_SYMBOL_GPL(ftrace_ops_set_global_filter);

/**
 * ftrace_free_filter - free the hashes of an unregistered ops
 * @ops: the ops, no longer registered
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_hash *f, *n;

	fops_init_hashes(ops);
	if (WARN_ON(ops->flags & FTRACE_OPS_FL_ENABLED))
		return;
	mutex_lock(&ftrace_lock);
	f = ftrace_protected(ops->local_hash.filter_hash);
	n = ftrace_protected(ops->local_hash.notrace_hash);
	RCU_INIT_POINTER(ops->local_hash.filter_hash, NULL);
	RCU_INIT_POINTER(ops->local_hash.notrace_hash, NULL);
	mutex_unlock(&ftrace_lock);
	/* Unregistered: nobody reads them any more. */
	fhash_free(f);
	fhash_free(n);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

/*
 * Ops whose hashes outlive their registration (an instance's function
 * ops is edited through set_ftrace_filter while the tracer is off).
 * Text going away must leave their hashes too.  ftrace_lock.
 */
static LIST_HEAD(fops_kept);

void fops_keep_hashes(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	list_add(&ops->list, &fops_kept);
	mutex_unlock(&ftrace_lock);
}

void fops_unkeep_hashes(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	list_del_init(&ops->list);
	mutex_unlock(&ftrace_lock);
}

/*
 * An entry for a site that went away is not removed but zeroed: the
 * set keeps its size, so a filter that named only a module's functions
 * does not become empty ("every function") when the module goes; it
 * now names nothing (until the set is replaced, e.g. by a truncating
 * write).
 */
static void fops_forget_in(struct ftrace_ops *op, unsigned long ip)
{
	struct ftrace_func_entry *e;

	e = fhash_lookup(ftrace_protected(op->func_hash->filter_hash), ip);
	if (e)
		WRITE_ONCE(e->ip, 0);
	e = fhash_lookup(ftrace_protected(op->func_hash->notrace_hash), ip);
	if (e)
		WRITE_ONCE(e->ip, 0);
}

/*
 * Text went away (module unload, freed init text): its sites leave the
 * hashes of every registered or kept ops, so a later module at the same
 * address is not traced by accident.  No site calls into the dead text,
 * so no reader looks these addresses up.
 */
void fops_forget_ip(unsigned long ip)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	fops_for_each(op)
		fops_forget_in(op, ip);
	list_for_each_entry(op, &fops_kept, list)
		fops_forget_in(op, ip);
}

void fops_set_module_hook(const struct fops_module_hook *hook)
{
	WRITE_ONCE(fops_mod_hook, hook);
}

void fops_module_coming(struct module *mod)
{
	const struct fops_module_hook *hook = READ_ONCE(fops_mod_hook);

	if (hook)
		hook->coming(mod);
}

void fops_update_module(struct module *mod)
{
	lockdep_assert_held(&ftrace_lock);
	fupd_commit();
}

/**
 * ftrace_kill - stop function tracing for good
 *
 * For a caller that found the tracing state broken: no site is patched
 * any more, ftrace_caller calls nothing, ftrace_enabled reads 0, and
 * kprobes stop arming probes on patch sites.  Any context.
 */
void ftrace_kill(void)
{
	ftrace_disabled = true;
	ftrace_enabled = 0;
	ftrace_trace_function = ftrace_stub;
	kprobe_ftrace_kill();
}

/* A registered ops that may not be switched off by ftrace_enabled. */
static bool fops_permanent_live(void)
{
	struct ftrace_ops *op;

	fops_for_each(op)
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	return false;
}

/*
 * /proc/sys/kernel/ftrace_enabled: 0 makes every site a NOP while the
 * ops stay registered, 1 brings them back; refused (-EBUSY) while a
 * PERMANENT ops is registered.
 */
static int fops_enabled_sysctl(const struct ctl_table *table, int write,
			       void *buffer, size_t *lenp, loff_t *ppos)
{
	int was, ret;

	guard(mutex)(&ftrace_lock);
	was = ftrace_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (ret || !write)
		return ret;
	ftrace_enabled = !!ftrace_enabled;
	if (ftrace_enabled == was)
		return 0;
	if (!ftrace_enabled && fops_permanent_live()) {
		ftrace_enabled = was;
		return -EBUSY;
	}
	if (!ftrace_disabled)
		fupd_commit();
	return 0;
}

static struct ctl_table fops_sysctls[] = {
	{
		.procname	= "ftrace_enabled",
		.proc_handler	= fops_enabled_sysctl,
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(ftrace_enabled),
		.mode		= 0644,
	},
};

static int __init fops_sysctl_init(void)
{
	register_sysctl_init("kernel", fops_sysctls);
	return 0;
}
late_initcall(fops_sysctl_init);
