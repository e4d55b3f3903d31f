/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events: the object, and what the files of kernel/trace/synth/
 * and the histogram actions share (Documentation/trace/retrace/
 * synthetic-events.rst).
 *
 *   synth_parse.c   the definition language: "NAME TYPE FIELD; ..." to a
 *                   struct synth_event not yet registered; the error_log
 *                   texts; the print fmt; the text the files show
 *   synth_reg.c     the events: registering, finding, deleting, who
 *                   traces them; "s:" in dynamic_events; the
 *                   synthetic_events file
 *   synth_write.c   records: their layout, synth_fire() for histogram
 *                   actions, the synth_event_trace*() API, the trace line
 *   synth_cmd.c     the command builders and synth_event_create()
 *
 * The record.  After struct trace_entry come n_u64 slots of 8 bytes: one
 * per field, or MAX_FILTER_STR_VAL / 8 for a fixed-size string, whatever
 * the field's own size (a u8 sits in the first byte of its slot).  A
 * variable-length field (a "char[]" string, a "long[]" stack) holds its
 * __data_loc word in the first 4 bytes of its slot, and its data follows
 * the slots, in field order.  A stack's data is the number of addresses,
 * then the addresses.  This is 6.12's layout, byte for byte.
 *
 * Lifetime.  An event lives from its registration until it is deleted;
 * deleting fails while the event is enabled anywhere, open, written by
 * a histogram action or counted by a histogram (@ref).  Pointers to
 * events are valid under event_mutex; synth_fire() runs from the action
 * of a trigger whose histogram holds a reference, so its event cannot go
 * under it.
 *
 * Locks: dyn_event_ops_mutex (every create) -> event_mutex (the list of
 * events, @ref, @files' updates).  The fire path takes none: it reads
 * @files under RCU (preemption off, as every probe).
 */
#ifndef _KERNEL_TRACE_SYNTH_EVENT_H
#define _KERNEL_TRACE_SYNTH_EVENT_H

#include <linux/trace_events.h>
#include <linux/types.h>

#include "dynevent/trace_dynevent.h"
#include "events/trace_event.h"

#define SYNTH_SYSTEM		"synthetic"
/* Fields an event may have. */
#define SYNTH_FIELDS_MAX	64
/* A fixed-size string field: at most this many bytes, and its slots. */
#define SYNTH_STR_MAX		MAX_FILTER_STR_VAL
/* The most addresses a stack field keeps. */
#define SYNTH_STACK_MAX		16

/**
 * struct synth_field - one field of a synthetic event
 * @type: as the format file shows it: "u64", "char[16]",
 *	"__data_loc char[]", "__data_loc unsigned long[]"
 * @name: the field's name
 * @fmt: its conversion in the print fmt and the trace line ("%llu", "%s")
 * @size: the bytes of its value: 1, 2, 4 or 8; N of a "char[N]"; 8 for
 *	a variable-length field (its slot)
 * @slot: its first slot in the record (the header above)
 * @is_signed: the type does not start with 'u' and is not gfp_t
 * @is_string: "char[N]" or "char[]"
 * @is_stack: "long[]" (a stack trace)
 * @is_dynamic: variable length: its data follows the slots
 * @is_gfp: gfp_t: the trace line adds the flag names
 */
struct synth_field {
	char		*type;
	char		*name;
	const char	*fmt;
	unsigned int	size;
	unsigned int	slot;
	bool		is_signed;
	bool		is_string;
	bool		is_stack;
	bool		is_dynamic;
	bool		is_gfp;
};

/**
 * struct synth_event - a synthetic event
 * @call: its event, in the registry
 * @class: its own class: the system "synthetic", the fields, reg()
 * @devent: its place among the dynamic events
 * @name: the event's name
 * @mod: the module that created it through the API, or NULL; pinned while
 *	the event is traced
 * @ref: histogram actions that write it, and histograms on it
 *	(event_mutex)
 * @files: the event files that record it (event_mutex; RCU)
 * @n_u64: slots in the record
 * @n_dynamic: variable-length fields
 * @n_fields: fields
 * @fields: the fields, in declaration order
 */
struct synth_event {
	struct trace_event_call		call;
	struct trace_event_class	class;
	struct dyn_event		devent;
	char				*name;
	struct module			*mod;
	int				ref;
	struct trace_event_fileset __rcu *files;
	unsigned int			n_u64;
	unsigned int			n_dynamic;
	unsigned int			n_fields;
	struct synth_field		fields[] __counted_by(n_fields);
};

/* A record: the common fields, then the slots and the dynamic data. */
struct synth_trace_event {
	struct trace_entry	ent;
	u64			slots[];
};

/* synth_parse.c */
struct synth_event *synth_parse(const char *cmd, const char *name,
				const char *fields);
void synth_free(struct synth_event *se);
int synth_check_command(const char *cmd, const char *body);
int synth_check_name(const char *cmd, const char *name);
int synth_err_exists(const char *cmd, const char *name);
void synth_err_cmd(const char *cmd);
void synth_err_dyn_cmd(const char *cmd);
int synth_type_size(const char *type);
int synth_print_fmt(struct synth_event *se);
void synth_show_fields(struct seq_file *m, const struct synth_event *se);

/* synth_reg.c */
int synth_create(const char *cmd, const char *name, const char *fields);
int synth_command(const char *raw);
struct synth_event *synth_find(const char *name);
struct synth_event *synth_event_of(struct trace_event_call *call);
int synth_set_module(const char *name, struct module *mod);

/* synth_write.c */
void synth_fire(struct synth_event *se, const u64 *vals,
		const unsigned int *idx);
extern struct trace_event_functions synth_print_funcs;

#endif /* _KERNEL_TRACE_SYNTH_EVENT_H */
