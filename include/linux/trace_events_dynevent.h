/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dynamic-event command builder (Documentation/trace/retrace/
 * dynevent.rst): kernel code that creates dynamic events (boot-time
 * probes, the synthetic and kprobe event generation APIs and their
 * users) writes the command a user would write to dynamic_events into a
 * struct dynevent_cmd, argument by argument, then runs it with
 * dynevent_create().  The functions that fill it are kernel/trace's
 * (kernel/trace/dynevent/trace_dynevent.h); a kind's own init wrapper
 * sets @type and @run_command.
 *
 * Contexts: process context; a command belongs to one caller.
 */
#ifndef _LINUX_TRACE_EVENTS_DYNEVENT_H
#define _LINUX_TRACE_EVENTS_DYNEVENT_H

#include <linux/seq_buf.h>

struct dynevent_cmd;

/* What dynevent_create() runs: the kind's own parser of the text. */
typedef int (*dynevent_create_fn_t)(struct dynevent_cmd *cmd);

/* The kinds that build commands; values are 6.12's. */
enum dynevent_type {
	DYNEVENT_TYPE_SYNTH = 1,
	DYNEVENT_TYPE_KPROBE,
	DYNEVENT_TYPE_NONE,
};

struct dynevent_cmd {
	struct seq_buf		seq;		/* the text so far */
	const char		*event_name;	/* set by the kind's start */
	unsigned int		n_fields;	/* counted by the kind's adds */
	enum dynevent_type	type;
	dynevent_create_fn_t	run_command;
	void			*private_data;	/* the kind's (a module) */
};

/* A buffer size that fits any command the kinds accept. */
#define MAX_DYNEVENT_CMD_LEN	(2048)

int dynevent_create(struct dynevent_cmd *cmd);

/*
 * kprobe events built by kernel code (kernel/trace/probes/kprobe_event.c):
 * init, start with the place and any arguments, add more, end creates;
 * kprobe_event_delete() removes "kprobes/NAME".
 */
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...);
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...);
int kprobe_event_delete(const char *name);

#define kprobe_event_gen_cmd_start(cmd, name, loc, ...) \
	__kprobe_event_gen_cmd_start(cmd, false, name, loc, ##__VA_ARGS__, NULL)
#define kretprobe_event_gen_cmd_start(cmd, name, loc, ...) \
	__kprobe_event_gen_cmd_start(cmd, true, name, loc, ##__VA_ARGS__, NULL)
#define kprobe_event_add_fields(cmd, ...) \
	__kprobe_event_add_fields(cmd, ##__VA_ARGS__, NULL)
#define kprobe_event_add_field(cmd, field) \
	__kprobe_event_add_fields(cmd, field, NULL)
#define kprobe_event_gen_cmd_end(cmd)		dynevent_create(cmd)
#define kretprobe_event_gen_cmd_end(cmd)	dynevent_create(cmd)

#endif /* _LINUX_TRACE_EVENTS_DYNEVENT_H */
