// SPDX-License-Identifier: GPL-2.0
/*
 * pathmod.c - one ring buffer write at a time, for pathstep.sh to
 * single-step.  Only <linux/ring_buffer.h> is used, so the module builds
 * against both kernels compared.
 *
 * Writing "LEN COUNT" to debugfs pathmod/run makes COUNT calls of
 * pm_write() on a 1 MiB overwrite buffer, each one reserve, a LEN-byte
 * copy and a commit, interrupts off; for LEN above 512, COUNT calls of
 * pm_write3(), three of them.  The stepper breaks in a call well
 * past the first (the ring is then in its steady state: mid sub-buffer,
 * previous record written by the same context) and counts what it runs.
 */
#include <linux/ring_buffer.h>
#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/sizes.h>

static struct trace_buffer *pm_buf;
static struct dentry *pm_dir;
static u8 pm_payload[1024];

noinline void pm_write(unsigned int len)
{
	struct ring_buffer_event *ev;

	ev = ring_buffer_lock_reserve(pm_buf, len);
	if (ev) {
		memcpy(ring_buffer_event_data(ev), pm_payload, len);
		ring_buffer_unlock_commit(pm_buf);
	}
}

/* Three writes: with 1 KiB records, one of every three moves the tail. */
noinline void pm_write3(unsigned int len)
{
	pm_write(len);
	pm_write(len);
	pm_write(len);
}

static ssize_t pm_run_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	unsigned int len, count, i;
	unsigned long flags;
	char buf[32];

	if (cnt >= sizeof(buf) || copy_from_user(buf, ubuf, cnt))
		return -EINVAL;
	buf[cnt] = '\0';
	if (sscanf(buf, "%u %u", &len, &count) != 2 ||
	    len > sizeof(pm_payload))
		return -EINVAL;
	for (i = 0; i < count; i++) {
		local_irq_save(flags);
		if (len > 512)
			pm_write3(len);
		else
			pm_write(len);
		local_irq_restore(flags);
	}
	return cnt;
}

static const struct file_operations pm_run_fops = {
	.write = pm_run_write,
};

static int __init pm_init(void)
{
	pm_buf = ring_buffer_alloc(SZ_1M, RB_FL_OVERWRITE);
	if (!pm_buf)
		return -ENOMEM;
	pm_dir = debugfs_create_dir("pathmod", NULL);
	debugfs_create_file("run", 0200, pm_dir, NULL, &pm_run_fops);
	return 0;
}

static void __exit pm_exit(void)
{
	debugfs_remove_recursive(pm_dir);
	ring_buffer_free(pm_buf);
}

module_init(pm_init);
module_exit(pm_exit);
MODULE_DESCRIPTION("One ring buffer write at a time, for pathstep.sh");
MODULE_LICENSE("GPL");
