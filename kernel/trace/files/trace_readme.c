// SPDX-License-Identifier: GPL-2.0
/*
 * README: the help text at the top of tracefs, assembled from parts.
 *
 * Each capability that is built registers the part of the text that
 * describes it (trace_readme_add()), with a rank that places it; the
 * file prints the parts in rank order, registration order among equal
 * ranks.  So README describes exactly what this kernel has, and the
 * text of a capability comes and goes with its code.
 *
 * That matters beyond politeness: ftracetest decides whether a case
 * can run by grepping README for fixed strings (its "requires:
 * ...:README" lines).  A string present without its feature turns an
 * UNSUPPORTED case into a FAIL, a missing one a PASS into UNSUPPORTED.
 * Those strings must be exact; each appears
 * once, marked with a comment.  Today's core has one: the tracefs mount
 * option "[gid=<gid>]" (00basic/mount_options.tc, test_ownership.tc).
 * The function tracer, probes, histograms and synthetic events bring
 * theirs back with their own parts when they return.
 *
 * The parts of the trace core are defined here and registered at
 * core_initcall time, each only when the code it describes is built.
 *
 * Locks: readme_lock (a mutex) covers the list; parts are added in
 * process context, never removed (built-in capabilities only).
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>

#include "instance/trace_array.h"
#include "tracers/trace_opts.h"

/* readme_lock: readme_parts; taken alone, process context. */
static DEFINE_MUTEX(readme_lock);
static LIST_HEAD(readme_parts);

/**
 * trace_readme_add - add a part to README
 * @part: static part; its rank and text must be set, and it must stay
 *
 * Parts print in rank order (enum trace_readme_rank).
 */
void trace_readme_add(struct trace_readme_part *part)
{
	struct trace_readme_part *pos;

	guard(mutex)(&readme_lock);
	list_for_each_entry(pos, &readme_parts, node) {
		if (pos->rank > part->rank) {
			list_add_tail(&part->node, &pos->node);
			return;
		}
	}
	list_add_tail(&part->node, &readme_parts);
}

void trace_readme_show(struct seq_file *m)
{
	struct trace_readme_part *part;

	guard(mutex)(&readme_lock);
	list_for_each_entry(part, &readme_parts, node)
		seq_puts(m, part->text);
}

static int readme_show(struct seq_file *m, void *v)
{
	trace_readme_show(m);
	return 0;
}

static int readme_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return single_open(filp, readme_show, NULL);
}

/* Name kept: trace_dir_files.c creates README with it. */
const struct file_operations tracing_readme_fops = {
	.open		= readme_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* The parts of the trace core. */

static struct trace_readme_part readme_intro = {
	.rank = TRACE_README_INTRO,
	.text =
	"A quick guide to this directory (tracefs).\n\n"
	"Files are readable and writable by their owner and group only.\n"
	"To give a group access, name it when mounting tracefs:\n"
	/* Forced: 00basic/mount_options.tc greps "[gid=<gid>]". */
	"\t mount -t tracefs [-o [gid=<gid>]] nodev /sys/kernel/tracing\n\n"
	"Stop and restart recording: echo 0 > tracing_on; echo 1 > tracing_on\n\n",
};

static struct trace_readme_part readme_files = {
	.rank = TRACE_README_FILES,
	.text =
	"Files of every instance (this directory and instances/NAME):\n"
	"  trace\t\t\t- the buffer as text, oldest record first;\n"
	"\t\t\t  open it for writing with truncation to empty it: echo > trace\n"
	"  trace_pipe\t\t- the same, consumed as it is read; waits for more\n"
	"  tracing_on\t\t- 1 records, 0 stops recording\n"
	"  current_tracer\t- the tracer of this instance; write a name to switch\n"
	"  available_tracers\t- the tracers current_tracer accepts here\n"
	"  trace_options\t\t- one option per line, \"no\" before those that are off;\n"
	"\t\t\t  write NAME to turn one on, noNAME to turn it off\n"
	"  options/\t\t- the same options, one file each, 0 or 1\n"
	"  buffer_size_kb\t- size of each CPU's buffer in KiB (read or set)\n"
	"  buffer_total_size_kb\t- the sizes of all CPUs together\n"
	"  buffer_subbuf_size_kb\t- size of one sub-buffer, the largest record\n"
	"  buffer_percent\t- how full a buffer gets before raw readers wake up\n"
	"  free_buffer\t\t- closing it shrinks the buffer to nothing\n"
	"  trace_clock\t\t- the clock of the time stamps; reading it lists the\n"
	"\t\t\t  clocks, the one in use between brackets\n"
	"  timestamp_mode\t- delta (to the previous record) or absolute stamps\n"
	"  tracing_cpumask\t- hex mask of the CPUs that record\n"
	"  trace_marker\t\t- text written here becomes a record\n"
	"  trace_marker_raw\t- binary written here becomes a record: a 4-byte id\n"
	"\t\t\t  then the payload\n"
	"  error_log\t\t- why the last refused commands were refused\n"
	"  set_event\t\t- enabled events as SYSTEM:EVENT; write to add one,\n"
	"\t\t\t  with '!' before it to remove one\n"
	"  set_event_pid\t\t- record events of these pids only\n"
	"  set_event_notrace_pid\t- never record events of these pids\n"
	"  per_cpu/cpuN/\t\t- trace, trace_pipe, trace_pipe_raw, stats and\n"
	"\t\t\t  buffer_size_kb of one CPU\n",
};

static struct trace_readme_part readme_top_files = {
	.rank = TRACE_README_TOP,
	.text =
	"\nFiles of this directory only:\n"
	"  instances/\t\t- mkdir instances/NAME makes an instance with its own\n"
	"\t\t\t  buffer, events and options; rmdir removes it\n"
	"  saved_cmdlines\t- the task names remembered for recorded pids\n"
	"  saved_cmdlines_size\t- how many names are remembered\n"
	"  saved_tgids\t\t- the thread group of recorded pids (option record-tgid)\n"
	"  printk_formats\t- the formats of trace_printk() calls\n"
	"  tracing_thresh\t- latency threshold of the latency tracers, in usecs\n\n",
};

static struct trace_readme_part readme_snapshot = {
	.rank = TRACE_README_SNAPSHOT,
	.text =
	"  snapshot\t\t- a second buffer: echo 1 > snapshot swaps it with the\n"
	"\t\t\t  live one; reading it tells the rest\n",
};

static struct trace_readme_part readme_max_latency = {
	.rank = TRACE_README_SNAPSHOT,
	.text =
	"  tracing_max_latency\t- the largest latency a latency tracer saw, in usecs\n",
};

static struct trace_readme_part readme_events = {
	.rank = TRACE_README_EVENTS,
	.text =
	"Events (events/ of every instance):\n"
	"  events/enable\t\t\t- 1 enables every event, 0 disables them\n"
	"  events/SYSTEM/enable\t\t- the same for the events of one system\n"
	"  events/SYSTEM/filter\t\t- a filter for every event of the system\n"
	"  events/SYSTEM/EVENT/enable\t- 1 or 0 for one event\n"
	"  events/SYSTEM/EVENT/filter\t- record it only when the expression holds,\n"
	"\t\t\t\t  e.g. echo 'prev_pid == 1 && next_comm ~ \"sh*\"' > filter;\n"
	"\t\t\t\t  echo 0 > filter removes it\n"
	"  events/SYSTEM/EVENT/format\t- the layout of its records\n"
	"  events/SYSTEM/EVENT/trigger\t- commands run when it happens:\n"
	"\t    COMMAND[:COUNT] [if FILTER]\n"
	"\t    traceon, traceoff\t\tstart or stop recording\n"
	"\t    enable_event:SYSTEM:EVENT\tenable another event\n"
	"\t    disable_event:SYSTEM:EVENT\tdisable another event\n",
};

static struct trace_readme_part readme_stack_trigger = {
	.rank = TRACE_README_TRIGGERS,
	.text =
	"\t    stacktrace\t\t\trecord the kernel stack\n",
};

static struct trace_readme_part readme_snapshot_trigger = {
	.rank = TRACE_README_TRIGGERS,
	.text =
	"\t    snapshot\t\t\ttake a snapshot (see snapshot above)\n",
};

static struct trace_readme_part readme_trigger_tail = {
	.rank = TRACE_README_TRIGGERS_END,
	.text =
	"\t  With a COUNT the command runs that many times; with a filter\n"
	"\t  only when the record matches it.  Write '!COMMAND' (and ':0' if\n"
	"\t  it had a count) to remove it, e.g.\n"
	"\t    echo 'traceoff:3 if nr_rq > 1' > events/block/block_unplug/trigger\n"
	"\t    echo '!traceoff:0' > events/block/block_unplug/trigger\n",
};

static int __init trace_readme_init(void)
{
	trace_readme_add(&readme_intro);
	trace_readme_add(&readme_files);
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		trace_readme_add(&readme_snapshot);
	if (IS_ENABLED(CONFIG_TRACER_MAX_TRACE))
		trace_readme_add(&readme_max_latency);
	trace_readme_add(&readme_top_files);
	trace_readme_add(&readme_events);
	if (IS_ENABLED(CONFIG_STACKTRACE))
		trace_readme_add(&readme_stack_trigger);
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		trace_readme_add(&readme_snapshot_trigger);
	trace_readme_add(&readme_trigger_tail);
	return 0;
}
core_initcall(trace_readme_init);
