// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in trigger commands: traceon, traceoff, snapshot, stacktrace,
 * enable_event and disable_event (and, with histograms, enable_hist and
 * disable_hist, which pause and continue them), and the triggers' boot:
 * registration of the commands, of the trigger file and instance
 * teardown with the registry (trigger_boot_init()), and trace_trigger=
 * (trigger_boot_apply()).
 *
 * Every function here runs in process context with event_mutex held,
 * except the @trigger and @count_func callbacks, which run on the fire
 * path (any context, NMI included, no lock, no sleep; see
 * trace_trigger.c).  How counts are spent exactly once per firing
 * is explained there and in Documentation/trace/retrace/triggers.rst.
 */

#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <asm/setup.h>		/* COMMAND_LINE_SIZE */

#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "trace_pending.h"
#include "trace_trigger.h"
#include "trace_trigger_internal.h"
#include "write/trace_write.h"
/*
 * The instances of traceon, traceoff, snapshot and stacktrace carry their
 * event as private data; they act on the trace instance it belongs to.
 */
static struct trace_array *trig_tr(struct event_trigger_data *data)
{
	struct trace_event_file *file = data->private_data;

	return file->tr;
}

static int trig_print(struct seq_file *m, struct event_trigger_data *data)
{
	seq_puts(m, data->cmd_ops->name);
	trig_print_tail(m, data);
	return 0;
}

/*
 * @parse of the four simple commands: "[!]cmd[:N] [if FILTER]".
 * A removal needs only the command: whatever follows it is ignored.
 */
static int trig_parse_simple(struct event_command *cmd,
			     struct trace_event_file *file,
			     char *glob, char *name, char *rest)
{
	struct event_trigger_data *data;
	char *count, *filter;
	int err;

	/* cannot fail: the count is optional */
	event_trigger_separate_filter(rest, &count, &filter, false);

	data = trigger_data_alloc(cmd, name, count, file);
	if (!data)
		return -ENOMEM;

	if (glob[0] == '!') {
		cmd->unreg(glob + 1, data, file);
		trig_data_discard(data);
		return 0;
	}

	err = event_trigger_parse_num(count, data);
	if (!err)
		err = event_trigger_set_filter(cmd, file, filter, data);
	if (!err)
		err = cmd->reg(glob, data, file);
	if (err)
		trigger_data_free(data);
	return err;
}

/*
 * traceon / traceoff.  Uncounted, the action is "switch if not already";
 * counted, trig_onoff_count() does everything (see there).
 */
static void trig_onoff_switch(struct trace_array *tr, bool on)
{
	if (tracer_tracing_is_on(tr) == on)
		return;
	if (on)
		tracer_tracing_on(tr);
	else
		tracer_tracing_off(tr);
}

static void trig_traceon(struct event_trigger_data *data,
			 struct trace_buffer *buffer, void *rec,
			 struct ring_buffer_event *event)
{
	trig_onoff_switch(trig_tr(data), true);
}

static void trig_traceoff(struct event_trigger_data *data,
			  struct trace_buffer *buffer, void *rec,
			  struct ring_buffer_event *event)
{
	trig_onoff_switch(trig_tr(data), false);
}

/*
 * @count_func of traceon/traceoff: a unit is spent only by the firing that
 * switches the state.  The test, the claim and the switch run together
 * under the instance's busy bit (trace_trigger.c, "Counts"); a
 * firing that finds the bit taken skips, since the holder is making the
 * switch it wanted.  Returns false: the work is done, @trigger has
 * nothing left to do.
 */
static bool trig_onoff_count(struct event_trigger_data *data,
			     struct trace_buffer *buffer, void *rec,
			     struct ring_buffer_event *event)
{
	bool on = data->cmd_ops->trigger == trig_traceon;
	unsigned long *busy = &trig_slot_of(data)->busy;
	struct trace_array *tr = trig_tr(data);

	/* A: cheap early out, no bit taken */
	if (tracer_tracing_is_on(tr) == on)
		return false;
	/*
	 * B: one switcher at a time; never wait.  Uprobe events fire
	 * preemptibly: the bit is held with preemption off, so a holder
	 * cannot be scheduled away while every other CPU skips.
	 */
	preempt_disable_notrace();
	if (!test_and_set_bit_lock(TRIG_SLOT_BUSY, busy)) {
		/* C: the previous holder may have switched between A and B */
		if (tracer_tracing_is_on(tr) != on && trig_count_take(data))
			trig_onoff_switch(tr, on);
		clear_bit_unlock(TRIG_SLOT_BUSY, busy);
	}
	preempt_enable_notrace();
	return false;
}

#ifdef CONFIG_TRACER_SNAPSHOT
static void trig_snapshot(struct event_trigger_data *data,
			  struct trace_buffer *buffer, void *rec,
			  struct ring_buffer_event *event)
{
	tracing_snapshot_instance(trig_tr(data));
}

/* the snapshot buffer stays allocated (armed) while the trigger exists */
static int trig_snapshot_reg(char *glob, struct event_trigger_data *data,
			     struct trace_event_file *file)
{
	int armed = tracing_arm_snapshot(file->tr);
	int err;

	if (armed < 0)
		return armed;
	err = trig_reg(glob, data, file);
	if (err >= 0)
		return err;
	tracing_disarm_snapshot(file->tr);
	return err;
}

static void trig_snapshot_unreg(char *glob, struct event_trigger_data *test,
				struct trace_event_file *file)
{
	bool removed = trig_unreg_found(file, test);

	if (removed)
		tracing_disarm_snapshot(file->tr);
}
#endif /* CONFIG_TRACER_SNAPSHOT */

#ifdef CONFIG_STACKTRACE
/*
 * How many innermost frames the recorded stack leaves out, so that it
 * starts where 6.12's does: the event's probe, or trace_marker's write.
 * ORC meets the stack writer (this function and __trace_stack() jump
 * to it) and the post-call walker, which trace_event_buffer_commit()
 * jumps to; the other unwinders (no sibling calls, and one frame more
 * counted by the writer itself) meet this function as well.
 */
#define TRIG_STACK_SKIP	(IS_ENABLED(CONFIG_UNWINDER_ORC) ? 2 : 3)

static void trig_stacktrace(struct event_trigger_data *data,
			    struct trace_buffer *buffer, void *rec,
			    struct ring_buffer_event *event)
{
	__trace_stack(trig_tr(data), tracing_gen_ctx_dec(), TRIG_STACK_SKIP);
}
#endif /* CONFIG_STACKTRACE */

/*
 * What the four simple commands share: parsing, printing, references and
 * filters.  traceoff and stacktrace are deferred (EVENT_CMD_FL_POST_TRIGGER)
 * so that the record that fired them is committed first: traceoff must not
 * lose it, and the stack entry must follow it.
 */
#define TRIG_SIMPLE_CMD(cmd_name, type, cmd_flags, act, count, do_reg, do_unreg) \
	{								\
		.name = cmd_name, .trigger_type = type,			\
		.flags = cmd_flags, .trigger = act, .count_func = count,	\
		.reg = do_reg, .unreg = do_unreg,			\
		.parse = trig_parse_simple, .print = trig_print,	\
		.set_filter = set_trigger_filter,			\
		.init = event_trigger_init, .free = trig_put,		\
	}

static struct event_command trig_cmd_traceon =
	TRIG_SIMPLE_CMD("traceon", ETT_TRACE_ONOFF, 0, trig_traceon,
			trig_onoff_count, trig_reg, trig_unreg);
static struct event_command trig_cmd_traceoff =
	TRIG_SIMPLE_CMD("traceoff", ETT_TRACE_ONOFF, EVENT_CMD_FL_POST_TRIGGER,
			trig_traceoff, trig_onoff_count, trig_reg, trig_unreg);
#ifdef CONFIG_TRACER_SNAPSHOT
static struct event_command trig_cmd_snapshot =
	TRIG_SIMPLE_CMD("snapshot", ETT_SNAPSHOT, 0, trig_snapshot,
			event_trigger_count, trig_snapshot_reg,
			trig_snapshot_unreg);
#endif
#ifdef CONFIG_STACKTRACE
static struct event_command trig_cmd_stacktrace =
	TRIG_SIMPLE_CMD("stacktrace", ETT_STACKTRACE, EVENT_CMD_FL_POST_TRIGGER,
			trig_stacktrace, event_trigger_count, trig_reg,
			trig_unreg);
#endif

/* ---- enable_event / disable_event (and hist's enable_hist/disable_hist) - */

/*
 * While an enable/disable trigger exists its target is held: its module
 * pinned, and the event in soft mode (probe attached, recording only while
 * EVENT_FILE_FL_SOFT_DISABLED is clear).  trig_target_release() undoes
 * trig_target_hold().
 */
static int trig_target_hold(struct trace_event_file *target)
{
	int err;

	if (!trace_event_try_get_ref(target->event_call))
		return -EBUSY;
	err = trace_event_enable_disable(target, 1, 1);
	if (err < 0)
		trace_event_put_ref(target->event_call);
	return err;
}

static void trig_target_release(struct trace_event_file *target)
{
	trace_event_enable_disable(target, 0, 1);
	trace_event_put_ref(target->event_call);
}

/*
 * Read "SYSTEM:EVENT" off the front of *@param (leaving *@param at what
 * follows, the count, or NULL) and describe the command @cmd on that
 * target.  Return: the description, or ERR_PTR(-EINVAL / -ENOMEM).
 */
static struct enable_trigger_data *trig_target_parse(struct trace_array *tr,
						     const char *cmd,
						     char **param)
{
	struct trace_event_file *target;
	struct enable_trigger_data *ed;
	char *system, *event;

	system = strsep(param, ":");
	if (!*param)
		return ERR_PTR(-EINVAL);
	event = strsep(param, ":");

	target = find_event_file(tr, system, event);
	if (!target)
		return ERR_PTR(-EINVAL);

	ed = kzalloc(sizeof(*ed), GFP_KERNEL);
	if (!ed)
		return ERR_PTR(-ENOMEM);
	ed->file = target;
	ed->enable = !strcmp(cmd, ENABLE_EVENT_STR) ||
		     !strcmp(cmd, ENABLE_HIST_STR);
	ed->hist = IS_ENABLED(CONFIG_HIST_TRIGGERS) &&
		   (!strcmp(cmd, ENABLE_HIST_STR) ||
		    !strcmp(cmd, DISABLE_HIST_STR));
	return ed;
}

/**
 * event_enable_trigger_print - the @print of the enable/disable commands
 * @m: the trigger file
 * @data: the instance
 *
 * Prints "cmd:system:event:unlimited" or "...:count=N", and the filter.
 *
 * Return: 0.
 */
int event_enable_trigger_print(struct seq_file *m, struct event_trigger_data *data)
{
	static const char *const names[2][2] = {
		{ DISABLE_EVENT_STR, ENABLE_EVENT_STR },
		{ DISABLE_HIST_STR, ENABLE_HIST_STR },
	};
	struct enable_trigger_data *ed = data->private_data;
	struct trace_event_call *call = ed->file->event_call;

	seq_printf(m, "%s:%s:%s", names[ed->hist][ed->enable],
		   call->class->system, trace_event_name(call));
	trig_print_tail(m, data);
	return 0;
}

/**
 * event_enable_trigger_free - the @free of the enable/disable commands
 * @data: the instance
 *
 * With the last reference, releases the target and frees the instance.
 *
 * Context: event_mutex held.
 */
void event_enable_trigger_free(struct event_trigger_data *data)
{
	struct enable_trigger_data *ed = data->private_data;

	if (WARN_ON_ONCE(data->ref <= 0) || --data->ref > 0)
		return;
	/*
	 * The wait in trigger_data_free() comes first: a probe still firing
	 * the instance flips the target's SOFT_DISABLED bit, which is only
	 * right while the target is held in soft mode.
	 */
	trigger_data_free(data);
	trig_target_release(ed->file);
	kfree(ed);
}

/*
 * @count_func of enable_event/disable_event: claims a unit unless the
 * target already is in the wanted state.  trig_enable_fire() keeps the
 * unit if it makes the change and hands it back if another CPU did.
 */
static bool trig_enable_count(struct event_trigger_data *data,
			      struct trace_buffer *buffer, void *rec,
			      struct ring_buffer_event *event)
{
	struct enable_trigger_data *ed = data->private_data;
	bool soft_off = test_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
				 &ed->file->flags);

	/* wanted: soft_off == !enable; already there means nothing to do */
	if (soft_off != ed->enable)
		return false;
	return trig_count_take(data);
}

static void trig_enable_fire(struct event_trigger_data *data,
			     struct trace_buffer *buffer, void *rec,
			     struct ring_buffer_event *event)
{
	struct enable_trigger_data *ed = data->private_data;
	unsigned long *flags = &ed->file->flags;
	bool was_off;

	if (ed->enable)
		was_off = test_and_clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
	else
		was_off = test_and_set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);

	/* no change (it was already as wanted): a claimed unit goes back */
	if (was_off != ed->enable && (data->flags & EVENT_TRIGGER_FL_COUNT))
		trig_count_return(data);
}

/**
 * event_enable_trigger_parse - the @parse of the enable/disable commands
 * @cmd_ops: the command
 * @file: the triggering event
 * @glob: the command as written
 * @cmd: the command name
 * @param_and_filter: "SYSTEM:EVENT[:N] [if FILTER]"
 *
 * Context: event_mutex held.
 * Return: 0; -EINVAL for a malformed line or an unknown target; -EBUSY if
 * the target's module is going away; -EEXIST for a duplicate; -ENOMEM;
 * the errors of the count, the filter and of enabling the target.
 */
int event_enable_trigger_parse(struct event_command *cmd_ops, struct trace_event_file *file,
			       char *glob, char *cmd, char *param_and_filter)
{
	struct enable_trigger_data *ed;
	struct event_trigger_data *data;
	char *param, *filter;
	int err;

	/* the target is required: no text at all is -EINVAL */
	err = event_trigger_separate_filter(param_and_filter, &param, &filter, true);
	if (err)
		return err;

	ed = trig_target_parse(file->tr, cmd, &param);
	if (IS_ERR(ed))
		return PTR_ERR(ed);

	data = trigger_data_alloc(cmd_ops, cmd, param, ed);
	if (!data) {
		kfree(ed);
		return -ENOMEM;
	}

	if (event_trigger_check_remove(glob)) {
		cmd_ops->unreg(glob + 1, data, file);
		trig_data_discard(data);
		kfree(ed);
		return 0;
	}

	err = event_trigger_parse_num(param, data);
	if (!err)
		err = event_trigger_set_filter(cmd_ops, file, filter, data);
	if (!err)
		err = trig_target_hold(ed->file);
	if (err)
		goto drop;

	/* the list's reference (taken by @init) is the only one */
	err = cmd_ops->reg(glob, data, file);
	if (!err)
		return 0;
	/* @reg may have published and withdrawn it: wait, then release */
	trigger_data_free(data);
	trig_target_release(ed->file);
	kfree(ed);
	return err;
drop:
	trigger_data_free(data);
	kfree(ed);
	return err;
}

/* Same command type and same target: one such instance per event. */
static bool trig_same_target(struct event_trigger_data *a,
			     struct event_trigger_data *b)
{
	struct enable_trigger_data *ea = a->private_data;
	struct enable_trigger_data *eb = b->private_data;

	if (a->cmd_ops->trigger_type != b->cmd_ops->trigger_type)
		return false;
	return ea && eb && ea->file == eb->file;
}

static struct event_trigger_data *
trig_find_target(struct trace_event_file *file, struct event_trigger_data *test)
{
	struct event_trigger_data *each;

	list_for_each_entry(each, &file->triggers, list)
		if (trig_same_target(each, test))
			return each;
	return NULL;
}

/**
 * event_enable_register_trigger - the @reg of the enable/disable commands
 * @glob: the command as written
 * @data: the instance
 * @file: the triggering event
 *
 * enable_event and disable_event share a type, so one event cannot both
 * enable and disable the same target.
 *
 * Context: event_mutex held.
 * Return: 0, -EEXIST, or the error of entering trigger mode.
 */
int event_enable_register_trigger(char *glob, struct event_trigger_data *data,
				  struct trace_event_file *file)
{
	lockdep_assert_held(&event_mutex);

	return trig_find_target(file, data) ? -EEXIST : trig_attach(file, data);
}

/**
 * event_enable_unregister_trigger - the @unreg of the enable/disable commands
 * @glob: the command as written, without the '!'
 * @test: an instance naming the type and target to remove
 * @file: the triggering event
 *
 * Context: event_mutex held.
 */
void event_enable_unregister_trigger(char *glob, struct event_trigger_data *test,
				     struct trace_event_file *file)
{
	struct event_trigger_data *victim;

	lockdep_assert_held(&event_mutex);

	victim = trig_find_target(file, test);
	if (victim)
		trig_detach(file, victim);
}

#define TRIG_ENABLE_CMD(cmd_name)					\
	{								\
		.name = cmd_name, .trigger_type = ETT_EVENT_ENABLE,	\
		.trigger = trig_enable_fire,				\
		.count_func = trig_enable_count,			\
		.parse = event_enable_trigger_parse,			\
		.print = event_enable_trigger_print,			\
		.reg = event_enable_register_trigger,			\
		.unreg = event_enable_unregister_trigger,		\
		.set_filter = set_trigger_filter,			\
		.init = event_trigger_init,				\
		.free = event_enable_trigger_free,			\
	}

static struct event_command trig_cmd_enable = TRIG_ENABLE_CMD(ENABLE_EVENT_STR);
static struct event_command trig_cmd_disable = TRIG_ENABLE_CMD(DISABLE_EVENT_STR);

#ifdef CONFIG_HIST_TRIGGERS
/*
 * enable_hist/disable_hist: continue or pause every histogram of the
 * target, as a ":cont" or ":pause" line would.  Any context: only the
 * instances' paused flags change, and the target's list is walked
 * under the probe's RCU read side.
 */
static void trig_hist_enable_fire(struct event_trigger_data *data,
				  struct trace_buffer *buffer, void *rec,
				  struct ring_buffer_event *event)
{
	struct enable_trigger_data *ed = data->private_data;
	struct event_trigger_data *each;

	list_for_each_entry_rcu(each, &ed->file->triggers, list)
		if (each->cmd_ops->trigger_type == ETT_EVENT_HIST)
			WRITE_ONCE(each->paused, !ed->enable);
}

/* A truncating open drops every enable_hist/disable_hist of the event. */
static void trig_hist_enable_unreg_all(struct trace_event_file *file)
{
	struct event_trigger_data *data, *next;

	list_for_each_entry_safe(data, next, &file->triggers, list)
		if (data->cmd_ops->trigger_type == ETT_HIST_ENABLE)
			trig_detach(file, data);
}

#define TRIG_HIST_ENABLE_CMD(cmd_name)					\
	{								\
		.name = cmd_name, .trigger_type = ETT_HIST_ENABLE,	\
		.trigger = trig_hist_enable_fire,			\
		.count_func = event_trigger_count,			\
		.parse = event_enable_trigger_parse,			\
		.print = event_enable_trigger_print,			\
		.reg = event_enable_register_trigger,			\
		.unreg = event_enable_unregister_trigger,		\
		.unreg_all = trig_hist_enable_unreg_all,		\
		.set_filter = set_trigger_filter,			\
		.init = event_trigger_init,				\
		.free = event_enable_trigger_free,			\
	}

static struct event_command trig_cmd_hist_enable =
	TRIG_HIST_ENABLE_CMD(ENABLE_HIST_STR);
static struct event_command trig_cmd_hist_disable =
	TRIG_HIST_ENABLE_CMD(DISABLE_HIST_STR);
#endif

/* ---- boot -------------------------------------------------------------- */

/*
 * Registration order is the order "# Available triggers:" lists: the
 * commands of this file, then "hist" (hist_boot_init()).
 */
static struct event_command *const trig_builtin[] __initconst = {
	&trig_cmd_traceon,
	&trig_cmd_traceoff,
#ifdef CONFIG_TRACER_SNAPSHOT
	&trig_cmd_snapshot,
#endif
#ifdef CONFIG_STACKTRACE
	&trig_cmd_stacktrace,
#endif
	&trig_cmd_enable,
	&trig_cmd_disable,
#ifdef CONFIG_HIST_TRIGGERS
	&trig_cmd_hist_enable,
	&trig_cmd_hist_disable,
#endif
};

/* Every command; one that fails to register warns and is left out. */
static __init void register_trigger_cmds(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trig_builtin); i++)
		WARN_ON(register_event_command(trig_builtin[i]) < 0);
}

/*
 * trace_trigger=EVENT.TRIGGER[,EVENT.TRIGGER...]: applied to the global
 * instance's files by trigger_boot_init(), and to no other instance:
 * boot instances are made under event_mutex (trace_array_get_by_name()),
 * which applying a trigger takes (triggers.rst, "Differences").
 */
#define TRIG_BOOT_MAX		32

static struct {
	const char *event;
	char *trigger;
} trig_boot[TRIG_BOOT_MAX] __initdata;
static int nr_trig_boot __initdata;
static char trig_boot_text[COMMAND_LINE_SIZE] __initdata;

static __init int trig_boot_param(char *str)
{
	char *p = trig_boot_text, *item;
	int n;

	strscpy(trig_boot_text, str, COMMAND_LINE_SIZE);
	trace_set_ring_buffer_expanded(NULL);
	disable_tracing_selftest("running event triggers");
	for (n = 0; n < TRIG_BOOT_MAX; n++) {
		item = strsep(&p, ",");
		if (!item)
			break;
		trig_boot[n].event = strsep(&item, ".");
		trig_boot[n].trigger = item;
		if (!item)
			break;
	}
	nr_trig_boot = n;
	return 1;
}
__setup("trace_trigger=", trig_boot_param);

/* Apply the trace_trigger= lines naming @file's event, in their order. */
static __init void trig_boot_apply(struct trace_event_file *file)
{
	const char *name = trace_event_name(file->event_call);
	int i;

	for (i = 0; i < nr_trig_boot; i++) {
		if (strcmp(name, trig_boot[i].event))
			continue;
		mutex_lock(&event_mutex);
		if (trigger_process_regex(file, trig_boot[i].trigger))
			pr_err("Failed to register trigger '%s' on event %s\n",
			       trig_boot[i].trigger, trig_boot[i].event);
		mutex_unlock(&event_mutex);
	}
}

/* events/SYSTEM/EVENT/trigger: users' events, and ftrace/print. */
static bool trig_file_shown(struct trace_event_call *call, void **data)
{
	return !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE) ||
	       !strcmp(trace_event_name(call), "print");
}

static const struct evreg_dir_file trig_dir_file = {
	.name	= "trigger",
	.mode	= TRACE_MODE_WRITE,
	.fops	= &event_trigger_fops,
	.shown	= trig_file_shown,
};

/* An instance going drops its triggers before its events go off. */
static struct evreg_instance_ops trig_instance_ops = {
	.clear	= clear_event_triggers,
};

/**
 * trigger_boot_init - the triggers' part of the boot
 *
 * Registers the built-in commands, the trigger file of the registry's
 * event directories and the instance teardown.  Called from trace_init()
 * (start_kernel(), before any initcall) after trace_event_init() and
 * before any event directory exists.
 */
void __init trigger_boot_init(void)
{
	register_trigger_cmds();
	WARN_ON(evreg_register_event_file(EVREG_EVENT_TRIGGER, &trig_dir_file));
	evreg_register_instance_ops(&trig_instance_ops);
}

/**
 * trigger_boot_apply - apply trace_trigger= to the global instance
 *
 * Called from trace_init() once every command is registered (the
 * built-in ones and hist) and before trace_event_boot_enable(): the
 * triggers are in place before trace_event= enables the first event.
 */
void __init trigger_boot_apply(void)
{
	struct trace_array *tr = top_trace_array();
	struct trace_event_file *file;

	if (!tr)
		return;
	list_for_each_entry(file, &tr->events, list)
		trig_boot_apply(file);
}
