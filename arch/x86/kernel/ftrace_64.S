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
 * "movq function_trace_op(%rip), %rdx"), ftrace_call/ftrace_regs_call
 * (a 5-byte call, retargeted live) and ftrace_regs_caller_jmp (a 2-byte
 * jnz, made a NOP); the ORC unwinder reads a trampoline address as the
 * same offset into its template.  Keep those shapes when editing.
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
 * ftrace_caller leaves orig_ax unset: only ftrace_regs_caller reads it.
 *
 * Callback arguments: %rdi the site's address, %rsi the parent ip,
 * %rdx the ops, %rcx the frame.  A callback may change regs.ip: the
 * callers return there instead of into the function.  regs.sp is the
 * traced function's stack pointer at its entry (it points at the parent
 * ip).  ftrace_regs_caller also honours the other registers and the
 * flags a callback changed, and leaves for a direct call when one was
 * set in orig_ax.
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
 * Open the frame and load the first two callback arguments.  @flags:
 * the bytes pushed before (8 for ftrace_regs_caller's flags).
 */
.macro ftx_enter flags=0
	subq	$FTX_FRAME, %rsp
	ftx_put rdi, RDI, rsi, RSI, rdx, RDX, rcx, RCX, r8, R8, r9, R9, rax, RAX
	ftx_put rbp, RBP
	movq	FTX_FRAME+\flags(%rsp), %rdi	/* site + 5 */
	movq	FTX_FRAME+\flags+8(%rsp), %rsi	/* parent ip */
	movq	%rdi, RIP(%rsp)
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
.endm

/* Put back what ftx_enter saved; @keep: bytes of the frame left on the stack. */
.macro ftx_leave keep=0
	ftx_get rax, RAX, rcx, RCX, rdx, RDX, rsi, RSI, rdi, RDI, r8, R8, r9, R9
	ftx_get rbp, RBP
	addq	$FTX_FRAME-\keep, %rsp
.endm

SYM_TYPED_FUNC_START(ftrace_stub)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub)

SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

SYM_FUNC_START(ftrace_caller)
	ftx_enter
	/* The site's call was a plain call, not through a call thunk. */
	CALL_DEPTH_ACCOUNT
	leaq	FTX_FRAME+8(%rsp), %rcx
	movq	%rcx, RSP(%rsp)
	/* A partial frame: ftrace_get_regs() gives NULL for it. */
	movq	$0, CS(%rsp)
SYM_INNER_LABEL(ftrace_caller_op_ptr, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx
	CALL_DEPTH_ACCOUNT
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub
	/* Return where regs.ip says. */
	movq	RIP(%rsp), %rax
	movq	%rax, FTX_FRAME(%rsp)
	ftx_leave
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET
SYM_FUNC_END(ftrace_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_caller)

SYM_FUNC_START(ftrace_regs_caller)
	pushfq
	ftx_enter 8
	/* No direct call unless a callback asks for one. */
	movq	$0, ORIG_RAX(%rsp)
	CALL_DEPTH_ACCOUNT
SYM_INNER_LABEL(ftrace_regs_caller_op_ptr, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	function_trace_op(%rip), %rdx
	ftx_put rbx, RBX, r10, R10, r11, R11, r12, R12, r13, R13, r14, R14
	ftx_put r15, R15
	movq	FTX_FRAME(%rsp), %rcx
	movq	%rcx, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	leaq	FTX_FRAME+16(%rsp), %rcx
	movq	%rcx, RSP(%rsp)
	ENCODE_FRAME_POINTER
	movq	%rsp, %rcx
	CALL_DEPTH_ACCOUNT
SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	call	ftrace_stub
	/* The flags and the return address a callback may have changed. */
	movq	EFLAGS(%rsp), %rax
	movq	%rax, FTX_FRAME(%rsp)
	movq	RIP(%rsp), %rax
	movq	%rax, FTX_FRAME+8(%rsp)
	ftx_get rbx, RBX, r10, R10, r11, R11, r12, R12, r13, R13, r14, R14
	ftx_get r15, R15
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	movq	ORIG_RAX(%rsp), %rax
	testq	%rax, %rax
SYM_INNER_LABEL(ftrace_regs_caller_jmp, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	jnz	.Lftx_direct
#endif
	ftx_leave
	popfq
SYM_INNER_LABEL(ftrace_regs_caller_end, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	RET

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
.Lftx_direct:
	/*
	 * Leave as if the site had called the direct trampoline (%rax):
	 * its address takes the flags' slot and the flags move one slot
	 * down, into the frame, so that popfq leaves it on top.
	 */
	movq	FTX_FRAME(%rsp), %rdi
	movq	%rdi, FTX_FRAME-8(%rsp)
	movq	%rax, FTX_FRAME(%rsp)
	ftx_leave 8
	popfq
	UNWIND_HINT_FUNC
	/*
	 * A ret to the pushed address; the call before it keeps the return
	 * stack buffer balanced.
	 */
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lftx_ret_to_direct
	int3
.Lftx_ret_to_direct:
	addq	$8, %rsp
	ALTERNATIVE __stringify(RET), \
		    __stringify(ANNOTATE_UNRET_SAFE; ret; int3), \
		    X86_FEATURE_CALL_DEPTH
#endif
SYM_FUNC_END(ftrace_regs_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_regs_caller)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* The direct trampoline of a direct ops not attached to anything yet. */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub_direct_tramp)
#endif
