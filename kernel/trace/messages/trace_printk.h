/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_printk() inside kernel/trace (trace_printk.c, trace_printk_fmt.c;
 * messages.rst).
 *
 * The formatting calls run in any context, NMI included: each nesting
 * level of a CPU has its own format buffer, so they take no lock.
 * trace_printk_control() and trace_printk_start_comm() run in process
 * context (trace_types_lock held for the first, by the option code).
 */
#ifndef _KERNEL_TRACE_PRINTK_H
#define _KERNEL_TRACE_PRINTK_H

#include <linux/compiler_attributes.h>
#include <linux/stdarg.h>
#include <linux/types.h>

struct trace_array;
struct trace_buffer;

__printf(2, 0)
int trace_vbprintk(unsigned long ip, const char *fmt, va_list args);
__printf(2, 0)
int trace_vprintk(unsigned long ip, const char *fmt, va_list args);
__printf(3, 0)
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args);
__printf(3, 4)
int trace_array_printk_buf(struct trace_buffer *buffer, unsigned long ip,
			   const char *fmt, ...);

/* The trace_printk option: trace_printk() writes or drops. */
void trace_printk_control(bool enabled);
/* Start the comm recorder once something uses trace_printk(). */
void trace_printk_start_comm(void);
/* The record-cmd side of the trace_printk option (trace_types_lock). */
void trace_printk_start_stop_comm(int enabled);

/*
 * The instance trace_printk() writes to: the global one unless an
 * instance set its trace_printk_dest option.  Read with preemption
 * off; changed by update_printk_trace() under trace_types_lock.
 */
extern struct trace_array *printk_trace;
void update_printk_trace(struct trace_array *tr);
/* Boot: the destination's instance part (struct trace_instance_part). */
void trace_printk_register_part(void);

/* Bounds of the image's sections of them, from the linker script. */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

#endif /* _KERNEL_TRACE_PRINTK_H */
