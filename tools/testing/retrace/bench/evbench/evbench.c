// SPDX-License-Identifier: GPL-2.0
/*
 * evbench.c - cost of one enabled trace event, end to end: the call site,
 * the generated probe, the filter if any, the ring buffer reserve and
 * commit.  The events live in this module (evbench_trace.h), so each kernel
 * under comparison generates them with its own staging headers.
 *
 * The guest driver (bench/events.c) sets up tracefs - enable, filter,
 * buffer size - and then writes a command to debugfs evbench/run:
 *
 *   "time small"  "time str"   best of EVB_ROUNDS rounds of EVB_LOOPS events
 *                              with interrupts off; evbench/result then
 *                              reads "<ns per event, 3 decimals>"
 *   "fill N"                   N small events, interrupts on, rescheduling
 *                              between batches (to fill the buffer for the
 *                              read-throughput figures)
 */
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define CREATE_TRACE_POINTS
#include "evbench_trace.h"

#define EVB_LOOPS	20000
#define EVB_ROUNDS	5

static char evb_str_buf[EVB_STRLEN] = "retrace evbench: a 128-byte string record, the shape of the benchmark event";
static u64 evb_last;		/* ns per EVB_LOOPS events, best round */
static struct dentry *evb_dir;

static noinline void evb_small_site(u64 i)
{
	trace_evb_small(i, 3, (u32)i);
}

static noinline void evb_str_site(u64 i)
{
	trace_evb_str(evb_str_buf, i);
}

static u64 evb_time(void (*site)(u64))
{
	u64 best = U64_MAX, t, i;
	unsigned long flags;
	int r;

	for (r = 0; r < EVB_ROUNDS; r++) {
		local_irq_save(flags);
		t = ktime_get_ns();
		for (i = 0; i < EVB_LOOPS; i++)
			site(i);
		t = ktime_get_ns() - t;
		local_irq_restore(flags);
		best = min(best, t);
	}
	return best;
}

static void evb_fill(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		evb_small_site(i);
		if (!(i & 1023))
			cond_resched();
	}
}

static ssize_t evb_run_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	char cmd[32];
	unsigned long n;

	if (count >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, ubuf, count))
		return -EFAULT;
	cmd[count] = '\0';
	strim(cmd);
	if (!strcmp(cmd, "time small"))
		evb_last = evb_time(evb_small_site);
	else if (!strcmp(cmd, "time str"))
		evb_last = evb_time(evb_str_site);
	else if (!strncmp(cmd, "fill ", 5) && !kstrtoul(cmd + 5, 0, &n))
		evb_fill(n);
	else
		return -EINVAL;
	return count;
}

static const struct file_operations evb_run_fops = {
	.owner = THIS_MODULE,
	.write = evb_run_write,
};

static int evb_result_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%llu.%03llu\n", evb_last / EVB_LOOPS,
		   (evb_last % EVB_LOOPS) * 1000 / EVB_LOOPS);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(evb_result);

static int __init evb_init(void)
{
	evb_dir = debugfs_create_dir("evbench", NULL);
	debugfs_create_file("run", 0200, evb_dir, NULL, &evb_run_fops);
	debugfs_create_file("result", 0444, evb_dir, NULL, &evb_result_fops);
	return 0;
}

static void __exit evb_exit(void)
{
	debugfs_remove_recursive(evb_dir);
}

module_init(evb_init);
module_exit(evb_exit);
MODULE_DESCRIPTION("Enabled trace event cost benchmark");
MODULE_LICENSE("GPL");
