/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One text record in an instance: the body that trace_puts()
 * (trace_printk.c) and trace_array_puts() (trace_instance.c) share.
 *
 * It is inline so that each caller keeps its own frame layout: the
 * stack record the stacktrace option adds after the text skips a fixed
 * number of frames, counted from the exported entry point.
 *
 * Contexts: any, NMI included (the ring buffer's nesting does the
 * rest).  The caller keeps @tr alive.
 */
#ifndef _KERNEL_TRACE_PUTS_H
#define _KERNEL_TRACE_PUTS_H

#include <linux/ring_buffer.h>
#include <linux/string.h>

#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_pending.h"
#include "trace_records.h"
#include "write/trace_write.h"

/*
 * One ftrace/print record of @size bytes of @str in @tr, with the
 * context word the caller took before any preemption change.  Nothing
 * is recorded while @tr's trace_printk option is off, while tracing is
 * dead, or during a startup self-test of the global instance.  A
 * newline is added unless @str ends with one.
 *
 * Return: @size, or 0 when nothing was recorded.
 */
static __always_inline int trace_puts_record(struct trace_array *tr,
					     unsigned long ip,
					     const char *str, int size,
					     unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	int end = size;

	if (!(tr->trace_flags & TRACE_ITER_PRINTK) ||
	    (tracing_selftest_on() && tr == &global_trace) ||
	    unlikely(tracing_disabled))
		return 0;

	ring_buffer_nest_start(buffer);
	entry = trace_record_reserve(buffer, TRACE_PRINT,
				     sizeof(*entry) + size + 2, trace_ctx,
				     &event);
	if (!entry) {
		size = 0;
		goto out;
	}
	entry->ip = ip;
	memcpy(entry->buf, str, size);
	if (!size || entry->buf[size - 1] != '\n')
		entry->buf[end++] = '\n';
	entry->buf[end] = '\0';
	trace_record_commit(buffer);
	ftrace_trace_stack(tr, buffer, trace_ctx, 4, NULL);
out:
	ring_buffer_nest_end(buffer);
	return size;
}

#endif /* _KERNEL_TRACE_PUTS_H */
