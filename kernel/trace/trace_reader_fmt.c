// SPDX-License-Identifier: GPL-2.0
/*
 * The reader's print layer below the output library: what an event's
 * TP_printk() format becomes before it is applied to a record, whether
 * the strings a record points to may still be read, and the iterator
 * set-up for readers that must not allocate.
 *
 * trace_event_format()
 *   With the option hash-ptr off (the default is on), a bare "%p" in a
 *   format prints the raw address: it is rewritten to "%px" in the
 *   iterator's fmt scratch buffer ("%%" is copied as is; "%pS", "%ps",
 *   "%pB"..., followed by a letter or digit, are left alone).  The
 *   buffer grows in steps of FMT_STEP bytes; a reader whose buffer
 *   cannot grow gets the format unchanged (so hashed pointers).
 *
 * ignore_event()
 *   The print fmt check of raw init (trace_event_fmtcheck.c) marks the
 *   fields an event prints with "%s" from a pointer that was saved in
 *   the record (field->needs_test, TRACE_EVENT_FL_TEST_STR on the
 *   event).  Before such a record is printed, each marked pointer must
 *   point into the record itself, the iterator's tmp_seq, the kernel's
 *   read-only data, a tracepoint_string(), or the event's own module:
 *   anything else may have been freed since the event fired.  Such a
 *   record prints "EVENT NAME: HAS UNSAFE POINTER FIELD 'FIELD'"
 *   instead, with a one-time warning.
 *
 * trace_init_iter()
 *   An iterator on an instance's live buffer for ftrace_dump() (NMI,
 *   panic), whose temp and fmt buffers are the static ones here.  The
 *   reader never reallocates a temp buffer that lives in the kernel
 *   image (trace_reader.c), and trace_iter_expand_format() never grows
 *   the static fmt buffer.  An iterator without an instance (tp_printk,
 *   trace_tp_printk.c) neither grows nor rewrites anything.
 *
 * ns2usecs(), nsecs_to_usecs()
 *   Time stamps as printed: microseconds, rounded to the nearest for
 *   the "trace" columns and "stats", truncated for latencies.
 *
 * Contexts: any, NMI included, for ignore_event() and for
 * trace_event_format() on a static or instance-less iterator;
 * trace_iter_expand_format() allocates (GFP_KERNEL) only for an
 * iterator with an instance and its own buffer, i.e. a process-context
 * reader of a tracefs file.  No locks: an iterator belongs to one
 * reader at a time (the reader locks, or the dump's one-at-a-time).
 */
#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/time64.h>

#include "trace.h"
#include "trace_output.h"

#define FMT_STEP		128
#define STATIC_TEMP_SIZE	128

static char static_fmt_buf[FMT_STEP];
static char static_temp_buf[STATIC_TEMP_SIZE] __aligned(4);

/**
 * trace_iter_expand_format - grow an iterator's fmt buffer
 * @iter: the iterator
 *
 * Return: the new buffer (FMT_STEP bytes larger, contents kept), or
 * NULL if this iterator's buffer may not grow or the allocation failed
 * (the old buffer then stays).
 */
char *trace_iter_expand_format(struct trace_iterator *iter)
{
	char *bigger;

	/* No instance: tp_printk, in any context.  Static: a dump. */
	if (!iter->tr || iter->fmt == static_fmt_buf)
		return NULL;

	bigger = krealloc(iter->fmt, iter->fmt_size + FMT_STEP, GFP_KERNEL);
	if (!bigger)
		return NULL;
	iter->fmt = bigger;
	iter->fmt_size += FMT_STEP;
	return bigger;
}

/**
 * trace_event_format - the format to print a record's TP_printk() with
 * @iter: the iterator printing it
 * @fmt: the event's format
 *
 * Return: @fmt, or with hash-ptr off a copy in @iter->fmt where each
 * bare "%p" is "%px".
 */
const char *trace_event_format(struct trace_iterator *iter, const char *fmt)
{
	const char *in = fmt;
	size_t out = 0;

	if (WARN_ON_ONCE(!fmt))
		return fmt;
	if (!iter->tr || (iter->tr->trace_flags & TRACE_ITER_HASH_PTR))
		return fmt;
	/*
	 * Nothing to rewrite (and maybe no buffer yet: readers allocate
	 * it on first need): the format is used as it is.
	 */
	if (!*fmt)
		return fmt;

	while (*in) {
		/*
		 * One step writes at most three characters ("%px"), and
		 * the terminating NUL must fit after them, also when the
		 * rewrite ends with "%px" exactly at the buffer's end.
		 */
		if (out + 4 > iter->fmt_size && !trace_iter_expand_format(iter))
			return fmt;

		iter->fmt[out++] = *in;
		if (*in++ != '%')
			continue;
		if (*in == '%') {
			iter->fmt[out++] = *in++;
		} else if (*in == 'p' && !isalnum(in[1])) {
			iter->fmt[out++] = *in++;
			iter->fmt[out++] = 'x';
		}
	}
	iter->fmt[out] = '\0';
	return iter->fmt;
}

/* Is @addr inside [@start, @start + @len)? */
static bool addr_within(unsigned long addr, const void *start, size_t len)
{
	return addr >= (unsigned long)start && addr - (unsigned long)start < len;
}

/* The event call a record belongs to, or NULL for an unknown type. */
static struct trace_event_call *record_call(struct trace_entry *ent)
{
	struct trace_event *type = ftrace_find_event(ent->type);

	return type ? container_of(type, struct trace_event_call, event) : NULL;
}

/*
 * May the string a record of @iter points to at @str still be read?
 * (See the top of the file for the list.)
 */
static bool trace_safe_str(struct trace_iterator *iter, const char *str)
{
	unsigned long addr = (unsigned long)str;
	struct trace_event_call *call;

	if (is_kernel_rodata(addr) || trace_is_tracepoint_string(str))
		return true;
	if (addr_within(addr, iter->tmp_seq.buffer, TRACE_SEQ_BUFFER_SIZE))
		return true;
	if (!iter->ent)
		return false;
	if (addr_within(addr, iter->ent, iter->ent_size))
		return true;

	/* Module memory: only the module's own, for one of its events. */
	call = record_call(iter->ent);
	return call && call->module && !(call->flags & TRACE_EVENT_FL_DYNAMIC) &&
	       within_module_core(addr, call->module);
}

/* Say why the record is skipped; true, for ignore_event() to return. */
static bool unsafe_field(struct trace_iterator *iter,
			 struct trace_event_call *call,
			 struct ftrace_event_field *field)
{
	/*
	 * The event saved a pointer to a string it does not own; it
	 * should copy the string into the record (__string(),
	 * __assign_str(), __get_str()).
	 */
	WARN_ONCE(1, "event '%s' has unsafe pointer field '%s'",
		  trace_event_name(call), field->name);
	trace_seq_printf(&iter->seq, "EVENT %s: HAS UNSAFE POINTER FIELD '%s'\n",
			 trace_event_name(call), field->name);
	return true;
}

/**
 * ignore_event - must the record under @iter be skipped as unsafe?
 * @iter: the iterator, positioned on the record
 *
 * Return: false if the record may be printed; true after writing into
 * @iter->seq why it is not (an unknown type, missing fields, or a
 * "%s" pointer that fails the test above).
 */
bool ignore_event(struct trace_iterator *iter)
{
	struct trace_event_call *call = record_call(iter->ent);
	struct ftrace_event_field *field;
	struct list_head *fields;
	const char *str;

	if (!call) {
		trace_seq_printf(&iter->seq, "EVENT ID %d NOT FOUND?\n",
				 iter->ent->type);
		return true;
	}
	if (!(call->flags & TRACE_EVENT_FL_TEST_STR))
		return false;

	fields = trace_get_fields(call);
	if (!fields) {
		trace_seq_printf(&iter->seq, "FIELDS FOR EVENT '%s' NOT FOUND?\n",
				 trace_event_name(call));
		return true;
	}

	list_for_each_entry(field, fields, link) {
		if (!field->needs_test)
			continue;
		/* The pointer as the record holds it. */
		memcpy(&str, (void *)iter->ent + field->offset, sizeof(str));
		if (!trace_safe_str(iter, str))
			return unsafe_field(iter, call, field);
	}
	return false;
}

/**
 * ns2usecs - nanoseconds to microseconds, rounded to the nearest
 * @nsec: nanoseconds
 */
unsigned long long ns2usecs(u64 nsec)
{
	return div_u64(nsec + NSEC_PER_USEC / 2, NSEC_PER_USEC);
}

/**
 * nsecs_to_usecs - nanoseconds to microseconds, truncated
 * @nsecs: nanoseconds
 */
unsigned long nsecs_to_usecs(unsigned long nsecs)
{
	return nsecs / NSEC_PER_USEC;
}

/**
 * trace_init_iter - set up an iterator that never allocates
 * @iter: a zeroed iterator
 * @tr: the instance whose live buffer it reads
 *
 * For ftrace_dump(): all CPUs, the static temp and fmt buffers, the
 * overrun annotation and the time unit of the instance's clock.
 */
void trace_init_iter(struct trace_iterator *iter, struct trace_array *tr)
{
	/* Buffers that never grow: a dump runs where nothing may allocate. */
	iter->fmt = static_fmt_buf;
	iter->fmt_size = sizeof(static_fmt_buf);
	iter->temp = static_temp_buf;
	iter->temp_size = sizeof(static_temp_buf);

	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = RING_BUFFER_ALL_CPUS;
	iter->trace = tr->current_trace;
	iter->tr = tr;

	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	/* "##### CPU N buffer started ####" where records were lost. */
	if (ring_buffer_overruns(tr->array_buffer.buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;

	if (iter->trace && iter->trace->open)
		iter->trace->open(iter);
}

/**
 * trace_init_global_iter - trace_init_iter() on the global instance
 * @iter: a zeroed iterator
 */
void trace_init_global_iter(struct trace_iterator *iter)
{
	trace_init_iter(iter, &global_trace);
}
