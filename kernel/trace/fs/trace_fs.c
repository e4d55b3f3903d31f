// SPDX-License-Identifier: GPL-2.0
/*
 * Where the trace core meets tracefs: the top directory and its old
 * debugfs alias, creating a file, and the open/release helpers every
 * tracefs file of an instance is built from.
 *
 * The top directory.  tracefs is mounted by user space at
 * /sys/kernel/tracing; the global instance's files live at the root of
 * that mount (a NULL parent for tracefs_create_file()).  Old tools look
 * in /sys/kernel/debug/tracing, so tracing_init_dentry() also leaves in
 * debugfs an automount point named "tracing" that mounts a tracefs
 * there the first time someone walks into it.  The dentry of that
 * automount point is what the global instance keeps in tr->dir: it only
 * says "the top directory exists"; tracing_get_dentry() turns it back
 * into the NULL parent.  Every other instance's tr->dir is its own
 * directory under instances/.
 *
 * Per-CPU files.  trace_dir_files.c, which creates them, stores CPU + 1
 * in the file inode's i_cdev, which tracefs leaves unused;
 * tracing_get_cpu() below reads it back, and a file without it is an
 * all-CPU file.
 *
 * The open/release helpers pair up as follows; each pair holds one
 * reference on the instance (trace_array_get()/put()) for the life of
 * the open file, so an instance cannot be removed under a reader
 * (rmdir of instances/NAME answers -EBUSY):
 *
 *   open                         release
 *   ---------------------------  -------------------------------------
 *   tracing_open_generic         (none: global files, no reference)
 *   tracing_open_generic_tr      tracing_release_generic_tr
 *
 * The files of an event, whose inode points at the event file (struct
 * trace_event_file), have their own pair that also holds the event
 * file: tracing_open_file_tr() and its releases, the event registry's
 * (trace_event_dirs.c).  Every open refuses with -ENODEV while tracing
 * is disabled for good, and with -EPERM under tracefs lockdown
 * (tracing_check_open_get_tr(), trace_instance.c).
 *
 * Contexts: process context only; tracing_init_dentry() at boot
 * (fs_initcall) before any instance file exists.  No lock of its own:
 * tr->dir of the global instance is written once, at boot, before the
 * tracefs files are created (and so before anything reads it).
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/ring_buffer.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/tracefs.h>

#include "instance/trace_array.h"
#include "trace_fs.h"
#include "trace_records.h"
#include "write/trace_write.h"

/* tracefs mounted on the debugfs "tracing" directory when first walked. */
static struct vfsmount *trace_debugfs_automount(struct dentry *where,
						void *unused)
{
	struct file_system_type *fst = get_fs_type("tracefs");
	struct vfsmount *mnt = NULL;

	if (fst) {
		mnt = vfs_submount(where, fst, "tracefs", NULL);
		put_filesystem(fst);
	}
	/* The automount code drops one reference when it expires it. */
	return IS_ERR_OR_NULL(mnt) ? NULL : mntget(mnt);
}

/*
 * The global instance's top directory: tracefs' root, plus the debugfs
 * automount point for older tools.  Even if debugfs is absent or the
 * automount cannot be made, the top directory exists; tr->dir keeps
 * whatever came back, so that the next caller does not retry.
 */
static int trace_top_dir_create(struct trace_array *top)
{
	if (WARN_ON(!tracefs_initialized()))
		return -ENODEV;
	top->dir = debugfs_create_automount("tracing", NULL,
					    trace_debugfs_automount, NULL);
	return 0;
}

/**
 * tracing_init_dentry - make sure the top tracing directory exists
 *
 * Called by every boot-time creator of tracefs files (fs_initcall and
 * later) before it creates them at the top.  The first call also sets
 * up the debugfs/tracing automount for older tools.
 *
 * Return: 0 when files may be created at the top (NULL parent), -EPERM
 * under tracefs lockdown, -ENODEV if tracefs failed to initialise.
 */
int tracing_init_dentry(void)
{
	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Tracing disabled due to lockdown\n");
		return -EPERM;
	}
	return global_trace.dir ? 0 : trace_top_dir_create(&global_trace);
}

/**
 * trace_create_file - create a tracefs file, warn if that failed
 * @name: the file's name
 * @mode: its permissions (TRACE_MODE_READ or TRACE_MODE_WRITE)
 * @parent: the directory; NULL for the top
 * @data: what the file's inode->i_private points to
 * @fops: its operations
 *
 * Return: the new dentry, or NULL (and a warning naming the file).
 */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *dentry = tracefs_create_file(name, mode, parent, data,
						    fops);

	if (dentry)
		return dentry;
	pr_warn("Could not create tracefs '%s' entry\n", name);
	return NULL;
}

/**
 * tracing_get_dentry - the directory an instance's files are created in
 * @tr: the instance
 *
 * Return: NULL for the global instance (tracefs' root), the instance's
 * directory otherwise, ERR_PTR(-ENODEV) if it has none yet.
 */
struct dentry *tracing_get_dentry(struct trace_array *tr)
{
	if (WARN_ON(!tr->dir))
		return ERR_PTR(-ENODEV);

	return (tr->flags & TRACE_ARRAY_FL_GLOBAL) ? NULL : tr->dir;
}

/**
 * tracing_dentry_percpu - an instance's per_cpu directory
 * @tr: the instance
 * @cpu: the CPU whose files are about to be created (for the warning)
 *
 * Creates per_cpu/ on first use (under trace_types_lock or at boot, as
 * every creator of an instance's files is).
 *
 * Return: the directory, or NULL if it could not be created.
 */
struct dentry *tracing_dentry_percpu(struct trace_array *tr, int cpu)
{
	struct dentry *parent;

	if (tr->percpu_dir)
		return tr->percpu_dir;

	/* Without a parent it stays NULL, quietly. */
	parent = tracing_get_dentry(tr);
	if (!IS_ERR(parent)) {
		tr->percpu_dir = tracefs_create_dir("per_cpu", parent);
		MEM_FAIL(!tr->percpu_dir,
			 "Could not create tracefs directory 'per_cpu/%d'\n",
			 cpu);
	}
	return tr->percpu_dir;
}

/**
 * tracing_get_cpu - the CPU a tracefs file is about
 * @inode: the file's inode
 *
 * Return: the CPU of a per_cpu/cpuN file (trace_create_cpu_file() put
 * it in i_cdev, plus one), RING_BUFFER_ALL_CPUS for any other file.
 * Valid once the file is open: i_cdev is written before the file can
 * be looked up.
 */
int tracing_get_cpu(struct inode *inode)
{
	long cpu_plus_one = (long)inode->i_cdev;

	return cpu_plus_one ? cpu_plus_one - 1 : RING_BUFFER_ALL_CPUS;
}

/**
 * tracing_is_disabled - has tracing been turned off for good?
 *
 * True before the buffers exist and after tracing broke (a failed
 * allocation, a ring buffer that detected corruption).
 */
bool tracing_is_disabled(void)
{
	return tracing_disabled != 0;
}

/**
 * tracing_open_generic - open a global file that keeps no instance
 * @inode: the file's inode; i_private becomes the file's private_data
 * @filp: the file
 *
 * Return: 0, -ENODEV if tracing is disabled, -EPERM under lockdown.
 */
int tracing_open_generic(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (!ret)
		filp->private_data = inode->i_private;
	return ret;
}

/**
 * tracing_open_generic_tr - open an instance's file
 * @inode: the file's inode; i_private is the instance
 * @filp: the file; private_data becomes the instance
 *
 * Holds a reference on the instance until tracing_release_generic_tr()
 * (or the single/seq variants).
 *
 * Return: 0, -ENODEV if tracing is disabled or the instance is gone,
 * -EPERM under lockdown.
 */
int tracing_open_generic_tr(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(inode->i_private);

	if (!ret)
		filp->private_data = inode->i_private;
	return ret;
}

/**
 * tracing_release_generic_tr - release of tracing_open_generic_tr()
 * @inode: the file's inode
 * @filp: the file
 */
int tracing_release_generic_tr(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	trace_array_put(tr);
	return 0;
}

/**
 * tracing_lseek - llseek of the files read through a seq_file and
 * written directly (trace, snapshot)
 * @file: the file
 * @offset: as for llseek
 * @whence: as for llseek
 *
 * A write-only open has no seq_file to seek in: its position is 0.
 */
loff_t tracing_lseek(struct file *file, loff_t offset, int whence)
{
	if (!(file->f_mode & FMODE_READ)) {
		file->f_pos = 0;
		return 0;
	}
	return seq_lseek(file, offset, whence);
}

