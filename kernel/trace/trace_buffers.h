/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure helpers of the buffer files (trace_buffer_files.c), shared
 * with their KUnit suite (trace_buffers_kunit.c).
 */
#ifndef _TRACE_BUFFERS_H
#define _TRACE_BUFFERS_H

#include <linux/types.h>

/* buffer_size_text(): the CPUs' sizes differ, buffer_size_kb reads "X". */
#define BUFFER_SIZES_DIFFER	(-1L)

int buffer_size_text(char *buf, size_t len, long kb, bool expanded,
		     unsigned long expand_kb);
int subbuf_order_for_kb(unsigned long kb);

#endif /* _TRACE_BUFFERS_H */
