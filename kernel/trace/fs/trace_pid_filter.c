// SPDX-License-Identifier: GPL-2.0
/*
 * The pid filter: what the pid files share (set_event_pid,
 * set_event_notrace_pid, and with the function tracer set_ftrace_pid,
 * set_ftrace_notrace_pid): the verdict "trace this task?", following
 * forks and exits, listing a set through a seq_file, and parsing a
 * write into a new set.
 *
 * The sets themselves are trace_pid.c's (an object that knows nothing
 * of tasks, files or parsers); this file is the layer above it that the
 * event registry (trace_event_pid.c) and the function tracer use.
 *
 * A write replaces the set as a whole: trace_pid_write() builds a new
 * set (the old one's pids first, unless the caller truncates by passing
 * NULL), adds every number written, and hands it back; the caller
 * publishes it with rcu_assign_pointer() under event_mutex and frees
 * the old one after tracepoint_synchronize_unregister().  A write that
 * fails changes nothing.  A set left empty is returned as NULL ("no
 * filter").
 *
 * Listing: a seq_file walks the set with trace_pid_start()/_next(); the
 * cursor is the pid plus one, so that pid 0 is not the NULL that ends
 * the walk.
 *
 * Contexts: trace_find_filtered_pid() and trace_ignore_this_task() in
 * any context, NMI included (lookups of trace_pid.c); the fork/exit
 * update wherever the sched_process_fork/exit probes run (never NMI);
 * the rest in process context under the caller's event_mutex.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/seq_file.h>

#include "events/trace_event.h"
#include "lib/trace_pid.h"

/**
 * trace_find_filtered_pid - is @search_pid in @filtered_pids?
 * @filtered_pids: a set (not NULL)
 * @search_pid: the pid
 */
bool trace_find_filtered_pid(struct trace_pid_list *filtered_pids,
			     pid_t search_pid)
{
	return trace_pid_list_is_set(filtered_pids, search_pid);
}

/**
 * trace_ignore_this_task - should @task's events be dropped?
 * @filtered_pids: the pids to trace, or NULL for all
 * @filtered_no_pids: the pids never to trace, or NULL for none
 * @task: the task
 *
 * Return: true to drop (not in a non-NULL @filtered_pids, or in
 * @filtered_no_pids), false to trace.
 */
bool trace_ignore_this_task(struct trace_pid_list *filtered_pids,
			    struct trace_pid_list *filtered_no_pids,
			    struct task_struct *task)
{
	pid_t pid = task->pid;

	if (filtered_no_pids && trace_find_filtered_pid(filtered_no_pids, pid))
		return true;
	return filtered_pids && !trace_find_filtered_pid(filtered_pids, pid);
}

/**
 * trace_filter_add_remove_task - follow a fork or an exit in a set
 * @pid_list: the set, or NULL (nothing to do)
 * @self: on fork, the parent; NULL on exit
 * @task: the child (fork) or the task leaving (exit)
 *
 * A child joins the set only if its parent is in it; a task that exits
 * leaves it.  If the set cannot grow in the fork probe's context, the
 * child is not followed (trace_pid.c).
 */
void trace_filter_add_remove_task(struct trace_pid_list *pid_list,
				  struct task_struct *self,
				  struct task_struct *task)
{
	if (!pid_list)
		return;

	if (!self) {
		trace_pid_list_clear(pid_list, task->pid);
		return;
	}
	if (trace_find_filtered_pid(pid_list, self->pid))
		trace_pid_list_set(pid_list, task->pid);
}

/**
 * trace_pid_next - seq_file next: the pid after cursor @v
 * @pid_list: the set
 * @v: the cursor (the last pid shown, plus one)
 * @pos: the seq_file position, advanced
 *
 * Return: the next cursor, or NULL at the end.
 */
void *trace_pid_next(struct trace_pid_list *pid_list, void *v, loff_t *pos)
{
	unsigned int from = (unsigned long)v;	/* last pid + 1 */
	unsigned int found;

	++*pos;
	if (trace_pid_list_next(pid_list, from, &found) < 0)
		return NULL;
	return (void *)((unsigned long)found + 1);
}

/**
 * trace_pid_start - seq_file start: the cursor at position *@pos
 * @pid_list: the set
 * @pos: the seq_file position
 *
 * Return: the cursor of the *@pos-th pid (from 0), or NULL past the end.
 */
void *trace_pid_start(struct trace_pid_list *pid_list, loff_t *pos)
{
	unsigned int first;
	loff_t at = 0;
	void *cursor;

	if (trace_pid_list_first(pid_list, &first) < 0)
		return NULL;

	cursor = (void *)((unsigned long)first + 1);
	while (cursor && at < *pos)
		cursor = trace_pid_next(pid_list, cursor, &at);
	return cursor;
}

/**
 * trace_pid_show - seq_file show: one pid a line
 * @m: the seq_file
 * @v: the cursor (pid + 1)
 */
int trace_pid_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

/* Longest number a pid file accepts, in characters. */
#define PID_WORD_MAX	127

/* Copy every pid of @from into @to; the count, or a negative errno. */
static int pid_set_copy(struct trace_pid_list *to,
			struct trace_pid_list *from)
{
	unsigned int pid;
	int copied = 0;
	int ret;

	for (ret = trace_pid_list_first(from, &pid); !ret;
	     ret = trace_pid_list_next(from, pid + 1, &pid)) {
		ret = trace_pid_list_set(to, pid);
		if (ret < 0)
			return ret;
		copied++;
	}
	return copied;
}

/*
 * Add each number written to @set: the bytes consumed, or -EINVAL for
 * a word that is not a number (or too long), -EPERM for a pid the set
 * refuses.  Blanks only (or nothing after the last word) end it.
 */
static ssize_t pid_words_add(struct trace_pid_list *set,
			     struct trace_parser *parser,
			     const char __user *ubuf, size_t cnt, int *nr_pids)
{
	size_t consumed = 0;

	while (consumed < cnt) {
		unsigned long val;
		loff_t pos = 0;	/* each word stands alone */
		int n;

		n = trace_get_user(parser, ubuf + consumed, cnt - consumed,
				   &pos);
		if (n < 0)
			return n;
		consumed += n;
		if (!trace_parser_loaded(parser))
			break;
		if (kstrtoul(parser->buffer, 0, &val))
			return -EINVAL;
		if (trace_pid_list_set(set, (pid_t)val) < 0)
			return -EPERM;
		++*nr_pids;
		trace_parser_clear(parser);
	}
	return consumed;
}

/**
 * trace_pid_write - parse a write to a pid file into a new set
 * @filtered_pids: the current set to add to, or NULL to start empty
 * @new_pid_list: where to return the new set (NULL if it is empty)
 * @ubuf: the user buffer: pids separated by blanks
 * @cnt: its length
 *
 * Return: the bytes consumed; -ENOMEM; -EINVAL for a word that is not
 * a number (or too long); -EPERM (a bare -1) for a pid the set
 * cannot hold (2^30 and up).  On error nothing is returned in
 * *@new_pid_list and the new set is freed.
 */
int trace_pid_write(struct trace_pid_list *filtered_pids,
		    struct trace_pid_list **new_pid_list,
		    const char __user *ubuf, size_t cnt)
{
	struct trace_pid_list *pid_list;
	struct trace_parser parser;
	int nr_pids = 0;
	ssize_t ret;

	if (trace_parser_get_init(&parser, PID_WORD_MAX + 1))
		return -ENOMEM;

	pid_list = trace_pid_list_alloc();
	ret = pid_list ? 0 : -ENOMEM;
	if (!ret && filtered_pids) {
		ret = pid_set_copy(pid_list, filtered_pids);
		nr_pids = ret;
	}
	if (ret >= 0)
		ret = pid_words_add(pid_list, &parser, ubuf, cnt, &nr_pids);
	trace_parser_put(&parser);

	/* A failed write changes nothing; an empty set is no filter. */
	if (ret < 0 || !nr_pids) {
		trace_pid_list_free(pid_list);
		pid_list = NULL;
	}
	if (ret < 0)
		return ret;
	*new_pid_list = pid_list;
	return ret;
}
