/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 3 of 3, "describe": the objects the trace core registers.
 * For each class C, each event E and each eval map:
 *
 *	static char __stg_fmt_C[] = "\"<format>\", <args as text>";
 *	static struct trace_event_class event_class_C = {
 *		.system = "<TRACE_SYSTEM>", .fields_array = <pass 1>,
 *		.raw_init = trace_event_raw_init, .reg = trace_event_reg,
 *		.probe = trace_event_raw_event_C, .perf_probe = perf_trace_C,
 *	};
 *	static struct trace_event_call event_E = {
 *		.class = &event_class_C, .tp = &__tracepoint_E,
 *		.event.funcs = <pass 2>, .print_fmt = __stg_fmt_C (or E's own
 *		for DEFINE_EVENT_PRINT), .flags = TRACE_EVENT_FL_TRACEPOINT,
 *	};
 *	// the trace core finds every event through this section
 *	static struct trace_event_call *__event_E
 *		__section("_ftrace_events") = &event_E;
 *
 *	TRACE_DEFINE_ENUM(X) / TRACE_DEFINE_SIZEOF(T): a struct trace_eval_map
 *	{ system, "X" or "sizeof(T)", value } (init data) listed in section
 *	"_ftrace_eval_map"; the core substitutes the value into print fmts.
 *	TRACE_EVENT_FLAGS(E, f) / TRACE_EVENT_PERF_PERM(E, expr): an
 *	early initcall that sets event_E.flags |= f / event_E.perf_perm (so,
 *	as upstream, for built-in events only).
 *
 * The print fmt is the user-space contract (format files, libtraceevent,
 * perf): it is the TP_printk() format string in quotes, a comma, and the
 * arguments turned into text after macro expansion, with __entry spelled
 * REC, every __get_* / __print_* helper left as written and
 * __print_ns_to_secs / __print_ns_without_secs spelled as arithmetic.  The
 * few definitions below that produce that text must stay token for token
 * what upstream's are, or the format files would change.
 */

#undef __entry
#define __entry REC

/* Interface text (see above): do not reformat these four. */
#undef TP_printk
#define TP_printk(fmt, args...) "\"" fmt "\", "  __stringify(args)
#define __print_ns_to_secs(val) (val) / 1000000000UL
#define __print_ns_without_secs(val) (val) % 1000000000UL
/* Upstream leaves these defined: they print as __print_flags/_symbolic. */
#define __print_flags_u64(flag, delim, flag_array...)			\
			__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
			__print_symbolic(value, symbol_array)

#define __stg_system	__stg_cat(__stg_system_, TRACE_SYSTEM_VAR)

#ifdef CONFIG_PERF_EVENTS
#define __stg_perf_init(call)	.perf_probe = perf_trace_##call,
#else
#define __stg_perf_init(call)
#endif

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
static char __stg_fmt_##call[] __tp_align(char) = print;		\
static struct trace_event_class __used					\
	__tp_align(struct trace_event_class) event_class_##call = {	\
	.system		= __stg_system,					\
	.fields_array	= __stg_fields_trace_event_##call,		\
	.fields		= LIST_HEAD_INIT(event_class_##call.fields),	\
	.raw_init	= trace_event_raw_init,				\
	.probe		= trace_event_raw_event_##call,			\
	.reg		= trace_event_reg,				\
	__stg_perf_init(call)						\
};

/* Event @name of class @cls, printed by @out's function and format. */
#define __stg_event(cls, name, out)					\
static struct trace_event_call __used					\
	__tp_align(struct trace_event_call) event_##name = {		\
	.class		= &event_class_##cls,				\
	.tp		= &__tracepoint_##name,				\
	.event.funcs	= &__stg_funcs_trace_event_##out,		\
	.print_fmt	= __stg_fmt_##out,				\
	.flags		= TRACE_EVENT_FL_TRACEPOINT,			\
};									\
static struct trace_event_call __used __section("_ftrace_events")	\
	*__event_##name = &event_##name

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	__stg_event(template, name, template)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	static char __stg_fmt_##name[] __tp_align(char) = print;	\
	__stg_event(template, name, name)

/*
 * One eval map, named after its argument (a plain name, or a typedef for
 * TRACE_DEFINE_SIZEOF).  No __COUNTER__ here: print fmts that expand
 * min()/max() show __COUNTER__ values, and every use shifts them.
 */
#define __stg_eval(var, ptr, text, value)				\
static struct trace_eval_map var __used __initdata = {			\
	.system = __stg_system, .eval_string = text, .eval_value = value \
};									\
static struct trace_eval_map __used __section("_ftrace_eval_map")	\
	*ptr = &var

#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)						\
	__stg_eval(__stg_eval_##a, __stg_evalp_##a, #a, a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)						\
	__stg_eval(__stg_evals_##a, __stg_evalps_##a, "sizeof(" #a ")", sizeof(a))

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(name, value)					\
	static int __init __stg_flags_##name(void)			\
	{ event_##name.flags |= (value); return 0; }			\
	early_initcall(__stg_flags_##name);

#ifdef CONFIG_PERF_EVENTS
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(name, expr...)				\
	static int __stg_perm_##name(struct trace_event_call *tp_event,	\
				     struct perf_event *p_event)	\
	{ return ({ expr; }); }						\
	static int __init __stg_perm_init_##name(void)			\
	{ event_##name.perf_perm = __stg_perm_##name; return 0; }	\
	early_initcall(__stg_perm_init_##name);
#endif
