/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the graph core: the words of a task's return stack, the table
 * of users, and what the hot paths (fgraph_stack.c) and the life cycle
 * (fgraph_users.c) share.  Documentation/trace/retrace/fgraph.rst draws
 * the stack.
 *
 * A return stack is FGS_WORDS unsigned longs.  The low FGS_LIMIT words
 * hold frames, growing up from word 0; task->curr_ret_stack is the
 * number of words in use (the next free one).  The last FGRAPH_USERS
 * words are the users' task variables (fgraph_get_task_var()).
 *
 * One hooked call is one frame:
 *
 *   [ struct ftrace_ret_stack ][ frame word ][ data ][ data word ] ...
 *   ^ frame start                                    ^ top word
 *
 * The word below curr_ret_stack, the top word, is the frame word or the
 * data word of the last block reserved in the frame; each of them
 * holds its distance back to the frame start, so the top word alone
 * finds the frame.
 *
 *               27              12 11  10 9           0
 *              +------------------+------+-------------+
 *   frame word | users bitmap     | 1    | back        |
 *              +------------------+------+-------------+
 *               20    17 16     12
 *              +--------+---------+------+-------------+
 *   data word  | idx    | words-1 | 2    | back        |
 *              +--------+---------+------+-------------+
 *
 * back: words from this word down to the frame start (at least
 * FGS_FRAME_WORDS, at most the word's own index).  A frame word's
 * bitmap says which users' return callbacks run; a data word closes a
 * block of @words words (1..32) reserved by user @idx, which sits right
 * below it.
 *
 * Who touches a stack: its task, in any context (an interrupt or NMI
 * pushes and pops its own frames above the task's before it returns);
 * unwinders, of the task or of another task, which only read, below
 * curr_ret_stack, and check every offset they follow.  A push writes
 * the top word before it moves curr_ret_stack over it, so a reader of
 * the task never meets a top word not written.
 */
#ifndef _KERNEL_TRACE_FGRAPH_INTERNAL_H
#define _KERNEL_TRACE_FGRAPH_INTERNAL_H

#include <linux/bits.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/jump_label.h>
#include <linux/sched.h>
#include <linux/static_call.h>

/* Graph users at once; a frame word's bitmap has a bit for each. */
#define FGRAPH_USERS		16

#define FGS_SIZE		PAGE_SIZE
#define FGS_WORDS		((int)(FGS_SIZE / sizeof(long)))
#define FGS_FRAME_WORDS		((int)(sizeof(struct ftrace_ret_stack) / sizeof(long)))
/* Where the task variables start, and the end of the frames' room. */
#define FGS_VARS		(FGS_WORDS - FGRAPH_USERS)
#define FGS_LIMIT		FGS_VARS

#define FGS_BACK_BITS		10
#define FGS_BACK_MASK		GENMASK(FGS_BACK_BITS - 1, 0)
#define FGS_TYPE_SHIFT		FGS_BACK_BITS
#define FGS_TYPE_MASK		GENMASK(1, 0)
#define FGS_TYPE_FRAME		1UL
#define FGS_TYPE_DATA		2UL
#define FGS_BITS_SHIFT		12
#define FGS_DSIZE_SHIFT		12
#define FGS_DSIZE_BITS		5
#define FGS_DIDX_SHIFT		(FGS_DSIZE_SHIFT + FGS_DSIZE_BITS)
/* The largest block one reservation makes, in words and bytes. */
#define FGS_DATA_MAX_WORDS	BIT(FGS_DSIZE_BITS)
#define FGS_DATA_MAX		((int)(FGS_DATA_MAX_WORDS * sizeof(long)))

static inline int fgs_back(unsigned long w)
{
	return w & FGS_BACK_MASK;
}

static inline unsigned long fgs_type(unsigned long w)
{
	return (w >> FGS_TYPE_SHIFT) & FGS_TYPE_MASK;
}

static inline unsigned long fgs_frame_word(unsigned long users)
{
	return users << FGS_BITS_SHIFT | FGS_TYPE_FRAME << FGS_TYPE_SHIFT |
	       FGS_FRAME_WORDS;
}

static inline unsigned long fgs_users(unsigned long w)
{
	return (w >> FGS_BITS_SHIFT) & GENMASK(FGRAPH_USERS - 1, 0);
}

static inline unsigned long fgs_data_word(int idx, int words, int back)
{
	return (unsigned long)idx << FGS_DIDX_SHIFT |
	       (unsigned long)(words - 1) << FGS_DSIZE_SHIFT |
	       FGS_TYPE_DATA << FGS_TYPE_SHIFT | back;
}

static inline int fgs_data_words(unsigned long w)
{
	return ((w >> FGS_DSIZE_SHIFT) & GENMASK(FGS_DSIZE_BITS - 1, 0)) + 1;
}

static inline int fgs_data_idx(unsigned long w)
{
	return (w >> FGS_DIDX_SHIFT) & GENMASK(3, 0);
}

static inline struct ftrace_ret_stack *fgs_frame(unsigned long *stack,
						 int start)
{
	return (struct ftrace_ret_stack *)&stack[start];
}

/*
 * The start of the frame whose top word is stack[@top - 1], or -1 when
 * @top is 0 or the word points outside [0, @top).  Reads each word
 * once: safe on another task's stack.
 */
static inline int fgs_frame_start(const unsigned long *stack, int top)
{
	unsigned long w;
	int back;

	if (top <= 0 || top > FGS_LIMIT)
		return -1;
	w = READ_ONCE(stack[top - 1]);
	back = fgs_back(w);
	if (back < FGS_FRAME_WORDS || back > top - 1 || !fgs_type(w))
		return -1;
	return top - 1 - back;
}

/*
 * The users.  fgraph_users[i] is the user with idx i, or &fgraph_gone
 * (whose callbacks do nothing) when the slot is free; readers load it
 * with READ_ONCE() under preemption off, and a removed user is waited
 * for with synchronize_rcu() before unregister_ftrace_graph() returns.
 * fgraph_mutex (fgraph_users.c) serializes every change, and comes
 * before ftrace_lock.
 */
extern struct fgraph_ops fgraph_gone;
extern struct fgraph_ops *fgraph_users[FGRAPH_USERS];

/*
 * Exactly one user registered: the hot paths call it through the
 * static calls fgraph_one_entry and fgraph_one_ret instead of through
 * its pointers; fgraph_one_idx is its idx.
 */
DECLARE_STATIC_KEY_FALSE(fgraph_one);
extern int fgraph_one_idx;
DECLARE_STATIC_CALL(fgraph_one_entry, ftrace_graph_entry_stub);
void fgraph_ret_stub(struct ftrace_graph_ret *trace, struct fgraph_ops *gops);
DECLARE_STATIC_CALL(fgraph_one_ret, fgraph_ret_stub);

/* Whether sleep time counts in calltime (ftrace_graph_sleep_time_control). */
extern bool fgraph_sleep_time;

/* Start the return stack @stack (FGS_SIZE bytes) of @t, empty. */
void fgs_init_task(struct task_struct *t, unsigned long *stack);

#endif /* _KERNEL_TRACE_FGRAPH_INTERNAL_H */
