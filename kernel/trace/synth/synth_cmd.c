// SPDX-License-Identifier: GPL-2.0
/*
 * Creating synthetic events from kernel code (<linux/trace_events_synth.h>):
 * the command builders write the line a user would write to
 * synthetic_events, " NAME  TYPE FIELD; TYPE FIELD;", into the caller's
 * struct dynevent_cmd; running it (synth_event_gen_cmd_end(), through
 * dynevent_create()) is synth_command() on that text, and then the event
 * remembers the module that asked.
 *
 * Each add checks its type as the parser would (a known size, or an
 * array) and counts the fields: more than SYNTH_FIELDS_MAX is -EINVAL.
 *
 * Contexts: process context.
 */
#include <linux/cleanup.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "synth_event.h"

static int synth_cmd_run(struct dynevent_cmd *cmd)
{
	int ret = synth_command(seq_buf_str(&cmd->seq));

	if (ret)
		return ret;
	return synth_set_module(cmd->event_name, cmd->private_data);
}

/**
 * synth_event_cmd_init - start a synthetic event command
 * @cmd: the command
 * @buf: its buffer (MAX_DYNEVENT_CMD_LEN is enough for any)
 * @maxlen: the buffer's size
 */
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_SYNTH, synth_cmd_run);
}
EXPORT_SYMBOL_GPL(synth_event_cmd_init);

/* A field's type must have a size, or be an array ("char[]", "long[]"). */
static int synth_cmd_check_type(void *data)
{
	struct dynevent_arg_pair *pair = data;
	int size = synth_type_size(pair->lhs);

	if (size > 0 || (!size && strchr(pair->lhs, '[')))
		return 0;
	return -EINVAL;
}

/* One more field: -EINVAL past SYNTH_FIELDS_MAX. */
static int synth_cmd_count(struct dynevent_cmd *cmd)
{
	return ++cmd->n_fields > SYNTH_FIELDS_MAX ? -EINVAL : 0;
}

/**
 * synth_event_add_field - add "TYPE NAME;" to a command
 * @cmd: the command
 * @type: the field's type ("u64", "char[16]")
 * @name: its name
 *
 * Return: 0, -EINVAL (not a synthetic command, a bad type, too many
 * fields), -E2BIG (the buffer is full).
 */
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name)
{
	struct dynevent_arg_pair pair;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type || !name)
		return -EINVAL;
	dynevent_arg_pair_init(&pair, 0, ';');
	pair.lhs = type;
	pair.rhs = name;
	ret = dynevent_arg_pair_add(cmd, &pair, synth_cmd_check_type);
	return ret ?: synth_cmd_count(cmd);
}
EXPORT_SYMBOL_GPL(synth_event_add_field);

/**
 * synth_event_add_field_str - add "TYPE NAME;" given as one string
 * @cmd: the command
 * @type_name: "TYPE NAME", not checked here
 *
 * Return: as synth_event_add_field().
 */
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name)
{
	struct dynevent_arg arg;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type_name)
		return -EINVAL;
	dynevent_arg_init(&arg, ';');
	arg.str = type_name;
	ret = dynevent_arg_add(cmd, &arg, NULL);
	return ret ?: synth_cmd_count(cmd);
}
EXPORT_SYMBOL_GPL(synth_event_add_field_str);

/**
 * synth_event_add_fields - add several fields to a command
 * @cmd: the command
 * @fields: their types and names
 * @n_fields: how many
 *
 * Stops at the first failure.  Return: as synth_event_add_field().
 */
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n_fields; i++) {
		ret = synth_event_add_field(cmd, fields[i].type,
					    fields[i].name);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_add_fields);

/*
 * Where a start's fields come from: (type, name) pairs of a va_list up
 * to a NULL, or an array.  A missing type or name stops the list; in an
 * array it reaches synth_event_add_field(), which refuses it.
 */
struct synth_cmd_src {
	va_list				*args;
	const struct synth_field_desc	*descs;
	unsigned int			n;
};

static bool synth_cmd_next(struct synth_cmd_src *src,
			   struct synth_field_desc *d)
{
	if (!src->args) {
		if (!src->n)
			return false;
		*d = *src->descs++;
		src->n--;
		return true;
	}
	d->type = va_arg(*src->args, const char *);
	d->name = d->type ? va_arg(*src->args, const char *) : NULL;
	return d->name;
}

/* " NAME " then the fields; the command remembers the name and module. */
static int synth_cmd_begin(struct dynevent_cmd *cmd, const char *name,
			   struct module *mod, struct synth_cmd_src *src)
{
	struct synth_field_desc d;
	struct dynevent_arg arg;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH)
		return -EINVAL;
	cmd->event_name = name;
	cmd->private_data = mod;
	dynevent_arg_init(&arg, 0);
	arg.str = name;
	ret = dynevent_arg_add(cmd, &arg, NULL);
	while (!ret && synth_cmd_next(src, &d))
		ret = synth_event_add_field(cmd, d.type, d.name);
	return ret;
}

/**
 * synth_event_gen_cmd_array_start - start a command with an array of fields
 * @cmd: the command, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module creating it, or NULL
 * @fields: the fields
 * @n_fields: how many (at most SYNTH_FIELDS_MAX)
 *
 * Return: as synth_event_add_field().
 */
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields)
{
	struct synth_cmd_src src = { .descs = fields, .n = n_fields };

	if (n_fields > SYNTH_FIELDS_MAX)
		return -EINVAL;
	return synth_cmd_begin(cmd, name, mod, &src);
}
EXPORT_SYMBOL_GPL(synth_event_gen_cmd_array_start);

/**
 * __synth_event_gen_cmd_start - start a command with a list of fields
 * @cmd: the command, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module creating it, or NULL
 * @...: (type, name) pairs, ended by a NULL (synth_event_gen_cmd_start()
 *	adds it)
 *
 * Return: as synth_event_add_field().
 */
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...)
{
	struct synth_cmd_src src = {};
	va_list args;
	int ret;

	va_start(args, mod);
	src.args = &args;
	ret = synth_cmd_begin(cmd, name, mod, &src);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__synth_event_gen_cmd_start);

/**
 * synth_event_create - create a synthetic event
 * @name: its name
 * @fields: its fields
 * @n_fields: how many
 * @mod: the module creating it, or NULL
 *
 * The command is built in a buffer of its own, then run.
 * Return: 0, or the error of building or running it.
 */
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod)
{
	char *text __free(kfree) = kmalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	struct dynevent_cmd cmd;
	int ret;

	if (!text)
		return -ENOMEM;
	synth_event_cmd_init(&cmd, text, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_array_start(&cmd, name, mod, fields,
					      n_fields);
	return ret ?: dynevent_create(&cmd);
}
EXPORT_SYMBOL_GPL(synth_event_create);
