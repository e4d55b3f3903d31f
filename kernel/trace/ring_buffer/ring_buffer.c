// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer life cycle: allocation, CPU hotplug, resize, reset,
 * sub-buffer order, snapshot swap, recording on/off, clock.
 *
 * Contract: these are control paths, called from task context (except
 * the record_* switches and ring_buffer_swap_cpu(), which may run with
 * interrupts off).  Anything that changes the shape of a CPU's ring
 * first quiesces its writers (rb_quiesce_cpu(): recording off for that
 * CPU, then an RCU grace period, which waits for every writer since
 * writers run with preemption disabled), then works under reader_lock.
 * Writers arriving meanwhile are refused, as when recording is off; they
 * are not counted as lost.
 *
 * Lock order: cpu->map_mutex -> buffer->mutex -> cpu->reader_lock, and
 * cpus_read_lock -> buffer->mutex (map_mutex and the CPU hotplug lock
 * are never held together).  Writers take no lock.
 */
#include <linux/cpuhotplug.h>
#include <linux/trace_clock.h>
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/cpu.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/vmalloc.h>

#include "ring_buffer_internal.h"

struct rb_sbuf *rb_sbuf_alloc(struct trace_buffer *buffer, int cpu)
{
	struct rb_sbuf *sb;
	struct page *page;

	/*
	 * Not cache-line aligned: two descriptors share a line.  The writer
	 * stores to its tail's ->write and the reader to its own page's
	 * ->read; they meet on a line only around a page swap, once per
	 * sub-buffer, and 32 bytes a page of memory is worth more.
	 */
	sb = kzalloc_node(sizeof(*sb), GFP_KERNEL | __GFP_RETRY_MAYFAIL,
			  cpu_to_node(cpu));
	if (!sb)
		return NULL;
	page = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_COMP |
				__GFP_RETRY_MAYFAIL | __GFP_ZERO,
				buffer->subbuf_order);
	if (!page) {
		kfree(sb);
		return NULL;
	}
	sb->page = page_address(page);
	return sb;
}

void rb_sbuf_free(struct trace_buffer *buffer, struct rb_sbuf *sb)
{
	if (!sb)
		return;
	/* a persistent buffer's pages belong to its range */
	if (!buffer->range_start)
		free_pages((unsigned long)sb->page, buffer->subbuf_order);
	kfree(sb);
}

/*
 * The state of a ring that is not its layout: positions, time stamp
 * pair, counters.  Writers quiesced and reader_lock held (or the ring
 * not yet visible).
 */
void rb_cpu_clear_state(struct rb_cpu *cpu)
{
	cpu->last_end = 0;
	cpu->last_ts = 0;
	cpu->depth = 0;
	local_set(&cpu->commits, 0);
	local_set(&cpu->entries, 0);
	local_set(&cpu->entries_bytes, 0);
	local_set(&cpu->overrun, 0);
	local_set(&cpu->overrun_bytes, 0);
	local_set(&cpu->commit_overrun, 0);
	local_set(&cpu->dropped_events, 0);
	local_set(&cpu->pages_touched, 0);
	local_set(&cpu->pages_lost, 0);
	cpu->read_stamp = 0;
	cpu->read = 0;
	cpu->read_bytes = 0;
	cpu->pages_read = 0;
	cpu->last_overrun = 0;
	cpu->lost_events = 0;
	cpu->swaps++;
	cpu->wait.shortest_full = 0;
}

/*
 * Lay the ring out again from cpu->sbufs[]: sbufs[0] is the reader's,
 * sbufs[1..nr_pages] the ring in that order, head and tail on sbufs[1].
 * Writers quiesced and reader_lock held (or not yet visible).
 */
void rb_cpu_reset_locked(struct rb_cpu *cpu)
{
	unsigned int i, n = cpu->nr_sbufs;
	struct rb_sbuf *sb;

	for (i = 0; i < n; i++) {
		sb = cpu->sbufs[i];
		sb->id = i;
		sb->read = 0;
		rb_w_set(sb, rb_w_recycled(rb_w_read(sb)));
		local_set(&sb->page->commit, 0);
		sb->page->time_stamp = 0;
		atomic_long_set(&sb->link, (unsigned long)
				cpu->sbufs[i + 1 < n ? i + 1 : 1]);
	}
	/* the last of the ring points at the head */
	atomic_long_or(RB_LINK_HEAD, &cpu->sbufs[n - 1]->link);
	cpu->reader = cpu->sbufs[0];
	cpu->head_hint = cpu->sbufs[n - 1];
	cpu->tail = cpu->sbufs[1];
	cpu->commit_sb = cpu->sbufs[1];
	rb_cpu_clear_state(cpu);
	if (cpu->range)
		rb_range_sync(cpu);
	rb_update_meta(cpu);
}

static void rb_cpu_free(struct rb_cpu *cpu)
{
	unsigned int i;

	if (!cpu)
		return;
	irq_work_sync(&cpu->wait.work);
	for (i = 0; i < cpu->nr_sbufs; i++)
		rb_sbuf_free(cpu->buffer, cpu->sbufs[i]);
	kvfree(cpu->sbufs);
	kfree(cpu);
}

/*
 * An array of sub-buffer pointers, used only on slow paths (layout,
 * resize, mmap).  It can be large (a gigabyte of 4 KiB pages is 2 MiB of
 * pointers).  Beyond a page it comes from vmalloc, which takes whole
 * pages: kmalloc would round it up to a power of two, and the ring's
 * n + 1 entries (the reader's page) are often just past one, which
 * doubled it.  A size nothing could satisfy fails quietly: the caller
 * says -ENOMEM.
 */
static struct rb_sbuf **rb_sbuf_array(unsigned long n, int cpu)
{
	gfp_t gfp = GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN;
	size_t bytes;

	if (check_mul_overflow(n, sizeof(struct rb_sbuf *), &bytes))
		return NULL;
	if (bytes <= PAGE_SIZE)
		return kmalloc_node(bytes, gfp, cpu_to_node(cpu));
	return __vmalloc_node(bytes, 1, gfp, cpu_to_node(cpu),
			      __builtin_return_address(0));
}

static struct rb_sbuf **rb_sbufs_alloc(struct trace_buffer *buffer, int cpu,
				       unsigned long n)
{
	struct rb_sbuf **v;
	unsigned long i;

	v = rb_sbuf_array(n, cpu);
	if (!v)
		return NULL;
	for (i = 0; i < n; i++) {
		if (buffer->range_start)
			v[i] = rb_range_sbuf(buffer, cpu, i);
		else
			v[i] = rb_sbuf_alloc(buffer, cpu);
		if (!v[i]) {
			while (i--)
				rb_sbuf_free(buffer, v[i]);
			kvfree(v);
			return NULL;
		}
	}
	return v;
}

static struct rb_cpu *rb_cpu_alloc(struct trace_buffer *buffer,
				   unsigned long nr_pages, int cpu_id)
{
	struct rb_cpu *cpu;

	cpu = kzalloc_node(sizeof(*cpu), GFP_KERNEL, cpu_to_node(cpu_id));
	if (!cpu)
		return NULL;
	cpu->buffer = buffer;
	cpu->cpu = cpu_id;
	raw_spin_lock_init(&cpu->reader_lock);
	lockdep_set_class(&cpu->reader_lock, buffer->reader_lock_key);
	mutex_init(&cpu->map_mutex);
	rb_waiters_init(&cpu->wait, cpu);
	cpu->nr_pages = nr_pages;
	cpu->nr_sbufs = nr_pages + 1;
	cpu->sbufs = rb_sbufs_alloc(buffer, cpu_id, cpu->nr_sbufs);
	if (!cpu->sbufs) {
		kfree(cpu);
		return NULL;
	}
	if (buffer->range_start) {
		/* laid out in the range: its shape is fixed, as if mapped */
		cpu->range = rb_range_meta_of(buffer, cpu_id);
		atomic_inc(&cpu->resize_disabled);
		if (rb_range_restore(cpu))
			return cpu;
	}
	rb_cpu_reset_locked(cpu);
	return cpu;
}

static unsigned long rb_pages_for(struct trace_buffer *buffer,
				  unsigned long size)
{
	return max(DIV_ROUND_UP(size, buffer->subbuf_size), 2UL);
}

static void rb_set_order(struct trace_buffer *buffer, unsigned int order)
{
	buffer->subbuf_order = order;
	buffer->subbuf_size = (PAGE_SIZE << order) - RB_PAGE_HDR;
	/* a data record with its length word fills an empty sub-buffer */
	buffer->max_data_size = buffer->subbuf_size - RB_HDR - sizeof(u32);
}

/*
 * A buffer with one ring per online CPU: in ordinary pages, or laid out
 * in the range [@start, @start + @range_size) when @range_size is not 0.
 */
static struct trace_buffer *rb_alloc(unsigned long size, unsigned int flags,
				     unsigned int order, unsigned long start,
				     unsigned long range_size,
				     struct lock_class_key *key)
{
	struct trace_buffer *buffer;
	int cpu;

	buffer = kzalloc(sizeof(*buffer), GFP_KERNEL);
	if (!buffer)
		return NULL;
	if (!zalloc_cpumask_var(&buffer->cpumask, GFP_KERNEL))
		goto fail_buffer;
	buffer->buffers = kcalloc(nr_cpu_ids, sizeof(*buffer->buffers),
				  GFP_KERNEL);
	if (!buffer->buffers)
		goto fail_mask;
	buffer->flags = flags;
	buffer->clock = trace_clock_local;
	buffer->reader_lock_key = key;
	mutex_init(&buffer->mutex);
	rb_waiters_init(&buffer->wait, NULL);
	rb_set_order(buffer, order);
	buffer->default_pages = rb_pages_for(buffer, size);
	/* a range decides the size itself: what fits in it */
	if (range_size && rb_range_layout(buffer, start, range_size))
		goto fail_array;

	/*
	 * This CPU now, the others through the hotplug instance, which
	 * calls trace_rb_cpu_prepare() for every CPU already up.
	 */
	cpu = raw_smp_processor_id();
	buffer->buffers[cpu] = rb_cpu_alloc(buffer, buffer->default_pages,
					    cpu);
	if (!buffer->buffers[cpu])
		goto fail_range;
	cpumask_set_cpu(cpu, buffer->cpumask);
	if (cpuhp_state_add_instance(CPUHP_TRACE_RB_PREPARE, &buffer->node))
		goto fail_cpus;
	return buffer;

fail_cpus:
	for_each_cpu(cpu, buffer->cpumask)
		rb_cpu_free(buffer->buffers[cpu]);
fail_range:
	rb_range_release(buffer);
fail_array:
	kfree(buffer->buffers);
fail_mask:
	free_cpumask_var(buffer->cpumask);
fail_buffer:
	kfree(buffer);
	return NULL;
}

/**
 * __ring_buffer_alloc - allocate a buffer, one ring per online CPU
 * @size: bytes per CPU (rounded up to whole sub-buffers, at least two)
 * @flags: RB_FL_OVERWRITE for overwrite mode
 * @key: lockdep class of the reader locks (see ring_buffer_alloc())
 *
 * Returns the buffer or NULL.
 */
struct trace_buffer *__ring_buffer_alloc(unsigned long size,
					 unsigned int flags,
					 struct lock_class_key *key)
{
	return rb_alloc(size, flags, 0, 0, 0, key);
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

/**
 * __ring_buffer_alloc_range - a persistent buffer in a reserved range
 * @size: ignored: each CPU gets an equal part of the range
 * @flags: RB_FL_OVERWRITE for overwrite mode
 * @order: sub-buffer order (0 .. 7)
 * @start: kernel address of the range, page aligned
 * @range_size: its size
 * @key: lockdep class
 *
 * The range holds the rings and their meta data (ring_buffer_range.c).
 * A CPU whose part holds a valid ring from a previous boot keeps it, so
 * that boot's records can be read; any other starts empty.  The shape
 * is fixed: resize, order change, snapshot swap and user mapping are
 * refused.  The range must stay mapped until ring_buffer_free().
 *
 * Returns the buffer, or NULL (range too small for three sub-buffers
 * per possible CPU, or no memory).
 */
struct trace_buffer *__ring_buffer_alloc_range(unsigned long size,
					       unsigned int flags,
					       int order, unsigned long start,
					       unsigned long range_size,
					       struct lock_class_key *key)
{
	if (order < 0 || order > 7 || !range_size)
		return NULL;
	return rb_alloc(size, flags, order, start, range_size, key);
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc_range);

/**
 * ring_buffer_free - free a buffer
 * @buffer: the buffer; no writer, reader or mapping may use it any more
 */
void ring_buffer_free(struct trace_buffer *buffer)
{
	int cpu;

	cpuhp_state_remove_instance(CPUHP_TRACE_RB_PREPARE, &buffer->node);
	irq_work_sync(&buffer->wait.work);
	for_each_cpu(cpu, buffer->cpumask)
		rb_cpu_free(buffer->buffers[cpu]);
	rb_range_release(buffer);
	kfree(buffer->buffers);
	free_cpumask_var(buffer->cpumask);
	kfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/**
 * trace_rb_cpu_prepare - give a CPU coming up its ring
 * @cpu_id: the CPU
 * @node: the buffer's hotplug instance
 *
 * Rings are kept when a CPU goes down, so this allocates at most once
 * per CPU.  Returns 0 or -ENOMEM.
 */
int trace_rb_cpu_prepare(unsigned int cpu_id, struct hlist_node *node)
{
	struct trace_buffer *buffer = hlist_entry(node, struct trace_buffer,
						  node);
	struct rb_cpu *cpu;

	if (cpumask_test_cpu(cpu_id, buffer->cpumask))
		return 0;
	cpu = rb_cpu_alloc(buffer, buffer->default_pages, cpu_id);
	if (!cpu)
		return -ENOMEM;
	buffer->buffers[cpu_id] = cpu;
	/* the ring before the bit that lets writers in; pairs with the
	 * address dependency from buffer->buffers[] in the writer
	 */
	smp_wmb();
	cpumask_set_cpu(cpu_id, buffer->cpumask);
	return 0;
}

void rb_quiesce_cpu(struct rb_cpu *cpu)
{
	atomic_inc(&cpu->record_disabled);
	/* writers run with preemption off: a grace period waits them out */
	synchronize_rcu();
}

void rb_unquiesce_cpu(struct rb_cpu *cpu)
{
	atomic_dec(&cpu->record_disabled);
}

/*
 * The sub-buffer after which empty sub-buffers go and from which
 * sub-buffers are taken out: the tail, or if writers are on the
 * reader's sub-buffer (so the ring holds nothing), the one they go to.
 */
static struct rb_sbuf *rb_resize_anchor(struct rb_cpu *cpu)
{
	if (cpu->tail == cpu->reader)
		return rb_sb_next(cpu->reader);
	return cpu->tail;
}

static void rb_ring_grow(struct rb_cpu *cpu, struct rb_sbuf **add,
			 unsigned long n)
{
	struct rb_sbuf *anchor = rb_resize_anchor(cpu);
	unsigned long link = atomic_long_read(&anchor->link), i;

	for (i = 0; i < n; i++) {
		rb_w_set(add[i], 0);
		atomic_long_set(&add[i]->link, i + 1 < n ?
				(unsigned long)add[i + 1] : link);
	}
	atomic_long_set(&anchor->link, (unsigned long)add[0]);
}

static void rb_ring_shrink(struct rb_cpu *cpu, unsigned long n)
{
	struct rb_sbuf *anchor = rb_resize_anchor(cpu), *x;
	unsigned long alink, xlink;
	u64 w;

	while (n--) {
		alink = atomic_long_read(&anchor->link);
		x = rb_link_next(alink);
		if (RB_BROKEN(cpu->buffer, x == anchor || x == cpu->reader ||
			      x == cpu->tail))
			return;
		xlink = atomic_long_read(&x->link);
		if (alink & RB_LINK_HEAD) {
			/* the oldest records go, as if overwritten */
			w = rb_w_read(x);
			local_add(rb_w_records(w), &cpu->overrun);
			local_add(rb_w_off(w), &cpu->overrun_bytes);
			local_inc(&cpu->pages_lost);
		}
		atomic_long_set(&anchor->link, (unsigned long)rb_link_next(xlink) |
				((alink | xlink) & RB_LINK_HEAD));
		/* mark it for removal from sbufs[] */
		x->id = UINT_MAX;
	}
}

static int rb_cpu_resize(struct trace_buffer *buffer, struct rb_cpu *cpu,
			 unsigned long nr_pages)
{
	struct rb_sbuf **sbufs, **add = NULL;
	unsigned long i, j, old = cpu->nr_pages;

	if (nr_pages == old)
		return 0;
	sbufs = rb_sbuf_array(nr_pages + 1, cpu->cpu);
	if (!sbufs)
		return -ENOMEM;
	if (nr_pages > old) {
		add = rb_sbufs_alloc(buffer, cpu->cpu, nr_pages - old);
		if (!add) {
			kvfree(sbufs);
			return -ENOMEM;
		}
	}

	rb_quiesce_cpu(cpu);
	raw_spin_lock_irq(&cpu->reader_lock);
	if (nr_pages > old)
		rb_ring_grow(cpu, add, nr_pages - old);
	else
		rb_ring_shrink(cpu, old - nr_pages);
	/* rebuild sbufs[]: the reader's first, then what is left */
	j = 0;
	sbufs[j++] = cpu->reader;
	for (i = 0; i < cpu->nr_sbufs; i++) {
		if (cpu->sbufs[i] != cpu->reader &&
		    cpu->sbufs[i]->id != UINT_MAX && j <= nr_pages)
			sbufs[j++] = cpu->sbufs[i];
	}
	for (i = 0; add && i < nr_pages - old; i++)
		sbufs[j++] = add[i];
	swap(sbufs, cpu->sbufs);
	cpu->nr_sbufs = nr_pages + 1;
	cpu->nr_pages = nr_pages;
	for (i = 0; i < cpu->nr_sbufs; i++)
		cpu->sbufs[i]->id = i;
	cpu->head_hint = rb_resize_anchor(cpu);
	cpu->swaps++;
	raw_spin_unlock_irq(&cpu->reader_lock);
	rb_unquiesce_cpu(cpu);

	/* free what was taken out: still marked in the old array */
	for (i = 0; i < old + 1; i++)
		if (sbufs[i]->id == UINT_MAX)
			rb_sbuf_free(buffer, sbufs[i]);
	kvfree(sbufs);
	kvfree(add);
	return 0;
}

/*
 * A resize of every CPU failed at CPU @failed: give the CPUs before it
 * their old sizes (@was) back, so a failed resize changes nothing.
 * Shrinking allocates only the pointer array; if even that
 * fails, that ring keeps its new size.
 */
static void rb_resize_undo(struct trace_buffer *buffer, int failed,
			   const unsigned long *was)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask) {
		if (cpu == failed)
			break;
		rb_cpu_resize(buffer, buffer->buffers[cpu], was[cpu]);
	}
}

/**
 * ring_buffer_resize - change the size of one ring or of all
 * @buffer: the buffer
 * @size: new size in bytes per CPU (rounded up to whole sub-buffers)
 * @cpu_id: the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Writers may run meanwhile; each CPU's writers are refused for the
 * moment its ring is relinked.  Shrinking drops the oldest records,
 * counted as overrun.  Returns 0, or -EBUSY while an iterator or a
 * mapping holds a ring, -ENOMEM, -ENODEV.
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size,
		       int cpu_id)
{
	unsigned long nr_pages = rb_pages_for(buffer, size), grow = 0;
	unsigned long *was;
	int cpu, ret = 0;

	if (cpu_id != RING_BUFFER_ALL_CPUS &&
	    (cpu_id < 0 || cpu_id >= nr_cpu_ids ||
	     !cpumask_test_cpu(cpu_id, buffer->cpumask)))
		return -ENODEV;

	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	for_each_cpu(cpu, buffer->cpumask) {
		if (cpu_id != RING_BUFFER_ALL_CPUS && cpu != cpu_id)
			continue;
		if (atomic_read(&buffer->buffers[cpu]->resize_disabled)) {
			ret = -EBUSY;
			goto out;
		}
		if (nr_pages > buffer->buffers[cpu]->nr_pages)
			grow += nr_pages - buffer->buffers[cpu]->nr_pages;
	}
	/*
	 * A size the machine obviously cannot give is refused before any
	 * allocation (counting every CPU that grows).  Past this check the
	 * page allocations may still fail, without the OOM killer
	 * (__GFP_RETRY_MAYFAIL).
	 */
	if (grow > (unsigned long)si_mem_available() >> buffer->subbuf_order) {
		ret = -ENOMEM;
		goto out;
	}
	if (cpu_id != RING_BUFFER_ALL_CPUS) {
		ret = rb_cpu_resize(buffer, buffer->buffers[cpu_id], nr_pages);
		goto out;
	}
	was = kcalloc(nr_cpu_ids, sizeof(*was), GFP_KERNEL);
	if (!was) {
		ret = -ENOMEM;
		goto out;
	}
	for_each_cpu(cpu, buffer->cpumask) {
		was[cpu] = buffer->buffers[cpu]->nr_pages;
		ret = rb_cpu_resize(buffer, buffer->buffers[cpu], nr_pages);
		if (ret)
			break;
	}
	if (!ret)
		buffer->default_pages = nr_pages;
	else
		rb_resize_undo(buffer, cpu, was);
	kfree(was);
out:
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/**
 * ring_buffer_change_overwrite - switch overwrite mode
 * @buffer: the buffer
 * @val: nonzero for overwrite, zero for producer/consumer
 *
 * Takes effect for the next writer that finds its ring full.
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	unsigned int keep = READ_ONCE(buffer->flags) & ~RB_FL_OVERWRITE;

	/* writers read the flags once per tail move, unlocked */
	WRITE_ONCE(buffer->flags, keep | (val ? RB_FL_OVERWRITE : 0));
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/*
 * Callers hold buffer->mutex, so not map_mutex, which comes first (see
 * the top of this file).  None is needed: a mapping's reader swap
 * (ring_buffer_map_get_reader()) and its meta page are under reader_lock.
 */
static void rb_reset_cpu(struct rb_cpu *cpu)
{
	unsigned long flags;

	/*
	 * irqsave: trace_clock= resets the global buffer from
	 * early_trace_init(), while interrupts are still off for good.
	 */
	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	rb_cpu_reset_locked(cpu);
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
}

/**
 * ring_buffer_reset_cpu - empty one ring and clear its statistics
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	if (!cpu)
		return;
	mutex_lock(&buffer->mutex);
	atomic_inc(&cpu->resize_disabled);
	rb_quiesce_cpu(cpu);
	rb_reset_cpu(cpu);
	rb_unquiesce_cpu(cpu);
	atomic_dec(&cpu->resize_disabled);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

static void rb_reset_cpus(struct trace_buffer *buffer, bool online_only)
{
	struct rb_cpu *cpu;
	int c;

	mutex_lock(&buffer->mutex);
	for_each_cpu(c, buffer->cpumask) {
		if (online_only && !cpu_online(c))
			continue;
		cpu = buffer->buffers[c];
		atomic_inc(&cpu->resize_disabled);
		atomic_inc(&cpu->record_disabled);
	}
	/*
	 * One grace period for all CPUs, expedited: a reset is asked for
	 * by a user (a tracer switch, a write to "trace"), who waits for
	 * it, and a tracer switch IPIs every CPU anyway to patch text.
	 */
	synchronize_rcu_expedited();
	for_each_cpu(c, buffer->cpumask) {
		if (online_only && !cpu_online(c))
			continue;
		cpu = buffer->buffers[c];
		rb_reset_cpu(cpu);
		atomic_dec(&cpu->record_disabled);
		atomic_dec(&cpu->resize_disabled);
	}
	mutex_unlock(&buffer->mutex);
}

/**
 * ring_buffer_reset_online_cpus - reset the rings of online CPUs
 * @buffer: the buffer
 */
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	rb_reset_cpus(buffer, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_online_cpus);

/**
 * ring_buffer_reset - reset every ring of the buffer
 * @buffer: the buffer
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	rb_reset_cpus(buffer, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
/**
 * ring_buffer_swap_cpu - exchange one CPU's rings of two buffers
 * @buffer_a: one buffer
 * @buffer_b: the other
 * @cpu_id: the CPU
 *
 * Used for snapshots.  Both rings must have the same number and size of
 * sub-buffers.  Returns 0, -EINVAL (shapes differ), -EAGAIN (recording
 * is disabled on either), -EBUSY (a writer is inside either ring, or one
 * is mapped), -ENODEV.  A writer that read buffer->buffers[] just before
 * the swap and had not entered its reservation yet is the one race left;
 * callers swap from the CPU itself with interrupts off, which excludes it.
 */
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu_id)
{
	struct rb_cpu *a = rb_cpu_of(buffer_a, cpu_id);
	struct rb_cpu *b = rb_cpu_of(buffer_b, cpu_id);
	int ret = -EAGAIN;

	if (!a || !b)
		return -ENODEV;
	if (a->nr_pages != b->nr_pages ||
	    buffer_a->subbuf_order != buffer_b->subbuf_order)
		return -EINVAL;
	if (atomic_read(&buffer_a->record_disabled) ||
	    atomic_read(&buffer_b->record_disabled) ||
	    atomic_read(&a->record_disabled) ||
	    atomic_read(&b->record_disabled))
		return -EAGAIN;
	if (a->mapped || b->mapped || a->range || b->range)
		return -EBUSY;

	atomic_inc(&a->record_disabled);
	atomic_inc(&b->record_disabled);
	/* the disables before the writer counts; pairs with the writer's
	 * record_disabled check, which precedes its depth increment
	 */
	smp_mb();
	ret = -EBUSY;
	if (READ_ONCE(a->depth) || READ_ONCE(b->depth))
		goto out;
	buffer_a->buffers[cpu_id] = b;
	buffer_b->buffers[cpu_id] = a;
	b->buffer = buffer_a;
	a->buffer = buffer_b;
	ret = 0;
out:
	atomic_dec(&a->record_disabled);
	atomic_dec(&b->record_disabled);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif

/*
 * The recording switches.  buffer->record_disabled and each
 * cpu->record_disabled count disables; RB_OFF in the buffer's is the
 * on/off switch (also thrown by RB_BROKEN()).  Writers test both counts
 * for zero; a writer already past the test finishes its record.
 */
static void rb_record_count(struct trace_buffer *buffer, int cpu_id,
			    int delta)
{
	struct rb_cpu *cpu;

	if (cpu_id == RING_BUFFER_ALL_CPUS) {
		atomic_add(delta, &buffer->record_disabled);
		return;
	}
	cpu = rb_cpu_of(buffer, cpu_id);
	if (cpu)
		atomic_add(delta, &cpu->record_disabled);
}

/**
 * ring_buffer_record_disable - stop writers (counted, nests)
 * @buffer: the buffer
 *
 * Writers already inside a reservation finish; use synchronize_rcu()
 * to wait for them.
 */
void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	rb_record_count(buffer, RING_BUFFER_ALL_CPUS, 1);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

/**
 * ring_buffer_record_disable_cpu - stop writers of one CPU (counted)
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu_id)
{
	rb_record_count(buffer, cpu_id, 1);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

/**
 * ring_buffer_record_enable - undo one ring_buffer_record_disable()
 * @buffer: the buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	rb_record_count(buffer, RING_BUFFER_ALL_CPUS, -1);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

/**
 * ring_buffer_record_enable_cpu - undo ring_buffer_record_disable_cpu()
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu_id)
{
	rb_record_count(buffer, cpu_id, -1);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

/**
 * ring_buffer_record_is_on - would a writer be let in now
 * @buffer: the buffer
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return atomic_read(&buffer->record_disabled) == 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

/**
 * ring_buffer_record_off - turn recording off (not counted)
 * @buffer: the buffer
 *
 * Independent of record_disable/enable.
 *
 * Return: true if recording was on (this call turned it off).
 */
bool ring_buffer_record_off(struct trace_buffer *buffer)
{
	return !(atomic_fetch_or(RB_OFF, &buffer->record_disabled) & RB_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

/**
 * ring_buffer_record_is_set_on - is recording on, ignoring disables
 * @buffer: the buffer
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return (atomic_read(&buffer->record_disabled) & RB_OFF) == 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

/**
 * ring_buffer_record_on - undo ring_buffer_record_off()
 * @buffer: the buffer
 *
 * Return: true if recording was off (this call turned it on).
 */
bool ring_buffer_record_on(struct trace_buffer *buffer)
{
	return atomic_fetch_andnot(RB_OFF, &buffer->record_disabled) & RB_OFF;
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

/**
 * ring_buffer_set_clock - the clock writers stamp records with
 * @buffer: the buffer
 * @clock: the clock; callers reset the buffer around a change
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	buffer->clock = clock;
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_set_time_stamp_abs - stamp every record absolutely
 * @buffer: the buffer
 * @abs: true to put a TIME_STAMP record before every record that is not
 *	the first of its sub-buffer
 */
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	WRITE_ONCE(buffer->time_stamp_abs, abs);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_time_stamp_abs);

/**
 * ring_buffer_time_stamp_abs - is absolute stamping on
 * @buffer: the buffer
 */
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->time_stamp_abs);
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp_abs);

/**
 * ring_buffer_subbuf_order_get - sub-buffer size as a page order
 * @buffer: the buffer, or NULL
 *
 * Returns the order, or -EINVAL for NULL.
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	if (!buffer)
		return -EINVAL;
	return buffer->subbuf_order;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get - data bytes of one sub-buffer
 * @buffer: the buffer
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	return buffer->subbuf_size;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);

/**
 * ring_buffer_subbuf_order_set - change the sub-buffer size
 * @buffer: the buffer
 * @order: page order of each sub-buffer (0 .. 7)
 *
 * Each ring keeps about its size in bytes.  The records in the buffer
 * are lost (not counted).  Returns 0, -EINVAL, -EBUSY (an iterator or a
 * mapping holds a ring), -ENOMEM (the buffer is unchanged).
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	unsigned int old_order = buffer->subbuf_order, old_size;
	struct rb_sbuf ***sets;
	unsigned long *pages;
	struct rb_cpu *cpu;
	int c, ret = 0;

	if (!buffer || order < 0 || order > 7)
		return -EINVAL;
	if (order == old_order)
		return 0;
	sets = kcalloc(nr_cpu_ids, sizeof(*sets), GFP_KERNEL);
	pages = kcalloc(nr_cpu_ids, sizeof(*pages), GFP_KERNEL);
	if (!sets || !pages) {
		ret = -ENOMEM;
		goto out_free;
	}

	cpus_read_lock();
	mutex_lock(&buffer->mutex);
	for_each_cpu(c, buffer->cpumask) {
		cpu = buffer->buffers[c];
		if (atomic_read(&cpu->resize_disabled) || cpu->mapped) {
			ret = -EBUSY;
			goto out;
		}
	}
	/* writers size their records by buffer->subbuf_size: stop them */
	for_each_cpu(c, buffer->cpumask)
		atomic_inc(&buffer->buffers[c]->record_disabled);
	synchronize_rcu();

	old_size = buffer->subbuf_size;
	rb_set_order(buffer, order);
	for_each_cpu(c, buffer->cpumask) {
		cpu = buffer->buffers[c];
		pages[c] = rb_pages_for(buffer, cpu->nr_pages * old_size);
		sets[c] = rb_sbufs_alloc(buffer, c, pages[c] + 1);
		if (!sets[c]) {
			ret = -ENOMEM;
			break;
		}
	}
	if (ret) {
		for_each_cpu(c, buffer->cpumask) {
			unsigned long i;

			for (i = 0; sets[c] && i < pages[c] + 1; i++)
				rb_sbuf_free(buffer, sets[c][i]);
			kvfree(sets[c]);
		}
		rb_set_order(buffer, old_order);
		goto enable;
	}
	buffer->default_pages = rb_pages_for(buffer,
					     buffer->default_pages * old_size);

	for_each_cpu(c, buffer->cpumask) {
		struct rb_sbuf **old;
		unsigned int i, n;

		cpu = buffer->buffers[c];
		raw_spin_lock_irq(&cpu->reader_lock);
		old = cpu->sbufs;
		n = cpu->nr_sbufs;
		cpu->sbufs = sets[c];
		cpu->nr_pages = pages[c];
		cpu->nr_sbufs = pages[c] + 1;
		rb_cpu_reset_locked(cpu);
		raw_spin_unlock_irq(&cpu->reader_lock);
		/* the old sub-buffers have the old order */
		for (i = 0; i < n; i++) {
			free_pages((unsigned long)old[i]->page, old_order);
			kfree(old[i]);
		}
		kvfree(old);
	}
enable:
	for_each_cpu(c, buffer->cpumask)
		atomic_dec(&buffer->buffers[c]->record_disabled);
out:
	mutex_unlock(&buffer->mutex);
	cpus_read_unlock();
out_free:
	kfree(sets);
	kfree(pages);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);
