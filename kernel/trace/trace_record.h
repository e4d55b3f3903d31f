/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records kernel/trace writes on its own behalf (markers, trace_printk),
 * straight into an instance's ring buffer.
 *
 * These records are never filtered and never staged in trace.c's
 * per-CPU buffered event, so reserving is the ring buffer's reservation
 * plus the common header, and committing is the ring buffer's commit
 * plus the note that the running task's comm should be saved (trace.c's
 * sched probes read trace_taskinfo_save).  Between the two, preemption
 * is off (the ring buffer's rule).  Any context the ring buffer allows,
 * NMI included.
 *
 * trace.c's exported trace_buffer_lock_reserve() does what
 * trace_record_reserve() does, but out of line; its commit half is static
 * and tests for the buffered event these records never use.  Both are
 * inlined here so the marker path pays no call that 6.12's did not.
 *
 * Until the write path is ours (core-plan.rst, S5) this is the whole of
 * it for these callers; trace_write.h replaces it then.
 */
#ifndef _TRACE_RECORD_H
#define _TRACE_RECORD_H

#include <linux/ring_buffer.h>
#include <linux/trace_events.h>

#include "trace.h"

/*
 * Reserve @size bytes of record @type in @buffer with context word
 * @trace_ctx and fill the common header.  Returns the record body, and
 * the ring-buffer event in @event; NULL when the buffer is off, full in
 * producer-stops mode, or @size is larger than its largest record.
 */
static __always_inline void *trace_record_reserve(struct trace_buffer *buffer,
						  int type, unsigned long size,
						  unsigned int trace_ctx,
						  struct ring_buffer_event **event)
{
	struct trace_entry *ent;

	*event = ring_buffer_lock_reserve(buffer, size);
	if (!*event)
		return NULL;
	ent = ring_buffer_event_data(*event);
	tracing_generic_entry_update(ent, type, trace_ctx);
	return ent;
}

/* Commit the record trace_record_reserve() returned. */
static __always_inline void trace_record_commit(struct trace_buffer *buffer)
{
	__this_cpu_write(trace_taskinfo_save, true);
	ring_buffer_unlock_commit(buffer);
}

#endif /* _TRACE_RECORD_H */
