/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack tracer inside kernel/trace (stack-tracer.rst): the deepest
 * stack seen and the calls its files make (stack_tracer.c), the pure
 * search behind it (stk_locate(), for the KUnit suite too) and the
 * files themselves (stack_tracer_files.c).
 *
 * The record.  @addr[i] is a return address found on the stack and
 * @depth[i] the bytes from the slot that holds it to the top of the
 * stack; entry 0 is the traced function (its return into itself past
 * the patch site, the call the site made), the last one the outermost
 * caller.  The depths decrease with i; frame i's size is
 * depth[i] - depth[i + 1], the last frame's its depth:
 *
 *   top of the stack  ------------------------------   depth 0
 *                     | entry code               |
 *                     | return into entry code   |  <- depth[2]
 *                     | sys_foo's frame          |
 *                     | return into sys_foo      |  <- depth[1]
 *                     | bar's frame              |
 *                     | return into bar (site+5) |  <- depth[0]
 *                     ------------------------------
 *                       the tracer's own frames, not counted
 *
 * Locks: stk_lock (an arch spinlock, taken with interrupts off and this
 * CPU's disable_stack_tracer raised, so that a traced function called
 * under it cannot take it again) covers the record and the writes of
 * the deepest size and of the bound derived from it, which the
 * callback reads without it.
 * stk_sysctl_mutex orders registrations of the ops.
 */
#ifndef _KERNEL_TRACE_STACK_TRACER_H
#define _KERNEL_TRACE_STACK_TRACER_H

#include <linux/ftrace.h>
#include <linux/types.h>

/* Entries of the record: the deepest trace kept is this many frames. */
#define STK_ENTRIES	500

struct stk_record {
	unsigned int	nr;
	unsigned long	addr[STK_ENTRIES];
	unsigned int	depth[STK_ENTRIES];
};

/* The ops of the tracer (its filter is stack_trace_filter's). */
extern struct ftrace_ops stk_ops;

/*
 * The record and the deepest size as they are now: copied under the
 * lock, so the two agree (any context but NMI).
 */
void stk_snapshot(struct stk_record *out, unsigned long *max_size);
/* stack_max_size's value; a write of it starts a new search from @size. */
unsigned long stk_max_size_get(void);
void stk_max_size_set(unsigned long size);

/*
 * stk_locate - find the return addresses of a trace on a stack
 * @rec: @rec->addr[@first..@nr) from the unwinder, innermost first
 * @first: the first entry to look for (the ones before are dropped)
 * @nr: entries in @rec->addr
 * @from: the lowest slot to search
 * @top: one past the highest slot (the top of the stack)
 *
 * Scans up from @from for each address in turn, the next one from the
 * slot after the last found; an address not on the stack is dropped.
 * Keeps what was found at the front of @rec->addr (in place) with its
 * depth in @rec->depth, and sets @rec->nr to how many.
 */
void stk_locate(struct stk_record *rec, unsigned int first, unsigned int nr,
		const unsigned long *from, const unsigned long *top);

/*
 * The text of stack_trace (and of the console dump when a stack
 * overflows): a header with the number of entries, then one line per
 * entry (index, depth, frame size, location).  User space parses it:
 * the columns are upstream's, character for character.
 */
#define STK_HEADER_FMT							\
	"        Depth    Size   Location    (%u entries)\n"		\
	"        -----    ----   --------\n"
#define STK_LINE_FMT	"%3u) %8u   %5u   %pS\n"

/* Frame @i's own size in bytes (@i < @rec->nr). */
static inline unsigned int stk_frame_size(const struct stk_record *rec,
					  unsigned int i)
{
	return i + 1 < rec->nr ? rec->depth[i] - rec->depth[i + 1] :
				 rec->depth[i];
}

/* Boot: the files, the README part (stack_tracer_files.c). */
void __init stk_files_init(void);

#endif /* _KERNEL_TRACE_STACK_TRACER_H */
