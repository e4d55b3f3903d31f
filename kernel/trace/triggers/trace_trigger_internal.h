/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event triggers: what the trigger core (trace_trigger.c) shares
 * with the built-in commands (trace_trigger_cmds.c) and the KUnit suite
 * (trace_trigger_kunit.c).  The API the rest of kernel/trace uses
 * is in trace_trigger.h; this header is for these three files only.
 *
 * Contexts: trig_count_take() and trig_count_return() are lock-free and
 * may run anywhere, NMI included (they run on the fire path).  Everything
 * else runs in process context with event_mutex held.
 *
 * Design and concurrency rules: Documentation/trace/retrace/triggers.rst.
 */
#ifndef _KERNEL_TRACE_TRIGGER_INTERNAL_H
#define _KERNEL_TRACE_TRIGGER_INTERNAL_H

#include <linux/container_of.h>
#include <linux/types.h>

#include "trace_trigger.h"

struct seq_file;
struct trace_array;
struct trace_event_file;

/*
 * Every instance made by trigger_data_alloc() is the first member of a
 * trig_slot, so kfree() of the instance frees the slot.  Instances made
 * elsewhere (event probes kzalloc their own) never reach the code that
 * looks at the slot: only the traceon/traceoff commands do, and their
 * instances always come from trigger_data_alloc().
 *
 * @busy, bit TRIG_SLOT_BUSY: set by the CPU that is between checking the
 *	tracing state and switching it for this instance (count claimed);
 *	taken with test_and_set_bit_lock(), released with
 *	clear_bit_unlock(), never waited for.
 */
struct trig_slot {
	struct event_trigger_data	data;
	unsigned long			busy;
};

#define TRIG_SLOT_BUSY		0

/* data->count: this value never runs out; 0 is spent; n is n firings */
#define TRIG_COUNT_UNLIMITED	(~0UL)

static inline struct trig_slot *trig_slot_of(struct event_trigger_data *data)
{
	return container_of(data, struct trig_slot, data);
}

/* counts (any context) */
bool trig_count_take(struct event_trigger_data *data);
void trig_count_return(struct event_trigger_data *data);

/* instances (event_mutex held) */
void trig_data_discard(struct event_trigger_data *data);
void trig_put(struct event_trigger_data *data);
int trig_attach(struct trace_event_file *file, struct event_trigger_data *data);
void trig_detach(struct trace_event_file *file, struct event_trigger_data *data);
int trig_reg(char *glob, struct event_trigger_data *data,
	     struct trace_event_file *file);
bool trig_unreg_found(struct trace_event_file *file,
		      struct event_trigger_data *test);
void trig_unreg(char *glob, struct event_trigger_data *test,
		struct trace_event_file *file);

/* The trigger file, and the instance teardown (event_mutex held). */
extern const struct file_operations event_trigger_fops;
void clear_event_triggers(struct trace_array *tr);

/* text */
char *trig_split_command(char *buf, char **glob, char **cmd);
void trig_print_tail(struct seq_file *m, struct event_trigger_data *data);

#endif /* _KERNEL_TRACE_TRIGGER_INTERNAL_H */
