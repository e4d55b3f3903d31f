// SPDX-License-Identifier: GPL-2.0
/*
 * The graph tracer's files, top directory only (their settings are the
 * system's: every instance's graph user reads them):
 *
 *   set_graph_function   record only these functions and what they call
 *   set_graph_notrace    record nothing below these functions
 *   max_graph_depth      record calls only above this depth (0: all)
 *
 * and their boot parameters ftrace_graph_filter=, ftrace_graph_notrace=
 * (comma-separated words) and ftrace_graph_max_depth=.
 *
 * A set file edits a private copy of its set (O_TRUNC: an empty one),
 * one word per blank-separated word written; the copy replaces the set
 * when the file is closed.  A word is a function name or a glob ("*",
 * "?", "[...]"), with "!" before it to take the functions out again.
 * Unlike set_ftrace_filter there are no indexes, no ":mod:" and no
 * commands: such a word matches no function name.  A word that adds no
 * function, or a "!" word that takes none out, fails with -EINVAL; the
 * words before it stay.  A read lists the set, one function per line in
 * the set's own order, or "#### all functions enabled ####"
 * (set_graph_function) and "#### no functions disabled ####"
 * (set_graph_notrace) when it is empty.
 *
 * Locks: tgraph_sets_lock, then ftrace_lock (a word walks the patch-site
 * records).  The callbacks read the sets as trace_graph.h says.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <asm/setup.h>		/* COMMAND_LINE_SIZE */

#include "events/trace_event.h"
#include "fs/trace_fs.h"
#include "ftrace/ftrace_hash.h"
#include "ftrace/ftrace_rec.h"
#include "trace_graph.h"
#include "tracers/trace_opts.h"

/* A word: a symbol and a few glob characters. */
#define TGRAPH_WORD_MAX		(KSYM_SYMBOL_LEN + 4)

struct ftrace_hash __rcu *tgraph_filter_set;
struct ftrace_hash __rcu *tgraph_notrace_set;
DEFINE_STATIC_KEY_FALSE(tgraph_filter_on);
DEFINE_STATIC_KEY_FALSE(tgraph_notrace_on);
unsigned int tgraph_max_depth;

/* Orders the replacement of the sets and their readers in the files. */
static DEFINE_MUTEX(tgraph_sets_lock);

/* max_graph_depth: a decimal number, kept in an unsigned int. */
static ssize_t tgraph_depth_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	unsigned long depth;
	int err = kstrtoul_from_user(ubuf, cnt, 10, &depth);

	if (err)
		return err;
	/* A wider value is cut to the word, and reads back as an int. */
	WRITE_ONCE(tgraph_max_depth, (unsigned int)depth);
	*ppos += cnt;
	return cnt;
}

static ssize_t tgraph_depth_read(struct file *file, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", (int)READ_ONCE(tgraph_max_depth));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations tgraph_depth_fops = {
	.open		= tracing_open_generic,
	.read		= tgraph_depth_read,
	.write		= tgraph_depth_write,
	.llseek		= generic_file_llseek,
};

/* What a set file edits: its set, its key, its line for "empty". */
struct tgraph_set_desc {
	struct ftrace_hash __rcu	**slot;
	struct static_key_false		*key;
	const char			*empty;
};

enum { TGRAPH_SET_FILTER, TGRAPH_SET_NOTRACE };

static const struct tgraph_set_desc tgraph_sets[] = {
	[TGRAPH_SET_FILTER] = {
		.slot	= &tgraph_filter_set,
		.key	= &tgraph_filter_on,
		.empty	= "#### all functions enabled ####",
	},
	[TGRAPH_SET_NOTRACE] = {
		.slot	= &tgraph_notrace_set,
		.key	= &tgraph_notrace_on,
		.empty	= "#### no functions disabled ####",
	},
};

/* One open set file. */
struct tgraph_file {
	const struct tgraph_set_desc	*desc;
	struct trace_parser	parser;
	struct ftrace_hash	*copy;		/* the edited set (writers) */
	/* Reading: the published set, and the bucket the listing is in. */
	struct ftrace_hash	*shown;
	unsigned int		bucket;
};

static struct ftrace_hash *tgraph_set(const struct tgraph_set_desc *desc)
{
	return rcu_dereference_protected(*desc->slot,
					 lockdep_is_held(&tgraph_sets_lock));
}

/*
 * Add to @set every traceable function @word names, or take them out
 * with a leading "!".  0, -EINVAL (nothing added or taken out), -ENODEV
 * (patching is off), -ENOMEM.
 */
static int tgraph_apply_word(struct ftrace_hash *set, char *word)
{
	char sym[KSYM_SYMBOL_LEN];
	struct ftrace_func_entry *e;
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	bool remove = false;
	struct fglob g;
	int ret = -EINVAL;
	char *modname;

	if (word[0] == '!') {
		remove = true;
		word++;
	}
	/* A number would be an index in set_ftrace_filter: no name here. */
	if (isdigit(word[0]))
		return -EINVAL;
	fglob_parse(&g, word);

	guard(mutex)(&ftrace_lock);
	if (unlikely(ftrace_disabled))
		return -ENODEV;
	frec_check_weak();
	frec_for_each(grp, rec) {
		if (rec->flags & FTRACE_FL_DISABLED)
			goto next;
		if (!kallsyms_lookup(rec->ip, NULL, NULL, &modname, sym) ||
		    !fglob_match(&g, sym))
			goto next;
		e = fhash_lookup(set, rec->ip);
		if (remove) {
			if (e) {
				fhash_remove(set, e);
				ret = 0;
			}
		} else {
			ret = 0;
			if (!e && fhash_add(set, rec->ip))
				return -ENOMEM;
		}
next:
		cond_resched();
	}
	return ret;
}

/* Make @set the one @desc names; the one it replaces is freed. */
static void tgraph_publish(const struct tgraph_set_desc *desc,
			   struct ftrace_hash *set)
{
	bool on = !fhash_empty(set);
	struct ftrace_hash *old;

	mutex_lock(&tgraph_sets_lock);
	old = tgraph_set(desc);
	/* Readers that still see the key on find an empty set. */
	if (!on)
		static_branch_disable(desc->key);
	rcu_assign_pointer(*desc->slot, set);
	if (on)
		static_branch_enable(desc->key);
	mutex_unlock(&tgraph_sets_lock);
	/*
	 * The callbacks read the sets with preemption off, some where RCU
	 * does not watch: only an IPI to every CPU proves none still does.
	 */
	if (old) {
		synchronize_rcu_tasks_rude();
		fhash_free(old);
	}
}

/* The entry at @pos of the listing, remembering its bucket. */
static struct ftrace_func_entry *tgraph_walk(struct tgraph_file *f,
					     loff_t pos)
{
	struct ftrace_hash *set = f->shown;
	struct ftrace_func_entry *e;
	unsigned int i;
	loff_t n = 0;

	fhash_for_each(set, i, e) {
		if (n++ == pos) {
			f->bucket = i;
			return e;
		}
	}
	return NULL;
}

/* The entry after @e, which the listing returned last. */
static struct ftrace_func_entry *tgraph_walk_on(struct tgraph_file *f,
						struct ftrace_func_entry *e)
{
	struct ftrace_hash *set = f->shown;
	unsigned int i;

	if (e->hlist.next)
		return hlist_entry(e->hlist.next, struct ftrace_func_entry,
				   hlist);
	for (i = f->bucket + 1; i < (1U << set->size_bits); i++) {
		if (!hlist_empty(&set->buckets[i])) {
			f->bucket = i;
			return hlist_entry(set->buckets[i].first,
					   struct ftrace_func_entry, hlist);
		}
	}
	return NULL;
}

/* The "empty set" line, which stands before nothing else. */
#define TGRAPH_BANNER	((void *)1)

/*
 * The listing runs under tgraph_sets_lock from start to stop, so the
 * set it walks stays published meanwhile.
 */
static void *tgraph_seq_start(struct seq_file *m, loff_t *pos)
{
	struct tgraph_file *f = m->private;

	mutex_lock(&tgraph_sets_lock);
	f->shown = tgraph_set(f->desc);
	if (!fhash_empty(f->shown))
		return tgraph_walk(f, *pos);
	return *pos ? NULL : TGRAPH_BANNER;
}

static void *tgraph_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	(*pos)++;
	return v == TGRAPH_BANNER ? NULL : tgraph_walk_on(m->private, v);
}

static void tgraph_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&tgraph_sets_lock);
}

static int tgraph_seq_show(struct seq_file *m, void *v)
{
	const struct tgraph_file *f = m->private;
	const struct ftrace_func_entry *e = v;

	if (v != TGRAPH_BANNER)
		seq_printf(m, "%ps\n", (void *)e->ip);
	else
		seq_printf(m, "%s\n", f->desc->empty);
	return 0;
}

static const struct seq_operations tgraph_seq_ops = {
	.show	= tgraph_seq_show,
	.start	= tgraph_seq_start,
	.stop	= tgraph_seq_stop,
	.next	= tgraph_seq_next,
};

/* inode->i_private is the file's entry of tgraph_sets. */
static int tgraph_set_open(struct inode *inode, struct file *file)
{
	struct tgraph_file *f;
	int ret;

	if (unlikely(ftrace_disabled))
		return -ENODEV;
	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->desc = inode->i_private;
	if (file->f_mode & FMODE_WRITE) {
		ret = -ENOMEM;
		if (trace_parser_get_init(&f->parser, TGRAPH_WORD_MAX))
			goto free;
		mutex_lock(&tgraph_sets_lock);
		if (file->f_flags & O_TRUNC)
			f->copy = fhash_copy(NULL);
		else
			f->copy = fhash_copy(tgraph_set(f->desc));
		mutex_unlock(&tgraph_sets_lock);
		if (!f->copy)
			goto parser;
	}
	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &tgraph_seq_ops);
		if (ret)
			goto copy;
		((struct seq_file *)file->private_data)->private = f;
	} else {
		file->private_data = f;
	}
	return 0;

copy:
	fhash_free(f->copy);
parser:
	if (file->f_mode & FMODE_WRITE)
		trace_parser_put(&f->parser);
free:
	kfree(f);
	return ret;
}

static struct tgraph_file *tgraph_file_of(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

static ssize_t tgraph_set_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct tgraph_file *f = tgraph_file_of(file);
	ssize_t read;
	int ret;

	if (!cnt)
		return 0;
	read = trace_get_user(&f->parser, ubuf, cnt, ppos);
	if (read >= 0 && trace_parser_loaded(&f->parser) &&
	    !trace_parser_cont(&f->parser)) {
		ret = tgraph_apply_word(f->copy, f->parser.buffer);
		trace_parser_clear(&f->parser);
		if (ret)
			return ret;
	}
	return read;
}

static int tgraph_set_release(struct inode *inode, struct file *file)
{
	struct tgraph_file *f = tgraph_file_of(file);
	int ret = 0;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	if (file->f_mode & FMODE_WRITE) {
		/* A last word without a blank after it. */
		if (trace_parser_loaded(&f->parser))
			ret = tgraph_apply_word(f->copy, f->parser.buffer);
		trace_parser_put(&f->parser);
		tgraph_publish(f->desc, f->copy);
	}
	kfree(f);
	return ret;
}

static const struct file_operations tgraph_set_fops = {
	.open		= tgraph_set_open,
	.write		= tgraph_set_write,
	.read		= seq_read,
	.release	= tgraph_set_release,
	.llseek		= tracing_lseek,
};

static struct trace_readme_part tgraph_readme = {
	.rank	= TRACE_README_TRACERS,
	.text	=
	"\nFunction graph tracing (current_tracer \"function_graph\"):\n"
	"  set_graph_function\t- record these functions and every call below\n"
	"\t\t\t  them only (same names and globs as set_ftrace_filter)\n"
	"  set_graph_notrace\t- record nothing below these functions\n"
	"  max_graph_depth\t- record calls only above this depth (0: any)\n",
};

/* Boot: the words of ftrace_graph_filter= and ftrace_graph_notrace=. */
#define TGRAPH_BOOT_MAX		COMMAND_LINE_SIZE
static char tgraph_boot_filter[TGRAPH_BOOT_MAX] __initdata;
static char tgraph_boot_notrace[TGRAPH_BOOT_MAX] __initdata;

static int __init tgraph_boot_filter_param(char *str)
{
	strscpy(tgraph_boot_filter, str, sizeof(tgraph_boot_filter));
	return 1;
}
__setup("ftrace_graph_filter=", tgraph_boot_filter_param);

static int __init tgraph_boot_notrace_param(char *str)
{
	strscpy(tgraph_boot_notrace, str, sizeof(tgraph_boot_notrace));
	return 1;
}
__setup("ftrace_graph_notrace=", tgraph_boot_notrace_param);

static int __init tgraph_boot_depth_param(char *str)
{
	return str && !kstrtouint(str, 0, &tgraph_max_depth);
}
__setup("ftrace_graph_max_depth=", tgraph_boot_depth_param);

static void __init tgraph_boot_set(char *list, int which)
{
	struct ftrace_hash *set;
	char *word;

	if (!*list)
		return;
	set = fhash_copy(NULL);
	if (!set)
		return;
	while ((word = strsep(&list, ",")))
		if (tgraph_apply_word(set, word))
			pr_debug("ftrace: function %s not traceable\n", word);
	tgraph_publish(&tgraph_sets[which], set);
}

static int __init tgraph_files_init(void)
{
	tgraph_boot_set(tgraph_boot_filter, TGRAPH_SET_FILTER);
	tgraph_boot_set(tgraph_boot_notrace, TGRAPH_SET_NOTRACE);
	trace_readme_add(&tgraph_readme);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("max_graph_depth", TRACE_MODE_WRITE, NULL, NULL,
			  &tgraph_depth_fops);
	trace_create_file("set_graph_function", TRACE_MODE_WRITE, NULL,
			  (void *)&tgraph_sets[TGRAPH_SET_FILTER],
			  &tgraph_set_fops);
	trace_create_file("set_graph_notrace", TRACE_MODE_WRITE, NULL,
			  (void *)&tgraph_sets[TGRAPH_SET_NOTRACE],
			  &tgraph_set_fops);
	return 0;
}
fs_initcall(tgraph_files_init);
