// SPDX-License-Identifier: GPL-2.0
/*
 * Run a compiled filter on one record.
 *
 * fprog_match() is on the event write path: it runs in the probe, in any
 * context up to NMI, with preemption disabled.  It takes no lock,
 * allocates nothing and does not recurse; it runs each test of the
 * program at most once (jumps only go forward, filter_prog.h).
 *
 * Reads of the record are bounded by the record size the caller passes:
 * a field or a __data_loc string that would lie outside it makes the test
 * false instead of reading past the record.  A caller that cannot know the
 * size (filter_match_preds()) passes UINT_MAX and so trusts the record's
 * own __data_loc words.  Loads go through get_unaligned(), so a record
 * need not be aligned.
 *
 * "char *" fields point outside the record.  The string is copied with
 * the nofault helpers into a per-CPU scratch buffer, one per context
 * level (task, softirq, hardirq, NMI), so that a probe interrupting
 * another one on the same CPU does not overwrite the string being
 * matched.  A pointer that cannot be read makes the test false, for ==
 * and != alike.  The scratch buffers are allocated by the first compile
 * that needs them (fprog_scratch_get()) and never freed: a program that
 * uses them cannot exist before they do.
 */
#include <linux/cpumask.h>
#include <linux/glob.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "filter.h"
#include "filter_prog.h"

/* Longest "char *" string looked at, NUL included (filter.rst). */
#define FPROG_SCRATCH_LEN		1024

struct fprog_scratch {
	char	buf[4][FPROG_SCRATCH_LEN];	/* by interrupt_context_level() */
};

static struct fprog_scratch __percpu *fprog_scratch;
static DEFINE_MUTEX(fprog_scratch_lock);

/* Process context.  Returns 0 once the buffers exist, or -ENOMEM. */
int fprog_scratch_get(void)
{
	struct fprog_scratch __percpu *sc;
	int ret = 0;

	mutex_lock(&fprog_scratch_lock);
	if (!fprog_scratch) {
		sc = alloc_percpu(struct fprog_scratch);
		if (sc)
			/* Pairs with READ_ONCE() in fprog_fetch_ptr(). */
			smp_store_release(&fprog_scratch, sc);
		else
			ret = -ENOMEM;
	}
	mutex_unlock(&fprog_scratch_lock);
	return ret;
}

static bool fprog_in_record(u32 offset, u32 len, unsigned int size)
{
	return offset <= size && len <= size - offset;
}

static __always_inline u64 fprog_load(const void *rec, u32 offset, u8 width,
				      bool is_signed)
{
	const void *p = rec + offset;
	u64 v;

	switch (width) {
	case 1:
		v = *(const u8 *)p;
		break;
	case 2:
		v = get_unaligned((const u16 *)p);
		break;
	case 4:
		v = get_unaligned((const u32 *)p);
		break;
	default:
		v = get_unaligned((const u64 *)p);
	}
	return fprog_extend(v, width, is_signed);
}

static __always_inline bool fprog_compare(u8 op, u64 a, u64 b, bool is_signed)
{
	switch (op) {
	case FPROG_OP_EQ:
		return a == b;
	case FPROG_OP_NE:
		return a != b;
	case FPROG_OP_AND:
		return a & b;
	case FPROG_OP_LT:
		return is_signed ? (s64)a < (s64)b : a < b;
	case FPROG_OP_LE:
		return is_signed ? (s64)a <= (s64)b : a <= b;
	case FPROG_OP_GT:
		return is_signed ? (s64)a > (s64)b : a > b;
	case FPROG_OP_GE:
		return is_signed ? (s64)a >= (s64)b : a >= b;
	}
	return false;
}

/*
 * A CPU number against a set of two CPUs or more: never equal, always
 * different, '&' is membership.
 */
static bool fprog_cpu_vs_set(u8 op, unsigned int cpu, const struct cpumask *set)
{
	switch (op) {
	case FPROG_OP_NE:
		return true;
	case FPROG_OP_AND:
		return cpumask_test_cpu(cpu, set);
	}
	return false;
}

/*
 * The cpumask of a __data_loc cpumask_t field, as a bitmap of @nbits
 * bits that may be unaligned and shorter than nr_cpu_ids.
 */
static const void *fprog_field_set(const struct fprog_insn *insn, const void *rec,
				   unsigned int size, unsigned int *nbits)
{
	u32 loc;

	if (!fprog_in_record(insn->offset, sizeof(loc), size))
		return NULL;
	loc = get_unaligned((const u32 *)(rec + insn->offset));
	if (!fprog_in_record(loc & 0xffff, loc >> 16, size))
		return NULL;
	*nbits = min_t(unsigned int, (loc >> 16) * BITS_PER_BYTE, nr_cpu_ids);
	return rec + (loc & 0xffff);
}

static unsigned long fprog_set_word(const void *bits, unsigned int nbits,
				    unsigned int word)
{
	unsigned long w;

	if (word * BITS_PER_LONG >= nbits)
		return 0;
	w = get_unaligned((const unsigned long *)bits + word);
	if ((word + 1) * BITS_PER_LONG > nbits)
		w &= BITMAP_LAST_WORD_MASK(nbits);
	return w;
}

static bool fprog_test_set_set(const struct fprog_insn *insn, const void *rec,
			       unsigned int size)
{
	const unsigned long *want = cpumask_bits(insn->mask);
	unsigned int nbits, word, words = BITS_TO_LONGS(nr_cpu_ids);
	bool same = true, meet = false;
	const void *bits;

	bits = fprog_field_set(insn, rec, size, &nbits);
	if (!bits)
		return false;
	for (word = 0; word < words; word++) {
		unsigned long have = fprog_set_word(bits, nbits, word);
		unsigned long mask = want[word];

		if ((word + 1) * BITS_PER_LONG > nr_cpu_ids)
			mask &= BITMAP_LAST_WORD_MASK(nr_cpu_ids);
		same &= have == mask;
		meet |= !!(have & mask);
	}
	switch (insn->op) {
	case FPROG_OP_EQ:
		return same;
	case FPROG_OP_NE:
		return !same;
	case FPROG_OP_AND:
		return meet;
	}
	return false;
}

/* A cpumask field against one CPU: "==" means exactly that CPU. */
static bool fprog_test_set_cpu(const struct fprog_insn *insn, const void *rec,
			       unsigned int size)
{
	unsigned int nbits, word, words, cpu = insn->val;
	bool has, others = false;
	const void *bits;

	bits = fprog_field_set(insn, rec, size, &nbits);
	if (!bits)
		return false;
	has = cpu < nbits &&
	      (fprog_set_word(bits, nbits, cpu / BITS_PER_LONG) >>
	       (cpu % BITS_PER_LONG)) & 1;
	words = BITS_TO_LONGS(nbits);
	for (word = 0; word < words && !others; word++) {
		unsigned long w = fprog_set_word(bits, nbits, word);

		if (word == cpu / BITS_PER_LONG)
			w &= ~BIT(cpu % BITS_PER_LONG);
		others = w;
	}
	switch (insn->op) {
	case FPROG_OP_EQ:
		return has && !others;
	case FPROG_OP_NE:
		return !has || others;
	case FPROG_OP_AND:
		return has;
	}
	return false;
}

/* Copy a "char *" string into this context's scratch buffer. */
static const char *fprog_fetch_ptr(const struct fprog_insn *insn, const void *rec,
				   unsigned int size)
{
	struct fprog_scratch __percpu *sc = READ_ONCE(fprog_scratch);
	unsigned long ptr;
	char *buf;
	long ret;

	if (!sc || !fprog_in_record(insn->offset, sizeof(ptr), size))
		return NULL;
	ptr = get_unaligned((const unsigned long *)(rec + insn->offset));
	buf = this_cpu_ptr(sc)->buf[interrupt_context_level()];
	if (insn->src == FPROG_SRC_UPTR)
		ret = strncpy_from_user_nofault(buf, (const char __user *)ptr,
						FPROG_SCRATCH_LEN);
	else
		ret = strncpy_from_kernel_nofault(buf, (const void *)ptr,
						  FPROG_SCRATCH_LEN);
	return ret < 0 ? NULL : buf;
}

/* Where the string of a string test is, and how many bytes it may span. */
static const char *fprog_string(const struct fprog_insn *insn, const void *rec,
				unsigned int size, unsigned int *max)
{
	u32 loc, base;

	switch (insn->src) {
	case FPROG_SRC_COMM:
		*max = TASK_COMM_LEN;
		return current->comm;
	case FPROG_SRC_ARRAY:
		if (!fprog_in_record(insn->offset, insn->val, size))
			return NULL;
		/*
		 * A char[] of size 0 ends the record (ftrace's print events):
		 * its string runs to its NUL, within the record.
		 */
		*max = insn->val ?: size - insn->offset;
		return rec + insn->offset;
	case FPROG_SRC_DATA_LOC:
	case FPROG_SRC_REL_LOC:
		if (!fprog_in_record(insn->offset, sizeof(loc), size))
			return NULL;
		loc = get_unaligned((const u32 *)(rec + insn->offset));
		base = insn->src == FPROG_SRC_REL_LOC ?
		       insn->offset + sizeof(loc) : 0;
		if (!fprog_in_record(base + (loc & 0xffff), loc >> 16, size))
			return NULL;
		*max = loc >> 16;
		return rec + base + (loc & 0xffff);
	default:
		*max = FPROG_SCRATCH_LEN;
		return fprog_fetch_ptr(insn, rec, size);
	}
}

static bool fprog_test_string(const struct fprog_insn *insn, const void *rec,
			      unsigned int size)
{
	const char *pat = insn->pat, *str;
	unsigned int max, n, k = insn->len, i;
	bool hit = false;

	str = fprog_string(insn, rec, size, &max);
	if (!str)
		return false;
	n = strnlen(str, max);

	switch (insn->how) {
	case FPROG_HOW_ALL:
		hit = n == k && !memcmp(str, pat, k);
		break;
	case FPROG_HOW_HEAD:
		hit = n >= k && !memcmp(str, pat, k);
		break;
	case FPROG_HOW_TAIL:
		hit = n >= k && !memcmp(str + n - k, pat, k);
		break;
	case FPROG_HOW_ANY:
		for (i = 0; !hit && i + k <= n; i++)
			hit = !memcmp(str + i, pat, k);
		break;
	case FPROG_HOW_GLOB:
		hit = glob_match_len(pat, str, n);
		break;
	}
	return hit != insn->negate;
}

/* An integer field against a number: most tests, inlined in the loop. */
static __always_inline bool fprog_test_num(const struct fprog_insn *insn,
					   const void *rec, unsigned int size)
{
	if (!fprog_in_record(insn->offset, insn->width, size))
		return false;
	return fprog_compare(insn->op,
			     fprog_load(rec, insn->offset, insn->width,
					insn->is_signed),
			     insn->val, insn->is_signed);
}

/* Every other test, out of line (FPROG_T_NUM also works here). */
static noinline bool fprog_test(const struct fprog_insn *insn, const void *rec,
				unsigned int size)
{
	unsigned long addr;
	unsigned int cpu;

	switch (insn->test) {
	case FPROG_T_NUM:
		return fprog_test_num(insn, rec, size);
	case FPROG_T_CPU:
		/* '&' on CPU with a number is accepted and never true. */
		if (insn->op == FPROG_OP_AND)
			return false;
		return fprog_compare(insn->op, (s64)raw_smp_processor_id(),
				     insn->val, true);
	case FPROG_T_NUM_IN_SET:
		if (!fprog_in_record(insn->offset, insn->width, size))
			return false;
		cpu = fprog_load(rec, insn->offset, insn->width, false);
		if (cpu >= nr_cpu_ids)
			return false;
		return fprog_cpu_vs_set(insn->op, cpu, insn->mask);
	case FPROG_T_CPU_IN_SET:
		return fprog_cpu_vs_set(insn->op, raw_smp_processor_id(),
					insn->mask);
	case FPROG_T_SET_SET:
		return fprog_test_set_set(insn, rec, size);
	case FPROG_T_SET_CPU:
		return fprog_test_set_cpu(insn, rec, size);
	case FPROG_T_FUNC:
		if (!fprog_in_record(insn->offset, sizeof(addr), size))
			return false;
		addr = get_unaligned((const unsigned long *)(rec + insn->offset));
		return (addr >= insn->val && addr < insn->val2) ==
		       (insn->op == FPROG_OP_EQ);
	case FPROG_T_STR:
		return fprog_test_string(insn, rec, size);
	}
	return false;
}

bool fprog_run(const struct fprog *prog, const void *rec, unsigned int size,
	       unsigned int *steps)
{
	unsigned int pc = 0, n = prog->nr_insns, ran = 0;

	while (pc < n) {
		const struct fprog_insn *insn = &prog->insns[pc];
		bool hit;

		ran++;
		if (likely(insn->test == FPROG_T_NUM))
			hit = fprog_test_num(insn, rec, size);
		else
			hit = fprog_test(insn, rec, size);
		if (hit == insn->jump_when)
			pc = insn->target;
		else
			pc++;
	}
	if (steps)
		*steps = ran;
	return pc == n;
}

/**
 * fprog_match - run a filter on a record
 * @prog: from fprog_compile(); NULL matches everything
 * @rec:  the record, laid out as the schema's fields say
 * @size: bytes of @rec that may be read
 *
 * Any context (NMI included) with preemption disabled; see filter.h for
 * how @prog must be kept alive meanwhile.
 *
 * Return: true when the record passes the filter (keep it).
 */
bool fprog_match(const struct fprog *prog, const void *rec, unsigned int size)
{
	const struct fprog_insn *insn;

	if (!prog)
		return true;
	insn = &prog->insns[0];
	/*
	 * One integer test, the most common filter ("pid == 1"): no loop.
	 * Its jump goes to "match" (1) or "no match" (2); falling through
	 * reaches the end, a match.
	 */
	if (prog->nr_insns == 1 && insn->test == FPROG_T_NUM)
		return fprog_test_num(insn, rec, size) != insn->jump_when ||
		       insn->target == 1;
	return fprog_run(prog, rec, size, NULL);
}
