/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The instance options (options.rst): the table of their names and
 * bits, which the write path, the readers and the files test.  The calls
 * that change them are tracers/trace_opts.h's.
 *
 * TRACE_FLAGS is an X-macro: every entry is C(BIT_NAME, "text"), and a
 * user defines C() for what it wants out of the table (the bit enum and
 * the masks below; the option names in trace_options and options/).
 * The position of an entry is its bit number, and it is user-visible:
 * trace_options lists the options in bit order.  So entries are only
 * ever appended, and the config-dependent ones sit at the end in this
 * order (function-trace, function-fork, display-graph, stacktrace,
 * branch); an option whose capability is not built is not in the table
 * at all, and neither its name nor its file exists.
 *
 * Locking: an instance's option word (tr->trace_flags) is written under
 * trace_types_lock (and event_mutex first when the option's side effect
 * touches the registry: record-cmd, record-tgid, event-fork); readers on
 * the write and read paths load it without a lock and act on the value
 * they saw.
 */
#ifndef _KERNEL_TRACE_FLAGS_H
#define _KERNEL_TRACE_FLAGS_H

#include <linux/types.h>

#ifdef CONFIG_FUNCTION_TRACER
#define FUNCTION_FLAGS							\
	C(FUNCTION, "function-trace"), C(FUNC_FORK, "function-fork"),
#define FUNCTION_DEFAULT_FLAGS	TRACE_ITER_FUNCTION
#else
#define FUNCTION_FLAGS
#define FUNCTION_DEFAULT_FLAGS	0UL
/* event-fork's sibling, masked out of a new instance's copy */
#define TRACE_ITER_FUNC_FORK	0UL
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#define FGRAPH_FLAGS	C(DISPLAY_GRAPH, "display-graph"),
#else
#define FGRAPH_FLAGS
#endif

#ifdef CONFIG_STACKTRACE
#define STACK_FLAGS	C(STACKTRACE, "stacktrace"),
#else
#define STACK_FLAGS
#endif

#ifdef CONFIG_BRANCH_TRACER
#define BRANCH_FLAGS	C(BRANCH, "branch"),
#else
#define BRANCH_FLAGS
#endif

/* Bit order = listing order of trace_options (see above). */
#define TRACE_FLAGS							\
	C(PRINT_PARENT, "print-parent"), C(SYM_OFFSET, "sym-offset"),	\
	C(SYM_ADDR, "sym-addr"), C(VERBOSE, "verbose"),			\
	C(RAW, "raw"), C(HEX, "hex"), C(BIN, "bin"),			\
	C(BLOCK, "block"), C(FIELDS, "fields"),				\
	C(PRINTK, "trace_printk"), C(ANNOTATE, "annotate"),		\
	C(USERSTACKTRACE, "userstacktrace"),				\
	C(SYM_USEROBJ, "sym-userobj"),					\
	C(PRINTK_MSGONLY, "printk-msg-only"),				\
	C(CONTEXT_INFO, "context-info"),				\
	C(LATENCY_FMT, "latency-format"),				\
	C(RECORD_CMD, "record-cmd"), C(RECORD_TGID, "record-tgid"),	\
	C(OVERWRITE, "overwrite"), C(STOP_ON_FREE, "disable_on_free"),	\
	C(IRQ_INFO, "irq-info"), C(MARKERS, "markers"),			\
	C(EVENT_FORK, "event-fork"),					\
	C(TRACE_PRINTK, "trace_printk_dest"),				\
	C(PAUSE_ON_TRACE, "pause-on-trace"),				\
	C(HASH_PTR, "hash-ptr"),					\
	FUNCTION_FLAGS FGRAPH_FLAGS STACK_FLAGS BRANCH_FLAGS

/* TRACE_ITER_<NAME>_BIT: the bit numbers; TRACE_ITER_LAST_BIT counts them. */
#undef C
#define C(name, ...)	TRACE_ITER_##name##_BIT
enum trace_iterator_bits { TRACE_FLAGS TRACE_ITER_LAST_BIT };

/* TRACE_ITER_<NAME>: the masks, as tested in tr->trace_flags. */
#undef C
#define C(name, ...)	TRACE_ITER_##name = 1 << TRACE_ITER_##name##_BIT
enum trace_iterator_flags { TRACE_FLAGS };
#undef C

/* Room for every option bit in an instance's trace_flags word. */
#define TRACE_FLAGS_MAX_SIZE	32

/* The options that change how a kernel address is printed. */
#define TRACE_ITER_SYM_MASK						\
	(TRACE_ITER_SYM_ADDR | TRACE_ITER_SYM_OFFSET | TRACE_ITER_PRINT_PARENT)

#endif /* _KERNEL_TRACE_FLAGS_H */
