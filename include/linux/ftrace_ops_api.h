/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct ftrace_ops, the unit function tracing registers: a callback
 * (<linux/ftrace_callback.h>), flags saying what it needs, and with
 * dynamic ftrace the two address sets that choose its functions.  Also
 * the calls that register it and edit those sets, the global switch
 * ftrace_enabled, and ftrace_kill().
 *
 * An ops' life:
 *
 *	owner fills func, flags, private (and maybe its filters)
 *	  -> register_ftrace_function()	ENABLED; the sites it wants
 *					now call func
 *	  -> ftrace_set_filter*() ...	any time; sites follow at once
 *	  -> unregister_ftrace_function()	no CPU or task is left in func
 *	  -> ftrace_free_filter()		then the owner may free it
 *
 * An ops need not live in core kernel data (a module's or a kmalloc'ed
 * one gets FTRACE_OPS_FL_DYNAMIC), but it must not be freed or have its
 * next pointer touched between registration and the end of
 * unregistration.  Sites of the functions it wants call func in any
 * context.  The calls here may sleep, but for the ftrace_enabled
 * helpers at the end.
 *
 * Without CONFIG_FUNCTION_TRACER what is left is struct
 * ftrace_func_entry, ftrace_pids_enabled(), the ftrace_enabled helpers
 * (doing nothing) and stand-ins of the calls the kernel makes in every
 * build; without CONFIG_DYNAMIC_FTRACE the filter calls are macros
 * failing with -ENODEV that do not evaluate their arguments (callers
 * name ops that exist only in tracing builds).
 *
 * Included by <linux/ftrace.h>; compiles on its own wherever
 * <asm/ftrace.h> does.
 */
#ifndef _LINUX_FTRACE_OPS_API_H
#define _LINUX_FTRACE_OPS_API_H

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

#include <linux/ftrace_callback.h>

struct file;
struct ftrace_hash;
struct inode;
struct module;
struct trace_array;

#ifdef CONFIG_FUNCTION_TRACER

/*
 * Requests the core makes of an ops through its ops_func, when an ops
 * of the direct-call API and an IPMODIFY ops want the same function.
 * The ops may refuse (a negative errno), which fails the operation that
 * asked.
 *
 *	SELF	the direct ops is being registered (or retargeted) onto
 *		a function an IPMODIFY ops has; the direct-call lock and
 *		ftrace_lock held
 *	PEER	an IPMODIFY ops is being registered onto a function this
 *		direct ops has; the direct-call lock held
 *	DISABLE	that IPMODIFY ops is gone; the direct-call lock held
 */
enum ftrace_ops_cmd {
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF,
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER,
	FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER,
};

/* Return: 0 when @op did what @cmd asks, a negative errno otherwise. */
typedef int (*ftrace_ops_func_t)(struct ftrace_ops *op, enum ftrace_ops_cmd cmd);

/*
 * The flags of an ops.  Values are fixed: architecture code and
 * asm-offsets use them.  "owner" flags are set before registering and
 * not changed while registered; the others belong to the code named.
 *
 *	bit flag			by	meaning
 *	 0  ENABLED			core	registered: func may be called
 *	 1  DYNAMIC			core	not core kernel data (module,
 *						heap): may be freed once
 *						unregistered
 *	 2  SAVE_REGS			owner	func gets a full pt_regs
 *						(-EINVAL if the arch cannot)
 *	 3  SAVE_REGS_IF_SUPPORTED	owner	SAVE_REGS where the arch can,
 *						fregs without them elsewhere
 *	 4  RECURSION			owner	the core keeps func from being
 *						re-entered on one CPU
 *	 5  STUB			owner	holds a place: func is not called
 *	 6  INITIALIZED			core	the hashes are set up
 *	 7  DELETED			core	unregistered since it was last
 *						registered
 *	 8  ADDING			core	being registered
 *	 9  REMOVING			core	being unregistered
 *	10  MODIFYING			core	its hashes are changing
 *	11  ALLOC_TRAMP			arch	ops->trampoline is the arch's,
 *						which may rewrite and free it
 *	12  IPMODIFY			owner	func may change regs->ip (with
 *						SAVE_REGS); one per function
 *	13  PID				owner	obeys set_ftrace_pid
 *	14  RCU				owner	call func only where RCU is
 *						watching
 *	15  TRACE_ARRAY			owner	private is a struct trace_array
 *	16  PERMANENT			owner	not subject to ftrace_enabled:
 *						it cannot be cleared while such
 *						an ops is registered
 *	17  DIRECT			core	an ops of the direct-call API
 *	18  SUBOP			core	run by the ops in its managed
 *						field
 */
enum {
	FTRACE_OPS_FL_ENABLED		= BIT(0),
	FTRACE_OPS_FL_DYNAMIC		= BIT(1),
	FTRACE_OPS_FL_INITIALIZED	= BIT(6),
	FTRACE_OPS_FL_DELETED		= BIT(7),
};

/* How func is called (owner). */
enum {
	FTRACE_OPS_FL_SAVE_REGS			= BIT(2),
	FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED	= BIT(3),
	FTRACE_OPS_FL_RECURSION			= BIT(4),
	FTRACE_OPS_FL_RCU			= BIT(14),
};

/* A registration or filter change in progress (core). */
enum {
	FTRACE_OPS_FL_ADDING		= BIT(8),
	FTRACE_OPS_FL_REMOVING		= BIT(9),
	FTRACE_OPS_FL_MODIFYING		= BIT(10),
};

/* What func may do to the traced function, and what rules it (owner). */
enum {
	FTRACE_OPS_FL_IPMODIFY		= BIT(12),
	FTRACE_OPS_FL_PID		= BIT(13),
	FTRACE_OPS_FL_PERMANENT		= BIT(16),
};

/* What func and private are (owner). */
enum {
	FTRACE_OPS_FL_STUB		= BIT(5),
	FTRACE_OPS_FL_TRACE_ARRAY	= BIT(15),
};

/* Set by the code that manages the ops, never by its owner. */
enum {
	FTRACE_OPS_FL_ALLOC_TRAMP	= BIT(11),
	FTRACE_OPS_FL_DIRECT		= BIT(17),
	FTRACE_OPS_FL_SUBOP		= BIT(18),
};

/*
 * What an ops that reads the argument registers asks for: nothing more
 * where every caller saves them (DYNAMIC_FTRACE_WITH_ARGS), the full
 * register set elsewhere.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
#define FTRACE_OPS_FL_SAVE_ARGS		0
#else
#define FTRACE_OPS_FL_SAVE_ARGS		FTRACE_OPS_FL_SAVE_REGS
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * The functions an ops wants: those in filter_hash (all when it is
 * empty) that are not in notrace_hash.  The hashes are replaced, never
 * edited in place, and published with RCU; the callbacks' fast path
 * reads them under RCU.  regex_lock serialises the owner's edits.
 */
struct ftrace_ops_hash {
	struct ftrace_hash __rcu	*notrace_hash;
	struct ftrace_hash __rcu	*filter_hash;
	/* Held by whoever replaces the two sets. */
	struct mutex			regex_lock;
};
#endif

/**
 * struct ftrace_ops - a function-tracing callback and what it traces
 * @func: the callback (<linux/ftrace_callback.h>)
 * @saved_func: the owner's func while the core calls a filter in front
 * @next: the registered list (RCU; core)
 * @flags: FTRACE_OPS_FL_*
 * @private: the owner's
 * @func_hash: the address sets in force: &local_hash, or ones it shares
 * @local_hash: the ops' own address sets
 * @old_hash: the sets in force before the change being made
 * @trampoline: start of the code its sites call, 0 for the shared
 *	callers (set by the owner, or by the arch with ALLOC_TRAMP)
 * @trampoline_size: its length in bytes
 * @list: the core's link for its own lists of ops
 * @managed: the ops that manages this one (SUBOP)
 * @subop_list: ops it manages
 * @ops_func: answers enum ftrace_ops_cmd; may be NULL
 * @direct_call: the address its direct-call sites call
 *
 * The callers read @func, @next, @flags and the hashes without a lock;
 * the core changes everything but @private under its own lock.
 */
struct ftrace_ops {
	ftrace_func_t			func;
	ftrace_func_t			saved_func;
	struct ftrace_ops __rcu		*next;
	unsigned long			flags;
	void				*private;
#ifdef CONFIG_DYNAMIC_FTRACE
	struct ftrace_ops_hash		*func_hash;
	struct ftrace_ops_hash		local_hash;
	struct ftrace_ops_hash		old_hash;
	unsigned long			trampoline;
	unsigned long			trampoline_size;
	struct list_head		list;
	struct ftrace_ops		*managed;
	struct list_head		subop_list;
	ftrace_ops_func_t		ops_func;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	unsigned long			direct_call;
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */
};

/* The callback sites of @ops call: func itself, or func behind a guard. */
ftrace_func_t ftrace_ops_get_func(struct ftrace_ops *ops);

/* Register and unregister (kernel-doc at the definitions). */
int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

/*
 * Whether callbacks hook function entry (FTRACE_TYPE_ENTER, the only
 * value the core sets) or function return.
 */
enum ftrace_tracing_type_t {
	FTRACE_TYPE_ENTER	= 0,
	FTRACE_TYPE_RETURN	= 1,
};

extern enum ftrace_tracing_type_t ftrace_tracing_type;

/*
 * The registered ops, newest first, ending at ftrace_list_end (never
 * NULL).  An ops taken off the list keeps its next pointer, so a walker
 * that is on it still reaches the end.
 */
extern struct ftrace_ops __rcu *ftrace_ops_list;
extern struct ftrace_ops ftrace_list_end;

/*
 * Walk the list from any context without locks:
 *
 *	do_for_each_ftrace_op(op, ftrace_ops_list) {
 *		...
 *	} while_for_each_ftrace_op(op);
 *
 * The body runs at least once, so the list must not be just the end.
 */
#define do_for_each_ftrace_op(op, list)				\
	op = rcu_dereference_raw_check(list);			\
	do

#define while_for_each_ftrace_op(op)					\
	while (likely(((op) = rcu_dereference_raw_check((op)->next)) !=	\
		      NULL) && unlikely((op) != &ftrace_list_end))

/*
 * The sysctl kernel.ftrace_enabled: 0 stops every ops that is not
 * PERMANENT without unregistering it.
 */
extern int ftrace_enabled;

/* Stop function tracing for good (after a bad site); no way back. */
void ftrace_kill(void);

#else /* !CONFIG_FUNCTION_TRACER */

/* Macros: @ops need not exist when function tracing is not built. */
#define register_ftrace_function(ops)	({ 0; })
#define unregister_ftrace_function(ops)	({ 0; })

static inline void ftrace_kill(void) { }

#endif /* CONFIG_FUNCTION_TRACER */

/*
 * One address of an ops' filter or notrace set (struct ftrace_hash,
 * the core's).  @direct is a word for the set's owner: the function
 * commands keep their counts there.
 */
struct ftrace_func_entry {
	struct hlist_node	hlist;
	unsigned long		ip;
	unsigned long		direct;
};

#ifdef CONFIG_DYNAMIC_FTRACE

/*
 * Edit an ops' sets; kernel-doc and errnos at the definitions.  @reset
 * empties the set first.  Words are what set_ftrace_filter takes (globs,
 * "!", ":mod:").
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf,
		      int len, int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf,
		       int len, int reset);

/* By address (@remove takes them out instead of adding them). */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset);

/* Free the sets of an unregistered @ops. */
void ftrace_free_filter(struct ftrace_ops *ops);

/*
 * The global function tracer's sets: edit them by words, or make @ops
 * use them (before registering it).
 */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset);
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset);
void ftrace_ops_set_global_filter(struct ftrace_ops *ops);

/*
 * Apply a boot parameter's words (ftrace_filter=, ftrace_notrace=) to
 * @ops: @enable picks the filter set, otherwise notrace.
 */
void __init ftrace_set_early_filter(struct ftrace_ops *ops, char *buf,
				    int enable);

/*
 * The file operations behind set_ftrace_filter and set_ftrace_notrace,
 * for tracers that offer such a file for their own ops.  @flag is a
 * mask of FTRACE_ITER_*.
 */
int ftrace_regex_open(struct trace_array *tr, struct ftrace_ops *ops,
		      int flag, struct inode *inode, struct file *file);
ssize_t ftrace_filter_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos);
ssize_t ftrace_notrace_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos);
int ftrace_regex_release(struct inode *inode, struct file *file);

/* Which set the file edits. */
enum {
	FTRACE_ITER_FILTER	= BIT(0),
	FTRACE_ITER_NOTRACE	= BIT(1),
};

/* What a read lists. */
enum {
	FTRACE_ITER_PRINTALL	= BIT(2),
	FTRACE_ITER_ENABLED	= BIT(6),
	FTRACE_ITER_TOUCHED	= BIT(7),
	FTRACE_ITER_ADDRS	= BIT(8),
};

/* Function probes (commands) and ":mod:" lines. */
enum {
	FTRACE_ITER_DO_PROBES	= BIT(3),
	FTRACE_ITER_PROBE	= BIT(4),
	FTRACE_ITER_MOD		= BIT(5),
};

#else /* !CONFIG_DYNAMIC_FTRACE */

/* Macros, so that @ops (and the rest) need not exist. */
#define ftrace_set_filter_ip(ops, ip, remove, reset)		({ -ENODEV; })
#define ftrace_set_filter_ips(ops, ips, cnt, remove, reset)	({ -ENODEV; })
#define ftrace_set_filter(ops, buf, len, reset)			({ -ENODEV; })
#define ftrace_set_notrace(ops, buf, len, reset)		({ -ENODEV; })
#define ftrace_ops_set_global_filter(ops)			do { } while (0)
#define ftrace_free_filter(ops)					do { } while (0)
#define ftrace_set_early_filter(ops, buf, enable)		do { } while (0)
#define ftrace_regex_open(tr, ops, flag, inode, file)		({ -ENODEV; })

static inline ssize_t ftrace_filter_write(struct file *file,
					  const char __user *ubuf,
					  size_t cnt, loff_t *ppos)
{
	return -ENODEV;
}

static inline ssize_t ftrace_notrace_write(struct file *file,
					   const char __user *ubuf,
					   size_t cnt, loff_t *ppos)
{
	return -ENODEV;
}

static inline int ftrace_regex_release(struct inode *inode, struct file *file)
{
	return -ENODEV;
}

#endif /* CONFIG_DYNAMIC_FTRACE */

/* Whether @ops follows set_ftrace_pid and some pid is set. */
bool ftrace_pids_enabled(struct ftrace_ops *ops);

/*
 * ftrace_enabled for code that must run with no callback at all
 * (kexec, machine halt paths).  Nothing is locked: the caller must keep
 * the sysctl from racing with it.  The save returns the old value for
 * the restore.  All do nothing without CONFIG_FUNCTION_TRACER.
 */
static inline void tracer_disable(void)
{
#ifdef CONFIG_FUNCTION_TRACER
	ftrace_enabled = 0;
#endif
}

static inline int __ftrace_enabled_save(void)
{
	int was = 0;

#ifdef CONFIG_FUNCTION_TRACER
	was = ftrace_enabled;
	ftrace_enabled = 0;
#endif
	return was;
}

static inline void __ftrace_enabled_restore(int enabled)
{
#ifdef CONFIG_FUNCTION_TRACER
	ftrace_enabled = enabled;
#endif
}

#endif /* _LINUX_FTRACE_OPS_API_H */
