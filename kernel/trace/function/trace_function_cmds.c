// SPDX-License-Identifier: GPL-2.0
/*
 * Function commands: "FUNC:CMD[:PARAM]" written to an instance's
 * set_ftrace_filter runs CMD whenever a function matching FUNC is
 * entered (Documentation/trace/ftrace.rst, "Filter commands"):
 *
 *   traceon[:N] traceoff[:N]   turn the instance's tracing on/off; a
 *                              count is spent only by the call that
 *                              changes the state (of CPUs racing to
 *                              change it, one)
 *   stacktrace[:N]             a stack record (while tracing is on)
 *   snapshot[:N]               take a snapshot
 *   dump / cpudump             print the buffers (all CPUs, once; this
 *                              CPU, every time) on the console
 *   enable_event:SYS:EV[:N]    soft-enable / soft-disable an event; a
 *   disable_event:SYS:EV[:N]   count is spent only by a change
 *
 * "!FUNC:CMD[...]" takes FUNC's functions out of that command (with a
 * count, the counted one; the event commands name their event).
 *
 * A command of an instance is a struct tfunc_probe: an ftrace_ops of
 * its own whose filter hash is the functions it runs on, and, for a
 * counted command, a second hash holding each function's remaining
 * count in its entry's @direct word.  The count hash only grows while
 * the probe lives (entries are added, never moved), so a callback can
 * spend a count with one cmpxchg: two CPUs entering the function at
 * once spend it once.
 *
 * Contexts: words are applied in process context, under event_mutex,
 * trace_types_lock (the snapshot's arming) and the instance ops'
 * regex_lock, which also guards the instance's probe list; the callbacks run on function entry, any
 * context, with the recursion guard held.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_recursion.h>

#include "events/trace_event.h"
#include "ftrace/ftrace_hash.h"
#include "ftrace/ftrace_ops.h"
#include "ftrace/ftrace_rec.h"
#include "instance/trace_array.h"
#include "trace_function.h"
#include "triggers/trace_trigger.h"
#include "write/trace_write.h"

enum tfunc_cmd_kind {
	TFC_TRACEON,
	TFC_TRACEOFF,
	TFC_STACKTRACE,
	TFC_SNAPSHOT,
	TFC_DUMP,
	TFC_CPUDUMP,
	TFC_ENABLE_EVENT,
	TFC_DISABLE_EVENT,
};

static const char *const tfunc_cmd_names[] = {
	[TFC_TRACEON]		= "traceon",
	[TFC_TRACEOFF]		= "traceoff",
	[TFC_STACKTRACE]	= "stacktrace",
	[TFC_SNAPSHOT]		= "snapshot",
	[TFC_DUMP]		= "dump",
	[TFC_CPUDUMP]		= "cpudump",
	[TFC_ENABLE_EVENT]	= ENABLE_EVENT_STR,
	[TFC_DISABLE_EVENT]	= DISABLE_EVENT_STR,
};

/*
 * One command of one instance.  @counted: the command has counts (in
 * @counts).  @file: the event of the event commands, held in soft mode
 * while the probe lives.
 */
struct tfunc_probe {
	struct list_head	list;
	enum tfunc_cmd_kind	kind;
	bool			counted;
	struct trace_array	*tr;
	struct trace_event_file	*file;
	struct ftrace_hash	*counts;
	struct ftrace_ops	ops;
};

/* Frames above the traced function in a stack record from here. */
#define TFC_STACK_SKIP	(IS_ENABLED(CONFIG_UNWINDER_ORC) ? 2 : 3)

/* Spend one of @ip's counts: false when none is left. */
static bool tfc_spend(struct tfunc_probe *p, unsigned long ip)
{
	struct ftrace_func_entry *e = fhash_lookup(p->counts, ip);
	unsigned long left;

	if (!e)
		return false;
	left = READ_ONCE(e->direct);
	do {
		if (!left)
			return false;
	} while (!try_cmpxchg(&e->direct, &left, left - 1));
	return true;
}

/*
 * Give back a unit tfc_spend() took for a change another CPU made
 * first.  While it was out the count read one lower: a CPU that found
 * it spent skipped, rightly, since the change it wanted was being made.
 */
static void tfc_refund(struct tfunc_probe *p, unsigned long ip)
{
	struct ftrace_func_entry *e = fhash_lookup(p->counts, ip);
	unsigned long left;

	if (!e)
		return;
	left = READ_ONCE(e->direct);
	while (!try_cmpxchg(&e->direct, &left, left + 1))
		;
}

/* The event commands: is the event already where this one would put it? */
static bool tfc_event_as_wanted(struct tfunc_probe *p)
{
	bool soft_off = test_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &p->file->flags);

	return (p->kind == TFC_ENABLE_EVENT) != soft_off;
}

/*
 * Move the event where this command puts it: true for the one call that
 * moved it, so that of two CPUs passing tfc_event_as_wanted() together
 * one spends a count, not both.
 */
static bool tfc_event_move(struct tfunc_probe *p)
{
	unsigned long *flags = &p->file->flags;

	if (p->kind == TFC_ENABLE_EVENT)
		return test_and_clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
	return !test_and_set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
}

static void notrace tfc_call(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct tfunc_probe *p = container_of(op, struct tfunc_probe, ops);
	struct trace_array *tr = p->tr;
	bool on;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;

	switch (p->kind) {
	case TFC_TRACEON:
	case TFC_TRACEOFF:
		on = p->kind == TFC_TRACEON;
		/* Nothing to change: no count is spent. */
		if (tracer_tracing_is_on(tr) == on)
			break;
		if (p->counted && !tfc_spend(p, ip))
			break;
		/* Another CPU made the change first: the unit goes back. */
		if (!tracer_tracing_switch(tr, on) && p->counted)
			tfc_refund(p, ip);
		break;
	case TFC_STACKTRACE:
		if (!tracer_tracing_is_on(tr))
			break;
		if (p->counted && !tfc_spend(p, ip))
			break;
		__trace_stack(tr, tracing_gen_ctx_dec(), TFC_STACK_SKIP);
		break;
	case TFC_SNAPSHOT:
		if (p->counted && !tfc_spend(p, ip))
			break;
		tracing_snapshot_instance(tr);
		break;
	case TFC_DUMP:
		if (tfc_spend(p, ip))
			ftrace_dump(DUMP_ALL);
		break;
	case TFC_CPUDUMP:
		if (tfc_spend(p, ip))
			ftrace_dump(DUMP_ORIG);
		break;
	case TFC_ENABLE_EVENT:
	case TFC_DISABLE_EVENT:
		if (tfc_event_as_wanted(p))
			break;
		if (p->counted && !tfc_spend(p, ip))
			break;
		/* Another CPU moved the event first: the unit goes back. */
		if (!tfc_event_move(p) && p->counted)
			tfc_refund(p, ip);
		break;
	}
	ftrace_test_recursion_unlock(bit);
}

static struct tfunc_probe *tfc_find(struct trace_func_instance *fi,
				    enum tfunc_cmd_kind kind, bool counted,
				    struct trace_event_file *file)
{
	struct tfunc_probe *p;

	list_for_each_entry(p, &fi->probes, list)
		if (p->kind == kind && p->counted == counted && p->file == file)
			return p;
	return NULL;
}

/* The probe has no function left: off and gone (event_mutex, regex_lock). */
static void tfc_free(struct tfunc_probe *p)
{
	lockdep_assert_held(&event_mutex);
	list_del(&p->list);
	if (fops_live(&p->ops))
		unregister_ftrace_function(&p->ops);
	ftrace_free_filter(&p->ops);
	fhash_free(p->counts);
	if (p->file) {
		trace_event_enable_disable(p->file, 0, 1);
		trace_event_put_ref(p->file->event_call);
	}
	if (p->kind == TFC_SNAPSHOT)
		tracing_disarm_snapshot(p->tr);
	kfree(p);
}

static struct tfunc_probe *tfc_new(struct trace_func_instance *fi,
				   struct trace_array *tr,
				   enum tfunc_cmd_kind kind, bool counted,
				   struct trace_event_file *file)
{
	struct tfunc_probe *p;
	int err;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return ERR_PTR(-ENOMEM);
	p->kind = kind;
	p->counted = counted;
	p->tr = tr;
	p->ops.func = tfc_call;
	p->ops.private = tr;
	/* tfc_call() takes the guard; it needs nothing of RCU. */
	p->ops.flags = FTRACE_OPS_FL_RECURSION;
	fops_init_hashes(&p->ops);
	if (counted) {
		/* Read by the callbacks while functions join: never resized. */
		p->counts = fhash_alloc(FHASH_MAX_BITS - 2);
		if (!p->counts) {
			kfree(p);
			return ERR_PTR(-ENOMEM);
		}
		p->counts->fixed = true;
	}
	if (kind == TFC_SNAPSHOT) {
		err = tracing_arm_snapshot_locked(tr);
		if (err) {
			fhash_free(p->counts);
			kfree(p);
			return ERR_PTR(err);
		}
	}
	if (file) {
		/* Pin the event and put it in soft mode while the probe lives. */
		err = -EBUSY;
		if (trace_event_try_get_ref(file->event_call)) {
			err = trace_event_enable_disable(file, 1, 1);
			if (err < 0)
				trace_event_put_ref(file->event_call);
		}
		if (err < 0) {
			fhash_free(p->counts);
			kfree(p);
			return ERR_PTR(err);
		}
		p->file = file;
	}
	list_add_tail(&p->list, &fi->probes);
	return p;
}

/*
 * Add the functions of @m to @p (with @count each if counted), or take
 * them out.  regex_lock held.  0; 1 when removing left none (the probe
 * is to go); -EINVAL (nothing matched, or nothing new), -ENOMEM, -EBUSY.
 */
static int tfc_update(struct tfunc_probe *p, const struct fmatch *m,
		      bool remove, unsigned long count)
{
	struct ftrace_func_entry *e, *c;
	struct ftrace_hash *hash, *cur;
	struct hlist_node *tmp;
	unsigned int i;
	int ret, added = 0;

	mutex_lock(&ftrace_lock);
	cur = ftrace_protected(p->ops.func_hash->filter_hash);
	hash = fhash_copy(cur);
	if (!hash) {
		ret = -ENOMEM;
		goto out;
	}
	ret = fhash_apply(hash, m);
	if (ret <= 0) {
		ret = ret ?: -EINVAL;
		goto out_free;
	}
	fhash_for_each(hash, i, e) {
		if (fhash_lookup(cur, e->ip))
			continue;
		added++;
		if (!p->counted)
			continue;
		ret = fhash_add(p->counts, e->ip);
		if (ret)
			goto out_free;
		c = fhash_lookup(p->counts, e->ip);
		WRITE_ONCE(c->direct, count);
	}
	/* Nothing new to add, or nothing of the probe's to take out. */
	if (remove ? hash->count == (cur ? cur->count : 0) : !added) {
		ret = -EINVAL;
		goto out_free;
	}
	if (fhash_empty(hash)) {
		/* Nothing left: the caller frees the probe. */
		fhash_free(hash);
		ret = 1;
		goto out;
	}
	if (!fops_live(&p->ops)) {
		ret = fops_replace_hash(&p->ops, false, hash);
		mutex_unlock(&ftrace_lock);
		return ret ?: register_ftrace_function(&p->ops);
	}
	ret = fops_replace_hash(&p->ops, false, hash);
	/* Counts of functions that left are not needed any more. */
	if (!ret && remove && p->counted) {
		fhash_for_each_safe(p->counts, i, tmp, e)
			if (!fhash_lookup(hash, e->ip))
				e->direct = 0;
	}
	goto out;
out_free:
	fhash_free(hash);
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

/* "SYS:EVENT[:N]" of the event commands (event_mutex held). */
static struct trace_event_file *tfc_event(struct trace_array *tr, char **param)
{
	struct trace_event_file *file;
	char *system, *event;

	if (!*param)
		return ERR_PTR(-EINVAL);
	system = strsep(param, ":");
	if (!*param)
		return ERR_PTR(-EINVAL);
	event = strsep(param, ":");
	file = __find_event_file(tr, system, event);
	return file ?: ERR_PTR(-EINVAL);
}

/**
 * tfunc_cmd_known - whether a word names a command, ":mod:" included
 * @rest: the word after its first ':' ("CMD[:PARAM]")
 *
 * For the filter of an ops of no instance, which runs no command: a
 * known one is refused with -ENODEV there, anything else with -EINVAL.
 */
bool tfunc_cmd_known(const char *rest)
{
	size_t len = strchrnul(rest, ':') - rest;
	int kind;

	if (len == 3 && !strncmp(rest, "mod", 3))
		return true;
	for (kind = 0; kind < ARRAY_SIZE(tfunc_cmd_names); kind++)
		if (strlen(tfunc_cmd_names[kind]) == len &&
		    !strncmp(rest, tfunc_cmd_names[kind], len))
			return true;
	return false;
}

/**
 * tfunc_cmd_word - apply "[!]FUNC:CMD[:PARAM]" to an instance
 * @fi: the instance's function tracing state
 * @tr: the instance
 * @func: "[!]FUNC" (the word up to its first ':')
 * @cmd: the rest of the word (CMD[:PARAM]); modified
 *
 * Process context, no lock held.  Takes event_mutex, trace_types_lock,
 * the instance ops' regex_lock, then ftrace_lock.
 * Return: 0, or -EINVAL (unknown command, bad parameter, nothing
 * matched or nothing new), -ENOMEM, -EBUSY.
 */
int tfunc_cmd_word(struct trace_func_instance *fi, struct trace_array *tr,
		   char *func, char *cmd)
{
	struct trace_event_file *file = NULL;
	enum tfunc_cmd_kind kind;
	unsigned long count = 1;
	struct tfunc_probe *p;
	struct fmatch m;
	bool counted;
	char *name;
	int ret;

	name = strsep(&cmd, ":");
	for (kind = 0; kind < ARRAY_SIZE(tfunc_cmd_names); kind++)
		if (!strcmp(name, tfunc_cmd_names[kind]))
			break;
	if (kind == ARRAY_SIZE(tfunc_cmd_names))
		return -EINVAL;
	ret = fmatch_parse(&m, func);
	if (ret || m.has_mod)
		return -EINVAL;

	guard(mutex)(&event_mutex);
	guard(mutex)(&trace_types_lock);
	if (kind == TFC_ENABLE_EVENT || kind == TFC_DISABLE_EVENT) {
		file = tfc_event(tr, &cmd);
		if (IS_ERR(file))
			return PTR_ERR(file);
	}
	/*
	 * What is left of the word is the count; an empty one is no limit.
	 * Removing names the counted command by having one at all: its
	 * value is not read (set_ftrace_filter lists "count=N" there).
	 */
	counted = !!cmd;
	if (counted && !m.negate) {
		char *num = strsep(&cmd, ":");

		if (!*num)
			count = ULONG_MAX;
		else if (kstrtoul(num, 0, &count))
			return -EINVAL;
	}
	if (kind == TFC_DUMP || kind == TFC_CPUDUMP) {
		counted = true;		/* once per function */
		count = 1;
	}

	mutex_lock(&fi->ops->func_hash->regex_lock);
	p = tfc_find(fi, kind, counted, file);
	if (m.negate) {
		ret = -EINVAL;
		if (p) {
			ret = tfc_update(p, &m, true, 0);
			if (ret == 1) {
				tfc_free(p);
				ret = 0;
			}
		}
		goto out;
	}
	if (!p) {
		p = tfc_new(fi, tr, kind, counted, file);
		if (IS_ERR(p)) {
			ret = PTR_ERR(p);
			goto out;
		}
	}
	ret = tfc_update(p, &m, false, count);
	if (ret && !fops_live(&p->ops))
		tfc_free(p);
out:
	mutex_unlock(&fi->ops->func_hash->regex_lock);
	return ret;
}

/* Instance removal (event_mutex held): every command goes. */
void tfunc_cmds_free(struct trace_func_instance *fi)
{
	struct tfunc_probe *p, *tmp;

	mutex_lock(&fi->ops->func_hash->regex_lock);
	list_for_each_entry_safe(p, tmp, &fi->probes, list)
		tfc_free(p);
	mutex_unlock(&fi->ops->func_hash->regex_lock);
}

/*
 * Listing: the @n-th (probe, function) pair of @fi, printed as
 * "FUNC:CMD[:SYS:EVENT]:count=N" or ":unlimited" (with @m NULL, only
 * whether it exists).  regex_lock and ftrace_lock held.
 * Return: whether there was one.
 */
bool tfunc_cmd_show(struct seq_file *m, struct trace_func_instance *fi,
		    loff_t n)
{
	struct ftrace_func_entry *e, *c;
	struct ftrace_hash *hash;
	struct tfunc_probe *p;
	unsigned int i;

	list_for_each_entry(p, &fi->probes, list) {
		hash = ftrace_protected(p->ops.func_hash->filter_hash);
		fhash_for_each(hash, i, e) {
			if (n--)
				continue;
			if (!m)
				return true;
			seq_printf(m, "%ps:%s", (void *)e->ip, tfunc_cmd_names[p->kind]);
			if (p->file)
				seq_printf(m, ":%s:%s", p->file->event_call->class->system,
					   trace_event_name(p->file->event_call));
			c = p->counted ? fhash_lookup(p->counts, e->ip) : NULL;
			if (c)
				seq_printf(m, ":count=%ld\n", (long)READ_ONCE(c->direct));
			else
				seq_puts(m, ":unlimited\n");
			return true;
		}
	}
	return false;
}
