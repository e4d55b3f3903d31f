// SPDX-License-Identifier: GPL-2.0
/*
 * ftbench.c - the cost of one call of a traced function, whatever the
 * function tracer has made of its patch site.  bench/function.c sets the
 * tracer up through tracefs (filters, pid filter, instances) and reads
 * the files below between changes.
 *
 * debugfs ftbench/site: reading it times FTB_LOOPS calls of ftb_target(),
 * an empty noinline function with a patch site (the module is built with
 * the kernel's fentry flags), interrupts off, best of FTB_ROUNDS rounds,
 * and gives nanoseconds per call with three decimals (under QEMU -icount,
 * instructions in disguise).  ftbench/nosite does the same for an
 * identical notrace function: the loop without any site.  ftb_other() is
 * never called; a filter naming it leaves ftb_target()'s site a NOP.
 */
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/seq_file.h>

#define FTB_LOOPS	100000
#define FTB_ROUNDS	3

static unsigned long ftb_sink;
static struct dentry *ftb_dir;

noinline void ftb_target(unsigned long v)
{
	barrier();
}
EXPORT_SYMBOL_GPL(ftb_target);

noinline void ftb_other(unsigned long v)
{
	ftb_sink += v;
}
EXPORT_SYMBOL_GPL(ftb_other);

static noinline notrace void ftb_no_site(unsigned long v)
{
	barrier();
}

static u64 ftb_time(void (*fn)(unsigned long))
{
	u64 best = U64_MAX, t;
	unsigned long flags, i;
	int r;

	for (r = 0; r < FTB_ROUNDS; r++) {
		local_irq_save(flags);
		t = ktime_get_ns();
		for (i = 0; i < FTB_LOOPS; i++)
			fn(i);
		t = ktime_get_ns() - t;
		local_irq_restore(flags);
		best = min(best, t);
	}
	return best;
}

static void ftb_print(struct seq_file *m, u64 t)
{
	seq_printf(m, "%llu.%03llu\n", t / FTB_LOOPS,
		   (t % FTB_LOOPS) * 1000 / FTB_LOOPS);
}

static int ftb_site_show(struct seq_file *m, void *v)
{
	ftb_print(m, ftb_time(ftb_target));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ftb_site);

static int ftb_nosite_show(struct seq_file *m, void *v)
{
	ftb_print(m, ftb_time(ftb_no_site));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ftb_nosite);

static int __init ftb_init(void)
{
	ftb_dir = debugfs_create_dir("ftbench", NULL);
	debugfs_create_file("site", 0444, ftb_dir, NULL, &ftb_site_fops);
	debugfs_create_file("nosite", 0444, ftb_dir, NULL, &ftb_nosite_fops);
	return 0;
}

static void __exit ftb_exit(void)
{
	debugfs_remove_recursive(ftb_dir);
}

module_init(ftb_init);
module_exit(ftb_exit);
MODULE_DESCRIPTION("Function tracer call cost benchmark");
MODULE_LICENSE("GPL");
