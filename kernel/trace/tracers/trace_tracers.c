// SPDX-License-Identifier: GPL-2.0
/*
 * Tracers: the registry, available_tracers, current_tracer, switching
 * an instance's tracer, the tracer given on the command line, and
 * tracing_thresh.
 *
 * A tracer (struct tracer, trace_tracer.h) is a built-in object registered
 * once at boot with register_tracer(); it is never unregistered.  The
 * list keeps the newest first, which is the order available_tracers
 * prints ("nop" last, being registered first).  Each
 * instance has one current tracer, "nop" until a write to its
 * current_tracer; an instance other than the global one may only use
 * tracers that allow instances.
 *
 * Switching (tracing_set_tracer()): the buffers are expanded first
 * (the first use of tracing), then under trace_types_lock the old
 * tracer is reset, the instance runs "nop" while the snapshot buffer is
 * armed or released for the new one, and the new tracer's init runs.
 * Refused with -EBUSY while a trace_pipe-like reader holds the instance
 * (tr->trace_ref) or a conditional snapshot is armed and the new
 * tracer needs the snapshot buffer; -EINVAL for an unknown name or one
 * the instance may not use.  If the new tracer fails to start, the
 * instance is left on "nop".
 *
 * tracing_thresh (top level only) is kept in nanoseconds and shown in
 * microseconds; the current tracer hears about a change through
 * ->update_thresh.
 *
 * Locks: trace_types_lock (trace_instance.c) covers the list, every instance's
 * current tracer and each tracer's enabled count.  Process context;
 * register_tracer() runs at boot only.
 */
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/time64.h>
#include <linux/trace.h>
#include <linux/uaccess.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "trace_opts.h"
#include "trace_pending.h"
#include "trace_tracer.h"

/* ftrace= on the command line; cleared once that tracer started. */
char *default_bootup_tracer;

/* tracing_thresh in ns (0: off), for the latency tracers. */
unsigned long __read_mostly tracing_thresh;

/* Registered tracers, newest first; trace_types_lock. */
static struct tracer *tracer_list __read_mostly;

struct tracer *trace_tracers_first(void)
{
	lockdep_assert_held(&trace_types_lock);
	return tracer_list;
}

/* What a tracer without options of its own points at. */
static struct tracer_opt tracer_no_opts[] = { { } };
static struct tracer_flags tracer_no_flags = { .opts = tracer_no_opts };

static int tracer_accept_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			      int set)
{
	return 0;
}

bool trace_ok_for_array(struct tracer *t, struct trace_array *tr)
{
#ifdef CONFIG_TRACER_SNAPSHOT
	/* An instance on reserved memory has no snapshot buffer. */
	if (tr->range_addr_start && t->use_max_tr)
		return false;
#endif
	return (tr->flags & TRACE_ARRAY_FL_GLOBAL) || t->allow_instances;
}

static struct tracer *tracer_find(const char *name)
{
	struct tracer *t;

	for (t = tracer_list; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * register_tracer - make a tracer available to current_tracer
 * @type: the tracer; it must stay for good
 *
 * A tracer without option table or set_flag op gets defaults.  If the
 * command line named it (ftrace=NAME), the global instance switches to
 * it now and the trace_options= list is applied again, its options
 * being known only now.  Returns 0, -EINVAL (no name), -ENAMETOOLONG,
 * -EPERM (lockdown) or -EEXIST.
 */
int __init register_tracer(struct tracer *type)
{
	if (!type->name) {
		pr_info("tracer without a name not registered\n");
		return -EINVAL;
	}
	if (strlen(type->name) >= MAX_TRACER_SIZE) {
		pr_info("tracer name %s too long (%d bytes at most)\n",
			type->name, MAX_TRACER_SIZE - 1);
		return -ENAMETOOLONG;
	}
	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("tracer %s not registered: tracefs is locked down\n",
			type->name);
		return -EPERM;
	}

	scoped_guard(mutex, &trace_types_lock) {
		if (tracer_find(type->name)) {
			pr_info("tracer %s is registered already\n",
				type->name);
			return -EEXIST;
		}
		if (!type->set_flag)
			type->set_flag = tracer_accept_flag;
		if (!type->flags)
			type->flags = &tracer_no_flags;
		else if (!type->flags->opts)
			type->flags->opts = tracer_no_opts;
		if (type->flags != &tracer_no_flags)
			type->flags->trace = type;
		type->next = tracer_list;
		tracer_list = type;
		add_tracer_options(&global_trace, type);
	}

	if (!default_bootup_tracer ||
	    strncmp(default_bootup_tracer, type->name, MAX_TRACER_SIZE))
		return 0;
	pr_info("Starting tracer '%s'\n", type->name);
	tracing_set_tracer(&global_trace, type->name);
	default_bootup_tracer = NULL;
	apply_trace_boot_options();
	return 0;
}

/* ftrace= named a tracer that never registered: forget the name. */
void __init clear_boot_tracer(void)
{
	if (!default_bootup_tracer)
		return;
	pr_info("ftrace bootup tracer '%s' not registered.\n",
		default_bootup_tracer);
	default_bootup_tracer = NULL;
}

int tracer_init(struct tracer *t, struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
	return t->init(tr);
}

/* Stop @tr's tracer and leave it on nop; trace_types_lock held. */
static void tracer_stop_current(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	tr->current_trace->enabled--;
	if (tr->current_trace->reset)
		tr->current_trace->reset(tr);
	tr->current_trace = &nop_trace;
}

/* Make nop current; trace_types_lock held. */
void tracing_set_nop(struct trace_array *tr)
{
	if (tr->current_trace != &nop_trace)
		tracer_stop_current(tr);
}

/*
 * The current tracer of an instance other than the global one, as an
 * instance part (struct trace_instance_part): nop from creation on, so
 * that tr->current_trace is never NULL once the instance is listed, and
 * stopped (back to nop) before the instance's events go.
 */
static void tracer_part_init(struct trace_array *tr)
{
	tr->current_trace = &nop_trace;
}

static struct trace_instance_part tracer_part = {
	.name	= "tracer",
	.init	= tracer_part_init,
	.remove	= tracing_set_nop,
};

void __init trace_tracer_register_part(void)
{
	trace_instance_register_part(&tracer_part);
}

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * The snapshot buffer follows the tracer: released when the old one
 * used it and the new one does not, armed in the opposite case.
 * Runs with nop current, so update_max_tr() of the old tracer (irqs
 * off, hence the RCU grace period) no longer swaps.
 */
static int tracer_switch_max(struct trace_array *tr, bool had, bool wants)
{
	if (had && !wants) {
		synchronize_rcu();
		free_snapshot(tr);
		tracing_disarm_snapshot(tr);
	}
	if (!had && wants)
		return tracing_arm_snapshot_locked(tr);
	return 0;
}

static bool tracer_uses_max(struct tracer *t)
{
	return t->use_max_tr;
}
#else
static int tracer_switch_max(struct trace_array *tr, bool had, bool wants)
{
	return 0;
}

static bool tracer_uses_max(struct tracer *t)
{
	return false;
}
#endif

#ifdef CONFIG_TRACER_SNAPSHOT
/* A conditional snapshot owns the snapshot buffer while it is armed. */
static bool cond_snapshot_armed(struct trace_array *tr)
{
	bool armed;

	local_irq_disable();
	arch_spin_lock(&tr->max_lock);
	armed = tr->cond_snapshot;
	arch_spin_unlock(&tr->max_lock);
	local_irq_enable();
	return armed;
}
#else
static bool cond_snapshot_armed(struct trace_array *tr)
{
	return false;
}
#endif

/* May @tr switch to @t now?  trace_types_lock held. */
static int tracer_switch_check(struct trace_array *tr, struct tracer *t)
{
	/* A conditional snapshot keeps the buffer @t would swap with. */
	if (tracer_uses_max(t) && cond_snapshot_armed(tr))
		return -EBUSY;
	if (!trace_ok_for_array(t, tr))
		return -EINVAL;
	/* Open trace_pipe and raw readers hold the tracer in place. */
	return tr->trace_ref ? -EBUSY : 0;
}

/**
 * tracing_set_tracer - make @buf the current tracer of @tr
 * @tr: the instance
 * @buf: a tracer's name
 *
 * Returns 0 (also when @buf is current already, or is refused on the
 * command line), -EINVAL, -EBUSY, -ENOMEM or the tracer's init error.
 */
int tracing_set_tracer(struct trace_array *tr, const char *buf)
{
	bool had_max;
	struct tracer *t;
	int ret;

	/* First use of the instance: full-size buffers. */
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;

	guard(mutex)(&trace_types_lock);
	t = tracer_find(buf);
	if (!t)
		return -EINVAL;
	if (t == tr->current_trace)
		return 0;
	if (system_state < SYSTEM_RUNNING && t->noboot) {
		pr_warn("tracer %s cannot be started from the command line\n",
			t->name);
		return 0;
	}
	ret = tracer_switch_check(tr, t);
	if (ret)
		return ret;

	trace_branch_disable();
	had_max = tracer_uses_max(tr->current_trace);
	tracer_stop_current(tr);
	ret = tracer_switch_max(tr, had_max, tracer_uses_max(t));
	if (ret)
		return ret;
	if (t->init) {
		ret = tracer_init(t, tr);
		if (ret) {
			if (tracer_uses_max(t))
				tracing_disarm_snapshot(tr);
			return ret;
		}
	}
	tr->current_trace = t;
	t->enabled++;
	trace_branch_enable(tr);
	return 0;
}

/* available_tracers: the tracers @tr may use, on one line. */

static struct tracer *tracer_next_ok(struct trace_array *tr, struct tracer *t)
{
	while (t && !trace_ok_for_array(t, tr))
		t = t->next;
	return t;
}

static void *tracers_seq_start(struct seq_file *m, loff_t *pos)
{
	struct tracer *t;
	loff_t n;

	mutex_lock(&trace_types_lock);
	t = tracer_next_ok(m->private, tracer_list);
	for (n = 0; t && n < *pos; n++)
		t = tracer_next_ok(m->private, t->next);
	return t;
}

static void *tracers_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct tracer *t = v;

	++*pos;
	return tracer_next_ok(m->private, t->next);
}

static void tracers_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&trace_types_lock);
}

/*
 * Names are separated by a blank and the last one ends the line: "last"
 * is decided by the next tracer this instance may use, not the next one
 * on the list (options.rst).
 */
static int tracers_seq_show(struct seq_file *m, void *v)
{
	struct tracer *t = v;

	seq_puts(m, t->name);
	seq_putc(m, tracer_next_ok(m->private, t->next) ? ' ' : '\n');
	return 0;
}

static const struct seq_operations tracers_seq_ops = {
	.start	= tracers_seq_start,
	.next	= tracers_seq_next,
	.stop	= tracers_seq_stop,
	.show	= tracers_seq_show,
};

static int tracers_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = seq_open(filp, &tracers_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int tracers_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

/* Name kept: init_tracer_tracefs() (trace_dir_files.c) creates the file. */
const struct file_operations show_traces_fops = {
	.open		= tracers_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tracers_release,
};

/* current_tracer */

static ssize_t current_tracer_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char text[MAX_TRACER_SIZE + 2];
	int len;

	scoped_guard(mutex, &trace_types_lock)
		len = scnprintf(text, sizeof(text), "%s\n",
				tr->current_trace->name);
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

/* Longer writes are cut to MAX_TRACER_SIZE bytes but count as written. */
static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	size_t len = min_t(size_t, cnt, MAX_TRACER_SIZE);
	char text[MAX_TRACER_SIZE + 1];
	int ret;

	if (copy_from_user(text, ubuf, len))
		return -EFAULT;
	text[len] = '\0';
	ret = tracing_set_tracer(filp->private_data, strim(text));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* Name kept: init_tracer_tracefs() (trace_dir_files.c) creates the file. */
const struct file_operations set_tracer_fops = {
	.open		= tracing_open_generic_tr,
	.read		= current_tracer_read,
	.write		= current_tracer_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/*
 * The files that keep nanoseconds and show microseconds (tracing_thresh
 * here, tracing_max_latency in trace_maxlat.c).  ULONG_MAX reads back as
 * -1.  A write whose nanoseconds would not fit is refused with -ERANGE,
 * the errno of a number too big to parse (options.rst).
 */
ssize_t trace_usecs_read(unsigned long ns, char __user *ubuf, size_t cnt,
			 loff_t *ppos)
{
	char text[24];
	int len;

	if (ns == ULONG_MAX)
		len = scnprintf(text, sizeof(text), "-1\n");
	else
		len = scnprintf(text, sizeof(text), "%lu\n",
				nsecs_to_usecs(ns));
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

int trace_usecs_from_user(const char __user *ubuf, size_t cnt,
			  unsigned long *ns)
{
	unsigned long us;
	int ret = kstrtoul_from_user(ubuf, cnt, 10, &us);

	if (ret)
		return ret;
	if (check_mul_overflow(us, (unsigned long)NSEC_PER_USEC, ns))
		return -ERANGE;
	return 0;
}

static ssize_t thresh_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return trace_usecs_read(READ_ONCE(tracing_thresh), ubuf, cnt, ppos);
}

static ssize_t thresh_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long ns;
	int ret;

	ret = trace_usecs_from_user(ubuf, cnt, &ns);
	if (ret)
		return ret;

	guard(mutex)(&trace_types_lock);
	WRITE_ONCE(tracing_thresh, ns);
	if (tr->current_trace->update_thresh) {
		ret = tr->current_trace->update_thresh(tr);
		if (ret < 0)
			return ret;
	}
	return cnt;
}

/* Name kept: trace_dir_files.c creates tracing_thresh with it. */
const struct file_operations tracing_thresh_fops = {
	.open		= tracing_open_generic,
	.read		= thresh_read,
	.write		= thresh_write,
	.llseek		= generic_file_llseek,
};
