/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histogram triggers: what the files of kernel/trace/hist share.
 *
 * A "hist:" line written to an event's trigger file becomes a struct
 * hist_data: the definition (struct hist_attrs, the clauses as written),
 * the fields it computes (struct hist_field: the values, the variables,
 * the keys), the sort order, and the tracing map the values are summed
 * in.  hist_parse.c builds it from the text, hist_field.c makes and
 * evaluates single fields, hist_fire.c is the trigger that runs on every
 * hit, hist_show.c prints the trigger line and the "hist" file, and
 * hist_cmd.c is the trigger command around them.  The design, with the
 * grammar as implemented, is Documentation/trace/retrace/histograms.rst.
 *
 * Contexts: hist_field_value() and hist_fire() run on the fire path of
 * the event (any context, NMI included; no lock, no sleep, no
 * allocation).  Everything else runs in process context with
 * event_mutex held.  A hist_data is read-only once its trigger is on an
 * event's list, except the map's contents and @paused of the instances
 * that use it.
 */
#ifndef _KERNEL_TRACE_HIST_INTERNAL_H
#define _KERNEL_TRACE_HIST_INTERNAL_H

#include <linux/list.h>
#include <linux/types.h>

#include "map/tracing_map.h"

struct ftrace_event_field;
struct ring_buffer_event;
struct seq_file;
struct trace_array;
struct trace_buffer;
struct trace_event_file;
struct event_trigger_data;

/* Values: hitcount and at most two more (a third is refused). */
#define HIST_VALS_MAX		3
/* Every field of a definition: values, keys and variables. */
#define HIST_FIELDS_MAX		(HIST_VALS_MAX + TRACING_MAP_KEYS_MAX + \
				 TRACING_MAP_VARS_MAX)
/* Operators an expression may hold, unary minus included. */
#define HIST_SUBEXPR_MAX	3
/* A stack key: this many return addresses, the first few skipped. */
#define HIST_STACK_DEPTH	16
#define HIST_STACK_BYTES	(HIST_STACK_DEPTH * sizeof(unsigned long))
/* A string key holds at most MAX_FILTER_STR_VAL - 1 bytes and a NUL. */
#define HIST_KEY_BYTES_MAX	(MAX_FILTER_STR_VAL + HIST_STACK_BYTES)
/* Division by a constant below 2^20 multiplies and shifts instead. */
#define HIST_DIV_SHIFT		20

/* How a field's value is computed (hist_field_value()). */
enum hist_fn {
	HIST_FN_U8,
	HIST_FN_S8,
	HIST_FN_U16,
	HIST_FN_S16,
	HIST_FN_U32,
	HIST_FN_S32,
	HIST_FN_U64,		/* and s64: the bits are the value */
	HIST_FN_STRING,		/* char[N] in the record */
	HIST_FN_DYNSTRING,	/* __data_loc: offset from the record */
	HIST_FN_RELDYNSTRING,	/* __rel_loc: offset from the field's end */
	HIST_FN_PSTRING,	/* a char * in the record */
	HIST_FN_STACK,		/* a stacktrace field: count, then entries */
	HIST_FN_NONE,		/* common_stacktrace: taken by the caller */
	HIST_FN_COUNTER,	/* hitcount: 1 */
	HIST_FN_CONST,
	HIST_FN_CPU,
	HIST_FN_TIMESTAMP,
	HIST_FN_LOG2,
	HIST_FN_BUCKET,
	HIST_FN_UMINUS,
	HIST_FN_PLUS,
	HIST_FN_MINUS,
	HIST_FN_MULT,
	HIST_FN_DIV,		/* by a field: 0 gives -1 */
	HIST_FN_DIV_POW2,	/* by a constant power of two: a shift */
	HIST_FN_DIV_CONST,	/* by a constant above 2^20 */
	HIST_FN_DIV_MULT,	/* by a constant up to 2^20: mult, shift */
};

/*
 * hist_field.flags: what the field is (hitcount, a key, a string, a
 * variable, an expression, a constant, common_timestamp, common_cpu, a
 * stack) and the display modifier it was written with.  HIST_FL(KEY)
 * is the flag of HIST_FLB_KEY.
 */
enum hist_flag_bit {
	HIST_FLB_HITCOUNT,
	HIST_FLB_KEY,
	HIST_FLB_STRING,
	HIST_FLB_VAR,
	HIST_FLB_EXPR,
	HIST_FLB_CONST,
	HIST_FLB_TIMESTAMP,
	HIST_FLB_CPU,
	/* the modifiers */
	HIST_FLB_HEX,
	HIST_FLB_SYM,
	HIST_FLB_SYM_OFFSET,
	HIST_FLB_EXECNAME,
	HIST_FLB_SYSCALL,
	HIST_FLB_STACKTRACE,	/* also: the field is a stack */
	HIST_FLB_LOG2,
	HIST_FLB_BUCKET,
	HIST_FLB_USECS,
	HIST_FLB_PERCENT,
	HIST_FLB_GRAPH,
};

#define HIST_FL(name)		BIT(HIST_FLB_##name)

enum hist_op {
	HIST_OP_NONE,
	HIST_OP_PLUS,
	HIST_OP_MINUS,
	HIST_OP_UMINUS,
	HIST_OP_DIV,
	HIST_OP_MULT,
};

/**
 * struct hist_field - one value, key or variable of a histogram
 * @fn: how its value is computed
 * @flags: HIST_FL_*
 * @field: the event field it reads, or NULL
 * @rec_off: where @field is in the record
 * @size: bytes of the value; of a key, its slot in the compound key
 * @key_off: a key's offset in the compound key
 * @is_signed: a signed number
 * @type: the C type the value has
 * @buckets: .buckets=N
 * @constant: a constant's value; a constant divisor's, for DIV_*
 * @div_mult: 2^HIST_DIV_SHIFT / @constant, for HIST_FN_DIV_MULT
 * @operands: of log2, buckets (one) and expressions (one or two)
 * @op: an expression's operator
 * @name: an expression's text, as the output names it
 * @var_name: a variable's name
 * @var_idx: a variable's index in the map's variables
 * @hd: the histogram it belongs to
 */
struct hist_field {
	enum hist_fn			fn;
	unsigned long			flags;
	struct ftrace_event_field	*field;
	unsigned int			rec_off;
	unsigned int			size;
	unsigned int			key_off;
	bool				is_signed;
	const char			*type;
	unsigned long			buckets;
	u64				constant;
	u64				div_mult;
	struct hist_field		*operands[2];
	enum hist_op			op;
	char				*name;
	char				*var_name;
	unsigned int			var_idx;
	struct hist_data		*hd;
};

/*
 * The clauses of a definition as written, before they are turned into
 * fields: "keys=", "vals=", "sort=" (each cut at commas later), "name="
 * (kept whole, "name=NAME", as the trigger line prints it), "clock=",
 * the variable assignments (each clause whole, then cut into @var_name
 * and @var_expr), the number of handler clauses.
 */
struct hist_attrs {
	char		*keys;
	char		*vals;
	char		*sort;
	char		*name;
	char		*clock;
	char		*assign[TRACING_MAP_VARS_MAX];
	unsigned int	n_assign;
	unsigned int	n_handlers;
	char		*var_name[TRACING_MAP_VARS_MAX];
	char		*var_expr[TRACING_MAP_VARS_MAX];
	unsigned int	n_vars;
	unsigned int	bits;
	bool		pause;
	bool		cont;
	bool		clear;
	bool		nohitcount;
};

/*
 * Where the values of a registered histogram are summed.  Every
 * histogram has one; the histograms of one name ("name=NAME") share
 * theirs, which is then on the named list of hist_cmd.c.  @members are
 * the histograms summing into @map (struct hist_data.store_link); the
 * first of them is the definition later ones of the name must match.
 * @name is the first member's "name=NAME".  Everything under
 * event_mutex; the store goes with its last member.
 */
struct hist_store {
	struct list_head	list;
	const char		*name;
	struct tracing_map	*map;
	struct list_head	members;
};

/**
 * struct hist_data - one histogram definition and its map
 * @fields: values first (hitcount at 0), then variables, then keys
 * @n_vals: values and variables
 * @n_vars: variables
 * @n_keys: keys
 * @n_fields: all of them
 * @key_size: bytes of the (compound) key
 * @compound: the key is built in a scratch buffer, not a lone u64
 * @sort_keys: the sort order, as map field indexes
 * @n_sort_keys: its length (1 or 2)
 * @attrs: the clauses as written
 * @file: the event it was defined on
 * @map: where the values are summed: its own, or its store's
 * @store: the store, once registered (NULL before)
 * @store_link: on the store's members
 * @clearing: set while a "clear" empties the map: hits skip it (the
 *	fire path reads it, with acquire)
 * @usecs: common_timestamp counts in microseconds (any .usecs asks it)
 * @timestamps: it reads common_timestamp
 * @remove: built from a "!hist:" line, only to find its twin
 */
struct hist_data {
	struct hist_field		*fields[HIST_FIELDS_MAX];
	unsigned int			n_vals;
	unsigned int			n_vars;
	unsigned int			n_keys;
	unsigned int			n_fields;
	unsigned int			key_size;
	bool				compound;
	struct tracing_map_sort_key	sort_keys[TRACING_MAP_SORT_KEYS_MAX];
	unsigned int			n_sort_keys;
	struct hist_attrs		*attrs;
	struct trace_event_file		*file;
	struct tracing_map		*map;
	struct hist_store		*store;
	struct list_head		store_link;
	bool				clearing;
	bool				usecs;
	bool				timestamps;
	bool				remove;
};

/*
 * The text a failing write is reported against (error_log), kept while
 * one trigger line is parsed (event_mutex), and the last error logged
 * (@err is -1 before any).
 */
struct hist_ctx {
	struct trace_array	*tr;
	char			*cmd;		/* "hist:" and what followed */
	char			loc[MAX_FILTER_STR_VAL]; /* "hist:SYSTEM:EVENT" */
	int			err;
	unsigned int		pos;
};

/* The errors a definition is refused with (texts: hist_parse.c). */
enum hist_err {
	HIST_ERR_DUPLICATE_VAR,
	HIST_ERR_TOO_MANY_VARS,
	HIST_ERR_MALFORMED_ASSIGNMENT,
	HIST_ERR_NAMED_MISMATCH,
	HIST_ERR_TRIGGER_EEXIST,
	HIST_ERR_TRIGGER_ENOENT_CLEAR,
	HIST_ERR_SET_CLOCK_FAIL,
	HIST_ERR_BAD_FIELD_MODIFIER,
	HIST_ERR_TOO_MANY_SUBEXPR,
	HIST_ERR_TIMESTAMP_MISMATCH,
	HIST_ERR_FIELD_NOT_FOUND,
	HIST_ERR_EMPTY_ASSIGNMENT,
	HIST_ERR_INVALID_SORT_MODIFIER,
	HIST_ERR_EMPTY_SORT_FIELD,
	HIST_ERR_TOO_MANY_SORT_FIELDS,
	HIST_ERR_INVALID_SORT_FIELD,
	HIST_ERR_INVALID_STR_OPERAND,
	HIST_ERR_EXPECT_NUMBER,
	HIST_ERR_UNARY_MINUS_SUBEXPR,
	HIST_ERR_DIVISION_BY_ZERO,
	HIST_ERR_NEED_NOHC_VAL,
	HIST_ERR_COUNT
};

/* hist_parse.c: the definition (event_mutex) */
void hist_err(struct hist_ctx *ctx, enum hist_err err, const char *at);
int hist_ctx_init(struct hist_ctx *ctx, struct trace_event_file *file,
		  const char *text);
void hist_ctx_release(struct hist_ctx *ctx);
struct hist_attrs *hist_attrs_parse(struct hist_ctx *ctx, char *text);
void hist_attrs_free(struct hist_attrs *attrs);
struct hist_data *hist_data_create(struct hist_ctx *ctx,
				   struct hist_attrs *attrs,
				   struct trace_event_file *file, bool remove);
void hist_data_destroy(struct hist_data *hd);

/* hist_field.c: single fields (event_mutex, but hist_field_value()) */
struct hist_field *hist_field_parse(struct hist_ctx *ctx, struct hist_data *hd,
				    char *text, unsigned long flags,
				    const char *var_name);
void hist_field_destroy(struct hist_field *f);
const char *hist_field_name(const struct hist_field *f);
const char *hist_field_modifier(const struct hist_field *f);
u64 hist_field_value(const struct hist_field *f, void *rec,
		     struct trace_buffer *buffer, struct ring_buffer_event *rbe);

/* hist_fire.c: the trigger (any context), its scratch and element ops */
void hist_fire(struct event_trigger_data *data, struct trace_buffer *buffer,
	       void *rec, struct ring_buffer_event *rbe);
int hist_fire_get(void);
void hist_fire_put(void);
const struct tracing_map_ops *hist_map_ops(void);

/* hist_show.c: text (event_mutex) */
int hist_trigger_print(struct seq_file *m, struct event_trigger_data *data);
void hist_show_table(struct seq_file *m, struct event_trigger_data *data,
		     bool first);
extern const struct file_operations hist_file_fops;

/* hist_cmd.c: the command */
extern struct event_command hist_cmd;

#endif /* _KERNEL_TRACE_HIST_INTERNAL_H */
