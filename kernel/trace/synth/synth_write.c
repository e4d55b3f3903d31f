// SPDX-License-Identifier: GPL-2.0
/*
 * The records of synthetic events: writing them and printing them
 * (synth_event.h has the layout).
 *
 *   synth_fire()                 a histogram action's write: one record in
 *                                each instance that records the event
 *   synth_event_trace*()         the kernel API (<linux/trace_events_synth.h>):
 *                                one record in the instance of the caller's
 *                                event file
 *   synth_print_funcs            the line the trace file shows
 *
 * Values come in field order, one u64 each: the number itself, or for a
 * string a pointer to it, for a stack a pointer to an array of unsigned
 * long that starts with the count of addresses that follow (at most
 * SYNTH_STACK_MAX are kept).  Strings and stacks are kernel memory the
 * writer vouches for (a histogram's own variables, or the API caller's).
 * A scalar is stored in the first bytes of its slot, the rest zeroed; a
 * fixed-size string is cut to fit; a variable-length string keeps up to
 * PATH_MAX - 1 bytes.
 *
 * A record is written from inside another event's trigger, whose own
 * record may still be reserved on this CPU: ring_buffer_nest_start()
 * around the reservation tells the buffer that this is not recursion.
 *
 * Contexts: synth_fire() with preemption off (a trigger), any context;
 * the API in any context a record may be written in (it disables
 * preemption itself); printing in the reader's context.
 */
#include <linux/kernel.h>
#include <linux/ring_buffer.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <trace/events/mmflags.h>

#include "instance/trace_array.h"
#include "synth_event.h"

/* The longest variable-length string kept, its NUL included. */
#define SYNTH_DYN_STR_MAX	PATH_MAX

static const char *synth_str(u64 val)
{
	return (const char *)(unsigned long)val;
}

/* Addresses a stack value holds, as kept. */
static unsigned long synth_stack_n(u64 val)
{
	const unsigned long *stack = (const unsigned long *)(unsigned long)val;

	return min_t(unsigned long, stack[0], SYNTH_STACK_MAX);
}

/* Bytes of @f's data after the slots, for the value @val. */
static u32 synth_dyn_len(const struct synth_field *f, u64 val)
{
	if (f->is_stack)
		return (synth_stack_n(val) + 1) * sizeof(unsigned long);
	return strnlen(synth_str(val), SYNTH_DYN_STR_MAX - 1) + 1;
}

/* Field @i's value: @vals[@idx[@i]], or @vals[@i] without @idx. */
static u64 synth_val(const u64 *vals, const unsigned int *idx, unsigned int i)
{
	return vals[idx ? idx[i] : i];
}

/* Bytes of all the variable-length data of one record. */
static u32 synth_dyn_size(const struct synth_event *se, const u64 *vals,
			  const unsigned int *idx)
{
	u32 size = 0;
	unsigned int i;

	if (!se->n_dynamic)
		return 0;
	for (i = 0; i < se->n_fields; i++)
		if (se->fields[i].is_dynamic)
			size += synth_dyn_len(&se->fields[i],
					      synth_val(vals, idx, i));
	return size;
}

/*
 * A scalar of @size bytes sits in the first bytes of its slot: where a
 * load of that size from the slot's address finds it, on either byte
 * order.  The rest of the slot is zero.
 */
static unsigned int synth_shift(unsigned int size)
{
	return IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? 64 - size * 8 : 0;
}

static void synth_put_scalar(u64 *slot, unsigned int size, u64 val)
{
	if (size < sizeof(u64))
		val &= BIT_ULL(size * 8) - 1;
	*slot = val << synth_shift(size);
}

static u64 synth_get_scalar(const u64 *slot, unsigned int size)
{
	u64 val = *slot >> synth_shift(size);

	return size < sizeof(u64) ? val & (BIT_ULL(size * 8) - 1) : val;
}

/* Fill @rec's slots and data (synth_dyn_size() reserved the room). */
static void synth_fill(const struct synth_event *se,
		       struct synth_trace_event *rec, const u64 *vals,
		       const unsigned int *idx)
{
	u32 data = struct_size(rec, slots, se->n_u64);
	const struct synth_field *f;
	unsigned int i;
	u64 *slot, v;
	u32 len;

	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		slot = &rec->slots[f->slot];
		v = synth_val(vals, idx, i);
		if (f->is_dynamic) {
			len = synth_dyn_len(f, v);
			if (f->is_stack) {
				unsigned long *dst = (void *)rec + data;

				memcpy(dst, (void *)(unsigned long)v, len);
				dst[0] = len / sizeof(unsigned long) - 1;
			} else {
				memcpy((void *)rec + data, synth_str(v),
				       len - 1);
				*((char *)rec + data + len - 1) = '\0';
			}
			*slot = 0;
			*(u32 *)slot = len << 16 | data;
			data += len;
		} else if (f->is_string) {
			strscpy((char *)slot, synth_str(v), SYNTH_STR_MAX);
		} else {
			synth_put_scalar(slot, f->size, v);
		}
	}
}

/* One record of @se into @file's instance; preemption off. */
static void synth_write(struct synth_event *se, struct trace_event_file *file,
			const u64 *vals, const unsigned int *idx, u32 dyn)
{
	struct trace_buffer *buffer = file->tr->array_buffer.buffer;
	struct synth_trace_event *rec;
	struct trace_event_buffer fb;

	if (trace_trigger_soft_disabled(file))
		return;
	ring_buffer_nest_start(buffer);
	rec = trace_event_buffer_reserve(&fb, file,
					 struct_size(rec, slots, se->n_u64) + dyn);
	if (rec) {
		synth_fill(se, rec, vals, idx);
		trace_event_buffer_commit(&fb);
	}
	ring_buffer_nest_end(buffer);
}

/**
 * synth_fire - write a record of @se wherever it is enabled
 * @se: the event
 * @vals: the values (the top of this file)
 * @idx: field i's value is @vals[@idx[i]]
 *
 * For histogram actions: preemption off, any context.
 */
void synth_fire(struct synth_event *se, const u64 *vals,
		const unsigned int *idx)
{
	struct trace_event_fileset *set = rcu_dereference_sched(se->files);
	unsigned int i;
	u32 dyn;

	if (!set)
		return;
	dyn = synth_dyn_size(se, vals, idx);
	for (i = 0; i < set->n; i++)
		synth_write(se, set->file[i], vals, idx, dyn);
}

/* ---- the kernel API ---------------------------------------------------- */

/* The event of @file, or NULL when nothing should be written to it. */
static struct synth_event *synth_api_event(struct trace_event_file *file)
{
	if (!(READ_ONCE(file->flags) & EVENT_FILE_FL_ENABLED))
		return NULL;
	return file->event_call->data;
}

/**
 * synth_event_trace_array - write a record from an array of values
 * @file: the event file of the instance to write to
 * @vals: one value per field, in field order
 * @n_vals: how many (must be the number of fields)
 *
 * Return: 0 (also when the event is disabled: nothing is written), or
 * -EINVAL for a wrong count.
 */
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals)
{
	struct synth_event *se = synth_api_event(file);

	if (!se)
		return 0;
	if (n_vals != se->n_fields)
		return -EINVAL;
	guard(preempt_notrace)();
	synth_write(se, file, vals, NULL, synth_dyn_size(se, vals, NULL));
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_array);

/**
 * synth_event_trace - write a record from a list of values
 * @file: the event file of the instance to write to
 * @n_vals: the number of values that follow (the number of fields)
 * @...: one u64 per field, in field order
 *
 * Return: as synth_event_trace_array().
 */
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...)
{
	struct synth_event *se = synth_api_event(file);
	u64 vals[SYNTH_FIELDS_MAX];
	unsigned int i;
	va_list args;

	if (!se)
		return 0;
	if (n_vals != se->n_fields)
		return -EINVAL;
	va_start(args, n_vals);
	for (i = 0; i < n_vals; i++)
		vals[i] = va_arg(args, u64);
	va_end(args);
	return synth_event_trace_array(file, vals, n_vals);
}
EXPORT_SYMBOL_GPL(synth_event_trace);

/**
 * synth_event_trace_start - reserve a record to fill piece by piece
 * @file: the event file of the instance to write to
 * @trace_state: the caller's state, for the adds and the end
 *
 * Preemption stays off until synth_event_trace_end().  Return: 0 (the
 * event may be disabled: the adds and the end then do nothing),
 * -ENOTSUPP for an event with a variable-length field, -EINVAL when no
 * record can be reserved.
 */
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;
	struct synth_event *se;

	if (!st)
		return -EINVAL;
	memset(st, 0, sizeof(*st));
	se = synth_api_event(file);
	if (!se || trace_trigger_soft_disabled(file)) {
		st->disabled = true;
		return 0;
	}
	st->event = se;
	if (se->n_dynamic)
		return -ENOTSUPP;

	preempt_disable_notrace();
	st->buffer = file->tr->array_buffer.buffer;
	ring_buffer_nest_start(st->buffer);
	st->entry = trace_event_buffer_reserve(&st->fbuffer, file,
					       struct_size(st->entry, slots,
							   se->n_u64));
	if (!st->entry) {
		ring_buffer_nest_end(st->buffer);
		preempt_enable_notrace();
		st->disabled = true;
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_start);

/*
 * A piecewise record is filled by name or in order, not both: the first
 * add decides.  Return: 0, or -EINVAL for the other kind or no state.
 */
static int synth_add_kind(struct synth_event_trace_state *st, bool by_name)
{
	if (!st || (by_name ? st->add_next : st->add_name))
		return -EINVAL;
	st->add_name = by_name;
	st->add_next = !by_name;
	return 0;
}

/* @val into @f's slot of the record being filled. */
static int synth_store(struct synth_event_trace_state *st,
		       const struct synth_field *f, u64 val)
{
	u64 *slot = &st->entry->slots[f->slot];

	if (f->is_dynamic || (f->is_string && !val))
		return -EINVAL;
	if (f->is_string)
		strscpy((char *)slot, synth_str(val), SYNTH_STR_MAX);
	else
		synth_put_scalar(slot, f->size, val);
	return 0;
}

/**
 * synth_event_add_next_val - set the next field of a piecewise record
 * @val: its value
 * @trace_state: from synth_event_trace_start()
 *
 * Return: 0, or -EINVAL (no field left; mixed with synth_event_add_val()).
 */
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;
	int ret = synth_add_kind(st, false);

	if (ret || st->disabled)
		return ret;
	if (st->cur_field == st->event->n_fields)
		return -EINVAL;
	return synth_store(st, &st->event->fields[st->cur_field++], val);
}
EXPORT_SYMBOL_GPL(synth_event_add_next_val);

/**
 * synth_event_add_val - set a field of a piecewise record by name
 * @field_name: the field
 * @val: its value
 * @trace_state: from synth_event_trace_start()
 *
 * Return: 0, or -EINVAL (no such field; mixed with
 * synth_event_add_next_val()).
 */
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;
	struct synth_event *se;
	unsigned int i;
	int ret;

	ret = field_name ? synth_add_kind(st, true) : -EINVAL;
	if (ret || st->disabled)
		return ret;
	se = st->event;
	for (i = 0; i < se->n_fields; i++)
		if (!strcmp(se->fields[i].name, field_name))
			return synth_store(st, &se->fields[i], val);
	return -EINVAL;
}
EXPORT_SYMBOL_GPL(synth_event_add_val);

/**
 * synth_event_trace_end - commit a piecewise record
 * @trace_state: from synth_event_trace_start()
 *
 * Fields never set keep what the buffer held.  Return: 0, or -EINVAL.
 */
int synth_event_trace_end(struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;

	if (!st)
		return -EINVAL;
	if (st->disabled || !st->entry)
		return 0;
	trace_event_buffer_commit(&st->fbuffer);
	ring_buffer_nest_end(st->buffer);
	preempt_enable_notrace();
	st->entry = NULL;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_end);

/* ---- the trace line ---------------------------------------------------- */

static const struct trace_print_flags synth_gfp_names[] = {
	__def_gfpflag_names, { -1, NULL }
};

/*
 * A scalar as 6.12 prints it: the slot's first @size bytes read
 * unsigned, so a negative s8, s16, char or bool shows as a large
 * positive number; s32, int and pid_t, long and s64 print signed.
 */
static void synth_print_scalar(struct trace_seq *s, const struct synth_field *f,
			       const u64 *slot, const char *sep)
{
	u64 val = synth_get_scalar(slot, f->size);

	if (f->is_gfp)
		trace_seq_printf(s, "%s=%x%s", f->name, (u32)val, sep);
	else if (f->is_signed && f->size == 4)
		trace_seq_printf(s, "%s=%d%s", f->name, (s32)val, sep);
	else if (f->is_signed && f->size == 8)
		trace_seq_printf(s, "%s=%lld%s", f->name, (s64)val, sep);
	else
		trace_seq_printf(s, "%s=%llu%s", f->name, val, sep);
	if (f->is_gfp) {
		trace_seq_puts(s, " (");
		trace_print_flags_seq(s, "|", val, synth_gfp_names);
		trace_seq_putc(s, ')');
	}
}

/*
 * "NAME: f1=v1 f2=v2": with the verbose option each field is preceded
 * by its conversion ("%llu f1=v1"); a stack is "f=STACK:" and one
 * "=> symbol+off/size" line per address.
 */
static enum print_line_t synth_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct synth_event *se = container_of(event, struct synth_event,
					      call.event);
	struct synth_trace_event *rec = (struct synth_trace_event *)iter->ent;
	bool verbose = iter->tr && (iter->tr->trace_flags & TRACE_ITER_VERBOSE);
	struct trace_seq *s = &iter->seq;
	const struct synth_field *f;
	const unsigned long *stack;
	unsigned int i, j, n;
	const char *sep;
	u32 loc;

	trace_seq_printf(s, "%s: ", se->name);
	for (i = 0; i < se->n_fields && !trace_seq_has_overflowed(s); i++) {
		f = &se->fields[i];
		sep = i == se->n_fields - 1 ? "" : " ";
		loc = *(u32 *)&rec->slots[f->slot];
		if (verbose)
			trace_seq_printf(s, "%s ", f->fmt);
		if (f->is_stack) {
			stack = (void *)rec + (loc & 0xffff);
			n = (loc >> 16) / sizeof(unsigned long);
			trace_seq_printf(s, "%s=STACK:\n", f->name);
			for (j = 1; j < n; j++)
				trace_seq_printf(s, "=> %pS\n", (void *)stack[j]);
		} else if (f->is_string) {
			trace_seq_printf(s, "%s=%s%s", f->name, f->is_dynamic ?
					 (char *)rec + (loc & 0xffff) :
					 (char *)&rec->slots[f->slot], sep);
		} else {
			synth_print_scalar(s, f, &rec->slots[f->slot], sep);
		}
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

struct trace_event_functions synth_print_funcs = {
	.trace	= synth_print,
};
