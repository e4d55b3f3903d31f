// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe events (Documentation/trace/kprobetrace.rst; our design in
 * probe-events.rst):
 *
 *   p[:[GROUP/][EVENT]] [MOD:]SYM[+OFF]|ADDR [ARGS]      a kprobe
 *   r[MAXACTIVE][:[GROUP/][EVENT]] [MOD:]SYM[+0] [ARGS]  a kretprobe
 *   p[:[GROUP/][EVENT]] [MOD:]SYM[+0]%return [ARGS]       a kretprobe
 *   -:[GROUP/]EVENT [PLACE [ARGS]]                        delete
 *
 * written to kprobe_events or dynamic_events, listed in both, counted in
 * kprobe_profile.  A definition naming an existing event of the same
 * kind with the same arguments appends its place to it.  A probe on a
 * module's symbol waits for the module: its kprobe is registered when
 * the module comes, and is gone (and skipped) when it goes.
 *
 * The kprobes core (kernel/kprobes.c) is upstream's; a probe on a
 * function's first instruction goes through our ftrace ops there
 * (KPROBES_ON_FTRACE), a return probe through rethook.  Their handlers
 * are ours: kprobe_event_hit() and kretprobe_event_hit() count the hit
 * and write one record per recording instance, and one perf sample.
 *
 * Records: struct trace_entry, then __probe_ip (kprobe) or __probe_func
 * and __probe_ret_ip (kretprobe), then the arguments' fixed part, then
 * their strings.
 *
 * Contexts: definitions and the files in process context
 * (dyn_event_ops_mutex -> event_mutex); the handlers in the kprobe's
 * (int3 or ftrace, preemption off, any context the probed code runs in).
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/rethook.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/ftrace.h>

#include "fs/trace_fs.h"
#include "output/trace_output.h"
#include "instance/trace_array.h"
#include "tracers/trace_opts.h"
#include "kprobe_event.h"

#define KPROBE_GROUP	"kprobes"
/* Return instances a kretprobe may keep (r<MAXACTIVE>), as 6.12 allows. */
#define KPROBE_MAXACTIVE_MAX	4096

static struct dyn_event_operations kprobe_dyn_ops;

static bool kprobe_is(struct dyn_event *ev)
{
	return ev->ops == &kprobe_dyn_ops;
}

static struct kprobe_event *kprobe_of(struct dyn_event *ev)
{
	return container_of(ev, struct kprobe_event, p.devent);
}

static bool kprobe_is_return(const struct kprobe_event *k)
{
	return k->rp.handler;
}

static const char *kprobe_symbol(const struct kprobe_event *k)
{
	return k->symbol ?: "unknown";
}

/*
 * Registered: the kprobes core hashed the kprobe, or linked it under
 * an aggregate of kprobes on the same address.
 */
static bool kprobe_registered(const struct kprobe_event *k)
{
	return !hlist_unhashed(&k->rp.kp.hlist) || !list_empty(&k->rp.kp.list);
}

/* The module part of "MOD:SYM", and whether @mod is it. */
static bool kprobe_in_module(const struct kprobe_event *k,
			     struct module *mod)
{
	const char *name = module_name(mod);
	size_t len = strlen(name);

	return k->symbol && !strncmp(k->symbol, name, len) &&
	       k->symbol[len] == ':';
}

/* ---- the hit ----------------------------------------------------------- */

/* The record's head, as a kprobe or a kretprobe writes it. */
static void __kprobes kprobe_fill_head(struct kprobe_event *k, void *rec,
				       struct kretprobe_instance *ri)
{
	unsigned long addr = (unsigned long)k->rp.kp.addr;

	if (ri) {
		((struct probe_ret_head *)rec)->func = addr;
		((struct probe_ret_head *)rec)->ret_ip =
			get_kretprobe_retaddr(ri);
	} else {
		((struct probe_head *)rec)->ip = addr;
	}
}

/* One record of @k into each instance that records its event. */
static void __kprobes kprobe_trace(struct kprobe_event *k, struct pt_regs *regs,
				   struct kretprobe_instance *ri,
				   unsigned int head, int dyn)
{
	struct trace_event_fileset *set = rcu_dereference_sched(k->p.ev->files);
	const void *edata = ri ? ri->data : NULL;
	struct trace_event_buffer fb;
	struct trace_event_file *file;
	unsigned int i;
	void *rec;

	for (i = 0; set && i < set->n; i++) {
		file = set->file[i];
		if (trace_trigger_soft_disabled(file))
			continue;
		rec = trace_event_buffer_reserve(&fb, file,
						 head + k->p.size + dyn);
		if (!rec)
			continue;
		fb.regs = regs;
		kprobe_fill_head(k, rec, ri);
		probe_args_store(k->p.args, k->p.n_args, regs, edata, rec,
				 head, k->p.size, dyn);
		trace_event_buffer_commit(&fb);
	}
}

#ifdef CONFIG_PERF_EVENTS
/* One sample for the perf events open on @k's event on this CPU. */
static void __kprobes kprobe_perf(struct kprobe_event *k, struct pt_regs *regs,
				  struct kretprobe_instance *ri,
				  unsigned int head, int dyn)
{
	struct trace_event_call *call = &k->p.ev->call;
	struct hlist_head *list = this_cpu_ptr(call->perf_events);
	int size, rctx;
	void *rec;

	if (hlist_empty(list))
		return;
	/* perf adds a u32 size before the record; keep the pair u64-sized */
	size = ALIGN(head + k->p.size + dyn + sizeof(u32), sizeof(u64)) -
	       sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	kprobe_fill_head(k, rec, ri);
	memset(rec + head + k->p.size + dyn, 0,
	       size - (head + k->p.size + dyn));
	probe_args_store(k->p.args, k->p.n_args, regs, ri ? ri->data : NULL,
			 rec, head, k->p.size, dyn);
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs,
			      list, NULL);
}
#else
static void kprobe_perf(struct kprobe_event *k, struct pt_regs *regs,
			struct kretprobe_instance *ri, unsigned int head,
			int dyn)
{
}
#endif

/* The hit of either kind; preemption off. */
static void __kprobes kprobe_record(struct kprobe_event *k,
				    struct pt_regs *regs,
				    struct kretprobe_instance *ri)
{
	unsigned int head = ri ? sizeof(struct probe_ret_head) :
				 sizeof(struct probe_head);
	struct probe_event *ev = k->p.ev;
	bool trace = rcu_access_pointer(ev->files);
	int dyn;

	raw_cpu_inc(*k->nhit);
	if (!trace && !READ_ONCE(ev->perf))
		return;
	dyn = probe_args_dyn_size(k->p.args, k->p.n_args, regs,
				  ri ? ri->data : NULL);
	if (trace)
		kprobe_trace(k, regs, ri, head, dyn);
	if (READ_ONCE(ev->perf))
		kprobe_perf(k, regs, ri, head, dyn);
}

static int __kprobes kprobe_event_hit(struct kprobe *kp, struct pt_regs *regs)
{
	kprobe_record(container_of(kp, struct kprobe_event, rp.kp), regs, NULL);
	return 0;
}

static int __kprobes kretprobe_event_hit(struct kretprobe_instance *ri,
					 struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);

	/* unregistered on another CPU since the return was hooked */
	if (unlikely(!rp))
		return 0;
	kprobe_record(container_of(rp, struct kprobe_event, rp), regs, ri);
	return 0;
}

/* A return probe's entry: save the function arguments its args read. */
static int __kprobes kretprobe_event_entry(struct kretprobe_instance *ri,
					   struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kprobe_event *k;

	if (unlikely(!rp))
		return -ENOENT;
	k = container_of(rp, struct kprobe_event, rp);
	probe_entry_store(k->p.entry_args, k->p.n_entry, regs,
			  (unsigned long *)ri->data);
	return 0;
}

/* ---- the event's head and printing ------------------------------------ */

/* "NAME: (SYM+OFF/SIZE) ARGS" or "NAME: (RET+OFF/SIZE <- FUNC) ARGS". */
static enum print_line_t kprobe_print(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct trace_event_call *call =
		container_of(event, struct trace_event_call, event);
	struct probe_event *ev = call->data;
	struct probe *p = probe_first(ev);
	struct trace_seq *s = &iter->seq;
	const void *rec = iter->ent;
	unsigned int head;

	trace_seq_printf(s, "%s: (", trace_event_name(call));
	if (probe_kind_of(ev) == &kretprobe_kind) {
		const struct probe_ret_head *h = rec;

		head = sizeof(*h);
		seq_print_ip_sym(s, h->ret_ip, flags | TRACE_ITER_SYM_OFFSET);
		trace_seq_puts(s, " <- ");
		seq_print_ip_sym(s, h->func, flags & ~TRACE_ITER_SYM_OFFSET);
	} else {
		head = sizeof(struct probe_head);
		seq_print_ip_sym(s, ((const struct probe_head *)rec)->ip,
				 flags | TRACE_ITER_SYM_OFFSET);
	}
	trace_seq_putc(s, ')');
	if (probe_args_print(s, p->args, p->n_args, rec + head, rec))
		trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions kprobe_funcs = {
	.trace	= kprobe_print,
};

/* ---- arming ----------------------------------------------------------- */

static int kprobe_arm(struct probe *p)
{
	struct kprobe_event *k = container_of(p, struct kprobe_event, p);

	if (!kprobe_registered(k) || kprobe_gone(&k->rp.kp))
		return 0;
	return kprobe_is_return(k) ? enable_kretprobe(&k->rp) :
				     enable_kprobe(&k->rp.kp);
}

static void kprobe_disarm(struct probe *p)
{
	struct kprobe_event *k = container_of(p, struct kprobe_event, p);

	if (!kprobe_registered(k))
		return;
	if (kprobe_is_return(k))
		disable_kretprobe(&k->rp);
	else
		disable_kprobe(&k->rp.kp);
}

const struct probe_kind_ops kprobe_kind = {
	.call_flags	= TRACE_EVENT_FL_KPROBE,
	.define_head	= probe_define_head,
	.head_size	= sizeof(struct probe_head),
	.head_fmt	= "(%lx)",
	.head_args	= ", REC->" PROBE_FIELD_IP,
	.funcs		= &kprobe_funcs,
	.arm		= kprobe_arm,
	.disarm		= kprobe_disarm,
};

const struct probe_kind_ops kretprobe_kind = {
	.call_flags	= TRACE_EVENT_FL_KPROBE,
	.define_head	= probe_define_ret_head,
	.head_size	= sizeof(struct probe_ret_head),
	.head_fmt	= "(%lx <- %lx)",
	.head_args	= ", REC->" PROBE_FIELD_FUNC ", REC->" PROBE_FIELD_RETIP,
	.funcs		= &kprobe_funcs,
	.arm		= kprobe_arm,
	.disarm		= kprobe_disarm,
};

/* ---- registering the kprobe ------------------------------------------- */

/*
 * Without KPROBE_EVENTS_ON_NOTRACE a probe goes only into functions
 * ftrace may trace: a function with no patch site is notrace, or the
 * tracing code itself.  A suffixed copy ("f.isra.0") is judged by its
 * original.
 */
#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(CONFIG_KPROBE_EVENTS_ON_NOTRACE)
static bool kprobe_addr_notrace(unsigned long addr)
{
	unsigned long size, off;

	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &off))
		return false;
	return !ftrace_location_range(addr - off, addr - off + size - 1);
}

static bool kprobe_notrace(struct kprobe_event *k)
{
	unsigned long addr = (unsigned long)k->rp.kp.addr;
	char name[KSYM_NAME_LEN], *dot;

	if (k->symbol) {
		addr = kallsyms_lookup_name(k->symbol);
		if (addr)
			addr += k->rp.kp.offset;
	}
	if (!kprobe_addr_notrace(addr))
		return false;
	if (lookup_symbol_name(addr, name))
		return true;
	dot = strchr(name, '.');
	if (!dot)
		return true;
	*dot = '\0';
	addr = (unsigned long)kprobe_lookup_name(name, 0);
	return addr ? kprobe_addr_notrace(addr) : true;
}
#else
static bool kprobe_notrace(struct kprobe_event *k)
{
	return false;
}
#endif

/*
 * An unregistered kprobe, ready to be registered again: a symbol's
 * address is looked up again then (a module may have moved).
 */
static void kprobe_reset(struct kprobe_event *k)
{
	INIT_HLIST_NODE(&k->rp.kp.hlist);
	INIT_LIST_HEAD(&k->rp.kp.list);
	if (k->symbol)
		k->rp.kp.addr = NULL;
}

/* Register @k's kprobe, armed if its event is recorded already. */
static int kprobe_register_one(struct kprobe_event *k)
{
	unsigned int i;
	int ret;

	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (ret)
		return ret;
	if (kprobe_registered(k))
		return -EINVAL;
	if (kprobe_notrace(k)) {
		pr_warn("Could not probe notrace function %ps\n",
			k->rp.kp.addr);
		return -EINVAL;
	}
	for (i = 0; i < k->p.n_args; i++) {
		ret = probe_arg_resolve(&k->p.args[i]);
		if (ret)
			return ret;
	}
	if (k->p.ev && probe_event_on(k->p.ev))
		k->rp.kp.flags &= ~KPROBE_FLAG_DISABLED;
	else
		k->rp.kp.flags |= KPROBE_FLAG_DISABLED;
	ret = kprobe_is_return(k) ? register_kretprobe(&k->rp) :
				    register_kprobe(&k->rp.kp);
	if (ret)
		kprobe_reset(k);
	return ret;
}

/* The reverse; the kprobe may be registered again (a module came back). */
static void kprobe_unregister_one(struct kprobe_event *k)
{
	if (!kprobe_registered(k))
		return;
	if (kprobe_is_return(k))
		unregister_kretprobe(&k->rp);
	else
		unregister_kprobe(&k->rp.kp);
	kprobe_reset(k);
}

/* Is the module of a "MOD:SYM" probe loaded? (No module: true.) */
static bool kprobe_module_loaded(struct kprobe_event *k)
{
	const char *colon = k->symbol ? strchr(k->symbol, ':') : NULL;
	char name[MODULE_NAME_LEN];
	bool loaded;

	if (!colon)
		return true;
	strscpy(name, k->symbol, min_t(size_t, colon - k->symbol + 1,
				       sizeof(name)));
	rcu_read_lock_sched();
	loaded = find_module(name);
	rcu_read_unlock_sched();
	return loaded;
}

/* Register @k's kprobe; a module not loaded yet is not an error. */
static int kprobe_register_or_wait(struct kprobe_event *k)
{
	int ret = kprobe_register_one(k);

	if (ret == -ENOENT && !kprobe_module_loaded(k)) {
		pr_warn("This probe might be able to register after target module is loaded. Continue.\n");
		ret = 0;
	}
	return ret;
}

/* ---- symbols ------------------------------------------------------------ */

static int kprobe_count_sym(void *data, unsigned long addr)
{
	(*(unsigned int *)data)++;
	return 0;
}

struct kprobe_mod_count {
	const char	*name;
	unsigned int	n;
};

static int kprobe_count_mod_sym(void *data, const char *name,
				unsigned long addr)
{
	struct kprobe_mod_count *c = data;

	if (!strcmp(name, c->name))
		c->n++;
	return 0;
}

/*
 * How many symbols are called @sym: in the kernel and every module, or
 * in module @mod only.  Return: 0 (one), -ENOENT (none), -EADDRNOTAVAIL
 * (several: only an address says which).
 */
static int kprobe_sym_unique(const char *mod, const char *sym)
{
	struct kprobe_mod_count c = { .name = sym };

	if (!mod)
		kallsyms_on_each_match_symbol(kprobe_count_sym, sym, &c.n);
	module_kallsyms_on_each_symbol(mod, kprobe_count_mod_sym, &c);
	return c.n > 1 ? -EADDRNOTAVAIL : c.n ? 0 : -ENOENT;
}

/* "[MOD:]SYM": checked now if its module is here, else when it comes. */
static int kprobe_check_symbol(char *symbol)
{
	char *colon = strchr(symbol, ':');
	struct module *mod = NULL;
	int ret;

	if (!colon)
		return kprobe_sym_unique(NULL, symbol);
	*colon = '\0';
	rcu_read_lock_sched();
	mod = find_module(symbol);
	if (mod && !try_module_get(mod))
		mod = NULL;
	rcu_read_unlock_sched();
	ret = mod ? kprobe_sym_unique(symbol, colon + 1) : 0;
	module_put(mod);
	*colon = ':';
	return ret;
}

/* ---- the object ------------------------------------------------------ */

static void kprobe_free(struct kprobe_event *k)
{
	unsigned int i;

	if (!k)
		return;
	for (i = 0; i < k->p.n_args; i++)
		probe_arg_free(&k->p.args[i]);
	kfree(k->p.entry_args);
	free_percpu(k->nhit);
	kfree(k->symbol);
	kfree(k);
}

static struct kprobe_event *kprobe_alloc(const char *symbol, void *addr,
					 long offset, int maxactive,
					 int n_args, bool is_return)
{
	struct kprobe_event *k;

	k = kzalloc(struct_size(k, p.args, n_args), GFP_KERNEL);
	if (!k)
		return NULL;
	k->p.n_args = n_args;
	k->nhit = alloc_percpu(unsigned long);
	if (!k->nhit)
		goto fail;
	if (symbol) {
		k->symbol = kstrdup(symbol, GFP_KERNEL);
		if (!k->symbol)
			goto fail;
		k->rp.kp.symbol_name = k->symbol;
		k->rp.kp.offset = offset;
	} else {
		k->rp.kp.addr = addr;
	}
	if (is_return)
		k->rp.handler = kretprobe_event_hit;
	else
		k->rp.kp.pre_handler = kprobe_event_hit;
	k->rp.maxactive = maxactive;
	INIT_HLIST_NODE(&k->rp.kp.hlist);
	INIT_LIST_HEAD(&k->rp.kp.list);
	INIT_LIST_HEAD(&k->p.node);
	dyn_event_init(&k->p.devent, &kprobe_dyn_ops);
	return k;
fail:
	kprobe_free(k);
	return NULL;
}

/* ---- deleted kprobes ---------------------------------------------------- */

/*
 * A deleted probe's kprobe is disarmed at once and unregistered later,
 * by a work item, together with every other deleted since: the kprobes
 * core waits a grace period per unregistration call, so deleting N
 * probes costs a few grace periods, not N.  Until then the disarmed
 * kprobe still shows in debugfs' kprobes/list, and a hit that began
 * before the disarm may still run: it finds its kprobe_event, and the
 * event as the event left it (probe_event_leave()).
 *
 * kprobe_retired holds them, linked by p.node (free once the probe left
 * its event), under kprobe_retired_lock; the work item takes them all.
 */
static LIST_HEAD(kprobe_retired);
static DEFINE_SPINLOCK(kprobe_retired_lock);

static void kprobe_reap(struct work_struct *work)
{
	struct kprobe_event *k, *tmp;
	struct kretprobe **rps;
	struct kprobe **kps;
	unsigned int n = 0, nk = 0, nr = 0;
	LIST_HEAD(list);

	spin_lock(&kprobe_retired_lock);
	list_splice_init(&kprobe_retired, &list);
	spin_unlock(&kprobe_retired_lock);
	list_for_each_entry(k, &list, p.node)
		n++;
	kps = kmalloc_array(n, sizeof(*kps), GFP_KERNEL);
	rps = kmalloc_array(n, sizeof(*rps), GFP_KERNEL);
	if (kps && rps) {
		list_for_each_entry(k, &list, p.node) {
			if (kprobe_is_return(k))
				rps[nr++] = &k->rp;
			else
				kps[nk++] = &k->rp.kp;
		}
		unregister_kprobes(kps, nk);
		unregister_kretprobes(rps, nr);
	} else {
		list_for_each_entry(k, &list, p.node)
			kprobe_unregister_one(k);
	}
	kfree(kps);
	kfree(rps);
	list_for_each_entry_safe(k, tmp, &list, p.node)
		kprobe_free(k);
}

static DECLARE_WORK(kprobe_reap_work, kprobe_reap);

/*
 * Free @k, which left its event: now if its kprobe was never registered,
 * after its unregistration (above) if it was.
 */
static void kprobe_retire(struct kprobe_event *k)
{
	if (!kprobe_registered(k)) {
		kprobe_free(k);
		return;
	}
	spin_lock(&kprobe_retired_lock);
	list_add_tail(&k->p.node, &kprobe_retired);
	spin_unlock(&kprobe_retired_lock);
	schedule_work(&kprobe_reap_work);
}

/* ---- definitions -------------------------------------------------------- */

static int kprobe_event_append(struct kprobe_event *k, struct probe_event *ev,
			       struct probe_log *log)
{
	struct kprobe_event *o;
	struct probe *p;
	unsigned int i;
	int ret;

	ret = probe_args_differ(probe_first(ev), &k->p);
	if (ret) {
		log->word = ret + 1;
		probe_log_err(log, 0, PERR_DIFF_ARG_TYPE);
		return -EEXIST;
	}
	list_for_each_entry(p, &ev->probes, node) {
		o = container_of(p, struct kprobe_event, p);
		if (strcmp(kprobe_symbol(o), kprobe_symbol(k)) ||
		    o->rp.kp.offset != k->rp.kp.offset)
			continue;
		for (i = 0; i < o->p.n_args; i++)
			if (strcmp(o->p.args[i].text, k->p.args[i].text))
				break;
		if (i == o->p.n_args) {
			log->word = 0;
			probe_log_err(log, 0, PERR_SAME_PROBE);
			return -EEXIST;
		}
	}
	probe_event_join(&k->p, ev);
	ret = kprobe_register_or_wait(k);
	if (ret) {
		list_del(&k->p.node);
		k->p.ev = NULL;
		return ret;
	}
	dyn_event_add(&k->p.devent, &ev->call);
	return 0;
}

/* Make @k's event GROUP/NAME, or append @k to it. */
static int kprobe_event_add(struct kprobe_event *k, const char *group,
			    const char *name, struct probe_log *log)
{
	const struct probe_kind_ops *kind = kprobe_is_return(k) ?
					    &kretprobe_kind : &kprobe_kind;
	struct probe_event *ev;
	int ret;

	guard(mutex)(&event_mutex);
	if (probe_event_lookup(group, name, &ev)) {
		if (ev && probe_kind_of(ev) == kind)
			return kprobe_event_append(k, ev, log);
		log->word = 0;
		if (ev && (probe_kind_of(ev) == &kprobe_kind ||
			   probe_kind_of(ev) == &kretprobe_kind))
			probe_log_err(log, 0, PERR_DIFF_PROBE_TYPE);
		else
			probe_log_err(log, 0, PERR_EVENT_EXIST);
		return -EEXIST;
	}
	ret = __probe_event_new(&k->p, group, name, kind);
	if (ret) {
		pr_warn("Failed to register probe event(%d)\n", ret);
		return ret;
	}
	ret = kprobe_register_or_wait(k);
	if (ret) {
		probe_event_leave(&k->p);
		return ret;
	}
	dyn_event_add(&k->p.devent, &k->p.ev->call);
	return 0;
}

/* "r[MAXACTIVE]": the number after 'r' in @word (a 'p' has none). */
static int kprobe_parse_maxactive(const char *word, const char *event,
				  bool is_return, int *maxactive,
				  struct probe_log *log)
{
	char buf[PROBE_NAME_MAX];
	size_t len;

	if (!isdigit(word[1]))
		return 0;
	if (!is_return) {
		probe_log_err(log, 1, PERR_BAD_MAXACT_TYPE);
		return -EINVAL;
	}
	len = event ? event - word - 2 : strlen(word + 1);
	if (len > PROBE_NAME_MAX - 1) {
		probe_log_err(log, 1, PERR_BAD_MAXACT);
		return -EINVAL;
	}
	memcpy(buf, word + 1, len);
	buf[len] = '\0';
	if (kstrtouint(buf, 0, maxactive) || !*maxactive) {
		probe_log_err(log, 1, PERR_BAD_MAXACT);
		return -EINVAL;
	}
	if (*maxactive > KPROBE_MAXACTIVE_MAX) {
		probe_log_err(log, 1, PERR_MAXACT_TOO_BIG);
		return -EINVAL;
	}
	return 0;
}

/* The place "[MOD:]SYM[+OFF][%return]" (@symbol is changed). */
static int kprobe_parse_place(char *symbol, long *offset, bool *is_return,
			      unsigned int *where, struct probe_log *log)
{
	char *suffix, *sign;
	int ret;

	suffix = strchr(symbol, '%');
	if (suffix) {
		if (strcmp(suffix, "%return")) {
			probe_log_err(log, suffix - symbol, PERR_BAD_ADDR_SUFFIX);
			return -EINVAL;
		}
		*suffix = '\0';
		*is_return = true;
	}
	*offset = 0;
	sign = strpbrk(symbol, "+-");
	if (sign) {
		ret = kstrtol(sign, 0, offset);
		*sign = '\0';
		if (ret || *offset < 0 || *offset > UINT_MAX) {
			probe_log_err(log, 0, PERR_BAD_PROBE_ADDR);
			return -EINVAL;
		}
	}
	ret = kprobe_check_symbol(symbol);
	if (ret) {
		probe_log_err(log, 0, ret == -EADDRNOTAVAIL ?
				      PERR_NON_UNIQ_SYMBOL : PERR_BAD_PROBE_ADDR);
		return -EINVAL;
	}
	if (*is_return)
		*where |= PROBE_RETURN;
	ret = kprobe_on_func_entry(NULL, symbol, *offset);
	if (!ret && !*is_return)
		*where |= PROBE_ENTRY;
	if (ret == -EINVAL && *is_return) {
		probe_log_err(log, 0, PERR_BAD_RETPROBE);
		return -EINVAL;
	}
	return 0;
}

/* An event name made from the place: "p_SYM_OFF", "r_0xADDR". */
static void kprobe_default_name(char *buf, const char *symbol, long offset,
				void *addr, bool is_return)
{
	char *c;

	if (symbol)
		snprintf(buf, PROBE_NAME_MAX, "%c_%s_%ld", is_return ? 'r' : 'p',
			 symbol, offset);
	else
		snprintf(buf, PROBE_NAME_MAX, "%c_0x%p", is_return ? 'r' : 'p',
			 addr);
	for (c = buf; *c; c++)
		if (!isalnum(*c))
			*c = '_';
}

static int kprobe_define(int argc, const char **argv)
{
	struct probe_log log = { .where = "trace_kprobe", .argc = argc,
				 .argv = argv };
	struct probe_ctx *ctx = NULL;
	const char *event = NULL, *group = KPROBE_GROUP;
	char gbuf[PROBE_NAME_MAX], nbuf[PROBE_NAME_MAX];
	struct kprobe_event *k = NULL;
	unsigned int where = PROBE_KERNEL;
	bool is_return = argv[0][0] == 'r';
	char *symbol = NULL, **made = NULL;
	int maxactive = 0, ret, i, n;
	unsigned long addr = 0;
	long offset = 0;

	if (argv[0][0] != 'p' && argv[0][0] != 'r')
		return -ECANCELED;
	if (argc < 2)
		return -ECANCELED;

	event = strchr(argv[0] + 1, ':');
	if (event)
		event++;
	ret = kprobe_parse_maxactive(argv[0], event, is_return, &maxactive,
				     &log);
	if (ret)
		return ret;

	if (kstrtoul(argv[1], 0, &addr)) {
		log.word = 1;
		/* "PATH:OFFSET" is a uprobe's */
		if (strchr(argv[1], '/') && strchr(argv[1], ':'))
			return -ECANCELED;
		symbol = kstrdup(argv[1], GFP_KERNEL);
		if (!symbol)
			return -ENOMEM;
		ret = kprobe_parse_place(symbol, &offset, &is_return, &where,
					 &log);
		if (ret)
			goto out;
	}

	log.word = 0;
	if (event) {
		ret = probe_parse_event_name(&log, &event, &group, gbuf,
					     event - argv[0]);
		if (ret)
			goto out;
	}
	if (!event) {
		kprobe_default_name(nbuf, symbol, offset, (void *)addr,
				    is_return);
		event = nbuf;
	}

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	ret = -ENOMEM;
	if (!ctx)
		goto out;
	ctx->where = where;
	ctx->log = &log;
	n = argc - 2;
	ret = probe_meta_args_check(n, argv + 2, 2, ctx);
	if (ret)
		goto out;
	ret = -E2BIG;
	if (n > PROBE_ARGS_MAX)
		goto out;
	made = probe_dentry_args(n, argv + 2);
	if (IS_ERR(made)) {
		ret = PTR_ERR(made);
		made = NULL;
		goto out;
	}

	ret = -ENOMEM;
	k = kprobe_alloc(symbol, (void *)addr, offset, maxactive, n,
			 is_return);
	if (!k)
		goto out;
	for (i = 0; i < n; i++) {
		log.word = i + 2;
		ret = probe_arg_compile(k->p.args, i, argv[i + 2], &k->p.size,
					ctx);
		if (ret)
			goto out;
	}
	if (is_return && ctx->n_entry) {
		k->p.n_entry = ctx->n_entry;
		k->p.entry_args = kmemdup(ctx->entry_args,
					  ctx->n_entry * sizeof(unsigned int),
					  GFP_KERNEL);
		ret = -ENOMEM;
		if (!k->p.entry_args)
			goto out;
		k->rp.entry_handler = kretprobe_event_entry;
		k->rp.data_size = ctx->n_entry * sizeof(unsigned long);
	}

	ret = kprobe_event_add(k, group, event, &log);
	if (ret) {
		log.word = 1;
		if (ret == -EILSEQ)
			probe_log_err(&log, 0, PERR_BAD_INSN_BNDRY);
		else if (ret == -ENOENT)
			probe_log_err(&log, 0, PERR_BAD_PROBE_ADDR);
		else if (ret != -ENOMEM && ret != -EEXIST)
			probe_log_err(&log, 0, PERR_FAIL_REG_PROBE);
		goto out;
	}
	k = NULL;
out:
	kprobe_free(k);
	if (made) {
		for (i = 0; i < n; i++)
			kfree(made[i]);
		kfree(made);
	}
	kfree(ctx);
	kfree(symbol);
	return ret;
}

static int kprobe_dyn_create(const char *raw)
{
	return probe_dyn_create(raw, kprobe_define);
}

/* One line of kprobe_events: a definition or "-:" */
static int kprobe_command(const char *raw)
{
	int ret;

	if (raw[0] == '-')
		return dyn_event_release(raw, &kprobe_dyn_ops);
	ret = dyn_event_create(raw, &kprobe_dyn_ops);
	return ret == -ECANCELED ? -EINVAL : ret;
}

/* ---- dynamic events ------------------------------------------------------ */

static int kprobe_dyn_show(struct seq_file *m, struct dyn_event *ev)
{
	struct kprobe_event *k = kprobe_of(ev);
	unsigned int i;

	seq_putc(m, kprobe_is_return(k) ? 'r' : 'p');
	if (kprobe_is_return(k) && k->rp.maxactive)
		seq_printf(m, "%d", k->rp.maxactive);
	seq_printf(m, ":%s/%s", k->p.ev->class.system, k->p.ev->call.name);
	if (!k->symbol)
		seq_printf(m, " 0x%p", k->rp.kp.addr);
	else if (k->rp.kp.offset)
		seq_printf(m, " %s+%u", k->symbol, k->rp.kp.offset);
	else
		seq_printf(m, " %s", k->symbol);
	for (i = 0; i < k->p.n_args; i++)
		seq_printf(m, " %s=%s", k->p.args[i].name, k->p.args[i].text);
	seq_putc(m, '\n');
	return 0;
}

static bool kprobe_dyn_is_busy(struct dyn_event *ev)
{
	return probe_event_on(kprobe_of(ev)->p.ev);
}

static int kprobe_dyn_free(struct dyn_event *ev)
{
	struct kprobe_event *k = kprobe_of(ev);
	int ret;

	lockdep_assert_held(&event_mutex);
	/* the last probe of a recorded or pinned event stays */
	if (list_is_singular(&k->p.ev->probes) &&
	    (probe_event_on(k->p.ev) || trace_event_dyn_busy(&k->p.ev->call)))
		return -EBUSY;
	/* a sibling of a recorded event fires until here */
	kprobe_disarm(&k->p);
	ret = probe_event_leave(&k->p);
	if (ret) {
		if (probe_event_on(k->p.ev))
			kprobe_arm(&k->p);
		return ret;
	}
	dyn_event_remove(&k->p.devent);
	kprobe_retire(k);
	return 0;
}

/* Does "[PLACE [ARGS]]" of a "-:" line name @k? */
static bool kprobe_match_place(struct kprobe_event *k, int argc,
			       const char **argv)
{
	char buf[PROBE_ARG_TEXT_MAX + 1];

	if (!argc)
		return true;
	if (!k->symbol)
		snprintf(buf, sizeof(buf), "0x%p", k->rp.kp.addr);
	else if (k->rp.kp.offset)
		snprintf(buf, sizeof(buf), "%s+%u", k->symbol,
			 k->rp.kp.offset);
	else
		snprintf(buf, sizeof(buf), "%s", k->symbol);
	if (strcmp(buf, argv[0]))
		return false;
	return probe_args_match(&k->p, argc - 1, argv + 1);
}

static bool kprobe_dyn_match(const char *system, const char *event, int argc,
			     const char **argv, struct dyn_event *ev)
{
	struct kprobe_event *k = kprobe_of(ev);

	/* "-:GROUP/" names every event of the group */
	return (!event[0] || !strcmp(k->p.ev->call.name, event)) &&
	       (!system || !strcmp(k->p.ev->class.system, system)) &&
	       kprobe_match_place(k, argc, argv);
}

static struct dyn_event_operations kprobe_dyn_ops = {
	.create		= kprobe_dyn_create,
	.show		= kprobe_dyn_show,
	.is_busy	= kprobe_dyn_is_busy,
	.free		= kprobe_dyn_free,
	.match		= kprobe_dyn_match,
};

/* ---- modules ------------------------------------------------------------ */

#ifdef CONFIG_MODULES
/*
 * A coming module: its probes are registered (after the kprobes core's
 * and the jump labels' notifiers ran).  A going one needs nothing here:
 * the kprobes core marks its kprobes gone, and they stay registered
 * until the module comes back or the probe is deleted.
 */
static int kprobe_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;
	struct kprobe_event *k;
	struct dyn_event *pos;
	const char *colon;
	int ret;

	if (val != MODULE_STATE_COMING)
		return NOTIFY_DONE;
	guard(mutex)(&event_mutex);
	for_each_dyn_event(pos) {
		if (!kprobe_is(pos))
			continue;
		k = kprobe_of(pos);
		if (!kprobe_in_module(k, mod))
			continue;
		kprobe_unregister_one(k);
		colon = strchr(k->symbol, ':');
		ret = kprobe_sym_unique(module_name(mod), colon + 1);
		if (!ret)
			ret = kprobe_register_one(k);
		if (ret)
			pr_warn("Failed to re-register probe %s on %s: %d\n",
				k->p.ev->call.name, module_name(mod), ret);
	}
	return NOTIFY_DONE;
}

static struct notifier_block kprobe_module_nb = {
	.notifier_call	= kprobe_module_notify,
	.priority	= 2,
};
#endif

/* ---- files -------------------------------------------------------------- */

static int kprobe_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	return kprobe_is(ev) ? kprobe_dyn_show(m, ev) : 0;
}

static const struct seq_operations kprobe_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= kprobe_seq_show,
};

/* A truncating open deletes every kprobe event first (or none). */
static int kprobe_events_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (!ret && (file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		ret = dyn_events_release_all(&kprobe_dyn_ops);
	if (ret < 0)
		return ret;
	return seq_open(file, &kprobe_seq_ops);
}

static ssize_t kprobe_events_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	return trace_parse_run_command(file, ubuf, len, ppos, kprobe_command);
}

static const struct file_operations kprobe_events_fops = {
	.open		= kprobe_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
	.write		= kprobe_events_write,
};

static unsigned long kprobe_hits(struct kprobe_event *k)
{
	unsigned long n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += *per_cpu_ptr(k->nhit, cpu);
	return n;
}

/* "  EVENT  HITS  MISSES": a miss is a hit the kprobes core dropped. */
static int kprobe_profile_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;
	struct kprobe_event *k;
	unsigned long missed;

	if (!kprobe_is(ev))
		return 0;
	k = kprobe_of(ev);
	missed = k->rp.kp.nmissed;
	if (kprobe_is_return(k))
		missed += k->rp.nmissed;
	seq_printf(m, "  %-44s %15lu %15lu\n", k->p.ev->call.name,
		   kprobe_hits(k), missed);
	return 0;
}

static const struct seq_operations kprobe_profile_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= kprobe_profile_show,
};

static int kprobe_profile_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	return ret ?: seq_open(file, &kprobe_profile_seq_ops);
}

static const struct file_operations kprobe_profile_fops = {
	.open		= kprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* ---- the kernel API ------------------------------------------------------ */

/* The builder's text is one line of kprobe_events. */
static int kprobe_run_command(struct dynevent_cmd *cmd)
{
	return kprobe_command(cmd->seq.buffer);
}

/**
 * kprobe_event_cmd_init - start a kprobe event command
 * @cmd: the command
 * @buf: its buffer
 * @maxlen: bytes of @buf
 */
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_KPROBE,
			  kprobe_run_command);
}
EXPORT_SYMBOL_GPL(kprobe_event_cmd_init);

/*
 * Append @word and the words after it in @more (NULL ends them), each
 * an argument of at most PROBE_ARG_TEXT_MAX bytes.
 */
static int kprobe_cmd_words(struct dynevent_cmd *cmd, const char *word,
			    va_list more)
{
	struct dynevent_arg arg;
	int ret = 0;

	dynevent_arg_init(&arg, 0);
	for (; word && !ret; word = va_arg(more, const char *)) {
		if (strlen(word) > PROBE_ARG_TEXT_MAX)
			return -EINVAL;
		arg.str = word;
		ret = dynevent_arg_add(cmd, &arg, NULL);
	}
	return ret;
}

/**
 * __kprobe_event_gen_cmd_start - "p:kprobes/NAME LOC ARG..." (or "r:")
 * @cmd: from kprobe_event_cmd_init()
 * @kretprobe: a return probe
 * @name: the event's name
 * @loc: the place
 * @...: the arguments' texts, then NULL
 *
 * Return: 0; -EINVAL (not a kprobe command, no name or place, an
 * argument too long); -E2BIG (the buffer is full); -ENOMEM.
 */
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...)
{
	va_list more;
	char *head;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE || !name || !loc)
		return -EINVAL;
	head = kasprintf(GFP_KERNEL, "%c:%s/%s %s", kretprobe ? 'r' : 'p',
			 KPROBE_GROUP, name, loc);
	if (!head)
		return -ENOMEM;
	ret = dynevent_str_add(cmd, head);
	kfree(head);
	if (ret)
		return ret;
	va_start(more, loc);
	ret = kprobe_cmd_words(cmd, va_arg(more, const char *), more);
	va_end(more);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_gen_cmd_start);

/**
 * __kprobe_event_add_fields - more arguments for a started command
 * @cmd: from __kprobe_event_gen_cmd_start()
 * @...: the arguments' texts, then NULL
 *
 * Return: as __kprobe_event_gen_cmd_start().
 */
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...)
{
	va_list more;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE)
		return -EINVAL;
	va_start(more, cmd);
	ret = kprobe_cmd_words(cmd, va_arg(more, const char *), more);
	va_end(more);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_add_fields);

/**
 * kprobe_event_delete - delete the kprobe events called @name
 * @name: "[GROUP/]EVENT"
 *
 * Return: 0, -ENOENT, -EBUSY.
 */
int kprobe_event_delete(const char *name)
{
	char buf[2 * PROBE_NAME_MAX + 4];

	snprintf(buf, sizeof(buf), "-:%s", name);
	return kprobe_command(buf);
}
EXPORT_SYMBOL_GPL(kprobe_event_delete);

/* ---- perf's kprobe PMU ---------------------------------------------------- */

#ifdef CONFIG_PERF_EVENTS
/**
 * perf_kprobe_init - a private kprobe event for one perf event
 * @event: the perf event: attr.kprobe_func (a user string, may be
 *	empty) or attr.kprobe_addr, and attr.probe_offset
 * @is_retprobe: a kretprobe
 *
 * The event has no arguments and is in no listing.  Return: 0, -E2BIG
 * (the name is too long), -EINVAL, -ENOENT, -ENOMEM, a kprobe's error.
 */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe)
{
	const struct probe_kind_ops *kind = is_retprobe ? &kretprobe_kind :
							  &kprobe_kind;
	void *addr = (void *)(unsigned long)event->attr.kprobe_addr;
	u64 offset = event->attr.probe_offset;
	struct kprobe_event *k = NULL;
	char *func = NULL;
	int ret;

	if (event->attr.kprobe_func) {
		func = strndup_user(u64_to_user_ptr(event->attr.kprobe_func),
				    KSYM_NAME_LEN);
		if (IS_ERR(func))
			return PTR_ERR(func) == -EINVAL ? -E2BIG :
							  PTR_ERR(func);
		if (!func[0]) {
			kfree(func);
			func = NULL;
		}
	}
	ret = -EINVAL;
	if (is_retprobe && func &&
	    kprobe_on_func_entry(NULL, func, offset) == -EINVAL)
		goto out;
	ret = -ENOMEM;
	k = kprobe_alloc(func, addr, offset, 0, 0, is_retprobe);
	if (!k)
		goto out;
	ret = probe_event_private(&k->p, KPROBE_GROUP, func ?: "DUMMY_EVENT",
				  kind);
	if (ret)
		goto out;
	ret = kprobe_register_one(k);
	if (ret)
		goto out;
	ret = perf_trace_init_call(event, &k->p.ev->call);
	if (!ret) {
		k = NULL;
		goto out;
	}
	kprobe_unregister_one(k);
out:
	if (k)
		probe_event_private_free(&k->p);
	kprobe_free(k);
	kfree(func);
	return ret;
}

/**
 * perf_kprobe_destroy - the end of a perf_kprobe_init() event
 * @event: the perf event
 */
void perf_kprobe_destroy(struct perf_event *event)
{
	struct probe_event *ev = event->tp_event->data;
	struct kprobe_event *k = container_of(probe_first(ev),
					      struct kprobe_event, p);

	perf_trace_destroy(event);
	kprobe_unregister_one(k);
	probe_event_private_free(&k->p);
	kprobe_free(k);
}
#endif

/* ---- boot ---------------------------------------------------------------- */

/*
 * The probe definitions' grammar.  ftracetest reads which forms exist
 * from it, so the forms keep 6.12's spelling.
 */
static struct trace_readme_part kprobe_readme = {
	.rank	= TRACE_README_PROBES,
	.text	=
	"  kprobe_events\t\t- Create/append/remove/show the kernel dynamic events\n"
	"\t\t\t  The same definitions as dynamic_events takes:\n"
	"\t    p[:[<group>/][<event>]] <place> [<args>]     a kprobe\n"
	"\t    r[maxactive][:[<group>/][<event>]] <place> [<args>]\n"
	"\t\t\t\t\t\t    a kretprobe\n"
	"\t    -:[<group>/][<event>] [<place> [<args>]]      delete it\n"
	"\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
	"place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n"
	"\t     args: [<name>=]fetcharg[:type]\n"
	"\t fetcharg: %<register>, $stack<index>, $stack, $retval, $comm,\n"
	"\t           $arg<N>, @<address>, @<symbol>[+|-<offset>],\n"
	"\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
	"\t           (kernel return probes support: $retval, $arg<N>, $comm)\n"
	"\t     type: u8/16/32/64, s8/16/32/64, x8/16/32/64 (hex), char,\n"
	"\t           string, ustring (user memory), symbol, symstr,\n"
	"\t           %pd/%pD (a dentry's, a file's name),\n"
	"\t           b<bit-width>@<bit-offset>/<container-size>,\n"
	"\t           <type>\\[<array-size>\\]\n",
};

static __init int kprobe_events_init(void)
{
	int ret;

	ret = dyn_event_register(&kprobe_dyn_ops);
	if (ret)
		return ret;
#ifdef CONFIG_MODULES
	if (register_module_notifier(&kprobe_module_nb))
		pr_warn("kprobe events: no module notifier\n");
#endif
	trace_readme_add(&kprobe_readme);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("kprobe_events", TRACE_MODE_WRITE, NULL, NULL,
			  &kprobe_events_fops);
	trace_create_file("kprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &kprobe_profile_fops);
	return 0;
}
fs_initcall(kprobe_events_init);
