/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dynamic events: the kinds of events user space creates and deletes at
 * run time through the dynamic_events file (kernel/trace/dynevent/,
 * Documentation/trace/retrace/dynevent.rst), and the one registry they
 * share.
 *
 * A kind (user events "u:", later kprobes "p:"/"r:", event probes "e:",
 * synthetic events "s:", fprobes "f:"/"t:") registers a struct
 * dyn_event_operations at boot.  Each event it makes embeds a struct
 * dyn_event and joins dyn_event_list with dyn_event_add() when its call
 * is registered; it leaves with dyn_event_remove() from its free().
 *
 * The callbacks' contract:
 *
 *   create(line)  parse one line of dynamic_events; -ECANCELED when the
 *                 line is not this kind's (the next kind is tried), else
 *                 0 or the error.  dyn_event_ops_mutex held, event_mutex
 *                 not (create takes it to add).
 *   show(m, ev)   one line, as the kind's create accepts it; event_mutex
 *   is_busy(ev)   may the event not go now?  event_mutex
 *   free(ev)      unregister and free it (0), or refuse (-EBUSY, -EPERM);
 *                 event_mutex
 *   match(sys, event, argc, argv, ev)
 *                 does "-:[SYS/]EVENT ARGS" name this event?  @sys is NULL
 *                 when the line had no group; event_mutex
 *
 * Locks: dyn_event_ops_mutex -> event_mutex -> trace_types_lock.
 * dyn_event_ops_mutex serialises every create (and guards the list of
 * kinds); event_mutex guards dyn_event_list and every event on it.
 */
#ifndef _KERNEL_TRACE_DYNEVENT_H
#define _KERNEL_TRACE_DYNEVENT_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/trace_events.h>

#include "events/trace_event.h"

struct seq_file;
struct dyn_event;

struct dyn_event_operations {
	int	(*create)(const char *raw_command);
	bool	(*match)(const char *system, const char *event,
			 int argc, const char **argv, struct dyn_event *ev);
	int	(*show)(struct seq_file *m, struct dyn_event *ev);
	bool	(*is_busy)(struct dyn_event *ev);
	int	(*free)(struct dyn_event *ev);
	struct list_head	list;	/* the kinds, dyn_event_ops_mutex */
};

struct dyn_event {
	struct list_head		list;	/* on dyn_event_list */
	struct dyn_event_operations	*ops;
};

extern struct mutex dyn_event_ops_mutex;
extern struct list_head dyn_event_list;

#define for_each_dyn_event(pos) \
	list_for_each_entry(pos, &dyn_event_list, list)
#define for_each_dyn_event_safe(pos, n) \
	list_for_each_entry_safe(pos, n, &dyn_event_list, list)

int dyn_event_register(struct dyn_event_operations *ops);
int dyn_event_create(const char *raw_command, struct dyn_event_operations *type);
int dyn_event_release(const char *raw_command, struct dyn_event_operations *type);
int dyn_events_release_all(struct dyn_event_operations *type);

/* Before its kind's create adds it: @ev belongs to @ops. */
static inline void dyn_event_init(struct dyn_event *ev,
				  struct dyn_event_operations *ops)
{
	INIT_LIST_HEAD(&ev->list);
	ev->ops = ops;
}

void dyn_event_add(struct dyn_event *ev, struct trace_event_call *call);
void dyn_event_remove(struct dyn_event *ev);

/* seq_file walk of every dynamic event, event_mutex held start to stop. */
void *dyn_event_seq_start(struct seq_file *m, loff_t *pos);
void *dyn_event_seq_next(struct seq_file *m, void *v, loff_t *pos);
void dyn_event_seq_stop(struct seq_file *m, void *v);

/*
 * The command builder (struct dynevent_cmd, <linux/trace_events_dynevent.h>):
 * each add appends " STR<separator>" (" LHS<operator>RHS<separator>" for a
 * pair; dynevent_str_add() STR alone) after running the optional check on
 * the argument; -E2BIG once the buffer is full, and every add after that
 * fails too.  The separator and operator default to a space.
 */
typedef int (*dynevent_check_arg_fn_t)(void *data);

struct dynevent_arg {
	const char	*str;
	char		separator;
};

struct dynevent_arg_pair {
	const char	*lhs;
	const char	*rhs;
	char		operator;
	char		separator;
};

void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type,
		       dynevent_create_fn_t run_command);
void dynevent_arg_init(struct dynevent_arg *arg, char separator);
void dynevent_arg_pair_init(struct dynevent_arg_pair *arg_pair,
			    char operator, char separator);
int dynevent_arg_add(struct dynevent_cmd *cmd, struct dynevent_arg *arg,
		     dynevent_check_arg_fn_t check_arg);
int dynevent_arg_pair_add(struct dynevent_cmd *cmd,
			  struct dynevent_arg_pair *arg_pair,
			  dynevent_check_arg_fn_t check_arg);
int dynevent_str_add(struct dynevent_cmd *cmd, const char *str);

#endif /* _KERNEL_TRACE_DYNEVENT_H */
