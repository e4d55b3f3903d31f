/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events for kernel code (Documentation/trace/retrace/
 * synthetic-events.rst; the user's side is Documentation/trace/
 * events.rst, "In-kernel trace event API").
 *
 * A synthetic event is an event with no tracepoint: its fields are
 * declared at run time ("NAME TYPE FIELD; ..."), by a user through the
 * synthetic_events file or "s:" in dynamic_events, or by kernel code
 * through the functions below.  Its records are written by histogram
 * actions (onmatch, onmax, onchange) or by kernel code, here.
 *
 * Making one:
 *
 *	synth_event_create(name, descs, n, THIS_MODULE);
 *
 * or, a field at a time, with the command builder of
 * <linux/trace_events_dynevent.h>:
 *
 *	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
 *	synth_event_gen_cmd_start(&cmd, name, THIS_MODULE, "u64", "lat", ...);
 *	synth_event_add_field(&cmd, "char[16]", "comm");
 *	synth_event_gen_cmd_end(&cmd);
 *
 * Writing one, into the instance whose event file the caller holds
 * (trace_get_event_file(), then enabled with trace_array_set_clr_event()):
 *
 *	synth_event_trace(file, n, val0, val1, ...);	every field, in order
 *	synth_event_trace_array(file, vals, n);		the same, from an array
 *	synth_event_trace_start(file, &state);		or piece by piece:
 *	synth_event_add_next_val(val, &state);		in order, or
 *	synth_event_add_val("name", val, &state);	by name, not both
 *	synth_event_trace_end(&state);
 *
 * A value is a u64; a string field's value is a pointer to the string
 * (cast to u64), a stack field's a pointer to an array of unsigned long
 * whose first element counts the addresses that follow.  Writing to a
 * disabled event does nothing and returns 0.  The piecewise form cannot
 * write variable-length fields (-ENOTSUPP at start).
 *
 * Contexts: creating and deleting sleep (process context); the writes
 * run in any context the caller may write a trace record in.
 */
#ifndef _LINUX_TRACE_EVENTS_SYNTH_H
#define _LINUX_TRACE_EVENTS_SYNTH_H

#include <linux/trace_events_dynevent.h>
#include <linux/trace_events_file.h>
#include <linux/types.h>

struct module;
struct synth_event;
struct synth_trace_event;

/* One field of synth_event_create()'s list: "u64", "lat". */
struct synth_field_desc {
	const char	*type;
	const char	*name;
};

/* The piecewise write in progress; the caller's, on its stack. */
struct synth_event_trace_state {
	struct trace_event_buffer	fbuffer;
	struct synth_trace_event	*entry;	/* the record being filled */
	struct trace_buffer		*buffer;
	struct synth_event		*event;
	unsigned int			cur_field; /* next add_next_val() */
	unsigned int			n_u64;
	bool				disabled; /* nothing is written */
	bool				add_next;
	bool				add_name;
};

void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...);

/* The name, then (type, name) pairs; the list ends at a NULL. */
#define synth_event_gen_cmd_start(cmd, name, mod, ...)	\
	__synth_event_gen_cmd_start(cmd, name, mod, ## __VA_ARGS__, NULL)

int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields);
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name);
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name);
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields);

/* Create the event the command describes. */
static inline int synth_event_gen_cmd_end(struct dynevent_cmd *cmd)
{
	return dynevent_create(cmd);
}

int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod);
int synth_event_delete(const char *name);

int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...);
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals);
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state);
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state);
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state);
int synth_event_trace_end(struct synth_event_trace_state *trace_state);

#endif /* _LINUX_TRACE_EVENTS_SYNTH_H */
