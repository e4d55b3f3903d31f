// SPDX-License-Identifier: GPL-2.0
/*
 * Printers of kernel/trace's own record types.
 *
 * The records of enum trace_type (trace_records.h, laid out by
 * trace_entries.h) are not TRACE_EVENT()s: their printers are written
 * here, one struct trace_event per type, registered under the fixed
 * type by init_events() at boot.  For each type:
 *
 *   type                text (default)            raw   hex   bin
 *   TRACE_FN            sym [ <-parent sym]        yes   yes   yes
 *   TRACE_CTX/WAKE      pid:prio:state ==>/+ ...   yes   yes   yes
 *   TRACE_STACK         <stack trace> + frames      -     -     -
 *   TRACE_USER_STACK    <user stack trace> + ...    -     -     -
 *   TRACE_BPUTS/BPRINT  sym: message               yes    -     -
 *   TRACE_PRINT         sym: message               yes    -     -
 *   TRACE_HWLAT         #seq inner/outer ...       yes    -     -
 *   TRACE_OSNOISE       runtime noise % ...        yes    -     -
 *   TRACE_TIMERLAT      #seq context latency       yes    -     -
 *   TRACE_RAW_DATA      # id buf: bytes            (same as text)
 *   TRACE_FUNC_REPEATS  sym (repeats: n, last_ts:) yes    -     -
 *
 * "-" falls back to trace_nop_print() ("type: N").  The text of every
 * cell is an interface, byte for byte.  @flags handed to the text printers
 * are the sym-* and print-parent option bits.
 *
 * Context: reader context; only the user stack printer with
 * sym-userobj sleeps (it takes the task's mmap_lock).
 */
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/trace_seq.h>

#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_flags.h"
#include "trace_output.h"
#include "trace_records.h"

/* The typed record under iter->ent (trace_assign_type(), trace_records.h). */
#define entry_of(var, iter)	trace_assign_type(var, (iter)->ent)

/* TRACE_FN and the function part of TRACE_FUNC_REPEATS. */
static void fn_print_ips(struct trace_seq *s, unsigned long ip,
			 unsigned long parent_ip, long text_delta, int flags)
{
	ip += text_delta;
	parent_ip += text_delta;

	seq_print_ip_sym(s, ip, flags);
	if (parent_ip && (flags & TRACE_ITER_PRINT_PARENT)) {
		trace_seq_puts(s, " <-");
		seq_print_ip_sym(s, parent_ip, flags);
	}
}

static enum print_line_t fn_text(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	struct ftrace_entry *e;

	entry_of(e, iter);
	fn_print_ips(&iter->seq, e->ip, e->parent_ip, iter->tr->text_delta,
		     flags);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

static enum print_line_t fn_raw(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, "%lx %lx\n", e->ip, e->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t fn_hex(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *e;

	entry_of(e, iter);
	SEQ_PUT_HEX_FIELD(&iter->seq, e->ip);
	SEQ_PUT_HEX_FIELD(&iter->seq, e->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t fn_bin(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *e;

	entry_of(e, iter);
	SEQ_PUT_FIELD(&iter->seq, e->ip);
	SEQ_PUT_FIELD(&iter->seq, e->parent_ip);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions fn_funcs = {
	.trace	= fn_text,
	.raw	= fn_raw,
	.hex	= fn_hex,
	.binary	= fn_bin,
};

/*
 * TRACE_CTX (sched_switch) and TRACE_WAKE (wakeup) share one record
 * layout.  A wakeup prints "  +" where a switch prints "==>", and in
 * the raw and hex forms '+' stands for the previous task's state.
 */
static enum print_line_t ctxwake_text(struct trace_iterator *iter,
				      const char *arrow)
{
	struct ctx_switch_entry *e;
	char comm[TASK_COMM_LEN];

	entry_of(e, iter);
	trace_find_cmdline(e->next_pid, comm);
	trace_seq_printf(&iter->seq, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s\n",
			 e->prev_pid, e->prev_prio,
			 task_index_to_char(e->prev_state), arrow,
			 e->next_cpu, e->next_pid, e->next_prio,
			 task_index_to_char(e->next_state), comm);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t ctx_text(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return ctxwake_text(iter, "==>");
}

static enum print_line_t wake_text(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	return ctxwake_text(iter, "  +");
}

/* @prev_state: the character printed for the previous task's state. */
static enum print_line_t ctxwake_raw(struct trace_iterator *iter,
				     char prev_state)
{
	struct ctx_switch_entry *e;

	entry_of(e, iter);
	if (!prev_state)
		prev_state = task_index_to_char(e->prev_state);
	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c\n",
			 e->prev_pid, e->prev_prio, prev_state, e->next_cpu,
			 e->next_pid, e->next_prio,
			 task_index_to_char(e->next_state));
	return trace_handle_return(&iter->seq);
}

static enum print_line_t ctx_raw(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	return ctxwake_raw(iter, 0);
}

static enum print_line_t wake_raw(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return ctxwake_raw(iter, '+');
}

/*
 * The hex form puts each value as its own group.  The sizes are part
 * of the output: the previous state is one byte (a char), the next
 * state four (an int).
 */
static enum print_line_t ctxwake_hex(struct trace_iterator *iter,
				     char prev_state)
{
	struct ctx_switch_entry *e;
	struct trace_seq *s = &iter->seq;
	int next_state;

	entry_of(e, iter);
	if (!prev_state)
		prev_state = task_index_to_char(e->prev_state);
	next_state = task_index_to_char(e->next_state);

	SEQ_PUT_HEX_FIELD(s, e->prev_pid);
	SEQ_PUT_HEX_FIELD(s, e->prev_prio);
	SEQ_PUT_HEX_FIELD(s, prev_state);
	SEQ_PUT_HEX_FIELD(s, e->next_cpu);
	SEQ_PUT_HEX_FIELD(s, e->next_pid);
	SEQ_PUT_HEX_FIELD(s, e->next_prio);
	SEQ_PUT_HEX_FIELD(s, next_state);
	return trace_handle_return(s);
}

static enum print_line_t ctx_hex(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	return ctxwake_hex(iter, 0);
}

static enum print_line_t wake_hex(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return ctxwake_hex(iter, '+');
}

static enum print_line_t ctxwake_bin(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *e;
	struct trace_seq *s = &iter->seq;

	entry_of(e, iter);
	SEQ_PUT_FIELD(s, e->prev_pid);
	SEQ_PUT_FIELD(s, e->prev_prio);
	SEQ_PUT_FIELD(s, e->prev_state);
	SEQ_PUT_FIELD(s, e->next_cpu);
	SEQ_PUT_FIELD(s, e->next_pid);
	SEQ_PUT_FIELD(s, e->next_prio);
	SEQ_PUT_FIELD(s, e->next_state);
	return trace_handle_return(s);
}

static struct trace_event_functions ctx_funcs = {
	.trace	= ctx_text,
	.raw	= ctx_raw,
	.hex	= ctx_hex,
	.binary	= ctxwake_bin,
};

static struct trace_event_functions wake_funcs = {
	.trace	= wake_text,
	.raw	= wake_raw,
	.hex	= wake_hex,
	.binary	= ctxwake_bin,
};

/*
 * TRACE_STACK: frames up to the end of the record or a ULONG_MAX
 * terminator, whichever comes first.
 */
static enum print_line_t stack_text(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;
	long text_delta = iter->tr->text_delta;
	struct stack_entry *e;
	unsigned long *frame, *end;

	entry_of(e, iter);
	end = (unsigned long *)((char *)iter->ent + iter->ent_size);

	trace_seq_puts(s, "<stack trace>\n");
	for (frame = e->caller; frame < end && *frame != ULONG_MAX; frame++) {
		if (trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		if (*frame == FTRACE_TRAMPOLINE_MARKER) {
			trace_seq_puts(s, "[FTRACE TRAMPOLINE]\n");
			continue;
		}
		seq_print_ip_sym(s, *frame + text_delta, flags);
		trace_seq_putc(s, '\n');
	}
	return trace_handle_return(s);
}

static struct trace_event_functions stack_funcs = {
	.trace	= stack_text,
};

/*
 * TRACE_USER_STACK: up to the first zero entry.  With sym-userobj the
 * addresses are resolved against the mappings of the thread group
 * leader, which outlives the thread that recorded the stack.
 */
static enum print_line_t user_stack_text(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;
	struct userstack_entry *e;
	struct mm_struct *mm = NULL;
	unsigned int i;

	entry_of(e, iter);
	trace_seq_puts(s, "<user stack trace>\n");

	if (iter->tr->trace_flags & TRACE_ITER_SYM_USEROBJ) {
		struct task_struct *leader;

		rcu_read_lock();
		leader = find_task_by_vpid(e->tgid);
		if (leader)
			mm = get_task_mm(leader);
		rcu_read_unlock();
	}

	for (i = 0; i < ARRAY_SIZE(e->caller); i++) {
		if (!e->caller[i] || trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		seq_print_user_ip(s, mm, e->caller[i], flags);
		trace_seq_putc(s, '\n');
	}

	if (mm)
		mmput(mm);
	return trace_handle_return(s);
}

static struct trace_event_functions user_stack_funcs = {
	.trace	= user_stack_text,
};

/* TRACE_HWLAT: one hardware-latency sample. */
static enum print_line_t hwlat_text(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;
	struct hwlat_entry *e;

	entry_of(e, iter);
	trace_seq_printf(s, "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%d",
			 e->seqnum, e->duration, e->outer_duration,
			 (long long)e->timestamp.tv_sec, e->timestamp.tv_nsec,
			 e->count);
	if (e->nmi_count) {
		/* Without an NMI-safe sched_clock() only the count is kept. */
		if (!IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))
			trace_seq_printf(s, " nmi-total:%llu", e->nmi_total_ts);
		trace_seq_printf(s, " nmi-count:%u", e->nmi_count);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t hwlat_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct hwlat_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, "%llu %lld %lld %09ld %u\n",
			 e->duration, e->outer_duration,
			 (long long)e->timestamp.tv_sec, e->timestamp.tv_nsec,
			 e->seqnum);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions hwlat_funcs = {
	.trace	= hwlat_text,
	.raw	= hwlat_raw,
};

/*
 * TRACE_OSNOISE: one osnoise period.  The third column is the share of
 * the runtime left to the workload, as a percentage with five decimals,
 * truncated.  A period with no runtime (which the tracer does not
 * record) prints 0.00000 instead of dividing by zero.
 */
static enum print_line_t osnoise_text(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;
	struct osnoise_entry *e;
	u64 pct = 0;
	u32 pct_frac;

	entry_of(e, iter);
	if (e->runtime) {
		/* In units of 1e-5 percent: (runtime - noise) / runtime * 1e7. */
		pct = (e->runtime - e->noise) * 10000000;
		do_div(pct, e->runtime);
	}
	pct_frac = do_div(pct, 100000);

	trace_seq_printf(s, "%llu %10llu %3llu.%05u %7llu",
			 e->runtime, e->noise, pct, pct_frac, e->max_sample);
	trace_seq_printf(s, " %6u %6u %6u %6u %6u\n",
			 e->hw_count, e->nmi_count, e->irq_count,
			 e->softirq_count, e->thread_count);
	return trace_handle_return(s);
}

static enum print_line_t osnoise_raw(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct osnoise_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, "%lld %llu %llu %u %u %u %u %u\n",
			 e->runtime, e->noise, e->max_sample, e->hw_count,
			 e->nmi_count, e->irq_count, e->softirq_count,
			 e->thread_count);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions osnoise_funcs = {
	.trace	= osnoise_text,
	.raw	= osnoise_raw,
};

/*
 * TRACE_TIMERLAT: one timer latency sample, by the context that saw it.
 * An unknown context (not written by the tracer) prints as "?".
 */
static const char *const timerlat_contexts[] = { "irq", "thread", "user-ret" };

static enum print_line_t timerlat_text(struct trace_iterator *iter, int flags,
				       struct trace_event *event)
{
	struct timerlat_entry *e;
	const char *ctx = "?";

	entry_of(e, iter);
	if ((unsigned int)e->context < ARRAY_SIZE(timerlat_contexts))
		ctx = timerlat_contexts[e->context];
	trace_seq_printf(&iter->seq, "#%-5u context %6s timer_latency %9llu ns\n",
			 e->seqnum, ctx, e->timer_latency);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t timerlat_raw(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct timerlat_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, "%u %d %llu\n",
			 e->seqnum, e->context, e->timer_latency);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions timerlat_funcs = {
	.trace	= timerlat_text,
	.raw	= timerlat_raw,
};

/*
 * trace_puts(), trace_printk() and trace_marker.  TRACE_BPUTS keeps a
 * pointer to a constant string, TRACE_BPRINT the format and its packed
 * arguments, TRACE_PRINT the text itself.  The text form starts with
 * the caller's symbol; the raw forms with its address.  Only
 * TRACE_PRINT addresses are shifted by the instance's text delta.
 */
static enum print_line_t bputs_text(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct bputs_entry *e;

	entry_of(e, iter);
	seq_print_ip_sym(&iter->seq, e->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_puts(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t bputs_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct bputs_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, ": %lx : ", e->ip);
	trace_seq_puts(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions bputs_funcs = {
	.trace	= bputs_text,
	.raw	= bputs_raw,
};

static enum print_line_t bprint_text(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bprint_entry *e;

	entry_of(e, iter);
	seq_print_ip_sym(&iter->seq, e->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t bprint_raw(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct bprint_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, ": %lx : ", e->ip);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions bprint_funcs = {
	.trace	= bprint_text,
	.raw	= bprint_raw,
};

static enum print_line_t print_text(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct print_entry *e;

	entry_of(e, iter);
	seq_print_ip_sym(&iter->seq, e->ip + iter->tr->text_delta, flags);
	trace_seq_printf(&iter->seq, ": %s", e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct print_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, "# %lx %s", e->ip, e->buf);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions print_funcs = {
	.trace	= print_text,
	.raw	= print_raw,
};

/* printk-msg-only: the message of the three kinds above, nothing else. */
enum print_line_t trace_print_bputs_msg_only(struct trace_iterator *iter)
{
	struct bputs_entry *e;

	entry_of(e, iter);
	trace_seq_puts(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

enum print_line_t trace_print_bprintk_msg_only(struct trace_iterator *iter)
{
	struct bprint_entry *e;

	entry_of(e, iter);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

enum print_line_t trace_print_printk_msg_only(struct trace_iterator *iter)
{
	struct print_entry *e;

	entry_of(e, iter);
	trace_seq_puts(&iter->seq, e->buf);
	return trace_handle_return(&iter->seq);
}

/* TRACE_RAW_DATA (trace_marker_raw): the id, then every payload byte. */
static enum print_line_t raw_data_text(struct trace_iterator *iter, int flags,
				       struct trace_event *event)
{
	struct raw_data_entry *e;
	int len, i;

	entry_of(e, iter);
	len = iter->ent_size - offsetof(struct raw_data_entry, buf);
	trace_seq_printf(&iter->seq, "# %x buf:", e->id);
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, " %02x", (unsigned char)e->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions raw_data_funcs = {
	.trace	= raw_data_text,
	.raw	= raw_data_text,
};

/*
 * TRACE_FUNC_REPEATS: a function call seen @count more times in a row;
 * the record's time stamp is the last repeat, and the delta it carries
 * goes back to the first.
 */
/* The time from the first repeat to the last, split in two fields. */
static u64 func_repeats_delta(const struct func_repeats_entry *e)
{
	return ((u64)e->top_delta_ts << 32) | e->bottom_delta_ts;
}

static enum print_line_t func_repeats_text(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct func_repeats_entry *e;
	struct trace_seq *s = &iter->seq;

	entry_of(e, iter);
	fn_print_ips(s, e->ip, e->parent_ip, iter->tr->text_delta, flags);
	trace_seq_printf(s, " (repeats: %u, last_ts:", e->count);
	trace_print_time(s, iter, iter->ts - func_repeats_delta(e));
	trace_seq_puts(s, ")\n");
	return trace_handle_return(s);
}

static enum print_line_t func_repeats_raw(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct func_repeats_entry *e;

	entry_of(e, iter);
	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", e->ip, e->parent_ip,
			 e->count, func_repeats_delta(e));
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions func_repeats_funcs = {
	.trace	= func_repeats_text,
	.raw	= func_repeats_raw,
};

/* Fixed type -> printers; registered once at boot, used for good. */
static struct trace_event builtin_events[] = {
	{ .type = TRACE_FN,		.funcs = &fn_funcs },
	{ .type = TRACE_CTX,		.funcs = &ctx_funcs },
	{ .type = TRACE_WAKE,		.funcs = &wake_funcs },
	{ .type = TRACE_STACK,		.funcs = &stack_funcs },
	{ .type = TRACE_USER_STACK,	.funcs = &user_stack_funcs },
	{ .type = TRACE_BPUTS,		.funcs = &bputs_funcs },
	{ .type = TRACE_BPRINT,		.funcs = &bprint_funcs },
	{ .type = TRACE_PRINT,		.funcs = &print_funcs },
	{ .type = TRACE_HWLAT,		.funcs = &hwlat_funcs },
	{ .type = TRACE_OSNOISE,	.funcs = &osnoise_funcs },
	{ .type = TRACE_TIMERLAT,	.funcs = &timerlat_funcs },
	{ .type = TRACE_RAW_DATA,	.funcs = &raw_data_funcs },
	{ .type = TRACE_FUNC_REPEATS,	.funcs = &func_repeats_funcs },
};

/**
 * init_events - register the printers of kernel/trace's own records
 *
 * Called once by trace_bootparams.c while tracing is set up at boot.
 *
 * Return: 0.
 */
__init int init_events(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(builtin_events); i++)
		WARN_ONCE(!register_trace_event(&builtin_events[i]),
			  "event %d failed to register",
			  builtin_events[i].type);
	return 0;
}
