// SPDX-License-Identifier: GPL-2.0
/*
 * The graph core's hot paths: a traced call's frame pushed on current's
 * return stack at entry, the users' return callbacks and the pop at
 * return, the data users keep in a frame, and the lookups unwinders
 * make (fgraph_internal.h has the words, fgraph.rst the pictures).
 *
 * Contexts: entry and return run in the traced task, in any context,
 * NMI included, with the recursion guard of the entry held by the
 * architecture; fgraph_reserve_data() only from an entry callback,
 * fgraph_retrieve_data() from an entry or return callback of the same
 * frame; the lookups anywhere, for any task that cannot be freed under
 * them (the caller holds a reference or is the task).
 *
 * One call, several users.  Each user's ftrace_ops calls the
 * architecture's entry on its own; the first that takes the call
 * pushes the frame and hooks the return, the others find the slot
 * already holding return_to_handler and the top frame naming that slot
 * and that function, and only add their bit to it.  So a call has one frame and one trip
 * through the trampoline however many users take it.
 *
 * Nesting: an interrupt that comes in the middle of a push or a pop
 * uses the words above curr_ret_stack and leaves them as it found the
 * count, so the task's own words are only ever overwritten above that
 * count.  The labelled steps:
 *
 *   A  push: the frame's words and its top word are written, then the
 *      count moves over them; an interrupt before the move may have
 *      used the same words, so they are written again after it (B).
 *   C  reserve: the same, for a data block on top of the frame.
 *   D  pop: the return callbacks run with the frame still counted (they
 *      read its data); the count drops below it only after them.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/static_call.h>
#include <linux/trace_clock.h>

#include "ftrace/ftrace_ops.h"
#include "fgraph_internal.h"

DEFINE_STATIC_KEY_FALSE(kill_ftrace_graph);

/**
 * ftrace_graph_stop - stop graph tracing for good
 *
 * For a state the core cannot trust any more (a return with no frame):
 * no call is hooked from now on; frames already pushed still return.
 * Process context (it patches the static key).
 */
void ftrace_graph_stop(void)
{
	static_branch_enable(&kill_ftrace_graph);
}

/* The entry callback of @gops: straight, when it is the only user. */
static __always_inline int fgraph_call_entry(struct ftrace_graph_ent *trace,
					     struct fgraph_ops *gops)
{
	if (static_branch_likely(&fgraph_one))
		return static_call(fgraph_one_entry)(trace, gops);
	return gops->entryfunc(trace, gops);
}

/*
 * Push a frame for a call of @func that returns to @ret from the stack
 * slot @retp.  Its start, or -1 when the stack is full (counted in
 * trace_overrun: the call is not hooked, nothing is lost but its trace).
 */
static __always_inline int fgs_push(struct task_struct *t, unsigned long *stack,
				    unsigned long ret, unsigned long func,
				    unsigned long *retp)
{
	int start = t->curr_ret_stack;
	int top = start + FGS_FRAME_WORDS + 1;
	struct ftrace_ret_stack *f = fgs_frame(stack, start);
	u64 now;

	if (unlikely(top > FGS_LIMIT)) {
		atomic_inc(&t->trace_overrun);
		return -1;
	}
	now = trace_clock_local();
	/* A */
	stack[top - 1] = fgs_frame_word(0);
	f->ret = ret;
	f->retp = retp;
	barrier();
	WRITE_ONCE(t->curr_ret_stack, top);
	barrier();
	/* B */
	stack[top - 1] = fgs_frame_word(0);
	f->ret = ret;
	f->func = func;
	f->calltime = now;
	f->retp = retp;
	return start;
}

/* Drop what a user that declined the call reserved (and the frame). */
static __always_inline void fgs_cut(struct task_struct *t, int count)
{
	barrier();
	WRITE_ONCE(t->curr_ret_stack, count);
}

/*
 * Whether the frame at @start is the call being entered, taken by
 * another user: it names the same slot and function, and @gops has not
 * taken it.  A function that tail-calls another leaves the callee the
 * same slot, already hooked: the callee is a call of its own (a frame,
 * a return of its own); its function tells it apart.  A function that
 * tail-calls itself through its patch site, seen by a user the first
 * call's users did not include, joins that frame (one return for the
 * two, which is when both really return).
 */
static __always_inline bool fgs_same_call(unsigned long *stack, int start,
					  unsigned long func,
					  unsigned long *retp,
					  struct fgraph_ops *gops)
{
	struct ftrace_ret_stack *f = fgs_frame(stack, start);

	return f->retp == retp && f->func == func &&
	       !(fgs_users(stack[start + FGS_FRAME_WORDS]) & BIT(gops->idx));
}

/*
 * A second user takes a call whose frame (at @start, top of the stack
 * at @top) another user pushed: same depth, its bit added.
 */
static int fgs_join(struct task_struct *t, unsigned long *stack, int start,
		    int top, struct ftrace_graph_ent *trace,
		    struct fgraph_ops *gops)
{
	trace->depth = t->curr_ret_depth;
	if (!fgraph_call_entry(trace, gops)) {
		fgs_cut(t, top);
		return -EBUSY;
	}
	stack[start + FGS_FRAME_WORDS] |= BIT(gops->idx) << FGS_BITS_SHIFT;
	return 0;
}

/**
 * function_graph_enter_ops - offer a call to the user of an ftrace_ops
 * @ret: the return address in the slot
 * @func: the function called
 * @frame_pointer: unused on architectures without a frame check
 * @retp: the stack slot holding @ret
 * @op: the ops whose callback got the call: &fgraph_ops.ops of a user
 *
 * Return: 0 when the return is to be hooked (the architecture then
 * stores return_to_handler at @retp; it may already be there), -EBUSY
 * otherwise.  Current's context, recursion guard held.
 */
int function_graph_enter_ops(unsigned long ret, unsigned long func,
			     unsigned long frame_pointer, unsigned long *retp,
			     struct ftrace_ops *op)
{
	struct fgraph_ops *gops = container_of(op, struct fgraph_ops, ops);
	struct task_struct *t = current;
	unsigned long *stack = t->ret_stack;
	struct ftrace_graph_ent trace;
	int start;

	if (unlikely(!stack))
		return -EBUSY;
	trace.func = func;
	if (unlikely(ret == (unsigned long)return_to_handler)) {
		int top = t->curr_ret_stack;

		start = fgs_frame_start(stack, top);
		if (start >= 0 && fgs_same_call(stack, start, func, retp, gops))
			return fgs_join(t, stack, start, top, &trace, gops);
		/* A tail call from a hooked function: a frame of its own. */
	}
	start = fgs_push(t, stack, ret, func, retp);
	if (unlikely(start < 0))
		return -EBUSY;
	trace.depth = ++t->curr_ret_depth;
	if (likely(fgraph_call_entry(&trace, gops))) {
		stack[start + FGS_FRAME_WORDS] = fgs_frame_word(BIT(gops->idx));
		return 0;
	}
	t->curr_ret_depth--;
	fgs_cut(t, start);
	return -EBUSY;
}

/**
 * function_graph_enter - offer a call to every user that wants it
 * @ret: the return address in the slot
 * @func: the function called
 * @frame_pointer: unused on architectures without a frame check
 * @retp: the stack slot holding @ret
 *
 * For architectures whose entry code is not an ftrace_ops callback:
 * each registered user whose ops' sets choose @func is asked.
 * Return: as function_graph_enter_ops().
 */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp)
{
	struct task_struct *t = current;
	unsigned long *stack = t->ret_stack;
	struct ftrace_graph_ent trace;
	unsigned long users = 0;
	int start, i;

	if (unlikely(!stack))
		return -EBUSY;
	start = fgs_push(t, stack, ret, func, retp);
	if (unlikely(start < 0))
		return -EBUSY;
	trace.func = func;
	trace.depth = ++t->curr_ret_depth;
	for (i = 0; i < FGRAPH_USERS; i++) {
		struct fgraph_ops *gops = READ_ONCE(fgraph_users[i]);
		int count = t->curr_ret_stack;

		if (gops == &fgraph_gone || !fops_live(&gops->ops) ||
		    !fops_hash_wants(&gops->ops, func))
			continue;
		if (gops->entryfunc(&trace, gops))
			users |= BIT(i);
		else
			fgs_cut(t, count);
	}
	if (users) {
		stack[start + FGS_FRAME_WORDS] = fgs_frame_word(users);
		return 0;
	}
	t->curr_ret_depth--;
	fgs_cut(t, start);
	return -EBUSY;
}

/*
 * D: run the return callbacks of current's top frame and pop it.
 * Return: the address the call really returns to.
 */
static unsigned long fgraph_return(struct ftrace_regs *fregs)
{
	struct task_struct *t = current;
	unsigned long *stack = t->ret_stack;
	struct ftrace_graph_ret trace;
	struct ftrace_ret_stack *f;
	unsigned long users, ret;
	int start, i;

	start = stack ? fgs_frame_start(stack, t->curr_ret_stack) : -1;
	if (unlikely(start < 0)) {
		ftrace_graph_stop();
		WARN(1, "fgraph: a hooked return found no frame (%d words)\n",
		     t->curr_ret_stack);
		/* No address to go back to: stop here rather than anywhere. */
		return (unsigned long)panic;
	}
	f = fgs_frame(stack, start);
	trace.func = f->func;
	trace.depth = t->curr_ret_depth;
	trace.overrun = atomic_read(&t->trace_overrun);
	trace.calltime = f->calltime;
	trace.rettime = trace_clock_local();
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	trace.retval = ftrace_regs_get_return_value(fregs);
#endif
	users = fgs_users(stack[start + FGS_FRAME_WORDS]);

	/* Pairs with synchronize_rcu() in unregister_ftrace_graph(). */
	preempt_disable_notrace();
	if (static_branch_likely(&fgraph_one)) {
		int one = READ_ONCE(fgraph_one_idx);

		if (users & BIT(one))
			static_call(fgraph_one_ret)(&trace,
						    READ_ONCE(fgraph_users[one]));
	} else {
		for_each_set_bit(i, &users, FGRAPH_USERS) {
			struct fgraph_ops *gops = READ_ONCE(fgraph_users[i]);

			gops->retfunc(&trace, gops);
		}
	}
	preempt_enable_notrace();

	ret = f->ret;
	t->curr_ret_depth--;
	fgs_cut(t, start);
	return ret;
}

#ifdef CONFIG_HAVE_FUNCTION_GRAPH_FREGS
/**
 * ftrace_return_to_handler - the C half of return_to_handler
 * @fregs: the return value registers and the stack pointer after the
 *	return
 *
 * Return: the real return address of current's newest hooked call.
 */
unsigned long ftrace_return_to_handler(struct ftrace_regs *fregs)
{
	return fgraph_return(fregs);
}
#else
unsigned long ftrace_return_to_handler(unsigned long frame_pointer)
{
	return fgraph_return(NULL);
}
#endif

/**
 * fgraph_reserve_data - keep data in the frame of the call being entered
 * @idx: the calling user's fgraph_ops.idx
 * @size_bytes: 1 to 256 bytes
 *
 * From an entry callback only.  The data lives until the return
 * callbacks of the call have run; it is dropped if the callback returns
 * 0.  Return: word-aligned room for @size_bytes, or NULL (too big, or
 * no room left on current's return stack).
 */
void *fgraph_reserve_data(int idx, int size_bytes)
{
	struct task_struct *t = current;
	unsigned long *stack = t->ret_stack;
	int count = t->curr_ret_stack, start, top, words;
	unsigned long w;

	if (size_bytes <= 0 || size_bytes > FGS_DATA_MAX)
		return NULL;
	words = DIV_ROUND_UP(size_bytes, sizeof(long));
	top = count + words + 1;
	start = fgs_frame_start(stack, count);
	if (unlikely(top > FGS_LIMIT || start < 0))
		return NULL;
	w = fgs_data_word(idx, words, top - 1 - start);
	/* C */
	stack[top - 1] = w;
	barrier();
	WRITE_ONCE(t->curr_ret_stack, top);
	barrier();
	stack[top - 1] = w;
	return &stack[count];
}

/**
 * fgraph_retrieve_data - find the data a user kept in the current frame
 * @idx: the user's fgraph_ops.idx
 * @size_bytes: if not NULL, set to the size kept, in whole words
 *
 * From an entry or return callback.  Return: what fgraph_reserve_data()
 * gave @idx for this call, or NULL if it kept nothing.
 */
void *fgraph_retrieve_data(int idx, int *size_bytes)
{
	unsigned long *stack = current->ret_stack;
	int pos = current->curr_ret_stack;
	unsigned long w;

	while (pos > 0) {
		w = stack[pos - 1];
		if (fgs_type(w) != FGS_TYPE_DATA)
			break;
		if (fgs_data_idx(w) == idx) {
			if (size_bytes)
				*size_bytes = fgs_data_words(w) * (int)sizeof(long);
			return &stack[pos - 1 - fgs_data_words(w)];
		}
		pos -= fgs_data_words(w) + 1;
	}
	return NULL;
}

/**
 * fgraph_get_task_var - current's word for a user
 * @gops: the user
 *
 * Zero when the user registers, kept across current's calls until it
 * unregisters.  Current must have a return stack (true in a callback).
 */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	return &current->ret_stack[FGS_VARS + gops->idx];
}

/**
 * ftrace_graph_get_ret_stack - a hooked call of a task
 * @task: the task (current, or one that cannot be freed meanwhile)
 * @skip: 0 for the newest hooked call, 1 for the one it was called by...
 *
 * Return: its frame, or NULL when @task has fewer hooked calls.
 */
struct ftrace_ret_stack *ftrace_graph_get_ret_stack(struct task_struct *task,
						    int skip)
{
	unsigned long *stack = READ_ONCE(task->ret_stack);
	int top = READ_ONCE(task->curr_ret_stack);
	int start;

	if (!stack)
		return NULL;
	for (;;) {
		start = fgs_frame_start(stack, top);
		if (start < 0)
			return NULL;
		if (skip-- <= 0)
			return fgs_frame(stack, start);
		top = start;
	}
}

/**
 * ftrace_graph_ret_addr - the real return address behind a hooked one
 * @task: the task whose stack is unwound
 * @idx: the unwind's place in the return stack; 0 at the unwind's start
 * @ret: the return address found on the stack
 * @retp: where it was found
 *
 * For unwinders: when @ret is return_to_handler, the frame whose slot
 * is @retp gives the address the call returns to.  Frames are searched
 * from the newest down, past those of the slots already matched (the
 * unwind goes from the newest stack frame down too).
 *
 * Return: the real address, or @ret (not hooked, or no frame names
 * @retp: the unwind then shows return_to_handler).
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	unsigned long *stack;
	int top, start;

	if (ret != (unsigned long)return_to_handler)
		return ret;
	if (!task)
		task = current;
	stack = READ_ONCE(task->ret_stack);
	if (!stack)
		return ret;
	/*
	 * *idx is the last match's start plus one: the frames below it do
	 * not change while the unwind runs, whatever calls the unwinder
	 * itself makes (and hooks) above them.
	 */
	top = *idx > 0 ? *idx - 1 : READ_ONCE(task->curr_ret_stack);
	while ((start = fgs_frame_start(stack, top)) >= 0) {
		struct ftrace_ret_stack *f = fgs_frame(stack, start);
		unsigned long real = READ_ONCE(f->ret);

		/*
		 * A tail call's frame names its caller's slot too, and
		 * returns to return_to_handler: the caller's frame, further
		 * down, has the real address.
		 */
		if (READ_ONCE(f->retp) == retp && real != ret) {
			*idx = start + 1;
			return real;
		}
		top = start;
	}
	return ret;
}
