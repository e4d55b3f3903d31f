/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text rewriting of trace_eval.c, shared with its KUnit suite
 * (trace_eval_kunit.c): the string functions (no locks) and the
 * rewriting of one event call; each is described where it is defined.
 */
#ifndef _TRACE_EVAL_H
#define _TRACE_EVAL_H

#include <linux/trace_events.h>

/* The built-in maps (section _ftrace_eval_map, bounds from the linker). */
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

int trace_eval_fmt_apply(char *fmt, const struct trace_eval_map *map);
int trace_eval_strip_attrs(const char *type, char **out);
char *trace_eval_type_slot(char *type, const char *name);
int trace_eval_put_value(char *at, size_t name_len, long value);
void trace_eval_update_call(struct trace_event_call *call,
			    struct trace_eval_map **map, int len);

#endif /* _TRACE_EVAL_H */
