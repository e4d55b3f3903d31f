// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs files of function tracing:
 *
 *   top directory only (the patch sites are the system's):
 *     available_filter_functions        every site, "name [module]"
 *     available_filter_functions_addrs  the same with the address first
 *     enabled_functions                 sites patched now, with their state
 *     touched_functions                 sites any ops wanted since boot
 *     dyn_ftrace_total_info             records, pages, groups
 *   every instance:
 *     set_ftrace_filter, set_ftrace_notrace
 *   and, for an ops of no instance (tfunc_ops_filter_fops), its filter:
 *     stack_trace_filter
 *
 * A write to a filter file edits a private copy of the instance ops'
 * hash (O_TRUNC starts from an empty one), one word at a time; the copy
 * replaces the ops' hash, and the code follows, when the file is
 * closed.  A word is "[!]GLOB", "[!]GLOB:mod:[!]MODULE" or an index
 * into available_filter_functions.  A ":mod:" word that matches nothing
 * because its module is not loaded is kept (struct tfunc_mod_line) and
 * applied when the module loads, before its code runs; while such lines
 * exist an empty filter traces nothing rather than everything.
 *
 * Errors of a word: -EINVAL for a word that matches no function or a
 * command that does not exist, -ENOMEM; the word is dropped and the
 * ones before it stay.  The filter of an ops of no instance takes
 * neither commands nor ":mod:" words (no instance to run them in or
 * keep them for): such a word is -ENODEV, an unknown command -EINVAL.
 *
 * Reads list, in order: "#### all functions enabled ####" (filter) or
 * "#### no functions disabled ####" (notrace) when the set is empty,
 * else the functions in it in site order; then the kept ":mod:" lines.
 *
 * Locks: an open filter file holds a reference on its instance (an
 * ops of no instance is static and needs none); the
 * copy is the file's own.  Applying a word takes ftrace_lock (to walk
 * the records); closing takes the ops' regex_lock, then ftrace_lock.
 * Kept module lines are under the ops' regex_lock.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/tracefs.h>

#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "ftrace/ftrace_hash.h"
#include "ftrace/ftrace_ops.h"
#include "ftrace/ftrace_rec.h"
#include "instance/trace_array.h"
#include "trace_function.h"
#include "tracers/trace_opts.h"

/* Longest word: a symbol, a module and the ":mod:" between. */
#define TFUNC_WORD_MAX		(KSYM_SYMBOL_LEN + 4)

/* Which records a listing shows, and how. */
enum {
	TFL_ALL		= 0,
	TFL_ADDRS	= BIT(0),	/* address first */
	TFL_ENABLED	= BIT(1),	/* only patched sites, with state */
	TFL_TOUCHED	= BIT(2),	/* only sites ever wanted, with state */
	TFL_FILTER	= BIT(3),	/* only sites in the hash */
	TFL_NOTRACE	= BIT(4),	/* the same, the notrace hash */
};

/* A ":mod:" line kept for a module not loaded yet ("" or "*": all of it). */
struct tfunc_mod_line {
	struct list_head	list;
	char			*func;
	char			*module;
	bool			exclude;
};

/*
 * One open file.  A listing has up to three sections: the records
 * shown (or, for an empty filter set, its banner line), then the kept
 * ":mod:" lines, then the commands (filter only).  @grp/@idx is the
 * record at list position @pos, valid while frec_generation equals
 * @gen; @nrec counts the first section once it was walked to its end
 * (-1 before).  @extra is the index within the later sections of the
 * line being shown.  Filter files also have the ops whose hash they
 * edit (@ops), the hash being edited (@hash, the file's own) and the
 * word reader; @tr and @fi are NULL for an ops of no instance.
 */
struct tfunc_iter {
	unsigned int		what;
	struct frec_group	*grp;
	unsigned int		idx;
	loff_t			pos;
	unsigned long		gen;
	loff_t			nrec;
	loff_t			extra;
	bool			banner;

	struct trace_array	*tr;
	struct trace_func_instance *fi;
	struct ftrace_ops	*ops;
	struct ftrace_hash	*hash;
	struct trace_parser	parser;
	bool			exclude;
};

/* What tfl_seek() may return besides a record. */
enum tfl_kind { TFL_REC, TFL_BANNER, TFL_MOD, TFL_CMD };

static bool tfl_shows(const struct tfunc_iter *it, const struct dyn_ftrace *rec)
{
	if (it->what & (TFL_FILTER | TFL_NOTRACE))
		return fhash_lookup(it->hash, rec->ip);
	if ((it->what & TFL_ENABLED) && !(rec->flags & FTRACE_FL_ENABLED))
		return false;
	if ((it->what & TFL_TOUCHED) && !(rec->flags & FTRACE_FL_TOUCHED))
		return false;
	return true;
}

/* Move to the next shown record after the current one (or the first). */
static struct dyn_ftrace *tfl_advance(struct tfunc_iter *it, bool first)
{
	if (first) {
		it->grp = ftrace_protected(frec_groups);
		it->idx = 0;
	} else {
		it->idx++;
	}
	while (it->grp) {
		for (; it->idx < it->grp->nr; it->idx++)
			if (tfl_shows(it, &it->grp->recs[it->idx]))
				return &it->grp->recs[it->idx];
		it->grp = ftrace_protected(it->grp->next);
		it->idx = 0;
	}
	return NULL;
}

static struct tfunc_mod_line *tfl_mod_at(struct tfunc_iter *it, loff_t n)
{
	struct tfunc_mod_line *ml;

	list_for_each_entry(ml, &it->fi->mods, list) {
		if (ml->exclude != it->exclude)
			continue;
		if (!n--)
			return ml;
	}
	return NULL;
}

static loff_t tfl_mods_count(struct tfunc_iter *it)
{
	struct tfunc_mod_line *ml;
	loff_t n = 0;

	list_for_each_entry(ml, &it->fi->mods, list)
		n += ml->exclude == it->exclude;
	return n;
}

/* The line at @pos past the first section: a kept module line or a command. */
static void *tfl_extra(struct tfunc_iter *it, loff_t n, enum tfl_kind *kind)
{
	struct tfunc_mod_line *ml;
	loff_t mods;

	if (!it->fi)
		return NULL;
	ml = tfl_mod_at(it, n);
	if (ml) {
		*kind = TFL_MOD;
		return ml;
	}
	if (it->exclude)
		return NULL;
	mods = tfl_mods_count(it);
	it->extra = n - mods;
	*kind = TFL_CMD;
	/* The command line itself is printed by tfl_show(); probe its existence. */
	return tfunc_cmd_show(NULL, it->fi, it->extra) ? &it->extra : NULL;
}

static void *tfl_seek(struct tfunc_iter *it, loff_t *pos)
{
	struct dyn_ftrace *rec;
	enum tfl_kind kind;
	loff_t n;

	if (it->banner) {
		if (!*pos)
			return it;
		return tfl_extra(it, *pos - 1, &kind);
	}
	/* Resume where the last read stopped if nothing moved since. */
	if (it->grp && it->gen == frec_generation && it->pos == *pos)
		return &it->grp->recs[it->idx];
	if (it->nrec >= 0 && it->gen == frec_generation && *pos >= it->nrec) {
		it->grp = NULL;
		return tfl_extra(it, *pos - it->nrec, &kind);
	}
	rec = tfl_advance(it, true);
	for (n = 0; rec && n < *pos; n++)
		rec = tfl_advance(it, false);
	it->gen = frec_generation;
	it->pos = *pos;
	if (rec)
		return rec;
	it->nrec = n;
	it->grp = NULL;
	return tfl_extra(it, *pos - n, &kind);
}

static void *tfl_start(struct seq_file *m, loff_t *pos)
{
	struct tfunc_iter *it = m->private;

	if (it->ops)
		mutex_lock(&it->ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled)
		return NULL;
	return tfl_seek(it, pos);
}

static void *tfl_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct tfunc_iter *it = m->private;
	struct dyn_ftrace *rec;

	(*pos)++;
	if (it->banner || !it->grp)
		return tfl_seek(it, pos);
	rec = tfl_advance(it, false);
	it->pos = *pos;
	if (rec)
		return rec;
	/* Past the records: the sections after them. */
	it->nrec = *pos;
	return tfl_seek(it, pos);
}

static void tfl_stop(struct seq_file *m, void *v)
{
	struct tfunc_iter *it = m->private;

	mutex_unlock(&ftrace_lock);
	if (it->ops)
		mutex_unlock(&it->ops->func_hash->regex_lock);
}

static void tfl_show_state(struct seq_file *m, struct dyn_ftrace *rec)
{
	unsigned long f = rec->flags;
	void *func;

	seq_printf(m, " (%ld)%s%s%s%s%s", ftrace_rec_count(rec),
		   f & FTRACE_FL_REGS ? " R" : "  ",
		   f & FTRACE_FL_IPMODIFY ? " I" : "  ",
		   f & FTRACE_FL_DIRECT ? " D" : "  ",
		   f & FTRACE_FL_CALL_OPS ? " O" : "  ",
		   f & FTRACE_FL_MODIFIED ? " M " : "   ");
	if (f & FTRACE_FL_TRAMP_EN) {
		struct ftrace_ops *ops = ftramp_slot_ops(frec_slot_cur(rec));

		if (!ops) {
			seq_puts(m, "\ttramp: ERROR!");
			return;
		}
		seq_printf(m, "\ttramp: %pS (%pS)", (void *)ops->trampoline,
			   (void *)ops->func);
		func = arch_ftrace_trampoline_func(ops, rec);
	} else {
		func = arch_ftrace_trampoline_func(NULL, rec);
	}
	if (func)
		seq_printf(m, " ->%pS", func);
	if (f & FTRACE_FL_DIRECT) {
		unsigned long direct = ftrace_find_rec_direct(rec->ip);

		if (direct)
			seq_printf(m, "\n\tdirect-->%pS", (void *)direct);
	}
}

static int tfl_show(struct seq_file *m, void *v)
{
	struct tfunc_iter *it = m->private;
	struct tfunc_mod_line *ml;
	struct dyn_ftrace *rec;

	if (v == it) {
		seq_puts(m, it->exclude ? "#### no functions disabled ####\n" :
					  "#### all functions enabled ####\n");
		return 0;
	}
	if (v == &it->extra) {
		tfunc_cmd_show(m, it->fi, it->extra);
		return 0;
	}
	if (!it->grp) {
		ml = v;
		seq_printf(m, "%s:mod:%s\n", ml->func, ml->module);
		return 0;
	}
	rec = v;
	if (it->what & TFL_ADDRS)
		seq_printf(m, "%lx ", rec->ip);
	frec_print_sym(m, rec);
	if (it->what & (TFL_ENABLED | TFL_TOUCHED))
		tfl_show_state(m, rec);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations tfl_seq_ops = {
	.start	= tfl_start,
	.next	= tfl_next,
	.stop	= tfl_stop,
	.show	= tfl_show,
};

static int tfl_open(struct inode *inode, struct file *file)
{
	struct tfunc_iter *it;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if (ftrace_disabled)
		return -ENODEV;
	it = __seq_open_private(file, &tfl_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->what = (unsigned long)inode->i_private;
	it->nrec = -1;
	return 0;
}

static const struct file_operations tfl_fops = {
	.open		= tfl_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static ssize_t tfunc_total_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char buf[64];
	int len;

	mutex_lock(&ftrace_lock);
	len = scnprintf(buf, sizeof(buf), "%lu pages:%lu groups: %lu\n",
			frec_count, frec_pages_count, frec_groups_count);
	mutex_unlock(&ftrace_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations tfunc_total_fops = {
	.open	= tracing_open_generic,
	.read	= tfunc_total_read,
	.llseek	= default_llseek,
};

static const struct fops_module_hook tfunc_module_hook = {
	.coming	= tfunc_mods_coming,
};

static struct trace_readme_part tfunc_readme = {
	.rank	= TRACE_README_TRACERS,
	.text	=
	"\nFunction tracing (current_tracer \"function\"):\n"
	"  available_filter_functions\t- every function that can be traced\n"
	"  available_filter_functions_addrs - the same with their addresses\n"
	"  enabled_functions\t- the functions traced now, and by how many\n"
	"  touched_functions\t- the functions ever traced since boot\n"
	"  set_ftrace_filter\t- trace only these functions; one word each:\n"
	/* Forced: ftrace/func-filter-glob.tc greps "accepts: .* glob-matching-pattern". */
	"\t    accepts: a name or a glob-matching-pattern (*, ?, [...])\n"
	"\t    or an index into available_filter_functions;\n"
	"\t    '!' before a word takes it out again\n"
	"\t    FUNC:mod:MODULE - FUNC of MODULE only (\":mod:ext4\": all of\n"
	"\t    ext4), kept until MODULE loads if it is not loaded yet\n"
	"\t    FUNC:COMMAND[:COUNT] - run COMMAND when FUNC is entered:\n"
	"\t      traceon, traceoff, stacktrace, snapshot, dump, cpudump,\n"
	"\t      enable_event:SYSTEM:EVENT, disable_event:SYSTEM:EVENT;\n"
	"\t      a COUNT is spent only when the command changes something;\n"
	"\t      '!FUNC:COMMAND' (with ':0' if it had a count) removes it\n"
	"  set_ftrace_notrace\t- never trace these functions (same words, no\n"
	"\t\t\t  commands)\n"
	"  set_ftrace_pid\t- trace only these pids\n"
	"  set_ftrace_notrace_pid\t- never trace these pids\n",
};

void __init tfunc_top_files(void)
{
	static const struct {
		const char	*name;
		unsigned long	what;
	} lists[] = {
		{ "available_filter_functions",		TFL_ALL },
		{ "available_filter_functions_addrs",	TFL_ADDRS },
		{ "enabled_functions",			TFL_ENABLED },
		{ "touched_functions",			TFL_TOUCHED },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(lists); i++)
		trace_create_file(lists[i].name, TRACE_MODE_READ, NULL,
				  (void *)lists[i].what, &tfl_fops);
	trace_create_file("dyn_ftrace_total_info", TRACE_MODE_READ, NULL, NULL,
			  &tfunc_total_fops);
	fops_set_module_hook(&tfunc_module_hook);
	trace_readme_add(&tfunc_readme);
}

/* The kept module lines of @fi: are there any of that kind (@exclude: notrace)? */
static bool tfunc_has_mods(struct trace_func_instance *fi, bool exclude)
{
	struct tfunc_mod_line *ml;

	list_for_each_entry(ml, &fi->mods, list)
		if (ml->exclude == exclude)
			return true;
	return false;
}

static void tfunc_mod_free(struct tfunc_mod_line *ml)
{
	list_del(&ml->list);
	kfree(ml->func);
	kfree(ml->module);
	kfree(ml);
}

static bool tfunc_module_loaded(const char *name)
{
	bool loaded;

	preempt_disable();
	loaded = find_module(name);
	preempt_enable();
	return loaded;
}

/* Keep "@func:mod:@module" for the module's load (regex_lock held). */
static int tfunc_mod_keep(struct tfunc_iter *it, const char *func,
			  const char *module)
{
	struct tfunc_mod_line *ml, *tmp;
	int ret = -EINVAL;

	if (*func == '!') {
		/* Forget kept lines: "!*" or "!name" for the module. */
		func++;
		list_for_each_entry_safe(ml, tmp, &it->fi->mods, list) {
			if (ml->exclude != it->exclude || strcmp(ml->module, module))
				continue;
			if (!strcmp(func, "*") || !strcmp(ml->func, func)) {
				tfunc_mod_free(ml);
				ret = 0;
			}
		}
		return ret;
	}
	if (!*module || strchr(module, '!') || tfunc_module_loaded(module))
		return -EINVAL;
	ml = kzalloc(sizeof(*ml), GFP_KERNEL);
	if (!ml)
		return -ENOMEM;
	ml->module = kstrdup(module, GFP_KERNEL);
	ml->func = kstrdup(func, GFP_KERNEL);
	if (!ml->module || !ml->func) {
		kfree(ml->module);
		kfree(ml->func);
		kfree(ml);
		return -ENOMEM;
	}
	ml->exclude = it->exclude;
	/* Listed newest first. */
	list_add(&ml->list, &it->fi->mods);
	return 0;
}

/* One word of a filter file into the file's hash, or a command. */
static int tfunc_apply_word(struct tfunc_iter *it, char *word)
{
	char *orig, *cmd;
	struct fmatch m;
	int ret;

	cmd = strchr(word, ':');
	if (cmd && !it->fi)
		return tfunc_cmd_known(cmd + 1) ? -ENODEV : -EINVAL;
	if (cmd && strncmp(cmd, ":mod:", 5)) {
		/* Commands belong to set_ftrace_filter only. */
		if (it->exclude)
			return -EINVAL;
		*cmd++ = '\0';
		return tfunc_cmd_word(it->fi, it->tr, word, cmd);
	}
	orig = kstrdup(word, GFP_KERNEL);
	if (!orig)
		return -ENOMEM;
	ret = fmatch_parse(&m, word);
	if (ret)
		goto out;
	mutex_lock(&ftrace_lock);
	ret = ftrace_disabled ? -ENODEV : fhash_apply(it->hash, &m);
	mutex_unlock(&ftrace_lock);
	if (ret > 0) {
		ret = 0;
	} else if (!ret && m.has_mod && !m.mod_negate) {
		/* Nothing loaded matches: maybe a module still to come. */
		char *mod = strstr(orig, ":mod:");

		*mod = '\0';
		mutex_lock(&it->fi->ops->func_hash->regex_lock);
		ret = tfunc_mod_keep(it, orig, mod + 5);
		mutex_unlock(&it->fi->ops->func_hash->regex_lock);
	} else if (!ret) {
		ret = -EINVAL;
	}
out:
	kfree(orig);
	return ret;
}

/*
 * Open a filter file of @ops: an instance's (@tr and @fi, whose
 * reference on @tr the file keeps) or, with both NULL, an ops of no
 * instance.  On error the reference is the caller's to drop.
 */
static int tfunc_filter_open_ops(struct file *file, struct trace_array *tr,
				 struct trace_func_instance *fi,
				 struct ftrace_ops *ops, bool exclude)
{
	struct ftrace_hash *cur;
	struct tfunc_iter *it;
	struct seq_file *m;
	int ret = -ENOMEM;

	it = kzalloc(sizeof(*it), GFP_KERNEL);
	if (!it)
		return ret;
	it->tr = tr;
	it->fi = fi;
	it->ops = ops;
	it->exclude = exclude;
	it->what = exclude ? TFL_NOTRACE : TFL_FILTER;
	it->nrec = -1;
	if (trace_parser_get_init(&it->parser, TFUNC_WORD_MAX))
		goto free;

	mutex_lock(&ops->func_hash->regex_lock);
	mutex_lock(&ftrace_lock);
	cur = ftrace_protected(*fops_hash_slot(ops, exclude));
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		struct tfunc_mod_line *ml, *tmp;

		it->hash = fhash_copy(NULL);
		if (fi)
			list_for_each_entry_safe(ml, tmp, &fi->mods, list)
				if (ml->exclude == exclude)
					tfunc_mod_free(ml);
	} else {
		it->hash = fhash_copy(cur);
	}
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&ops->func_hash->regex_lock);
	if (!it->hash)
		goto parser;

	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &tfl_seq_ops);
		if (ret)
			goto hash;
		m = file->private_data;
		m->private = it;
		/* An empty set says so in a line of its own, then the rest. */
		it->banner = fhash_empty(it->hash);
	} else {
		file->private_data = it;
	}
	return 0;

hash:
	fhash_free(it->hash);
parser:
	trace_parser_put(&it->parser);
free:
	kfree(it);
	return ret;
}

static int tfunc_filter_open(struct inode *inode, struct file *file,
			     bool exclude)
{
	struct trace_array *tr = inode->i_private;
	struct trace_func_instance *fi;
	int ret;

	if (ftrace_disabled)
		return -ENODEV;
	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	fi = trace_func_of(tr);
	ret = fi ? tfunc_filter_open_ops(file, tr, fi, fi->ops, exclude) :
		   -ENODEV;
	if (ret)
		trace_array_put(tr);
	return ret;
}

static struct tfunc_iter *tfunc_file_iter(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

static ssize_t tfunc_filter_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct tfunc_iter *it = tfunc_file_iter(file);
	ssize_t read;
	int ret;

	if (!cnt)
		return 0;
	if (ftrace_disabled)
		return -ENODEV;
	read = trace_get_user(&it->parser, ubuf, cnt, ppos);
	if (read >= 0 && trace_parser_loaded(&it->parser) &&
	    !trace_parser_cont(&it->parser)) {
		ret = tfunc_apply_word(it, it->parser.buffer);
		trace_parser_clear(&it->parser);
		if (ret < 0)
			return ret;
	}
	return read;
}

static int tfunc_filter_release(struct inode *inode, struct file *file)
{
	struct tfunc_iter *it = tfunc_file_iter(file);
	struct trace_func_instance *fi = it->fi;
	struct ftrace_ops *ops = it->ops;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	/* A last word without a blank after it. */
	if (trace_parser_loaded(&it->parser))
		tfunc_apply_word(it, it->parser.buffer);
	trace_parser_put(&it->parser);

	if (file->f_mode & FMODE_WRITE) {
		mutex_lock(&ops->func_hash->regex_lock);
		it->hash->mod_pending = fi && !it->exclude &&
					tfunc_has_mods(fi, false);
		mutex_lock(&ftrace_lock);
		if (!ftrace_disabled) {
			fops_replace_hash(ops, it->exclude, it->hash);
			it->hash = NULL;
		}
		mutex_unlock(&ftrace_lock);
		mutex_unlock(&ops->func_hash->regex_lock);
	}
	fhash_free(it->hash);
	if (it->tr)
		trace_array_put(it->tr);
	kfree(it);
	return 0;
}

static int tfunc_set_filter_open(struct inode *inode, struct file *file)
{
	return tfunc_filter_open(inode, file, false);
}

static int tfunc_set_notrace_open(struct inode *inode, struct file *file)
{
	return tfunc_filter_open(inode, file, true);
}

static const struct file_operations tfunc_filter_fops = {
	.open		= tfunc_set_filter_open,
	.read		= seq_read,
	.write		= tfunc_filter_write,
	.llseek		= tracing_lseek,
	.release	= tfunc_filter_release,
};

static const struct file_operations tfunc_notrace_fops = {
	.open		= tfunc_set_notrace_open,
	.read		= seq_read,
	.write		= tfunc_filter_write,
	.llseek		= tracing_lseek,
	.release	= tfunc_filter_release,
};

static int tfunc_ops_filter_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if (ftrace_disabled)
		return -ENODEV;
	return tfunc_filter_open_ops(file, NULL, NULL, inode->i_private, false);
}

const struct file_operations tfunc_ops_filter_fops = {
	.open		= tfunc_ops_filter_open,
	.read		= seq_read,
	.write		= tfunc_filter_write,
	.llseek		= tracing_lseek,
	.release	= tfunc_filter_release,
};

void tfunc_filter_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("set_ftrace_filter", TRACE_MODE_WRITE, d, tr,
			  &tfunc_filter_fops);
	trace_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, d, tr,
			  &tfunc_notrace_fops);
}

void tfunc_mods_free(struct trace_func_instance *fi)
{
	struct tfunc_mod_line *ml, *tmp;

	list_for_each_entry_safe(ml, tmp, &fi->mods, list)
		tfunc_mod_free(ml);
}

/*
 * A module is coming: each instance's kept lines for it go into its
 * ops' hashes, and the code follows, before any of the module runs.
 * Runs from module load (ftrace_module_enable()), process context, with
 * the module's records live and no lock held.
 */
void tfunc_mods_coming(struct module *mod)
{
	struct trace_array *tr;

	guard(mutex)(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		struct trace_func_instance *fi = trace_func_of(tr);
		struct tfunc_mod_line *ml, *tmp;

		if (!fi)
			continue;
		mutex_lock(&fi->ops->func_hash->regex_lock);
		list_for_each_entry_safe(ml, tmp, &fi->mods, list) {
			struct ftrace_hash __rcu **slot;
			struct ftrace_hash *hash;
			bool exclude = ml->exclude;
			struct fmatch m = { .has_mod = true };

			if (strcmp(ml->module, mod->name))
				continue;
			slot = fops_hash_slot(fi->ops, exclude);
			mutex_lock(&ftrace_lock);
			hash = fhash_copy(ftrace_protected(*slot));
			if (hash) {
				fglob_parse(&m.func, ml->func);
				fglob_parse(&m.mod, ml->module);
				fhash_apply(hash, &m);
			}
			mutex_unlock(&ftrace_lock);
			tfunc_mod_free(ml);
			if (!hash)
				continue;
			hash->mod_pending = !exclude && tfunc_has_mods(fi, false);
			mutex_lock(&ftrace_lock);
			fops_replace_hash(fi->ops, exclude, hash);
			mutex_unlock(&ftrace_lock);
		}
		mutex_unlock(&fi->ops->func_hash->regex_lock);
	}
}
