// SPDX-License-Identifier: GPL-2.0
/*
 * kpbench.c - the cost of one hit of a probe on kpb_target(), whatever
 * is probing it.  bench/kprobes.c defines kprobe events on it through
 * tracefs and reads the files below between changes.
 *
 * debugfs kpbench/call: reading it times KPB_LOOPS calls of
 * kpb_target(), a noinline function with a patch site, interrupts off,
 * best of KPB_ROUNDS rounds, in nanoseconds per call with three decimals
 * (under QEMU -icount, instructions).  kpbench/raw_entry and
 * kpbench/raw_mid do the same with a kprobe of this module's own, whose
 * handler does nothing, on the function's entry (through ftrace) and on
 * its second instruction (int3): the kprobes core's part of a hit.
 */
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/seq_file.h>

#define KPB_LOOPS	20000
#define KPB_ROUNDS	3
/* The second instruction: after the 5-byte patch site. */
#define KPB_MID		5

struct kpb_obj {
	unsigned long	a;
	unsigned long	b;
};

static struct kpb_obj kpb_data = { .a = 1, .b = 2 };
static const char kpb_name[] = "kpbench-string";
static unsigned long kpb_sink;
static struct dentry *kpb_dir;

noinline unsigned long kpb_target(struct kpb_obj *o, const char *s,
				  unsigned long n)
{
	kpb_sink += n;
	return o->a + s[0];
}
EXPORT_SYMBOL_GPL(kpb_target);

static u64 kpb_time(void)
{
	u64 best = U64_MAX, t;
	unsigned long flags, i;
	int r;

	for (r = 0; r < KPB_ROUNDS; r++) {
		local_irq_save(flags);
		t = ktime_get_ns();
		for (i = 0; i < KPB_LOOPS; i++)
			kpb_target(&kpb_data, kpb_name, i);
		t = ktime_get_ns() - t;
		local_irq_restore(flags);
		best = min(best, t);
	}
	return best;
}

static void kpb_print(struct seq_file *m, u64 t)
{
	seq_printf(m, "%llu.%03llu\n", t / KPB_LOOPS,
		   (t % KPB_LOOPS) * 1000 / KPB_LOOPS);
}

static int kpb_call_show(struct seq_file *m, void *v)
{
	kpb_print(m, kpb_time());
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(kpb_call);

static int kpb_nothing(struct kprobe *kp, struct pt_regs *regs)
{
	return 0;
}

static int kpb_raw(struct seq_file *m, unsigned int offset)
{
	struct kprobe kp = {
		.symbol_name	= "kpb_target",
		.offset		= offset,
		.pre_handler	= kpb_nothing,
	};
	int ret = register_kprobe(&kp);

	if (ret)
		return ret;
	kpb_print(m, kpb_time());
	unregister_kprobe(&kp);
	return 0;
}

static int kpb_raw_entry_show(struct seq_file *m, void *v)
{
	return kpb_raw(m, 0);
}
DEFINE_SHOW_ATTRIBUTE(kpb_raw_entry);

static int kpb_raw_mid_show(struct seq_file *m, void *v)
{
	return kpb_raw(m, KPB_MID);
}
DEFINE_SHOW_ATTRIBUTE(kpb_raw_mid);

static int __init kpb_init(void)
{
	kpb_dir = debugfs_create_dir("kpbench", NULL);
	debugfs_create_file("call", 0444, kpb_dir, NULL, &kpb_call_fops);
	debugfs_create_file("raw_entry", 0444, kpb_dir, NULL,
			    &kpb_raw_entry_fops);
	debugfs_create_file("raw_mid", 0444, kpb_dir, NULL, &kpb_raw_mid_fops);
	return 0;
}

static void __exit kpb_exit(void)
{
	debugfs_remove_recursive(kpb_dir);
}

module_init(kpb_init);
module_exit(kpb_exit);
MODULE_DESCRIPTION("kprobe event hit cost benchmark");
MODULE_LICENSE("GPL");
