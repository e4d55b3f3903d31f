/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace clocks: time sources a ring buffer can stamp records with.
 *
 * Each is a u64 (void) function, callable from any context (task, softirq,
 * hardirq, NMI), never sleeping and taking no lock that could be held by
 * the context it interrupted.  They differ in what they promise:
 *
 *   clock                 unit   ordered across CPUs?      cost
 *   trace_clock_local()   ns     no (one CPU's sched_clock) lowest
 *   trace_clock()         ns     within about a jiffy       low
 *   trace_clock_global()  ns     yes, never goes back       one cmpxchg
 *   trace_clock_counter() count  yes, strictly increasing   one atomic add
 *   trace_clock_jiffies() USER_HZ ticks since boot, coarse  one load
 *
 * Which of them a tracefs trace_clock name selects is the clock table of
 * kernel/trace; the architecture adds its own entries through
 * ARCH_TRACE_CLOCKS in <asm/trace_clock.h> (x86: "x86-tsc").
 */
#ifndef _LINUX_TRACE_CLOCK_H
#define _LINUX_TRACE_CLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>

#include <asm/trace_clock.h>

u64 notrace trace_clock_local(void);
u64 notrace trace_clock(void);
u64 notrace trace_clock_jiffies(void);
u64 notrace trace_clock_global(void);
u64 notrace trace_clock_counter(void);

#endif /* _LINUX_TRACE_CLOCK_H */
