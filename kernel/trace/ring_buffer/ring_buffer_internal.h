/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring buffer internals shared by kernel/trace/ring_buffer*.c.
 *
 * Nothing outside those files may include this header.  The protocol is
 * described in Documentation/trace/retrace/ring-buffer.rst; the short
 * version, with the names used here:
 *
 *  - A CPU's ring ("rb_cpu") is a circular singly linked list of
 *    sub-buffers ("rb_sbuf"), plus one sub-buffer outside the ring that
 *    belongs to the reader.  Each rb_sbuf describes one data page
 *    ("rb_data_page"), the 2^order pages user space sees.
 *  - sb->link is the pointer to the next sub-buffer, with RB_LINK_HEAD
 *    set when that next sub-buffer is the oldest unread one ("head").
 *    Writers move the head forward (overwrite mode), the reader swaps
 *    the head sub-buffer out of the ring; both only with cmpxchg on a
 *    link, so a reader never waits for a writer except across a few
 *    instructions of a head push on another CPU.
 *  - sb->write packs the writer's state for that sub-buffer: offset of
 *    the next free byte, a FULL bit, the number of data records and a
 *    generation bumped each time the sub-buffer is recycled.  Writers
 *    reserve with a local cmpxchg on it; nested writers (softirq, irq,
 *    NMI on the same CPU) make an interrupted cmpxchg fail and retry.
 *
 * Concurrency matrix, per CPU ring (W = writer on that CPU, any context;
 * R = reader holding reader_lock; C = control path holding buffer->mutex
 * with the CPU's writers quiesced, see rb_quiesce_cpu()):
 *
 *             W        R        C
 *    W      nest     yes      no (quiesced)
 *    R      yes      no       no (C takes reader_lock too)
 *    C      no       no       no (buffer->mutex)
 *
 * The packed write word is 64 bits on every kernel (rb_w_read() and its
 * siblings say how it is kept where long has 32).
 */
#ifndef _KERNEL_TRACE_RING_BUFFER_INTERNAL_H
#define _KERNEL_TRACE_RING_BUFFER_INTERNAL_H

#include <linux/ring_buffer.h>
#include <linux/irq_work.h>
#include <linux/jump_label.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/atomic.h>
#include <linux/wait.h>
#include <asm/local.h>
#include <asm/local64.h>

/* ---------------------------------------------------------------------
 * Sub-buffer data page: the ABI that events/header_page describes.
 */
struct rb_data_page {
	u64		time_stamp;	/* clock at the first record */
	local_t		commit;		/* bytes of committed records */
	unsigned char	data[] __aligned(sizeof(long));
};

#define RB_PAGE_HDR		offsetof(struct rb_data_page, data)

/* Flags user space finds in the commit field of a page it was given. */
#define RB_MISSED_EVENTS	BIT(31)	/* records were lost before */
#define RB_MISSED_STORED	BIT(30)	/* ...their count follows data */
#define RB_MISSED_MASK		(RB_MISSED_EVENTS | RB_MISSED_STORED)

/* What ring_buffer_alloc_read_page() hands out. */
struct buffer_data_read_page {
	unsigned int		order;
	struct rb_data_page	*data;
};

/* ---------------------------------------------------------------------
 * Record encoding helpers.
 */
#define RB_ALIGN		4U
#define RB_HDR			4U	/* type_len:5, time_delta:27 */
#define RB_STAMP_LEN		8U	/* TIME_EXTEND and TIME_STAMP records */
#define RB_SMALL_MAX		(RINGBUF_TYPE_DATA_TYPE_LEN_MAX * RB_ALIGN)
#define RB_DELTA_BITS		27
#define RB_DELTA_MAX		((1U << RB_DELTA_BITS) - 1)
#define RB_ABS_BITS		59	/* what a TIME_STAMP record can hold */
#define RB_ABS_MASK		((1ULL << RB_ABS_BITS) - 1)

/* Length in bytes of the record at @ev (data, padding or stamp). */
static inline unsigned int rb_rec_len(const struct ring_buffer_event *ev)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		/* a null padding (no delta) has no length word */
		return ev->time_delta ? ev->array[0] + RB_HDR : 0;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_STAMP_LEN;
	case 0:
		return ev->array[0] + RB_HDR;
	default:
		return ev->type_len * RB_ALIGN + RB_HDR;
	}
}

static inline bool rb_rec_is_data(const struct ring_buffer_event *ev)
{
	return ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX;
}

static inline u64 rb_rec_stamp_value(const struct ring_buffer_event *ev)
{
	return ((u64)ev->array[0] << RB_DELTA_BITS) | ev->time_delta;
}

/* Rebuild a full time from the 59 bits of a TIME_STAMP record. */
static inline u64 rb_abs_from_record(u64 low, u64 base)
{
	u64 t = (base & ~RB_ABS_MASK) | low;

	if (t < base && base - t > RB_ABS_MASK / 2)
		t += 1ULL << RB_ABS_BITS;
	return t;
}

/* Total length of a data record carrying @len bytes of payload. */
static inline unsigned int rb_data_rec_len(unsigned long len)
{
	unsigned int l = ALIGN(len ? len : 1, RB_ALIGN);

	if (l > RB_SMALL_MAX)
		return l + RB_HDR + sizeof(u32);
	/*
	 * A 12-byte record could not be turned into a TIME_EXTEND plus a
	 * padding record by a late discard (see rb_discard_in_place()).
	 */
	if (l == RB_ALIGN * 2)
		l += RB_ALIGN;
	return l + RB_HDR;
}

/* ---------------------------------------------------------------------
 * The packed write word of a sub-buffer.
 *
 *   63            41 40          21  20   19           0
 *  +----------------+--------------+----+--------------+
 *  |   generation   |   records    |FULL|    offset    |
 *  +----------------+--------------+----+--------------+
 *
 *  offset      first free byte of data[] (never above the capacity)
 *  FULL        a writer found no room: the sub-buffer ends at offset and
 *              the tail must move on (whoever sees it may do the move)
 *  records     data records reserved in this generation (for overrun)
 *  generation  +1 each time the sub-buffer is recycled; makes every
 *              cmpxchg on the word fail across a recycle and tells an
 *              iterator that what it copied may have been overwritten
 *
 *  reserve:   (g, n, 0, o)  ->  (g, n + 1, 0, o + len)
 *  no room:   (g, n, 0, o)  ->  (g, n, 1, o)
 *  recycle:   (g, *, *, *)  ->  (g + 1, 0, 0, 0)
 *  discard:   (g, n, 0, o)  ->  (g, n - 1, 0, o - len)   last record only
 */
#define RB_W_OFF_BITS		20
#define RB_W_OFF_MASK		((1ULL << RB_W_OFF_BITS) - 1)
#define RB_W_FULL		BIT_ULL(RB_W_OFF_BITS)
#define RB_W_REC_SHIFT		(RB_W_OFF_BITS + 1)
#define RB_W_REC_ONE		BIT_ULL(RB_W_REC_SHIFT)
#define RB_W_REC_MASK		((1ULL << 20) - 1)
#define RB_W_GEN_SHIFT		(RB_W_REC_SHIFT + 20)
#define RB_W_GEN_ONE		BIT_ULL(RB_W_GEN_SHIFT)

static inline unsigned int rb_w_off(u64 w)
{
	return w & RB_W_OFF_MASK;
}

static inline unsigned int rb_w_records(u64 w)
{
	return (w >> RB_W_REC_SHIFT) & RB_W_REC_MASK;
}

static inline u64 rb_w_gen(u64 w)
{
	return w >> RB_W_GEN_SHIFT;
}

/* The word of a freshly recycled sub-buffer that had word @w. */
static inline u64 rb_w_recycled(u64 w)
{
	return (w & ~(RB_W_GEN_ONE - 1)) + RB_W_GEN_ONE;
}

/* ---------------------------------------------------------------------
 * Sub-buffer descriptor and the tagged link.
 *
 *   sb->link:   | pointer to next rb_sbuf ......... | P | H |
 *
 *   H  the next sub-buffer is the head (oldest unread).  Exactly one
 *      link of the ring has H, except while a writer pushes the head
 *      (two: old and new, the new one set first) and inside the reader
 *      swap (the reader's own sub-buffer gets H before it is linked in).
 *      The oldest head is the first H met walking from cpu->head_hint.
 *   P  only together with H: a writer of this CPU owns the push of the
 *      head out of this link (C0..C2 in ring_buffer_write.c).
 *
 *   link value     who may change it                     to
 *   next           resize/reset (quiesced); reader swap,  R (reader page)
 *                  only if this is the reader's page      next' | H
 *   next | H       a writer, C0 (claim)                   next | H | P
 *                  the reader, swap (cmpxchg)             R
 *   next | H | P   the claiming writer only, C2           next
 *
 * So while P is set nobody but its writer touches this link, and the
 * link of @next keeps the value that writer reads until its C1 (the
 * reader cannot take @next, and other writers of the CPU, which can only
 * be interrupting it, refuse their record).  A flag is never set from a
 * stale view of the ring: the claim is a cmpxchg from the H link the
 * writer read, and such a link cannot come back while that writer is
 * inside its reservation (the tail cannot lap past cpu->commit_sb).
 */
#define RB_LINK_HEAD		1UL
#define RB_LINK_PUSH		2UL
#define RB_LINK_FLAGS		3UL

struct rb_sbuf {
	atomic_long_t		link;	/* next | RB_LINK_HEAD, see above */
	local64_t		write;	/* packed, see rb_w_*() */
	unsigned int		read;	/* reader offset (reader's own only) */
	unsigned int		id;	/* index in cpu->sbufs[], for mmap */
	struct rb_data_page	*page;
};

/*
 * The write word is 64 bits on every kernel: a local_t where long has 64
 * bits, and where it has 32, local64_t's slower form (an atomic64_t:
 * cmpxchg8b on i386, ldrexd/strexd on 32-bit arm).  Only this CPU's
 * writers change it, and the control path with them quiesced.
 */
static inline u64 rb_w_read(struct rb_sbuf *sb)
{
	return local64_read(&sb->write);
}

static inline void rb_w_set(struct rb_sbuf *sb, u64 w)
{
	local64_set(&sb->write, w);
}

/* Returns the word found: @old when @new was stored. */
static inline u64 rb_w_cmpxchg(struct rb_sbuf *sb, u64 old, u64 new)
{
	return local64_cmpxchg(&sb->write, old, new);
}

static inline struct rb_sbuf *rb_link_next(unsigned long link)
{
	return (struct rb_sbuf *)(link & ~RB_LINK_FLAGS);
}

static inline struct rb_sbuf *rb_sb_next(struct rb_sbuf *sb)
{
	return rb_link_next(atomic_long_read(&sb->link));
}

static inline unsigned long rb_commit_of(struct rb_sbuf *sb)
{
	return local_read(&sb->page->commit) & ~RB_MISSED_MASK;
}

/* ---------------------------------------------------------------------
 * A persistent buffer's per-CPU meta data, at the start of the CPU's
 * part of the reserved range (ring_buffer_range.c has the layout).  It
 * names sub-buffers by slot, their index in the CPU's part, so it needs
 * no fixing up when the range is mapped at another address; the slot of
 * a sub-buffer is its id.  Single 32-bit stores keep it current:
 *
 *   next[]   the ring's links; changed by the reader's swap only
 *   reader   the reader's sub-buffer; changed by the swap
 *   head     the oldest sub-buffer of the ring; by the swap and by a
 *            writer's head push (C2), so it may lag a push that races a
 *            swap by one sub-buffer
 *   commit   the sub-buffer holding the newest commits (cpu->commit_sb)
 *
 * A crash between two of these stores leaves a meta that the next boot
 * either rejects or reads as fewer sub-buffers, never as wrong ones.
 */
struct rb_range_meta {
	u32		magic;
	u32		meta_size;	/* sizeof(struct rb_range_meta) */
	u64		text_addr;	/* _text of the kernel that wrote it */
	u64		data_addr;	/* _sdata of that kernel */
	u32		subbuf_size;	/* bytes of a sub-buffer, header included */
	u32		nr_sbufs;	/* the reader's included */
	u32		reader;
	u32		head;
	u32		commit;
	u32		next[];
};

/* ---------------------------------------------------------------------
 * Wake-up state for ring_buffer_wait()/poll, one per CPU and one for
 * "any CPU".  Writers only set a flag test and queue the irq_work.
 */
struct rb_waiters {
	struct irq_work		work;
	struct rb_cpu		*cpu;		/* NULL: the "any CPU" one */
	wait_queue_head_t	waiters;	/* any data */
	wait_queue_head_t	full_waiters;	/* watermark */
	atomic_t		seq;		/* bumped by every wake-up */
	bool			waiters_pending;
	bool			full_waiters_pending;
	bool			wake_full;
	int			shortest_full;	/* under reader_lock */
	unsigned long		last_touched;	/* pages_touched seen by writers */
};

/*
 * One writer of the CPU between its reserve and its commit (or its
 * refusal): cpu->nest[i] for the i-th writer inside, outermost first.
 * @key is filled on entry, the rest when the reservation succeeds.
 */
struct rb_nest_rec {
	struct ring_buffer_event *event;	/* the data record */
	struct rb_sbuf		*sb;
	unsigned int		start;	/* offset of the first byte reserved */
	unsigned int		len;	/* bytes reserved, stamp included */
	u64			ts;
	unsigned int		key;	/* rb_ctx_key() of the writer */
};

#define RB_MAX_NEST		8

/*
 * The recursion guard tells writers apart by the interrupt context bits
 * of preempt_count() and the ring_buffer_nest_start() level, which sits
 * in the low byte (the preemption count, masked out).
 */
#define RB_CTX_MASK		(NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET)
#define RB_NEST_LEVEL_MAX	((unsigned int)PREEMPT_MASK)

/* ---------------------------------------------------------------------
 * One CPU's ring.
 */
struct rb_cpu {
	struct trace_buffer	*buffer;
	int			cpu;
	atomic_t		record_disabled;
	atomic_t		resize_disabled;	/* iterators, mapping */

	/*
	 * Writer side: only touched by writers running on @cpu (any
	 * context, nesting), or by the control path with writers quiesced.
	 * tail and commit are also read (READ_ONCE) by readers.
	 */
	struct rb_sbuf		*tail;		/* sub-buffer being written */
	struct rb_sbuf		*commit_sb;	/* last one with commits */
	local_t			commits;	/* reservations ever (for end_commit) */
	unsigned int		depth;		/* writers inside reserve..commit */
	unsigned int		nest_level;	/* ring_buffer_nest_start()s open */
	struct rb_nest_rec	nest[RB_MAX_NEST];
	/*
	 * Writer time stamp: last_ts is the time of the record that ends at
	 * last_end (address in a data page).  Updated as "last_end = 0;
	 * last_ts = t; last_end = end" so that a nested writer sees either
	 * a matching pair or 0.  A writer whose reservation starts exactly
	 * at last_end may write a delta against last_ts; any other writes
	 * an absolute TIME_STAMP record.
	 */
	unsigned long		last_end;
	u64			last_ts;

	/* Counters written by writers (local ops), read by anyone. */
	local_t			entries;	/* committed data records */
	local_t			entries_bytes;
	local_t			overrun;	/* records lost by overwriting */
	local_t			overrun_bytes;
	local_t			commit_overrun;	/* refused: ring full of uncommitted,
						 * or nested in a head push
						 */
	local_t			dropped_events;	/* lost: ring full, no overwrite */
	local_t			pages_touched;
	local_t			pages_lost;

	/*
	 * Reader side, under reader_lock.  The lock order is
	 * buffer->mutex -> reader_lock; writers never take it.
	 */
	raw_spinlock_t		reader_lock;
	struct rb_sbuf		*reader;	/* outside the ring */
	struct rb_sbuf		*head_hint;	/* link at or before the head */
	u64			read_stamp;	/* time of next record to read */
	unsigned long		read;		/* records consumed */
	unsigned long		read_bytes;
	unsigned long		pages_read;
	unsigned long		last_overrun;
	unsigned long		lost_events;	/* reported with the next read */
	unsigned long		swaps;		/* iterators notice reader swaps */

	/* Shape: changed by the control path only. */
	struct rb_range_meta	*range;		/* persistent buffers only */
	unsigned long		nr_pages;	/* in the ring, reader excluded */
	struct rb_sbuf		**sbufs;	/* all nr_pages + 1 */
	unsigned int		nr_sbufs;

	struct rb_waiters	wait;

	/* User mapping, see ring_buffer_map.c; under map_mutex. */
	struct mutex		map_mutex;
	int			mapped;
	int			user_mapped;
	struct trace_buffer_meta *meta;
};

/* ---------------------------------------------------------------------
 * The whole buffer.
 */
struct trace_buffer {
	unsigned int		flags;		/* RB_FL_OVERWRITE */
	int			cpus;
	atomic_t		record_disabled;	/* count | RB_OFF */
	atomic_t		resizing;
	cpumask_var_t		cpumask;
	struct lock_class_key	*reader_lock_key;
	struct mutex		mutex;		/* resize, reset, order, free */
	struct rb_cpu		**buffers;
	struct hlist_node	node;		/* cpuhp instance */
	u64			(*clock)(void);
	struct rb_waiters	wait;
	bool			time_stamp_abs;
	unsigned int		subbuf_order;
	unsigned int		subbuf_size;	/* data bytes per sub-buffer */
	unsigned int		max_data_size;
	unsigned long		default_pages;	/* for CPUs coming online */

	/* Persistent buffers: the reserved range, see ring_buffer_range.c. */
	unsigned long		range_start;
	unsigned long		range_chunk;	/* bytes of one CPU's part */
	/* this kernel's _text and _sdata minus those of the kept boot */
	long			text_delta;
	long			data_delta;
	bool			last_boot;	/* a CPU kept a previous boot */
	struct notifier_block	panic_nb;
};

#define RB_OFF			BIT(20)

/* ---------------------------------------------------------------------
 * Fail-safe checks: a broken invariant warns once and turns the buffer
 * off; callers then bail out instead of touching memory.
 */
#define RB_BROKEN(buffer, cond)						\
({									\
	bool __broken = !!(cond);					\
	if (unlikely(__broken)) {					\
		WARN_ONCE(1, "ring buffer invariant broken: %s\n", #cond);\
		atomic_or(RB_OFF, &(buffer)->record_disabled);		\
	}								\
	__broken;							\
})

/* ring_buffer_write.c */
u64 rb_clock(struct trace_buffer *buffer);

/*
 * Test points for the KUnit suite, which forces interleavings by running
 * a reader or a nested writer at one of them.  Compiled out unless the
 * suite is built, and a patched-out jump until it sets the hook.
 *
 *   RB_TP_PUSH     rb_move_tail() read a link with H and is about to push
 *   RB_TP_PUSH_C1  rb_push_head() between C0 and C1
 *   RB_TP_PUSH_C2  rb_push_head() between C1 and C2
 *   RB_TP_WINDOW   a writer read the tail's write word and has not yet
 *                  tried A (the window an interrupt makes A fail in)
 */
enum rb_test_point {
	RB_TP_PUSH,
	RB_TP_PUSH_C1,
	RB_TP_PUSH_C2,
	RB_TP_WINDOW,
};

#if IS_ENABLED(CONFIG_RING_BUFFER_KUNIT_TEST)
DECLARE_STATIC_KEY_FALSE(rb_test_key);
extern void (*rb_test_hook)(struct rb_cpu *cpu, enum rb_test_point at);

static __always_inline void rb_test_point(struct rb_cpu *cpu,
					  enum rb_test_point at)
{
	void (*fn)(struct rb_cpu *cpu, enum rb_test_point at);

	if (!static_branch_unlikely(&rb_test_key))
		return;
	fn = READ_ONCE(rb_test_hook);
	if (fn)
		fn(cpu, at);
}
#else
static __always_inline void rb_test_point(struct rb_cpu *cpu,
					  enum rb_test_point at)
{
}
#endif

/*
 * Recursion guard: the writer's context, as rb_nest_rec.key keeps it.
 * Read on the writer's CPU with preemption off.
 */
static __always_inline unsigned int rb_ctx_key(struct rb_cpu *cpu)
{
	return (preempt_count() & RB_CTX_MASK) | cpu->nest_level;
}

/*
 * Whether a writer of @key entering with @depth writers inside (at
 * least two) is refused: the two writers it interrupted have its key.
 * One of the same key is let in, as a writer that entered an interrupt
 * before preempt_count() says so looks like the writer it interrupted.
 */
static __always_inline bool rb_ctx_refused(struct rb_cpu *cpu,
					   unsigned int depth, unsigned int key)
{
	return cpu->nest[depth - 1].key == key &&
	       cpu->nest[depth - 2].key == key;
}

/* ring_buffer_read.c */
struct rb_sbuf *rb_reader_sbuf(struct rb_cpu *cpu);
struct rb_sbuf *rb_find_head(struct rb_cpu *cpu, struct rb_sbuf **prevp);
bool rb_cpu_empty(struct rb_cpu *cpu);

/* ring_buffer.c */
/* called by trace_buffer_files.c, declared for it in trace_array.h */
int ring_buffer_meta_seq_init(struct file *file, struct trace_buffer *buffer,
			      int cpu);
struct rb_sbuf *rb_sbuf_alloc(struct trace_buffer *buffer, int cpu);
void rb_sbuf_free(struct trace_buffer *buffer, struct rb_sbuf *sb);
void rb_quiesce_cpu(struct rb_cpu *cpu);
void rb_unquiesce_cpu(struct rb_cpu *cpu);
void rb_cpu_reset_locked(struct rb_cpu *cpu);
void rb_cpu_clear_state(struct rb_cpu *cpu);

/* ring_buffer_range.c */
int rb_range_layout(struct trace_buffer *buffer, unsigned long start,
		    unsigned long size);
struct rb_range_meta *rb_range_meta_of(struct trace_buffer *buffer, int cpu);
struct rb_sbuf *rb_range_sbuf(struct trace_buffer *buffer, int cpu,
			      unsigned int slot);
bool rb_range_restore(struct rb_cpu *cpu);
void rb_range_sync(struct rb_cpu *cpu);
void rb_range_swapped(struct rb_cpu *cpu, struct rb_sbuf *prev,
		      struct rb_sbuf *r);
void rb_range_release(struct trace_buffer *buffer);

/* ring_buffer_wait.c */
void rb_waiters_init(struct rb_waiters *w, struct rb_cpu *cpu);
void rb_wake_waiters(struct trace_buffer *buffer, struct rb_cpu *cpu);
bool rb_full_hit(struct trace_buffer *buffer, int cpu, int full);

/* ring_buffer_map.c */
void rb_update_meta(struct rb_cpu *cpu);

/*
 * A writer has committed: wake whoever waits for data on this CPU or on
 * any.  Each commit pays these three loads; the rest is out of line.
 */
static __always_inline void rb_wake_writers_done(struct trace_buffer *buffer,
						 struct rb_cpu *cpu)
{
	if (unlikely(READ_ONCE(buffer->wait.waiters_pending) |
		     READ_ONCE(cpu->wait.waiters_pending) |
		     READ_ONCE(cpu->wait.full_waiters_pending)))
		rb_wake_waiters(buffer, cpu);
}

static inline struct rb_cpu *rb_cpu_of(struct trace_buffer *buffer, int cpu)
{
	if (cpu < 0 || cpu >= nr_cpu_ids ||
	    !cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	return buffer->buffers[cpu];
}

#endif /* _KERNEL_TRACE_RING_BUFFER_INTERNAL_H */
