// SPDX-License-Identifier: GPL-2.0
/*
 * Dumping trace buffers to the console: ftrace_dump(), the dump on oops
 * and panic, and turning tracing off on a warning.
 *
 * ftrace_dump(mode) prints an instance's live buffer to the console and
 * consumes it, one record a line at KERN_EMERG, in the latency format
 * of the "trace" file, between two rules of dashes:
 *
 *   Dumping ftrace buffer:                  (or "Dumping ftrace instance
 *   ---------------------------------        NAME buffer:")
 *       sh-97        0d..1. 123456us : tracing_mark_write: hello
 *   ---------------------------------
 *
 * and "   (ftrace buffer empty)" instead of the rules when there is
 * nothing.  The dumped instance stops recording first (for good: "echo
 * 1 > tracing_on" starts it again), so a second crash does not add the
 * first one's aftermath.  DUMP_ALL merges every CPU by time stamp,
 * DUMP_ORIG prints only the CPU that calls, DUMP_PARAM follows the
 * ftrace_dump_on_oops setting.
 *
 * ftrace_dump_on_oops is a string (a sysctl, kernel/sysctl.c, and a
 * boot parameter): "0" off; "1" the global buffer, all CPUs; "2" or
 * "orig_cpu" the global buffer, the oopsing CPU; then, comma separated,
 * instances as NAME or NAME=2 / NAME=orig_cpu.  A leading "0" keeps the
 * global buffer out while instances follow.  The boot parameter
 * "ftrace_dump_on_oops" alone means "1", "ftrace_dump_on_oops,LIST"
 * means "1,LIST", "ftrace_dump_on_oops=VALUE" sets VALUE.  When set,
 * the die notifier (an oops) and the panic notifier dump with
 * DUMP_PARAM.  sysrq-z dumps the global buffer (DUMP_ALL).
 *
 * traceoff_on_warning (boot parameter, sysctl): a WARN() turns the
 * global buffer off after writing "Disabling tracing due to warning".
 *
 * Contexts: ftrace_dump() runs in NMI, panic and oops context, with
 * other CPUs possibly stopped while holding any lock, so it takes no
 * lock of its own: one dump at a time is ensured by an atomic counter (a
 * second, concurrent caller returns at once), the iterator is static,
 * the instance list is walked unlocked (an instance being removed at
 * that moment may be missed or be dumped: a crash already happened).  The ring buffer's
 * consume takes each CPU's reader_lock; in NMI it only tries it and
 * skips a CPU whose lock is held, elsewhere it spins, so a dump outside
 * NMI waits for (or, if that CPU is stopped, hangs on) a reader that
 * holds it.  The iterator uses
 * static scratch buffers (trace_init_iter() below), with which the
 * reader neither allocates nor grows anything: it never reallocates a
 * temp or fmt buffer that lives in the kernel image.  Interrupts are
 * off for the whole dump of an instance; the NMI watchdog is fed each
 * record.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/nmi.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/printk.h>
#include <linux/ring_buffer.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/trace_seq.h>

#include "ftrace/ftrace_rec.h"
#include "instance/trace_array.h"
#include "messages/trace_printk.h"
#include "trace_dump.h"
#include "trace_flags.h"
#include "trace_reader.h"
#include "tracers/trace_tracer.h"

/*
 * The console lines of a dump.  They are what people and scripts grep
 * in crash logs, so their text is an interface.
 */
#define DUMP_RULE	"---------------------------------\n"

/* A dumped line is cut there; printk takes 1024 bytes, nobody needs more. */
#define DUMP_LINE_MAX	1000

char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;

int ftrace_dump_on_oops_enabled(void)
{
	return strcmp(ftrace_dump_on_oops, "0") != 0;
}

static int __init dump_on_oops_setup(char *arg)
{
	switch (arg[0]) {
	case '\0':
		strscpy(ftrace_dump_on_oops, "1");
		return 1;
	case ',':
		/* "1" followed by the list, comma included. */
		ftrace_dump_on_oops[0] = '1';
		strscpy(ftrace_dump_on_oops + 1, arg, sizeof(ftrace_dump_on_oops) - 1);
		return 1;
	case '=':
		strscpy(ftrace_dump_on_oops, arg + 1);
		return 1;
	default:
		/* Some other parameter that starts with our name. */
		return 0;
	}
}
__setup("ftrace_dump_on_oops", dump_on_oops_setup);

static int __init traceoff_on_warning_setup(char *arg)
{
	if (strcmp(arg, "=0") && strcmp(arg, "=off"))
		__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", traceoff_on_warning_setup);

void disable_trace_on_warning(void)
{
	if (!__disable_trace_on_warning)
		return;
	trace_array_printk_buf(global_trace.array_buffer.buffer, _THIS_IP_,
			       "Disabling tracing due to warning\n");
	tracing_off();
}

/*
 * Print the text of @s as one console line and empty @s.  The text is
 * cut at DUMP_LINE_MAX bytes (and, should the sequence be full, one
 * byte short of its end, for the terminating NUL).
 */
void trace_printk_seq(struct trace_seq *s)
{
	unsigned int len = min_t(unsigned int, s->seq.len, DUMP_LINE_MAX);

	if (WARN_ON_ONCE(len >= s->seq.size))
		len = s->seq.size - 1;
	s->buffer[len] = '\0';
	pr_emerg("%s", s->buffer);
	trace_seq_init(s);
}

/*
 * The iterator of the dump in progress: too large for the stack of a
 * crashing task, and there is only ever one dump (dump_running).
 */
static struct trace_iterator dump_iter;

/* Its scratch buffers, which never grow (see the top of the file). */
#define DUMP_FMT_SIZE	128
#define DUMP_TEMP_SIZE	128

static char dump_fmt_buf[DUMP_FMT_SIZE];
static char dump_temp_buf[DUMP_TEMP_SIZE] __aligned(4);

/**
 * trace_init_iter - set up an iterator that never allocates
 * @iter: a zeroed iterator
 * @tr: the instance whose live buffer it reads
 *
 * For ftrace_dump(): all CPUs, the static temp and fmt buffers, the
 * overrun annotation and the time unit of the instance's clock.
 */
void trace_init_iter(struct trace_iterator *iter, struct trace_array *tr)
{
	iter->fmt = dump_fmt_buf;
	iter->fmt_size = sizeof(dump_fmt_buf);
	iter->temp = dump_temp_buf;
	iter->temp_size = sizeof(dump_temp_buf);

	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = RING_BUFFER_ALL_CPUS;
	iter->trace = tr->current_trace;
	iter->tr = tr;

	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	/* "##### CPU N buffer started ####" where records were lost. */
	if (ring_buffer_overruns(tr->array_buffer.buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;

	if (iter->trace && iter->trace->open)
		iter->trace->open(iter);
}

/**
 * trace_init_global_iter - trace_init_iter() on the global instance
 * @iter: a zeroed iterator
 */
void trace_init_global_iter(struct trace_iterator *iter)
{
	trace_init_iter(iter, &global_trace);
}

/**
 * trace_dump_instance - print an instance's live buffer to the console
 * @tr: the instance
 * @orig_cpu: only the records of the calling CPU
 *
 * Consumes what it prints and leaves @tr's recording off.  Callers
 * ensure one dump at a time (ftrace_dump(), or a test that owns @tr).
 */
void trace_dump_instance(struct trace_array *tr, bool orig_cpu)
{
	struct trace_iterator *it = &dump_iter;
	unsigned int userobj;
	unsigned long flags;
	unsigned long lines;
	int cpu;

	tracer_tracing_off(tr);
	local_irq_save(flags);

	memset(it, 0, sizeof(*it));
	trace_init_iter(it, tr);
	it->cpu_file = orig_cpu ? raw_smp_processor_id() : RING_BUFFER_ALL_CPUS;

	/* Tracers that look at it write nothing while we read. */
	for_each_tracing_cpu(cpu)
		atomic_inc(&per_cpu_ptr(it->array_buffer->data, cpu)->disabled);

	/* No symbol lookups in user memory from a crash. */
	userobj = tr->trace_flags & TRACE_ITER_SYM_USEROBJ;
	tr->trace_flags &= ~TRACE_ITER_SYM_USEROBJ;

	if (tr == &global_trace)
		pr_emerg("Dumping ftrace buffer:\n");
	else
		pr_emerg("Dumping ftrace instance %s buffer:\n", tr->name);

	if (ftrace_is_dead()) {
		pr_warn("# WARNING: FUNCTION TRACING IS CORRUPTED\n");
		pr_warn("#          MAY BE MISSING FUNCTION EVENTS\n");
	}

	for (lines = 0; !trace_empty(it); lines++) {
		if (!lines)
			pr_emerg(DUMP_RULE);

		/* Each record is read as if by a fresh reader. */
		trace_iterator_reset(it);
		it->iter_flags |= TRACE_FILE_LAT_FMT;
		if (trace_find_next_entry_inc(it)) {
			if (print_trace_line(it) != TRACE_TYPE_NO_CONSUME)
				ring_buffer_consume(it->array_buffer->buffer,
						    it->cpu, &it->ts,
						    &it->lost_events);
			trace_printk_seq(&it->seq);
		}
		touch_nmi_watchdog();
	}

	if (lines)
		pr_emerg(DUMP_RULE);
	else
		pr_emerg("   (ftrace buffer empty)\n");

	tr->trace_flags |= userobj;
	for_each_tracing_cpu(cpu)
		atomic_dec(&per_cpu_ptr(it->array_buffer->data, cpu)->disabled);
	local_irq_restore(flags);
}

static bool dump_mode_is_orig(const char *mode)
{
	return !strcmp(mode, "2") || !strcmp(mode, "orig_cpu");
}

/**
 * dump_param_next - the next item of an ftrace_dump_on_oops list
 * @cursor: the rest of the list; advanced, and the list is cut in place
 * @first: this is the list's first item (only it may name the global
 *	buffer: "0", "1", "2", "orig_cpu")
 * @item: filled with what to dump
 *
 * Return: false when the list is used up.  An empty item (",,") is an
 * instance with an empty name, which no instance has.
 */
bool dump_param_next(char **cursor, bool first, struct dump_item *item)
{
	char *word = strsep(cursor, ",");
	char *mode;

	if (!word)
		return false;

	item->name = NULL;
	item->orig_cpu = false;
	if (first) {
		if (!strcmp(word, "0")) {
			item->kind = DUMP_ITEM_NOTHING;
			return true;
		}
		if (!strcmp(word, "1") || dump_mode_is_orig(word)) {
			item->kind = DUMP_ITEM_GLOBAL;
			item->orig_cpu = dump_mode_is_orig(word);
			return true;
		}
	}

	item->kind = DUMP_ITEM_INSTANCE;
	mode = word;
	item->name = strsep(&mode, "=");
	item->orig_cpu = mode && dump_mode_is_orig(mode);
	return true;
}

/* DUMP_PARAM: what ftrace_dump_on_oops lists, in its order. */
static void dump_by_param(void)
{
	char list[MAX_TRACER_SIZE];
	struct dump_item item;
	struct trace_array *tr;
	char *cursor = list;
	bool first = true;

	/* A copy: the sysctl may change the setting meanwhile. */
	strscpy(list, ftrace_dump_on_oops);
	for (; dump_param_next(&cursor, first, &item); first = false) {
		switch (item.kind) {
		case DUMP_ITEM_NOTHING:
			break;
		case DUMP_ITEM_GLOBAL:
			trace_dump_instance(&global_trace, item.orig_cpu);
			break;
		case DUMP_ITEM_INSTANCE:
			tr = trace_array_find(item.name);
			if (tr)
				trace_dump_instance(tr, item.orig_cpu);
			else
				pr_emerg("Instance %s not found\n", item.name);
			break;
		}
	}
}

/**
 * ftrace_dump - print trace buffers to the console
 * @oops_dump_mode: DUMP_ALL (global buffer, all CPUs), DUMP_ORIG (global
 *	buffer, this CPU), DUMP_PARAM (as ftrace_dump_on_oops says),
 *	DUMP_NONE
 *
 * Any context, NMI and panic included; takes no lock of its own (the
 * ring buffer's reader_lock: see the top of this file).  What is printed
 * is consumed and the dumped instances stop recording.  A call while
 * another dump runs returns at once.
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	static atomic_t dump_running;

	if (atomic_inc_return(&dump_running) != 1)
		goto out;

	switch (oops_dump_mode) {
	case DUMP_NONE:
		break;
	case DUMP_ALL:
		trace_dump_instance(&global_trace, false);
		break;
	case DUMP_ORIG:
		trace_dump_instance(&global_trace, true);
		break;
	case DUMP_PARAM:
		dump_by_param();
		break;
	default:
		pr_emerg("Bad dumping mode, switching to all CPUs dump\n");
		trace_dump_instance(&global_trace, false);
		break;
	}
out:
	atomic_dec(&dump_running);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

/*
 * Dump before the other die and panic notifiers print their part (one
 * below the highest priority, which silences hung-task and RCU stall
 * reports first), so the trace ends near the crash.  trace_bootparams.c
 * registers both blocks at boot, once the global buffer exists.
 */
static int dump_notify(struct notifier_block *nb, unsigned long event,
		       void *data);

struct notifier_block trace_panic_notifier = {
	.notifier_call	= dump_notify,
	.priority	= INT_MAX - 1,
};

struct notifier_block trace_die_notifier = {
	.notifier_call	= dump_notify,
	.priority	= INT_MAX - 1,
};

static int dump_notify(struct notifier_block *nb, unsigned long event,
		       void *data)
{
	if (!ftrace_dump_on_oops_enabled())
		return NOTIFY_DONE;
	/* Of the die events only an oops dumps; every panic does. */
	if (nb == &trace_die_notifier && event != DIE_OOPS)
		return NOTIFY_DONE;
	ftrace_dump(DUMP_PARAM);
	return NOTIFY_DONE;
}
