// SPDX-License-Identifier: GPL-2.0
/*
 * The files of a tracing directory: what every instance directory
 * holds (the global one at the top of tracefs included), what each of
 * its per_cpu/cpuN directories holds, and what only the top directory
 * holds; and the fs_initcall that populates the top directory.
 *
 * Each job owns its file operations (trace_buffer_files.c, the reader's
 * trace_text_files.c and trace_raw_files.c, trace_opts.c, ...); this
 * file only decides which files exist where, with which mode, and in
 * which order they are created.  The order is an interface: a directory
 * lists in it.  Whether a file exists can depend on the instance
 * (a buffer mapped from boot memory has last_boot_info and buffer_meta
 * but no snapshot), which the rows say with a condition.
 *
 * Contexts: process context.  Instance directories are populated under
 * trace_types_lock (trace_instance.c); the top directory once, from the
 * eval-map workqueue or the initcall itself, before user space runs.
 */
#include <linux/fs.h>
#include <linux/tracefs.h>
#include <linux/workqueue.h>

#include "events/trace_eval.h"
#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "messages/trace_errlog.h"
#include "reader/trace_reader.h"
#include "trace_buffer_files.h"
#include "trace_pending.h"
#include "trace_records.h"
#include "tracers/trace_opts.h"
#include "tracers/trace_tracer.h"
#include "write/trace_write.h"

/* When a row's file exists. */
enum dir_file_when {
	DF_ALWAYS,
	DF_BOOT_MAPPED,		/* buffer in memory kept across boots */
	DF_NOT_BOOT_MAPPED,
};

struct dir_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
	enum dir_file_when		when;
	bool				no_instance;	/* i_private NULL */
};

static bool dir_file_wanted(struct trace_array *tr, enum dir_file_when when)
{
	switch (when) {
	case DF_BOOT_MAPPED:
		return tr->range_addr_start;
	case DF_NOT_BOOT_MAPPED:
		return !tr->range_addr_start;
	default:
		return true;
	}
}

/* per_cpu/cpuN of every instance. */
static const struct dir_file cpu_dir_files[] = {
	{ "trace_pipe",		TRACE_MODE_READ,  &tracing_pipe_fops },
	{ "trace",		TRACE_MODE_WRITE, &tracing_fops },
	{ "trace_pipe_raw",	TRACE_MODE_READ,  &tracing_buffers_fops },
	{ "stats",		TRACE_MODE_READ,  &tracing_stats_fops },
	{ "buffer_size_kb",	TRACE_MODE_WRITE, &tracing_entries_fops },
	{ "buffer_meta",	TRACE_MODE_READ,  &tracing_buffer_meta_fops,
	  DF_BOOT_MAPPED },
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "snapshot",		TRACE_MODE_WRITE, &snapshot_fops,
	  DF_NOT_BOOT_MAPPED },
	{ "snapshot_raw",	TRACE_MODE_READ,  &snapshot_raw_fops,
	  DF_NOT_BOOT_MAPPED },
#endif
};

/*
 * The first rows of every instance directory; the options directory,
 * the latency and function files and the rest follow them in
 * init_tracer_tracefs().
 */
static const struct dir_file instance_files[] = {
	{ "available_tracers",	TRACE_MODE_READ,  &show_traces_fops },
	{ "current_tracer",	TRACE_MODE_WRITE, &set_tracer_fops },
	{ "tracing_cpumask",	TRACE_MODE_WRITE, &tracing_cpumask_fops },
	{ "trace_options",	TRACE_MODE_WRITE, &tracing_iter_fops },
	{ "trace",		TRACE_MODE_WRITE, &tracing_fops },
	{ "trace_pipe",		TRACE_MODE_READ,  &tracing_pipe_fops },
	{ "buffer_size_kb",	TRACE_MODE_WRITE, &tracing_entries_fops },
	{ "buffer_total_size_kb", TRACE_MODE_READ, &tracing_total_entries_fops },
	{ "free_buffer",	0200,		  &tracing_free_buffer_fops },
	{ "trace_marker",	0220,		  &tracing_mark_fops },
	{ "trace_marker_raw",	0220,		  &tracing_mark_raw_fops },
	{ "trace_clock",	TRACE_MODE_WRITE, &trace_clock_fops },
	{ "tracing_on",		TRACE_MODE_WRITE, &rb_simple_fops },
	{ "timestamp_mode",	TRACE_MODE_READ,  &trace_time_stamp_mode_fops },
	{ "buffer_percent",	TRACE_MODE_WRITE, &buffer_percent_fops },
	{ "buffer_subbuf_size_kb", TRACE_MODE_WRITE, &buffer_subbuf_size_fops },
};

/* The last rows of every instance directory. */
static const struct dir_file instance_tail_files[] = {
	{ "last_boot_info",	TRACE_MODE_READ,  &last_boot_fops,
	  DF_BOOT_MAPPED },
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "snapshot",		TRACE_MODE_WRITE, &snapshot_fops,
	  DF_NOT_BOOT_MAPPED },
#endif
	{ "error_log",		TRACE_MODE_WRITE, &tracing_err_log_fops },
};

/* Only at the top: files of the whole tracing system. */
static const struct dir_file top_files[] = {
	{ "tracing_thresh",	TRACE_MODE_WRITE, &tracing_thresh_fops },
	{ "README",		TRACE_MODE_READ,  &tracing_readme_fops,
	  .no_instance = true },
	{ "saved_cmdlines",	TRACE_MODE_READ,  &tracing_saved_cmdlines_fops,
	  .no_instance = true },
	{ "saved_cmdlines_size", TRACE_MODE_WRITE,
	  &tracing_saved_cmdlines_size_fops, .no_instance = true },
	{ "saved_tgids",	TRACE_MODE_READ,  &tracing_saved_tgids_fops,
	  .no_instance = true },
};

/*
 * Create @n rows in @dir for @tr.  A per-CPU file carries its CPU in
 * the inode (cpu + 1, so 0 means "all CPUs": tracing_get_cpu()); @cpu
 * is -1 for the files of a whole directory.
 */
static void dir_files_create(struct trace_array *tr, struct dentry *dir,
			     const struct dir_file *rows, size_t n, long cpu)
{
	struct dentry *d;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!dir_file_wanted(tr, rows[i].when))
			continue;
		d = trace_create_file(rows[i].name, rows[i].mode, dir,
				      rows[i].no_instance ? NULL : tr,
				      rows[i].fops);
		if (d && cpu >= 0)
			d_inode(d)->i_cdev = (void *)(cpu + 1);
	}
}

static void cpu_dir_create(struct trace_array *tr, long cpu)
{
	struct dentry *percpu = tracing_dentry_percpu(tr, cpu);
	struct dentry *dir;
	char name[16];

	if (!percpu)
		return;
	snprintf(name, sizeof(name), "cpu%ld", cpu);
	dir = tracefs_create_dir(name, percpu);
	if (!dir) {
		pr_warn("Could not create tracefs '%s' entry\n", name);
		return;
	}
	dir_files_create(tr, dir, cpu_dir_files, ARRAY_SIZE(cpu_dir_files),
			 cpu);
}

/**
 * init_tracer_tracefs - populate an instance's directory
 * @tr: the instance
 * @dir: its directory (NULL: the top of tracefs)
 *
 * Also finds the instance's ftrace/print event file, which trace_marker
 * writes through, and sets buffer_percent's default.
 */
void init_tracer_tracefs(struct trace_array *tr, struct dentry *dir)
{
	int cpu;

	tr->trace_marker_file = __find_event_file(tr, "ftrace", "print");
	tr->buffer_percent = 50;
	dir_files_create(tr, dir, instance_files, ARRAY_SIZE(instance_files),
			 -1);

	create_trace_options_dir(tr);
	trace_create_maxlat_file(tr, dir);
	dir_files_create(tr, dir, instance_tail_files,
			 ARRAY_SIZE(instance_tail_files), -1);

	for_each_tracing_cpu(cpu)
		cpu_dir_create(tr, cpu);
}

/*
 * The files of an instance other than the global one, as an instance
 * part (struct trace_instance_part).  They go with the directory.
 */
static int dir_files_part_add(struct trace_array *tr)
{
	init_tracer_tracefs(tr, tr->dir);
	return 0;
}

static struct trace_instance_part dir_files_part = {
	.name	= "files",
	.add	= dir_files_part_add,
};

void __init trace_dir_files_register_part(void)
{
	trace_instance_register_part(&dir_files_part);
}

static struct work_struct top_dir_work __initdata;

/*
 * The top directory: the global instance's files, the events of every
 * built-in event call, the system-wide files, then instances/.  Runs
 * after the eval maps were applied when their workqueue exists, so the
 * format files are final when they appear.
 */
static __init void top_dir_populate(struct work_struct *work)
{
	if (tracing_disabled)
		return;

	event_trace_init();
	init_tracer_tracefs(&global_trace, NULL);
	dir_files_create(&global_trace, NULL, top_files,
			 ARRAY_SIZE(top_files), -1);
	trace_create_eval_file(NULL);
	create_trace_instances(NULL);
	update_tracer_options(&global_trace);
}

/*
 * fs_initcall: once tracefs is mounted (tracing_init_dentry()), the top
 * directory is filled from the eval-map workqueue if boot made one, so
 * this initcall does not wait for the maps, else right here.
 */
static __init int top_dir_init(void)
{
	trace_access_lock_init();
	if (tracing_init_dentry() != 0)
		return 0;

	if (!eval_map_wq) {
		top_dir_populate(NULL);
	} else {
		INIT_WORK(&top_dir_work, top_dir_populate);
		queue_work(eval_map_wq, &top_dir_work);
	}
	return rv_init_interface();
}
fs_initcall(top_dir_init);
