/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records the trace core and its tracers write themselves: one line
 * of a list per record type, the ftrace/<name> events of tracefs.
 *
 * This is an X-macro list, without an include guard: each reader defines
 * the macros below, includes this file and so makes one thing out of
 * every entry.
 *
 *   trace_records.h       the C structs (struct <sname> { struct
 *                         trace_entry ent; members }) and the extern
 *                         declarations of event_<name>;
 *   trace_core_events.c   the field tables and event calls of system
 *                         "ftrace" (format and id files, perf);
 *   trace_output_entries.c and the writers use the structs through
 *                         trace_records.h.
 *
 * An entry:
 *
 *   FTRACE_ENTRY(name, sname, type, F_STRUCT(members), F_printk(...))
 *   FTRACE_ENTRY_REG(..., regfn)     the event has a reg op (id file,
 *                                    perf, soft enable)
 *   FTRACE_ENTRY_PACKED(...)         the struct is __packed, the fields
 *                                    have alignment 1 where marked
 *   FTRACE_ENTRY_DUP(...)            a second event of an existing
 *                                    struct: no struct is made
 *
 * type is a fixed value of enum trace_type (trace_records.h): ids of these
 * events never depend on registration order.  Members, in record order:
 *
 *   __field(t, m)                  shown as "t m"
 *   __field_fn(t, m)               the same, filtered as a function
 *   __field_packed(t, m)           the same, alignment 1
 *   __array(t, m, n)               shown as "t m[n]", n as written
 *   __stack_array(t, m, n, count)  a flexible array counted by count,
 *                                  shown as the fixed array "t m[n]"
 *   __dynamic_array(t, m)          shown as "t m[]", size 0
 *   __field_struct(t, m)           a struct member of the C record,
 *                                  not shown itself ...
 *   __field_desc(t, s, m)          ... but each of its members m is,
 *   __field_desc_packed(t, s, m)   as if it were a field (the C layout
 *   __array_desc(t, s, m, n)       of t must match the list)
 *
 * These layouts and texts are read by trace-cmd, libtraceevent and perf
 * (core-events.rst), so every format file is an interface, byte for
 * byte: the type text is made from the type as written, and the print
 * fmt from the F_printk() tokens with one space wherever the list has
 * white space between two tokens (a line break counts as white space).
 * Do not add or remove white space inside an F_printk() or a type.
 *
 * Every entry exists whether or not the tracer that writes it is built:
 * the ids are fixed, and tools expect the events.
 */

/* Frames kept in a kernel or user stack record (and shown as kept). */
#define FTRACE_STACK_ENTRIES	8

/* Name sizes in a branch-profiler record, without the NUL. */
#define TRACE_FUNC_SIZE 30
#define TRACE_FILE_SIZE 20

/* Print fmts too long for a line beside their entry (interface text). */
#define FTRACE_HWLAT_FMT \
	"cnt:%u\tts:%010llu.%010lu\tinner:%llu\touter:%llu\tcount:%d\tnmi-ts:%llu\tnmi-count:%u\n"
#define FTRACE_OSNOISE_FMT \
	"noise:%llu\tmax_sample:%llu\thw:%u\tnmi:%u\tirq:%u\tsoftirq:%u\tthread:%u\n"

/* --- function and graph tracers --- */

/* ftrace/function: a traced call and its caller. */
FTRACE_ENTRY_REG(function, ftrace_entry, TRACE_FN,
		 F_STRUCT(__field_fn(unsigned long, ip) __field_fn(unsigned long, parent_ip)),
		 F_printk(" %ps <-- %ps", (void *)__entry->ip, (void *)__entry->parent_ip),
		 perf_ftrace_event_register);

/* ftrace/funcgraph_entry: entering a function, at a call depth. */
FTRACE_ENTRY_PACKED(funcgraph_entry, ftrace_graph_ent_entry, TRACE_GRAPH_ENT,
		    F_STRUCT(__field_struct(struct ftrace_graph_ent, graph_ent)
			     __field_desc_packed(unsigned long, graph_ent, func)
			     __field_desc_packed(int, graph_ent, depth)),
		    F_printk("--> %ps (%d)", (void *)__entry->func, __entry->depth));

/*
 * ftrace/funcgraph_exit: leaving it, with its times; the return value
 * too when the graph tracer records it (FUNCTION_GRAPH_RETVAL, which
 * comes back with the graph tracer).
 */
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
FTRACE_ENTRY_PACKED(funcgraph_exit, ftrace_graph_ret_entry, TRACE_GRAPH_RET,
		    F_STRUCT(__field_struct(struct ftrace_graph_ret, ret)
			     __field_desc_packed(unsigned long, ret, func)
			     __field_desc_packed(unsigned long, ret, retval)
			     __field_desc_packed(int, ret, depth)
			     __field_desc_packed(unsigned int, ret, overrun)
			     __field_packed(unsigned long long, calltime)
			     __field_packed(unsigned long long, rettime)),
		    F_printk("<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx",
			     (void *)__entry->func, __entry->depth, __entry->calltime,
			     __entry->rettime, __entry->depth, __entry->retval));
#else
FTRACE_ENTRY_PACKED(funcgraph_exit, ftrace_graph_ret_entry, TRACE_GRAPH_RET,
		    F_STRUCT(__field_struct(struct ftrace_graph_ret, ret)
			     __field_desc_packed(unsigned long, ret, func)
			     __field_desc_packed(int, ret, depth)
			     __field_desc_packed(unsigned int, ret, overrun)
			     __field_packed(unsigned long long, calltime)
			     __field_packed(unsigned long long, rettime)),
		    F_printk("<-- %ps (%d) (start: %llx  end: %llx) over: %d",
			     (void *)__entry->func, __entry->depth, __entry->calltime,
			     __entry->rettime, __entry->depth));
#endif

/*
 * --- task switches and wake-ups (latency tracers): one struct, two
 * events ---
 *
 * Both list the same members and print arguments (FTRACE_CTX_ENTRY());
 * only the print fmt differs.  The macro has white space between two
 * tokens exactly where the two lists had it, so the format files are
 * unchanged.
 */
#define FTRACE_CTX_ENTRY(entry, name, type, fmt)				\
	entry(name, ctx_switch_entry, type,					\
	      F_STRUCT(__field(unsigned int, prev_pid)			\
		       __field(unsigned int, next_pid)			\
		       __field(unsigned int, next_cpu)			\
		       __field(unsigned char, prev_prio)		\
		       __field(unsigned char, prev_state)		\
		       __field(unsigned char, next_prio)		\
		       __field(unsigned char, next_state)),		\
	      F_printk(fmt, __entry->prev_pid, __entry->prev_prio,	\
		       __entry->prev_state, __entry->next_pid,		\
		       __entry->next_prio, __entry->next_state,		\
		       __entry->next_cpu))

FTRACE_CTX_ENTRY(FTRACE_ENTRY, context_switch, TRACE_CTX,
		 "%u:%u:%u  ==> %u:%u:%u [%03u]");

FTRACE_CTX_ENTRY(FTRACE_ENTRY_DUP, wakeup, TRACE_WAKE,
		 "%u:%u:%u  ==+ %u:%u:%u [%03u]");

/* --- stacks (trace_write_stack.c) --- */

/*
 * The kernel stack record holds as many frames as were taken (size);
 * the format keeps showing the old fixed array, which tools expect.
 */
FTRACE_ENTRY(kernel_stack, stack_entry, TRACE_STACK,
	     F_STRUCT(__field(int, size)
		      __stack_array(unsigned long, caller, FTRACE_STACK_ENTRIES, size)),
	     F_printk("\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		      "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		      "\t=> %ps\n\t=> %ps\n", (void *)__entry->caller[0],
		      (void *)__entry->caller[1], (void *)__entry->caller[2],
		      (void *)__entry->caller[3], (void *)__entry->caller[4],
		      (void *)__entry->caller[5], (void *)__entry->caller[6],
		      (void *)__entry->caller[7]));

FTRACE_ENTRY(user_stack, userstack_entry, TRACE_USER_STACK,
	     F_STRUCT(__field(unsigned int, tgid)
		      __array(unsigned long, caller, FTRACE_STACK_ENTRIES)),
	     F_printk("\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		      "\t=> %ps\n\t=> %ps\n\t=> %ps\n"
		      "\t=> %ps\n\t=> %ps\n", (void *)__entry->caller[0],
		      (void *)__entry->caller[1], (void *)__entry->caller[2],
		      (void *)__entry->caller[3], (void *)__entry->caller[4],
		      (void *)__entry->caller[5], (void *)__entry->caller[6],
		      (void *)__entry->caller[7]));

/* --- messages: trace_printk(), trace_puts(), trace_marker(_raw) --- */

/* A binary trace_printk(): the format's address and the packed args. */
FTRACE_ENTRY(bprint, bprint_entry, TRACE_BPRINT,
	     F_STRUCT(__field(unsigned long, ip) __field(const char *, fmt)
		      __dynamic_array(u32, buf)),
	     F_printk("%ps: %s", (void *)__entry->ip, __entry->fmt));

/* A text message; its reg op lets triggers soft-enable ftrace/print. */
FTRACE_ENTRY_REG(print, print_entry, TRACE_PRINT,
		 F_STRUCT(__field(unsigned long, ip) __dynamic_array(char, buf)),
		 F_printk("%ps: %s", (void *)__entry->ip, __entry->buf),
		 ftrace_event_register);

/* trace_marker_raw: an id and the bytes user space wrote. */
FTRACE_ENTRY(raw_data, raw_data_entry, TRACE_RAW_DATA,
	     F_STRUCT(__field(unsigned int, id) __dynamic_array(char, buf)),
	     F_printk("id:%04x %08x", __entry->id, (int)__entry->buf[0]));

/* trace_puts() of a constant string: only its address is kept. */
FTRACE_ENTRY(bputs, bputs_entry, TRACE_BPUTS,
	     F_STRUCT(__field(unsigned long, ip) __field(const char *, str)),
	     F_printk("%ps: %s", (void *)__entry->ip, __entry->str));

/* --- mmiotrace: an MMIO access, a mapping --- */

FTRACE_ENTRY(mmiotrace_rw, trace_mmiotrace_rw, TRACE_MMIO_RW,
	     F_STRUCT(__field_struct(struct mmiotrace_rw, rw)
		      __field_desc(resource_size_t, rw, phys) __field_desc(unsigned long, rw, value)
		      __field_desc(unsigned long, rw, pc) __field_desc(int, rw, map_id)
		      __field_desc(unsigned char, rw, opcode)
		      __field_desc(unsigned char, rw, width)),
	     F_printk("%lx %lx %lx %d %x %x", (unsigned long)__entry->phys, __entry->value,
		      __entry->pc, __entry->map_id, __entry->opcode, __entry->width));

FTRACE_ENTRY(mmiotrace_map, trace_mmiotrace_map, TRACE_MMIO_MAP,
	     F_STRUCT(__field_struct(struct mmiotrace_map, map)
		      __field_desc(resource_size_t, map, phys)
		      __field_desc(unsigned long, map, virt) __field_desc(unsigned long, map, len)
		      __field_desc(int, map, map_id) __field_desc(unsigned char, map, opcode)),
	     F_printk("%lx %lx %lx %d %x", (unsigned long)__entry->phys, __entry->virt,
		      __entry->len, __entry->map_id, __entry->opcode));

/* --- branch profiler: one likely()/unlikely() outcome --- */

FTRACE_ENTRY(branch, trace_branch, TRACE_BRANCH,
	     F_STRUCT(__field(unsigned int, line) __array(char, func, TRACE_FUNC_SIZE + 1)
		      __array(char, file, TRACE_FILE_SIZE + 1) __field(char, correct)
		      __field(char, constant)),
	     F_printk("%u:%s:%s (%u)%s", __entry->line, __entry->func, __entry->file,
		      __entry->correct, __entry->constant ? " CONSTANT" : ""));

/*
 * --- hwlat, osnoise and timerlat tracers: one sample each; between
 * them the function tracer's repeat record (the list order is the
 * order of the calls in _ftrace_events) ---
 */

FTRACE_ENTRY(hwlat, hwlat_entry, TRACE_HWLAT,
	     F_STRUCT(__field(u64, duration) __field(u64, outer_duration) __field(u64, nmi_total_ts)
		      __field_struct(struct timespec64, timestamp)
		      __field_desc(s64, timestamp, tv_sec) __field_desc(long, timestamp, tv_nsec)
		      __field(unsigned int, nmi_count) __field(unsigned int, seqnum)
		      __field(unsigned int, count)),
	     F_printk(FTRACE_HWLAT_FMT, __entry->seqnum, __entry->tv_sec, __entry->tv_nsec,
		      __entry->duration, __entry->outer_duration, __entry->count,
		      __entry->nmi_total_ts, __entry->nmi_count));

/*
 * ftrace/func_repeats: the last function record, repeated count times;
 * the time since is split in two fields, joined again in the print fmt.
 */
FTRACE_ENTRY(func_repeats, func_repeats_entry, TRACE_FUNC_REPEATS,
	     F_STRUCT(__field(unsigned long, ip) __field(unsigned long, parent_ip)
		      __field(u16, count) __field(u16, top_delta_ts) __field(u32, bottom_delta_ts)),
	     F_printk(" %ps <-%ps\t(repeats:%u  delta: -%llu)", (void *)__entry->ip,
		      (void *)__entry->parent_ip, __entry->count,
		      (((u64)(__entry)->top_delta_ts << 32) | (__entry)->bottom_delta_ts)));

FTRACE_ENTRY(osnoise, osnoise_entry, TRACE_OSNOISE,
	     F_STRUCT(__field(u64, noise) __field(u64, runtime) __field(u64, max_sample)
		      __field(unsigned int, hw_count) __field(unsigned int, nmi_count)
		      __field(unsigned int, irq_count) __field(unsigned int, softirq_count)
		      __field(unsigned int, thread_count)),
	     F_printk(FTRACE_OSNOISE_FMT, __entry->noise, __entry->max_sample, __entry->hw_count,
		      __entry->nmi_count, __entry->irq_count, __entry->softirq_count,
		      __entry->thread_count));

FTRACE_ENTRY(timerlat, timerlat_entry, TRACE_TIMERLAT,
	     F_STRUCT(__field(unsigned int, seqnum) __field(int, context)
		      __field(u64, timer_latency)),
	     F_printk("seq:%u\tcontext:%d\ttimer_latency:%llu\n", __entry->seqnum, __entry->context,
		      __entry->timer_latency));
