/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event triggers as the rest of kernel/trace sees them: a command
 * (struct event_command: traceon, snapshot, stacktrace, enable_event,
 * ... registered once) and its instances (struct event_trigger_data:
 * one per line written to an event's trigger file), with the calls
 * the trigger commands and the registry make.  The trigger core's own
 * helpers are in trace_trigger_internal.h; the design is triggers.rst.
 *
 * Locking: the command list, every event's trigger list and every
 * instance's fields except @count change under
 * event_mutex.  The trigger lists are RCU lists: probes walk them in
 * any context, NMI included, and an instance is freed only after
 * tracepoint_synchronize_unregister().  @count is spent atomically
 * from the fire path (trig_count_take()).
 */
#ifndef _KERNEL_TRACE_TRIGGER_H
#define _KERNEL_TRACE_TRIGGER_H

#include <linux/list.h>
#include <linux/trace_events.h>

struct event_command;
struct event_filter;
struct seq_file;

/* event_trigger_data.flags */
enum {
	EVENT_TRIGGER_FL_PROBE	= BIT(0),	/* made by an event probe */
	EVENT_TRIGGER_FL_COUNT	= BIT(1),	/* has a :N count */
};

/*
 * One trigger on one event file.  @count is what is left of its ":N"
 * (-1: unlimited); @ref counts the trigger list's hold and the init
 * op's; @filter its own "if" filter (RCU).  A @paused instance is
 * skipped by the fire path: histograms pause and continue (":pause",
 * ":cont", enable_hist and disable_hist, this last from the fire path;
 * read and written with READ_ONCE/WRITE_ONCE).
 */
struct event_trigger_data {
	struct list_head		list;
	struct event_command		*cmd_ops;
	unsigned long			count;
	int				flags;
	int				ref;
	bool				paused;
	struct event_filter __rcu	*filter;
	char				*filter_str;
	void				*private_data;
};

/*
 * private_data of the event-enabling triggers: enable (or disable, if
 * !@enable) @file, or its hist triggers (@hist).
 */
struct enable_trigger_data {
	bool				enable;
	bool				hist;
	struct trace_event_file		*file;
};

/* Their command names. */
#define ENABLE_EVENT_STR	"enable_event"
#define ENABLE_HIST_STR		"enable_hist"
#define DISABLE_EVENT_STR	"disable_event"
#define DISABLE_HIST_STR	"disable_hist"

/* event_command.flags */
enum event_command_flags {
	/* fire after the record is committed (the trigger writes records) */
	EVENT_CMD_FL_POST_TRIGGER	= 1,
	/* needs the record even without a filter */
	EVENT_CMD_FL_NEEDS_REC		= 2,
};

/**
 * struct event_command - a trigger command ("traceon", "snapshot", ...)
 * @list: on the command list (event_mutex)
 * @name: what the user writes before the colon
 * @trigger_type: its ETT_* bit: one instance of a type per event, and
 *	the bit that defers a post trigger past the commit
 * @flags: EVENT_CMD_FL_*
 *
 * Fire path (probe context, any context but sleeping):
 * @trigger: the action
 * @count_func: says whether a counted instance fires this time
 *	(optional; spends the count)
 *
 * Control (event_mutex held):
 * @parse: turns a written line into a registered instance
 * @set_filter: attaches an "if" filter to an instance (optional)
 * @reg: attaches an instance to an event file (and enables triggering)
 * @unreg: detaches it
 * @unreg_all: detaches every instance of the command (optional; a
 *	truncating open of the trigger file)
 * @init: an instance was registered (optional)
 * @free: an instance was unregistered (optional)
 * @print: the instance as the trigger file shows it
 */
struct event_command {
	struct list_head	list;
	char			*name;
	enum event_trigger_type	trigger_type;
	int			flags;

	void	(*trigger)(struct event_trigger_data *data,
			   struct trace_buffer *buffer, void *rec,
			   struct ring_buffer_event *rbe);
	bool	(*count_func)(struct event_trigger_data *data,
			      struct trace_buffer *buffer, void *rec,
			      struct ring_buffer_event *rbe);

	int	(*parse)(struct event_command *cmd_ops,
			 struct trace_event_file *file, char *glob,
			 char *cmd, char *param_and_filter);
	int	(*set_filter)(char *filter_str, struct event_trigger_data *data,
			      struct trace_event_file *file);
	int	(*reg)(char *glob, struct event_trigger_data *data,
		       struct trace_event_file *file);
	void	(*unreg)(char *glob, struct event_trigger_data *data,
			 struct trace_event_file *file);
	void	(*unreg_all)(struct trace_event_file *file);
	int	(*init)(struct event_trigger_data *data);
	void	(*free)(struct event_trigger_data *data);
	int	(*print)(struct seq_file *m, struct event_trigger_data *data);
};

static inline bool event_command_post_trigger(struct event_command *cmd_ops)
{
	return cmd_ops->flags & EVENT_CMD_FL_POST_TRIGGER;
}

static inline bool event_command_needs_rec(struct event_command *cmd_ops)
{
	return cmd_ops->flags & EVENT_CMD_FL_NEEDS_REC;
}

/* Commands (event_mutex taken inside). */
int register_event_command(struct event_command *cmd);
int unregister_event_command(struct event_command *cmd);

/* A line of a trigger file applied from the kernel (event_mutex held). */
int trigger_process_regex(struct trace_event_file *file, char *buff);

/*
 * The triggers' boot (trace_trigger_cmds.c), called by trace_init()
 * between trace_event_init() and trace_event_boot_enable():
 * trigger_boot_init() registers the built-in commands, the trigger file
 * and the instance teardown; trigger_boot_apply() applies
 * trace_trigger=, once the commands of the components above (hist) are
 * registered too.
 */
#ifdef CONFIG_EVENT_TRACING
void trigger_boot_init(void);
void trigger_boot_apply(void);
#else
static inline void trigger_boot_init(void) { }
static inline void trigger_boot_apply(void) { }
#endif

/* Building blocks of a command's parse op (event_mutex held). */
bool event_trigger_check_remove(const char *glob);
bool event_trigger_empty_param(const char *param);
int event_trigger_separate_filter(char *param_and_filter, char **param,
				  char **filter, bool param_required);
struct event_trigger_data *trigger_data_alloc(struct event_command *cmd_ops,
					      char *cmd, char *param,
					      void *private_data);
void trigger_data_free(struct event_trigger_data *data);
int event_trigger_parse_num(char *trigger,
			    struct event_trigger_data *trigger_data);
int event_trigger_set_filter(struct event_command *cmd_ops,
			     struct trace_event_file *file, char *param,
			     struct event_trigger_data *trigger_data);
void event_trigger_reset_filter(struct event_command *cmd_ops,
				struct event_trigger_data *trigger_data);
int event_trigger_register(struct event_command *cmd_ops,
			   struct trace_event_file *file, char *glob,
			   struct event_trigger_data *trigger_data);
void event_trigger_unregister(struct event_command *cmd_ops,
			      struct trace_event_file *file, char *glob,
			      struct event_trigger_data *trigger_data);
int set_trigger_filter(char *filter_str,
		       struct event_trigger_data *trigger_data,
		       struct trace_event_file *file);
int event_trigger_init(struct event_trigger_data *data);
/* The count_func of counted commands (any context). */
bool event_trigger_count(struct event_trigger_data *data,
			 struct trace_buffer *buffer, void *rec,
			 struct ring_buffer_event *event);

/*
 * An instance made and owned by an event probe (EVENT_TRIGGER_FL_PROBE,
 * not on any trigger file's listing): put on @file's list and taken off
 * it; the detach, or the teardown of @file's instance, calls its free
 * op, after which the owner frees it past an RCU grace period.
 * event_mutex held.
 */
int event_trigger_attach(struct trace_event_file *file,
			 struct event_trigger_data *data);
void event_trigger_detach(struct trace_event_file *file,
			  struct event_trigger_data *data);

/* An event file's trigger state (event_mutex held). */
int trace_event_trigger_enable_disable(struct trace_event_file *file,
				       int trigger_enable);
void update_cond_flag(struct trace_event_file *file);

/* enable_event and disable_event (trace_trigger_cmds.c). */
int event_enable_trigger_parse(struct event_command *cmd_ops,
			       struct trace_event_file *file,
			       char *glob, char *cmd, char *param_and_filter);
int event_enable_register_trigger(char *glob, struct event_trigger_data *data,
				  struct trace_event_file *file);
void event_enable_unregister_trigger(char *glob,
				     struct event_trigger_data *test,
				     struct trace_event_file *file);
int event_enable_trigger_print(struct seq_file *m,
			       struct event_trigger_data *data);
void event_enable_trigger_free(struct event_trigger_data *data);

#endif /* _KERNEL_TRACE_TRIGGER_H */
