/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fetch-argument language of probe events (kprobetrace.rst's
 * FETCHARGS): "NAME=FETCHARG:TYPE" compiled once, when the event is
 * defined, into a short program that each hit runs
 * (Documentation/trace/retrace/probe-events.rst has the instruction set
 * and how each form compiles).
 *
 *   probe_arg_parse.c  the compiler, and its error_log texts and carets
 *   probe_arg_fetch.c  running a program at a hit: fault-safe reads, the
 *                      record's fixed part and its string data
 *   probe_types.c      the types: sizes, format-file names, print fmt
 *                      conversions, the trace line's printers
 *
 * A program is a source (one instruction that yields a word), then
 * zero or more dereferences, then one store into the record, then
 * optionally a bitfield and an array loop, then END.  At most
 * PROBE_INSN_MAX instructions, END included.
 *
 * Contexts: compiling in process context under dyn_event_ops_mutex
 * (the error log's state); running in the probe's context (int3, ftrace,
 * NMI for some kprobes): no locks, no sleeping, every read through a
 * _nofault accessor.  A uprobe's hit runs in the probed task, which may
 * sleep: its measuring pass (probe_args_user_size()) may fault the
 * task's pages in, its store does not.
 */
#ifndef _KERNEL_TRACE_PROBE_ARG_H
#define _KERNEL_TRACE_PROBE_ARG_H

#include <linux/types.h>

struct pt_regs;
struct trace_seq;

/* Limits of the language, as 6.12 has them. */
#define PROBE_ARGS_MAX		128	/* arguments of one event */
#define PROBE_ARG_TEXT_MAX	63	/* bytes of one FETCHARG:TYPE */
#define PROBE_ARG_NAME_MAX	32	/* bytes of an argument name */
#define PROBE_ARRAY_MAX		64	/* elements of a TYPE[N] */
#define PROBE_RECORD_MAX	3072	/* fixed part of a record */
#define PROBE_STRING_MAX	PATH_MAX /* bytes of one string, NUL included */
#define PROBE_INSN_MAX		16	/* instructions of a program */
#define PROBE_NAME_MAX		64	/* group and event names, NUL included */

/* Names the record's head uses; an argument may not take them. */
#define PROBE_FIELD_IP		"__probe_ip"
#define PROBE_FIELD_RETIP	"__probe_ret_ip"
#define PROBE_FIELD_FUNC	"__probe_func"

/* Where an argument is fetched: what the compiler allows. */
enum probe_where {
	PROBE_KERNEL	= BIT(0),	/* kernel text (kprobe) */
	PROBE_USER	= BIT(1),	/* user text (uprobe) */
	PROBE_ENTRY	= BIT(2),	/* on a function's first instruction */
	PROBE_RETURN	= BIT(3),	/* on a function's return */
	PROBE_EVENT	= BIT(4),	/* on another event's record (eprobe) */
};

/*
 * The instructions.  Sources set the word v; DEREF/UDEREF replace v with
 * the word at v + off; the stores write the record; BITFIELD and ARRAY
 * modify the store before them.
 */
enum probe_op {
	PROBE_OP_NONE,		/* a free slot while compiling */
	PROBE_OP_END,
	/* sources */
	PROBE_OP_REG,		/* v = the register at pt_regs offset @arg */
	PROBE_OP_STACK,		/* v = the @arg-th word of the kernel stack */
	PROBE_OP_STACKP,	/* v = the stack pointer */
	PROBE_OP_RETVAL,	/* v = the return value */
	PROBE_OP_ARG,		/* v = the function's argument @arg (from 0) */
	PROBE_OP_EDATA,		/* v = the word at @arg of the entry data */
	PROBE_OP_IMM,		/* v = @arg */
	PROBE_OP_FOFFS,		/* v = the probed file's load address + @arg */
	/* no-op: @data names the symbol the next IMM holds the address of */
	PROBE_OP_SYMBOL,
	PROBE_OP_COMM,		/* v = current->comm */
	PROBE_OP_DATA,		/* v = @data (an immediate string) */
	/* v = the field at @arg, @size bytes, of the event record (eprobe) */
	PROBE_OP_FIELD,
	/* v = the address of the string field at @arg, held as @size says */
	PROBE_OP_FIELD_STR,
	/* dereferences */
	PROBE_OP_DEREF,		/* v = *(long *)(v + @arg), kernel */
	PROBE_OP_UDEREF,	/* v = *(long *)(v + @arg), user */
	/* stores */
	PROBE_OP_ST_VAL,	/* the low @size bytes of v */
	PROBE_OP_ST_MEM,	/* @size bytes at v + @arg, kernel */
	PROBE_OP_ST_UMEM,	/* @size bytes at v + @arg, user */
	PROBE_OP_ST_STR,	/* the string at v + @arg, kernel */
	PROBE_OP_ST_USTR,	/* the string at v + @arg, user */
	PROBE_OP_ST_SYMSTR,	/* "symbol+off/size" of v */
	/* after a store */
	PROBE_OP_BITFIELD,	/* << @lshift, >> @rshift, in @size bytes */
	PROBE_OP_ARRAY,		/* repeat the store @arg times */
};

/* How a record holds a string field (FIELD_STR's @size). */
enum probe_field_str {
	PROBE_FSTR_LOC,		/* __data_loc: offset from the record */
	PROBE_FSTR_REL_LOC,	/* __rel_loc: offset from after the field */
	PROBE_FSTR_ARRAY,	/* char[N] in the record */
	PROBE_FSTR_PTR,		/* a char * the record holds */
};

/**
 * struct probe_insn - one instruction of a fetch program
 * @op: enum probe_op
 * @size: bytes a store writes (a string: its 4-byte data_loc); bitfield:
 *	its container's bytes; FIELD: the field's bytes; FIELD_STR: enum
 *	probe_field_str
 * @lshift: bitfield only
 * @rshift: bitfield only
 * @sign: FIELD only: sign-extend
 * @arg: the operand (above)
 * @data: SYMBOL's name, DATA's string (owned)
 */
struct probe_insn {
	u8		op;
	u8		size;
	u8		lshift;
	u8		rshift;
	u8		sign;
	long		arg;
	void		*data;
};

/* How a type's values are printed on the trace line. */
enum probe_kind {
	PROBE_KIND_UNSIGNED,
	PROBE_KIND_SIGNED,
	PROBE_KIND_HEX,
	PROBE_KIND_CHAR,
	PROBE_KIND_SYMBOL,
	PROBE_KIND_STRING,
};

/**
 * struct probe_argtype - a TYPE of the language
 * @name: as written after ':' ("u32", "x8", "string", "symbol")
 * @fmttype: the type the format file shows ("u32", "__data_loc char[]")
 * @fmt: its conversion in the print fmt ("%u", "0x%x", "\"%s\"")
 * @size: bytes in the record's fixed part (4 for a string's data_loc)
 * @kind: enum probe_kind
 * @is_signed: for the format file and filters
 * @is_string: its data follows the fixed part
 */
struct probe_argtype {
	const char	*name;
	const char	*fmttype;
	const char	*fmt;
	u8		size;
	u8		kind;
	bool		is_signed;
	bool		is_string;
};

/*
 * Programs of the two commonest forms, which a hit runs without the
 * interpreter: "%REG" and "+OFF(%REG)", each with a plain store.
 */
enum probe_shape {
	PROBE_SHAPE_ANY,	/* run the program */
	PROBE_SHAPE_REG,	/* REG, ST_VAL, END */
	PROBE_SHAPE_REG_MEM,	/* REG, ST_MEM or ST_UMEM, END */
};

/**
 * struct probe_arg - one compiled argument
 * @prog: its program
 * @type: its type
 * @name: its field name (given, or "argN")
 * @text: the FETCHARG[:TYPE] as written, for listings and matching
 * @fmttype: the format file's type of an array ("u8[4]"), else NULL
 * @offset: where its value is in the record's fixed part, after the head
 * @count: elements of an array, 0 for a single value
 * @is_string: its data follows the fixed part
 * @shape: enum probe_shape of @prog
 */
struct probe_arg {
	struct probe_insn	*prog;
	const struct probe_argtype	*type;
	char			*name;
	char			*text;
	char			*fmttype;
	unsigned int		offset;
	unsigned int		count;
	bool			is_string;
	u8			shape;
};

/*
 * The error log of one definition: the words of the command (argv
 * split), the word being parsed, and the error_log location
 * ("trace_kprobe").  Carets are counted from the word's start.
 */
struct probe_log {
	const char	*where;
	int		argc;
	const char * const *argv;
	int		word;
};

/*
 * The error_log messages (6.12's texts; probe_arg_parse.c has them),
 * grouped by what they are about.
 */
enum probe_err {
	/* the event's name */
	PERR_NO_GROUP_NAME, PERR_GROUP_TOO_LONG, PERR_BAD_GROUP_NAME,
	PERR_NO_EVENT_NAME, PERR_EVENT_TOO_LONG, PERR_BAD_EVENT_NAME,
	PERR_EVENT_EXIST, PERR_NO_EVENT_INFO,
	/* where the probe goes */
	PERR_BAD_MAXACT_TYPE, PERR_BAD_MAXACT, PERR_MAXACT_TOO_BIG,
	PERR_BAD_PROBE_ADDR, PERR_NON_UNIQ_SYMBOL, PERR_BAD_RETPROBE,
	PERR_BAD_ADDR_SUFFIX, PERR_BAD_INSN_BNDRY, PERR_FAIL_REG_PROBE,
	PERR_FILE_NOT_FOUND, PERR_NO_REGULAR_FILE, PERR_BAD_REFCNT,
	PERR_REFCNT_OPEN_BRACE, PERR_BAD_REFCNT_SUFFIX, PERR_BAD_UPROBE_OFFS,
	PERR_BAD_ATTACH_EVENT, PERR_BAD_ATTACH_ARG, PERR_NO_EP_FILTER,
	/* one argument */
	PERR_ARG_NAME_TOO_LONG, PERR_NO_ARG_NAME, PERR_BAD_ARG_NAME,
	PERR_USED_ARG_NAME, PERR_ARG_TOO_LONG, PERR_NO_ARG_BODY,
	PERR_RETVAL_ON_PROBE, PERR_BAD_STACK_NUM, PERR_BAD_ARG_NUM,
	PERR_BAD_VAR, PERR_BAD_REG_NAME, PERR_BAD_MEM_ADDR, PERR_BAD_IMM,
	PERR_IMMSTR_NO_CLOSE, PERR_FILE_ON_KPROBE, PERR_BAD_FILE_OFFS,
	PERR_SYM_ON_UPROBE, PERR_TOO_MANY_OPS, PERR_DEREF_NEED_BRACE,
	PERR_BAD_DEREF_OFFS, PERR_DEREF_OPEN_BRACE, PERR_COMM_CANT_DEREF,
	PERR_BAD_FETCH_ARG, PERR_ARRAY_NO_CLOSE, PERR_BAD_ARRAY_SUFFIX,
	PERR_BAD_ARRAY_NUM, PERR_ARRAY_TOO_BIG, PERR_BAD_TYPE,
	PERR_BAD_STRING, PERR_BAD_SYMSTRING, PERR_BAD_BITFIELD,
	PERR_NEED_STRING_TYPE, PERR_EVENT_TOO_BIG,
	/* $arg* and names of arguments (BTF, which we do not read) */
	PERR_NOSUP_BTFARG, PERR_NOFENTRY_ARGS, PERR_DOUBLE_ARGS,
	/* a probe appended to an event */
	PERR_DIFF_PROBE_TYPE, PERR_DIFF_ARG_TYPE, PERR_SAME_PROBE,
	PERR_COUNT
};

/* Log @err at column @pos of the current word (process context). */
void probe_log_err(struct probe_log *log, int pos, enum probe_err err);

/*
 * What the compiler needs beyond the text: where the probe is, the log,
 * and for return probes the function arguments the entry must save
 * (@entry_args, @n_entry: their numbers from 0, in first-use order).
 * For event probes, @field_of turns "$NAME" into the FIELD or FIELD_STR
 * instruction @in that reads field NAME of the attached event, or
 * returns -ENOENT when it has none.
 */
struct probe_ctx {
	unsigned int		where;		/* enum probe_where */
	struct probe_log	*log;
	unsigned int		n_entry;
	unsigned int		entry_args[PROBE_ARGS_MAX];
	int			(*field_of)(void *data, const char *name,
					    struct probe_insn *in);
	void			*field_data;
};

/* probe_arg_parse.c */
int probe_arg_compile(struct probe_arg *args, unsigned int i,
		      const char *word, unsigned int *size,
		      struct probe_ctx *ctx);
void probe_arg_free(struct probe_arg *arg);
int probe_arg_resolve(struct probe_arg *arg);
int probe_meta_args_check(int argc, const char **argv, int first,
			  struct probe_ctx *ctx);
char **probe_dentry_args(int argc, const char **argv);
bool probe_good_name(const char *name);

/* probe_types.c */
const struct probe_argtype *probe_type_find(const char *name,
					    unsigned int where);
bool probe_args_print(struct trace_seq *s, const struct probe_arg *args,
		      unsigned int n, const void *fields, const void *rec);
int probe_print_fmt(char *buf, int len, const char *head_fmt,
		    const char *head_args, const struct probe_arg *args,
		    unsigned int n);

/* probe_arg_fetch.c */
int probe_args_dyn_size(const struct probe_arg *args, unsigned int n,
			void *ctx, const void *edata);
void probe_args_store(const struct probe_arg *args, unsigned int n,
		      void *ctx, const void *edata, void *rec,
		      unsigned int head, unsigned int fixed, int dyn);
void probe_entry_store(const unsigned int *entry_args, unsigned int n,
		       struct pt_regs *regs, unsigned long *edata);
int probe_args_user_size(const struct probe_arg *args, unsigned int n,
			 struct pt_regs *regs, const unsigned long *base);
void probe_args_user_store(const struct probe_arg *args, unsigned int n,
			   struct pt_regs *regs, const unsigned long *base,
			   void *rec, unsigned int head, unsigned int fixed,
			   int dyn);
void probe_args_user_fetch(const struct probe_arg *args, unsigned int n,
			   struct pt_regs *regs, const unsigned long *base,
			   void *buf);

#endif /* _KERNEL_TRACE_PROBE_ARG_H */
