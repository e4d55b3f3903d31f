// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk() and friends: debugging text written into the trace.
 *
 * Entry points (exported, names fixed by include/linux/kernel.h and
 * include/linux/trace.h) and the record each one writes:
 *
 *   trace_printk(const fmt, args)  __trace_bprintk()  ftrace/bprint: ip,
 *                                  fmt pointer, arguments in binary
 *                                  (vbin_printf); text later, when read
 *   trace_printk(other fmt)        __trace_printk()   ftrace/print: text
 *   ftrace_vprintk()               __ftrace_vbprintk(), __ftrace_vprintk()
 *   trace_puts(const str)          __trace_bputs()    ftrace/bputs: ip,
 *                                                     string pointer
 *   trace_puts(other str)          __trace_puts()     ftrace/print
 *   trace_array_printk(tr, ...)    ftrace/print into instance @tr
 *   trace_array_puts(tr, str)      __trace_array_puts() (trace_instance.c):
 *                                  same
 *   trace_dump_stack(skip)         ftrace/kernel_stack: the caller's
 *                                  stack (trace_write_stack.c)
 *
 * The destination of the first six and of trace_dump_stack() is
 * printk_trace (below): the global instance unless an instance took the
 * trace_printk_dest option.
 * It is read only with preemption off (printk_dest()): an instance that
 * gives up the destination is freed after a grace period, so a writer
 * preempted before the read would otherwise write into a freed instance
 * (trace_dump_stack() is the exception, see there).
 * They record nothing while the destination's trace_printk option is
 * off (trace_printk_control() gates the trace_printk() family; the puts
 * family reads the option itself), while tracing is dead, or during a
 * startup self-test.  A destination on a persistent boot buffer gets
 * text records only: a format pointer means nothing to the next boot.
 *
 * Formatting needs room before the record's size is known, so text is
 * first formatted into a per-CPU scratch area of PRINTK_LEVELS buffers
 * of TRACE_BUF_SIZE bytes, one per nesting level (task, softirq, irq,
 * NMI), then copied into a record of the right size.  The scratch area
 * is allocated once, by trace_printk_init_buffers() (a built-in or
 * module trace_printk() exists) or trace_array_init_printk(), and never
 * freed.  The first allocation for trace_printk() prints the banner
 * that warns this is a debugging kernel.
 *
 * The formats themselves, and printk_formats, are trace_printk_fmt.c's.
 *
 * Contexts: the record writers run in any context, NMI included: no
 * lock, the scratch level is a per-CPU counter strictly nested with
 * preemption off, the ring buffer does the rest.  Setup runs in process
 * context.
 */
#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_flags.h"
#include "trace_pending.h"
#include "trace_printk.h"
#include "trace_puts.h"
#include "trace_records.h"
#include "write/trace_write.h"

/*
 * The instance trace_printk() writes to: the global one unless an
 * instance set its trace_printk_dest option (update_printk_trace()).
 * Read with preemption off (printk_dest()).  Changed under trace_types_lock.
 */
struct trace_array *printk_trace = &global_trace;

/* One scratch buffer per nesting level: task, softirq, irq, NMI. */
#define PRINTK_LEVELS	4

/*
 * Per-CPU scratch.  @depth is the number of levels in use on this CPU;
 * only this CPU touches it, with preemption off, and an interrupt
 * restores it before returning, so it needs no atomics, only compiler
 * barriers (printk_scratch_get/put) to keep the buffer accesses inside
 * the level that owns them.
 */
struct printk_scratch {
	int	depth;
	char	level[PRINTK_LEVELS][TRACE_BUF_SIZE];
};

/*
 * Set once under printk_setup_lock, never freed; writers read it with
 * preemption off.  NULL: trace_printk() was never set up, nothing is
 * recorded.
 */
static struct printk_scratch __percpu *printk_scratch;

/*
 * printk_setup_lock: allocation of printk_scratch and the one-time
 * setup of trace_printk_init_buffers().  Lock order: printk_setup_lock,
 * then trace_types_lock (inside tracing_update_buffers()), then
 * recorder_mutex and the tracepoint mutex (inside
 * tracing_start_cmdline_record()).
 */
static DEFINE_MUTEX(printk_setup_lock);

/* trace_printk_init_buffers() finished: comms are recorded for it. */
static bool printk_setup_done;

/* The trace_printk option's gate for the trace_printk() family. */
static bool printk_enabled __read_mostly = true;

/* Preemption must be off.  NULL when not set up or nested too deep. */
static char *printk_scratch_get(void)
{
	struct printk_scratch __percpu *all = READ_ONCE(printk_scratch);
	struct printk_scratch *mine;

	if (!all)
		return NULL;
	mine = this_cpu_ptr(all);
	if (mine->depth >= PRINTK_LEVELS)
		return NULL;
	mine->depth++;
	/* An interrupt from here on sees this level taken. */
	barrier();
	return mine->level[mine->depth - 1];
}

static void printk_scratch_put(void)
{
	/* Done with the level before an interrupt may reuse it. */
	barrier();
	this_cpu_dec(printk_scratch->depth);
}

/*
 * Around one formatted record: the graph tracer must not trace our own
 * calls, the context word is taken as the caller sees it, then
 * preemption goes off (for the scratch level and the ring buffer) and a
 * scratch level is taken.  NULL: nothing to undo, nothing to record.
 */
static __always_inline char *printk_begin(unsigned int *trace_ctx)
{
	char *scratch;

	pause_graph_tracing();
	*trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();
	scratch = printk_scratch_get();
	if (!scratch) {
		preempt_enable_notrace();
		unpause_graph_tracing();
	}
	return scratch;
}

/* Undo a printk_begin() that returned a buffer. */
static __always_inline void printk_end(void)
{
	printk_scratch_put();
	preempt_enable_notrace();
	unpause_graph_tracing();
}

static int printk_scratch_alloc(void)
{
	struct printk_scratch __percpu *all;

	guard(mutex)(&printk_setup_lock);
	if (printk_scratch)
		return 0;
	all = alloc_percpu(struct printk_scratch);
	if (MEM_FAIL(!all, "Could not allocate percpu trace_printk buffer"))
		return -ENOMEM;
	WRITE_ONCE(printk_scratch, all);
	return 0;
}

/**
 * trace_array_init_printk - get trace_array_printk() ready for @tr
 * @tr: an instance other than the global one
 *
 * Allocates the scratch buffers (once for all), without the banner:
 * printing into one's own instance is fine in production.
 *
 * Return: 0, -ENOENT (NULL @tr), -EINVAL (global instance) or -ENOMEM.
 * Context: process, may sleep.
 */
int trace_array_init_printk(struct trace_array *tr)
{
	int ret = -ENOENT;

	if (tr)
		ret = tr == &global_trace ? -EINVAL : printk_scratch_alloc();
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/*
 * The trace_printk destination.  Preemption must be off, and the
 * instance is used only until it goes back on: instance removal
 * (trace_instance.c) moves the destination away from an instance and
 * waits a grace period before freeing it.
 */
static __always_inline struct trace_array *printk_dest(void)
{
	lockdep_assert_preemption_disabled();
	return READ_ONCE(printk_trace);
}

/**
 * update_printk_trace - make @tr the trace_printk destination
 * @tr: the instance (its trace_printk_dest option goes on, the
 *	previous destination's goes off)
 *
 * Under trace_types_lock, or at boot (trace_instance=NAME^printk).
 */
void update_printk_trace(struct trace_array *tr)
{
	struct trace_array *old = printk_trace;

	if (old == tr)
		return;
	old->trace_flags &= ~TRACE_ITER_TRACE_PRINTK;
	WRITE_ONCE(printk_trace, tr);
	tr->trace_flags |= TRACE_ITER_TRACE_PRINTK;
}

/*
 * trace_printk's destination, as an instance part (struct
 * trace_instance_part): an instance that goes while it is the
 * destination hands it back to the global instance.  trace_types_lock
 * held; writers that read the old destination are done with it after
 * the grace period the removal waits for (event_trace_del_tracer()).
 */
static void printk_part_remove(struct trace_array *tr)
{
	if (printk_trace == tr)
		update_printk_trace(&global_trace);
}

static struct trace_instance_part printk_part = {
	.name	= "printk",
	.remove	= printk_part_remove,
};

void __init trace_printk_register_part(void)
{
	trace_instance_register_part(&printk_part);
}

/* Binary records (format pointers) are meaningless in a boot buffer. */
static __always_inline bool printk_binary_ok(struct trace_array *tr)
{
	return !(tr->flags & TRACE_ARRAY_FL_BOOT);
}

/* Record the caller's stack after a record if @tr asks for stacks. */
static __always_inline void printk_stack(struct trace_array *tr,
					 struct trace_buffer *buffer,
					 unsigned int trace_ctx, int skip)
{
#ifdef CONFIG_STACKTRACE
	if (tr->trace_flags & TRACE_ITER_STACKTRACE)
		__ftrace_trace_stack(tr, buffer, trace_ctx, skip, NULL);
#endif
}

/* The banner's box: a row of stars, then rows of text between "**". */
static const char printk_banner_edge[] =
	"**********************************************************";
static const char *const printk_banner[] = {
	"   NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE", "",
	" trace_printk() being used. Allocating extra memory.", "",
	" This means that this is a DEBUG kernel and it is",
	" unsafe for production use.", "",
	" If you see this message and you are not debugging",
	" the kernel, report this immediately to your vendor!", "",
	"   NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE",
};

static void printk_warn_debug_kernel(void)
{
	int i;

	pr_warn("\n");
	pr_warn("%s\n", printk_banner_edge);
	for (i = 0; i < ARRAY_SIZE(printk_banner); i++)
		pr_warn("**%-54s**\n", printk_banner[i]);
	pr_warn("%s\n", printk_banner_edge);
}

/**
 * trace_printk_init_buffers - get trace_printk() ready
 *
 * Allocates the scratch buffers, warns that trace_printk() is in use
 * (once), expands the global buffer to its configured size and, if the
 * buffer exists already (a module calls this), starts recording comms.
 * Called at boot when a built-in trace_printk() exists, and when a
 * module with trace_printk() formats comes.  Context: process, may
 * sleep.
 */
void trace_printk_init_buffers(void)
{
	if (READ_ONCE(printk_setup_done))
		return;
	if (printk_scratch_alloc())
		return;

	guard(mutex)(&printk_setup_lock);
	if (printk_setup_done)
		return;
	printk_warn_debug_kernel();
	tracing_update_buffers(&global_trace);
	WRITE_ONCE(printk_setup_done, true);
	if (global_trace.array_buffer.buffer)
		tracing_start_cmdline_record();
}
EXPORT_SYMBOL_GPL(trace_printk_init_buffers);

/* The event code starts comm recording once, if trace_printk is set up. */
void trace_printk_start_comm(void)
{
	if (READ_ONCE(printk_setup_done))
		tracing_start_cmdline_record();
}

/* The trace_printk option changed (trace_opts.c, under trace_types_lock). */
void trace_printk_start_stop_comm(int enabled)
{
	if (!READ_ONCE(printk_setup_done))
		return;
	if (enabled)
		tracing_start_cmdline_record();
	else
		tracing_stop_cmdline_record();
}

void trace_printk_control(bool enabled)
{
	WRITE_ONCE(printk_enabled, enabled);
}

/**
 * __trace_bputs - record a pointer to a constant string
 * @ip: the caller's address
 * @str: the string; it must stay (a trace_puts() literal does)
 *
 * The text is looked up when the record is printed.  A boot-buffer
 * destination gets the text instead.
 *
 * Return: 1 when a pointer record was written, else what a text record
 * returned or 0.  Any context.
 */
int __trace_bputs(unsigned long ip, const char *str)
{
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct bputs_entry *entry;
	struct trace_array *tr;
	int ret = 0;

	preempt_disable_notrace();
	tr = printk_dest();
	/* A boot buffer gets the text (see printk_binary_ok()). */
	if (!printk_binary_ok(tr)) {
		ret = trace_puts_record(tr, ip, str, strlen(str), trace_ctx);
		goto out;
	}
	if (!(tr->trace_flags & TRACE_ITER_PRINTK) ||
	    unlikely(tracing_selftest_on() || tracing_disabled))
		goto out;

	buffer = tr->array_buffer.buffer;
	ring_buffer_nest_start(buffer);
	entry = trace_record_reserve(buffer, TRACE_BPUTS, sizeof(*entry),
				     trace_ctx, &event);
	if (entry) {
		entry->ip = ip;
		entry->str = str;
		trace_record_commit(buffer);
		printk_stack(tr, buffer, trace_ctx, 4);
		ret = 1;
	}
	ring_buffer_nest_end(buffer);
out:
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/**
 * __trace_puts - record a string in the trace_printk destination
 * @ip: the caller's address
 * @str: the text
 * @size: its length
 *
 * Return: @size, or 0 when nothing was recorded.  Any context.
 */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	unsigned int trace_ctx = tracing_gen_ctx();
	int ret;

	preempt_disable_notrace();
	ret = trace_puts_record(printk_dest(), ip, str, size, trace_ctx);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_puts);

/**
 * trace_vbprintk - record a format pointer and its arguments
 * @ip: the caller's address
 * @fmt: the format; it must stay (a trace_printk() format does)
 * @args: its arguments
 *
 * Return: the length of the binary arguments in 32-bit words (even when
 * the record could not be written), 0 when nothing was tried.  Any
 * context.
 */
int trace_vbprintk(unsigned long ip, const char *fmt, va_list args)
{
	const int words = TRACE_BUF_SIZE / sizeof(u32);
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct bprint_entry *entry;
	struct trace_array *tr;
	unsigned int trace_ctx;
	char *scratch;
	int len;

	if (unlikely(tracing_selftest_on() || tracing_disabled))
		return 0;
	scratch = printk_begin(&trace_ctx);
	if (!scratch)
		return 0;
	tr = printk_dest();
	if (!printk_binary_ok(tr)) {
		printk_end();
		return trace_vprintk(ip, fmt, args);
	}

	len = vbin_printf((u32 *)scratch, words, fmt, args);
	if (len >= 0 && len <= words) {
		buffer = tr->array_buffer.buffer;
		ring_buffer_nest_start(buffer);
		entry = trace_record_reserve(buffer, TRACE_BPRINT,
					     struct_size(entry, buf, len),
					     trace_ctx, &event);
		if (entry) {
			entry->ip = ip;
			entry->fmt = fmt;
			memcpy(entry->buf, scratch, len * sizeof(u32));
			trace_record_commit(buffer);
			printk_stack(tr, buffer, trace_ctx, 6);
		}
		ring_buffer_nest_end(buffer);
	}
	printk_end();
	return len;
}
EXPORT_SYMBOL_GPL(trace_vbprintk);

/*
 * Format into scratch, then one ftrace/print record in @buffer, or in
 * @tr's buffer when @buffer is NULL, or in the trace_printk
 * destination's when both are NULL (read once preemption is off).
 * Stacks follow the destination's option, whichever buffer this is.
 * Returns the text length, 0 if not tried.
 */
static __printf(4, 0)
int printk_text(struct trace_array *tr, struct trace_buffer *buffer,
		unsigned long ip, const char *fmt, va_list args)
{
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int trace_ctx;
	char *scratch;
	int len;

	if (tracing_disabled)
		return 0;
	scratch = printk_begin(&trace_ctx);
	if (!scratch)
		return 0;

	if (!buffer) {
		if (!tr) {
			tr = printk_dest();
			if (tracing_selftest_on() && tr == &global_trace) {
				printk_end();
				return 0;
			}
		}
		buffer = tr->array_buffer.buffer;
	}
	len = vscnprintf(scratch, TRACE_BUF_SIZE, fmt, args);
	ring_buffer_nest_start(buffer);
	entry = trace_record_reserve(buffer, TRACE_PRINT,
				     sizeof(*entry) + len + 1, trace_ctx,
				     &event);
	if (entry) {
		entry->ip = ip;
		memcpy(entry->buf, scratch, len + 1);
		trace_record_commit(buffer);
		printk_stack(printk_dest(), buffer, trace_ctx, 6);
	}
	ring_buffer_nest_end(buffer);
	printk_end();
	return len;
}

/**
 * trace_array_vprintk - record text in an instance
 * @tr: the instance; the caller keeps it alive
 * @ip: the caller's address
 * @fmt: printf format
 * @args: its arguments
 *
 * Return: the text length, 0 when nothing was tried.  Any context.
 */
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args)
{
	if (tracing_selftest_on() && tr == &global_trace)
		return 0;
	return printk_text(tr, NULL, ip, fmt, args);
}

/**
 * trace_array_printk - record text in an instance created for it
 * @tr: the instance (not the global one: its records should each be an
 *	event one can turn off; trace_printk() is for debugging only)
 * @ip: the caller's address
 * @fmt: printf format
 *
 * trace_array_init_printk() must have been called for @tr.
 *
 * Return: the text length; 0 for the global instance or when @tr's
 * trace_printk option is off; -ENOENT when @tr is NULL.  Any context.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	va_list args;
	int len = 0;

	if (unlikely(!tr))
		return -ENOENT;

	/* The global instance is for events one can turn off. */
	if (tr != &global_trace && (tr->trace_flags & TRACE_ITER_PRINTK)) {
		va_start(args, fmt);
		len = trace_array_vprintk(tr, ip, fmt, args);
		va_end(args);
	}
	return len;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/*
 * The trace core's own notes (the snapshot's and the dump's), gated by the
 * trace_printk destination's option.
 */
int trace_array_printk_buf(struct trace_buffer *buffer, unsigned long ip,
			   const char *fmt, ...)
{
	va_list args;
	int len = 0;
	bool on;

	preempt_disable_notrace();
	on = printk_dest()->trace_flags & TRACE_ITER_PRINTK;
	preempt_enable_notrace();
	if (on) {
		va_start(args, fmt);
		len = printk_text(NULL, buffer, ip, fmt, args);
		va_end(args);
	}
	return len;
}

/**
 * trace_vprintk - record text in the trace_printk destination
 * @ip: the caller's address
 * @fmt: printf format
 * @args: its arguments
 *
 * Return: the text length, 0 when nothing was tried.  Any context.
 */
int trace_vprintk(unsigned long ip, const char *fmt, va_list args)
{
	return printk_text(NULL, NULL, ip, fmt, args);
}
EXPORT_SYMBOL_GPL(trace_vprintk);

/*
 * The entry points of trace_printk() and ftrace_vprintk() (kernel.h):
 * the binary form for formats in __trace_printk_fmt, the text form for
 * the others, both gated by the trace_printk option.  A NULL format is
 * a module format that could not be saved: nothing is recorded.
 */
static __always_inline __printf(2, 0)
int printk_entry(unsigned long ip, const char *fmt, va_list args,
		 bool binary)
{
	if (!READ_ONCE(printk_enabled))
		return 0;
	if (binary)
		return likely(fmt) ? trace_vbprintk(ip, fmt, args) : 0;
	return trace_vprintk(ip, fmt, args);
}

/**
 * __ftrace_vbprintk - ftrace_vprintk() with a format of __trace_printk_fmt
 * @ip: the caller's address
 * @fmt: the format; it stays (the section outlives every record)
 * @args: its arguments
 *
 * Return: as trace_vbprintk(), 0 when the trace_printk option is off.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list args)
{
	return printk_entry(ip, fmt, args, true);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

/**
 * __ftrace_vprintk - ftrace_vprintk() with any other format
 * @ip: the caller's address
 * @fmt: printf format
 * @args: its arguments
 *
 * Return: as trace_vprintk(), 0 when the trace_printk option is off.
 */
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list args)
{
	return printk_entry(ip, fmt, args, false);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

/**
 * __trace_bprintk - trace_printk() with a constant format
 * @ip: the caller's address
 * @fmt: the format's saved copy (NULL: a module format that could not be
 *	 saved, nothing is recorded)
 *
 * Return: as trace_vbprintk(), 0 when the trace_printk option is off.
 */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list args;
	int len = 0;

	if (READ_ONCE(printk_enabled) && likely(fmt)) {
		va_start(args, fmt);
		len = trace_vbprintk(ip, fmt, args);
		va_end(args);
	}
	return len;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

/**
 * __trace_printk - trace_printk() with a format known only at run time
 * @ip: the caller's address
 * @fmt: printf format
 *
 * Return: as trace_vprintk(), 0 when the trace_printk option is off.
 */
int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list args;
	int len = 0;

	if (READ_ONCE(printk_enabled)) {
		va_start(args, fmt);
		len = trace_vprintk(ip, fmt, args);
		va_end(args);
	}
	return len;
}
EXPORT_SYMBOL_GPL(__trace_printk);

#ifdef CONFIG_STACKTRACE
/**
 * trace_dump_stack - write the caller's stack into the trace
 * @skip: frames to drop above the caller
 *
 * Goes where trace_printk() goes (printk_trace).
 */
void trace_dump_stack(int skip)
{
	if (tracing_disabled || tracing_selftest_on())
		return;
	if (!IS_ENABLED(CONFIG_UNWINDER_ORC))
		skip++;
	/*
	 * A tail call, so that this frame is not in the stack.  The
	 * destination is therefore read before preemption is disabled,
	 * outside printk_dest()'s rule: a caller racing the removal of
	 * the destination's instance may write into it as it goes.
	 */
	__ftrace_trace_stack(printk_trace, printk_trace->array_buffer.buffer,
			     tracing_gen_ctx(), skip, NULL);
}
EXPORT_SYMBOL_GPL(trace_dump_stack);
#endif
