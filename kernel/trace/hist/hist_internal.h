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
#include <linux/sched.h>
#include <linux/types.h>

#include "map/tracing_map.h"

struct ftrace_event_field;
struct ring_buffer_event;
struct seq_file;
struct trace_array;
struct trace_buffer;
struct trace_event_file;
struct event_trigger_data;
struct synth_event;

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
/* Handler clauses (onmatch, onmax, onchange) a definition may have. */
#define HIST_ACTIONS_MAX	8
/* Parameters of an action, and variables made for fields. */
#define HIST_PARAMS_MAX		64
/* A string variable's room in its element, its NUL included. */
#define HIST_STR_MAX		MAX_FILTER_STR_VAL

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
	HIST_FN_VAR_REF,	/* a variable, resolved for this hit */
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
	HIST_FLB_VAR_REF,	/* $var: a variable of this or another histogram */
	HIST_FLB_ALIAS,		/* a variable that is another's value: v=$w */
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

/* What a reference to a variable inherits from it. */
#define HIST_REF_FLAGS		(HIST_FL(TIMESTAMP) | HIST_FL(USECS) | \
				 HIST_FL(STACKTRACE) | HIST_FL(STRING))

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
 * @str_idx: a string or stack variable's room in its element
 * @ref_hd: a reference's (or alias's) variable: its histogram
 * @ref_var: and the variable, a field of @ref_hd
 * @ref_idx: a reference's index in @hd's var_refs (its value for a hit)
 * @ref_system: the "system.event." a reference was written with, or NULL
 * @ref_event: (its event)
 * @read_once: a reference in an expression: reading resets the variable
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
	unsigned int			str_idx;
	struct hist_data		*ref_hd;
	struct hist_field		*ref_var;
	unsigned int			ref_idx;
	char				*ref_system;
	char				*ref_event;
	bool				read_once;
	struct hist_data		*hd;
};

/* A variable made for a field an action needs: @var set from @val. */
struct hist_field_var {
	struct hist_field	*var;
	struct hist_field	*val;
};

/*
 * A histogram made on another event for a field of it an action names
 * ("SYSTEM.EVENT.FIELD"): removed with the histogram that made it.
 */
struct hist_var_hist {
	struct trace_event_file	*file;
	char			*cmd;
};

enum hist_handler {
	HIST_ONMATCH = 1,	/* onmatch(SYSTEM.EVENT) */
	HIST_ONMAX,		/* onmax($var) */
	HIST_ONCHANGE,		/* onchange($var) */
};

enum hist_act {
	HIST_ACT_TRACE = 1,	/* SYNTH(params) or trace(SYNTH,params) */
	HIST_ACT_SAVE,		/* save(fields) */
	HIST_ACT_SNAPSHOT,	/* snapshot() */
};

/**
 * struct hist_action - a handler clause and its action
 * @handler: when it runs
 * @act: what it does
 * @name: the action as written: "save", "snapshot", "trace" or SYNTH
 * @synth_name: the synthetic event trace() names (NULL otherwise)
 * @params: the parameters as written (trace() without its first)
 * @n_params: how many
 * @match_system: onmatch's system
 * @match_event: onmatch's event
 * @track_str: onmax's or onchange's "$var" as written
 * @track_ref: the reference to that variable
 * @track_var: the value kept per element ("__max", "__change")
 * @synth: the synthetic event written (a reference held)
 * @snap: snapshot()'s state, the instance's conditional snapshot data
 * @ref_idx: for each parameter, its reference's index in var_refs
 */
struct hist_action {
	enum hist_handler	handler;
	enum hist_act		act;
	char			*name;
	char			*synth_name;
	char			*params[HIST_PARAMS_MAX];
	unsigned int		n_params;
	char			*match_system;
	char			*match_event;
	char			*track_str;
	struct hist_field	*track_ref;
	struct hist_field	*track_var;
	struct synth_event	*synth;
	struct hist_snapshot	*snap;
	unsigned int		ref_idx[HIST_PARAMS_MAX];
};

/*
 * What a snapshot() action knows of the snapshot it last took: the
 * tracked value that took it, over every element, and the key and task
 * of the hit.  Written under the instance's max_lock by the conditional
 * snapshot's update, read by the hist file.
 */
struct hist_snapshot {
	const struct hist_data	*hd;
	const struct hist_action *action;
	u64			track_val;
	bool			updated;
	char			comm[TASK_COMM_LEN];
	u64			key[HIST_KEY_BYTES_MAX / sizeof(u64)];
};

/*
 * The clauses of a definition as written, before they are turned into
 * fields: "keys=", "vals=", "sort=" (each cut at commas later), "name="
 * (kept whole, "name=NAME", as the trigger line prints it), "clock=",
 * the variable assignments (each clause whole, then cut into @var_name
 * and @var_expr), the handler clauses (@action, @n_handlers of them).
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
	char		*action[HIST_ACTIONS_MAX];
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
 * @linked: it reads variables, or has actions: its hits take the longer
 *	path (hist_fire.c)
 * @vars_link: on the list of histograms with variables (hist_var.c)
 * @n_var_refs: @var_refs in use, and so on for the arrays below
 * @n_actions:
 * @n_field_vars:
 * @n_save_vars:
 * @n_var_hists:
 * @n_strs: string and stack variables: their rooms per element
 * @var_refs: the variables its fields and actions read, each once
 * @actions: its handler clauses
 * @field_vars: variables made for fields its actions pass
 * @save_vars: variables made for save()'s fields
 * @var_hists: histograms made on other events for its actions
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
	bool				linked;
	struct list_head		vars_link;
	unsigned int			n_var_refs;
	unsigned int			n_actions;
	unsigned int			n_field_vars;
	unsigned int			n_save_vars;
	unsigned int			n_var_hists;
	unsigned int			n_strs;
	struct hist_field		*var_refs[TRACING_MAP_VARS_MAX];
	struct hist_action		*actions[HIST_ACTIONS_MAX];
	struct hist_field_var		field_vars[HIST_PARAMS_MAX];
	struct hist_field_var		save_vars[HIST_PARAMS_MAX];
	struct hist_var_hist		var_hists[HIST_PARAMS_MAX];
};

/* What an element keeps besides its sums and variables. */
struct hist_elt {
	char	*comm;		/* .execname: the task that made it */
	char	*strs;		/* n_strs rooms of HIST_STR_MAX bytes */
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
	HIST_ERR_VAR_NOT_UNIQUE,
	HIST_ERR_TOO_MANY_FIELD_VARS,
	HIST_ERR_EVENT_FILE_NOT_FOUND,
	HIST_ERR_HIST_NOT_FOUND,
	HIST_ERR_HIST_CREATE_FAIL,
	HIST_ERR_SYNTH_VAR_NOT_FOUND,
	HIST_ERR_SYNTH_EVENT_NOT_FOUND,
	HIST_ERR_SYNTH_TYPE_MISMATCH,
	HIST_ERR_SYNTH_COUNT_MISMATCH,
	HIST_ERR_FIELD_VAR_PARSE_FAIL,
	HIST_ERR_VAR_CREATE_FIND_FAIL,
	HIST_ERR_ONX_NOT_VAR,
	HIST_ERR_ONX_VAR_NOT_FOUND,
	HIST_ERR_ONX_VAR_CREATE_FAIL,
	HIST_ERR_FIELD_VAR_CREATE_FAIL,
	HIST_ERR_TOO_MANY_PARAMS,
	HIST_ERR_PARAM_NOT_FOUND,
	HIST_ERR_INVALID_PARAM,
	HIST_ERR_ACTION_NOT_FOUND,
	HIST_ERR_NO_SAVE_PARAMS,
	HIST_ERR_TOO_MANY_SAVE_ACTIONS,
	HIST_ERR_ACTION_MISMATCH,
	HIST_ERR_NO_CLOSING_PAREN,
	HIST_ERR_SUBSYS_NOT_FOUND,
	HIST_ERR_INVALID_SUBSYS_EVENT,
	HIST_ERR_INVALID_REF_KEY,
	HIST_ERR_VAR_NOT_FOUND,
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
		     struct trace_buffer *buffer, struct ring_buffer_event *rbe,
		     const u64 *refs);
struct hist_field *hist_field_alloc(struct hist_data *hd, unsigned long flags,
				    const char *var_name);
struct hist_field *hist_var_field(struct hist_ctx *ctx, struct hist_data *hd,
				  char *name, const char *var_name);

/* hist_var.c: variables and references (event_mutex, but the resolve) */
struct hist_field *hist_find_var(const struct hist_data *hd, const char *name);
struct hist_field *hist_find_file_var(struct trace_event_file *file,
				      const char *name);
bool hist_var_taken(struct hist_data *hd, const char *name);
struct hist_field *hist_find_event_var(struct hist_ctx *ctx,
				       struct hist_data *hd,
				       const char *system, const char *event,
				       const char *name);
void hist_ref_point(struct hist_field *f, struct hist_field *var,
		    unsigned int idx);
struct hist_field *hist_var_ref(struct hist_data *hd, struct hist_field *var,
				const char *system, const char *event);
struct hist_field *hist_var_new(struct hist_data *hd, const char *name,
				unsigned int size, const char *type);
bool hist_refs_resolve(const struct hist_data *hd, const void *key, u64 *refs);
bool hist_refs_resolve_own(const struct hist_data *hd,
			   struct tracing_map_elt *elt, u64 *refs);
bool hist_vars_referenced(const struct hist_data *hd);
int hist_vars_publish(struct hist_data *hd);
void hist_vars_unpublish(struct hist_data *hd);

/* hist_action.c: handlers and actions */
int hist_actions_parse(struct hist_ctx *ctx, struct hist_data *hd);
int hist_actions_create(struct hist_ctx *ctx, struct hist_data *hd);
void hist_actions_destroy(struct hist_data *hd);
void hist_actions_fire(const struct hist_data *hd,
		       struct tracing_map_elt *elt, void *rec,
		       struct trace_buffer *buffer,
		       struct ring_buffer_event *rbe, const void *key,
		       const u64 *refs);
void hist_actions_print_spec(struct seq_file *m, const struct hist_data *hd);
void hist_actions_print_entry(struct seq_file *m, const struct hist_data *hd,
			      struct tracing_map_elt *elt);
const struct hist_snapshot *hist_actions_snapshot(const struct hist_data *hd);
bool hist_actions_same(const struct hist_data *a, const struct hist_data *b);
void hist_set_field_vars(const struct hist_field_var *fv, unsigned int n,
			 struct tracing_map_elt *elt, void *rec,
			 struct trace_buffer *buffer,
			 struct ring_buffer_event *rbe, const u64 *refs);

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
int hist_cmd_run(struct trace_event_file *file, const char *glob,
		 const char *text);

#endif /* _KERNEL_TRACE_HIST_INTERNAL_H */
