// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot buffer of an instance: allocation, the swap with the live
 * buffer, conditional snapshots, the exclusion between snapshots and a
 * user-space mapping of the live buffer, and the change notification
 * of tracing_max_latency that every swap raises.  The "snapshot" files
 * are trace_snapshot_files.c; the latency tracers' tracing_max_latency
 * file is trace_maxlat.c.
 *
 * Every instance carries a second buffer, tr->max_buffer, kept at one
 * page per CPU until a snapshot is wanted ("allocated": then it has the
 * live buffer's size and sub-buffer order).  Taking a snapshot exchanges
 * the two trace_buffer pointers: the records so far become the snapshot
 * and recording continues in what was the snapshot.  Nothing is copied.
 *
 * Users of the snapshot are counted in tr->snapshot ("armed"): the
 * snapshot trigger of an event, a conditional snapshot, a write of 1 to
 * a snapshot file while it swaps.  A user-space mapping of the live
 * buffer (tr->mapped) and an armed snapshot exclude each other: a swap
 * would pull the mapped pages away from under the mapping.  Arming is
 * refused while mapped (here); mapping is refused while armed by the
 * mmap side (the reader's trace_raw_files.c), which also
 * waits for a grace period on the first mapping so that no swap that
 * missed tr->mapped is still running.
 *
 * Locks, outermost first:
 *
 *   trace_types_lock       allocation and freeing, arming, a tracer that
 *                          owns the max buffer (use_max_tr), the snapshot
 *                          file's writes.
 *   tr->snapshot_trigger_lock (spinlock)
 *                          tr->snapshot and tr->mapped.  A leaf; taken
 *                          under mmap_lock by the mapping side, which is
 *                          why it is not trace_types_lock.
 *   tr->max_lock (arch spinlock, interrupts off)
 *                          the swap itself (the two buffer pointers and
 *                          the per-CPU max data) and tr->cond_snapshot.
 *                          A leaf: only the conditional update callback
 *                          runs under it.
 *
 * Contexts: a swap runs with interrupts off in any context but NMI (a
 * snapshot asked for in NMI leaves two lines in the trace instead), so
 * event triggers may take one from a tracepoint.  It never allocates:
 * the buffer must be allocated (armed) beforehand.  Allocation, freeing
 * and the files run in process context and may sleep.
 *
 * A writer that loaded the live buffer pointer just before a swap
 * commits its record into what is now the snapshot; the ring buffer
 * keeps each buffer consistent on its own, so this is only a record on
 * the other side of the cut.
 *
 * Concurrency of the entry points (Y: may run concurrently with each
 * other without a further lock; N: serialised by the lock named):
 *
 *                         swap    cond_en/dis   alloc/free   arm/disarm
 *   swap (update_max_tr)  N max   N max         N (1)        Y
 *   cond enable/disable           N types+max   N types      N types (2)
 *   alloc/free                                  N types      N types
 *   arm/disarm                                               N trigger
 *
 *   (1) callers of a swap arm first or own the buffer (trace_types_lock);
 *       "echo 0 > snapshot" frees it even while armed: a
 *       later swap then finds no buffer and stops the instance.
 *   (2) disarm alone needs only snapshot_trigger_lock (a trigger being
 *       removed); arming also allocates, under trace_types_lock.
 */
#include <linux/cred.h>
#include <linux/fsnotify.h>
#include <linux/irq_work.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace.h>
#include <linux/trace_events.h>
#include <linux/workqueue.h>

#include "messages/trace_printk.h"
#include "trace_array.h"
#include "tracers/trace_tracer.h"

#ifdef CONFIG_TRACER_MAX_TRACE

/* --- telling watchers of tracing_max_latency ----------------------------- */

#ifdef LATENCY_FS_NOTIFY
/*
 * Every swap, and every new maximum of a latency tracer, tells inotify
 * watchers of tracing_max_latency (trace_maxlat.c) that it changed.  A
 * swap may run in the scheduler or the idle loop, where queueing work
 * could deadlock on a runqueue lock, so an irq_work queues the work that
 * notifies.  Both are set up (latency_fsnotify_init()) before the file's
 * dentry is published (release/acquire on tr->d_max_latency); a swap
 * before that notifies nobody.
 */
static void latency_notify_work(struct work_struct *work)
{
	struct trace_array *tr;

	tr = container_of(work, struct trace_array, fsnotify_work);
	fsnotify_inode(d_inode(tr->d_max_latency), FS_MODIFY);
}

static void latency_notify_irq_work(struct irq_work *iwork)
{
	struct trace_array *tr;

	tr = container_of(iwork, struct trace_array, fsnotify_irqwork);
	queue_work(system_unbound_wq, &tr->fsnotify_work);
}

void latency_fsnotify_init(struct trace_array *tr)
{
	INIT_WORK(&tr->fsnotify_work, latency_notify_work);
	init_irq_work(&tr->fsnotify_irqwork, latency_notify_irq_work);
}

void latency_fsnotify(struct trace_array *tr)
{
	/* Pairs with the release in trace_create_maxlat_file(). */
	if (smp_load_acquire(&tr->d_max_latency))
		irq_work_queue(&tr->fsnotify_irqwork);
}
#endif /* LATENCY_FS_NOTIFY */

/* --- the swap ------------------------------------------------------------ */

/*
 * Note who caused the swap in the snapshot's per-CPU data of @cpu: the
 * latency header of "snapshot" (latency-format option) prints it.
 * Called with tr->max_lock held, after the pointers were exchanged.
 */
static void snapshot_note_task(struct trace_array *tr, struct task_struct *tsk,
			       int cpu)
{
	struct trace_array_cpu *live = per_cpu_ptr(tr->array_buffer.data, cpu);
	struct trace_array_cpu *snap = per_cpu_ptr(tr->max_buffer.data, cpu);

	tr->max_buffer.cpu = cpu;
	tr->max_buffer.time_start = live->preempt_timestamp;

	snap->saved_latency = tr->max_latency;
	snap->critical_start = live->critical_start;
	snap->critical_end = live->critical_end;
	memcpy(snap->comm, tsk->comm, TASK_COMM_LEN);
	snap->pid = tsk->pid;
	/* task_uid() needs RCU, which an irqsoff tracer may be outside of. */
	snap->uid = tsk == current ? current_uid() : task_uid(tsk);
	snap->nice = task_nice(tsk);
	snap->policy = tsk->policy;
	snap->rt_priority = tsk->rt_priority;

	tracing_record_cmdline(tsk);
	latency_fsnotify(tr);
}

/*
 * May a swap go ahead?  Not while tracing is stopped (tracing_stop()),
 * and not without a snapshot buffer: only a tracer that owns the max
 * buffer and is being torn down may get here without one, and it is no
 * longer current then (a tracer switch makes nop current before it
 * frees the snapshot).  The current tracer owning the max buffer while
 * it is not allocated is a bug.
 */
static bool snapshot_swap_allowed(struct trace_array *tr)
{
	lockdep_assert_irqs_disabled();

	if (tr->stop_count)
		return false;
	if (!tr->allocated_snapshot) {
		WARN_ON_ONCE(tr->current_trace->use_max_tr);
		return false;
	}
	return true;
}

/* Does the armed condition, if any, let this swap happen?  max_lock held. */
static bool snapshot_cond_agrees(struct trace_array *tr, void *cond_data)
{
#ifdef CONFIG_TRACER_SNAPSHOT
	struct cond_snapshot *cond = tr->cond_snapshot;

	if (cond)
		return cond->update(tr, cond_data);
#endif
	return true;
}

/*
 * The exchange itself, max_lock held.  The snapshot first takes over the
 * live buffer's recording state, so that a swap never turns recording
 * on or off; the condition is asked after that.
 */
static bool snapshot_swap_locked(struct trace_array *tr, void *cond_data)
{
	struct trace_buffer *live = tr->array_buffer.buffer;
	struct trace_buffer *snap = tr->max_buffer.buffer;

	if (ring_buffer_record_is_set_on(live))
		ring_buffer_record_on(snap);
	else
		ring_buffer_record_off(snap);

	if (!snapshot_cond_agrees(tr, cond_data))
		return false;

	tr->max_buffer.buffer = live;
	tr->array_buffer.buffer = snap;
	return true;
}

/**
 * update_max_tr - swap the live and snapshot buffers of an instance
 * @tr: the instance
 * @tsk: the task the snapshot is taken for (recorded in the max data)
 * @cpu: the CPU that asked
 * @cond_data: handed to the conditional-snapshot callback, if armed
 *
 * Interrupts must be off.  With a conditional snapshot armed, the swap
 * happens only if its update() callback, called under tr->max_lock,
 * returns true.  The snapshot keeps the recording on/off state of the
 * live buffer, so that a swap never turns tracing on or off.
 */
void update_max_tr(struct trace_array *tr, struct task_struct *tsk, int cpu,
		   void *cond_data)
{
	bool swapped;

	if (!snapshot_swap_allowed(tr))
		return;

	arch_spin_lock(&tr->max_lock);
	swapped = snapshot_swap_locked(tr, cond_data);
	if (swapped)
		snapshot_note_task(tr, tsk, cpu);
	arch_spin_unlock(&tr->max_lock);

	/* Readers blocked on the buffer that just became the snapshot. */
	if (swapped)
		ring_buffer_wake_waiters(tr->array_buffer.buffer,
					 RING_BUFFER_ALL_CPUS);
}

/**
 * update_max_tr_single - swap one CPU's part of the live and snapshot buffers
 * @tr: the instance
 * @tsk: the task the snapshot is taken for
 * @cpu: the CPU whose part is exchanged (the caller runs on it)
 *
 * Interrupts must be off.  Needs CONFIG_RING_BUFFER_ALLOW_SWAP; without
 * it, or while a commit or a resize is in flight on @cpu, the ring
 * buffer refuses, and for the latter a line in the snapshot says so.
 */
void update_max_tr_single(struct trace_array *tr, struct task_struct *tsk,
			  int cpu)
{
	int ret;

	if (!snapshot_swap_allowed(tr))
		return;

	arch_spin_lock(&tr->max_lock);

	ret = ring_buffer_swap_cpu(tr->max_buffer.buffer,
				   tr->array_buffer.buffer, cpu);
	if (ret == -EBUSY)
		trace_array_printk_buf(tr->max_buffer.buffer, _THIS_IP_,
				       "Failed to swap buffers due to commit or resize in progress\n");
	/* -EAGAIN: recording is off on one side; anything else is a bug. */
	WARN_ON_ONCE(ret && ret != -EAGAIN && ret != -EBUSY);

	snapshot_note_task(tr, tsk, cpu);
	arch_spin_unlock(&tr->max_lock);
}

#endif /* CONFIG_TRACER_MAX_TRACE */

#ifdef CONFIG_TRACER_SNAPSHOT

/* --- allocation and arming ----------------------------------------------- */

/*
 * Give the snapshot the live buffer's sub-buffer order and per-CPU
 * sizes, unless it already has them.  Callers hold trace_types_lock
 * (or run before anyone else can: boot, a private test instance).
 */
int tracing_alloc_snapshot_instance(struct trace_array *tr)
{
	int order, ret;

	if (tr->allocated_snapshot)
		return 0;

	order = ring_buffer_subbuf_order_get(tr->array_buffer.buffer);
	ret = ring_buffer_subbuf_order_set(tr->max_buffer.buffer, order);
	if (ret < 0)
		return ret;
	ret = resize_buffer_duplicate_size(&tr->max_buffer, &tr->array_buffer,
					   RING_BUFFER_ALL_CPUS);
	if (ret < 0)
		return ret;

	tr->allocated_snapshot = true;
	return 0;
}

/*
 * Shrink the snapshot back to one page per CPU and empty it.  The
 * buffer object itself stays: it carries the clock and other settings
 * that must survive until the next allocation.  trace_types_lock held.
 */
void free_snapshot(struct trace_array *tr)
{
	ring_buffer_subbuf_order_set(tr->max_buffer.buffer, 0);
	ring_buffer_resize(tr->max_buffer.buffer, 1, RING_BUFFER_ALL_CPUS);
	set_buffer_entries(&tr->max_buffer, 1);
	tracing_reset_online_cpus(&tr->max_buffer);
	tr->allocated_snapshot = false;
}

/* One more user of the snapshot: allocate it if needed.  trace_types_lock held. */
int tracing_arm_snapshot_locked(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);

	spin_lock(&tr->snapshot_trigger_lock);
	if (tr->mapped || tr->snapshot == UINT_MAX) {
		spin_unlock(&tr->snapshot_trigger_lock);
		return -EBUSY;
	}
	tr->snapshot++;
	spin_unlock(&tr->snapshot_trigger_lock);

	/*
	 * Counted before allocating, so that a mapping cannot start while
	 * the allocation runs.  Undone if it fails.
	 */
	ret = tracing_alloc_snapshot_instance(tr);
	if (ret)
		tracing_disarm_snapshot(tr);
	return ret;
}

int tracing_arm_snapshot(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	return tracing_arm_snapshot_locked(tr);
}

/* One user fewer.  The buffer stays allocated until "echo 0 > snapshot". */
void tracing_disarm_snapshot(struct trace_array *tr)
{
	spin_lock(&tr->snapshot_trigger_lock);
	if (!WARN_ON(!tr->snapshot))
		tr->snapshot--;
	spin_unlock(&tr->snapshot_trigger_lock);
}

/* --- taking a snapshot ---------------------------------------------------- */

/*
 * Why a snapshot cannot be taken now, and the two lines a refusal
 * leaves in the instance's trace (people grep for the wording).
 */
enum snapshot_refusal {
	SNAPSHOT_GO,
	SNAPSHOT_IN_NMI,	/* max_lock is not NMI-safe */
	SNAPSHOT_UNALLOCATED,	/* also stops recording, keeping the trace */
	SNAPSHOT_LATENCY_TRACER,
	SNAPSHOT_MAPPED,
};

static const char *const snapshot_refusal_text[][2] = {
	[SNAPSHOT_IN_NMI] = { "*** SNAPSHOT CALLED FROM NMI CONTEXT ***\n",
			      "*** snapshot is being ignored        ***\n" },
	[SNAPSHOT_UNALLOCATED] = { "*** SNAPSHOT NOT ALLOCATED ***\n",
				   "*** stopping trace here!   ***\n" },
	[SNAPSHOT_LATENCY_TRACER] = { "*** LATENCY TRACER ACTIVE ***\n",
				      "*** Can not use snapshot (sorry) ***\n" },
	[SNAPSHOT_MAPPED] = { "*** BUFFER MEMORY MAPPED ***\n",
			      "*** Can not use snapshot (sorry) ***\n" },
};

static enum snapshot_refusal snapshot_refusal(struct trace_array *tr)
{
	if (in_nmi())
		return SNAPSHOT_IN_NMI;
	if (!tr->allocated_snapshot)
		return SNAPSHOT_UNALLOCATED;
	if (tr->current_trace->use_max_tr)
		return SNAPSHOT_LATENCY_TRACER;
	if (READ_ONCE(tr->mapped))
		return SNAPSHOT_MAPPED;
	return SNAPSHOT_GO;
}

/*
 * Out of line and under this name: the refusal lines carry its address,
 * so "trace" shows them as written by tracing_snapshot_instance_cond().
 */
static noinline void tracing_snapshot_instance_cond(struct trace_array *tr,
						    void *cond_data)
{
	enum snapshot_refusal why = snapshot_refusal(tr);
	const char *const *text = snapshot_refusal_text[why];

	if (why == SNAPSHOT_GO) {
		guard(irqsave)();
		update_max_tr(tr, current, smp_processor_id(), cond_data);
		return;
	}

	__trace_array_puts(tr, _THIS_IP_, text[0], strlen(text[0]));
	__trace_array_puts(tr, _THIS_IP_, text[1], strlen(text[1]));
	if (why == SNAPSHOT_UNALLOCATED)
		tracer_tracing_off(tr);
}

/**
 * tracing_snapshot - take a snapshot of the global instance
 *
 * Swaps the live and snapshot buffers of the top-level instance: what
 * was recorded so far can be read in "snapshot" while recording goes
 * on.  The snapshot must have been allocated (tracing_alloc_snapshot(),
 * tracing_snapshot_alloc() or "echo 1 > snapshot"); if it was not,
 * tracing is turned off instead, which keeps the trace up to this point.
 * Any context; from NMI only a note is written.
 */
void tracing_snapshot(void)
{
	tracing_snapshot_instance_cond(&global_trace, NULL);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/* The same for any instance (snapshot triggers, the boot snapshot). */
void tracing_snapshot_instance(struct trace_array *tr)
{
	tracing_snapshot_instance_cond(tr, NULL);
}

/**
 * tracing_snapshot_cond - take a snapshot if the armed condition agrees
 * @tr: the instance
 * @cond_data: passed to the update() callback given to
 *	tracing_snapshot_cond_enable()
 *
 * As tracing_snapshot() for @tr, except that with a conditional snapshot
 * armed the swap happens only when its update() callback returns true.
 * The callback runs under tr->max_lock with interrupts off.
 */
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data)
{
	tracing_snapshot_instance_cond(tr, cond_data);
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond);

/**
 * tracing_cond_snapshot_data - the data of an instance's conditional snapshot
 * @tr: the instance
 *
 * Return: the cond_data given to tracing_snapshot_cond_enable(), or NULL
 * when no conditional snapshot is armed.  Takes tr->max_lock, so it
 * must not be called from the update() callback.
 */
void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	struct cond_snapshot *cond;
	void *data;

	trace_max_lock_irq(tr);
	cond = tr->cond_snapshot;
	data = cond ? cond->cond_data : NULL;
	trace_max_unlock_irq(tr);
	return data;
}
EXPORT_SYMBOL_GPL(tracing_cond_snapshot_data);

/**
 * tracing_alloc_snapshot - allocate the global instance's snapshot
 *
 * Only allocates (no swap), so that code which cannot sleep can later
 * call tracing_snapshot().  May sleep.
 *
 * Return: 0, or the negative errno of the allocation (and a warning).
 */
int tracing_alloc_snapshot(void)
{
	int ret;

	ret = tracing_alloc_snapshot_instance(&global_trace);
	WARN_ON(ret < 0);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

/**
 * tracing_snapshot_alloc - allocate the global snapshot if needed, then take it
 *
 * tracing_alloc_snapshot() followed by tracing_snapshot(); nothing is
 * swapped if the allocation failed.  May sleep.
 */
void tracing_snapshot_alloc(void)
{
	if (tracing_alloc_snapshot() < 0)
		return;
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/**
 * tracing_snapshot_cond_enable - arm a conditional snapshot on an instance
 * @tr: the instance
 * @cond_data: kept with the condition; tracing_cond_snapshot_data()
 *	returns it
 * @update: called under tr->max_lock, interrupts off, at every snapshot
 *	of @tr; the swap happens only if it returns true
 *
 * Arms the snapshot (allocating it) for as long as the condition stays.
 * May sleep.
 *
 * Return: 0; -ENOMEM; -EBUSY if @tr already has a condition, its tracer
 * owns the max buffer, or its buffer is mapped by user space; or the
 * errno of the allocation.
 */
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update)
{
	struct cond_snapshot *cond;
	int ret;

	cond = kzalloc(sizeof(*cond), GFP_KERNEL);
	if (!cond)
		return -ENOMEM;
	cond->cond_data = cond_data;
	cond->update = update;

	mutex_lock(&trace_types_lock);
	/*
	 * Only this function sets tr->cond_snapshot, under
	 * trace_types_lock, so reading it here without max_lock is exact
	 * enough: at worst it is being cleared.
	 */
	if (tr->current_trace->use_max_tr || tr->cond_snapshot)
		ret = -EBUSY;
	else
		ret = tracing_arm_snapshot_locked(tr);
	if (!ret) {
		trace_max_lock_irq(tr);
		tr->cond_snapshot = cond;
		trace_max_unlock_irq(tr);
		cond = NULL;
	}
	mutex_unlock(&trace_types_lock);

	kfree(cond);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_enable);

/**
 * tracing_snapshot_cond_disable - disarm an instance's conditional snapshot
 * @tr: the instance
 *
 * Return: 0, or -EINVAL when none was armed.
 */
int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	struct cond_snapshot *cond;

	trace_max_lock_irq(tr);
	cond = tr->cond_snapshot;
	tr->cond_snapshot = NULL;
	trace_max_unlock_irq(tr);

	if (!cond)
		return -EINVAL;
	/* No swap can see it now: swaps read it under max_lock. */
	kfree(cond);
	tracing_disarm_snapshot(tr);
	return 0;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_disable);

#else /* !CONFIG_TRACER_SNAPSHOT */

/*
 * Without snapshots the exported API stays, so that modules still link;
 * taking or allocating a snapshot is then a bug in the caller, and says
 * so once.
 */
static void snapshot_not_built(void)
{
	WARN_ONCE(1, "tracing: snapshot API used, but CONFIG_TRACER_SNAPSHOT is off\n");
}

void tracing_snapshot(void)
{
	snapshot_not_built();
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

void tracing_snapshot_alloc(void)
{
	snapshot_not_built();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

void tracing_snapshot_cond(struct trace_array *tr, void *cond_data)
{
	snapshot_not_built();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond);

int tracing_alloc_snapshot(void)
{
	snapshot_not_built();
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	return NULL;
}
EXPORT_SYMBOL_GPL(tracing_cond_snapshot_data);

int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_enable);

/* Nothing to disable: always 0. */
int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	return 0;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_disable);

#endif /* CONFIG_TRACER_SNAPSHOT */
