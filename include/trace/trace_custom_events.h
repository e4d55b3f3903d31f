/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The staging of custom events (TRACE_CUSTOM_EVENT), included by
 * <trace/define_custom_trace.h>.  A custom event is a new record and print
 * for an existing tracepoint: no tracepoint is defined here and there is
 * no perf side.  The header is read three times, with the same passes as
 * <trace/trace_events.h> (the stage files), under custom names:
 *
 *   record    struct trace_custom_event_raw_<class>, its field
 *             descriptions and size computation, and the probe
 *             trace_custom_event_raw_event_<class>()
 *   output    trace_custom_event_output_<class>()
 *   describe  the print fmt, custom_event_class_<class> and, per event E,
 *             custom_event_E (name "E", system "custom",
 *             TRACE_EVENT_FL_CUSTOM) listed in section _ftrace_events, and
 *
 *             static inline int trace_custom_event_E_update(struct tracepoint *tp);
 *
 *             which the module calls for each tracepoint (for example from
 *             for_each_kernel_tracepoint()): it attaches the event to the
 *             tracepoint named E and returns 1 when @tp is that one.
 *
 * TRACE_CUSTOM_EVENT(name, ...) is DECLARE_CUSTOM_EVENT_CLASS(name, ...)
 * plus DEFINE_CUSTOM_EVENT(name, name, ...).
 */

#include <linux/trace_events.h>
#include <trace/stages/fields.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM custom

#ifndef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR TRACE_SYSTEM
#endif

static const char __stg_cat(__stg_system_, TRACE_SYSTEM_VAR)[] =
	__stringify(TRACE_SYSTEM);

#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(name, proto, args, tstruct, assign, print)	\
	DECLARE_CUSTOM_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
				   PARAMS(tstruct), PARAMS(assign),	\
				   PARAMS(print))			\
	DEFINE_CUSTOM_EVENT(name, name, PARAMS(proto), PARAMS(args));

/* Pass 1: record */
#include <trace/stages/reset.h>
#include <trace/stages/record.h>
#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(call, proto, args, tstruct, assign, print) \
	__stg_record_class(trace_custom_event, call, PARAMS(proto),	\
			   PARAMS(args), PARAMS(tstruct), PARAMS(assign))
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)		\
	static inline void __stg_check_custom_##name(void)		\
	{								\
		check_trace_callback_type_##name(trace_custom_event_raw_event_##template); \
	}
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* Pass 2: output */
#include <trace/stages/reset.h>
#include <trace/stages/output.h>
#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(call, proto, args, tstruct, assign, print) \
	__stg_output(trace_custom_event, call, call, PARAMS(print))
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* Pass 3: describe */
#include <trace/stages/reset.h>
#include <trace/stages/describe.h>
#undef DECLARE_CUSTOM_EVENT_CLASS
#define DECLARE_CUSTOM_EVENT_CLASS(call, proto, args, tstruct, assign, print) \
static char __stg_custom_fmt_##call[] __tp_align(char) = print;	\
static struct trace_event_class __used					\
	__tp_align(struct trace_event_class) custom_event_class_##call = { \
	.system		= __stg_system,					\
	.fields_array	= __stg_fields_trace_custom_event_##call,	\
	.fields		= LIST_HEAD_INIT(custom_event_class_##call.fields), \
	.raw_init	= trace_event_raw_init,				\
	.probe		= trace_custom_event_raw_event_##call,		\
	.reg		= trace_event_reg,				\
};
#undef DEFINE_CUSTOM_EVENT
#define DEFINE_CUSTOM_EVENT(template, ev, proto, args)		\
static struct trace_event_call __used					\
	__tp_align(struct trace_event_call) custom_event_##ev = {	\
	.name		= #ev,					\
	.class		= &custom_event_class_##template,		\
	.event.funcs	= &__stg_funcs_trace_custom_event_##template,	\
	.print_fmt	= __stg_custom_fmt_##template,			\
	.flags		= TRACE_EVENT_FL_CUSTOM,			\
};									\
static inline int trace_custom_event_##ev##_update(struct tracepoint *tp) \
{									\
	if (!tp->name || strcmp(tp->name, #ev))			\
		return 0;						\
	custom_event_##ev.tp = tp;					\
	custom_event_##ev.flags = TRACE_EVENT_FL_TRACEPOINT;		\
	return 1;							\
}									\
static struct trace_event_call __used __section("_ftrace_events")	\
	*__custom_event_##ev = &custom_event_##ev
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#include <trace/stages/reset.h>
#undef TRACE_SYSTEM_VAR
