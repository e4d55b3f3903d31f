// SPDX-License-Identifier: GPL-2.0
/*
 * The user events themselves (user_event.h has the object, its
 * references and the locks):
 *
 *   ue_event_get()     find the event a description names, or make it
 *   ue_event_put()     drop a reference; a non-persistent event goes
 *                      with its last one
 *   ue_event_delete()  DIAG_IOCSDEL: remove a persistent event by name
 *   ue_reg()           the events' reg(): who traces them, which the
 *                      enablers mirror into user memory
 *   "u:" in dynamic_events, user_events_status, the user_events_max limit
 *
 * Identity.  An event is its registered name and its field list (as
 * text, ue_fields_match()); a single-format and a MULTI_FORMAT event of
 * one name are different events.  Registering a name that exists with
 * other fields fails with -EADDRINUSE, unless MULTI_FORMAT asks for a
 * new event, named NAME.ID with an id that is never reused.  Flags other
 * than MULTI_FORMAT are not part of the identity: registering with
 * PERSIST finds a non-persistent event of the same name and fields and
 * does not make it persistent.
 *
 * Going.  ue_event_put() removes a non-persistent event at its last
 * reference; when that reference is a tracer's leaving from inside
 * ue_reg(), the registry is in the middle of switching the event off and
 * cannot remove it, so it goes to the graveyard: off the name hash (no
 * lookup finds it, so a new registration of the name makes a new event),
 * removed by ue_reap_work or by the next lookup, whichever comes first.
 * A pinned event (a trigger of another event points at it) waits there
 * until the pin goes.
 *
 * Contexts: process context; event_mutex for everything but the
 * references taken by a holder of another one.
 */
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/hashtable.h>
#include <linux/jhash.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/workqueue.h>

#include "events/trace_event.h"
#include "output/trace_output.h"
#include "user_event.h"

#define UE_HASH_BITS	8

/* Registrations, deletes, closes, the status file (user_event.h). */
DEFINE_MUTEX(ue_reg_mutex);

/* event_mutex: live events by name; dying ones; how many of both. */
static DEFINE_HASHTABLE(ue_hash, UE_HASH_BITS);
static LIST_HEAD(ue_graveyard);
static unsigned int ue_count;
static u64 ue_multi_id;			/* next NAME.ID of MULTI_FORMAT */
static unsigned int ue_max = 32768;	/* kernel.user_events_max */

static struct dyn_event_operations ue_dyn_ops;

static u32 ue_key(const char *name)
{
	return jhash(name, strlen(name), 0);
}

/* ---- going ------------------------------------------------------------- */

/*
 * Nothing reads an event without a reference or event_mutex: writers hold
 * their file's, tracers theirs, the enablers theirs (and fork copies them
 * under event_mutex); the registry's files check FREED first.  So it is
 * freed at once.
 */
static void ue_free(struct user_event *ue)
{
	ue_fields_free(ue->fields);
	kfree(ue->fields_array);
	if (ue->tp_name != ue->reg_name)
		kfree(ue->tp_name);
	kfree(ue->reg_name);
	kfree(ue);
}

/* Remove @ue from the registry and free it; event_mutex held. */
static int ue_destroy(struct user_event *ue)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	if (trace_event_dyn_busy(&ue->call))
		return -EBUSY;
	ret = trace_remove_event_call(&ue->call);
	if (ret)
		return ret;
	dyn_event_remove(&ue->devent);
	if (!hlist_unhashed(&ue->node))
		hash_del(&ue->node);
	list_del(&ue->dead);
	ue_count--;
	ue_free(ue);
	return 0;
}

static void ue_reap(void)
{
	struct user_event *ue, *tmp;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(ue, tmp, &ue_graveyard, dead)
		ue_destroy(ue);
}

static void ue_reap_fn(struct work_struct *work)
{
	guard(mutex)(&event_mutex);
	ue_reap();
}

static DECLARE_WORK(ue_reap_work, ue_reap_fn);

/* To the graveyard: @ue is at zero references; event_mutex held. */
static void ue_bury(struct user_event *ue)
{
	if (!hlist_unhashed(&ue->node))
		hash_del(&ue->node);
	list_add_tail(&ue->dead, &ue_graveyard);
	schedule_work(&ue_reap_work);
}

/*
 * Drop a reference, event_mutex held.  @in_reg: from ue_reg(), where the
 * call cannot be removed.
 */
static void ue_put_locked(struct user_event *ue, bool in_reg)
{
	lockdep_assert_held(&event_mutex);
	if (!refcount_dec_and_test(&ue->refcnt))
		return;
	/* a persistent event keeps its own reference until it is deleted */
	if (WARN_ON_ONCE(ue->reg_flags & USER_EVENT_REG_PERSIST))
		pr_warn("user_events: persistent event %s lost its references\n",
			ue->tp_name);
	if (in_reg || ue_destroy(ue))
		ue_bury(ue);
}

/**
 * ue_event_put - drop a reference to @ue
 * @ue: the event
 *
 * The last one removes a non-persistent event.  Process context, not
 * under event_mutex.
 */
void ue_event_put(struct user_event *ue)
{
	guard(mutex)(&event_mutex);
	ue_put_locked(ue, false);
}

/**
 * ue_event_put_locked - ue_event_put() with event_mutex held
 * @ue: the event
 */
void ue_event_put_locked(struct user_event *ue)
{
	ue_put_locked(ue, false);
}

/**
 * ue_event_get_ref - take another reference to @ue
 * @ue: an event the caller holds a reference to, or finds under
 *	event_mutex
 */
void ue_event_get_ref(struct user_event *ue)
{
	refcount_inc(&ue->refcnt);
}

/* Only the event's own reference is left: it may be deleted. */
static bool ue_last_ref(struct user_event *ue)
{
	if (ue->reg_flags & USER_EVENT_REG_PERSIST)
		return refcount_read(&ue->refcnt) == 1;
	return false;	/* a live non-persistent event has a holder */
}

/* ---- tracing it -------------------------------------------------------- */

static void ue_set_status(struct user_event *ue)
{
	int status = 0;

	if (rcu_access_pointer(ue->files))
		status |= UE_USED_FTRACE;
	if (ue->perf_users)
		status |= UE_USED_PERF;
	WRITE_ONCE(ue->status, status);
	ue_enablers_update(ue);
}

/*
 * The class reg() of every user event: (un)registering a tracer with
 * event_mutex held, each tracer (an instance's event file, perf) holding
 * a reference while attached; perf's add and del come from the
 * scheduler and do nothing.
 */
static int ue_reg(struct trace_event_call *call, enum trace_reg op, void *data)
{
	struct user_event *ue = call->data;
	int ret;

	switch (op) {
	case TRACE_REG_REGISTER:
	case TRACE_REG_PERF_REGISTER:
		lockdep_assert_held(&event_mutex);
		/* a dying event (graveyard) cannot be switched on again */
		if (!refcount_inc_not_zero(&ue->refcnt))
			return -ENODEV;
		if (op == TRACE_REG_PERF_REGISTER) {
			ue->perf_users++;
		} else {
			ret = trace_event_fileset_change(&ue->files, data, NULL);
			if (ret) {
				ue_put_locked(ue, true);
				return ret;
			}
		}
		ue_set_status(ue);
		return 0;
	case TRACE_REG_UNREGISTER:
	case TRACE_REG_PERF_UNREGISTER:
		lockdep_assert_held(&event_mutex);
		if (op == TRACE_REG_PERF_UNREGISTER)
			ue->perf_users--;
		else
			trace_event_fileset_change(&ue->files, NULL, data);
		ue_set_status(ue);
		ue_put_locked(ue, true);
		return 0;
	default:
		return 0;	/* perf's open, close, add, del (any context) */
	}
}

static enum print_line_t ue_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return print_event_fields(iter, event);
}

static struct trace_event_functions ue_print_funcs = {
	.trace	= ue_print,
};

/* ---- finding and making ------------------------------------------------- */

/*
 * The registry's field table: packed (alignment 1) from offset 8.  No
 * array length: the format file shows "char msg[]" for "char[20] msg",
 * as 6.12 does (it never sets one).
 */
static struct trace_event_fields *ue_fields_table(const struct ue_fields *fs)
{
	struct trace_event_fields *t;
	unsigned int i;

	t = kcalloc(fs->n + 1, sizeof(*t), GFP_KERNEL_ACCOUNT);
	if (!t)
		return NULL;
	for (i = 0; i < fs->n; i++) {
		const struct ue_field *f = &fs->f[i];
		const struct trace_event_fields one = {
			.type		= f->type,
			.name		= f->name,
			.size		= f->size,
			.align		= 1,
			.is_signed	= f->is_signed,
			.filter_type	= f->filter_type,
		};

		/* the table's members are const: it is built, then read */
		memcpy(&t[i], &one, sizeof(one));
	}
	return t;
}

/* Make the event @name with @fields (taken over); event_mutex held. */
static int ue_create(const char *name, struct ue_fields *fields,
		     u16 reg_flags, struct user_event **out)
{
	bool multi = reg_flags & USER_EVENT_REG_MULTI_FORMAT;
	const struct cred *old_cred;
	struct user_event *ue;
	struct cred *cred;
	int ret = -ENOMEM;

	ue = kzalloc(sizeof(*ue), GFP_KERNEL_ACCOUNT);
	if (!ue)
		goto fail;
	ue->fields = fields;
	fields = NULL;
	ue->reg_name = kstrdup(name, GFP_KERNEL_ACCOUNT);
	if (!ue->reg_name)
		goto fail;
	ue->tp_name = ue->reg_name;
	if (multi) {
		ue->tp_name = kasprintf(GFP_KERNEL_ACCOUNT, "%s.%llx", name,
					ue_multi_id++);
		if (!ue->tp_name)
			goto fail;
	}
	ue->fields_array = ue_fields_table(ue->fields);
	if (!ue->fields_array)
		goto fail;

	INIT_HLIST_NODE(&ue->node);
	INIT_LIST_HEAD(&ue->dead);
	INIT_LIST_HEAD(&ue->class.fields);
	ue->class.system = multi ? USER_EVENTS_MULTI_SYSTEM : USER_EVENTS_SYSTEM;
	ue->class.fields_array = ue->fields_array;
	ue->class.reg = ue_reg;
	ue->class.raw_init = trace_event_raw_init;
	ue->call.class = &ue->class;
	ue->call.name = ue->tp_name;
	ue->call.event.funcs = &ue_print_funcs;
	ue->call.print_fmt = ue->fields->print_fmt;
	ue->call.data = ue;
	ue->reg_flags = reg_flags;
	dyn_event_init(&ue->devent, &ue_dyn_ops);

	if (ue_count >= ue_max) {
		ret = -EMFILE;
		goto fail;
	}

	/* the event's directories are root's, whoever registers it */
	cred = prepare_creds();
	if (!cred)
		goto fail;
	cred->fsuid = GLOBAL_ROOT_UID;
	old_cred = override_creds(cred);
	ret = trace_add_event_call(&ue->call);
	revert_creds(old_cred);
	put_cred(cred);
	if (ret)
		goto fail;

	dyn_event_add(&ue->devent, &ue->call);
	hash_add(ue_hash, &ue->node, ue_key(ue->reg_name));
	ue_count++;
	/* the caller's, and the event's own while it is persistent */
	refcount_set(&ue->refcnt,
		     reg_flags & USER_EVENT_REG_PERSIST ? 2 : 1);
	*out = ue;
	return 0;
fail:
	if (ue)
		ue_free(ue);
	ue_fields_free(fields);
	return ret;
}

/*
 * The live event of @name whose fields match @argv (single-format and
 * MULTI_FORMAT apart), with a reference; NULL if none; ERR_PTR(-EADDRINUSE)
 * when a single-format event of that name has other fields.
 */
static struct user_event *ue_find(const char *name, u16 reg_flags,
				  int argc, const char **argv)
{
	u16 multi = reg_flags & USER_EVENT_REG_MULTI_FORMAT;
	struct user_event *ue;

	lockdep_assert_held(&event_mutex);
	hash_for_each_possible(ue_hash, ue, node, ue_key(name)) {
		if (strcmp(ue->reg_name, name) ||
		    (ue->reg_flags & USER_EVENT_REG_MULTI_FORMAT) != multi)
			continue;
		if (ue_fields_match(ue->fields, argc, argv)) {
			refcount_inc(&ue->refcnt);
			return ue;
		}
		if (!multi)
			return ERR_PTR(-EADDRINUSE);
	}
	return NULL;
}

/**
 * ue_event_get - the event a description names, found or made
 * @desc: "NAME[ FIELD[;FIELD...]]" (no "u:")
 * @reg_flags: USER_EVENT_REG_* (already checked for unknown bits)
 * @out: the event, with a reference for the caller
 *
 * Process context, ue_reg_mutex held.  Return: 0; -EINVAL for a name
 * with flags ("NAME:...") or bad fields; -EPERM for PERSIST without
 * CAP_PERFMON; -EADDRINUSE when NAME exists with other fields; -EMFILE
 * at the user_events_max limit; -ENOMEM; the registry's error.
 */
int ue_event_get(const char *desc, u16 reg_flags, struct user_event **out)
{
	const char *space = strchr(desc, ' ');
	const char *ftext = space ? space + 1 : "";
	struct ue_fields *fields;
	struct user_event *ue;
	char **argv = NULL;
	char *name;
	int argc = 0, ret;

	lockdep_assert_held(&ue_reg_mutex);
	name = kstrndup(desc, space ? space - desc : strlen(desc),
			GFP_KERNEL_ACCOUNT);
	if (!name)
		return -ENOMEM;
	ret = -EINVAL;
	if (strchr(name, ':'))		/* no text flags are defined */
		goto out;
	ret = -EPERM;
	if ((reg_flags & USER_EVENT_REG_PERSIST) && !perfmon_capable())
		goto out;
	ret = -ENOMEM;
	argv = ue_fields_split(ftext, &argc);
	if (!argv)
		goto out;

	mutex_lock(&event_mutex);
	ue_reap();
	ue = ue_find(name, reg_flags, argc, (const char **)argv);
	if (IS_ERR(ue)) {
		ret = PTR_ERR(ue);
	} else if (ue) {
		*out = ue;
		ret = 0;
	} else {
		ret = ue_fields_parse(ftext, &fields);
		if (!ret)
			ret = ue_create(name, fields, reg_flags, out);
	}
	mutex_unlock(&event_mutex);
out:
	if (argv)
		argv_free(argv);
	kfree(name);
	return ret;
}

/**
 * ue_event_delete - DIAG_IOCSDEL: remove the events named @name
 * @name: a registered name (every format of it)
 *
 * Only a persistent event that nothing else holds can go.  Return: 0,
 * -ENOENT (no such event), -EBUSY (one is held: those before it are
 * gone), -EPERM (persistent and no CAP_PERFMON), the registry's error.
 */
int ue_event_delete(const char *name)
{
	struct hlist_node *tmp;
	struct user_event *ue;
	int ret = -ENOENT;

	guard(mutex)(&event_mutex);
	ue_reap();
	hash_for_each_possible_safe(ue_hash, ue, tmp, node, ue_key(name)) {
		if (strcmp(ue->reg_name, name))
			continue;
		if (!ue_last_ref(ue))
			return -EBUSY;
		if (!perfmon_capable())
			return -EPERM;
		ret = ue_destroy(ue);
		if (ret)
			return ret;
	}
	return ret;
}

/**
 * ue_status_show - user_events_status
 * @m: the file
 *
 * One line per event, "NAME[ # Used by[ ftrace][ perf]]", then the
 * totals.  ue_reg_mutex held.
 */
void ue_status_show(struct seq_file *m)
{
	struct user_event *ue;
	int bkt, active = 0, busy = 0;

	guard(mutex)(&event_mutex);
	hash_for_each(ue_hash, bkt, ue, node) {
		int status = READ_ONCE(ue->status);

		seq_puts(m, ue->tp_name);
		if (status) {
			seq_puts(m, " # Used by");
			if (status & UE_USED_FTRACE)
				seq_puts(m, " ftrace");
			if (status & UE_USED_PERF)
				seq_puts(m, " perf");
			busy++;
		}
		seq_putc(m, '\n');
		active++;
	}
	seq_printf(m, "\nActive: %d\nBusy: %d\n", active, busy);
}

/* ---- dynamic_events: "u:NAME FIELDS" ------------------------------------ */

static int ue_dyn_create(const char *raw)
{
	struct user_event *ue;
	int ret;

	if (!str_has_prefix(raw, USER_EVENTS_PREFIX))
		return -ECANCELED;
	raw = skip_spaces(raw + strlen(USER_EVENTS_PREFIX));

	guard(mutex)(&ue_reg_mutex);
	ret = ue_event_get(raw, USER_EVENT_REG_PERSIST, &ue);
	if (!ret)
		ue_event_put(ue);	/* the event keeps its own */
	return ret;
}

static int ue_dyn_show(struct seq_file *m, struct dyn_event *ev)
{
	struct user_event *ue = container_of(ev, struct user_event, devent);

	seq_printf(m, "%s%s", USER_EVENTS_PREFIX, ue->reg_name);
	if (ue->fields->n) {
		seq_putc(m, ' ');
		ue_fields_show(m, ue->fields);
	}
	seq_putc(m, '\n');
	return 0;
}

static bool ue_dyn_is_busy(struct dyn_event *ev)
{
	return !ue_last_ref(container_of(ev, struct user_event, devent));
}

static int ue_dyn_free(struct dyn_event *ev)
{
	struct user_event *ue = container_of(ev, struct user_event, devent);

	if (!ue_last_ref(ue))
		return -EBUSY;
	if (!perfmon_capable())
		return -EPERM;
	return ue_destroy(ue);
}

static bool ue_dyn_match(const char *system, const char *event, int argc,
			 const char **argv, struct dyn_event *ev)
{
	struct user_event *ue = container_of(ev, struct user_event, devent);

	if (strcmp(ue->reg_name, event))
		return false;
	if (system && strcmp(system, USER_EVENTS_SYSTEM) &&
	    strcmp(system, USER_EVENTS_MULTI_SYSTEM))
		return false;
	return ue_fields_match(ue->fields, argc, argv);
}

static struct dyn_event_operations ue_dyn_ops = {
	.create		= ue_dyn_create,
	.show		= ue_dyn_show,
	.is_busy	= ue_dyn_is_busy,
	.free		= ue_dyn_free,
	.match		= ue_dyn_match,
};

static struct ctl_table ue_sysctl[] = {
	{
		.procname	= "user_events_max",
		.data		= &ue_max,
		.maxlen		= sizeof(unsigned int),
		.mode		= 0644,
		.proc_handler	= proc_douintvec,
	},
};

static __init int ue_init(void)
{
	int ret;

	ret = ue_enable_init();
	if (ret)
		return ret;
	ret = ue_data_init();
	if (ret)
		return ret;
	if (dyn_event_register(&ue_dyn_ops))
		pr_warn("user_events: no u: in dynamic_events\n");
	register_sysctl_init("kernel", ue_sysctl);
	return 0;
}
fs_initcall(ue_init);
