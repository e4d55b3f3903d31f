// SPDX-License-Identifier: GPL-2.0
/*
 * The hist trigger: what runs each time an event with a histogram
 * fires.  It computes the key, reads the variables of other histograms
 * the definition refers to (hist_var.c: a missing one drops the hit),
 * finds or makes the key's element in the tracing map, adds the values
 * to the element's sums, sets its variables, and runs its actions
 * (hist_action.c).
 *
 * Context: the event's fire path, after its record was written (the
 * command needs the record): any context, NMI included, preemption
 * disabled, no lock taken.  The tracing map is lock-free
 * (tracing_map.h); the only other state is the scratch key below.
 *
 * A key of one number is built on the stack.  A compound key (several
 * keys, a string or a stack) is built in a per-CPU scratch buffer, one
 * per nesting level: a hit that interrupts another on the same CPU
 * (an interrupt, an NMI, a probe inside this code) takes the next one,
 * and a fifth level drops its hit.  Preemption stays off while a buffer
 * is in use (the fire path of a faultable tracepoint or a uprobe event
 * is preemptible).  The buffers exist while any histogram does
 * (hist_fire_get()/hist_fire_put(), event_mutex).
 */

#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "events/trace_event.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"

/*
 * Frames a common_stacktrace key leaves out: the trigger path, and the
 * function that fired the event, so that the first address is the one
 * upstream's first is.  hist_fire() is the one frame of this file
 * (what it calls here is inlined).
 */
#define HIST_STACK_SKIP		6

/* Nesting levels with a scratch key of their own. */
#define HIST_NEST_MAX		4

struct hist_scratch {
	unsigned int	depth;
	u64		key[HIST_NEST_MAX][HIST_KEY_BYTES_MAX / sizeof(u64)];
};

/* hist_scratch_users: histograms alive; both under event_mutex. */
static struct hist_scratch __percpu *hist_scratch;
static unsigned int hist_scratch_users;

/**
 * hist_fire_get - make sure the scratch keys exist
 *
 * Context: event_mutex held; may sleep.
 * Return: 0 or -ENOMEM.
 */
int hist_fire_get(void)
{
	struct hist_scratch __percpu *s;

	if (!hist_scratch_users) {
		s = alloc_percpu(struct hist_scratch);
		if (!s)
			return -ENOMEM;
		/*
		 * The zeroed buffers before the pointer: pairs with the
		 * READ_ONCE() in hist_fire(), whose uses depend on it.
		 */
		smp_store_release(&hist_scratch, s);
	}
	hist_scratch_users++;
	return 0;
}

/**
 * hist_fire_put - drop what hist_fire_get() took
 *
 * The caller has waited for every probe that might still fire one of
 * its histograms (tracepoint_synchronize_unregister()).
 *
 * Context: event_mutex held.
 */
void hist_fire_put(void)
{
	struct hist_scratch __percpu *s = hist_scratch;

	if (WARN_ON_ONCE(!hist_scratch_users) || --hist_scratch_users)
		return;
	WRITE_ONCE(hist_scratch, NULL);
	free_percpu(s);
}

/* Copy a string key into its slot (zeroed), keeping a NUL at the end. */
static void hist_key_string(void *slot, const struct hist_field *f,
			    void *rec, const char *s)
{
	unsigned int max = f->size - 1;
	unsigned int len;

	switch (f->fn) {
	case HIST_FN_DYNSTRING:
	case HIST_FN_RELDYNSTRING:
		/* the length (with the NUL) is in the top half of the word */
		len = *(u32 *)(rec + f->rec_off) >> 16;
		break;
	case HIST_FN_STRING:
		len = f->field->size;
		break;
	default:
		len = max;
		break;
	}
	memcpy(slot, s, strnlen(s, min(len, max)));
}

/* A stack key: the record's stack field, or the stack of this hit. */
static __always_inline void hist_key_stack(void *slot,
					   const struct hist_field *f,
					   void *rec)
{
	unsigned long *stack, n;

	if (f->fn == HIST_FN_NONE) {
		stack_trace_save(slot, HIST_STACK_DEPTH, HIST_STACK_SKIP);
		return;
	}
	/* the field holds a count, then the entries */
	stack = (unsigned long *)(unsigned long)hist_field_value(f, rec, NULL,
								 NULL, NULL);
	n = min_t(unsigned long, stack[0], HIST_STACK_DEPTH);
	memcpy(slot, stack + 1, n * sizeof(unsigned long));
}

/* Build @hd's compound key for @rec in @key (key_size bytes). */
static __always_inline void hist_key_build(const struct hist_data *hd,
					   u64 *key, void *rec,
					   struct trace_buffer *buffer,
					   struct ring_buffer_event *rbe)
{
	const struct hist_field *f;
	unsigned int i;
	void *slot;
	u64 v;

	memset(key, 0, hd->key_size);
	for (i = hd->n_vals; i < hd->n_fields; i++) {
		f = hd->fields[i];
		slot = (void *)key + f->key_off;
		if (f->flags & HIST_FL(STACKTRACE)) {
			hist_key_stack(slot, f, rec);
			continue;
		}
		v = hist_field_value(f, rec, buffer, rbe, NULL);
		if (f->flags & HIST_FL(STRING))
			hist_key_string(slot, f, rec,
					(const char *)(unsigned long)v);
		else
			memcpy(slot, &v, sizeof(v));
	}
}

/* The room of a string or stack variable in @elt. */
static char *hist_elt_str(struct tracing_map_elt *elt, unsigned int idx)
{
	struct hist_elt *he = elt->private_data;

	return he->strs + idx * HIST_STR_MAX;
}

/*
 * The value a variable keeps: a number as it is; a string or a stack is
 * copied into the variable's room in @elt (a stack as its count, then
 * its entries), which the value then points to.
 */
static __always_inline u64 hist_var_value(const struct hist_field *var,
					  const struct hist_field *val,
					  struct tracing_map_elt *elt, void *rec,
					  u64 v)
{
	unsigned long *stack, n;
	char *str;

	if (var->flags & HIST_FL(ALIAS) ||
	    !(val->flags & (HIST_FL(STRING) | HIST_FL(STACKTRACE))))
		return v;
	str = hist_elt_str(elt, var->str_idx);
	if (val->flags & HIST_FL(STRING)) {
		strscpy(str, (const char *)(unsigned long)v,
			min_t(unsigned int, val->size, HIST_STR_MAX));
		return (unsigned long)str;
	}
	stack = (unsigned long *)str;
	if (val->fn == HIST_FN_NONE) {
		stack[0] = stack_trace_save(stack + 1, HIST_STACK_DEPTH,
					    HIST_STACK_SKIP);
	} else {
		n = min_t(unsigned long, *(unsigned long *)(unsigned long)v,
			  HIST_STACK_DEPTH);
		memcpy(stack, (void *)(unsigned long)v,
		       (n + 1) * sizeof(unsigned long));
		stack[0] = n;
	}
	return (unsigned long)str;
}

/**
 * hist_set_field_vars - set variables made for fields actions pass
 * @fv: the variables and the fields they read
 * @n: how many
 * @elt: the hit's element
 * @rec: the hit's record
 * @buffer: its buffer
 * @rbe: its ring buffer event
 * @refs: the hit's references
 *
 * Context: the fire path.
 */
void hist_set_field_vars(const struct hist_field_var *fv, unsigned int n,
			 struct tracing_map_elt *elt, void *rec,
			 struct trace_buffer *buffer,
			 struct ring_buffer_event *rbe, const u64 *refs)
{
	unsigned int i;
	u64 v;

	for (i = 0; i < n; i++) {
		v = hist_field_value(fv[i].val, rec, buffer, rbe, refs);
		v = hist_var_value(fv[i].var, fv[i].val, elt, rec, v);
		tracing_map_set_var(elt, fv[i].var->var_idx, v);
	}
}

/* Add the hit's values to @elt's sums and set its variables. */
static __always_inline void hist_update(const struct hist_data *hd,
					struct tracing_map_elt *elt, void *rec,
					struct trace_buffer *buffer,
					struct ring_buffer_event *rbe,
					const u64 *refs)
{
	const struct hist_field *f;
	unsigned int i;
	u64 v;

	for (i = 0; i < hd->n_vals; i++) {
		f = hd->fields[i];
		v = hist_field_value(f, rec, buffer, rbe, refs);
		if (f->flags & HIST_FL(VAR))
			tracing_map_set_var(elt, f->var_idx,
					    hist_var_value(f, f, elt, rec, v));
		else
			tracing_map_update_sum(elt, i, v);
	}
}

/*
 * A hit of a histogram that reads variables or has actions: the
 * references to other histograms first (a missing one drops the hit),
 * then the update, the variables of the fields actions pass, the
 * histogram's own references (read from its element) and the actions.
 */
static noinline void hist_count_linked(const struct hist_data *hd,
				       const void *key, void *rec,
				       struct trace_buffer *buffer,
				       struct ring_buffer_event *rbe)
{
	u64 refs[TRACING_MAP_VARS_MAX];
	struct tracing_map_elt *elt;

	memset(refs, 0, hd->n_var_refs * sizeof(refs[0]));
	if (!hist_refs_resolve(hd, key, refs))
		return;
	elt = tracing_map_insert(hd->map, key);
	if (!elt)
		return;
	hist_update(hd, elt, rec, buffer, rbe, refs);
	if (hd->n_field_vars)
		hist_set_field_vars(hd->field_vars, hd->n_field_vars, elt, rec,
				    buffer, rbe, refs);
	if (hd->n_actions && hist_refs_resolve_own(hd, elt, refs))
		hist_actions_fire(hd, elt, rec, buffer, rbe, key, refs);
	hist_poll_wakeup();
}

/* Find or make the element of @key and add this hit to it. */
static __always_inline void hist_count(const struct hist_data *hd,
				       const void *key, void *rec,
				       struct trace_buffer *buffer,
				       struct ring_buffer_event *rbe)
{
	struct tracing_map_elt *elt;

	if (unlikely(hd->linked)) {
		hist_count_linked(hd, key, rec, buffer, rbe);
		return;
	}
	elt = tracing_map_insert(hd->map, key);
	if (!elt)
		return;
	hist_update(hd, elt, rec, buffer, rbe, NULL);
	hist_poll_wakeup();
}

/**
 * hist_fire - the @trigger of the hist command
 * @data: the trigger instance
 * @buffer: the buffer holding the record
 * @rec: the event's record
 * @rbe: its ring buffer event
 *
 * Context: the event's fire path (see the top of this file).
 */
void hist_fire(struct event_trigger_data *data, struct trace_buffer *buffer,
	       void *rec, struct ring_buffer_event *rbe)
{
	const struct hist_data *hd = data->private_data;
	struct hist_scratch __percpu *scratch;
	struct hist_scratch *s;
	unsigned int depth;
	u64 v;

	/*
	 * No record (cannot happen: the command needs it), or a clear going
	 * on; the acquire pairs with the release that ends the clear, so
	 * the emptied map is what is seen after it.
	 */
	if (unlikely(!rbe || smp_load_acquire(&hd->clearing)))
		return;

	if (likely(!hd->compound)) {
		v = hist_field_value(hd->fields[hd->n_vals], rec, buffer, rbe,
				     NULL);
		hist_count(hd, &v, rec, buffer, rbe);
		return;
	}

	scratch = READ_ONCE(hist_scratch);
	if (unlikely(!scratch))
		return;
	preempt_disable_notrace();
	s = this_cpu_ptr(scratch);
	depth = s->depth++;
	/* the level above ours must see the increment before we write */
	barrier();
	if (likely(depth < HIST_NEST_MAX)) {
		hist_key_build(hd, s->key[depth], rec, buffer, rbe);
		hist_count(hd, s->key[depth], rec, buffer, rbe);
	}
	barrier();
	s->depth--;
	preempt_enable_notrace();
}

/* ---- per-element data: a .execname key's comm, string variables ------ */

static int hist_elt_alloc(struct tracing_map_elt *elt)
{
	struct hist_data *hd = elt->map->private_data;
	struct hist_elt *he;
	unsigned int i;

	he = kzalloc(sizeof(*he), GFP_KERNEL);
	if (!he)
		return -ENOMEM;
	for (i = 0; i < hd->n_fields; i++) {
		if (hd->fields[i]->flags & HIST_FL(EXECNAME)) {
			he->comm = kzalloc(TASK_COMM_LEN, GFP_KERNEL);
			if (!he->comm)
				goto fail;
			break;
		}
	}
	if (hd->n_strs) {
		he->strs = kcalloc(hd->n_strs, HIST_STR_MAX, GFP_KERNEL);
		if (!he->strs)
			goto fail;
	}
	elt->private_data = he;
	return 0;
fail:
	kfree(he->comm);
	kfree(he);
	return -ENOMEM;
}

static void hist_elt_free(struct tracing_map_elt *elt)
{
	struct hist_elt *he = elt->private_data;

	if (!he)
		return;
	kfree(he->comm);
	kfree(he->strs);
	kfree(he);
}

/* The task that made the element is the one its pid key names. */
static void hist_elt_init(struct tracing_map_elt *elt)
{
	struct hist_elt *he = elt->private_data;

	if (!he->comm)
		return;
	if (!current->pid)
		strscpy(he->comm, "<idle>", TASK_COMM_LEN);
	else
		memcpy(he->comm, current->comm, TASK_COMM_LEN);
}

static const struct tracing_map_ops hist_elt_ops = {
	.elt_alloc	= hist_elt_alloc,
	.elt_free	= hist_elt_free,
	.elt_init	= hist_elt_init,
};

const struct tracing_map_ops *hist_map_ops(void)
{
	return &hist_elt_ops;
}
