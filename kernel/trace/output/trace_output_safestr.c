// SPDX-License-Identifier: GPL-2.0
/*
 * May a record be printed with its event's format, or does it point to
 * a string that may be gone?
 *
 * The print fmt check of raw init (trace_event_fmtcheck.c) marks the
 * fields an event prints with "%s" from a pointer that was saved in the
 * record (field->needs_test, TRACE_EVENT_FL_TEST_STR on the event).
 * Before such a record is printed (trace_event_printf(),
 * trace_output.c), ignore_event() checks that each marked pointer
 * points into the record itself, the iterator's tmp_seq, the kernel's
 * read-only data, a tracepoint_string() (section __tracepoint_str), or
 * the event's own module: anything else may have been freed since the
 * event fired.  Such a record prints
 * "EVENT NAME: HAS UNSAFE POINTER FIELD 'FIELD'" instead, with a
 * one-time warning.
 *
 * Contexts: any, NMI included; with trace_event_read_lock() held, as
 * for every printer (the record's trace_event is looked up).  No locks
 * of its own.
 */
#include <linux/module.h>
#include <linux/trace_seq.h>
#include <asm/sections.h>

#include "events/trace_event.h"
#include "messages/trace_printk.h"
#include "trace_output.h"

/* Is @addr inside [@start, @start + @len)? */
static bool addr_within(unsigned long addr, const void *start, size_t len)
{
	return addr >= (unsigned long)start && addr - (unsigned long)start < len;
}

/* Is @str one of the strings tracepoint_string() placed in its section? */
static bool safestr_tracepoint_string(const char *str)
{
	const char **slot;

	for (slot = __start___tracepoint_str; slot < __stop___tracepoint_str;
	     slot++)
		if (*slot == str)
			return true;
	return false;
}

/* The event call a record belongs to, or NULL for an unknown type. */
static struct trace_event_call *record_call(struct trace_entry *ent)
{
	struct trace_event *type = ftrace_find_event(ent->type);

	return type ? container_of(type, struct trace_event_call, event) : NULL;
}

/*
 * May the string a record of @iter points to at @str still be read?
 * (See the top of the file for the list.)
 */
static bool trace_safe_str(struct trace_iterator *iter, const char *str)
{
	unsigned long addr = (unsigned long)str;
	struct trace_event_call *call;

	if (is_kernel_rodata(addr) || safestr_tracepoint_string(str))
		return true;
	if (addr_within(addr, iter->tmp_seq.buffer, TRACE_SEQ_BUFFER_SIZE))
		return true;
	if (!iter->ent)
		return false;
	if (addr_within(addr, iter->ent, iter->ent_size))
		return true;

	/* Module memory: only the module's own, for one of its events. */
	call = record_call(iter->ent);
	return call && call->module && !(call->flags & TRACE_EVENT_FL_DYNAMIC) &&
	       within_module_core(addr, call->module);
}

/* Say why the record is skipped; true, for ignore_event() to return. */
static bool unsafe_field(struct trace_iterator *iter,
			 struct trace_event_call *call,
			 struct ftrace_event_field *field)
{
	/*
	 * The event saved a pointer to a string it does not own; it
	 * should copy the string into the record (__string(),
	 * __assign_str(), __get_str()).
	 */
	WARN_ONCE(1, "event '%s' has unsafe pointer field '%s'",
		  trace_event_name(call), field->name);
	trace_seq_printf(&iter->seq, "EVENT %s: HAS UNSAFE POINTER FIELD '%s'\n",
			 trace_event_name(call), field->name);
	return true;
}

/**
 * ignore_event - must the record under @iter be skipped as unsafe?
 * @iter: the iterator, positioned on the record
 *
 * Return: false if the record may be printed; true after writing into
 * @iter->seq why it is not (an unknown type, missing fields, or a
 * "%s" pointer that fails the test above).
 */
bool ignore_event(struct trace_iterator *iter)
{
	struct trace_event_call *call = record_call(iter->ent);
	struct ftrace_event_field *field;
	struct list_head *fields;
	const char *str;

	if (!call) {
		trace_seq_printf(&iter->seq, "EVENT ID %d NOT FOUND?\n",
				 iter->ent->type);
		return true;
	}
	if (!(call->flags & TRACE_EVENT_FL_TEST_STR))
		return false;

	fields = trace_get_fields(call);
	if (!fields) {
		trace_seq_printf(&iter->seq, "FIELDS FOR EVENT '%s' NOT FOUND?\n",
				 trace_event_name(call));
		return true;
	}

	list_for_each_entry(field, fields, link) {
		if (!field->needs_test)
			continue;
		/* The pointer as the record holds it. */
		memcpy(&str, (void *)iter->ent + field->offset, sizeof(str));
		if (!trace_safe_str(iter, str))
			return unsafe_field(iter, call, field);
	}
	return false;
}
