// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall events: events/syscalls/sys_enter_NAME and sys_exit_NAME,
 * one pair per syscall with metadata (Documentation/trace/retrace/
 * syscalls.rst), recorded into the instances that enable them.
 *
 * SYSCALL_DEFINE makes, next to each syscall's metadata, two event calls
 * of the classes below and puts them in the _ftrace_events section; the
 * registry initialises them at boot with everything else there.  Their
 * raw_init builds the syscall table (lib/trace_syscall_table.c) on first
 * use and drops the calls of syscalls it could not map (-ENOSYS).  The
 * fields of an enter event are its syscall's arguments, so its class
 * gives each call its own field list (the metadata's enter_fields); the
 * exit events share one.
 *
 * Recording.  One probe per side on the raw syscall tracepoints
 * (sys_enter, sys_exit) serves every instance.  Per side and syscall
 * number, an RCU-published set holds the event files of the instances
 * that enable that event:
 *
 *	sc_sets[SC_ENTER][nr] --> { nargs, n, file[0..n-1] }  or NULL
 *
 * The probe looks its syscall's set up (NULL: nothing to record, the
 * common case of an untraced syscall), reads the arguments once and
 * writes one record per file.  A set is never changed in place: enabling
 * or disabling an event for an instance publishes a new set and frees
 * the old one after a grace period, under sc_lock; the probe is attached
 * when the first set of its side appears and detached with the last.
 * The tracepoint core sets and clears every task's syscall-tracepoint
 * work flag as the first probe of sys_enter/sys_exit comes and the last
 * goes, so a kernel with no syscall event on pays nothing per syscall.
 *
 * Contexts: the probes run in the syscall path of the task, preemption
 * disabled by the tracepoint; everything else in process context with
 * event_mutex held.  A file leaves its set before the registry can free
 * it (disable comes first, and instance removal waits for
 * tracepoint_synchronize_unregister(), which covers the probes' reads).
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/xarray.h>
#include <trace/events/syscalls.h>

#include "instance/trace_array.h"
#include "lib/trace_syscall_table.h"
#include "trace_syscalls.h"

struct sc_set {
	struct rcu_head			rcu;
	unsigned int			nargs;	/* of the syscall (enter) */
	unsigned int			n;
	struct trace_event_file		*file[];
};

static DEFINE_MUTEX(sc_lock);
static unsigned int sc_users[SC_DIRS];	/* published sets per side */

/*
 * The sets, by side and number: an array where syscall numbers are
 * dense, an xarray (key nr * SC_DIRS + side) where they are sparse.
 */
#ifdef CONFIG_HAVE_SPARSE_SYSCALL_NR
static DEFINE_XARRAY(sc_sets);

static __always_inline struct sc_set *sc_set_get(int nr, enum sc_dir dir)
{
	return nr < 0 ? NULL : xa_load(&sc_sets, nr * SC_DIRS + dir);
}

static int sc_set_put(int nr, enum sc_dir dir, struct sc_set *set)
{
	return xa_err(xa_store(&sc_sets, nr * SC_DIRS + dir, set, GFP_KERNEL));
}
#else
static struct sc_set __rcu *sc_sets[SC_DIRS][NR_syscalls];

static __always_inline struct sc_set *sc_set_get(int nr, enum sc_dir dir)
{
	if ((unsigned int)nr >= NR_syscalls)
		return NULL;
	return rcu_dereference_sched(sc_sets[dir][nr]);
}

static int sc_set_put(int nr, enum sc_dir dir, struct sc_set *set)
{
	rcu_assign_pointer(sc_sets[dir][nr], set);
	return 0;
}
#endif

/* ---- the probes --------------------------------------------------------- */

static void sc_enter_probe(void *data, struct pt_regs *regs, long id)
{
	unsigned long args[SYSCALL_DEFINE_MAXARGS];
	struct sc_rec_enter *rec;
	struct trace_event_buffer fb;
	int nr = sc_regs_nr(regs);
	struct sc_set *set;
	unsigned int i, len;

	set = sc_set_get(nr, SC_ENTER);
	if (!set)
		return;
	len = set->nargs * sizeof(unsigned long);
	syscall_get_arguments(current, regs, args);

	for (i = 0; i < set->n; i++) {
		struct trace_event_file *file = set->file[i];

		if (trace_trigger_soft_disabled(file))
			continue;
		rec = trace_event_buffer_reserve(&fb, file, sizeof(*rec) + len);
		if (!rec)
			continue;
		rec->nr = nr;
		memcpy(rec->args, args, len);
		trace_event_buffer_commit(&fb);
	}
}

static void sc_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct sc_rec_exit *rec;
	struct trace_event_buffer fb;
	int nr = sc_regs_nr(regs);
	struct sc_set *set;
	unsigned int i;

	set = sc_set_get(nr, SC_EXIT);
	if (!set)
		return;

	for (i = 0; i < set->n; i++) {
		struct trace_event_file *file = set->file[i];

		if (trace_trigger_soft_disabled(file))
			continue;
		rec = trace_event_buffer_reserve(&fb, file, sizeof(*rec));
		if (!rec)
			continue;
		rec->nr = nr;
		rec->ret = syscall_get_return_value(current, regs);
		trace_event_buffer_commit(&fb);
	}
}

static int sc_probe_attach(enum sc_dir dir)
{
	if (dir == SC_ENTER)
		return register_trace_sys_enter(sc_enter_probe, NULL);
	return register_trace_sys_exit(sc_exit_probe, NULL);
}

static void sc_probe_detach(enum sc_dir dir)
{
	if (dir == SC_ENTER)
		unregister_trace_sys_enter(sc_enter_probe, NULL);
	else
		unregister_trace_sys_exit(sc_exit_probe, NULL);
}

/* ---- the sets ----------------------------------------------------------- */

static struct sc_set *sc_set_locked(int nr, enum sc_dir dir)
{
	lockdep_assert_held(&sc_lock);
#ifdef CONFIG_HAVE_SPARSE_SYSCALL_NR
	return xa_load(&sc_sets, nr * SC_DIRS + dir);
#else
	return rcu_dereference_protected(sc_sets[dir][nr],
					 lockdep_is_held(&sc_lock));
#endif
}

/* A copy of @old (may be NULL) with @add appended, or without @drop. */
static struct sc_set *sc_set_copy(const struct sc_set *old,
				  unsigned int nargs,
				  struct trace_event_file *add,
				  struct trace_event_file *drop, gfp_t gfp)
{
	unsigned int n = old ? old->n : 0, i;
	struct sc_set *set;

	set = kmalloc(struct_size(set, file, n + !!add), gfp);
	if (!set)
		return NULL;
	set->nargs = nargs;
	set->n = 0;
	for (i = 0; i < n; i++)
		if (old->file[i] != drop)
			set->file[set->n++] = old->file[i];
	if (add)
		set->file[set->n++] = add;
	return set;
}

/* TRACE_REG_REGISTER: @file's instance starts recording its event. */
static int sc_file_add(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	const struct syscall_metadata *meta = call->data;
	enum sc_dir dir = sc_call_dir(call);
	int nr = meta->syscall_nr, ret;
	struct sc_set *old, *set;

	guard(mutex)(&sc_lock);
	old = sc_set_locked(nr, dir);
	set = sc_set_copy(old, meta->nb_args, file, NULL, GFP_KERNEL);
	if (!set)
		return -ENOMEM;
	if (!sc_users[dir]) {
		ret = sc_probe_attach(dir);
		if (ret) {
			kfree(set);
			return ret;
		}
	}
	ret = sc_set_put(nr, dir, set);
	if (ret) {
		if (!sc_users[dir])
			sc_probe_detach(dir);
		kfree(set);
		return ret;
	}
	if (old)
		kfree_rcu(old, rcu);
	else
		sc_users[dir]++;
	return 0;
}

/* TRACE_REG_UNREGISTER: @file's instance stops recording its event. */
static void sc_file_del(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	const struct syscall_metadata *meta = call->data;
	enum sc_dir dir = sc_call_dir(call);
	int nr = meta->syscall_nr;
	struct sc_set *old, *set = NULL;

	guard(mutex)(&sc_lock);
	old = sc_set_locked(nr, dir);
	if (WARN_ON_ONCE(!old))
		return;
	/* a small allocation that may not fail: a disable cannot fail */
	if (old->n > 1)
		set = sc_set_copy(old, meta->nb_args, NULL, file,
				  GFP_KERNEL | __GFP_NOFAIL);
	sc_set_put(nr, dir, set);	/* storing NULL or over a key: no error */
	kfree_rcu(old, rcu);
	if (!set && !--sc_users[dir])
		sc_probe_detach(dir);
}

static int sc_reg(struct trace_event_call *call, enum trace_reg op,
		  void *data)
{
	if (op == TRACE_REG_REGISTER)
		return sc_file_add(data);
	if (op == TRACE_REG_UNREGISTER) {
		sc_file_del(data);
		return 0;
	}
#ifdef CONFIG_PERF_EVENTS
	if (op == TRACE_REG_PERF_REGISTER)
		return sc_perf_attach(call);
	if (op == TRACE_REG_PERF_UNREGISTER)
		sc_perf_detach(call);
#endif
	/* perf's open, close, add and del need nothing of ours */
	return 0;
}

/* ---- printing ----------------------------------------------------------- */

/* "sys_openat(dfd: ffffff9c, filename: 7ffd..., flags: 0, mode: 0)" */
static enum print_line_t sc_print_enter(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct trace_event_call *call =
		container_of(event, struct trace_event_call, event);
	const struct syscall_metadata *meta = call->data;
	const struct sc_rec_enter *rec = (const void *)iter->ent;
	bool verbose = iter->tr && (iter->tr->trace_flags & TRACE_ITER_VERBOSE);
	struct trace_seq *s = &iter->seq;
	int i;

	/* an injected record may name another syscall: print no arguments */
	if (rec->nr == meta->syscall_nr) {
		trace_seq_printf(s, "%s(", meta->name);
		for (i = 0; i < meta->nb_args; i++) {
			if (trace_seq_has_overflowed(s))
				break;
			trace_seq_printf(s, "%s%s%s%s: %lx", i ? ", " : "",
					 verbose ? meta->types[i] : "",
					 verbose ? " " : "", meta->args[i],
					 rec->args[i]);
		}
		if (i == meta->nb_args)
			trace_seq_putc(s, ')');
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* "sys_openat -> 0x3" */
static enum print_line_t sc_print_exit(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct trace_event_call *call =
		container_of(event, struct trace_event_call, event);
	const struct syscall_metadata *meta = call->data;
	const struct sc_rec_exit *rec = (const void *)iter->ent;
	struct trace_seq *s = &iter->seq;

	/* an injected record may name another syscall, or none */
	if (rec->nr != meta->syscall_nr && trace_syscall_meta(rec->nr))
		return TRACE_TYPE_UNHANDLED;
	if (rec->nr != meta->syscall_nr)
		trace_seq_putc(s, '\n');
	else
		trace_seq_printf(s, "%s -> 0x%lx\n", meta->name, rec->ret);
	return trace_handle_return(s);
}

struct trace_event_functions enter_syscall_print_funcs = {
	.trace	= sc_print_enter,
};

struct trace_event_functions exit_syscall_print_funcs = {
	.trace	= sc_print_exit,
};

/* ---- the calls ---------------------------------------------------------- */

/*
 * The enter event's print fmt: each argument as a zero-padded hex
 * unsigned long, "\"fd: 0x%08lx, buf: 0x%08lx\", ((unsigned long)(REC->fd)),
 * ((unsigned long)(REC->buf))"; "\"\"" for a syscall without arguments.
 */
static char *sc_enter_print_fmt(const struct syscall_metadata *meta)
{
	static const char cast[] = ", ((unsigned long)(REC->))";
	static const char conv[] = ", : 0x%08lx";
	size_t len = sizeof("\"\"");
	struct seq_buf sb;
	char *fmt;
	int i;

	for (i = 0; i < meta->nb_args; i++)
		len += 2 * strlen(meta->args[i]) + sizeof(cast) + sizeof(conv);
	fmt = kmalloc(len, GFP_KERNEL);
	if (!fmt)
		return NULL;

	seq_buf_init(&sb, fmt, len);
	seq_buf_putc(&sb, '"');
	for (i = 0; i < meta->nb_args; i++)
		seq_buf_printf(&sb, "%s%s: 0x%%0%zulx", i ? ", " : "",
			       meta->args[i], sizeof(unsigned long));
	seq_buf_putc(&sb, '"');
	for (i = 0; i < meta->nb_args; i++)
		seq_buf_printf(&sb, ", ((unsigned long)(REC->%s))",
			       meta->args[i]);
	seq_buf_str(&sb);
	return fmt;
}

/*
 * raw_init of both classes, at boot from trace_event_init() (the calls
 * are vmlinux's only).  -ENOSYS drops the call of an unmapped syscall.
 */
static int __init sc_raw_init(struct trace_event_call *call)
{
	const struct syscall_metadata *meta = call->data;
	bool enter = sc_call_dir(call) == SC_ENTER;
	char *fmt = NULL;
	int ret;

	trace_syscall_table_init();
	if (meta->syscall_nr < 0)
		return -ENOSYS;

	if (enter) {
		fmt = sc_enter_print_fmt(meta);
		if (!fmt)
			return -ENOMEM;
		call->print_fmt = fmt;
	} else {
		call->print_fmt = "\"0x%lx\", REC->ret";
	}
	ret = trace_event_raw_init(call);
	if (ret < 0) {
		kfree(fmt);
		call->print_fmt = NULL;
	}
	return ret;
}

/* The arguments of an enter event, after __syscall_nr. */
static int sc_enter_fields(struct trace_event_call *call)
{
	const struct syscall_metadata *meta = call->data;
	int off = offsetof(struct sc_rec_enter, args);
	int i, ret;

	for (i = 0; i < meta->nb_args; i++) {
		ret = trace_define_field(call, meta->types[i], meta->args[i],
					 off + i * sizeof(unsigned long),
					 sizeof(unsigned long), 0,
					 FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static struct list_head *sc_enter_get_fields(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;

	return &meta->enter_fields;
}

#define SC_FIELD(_type, _name) {					\
	.type = #_type, .name = #_name, .size = sizeof(_type),		\
	.align = __alignof__(_type), .is_signed = is_signed_type(_type),\
	.filter_type = FILTER_OTHER }

static struct trace_event_fields sc_enter_fields_array[] = {
	SC_FIELD(int, __syscall_nr),
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = sc_enter_fields },
	{}
};

static struct trace_event_fields sc_exit_fields_array[] = {
	SC_FIELD(int, __syscall_nr),
	SC_FIELD(long, ret),
	{}
};

/*
 * Both classes: raw_init is boot-only (only vmlinux has syscall events),
 * hence __refdata.
 */
struct trace_event_class __refdata event_class_syscall_enter = {
	.raw_init	= sc_raw_init,
	.reg		= sc_reg,
	.get_fields	= sc_enter_get_fields,
	.fields_array	= sc_enter_fields_array,
	.system		= "syscalls",
};

struct trace_event_class __refdata event_class_syscall_exit = {
	.raw_init	= sc_raw_init,
	.reg		= sc_reg,
	.fields		= LIST_HEAD_INIT(event_class_syscall_exit.fields),
	.fields_array	= sc_exit_fields_array,
	.system		= "syscalls",
};
