// SPDX-License-Identifier: GPL-2.0
/*
 * events/<system>/<event>/inject: a line of text becomes one record of
 * the event, written to the instance of the file as if the event had
 * fired.  For testing what reads records (the identity selftest injects
 * a record of every event on both kernels and compares the lines).
 *
 * The line is "name=value name=value ...", separated by white space:
 *
 *   name    a field of the event, a common_* field or a generic one
 *           (trace_find_event_field());
 *   value   a number (kstrtoll()/kstrtoull() base 0, so 0x.. and 0..
 *           too) for a numeric field of 1, 2, 4 or 8 bytes, truncated to
 *           its size; or a quoted string, '...' or "...", for a string
 *           field.  A backslash keeps the next character from closing the
 *           string but stays in it: nothing is unescaped.
 *
 * Fields not named keep zero, strings the empty string; the common
 * fields start as the writer's own context (type, flags, preempt count,
 * pid), and naming one overrides it.  A string goes where the field
 * keeps it: copied and cut to size in a fixed array, appended to the
 * record for a __string() or __rel_string() (the record grows, its
 * offset/length word is set), and for a field that holds a pointer to a
 * string a pointer to a constant placeholder: injected text cannot
 * outlive the write.
 *
 * The errors and their order are an interface (user space tests them):
 *
 *   -EINVAL  a line of PAGE_SIZE bytes or more; a pair without a name,
 *            without '=', with neither a number nor a quote after it; a
 *            number for a string field or a string for a numeric one;
 *            garbage after a number; an unclosed quote; a string of
 *            MAX_FILTER_STR_VAL bytes or more; a function field; a
 *            numeric field of another size
 *   -ERANGE  a number that does not fit 64 bits (kstrto*())
 *   -ENOENT  no such field
 *   -ENODEV  the event went away while the file was open
 *   -EPERM   reading the file
 *
 * A valid line is consumed whole even if no record could be written
 * (tracing off, a pid filter): the write returns its length.  An
 * empty line writes a record of defaults.
 *
 * Context: process, may sleep.  The whole write runs under event_mutex
 * (the event file cannot go away); the record is reserved and committed
 * with preemption off, as a tracepoint probe would.
 */
#include <linux/cleanup.h>
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "trace_event.h"

/* What a pointer-to-string field of an injected record points to. */
static const char inject_ptr_placeholder[] = "STATIC STRING CAN NOT BE INJECTED";

/* A record being built: its bytes and how many of them there are. */
struct inject_rec {
	void	*data;
	int	size;
};

DEFINE_FREE(kfree_rec, struct inject_rec, kfree(_T.data))

/* One "name=value" pair as parsed: the field and its value. */
struct inject_pair {
	struct ftrace_event_field	*field;
	u64				number;
	const char			*text;	/* a string value, or NULL */
};

static char *skip_blanks(char *p)
{
	while (isspace(*p))
		p++;
	return p;
}

/* Bytes of the fixed part of @call's record: past its furthest field. */
static int inject_fixed_size(struct trace_event_call *call)
{
	struct ftrace_event_field *field;
	int end = 0;

	list_for_each_entry(field, trace_get_fields(call), link)
		end = max(end, field->offset + field->size);
	return end;
}

/*
 * The offset/length word of a __string() (absolute offset) or
 * __rel_string() (offset from the end of the word) whose text starts at
 * byte @at of the record.
 */
static u32 inject_dyn_word(struct ftrace_event_field *field, int at, int len)
{
	int where = at & 0xffff;

	if (field->filter_type == FILTER_RDYN_STRING)
		where -= field->offset + field->size;
	return ((u32)len << 16) | (u32)where;
}

static bool is_dyn_string(struct ftrace_event_field *field)
{
	return field->filter_type == FILTER_DYN_STRING ||
	       field->filter_type == FILTER_RDYN_STRING;
}

/*
 * A zeroed record of @call with every string empty, one spare NUL byte
 * at the end (where empty dynamic strings point), and the writer's
 * context in the common fields.  The fixed part is never shorter than
 * the common fields, which an event without fields of its own has too.
 */
static int inject_rec_init(struct inject_rec *rec,
			   struct trace_event_call *call)
{
	struct ftrace_event_field *field;
	int fixed = max_t(int, inject_fixed_size(call),
			  sizeof(struct trace_entry));

	rec->size = fixed + 1;
	rec->data = kzalloc(rec->size, GFP_KERNEL);
	if (!rec->data)
		return -ENOMEM;

	list_for_each_entry(field, trace_get_fields(call), link) {
		void *slot = rec->data + field->offset;

		if (!is_string_field(field) ||
		    field->filter_type == FILTER_STATIC_STRING)
			continue;
		if (is_dyn_string(field))
			*(u32 *)slot = inject_dyn_word(field, fixed, 0);
		else
			*(const char **)slot = "";
	}

	tracing_generic_entry_update(rec->data, call->event.type,
				     tracing_gen_ctx());
	return 0;
}

/* Append @text (with its NUL) to the record for dynamic string @field. */
static int inject_rec_append(struct inject_rec *rec,
			     struct ftrace_event_field *field,
			     const char *text)
{
	int len = strlen(text) + 1;
	int at = rec->size;
	void *grown;

	grown = krealloc(rec->data, rec->size + len, GFP_KERNEL);
	if (!grown)
		return -ENOMEM;
	rec->data = grown;
	rec->size += len;

	memcpy(rec->data + at, text, len);
	*(u32 *)(rec->data + field->offset) = inject_dyn_word(field, at, len);
	return 0;
}

/* Store a numeric value, cut to the field's size. */
static int inject_rec_number(struct inject_rec *rec,
			     struct ftrace_event_field *field, u64 number)
{
	void *slot = rec->data + field->offset;

	switch (field->size) {
	case sizeof(u8):
		*(u8 *)slot = number;
		return 0;
	case sizeof(u16):
		put_unaligned((u16)number, (u16 *)slot);
		return 0;
	case sizeof(u32):
		put_unaligned((u32)number, (u32 *)slot);
		return 0;
	case sizeof(u64):
		put_unaligned(number, (u64 *)slot);
		return 0;
	}
	return -EINVAL;
}

static int inject_rec_set(struct inject_rec *rec, struct inject_pair *pair)
{
	struct ftrace_event_field *field = pair->field;

	if (is_function_field(field))
		return -EINVAL;
	if (!is_string_field(field))
		return inject_rec_number(rec, field, pair->number);

	if (field->filter_type == FILTER_STATIC_STRING) {
		strscpy(rec->data + field->offset, pair->text, field->size);
		return 0;
	}
	if (is_dyn_string(field))
		return inject_rec_append(rec, field, pair->text);

	*(const char **)(rec->data + field->offset) = inject_ptr_placeholder;
	return 0;
}

/*
 * The value of a pair, at @p: a number ending at white space or the end
 * of the line, or a quoted string (closed in place with a NUL).  Returns
 * where parsing goes on, or an ERR_PTR().
 */
static char *inject_parse_value(char *p, struct inject_pair *pair)
{
	struct ftrace_event_field *field = pair->field;
	char *start = p, *end, saved;
	int err;

	if (isdigit(*p) || *p == '-') {
		if (is_string_field(field))
			return ERR_PTR(-EINVAL);
		end = p + (*p == '-');
		while (isalnum(*end))
			end++;
		saved = *end;
		if (saved && !isspace(saved))
			return ERR_PTR(-EINVAL);

		*end = '\0';
		if (field->is_signed) {
			s64 sval;

			err = kstrtoll(start, 0, &sval);
			pair->number = sval;
		} else {
			err = kstrtoull(start, 0, &pair->number);
		}
		*end = saved;
		return err ? ERR_PTR(err) : end;
	}

	if (*p == '"' || *p == '\'') {
		char quote = *p;

		if (!is_string_field(field))
			return ERR_PTR(-EINVAL);
		for (end = p + 1; *end && *end != quote; end++) {
			if (*end == '\\' && end[1])
				end++;
		}
		if (!*end || end - (p + 1) >= MAX_FILTER_STR_VAL)
			return ERR_PTR(-EINVAL);

		*end = '\0';
		pair->text = p + 1;
		return end + 1;
	}

	return ERR_PTR(-EINVAL);
}

/*
 * The next "name=value" pair of the line at @p into @pair.  Returns
 * where the next pair starts, NULL at the end of the line, or an
 * ERR_PTR().
 */
static char *inject_parse_pair(char *p, struct trace_event_call *call,
			       struct inject_pair *pair)
{
	char *name, *end, saved;

	if (!*p)
		return NULL;

	name = skip_blanks(p);
	for (end = name; isalnum(*end) || *end == '_'; end++)
		;
	if (end == name)
		return ERR_PTR(-EINVAL);

	/* The field's name, cut out in place for the lookup. */
	saved = *end;
	*end = '\0';
	pair->field = trace_find_event_field(call, name);
	*end = saved;
	if (!pair->field)
		return ERR_PTR(-ENOENT);

	end = skip_blanks(end);
	if (*end != '=')
		return ERR_PTR(-EINVAL);

	pair->text = NULL;
	return inject_parse_value(skip_blanks(end + 1), pair);
}

/* Build @call's record from @line into @rec (freed by the caller). */
static int inject_build(struct inject_rec *rec, struct trace_event_call *call,
			char *line)
{
	struct inject_pair pair;
	char *p = line;
	int err;

	err = inject_rec_init(rec, call);
	if (err)
		return err;

	for (;;) {
		p = inject_parse_pair(p, call, &pair);
		if (IS_ERR_OR_NULL(p))
			return PTR_ERR_OR_ZERO(p);
		err = inject_rec_set(rec, &pair);
		if (err)
			return err;
	}
}

/* Write @rec into @file's instance; false if no room was given. */
static bool inject_commit(struct trace_event_file *file,
			  struct inject_rec *rec)
{
	struct trace_event_buffer fbuffer;
	void *entry;

	rcu_read_lock_sched();
	entry = trace_event_buffer_reserve(&fbuffer, file, rec->size);
	if (entry) {
		memcpy(entry, rec->data, rec->size);
		trace_event_buffer_commit(&fbuffer);
	}
	rcu_read_unlock_sched();
	return entry;
}

/*
 * Inject @line into the event of @filp; the bytes to account in *ppos
 * (0 if no record could be written), or an errno.
 */
static int inject_line(struct file *filp, char *line)
{
	struct inject_rec rec __free(kfree_rec) = { };
	struct trace_event_file *file;
	int err;

	guard(mutex)(&event_mutex);
	file = event_file_file(filp);
	if (!file)
		return -ENODEV;

	err = inject_build(&rec, file->event_call, line);
	if (err)
		return err;
	return inject_commit(file, &rec) ? rec.size : 0;
}

/* Nothing to read: the read fails with -EPERM. */
static ssize_t event_inject_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return -EPERM;
}

/*
 * The user's line, NUL-terminated, without its trailing blanks (the
 * newline of echo); leading ones stay, the parser skips them.
 */
static char *inject_copy_line(const char __user *ubuf, size_t cnt)
{
	char *line;

	if (cnt >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	line = memdup_user_nul(ubuf, cnt);
	if (!IS_ERR(line))
		strim(line);
	return line;
}

static ssize_t event_inject_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	char *line __free(kfree) = inject_copy_line(ubuf, cnt);
	int done;

	if (IS_ERR(line))
		return PTR_ERR(line);
	done = inject_line(filp, line);
	if (done < 0)
		return done;
	*ppos += done;
	return cnt;
}

static const struct file_operations event_inject_fops = {
	.open		= tracing_open_file_tr,
	.release	= tracing_release_file_tr,
	.write		= event_inject_write,
	.read		= event_inject_read,
};

/* Events with a type and a probe to fire; write only, owner only. */
static bool inject_file_shown(struct trace_event_call *call, void **data)
{
	return call->event.type && call->class->reg;
}

static const struct evreg_dir_file inject_dir_file = {
	.name	= "inject",
	.mode	= 0200,
	.fops	= &event_inject_fops,
	.shown	= inject_file_shown,
};

/*
 * The last file of every event directory (EVREG_EVENT_INJECT).
 * core_initcall: the registry makes its directories from fs_initcall on.
 */
static __init int inject_init(void)
{
	WARN_ON(evreg_register_event_file(EVREG_EVENT_INJECT,
					  &inject_dir_file));
	return 0;
}
core_initcall(inject_init);
