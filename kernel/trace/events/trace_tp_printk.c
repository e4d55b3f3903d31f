// SPDX-License-Identifier: GPL-2.0
/*
 * tp_printk: every event recorded through an event file is also printed
 * to the console, as one line of the "trace" file's text without the
 * context columns (the event's own printer).
 *
 * Turned on by the boot parameter tp_printk (trace_bootparams.c), and
 * while it was on at boot, toggled by the sysctl
 * /proc/sys/kernel/tracepoint_printk (kernel/sysctl.c names
 * tracepoint_printk and tracepoint_printk_sysctl()).  Without the boot
 * parameter there is no iterator and the sysctl stays 0 whatever is
 * written.  tp_printk_stop_on_boot turns it off at late_initcall_sync.
 *
 * The event commit (trace_event_write.c) tests tracepoint_printk_key, a
 * static key that follows tracepoint_printk, and calls output_printk()
 * with the record still reserved, once it has judged the record and
 * kept it: the event is printed whatever the event file's triggers
 * decide, unless the event is soft-disabled or its filter rejects the
 * record.  This file is part of the event registry (layers.rst): it
 * prints records of event files with their events' own printers, and
 * uses nothing above the registry.
 *
 * One iterator serves every CPU; it has no instance (iter->tr is NULL),
 * which tells the output library's format helpers
 * (trace_output_format.c) to neither allocate nor rewrite "%p":
 * output_printk() runs wherever an event fires, interrupts and NMI
 * included, so it must not sleep or allocate.
 *
 * Locks: tp_printk_lock (raw spinlock, interrupts off) serialises use
 * of the iterator; it is a leaf (printk's own locks nest under it, and
 * an NMI that fires an event while its CPU holds it would deadlock:
 * an accepted limit, tp_printk is a debugging aid).
 * tp_printk_mutex serialises the sysctl's writers around the static key.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stdarg.h>
#include <linux/sysctl.h>
#include <linux/trace_seq.h>

#include "trace_records.h"
#include "trace_tp_printk.h"

int tracepoint_printk;
DEFINE_STATIC_KEY_FALSE(tracepoint_printk_key);

static struct trace_iterator *tp_printk_iter;
static DEFINE_RAW_SPINLOCK(tp_printk_lock);
static DEFINE_MUTEX(tp_printk_mutex);

/*
 * One event's line at the console's default level, as printk() without
 * a level prefix prints it (there is no pr_*() for "no level").
 */
static __printf(1, 2) void tp_printk_emit(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vprintk(fmt, args);
	va_end(args);
}

/**
 * output_printk - print a just-recorded event to the console
 * @fbuffer: the event being committed (its file, its record)
 *
 * Called from the event commit while tracepoint_printk_key is on, for a
 * record it keeps: not soft-disabled, matched by the event's filter.
 */
void output_printk(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	struct trace_event_call *call = file->event_call;
	struct trace_iterator *iter = tp_printk_iter;
	unsigned long flags;

	/* The key is only ever on with an iterator. */
	if (WARN_ON_ONCE(!iter))
		return;

	if (!call || !call->event.funcs || !call->event.funcs->trace)
		return;

	raw_spin_lock_irqsave(&tp_printk_lock, flags);
	trace_seq_init(&iter->seq);
	iter->ent = fbuffer->entry;
	call->event.funcs->trace(iter, 0, &call->event);
	trace_seq_putc(&iter->seq, '\0');
	tp_printk_emit("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&tp_printk_lock, flags);
}

/* Point the static key at the value of tracepoint_printk. */
static void tp_printk_key_follow(void)
{
	if (tracepoint_printk)
		static_key_enable(&tracepoint_printk_key.key);
	else
		static_key_disable(&tracepoint_printk_key.key);
}

/**
 * tracepoint_printk_sysctl - /proc/sys/kernel/tracepoint_printk
 * @table: the sysctl entry (its data is tracepoint_printk)
 * @write: a write?
 * @buffer: as for proc_dointvec()
 * @lenp: as for proc_dointvec()
 * @ppos: as for proc_dointvec()
 *
 * Any non-zero value turns tp_printk on, if the boot parameter had set
 * it up; the value then reads back as written.
 *
 * Return: as proc_dointvec().
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int before, ret;

	guard(mutex)(&tp_printk_mutex);

	before = tracepoint_printk;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);

	/* Nothing to print with: stays (or falls back to) 0. */
	if (!tp_printk_iter)
		tracepoint_printk = 0;

	if (tracepoint_printk != before)
		tp_printk_key_follow();
	return ret;
}

/**
 * tp_printk_boot_init - set tp_printk up if the boot parameter asked
 *
 * Called by early_trace_init(), before any event can fire.
 */
void __init tp_printk_boot_init(void)
{
	if (!tracepoint_printk)
		return;

	tp_printk_iter = kzalloc(sizeof(*tp_printk_iter), GFP_KERNEL);
	if (MEM_FAIL(!tp_printk_iter, "Failed to allocate trace iterator\n")) {
		tracepoint_printk = 0;
		return;
	}
	tp_printk_key_follow();
}

/**
 * tp_printk_boot_stop - tp_printk_stop_on_boot: off once booted
 *
 * Called at late_initcall_sync.  The iterator stays, so the sysctl can
 * turn it on again.
 */
void __init tp_printk_boot_stop(void)
{
	guard(mutex)(&tp_printk_mutex);

	if (!tracepoint_printk)
		return;
	tracepoint_printk = 0;
	tp_printk_key_follow();
}
