// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in trigger commands: traceon, traceoff, snapshot, stacktrace,
 * enable_event and disable_event, and their registration at boot.  The
 * enable/disable parse, print, reg, unreg and free are exported: the
 * histogram code builds enable_hist/disable_hist from them.
 *
 * Every function here runs in process context with event_mutex held,
 * except the @trigger and @count_func callbacks, which run on the fire
 * path (any context, NMI included, no lock, no sleep; see
 * trace_events_trigger.c).  How counts are spent exactly once per firing
 * is explained there and in Documentation/trace/retrace/triggers.rst.
 */

#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_trigger.h"

static int trig_print(struct seq_file *m, struct event_trigger_data *data)
{
	seq_puts(m, data->cmd_ops->name);
	trig_print_tail(m, data);
	return 0;
}

/*
 * @parse of traceon, traceoff, snapshot and stacktrace:
 * "[!]cmd[:N] [if FILTER]".  The instance's private data is the event.
 */
static int trig_parse_simple(struct event_command *cmd,
			     struct trace_event_file *file,
			     char *glob, char *name, char *rest)
{
	struct event_trigger_data *data;
	char *param, *filter;
	int ret;

	ret = event_trigger_separate_filter(rest, &param, &filter, false);
	if (ret)
		return ret;

	data = trigger_data_alloc(cmd, name, param, file);
	if (!data)
		return -ENOMEM;

	if (event_trigger_check_remove(glob)) {
		event_trigger_unregister(cmd, file, glob + 1, data);
		trig_data_discard(data);
		return 0;
	}

	ret = event_trigger_parse_num(param, data);
	if (!ret)
		ret = event_trigger_set_filter(cmd, file, filter, data);
	if (!ret)
		ret = event_trigger_register(cmd, file, glob, data);
	if (ret)
		trigger_data_free(data);
	return ret;
}

/*
 * traceon and traceoff act on the instance of the event (a NULL event,
 * which only in-kernel users could produce, means the top instance).
 */
static bool trig_tracing_is_on(struct event_trigger_data *data)
{
	struct trace_event_file *file = data->private_data;

	return file ? tracer_tracing_is_on(file->tr) : tracing_is_on();
}

static void trig_tracing_set(struct event_trigger_data *data, bool on)
{
	struct trace_event_file *file = data->private_data;

	if (trig_tracing_is_on(data) == on)
		return;
	if (file && on)
		tracer_tracing_on(file->tr);
	else if (file)
		tracer_tracing_off(file->tr);
	else if (on)
		tracing_on();
	else
		tracing_off();
}

static void trig_traceon(struct event_trigger_data *data,
			 struct trace_buffer *buffer, void *rec,
			 struct ring_buffer_event *event)
{
	trig_tracing_set(data, true);
}

static void trig_traceoff(struct event_trigger_data *data,
			  struct trace_buffer *buffer, void *rec,
			  struct ring_buffer_event *event)
{
	trig_tracing_set(data, false);
}

static bool trig_wants_on(struct event_trigger_data *data)
{
	return data->cmd_ops->trigger == trig_traceon;
}

/*
 * @count_func of traceon/traceoff: a unit is spent only by the firing that
 * changes the state.  Runs the check, the claim and the change together
 * under the instance's busy bit (see the top of the file) and returns
 * false: the work is done here, there is nothing left for @trigger.
 */
static bool trig_onoff_count(struct event_trigger_data *data,
			     struct trace_buffer *buffer, void *rec,
			     struct ring_buffer_event *event)
{
	struct trig_slot *slot = trig_slot_of(data);
	bool on = trig_wants_on(data);

	if (trig_tracing_is_on(data) == on)
		return false;
	if (test_and_set_bit_lock(TRIG_SLOT_BUSY, &slot->busy))
		return false;
	/* re-check: the previous holder may have just made the change */
	if (trig_tracing_is_on(data) != on && trig_count_take(data))
		trig_tracing_set(data, on);
	clear_bit_unlock(TRIG_SLOT_BUSY, &slot->busy);
	return false;
}

static struct event_command trig_cmd_traceon = {
	.name		= "traceon",
	.trigger_type	= ETT_TRACE_ONOFF,
	.parse		= trig_parse_simple,
	.reg		= trig_reg,
	.unreg		= trig_unreg,
	.set_filter	= set_trigger_filter,
	.trigger	= trig_traceon,
	.count_func	= trig_onoff_count,
	.print		= trig_print,
	.init		= event_trigger_init,
	.free		= trig_put,
};

/* deferred: turning tracing off must not lose the record that caused it */
static struct event_command trig_cmd_traceoff = {
	.name		= "traceoff",
	.trigger_type	= ETT_TRACE_ONOFF,
	.flags		= EVENT_CMD_FL_POST_TRIGGER,
	.parse		= trig_parse_simple,
	.reg		= trig_reg,
	.unreg		= trig_unreg,
	.set_filter	= set_trigger_filter,
	.trigger	= trig_traceoff,
	.count_func	= trig_onoff_count,
	.print		= trig_print,
	.init		= event_trigger_init,
	.free		= trig_put,
};

#ifdef CONFIG_TRACER_SNAPSHOT
static void trig_snapshot(struct event_trigger_data *data,
			  struct trace_buffer *buffer, void *rec,
			  struct ring_buffer_event *event)
{
	struct trace_event_file *file = data->private_data;

	if (file)
		tracing_snapshot_instance(file->tr);
	else
		tracing_snapshot();
}

/* the snapshot buffer is allocated (armed) for as long as the trigger is */
static int trig_snapshot_reg(char *glob, struct event_trigger_data *data,
			     struct trace_event_file *file)
{
	int ret;

	ret = tracing_arm_snapshot(file->tr);
	if (ret < 0)
		return ret;
	ret = trig_reg(glob, data, file);
	if (ret < 0)
		tracing_disarm_snapshot(file->tr);
	return ret;
}

static void trig_snapshot_unreg(char *glob, struct event_trigger_data *test,
				struct trace_event_file *file)
{
	if (trig_unreg_found(file, test))
		tracing_disarm_snapshot(file->tr);
}

static struct event_command trig_cmd_snapshot = {
	.name		= "snapshot",
	.trigger_type	= ETT_SNAPSHOT,
	.parse		= trig_parse_simple,
	.reg		= trig_snapshot_reg,
	.unreg		= trig_snapshot_unreg,
	.set_filter	= set_trigger_filter,
	.trigger	= trig_snapshot,
	.count_func	= event_trigger_count,
	.print		= trig_print,
	.init		= event_trigger_init,
	.free		= trig_put,
};
#endif /* CONFIG_TRACER_SNAPSHOT */

#ifdef CONFIG_STACKTRACE
/*
 * Frames between the stack saver and the traced code that the stack shown
 * leaves out: with ORC, the post-call walker and the event's probe; the
 * frame-pointer and guess unwinders also report this function and the
 * commit helper.  Same first shown frame as upstream.
 */
#ifdef CONFIG_UNWINDER_ORC
#define TRIG_STACK_SKIP	2
#else
#define TRIG_STACK_SKIP	4
#endif

static void trig_stacktrace(struct event_trigger_data *data,
			    struct trace_buffer *buffer, void *rec,
			    struct ring_buffer_event *event)
{
	struct trace_event_file *file = data->private_data;

	if (file)
		__trace_stack(file->tr, tracing_gen_ctx_dec(), TRIG_STACK_SKIP);
	else
		trace_dump_stack(TRIG_STACK_SKIP);
}

/* deferred: the stack entry goes after the record that caused it */
static struct event_command trig_cmd_stacktrace = {
	.name		= "stacktrace",
	.trigger_type	= ETT_STACKTRACE,
	.flags		= EVENT_CMD_FL_POST_TRIGGER,
	.parse		= trig_parse_simple,
	.reg		= trig_reg,
	.unreg		= trig_unreg,
	.set_filter	= set_trigger_filter,
	.trigger	= trig_stacktrace,
	.count_func	= event_trigger_count,
	.print		= trig_print,
	.init		= event_trigger_init,
	.free		= trig_put,
};
#endif /* CONFIG_STACKTRACE */

/* ---- enable_event / disable_event (and hist's enable_hist/disable_hist) - */

static const char *trig_enable_name(struct enable_trigger_data *ed)
{
	if (ed->hist)
		return ed->enable ? ENABLE_HIST_STR : DISABLE_HIST_STR;
	return ed->enable ? ENABLE_EVENT_STR : DISABLE_EVENT_STR;
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
int event_enable_trigger_print(struct seq_file *m,
			       struct event_trigger_data *data)
{
	struct enable_trigger_data *ed = data->private_data;
	struct trace_event_call *call = ed->file->event_call;

	seq_printf(m, "%s:%s:%s", trig_enable_name(ed), call->class->system,
		   trace_event_name(call));
	trig_print_tail(m, data);
	return 0;
}

/**
 * event_enable_trigger_free - the @free of the enable/disable commands
 * @data: the instance
 *
 * With the last reference, hands back what the parse took on the target
 * event (its soft mode and its module reference) and frees the instance.
 *
 * Context: event_mutex held.
 */
void event_enable_trigger_free(struct event_trigger_data *data)
{
	struct enable_trigger_data *ed = data->private_data;

	if (WARN_ON_ONCE(data->ref <= 0))
		return;
	if (--data->ref)
		return;

	trace_event_enable_disable(ed->file, 0, 1);
	trace_event_put_ref(ed->file->event_call);
	trigger_data_free(data);
	kfree(ed);
}

/*
 * @count_func of enable_event/disable_event: claims a unit unless the
 * target already is in the wanted state.  The claim is confirmed or
 * handed back by trig_enable_fire(), depending on whether this firing
 * made the change.
 */
static bool trig_enable_count(struct event_trigger_data *data,
			      struct trace_buffer *buffer, void *rec,
			      struct ring_buffer_event *event)
{
	struct enable_trigger_data *ed = data->private_data;
	bool soft_off = test_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
				 &ed->file->flags);

	if (ed->enable != soft_off)
		return false;
	return trig_count_take(data);
}

/* Flip the target's soft-disable bit; a counted no-op returns its unit. */
static void trig_enable_fire(struct event_trigger_data *data,
			     struct trace_buffer *buffer, void *rec,
			     struct ring_buffer_event *event)
{
	struct enable_trigger_data *ed = data->private_data;
	unsigned long *flags = &ed->file->flags;
	bool changed;

	if (ed->enable)
		changed = test_and_clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
					     flags);
	else
		changed = !test_and_set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT,
					    flags);

	if (!changed && (data->flags & EVENT_TRIGGER_FL_COUNT))
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
 * While the trigger exists its target is held in soft mode (registered,
 * recording only when the soft-disable bit is clear) and its module is
 * pinned.
 *
 * Context: event_mutex held.
 * Return: 0; -EINVAL for a malformed line or an unknown target; -EBUSY if
 * the target's module is going away; -EEXIST for a duplicate; -ENOMEM;
 * the errors of the count, the filter and of enabling the target.
 */
int event_enable_trigger_parse(struct event_command *cmd_ops,
			       struct trace_event_file *file,
			       char *glob, char *cmd, char *param_and_filter)
{
	struct trace_event_file *target;
	struct enable_trigger_data *ed;
	struct event_trigger_data *data;
	char *param, *filter, *system, *event;
	int ret;

	if (event_trigger_empty_param(param_and_filter))
		return -EINVAL;

	ret = event_trigger_separate_filter(param_and_filter, &param, &filter,
					    true);
	if (ret)
		return ret;

	system = strsep(&param, ":");
	if (!param)
		return -EINVAL;
	event = strsep(&param, ":");

	target = find_event_file(file->tr, system, event);
	if (!target)
		return -EINVAL;

	ed = kzalloc(sizeof(*ed), GFP_KERNEL);
	if (!ed)
		return -ENOMEM;
	ed->file = target;
	ed->enable = !strcmp(cmd, ENABLE_EVENT_STR);
#ifdef CONFIG_HIST_TRIGGERS
	ed->hist = !strcmp(cmd, ENABLE_HIST_STR) ||
		   !strcmp(cmd, DISABLE_HIST_STR);
	if (!strcmp(cmd, ENABLE_HIST_STR))
		ed->enable = true;
#endif

	data = trigger_data_alloc(cmd_ops, cmd, param, ed);
	if (!data) {
		kfree(ed);
		return -ENOMEM;
	}

	if (event_trigger_check_remove(glob)) {
		event_trigger_unregister(cmd_ops, file, glob + 1, data);
		trig_data_discard(data);
		kfree(ed);
		return 0;
	}

	ret = event_trigger_parse_num(param, data);
	if (!ret)
		ret = event_trigger_set_filter(cmd_ops, file, filter, data);
	if (ret)
		goto free;

	if (!trace_event_try_get_ref(target->event_call)) {
		ret = -EBUSY;
		goto free;
	}
	ret = trace_event_enable_disable(target, 1, 1);
	if (ret < 0)
		goto put;

	/* on success the list holds the only reference (taken by @init) */
	ret = event_trigger_register(cmd_ops, file, glob, data);
	if (!ret)
		return 0;
	trace_event_enable_disable(target, 0, 1);

put:
	trace_event_put_ref(target->event_call);
free:
	trigger_data_free(data);
	kfree(ed);
	return ret;
}

static bool trig_same_target(struct event_trigger_data *a,
			     struct event_trigger_data *b)
{
	struct enable_trigger_data *ea = a->private_data;
	struct enable_trigger_data *eb = b->private_data;

	return ea && eb && a->cmd_ops->trigger_type == b->cmd_ops->trigger_type &&
	       ea->file == eb->file;
}

/**
 * event_enable_register_trigger - the @reg of the enable/disable commands
 * @glob: the command as written
 * @data: the instance
 * @file: the triggering event
 *
 * One instance per trigger type and target on an event: enable_event and
 * disable_event share a type, so one event cannot both enable and disable
 * the same target.
 *
 * Context: event_mutex held.
 * Return: 0, -EEXIST, or the error of entering trigger mode.
 */
int event_enable_register_trigger(char *glob,
				  struct event_trigger_data *data,
				  struct trace_event_file *file)
{
	struct event_trigger_data *each;

	lockdep_assert_held(&event_mutex);

	list_for_each_entry(each, &file->triggers, list)
		if (trig_same_target(each, data))
			return -EEXIST;
	return trig_attach(file, data);
}

/**
 * event_enable_unregister_trigger - the @unreg of the enable/disable commands
 * @glob: the command as written, without the '!'
 * @test: an instance naming the type and target to remove
 * @file: the triggering event
 *
 * Context: event_mutex held.
 */
void event_enable_unregister_trigger(char *glob,
				     struct event_trigger_data *test,
				     struct trace_event_file *file)
{
	struct event_trigger_data *each;

	lockdep_assert_held(&event_mutex);

	list_for_each_entry(each, &file->triggers, list) {
		if (trig_same_target(each, test)) {
			trig_detach(file, each);
			return;
		}
	}
}

static struct event_command trig_cmd_enable = {
	.name		= ENABLE_EVENT_STR,
	.trigger_type	= ETT_EVENT_ENABLE,
	.parse		= event_enable_trigger_parse,
	.reg		= event_enable_register_trigger,
	.unreg		= event_enable_unregister_trigger,
	.set_filter	= set_trigger_filter,
	.trigger	= trig_enable_fire,
	.count_func	= trig_enable_count,
	.print		= event_enable_trigger_print,
	.init		= event_trigger_init,
	.free		= event_enable_trigger_free,
};

static struct event_command trig_cmd_disable = {
	.name		= DISABLE_EVENT_STR,
	.trigger_type	= ETT_EVENT_ENABLE,
	.parse		= event_enable_trigger_parse,
	.reg		= event_enable_register_trigger,
	.unreg		= event_enable_unregister_trigger,
	.set_filter	= set_trigger_filter,
	.trigger	= trig_enable_fire,
	.count_func	= trig_enable_count,
	.print		= event_enable_trigger_print,
	.init		= event_trigger_init,
	.free		= event_enable_trigger_free,
};

/* ---- boot -------------------------------------------------------------- */

/*
 * Registration order is the order "# Available triggers:" lists: the
 * commands of this file, then the histogram ones.
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
};

/**
 * register_trigger_cmds - register every trigger command at boot
 *
 * Return: 0.  A command that fails to register warns and is left out.
 */
__init int register_trigger_cmds(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trig_builtin); i++)
		WARN_ON(register_event_command(trig_builtin[i]) < 0);

	register_trigger_hist_enable_disable_cmds();
	register_trigger_hist_cmd();
	return 0;
}
