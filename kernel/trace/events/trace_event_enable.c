// SPDX-License-Identifier: GPL-2.0
/*
 * Turning events on and off: the state machine of an event file, the
 * kernel API (trace_set_clr_event() and friends) and the boot parameter
 * trace_event=.  The tracefs files that drive it (events/.../enable,
 * set_event, available_events) are trace_event_enable_files.c.
 *
 * An event file is in one of four states, read from its flags word:
 *
 *   state      ENABLED  SOFT_MODE  SOFT_DISABLED   "enable" reads
 *   off           0         0           0               0
 *   on            1         0           0               1
 *   soft(dis)     1         1           1               0*
 *   soft(on)      1         1           0               1*
 *
 * ENABLED means the class's probe is registered with the file as data.
 * SOFT_MODE means at least one enable_event/disable_event trigger holds
 * the file (sm_ref counts them): the probe stays registered and
 * SOFT_DISABLED alone decides whether records are kept, so a trigger can
 * flip it from probe context with one atomic bit operation.
 *
 * Every transition is in evreg_enable(), one labelled case per request.
 * Flags are changed with atomic bitops only (triggers flip SOFT_DISABLED
 * concurrently); everything else runs under event_mutex.
 *
 * ENABLED also takes a reference on the task-name (and tgid) recorder
 * when the instance records them (RECORDED_CMD/RECORDED_TGID say so, so
 * the option can change while events are on), and sets WAS_ENABLED,
 * never cleared, which module unloading reads (trace_event_calls.c).
 *
 * Process context only.
 */
#include <linux/init.h>
#include <linux/string.h>
#include <asm/setup.h>

#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_event.h"
#include "trace_event_internal.h"
#include "trace_flags.h"
#include "trace_pending.h"
#include "write/trace_write.h"

/*
 * The task-name and tgid recorders run while some enabled file of an
 * instance with record-cmd/record-tgid needs them; RECORDED_* says the
 * file holds a reference.
 */
static void recorders_take(struct trace_event_file *file)
{
	unsigned int opts = file->tr->trace_flags;

	if ((opts & TRACE_ITER_RECORD_CMD) &&
	    !test_and_set_bit(EVENT_FILE_FL_RECORDED_CMD_BIT, &file->flags))
		tracing_start_cmdline_record();
	if ((opts & TRACE_ITER_RECORD_TGID) &&
	    !test_and_set_bit(EVENT_FILE_FL_RECORDED_TGID_BIT, &file->flags))
		tracing_start_tgid_record();
}

static void recorders_drop(struct trace_event_file *file)
{
	if (test_and_clear_bit(EVENT_FILE_FL_RECORDED_CMD_BIT, &file->flags))
		tracing_stop_cmdline_record();
	if (test_and_clear_bit(EVENT_FILE_FL_RECORDED_TGID_BIT, &file->flags))
		tracing_stop_tgid_record();
}

/* Register the class's probe for @file: the file becomes ENABLED. */
static int file_probe_on(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	int ret;

	recorders_take(file);
	ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	if (ret) {
		recorders_drop(file);
		pr_info("event trace: Could not enable event %s\n",
			trace_event_name(call));
		return ret;
	}
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	set_bit(EVENT_FILE_FL_WAS_ENABLED_BIT, &file->flags);
	return 0;
}

/* Unregister it again, if it was registered. */
static void file_probe_off(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	if (!test_and_clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags))
		return;
	recorders_drop(file);
	WARN_ON_ONCE(call->class->reg(call, TRACE_REG_UNREGISTER, file));
}

enum evreg_request {
	REQ_USER_OFF	= 0,	/* enable = 0, soft = 0 */
	REQ_USER_ON	= 1,	/* enable = 1, soft = 0 */
	REQ_SOFT_PUT	= 2,	/* enable = 0, soft = 1: a trigger lets go */
	REQ_SOFT_GET	= 3,	/* enable = 1, soft = 1: a trigger holds on */
};

/*
 * The one place an event file changes state; see the table on top.
 * event_mutex held.
 *
 * Return: 0 or the error of registering the probe.
 */
int evreg_enable(struct trace_event_file *file, int enable, int soft)
{
	enum evreg_request req = (enable ? REQ_USER_ON : REQ_USER_OFF) +
				 (soft ? REQ_SOFT_PUT : 0);
	unsigned long *flags = &file->flags;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	switch (req) {
	case REQ_USER_ON:
		/* on, or soft(x) -> soft(on); the probe may already be there */
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
		if (!(*flags & EVENT_FILE_FL_ENABLED))
			ret = file_probe_on(file);
		break;

	case REQ_USER_OFF:
		/* in soft mode the triggers still need the probe */
		if (*flags & EVENT_FILE_FL_SOFT_MODE) {
			set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
			break;
		}
		file_probe_off(file);
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
		break;

	case REQ_SOFT_GET:
		if (atomic_inc_return(&file->sm_ref) > 1)
			break;
		/* first trigger: off -> soft(dis), on -> soft(on) */
		set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, flags);
		trace_write_scratch_prepare();
		if (*flags & EVENT_FILE_FL_ENABLED)
			break;
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
		ret = file_probe_on(file);
		break;

	case REQ_SOFT_PUT:
		if (atomic_dec_return(&file->sm_ref) > 0)
			break;
		/* last trigger: soft(dis) -> off, soft(on) -> on */
		clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, flags);
		if (*flags & EVENT_FILE_FL_SOFT_DISABLED)
			file_probe_off(file);
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, flags);
		break;
	}
	return ret;
}

/**
 * trace_event_enable_disable - change an event file's state
 * @file: the file
 * @enable: 1 to enable, 0 to disable
 * @soft_disable: 1 when a trigger takes (@enable 1) or drops (@enable 0)
 *	its soft-mode hold
 *
 * Caller holds event_mutex.
 *
 * Return: 0 or the error of registering the probe.
 */
int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft_disable)
{
	return evreg_enable(file, enable, soft_disable);
}

/* record-cmd / record-tgid changed: move the enabled files' references. */
static void recorders_follow(int bit, bool on, void (*start)(void),
			     void (*stop)(void))
{
	struct trace_event_file *file;
	struct trace_array *tr;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (!(file->flags & EVENT_FILE_FL_ENABLED))
				continue;
			if (on) {
				start();
				set_bit(bit, &file->flags);
			} else {
				stop();
				clear_bit(bit, &file->flags);
			}
		}
	}
}

void trace_event_enable_cmd_record(bool enable)
{
	recorders_follow(EVENT_FILE_FL_RECORDED_CMD_BIT, enable,
			 tracing_start_cmdline_record,
			 tracing_stop_cmdline_record);
}

void trace_event_enable_tgid_record(bool enable)
{
	recorders_follow(EVENT_FILE_FL_RECORDED_TGID_BIT, enable,
			 tracing_start_tgid_record, tracing_stop_tgid_record);
}

/*
 * Enable or disable every user-enablable file of @tr that matches.
 * @match names a system or an event; @sub a system; @event an event; a
 * NULL selects all.  The first error is returned, but every match is
 * tried.  -EINVAL when nothing matched.  event_mutex held.
 */
int evreg_set_clr_locked(struct trace_array *tr, const char *match,
			 const char *sub, const char *event, int set)
{
	struct trace_event_file *file;
	struct trace_event_call *call;
	const char *name, *sys;
	int ret = -EINVAL, first = 0;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		call = file->event_call;
		name = trace_event_name(call);
		if (!name || !evreg_call_enablable(call))
			continue;
		sys = call->class->system;
		if (match && strcmp(match, name) && strcmp(match, sys))
			continue;
		if ((sub && strcmp(sub, sys)) || (event && strcmp(event, name)))
			continue;
		ret = evreg_enable(file, set, 0);
		if (ret && !first)
			first = ret;
		ret = first;
	}
	return ret;
}

int evreg_set_clr(struct trace_array *tr, const char *match,
		  const char *sub, const char *event, int set)
{
	int ret;

	mutex_lock(&event_mutex);
	ret = evreg_set_clr_locked(tr, match, sub, event, set);
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * ftrace_set_clr_event - enable or disable events named as set_event does
 * @tr: the instance
 * @buf: "SYSTEM:EVENT", "SYSTEM:", ":EVENT", "*:EVENT", "SYSTEM:*" or
 *	"NAME" (a system or an event); modified while parsing, restored
 * @set: 1 to enable, 0 to disable
 *
 * Return: 0, -ENOENT without an instance, -EINVAL when nothing matched.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	char *colon, *sub = NULL, *event = NULL, *match = buf;
	int ret;

	if (!tr)
		return -ENOENT;
	colon = strchr(buf, ':');
	if (colon) {
		*colon = '\0';
		sub = buf;
		event = colon + 1;
		match = NULL;
		if (!*sub || !strcmp(sub, "*"))
			sub = NULL;
		if (!*event || !strcmp(event, "*"))
			event = NULL;
	}
	ret = evreg_set_clr(tr, match, sub, event, set);
	if (colon)
		*colon = ':';
	return ret;
}

/**
 * trace_set_clr_event - enable or disable events in the global instance
 * @system: system to match, NULL for any
 * @event: event to match, NULL for all (of @system)
 * @set: 1 to enable, 0 to disable
 *
 * Return: 0, -ENODEV before tracing is set up, -EINVAL when nothing
 * matched.
 */
int trace_set_clr_event(const char *system, const char *event, int set)
{
	struct trace_array *tr = top_trace_array();

	if (!tr)
		return -ENODEV;
	return evreg_set_clr(tr, NULL, system, event, set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/**
 * trace_array_set_clr_event - enable or disable events in an instance
 * @tr: the instance (from trace_array_get_by_name())
 * @system: system to match, NULL for any
 * @event: event to match, NULL for all (of @system)
 * @enable: true to enable
 *
 * Return: 0, -ENOENT without an instance, -EINVAL when nothing matched.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	if (!tr)
		return -ENOENT;
	return evreg_set_clr(tr, NULL, system, event, enable);
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/*
 * trace_event=SYS:EV,...: enabled in the global instance by
 * trace_event_init(), and once more at early_initcall time, after
 * disabling them, for events whose probes need a later stage of boot
 * (syscall events need pid 1 to exist).
 */
static char boot_events[COMMAND_LINE_SIZE] __initdata;

static __init int evreg_event_param(char *str)
{
	if (boot_events[0])
		strlcat(boot_events, ",", COMMAND_LINE_SIZE);
	strlcat(boot_events, str, COMMAND_LINE_SIZE);
	trace_set_ring_buffer_expanded(NULL);
	disable_tracing_selftest("running event tracing");
	return 1;
}
__setup("trace_event=", evreg_event_param);

static __init void boot_events_apply(struct trace_array *tr, char *list,
				     int set)
{
	char *p = list, *word;

	while ((word = strsep(&p, ","))) {
		if (*word && ftrace_set_clr_event(tr, word, set) && set)
			pr_warn("Failed to enable trace event: %s\n", word);
		if (p)
			p[-1] = ',';	/* the list is read again later */
	}
}

/**
 * early_enable_events - enable a comma-separated list of events at boot
 * @tr: the instance
 * @buf: the list (restored after parsing)
 * @disable_first: turn every listed event off before turning them on, so
 *	events that share a global refcount (syscalls) start from zero
 */
__init void early_enable_events(struct trace_array *tr, char *buf,
				bool disable_first)
{
	if (disable_first)
		boot_events_apply(tr, buf, 0);
	boot_events_apply(tr, buf, 1);
}

void __init evreg_boot_enable(struct trace_array *tr)
{
	early_enable_events(tr, boot_events, false);
}

static __init int evreg_boot_enable_again(void)
{
	struct trace_array *tr = top_trace_array();

	if (!tr)
		return -ENODEV;
	early_enable_events(tr, boot_events, true);
	return 0;
}
early_initcall(evreg_boot_enable_again);
