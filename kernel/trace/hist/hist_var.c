// SPDX-License-Identifier: GPL-2.0
/*
 * Variables between histograms: finding the variable a "$name" names,
 * the references a histogram reads, and reading them on a hit
 * (histograms.rst, "How variables travel").
 *
 * A variable lives in the elements of its histogram's map: one value
 * per key, with a flag saying it is set.  A histogram that reads
 * "$name" keeps a reference (struct hist_field with HIST_FL(VAR_REF))
 * to the variable, once however often it names it, in its var_refs.  On
 * each hit the fire path resolves every reference with the key of the
 * hit: it looks the key up in the variable's map, and if the element is
 * not there or the variable not set, the hit is dropped.  References in
 * expressions read once: the variable is unset by the read, so one
 * sched_waking timestamp gives one latency.  References to the
 * histogram's own variables are read from its element after its own
 * update, for the actions.
 *
 * "$name" is looked for, in order: in the histograms of the event an
 * onmatch() of the same definition names, then in every histogram with
 * variables of the instance ("Variable name not unique" if two events
 * have it); "SYSTEM.EVENT.$name" looks only on that event.  A histogram
 * whose variables another histogram reads cannot be removed (-EBUSY).
 *
 * Histograms with variables or references are on hist_vars (event_mutex)
 * from their registration until they are freed; each holds a reference
 * to its instance meanwhile.
 *
 * Contexts: process, event_mutex held; hist_refs_resolve() runs on the
 * fire path (any context, no lock).
 */

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "events/trace_event.h"
#include "instance/trace_array.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"

/* Registered histograms with variables or references (event_mutex). */
static LIST_HEAD(hist_vars);

/**
 * hist_find_var - the variable @name of @hd
 * @hd: the histogram
 * @name: the variable's name
 *
 * Return: the variable's field, or NULL.
 */
struct hist_field *hist_find_var(const struct hist_data *hd, const char *name)
{
	unsigned int i;

	for (i = 0; i < hd->n_fields; i++)
		if (hd->fields[i]->flags & HIST_FL(VAR) &&
		    !strcmp(hd->fields[i]->var_name, name))
			return hd->fields[i];
	return NULL;
}

/**
 * hist_find_file_var - the variable @name of a histogram of @file
 * @file: the event
 * @name: the variable's name
 *
 * Return: the first histogram's variable of that name, or NULL.
 */
struct hist_field *hist_find_file_var(struct trace_event_file *file,
				      const char *name)
{
	struct event_trigger_data *data;
	struct hist_field *var;

	list_for_each_entry(data, &file->triggers, list) {
		if (data->cmd_ops->trigger_type != ETT_EVENT_HIST)
			continue;
		var = hist_find_var(data->private_data, name);
		if (var)
			return var;
	}
	return NULL;
}

/**
 * hist_var_taken - may @hd not define a variable @name?
 * @hd: the histogram being defined
 * @name: the name
 *
 * Return: whether @hd or another histogram of its event has one.
 */
bool hist_var_taken(struct hist_data *hd, const char *name)
{
	return hist_find_var(hd, name) || hist_find_file_var(hd->file, name);
}

/*
 * The event whose histograms define @name: SYSTEM.EVENT if given, else
 * the one event of @tr with such a histogram (NULL, logged, if two).
 */
static struct trace_event_file *hist_var_file(struct hist_ctx *ctx,
					      struct trace_array *tr,
					      const char *system,
					      const char *event,
					      const char *name)
{
	struct trace_event_file *found = NULL;
	struct hist_data *hd;

	if (system)
		return __find_event_file(tr, system, event);
	list_for_each_entry(hd, &hist_vars, vars_link) {
		if (hd->file->tr != tr || hd->file == found ||
		    !hist_find_var(hd, name))
			continue;
		if (found) {
			hist_err(ctx, HIST_ERR_VAR_NOT_UNIQUE, name);
			return NULL;
		}
		found = hd->file;
	}
	return found;
}

/*
 * @name in the events @hd's onmatch() clauses name: NULL if none has
 * it, an ERR_PTR (logged) if two do.
 */
static struct hist_field *hist_match_var(struct hist_ctx *ctx,
					 struct hist_data *hd,
					 const char *name)
{
	struct hist_field *var, *found = NULL;
	struct trace_event_file *file;
	struct hist_action *a;
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (a->handler != HIST_ONMATCH)
			continue;
		file = hist_var_file(ctx, hd->file->tr, a->match_system,
				     a->match_event, name);
		var = file ? hist_find_file_var(file, name) : NULL;
		if (!var)
			continue;
		if (found) {
			hist_err(ctx, HIST_ERR_VAR_NOT_UNIQUE, name);
			return ERR_PTR(-EINVAL);
		}
		found = var;
	}
	return found;
}

/**
 * hist_find_event_var - the variable a reference names
 * @ctx: where errors are reported
 * @hd: the histogram with the reference
 * @system: the reference's "SYSTEM." or NULL
 * @event: its "EVENT." or NULL
 * @name: the variable's name, without '$'
 *
 * Return: the variable's field, or NULL.
 */
struct hist_field *hist_find_event_var(struct hist_ctx *ctx,
				       struct hist_data *hd,
				       const char *system, const char *event,
				       const char *name)
{
	struct trace_event_file *file;
	struct hist_field *var;

	if (!system || !event) {
		var = hist_match_var(ctx, hd, name);
		if (IS_ERR(var))
			return NULL;
		if (var)
			return var;
	}
	file = hist_var_file(ctx, hd->file->tr, system, event, name);
	return file ? hist_find_file_var(file, name) : NULL;
}

/**
 * hist_ref_point - make @f read the variable @var through reference @idx
 * @f: a reference, an operand reading one, or an alias
 * @var: the variable
 * @idx: the reference's index in its histogram's var_refs
 *
 * @f takes the variable's size, sign and type.
 */
void hist_ref_point(struct hist_field *f, struct hist_field *var,
		    unsigned int idx)
{
	f->fn = HIST_FN_VAR_REF;
	f->ref_hd = var->hd;
	f->ref_var = var;
	f->ref_idx = idx;
	f->size = var->size;
	f->is_signed = var->is_signed;
	f->type = var->type;
}

/**
 * hist_var_ref - @hd's reference to @var, made if it has none
 * @hd: the histogram that reads it
 * @var: the variable (of @hd or of another histogram)
 * @system: "SYSTEM." as written, or NULL
 * @event: "EVENT." as written, or NULL
 *
 * Return: the reference (owned by @hd's var_refs), or NULL when there
 * is no room or memory.
 */
struct hist_field *hist_var_ref(struct hist_data *hd, struct hist_field *var,
				const char *system, const char *event)
{
	struct hist_field *ref;
	unsigned int i;

	for (i = 0; i < hd->n_var_refs; i++)
		if (hd->var_refs[i]->ref_var == var)
			return hd->var_refs[i];
	if (hd->n_var_refs == TRACING_MAP_VARS_MAX)
		return NULL;

	ref = hist_field_alloc(hd, HIST_FL(VAR_REF) |
			       (var->flags & HIST_REF_FLAGS), NULL);
	if (!ref)
		return NULL;
	hist_ref_point(ref, var, hd->n_var_refs);
	if (system)
		ref->name = kasprintf(GFP_KERNEL, "%s.%s.$%s", system, event,
				      var->var_name);
	else
		ref->name = kstrdup(var->var_name, GFP_KERNEL);
	ref->ref_system = kstrdup(system, GFP_KERNEL);
	ref->ref_event = kstrdup(event, GFP_KERNEL);
	if (!ref->name || !ref->ref_system != !system ||
	    !ref->ref_event != !event) {
		hist_field_destroy(ref);
		return NULL;
	}
	hd->var_refs[hd->n_var_refs++] = ref;
	return ref;
}

/**
 * hist_var_new - a variable of @hd that is not one of its fields
 * @hd: the histogram
 * @name: its name
 * @size: its value's size
 * @type: its value's type
 *
 * For the values actions keep ("__max") and the fields they pass.
 * Return: the variable, or an ERR_PTR (-EINVAL: the name is taken or
 * the map has no variable left).
 */
struct hist_field *hist_var_new(struct hist_data *hd, const char *name,
				unsigned int size, const char *type)
{
	struct hist_field *var;
	int idx;

	if (!hd->remove && hist_var_taken(hd, name))
		return ERR_PTR(-EINVAL);
	var = hist_field_alloc(hd, HIST_FL(VAR), name);
	if (!var)
		return ERR_PTR(-ENOMEM);
	idx = tracing_map_add_var(hd->map);
	if (idx < 0) {
		hist_field_destroy(var);
		return ERR_PTR(-EINVAL);
	}
	var->var_idx = idx;
	var->size = size;
	var->type = type;
	return var;
}

/**
 * hist_refs_resolve - read @hd's references to other histograms' variables
 * @hd: the histogram hit
 * @key: the hit's key
 * @refs: their values, by reference index
 *
 * Context: the fire path.
 * Return: false when one is not there (no element of @key, or the
 * variable not set): the hit is dropped.
 */
bool hist_refs_resolve(const struct hist_data *hd, const void *key, u64 *refs)
{
	const struct hist_field *ref;
	struct tracing_map_elt *elt;
	const struct hist_data *vhd;
	unsigned int i, idx;

	for (i = 0; i < hd->n_var_refs; i++) {
		ref = hd->var_refs[i];
		vhd = ref->ref_hd;
		if (vhd == hd)
			continue;
		/* a longer key than ours would be read past its end */
		if (vhd->key_size > hd->key_size)
			return false;
		elt = tracing_map_lookup(vhd->map, key);
		idx = ref->ref_var->var_idx;
		if (!elt || !tracing_map_var_set(elt, idx))
			return false;
		if (ref->read_once)
			refs[i] = tracing_map_read_var_once(elt, idx);
		else
			refs[i] = tracing_map_read_var(elt, idx);
	}
	return true;
}

/**
 * hist_refs_resolve_own - read @hd's references to its own variables
 * @hd: the histogram hit
 * @elt: the hit's element, updated
 * @refs: their values, by reference index
 *
 * Context: the fire path.
 * Return: false when one is not set.
 */
bool hist_refs_resolve_own(const struct hist_data *hd,
			   struct tracing_map_elt *elt, u64 *refs)
{
	const struct hist_field *ref;
	unsigned int i, idx;

	for (i = 0; i < hd->n_var_refs; i++) {
		ref = hd->var_refs[i];
		if (ref->ref_hd != hd)
			continue;
		idx = ref->ref_var->var_idx;
		if (!tracing_map_var_set(elt, idx))
			return false;
		refs[i] = tracing_map_read_var(elt, idx);
	}
	return true;
}

/**
 * hist_vars_referenced - does another histogram read @hd's variables?
 * @hd: the histogram
 */
bool hist_vars_referenced(const struct hist_data *hd)
{
	const struct hist_data *other;
	unsigned int i;

	list_for_each_entry(other, &hist_vars, vars_link) {
		if (other == hd)
			continue;
		for (i = 0; i < other->n_var_refs; i++)
			if (other->var_refs[i]->ref_hd == hd)
				return true;
	}
	return false;
}

/* Whether @hd has variables or references (and must be on hist_vars). */
static bool hist_has_vars(const struct hist_data *hd)
{
	return hd->n_vars || hd->n_var_refs || hd->n_field_vars ||
	       hd->n_save_vars;
}

/**
 * hist_vars_publish - make @hd's variables findable
 * @hd: a histogram being registered
 *
 * Return: 0, or -ENODEV when its instance is going.
 */
int hist_vars_publish(struct hist_data *hd)
{
	if (!hist_has_vars(hd) || !list_empty(&hd->vars_link))
		return 0;
	if (tracing_check_open_get_tr(hd->file->tr))
		return -ENODEV;
	list_add(&hd->vars_link, &hist_vars);
	return 0;
}

/**
 * hist_vars_unpublish - undo hist_vars_publish()
 * @hd: the histogram (no histogram reads its variables any more)
 */
void hist_vars_unpublish(struct hist_data *hd)
{
	if (list_empty(&hd->vars_link))
		return;
	WARN_ON_ONCE(hist_vars_referenced(hd));
	list_del_init(&hd->vars_link);
	trace_array_put(hd->file->tr);
}
