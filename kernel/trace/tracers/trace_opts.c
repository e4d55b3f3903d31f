// SPDX-License-Identifier: GPL-2.0
/*
 * Instance options: trace_options, the options/ directory, the effect
 * of each option, and the trace_options= boot parameter.
 *
 * Every instance has a trace_flags word; option N is bit N, named by
 * the TRACE_FLAGS list of trace_flags.h.  Three things are decided per
 * option, by the tables below, instead of by a chain of tests:
 *
 *   scope      "global only" options (trace_printk, printk-msg-only,
 *              record-cmd) have no file in an instance's options/,
 *              but an instance's trace_options lists and accepts them
 *              and their effect is global;
 *   heritage   a new instance copies the global instance's current
 *              word except event-fork, function-fork and
 *              trace_printk_dest, which rmdir turns off first so that
 *              their effect is undone (trace_instance.c reads
 *              trace_opt_not_inherited());
 *   effect     an apply hook runs before the bit flips and may refuse
 *              the change, in which case nothing changed.
 *
 * The current tracer may veto any change of a core option
 * (->flag_changed); a tracer option goes through the tracer's
 * ->set_flag, which may refuse it too.  A refused write fails with the
 * tracer's error for tracer options and -EINVAL for core options.
 *
 * Files: trace_options (every instance) shows each core option in bit
 * order as NAME or noNAME, then the current tracer's options; a write
 * of NAME or noNAME (64 bytes at most) sets one of either kind, core
 * options first.  options/NAME reads 0 or 1 and takes 0 or 1.  Each
 * file of options/ has its instance as private data and finds what it
 * controls from its own name: core option files through the option
 * table, tracer option files through the instance's tracer option
 * records (tr->topts), so nothing needs a pointer into an instance
 * that may be gone by the time the file is opened.
 *
 * Locks: trace_types_lock for trace_flags, tracer flags and tr->topts;
 * event_mutex first (event_mutex -> trace_types_lock) for every change
 * of a core option, because four of the hooks reach the event registry
 * (record-cmd, record-tgid, event-fork, trace_printk_dest).  Process
 * context only.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/ring_buffer.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "messages/trace_printk.h"
#include "trace_flags.h"
#include "trace_opts.h"
#include "trace_pending.h"
#include "trace_records.h"
#include "trace_tracer.h"

/* The names, each at its bit (TRACE_FLAGS, trace_flags.h). */
#undef C
#define C(a, b) [TRACE_ITER_##a##_BIT] = b
static const char * const trace_opt_names[] = { TRACE_FLAGS };
#undef C

/* Options kept by the global instance alone (no file elsewhere). */
#define OPTS_GLOBAL_ONLY	(TRACE_ITER_PRINTK |			\
				 TRACE_ITER_PRINTK_MSGONLY |		\
				 TRACE_ITER_RECORD_CMD)
/* Options a new instance does not inherit; rmdir turns them off. */
#define OPTS_NOT_INHERITED	(TRACE_ITER_EVENT_FORK |		\
				 TRACE_ITER_FUNC_FORK |			\
				 TRACE_ITER_TRACE_PRINTK)

const char *trace_opt_name(unsigned int bit)
{
	return bit < ARRAY_SIZE(trace_opt_names) ? trace_opt_names[bit] : NULL;
}

unsigned int trace_opt_count(void)
{
	return ARRAY_SIZE(trace_opt_names);
}

int trace_opt_lookup(const char *name)
{
	unsigned int bit;

	for (bit = 0; bit < ARRAY_SIZE(trace_opt_names); bit++)
		if (!strcmp(trace_opt_names[bit], name))
			return bit;
	return -EINVAL;
}

bool trace_opt_has_instance_file(unsigned int bit)
{
	return !(BIT(bit) & OPTS_GLOBAL_ONLY);
}

bool trace_opt_not_inherited(unsigned int bit)
{
	return BIT(bit) & OPTS_NOT_INHERITED;
}

int trace_opt_parse(const char *in, char *name, size_t size, bool *neg)
{
	size_t len;

	in = skip_spaces(in);
	len = strlen(in);
	while (len && isspace(in[len - 1]))
		len--;
	*neg = len > 2 && !strncmp(in, "no", 2);
	if (*neg) {
		in += 2;
		len -= 2;
	}
	if (!len || len >= size)
		return -EINVAL;
	memcpy(name, in, len);
	name[len] = '\0';
	return 0;
}

struct tracer_opt *trace_tracer_opt_find(struct tracer_flags *flags,
					 const char *name)
{
	struct tracer_opt *opt;

	if (!flags || !flags->opts)
		return NULL;
	for (opt = flags->opts; opt->name; opt++)
		if (!strcmp(opt->name, name))
			return opt;
	return NULL;
}

/* Effects of the options that do more than flip their bit. */

/*
 * trace_printk_dest: exactly one instance holds it, the one
 * trace_printk() writes to.  Setting it moves it; clearing it gives it
 * back to the global instance, which cannot clear it itself.
 */
static void printk_dest_move(struct trace_array *to)
{
	if (printk_trace == to)
		return;
	printk_trace->trace_flags &= ~TRACE_ITER_TRACE_PRINTK;
	printk_trace = to;
	to->trace_flags |= TRACE_ITER_TRACE_PRINTK;
}

static int opt_printk_dest(struct trace_array *tr, bool on)
{
	if (on) {
		printk_dest_move(tr);
		return 0;
	}
	if (printk_trace == &global_trace)
		return -EINVAL;
	if (printk_trace == tr)
		printk_dest_move(&global_trace);
	return 0;
}

static int opt_record_cmd(struct trace_array *tr, bool on)
{
	trace_event_enable_cmd_record(on);
	return 0;
}

static int opt_record_tgid(struct trace_array *tr, bool on)
{
	if (on && trace_alloc_tgid_map() < 0)
		return -ENOMEM;
	trace_event_enable_tgid_record(on);
	return 0;
}

static int opt_event_fork(struct trace_array *tr, bool on)
{
	trace_event_follow_fork(tr, on);
	return 0;
}

#ifdef CONFIG_FUNCTION_TRACER
/* Set by function tracing, which sits above (trace_opts.h). */
void (*trace_opts_function_fork)(struct trace_array *tr, bool on);

static int opt_function_fork(struct trace_array *tr, bool on)
{
	void (*follow)(struct trace_array *tr, bool on) =
		READ_ONCE(trace_opts_function_fork);

	if (follow)
		follow(tr, on);
	return 0;
}
#endif

/* The snapshot buffer keeps the live buffer's mode: they swap. */
static int opt_overwrite(struct trace_array *tr, bool on)
{
	ring_buffer_change_overwrite(tr->array_buffer.buffer, on);
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->max_buffer.buffer)
		ring_buffer_change_overwrite(tr->max_buffer.buffer, on);
#endif
	return 0;
}

static int opt_trace_printk(struct trace_array *tr, bool on)
{
	trace_printk_start_stop_comm(on);
	trace_printk_control(on);
	return 0;
}

typedef int (*trace_opt_apply_t)(struct trace_array *tr, bool on);

static const trace_opt_apply_t trace_opt_apply[] = {
	[TRACE_ITER_TRACE_PRINTK_BIT]	= opt_printk_dest,
	[TRACE_ITER_RECORD_CMD_BIT]	= opt_record_cmd,
	[TRACE_ITER_RECORD_TGID_BIT]	= opt_record_tgid,
	[TRACE_ITER_EVENT_FORK_BIT]	= opt_event_fork,
#ifdef CONFIG_FUNCTION_TRACER
	[TRACE_ITER_FUNC_FORK_BIT]	= opt_function_fork,
#endif
	[TRACE_ITER_OVERWRITE_BIT]	= opt_overwrite,
	[TRACE_ITER_PRINTK_BIT]		= opt_trace_printk,
};

/*
 * set_tracer_flag - turn core option @mask (one bit) on or off in @tr
 *
 * Caller holds event_mutex and trace_types_lock.  Returns 0 (also when
 * nothing changed), -EINVAL when the tracer vetoes the change or
 * trace_printk_dest is cleared on the global instance, -ENOMEM when
 * record-tgid cannot get its map.
 */
int set_tracer_flag(struct trace_array *tr, unsigned int mask, int enabled)
{
	unsigned int bit = __ffs(mask);
	int ret;

	lockdep_assert_held(&event_mutex);
	lockdep_assert_held(&trace_types_lock);

	if (!!(tr->trace_flags & mask) == !!enabled)
		return 0;
	if (tr->current_trace->flag_changed &&
	    tr->current_trace->flag_changed(tr, mask, !!enabled))
		return -EINVAL;
	if (bit < ARRAY_SIZE(trace_opt_apply) && trace_opt_apply[bit]) {
		ret = trace_opt_apply[bit](tr, !!enabled);
		if (ret)
			return ret;
	}
	if (enabled)
		tr->trace_flags |= mask;
	else
		tr->trace_flags &= ~mask;
	return 0;
}

/* Latency tracers refuse to run without overwrite (->flag_changed). */
int trace_keep_overwrite(struct tracer *tracer, u32 mask, int set)
{
	return tracer->enabled && (mask & TRACE_ITER_OVERWRITE) && !set ?
		-EINVAL : 0;
}

/* Tracer option @opt of @flags on or off; trace_types_lock held. */
static int tracer_opt_set(struct trace_array *tr, struct tracer_flags *flags,
			  struct tracer_opt *opt, bool on)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	ret = flags->trace->set_flag(tr, flags->val, opt->bit, on);
	if (ret)
		return ret;
	if (on)
		flags->val |= opt->bit;
	else
		flags->val &= ~opt->bit;
	return 0;
}

/**
 * trace_set_options - apply one trace_options word to an instance
 * @tr: the instance
 * @option: "NAME" or "noNAME", blanks around it allowed; not modified
 *
 * Core options first, then the current tracer's.  Takes event_mutex
 * and trace_types_lock.  Returns 0 or a negative errno (-EINVAL for an
 * unknown name).
 */
int trace_set_options(struct trace_array *tr, char *option)
{
	struct tracer_flags *flags;
	char name[TRACE_OPTS_WRITE_MAX];
	struct tracer_opt *opt;
	bool neg;
	int ret;

	ret = trace_opt_parse(option, name, sizeof(name), &neg);
	if (ret)
		return ret;

	guard(mutex)(&event_mutex);
	guard(mutex)(&trace_types_lock);
	ret = trace_opt_lookup(name);
	if (ret >= 0)
		return set_tracer_flag(tr, BIT(ret), !neg);
	flags = tr->current_trace->flags;
	opt = trace_tracer_opt_find(flags, name);
	return opt ? tracer_opt_set(tr, flags, opt, !neg) : -EINVAL;
}

/*
 * trace_options= on the command line: a comma-separated list applied
 * to the global instance when the buffers exist, and again when the
 * boot tracer registers (its own options are only known then).  The
 * boot buffer is left as it was, so it can be walked twice.
 */
static char trace_boot_options_buf[MAX_TRACER_SIZE] __initdata;

/**
 * trace_set_boot_options - keep the text of trace_options=
 * @str: the parameter's value (truncated to MAX_TRACER_SIZE - 1)
 *
 * Called by the boot parameter's handler (trace_bootparams.c).
 */
void __init trace_set_boot_options(const char *str)
{
	strscpy(trace_boot_options_buf, str, sizeof(trace_boot_options_buf));
}

void __init apply_trace_boot_options(void)
{
	const char *p = trace_boot_options_buf;
	char word[TRACE_OPTS_WRITE_MAX];

	while (*p) {
		size_t len = strcspn(p, ",");

		if (len && len < sizeof(word)) {
			memcpy(word, p, len);
			word[len] = '\0';
			trace_set_options(&global_trace, word);
		}
		p += len;
		if (*p == ',')
			p++;
	}
}

/* trace_options */

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	struct tracer_flags *flags;
	struct tracer_opt *opt;
	unsigned int bit;

	guard(mutex)(&trace_types_lock);
	for (bit = 0; bit < ARRAY_SIZE(trace_opt_names); bit++)
		seq_printf(m, "%s%s\n", tr->trace_flags & BIT(bit) ? "" : "no",
			   trace_opt_names[bit]);
	flags = tr->current_trace->flags;
	for (opt = flags->opts; opt->name; opt++)
		seq_printf(m, "%s%s\n", flags->val & opt->bit ? "" : "no",
			   opt->name);
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = single_open(filp, trace_options_show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static ssize_t trace_options_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	char text[TRACE_OPTS_WRITE_MAX];
	int ret;

	if (cnt >= sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, ubuf, cnt))
		return -EFAULT;
	text[cnt] = '\0';
	ret = trace_set_options(m->private, text);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int trace_options_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return single_release(inode, filp);
}

/* Name kept: trace_dir_files.c creates trace_options with it. */
const struct file_operations tracing_iter_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= trace_options_release,
};

/* options/: the per-option files */

static int opt_file_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(inode->i_private);

	if (ret)
		return ret;
	filp->private_data = inode->i_private;
	return 0;
}

static int opt_file_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return 0;
}

static ssize_t opt_file_reply(char __user *ubuf, size_t cnt, loff_t *ppos,
			      bool on)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, on ? "1\n" : "0\n", 2);
}

static int opt_file_value(const char __user *ubuf, size_t cnt, bool *on)
{
	unsigned long val;
	int ret = kstrtoul_from_user(ubuf, cnt, 10, &val);

	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*on = val;
	return 0;
}

static int core_file_bit(struct file *filp)
{
	return trace_opt_lookup(file_dentry(filp)->d_name.name);
}

static ssize_t core_file_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int bit = core_file_bit(filp);

	if (bit < 0)
		return bit;
	return opt_file_reply(ubuf, cnt, ppos, tr->trace_flags & BIT(bit));
}

static ssize_t core_file_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int bit = core_file_bit(filp);
	bool on;
	int ret;

	if (bit < 0)
		return bit;
	ret = opt_file_value(ubuf, cnt, &on);
	if (ret)
		return ret;
	scoped_guard(mutex, &event_mutex) {
		guard(mutex)(&trace_types_lock);
		ret = set_tracer_flag(tr, BIT(bit), on);
	}
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations core_file_fops = {
	.open		= opt_file_open,
	.read		= core_file_read,
	.write		= core_file_write,
	.llseek		= generic_file_llseek,
	.release	= opt_file_release,
};

/* The record of the tracer option file @filp; trace_types_lock held. */
static struct trace_option_dentry *tracer_file_record(struct file *filp)
{
	struct trace_array *tr = filp->private_data;
	struct dentry *dentry = file_dentry(filp);
	int i, j;

	lockdep_assert_held(&trace_types_lock);
	for (i = 0; i < tr->nr_topts; i++)
		for (j = 0; j < tr->topts[i].nr_topts; j++)
			if (tr->topts[i].topts[j].entry == dentry)
				return &tr->topts[i].topts[j];
	return NULL;
}

static ssize_t tracer_file_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_option_dentry *rec;
	bool on;

	scoped_guard(mutex, &trace_types_lock) {
		rec = tracer_file_record(filp);
		if (!rec)
			return -ENODEV;
		on = rec->flags->val & rec->opt->bit;
	}
	return opt_file_reply(ubuf, cnt, ppos, on);
}

static ssize_t tracer_file_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_option_dentry *rec;
	bool on;
	int ret;

	ret = opt_file_value(ubuf, cnt, &on);
	if (ret)
		return ret;
	scoped_guard(mutex, &trace_types_lock) {
		rec = tracer_file_record(filp);
		if (!rec)
			return -ENODEV;
		if (!!(rec->flags->val & rec->opt->bit) != on)
			ret = tracer_opt_set(rec->tr, rec->flags, rec->opt, on);
	}
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracer_file_fops = {
	.open		= opt_file_open,
	.read		= tracer_file_read,
	.write		= tracer_file_write,
	.llseek		= generic_file_llseek,
	.release	= opt_file_release,
};

/* The instance's options/ directory, made on first use. */
static struct dentry *options_dir(struct trace_array *tr)
{
	struct dentry *parent;

	if (tr->options)
		return tr->options;
	if (WARN_ON(!tr->dir))
		return NULL;
	/* The global instance's files sit at the root of tracefs. */
	parent = tr->flags & TRACE_ARRAY_FL_GLOBAL ? NULL : tr->dir;
	tr->options = tracefs_create_dir("options", parent);
	if (!tr->options)
		pr_warn("Could not create tracefs directory 'options'\n");
	return tr->options;
}

/* Name kept: called by init_tracer_tracefs() (trace_dir_files.c). */
void create_trace_options_dir(struct trace_array *tr)
{
	bool global = tr == &global_trace;
	struct dentry *dir = options_dir(tr);
	unsigned int bit;

	if (!dir)
		return;
	for (bit = 0; bit < ARRAY_SIZE(trace_opt_names); bit++)
		if (global || trace_opt_has_instance_file(bit))
			trace_create_file(trace_opt_names[bit],
					  TRACE_MODE_WRITE, dir, tr,
					  &core_file_fops);
}

/*
 * Files for the options of @tracer in @tr's options/, once per tracer
 * and instance, if @tr may use @tracer.  trace_types_lock held.
 */
static void tracer_option_files(struct trace_array *tr, struct tracer *tracer)
{
	struct trace_option_dentry *recs;
	struct trace_options *grown;
	struct tracer_opt *opt;
	struct dentry *dir;
	int i, n;

	lockdep_assert_held(&trace_types_lock);
	if (!tracer->flags || !tracer->flags->opts ||
	    !tracer->flags->opts[0].name || !trace_ok_for_array(tracer, tr))
		return;
	for (i = 0; i < tr->nr_topts; i++)
		if (WARN_ON_ONCE(tr->topts[i].tracer->flags == tracer->flags))
			return;
	dir = options_dir(tr);
	if (!dir)
		return;

	for (n = 0, opt = tracer->flags->opts; opt->name; opt++)
		n++;
	recs = kcalloc(n, sizeof(*recs), GFP_KERNEL);
	if (!recs)
		return;
	grown = krealloc_array(tr->topts, tr->nr_topts + 1, sizeof(*grown),
			       GFP_KERNEL);
	if (!grown) {
		kfree(recs);
		return;
	}
	tr->topts = grown;
	tr->topts[tr->nr_topts++] = (struct trace_options) {
		.tracer = tracer, .topts = recs, .nr_topts = n,
	};

	for (i = 0; i < n; i++) {
		recs[i].tr = tr;
		recs[i].flags = tracer->flags;
		recs[i].opt = &tracer->flags->opts[i];
		recs[i].entry = trace_create_file(recs[i].opt->name,
						  TRACE_MODE_WRITE, dir, tr,
						  &tracer_file_fops);
		MEM_FAIL(!recs[i].entry, "Failed to create trace option: %s",
			 recs[i].opt->name);
	}
}

/*
 * Tracer option files are made once tracefs is up: a tracer registered
 * earlier gets its files from update_tracer_options(), one registered
 * later from add_tracer_options() at registration.
 */
static bool tracer_files_ready;

/* Name kept: register_tracer() and the instance code call it. */
void add_tracer_options(struct trace_array *tr, struct tracer *t)
{
	if (tr->dir && tracer_files_ready)
		tracer_option_files(tr, t);
}

/* Every registered tracer's option files in @tr; trace_types_lock held. */
void __update_tracer_options(struct trace_array *tr)
{
	struct tracer *t;

	for (t = trace_tracers_first(); t; t = t->next)
		add_tracer_options(tr, t);
}

/* tracefs is up: the global instance gets its tracer option files. */
void update_tracer_options(struct trace_array *tr)
{
	guard(mutex)(&trace_types_lock);
	tracer_files_ready = true;
	__update_tracer_options(tr);
}

/*
 * The options of an instance other than the global one, as an instance
 * part (struct trace_instance_part): every tracer's option files in its
 * options/ directory (which the files part made), and, when it goes,
 * the options whose effect reaches beyond it turned off first.  The
 * option files go with the directory; their descriptors (tr->topts)
 * are freed by the instance code after it.  event_mutex and
 * trace_types_lock held.
 */
static int opts_part_add(struct trace_array *tr)
{
	__update_tracer_options(tr);
	return 0;
}

static void opts_part_remove(struct trace_array *tr)
{
	unsigned long unshared = INSTANCE_UNSHARED_FLAGS;
	unsigned int bit;

	for_each_set_bit(bit, &unshared, TRACE_FLAGS_MAX_SIZE)
		set_tracer_flag(tr, BIT(bit), 0);
}

static struct trace_instance_part opts_part = {
	.name	= "options",
	.add	= opts_part_add,
	.remove	= opts_part_remove,
};

void __init trace_opts_register_part(void)
{
	trace_instance_register_part(&opts_part);
}
