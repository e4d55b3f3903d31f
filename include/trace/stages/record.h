/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 1 of 3, "record": everything that depends on the field list.
 * Included by <trace/trace_events.h> after stages/reset.h, followed by the
 * event header.  For a class C with fields F and an event E of it:
 *
 *	struct trace_event_raw_C {		// the record in the ring buffer
 *		struct trace_entry ent;
 *		<F as members; a dynamic field is a u32 __data_loc_X or
 *		 __rel_loc_X>
 *		char __data[];			// dynamic fields follow
 *	};
 *	struct __stg_locs_C { u32 X; const char *X_src; ... };
 *	static struct trace_event_fields __stg_fields_C[] = { <F>, {} };
 *
 *	// size of the dynamic area; fills in the locators
 *	static inline int __stg_sizes_C(struct __stg_locs_C *, proto);
 *
 *	// the probe on the tracepoint of each event of C, for tracefs
 *	static void trace_event_raw_event_C(void *file, proto)
 *	{
 *		if (trace_trigger_soft_disabled(file))
 *			return;
 *		rec = trace_event_buffer_reserve(&buf, file,
 *						 sizeof(*rec) + sizes);
 *		<store the locators>  <TP_fast_assign>
 *		trace_event_buffer_commit(&buf);
 *	}
 *	// the same for perf (CONFIG_PERF_EVENTS): perf_trace_buf_alloc(),
 *	// perf_trace_run_bpf_submit(), honouring __perf_count/__perf_task
 *	static void perf_trace_C(void *call, proto);
 *
 *	// per event: the tracepoint itself (DEFINE_TRACE[_FN], with the
 *	// reg/unreg callbacks of the _FN forms) and compile-time checks that
 *	// the probes above match trace_E()'s prototype
 *	DEFINE_TRACE(E, proto, args);
 *
 * DECLARE_TRACE(foo) (a bare tracepoint, no event) defines foo_tp.
 *
 * Inside TP_fast_assign(): __entry is the record; __get_str(),
 * __get_dynamic_array[_len](), __get_bitmask(), __get_cpumask(),
 * __get_sockaddr() and their __rel_ forms point into it; __assign_str(),
 * __assign_vstr(), __assign_bitmask(), __assign_cpumask(),
 * __assign_sockaddr() (and __rel_) fill dynamic fields.
 */

#undef __entry
#define __entry entry

#undef TP_fast_assign
#define TP_fast_assign(code...) code

#include "locate.h"
#define __get_bitmask(f)		((char *)__get_dynamic_array(f))
#define __get_rel_bitmask(f)		((char *)__get_rel_dynamic_array(f))
#define __get_cpumask(f)		__get_bitmask(f)
#define __get_rel_cpumask(f)		__get_rel_bitmask(f)

/* Copy the source measured by the size pass; the length includes the NUL. */
#define __stg_copy_str(to, n, from)					\
	do {								\
		char *__stg_to = (to);					\
		unsigned int __stg_n = (n) - 1;				\
									\
		memcpy(__stg_to, (from) ?: EVENT_NULL_STR, __stg_n);	\
		__stg_to[__stg_n] = '\0';				\
	} while (0)
#define __assign_str(f)							\
	__stg_copy_str(__get_str(f), __get_dynamic_array_len(f),	\
		       __stg_locs->f##_src)
#define __assign_rel_str(f)						\
	__stg_copy_str(__get_rel_str(f), __get_rel_dynamic_array_len(f), \
		       __stg_locs->f##_src)
#define __assign_vstr(f, fmt, va)					\
	do {								\
		va_list __stg_va;					\
									\
		va_copy(__stg_va, *(va));				\
		vsnprintf(__get_str(f), __get_dynamic_array_len(f),	\
			  fmt, __stg_va);				\
		va_end(__stg_va);					\
	} while (0)
#define __assign_bitmask(f, src, nr_bits)				\
	memcpy(__get_bitmask(f), (src), __stg_bitmask_bytes(nr_bits))
#define __assign_rel_bitmask(f, src, nr_bits)				\
	memcpy(__get_rel_bitmask(f), (src), __stg_bitmask_bytes(nr_bits))
#define __assign_cpumask(f, src)					\
	__assign_bitmask(f, src, nr_cpumask_bits)
#define __assign_rel_cpumask(f, src)					\
	__assign_rel_bitmask(f, src, nr_cpumask_bits)
#define __assign_sockaddr(f, src, len)					\
	memcpy(__get_dynamic_array(f), (src), (len))
#define __assign_rel_sockaddr(f, src, len)				\
	memcpy(__get_rel_dynamic_array(f), (src), (len))

/*
 * TP_ARGS(__perf_count(n), __perf_task(t)): perf weighs the sample by n
 * and also delivers it to task t's events.  Both probes declare the two
 * variables; only perf reads them.
 */
#define __perf_count(c)	(__stg_count = (c))
#define __perf_task(t)	(__stg_task = (t))

#ifdef CONFIG_PERF_EVENTS
#define __stg_perf_probe(ns, call, proto, args, tstruct, assign)	\
static notrace void							\
perf_trace_##call(void *__stg_data, proto)				\
{									\
	struct trace_event_call *__stg_call = __stg_data;		\
	struct __stg_locs_##ns##_##call __stg_lv;				\
	struct __stg_locs_##ns##_##call *__stg_locs __maybe_unused = &__stg_lv; \
	struct ns##_raw_##call *entry;				\
	struct hlist_head *__stg_head;					\
	struct pt_regs *__stg_regs;					\
	struct task_struct *__stg_task = NULL;				\
	u64 __stg_count = 1;						\
	int __stg_rctx, __stg_bytes;					\
									\
	__stg_bytes = __stg_sizes_##ns##_##call(__stg_locs, args);		\
	__stg_head = this_cpu_ptr(__stg_call->perf_events);		\
	/* Nobody listens: no BPF program, no event here or on a task. */ \
	if (hlist_empty(__stg_head) && !bpf_prog_array_valid(__stg_call) && \
	    __builtin_constant_p(!__stg_task) && !__stg_task)		\
		return;							\
	/* perf's raw sample is a u32 size and the record, u64 aligned. */ \
	__stg_bytes = ALIGN(sizeof(u32) + sizeof(*entry) + __stg_bytes, \
			    sizeof(u64)) - sizeof(u32);			\
	entry = perf_trace_buf_alloc(__stg_bytes, &__stg_regs, &__stg_rctx); \
	if (!entry)							\
		return;							\
	perf_fetch_caller_regs(__stg_regs);				\
	__stg_for(store, tstruct)					\
	{ assign; }							\
	perf_trace_run_bpf_submit(entry, __stg_bytes, __stg_rctx,	\
				  __stg_call, __stg_count, __stg_regs,	\
				  __stg_head, __stg_task);		\
}
#define __stg_perf_check(template, name)				\
	check_trace_callback_type_##name(perf_trace_##template);
#else
#define __stg_perf_probe(ns, call, proto, args, tstruct, assign)
#define __stg_perf_check(template, name)
#endif

/*
 * The class: record layout, field descriptions, size computation and the
 * tracefs probe.  @ns names the record struct (ns_raw_call): trace_event
 * here, trace_custom_event for custom events.
 */
#define __stg_record_class(ns, call, proto, args, tstruct, assign)	\
struct ns##_raw_##call {						\
	struct trace_entry ent;						\
	__stg_for(layout, tstruct)					\
	char __data[];							\
};									\
struct __stg_locs_##ns##_##call {						\
	__stg_for(locs, tstruct)					\
};									\
static struct trace_event_fields __tp_align(struct trace_event_fields)	\
	__stg_fields_##ns##_##call[] = {				\
	__stg_for(fields, tstruct)					\
	{}								\
};									\
static inline notrace int						\
__stg_sizes_##ns##_##call(struct __stg_locs_##ns##_##call *__stg_locs, proto)	\
{									\
	struct ns##_raw_##call *entry __maybe_unused = NULL;	\
	const int __stg_base __maybe_unused =				\
		offsetof(struct ns##_raw_##call, __data);		\
	int __stg_size = 0, __stg_len __maybe_unused;			\
									\
	__stg_for(sizes, tstruct)					\
	return __stg_size;						\
}									\
static notrace void							\
ns##_raw_event_##call(void *__stg_data, proto)				\
{									\
	struct trace_event_file *__stg_file = __stg_data;		\
	struct __stg_locs_##ns##_##call __stg_lv;				\
	struct __stg_locs_##ns##_##call *__stg_locs __maybe_unused = &__stg_lv; \
	struct task_struct *__stg_task __maybe_unused;			\
	u64 __stg_count __maybe_unused;					\
	struct trace_event_buffer __stg_buf;				\
	struct ns##_raw_##call *entry;				\
	int __stg_bytes;						\
									\
	if (trace_trigger_soft_disabled(__stg_file))			\
		return;							\
	__stg_bytes = sizeof(*entry) +				\
		__stg_sizes_##ns##_##call(__stg_locs, args);			\
	entry = trace_event_buffer_reserve(&__stg_buf, __stg_file,	\
					       __stg_bytes);		\
	if (!entry)							\
		return;							\
	__stg_for(store, tstruct)					\
	{ assign; }							\
	trace_event_buffer_commit(&__stg_buf);				\
}

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	__stg_record_class(trace_event, call, PARAMS(proto), PARAMS(args), \
			   PARAMS(tstruct), PARAMS(assign))		\
	__stg_perf_probe(trace_event, call, PARAMS(proto), PARAMS(args), \
			 PARAMS(tstruct), PARAMS(assign))

/* The tracepoint of event @name, and a check of the probes' prototypes. */
#define __stg_record_event(template, name, proto, args, reg, unreg)	\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))	\
	static inline void __stg_check_##name(void)			\
	{								\
		check_trace_callback_type_##name(trace_event_raw_event_##template); \
		__stg_perf_check(template, name)			\
	}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	__stg_record_event(template, name, PARAMS(proto), PARAMS(args),	\
			   NULL, NULL)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	__stg_record_event(template, name, PARAMS(proto), PARAMS(args),	\
			   NULL, NULL)
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	__stg_record_event(template, name, PARAMS(proto), PARAMS(args),	\
			   reg, unreg)
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT_FN(name, name, PARAMS(proto), PARAMS(args), reg, unreg);
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	TRACE_EVENT_FN(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
		       PARAMS(assign), PARAMS(print), reg, unreg)

/* A bare tracepoint: <linux/tracepoint.h> declared it as NAME_tp. */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)				\
	DEFINE_TRACE(name##_tp, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	DEFINE_TRACE(name##_tp, PARAMS(proto), PARAMS(args))
