// SPDX-License-Identifier: GPL-2.0
/*
 * Probe events in the registry (probe_event.h has the objects and the
 * locks): the event of one GROUP/EVENT, the probes appended to it, its
 * fields and print fmt, and its class reg(), which keeps who records
 * it and arms the probes while anyone does.
 *
 * Contexts: process context, event_mutex held unless said otherwise.
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "instance/trace_array.h"
#include "probe_event.h"

/*
 * The kind of an event's probes.  A probe event's class is its own and
 * has no tracepoint, so its @probe (a tracepoint's probe function in
 * other classes) holds the kind's ops.
 */
const struct probe_kind_ops *probe_kind_of(struct probe_event *ev)
{
	return ev->class.probe;
}

/*
 * Is @name a group name: a C identifier in which '-' may stand anywhere
 * (a system's name), as 6.12 has it?
 */
static bool probe_good_group(const char *name)
{
	if (!isalpha(*name) && *name != '_' && *name != '-')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_' && *name != '-')
			return false;
	return true;
}

/**
 * probe_parse_event_name - "[GROUP/]EVENT" of a definition
 * @log: the definition's log (current word: the one holding the name)
 * @event: in: the text after "p:"; out: the event name, NULL when only
 *	"GROUP/" was given
 * @group: out: the group when one was given (in @buf)
 * @buf: PROBE_NAME_MAX bytes for the group
 * @col: the column of *@event in the word
 *
 * A '.' separates too (event probes' "SYSTEM.EVENT").  Return: 0, or
 * -EINVAL (logged).
 */
int probe_parse_event_name(struct probe_log *log, const char **event,
			   const char **group, char *buf, int col)
{
	const char *name = *event, *sep;
	size_t len;

	sep = strchr(name, '/') ?: strchr(name, '.');
	if (sep) {
		if (sep == name) {
			probe_log_err(log, col, PERR_NO_GROUP_NAME);
			return -EINVAL;
		}
		if (sep - name + 1 > PROBE_NAME_MAX) {
			probe_log_err(log, col, PERR_GROUP_TOO_LONG);
			return -EINVAL;
		}
		strscpy(buf, name, sep - name + 1);
		if (!probe_good_group(buf)) {
			probe_log_err(log, col, PERR_BAD_GROUP_NAME);
			return -EINVAL;
		}
		*group = buf;
		col += sep - name + 1;
		name = sep + 1;
		*event = name;
	}
	len = strlen(name);
	if (!len) {
		if (sep) {
			*event = NULL;
			return 0;
		}
		probe_log_err(log, col, PERR_NO_EVENT_NAME);
		return -EINVAL;
	}
	if (len >= PROBE_NAME_MAX) {
		probe_log_err(log, col, PERR_EVENT_TOO_LONG);
		return -EINVAL;
	}
	if (!probe_good_name(name)) {
		probe_log_err(log, col, PERR_BAD_EVENT_NAME);
		return -EINVAL;
	}
	return 0;
}

/* @define_head of the kinds whose records start with struct probe_head. */
int probe_define_head(struct trace_event_call *call)
{
	return trace_define_field(call, "unsigned long", PROBE_FIELD_IP,
				  offsetof(struct probe_head, ip),
				  sizeof(unsigned long), 0, FILTER_OTHER);
}

/* @define_head of the return kinds (struct probe_ret_head). */
int probe_define_ret_head(struct trace_event_call *call)
{
	int ret;

	ret = trace_define_field(call, "unsigned long", PROBE_FIELD_FUNC,
				 offsetof(struct probe_ret_head, func),
				 sizeof(unsigned long), 0, FILTER_OTHER);
	return ret ?: trace_define_field(call, "unsigned long",
					 PROBE_FIELD_RETIP,
					 offsetof(struct probe_ret_head, ret_ip),
					 sizeof(unsigned long), 0,
					 FILTER_OTHER);
}

/**
 * probe_dyn_create - a kind's dyn_event create(): split, then define
 * @raw: the line
 * @define: the kind's parser of the words; -ECANCELED when the line is
 *	not its kind's
 *
 * Return: what @define returns, 0 for a blank line, or -ENOMEM.
 */
int probe_dyn_create(const char *raw,
		     int (*define)(int argc, const char **argv))
{
	char **argv;
	int argc = 0, ret = 0;

	argv = argv_split(GFP_KERNEL, raw, &argc);
	if (!argv)
		return -ENOMEM;
	if (argc)
		ret = define(argc, (const char **)argv);
	argv_free(argv);
	return ret;
}

/* The class define_fields: the kind's head, then the first probe's args. */
static int probe_define_fields(struct trace_event_call *call)
{
	struct probe_event *ev = call->data;
	const struct probe_kind_ops *kind = probe_kind_of(ev);
	struct probe *p = probe_first(ev);
	const struct probe_arg *a;
	char **strs;
	unsigned int i;
	int ret;

	ret = kind->define_head(call);
	if (ret)
		return ret;
	/*
	 * The registry keeps pointers: the event owns the strings.  A
	 * definition that failed half-way may be tried again: its strings
	 * go first.
	 */
	for (i = 0; i < ev->n_strs; i++)
		kfree(ev->strs[i]);
	kfree(ev->strs);
	ev->n_strs = 0;
	strs = kcalloc(p->n_args * 2, sizeof(*strs), GFP_KERNEL);
	if (!strs && p->n_args)
		return -ENOMEM;
	ev->strs = strs;
	for (i = 0; i < p->n_args; i++) {
		a = &p->args[i];
		strs[2 * i] = kstrdup(a->name, GFP_KERNEL);
		strs[2 * i + 1] = kstrdup(a->fmttype ?: a->type->fmttype,
					  GFP_KERNEL);
		ev->n_strs = 2 * i + 2;
		if (!strs[2 * i] || !strs[2 * i + 1])
			return -ENOMEM;
		ret = trace_define_field(call, strs[2 * i + 1], strs[2 * i],
					 kind->head_size + a->offset,
					 a->type->size * (a->count ?: 1),
					 a->type->is_signed, FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static struct trace_event_fields probe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = probe_define_fields },
	{}
};

/* Arm every probe of @ev; on a failure, disarm those armed. */
static int probe_event_arm(struct probe_event *ev)
{
	const struct probe_kind_ops *kind = probe_kind_of(ev);
	struct probe *p;
	int ret;

	list_for_each_entry(p, &ev->probes, node) {
		ret = kind->arm(p);
		if (ret) {
			list_for_each_entry_continue_reverse(p, &ev->probes,
							     node)
				kind->disarm(p);
			return ret;
		}
	}
	return 0;
}

static void probe_event_disarm(struct probe_event *ev)
{
	const struct probe_kind_ops *kind = probe_kind_of(ev);
	struct probe *p;

	list_for_each_entry(p, &ev->probes, node)
		kind->disarm(p);
}

/*
 * The class reg(): files of instances join and leave the set, perf
 * counts; the probes are armed while either has anyone.  A kind that
 * filters its hits by task hears of each perf event opened and closed
 * on the event, and of the files coming or going while it stays armed
 * (probe_kind_ops).  perf's add and del come with interrupts off and
 * need nothing here.
 */
static int probe_reg(struct trace_event_call *call, enum trace_reg op,
		     void *data)
{
	struct probe_event *ev = call->data;
	const struct probe_kind_ops *kind = probe_kind_of(ev);
	bool was_on, had_files;
	int ret;

	if (kind->reg)
		return kind->reg(ev, op, data);
	if (op == TRACE_REG_PERF_ADD || op == TRACE_REG_PERF_DEL)
		return 0;
	lockdep_assert_held(&event_mutex);
	was_on = probe_event_on(ev);
	had_files = rcu_access_pointer(ev->files);
	switch (op) {
	case TRACE_REG_REGISTER:
		ret = trace_event_fileset_change(&ev->files, data, NULL);
		if (ret)
			return ret;
		break;
	case TRACE_REG_UNREGISTER:
		trace_event_fileset_change(&ev->files, NULL, data);
		break;
	case TRACE_REG_PERF_REGISTER:
		ev->perf++;
		break;
	case TRACE_REG_PERF_UNREGISTER:
		ev->perf--;
		break;
	case TRACE_REG_PERF_OPEN:
		return kind->perf_open ? kind->perf_open(ev, data) : 0;
	case TRACE_REG_PERF_CLOSE:
		if (kind->perf_close)
			kind->perf_close(ev, data);
		return 0;
	default:
		return 0;
	}
	if (was_on && probe_event_on(ev) && kind->refilter &&
	    had_files != !!rcu_access_pointer(ev->files))
		kind->refilter(ev, !had_files);
	if (!was_on && probe_event_on(ev)) {
		ret = probe_event_arm(ev);
		if (ret) {
			if (op == TRACE_REG_REGISTER)
				trace_event_fileset_change(&ev->files, NULL,
							   data);
			else
				ev->perf--;
			return ret;
		}
	} else if (was_on && !probe_event_on(ev)) {
		probe_event_disarm(ev);
	}
	return 0;
}

static int probe_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/**
 * probe_event_lookup - the event GROUP/NAME, of any kind
 * @group: its group
 * @name: its name
 * @ev: out: the probe event, when the event is one (else NULL)
 *
 * One walk of the registry answers both questions a definition asks:
 * is the name taken, and by an event it may append to.
 * Return: the event's call, or NULL when no event has that name.
 */
struct trace_event_call *probe_event_lookup(const char *group,
					    const char *name,
					    struct probe_event **ev)
{
	struct trace_event_file *file;
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);
	*ev = NULL;
	file = __find_event_file(top_trace_array(), group, name);
	if (!file)
		return NULL;
	call = file->event_call;
	if (call->class->reg == probe_reg)
		*ev = call->data;
	return call;
}

/**
 * probe_event_find - the event GROUP/NAME of a kind
 * @group: its group
 * @name: its name
 * @kind: the kind (an event of another kind is not found)
 *
 * Return: the event, or NULL.
 */
struct probe_event *probe_event_find(const char *group, const char *name,
				     const struct probe_kind_ops *kind)
{
	struct probe_event *ev;

	probe_event_lookup(group, name, &ev);
	return ev && probe_kind_of(ev) == kind ? ev : NULL;
}

static void probe_event_free(struct probe_event *ev)
{
	unsigned int i;

	for (i = 0; i < ev->n_strs; i++)
		kfree(ev->strs[i]);
	kfree(ev->strs);
	kfree(ev->class.system);
	kfree(ev->call.name);
	kfree(ev->call.print_fmt);
	kfree(ev);
}

static void probe_event_free_rcu(struct rcu_head *rcu)
{
	probe_event_free(container_of(rcu, struct probe_event, rcu));
}

/* A new event of @kind with @p its first probe; not in the registry. */
static struct probe_event *probe_event_alloc(struct probe *p, const char *group,
					     const char *name,
					     const struct probe_kind_ops *kind)
{
	struct probe_event *ev;
	int len;

	ev = kzalloc(struct_size(ev, priv,
				 DIV_ROUND_UP(kind->priv_size, sizeof(long))),
		     GFP_KERNEL);
	if (!ev)
		return NULL;
	if (kind->priv_init)
		kind->priv_init(ev);
	INIT_LIST_HEAD(&ev->probes);
	INIT_LIST_HEAD(&ev->class.fields);
	ev->class.system = kstrdup(group, GFP_KERNEL);
	ev->call.name = kstrdup(name, GFP_KERNEL);
	len = probe_print_fmt(NULL, 0, kind->head_fmt, kind->head_args,
			      p->args, p->n_args);
	ev->call.print_fmt = kmalloc(len + 1, GFP_KERNEL);
	if (!ev->class.system || !ev->call.name || !ev->call.print_fmt) {
		probe_event_free(ev);
		return NULL;
	}
	probe_print_fmt(ev->call.print_fmt, len + 1, kind->head_fmt,
			kind->head_args, p->args, p->n_args);
	ev->class.fields_array = probe_fields_array;
	ev->class.reg = probe_reg;
	ev->class.raw_init = probe_raw_init;
	ev->class.probe = (void *)kind;
	ev->call.class = &ev->class;
	ev->call.event.funcs = kind->funcs;
	ev->call.flags = kind->call_flags;
	ev->call.data = ev;
	p->ev = ev;
	list_add(&p->node, &ev->probes);
	return ev;
}

/**
 * probe_event_new - a new event GROUP/NAME whose first probe is @p
 * @p: the probe, compiled
 * @group: the group
 * @name: the event's name
 * @kind: the probes' kind
 *
 * Return: 0; -EEXIST when an event of that name exists (of any kind);
 * -ENOMEM; the registry's error.
 */
int probe_event_new(struct probe *p, const char *group, const char *name,
		    const struct probe_kind_ops *kind)
{
	lockdep_assert_held(&event_mutex);
	if (__find_event_file(top_trace_array(), group, name))
		return -EEXIST;
	return __probe_event_new(p, group, name, kind);
}

/**
 * __probe_event_new - probe_event_new() where the caller knows the
 *	name is free (probe_event_lookup() said so, under the same hold
 *	of event_mutex)
 * @p: the probe, compiled
 * @group: the group
 * @name: the event's name
 * @kind: the probes' kind
 *
 * Return: 0; -ENOMEM; the registry's error.
 */
int __probe_event_new(struct probe *p, const char *group, const char *name,
		      const struct probe_kind_ops *kind)
{
	struct probe_event *ev;
	int ret;

	lockdep_assert_held(&event_mutex);
	ev = probe_event_alloc(p, group, name, kind);
	if (!ev)
		return -ENOMEM;
	ret = trace_add_event_call(&ev->call);
	if (ret) {
		list_del(&p->node);
		p->ev = NULL;
		probe_event_free(ev);
	}
	return ret;
}

/**
 * probe_event_private - an event for @p alone, outside the registry
 * @p: the probe, compiled
 * @group: the group
 * @name: the event's name
 * @kind: the probe's kind
 *
 * For perf's kprobe and uprobe PMUs: only the perf event that made it
 * records it; probe_event_private_free() frees it.  Return: 0, -ENOMEM.
 */
int probe_event_private(struct probe *p, const char *group, const char *name,
			const struct probe_kind_ops *kind)
{
	return probe_event_alloc(p, group, name, kind) ? 0 : -ENOMEM;
}

/**
 * probe_event_private_free - free what probe_event_private() made
 * @p: its probe, whose place no longer fires
 */
void probe_event_private_free(struct probe *p)
{
	if (!p->ev)
		return;
	list_del(&p->node);
	probe_event_free(p->ev);
	p->ev = NULL;
}

/**
 * probe_event_join - append @p to @ev (probe_args_differ() said 0)
 * @p: the probe
 * @ev: the event
 */
void probe_event_join(struct probe *p, struct probe_event *ev)
{
	p->ev = ev;
	list_add_tail(&p->node, &ev->probes);
}

/**
 * probe_event_leave - take @p out of its event
 * @p: a probe of an event, whose place no longer fires
 *
 * The event leaves the registry with its last probe; a probe with
 * siblings leaves at once, recorded or not.  A hit that began before
 * the place stopped may still be running: @p->ev stays as it was, and
 * an event that left is freed after a grace period, so that such a hit
 * finds both; @p itself is the caller's to free after one.
 *
 * Return: 0, or -EBUSY (the last probe of an event recorded, open or
 * pinned) with nothing changed.
 */
int probe_event_leave(struct probe *p)
{
	struct probe_event *ev = p->ev;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!ev)
		return 0;
	if (list_is_singular(&ev->probes)) {
		if (probe_event_on(ev))
			return -EBUSY;
		if (trace_event_dyn_busy(&ev->call))
			return -EBUSY;
		ret = trace_remove_event_call(&ev->call);
		if (ret)
			return ret;
		list_del(&p->node);
		call_rcu(&ev->rcu, probe_event_free_rcu);
	} else {
		list_del(&p->node);
	}
	return 0;
}

/**
 * probe_args_differ - may @b be appended to @a's event?
 * @a: a probe of the event
 * @b: the new one
 *
 * Return: 0 when both have the same arguments (names, types, counts);
 * else 1 + the index of the first that differs (the count of @a's
 * arguments + 1 when @b has more or fewer).
 */
int probe_args_differ(const struct probe *a, const struct probe *b)
{
	unsigned int i;

	if (a->n_args != b->n_args)
		return min(a->n_args, b->n_args) + 1;
	for (i = 0; i < a->n_args; i++)
		if (a->args[i].type != b->args[i].type ||
		    a->args[i].count != b->args[i].count ||
		    strcmp(a->args[i].name, b->args[i].name))
			return i + 1;
	return 0;
}

/**
 * probe_args_match - do "NAME=TEXT" words name @p's first arguments?
 * @p: the probe
 * @argc: the words
 * @argv: "NAME=FETCHARG[:TYPE]" each, as the listing shows them
 *
 * Return: true when each word is the listing of that argument.
 */
bool probe_args_match(const struct probe *p, int argc, const char **argv)
{
	size_t len;
	int i;

	if (argc > p->n_args)
		return false;
	for (i = 0; i < argc; i++) {
		len = strlen(p->args[i].name);
		if (strncmp(argv[i], p->args[i].name, len) ||
		    argv[i][len] != '=' ||
		    strcmp(argv[i] + len + 1, p->args[i].text))
			return false;
	}
	return true;
}
