/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output library of kernel/trace: how a record becomes text.
 *
 *   trace_output.c          the event-type registry (ids, lookup, the
 *                           registry lock) and the helpers that the
 *                           generated output functions of TRACE_EVENT()
 *                           call (__print_flags() and friends)
 *   trace_output_context.c  the columns before an event's text (task,
 *                           CPU, irq/preempt state, time stamp), symbol
 *                           printing, and the "fields" dump
 *   trace_output_entries.c  the printers of kernel/trace's own record
 *                           types (TRACE_FN ... TRACE_FUNC_REPEATS)
 *   trace_output_format.c   the format an event prints with (hash-ptr)
 *   trace_output_safestr.c  records whose "%s" pointers may be gone
 *
 * The text is an interface, byte for byte: user-space parsers of
 * `trace` and `trace_pipe` rely on it.  Design notes:
 * Documentation/trace/retrace/output.rst.
 *
 * Everything here writes into a trace_seq and reports overflow the
 * trace_seq way (see include/linux/trace_seq.h); none of it sleeps
 * except where noted (user stack symbolisation takes mmap_lock).
 */
#ifndef _KERNEL_TRACE_OUTPUT_H
#define _KERNEL_TRACE_OUTPUT_H

#include <linux/math64.h>
#include <linux/time64.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>

struct mm_struct;
struct rw_semaphore;

/*
 * Registry of event types (trace_output.c).
 *
 * trace_event_sem orders every change to the set of registered event
 * types: register_trace_event() and unregister_trace_event() take it for
 * writing; the event registry (trace_event_calls.c) takes it for writing
 * around module load and unload and then calls
 * __unregister_trace_event().  Output code holds it
 * for reading (trace_event_read_lock()) from before ftrace_find_event()
 * until it is done with the trace_event it returned.
 */
extern struct rw_semaphore trace_event_sem;
/*
 * Every registered event call, newest first: filled by the event
 * registry (trace_event_calls.c) under event_mutex and trace_event_sem
 * (write); walked with either held.
 */
extern struct list_head ftrace_events;
void trace_event_read_lock(void);
void trace_event_read_unlock(void);
struct trace_event *ftrace_find_event(int type);
int __unregister_trace_event(struct trace_event *event);

/* Register the printers of kernel/trace's own record types (boot). */
int init_events(void);

/* The latency mark printed after a duration ('!', '#', '$', ...). */
char trace_find_mark(unsigned long long duration);

/* The printer every missing trace_event_functions slot falls back to. */
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event);

/* Context columns and symbols (trace_output_context.c). */
int trace_print_context(struct trace_iterator *iter);
int trace_print_lat_context(struct trace_iterator *iter, u64 next_ts);
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry);
void trace_seq_print_sym(struct trace_seq *s, unsigned long address,
			 bool offset);
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags);
int seq_print_user_ip(struct trace_seq *s, struct mm_struct *mm,
		      unsigned long ip, unsigned long sym_flags);
void trace_print_time(struct trace_seq *s, struct trace_iterator *iter,
		      unsigned long long ts);
enum print_line_t print_event_fields(struct trace_iterator *iter,
				     struct trace_event *event);

/* The message alone, for the printk-msg-only option (trace_output_entries.c). */
enum print_line_t trace_print_bputs_msg_only(struct trace_iterator *iter);
enum print_line_t trace_print_bprintk_msg_only(struct trace_iterator *iter);
enum print_line_t trace_print_printk_msg_only(struct trace_iterator *iter);

/*
 * The format an event prints with (trace_output_format.c): %p-like
 * conversions of @fmt rewritten for the hash-ptr option, in iter->fmt,
 * which trace_iter_expand_format() grows.
 */
const char *trace_event_format(struct trace_iterator *iter, const char *fmt);
char *trace_iter_expand_format(struct trace_iterator *iter);

/*
 * Skip a record whose "%s" pointers may no longer be read
 * (trace_output_safestr.c); true after saying why in iter->seq.
 */
bool ignore_event(struct trace_iterator *iter);

/*
 * Time stamps as printed: microseconds, rounded to the nearest for the
 * "trace" columns and "stats", truncated for latencies.
 */
static inline unsigned long long ns2usecs(u64 nsec)
{
	return div_u64(nsec + NSEC_PER_USEC / 2, NSEC_PER_USEC);
}

static inline unsigned long nsecs_to_usecs(unsigned long nsecs)
{
	return nsecs / NSEC_PER_USEC;
}

/* A record field as raw bytes (the "bin" option) or as hex (the "hex" option). */
#define SEQ_PUT_FIELD(s, x)		trace_seq_putmem(s, &(x), sizeof(x))
#define SEQ_PUT_HEX_FIELD(s, x)		trace_seq_putmem_hex(s, &(x), sizeof(x))

#endif /* _KERNEL_TRACE_OUTPUT_H */
