// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic ftrace on x86: rewriting patch sites and building the
 * trampolines of ftrace_ops.  The core (kernel/trace/ftrace/) decides
 * what every site should call; this file makes the text say so.
 *
 * A site is 5 bytes and holds one of
 *
 *   call __fentry__     as compiled, until boot or module load
 *   NOP5                no ops wants the function
 *   call ftrace_caller / ftrace_regs_caller / <an ops' trampoline>
 *
 * Who writes, and how:
 *
 *   boot, module load   ftrace_make_nop(MCOUNT_ADDR): the text is not
 *                       running yet (one CPU at boot, a module not yet
 *                       live), so the bytes are stored directly
 *                       (text_poke_early()).  ftrace_lock held.
 *   live text           ftrace_replace_code(), between
 *                       ftrace_arch_code_modify_prepare() and _post_process()
 *                       (text_mutex held): every changing site is checked
 *                       first, then all of them are queued and written as
 *                       one int3 batch (text_poke_queue() and
 *                       text_poke_finish()).  A CPU that runs into a site
 *                       while it changes hits the int3 and is sent on as
 *                       if the new instruction were already there; no CPU
 *                       ever executes a half-written instruction.
 *   ftrace_call(s)      the call inside the two callers, retargeted with
 *                       text_poke_bp(), text_mutex held.
 *
 * A site that does not hold what the core says it holds is not
 * touched: the batch stops before writing anything and ftrace_bug()
 * reports the site (-EFAULT: unreadable, -EINVAL: other bytes).
 *
 * Trampolines (x86_64): an ops gets a private copy of ftrace_caller,
 * or of ftrace_regs_caller for FTRACE_OPS_FL_SAVE_REGS, that passes
 * the ops itself and calls its function without looking at
 * function_trace_op.  The copy keeps the template's layout byte for
 * byte (the ORC unwinder reads a trampoline address as the same offset
 * into its template) and adds, after it:
 *
 *   +0          template text, relocated; its ops load re-aimed at
 *               the slot below, its call aimed at the ops' function,
 *               and (regs copy) its direct-call branch made a NOP
 *   +size       return: "jmp x86_return_thunk" or "ret; int3" (+ int3s)
 *   +ops_slot   the ops pointer (8-byte aligned)
 *
 * A trampoline is read-only and executable from the moment it is
 * built; the core frees it only once no task can still be inside it.
 *
 * The graph tracer's entry, ftrace_graph_func(), is an ordinary
 * callback here: each graph user's ops calls it like any other.
 */
#include <linux/execmem.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/set_memory.h>
#include <linux/sort.h>
#include <linux/trace_recursion.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include <asm/ftrace.h>
#include <asm/nops.h>
#include <asm/sections.h>
#include <asm/text-patching.h>

#ifdef CONFIG_DYNAMIC_FTRACE

/*
 * Set between prepare and post_process: writes go through the int3
 * batch.  Written with ftrace_lock and text_mutex held, read with
 * ftrace_lock held (boot and module-load writes never overlap a batch).
 */
static bool ftx_batching;

/* What a failed check expected, kept for ftrace_bug() (ftrace_lock held). */
static u8 ftx_expected[MCOUNT_INSN_SIZE];

/* Takes text_mutex for the batch; post_process writes it and lets go. */
void ftrace_arch_code_modify_prepare(void)
{
	mutex_lock(&text_mutex);
	ftx_batching = true;
}

void ftrace_arch_code_modify_post_process(void)
{
	text_poke_finish();
	ftx_batching = false;
	mutex_unlock(&text_mutex);
}

/* The two forms of a site. */
static void ftx_gen_nop(u8 *insn)
{
	memcpy(insn, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
}

/* "call @target" at @ip; a plain call (the callers do the depth accounting). */
static void ftx_gen_call(u8 *insn, unsigned long ip, unsigned long target)
{
	__text_gen_insn(insn, CALL_INSN_OPCODE, (void *)ip, (void *)target,
			CALL_INSN_SIZE);
}

/* Whether the site at @ip holds @want: 0, -EFAULT or -EINVAL. */
static int ftx_check(unsigned long ip, const u8 *want)
{
	u8 have[MCOUNT_INSN_SIZE];

	/* The kernel's text is always there; a module's may not be. */
	if (is_kernel_text(ip) && is_kernel_text(ip + MCOUNT_INSN_SIZE - 1))
		memcpy(have, (void *)ip, MCOUNT_INSN_SIZE);
	else if (copy_from_kernel_nofault(have, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	if (memcmp(have, want, MCOUNT_INSN_SIZE)) {
		memcpy(ftx_expected, want, MCOUNT_INSN_SIZE);
		ftrace_expected = ftx_expected;
		return -EINVAL;
	}
	return 0;
}

/*
 * Replace @old with @new at a site that is not live or inside a batch.
 * __ref: text_poke_early() is __init, and only boot reaches it with
 * kernel text (afterwards only not-yet-live module text comes here).
 */
static int __ref ftx_rewrite(unsigned long ip, const u8 *old, const u8 *new)
{
	int ret = ftx_check(ip, old);

	if (ret)
		return ret;
	if (ftx_batching)
		text_poke_queue((void *)ip, new, MCOUNT_INSN_SIZE, NULL);
	else
		text_poke_early((void *)ip, new, MCOUNT_INSN_SIZE);
	return 0;
}

/*
 * Only for the compiler's "call __fentry__" (boot and module load): a
 * live site changes only through ftrace_replace_code().
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];

	if (WARN_ONCE(addr != MCOUNT_ADDR, "%s() on a live site\n", __func__))
		return -EINVAL;
	ftx_gen_call(old, rec->ip, addr);
	ftx_gen_nop(new);
	return ftx_rewrite(rec->ip, old, new);
}

/* A NOP site of text that is not live yet becomes "call @addr". */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];

	ftx_gen_nop(old);
	ftx_gen_call(new, rec->ip, addr);
	return ftx_rewrite(rec->ip, old, new);
}

/* Retargeting a live call goes through ftrace_replace_code() on x86. */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	WARN_ONCE(1, "%s() is not used on x86\n", __func__);
	return -EINVAL;
}

/* Aim the call inside ftrace_caller and ftrace_regs_caller at @func. */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long sites[] = {
		(unsigned long)&ftrace_call, (unsigned long)&ftrace_regs_call,
	};
	u8 insn[MCOUNT_INSN_SIZE];
	int i;

	lockdep_assert_held(&text_mutex);
	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		ftx_gen_call(insn, sites[i], (unsigned long)func);
		text_poke_bp((void *)sites[i], insn, MCOUNT_INSN_SIZE, NULL);
	}
	return 0;
}

/*
 * What the site of @rec holds now (@old) and should hold (@new) when it
 * changes; false when it stays as it is.
 */
static bool ftx_site_change(struct dyn_ftrace *rec, bool enable, u8 *old,
			    u8 *new)
{
	switch (ftrace_test_record(rec, enable)) {
	case FTRACE_UPDATE_MAKE_CALL:
		ftx_gen_nop(old);
		ftx_gen_call(new, rec->ip, ftrace_get_addr_new(rec));
		return true;
	case FTRACE_UPDATE_MODIFY_CALL:
		ftx_gen_call(old, rec->ip, ftrace_get_addr_curr(rec));
		ftx_gen_call(new, rec->ip, ftrace_get_addr_new(rec));
		return true;
	case FTRACE_UPDATE_MAKE_NOP:
		ftx_gen_call(old, rec->ip, ftrace_get_addr_curr(rec));
		ftx_gen_nop(new);
		return true;
	default:
		return false;
	}
}

/* The int3 batch needs no stop_machine(). */
void arch_ftrace_update_code(int command)
{
	ftrace_modify_all_code(command);
}

/*
 * The traced functions the batch itself calls: per queued site
 * (text_poke_queue() decodes the new instruction) and per write (three
 * text_poke()s a site, each mapping the page, switching mm and flushing
 * the TLB), about 50 calls a site.  A site of the batch that is live
 * before the batch ends is entered by every later one of those calls,
 * so a batch makes these sites calls last and NOPs first: turning every
 * function on, that is a third of the work left out.  Only the order
 * changes (the batch is still one batch, and the text poke queue
 * flushes where the order goes back, as it does every few hundred
 * sites); a name this kernel does not have only costs time.
 */
static const char * const ftx_poke_path_names[] = {
	"text_poke_queue", "text_poke_loc_init", "insn_decode",
	"insn_get_prefixes", "insn_get_opcode", "insn_get_modrm",
	"insn_get_sib", "insn_get_displacement", "insn_get_immediate",
	"inat_get_opcode_attribute", "inat_get_escape_attribute",
	"inat_get_group_attribute", "inat_get_avx_attribute",
	"text_poke_finish", "text_poke_bp_batch", "text_poke", "__text_poke",
	"__get_locked_pte", "walk_to_pmd", "__pte_offset_map_lock",
	"__pte_offset_map", "_raw_spin_lock", "_raw_spin_unlock",
	"switch_mm_irqs_off", "switch_ldt", "text_poke_memcpy",
	"flush_tlb_mm_range", "perf_event_text_poke", "text_poke_sync",
	"on_each_cpu_cond_mask", "smp_call_function_many_cond",
	"do_sync_core",
};

/* Their sites, sorted; looked up once, with ftrace_lock held. */
static unsigned long ftx_poke_path[ARRAY_SIZE(ftx_poke_path_names)];
static int ftx_poke_path_nr = -1;

static int ftx_cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static void ftx_poke_path_init(void)
{
	unsigned long ip;
	int i, n = 0;

	if (ftx_poke_path_nr >= 0)
		return;
	/* Without kallsyms every lookup gives 0: no site is kept aside. */
	for (i = 0; i < ARRAY_SIZE(ftx_poke_path_names); i++) {
		ip = kallsyms_lookup_name(ftx_poke_path_names[i]);
		ip = ip ? ftrace_location(ip) : 0;
		if (ip)
			ftx_poke_path[n++] = ip;
	}
	sort(ftx_poke_path, n, sizeof(ftx_poke_path[0]), ftx_cmp_ip, NULL);
	ftx_poke_path_nr = n;
}

/*
 * Whether @ip is on the poke path.  A walk goes up the addresses inside
 * a group of records (the kernel's first, then modules' in load order),
 * so *@pos moves forward, and starts again where an address goes back.
 */
static bool ftx_on_poke_path(unsigned long ip, int *pos)
{
	int i = *pos;

	if (i > 0 && ftx_poke_path[i - 1] > ip)
		i = 0;
	while (i < ftx_poke_path_nr && ftx_poke_path[i] < ip)
		i++;
	*pos = i;
	return i < ftx_poke_path_nr && ftx_poke_path[i] == ip;
}

/*
 * The write passes of a batch: the poke path's sites that become NOPs,
 * every other site, then the poke path's sites that become (or change)
 * calls.  The check walk counts the sites of each and keeps the poke
 * path's records aside, so that only the rest's pass walks the records.
 */
enum ftx_pass { FTX_PATH_OFF, FTX_REST, FTX_PATH_ON, FTX_PASSES };

static enum ftx_pass ftx_pass_of(bool on_path, const u8 *new)
{
	if (!on_path)
		return FTX_REST;
	if (!memcmp(new, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE))
		return FTX_PATH_OFF;
	return FTX_PATH_ON;
}

/*
 * The poke path's records that change in the batch, in walk order; set
 * by the check walk and read by the write passes of the same batch
 * (ftrace_lock and text_mutex held throughout).
 */
static struct dyn_ftrace *ftx_path_recs[ARRAY_SIZE(ftx_poke_path_names)];
static int ftx_path_nr;

static void ftx_queue(struct dyn_ftrace *rec, int enable, const u8 *new)
{
	text_poke_queue((void *)rec->ip, new, MCOUNT_INSN_SIZE, NULL);
	ftrace_update_record(rec, enable);
}

/*
 * The check walk: every record whose site changes holds what it should
 * (a mismatch is reported and ends the walk); @count gets how many
 * sites each pass has, and the poke path's records are kept aside.
 */
static int ftx_check_walk(int enable, int *count)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];
	struct ftrace_rec_iter *iter;
	struct dyn_ftrace *rec;
	int ret, pos = 0;
	bool on_path;

	ftx_path_nr = 0;
	for_ftrace_rec_iter(iter) {
		rec = ftrace_rec_iter_record(iter);
		if (!ftx_site_change(rec, enable, old, new))
			continue;
		ret = ftx_check(rec->ip, old);
		if (ret) {
			ftrace_bug(ret, rec);
			ftrace_expected = NULL;
			return ret;
		}
		on_path = ftx_on_poke_path(rec->ip, &pos);
		if (on_path && ftx_path_nr < ARRAY_SIZE(ftx_path_recs))
			ftx_path_recs[ftx_path_nr++] = rec;
		else
			on_path = false;
		count[ftx_pass_of(on_path, new)]++;
	}
	return 0;
}

/* The write pass of the rest: every changing site not kept aside. */
static void ftx_queue_rest(int enable)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];
	struct ftrace_rec_iter *iter;
	struct dyn_ftrace *rec;
	int i = 0;

	for_ftrace_rec_iter(iter) {
		rec = ftrace_rec_iter_record(iter);
		/* The kept records come in the same order as the walk. */
		if (i < ftx_path_nr && ftx_path_recs[i] == rec) {
			i++;
			continue;
		}
		if (ftx_site_change(rec, enable, old, new))
			ftx_queue(rec, enable, new);
	}
}

/* The write pass of the poke path's sites that become NOPs, or calls. */
static void ftx_queue_path(int enable, enum ftx_pass pass)
{
	u8 old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];
	int i;

	for (i = 0; i < ftx_path_nr; i++)
		if (ftx_site_change(ftx_path_recs[i], enable, old, new) &&
		    ftx_pass_of(true, new) == pass)
			ftx_queue(ftx_path_recs[i], enable, new);
}

/*
 * Every record the core's iterator hands out, as one batch: all are
 * checked before the first is queued, so a bad site leaves the text as
 * it was.  Inside prepare/post_process.
 */
void ftrace_replace_code(int enable)
{
	int count[FTX_PASSES] = { };

	ftx_poke_path_init();
	if (ftx_check_walk(enable, count))
		goto out;
	if (count[FTX_PATH_OFF])
		ftx_queue_path(enable, FTX_PATH_OFF);
	if (count[FTX_REST])
		ftx_queue_rest(enable);
	if (count[FTX_PATH_ON])
		ftx_queue_path(enable, FTX_PATH_ON);
out:
	text_poke_finish();
}

#ifdef CONFIG_X86_64

/* "movq <disp32>(%rip), %rdx": how a template loads its ops. */
#define FTX_OP_LOAD_SIZE	7
static const u8 ftx_op_load[] = { 0x48, 0x8b, 0x15 };

/*
 * The branch to a direct call at ftrace_regs_caller_jmp: "jnz rel8" or
 * "jnz rel32", as the assembler chose.
 */
#define FTX_JNZ8_OPCODE		0x75
#define FTX_JNZ32_OPCODE	0x850f

/* Room for the trampoline's return: up to a jmp rel32. */
#define FTX_RET_ROOM		JMP32_INSN_SIZE

/* One template: its text and the offsets a copy is edited at. */
struct ftx_template {
	unsigned long	start;
	unsigned long	end;
	unsigned long	op_load;
	unsigned long	call;
	unsigned long	jnz;		/* 0: none */
};

static void ftx_template(bool regs, struct ftx_template *t)
{
	if (regs) {
		t->start = (unsigned long)ftrace_regs_caller;
		t->end = (unsigned long)ftrace_regs_caller_end;
		t->op_load = (unsigned long)ftrace_regs_caller_op_ptr;
		t->call = (unsigned long)&ftrace_regs_call;
		t->jnz = IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS) ?
			 (unsigned long)ftrace_regs_caller_jmp : 0;
	} else {
		t->start = (unsigned long)ftrace_caller;
		t->end = (unsigned long)ftrace_caller_end;
		t->op_load = (unsigned long)ftrace_caller_op_ptr;
		t->call = (unsigned long)&ftrace_call;
		t->jnz = 0;
	}
}

static bool ftx_wants_regs(const struct ftrace_ops *ops)
{
	return ops->flags & FTRACE_OPS_FL_SAVE_REGS;
}

/* Where the ops pointer sits in a trampoline of a @size-byte template. */
static unsigned long ftx_ops_slot(unsigned long size)
{
	return ALIGN(size + FTX_RET_ROOM, sizeof(void *));
}

/* The return a copy ends with, in place of the template's own. */
static void ftx_put_return(u8 *at)
{
	memset(at, INT3_INSN_OPCODE, FTX_RET_ROOM);
	if (cpu_wants_rethunk_at(at)) {
		__text_gen_insn(at, JMP32_INSN_OPCODE, at, x86_return_thunk,
				JMP32_INSN_SIZE);
		return;
	}
	at[0] = RET_INSN_OPCODE;
}

/* Turn the jnz at @jnz into a NOP of its length; false if it is none. */
static bool ftx_nop_jnz(u8 *jnz)
{
	unsigned int len;

	if (jnz[0] == FTX_JNZ8_OPCODE)
		len = 2;
	else if (get_unaligned((u16 *)jnz) == FTX_JNZ32_OPCODE)
		len = 6;
	else
		return false;
	memcpy(jnz, x86_nops[len], len);
	return true;
}

/*
 * Edit the writable copy @tramp of template @t for @ops; false if the
 * template is not shaped as expected.
 */
static bool ftx_fill(u8 *tramp, const struct ftx_template *t,
		     struct ftrace_ops *ops)
{
	unsigned long size = t->end - t->start;
	unsigned long slot = ftx_ops_slot(size);
	u8 *load = tramp + (t->op_load - t->start);
	s32 disp;

	if (copy_from_kernel_nofault(tramp, (void *)t->start, size))
		return false;
	ftx_put_return(tramp + size);

	/* A private trampoline never leaves for a direct call. */
	if (t->jnz && !ftx_nop_jnz(tramp + (t->jnz - t->start)))
		return false;

	/* The copy's RIP-relative operands still address the template's targets. */
	text_poke_apply_relocation(tramp, tramp, size, (u8 *)t->start, size);

	/* Load @ops from the slot instead of function_trace_op. */
	if (memcmp(load, ftx_op_load, sizeof(ftx_op_load)))
		return false;
	*(unsigned long *)(tramp + slot) = (unsigned long)ops;
	disp = (long)(slot - (load - tramp) - FTX_OP_LOAD_SIZE);
	memcpy(load + sizeof(ftx_op_load), &disp, sizeof(disp));

	/* Call the ops' function (the copy runs where it is written). */
	ftx_gen_call(tramp + (t->call - t->start),
		     (unsigned long)tramp + (t->call - t->start),
		     (unsigned long)ftrace_ops_get_func(ops));
	return true;
}

static void ftx_tramp_build(struct ftrace_ops *ops)
{
	struct ftx_template t;
	unsigned long size;
	u8 *tramp;

	ftx_template(ftx_wants_regs(ops), &t);
	size = ftx_ops_slot(t.end - t.start) + sizeof(void *);
	tramp = execmem_alloc(EXECMEM_FTRACE, size);
	if (!tramp)
		return;
	if (WARN_ON_ONCE(!ftx_fill(tramp, &t, ops))) {
		execmem_free(tramp);
		return;
	}
	set_memory_rox((unsigned long)tramp, DIV_ROUND_UP(size, PAGE_SIZE));
	ops->trampoline = (unsigned long)tramp;
	ops->trampoline_size = size;
	ops->flags |= FTRACE_OPS_FL_ALLOC_TRAMP;
}

/*
 * Give @ops a trampoline, or aim the one it has at its current function.
 * ftrace_lock held, text_mutex not (taken here for a live trampoline).
 * A trampoline the ops brought itself is left alone.
 */
void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
	struct ftx_template t;
	u8 insn[CALL_INSN_SIZE];
	unsigned long ip;

	if (!ops->trampoline) {
		ftx_tramp_build(ops);
		return;
	}
	if (!(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	ftx_template(ftx_wants_regs(ops), &t);
	ip = ops->trampoline + (t.call - t.start);
	ftx_gen_call(insn, ip, (unsigned long)ftrace_ops_get_func(ops));
	mutex_lock(&text_mutex);
	text_poke_bp((void *)ip, insn, CALL_INSN_SIZE, NULL);
	mutex_unlock(&text_mutex);
}

/* The target of the call instruction at @ip, or NULL. */
static void *ftx_call_target(unsigned long ip)
{
	union text_poke_insn insn;

	if (copy_from_kernel_nofault(&insn, (void *)ip, CALL_INSN_SIZE) ||
	    WARN_ON_ONCE(insn.opcode != CALL_INSN_OPCODE))
		return NULL;
	return (void *)(ip + CALL_INSN_SIZE + insn.disp);
}

/*
 * The function a site of @rec reaches through @ops' trampoline (for
 * enabled_functions): the call in @ops' own trampoline, or, for an ops
 * without one, the call in the caller the site uses.
 */
void *arch_ftrace_trampoline_func(struct ftrace_ops *ops, struct dyn_ftrace *rec)
{
	struct ftx_template t;

	if (ops && (ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP)) {
		ftx_template(ftx_wants_regs(ops), &t);
		return ftx_call_target(ops->trampoline + (t.call - t.start));
	}
	/* Someone else's trampoline: its function is not ours to name. */
	if (ops && ops->trampoline)
		return NULL;
	ftx_template(rec->flags & FTRACE_FL_REGS_EN, &t);
	return ftx_call_target(t.call);
}

/* Free a trampoline built here; no task may be inside it any more. */
void arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
	if (!ops || !(ops->flags & FTRACE_OPS_FL_ALLOC_TRAMP))
		return;
	execmem_free((void *)ops->trampoline);
	ops->trampoline = 0;
}

#else /* !CONFIG_X86_64: no private trampolines; sites use the two callers. */

void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
}

void *arch_ftrace_trampoline_func(struct ftrace_ops *ops, struct dyn_ftrace *rec)
{
	return NULL;
}

void arch_ftrace_trampoline_free(struct ftrace_ops *ops)
{
}

#endif /* CONFIG_X86_64 */
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && defined(CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * The graph tracer's entry: the callback of every graph user's ops
 * (kernel/trace/fgraph/).  regs.sp is the traced function's stack
 * pointer at its entry, so it points at the slot of the return address;
 * when the user takes the call, the slot is made to return to
 * return_to_handler (ftrace_64.S), which gives the call back to the
 * core on its way out.
 *
 * A frame address that is not a kernel virtual one means the CPU is
 * still on its early resume stack, in real or identity-mapped mode:
 * nothing can be pushed for it.
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long *slot = (unsigned long *)arch_ftrace_regs(fregs)->regs.sp;
	int bit;

	if (unlikely((long)__builtin_frame_address(0) >= 0) ||
	    unlikely(ftrace_graph_is_dead()) ||
	    unlikely(atomic_read(&current->tracing_graph_pause)))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!function_graph_enter_ops(*slot, ip, 0, slot, op))
		*slot = (unsigned long)return_to_handler;
	ftrace_test_recursion_unlock(bit);
}
#endif
