// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram definitions: from the text after "hist:" to a struct
 * hist_data with its fields, sort order and (not yet allocated) map.
 *
 * The text is a list of clauses separated by ':' (histograms.rst has
 * the grammar): "keys=" (up to three, comma-separated), "vals=" (up to
 * two besides hitcount), "sort=" (up to two, each with .ascending or
 * .descending), "size=", "name=", "clock=", variable assignments
 * "NAME=EXPR[,NAME=EXPR...]", the flags pause, cont(inue), clear and
 * nohitcount (NOHC), and handler clauses (hist_action.c).  A refused
 * definition is reported in error_log with the message and caret
 * position upstream gives, where upstream reports one, and with the same
 * errno.
 *
 * Everything here runs in process context with event_mutex held.
 */

#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "events/trace_event.h"
#include "messages/trace_errlog.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"

static const char *hist_err_text[HIST_ERR_COUNT] = {
	[HIST_ERR_DUPLICATE_VAR]	= "Variable already defined",
	[HIST_ERR_TOO_MANY_VARS]	= "Too many variables defined",
	[HIST_ERR_MALFORMED_ASSIGNMENT]	= "Malformed assignment",
	[HIST_ERR_NAMED_MISMATCH]	=
		"Named hist trigger doesn't match existing named trigger (includes variables)",
	[HIST_ERR_TRIGGER_EEXIST]	= "Hist trigger already exists",
	[HIST_ERR_TRIGGER_ENOENT_CLEAR]	=
		"Can't clear or continue a nonexistent hist trigger",
	[HIST_ERR_SET_CLOCK_FAIL]	= "Couldn't set trace_clock",
	[HIST_ERR_BAD_FIELD_MODIFIER]	= "Invalid field modifier",
	[HIST_ERR_TOO_MANY_SUBEXPR]	= "Too many subexpressions (3 max)",
	[HIST_ERR_TIMESTAMP_MISMATCH]	=
		"Timestamp units in expression don't match",
	[HIST_ERR_FIELD_NOT_FOUND]	= "Couldn't find field",
	[HIST_ERR_EMPTY_ASSIGNMENT]	= "Empty assignment",
	[HIST_ERR_INVALID_SORT_MODIFIER] = "Invalid sort modifier",
	[HIST_ERR_EMPTY_SORT_FIELD]	= "Empty sort field",
	[HIST_ERR_TOO_MANY_SORT_FIELDS]	= "Too many sort fields (Max = 2)",
	[HIST_ERR_INVALID_SORT_FIELD]	= "Sort field must be a key or a val",
	[HIST_ERR_INVALID_STR_OPERAND]	=
		"String type can not be an operand in expression",
	[HIST_ERR_EXPECT_NUMBER]	= "Expecting numeric literal",
	[HIST_ERR_UNARY_MINUS_SUBEXPR]	=
		"Unary minus not supported in sub-expressions",
	[HIST_ERR_DIVISION_BY_ZERO]	= "Division by zero",
	[HIST_ERR_NEED_NOHC_VAL]	=
		"Non-hitcount value is required for 'nohitcount'",
	[HIST_ERR_VAR_NOT_UNIQUE]	=
		"Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	[HIST_ERR_TOO_MANY_FIELD_VARS]	= "Too many field variables defined",
	[HIST_ERR_EVENT_FILE_NOT_FOUND]	= "Event file not found",
	[HIST_ERR_HIST_NOT_FOUND]	= "Matching event histogram not found",
	[HIST_ERR_HIST_CREATE_FAIL]	= "Couldn't create histogram for field",
	[HIST_ERR_SYNTH_VAR_NOT_FOUND]	= "Couldn't find synthetic variable",
	[HIST_ERR_SYNTH_EVENT_NOT_FOUND] = "Couldn't find synthetic event",
	[HIST_ERR_SYNTH_TYPE_MISMATCH]	=
		"Param type doesn't match synthetic event field type",
	[HIST_ERR_SYNTH_COUNT_MISMATCH]	=
		"Param count doesn't match synthetic event field count",
	[HIST_ERR_FIELD_VAR_PARSE_FAIL]	= "Couldn't parse field variable",
	[HIST_ERR_VAR_CREATE_FIND_FAIL]	= "Couldn't create or find variable",
	[HIST_ERR_ONX_NOT_VAR]		=
		"For onmax(x) or onchange(x), x must be a variable",
	[HIST_ERR_ONX_VAR_NOT_FOUND]	= "Couldn't find onmax or onchange variable",
	[HIST_ERR_ONX_VAR_CREATE_FAIL]	=
		"Couldn't create onmax or onchange variable",
	[HIST_ERR_FIELD_VAR_CREATE_FAIL] = "Couldn't create field variable",
	[HIST_ERR_TOO_MANY_PARAMS]	= "Too many action params",
	[HIST_ERR_PARAM_NOT_FOUND]	= "Couldn't find param",
	[HIST_ERR_INVALID_PARAM]	= "Invalid action param",
	[HIST_ERR_ACTION_NOT_FOUND]	= "No action found",
	[HIST_ERR_NO_SAVE_PARAMS]	= "No params found for save()",
	[HIST_ERR_TOO_MANY_SAVE_ACTIONS] =
		"Can't have more than one save() action per hist",
	[HIST_ERR_ACTION_MISMATCH]	= "Handler doesn't support action",
	[HIST_ERR_NO_CLOSING_PAREN]	= "No closing paren found",
	[HIST_ERR_SUBSYS_NOT_FOUND]	= "Missing subsystem",
	[HIST_ERR_INVALID_SUBSYS_EVENT]	= "Invalid subsystem or event name",
	[HIST_ERR_INVALID_REF_KEY]	=
		"Using variable references in keys not supported",
	[HIST_ERR_VAR_NOT_FOUND]	= "Couldn't find variable",
};

/* ---- errors ------------------------------------------------------------ */

/**
 * hist_ctx_init - start reporting against one trigger line
 * @ctx: the context
 * @file: the event the line was written to
 * @text: what followed "hist:"
 *
 * Return: 0 or -ENOMEM.
 */
int hist_ctx_init(struct hist_ctx *ctx, struct trace_event_file *file,
		  const char *text)
{
	struct trace_event_call *call = file->event_call;

	ctx->tr = file->tr;
	ctx->err = -1;
	ctx->cmd = kasprintf(GFP_KERNEL, "hist:%s", text);
	if (!ctx->cmd)
		return -ENOMEM;
	snprintf(ctx->loc, sizeof(ctx->loc), "hist:%s:%s",
		 call->class->system, trace_event_name(call));
	return 0;
}

void hist_ctx_release(struct hist_ctx *ctx)
{
	kfree(ctx->cmd);
	ctx->cmd = NULL;
}

/**
 * hist_err - log a refused definition to error_log
 * @ctx: the line's context, or NULL (nothing is logged)
 * @err: what is wrong
 * @at: the text the caret points at: its first occurrence in the line
 *	(NULL: the start of the line)
 */
void hist_err(struct hist_ctx *ctx, enum hist_err err, const char *at)
{
	unsigned int pos = 0;

	if (!ctx || !ctx->cmd)
		return;
	if (at)
		pos = err_pos(ctx->cmd, at);
	ctx->err = err;
	ctx->pos = pos;
	tracing_log_err(ctx->tr, ctx->loc, ctx->cmd, hist_err_text, err, pos);
}

/* ---- clauses ----------------------------------------------------------- */

void hist_attrs_free(struct hist_attrs *attrs)
{
	unsigned int i;

	if (!attrs)
		return;
	for (i = 0; i < attrs->n_assign; i++)
		kfree(attrs->assign[i]);
	for (i = 0; i < attrs->n_handlers; i++)
		kfree(attrs->action[i]);
	kfree(attrs->keys);
	kfree(attrs->vals);
	kfree(attrs->sort);
	kfree(attrs->name);
	kfree(attrs->clock);
	kfree(attrs);
}

/* Replace *@slot by a copy of @text; -ENOMEM. */
static int hist_attr_set(char **slot, const char *text)
{
	char *copy = kstrdup(text, GFP_KERNEL);

	if (!copy)
		return -ENOMEM;
	kfree(*slot);
	*slot = copy;
	return 0;
}

/* size=N: room for N keys, rounded up to a power of two. */
static int hist_size_bits(const char *text)
{
	unsigned long n;
	unsigned int bits;

	if (kstrtoul(text, 0, &n) || !n || n > BIT(TRACING_MAP_BITS_MAX))
		return -EINVAL;
	bits = order_base_2(n);
	if (bits < TRACING_MAP_BITS_MIN)
		return -EINVAL;
	return bits;
}

/* A clause with an '=': NAME=VALUE, VALUE not empty. */
static int hist_assignment(struct hist_ctx *ctx, struct hist_attrs *attrs,
			   char *clause)
{
	static const struct {
		const char *prefix;
		size_t slot;
	} named[] = {
		{ "key=", offsetof(struct hist_attrs, keys) },
		{ "keys=", offsetof(struct hist_attrs, keys) },
		{ "val=", offsetof(struct hist_attrs, vals) },
		{ "vals=", offsetof(struct hist_attrs, vals) },
		{ "values=", offsetof(struct hist_attrs, vals) },
		{ "sort=", offsetof(struct hist_attrs, sort) },
	};
	unsigned int i;
	size_t len;
	int bits;

	for (i = 0; i < ARRAY_SIZE(named); i++) {
		len = str_has_prefix(clause, named[i].prefix);
		if (len)
			return hist_attr_set((char **)((void *)attrs +
						       named[i].slot),
					     clause + len);
	}
	if (str_has_prefix(clause, "name="))
		return hist_attr_set(&attrs->name, clause);
	len = str_has_prefix(clause, "clock=");
	if (len)
		return hist_attr_set(&attrs->clock, strstrip(clause + len));
	len = str_has_prefix(clause, "size=");
	if (len) {
		bits = hist_size_bits(clause + len);
		if (bits < 0)
			return bits;
		attrs->bits = bits;
		return 0;
	}

	if (attrs->n_assign == TRACING_MAP_VARS_MAX) {
		hist_err(ctx, HIST_ERR_TOO_MANY_VARS, clause);
		return -EINVAL;
	}
	attrs->assign[attrs->n_assign] = kstrdup(clause, GFP_KERNEL);
	if (!attrs->assign[attrs->n_assign])
		return -ENOMEM;
	attrs->n_assign++;
	return 0;
}

/**
 * hist_attrs_parse - cut a definition into its clauses
 * @ctx: where errors are reported
 * @text: the definition without "hist:" and without its filter; cut
 *	in place
 *
 * Return: the clauses, or an ERR_PTR: -EINVAL for a malformed clause or
 * a definition without keys.
 */
struct hist_attrs *hist_attrs_parse(struct hist_ctx *ctx, char *text)
{
	static const char *const handlers[] = {
		"onmatch(", "onmax(", "onchange(",
	};
	struct hist_attrs *attrs;
	char *clause, *eq;
	unsigned int i;
	int err = 0;

	attrs = kzalloc(sizeof(*attrs), GFP_KERNEL);
	if (!attrs)
		return ERR_PTR(-ENOMEM);

	while (text && !err) {
		clause = strsep(&text, ":");
		eq = strchr(clause, '=');
		if (eq) {
			if (!eq[1]) {
				hist_err(ctx, HIST_ERR_EMPTY_ASSIGNMENT, clause);
				err = -EINVAL;
			} else {
				err = hist_assignment(ctx, attrs, clause);
			}
		} else if (!strcmp(clause, "nohitcount") ||
			   !strcmp(clause, "NOHC")) {
			attrs->nohitcount = true;
		} else if (!strcmp(clause, "pause")) {
			attrs->pause = true;
		} else if (!strcmp(clause, "cont") ||
			   !strcmp(clause, "continue")) {
			attrs->cont = true;
		} else if (!strcmp(clause, "clear")) {
			attrs->clear = true;
		} else {
			err = -EINVAL;
			for (i = 0; i < ARRAY_SIZE(handlers); i++)
				if (str_has_prefix(clause, handlers[i]))
					err = 0;
			if (!err && attrs->n_handlers == HIST_ACTIONS_MAX)
				err = -EINVAL;
			if (!err) {
				clause = kstrdup(clause, GFP_KERNEL);
				attrs->action[attrs->n_handlers++] = clause;
				if (!clause)
					err = -ENOMEM;
			}
		}
	}
	if (!err && !attrs->keys)
		err = -EINVAL;
	if (!err && !attrs->clock)
		err = hist_attr_set(&attrs->clock, "global");
	if (err) {
		hist_attrs_free(attrs);
		return ERR_PTR(err);
	}
	return attrs;
}

/* ---- fields ------------------------------------------------------------ */

/* Add @f at the end of @hd's fields. */
static void hist_add_field(struct hist_data *hd, struct hist_field *f)
{
	hd->fields[hd->n_fields++] = f;
	if (f->flags & HIST_FL(KEY)) {
		hd->n_keys++;
	} else {
		hd->n_vals++;
		if (f->flags & HIST_FL(VAR))
			hd->n_vars++;
	}
}

/* A value or a variable: parsed, then checked for modifiers it can't have. */
static int hist_val_field(struct hist_ctx *ctx, struct hist_data *hd,
			  char *text, const char *var_name)
{
	unsigned long flags = var_name ? HIST_FL(VAR) : 0;
	unsigned long refused;
	struct hist_field *f;

	f = hist_field_parse(ctx, hd, text, flags, var_name);
	if (IS_ERR(f))
		return PTR_ERR(f);
	if (var_name)
		refused = HIST_FL(GRAPH) | HIST_FL(PERCENT) | HIST_FL(BUCKET) |
			  HIST_FL(LOG2);
	else
		refused = HIST_FL(BUCKET) | HIST_FL(LOG2) | HIST_FL(SYM) |
			  HIST_FL(SYM_OFFSET) | HIST_FL(SYSCALL) |
			  HIST_FL(STACKTRACE);
	if (f->flags & refused) {
		hist_err(ctx, HIST_ERR_BAD_FIELD_MODIFIER, text);
		hist_field_destroy(f);
		return -EINVAL;
	}
	/* a string or a stack is copied into its element: its room */
	if (var_name && !(f->flags & HIST_FL(ALIAS)) &&
	    f->flags & (HIST_FL(STRING) | HIST_FL(STACKTRACE)))
		f->str_idx = hd->n_strs++;
	hist_add_field(hd, f);
	return 0;
}

/* hitcount, then what vals= names (at most two more). */
static int hist_create_vals(struct hist_ctx *ctx, struct hist_data *hd)
{
	char *list = hd->attrs->vals, *item;
	char hitcount[] = "hitcount";
	bool seen_hitcount = false;
	unsigned int n = 1;
	struct hist_field *f;
	int err = 0;

	f = hist_field_parse(NULL, hd, hitcount, 0, NULL);
	if (IS_ERR(f))
		return PTR_ERR(f);
	hist_add_field(hd, f);

	while (list && n < HIST_VALS_MAX) {
		item = strsep(&list, ",");
		if (!strcmp(item, "hitcount") && !seen_hitcount) {
			seen_hitcount = true;
			continue;
		}
		/* a value that fails still counts for 'nohitcount' */
		n++;
		err = hist_val_field(ctx, hd, item, NULL);
		if (err)
			break;
	}
	if (!err && list && strcmp(list, "hitcount"))
		err = -EINVAL;
	if (n == 1 && hd->attrs->nohitcount) {
		hist_err(ctx, HIST_ERR_NEED_NOHC_VAL, NULL);
		err = -ENOENT;
	}
	return err;
}

/*
 * Cut the assignment clauses "NAME=EXPR[,NAME=EXPR...]" into names and
 * expressions, before any field is made (so that a malformed one is the
 * error reported).  A clause gives at most TRACING_MAP_VARS_MAX of them;
 * what follows is ignored, as upstream ignores it.
 */
static int hist_split_vars(struct hist_ctx *ctx, struct hist_attrs *attrs)
{
	char *list, *item, *name;
	unsigned int i, j;

	for (i = 0; i < attrs->n_assign; i++) {
		list = attrs->assign[i];
		for (j = 0; j < TRACING_MAP_VARS_MAX && list; j++) {
			item = strsep(&list, ",");
			name = strsep(&item, "=");
			if (!item) {
				hist_err(ctx, HIST_ERR_MALFORMED_ASSIGNMENT,
					 name);
				return -EINVAL;
			}
			if (attrs->n_vars == TRACING_MAP_VARS_MAX) {
				hist_err(ctx, HIST_ERR_TOO_MANY_VARS, name);
				return -EINVAL;
			}
			attrs->var_name[attrs->n_vars] = name;
			attrs->var_expr[attrs->n_vars++] = item;
		}
	}
	return 0;
}

/* The variables, after the values. */
static int hist_create_vars(struct hist_ctx *ctx, struct hist_data *hd)
{
	struct hist_attrs *attrs = hd->attrs;
	unsigned int i;
	int err;

	for (i = 0; i < attrs->n_vars; i++) {
		if (!hd->remove && hist_var_taken(hd, attrs->var_name[i])) {
			hist_err(ctx, HIST_ERR_DUPLICATE_VAR, attrs->var_name[i]);
			return -EINVAL;
		}
		err = hist_val_field(ctx, hd, attrs->var_expr[i],
				     attrs->var_name[i]);
		if (err)
			return err;
	}
	return 0;
}

/* keys=: up to three, each in an 8-byte aligned slot of the key. */
static int hist_create_keys(struct hist_ctx *ctx, struct hist_data *hd)
{
	char *list = hd->attrs->keys, *item;
	struct hist_field *f;
	unsigned int size;

	while (list && hd->n_keys < TRACING_MAP_KEYS_MAX) {
		item = strsep(&list, ",");
		f = hist_field_parse(ctx, hd, item, HIST_FL(KEY), NULL);
		if (IS_ERR(f))
			return PTR_ERR(f);
		if (f->flags & HIST_FL(VAR_REF)) {
			hist_err(ctx, HIST_ERR_INVALID_REF_KEY, item);
			hist_field_destroy(f);
			return -EINVAL;
		}
		size = ALIGN(f->size, sizeof(u64));
		f->size = size;
		f->key_off = hd->key_size;
		hist_add_field(hd, f);
		hd->key_size += size;
		if (hd->key_size > HIST_KEY_BYTES_MAX)
			return -EINVAL;
		if (f->flags & (HIST_FL(STRING) | HIST_FL(STACKTRACE)))
			hd->compound = true;
	}
	if (list)
		return -EINVAL;
	/* anything but one 8-byte number is built in the scratch buffer */
	if (hd->n_keys > 1 || hd->key_size != sizeof(u64))
		hd->compound = true;
	return 0;
}

/* ".ascending" (or nothing): 0; ".descending": 1; else an error. */
static int hist_sort_dir(struct hist_ctx *ctx, char *dir)
{
	if (!dir || !strcmp(dir, "ascending"))
		return 0;
	if (!strcmp(dir, "descending"))
		return 1;
	hist_err(ctx, HIST_ERR_INVALID_SORT_MODIFIER, dir);
	return -EINVAL;
}

/*
 * sort=: up to two fields, hitcount or a value or key by name.  A sort
 * key names a map field: values and keys in order, variables skipped.
 * Without sort= the order is hitcount, ascending.
 */
static int hist_create_sort(struct hist_ctx *ctx, struct hist_data *hd)
{
	char *list = hd->attrs->sort, *item, *name;
	struct tracing_map_sort_key *key;
	unsigned int i, j, idx;
	int dir;

	hd->n_sort_keys = 1;
	if (!list)
		return 0;

	for (i = 0; i < TRACING_MAP_SORT_KEYS_MAX && list; i++) {
		key = &hd->sort_keys[i];
		item = strsep(&list, ",");
		if (!*item) {
			hist_err(ctx, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		if (i == TRACING_MAP_SORT_KEYS_MAX - 1 && list) {
			hist_err(ctx, HIST_ERR_TOO_MANY_SORT_FIELDS, "sort=");
			return -EINVAL;
		}
		name = strsep(&item, ".");
		if (!*name) {
			hist_err(ctx, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		dir = 0;
		if (!strcmp(name, "hitcount")) {
			key->field_idx = 0;
		} else {
			for (j = 1, idx = 1; j < hd->n_fields; j++) {
				if (hd->fields[j]->flags & HIST_FL(VAR))
					continue;
				if (!strcmp(name, hist_field_name(hd->fields[j])))
					break;
				idx++;
			}
			if (j == hd->n_fields) {
				hist_err(ctx, HIST_ERR_INVALID_SORT_FIELD, name);
				return -EINVAL;
			}
			key->field_idx = idx;
		}
		dir = hist_sort_dir(ctx, item);
		if (dir < 0)
			return dir;
		key->descending = dir;
	}
	hd->n_sort_keys = i;
	return 0;
}

/* The map's fields, in the order of @hd's: sums, variables, key parts. */
static int hist_map_fields(struct hist_data *hd)
{
	struct tracing_map *map = hd->map;
	tracing_map_cmp_fn_t cmp;
	struct hist_field *f;
	unsigned int i;
	int idx;

	for (i = 0; i < hd->n_fields; i++) {
		f = hd->fields[i];
		if (f->flags & HIST_FL(VAR)) {
			idx = tracing_map_add_var(map);
			f->var_idx = idx;
		} else if (!(f->flags & HIST_FL(KEY))) {
			idx = tracing_map_add_sum_field(map);
		} else {
			if (f->flags & HIST_FL(STACKTRACE))
				cmp = tracing_map_cmp_none;
			else if (!f->field || f->flags & HIST_FL(CPU))
				cmp = tracing_map_cmp_num(f->size, f->is_signed);
			else if (is_string_field(f->field))
				cmp = tracing_map_cmp_string;
			else
				cmp = tracing_map_cmp_num(f->field->size,
							  f->field->is_signed);
			idx = tracing_map_add_key_field(map, f->key_off, cmp);
		}
		if (idx < 0)
			return idx;
	}
	return 0;
}

/**
 * hist_data_destroy - free a definition and its map
 * @hd: the definition, or an ERR_PTR or NULL
 *
 * Once registered, the map belongs to the histogram's store (hist_cmd.c).
 */
void hist_data_destroy(struct hist_data *hd)
{
	unsigned int i;

	if (IS_ERR_OR_NULL(hd))
		return;
	hist_vars_unpublish(hd);
	hist_actions_destroy(hd);
	for (i = 0; i < hd->n_fields; i++)
		hist_field_destroy(hd->fields[i]);
	for (i = 0; i < hd->n_var_refs; i++)
		hist_field_destroy(hd->var_refs[i]);
	if (!hd->store && hd->map)
		tracing_map_destroy(hd->map);
	hist_attrs_free(hd->attrs);
	kfree(hd);
}

/**
 * hist_data_create - a histogram from its clauses
 * @ctx: where errors are reported
 * @attrs: the clauses; owned by the result (freed on failure)
 * @file: the event it is defined on
 * @remove: it only describes a histogram to remove ("!hist:")
 *
 * The map is created with its fields but not allocated:
 * tracing_map_init() is for the caller, once the histogram is known to
 * be new.
 *
 * Return: the histogram, or an ERR_PTR.
 */
struct hist_data *hist_data_create(struct hist_ctx *ctx,
				   struct hist_attrs *attrs,
				   struct trace_event_file *file, bool remove)
{
	struct hist_data *hd;
	int err;

	hd = kzalloc(sizeof(*hd), GFP_KERNEL);
	if (!hd) {
		hist_attrs_free(attrs);
		return ERR_PTR(-ENOMEM);
	}
	hd->attrs = attrs;
	hd->file = file;
	INIT_LIST_HEAD(&hd->store_link);
	INIT_LIST_HEAD(&hd->vars_link);
	hd->remove = remove;

	/* the handlers first: "$var" may name a variable of onmatch's event */
	err = hist_actions_parse(ctx, hd);
	if (!err)
		err = hist_split_vars(ctx, attrs);
	if (!err)
		err = hist_create_vals(ctx, hd);
	if (!err)
		err = hist_create_vars(ctx, hd);
	if (!err)
		err = hist_create_keys(ctx, hd);
	if (!err)
		err = hist_create_sort(ctx, hd);
	if (err)
		goto fail;

	hd->map = tracing_map_create(attrs->bits ?: TRACING_MAP_BITS_DEFAULT,
				     hd->key_size, hist_map_ops(), hd);
	if (IS_ERR(hd->map)) {
		err = PTR_ERR(hd->map);
		hd->map = NULL;
		goto fail;
	}
	err = hist_map_fields(hd);
	if (err)
		goto fail;
	return hd;
fail:
	hist_data_destroy(hd);
	return ERR_PTR(err);
}
