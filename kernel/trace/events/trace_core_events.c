// SPDX-License-Identifier: GPL-2.0
/*
 * The event calls of system "ftrace": events/ftrace/function, print,
 * bprint, kernel_stack, ... describe the records the trace core and its tracers
 * write themselves (kernel/trace/trace_entries.h), so that tools can read
 * them from trace_pipe_raw and perf like any other event.
 *
 * Nothing here records or prints: this file only turns each
 * FTRACE_ENTRY*() of trace_entries.h into what the event registry
 * registers, in two reads of that header:
 *
 *   fields   struct trace_event_fields ftrace_event_fields_NAME[]: type,
 *            name, size, alignment (1 for the _PACKED entries),
 *            signedness, filter type (FILTER_TRACE_FN for __field_fn);
 *   calls    struct trace_event_class event_class_ftrace_NAME (system
 *            "ftrace", reg op from FTRACE_ENTRY_REG or none) and
 *            struct trace_event_call event_NAME (fixed type = the
 *            entry's id, print fmt, TRACE_EVENT_FL_IGNORE_ENABLE: no
 *            enable or filter file), listed in section _ftrace_events.
 *
 * The format files and ids of these events are read by trace-cmd,
 * libtraceevent and perf, so they are an interface, byte for byte: the
 * type strings and the print fmt text are made by the preprocessor
 * (# of the type as written;
 * an array's length through __stringify(); the print fmt as
 * __stringify(format) ", " __stringify(arguments) with __entry spelled
 * REC).  The ids are the fixed enum trace_type values, so the order of
 * the calls does not matter for them; this object keeps trace_export.o's
 * place in the link anyway (kernel/trace/Makefile).
 *
 * __field_struct() members exist only in the C record (trace_records.h)
 * and are not shown; __field_desc() and __array_desc() show a member of such a
 * struct under its own name; __stack_array() shows as a fixed array.
 *
 * No locks, no runtime code but the reg ops of ftrace/print and
 * ftrace/function and ftrace_event_is_function(); everything is static
 * data the registry walks at boot.
 */
#include <linux/kernel.h>
#include <linux/stringify.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "trace_event.h"
#include "trace_records.h"

/*
 * Every macro trace_entries.h uses, given a meaning per read below.
 * Each entry of the header ends in ';', so these expansions do not.
 */
#undef F_STRUCT
#define F_STRUCT(members...)	members

#undef FTRACE_ENTRY_REG
#undef FTRACE_ENTRY_DUP
#undef FTRACE_ENTRY_PACKED
#define FTRACE_ENTRY_REG(ev, sname, id, members, print, regfn)	\
	FTRACE_ENTRY(ev, sname, id, PARAMS(members), PARAMS(print))
#define FTRACE_ENTRY_DUP(ev, sname, id, members, print)			\
	FTRACE_ENTRY(ev, sname, id, PARAMS(members), PARAMS(print))
#define FTRACE_ENTRY_PACKED(ev, sname, id, members, print)		\
	FTRACE_ENTRY(ev, sname, id, PARAMS(members), PARAMS(print))

/* Read 1, fields: one description per shown member, then a blank. */
#undef __field
#undef __field_fn
#undef __field_packed
#undef __field_struct
#undef __field_desc
#undef __field_desc_packed
#undef __array
#undef __array_desc
#undef __stack_array
#undef __dynamic_array

#define core_field(t, tname, item, sz, al, ft, n)			\
	{ .type = tname, .name = #item, .size = sz, .align = al,	\
	  .is_signed = is_signed_type(t), .filter_type = ft, .len = n },

#define __field(t, item)						\
	core_field(t, #t, item, sizeof(t), __alignof__(t), FILTER_OTHER, 0)
#define __field_fn(t, item)						\
	core_field(t, #t, item, sizeof(t), __alignof__(t), FILTER_TRACE_FN, 0)
#define __field_packed(t, item)						\
	core_field(t, #t, item, sizeof(t), 1, FILTER_OTHER, 0)
#define __field_struct(...)
#define __field_desc(t, box, item)	__field(t, item)
#define __field_desc_packed(t, box, item) __field_packed(t, item)
#define __array(t, item, n)						\
	core_field(t, #t "[" __stringify(n) "]", item, sizeof(t[n]),	\
		   __alignof__(t), FILTER_OTHER, n)
#define __array_desc(t, box, item, n)	__array(t, item, n)
#define __stack_array(t, item, n, count) __array(t, item, n)
#define __dynamic_array(t, item)					\
	core_field(t, #t "[]", item, 0, __alignof__(t), FILTER_OTHER, 0)

#undef FTRACE_ENTRY
#define FTRACE_ENTRY(ev, sname, id, members, print)			\
	static struct trace_event_fields ftrace_event_fields_##ev[] = {	\
		members							\
		{}							\
	}

#include "trace_entries.h"

/* Read 2, calls: members are done with; the print fmt becomes text. */
#undef __field
#undef __field_fn
#undef __field_packed
#undef __field_desc
#undef __field_desc_packed
#undef __array
#undef __array_desc
#undef __stack_array
#undef __dynamic_array
#define __field(...)
#define __field_fn(...)
#define __field_packed(...)
#define __field_desc(...)
#define __field_desc_packed(...)
#define __array(...)
#define __array_desc(...)
#define __stack_array(...)
#define __dynamic_array(...)

/* Interface text (the format files' print fmt): keep as it is. */
#undef __entry
#define __entry REC
#undef F_printk
#define F_printk(fmt, args...) __stringify(fmt) ", "  __stringify(args)

/*
 * The reg op of ftrace/print: it accepts everything and does nothing.
 * trace_marker writes the records; the op has to exist because a
 * trigger on the event soft-enables it, which calls reg(), and it gives
 * the event its id file.
 */
static int ftrace_event_register(struct trace_event_call *call,
				 enum trace_reg type, void *data)
{
	return 0;
}

#if IS_ENABLED(CONFIG_FUNCTION_TRACER) && IS_ENABLED(CONFIG_PERF_EVENTS)
int (*trace_function_perf_reg)(struct trace_event_call *call,
			       enum trace_reg type, void *data);

/* ftrace/function's reg op: whatever the perf side registered (perf only). */
int perf_ftrace_event_register(struct trace_event_call *call,
			       enum trace_reg type, void *data)
{
	int (*reg)(struct trace_event_call *call, enum trace_reg type,
		   void *data) = READ_ONCE(trace_function_perf_reg);

	return reg ? reg(call, type, data) : -ENODEV;
}
#endif

/* One system string for all of them. */
static const char core_system[] = "ftrace";

#define core_class(ev, regfn)						\
	static struct trace_event_class event_class_ftrace_##ev = {	\
		.fields	= LIST_HEAD_INIT(event_class_ftrace_##ev.fields),	\
		.fields_array	= ftrace_event_fields_##ev,		\
		.reg		= regfn,				\
		.system		= core_system,				\
	}

#undef FTRACE_ENTRY_REG
#define FTRACE_ENTRY_REG(ev, sname, id, members, print, regfn)	\
	core_class(ev, regfn);						\
	struct trace_event_call __aligned(4) event_##ev = {		\
		.event.type	= id,					\
		.flags		= TRACE_EVENT_FL_IGNORE_ENABLE,		\
		.print_fmt	= print,				\
		.name		= #ev,					\
		.class		= &event_class_ftrace_##ev,		\
	};								\
	static struct trace_event_call *core_event_##ev			\
		__used __section("_ftrace_events") = &event_##ev

#undef FTRACE_ENTRY
#define FTRACE_ENTRY(ev, sname, id, members, print)			\
	FTRACE_ENTRY_REG(ev, sname, id, PARAMS(members), PARAMS(print), NULL)

#include "trace_entries.h"

/**
 * ftrace_event_is_function - is @call ftrace/function?
 * @call: an event call
 *
 * The function event has rules of its own (perf permissions, filters
 * on ip).
 */
bool ftrace_event_is_function(struct trace_event_call *call)
{
	return call == &event_function;
}
