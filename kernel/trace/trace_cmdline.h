/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The comm cache of kernel/trace/trace_cmdline.c as an object, for that
 * file and its KUnit suite (trace_cmdline_kunit.c) only.  The rest of
 * kernel/trace uses the 6.12 functions declared in trace.h
 * (trace_find_cmdline(), tracing_start_cmdline_record(), ...), which work
 * on the one global cache.
 *
 * A cache maps a pid to the comm last recorded for it.  It has a fixed
 * number of slots (see cmdcache_alloc()); a pid owns a slot through the
 * pid's low bits (pid & (PID_MAX_DEFAULT - 1)), so two pids equal in those
 * bits share one slot, and new keys take slots round-robin.  A key that
 * loses its slot keeps pointing at it (6.12 does the same): if it is
 * saved again it takes the slot back, and the slot's newer owner then
 * prints "<...>".  None of these functions locks: the caller owns the cache or
 * holds the global cache's lock.
 */
#ifndef _TRACE_CMDLINE_H
#define _TRACE_CMDLINE_H

#include <linux/sched.h>

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

#endif /* _TRACE_CMDLINE_H */
