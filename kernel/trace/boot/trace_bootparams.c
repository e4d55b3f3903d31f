// SPDX-License-Identifier: GPL-2.0
/*
 * Bringing the trace core up at boot, and the kernel parameters that
 * shape it.
 *
 * Stages (init/main.c calls the first two; the rest of the kernel relies
 * on this order):
 *
 *   parse_args()           the __setup() handlers below only record
 *                          what they were given (nothing exists yet);
 *   early_trace_init()     before radix_tree_init() and the first
 *                          workqueue: tp_printk's iterator, the global
 *                          instance's buffers (tracer_alloc_buffers()),
 *                          then the output library's fixed event types
 *                          (init_events()), so that trace_printk() and
 *                          the function tracer work from here on;
 *   trace_init()           after the workqueues: the parts of an
 *                          instance (instance_parts_register()), the
 *                          built-in event calls (trace_event_init()), the
 *                          trigger commands (trigger_boot_init(), then
 *                          hist_boot_init()) and trace_trigger=
 *                          (trigger_boot_apply()),
 *                          the events of trace_event=
 *                          (trace_event_boot_enable()), then the
 *                          trace_instance= instances with their events;
 *   ftrace_boot_snapshot() once the boot-time tracers ran: the
 *                          ftrace_boot_snapshot parameter's snapshot;
 *   fs_initcall            the tracefs files (trace_dir_files.c,
 *                          trace_fs.c);
 *   late_initcall_sync     late_trace_init(): tp_printk_stop_on_boot,
 *                          the clock fallback on an unstable sched
 *                          clock, forgetting a boot tracer that never
 *                          registered.
 *
 * What each parameter does, and when:
 *
 *   ftrace=NAME               start tracer NAME when it registers (then
 *                             apply trace_options= again); the buffer
 *                             is allocated expanded.
 *   trace_buf_size=SIZE       per-CPU buffer size once expanded
 *                             (memparse; at least 4096).
 *   trace_clock=NAME          the global instance's clock, set when its
 *                             buffer is allocated (unknown name: a
 *                             warning, "local" stays).
 *   trace_options=LIST        options of the global instance, applied
 *                             right after its buffer exists and again
 *                             when the ftrace= tracer starts.
 *   tracing_thresh=USECS      the latency tracers' threshold.
 *   alloc_snapshot            allocate the global snapshot buffer (and
 *                             expand the live one) at boot.
 *   alloc_snapshot=NAME       allocate the snapshot of boot instance
 *                             NAME (repeatable).
 *   ftrace_boot_snapshot[=NAME]  as alloc_snapshot, and take the
 *                             snapshot at ftrace_boot_snapshot().
 *   trace_instance=NAME[^FLAG...][@ADDR:SIZE|@RESERVE][,EVENT...]
 *                             create an instance at trace_init(), with
 *                             flags traceoff, printk (also traceprintk,
 *                             trace_printk), a buffer in fixed memory
 *                             (kept across boots: never removable), and
 *                             events enabled (repeatable).
 *   tp_printk[=0|=off]        print every recorded event to the console
 *                             too (trace_tp_printk.c).
 *   tp_printk_stop_on_boot    ... but only until late_initcall_sync.
 *   ftrace_filter=LIST        functions the global instance's function
 *   ftrace_notrace=LIST       tracing takes (or leaves out): each item
 *                             of the comma-separated list is added as a
 *                             line of set_ftrace_filter (or
 *                             set_ftrace_notrace) would be, at
 *                             early_trace_init(), once ftrace_init()
 *                             made the records.
 *
 * (trace_event= is the registry's, ftrace_dump_on_oops= and
 * traceoff_on_warning the dump's, trace_trigger= the triggers'.)
 *
 * Contexts: everything here runs once, single-threaded, from the boot
 * CPU's init code.  The buffers the handlers fill are __initdata and
 * read only by __init code.  No lock of its own; the global instance is
 * set up before anything else can see it (tracing_disabled is 1 until
 * the end of tracer_alloc_buffers()).
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/panic_notifier.h>
#include <linux/ring_buffer.h>
#include <linux/sched/clock.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/trace.h>

#include <asm/setup.h>		/* COMMAND_LINE_SIZE */

#include "events/trace_event.h"
#include "events/trace_tp_printk.h"
#include "fs/trace_fs.h"
#include "ftrace/ftrace_rec.h"
#include "function/trace_function.h"
#include "graph/trace_graph.h"
#include "hist/trace_hist.h"
#include "instance/trace_array.h"
#include "lib/trace_cmdline.h"
#include "messages/trace_errlog.h"
#include "messages/trace_printk.h"
#include "output/trace_output.h"
#include "reader/trace_dump.h"
#include "trace_flags.h"
#include "trace_pending.h"
#include "trace_records.h"
#include "tracers/trace_opts.h"
#include "tracers/trace_tracer.h"
#include "triggers/trace_trigger.h"
#include "write/trace_write.h"

/* ftrace=: the tracer to start once registered (trace_tracers.c). */
static char boot_tracer_name[MAX_TRACER_SIZE] __initdata;

/* trace_clock=: the global instance's first clock, or NULL. */
static char boot_clock_name[MAX_TRACER_SIZE] __initdata;
static char *boot_clock __initdata;

/* ftrace_boot_snapshot: take the snapshots at ftrace_boot_snapshot(). */
static bool boot_snapshot_wanted __initdata;

/* tp_printk_stop_on_boot */
static bool boot_tp_printk_stop __initdata;

/* ftrace_filter=, ftrace_notrace= (kept until early_trace_init()). */
static char boot_func_filter[COMMAND_LINE_SIZE] __initdata;
static char boot_func_notrace[COMMAND_LINE_SIZE] __initdata;

/*
 * The repeatable parameters: each value is kept in one buffer, every
 * value followed by a tab (a character none of them may contain, as
 * the command line splits on blanks).
 */
struct boot_list {
	char	text[COMMAND_LINE_SIZE];
	int	len;
};

static struct boot_list boot_instances __initdata;	/* trace_instance= */
static struct boot_list boot_snapshots __initdata;	/* alloc_snapshot= */

/* Append @value; false if it does not fit (the parameter is dropped). */
static bool __init boot_list_add(struct boot_list *list, const char *value)
{
	int room = sizeof(list->text) - list->len;

	if (strlen(value) >= room)
		return false;
	list->len += snprintf(list->text + list->len, room, "%s\t", value);
	return true;
}

/*
 * The parameters, one labelled case each.  @str is what follows the
 * parameter's name on the command line ("=VALUE" for the names that do
 * not end in '=' themselves).  The result is __setup()'s: 1 "handled",
 * 0 "not mine, keep looking" (then also "unknown" if nobody else takes
 * it), and -1 for a full list (handled, value dropped).
 */
enum boot_param {
	BP_TRACER,		/* ftrace=NAME */
	BP_ALLOC_SNAPSHOT,	/* alloc_snapshot[=NAME] */
	BP_BOOT_SNAPSHOT,	/* ftrace_boot_snapshot[=NAME] */
	BP_INSTANCE,		/* trace_instance=SPEC */
	BP_OPTIONS,		/* trace_options=LIST */
	BP_CLOCK,		/* trace_clock=NAME */
	BP_TP_PRINTK,		/* tp_printk[=0|=off] */
	BP_TP_PRINTK_STOP,	/* tp_printk_stop_on_boot */
	BP_BUF_SIZE,		/* trace_buf_size=SIZE */
	BP_THRESH,		/* tracing_thresh=USECS */
	BP_FUNC_FILTER,		/* ftrace_filter=LIST */
	BP_FUNC_NOTRACE,	/* ftrace_notrace=LIST */
};

static int __init boot_param(enum boot_param which, char *str)
{
	unsigned long val;

	switch (which) {
	case BP_TRACER:
		strscpy(boot_tracer_name, str, sizeof(boot_tracer_name));
		default_bootup_tracer = boot_tracer_name;
		/* It runs from boot on: no minimal buffer then. */
		trace_set_ring_buffer_expanded(NULL);
		break;

	case BP_BOOT_SNAPSHOT:
		boot_snapshot_wanted = true;
		/* The rest as alloc_snapshot, whatever it answers. */
		boot_param(BP_ALLOC_SNAPSHOT, str);
		break;

	case BP_ALLOC_SNAPSHOT:
		if (*str == '=')
			return boot_list_add(&boot_snapshots, str + 1) ? 1 : -1;
		allocate_snapshot = true;
		trace_set_ring_buffer_expanded(NULL);
		break;

	case BP_INSTANCE:
		return boot_list_add(&boot_instances, str) ? 1 : -1;

	case BP_OPTIONS:
		trace_set_boot_options(str);
		break;

	case BP_CLOCK:
		boot_clock = boot_clock_name;
		strscpy(boot_clock_name, str, sizeof(boot_clock_name));
		break;

	case BP_TP_PRINTK:
		/* "tp_printk_stop_on_boot" starts with our name. */
		if (str[0] == '_')
			return 0;
		tracepoint_printk |= strcmp(str, "=0") && strcmp(str, "=off");
		break;

	case BP_TP_PRINTK_STOP:
		boot_tp_printk_stop = true;
		break;

	case BP_BUF_SIZE:
		/* Never an empty buffer: one page per CPU at least. */
		val = memparse(str, &str);
		trace_buf_size = val < 4096 ? 4096 : val;
		break;

	case BP_THRESH:
		if (kstrtoul(str, 0, &val))
			return 0;
		tracing_thresh = val * NSEC_PER_USEC;
		break;

	case BP_FUNC_FILTER:
		strscpy(boot_func_filter, str, sizeof(boot_func_filter));
		break;

	case BP_FUNC_NOTRACE:
		strscpy(boot_func_notrace, str, sizeof(boot_func_notrace));
		break;
	}
	return 1;
}

/* One __setup() entry per name; the order decides who sees a prefix first. */
#define TRACE_BOOT_PARAM(name, which)					\
	static int __init boot_param_##which(char *str)			\
	{								\
		return boot_param(which, str);				\
	}								\
	__setup(name, boot_param_##which)

TRACE_BOOT_PARAM("ftrace=", BP_TRACER);
TRACE_BOOT_PARAM("alloc_snapshot", BP_ALLOC_SNAPSHOT);
TRACE_BOOT_PARAM("ftrace_boot_snapshot", BP_BOOT_SNAPSHOT);
TRACE_BOOT_PARAM("trace_instance=", BP_INSTANCE);
TRACE_BOOT_PARAM("trace_options=", BP_OPTIONS);
TRACE_BOOT_PARAM("trace_clock=", BP_CLOCK);
TRACE_BOOT_PARAM("tp_printk", BP_TP_PRINTK);
TRACE_BOOT_PARAM("tp_printk_stop_on_boot", BP_TP_PRINTK_STOP);
TRACE_BOOT_PARAM("trace_buf_size=", BP_BUF_SIZE);
TRACE_BOOT_PARAM("tracing_thresh=", BP_THRESH);
TRACE_BOOT_PARAM("ftrace_filter=", BP_FUNC_FILTER);
TRACE_BOOT_PARAM("ftrace_notrace=", BP_FUNC_NOTRACE);

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Add each item of the comma-separated @list to a function set of the
 * global instance (an item that matches nothing is dropped, as a
 * written line would be refused).
 */
static void __init boot_func_set(char *list,
				 void (*set)(unsigned char *buf, int len,
					     int reset))
{
	char *item;

	while ((item = strsep(&list, ",")))
		if (*item)
			set((unsigned char *)item, strlen(item), 0);
}

static void __init boot_func_sets(void)
{
	boot_func_set(boot_func_filter, ftrace_set_global_filter);
	boot_func_set(boot_func_notrace, ftrace_set_global_notrace);
}
#else
static inline void boot_func_sets(void) { }
#endif

#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * Was instance @name named by an alloc_snapshot=NAME (or
 * ftrace_boot_snapshot=NAME)?
 *
 * Yes exactly for the names listed, wherever they are in the list
 * (fsboot.rst says how upstream differs).
 */
static bool __init tr_needs_alloc_snapshot(const char *name)
{
	const char *item = boot_snapshots.text;
	size_t len = strlen(name);

	while (*item) {
		const char *tab = strchr(item, '\t');

		if (!tab)
			break;
		if (tab - item == len && !strncmp(item, name, len))
			return true;
		item = tab + 1;
	}
	return false;
}

/*
 * allocate_snapshot makes the next allocation of an instance's buffers
 * (trace_instance_create_systems() right after) include the snapshot, and
 * is cleared by it.
 */
static void __init do_allocate_snapshot(const char *name)
{
	if (tr_needs_alloc_snapshot(name))
		allocate_snapshot = true;
}
#else
static inline void do_allocate_snapshot(const char *name) { }
#endif

/*
 * Where a trace_instance= buffer lives: "ADDR:SIZE" (memparse numbers)
 * or the name of a reserve_mem= region.  True with *start and *size set
 * when @where names usable memory; false after a warning otherwise.
 */
static bool __init boot_instance_memory(const char *name, char *where,
					phys_addr_t *start, phys_addr_t *size)
{
	if (!isdigit(*where)) {
		if (reserve_mem_find_by_name(where, start, size))
			return true;
		pr_warn("Failed to map boot instance %s to %s\n", name, where);
		return false;
	}

	*start = memparse(where, &where);
	if (!*start) {
		pr_warn("Tracing: Invalid boot instance address for %s\n", name);
		return false;
	}
	if (*where != ':') {
		pr_warn("Tracing: No size specified for instance %s\n", name);
		return false;
	}
	*size = memparse(where + 1, &where);
	if (!*size) {
		pr_warn("Tracing: Invalid boot instance size for %s\n", name);
		return false;
	}
	return true;
}

/* Map the memory @where names; its kernel address, or 0 (said why). */
static unsigned long __init boot_instance_map(const char *name, char *where,
					      phys_addr_t *start,
					      phys_addr_t *size)
{
	unsigned long vaddr;

	if (!boot_instance_memory(name, where, start, size))
		return 0;
	vaddr = trace_instance_map_range(*start, *size);
	if (vaddr)
		pr_info("Tracing: mapped boot instance %s at physical memory %pa of size 0x%lx\n",
			name, start, (unsigned long)*size);
	else
		pr_warn("Tracing: Failed to map boot instance %s\n", name);
	return vaddr;
}

/* What the ^FLAG suffixes of a trace_instance= value ask for. */
#define BOOT_INST_OFF		BIT(0)	/* ^traceoff */
#define BOOT_INST_PRINTK	BIT(1)	/* ^printk, ^traceprintk, ^trace_printk */

static unsigned int __init boot_instance_flags(const char *name, char *flags)
{
	unsigned int want = 0;
	char *flag;

	while ((flag = strsep(&flags, "^"))) {
		if (!strcmp(flag, "traceoff"))
			want |= BOOT_INST_OFF;
		else if (!strcmp(flag, "printk") ||
			 !strcmp(flag, "traceprintk") ||
			 !strcmp(flag, "trace_printk"))
			want |= BOOT_INST_PRINTK;
		else
			pr_info("Tracing: Invalid instance flag '%s' for %s\n",
				flag, name);
	}
	return want;
}

/* One trace_instance= value: NAME[^FLAG...][@WHERE][,EVENT...]. */
static void __init boot_instance_create(char *spec)
{
	phys_addr_t start = 0, size = 0;
	unsigned long vaddr = 0;
	struct trace_array *tr;
	char *name, *flags, *where, *event;
	unsigned int want;

	name = strsep(&spec, ",");	/* @spec: the events, or NULL */

	/* '^' and '@' may come in either order; cut at both. */
	flags = strchr(name, '^');
	where = strchr(name, '@');
	if (where)
		*where++ = '\0';
	if (flags)
		*flags++ = '\0';
	want = boot_instance_flags(name, flags);

	if (where) {
		vaddr = boot_instance_map(name, where, &start, &size);
		if (!vaddr)
			return;
	} else {
		/* Only a buffer in ordinary memory may have a snapshot. */
		do_allocate_snapshot(name);
	}

	tr = trace_instance_create_systems(name, NULL, vaddr, size);
	if (IS_ERR(tr)) {
		pr_warn("Tracing: Failed to create instance buffer '%s' (%ld)\n",
			name, PTR_ERR(tr));
		if (vaddr)
			trace_instance_unmap_range(vaddr);
		return;
	}

	/*
	 * A buffer kept across boots must stay: the reference taken here
	 * is never dropped, so rmdir refuses the instance.
	 */
	if (vaddr) {
		tr->ref++;
		tr->flags |= TRACE_ARRAY_FL_BOOT;
	}
	if (want & BOOT_INST_PRINTK)
		update_printk_trace(tr);
	if (want & BOOT_INST_OFF)
		tracer_tracing_off(tr);

	for (event = strsep(&spec, ","); event; event = strsep(&spec, ","))
		early_enable_events(tr, event, true);
}

static void __init enable_instances(void)
{
	char *list = boot_instances.text;
	char *spec;

	/* Drop the last tab, so the walk ends on the last value. */
	list[boot_instances.len - 1] = '\0';
	while ((spec = strsep(&list, "\t")))
		boot_instance_create(spec);
}

/* The CPU masks of the global instance; all or nothing. */
static int __init global_masks_alloc(struct trace_array *tr)
{
	if (!alloc_cpumask_var(&tracing_buffer_mask, GFP_KERNEL))
		return -ENOMEM;
	if (alloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL)) {
		if (zalloc_cpumask_var(&tr->pipe_cpumask, GFP_KERNEL)) {
			/* Buffers for every possible CPU, all traced. */
			cpumask_copy(tracing_buffer_mask, cpu_possible_mask);
			cpumask_copy(tr->tracing_cpumask, cpu_all_mask);
			return 0;
		}
		free_cpumask_var(tr->tracing_cpumask);
	}
	free_cpumask_var(tracing_buffer_mask);
	return -ENOMEM;
}

static void __init global_masks_free(struct trace_array *tr)
{
	free_cpumask_var(tr->pipe_cpumask);
	free_cpumask_var(tr->tracing_cpumask);
	free_cpumask_var(tracing_buffer_mask);
}

/*
 * The global instance once its buffers exist: the boot clock, the nop
 * tracer (then ftrace= tracers may start), the crash notifiers, and its
 * place in the instance list; tracing works from here on.
 */
static void __init global_instance_start(struct trace_array *tr)
{
	if (boot_clock && tracing_set_clock(tr, boot_clock) < 0)
		pr_warn("Trace clock %s not defined, going back to default\n",
			boot_clock);

	/* register_tracer() looks at the current tracer: start from nop. */
	tr->current_trace = &nop_trace;
	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
#ifdef CONFIG_TRACER_MAX_TRACE
	spin_lock_init(&tr->snapshot_trigger_lock);
#endif
	ftrace_init_global_array_ops(tr);
	register_tracer(&nop_trace);
	init_function_trace();		/* ftrace=function may start here */
	init_graph_trace(tr);		/* and ftrace=function_graph here */
	tracing_disabled = 0;

	register_die_notifier(&trace_die_notifier);
	atomic_notifier_chain_register(&panic_notifier_list,
				       &trace_panic_notifier);

	INIT_LIST_HEAD(&tr->err_log);
	INIT_LIST_HEAD(&tr->hist_vars);
	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->systems);
	tr->flags = TRACE_ARRAY_FL_GLOBAL;
	list_add(&tr->list, &ftrace_trace_arrays);

	apply_trace_boot_options();
}

/*
 * The global instance: its CPU masks and buffers, then
 * global_instance_start().  Failure leaves tracing_disabled at 1, which
 * every tracefs open and every writer honours.
 */
static int __init tracer_alloc_buffers(void)
{
	struct trace_array *tr = &global_trace;
	unsigned long size;
	int ret;

	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Tracing disabled due to lockdown\n");
		return -EPERM;
	}
	/* Every option needs a bit of the 32-bit option word. */
	BUILD_BUG_ON(TRACE_ITER_LAST_BIT > TRACE_FLAGS_MAX_SIZE);

	ret = global_masks_alloc(tr);
	if (ret)
		return ret;

	/*
	 * Before the buffer: trace_printk()'s per-CPU buffers, if the
	 * kernel has a trace_printk() format.  That also marks the buffer
	 * expanded, so the size is read after it: minimal until first
	 * used, unless something asked for more.
	 */
	if (&__stop___trace_bprintk_fmt != &__start___trace_bprintk_fmt)
		trace_printk_init_buffers();
	size = tr->ring_buffer_expanded ? trace_buf_size : 1;
	raw_spin_lock_init(&tr->start_lock);

	/*
	 * A CPU coming up gets its per-CPU buffers in every instance; they
	 * stay when it goes down (its records are still readable).
	 */
	ret = cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE,
				      "trace/RB:prepare", trace_rb_cpu_prepare,
				      NULL);
	if (ret < 0)
		goto free_masks;

	ret = trace_create_savedcmd();
	if (ret < 0)
		goto remove_cpuhp;

	ret = trace_alloc_buffers(tr, size);
	if (ret < 0) {
		MEM_FAIL(1, "tracer: failed to allocate ring buffer!\n");
		trace_free_saved_cmdlines_buffer();
		goto remove_cpuhp;
	}
	if (tr->buffer_disabled)
		tracing_off();

	global_instance_start(tr);
	return 0;

remove_cpuhp:
	cpuhp_remove_multi_state(CPUHP_TRACE_RB_PREPARE);
free_masks:
	global_masks_free(tr);
	return ret;
}

/**
 * early_trace_init - first stage of the trace core's boot
 *
 * Called by start_kernel() after the allocators, before
 * radix_tree_init() and the workqueues.
 */
void __init early_trace_init(void)
{
	tp_printk_boot_init();
	tracer_alloc_buffers();
	init_events();
	boot_func_sets();
}

/*
 * The parts every instance but the global one is made of (struct
 * trace_instance_part), in the order an instance gets them; it loses
 * them in the reverse order.  Registered before the boot instances.
 */
static void __init instance_parts_register(void)
{
	trace_errlog_register_part();
	trace_event_register_part();
	trace_function_register_part();
	trace_graph_register_part();
	trace_tracer_register_part();
	trace_dir_files_register_part();
	trace_printk_register_part();
	trace_opts_register_part();
}

/**
 * trace_init - second stage: events and boot instances
 *
 * Called by start_kernel() once workqueues exist.  The events' boot runs
 * in three steps, in this order: the registry's calls and global files,
 * the triggers (every command, then trace_trigger= on those files), the
 * events enabled by trace_event=.
 */
void __init trace_init(void)
{
	instance_parts_register();
	trace_event_init();
	trigger_boot_init();
	hist_boot_init();
	trigger_boot_apply();
	trace_event_boot_enable();
	if (boot_instances.len)
		enable_instances();
}

#ifdef CONFIG_TRACER_MAX_TRACE
/* An instance that has a snapshot buffer swaps into it, and says so. */
static void __init boot_snapshot_take(struct trace_array *tr)
{
	if (!tr->allocated_snapshot)
		return;
	tracing_snapshot_instance(tr);
	trace_array_puts(tr, "** Boot snapshot taken **\n");
}
#else
static inline void boot_snapshot_take(struct trace_array *tr) { }
#endif

/**
 * ftrace_boot_snapshot - the snapshot asked for by ftrace_boot_snapshot
 *
 * Swaps every instance that has a snapshot buffer and leaves a line in
 * the live buffer saying so.
 */
void __init ftrace_boot_snapshot(void)
{
	struct trace_array *tr;

	if (!IS_ENABLED(CONFIG_TRACER_MAX_TRACE) || !boot_snapshot_wanted)
		return;
	list_for_each_entry(tr, &ftrace_trace_arrays, list)
		boot_snapshot_take(tr);
}

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * init/main.c, just before the kernel's init memory is freed: the boot
 * snapshot, then the patch sites of __init text go.
 */
void __init ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
	frec_free_init_mem();
}
#endif

/*
 * The "local" clock is only comparable across CPUs when sched_clock is
 * stable, which is known at late_initcall.  Without a trace_clock=
 * choice, fall back to "global" and say how to keep "local".
 */
static void __init tracing_set_default_clock(void)
{
	if (!IS_ENABLED(CONFIG_HAVE_UNSTABLE_SCHED_CLOCK) || boot_clock ||
	    sched_clock_stable())
		return;

	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Can not set tracing clock due to lockdown\n");
		return;
	}

	/* Five lines in one message; people grep for this text. */
	pr_warn("Unstable clock detected, switching default tracing clock to \"global\"\n"
		"If you want to keep using the local clock, then add:\n"
		"  \"trace_clock=local\"\n"
		"on the kernel command line\n");
	tracing_set_clock(&global_trace, "global");
}

static int __init late_trace_init(void)
{
	if (boot_tp_printk_stop)
		tp_printk_boot_stop();

	tracing_set_default_clock();

	/*
	 * The ftrace= name lives in init memory, about to be freed: a
	 * tracer that registers later must not compare against it.
	 */
	clear_boot_tracer();
	return 0;
}
late_initcall_sync(late_trace_init);
