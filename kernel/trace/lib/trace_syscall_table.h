/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscall table of the trace core (kernel/trace/lib/
 * trace_syscall_table.c): which struct syscall_metadata, recorded by
 * SYSCALL_DEFINE in the __syscalls_metadata section, belongs to which
 * syscall number of the native syscall table.
 *
 * The map is built once, by trace_syscall_table_init() at boot (the
 * syscall events' raw_init calls it from trace_event_init(), before any
 * event can be enabled); a number whose entry is sys_ni_syscall, or whose
 * function has no metadata, stays unmapped, and so does every metadata
 * whose syscall_nr stays -1.  After that the map never changes: lookups
 * take no lock and may run in any context, NMI included.
 */
#ifndef _KERNEL_TRACE_SYSCALL_TABLE_H
#define _KERNEL_TRACE_SYSCALL_TABLE_H

#include <linux/init.h>

struct syscall_metadata;

/* The __syscalls_metadata section, one pointer per SYSCALL_DEFINE. */
extern struct syscall_metadata *__start_syscalls_metadata[];
extern struct syscall_metadata *__stop_syscalls_metadata[];

#ifdef CONFIG_FTRACE_SYSCALLS
int __init trace_syscall_table_init(void);
struct syscall_metadata *trace_syscall_meta(int nr);
const char *trace_syscall_name(int nr);
unsigned int trace_syscall_mapped(void);
#else
static inline struct syscall_metadata *trace_syscall_meta(int nr)
{
	return NULL;
}

static inline const char *trace_syscall_name(int nr)
{
	return NULL;
}
#endif

#endif /* _KERNEL_TRACE_SYSCALL_TABLE_H */
