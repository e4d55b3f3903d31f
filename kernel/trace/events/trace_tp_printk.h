/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tp_printk (trace_tp_printk.c): while tracepoint_printk_key is on, the
 * event commit (trace_event_write.c) hands every event record it keeps,
 * still reserved, to output_printk(), which prints it to the console
 * from any context.  The boot code turns it on (tp_printk on the
 * command line) and off (tp_printk_stop_on_boot); the sysctl
 * kernel.tracepoint_printk toggles it (include/linux/ftrace.h declares
 * its handler).
 */
#ifndef _KERNEL_TRACE_TP_PRINTK_H
#define _KERNEL_TRACE_TP_PRINTK_H

#include <linux/jump_label.h>

struct trace_event_buffer;

DECLARE_STATIC_KEY_FALSE(tracepoint_printk_key);
void output_printk(struct trace_event_buffer *fbuffer);
void tp_printk_boot_init(void);
void tp_printk_boot_stop(void);

#endif /* _KERNEL_TRACE_TP_PRINTK_H */
