/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What trace_dump.c offers: trace_printk_seq() (a trace_seq to the
 * console; any context, the dump's), and for its KUnit
 * suite the parser of the ftrace_dump_on_oops list and the dump of one
 * instance.
 */
#ifndef _KERNEL_TRACE_DUMP_H
#define _KERNEL_TRACE_DUMP_H

#include <linux/types.h>

struct notifier_block;
struct trace_array;
struct trace_seq;

void trace_printk_seq(struct trace_seq *s);

/*
 * The panic and die notifiers that dump the buffers when
 * ftrace_dump_on_oops asks for it; registered once the global buffer
 * exists (trace_bootparams.c).
 */
extern struct notifier_block trace_panic_notifier;
extern struct notifier_block trace_die_notifier;

/* One item of the ftrace_dump_on_oops list: what to dump. */
enum dump_item_kind {
	DUMP_ITEM_NOTHING,	/* a leading "0" */
	DUMP_ITEM_GLOBAL,	/* a leading "1", "2" or "orig_cpu" */
	DUMP_ITEM_INSTANCE,	/* "NAME" or "NAME=MODE" */
};

struct dump_item {
	enum dump_item_kind	kind;
	const char		*name;		/* DUMP_ITEM_INSTANCE */
	bool			orig_cpu;	/* only the CPU that oopsed */
};

bool dump_param_next(char **cursor, bool first, struct dump_item *item);
void trace_dump_instance(struct trace_array *tr, bool orig_cpu);

#endif /* _KERNEL_TRACE_DUMP_H */
