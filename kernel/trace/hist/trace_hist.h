/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histogram triggers (kernel/trace/hist/) as the boot sees them: the
 * one call that registers the "hist" command, the events' hist file and
 * the README parts.  Everything else of the component is internal
 * (hist_internal.h); the design is Documentation/trace/retrace/
 * histograms.rst.
 */
#ifndef _KERNEL_TRACE_HIST_H
#define _KERNEL_TRACE_HIST_H

#include <linux/init.h>

#ifdef CONFIG_HIST_TRIGGERS
void __init hist_boot_init(void);
#else
static inline void hist_boot_init(void) { }
#endif

#endif /* _KERNEL_TRACE_HIST_H */
