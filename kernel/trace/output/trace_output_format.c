// SPDX-License-Identifier: GPL-2.0
/*
 * The format an event's TP_printk() is applied with, and the iterator's
 * fmt scratch buffer it may be rewritten into.
 *
 * With the option hash-ptr off (the default is on), a bare "%p" in a
 * format prints the raw address: trace_event_format() rewrites it to
 * "%px" in iter->fmt ("%%" is copied as is; "%pS", "%ps", "%pB"...,
 * followed by a letter or digit, are left alone).  The buffer grows in
 * steps of FMT_STEP bytes (trace_iter_expand_format(), also used by the
 * "fields" dump); a reader whose buffer cannot grow gets the format
 * unchanged, so hashed pointers.
 *
 * Buffers that never grow: an iterator without an instance (tp_printk,
 * trace_tp_printk.c) neither grows nor rewrites anything, and a buffer
 * inside the kernel image (the static one of ftrace_dump(),
 * trace_dump.c) is never reallocated.
 *
 * Contexts: any, NMI included, for an iterator whose buffer cannot
 * grow; trace_iter_expand_format() allocates (GFP_KERNEL) only for an
 * iterator with an instance and a buffer of its own, i.e. a
 * process-context reader of a tracefs file.  No locks: an iterator
 * belongs to one reader at a time (the reader locks, or the dump's
 * one-at-a-time).
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "instance/trace_array.h"
#include "trace_flags.h"
#include "trace_output.h"

#define FMT_STEP	128

/**
 * trace_iter_expand_format - grow an iterator's fmt buffer
 * @iter: the iterator
 *
 * Return: the new buffer (FMT_STEP bytes larger, contents kept), or
 * NULL if this iterator's buffer may not grow or the allocation failed
 * (the old buffer then stays).
 */
char *trace_iter_expand_format(struct trace_iterator *iter)
{
	char *bigger;

	/* No instance: tp_printk, in any context. */
	if (!iter->tr)
		return NULL;
	/* A buffer in the kernel image: a dump's, which cannot allocate. */
	if (iter->fmt && is_kernel_core_data((unsigned long)iter->fmt))
		return NULL;

	bigger = krealloc(iter->fmt, iter->fmt_size + FMT_STEP, GFP_KERNEL);
	if (!bigger)
		return NULL;
	iter->fmt = bigger;
	iter->fmt_size += FMT_STEP;
	return bigger;
}

/**
 * trace_event_format - the format to print a record's TP_printk() with
 * @iter: the iterator printing it
 * @fmt: the event's format
 *
 * Return: @fmt, or with hash-ptr off a copy in @iter->fmt where each
 * bare "%p" is "%px".
 */
const char *trace_event_format(struct trace_iterator *iter, const char *fmt)
{
	const char *in = fmt;
	size_t out = 0;

	if (WARN_ON_ONCE(!fmt))
		return fmt;
	if (!iter->tr || (iter->tr->trace_flags & TRACE_ITER_HASH_PTR))
		return fmt;
	/*
	 * Nothing to rewrite, and maybe no buffer yet (readers allocate
	 * it on first need): nothing is written through iter->fmt.
	 */
	if (!*fmt)
		return fmt;

	while (*in) {
		/*
		 * One step writes at most three characters ("%px"), and
		 * the terminating NUL must fit after them.
		 */
		if (out + 4 > iter->fmt_size && !trace_iter_expand_format(iter))
			return fmt;

		iter->fmt[out++] = *in;
		if (*in++ != '%')
			continue;
		if (*in == '%') {
			iter->fmt[out++] = *in++;
		} else if (*in == 'p' && !isalnum(in[1])) {
			iter->fmt[out++] = *in++;
			iter->fmt[out++] = 'x';
		}
	}
	iter->fmt[out] = '\0';
	return iter->fmt;
}
