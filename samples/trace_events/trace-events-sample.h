/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events of the retrace staging sample (samples/trace_events/): every
 * TRACE_EVENT form, field kind and print helper the staging headers
 * support, with arguments that trace-events-sample.c fixes, so that a
 * kernel with retrace's staging and one with upstream's can be compared
 * record by record (tools/testing/selftests/retrace/events_identity.sh).
 *
 * An event header has two halves: above the include guard test, what the
 * header declares for every user; below it (re-read, with
 * TRACE_HEADER_MULTI_READ, by <trace/define_trace.h> in the one object that
 * defines CREATE_TRACE_POINTS), the events.  Each event says what its
 * record holds (TP_STRUCT__entry), how the tracepoint's arguments fill it
 * (TP_fast_assign) and how it prints (TP_printk).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM retrace-sample

/* Not an identifier: the C names use TRACE_SYSTEM_VAR instead. */
#undef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR retrace_sample

#if !defined(_RETRACE_SAMPLE_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _RETRACE_SAMPLE_EVENTS_H

#include <linux/tracepoint.h>
#include <linux/cpumask.h>
#include <linux/socket.h>
#include <linux/in.h>

#ifndef _RETRACE_SAMPLE_TYPES
#define _RETRACE_SAMPLE_TYPES
/* Values printed by name: TRACE_DEFINE_ENUM puts them in the format. */
enum sample_colour {
	SAMPLE_RED = 1,
	SAMPLE_GREEN = 2,
	SAMPLE_BLUE = 4,
};

struct sample_pair {
	u32 lo;
	u32 hi;
};
typedef struct sample_pair sample_pair_t;

struct sample_args {
	int num;
	u64 stamp;
	u64 nsecs;
	unsigned long mask;
	u64 mask64;
	struct sample_pair pair;
	const char *name;
	const char *part;
	int part_len;
	const u16 *vals;
	int nr_vals;
	const unsigned long *bits;
	int nr_bits;
	const struct cpumask *cpus;
	const struct sockaddr_in *addr;
};

int sample_fn_reg(void);
void sample_fn_unreg(void);
#endif

TRACE_DEFINE_ENUM(SAMPLE_RED);
TRACE_DEFINE_ENUM(SAMPLE_GREEN);
TRACE_DEFINE_ENUM(SAMPLE_BLUE);
TRACE_DEFINE_SIZEOF(sample_pair_t);

#define show_colour(c)							\
	__print_symbolic(c, { SAMPLE_RED, "red" }, { SAMPLE_GREEN, "green" }, \
			 { SAMPLE_BLUE, "blue" })
#define show_mask(m)							\
	__print_flags(m, "|", { 0x1, "ONE" }, { 0x2, "TWO" }, { 0x8, "EIGHT" })

/* Fixed-size fields, and the helpers that print them. */
TRACE_EVENT(sample_scalars,
	TP_PROTO(const struct sample_args *a),
	TP_ARGS(a),
	TP_STRUCT__entry(
		__field(int, num)
		__field_ext(u64, stamp, FILTER_OTHER)
		__field(u64, nsecs)
		__field(unsigned long, mask)
		__field(u64, mask64)
		__field_struct(struct sample_pair, pair)
		__field_struct_ext(struct sample_pair, pair2, FILTER_OTHER)
		__array(char, tag, 8)
		__array(u32, words, 4)
		__field(int, size)
	),
	TP_fast_assign(
		__entry->num = a->num;
		__entry->stamp = a->stamp;
		memcpy(__entry->tag, "sample!", sizeof(__entry->tag));
		__entry->nsecs = a->nsecs;
		__entry->mask = a->mask;
		BUILD_BUG_ON(sizeof(__entry->pair) != sizeof(u64));
		__entry->mask64 = a->mask64;
		__entry->pair = a->pair;
		__entry->pair2 = (struct sample_pair){ a->pair.hi, a->pair.lo };
		__entry->words[0] = a->num;
		__entry->words[1] = a->pair.lo;
		memset(&__entry->words[2], 0xab, 2 * sizeof(u32));
		__entry->words[2] = a->pair.hi;
		__entry->size = sizeof(sample_pair_t);
	),
	TP_printk("num=%d colour=%s mask=%s mask64=%s sym64=%s stamp=%llu.%09u ns=%llu.%09u pair=%u/%u pair2=%u/%u tag=%s hex=%s words=%s size=%d",
		  __entry->num, show_colour(__entry->num & 7), show_mask(__entry->mask),
		  __print_flags_u64(__entry->mask64, ",", { 0x100000000ULL, "HIGH" }, { 1, "LOW" }),
		  __print_symbolic_u64(__entry->mask64, { 0x100000001ULL, "BOTH" }),
		  __print_ns_to_secs(__entry->stamp), __print_ns_without_secs(__entry->stamp),
		  __print_ns_to_secs(__entry->nsecs), __print_ns_without_secs(__entry->nsecs),
		  __entry->pair.lo, __entry->pair.hi, __entry->pair2.lo, __entry->pair2.hi,
		  __print_hex(__entry->tag, 4), __print_hex_str(__entry->tag, 7),
		  __print_array(__entry->words, 4, sizeof(u32)),
		  __entry->size == sizeof(sample_pair_t) ? 8 : -1)
);

/* Fields whose size is known only when the event fires. */
TRACE_EVENT(sample_dynamic,
	TP_PROTO(const struct sample_args *a),
	TP_ARGS(a),
	TP_STRUCT__entry(
		__field(int, num)
		__string(name, a->name)
		__string_len(part, a->part, a->part_len)
		__dynamic_array(u16, vals, a->nr_vals)
		__bitmask(bits, a->nr_bits)
		__cpumask(cpus)
		__sockaddr(addr, sizeof(struct sockaddr_in))
	),
	TP_fast_assign(
		__entry->num = a->num;
		__assign_str(name);
		__assign_str(part);
		memcpy(__get_dynamic_array(vals), a->vals,
		       __get_dynamic_array_len(vals));
		__assign_bitmask(bits, a->bits, a->nr_bits);
		__assign_cpumask(cpus, a->cpus);
		__assign_sockaddr(addr, a->addr, sizeof(struct sockaddr_in));
	),
	TP_printk("num=%d name=%s part=%s nvals=%u vals=%s bits=%s cpus=%s addr=%pISpc dump=%s",
		  __entry->num, __get_str(name), __get_str(part),
		  __get_dynamic_array_len(vals) / 2,
		  __print_dynamic_array(vals, sizeof(u16)),
		  __get_bitmask(bits), __get_cpumask(cpus), __get_sockaddr(addr),
		  __print_hex_dump("d:", DUMP_PREFIX_OFFSET, 16, 1,
				   __get_dynamic_array(vals),
				   __get_dynamic_array_len(vals), true))
);

/* The same kinds, located relative to their own locator (__rel_loc). */
TRACE_EVENT(sample_rel,
	TP_PROTO(const struct sample_args *a),
	TP_ARGS(a),
	TP_STRUCT__entry(
		__rel_string(name, a->name)
		__rel_string_len(part, a->part, a->part_len)
		__rel_dynamic_array(u16, vals, a->nr_vals)
		__rel_bitmask(bits, a->nr_bits)
		__rel_cpumask(cpus)
		__rel_sockaddr(addr, sizeof(struct sockaddr_in))
		__field(int, num)
	),
	TP_fast_assign(
		__assign_rel_str(name);
		__assign_rel_str(part);
		memcpy(__get_rel_dynamic_array(vals), a->vals,
		       __get_rel_dynamic_array_len(vals));
		__assign_rel_bitmask(bits, a->bits, a->nr_bits);
		__assign_rel_cpumask(cpus, a->cpus);
		__assign_rel_sockaddr(addr, a->addr, sizeof(struct sockaddr_in));
		__entry->num = a->num;
	),
	TP_printk("num=%d name=%s part=%s nvals=%u bits=%s cpus=%s addr=%pISc",
		  __entry->num, __get_rel_str(name), __get_rel_str(part),
		  __get_rel_dynamic_array_len(vals) / 2,
		  __get_rel_bitmask(bits), __get_rel_cpumask(cpus),
		  __get_rel_sockaddr(addr))
);

/* A string formatted at the call site, and a NULL string. */
TRACE_EVENT(sample_vstring,
	TP_PROTO(const char *who, struct va_format *vaf),
	TP_ARGS(who, vaf),
	TP_STRUCT__entry(
		__string(who, who)
		__vstring(msg, vaf->fmt, vaf->va)
	),
	TP_fast_assign(
		__assign_str(who);
		__assign_vstr(msg, vaf->fmt, vaf->va);
	),
	TP_printk("%s: %s", __get_str(who), __get_str(msg))
);

/* A class of events sharing a record and print; each form of member. */
DECLARE_EVENT_CLASS(sample_class,
	TP_PROTO(int id, const char *what),
	TP_ARGS(id, what),
	TP_STRUCT__entry(
		__field(int, id)
		__string(what, what)
	),
	TP_fast_assign(
		__entry->id = id;
		__assign_str(what);
	),
	TP_printk("id=%d what=%s", __entry->id, __get_str(what))
);

DEFINE_EVENT(sample_class, sample_member,
	TP_PROTO(int id, const char *what),
	TP_ARGS(id, what)
);

/* Only odd ids are recorded. */
DEFINE_EVENT_CONDITION(sample_class, sample_member_odd,
	TP_PROTO(int id, const char *what),
	TP_ARGS(id, what),
	TP_CONDITION(id & 1)
);

/* sample_fn_reg()/sample_fn_unreg() run when the first probe comes/goes. */
DEFINE_EVENT_FN(sample_class, sample_member_fn,
	TP_PROTO(int id, const char *what),
	TP_ARGS(id, what),
	sample_fn_reg, sample_fn_unreg
);

/* The class's record with a print of its own. */
DEFINE_EVENT_PRINT(sample_class, sample_member_print,
	TP_PROTO(int id, const char *what),
	TP_ARGS(id, what),
	TP_printk("[%s #%d]", __get_str(what), __entry->id)
);

TRACE_EVENT_CONDITION(sample_cond,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_CONDITION(id > 1),
	TP_STRUCT__entry(__field(int, id)),
	TP_fast_assign(__entry->id = id;),
	TP_printk("id=%d", __entry->id)
);

TRACE_EVENT_FN(sample_fn,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(__field(int, id)),
	TP_fast_assign(__entry->id = id;),
	TP_printk("id=%d", __entry->id),
	sample_fn_reg, sample_fn_unreg
);

TRACE_EVENT_FN_COND(sample_fn_cond,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_CONDITION(id != 0),
	TP_STRUCT__entry(__field(int, id)),
	TP_fast_assign(__entry->id = id;),
	TP_printk("id=%d", __entry->id),
	sample_fn_reg, sample_fn_unreg
);

/*
 * perf: count @weight samples, also for the events of task @task.  The
 * markers go in the class's TP_ARGS (the call site never sees them).
 */
DECLARE_EVENT_CLASS(sample_perf_class,
	TP_PROTO(u64 weight, struct task_struct *task, int id),
	TP_ARGS(__perf_count(weight), __perf_task(task), id),
	TP_STRUCT__entry(
		__field(u64, weight)
		__field(int, id)
	),
	TP_fast_assign(
		__entry->weight = weight;
		__entry->id = id;
	),
	TP_printk("weight=%llu id=%d", __entry->weight, __entry->id)
);

DEFINE_EVENT(sample_perf_class, sample_perf,
	TP_PROTO(u64 weight, struct task_struct *task, int id),
	TP_ARGS(weight, task, id)
);

/* An event with no fields. */
TRACE_EVENT(sample_empty,
	TP_PROTO(int unused),
	TP_ARGS(unused),
	TP_STRUCT__entry(),
	TP_fast_assign(),
	TP_printk("%s", "empty")
);

/* Compiled out: trace_sample_nop() exists and does nothing. */
TRACE_EVENT_NOP(sample_nop,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(__field(int, id)),
	TP_fast_assign(__entry->id = id;),
	TP_printk("id=%d", __entry->id)
);

DEFINE_EVENT_NOP(sample_class, sample_member_nop,
	TP_PROTO(int id, const char *what),
	TP_ARGS(id, what)
);

/* A tracepoint without an event (sample_bare_tp), for probes to attach. */
DECLARE_TRACE(sample_bare,
	TP_PROTO(int id),
	TP_ARGS(id)
);

#endif /* _RETRACE_SAMPLE_EVENTS_H */

/* Not in include/trace/events: say where this header is. */
#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace-events-sample
#include <trace/define_trace.h>
