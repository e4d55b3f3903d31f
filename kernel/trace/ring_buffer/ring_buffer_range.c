// SPDX-License-Identifier: GPL-2.0
/*
 * Persistent ring buffers: the rings laid out in a reserved memory range
 * (reserve_mem= and trace_instance=NAME@RANGE), so that what they held
 * when the kernel went down can be read after a warm reboot.
 *
 * Layout: the range is cut into nr_cpu_ids equal parts, one per
 * possible CPU, each a whole number of sub-buffers.  A part starts with
 * its meta data (struct rb_range_meta and its next[] array, rounded up
 * to whole sub-buffers), then the slots, one sub-buffer each:
 *
 *   start                                         start + range_chunk
 *   +------+--------+--------+--------+-----+----------+-------- - -
 *   | meta | slot 0 | slot 1 | slot 2 | ... | slot n-1 | (CPU 1's
 *   +------+--------+--------+--------+-----+----------+-------- - -
 *
 * Slot i is cpu->sbufs[i], whose id is i; the descriptors are ordinary
 * memory, only the data pages are in the range.  The meta data says how
 * the slots are linked (see struct rb_range_meta), for example with
 * n = 5 after a few reader swaps:
 *
 *   reader = 3            next[] = { 4, 0, 1, 2, 2 }
 *   head   = 2            ring:    2 -> 1 -> 0 -> 4 -> 2
 *   commit = 0            data:    2, 1, 0 (the reader's slot 3 first)
 *
 * The next boot accepts a CPU's part only if the meta data describes
 * this very layout (same sub-buffer size and count), the ring is one
 * cycle through every slot but the reader's, and every sub-buffer from
 * the reader's and the head up to the commit one holds records that
 * parse exactly to its commit length.  It then rebuilds the ring as it
 * was: the reader's records first, then the ring's from the head, and
 * writers continue after the last commit.  Anything else, the first use
 * of a range included, gets an empty ring.
 *
 * Addresses recorded from the previous boot are shifted by the distance
 * the kernel moved (KASLR): ring_buffer_last_boot_delta() gives the
 * text and data deltas, which the output applies.
 */
#include <linux/seq_file.h>
#include <linux/bitmap.h>
#include <linux/overflow.h>
#include <linux/panic_notifier.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "ring_buffer_internal.h"

#define RB_RANGE_MAGIC	0x72726231	/* "rrb1" */

static unsigned long rb_range_sub(struct trace_buffer *buffer)
{
	return PAGE_SIZE << buffer->subbuf_order;
}

/* Bytes of a part's meta data for @n slots, in whole sub-buffers. */
static unsigned long rb_range_meta_bytes(struct trace_buffer *buffer,
					 unsigned long n)
{
	struct rb_range_meta *m;

	return round_up(struct_size(m, next, n), rb_range_sub(buffer));
}

/* Recording stops at a panic: what the crash left is what is kept. */
static int rb_range_panic(struct notifier_block *nb, unsigned long ev,
			  void *data)
{
	struct trace_buffer *buffer = container_of(nb, struct trace_buffer,
						   panic_nb);

	ring_buffer_record_off(buffer);
	return NOTIFY_DONE;
}

/*
 * Fit the rings into [@start, @start + @size): the number of slots each
 * CPU's part holds, which becomes the buffer's default_pages (the ring,
 * without the reader's slot).  Returns 0, or -EINVAL when @start is not
 * page aligned or a part cannot hold three slots.
 */
int rb_range_layout(struct trace_buffer *buffer, unsigned long start,
		    unsigned long size)
{
	unsigned long sub = rb_range_sub(buffer), chunk, slots, n;

	if (!start || !PAGE_ALIGNED(start))
		return -EINVAL;
	chunk = round_down(size / nr_cpu_ids, sub);
	slots = chunk / sub;
	for (n = slots; n >= 3; n--)
		if (rb_range_meta_bytes(buffer, n) + n * sub <= chunk)
			break;
	if (n < 3)
		return -EINVAL;
	buffer->range_start = start;
	buffer->range_chunk = chunk;
	buffer->default_pages = n - 1;
	buffer->panic_nb.notifier_call = rb_range_panic;
	atomic_notifier_chain_register(&panic_notifier_list, &buffer->panic_nb);
	return 0;
}

void rb_range_release(struct trace_buffer *buffer)
{
	if (buffer->range_start)
		atomic_notifier_chain_unregister(&panic_notifier_list,
						 &buffer->panic_nb);
}

struct rb_range_meta *rb_range_meta_of(struct trace_buffer *buffer, int cpu)
{
	return (void *)(buffer->range_start + cpu * buffer->range_chunk);
}

/* A descriptor for slot @slot of @cpu's part. */
struct rb_sbuf *rb_range_sbuf(struct trace_buffer *buffer, int cpu,
			      unsigned int slot)
{
	unsigned long n = buffer->default_pages + 1;
	struct rb_sbuf *sb;

	sb = kzalloc_node(sizeof(*sb), GFP_KERNEL, cpu_to_node(cpu));
	if (!sb)
		return NULL;
	sb->id = slot;
	sb->page = (void *)rb_range_meta_of(buffer, cpu) +
		rb_range_meta_bytes(buffer, n) + slot * rb_range_sub(buffer);
	return sb;
}

/*
 * Write the whole meta data from the ring as it is: after a reset, with
 * writers quiesced and reader_lock held (or the ring not yet visible).
 * The magic goes last, so a part caught half written is not accepted.
 */
void rb_range_sync(struct rb_cpu *cpu)
{
	struct trace_buffer *buffer = cpu->buffer;
	struct rb_range_meta *m = cpu->range;
	struct rb_sbuf *head, *prev;
	unsigned int i;

	head = rb_find_head(cpu, &prev);
	if (!head)
		return;
	WRITE_ONCE(m->magic, 0);
	barrier();
	m->meta_size = sizeof(*m);
	m->text_addr = (unsigned long)_text;
	m->data_addr = (unsigned long)_sdata;
	m->subbuf_size = rb_range_sub(buffer);
	m->nr_sbufs = cpu->nr_sbufs;
	m->reader = cpu->reader->id;
	m->head = head->id;
	m->commit = cpu->commit_sb->id;
	for (i = 0; i < cpu->nr_sbufs; i++)
		m->next[i] = rb_sb_next(cpu->sbufs[i])->id;
	barrier();
	WRITE_ONCE(m->magic, RB_RANGE_MAGIC);
}

/*
 * The reader swapped: @prev now links to @r, the reader's old
 * sub-buffer, which links to the head, and the old head is the reader's
 * (cpu->reader).  Under reader_lock.
 */
void rb_range_swapped(struct rb_cpu *cpu, struct rb_sbuf *prev,
		      struct rb_sbuf *r)
{
	struct rb_range_meta *m = cpu->range;

	WRITE_ONCE(m->next[r->id], rb_sb_next(r)->id);
	WRITE_ONCE(m->next[prev->id], r->id);
	WRITE_ONCE(m->head, rb_sb_next(r)->id);
	WRITE_ONCE(m->reader, cpu->reader->id);
}

/*
 * Records in @sb's page, or -1 when they do not parse exactly to its
 * commit length.  Adds the commit length to *@bytes.
 */
static int rb_range_check_page(struct trace_buffer *buffer,
			       struct rb_sbuf *sb, unsigned long *bytes)
{
	unsigned long commit = local_read(&sb->page->commit);
	struct ring_buffer_event *ev;
	unsigned int off, len;
	int records = 0;

	if (commit > buffer->subbuf_size)
		return -1;
	for (off = 0; off < commit; off += len) {
		if (commit - off < RB_HDR)
			return -1;
		ev = (struct ring_buffer_event *)&sb->page->data[off];
		if ((ev->type_len == RINGBUF_TYPE_PADDING || !ev->type_len) &&
		    commit - off < RB_HDR + sizeof(u32))
			return -1;
		len = rb_rec_len(ev);
		if (!len || len % RB_ALIGN || len > commit - off)
			return -1;
		records += rb_rec_is_data(ev);
	}
	*bytes += commit;
	return records;
}

/* The write word of a sub-buffer holding @records, ending at @commit. */
static u64 rb_range_word(unsigned long commit, int records, bool full)
{
	return commit | ((u64)records << RB_W_REC_SHIFT) |
	       (full ? RB_W_FULL : 0);
}

/*
 * Checks what @cpu->range describes; returns the slot linking to the
 * head (the end of the one cycle through all slots but the reader's),
 * or -1.  @seen is a scratch bitmap of nr_sbufs bits.
 */
static int rb_range_check_meta(struct rb_cpu *cpu, unsigned long *seen)
{
	struct rb_range_meta *m = cpu->range;
	unsigned int n = cpu->nr_sbufs, s, prev = 0, i;

	if (m->meta_size != sizeof(*m) ||
	    m->subbuf_size != rb_range_sub(cpu->buffer) || m->nr_sbufs != n)
		return -1;
	if (m->reader >= n || m->head >= n || m->commit >= n ||
	    m->head == m->reader || m->next[m->reader] >= n ||
	    m->next[m->reader] == m->reader)
		return -1;
	bitmap_zero(seen, n);
	__set_bit(m->reader, seen);
	s = m->head;
	for (i = 0; i < n - 1; i++) {
		if (s >= n || __test_and_set_bit(s, seen))
			return -1;
		prev = s;
		s = m->next[s];
	}
	return s == m->head ? prev : -1;
}

/*
 * Rebuild @cpu's ring from its part of the range, if that holds a valid
 * ring from a previous boot.  Called by rb_cpu_alloc(), before the ring
 * is visible.  Returns false when the part must start empty.
 */
bool rb_range_restore(struct rb_cpu *cpu)
{
	struct trace_buffer *buffer = cpu->buffer;
	struct rb_range_meta *m = cpu->range;
	unsigned long *seen, bytes = 0, entries = 0, touched = 0;
	unsigned int n = cpu->nr_sbufs, i, s;
	struct rb_sbuf *sb;
	bool data = true;
	int prev, rec;

	if (m->magic != RB_RANGE_MAGIC)
		return false;		/* never used, or not by us */
	seen = bitmap_alloc(n, GFP_KERNEL);
	if (!seen)
		return false;
	prev = rb_range_check_meta(cpu, seen);
	bitmap_free(seen);
	if (prev < 0)
		goto invalid;

	/* the reader's sub-buffer, then the ring from the head */
	sb = cpu->sbufs[m->reader];
	rec = rb_range_check_page(buffer, sb, &bytes);
	if (rec < 0)
		goto invalid;
	entries += rec;
	rb_w_set(sb, rb_range_word(local_read(&sb->page->commit), rec,
				   m->commit != m->reader));
	if (m->commit == m->reader)
		data = false;	/* writers were on it: the ring is empty */
	for (s = m->head, i = 0; i < n - 1; i++, s = m->next[s]) {
		sb = cpu->sbufs[s];
		if (!data) {
			rb_w_set(sb, 0);
			local_set(&sb->page->commit, 0);
			continue;
		}
		rec = rb_range_check_page(buffer, sb, &bytes);
		if (rec < 0)
			goto invalid;
		entries += rec;
		touched += rec > 0;
		rb_w_set(sb, rb_range_word(local_read(&sb->page->commit), rec,
					   s != m->commit));
		if (s == m->commit)
			data = false;
	}

	for (i = 0; i < n; i++) {
		sb = cpu->sbufs[i];
		sb->read = 0;
		atomic_long_set(&sb->link, (unsigned long)
				cpu->sbufs[m->next[i]] |
				(i == prev ? RB_LINK_HEAD : 0));
	}
	cpu->reader = cpu->sbufs[m->reader];
	cpu->head_hint = cpu->sbufs[prev];
	cpu->tail = cpu->sbufs[m->commit];
	cpu->commit_sb = cpu->tail;
	rb_cpu_clear_state(cpu);
	local_set(&cpu->entries, entries);
	local_set(&cpu->entries_bytes, bytes);
	local_set(&cpu->pages_touched, touched);

	buffer->text_delta = (unsigned long)_text - m->text_addr;
	buffer->data_delta = (unsigned long)_sdata - m->data_addr;
	buffer->last_boot = true;
	pr_info("ring buffer: CPU %d keeps %lu records of the previous boot\n",
		cpu->cpu, entries);
	return true;

invalid:
	pr_info("ring buffer: CPU %d: the previous boot's ring does not validate, starting empty\n",
		cpu->cpu);
	return false;
}

/**
 * ring_buffer_last_boot_delta - address shifts of a persistent buffer
 * @buffer: the buffer
 * @text: gets this kernel's text address minus the previous boot's
 * @data: the same for data
 *
 * Returns true, with the deltas set, when a CPU of @buffer kept the
 * previous boot's ring and the kernel's text moved since; false and
 * nothing set otherwise.
 */
bool ring_buffer_last_boot_delta(struct trace_buffer *buffer, long *text,
				 long *data)
{
	if (!buffer || !buffer->last_boot || !buffer->text_delta)
		return false;
	*text = buffer->text_delta;
	*data = buffer->data_delta;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_last_boot_delta);

/*
 * per_cpu/cpuN/buffer_meta: the meta data of a persistent buffer's CPU,
 * the header lines, then "buffer[i]:" with the slot after slot i.
 */
static void *rb_meta_seq_start(struct seq_file *m, loff_t *pos)
{
	struct rb_cpu *cpu = m->private;

	return *pos <= cpu->nr_sbufs ? (void *)(unsigned long)(*pos + 1) : NULL;
}

static void *rb_meta_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return rb_meta_seq_start(m, pos);
}

static int rb_meta_seq_show(struct seq_file *m, void *v)
{
	struct rb_cpu *cpu = m->private;
	struct rb_range_meta *meta = cpu->range;
	unsigned long i = (unsigned long)v - 1;

	if (!i) {
		seq_printf(m, "head_buffer:   %u\n", READ_ONCE(meta->head));
		seq_printf(m, "commit_buffer: %u\n", READ_ONCE(meta->commit));
		seq_printf(m, "subbuf_size:   %u\n", meta->subbuf_size);
		seq_printf(m, "nr_subbufs:    %u\n", meta->nr_sbufs);
		return 0;
	}
	seq_printf(m, "buffer[%lu]:    %u\n", i - 1,
		   READ_ONCE(meta->next[i - 1]));
	return 0;
}

static void rb_meta_seq_stop(struct seq_file *m, void *v)
{
}

static const struct seq_operations rb_meta_seq_ops = {
	.start	= rb_meta_seq_start,
	.next	= rb_meta_seq_next,
	.show	= rb_meta_seq_show,
	.stop	= rb_meta_seq_stop,
};

/**
 * ring_buffer_meta_seq_init - open the buffer_meta file of a CPU
 * @file: the file
 * @buffer: a persistent buffer
 * @cpu_id: the CPU
 *
 * Returns 0, or -ENODEV when @buffer is not persistent or has no ring
 * for @cpu_id, or seq_open()'s error.
 */
int ring_buffer_meta_seq_init(struct file *file, struct trace_buffer *buffer,
			      int cpu_id)
{
	struct rb_cpu *cpu = rb_cpu_of(buffer, cpu_id);
	int ret;

	if (!cpu || !cpu->range)
		return -ENODEV;
	ret = seq_open(file, &rb_meta_seq_ops);
	if (!ret)
		((struct seq_file *)file->private_data)->private = cpu;
	return ret;
}
