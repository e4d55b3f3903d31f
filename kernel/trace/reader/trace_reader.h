/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reader of an instance's buffer, shared by its four files
 * (trace_reader.c, trace_reader_print.c, trace_text_files.c,
 * trace_raw_files.c) and by the snapshot files and ftrace_dump(), which
 * also open, walk and print iterators.
 * Documentation/trace/retrace/reader.rst is the design.
 *
 * struct trace_iterator is include/linux/trace_events.h's.
 *
 * Lock order, outermost first:
 *
 *	iter->mutex (one open file's readers)
 *	  -> trace_types_lock (open, close, tracer switch in s_start)
 *	  -> trace_event_read_lock() (event types, while printing)
 *	       -> reader locks: trace_access_lock(cpu)
 *	            -> the ring buffer's reader_lock (inside its calls)
 *
 * trace_access_lock(RING_BUFFER_ALL_CPUS) excludes every other reader
 * of any CPU; trace_access_lock(cpu) excludes the readers of that CPU
 * and the all-CPU readers.  They make "peek, print, consume" one step
 * against other readers: a consuming read may hand a sub-buffer back to
 * the writer (or to a splice pipe) while another reader still points
 * into it.  Every function below that touches the ring buffer's read
 * side expects the caller to hold the right one; the per-open mutex
 * only orders the threads that share one open file.
 */
#ifndef _KERNEL_TRACE_READER_H
#define _KERNEL_TRACE_READER_H

#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/ring_buffer.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/types.h>

struct array_buffer;
struct buffer_data_read_page;
struct pipe_inode_info;
struct seq_file;
struct trace_array;

/*
 * The state of one open trace_pipe_raw (or snapshot_raw): the iterator
 * carries the instance, CPU and buffer; @spare is the sub-buffer last
 * read out of the ring buffer, @read how much of it was copied to user
 * space already (~0U: nothing is held, read a new one).  @spare_cpu is
 * the CPU @spare was allocated for.  trace_snapshot_files.c's
 * snapshot_raw_open() fills one too.
 */
struct ftrace_buffer_info {
	struct trace_iterator		iter;
	struct buffer_data_read_page	*spare;
	unsigned int			spare_cpu;
	unsigned int			read;
};

/* trace_reader.c: the reader locks (see above). */
void trace_access_lock(int cpu);
void trace_access_unlock(int cpu);
void trace_access_lock_init(void);

/*
 * The CPU a tracefs file reads: per_cpu/cpuN files carry N + 1 in the
 * inode's i_cdev (trace_dir_files.c puts it there),
 * the others read every CPU.
 */
static inline int reader_file_cpu(struct inode *inode)
{
	long tag = (long)inode->i_cdev;

	return tag ? (int)(tag - 1) : RING_BUFFER_ALL_CPUS;
}

/* trace_reader.c: set-up and teardown of a file's iterator. */
int reader_iter_setup(struct trace_iterator *iter, struct trace_array *tr,
		      int cpu_file, bool snapshot);
void reader_iter_teardown(struct trace_iterator *iter);
void reader_iter_free(struct trace_iterator *iter);

/*
 * iter->iter_flags bit beside the TRACE_FILE_* values: this
 * open stopped the buffers (pause-on-trace) and restarts them on close.
 */
#define READER_PAUSED		0x100

/* trace_reader.c: records held and written, per CPU or summed. */
void reader_count_cpu(struct array_buffer *buf, int cpu,
		      unsigned long *entries, unsigned long *written);
void reader_count(struct array_buffer *buf, unsigned long *entries,
		  unsigned long *written);

/* trace_reader.c: consume the record just printed (trace_pipe, dump). */
void trace_consume(struct trace_iterator *iter);

/* trace_reader.c: waiting for records and poll. */
int reader_wait(struct trace_iterator *iter, int full);
__poll_t reader_poll(struct trace_iterator *iter, struct file *filp,
		     poll_table *pt);

/* trace_buffers.c: pause-on-trace stops and restarts an instance's buffers. */
void tracing_start_tr(struct trace_array *tr);
void tracing_stop_tr(struct trace_array *tr);

/* trace_reader_print.c: the snapshot file's help, printed while empty. */
void reader_print_snapshot_help(struct seq_file *m,
				struct trace_iterator *iter);

/*
 * trace_text_files.c: "trace" and "trace_pipe", top level and per CPU.
 * __tracing_open() and tracing_release() are shared: the snapshot file
 * (trace_snapshot_files.c) opens and releases its iterator with them.
 */
extern const struct file_operations tracing_fops;
extern const struct file_operations tracing_pipe_fops;
struct trace_iterator *__tracing_open(struct inode *inode, struct file *file,
				      bool snapshot);
int tracing_release(struct inode *inode, struct file *file);

/*
 * trace_raw_files.c: per_cpu/cpuN/trace_pipe_raw and per_cpu/cpuN/stats.
 * The four tracing_buffers_*() are shared: snapshot_raw
 * (trace_snapshot_files.c) is the same file over the snapshot buffer.
 */
extern const struct file_operations tracing_buffers_fops;
extern const struct file_operations tracing_stats_fops;
int tracing_buffers_open(struct inode *inode, struct file *filp);
ssize_t tracing_buffers_read(struct file *filp, char __user *ubuf,
			     size_t count, loff_t *ppos);
int tracing_buffers_release(struct inode *inode, struct file *file);
ssize_t tracing_buffers_splice_read(struct file *file, loff_t *ppos,
				    struct pipe_inode_info *pipe, size_t len,
				    unsigned int flags);

/*
 * The iterator walk (trace_reader.c): peek the
 * record with the smallest time stamp across the iterator's CPUs (and
 * step past it: _inc), rewind one CPU, tell whether nothing is left.
 * The caller holds the reader lock of the CPUs it reads.
 */
struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts);
void *trace_find_next_entry_inc(struct trace_iterator *iter);
void tracing_iter_reset(struct trace_iterator *iter, int cpu);
int trace_empty(struct trace_iterator *iter);
unsigned long trace_total_entries_cpu(struct trace_array *tr, int cpu);
unsigned long trace_total_entries(struct trace_array *tr);

/* The non-consuming iterator of @cpu, or NULL in consuming mode. */
static inline struct ring_buffer_iter *
trace_buffer_iter(struct trace_iterator *iter, int cpu)
{
	if (!iter->buffer_iter)
		return NULL;
	return iter->buffer_iter[cpu];
}

/*
 * Forget what the iterator printed last (everything from @seq on) so
 * it can read consumed data again: trace_pipe and the dump reuse one
 * iterator for many records.
 */
static __always_inline void trace_iterator_reset(struct trace_iterator *iter)
{
	memset_startat(iter, 0, seq);
	iter->pos = -1;
}

/*
 * Iterators on static scratch buffers, which the reader never
 * reallocates (a dump cannot allocate; trace_dump.c): over @tr, or
 * over the global instance for ftrace_dump().
 */
void trace_init_iter(struct trace_iterator *iter, struct trace_array *tr);
void trace_init_global_iter(struct trace_iterator *iter);

/*
 * Printing (trace_reader_print.c): one record under the instance's
 * output options, and the headers of the trace file.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter);
void print_trace_header(struct seq_file *m, struct trace_iterator *iter);
void trace_default_header(struct seq_file *m);
void trace_latency_header(struct seq_file *m);

#endif /* _KERNEL_TRACE_READER_H */
