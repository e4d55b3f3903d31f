// SPDX-License-Identifier: GPL-2.0
/*
 * Eval maps: the values of TRACE_DEFINE_ENUM(X) and TRACE_DEFINE_SIZEOF(T)
 * written into the print fmt and field types of the events of their
 * system, so that user space, which cannot know what X or sizeof(T) is,
 * reads numbers in events/.../format.
 *
 * The staging headers (include/trace/stages/describe.h) emit one
 * struct trace_eval_map { system, "X" or "sizeof(T)", value } per use,
 * listed in section _ftrace_eval_map (a module's in mod->trace_evals).
 * A map applies to the event calls whose class->system is the very
 * pointer of the map's system (the TRACE_SYSTEM string of the same
 * object), not merely an equal string.  Built-in maps are applied from
 * the "eval_map_wq" workqueue at boot (queued at subsys_initcall,
 * flushed at late_initcall_sync); a module's maps when it is COMING,
 * after its events exist (the event registry's module notifier has a
 * higher priority than ours).  Every event call of the set also has the
 * __attribute__((...)) parts of its field types removed, a map or not.
 *
 * The substitution is textual and its rules show in the format files,
 * so they are an interface, quirks included (eval.rst):
 *
 *   print fmt (trace_eval_fmt_apply(), once per map, left to right):
 *   - a backslash and the byte after it are skipped, inside or outside
 *     double quotes; text between double quotes is skipped;
 *   - a number (a digit and the letters and digits after it, 10UL) is
 *     skipped, and so is the byte after it, unseen: in 1"x" the quote
 *     does not open a string;
 *   - an identifier equal to the map's name, as a whole word, becomes
 *     the decimal value, written in place (the print fmt is a writable
 *     array; the staging headers make it one); the byte after the value
 *     is skipped unseen;
 *   - any other identifier is skipped together with the members it
 *     reaches through '.' and '->' (so REC->X is never replaced); the
 *     byte after a '.'/'->' is taken as part of the member whatever it
 *     is, and the byte after the whole chain is skipped unseen;
 *   - a value longer than the name is refused with a warning, and the
 *     rest of that print fmt is left as it is for that map.
 *
 *   field types (eval_fix_fields()):
 *   - every "__attribute__(...)" that starts the type, follows a blank,
 *     or starts where the previous search stopped is removed with the
 *     blanks after it (unbalanced parentheses: warning, type kept);
 *   - after the first '[', a name that begins with the map's name
 *     (a prefix, not a whole word) has that prefix
 *     replaced by the value; a field whose filter type was "other" is
 *     typed again from the new text.
 *
 * With CONFIG_TRACE_EVAL_MAP_FILE the maps are also listed in tracefs
 * "eval_map" as "NAME VALUE (SYSTEM)", built-in first, then modules in
 * load order.
 *
 * Locks: the rewriting runs under event_mutex, then trace_event_sem for
 * writing (readers of print_fmt and field types hold one or the other).
 * eval_map_lock (a leaf mutex) protects the eval_map list.  Everything
 * here runs in process context and may sleep.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "output/trace_output.h"
#include "trace_eval.h"
#include "trace_event.h"

/* Room for "%ld" of any long, NUL included. */
#define EVAL_VALUE_MAX	24

static bool eval_ident_char(char c)
{
	return isalnum(c) || c == '_';
}

/**
 * trace_eval_put_value - write @value over the name at @at, in place
 * @at: the first byte of the name inside a NUL-terminated string
 * @name_len: bytes of the name
 * @value: the value, printed as %ld
 *
 * The rest of the string moves up to follow the value.
 *
 * Return: the length of the value, or -E2BIG (nothing written) when it
 * is longer than the name.
 */
int trace_eval_put_value(char *at, size_t name_len, long value)
{
	char text[EVAL_VALUE_MAX];
	int len = snprintf(text, sizeof(text), "%ld", value);

	if ((size_t)len > name_len)
		return -E2BIG;
	memcpy(at, text, len);
	memmove(at + len, at + name_len, strlen(at + name_len) + 1);
	return len;
}

/*
 * @p starts an identifier that is not replaced: return the first byte
 * after it and after every member it reaches through '.' or '->'.
 */
static char *eval_skip_chain(char *p)
{
	p++;
	for (;;) {
		while (eval_ident_char(*p))
			p++;
		if (*p == '.')
			p++;
		else if (p[0] == '-' && p[1] == '>')
			p += 2;
		else
			return p;
		if (!*p)
			return p;
		/* The member's first byte, whatever it is. */
		p++;
	}
}

/**
 * trace_eval_fmt_apply - replace @map's name by its value in a print fmt
 * @fmt: the print fmt, rewritten in place (it only gets shorter)
 * @map: the map
 *
 * The rules are in the comment at the top of this file.
 *
 * Return: 0, or -E2BIG when a value did not fit in place of its name
 * (the replacements before it stay, the text after it is untouched).
 */
int trace_eval_fmt_apply(char *fmt, const struct trace_eval_map *map)
{
	size_t name_len = strlen(map->eval_string);
	bool quoted = false;
	char *p = fmt;
	int len;

	while (*p) {
		if (*p == '\\') {
			if (!p[1])
				break;
			p += 2;
			continue;
		}
		if (*p == '"') {
			quoted = !quoted;
			p++;
			continue;
		}
		if (quoted || (!isalnum(*p) && *p != '_')) {
			p++;
			continue;
		}

		if (isdigit(*p)) {
			do
				p++;
			while (isalnum(*p));
		} else if (!strncmp(p, map->eval_string, name_len) &&
			   !eval_ident_char(p[name_len])) {
			len = trace_eval_put_value(p, name_len, map->eval_value);
			if (len < 0)
				return len;
			p += len;
		} else {
			p = eval_skip_chain(p);
		}
		/* The byte after a number, a value or a chain: unseen. */
		if (!*p)
			break;
		p++;
	}
	return 0;
}

#define EVAL_ATTR	"__attribute__("
#define EVAL_ATTR_LEN	(sizeof(EVAL_ATTR) - 1)

/* After the "(" of "__attribute__(": the byte after its matching ')'. */
static char *eval_attr_end(char *p)
{
	int depth = 1;

	while (depth) {
		p = strpbrk(p, "()");
		if (!p)
			return NULL;
		depth += *p == '(' ? 1 : -1;
		p++;
	}
	return p;
}

/**
 * trace_eval_strip_attrs - @type without its __attribute__((...)) parts
 * @type: a field type
 * @out: @type itself when there is nothing to remove, else a new string
 *	(kmalloc'ed) without them
 *
 * Return: 0; -ENOMEM; -EINVAL for unbalanced parentheses (*@out is @type).
 */
int trace_eval_strip_attrs(const char *type, char **out)
{
	char *copy = NULL, *from = (char *)type, *at, *end;

	*out = (char *)type;
	while ((at = strstr(from, EVAL_ATTR))) {
		if (at != from && !isspace(at[-1])) {
			from = at + EVAL_ATTR_LEN;
			continue;
		}
		if (!copy) {
			copy = kstrdup(type, GFP_KERNEL);
			if (!copy)
				return -ENOMEM;
			at = copy + (at - type);
		}
		end = eval_attr_end(at + EVAL_ATTR_LEN);
		if (!end) {
			kfree(copy);
			return -EINVAL;
		}
		end = skip_spaces(end);
		memmove(at, end, strlen(end) + 1);
		from = at;
	}
	if (copy)
		*out = copy;
	return 0;
}

/**
 * trace_eval_type_slot - where @name stands as an array length in @type
 * @type: a field type such as "char[TASK_COMM_LEN]"
 * @name: a map's name
 *
 * Return: the position after the first '[' if an identifier starts
 * there and begins with @name (a prefix match), else NULL.
 */
char *trace_eval_type_slot(char *type, const char *name)
{
	char *p = strchr(type, '[');

	if (!p)
		return NULL;
	p++;
	if (!isalpha(*p) && *p != '_')
		return NULL;
	if (strncmp(p, name, strlen(name)))
		return NULL;
	return p;
}

/*
 * Field type strings allocated for a module's events, freed when the
 * module is gone (its events went first: the registry's notifier runs
 * before ours).  Those of built-in events live for good.  event_mutex.
 */
struct eval_mod_string {
	struct list_head	node;
	struct module		*mod;
	char			*str;
};

static LIST_HEAD(eval_mod_strings);

static void eval_keep_string(struct module *mod, char *str)
{
	struct eval_mod_string *ms;

	if (!mod)
		return;
	ms = kmalloc(sizeof(*ms), GFP_KERNEL);
	/* Without the record the string outlives the module: a leak only. */
	if (WARN_ON_ONCE(!ms))
		return;
	ms->mod = mod;
	ms->str = str;
	list_add(&ms->node, &eval_mod_strings);
}

static void eval_free_strings(struct module *mod)
{
	struct eval_mod_string *ms, *tmp;

	mutex_lock(&event_mutex);
	list_for_each_entry_safe(ms, tmp, &eval_mod_strings, node) {
		if (ms->mod != mod)
			continue;
		list_del(&ms->node);
		kfree(ms->str);
		kfree(ms);
	}
	mutex_unlock(&event_mutex);
}

/* The field types of @call: attributes out, @map (if any) in. */
static void eval_fix_fields(struct trace_event_call *call,
			    const struct trace_eval_map *map)
{
	struct ftrace_event_field *field;
	char *type, *slot;
	int err;

	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		return;

	list_for_each_entry(field, trace_get_fields(call), link) {
		err = trace_eval_strip_attrs(field->type, &type);
		if (WARN_ON_ONCE(err == -ENOMEM))
			return;
		WARN_ONCE(err == -EINVAL, "%s: unbalanced __attribute__ in \"%s\"\n",
			  trace_event_name(call), field->type);

		slot = map ? trace_eval_type_slot(type, map->eval_string) : NULL;
		if (slot) {
			if (type == field->type) {
				type = kstrdup(field->type, GFP_KERNEL);
				if (WARN_ON_ONCE(!type))
					return;
				slot = type + (slot - field->type);
			}
			err = trace_eval_put_value(slot,
						   strlen(map->eval_string),
						   map->eval_value);
			if (WARN_ONCE(err < 0, "%s: value of %s longer than its name\n",
				      trace_event_name(call), map->eval_string)) {
				kfree(type);
				continue;
			}
		}
		if (type == field->type)
			continue;

		eval_keep_string(call->module, type);
		field->type = type;
		if (field->filter_type == FILTER_OTHER)
			field->filter_type = filter_assign_type(type);
	}
}

static void eval_fix_fmt(struct trace_event_call *call,
			 const struct trace_eval_map *map)
{
	if (!call->print_fmt)
		return;
	WARN_ONCE(trace_eval_fmt_apply(call->print_fmt, map),
		  "%s: value of %s longer than its name\n",
		  trace_event_name(call), map->eval_string);
}

/**
 * trace_eval_update_call - apply the maps of @call's system to @call
 * @call: an event call
 * @map: maps of any systems
 * @len: number of maps
 *
 * Every map whose system is the very pointer of @call's class system,
 * in order: print fmt, then field types.  A call that no map concerns
 * still has its field types' attributes removed.
 *
 * Context: process; the caller excludes readers of the call's print fmt
 * and fields (event_mutex and trace_event_sem, or a private call).
 */
void trace_eval_update_call(struct trace_event_call *call,
			    struct trace_eval_map **map, int len)
{
	bool hit = false;
	int i;

	for (i = 0; i < len; i++) {
		if (map[i]->system != call->class->system)
			continue;
		eval_fix_fmt(call, map[i]);
		eval_fix_fields(call, map[i]);
		hit = true;
	}
	if (!hit)
		eval_fix_fields(call, NULL);
}

/**
 * trace_event_update_all - apply a set of eval maps to event calls
 * @map: the maps (pointers, as in the _ftrace_eval_map section)
 * @len: number of maps, may be 0
 * @mod: only the calls of this module; NULL for every call
 *
 * Each call as trace_eval_update_call() says.
 *
 * Context: process; takes event_mutex and trace_event_sem (write).
 */
void trace_event_update_all(struct trace_eval_map **map, int len,
			    struct module *mod)
{
	struct trace_event_call *call;

	mutex_lock(&event_mutex);
	down_write(&trace_event_sem);
	list_for_each_entry(call, &ftrace_events, list) {
		if (mod && call->module != mod)
			continue;
		trace_eval_update_call(call, map, len);
		cond_resched();
	}
	up_write(&trace_event_sem);
	mutex_unlock(&event_mutex);
}

#ifdef CONFIG_TRACE_EVAL_MAP_FILE
/* The maps of one object (vmlinux or a module), copied. */
struct eval_block {
	struct list_head	node;
	struct module		*mod;
	unsigned int		nr;
	struct trace_eval_map	maps[] __counted_by(nr);
};

/* eval_blocks, in load order.  A leaf lock. */
static DEFINE_MUTEX(eval_map_lock);
static LIST_HEAD(eval_blocks);

static void eval_file_add(struct module *mod, struct trace_eval_map **map,
			  int len)
{
	struct eval_block *blk;
	int i;

	/* Without memory the maps still apply; they are just not listed. */
	blk = kmalloc(struct_size(blk, maps, len), GFP_KERNEL);
	if (!blk)
		return;
	blk->mod = mod;
	blk->nr = len;
	for (i = 0; i < len; i++)
		blk->maps[i] = *map[i];

	mutex_lock(&eval_map_lock);
	list_add_tail(&blk->node, &eval_blocks);
	mutex_unlock(&eval_map_lock);
}

static void eval_file_remove(struct module *mod)
{
	struct eval_block *blk;

	mutex_lock(&eval_map_lock);
	list_for_each_entry(blk, &eval_blocks, node) {
		if (blk->mod == mod) {
			list_del(&blk->node);
			kfree(blk);
			break;
		}
	}
	mutex_unlock(&eval_map_lock);
}

/*
 * The seq_file walk: the position counts maps across blocks; m->private
 * is the block of the map being shown.  eval_map_lock from start to stop.
 */
static void *eval_seq_at(struct seq_file *m, struct eval_block *blk,
			 loff_t skip)
{
	list_for_each_entry_from(blk, &eval_blocks, node) {
		if (skip < blk->nr) {
			m->private = blk;
			return &blk->maps[skip];
		}
		skip -= blk->nr;
	}
	return NULL;
}

static void *eval_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&eval_map_lock);
	return eval_seq_at(m, list_first_entry(&eval_blocks, struct eval_block,
					       node), *pos);
}

static void *eval_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct eval_block *blk = m->private;
	struct trace_eval_map *map = v;

	++*pos;
	return eval_seq_at(m, blk, map - blk->maps + 1);
}

static void eval_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&eval_map_lock);
}

static int eval_seq_show(struct seq_file *m, void *v)
{
	const struct trace_eval_map *map = v;

	seq_printf(m, "%s %ld (%s)\n", map->eval_string,
		   (long)map->eval_value, map->system);
	return 0;
}

static const struct seq_operations eval_seq_ops = {
	.start	= eval_seq_start,
	.next	= eval_seq_next,
	.stop	= eval_seq_stop,
	.show	= eval_seq_show,
};

static int eval_map_open(struct inode *inode, struct file *file)
{
	int err = tracing_check_open_get_tr(NULL);

	return err ? err : seq_open(file, &eval_seq_ops);
}

static const struct file_operations eval_map_fops = {
	.open		= eval_map_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_create_eval_file - create tracefs "eval_map" under @d_tracer
 * @d_tracer: the tracefs top directory (NULL)
 */
void trace_create_eval_file(struct dentry *d_tracer)
{
	trace_create_file("eval_map", TRACE_MODE_READ, d_tracer, NULL,
			  &eval_map_fops);
}
#else
static void eval_file_add(struct module *mod, struct trace_eval_map **map,
			  int len)
{
}

static void eval_file_remove(struct module *mod)
{
}
#endif /* CONFIG_TRACE_EVAL_MAP_FILE */

/*
 * Apply the maps of one object (vmlinux, or @mod) and list them.  With
 * no maps there are still attributes to remove, but only a BTF build
 * with type tags puts any into field types.
 */
static void eval_apply_set(struct module *mod, struct trace_eval_map **map,
			   int len)
{
	if (len <= 0 && !(IS_ENABLED(CONFIG_DEBUG_INFO_BTF) &&
			  IS_ENABLED(CONFIG_PAHOLE_HAS_BTF_TAG) &&
			  __has_attribute(btf_type_tag)))
		return;

	trace_event_update_all(map, len, mod);
	if (len > 0)
		eval_file_add(mod, map, len);
}

/*
 * Built-in maps are applied off the boot path.  trace_dir_files.c also
 * queues the creation of the top directory's files on this queue.
 */
struct workqueue_struct *eval_map_wq __initdata;
static struct work_struct eval_boot_work __initdata;

static void __init eval_boot_apply(struct work_struct *work)
{
	eval_apply_set(NULL, __start_ftrace_eval_maps,
		       __stop_ftrace_eval_maps - __start_ftrace_eval_maps);
}

#ifdef CONFIG_MODULES
static int eval_module_notify(struct notifier_block *nb, unsigned long state,
			      void *data)
{
	struct module *mod = data;

	switch (state) {
	case MODULE_STATE_COMING:
		/* A module with a bad taint gets no events, so no maps. */
		if (!trace_module_has_bad_taint(mod))
			eval_apply_set(mod, mod->trace_evals,
				       mod->num_trace_evals);
		break;
	case MODULE_STATE_GOING:
		if (mod->num_trace_evals)
			eval_file_remove(mod);
		eval_free_strings(mod);
		break;
	}
	return NOTIFY_OK;
}

/* Priority 0: after the event registry's notifier (1) both ways. */
static struct notifier_block eval_module_nb = {
	.notifier_call	= eval_module_notify,
};
#endif

static int __init trace_eval_start(void)
{
#ifdef CONFIG_MODULES
	register_module_notifier(&eval_module_nb);
#endif
	INIT_WORK(&eval_boot_work, eval_boot_apply);
	eval_map_wq = alloc_workqueue("eval_map_wq", WQ_UNBOUND, 0);
	if (!eval_map_wq) {
		pr_err("trace: no eval_map_wq, applying eval maps now\n");
		eval_boot_apply(&eval_boot_work);
		return -ENOMEM;
	}
	queue_work(eval_map_wq, &eval_boot_work);
	return 0;
}
subsys_initcall(trace_eval_start);

/* Everything queued on eval_map_wq is done before init memory goes. */
static int __init trace_eval_finish(void)
{
	if (eval_map_wq)
		destroy_workqueue(eval_map_wq);
	return 0;
}
late_initcall_sync(trace_eval_finish);
