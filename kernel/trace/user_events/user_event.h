/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user event and what the files of kernel/trace/user_events/ share
 * (Documentation/trace/retrace/user-events.rst):
 *
 *   user_events_reg.c     the events: find or create from a description,
 *                         references, auto-delete, the events' reg() (who
 *                         traces them), dynamic_events "u:", the limit
 *   user_events_enable.c  the enablers: bits in the registering processes'
 *                         memory, kept equal to "traced"; fork, exec, exit
 *   user_events_data.c    user_events_data (ioctls, writes) and
 *                         user_events_status
 *   user_events_fields.c  the field description language
 *
 * References (ue->refcnt) are held by: the event itself while it is
 * persistent; each file descriptor that registered it; each enabler;
 * each tracer (an enabled event file of an instance, perf); and briefly
 * a registration in progress.  A non-persistent event goes when its last
 * reference does: at once, unless that happens inside its reg() (the
 * last tracer leaving), where the registry cannot remove the call; then
 * it waits on a graveyard list, off the name hash, until a worker or the
 * next lookup removes it.  Pointers to events are valid under event_mutex,
 * or with a reference; nothing else reads one, so the memory goes at once.
 *
 * Locks: ue_reg_mutex (registrations, deletes, closes, the status file)
 * -> event_mutex (the hash, references' last drop, enablers, sets of
 * files) -> an mm's mmap_lock (read: writing a bit).  Writers of records
 * take none: they hold a reference through their file descriptor and
 * read the set of files under RCU.
 */
#ifndef _KERNEL_TRACE_USER_EVENT_H
#define _KERNEL_TRACE_USER_EVENT_H

#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/trace_events.h>
#include <linux/types.h>
#include <uapi/linux/user_events.h>

#include "dynevent/trace_dynevent.h"
#include "events/trace_event.h"
#include "user_events_fields.h"

/* Longest description (name and fields) a registration may pass. */
#define UE_DESC_MAX		512

/* Who traces an event: user_events_status's "Used by" words. */
enum {
	UE_USED_FTRACE	= BIT(0),
	UE_USED_PERF	= BIT(1),
};

struct user_event {
	struct trace_event_call		call;
	struct trace_event_class	class;
	struct dyn_event		devent;
	struct hlist_node		node;		/* ue_hash; event_mutex */
	struct list_head		dead;		/* the graveyard */
	char				*reg_name;	/* as registered */
	char				*tp_name;	/* NAME or NAME.ID */
	struct ue_fields		*fields;
	struct trace_event_fields	*fields_array;	/* the registry's view */
	refcount_t			refcnt;
	u16				reg_flags;	/* USER_EVENT_REG_* */
	unsigned int			perf_users;	/* event_mutex */
	struct trace_event_fileset __rcu	*files;	/* event_mutex; RCU */
	int				status;		/* UE_USED_*; READ_ONCE */
};

extern struct mutex ue_reg_mutex;

/* user_events_reg.c */
int ue_event_get(const char *desc, u16 reg_flags, struct user_event **out);
void ue_event_put(struct user_event *ue);
void ue_event_put_locked(struct user_event *ue);
void ue_event_get_ref(struct user_event *ue);
int ue_event_delete(const char *name);
void ue_status_show(struct seq_file *m);

/* user_events_enable.c */
int ue_enabler_check(unsigned long addr, int bit);
int ue_enabler_add(struct user_event *ue, unsigned long addr, int bit,
		   int size);
int ue_enabler_del(unsigned long addr, int bit);
void ue_enablers_update(struct user_event *ue);
int ue_enable_init(void);

/* user_events_data.c */
int ue_data_init(void);

#endif /* _KERNEL_TRACE_USER_EVENT_H */
