// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker and trace_marker_raw: user space writes into the trace.
 *
 * Every instance has both files (write-only).  A write to trace_marker
 * becomes one ftrace/print record (struct print_entry: ip, text) in the
 * instance's live buffer; a write to trace_marker_raw one
 * ftrace/raw_data record (struct raw_data_entry: a 4-byte id, then
 * bytes).  What user space sees:
 *
 *   trace_marker        at most TRACE_MARKER_MAX_SIZE (4096) bytes a
 *                       record, fewer if the largest record the ring
 *                       buffer takes is smaller (the write then returns
 *                       the short count: ftracetest's trace_marker.tc
 *                       computes where it must cut); a '\n' is added
 *                       unless the text ends with one; the record's ip
 *                       is this file's tracing_mark_write(), which is
 *                       what "trace" prints before the text.
 *   trace_marker_raw    at least the 4-byte id; larger than the largest
 *                       record: -EINVAL; no cut, no newline.
 *   both                markers option off or tracing dead: -EINVAL;
 *                       buffer off (tracing_on 0) or full without
 *                       overwrite: -EBADF; an unreadable user page: the
 *                       record says "<faulted>" (raw: id -1) and the
 *                       write returns -EFAULT.
 *
 * Triggers: an instance's ftrace/print event file
 * (tr->trace_marker_file, set up by trace_dir_files.c) may carry
 * triggers, e.g. "hist:keys=buf".  The event registry runs them
 * (event_triggers_call(), trace_event_fire.c) on the text before the
 * newline is added, with the record still reserved, and their
 * post-calls (snapshot, stacktrace, traceoff) run after the commit.
 * Registered trace exports with TRACE_EXPORT_MARKER see the
 * record just before it is committed.
 *
 * Context: the write() of any task, process context.  Records are
 * reserved and committed by trace_write.h.  The user copy is the
 * non-faulting kind because it runs with the record reserved, that is
 * with preemption off (the ring buffer's reservation rule); a page
 * that is not present therefore reads as a fault.  No lock is taken
 * here: the ring buffer serialises writers per CPU, the trigger list
 * and the export list are RCU-protected by their owners.
 */
#include <linux/fs.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/uaccess.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_records.h"
#include "write/trace_write.h"

/* The largest text one trace_marker write records. */
#define TRACE_MARKER_MAX_SIZE	4096

/*
 * What a record holds when the user's bytes could not be read.  A
 * record is always reserved big enough for it.
 */
#define MARKER_FAULT_TEXT	"<faulted>"
#define MARKER_FAULT_LEN	(sizeof(MARKER_FAULT_TEXT) - 1)

/* Bytes of a print record beyond its text: header, '\n' and '\0'. */
#define MARKER_PRINT_EXTRA	(sizeof(struct print_entry) + 2)

/* Record size for @cnt bytes of text (always room for "<faulted>"). */
static __always_inline size_t marker_print_size(size_t cnt)
{
	return max(cnt, MARKER_FAULT_LEN) + MARKER_PRINT_EXTRA;
}

/*
 * A print record could not be reserved.  If it was larger than the
 * largest record the buffer takes, cut @cnt to fit and return true (try
 * again); otherwise the buffer is off or full: false.
 */
static noinline bool marker_cut(struct trace_buffer *buffer, size_t *cnt)
{
	unsigned long limit = ring_buffer_max_event_size(buffer);

	if (marker_print_size(*cnt) <= limit)
		return false;
	/* No sub-buffer size is that small. */
	if (WARN_ON_ONCE(marker_print_size(0) > limit))
		return false;
	*cnt = limit - MARKER_PRINT_EXTRA;
	return true;
}

/*
 * The name of this function is part of the output: each record's ip
 * points into it, and "trace" prints "tracing_mark_write: <text>".
 */
static ssize_t tracing_mark_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *fpos)
{
	struct trace_array *tr = filp->private_data;
	struct trace_event_file *file = tr->trace_marker_file;
	enum event_trigger_type tt = ETT_NONE;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct print_entry *entry;
	unsigned int trace_ctx;
	ssize_t written;

	if (tracing_disabled || !(tr->trace_flags & TRACE_ITER_MARKERS) ||
	    (ssize_t)cnt < 0)
		return -EINVAL;
	/* this boot's ip must not be printed shifted as the previous one's */
	trace_drop_last_boot(tr);

	buffer = tr->array_buffer.buffer;
	cnt = min_t(size_t, cnt, TRACE_MARKER_MAX_SIZE);
	trace_ctx = tracing_gen_ctx();
	entry = trace_record_reserve(buffer, TRACE_PRINT,
				     marker_print_size(cnt), trace_ctx, &event);
	if (unlikely(!entry)) {
		if (!marker_cut(buffer, &cnt))
			return -EBADF;
		entry = trace_record_reserve(buffer, TRACE_PRINT,
					     marker_print_size(cnt), trace_ctx,
					     &event);
		if (!entry)
			return -EBADF;
	}
	entry->ip = _THIS_IP_;

	if (copy_from_user_nofault(entry->buf, ubuf, cnt)) {
		memcpy(entry->buf, MARKER_FAULT_TEXT, MARKER_FAULT_LEN);
		cnt = MARKER_FAULT_LEN;
		written = -EFAULT;
	} else {
		written = cnt;
	}

	/* Triggers see the text as written: NUL-ended, no newline yet. */
	if (file && !list_empty(&file->triggers)) {
		entry->buf[cnt] = '\0';
		tt = event_triggers_call(file, buffer, entry, event);
	}

	if (!cnt || entry->buf[cnt - 1] != '\n')
		entry->buf[cnt++] = '\n';
	entry->buf[cnt] = '\0';

	if (static_branch_unlikely(&trace_marker_exports_enabled))
		ftrace_exports(event, TRACE_EXPORT_MARKER);
	trace_record_commit(buffer);

	if (tt)
		event_triggers_post_call(file, tt);

	return written;
}

/* The id plus room for "<faulted>": the smallest raw record's payload. */
#define MARKER_RAW_MIN	(sizeof(unsigned int) + MARKER_FAULT_LEN)

static ssize_t tracing_mark_raw_write(struct file *filp,
				      const char __user *ubuf, size_t cnt,
				      loff_t *fpos)
{
	struct trace_array *tr = filp->private_data;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	struct trace_buffer *buffer;
	ssize_t written = cnt;
	size_t size, payload;

	if (tracing_disabled || !(tr->trace_flags & TRACE_ITER_MARKERS) ||
	    cnt < sizeof(unsigned int))
		return -EINVAL;

	/*
	 * The user's bytes start at the id.  The record is four bytes
	 * longer than what is copied (the id counts in sizeof(*entry) and
	 * in @cnt); the length shows in "trace", which prints every byte
	 * after the id, and in raw pages (messages.rst).  The tail is
	 * zeroed.
	 */
	size = sizeof(*entry) + max(cnt, MARKER_RAW_MIN);
	buffer = tr->array_buffer.buffer;
	if (size > ring_buffer_max_event_size(buffer))
		return -EINVAL;

	entry = trace_record_reserve(buffer, TRACE_RAW_DATA, size,
				     tracing_gen_ctx(), &event);
	if (!entry)
		return -EBADF;

	payload = size - offsetof(struct raw_data_entry, id);
	if (copy_from_user_nofault(&entry->id, ubuf, cnt)) {
		entry->id = -1;
		cnt = sizeof(entry->id) + MARKER_FAULT_LEN;
		memcpy(entry->buf, MARKER_FAULT_TEXT, MARKER_FAULT_LEN);
		written = -EFAULT;
	}
	memset((char *)&entry->id + cnt, 0, payload - cnt);
	trace_record_commit(buffer);

	return written;
}

/* Markers are streams: no position, many writers. */
static int tracing_mark_open(struct inode *inode, struct file *filp)
{
	stream_open(inode, filp);
	return tracing_open_generic_tr(inode, filp);
}

const struct file_operations tracing_mark_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_write,
	.release	= tracing_release_generic_tr,
};

const struct file_operations tracing_mark_raw_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_raw_write,
	.release	= tracing_release_generic_tr,
};
