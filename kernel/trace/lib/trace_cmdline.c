// SPDX-License-Identifier: GPL-2.0
/*
 * Who was that pid?  The comm and tgid caches behind the task column of
 * every trace line, and the listings of them that the files
 * saved_cmdlines, saved_cmdlines_size and saved_tgids show
 * (trace_cmdline_files.c makes the files).
 *
 * The functions are declared by trace_cmdline.h and <linux/trace_events.h>
 * (Documentation/trace/retrace/leaves.rst): the write path, the registry,
 * the reader and the tracers call them.
 *
 * Recording.  A record's header holds only a pid; the comm and tgid are
 * saved on the side.  Commit sets this CPU's trace_taskinfo_save
 * (trace_write.c) and the next sched_switch or wakeup on the CPU stores
 * the tasks involved, then clears the flag: one store per switch that
 * follows tracing activity, not one per event.  The sched probes are
 * registered while anyone wants comms (events with record-cmd, tracers)
 * or tgids (record-tgid), counted by two references.
 *
 * The comm cache itself (struct cmdcache, whose behaviour users see)
 * is trace_cmdcache.c's; this file keeps the global instance.
 *
 * The tgid map is an array indexed by pid up to the pid_max of the moment
 * it is allocated (first use of record-tgid); larger pids are not kept.
 *
 * Locks, outermost first: callers' printk_setup_lock (trace_printk.c),
 * event_mutex or trace_types_lock ->
 * recorder_mutex -> tracepoint registration.  cmdline_lock is a leaf, see
 * its definition.  Contexts: the probes run under the runqueue lock with
 * interrupts off; trace_find_cmdline() runs in process context and, from
 * ftrace_dump(), in interrupt or NMI context; the listings, the size
 * and the resize in process context.
 */
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/hardirq.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/pid.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/trace_events.h>
#include <trace/events/sched.h>

#include "trace_cmdline.h"

/*
 * Set by a writer that recorded an event on this CPU, cleared by the
 * sched probes once they saved the current task's name: names are
 * saved only for tasks that appear in a trace.  Per-CPU, no lock.
 */
DEFINE_PER_CPU(bool, trace_taskinfo_save);

/*
 * The global comm cache.  cmdline_lock protects the pointer @cmdlines and
 * the cache's contents.  It is an arch spinlock: lockdep and the lock
 * tracepoints do not see it, so taking it inside sched probes cannot
 * recurse into tracing.  Rules:
 *  - the sched probes only try it, with preemption off (they run with
 *    interrupts off under the runqueue lock); a miss leaves this CPU's
 *    trace_taskinfo_save set, so the next switch retries;
 *  - readers in task context take it with preemption off; readers in
 *    any other context (ftrace_dump() from sysrq, an oops or NMI) only
 *    try it and print "<...>" on a miss: the context they interrupted
 *    may hold it on this CPU;
 *  - a resize builds the new cache outside it, swaps the pointer under
 *    it, and frees the old cache after releasing it.
 * Nothing is taken while it is held.
 */
static arch_spinlock_t cmdline_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static struct cmdcache *cmdlines;

static bool cmdline_read_lock(void)
{
	preempt_disable_notrace();
	if (unlikely(!in_task())) {
		if (arch_spin_trylock(&cmdline_lock))
			return true;
		preempt_enable_notrace();
		return false;
	}
	arch_spin_lock(&cmdline_lock);
	return true;
}

static void cmdline_read_unlock(void)
{
	arch_spin_unlock(&cmdline_lock);
	preempt_enable_notrace();
}

int trace_create_savedcmd(void)
{
	cmdlines = cmdcache_alloc(CMDCACHE_DEFAULT_SLOTS);
	return cmdlines ? 0 : -ENOMEM;
}

void trace_free_saved_cmdlines_buffer(void)
{
	struct cmdcache *old;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	old = cmdlines;
	cmdlines = NULL;
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
	cmdcache_free(old);
}

/*
 * Store the comms of @a and, if not NULL, @b under one try of the lock.
 * Returns false if the lock was busy (nothing stored).
 */
static bool cmdline_save(struct task_struct *a, struct task_struct *b)
{
	bool done = false;

	if (!a->pid && (!b || !b->pid))
		return true;		/* idle has a fixed name */

	preempt_disable_notrace();
	if (arch_spin_trylock(&cmdline_lock)) {
		if (cmdlines) {
			if (a->pid)
				cmdcache_store(cmdlines, a->pid, a->comm);
			if (b && b->pid)
				cmdcache_store(cmdlines, b->pid, b->comm);
		}
		arch_spin_unlock(&cmdline_lock);
		done = true;
	}
	preempt_enable_notrace();
	return done;
}

/**
 * trace_find_cmdline - the comm to print for @pid
 * @pid: the pid of a record
 * @comm: where to write it (always NUL-terminated)
 *
 * Context: any; outside task context the answer may be "<...>" if the
 * cache is busy.
 */
void trace_find_cmdline(int pid, char comm[])
{
	if (cmdcache_special(pid, comm))
		return;
	if (!cmdline_read_lock()) {
		cmdcache_unknown(comm);
		return;
	}
	if (cmdlines)
		cmdcache_lookup(cmdlines, pid, comm);
	else
		cmdcache_unknown(comm);
	cmdline_read_unlock();
}

/*
 * The tgid map: tgid_map[pid] for 0 <= pid <= tgid_max, 0 when unknown.
 * Allocated once, under recorder_mutex, and never freed; tgid_max is
 * written before the map is published with smp_store_release(), which
 * pairs with the smp_load_acquire() in tgid_slot().  Entries are single
 * int stores and loads from any context.
 */
static int *tgid_map;
static unsigned int tgid_max;

static int *tgid_slot(int pid)
{
	int *map;

	/* Pairs with smp_store_release() in trace_alloc_tgid_map(). */
	map = smp_load_acquire(&tgid_map);
	if (!map || pid < 0 || pid > tgid_max)
		return NULL;
	return &map[pid];
}

int trace_find_tgid(int pid)
{
	int *slot = tgid_slot(pid);

	return slot ? READ_ONCE(*slot) : 0;
}

static bool tgid_save(struct task_struct *tsk)
{
	int *slot;

	if (!tsk->pid)
		return true;
	slot = tgid_slot(tsk->pid);
	if (!slot)
		return false;
	WRITE_ONCE(*slot, tsk->tgid);
	return true;
}

/*
 * Record what @flags asks for about @a and (if not NULL) @b, if a record
 * was committed on this CPU since the last time; clear the CPU's flag only
 * if everything was stored.
 */
static void taskinfo_record(struct task_struct *a, struct task_struct *b,
			    int flags)
{
	bool done = true;

	lockdep_assert_preemption_disabled();
	if (unlikely(!(flags & (TRACE_RECORD_CMDLINE | TRACE_RECORD_TGID))))
		return;
	if (!__this_cpu_read(trace_taskinfo_save))
		return;

	if (flags & TRACE_RECORD_CMDLINE)
		done = cmdline_save(a, b);
	if (flags & TRACE_RECORD_TGID) {
		done = tgid_save(a) && done;
		if (b)
			done = tgid_save(b) && done;
	}
	if (done)
		__this_cpu_write(trace_taskinfo_save, false);
}

/**
 * tracing_record_taskinfo - save @task's comm and/or tgid
 * @task: the task
 * @flags: TRACE_RECORD_CMDLINE, TRACE_RECORD_TGID or both
 *
 * Does nothing unless a record was committed on this CPU since the last
 * successful save.  Context: preemption off (the per-CPU flag).
 */
void tracing_record_taskinfo(struct task_struct *task, int flags)
{
	taskinfo_record(task, NULL, flags);
}

/**
 * tracing_record_taskinfo_sched_switch - save both tasks of a switch
 * @prev: the task leaving the CPU
 * @next: the task entering it
 * @flags: TRACE_RECORD_CMDLINE, TRACE_RECORD_TGID or both
 *
 * As tracing_record_taskinfo(), for two tasks under one lock attempt.
 */
void tracing_record_taskinfo_sched_switch(struct task_struct *prev,
					  struct task_struct *next, int flags)
{
	taskinfo_record(prev, next, flags);
}

void tracing_record_cmdline(struct task_struct *task)
{
	taskinfo_record(task, NULL, TRACE_RECORD_CMDLINE);
}

void tracing_record_tgid(struct task_struct *task)
{
	taskinfo_record(task, NULL, TRACE_RECORD_TGID);
}

/*
 * The recorders.  recorder_refs[] counts the users of each kind; both are
 * written under recorder_mutex and read by the probes with READ_ONCE().
 * The three sched probes are registered while the sum is above zero.
 * recorder_mutex also serialises the allocation of the tgid map.
 */
enum recorder_kind { RECORD_COMM, RECORD_TGID, NR_RECORDERS };

static DEFINE_MUTEX(recorder_mutex);
static unsigned int recorder_refs[NR_RECORDERS];
static bool recorder_probes_on;		/* under recorder_mutex */

static int recorder_flags(void)
{
	return (READ_ONCE(recorder_refs[RECORD_COMM]) ? TRACE_RECORD_CMDLINE : 0) |
	       (READ_ONCE(recorder_refs[RECORD_TGID]) ? TRACE_RECORD_TGID : 0);
}

static void recorder_probe_switch(void *data, bool preempt,
				  struct task_struct *prev,
				  struct task_struct *next,
				  unsigned int prev_state)
{
	int flags = recorder_flags();

	if (flags)
		taskinfo_record(prev, next, flags);
}

/* For sched_wakeup and sched_wakeup_new: the waker and the woken. */
static void recorder_probe_wakeup(void *data, struct task_struct *woken)
{
	int flags = recorder_flags();

	if (flags)
		taskinfo_record(current, woken, flags);
}

static int recorder_probes_add(void)
{
	int ret;

	ret = register_trace_sched_wakeup(recorder_probe_wakeup, NULL);
	if (ret)
		goto fail;
	ret = register_trace_sched_wakeup_new(recorder_probe_wakeup, NULL);
	if (ret)
		goto fail_wakeup;
	ret = register_trace_sched_switch(recorder_probe_switch, NULL);
	if (ret)
		goto fail_wakeup_new;
	return 0;

fail_wakeup_new:
	unregister_trace_sched_wakeup_new(recorder_probe_wakeup, NULL);
fail_wakeup:
	unregister_trace_sched_wakeup(recorder_probe_wakeup, NULL);
fail:
	pr_warn("tracing: cannot record task names (sched probes: %d)\n", ret);
	return ret;
}

static void recorder_probes_remove(void)
{
	unregister_trace_sched_switch(recorder_probe_switch, NULL);
	unregister_trace_sched_wakeup_new(recorder_probe_wakeup, NULL);
	unregister_trace_sched_wakeup(recorder_probe_wakeup, NULL);
}

/* What a change of the reference sum means for the probes. */
enum recorder_step { RECORDER_STAY, RECORDER_FIRST, RECORDER_LAST };

static void recorder_change(enum recorder_kind kind, bool get)
{
	unsigned int before, after;
	enum recorder_step step;

	mutex_lock(&recorder_mutex);
	before = recorder_refs[RECORD_COMM] + recorder_refs[RECORD_TGID];
	if (!get && WARN_ON_ONCE(!recorder_refs[kind]))
		goto out;
	WRITE_ONCE(recorder_refs[kind], recorder_refs[kind] + (get ? 1 : -1));
	after = get ? before + 1 : before - 1;

	step = RECORDER_STAY;
	if (!before && after)
		step = RECORDER_FIRST;
	else if (before && !after)
		step = RECORDER_LAST;

	switch (step) {
	case RECORDER_FIRST:	/* 0 -> 1: start recording */
		recorder_probes_on = !recorder_probes_add();
		break;
	case RECORDER_LAST:	/* 1 -> 0: stop, if we ever started */
		if (recorder_probes_on)
			recorder_probes_remove();
		recorder_probes_on = false;
		break;
	case RECORDER_STAY:	/* N -> N +/- 1, N > 0 */
		break;
	}
out:
	mutex_unlock(&recorder_mutex);
}

void tracing_start_cmdline_record(void)
{
	recorder_change(RECORD_COMM, true);
}

void tracing_stop_cmdline_record(void)
{
	recorder_change(RECORD_COMM, false);
}

void tracing_start_tgid_record(void)
{
	recorder_change(RECORD_TGID, true);
}

void tracing_stop_tgid_record(void)
{
	recorder_change(RECORD_TGID, false);
}

/**
 * trace_alloc_tgid_map - allocate the tgid map, if not done yet
 *
 * Sized by the current pid_max.  Context: process (sleeps).
 * Return: 0, or -ENOMEM.
 */
int trace_alloc_tgid_map(void)
{
	unsigned int max;
	int *map;
	int ret = 0;

	mutex_lock(&recorder_mutex);
	if (tgid_map)
		goto out;
	max = READ_ONCE(pid_max);
	map = kvcalloc(max + 1, sizeof(*map), GFP_KERNEL);
	if (!map) {
		ret = -ENOMEM;
		goto out;
	}
	tgid_max = max;
	/* Pairs with smp_load_acquire() in tgid_slot(). */
	smp_store_release(&tgid_map, map);
out:
	mutex_unlock(&recorder_mutex);
	return ret;
}

/*
 * The listings of saved_cmdlines and saved_tgids (trace_cmdline_files.c
 * makes the files).
 *
 * trace_saved_cmdlines_seq: "pid comm" for every used slot, in slot
 * order.  The seq_file position is the slot to resume from;
 * cmdline_lock is held from start to stop, so the cache cannot be
 * swapped in between.
 */
static void *saved_cmdlines_at(loff_t pos)
{
	int slot;

	if (!cmdlines || pos >= cmdcache_slots(cmdlines))
		return NULL;
	slot = cmdcache_next_used(cmdlines, pos);
	/* The element is the slot number plus one (never NULL). */
	return slot < 0 ? NULL : (void *)(unsigned long)(slot + 1);
}

static void *saved_cmdlines_start(struct seq_file *m, loff_t *pos)
{
	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	return saved_cmdlines_at(*pos);
}

static void *saved_cmdlines_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = (unsigned long)v;	/* the slot after v's */
	return saved_cmdlines_at(*pos);
}

static void saved_cmdlines_stop(struct seq_file *m, void *v)
{
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
}

static int saved_cmdlines_show(struct seq_file *m, void *v)
{
	int pid = cmdcache_slot_pid(cmdlines, (unsigned long)v - 1);
	char comm[TASK_COMM_LEN];

	cmdcache_lookup(cmdlines, pid, comm);
	seq_printf(m, "%d %s\n", pid, comm);
	return 0;
}

const struct seq_operations trace_saved_cmdlines_seq = {
	.start	= saved_cmdlines_start,
	.next	= saved_cmdlines_next,
	.stop	= saved_cmdlines_stop,
	.show	= saved_cmdlines_show,
};

/**
 * trace_cmdlines_size - the number of slots of the global comm cache
 *
 * Context: task (takes cmdline_lock with preemption off).
 * Return: the slot count, 0 if there is no cache.
 */
unsigned int trace_cmdlines_size(void)
{
	unsigned int n = 0;

	if (cmdline_read_lock()) {	/* never fails in task context */
		if (cmdlines)
			n = cmdcache_slots(cmdlines);
		cmdline_read_unlock();
	}
	return n;
}

/**
 * trace_cmdlines_resize - replace the global comm cache by an empty one
 * @want: the number of slots asked for (the cache may round it up)
 *
 * Context: task (allocates).
 * Return: 0; -EINVAL for 0 or more than PID_MAX_DEFAULT slots; -ENOMEM.
 */
int trace_cmdlines_resize(unsigned long want)
{
	struct cmdcache *new, *old;

	if (!want || want > PID_MAX_DEFAULT)
		return -EINVAL;

	new = cmdcache_alloc(want);
	if (!new)
		return -ENOMEM;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	old = cmdlines;
	cmdlines = new;
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
	cmdcache_free(old);
	return 0;
}

/*
 * trace_saved_tgids_seq: "pid tgid" for every pid with a known tgid,
 * ascending.  The seq_file position is the pid to resume from.
 */
static void *saved_tgids_at(loff_t pos)
{
	int *map = smp_load_acquire(&tgid_map);	/* pairs as in tgid_slot() */

	for (; map && pos <= tgid_max; pos++)
		if (READ_ONCE(map[pos]))
			return &map[pos];
	return NULL;
}

static void *saved_tgids_start(struct seq_file *m, loff_t *pos)
{
	return saved_tgids_at(*pos);
}

static void *saved_tgids_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = (int *)v - tgid_map + 1;
	return saved_tgids_at(*pos);
}

static void saved_tgids_stop(struct seq_file *m, void *v)
{
}

static int saved_tgids_show(struct seq_file *m, void *v)
{
	int pid = (int *)v - tgid_map;

	seq_printf(m, "%d %d\n", pid, READ_ONCE(*(int *)v));
	return 0;
}

const struct seq_operations trace_saved_tgids_seq = {
	.start	= saved_tgids_start,
	.next	= saved_tgids_next,
	.stop	= saved_tgids_stop,
	.show	= saved_tgids_show,
};
