/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The error log (trace_errlog.c): tracing_log_err() and err_pos(), which
 * every command parser of kernel/trace calls, and the
 * entries as trace_errlog.c and its KUnit suite share them, and the
 * error_log file each instance gets (trace_dir_files.c creates it).
 *
 * tracing_log_err() runs in process context and takes
 * tracing_err_log_lock (below trace_types_lock and event_mutex).
 */
#ifndef _KERNEL_TRACE_ERRLOG_H
#define _KERNEL_TRACE_ERRLOG_H

#include <linux/list.h>
#include <linux/types.h>

struct file_operations;
struct seq_file;
struct trace_array;

/*
 * Log an error of a write to @tr's error_log: @loc the command family
 * ("event filter parsing", ...), @cmd the text written, @errs[@type]
 * the message and @pos the column of the caret under @cmd.
 */
void tracing_log_err(struct trace_array *tr, const char *loc, const char *cmd,
		     const char **errs, u8 type, u16 pos);
/* The column of @str in @cmd, for the caret (0 if not found). */
unsigned int err_pos(char *cmd, const char *str);

/*
 * An instance's error_log file (a truncating open empties the log),
 * and the emptying itself, which instance removal also calls; both
 * take tracing_err_log_lock.
 */
extern const struct file_operations tracing_err_log_fops;
void clear_tracing_err_log(struct trace_array *tr);
/* Boot: the error log's instance part (struct trace_instance_part). */
void trace_errlog_register_part(void);

/* At most this many entries per instance; the oldest is recycled. */
#define ERRLOG_MAX_ENTRIES	8

/*
 * Room for "<location>: error: " and its NUL.  A longer location is cut:
 * error_log shows at most 127 bytes of that prefix.
 */
#define ERRLOG_WHERE_SIZE	128

/*
 * One logged error, on tr->err_log (oldest first) and counted in
 * tr->n_err_log_entries; list and count under tracing_err_log_lock, the
 * entry itself is written once, before it is listed.  @msgs is the
 * caller's table and must live for good: only the pointer is kept, the
 * text is read each time error_log is read.
 */
struct errlog_entry {
	struct list_head	node;
	const char		**msgs;
	u64			ts;		/* local_clock(), ns */
	u16			caret;		/* column under the command */
	u8			msg;		/* index into @msgs */
	char			where[ERRLOG_WHERE_SIZE];
	char			cmd[];		/* the command, as written */
};

/* One entry as error_log shows it (seq_file show op; KUnit uses it). */
int errlog_show(struct seq_file *m, void *v);

#endif /* _KERNEL_TRACE_ERRLOG_H */
