// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events in the registry (synth_event.h has the object and the
 * locks):
 *
 *   synth_create()    a definition becomes an event in events/synthetic/
 *   synth_command()   one line of synthetic_events: "NAME FIELDS" creates,
 *                     "!NAME ..." deletes (the rest of the line is not
 *                     read)
 *   "s:[synthetic/]NAME FIELDS" in dynamic_events, listed as
 *                     "s:synthetic/NAME\tFIELDS"; "-:[synthetic/]NAME"
 *   synth_event_delete()
 *
 * Creating checks, in 6.12's order: the shape of the command (three
 * words before the first ';'), the name, that no event has it (-EEXIST),
 * then the fields.  Deleting refuses (-EBUSY) an event that a histogram
 * action names, or that is enabled or open anywhere; what it deletes
 * takes its records with it (the buffers of instances that recorded it
 * are cleared), so no record is printed through a reused id.
 *
 * The event's reg() keeps the set of files that record it (written by
 * synth_write.c) and pins the creating module while any does.  perf
 * cannot attach (-ENODEV, 6.12's answer).
 *
 * Contexts: process context.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "tracers/trace_opts.h"
#include "synth_event.h"

static struct dyn_event_operations synth_dyn_ops;

static bool synth_is(struct dyn_event *ev)
{
	return ev->ops == &synth_dyn_ops;
}

static struct synth_event *synth_of(struct dyn_event *ev)
{
	return container_of(ev, struct synth_event, devent);
}

/**
 * synth_find - the synthetic event of @name
 * @name: its name
 *
 * event_mutex held.  Return: the event, or NULL.
 */
struct synth_event *synth_find(const char *name)
{
	struct dyn_event *ev;

	lockdep_assert_held(&event_mutex);
	for_each_dyn_event(ev)
		if (synth_is(ev) && !strcmp(synth_of(ev)->name, name))
			return synth_of(ev);
	return NULL;
}

/* The class's define_fields: each field at its slot (synth_event.h). */
static int synth_define_fields(struct trace_event_call *call)
{
	struct synth_event *se = call->data;
	const struct synth_field *f;
	unsigned int i;
	int ret;

	for (i = 0; i < se->n_fields; i++) {
		f = &se->fields[i];
		ret = trace_define_field(call, f->type, f->name,
					 offsetof(struct synth_trace_event,
						  slots[f->slot]),
					 f->size, f->is_signed,
					 f->is_stack ? FILTER_STACKTRACE :
						       FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static struct trace_event_fields synth_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = synth_define_fields },
	{}
};

/*
 * The class reg(): an instance's file joins the set when the event is
 * enabled there and leaves when it is disabled; event_mutex held.
 */
static int synth_reg(struct trace_event_call *call, enum trace_reg op,
		     void *data)
{
	struct synth_event *se = call->data;
	int ret;

	switch (op) {
	case TRACE_REG_REGISTER:
		lockdep_assert_held(&event_mutex);
		if (!try_module_get(se->mod))
			return -EBUSY;
		ret = trace_event_fileset_change(&se->files, data, NULL);
		if (ret)
			module_put(se->mod);
		return ret;
	case TRACE_REG_UNREGISTER:
		lockdep_assert_held(&event_mutex);
		trace_event_fileset_change(&se->files, NULL, data);
		module_put(se->mod);
		return 0;
	case TRACE_REG_PERF_REGISTER:
		return -ENODEV;		/* perf cannot record them, as in 6.12 */
	default:
		return 0;
	}
}

/*
 * The class raw_init: a type number.  The print fmt is not checked: every
 * string it prints is an array of the record or __get_str(), and the
 * checker reads fields arrays, not define_fields hooks.
 */
static int synth_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}

/**
 * synth_event_of - the synthetic event @call is, if it is one
 * @call: an event
 *
 * Return: the synthetic event, or NULL.
 */
struct synth_event *synth_event_of(struct trace_event_call *call)
{
	return call->class->reg == synth_reg ? call->data : NULL;
}

/* Register @se (parsed, unregistered); event_mutex held. */
static int synth_register(struct synth_event *se)
{
	int ret;

	ret = synth_print_fmt(se);
	if (ret)
		return ret;
	INIT_LIST_HEAD(&se->class.fields);
	se->class.system = SYNTH_SYSTEM;
	se->class.fields_array = synth_fields_array;
	se->class.reg = synth_reg;
	se->class.raw_init = synth_raw_init;
	se->call.class = &se->class;
	se->call.name = se->name;
	se->call.event.funcs = &synth_print_funcs;
	se->call.data = se;
	dyn_event_init(&se->devent, &synth_dyn_ops);
	ret = trace_add_event_call(&se->call);
	if (ret)
		return ret;
	dyn_event_add(&se->devent, &se->call);
	return 0;
}

/**
 * synth_create - create a synthetic event
 * @cmd: the whole command, for error_log
 * @name: its name
 * @fields: the text of its fields
 *
 * Return: 0, -EEXIST, -EINVAL (logged), -ENOMEM, the registry's error.
 */
int synth_create(const char *cmd, const char *name, const char *fields)
{
	struct synth_event *se;
	int ret;

	ret = synth_check_name(cmd, name);
	if (ret)
		return ret;

	guard(mutex)(&event_mutex);
	if (synth_find(name))
		return synth_err_exists(cmd, name);
	se = synth_parse(cmd, name, fields);
	if (IS_ERR(se))
		return PTR_ERR(se);
	ret = synth_register(se);
	if (ret)
		synth_free(se);
	return ret;
}

/* Remove and free @se unless something holds it; event_mutex held. */
static int synth_destroy(struct synth_event *se)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	if (se->ref || trace_event_dyn_busy(&se->call))
		return -EBUSY;
	ret = trace_remove_event_call(&se->call);
	if (ret)
		return ret;
	dyn_event_remove(&se->devent);
	synth_free(se);
	return 0;
}

/**
 * synth_event_delete - delete a synthetic event
 * @name: its name
 *
 * Return: 0, -ENOENT (no such event), -EBUSY (in use).
 */
int synth_event_delete(const char *name)
{
	struct synth_event *se;
	int ret;

	guard(mutex)(&event_mutex);
	se = synth_find(name);
	if (!se)
		return -ENOENT;
	ret = synth_destroy(se);
	tracing_reset_all_online_cpus();
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_delete);

/**
 * synth_set_module - record the module that created an event
 * @name: the event, just created
 * @mod: the module (NULL: none)
 *
 * Return: 0, or -ENOENT.
 */
int synth_set_module(const char *name, struct module *mod)
{
	struct synth_event *se;

	guard(mutex)(&event_mutex);
	se = synth_find(name);
	if (!se)
		return -ENOENT;
	se->mod = mod;
	return 0;
}

/**
 * synth_command - run one line of synthetic_events
 * @raw: "NAME FIELD[; FIELD]..." or "!NAME[ ...]"
 *
 * Return: 0 (an empty line too), or the error of the create or delete.
 */
int synth_command(const char *raw)
{
	const char *space;
	char *name;
	int ret;

	raw = skip_spaces(raw);
	if (!*raw)
		return 0;
	ret = synth_check_command(raw, raw);
	if (ret)
		return ret;
	space = strpbrk(raw, " \t");
	if (!space && raw[0] != '!') {
		synth_err_cmd(raw);
		return -EINVAL;
	}
	name = kstrndup(raw, space ? space - raw : strlen(raw), GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	if (name[0] == '!')
		ret = synth_event_delete(name + 1);
	else
		ret = synth_create(raw, name, skip_spaces(space));
	kfree(name);
	return ret;
}

/* ---- dynamic_events: "s:" ---------------------------------------------- */

static int synth_dyn_create(const char *raw)
{
	const char *name, *space;
	char *ename;
	int skip, ret;

	raw = skip_spaces(raw);
	/* an empty line is taken, and does nothing (6.12's) */
	if (!*raw)
		return 0;
	if (!str_has_prefix(raw, "s:"))
		return -ECANCELED;
	name = raw + 2;
	space = strpbrk(raw, " \t");
	if (!space) {
		synth_err_cmd(raw);
		return -EINVAL;
	}
	/* a group, anywhere in the line, must be ours */
	if (strchr(name, '/')) {
		skip = str_has_prefix(name, SYNTH_SYSTEM "/");
		if (!skip) {
			synth_err_dyn_cmd(raw);
			return -EINVAL;
		}
		name += skip;
	}
	ret = synth_check_command(raw, name);
	if (ret)
		return ret;
	ename = kstrndup(name, space > name ? space - name : 0, GFP_KERNEL);
	if (!ename)
		return -ENOMEM;
	ret = synth_create(raw, ename, skip_spaces(space));
	kfree(ename);
	return ret;
}

static int synth_dyn_show(struct seq_file *m, struct dyn_event *ev)
{
	struct synth_event *se = synth_of(ev);

	seq_printf(m, "s:%s/%s\t", SYNTH_SYSTEM, se->name);
	synth_show_fields(m, se);
	seq_putc(m, '\n');
	return 0;
}

static bool synth_dyn_is_busy(struct dyn_event *ev)
{
	return synth_of(ev)->ref;
}

static int synth_dyn_free(struct dyn_event *ev)
{
	return synth_destroy(synth_of(ev));
}

static bool synth_dyn_match(const char *system, const char *event, int argc,
			    const char **argv, struct dyn_event *ev)
{
	return !strcmp(synth_of(ev)->name, event) &&
	       (!system || !strcmp(system, SYNTH_SYSTEM));
}

static struct dyn_event_operations synth_dyn_ops = {
	.create		= synth_dyn_create,
	.show		= synth_dyn_show,
	.is_busy	= synth_dyn_is_busy,
	.free		= synth_dyn_free,
	.match		= synth_dyn_match,
};

/* ---- synthetic_events -------------------------------------------------- */

/* Only the synthetic events of the list, as "NAME\tFIELDS". */
static int synth_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	if (!synth_is(ev))
		return 0;
	seq_printf(m, "%s\t", synth_of(ev)->name);
	synth_show_fields(m, synth_of(ev));
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations synth_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= synth_seq_show,
};

/* A truncating open deletes every synthetic event first (or none). */
static int synth_file_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (!ret && (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		ret = dyn_events_release_all(&synth_dyn_ops);
	return ret ?: seq_open(file, &synth_seq_ops);
}

static ssize_t synth_file_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	return trace_parse_run_command(file, ubuf, len, ppos, synth_command);
}

static const struct file_operations synth_file_fops = {
	.open		= synth_file_open,
	.write		= synth_file_write,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/*
 * README: "s:[synthetic/]" and "long[] stack' >> synthetic_events" are
 * what ftracetest's synthetic cases look for.  The first is a line of
 * the probe events' grammar, as in 6.12, so it is there only with them.
 */
static struct trace_readme_part synth_readme_dyn = {
	.rank	= TRACE_README_PROBES,
	.text	=
	"\t\t\t  s:[synthetic/]<event> <field> [<field>] creates a synthetic event\n",
};

static struct trace_readme_part synth_readme = {
	.rank	= TRACE_README_HIST,
	.text	=
	"  synthetic_events\t- events whose fields are declared, not compiled in:\n"
	"\t  NAME TYPE FIELD[; TYPE FIELD]... creates one, !NAME deletes it.\n"
	"\t  TYPE: u8/u16/u32/u64, s8/s16/s32/s64, [unsigned] char/int/long,\n"
	"\t        bool, pid_t, gfp_t, char[N], char[] (any length),\n"
	"\t        long[] (a stack)\n"
	"\t  Histogram actions, or kernel code, write their records.\n"
	"\t  example: echo 'wakeup_lat u64 lat; char comm[16]; long[] stack' >> synthetic_events\n",
};

static __init int synth_init(void)
{
	if (dyn_event_register(&synth_dyn_ops))
		pr_warn("synthetic events: no s: in dynamic_events\n");
	if (IS_ENABLED(CONFIG_PROBE_EVENTS))
		trace_readme_add(&synth_readme_dyn);
	trace_readme_add(&synth_readme);
	if (!tracing_init_dentry())
		trace_create_file("synthetic_events", TRACE_MODE_WRITE, NULL,
				  NULL, &synth_file_fops);
	return 0;
}
fs_initcall(synth_init);
