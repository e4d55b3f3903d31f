/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the event registry and the event filters offer the rest of
 * kernel/trace (registry.rst): the field, filter and system
 * objects, the registry calls the core makes (instances come and go,
 * options change), and the parser of the space-separated lists that
 * set_event and friends take.  The registry's own internals are in
 * trace_event_internal.h, the triggers' in trace_trigger.h.
 *
 * Locking: event_mutex protects every object below (lists, refcounts,
 * the filter pointers' updates); a filter's program is RCU-published
 * (rcu_assign_pointer() under event_mutex, freed after
 * tracepoint_synchronize_unregister()), because probes read it in any
 * context.  Lock order: event_mutex, then trace_types_lock, then
 * trace_event_sem (trace_output.h).
 */
#ifndef _KERNEL_TRACE_EVENT_H
#define _KERNEL_TRACE_EVENT_H

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/trace_events.h>

struct dentry;
struct eventfs_inode;
struct fprog;
struct trace_array;
struct trace_seq;

/*
 * The registry lock (see above; defined with the instances, which it
 * also guards: trace_array.h).  The list of every event call,
 * ftrace_events, is declared with trace_event_sem in trace_output.h.
 */
extern struct mutex event_mutex;

/*
 * One field of an event's record, on its call's field list (built once
 * at registration, read-only after): name and C type as the format file
 * shows them, where it is, and how the filter compares it (FILTER_*).
 * @len is the length of a fixed-size string or array, else 0.
 */
struct ftrace_event_field {
	struct list_head	link;
	const char		*name;
	const char		*type;
	int			offset;
	int			size;
	int			len;
	int			filter_type;
	unsigned int		is_signed:1;
	unsigned int		needs_test:1;
};

/* Fields that compare as strings, and the function field of ftrace/function. */
static inline bool is_string_field(struct ftrace_event_field *field)
{
	switch (field->filter_type) {
	case FILTER_STATIC_STRING:
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
	case FILTER_PTR_STRING:
	case FILTER_COMM:
		return true;
	default:
		return false;
	}
}

static inline bool is_function_field(struct ftrace_event_field *field)
{
	return field->filter_type == FILTER_TRACE_FN;
}

struct ftrace_event_field *
trace_find_event_field(struct trace_event_call *call, char *name);

/*
 * A compiled filter: the text as written (NULL: no filter), and the
 * program probes run (RCU, see above).
 */
struct event_filter {
	char			*filter_string;
	struct fprog __rcu	*prog;
};

/*
 * A system: one per name for the whole kernel, counted by the system
 * dirs of every instance (@ref_count, event_mutex).  @filter is the
 * text last written to a system's filter file.
 */
struct event_subsystem {
	struct list_head	list;
	const char		*name;
	int			ref_count;
	struct event_filter	*filter;
};

/*
 * A system in one instance (events/SYSTEM/): on tr->systems, with its
 * eventfs directory.  @nr_events counts its event files; @ref_count
 * its open files and the instance's own reference (event_mutex).
 */
struct trace_subsystem_dir {
	struct list_head		list;
	struct trace_array		*tr;
	struct event_subsystem		*subsystem;
	struct eventfs_inode		*ei;
	int				nr_events;
	int				ref_count;
};

/* The filter type (FILTER_*) of a field, from its C type (the registry's). */
int filter_assign_type(const char *type);
/* Free a filter no reader can reach any more (the registry's). */
void free_event_filter(struct event_filter *filter);

/* Filters (trace_event_filter.c), all under event_mutex. */
int create_event_filter(struct trace_array *tr, struct trace_event_call *call,
			char *filter_str, bool set_str,
			struct event_filter **filterp);
int apply_event_filter(struct trace_event_file *file, char *filter_string);
void print_event_filter(struct trace_event_file *file, struct trace_seq *s);
int apply_subsystem_event_filter(struct trace_subsystem_dir *dir,
				 char *filter_string);
void print_subsystem_event_filter(struct event_subsystem *system,
				  struct trace_seq *s);

/*
 * Event files.  A tracefs file of an event keeps its trace_event_file
 * in i_private.  event_file_file() is the first access of a fop: under
 * event_mutex, NULL once the event is gone (FREED).  event_file_data()
 * is for later accesses in the same event_mutex section, or for files
 * whose release holds a reference (event_file_get()/_put()).
 */
static inline void *event_file_data(struct file *filp)
{
	return READ_ONCE(file_inode(filp)->i_private);
}

static inline struct trace_event_file *event_file_file(struct file *filp)
{
	struct trace_event_file *file;

	lockdep_assert_held(&event_mutex);
	file = event_file_data(filp);
	if (file && (file->flags & EVENT_FILE_FL_FREED))
		return NULL;
	return file;
}

void event_file_get(struct trace_event_file *file);
void event_file_put(struct trace_event_file *file);

/*
 * A tracefs file of an event (trace_event_dirs.c): the open holds the
 * event file and its instance (-ENODEV once the event is gone); the
 * second release is for an open that used single_open().
 */
int tracing_open_file_tr(struct inode *inode, struct file *filp);
int tracing_release_file_tr(struct inode *inode, struct file *filp);
int tracing_single_release_file_tr(struct inode *inode, struct file *filp);

/*
 * The event files that record an event with no tracepoint (user events,
 * synthetic events), kept by the event's class reg(): a set replaced
 * whole under event_mutex, read by the event's writers under RCU
 * (preemption off).  trace_event_fileset_change() publishes a copy
 * with @add added (if not NULL) and @drop left out (if not NULL); the
 * old set is freed after a grace period.  Adding may fail (-ENOMEM),
 * dropping may not.
 */
struct trace_event_fileset {
	struct rcu_head			rcu;
	unsigned int			n;
	struct trace_event_file		*file[];
};

int trace_event_fileset_change(struct trace_event_fileset __rcu **setp,
			       struct trace_event_file *add,
			       struct trace_event_file *drop);

/* perf's kprobe and uprobe PMUs: attach to a private event. */
struct perf_event;
int perf_trace_init_call(struct perf_event *event,
			 struct trace_event_call *call);

/* Lookup of one event of @tr (event_mutex held for the __ form). */
struct trace_event_file *__find_event_file(struct trace_array *tr,
					   const char *system,
					   const char *event);
struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system, const char *event);

/* Enable or disable one file, or soft-(dis)able it for a trigger. */
int trace_event_enable_disable(struct trace_event_file *file,
			       int enable, int soft_disable);
/* set_event syntax ("[!][system:]event"), for boot and kernel users. */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set);
/* trace_event=: enable the boot list in @tr. */
void early_enable_events(struct trace_array *tr, char *buf, bool disable_first);

/* Instances: their event files and eventfs tree come and go. */
int event_trace_add_tracer(struct dentry *parent, struct trace_array *tr);
int event_trace_del_tracer(struct trace_array *tr);
void __trace_early_add_events(struct trace_array *tr);
/* Boot: the events' instance part (struct trace_instance_part). */
void trace_event_register_part(void);
int event_trace_init(void);
#ifdef CONFIG_EVENT_TRACING
void trace_event_init(void);
void trace_event_boot_enable(void);
void trace_event_update_all(struct trace_eval_map **map, int len,
			    struct module *mod);
#else
static inline void trace_event_init(void) { }
static inline void trace_event_boot_enable(void) { }
static inline void trace_event_update_all(struct trace_eval_map **map,
					  int len, struct module *mod) { }
#endif

/*
 * The files of the registry's eventfs directories.  Every event directory
 * (events/SYSTEM/EVENT/) and every system directory (events/SYSTEM/)
 * lists its files in slot order, which is the order readdir, and so ls,
 * shows them.  The registry serves enable, format and id itself; the
 * components above it register the other slots from their init.
 */
enum evreg_event_slot {
	EVREG_EVENT_ENABLE,
	EVREG_EVENT_FILTER,
	EVREG_EVENT_TRIGGER,
	EVREG_EVENT_FORMAT,
	EVREG_EVENT_ID,
	EVREG_EVENT_HIST,
	EVREG_EVENT_INJECT,
	EVREG_EVENT_NR_SLOTS,
};

enum evreg_system_slot {
	EVREG_SYSTEM_FILTER,
	EVREG_SYSTEM_ENABLE,
	EVREG_SYSTEM_NR_SLOTS,
};

/**
 * struct evreg_dir_file - one file of every event (or system) directory
 * @name: the file's name
 * @mode: its mode
 * @fops: its operations.  The inode's i_private is the event's struct
 *	trace_event_file (what event_file_file() expects), or the system
 *	directory's struct trace_subsystem_dir.
 * @shown: event directories only, optional: whether the directory of
 *	@call has the file (NULL: every one has).  It may replace *@data,
 *	the event file, by what @fops want in i_private instead.  Called by
 *	eventfs lookup and readdir under eventfs_mutex: must not sleep or
 *	take event_mutex, and may read only what is fixed for the call's
 *	life (its flags, class, name, type).
 */
struct evreg_dir_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
	bool				(*shown)(struct trace_event_call *call,
						 void **data);
};

/*
 * Fill a slot.  Process context, before fs_initcall: the first event
 * directory (event_trace_init()) fixes the tables, and a registration
 * after that fails with -EBUSY, as does one into a taken slot.  Takes
 * event_mutex.  @file must live for good.
 */
int evreg_register_event_file(enum evreg_event_slot slot,
			      const struct evreg_dir_file *file);
int evreg_register_system_file(enum evreg_system_slot slot,
			       const struct evreg_dir_file *file);

/**
 * struct evreg_instance_ops - a component that holds state on event files
 * @list: on the registry's list (event_mutex)
 * @clear: let go of everything held on @tr's event files.  Called by
 *	event_trace_del_tracer() with event_mutex held, first of all (before
 *	the pid sets go and the events are disabled), in registration order.
 *
 * Registered with evreg_register_instance_ops() (takes event_mutex) from
 * the component's boot init, before any instance can be removed; never
 * unregistered.
 */
struct evreg_instance_ops {
	struct list_head	list;
	void			(*clear)(struct trace_array *tr);
};

void evreg_register_instance_ops(struct evreg_instance_ops *ops);

/* Option side effects: record-cmd, record-tgid, event-fork. */
void trace_event_enable_cmd_record(bool enable);
void trace_event_enable_tgid_record(bool enable);
void trace_event_follow_fork(struct trace_array *tr, bool enable);

/* Which pid set(s) of an instance an operation is about. */
enum {
	TRACE_PIDS	= BIT(0),	/* set_event_pid */
	TRACE_NO_PIDS	= BIT(1),	/* set_event_notrace_pid */
};

/* ftrace/function's call, which has no enable file. */
bool ftrace_event_is_function(struct trace_event_call *call);

/*
 * The reader of a written list of words ("a b c" over several writes):
 * @buffer of @size gathers one word; @idx is its length so far, @cont
 * says it continues in the next write, @fail that it did not fit.
 * Owned by one open file (its write side is serialised by the caller).
 */
struct trace_parser {
	char		*buffer;
	unsigned int	size;
	unsigned int	idx;
	bool		cont;
	bool		fail;
};

int trace_parser_get_init(struct trace_parser *parser, int size);
void trace_parser_put(struct trace_parser *parser);
int trace_get_user(struct trace_parser *parser, const char __user *ubuf,
		   size_t cnt, loff_t *ppos);

/* A whole word is waiting in @parser. */
static inline bool trace_parser_loaded(struct trace_parser *parser)
{
	return parser->idx && !parser->fail;
}

/* The last word of the write went on past its end. */
static inline bool trace_parser_cont(struct trace_parser *parser)
{
	return parser->cont;
}

static inline void trace_parser_clear(struct trace_parser *parser)
{
	parser->idx = 0;
	parser->cont = false;
}

static inline void trace_parser_fail(struct trace_parser *parser)
{
	parser->fail = true;
}

#endif /* _KERNEL_TRACE_EVENT_H */
