/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracepoint_kunit.h - hooks of kernel/tracepoint.c for its KUnit suite
 * (kernel/tracepoint_kunit.c).  Empty unless that suite is built.
 */
#ifndef _KERNEL_TRACEPOINT_KUNIT_H
#define _KERNEL_TRACEPOINT_KUNIT_H

#include <linux/atomic.h>

#if IS_ENABLED(CONFIG_TRACEPOINT_KUNIT_TEST)
/*
 * While positive, each probe array allocation made by
 * tracepoint_kunit_fail_task fails and decrements it: lets the suite check
 * the -ENOMEM paths without failing a registration some other task makes
 * meanwhile.  Both are set by the suite's own thread only.
 */
struct task_struct;
extern atomic_t tracepoint_kunit_fail_allocs;
extern struct task_struct *tracepoint_kunit_fail_task;
#endif

#endif /* _KERNEL_TRACEPOINT_KUNIT_H */
