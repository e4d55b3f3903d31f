/* SPDX-License-Identifier: GPL-2.0 */
/*
 * error_log entries, shared by trace_errlog.c and its KUnit suite.
 *
 * tracing_log_err() and err_pos() keep their 6.12 declarations in
 * trace.h; what trace.c calls here is in trace_carve.h.
 */
#ifndef _TRACE_ERRLOG_H
#define _TRACE_ERRLOG_H

#include <linux/list.h>
#include <linux/types.h>

struct seq_file;

/* At most this many entries per instance; the oldest is recycled. */
#define ERRLOG_MAX_ENTRIES	8

/*
 * Room for "<location>: error: " and its NUL.  A longer location is cut:
 * 6.12 shows at most 127 bytes of that prefix, and so do we.
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

#endif /* _TRACE_ERRLOG_H */
