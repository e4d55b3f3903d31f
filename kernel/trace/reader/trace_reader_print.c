// SPDX-License-Identifier: GPL-2.0
/*
 * trace_reader_print.c - one record to text, and the headers above it.
 *
 * print_trace_line() turns the iterator's current record (iter->ent,
 * see trace_reader.c) into text in iter->seq, under the output options
 * of the instance: a lost-events line first when records were lost
 * before it, then the tracer's own printer if it has one, then the
 * message-only forms of trace_printk records, then one of four forms
 * (bin, hex, raw, or the default text with its context columns).  The
 * record's type selects its printers in the output library's registry
 * (ftrace_find_event()); this file never looks inside a record.
 *
 * Return values are the output library's: TRACE_TYPE_PARTIAL_LINE when
 * iter->seq filled up (the caller rewinds or gives up the line),
 * TRACE_TYPE_NO_CONSUME when a consuming reader must keep the record.
 *
 * The headers ("# tracer:", the entries line, the column legends, the
 * latency header, the snapshot help) are what user space and tests
 * match byte for byte; each fixed text is kept in short pieces and
 * assembled here (the column legend's diagonal is drawn, not spelt out).
 *
 * Contexts: process context, with trace_event_read_lock() held around
 * print_trace_line() (the record's type must stay registered);
 * ftrace_dump() also prints with interrupts off, so nothing here
 * allocates or sleeps.  No lock of its own.
 */
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/trace_seq.h>
#include <linux/uidgid.h>
#include <linux/utsname.h>

#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "trace_flags.h"
#include "trace_reader.h"
#include "trace_records.h"
#include "tracers/trace_tracer.h"

/* ---- One record ---------------------------------------------------------- */

/* "##### CPU N buffer started ####" before a CPU's first record after overruns. */
static void reader_mark_cpu_start(struct trace_iterator *iter)
{
	struct trace_array_cpu *data;

	if (!(iter->tr->trace_flags & TRACE_ITER_ANNOTATE) ||
	    !(iter->iter_flags & TRACE_FILE_ANNOTATE))
		return;

	if (cpumask_available(iter->started) &&
	    cpumask_test_cpu(iter->cpu, iter->started))
		return;

	data = per_cpu_ptr(iter->array_buffer->data, iter->cpu);
	if (data->skipped_entries)
		return;

	if (cpumask_available(iter->started))
		cpumask_set_cpu(iter->cpu, iter->started);

	/* The very first record of the output needs no mark. */
	if (iter->idx > 1)
		trace_seq_printf(&iter->seq, "##### CPU %u buffer started ####\n",
				 iter->cpu);
}

/*
 * The columns before an event's text (task, CPU, flags, stamp), in the
 * latency layout or the default one; "nocontext-info" leaves them out.
 * The latency layout's delay mark needs the next record's time stamp
 * (the record's own for the last one): looking ahead may move
 * iter->ent, so it happens before anything reads the record.  False
 * when iter->seq is full.
 */
static bool reader_context_columns(struct trace_iterator *iter)
{
	u64 next_ts;

	if (!(iter->tr->trace_flags & TRACE_ITER_CONTEXT_INFO))
		return !trace_seq_has_overflowed(&iter->seq);

	if (iter->iter_flags & TRACE_FILE_LAT_FMT) {
		if (!trace_find_next_entry(iter, NULL, &next_ts))
			next_ts = iter->ts;
		trace_print_lat_context(iter, next_ts);
	} else {
		trace_print_context(iter);
	}
	return !trace_seq_has_overflowed(&iter->seq);
}

/* The default form: context columns, then the type's text printer. */
static enum print_line_t reader_print_text(struct trace_iterator *iter)
{
	struct trace_array *tr = iter->tr;
	unsigned long opts = tr->trace_flags;
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	bool moved;

	reader_mark_cpu_start(iter);
	event = ftrace_find_event(iter->ent->type);

	if (!reader_context_columns(iter))
		return TRACE_TYPE_PARTIAL_LINE;

	if (!event) {
		trace_seq_printf(s, "Unknown type %d\n", iter->ent->type);
		return trace_handle_return(s);
	}

	/*
	 * An event's print fmt may dereference pointers that are only
	 * right for the kernel that wrote the buffer; a buffer kept from a
	 * previous boot (text or data moved) prints the fields instead.
	 */
	moved = tr->text_delta || tr->data_delta;
	if ((opts & TRACE_ITER_FIELDS) ||
	    (moved && event->type > __TRACE_LAST_TYPE))
		return print_event_fields(iter, event);

	return event->funcs->trace(iter, opts & TRACE_ITER_SYM_MASK, event);
}

/* "raw": "pid cpu ts " then the type's raw printer, "type ?" if unknown. */
static enum print_line_t reader_print_raw(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	if (iter->tr->trace_flags & TRACE_ITER_CONTEXT_INFO)
		trace_seq_printf(s, "%d %d %llu ", iter->ent->pid, iter->cpu,
				 iter->ts);
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;

	event = ftrace_find_event(iter->ent->type);
	if (event)
		return event->funcs->raw(iter, 0, event);

	trace_seq_printf(s, "%d ?\n", iter->ent->type);
	return trace_handle_return(s);
}

/* "hex": pid, cpu and ts as hex digits, the type's hex printer, newline. */
static enum print_line_t reader_print_hex(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	unsigned char eol = '\n';
	enum print_line_t ret;

	if (iter->tr->trace_flags & TRACE_ITER_CONTEXT_INFO) {
		SEQ_PUT_HEX_FIELD(s, iter->ent->pid);
		SEQ_PUT_HEX_FIELD(s, iter->cpu);
		SEQ_PUT_HEX_FIELD(s, iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(iter->ent->type);
	if (event) {
		ret = event->funcs->hex(iter, 0, event);
		if (ret != TRACE_TYPE_HANDLED)
			return ret;
	}
	SEQ_PUT_FIELD(s, eol);
	return trace_handle_return(s);
}

/* "bin": pid, cpu and ts in memory order, then the type's binary printer. */
static enum print_line_t reader_print_bin(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	if (iter->tr->trace_flags & TRACE_ITER_CONTEXT_INFO) {
		SEQ_PUT_FIELD(s, iter->ent->pid);
		SEQ_PUT_FIELD(s, iter->cpu);
		SEQ_PUT_FIELD(s, iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(iter->ent->type);
	if (!event)
		return TRACE_TYPE_HANDLED;
	return event->funcs->binary(iter, 0, event);
}

/* The text only of a trace_printk record ("printk-msg-only"), or NULL. */
typedef enum print_line_t (*reader_msg_fn)(struct trace_iterator *iter);

static reader_msg_fn reader_msg_only(struct trace_iterator *iter)
{
	const unsigned long both = TRACE_ITER_PRINTK | TRACE_ITER_PRINTK_MSGONLY;

	if ((iter->tr->trace_flags & both) != both)
		return NULL;

	switch (iter->ent->type) {
	case TRACE_BPUTS:
		return trace_print_bputs_msg_only;
	case TRACE_BPRINT:
		return trace_print_bprintk_msg_only;
	case TRACE_PRINT:
		return trace_print_printk_msg_only;
	default:
		return NULL;
	}
}

/**
 * print_trace_line - the iterator's current record as text in iter->seq
 * @iter: an iterator positioned by trace_find_next_entry_inc()
 *
 * Caller holds trace_event_read_lock().  Returns how the line went (see
 * the top of this file).
 */
enum print_line_t print_trace_line(struct trace_iterator *iter)
{
	unsigned long opts = iter->tr->trace_flags;
	struct trace_seq *s = &iter->seq;
	enum print_line_t ret;
	reader_msg_fn msg;

	if (iter->lost_events) {
		if (iter->lost_events == ~0UL)
			trace_seq_printf(s, "CPU:%d [LOST EVENTS]\n", iter->cpu);
		else
			trace_seq_printf(s, "CPU:%d [LOST %lu EVENTS]\n",
					 iter->cpu, iter->lost_events);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	if (iter->trace && iter->trace->print_line) {
		ret = iter->trace->print_line(iter);
		if (ret != TRACE_TYPE_UNHANDLED)
			return ret;
	}

	msg = reader_msg_only(iter);
	if (msg)
		return msg(iter);

	if (opts & TRACE_ITER_BIN)
		return reader_print_bin(iter);
	if (opts & TRACE_ITER_HEX)
		return reader_print_hex(iter);
	if (opts & TRACE_ITER_RAW)
		return reader_print_raw(iter);
	return reader_print_text(iter);
}

/* ---- Headers --------------------------------------------------------------- */

/*
 * The column legend's diagonal: for labels L0..Ln-1 it draws
 *
 *	  _---=> L0			(n dashes)
 *	 / _--=> L1			(n - 1 dashes)
 *	| / _-=> L2
 *	|| /     delay
 *
 * each line after @lead and the label padded to @width.  Both the
 * latency legend and the irq-info legend are this drawing.
 */
static void reader_put_diagonal(struct seq_file *m, const char *lead,
				const char *const *label, int n, int width)
{
	static const char bars[] = "||||||||";
	static const char dashes[] = "--------";
	int row;

	for (row = 0; row < n; row++) {
		seq_puts(m, lead);
		if (row)
			seq_printf(m, "%.*s / _", row - 1, bars);
		else
			seq_puts(m, "  _");
		seq_printf(m, "%.*s=> %-*s\n", n - row, dashes, width,
			   label[row]);
	}
	seq_printf(m, "%s%.*s /     %-*s\n", lead, n - 1, bars, width, "delay");
}

static const char *const reader_irq_labels[] = {
	"irqs-off/BH-disabled", "need-resched", "hardirq/softirq",
	"preempt-depth", "migrate-disable",
};

/* The legend of the latency format (and of the latency tracers). */
static void reader_lat_legend(struct seq_file *m)
{
	const char *label[1 + ARRAY_SIZE(reader_irq_labels)] = { "CPU#" };
	int i;

	for (i = 0; i < ARRAY_SIZE(reader_irq_labels); i++)
		label[i + 1] = reader_irq_labels[i];
	reader_put_diagonal(m, "#                  ", label, ARRAY_SIZE(label), 16);
	/* The two last lines are padded to 47 and 45 columns. */
	seq_printf(m, "%-47s\n", "#  cmd     pid     |||||| time  |   caller");
	seq_printf(m, "%-45s\n", "#     \\   /        ||||||  \\    |    /");
}

/* "# entries-in-buffer/entries-written: E/W   #P:N" and a blank "#". */
static void reader_entries_line(struct seq_file *m, struct array_buffer *buf)
{
	unsigned long entries, written;

	reader_count(buf, &entries, &written);
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n#\n",
		   entries, written, num_online_cpus());
}

/* The default legend; record-tgid widens it by a TGID column. */
static void reader_func_legend(struct seq_file *m, struct array_buffer *buf,
			       unsigned long opts)
{
	bool tgid = opts & TRACE_ITER_RECORD_TGID;
	/* Only the first two characters show without record-tgid. */
	int cut = tgid ? 12 : 2;
	char lead[48];

	reader_entries_line(m, buf);

	if (!(opts & TRACE_ITER_IRQ_INFO)) {
		seq_printf(m, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
			   tgid ? "   TGID   " : "");
		seq_printf(m, "#              | |      %s   |         |         |\n",
			   tgid ? "     |    " : "");
		return;
	}

	snprintf(lead, sizeof(lead), "#%*s", 28 + cut, "");
	reader_put_diagonal(m, lead, reader_irq_labels,
			    ARRAY_SIZE(reader_irq_labels), 0);
	seq_printf(m, "#           TASK-PID  %.*s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		   cut, "     TGID   ");
	seq_printf(m, "#              | |    %.*s   |   |||||     |         |\n",
		   cut, "       |    ");
}

static const char *reader_preempt_model(void)
{
	if (preempt_model_none())
		return "server";
	if (preempt_model_voluntary())
		return "desktop";
	if (preempt_model_full())
		return "preempt";
	if (preempt_model_rt())
		return "preempt_rt";
	return "unknown";
}

/* @lead, then a rule of @len dashes. */
static void reader_put_rule(struct seq_file *m, const char *lead, int len)
{
	seq_puts(m, lead);
	while (len--)
		seq_putc(m, '-');
	seq_putc(m, '\n');
}

/* "#  => started at: SYM" through the iterator's trace_seq. */
static void reader_put_sym(struct seq_file *m, struct trace_iterator *iter,
			   const char *what, unsigned long ip,
			   unsigned long sym_flags)
{
	seq_printf(m, "#  => %s", what);
	seq_print_ip_sym(&iter->seq, ip, sym_flags);
	trace_print_seq(m, &iter->seq);
	seq_putc(m, '\n');
}

/**
 * print_trace_header - the latency format's header
 * @m: the seq_file of the reader
 * @iter: its iterator
 *
 * The saved maximum of the buffer's CPU (latency tracers fill it), the
 * task that had it and, when known, where the critical section started
 * and ended.
 */
void print_trace_header(struct seq_file *m, struct trace_iterator *iter)
{
	unsigned long sym_flags = global_trace.trace_flags & TRACE_ITER_SYM_MASK;
	struct array_buffer *buf = iter->array_buffer;
	struct trace_array_cpu *data = per_cpu_ptr(buf->data, buf->cpu);
	unsigned long entries, written;

	reader_count(buf, &entries, &written);

	seq_printf(m, "# %s latency trace v1.1.5 on %s\n",
		   iter->trace->name, init_utsname()->release);
	reader_put_rule(m, "# ", 68);
	seq_printf(m, "# latency: %lu us, #%lu/%lu, CPU#%d | (M:%s VP:%d, KP:%d, SP:%d HP:%d",
		   nsecs_to_usecs(data->saved_latency), entries, written,
		   buf->cpu, reader_preempt_model(), 0, 0, 0, 0);
	if (IS_ENABLED(CONFIG_SMP))
		seq_printf(m, " #P:%d", num_online_cpus());
	seq_puts(m, ")\n");

	reader_put_rule(m, "#    ", 17);
	seq_printf(m, "#    | task: %.16s-%d (uid:%d nice:%ld policy:%ld rt_prio:%ld)\n",
		   data->comm, data->pid,
		   from_kuid_munged(seq_user_ns(m), data->uid), data->nice,
		   data->policy, data->rt_priority);
	reader_put_rule(m, "#    ", 17);

	if (data->critical_start) {
		reader_put_sym(m, iter, "started at: ", data->critical_start,
			       sym_flags);
		reader_put_sym(m, iter, "ended at:   ", data->critical_end,
			       sym_flags);
		seq_puts(m, "#\n");
	}
	seq_puts(m, "#\n");
}

/* The latency header, or nothing while the buffer is empty. */
void trace_latency_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;

	if (trace_empty(iter))
		return;
	if (iter->iter_flags & TRACE_FILE_LAT_FMT)
		print_trace_header(m, iter);
	if (!(iter->tr->trace_flags & TRACE_ITER_VERBOSE))
		reader_lat_legend(m);
}

/* The header of "trace" for tracers without their own. */
void trace_default_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;
	unsigned long opts = iter->tr->trace_flags;

	if (!(opts & TRACE_ITER_CONTEXT_INFO))
		return;

	if (iter->iter_flags & TRACE_FILE_LAT_FMT) {
		trace_latency_header(m);
		return;
	}
	if (!(opts & TRACE_ITER_VERBOSE))
		reader_func_legend(m, iter->array_buffer, opts);
}

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * The snapshot file's commands.  Each is "# echo D > snapshot : WHAT"
 * and continuation lines indented to line up under WHAT (or one column
 * off, as users have always seen them).
 */
struct reader_snap_cmd {
	char		digit;
	const char	*what;
	const char	*more[3];	/* "#" + indent + text; the digit's */
	int		indent[3];	/* indent per continuation line */
};

static const char reader_snap_any1[] = "(Doesn't have to be '2' works with any number that";
static const char reader_snap_any2[] = "is not a '0' or '1')";

static void reader_snap_put(struct seq_file *m, const struct reader_snap_cmd *c)
{
	int i;

	seq_printf(m, "# echo %c > snapshot : %s\n", c->digit, c->what);
	for (i = 0; i < ARRAY_SIZE(c->more) && c->more[i]; i++)
		seq_printf(m, "#%*s%s\n", c->indent[i], "", c->more[i]);
}

static const char reader_snap_alloc[] = "Allocates snapshot buffer, if not already allocated.";

static const struct reader_snap_cmd reader_snap_top[] = {
	{ '0', "Clears and frees snapshot buffer" },
	{ '1', reader_snap_alloc, { "Takes a snapshot of the main buffer." }, { 22 } },
	{ '2', "Clears snapshot buffer (but does not allocate or free)",
	  { reader_snap_any1, reader_snap_any2 }, { 22, 23 } },
};

static const struct reader_snap_cmd reader_snap_cpu[] = {
	{ '0', "Invalid for per_cpu snapshot file." },
#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
	{ '1', reader_snap_alloc,
	  { "Takes a snapshot of the main buffer for this cpu." }, { 22 } },
#else
	{ '1', "Not supported with this kernel.",
	  { "Must use main snapshot file to allocate." }, { 21 } },
#endif
	{ '2', "Clears this cpu's snapshot buffer (but does not allocate)",
	  { reader_snap_any1, reader_snap_any2 }, { 22, 23 } },
};

void reader_print_snapshot_help(struct seq_file *m, struct trace_iterator *iter)
{
	const struct reader_snap_cmd *cmd = reader_snap_top;
	int i, n = ARRAY_SIZE(reader_snap_top);

	seq_printf(m, "#\n# * Snapshot is %s *\n#\n# Snapshot commands:\n",
		   iter->tr->allocated_snapshot ? "allocated" : "freed");
	if (iter->cpu_file != RING_BUFFER_ALL_CPUS) {
		cmd = reader_snap_cpu;
		n = ARRAY_SIZE(reader_snap_cpu);
	}
	for (i = 0; i < n; i++)
		reader_snap_put(m, &cmd[i]);
}
#else
void reader_print_snapshot_help(struct seq_file *m, struct trace_iterator *iter)
{
}
#endif
