// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer mapping to user space (trace_pipe_raw mmap).
 *
 * Layout of the mapping, in units of one sub-buffer (2^order pages):
 *
 *   +-----------+---------+---------+-----+---------------------+
 *   | meta page | sbuf 0  | sbuf 1  | ... | sbuf nr_pages       |
 *   +-----------+---------+---------+-----+---------------------+
 *
 * (the meta page is followed by zero pages up to a sub-buffer).  Sub-
 * buffer i is cpu->sbufs[i], whose id is i; struct trace_buffer_meta
 * (uapi) tells which one is the reader's and how far it was read.  The
 * user reads the reader's sub-buffer in place and asks for the next one
 * with TRACE_MMAP_IOCTL_GET_READER (ring_buffer_map_get_reader()).
 *
 * While a ring is mapped its shape is frozen: no resize, no order
 * change, no snapshot swap, and ring_buffer_read_page() copies instead
 * of handing data pages over; the consuming reader never swaps on its
 * own (rb_reader_sbuf()), only the ioctl does.
 *
 * Locking: cpu->map_mutex serialises map/unmap/get_reader; then
 * buffer->mutex, then reader_lock, as everywhere.
 */
#include <linux/export.h>
#include <linux/highmem.h>
#include <linux/slab.h>
#include <linux/mm.h>

#include "ring_buffer_internal.h"

/* Under reader_lock, or with the ring quiesced. */
void rb_update_meta(struct rb_cpu *cpu)
{
	struct trace_buffer_meta *meta = cpu->meta;

	if (!meta)
		return;
	meta->reader.read = cpu->reader->read;
	meta->reader.id = cpu->reader->id;
	meta->reader.lost_events = cpu->lost_events;
	meta->entries = local_read(&cpu->entries);
	meta->overrun = local_read(&cpu->overrun);
	meta->read = cpu->read;
	flush_kernel_vmap_range(meta, PAGE_SIZE);
}

#ifdef CONFIG_MMU
static int rb_map_vma(struct rb_cpu *cpu, struct vm_area_struct *vma)
{
	unsigned int order = cpu->buffer->subbuf_order, per = 1U << order;
	unsigned long pgoff = vma->vm_pgoff, total, want, p = 0, s = 0, i;
	struct page **pages;
	int err;

	if ((vma->vm_flags & (VM_WRITE | VM_EXEC)) ||
	    !(vma->vm_flags & VM_MAYSHARE))
		return -EPERM;
	if (pgoff % per)
		return -EINVAL;
	vm_flags_mod(vma, VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP,
		     VM_MAYWRITE);

	total = (unsigned long)(cpu->nr_sbufs + 1) << order;
	if (pgoff >= total)
		return -EINVAL;
	want = vma_pages(vma);
	if (!want || want > total - pgoff)
		return -EINVAL;
	pages = kcalloc(want, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	if (!pgoff) {
		pages[p++] = virt_to_page(cpu->meta);
		for (i = 1; i < per && p < want; i++)
			pages[p++] = ZERO_PAGE(vma->vm_start + PAGE_SIZE * p);
	} else {
		s = pgoff / per - 1;
	}
	while (p < want) {
		struct page *page;

		if (WARN_ON_ONCE(s >= cpu->nr_sbufs)) {
			kfree(pages);
			return -EINVAL;
		}
		page = virt_to_page(cpu->sbufs[s++]->page);
		for (i = 0; i < per && p < want; i++)
			pages[p++] = page + i;
	}
	err = vm_insert_pages(vma, vma->vm_start, pages, &want);
	kfree(pages);
	return err;
}
#else
static int rb_map_vma(struct rb_cpu *cpu, struct vm_area_struct *vma)
{
	return -EOPNOTSUPP;
}
#endif

static void rb_set_mapped(struct rb_cpu *cpu, int delta)
{
	unsigned long flags;

	mutex_lock(&cpu->buffer->mutex);
	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	cpu->user_mapped += delta;
	cpu->mapped += delta;
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	mutex_unlock(&cpu->buffer->mutex);
}

/**
 * ring_buffer_map - map a CPU's ring into a user VMA
 * @buffer: the buffer
 * @cpu_id: the CPU
 * @vma: shared, read-only
 *
 * Returns 0, -EINVAL, -EPERM (writable or private mapping), -ENOMEM,
 * -EBUSY (a persistent buffer).
 */
int ring_buffer_map(struct trace_buffer *buffer, int cpu_id,
		    struct vm_area_struct *vma)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct trace_buffer_meta *meta;
	unsigned long flags;
	struct page *page;
	int err;

	if (!cpu)
		return -EINVAL;
	/* a persistent ring's pages are not the page allocator's */
	if (cpu->range)
		return -EBUSY;
	mutex_lock(&cpu->map_mutex);
	if (cpu->user_mapped) {
		err = rb_map_vma(cpu, vma);
		if (!err)
			rb_set_mapped(cpu, 1);
		goto out;
	}
	mutex_lock(&buffer->mutex);
	page = alloc_page(GFP_USER | __GFP_ZERO);
	if (!page) {
		mutex_unlock(&buffer->mutex);
		err = -ENOMEM;
		goto out;
	}
	meta = page_address(page);
	meta->meta_struct_len = sizeof(*meta);
	meta->nr_subbufs = cpu->nr_sbufs;
	meta->subbuf_size = PAGE_SIZE << buffer->subbuf_order;
	meta->meta_page_size = meta->subbuf_size;
	atomic_inc(&cpu->resize_disabled);
	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	cpu->meta = meta;
	rb_update_meta(cpu);
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);

	err = rb_map_vma(cpu, vma);
	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	if (!err) {
		cpu->mapped++;
		cpu->user_mapped = 1;
	} else {
		cpu->meta = NULL;
	}
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	if (err) {
		free_page((unsigned long)meta);
		atomic_dec(&cpu->resize_disabled);
	}
	mutex_unlock(&buffer->mutex);
out:
	mutex_unlock(&cpu->map_mutex);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_map);

/**
 * ring_buffer_map_dup - one more VMA maps the ring (fork, split)
 * @buffer: the buffer
 * @cpu_id: the CPU
 */
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);

	if (WARN_ON(!cpu))
		return;
	mutex_lock(&cpu->map_mutex);
	if (!WARN_ON(!cpu->user_mapped))
		rb_set_mapped(cpu, 1);
	mutex_unlock(&cpu->map_mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_map_dup);

/**
 * ring_buffer_unmap - one VMA less maps the ring
 * @buffer: the buffer
 * @cpu_id: the CPU
 *
 * Returns 0, -EINVAL, -ENODEV when it was not mapped.
 */
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct trace_buffer_meta *meta;
	unsigned long flags;
	int err = 0;

	if (!cpu)
		return -EINVAL;
	mutex_lock(&cpu->map_mutex);
	if (!cpu->user_mapped) {
		err = -ENODEV;
	} else if (cpu->user_mapped > 1) {
		rb_set_mapped(cpu, -1);
	} else {
		mutex_lock(&buffer->mutex);
		raw_spin_lock_irqsave(&cpu->reader_lock, flags);
		cpu->mapped--;
		cpu->user_mapped = 0;
		meta = cpu->meta;
		cpu->meta = NULL;
		raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
		free_page((unsigned long)meta);
		atomic_dec(&cpu->resize_disabled);
		mutex_unlock(&buffer->mutex);
	}
	mutex_unlock(&cpu->map_mutex);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_unmap);

/**
 * ring_buffer_map_get_reader - give the mapped reader its next sub-buffer
 * @buffer: the buffer
 * @cpu_id: the CPU
 *
 * What the reader's sub-buffer still held is counted as read (the user
 * read it in place); then, if it was all read, the head is swapped in.
 * Lost records are flagged in the new sub-buffer's commit field as for
 * ring_buffer_read_page().  Returns 0, -EINVAL, -ENODEV (not mapped).
 */
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	struct ring_buffer_event *ev;
	unsigned long flags, missed;
	struct rb_sbuf *r;
	unsigned int size;
	int pass;

	if (!cpu)
		return -EINVAL;
	mutex_lock(&cpu->map_mutex);
	if (!cpu->mapped) {
		mutex_unlock(&cpu->map_mutex);
		return -ENODEV;
	}
	raw_spin_lock_irqsave(&cpu->reader_lock, flags);
	for (pass = 0; pass < 2; pass++) {
		if (rb_cpu_empty(cpu))
			break;
		r = cpu->reader;
		if (r->read < rb_commit_of(r) ||
		    READ_ONCE(cpu->commit_sb) == r) {
			/* the user has the rest of it: count it read */
			while (r->read < rb_commit_of(r)) {
				ev = (void *)&r->page->data[r->read];
				if (RB_BROKEN(buffer, !rb_rec_len(ev)))
					break;
				if (rb_rec_is_data(ev))
					cpu->read++;
				r->read += rb_rec_len(ev);
			}
			break;
		}
		/* all read and writers gone: the next one, by a swap */
		cpu->mapped = 0;
		r = rb_reader_sbuf(cpu);
		cpu->mapped = cpu->user_mapped;
		if (!r)
			break;
		missed = cpu->lost_events;
		/* writers have left r: its commit is ours to flag */
		if (missed && READ_ONCE(cpu->commit_sb) != r) {
			unsigned long commit = rb_commit_of(r);

			size = commit;
			if (buffer->subbuf_size - size >= sizeof(missed)) {
				memcpy(&r->page->data[size], &missed,
				       sizeof(missed));
				commit |= RB_MISSED_STORED;
			}
			local_set(&r->page->commit, commit | RB_MISSED_EVENTS);
		}
		cpu->lost_events = 0;
	}
	flush_kernel_vmap_range(cpu->reader->page,
				PAGE_SIZE << buffer->subbuf_order);
	rb_update_meta(cpu);
	raw_spin_unlock_irqrestore(&cpu->reader_lock, flags);
	mutex_unlock(&cpu->map_mutex);
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_map_get_reader);
