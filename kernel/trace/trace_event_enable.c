// SPDX-License-Identifier: GPL-2.0
/*
 * Turning events on and off: the state machine of an event file, the
 * files that drive it (events/.../enable, set_event, available_events),
 * the kernel API (trace_set_clr_event() and friends) and the boot
 * parameter trace_event=.
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
#include <linux/seq_file.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <asm/setup.h>

#include "trace_event_reg.h"

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
		trace_buffered_event_enable();
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
		trace_buffered_event_disable();
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

/* events/SYS/EV/enable */

/**
 * evreg_enable_text - what an "enable" file reads for a flags word
 * @flags: the event file's flags
 * @text: filled with "0\n", "1\n", "0*\n" or "1*\n" (the table on top)
 *
 * Return: the length of @text.
 */
int evreg_enable_text(unsigned long flags, char text[EVREG_ENABLE_TEXT])
{
	return scnprintf(text, EVREG_ENABLE_TEXT, "%d%s\n",
			 (flags & EVENT_FILE_FL_ENABLED) &&
			 !(flags & EVENT_FILE_FL_SOFT_DISABLED),
			 flags & (EVENT_FILE_FL_SOFT_MODE |
				  EVENT_FILE_FL_SOFT_DISABLED) ? "*" : "");
}

static ssize_t enable_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long flags = 0;
	char text[EVREG_ENABLE_TEXT];
	int len;

	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	if (file)
		flags = file->flags;
	mutex_unlock(&event_mutex);
	if (!file)
		return -ENODEV;

	len = evreg_enable_text(flags, text);
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

static ssize_t enable_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (!ret && val > 1)
		ret = -EINVAL;
	if (ret)
		return ret;

	scoped_guard(mutex, &event_mutex) {
		file = event_file_file(filp);
		if (!file)
			return -ENODEV;
		/* the first event enabled expands a boot-size buffer */
		ret = tracing_update_buffers(file->tr);
		if (!ret)
			ret = evreg_enable(file, val, 0);
	}
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations evreg_enable_fops = {
	.open		= tracing_open_file_tr,
	.read		= enable_read,
	.write		= enable_write,
	.release	= tracing_release_file_tr,
	.llseek		= default_llseek,
};

/*
 * events/SYS/enable and events/enable: '0' all off, '1' all on, 'X'
 * mixed, '?' no event.  The dir of events/enable has no system.
 */
static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	static const char states[] = "?01X";
	struct trace_subsystem_dir *dir = filp->private_data;
	struct event_subsystem *sys = dir->subsystem;
	struct trace_event_file *file;
	struct trace_event_call *call;
	unsigned int seen = 0;	/* bit 0: some off, bit 1: some on */
	char text[2];

	mutex_lock(&event_mutex);
	list_for_each_entry(file, &dir->tr->events, list) {
		call = file->event_call;
		if (!trace_event_name(call) || !evreg_call_enablable(call))
			continue;
		if (sys && strcmp(call->class->system, sys->name))
			continue;
		seen |= (file->flags & EVENT_FILE_FL_ENABLED) ? 2 : 1;
		if (seen == 3)
			break;
	}
	mutex_unlock(&event_mutex);

	text[0] = states[seen];
	text[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, text, sizeof(text));
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	unsigned long val;
	ssize_t ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (!ret)
		ret = tracing_update_buffers(dir->tr);
	if (ret < 0)
		return ret;
	if (val > 1)
		return -EINVAL;
	/*
	 * The open pinned the system, so its name stays valid; the position
	 * moves even when an event could not be enabled (6.12 does so).
	 */
	ret = evreg_set_clr(dir->tr, NULL,
			    dir->subsystem ? dir->subsystem->name : NULL,
			    NULL, val);
	*ppos += cnt;
	return ret ?: cnt;
}

const struct file_operations evreg_system_enable_fops = {
	.open		= evreg_system_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= evreg_system_release,
	.llseek		= default_llseek,
};

const struct file_operations evreg_tr_enable_fops = {
	.open		= evreg_system_tr_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= evreg_system_release,
	.llseek		= default_llseek,
};

/*
 * available_events and set_event: seq_files over an instance's files,
 * under event_mutex from start to stop.  Both print "system:event",
 * events of the ftrace system (not enablable) never appear.
 */
typedef bool (*file_pick_t)(struct trace_event_file *file);

static bool pick_enablable(struct trace_event_file *file)
{
	return evreg_call_enablable(file->event_call);
}

static bool pick_enabled(struct trace_event_file *file)
{
	return file->flags & EVENT_FILE_FL_ENABLED;
}

static void *files_next(struct seq_file *m, struct trace_event_file *file,
			loff_t *pos, file_pick_t pick)
{
	struct trace_array *tr = m->private;

	(*pos)++;
	list_for_each_entry_continue(file, &tr->events, list)
		if (pick(file))
			return file;
	return NULL;
}

static void *files_start(struct seq_file *m, loff_t *pos, file_pick_t pick)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file;
	loff_t i = 0;

	mutex_lock(&event_mutex);
	file = list_entry(&tr->events, struct trace_event_file, list);
	do {
		file = files_next(m, file, &i, pick);
	} while (file && i <= *pos);
	return file;
}

static void *avail_start(struct seq_file *m, loff_t *pos)
{
	return files_start(m, pos, pick_enablable);
}

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	return files_next(m, v, pos, pick_enablable);
}

static void *set_start(struct seq_file *m, loff_t *pos)
{
	return files_start(m, pos, pick_enabled);
}

static void *set_next(struct seq_file *m, void *v, loff_t *pos)
{
	return files_next(m, v, pos, pick_enabled);
}

static void files_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int file_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = v;
	struct trace_event_call *call = file->event_call;

	if (strcmp(call->class->system, EVREG_NO_SYSTEM))
		seq_printf(m, "%s:", call->class->system);
	seq_printf(m, "%s\n", trace_event_name(call));
	return 0;
}

static const struct seq_operations avail_seq_ops = {
	.start	= avail_start,
	.next	= avail_next,
	.show	= file_show,
	.stop	= files_stop,
};

static const struct seq_operations set_seq_ops = {
	.start	= set_start,
	.next	= set_next,
	.show	= file_show,
	.stop	= files_stop,
};

static int files_open(struct inode *inode, struct file *filp,
		      const struct seq_operations *ops)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (!ret)
		ret = seq_open(filp, ops);
	if (!ret)
		((struct seq_file *)filp->private_data)->private =
			inode->i_private;
	return ret;
}

static int avail_open(struct inode *inode, struct file *filp)
{
	return files_open(inode, filp, &avail_seq_ops);
}

const struct file_operations evreg_avail_fops = {
	.open		= avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	/* "echo > set_event" turns everything off */
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		evreg_set_clr(tr, NULL, NULL, NULL, 0);
	ret = files_open(inode, filp, &set_seq_ops);
	if (ret < 0)
		trace_array_put(tr);
	return ret;
}

static int set_event_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

/* One word per write call: "[!][SYSTEM:]EVENT" with globs as above. */
#define SET_EVENT_WORD_MAX	128

static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = m->private;
	struct trace_parser parser;
	ssize_t read, ret;
	bool clear;

	if (!cnt)
		return 0;
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;
	if (trace_parser_get_init(&parser, SET_EVENT_WORD_MAX))
		return -ENOMEM;

	read = trace_get_user(&parser, ubuf, cnt, ppos);
	ret = read;
	if (read >= 0 && trace_parser_loaded(&parser)) {
		clear = parser.buffer[0] == '!';
		ret = ftrace_set_clr_event(tr, parser.buffer + clear, !clear);
		if (!ret)
			ret = read;
	}
	trace_parser_put(&parser);
	return ret;
}

const struct file_operations evreg_set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= set_event_release,
};

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
