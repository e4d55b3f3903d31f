/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers every tracefs file of kernel/trace uses (trace_fs.c): creating
 * a file, the directories an instance's files go in,
 * the open and release pairs that hold the instance (or the event file)
 * for as long as the file is open, a u64 file with bounds, and the
 * line-per-command writer of the dynamic event files; and the call that
 * creates an instance's files (trace_dir_files.c).
 *
 * Lifetime: the _tr opens take a reference on the instance (from
 * inode->i_private) that their release drops, so an instance with an
 * open file cannot be removed (-EBUSY).  (The files of an event have
 * their own pair, tracing_open_file_tr(), in trace_event.h.)  All of
 * it runs in process context; the opens take trace_types_lock briefly.
 */
#ifndef _KERNEL_TRACE_FS_H
#define _KERNEL_TRACE_FS_H

#include <linux/fs.h>
#include <linux/types.h>

struct dentry;
struct mutex;
struct trace_array;

/* Modes of the files: writable by root, readable by root's group too. */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
/* Make sure tracefs is up (0) before creating top-level files. */
int tracing_init_dentry(void);

/*
 * Where an instance's files go: its directory (NULL for the top of
 * tracefs, ERR_PTR(-ENODEV) before it has one) and its per_cpu/
 * directory, made on first use (NULL if that failed).  Called under
 * trace_types_lock or at boot, like every creator of an instance's files.
 */
struct dentry *tracing_get_dentry(struct trace_array *tr);
struct dentry *tracing_dentry_percpu(struct trace_array *tr, int cpu);

/*
 * The CPU of a per_cpu/cpuN file (kept in its inode), or
 * RING_BUFFER_ALL_CPUS for any other file.
 */
int tracing_get_cpu(struct inode *inode);

/* Populate @tr's directory @d_tracer (NULL: the top of tracefs). */
void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer);
/* Boot: the files' instance part (struct trace_instance_part). */
void trace_dir_files_register_part(void);

/* A file of an instance: the open holds inode->i_private's instance. */
int tracing_open_generic_tr(struct inode *inode, struct file *filp);
int tracing_release_generic_tr(struct inode *inode, struct file *file);

/* A file that holds nothing (the lockdown check only). */
int tracing_open_generic(struct inode *inode, struct file *filp);

/* llseek of the seq_file-backed files that are also written. */
loff_t tracing_lseek(struct file *file, loff_t offset, int whence);

/*
 * A u64 in a file (trace_min_max_fops, i_private points to one of
 * these): a write outside [*@min, *@max] (a NULL bound is no bound) is
 * -EINVAL; the store is under @lock if there is one.
 */
struct trace_min_max_param {
	u64		*val;
	u64		*min;
	u64		*max;
	struct mutex	*lock;	/* the writer's, or NULL */
};

/* Room for a u64 in decimal, its newline and NUL. */
#define U64_STR_SIZE		24

extern const struct file_operations trace_min_max_fops;

/*
 * Apply each line of a write with @createfn (kprobe_events and the
 * other command files; truncating opens are the caller's business).
 */
ssize_t trace_parse_run_command(struct file *file, const char __user *buffer,
				size_t count, loff_t *ppos,
				int (*createfn)(const char *));

#endif /* _KERNEL_TRACE_FS_H */
