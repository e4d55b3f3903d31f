/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 2 of 3, "output": how a record is printed in the trace file.
 * For each class C (and each DEFINE_EVENT_PRINT event E, which has its own
 * print over the record of its template C):
 *
 *	static enum print_line_t
 *	trace_event_output_C(struct trace_iterator *iter, int flags,
 *			   struct trace_event *event)
 *	{
 *		// "E: " (the event's name); checks the record's type
 *		trace_raw_output_prep(iter, event);
 *		trace_event_printf(iter, <TP_printk format> "\n", <args>);
 *	}
 *	static struct trace_event_functions __stg_funcs_trace_event_C = {
 *		.trace = trace_event_output_C,
 *	};
 *
 * Inside TP_printk(): __entry is the record; p is a scratch trace_seq
 * (iter->tmp_seq) that __print_flags(), __print_symbolic(), __print_hex(),
 * __print_hex_str(), __print_hex_dump(), __print_array(),
 * __print_dynamic_array(), __get_bitmask(), __get_cpumask() and __get_buf()
 * print into, returning the text; __print_ns_to_secs() and
 * __print_ns_without_secs() split nanoseconds.  Event headers' own print
 * helpers rely on the names iter and p.
 */

#undef __entry
#define __entry __stg_out

#undef TP_printk
#define TP_printk(fmt, args...) fmt "\n", ##args

#include "locate.h"
#define __get_bitmask(f)						\
	trace_print_bitmask_seq(p, __get_dynamic_array(f),		\
				__get_dynamic_array_len(f))
#define __get_rel_bitmask(f)						\
	trace_print_bitmask_seq(p, __get_rel_dynamic_array(f),		\
				__get_rel_dynamic_array_len(f))
#define __get_cpumask(f)		__get_bitmask(f)
#define __get_rel_cpumask(f)		__get_rel_bitmask(f)
#define __get_buf(len)			trace_seq_acquire(p, (len))

/* The tables end with { -1, NULL }, which the printers stop at. */
#define __print_flags(val, delim, table...)				\
	({								\
		static const struct trace_print_flags __stg_tbl[] = {	\
			table, { -1, NULL } };				\
		trace_print_flags_seq(p, delim, val, __stg_tbl);	\
	})
#define __print_symbolic(val, table...)					\
	({								\
		static const struct trace_print_flags __stg_tbl[] = {	\
			table, { -1, NULL } };				\
		trace_print_symbols_seq(p, val, __stg_tbl);		\
	})
#if BITS_PER_LONG == 64
#define __print_flags_u64(val, delim, table...)				\
	__print_flags(val, delim, table)
#define __print_symbolic_u64(val, table...)				\
	__print_symbolic(val, table)
#else
#define __print_flags_u64(val, delim, table...)				\
	({								\
		static const struct trace_print_flags_u64 __stg_tbl[] = { \
			table, { -1, NULL } };				\
		trace_print_flags_seq_u64(p, delim, val, __stg_tbl);	\
	})
#define __print_symbolic_u64(val, table...)				\
	({								\
		static const struct trace_print_flags_u64 __stg_tbl[] = { \
			table, { -1, NULL } };				\
		trace_print_symbols_seq_u64(p, val, __stg_tbl);	\
	})
#endif

#define __print_hex(buf, len)		trace_print_hex_seq(p, buf, len, false)
#define __print_hex_str(buf, len)	trace_print_hex_seq(p, buf, len, true)
#define __print_hex_dump(prefix, prefix_type, rowsize, groupsize, buf,	\
			 len, ascii)					\
	trace_print_hex_dump_seq(p, prefix, prefix_type, rowsize,	\
				 groupsize, buf, len, ascii)
#define __print_array(array, count, el_size)				\
	({								\
		BUILD_BUG_ON_MSG((el_size) != 1 && (el_size) != 2 &&	\
				 (el_size) != 4 && (el_size) != 8,	\
				 "__print_array: element size not 1/2/4/8"); \
		trace_print_array_seq(p, array, count, el_size);	\
	})
#define __print_dynamic_array(f, el_size)				\
	__print_array(__get_dynamic_array(f),				\
		      __get_dynamic_array_len(f) / (el_size), el_size)
#define __print_ns_to_secs(ns)		div_u64((u64)(ns), NSEC_PER_SEC)
#define __print_ns_without_secs(ns)					\
	({								\
		u32 __stg_rem;						\
									\
		div_u64_rem((u64)(ns), NSEC_PER_SEC, &__stg_rem);	\
		__stg_rem;						\
	})

/* Print the record of class @layout as event @name would. */
#define __stg_output(ns, layout, name, print)				\
static notrace enum print_line_t					\
ns##_output_##name(struct trace_iterator *iter, int flags,		\
		   struct trace_event *__stg_ev)			\
{									\
	struct ns##_raw_##layout __maybe_unused *__stg_out = (void *)iter->ent; \
	struct trace_seq __maybe_unused *p = &iter->tmp_seq;		\
	int __stg_ret = trace_raw_output_prep(iter, __stg_ev);		\
									\
	if (__stg_ret != TRACE_TYPE_HANDLED)				\
		return __stg_ret;					\
	trace_event_printf(iter, print);				\
	return trace_handle_return(&iter->seq);				\
}									\
static struct trace_event_functions					\
	__tp_align(struct trace_event_functions) __stg_funcs_##ns##_##name = { \
	.trace = ns##_output_##name,					\
};

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	__stg_output(trace_event, call, call, PARAMS(print))
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	__stg_output(trace_event, template, name, PARAMS(print))
