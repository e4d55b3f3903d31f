// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes (Documentation/trace/eprobetrace.rst; our design in
 * probe-events.rst): an event whose fields are fetched from the record
 * of another event, the attached one.
 *
 *   e[:[GROUP/][EVENT]] SYSTEM.EVENT [ARGS] [if FILTER]   define
 *   -:[GROUP/]EVENT [SYSTEM.EVENT [ARGS]]                   delete
 *
 * written to dynamic_events.  "$FIELD" in ARGS reads a field of the
 * attached event's record, and everything the fetch language builds on a
 * value applies to it (dereferences, strings, types).  FILTER is a
 * filter of the attached event: only its matching records make one.
 *
 * The attachment: when the event probe is enabled in an instance, an
 * event trigger (EVENT_TRIGGER_FL_PROBE, on no trigger file's listing)
 * goes on the attached event's file in the same instance; the attached
 * event writes its record, and the trigger makes ours from it before
 * that record is committed.  One such link per instance where the probe
 * is enabled.  The probe holds a reference on the attached event from
 * its definition to its deletion (trace_event_try_get_ref(): a module's
 * events pin the module, a dynamic event its refcount), so the attached
 * event cannot go while a probe reads it.
 *
 * Records: struct trace_entry, then the arguments' fixed part, then
 * their strings.  perf does not record event probes.
 *
 * Contexts: definitions in process context (dyn_event_ops_mutex ->
 * event_mutex); the links change under event_mutex; the trigger runs in
 * the attached event's context (any, NMI included).
 */
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "instance/trace_array.h"
#include "tracers/trace_opts.h"
#include "triggers/trace_trigger.h"
#include "probe_event.h"

#define EPROBE_GROUP	"eprobes"

/**
 * struct eprobe_event - an event probe
 * @target: the attached event (a reference held)
 * @filter: the text after "if", NULL without one
 * @links: its struct eprobe_link, one per instance where it is enabled
 *	(event_mutex)
 * @p: its probe (the event and the arguments); an event probe has one
 */
struct eprobe_event {
	struct trace_event_call	*target;
	char			*filter;
	struct list_head	links;
	struct probe		p;
};

/**
 * struct eprobe_link - an event probe enabled in one instance
 * @node: on the probe's @links
 * @ep: the probe
 * @file: the probe's event file in the instance, where records go
 * @target: the attached event's file in the same instance
 * @trig: the trigger on @target's list
 * @attached: @trig is on the list (cleared by its free op, which the
 *	instance's teardown may call first)
 */
struct eprobe_link {
	struct list_head		node;
	struct eprobe_event		*ep;
	struct trace_event_file		*file;
	struct trace_event_file		*target;
	struct event_trigger_data	trig;
	bool				attached;
};

static struct dyn_event_operations eprobe_dyn_ops;

static struct eprobe_event *eprobe_of(struct dyn_event *ev)
{
	return container_of(ev, struct eprobe_event, p.devent);
}

static const char *eprobe_target_system(const struct eprobe_event *ep)
{
	return ep->target->class->system;
}

/* ---- the hit ------------------------------------------------------------ */

/* The trigger's action: our record from the attached event's @rec. */
static void eprobe_fire(struct event_trigger_data *data,
			struct trace_buffer *buffer, void *rec,
			struct ring_buffer_event *rbe)
{
	struct eprobe_link *link = data->private_data;
	struct probe *p = &link->ep->p;
	const unsigned int head = sizeof(struct trace_entry);
	struct trace_event_buffer fb;
	void *ent;
	int dyn;

	if (unlikely(!rec) || trace_trigger_soft_disabled(link->file))
		return;
	dyn = probe_args_dyn_size(p->args, p->n_args, rec, NULL);
	ent = trace_event_buffer_reserve(&fb, link->file, head + p->size + dyn);
	if (!ent)
		return;
	probe_args_store(p->args, p->n_args, rec, NULL, ent, head, p->size,
			 dyn);
	trace_event_buffer_commit(&fb);
}

/* The trigger list's hold ends: the link frees it past a grace period. */
static void eprobe_trig_free(struct event_trigger_data *data)
{
	struct eprobe_link *link = data->private_data;

	link->attached = false;
}

/* Listed nowhere: the trigger file skips event probes' instances. */
static int eprobe_trig_print(struct seq_file *m,
			     struct event_trigger_data *data)
{
	return 0;
}

/*
 * Never registered as a command: no line of a trigger file names it.
 * It needs the record whether or not it has a filter.
 */
static struct event_command eprobe_trig_cmd = {
	.name		= "eprobe",
	.trigger_type	= ETT_EVENT_EPROBE,
	.flags		= EVENT_CMD_FL_NEEDS_REC,
	.trigger	= eprobe_fire,
	.free		= eprobe_trig_free,
	.print		= eprobe_trig_print,
};

/* ---- enabling, per instance --------------------------------------------- */

static void eprobe_link_free(struct eprobe_link *link)
{
	free_event_filter(rcu_access_pointer(link->trig.filter));
	kfree(link);
}

/* Enabled in @file's instance: a trigger on the attached event there. */
static int eprobe_link_add(struct eprobe_event *ep,
			   struct trace_event_file *file)
{
	struct event_filter *filter = NULL;
	struct trace_event_file *target;
	struct eprobe_link *link;
	int ret;

	target = find_event_file(file->tr, eprobe_target_system(ep),
				 trace_event_name(ep->target));
	if (!target)
		return -ENOENT;
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	if (ep->filter) {
		ret = create_event_filter(file->tr, ep->target, ep->filter,
					  false, &filter);
		if (ret) {
			free_event_filter(filter);
			kfree(link);
			return ret;
		}
	}
	link->ep = ep;
	link->file = file;
	link->target = target;
	link->trig.cmd_ops = &eprobe_trig_cmd;
	link->trig.flags = EVENT_TRIGGER_FL_PROBE;
	link->trig.count = -1;
	link->trig.private_data = link;
	RCU_INIT_POINTER(link->trig.filter, filter);
	INIT_LIST_HEAD(&link->trig.list);
	link->attached = true;
	ret = event_trigger_attach(target, &link->trig);
	if (ret < 0) {
		/* the trigger may have been seen on the list */
		tracepoint_synchronize_unregister();
		eprobe_link_free(link);
		return ret;
	}
	list_add(&link->node, &ep->links);
	return 0;
}

static struct eprobe_link *eprobe_link_find(struct eprobe_event *ep,
					    struct trace_event_file *file)
{
	struct eprobe_link *link;

	list_for_each_entry(link, &ep->links, node)
		if (link->file == file)
			return link;
	return NULL;
}

/* Disabled in @file's instance; its trigger is gone when this returns. */
static void eprobe_link_del(struct eprobe_link *link)
{
	list_del(&link->node);
	if (link->attached)
		event_trigger_detach(link->target, &link->trig);
	tracepoint_synchronize_unregister();
	eprobe_link_free(link);
}

/*
 * The class reg(): a link per instance file that records the probe.
 * The file set is kept as for every probe event (it says the event is
 * busy); perf gets nothing to count.
 */
static int eprobe_reg(struct probe_event *ev, enum trace_reg op, void *data)
{
	struct eprobe_event *ep = container_of(probe_first(ev),
					       struct eprobe_event, p);
	struct trace_event_file *file = data;
	struct eprobe_link *link;
	int ret;

	switch (op) {
	case TRACE_REG_REGISTER:
		lockdep_assert_held(&event_mutex);
		ret = trace_event_fileset_change(&ev->files, file, NULL);
		if (ret)
			return ret;
		ret = eprobe_link_add(ep, file);
		if (ret)
			trace_event_fileset_change(&ev->files, NULL, file);
		return ret;
	case TRACE_REG_UNREGISTER:
		lockdep_assert_held(&event_mutex);
		link = eprobe_link_find(ep, file);
		if (link)
			eprobe_link_del(link);
		trace_event_fileset_change(&ev->files, NULL, file);
		return 0;
	default:
		return 0;
	}
}

/* ---- the event ---------------------------------------------------------- */

static int eprobe_define_head(struct trace_event_call *call)
{
	return 0;
}

/* "NAME: (SYSTEM.EVENT) ARGS" */
static enum print_line_t eprobe_print(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct trace_event_call *call =
		container_of(event, struct trace_event_call, event);
	struct probe_event *ev = call->data;
	struct probe *p = probe_first(ev);
	struct eprobe_event *ep = container_of(p, struct eprobe_event, p);
	struct trace_seq *s = &iter->seq;
	const void *rec = iter->ent;

	trace_seq_printf(s, "%s: (%s.%s)", trace_event_name(call),
			 eprobe_target_system(ep),
			 trace_event_name(ep->target));
	if (probe_args_print(s, p->args, p->n_args,
			     rec + sizeof(struct trace_entry), rec))
		trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions eprobe_funcs = {
	.trace	= eprobe_print,
};

static const struct probe_kind_ops eprobe_kind = {
	.call_flags	= TRACE_EVENT_FL_EPROBE,
	.define_head	= eprobe_define_head,
	.head_size	= sizeof(struct trace_entry),
	.head_fmt	= "",
	.head_args	= "",
	.funcs		= &eprobe_funcs,
	.reg		= eprobe_reg,
};

/* ---- the attached event's fields ---------------------------------------- */

/* The fetch of field @name of the attached event (probe_ctx.field_of). */
static int eprobe_field_of(void *data, const char *name, struct probe_insn *in)
{
	struct trace_event_call *target = data;
	struct ftrace_event_field *field;

	list_for_each_entry(field, trace_get_fields(target), link) {
		if (strcmp(field->name, name))
			continue;
		in->arg = field->offset;
		switch (field->filter_type) {
		case FILTER_DYN_STRING:
			in->op = PROBE_OP_FIELD_STR;
			in->size = PROBE_FSTR_LOC;
			break;
		case FILTER_RDYN_STRING:
			in->op = PROBE_OP_FIELD_STR;
			in->size = PROBE_FSTR_REL_LOC;
			break;
		case FILTER_STATIC_STRING:
		case FILTER_COMM:
			in->op = PROBE_OP_FIELD_STR;
			in->size = PROBE_FSTR_ARRAY;
			break;
		case FILTER_PTR_STRING:
			in->op = PROBE_OP_FIELD_STR;
			in->size = PROBE_FSTR_PTR;
			break;
		default:
			/* a wider field is read as a word */
			in->op = PROBE_OP_FIELD;
			in->size = field->size;
			in->sign = field->is_signed;
			break;
		}
		return 0;
	}
	return -ENOENT;
}

/*
 * The attached event SYSTEM.EVENT, with a reference: an event users may
 * enable that is not itself a probe's.  event_mutex held.
 */
static struct trace_event_call *eprobe_target_get(const char *system,
						  const char *name)
{
	const int probes = TRACE_EVENT_FL_KPROBE | TRACE_EVENT_FL_UPROBE |
			   TRACE_EVENT_FL_EPROBE | TRACE_EVENT_FL_IGNORE_ENABLE;
	struct trace_event_file *file;
	struct trace_event_call *call;

	file = __find_event_file(top_trace_array(), system, name);
	if (!file)
		return NULL;
	call = file->event_call;
	if ((call->flags & probes) || !trace_event_try_get_ref(call))
		return NULL;
	return call;
}

/* ---- the object ----------------------------------------------------------- */

static void eprobe_free(struct eprobe_event *ep)
{
	unsigned int i;

	if (!ep)
		return;
	for (i = 0; i < ep->p.n_args; i++)
		probe_arg_free(&ep->p.args[i]);
	if (ep->target)
		trace_event_put_ref(ep->target);
	kfree(ep->filter);
	kfree(ep);
}

static struct eprobe_event *eprobe_alloc(struct trace_event_call *target,
					 int n_args)
{
	struct eprobe_event *ep;

	ep = kzalloc(struct_size(ep, p.args, n_args), GFP_KERNEL);
	if (!ep)
		return NULL;
	ep->p.n_args = n_args;
	ep->target = target;
	INIT_LIST_HEAD(&ep->links);
	INIT_LIST_HEAD(&ep->p.node);
	dyn_event_init(&ep->p.devent, &eprobe_dyn_ops);
	return ep;
}

/* ---- definitions ---------------------------------------------------------- */

/*
 * "if FILTER" from the words after "if", checked against the attached
 * event now (its errors go to error_log as a filter's do).
 */
static int eprobe_parse_filter(struct eprobe_event *ep, int argc,
			       const char **argv, struct probe_log *log)
{
	struct event_filter *check = NULL;
	size_t len = 0;
	int i, ret;

	if (!argc) {
		probe_log_err(log, 0, PERR_NO_EP_FILTER);
		return -EINVAL;
	}
	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	ep->filter = kzalloc(len, GFP_KERNEL);
	if (!ep->filter)
		return -ENOMEM;
	for (i = 0; i < argc; i++) {
		if (i)
			strcat(ep->filter, " ");
		strcat(ep->filter, argv[i]);
	}
	ret = create_event_filter(top_trace_array(), ep->target, ep->filter,
				  true, &check);
	free_event_filter(check);
	if (ret) {
		kfree(ep->filter);
		ep->filter = NULL;
	}
	return ret;
}

static int eprobe_define(int argc, const char **argv)
{
	struct probe_log log = { .where = "event_probe", .argc = argc,
				 .argv = argv };
	char gbuf[PROBE_NAME_MAX], sbuf[PROBE_NAME_MAX], nbuf[PROBE_NAME_MAX];
	const char *event = NULL, *group = EPROBE_GROUP;
	const char *system = NULL, *target_name;
	struct trace_event_call *target;
	struct eprobe_event *ep = NULL;
	struct probe_ctx *ctx = NULL;
	int filter_at = 0, ret, i, n;

	if (argc < 2 || argv[0][0] != 'e')
		return -ECANCELED;

	event = strchr(argv[0] + 1, ':');
	if (event) {
		event++;
		ret = probe_parse_event_name(&log, &event, &group, gbuf,
					     event - argv[0]);
		if (ret)
			return ret;
	}

	log.word = 1;
	target_name = argv[1];
	ret = probe_parse_event_name(&log, &target_name, &system, sbuf, 0);
	if (ret || !target_name || !system) {
		probe_log_err(&log, 0, PERR_NO_EVENT_INFO);
		return -EINVAL;
	}
	if (!event) {
		strscpy(nbuf, target_name, sizeof(nbuf));
		event = nbuf;
	}

	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "if")) {
			filter_at = i + 1;
			break;
		}
	}
	n = (filter_at ? filter_at - 1 : argc) - 2;
	if (n > PROBE_ARGS_MAX)
		return -E2BIG;

	mutex_lock(&event_mutex);
	target = eprobe_target_get(system, target_name);
	mutex_unlock(&event_mutex);
	if (!target) {
		probe_log_err(&log, 0, PERR_BAD_ATTACH_EVENT);
		return -ENODEV;
	}
	ep = eprobe_alloc(target, n);
	if (!ep) {
		trace_event_put_ref(target);
		return -ENOMEM;
	}

	if (filter_at) {
		log.word = filter_at;
		ret = eprobe_parse_filter(ep, argc - filter_at, argv + filter_at,
					  &log);
		if (ret)
			goto out;
	}

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	ret = -ENOMEM;
	if (!ctx)
		goto out;
	ctx->where = PROBE_KERNEL | PROBE_EVENT;
	ctx->log = &log;
	ctx->field_of = eprobe_field_of;
	ctx->field_data = target;
	for (i = 0; i < n; i++) {
		log.word = i + 2;
		ret = probe_arg_compile(ep->p.args, i, argv[i + 2], &ep->p.size,
					ctx);
		if (!ret)
			ret = probe_arg_resolve(&ep->p.args[i]);
		if (ret)
			goto out;
	}

	mutex_lock(&event_mutex);
	ret = probe_event_new(&ep->p, group, event, &eprobe_kind);
	if (!ret)
		dyn_event_add(&ep->p.devent, &ep->p.ev->call);
	mutex_unlock(&event_mutex);
	if (ret == -EEXIST) {
		log.word = 0;
		probe_log_err(&log, 0, PERR_EVENT_EXIST);
	}
	if (!ret)
		ep = NULL;
out:
	eprobe_free(ep);
	kfree(ctx);
	return ret;
}

static int eprobe_dyn_create(const char *raw)
{
	return probe_dyn_create(raw, eprobe_define);
}

/* ---- dynamic events -------------------------------------------------------- */

/* "e:GROUP/EVENT SYSTEM.EVENT ARGS" (the filter is not shown, as in 6.12) */
static int eprobe_dyn_show(struct seq_file *m, struct dyn_event *ev)
{
	struct eprobe_event *ep = eprobe_of(ev);
	unsigned int i;

	seq_printf(m, "e:%s/%s %s.%s", ep->p.ev->class.system,
		   ep->p.ev->call.name, eprobe_target_system(ep),
		   trace_event_name(ep->target));
	for (i = 0; i < ep->p.n_args; i++)
		seq_printf(m, " %s=%s", ep->p.args[i].name, ep->p.args[i].text);
	seq_putc(m, '\n');
	return 0;
}

static bool eprobe_dyn_is_busy(struct dyn_event *ev)
{
	return probe_event_on(eprobe_of(ev)->p.ev);
}

static int eprobe_dyn_free(struct dyn_event *ev)
{
	struct eprobe_event *ep = eprobe_of(ev);
	int ret;

	lockdep_assert_held(&event_mutex);
	ret = probe_event_leave(&ep->p);
	if (ret)
		return ret;
	dyn_event_remove(&ep->p.devent);
	eprobe_free(ep);
	return 0;
}

/*
 * "-:[GROUP/]EVENT [SYSTEM.EVENT [ARGS]]": the attached event may be
 * written SYSTEM/EVENT too.
 */
static bool eprobe_dyn_match(const char *system, const char *event, int argc,
			     const char **argv, struct dyn_event *ev)
{
	struct eprobe_event *ep = eprobe_of(ev);
	const char *sys = eprobe_target_system(ep);
	const char *sep;

	if (system && strcmp(ep->p.ev->class.system, system))
		return false;
	if (event[0] && strcmp(ep->p.ev->call.name, event))
		return false;
	if (!argc)
		return true;
	sep = strchr(argv[0], '/') ?: strchr(argv[0], '.');
	if (!sep || strlen(sys) != sep - argv[0] ||
	    strncmp(sys, argv[0], sep - argv[0]) ||
	    strcmp(trace_event_name(ep->target), sep + 1))
		return false;
	return probe_args_match(&ep->p, argc - 1, argv + 1);
}

static struct dyn_event_operations eprobe_dyn_ops = {
	.create		= eprobe_dyn_create,
	.show		= eprobe_dyn_show,
	.is_busy	= eprobe_dyn_is_busy,
	.free		= eprobe_dyn_free,
	.match		= eprobe_dyn_match,
};

/* ---- boot ----------------------------------------------------------------- */

/* ftracetest reads the form from here: 6.12's spelling. */
static struct trace_readme_part eprobe_readme = {
	.rank	= TRACE_README_PROBES,
	.text	=
	"\t\t\t  e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
	"\t\t\t\t  an event probe: args read the attached event's\n"
	"\t\t\t\t  fields ($<field>), the filter is one of its\n",
};

static __init int eprobe_events_init(void)
{
	int ret = dyn_event_register(&eprobe_dyn_ops);

	if (ret)
		pr_warn("event probes: not registered (%d)\n", ret);
	trace_readme_add(&eprobe_readme);
	return ret;
}
fs_initcall(eprobe_events_init);
