// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot files' open and release, and their operations tables:
 * "snapshot" (every instance without a boot-mapped buffer, and
 * per_cpu/cpuN/snapshot) and per_cpu/cpuN/snapshot_raw.
 *
 * "snapshot" is the reader's "trace" file pointed at the snapshot
 * buffer (tr->max_buffer) when opened for reading; its write is
 * trace_snapshot.c's tracing_snapshot_write(), which finds the instance
 * and the CPU in an iterator behind file->private_data, as a seq_file's
 * private.  A write-only open has no reader, so it gets a bare seq_file
 * and iterator holding just that (both freed at release).
 *
 * "snapshot_raw" is trace_pipe_raw (trace_raw_files.c) on the snapshot
 * buffer; refused (-EBUSY) while the current tracer uses the max buffer
 * for its own (latency tracers).
 *
 * Every open holds a reference on the instance until release (the
 * reader's open takes its own for readers).  Process context only; the
 * locks are the reader's (trace_reader.h) and trace_types_lock inside
 * the calls made here.
 */
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"

#ifdef CONFIG_TRACER_SNAPSHOT
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
