// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe events (Documentation/trace/uprobetracer.rst; our design in
 * probe-events.rst):
 *
 *   p[:[GROUP/][EVENT]] PATH:OFFSET[%return][(REF_CTR_OFFSET)] [ARGS]
 *   r[:[GROUP/][EVENT]] PATH:OFFSET[(REF_CTR_OFFSET)] [ARGS]
 *   -:[GROUP/]EVENT [PATH:OFFSET [ARGS]]
 *
 * written to uprobe_events or dynamic_events, listed in both, counted in
 * uprobe_profile.  "p ...%return" and "r" are return probes.  A
 * definition naming an existing event of the same kind with the same
 * arguments appends its place to it.
 *
 * The uprobes core (kernel/events/uprobes.c) is upstream's.  A place is
 * registered with it only while its event is armed (probe_event.c's
 * reg()): registering is what writes the breakpoint into every mapping
 * of the file.  Its consumer is ours: uprobe_event_hit() counts the hit,
 * uretprobe_event_hit() writes the return's records.
 *
 * The hit runs in the probed task, on its way back to user mode, where
 * it may sleep.  It measures the arguments first (probe_args_user_size():
 * that pass may fault the task's pages in), then, with preemption off,
 * writes one record per recording instance and one perf sample, each
 * read again from the task's memory without faulting.  An event without
 * strings whose fixed part is small (UPROBE_PREFETCH_MAX) reads its
 * arguments once instead, into a buffer on the stack, and the records
 * copy it.  No lock is taken.
 *
 * Which tasks fire: every task mapping the file while an instance
 * records the event or a perf event counts on a CPU; otherwise only the
 * tasks whose mm a per-task perf event follows.  The consumer's filter
 * says which (struct uprobe_filter); the event's reg() keeps it.
 *
 * Records: struct trace_entry, then __probe_ip (uprobe) or __probe_func
 * and __probe_ret_ip (uretprobe), then the arguments' fixed part, then
 * their strings.
 *
 * Contexts: definitions and the files in process context
 * (dyn_event_ops_mutex -> event_mutex -> the uprobes core's locks); the
 * hit in the probed task (sleepable, but no lock of ours); the filter in
 * the uprobes core's walks (filter->lock, a reader).
 */
#include <linux/ctype.h>
#include <linux/namei.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uprobes.h>

#include "fs/trace_fs.h"
#include "output/trace_output.h"
#include "instance/trace_array.h"
#include "tracers/trace_opts.h"
#include "probe_event.h"

#define UPROBE_GROUP	"uprobes"

/**
 * struct uprobe_event - one place of a uprobe event
 * @uc: its consumer of the uprobes core; a return probe has
 *	@uc.ret_handler set
 * @uprobe: the core's uprobe while armed, else NULL
 * @path: the probed file
 * @filename: as written in the definition
 * @offset: the place's offset in the file
 * @ref_ctr_offset: the file offset of its reference counter (SDT
 *	semaphore), or 0
 * @nhit: hits, per CPU (uprobe_profile)
 * @prefetch: the arguments are fetched in one pass (UPROBE_PREFETCH_MAX)
 * @p: the probe: its event, arguments (last: they follow it)
 */
struct uprobe_event {
	struct uprobe_consumer	uc;
	struct uprobe		*uprobe;
	struct path		path;
	char			*filename;
	unsigned long		offset;
	unsigned long		ref_ctr_offset;
	unsigned long __percpu	*nhit;
	bool			prefetch;
	struct probe		p;
};

/*
 * An event whose arguments have no string and whose fixed part fits here
 * is fetched once, before the reservation, into a buffer on the stack.
 */
#define UPROBE_PREFETCH_MAX	64

/**
 * struct uprobe_filter - which tasks an event's places fire in
 * @lock: @cpuwide and @events against the filter's readers
 * @cpuwide: perf events open on it for every task
 * @events: perf events open on it for one task (hw.tp_list)
 *
 * A task fires when an instance records the event, when @cpuwide is
 * not 0, or when its mm is the target's of one of @events.  Written
 * under event_mutex and @lock; read under @lock.
 */
struct uprobe_filter {
	rwlock_t		lock;
	unsigned int		cpuwide;
	struct list_head	events;
};

static struct dyn_event_operations uprobe_dyn_ops;
static const struct probe_kind_ops uprobe_kind, uretprobe_kind;

static bool uprobe_is(struct dyn_event *ev)
{
	return ev->ops == &uprobe_dyn_ops;
}

static struct uprobe_event *uprobe_of(struct dyn_event *ev)
{
	return container_of(ev, struct uprobe_event, p.devent);
}

static bool uprobe_is_return(const struct uprobe_event *u)
{
	return u->uc.ret_handler;
}

static struct inode *uprobe_inode(const struct uprobe_event *u)
{
	return d_real_inode(u->path.dentry);
}

/* ---- which tasks fire ---------------------------------------------------- */

static void uprobe_filter_init(struct probe_event *ev)
{
	struct uprobe_filter *f = probe_event_priv(ev);

	rwlock_init(&f->lock);
	INIT_LIST_HEAD(&f->events);
}

/* Does every task fire?  @f->lock held, or a racy first look. */
static bool uprobe_filter_all(struct probe_event *ev, struct uprobe_filter *f)
{
	return rcu_access_pointer(ev->files) || READ_ONCE(f->cpuwide);
}

/* Does a per-task perf event follow @mm?  @f->lock held. */
static bool uprobe_filter_has(struct uprobe_filter *f, struct mm_struct *mm)
{
	struct perf_event *event;

	list_for_each_entry(event, &f->events, hw.tp_list)
		if (event->hw.target->mm == mm)
			return true;
	return false;
}

/* The consumer's filter: should @mm carry the breakpoint? */
static bool uprobe_filter(struct uprobe_consumer *uc, struct mm_struct *mm)
{
	struct uprobe_event *u = container_of(uc, struct uprobe_event, uc);
	struct probe_event *ev = u->p.ev;
	struct uprobe_filter *f = probe_event_priv(ev);
	bool ret;

	if (uprobe_filter_all(ev, f))
		return true;
	read_lock(&f->lock);
	ret = uprobe_filter_has(f, mm);
	read_unlock(&f->lock);
	return ret;
}

/*
 * Have the uprobes core put the breakpoints of @ev's places into the mms
 * the filter now takes (@add), or take them out of those it no longer
 * takes.  Process context, event_mutex held.
 */
static int uprobe_filter_apply(struct probe_event *ev, bool add)
{
	struct uprobe_event *u;
	struct probe *p;
	int ret;

	list_for_each_entry(p, &ev->probes, node) {
		u = container_of(p, struct uprobe_event, p);
		if (!u->uprobe)
			continue;
		ret = uprobe_apply(u->uprobe, &u->uc, add);
		if (ret)
			return ret;
	}
	return 0;
}

static void uprobe_filter_close(struct probe_event *ev,
				struct perf_event *event);

/*
 * A perf event starts recording @ev.  Nothing to apply when the filter
 * took its task already: every task, another event on the same mm, a
 * child of a followed task (fork copies the breakpoints), or an event
 * enabled on exec (exec's mmap puts them in).
 */
static int uprobe_filter_open(struct probe_event *ev, struct perf_event *event)
{
	struct uprobe_filter *f = probe_event_priv(ev);
	bool taken;
	int ret;

	lockdep_assert_held(&event_mutex);
	write_lock(&f->lock);
	taken = uprobe_filter_all(ev, f);
	if (event->hw.target) {
		taken = taken || event->parent || event->attr.enable_on_exec ||
			uprobe_filter_has(f, event->hw.target->mm);
		list_add(&event->hw.tp_list, &f->events);
	} else {
		f->cpuwide++;
	}
	write_unlock(&f->lock);
	if (taken)
		return 0;
	ret = uprobe_filter_apply(ev, true);
	if (ret)
		uprobe_filter_close(ev, event);
	return ret;
}

/* A perf event stops recording @ev: its task's breakpoints may go. */
static void uprobe_filter_close(struct probe_event *ev,
				struct perf_event *event)
{
	struct uprobe_filter *f = probe_event_priv(ev);
	bool kept;

	lockdep_assert_held(&event_mutex);
	write_lock(&f->lock);
	if (event->hw.target) {
		list_del(&event->hw.tp_list);
		kept = uprobe_filter_all(ev, f) ||
		       (event->hw.target->flags & PF_EXITING) ||
		       uprobe_filter_has(f, event->hw.target->mm);
	} else {
		f->cpuwide--;
		kept = uprobe_filter_all(ev, f);
	}
	write_unlock(&f->lock);
	if (!kept)
		uprobe_filter_apply(ev, false);
}

/* The first instance came (@more) or the last went; perf stays. */
static void uprobe_filter_refilter(struct probe_event *ev, bool more)
{
	uprobe_filter_apply(ev, more);
}

/* ---- the hit ----------------------------------------------------------- */

static void uprobe_fill_head(void *rec, bool ret, unsigned long func,
			     struct pt_regs *regs)
{
	if (ret) {
		((struct probe_ret_head *)rec)->func = func;
		((struct probe_ret_head *)rec)->ret_ip =
			instruction_pointer(regs);
	} else {
		((struct probe_head *)rec)->ip = instruction_pointer(regs);
	}
}

/* The arguments into a record: from @pre, fetched already, or read now. */
static void uprobe_store(struct uprobe_event *u, struct pt_regs *regs,
			 unsigned long *base, void *rec, unsigned int head,
			 int dyn, const void *pre)
{
	if (pre)
		memcpy(rec + head, pre, u->p.size);
	else
		probe_args_user_store(u->p.args, u->p.n_args, regs, base, rec,
				      head, u->p.size, dyn);
}

/* One record of @u into each instance that records its event. */
static void uprobe_trace(struct uprobe_event *u, struct pt_regs *regs,
			 bool ret, unsigned long func, unsigned long *base,
			 unsigned int head, int dyn, const void *pre)
{
	struct trace_event_fileset *set = rcu_dereference_sched(u->p.ev->files);
	struct trace_event_buffer fb;
	struct trace_event_file *file;
	unsigned int i;
	void *rec;

	for (i = 0; set && i < set->n; i++) {
		file = set->file[i];
		if (trace_trigger_soft_disabled(file))
			continue;
		rec = trace_event_buffer_reserve(&fb, file,
						 head + u->p.size + dyn);
		if (!rec)
			continue;
		fb.regs = regs;
		uprobe_fill_head(rec, ret, func, regs);
		uprobe_store(u, regs, base, rec, head, dyn, pre);
		trace_event_buffer_commit(&fb);
	}
}

/* One sample for the perf events open on @u's event on this CPU. */
static void uprobe_perf(struct uprobe_event *u, struct pt_regs *regs,
			bool ret, unsigned long func, unsigned long *base,
			unsigned int head, int dyn, const void *pre)
{
	struct trace_event_call *call = &u->p.ev->call;
	unsigned int len = head + u->p.size + dyn;
	struct hlist_head *list;
	int size, rctx;
	void *rec;

	/* perf's teardown waits for this section after the count drops */
	if (!READ_ONCE(u->p.ev->perf))
		return;
	list = this_cpu_ptr(call->perf_events);
	if (hlist_empty(list))
		return;
	/* perf adds a u32 size before the record; keep the pair u64-sized */
	size = ALIGN(len + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	uprobe_fill_head(rec, ret, func, regs);
	memset(rec + len, 0, size - len);
	uprobe_store(u, regs, base, rec, head, dyn, pre);
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs, list,
			      NULL);
}

/*
 * The records of a hit: @func is the function's address at a return
 * (the place's, so that @+OFFSET finds the file), else 0.
 */
static void uprobe_record(struct uprobe_event *u, struct pt_regs *regs,
			  bool ret, unsigned long func)
{
	unsigned int head = ret ? sizeof(struct probe_ret_head) :
				  sizeof(struct probe_head);
	struct probe_event *ev = u->p.ev;
	u64 buf[UPROBE_PREFETCH_MAX / sizeof(u64)];
	const void *pre = NULL;
	unsigned long base;
	int dyn = 0;

	if (!rcu_access_pointer(ev->files) && !READ_ONCE(ev->perf))
		return;
	base = (ret ? func : instruction_pointer(regs)) - u->offset;
	if (u->prefetch) {
		probe_args_user_fetch(u->p.args, u->p.n_args, regs, &base, buf);
		pre = buf;
	} else {
		dyn = probe_args_user_size(u->p.args, u->p.n_args, regs,
					   &base);
	}

	preempt_disable_notrace();
	uprobe_trace(u, regs, ret, func, &base, head, dyn, pre);
	uprobe_perf(u, regs, ret, func, &base, head, dyn, pre);
	preempt_enable_notrace();
}

/*
 * The breakpoint's handler: count, record (not at a return probe's
 * entry), and have the core take the breakpoint out of an mm the filter
 * no longer takes.
 */
static int uprobe_event_hit(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	struct uprobe_event *u = container_of(uc, struct uprobe_event, uc);

	this_cpu_inc(*u->nhit);
	if (!uprobe_filter(uc, current->mm))
		return UPROBE_HANDLER_REMOVE;
	if (!uprobe_is_return(u))
		uprobe_record(u, regs, false, 0);
	return 0;
}

static int uretprobe_event_hit(struct uprobe_consumer *uc, unsigned long func,
			       struct pt_regs *regs)
{
	uprobe_record(container_of(uc, struct uprobe_event, uc), regs, true,
		      func);
	return 0;
}

/* ---- the event's head and printing ------------------------------------ */

/* "NAME: (0xIP) ARGS" or "NAME: (0xRET <- 0xFUNC) ARGS". */
static enum print_line_t uprobe_print(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct trace_event_call *call =
		container_of(event, struct trace_event_call, event);
	struct probe_event *ev = call->data;
	struct probe *p = probe_first(ev);
	struct trace_seq *s = &iter->seq;
	const void *rec = iter->ent;
	unsigned int head;

	if (probe_kind_of(ev) == &uretprobe_kind) {
		const struct probe_ret_head *h = rec;

		head = sizeof(*h);
		trace_seq_printf(s, "%s: (0x%lx <- 0x%lx)",
				 trace_event_name(call), h->ret_ip, h->func);
	} else {
		head = sizeof(struct probe_head);
		trace_seq_printf(s, "%s: (0x%lx)", trace_event_name(call),
				 ((const struct probe_head *)rec)->ip);
	}
	if (probe_args_print(s, p->args, p->n_args, rec + head, rec))
		trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions uprobe_funcs = {
	.trace	= uprobe_print,
};

/* ---- arming ----------------------------------------------------------- */

/* Register the place with the uprobes core: its breakpoints go in. */
static int uprobe_arm(struct probe *p)
{
	struct uprobe_event *u = container_of(p, struct uprobe_event, p);
	struct uprobe *uprobe;

	if (u->uprobe)
		return 0;
	uprobe = uprobe_register(uprobe_inode(u), u->offset, u->ref_ctr_offset,
				 &u->uc);
	if (IS_ERR(uprobe))
		return PTR_ERR(uprobe);
	u->uprobe = uprobe;
	return 0;
}

/* The reverse; on return no hit of @p runs any more. */
static void uprobe_disarm(struct probe *p)
{
	struct uprobe_event *u = container_of(p, struct uprobe_event, p);

	if (!u->uprobe)
		return;
	uprobe_unregister_nosync(u->uprobe, &u->uc);
	u->uprobe = NULL;
	uprobe_unregister_sync();
}

static const struct probe_kind_ops uprobe_kind = {
	.call_flags	= TRACE_EVENT_FL_UPROBE | TRACE_EVENT_FL_CAP_ANY,
	.define_head	= probe_define_head,
	.head_size	= sizeof(struct probe_head),
	.head_fmt	= "(%lx)",
	.head_args	= ", REC->" PROBE_FIELD_IP,
	.funcs		= &uprobe_funcs,
	.arm		= uprobe_arm,
	.disarm		= uprobe_disarm,
	.priv_size	= sizeof(struct uprobe_filter),
	.priv_init	= uprobe_filter_init,
	.perf_open	= uprobe_filter_open,
	.perf_close	= uprobe_filter_close,
	.refilter	= uprobe_filter_refilter,
};

static const struct probe_kind_ops uretprobe_kind = {
	.call_flags	= TRACE_EVENT_FL_UPROBE | TRACE_EVENT_FL_CAP_ANY,
	.define_head	= probe_define_ret_head,
	.head_size	= sizeof(struct probe_ret_head),
	.head_fmt	= "(%lx <- %lx)",
	.head_args	= ", REC->" PROBE_FIELD_FUNC ", REC->" PROBE_FIELD_RETIP,
	.funcs		= &uprobe_funcs,
	.arm		= uprobe_arm,
	.disarm		= uprobe_disarm,
	.priv_size	= sizeof(struct uprobe_filter),
	.priv_init	= uprobe_filter_init,
	.perf_open	= uprobe_filter_open,
	.perf_close	= uprobe_filter_close,
	.refilter	= uprobe_filter_refilter,
};

/* ---- the object ------------------------------------------------------ */

static void uprobe_free(struct uprobe_event *u)
{
	unsigned int i;

	if (!u)
		return;
	for (i = 0; i < u->p.n_args; i++)
		probe_arg_free(&u->p.args[i]);
	path_put(&u->path);
	free_percpu(u->nhit);
	kfree(u->filename);
	kfree(u);
}

/* A place of @n_args arguments; it owns @path from here on, even failing. */
static struct uprobe_event *uprobe_alloc(const char *filename,
					 struct path *path,
					 unsigned long offset,
					 unsigned long ref_ctr_offset,
					 int n_args, bool is_return)
{
	struct uprobe_event *u;

	u = kzalloc(struct_size(u, p.args, n_args), GFP_KERNEL);
	if (!u) {
		path_put(path);
		return NULL;
	}
	u->path = *path;
	u->p.n_args = n_args;
	u->nhit = alloc_percpu(unsigned long);
	u->filename = kstrdup(filename, GFP_KERNEL);
	if (!u->nhit || !u->filename) {
		uprobe_free(u);
		return NULL;
	}
	u->offset = offset;
	u->ref_ctr_offset = ref_ctr_offset;
	u->uc.handler = uprobe_event_hit;
	if (is_return)
		u->uc.ret_handler = uretprobe_event_hit;
	u->uc.filter = uprobe_filter;
	INIT_LIST_HEAD(&u->p.node);
	dyn_event_init(&u->p.devent, &uprobe_dyn_ops);
	return u;
}

/* ---- definitions -------------------------------------------------------- */

/*
 * The uprobe event GROUP/NAME, found among the dynamic events (far fewer
 * than the registry's events); and, one place one reference counter
 * (the uprobes core keeps one per uprobe), -EINVAL when @u's place is
 * defined already with another counter.
 */
static int uprobe_event_lookup(struct uprobe_event *u, const char *group,
			       const char *name, struct probe_event **evp)
{
	struct uprobe_event *o;
	struct dyn_event *pos;

	*evp = NULL;
	for_each_dyn_event(pos) {
		if (!uprobe_is(pos))
			continue;
		o = uprobe_of(pos);
		if (uprobe_inode(o) == uprobe_inode(u) &&
		    o->offset == u->offset &&
		    o->ref_ctr_offset != u->ref_ctr_offset) {
			pr_warn("Reference counter offset mismatch.");
			return -EINVAL;
		}
		if (!*evp && !strcmp(o->p.ev->call.name, name) &&
		    !strcmp(o->p.ev->class.system, group))
			*evp = o->p.ev;
	}
	return 0;
}

static int uprobe_event_append(struct uprobe_event *u, struct probe_event *ev,
			       struct probe_log *log)
{
	struct uprobe_event *o;
	struct probe *p;
	unsigned int i;
	int ret;

	ret = probe_args_differ(probe_first(ev), &u->p);
	if (ret) {
		log->word = ret + 1;
		probe_log_err(log, 0, PERR_DIFF_ARG_TYPE);
		return -EEXIST;
	}
	list_for_each_entry(p, &ev->probes, node) {
		o = container_of(p, struct uprobe_event, p);
		if (uprobe_inode(o) != uprobe_inode(u) || o->offset != u->offset)
			continue;
		for (i = 0; i < o->p.n_args; i++)
			if (strcmp(o->p.args[i].text, u->p.args[i].text))
				break;
		if (i == o->p.n_args) {
			log->word = 0;
			probe_log_err(log, 0, PERR_SAME_PROBE);
			return -EEXIST;
		}
	}
	probe_event_join(&u->p, ev);
	if (probe_event_on(ev)) {
		ret = uprobe_arm(&u->p);
		if (ret) {
			list_del(&u->p.node);
			u->p.ev = NULL;
			return ret;
		}
	}
	dyn_event_add(&u->p.devent, &ev->call);
	return 0;
}

/* Make @u's event GROUP/NAME, or append @u to it. */
static int uprobe_event_add(struct uprobe_event *u, const char *group,
			    const char *name, struct probe_log *log)
{
	const struct probe_kind_ops *kind = uprobe_is_return(u) ?
					    &uretprobe_kind : &uprobe_kind;
	struct probe_event *ev;
	int ret;

	guard(mutex)(&event_mutex);
	ret = uprobe_event_lookup(u, group, name, &ev);
	if (ret)
		return ret;
	if (ev) {
		if (probe_kind_of(ev) != kind) {
			log->word = 0;
			probe_log_err(log, 0, PERR_DIFF_PROBE_TYPE);
			return -EEXIST;
		}
		return uprobe_event_append(u, ev, log);
	}
	ret = probe_event_new(&u->p, group, name, kind);
	if (ret) {
		if (ret == -EEXIST) {
			log->word = 0;
			probe_log_err(log, 0, PERR_EVENT_EXIST);
		} else {
			pr_warn("Failed to register probe event(%d)\n", ret);
		}
		return ret;
	}
	dyn_event_add(&u->p.devent, &u->p.ev->call);
	return 0;
}

/*
 * "OFFSET[%return][(REF)]" after the last ':' of PATH:..., at column
 * @col of the word.  @s is changed.
 */
static int uprobe_parse_place(char *s, int col, unsigned long *offset,
			      unsigned long *ref, bool *is_return,
			      struct probe_log *log)
{
	char *open, *close, *suffix;

	open = strchr(s, '(');
	if (open) {
		close = strchr(open, ')');
		if (!close) {
			probe_log_err(log, col + (int)strlen(s),
				      PERR_REFCNT_OPEN_BRACE);
			return -EINVAL;
		}
		if (close[1]) {
			probe_log_err(log, col + (int)(close + 1 - s),
				      PERR_BAD_REFCNT_SUFFIX);
			return -EINVAL;
		}
		*open = '\0';
		*close = '\0';
		if (kstrtoul(open + 1, 0, ref)) {
			probe_log_err(log, col + (int)(open + 1 - s),
				      PERR_BAD_REFCNT);
			return -EINVAL;
		}
	}
	suffix = strchr(s, '%');
	if (suffix) {
		if (strcmp(suffix, "%return")) {
			probe_log_err(log, col + (int)(suffix - s),
				      PERR_BAD_ADDR_SUFFIX);
			return -EINVAL;
		}
		*suffix = '\0';
		*is_return = true;
	}
	if (kstrtoul(s, 0, offset)) {
		probe_log_err(log, col, PERR_BAD_UPROBE_OFFS);
		return -EINVAL;
	}
	return 0;
}

/*
 * The default name: "p_" (return probes too), the file's base name up
 * to its first '.', '-' or '_', then "_0x" and the offset.
 */
static void uprobe_default_name(char *buf, const char *filename,
				unsigned long offset)
{
	const char *base = kbasename(filename);
	size_t len = strcspn(base, ".-_");

	snprintf(buf, PROBE_NAME_MAX, "p_%.*s_0x%lx", (int)len, base, offset);
}

static int uprobe_define(int argc, const char **argv)
{
	struct probe_log log = { .where = "trace_uprobe", .argc = argc,
				 .argv = argv };
	const char *event = NULL, *group = UPROBE_GROUP;
	char gbuf[PROBE_NAME_MAX], nbuf[PROBE_NAME_MAX];
	unsigned long offset = 0, ref = 0;
	bool is_return = argv[0][0] == 'r';
	struct uprobe_event *u = NULL;
	struct probe_ctx *ctx = NULL;
	char *filename, *colon;
	struct path path;
	int ret, i, n;

	if (argv[0][0] != 'p' && argv[0][0] != 'r')
		return -ECANCELED;
	if (argc < 2)
		return -ECANCELED;
	n = argc - 2;
	if (n > PROBE_ARGS_MAX)
		return -E2BIG;
	if (argv[0][1] == ':')
		event = argv[0] + 2;
	if (!strchr(argv[1], '/'))
		return -ECANCELED;
	filename = kstrdup(argv[1], GFP_KERNEL);
	if (!filename)
		return -ENOMEM;
	/* the last ':' ends the path: a path may hold one too */
	colon = strrchr(filename, ':');
	if (!colon || !isdigit(colon[1])) {
		kfree(filename);
		return -ECANCELED;
	}
	*colon = '\0';

	log.word = 1;
	ret = kern_path(filename, LOOKUP_FOLLOW, &path);
	if (ret) {
		probe_log_err(&log, 0, PERR_FILE_NOT_FOUND);
		kfree(filename);
		return ret;
	}
	if (!d_is_reg(path.dentry)) {
		probe_log_err(&log, 0, PERR_NO_REGULAR_FILE);
		ret = -EINVAL;
		goto put_path;
	}
	ret = uprobe_parse_place(colon + 1, colon + 1 - filename, &offset,
				 &ref, &is_return, &log);
	if (ret)
		goto put_path;

	log.word = 0;
	if (event) {
		ret = probe_parse_event_name(&log, &event, &group, gbuf,
					     event - argv[0]);
		if (ret)
			goto put_path;
	}
	if (!event) {
		uprobe_default_name(nbuf, filename, offset);
		event = nbuf;
	}

	/* the object owns the path from here */
	u = uprobe_alloc(filename, &path, offset, ref, n, is_return);
	ret = -ENOMEM;
	if (!u)
		goto out;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		goto out;
	ctx->where = PROBE_USER | (is_return ? PROBE_RETURN : 0);
	ctx->log = &log;
	ret = probe_meta_args_check(n, argv + 2, 2, ctx);
	if (ret)
		goto out;
	u->prefetch = u->p.size <= UPROBE_PREFETCH_MAX;
	for (i = 0; i < n; i++) {
		log.word = i + 2;
		ret = probe_arg_compile(u->p.args, i, argv[i + 2], &u->p.size,
					ctx);
		if (ret)
			goto out;
		if (u->p.args[i].is_string)
			u->prefetch = false;
	}
	if (u->p.size > UPROBE_PREFETCH_MAX)
		u->prefetch = false;
	ret = uprobe_event_add(u, group, event, &log);
	if (!ret)
		u = NULL;
	goto out;

put_path:
	path_put(&path);
out:
	uprobe_free(u);
	kfree(ctx);
	kfree(filename);
	return ret;
}

static int uprobe_dyn_create(const char *raw)
{
	return probe_dyn_create(raw, uprobe_define);
}

/* One line of uprobe_events: a definition or "-:" */
static int uprobe_command(const char *raw)
{
	int ret;

	if (raw[0] == '-')
		return dyn_event_release(raw, &uprobe_dyn_ops);
	ret = dyn_event_create(raw, &uprobe_dyn_ops);
	return ret == -ECANCELED ? -EINVAL : ret;
}

/* ---- dynamic events ------------------------------------------------------ */

/* "0xOFFSET[(0xREF)]": the offset in as many digits as a pointer has. */
static void uprobe_offset_text(char *buf, size_t len, struct uprobe_event *u)
{
	int n = snprintf(buf, len, "0x%0*lx", (int)(sizeof(void *) * 2),
			 u->offset);

	if (u->ref_ctr_offset && n < len)
		snprintf(buf + n, len - n, "(0x%lx)", u->ref_ctr_offset);
}

static int uprobe_dyn_show(struct seq_file *m, struct dyn_event *ev)
{
	struct uprobe_event *u = uprobe_of(ev);
	char offset[64];
	unsigned int i;

	uprobe_offset_text(offset, sizeof(offset), u);
	seq_printf(m, "%c:%s/%s %s:%s", uprobe_is_return(u) ? 'r' : 'p',
		   u->p.ev->class.system, u->p.ev->call.name, u->filename,
		   offset);
	for (i = 0; i < u->p.n_args; i++)
		seq_printf(m, " %s=%s", u->p.args[i].name, u->p.args[i].text);
	seq_putc(m, '\n');
	return 0;
}

static bool uprobe_dyn_is_busy(struct dyn_event *ev)
{
	return probe_event_on(uprobe_of(ev)->p.ev);
}

static int uprobe_dyn_free(struct dyn_event *ev)
{
	struct uprobe_event *u = uprobe_of(ev);
	int ret;

	lockdep_assert_held(&event_mutex);
	/* the last probe of a recorded or pinned event stays */
	if (list_is_singular(&u->p.ev->probes) &&
	    (probe_event_on(u->p.ev) || trace_event_dyn_busy(&u->p.ev->call)))
		return -EBUSY;
	/* a sibling of an armed event fires until here */
	uprobe_disarm(&u->p);
	ret = probe_event_leave(&u->p);
	if (ret) {
		if (probe_event_on(u->p.ev))
			uprobe_arm(&u->p);
		return ret;
	}
	dyn_event_remove(&u->p.devent);
	uprobe_free(u);
	return 0;
}

/* Does "[PATH:OFFSET [ARGS]]" of a "-:" line name @u? */
static bool uprobe_match_place(struct uprobe_event *u, int argc,
			       const char **argv)
{
	size_t len = strlen(u->filename);
	char offset[64];

	if (!argc)
		return true;
	if (strncmp(argv[0], u->filename, len) || argv[0][len] != ':')
		return false;
	uprobe_offset_text(offset, sizeof(offset), u);
	if (strcmp(argv[0] + len + 1, offset))
		return false;
	return probe_args_match(&u->p, argc - 1, argv + 1);
}

static bool uprobe_dyn_match(const char *system, const char *event, int argc,
			     const char **argv, struct dyn_event *ev)
{
	struct uprobe_event *u = uprobe_of(ev);

	/* "-:GROUP/" names every event of the group */
	return (!event[0] || !strcmp(u->p.ev->call.name, event)) &&
	       (!system || !strcmp(u->p.ev->class.system, system)) &&
	       uprobe_match_place(u, argc, argv);
}

static struct dyn_event_operations uprobe_dyn_ops = {
	.create		= uprobe_dyn_create,
	.show		= uprobe_dyn_show,
	.is_busy	= uprobe_dyn_is_busy,
	.free		= uprobe_dyn_free,
	.match		= uprobe_dyn_match,
};

/* ---- files -------------------------------------------------------------- */

static int uprobe_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	return uprobe_is(ev) ? uprobe_dyn_show(m, ev) : 0;
}

static const struct seq_operations uprobe_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= uprobe_seq_show,
};

/* A truncating open deletes every uprobe event first (or none). */
static int uprobe_events_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (!ret && (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		ret = dyn_events_release_all(&uprobe_dyn_ops);
	if (ret < 0)
		return ret;
	return seq_open(file, &uprobe_seq_ops);
}

static ssize_t uprobe_events_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	return trace_parse_run_command(file, ubuf, len, ppos, uprobe_command);
}

static const struct file_operations uprobe_events_fops = {
	.open		= uprobe_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
	.write		= uprobe_events_write,
};

/* "  PATH EVENT  HITS" */
static int uprobe_profile_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;
	struct uprobe_event *u;
	unsigned long hits = 0;
	int cpu;

	if (!uprobe_is(ev))
		return 0;
	u = uprobe_of(ev);
	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(u->nhit, cpu);
	seq_printf(m, "  %s %-44s %15lu\n", u->filename, u->p.ev->call.name,
		   hits);
	return 0;
}

static const struct seq_operations uprobe_profile_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= uprobe_profile_show,
};

static int uprobe_profile_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: seq_open(file, &uprobe_profile_seq_ops);
}

static const struct file_operations uprobe_profile_fops = {
	.open		= uprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* ---- perf's uprobe PMU ---------------------------------------------------- */

/**
 * perf_uprobe_init - a private uprobe event for one perf event
 * @event: the perf event: attr.uprobe_path (a user string) and
 *	attr.probe_offset
 * @ref_ctr_offset: the file offset of the place's reference counter, or 0
 * @is_retprobe: a uretprobe
 *
 * The event has no arguments and is in no listing.  Return: 0, -E2BIG
 * (the path is too long), -EINVAL (no path, not a regular file),
 * -ENOENT, -ENOMEM, the uprobes core's error.
 */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	const struct probe_kind_ops *kind = is_retprobe ? &uretprobe_kind :
							  &uprobe_kind;
	struct uprobe_event *u = NULL;
	struct path path;
	char *name;
	int ret;

	if (!event->attr.uprobe_path)
		return -EINVAL;
	name = strndup_user(u64_to_user_ptr(event->attr.uprobe_path),
			    PATH_MAX);
	if (IS_ERR(name))
		return PTR_ERR(name) == -EINVAL ? -E2BIG : PTR_ERR(name);
	ret = -EINVAL;
	if (!name[0])
		goto out;
	ret = kern_path(name, LOOKUP_FOLLOW, &path);
	if (ret)
		goto out;
	if (!d_is_reg(path.dentry)) {
		path_put(&path);
		ret = -EINVAL;
		goto out;
	}
	ret = -ENOMEM;
	u = uprobe_alloc(name, &path, event->attr.probe_offset,
			 ref_ctr_offset, 0, is_retprobe);
	if (!u)
		goto out;
	ret = probe_event_private(&u->p, UPROBE_GROUP, "DUMMY_EVENT", kind);
	if (ret)
		goto out;
	ret = perf_trace_init_call(event, &u->p.ev->call);
	if (!ret)
		u = NULL;
	else
		probe_event_private_free(&u->p);
out:
	uprobe_free(u);
	kfree(name);
	return ret;
}

/**
 * perf_uprobe_destroy - the end of a perf_uprobe_init() event
 * @event: the perf event
 */
void perf_uprobe_destroy(struct perf_event *event)
{
	struct probe_event *ev = event->tp_event->data;
	struct uprobe_event *u = container_of(probe_first(ev),
					      struct uprobe_event, p);

	/* its last close disarms: no hit runs after this */
	perf_trace_destroy(event);
	probe_event_private_free(&u->p);
	uprobe_free(u);
}

/* ---- boot ---------------------------------------------------------------- */

/*
 * The uprobe part of the grammar (the arguments' is kprobe events').
 * ftracetest reads which forms exist from it, so the forms keep 6.12's
 * spelling.
 */
static struct trace_readme_part uprobe_readme = {
	.rank	= TRACE_README_PROBES,
	.text	=
	"  uprobe_events\t\t- Create/append/remove/show the userspace dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
	"\t    p[:[<group>/][<event>]] <place> [<args>]     a uprobe\n"
	"\t    r[:[<group>/][<event>]] <place> [<args>]     a uretprobe\n"
	"   place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n"
	"\t  fetcharg (uprobe): also @+<offset> (in the probed file); no\n"
	"\t           @<symbol>, every address is the probed task's\n",
};

static __init int uprobe_events_init(void)
{
	int ret;

	ret = dyn_event_register(&uprobe_dyn_ops);
	if (ret)
		return ret;
	trace_readme_add(&uprobe_readme);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("uprobe_events", TRACE_MODE_WRITE, NULL, NULL,
			  &uprobe_events_fops);
	trace_create_file("uprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &uprobe_profile_fops);
	return 0;
}
fs_initcall(uprobe_events_init);
