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
 *   trace_array_puts(tr, str)      __trace_array_puts(): same
 *
 * The destination of the first six is printk_trace (trace.c): the
 * global instance unless an instance took the trace_printk_dest option.
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
 * printk_formats maps the pointers bprint and bputs records hold to
 * their text: the built-in __trace_printk_fmt section, then the
 * __tracepoint_str section, then copies of modules' formats, kept for
 * good (records may outlive the module) and shared by equal text.
 *
 * Contexts: the record writers run in any context, NMI included: no
 * lock, the scratch level is a per-CPU counter strictly nested with
 * preemption off, the ring buffer does the rest.  Setup, the module
 * notifier and printk_formats run in process context.
 */
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "trace.h"
#include "trace_write.h"

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
 * recorded (6.12 does the same).
 */
static struct printk_scratch __percpu *printk_scratch;

/*
 * printk_setup_lock: allocation of printk_scratch and the one-time
 * setup of trace_printk_init_buffers().  Lock order: printk_setup_lock,
 * then trace_types_lock (taken inside tracing_update_buffers()).
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

/* The trace_printk option changed (trace.c, under trace_types_lock). */
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
 * __trace_array_puts - record a string in an instance
 * @tr: the instance
 * @ip: the caller's address (shown before the text)
 * @str: the text, not necessarily NUL-ended
 * @size: its length; a newline is added unless it ends with one
 *
 * Return: @size, or 0 when nothing was recorded.  Any context.
 */
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int trace_ctx;
	int end = size;

	if (!(tr->trace_flags & TRACE_ITER_PRINTK) ||
	    (tracing_selftest_on() && tr == &global_trace) ||
	    unlikely(tracing_disabled))
		return 0;

	trace_ctx = tracing_gen_ctx();
	ring_buffer_nest_start(buffer);
	entry = trace_record_reserve(buffer, TRACE_PRINT,
				     sizeof(*entry) + size + 2, trace_ctx,
				     &event);
	if (!entry) {
		size = 0;
		goto out;
	}
	entry->ip = ip;
	memcpy(entry->buf, str, size);
	if (!size || entry->buf[size - 1] != '\n')
		entry->buf[end++] = '\n';
	entry->buf[end] = '\0';
	trace_record_commit(buffer);
	printk_stack(tr, buffer, trace_ctx, 4);
out:
	ring_buffer_nest_end(buffer);
	return size;
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

/**
 * __trace_bputs - record a pointer to a constant string
 * @ip: the caller's address
 * @str: the string; it must stay (a trace_puts() literal does)
 *
 * The text is looked up when the record is printed.  A boot-buffer
 * destination gets the text instead.
 *
 * Return: 1 when a pointer record was written, else what __trace_puts()
 * returned or 0.  Any context.
 */
int __trace_bputs(unsigned long ip, const char *str)
{
	struct trace_array *tr = READ_ONCE(printk_trace);
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct bputs_entry *entry;
	unsigned int trace_ctx;

	/* A boot buffer gets the text (see printk_binary_ok()). */
	if (!printk_binary_ok(tr))
		return __trace_puts(ip, str, strlen(str));
	if (!(tr->trace_flags & TRACE_ITER_PRINTK) ||
	    unlikely(tracing_selftest_on() || tracing_disabled))
		return 0;

	trace_ctx = tracing_gen_ctx();
	ring_buffer_nest_start(buffer);
	entry = trace_record_reserve(buffer, TRACE_BPUTS, sizeof(*entry),
				     trace_ctx, &event);
	if (entry) {
		entry->ip = ip;
		entry->str = str;
		trace_record_commit(buffer);
		printk_stack(tr, buffer, trace_ctx, 4);
	}
	ring_buffer_nest_end(buffer);
	return entry ? 1 : 0;
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
	return __trace_array_puts(READ_ONCE(printk_trace), ip, str, size);
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
	struct trace_array *tr = READ_ONCE(printk_trace);
	const int words = TRACE_BUF_SIZE / sizeof(u32);
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct bprint_entry *entry;
	unsigned int trace_ctx;
	char *scratch;
	int len;

	if (!printk_binary_ok(tr))
		return trace_vprintk(ip, fmt, args);
	if (unlikely(tracing_selftest_on() || tracing_disabled))
		return 0;
	scratch = printk_begin(&trace_ctx);
	if (!scratch)
		return 0;

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
 * Format into scratch, then one ftrace/print record in @buffer.  Stacks
 * follow the trace_printk destination's option, whichever buffer this
 * is (6.12 does the same).  Returns the text length, 0 if not tried.
 */
static __printf(3, 0)
int printk_text(struct trace_buffer *buffer, unsigned long ip,
		const char *fmt, va_list args)
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

	len = vscnprintf(scratch, TRACE_BUF_SIZE, fmt, args);
	ring_buffer_nest_start(buffer);
	entry = trace_record_reserve(buffer, TRACE_PRINT,
				     sizeof(*entry) + len + 1, trace_ctx,
				     &event);
	if (entry) {
		entry->ip = ip;
		memcpy(entry->buf, scratch, len + 1);
		trace_record_commit(buffer);
		printk_stack(READ_ONCE(printk_trace), buffer, trace_ctx, 6);
	}
	ring_buffer_nest_end(buffer);
	printk_end();
	return len;
}

/**
 * trace_array_vprintk - record text in an instance
 * @tr: the instance
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
	return printk_text(tr->array_buffer.buffer, ip, fmt, args);
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
 * trace.c's own notes (e.g. into a snapshot buffer), gated by the
 * trace_printk destination's option.
 */
int trace_array_printk_buf(struct trace_buffer *buffer, unsigned long ip,
			   const char *fmt, ...)
{
	va_list args;
	int len = 0;

	if (READ_ONCE(printk_trace)->trace_flags & TRACE_ITER_PRINTK) {
		va_start(args, fmt);
		len = printk_text(buffer, ip, fmt, args);
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
	return trace_array_vprintk(READ_ONCE(printk_trace), ip, fmt, args);
}
EXPORT_SYMBOL_GPL(trace_vprintk);

/*
 * The entry points of trace_printk() and ftrace_vprintk() (kernel.h):
 * the binary form for formats in __trace_printk_fmt, the text form for
 * the others, both gated by the trace_printk option.  A NULL format is
 * a module format that could not be saved: nothing is recorded.
 */
static __printf(2, 0)
int printk_entry(unsigned long ip, const char *fmt, va_list args,
		 bool binary)
{
	if (!READ_ONCE(printk_enabled))
		return 0;
	if (binary)
		return likely(fmt) ? trace_vbprintk(ip, fmt, args) : 0;
	return trace_vprintk(ip, fmt, args);
}

int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list args)
{
	return printk_entry(ip, fmt, args, true);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list args)
{
	return printk_entry(ip, fmt, args, false);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

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

/* Is @str one of the strings tracepoint_string() placed in its section? */
bool trace_is_tracepoint_string(const char *str)
{
	const char **slot;

	for (slot = __start___tracepoint_str; slot < __stop___tracepoint_str;
	     slot++)
		if (*slot == str)
			return true;
	return false;
}

/*
 * Module formats.  A module's trace_printk() formats live in its
 * __trace_printk_fmt section, which goes with the module; records keep
 * pointing at a format, so each is copied here when the module comes
 * and the module's slot is pointed at the copy.  Copies are shared by
 * equal text and never freed.
 *
 * printk_fmt_lock: the list (adding, and walking it for printk_formats,
 * from seq start to stop).  Process context.
 */
struct printk_fmt {
	struct list_head	node;
	const char		*fmt;	/* = text; printk_formats hands out &fmt */
	char			text[];
};

static LIST_HEAD(printk_fmts);
static DEFINE_MUTEX(printk_fmt_lock);

#ifdef CONFIG_MODULES
static const char *printk_fmt_keep(const char *fmt)
{
	struct printk_fmt *saved;
	size_t size;

	lockdep_assert_held(&printk_fmt_lock);
	list_for_each_entry(saved, &printk_fmts, node)
		if (!strcmp(saved->text, fmt))
			return saved->fmt;

	size = strlen(fmt) + 1;
	saved = kmalloc(struct_size(saved, text, size), GFP_KERNEL);
	if (!saved)
		return NULL;
	memcpy(saved->text, fmt, size);
	saved->fmt = saved->text;
	list_add_tail(&saved->node, &printk_fmts);
	return saved->fmt;
}

static int printk_fmt_module(struct notifier_block *nb, unsigned long state,
			     void *data)
{
	struct module *mod = data;
	const char **slot, **end;

	if (state != MODULE_STATE_COMING || !mod->num_trace_bprintk_fmt)
		return NOTIFY_OK;

	trace_printk_init_buffers();

	slot = mod->trace_bprintk_fmt_start;
	end = slot + mod->num_trace_bprintk_fmt;
	guard(mutex)(&printk_fmt_lock);
	for (; slot < end; slot++)
		if (*slot)
			*slot = printk_fmt_keep(*slot);
	return NOTIFY_OK;
}

static struct notifier_block printk_fmt_nb = {
	.notifier_call = printk_fmt_module,
};

static __init int printk_fmt_init(void)
{
	return register_module_notifier(&printk_fmt_nb);
}
early_initcall(printk_fmt_init);
#endif /* CONFIG_MODULES */

/*
 * printk_formats: one line per known format, "0x<address> : "<text>"",
 * with newlines, tabs and double quotes escaped (a backslash is shown
 * as it is, as 6.12 shows it).  The cursor is an index: built-in formats
 * first, then tracepoint strings, then module copies; the seq_file
 * element is the address of the slot holding the string pointer.
 */
static loff_t printk_fmt_builtin(void)
{
	return __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
}

static loff_t printk_fmt_tpstr(void)
{
	return __stop___tracepoint_str - __start___tracepoint_str;
}

static const char **printk_fmt_module_at(loff_t nr)
{
	struct printk_fmt *saved;

	list_for_each_entry(saved, &printk_fmts, node)
		if (nr-- == 0)
			return &saved->fmt;
	return NULL;
}

static const char **printk_fmt_at(loff_t pos)
{
	if (pos < printk_fmt_builtin())
		return (const char **)__start___trace_bprintk_fmt + pos;
	pos -= printk_fmt_builtin();
	if (pos < printk_fmt_tpstr())
		return (const char **)__start___tracepoint_str + pos;
	return printk_fmt_module_at(pos - printk_fmt_tpstr());
}

static void *printk_fmt_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&printk_fmt_lock);
	return printk_fmt_at(*pos);
}

static void *printk_fmt_next(struct seq_file *m, void *v, loff_t *pos)
{
	loff_t first_module = printk_fmt_builtin() + printk_fmt_tpstr();
	struct printk_fmt *saved;

	/* Within the module list, step from the current copy. */
	if (*pos >= first_module) {
		saved = container_of(v, struct printk_fmt, fmt);
		++*pos;
		if (list_is_last(&saved->node, &printk_fmts))
			return NULL;
		return &list_next_entry(saved, node)->fmt;
	}
	return printk_fmt_at(++*pos);
}

static void printk_fmt_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&printk_fmt_lock);
}

static int printk_fmt_show(struct seq_file *m, void *v)
{
	const char *str = *(const char **)v;

	if (!str)
		return 0;

	seq_printf(m, "0x%lx : \"", (unsigned long)str);
	while (*str) {
		size_t plain = strcspn(str, "\n\t\"");

		seq_write(m, str, plain);
		str += plain;
		if (!*str)
			break;
		/* A backslash, then n, t or the quote itself. */
		seq_putc(m, '\\');
		seq_putc(m, *str == '\n' ? 'n' : *str == '\t' ? 't' : '"');
		str++;
	}
	seq_write(m, "\"\n", 2);
	return 0;
}

static const struct seq_operations printk_fmt_seq_ops = {
	.show	= printk_fmt_show,
	.start	= printk_fmt_start,
	.next	= printk_fmt_next,
	.stop	= printk_fmt_stop,
};

static int printk_fmt_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: seq_open(file, &printk_fmt_seq_ops);
}

static const struct file_operations printk_fmt_fops = {
	.open		= printk_fmt_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static __init int printk_fmt_file_init(void)
{
	if (!tracing_init_dentry())
		trace_create_file("printk_formats", TRACE_MODE_READ, NULL,
				  NULL, &printk_fmt_fops);
	return 0;
}
fs_initcall(printk_fmt_file_init);
