// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint.c - attaching probes to tracepoints and detaching them.
 *
 * Objects
 * -------
 * A tracepoint (struct tracepoint, <linux/tracepoint-defs.h>) carries a
 * static key that guards its call sites, a static call that the sites call
 * through, and @funcs: the probe array, a NULL-terminated run of struct
 * tracepoint_func in priority order (higher first; equal priorities in
 * registration order).  A probe array is immutable once published: every
 * change builds a new array, publishes it and retires the old one.  The one
 * exception is the tombstone, below.
 *
 * Readers (any context, never sleeping)
 * -------------------------------------
 *   R1  trace_NAME() sites: preemption off (an RCU read side), load @funcs,
 *       call the static call with the data of entry 0.
 *   R2  trace_NAME_rcuidle() sites: the same inside tracepoint_srcu.
 *   R3  __traceiter_NAME(), reached from R1/R2 through the static call: loads
 *       @funcs again and calls every entry.
 *   R4  owners of dynamic tracepoints (synthetic and user events) walk @funcs
 *       themselves under rcu_read_lock_sched().
 *
 * Update protocol (all under tracepoints_mutex, process context)
 * ---------------------------------------------------------------
 * The shape of a tracepoint is how many entries its array has: none, one
 * or many.  Its invariant, between updates:
 *
 *   shape   static key   static call target   @funcs
 *   none    off          the iterator         NULL
 *   one     on           the probe itself     [P, NULL]
 *   many    on           the iterator         [P0, P1, ..., NULL]
 *
 * tp_publish() moves between shapes; each case of its switch says in which
 * order the three fields change and why no reader can call a probe with
 * another probe's data.  The hazard is a reader R1 that loaded an array,
 * took the data of its entry 0 and has not yet made the call: if the static
 * call meanwhile became a direct call of some probe Q, Q would run with the
 * stale data.  So whenever an update changes the data of entry 0 (or
 * removes the array), it notes a grace-period cookie ("stale first entry",
 * tp_stale); before the static call is ever pointed at a single probe, the
 * cookie is waited for.  One cookie, the latest, covers all earlier ones.
 *
 * Grace periods
 * -------------
 * A retired array is freed after an RCU grace period (R1, R3, R4: all
 * preempt-off) and then an SRCU grace period of tracepoint_srcu (R2):
 * call_rcu() chains into call_srcu().  tracepoint_synchronize_unregister()
 * waits for the same two, for callers who free what their probe uses.
 * Both call_rcu() and call_srcu() queue correctly from early boot on.
 *
 * Tombstones
 * ----------
 * Unregistering must not fail: a tracer tearing down cannot undo.  When no
 * memory is left for the smaller array, the entry is overwritten in place
 * with tp_tombstone(), a function that does nothing; R3 reads each function
 * pointer once (READ_ONCE) so it calls either the old probe or the
 * tombstone.  This only happens with two or more entries (removing the last
 * probe needs no memory), where the static call is the iterator.  The next
 * update drops tombstones from the array it builds.
 *
 * Locks, outermost first
 * ----------------------
 *   tp_mod_mutex        the module list and the module notifier chain
 *   tracepoints_mutex   every tracepoint's key, static call and @funcs, and
 *                       tp_stale; regfunc/unregfunc run under it
 *   then what the updates take inside: tasklist_lock (syscall_regfunc),
 *   cpus_read_lock + jump_label_mutex (static keys), static_call_mutex and
 *   text_mutex (static calls).
 * Module notifiers run with tp_mod_mutex held and may register probes.
 */
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/static_call.h>
#include <linux/static_key.h>
#include <linux/tracepoint.h>

#include "tracepoint_kunit.h"

/* The tracepoints of vmlinux, bounded by the linker script. */
extern tracepoint_ptr_t __start___tracepoints_ptrs[];
extern tracepoint_ptr_t __stop___tracepoints_ptrs[];

DEFINE_SRCU(tracepoint_srcu);
EXPORT_SYMBOL_GPL(tracepoint_srcu);

/*
 * Serialises every update of every tracepoint (key, static call, @funcs)
 * and tp_stale.  Nests inside tp_mod_mutex.
 */
static DEFINE_MUTEX(tracepoints_mutex);

/* A probe array with what it takes to free it later. */
struct tp_array {
	struct rcu_head		rcu;
	struct tracepoint_func	ent[];
};

static struct tp_array *tp_array_of(struct tracepoint_func *funcs)
{
	return container_of(funcs, struct tp_array, ent[0]);
}

#if IS_ENABLED(CONFIG_TRACEPOINT_KUNIT_TEST)
atomic_t tracepoint_kunit_fail_allocs = ATOMIC_INIT(0);
struct task_struct *tracepoint_kunit_fail_task;

static bool tp_alloc_should_fail(void)
{
	if (READ_ONCE(tracepoint_kunit_fail_task) != current)
		return false;
	return atomic_add_unless(&tracepoint_kunit_fail_allocs, -1, 0);
}
#else
static bool tp_alloc_should_fail(void)
{
	return false;
}
#endif

/* Room for @nr probes and the terminator; NULL when memory is short. */
static struct tracepoint_func *tp_array_alloc(unsigned int nr)
{
	struct tp_array *a;

	if (tp_alloc_should_fail())
		return NULL;
	a = kmalloc(struct_size(a, ent, nr + 1), GFP_KERNEL);
	return a ? a->ent : NULL;
}

static void tp_array_free_now(struct tracepoint_func *funcs)
{
	kfree(tp_array_of(funcs));
}

/* Second stage: the SRCU readers (R2) are gone too. */
static void tp_array_srcu_done(struct rcu_head *head)
{
	kfree(container_of(head, struct tp_array, rcu));
}

/* First stage: the preempt-off readers (R1, R3, R4) are gone. */
static void tp_array_rcu_done(struct rcu_head *head)
{
	call_srcu(&tracepoint_srcu, head, tp_array_srcu_done);
}

/* Free an unpublished array once no reader can hold it. */
static void tp_array_retire(struct tracepoint_func *funcs)
{
	if (funcs)
		call_rcu(&tp_array_of(funcs)->rcu, tp_array_rcu_done);
}

/*
 * Stands in for an unregistered probe when no memory was left to build the
 * smaller array.  Called with the probe's arguments, which it ignores.
 */
static void tp_tombstone(void)
{
}

static bool tp_is_tombstone(const struct tracepoint_func *f)
{
	return f->func == (void *)tp_tombstone;
}

static bool tp_matches(const struct tracepoint_func *f, void *func, void *data)
{
	return f->func == func && f->data == data;
}

/*
 * The array @old plus @probe, placed after every probe of higher or equal
 * priority.  Tombstones are dropped.  @old is left untouched.
 * Return: the new array, ERR_PTR(-EEXIST) if @probe (function and data) is
 * already there, ERR_PTR(-ENOMEM).
 */
static struct tracepoint_func *
tp_array_insert(const struct tracepoint_func *old,
		const struct tracepoint_func *probe)
{
	const struct tracepoint_func *o;
	struct tracepoint_func *new, *n;
	unsigned int live = 0;
	bool placed = false;

	for (o = old; o && o->func; o++) {
		if (tp_matches(o, probe->func, probe->data))
			return ERR_PTR(-EEXIST);
		live += !tp_is_tombstone(o);
	}

	new = tp_array_alloc(live + 1);
	if (!new)
		return ERR_PTR(-ENOMEM);

	n = new;
	for (o = old; o && o->func; o++) {
		if (tp_is_tombstone(o))
			continue;
		if (!placed && probe->prio > o->prio) {
			*n++ = *probe;
			placed = true;
		}
		*n++ = *o;
	}
	if (!placed)
		*n++ = *probe;
	*n = (struct tracepoint_func){ };
	return new;
}

/*
 * The array @old without the entry (@func, @data), tombstones dropped.
 * Return: the new array, NULL when nothing would be left (no allocation is
 * needed for that), ERR_PTR(-ENOENT) if the entry is absent,
 * ERR_PTR(-ENOMEM).
 */
static struct tracepoint_func *
tp_array_delete(const struct tracepoint_func *old, void *func, void *data)
{
	const struct tracepoint_func *o;
	struct tracepoint_func *new, *n;
	unsigned int keep = 0;
	bool found = false;

	for (o = old; o && o->func; o++) {
		if (tp_matches(o, func, data))
			found = true;
		else if (!tp_is_tombstone(o))
			keep++;
	}
	if (!found)
		return ERR_PTR(-ENOENT);
	if (!keep)
		return NULL;

	new = tp_array_alloc(keep);
	if (!new)
		return ERR_PTR(-ENOMEM);

	n = new;
	for (o = old; o->func; o++)
		if (!tp_matches(o, func, data) && !tp_is_tombstone(o))
			*n++ = *o;
	*n = (struct tracepoint_func){ };
	return new;
}

/* Replace (@func, @data) in the published @funcs by the tombstone. */
static void tp_array_bury(struct tracepoint_func *funcs, void *func, void *data)
{
	for (; funcs->func; funcs++)
		if (tp_matches(funcs, func, data))
			/* Pairs with READ_ONCE(->func) in __traceiter_NAME(). */
			WRITE_ONCE(funcs->func, (void *)tp_tombstone);
}

/*
 * The stale-first-entry cookie (see the top of the file): the RCU grace
 * period that must elapse before a reader can no longer be holding the
 * data of an array's first entry that is not the current one.  R2 needs
 * no SRCU grace period here: it loads the array and makes the call with
 * RCU watching (after ct_irq_enter_irqson()) and preemption off, as R1.
 * Protected by tracepoints_mutex.
 */
static struct {
	bool			pending;
	struct rcu_gp_oldstate	rcu;
} tp_stale;

/* Entry 0 of the published array just changed: remember the readers. */
static void tp_stale_note(void)
{
	lockdep_assert_held(&tracepoints_mutex);
	get_state_synchronize_rcu_full(&tp_stale.rcu);
	tp_stale.pending = true;
}

/*
 * Wait until no reader can hold a first entry other than the current.
 * Expedited: whoever attaches the probe waits for it (a tracer switched
 * off and on again takes sched_switch's probe through 1 -> 0 -> 1).
 */
static void tp_stale_flush(void)
{
	lockdep_assert_held(&tracepoints_mutex);
	if (!tp_stale.pending)
		return;
	cond_synchronize_rcu_expedited_full(&tp_stale.rcu);
	tp_stale.pending = false;
}

static void tp_call_target(struct tracepoint *tp, void *target)
{
	/* Dynamic tracepoints (synthetic, user events) have no call sites. */
	if (!tp->static_call_key)
		return;
	__static_call_update(tp->static_call_key, tp->static_call_tramp, target);
}

/* The shape of a probe array: 0, 1 or 2 meaning "two or more". */
static unsigned int tp_shape(const struct tracepoint_func *funcs)
{
	if (!funcs)
		return 0;
	return funcs[1].func ? 2 : 1;
}

/* What an update does to the number of probes. */
enum tp_transition {
	TP_0_TO_1,	/* first probe */
	TP_1_TO_2,	/* a second probe */
	TP_N_TO_N,	/* N -> N+1 or N+1 -> N, with N >= 2 */
	TP_2_TO_1,	/* back to a single probe */
	TP_N_TO_0,	/* last probe gone (N > 1 only with tombstones) */
	TP_BROKEN,	/* 0 -> 2+ or 1 -> 1: cannot happen */
};

static enum tp_transition tp_transition_of(const struct tracepoint_func *old,
					   const struct tracepoint_func *new)
{
	/*
	 * An update adds or removes one probe and a new array holds no
	 * tombstone, so 0 -> 2+ and 1 -> 1 are impossible; 0 -> 0 was
	 * refused with -ENOENT before we get here.
	 */
	static const enum tp_transition by_shape[3][3] = {
		/*	  to 0       to 1       to 2+ */
		[0] = { TP_N_TO_0, TP_0_TO_1, TP_BROKEN },
		[1] = { TP_N_TO_0, TP_BROKEN, TP_1_TO_2 },
		[2] = { TP_N_TO_0, TP_2_TO_1, TP_N_TO_N },
	};

	return by_shape[tp_shape(old)][tp_shape(new)];
}

static void *tp_first_data(const struct tracepoint_func *funcs)
{
	return funcs ? funcs[0].data : NULL;
}

/*
 * Replace @old by @new as the probe array of @tp, keeping the invariant of
 * the table at the top of the file.  The caller retires @old afterwards.
 * Each rcu_assign_pointer() orders the writes that filled the new array
 * before its publication; it pairs with the rcu_dereference_raw() of the
 * readers R1 and R3.  A static call update returns only once every CPU
 * executes the new target (text_poke_bp() synchronises them), so "target
 * changed, then array published" is an order the readers observe.
 */
static void tp_publish(struct tracepoint *tp, struct tracepoint_func *old,
		       struct tracepoint_func *new)
{
	bool first_moved = tp_first_data(old) != tp_first_data(new);

	switch (tp_transition_of(old, new)) {
	case TP_0_TO_1:
		/*
		 * A reader of an earlier life of this tracepoint may still hold
		 * an old array: wait it out before the static call names a
		 * probe that is not the iterator.  Then target, array, key: a
		 * site that sees the key on finds the array; one that finds
		 * the array calls the right probe.
		 */
		tp_stale_flush();
		tp_call_target(tp, new[0].func);
		rcu_assign_pointer(tp->funcs, new);
		static_key_enable(&tp->key);
		break;
	case TP_1_TO_2:
		/*
		 * Iterator first: a reader that loads the new array must not
		 * call the old single probe with the data of the new entry 0.
		 * A reader still on the old array calls either the old probe
		 * with its own data or the iterator, both right.
		 */
		tp_call_target(tp, tp->iterator);
		rcu_assign_pointer(tp->funcs, new);
		if (first_moved)
			tp_stale_note();
		break;
	case TP_N_TO_N:
		/* The iterator reads whichever array it finds. */
		rcu_assign_pointer(tp->funcs, new);
		if (first_moved)
			tp_stale_note();
		break;
	case TP_2_TO_1:
		/*
		 * The array first, while the iterator is still the target;
		 * then no reader may keep the data of another first entry
		 * when the probe becomes the direct target.  If entry 0 did
		 * not move and nothing is pending, this does not wait.
		 */
		rcu_assign_pointer(tp->funcs, new);
		if (first_moved)
			tp_stale_note();
		tp_stale_flush();
		tp_call_target(tp, new[0].func);
		break;
	case TP_N_TO_0:
		/*
		 * Key off first: no new site enters.  Sites already past it
		 * see the old array or NULL, and the old target or the
		 * iterator; each pairing is right.  The next 0 -> 1 waits for
		 * them (the note) before naming another probe.
		 */
		static_key_disable(&tp->key);
		rcu_assign_pointer(tp->funcs, NULL);
		tp_call_target(tp, tp->iterator);
		tp_stale_note();
		break;
	case TP_BROKEN:
		/* Fail safe: the iterator pairs correctly with any array. */
		WARN_ONCE(1, "tracepoint %s: bad probe transition\n", tp->name);
		tp_call_target(tp, tp->iterator);
		rcu_assign_pointer(tp->funcs, new);
		tp_stale_note();
		break;
	}
}

static int tp_attach(struct tracepoint *tp, void *func, void *data, int prio)
{
	struct tracepoint_func probe = { .func = func, .data = data, .prio = prio };
	struct tracepoint_func *old, *new;
	int ret;

	lockdep_assert_held(&tracepoints_mutex);
	if (WARN_ON_ONCE(!func))
		return -EINVAL;

	old = rcu_dereference_protected(tp->funcs,
					lockdep_is_held(&tracepoints_mutex));
	new = tp_array_insert(old, &probe);
	if (IS_ERR(new))
		return PTR_ERR(new);

	/* Only now, so that -EEXIST and -ENOMEM leave no trace. */
	if (!old && tp->regfunc) {
		ret = tp->regfunc();
		if (ret < 0) {
			tp_array_free_now(new);
			return ret;
		}
	}

	tp_publish(tp, old, new);
	tp_array_retire(old);
	return 0;
}

static int tp_detach(struct tracepoint *tp, void *func, void *data)
{
	struct tracepoint_func *old, *new;

	lockdep_assert_held(&tracepoints_mutex);
	old = rcu_dereference_protected(tp->funcs,
					lockdep_is_held(&tracepoints_mutex));
	new = tp_array_delete(old, func, data);
	if (new == ERR_PTR(-ENOMEM)) {
		tp_array_bury(old, func, data);
		return 0;
	}
	if (IS_ERR(new))
		return PTR_ERR(new);

	tp_publish(tp, old, new);
	/* After the key went off: mirrors regfunc running before it went on. */
	if (!new && tp->unregfunc)
		tp->unregfunc();
	tp_array_retire(old);
	return 0;
}

/**
 * tracepoint_probe_register_prio_may_exist - attach a probe, quietly
 * @tp: the tracepoint
 * @probe: void (*)(void *data, TP_PROTO arguments of @tp)
 * @data: first argument passed to @probe; (@probe, @data) identifies it
 * @prio: position among the probes of @tp: higher runs first, equal
 *	priorities run in the order they were registered
 *
 * As tracepoint_probe_register_prio(), for callers to whom finding the
 * probe already attached is a normal outcome (no warning).
 *
 * Context: process context, may sleep.
 * Return: 0; -EEXIST if @probe with @data is already attached; -ENOMEM;
 * -EINVAL if @probe is NULL; or the error of @tp's regfunc.  On error @tp
 * is left exactly as it was.
 */
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp,
					     void *probe, void *data, int prio)
{
	int ret;

	mutex_lock(&tracepoints_mutex);
	ret = tp_attach(tp, probe, data, prio);
	mutex_unlock(&tracepoints_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio_may_exist);

/**
 * tracepoint_probe_register_prio - attach a probe with a priority
 * @tp: the tracepoint
 * @probe: void (*)(void *data, TP_PROTO arguments of @tp)
 * @data: first argument passed to @probe; (@probe, @data) identifies it
 * @prio: higher runs first; equal priorities run in registration order
 *
 * From return on, every call of @tp runs @probe, with preemption disabled.
 * The first probe of @tp calls its regfunc, if any, before anything else.
 * A probe on a module's tracepoint must be unregistered before the module
 * goes away, from a tracepoint module notifier or the prober's own exit.
 *
 * Context: process context, may sleep.
 * Return: 0; -EEXIST (with a warning: a caller bug) if @probe with @data is
 * already attached; -ENOMEM; -EINVAL if @probe is NULL; or the error of
 * @tp's regfunc.  On error @tp is left exactly as it was.
 */
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe,
				   void *data, int prio)
{
	int ret = tracepoint_probe_register_prio_may_exist(tp, probe, data, prio);

	WARN_ON_ONCE(ret == -EEXIST);
	return ret;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio);

/**
 * tracepoint_probe_register - attach a probe at the default priority
 * @tp: the tracepoint
 * @probe: void (*)(void *data, TP_PROTO arguments of @tp)
 * @data: first argument passed to @probe
 *
 * tracepoint_probe_register_prio() with %TRACEPOINT_DEFAULT_PRIO.
 *
 * Context: process context, may sleep.
 * Return: as tracepoint_probe_register_prio().
 */
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	return tracepoint_probe_register_prio(tp, probe, data,
					      TRACEPOINT_DEFAULT_PRIO);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register);

/**
 * tracepoint_probe_unregister - detach a probe
 * @tp: the tracepoint
 * @probe: the function given at registration
 * @data: the data given at registration
 *
 * From return on, no new call of @probe (with @data) starts; calls already
 * running may still be in progress: tracepoint_synchronize_unregister()
 * waits for them.  The last probe of @tp calls its unregfunc, if any.
 * This does not fail for lack of memory.
 *
 * Context: process context, may sleep.
 * Return: 0, or -ENOENT if @probe with @data is not attached to @tp.
 */
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data)
{
	int ret;

	mutex_lock(&tracepoints_mutex);
	ret = tp_detach(tp, probe, data);
	mutex_unlock(&tracepoints_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_unregister);

static void tp_walk(tracepoint_ptr_t *first, unsigned int nr,
		    void (*fn)(struct tracepoint *tp, void *priv), void *priv)
{
	unsigned int i;

	for (i = 0; first && i < nr; i++)
		fn(tracepoint_ptr_deref(&first[i]), priv);
}

/**
 * for_each_kernel_tracepoint - call a function for each vmlinux tracepoint
 * @fct: called with each tracepoint and @priv
 * @priv: passed through to @fct
 *
 * Module tracepoints are not included (for_each_module_tracepoint()).
 */
void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp, void *priv),
				void *priv)
{
	tp_walk(__start___tracepoints_ptrs,
		__stop___tracepoints_ptrs - __start___tracepoints_ptrs,
		fct, priv);
}
EXPORT_SYMBOL_GPL(for_each_kernel_tracepoint);

#ifdef CONFIG_MODULES

/* Serialises tp_mod_list and tp_mod_notifiers.  Outside tracepoints_mutex. */
static DEFINE_MUTEX(tp_mod_mutex);
/* The modules whose tracepoints are usable (struct tp_module). */
static LIST_HEAD(tp_mod_list);
/* Told MODULE_STATE_COMING / _GOING with a struct tp_module. */
static BLOCKING_NOTIFIER_HEAD(tp_mod_notifiers);

/**
 * trace_module_has_bad_taint - whether a module's tracepoints must be ignored
 * @mod: the module
 *
 * Out-of-tree, staging, unsigned, test and livepatch modules are traced
 * like any other; any other taint (a forced load, say) may mean that the
 * module's idea of struct tracepoint differs from ours.
 *
 * Return: true if @mod carries a taint other than those five.
 */
bool trace_module_has_bad_taint(struct module *mod)
{
	const unsigned long harmless = BIT(TAINT_OOT_MODULE) | BIT(TAINT_CRAP) |
		BIT(TAINT_UNSIGNED_MODULE) | BIT(TAINT_TEST) |
		BIT(TAINT_LIVEPATCH);

	return (mod->taints & ~harmless) != 0;
}

/* Add or remove @nb, then replay COMING or GOING for the loaded modules. */
static int tp_mod_notifier_change(struct notifier_block *nb, bool add)
{
	unsigned long replay = add ? MODULE_STATE_COMING : MODULE_STATE_GOING;
	struct tp_module *tpm;
	int ret;

	mutex_lock(&tp_mod_mutex);
	if (add)
		ret = blocking_notifier_chain_register(&tp_mod_notifiers, nb);
	else
		ret = blocking_notifier_chain_unregister(&tp_mod_notifiers, nb);
	if (!ret) {
		list_for_each_entry(tpm, &tp_mod_list, list)
			nb->notifier_call(nb, replay, tpm);
	}
	mutex_unlock(&tp_mod_mutex);
	return ret;
}

/**
 * register_tracepoint_module_notifier - follow modules with tracepoints
 * @nb: called with MODULE_STATE_COMING or MODULE_STATE_GOING and a
 *	struct tp_module, with the tracepoint module list locked (it may
 *	register and unregister probes, not (un)register notifiers)
 *
 * @nb is first told COMING for every module already loaded.
 *
 * Context: process context, may sleep.
 * Return: 0, or the error of the notifier chain.
 */
int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	return tp_mod_notifier_change(nb, true);
}
EXPORT_SYMBOL_GPL(register_tracepoint_module_notifier);

/**
 * unregister_tracepoint_module_notifier - stop following modules
 * @nb: as given to register_tracepoint_module_notifier()
 *
 * @nb is removed, then told GOING for every module still loaded.
 *
 * Context: process context, may sleep.
 * Return: 0, or -ENOENT if @nb was not registered.
 */
int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	return tp_mod_notifier_change(nb, false);
}
EXPORT_SYMBOL_GPL(unregister_tracepoint_module_notifier);

/**
 * for_each_tracepoint_in_module - call a function for each tracepoint of @mod
 * @mod: the module (NULL: nothing to do)
 * @fct: called with each tracepoint, @mod and @priv
 * @priv: passed through
 *
 * Context: with the tracepoint module list locked, i.e. from a tracepoint
 * module notifier or from for_each_module_tracepoint().
 */
void for_each_tracepoint_in_module(struct module *mod,
				   void (*fct)(struct tracepoint *tp,
					       struct module *mod, void *priv),
				   void *priv)
{
	unsigned int i;

	lockdep_assert_held(&tp_mod_mutex);
	if (!mod)
		return;
	for (i = 0; i < mod->num_tracepoints; i++)
		fct(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]), mod, priv);
}

/**
 * for_each_module_tracepoint - call a function for each module tracepoint
 * @fct: called with each tracepoint, its module and @priv
 * @priv: passed through
 *
 * Context: process context, may sleep; not from a module notifier.
 */
void for_each_module_tracepoint(void (*fct)(struct tracepoint *tp,
					    struct module *mod, void *priv),
				void *priv)
{
	struct tp_module *tpm;

	mutex_lock(&tp_mod_mutex);
	list_for_each_entry(tpm, &tp_mod_list, list)
		for_each_tracepoint_in_module(tpm->mod, fct, priv);
	mutex_unlock(&tp_mod_mutex);
}

/*
 * A going module's tracepoint that still has probes: a tracer forgot to
 * detach.  Warn, and release the probes so that the array is freed and the
 * unregfunc runs.  The module's text is on its way out, so its key and
 * static call are left alone; only the array is unpublished.  The stale
 * note still matters: should anything attach to this tracepoint again, its
 * 0 -> 1 must wait for the readers of the array retired here.
 */
static void tp_mod_release_leftovers(struct tracepoint *tp, struct module *mod,
				     void *priv)
{
	struct tracepoint_func *old;

	mutex_lock(&tracepoints_mutex);
	old = rcu_dereference_protected(tp->funcs,
					lockdep_is_held(&tracepoints_mutex));
	if (old) {
		WARN_ONCE(1, "tracepoint %s of module %s: probes left attached\n",
			  tp->name, mod->name);
		rcu_assign_pointer(tp->funcs, NULL);
		tp_stale_note();
		if (tp->unregfunc)
			tp->unregfunc();
		tp_array_retire(old);
	}
	mutex_unlock(&tracepoints_mutex);
}

static int tp_mod_coming(struct module *mod)
{
	struct tp_module *tpm;

	/* A module with a suspicious taint is not traced at all. */
	if (!mod->num_tracepoints || trace_module_has_bad_taint(mod))
		return 0;

	tpm = kmalloc(sizeof(*tpm), GFP_KERNEL);
	if (!tpm)
		return -ENOMEM;
	tpm->mod = mod;

	mutex_lock(&tp_mod_mutex);
	list_add_tail(&tpm->list, &tp_mod_list);
	blocking_notifier_call_chain(&tp_mod_notifiers, MODULE_STATE_COMING, tpm);
	mutex_unlock(&tp_mod_mutex);
	return 0;
}

static void tp_mod_going(struct module *mod)
{
	struct tp_module *tpm, *found = NULL;

	if (!mod->num_tracepoints)
		return;

	mutex_lock(&tp_mod_mutex);
	/*
	 * Search rather than test the taint: a module may have been tainted
	 * after it came, or have been skipped when it came.
	 */
	list_for_each_entry(tpm, &tp_mod_list, list) {
		if (tpm->mod == mod) {
			found = tpm;
			break;
		}
	}
	if (found) {
		blocking_notifier_call_chain(&tp_mod_notifiers,
					     MODULE_STATE_GOING, found);
		list_del(&found->list);
		kfree(found);
		/* The notifiers had their chance to detach; check. */
		for_each_tracepoint_in_module(mod, tp_mod_release_leftovers, NULL);
	}
	mutex_unlock(&tp_mod_mutex);
}

static int tp_mod_notify(struct notifier_block *nb, unsigned long state,
			 void *data)
{
	struct module *mod = data;

	switch (state) {
	case MODULE_STATE_COMING:
		return notifier_from_errno(tp_mod_coming(mod));
	case MODULE_STATE_GOING:
		tp_mod_going(mod);
		break;
	default:
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block tp_mod_nb = {
	.notifier_call = tp_mod_notify,
};

static int __init tp_mod_init(void)
{
	int ret = register_module_notifier(&tp_mod_nb);

	if (ret)
		pr_warn("tracepoint: no module notifier (%d): module tracepoints unusable\n",
			ret);
	return ret;
}
core_initcall(tp_mod_init);

#endif /* CONFIG_MODULES */

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS

/*
 * How many of sys_enter/sys_exit have probes.  Only changed by their
 * regfunc/unregfunc, hence under tracepoints_mutex.
 */
static unsigned int tp_syscall_users;

/* Make every thread take (or stop taking) the syscall tracepoint path. */
static void tp_syscall_work_all(bool on)
{
	struct task_struct *g, *t;

	read_lock(&tasklist_lock);
	for_each_process_thread(g, t) {
		if (on)
			set_task_syscall_work(t, SYSCALL_TRACEPOINT);
		else
			clear_task_syscall_work(t, SYSCALL_TRACEPOINT);
	}
	read_unlock(&tasklist_lock);
}

int syscall_regfunc(void)
{
	lockdep_assert_held(&tracepoints_mutex);
	if (!tp_syscall_users++)
		tp_syscall_work_all(true);
	return 0;
}

void syscall_unregfunc(void)
{
	lockdep_assert_held(&tracepoints_mutex);
	if (!--tp_syscall_users)
		tp_syscall_work_all(false);
}

#endif /* CONFIG_HAVE_SYSCALL_TRACEPOINTS */
