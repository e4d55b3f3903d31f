/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The types of the event registry: an event (struct trace_event_call),
 * its class and the description of its fields
 * (Documentation/trace/retrace/trace-events-h.rst; registry.rst for
 * the registry behind these declarations).
 *
 * The staging headers generate, for every TRACE_EVENT, one
 * trace_event_class per DECLARE_EVENT_CLASS (system, probes, field
 * table) and one trace_event_call per event (name or tracepoint, print
 * fmt, event type), placed in section _ftrace_events; modules carry
 * theirs in the same section.  The registry (kernel/trace/
 * trace_event_calls.c and its neighbours) adds each call to the
 * ftrace_events list at boot or module load, builds its field list
 * from the class's table, and makes its directory in every instance.
 *
 * Lifetime: a static event lives as long as its module, so a user pins
 * it with a module reference (trace_event_try_get_ref()); a dynamic one
 * (kprobe, uprobe, synthetic ...) is counted in call->refcnt instead,
 * once those return.
 *
 * Locking, beside each field below: event_mutex (kernel/trace/
 * trace_event.h, the outermost lock of the registry) guards the
 * list, the field lists and every perf count; the BPF program array is
 * RCU-published.  A probe reads a call without a lock, from any
 * context.
 */
#ifndef _LINUX_TRACE_EVENTS_CALL_H
#define _LINUX_TRACE_EVENTS_CALL_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/tracepoint.h>
#include <linux/types.h>

#include <linux/trace_events_output.h>

struct bpf_prog_array;
struct perf_event;
struct trace_event_call;

/*
 * What a class's reg() hook is asked to do.  REGISTER/UNREGISTER
 * attach and detach the trace probe (the "enable" file); the PERF_*
 * ones are perf_trace_*()'s, where ADD and DEL return 1 when the hook
 * did the work itself and 0 to let the core add or remove the event.
 */
enum trace_reg {
	TRACE_REG_REGISTER		= 0,
	TRACE_REG_UNREGISTER		= 1,
#ifdef CONFIG_PERF_EVENTS
	TRACE_REG_PERF_REGISTER		= 2,	/* first perf event of the call */
	TRACE_REG_PERF_UNREGISTER	= 3,	/* last one gone */
	TRACE_REG_PERF_OPEN		= 4,	/* each perf event: created */
	TRACE_REG_PERF_CLOSE		= 5,	/* destroyed */
	TRACE_REG_PERF_ADD		= 6,	/* scheduled in on a CPU */
	TRACE_REG_PERF_DEL		= 7,	/* scheduled out */
#endif
};

/*
 * How the filter compares a field (trace_define_field()'s
 * @filter_type; chosen from the type when FILTER_OTHER is given).
 */
enum {
	FILTER_OTHER		= 0,	/* numbers, compared by size and sign */
	FILTER_STATIC_STRING	= 1,	/* char[N] */
	FILTER_DYN_STRING	= 2,	/* __string(): __data_loc char[] */
	FILTER_RDYN_STRING	= 3,	/* __rel_string(): __rel_loc char[] */
	FILTER_PTR_STRING	= 4,	/* a char * into memory outside the record */
	FILTER_TRACE_FN		= 5,	/* a function address, matched by symbol */
	FILTER_CPUMASK		= 6,	/* __cpumask() */
	FILTER_COMM		= 7,	/* the "comm" pseudo-field */
	FILTER_CPU		= 8,	/* the "cpu" pseudo-field */
	FILTER_STACKTRACE	= 9,	/* a stack trace record */
};

/* The longest string a filter compares (a symbol name fits). */
#define MAX_FILTER_STR_VAL	256U

/* trace_event_fields.type of an entry that is a define_fields() hook. */
#define TRACE_FUNCTION_TYPE ((const char *)~0UL)

/*
 * One field of a class's table (the staging headers' fields pass
 * writes one per __field()/__array()/__string()...; the table ends with
 * an entry whose @type is NULL).  Member order is 6.12's, kept for the
 * generated tables' layout.
 */
struct trace_event_fields {
	const char *type;		/* C type as the format file shows it */
	union {
		/* A field of the record. */
		struct {
			const char *name;
			const int  size, align;	/* bytes */
			const unsigned int is_signed:1;
			/* "%s" of this pointer must be checked (fmtcheck) */
			unsigned int needs_test:1;
			const int  filter_type;	/* FILTER_*, or FILTER_OTHER */
			const int  len;		/* elements of an array */
		};
		/* Or, when @type is TRACE_FUNCTION_TYPE, a hook adding them. */
		int (*define_fields)(struct trace_event_call *call);
	};
};

/*
 * What the events of one DECLARE_EVENT_CLASS share.  Static after the
 * staging headers made it, but @fields, which the registry fills from
 * @fields_array under event_mutex.
 */
struct trace_event_class {
	const char		*system;	/* the events/<system>/ directory */
	void			*probe;		/* trace probe of the tracepoint */
#ifdef CONFIG_PERF_EVENTS
	void			*perf_probe;	/* perf probe of the tracepoint */
#endif
	/* Attach/detach, enum trace_reg; trace_event_reg() for tracepoints. */
	int			(*reg)(struct trace_event_call *event,
				       enum trace_reg type, void *data);
	struct trace_event_fields *fields_array;
	/* Events whose fields are per event (probes) supply their list. */
	struct list_head	*(*get_fields)(struct trace_event_call *call);
	struct list_head	fields;		/* of struct ftrace_event_field */
	int			(*raw_init)(struct trace_event_call *call);
};

/* The reg() of every TRACE_EVENT: register/unregister its probes. */
int trace_event_reg(struct trace_event_call *event, enum trace_reg type,
		    void *data);

/*
 * call->flags.  Bit numbers first, masks from them.  The kinds
 * (TRACEPOINT ... CUSTOM) are set when the call is made; the others
 * as the meaning says.
 */
enum {
	TRACE_EVENT_FL_CAP_ANY_BIT		= 0,	/* perf: no privilege needed */
	TRACE_EVENT_FL_NO_SET_FILTER_BIT	= 1,	/* the filter failed: ignore it */
	TRACE_EVENT_FL_IGNORE_ENABLE_BIT	= 2,	/* internal: no "enable" file */
	TRACE_EVENT_FL_TRACEPOINT_BIT		= 3,	/* @tp, not @name, is set */
	TRACE_EVENT_FL_DYNAMIC_BIT		= 4,	/* made at run time: @refcnt */
	TRACE_EVENT_FL_KPROBE_BIT		= 5,	/* the probe kinds */
	TRACE_EVENT_FL_UPROBE_BIT		= 6,
	TRACE_EVENT_FL_EPROBE_BIT		= 7,
	TRACE_EVENT_FL_FPROBE_BIT		= 8,
	TRACE_EVENT_FL_CUSTOM_BIT		= 9,	/* custom event, @name until attached */
	TRACE_EVENT_FL_TEST_STR_BIT		= 10,	/* a "%s" may point outside the record */
};

enum {
	TRACE_EVENT_FL_CAP_ANY		= BIT(TRACE_EVENT_FL_CAP_ANY_BIT),
	TRACE_EVENT_FL_NO_SET_FILTER	= BIT(TRACE_EVENT_FL_NO_SET_FILTER_BIT),
	TRACE_EVENT_FL_IGNORE_ENABLE	= BIT(TRACE_EVENT_FL_IGNORE_ENABLE_BIT),
	TRACE_EVENT_FL_TRACEPOINT	= BIT(TRACE_EVENT_FL_TRACEPOINT_BIT),
	TRACE_EVENT_FL_DYNAMIC		= BIT(TRACE_EVENT_FL_DYNAMIC_BIT),
	TRACE_EVENT_FL_KPROBE		= BIT(TRACE_EVENT_FL_KPROBE_BIT),
	TRACE_EVENT_FL_UPROBE		= BIT(TRACE_EVENT_FL_UPROBE_BIT),
	TRACE_EVENT_FL_EPROBE		= BIT(TRACE_EVENT_FL_EPROBE_BIT),
	TRACE_EVENT_FL_FPROBE		= BIT(TRACE_EVENT_FL_FPROBE_BIT),
	TRACE_EVENT_FL_CUSTOM		= BIT(TRACE_EVENT_FL_CUSTOM_BIT),
	TRACE_EVENT_FL_TEST_STR		= BIT(TRACE_EVENT_FL_TEST_STR_BIT),
};

/*
 * struct trace_event_call - one event
 *
 * Member order is 6.12's (the staging headers and modules built against
 * it lay the object out; it is kept so that no generated code changes).
 */
struct trace_event_call {
	struct list_head	list;		/* ftrace_events, event_mutex */
	struct trace_event_class *class;
	union {
		const char		*name;	/* without FL_TRACEPOINT */
		struct tracepoint	*tp;	/* with it: the name is tp's */
	};
	struct trace_event	event;		/* its type id and printers */
	char			*print_fmt;	/* the format file's print fmt */

	/* Who keeps the event alive (see the top of the file). */
	union {
		void			*module;	/* static events */
		atomic_t		refcnt;		/* FL_DYNAMIC ones */
	};
	void			*data;		/* the event kind's own */
	int			flags;		/* TRACE_EVENT_FL_* */

#ifdef CONFIG_PERF_EVENTS
	/* perf's side, kernel/trace/events/trace_event_perf.c. */
	int				perf_refcount;	/* event_mutex */
	struct hlist_head __percpu	*perf_events;	/* event_mutex; RCU */
	struct bpf_prog_array __rcu	*prog_array;	/* BPF_EVENTS: NULL here; RCU */
	/* TRACE_EVENT_PERF_PERM(): may this perf event attach? */
	int	(*perf_perm)(struct trace_event_call *call,
			     struct perf_event *p_event);
#endif
};

/*
 * A dynamic event's pins (kernel/trace/events/trace_event_calls.c, built
 * with DYNAMIC_EVENTS; without it no call is dynamic): try_get fails once
 * the call has left the registry, and a kind does not delete a pinned
 * (busy) event.
 */
bool trace_event_dyn_try_get_ref(struct trace_event_call *call);
void trace_event_dyn_put_ref(struct trace_event_call *call);
bool trace_event_dyn_busy(struct trace_event_call *call);

/*
 * trace_event_try_get_ref - pin @call while a user holds it
 *
 * Return: false when the event is going away.  Pair with
 * trace_event_put_ref().  A static event is pinned through its module,
 * a dynamic one (TRACE_EVENT_FL_DYNAMIC) through its @refcnt.
 */
static inline bool trace_event_try_get_ref(struct trace_event_call *call)
{
	if (!(call->flags & TRACE_EVENT_FL_DYNAMIC))
		return try_module_get(call->module);
	return IS_ENABLED(CONFIG_DYNAMIC_EVENTS) &&
	       trace_event_dyn_try_get_ref(call);
}

/* Drop what trace_event_try_get_ref() took. */
static inline void trace_event_put_ref(struct trace_event_call *call)
{
	if (!(call->flags & TRACE_EVENT_FL_DYNAMIC))
		module_put(call->module);
	else if (IS_ENABLED(CONFIG_DYNAMIC_EVENTS))
		trace_event_dyn_put_ref(call);
}

/*
 * The name of @call: a tracepoint event's is its tracepoint's; a custom
 * event not yet attached to one, and every other kind, has @name.
 */
static inline const char *trace_event_name(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_CUSTOM)
		return call->name;
	else if (call->flags & TRACE_EVENT_FL_TRACEPOINT)
		/* (a call without its tracepoint has no name) */
		return call->tp ?
		       call->tp->name : NULL;
	else
		return call->name;
}

/* The field list of @event_call: its class's, or the one it supplies. */
static inline struct list_head *
trace_get_fields(struct trace_event_call *event_call)
{
	struct trace_event_class *class = event_call->class;

	if (!class->get_fields)
		return &class->fields;
	return class->get_fields(event_call);
}

/* ---- the registry's calls (kernel/trace/trace_event_*.c) --------------- */

/* The raw_init of every TRACE_EVENT: give it an event type id. */
int trace_event_raw_init(struct trace_event_call *call);
/* Add one field to @call's class list (event_mutex or boot). */
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type);
/* Make @call an event of every instance; remove it (-EBUSY if in use). */
int trace_add_event_call(struct trace_event_call *call);
int trace_remove_event_call(struct trace_event_call *call);
/* Compute the offsets of @call's fields from its table. */
int trace_event_get_offsets(struct trace_event_call *call);

#endif /* _LINUX_TRACE_EVENTS_CALL_H */
