/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe events: what the kinds of probe event share
 * (Documentation/trace/retrace/probe-events.rst).
 *
 *   probe_event.c   the event in the registry: one call per
 *                   GROUP/EVENT, the probes appended to it, its fields
 *                   and print fmt, who records it (instances' files and
 *                   perf), the "[GROUP/]EVENT" parser
 *   kprobe_event.c  kprobe and kretprobe events: definitions, the
 *                   kprobes, the hit, kprobe_events and kprobe_profile
 *   eprobe_event.c  event probes: definitions, the attachment to
 *                   another event through a trigger, the hit
 *   uprobe_event.c  uprobe and uretprobe events: the same on the
 *                   uprobes core, uprobe_events and uprobe_profile
 *
 * An event (struct probe_event) holds one or more probes (struct probe,
 * each a dynamic event of its own with its place); the first defines the
 * fields, and every one appended must have the same arguments.  The
 * event leaves the registry with its last probe.
 *
 * Who records the event: @files (the instances' event files where it is
 * enabled, an RCU set), and @perf (perf events open on it).  The
 * probes fire while either is non-empty; a hit reads @files under RCU
 * and the call's perf list.
 *
 * Locks: dyn_event_ops_mutex (every definition; the error log) ->
 * event_mutex (the probes' lists, @files and @perf updates).  The hit
 * takes none.
 */
#ifndef _KERNEL_TRACE_PROBE_EVENT_H
#define _KERNEL_TRACE_PROBE_EVENT_H

#include <linux/list.h>
#include <linux/trace_events.h>

#include "dynevent/trace_dynevent.h"
#include "events/trace_event.h"
#include "probe_arg.h"

struct probe;

/**
 * struct probe_event - one event of probes
 * @call: the event in the registry
 * @class: its own class (its system is the group)
 * @probes: its probes, the first defines the fields (event_mutex)
 * @files: the event files recording it (event_mutex; RCU)
 * @perf: perf events recording it (written under event_mutex; the hit
 *	reads it with READ_ONCE() only to skip perf's part: the perf
 *	list it then reads is perf's, RCU-protected by perf)
 * @strs: the field names and types the registry points at, owned here
 *	so that they outlive any one probe
 * @n_strs: how many
 * @rcu: its freeing waits for hits still reading it
 * @priv: the kind's data (probe_kind_ops.priv_size bytes)
 */
struct probe_event {
	struct trace_event_call		call;
	struct trace_event_class	class;
	struct list_head		probes;
	struct trace_event_fileset __rcu *files;
	unsigned int			perf;
	char				**strs;
	unsigned int			n_strs;
	struct rcu_head			rcu;
	unsigned long			priv[];
};

/**
 * struct probe - one place of a probe event
 * @ev: its event
 * @node: on @ev->probes
 * @devent: its line in dynamic_events
 * @size: bytes of the arguments' fixed part
 * @n_entry: function arguments a return probe saves at entry
 * @entry_args: their numbers
 * @n_args: its arguments
 * @args: the arguments
 */
struct probe {
	struct probe_event	*ev;
	struct list_head	node;
	struct dyn_event	devent;
	unsigned int		size;
	unsigned int		n_entry;
	unsigned int		*entry_args;
	unsigned int		n_args;
	struct probe_arg	args[] __counted_by(n_args);
};

/*
 * What a kind of probe gives the event: its TRACE_EVENT_FL_* kind flag,
 * the head of its records (the fields before the arguments) and how it
 * turns its places on and off: @arm and @disarm while anyone records
 * the event, or, for a kind that attaches per instance (event probes),
 * its own @reg in place of the class reg() (event_mutex held for
 * REGISTER and UNREGISTER).
 *
 * A kind whose places fire only in the tasks recorded (uprobes: perf
 * events opened for one task) also keeps data of its own per event
 * (@priv_size bytes after the event, probe_event_priv(), set up by
 * @priv_init) and is told, under event_mutex, of each perf event that
 * starts (@perf_open) and stops (@perf_close) recording the event, and
 * of instances' files that start or stop recording it while it stays
 * armed (@refilter; @more: the first file came).  Each is optional.
 */
struct probe_kind_ops {
	int	call_flags;
	int	(*define_head)(struct trace_event_call *call);
	unsigned int	head_size;
	const char	*head_fmt;
	const char	*head_args;
	struct trace_event_functions *funcs;
	int	(*arm)(struct probe *p);
	void	(*disarm)(struct probe *p);
	int	(*reg)(struct probe_event *ev, enum trace_reg op, void *data);
	unsigned int	priv_size;
	void	(*priv_init)(struct probe_event *ev);
	int	(*perf_open)(struct probe_event *ev, struct perf_event *event);
	void	(*perf_close)(struct probe_event *ev,
			      struct perf_event *event);
	void	(*refilter)(struct probe_event *ev, bool more);
};

/*
 * The head of a kprobe's or a uprobe's record (__probe_ip), and of a
 * kretprobe's or a uretprobe's (__probe_func, __probe_ret_ip); the
 * kinds' @define_head are probe_define_head() and
 * probe_define_ret_head().
 */
struct probe_head {
	struct trace_entry	ent;
	unsigned long		ip;
};

struct probe_ret_head {
	struct trace_entry	ent;
	unsigned long		func;
	unsigned long		ret_ip;
};

static inline struct probe *probe_first(struct probe_event *ev)
{
	return list_first_entry(&ev->probes, struct probe, node);
}

static inline void *probe_event_priv(struct probe_event *ev)
{
	return ev->priv;
}

static inline bool probe_event_on(struct probe_event *ev)
{
	return rcu_access_pointer(ev->files) || ev->perf;
}

/* probe_event.c */
int probe_parse_event_name(struct probe_log *log, const char **event,
			   const char **group, char *buf, int col);
struct trace_event_call *probe_event_lookup(const char *group,
					    const char *name,
					    struct probe_event **ev);
struct probe_event *probe_event_find(const char *group, const char *name,
				     const struct probe_kind_ops *kind);
int probe_event_new(struct probe *p, const char *group, const char *name,
		    const struct probe_kind_ops *kind);
int __probe_event_new(struct probe *p, const char *group, const char *name,
		      const struct probe_kind_ops *kind);
int probe_event_private(struct probe *p, const char *group, const char *name,
			const struct probe_kind_ops *kind);
void probe_event_private_free(struct probe *p);
void probe_event_join(struct probe *p, struct probe_event *ev);
int probe_event_leave(struct probe *p);
int probe_args_differ(const struct probe *a, const struct probe *b);
bool probe_args_match(const struct probe *p, int argc, const char **argv);
const struct probe_kind_ops *probe_kind_of(struct probe_event *ev);
int probe_define_head(struct trace_event_call *call);
int probe_define_ret_head(struct trace_event_call *call);
int probe_dyn_create(const char *raw,
		     int (*define)(int argc, const char **argv));

#endif /* _KERNEL_TRACE_PROBE_EVENT_H */
