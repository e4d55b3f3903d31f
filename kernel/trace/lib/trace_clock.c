// SPDX-License-Identifier: GPL-2.0
/*
 * The trace clocks (see include/linux/trace_clock.h for what each promises).
 *
 * Layer: the bottom (Documentation/trace/retrace/layers.rst).  Nothing
 * here calls into the rest of kernel/trace; the ring buffer calls these through
 * its clock pointer and the clock table of the trace core names them.
 *
 * Contexts: every clock may be called from any context, NMI included, with
 * or without interrupts off, recursively (an NMI inside a clock read).  No
 * clock sleeps, takes a lock or allocates.  Two notes for architectures
 * whose 64-bit atomics are emulated with locks (CONFIG_GENERIC_ATOMIC64,
 * 32-bit only): trace_clock_global() then does not raise its high-water
 * mark from NMI (see there), and trace_clock_counter() must not be chosen
 * for buffers written from NMI.
 *
 * The global clock keeps one shared high-water mark, raised with a
 * compare-and-exchange loop and never lowered, so that no later call on
 * any CPU returns less than an earlier one (leaves.rst):
 *
 *   1. now  = this CPU's sched_clock_cpu();
 *   2. last = the mark;
 *   3. if now <= last, return last (someone is ahead; do not go back);
 *   4. else try to move the mark from last to now; on success return now;
 *      on failure the mark moved, reload it into last and go to 3.
 *
 * Invariant: when a call returns v, the mark is >= v (it published v, or
 * saw a mark >= v, and the mark only grows).  So a call that starts after
 * another returned, on any CPU, returns at least as much: the clock is
 * globally monotonic, not only per CPU.  The loop is lock-free: each
 * failed exchange means another caller made progress, and a caller leaves
 * as soon as the mark passes its own reading.
 */
#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/jiffies.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/smp.h>
#include <linux/trace_clock.h>

/**
 * trace_clock_local - this CPU's scheduler clock, in nanoseconds
 *
 * The cheapest clock and the default of every buffer.  Values from two
 * CPUs may be out of order by up to the skew of their sched_clock(), and
 * a CPU coming out of deep idle may resume with an offset.
 *
 * Context: any.  Return: nanoseconds since an arbitrary per-boot origin.
 */
u64 notrace trace_clock_local(void)
{
	u64 ns;

	/* sched_clock() reads per-CPU state: stay on this CPU. */
	preempt_disable_notrace();
	ns = sched_clock();
	preempt_enable_notrace();
	return ns;
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/**
 * trace_clock - the scheduler's local_clock(), in nanoseconds
 *
 * Kept within about a jiffy of the other CPUs by the scheduler's clock
 * filtering; this is the clock tracefs calls "perf".
 *
 * Context: any.  Return: nanoseconds since boot.
 */
u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

/**
 * trace_clock_jiffies - time since boot in USER_HZ ticks
 *
 * The "uptime" clock.  jiffies_64 is read without its seqcount so that an
 * NMI that interrupted the tick cannot spin; on 32-bit machines the read
 * may then be torn once per 2^32 ticks, which shows as one absurd
 * timestamp, not as a hang.
 *
 * Context: any.  Return: ticks of USER_HZ since boot.
 */
u64 notrace trace_clock_jiffies(void)
{
	return jiffies_64_to_clock_t(READ_ONCE(jiffies_64) - INITIAL_JIFFIES);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);

/*
 * The high-water mark of trace_clock_global() (the algorithm is at the top
 * of this file).  Only raised, only by atomic64_try_cmpxchg(); read and
 * raised by every CPU, so it has its cache line to itself.
 */
static struct {
	atomic64_t mark;
} global_clock ____cacheline_aligned_in_smp;

/*
 * May this context raise the mark?  Everywhere, except NMI on machines
 * whose atomic64 is a hashed spinlock (the interrupted context may hold
 * it); there the caller returns max(now, mark) unpublished.
 */
static __always_inline bool global_clock_may_publish(void)
{
	return !IS_ENABLED(CONFIG_GENERIC_ATOMIC64) || !in_nmi();
}

/**
 * trace_clock_global - a clock that never goes back, across all CPUs
 *
 * Costs one shared cache line and a compare-and-exchange per call, so it
 * scales worse than trace_clock_local(), but records from different CPUs
 * merge in the order they were stamped.
 *
 * Context: any.  Return: nanoseconds, at least the value any call that
 * finished before this one started returned.
 */
u64 notrace trace_clock_global(void)
{
	s64 now, last;

	/* The CPU whose clock we read must stay the one we run on. */
	preempt_disable_notrace();
	now = sched_clock_cpu(raw_smp_processor_id());
	last = atomic64_read(&global_clock.mark);
	for (;;) {
		if (now - last <= 0) {
			now = last;		/* step 3: do not go back */
			break;
		}
		if (!global_clock_may_publish())
			break;
		/* step 4: on failure, last is reloaded with the new mark */
		if (atomic64_try_cmpxchg(&global_clock.mark, &last, now))
			break;
	}
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

/* The "counter" clock's count: one atomic increment per read. */
static atomic64_t counter_clock;

/**
 * trace_clock_counter - a strictly increasing count, not a time
 *
 * For ordering records across CPUs when the time does not matter: every
 * call returns a value no other call returned, larger than that of any
 * call that finished before it.
 *
 * Context: any (see the note on CONFIG_GENERIC_ATOMIC64 above).
 * Return: the count, starting at 1.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&counter_clock);
}
