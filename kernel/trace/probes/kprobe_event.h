/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kprobe event's probe (kprobe_event.c), and what perf's kprobe PMU
 * (kprobe_perf.c) uses of it.
 */
#ifndef _KERNEL_TRACE_KPROBE_EVENT_H
#define _KERNEL_TRACE_KPROBE_EVENT_H

#include <linux/kprobes.h>

#include "probe_event.h"

/**
 * struct kprobe_event - one place of a kprobe event
 * @rp: its kretprobe, whose kprobe is the kprobe of a plain probe; a
 *	return probe has @rp.handler set
 * @nhit: hits, per CPU (kprobe_profile)
 * @symbol: "[MOD:]SYM" as defined, or NULL for an address
 * @p: the probe: its event, arguments (last: they follow it)
 */
struct kprobe_event {
	struct kretprobe	rp;
	unsigned long __percpu	*nhit;
	char			*symbol;
	struct probe		p;
};

extern const struct probe_kind_ops kprobe_kind;
extern const struct probe_kind_ops kretprobe_kind;

#endif /* _KERNEL_TRACE_KPROBE_EVENT_H */
