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
 * While positive, each probe array allocation fails and decrements it:
 * lets the suite check the -ENOMEM paths.
 */
extern atomic_t tracepoint_kunit_fail_allocs;
#endif

#endif /* _KERNEL_TRACEPOINT_KUNIT_H */
