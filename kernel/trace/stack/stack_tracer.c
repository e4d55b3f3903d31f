// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: an ftrace_ops whose callback measures, at the entry
 * of every function its filter takes, how much of the kernel stack is in
 * use, and keeps the trace of the deepest stack seen (the record,
 * stack_tracer.h).  Turned on and off by kernel.stack_tracer_enabled and
 * the "stacktrace" boot parameter; stack_trace_filter is its ops'
 * filter (stack_tracer_files.c).
 *
 * Per call (stk_call(), any context, NMI included, RCU watching or not):
 *
 *   sp = the traced function's stack pointer at entry (ftrace_regs)
 *   (sp & (THREAD_SIZE - 1)) >= stk_floor ?  return    every call but a few
 *   stk_new_max()                                      a new deepest stack
 *     on an interrupt stack, in NMI        -> return
 *     this CPU's disable_stack_tracer > 0  -> return (a traced function
 *        called from below here, or a section that asked for quiet)
 *     RCU not watching                     -> return (the unwinder needs it)
 *     stk_lock: still deeper than stk_max_size?  unwind, then find each
 *        return address on the stack (stk_locate()): the record
 *
 * The first test needs no guard: it calls nothing and writes nothing.
 * Everything after it runs with the CPU's disable_stack_tracer raised,
 * so a traced function it calls returns at once from the callback,
 * whatever its depth.  The ops is called straight from its trampoline
 * or the list function (FTRACE_OPS_FL_RECURSION: it guards itself).
 *
 * The depth is read from the traced function's stack pointer at its
 * entry (ftrace_regs), so the tracer's own frames are never counted and
 * no frame size needs learning.  Stacks are THREAD_SIZE-aligned: the
 * offset of sp within its THREAD_SIZE block gives the depth, counted
 * from the slot below sp, where the site's call put its return address:
 *
 *   depth = THREAD_SIZE - offset + sizeof(long), so
 *   depth <= max  <=>  offset >= THREAD_SIZE + sizeof(long) - max
 *
 * The right-hand side is stk_floor, kept with stk_max_size (0 when that
 * is larger than a stack), so the test is one mask and one compare.
 *
 * Lock order: stk_sysctl_mutex, then whatever register_ftrace_function()
 * takes.  stk_lock (stack_tracer.h) nests inside nothing of ours.
 */
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kallsyms.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/sched/task_stack.h>
#include <linux/spinlock.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include <asm/setup.h>

#include "fs/trace_fs.h"
#include "ftrace/ftrace_ops.h"
#include "ftrace/ftrace_rec.h"
#include "stack_tracer.h"

DEFINE_PER_CPU(int, disable_stack_tracer);

/* kernel.stack_tracer_enabled: 0 off, anything else on. */
int stack_tracer_enabled;

/*
 * The deepest stack's size (bytes) and the sp offset that beats it
 * (see the top of this file); both written under stk_lock, by
 * stk_set_max() only.  The callback reads stk_floor alone.
 */
static unsigned long stk_max_size;
static unsigned long stk_floor = THREAD_SIZE + sizeof(long);
static struct stk_record stk_rec;
static arch_spinlock_t stk_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/* Whether stk_ops is registered (stk_sysctl_mutex). */
static DEFINE_MUTEX(stk_sysctl_mutex);
static bool stk_registered;

void stk_locate(struct stk_record *rec, unsigned int first, unsigned int nr,
		const unsigned long *from, const unsigned long *top)
{
	const unsigned long *p = from, *q;
	unsigned int kept = 0, i;

	for (i = first; i < nr; i++) {
		/* Another frame's slots: KASAN must not judge the reads. */
		for (q = p; q < top; q++)
			if (READ_ONCE_NOCHECK(*q) == rec->addr[i])
				break;
		if (q == top)
			continue;
		rec->addr[kept] = rec->addr[i];
		rec->depth[kept++] = (top - q) * sizeof(*q);
		p = q + 1;
	}
#ifdef ARCH_FTRACE_SHIFT_STACK_TRACER
	/*
	 * The architecture saves a return address above the locals of the
	 * frame that made the call: each depth belongs to the entry before.
	 */
	if (kept > 1) {
		memmove(rec->depth, rec->depth + 1, (kept - 1) * sizeof(*rec->depth));
		kept--;
	}
#endif
	rec->nr = kept;
}

/* A new size to beat (stk_lock held). */
static void stk_set_max(unsigned long size)
{
	unsigned long limit = THREAD_SIZE + sizeof(long);

	WRITE_ONCE(stk_max_size, size);
	WRITE_ONCE(stk_floor, size < limit ? limit - size : 0);
}

/* The stack overran into its end: the record goes to the console first. */
static void stk_print_emerg(void)
{
	unsigned int i;

	pr_emerg(STK_HEADER_FMT, stk_rec.nr);
	for (i = 0; i < stk_rec.nr; i++)
		pr_emerg(STK_LINE_FMT, i, stk_rec.depth[i],
			 stk_frame_size(&stk_rec, i), (void *)stk_rec.addr[i]);
}

/*
 * Take the record of a stack @depth deep, whose innermost return
 * address @ret (the traced function's) is in @slot.  Interrupts off,
 * this CPU's disable_stack_tracer raised, RCU watching.
 */
static void stk_record_max(unsigned long ret, unsigned long slot,
			   unsigned long depth)
{
	unsigned long *top = (unsigned long *)(task_stack_page(current) + THREAD_SIZE);
	unsigned int nr, i;

	arch_spin_lock(&stk_lock);
	/* Another CPU went deeper since stk_call() looked. */
	if (depth <= stk_max_size)
		goto out;
	stk_set_max(depth);
	nr = stack_trace_save(stk_rec.addr, STK_ENTRIES, 0);
	/* The unwinder starts in our frames: skip to the traced function. */
	for (i = 0; i < nr && stk_rec.addr[i] != ret; i++)
		;
	/* Not there (an unwinder that hides the site): keep everything. */
	if (i == nr)
		i = 0;
	stk_locate(&stk_rec, i, nr, (unsigned long *)slot, top);
	/*
	 * The deepest stack overran the end of its memory: what lies
	 * beyond is already overwritten, so nothing can recover.
	 */
	if (task_stack_end_corrupted(current)) {
		stk_print_emerg();
		BUG();
	}
out:
	arch_spin_unlock(&stk_lock);
}

/* Rare: the stack below @slot beat stk_floor when stk_call() read it. */
static noinline void stk_new_max(unsigned long ret, unsigned long slot)
{
	unsigned long depth = THREAD_SIZE - (slot & (THREAD_SIZE - 1));
	unsigned long flags;

	/* Interrupt stacks are not measured. */
	if (!object_is_on_stack((void *)slot))
		return;
	/* stk_lock is no NMI lock. */
	if (in_nmi())
		return;
	preempt_disable_notrace();
	if (this_cpu_inc_return(disable_stack_tracer) == 1 && rcu_is_watching()) {
		local_irq_save(flags);
		stk_record_max(ret, slot, depth);
		local_irq_restore(flags);
	}
	this_cpu_dec(disable_stack_tracer);
	preempt_enable_notrace();
}

/*
 * The callback, on every entry of a function stk_ops wants: see the top
 * of this file for what each step costs and why the first needs no guard.
 */
static void stk_call(unsigned long ip, unsigned long parent_ip,
		     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long sp = ftrace_regs_get_stack_pointer(fregs);

	if (likely((sp & (THREAD_SIZE - 1)) >= READ_ONCE(stk_floor)))
		return;
	/* The site's call put its return address below sp. */
	stk_new_max(ip + MCOUNT_INSN_SIZE, sp - sizeof(long));
}

struct ftrace_ops stk_ops __read_mostly = {
	.func	= stk_call,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

/*
 * Readers and writers of the record take stk_lock as stk_new_max()
 * does, with the guard raised: a traced function called under the lock
 * must not come back for it.
 */
static unsigned long stk_lock_irqsave(void)
{
	unsigned long flags;

	local_irq_save(flags);
	this_cpu_inc(disable_stack_tracer);
	arch_spin_lock(&stk_lock);
	return flags;
}

static void stk_unlock_irqrestore(unsigned long flags)
{
	arch_spin_unlock(&stk_lock);
	this_cpu_dec(disable_stack_tracer);
	local_irq_restore(flags);
}

void stk_snapshot(struct stk_record *out, unsigned long *max_size)
{
	unsigned long flags = stk_lock_irqsave();

	out->nr = stk_rec.nr;
	memcpy(out->addr, stk_rec.addr, stk_rec.nr * sizeof(*out->addr));
	memcpy(out->depth, stk_rec.depth, stk_rec.nr * sizeof(*out->depth));
	*max_size = stk_max_size;
	stk_unlock_irqrestore(flags);
}

unsigned long stk_max_size_get(void)
{
	return READ_ONCE(stk_max_size);
}

void stk_max_size_set(unsigned long size)
{
	unsigned long flags = stk_lock_irqsave();

	stk_set_max(size);
	stk_unlock_irqrestore(flags);
}

/* Register or unregister stk_ops to match @on (stk_sysctl_mutex held). */
static void stk_switch(bool on)
{
	lockdep_assert_held(&stk_sysctl_mutex);
	if (on == stk_registered)
		return;
	if (on) {
		stk_registered = !register_ftrace_function(&stk_ops);
	} else {
		unregister_ftrace_function(&stk_ops);
		stk_registered = false;
	}
}

/**
 * stack_trace_sysctl - the handler of kernel.stack_tracer_enabled
 * @table: its ctl_table (data: stack_tracer_enabled)
 * @write: a write, not a read
 * @buffer: the text
 * @lenp: its length
 * @ppos: the file position
 *
 * An integer, as proc_dointvec() takes it; a change between zero and
 * non-zero turns the tracer on or off before the write returns.
 * Process context.
 *
 * Return: proc_dointvec()'s result (the tracer not starting, with
 * function tracing broken, is not reported).
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	bool was;
	int ret;

	guard(mutex)(&stk_sysctl_mutex);
	was = stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write && was != !!stack_tracer_enabled)
		stk_switch(stack_tracer_enabled);
	return ret;
}

/* stacktrace_filter=LIST: kept until stk_init(). */
static char stk_boot_filter[COMMAND_LINE_SIZE] __initdata;

/*
 * "stacktrace" turns the tracer on at boot; "stacktrace_filter=LIST"
 * does too, with the comma-separated functions of LIST as its filter.
 * Any parameter that starts with "stacktrace" lands here (__setup()
 * matches the name as a prefix).
 */
static int __init stk_boot_param(char *str)
{
	if (str_has_prefix(str, "_filter="))
		strscpy(stk_boot_filter, str + strlen("_filter="),
			sizeof(stk_boot_filter));
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", stk_boot_param);

/*
 * Boot, after ftrace_init() made the records and tracefs is up: the
 * files, the filter from the command line (a word that matches nothing
 * is dropped), then the tracer if the command line asked for it.
 */
static int __init stk_init(void)
{
	char *list = stk_boot_filter, *item;

	if (tracing_init_dentry())
		return 0;
	mutex_lock(&ftrace_lock);
	fops_init_hashes(&stk_ops);
	mutex_unlock(&ftrace_lock);
	/* Edited through stack_trace_filter while off: text removal must see it. */
	fops_keep_hashes(&stk_ops);
	stk_files_init();

	while ((item = strsep(&list, ",")))
		if (*item)
			ftrace_set_filter(&stk_ops, (unsigned char *)item,
					  strlen(item), 0);

	guard(mutex)(&stk_sysctl_mutex);
	stk_switch(stack_tracer_enabled);
	return 0;
}
device_initcall(stk_init);
