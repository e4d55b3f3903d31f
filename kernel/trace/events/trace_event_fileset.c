// SPDX-License-Identifier: GPL-2.0
/*
 * The set of event files an event without a tracepoint records into
 * (struct trace_event_fileset, trace_event.h): its class reg() adds an
 * instance's file when the event is enabled there and drops it when it
 * is disabled; its writers walk the set under RCU.
 *
 * Contexts: changes in process context under event_mutex.
 */
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "trace_event.h"

/**
 * trace_event_fileset_change - publish a new set of event files
 * @setp: the set (NULL: empty)
 * @add: a file to add, or NULL
 * @drop: a file to leave out, or NULL
 *
 * An empty result publishes NULL.  Return: 0, or -ENOMEM (only when
 * adding; the set is unchanged).
 */
int trace_event_fileset_change(struct trace_event_fileset __rcu **setp,
			       struct trace_event_file *add,
			       struct trace_event_file *drop)
{
	struct trace_event_fileset *old, *set = NULL;
	unsigned int n, i;

	old = rcu_dereference_protected(*setp, lockdep_is_held(&event_mutex));
	n = old ? old->n : 0;
	if (add || n > 1) {
		set = kmalloc(struct_size(set, file, n + !!add),
			      add ? GFP_KERNEL : GFP_KERNEL | __GFP_NOFAIL);
		if (!set)
			return -ENOMEM;
		set->n = 0;
		for (i = 0; i < n; i++)
			if (old->file[i] != drop)
				set->file[set->n++] = old->file[i];
		if (add)
			set->file[set->n++] = add;
		if (!set->n) {
			kfree(set);
			set = NULL;
		}
	}
	rcu_assign_pointer(*setp, set);
	if (old)
		kfree_rcu(old, rcu);
	return 0;
}
