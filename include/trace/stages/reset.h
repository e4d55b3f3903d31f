/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The state every staging pass starts from (no include guard: included
 * before each pass, and once more when the passes are done).
 *
 * The TRACE_EVENT family is routed onto three macros, which a pass defines
 * for what it generates:
 *
 *   DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)
 *   DEFINE_EVENT(template, name, proto, args)
 *   DEFINE_EVENT_PRINT(template, name, proto, args, print)
 *
 *   TRACE_EVENT, TRACE_EVENT_CONDITION, TRACE_EVENT_FN, TRACE_EVENT_FN_COND
 *       -> DECLARE_EVENT_CLASS(name, ...) + DEFINE_EVENT(name, name, ...)
 *   DEFINE_EVENT_CONDITION, DEFINE_EVENT_FN -> DEFINE_EVENT
 *
 * (the conditions live in the trace_<name>() call site, the reg/unreg
 * callbacks in the tracepoint: only the record pass, which defines the
 * tracepoints, looks at them).  Everything else the event headers may use
 * is reset to nothing: the three above, TRACE_EVENT_FLAGS,
 * TRACE_EVENT_PERF_PERM, TRACE_DEFINE_ENUM, TRACE_DEFINE_SIZEOF, the bare
 * DECLARE_TRACE[_CONDITION], the *_NOP forms, and every helper a pass may
 * have given a meaning (__entry, TP_fast_assign, TP_printk, __get_*,
 * __assign_*, __print_*, __perf_*).  The field macros keep their single
 * meaning (stages/fields.h).
 *
 * <trace/bpf_probe.h> (upstream's) starts from this state too.
 */

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args));
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)

#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef DECLARE_EVENT_NOP
#define DECLARE_EVENT_NOP(name, proto, args)
#undef DECLARE_EVENT_CLASS_NOP
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)

#undef TP_fast_assign
#undef TP_printk
#undef __entry
#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_str
#undef __get_rel_str
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#undef __get_sockaddr
#undef __get_rel_sockaddr
#undef __get_buf
#undef __assign_str
#undef __assign_rel_str
#undef __assign_vstr
#undef __assign_bitmask
#undef __assign_rel_bitmask
#undef __assign_cpumask
#undef __assign_rel_cpumask
#undef __assign_sockaddr
#undef __assign_rel_sockaddr
#undef __print_flags
#undef __print_flags_u64
#undef __print_symbolic
#undef __print_symbolic_u64
#undef __print_hex
#undef __print_hex_str
#undef __print_hex_dump
#undef __print_array
#undef __print_dynamic_array
#undef __print_ns_to_secs
#undef __print_ns_without_secs
#undef __perf_count
#undef __perf_task
