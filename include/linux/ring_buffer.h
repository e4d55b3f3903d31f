/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-CPU trace ring buffer: public interface.
 *
 * One trace_buffer holds one ring of sub-buffers per CPU.  Writers only
 * write to the ring of the CPU they run on, without locks, from any
 * context including NMI; readers may read any CPU's ring from task
 * context.  The implementation lives in kernel/trace/ring_buffer*.c and
 * its protocol is described in Documentation/trace/retrace/ring-buffer.rst.
 *
 * Both the record layout below and the sub-buffer header that
 * ring_buffer_print_page_header() describes are read by user space
 * (trace-cmd, libtraceevent, perf) from per_cpu/cpuN/trace_pipe_raw, so
 * they are an ABI and must not change.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <uapi/linux/trace_mmap.h>
#include <linux/poll.h>
#include <linux/mm.h>
#include <linux/seq_file.h>

struct ring_buffer_iter;
struct trace_buffer;

/*
 * Record types (ABI).  A type_len of 1..28 is a data record of
 * type_len * 4 bytes of payload in array[]; 0 is a data record whose
 * length (payload plus the length word) is in array[0] and whose
 * payload starts at array[1].  PADDING is space to skip (array[0] holds
 * its length; a time_delta of 0 means "the rest of the sub-buffer"),
 * TIME_EXTEND adds array[0] << 27 | time_delta to the running time,
 * TIME_STAMP sets it to that value (the low 59 bits of an absolute time).
 */
enum ring_buffer_type {
	RINGBUF_TYPE_DATA_TYPE_LEN_MAX	= 28,
	RINGBUF_TYPE_PADDING		= 29,
	RINGBUF_TYPE_TIME_EXTEND	= 30,
	RINGBUF_TYPE_TIME_STAMP		= 31,
};

/*
 * One record as stored in a sub-buffer (ABI, see events/header_event):
 * a 5-bit type_len (enum ring_buffer_type), the 27-bit time since the
 * previous record of the same sub-buffer, then 32-bit words.  Use the
 * accessors.
 */
struct ring_buffer_event {
	u32	type_len:5, time_delta:27;
	u32	array[];
};

void *ring_buffer_event_data(struct ring_buffer_event *event);
unsigned int ring_buffer_event_length(struct ring_buffer_event *event);
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

/*
 * A reserved record is ended by exactly one of ring_buffer_unlock_commit()
 * (keep it) or ring_buffer_discard_commit() (drop it; its space is given
 * back when nothing was reserved after it).
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event);

/* @size is in bytes for each CPU's ring. */
struct trace_buffer *
__ring_buffer_alloc(unsigned long size, unsigned int flags,
		    struct lock_class_key *key);

struct trace_buffer *__ring_buffer_alloc_range(unsigned long size,
					       unsigned int flags,
					       int order, unsigned long start,
					       unsigned long range_size,
					       struct lock_class_key *key);

bool ring_buffer_last_boot_delta(struct trace_buffer *buffer, long *text,
				 long *data);

/*
 * Each call site gets its own lockdep class for the reader lock, so that
 * a buffer whose writers are themselves traced into another buffer does
 * not look like recursion to lockdep.
 */
#define __rb_with_lock_key(alloc_call)				\
({									\
	static struct lock_class_key __key;				\
	alloc_call;							\
})
#define ring_buffer_alloc(size, flags)					\
	__rb_with_lock_key(__ring_buffer_alloc((size), (flags), &__key))
#define ring_buffer_alloc_range(size, flags, order, start, range_size)	\
	__rb_with_lock_key(__ring_buffer_alloc_range((size), (flags),	\
						     (order), (start),	\
						     (range_size), &__key))

/* Writing (any context; see the pairing rule above) */
int ring_buffer_write(struct trace_buffer *buffer,
		      unsigned long length, void *data);
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length);
void ring_buffer_nest_start(struct trace_buffer *buffer);
int ring_buffer_unlock_commit(struct trace_buffer *buffer);
void ring_buffer_nest_end(struct trace_buffer *buffer);

/* Consuming reads of one CPU */
struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events);
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu);
struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events);
bool ring_buffer_empty(struct trace_buffer *buffer);

/* Waiting for data (task context) */
typedef bool (*ring_buffer_cond_fn)(void *data);
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu);
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data);
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full);

/* Non-consuming reads of one CPU */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter);
struct ring_buffer_event *
ring_buffer_iter_peek(struct ring_buffer_iter *iter, u64 *ts);
struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags);
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter);
int ring_buffer_iter_empty(struct ring_buffer_iter *iter);
void ring_buffer_read_finish(struct ring_buffer_iter *iter);
void ring_buffer_iter_reset(struct ring_buffer_iter *iter);

/* Whole sub-buffers, as trace_pipe_raw and splice hand them out */
struct buffer_data_read_page;
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage);
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *data_page,
			  size_t len, int cpu, int full);
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage);
void *ring_buffer_read_page_data(struct buffer_data_read_page *page);
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *page);

/* Statistics */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer,
					  int cpu);
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu);
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu);
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_overruns(struct trace_buffer *buffer);
unsigned long ring_buffer_entries(struct trace_buffer *buffer);

/* Recording switches: disable/enable count, off/on do not */
bool ring_buffer_record_off(struct trace_buffer *buffer);
void ring_buffer_record_disable(struct trace_buffer *buffer);
bool ring_buffer_record_is_on(struct trace_buffer *buffer);
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu);
bool ring_buffer_record_on(struct trace_buffer *buffer);
void ring_buffer_record_enable(struct trace_buffer *buffer);
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer);
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu);

/* Time */
void ring_buffer_set_clock(struct trace_buffer *buffer,
			   u64 (*clock)(void));
u64 ring_buffer_time_stamp(struct trace_buffer *buffer);
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer);
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs);
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts);

/* Shape: sizes, modes, reset, snapshot swap */
#define RING_BUFFER_ALL_CPUS -1

unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer);
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size,
		       int cpu);
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val);
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer);
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order);
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer);
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer);
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_reset(struct trace_buffer *buffer);
void ring_buffer_free(struct trace_buffer *buffer);

/* Snapshots exchange rings; only built for the tracers that need it */
#ifndef CONFIG_RING_BUFFER_ALLOW_SWAP
static inline int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
				       struct trace_buffer *buffer_b, int cpu)
{
	return -ENODEV;
}
#else
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu);
#endif

/* The text of events/header_page and events/header_event */
struct trace_seq;
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s);
int ring_buffer_print_entry_header(struct trace_seq *s);

/* Mapping a CPU's ring into user space (trace_pipe_raw mmap) */
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu);
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma);
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu);
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu);

/* Allocation flags */
enum ring_buffer_flags {
	RB_FL_OVERWRITE		= BIT(0),	/* else producer/consumer */
};

/* The CPU hotplug "prepare" step that gives a CPU its rings */
#ifndef CONFIG_RING_BUFFER
#define trace_rb_cpu_prepare	NULL
#else
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node);
#endif
#endif /* _LINUX_RING_BUFFER_H */
