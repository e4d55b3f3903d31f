/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Saved task names and tgids (kernel/trace/lib/trace_cmdline.c, the files
 * in trace_cmdline_files.c).
 *
 * The first part is what the rest of kernel/trace calls: the one global
 * cache, its recorders (refcounted by the
 * record-cmd and record-tgid options and by enabled events) and the
 * saved_* files.  trace_find_cmdline() and trace_find_tgid() run in any
 * context, NMI included (outside task context the name lookup only tries
 * the cache's lock; the tgid lookup takes none); the rest in process
 * context.  trace_taskinfo_save is the per-CPU "save the current task
 * at the next sched switch" flag the write path sets.
 *
 * The second part is the comm cache as an object, for trace_cmdline.c
 * and its KUnit suite (trace_cmdline_kunit.c) only.
 *
 * A cache maps a pid to the comm last recorded for it.  It has a fixed
 * number of slots (see cmdcache_alloc()); a pid owns a slot through the
 * pid's low bits (pid & (PID_MAX_DEFAULT - 1)), so two pids equal in those
 * bits share one slot, and new keys take slots round-robin.  A key that
 * loses its slot keeps pointing at it: if it is
 * saved again it takes the slot back, and the slot's newer owner then
 * prints "<...>".  None of these functions locks: the caller owns the cache or
 * holds the global cache's lock.
 */
#ifndef _KERNEL_TRACE_CMDLINE_H
#define _KERNEL_TRACE_CMDLINE_H

#include <linux/percpu-defs.h>
#include <linux/sched.h>

void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
void tracing_start_cmdline_record(void);
void tracing_stop_cmdline_record(void);
void tracing_start_tgid_record(void);
void tracing_stop_tgid_record(void);

/*
 * The listings behind saved_cmdlines and saved_tgids, the size of the
 * comm cache and its replacement by an empty one (trace_cmdline.c);
 * the files themselves (trace_cmdline_files.c).  Process context.
 */
extern const struct seq_operations trace_saved_cmdlines_seq;
extern const struct seq_operations trace_saved_tgids_seq;
unsigned int trace_cmdlines_size(void);
int trace_cmdlines_resize(unsigned long want);

extern const struct file_operations tracing_saved_cmdlines_fops;
extern const struct file_operations tracing_saved_cmdlines_size_fops;
extern const struct file_operations tracing_saved_tgids_fops;

/* The sched probes save @tsk when this CPU's flag says so. */
DECLARE_PER_CPU(bool, trace_taskinfo_save);

/* The tgid map comes on first use of record-tgid (trace_opts.c). */
int trace_alloc_tgid_map(void);
/* The global cache, made at boot and freed if tracing cannot start. */
int trace_create_savedcmd(void);
void trace_free_saved_cmdlines_buffer(void);

/* saved_cmdlines_size asks for this many slots at boot (and gets more). */
#define CMDCACHE_DEFAULT_SLOTS	128

struct cmdcache;

struct cmdcache *cmdcache_alloc(unsigned int want);
void cmdcache_free(struct cmdcache *c);
unsigned int cmdcache_slots(const struct cmdcache *c);
void cmdcache_store(struct cmdcache *c, int pid, const char *comm);
void cmdcache_lookup(const struct cmdcache *c, int pid,
		     char comm[TASK_COMM_LEN]);
int cmdcache_next_used(const struct cmdcache *c, unsigned int slot);
int cmdcache_slot_pid(const struct cmdcache *c, unsigned int slot);
bool cmdcache_special(int pid, char comm[TASK_COMM_LEN]);
void cmdcache_unknown(char comm[TASK_COMM_LEN]);

#endif /* _KERNEL_TRACE_CMDLINE_H */
