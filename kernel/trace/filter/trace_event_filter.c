// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: what the tracefs "filter" files, event triggers, event
 * probes and perf's PERF_EVENT_IOC_SET_FILTER use to keep or drop a
 * record, built on the retrace filter language (kernel/trace/filter/,
 * Documentation/trace/retrace/filter.rst has the design).
 *
 * This file is glue.  It describes an event's fields to the compiler
 * (struct fprog_schema), keeps the compiled program in the struct
 * event_filter other kernel/trace files know, publishes it and retires
 * the old one, and reports errors the way user space expects them: the
 * errno of the write, a line in error_log, and the filter file showing
 * the text with a caret and the message.
 *
 * struct event_filter (trace_event.h) is { filter_string, prog }:
 * the program is the filter language's struct fprog, which the
 * registry names and never looks inside.  The write path's verdict in
 * trace_write.c runs it without calling filter_match_preds().
 *
 * Contexts and locks:
 *
 *   filter_match_preds()	any context up to NMI, preemption disabled
 *				(probe, perf, trigger); no lock.
 *   everything else		process context, may sleep.
 *
 *   event_mutex (trace_event_calls.c) serialises every writer of a filter:
 *   apply_event_filter() and print_event_filter() are called with it
 *   held, apply_subsystem_event_filter(), print_subsystem_event_filter()
 *   and ftrace_profile_set_filter() take it.  Lock order: event_mutex,
 *   then tracing_err_log_lock (inside tracing_log_err()).
 *
 * Lifetime of a program: it is built completely, then published with
 * rcu_assign_pointer() (in a new struct event_filter, itself published
 * in file->filter).  The filter it replaces is freed only after
 * tracepoint_synchronize_unregister(), which waits both for probes
 * running under preempt_disable() and for those under tracepoint SRCU.
 * A record is judged by exactly one program, old or new.
 */
#include <linux/err.h>
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint.h>

#include "events/trace_event.h"
#include "filter.h"
#include "instance/trace_array.h"
#include "messages/trace_errlog.h"
#include "write/trace_write.h"

/*
 * What a subsystem's filter file shows when it holds no error.  User
 * space reads this text, so it is an interface, word for word.
 */
#define EF_SYSTEM_BANNER						\
	"### global filter ###\n"					\
	"# Use this to set filters for multiple events.\n"		\
	"# Only events with the given fields will be affected.\n"	\
	"# If no events are modified, an error message will be displayed here"

#define EF_LOG_LOCATION	"event filter parse error"

/*
 * error_log texts by enum fprog_msg.  tracing_log_err() keeps the table
 * and the index, and reads the text whenever error_log is read: the
 * table must live for good.  Filled from fprog_msg_text() on first use
 * (before initcalls possibly: boot-time triggers); fillers write the
 * same values, so a race between two is harmless.
 */
static const char *ef_msg_text[FPROG_MSG_COUNT];

static const char **ef_msg_table(void)
{
	unsigned int i;

	if (!READ_ONCE(ef_msg_text[FPROG_MSG_COUNT - 1]))
		for (i = 0; i < FPROG_MSG_COUNT; i++)
			WRITE_ONCE(ef_msg_text[i], fprog_msg_text(i));
	return ef_msg_text;
}

/* The common fields every record starts with, by their format-file names. */
static const char *const ef_common_names[] = {
	"common_type", "common_flags", "common_preempt_count", "common_pid",
};

/* ---- the program inside struct event_filter ---------------------------- */

/* Reader side: any context, inside the caller's RCU/SRCU/preempt section. */
static inline struct fprog *ef_prog(struct event_filter *filter)
{
	return rcu_dereference_raw(filter->prog);
}

static inline void ef_publish(struct event_filter *filter,
			      struct fprog *prog)
{
	rcu_assign_pointer(filter->prog, prog);
}

/* Writer side: the program of a filter no reader can see any more. */
static inline struct fprog *ef_prog_owned(struct event_filter *filter)
{
	return rcu_access_pointer(filter->prog);
}

/**
 * filter_match_preds - run an event filter on a record
 * @filter: the filter, or NULL
 * @rec:    the record, laid out as the event's format file says
 *
 * Any context, with preemption disabled or inside tracepoint SRCU, which
 * is what keeps @filter's program alive (see the top of this file).
 *
 * Return: 1 to keep the record (no filter, no program, or a match), 0 to
 * drop it.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	struct fprog *prog;

	if (!filter)
		return 1;
	prog = ef_prog(filter);
	/*
	 * The callers' API carries no record size: reads are bounded by the
	 * event's own layout (its fields and __data_loc words), as the
	 * record was built by the event's own probe.
	 */
	return fprog_match(prog, rec, UINT_MAX);
}
EXPORT_SYMBOL_GPL(filter_match_preds);

/* ---- field descriptions ------------------------------------------------ */

static u8 ef_kind(int filter_type)
{
	switch (filter_type) {
	case FILTER_STATIC_STRING:
		return FPROG_FIELD_CHAR_ARRAY;
	case FILTER_DYN_STRING:
		return FPROG_FIELD_DATA_LOC_STR;
	case FILTER_RDYN_STRING:
		return FPROG_FIELD_REL_LOC_STR;
	case FILTER_PTR_STRING:
		return FPROG_FIELD_PTR_STR;
	case FILTER_CPUMASK:
		return FPROG_FIELD_CPUMASK;
	case FILTER_CPU:
		return FPROG_FIELD_CPU;
	case FILTER_COMM:
		return FPROG_FIELD_COMM;
	case FILTER_STACKTRACE:
		return FPROG_FIELD_STACKTRACE;
	default:
		return FPROG_FIELD_INT;
	}
}

static void ef_describe(struct fprog_field *out,
			const struct ftrace_event_field *field)
{
	out->name = field->name;
	out->offset = field->offset;
	out->size = field->size;
	out->kind = ef_kind(field->filter_type);
	out->is_signed = field->is_signed;
}

/*
 * The fields of @call as the compiler sees them: the event's own, then
 * the common ones; the generic names (CPU, COMM, ...) are the compiler's.
 * That is the order trace_find_event_field() looks names up in.  The
 * names point into the event's field list, which event_mutex keeps.
 */
static int ef_schema(struct trace_event_call *call, struct fprog_schema *schema)
{
	struct list_head *head = trace_get_fields(call);
	struct ftrace_event_field *field;
	unsigned int nr = ARRAY_SIZE(ef_common_names), i = 0;
	struct fprog_field *out;
	size_t c;

	list_for_each_entry(field, head, link)
		nr++;
	out = kcalloc(nr, sizeof(*out), GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	list_for_each_entry(field, head, link)
		ef_describe(&out[i++], field);
	for (c = 0; c < ARRAY_SIZE(ef_common_names); c++) {
		field = trace_find_event_field(call,
					       (char *)ef_common_names[c]);
		if (field)
			ef_describe(&out[i++], field);
	}

	memset(schema, 0, sizeof(*schema));
	schema->fields = out;
	schema->nr_fields = i;
	return 0;
}

/* ---- building filters -------------------------------------------------- */

/*
 * Compile @text for @call into a new filter.  With @keep_text the filter
 * remembers the text (what its file shows).  On a compile error the
 * filter is still returned, without a program, and @err says why; NULL
 * means the filter itself could not be allocated (-ENOMEM in @err).
 */
static struct event_filter *ef_build(struct trace_event_call *call,
				     const char *text, bool keep_text,
				     struct fprog_error *err)
{
	struct event_filter *filter;
	struct fprog_schema schema;
	struct fprog *prog;

	memset(err, 0, sizeof(*err));
	filter = kzalloc(sizeof(*filter), GFP_KERNEL);
	if (filter && keep_text) {
		filter->filter_string = kstrdup(text, GFP_KERNEL);
		if (!filter->filter_string) {
			kfree(filter);
			filter = NULL;
		}
	}
	if (!filter) {
		err->err = -ENOMEM;
		err->msg = FPROG_MSG_ERRNO;
		return NULL;
	}

	if (ef_schema(call, &schema)) {
		err->err = -ENOMEM;
		err->msg = FPROG_MSG_ERRNO;
		return filter;
	}
	prog = fprog_compile(&schema, text, err);
	kfree(schema.fields);
	if (!IS_ERR(prog))
		ef_publish(filter, prog);
	return filter;
}

/*
 * A refused text: error_log gets a line (caret under err->pos) and the
 * filter's text becomes what its file then shows: the text, a caret line
 * and "parse_error: <message>" (fprog_format_error()), newline included;
 * the file adds one more.
 */
static void ef_report(struct trace_array *tr, struct event_filter *filter,
		      const struct fprog_error *err)
{
	enum fprog_msg msg = err->msg;
	unsigned int pos = err->pos;
	char *shown;
	int len;

	if (WARN_ON_ONCE(!filter->filter_string))
		return;
	if (msg == FPROG_MSG_NONE || msg >= FPROG_MSG_COUNT) {
		msg = FPROG_MSG_ERRNO;
		pos = 0;
	}
	tracing_log_err(tr, EF_LOG_LOCATION, filter->filter_string,
			ef_msg_table(), msg, min_t(unsigned int, pos, U16_MAX));

	len = fprog_format_error(NULL, 0, filter->filter_string, err);
	shown = kmalloc(len + 1, GFP_KERNEL);
	if (!shown)
		return;
	fprog_format_error(shown, len + 1, filter->filter_string, err);
	kfree(filter->filter_string);
	filter->filter_string = shown;
}

/**
 * create_event_filter - compile a filter for one event
 * @tr:      the instance whose error_log gets parse errors
 * @call:    the event
 * @filter_str: the text
 * @set_str: remember the text in the filter, and report errors
 *	     (error_log, and the error text in filter_string)
 * @filterp: must point to NULL; receives the new filter
 *
 * Triggers and event probes use this; the caller publishes and frees
 * the result.  Caller holds event_mutex.
 *
 * Return: 0 with *@filterp ready to publish, or a negative errno; then
 * *@filterp is NULL (no memory) or a filter without a program, which the
 * caller frees with free_event_filter().
 */
int create_event_filter(struct trace_array *tr, struct trace_event_call *call,
			char *filter_str, bool set_str,
			struct event_filter **filterp)
{
	struct event_filter *filter;
	struct fprog_error err;

	if (WARN_ON(*filterp))
		*filterp = NULL;
	filter = ef_build(call, filter_str, set_str, &err);
	if (filter && err.err && set_str)
		ef_report(tr, filter, &err);
	*filterp = filter;
	return err.err;
}

/* ---- per-event filters (events/<system>/<event>/filter) ---------------- */

/* The probe tests the filter only while EVENT_FILE_FL_FILTERED is set. */
static void ef_flag_on(struct trace_event_file *file)
{
	if (!test_and_set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags))
		trace_write_scratch_prepare();
}

static void ef_flag_off(struct trace_event_file *file)
{
	clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
}

/* Publish @filter (or NULL) on @file; return the filter it replaced. */
static struct event_filter *ef_swap(struct trace_event_file *file,
				    struct event_filter *filter)
{
	struct event_filter *old;

	old = rcu_dereference_protected(file->filter,
					lockdep_is_held(&event_mutex));
	rcu_assign_pointer(file->filter, filter);
	return old;
}

/* The text for "no filter": "0", blanks around it allowed. */
static bool ef_is_clear(char *text)
{
	return !strcmp(strstrip(text), "0");
}

/**
 * print_event_filter - what an event's filter file shows
 * @file: the event
 * @s:    where to print
 *
 * The filter text, the error text of the last refused one, or "none".
 * Caller holds event_mutex.
 */
void print_event_filter(struct trace_event_file *file, struct trace_seq *s)
{
	struct event_filter *filter;
	const char *text = "none";

	filter = rcu_dereference_protected(file->filter,
					   lockdep_is_held(&event_mutex));
	if (filter && filter->filter_string)
		text = filter->filter_string;
	trace_seq_printf(s, "%s\n", text);
}

/**
 * apply_event_filter - a write to an event's filter file
 * @file:	   the event
 * @filter_string: the text; trailing blanks are cut off in place
 *
 * "0" removes the filter.  Anything else is compiled; the new filter
 * replaces the old one even when the text is refused:
 * the event is then unfiltered and its file shows the error.  Caller
 * holds event_mutex.
 *
 * Return: 0, -ENODEV for an event being removed, -ENOMEM, or the errno
 * of the parse error (filter.rst lists them).
 */
int apply_event_filter(struct trace_event_file *file, char *filter_string)
{
	struct event_filter *filter, *old;
	struct fprog_error err;

	lockdep_assert_held(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		return -ENODEV;

	if (ef_is_clear(filter_string)) {
		ef_flag_off(file);
		old = ef_swap(file, NULL);
		if (old) {
			tracepoint_synchronize_unregister();
			free_event_filter(old);
		}
		return 0;
	}

	filter = ef_build(file->event_call, filter_string, true, &err);
	if (!filter)
		return err.err;
	if (err.err) {
		ef_report(file->tr, filter, &err);
		ef_flag_off(file);
	} else {
		ef_flag_on(file);
	}
	old = ef_swap(file, filter);
	if (old) {
		/* Probes may still run the old program. */
		tracepoint_synchronize_unregister();
		free_event_filter(old);
	}
	return err.err;
}

/* ---- subsystem filters (events/<system>/filter) ------------------------ */

/**
 * print_subsystem_event_filter - what a subsystem's filter file shows
 * @system: the subsystem
 * @s:	    where to print
 *
 * The error of the last write that found no event, or the banner.
 * Takes event_mutex.
 */
void print_subsystem_event_filter(struct event_subsystem *system,
				  struct trace_seq *s)
{
	const char *text = EF_SYSTEM_BANNER;

	guard(mutex)(&event_mutex);
	if (system->filter && system->filter->filter_string)
		text = system->filter->filter_string;
	trace_seq_printf(s, "%s\n", text);
}

/* "0" on a subsystem: every event of it loses its filter. */
static void ef_system_clear(struct trace_subsystem_dir *dir)
{
	struct trace_event_file *file;
	struct trace_array *tr = dir->tr;

	list_for_each_entry(file, &tr->events, list)
		if (file->system == dir)
			ef_flag_off(file);
	/* No probe tests a filter now; wait for those still running one. */
	tracepoint_synchronize_unregister();
	list_for_each_entry(file, &tr->events, list)
		if (file->system == dir)
			free_event_filter(ef_swap(file, NULL));
}

/*
 * Compile @text for every event of @dir, then publish all the results at
 * once and free the old filters after one grace period.  An event whose
 * fields do not fit the text gets an unfiltered filter showing the
 * subsystem error, and a line in error_log.  Nothing
 * changes if memory runs out before the swap.
 *
 * Return: the number of events, or -ENOMEM.
 */
static int ef_system_apply(struct trace_subsystem_dir *dir, char *text)
{
	struct trace_array *tr = dir->tr;
	struct trace_event_file *file;
	struct event_filter **built;
	struct fprog_error *errs;
	unsigned int nr = 0, i;

	list_for_each_entry(file, &tr->events, list)
		if (file->system == dir)
			nr++;
	if (!nr)
		return 0;

	built = kcalloc(nr, sizeof(*built), GFP_KERNEL);
	errs = kcalloc(nr, sizeof(*errs), GFP_KERNEL);
	if (!built || !errs)
		goto nomem;

	i = 0;
	list_for_each_entry(file, &tr->events, list) {
		if (file->system != dir)
			continue;
		built[i] = ef_build(file->event_call, text, true, &errs[i]);
		if (!built[i])
			goto nomem;
		i++;
	}

	i = 0;
	list_for_each_entry(file, &tr->events, list) {
		if (file->system != dir)
			continue;
		if (errs[i].err) {
			errs[i].msg = FPROG_MSG_BAD_SUBSYS_FILTER;
			errs[i].pos = 0;
			ef_report(tr, built[i], &errs[i]);
			ef_flag_off(file);
		} else {
			ef_flag_on(file);
		}
		/* The array now holds what is to be freed. */
		built[i] = ef_swap(file, built[i]);
		i++;
	}
	tracepoint_synchronize_unregister();
	for (i = 0; i < nr; i++)
		free_event_filter(built[i]);
	kfree(built);
	kfree(errs);
	return nr;

nomem:
	if (built)
		for (i = 0; i < nr; i++)
			free_event_filter(built[i]);
	kfree(built);
	kfree(errs);
	return -ENOMEM;
}

/**
 * apply_subsystem_event_filter - a write to a subsystem's filter file
 * @dir:	   the subsystem, in one instance
 * @filter_string: the text; trailing blanks are cut off in place
 *
 * "0" removes the filter of every event of the subsystem; any other text
 * becomes the filter of each of its events (see ef_system_apply()).  The
 * subsystem's own file then shows the banner again.  Takes event_mutex.
 *
 * Return: 0 (even when some or all events refused the text: their own
 * files and error_log say so), -ENODEV when the subsystem has no events
 * left, -ENOMEM.
 */
int apply_subsystem_event_filter(struct trace_subsystem_dir *dir,
				 char *filter_string)
{
	struct event_subsystem *system = dir->subsystem;
	struct fprog_error err = { .err = -EINVAL,
				   .msg = FPROG_MSG_BAD_SUBSYS_FILTER };
	struct event_filter *shown = NULL;
	int nr_events;

	guard(mutex)(&event_mutex);
	if (!dir->nr_events)
		return -ENODEV;

	if (!ef_is_clear(filter_string)) {
		shown = kzalloc(sizeof(*shown), GFP_KERNEL);
		if (!shown)
			return -ENOMEM;
		nr_events = ef_system_apply(dir, filter_string);
		if (nr_events < 0) {
			kfree(shown);
			return nr_events;
		}
		/* No event at all took the text: the system's file says so. */
		if (!nr_events) {
			shown->filter_string = kstrdup(filter_string,
						       GFP_KERNEL);
			if (shown->filter_string)
				ef_report(dir->tr, shown, &err);
		}
	} else {
		ef_system_clear(dir);
		nr_events = 1;
	}
	/* A subsystem filter has no program: no reader, no grace period. */
	free_event_filter(system->filter);
	system->filter = shown;
	return nr_events ? 0 : err.err;
}

/* ---- perf (PERF_EVENT_IOC_SET_FILTER) ---------------------------------- */

#ifdef CONFIG_PERF_EVENTS

/**
 * ftrace_profile_free_filter - drop a perf event's filter
 * @event: a tracepoint perf event no longer receiving records
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
	free_event_filter(event->filter);
	event->filter = NULL;
}

#ifdef CONFIG_FUNCTION_TRACER
/*
 * ftrace:function through perf: its filter is not run on records; its
 * "ip == PAT" and "ip != PAT" predicates become the filter and notrace
 * sets of the perf event's own ftrace_ops (each PAT a list of functions
 * separated by blanks or commas), the first of each kind replacing what
 * the ops had.
 */
struct ef_ip_sets {
	struct ftrace_ops	*ops;
	bool			seen[2];	/* [0] filter, [1] notrace */
};

static int ef_ip_pattern(void *data, bool trace, const char *pattern)
{
	struct ef_ip_sets *sets = data;
	char *list, *rest, *word;
	int ret = 0;

	list = kstrdup(pattern, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	rest = list;
	while (!ret && (word = strsep(&rest, " ,"))) {
		bool reset = !sets->seen[!trace];

		if (!*word)
			continue;
		sets->seen[!trace] = true;
		if (trace)
			ret = ftrace_set_filter(sets->ops, word, strlen(word), reset);
		else
			ret = ftrace_set_notrace(sets->ops, word, strlen(word), reset);
	}
	kfree(list);
	return ret;
}

static int ef_function_filter(struct perf_event *event, const char *text)
{
	struct ef_ip_sets sets = { .ops = &event->ftrace_ops };
	struct fprog_error err = { };
	struct fprog_schema schema;
	struct fprog *prog;
	int ret;

	/* The event's fields, so that "ip" is found (and nothing else taken). */
	if (ef_schema(event->tp_event, &schema))
		return -ENOMEM;
	schema.ip_only = true;
	prog = fprog_compile(&schema, text, &err);
	kfree(schema.fields);
	if (IS_ERR(prog))
		return err.err ?: PTR_ERR(prog);
	ret = fprog_ip_patterns(prog, ef_ip_pattern, &sets);
	fprog_free(prog);
	return ret;
}
#endif

/**
 * ftrace_profile_set_filter - PERF_EVENT_IOC_SET_FILTER on a tracepoint
 * @event:      the perf event
 * @event_id:   its tracepoint's id (unused: @event knows its event)
 * @filter_str: the text
 *
 * The filter is compiled for the event's fields; parse errors go to the
 * errno only (no error_log line).  ftrace:function's becomes its perf
 * event's function filter instead (ef_function_filter()), as often as
 * it is set.  Takes event_mutex.
 *
 * Return: 0; -EINVAL (not a trace event, or a refused text), -EEXIST
 * (a filter is already set), -ENOMEM, or the errno of the parse error.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct trace_event_call *call = event->tp_event;
	struct event_filter *filter;
	struct fprog_error err;

	guard(mutex)(&event_mutex);
	if (!call)
		return -EINVAL;
#ifdef CONFIG_FUNCTION_TRACER
	if (ftrace_event_is_function(call))
		return ef_function_filter(event, filter_str);
#endif
	if (event->filter)
		return -EEXIST;

	filter = ef_build(call, filter_str, false, &err);
	if (err.err) {
		free_event_filter(filter);
		return err.err;
	}
	/*
	 * The event may be live: perf_tp_filter_match() reads ->filter
	 * without a lock and follows it, so the filter must be whole
	 * before the pointer is seen.
	 */
	smp_store_release(&event->filter, filter);
	return 0;
}

#endif /* CONFIG_PERF_EVENTS */
