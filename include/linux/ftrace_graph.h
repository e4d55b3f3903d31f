/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function graph tracer's interface: callbacks at the entry and at
 * the return of traced functions, the per-task stack of saved return
 * addresses that makes the return hook possible, and what unwinders,
 * fork, the scheduler and suspend code need to know about that stack.
 *
 * How a return is hooked: at entry, function_graph_enter() pushes the
 * real return address on current's return stack and the architecture
 * replaces it with return_to_handler; that trampoline calls
 * ftrace_return_to_handler(), which pops the entry, runs the return
 * callbacks and gives back the real address.  An unwinder that meets
 * return_to_handler on a stack asks ftrace_graph_ret_addr() for the
 * address it stands for.
 *
 * The two records below are always declared: the funcgraph_entry and
 * funcgraph_exit events store them, and their layout is what the
 * format files show.  The rest exists with CONFIG_FUNCTION_GRAPH_TRACER;
 * without it the hooks the kernel calls unconditionally are empty
 * inlines, the unwinder's lookup returns the address it was given, and
 * registration is a macro that fails with -1.
 *
 * Callbacks run in any context, NMI included.  Included by
 * <linux/ftrace.h>; compiles on its own wherever <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_GRAPH_H
#define _LINUX_FTRACE_GRAPH_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/sched.h>
#include <linux/types.h>

#include <asm/ftrace.h>

#include <linux/ftrace_callback.h>
#include <linux/ftrace_ops_api.h>

struct fgraph_ops;
struct ftrace_regs;
struct task_struct;

/* A function entered (packed: the record stores it as is). */
struct ftrace_graph_ent {
	unsigned long	func;
	int		depth;
} __packed;

/*
 * A function returned.  @overrun counts the calls of the task that went
 * deeper than its return stack could follow.
 */
struct ftrace_graph_ret {
	unsigned long	func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	unsigned long	retval;
#endif
	int		depth;
	u32		overrun;
	u64		calltime;
	u64		rettime;
} __packed;

/*
 * Called by return_to_handler: pops current's return stack, runs the
 * return callbacks and returns the real return address.  Architectures
 * with HAVE_FUNCTION_GRAPH_FREGS pass the return-value registers as a
 * frame, the others their frame pointer (checked against the one saved
 * at entry where HAVE_FUNCTION_GRAPH_FP_TEST).
 */
#ifndef CONFIG_HAVE_FUNCTION_GRAPH_FREGS
unsigned long ftrace_return_to_handler(unsigned long frame_pointer);
#else
unsigned long ftrace_return_to_handler(struct ftrace_regs *fregs);
#endif

/*
 * The callbacks.  The entry callback returns non-zero to have the
 * return of this call hooked as well, 0 to let it go.
 */
typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *,
				      struct fgraph_ops *);
typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *,
				       struct fgraph_ops *);

/* The entry callback that declines every call. */
int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops);

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/*
 * Architectures that do not hook the graph tracer into their callers
 * themselves (no ftrace_graph_func in <asm/ftrace.h>) get it through
 * the hook of their callers; its ops then only holds a place, and every
 * call goes through the hash test, never straight to the handler.
 */
#ifndef ftrace_graph_func
#define ftrace_graph_func	ftrace_stub
#define FTRACE_OPS_GRAPH_STUB	FTRACE_OPS_FL_STUB
#define FGRAPH_NO_DIRECT	1
#else
#define FTRACE_OPS_GRAPH_STUB	0
#define FGRAPH_NO_DIRECT	0
#endif

/**
 * struct fgraph_ops - a graph tracer user
 * @entryfunc: called at entry
 * @retfunc: called at return, for the calls @entryfunc accepted
 * @saved_func: @entryfunc while the core calls a filter in front
 * @ops: chooses the functions (its filter and notrace sets)
 * @private: the user's
 * @idx: the user's slot on the return stacks (core)
 */
struct fgraph_ops {
	trace_func_graph_ent_t		entryfunc;
	trace_func_graph_ret_t		retfunc;
	trace_func_graph_ent_t		saved_func;
	struct ftrace_ops		ops;
	void				*private;
	int				idx;
};

/*
 * Register and unregister a user (process context; at most a fixed
 * number at a time).  Return: 0 or a negative errno.
 */
int register_ftrace_graph(struct fgraph_ops *ops);
void unregister_ftrace_graph(struct fgraph_ops *ops);

/*
 * Data an entry callback keeps for its return callback, on the return
 * stack: reserve @size_bytes at entry (NULL if there is no room), find
 * them at return.  @idx is the fgraph_ops' idx.
 */
void *fgraph_reserve_data(int idx, int size_bytes);
void *fgraph_retrieve_data(int idx, int *size_bytes);

/* current's word for @gops, kept across the task's calls. */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops);

/*
 * The architecture's side.  Its entry code calls function_graph_enter()
 * for @func, about to return to @ret from the stack slot @retp (with
 * @frame_pointer), which offers the call to every user whose ops wants
 * @func; an architecture whose graph entry is an ftrace_ops callback
 * (ftrace_graph_func) calls function_graph_enter_ops() with the ops it
 * was called for, which offers the call to that ops' user alone.  On 0
 * the architecture replaces the return address with return_to_handler
 * (its assembly); otherwise (-EBUSY) it leaves the call alone.  Both
 * run with the recursion guard held, interrupts in any state.
 */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp);
int function_graph_enter_ops(unsigned long ret, unsigned long func,
			     unsigned long frame_pointer, unsigned long *retp,
			     struct ftrace_ops *op);
void return_to_handler(void);

/*
 * Make @dst, a user's ops, choose the functions @src's filter and
 * notrace sets choose, and follow their changes (the graph tracer of an
 * instance shares the instance's set_ftrace_filter).  Before
 * register_ftrace_graph(); @src outlives the user.
 */
void fgraph_init_ops(struct ftrace_ops *dst, struct ftrace_ops *src);

/*
 * Whether the time a task spends scheduled out counts in the calltime
 * of the calls it is inside (true, the default) or is left out.
 */
void ftrace_graph_sleep_time_control(bool enable);

/*
 * Stop the graph tracer for good after it found its state broken; hot
 * paths test ftrace_graph_is_dead() and do nothing once it is true.
 */
DECLARE_STATIC_KEY_FALSE(kill_ftrace_graph);

static inline bool ftrace_graph_is_dead(void)
{
	return static_branch_unlikely(&kill_ftrace_graph);
}

void ftrace_graph_stop(void);

/*
 * A task's return stack: one page, made for FTRACE_RETSTACK_ALLOC_SIZE
 * tasks at a time when the first user registers, by fork and for each
 * CPU's idle task while any is registered; freed when the task exits
 * (Documentation/trace/retrace/fgraph.rst); it holds as many calls as
 * fit in the page.  FTRACE_RETFUNC_DEPTH is how deep the graph tracer's
 * output keeps per-depth state (its per-CPU table of entered calls).
 */
#define FTRACE_RETFUNC_DEPTH		50
#define FTRACE_RETSTACK_ALLOC_SIZE	32

void ftrace_graph_init_task(struct task_struct *t);
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu);
void ftrace_graph_exit_task(struct task_struct *t);

/**
 * struct ftrace_ret_stack - one hooked call on a task's return stack
 * @ret: the real return address
 * @func: the function called
 * @calltime: when it was entered
 * @subtime: time spent in the calls it made (function profiler)
 * @fp: the frame pointer at entry, checked at return
 * @retp: where the return address was on the stack
 */
struct ftrace_ret_stack {
	unsigned long		ret;
	unsigned long		func;
	u64			calltime;
#ifdef CONFIG_FUNCTION_PROFILER
	u64			subtime;
#endif
#ifdef HAVE_FUNCTION_GRAPH_FP_TEST
	unsigned long		fp;
#endif
	unsigned long		*retp;
};

/* The @skip-th newest entry of @task's return stack, or NULL. */
struct ftrace_ret_stack *ftrace_graph_get_ret_stack(struct task_struct *task,
						    int skip);

/*
 * For unwinders: the real return address behind @ret found at @retp on
 * @task's stack, or @ret when it is not return_to_handler.  @idx keeps
 * the place between calls of one unwind; start it at 0.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp);

/*
 * Stop hooking current's calls for a while (suspend and resume code
 * that changes stacks); the two nest.
 */
static inline void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

static inline void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}

/*
 * A function the graph tracer must not hook (it switches stacks or
 * tasks) but the function tracer may trace.
 */
#define __notrace_funcgraph	notrace

#else /* !CONFIG_FUNCTION_GRAPH_TRACER */

/* Macros: struct fgraph_ops has no body here. */
#define register_ftrace_graph(ops)	({ -1; })
#define unregister_ftrace_graph(ops)	do { } while (0)

#define __notrace_funcgraph

static inline unsigned long ftrace_graph_ret_addr(struct task_struct *task,
						  int *idx, unsigned long ret,
						  unsigned long *retp)
{
	return ret;
}

static inline void ftrace_graph_init_task(struct task_struct *t) { }
static inline void ftrace_graph_init_idle_task(struct task_struct *t, int cpu) { }
static inline void ftrace_graph_exit_task(struct task_struct *t) { }

static inline void pause_graph_tracing(void) { }
static inline void unpause_graph_tracing(void) { }

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#endif /* _LINUX_FTRACE_GRAPH_H */
