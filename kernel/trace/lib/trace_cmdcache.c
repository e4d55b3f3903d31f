// SPDX-License-Identifier: GPL-2.0
/*
 * The comm cache: which command name a pid had, as trace lines show it.
 *
 * A plain object (struct cmdcache, API in trace_cmdline.h) with no lock
 * and no global state: trace_cmdline.c keeps the global instance behind
 * cmdline_lock and records into it; trace_cmdline_kunit.c tests it on
 * instances of its own.
 *
 * Its observable behaviour is an interface (leaves.rst): a slot per
 * key (pid & 32767), slots handed out round-robin from slot 1, "<idle>"
 * for pid 0, "<...>" for a pid whose slot holds another pid, and a slot
 * count that is whatever fits in the page-order block, so that
 * saved_cmdlines_size reads back the number user space expects.
 *
 * Contexts: alloc and free sleep; the rest runs in any context, under
 * whatever serialises the caller's instance.
 */
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/threads.h>

#include "trace_cmdline.h"

#define CMDCACHE_KEY_MASK	(PID_MAX_DEFAULT - 1)
#define CMDCACHE_FREE		U32_MAX		/* in slot_of[] and slot_pid[] */

/*
 * One page-order block:
 *
 *   | header: nr_slots, last, order, slot_pid | slot_of[32768] |
 *   | comm[nr_slots][TASK_COMM_LEN] | slot_pid[nr_slots] | (unused tail) |
 *
 * slot_of[key] is the slot a key (pid & 32767) owns, or CMDCACHE_FREE; once
 * set it never changes until the block is replaced.  slot_pid[s] is the
 * pid last stored in slot s, or CMDCACHE_FREE.  A lookup of pid P finds
 * P's comm only if slot_pid[slot_of[P & 32767]] == P.
 */
struct cmdcache {
	unsigned int	nr_slots;
	unsigned int	last;		/* slot handed out last */
	unsigned int	order;		/* of the block */
	u32		*slot_pid;
	u32		slot_of[PID_MAX_DEFAULT];
	char		comm[][TASK_COMM_LEN];
};

/*
 * The header the slot count is computed with: a map of PID_MAX_DEFAULT
 * + 1 entries, a pointer and two ints.  Only its size is used: the
 * block for a request of N slots is the smallest power-of-two number
 * of pages holding this header and N slots of TASK_COMM_LEN + 4 bytes,
 * and every whole slot that fits is used; saved_cmdlines_size shows
 * that count, an interface.
 */
struct cmdcache_sizing_header {
	u32	map[PID_MAX_DEFAULT + 1];
	u32	*rev;
	u32	num;
	int	idx;
};

#define CMDCACHE_HEADER_BYTES	sizeof(struct cmdcache_sizing_header)
#define CMDCACHE_SLOT_BYTES	(TASK_COMM_LEN + sizeof(u32))

/**
 * cmdcache_alloc - a comm cache of at least @want slots, all free
 * @want: 1 .. PID_MAX_DEFAULT
 *
 * Context: process (sleeps).  Return: the cache or NULL.
 */
struct cmdcache *cmdcache_alloc(unsigned int want)
{
	unsigned int order;
	struct cmdcache *c;
	size_t bytes;

	BUILD_BUG_ON(offsetof(struct cmdcache, comm) > CMDCACHE_HEADER_BYTES);

	order = get_order(CMDCACHE_HEADER_BYTES + (size_t)want * CMDCACHE_SLOT_BYTES);
	c = (struct cmdcache *)__get_free_pages(GFP_KERNEL, order);
	if (!c)
		return NULL;
	bytes = PAGE_SIZE << order;

	c->order = order;
	c->nr_slots = (bytes - CMDCACHE_HEADER_BYTES) / CMDCACHE_SLOT_BYTES;
	c->last = 0;			/* so the first slot handed out is 1 */
	c->slot_pid = (u32 *)c->comm[c->nr_slots];
	memset(c->slot_of, 0xff, sizeof(c->slot_of));
	memset(c->slot_pid, 0xff, c->nr_slots * sizeof(*c->slot_pid));
	return c;
}

void cmdcache_free(struct cmdcache *c)
{
	if (c)
		free_pages((unsigned long)c, c->order);
}

unsigned int cmdcache_slots(const struct cmdcache *c)
{
	return c->nr_slots;
}

/* Store @comm for @pid (> 0), taking a slot for its key if it has none. */
void cmdcache_store(struct cmdcache *c, int pid, const char *comm)
{
	unsigned int key = pid & CMDCACHE_KEY_MASK;
	unsigned int slot = c->slot_of[key];

	if (slot == CMDCACHE_FREE) {
		slot = c->last + 1 == c->nr_slots ? 0 : c->last + 1;
		c->slot_of[key] = slot;
		c->last = slot;
	}
	c->slot_pid[slot] = pid;
	strscpy(c->comm[slot], comm, TASK_COMM_LEN);
}

/*
 * The names trace lines show for pids that have no comm of their own:
 * true, with @comm set, for pid 0 and (a bug) negative pids.
 */
bool cmdcache_special(int pid, char comm[TASK_COMM_LEN])
{
	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return true;
	}
	if (WARN_ON_ONCE(pid < 0)) {
		strscpy(comm, "<XXX>", TASK_COMM_LEN);
		return true;
	}
	return false;
}

/* The name of a pid whose comm is not known. */
void cmdcache_unknown(char comm[TASK_COMM_LEN])
{
	strscpy(comm, "<...>", TASK_COMM_LEN);
}

void cmdcache_lookup(const struct cmdcache *c, int pid,
		     char comm[TASK_COMM_LEN])
{
	unsigned int slot;

	if (cmdcache_special(pid, comm))
		return;
	slot = c->slot_of[pid & CMDCACHE_KEY_MASK];
	if (slot != CMDCACHE_FREE && c->slot_pid[slot] == pid)
		strscpy(comm, c->comm[slot], TASK_COMM_LEN);
	else
		cmdcache_unknown(comm);
}

/* The first slot at or after @slot that holds a pid, or -1. */
int cmdcache_next_used(const struct cmdcache *c, unsigned int slot)
{
	for (; slot < c->nr_slots; slot++)
		if (c->slot_pid[slot] != CMDCACHE_FREE)
			return slot;
	return -1;
}

/* The pid in @slot, or -1 if the slot is free. */
int cmdcache_slot_pid(const struct cmdcache *c, unsigned int slot)
{
	u32 pid = c->slot_pid[slot];

	return pid == CMDCACHE_FREE ? -1 : pid;
}
