// SPDX-License-Identifier: GPL-2.0
/*
 * Handlers and actions of histograms (histograms.rst, "Handlers and
 * actions"): what a hit does besides counting.
 *
 *   onmatch(SYSTEM.EVENT).SYNTH(params)    every hit whose references
 *   onmatch(SYSTEM.EVENT).trace(SYNTH,params)   resolved writes SYNTH
 *   onmax($var).ACTION                     when $var exceeds the
 *                                          element's maximum so far
 *   onchange($var).ACTION                  when it differs from the last
 *       ACTION: save(field,...)            keep those fields per element
 *               snapshot()                 swap the snapshot buffer
 *               SYNTH(params), trace(SYNTH,params)
 *
 * A parameter is "$var" (of this histogram, or of onmatch's event, or
 * "SYSTEM.EVENT.$var"), or a field: of this event, which gets a variable
 * of its own set on every hit; or of onmatch's event ("SYSTEM.EVENT.
 * FIELD", or a field this event lacks), for which a histogram
 * "keys=<the same keys>:synthetic_FIELD=FIELD" is made on that event and
 * removed with this one.  Every parameter is passed to the synthetic
 * event as a variable reference, checked against its field's type.
 *
 * The actions run on the fire path, after the element is updated and
 * the histogram's own references are resolved; everything else runs in
 * process context with event_mutex held.
 */

#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/trace_event.h"
#include "instance/trace_array.h"
#include "synth/synth_event.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"

/* ---- parsing ----------------------------------------------------------- */

/* "p1,p2,...": stripped, each at least two characters. */
static int hist_action_params(struct hist_ctx *ctx, struct hist_action *a,
			      char *params, bool trace_kw)
{
	bool first = true;
	char *param;

	while (params) {
		if (a->n_params == HIST_PARAMS_MAX) {
			hist_err(ctx, HIST_ERR_TOO_MANY_PARAMS, NULL);
			return -EINVAL;
		}
		param = strstrip(strsep(&params, ","));
		if (strlen(param) < 2) {
			hist_err(ctx, HIST_ERR_INVALID_PARAM, param);
			return -EINVAL;
		}
		param = kstrdup(param, GFP_KERNEL);
		if (!param)
			return -ENOMEM;
		if (first && trace_kw)
			a->synth_name = param;
		else
			a->params[a->n_params++] = param;
		first = false;
	}
	return 0;
}

/* ".ACTION(params)" after the handler's closing parenthesis. */
static int hist_action_parse(struct hist_ctx *ctx, struct hist_action *a,
			     char *str)
{
	char *name, *params;
	int err;

	strsep(&str, ".");
	if (!str) {
		hist_err(ctx, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	name = strsep(&str, "(");
	if (!name || !str) {
		hist_err(ctx, HIST_ERR_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	params = strsep(&str, ")");
	/* by prefix, as 6.12: "savings(...)" is a save() */
	if (str_has_prefix(name, "save"))
		a->act = HIST_ACT_SAVE;
	else if (str_has_prefix(name, "snapshot"))
		a->act = HIST_ACT_SNAPSHOT;
	if (a->act) {
		if (a->act == HIST_ACT_SNAPSHOT && !str) {
			hist_err(ctx, HIST_ERR_NO_CLOSING_PAREN, params);
			return -EINVAL;
		}
		if (a->act == HIST_ACT_SAVE) {
			err = hist_action_params(ctx, a, params, false);
			if (err)
				return err;
		}
		if (a->handler == HIST_ONMATCH) {
			hist_err(ctx, HIST_ERR_ACTION_MISMATCH, name);
			return -EINVAL;
		}
	} else {
		a->act = HIST_ACT_TRACE;
		if (params) {
			err = hist_action_params(ctx, a, params,
						 str_has_prefix(name, "trace"));
			if (err)
				return err;
		}
	}
	a->name = kstrdup(name, GFP_KERNEL);
	return a->name ? 0 : -ENOMEM;
}

/* "onmatch(SYSTEM.EVENT).ACTION(...)", from after "onmatch(". */
static int hist_onmatch_parse(struct hist_ctx *ctx, struct hist_data *hd,
			      struct hist_action *a, char *str)
{
	char *event, *system;

	event = strsep(&str, ")");
	if (!event || !str) {
		hist_err(ctx, HIST_ERR_NO_CLOSING_PAREN, event);
		return -EINVAL;
	}
	system = strsep(&event, ".");
	if (!event) {
		hist_err(ctx, HIST_ERR_SUBSYS_NOT_FOUND, system);
		return -EINVAL;
	}
	if (!__find_event_file(hd->file->tr, system, event)) {
		hist_err(ctx, HIST_ERR_INVALID_SUBSYS_EVENT, event);
		return -EINVAL;
	}
	a->match_system = kstrdup(system, GFP_KERNEL);
	a->match_event = kstrdup(event, GFP_KERNEL);
	if (!a->match_system || !a->match_event)
		return -ENOMEM;
	return hist_action_parse(ctx, a, str);
}

/* "onmax($var).ACTION(...)", from after "onmax(". */
static int hist_track_parse(struct hist_ctx *ctx, struct hist_action *a,
			    char *str)
{
	char *var = strsep(&str, ")");

	if (!var || !str)
		return -EINVAL;
	a->track_str = kstrdup(var, GFP_KERNEL);
	if (!a->track_str)
		return -ENOMEM;
	return hist_action_parse(ctx, a, str);
}

static void hist_action_free(struct hist_action *a)
{
	unsigned int i;

	for (i = 0; i < a->n_params; i++)
		kfree(a->params[i]);
	if (a->synth)
		a->synth->ref--;
	hist_field_destroy(a->track_var);
	kfree(a->name);
	kfree(a->synth_name);
	kfree(a->match_system);
	kfree(a->match_event);
	kfree(a->track_str);
	kfree(a);
}

/**
 * hist_actions_parse - read @hd's handler clauses
 * @ctx: where errors are reported
 * @hd: the histogram being defined (its attrs hold the clauses)
 *
 * Return: 0 or the first clause's error.
 */
int hist_actions_parse(struct hist_ctx *ctx, struct hist_data *hd)
{
	static const struct {
		const char *prefix;
		enum hist_handler handler;
	} handlers[] = {
		{ "onmatch(", HIST_ONMATCH },
		{ "onmax(", HIST_ONMAX },
		{ "onchange(", HIST_ONCHANGE },
	};
	struct hist_action *a;
	unsigned int i, j;
	char *copy, *str;
	size_t len;
	int err;

	for (i = 0; i < hd->attrs->n_handlers; i++) {
		a = kzalloc(sizeof(*a), GFP_KERNEL);
		copy = kstrdup(hd->attrs->action[i], GFP_KERNEL);
		if (!a || !copy) {
			kfree(a);
			kfree(copy);
			return -ENOMEM;
		}
		hd->actions[hd->n_actions++] = a;
		err = -EINVAL;
		for (j = 0; j < ARRAY_SIZE(handlers); j++) {
			len = str_has_prefix(copy, handlers[j].prefix);
			if (!len)
				continue;
			a->handler = handlers[j].handler;
			str = copy + len;
			if (a->handler == HIST_ONMATCH)
				err = hist_onmatch_parse(ctx, hd, a, str);
			else
				err = hist_track_parse(ctx, a, str);
			break;
		}
		kfree(copy);
		if (err)
			return err;
	}
	return 0;
}

/* ---- creating ---------------------------------------------------------- */

/* @hd's event is SYSTEM.EVENT (or neither is given). */
static bool hist_is_event(struct hist_data *hd, const char *system,
			  const char *event)
{
	struct trace_event_call *call = hd->file->event_call;

	if (!system)
		return true;
	return event && !strcmp(system, call->class->system) &&
	       !strcmp(event, trace_event_name(call));
}

/* A variable of @hd set from the field @name on every hit. */
static struct hist_field *hist_field_var(struct hist_ctx *ctx,
					 struct hist_data *hd,
					 struct hist_field_var *fv,
					 unsigned int *n, const char *name)
{
	struct hist_field *val, *var;
	char *text;

	if (*n == HIST_PARAMS_MAX) {
		hist_err(ctx, HIST_ERR_TOO_MANY_FIELD_VARS, name);
		return ERR_PTR(-EINVAL);
	}
	text = kstrdup(name, GFP_KERNEL);
	if (!text)
		return ERR_PTR(-ENOMEM);
	val = hist_var_field(ctx, hd, text, NULL);
	kfree(text);
	if (IS_ERR(val)) {
		hist_err(ctx, HIST_ERR_FIELD_VAR_PARSE_FAIL, name);
		return val;
	}
	var = hist_var_new(hd, name, val->size, val->type);
	if (IS_ERR(var)) {
		hist_err(ctx, HIST_ERR_VAR_CREATE_FIND_FAIL, name);
		hist_field_destroy(val);
		return var;
	}
	/* unsigned whatever the field: what 6.12 checks parameters against */
	var->flags |= val->flags & (HIST_FL(STACKTRACE) | HIST_FL(STRING));
	if (val->flags & (HIST_FL(STRING) | HIST_FL(STACKTRACE)))
		var->str_idx = hd->n_strs++;
	fv[*n].var = var;
	fv[*n].val = val;
	(*n)++;
	return var;
}

/* @other's keys match @hd's in number, type, size and sign. */
static bool hist_keys_compatible(const struct hist_data *hd,
				 const struct hist_data *other)
{
	const struct hist_field *a, *b;
	unsigned int i;

	if (hd->n_keys != other->n_keys)
		return false;
	for (i = 0; i < hd->n_keys; i++) {
		a = hd->fields[hd->n_vals + i];
		b = other->fields[other->n_vals + i];
		if (strcmp(a->type, b->type) || a->size != b->size ||
		    a->is_signed != b->is_signed)
			return false;
	}
	return true;
}

/*
 * The variable "synthetic_FIELD" on SYSTEM.EVENT: made by a histogram
 * with the keys of one already there, which @hd removes when it goes.
 */
static struct hist_field *hist_var_hist(struct hist_ctx *ctx,
					struct hist_data *hd,
					const char *system, const char *event,
					const char *field)
{
	struct event_trigger_data *data, *found = NULL;
	struct trace_event_file *file;
	struct hist_field *var, *key;
	struct hist_data *other;
	struct seq_buf s;
	char *name, *cmd;
	unsigned int i;
	int err;

	if (hd->n_var_hists == HIST_PARAMS_MAX) {
		hist_err(ctx, HIST_ERR_TOO_MANY_FIELD_VARS, field);
		return ERR_PTR(-EINVAL);
	}
	file = __find_event_file(hd->file->tr, system, event);
	if (!file) {
		hist_err(ctx, HIST_ERR_EVENT_FILE_NOT_FOUND, field);
		return ERR_PTR(-EINVAL);
	}
	list_for_each_entry(data, &file->triggers, list) {
		if (data->cmd_ops->trigger_type == ETT_EVENT_HIST &&
		    hist_keys_compatible(hd, data->private_data)) {
			found = data;
			break;
		}
	}
	if (!found) {
		hist_err(ctx, HIST_ERR_HIST_NOT_FOUND, field);
		return ERR_PTR(-EINVAL);
	}
	name = kasprintf(GFP_KERNEL, "synthetic_%s", field);
	if (!name)
		return ERR_PTR(-ENOMEM);
	var = hist_find_event_var(ctx, hd, system, event, name);
	if (var)
		goto out;

	cmd = kzalloc(MAX_FILTER_STR_VAL, GFP_KERNEL);
	if (!cmd) {
		var = ERR_PTR(-ENOMEM);
		goto out;
	}
	seq_buf_init(&s, cmd, MAX_FILTER_STR_VAL);
	other = found->private_data;
	seq_buf_puts(&s, "keys=");
	for (i = 0; i < other->n_keys; i++) {
		key = other->fields[other->n_vals + i];
		seq_buf_printf(&s, "%s%s", i ? "," : "", hist_field_name(key));
		if (hist_field_modifier(key))
			seq_buf_printf(&s, ".%s", hist_field_modifier(key));
	}
	seq_buf_printf(&s, ":%s=%s", name, field);
	if (found->filter_str)
		seq_buf_printf(&s, " if %s", found->filter_str);
	if (seq_buf_has_overflowed(&s)) {
		kfree(cmd);
		var = ERR_PTR(-E2BIG);
		goto out;
	}
	seq_buf_str(&s);
	err = hist_cmd_run(file, "hist", cmd);
	if (err) {
		kfree(cmd);
		hist_err(ctx, HIST_ERR_HIST_CREATE_FAIL, field);
		var = ERR_PTR(err);
		goto out;
	}
	hd->var_hists[hd->n_var_hists].file = file;
	hd->var_hists[hd->n_var_hists++].cmd = cmd;
	var = hist_find_event_var(ctx, hd, system, event, name);
	if (!var) {
		hist_err(ctx, HIST_ERR_SYNTH_VAR_NOT_FOUND, field);
		var = ERR_PTR(-EINVAL);
	}
out:
	kfree(name);
	return var;
}

/* The variable a "$name" parameter names. */
static struct hist_field *hist_param_var(struct hist_ctx *ctx,
					 struct hist_data *hd,
					 struct hist_action *a,
					 const char *system, const char *event,
					 const char *name)
{
	struct hist_field *var = NULL;

	if (hist_is_event(hd, system, event))
		var = hist_find_var(hd, name);
	if (!var) {
		if (!system && a->handler == HIST_ONMATCH) {
			system = a->match_system;
			event = a->match_event;
		}
		var = hist_find_event_var(ctx, hd, system, event, name);
	}
	if (!var)
		hist_err(ctx, HIST_ERR_PARAM_NOT_FOUND, name);
	return var;
}

/* The variable a field parameter is passed through. */
static struct hist_field *hist_param_field(struct hist_ctx *ctx,
					   struct hist_data *hd,
					   struct hist_action *a,
					   const char *system,
					   const char *event, const char *name)
{
	struct hist_field *var = ERR_PTR(-EINVAL);

	if (hist_is_event(hd, system, event))
		var = hist_field_var(ctx, hd, hd->field_vars,
				     &hd->n_field_vars, name);
	if (!IS_ERR(var))
		return var;
	if (!system && a->handler == HIST_ONMATCH) {
		system = a->match_system;
		event = a->match_event;
	}
	if (!event)
		return NULL;
	var = hist_var_hist(ctx, hd, system, event, name);
	return IS_ERR(var) ? NULL : var;
}

/* May @var be passed as field @pos of @se? */
static bool hist_param_fits(const struct synth_event *se,
			    const struct hist_field *var, unsigned int pos)
{
	const struct synth_field *sf;

	if (pos >= se->n_fields)
		return false;
	sf = &se->fields[pos];
	if (strstr(var->type, "char[") && sf->is_string && sf->is_dynamic)
		return true;
	if (!!(var->flags & HIST_FL(STACKTRACE)) != sf->is_stack)
		return false;
	if (sf->is_stack || !strcmp(sf->type, var->type))
		return true;
	return sf->size == var->size &&
	       (sf->is_string || sf->is_signed == var->is_signed);
}

/* SYNTH(params) / trace(SYNTH,params): the event, each parameter a ref. */
static int hist_trace_create(struct hist_ctx *ctx, struct hist_data *hd,
			     struct hist_action *a)
{
	const char *sname = a->synth_name ?: a->name;
	char *copy, *param, *system, *event;
	struct hist_field *var, *ref;
	struct synth_event *se;
	unsigned int i;

	se = synth_find(sname);
	if (!se) {
		hist_err(ctx, HIST_ERR_SYNTH_EVENT_NOT_FOUND, sname);
		return -EINVAL;
	}
	se->ref++;
	a->synth = se;

	for (i = 0; i < a->n_params; i++) {
		copy = kstrdup(a->params[i], GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
		param = copy;
		system = strsep(&param, ".");
		event = NULL;
		if (!param) {
			param = system;
			system = NULL;
		} else {
			event = strsep(&param, ".");
			if (!param) {
				kfree(copy);
				return -EINVAL;
			}
		}
		if (param[0] == '$')
			var = hist_param_var(ctx, hd, a, system, event,
					     param + 1);
		else
			var = hist_param_field(ctx, hd, a, system, event,
					       param);
		if (!var) {
			kfree(copy);
			return -EINVAL;
		}
		if (!hist_param_fits(se, var, i)) {
			hist_err(ctx, HIST_ERR_SYNTH_TYPE_MISMATCH, param);
			kfree(copy);
			return -EINVAL;
		}
		ref = hist_var_ref(hd, var, system, event);
		kfree(copy);
		if (!ref)
			return -ENOMEM;
		a->ref_idx[i] = ref->ref_idx;
	}
	if (a->n_params != se->n_fields) {
		hist_err(ctx, HIST_ERR_SYNTH_COUNT_MISMATCH, se->name);
		return -EINVAL;
	}
	return 0;
}

/* A hit that asks for a snapshot: its key, its element's new value. */
struct hist_snapshot_hit {
	const void		*key;
	struct tracing_map_elt	*elt;
	u64			val;
};

/*
 * The conditional snapshot's update (max_lock held, irqs off): swap
 * when the hit's value passes the handler's test against the value of
 * the last snapshot, over all elements, and remember the hit.
 */
static bool hist_snapshot_update(struct trace_array *tr, void *cond_data)
{
	struct hist_snapshot *snap = tr->cond_snapshot->cond_data;
	const struct hist_snapshot_hit *hit = cond_data;
	struct hist_elt *he = hit->elt->private_data;

	if (snap->action->handler == HIST_ONMAX ? hit->val <= snap->track_val :
						  hit->val == snap->track_val)
		return false;
	snap->track_val = hit->val;
	memcpy(snap->key, hit->key, snap->hd->key_size);
	if (he->comm)
		memcpy(snap->comm, he->comm, TASK_COMM_LEN);
	snap->updated = true;
	return true;
}

/* snapshot(): the instance's conditional snapshot, ours while we live. */
static int hist_snapshot_create(struct hist_data *hd, struct hist_action *a)
{
	int err;

	a->snap = kzalloc(sizeof(*a->snap), GFP_KERNEL);
	if (!a->snap)
		return -ENOMEM;
	a->snap->hd = hd;
	a->snap->action = a;
	err = tracing_snapshot_cond_enable(hd->file->tr, a->snap,
					   hist_snapshot_update);
	if (err) {
		kfree(a->snap);
		a->snap = NULL;
	}
	return err;
}

/**
 * hist_actions_snapshot - the state of @hd's snapshot(), if it has one
 * @hd: the histogram
 */
const struct hist_snapshot *hist_actions_snapshot(const struct hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++)
		if (hd->actions[i]->snap)
			return hd->actions[i]->snap;
	return NULL;
}

/* save(fields): one set per histogram, kept per element. */
static int hist_save_create(struct hist_ctx *ctx, struct hist_data *hd,
			    struct hist_action *a)
{
	struct hist_field *var;
	unsigned int i;

	if (hd->n_save_vars) {
		hist_err(ctx, HIST_ERR_TOO_MANY_SAVE_ACTIONS, NULL);
		return -EEXIST;
	}
	for (i = 0; i < a->n_params; i++) {
		var = hist_field_var(ctx, hd, hd->save_vars, &hd->n_save_vars,
				     a->params[i]);
		if (IS_ERR(var)) {
			hist_err(ctx, HIST_ERR_FIELD_VAR_CREATE_FAIL,
				 a->params[i]);
			return PTR_ERR(var);
		}
	}
	return 0;
}

/* onmax/onchange: the reference to $var and the value kept. */
static int hist_track_create(struct hist_ctx *ctx, struct hist_data *hd,
			     struct hist_action *a)
{
	struct hist_field *var;

	if (a->track_str[0] != '$') {
		hist_err(ctx, HIST_ERR_ONX_NOT_VAR, a->track_str);
		return -EINVAL;
	}
	var = hist_find_var(hd, a->track_str + 1);
	if (!var) {
		hist_err(ctx, HIST_ERR_ONX_VAR_NOT_FOUND, a->track_str + 1);
		return -EINVAL;
	}
	a->track_ref = hist_var_ref(hd, var, NULL, NULL);
	if (!a->track_ref)
		return -ENOMEM;
	a->track_var = hist_var_new(hd, a->handler == HIST_ONMAX ?
				    "__max" : "__change", sizeof(u64), "u64");
	if (IS_ERR(a->track_var)) {
		hist_err(ctx, HIST_ERR_ONX_VAR_CREATE_FAIL, NULL);
		return PTR_ERR(a->track_var);
	}
	return 0;
}

/**
 * hist_actions_create - make what @hd's actions need
 * @ctx: where errors are reported
 * @hd: a new histogram, its map created but not allocated
 *
 * Return: 0 or the first action's error.
 */
int hist_actions_create(struct hist_ctx *ctx, struct hist_data *hd)
{
	struct hist_action *a;
	unsigned int i;
	int err = 0;

	for (i = 0; i < hd->n_actions && !err; i++) {
		a = hd->actions[i];
		if (a->handler != HIST_ONMATCH) {
			err = hist_track_create(ctx, hd, a);
			if (err) {
				/* not made: not freed as a variable */
				a->track_var = NULL;
				break;
			}
		}
		switch (a->act) {
		case HIST_ACT_TRACE:
			err = hist_trace_create(ctx, hd, a);
			break;
		case HIST_ACT_SAVE:
			err = hist_save_create(ctx, hd, a);
			break;
		case HIST_ACT_SNAPSHOT:
			err = hist_snapshot_create(hd, a);
			break;
		}
	}
	return err;
}

/**
 * hist_actions_destroy - free @hd's actions and what they made
 * @hd: the histogram (no probe runs it any more)
 *
 * The histograms made on other events go too.
 */
void hist_actions_destroy(struct hist_data *hd)
{
	struct hist_var_hist *vh;
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++) {
		if (hd->actions[i]->snap) {
			tracing_snapshot_cond_disable(hd->file->tr);
			kfree(hd->actions[i]->snap);
		}
		hist_action_free(hd->actions[i]);
	}
	hd->n_actions = 0;
	for (i = 0; i < hd->n_field_vars; i++) {
		hist_field_destroy(hd->field_vars[i].var);
		hist_field_destroy(hd->field_vars[i].val);
	}
	hd->n_field_vars = 0;
	for (i = 0; i < hd->n_save_vars; i++) {
		hist_field_destroy(hd->save_vars[i].var);
		hist_field_destroy(hd->save_vars[i].val);
	}
	hd->n_save_vars = 0;
	for (i = 0; i < hd->n_var_hists; i++) {
		vh = &hd->var_hists[i];
		WARN_ON_ONCE(hist_cmd_run(vh->file, "!hist", vh->cmd));
		kfree(vh->cmd);
	}
	hd->n_var_hists = 0;
}

/* ---- firing ------------------------------------------------------------ */

/* Whether the tracked value moves: a new maximum, or a change. */
static bool hist_track(const struct hist_action *a,
		       struct tracing_map_elt *elt, u64 v)
{
	unsigned int idx = a->track_var->var_idx;
	u64 kept = tracing_map_read_var(elt, idx);

	if (a->handler == HIST_ONMAX ? v <= kept : v == kept)
		return false;
	tracing_map_set_var(elt, idx, v);
	return true;
}

/**
 * hist_actions_fire - run @hd's actions for a hit
 * @hd: the histogram
 * @elt: the hit's element, updated
 * @rec: the hit's record
 * @buffer: its buffer
 * @rbe: its ring buffer event
 * @key: its key
 * @refs: every reference of @hd, resolved
 *
 * Context: the fire path.
 */
void hist_actions_fire(const struct hist_data *hd,
		       struct tracing_map_elt *elt, void *rec,
		       struct trace_buffer *buffer,
		       struct ring_buffer_event *rbe, const void *key,
		       const u64 *refs)
{
	struct hist_snapshot_hit hit;
	const struct hist_action *a;
	unsigned int i;
	u64 v = 0;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (a->handler != HIST_ONMATCH) {
			v = refs[a->track_ref->ref_idx];
			if (!hist_track(a, elt, v))
				continue;
		}
		switch (a->act) {
		case HIST_ACT_TRACE:
			synth_fire(a->synth, refs, a->ref_idx);
			break;
		case HIST_ACT_SAVE:
			hist_set_field_vars(hd->save_vars, hd->n_save_vars, elt,
					    rec, buffer, rbe, refs);
			break;
		case HIST_ACT_SNAPSHOT:
			hit.key = key;
			hit.elt = elt;
			hit.val = v;
			tracing_snapshot_cond(hd->file->tr, &hit);
			break;
		}
	}
}

/* ---- text -------------------------------------------------------------- */

/* What follows the action's name in its parentheses. */
static void hist_action_args(struct seq_file *m, const struct hist_data *hd,
			     const struct hist_action *a)
{
	unsigned int i;

	if (a->act == HIST_ACT_SAVE) {
		for (i = 0; i < hd->n_save_vars; i++)
			seq_printf(m, "%s%s", i ? "," : "",
				   hd->save_vars[i].var->var_name);
	} else if (a->act == HIST_ACT_TRACE) {
		if (a->synth_name)
			seq_puts(m, a->synth_name);
		for (i = 0; i < a->n_params; i++)
			seq_printf(m, "%s%s", i || a->synth_name ? "," : "",
				   a->params[i]);
	}
}

/**
 * hist_actions_print_spec - the handler clauses of the trigger line
 * @m: the file
 * @hd: the histogram
 */
void hist_actions_print_spec(struct seq_file *m, const struct hist_data *hd)
{
	const struct hist_action *a;
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (a->handler == HIST_ONMATCH)
			seq_printf(m, ":onmatch(%s.%s).", a->match_system,
				   a->match_event);
		else
			seq_printf(m, ":%s(%s).", a->handler == HIST_ONMAX ?
				   "onmax" : "onchange", a->track_str);
		seq_printf(m, "%s(", a->name);
		hist_action_args(m, hd, a);
		seq_putc(m, ')');
	}
}

/**
 * hist_actions_print_entry - what onmax/onchange keep for an element
 * @m: the hist file
 * @hd: the histogram
 * @elt: the element
 *
 * "\n\tmax: N" or "\n\tchanged: N", then each saved field.
 */
void hist_actions_print_entry(struct seq_file *m, const struct hist_data *hd,
			      struct tracing_map_elt *elt)
{
	const struct hist_field_var *sv;
	const struct hist_action *a;
	unsigned int i, j;
	u64 v;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (a->handler == HIST_ONMATCH || a->act == HIST_ACT_SNAPSHOT)
			continue;
		seq_printf(m, "\n\t%s: %10llu", a->handler == HIST_ONMAX ?
			   "max" : "changed",
			   tracing_map_read_var(elt, a->track_var->var_idx));
		for (j = 0; j < hd->n_save_vars; j++) {
			sv = &hd->save_vars[j];
			v = tracing_map_read_var(elt, sv->var->var_idx);
			if (sv->val->flags & HIST_FL(STRING))
				seq_printf(m, "  %s: %-32s", sv->var->var_name,
					   (char *)(unsigned long)v);
			else
				seq_printf(m, "  %s: %10llu",
					   sv->var->var_name, v);
		}
	}
}

/* The name an action writes: trace()'s first parameter, or its own. */
static const char *hist_action_target(const struct hist_action *a)
{
	return a->synth_name ?: a->name;
}

/**
 * hist_actions_same - do @a and @b have the same handler clauses?
 * @a: a histogram
 * @b: another
 */
bool hist_actions_same(const struct hist_data *a, const struct hist_data *b)
{
	const struct hist_action *x, *y;
	unsigned int i, j;

	if (a->n_actions != b->n_actions)
		return false;
	for (i = 0; i < a->n_actions; i++) {
		x = a->actions[i];
		y = b->actions[i];
		if (x->handler != y->handler || x->act != y->act ||
		    x->n_params != y->n_params ||
		    strcmp(hist_action_target(x), hist_action_target(y)))
			return false;
		for (j = 0; j < x->n_params; j++)
			if (strcmp(x->params[j], y->params[j]))
				return false;
		if (x->handler == HIST_ONMATCH &&
		    (strcmp(x->match_system, y->match_system) ||
		     strcmp(x->match_event, y->match_event)))
			return false;
		if (x->handler != HIST_ONMATCH &&
		    strcmp(x->track_str, y->track_str))
			return false;
	}
	return true;
}
