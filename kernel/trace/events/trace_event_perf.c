// SPDX-License-Identifier: GPL-2.0
/*
 * The perf side of trace events: what happens between
 * perf_event_open(PERF_TYPE_TRACEPOINT, config = event id) and the
 * generated perf probe of an event class (include/trace/stages/record.h).
 *
 * An event call that perf uses has two pieces of state here:
 *
 *   call->perf_events    per-CPU hlist of the perf events that are
 *                        scheduled in on that CPU (perf_trace_add/del);
 *                        the probe walks the list of its own CPU
 *   call->perf_refcount  perf events attached to the call; the list
 *                        and the tracepoint probe exist while it is > 0
 *
 * and every call shares one record area per CPU and per recursion
 * context (task, softirq, hardirq, NMI: perf_swevent's four levels),
 * where a probe builds its record before perf copies it into the ring
 * buffers of the matching events.  The areas exist while any call has
 * perf users (rec_users below).
 *
 * Life of a perf event:
 *
 *   perf_trace_init()     find the call by id, take a ref on it (its
 *                         module), check permissions, attach, OPEN
 *   perf_trace_add/del()  link into / unlink from this CPU's hlist,
 *                         or let the call's reg() do it (function
 *                         events); perf calls these with IRQs off
 *   perf_trace_destroy()  CLOSE, detach, drop the ref
 *
 * Contexts and locks: init and destroy run in process context under
 * event_mutex, which protects perf_refcount, perf_events and rec_users.
 * add and del run from perf's scheduling with interrupts off on the CPU
 * whose list they touch; the lists are walked under RCU by the probes.
 * perf_trace_buf_alloc() and perf_trace_buf_update() run in probe
 * context, NMI included: no lock, no allocation.  After the tracepoint
 * probe is unregistered, tracepoint_synchronize_unregister() waits for
 * running probes before a list or a record area is freed.
 */
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "output/trace_output.h"
#include "trace_event.h"

/*
 * A record area: PERF_MAX_TRACE_SIZE bytes, word aligned so that the
 * generated probes can store their fields without unaligned accesses.
 */
struct perf_rec_area {
	unsigned long words[PERF_MAX_TRACE_SIZE / sizeof(unsigned long)];
};

/* One per recursion context; all NULL while rec_users is 0. */
static struct perf_rec_area __percpu *rec_areas[PERF_NR_CONTEXTS];

/* Event calls with perf users (event_mutex). */
static unsigned int rec_users;

static void rec_areas_free(void)
{
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		free_percpu(rec_areas[i]);
		rec_areas[i] = NULL;
	}
}

static int rec_areas_alloc(void)
{
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		rec_areas[i] = alloc_percpu(struct perf_rec_area);
		if (!rec_areas[i]) {
			rec_areas_free();
			return -ENOMEM;
		}
	}
	return 0;
}

/*
 * May the opener attach @event to @call?  In this order:
 *
 *   1. the call's own TRACE_EVENT_PERF_PERM() test, if any, decides
 *      first (it sees inherited events too);
 *   2. an inherited event was allowed when its parent was opened;
 *   3. ftrace/function needs perf_allow_tracepoint(), and sampling it
 *      must exclude user callchains and user stacks (the function
 *      tracer would fault in the page fault handler);
 *   4. counting only (no PERF_SAMPLE_RAW) leaks nothing: allowed;
 *   5. a per-task event of a TRACE_EVENT_FL_CAP_ANY call: allowed;
 *   6. anything else shows raw records: perf_allow_tracepoint().
 *
 * Runs in the opener's context (perf_event_open()), so current's
 * credentials are the ones checked.
 */
static int perf_fn_permitted(struct perf_event *event);

static int perf_call_permitted(struct trace_event_call *call,
			       struct perf_event *event)
{
	int err = call->perf_perm ? call->perf_perm(call, event) : 0;

	if (err || event->parent)
		return err;

	if (ftrace_event_is_function(call)) {
		err = perf_fn_permitted(event);
		if (err <= 0)
			return err;
	}

	/* Only raw samples show what the records hold. */
	if (!(event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if ((call->flags & TRACE_EVENT_FL_CAP_ANY) &&
	    event->attach_state == PERF_ATTACH_TASK)
		return 0;
	return perf_allow_tracepoint();
}

/*
 * Rule 3 for ftrace/function: an errno, 0 (allowed: counting), or 1 to
 * go on with rules 4 to 6.
 */
static int perf_fn_permitted(struct perf_event *event)
{
	u64 sample = event->attr.sample_type;
	int err = perf_allow_tracepoint();

	if (err)
		return err;
	if (!is_sampling_event(event))
		return 0;
	if ((sample & PERF_SAMPLE_STACK_USER) ||
	    !event->attr.exclude_callchain_user)
		return -EINVAL;
	return 1;
}

/*
 * First perf user of @call: the per-CPU lists, the record areas if no
 * other call has them, and the call's perf probe.  Undone in reverse
 * on failure, leaving perf_refcount at 0.
 */
static int perf_call_setup(struct trace_event_call *call)
{
	struct hlist_head __percpu *lists;
	int cpu, err;

	lists = alloc_percpu(struct hlist_head);
	if (!lists)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(lists, cpu));

	if (!rec_users) {
		err = rec_areas_alloc();
		if (err)
			goto free_lists;
	}

	call->perf_events = lists;
	err = call->class->reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (err) {
		call->perf_events = NULL;
		if (!rec_users)
			rec_areas_free();
		goto free_lists;
	}
	rec_users++;
	return 0;

free_lists:
	free_percpu(lists);
	return err;
}

/* Last perf user of @call went: the reverse of perf_call_setup(). */
static void perf_call_teardown(struct trace_event_call *call)
{
	call->class->reg(call, TRACE_REG_PERF_UNREGISTER, NULL);

	/* No probe may still walk the lists or write a record area. */
	tracepoint_synchronize_unregister();

	free_percpu(call->perf_events);
	call->perf_events = NULL;
	if (!--rec_users)
		rec_areas_free();
}

/*
 * Attach @event to @call: permissions, the call's perf state, then the
 * call's OPEN hook.  Caller holds event_mutex and a ref on @call.
 */
static int perf_attach(struct trace_event_call *call, struct perf_event *event)
{
	int err;

	lockdep_assert_held(&event_mutex);

	err = perf_call_permitted(call, event);
	if (err)
		return err;

	event->tp_event = call;
	if (!call->perf_refcount) {
		err = perf_call_setup(call);
		if (err)
			return err;
	}
	call->perf_refcount++;

	err = call->class->reg(call, TRACE_REG_PERF_OPEN, event);
	if (err) {
		if (!--call->perf_refcount)
			perf_call_teardown(call);
	}
	return err;
}

/*
 * The reverse of perf_attach() plus the ref taken by whoever attached.
 * Caller holds event_mutex.
 */
static void perf_detach(struct perf_event *event)
{
	struct trace_event_call *call = event->tp_event;

	lockdep_assert_held(&event_mutex);

	call->class->reg(call, TRACE_REG_PERF_CLOSE, event);
	if (!--call->perf_refcount)
		perf_call_teardown(call);
	trace_event_put_ref(call);
}

/*
 * The call with type @id that perf can use (it has a reg() op), with a
 * reference taken on it; NULL if there is none or its module is going.
 */
static struct trace_event_call *perf_call_get(u64 id)
{
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);

	list_for_each_entry(call, &ftrace_events, list) {
		if (call->event.type == id && call->class && call->class->reg &&
		    trace_event_try_get_ref(call))
			return call;
	}
	return NULL;
}

/**
 * perf_trace_init - attach a PERF_TYPE_TRACEPOINT event to its call
 * @event: the perf event; attr.config is the event id
 *
 * Return: 0; -EINVAL if no call with a reg() op has that id (or its
 * module is going); -EPERM/-EACCES from the permission checks; -EINVAL
 * for a sampled ftrace/function event with user callchains or stacks;
 * -ENOMEM; or what the call's reg() returned.
 */
int perf_trace_init(struct perf_event *event)
{
	struct trace_event_call *call;
	int err = -EINVAL;

	mutex_lock(&event_mutex);
	call = perf_call_get(event->attr.config);
	if (call) {
		err = perf_attach(call, event);
		if (err)
			trace_event_put_ref(call);
	}
	mutex_unlock(&event_mutex);
	return err;
}

/**
 * perf_trace_init_call - attach @event to @call, an event no id finds
 * @event: the perf event
 * @call: a private event of perf's kprobe or uprobe PMU
 *
 * The caller owns @call, and frees it after perf_trace_destroy().
 * Return: as perf_trace_init().
 */
int perf_trace_init_call(struct perf_event *event,
			 struct trace_event_call *call)
{
	guard(mutex)(&event_mutex);
	return perf_attach(call, event);
}

/**
 * perf_trace_destroy - detach an event set up by perf_trace_init()
 * @event: the perf event, already removed from every CPU
 */
void perf_trace_destroy(struct perf_event *event)
{
	mutex_lock(&event_mutex);
	perf_detach(event);
	mutex_unlock(&event_mutex);
}

/*
 * Scheduling of an event on this CPU.  The call's reg() is asked first
 * (@op is TRACE_REG_PERF_ADD or _DEL); non-zero means it placed the
 * event itself (function events), else the event goes on or off this
 * CPU's list of the call.  Interrupts are off.
 */
static int perf_place(struct perf_event *event, enum trace_reg op)
{
	struct trace_event_call *call = event->tp_event;
	struct hlist_head __percpu *lists = call->perf_events;

	if (call->class->reg(call, op, event))
		return 0;
	if (op == TRACE_REG_PERF_DEL) {
		hlist_del_rcu(&event->hlist_entry);
		return 0;
	}
	if (WARN_ON_ONCE(!lists))
		return -EINVAL;
	hlist_add_head_rcu(&event->hlist_entry, this_cpu_ptr(lists));
	return 0;
}

/**
 * perf_trace_add - schedule @event in on this CPU
 * @event: an attached event
 * @flags: PERF_EF_START to start counting at once
 *
 * Context: interrupts off, this CPU.
 * Return: 0, or -EINVAL if the call has no lists (a bug; warns).
 */
int perf_trace_add(struct perf_event *event, int flags)
{
	struct hw_perf_event *hw = &event->hw;

	if (is_sampling_event(event)) {
		hw->last_period = hw->sample_period;
		perf_swevent_set_period(event);
	}
	if (!(flags & PERF_EF_START))
		hw->state = PERF_HES_STOPPED;
	return perf_place(event, TRACE_REG_PERF_ADD);
}

/**
 * perf_trace_del - schedule @event out of this CPU
 * @event: an event added by perf_trace_add() on this CPU
 * @flags: unused
 *
 * Context: interrupts off, this CPU.
 */
void perf_trace_del(struct perf_event *event, int flags)
{
	perf_place(event, TRACE_REG_PERF_DEL);
}

/**
 * perf_trace_buf_alloc - this CPU's record area for the current context
 * @size: bytes the record needs, a multiple of 8 minus 4 as the
 *	generated probes compute it (perf adds a u32 size in front)
 * @regs: if not NULL, gets this context's scratch pt_regs
 * @rctxp: gets the recursion context, for perf_trace_buf_submit()
 *
 * The last 8 bytes of the record are zeroed, so the padding after the
 * fields never carries old data to user space.
 *
 * Context: any, NMI included; preemption disabled (probe context).
 * Return: the area, or NULL when @size is too big (warns once) or this
 * context is already in use on this CPU (recursion).
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	struct perf_rec_area *area;

	BUILD_BUG_ON(sizeof(*area) != PERF_MAX_TRACE_SIZE);

	if (WARN_ONCE(size > sizeof(*area),
		      "perf trace record of %d bytes, the area holds %zu",
		      size, sizeof(*area)))
		return NULL;

	*rctxp = perf_swevent_get_recursion_context();
	if (*rctxp < 0)
		return NULL;

	area = this_cpu_ptr(rec_areas[*rctxp]);
	memset((char *)area + size - sizeof(u64), 0, sizeof(u64));
	if (regs)
		*regs = this_cpu_ptr(&__perf_regs[*rctxp]);
	return area;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);
NOKPROBE_SYMBOL(perf_trace_buf_alloc);

/**
 * perf_trace_buf_update - fill the common fields of a perf record
 * @record: a struct trace_entry at the start of the record
 * @type: the event id
 *
 * Context: any (probe context).
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}

NOKPROBE_SYMBOL(perf_trace_buf_update);
