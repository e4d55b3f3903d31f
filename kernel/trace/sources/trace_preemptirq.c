// SPDX-License-Identifier: GPL-2.0
/*
 * The irq and preempt toggle hooks: trace_hardirqs_on()/_off() and
 * their entry-code halves, which <linux/irqflags.h> calls whenever a CPU
 * disables or enables interrupts once CONFIG_TRACE_IRQFLAGS is set
 * (lockdep's PROVE_LOCKING selects it), and trace_preempt_on()/_off()
 * for CONFIG_TRACE_PREEMPT_TOGGLE.  Each hook fires the matching
 * preemptirq event (irq_disable, irq_enable, preempt_disable,
 * preempt_enable: ip is the hook's caller, parent_ip that caller's
 * caller), tells the latency tracers through tracer_*() (no-ops until
 * those tracers exist) and, for the full irq hooks, tells lockdep.
 *
 * Interrupts are often disabled again while already off (nested
 * local_irq_save()); only the transitions count.  tracing_irqs_off
 * remembers, per CPU, that an "off" was reported and not yet followed
 * by an "on", so each transition fires one event.  It is only touched
 * with interrupts off on its own CPU, so plain per-CPU accesses suffice.
 *
 * The entry code splits each transition around the point where RCU
 * starts or stops watching: _off_finish() runs after lockdep was told
 * (RCU watching again), _on_prepare() before lockdep is told.  So they
 * do the tracing half only; the full hooks do both halves, lockdep
 * first on the way off and last on the way on, as lockdep requires.
 *
 * On architectures that mark their entry code noinstr (x86), RCU is
 * watching wherever a hook runs, so it fires plain tracepoints; the
 * others use the _rcuidle forms, which refuse NMI context.
 *
 * Nothing here may be kprobed (a probe would recurse into the irq
 * hooks), and it is built without KCOV instrumentation (Makefile).
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>

#define CREATE_TRACE_POINTS
#include <trace/events/preemptirq.h>

#include "trace_pending.h"

#ifdef CONFIG_ARCH_WANTS_NO_INSTR
#define preemptirq_event(ev, ip, pip)	trace_##ev(ip, pip)
#else
#define preemptirq_event(ev, ip, pip)			\
	do {						\
		if (!in_nmi())				\
			trace_##ev##_rcuidle(ip, pip);	\
	} while (0)
#endif

#ifdef CONFIG_TRACE_IRQFLAGS
/* Set between a reported "irqs off" and its "irqs on"; irqs-off only. */
static DEFINE_PER_CPU(int, tracing_irqs_off);

static __always_inline void irqs_off_report(unsigned long ip,
					    unsigned long pip)
{
	if (this_cpu_read(tracing_irqs_off))
		return;
	this_cpu_write(tracing_irqs_off, 1);
	tracer_hardirqs_off(ip, pip);
	preemptirq_event(irq_disable, ip, pip);
}

static __always_inline void irqs_on_report(unsigned long ip,
					   unsigned long pip)
{
	if (!this_cpu_read(tracing_irqs_off))
		return;
	preemptirq_event(irq_enable, ip, pip);
	tracer_hardirqs_on(ip, pip);
	this_cpu_write(tracing_irqs_off, 0);
}

/**
 * trace_hardirqs_on_prepare - report "irqs on", without lockdep
 *
 * For entry code, which tells lockdep itself, once RCU is set up.
 */
void trace_hardirqs_on_prepare(void)
{
	irqs_on_report(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_on - interrupts are about to be enabled
 */
void trace_hardirqs_on(void)
{
	irqs_on_report(CALLER_ADDR0, CALLER_ADDR1);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish - report "irqs off", without lockdep
 *
 * For entry code, which told lockdep already.
 */
void trace_hardirqs_off_finish(void)
{
	irqs_off_report(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_off - interrupts were just disabled
 */
void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	irqs_off_report(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);
#endif /* CONFIG_TRACE_IRQFLAGS */

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
/**
 * trace_preempt_on - preemption is being enabled again
 * @a0: where
 * @a1: its caller
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
	preemptirq_event(preempt_enable, a0, a1);
	tracer_preempt_on(a0, a1);
}

/**
 * trace_preempt_off - preemption was just disabled
 * @a0: where
 * @a1: its caller
 */
void trace_preempt_off(unsigned long a0, unsigned long a1)
{
	preemptirq_event(preempt_disable, a0, a1);
	tracer_preempt_off(a0, a1);
}
#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */
