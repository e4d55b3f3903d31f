// SPDX-License-Identifier: GPL-2.0
/*
 * trace_seq writers: formatted text appended to a struct trace_seq.
 *
 * The buffer bookkeeping is a seq_buf (lib/seq_buf.c), which already
 * formats, hex-encodes and escapes paths, and marks itself overflowed
 * when text does not fit.  This file adds the trace_seq rules on top
 * (see include/linux/trace_seq.h):
 *
 *   all or nothing   every writer runs between ts_begin() and ts_end().
 *                    ts_begin() remembers the length; ts_end() looks at
 *                    the seq_buf overflow mark and, if set, cuts the text
 *                    back to that length and raises s->full.  So a call
 *                    either adds all of its text or none of it, whatever
 *                    the seq_buf primitive did halfway.
 *   sticky full      ts_begin() refuses every write once s->full is set.
 *   lazy init        a trace_seq whose seq_buf has no size (zeroed
 *                    memory) is initialised by the first call that needs
 *                    it, so a static or kzalloc'ed trace_seq works.
 *
 * Context: no locks and no sleeping, except trace_seq_to_user() (may
 * fault) and trace_seq_path() (takes the path's d_path locks); every
 * other writer may run in any context, including NMI, as long as the
 * trace_seq is not shared between concurrent callers.
 */
#include <linux/uaccess.h>
#include <linux/seq_file.h>
#include <linux/trace_seq.h>

/* Make a zeroed trace_seq usable; a no-op once initialised. */
static inline void ts_ready(struct trace_seq *s)
{
	if (unlikely(s->seq.size == 0))
		trace_seq_init(s);
}

/*
 * Start one all-or-nothing write.  Returns false if @s is already full
 * (the write must be skipped); otherwise stores the rollback point.
 */
static inline bool ts_begin(struct trace_seq *s, unsigned int *mark)
{
	if (s->full)
		return false;
	ts_ready(s);
	*mark = s->seq.len;
	return true;
}

/*
 * Finish the write begun by ts_begin().  Returns true if it fitted;
 * otherwise removes its partial text and marks @s full.
 */
static inline bool ts_end(struct trace_seq *s, unsigned int mark)
{
	if (likely(!seq_buf_has_overflowed(&s->seq)))
		return true;
	s->seq.len = mark;
	s->full = 1;
	return false;
}

/**
 * trace_seq_vprintf - append printf-formatted text
 * @s: the sequence
 * @fmt: format
 * @args: its arguments
 *
 * All of the formatted text is added, or nothing and @s becomes full.
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_vprintf(&s->seq, fmt, args);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_printf - append printf-formatted text
 * @s: the sequence
 * @fmt: format, then its arguments
 *
 * All of the formatted text is added, or nothing and @s becomes full.
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	trace_seq_vprintf(s, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_bprintf - append text from a binary printk record
 * @s: the sequence
 * @fmt: the format the arguments were packed for
 * @binary: the arguments as vbin_printf() packed them
 *
 * All of the formatted text is added, or nothing and @s becomes full.
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_bprintf(&s->seq, fmt, binary);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_bitmask - append a bitmask as "%*pb" prints it
 * @s: the sequence
 * @maskp: the bits
 * @nmaskbits: how many bits of @maskp count
 *
 * Comma-separated 32-bit hex groups, most significant first.  All or
 * nothing.
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_printf(&s->seq, "%*pb", nmaskbits, maskp);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_putmem - append raw bytes
 * @s: the sequence
 * @mem: the bytes
 * @len: how many
 *
 * The bytes need not be text and may contain NULs (the "bin" output
 * option writes records this way).  All or nothing.
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_putmem(&s->seq, mem, len);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_puts - append a NUL-terminated string (without its NUL)
 * @s: the sequence
 * @str: the string
 *
 * All or nothing.
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_putmem(s, str, strlen(str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc - append one byte
 * @s: the sequence
 * @c: the byte; 0 is allowed (the print helpers end their text with it)
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	trace_seq_putmem(s, &c, 1);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem_hex - append bytes as hex digits
 * @s: the sequence
 * @mem: the bytes
 * @len: how many
 *
 * As seq_buf_putmem_hex() writes them: in groups of at most eight
 * bytes, each group in the machine's word order (so a little-endian
 * value reads as a number) and followed by a space.  All or nothing.
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_putmem_hex(&s->seq, mem, len);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path - append the name of a file
 * @s: the sequence
 * @path: the file
 *
 * The path as d_path() gives it, with newlines escaped.  All or nothing.
 *
 * Return: 1 if the name was added, 0 if @s is (now) full.
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return 0;
	seq_buf_path(&s->seq, path, "\n");
	return ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_hex_dump - append a print_hex_dump()-style dump
 * @s: the sequence
 * @prefix_str: text at the start of each row
 * @prefix_type: DUMP_PREFIX_NONE, _OFFSET or _ADDRESS
 * @rowsize: bytes per row (16 or 32)
 * @groupsize: bytes per group (1, 2, 4 or 8)
 * @buf: the data
 * @len: its length
 * @ascii: add the printable-character column
 *
 * Every row ends with a newline.  All or nothing.
 *
 * Return: 1 if the dump was added, 0 if @s is (now) full.
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return 0;
	seq_buf_hex_dump(&s->seq, prefix_str, prefix_type, rowsize, groupsize,
			 buf, len, ascii);
	return ts_end(s, mark);
}
EXPORT_SYMBOL(trace_seq_hex_dump);

/**
 * trace_seq_acquire - reserve room to write into directly
 * @s: the sequence
 * @len: bytes wanted
 *
 * For output code that formats into memory itself (the staging
 * headers' __get_buf()).  The bytes count as written at once.  Asking
 * for more than is left is a caller bug: it warns and reserves nothing,
 * and the pointer returned then has less than @len bytes behind it.
 *
 * Return: where the caller may write.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *start = trace_seq_buffer_ptr(s);

	if (WARN_ON_ONCE(len > seq_buf_buffer_left(&s->seq)))
		return start;
	seq_buf_commit(&s->seq, len);
	return start;
}
EXPORT_SYMBOL(trace_seq_acquire);

/**
 * trace_seq_to_user - copy unread text of @s to user space
 * @s: the sequence
 * @ubuf: destination
 * @cnt: room at @ubuf
 *
 * Copies from @s->readpos onward and advances @s->readpos by what was
 * copied, so a reader may drain @s over several calls.  May fault.
 *
 * Return: bytes copied (0 when @cnt is 0), -EBUSY when everything has
 * already been read (or @s is empty), -EFAULT when nothing could be
 * copied.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int copied;

	ts_ready(s);
	copied = seq_buf_to_user(&s->seq, ubuf, s->readpos, cnt);
	if (copied > 0)
		s->readpos += copied;
	return copied;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);

/**
 * trace_print_seq - move the text of @s into a seq_file
 * @m: the seq_file
 * @s: the sequence
 *
 * @s is emptied only if the seq_file took all of it, so that a caller
 * whose seq_file overflowed can print the same text again later.
 *
 * Return: 0 on success, -1 if the seq_file had no room.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	ts_ready(s);
	ret = seq_buf_print_seq(m, &s->seq);
	if (ret == 0)
		trace_seq_init(s);
	return ret;
}
