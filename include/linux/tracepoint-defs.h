/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracepoint-defs.h - the data a tracepoint is made of, without the macros.
 *
 * Include this instead of <linux/tracepoint.h> from a header that only has
 * to name a tracepoint (to test whether it is enabled before calling an
 * out-of-line wrapper) or that needs the trace_print_flags tables used by
 * the event output helpers.  Everything that builds or registers
 * tracepoints lives in <linux/tracepoint.h>.
 *
 * Who writes what in struct tracepoint (see kernel/tracepoint.c for the
 * update protocol):
 *
 *   field             written by                       read by
 *   ---------------   ------------------------------   ---------------------
 *   name, iterator,   the definition (static init),    anyone
 *   probestub,        or the owner of a dynamic
 *   regfunc,          tracepoint before it is
 *   unregfunc,        registered anywhere
 *   static_call_*
 *   key               tracepoint.c, tracepoints_mutex  call sites (patched
 *                                                      code), *_enabled()
 *   funcs             tracepoint.c, tracepoints_mutex, call sites and the
 *                     rcu_assign_pointer()             iterator, under
 *                                                      preempt-off RCU or
 *                                                      tracepoint_srcu
 */
#ifndef _LINUX_TRACEPOINT_DEFS_H
#define _LINUX_TRACEPOINT_DEFS_H

#include <linux/atomic.h>
#include <linux/static_key.h>

/* One "value -> name" row of __print_flags() and __print_symbolic(). */
struct trace_print_flags {
	unsigned long		mask;
	const char		*name;
};

/*
 * One attached probe.  A probe array is a run of these ending with an entry
 * whose @func is NULL; it is never changed once published (except for the
 * tombstoning of a probe when memory ran out, see kernel/tracepoint.c).
 */
struct tracepoint_func {
	void	*func;		/* void (*)(void *data, TP_PROTO args) */
	void	*data;		/* first argument handed to @func */
	int	prio;		/* higher runs first */
};

struct static_call_key;

struct tracepoint {
	/* True while at least one probe is attached: guards every call site. */
	struct static_key key;
	/* NULL-terminated, priority-ordered probe array; NULL when none. */
	struct tracepoint_func __rcu *funcs;
	const char *name;
	/* __traceiter_<name>(): calls every probe of @funcs in order. */
	void *iterator;
	/* __probestub_<name>(): an empty probe with the right prototype. */
	void *probestub;
	/*
	 * Static call of the sites: the only probe when there is exactly one,
	 * @iterator otherwise.  Both NULL for dynamic (synthetic, user)
	 * events, which have no static call and are walked by their owners.
	 */
	struct static_call_key *static_call_key;
	void *static_call_tramp;
	/* Called on the first attach (may fail it) and the last detach. */
	int (*regfunc)(void);
	void (*unregfunc)(void);
};

/* Ties a tracepoint to the BPF program stub generated for it (bpf_probe.h). */
struct bpf_raw_event_map {
	struct tracepoint	*tp;
	void			*bpf_func;
	u32			num_args, writable_size;
} __aligned(32);

/*
 * Calling a tracepoint from a header would expand its whole call sequence
 * into every includer.  A header should rather test the tracepoint and
 * call an out-of-line helper that fires it:
 *
 *	DECLARE_TRACEPOINT(foo_bar);
 *	void do_trace_foo_bar(int arg);		// defined in a .c file
 *
 *	static inline void frob(int arg)
 *	{
 *		if (tracepoint_enabled(foo_bar))
 *			do_trace_foo_bar(arg);
 *	}
 *
 * tracepoint_enabled(foo_bar) is the header-safe spelling of
 * trace_foo_bar_enabled(): it needs only the tracepoint's declaration.
 */
#define DECLARE_TRACEPOINT(tp) extern struct tracepoint __tracepoint_##tp

#ifdef CONFIG_TRACEPOINTS
#define tracepoint_enabled(tp) static_key_false(&(__tracepoint_##tp).key)
#else
#define tracepoint_enabled(tp) false
#endif

/* The same for 64-bit values on 32-bit kernels (__print_flags_u64()). */
struct trace_print_flags_u64 {
	unsigned long long	mask;
	const char		*name;
};

/*
 * An entry of the __tracepoints_ptrs section, which lists every tracepoint
 * of vmlinux or of one module.  Where the architecture has PC-relative
 * 32-bit relocations the entry is the offset of the tracepoint from the
 * entry itself (half the size of a pointer, and no relocation to apply at
 * boot); otherwise a plain pointer.  Read it with tracepoint_ptr_deref().
 */
#ifdef CONFIG_HAVE_ARCH_PREL32_RELOCATIONS
typedef const int tracepoint_ptr_t;
#else
typedef struct tracepoint * const tracepoint_ptr_t;
#endif

#endif /* _LINUX_TRACEPOINT_DEFS_H */
