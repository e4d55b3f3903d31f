// SPDX-License-Identifier: GPL-2.0
/*
 * The columns printed before an event's text, symbols, and the
 * "fields" dump.
 *
 * The reader (trace_reader_print.c) prints, per line, a context prefix
 * and then the event.  The
 * prefix comes from here and has two layouts:
 *
 *   default (trace_print_context)
 *     "<comm:16>-<pid:-7> " ["(<tgid:7>) "] "[<cpu:03>] " [<irq-info:5>]
 *     " <secs:5>.<usecs:06>: "
 *   latency-format (trace_print_lat_context)
 *     "<comm:8.8>-<pid:-7> <cpu:3><irq-info:5>" " <usecs:4>us<mark>: "
 *     or, with verbose, a numeric form of the same (see below).
 *
 * The five irq-info characters, in order (trace_print_lat_fmt):
 *
 *   irqs   D  irqs and bottom halves off     need-   N  need + preempt resched
 *          d  irqs off                       resched n  need resched
 *          b  bottom halves off                      p  preempt resched
 *          X  arch cannot tell                       .  neither
 *          .  enabled
 *   where  Z  NMI inside hard irq            preempt depth   hex digit or '.'
 *          z  NMI                            migrate-disable hex digit or '.'
 *          H  hard irq inside softirq
 *          h  hard irq, s softirq, . task
 *
 * Options that change the prefix: context-info (the reader leaves it out),
 * latency-format, irq-info, record-tgid, verbose; the clock decides
 * whether time stamps are nanoseconds (TRACE_FILE_TIME_IN_NS) or raw
 * counts.  Symbols follow sym-offset and sym-addr.
 *
 * Context: everything runs in the reader's context; only
 * seq_print_user_ip() sleeps (mmap_lock), and only when handed an mm.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/hex.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

#include "events/trace_event.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "trace_flags.h"
#include "trace_output.h"
#include "trace_records.h"

/**
 * trace_seq_print_sym - print the symbol an address falls in
 * @s: the sequence
 * @address: a kernel text address
 * @offset: add "+0x<off>/0x<size>" (and "[module]" when in one)
 *
 * A kretprobe trampoline prints as "[unknown/kretprobe'd]"; an address
 * without a symbol prints as "0x%08lx" (with @offset, as sprint_symbol()
 * writes it).
 */
void trace_seq_print_sym(struct trace_seq *s, unsigned long address,
			 bool offset)
{
#ifdef CONFIG_KALLSYMS
	char name[KSYM_SYMBOL_LEN];

	if (is_kretprobe_trampoline(address)) {
		trace_seq_puts(s, "[unknown/kretprobe'd]");
		return;
	}
	if (offset)
		sprint_symbol(name, address);
	else
		kallsyms_lookup(address, NULL, NULL, NULL, name);
	if (name[0]) {
		trace_seq_puts(s, name);
		return;
	}
#endif
	trace_seq_printf(s, "0x%08lx", address);
}

/* Hex digits of a full-width address (what %px prints). */
#define PTR_HEX_WIDTH	((int)(2 * sizeof(void *)))

/* " <address>" at the width of a pointer, for sym-addr. */
static void seq_print_addr(struct trace_seq *s, unsigned long ip)
{
	trace_seq_printf(s, " <%0*lx>", PTR_HEX_WIDTH, ip);
}

/**
 * seq_print_ip_sym - print a kernel address the way the options ask
 * @s: the sequence
 * @ip: the address; 0 prints "0"
 * @sym_flags: TRACE_ITER_SYM_OFFSET and TRACE_ITER_SYM_ADDR
 *
 * Return: 0 if @s has overflowed, else 1.
 */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags)
{
	if (!ip) {
		trace_seq_putc(s, '0');
	} else {
		trace_seq_print_sym(s, ip, sym_flags & TRACE_ITER_SYM_OFFSET);
		if (sym_flags & TRACE_ITER_SYM_ADDR)
			seq_print_addr(s, ip);
	}
	return !trace_seq_has_overflowed(s);
}

/**
 * seq_print_user_ip - print a user-space address (user stack traces)
 * @s: the sequence
 * @mm: the task's mm when sym-userobj is set, else NULL
 * @ip: the address
 * @sym_flags: TRACE_ITER_SYM_ADDR
 *
 * With an mm, the address is looked up in the first mapping that ends
 * above it; if that mapping has a file, its path and "[+0x<offset from
 * the mapping's start>]" are printed.  The raw " <address>" follows
 * when there was no file or sym-addr is set.  Takes mmap_lock.
 *
 * Return: 0 if @s has overflowed, else 1.
 */
int seq_print_user_ip(struct trace_seq *s, struct mm_struct *mm,
		      unsigned long ip, unsigned long sym_flags)
{
	bool named = false;

	if (s->full)
		return 0;

	if (mm) {
		struct vm_area_struct *vma;

		mmap_read_lock(mm);
		vma = find_vma(mm, ip);
		if (vma && vma->vm_file) {
			named = true;
			if (!trace_seq_path(s, file_user_path(vma->vm_file))) {
				mmap_read_unlock(mm);
				return 0;
			}
			trace_seq_printf(s, "[+0x%lx]", ip - vma->vm_start);
		}
		mmap_read_unlock(mm);
	}
	if (!named || (sym_flags & TRACE_ITER_SYM_ADDR))
		seq_print_addr(s, ip);
	return !trace_seq_has_overflowed(s);
}

/* One hex digit for a nonzero nibble, '.' for zero. */
static char nibble_char(unsigned int nibble)
{
	return nibble ? hex_asc_lo(nibble) : '.';
}

/**
 * trace_print_lat_fmt - the five irq-info characters of a record
 * @s: the sequence
 * @entry: the record header
 *
 * See the table at the top of this file.
 *
 * Return: 0 if @s has overflowed, else 1.
 */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry)
{
	unsigned int f = entry->flags;
	bool irqs_off = f & TRACE_FLAG_IRQS_OFF;
	bool bh_off = f & TRACE_FLAG_BH_OFF;
	bool nmi = f & TRACE_FLAG_NMI;
	bool hard = f & TRACE_FLAG_HARDIRQ;
	bool soft = f & TRACE_FLAG_SOFTIRQ;
	char col[5];

	if (irqs_off)
		col[0] = bh_off ? 'D' : 'd';
	else if (bh_off)
		col[0] = 'b';
	else if (f & TRACE_FLAG_IRQS_NOSUPPORT)
		col[0] = 'X';
	else
		col[0] = '.';

	switch (f & (TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_PREEMPT_RESCHED)) {
	case TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_PREEMPT_RESCHED:
		col[1] = 'N';
		break;
	case TRACE_FLAG_NEED_RESCHED:
		col[1] = 'n';
		break;
	case TRACE_FLAG_PREEMPT_RESCHED:
		col[1] = 'p';
		break;
	default:
		col[1] = '.';
		break;
	}

	if (nmi)
		col[2] = hard ? 'Z' : 'z';
	else if (hard)
		col[2] = soft ? 'H' : 'h';
	else
		col[2] = soft ? 's' : '.';

	/*
	 * Then the low nibble of preempt_count (preemption depth) and the
	 * high one (migrate-disable depth), each a hex digit or '.'.
	 */
	col[3] = nibble_char(entry->preempt_count & 0x0f);
	col[4] = nibble_char(entry->preempt_count >> 4);

	trace_seq_putmem(s, col, sizeof(col));
	return !trace_seq_has_overflowed(s);
}

/*
 * Delay marks of the latency format, largest first: a line whose
 * distance to the next one exceeds a threshold (nanoseconds) gets its
 * mark.  The function graph tracer uses them for durations too.
 */
static const struct {
	u64 over_ns;
	char mark;
} delay_marks[] = {
	{ 1000ULL * NSEC_PER_MSEC, '$' },
	{ 100ULL * NSEC_PER_MSEC, '@' },
	{ 10ULL * NSEC_PER_MSEC, '*' },
	{ 1000ULL * NSEC_PER_USEC, '#' },
	{ 100ULL * NSEC_PER_USEC, '!' },
	{ 10ULL * NSEC_PER_USEC, '+' },
};

/**
 * trace_find_mark - the delay mark for a duration
 * @duration: nanoseconds
 *
 * Return: '$', '@', '*', '#', '!' or '+' (over 1 s, 100 ms, 10 ms,
 * 1 ms, 100 us, 10 us), or ' ' for 10 us or less.
 */
char trace_find_mark(unsigned long long duration)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(delay_marks); i++)
		if (duration > delay_marks[i].over_ns)
			return delay_marks[i].mark;
	return ' ';
}

/*
 * The time column of the latency format.  @next_ts is the time stamp
 * of the following record (the same as this one's for the last): the
 * mark and the verbose "(+delta)" describe the gap to it.
 */
static int lat_print_timestamp(struct trace_iterator *iter, u64 next_ts)
{
	bool verbose = iter->tr->trace_flags & TRACE_ITER_VERBOSE;
	bool in_ns = iter->iter_flags & TRACE_FILE_TIME_IN_NS;
	u64 since_start = iter->ts - iter->array_buffer->time_start;
	u64 to_next = next_ts - iter->ts;
	struct trace_seq *s = &iter->seq;

	if (!in_ns) {
		if (verbose)
			trace_seq_printf(s, "[%016llx] %lld (+%lld): ",
					 iter->ts, since_start, to_next);
		else
			trace_seq_printf(s, " %4lld: ", since_start);
		return !trace_seq_has_overflowed(s);
	}

	since_start = ns2usecs(since_start);
	to_next = ns2usecs(to_next);
	if (verbose) {
		u32 start_us = do_div(since_start, USEC_PER_MSEC);
		u32 next_us = do_div(to_next, USEC_PER_MSEC);

		trace_seq_printf(s, "[%08llx] %ld.%03ldms (+%ld.%03ldms): ",
				 ns2usecs(iter->ts),
				 (unsigned long)since_start,
				 (unsigned long)start_us,
				 (unsigned long)to_next,
				 (unsigned long)next_us);
	} else {
		trace_seq_printf(s, " %4lldus%c: ", since_start,
				 trace_find_mark(to_next * NSEC_PER_USEC));
	}
	return !trace_seq_has_overflowed(s);
}

/**
 * trace_print_time - a time stamp as the default context prints it
 * @s: the sequence
 * @iter: the iterator (its clock decides the unit)
 * @ts: the time stamp
 *
 * " <secs:5>.<usecs:06>" for nanosecond clocks, " <count:12>" otherwise.
 */
void trace_print_time(struct trace_seq *s, struct trace_iterator *iter,
		      unsigned long long ts)
{
	u64 usecs;
	u32 rem;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		trace_seq_printf(s, " %12llu", ts);
		return;
	}
	usecs = ns2usecs(ts);
	rem = do_div(usecs, USEC_PER_SEC);
	trace_seq_printf(s, " %5lu.%06lu", (unsigned long)usecs,
			 (unsigned long)rem);
}

/**
 * trace_print_context - the default context columns of a line
 * @iter: the iterator, positioned on the record
 *
 * Return: 0 if iter->seq has overflowed, else 1.
 */
int trace_print_context(struct trace_iterator *iter)
{
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	unsigned long opts = iter->tr->trace_flags;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, entry->pid);

	if (opts & TRACE_ITER_RECORD_TGID) {
		int tgid = trace_find_tgid(entry->pid);

		if (tgid)
			trace_seq_printf(s, "(%7d) ", tgid);
		else
			trace_seq_puts(s, "(-------) ");
	}

	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (opts & TRACE_ITER_IRQ_INFO)
		trace_print_lat_fmt(s, entry);
	trace_print_time(s, iter, iter->ts);
	trace_seq_puts(s, ": ");

	return !trace_seq_has_overflowed(s);
}

/**
 * trace_print_lat_context - the latency-format context columns
 * @iter: the iterator, positioned on the record
 * @next_ts: the time stamp of the record after it, or its own if it is
 *	the last one
 *
 * The delay mark and the verbose "(+delta)" describe the gap to
 * @next_ts; the reader looks ahead for it before calling (which may
 * move iter->ent: the record printed is the one iter->ent points to
 * then).  With verbose the columns are comm, pid, cpu, the raw flags
 * byte, the preemption depth and the record index, in fixed-width
 * numbers.
 *
 * Return: 0 if iter->seq has overflowed, else 1.
 */
int trace_print_lat_context(struct trace_iterator *iter, u64 next_ts)
{
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	if (iter->tr->trace_flags & TRACE_ITER_VERBOSE) {
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08lx ",
				 comm, entry->pid, iter->cpu, entry->flags,
				 entry->preempt_count & 0x0f, iter->idx);
	} else {
		trace_seq_printf(s, "%8.8s-%-7d %3d", comm, entry->pid,
				 iter->cpu);
		trace_print_lat_fmt(s, entry);
	}
	lat_print_timestamp(iter, next_ts);

	return !trace_seq_has_overflowed(s);
}

/*
 * The "fields" option: instead of an event's own format, every field
 * of its record as " name=value", in the order of the format file.
 *
 * A __data_loc / __rel_loc word holds the data's offset (low 16 bits;
 * for __rel_loc, relative to the end of the word) and length (high 16
 * bits).  Anything that would read past the record prints <OVERFLOW>.
 */
static bool field_loc(struct trace_iterator *iter, const void *word,
		      int rel_base, int *offset, int *len)
{
	u32 loc = *(const u32 *)word;

	*offset = (loc & 0xffff) + rel_base;
	*len = (int)loc >> 16;
	if (*offset + *len <= iter->ent_size)
		return true;
	trace_seq_puts(&iter->seq, "<OVERFLOW>");
	return false;
}

/* A dynamic array as comma-separated hex bytes. */
static void field_print_bytes(struct trace_iterator *iter, const void *word,
			      int rel_base)
{
	const u8 *data;
	int offset, len, i;

	if (!field_loc(iter, word, rel_base, &offset, &len))
		return;
	data = (const u8 *)iter->ent + offset;
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, i ? ",%02x" : "%02x", data[i]);
}

/* A number field by its size: the value in hex and in decimal. */
static void field_print_number(struct trace_iterator *iter,
			       struct ftrace_event_field *field,
			       const void *pos)
{
	struct trace_seq *s = &iter->seq;

	switch (field->size) {
	case 1: {
		unsigned char c = *(const unsigned char *)pos;

		if (isprint(*(const char *)pos))
			trace_seq_printf(s, "'%c'", c);
		trace_seq_printf(s, "(%d)", c);
		break;
	}
	case 2: {
		unsigned short v = *(const unsigned short *)pos;

		trace_seq_printf(s, "0x%x (%d)", v, v);
		break;
	}
	case 4: {
		unsigned int v = *(const unsigned int *)pos;

		/* A 4-byte field may be the location word of a dynamic array. */
		if (strstr(field->type, "__data_loc"))
			field_print_bytes(iter, pos, 0);
		else if (strstr(field->type, "__rel_loc"))
			field_print_bytes(iter, pos, field->offset + sizeof(u32));
		else
			trace_seq_printf(s, "0x%x (%d)", v, v);
		break;
	}
	case 8: {
		unsigned long long v = *(const unsigned long long *)pos;

		trace_seq_printf(s, "0x%llx (%lld)", v, v);
		break;
	}
	default:
		trace_seq_puts(s, "<INVALID-SIZE>");
		break;
	}
}

static void field_print(struct trace_iterator *iter,
			struct ftrace_event_field *field)
{
	struct trace_seq *s = &iter->seq;
	const void *pos = (const u8 *)iter->ent + field->offset;
	int offset, len, rel_base = 0;
	void *ptr;

	switch (field->filter_type) {
	case FILTER_COMM:
	case FILTER_STATIC_STRING:
		trace_seq_printf(s, "%.*s", field->size, (const char *)pos);
		break;
	case FILTER_RDYN_STRING:
		rel_base = field->offset + sizeof(u32);
		fallthrough;
	case FILTER_DYN_STRING:
		if (field_loc(iter, pos, rel_base, &offset, &len))
			trace_seq_printf(s, "%.*s", len,
					 (const char *)iter->ent + offset);
		break;
	case FILTER_PTR_STRING:
		if (!iter->fmt_size)
			trace_iter_expand_format(iter);
		ptr = *(void * const *)pos;
		/* The raw pointer, as %px prints it: this dump shows addresses. */
		if (strncpy_from_kernel_nofault(iter->fmt, ptr,
						iter->fmt_size) < 0)
			trace_seq_printf(s, "(0x%0*lx)", PTR_HEX_WIDTH,
					 (unsigned long)ptr);
		else
			trace_seq_printf(s, "(0x%0*lx:%s)", PTR_HEX_WIDTH,
					 (unsigned long)ptr, iter->fmt);
		break;
	case FILTER_TRACE_FN:
		trace_seq_printf(s, "%pS", *(void * const *)pos);
		break;
	case FILTER_CPU:
	case FILTER_OTHER:
		field_print_number(iter, field, pos);
		break;
	default:
		trace_seq_puts(s, "<INVALID-TYPE>");
		break;
	}
}

/*
 * The event call behind a trace_event.  Every trace_event but those of
 * kernel/trace's own record types is embedded in its call.  For an own
 * type the call is looked up on ftrace_events (newest first), and the
 * walk ends at the first call of any other type: an own type whose call
 * is not in that leading run prints "UNKNOWN TYPE".
 */
static struct trace_event_call *fields_find_call(struct trace_event *event)
{
	struct trace_event_call *call;

	if (event->type > __TRACE_LAST_TYPE)
		return container_of(event, struct trace_event_call, event);

	list_for_each_entry(call, &ftrace_events, list) {
		if (call->event.type == event->type)
			return call;
		if (call->event.type > __TRACE_LAST_TYPE)
			break;
	}
	return NULL;
}

/**
 * print_event_fields - print a record as " name=value" pairs
 * @iter: the iterator, positioned on the record
 * @event: the record's trace_event
 *
 * Called with trace_event_read_lock() held.
 *
 * Return: what trace_handle_return() says of the line.
 */
enum print_line_t print_event_fields(struct trace_iterator *iter,
				     struct trace_event *event)
{
	struct ftrace_event_field *field;
	struct trace_event_call *call;
	struct trace_seq *s = &iter->seq;
	struct list_head *head;

	lockdep_assert_held_read(&trace_event_sem);

	call = fields_find_call(event);
	if (!call) {
		trace_seq_printf(s, "UNKNOWN TYPE %d\n", event->type);
		return trace_handle_return(s);
	}

	trace_seq_printf(s, "%s:", trace_event_name(call));
	head = trace_get_fields(call);
	if (!head || list_empty(head)) {
		trace_seq_puts(s, "No fields found\n");
		return trace_handle_return(s);
	}

	/* Fields are added at the head of the list: walk it backwards. */
	list_for_each_entry_reverse(field, head, link) {
		trace_seq_printf(s, " %s=", field->name);
		if (field->offset + field->size > iter->ent_size)
			trace_seq_puts(s, "<OVERFLOW>");
		else
			field_print(iter, field);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}
