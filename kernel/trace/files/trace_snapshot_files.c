// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot files, over the snapshot buffer of trace_snapshot.c:
 * "snapshot" (every instance without a boot-mapped buffer, and
 * per_cpu/cpuN/snapshot) and per_cpu/cpuN/snapshot_raw.
 *
 * "snapshot" is the reader's "trace" file pointed at the snapshot
 * buffer (tr->max_buffer) when opened for reading; its write (below)
 * frees, takes or empties the snapshot, finding the instance and the
 * CPU in an iterator behind file->private_data, as a seq_file's
 * private.  A write-only open has no reader, so it gets a bare seq_file
 * and iterator holding just that (both freed at release).
 *
 * "snapshot_raw" is trace_pipe_raw (trace_raw_files.c) on the snapshot
 * buffer; refused (-EBUSY) while the current tracer uses the max buffer
 * for its own (latency tracers).
 *
 * Every open holds a reference on the instance until release (the
 * reader's open takes its own for readers).  Process context only; the
 * locks are the reader's (trace_reader.h), trace_types_lock around a
 * write, and tr->max_lock (interrupts off) to look at a conditional
 * snapshot.
 */
#include <linux/fs.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace.h>
#include <linux/uaccess.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "reader/trace_reader.h"
#include "tracers/trace_tracer.h"

#ifdef CONFIG_TRACER_SNAPSHOT
/* --- the write side ----------------------------------------------------- */

/* The per-CPU file's "1": runs on that CPU, by IPI. */
static void snapshot_swap_this_cpu(void *data)
{
	update_max_tr_single(data, current, smp_processor_id());
}

/*
 * "snapshot" and "per_cpu/cpuN/snapshot" take a number:
 *   0   free the snapshot (the top-level file only: -EINVAL per CPU);
 *   1   allocate if needed and swap (per CPU only with
 *       CONFIG_RING_BUFFER_ALLOW_SWAP, else -EINVAL);
 *   2+  empty the snapshot (all CPUs or the file's), keeping it.
 * -EBUSY while the tracer owns the max buffer, a conditional snapshot
 * is armed, or (for 1) the live buffer is mapped.  The open (below)
 * left a seq_file whose private iterator names the instance and CPU.
 */
static ssize_t snapshot_file_do(struct trace_array *tr, int cpu,
				unsigned long val)
{
	bool armed_cond;
	int ret;

	lockdep_assert_held(&trace_types_lock);

	if (tr->current_trace->use_max_tr)
		return -EBUSY;

	trace_max_lock_irq(tr);
	armed_cond = tr->cond_snapshot;
	trace_max_unlock_irq(tr);
	if (armed_cond)
		return -EBUSY;

	switch (val) {
	case 0:
		if (cpu != RING_BUFFER_ALL_CPUS)
			return -EINVAL;
		if (tr->allocated_snapshot)
			free_snapshot(tr);
		return 0;
	case 1:
		if (!IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP) &&
		    cpu != RING_BUFFER_ALL_CPUS)
			return -EINVAL;
		/* The live buffer may have been resized since. */
		if (tr->allocated_snapshot) {
			ret = resize_buffer_duplicate_size(&tr->max_buffer,
							   &tr->array_buffer,
							   cpu);
			if (ret < 0)
				return ret;
		}
		ret = tracing_arm_snapshot_locked(tr);
		if (ret)
			return ret;
		if (cpu == RING_BUFFER_ALL_CPUS) {
			local_irq_disable();
			update_max_tr(tr, current, smp_processor_id(), NULL);
			local_irq_enable();
		} else {
			smp_call_function_single(cpu, snapshot_swap_this_cpu,
						 tr, 1);
		}
		tracing_disarm_snapshot(tr);
		return 0;
	default:
		if (!tr->allocated_snapshot)
			return 0;
		if (cpu == RING_BUFFER_ALL_CPUS)
			tracing_reset_online_cpus(&tr->max_buffer);
		else
			tracing_reset_cpu(&tr->max_buffer, cpu);
		return 0;
	}
}

static ssize_t tracing_snapshot_write(struct file *filp,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	struct seq_file *seq = filp->private_data;
	struct trace_iterator *iter = seq->private;
	unsigned long val;
	ssize_t ret;

	/* Like any first use of tracing, this expands the live buffer. */
	ret = tracing_update_buffers(iter->tr);
	if (!ret)
		ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (!ret) {
		guard(mutex)(&trace_types_lock);
		ret = snapshot_file_do(iter->tr, iter->cpu_file, val);
	}
	if (ret < 0)
		return ret;

	*ppos += cnt;
	return cnt;
}

/* --- open and release ---------------------------------------------------- */

/* The write-only open: what tracing_snapshot_write() looks for. */
static int snapshot_open_write_only(struct inode *inode, struct file *file,
				    struct trace_array *tr)
{
	struct trace_iterator *iter;
	struct seq_file *m;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!m || !iter) {
		kfree(m);
		kfree(iter);
		return -ENOMEM;
	}

	iter->tr = tr;
	iter->array_buffer = &tr->max_buffer;
	iter->cpu_file = tracing_get_cpu(inode);
	m->private = iter;
	file->private_data = m;
	return 0;
}

static int tracing_snapshot_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;

	if (!(file->f_mode & FMODE_READ))
		ret = snapshot_open_write_only(inode, file, tr);
	else	/* The reader's "trace" open, on the snapshot buffer. */
		ret = PTR_ERR_OR_ZERO(__tracing_open(inode, file, true));

	if (ret)
		trace_array_put(tr);
	return ret;
}

static int tracing_snapshot_release(struct inode *inode, struct file *file)
{
	struct seq_file *stub = NULL;
	int ret;

	/* A reader's seq_file goes with it; a writer's stub is ours. */
	if (!(file->f_mode & FMODE_READ))
		stub = file->private_data;

	/* Drops the instance reference (and the reader, if any). */
	ret = tracing_release(inode, file);
	if (!stub)
		return ret;

	kfree(stub->private);
	kfree(stub);
	return 0;
}

static int snapshot_raw_open(struct inode *inode, struct file *filp)
{
	struct ftrace_buffer_info *info;
	/* Checks lockdown and takes the instance reference. */
	int ret = tracing_buffers_open(inode, filp);

	if (ret < 0)
		return ret;

	info = filp->private_data;
	if (!info->iter.trace->use_max_tr) {
		info->iter.array_buffer = &info->iter.tr->max_buffer;
		info->iter.snapshot = true;
		return ret;
	}

	/* A latency tracer keeps its own maximum there. */
	tracing_buffers_release(inode, filp);
	return -EBUSY;
}

const struct file_operations snapshot_fops = {
	.open		= tracing_snapshot_open,
	.read		= seq_read,
	.write		= tracing_snapshot_write,
	.llseek		= tracing_lseek,
	.release	= tracing_snapshot_release,
};

const struct file_operations snapshot_raw_fops = {
	.open		= snapshot_raw_open,
	.read		= tracing_buffers_read,
	.release	= tracing_buffers_release,
	.splice_read	= tracing_buffers_splice_read,
};
#endif /* CONFIG_TRACER_SNAPSHOT */
