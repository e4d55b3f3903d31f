/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printing a record: the reader's iterator, the per-type print
 * functions and the helpers TP_printk() calls
 * (Documentation/trace/retrace/trace-events-h.rst; output.rst and
 * reader.rst for the code behind these declarations).
 *
 * An event type (struct trace_event) is an id and four print
 * functions, one per output mode of "trace" and "trace_pipe": text,
 * raw, hex and binary.  register_trace_event() hands out the id
 * (kernel/trace/output/trace_output.c, the event-type registry) and the
 * reader calls the function of the mode the options select, with the
 * record in iter->ent.  The output pass of the staging headers
 * (include/trace/stages/output.h) generates the text function of
 * every TRACE_EVENT: it calls trace_raw_output_prep() and
 * trace_event_printf() and the trace_print_*_seq() helpers that back
 * __print_flags(), __print_symbolic() and friends.
 *
 * Locking: the registry of event types is guarded by kernel/trace's
 * trace_event_sem (writers: registration; readers: every reader while
 * it prints).  A trace_iterator belongs to one open file; see the
 * comment of the struct for which of its fields what serialises.
 * Process context only: printing may sleep between records.
 */
#ifndef _LINUX_TRACE_EVENTS_OUTPUT_H
#define _LINUX_TRACE_EVENTS_OUTPUT_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint-defs.h>
#include <linux/types.h>

#include <linux/trace_events_record.h>

struct array_buffer;
struct trace_array;
struct tracer;

/* ---- the TP_printk() helpers (kernel/trace/trace_output*.c) ---------- */

/*
 * Each writes into @s (the iterator's tmp_seq) and returns where its
 * text starts there, for the "%s" of the TP_printk() format.
 */

/* __print_hex() and __print_hex_str() (@concatenate: no spaces). */
const char *trace_print_hex_seq(struct trace_seq *s, const unsigned char *buf,
				int len, bool concatenate);
/* __print_hex_dump(): print_hex_dump()'s layout into the seq. */
const char *trace_print_hex_dump_seq(struct trace_seq *s,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii);
/* __print_array(): @count elements of @el_size bytes. */
const char *trace_print_array_seq(struct trace_seq *s, const void *buf,
				  int count, size_t el_size);
/* __get_bitmask(): a bitmask field, printed as hex words. */
const char *trace_print_bitmask_seq(struct trace_seq *s, void *bitmask_ptr,
				    unsigned int bitmask_size);
/* __print_symbolic(): the name of @val, or its number. */
const char *trace_print_symbols_seq(struct trace_seq *s, unsigned long val,
				    const struct trace_print_flags *symbol_array);
/* __print_flags(): the names of the set bits of @flags, @delim between. */
const char *trace_print_flags_seq(struct trace_seq *s, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array);
#if BITS_PER_LONG == 32
/* The 64-bit forms, for values wider than a long. */
const char *trace_print_symbols_seq_u64(struct trace_seq *s,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array);
const char *trace_print_flags_seq_u64(struct trace_seq *s, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array);
#endif

/* ---- the iterator ----------------------------------------------------- */

/*
 * struct trace_iterator - one reader's position in an instance's buffer
 *
 * Made by the open of "trace", "trace_pipe", "snapshot" and their
 * per-CPU forms, and by ftrace_dump() (kernel/trace/reader/trace_reader.c).
 * The generated output functions read ent, seq, tmp_seq, tr and
 * iter_flags; the rest is the reader's.
 *
 * Serialisation: the configuration group is set at open and read-only
 * after.  The per-record group is the reader's under @mutex for
 * trace_pipe, under the seq_file's lock for "trace".  @closed and
 * @wait_index are the wake-up handshake of a release with sleeping
 * readers: closed is stored first, then wait_index is bumped with
 * release order (kernel/trace/files/trace_raw_files.c).
 *
 * Member order is 6.12's: kernel/trace code is built against it and
 * it is kept so that the change of header changes no generated code.
 */
struct trace_iterator {
	/* What is read: set at open. */
	struct trace_array	*tr;
	struct tracer		*trace;		/* the tracer's print hooks */
	struct array_buffer	*array_buffer;	/* main or snapshot buffer */
	void			*private;	/* the tracer's */
	int			cpu_file;	/* a CPU, or RING_BUFFER_ALL_CPUS */

	/* The reader's own state. */
	struct mutex		mutex;		/* trace_pipe readers of one open */
	struct ring_buffer_iter	**buffer_iter;	/* per CPU, non-consuming only */
	unsigned long		iter_flags;	/* enum trace_iter_flags */
	void			*temp;		/* a copy of an entry being peeked */
	unsigned int		temp_size;
	char			*fmt;		/* a format rewritten for printing */
	unsigned int		fmt_size;
	atomic_t		wait_index;	/* bumped to wake waiters */

	/* Scratch text of the print helpers (__print_flags() & co). */
	struct trace_seq	tmp_seq;

	/* CPUs whose buffer start was announced (latency output). */
	cpumask_var_t		started;

	bool			closed;		/* released: waiters give up */
	bool			snapshot;	/* this is the "snapshot" file */

	/* Per record: the text built, the record and where it was found. */
	struct trace_seq	seq;
	struct trace_entry	*ent;
	unsigned long		lost_events;	/* dropped before @ent */
	int			leftover;	/* seq still holds an unread line */
	int			ent_size, cpu;	/* of @ent */
	u64			ts;		/* of @ent */

	/* Position of the seq_file of "trace". */
	loff_t			pos;
	long			idx;
};

/* iter->iter_flags (values as 6.12's, tracers test them). */
enum trace_iter_flags {
	TRACE_FILE_LAT_FMT	= 1,	/* latency-format context columns */
	TRACE_FILE_ANNOTATE	= 2,	/* mark where each CPU's buffer starts */
	TRACE_FILE_TIME_IN_NS	= 4,	/* the clock counts nanoseconds */
};

/* ---- event types and their print functions ---------------------------- */

/*
 * What a print function returns.  PARTIAL_LINE: the seq filled up,
 * print the record again once it is flushed; UNHANDLED: let the
 * default printer try; NO_CONSUME: printed, but leave the record in
 * the buffer.
 */
enum print_line_t {
	TRACE_TYPE_PARTIAL_LINE	= 0,
	TRACE_TYPE_HANDLED	= 1,
	TRACE_TYPE_UNHANDLED	= 2,
	TRACE_TYPE_NO_CONSUME	= 3
};

struct trace_event;

typedef enum print_line_t (*trace_print_func)(struct trace_iterator *iter,
					      int flags,
					      struct trace_event *event);

/* One print function per output mode; NULL ones get a default. */
struct trace_event_functions {
	trace_print_func	trace;		/* text */
	trace_print_func	raw;		/* option "raw" */
	trace_print_func	hex;		/* option "hex" */
	trace_print_func	binary;		/* option "bin" */
};

/*
 * An event type.  @type 0 asks register_trace_event() for a free id;
 * @node links it in the registry's hash (under trace_event_sem).
 */
struct trace_event {
	struct hlist_node		node;
	int				type;
	struct trace_event_functions	*funcs;
};

/* Returns the id given (0 on failure); unregister returns 0. */
int register_trace_event(struct trace_event *event);
int unregister_trace_event(struct trace_event *event);

/* PARTIAL_LINE if @s overflowed, else HANDLED: a print function's end. */
enum print_line_t trace_handle_return(struct trace_seq *s);

/*
 * For the generated text functions: check that iter->ent is of the
 * event's type and print "name: " (trace_raw_output_prep(), which
 * returns a TRACE_TYPE_* to return at once, or 0), then the formatted
 * fields (trace_event_printf(), which reworks a "%s" whose pointer is
 * not in the record when needed).
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event);
__printf(2, 3)
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...);

/* A whole line, "@name: " then the text, for kernel/trace's own records. */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
	__printf(3, 4);

#endif /* _LINUX_TRACE_EVENTS_OUTPUT_H */
