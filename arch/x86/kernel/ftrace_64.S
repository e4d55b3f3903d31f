/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What patch sites call on x86_64 (arch/x86/kernel/ftrace.c says when
 * a site calls which).
 *
 *   __fentry__          the compiler's target; returns at once
 *   ftrace_stub         the callback that does nothing
 *   ftrace_caller       calls function_trace_op's function with the
 *                       argument registers, ip and sp saved (cs 0)
 *   ftrace_regs_caller  the same with every register and the flags
 *                       saved (cs __KERNEL_CS): kprobes, live patching
 *
 * Both callers are also templates: a trampoline is a copy of one of them
 * up to its _end label, edited at the labels _op_ptr (a 7-byte
 * "movq function_trace_op(%rip), %rdx") and ftrace_call/ftrace_regs_call
 * (a 5-byte call, retargeted live); the ORC unwinder reads a trampoline
 * address as the same offset into its template.  Keep those shapes when
 * editing.
 *
 * The stack while a callback runs, from the top:
 *
 *   parent ip            the traced function's return address
 *   site + 5             the caller's return address, into the function
 *   [flags]              ftrace_regs_caller only (pushfq)
 *   [frame links]        CONFIG_FRAME_POINTER: two frame records, the
 *                        traced function's and its caller's, so that a
 *                        frame-pointer walk from a callback sees both
 *   struct pt_regs       the callback's struct ftrace_regs  <- %rsp, %rcx
 *
 * ftrace_caller leaves orig_ax unset; ftrace_regs_caller zeroes it.
 *
 * Callback arguments: %rdi the site's address, %rsi the parent ip,
 * %rdx the ops, %rcx the frame.  A callback may change regs.ip: the
 * callers return there instead of into the function.  regs.sp is the
 * traced function's stack pointer at its entry (it points at the parent
 * ip).  ftrace_regs_caller also honours the other registers and the
 * flags a callback changed.
 *
 * Direct calls (DYNAMIC_FTRACE_WITH_DIRECT_CALLS): a callback of
 * ftrace_regs_caller that stores an address in orig_ax
 * (arch_ftrace_set_direct_caller()) makes the caller leave through that
 * address instead of returning: every register and the flags are put
 * back, and the stack is the one the site's call left (regs.ip, then
 * the parent ip), so the direct trampoline runs as if the site had
 * called it.  The test of orig_ax sits at ftrace_regs_caller_jmp; a
 * trampoline's copy turns its branch into a NOP.
 */
#include <linux/cfi_types.h>
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/alternative.h>
#include <asm/cpufeatures.h>
#include <asm/frame.h>
#include <asm/ftrace.h>
#include <asm/nospec-branch.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/unwind_hints.h>

#ifndef CONFIG_DYNAMIC_FTRACE
# error "the function tracer patches its sites: DYNAMIC_FTRACE is required"
#endif

	.code64
	.section .text, "ax"

#ifdef CONFIG_FRAME_POINTER
# define FTX_LINKS	(4 * 8)
#else
# define FTX_LINKS	0
#endif

/* What a caller puts below its own return address (besides the flags). */
#define FTX_FRAME	(FRAME_SIZE + FTX_LINKS)

/* Store (ftx_put) or load (ftx_get) registers at their pt_regs slots. */
.macro ftx_put reg:req, slot:req, more:vararg
	movq	%\reg, \slot(%rsp)
	.ifnb \more
	ftx_put \more
	.endif
.endm

.macro ftx_get reg:req, slot:req, more:vararg
	movq	\slot(%rsp), %\reg
	.ifnb \more
	ftx_get \more
	.endif
.endm

/*
 * Open the frame: save what the traced function's callee may not
 * clobber and a callback may read, fill the regs ip and sp, load the
 * first two callback arguments, and account for the site's call (a
 * plain call, not through a call thunk).  @full (ftrace_regs_caller,
 * whose pushfq put the flags just below its return address): the rest
 * of pt_regs too, with the kernel's cs and ss; else cs is 0, which is
 * what makes ftrace_get_regs() give NULL for the frame.
 */
.macro ftx_enter full=0
	subq	$FTX_FRAME, %rsp
	ftx_put rdi, RDI, rsi, RSI, rdx, RDX, rcx, RCX, r8, R8, r9, R9, rax, RAX
	ftx_put rbp, RBP
	movq	FTX_FRAME+8*\full(%rsp), %rdi	/* site + 5 */
	movq	FTX_FRAME+8*\full+8(%rsp), %rsi	/* parent ip */
	movq	%rdi, RIP(%rsp)
	leaq	FTX_FRAME+8*\full+8(%rsp), %rax	/* the function's sp */
	movq	%rax, RSP(%rsp)
#ifdef CONFIG_FRAME_POINTER
	/* The caller's record: its frame and its return address ... */
	movq	%rbp, FRAME_SIZE+16(%rsp)
	movq	%rsi, FRAME_SIZE+24(%rsp)
	/* ... under the traced function's, whose frame we are. */
	leaq	FRAME_SIZE+16(%rsp), %rbp
	movq	%rbp, FRAME_SIZE(%rsp)
	movq	%rdi, FRAME_SIZE+8(%rsp)
	leaq	FRAME_SIZE(%rsp), %rbp
#endif
	subq	$MCOUNT_INSN_SIZE, %rdi
	.if \full
	ftx_put rbx, RBX, r10, R10, r11, R11, r12, R12, r13, R13, r14, R14
	ftx_put r15, R15
	movq	FTX_FRAME(%rsp), %rax
	movq	%rax, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	ENCODE_FRAME_POINTER
	.else
	movq	$0, CS(%rsp)
	.endif
	CALL_DEPTH_ACCOUNT
.endm

/*
 * The part a trampoline edits: the ops load at @op (7 bytes) and the
 * callback call at @call (5 bytes, retargeted live), frame in %rcx.
 */
.macro ftx_call op:req, call:req
SYM_INNER_LABEL(\op, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx
	CALL_DEPTH_ACCOUNT
SYM_INNER_LABEL(\call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub
.endm

/*
 * Put back what ftx_enter saved and return to regs.ip; @full: also the
 * other registers and the (possibly changed) flags.  @end labels the
 * return, where a trampoline's copy stops.  @direct (with @full): leave
 * for the address in orig_ax instead; the flags move one slot down and
 * the address takes their place, so that popfq and the return consume
 * both and leave the stack as the site's call made it.
 */
.macro ftx_leave end, full=0, direct=0
	movq	RIP(%rsp), %rax
	movq	%rax, FTX_FRAME+8*\full(%rsp)
	.if \full
	movq	EFLAGS(%rsp), %rax
	.if \direct
	movq	%rax, FTX_FRAME-8(%rsp)
	movq	ORIG_RAX(%rsp), %rax
	.endif
	movq	%rax, FTX_FRAME(%rsp)
	ftx_get rbx, RBX, r10, R10, r11, R11, r12, R12, r13, R13, r14, R14
	ftx_get r15, R15
	.endif
	ftx_get rax, RAX, rcx, RCX, rdx, RDX, rsi, RSI, rdi, RDI, r8, R8, r9, R9
	ftx_get rbp, RBP
	addq	$FTX_FRAME-8*\direct, %rsp
	.if \full
	popfq
	.endif
	.if \direct
	/* The direct trampoline's address is where a return address would be. */
	UNWIND_HINT_FUNC
	.else
SYM_INNER_LABEL(\end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	.endif
	RET
.endm

SYM_TYPED_FUNC_START(ftrace_stub)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct trampoline that does nothing returns as the stub does. */
SYM_FUNC_ALIAS(ftrace_stub_direct_tramp, ftrace_stub)
#endif

SYM_FUNC_START(ftrace_caller)
	ftx_enter
	ftx_call ftrace_caller_op_ptr, ftrace_call
	ftx_leave ftrace_caller_end
SYM_FUNC_END(ftrace_caller)

SYM_FUNC_START(ftrace_regs_caller)
	pushfq
	ftx_enter full=1
	ftx_call ftrace_regs_caller_op_ptr, ftrace_regs_call
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	cmpq	$0, ORIG_RAX(%rsp)
SYM_INNER_LABEL(ftrace_regs_caller_jmp, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	jnz	.Lftx_direct
#endif
	ftx_leave ftrace_regs_caller_end, full=1
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
.Lftx_direct:
	ftx_leave full=1, direct=1
#endif
SYM_FUNC_END(ftrace_regs_caller)

/* The compiler's call target: a patch site never calls it once booted. */
SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a call the graph tracer hooked returns to (ftrace_graph_func()
 * put this address in its return slot).  The ret that got here popped
 * that slot, which still holds this address: the first step takes it
 * back, so that from then on the stack reads as a call made from the
 * slot's function, and an unwinder meeting return_to_handler in the
 * slot asks ftrace_graph_ret_addr() for the real address, which the
 * core keeps until the frame is popped.
 *
 *   before            after "take back"        on the way out
 *   ...               ...                       ...
 *   caller's frame    caller's frame            caller's frame
 *                     [return_to_handler] <-sp  [real return]  <- sp
 *                     pt_regs below it          (int3's address, for the
 *                                               call that keeps the RSB
 *                                               balanced)
 *
 * ftrace_return_to_handler() gets the return value registers and the
 * stack pointer after the return as a struct ftrace_regs, runs the
 * users' return callbacks and gives the real address.  Only %rax and
 * %rdx carry anything back (the callee-saved registers are the C
 * function's to keep), so only they are put back.  The way out is a
 * call to a local label that drops its own return address and returns
 * to the real one: the ret that entered here consumed a return stack
 * buffer entry the CPU will not get back, and the call gives it one so
 * that the returns further out are predicted again.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	subq	$8, %rsp
	UNWIND_HINT_FUNC
	subq	$FRAME_SIZE, %rsp
	movq	%rax, RAX(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rbp, RBP(%rsp)
	leaq	FRAME_SIZE+8(%rsp), %rax
	movq	%rax, RSP(%rsp)
	movq	%rsp, %rdi
	call	ftrace_return_to_handler
	movq	%rax, FRAME_SIZE(%rsp)		/* the slot: the real return */
	movq	RAX(%rsp), %rax
	movq	RDX(%rsp), %rdx
	addq	$FRAME_SIZE, %rsp
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lfgraph_out
	int3
.Lfgraph_out:
	CALL_DEPTH_ACCOUNT
	leaq	8(%rsp), %rsp
	UNWIND_HINT_FUNC
	RET
SYM_CODE_END(return_to_handler)
#endif

/* Frame-pointer builds: the fake frame records above are not standard. */
STACK_FRAME_NON_STANDARD_FP(ftrace_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_regs_caller)
