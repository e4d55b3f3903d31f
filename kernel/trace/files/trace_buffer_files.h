/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The buffer files of an instance: their file operations, which
 * trace_dir_files.c puts in each instance's directory (each file takes
 * trace_types_lock for what it changes), and the pure helpers of
 * trace_buffer_files.c shared with their KUnit suite
 * (trace_buffer_files_kunit.c).
 */
#ifndef _KERNEL_TRACE_BUFFER_FILES_H
#define _KERNEL_TRACE_BUFFER_FILES_H

#include <linux/types.h>

struct file_operations;

/* trace_buffer_files.c: sizes, cpumask, tracing_on, wake-ups, meta. */
extern const struct file_operations tracing_cpumask_fops;
extern const struct file_operations tracing_entries_fops;
extern const struct file_operations tracing_total_entries_fops;
extern const struct file_operations tracing_buffer_meta_fops;
extern const struct file_operations last_boot_fops;
extern const struct file_operations tracing_free_buffer_fops;
extern const struct file_operations rb_simple_fops;
extern const struct file_operations buffer_percent_fops;
extern const struct file_operations buffer_subbuf_size_fops;

/* trace_buffer_clock.c: trace_clock and timestamp_mode. */
extern const struct file_operations trace_clock_fops;
extern const struct file_operations trace_time_stamp_mode_fops;

/* buffer_size_text(): the CPUs' sizes differ, buffer_size_kb reads "X". */
#define BUFFER_SIZES_DIFFER	(-1L)

int buffer_size_text(char *buf, size_t len, long kb, bool expanded,
		     unsigned long expand_kb);
int subbuf_order_for_kb(unsigned long kb);

#endif /* _KERNEL_TRACE_BUFFER_FILES_H */
