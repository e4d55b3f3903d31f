// SPDX-License-Identifier: GPL-2.0
/*
 * Pid sets: a sparse bitmap over pids 0 .. TRACE_PID_LIMIT - 1, read
 * without locks from any context (tracepoint probes, the scheduler, NMI).
 *
 * The trace_pid_list_* functions are the interface the pid filter
 * (trace_pid_filter.c), the event pid filter and the function tracer's
 * pid files call (Documentation/trace/retrace/leaves.rst).
 *
 * Layout.  Every node is one 4 KiB block, used either as a middle node
 * (an array of pointers to leaves) or as a leaf (32,768 bits).  The set
 * itself holds the root array of pointers to middle nodes:
 *
 *   pid (30 bits):  | root index | middle index | bit in leaf |
 *                     6 (5) bits   9 (10) bits    15 bits       64 (32)-bit
 *
 *   set->root[r] --> middle node: slot[m] --> leaf: bits[]
 *
 * So the default pid_max (32,768) fits in one middle node and one leaf:
 * 8 KiB for a set of any size below it.
 *
 * Growth.  A node, once reachable, stays where it is until the set is
 * freed: clearing a pid clears a bit, never a node.  So a lookup is two
 * dependent loads and a bit test, with nothing that can vanish under it.
 * Nodes are attached under @grow_lock, taken from a small per-set reserve
 * of zeroed nodes, because trace_pid_list_set() is called from the fork
 * probe (sched_process_fork, a tracepoint probe: preemption off, possibly
 * inside other raw locks), where nothing may be allocated.
 * When the reserve runs low an irq_work refills it (GFP_NOWAIT); a growth
 * that finds the reserve empty fails with -ENOMEM and changes nothing.
 *
 * Publication: a node is zeroed before it is made reachable, and made
 * reachable by one smp_store_release() (points A and B in pid_grow()); the
 * readers' READ_ONCE() of the same pointer carries an address dependency
 * to the node's contents, so a reader that finds a node sees it zeroed or
 * later.  A pid set concurrently with a lookup may or may not be seen by
 * it, as with any unsynchronised reader.
 *
 * Who may run concurrently with whom, on one set ("yes": without a lock
 * held by the caller; "no": the caller must exclude it):
 *
 *              | is_set | next/first | set    | clear  | free
 *   -----------+--------+------------+--------+--------+------
 *   is_set     | yes    | yes        | yes    | yes    | no
 *   next/first | yes    | yes        | yes    | yes    | no
 *   set        | yes    | yes        | yes    | yes    | no
 *   clear      | yes    | yes        | yes    | yes    | no
 *
 * Contexts: is_set, next and first anywhere, NMI included.  set and clear
 * anywhere but NMI (set may take @grow_lock with interrupts off).  alloc
 * and free in process context.
 *
 * Lifetime of the set itself is its owner's business: an instance
 * publishes a new set with rcu_assign_pointer() under event_mutex and
 * frees the old one only after its lockless readers are gone
 * (tracepoint_synchronize_unregister()).  Nothing here uses RCU.
 */
#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/irq_work.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/threads.h>

#include "trace_pid.h"

#define PID_NODE_BYTES		4096
#define PID_LEAF_SHIFT		15
#define PID_LEAF_BITS		BIT(PID_LEAF_SHIFT)
#define PID_MID_SHIFT		(BITS_PER_LONG == 64 ? 9 : 10)
#define PID_MID_SLOTS		BIT(PID_MID_SHIFT)
#define PID_ROOT_SHIFT		(PID_LEAF_SHIFT + PID_MID_SHIFT)
#define PID_ROOT_SLOTS		(TRACE_PID_LIMIT >> PID_ROOT_SHIFT)

/*
 * Reserve: refilled up to PID_RESERVE_FULL nodes when a growth leaves
 * PID_RESERVE_LOW or fewer.  One growth takes at most two nodes (a middle
 * node and a leaf), so a full reserve covers two growths in a row before
 * the refill has run.
 */
#define PID_RESERVE_FULL	4U
#define PID_RESERVE_LOW		2U

union pid_node {
	union pid_node	*next_free;		/* in the reserve */
	union pid_node	*slot[PID_MID_SLOTS];	/* a middle node */
	unsigned long	bits[PID_LEAF_BITS / BITS_PER_LONG]; /* a leaf */
};

struct trace_pid_list {
	/*
	 * Written only under @grow_lock, each slot once (NULL to a node, by
	 * smp_store_release()); read locklessly with READ_ONCE().
	 */
	union pid_node		*root[PID_ROOT_SLOTS];

	/*
	 * @grow_lock (raw, interrupts off) protects @reserve, @nr_reserve
	 * and the attaching of nodes.  It is the innermost lock: taken in
	 * the fork probe with preemption off, and nothing is taken inside
	 * it (irq_work_queue() takes no lock).
	 */
	raw_spinlock_t		grow_lock;
	union pid_node		*reserve;	/* zeroed nodes, via next_free */
	unsigned int		nr_reserve;
	struct irq_work		refill;		/* pid_refill() */
};

static inline unsigned int pid_root_index(unsigned int pid)
{
	return pid >> PID_ROOT_SHIFT;
}

static inline unsigned int pid_mid_index(unsigned int pid)
{
	return (pid >> PID_LEAF_SHIFT) & (PID_MID_SLOTS - 1);
}

static inline unsigned int pid_leaf_bit(unsigned int pid)
{
	return pid & (PID_LEAF_BITS - 1);
}

static inline unsigned int pid_make(unsigned int r, unsigned int m,
				    unsigned int bit)
{
	return r << PID_ROOT_SHIFT | m << PID_LEAF_SHIFT | bit;
}

/* The leaf holding @pid's bit, or NULL if none is attached.  Lockless. */
static unsigned long *pid_leaf(struct trace_pid_list *set, unsigned int pid)
{
	union pid_node *mid, *leaf;

	/* Pairs with the smp_store_release() at A in pid_grow(). */
	mid = READ_ONCE(set->root[pid_root_index(pid)]);
	if (!mid)
		return NULL;
	/* Pairs with the smp_store_release() at B in pid_grow(). */
	leaf = READ_ONCE(mid->slot[pid_mid_index(pid)]);
	return leaf ? leaf->bits : NULL;
}

static union pid_node *pid_reserve_take(struct trace_pid_list *set)
{
	union pid_node *node = set->reserve;

	lockdep_assert_held(&set->grow_lock);
	set->reserve = node->next_free;
	set->nr_reserve--;
	node->next_free = NULL;		/* all zeroes again */
	return node;
}

static void pid_reserve_put(struct trace_pid_list *set, union pid_node *node)
{
	lockdep_assert_held(&set->grow_lock);
	node->next_free = set->reserve;
	set->reserve = node;
	set->nr_reserve++;
}

/*
 * Attach the leaf for @pid (and its middle node if needed) from the
 * reserve.  Returns the leaf's bits, or NULL if the reserve is too short;
 * then nothing was attached.
 */
static unsigned long *pid_grow(struct trace_pid_list *set, unsigned int pid)
{
	union pid_node **root_slot = &set->root[pid_root_index(pid)];
	unsigned int m = pid_mid_index(pid);
	union pid_node *mid, *leaf = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&set->grow_lock, flags);

	/* Another CPU may have attached the same path meanwhile. */
	mid = *root_slot;
	if (mid)
		leaf = mid->slot[m];
	if (leaf)
		goto unlock;

	if (set->nr_reserve < (mid ? 1 : 2))
		goto refill;

	leaf = pid_reserve_take(set);
	if (mid) {
		/* B: the zeroed leaf becomes reachable. */
		smp_store_release(&mid->slot[m], leaf);
	} else {
		mid = pid_reserve_take(set);
		mid->slot[m] = leaf;	/* mid is not reachable yet */
		/* A: the middle node, with its leaf, becomes reachable. */
		smp_store_release(root_slot, mid);
	}
refill:
	if (set->nr_reserve <= PID_RESERVE_LOW)
		irq_work_queue(&set->refill);
unlock:
	raw_spin_unlock_irqrestore(&set->grow_lock, flags);
	return leaf ? leaf->bits : NULL;
}

/* Up to @n zeroed nodes, chained by next_free; NULL if none. */
static union pid_node *pid_alloc_chain(unsigned int n, gfp_t gfp)
{
	union pid_node *chain = NULL, *node;

	while (n--) {
		node = kzalloc(sizeof(*node), gfp);
		if (!node)
			break;
		node->next_free = chain;
		chain = node;
	}
	return chain;
}

static void pid_reserve_add(struct trace_pid_list *set, union pid_node *chain)
{
	union pid_node *node;
	unsigned long flags;

	raw_spin_lock_irqsave(&set->grow_lock, flags);
	while (chain) {
		node = chain;
		chain = node->next_free;
		pid_reserve_put(set, node);
	}
	raw_spin_unlock_irqrestore(&set->grow_lock, flags);
}

/*
 * irq_work: top the reserve up to about PID_RESERVE_FULL.  Allocates
 * outside the lock; two refills that overlap (queued again on another CPU
 * while running) may overshoot by a few nodes, which is harmless.
 */
static void pid_refill(struct irq_work *work)
{
	struct trace_pid_list *set = container_of(work, struct trace_pid_list,
						  refill);
	unsigned long flags;
	unsigned int want;

	raw_spin_lock_irqsave(&set->grow_lock, flags);
	want = PID_RESERVE_FULL - min(set->nr_reserve, PID_RESERVE_FULL);
	raw_spin_unlock_irqrestore(&set->grow_lock, flags);

	pid_reserve_add(set, pid_alloc_chain(want, GFP_NOWAIT | __GFP_NOWARN));
}

/**
 * trace_pid_list_alloc - create an empty pid set
 *
 * Context: process (sleeps).
 * Return: the set, or NULL if out of memory.  The reserve is filled here;
 * a set whose reserve could not be filled still works, but its first
 * growths may fail with -ENOMEM until the refill succeeds.
 */
struct trace_pid_list *trace_pid_list_alloc(void)
{
	struct trace_pid_list *set;

	BUILD_BUG_ON(sizeof(union pid_node) != PID_NODE_BYTES);
	BUILD_BUG_ON(PID_ROOT_SLOTS << PID_ROOT_SHIFT != TRACE_PID_LIMIT);
	BUILD_BUG_ON(TRACE_PID_LIMIT < PID_MAX_LIMIT);

	set = kzalloc(sizeof(*set), GFP_KERNEL);
	if (!set)
		return NULL;
	raw_spin_lock_init(&set->grow_lock);
	init_irq_work(&set->refill, pid_refill);
	pid_reserve_add(set, pid_alloc_chain(PID_RESERVE_FULL, GFP_KERNEL));
	return set;
}

/**
 * trace_pid_list_free - free a pid set and every node it holds
 * @pid_list: the set, or NULL (nothing happens)
 *
 * The caller must have made the set unreachable and waited for every
 * lockless reader (see the top of this file); nothing else may use it.
 *
 * Context: process (waits for a running refill).
 */
void trace_pid_list_free(struct trace_pid_list *pid_list)
{
	struct trace_pid_list *set = pid_list;
	union pid_node *mid, *node;
	unsigned int r, m;

	if (!set)
		return;

	irq_work_sync(&set->refill);

	for (r = 0; r < PID_ROOT_SLOTS; r++) {
		mid = set->root[r];
		if (!mid)
			continue;
		for (m = 0; m < PID_MID_SLOTS; m++)
			kfree(mid->slot[m]);
		kfree(mid);
	}
	while (set->reserve) {
		node = set->reserve;
		set->reserve = node->next_free;
		kfree(node);
	}
	kfree(set);
}

/**
 * trace_pid_list_is_set - is @pid in the set?
 * @pid_list: the set, or NULL (an empty set)
 * @pid: the pid
 *
 * Context: any, NMI included; takes no lock.
 * Return: true if @pid was added and not removed since.
 */
bool trace_pid_list_is_set(struct trace_pid_list *pid_list, unsigned int pid)
{
	unsigned long *leaf;

	if (!pid_list || pid >= TRACE_PID_LIMIT)
		return false;
	leaf = pid_leaf(pid_list, pid);
	return leaf && test_bit(pid_leaf_bit(pid), leaf);
}

/**
 * trace_pid_list_set - add @pid to the set
 * @pid_list: the set
 * @pid: the pid
 *
 * Context: any but NMI.  Never sleeps.
 * Return: 0 (also if @pid was in the set already); -ENODEV if @pid_list
 * is NULL; -EINVAL if @pid >= TRACE_PID_LIMIT; -ENOMEM if the set had to
 * grow and its reserve was empty (the set is unchanged; a later call may
 * succeed once the refill ran).
 */
int trace_pid_list_set(struct trace_pid_list *pid_list, unsigned int pid)
{
	unsigned long *leaf;

	if (!pid_list)
		return -ENODEV;
	if (pid >= TRACE_PID_LIMIT)
		return -EINVAL;

	leaf = pid_leaf(pid_list, pid);
	if (unlikely(!leaf)) {
		leaf = pid_grow(pid_list, pid);
		if (!leaf)
			return -ENOMEM;
	}
	set_bit(pid_leaf_bit(pid), leaf);
	return 0;
}

/**
 * trace_pid_list_clear - remove @pid from the set
 * @pid_list: the set
 * @pid: the pid
 *
 * The node that held @pid stays attached (see the top of this file).
 *
 * Context: any but NMI.  Never sleeps, takes no lock.
 * Return: 0 (also if @pid was not in the set); -ENODEV if @pid_list is
 * NULL; -EINVAL if @pid >= TRACE_PID_LIMIT.
 */
int trace_pid_list_clear(struct trace_pid_list *pid_list, unsigned int pid)
{
	unsigned long *leaf;

	if (!pid_list)
		return -ENODEV;
	if (pid >= TRACE_PID_LIMIT)
		return -EINVAL;

	leaf = pid_leaf(pid_list, pid);
	if (leaf)
		clear_bit(pid_leaf_bit(pid), leaf);
	return 0;
}

/**
 * trace_pid_list_next - the smallest pid in the set that is >= @pid
 * @pid_list: the set
 * @pid: where to start
 * @next: where to store the pid found
 *
 * Walks attached leaves only, so an empty region of the pid space costs
 * one load per middle node or root slot.  Pids set or cleared during the
 * walk may or may not be seen.
 *
 * Context: any, NMI included; takes no lock.
 * Return: 0 and *@next set if a pid was found; -ENOENT if none (callers
 * only test for a negative value or for zero);
 * -ENODEV if @pid_list is NULL; -EINVAL if @pid >= TRACE_PID_LIMIT.
 */
int trace_pid_list_next(struct trace_pid_list *pid_list, unsigned int pid,
			unsigned int *next)
{
	unsigned int r, m, bit;
	union pid_node *mid, *leaf;

	if (!pid_list)
		return -ENODEV;
	if (pid >= TRACE_PID_LIMIT)
		return -EINVAL;

	r = pid_root_index(pid);
	m = pid_mid_index(pid);
	bit = pid_leaf_bit(pid);
	for (; r < PID_ROOT_SLOTS; r++, m = 0, bit = 0) {
		/* Pairs with A in pid_grow(). */
		mid = READ_ONCE(pid_list->root[r]);
		if (!mid)
			continue;
		for (; m < PID_MID_SLOTS; m++, bit = 0) {
			/* Pairs with B in pid_grow(). */
			leaf = READ_ONCE(mid->slot[m]);
			if (!leaf)
				continue;
			bit = find_next_bit(leaf->bits, PID_LEAF_BITS, bit);
			if (bit < PID_LEAF_BITS) {
				*next = pid_make(r, m, bit);
				return 0;
			}
		}
	}
	return -ENOENT;
}

/**
 * trace_pid_list_first - the smallest pid in the set
 * @pid_list: the set
 * @pid: where to store it
 *
 * Context and return: as trace_pid_list_next() from pid 0.
 */
int trace_pid_list_first(struct trace_pid_list *pid_list, unsigned int *pid)
{
	return trace_pid_list_next(pid_list, 0, pid);
}
