// SPDX-License-Identifier: GPL-2.0
/*
 * The list of event calls: who is registered, with which fields and id.
 *
 * Sources of calls, in the order they take ids:
 *
 *   1. the _ftrace_events section of vmlinux, walked once by
 *      trace_event_init() from trace_init() (early, before tracefs);
 *   2. each module's section at MODULE_STATE_COMING, in section order;
 *   3. dynamic event code (trace_add_event_call()) when it creates one.
 *
 * An id is the output library's type number: raw init asks
 * register_trace_event() for one, which hands out the lowest free number
 * above the fixed types, so a module reloaded with nothing registered in
 * between gets its old ids back.
 *
 * Fields are per class, built lazily from the class's fields array the
 * first time a file of one of its calls is created (several calls share a
 * class and so the list); the generic pseudo-fields (cpu, comm,
 * stacktrace) and the common header fields are two global lists that
 * trace_find_event_field() searches after the call's own.
 *
 * Module going: each of the module's calls is switched off in every
 * instance, its files removed, its type unregistered and the call
 * unlinked, all under event_mutex, trace_types_lock and trace_event_sem
 * (write).  An instance in which one of those calls had ever been enabled
 * (WAS_ENABLED) gets clear_trace set and its buffers are reset, so no
 * record of a freed type survives to be printed through a reused id.
 *
 * Also here: the lookup of an event file by names for the kernel
 * (find_event_file(), trace_get_event_file()) and the filter type of a
 * field (filter_assign_type()).
 *
 * ftrace_events, the list of every registered call, newest first (an
 * instance's files, built by walking it and prepending, come out oldest
 * first), is filled and emptied here; its head is the output library's
 * (trace_output.c), next to trace_event_sem.
 *
 * Locks: ftrace_events is written under event_mutex and trace_event_sem
 * (write); readers hold either.  Process context only.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/tracepoint.h>

#include "filter/filter.h"
#include "instance/trace_array.h"
#include "messages/trace_printk.h"
#include "output/trace_output.h"
#include "trace_event.h"
#include "trace_event_internal.h"

/* Fields every record has, and the ones filters may name on any event. */
LIST_HEAD(evreg_common_fields);
static LIST_HEAD(evreg_generic_fields);

static struct kmem_cache *evreg_field_cache;

bool evreg_fs_ready;

static struct ftrace_event_field *field_lookup(struct list_head *head,
					       const char *name)
{
	struct ftrace_event_field *f;

	list_for_each_entry(f, head, link)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

/**
 * trace_find_event_field - a field of @call, or a common/generic one
 * @call: the event call
 * @name: field name as a filter or trigger writes it
 *
 * Return: the field, or NULL.  Caller holds event_mutex (or the call
 * cannot go away for another reason).
 */
struct ftrace_event_field *
trace_find_event_field(struct trace_event_call *call, char *name)
{
	struct ftrace_event_field *f;

	f = field_lookup(trace_get_fields(call), name);
	if (!f)
		f = field_lookup(&evreg_generic_fields, name);
	if (!f)
		f = field_lookup(&evreg_common_fields, name);
	return f;
}

/**
 * filter_assign_type - the filter type of a field, from its C type
 * @type: as the format file prints it ("__data_loc char[]", "pid_t", ...)
 *
 * The filter language's fprog_field_kind_of() reads the type; the registry
 * keeps the answer in the field (@filter_type) for the filter, perf and
 * the eval maps.
 *
 * Return: one of FILTER_DYN_STRING, FILTER_RDYN_STRING,
 * FILTER_STATIC_STRING, FILTER_PTR_STRING, FILTER_CPUMASK, FILTER_OTHER.
 */
int filter_assign_type(const char *type)
{
	switch (fprog_field_kind_of(type)) {
	case FPROG_FIELD_CHAR_ARRAY:
		return FILTER_STATIC_STRING;
	case FPROG_FIELD_DATA_LOC_STR:
		return FILTER_DYN_STRING;
	case FPROG_FIELD_REL_LOC_STR:
		return FILTER_RDYN_STRING;
	case FPROG_FIELD_PTR_STR:
		return FILTER_PTR_STRING;
	case FPROG_FIELD_CPUMASK:
		return FILTER_CPUMASK;
	default:
		return FILTER_OTHER;
	}
}

static int field_add(struct list_head *head, const char *type,
		     const char *name, int offset, int size, int is_signed,
		     int filter_type, int len, int needs_test)
{
	struct ftrace_event_field *f;

	f = kmem_cache_alloc(evreg_field_cache, GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->name = name;
	f->type = type;
	f->filter_type = filter_type == FILTER_OTHER ?
			 filter_assign_type(type) : filter_type;
	f->offset = offset;
	f->size = size;
	f->is_signed = !!is_signed;
	f->needs_test = !!needs_test;
	f->len = len;
	/*
	 * Newest first: the format file walks the list backwards to print
	 * fields in definition order, and trace_event_get_offsets() reads
	 * the last defined field at the head.
	 */
	list_add(&f->link, head);
	return 0;
}

/**
 * trace_define_field - add a field to an event call's class
 * @call: the call (its class holds the list)
 * @type: C type as the format file prints it
 * @name: field name
 * @offset: offset in the record
 * @size: size in bytes
 * @is_signed: whether the type is signed
 * @filter_type: FILTER_* kind, FILTER_OTHER to derive it from @type
 *
 * Used by event code that defines its fields by hand (probes, synthetic
 * events) rather than through a fields array.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type)
{
	if (WARN_ON(!call->class))
		return 0;
	return field_add(trace_get_fields(call), type, name, offset, size,
			 is_signed, filter_type, 0, 0);
}
EXPORT_SYMBOL_GPL(trace_define_field);

/*
 * Lay the class's fields array out after the common header, each field
 * at its natural alignment.  An entry with TRACE_FUNCTION_TYPE as type
 * hands over to the class's own define_fields callback.
 */
int evreg_define_fields(struct trace_event_call *call)
{
	struct trace_event_fields *fa = call->class->fields_array;
	unsigned int at = sizeof(struct trace_entry);
	int ret = 0;

	if (!list_empty(trace_get_fields(call)))
		return 0;	/* another call of the same class did it */

	for (; fa && fa->type; fa++) {
		if (fa->type == TRACE_FUNCTION_TYPE) {
			fa->define_fields(call);
			break;
		}
		at = ALIGN(at, fa->align);
		ret = field_add(trace_get_fields(call), fa->type, fa->name,
				at, fa->size, fa->is_signed, fa->filter_type,
				fa->len, fa->needs_test);
		if (WARN_ON_ONCE(ret))
			break;
		at += fa->size;
	}
	return ret;
}

/* Free a call's field list; event_mutex held, trace_event_sem written. */
void evreg_destroy_fields(struct trace_event_call *call)
{
	struct ftrace_event_field *f, *tmp;

	list_for_each_entry_safe(f, tmp, trace_get_fields(call), link) {
		list_del(&f->link);
		kmem_cache_free(evreg_field_cache, f);
	}
}

/**
 * trace_event_get_offsets - end of the fixed part of @call's records
 * @call: the call
 *
 * Return: offset plus size of the last defined field (dynamic array
 * payloads excluded); perf uses it to bound raw samples.
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	struct ftrace_event_field *last;

	last = list_first_entry(trace_get_fields(call),
				struct ftrace_event_field, link);
	return last->offset + last->size;
}

/*
 * The common header, in struct trace_entry order, and the pseudo-fields
 * a filter may use on any event.  The names are ABI (format files,
 * filters); the table is ours.
 */
static int __init evreg_fixed_fields(void)
{
	static const struct {
		const char *type, *name;
		int filter_type;
	} generic[] = {
		{ "int", "CPU", FILTER_CPU },
		{ "int", "cpu", FILTER_CPU },
		{ "int", "common_cpu", FILTER_CPU },
		{ "char *", "COMM", FILTER_COMM },
		{ "char *", "comm", FILTER_COMM },
		{ "char *", "stacktrace", FILTER_STACKTRACE },
		{ "char *", "STACKTRACE", FILTER_STACKTRACE },
	};
	struct trace_entry e;
	int i, ret = 0;

	for (i = 0; i < ARRAY_SIZE(generic) && !ret; i++)
		ret = field_add(&evreg_generic_fields, generic[i].type,
				generic[i].name, 0, 0,
				generic[i].type[0] == 'i', generic[i].filter_type,
				0, 0);

#define COMMON(t, m)							\
	(ret = ret ?: field_add(&evreg_common_fields, #t, "common_" #m,	\
				offsetof(struct trace_entry, m),	\
				sizeof(e.m), is_signed_type(t),		\
				FILTER_OTHER, 0, 0))
	COMMON(unsigned short, type);
	COMMON(unsigned char, flags);
	COMMON(unsigned char, preempt_count);	/* and the migrate nibble */
	COMMON(int, pid);
#undef COMMON
	return ret;
}

/**
 * trace_event_raw_init - give a call its type number, check its print fmt
 * @call: the call; its event.funcs are the output functions
 *
 * The class->raw_init of every TRACE_EVENT.  The print fmt check
 * (trace_event_fmtcheck.c) marks the "%s" fields that must be checked
 * when printed and warns about arguments that outlive the record.
 *
 * Return: 0, or -ENODEV when no type number is left.
 */
int trace_event_raw_init(struct trace_event_call *call)
{
	if (!register_trace_event(&call->event))
		return -ENODEV;
	evreg_check_print_fmt(call);
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/**
 * trace_event_reg - the class->reg of tracepoint-based events
 * @call: the call
 * @type: what to do
 * @data: the event file for (un)register, unused otherwise
 *
 * Attaches the class's probe with the event file as its data, or for
 * perf the perf probe with the call as data.
 *
 * Return: 0 or the tracepoint core's error.
 */
int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	void *probe = call->class->probe;
	bool attach = true;

	WARN_ON(!(call->flags & TRACE_EVENT_FL_TRACEPOINT));
	switch (type) {
	case TRACE_REG_UNREGISTER:
		attach = false;
		fallthrough;
	case TRACE_REG_REGISTER:
		break;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_UNREGISTER:
		attach = false;
		fallthrough;
	case TRACE_REG_PERF_REGISTER:
		/* perf's probe finds its events through the call */
		probe = call->class->perf_probe;
		data = call;
		break;
#endif
	default:
		return 0;	/* perf open/close/add/del: nothing to do */
	}
	if (!attach) {
		tracepoint_probe_unregister(call->tp, probe, data);
		return 0;
	}
	return probe ? tracepoint_probe_register(call->tp, probe, data) :
		       -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

/* Raw init of one call; -ENOSYS means "no id wanted" and is quiet. */
static int call_init(struct trace_event_call *call)
{
	const char *name = trace_event_name(call);
	int ret;

	if (WARN_ON(!name))
		return -EINVAL;
	if (!call->class->raw_init)
		return 0;
	ret = call->class->raw_init(call);
	if (ret < 0 && ret != -ENOSYS)
		pr_warn("Could not initialize trace events/%s\n", name);
	return ret;
}

/*
 * Init and link a call; event_mutex held.  A dynamic call starts with no
 * users (the union holds its refcount); a static one remembers its
 * module (NULL for vmlinux).
 */
static int call_register(struct trace_event_call *call, struct module *mod)
{
	bool dynamic = call->flags & TRACE_EVENT_FL_DYNAMIC;
	int ret = call_init(call);

	if (ret >= 0) {
		if (dynamic)
			atomic_set(&call->refcnt, 0);
		else
			call->module = mod;
		down_write(&trace_event_sem);
		list_add(&call->list, &ftrace_events);
		up_write(&trace_event_sem);
	}
	return ret < 0 ? ret : 0;
}

/*
 * Switch the call off everywhere, drop its files and its type, unlink it.
 * event_mutex, trace_types_lock and trace_event_sem (write) held.
 */
static void call_unregister(struct trace_event_call *call)
{
	struct trace_event_file *file, *tmp;
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry_safe(file, tmp, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (file->flags & EVENT_FILE_FL_WAS_ENABLED)
				tr->clear_trace = true;
			evreg_enable(file, 0, 0);
			evreg_file_remove(file);
			break;		/* one file per instance */
		}
	}
	if (call->event.funcs)
		__unregister_trace_event(&call->event);
	list_del(&call->list);
	evreg_destroy_fields(call);
}

/**
 * trace_add_event_call - register a dynamically created event call
 * @call: the call, fully set up by its creator
 *
 * Gives it an id and a file in every instance.  Caller holds event_mutex.
 *
 * Return: 0 or the raw init's error.
 */
int trace_add_event_call(struct trace_event_call *call)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	mutex_lock(&trace_types_lock);
	ret = call_register(call, NULL);
	if (!ret)
		evreg_add_call_to_instances(call);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

/* An enabled file (soft mode included) or a perf user keeps a call. */
static bool call_busy(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

#ifdef CONFIG_PERF_EVENTS
	if (call->perf_refcount)
		return true;
#endif
	/* one file per instance; a new call's is near the head */
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (file->flags & EVENT_FILE_FL_ENABLED)
				return true;
			break;
		}
	}
	return false;
}

/**
 * trace_remove_event_call - unregister a dynamic event call
 * @call: the call
 *
 * Refused while any instance has it enabled (soft mode counts: its
 * probe is registered) or perf uses it.  Caller holds event_mutex.
 *
 * Return: 0, or -EBUSY and nothing changed.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	mutex_lock(&trace_types_lock);
	down_write(&trace_event_sem);
	if (call_busy(call))
		ret = -EBUSY;
	else
		call_unregister(call);
	up_write(&trace_event_sem);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

#ifdef CONFIG_DYNAMIC_EVENTS
/**
 * trace_event_dyn_try_get_ref - pin a dynamic event
 * @call: the call (TRACE_EVENT_FL_DYNAMIC)
 *
 * Return: true with a pin taken, false when @call is not (or no longer)
 * registered.  Any process context; takes trace_event_sem (read).
 */
bool trace_event_dyn_try_get_ref(struct trace_event_call *call)
{
	struct trace_event_call *pos;

	if (WARN_ON_ONCE(!(call->flags & TRACE_EVENT_FL_DYNAMIC)))
		return false;
	guard(rwsem_read)(&trace_event_sem);
	list_for_each_entry(pos, &ftrace_events, list) {
		if (pos == call) {
			atomic_inc(&call->refcnt);
			return true;
		}
	}
	return false;
}

/**
 * trace_event_dyn_put_ref - drop a pin of trace_event_dyn_try_get_ref()
 * @call: the call
 */
void trace_event_dyn_put_ref(struct trace_event_call *call)
{
	if (WARN_ON_ONCE(!(call->flags & TRACE_EVENT_FL_DYNAMIC)))
		return;
	if (WARN_ON_ONCE(atomic_dec_if_positive(&call->refcnt) < 0))
		atomic_set(&call->refcnt, 0);
}

/**
 * trace_event_dyn_busy - is a dynamic event pinned?
 * @call: the call
 *
 * A kind refuses to delete a pinned event (-EBUSY).
 */
bool trace_event_dyn_busy(struct trace_event_call *call)
{
	return atomic_read(&call->refcnt) != 0;
}
#endif

#ifdef CONFIG_MODULES
static void module_events_add(struct module *mod)
{
	unsigned int i;

	/* A module tracepoints ignore (bad taint) gets no events either. */
	if (mod->num_trace_events && trace_module_has_bad_taint(mod)) {
		pr_err("%s: module has bad taint, not creating trace events\n",
		       mod->name);
		return;
	}
	for (i = 0; i < mod->num_trace_events; i++) {
		struct trace_event_call *call = mod->trace_events[i];

		if (call_register(call, mod) == 0)
			evreg_add_call_to_instances(call);
	}
}

static void module_events_remove(struct module *mod)
{
	struct trace_event_call *call, *tmp;
	bool any = false;

	down_write(&trace_event_sem);
	list_for_each_entry_safe(call, tmp, &ftrace_events, list) {
		if ((call->flags & TRACE_EVENT_FL_DYNAMIC) ||
		    call->module != mod)
			continue;
		call_unregister(call);
		any = true;
	}
	up_write(&trace_event_sem);
	/* clear_trace was set where a freed type may sit in a buffer. */
	if (any)
		tracing_reset_all_online_cpus_unlocked();
}

static int evreg_module_notify(struct notifier_block *nb, unsigned long val,
			       void *data)
{
	struct module *mod = data;

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_OK;
	mutex_lock(&event_mutex);
	mutex_lock(&trace_types_lock);
	if (val == MODULE_STATE_COMING)
		module_events_add(mod);
	else
		module_events_remove(mod);
	mutex_unlock(&trace_types_lock);
	mutex_unlock(&event_mutex);
	return NOTIFY_OK;
}

/*
 * Priority 1: above trace_eval.c's notifier (0), which rewrites the
 * print fmts of the module's calls once they are registered.
 */
static struct notifier_block evreg_module_nb = {
	.notifier_call	= evreg_module_notify,
	.priority	= 1,
};

void __init evreg_module_init(void)
{
	if (register_module_notifier(&evreg_module_nb))
		pr_warn("Failed to register trace events module notifier\n");
}
#else
void __init evreg_module_init(void) { }
#endif /* CONFIG_MODULES */

/* Lookup by names; the first matching file of @tr.  event_mutex held. */
struct trace_event_file *
__find_event_file(struct trace_array *tr, const char *system, const char *event)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *c = file->event_call;
		const char *ev = trace_event_name(c);

		if (c->class && ev && !strcmp(c->class->system, system) &&
		    !strcmp(ev, event))
			return file;
	}
	return NULL;
}

/* As __find_event_file(), but only files users may enable. */
struct trace_event_file *
find_event_file(struct trace_array *tr, const char *system, const char *event)
{
	struct trace_event_file *file = __find_event_file(tr, system, event);

	if (!file || !evreg_call_enablable(file->event_call))
		return NULL;
	return file;
}

/**
 * trace_get_event_file - look up an event file for kernel use
 * @instance: instance name, NULL for the global instance
 * @system: system name
 * @event: event name
 *
 * Pins the instance and the call (its module or dynamic refcount), so
 * neither can go until trace_put_event_file().
 *
 * Return: the file; ERR_PTR(-ENOENT) for an unknown instance, -EINVAL
 * for an unknown event, -EBUSY when the call is going away.
 */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	tr = instance ? trace_array_find_get(instance) : top_trace_array();
	if (!tr)
		return ERR_PTR(-ENOENT);
	if (!instance && trace_array_get(tr))
		return ERR_PTR(-ENODEV);

	scoped_guard(mutex, &event_mutex) {
		file = find_event_file(tr, system, event);
		/* the module (or dynamic event) must stay while we hold it */
		if (!file)
			file = ERR_PTR(-EINVAL);
		else if (!trace_event_try_get_ref(file->event_call))
			file = ERR_PTR(-EBUSY);
	}
	if (IS_ERR(file))
		trace_array_put(tr);
	return file;
}
EXPORT_SYMBOL_GPL(trace_get_event_file);

/**
 * trace_put_event_file - release what trace_get_event_file() pinned
 * @file: the file it returned
 */
void trace_put_event_file(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	scoped_guard(mutex, &event_mutex)
		trace_event_put_ref(file->event_call);
	trace_array_put(tr);
}
EXPORT_SYMBOL_GPL(trace_put_event_file);

/**
 * trace_event_init - the built-in calls and the global instance's files
 *
 * The built-in calls get their ids in section order and the global
 * instance gets its files (without directories: tracefs is not up yet).
 * Called from trace_init(), before the workqueues exist; the triggers'
 * boot init (trace_trigger=) follows, then trace_event_boot_enable().
 */
void __init trace_event_init(void)
{
	struct trace_array *tr = top_trace_array();
	struct trace_event_call **c;

	evreg_field_cache = KMEM_CACHE(ftrace_event_field, SLAB_PANIC);
	evreg_file_cache = KMEM_CACHE(trace_event_file, SLAB_PANIC);
	if (!tr)
		return;

	for (c = __start_ftrace_events; c < __stop_ftrace_events; c++)
		if (!call_init(*c))
			list_add(&(*c)->list, &ftrace_events);

	evreg_add_early_files(tr);
}

/**
 * trace_event_boot_enable - enable the events named on the command line
 *
 * trace_event= in the global instance, after trace_event_init() and the
 * triggers' boot init; called from trace_init().
 */
void __init trace_event_boot_enable(void)
{
	struct trace_array *tr = top_trace_array();

	if (!tr)
		return;
	evreg_boot_enable(tr);
	trace_printk_start_comm();

	if (evreg_fixed_fields())
		pr_warn("tracing: Failed to allocate common fields\n");
}
