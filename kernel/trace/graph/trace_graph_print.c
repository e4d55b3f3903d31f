// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the function_graph tracer: funcgraph_entry and
 * funcgraph_exit records, and every other record as a comment, printed
 * as a call tree.  What a reader sees (the columns before the tree
 * depend on the options; these are the defaults):
 *
 *	# tracer: function_graph
 *	#
 *	# CPU  DURATION                  FUNCTION CALLS
 *	# |     |   |                     |   |   |   |
 *	 0)               |  vfs_read() {               entry with a nested call
 *	 0)   0.181 us    |    rw_verify_area();        entry + its exit: a leaf
 *	 0) + 12.372 us   |  }                          exit of a nested call
 *	 ------------------------------------------
 *	 1)    bash-1432    =>    cat-1507              another task on the CPU
 *	 ------------------------------------------
 *	 1)   ==========> |                             an irq handler entered
 *	 1)               |  (a C comment)              any other record
 *
 * Two things need the records after the one printed:
 *
 *  - a leaf: an entry whose next record on the same CPU is the exit of
 *    the same call prints as one "name();" line.  A non-consuming
 *    reader (trace) peeks that CPU's ring iterator and steps past the
 *    exit; a consuming one (trace_pipe) must consume the entry to peek
 *    the next record, so after a nested entry it answers
 *    TRACE_TYPE_NO_CONSUME (already consumed).  If the line did not fit
 *    in the text buffer, the entry (and its exit) are kept in the
 *    reader's state and printed first on the next call;
 *  - the reader's state per CPU (struct tgraph_cpu): the last pid (for
 *    the "=>" block), the depth comments indent to, the function
 *    entered at each depth (an exit that matches none prints its name),
 *    and, with funcgraph-irqs off, the depth of the irq being hidden.
 *
 * Without that state (the funcgraph events printed while another tracer
 * is current, or an open that could not allocate it) lines are printed
 * alone: no leaf joining, no "=>" blocks, no irq hiding.
 *
 * Contexts: the reader's (process context, the reader locks of
 * reader/trace_reader.h); ftrace_dump() opens from any context, so the
 * state is allocated atomically there.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace_seq.h>
#include <asm/sections.h>

#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "output/trace_output.h"
#include "reader/trace_reader.h"
#include "trace_graph.h"
#include "trace_records.h"

/* Blanks per level of the call tree. */
#define TGRAPH_INDENT		2
/* Width of the "comm-pid" column. */
#define TGRAPH_PROC_WIDTH	14
/* Characters of a comm the column shows. */
#define TGRAPH_COMM_SHOWN	7

/* What a reader remembers of one CPU's records (see the top). */
struct tgraph_cpu {
	pid_t		last_pid;
	int		depth;
	int		irq_depth;
	bool		skip;
	unsigned long	open_funcs[FTRACE_RETFUNC_DEPTH];
};

/*
 * iter->private: per-CPU state, and the entry (and the record after it)
 * of a line that did not fit, to print first next time.
 */
struct tgraph_reader {
	struct tgraph_cpu __percpu	*cpus;
	struct ftrace_graph_ent_entry	ent;
	struct ftrace_graph_ret_entry	ret;
	bool				failed;
	int				failed_cpu;
};

/* How the duration column is filled when a line has no duration. */
enum tgraph_fill {
	TGF_NONE,	/* a real duration */
	TGF_BLANK,	/* the whole column blank */
	TGF_OPEN,	/* before an irq arrow */
	TGF_CLOSE,	/* after it */
};

/* Digits of the highest CPU number: the CPU column's width. */
static int tgraph_cpu_width = 1;

static bool tgraph_in_irq_text(struct trace_iterator *iter, unsigned long ip)
{
	ip += iter->tr->text_delta;
	return ip >= (unsigned long)__irqentry_text_start &&
	       ip < (unsigned long)__irqentry_text_end;
}

static void tgraph_col_cpu(struct trace_seq *s, int cpu)
{
	trace_seq_printf(s, " %*d) ", tgraph_cpu_width, cpu);
}

/* "comm-pid" centred in its column, the comm cut to 7 characters. */
static void tgraph_col_proc(struct trace_seq *s, pid_t pid)
{
	char comm[TASK_COMM_LEN];
	int len, pad;

	trace_find_cmdline(pid, comm);
	comm[TGRAPH_COMM_SHOWN] = '\0';
	len = snprintf(NULL, 0, "%s-%d", comm, pid);
	pad = len < TGRAPH_PROC_WIDTH ? TGRAPH_PROC_WIDTH - len : 0;
	trace_seq_printf(s, "%*s%s-%d%*s", pad / 2, "", comm, pid,
			 pad - pad / 2, "");
}

static void tgraph_col_abstime(struct trace_seq *s, u64 ts)
{
	u32 rem = do_div(ts, NSEC_PER_SEC);

	trace_seq_printf(s, "%5lu.%06lu |  ", (unsigned long)ts,
			 (unsigned long)(rem / NSEC_PER_USEC));
}

/* The context columns of a line: time, CPU, task, latency flags. */
static void tgraph_columns(struct trace_iterator *iter, int cpu, pid_t pid,
			   u32 opts)
{
	struct trace_seq *s = &iter->seq;
	unsigned int flags = iter->tr->trace_flags;

	if (!(flags & TRACE_ITER_CONTEXT_INFO))
		return;
	if (opts & TGRAPH_OPT_ABSTIME)
		tgraph_col_abstime(s, iter->ts);
	if (opts & TGRAPH_OPT_CPU)
		tgraph_col_cpu(s, cpu);
	if (opts & TGRAPH_OPT_PROC) {
		tgraph_col_proc(s, pid);
		trace_seq_puts(s, " | ");
	}
	if (flags & TRACE_ITER_LATENCY_FMT) {
		trace_seq_putc(s, ' ');
		trace_print_lat_fmt(s, iter->ent);
		trace_seq_puts(s, " | ");
	}
}

void tgraph_print_duration(struct trace_seq *s, u64 ns)
{
	u32 frac_ns = do_div(ns, NSEC_PER_USEC);
	char frac[8];
	int width, room;

	width = snprintf(NULL, 0, "%llu", ns);
	trace_seq_printf(s, "%llu", ns);
	/* Seven digits at most: the fraction gets what the integer leaves. */
	if (width < 7) {
		room = min(3, 7 - width);
		snprintf(frac, sizeof(frac), "%03u", frac_ns);
		trace_seq_printf(s, ".%.*s", room, frac);
		width += room + 1;
	}
	trace_seq_puts(s, " us ");
	if (width < 8)
		trace_seq_printf(s, "%*s", 8 - width, "");
}

static void tgraph_col_duration(struct trace_iterator *iter, u64 ns,
				enum tgraph_fill fill, u32 opts)
{
	struct trace_seq *s = &iter->seq;

	if (!(opts & TGRAPH_OPT_DURATION) ||
	    !(iter->tr->trace_flags & TRACE_ITER_CONTEXT_INFO))
		return;
	switch (fill) {
	case TGF_BLANK:
		trace_seq_puts(s, "              |  ");
		return;
	case TGF_OPEN:
		trace_seq_puts(s, "  ");
		return;
	case TGF_CLOSE:
		trace_seq_puts(s, " |");
		return;
	case TGF_NONE:
		break;
	}
	if (opts & TGRAPH_OPT_OVERHEAD)
		trace_seq_printf(s, "%c ", trace_find_mark(ns));
	else
		trace_seq_puts(s, "  ");
	tgraph_print_duration(s, ns);
	trace_seq_puts(s, "|  ");
}

static void tgraph_indent(struct trace_seq *s, int depth)
{
	if (depth > 0)
		trace_seq_printf(s, "%*s", depth * TGRAPH_INDENT, "");
}

/* The arrow line of an irq handler entered (@enter) or left at @ip. */
static void tgraph_irq_arrow(struct trace_iterator *iter, unsigned long ip,
			     bool enter, int cpu, pid_t pid, u32 opts)
{
	if (!tgraph_in_irq_text(iter, ip))
		return;
	tgraph_columns(iter, cpu, pid, opts);
	tgraph_col_duration(iter, 0, TGF_OPEN, opts);
	trace_seq_puts(&iter->seq, enter ? "==========>" : "<==========");
	tgraph_col_duration(iter, 0, TGF_CLOSE, opts);
	trace_seq_putc(&iter->seq, '\n');
}

static struct tgraph_cpu *tgraph_cpu_of(struct tgraph_reader *rd, int cpu)
{
	return rd ? per_cpu_ptr(rd->cpus, cpu) : NULL;
}

/* The block that says another task runs on the CPU from here on. */
static void tgraph_task_change(struct trace_iterator *iter, pid_t pid, int cpu)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, cpu);
	struct trace_seq *s = &iter->seq;
	pid_t prev;

	if (!c || c->last_pid == pid)
		return;
	prev = c->last_pid;
	c->last_pid = pid;
	if (prev == -1)
		return;
	trace_seq_puts(s, " ------------------------------------------\n");
	tgraph_col_cpu(s, cpu);
	tgraph_col_proc(s, prev);
	trace_seq_puts(s, " => ");
	tgraph_col_proc(s, pid);
	trace_seq_puts(s, "\n ------------------------------------------\n\n");
}

/* What comes before the tree on every line of a record. */
static void tgraph_prologue(struct trace_iterator *iter, unsigned long irq_ip,
			    u32 opts)
{
	pid_t pid = iter->ent->pid;

	tgraph_task_change(iter, pid, iter->cpu);
	if (irq_ip)
		tgraph_irq_arrow(iter, irq_ip, true, iter->cpu, pid, opts);
	tgraph_columns(iter, iter->cpu, pid, opts);
}

/*
 * The exit that makes @cur a leaf, or NULL: the next record of the
 * CPU, if it is the exit of the same task's same function.  Steps the
 * non-consuming iterator past it; a consuming reader has consumed @cur
 * by then.
 */
static struct ftrace_graph_ret_entry *
tgraph_leaf_exit(struct trace_iterator *iter, struct ftrace_graph_ent_entry *cur)
{
	struct tgraph_reader *rd = iter->private;
	struct ring_buffer_iter *walk = NULL;
	struct ftrace_graph_ret_entry *next;
	struct ring_buffer_event *event;

	if (rd && rd->failed) {
		cur = &rd->ent;
		next = &rd->ret;
	} else {
		walk = trace_buffer_iter(iter, iter->cpu);
		if (walk) {
			event = ring_buffer_iter_peek(walk, NULL);
		} else {
			struct trace_buffer *buf = iter->array_buffer->buffer;

			ring_buffer_consume(buf, iter->cpu, NULL, NULL);
			event = ring_buffer_peek(buf, iter->cpu, NULL, NULL);
		}
		if (!event)
			return NULL;
		next = ring_buffer_event_data(event);
		if (rd) {
			/* Kept in case the line does not fit. */
			rd->ent = *cur;
			if (next->ent.type == TRACE_GRAPH_RET)
				rd->ret = *next;
			else
				rd->ret.ent.type = next->ent.type;
		}
	}
	if (next->ent.type != TRACE_GRAPH_RET ||
	    next->ent.pid != cur->ent.pid ||
	    next->ret.func != cur->graph_ent.func)
		return NULL;
	if (walk)
		ring_buffer_iter_advance(walk);
	return next;
}

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
/*
 * The value a function returned: in hex with funcgraph-retval-hex, or
 * when it is 0 or not an error code; else as a negative errno (a 32-bit
 * value with its sign bit set counts as an int).
 */
static void tgraph_retval(struct trace_seq *s, unsigned long val, bool leaf,
			  unsigned long func, u32 opts)
{
	long err = 0;

	if (val && !(opts & TGRAPH_OPT_RETVAL_HEX)) {
		if (IS_ENABLED(CONFIG_64BIT) && !((u64)val >> 32) &&
		    (val & BIT(31)))
			err = (long)(s32)val;
		else
			err = (long)val;
		if (!IS_ERR_VALUE(err))
			err = 0;
	}
	if (leaf)
		trace_seq_printf(s, "%ps();", (void *)func);
	else
		trace_seq_printf(s, "} /* %ps", (void *)func);
	if (err)
		trace_seq_printf(s, leaf ? " /* = %ld */\n" : " = %ld */\n", err);
	else
		trace_seq_printf(s, leaf ? " /* = 0x%lx */\n" : " = 0x%lx */\n",
				 val);
}

static bool tgraph_retval_shown(u32 opts)
{
	return opts & TGRAPH_OPT_RETVAL;
}

static unsigned long tgraph_ret_value(const struct ftrace_graph_ret *ret)
{
	return ret->retval;
}
#else
static void tgraph_retval(struct trace_seq *s, unsigned long val, bool leaf,
			  unsigned long func, u32 opts)
{
}

static bool tgraph_retval_shown(u32 opts)
{
	return false;
}

static unsigned long tgraph_ret_value(const struct ftrace_graph_ret *ret)
{
	return 0;
}
#endif

static enum print_line_t tgraph_leaf(struct trace_iterator *iter,
				     struct ftrace_graph_ent_entry *ent,
				     struct ftrace_graph_ret_entry *exit,
				     u32 opts)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, iter->cpu);
	struct ftrace_graph_ret *ret = &exit->ret;
	int depth = ent->graph_ent.depth;
	unsigned long func = ent->graph_ent.func + iter->tr->text_delta;
	struct trace_seq *s = &iter->seq;

	if (c) {
		/* Comments after a leaf indent as its own line. */
		c->depth = depth - 1;
		if (depth < FTRACE_RETFUNC_DEPTH && !WARN_ON_ONCE(depth < 0))
			c->open_funcs[depth] = 0;
	}
	tgraph_col_duration(iter, ret->rettime - ret->calltime, TGF_NONE, opts);
	tgraph_indent(s, depth);
	if (tgraph_retval_shown(opts))
		tgraph_retval(s, tgraph_ret_value(ret), true, func, opts);
	else
		trace_seq_printf(s, "%ps();\n", (void *)func);
	tgraph_irq_arrow(iter, ret->func, false, iter->cpu, iter->ent->pid,
			 opts);
	return trace_handle_return(s);
}

static enum print_line_t tgraph_nested(struct trace_iterator *iter,
				       struct ftrace_graph_ent_entry *ent,
				       u32 opts)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, iter->cpu);
	int depth = ent->graph_ent.depth;
	struct trace_seq *s = &iter->seq;

	if (c) {
		c->depth = depth;
		if (depth < FTRACE_RETFUNC_DEPTH && !WARN_ON_ONCE(depth < 0))
			c->open_funcs[depth] = ent->graph_ent.func;
	}
	tgraph_col_duration(iter, 0, TGF_BLANK, opts);
	tgraph_indent(s, depth);
	trace_seq_printf(s, "%ps() {\n",
			 (void *)(ent->graph_ent.func + iter->tr->text_delta));
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	/* The leaf check consumed the entry already (trace_pipe). */
	return TRACE_TYPE_NO_CONSUME;
}

/*
 * funcgraph-irqs off: true while the CPU is inside an irq handler
 * (entering one at @ip starts hiding from @depth on).
 */
static bool tgraph_hide_entry(struct trace_iterator *iter, unsigned long ip,
			      int depth, u32 opts)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, iter->cpu);

	if ((opts & TGRAPH_OPT_IRQS) || !c)
		return false;
	if (c->irq_depth >= 0)
		return true;
	if (!tgraph_in_irq_text(iter, ip))
		return false;
	c->irq_depth = depth;
	return true;
}

static bool tgraph_hide_exit(struct trace_iterator *iter, int depth, u32 opts)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, iter->cpu);

	if ((opts & TGRAPH_OPT_IRQS) || !c || c->irq_depth == -1)
		return false;
	/* The exit at (or above) the depth the handler was entered ends it. */
	if (c->irq_depth >= depth)
		c->irq_depth = -1;
	return true;
}

static enum print_line_t tgraph_entry_line(struct trace_iterator *iter,
					   struct ftrace_graph_ent_entry *ent,
					   u32 opts)
{
	struct tgraph_reader *rd = iter->private;
	struct ftrace_graph_ret_entry *exit;
	enum print_line_t ret;
	int cpu = iter->cpu;

	if (tgraph_hide_entry(iter, ent->graph_ent.func, ent->graph_ent.depth,
			      opts))
		return TRACE_TYPE_HANDLED;
	tgraph_prologue(iter, ent->graph_ent.func, opts);
	exit = tgraph_leaf_exit(iter, ent);
	if (exit)
		ret = tgraph_leaf(iter, ent, exit, opts);
	else
		ret = tgraph_nested(iter, ent, opts);
	if (rd) {
		/* The entry is consumed: a line that did not fit is redone. */
		rd->failed = iter->seq.full;
		if (rd->failed)
			rd->failed_cpu = cpu;
	}
	return ret;
}

static enum print_line_t tgraph_exit_line(struct trace_iterator *iter,
					  struct ftrace_graph_ret *ret,
					  u32 opts)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, iter->cpu);
	unsigned long func = ret->func + iter->tr->text_delta;
	struct trace_seq *s = &iter->seq;
	bool matched = true;

	if (tgraph_hide_exit(iter, ret->depth, opts))
		return TRACE_TYPE_HANDLED;
	if (c) {
		/* Comments after a closing brace indent as the brace. */
		c->depth = ret->depth - 1;
		if (ret->depth < FTRACE_RETFUNC_DEPTH &&
		    !WARN_ON_ONCE(ret->depth < 0)) {
			matched = c->open_funcs[ret->depth] == ret->func;
			c->open_funcs[ret->depth] = 0;
		}
	}
	tgraph_prologue(iter, 0, opts);
	tgraph_col_duration(iter, ret->rettime - ret->calltime, TGF_NONE, opts);
	tgraph_indent(s, ret->depth);
	if (tgraph_retval_shown(opts))
		tgraph_retval(s, tgraph_ret_value(ret), false, func, opts);
	else if (matched && !(opts & TGRAPH_OPT_TAIL))
		trace_seq_puts(s, "}\n");
	else
		/* An exit whose entry was lost names its function. */
		trace_seq_printf(s, "} /* %ps */\n", (void *)func);
	if (opts & TGRAPH_OPT_OVERRUN)
		trace_seq_printf(s, " (Overruns: %u)\n", ret->overrun);
	tgraph_irq_arrow(iter, ret->func, false, iter->cpu, iter->ent->pid,
			 opts);
	return trace_handle_return(s);
}

/* Any other record: its own text as a comment at the current depth. */
static enum print_line_t tgraph_comment_line(struct trace_iterator *iter,
					     u32 opts)
{
	struct tgraph_cpu *c = tgraph_cpu_of(iter->private, iter->cpu);
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	enum print_line_t ret;
	int depth = c ? c->depth : 0;

	tgraph_prologue(iter, 0, opts);
	tgraph_col_duration(iter, 0, TGF_BLANK, opts);
	if (depth > 0)
		tgraph_indent(s, depth + 1);
	trace_seq_puts(s, "/* ");
	switch (iter->ent->type) {
	case TRACE_BPUTS:
		ret = trace_print_bputs_msg_only(iter);
		break;
	case TRACE_BPRINT:
		ret = trace_print_bprintk_msg_only(iter);
		break;
	case TRACE_PRINT:
		ret = trace_print_printk_msg_only(iter);
		break;
	default:
		event = ftrace_find_event(iter->ent->type);
		if (!event)
			return TRACE_TYPE_UNHANDLED;
		ret = event->funcs->trace(iter,
					  iter->tr->trace_flags & TRACE_ITER_SYM_MASK,
					  event);
	}
	if (ret != TRACE_TYPE_HANDLED)
		return ret;
	if (!trace_seq_has_overflowed(s)) {
		/* The message's own newline goes: the comment closes the line. */
		if (s->seq.len && s->buffer[s->seq.len - 1] == '\n') {
			s->seq.len--;
			s->buffer[s->seq.len] = '\0';
		}
		trace_seq_puts(s, " */\n");
	}
	return trace_handle_return(s);
}

enum print_line_t tgraph_print_line(struct trace_iterator *iter, u32 opts)
{
	struct tgraph_reader *rd = iter->private;
	struct trace_entry *ent = iter->ent;
	int cpu = iter->cpu;
	struct tgraph_cpu *c = tgraph_cpu_of(rd, cpu);
	enum print_line_t ret;

	if (c && c->skip) {
		c->skip = false;
		return TRACE_TYPE_HANDLED;
	}
	/* A line that did not fit last time goes first. */
	if (rd && rd->failed) {
		iter->cpu = rd->failed_cpu;
		ret = tgraph_entry_line(iter, &rd->ent, opts);
		if (ret == TRACE_TYPE_HANDLED && iter->cpu != cpu) {
			tgraph_cpu_of(rd, iter->cpu)->skip = true;
			ret = TRACE_TYPE_NO_CONSUME;
		}
		iter->cpu = cpu;
		return ret;
	}
	switch (ent->type) {
	case TRACE_GRAPH_ENT: {
		/* The leaf check may consume the record: print a copy. */
		struct ftrace_graph_ent_entry copy;

		copy = *(struct ftrace_graph_ent_entry *)ent;
		return tgraph_entry_line(iter, &copy, opts);
	}
	case TRACE_GRAPH_RET:
		return tgraph_exit_line(iter,
					&((struct ftrace_graph_ret_entry *)ent)->ret,
					opts);
	case TRACE_STACK:
	case TRACE_FN:
		/* Printed as themselves, not as comments. */
		return TRACE_TYPE_UNHANDLED;
	default:
		return tgraph_comment_line(iter, opts);
	}
}

/*
 * The header.  The latency form adds the legend of the five flag
 * characters and their column; each option adds its column.
 */
static void tgraph_header_columns(struct seq_file *m, unsigned int flags,
				  u32 opts)
{
	static const char * const legend[] = {
		"  _-----=> irqs-off        ",
		" / _----=> need-resched    ",
		"| / _---=> hardirq/softirq ",
		"|| / _--=> preempt-depth   ",
		"||| /                      ",
	};
	bool lat = flags & TRACE_ITER_LATENCY_FMT;
	int i, width = 0;

	if (lat) {
		if (opts & TGRAPH_OPT_ABSTIME)
			width += 16;
		if (opts & TGRAPH_OPT_CPU)
			width += 4;
		if (opts & TGRAPH_OPT_PROC)
			width += 17;
		for (i = 0; i < ARRAY_SIZE(legend); i++)
			seq_printf(m, "#%*s%s\n", width, "", legend[i]);
	}

	seq_putc(m, '#');
	if (opts & TGRAPH_OPT_ABSTIME)
		seq_puts(m, "     TIME       ");
	if (opts & TGRAPH_OPT_CPU)
		seq_puts(m, " CPU");
	if (opts & TGRAPH_OPT_PROC)
		seq_puts(m, "  TASK/PID       ");
	if (lat)
		seq_puts(m, "||||   ");
	if (opts & TGRAPH_OPT_DURATION)
		seq_puts(m, "  DURATION   ");
	seq_puts(m, "               FUNCTION CALLS\n");

	seq_putc(m, '#');
	if (opts & TGRAPH_OPT_ABSTIME)
		seq_puts(m, "      |         ");
	if (opts & TGRAPH_OPT_CPU)
		seq_puts(m, " |  ");
	if (opts & TGRAPH_OPT_PROC)
		seq_puts(m, "   |    |        ");
	if (lat)
		seq_puts(m, "||||   ");
	if (opts & TGRAPH_OPT_DURATION)
		seq_puts(m, "   |   |      ");
	seq_puts(m, "               |   |   |   |\n");
}

void tgraph_print_header(struct seq_file *m, struct trace_iterator *iter,
			 u32 opts)
{
	unsigned int flags = iter->tr->trace_flags;

	if (!(flags & TRACE_ITER_CONTEXT_INFO))
		return;
	if (flags & TRACE_ITER_LATENCY_FMT) {
		/* An empty buffer has no header at all. */
		if (trace_empty(iter))
			return;
		print_trace_header(m, iter);
	}
	tgraph_header_columns(m, flags, opts);
}

void tgraph_print_open(struct trace_iterator *iter)
{
	/* ftrace_dump() opens with interrupts or preemption off. */
	gfp_t gfp = preemptible() ? GFP_KERNEL : GFP_ATOMIC;
	struct tgraph_reader *rd;
	int cpu;

	iter->private = NULL;
	rd = kzalloc(sizeof(*rd), gfp);
	if (!rd)
		goto fail;
	rd->cpus = alloc_percpu_gfp(struct tgraph_cpu, gfp);
	if (!rd->cpus) {
		kfree(rd);
		goto fail;
	}
	for_each_possible_cpu(cpu) {
		struct tgraph_cpu *c = per_cpu_ptr(rd->cpus, cpu);

		c->last_pid = -1;
		c->irq_depth = -1;
	}
	iter->private = rd;
	return;
fail:
	pr_warn("function graph tracer: not enough memory\n");
}

void tgraph_print_close(struct trace_iterator *iter)
{
	struct tgraph_reader *rd = iter->private;

	if (!rd)
		return;
	free_percpu(rd->cpus);
	kfree(rd);
	iter->private = NULL;
}

/* The funcgraph events print as the tracer does (while it is current: with state). */
static enum print_line_t tgraph_event_text(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	return tgraph_print_line(iter, tgraph_options());
}

static struct trace_event_functions tgraph_event_funcs = {
	.trace	= tgraph_event_text,
};

static struct trace_event tgraph_entry_event = {
	.type	= TRACE_GRAPH_ENT,
	.funcs	= &tgraph_event_funcs,
};

static struct trace_event tgraph_exit_event = {
	.type	= TRACE_GRAPH_RET,
	.funcs	= &tgraph_event_funcs,
};

int __init tgraph_print_init(void)
{
	tgraph_cpu_width = snprintf(NULL, 0, "%u", nr_cpu_ids - 1);
	if (!register_trace_event(&tgraph_entry_event) ||
	    !register_trace_event(&tgraph_exit_event)) {
		pr_warn("Warning: could not register graph trace events\n");
		return -EBUSY;
	}
	return 0;
}
