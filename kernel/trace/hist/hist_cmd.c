// SPDX-License-Identifier: GPL-2.0
/*
 * The "hist" trigger command: what a "hist:..." line written to an
 * event's trigger file does, and the boot of the histograms.
 *
 * A line either defines a new histogram, or acts on one the event
 * already has: "!hist:DEF" removes it, "hist:DEF:pause" pauses it,
 * ":cont" lets it run again, ":clear" empties it.  An existing
 * histogram is found by its definition (same fields, modifiers, sort,
 * name and filter), as upstream finds it.
 *
 * Named histograms ("name=NAME") sum into one store: the first
 * definition of a name makes its map, later ones on any event must
 * match the store's first member (their fields compared by name, type,
 * size and sign, and what they compute) and join.  Each keeps its own
 * fields, so each reads its own event's record layout.  The store goes
 * with the last histogram of the name.
 *
 * Lifetime of a histogram: the trigger list holds its one reference;
 * when it is dropped the instance waits for the probes
 * (trigger_data_free()), then its definition, and with the last user
 * its store, are freed.
 *
 * Context: process, event_mutex held, except hist_fire() (hist_fire.c).
 */

#include <linux/init.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "synth/synth_event.h"
#include "tracers/trace_opts.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"
#include "trace_hist.h"

/* Stores of named histograms (event_mutex). */
static LIST_HEAD(hist_named_stores);

static struct hist_store *hist_named_find(const char *name)
{
	struct hist_store *store;

	list_for_each_entry(store, &hist_named_stores, list)
		if (!strcmp(store->name, name))
			return store;
	return NULL;
}

/* ---- matching ---------------------------------------------------------- */

static bool hist_same_event_field(const struct ftrace_event_field *a,
				  const struct ftrace_event_field *b)
{
	if (a == b)
		return true;
	if (!a || !b)
		return false;
	return !strcmp(a->name, b->name) && !strcmp(a->type, b->type) &&
	       a->size == b->size && a->is_signed == b->is_signed;
}

static bool hist_same_filter(const struct event_trigger_data *a,
			     const struct event_trigger_data *b)
{
	if (!a->filter_str || !b->filter_str)
		return !a->filter_str == !b->filter_str;
	return !strcmp(a->filter_str, b->filter_str);
}

/*
 * Whether two fields compute the same thing: for a named histogram
 * joining a store, whose map both fill, the same constants, buckets and
 * expressions too (upstream's joiner reads the first definition's
 * fields, ours its own).
 */
static bool hist_same_value(const struct hist_field *a,
			    const struct hist_field *b)
{
	if (a->constant != b->constant || a->buckets != b->buckets ||
	    a->op != b->op)
		return false;
	if (!a->name != !b->name || (a->name && strcmp(a->name, b->name)))
		return false;
	return true;
}

/*
 * Whether @a and @b define the same histogram: the same fields with the
 * same modifiers, key layout, names and variable names, the same sort
 * order and handler clauses, and (unless @join) the same filter; for a named histogram that would
 * @join @b's store, also the same values and display (hist_same_value(),
 * nohitcount).
 */
static bool hist_same(const struct hist_data *a, const struct hist_data *b,
		      const struct event_trigger_data *da,
		      const struct event_trigger_data *db, bool join)
{
	const struct hist_field *fa, *fb;
	unsigned int i;

	if (a->n_vals != b->n_vals || a->n_fields != b->n_fields ||
	    a->n_sort_keys != b->n_sort_keys)
		return false;
	if (!join && !hist_same_filter(da, db))
		return false;
	if (join && a->attrs->nohitcount != b->attrs->nohitcount)
		return false;
	for (i = 0; i < a->n_fields; i++) {
		fa = a->fields[i];
		fb = b->fields[i];
		if (fa->flags != fb->flags || fa->key_off != fb->key_off ||
		    fa->size != fb->size || fa->is_signed != fb->is_signed ||
		    !hist_same_event_field(fa->field, fb->field))
			return false;
		if (!fa->var_name != !fb->var_name ||
		    (fa->var_name && strcmp(fa->var_name, fb->var_name)) ||
		    strcmp(hist_field_name(fa), hist_field_name(fb)))
			return false;
		if (join && !hist_same_value(fa, fb))
			return false;
	}
	for (i = 0; i < a->n_sort_keys; i++)
		if (a->sort_keys[i].field_idx != b->sort_keys[i].field_idx ||
		    a->sort_keys[i].descending != b->sort_keys[i].descending)
			return false;
	return hist_actions_same(a, b);
}

/*
 * The histogram of @file that @data (not registered) describes: same
 * definition, same filter, and the same store if @data is named (an
 * unnamed line never finds a named histogram, nor the reverse).
 */
static struct event_trigger_data *hist_find(struct trace_event_file *file,
					    struct event_trigger_data *data)
{
	struct hist_data *hd = data->private_data, *other;
	struct hist_store *store = NULL;
	struct event_trigger_data *each;

	if (hd->attrs->name)
		store = hist_named_find(hd->attrs->name);
	list_for_each_entry(each, &file->triggers, list) {
		if (each->cmd_ops->trigger_type != ETT_EVENT_HIST)
			continue;
		other = each->private_data;
		if (!other->store->name != !store)
			continue;
		if (store && other->store != store)
			continue;
		if (hist_same(hd, other, data, each, false))
			return each;
	}
	return NULL;
}

/* ---- life cycle -------------------------------------------------------- */

/* The definition later members of @store's name must match. */
static struct hist_data *hist_store_first(struct hist_store *store)
{
	return list_first_entry(&store->members, struct hist_data, store_link);
}

/*
 * Empty @store's map.  Its histograms skip their hits meanwhile: the
 * wait lets every hit that did not see the flag finish, and the release
 * orders the emptied map before the hits that see the flag clear again.
 */
static void hist_store_clear(struct hist_store *store)
{
	struct hist_data *hd;

	list_for_each_entry(hd, &store->members, store_link)
		WRITE_ONCE(hd->clearing, true);
	tracepoint_synchronize_unregister();
	tracing_map_clear(store->map);
	list_for_each_entry(hd, &store->members, store_link) {
		/* the emptied map first: pairs with hist_fire()'s acquire */
		smp_store_release(&hd->clearing, false);
	}
}

/*
 * Give @hd a store: join the named one, or make its own from @hd's map
 * (allocated here).  Return: 0 or -ENOMEM.
 */
static int hist_store_attach(struct hist_data *hd)
{
	struct hist_store *store = NULL;
	int err;

	if (hd->attrs->name)
		store = hist_named_find(hd->attrs->name);
	if (store) {
		tracing_map_destroy(hd->map);
		hd->map = store->map;
		hd->store = store;
		list_add_tail(&hd->store_link, &store->members);
		return 0;
	}

	store = kzalloc(sizeof(*store), GFP_KERNEL);
	if (!store)
		return -ENOMEM;
	err = tracing_map_init(hd->map);
	if (err) {
		kfree(store);
		return err;
	}
	INIT_LIST_HEAD(&store->list);
	INIT_LIST_HEAD(&store->members);
	store->map = hd->map;
	store->name = hd->attrs->name;
	if (store->name)
		list_add(&store->list, &hist_named_stores);
	hd->store = store;
	list_add_tail(&hd->store_link, &store->members);
	return 0;
}

/*
 * Undo hist_store_attach() and free @hd (no probe can run it any more).
 * The next member, if any, becomes the store's first: its definition
 * and name are what later ones match, and the map's private data.
 */
static void hist_store_detach(struct hist_data *hd)
{
	struct hist_store *store = hd->store;
	struct tracing_map *map = store->map;
	struct hist_data *first;

	list_del(&hd->store_link);
	hist_data_destroy(hd);
	if (!list_empty(&store->members)) {
		first = hist_store_first(store);
		store->name = first->attrs->name;
		map->private_data = first;
		return;
	}
	list_del(&store->list);
	tracing_map_destroy(map);
	kfree(store);
}

/* @free of the command: the list's reference goes. */
static void hist_free(struct event_trigger_data *data)
{
	struct hist_data *hd = data->private_data;
	struct synth_event *se = synth_event_of(hd->file->event_call);

	if (WARN_ON_ONCE(data->ref <= 0) || --data->ref)
		return;
	/* waits for the probes if it was ever published */
	trigger_data_free(data);
	if (se)
		se->ref--;
	hist_vars_unpublish(hd);
	hist_store_detach(hd);
	hist_fire_put();
}

/* Take @data off its event's list and drop it. */
static void hist_detach(struct trace_event_file *file,
			struct event_trigger_data *data)
{
	struct hist_data *hd = data->private_data;

	list_del_rcu(&data->list);
	trace_event_trigger_enable_disable(file, 0);
	update_cond_flag(file);
	if (hd->timestamps)
		tracing_set_filter_buffering(file->tr, false);
	hist_free(data);
}

/*
 * Register a new histogram: checks, store, clock, then on the event's
 * list (at the end: the hist file shows them in the order written).
 */
static int hist_register(struct hist_ctx *ctx, struct trace_event_file *file,
			 struct event_trigger_data *data)
{
	struct hist_data *hd = data->private_data;
	struct hist_attrs *attrs = hd->attrs;
	struct hist_store *store = NULL;
	int err;

	if (attrs->name) {
		store = hist_named_find(attrs->name);
		if (store &&
		    !hist_same(hd, hist_store_first(store), data, data, true)) {
			hist_err(ctx, HIST_ERR_NAMED_MISMATCH, attrs->name);
			return -EINVAL;
		}
	}
	if ((!attrs->name || store) && hist_find(file, data)) {
		hist_err(ctx, HIST_ERR_TRIGGER_EEXIST, NULL);
		return -EEXIST;
	}
	if (attrs->cont || attrs->clear) {
		hist_err(ctx, HIST_ERR_TRIGGER_ENOENT_CLEAR, NULL);
		return -ENOENT;
	}
	data->paused = attrs->pause;

	err = hist_actions_create(ctx, hd);
	if (!err)
		err = hist_vars_publish(hd);
	if (err)
		return err;
	hd->linked = hd->n_var_refs || hd->n_field_vars || hd->n_actions;
	err = hist_fire_get();
	if (err)
		return err;
	err = hist_store_attach(hd);
	if (err)
		goto put;
	if (hd->timestamps) {
		err = tracing_set_clock(file->tr, attrs->clock);
		if (err) {
			hist_err(ctx, HIST_ERR_SET_CLOCK_FAIL, attrs->clock);
			goto detach;
		}
		tracing_set_filter_buffering(file->tr, true);
	}

	data->ref++;
	list_add_tail_rcu(&data->list, &file->triggers);
	update_cond_flag(file);
	err = trace_event_trigger_enable_disable(file, 1);
	if (!err) {
		/* a synthetic event cannot go while a histogram counts it */
		if (synth_event_of(file->event_call))
			synth_event_of(file->event_call)->ref++;
		return 0;
	}
	list_del_rcu(&data->list);
	update_cond_flag(file);
	data->ref--;
	if (hd->timestamps)
		tracing_set_filter_buffering(file->tr, false);
	/* it was published: probes may still run it */
	tracepoint_synchronize_unregister();
detach:
	hist_store_detach(hd);
	data->private_data = NULL;
put:
	hist_fire_put();
	return err;
}

/*
 * pause, cont(inue) and clear act on the histogram the line describes,
 * if the event has it.  Return: whether one was found.
 */
static bool hist_update(struct trace_event_file *file,
			struct event_trigger_data *data)
{
	struct hist_data *hd = data->private_data;
	struct hist_attrs *attrs = hd->attrs;
	struct event_trigger_data *found;
	struct hist_store *store;

	if (!attrs->pause && !attrs->cont && !attrs->clear)
		return false;
	if (attrs->name) {
		store = hist_named_find(attrs->name);
		if (!store ||
		    !hist_same(hd, hist_store_first(store), data, data, true))
			return false;
	}
	found = hist_find(file, data);
	if (!found)
		return false;
	if (attrs->pause)
		WRITE_ONCE(found->paused, true);
	else if (attrs->cont)
		WRITE_ONCE(found->paused, false);
	else
		hist_store_clear(((struct hist_data *)found->private_data)->store);
	return true;
}

/* ---- the command ------------------------------------------------------- */

/*
 * Cut "DEF [if FILTER]": the filter starts at an "if" with a blank on
 * either side.  Return: the filter ("if ..."), NULL, or an ERR_PTR for
 * an "if" that starts the text or ends it.
 */
static char *hist_cut_filter(char *text)
{
	char *p = text, *end = text + strlen(text);

	while ((p = strstr(p, "if"))) {
		if (p == text)
			return ERR_PTR(-EINVAL);
		if (p[-1] != ' ' && p[-1] != '\t') {
			p++;
			continue;
		}
		if (p >= end - 3)
			return ERR_PTR(-EINVAL);
		if (p[2] != ' ' && p[2] != '\t') {
			p++;
			continue;
		}
		p[-1] = '\0';
		strim(text);
		return strim(p);
	}
	return NULL;
}

static int hist_parse_line(struct hist_ctx *ctx, struct event_command *cmd_ops,
			   struct trace_event_file *file, char *glob, char *cmd,
			   char *text)
{
	bool remove = event_trigger_check_remove(glob);
	struct event_trigger_data *data, *found;
	struct hist_attrs *attrs;
	struct hist_data *hd;
	char *filter, *p;
	int err;

	filter = hist_cut_filter(text);
	if (IS_ERR(filter))
		return PTR_ERR(filter);
	/* ".sym-offset" would read as a subtraction */
	for (p = strstr(text, ".sym-offset"); p; p = strstr(p, ".sym-offset"))
		p[4] = 'X';

	attrs = hist_attrs_parse(ctx, text);
	if (IS_ERR(attrs))
		return PTR_ERR(attrs);
	hd = hist_data_create(ctx, attrs, file, remove);
	if (IS_ERR(hd))
		return PTR_ERR(hd);

	data = trigger_data_alloc(cmd_ops, cmd, text, hd);
	if (!data) {
		hist_data_destroy(hd);
		return -ENOMEM;
	}
	err = event_trigger_set_filter(cmd_ops, file, filter, data);
	if (err)
		goto free;

	if (remove) {
		found = hist_find(file, data);
		/* another histogram reads its variables: it stays */
		if (found && hist_vars_referenced(found->private_data))
			err = -EBUSY;
		else if (found)
			hist_detach(file, found);
		goto free;
	}
	if (hist_update(file, data))
		goto free;

	err = hist_register(ctx, file, data);
	if (!err)
		return 0;
	if (!data->private_data) {
		/* hist_register() freed the definition with its store */
		hd = NULL;
	}
free:
	event_trigger_reset_filter(cmd_ops, data);
	trigger_data_free(data);
	hist_data_destroy(hd);
	return err;
}

/* @parse: a "hist:..." or "!hist:..." line. */
static int hist_parse(struct event_command *cmd_ops,
		      struct trace_event_file *file, char *glob, char *cmd,
		      char *param_and_filter)
{
	struct hist_ctx ctx = {};
	int err;

	lockdep_assert_held(&event_mutex);

	if (!param_and_filter)
		return -EINVAL;
	err = hist_ctx_init(&ctx, file, param_and_filter);
	if (err)
		return err;
	err = hist_parse_line(&ctx, cmd_ops, file, glob, cmd, param_and_filter);
	hist_ctx_release(&ctx);
	return err;
}

/* @reg and @unreg: histograms register through their parse op only. */
static int hist_reg(char *glob, struct event_trigger_data *data,
		    struct trace_event_file *file)
{
	return -EINVAL;
}

static void hist_unreg(char *glob, struct event_trigger_data *data,
		       struct trace_event_file *file)
{
	struct event_trigger_data *found = hist_find(file, data);

	if (found)
		hist_detach(file, found);
}

/*
 * @unreg_all: a truncating open of the trigger file drops them all; none
 * if another histogram reads a variable of one of them.
 */
static void hist_unreg_all(struct trace_event_file *file)
{
	struct event_trigger_data *data, *next;

	list_for_each_entry(data, &file->triggers, list)
		if (data->cmd_ops->trigger_type == ETT_EVENT_HIST &&
		    hist_vars_referenced(data->private_data))
			return;
	list_for_each_entry_safe(data, next, &file->triggers, list)
		if (data->cmd_ops->trigger_type == ETT_EVENT_HIST)
			hist_detach(file, data);
}

/**
 * hist_cmd_run - run a hist command on @file, as if written to its trigger
 * @file: the event
 * @glob: "hist" or "!hist"
 * @text: what follows "hist:" (not changed)
 *
 * For the histograms actions make on other events.  event_mutex held.
 * Return: the command's result.
 */
int hist_cmd_run(struct trace_event_file *file, const char *glob,
		 const char *text)
{
	char *g = kstrdup(glob, GFP_KERNEL), *t = kstrdup(text, GFP_KERNEL);
	int err = -ENOMEM;

	if (g && t)
		err = hist_parse(&hist_cmd, file, g, "hist", t);
	kfree(g);
	kfree(t);
	return err;
}

struct event_command hist_cmd = {
	.name		= "hist",
	.trigger_type	= ETT_EVENT_HIST,
	.flags		= EVENT_CMD_FL_NEEDS_REC,
	.trigger	= hist_fire,
	.parse		= hist_parse,
	.set_filter	= set_trigger_filter,
	.reg		= hist_reg,
	.unreg		= hist_unreg,
	.unreg_all	= hist_unreg_all,
	.free		= hist_free,
	.print		= hist_trigger_print,
};

/* ---- boot -------------------------------------------------------------- */

static struct trace_readme_part hist_readme_triggers = {
	.rank	= TRACE_README_TRIGGERS,
	.text	=
	"\t    enable_hist:SYSTEM:EVENT\tlet the event's histograms count\n"
	"\t    disable_hist:SYSTEM:EVENT\tpause them\n"
	"\t    hist:...\t\t\tcount hits in a histogram (see below)\n",
};

static struct trace_readme_part hist_readme = {
	.rank	= TRACE_README_HIST,
	.text	=
	"Histograms (events/SYSTEM/EVENT/hist shows them):\n"
	"\t    hist:keys=<field1[,field2,...]>\n"
	"\t\t[:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n"
	"\t\t[:values=<field1[,field2,...]>][:sort=<field1[,field2]>]\n"
	"\t\t[:size=#entries][:name=NAME][:pause][:continue][:clear]\n"
	"\t\t[:nohitcount] [if <filter>]\n"
	"\t  Each hit adds to the entry of its key: 'hitcount' and the sums of\n"
	"\t  the values.  Keys can be any field, or the special string 'common_stacktrace'.\n"
	"\t  A field may end in .hex .sym .sym-offset .execname .syscall .log2\n"
	"\t  .buckets=N .usecs, a value also in .percent or .graph.\n"
	"\t  Special fields: common_timestamp, common_cpu.  Expressions\n"
	"\t  combine fields and numbers with + - * /.  Histograms of one name\n"
	"\t  share their entries.  '!hist:...' removes one; pause, continue\n"
	"\t  and clear act on an existing one.\n",
};

/* "onchange(var)" and "trace(<synthetic_event>" are ftracetest's. */
static struct trace_readme_part hist_readme_actions = {
	.rank	= TRACE_README_HIST,
	.text	=
	"\t  Variables: NAME=EXPR in a definition; $NAME (or SYSTEM.EVENT.$NAME)\n"
	"\t  reads it, in another histogram too, for the same key.\n"
	"\t  Handlers run an action when an entry is added or updated:\n"
	"\t    onmatch(SYSTEM.EVENT)  when the variables read come from that event\n"
	"\t    onmax(var)             when $var exceeds the entry's maximum\n"
	"\t    onchange(var)          when $var differs from its last value\n"
	"\t  Actions:\n"
	"\t    trace(<synthetic_event>,params), or <synthetic_event>(params)\n"
	"\t                           write that synthetic event\n"
	"\t    save(field,...)        keep the hit's fields with the entry\n",
};

/* "snapshot()" is ftracetest's. */
static struct trace_readme_part hist_readme_snapshot = {
	.rank	= TRACE_README_HIST,
	.text	=
	"\t    snapshot()             take a snapshot of the trace buffer\n",
};

/* events/SYSTEM/EVENT/hist: in every event directory, as upstream's. */
static const struct evreg_dir_file hist_dir_file = {
	.name	= "hist",
	.mode	= TRACE_MODE_READ,
	.fops	= &hist_file_fops,
};

/**
 * hist_boot_init - the histograms' part of the boot
 *
 * Registers the hist command, the events' hist file and the README
 * parts.  Called by trace_init() after the built-in trigger commands
 * are registered and before trace_trigger= is applied, so that a boot
 * trigger line may define a histogram.
 */
void __init hist_boot_init(void)
{
	WARN_ON(register_event_command(&hist_cmd) < 0);
	WARN_ON(evreg_register_event_file(EVREG_EVENT_HIST, &hist_dir_file));
	trace_readme_add(&hist_readme_triggers);
	trace_readme_add(&hist_readme);
	trace_readme_add(&hist_readme_actions);
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		trace_readme_add(&hist_readme_snapshot);
}
