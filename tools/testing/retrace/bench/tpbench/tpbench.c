// SPDX-License-Identifier: GPL-2.0
/*
 * tpbench.c - cost of one tracepoint call site, as the probes attached to
 * it go from none to one, two and eight.  Built out of tree against both
 * kernels that bench/run.sh compares, so it uses only what the two
 * <linux/tracepoint.h> have in common.
 *
 * At load time it times, with interrupts off, TPB_LOOPS calls of a
 * noinline function holding one site (best of TPB_ROUNDS rounds), and a
 * loop of calls to an identical function without the site; the figures go
 * to debugfs tpbench/results as "NAME VALUE" lines, in nanoseconds per call
 * (under QEMU -icount, instructions in disguise).
 */
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/tracepoint.h>

#define TPB_LOOPS	200000
#define TPB_ROUNDS	5
#define TPB_MAX_PROBES	8

/* retrace names the event-style declaration DECLARE_TRACE_EVENT. */
#ifdef DECLARE_TRACE_EVENT
DECLARE_TRACE_EVENT(tpbench, TP_PROTO(unsigned long v), TP_ARGS(v));
#else
DECLARE_TRACE(tpbench, TP_PROTO(unsigned long v), TP_ARGS(v));
#endif
DEFINE_TRACE(tpbench, TP_PROTO(unsigned long v), TP_ARGS(v));

static unsigned long tpb_sink[TPB_MAX_PROBES];
static u64 tpb_result[5];
static struct dentry *tpb_dir;

static const char * const tpb_names[] = {
	"tp_loop_no_site_ns", "tp_disabled_ns", "tp_1_probe_ns",
	"tp_2_probes_ns", "tp_8_probes_ns",
};

static noinline void tpb_probe(void *data, unsigned long v)
{
	unsigned long *slot = data;

	*slot += v;
}

static noinline void tpb_site(unsigned long v)
{
	trace_tpbench(v);
	barrier();
}

static noinline void tpb_no_site(unsigned long v)
{
	barrier();
}

static u64 tpb_time(void (*fn)(unsigned long))
{
	u64 best = U64_MAX, t;
	unsigned long flags, i;
	int r;

	for (r = 0; r < TPB_ROUNDS; r++) {
		local_irq_save(flags);
		t = ktime_get_ns();
		for (i = 0; i < TPB_LOOPS; i++)
			fn(i);
		t = ktime_get_ns() - t;
		local_irq_restore(flags);
		best = min(best, t);
	}
	return best;
}

static int tpb_set_probes(int *have, int want)
{
	int ret;

	while (*have < want) {
		ret = register_trace_tpbench(tpb_probe, &tpb_sink[*have]);
		if (ret)
			return ret;
		(*have)++;
	}
	return 0;
}

static int tpb_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(tpb_names); i++)
		seq_printf(m, "%s %llu.%03llu\n", tpb_names[i],
			   tpb_result[i] / TPB_LOOPS,
			   (tpb_result[i] % TPB_LOOPS) * 1000 / TPB_LOOPS);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tpb);

static int __init tpb_init(void)
{
	static const int steps[] = { 1, 2, TPB_MAX_PROBES };
	int have = 0, i, ret = 0;

	tpb_result[0] = tpb_time(tpb_no_site);
	tpb_result[1] = tpb_time(tpb_site);
	for (i = 0; i < ARRAY_SIZE(steps) && !ret; i++) {
		ret = tpb_set_probes(&have, steps[i]);
		if (!ret)
			tpb_result[2 + i] = tpb_time(tpb_site);
	}
	while (have > 0) {
		have--;
		unregister_trace_tpbench(tpb_probe, &tpb_sink[have]);
	}
	tracepoint_synchronize_unregister();
	if (ret)
		return ret;
	tpb_dir = debugfs_create_dir("tpbench", NULL);
	debugfs_create_file("results", 0444, tpb_dir, NULL, &tpb_fops);
	return 0;
}

static void __exit tpb_exit(void)
{
	debugfs_remove_recursive(tpb_dir);
}

module_init(tpb_init);
module_exit(tpb_exit);
MODULE_DESCRIPTION("Tracepoint call site benchmark");
MODULE_LICENSE("GPL");
