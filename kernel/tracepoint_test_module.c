// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint_test_module.c - a module with tracepoints of its own, for
 * tools/testing/selftests/retrace/tracepoint_module.sh.
 *
 * Loading it makes events/tptest/tptest_event appear in tracefs; unloading
 * it, even with the event enabled, must make the event vanish and release
 * the probe.  Writing N to the "fire" parameter fires both tracepoints N
 * times.  The module attaches a probe of its own to its bare tracepoint
 * tptest_bare_tp for its whole life; "bare_hits" counts its calls.  It
 * also follows tracepoint modules with a notifier, which must be told at
 * once about the module itself: "own_tracepoints" is the number of
 * tracepoints the notifier saw for it (2).
 */
#include <linux/atomic.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/sysfs.h>

#define CREATE_TRACE_POINTS
#include "tracepoint_test_events.h"

static atomic_t bare_hits = ATOMIC_INIT(0);

static void tptest_bare_probe(void *data, unsigned int seq)
{
	atomic_inc(&bare_hits);
}

static int tptest_fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n, i;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		trace_tptest_event(i);
		trace_tptest_bare_tp(i);
	}
	return 0;
}

static const struct kernel_param_ops tptest_fire_ops = {
	.set = tptest_fire_set,
};
module_param_cb(fire, &tptest_fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "fire both tracepoints this many times");

static int tptest_hits_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&bare_hits));
}

static const struct kernel_param_ops tptest_hits_ops = {
	.get = tptest_hits_get,
};
module_param_cb(bare_hits, &tptest_hits_ops, NULL, 0444);
MODULE_PARM_DESC(bare_hits, "calls of the module's own probe");

static unsigned int own_tracepoints;
module_param(own_tracepoints, uint, 0444);
MODULE_PARM_DESC(own_tracepoints, "tracepoints of this module the notifier saw");

static int tptest_mod_event(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	struct tp_module *tpm = data;

	if (state == MODULE_STATE_COMING && tpm->mod == THIS_MODULE)
		own_tracepoints = tpm->mod->num_tracepoints;
	return NOTIFY_OK;
}

static struct notifier_block tptest_mod_nb = {
	.notifier_call = tptest_mod_event,
};

static int __init tptest_init(void)
{
	int ret = register_tracepoint_module_notifier(&tptest_mod_nb);

	if (ret)
		return ret;
	ret = register_trace_tptest_bare_tp(tptest_bare_probe, NULL);
	if (ret)
		unregister_tracepoint_module_notifier(&tptest_mod_nb);
	return ret;
}

static void __exit tptest_exit(void)
{
	unregister_trace_tptest_bare_tp(tptest_bare_probe, NULL);
	unregister_tracepoint_module_notifier(&tptest_mod_nb);
	tracepoint_synchronize_unregister();
}

module_init(tptest_init);
module_exit(tptest_exit);
MODULE_DESCRIPTION("Tracepoints in a module, for the retrace selftests");
MODULE_LICENSE("GPL");
