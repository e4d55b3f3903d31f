// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic-event command builder: a struct dynevent_cmd is a seq_buf
 * that kernel code fills with the text of one dynamic_events command,
 * then hands to its kind with dynevent_create() (trace_dynevent.h has
 * the rules of each add).
 *
 * A seq_buf that overflowed stays overflowed and NUL-terminated, so the
 * first -E2BIG is final and the text never runs past the buffer.  No
 * locks: a command belongs to its caller.  Process context.
 */
#include <linux/export.h>
#include <linux/printk.h>
#include <linux/seq_buf.h>
#include <linux/string.h>

#include "trace_dynevent.h"

/**
 * dynevent_cmd_init - start an empty command in @buf
 * @cmd: the command
 * @buf: its text buffer
 * @maxlen: size of @buf
 * @type: the kind of event it creates
 * @run_command: what dynevent_create() calls
 */
void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type,
		       dynevent_create_fn_t run_command)
{
	*cmd = (struct dynevent_cmd) {
		.type		= type,
		.run_command	= run_command,
	};
	seq_buf_init(&cmd->seq, buf, maxlen);
}

/**
 * dynevent_arg_init - an argument with @separator after it (0: a space)
 * @arg: the argument
 * @separator: what follows it in the command
 */
void dynevent_arg_init(struct dynevent_arg *arg, char separator)
{
	*arg = (struct dynevent_arg) {
		.separator = separator ?: ' ',
	};
}

/**
 * dynevent_arg_pair_init - a "LHS<op>RHS<sep>" argument (0s: spaces)
 * @arg_pair: the pair
 * @operator: what joins the two sides
 * @separator: what follows the pair
 */
void dynevent_arg_pair_init(struct dynevent_arg_pair *arg_pair,
			    char operator, char separator)
{
	*arg_pair = (struct dynevent_arg_pair) {
		.operator = operator ?: ' ',
		.separator = separator ?: ' ',
	};
}

/* The buffer took it all, or the command is spoilt: -E2BIG, said once. */
static int dynevent_fits(struct dynevent_cmd *cmd, const char *what)
{
	if (!seq_buf_has_overflowed(&cmd->seq))
		return 0;
	pr_err("dynamic event command too long at: %s\n", what);
	return -E2BIG;
}

/**
 * dynevent_arg_add - append " STR<separator>"
 * @cmd: the command
 * @arg: the argument (its @str set)
 * @check_arg: NULL, or a check of @arg whose error is returned as is
 *
 * Return: 0, the check's error, or -E2BIG when the buffer is full.
 */
int dynevent_arg_add(struct dynevent_cmd *cmd, struct dynevent_arg *arg,
		     dynevent_check_arg_fn_t check_arg)
{
	int ret = check_arg ? check_arg(arg) : 0;

	if (ret)
		return ret;
	seq_buf_printf(&cmd->seq, " %s%c", arg->str, arg->separator);
	return dynevent_fits(cmd, arg->str);
}

/**
 * dynevent_arg_pair_add - append " LHS<operator>RHS<separator>"
 * @cmd: the command
 * @arg_pair: the pair (@lhs and @rhs set)
 * @check_arg: NULL, or a check of @arg_pair whose error is returned as is
 *
 * Return: 0, the check's error, or -E2BIG when the buffer is full.
 */
int dynevent_arg_pair_add(struct dynevent_cmd *cmd,
			  struct dynevent_arg_pair *arg_pair,
			  dynevent_check_arg_fn_t check_arg)
{
	int ret = check_arg ? check_arg(arg_pair) : 0;

	if (ret)
		return ret;
	seq_buf_printf(&cmd->seq, " %s%c%s%c", arg_pair->lhs,
		       arg_pair->operator, arg_pair->rhs,
		       arg_pair->separator);
	return dynevent_fits(cmd, arg_pair->lhs);
}

/**
 * dynevent_str_add - append @str as it is
 * @cmd: the command
 * @str: the text
 *
 * Return: 0 or -E2BIG when the buffer is full.
 */
int dynevent_str_add(struct dynevent_cmd *cmd, const char *str)
{
	seq_buf_puts(&cmd->seq, str);
	return dynevent_fits(cmd, str);
}

/**
 * dynevent_create - create the event @cmd describes
 * @cmd: a command its kind's init and the adds built
 *
 * Return: what the kind's run_command returns.
 */
int dynevent_create(struct dynevent_cmd *cmd)
{
	return cmd->run_command(cmd);
}
EXPORT_SYMBOL_GPL(dynevent_create);
