/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The head of every trace record and the context word it is built from
 * (Documentation/trace/retrace/trace-events-h.rst; write.rst for the
 * write path that uses it).
 *
 * A record in the ring buffer starts with struct trace_entry: the
 * fields every format file lists as common_type, common_flags,
 * common_preempt_count and common_pid.  User space (trace-cmd,
 * libtraceevent, perf) reads them at the offsets the format files give,
 * so their types, sizes and order are 6.12's.
 *
 * The context word (a "trace_ctx") is what a producer samples once,
 * before it reserves, and what the record keeps of that moment:
 *
 *	bits  0..3	preemption depth (0 to 15)
 *	bits  4..7	migrate-disable depth (0 to 15)
 *	bits 16..23	TRACE_FLAG_* of enum trace_flag_type
 *
 * tracing_generic_entry_update() stores the low byte as preempt_count
 * and bits 16..23 as flags.  The TRACE_FLAG_* values are printed (the
 * latency columns) and filtered on (common_flags): they keep 6.12's
 * values.
 *
 * Contexts: everything here may be called from any context, NMI
 * included; nothing takes a lock.
 */
#ifndef _LINUX_TRACE_EVENTS_RECORD_H
#define _LINUX_TRACE_EVENTS_RECORD_H

#include <linux/compiler.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/kconfig.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/types.h>

/*
 * What a __string() field holds when its source pointer is NULL (the
 * text is part of the printed output users compare).
 */
#define EVENT_NULL_STR		"(null)"

/*
 * Where a variable-size field lives: the 32-bit word a __data_loc or
 * __rel_loc field stores, read as a whole by the format's consumers
 * (offset in the low half, length in the high half of the value).
 */
struct trace_dynamic_info {
#ifdef CONFIG_CPU_BIG_ENDIAN
	u16	len;
	u16	offset;
#else
	u16	offset;		/* from the record, or from the field (rel) */
	u16	len;		/* bytes, the terminating NUL included */
#endif
} __packed;

/* The common fields: user-visible layout, see the comment at the top. */
struct trace_entry {
	unsigned short		type;		/* event id, trace_event.type */
	unsigned char		flags;		/* TRACE_FLAG_* */
	unsigned char		preempt_count;	/* low byte of the trace_ctx */
	int			pid;		/* current->pid when recorded */
};

/* The largest event id the type field can hold. */
#define TRACE_EVENT_TYPE_MAX						\
	((1 << (sizeof_field(struct trace_entry, type) * 8)) - 1)

/*
 * The context flags.  Values are user-visible (common_flags in the
 * format files, the latency-format columns): do not renumber.
 */
enum trace_flag_type {
	/* Which context the record was written in. */
	TRACE_FLAG_NMI			= 0x40,
	TRACE_FLAG_HARDIRQ		= 0x08,
	TRACE_FLAG_SOFTIRQ		= 0x10,	/* serving a softirq */
	TRACE_FLAG_BH_OFF		= 0x80,	/* bottom halves disabled */
	/* Interrupts: off, or the arch cannot say. */
	TRACE_FLAG_IRQS_OFF		= 0x01,
	TRACE_FLAG_IRQS_NOSUPPORT	= 0x02,
	/* A reschedule is pending: the task's flag, the per-CPU one. */
	TRACE_FLAG_NEED_RESCHED		= 0x04,
	TRACE_FLAG_PREEMPT_RESCHED	= 0x20,
};

/*
 * tracing_gen_ctx_irq_test - build a trace_ctx from the current context
 * @irqs_status: TRACE_FLAG_IRQS_OFF, TRACE_FLAG_IRQS_NOSUPPORT or 0
 *
 * Adds the interrupt-context, resched and depth parts (kernel/trace,
 * the write path).
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status);

/*
 * The trace_ctx of now, with the irq state taken from saved @irqflags
 * (tracing_gen_ctx_flags()) or read here (tracing_gen_ctx()).  An arch
 * without TRACE_IRQFLAGS_SUPPORT cannot tell: its records say
 * IRQS_NOSUPPORT.
 */
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	unsigned int irqs = TRACE_FLAG_IRQS_NOSUPPORT;

	if (IS_ENABLED(CONFIG_TRACE_IRQFLAGS_SUPPORT))
		irqs = irqs_disabled_flags(irqflags) ? TRACE_FLAG_IRQS_OFF : 0;
	return tracing_gen_ctx_irq_test(irqs);
}

static inline unsigned int tracing_gen_ctx(void)
{
	unsigned long irqflags = 0;

	if (IS_ENABLED(CONFIG_TRACE_IRQFLAGS_SUPPORT))
		local_save_flags(irqflags);
	return tracing_gen_ctx_flags(irqflags);
}

/*
 * tracing_gen_ctx_dec - the trace_ctx of the code that called a probe
 *
 * A tracepoint probe runs with preemption disabled by the tracepoint
 * itself; on a preemptible kernel that adds one level the traced code
 * did not have, so it is taken back out of the depth (bits 0..3).
 */
static inline unsigned int tracing_gen_ctx_dec(void)
{
	unsigned int ctx = tracing_gen_ctx();

	return IS_ENABLED(CONFIG_PREEMPTION) ? ctx - 1 : ctx;
}

/*
 * tracing_generic_entry_update - fill the common fields of a record
 * @entry: the reserved record
 * @type: its event id
 * @trace_ctx: the context word sampled before reserving
 */
static inline void tracing_generic_entry_update(struct trace_entry *entry,
						unsigned short type,
						unsigned int trace_ctx)
{
	/* (stored in 6.12's order, so the generated code is unchanged) */
	entry->preempt_count = (u8)trace_ctx;		/* bits 0..7 */
	entry->pid = current->pid;
	entry->type = type;
	entry->flags = (u8)(trace_ctx >> 16);		/* bits 16..23 */
}

/*
 * __vstring() fields: the length of the text vsnprintf() makes of
 * @fmt and @va (a va_list pointer), with its NUL, capped at
 * TRACE_EVENT_STR_MAX.  A macro, since an inline function may not take
 * a va_list to copy.
 */
#define TRACE_EVENT_STR_MAX	512

#define __trace_event_vstr_len(fmt, va)					\
({									\
	va_list __tevs_va;						\
	int __tevs_n;							\
									\
	va_copy(__tevs_va, *(va));					\
	__tevs_n = vsnprintf(NULL, 0, (fmt), __tevs_va);		\
	va_end(__tevs_va);						\
	min(__tevs_n + 1, TRACE_EVENT_STR_MAX);				\
})

#endif /* _LINUX_TRACE_EVENTS_RECORD_H */
