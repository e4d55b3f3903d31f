/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An event in one instance (struct trace_event_file) and the write side
 * of a generated probe (Documentation/trace/retrace/trace-events-h.rst;
 * write.rst for the write path, triggers.rst and filter.rst for what the
 * flags switch on).
 *
 * Each instance has one trace_event_file per event: the
 * events/<system>/<event>/ directory, with its enable, filter and
 * trigger files.  A generated probe is handed the file of the instance
 * it records into and does, for each hit:
 *
 *	if (trace_trigger_soft_disabled(file))		// flags, see below
 *		return;
 *	rec = trace_event_buffer_reserve(&buf, file, size);
 *	... fill rec ...
 *	trace_event_buffer_commit(&buf);		// filter, triggers
 *
 * The flag word decides what a hit costs.  Truth table of
 * trace_trigger_soft_disabled(), read once without a lock:
 *
 *	TRIGGER_MODE|SOFT_DISABLED|PID_FILTER	TRIGGER_COND	result
 *	none set				-		record
 *	some set				set		record (the
 *								commit decides)
 *	some set				clear		__trace_trigger_
 *								soft_disabled()
 *
 * Locking of struct trace_event_file: event_mutex (kernel/trace/
 * trace_event.h) serialises every change of the flags, the filter,
 * the trigger list and the two mode counts; flag bits are still set and
 * cleared with atomic bit operations (set_bit(), test_and_clear_bit()),
 * so that no update of one bit can undo another's.  Probes read all of it
 * without a lock in any context: the filter and the trigger list are
 * RCU-published, and a stale flag word costs at most one hit recorded
 * or missed around a change.
 */
#ifndef _LINUX_TRACE_EVENTS_FILE_H
#define _LINUX_TRACE_EVENTS_FILE_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/ring_buffer.h>
#include <linux/types.h>

#include <linux/trace_events_call.h>

struct event_filter;
struct eventfs_inode;
struct pt_regs;
struct task_struct;
struct trace_array;
struct trace_subsystem_dir;

/*
 * file->flags: bit numbers, then masks.  Values are 6.12's (the
 * write path and the KUnit suites test them as such).
 */
enum {
	EVENT_FILE_FL_ENABLED_BIT	= 0,	/* the probe is attached */
	EVENT_FILE_FL_RECORDED_CMD_BIT	= 1,	/* it saves task names */
	EVENT_FILE_FL_RECORDED_TGID_BIT	= 2,	/* it saves tgids */
	EVENT_FILE_FL_FILTERED_BIT	= 3,	/* a filter is set */
	EVENT_FILE_FL_NO_SET_FILTER_BIT	= 4,	/* the filter failed: ignore it */
	EVENT_FILE_FL_SOFT_MODE_BIT	= 5,	/* on for triggers: SOFT_DISABLED rules */
	EVENT_FILE_FL_SOFT_DISABLED_BIT	= 6,	/* attached, but record nothing */
	EVENT_FILE_FL_TRIGGER_MODE_BIT	= 7,	/* triggers are attached */
	EVENT_FILE_FL_TRIGGER_COND_BIT	= 8,	/* one of them has a filter */
	EVENT_FILE_FL_PID_FILTER_BIT	= 9,	/* the instance filters on pids */
	EVENT_FILE_FL_WAS_ENABLED_BIT	= 10,	/* once on: clear on module unload */
	EVENT_FILE_FL_FREED_BIT		= 11,	/* removed; the last opener holds it */
};

enum {
	EVENT_FILE_FL_ENABLED		= BIT(EVENT_FILE_FL_ENABLED_BIT),
	EVENT_FILE_FL_RECORDED_CMD	= BIT(EVENT_FILE_FL_RECORDED_CMD_BIT),
	EVENT_FILE_FL_RECORDED_TGID	= BIT(EVENT_FILE_FL_RECORDED_TGID_BIT),
	EVENT_FILE_FL_FILTERED		= BIT(EVENT_FILE_FL_FILTERED_BIT),
	EVENT_FILE_FL_NO_SET_FILTER	= BIT(EVENT_FILE_FL_NO_SET_FILTER_BIT),
	EVENT_FILE_FL_SOFT_MODE		= BIT(EVENT_FILE_FL_SOFT_MODE_BIT),
	EVENT_FILE_FL_SOFT_DISABLED	= BIT(EVENT_FILE_FL_SOFT_DISABLED_BIT),
	EVENT_FILE_FL_TRIGGER_MODE	= BIT(EVENT_FILE_FL_TRIGGER_MODE_BIT),
	EVENT_FILE_FL_TRIGGER_COND	= BIT(EVENT_FILE_FL_TRIGGER_COND_BIT),
	EVENT_FILE_FL_PID_FILTER	= BIT(EVENT_FILE_FL_PID_FILTER_BIT),
	EVENT_FILE_FL_WAS_ENABLED	= BIT(EVENT_FILE_FL_WAS_ENABLED_BIT),
	EVENT_FILE_FL_FREED		= BIT(EVENT_FILE_FL_FREED_BIT),
};

/*
 * struct trace_event_file - one event of one instance
 *
 * Member order is 6.12's (kept so that no generated code changes).
 * Lock of each member: see the top of the file.
 */
struct trace_event_file {
	/* Where it hangs: tr->events, its call, its directories. */
	struct list_head		list;
	struct trace_event_call		*event_call;
	/* What decides a hit: the filter program and the triggers. */
	struct event_filter __rcu	*filter;	/* RCU */
	struct eventfs_inode		*ei;
	struct trace_array		*tr;
	struct trace_subsystem_dir	*system;
	struct list_head		triggers;	/* RCU list */

	unsigned long		flags;		/* EVENT_FILE_FL_*, atomic bitops */
	refcount_t		ref;		/* open files of its directory */
	atomic_t		sm_ref;		/* soft-mode users (triggers) */
	atomic_t		tm_ref;		/* trigger-mode users */
};

/* ---- the write side of a generated probe (trace_event_write.c) --------- */

/*
 * The state of one record between reserve and commit.  Lives on the
 * probe's stack.
 */
struct trace_event_buffer {
	struct trace_buffer		*buffer;	/* where it was reserved */
	struct ring_buffer_event	*event;
	struct trace_event_file		*trace_file;
	void				*entry;		/* the record's fields */
	unsigned int			trace_ctx;	/* sampled before reserve */
	struct pt_regs			*regs;		/* for the stack option */
};

/* Reserve @len bytes of record for @trace_file; NULL: do not record. */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len);
/* Filter, then commit or discard, then run the post-triggers. */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer);

/* The lower half of reserve: the buffer it used comes back in @current_buffer. */
struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx);

/* ---- triggers, filters and pid sets a hit consults -------------------- */

/* What the triggers that ran asked of the commit (bit per kind). */
enum event_trigger_type {
	ETT_NONE		= (0),
	ETT_TRACE_ONOFF		= BIT(0),
	ETT_SNAPSHOT		= BIT(1),
	ETT_STACKTRACE		= BIT(2),
	ETT_EVENT_ENABLE	= BIT(3),
	ETT_EVENT_HIST		= BIT(4),
	ETT_HIST_ENABLE		= BIT(5),
	ETT_EVENT_EPROBE	= BIT(6),
};

/* Non-zero when record @rec passes @filter (any context, RCU read side). */
int filter_match_preds(struct event_filter *filter, void *rec);

/*
 * Run @file's triggers for a hit; with @rec NULL only those without a
 * condition run.  Returns the kinds whose post-call must follow the
 * commit (event_triggers_post_call()).
 */
enum event_trigger_type
event_triggers_call(struct trace_event_file *file, struct trace_buffer *buffer,
		    void *rec, struct ring_buffer_event *event);
void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt);

/* True when the instance's pid sets exclude current. */
bool trace_event_ignore_this_pid(struct trace_event_file *trace_file);

/* The slow half of trace_trigger_soft_disabled(). */
bool __trace_trigger_soft_disabled(struct trace_event_file *file);

/**
 * trace_trigger_soft_disabled - run a hit's unconditional triggers
 * @file: the event file of the probe's instance
 *
 * The first thing a generated probe does (see the truth table at the
 * top of this file).  Any context; reads @file->flags once.
 *
 * Return: true when nothing is to be recorded (the event is soft
 * disabled, or the pid sets exclude current), after running the
 * triggers that need no record; false to go on and reserve.
 */
static __always_inline bool
trace_trigger_soft_disabled(struct trace_event_file *file)
{
	const unsigned long slow = EVENT_FILE_FL_TRIGGER_MODE |
				   EVENT_FILE_FL_SOFT_DISABLED |
				   EVENT_FILE_FL_PID_FILTER;
	unsigned long fl = file->flags;

	/* Row 1: the common case, no trigger, pid set or soft mode. */
	if (likely(!(fl & slow)))
		return false;
	/* Row 2: a trigger reads the record, so the commit decides. */
	if (likely(fl & EVENT_FILE_FL_TRIGGER_COND))
		return false;
	/* Row 3. */
	return __trace_trigger_soft_disabled(file);
}

/*
 * Readers polling events' "hist" files.  A histogram hit, in any
 * context, queues @wake only when someone waits; its handler wakes
 * @waiting.  The registry owns them (trace_event_dirs.c: it also wakes
 * the pollers of an event file being removed).
 */
#ifdef CONFIG_HIST_TRIGGERS
#include <linux/irq_work.h>
#include <linux/wait.h>

struct hist_pollers {
	wait_queue_head_t	waiting;
	struct irq_work		wake;
};

extern struct hist_pollers hist_pollers;

static inline void hist_poll_wakeup(void)
{
	if (unlikely(wq_has_sleeper(&hist_pollers.waiting)))
		irq_work_queue(&hist_pollers.wake);
}

/* A poll() of a hist file waits here. */
#define hist_poll_wait(filp, pt)	poll_wait(filp, &hist_pollers.waiting, pt)
#else
static inline void hist_poll_wakeup(void)
{
}
#endif

/* ---- task names and tgids (kernel/trace/lib/trace_cmdline.c) --------------- */

/* Save the comm (saved_cmdlines) or the tgid (saved_tgids) of @tsk. */
void tracing_record_cmdline(struct task_struct *tsk);
void tracing_record_tgid(struct task_struct *tsk);

/* Both, as @what says: TRACE_RECORD_CMDLINE and/or TRACE_RECORD_TGID. */
#define TRACE_RECORD_CMDLINE	BIT(0)
#define TRACE_RECORD_TGID	BIT(1)
void tracing_record_taskinfo(struct task_struct *tsk, int what);
/* For the two tasks of a context switch, in one go. */
void tracing_record_taskinfo_sched_switch(struct task_struct *prev,
					  struct task_struct *next, int what);

/* ---- event files by name, for modules (kernel/trace/trace_event_*.c) -- */

/*
 * Look up, and pin with its instance, the file of @system/@event in
 * @instance (NULL: the top instance); ERR_PTR on failure.  Pair with
 * trace_put_event_file().
 */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event);
void trace_put_event_file(struct trace_event_file *file);

/*
 * Enable (@set 1) or disable events: @buf is a set_event line
 * ("system:event", a glob, "!..." to clear), in @tr;
 * trace_set_clr_event() and trace_array_set_clr_event() take the
 * system and event apart (NULL: all), in the top instance or in @tr.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set);
int trace_set_clr_event(const char *system, const char *event, int set);
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable);

#endif /* _LINUX_TRACE_EVENTS_FILE_H */
