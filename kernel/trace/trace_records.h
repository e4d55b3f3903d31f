/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records kernel/trace writes on its own behalf (system "ftrace":
 * function, print, bprint, kernel_stack, ...), as C structs.
 *
 * trace_entries.h lists them once, as FTRACE_ENTRY*() lines; it is read
 * twice here and once more by trace_core_events.c:
 *
 *   here, read 1   struct NAME_entry { struct trace_entry ent; ... }:
 *                  what the writers fill and the printers read
 *   here, read 2   extern struct trace_event_call event_NAME, the calls
 *                  trace_core_events.c defines
 *   core events    the field descriptions and calls of events/ftrace/
 *
 * The layouts are ABI: tools parse these records from trace_pipe_raw
 * through events/ftrace/NAME/format, so a member is never moved.  The
 * type numbers below are ABI too (they are the ids of those events):
 * a type keeps its value whether or not anything in
 * this kernel writes it.
 *
 * No code, no locks: types and constants only.
 */
#ifndef _KERNEL_TRACE_RECORDS_H
#define _KERNEL_TRACE_RECORDS_H

#include <linux/ftrace.h>
#include <linux/mmiotrace.h>
#include <linux/once_lite.h>
#include <linux/trace_events.h>

/*
 * Record type numbers, i.e. the fixed ids of the ftrace/ events; the
 * output library hands out the ids above __TRACE_LAST_TYPE.  The order
 * is their value (user-visible in each format's "ID:").
 */
enum trace_type {
	__TRACE_FIRST_TYPE = 0,
	TRACE_FN, TRACE_CTX, TRACE_WAKE, TRACE_STACK,		/*  1 ..  4 */
	TRACE_PRINT, TRACE_BPRINT, TRACE_MMIO_RW,		/*  5 ..  7 */
	TRACE_MMIO_MAP, TRACE_BRANCH, TRACE_GRAPH_RET,		/*  8 .. 10 */
	TRACE_GRAPH_ENT, TRACE_USER_STACK, TRACE_BLK,		/* 11 .. 13 */
	TRACE_BPUTS, TRACE_HWLAT, TRACE_OSNOISE,		/* 14 .. 16 */
	TRACE_TIMERLAT, TRACE_RAW_DATA, TRACE_FUNC_REPEATS,	/* 17 .. 19 */
	__TRACE_LAST_TYPE,
};

/*
 * The reg op FTRACE_ENTRY_REG names for ftrace/function (perf only):
 * the registry's (trace_core_events.c), which hands every request to
 * the op the perf side of the function tracer put in
 * trace_function_perf_reg (events/trace_event_perf_function.c, a layer
 * the registry does not call directly).  Without the function tracer
 * there is none.
 */
#if !IS_ENABLED(CONFIG_FUNCTION_TRACER) || !IS_ENABLED(CONFIG_PERF_EVENTS)
#define perf_ftrace_event_register	NULL
#else
int perf_ftrace_event_register(struct trace_event_call *call,
			       enum trace_reg type, void *data);
extern int (*trace_function_perf_reg)(struct trace_event_call *call,
				      enum trace_reg type, void *data);
#endif

/*
 * Read 1 of trace_entries.h: each FTRACE_ENTRY*() becomes its struct.
 * Members that are described to user space but live inside another
 * member (__field_desc, __array_desc) add nothing here.  kernel_stack's
 * caller[] is declared to user space with a fixed length but is really
 * as long as its size member says (__stack_array).
 *
 * trace_entries.h writes members one after the other with nothing in
 * between, so trace_rec_member() is the one macro here that ends in a
 * ';' (checkpatch warns about it, and about the arguments an X-macro
 * consumer has to ignore; both are the shape of the interface).
 */
#define trace_rec_member(t, decl)	__typeof__(t) decl;

#undef F_STRUCT
#define F_STRUCT(members...)			members
#undef __field
#define __field(t, m)				trace_rec_member(t, m)
#undef __field_fn
#define __field_fn(t, m)			trace_rec_member(t, m)
#undef __field_packed
#define __field_packed(t, m)			trace_rec_member(t, m)
#undef __field_struct
#define __field_struct(t, m)			trace_rec_member(t, m)
#undef __array
#define __array(t, m, len)			trace_rec_member(t, m[len])
#undef __stack_array
#define __stack_array(t, m, len, count)	\
	trace_rec_member(t, m[] __counted_by(count))
#undef __dynamic_array
#define __dynamic_array(t, m)			trace_rec_member(t, m[])
#undef __rel_dynamic_array
#define __rel_dynamic_array(t, m)		trace_rec_member(t, m[])
#undef __field_desc
#define __field_desc(...)
#undef __field_desc_packed
#define __field_desc_packed(...)
#undef __array_desc
#define __array_desc(...)

#undef FTRACE_ENTRY
#define FTRACE_ENTRY(ev, sname, id, members, print)			\
	struct sname { struct trace_entry ent; members }
#undef FTRACE_ENTRY_PACKED
#define FTRACE_ENTRY_PACKED(ev, sname, id, members, print)		\
	struct sname { struct trace_entry ent; members } __packed
#undef FTRACE_ENTRY_REG
#define FTRACE_ENTRY_REG(ev, sname, id, members, print, regfn)		\
	FTRACE_ENTRY(ev, sname, id, PARAMS(members), PARAMS(print))
#undef FTRACE_ENTRY_DUP
#define FTRACE_ENTRY_DUP(...)

#include "trace_entries.h"

/* Read 2: the event call of each record (trace_core_events.c). */
#undef FTRACE_ENTRY
#define FTRACE_ENTRY(ev, ...)						\
	extern struct trace_event_call __aligned(4) event_##ev
#undef FTRACE_ENTRY_PACKED
#define FTRACE_ENTRY_PACKED(ev, ...)		FTRACE_ENTRY(ev)
#undef FTRACE_ENTRY_DUP
#define FTRACE_ENTRY_DUP(ev, ...)		FTRACE_ENTRY(ev)

#include "trace_entries.h"

/*
 * The type number of the record struct @var points to, 0 for a struct
 * written under several numbers (ctx_switch_entry: TRACE_CTX and
 * TRACE_WAKE); any other pointer type is a compile error (no _Generic
 * association matches).  @var is not evaluated.
 */
#define trace_record_type_of(var)					\
	_Generic((typeof(var))NULL,					\
		 struct ftrace_entry * : TRACE_FN,			\
		 struct ctx_switch_entry * : 0,				\
		 struct stack_entry * : TRACE_STACK,			\
		 struct userstack_entry * : TRACE_USER_STACK,		\
		 struct print_entry * : TRACE_PRINT,			\
		 struct bprint_entry * : TRACE_BPRINT,			\
		 struct bputs_entry * : TRACE_BPUTS,			\
		 struct raw_data_entry * : TRACE_RAW_DATA,		\
		 struct func_repeats_entry * : TRACE_FUNC_REPEATS,	\
		 struct ftrace_graph_ent_entry * : TRACE_GRAPH_ENT,	\
		 struct ftrace_graph_ret_entry * : TRACE_GRAPH_RET,	\
		 struct trace_branch * : TRACE_BRANCH,			\
		 struct trace_mmiotrace_rw * : TRACE_MMIO_RW,		\
		 struct trace_mmiotrace_map * : TRACE_MMIO_MAP,		\
		 struct hwlat_entry * : TRACE_HWLAT,			\
		 struct osnoise_entry * : TRACE_OSNOISE,		\
		 struct timerlat_entry * : TRACE_TIMERLAT)

/*
 * Point @var at the record @ent, checked: @var must be a pointer to one
 * of the record structs, and a record read under a type number that is
 * not its own warns.
 */
#define trace_assign_type(var, ent)					\
	do {								\
		const struct trace_entry *__rec = (ent);		\
		typeof(var) *__dst = &(var);				\
		int __want = trace_record_type_of(*__dst);		\
									\
		*__dst = (typeof(var))__rec;				\
		WARN_ON(__want && __rec->type != __want);		\
	} while (0)

/*
 * Report an allocation failure once per call site (the caller carries
 * on without what it could not allocate).
 */
#define MEM_FAIL(cond, fmt, ...)					\
	DO_ONCE_LITE_IF(cond, pr_err, "ERROR: " fmt, ##__VA_ARGS__)

/* The largest text trace_printk() and friends format in one record. */
#define TRACE_BUF_SIZE		1024

/*
 * Stack records of the function-tracer trampolines mark the trampoline
 * with this value instead of a return address (not a real address).
 */
#define FTRACE_TRAMPOLINE_MARKER	((unsigned long)INT_MAX)

#endif /* _KERNEL_TRACE_RECORDS_H */
