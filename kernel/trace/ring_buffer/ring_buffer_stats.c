// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer accounting, record accessors and the format descriptions
 * of events/header_page and events/header_event.
 *
 * Accounting, per CPU, exact at every quiescent point (no writer inside
 * a reservation, no reader inside a read):
 *
 *   committed = read + in the ring + overrun
 *
 * committed ("entries" counter) counts records committed (discarded ones
 * are not); read counts records consumed; overrun counts records lost
 * when writers overwrote or a resize dropped the sub-buffer holding
 * them.  Reservations that failed are counted apart: dropped_events (ring
 * full in producer/consumer mode) and commit_overrun (ring full of
 * uncommitted records, only possible with deep nesting, or a nested
 * writer arriving during the head push of the one it interrupted).
 * Writers update their counters with local operations; readers their
 * own under reader_lock; anyone may read them.
 *
 * The record accessors may be used on any record, in the ring or copied.
 */
#include <linux/trace_seq.h>
#include <linux/export.h>

#include "ring_buffer_internal.h"

/**
 * ring_buffer_event_length - payload bytes of a data record
 * @event: the record
 *
 * Rounded up to 4 bytes, as stored.
 */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	if (!rb_rec_is_data(event))
		return rb_rec_len(event);
	if (!event->type_len)
		return event->array[0] - sizeof(u32);
	return event->type_len * RB_ALIGN;
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

/**
 * ring_buffer_event_data - payload of a data record
 * @event: the record, a data record as every record the API hands out
 *
 * The payload follows the header, and the length word when type_len is 0.
 */
void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	return &event->array[!event->type_len];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

/**
 * ring_buffer_max_event_size - largest payload a record may have
 * @buffer: the buffer
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	unsigned long room = buffer->max_data_size;

	/* keep room for a TIME_STAMP record, as the interface promised */
	room -= ring_buffer_time_stamp_abs(buffer) ? RB_STAMP_LEN : 0;
	return room;
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

/**
 * ring_buffer_size - bytes of records one CPU's ring can hold
 * @buffer: the buffer
 * @cpu_id: the CPU
 *
 * Returns 0 for a CPU without a ring.
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	return cpu ? buffer->subbuf_size * cpu->nr_pages : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_entries_cpu - records in one CPU's ring, not yet read
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	unsigned long gone;

	if (!cpu)
		return 0;
	gone = local_read(&cpu->overrun) + READ_ONCE(cpu->read);
	return local_read(&cpu->entries) - min_t(unsigned long, gone,
						 local_read(&cpu->entries));
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

/**
 * ring_buffer_overrun_cpu - records lost by overwriting, one CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	return cpu ? local_read(&cpu->overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

/**
 * ring_buffer_commit_overrun_cpu - records refused because the ring was
 *	full of uncommitted records or a writer they interrupted was
 *	pushing the head, one CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	return cpu ? local_read(&cpu->commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

/**
 * ring_buffer_dropped_events_cpu - records refused because the ring was
 *	full in producer/consumer mode, one CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	return cpu ? local_read(&cpu->dropped_events) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

/**
 * ring_buffer_read_events_cpu - records consumed, one CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer,
					  int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	return cpu ? READ_ONCE(cpu->read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

/**
 * ring_buffer_bytes_cpu - bytes of unread records, one CPU
 * @buffer: the buffer
 * @cpu_id: the CPU
 *
 * Stamp records count with the record they precede.
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	unsigned long in, out;

	if (!cpu)
		return 0;
	in = local_read(&cpu->entries_bytes);
	out = READ_ONCE(cpu->read_bytes) + local_read(&cpu->overrun_bytes);
	return in > out ? in - out : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

/**
 * ring_buffer_entries - unread records of all CPUs
 * @buffer: the buffer
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long n = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		n += ring_buffer_entries_cpu(buffer, cpu);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

/**
 * ring_buffer_overruns - records lost by overwriting, all CPUs
 * @buffer: the buffer
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long n = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		n += ring_buffer_overrun_cpu(buffer, cpu);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/**
 * ring_buffer_nr_dirty_pages - sub-buffers written and not yet read
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	unsigned long touched, gone;

	if (!cpu)
		return 0;
	touched = local_read(&cpu->pages_touched);
	gone = local_read(&cpu->pages_lost) + READ_ONCE(cpu->pages_read);
	return touched > gone ? touched - gone : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_nr_dirty_pages);

/*
 * The two descriptions below are read by user-space parsers: their text
 * is an interface, kept byte for byte.
 */

/**
 * ring_buffer_print_entry_header - describe the record header
 * @s: where to print
 *
 * Returns nonzero unless @s overflowed.
 */
int ring_buffer_print_entry_header(struct trace_seq *s)
{
	trace_seq_puts(s, "# compressed entry header\n");
	trace_seq_puts(s, "\ttype_len    :    5 bits\n");
	trace_seq_puts(s, "\ttime_delta  :   27 bits\n");
	trace_seq_puts(s, "\tarray       :   32 bits\n\n");
	trace_seq_printf(s, "\tpadding     : type == %d\n"
			 "\ttime_extend : type == %d\n"
			 "\ttime_stamp : type == %d\n"
			 "\tdata max type_len  == %d\n",
			 RINGBUF_TYPE_PADDING, RINGBUF_TYPE_TIME_EXTEND,
			 RINGBUF_TYPE_TIME_STAMP,
			 RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_entry_header);

static void rb_print_field(struct trace_seq *s, const char *decl,
			   unsigned int off, unsigned int size, bool sign)
{
	trace_seq_printf(s, "\tfield: %s;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
			 decl, off, size, sign);
}

/**
 * ring_buffer_print_page_header - describe the sub-buffer header
 * @buffer: the buffer (for the sub-buffer size)
 * @s: where to print
 *
 * Returns nonzero unless @s overflowed.
 */
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s)
{
	rb_print_field(s, "u64 timestamp",
		       offsetof(struct rb_data_page, time_stamp),
		       sizeof(u64), false);
	rb_print_field(s, "local_t commit",
		       offsetof(struct rb_data_page, commit),
		       sizeof(local_t), true);
	/* the overwrite flag is the low byte of commit (historic) */
	rb_print_field(s, "int overwrite",
		       offsetof(struct rb_data_page, commit), 1, true);
	rb_print_field(s, "char data", RB_PAGE_HDR, buffer->subbuf_size,
		       is_signed_type(char));
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_page_header);
