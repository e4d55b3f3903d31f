// SPDX-License-Identifier: GPL-2.0
/*
 * The text of histograms: the line a hist trigger shows in the trigger
 * file, and the "hist" file of an event, one table per hist trigger,
 * in the layout tools parse (histograms.rst shows it):
 *
 *	# event histogram
 *	#
 *	# trigger info: hist:keys=...:vals=...:sort=...:size=N [active]
 *	#
 *
 *	{ key: value[, key: value] } hitcount: N  val: N
 *	...
 *
 *	Totals:
 *	    Hits: N
 *	    Entries: N
 *	    Dropped: N
 *
 * Process context, event_mutex held: the triggers cannot change while
 * they are printed, the maps' contents can (the sort sees a snapshot).
 */

#include <linux/kallsyms.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "events/trace_event.h"
#include "lib/trace_syscall_table.h"
#include "triggers/trace_trigger.h"
#include "hist_internal.h"

/* ---- the trigger line -------------------------------------------------- */

/* A field as the trigger line writes it: [var=]name[.modifier][=buckets] */
static void hist_field_print(struct seq_file *m, const struct hist_field *f)
{
	const char *mod;

	if (f->var_name)
		seq_printf(m, "%s=", f->var_name);
	if (f->flags & HIST_FL(CPU))
		seq_puts(m, "common_cpu");
	else if (f->flags & HIST_FL(CONST))
		seq_printf(m, "%llu", f->constant);
	else if (f->flags & (HIST_FL(VAR_REF) | HIST_FL(ALIAS)))
		seq_printf(m, "%s%s", f->ref_system ? "" : "$", f->name);
	else
		seq_puts(m, hist_field_name(f));

	mod = hist_field_modifier(f);
	if (mod && !(f->flags & (HIST_FL(EXPR) | HIST_FL(STACKTRACE) |
				 HIST_FL(VAR_REF) | HIST_FL(ALIAS))))
		seq_printf(m, ".%s", mod);
	if (f->buckets)
		seq_printf(m, "=%ld", f->buckets);
}

/**
 * hist_trigger_print - the @print of the hist command
 * @m: the trigger (or hist) file
 * @data: the instance
 *
 * Return: 0.
 */
int hist_trigger_print(struct seq_file *m, struct event_trigger_data *data)
{
	const struct hist_data *hd = data->private_data;
	const struct tracing_map_sort_key *sk;
	const struct hist_field *f;
	unsigned int i, idx, n;
	bool any = false;

	seq_puts(m, "hist:");
	if (hd->attrs->name)
		seq_printf(m, "%s:", hd->attrs->name);

	seq_puts(m, "keys=");
	for (i = hd->n_vals; i < hd->n_fields; i++) {
		f = hd->fields[i];
		if (i > hd->n_vals)
			seq_putc(m, ',');
		if (f->flags & HIST_FL(STACKTRACE) && f->field)
			seq_printf(m, "%s.stacktrace", f->field->name);
		else if (f->flags & HIST_FL(STACKTRACE))
			seq_puts(m, "common_stacktrace");
		else
			hist_field_print(m, f);
	}

	seq_puts(m, ":vals=");
	for (i = 0; i < hd->n_vals; i++) {
		f = hd->fields[i];
		if (f->flags & HIST_FL(VAR))
			continue;
		if (!i && hd->attrs->nohitcount)
			continue;
		if (any)
			seq_putc(m, ',');
		if (!i)
			seq_puts(m, "hitcount");
		else
			hist_field_print(m, f);
		any = true;
	}

	for (i = 0, n = 0; i < hd->n_vals; i++) {
		f = hd->fields[i];
		if (!(f->flags & HIST_FL(VAR)))
			continue;
		seq_putc(m, n++ ? ',' : ':');
		hist_field_print(m, f);
	}

	seq_puts(m, ":sort=");
	for (i = 0; i < hd->n_sort_keys; i++) {
		sk = &hd->sort_keys[i];
		if (i)
			seq_putc(m, ',');
		idx = sk->field_idx;
		if (!idx) {
			seq_puts(m, "hitcount");
		} else {
			/* map fields skip the variables, which sit before keys */
			if (idx >= hd->n_vals - hd->n_vars)
				idx += hd->n_vars;
			hist_field_print(m, hd->fields[idx]);
		}
		if (sk->descending)
			seq_puts(m, ".descending");
	}
	seq_printf(m, ":size=%u", hd->map->max_elts);
	if (hd->timestamps)
		seq_printf(m, ":clock=%s", hd->attrs->clock);
	if (hd->attrs->nohitcount)
		seq_puts(m, ":nohitcount");
	hist_actions_print_spec(m, hd);
	if (data->filter_str)
		seq_printf(m, " if %s", data->filter_str);
	seq_puts(m, READ_ONCE(data->paused) ? " [paused]\n" : " [active]\n");
	return 0;
}

/* ---- the hist file ----------------------------------------------------- */

static void hist_print_key(struct seq_file *m, const struct hist_data *hd,
			   const struct tracing_map_elt *elt)
{
	const struct hist_field *f;
	const char *name, *sc;
	bool lines = false;
	unsigned long *stack;
	unsigned int i, j;
	void *slot;
	u64 v;

	seq_puts(m, "{ ");
	for (i = hd->n_vals; i < hd->n_fields; i++) {
		f = hd->fields[i];
		slot = elt->key + f->key_off;
		v = *(u64 *)slot;
		name = hist_field_name(f);
		if (i > hd->n_vals)
			seq_puts(m, ", ");

		if (f->flags & HIST_FL(HEX)) {
			seq_printf(m, "%s: %llx", name, v);
		} else if (f->flags & HIST_FL(SYM)) {
			seq_printf(m, "%s: [%llx] %-45ps", name, v,
				   (void *)(unsigned long)v);
		} else if (f->flags & HIST_FL(SYM_OFFSET)) {
			seq_printf(m, "%s: [%llx] %-55pS", name, v,
				   (void *)(unsigned long)v);
		} else if (f->flags & HIST_FL(EXECNAME)) {
			seq_printf(m, "%s: %-16s[%10llu]", name,
				   ((struct hist_elt *)elt->private_data)->comm,
				   v);
		} else if (f->flags & HIST_FL(SYSCALL)) {
			sc = trace_syscall_name((int)v);
			seq_printf(m, "%s: %-30s[%3llu]", name,
				   sc ?: "unknown_syscall", v);
		} else if (f->flags & HIST_FL(STACKTRACE)) {
			if (f->field)
				seq_printf(m, "%s.stacktrace", f->field->name);
			else
				seq_puts(m, "common_stacktrace:\n");
			stack = slot;
			for (j = 0; j < HIST_STACK_DEPTH && stack[j]; j++)
				seq_printf(m, "%*c%pS\n", 9, ' ',
					   (void *)stack[j]);
			lines = true;
		} else if (f->flags & HIST_FL(LOG2)) {
			seq_printf(m, "%s: ~ 2^%-2llu", name, v);
		} else if (f->flags & HIST_FL(BUCKET)) {
			seq_printf(m, "%s: ~ %llu-%llu", name, v,
				   v + f->buckets - 1);
		} else if (f->flags & HIST_FL(STRING)) {
			seq_printf(m, "%s: %-50s", name, (char *)slot);
		} else {
			seq_printf(m, "%s: %10llu", name, v);
		}
	}
	seq_puts(m, lines ? "}" : " }");
}

/* Totals and maxima of the values printed as .percent or .graph. */
struct hist_val_stats {
	u64	max;
	u64	total;
};

/* @val as hundredths of a percent of @total; UINT_MAX if undefined. */
static unsigned int hist_percent(u64 val, u64 total)
{
	if (!total)
		return val ? UINT_MAX : 0;
	if (val < U64_MAX / 10000)
		return div64_u64(val * 10000, total);
	total = div64_u64(total, 10000);
	if (!total)
		return val ? UINT_MAX : 0;
	return div64_u64(val, total);
}

#define HIST_BAR_WIDTH	20

static void hist_print_val(struct seq_file *m, const char *name,
			   unsigned long flags, u64 val,
			   const struct hist_val_stats *st)
{
	char bar[HIST_BAR_WIDTH + 1];
	unsigned int pc, len;

	if (flags & HIST_FL(PERCENT)) {
		pc = hist_percent(val, st->total);
		if (pc == UINT_MAX)
			seq_printf(m, " %s (%%):[ERROR]", name);
		else
			seq_printf(m, " %s (%%): %3u.%02u", name,
				   pc / 100, pc % 100);
	} else if (flags & HIST_FL(GRAPH)) {
		pc = hist_percent(val, st->max);
		if (pc == UINT_MAX) {
			strscpy(bar, "[ERROR]", sizeof(bar));
		} else {
			len = min(pc * HIST_BAR_WIDTH / 10000, HIST_BAR_WIDTH);
			memset(bar, '#', len);
			memset(bar + len, ' ', HIST_BAR_WIDTH - len);
			bar[HIST_BAR_WIDTH] = '\0';
		}
		seq_printf(m, " %s: %20s", name, bar);
	} else if (flags & HIST_FL(HEX)) {
		seq_printf(m, " %s: %10llx", name, val);
	} else {
		seq_printf(m, " %s: %10llu", name, val);
	}
}

static void hist_print_entry(struct seq_file *m, const struct hist_data *hd,
			     const struct hist_val_stats *stats,
			     struct tracing_map_elt *elt)
{
	const struct hist_field *f;
	unsigned int i;

	hist_print_key(m, hd, elt);
	if (!hd->attrs->nohitcount)
		hist_print_val(m, "hitcount", 0, tracing_map_read_sum(elt, 0),
			       &stats[0]);
	for (i = 1; i < hd->n_vals; i++) {
		f = hd->fields[i];
		if (f->flags & (HIST_FL(VAR) | HIST_FL(EXPR)))
			continue;
		seq_putc(m, ' ');
		hist_print_val(m, hist_field_name(f), f->flags,
			       tracing_map_read_sum(elt, i), &stats[i]);
	}
	hist_actions_print_entry(m, hd, elt);
	seq_putc(m, '\n');
}

/* The entries of @hd's map, sorted; their number (or 0). */
static unsigned int hist_print_entries(struct seq_file *m,
				       const struct hist_data *hd)
{
	struct hist_val_stats stats[HIST_VALS_MAX + TRACING_MAP_VARS_MAX] = {};
	struct tracing_map_elt **elts;
	unsigned int i, j;
	int n;
	u64 v;

	n = tracing_map_sort_entries(hd->map, hd->sort_keys, hd->n_sort_keys,
				     &elts);
	if (n <= 0)
		return 0;
	for (j = 0; j < hd->n_vals; j++) {
		if (!(hd->fields[j]->flags & (HIST_FL(PERCENT) | HIST_FL(GRAPH))))
			continue;
		for (i = 0; i < n; i++) {
			v = tracing_map_read_sum(elts[i], j);
			stats[j].total += v;
			stats[j].max = max(stats[j].max, v);
		}
	}
	for (i = 0; i < n; i++)
		hist_print_entry(m, hd, stats, elts[i]);
	kvfree(elts);
	return n;
}

/* What snapshot() last took, between the entries and the totals. */
static void hist_print_snapshot(struct seq_file *m, const struct hist_data *hd)
{
	const struct hist_snapshot *snap = hist_actions_snapshot(hd);
	struct hist_elt he = {};
	struct tracing_map_elt elt = {};

	if (!snap || !READ_ONCE(snap->updated))
		return;
	seq_puts(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n");
	seq_printf(m, "\ttriggering value { %s(%s) }: %10llu",
		   snap->action->handler == HIST_ONMAX ? "onmax" : "onchange",
		   snap->action->track_str, snap->track_val);
	seq_puts(m, "\ttriggered by event with key: ");
	he.comm = (char *)snap->comm;
	elt.map = hd->map;
	elt.key = (void *)snap->key;
	elt.private_data = &he;
	hist_print_key(m, hd, &elt);
	seq_putc(m, '\n');
}

/**
 * hist_show_table - one histogram as the hist file shows it
 * @m: the file
 * @data: the histogram's trigger instance
 * @first: the first table of the file (the others follow two newlines)
 */
void hist_show_table(struct seq_file *m, struct event_trigger_data *data,
		     bool first)
{
	const struct hist_data *hd = data->private_data;
	unsigned int n;

	if (!first)
		seq_puts(m, "\n\n");
	seq_puts(m, "# event histogram\n#\n# trigger info: ");
	hist_trigger_print(m, data);
	seq_puts(m, "#\n\n");
	n = hist_print_entries(m, hd);
	hist_print_snapshot(m, hd);
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		   tracing_map_hits(hd->map), n, tracing_map_drops(hd->map));
}

/* What a reader of the hist file has seen: hits at its last read. */
struct hist_reader {
	struct file	*file;
	u64		last_read;
	u64		last_act;
};

/* Hits of every histogram of @file (event_mutex). */
static u64 hist_hits(struct trace_event_file *file)
{
	struct event_trigger_data *data;
	struct hist_data *hd;
	u64 hits = 0;

	list_for_each_entry(data, &file->triggers, list) {
		if (data->cmd_ops->trigger_type != ETT_EVENT_HIST)
			continue;
		hd = data->private_data;
		hits += tracing_map_hits(hd->map);
	}
	return hits;
}

static int hist_file_show(struct seq_file *m, void *v)
{
	struct hist_reader *r = m->private;
	struct trace_event_file *file;
	struct event_trigger_data *data;
	bool first = true;

	guard(mutex)(&event_mutex);
	file = event_file_file(r->file);
	if (unlikely(!file))
		return -ENODEV;
	list_for_each_entry(data, &file->triggers, list) {
		if (data->cmd_ops->trigger_type != ETT_EVENT_HIST)
			continue;
		hist_show_table(m, data, first);
		first = false;
	}
	r->last_read = hist_hits(file);
	r->last_act = r->last_read;
	return 0;
}

/*
 * Readable when hits arrived since the last read; EPOLLPRI once per
 * change seen by poll.
 */
static __poll_t hist_file_poll(struct file *filp, struct poll_table_struct *wait)
{
	struct seq_file *m = filp->private_data;
	struct hist_reader *r = m->private;
	struct trace_event_file *file;
	__poll_t ret = 0;
	u64 hits;

	guard(mutex)(&event_mutex);
	file = event_file_file(filp);
	if (!file)
		return EPOLLERR;
	hist_poll_wait(filp, wait);
	hits = hist_hits(file);
	if (r->last_read != hits)
		ret |= EPOLLIN | EPOLLRDNORM;
	if (r->last_act != hits) {
		r->last_act = hits;
		ret |= EPOLLPRI;
	}
	return ret;
}

static int hist_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file;
	struct hist_reader *r;
	int err;

	err = tracing_open_file_tr(inode, filp);
	if (err)
		return err;

	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	err = -ENODEV;
	if (!file)
		goto fail;
	err = -ENOMEM;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		goto fail;
	r->file = filp;
	r->last_act = hist_hits(file);
	filp->private_data = NULL;
	err = single_open(filp, hist_file_show, r);
	if (err) {
		kfree(r);
		goto fail;
	}
	mutex_unlock(&event_mutex);
	return 0;
fail:
	mutex_unlock(&event_mutex);
	tracing_release_file_tr(inode, filp);
	return err;
}

static int hist_file_release(struct inode *inode, struct file *filp)
{
	struct seq_file *m = filp->private_data;

	kfree(m->private);
	return tracing_single_release_file_tr(inode, filp);
}

const struct file_operations hist_file_fops = {
	.open		= hist_file_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= hist_file_release,
	.poll		= hist_file_poll,
};
