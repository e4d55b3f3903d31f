/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The instance: struct trace_array, its buffers, and what the rest of
 * kernel/trace calls on instances and buffers (instances-buffers.rst).
 *
 * An instance is the top tracefs directory (the global instance, always
 * there, TRACE_ARRAY_FL_GLOBAL) or one of instances/NAME.  It owns a
 * live ring buffer (array_buffer), with the snapshot buffer
 * (max_buffer) beside it when snapshots are built, its event files,
 * its option word, its current tracer and its tracefs directories.
 *
 * Locks, outermost first:
 *
 *   event_mutex          registry state of the instance (events,
 *                        systems, pid sets, event_dir)
 *     trace_types_lock   the instance list and everything else that
 *                        is configured: tracer, options, clock, sizes,
 *                        cpumasks, refs, snapshot allocation
 *       max_lock         (arch spinlock, irqs off) the swap of the live
 *                        and snapshot buffers and cond_snapshot
 *       start_lock       (raw spinlock) stop_count and the on/off it
 *                        drives
 *
 * Each group of struct trace_array below names its lock.  Producers
 * (any context, NMI included) read the hot group without a lock and
 * must cope with a value that changes under them: a record written
 * just before a swap lands in what becomes the snapshot, a record
 * written while an option flips is written under the old option.
 *
 * Lifetime: an instance is on ftrace_trace_arrays from creation until
 * removal, both under trace_types_lock.  @ref counts the kernel users
 * and open files (trace_array_get()/trace_array_put()); @trace_ref the
 * open readers and mappers of its buffers.  Removal refuses (-EBUSY)
 * while either is held by anyone but the instance itself.
 */
#ifndef _KERNEL_TRACE_ARRAY_H
#define _KERNEL_TRACE_ARRAY_H

#include <linux/cpumask.h>
#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "trace_flags.h"

struct cond_snapshot;
struct dentry;
struct eventfs_inode;
struct file;
struct trace_array;
struct trace_event_file;
struct trace_iterator;
struct trace_options;
struct ftrace_ops;
struct fgraph_ops;
struct trace_func_instance;
struct trace_pid_list;
struct tracer;

/*
 * Per-CPU state of one buffer of an instance.  @disabled is the
 * per-CPU recording switch (tracing_cpumask, tracers), atomic because
 * producers test it.  @ignore_pid is the event pid filter's verdict
 * for the task running on this CPU, written by the sched probes of
 * that CPU only.  @entries and @skipped_entries are the reader's
 * counts at open.  The rest describes the latency trace a tracer
 * saved in the snapshot buffer (written under max_lock at the swap;
 * the trace header prints it).
 */
struct trace_array_cpu {
	atomic_t		disabled;
	bool			ignore_pid;

	unsigned long		entries;
	unsigned long		skipped_entries;

	unsigned long		saved_latency;
	unsigned long		critical_start;
	unsigned long		critical_end;
	u64			preempt_timestamp;
	pid_t			pid;
	kuid_t			uid;
	unsigned long		nice;
	unsigned long		policy;
	unsigned long		rt_priority;
	char			comm[TASK_COMM_LEN];
};

/*
 * One ring buffer of an instance (the live one or the snapshot), with
 * its per-CPU state.  The snapshot swap exchanges @buffer between the
 * live and snapshot array_buffer (max_lock); @time_start is when it
 * was last reset (ftrace_now()), @cpu the CPU a single-CPU swap used.
 */
struct array_buffer {
	struct trace_buffer		*buffer;
	struct trace_array		*tr;
	struct trace_array_cpu __percpu	*data;
	u64				time_start;
	int				cpu;
};

/*
 * A conditional snapshot (tracing_snapshot_cond_enable()): when a
 * snapshot is asked for with some data, @update(tr, data) decides,
 * under max_lock (irqs off, so it must not sleep), whether the swap
 * happens; it may keep what it needs in @cond_data, which
 * tracing_cond_snapshot_data() returns.  At most one per instance.
 */
typedef bool (*cond_update_fn_t)(struct trace_array *tr, void *cond_data);

struct cond_snapshot {
	cond_update_fn_t	update;
	void			*cond_data;
};

/* trace_array.flags */
enum {
	TRACE_ARRAY_FL_GLOBAL	= BIT(0),	/* the top directory */
	TRACE_ARRAY_FL_BOOT	= BIT(1),	/* trace_instance= at boot */
};

struct trace_array {
	/* Hot: read by producers in any context. */
	struct array_buffer	array_buffer;
	unsigned int		trace_flags;	/* TRACE_ITER_*, trace_types_lock */
	struct trace_event_file	*trace_marker_file;
	int			buffer_disabled;	/* tracing_on == 0 */
	int			no_filter_buffering_ref;

#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * The snapshot: allocation under trace_types_lock, the swap
	 * under max_lock.  @snapshot counts the users that keep it armed
	 * (snapshot_trigger_lock).  The fsnotify work tells watchers of
	 * tracing_max_latency that it changed, from the swap's context.
	 */
	unsigned long		max_latency;
	struct dentry		*d_max_latency;
	struct array_buffer	max_buffer;
	spinlock_t		snapshot_trigger_lock;	/* @snapshot, @mapped */
	unsigned int		snapshot;
	bool			allocated_snapshot;
#ifdef CONFIG_FSNOTIFY
	struct work_struct	fsnotify_work;
	struct irq_work		fsnotify_irqwork;
#endif
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	struct cond_snapshot	*cond_snapshot;	/* max_lock */
#endif
	/* Orders snapshot swaps; arch lock, so lockdep stays off the path. */
	arch_spinlock_t		max_lock;

	/*
	 * A buffer mapped by user space (mmap of trace_pipe_raw) cannot
	 * be swapped: @mapped counts the mappings (snapshot_trigger_lock).
	 * A buffer at a fixed memory range (reserve_mem) keeps the range
	 * and, once it holds a previous boot's records, the offsets of
	 * that boot's text and data.
	 */
	unsigned int		mapped;
	unsigned long		range_addr_start;
	unsigned long		range_addr_size;
	long			text_delta;
	long			data_delta;

	/* Configuration: trace_types_lock. */
	struct tracer		*current_trace;
	int			clock_id;
	int			buffer_percent;
	bool			ring_buffer_expanded;	/* past its boot size */
	bool			clear_trace;
	cpumask_var_t		tracing_cpumask;
	cpumask_var_t		pipe_cpumask;	/* CPUs with a trace_pipe open */
	struct trace_options	*topts;
	int			nr_topts;
	raw_spinlock_t		start_lock;
	int			stop_count;	/* start_lock */

	/* Registry: event_mutex. */
	struct list_head	events;
	struct list_head	systems;
	struct trace_pid_list	__rcu *filtered_pids;
	struct trace_pid_list	__rcu *filtered_no_pids;
	const char		*system_names;	/* systems it may have, or all */
	struct eventfs_inode	*event_dir;
	struct list_head	hist_vars;

#ifdef CONFIG_FUNCTION_TRACER
	/*
	 * Function tracing (function/trace_function.h), set up with the
	 * instance: its state, and its ftrace_ops (whose trampoline a
	 * stack record marks).
	 */
	struct trace_func_instance *func;
	struct ftrace_ops	*ops;
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * The function_graph tracer's graph user of the instance
	 * (graph/trace_graph.h), made with it and freed with it.
	 */
	struct fgraph_ops	*gops;
#endif

	/* Life and tracefs: trace_types_lock. */
	struct list_head	list;		/* ftrace_trace_arrays */
	char			*name;
	unsigned int		flags;		/* TRACE_ARRAY_FL_* */
	int			ref;
	int			trace_ref;
	struct dentry		*dir;
	struct dentry		*options;
	struct dentry		*percpu_dir;
	struct list_head	err_log;	/* tracing_err_log_lock */
	unsigned int		n_err_log_entries;
};

/*
 * tr->max_lock from process context: it is an arch spinlock (no
 * lockdep, no preemption handling of its own), so interrupts go off
 * around it, which also keeps a swap on this CPU from nesting inside.
 */
static inline void trace_max_lock_irq(struct trace_array *tr)
{
	local_irq_disable();
	arch_spin_lock(&tr->max_lock);
}

static inline void trace_max_unlock_irq(struct trace_array *tr)
{
	arch_spin_unlock(&tr->max_lock);
	local_irq_enable();
}

/* The instance list (global instance last) and its lock. */
extern struct list_head ftrace_trace_arrays;
extern struct mutex trace_types_lock;

/*
 * The global instance, the top of tracefs (trace_instance.c).  Its
 * buffers are made at boot and it is never removed, so its address
 * may be used without a reference.
 */
extern struct trace_array global_trace;

/* The global instance, NULL before it is set up. */
static inline struct trace_array *top_trace_array(void)
{
	struct trace_array *tr;

	if (list_empty(&ftrace_trace_arrays))
		return NULL;
	tr = list_last_entry(&ftrace_trace_arrays, struct trace_array, list);
	WARN_ON(!(tr->flags & TRACE_ARRAY_FL_GLOBAL));
	return tr;
}

/*
 * References.  trace_array_get() fails (-ENODEV) if @tr is no longer
 * listed; tracing_check_open_get_tr() also applies the lockdown check
 * of a tracefs open.  Both pair with trace_array_put().
 */
int trace_array_get(struct trace_array *tr);
int tracing_check_open_get_tr(struct trace_array *tr);
/* The instance named @instance (trace_types_lock held), with a ref for _get. */
struct trace_array *trace_array_find(const char *instance);
struct trace_array *trace_array_find_get(const char *instance);

/* The CPUs that have buffers (possible CPUs, fixed at boot). */
extern cpumask_var_t __read_mostly tracing_buffer_mask;
#define for_each_tracing_cpu(cpu)	for_each_cpu(cpu, tracing_buffer_mask)

/* Buffer state: tracing_on and the trace core's own off switch. */
bool tracer_tracing_is_on(struct trace_array *tr);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);
bool tracer_tracing_switch(struct trace_array *tr, bool on);
int tracing_is_enabled(void);
bool tracing_is_disabled(void);
int is_tracing_stopped(void);

/* Emptying buffers (trace_types_lock held for the _all_ forms). */
void tracing_reset_cpu(struct array_buffer *buf, int cpu);
void tracing_reset_online_cpus(struct array_buffer *buf);
void tracing_reset_all_online_cpus(void);
void tracing_reset_all_online_cpus_unlocked(void);

/* Geometry and clock, trace_types_lock held by the callers. */
int tracing_update_buffers(struct trace_array *tr);
void trace_set_ring_buffer_expanded(struct trace_array *tr);
ssize_t tracing_resize_ring_buffer(struct trace_array *tr,
				   unsigned long size, int cpu_id);
int tracing_set_cpumask(struct trace_array *tr, cpumask_var_t tracing_cpumask_new);
int tracing_set_clock(struct trace_array *tr, const char *clockstr);
bool trace_clock_in_ns(struct trace_array *tr);
int tracing_set_filter_buffering(struct trace_array *tr, bool set);
int ring_buffer_meta_seq_init(struct file *file, struct trace_buffer *buffer,
			      int cpu);

/*
 * An instance's buffers (trace_buffers.c), trace_types_lock held by
 * the callers.  trace_buf_size is the size a buffer grows to on first
 * use (trace_buf_size= at boot).  trace_alloc_buffers() makes the live
 * and the snapshot buffer (the latter at its minimum unless the boot
 * asked for one), trace_free_buffers() frees both;
 * __tracing_resize_ring_buffer() is the resize without the checks of
 * tracing_resize_ring_buffer(); set_buffer_entries() records a size as
 * every CPU's; trace_forget_last_boot() drops what a persistent buffer
 * kept of the previous boot (trace_types_lock held), and
 * trace_drop_last_boot() does it when the kernel moved since, taking the
 * lock then only (a test of the deltas otherwise, inline: trace_marker
 * writes call it).
 */
extern unsigned long trace_buf_size;
int trace_alloc_buffers(struct trace_array *tr, unsigned long size);
void trace_free_buffers(struct trace_array *tr);
int __tracing_resize_ring_buffer(struct trace_array *tr, unsigned long size,
				 int cpu);
void set_buffer_entries(struct array_buffer *buf, unsigned long val);
void trace_forget_last_boot(struct trace_array *tr);
void __trace_drop_last_boot(struct trace_array *tr);

static inline void trace_drop_last_boot(struct trace_array *tr)
{
	if (unlikely(READ_ONCE(tr->text_delta) || READ_ONCE(tr->data_delta)))
		__trace_drop_last_boot(tr);
}

#ifdef CONFIG_TRACER_MAX_TRACE
/* Give @trace_buf the per-CPU sizes of @size_buf (one CPU or all). */
int resize_buffer_duplicate_size(struct array_buffer *trace_buf,
				 struct array_buffer *size_buf, int cpu_id);
#endif

/*
 * Instances (trace_instance.c), trace_types_lock taken inside.
 * trace_instance_create_systems() makes and lists one (@systems: the
 * event systems it may have, NULL for all; a non-zero @range_size puts
 * its buffer at that memory range); trace_instance_map_range() maps a
 * range kept at boot for one (0 on failure) and
 * trace_instance_unmap_range() undoes that when no instance took it;
 * create_trace_instances() makes the instances/ directory.
 */
struct trace_array *
trace_instance_create_systems(const char *name, const char *systems,
			      unsigned long range_start,
			      unsigned long range_size);
u64 trace_instance_map_range(u64 start, u64 size);
void trace_instance_unmap_range(u64 vaddr);
void create_trace_instances(struct dentry *d_tracer);

/*
 * The registry lock (event calls, event files, systems, pid sets).  It
 * is defined here, below the registry, because it also guards instance
 * state: the instance list is changed under event_mutex and
 * trace_types_lock, so that the registry may walk it holding only
 * event_mutex, and an instance's parts (below) are added and removed
 * under both.  Order: event_mutex -> trace_types_lock (the full order
 * is at the top of this header).
 */
extern struct mutex event_mutex;

/*
 * Options a new instance does not copy from the global instance, and
 * that are turned off before an instance goes (their side effects are
 * shared: fork following, the trace_printk destination).
 */
#define INSTANCE_UNSHARED_FLAGS					\
	(TRACE_ITER_EVENT_FORK | TRACE_ITER_FUNC_FORK |		\
	 TRACE_ITER_TRACE_PRINTK)

/**
 * struct trace_instance_part - one part of every instance
 * @name: the part, for messages
 * @init: optional; the instance is being made and is not listed yet.
 *	@tr->dir is its tracefs directory when that is made at once, NULL
 *	when the instance is made before tracefs is up (then @add runs
 *	later).  Sets up what the instance needs before tracefs: the
 *	current tracer, the boot instance's event files.  Cannot fail,
 *	and may leave work for @remove only when @tr->dir is NULL.
 * @add: optional; @tr->dir exists: make the part's files in it.  Runs
 *	at creation after every @init, or, for an instance made before
 *	tracefs was up, from create_trace_instances().  Returns 0 or a
 *	negative errno, having undone its own work on error.
 * @remove: optional; undo @init and @add, whichever ran (an instance
 *	made before tracefs may go before it got its directory).  The
 *	instance is no longer listed and nothing holds it.  Cannot fail.
 * @list: on the part list, in registration order
 *
 * An instance other than the global one is its buffers (this
 * component) plus the parts the components above register here, from
 * the boot code, in this order (trace_init()):
 *
 *   error log   -        -                clear the log
 *   events      early    files, dirs      triggers, pids, events off,
 *               files                     files and dirs
 *   tracer      nop      -                back to nop
 *   files       -        the directory's  -
 *                        files, options/
 *   printk      -        -                trace_printk goes back to
 *                                         the global instance
 *   options     -        tracer options   unshared options off
 *
 * Creation runs every @init, then every @add, in list order; removal
 * runs every @remove in reverse, then removes the directory.  If an
 * @add fails, the parts before it are removed in reverse and the
 * instance is not made (from create_trace_instances(): it stays,
 * without a directory).
 *
 * Locking: @init, @add and @remove run in process context with
 * event_mutex and trace_types_lock held (in that order), except for
 * instances made at boot before tracefs (trace_instance=), which the
 * boot code creates alone, without them.  They must not take either
 * lock themselves.
 *
 * The global instance is not made or removed through the parts: each
 * component sets it up from its own boot code (trace_event_init(), the
 * tracefs initcall), and it never goes.  A part registers before any
 * other instance exists; trace_instance_register_part() warns if one
 * does, as that instance would lack the part.
 */
struct trace_instance_part {
	const char		*name;
	void			(*init)(struct trace_array *tr);
	int			(*add)(struct trace_array *tr);
	void			(*remove)(struct trace_array *tr);
	struct list_head	list;
};

void trace_instance_register_part(struct trace_instance_part *part);

/*
 * The clocks an instance may use (trace_buffer_clock.c), in the order
 * trace_clock lists them; clock_id indexes the table.  @in_ns: the
 * clock counts nanoseconds (the output prints it as seconds).
 */
struct trace_clock_desc {
	u64 (*func)(void);
	const char *name;
	int in_ns;
};

extern const struct trace_clock_desc trace_clocks[];
extern const unsigned int trace_clocks_nr;

/*
 * Time: the instance clock now (its conversions for printing,
 * ns2usecs() and nsecs_to_usecs(), are trace_output.h's).
 */
u64 ftrace_now(int cpu);

/*
 * Snapshots (trace_snapshot.c).  tracing_snapshot_instance() swaps in
 * any context but NMI; the others sleep.  Arming makes sure the
 * snapshot buffer exists and stays (a trigger arms at registration,
 * so firing never allocates).
 */
int tracing_alloc_snapshot(void);
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data);
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update);
int tracing_snapshot_cond_disable(struct trace_array *tr);
void *tracing_cond_snapshot_data(struct trace_array *tr);
#ifdef CONFIG_TRACER_SNAPSHOT
int tracing_arm_snapshot(struct trace_array *tr);
void tracing_disarm_snapshot(struct trace_array *tr);
int tracing_alloc_snapshot_instance(struct trace_array *tr);
void tracing_snapshot_instance(struct trace_array *tr);
#else
/* Without snapshots, arming and allocating succeed and a swap is a no-op. */
static inline int tracing_arm_snapshot(struct trace_array *tr) { return 0; }
static inline void tracing_disarm_snapshot(struct trace_array *tr) { }
static inline int tracing_alloc_snapshot_instance(struct trace_array *tr) { return 0; }
static inline void tracing_snapshot_instance(struct trace_array *tr) { }
#endif

/*
 * alloc_snapshot on the command line (trace_buffers.c, set by
 * trace_bootparams.c): the next instance whose buffers are allocated
 * gets its snapshot buffer with its live one.
 */
extern bool allocate_snapshot;

/*
 * The snapshot buffer's own life (trace_snapshot.c), trace_types_lock
 * held: free_snapshot() shrinks it back to nothing,
 * tracing_arm_snapshot_locked() is tracing_arm_snapshot() for a caller
 * that holds the lock (-EBUSY while the buffer is mapped).  The
 * snapshot files are trace_snapshot_files.c's; trace_maxlat.c's
 * trace_create_maxlat_file() makes an instance's tracing_max_latency.
 */
#ifdef CONFIG_TRACER_MAX_TRACE
void trace_create_maxlat_file(struct trace_array *tr, struct dentry *d_tracer);
#else
static inline void trace_create_maxlat_file(struct trace_array *tr,
					    struct dentry *d_tracer) { }
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
void free_snapshot(struct trace_array *tr);
int tracing_arm_snapshot_locked(struct trace_array *tr);
extern const struct file_operations snapshot_fops;
extern const struct file_operations snapshot_raw_fops;
#else
static inline void free_snapshot(struct trace_array *tr) { }
static inline int tracing_arm_snapshot_locked(struct trace_array *tr)
{
	return -EBUSY;
}
#endif

/* Latency tracers' snapshots and tracing_thresh (trace_types_lock). */
extern unsigned long tracing_thresh;
#ifdef CONFIG_TRACER_MAX_TRACE
void update_max_tr(struct trace_array *tr, struct task_struct *tsk, int cpu,
		   void *cond_data);
void update_max_tr_single(struct trace_array *tr, struct task_struct *tsk,
			  int cpu);
#ifdef CONFIG_FSNOTIFY
#define LATENCY_FS_NOTIFY
#endif
#endif
/*
 * Tell watchers of tracing_max_latency it changed (trace_snapshot.c;
 * any context but NMI).  latency_fsnotify_init() sets @tr up for it,
 * before its tracing_max_latency file is published.
 */
#ifdef LATENCY_FS_NOTIFY
void latency_fsnotify_init(struct trace_array *tr);
void latency_fsnotify(struct trace_array *tr);
#else
static inline void latency_fsnotify_init(struct trace_array *tr) { }
static inline void latency_fsnotify(struct trace_array *tr) { }
#endif

#endif /* _KERNEL_TRACE_ARRAY_H */
