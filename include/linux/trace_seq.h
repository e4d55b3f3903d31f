/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_seq: the text a trace line is built in.
 *
 * A trace_seq is a fixed 8 KiB object (TRACE_SEQ_SIZE): a character
 * buffer followed by the seq_buf that tracks it, a read position for
 * callers that copy the text out in pieces, and a "full" flag.
 *
 * Contract, for every trace_seq_*() writer in kernel/trace/output/trace_seq.c:
 *
 *  - A write lands whole or not at all.  When the text of one call does
 *    not fit in what is left, nothing of it stays in the buffer and the
 *    sequence is marked full.
 *  - Once full, every later write is ignored until trace_seq_init().
 *    trace_seq_has_overflowed() reports it; output code tests it once at
 *    the end of a line (trace_handle_return()).
 *  - A zeroed trace_seq is valid: the first write initialises it.
 *
 * Callers in kernel/trace read and rewind the fields directly
 * (seq.len, seq.size, buffer, readpos), so the layout is part of the
 * interface and stays as 6.12 has it.  A trace_seq has no lock: each
 * one belongs to a single reader (a trace_iterator, a per-CPU scratch
 * copy) and is never written concurrently.
 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

#include <linux/seq_buf.h>

#include <asm/page.h>

#define TRACE_SEQ_SIZE		8192

/* The room left for text once the bookkeeping fields are counted. */
#define TRACE_SEQ_BUFFER_SIZE	(TRACE_SEQ_SIZE - (sizeof(struct seq_buf) + \
						   sizeof(size_t) + sizeof(int)))

struct trace_seq {
	char			buffer[TRACE_SEQ_BUFFER_SIZE];
	struct seq_buf		seq;		/* length and size of @buffer */
	size_t			readpos;	/* next byte trace_seq_to_user() copies */
	int			full;		/* a write did not fit: drop the rest */
};

/**
 * trace_seq_init - empty a trace sequence and clear its full flag
 * @s: the sequence
 */
static inline void trace_seq_init(struct trace_seq *s)
{
	s->readpos = 0;
	s->full = 0;
	seq_buf_init(&s->seq, s->buffer, TRACE_SEQ_BUFFER_SIZE);
}

/**
 * trace_seq_used - bytes of text in a trace sequence
 * @s: the sequence
 *
 * Never more than the buffer holds, even when the seq_buf below has
 * recorded an overflow; copy out with this length, not @s->seq.len.
 *
 * Return: the number of bytes of text.
 */
static inline int trace_seq_used(struct trace_seq *s)
{
	return seq_buf_used(&s->seq);
}

/**
 * trace_seq_buffer_ptr - where the next write to @s will land
 * @s: the sequence
 *
 * The print helpers return this pointer, taken before they write, as
 * the start of the NUL-terminated text they add.
 *
 * Return: the address of the first unused byte.
 */
static inline char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return &s->buffer[seq_buf_used(&s->seq)];
}

/**
 * trace_seq_has_overflowed - did a write to @s fail for lack of room?
 * @s: the sequence
 *
 * Return: true from the first write that did not fit until
 * trace_seq_init().
 */
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full || seq_buf_has_overflowed(&s->seq);
}

#ifdef CONFIG_TRACING

__printf(2, 3) void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
__printf(2, 0) void trace_seq_vprintf(struct trace_seq *s, const char *fmt,
				      va_list args);
__printf(2, 0) void trace_seq_bprintf(struct trace_seq *s, const char *fmt,
				      const u32 *binary);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len);
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len);
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits);
int trace_seq_path(struct trace_seq *s, const struct path *path);
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii);
char *trace_seq_acquire(struct trace_seq *s, unsigned int len);
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt);
int trace_print_seq(struct seq_file *m, struct trace_seq *s);

#else /* !CONFIG_TRACING: every writer is a no-op, every reader finds nothing */

static inline __printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
}

static inline __printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
}

static inline void trace_seq_puts(struct trace_seq *s, const char *str)
{
}

static inline void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
}

static inline void trace_seq_putmem(struct trace_seq *s, const void *mem,
				    unsigned int len)
{
}

static inline void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
					unsigned int len)
{
}

static inline void trace_seq_bitmask(struct trace_seq *s,
				     const unsigned long *maskp, int nmaskbits)
{
}

static inline int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return 0;
}

static inline char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	return NULL;
}

static inline int trace_seq_to_user(struct trace_seq *s, char __user *ubuf,
				    int cnt)
{
	return 0;
}

static inline int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	return 0;
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_SEQ_H */
