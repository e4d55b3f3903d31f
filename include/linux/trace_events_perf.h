/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events as perf sees them, and the BPF hooks perf and the BPF
 * syscall call through this header (Documentation/trace/retrace/
 * trace-events-h.rst; perf.rst for kernel/trace/events/trace_event_perf.c).
 *
 * perf_event_open(PERF_TYPE_TRACEPOINT, config = event id) lands in
 * perf_trace_init(); add/del follow the perf event on and off a CPU and
 * destroy ends it (kernel/events/core.c calls all four, holding its own
 * locks; trace_event_perf.c takes event_mutex inside them).  The perf
 * probe the staging headers generate for every event builds its record
 * in a per-CPU area of perf_trace_buf_alloc() (at most
 * PERF_MAX_TRACE_SIZE bytes) and hands it over with
 * perf_trace_run_bpf_submit() or perf_trace_buf_submit().
 *
 * Contexts: the probe side (buf_alloc, buf_update, the submits) runs
 * in any context, NMI included, with preemption disabled; the
 * init/destroy side sleeps.
 *
 * BPF: BPF_EVENTS (kernel/trace/bpf_trace.c) is not built with our
 * kernel/trace (it is outside the reference config, and our Kconfig
 * does not offer it), so the BPF entry points are the "not supported"
 * inlines below; kernel/bpf and kernel/events/core.c are built against
 * them.  The real declarations come back with bpf_trace.c, as do the
 * raw-tracepoint runners (bpf_trace_run1() ...) and the kprobe/uprobe
 * info queries.
 */
#ifndef _LINUX_TRACE_EVENTS_PERF_H
#define _LINUX_TRACE_EVENTS_PERF_H

#include <linux/errno.h>
#include <linux/perf_event.h>
#include <linux/types.h>

#include <linux/trace_events_call.h>

struct bpf_prog;
struct bpf_raw_event_map;
struct bpf_raw_tp_link;
struct hlist_head;
struct pt_regs;
struct task_struct;
union bpf_attr;

/* The largest record a perf probe may build. */
#define PERF_MAX_TRACE_SIZE	8192

#ifdef CONFIG_PERF_EVENTS
/*
 * bpf_prog_array_valid - whether BPF programs may be attached to @call
 *
 * A hint read outside the RCU read side, to skip the BPF path cheaply:
 * a program attached just after the read may miss a few hits, one
 * detached is found out under RCU.  READ_ONCE() rather than
 * rcu_access_pointer() so that only a declaration of struct
 * bpf_prog_array is needed here.
 */
static inline bool bpf_prog_array_valid(struct trace_event_call *call)
{
	return !!READ_ONCE(call->prog_array);
}
#endif

/* ---- BPF, not built: see the top of the file ------------------------- */

/* Run @call's BPF programs on @ctx; 1 means "record the event". */
static inline unsigned int trace_call_bpf(struct trace_event_call *call,
					  void *ctx)
{
	return 1;
}

/* Raw tracepoints: none can be found by name, so none is ever put. */
static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *map)
{
}

/*
 * Everything else a BPF program could be attached or queried through
 * gives this one answer.
 */
static inline int trace_bpf_unsupported(void)
{
	return -EOPNOTSUPP;
}

/* kernel/bpf/syscall.c: raw tracepoint attach, link info, multi links. */
static inline int bpf_probe_register(struct bpf_raw_event_map *map,
				     struct bpf_raw_tp_link *lnk)
{
	return trace_bpf_unsupported();
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *map,
				       struct bpf_raw_tp_link *lnk)
{
	return trace_bpf_unsupported();
}

static inline int bpf_get_perf_event_info(const struct perf_event *event,
					  u32 *prog_id, u32 *fd_type,
					  const char **buf, u64 *probe_offset,
					  u64 *probe_addr,
					  unsigned long *missed)
{
	return trace_bpf_unsupported();
}

static inline int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return trace_bpf_unsupported();
}

static inline int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return trace_bpf_unsupported();
}

/* kernel/events/core.c: PERF_EVENT_IOC_SET_BPF and _QUERY_BPF. */
static inline int perf_event_attach_bpf_prog(struct perf_event *event,
					     struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return trace_bpf_unsupported();
}

static inline int perf_event_query_prog_array(struct perf_event *event,
					      void __user *info)
{
	return trace_bpf_unsupported();
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event)
{
}

#ifdef CONFIG_PERF_EVENTS
/* ---- perf's tracepoint PMU (kernel/trace/events/trace_event_perf.c) ---------- */

int perf_trace_init(struct perf_event *event);
void perf_trace_destroy(struct perf_event *event);
int perf_trace_add(struct perf_event *event, int flags);
void perf_trace_del(struct perf_event *event, int flags);

/* The kprobe and uprobe PMUs: a private probe event per perf event. */
#ifdef CONFIG_KPROBE_EVENTS
int perf_kprobe_init(struct perf_event *event, bool is_retprobe);
void perf_kprobe_destroy(struct perf_event *event);
#endif
#ifdef CONFIG_UPROBE_EVENTS
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe);
void perf_uprobe_destroy(struct perf_event *event);
#endif

/* PERF_EVENT_IOC_SET_FILTER on a tracepoint event, and its release. */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str);
void ftrace_profile_free_filter(struct perf_event *event);

/*
 * The probe side.  perf_trace_buf_alloc() returns this CPU's record
 * area for the recursion context it stores in *@rctxp, and the pt_regs
 * to fill in *@regs (NULL: too big, or nested too deep);
 * perf_trace_buf_update() writes the common fields of @record.
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp);
void perf_trace_buf_update(void *record, u16 type);

/* PERF_EVENT_IOC_SET_BPF (kernel/events/core.c). */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);

/* Hand a record to @call's BPF programs, then to the perf events. */
void perf_trace_run_bpf_submit(void *raw_data, int size, int rctx,
			       struct trace_event_call *call, u64 count,
			       struct pt_regs *regs, struct hlist_head *head,
			       struct task_struct *task);

/* Hand a record to the perf events of @head (no BPF on this path). */
static inline void
perf_trace_buf_submit(void *raw_data, int size, int rctx, u16 type, u64 count,
		      struct pt_regs *regs, void *head, struct task_struct *task)
{
	perf_tp_event(type, count, raw_data, size, regs, head, rctx, task);
}
#endif /* CONFIG_PERF_EVENTS */

#endif /* _LINUX_TRACE_EVENTS_PERF_H */
