// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: the per-event "trigger" file, the command table behind
 * it, the life cycle of a trigger instance and the helpers commands are
 * built from.  The built-in commands (traceon, traceoff, snapshot,
 * stacktrace, enable_event, disable_event) are in trace_trigger_cmds.c.
 * The path that runs triggers when an event fires is the registry's
 * (trace_event_fire.c).  The design is in
 * Documentation/trace/retrace/triggers.rst.
 *
 * The pieces, bottom up:
 *
 *  - Commands (struct event_command, trace_trigger.h) are registered
 *    once at boot into trig_cmds.  The histograms (kernel/trace/hist/)
 *    register hist through the same API and build on the helpers
 *    exported here (trigger_data_alloc(), set_trigger_filter()...).
 *
 *  - A trigger instance is a struct event_trigger_data on the RCU list
 *    file->triggers of the event that fires it.  The list, the flags
 *    TRIGGER_MODE/TRIGGER_COND of the file and file->tm_ref change only
 *    under event_mutex.  The fire path (trace_event_fire.c) walks the list
 *    under the tracepoint probe's RCU read side (preemption disabled, the
 *    SRCU of faultable tracepoints, or a plain preemptible rcu_read_lock()
 *    for uprobe events) and takes no lock: it may run in NMI.  It judges
 *    each instance by the instance itself, never by the file's flags.
 *
 *  - Lifetime: an instance leaves the list with list_del_rcu() and is freed
 *    only after tracepoint_synchronize_unregister(), which waits for every
 *    probe that could still be walking the list.  Until that wait is over
 *    the instance is left whole: its filter stays in place (a probe that
 *    still runs it must still filter) and what it acts on (the target of
 *    enable_event) stays held.  trigger_data_free() is the only path that
 *    frees a published instance; one that never was published is freed
 *    without waiting.
 *
 *  - Counts ("traceon:5").  The count lives in data->count: ULONG_MAX
 *    (printed "unlimited") never runs out, 0 is spent, n means n firings
 *    left.  Plain loads and stores would let two CPUs that hit the event
 *    together both see 1, both fire, and leave ULONG_MAX behind: a spent
 *    trigger would turn unlimited (triggers.rst).  So a firing claims
 *    its unit with a compare-and-exchange that never takes the count below
 *    zero (trig_count_take()), so a count of n is spent by exactly n
 *    firings, whatever the number of CPUs.  The state-changing commands
 *    additionally charge the count only for a real change of state:
 *    enable_event/disable_event flip the soft-disable bit with an atomic
 *    test-and-change and hand the unit back if another CPU got there
 *    first; traceon/traceoff cannot test-and-change the buffer state, so
 *    one CPU at a time runs the check, the claim and the switch under a
 *    per-instance try-bit that never spins (a CPU or an NMI finding it
 *    taken skips: the holder is making the very change it wanted).
 *
 * Locks, outermost first: event_mutex, then trig_cmd_mutex.  Neither is
 * taken on the fire path.
 */

#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/ring_buffer.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "trace_trigger.h"
#include "trace_trigger_internal.h"
#include "write/trace_write.h"

/*
 * Registered commands, in registration order (which is the order the
 * "# Available triggers:" line lists them in).  Written at boot only;
 * read by the trigger file under trig_cmd_mutex, nested in event_mutex.
 */
static LIST_HEAD(trig_cmds);
static DEFINE_MUTEX(trig_cmd_mutex);

/* ---- counts ------------------------------------------------------------ */

/*
 * Claim one firing from @data's count.  True if the caller may fire: the
 * count is unlimited, or it was n > 0 and this call alone moved it to n - 1.
 * Lock-free; safe in any context, NMI included.
 */
bool trig_count_take(struct event_trigger_data *data)
{
	unsigned long left = READ_ONCE(data->count);

	do {
		if (left == TRIG_COUNT_UNLIMITED)
			return true;
		if (!left)
			return false;
	} while (!try_cmpxchg(&data->count, &left, left - 1));

	return true;
}

/*
 * Give back a firing claimed by trig_count_take() that turned out to do
 * nothing.  Between the claim and the return the count reads one lower;
 * a CPU that finds it 0 in that window skips, which is right: the claimer
 * was about to make the change that CPU wanted, or found it already made.
 */
void trig_count_return(struct event_trigger_data *data)
{
	unsigned long left = READ_ONCE(data->count);

	do {
		if (left == TRIG_COUNT_UNLIMITED)
			return;
	} while (!try_cmpxchg(&data->count, &left, left + 1));
}

/**
 * event_trigger_count - the plain count check of a counted trigger
 * @data: the trigger instance
 * @buffer: unused
 * @rec: unused
 * @event: unused
 *
 * For commands whose every firing is an action (snapshot, stacktrace,
 * enable_hist/disable_hist): claims one unit of @data->count atomically.
 *
 * Return: true if the trigger may fire, false once the count is spent.
 */
bool event_trigger_count(struct event_trigger_data *data,
			 struct trace_buffer *buffer, void *rec,
			 struct ring_buffer_event *event)
{
	return trig_count_take(data);
}

/* ---- instances: allocation, lifetime, the file's flags ----------------- */

/**
 * trigger_data_alloc - allocate a trigger instance
 * @cmd_ops: the command it belongs to
 * @cmd: the command name as written (unused)
 * @param: the text after "cmd:" without the filter, or NULL
 * @private_data: the command's own data
 *
 * The instance starts unlimited, with no filter and on no list.
 * It is counted (EVENT_TRIGGER_FL_COUNT) when @param was given and the
 * command has a count check; event_trigger_parse_num() sets the count.
 *
 * Return: the instance, or NULL without memory.  Free it with
 * trigger_data_free().
 */
struct event_trigger_data *trigger_data_alloc(struct event_command *cmd_ops,
					      char *cmd, char *param,
					      void *private_data)
{
	struct trig_slot *slot;
	struct event_trigger_data *data;

	slot = kzalloc(sizeof(*slot), GFP_KERNEL);
	if (!slot)
		return NULL;

	data = &slot->data;
	data->count = TRIG_COUNT_UNLIMITED;
	data->cmd_ops = cmd_ops;
	data->private_data = private_data;
	if (param && cmd_ops->count_func)
		data->flags |= EVENT_TRIGGER_FL_COUNT;
	INIT_LIST_HEAD(&data->list);
	RCU_INIT_POINTER(data->filter, NULL);
	return data;
}

/**
 * trigger_data_free - free a trigger instance and its filter
 * @data: the instance, off every list, or NULL
 *
 * If @data was ever published on an event's list, waits for every probe
 * that may still be running it before freeing it and its filter; the
 * filter stays in place until then.  An instance that never was published
 * (its list head is still empty: list_del_rcu() leaves it pointing on) is
 * freed at once, so a refused trigger write costs no grace period.
 *
 * Context: process, may sleep.
 */
void trigger_data_free(struct event_trigger_data *data)
{
	if (!data)
		return;

	if (!list_empty(&data->list))
		tracepoint_synchronize_unregister();
	free_event_filter(rcu_access_pointer(data->filter));
	kfree(data->filter_str);
	kfree(data);
}

/*
 * Free an instance that was never on a list and never had a filter (the
 * throw-away instance a "!cmd" write builds to find its victim).
 */
void trig_data_discard(struct event_trigger_data *data)
{
	kfree(data);
}

/**
 * event_trigger_init - take a reference on a trigger instance
 * @data: the instance
 *
 * The generic @init of a command: each list holding @data owns one
 * reference.  Context: event_mutex held.
 *
 * Return: 0.
 */
int event_trigger_init(struct event_trigger_data *data)
{
	data->ref++;
	return 0;
}

/* The generic @free: drop a reference, free the instance with the last. */
void trig_put(struct event_trigger_data *data)
{
	if (WARN_ON_ONCE(data->ref <= 0))
		return;
	if (!--data->ref)
		trigger_data_free(data);
}

/**
 * trace_event_trigger_enable_disable - count a trigger on an event
 * @file: the event
 * @trigger_enable: 1 when a trigger is attached, 0 when one is removed
 *
 * While an event has triggers it is in trigger mode: soft enabled, so that
 * its probe runs even when the user has not enabled it, with
 * EVENT_FILE_FL_TRIGGER_MODE telling the probe to run the triggers.
 * The first attach turns this on, the last removal off.
 *
 * Context: event_mutex held.
 * Return: 0, or the error of enabling the event.
 */
int trace_event_trigger_enable_disable(struct trace_event_file *file,
				       int trigger_enable)
{
	int err;

	if (trigger_enable) {
		if (atomic_inc_return(&file->tm_ref) != 1)
			return 0;
		set_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
		err = trace_event_enable_disable(file, 1, 1);
		if (err < 0) {
			/* refused: no trace of the attempt is left */
			clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
			atomic_dec(&file->tm_ref);
		}
		return err;
	}

	if (atomic_dec_return(&file->tm_ref) != 0)
		return 0;
	clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	return trace_event_enable_disable(file, 0, 1);
}

/**
 * update_cond_flag - recompute EVENT_FILE_FL_TRIGGER_COND of an event
 * @file: the event
 *
 * TRIGGER_COND says some trigger needs the record (a filter, a deferred
 * command, or a command that reads the record), so the probe must write
 * the record first and run the triggers on it.
 *
 * Context: event_mutex held.
 */
void update_cond_flag(struct trace_event_file *file)
{
	struct event_trigger_data *data;
	bool cond = false;

	lockdep_assert_held(&event_mutex);

	list_for_each_entry(data, &file->triggers, list) {
		if (rcu_access_pointer(data->filter) ||
		    event_command_post_trigger(data->cmd_ops) ||
		    event_command_needs_rec(data->cmd_ops)) {
			cond = true;
			break;
		}
	}

	/*
	 * With the buffer off, the record such a trigger needs is staged
	 * in the write path's scratch area, which must exist by now.
	 */
	if (cond) {
		trace_write_scratch_prepare();
		set_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	} else {
		clear_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	}
}

/*
 * Put @data on @file's list (newest first, as the trigger file lists
 * them) and enter trigger mode.  The caller has checked for duplicates.
 */
int trig_attach(struct trace_event_file *file, struct event_trigger_data *data)
{
	int ret = data->cmd_ops->init ? data->cmd_ops->init(data) : 0;

	if (ret < 0)
		return ret;

	/* published: probes may run it from here on */
	list_add_rcu(&data->list, &file->triggers);
	update_cond_flag(file);
	ret = trace_event_trigger_enable_disable(file, 1);
	if (ret >= 0)
		return ret;

	/* withdrawn; the caller's trigger_data_free() waits for the probes */
	list_del_rcu(&data->list);
	update_cond_flag(file);
	return ret;
}

/* Take @data off @file's list, leave trigger mode, drop the list's ref. */
void trig_detach(struct trace_event_file *file, struct event_trigger_data *data)
{
	list_del_rcu(&data->list);
	trace_event_trigger_enable_disable(file, 0);
	update_cond_flag(file);
	if (data->cmd_ops->free)
		data->cmd_ops->free(data);
}

int event_trigger_attach(struct trace_event_file *file,
			 struct event_trigger_data *data)
{
	lockdep_assert_held(&event_mutex);
	return trig_attach(file, data);
}

void event_trigger_detach(struct trace_event_file *file,
			  struct event_trigger_data *data)
{
	lockdep_assert_held(&event_mutex);
	trig_detach(file, data);
}

static struct event_trigger_data *
trig_find_type(struct trace_event_file *file, enum event_trigger_type type)
{
	struct event_trigger_data *data;

	list_for_each_entry(data, &file->triggers, list)
		if (data->cmd_ops->trigger_type == type)
			return data;
	return NULL;
}

/* The generic @reg: one instance per trigger type and event. */
int trig_reg(char *glob, struct event_trigger_data *data,
	     struct trace_event_file *file)
{
	lockdep_assert_held(&event_mutex);

	if (trig_find_type(file, data->cmd_ops->trigger_type))
		return -EEXIST;
	return trig_attach(file, data);
}

/* Remove the instance of @test's type, if any; true if one was removed. */
bool trig_unreg_found(struct trace_event_file *file,
		      struct event_trigger_data *test)
{
	struct event_trigger_data *data;

	lockdep_assert_held(&event_mutex);

	data = trig_find_type(file, test->cmd_ops->trigger_type);
	if (!data)
		return false;
	trig_detach(file, data);
	return true;
}

/* The generic @unreg. */
void trig_unreg(char *glob, struct event_trigger_data *test,
		struct trace_event_file *file)
{
	trig_unreg_found(file, test);
}

/**
 * clear_event_triggers - remove every trigger of every event of an instance
 * @tr: the trace instance being removed
 *
 * Each removal leaves trigger mode once and lets the command undo what it
 * set up (enable_event's soft mode on its target, for instance).
 *
 * Context: event_mutex held.
 */
void clear_event_triggers(struct trace_array *tr)
{
	struct event_trigger_data *data, *next;
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list) {
		list_for_each_entry_safe(data, next, &file->triggers, list) {
			trace_event_trigger_enable_disable(file, 0);
			list_del_rcu(&data->list);
			if (data->cmd_ops->free)
				data->cmd_ops->free(data);
		}
	}
}

/* ---- the text of a trigger --------------------------------------------- */

/**
 * trig_split_command - cut a trigger line into command and the rest
 * @buf: the line, trailing blanks already trimmed; cut in place
 * @glob: out: the command as written, with a leading '!' if any
 * @cmd: out: the command name without the '!'
 *
 * The command ends at the first ':', blank or tab; blanks after that
 * separator are skipped.
 *
 * Return: what follows the command, or NULL if nothing does.
 */
char *trig_split_command(char *buf, char **glob, char **cmd)
{
	char *rest;

	buf = skip_spaces(buf);
	rest = buf;
	*glob = strsep(&rest, ": \t");
	*cmd = **glob == '!' ? *glob + 1 : *glob;
	if (rest) {
		rest = skip_spaces(rest);
		if (!*rest)
			rest = NULL;
	}
	return rest;
}

/**
 * event_trigger_check_remove - whether a command was written as "!cmd"
 * @glob: the command as written
 *
 * Return: true for a removal.
 */
bool event_trigger_check_remove(const char *glob)
{
	return glob && *glob == '!';
}

/**
 * event_trigger_empty_param - whether nothing followed the command
 * @param: what followed the command, or NULL
 *
 * Return: true if @param is NULL.
 */
bool event_trigger_empty_param(const char *param)
{
	return !param;
}

/**
 * event_trigger_separate_filter - split "param [if filter]"
 * @param_and_filter: what followed the command, or NULL; cut in place
 * @param: out: the parameter, or NULL
 * @filter: out: "if ..." and the rest, or NULL
 * @param_required: whether the command needs a parameter
 *
 * A command that needs a parameter takes the first blank-separated word as
 * one.  For the others a parameter can only be a count, so the text is a
 * parameter only if it starts with a digit, and is all filter otherwise.
 *
 * Return: 0, or -EINVAL when a required parameter is missing.
 */
int event_trigger_separate_filter(char *param_and_filter, char **param,
				  char **filter, bool param_required)
{
	char *rest = param_and_filter;

	*param = NULL;
	*filter = NULL;

	if (!rest)
		return param_required ? -EINVAL : 0;

	if (!param_required && !isdigit(*rest)) {
		*filter = rest;
		return 0;
	}

	*param = strsep(&rest, " \t");
	if (rest) {
		rest = skip_spaces(rest);
		if (*rest)
			*filter = rest;
	}
	return 0;
}

/**
 * event_trigger_parse_num - read the count of a trigger
 * @param: the parameter, "N" or "N:..."; or NULL for no count
 * @trigger_data: the instance whose count to set
 *
 * Only the text before the first ':' is read (as kstrtoul() with base 0);
 * anything after it is ignored.
 *
 * Return: 0, -EINVAL for an empty or malformed number, -ERANGE if too big.
 */
int event_trigger_parse_num(char *param,
			    struct event_trigger_data *trigger_data)
{
	char *digits;

	if (!param)
		return 0;

	digits = strsep(&param, ":");
	if (!*digits)
		return -EINVAL;
	return kstrtoul(digits, 0, &trigger_data->count);
}

/**
 * event_trigger_set_filter - give an instance its filter, if one was written
 * @cmd_ops: the command
 * @file: the event
 * @param: "if ...", or NULL for none
 * @trigger_data: the instance
 *
 * Return: 0, or the error of the command's @set_filter.
 */
int event_trigger_set_filter(struct event_command *cmd_ops,
			     struct trace_event_file *file, char *param,
			     struct event_trigger_data *trigger_data)
{
	if (!param || !cmd_ops->set_filter)
		return 0;
	return cmd_ops->set_filter(param, trigger_data, file);
}

/**
 * event_trigger_reset_filter - drop an instance's filter
 * @cmd_ops: the command
 * @trigger_data: the instance
 */
void event_trigger_reset_filter(struct event_command *cmd_ops,
				struct event_trigger_data *trigger_data)
{
	if (cmd_ops->set_filter)
		cmd_ops->set_filter(NULL, trigger_data, NULL);
}

/**
 * event_trigger_register - attach an instance through its command's @reg
 * @cmd_ops: the command
 * @file: the event
 * @glob: the command as written
 * @trigger_data: the instance
 *
 * Return: 0 or the error of @reg.
 */
int event_trigger_register(struct event_command *cmd_ops,
			   struct trace_event_file *file, char *glob,
			   struct event_trigger_data *trigger_data)
{
	return cmd_ops->reg(glob, trigger_data, file);
}

/**
 * event_trigger_unregister - remove an instance through its command's @unreg
 * @cmd_ops: the command
 * @file: the event
 * @glob: the command as written, without the '!'
 * @trigger_data: an instance describing the one to remove
 */
void event_trigger_unregister(struct event_command *cmd_ops,
			      struct trace_event_file *file, char *glob,
			      struct event_trigger_data *trigger_data)
{
	cmd_ops->unreg(glob, trigger_data, file);
}

/**
 * set_trigger_filter - the generic @set_filter
 * @filter_str: "if EXPR", or NULL to remove the filter
 * @trigger_data: the instance
 * @file: the event whose fields EXPR names
 *
 * Compiles EXPR against the triggering event; a syntax error is reported
 * in error_log by the filter code.  On an error the half-built filter stays
 * on the instance for the caller to drop with event_trigger_reset_filter().
 * A replaced filter is freed once no probe can be using it.
 *
 * Return: 0; -EINVAL when the text is not "if EXPR"; the filter's error;
 * -ENOMEM.
 */
int set_trigger_filter(char *filter_str,
		       struct event_trigger_data *trigger_data,
		       struct trace_event_file *file)
{
	struct event_filter *filter = NULL, *old;
	char *word, *expr = NULL;
	int ret = 0;

	if (filter_str) {
		expr = filter_str;
		word = strsep(&expr, " \t");
		if (strcmp(word, "if") || !expr)
			return -EINVAL;

		ret = create_event_filter(file->tr, file->event_call, expr,
					  true, &filter);
		/* the text is kept in filter_str below, not in the filter */
		if (filter) {
			kfree(filter->filter_string);
			filter->filter_string = NULL;
		}
	}

	old = rcu_replace_pointer(trigger_data->filter, filter, true);
	if (old) {
		/* no other CPU runs before SMP bring-up: no one to wait for */
		if (system_state != SYSTEM_BOOTING)
			tracepoint_synchronize_unregister();
		free_event_filter(old);
	}

	kfree(trigger_data->filter_str);
	trigger_data->filter_str = NULL;
	if (expr) {
		trigger_data->filter_str = kstrdup(expr, GFP_KERNEL);
		if (!trigger_data->filter_str) {
			/* never matched by anyone: no grace period needed */
			free_event_filter(rcu_replace_pointer(trigger_data->filter,
							      NULL, true));
			ret = -ENOMEM;
		}
	}
	return ret;
}

/* "name:unlimited" or "name:count=N", then " if FILTER", then newline. */
void trig_print_tail(struct seq_file *m, struct event_trigger_data *data)
{
	unsigned long left = READ_ONCE(data->count);

	if (left == TRIG_COUNT_UNLIMITED)
		seq_puts(m, ":unlimited");
	else
		seq_printf(m, ":count=%ld", (long)left);

	if (data->filter_str)
		seq_printf(m, " if %s\n", data->filter_str);
	else
		seq_putc(m, '\n');
}

/* ---- the command table ------------------------------------------------- */

static struct event_command *trig_cmd_lookup(const char *name)
{
	struct event_command *cmd;

	lockdep_assert_held(&trig_cmd_mutex);

	list_for_each_entry(cmd, &trig_cmds, list)
		if (!strcmp(cmd->name, name))
			return cmd;
	return NULL;
}

/**
 * register_event_command - add a trigger command
 * @cmd: the command; must stay valid forever
 *
 * Return: 0, or -EBUSY if the name is taken.
 */
__init int register_event_command(struct event_command *cmd)
{
	int ret = 0;

	mutex_lock(&trig_cmd_mutex);
	if (trig_cmd_lookup(cmd->name))
		ret = -EBUSY;
	else
		list_add_tail(&cmd->list, &trig_cmds);
	mutex_unlock(&trig_cmd_mutex);
	return ret;
}

/**
 * unregister_event_command - remove a trigger command
 * @cmd: the command
 *
 * Return: 0, or -ENODEV if no command has that name.
 */
__init int unregister_event_command(struct event_command *cmd)
{
	struct event_command *found;

	mutex_lock(&trig_cmd_mutex);
	found = trig_cmd_lookup(cmd->name);
	if (found)
		list_del_init(&found->list);
	mutex_unlock(&trig_cmd_mutex);
	return found ? 0 : -ENODEV;
}

/**
 * trigger_process_regex - apply one trigger line to an event
 * @file: the event
 * @buff: "[!]cmd[:param] [if filter]", trailing blanks trimmed; cut in place
 *
 * Used by the trigger file and by the boot-time trigger options.
 *
 * Context: event_mutex held.
 * Return: 0, -EINVAL for an unknown command, or the command's error.
 */
int trigger_process_regex(struct trace_event_file *file, char *buff)
{
	struct event_command *cmd;
	char *glob, *name, *rest;
	int ret = -EINVAL;

	rest = trig_split_command(buff, &glob, &name);

	mutex_lock(&trig_cmd_mutex);
	cmd = trig_cmd_lookup(name);
	if (cmd)
		ret = cmd->parse(cmd, file, glob, name, rest);
	mutex_unlock(&trig_cmd_mutex);
	return ret;
}

/* ---- the trigger file -------------------------------------------------- */

/*
 * Reading lists the user's triggers, one per line, each printed by its
 * command; an event with none (event-probe triggers do not count) shows
 * the list of commands instead.  The read holds event_mutex from ->start
 * to ->stop.
 */
#define TRIG_SHOW_COMMANDS	((void *)1UL)

static bool trig_has_user_trigger(struct trace_event_file *file)
{
	struct event_trigger_data *data;

	list_for_each_entry(data, &file->triggers, list)
		if (!(data->flags & EVENT_TRIGGER_FL_PROBE))
			return true;
	return false;
}

static void *trig_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_file *file;

	/* ->stop runs even when ->start fails: it drops the mutex */
	mutex_lock(&event_mutex);
	file = event_file_file(m->private);
	if (unlikely(!file))
		return ERR_PTR(-ENODEV);

	if (!trig_has_user_trigger(file))
		return *pos ? NULL : TRIG_SHOW_COMMANDS;
	return seq_list_start(&file->triggers, *pos);
}

static void *trig_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = event_file_data(m->private);

	if (v == TRIG_SHOW_COMMANDS) {
		++*pos;
		return NULL;
	}
	return seq_list_next(v, &file->triggers, pos);
}

static void trig_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int trig_seq_show(struct seq_file *m, void *v)
{
	const char *sep = "# Available triggers:\n# ";
	struct event_trigger_data *data;
	struct event_command *cmd;

	if (v != TRIG_SHOW_COMMANDS) {
		data = list_entry(v, struct event_trigger_data, list);
		data->cmd_ops->print(m, data);
		return 0;
	}

	mutex_lock(&trig_cmd_mutex);
	list_for_each_entry(cmd, &trig_cmds, list) {
		seq_printf(m, "%s%s", sep, cmd->name);
		sep = " ";
	}
	mutex_unlock(&trig_cmd_mutex);
	seq_puts(m, "\n");
	return 0;
}

static const struct seq_operations trig_seq_ops = {
	.show	= trig_seq_show,
	.start	= trig_seq_start,
	.stop	= trig_seq_stop,
	.next	= trig_seq_next,
};

/*
 * Opening for write with O_TRUNC drops the triggers of the commands that
 * can drop all of theirs at once (@unreg_all: the histograms); the others
 * stay.
 */
static int trig_file_open(struct inode *inode, struct file *filp)
{
	struct event_command *cmd;
	struct seq_file *m;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;

	mutex_lock(&event_mutex);

	if (unlikely(!event_file_file(filp))) {
		ret = -ENODEV;
		goto out;
	}

	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&trig_cmd_mutex);
		list_for_each_entry(cmd, &trig_cmds, list)
			if (cmd->unreg_all)
				cmd->unreg_all(event_file_data(filp));
		mutex_unlock(&trig_cmd_mutex);
	}

	if (filp->f_mode & FMODE_READ) {
		ret = seq_open(filp, &trig_seq_ops);
		if (!ret) {
			m = filp->private_data;
			m->private = filp;
		}
	}
out:
	mutex_unlock(&event_mutex);
	return ret;
}

/* Apply one line to the event behind @filp; event_mutex held. */
static int trig_file_apply(struct file *filp, char *line)
{
	struct trace_event_file *file = event_file_file(filp);

	if (unlikely(!file))
		return -ENODEV;
	/* leading blanks are skipped by the parser; only trailing ones go */
	strim(line);
	return trigger_process_regex(file, line);
}

static ssize_t trig_file_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	char *line;
	int err;

	/* a line must fit in a page, its NUL included */
	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	if (cnt == 0)
		return 0;

	line = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(line))
		return PTR_ERR(line);

	mutex_lock(&event_mutex);
	err = trig_file_apply(filp, line);
	mutex_unlock(&event_mutex);
	kfree(line);
	if (err < 0)
		return err;

	*ppos += cnt;
	return cnt;
}

static int trig_file_release(struct inode *inode, struct file *filp)
{
	mutex_lock(&event_mutex);
	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	mutex_unlock(&event_mutex);
	return 0;
}

const struct file_operations event_trigger_fops = {
	.open		= trig_file_open,
	.read		= seq_read,
	.write		= trig_file_write,
	.llseek		= tracing_lseek,
	.release	= trig_file_release,
};

