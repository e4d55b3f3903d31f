// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic_events file and the registry of dynamic event kinds
 * (trace_dynevent.h has the kinds' contract; dynevent.rst the commands).
 *
 * Writing: each line of a write (trace_parse_run_command(): '#' starts
 * a comment, the first failing line ends the write with its error) is
 *
 *   -:[GROUP/]EVENT [ARGS]    delete every event that matches
 *   !X:[GROUP/]EVENT [ARGS]   the same (X, the kind letter, is not used)
 *   anything else             offered to each kind in registration order
 *                             until one does not answer -ECANCELED;
 *                             -EINVAL if none takes it
 *
 * A delete removes every event whose kind's match() accepts the line,
 * stops at the first free() that refuses (its error is the result; what
 * went before stays deleted), and is -ENOENT when nothing matched.
 *
 * Opening for write with O_TRUNC deletes every dynamic event: first, if
 * any kind says one of its events is busy, nothing is deleted and the
 * open fails with -EBUSY; then each is freed in list order, stopping at
 * the first refusal.  After any delete the buffers of instances that had
 * a removed event enabled are cleared (the registry marked them).
 *
 * Reading lists every event, in creation order, with its kind's show().
 *
 * Contexts: process context.  Locks as in trace_dynevent.h.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "tracers/trace_opts.h"
#include "trace_dynevent.h"

/* dyn_event_ops_mutex: the kinds, and every create (see the header). */
DEFINE_MUTEX(dyn_event_ops_mutex);
static LIST_HEAD(dyn_event_kinds);

/* event_mutex: every dynamic event, oldest first. */
LIST_HEAD(dyn_event_list);

/**
 * dyn_event_register - add a kind of dynamic event
 * @ops: its callbacks, all five set; static, never unregistered
 *
 * Kinds are offered lines in registration order.  Return: 0 or -EINVAL.
 */
int dyn_event_register(struct dyn_event_operations *ops)
{
	if (!ops || !ops->create || !ops->show || !ops->is_busy ||
	    !ops->free || !ops->match)
		return -EINVAL;

	guard(mutex)(&dyn_event_ops_mutex);
	list_add_tail(&ops->list, &dyn_event_kinds);
	return 0;
}

/**
 * dyn_event_add - @ev joins the dynamic events as its @call is registered
 * @ev: the event's dyn_event (dyn_event_init() done)
 * @call: its call: from now on pinned through its refcount
 *
 * event_mutex held.
 */
void dyn_event_add(struct dyn_event *ev, struct trace_event_call *call)
{
	lockdep_assert_held(&event_mutex);
	call->flags |= TRACE_EVENT_FL_DYNAMIC;
	list_add_tail(&ev->list, &dyn_event_list);
}

/**
 * dyn_event_remove - @ev leaves the dynamic events (its kind's free())
 * @ev: the event
 *
 * event_mutex held.
 */
void dyn_event_remove(struct dyn_event *ev)
{
	lockdep_assert_held(&event_mutex);
	list_del_init(&ev->list);
}

/**
 * dyn_event_create - run one create line through one kind
 * @raw_command: the line
 * @type: the kind
 *
 * For a kind's own file (kprobe_events) and its kernel API.  Return: the
 * kind's create() result, -ECANCELED included.
 */
int dyn_event_create(const char *raw_command, struct dyn_event_operations *type)
{
	guard(mutex)(&dyn_event_ops_mutex);
	return type->create(raw_command);
}

static bool dyn_event_is(struct dyn_event *ev, struct dyn_event_operations *type)
{
	return !type || ev->ops == type;
}

/* The oldest event of @type (any if NULL); event_mutex held. */
static struct dyn_event *dyn_event_first(struct dyn_event_operations *type)
{
	struct dyn_event *ev;

	for_each_dyn_event(ev)
		if (dyn_event_is(ev, type))
			return ev;
	return NULL;
}

/*
 * Free every event of @type that the delete line's words name, oldest
 * first; stop at a refusal.  event_mutex held.
 */
static int dyn_event_free_matching(struct dyn_event_operations *type,
				   const char *system, const char *event,
				   int argc, const char **argv)
{
	struct dyn_event *ev, *next;
	bool named = false;
	int err;

	list_for_each_entry_safe(ev, next, &dyn_event_list, list) {
		if (!dyn_event_is(ev, type) ||
		    !ev->ops->match(system, event, argc, argv, ev))
			continue;
		named = true;
		err = ev->ops->free(ev);
		if (err)
			return err;
	}
	return named ? 0 : -ENOENT;
}

/* The event name of a delete line; NULL: not a delete's syntax. */
static char *dyn_event_del_name(char *word)
{
	char *colon;

	if (word[0] == '-')
		return word[1] == ':' ? word + 2 : NULL;
	colon = strchr(word, ':');
	return colon ? colon + 1 : NULL;
}

/**
 * dyn_event_release - delete the events a "-:" or "!" line names
 * @raw_command: "-:[GROUP/]EVENT [ARGS]" or "!X:[GROUP/]EVENT [ARGS]"
 * @type: delete only events of this kind; NULL: any
 *
 * Return: 0 when every matching event went, -ENOENT when none matched,
 * -EINVAL on bad syntax, -ENOMEM, or the first refusal of a free().
 */
int dyn_event_release(const char *raw_command, struct dyn_event_operations *type)
{
	char *system = NULL, *event, *slash;
	char **argv;
	int argc, ret;

	argv = argv_split(GFP_KERNEL, raw_command, &argc);
	if (!argv)
		return -ENOMEM;
	event = argc ? dyn_event_del_name(argv[0]) : NULL;
	if (!event) {
		ret = -EINVAL;
		goto out;
	}
	slash = strchr(event, '/');
	if (slash) {
		*slash = '\0';
		system = event;
		event = slash + 1;
	}
	if (!system && !*event) {
		ret = -EINVAL;
		goto out;
	}

	scoped_guard(mutex, &event_mutex) {
		ret = dyn_event_free_matching(type, system, event, argc - 1,
					      (const char **)argv + 1);
		tracing_reset_all_online_cpus();
	}
out:
	argv_free(argv);
	return ret;
}

/**
 * dyn_events_release_all - delete every dynamic event (of one kind)
 * @type: the kind; NULL: all kinds
 *
 * Nothing goes if one is busy.  Return: 0, -EBUSY, or the first refusal
 * of a free() (the events before it are gone).
 */
int dyn_events_release_all(struct dyn_event_operations *type)
{
	struct dyn_event *ev;
	int ret = 0;

	guard(mutex)(&event_mutex);
	for_each_dyn_event(ev) {
		if (dyn_event_is(ev, type) && ev->ops->is_busy(ev)) {
			ret = -EBUSY;
			break;
		}
	}
	/* a free() that succeeds takes its event off the list */
	while (!ret && (ev = dyn_event_first(type)))
		ret = ev->ops->free(ev);
	tracing_reset_all_online_cpus();
	return ret;
}

/* Offer a create line to each kind until one takes it; -EINVAL if none. */
static int dyn_event_offer(const char *line)
{
	struct dyn_event_operations *kind;
	int ret = -ENODEV;	/* no kind at all */

	guard(mutex)(&dyn_event_ops_mutex);
	list_for_each_entry(kind, &dyn_event_kinds, list) {
		ret = kind->create(line);
		if (ret == -ECANCELED)
			ret = -EINVAL;	/* unless a later kind takes it */
		else
			return ret;
	}
	return ret;
}

/* One line written to dynamic_events: a delete, or a create. */
static int dyn_event_command(const char *line)
{
	bool del = line[0] == '-' || line[0] == '!';

	return del ? dyn_event_release(line, NULL) : dyn_event_offer(line);
}

/*
 * The listing holds event_mutex from start to stop.  A kind's own file
 * (synthetic_events) walks the list with these too.
 */
void *dyn_event_seq_start(struct seq_file *m, loff_t *pos)
{
	struct dyn_event *ev;
	loff_t skip = *pos;

	mutex_lock(&event_mutex);
	for_each_dyn_event(ev)
		if (!skip--)
			return ev;
	return NULL;
}

void *dyn_event_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct dyn_event *ev = v;

	++*pos;
	if (list_is_last(&ev->list, &dyn_event_list))
		return NULL;
	return list_next_entry(ev, list);
}

void dyn_event_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int dyn_event_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	return ev->ops->show(m, ev);
}

static const struct seq_operations dyn_event_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= dyn_event_seq_show,
};

/* A writer opening with O_TRUNC clears every dynamic event first. */
static int dyn_event_open(struct inode *inode, struct file *file)
{
	bool clear = (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC);
	int ret = tracing_check_open_get_tr(NULL);

	if (!ret && clear)
		ret = dyn_events_release_all(NULL);
	return ret ?: seq_open(file, &dyn_event_seq_ops);
}

/* Each line is a command (the top of this file). */
static ssize_t dyn_event_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	return trace_parse_run_command(file, ubuf, len, ppos, dyn_event_command);
}

static const struct file_operations dyn_event_fops = {
	.write		= dyn_event_write,
	.open		= dyn_event_open,
	.release	= seq_release,
	.read		= seq_read,
	.llseek		= seq_lseek,
};

static struct trace_readme_part dyn_event_readme = {
	.rank	= TRACE_README_PROBES,
	.text	=
	"  dynamic_events\t\t- Create/append/remove/show the generic dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
	"\t\t\t  -:[GROUP/]NAME [ARGS] removes the events it names\n",
};

static __init int dyn_event_file_init(void)
{
	trace_readme_add(&dyn_event_readme);
	if (!tracing_init_dentry())
		trace_create_file("dynamic_events", TRACE_MODE_WRITE, NULL,
				  NULL, &dyn_event_fops);
	return 0;
}
fs_initcall(dyn_event_file_init);
