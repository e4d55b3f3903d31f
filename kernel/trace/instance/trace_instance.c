// SPDX-License-Identifier: GPL-2.0
/*
 * Instances: the list of trace arrays, their references, creation and
 * removal, the "instances" directory of tracefs and the trace_array_*()
 * API that modules use to trace into an instance of their own.
 *
 * An instance is a struct trace_array: a live buffer, its snapshot
 * buffer, options, a current tracer and a per-instance view of every
 * event.  The global instance (global_trace, the top of tracefs) is set
 * up by trace_bootparams.c at boot and is never removed; every other
 * instance is made by one of
 *
 *   mkdir instances/NAME          (instance_mkdir, from tracefs)
 *   trace_array_get_by_name()     (kernel users; takes a reference)
 *   trace_instance= on the command line (trace_bootparams.c calls
 *                                  trace_instance_create_systems())
 *
 * and goes away by rmdir or trace_array_destroy(), both refused with
 * -EBUSY while the instance is in use (instance_busy()).
 *
 * Lifetime.  tr->ref counts the instance's own reference (1, taken when
 * it is listed), each open file of the instance (tracing_check_open_get_tr
 * from the file's open, trace_array_put from its release) and each
 * kernel user of trace_array_get_by_name().  tr->trace_ref counts the
 * readers of the current tracer.  Both are plain ints changed under
 * trace_types_lock; an instance is freed only by __remove_instance(),
 * under trace_types_lock, after it found no count above its own.  A
 * reference is taken only after the instance was found on the list under
 * the lock, so a pointer held by a stale tracefs inode is harmless: it
 * is compared, not dereferenced (trace_array_get()).
 *
 * Parts.  Beyond its buffers, an instance is made of parts that the
 * components above register (struct trace_instance_part, trace_array.h):
 * its events, tracer, tracefs files, options...  Creation runs their
 * @init and @add in registration order, removal their @remove in
 * reverse; registration happens once, at boot, before any instance but
 * the global one exists, so the list is read without a lock.
 *
 * Contexts: everything here runs in process context and may sleep.
 * tracefs calls instance_mkdir()/instance_rmdir() with the parent
 * directory's inode unlocked, so several mkdir, rmdir and lookups may
 * race; event_mutex and trace_types_lock, both held from the lookup to
 * the end, make each one atomic.
 */
#include <linux/cpumask.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/tracefs.h>
#include <linux/vmalloc.h>

#include "messages/trace_puts.h"
#include "trace_array.h"
#include "trace_flags.h"
#include "trace_pending.h"
#include "trace_records.h"
#include "tracers/trace_tracer.h"
#include "write/trace_write.h"

/* The options of the global instance when the kernel starts. */
#define TRACE_DEFAULT_FLAGS						\
	(FUNCTION_DEFAULT_FLAGS | TRACE_ITER_PRINT_PARENT |		\
	 TRACE_ITER_PRINTK | TRACE_ITER_ANNOTATE |			\
	 TRACE_ITER_CONTEXT_INFO | TRACE_ITER_RECORD_CMD |		\
	 TRACE_ITER_OVERWRITE | TRACE_ITER_IRQ_INFO |			\
	 TRACE_ITER_MARKERS | TRACE_ITER_HASH_PTR |			\
	 TRACE_ITER_TRACE_PRINTK)

/*
 * The global instance, the top of tracefs.  Its buffers are made at
 * boot (trace_bootparams.c) and it is never removed.
 */
struct trace_array global_trace = {
	.trace_flags = TRACE_DEFAULT_FLAGS,
};

/* The registry lock; why it lives here is told in trace_array.h. */
DEFINE_MUTEX(event_mutex);

/*
 * trace_types_lock: the instance configuration lock.
 *
 * Protects ftrace_trace_arrays, tr->ref and tr->trace_ref, the current
 * tracer and the tracer list, the buffers' geometry (size, sub-buffer
 * order, expansion), the clock, options, tracing_cpumask, snapshot
 * allocation.  Lock order, outermost first:
 *
 *   event_mutex -> trace_types_lock -> cpus_read_lock (tracepoint and
 *                                      static key changes)
 *                                   -> tracing_err_log_lock
 *                                   -> tr->start_lock -> tr->max_lock
 *
 * Creating or destroying an instance takes event_mutex first, because it
 * adds or removes the instance's event files; nothing takes event_mutex
 * while holding trace_types_lock.
 */
DEFINE_MUTEX(trace_types_lock);

/*
 * Every instance, the global one included (it is added last at boot and
 * so sits at the tail).  Changed under event_mutex and trace_types_lock;
 * walked under either.
 */
LIST_HEAD(ftrace_trace_arrays);

/* instances/ in tracefs; NULL until fs_initcall time. */
static struct dentry *instances_dir;

/* The parts of an instance, in the order they are added. */
static LIST_HEAD(instance_parts);

/**
 * trace_instance_register_part - add a part to every instance made from now on
 * @part: the part; it stays registered for good
 *
 * Boot code only, before the first instance other than the global one
 * is made (see struct trace_instance_part for the order of the parts).
 */
void __init trace_instance_register_part(struct trace_instance_part *part)
{
	WARN_ON(!list_is_singular(&ftrace_trace_arrays) &&
		!list_empty(&ftrace_trace_arrays));
	list_add_tail(&part->list, &instance_parts);
}

/*
 * References
 */

/* Take a reference on @tr if not NULL; trace_types_lock held. */
static struct trace_array *instance_ref(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr)
		tr->ref++;
	return tr;
}

static bool instance_listed(struct trace_array *tr)
{
	struct trace_array *pos;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(pos, &ftrace_trace_arrays, list)
		if (pos == tr)
			return true;
	return false;
}

/**
 * trace_array_get - take a reference on an instance that may be gone
 * @this_tr: the instance, e.g. the i_private of a tracefs file
 *
 * Return: 0 with a reference taken, -ENODEV if @this_tr is not (any
 * longer) a listed instance.  Pair with trace_array_put().
 */
int trace_array_get(struct trace_array *this_tr)
{
	guard(mutex)(&trace_types_lock);
	if (!instance_listed(this_tr))
		return -ENODEV;
	instance_ref(this_tr);
	return 0;
}

static void instance_put_locked(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (WARN_ON(tr->ref <= 0))
		return;
	tr->ref--;
}

/**
 * trace_array_put - drop a reference taken by trace_array_get() or
 *	trace_array_get_by_name()
 * @this_tr: the instance; NULL is ignored
 *
 * The instance is not freed here: once only its own reference is left,
 * rmdir or trace_array_destroy() may remove it.
 */
void trace_array_put(struct trace_array *this_tr)
{
	if (!this_tr)
		return;
	guard(mutex)(&trace_types_lock);
	instance_put_locked(this_tr);
}
EXPORT_SYMBOL_GPL(trace_array_put);

/**
 * tracing_check_open_get_tr - may a tracefs file of @tr be opened?
 * @tr: the file's instance, or NULL for a file not bound to one
 *
 * Return: 0 (with a reference on @tr when it is not NULL), or the
 * lockdown error, or -ENODEV when tracing is disabled or @tr is gone.
 */
int tracing_check_open_get_tr(struct trace_array *tr)
{
	int err = security_locked_down(LOCKDOWN_TRACEFS);

	if (err)
		return err;
	if (tracing_disabled)
		return -ENODEV;
	if (tr && trace_array_get(tr))
		return -ENODEV;
	return 0;
}

/* The refusal rule of rmdir and trace_array_destroy(). */
static bool instance_busy(struct trace_array *tr)
{
	if (tr->ref > 1)
		return true;
	return tr->current_trace && tr->trace_ref;
}

/*
 * Lookup
 */

/**
 * trace_array_find - the instance called @instance
 * @instance: a name under instances/
 *
 * Caller holds trace_types_lock.  Return: the instance or NULL; the
 * global instance has no name and is never found.
 */
struct trace_array *trace_array_find(const char *instance)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		if (tr->name && !strcmp(tr->name, instance))
			return tr;
	return NULL;
}

/**
 * trace_array_find_get - trace_array_find() plus a reference
 * @instance: a name under instances/
 *
 * Return: the instance with a reference taken (trace_array_put() it), or
 * NULL.
 */
struct trace_array *trace_array_find_get(const char *instance)
{
	guard(mutex)(&trace_types_lock);
	return instance_ref(trace_array_find(instance));
}

/*
 * Parts
 */

/* Remove the parts before @failed (NULL: all of them), last first. */
static void instance_remove_parts(struct trace_array *tr,
				  struct trace_instance_part *failed)
{
	struct trace_instance_part *part;

	part = list_prepare_entry(failed, &instance_parts, list);
	list_for_each_entry_continue_reverse(part, &instance_parts, list)
		if (part->remove)
			part->remove(tr);
}

/*
 * Run every part's @add in order; on failure remove the ones before
 * the part that failed, in reverse.  event_mutex and trace_types_lock.
 */
static int instance_add_parts(struct trace_array *tr)
{
	struct trace_instance_part *part;
	int err;

	list_for_each_entry(part, &instance_parts, list) {
		err = part->add ? part->add(tr) : 0;
		if (err) {
			instance_remove_parts(tr, part);
			return err;
		}
	}
	return 0;
}

/*
 * The directory of an instance made before tracefs was up, then its
 * parts' files in it; event_mutex and trace_types_lock.  On failure
 * the directory is gone again (instance_add_parts() unwound the parts).
 */
static int instance_make_dir(struct trace_array *tr)
{
	int err;

	tr->dir = tracefs_create_dir(tr->name, instances_dir);
	if (!tr->dir)
		return -EINVAL;
	err = instance_add_parts(tr);
	if (err) {
		tracefs_remove(tr->dir);
		tr->dir = NULL;
	}
	return err;
}

/*
 * Creation
 */

/* Free what instance_alloc() and the buffer allocation set up. */
static void instance_free(struct trace_array *tr)
{
	trace_free_buffers(tr);
	free_cpumask_var(tr->pipe_cpumask);
	free_cpumask_var(tr->tracing_cpumask);
	kfree_const(tr->system_names);
	kfree(tr->name);
	kfree(tr);
}

static struct trace_array *instance_alloc(const char *name,
					  const char *systems,
					  unsigned long range_start,
					  unsigned long range_size)
{
	struct trace_array *tr = kzalloc(sizeof(*tr), GFP_KERNEL);

	if (!tr)
		return NULL;
	INIT_LIST_HEAD(&tr->err_log);
	INIT_LIST_HEAD(&tr->hist_vars);
	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->systems);

	tr->name = kstrdup(name, GFP_KERNEL);
	if (!tr->name ||
	    !alloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL) ||
	    !zalloc_cpumask_var(&tr->pipe_cpumask, GFP_KERNEL))
		goto fail;
	if (systems) {
		tr->system_names = kstrdup_const(systems, GFP_KERNEL);
		if (!tr->system_names)
			goto fail;
	}
	cpumask_copy(tr->tracing_cpumask, cpu_all_mask);

	/* A boot instance may sit on memory kept from the previous boot. */
	tr->range_addr_start = range_start;
	tr->range_addr_size = range_size;

	tr->trace_flags = global_trace.trace_flags & ~INSTANCE_UNSHARED_FLAGS;

#ifdef CONFIG_TRACER_MAX_TRACE
	spin_lock_init(&tr->snapshot_trigger_lock);
#endif
	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	raw_spin_lock_init(&tr->start_lock);
	return tr;

fail:
	instance_free(tr);
	return NULL;
}

/**
 * trace_instance_create_systems - make and list a new instance
 * @name: its name under instances/
 * @systems: event systems to give it directories for (NULL: all)
 * @range_start: virtual address of a persistent buffer, or 0
 * @range_size: size of that buffer
 *
 * Caller holds event_mutex and trace_types_lock and has checked that
 * @name is free; the boot code (trace_instance=) calls it without them,
 * alone, before tracefs is up.  Then only the parts' @init run;
 * create_trace_instances() adds the directories later.
 *
 * Return: the instance, holding its own reference, or an ERR_PTR.
 */
struct trace_array *
trace_instance_create_systems(const char *name, const char *systems,
			      unsigned long range_start,
			      unsigned long range_size)
{
	struct trace_instance_part *part;
	struct trace_array *tr;
	int err;

	tr = instance_alloc(name, systems, range_start, range_size);
	if (!tr)
		return ERR_PTR(-ENOMEM);

	err = -ENOMEM;
	if (trace_alloc_buffers(tr, trace_buf_size) < 0)
		goto fail;
	/* Only the global buffer starts small: instances are made to be used. */
	trace_set_ring_buffer_expanded(tr);

	/* Before fs_initcall only the parts' @init; the directory comes later. */
	if (instances_dir) {
		tr->dir = tracefs_create_dir(tr->name, instances_dir);
		if (!tr->dir) {
			err = -EINVAL;
			goto fail;
		}
	}
	list_for_each_entry(part, &instance_parts, list)
		if (part->init)
			part->init(tr);
	err = tr->dir ? instance_add_parts(tr) : 0;
	if (err) {
		tracefs_remove(tr->dir);
		goto fail;
	}

	list_add(&tr->list, &ftrace_trace_arrays);
	tr->ref = 1;
	return tr;

fail:
	instance_free(tr);
	return ERR_PTR(err);
}

/* tracefs: mkdir instances/NAME */
static int instance_mkdir(const char *name)
{
	struct trace_array *tr;

	guard(mutex)(&event_mutex);
	guard(mutex)(&trace_types_lock);

	if (trace_array_find(name))
		return -EEXIST;
	tr = trace_instance_create_systems(name, NULL, 0, 0);
	return PTR_ERR_OR_ZERO(tr);
}

/**
 * trace_instance_map_range - map physical memory kept for a boot instance
 * @start: its physical address
 * @size: its length in bytes (rounded up to whole pages)
 *
 * Return: the kernel virtual address of the mapping, or 0.  An instance
 * made on it keeps it for good (a persistent instance cannot be
 * removed); if none could be made, trace_instance_unmap_range().
 */
u64 trace_instance_map_range(u64 start, u64 size)
{
	unsigned int nr = DIV_ROUND_UP(size, PAGE_SIZE);
	unsigned long pfn = PHYS_PFN(start);
	struct page **pages;
	unsigned int i;
	void *va;

	pages = kmalloc_array(nr, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return 0;
	for (i = 0; i < nr; i++)
		pages[i] = pfn_to_page(pfn + i);
	va = vmap(pages, nr, VM_MAP, PAGE_KERNEL);
	kfree(pages);
	return (unsigned long)va;
}

/**
 * trace_instance_unmap_range - undo trace_instance_map_range()
 * @vaddr: what it returned; no buffer may use the range any more
 */
void trace_instance_unmap_range(u64 vaddr)
{
	vunmap((void *)(unsigned long)vaddr);
}

/**
 * __trace_array_puts - record a string in an instance
 * @tr: the instance; the caller keeps it alive
 * @ip: the caller's address (shown before the text)
 * @str: the text, not necessarily NUL-ended
 * @size: its length; a newline is added unless it ends with one
 *
 * The snapshot's refusal notes are written through here too.
 *
 * Return: @size, or 0 when nothing was recorded.  Any context.
 */
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	return trace_puts_record(tr, ip, str, size, tracing_gen_ctx());
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

/**
 * trace_array_get_by_name - find or make an instance for a kernel user
 * @name: the instance's name under instances/
 * @systems: event systems to make directories for when the instance is
 *	made here (NULL: all); ignored when it already exists
 *
 * Return: the instance with a reference taken, or NULL when it could not
 * be made.  Drop the reference with trace_array_put(); after that the
 * instance may be removed with trace_array_destroy() or by rmdir, never
 * before.
 */
struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems)
{
	struct trace_array *tr;

	guard(mutex)(&event_mutex);
	guard(mutex)(&trace_types_lock);

	tr = trace_array_find(name) ?:
		trace_instance_create_systems(name, systems, 0, 0);
	return IS_ERR(tr) ? NULL : instance_ref(tr);
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

/*
 * Removal
 */

/* event_mutex and trace_types_lock held; @tr is listed. */
static int instance_remove(struct trace_array *tr)
{
	if (instance_busy(tr))
		return -EBUSY;

	list_del(&tr->list);

	/*
	 * The parts, last first: shared options off, the tracer stopped,
	 * the events gone (struct trace_instance_part has the list).
	 */
	instance_remove_parts(tr, NULL);
	tracefs_remove(tr->dir);

	/* The tracer options' descriptors: their files pointed at them. */
	while (tr->nr_topts > 0)
		kfree(tr->topts[--tr->nr_topts].topts);
	kfree(tr->topts);
	instance_free(tr);
	return 0;
}

/*
 * The removal of rmdir and trace_array_destroy(): @tr if it is still
 * listed, else the instance called @name.
 */
static int instance_remove_checked(struct trace_array *tr, const char *name)
{
	guard(mutex)(&event_mutex);
	guard(mutex)(&trace_types_lock);

	if (name)
		tr = trace_array_find(name);
	else if (!instance_listed(tr))
		tr = NULL;
	return tr ? instance_remove(tr) : -ENODEV;
}

/**
 * trace_array_destroy - remove an instance made by trace_array_get_by_name()
 * @this_tr: the instance
 *
 * Return: 0, -EINVAL for NULL, -ENODEV if @this_tr is not listed, -EBUSY
 * while a reference other than its own is held (files open, kernel users
 * that did not trace_array_put() yet).
 */
int trace_array_destroy(struct trace_array *this_tr)
{
	return this_tr ? instance_remove_checked(this_tr, NULL) : -EINVAL;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

/* tracefs: rmdir instances/NAME */
static int instance_rmdir(const char *name)
{
	return instance_remove_checked(NULL, name);
}

/**
 * create_trace_instances - make instances/ and the directories of the
 *	instances created before tracefs was up
 * @d_tracer: the tracefs top directory (NULL: the mount's root)
 */
__init void create_trace_instances(struct dentry *d_tracer)
{
	struct dentry *dir;
	struct trace_array *tr;

	dir = tracefs_create_instance_dir("instances", d_tracer,
					  instance_mkdir, instance_rmdir);
	if (MEM_FAIL(!dir, "Failed to create instances directory\n"))
		return;

	guard(mutex)(&event_mutex);
	guard(mutex)(&trace_types_lock);
	instances_dir = dir;
	/* Boot instances (trace_instance=) were made before tracefs. */
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		if (tr->name && instance_make_dir(tr) < 0) {
			MEM_FAIL(1, "Failed to create instance directory\n");
			return;
		}
	}
}
