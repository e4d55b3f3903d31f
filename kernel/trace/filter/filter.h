/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event filter language: public interface.
 *
 * A filter is text such as
 *
 *	common_pid != 0 && (prev_comm ~ "kworker*" || cpu & CPUS{0-3})
 *
 * compiled once, at write time, against the fields of one event into an
 * immutable program (struct fprog), which is then run on every record
 * of that event.  The language, the program format and the error rules
 * are in Documentation/trace/retrace/filter.rst.
 *
 * Who calls what, and in which context:
 *
 *   fprog_compile()  process context, may sleep (GFP_KERNEL).  The caller
 *                  serialises writers of one filter (the registry's
 *                  mutex); compiles of different filters may run at once.
 *   fprog_match()    any context, NMI included, with preemption disabled
 *                  (a tracepoint probe).  No allocation, no lock, no
 *                  recursion, bounded time: every jump goes forward.
 *   fprog_free()     process context, once no fprog_match() can still be
 *                  running on the program.
 *
 * Concurrency: a program never changes after fprog_compile() returns it.
 * Its user publishes it with rcu_assign_pointer() and, to replace it,
 * publishes the new one, waits for the readers of the old one (for
 * tracepoint probes: tracepoint_synchronize_unregister()) and only then
 * calls fprog_free() on the old one.  fprog_match() itself takes no lock and
 * needs none: any number of CPUs may run the same program at once.
 *
 *                 compile   match    free
 *   compile         Y(1)      Y       Y
 *   match           Y         Y       N(2)
 *   free            Y         N(2)    N(3)
 *
 *   (1) of different filters; one filter's writers are serialised by
 *       its owner.  (2) the same program: wait for a grace period first.
 *   (3) a program is freed once.
 */
#ifndef _KERNEL_TRACE_FILTER_H
#define _KERNEL_TRACE_FILTER_H

#include <linux/types.h>

/*
 * How the filter reads a field.  The registry derives the kind from the
 * field's C type with fprog_field_kind_of(), as the format file prints it.
 */
enum fprog_field_kind {
	/* integer of 1, 2, 4 or 8 bytes; another size never matches */
	FPROG_FIELD_INT,
	/* char name[N]: up to N bytes or a NUL */
	FPROG_FIELD_CHAR_ARRAY,
	/*
	 * __data_loc char[]: a u32 with the offset from the record start
	 * in its low 16 bits and the length (NUL included) in the high 16
	 */
	FPROG_FIELD_DATA_LOC_STR,
	/* __rel_loc char[]: the offset counts from the end of the u32 */
	FPROG_FIELD_REL_LOC_STR,
	/* char *: kernel pointer; ".ustring" makes it a user pointer */
	FPROG_FIELD_PTR_STR,
	/* __data_loc cpumask_t */
	FPROG_FIELD_CPUMASK,
	/* no data: the CPU running the probe */
	FPROG_FIELD_CPU,
	/* no data: current->comm */
	FPROG_FIELD_COMM,
	/* no data: a name kept for compatibility, compared as an integer */
	FPROG_FIELD_STACKTRACE,
};

/**
 * struct fprog_field - one field of an event record, as the filter sees it
 * @name:	name as in the format file (matched exactly, case included)
 * @offset:	byte offset in the record
 * @size:	byte size in the record
 * @kind:	enum fprog_field_kind
 * @is_signed:	for FPROG_FIELD_INT, whether <, <=, >, >= and the value
 *		parser treat it as signed
 *
 * ".function" may follow the name of any field whose size is that of a
 * long: the field is then an address compared against the extent of a
 * kernel function (== and != only).
 */
struct fprog_field {
	const char	*name;
	u32		offset;
	u32		size;
	u8		kind;
	bool		is_signed;
};

/**
 * struct fprog_symbols - how ".function" operands are resolved
 * @lookup_name:  address of a symbol, 0 if unknown
 * @lookup_range: start and size of the symbol that contains @addr;
 *		  false if none
 *
 * NULL in struct fprog_schema means kallsyms.  Tests provide their own.
 */
struct fprog_symbols {
	unsigned long	(*lookup_name)(const char *name);
	bool		(*lookup_range)(unsigned long addr,
					unsigned long *start,
					unsigned long *size);
};

/**
 * struct fprog_schema - what a filter is compiled against
 * @fields:	the event's fields, common_* ones included; looked up
 *		first, before the generic names (CPU, cpu, common_cpu,
 *		COMM, comm, STACKTRACE, stacktrace)
 * @nr_fields:	entries in @fields
 * @symbols:	symbol resolver for ".function", NULL for kallsyms
 * @ip_only:	the function tracer's events, filtered through perf only:
 *		every predicate is "ip == pattern" or "ip != pattern" (the
 *		pattern quoted, or up to the next ')', '&' or '|'), which
 *		the program only records; fprog_ip_patterns() hands them to
 *		the function tracer.  Such a program never matches.
 */
struct fprog_schema {
	const struct fprog_field		*fields;
	unsigned int			nr_fields;
	const struct fprog_symbols	*symbols;
	bool				ip_only;
};

/*
 * The error messages, in one table (filter_msg.h) so that the parser,
 * the errno and the error_log text cannot drift apart.
 */
#define FPROG_MSG(id, ...)	FPROG_MSG_##id,
enum fprog_msg {
#include "filter_msg.h"
	FPROG_MSG_COUNT
};

#undef FPROG_MSG

/**
 * struct fprog_error - why fprog_compile() refused a filter
 * @err: negative errno the write of the filter should fail with
 * @msg: what error_log says; FPROG_MSG_ERRNO when the error logs no
 *	 parse message (the filter file then shows "Error: (@err)")
 * @pos: where error_log puts its caret, counted in bytes from the
 *	 start of the text (it can be one past the end)
 */
struct fprog_error {
	int		err;
	enum fprog_msg	msg;
	unsigned int	pos;
};

struct fprog;

/* Longest text fprog_compile() looks at (tracefs writes are < PAGE_SIZE). */
#define FPROG_MAX_TEXT	65535U

/* Longest quoted string operand, in bytes (MAX_FILTER_STR_VAL). */
#define FPROG_MAX_STR	256U

struct fprog *fprog_compile(const struct fprog_schema *schema,
			    const char *text, struct fprog_error *error);
bool fprog_match(const struct fprog *prog, const void *rec,
		 unsigned int size);
void fprog_free(struct fprog *prog);

int fprog_ip_patterns(const struct fprog *prog,
		      int (*fn)(void *data, bool trace, const char *pattern),
		    void *data);

enum fprog_field_kind fprog_field_kind_of(const char *type);
const char *fprog_msg_text(enum fprog_msg msg);
int fprog_format_error(char *buf, size_t size, const char *text,
		       const struct fprog_error *err);

#endif /* _KERNEL_TRACE_FILTER_H */
