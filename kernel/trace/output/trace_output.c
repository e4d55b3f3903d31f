// SPDX-License-Identifier: GPL-2.0
/*
 * Event types and the print helpers of generated event output.
 *
 * Part one, the registry.  Every record in a trace buffer starts with
 * a 16-bit type; a struct trace_event registered under that type says
 * how to print it.  Types below __TRACE_LAST_TYPE are fixed (enum
 * trace_type in trace_records.h: the function tracer's records, trace_printk,
 * ...); every other event gets the lowest free number from
 * __TRACE_LAST_TYPE up to TRACE_EVENT_TYPE_MAX when it registers, and
 * gives it back when it unregisters.  That number is what
 * events/<system>/<event>/id shows and what perf uses as the config of
 * a tracepoint event; it is assigned lowest free first, freed numbers
 * reused.
 *
 * The registry has two parts.  Fixed types live in a plain array:
 * init_events() registers them from early_trace_init(), before the
 * radix tree (and so the xarray) can allocate.  Dynamic types live in an
 * allocating xarray, so the "lowest free" search is xa_alloc()'s; they
 * are first registered from trace_init(), later in boot.  Lookups are
 * an array index or an xa_load(), both safe under RCU, but the contract
 * is stricter: readers hold trace_event_sem for reading while they use
 * what they found, and all changes are made with it held for writing,
 * so a trace_event is never freed while a reader prints with it.
 *
 * Part two, the helpers a TP_printk() expands to (__print_flags(),
 * __print_symbolic(), __print_hex(), __print_array(), __get_bitmask(),
 * __print_hex_dump()) and the start of every generated output function.
 * Each helper appends its text to the iterator's scratch trace_seq,
 * ends it with a NUL, and returns where it started, so that the value
 * can be a "%s" argument of the event's format.
 *
 * Context: the print helpers run wherever output is produced (reads of
 * trace/trace_pipe, ftrace_dump() in any context); they take no lock.
 * Registration sleeps.
 */
#include <linux/module.h>
#include <linux/rwsem.h>
#include <linux/trace_seq.h>
#include <linux/xarray.h>

#include "trace_output.h"
#include "trace_records.h"

/*
 * Lock order: trace_event_sem, then the xarray's internal spinlock.
 * Writers: register/unregister (here), the registry's module code
 * (trace_event_calls.c).
 * Readers: trace_event_read_lock() callers, the reader's files
 * (trace_text_files.c).
 */
DECLARE_RWSEM(trace_event_sem);

/*
 * Every registered event call, newest first.  The event registry
 * (trace_event_calls.c) fills and empties it under event_mutex and
 * trace_event_sem (write); the head sits here, with the lock that lets
 * the output library walk it (the "fields" dump,
 * trace_output_context.c, under trace_event_read_lock()).
 */
LIST_HEAD(ftrace_events);

/*
 * type -> struct trace_event *, for fixed and for dynamic types.  Both
 * are written under trace_event_sem (write) only.
 */
static struct trace_event *fixed_types[__TRACE_LAST_TYPE];
static DEFINE_XARRAY_ALLOC(event_types);

void trace_event_read_lock(void)
{
	down_read(&trace_event_sem);
}

void trace_event_read_unlock(void)
{
	up_read(&trace_event_sem);
}

/**
 * ftrace_find_event - the trace_event registered for a record type
 * @type: the type from a record header
 *
 * Call with trace_event_read_lock() held and keep it while using the
 * result.
 *
 * Return: the event, or NULL if nothing is registered under @type.
 */
struct trace_event *ftrace_find_event(int type)
{
	if (type <= 0)
		return NULL;
	if (type < __TRACE_LAST_TYPE)
		return READ_ONCE(fixed_types[type]);
	return xa_load(&event_types, type);
}

/* Give every missing callback the "type: N" fallback printer. */
static void event_fill_funcs(struct trace_event_functions *funcs)
{
	if (!funcs->trace)
		funcs->trace = trace_nop_print;
	if (!funcs->raw)
		funcs->raw = trace_nop_print;
	if (!funcs->hex)
		funcs->hex = trace_nop_print;
	if (!funcs->binary)
		funcs->binary = trace_nop_print;
}

/* Enter @event under a fixed type it already carries; 0 on success. */
static int event_add_fixed(struct trace_event *event)
{
	if (WARN(event->type < 0 || event->type >= __TRACE_LAST_TYPE,
		 "event type %d is not in enum trace_type\n", event->type))
		return -EINVAL;
	/* Taken: the caller is told by a 0 return. */
	if (fixed_types[event->type])
		return -EBUSY;
	WRITE_ONCE(fixed_types[event->type], event);
	return 0;
}

/* Enter @event under the lowest free dynamic type; 0 on success. */
static int event_add_dynamic(struct trace_event *event)
{
	u32 id;
	int err;

	err = xa_alloc(&event_types, &id, event,
		       XA_LIMIT(__TRACE_LAST_TYPE, TRACE_EVENT_TYPE_MAX),
		       GFP_KERNEL);
	if (err)
		return err;
	event->type = id;
	return 0;
}

/**
 * register_trace_event - give a record type its printers
 * @event: the type and its printers; @event->type 0 asks for a new type
 *
 * With @event->type 0 the event gets the lowest free type number above
 * the fixed ones.  A nonzero @event->type must be one of enum
 * trace_type (trace_records.h) and not yet taken.  Printers left NULL in
 * @event->funcs are set to trace_nop_print().  Sleeps.
 *
 * Return: the event's type, or 0 if it could not be registered (no
 * free number, the fixed type is taken or unknown, no @event->funcs).
 */
int register_trace_event(struct trace_event *event)
{
	int err = -EINVAL;

	down_write(&trace_event_sem);
	if (WARN_ON(!event) || WARN_ON(!event->funcs))
		goto out;
	if (event->type)
		err = event_add_fixed(event);
	else
		err = event_add_dynamic(event);
	if (!err)
		event_fill_funcs(event->funcs);
out:
	up_write(&trace_event_sem);
	return err ? 0 : event->type;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/*
 * __unregister_trace_event - unregister_trace_event() for callers that
 * already hold trace_event_sem for writing (module unload).  A dynamic
 * type becomes free for the next registration; @event->type is left as
 * it was, so a caller that registers again must reset it to 0.
 */
int __unregister_trace_event(struct trace_event *event)
{
	lockdep_assert_held_write(&trace_event_sem);
	if (event->type > 0 && event->type < __TRACE_LAST_TYPE) {
		if (fixed_types[event->type] == event)
			WRITE_ONCE(fixed_types[event->type], NULL);
		return 0;
	}
	/* A dynamic type goes back to the pool with its slot. */
	xa_erase(&event_types, event->type);
	return 0;
}

/**
 * unregister_trace_event - drop a record type registered earlier
 * @event: what register_trace_event() was given
 *
 * Sleeps.
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	int ret;

	down_write(&trace_event_sem);
	ret = __unregister_trace_event(event);
	up_write(&trace_event_sem);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/**
 * trace_handle_return - how an output function's seq ended
 * @s: the seq it wrote into
 *
 * TRACE_TYPE_PARTIAL_LINE if @s overflowed, else TRACE_TYPE_HANDLED.
 */
enum print_line_t trace_handle_return(struct trace_seq *s)
{
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	return TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);

/**
 * trace_nop_print - the printer of a record that has no printer
 * @iter: the iterator, positioned on the record
 * @flags: unused
 * @event: unused
 *
 * Prints "type: N".
 *
 * Return: what trace_handle_return() says of the line.
 */
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}

/*
 * Flags and symbols.  The tables are arrays of { mask, name } ended by a
 * NULL name; 32-bit kernels have a second table type with 64-bit masks
 * for the _u64 helpers.  One walk serves both through a small view.
 *
 * Flags: entries are taken in table order; an entry matches when all
 * of its mask bits are set in what is left of the value, and its bits
 * are then removed.  The walk stops at the table's end or when nothing
 * is left.  Bits no entry claimed are printed last, in hex.  An entry
 * with mask 0 therefore matches whenever anything is left.
 *
 * Symbols: the first entry whose mask equals the value names it; no
 * match (or an empty name) prints the value in hex.
 */
struct sym_table {
	const struct trace_print_flags *narrow;
#if BITS_PER_LONG == 32
	const struct trace_print_flags_u64 *wide;
#endif
};

/* Entry @i of @t: false at the end of the table. */
static bool sym_entry(const struct sym_table *t, unsigned int i, u64 *mask,
		      const char **name)
{
#if BITS_PER_LONG == 32
	if (t->wide) {
		*mask = t->wide[i].mask;
		*name = t->wide[i].name;
		return *name;
	}
#endif
	*mask = t->narrow[i].mask;
	*name = t->narrow[i].name;
	return *name;
}

static const char *flags_text(struct trace_seq *p, const char *delim,
			      u64 flags, const struct sym_table *t)
{
	const char *start = trace_seq_buffer_ptr(p);
	const char *name;
	bool sep = false;
	unsigned int i;
	u64 mask;

	for (i = 0; flags && sym_entry(t, i, &mask, &name); i++) {
		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		if (sep && delim)
			trace_seq_puts(p, delim);
		trace_seq_puts(p, name);
		sep = true;
	}
	if (flags) {
		if (sep && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%llx", flags);
	}
	trace_seq_putc(p, '\0');
	return start;
}

static const char *symbol_text(struct trace_seq *p, u64 val,
			       const struct sym_table *t)
{
	const char *start = trace_seq_buffer_ptr(p);
	const char *name;
	unsigned int i;
	u64 mask;

	for (i = 0; sym_entry(t, i, &mask, &name); i++) {
		if (mask == val) {
			trace_seq_puts(p, name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == start)
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, '\0');
	return start;
}

/**
 * trace_print_flags_seq - text of __print_flags()
 * @p: the scratch sequence
 * @delim: printed between names (NULL: nothing)
 * @flags: the value
 * @flag_array: { mask, name } entries, ended by a NULL name
 *
 * Return: the NUL-terminated text (see the rules above).
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	struct sym_table t = { .narrow = flag_array };

	return flags_text(p, delim, flags, &t);
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq - text of __print_symbolic()
 * @p: the scratch sequence
 * @val: the value
 * @symbol_array: { value, name } entries, ended by a NULL name
 *
 * Return: the NUL-terminated text (see the rules above).
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	struct sym_table t = { .narrow = symbol_array };

	return symbol_text(p, val, &t);
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
/* trace_print_flags_seq() for 64-bit values on 32-bit kernels. */
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	struct sym_table t = { .wide = flag_array };

	return flags_text(p, delim, flags, &t);
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

/* trace_print_symbols_seq() for 64-bit values on 32-bit kernels. */
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	struct sym_table t = { .wide = symbol_array };

	return symbol_text(p, val, &t);
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq - text of a __bitmask() field
 * @p: the scratch sequence
 * @bitmask_ptr: the mask bits
 * @bitmask_size: their size in bytes
 *
 * Return: the NUL-terminated text, as "%*pb" prints the mask.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * BITS_PER_BYTE);
	trace_seq_putc(p, '\0');
	return start;
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/* The "%*ph" family prints at most this many bytes per conversion. */
#define HEX_SEQ_CHUNK	16

/**
 * trace_print_hex_seq - text of __print_hex() / __print_hex_str()
 * @p: the scratch sequence
 * @buf: the bytes
 * @buf_len: how many
 * @concatenate: true for one unbroken hex string (__print_hex_str),
 *	false for two digits per byte separated by spaces (__print_hex)
 *
 * Return: the NUL-terminated text.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate)
{
	const char *start = trace_seq_buffer_ptr(p);
	int done, n;

	for (done = 0; done < buf_len; done += n) {
		n = min(buf_len - done, HEX_SEQ_CHUNK);
		if (concatenate) {
			trace_seq_printf(p, "%*phN", n, buf + done);
			continue;
		}
		if (done)
			trace_seq_putc(p, ' ');
		trace_seq_printf(p, "%*ph", n, buf + done);
	}
	trace_seq_putc(p, '\0');
	return start;
}
EXPORT_SYMBOL(trace_print_hex_seq);

/**
 * trace_print_array_seq - text of __print_array()
 * @p: the scratch sequence
 * @buf: the elements
 * @count: how many
 * @el_size: size of one element: 1, 2, 4 or 8
 *
 * "{0x1,0x2}": each element in hex, comma separated.  Any other
 * @el_size prints "BAD SIZE:<size> " and then every byte of the array
 * as if the elements were bytes.
 *
 * Return: the NUL-terminated text.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *start = trace_seq_buffer_ptr(p);
	const u8 *pos = buf;
	const u8 *end = pos + count * el_size;
	const char *sep = "";

	trace_seq_putc(p, '{');
	for (; pos < end; pos += el_size, sep = ",") {
		switch (el_size) {
		case sizeof(u8):
			trace_seq_printf(p, "%s0x%x", sep, *pos);
			break;
		case sizeof(u16):
			trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)pos);
			break;
		case sizeof(u32):
			trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)pos);
			break;
		case sizeof(u64):
			trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)pos);
			break;
		default:
			/* No separator here: the first byte follows the size. */
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size, *pos);
			el_size = sizeof(u8);
			break;
		}
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, '\0');
	return start;
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq - text of __print_hex_dump()
 * @p: the scratch sequence
 * @prefix_str: text at the start of each row
 * @prefix_type: DUMP_PREFIX_NONE, _OFFSET or _ADDRESS
 * @rowsize: bytes per row
 * @groupsize: bytes per group
 * @buf: the data
 * @len: its length
 * @ascii: add the printable-character column
 *
 * The dump starts on a new line; every row ends with a newline.
 *
 * Return: the NUL-terminated text.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	trace_seq_putc(p, '\0');
	return start;
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);

/**
 * trace_raw_output_prep - start the line of a TRACE_EVENT() record
 * @iter: the iterator, positioned on the record
 * @trace_event: the event the generated output function belongs to
 *
 * Empties the scratch sequence (iter->tmp_seq) the print helpers write
 * into and prints "<event name>: ".
 *
 * Return: TRACE_TYPE_UNHANDLED (with a warning) if the record is not
 * of this event's type, else what trace_handle_return() says of the
 * line so far.
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *trace_event)
{
	struct trace_event_call *call;

	call = container_of(trace_event, struct trace_event_call, event);
	if (WARN_ON_ONCE(iter->ent->type != call->event.type))
		return TRACE_TYPE_UNHANDLED;

	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/**
 * trace_event_printf - print the TP_printk() text of a record
 * @iter: the iterator, positioned on the record
 * @fmt: the event's format, then its arguments
 *
 * The format goes through trace_event_format() first (which rewrites
 * pointer conversions when hash-ptr is off), and nothing is printed for
 * a record ignore_event() (trace_output_safestr.c) decided to skip.
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	va_list args;

	if (ignore_event(iter))
		return;

	va_start(args, fmt);
	trace_seq_vprintf(&iter->seq, trace_event_format(iter, fmt), args);
	va_end(args);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_output_call - print a whole line as "<name>: <text>"
 * @iter: the iterator, positioned on the record
 * @name: the event's name
 * @fmt: format of the text, then its arguments
 *
 * Used by the printers of kernel/trace's own event definitions
 * (the records of the ftrace system, events/trace_core_events.c).
 *
 * Return: what trace_handle_return() says of the line.
 */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	va_list args;

	trace_seq_printf(&iter->seq, "%s: ", name);
	va_start(args, fmt);
	trace_seq_vprintf(&iter->seq, trace_event_format(iter, fmt), args);
	va_end(args);
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL_GPL(trace_output_call);
