// SPDX-License-Identifier: GPL-2.0
/*
 * Return hooks: run a callback when a function returns, by replacing its
 * return address with an architecture trampoline (kretprobes use this).
 *
 * Objects (their layout is <linux/rethook.h>, shared with the arch code):
 *
 *   struct rethook       one per user (a kretprobe): the handler, the
 *                        user's data and a pool of nodes (objpool:
 *                        lock-free pop and push from any context);
 *   struct rethook_node  one per hooked call in flight: the real return
 *                        address, the frame it belongs to, and a link in
 *                        the running task's shadow stack.
 *
 * The shadow stack is task->rethooks, a singly linked list, newest first.
 * Only its task touches it while the task runs (hook at function entry,
 * unwind in the trampoline, unwinders reading its own stack); another
 * task may read it only while the task is not running, and it is emptied
 * once the task is dead (rethook_flush_task()).  So no lock: plain list
 * operations (__llist_add(), __llist_del_all()).
 *
 * One frame may be hooked more than once (two kretprobes on one function):
 * the first hook saves the real return address, the later ones save the
 * trampoline's address (it already replaced the real one).  So on the
 * stack a frame is a run of nodes, newest first, ending at the one node
 * that holds a real address.  The trampoline handler runs every node of
 * the top run (newest first), then pops the run.
 *
 *   task->rethooks --> [tramp, F] --> [tramp, F] --> [real, F] --> [real, G]
 *                      '-------------- run of frame F ------------'
 *
 * Lifetime.  rethook_free() clears the handler (rethook_stop()) and, after
 * an RCU grace period, finalises the pool: nodes in the pool are freed;
 * nodes in flight are freed one by one as they come back (each after its
 * own grace period, because a trampoline may still be reading it), and
 * the last one frees the rethook itself (the pool's release callback).
 * Readers of the handler (try_get, recycle, the trampoline) run with
 * preemption off or in RCU readers, which is what the grace periods wait
 * for.
 *
 * Contexts: rethook_try_get(), rethook_hook(), rethook_recycle() and the
 * trampoline handler run in probe context (any, with preemption off) and
 * must not be kprobed themselves (NOKPROBE_SYMBOL); rethook_alloc() and
 * rethook_free() in process context.
 */
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/panic.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

/* The user's handler, or NULL once rethook_stop() ran. */
static __always_inline rethook_handler_t rethook_handler(struct rethook *rh)
{
	return (rethook_handler_t)rcu_dereference_check(rh->handler,
							rcu_read_lock_any_held());
}

static __always_inline struct rethook_node *rethook_node_of(struct llist_node *link)
{
	return container_of(link, struct rethook_node, llist);
}

/* Does @rhn hold a real return address (the oldest node of its frame)? */
static __always_inline bool rethook_node_is_real(struct rethook_node *rhn)
{
	return rhn->ret_addr != (unsigned long)arch_rethook_trampoline;
}

/* objpool callbacks: each node knows its rethook; the last one frees it. */
static int rethook_node_init(void *obj, void *context)
{
	((struct rethook_node *)obj)->rethook = context;
	return 0;
}

static int rethook_pool_release(struct objpool_head *pool, void *context)
{
	kfree(context);
	return 0;
}

/**
 * rethook_alloc() - create a rethook
 * @data: passed to @handler
 * @handler: called at each hooked return; must not be NULL
 * @size: size of each node, at least sizeof(struct rethook_node) (a user
 *        may embed the node at the start of a larger entry)
 * @num: nodes to preallocate, i.e. hooked calls that may be in flight
 *
 * Context: process (sleeps).
 * Return: the rethook, ERR_PTR(-EINVAL) for bad arguments or
 * ERR_PTR(-ENOMEM).
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler,
			      int size, int num)
{
	struct rethook *rh;

	if (!handler || num <= 0 || size < (int)sizeof(struct rethook_node))
		return ERR_PTR(-EINVAL);

	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return ERR_PTR(-ENOMEM);
	rh->data = data;
	rcu_assign_pointer(rh->handler, handler);

	if (objpool_init(&rh->pool, num, size, GFP_KERNEL, rh,
			 rethook_node_init, rethook_pool_release)) {
		kfree(rh);
		return ERR_PTR(-ENOMEM);
	}
	return rh;
}

/**
 * rethook_stop() - stop running the handler
 * @rh: the rethook
 *
 * Hooks already set stay in place and return normally, without the
 * handler.  To wait for handlers running now, wait for an RCU grace
 * period after this.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}

static void rethook_free_rcu(struct rcu_head *head)
{
	objpool_fini(&container_of(head, struct rethook, rcu)->pool);
}

/**
 * rethook_free() - release a rethook
 * @rh: the rethook; the caller must not use it afterwards
 *
 * Stops it, and frees it once no node is in flight (see the top of this
 * file).  The handler may still be running when this returns; anything
 * @rh->data points to must stay valid until a grace period has passed.
 */
void rethook_free(struct rethook *rh)
{
	rethook_stop(rh);
	call_rcu(&rh->rcu, rethook_free_rcu);
}

static void rethook_node_free_rcu(struct rcu_head *head)
{
	struct rethook_node *rhn = container_of(head, struct rethook_node, rcu);

	objpool_drop(rhn, &rhn->rethook->pool);
}

/**
 * rethook_recycle() - give a node back
 * @node: a node from rethook_try_get()
 *
 * Back into the pool, or, if the rethook was stopped, freed after a grace
 * period (its pool is going away).
 */
void rethook_recycle(struct rethook_node *node)
{
	if (likely(rethook_handler(node->rethook)))
		objpool_push(node, &node->rethook->pool);
	else
		call_rcu(&node->rcu, rethook_node_free_rcu);
}

NOKPROBE_SYMBOL(rethook_recycle);

/**
 * rethook_try_get() - take a free node
 * @rh: the rethook
 *
 * Context: preemption off (the caller is a probe).
 * Return: a node, or NULL if the pool is empty, the rethook is stopped,
 * or (with the configurations that allow probing there) RCU is not
 * watching this CPU: a node must be recyclable with call_rcu().
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	if (unlikely(!rethook_handler(rh)))
		return NULL;

	if ((IS_ENABLED(CONFIG_FTRACE_VALIDATE_RCU_IS_WATCHING) ||
	     IS_ENABLED(CONFIG_KPROBE_EVENTS_ON_NOTRACE)) &&
	    unlikely(!rcu_is_watching()))
		return NULL;

	return objpool_pop(&rh->pool);
}

NOKPROBE_SYMBOL(rethook_try_get);

/**
 * rethook_hook() - hook the return of the function being entered
 * @node: a node from rethook_try_get()
 * @regs: the registers at the function's entry
 * @mcount: true from an ftrace (mcount/fentry) callback, false from the
 *          real entry (kprobes): the return address is found differently
 *
 * Saves the return address in @node, replaces it with the trampoline and
 * pushes @node on current's shadow stack.
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	arch_rethook_prepare(node, regs, mcount);
	__llist_add(&node->llist, &current->rethooks);
}

NOKPROBE_SYMBOL(rethook_hook);

/*
 * The next node holding a real return address on @tsk's stack, after
 * *@cur (from the top if *@cur is NULL); *@cur is moved to it.
 */
static struct rethook_node *rethook_next_real(struct task_struct *tsk,
					      struct llist_node **cur)
{
	struct llist_node *link = *cur ? (*cur)->next : tsk->rethooks.first;
	struct rethook_node *rhn;

	for (; link; link = link->next) {
		rhn = rethook_node_of(link);
		if (rethook_node_is_real(rhn)) {
			*cur = link;
			return rhn;
		}
	}
	return NULL;
}

NOKPROBE_SYMBOL(rethook_next_real);

/**
 * rethook_find_ret_addr() - the real return address behind a trampoline
 * @tsk: current, or a task that is not running
 * @frame: the frame (as arch_rethook_prepare() recorded it) to look for
 * @cur: cursor; *@cur must be NULL on the first call, and is kept between
 *       calls to find the next hooked return of the same frame further
 *       down the stack
 *
 * For unwinders that meet the trampoline's address on a stack.
 * Return: the address, or 0 if none is found (or @tsk is running).
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk, unsigned long frame,
				    struct llist_node **cur)
{
	struct rethook_node *rhn;

	if (WARN_ON_ONCE(!cur))
		return 0;
	if (tsk != current && task_is_running(tsk))
		return 0;

	while ((rhn = rethook_next_real(tsk, cur)))
		if (rhn->frame == frame)
			return rhn->ret_addr;
	return 0;
}

NOKPROBE_SYMBOL(rethook_find_ret_addr);

/*
 * Architectures that keep the return address where a stack trace reads
 * it (frame-pointer unwinding) put the real one back here, so that the
 * handlers' stack traces are right.  Nothing to do by default.
 */
void __weak arch_rethook_fixup_return(struct pt_regs *regs,
				      unsigned long correct_ret_addr)
{
}

/**
 * rethook_trampoline_handler() - run the handlers of the returning frame
 * @regs: registers at the return, built by the architecture trampoline
 * @frame: the returning frame, as arch_rethook_prepare() recorded it
 *
 * Called by the architecture's trampoline only.  Runs the handler of every
 * node of the top run of current's shadow stack (newest first), then pops
 * the run and recycles its nodes.  The nodes stay on the stack while the
 * handlers run, so that a stack trace taken in a handler can still
 * resolve the trampoline.
 *
 * Return: the real return address, also stored in @regs.
 */
unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame)
{
	struct llist_node *bottom = NULL, *link, *next;
	struct rethook_node *rhn, *real;
	rethook_handler_t handler;
	unsigned long ret_addr;

	real = rethook_next_real(current, &bottom);
	/* Nowhere to return to: the shadow stack is corrupt. */
	if (!real)
		panic("rethook: no return address on the shadow stack\n");
	ret_addr = real->ret_addr;
	instruction_pointer_set(regs, ret_addr);

	/* Keeps each node's rethook alive (see rethook_free()). */
	preempt_disable_notrace();

	for (link = current->rethooks.first; link; link = link->next) {
		rhn = rethook_node_of(link);
		if (WARN_ON_ONCE(rhn->frame != frame))
			break;
		handler = rethook_handler(rhn->rethook);
		if (handler)
			handler(rhn, rhn->rethook->data, ret_addr, regs);
		if (link == bottom)
			break;
	}

	arch_rethook_fixup_return(regs, ret_addr);

	/* Pop the run: the stack now starts below @bottom. */
	link = current->rethooks.first;
	current->rethooks.first = bottom->next;
	bottom->next = NULL;
	for (; link; link = next) {
		next = link->next;
		rethook_recycle(rethook_node_of(link));
	}

	preempt_enable_notrace();
	return ret_addr;
}

NOKPROBE_SYMBOL(rethook_trampoline_handler);

/**
 * rethook_flush_task() - recycle the nodes of a dead task
 * @tk: the task, no longer running (called when its task_struct is put)
 *
 * Its hooked functions will never return.
 */
void rethook_flush_task(struct task_struct *tk)
{
	struct llist_node *link, *next;

	for (link = __llist_del_all(&tk->rethooks); link; link = next) {
		next = link->next;
		preempt_disable();
		rethook_recycle(rethook_node_of(link));
		preempt_enable();
	}
}
