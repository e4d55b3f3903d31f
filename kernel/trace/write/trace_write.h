/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The producer side of the trace core: how a record gets into an
 * instance's ring buffer (write.rst).
 *
 * Three things live here because callers inline them:
 *
 *  - trace_ctx_word(): the 32-bit context word every record carries in
 *    its common header (common_flags, common_preempt_count).  Its value
 *    is an interface, bit for bit; tracing_gen_ctx_irq_test() in trace_write.c
 *    is the out-of-line form include/linux/trace_events.h calls.
 *
 *	 31      24 23           16 15       8 7      4 3      0
 *	+----------+---------------+----------+--------+--------+
 *	|    0     | TRACE_FLAG_*  |    0     | migr.  | preempt|
 *	+----------+---------------+----------+--------+--------+
 *	  migr.   = current->migration_disabled, at most 15
 *	  preempt = preempt_count() & 0xff, at most 15
 *
 *    TRACE_FLAG_* from the context:
 *
 *	bit               set when
 *	IRQS_OFF          the caller's irqs_status says so
 *	IRQS_NOSUPPORT    likewise (arch without irqflags tracing)
 *	NEED_RESCHED      TIF_NEED_RESCHED of the current task
 *	HARDIRQ           preempt_count() & HARDIRQ_MASK
 *	SOFTIRQ           running a softirq handler (SOFTIRQ_OFFSET)
 *	PREEMPT_RESCHED   the per-CPU preempt need-resched bit (x86 folds
 *	                  it, inverted, into __preempt_count)
 *	NMI               preempt_count() & NMI_MASK
 *	BH_OFF            bottom halves disabled (softirq count beyond
 *	                  the serving bit)
 *
 *  - trace_record_reserve()/trace_record_commit(): records kernel/trace
 *    writes on its own behalf (markers, trace_printk, stacks), never
 *    filtered, straight into a ring buffer.
 *
 *  - the scratch area's level counter and helpers (take, give back,
 *    discard, commit with stacks), from which the event registry builds
 *    the reserve and commit of event records (trace_event_write.c).
 *
 * It also declares tracing_disabled, the trace core's off switch.
 *
 * Contexts: everything here runs in any context, NMI included; between
 * a reserve and its commit preemption is off (the ring buffer's rule,
 * and the scratch area's: a level belongs to the CPU that took it).
 */
#ifndef _KERNEL_TRACE_WRITE_H
#define _KERNEL_TRACE_WRITE_H

#include <linux/jump_label.h>
#include <linux/percpu-defs.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/trace_events.h>

#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_flags.h"

struct pt_regs;

/* TRACE_FLAG_* of the execution context, from one preempt_count() read. */
static __always_inline unsigned int trace_ctx_flags(unsigned int pc)
{
	unsigned int fl = 0;

	if (pc & NMI_MASK)
		fl |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		fl |= TRACE_FLAG_HARDIRQ;
#ifdef CONFIG_PREEMPT_RT
	/* RT counts softirqs in the task, not in preempt_count(). */
	if (in_serving_softirq())
		fl |= TRACE_FLAG_SOFTIRQ;
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		fl |= TRACE_FLAG_BH_OFF;
#else
	if (pc & SOFTIRQ_OFFSET)
		fl |= TRACE_FLAG_SOFTIRQ;
	if (pc & (SOFTIRQ_MASK & ~SOFTIRQ_OFFSET))
		fl |= TRACE_FLAG_BH_OFF;
#endif
	if (tif_need_resched())
		fl |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		fl |= TRACE_FLAG_PREEMPT_RESCHED;
	return fl;
}

/* The migrate-disable depth of the current task, as the word keeps it. */
static __always_inline unsigned int trace_ctx_migrate(void)
{
#ifdef CONFIG_SMP
	return min_t(unsigned int, current->migration_disabled, 0xf);
#else
	return 0;
#endif
}

/**
 * trace_ctx_word - the context word of a record written now
 * @irqs_status: TRACE_FLAG_IRQS_OFF or TRACE_FLAG_IRQS_NOSUPPORT or 0
 *
 * Same value as tracing_gen_ctx_irq_test(@irqs_status).
 */
static __always_inline unsigned int trace_ctx_word(unsigned int irqs_status)
{
	unsigned int pc = preempt_count();

	return (irqs_status | trace_ctx_flags(pc)) << 16 |
	       trace_ctx_migrate() << 4 |
	       min_t(unsigned int, pc & 0xff, 0xf);
}

/*
 * The word for a tracepoint probe: the probe runs with preemption
 * disabled by the tracepoint itself on CONFIG_PREEMPTION kernels, so
 * the count is one above the traced code's (tracing_gen_ctx_dec()).
 */
static __always_inline unsigned int trace_ctx_word_probe(void)
{
	unsigned int irqs;

#ifdef CONFIG_TRACE_IRQFLAGS_SUPPORT
	irqs = irqs_disabled() ? TRACE_FLAG_IRQS_OFF : 0;
#else
	irqs = TRACE_FLAG_IRQS_NOSUPPORT;
#endif
	return trace_ctx_word(irqs) - IS_ENABLED(CONFIG_PREEMPTION);
}

/*
 * ring_buffer_event_data() without the call and the check, for a data
 * record just reserved: the payload follows the length word when
 * type_len is 0, else the header itself (the layout is ABI, see
 * include/linux/ring_buffer.h).
 */
static __always_inline void *
ring_buffer_record_body(struct ring_buffer_event *event)
{
	return &event->array[event->type_len ? 0 : 1];
}

/* Fill the 8-byte common header of a record. */
static __always_inline void trace_write_header(struct trace_entry *ent,
					       unsigned short type,
					       unsigned int trace_ctx)
{
	ent->type = type;
	ent->flags = trace_ctx >> 16;
	ent->preempt_count = trace_ctx & 0xff;
	ent->pid = current->pid;
}

/*
 * Reserve @size bytes of record @type in @buffer with context word
 * @trace_ctx and fill the common header.  Returns the record body, and
 * the ring-buffer event in @event; NULL when the buffer is off, full in
 * producer-stops mode, or @size is larger than its largest record.
 */
static __always_inline void *trace_record_reserve(struct trace_buffer *buffer,
						  int type, unsigned long size,
						  unsigned int trace_ctx,
						  struct ring_buffer_event **event)
{
	struct trace_entry *ent;

	*event = ring_buffer_lock_reserve(buffer, size);
	if (!*event)
		return NULL;
	ent = ring_buffer_record_body(*event);
	trace_write_header(ent, type, trace_ctx);
	return ent;
}

/*
 * Commit the record trace_record_reserve() returned, and note that the
 * running task's comm should be saved at the next sched switch (read by
 * the cmdline recorder's probes).
 */
static __always_inline void trace_record_commit(struct trace_buffer *buffer)
{
	__this_cpu_write(trace_taskinfo_save, true);
	ring_buffer_unlock_commit(buffer);
}

/*
 * Scratch levels in use on this CPU (0 to TRACE_WRITE_LEVELS): a filtered
 * event's record is written into a per-CPU scratch level and copied into
 * the ring buffer only if it is kept (trace_write.c).  Levels nest
 * strictly (task, softirq, irq, NMI), so the counter needs no atomics:
 * a context that interrupts a writer takes the next level and gives it
 * back before returning.
 */
#define TRACE_WRITE_LEVELS	4
DECLARE_PER_CPU(unsigned int, trace_write_depth);

/*
 * The scratch area itself (trace_write.c: its rules and concurrency are
 * described at the top of that file).  Its helpers are inline because
 * the event write path (trace_event_write.c) builds its reserve and
 * commit from them: a generated probe's record goes through them with
 * no call in between.
 */

/* One scratch level: a pseudo ring-buffer record, header then body. */
#define TRACE_WRITE_LEVEL_SIZE	PAGE_SIZE
/* The largest body a level holds: what remains after header and length. */
#define TRACE_WRITE_LEVEL_BODY	(TRACE_WRITE_LEVEL_SIZE - 2 * sizeof(u32))

/*
 * This CPU's scratch area (TRACE_WRITE_LEVELS levels), or NULL.  Written
 * once by trace_write_scratch_prepare(), read locklessly by writers of
 * that CPU.
 */
DECLARE_PER_CPU(void *, trace_write_area);

static __always_inline struct ring_buffer_event *
trace_write_level(void *area, unsigned int lvl)
{
	return area + lvl * TRACE_WRITE_LEVEL_SIZE;
}

/*
 * Take this CPU's next scratch level for a record of @len body bytes and
 * fill its header.  Returns with preemption disabled, or NULL (and
 * preemption as it was) when no level can hold it.
 */
static __always_inline struct ring_buffer_event *
trace_write_scratch_take(int type, unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *ev;
	unsigned int lvl;
	void *area;

	if (len > TRACE_WRITE_LEVEL_BODY)
		return NULL;
	preempt_disable_notrace();
	/* Pairs with the smp_store_release() in trace_write_scratch_prepare(). */
	area = smp_load_acquire(this_cpu_ptr(&trace_write_area));
	if (!area)
		goto none;
	lvl = this_cpu_inc_return(trace_write_depth) - 1;
	/* The level is ours only once the counter says so. */
	barrier();
	if (lvl >= TRACE_WRITE_LEVELS) {
		this_cpu_dec(trace_write_depth);
		goto none;
	}
	ev = trace_write_level(area, lvl);
	/* A type_len 0 data record: array[0] counts itself and the body. */
	ev->type_len = 0;
	ev->time_delta = 0;
	ev->array[0] = len + sizeof(u32);
	trace_write_header((struct trace_entry *)&ev->array[1], type, trace_ctx);
	return ev;
none:
	preempt_enable_notrace();
	return NULL;
}

/* Give back the innermost level; ends the record's preempt-off section. */
static __always_inline void trace_write_scratch_put(void)
{
	/* Every access to the level is done before it is given back. */
	barrier();
	this_cpu_dec(trace_write_depth);
	preempt_enable_notrace();
}

/* Is @event this CPU's innermost scratch record?  Preemption off. */
static __always_inline bool
trace_write_scratch_owns(struct ring_buffer_event *event)
{
	unsigned int depth = __this_cpu_read(trace_write_depth);
	void *area = __this_cpu_read(trace_write_area);

	return depth && area && event == trace_write_level(area, depth - 1);
}

/* Drop a reserved record: forget a scratch one, discard one in place. */
static __always_inline void trace_write_discard(struct trace_buffer *buffer,
						struct ring_buffer_event *event)
{
	if (trace_write_scratch_owns(event)) {
		trace_write_scratch_put();
		return;
	}
	ring_buffer_discard_commit(buffer, event);
}

/*
 * Commit a kept record: copy a scratch record into @buffer, or commit
 * it in place.  A copy that finds the buffer off or full is lost, as a
 * reservation would have been.
 */
static __always_inline void trace_write_commit(struct trace_buffer *buffer,
					       struct ring_buffer_event *event)
{
	__this_cpu_write(trace_taskinfo_save, true);
	if (trace_write_scratch_owns(event)) {
		ring_buffer_write(buffer, event->array[0] - sizeof(u32),
				  &event->array[1]);
		trace_write_scratch_put();
		return;
	}
	ring_buffer_unlock_commit(buffer);
}

/*
 * Stack records (trace_write_stack.c).  ftrace_trace_stack() is the
 * test of the instance's stacktrace option the commit path makes.
 */
#ifdef CONFIG_STACKTRACE
void __ftrace_trace_stack(struct trace_array *tr, struct trace_buffer *buffer,
			  unsigned int trace_ctx, int skip,
			  struct pt_regs *regs);
static __always_inline void ftrace_trace_stack(struct trace_array *tr,
					       struct trace_buffer *buffer,
					       unsigned int trace_ctx,
					       int skip, struct pt_regs *regs)
{
	if (tr->trace_flags & TRACE_ITER_STACKTRACE)
		__ftrace_trace_stack(tr, buffer, trace_ctx, skip, regs);
}
#else
static inline void __ftrace_trace_stack(struct trace_array *tr,
					struct trace_buffer *buffer,
					unsigned int trace_ctx, int skip,
					struct pt_regs *regs)
{
}

static inline void ftrace_trace_stack(struct trace_array *tr,
				      struct trace_buffer *buffer,
				      unsigned int trace_ctx, int skip,
				      struct pt_regs *regs)
{
}
#endif
#if defined(CONFIG_STACKTRACE) && defined(CONFIG_USER_STACKTRACE_SUPPORT)
void ftrace_trace_userstack(struct trace_array *tr, struct trace_buffer *buffer,
			    unsigned int trace_ctx);
#else
static inline void ftrace_trace_userstack(struct trace_array *tr,
					  struct trace_buffer *buffer,
					  unsigned int trace_ctx)
{
}
#endif

/*
 * Frames a stack record taken at commit without registers skips: the
 * caller of trace_write_commit_stacks() (it is inlined), the event
 * commit and the probe, so that the stack starts at the traced code.
 */
#define TRACE_WRITE_STACK_SKIP	3

/*
 * Commit a kept record, then the stack records the instance asks for.
 * Without @regs the stacks skip TRACE_WRITE_STACK_SKIP frames.  Tracers
 * that commit their own records lose a frame or two.
 */
static __always_inline void
trace_write_commit_stacks(struct trace_array *tr, struct trace_buffer *buffer,
			  struct ring_buffer_event *event,
			  unsigned int trace_ctx, struct pt_regs *regs)
{
	trace_write_commit(buffer, event);
	ftrace_trace_stack(tr, buffer, trace_ctx,
			   regs ? 0 : TRACE_WRITE_STACK_SKIP, regs);
	ftrace_trace_userstack(tr, buffer, trace_ctx);
}

/*
 * Trace exports (register_ftrace_export()): the walker, called with the
 * record still reserved, and one static key per kind of record.
 */
void ftrace_exports(struct ring_buffer_event *event, int flag);
DECLARE_STATIC_KEY_FALSE(trace_function_exports_enabled);
DECLARE_STATIC_KEY_FALSE(trace_event_exports_enabled);
DECLARE_STATIC_KEY_FALSE(trace_marker_exports_enabled);

/*
 * The producer calls of tracers and the core: reserve and commit a
 * record of kernel/trace's own in an instance's buffer, a stack record
 * of the current context.
 * trace_buffer_lock_reserve() returns NULL when the buffer refuses;
 * the commit runs the instance's stack options and exports.
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx);
void trace_buffer_unlock_commit_regs(struct trace_array *tr,
				     struct trace_buffer *buffer,
				     struct ring_buffer_event *event,
				     unsigned int trace_ctx,
				     struct pt_regs *regs);
void trace_buffer_unlock_commit_nostack(struct trace_buffer *buffer,
					struct ring_buffer_event *event);

/* The same without registers: the stack record starts at the caller. */
#define trace_buffer_unlock_commit(tr, buffer, event, trace_ctx)	\
	trace_buffer_unlock_commit_regs(tr, buffer, event, trace_ctx, NULL)

/* Drop a reserved record, wherever it was staged. */
void __trace_event_discard_commit(struct trace_buffer *buffer,
				  struct ring_buffer_event *event);

/* The time stamp of a reserved record (what it will carry). */
u64 tracing_event_time_stamp(struct trace_buffer *buffer,
			     struct ring_buffer_event *rbe);

#ifdef CONFIG_STACKTRACE
void __trace_stack(struct trace_array *tr, unsigned int trace_ctx, int skip);
#else
static inline void __trace_stack(struct trace_array *tr,
				 unsigned int trace_ctx, int skip)
{
}
#endif

/*
 * trace_marker and trace_marker_raw (trace_marker.c), which every
 * instance has: user space writes records through them.
 */
extern const struct file_operations tracing_mark_fops;
extern const struct file_operations tracing_mark_raw_fops;

/*
 * Make sure the scratch area exists, before a filter, a soft mode or a
 * conditional trigger stages records there.  The area is never freed.
 * Process context; may sleep.
 */
void trace_write_scratch_prepare(void);

/*
 * The trace core's off switch (trace_write.c): while it is non-zero,
 * tracefs files refuse to open, tracing_start() does nothing, and the
 * markers, trace_printk() and trace_dump_stack() write nothing.  It is 1
 * from boot until the global instance's buffers exist (the boot code,
 * trace_bootparams.c, clears it then; it stays 1 if they could not be
 * made), and is set to 1 again, for good, when a resize leaves the live
 * and snapshot buffers of an instance different (trace_buffers.c,
 * trace_buffer_files.c).  Read without a lock; written only by those.
 */
extern int tracing_disabled;

/* Is @event this CPU's innermost scratch record?  Preemption off. */
bool trace_write_is_scratch(struct ring_buffer_event *event);

#endif /* _KERNEL_TRACE_WRITE_H */
