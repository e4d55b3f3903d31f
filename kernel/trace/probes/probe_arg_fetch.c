// SPDX-License-Identifier: GPL-2.0
/*
 * Running fetch programs at a hit (probe_arg.h has the instructions).
 *
 * A hit makes two passes over the event's arguments: the first measures
 * the strings (probe_args_dyn_size()), the record is reserved for the
 * fixed part plus that, the second stores (probe_args_store()).  A
 * string that grew between the passes is cut to what was reserved; one
 * that cannot be read is stored empty and printed "(fault)".  A value
 * that cannot be read is stored as zeroes.
 *
 * Every read of memory goes through copy_from_kernel_nofault() or
 * copy_from_user_nofault() and their string forms, so a bad address
 * costs a fault fixup, never an oops, in any context a probe fires in
 * (int3, ftrace, NMI, a user task's breakpoint).  Nothing here takes a
 * lock, sleeps or is itself probed (NOKPROBE).
 *
 * A uprobe's programs run in user mode (probe_args_user_size() and
 * probe_args_user_store()): every memory read is of the probed task's
 * memory (a string of $comm or of an immediate string excepted), $stackN
 * reads its user stack, @+OFFSET is a file offset of the probed file.
 * There the measuring pass runs where the task may sleep, and its reads
 * may fault pages in (copy_from_user(), strnlen_user()); it reads every
 * value the store will read, not only the strings, so that the store,
 * under the ring buffer's reservation, finds them present and reads
 * them with the _nofault accessors like every other store.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "probe_arg.h"

/*
 * Where a store writes a string, and how much room is left there; how
 * the program reads.
 */
struct probe_out {
	void		*rec;	/* data_loc offsets count from here */
	void		*dyn;	/* next free byte for a string */
	int		room;	/* bytes left for strings */
	bool		measure; /* only count the strings' bytes */
	bool		user;	/* a uprobe's: the task's memory and stack */
	bool		fault;	/* reads may fault pages in (may sleep) */
};

static int __kprobes probe_read(void *dst, unsigned long addr, size_t size,
				bool user, const struct probe_out *o)
{
	if (user && o->fault)
		return copy_from_user(dst, (void __user *)addr, size) ?
		       -EFAULT : 0;
	if (user)
		return copy_from_user_nofault(dst, (void __user *)addr, size);
	return copy_from_kernel_nofault(dst, (void *)addr, size);
}

/* The @n-th word of the user stack at a uprobe; 0 when unreadable. */
static unsigned long __kprobes probe_user_stack(struct pt_regs *regs,
						unsigned int n,
						const struct probe_out *o)
{
	unsigned long sp = user_stack_pointer(regs), v;

	if (IS_ENABLED(CONFIG_STACK_GROWSUP))
		sp -= n * sizeof(long);
	else
		sp += n * sizeof(long);
	if (probe_read(&v, sp, sizeof(v), true, o))
		return 0;
	return v;
}

/* The word a source instruction yields. */
static unsigned long __kprobes probe_source(const struct probe_insn *in,
					    void *ctx, const void *edata,
					    const struct probe_out *o)
{
	struct pt_regs *regs = ctx;

	switch (in->op) {
	case PROBE_OP_REG:
		return regs_get_register(regs, in->arg);
	case PROBE_OP_STACK:
		if (o->user)
			return probe_user_stack(regs, in->arg, o);
		return regs_get_kernel_stack_nth(regs, in->arg);
	case PROBE_OP_STACKP:
		if (o->user)
			return user_stack_pointer(regs);
		return kernel_stack_pointer(regs);
	case PROBE_OP_FOFFS:
		/* a uprobe's edata is the probed file's load address */
		return *(const unsigned long *)edata + in->arg;
	case PROBE_OP_RETVAL:
		return regs_return_value(regs);
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	case PROBE_OP_ARG:
		return regs_get_kernel_argument(regs, in->arg);
#endif
	case PROBE_OP_EDATA:
		return ((const unsigned long *)edata)[in->arg];
	case PROBE_OP_IMM:
		return in->arg;
	case PROBE_OP_COMM:
		return (unsigned long)current->comm;
	case PROBE_OP_DATA:
		return (unsigned long)in->data;
	case PROBE_OP_FIELD:
		switch (in->size) {
		case 1:
			return in->sign ? *(s8 *)(ctx + in->arg) :
					  *(u8 *)(ctx + in->arg);
		case 2:
			return in->sign ? *(s16 *)(ctx + in->arg) :
					  *(u16 *)(ctx + in->arg);
		case 4:
			return in->sign ? *(s32 *)(ctx + in->arg) :
					  *(u32 *)(ctx + in->arg);
		default:
			return *(unsigned long *)(ctx + in->arg);
		}
	case PROBE_OP_FIELD_STR:
		switch (in->size) {
		case PROBE_FSTR_LOC:
			return (unsigned long)ctx +
			       (*(u32 *)(ctx + in->arg) & 0xffff);
		case PROBE_FSTR_REL_LOC:
			return (unsigned long)ctx + in->arg + sizeof(u32) +
			       (*(u32 *)(ctx + in->arg) & 0xffff);
		case PROBE_FSTR_PTR:
			return *(unsigned long *)(ctx + in->arg);
		default:
			return (unsigned long)ctx + in->arg;
		}
	default:
		return 0;
	}
}

/*
 * "symbol+off/size" of @addr into @dst, at most @room bytes with the NUL
 * (@dst NULL: only its length).  Out of line: its buffer is big.
 */
static noinline int __kprobes probe_symstr(char *dst, int room,
					   unsigned long addr)
{
	char name[KSYM_SYMBOL_LEN];
	int n = sprint_symbol(name, addr) + 1;

	if (!dst)
		return n;
	n = min(n, room);
	memcpy(dst, name, n);
	dst[n - 1] = '\0';
	return n;
}

/*
 * The kernel string at @addr into @dst (NULL: only measure it), at most
 * @room bytes with its NUL.  It is read an aligned word at a time: no
 * word crosses a page, so a read that faults is one the string needed,
 * and a short string costs a read or two, not one per byte.  Return:
 * its bytes, NUL included (at @room it is cut there), or -EFAULT.
 */
static int __kprobes probe_kstr(char *dst, unsigned long addr, int room)
{
	unsigned long word = addr & ~(sizeof(long) - 1);
	unsigned int i = addr - word;
	int len = 0;
	union {
		unsigned long	w;
		u8		b[sizeof(long)];
	} u;

	if (room <= 0)
		return 0;
	for (;; word += sizeof(long), i = 0) {
		if (copy_from_kernel_nofault(&u.w, (void *)word, sizeof(long)))
			return -EFAULT;
		for (; i < sizeof(long); i++) {
			if (dst)
				dst[len] = u.b[i];
			len++;
			if (!u.b[i])
				return len;
			if (len == room) {
				if (dst)
					dst[len - 1] = '\0';
				return len;
			}
		}
	}
}

/* Bytes of the string at @addr, its NUL included; < 0 on a fault. */
static int __kprobes probe_strlen(u8 op, unsigned long addr,
				  const struct probe_out *o)
{
	long n;

	switch (op) {
	case PROBE_OP_ST_USTR:
		if (!o->fault)
			return strnlen_user_nofault((void __user *)addr,
						    PROBE_STRING_MAX);
		n = strnlen_user((void __user *)addr, PROBE_STRING_MAX);
		return n ? min_t(long, n, PROBE_STRING_MAX) : -EFAULT;
	case PROBE_OP_ST_SYMSTR:
		return probe_symstr(NULL, 0, addr);
	default:
		return probe_kstr(NULL, addr, PROBE_STRING_MAX);
	}
}

/* Store the string at @addr; its data_loc into @loc. */
static int __kprobes probe_put_str(u8 op, unsigned long addr, u32 *loc,
				   struct probe_out *o)
{
	long n;

	if (o->measure)
		return probe_strlen(op, addr, o);
	if (o->room <= 0) {
		n = 0;
	} else if (op == PROBE_OP_ST_USTR) {
		n = strncpy_from_user_nofault(o->dyn, (void __user *)addr,
					      o->room);
	} else if (op == PROBE_OP_ST_SYMSTR) {
		n = probe_symstr(o->dyn, o->room, addr);
	} else {
		n = probe_kstr(o->dyn, addr, o->room);
	}
	/* a read that stopped at the room's end: cut there */
	if (n > 0 && ((char *)o->dyn)[n - 1] != '\0')
		((char *)o->dyn)[n - 1] = '\0';
	if (n < 0)
		n = 0;
	*loc = n << 16 | (u32)(o->dyn - o->rec);
	o->dyn += n;
	o->room -= n;
	return n;
}

/* Byte of a u64 where its low @size bytes start, in memory order. */
static unsigned int probe_low_bytes(unsigned int size)
{
	return IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? sizeof(u64) - size : 0;
}

/*
 * The low @size bytes of @v at @dst, where a load of @size finds them.
 * A store's size is that of a type: 1, 2, 4 or 8.  Record fields are
 * packed, so @dst may be unaligned.
 */
static __always_inline void probe_put_val(void *dst, unsigned int size, u64 v)
{
	switch (size) {
	case 1:
		*(u8 *)dst = v;
		break;
	case 2:
		put_unaligned((u16)v, (u16 *)dst);
		break;
	case 4:
		put_unaligned((u32)v, (u32 *)dst);
		break;
	default:
		put_unaligned(v, (u64 *)dst);
		break;
	}
}

/*
 * Keep bits [rshift - lshift, size * 8 - lshift) of the stored value,
 * moved down to bit 0: in a u64, the container's top sits at bit 63.
 */
static void __kprobes probe_bitfield(void *dst, const struct probe_insn *in)
{
	unsigned int pad = (sizeof(u64) - in->size) * BITS_PER_BYTE;
	u64 v = 0;

	memcpy((u8 *)&v + probe_low_bytes(in->size), dst, in->size);
	v = (v << (pad + in->lshift)) >> (pad + in->rshift);
	probe_put_val(dst, in->size, v);
}

/*
 * Run @prog; its value goes to @dst (the argument's place in the fixed
 * part), strings through @o.  Return: the strings' bytes, or < 0 when a
 * dereference faulted (nothing stored).
 */
static int __kprobes probe_run(const struct probe_insn *prog, void *ctx,
			       const void *edata, void *dst,
			       struct probe_out *o)
{
	const struct probe_insn *in = prog, *deref = NULL, *st;
	unsigned long v, before = 0;
	int total = 0, n = 0, ret;
	bool kaddr;
	u8 op;
	u64 touch;

	if (in->op == PROBE_OP_SYMBOL)
		in++;
	v = probe_source(in, ctx, edata, o);
	/* $comm and an immediate string are the kernel's, even at a uprobe */
	kaddr = in->op == PROBE_OP_COMM || in->op == PROBE_OP_DATA;
	in++;
again:
	for (; in->op == PROBE_OP_DEREF || in->op == PROBE_OP_UDEREF; in++) {
		deref = in;
		before = v;
		kaddr = false;
		if (probe_read(&v, v + in->arg, sizeof(v),
			       o->user || in->op == PROBE_OP_UDEREF, o))
			return -EFAULT;
	}
	st = in;
store:
	op = st->op;
	if (o->user && op == PROBE_OP_ST_STR && !kaddr)
		op = PROBE_OP_ST_USTR;
	switch (op) {
	case PROBE_OP_ST_VAL:
		if (!o->measure)
			probe_put_val(dst, st->size, v);
		ret = 0;
		break;
	case PROBE_OP_ST_MEM:
	case PROBE_OP_ST_UMEM:
		ret = 0;
		if (!o->measure) {
			if (probe_read(dst, v + st->arg, st->size,
				       o->user || op == PROBE_OP_ST_UMEM, o))
				memset(dst, 0, st->size);
		} else if (o->fault) {
			/* bring the page in for the store (at most 8 bytes) */
			probe_read(&touch, v + st->arg,
				   min_t(size_t, st->size, sizeof(touch)),
				   true, o);
		}
		break;
	case PROBE_OP_ST_STR:
	case PROBE_OP_ST_USTR:
	case PROBE_OP_ST_SYMSTR:
		ret = probe_put_str(op, v + st->arg, dst, o);
		if (ret < 0)
			ret = 0;
		break;
	default:
		return -EILSEQ;
	}
	in = st + 1;
	if (in->op == PROBE_OP_BITFIELD) {
		if (!o->measure)
			probe_bitfield(dst, in);
		in++;
	}
	if (in->op != PROBE_OP_ARRAY)
		return ret;

	/* the next element: the next value in memory, or the next pointer */
	total += ret;
	if (++n == in->arg)
		return total;
	if (dst)
		dst += st->size;
	if (st->op == PROBE_OP_ST_MEM) {
		v += st->size;
		goto store;
	}
	v = before + sizeof(long);
	in = deref;
	goto again;
}

/*
 * The measuring pass: the strings' bytes.  With @o->fault (a uprobe) it
 * runs every program, so that each page the store will read is present.
 */
static int __kprobes probe_measure(const struct probe_arg *args,
				   unsigned int n, void *ctx,
				   const void *edata, struct probe_out *o)
{
	unsigned int i;
	int size = 0, len;

	for (i = 0; i < n; i++) {
		if (!args[i].is_string && !o->fault)
			continue;
		len = probe_run(args[i].prog, ctx, edata, NULL, o);
		if (len > 0 && args[i].is_string)
			size += len;
	}
	return size;
}

/*
 * The storing pass, into a record reserved with probe_measure()'s bytes.
 * The two commonest shapes run here, the rest through probe_run().
 */
static void __kprobes probe_store(const struct probe_arg *args,
				  unsigned int n, void *ctx, const void *edata,
				  void *rec, unsigned int head,
				  struct probe_out *o)
{
	const struct probe_insn *in;
	const struct probe_arg *a;
	unsigned int i, j;
	void *dst;

	for (i = 0; i < n; i++) {
		a = &args[i];
		dst = rec + head + a->offset;
		in = a->prog;
		switch (a->shape) {
		case PROBE_SHAPE_REG:
			probe_put_val(dst, in[1].size,
				      regs_get_register(ctx, in[0].arg));
			continue;
		case PROBE_SHAPE_REG_MEM:
			if (probe_read(dst,
				       regs_get_register(ctx, in[0].arg) +
				       in[1].arg, in[1].size,
				       o->user || in[1].op == PROBE_OP_ST_UMEM,
				       o))
				memset(dst, 0, in[1].size);
			continue;
		}
		if (probe_run(in, ctx, edata, dst, o) >= 0)
			continue;
		/* a dereference faulted: zeroes, or empty strings */
		if (a->is_string) {
			for (j = 0; j < (a->count ?: 1); j++)
				((u32 *)dst)[j] = (u32)(o->dyn - rec);
		} else {
			memset(dst, 0, a->type->size * (a->count ?: 1));
		}
	}
}

/**
 * probe_args_dyn_size - bytes the arguments' strings need at this hit
 * @args: the event's arguments
 * @n: how many
 * @ctx: the hit's registers (the attached event's record for eprobes)
 * @edata: what the entry saved (return probes)
 *
 * Return: the sum, at least 0.
 */
int __kprobes probe_args_dyn_size(const struct probe_arg *args, unsigned int n,
				  void *ctx, const void *edata)
{
	struct probe_out o = { .measure = true };

	return probe_measure(args, n, ctx, edata, &o);
}

/**
 * probe_args_store - write the arguments into a reserved record
 * @args: the event's arguments
 * @n: how many
 * @ctx: as for probe_args_dyn_size()
 * @edata: as for probe_args_dyn_size()
 * @rec: the record
 * @head: bytes of the record's head (the fields before the arguments)
 * @fixed: bytes of the arguments' fixed part
 * @dyn: bytes reserved after it for strings
 */
void __kprobes probe_args_store(const struct probe_arg *args, unsigned int n,
				void *ctx, const void *edata, void *rec,
				unsigned int head, unsigned int fixed, int dyn)
{
	struct probe_out o = {
		.rec = rec, .dyn = rec + head + fixed, .room = dyn,
	};

	probe_store(args, n, ctx, edata, rec, head, &o);
}

/**
 * probe_args_user_size - a uprobe's measuring pass
 * @args: the event's arguments
 * @n: how many
 * @regs: the probed task's user registers
 * @base: the address the probed file is loaded at (@+OFFSET)
 *
 * Context: the probed task, which may sleep: its memory may be faulted
 * in.  Return: the strings' bytes, at least 0.
 */
int probe_args_user_size(const struct probe_arg *args, unsigned int n,
			 struct pt_regs *regs, const unsigned long *base)
{
	struct probe_out o = { .measure = true, .user = true, .fault = true };

	might_fault();
	return probe_measure(args, n, regs, base, &o);
}

/**
 * probe_args_user_store - a uprobe's storing pass
 * @args: the event's arguments
 * @n: how many
 * @regs: as for probe_args_user_size()
 * @base: as for probe_args_user_size()
 * @rec: the record
 * @head: bytes of the record's head
 * @fixed: bytes of the arguments' fixed part
 * @dyn: bytes reserved after it for strings (probe_args_user_size())
 *
 * Context: the probed task, any (a reservation: preemption off); reads
 * do not fault.
 */
void probe_args_user_store(const struct probe_arg *args, unsigned int n,
			   struct pt_regs *regs, const unsigned long *base,
			   void *rec, unsigned int head, unsigned int fixed,
			   int dyn)
{
	struct probe_out o = {
		.rec = rec, .dyn = rec + head + fixed, .room = dyn,
		.user = true,
	};

	probe_store(args, n, regs, base, rec, head, &o);
}

/**
 * probe_args_user_fetch - a uprobe's arguments in one pass, before the
 *	reservation
 * @args: the event's arguments, none a string
 * @n: how many
 * @regs: as for probe_args_user_size()
 * @base: as for probe_args_user_size()
 * @buf: the arguments' fixed part, as the record holds it
 *
 * Without strings there is nothing to measure: the values are read once,
 * faulting pages in if need be, and the store under the reservation
 * copies @buf.
 *
 * Context: as probe_args_user_size().
 */
void probe_args_user_fetch(const struct probe_arg *args, unsigned int n,
			   struct pt_regs *regs, const unsigned long *base,
			   void *buf)
{
	struct probe_out o = { .rec = buf, .dyn = buf, .user = true,
			       .fault = true };

	might_fault();
	probe_store(args, n, regs, base, buf, 0, &o);
}

/**
 * probe_entry_store - save function arguments at entry for the return
 * @entry_args: their numbers (from 0)
 * @n: how many
 * @regs: the entry's registers
 * @edata: n words
 */
void __kprobes probe_entry_store(const unsigned int *entry_args, unsigned int n,
				 struct pt_regs *regs, unsigned long *edata)
{
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	unsigned int i;

	for (i = 0; i < n; i++)
		edata[i] = regs_get_kernel_argument(regs, entry_args[i]);
#endif
}
