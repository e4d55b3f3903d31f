// SPDX-License-Identifier: GPL-2.0
/*
 * Event files, systems and their eventfs tree.  The files of an event's
 * or a system's directory come from slots (trace_event.h): the
 * registry fills enable, format and id (trace_event_enable_files.c,
 * trace_event_format.c); the components above it register the filter
 * files, trigger and inject from their own init.
 *
 * For every instance (struct trace_array) and every event call there is
 * one event file (struct trace_event_file, on tr->events): the probe's
 * data pointer, holding the flags word, filter and triggers of that event
 * in that instance.  Its directory events/SYSTEM/EVENT/ is an eventfs
 * directory whose entries (enable, filter, trigger, format, id, inject)
 * are made on lookup by evreg_event_entry().
 *
 * Systems: one struct event_subsystem per system name, global, shared by
 * all instances and refcounted (it carries the system filter's text); one
 * struct trace_subsystem_dir per (instance, system) holding the eventfs
 * directory and the number of the instance's events in it.  The dir goes
 * when its last event goes; an open system file holds a reference to the
 * dir (and through it to the system) so the file can still be released.
 *
 *   event_subsystem.ref_count       dirs + open files; event_mutex
 *   trace_subsystem_dir.ref_count   1 while in tr->systems + open files;
 *                                   event_mutex
 *   trace_subsystem_dir.nr_events   files using the dir; event_mutex
 *   trace_event_file.ref            refcount_t; see trace_event_internal.h
 *
 * Boot: the global instance (and boot instances) get their files before
 * tracefs exists, so events can be enabled early (evreg_add_early_files);
 * event_trace_init() then makes the directories for the files already
 * there.  Instances made later get files and directories at once.
 *
 * Process context only; the locks are those of trace_event_internal.h.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/tracefs.h>
#include <linux/tracepoint.h>

#include "filter/filter.h"
#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "trace_event.h"
#include "trace_event_internal.h"

struct kmem_cache *evreg_file_cache;

#ifdef CONFIG_HIST_TRIGGERS
/* The pollers of "hist" files (trace_events_file.h). */
static void hist_pollers_wake(struct irq_work *work)
{
	wake_up_all(&hist_pollers.waiting);
}

struct hist_pollers hist_pollers = {
	.waiting	= __WAIT_QUEUE_HEAD_INITIALIZER(hist_pollers.waiting),
	.wake		= IRQ_WORK_INIT(hist_pollers_wake),
};
#endif

/* Every system name ever used and still referenced.  event_mutex. */
static LIST_HEAD(evreg_systems);

/* Is @call's system in @list ("sys1,sys2" or space separated)? */
static bool system_listed(struct trace_event_call *call, const char *list)
{
	const char *sys = call->class->system;
	size_t n = strlen(sys);
	const char *p = list;

	if (!list)
		return true;
	while ((p = strstr(p, sys))) {
		bool start = p == list || isspace(p[-1]) || p[-1] == ',';
		bool end = !p[n] || isspace(p[n]) || p[n] == ',';

		if (start && end)
			return true;
		p += n;
	}
	return false;
}

static void system_put(struct event_subsystem *sys)
{
	WARN_ON_ONCE(!sys->ref_count);
	if (--sys->ref_count)
		return;
	list_del(&sys->list);
	if (sys->filter) {
		kfree(sys->filter->filter_string);
		kfree(sys->filter);
	}
	kfree_const(sys->name);
	kfree(sys);
}

static struct event_subsystem *system_get(const char *name)
{
	struct event_subsystem *sys;

	list_for_each_entry(sys, &evreg_systems, list) {
		if (!strcmp(sys->name, name)) {
			sys->ref_count++;
			return sys;
		}
	}
	sys = kzalloc(sizeof(*sys), GFP_KERNEL);
	if (!sys)
		return NULL;
	sys->ref_count = 1;
	sys->name = kstrdup_const(name, GFP_KERNEL);
	sys->filter = kzalloc(sizeof(*sys->filter), GFP_KERNEL);
	if (!sys->name || !sys->filter) {
		kfree(sys->filter);
		kfree_const(sys->name);
		kfree(sys);
		return NULL;
	}
	list_add(&sys->list, &evreg_systems);
	return sys;
}

static void sysdir_put(struct trace_subsystem_dir *dir)
{
	WARN_ON_ONCE(!dir->ref_count);
	system_put(dir->subsystem);
	if (!--dir->ref_count)
		kfree(dir);
}

/* A file leaves its system dir; the last one takes the dir away. */
static void sysdir_leave(struct trace_subsystem_dir *dir)
{
	if (!dir || --dir->nr_events)
		return;
	eventfs_remove_dir(dir->ei);
	list_del(&dir->list);
	sysdir_put(dir);
}

/* ---- the files of event and system directories ------------------------ */

static bool evreg_enable_shown(struct trace_event_call *call, void **data)
{
	return evreg_call_enablable(call);
}

static const struct evreg_dir_file evreg_enable_file = {
	.name	= "enable",
	.mode	= TRACE_MODE_WRITE,
	.fops	= &evreg_enable_fops,
	.shown	= evreg_enable_shown,
};

static const struct evreg_dir_file evreg_format_file = {
	.name	= "format",
	.mode	= TRACE_MODE_READ,
	.fops	= &evreg_format_fops,
};

#ifdef CONFIG_PERF_EVENTS
/* The id file reads its number from i_private. */
static bool evreg_id_shown(struct trace_event_call *call, void **data)
{
	if (!call->event.type || !call->class->reg)
		return false;
	*data = (void *)(long)call->event.type;
	return true;
}

static const struct evreg_dir_file evreg_id_file = {
	.name	= "id",
	.mode	= TRACE_MODE_READ,
	.fops	= &evreg_id_fops,
	.shown	= evreg_id_shown,
};
#endif

static const struct evreg_dir_file evreg_system_enable_file = {
	.name	= "enable",
	.mode	= TRACE_MODE_WRITE,
	.fops	= &evreg_system_enable_fops,
};

/*
 * The slots (trace_event.h), filled by evreg_register_*_file() under
 * event_mutex until the first directory fixes them (evreg_dir_tables_fix()
 * sets evreg_dir_tables_fixed); read-only from then on.
 */
static const struct evreg_dir_file *evreg_event_slots[EVREG_EVENT_NR_SLOTS] = {
	[EVREG_EVENT_ENABLE]	= &evreg_enable_file,
	[EVREG_EVENT_FORMAT]	= &evreg_format_file,
#ifdef CONFIG_PERF_EVENTS
	[EVREG_EVENT_ID]	= &evreg_id_file,
#endif
};

static const struct evreg_dir_file *evreg_system_slots[EVREG_SYSTEM_NR_SLOTS] = {
	[EVREG_SYSTEM_ENABLE]	= &evreg_system_enable_file,
};

static bool evreg_dir_tables_fixed;

/*
 * What eventfs gets once the slots are fixed: the filled ones in slot
 * order (@entries) and what serves each (@files, same index).
 */
struct evreg_dir_table {
	struct eventfs_entry		entries[EVREG_EVENT_NR_SLOTS];
	const struct evreg_dir_file	*files[EVREG_EVENT_NR_SLOTS];
	int				nr;
};

static struct evreg_dir_table evreg_event_table;
static struct evreg_dir_table evreg_system_table;

static int evreg_register_slot(const struct evreg_dir_file **slots, int nr,
			       int slot, const struct evreg_dir_file *file)
{
	if (WARN_ON_ONCE(slot < 0 || slot >= nr || !file->name || !file->fops))
		return -EINVAL;
	guard(mutex)(&event_mutex);
	if (WARN_ON_ONCE(evreg_dir_tables_fixed || slots[slot]))
		return -EBUSY;
	slots[slot] = file;
	return 0;
}

/**
 * evreg_register_event_file - serve one file of every event directory
 * @slot: its place in the directory
 * @file: its name, mode, operations; must live for good
 *
 * Context: process, before fs_initcall; takes event_mutex.
 * Return: 0, -EINVAL or -EBUSY (slot taken, or directories made already).
 */
int evreg_register_event_file(enum evreg_event_slot slot,
			      const struct evreg_dir_file *file)
{
	return evreg_register_slot(evreg_event_slots, EVREG_EVENT_NR_SLOTS,
				   slot, file);
}

/**
 * evreg_register_system_file - serve one file of every system directory
 * @slot: its place in the directory
 * @file: its name, mode, operations (@file->shown is not used); must
 *	live for good
 *
 * Context: process, before fs_initcall; takes event_mutex.
 * Return: 0, -EINVAL or -EBUSY (slot taken, or directories made already).
 */
int evreg_register_system_file(enum evreg_system_slot slot,
			       const struct evreg_dir_file *file)
{
	return evreg_register_slot(evreg_system_slots, EVREG_SYSTEM_NR_SLOTS,
				   slot, file);
}

static int evreg_event_entry(const char *name, umode_t *mode, void **data,
			     const struct file_operations **fops);
static int evreg_system_entry(const char *name, umode_t *mode, void **data,
			      const struct file_operations **fops);
static void evreg_event_release(const char *name, void *data);

static void evreg_dir_table_fill(struct evreg_dir_table *t,
				 const struct evreg_dir_file **slots, int nr,
				 eventfs_callback callback)
{
	int i;

	for (i = 0; i < nr; i++) {
		if (!slots[i])
			continue;
		t->files[t->nr] = slots[i];
		t->entries[t->nr].name = slots[i]->name;
		t->entries[t->nr].callback = callback;
		t->nr++;
	}
}

/* Before the first directory is made; event_mutex held. */
static void evreg_dir_tables_fix(void)
{
	BUILD_BUG_ON(ARRAY_SIZE(evreg_system_slots) >
		     ARRAY_SIZE(evreg_system_table.entries));
	lockdep_assert_held(&event_mutex);
	if (evreg_dir_tables_fixed)
		return;
	evreg_dir_table_fill(&evreg_event_table, evreg_event_slots,
			     EVREG_EVENT_NR_SLOTS, evreg_event_entry);
	/*
	 * eventfs runs every entry's release once, when the directory goes;
	 * the first entry's drops the reference the directory holds on its
	 * event file (taken in evreg_file_dir()).
	 */
	if (!WARN_ON_ONCE(!evreg_event_table.nr))
		evreg_event_table.entries[0].release = evreg_event_release;
	evreg_dir_table_fill(&evreg_system_table, evreg_system_slots,
			     EVREG_SYSTEM_NR_SLOTS, evreg_system_entry);
	evreg_dir_tables_fixed = true;
}

static const struct evreg_dir_file *
evreg_dir_file_named(const struct evreg_dir_table *t, const char *name)
{
	int i;

	for (i = 0; i < t->nr; i++)
		if (!strcmp(t->files[i]->name, name))
			return t->files[i];
	return NULL;
}

/* eventfs entries of events/SYSTEM/ (eventfs_mutex held) */
static int evreg_system_entry(const char *name, umode_t *mode, void **data,
			      const struct file_operations **fops)
{
	const struct evreg_dir_file *f;

	f = evreg_dir_file_named(&evreg_system_table, name);
	if (!f)
		return 0;
	*mode = f->mode;
	*fops = f->fops;
	return 1;
}

/* Find or make @tr's dir for @file's system; event_mutex held. */
static struct eventfs_inode *sysdir_join(struct trace_array *tr,
					 struct trace_event_file *file,
					 struct eventfs_inode *parent)
{
	const char *name = file->event_call->class->system;
	struct trace_subsystem_dir *dir;
	struct eventfs_inode *ei;

	list_for_each_entry(dir, &tr->systems, list) {
		if (!strcmp(dir->subsystem->name, name)) {
			dir->nr_events++;
			file->system = dir;
			return dir->ei;
		}
	}

	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (dir)
		dir->subsystem = system_get(name);
	if (!dir || !dir->subsystem) {
		pr_warn("No memory to create event subsystem %s\n", name);
		kfree(dir);
		return NULL;
	}
	*dir = (struct trace_subsystem_dir) {
		.subsystem = dir->subsystem,
		.tr = tr,
		.ref_count = 1,		/* tr->systems' */
		.nr_events = 1,		/* @file's */
	};
	/* The ftrace system shows formats only: no enable, no filter. */
	ei = eventfs_create_dir(name, parent, evreg_system_table.entries,
				strcmp(name, "ftrace") ? evreg_system_table.nr : 0,
				dir);
	if (IS_ERR(ei)) {
		pr_warn("Failed to create system directory %s\n", name);
		sysdir_put(dir);
		return NULL;
	}
	dir->ei = ei;
	list_add(&dir->list, &tr->systems);
	file->system = dir;
	return ei;
}

/* Open of a system's enable or filter file: pin the dir and instance. */
int evreg_system_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = NULL, *d;
	struct trace_array *tr;
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;

	mutex_lock(&event_mutex);
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(d, &tr->systems, list) {
			if (d != inode->i_private)
				continue;
			if (d->nr_events) {
				dir = d;
				dir->ref_count++;
				dir->subsystem->ref_count++;
			}
			goto found;
		}
	}
found:
	mutex_unlock(&trace_types_lock);
	mutex_unlock(&event_mutex);
	if (!dir)
		return -ENODEV;

	ret = trace_array_get(dir->tr);
	if (!ret) {
		ret = tracing_open_generic(inode, filp);
		if (ret < 0)
			trace_array_put(dir->tr);
	}
	if (ret < 0) {
		mutex_lock(&event_mutex);
		sysdir_put(dir);
		mutex_unlock(&event_mutex);
		return ret;
	}
	return 0;
}

/*
 * Open of events/enable: a dir with no system, standing for "every
 * event of the instance"; freed at release.
 */
int evreg_system_tr_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir;
	int ret = tracing_open_generic_tr(inode, filp);

	if (ret)
		return ret;
	/* no subsystem: system_enable_read()/write() then match all */
	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir) {
		tracing_release_generic_tr(inode, filp);
		return -ENOMEM;
	}
	dir->tr = inode->i_private;
	filp->private_data = dir;
	return 0;
}

int evreg_system_release(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	trace_array_put(dir->tr);
	if (!dir->subsystem) {
		kfree(dir);
		return 0;
	}
	mutex_lock(&event_mutex);
	sysdir_put(dir);
	mutex_unlock(&event_mutex);
	return 0;
}

/*
 * eventfs entries of events/SYSTEM/EVENT/ (eventfs_mutex held).  Calls of
 * the ftrace system (IGNORE_ENABLE) have only format and id, except
 * ftrace/print which also takes triggers (trace_marker fires them): each
 * file's shown() says.
 */
static int evreg_event_entry(const char *name, umode_t *mode, void **data,
			     const struct file_operations **fops)
{
	struct trace_event_file *file = *data;
	const struct evreg_dir_file *f;

	f = evreg_dir_file_named(&evreg_event_table, name);
	if (!f || (f->shown && !f->shown(file->event_call, data)))
		return 0;
	*mode = f->mode;
	*fops = f->fops;
	return 1;
}

/* The directory holds a file reference for its life (its first entry). */
static void evreg_event_release(const char *name, void *data)
{
	event_file_put(data);
}

/* Make events/SYSTEM/EVENT/ for @file under @parent; event_mutex held. */
int evreg_file_dir(struct eventfs_inode *parent, struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	const char *name = trace_event_name(call);
	struct eventfs_inode *sys_ei, *ei;
	int ret;

	/* A header without TRACE_SYSTEM names its system "TRACE_SYSTEM". */
	if (WARN_ON_ONCE(!strcmp(call->class->system, EVREG_NO_SYSTEM)))
		return -ENODEV;

	evreg_dir_tables_fix();
	sys_ei = sysdir_join(file->tr, file, parent);
	if (!sys_ei)
		return -ENOMEM;
	ei = eventfs_create_dir(name, sys_ei, evreg_event_table.entries,
				evreg_event_table.nr, file);
	if (IS_ERR(ei)) {
		pr_warn("Could not create tracefs '%s' directory\n", name);
		return PTR_ERR(ei);
	}
	file->ei = ei;
	ret = evreg_define_fields(call);
	if (ret < 0) {
		pr_warn("Could not initialize trace point events/%s\n", name);
		return ret;
	}
	event_file_get(file);	/* dropped by evreg_event_release() */
	return 0;
}

/**
 * event_file_get - take a reference on an event file
 * @file: the file
 */
void event_file_get(struct trace_event_file *file)
{
	refcount_inc(&file->ref);
}

/**
 * event_file_put - drop a reference; the last one frees a removed file
 * @file: the file
 */
void event_file_put(struct trace_event_file *file)
{
	if (WARN_ON_ONCE(!refcount_read(&file->ref))) {
		if (file->flags & EVENT_FILE_FL_FREED)
			kmem_cache_free(evreg_file_cache, file);
		return;
	}
	if (!refcount_dec_and_test(&file->ref))
		return;
	/* Only removal drops the last reference, after setting FREED. */
	if (WARN_ON_ONCE(!(file->flags & EVENT_FILE_FL_FREED)))
		return;
	kmem_cache_free(evreg_file_cache, file);
}

/*
 * The open and release of the tracefs files of one event (enable,
 * filter, inject, ...): each open file holds its event file and the
 * event file's instance.
 */
/**
 * tracing_open_file_tr - open a per-event file
 * @inode: the file's inode; i_private is the event file
 * @filp: the file; private_data becomes the event file
 *
 * Takes a reference on the event file's instance and on the event file
 * itself (event_file_get(), under event_mutex), so that neither goes
 * while the file is open.
 *
 * Return: 0; -ENODEV if the event is being removed or tracing is
 * disabled; -EPERM under lockdown.
 */
int tracing_open_file_tr(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	bool gone;
	int ret;

	ret = tracing_check_open_get_tr(file->tr);
	if (ret)
		return ret;

	scoped_guard(mutex, &event_mutex) {
		gone = file->flags & EVENT_FILE_FL_FREED;
		if (!gone)
			event_file_get(file);
	}
	if (gone) {
		trace_array_put(file->tr);
		return -ENODEV;
	}

	filp->private_data = file;
	return 0;
}

/* Drop what tracing_open_file_tr() took: the event file, its instance. */
static void event_file_open_put(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	event_file_put(file);
	trace_array_put(tr);
}

/**
 * tracing_release_file_tr - release of tracing_open_file_tr()
 * @inode: the file's inode
 * @filp: the file
 */
int tracing_release_file_tr(struct inode *inode, struct file *filp)
{
	event_file_open_put(inode->i_private);
	return 0;
}

/**
 * tracing_single_release_file_tr - release of tracing_open_file_tr()
 * followed by single_open()
 * @inode: the file's inode
 * @filp: the file
 */
int tracing_single_release_file_tr(struct inode *inode, struct file *filp)
{
	event_file_open_put(inode->i_private);
	return single_release(inode, filp);
}

/*
 * A new file of @call in @tr, linked on tr->events.  NULL if the instance
 * was made for other systems only (trace_array_get_by_name(, systems)).
 * event_mutex held.
 */
struct trace_event_file *evreg_file_new(struct trace_event_call *call,
					struct trace_array *tr)
{
	struct trace_event_file *file;

	if (!system_listed(call, tr->system_names))
		return NULL;
	file = kmem_cache_alloc(evreg_file_cache, GFP_KERNEL);
	if (!file)
		return ERR_PTR(-ENOMEM);
	*file = (struct trace_event_file) {
		.event_call	= call,
		.tr		= tr,
		/* an instance with pid sets filters its new events too */
		.flags		= evreg_pids_active(tr) ?
				  EVENT_FILE_FL_PID_FILTER : 0,
		.ref		= REFCOUNT_INIT(1),	/* tr->events' */
		.sm_ref		= ATOMIC_INIT(0),
		.tm_ref		= ATOMIC_INIT(0),
	};
	INIT_LIST_HEAD(&file->triggers);
	list_add(&file->list, &tr->events);
	return file;
}

/**
 * free_event_filter - free a filter no reader can reach any more
 * @filter: from create_event_filter(), or NULL
 *
 * The caller unpublished @filter and waited for its readers
 * (tracepoint_synchronize_unregister()) first.
 */
void free_event_filter(struct event_filter *filter)
{
	if (!filter)
		return;
	fprog_free(rcu_access_pointer(filter->prog));
	kfree(filter->filter_string);
	kfree(filter);
}

/* Unlink a (disabled) file and drop the list's reference; event_mutex. */
void evreg_file_remove(struct trace_event_file *file)
{
	eventfs_remove_dir(file->ei);
	list_del(&file->list);
	sysdir_leave(file->system);
	free_event_filter(rcu_dereference_protected(file->filter,
						    lockdep_is_held(&event_mutex)));
	file->flags |= EVENT_FILE_FL_FREED;
	event_file_put(file);
	/* a hist file poller sleeping on this event must see FREED */
	hist_poll_wakeup();
}

static int file_add(struct trace_event_call *call, struct trace_array *tr,
		    bool early)
{
	struct trace_event_file *file = evreg_file_new(call, tr);

	if (IS_ERR_OR_NULL(file))
		return PTR_ERR_OR_ZERO(file);
	if (!early && evreg_fs_ready)
		return evreg_file_dir(tr->event_dir, file);
	return evreg_define_fields(call);
}

/* A new call joins every instance; event_mutex, trace_types_lock held. */
int evreg_add_call_to_instances(struct trace_event_call *call)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		if (file_add(call, tr, false) < 0)
			pr_warn("Could not create directory for event %s\n",
				trace_event_name(call));
	return 0;
}

/*
 * Files without directories, for an instance set up before tracefs:
 * the global one from trace_event_init(), boot instances from
 * trace_instance.c (__trace_early_add_events()).
 */
void evreg_add_early_files(struct trace_array *tr)
{
	struct trace_event_call *call;

	list_for_each_entry(call, &ftrace_events, list) {
		/* No module is loaded this early. */
		if (!(call->flags & TRACE_EVENT_FL_DYNAMIC) &&
		    WARN_ON_ONCE(call->module))
			continue;
		if (file_add(call, tr, true) < 0)
			pr_warn("Could not create early event %s\n",
				trace_event_name(call));
	}
}

void __trace_early_add_events(struct trace_array *tr)
{
	evreg_add_early_files(tr);
}

static int evreg_top_entry(const char *name, umode_t *mode, void **data,
			   const struct file_operations **fops)
{
	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &evreg_tr_enable_fops;
	} else if (!strcmp(name, "header_page")) {
		*mode = TRACE_MODE_READ;
		*fops = &evreg_header_page_fops;
	} else if (!strcmp(name, "header_event")) {
		*mode = TRACE_MODE_READ;
		*fops = &evreg_header_event_fops;
	} else {
		return 0;
	}
	return 1;
}

/*
 * set_event, events/ and the pid files of an instance, then a directory
 * for each of its files (made now, or found from early boot).
 * event_mutex held.
 */
int evreg_instance_files(struct dentry *parent, struct trace_array *tr)
{
	static const struct eventfs_entry entries[] = {
		{ .name = "enable", .callback = evreg_top_entry },
		{ .name = "header_page", .callback = evreg_top_entry },
		{ .name = "header_event", .callback = evreg_top_entry },
	};
	struct trace_event_file *file;
	struct trace_event_call *call;
	struct eventfs_inode *ei;
	bool early = !list_empty(&tr->events);

	lockdep_assert_held(&event_mutex);
	if (!trace_create_file("set_event", TRACE_MODE_WRITE, parent, tr,
			       &evreg_set_event_fops))
		return -ENOMEM;
	ei = eventfs_create_events_dir("events", parent, entries,
				       ARRAY_SIZE(entries), tr);
	if (IS_ERR(ei)) {
		pr_warn("Could not create tracefs 'events' directory\n");
		return -ENOMEM;
	}
	trace_create_file("set_event_pid", TRACE_MODE_WRITE, parent, tr,
			  &evreg_pid_fops);
	trace_create_file("set_event_notrace_pid", TRACE_MODE_WRITE, parent,
			  tr, &evreg_notrace_pid_fops);
	tr->event_dir = ei;

	down_write(&trace_event_sem);
	if (early) {
		list_for_each_entry(file, &tr->events, list)
			if (evreg_file_dir(ei, file) < 0)
				pr_warn("Could not create directory for event %s\n",
					trace_event_name(file->event_call));
	} else {
		list_for_each_entry(call, &ftrace_events, list)
			if (file_add(call, tr, false) < 0)
				pr_warn("Could not create directory for event %s\n",
					trace_event_name(call));
	}
	up_write(&trace_event_sem);
	return 0;
}

/* Components holding state on event files (evreg_instance_ops). */
static LIST_HEAD(evreg_instance_ops_list);

/**
 * evreg_register_instance_ops - be told when an instance's events go
 * @ops: the component's ops; must live for good
 *
 * Context: process; takes event_mutex.
 */
void evreg_register_instance_ops(struct evreg_instance_ops *ops)
{
	guard(mutex)(&event_mutex);
	list_add_tail(&ops->list, &evreg_instance_ops_list);
}

/**
 * event_trace_add_tracer - give a new instance its event files
 * @parent: the instance's tracefs directory
 * @tr: the instance
 *
 * Return: 0 or -ENOMEM.  Caller holds event_mutex.
 */
int event_trace_add_tracer(struct dentry *parent, struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	return evreg_instance_files(parent, tr);
}

/**
 * event_trace_del_tracer - tear down an instance's events
 * @tr: the instance (being removed)
 *
 * The components holding state on the files first (the triggers hold
 * soft-mode references), then pid sets, then every event off; after the
 * probes are gone, files and directories.  Caller holds event_mutex.
 *
 * Return: 0.
 */
int event_trace_del_tracer(struct trace_array *tr)
{
	struct trace_event_file *file, *tmp;
	struct evreg_instance_ops *ops;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(ops, &evreg_instance_ops_list, list)
		ops->clear(tr);
	evreg_pids_clear_locked(tr, TRACE_PIDS | TRACE_NO_PIDS);
	evreg_set_clr_locked(tr, NULL, NULL, NULL, 0);
	tracepoint_synchronize_unregister();

	down_write(&trace_event_sem);
	list_for_each_entry_safe(file, tmp, &tr->events, list)
		evreg_file_remove(file);
	eventfs_remove_events_dir(tr->event_dir);
	up_write(&trace_event_sem);
	tr->event_dir = NULL;
	return 0;
}

/**
 * event_trace_init - the registry's tracefs files, once tracefs is up
 *
 * available_events, and the event tree of the global instance for the
 * files it got at boot.  Module events are followed from here on.
 *
 * Return: 0 or -ENODEV/-ENOMEM.
 */
__init int event_trace_init(void)
{
	struct trace_array *tr = top_trace_array();
	int ret;

	if (!tr)
		return -ENODEV;
	trace_create_file("available_events", TRACE_MODE_READ, NULL, tr,
			  &evreg_avail_fops);
	mutex_lock(&event_mutex);
	ret = evreg_instance_files(NULL, tr);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	evreg_module_init();
	evreg_fs_ready = true;
	return 0;
}

/*
 * The events of an instance other than the global one, as an instance
 * part (struct trace_instance_part): event files at creation when it is
 * made before tracefs (the trace_instance= events are enabled on them),
 * set_event, events/ and a directory per event once it has its
 * directory.  event_mutex held, except at boot.
 */
static void evreg_part_init(struct trace_array *tr)
{
	if (!tr->dir)
		__trace_early_add_events(tr);
}

static int evreg_part_add(struct trace_array *tr)
{
	return event_trace_add_tracer(tr->dir, tr);
}

static void evreg_part_remove(struct trace_array *tr)
{
	event_trace_del_tracer(tr);
}

static struct trace_instance_part evreg_part = {
	.name	= "events",
	.init	= evreg_part_init,
	.add	= evreg_part_add,
	.remove	= evreg_part_remove,
};

void __init trace_event_register_part(void)
{
	trace_instance_register_part(&evreg_part);
}
