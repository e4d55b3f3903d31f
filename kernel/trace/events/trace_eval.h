/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What trace_eval.c offers: the boot workqueue and the eval_map file,
 * which the top directory's set-up uses (trace_dir_files.c), and the
 * text rewriting shared with its KUnit suite (trace_eval_kunit.c): the
 * string functions (no locks) and the rewriting of one event call;
 * each is described where it is defined.
 */
#ifndef _KERNEL_TRACE_EVAL_H
#define _KERNEL_TRACE_EVAL_H

#include <linux/trace_events.h>

struct dentry;
struct workqueue_struct;

/*
 * The boot work (applying the built-in maps, creating the top
 * directory's files) is queued here; NULL if it could not be allocated,
 * and gone after late_initcall_sync.
 */
extern struct workqueue_struct *eval_map_wq;

/* Create eval_map in the top directory. */
#ifdef CONFIG_TRACE_EVAL_MAP_FILE
void trace_create_eval_file(struct dentry *d_tracer);
#else
static inline void trace_create_eval_file(struct dentry *d_tracer) { }
#endif

/* The built-in maps (section _ftrace_eval_map, bounds from the linker). */
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

int trace_eval_fmt_apply(char *fmt, const struct trace_eval_map *map);
int trace_eval_strip_attrs(const char *type, char **out);
char *trace_eval_type_slot(char *type, const char *name);
int trace_eval_put_value(char *at, size_t name_len, long value);
void trace_eval_update_call(struct trace_event_call *call,
			    struct trace_eval_map **map, int len);

#endif /* _KERNEL_TRACE_EVAL_H */
