/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event registry, internal interface (registry.rst).
 *
 * The registry is split by job:
 *
 *   trace_event_calls.c   the list of event calls (ftrace_events), their
 *                         fields, raw init, registration at boot, by
 *                         modules and by dynamic event code
 *   trace_event_dirs.c    event files (one per instance and call),
 *                         systems and their eventfs directories,
 *                         instance add/remove
 *   trace_event_format.c  format, id, header_page, header_event
 *   trace_event_fmtcheck.c  the print fmt check of raw init
 *   trace_event_enable.c  the enable state machine, the kernel API,
 *                         trace_event= at boot
 *   trace_event_enable_files.c  enable files, set_event,
 *                         available_events
 *   trace_event_pid.c     set_event_pid, set_event_notrace_pid, fork
 *                         following and the per-CPU ignore verdict
 *   trace_event_write.c   the reserve/commit of event records
 *   trace_event_fire.c    the walk of an event's triggers
 *
 * Eval maps (trace_eval.c) and the write path of records (trace_write.c)
 * are not part of it; they call in through the calls declared here.  The
 * filter files, trigger and inject of event directories belong to the
 * components above (trace_event_filter_files.c, trace_trigger.c,
 * trace_event_inject.c), which fill the registry's directory slots
 * (trace_event.h) from their init.
 *
 * Locks, outermost first:
 *
 *   event_mutex            every registry list (calls, files, systems,
 *                          system dirs), every change of a file's flags,
 *                          filter, triggers, and the pid sets
 *     trace_types_lock     taken inside event_mutex by call add/remove
 *                          and module events (instance list)
 *     trace_event_sem      (write) while calls join or leave the list and
 *                          while an instance's files are built or torn
 *                          down, so printers never see a half-gone type
 *
 * Lifetime of an event file: created with one reference owned by its
 * instance's list; the eventfs "enable" entry takes a second one, dropped
 * by its release.  Removal (call going or instance going) unlinks the
 * file, marks it FREED and drops the list's reference; a file still open
 * sees FREED under event_mutex (event_file_file()) and returns -ENODEV.
 * The memory goes with the last reference (event_file_put()).
 */
#ifndef _KERNEL_TRACE_EVENT_INTERNAL_H
#define _KERNEL_TRACE_EVENT_INTERNAL_H

#include <linux/trace_events.h>
#include <linux/types.h>

struct dentry;
struct eventfs_inode;
struct file;
struct inode;
struct kmem_cache;
struct trace_array;
struct trace_seq;

/*
 * The system name an event header gets when it forgets to define
 * TRACE_SYSTEM: such calls get no directory.
 */
#define EVREG_NO_SYSTEM		"TRACE_SYSTEM"

/* trace_event_calls.c */

/* The common fields every record starts with (common_type ...). */
extern struct list_head evreg_common_fields;

/* Build the call's field list from its class's array (once per class). */
int evreg_define_fields(struct trace_event_call *call);
/* Free it; event_mutex held (or the call private to the caller). */
void evreg_destroy_fields(struct trace_event_call *call);

/* Set once tracefs is up: new files get their eventfs dirs at once. */
extern bool evreg_fs_ready;

void evreg_module_init(void);

/* The built-in calls, from the linker script's _ftrace_events section. */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];

/* trace_event_fmtcheck.c */

int evreg_fmt_check(struct trace_event_call *call, u64 *unsafe);
void evreg_check_print_fmt(struct trace_event_call *call);

/* trace_event_dirs.c */

extern struct kmem_cache *evreg_file_cache;

struct trace_event_file *evreg_file_new(struct trace_event_call *call,
					struct trace_array *tr);
int evreg_file_dir(struct eventfs_inode *parent, struct trace_event_file *file);
void evreg_file_remove(struct trace_event_file *file);
int evreg_add_call_to_instances(struct trace_event_call *call);
void evreg_add_early_files(struct trace_array *tr);
int evreg_instance_files(struct dentry *parent, struct trace_array *tr);

int evreg_system_open(struct inode *inode, struct file *filp);
int evreg_system_tr_open(struct inode *inode, struct file *filp);
int evreg_system_release(struct inode *inode, struct file *filp);

/* trace_event_format.c */

extern const struct file_operations evreg_format_fops;
extern const struct file_operations evreg_id_fops;
extern const struct file_operations evreg_header_page_fops;
extern const struct file_operations evreg_header_event_fops;

ssize_t evreg_seq_read(char __user *ubuf, size_t cnt, loff_t *ppos,
		       int (*fill)(void *obj, struct trace_seq *s), void *obj);

struct seq_file;
void evreg_format_text(struct seq_file *m, struct trace_event_call *call);

/* trace_event_enable.c */

int evreg_enable(struct trace_event_file *file, int enable, int soft);
int evreg_set_clr_locked(struct trace_array *tr, const char *match,
			 const char *sub, const char *event, int set);
int evreg_set_clr(struct trace_array *tr, const char *match,
		  const char *sub, const char *event, int set);
void evreg_boot_enable(struct trace_array *tr);

/* trace_event_enable_files.c */

/* "0\n", "1\n", "0*\n" or "1*\n" and its NUL */
#define EVREG_ENABLE_TEXT	4
int evreg_enable_text(unsigned long flags, char text[EVREG_ENABLE_TEXT]);

extern const struct file_operations evreg_enable_fops;
extern const struct file_operations evreg_system_enable_fops;
extern const struct file_operations evreg_tr_enable_fops;
extern const struct file_operations evreg_set_event_fops;
extern const struct file_operations evreg_avail_fops;

/* trace_event_pid.c */

extern const struct file_operations evreg_pid_fops;
extern const struct file_operations evreg_notrace_pid_fops;

/* Drop the instance's pid sets of @type (TRACE_PIDS | TRACE_NO_PIDS). */
void evreg_pids_clear_locked(struct trace_array *tr, int type);
/* Does @tr have a non-empty pid set (new files start PID_FILTER)? */
bool evreg_pids_active(struct trace_array *tr);
/* A write to set_event_pid (TRACE_PIDS) or set_event_notrace_pid. */
ssize_t evreg_pids_write_locked(struct trace_array *tr, int type,
				const char __user *ubuf, size_t cnt);

/* Is this a call whose events users may enable (not ftrace/ *)? */
static inline bool evreg_call_enablable(struct trace_event_call *call)
{
	return call->class && call->class->reg &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

#endif /* _KERNEL_TRACE_EVENT_INTERNAL_H */
