/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Address sets of ftrace_ops (the filter and notrace of each ops) and
 * the function-name patterns that fill them (ftrace_hash.c).
 *
 * A hash is a set of patch-site addresses (struct ftrace_func_entry of
 * <linux/ftrace.h>, whose @direct is the target of a direct call).  An
 * ops' hashes are published with rcu_assign_pointer() and read by the
 * callers of the list function with preemption off; they are never
 * changed in place while published, except that entries of text that
 * went away get address 0 (fops_forget_ip()): still counted, matching
 * nothing.  A change builds a copy, publishes it, and frees the old one
 * after an RCU grace period.
 *
 *   ==================  ==========================  ======================
 *   operation           context                     lock
 *   ==================  ==========================  ======================
 *   fhash_lookup()      any (NMI included)          the caller keeps the
 *                                                   hash alive (RCU)
 *   alloc/add/remove/   process                     the owner's (a hash
 *   copy/free                                       not yet published is
 *                                                   the caller's alone)
 *   ==================  ==========================  ======================
 *
 * A NULL hash and an empty hash are the same set.  Whether an empty
 * filter means "every function" or "none" is the ops' business
 * (ftrace_ops.h).
 */
#ifndef _KERNEL_TRACE_FTRACE_HASH_H
#define _KERNEL_TRACE_FTRACE_HASH_H

#include <linux/ftrace.h>
#include <linux/rculist.h>
#include <linux/types.h>

/*
 * @fixed: the hash is read while entries are added (a function command's
 * counts), so it never grows; any other grows as entries are added,
 * which only its owner does before it is published.
 * @mod_pending: the owner keeps lines for modules not loaded yet
 * (set_ftrace_filter's ":mod:"), so an empty filter still means "only
 * those", not "everything".
 */
struct ftrace_hash {
	unsigned int		size_bits;
	bool			fixed;
	bool			mod_pending;
	unsigned long		count;
	struct hlist_head	*buckets;
	struct rcu_head		rcu;
};

/* The largest table: 2^FHASH_MAX_BITS buckets. */
#define FHASH_MAX_BITS		12

struct ftrace_hash *fhash_alloc(unsigned int size_bits);
void fhash_free(struct ftrace_hash *hash);
/* Free once every reader that could see it is gone. */
void fhash_free_rcu(struct ftrace_hash *hash);
/* A copy of @src (NULL: an empty hash) sized for its count. */
struct ftrace_hash *fhash_copy(const struct ftrace_hash *src);

static inline bool fhash_empty(const struct ftrace_hash *hash)
{
	return !hash || (!hash->count && !hash->mod_pending);
}

struct ftrace_func_entry *fhash_lookup(const struct ftrace_hash *hash,
				       unsigned long ip);
/* Add @ip (a no-op if present), growing the table.  0 or -ENOMEM. */
int fhash_add(struct ftrace_hash *hash, unsigned long ip);
void fhash_remove(struct ftrace_hash *hash, struct ftrace_func_entry *entry);
void fhash_clear(struct ftrace_hash *hash);

#define fhash_for_each(hash, i, entry)					\
	for (i = 0; (hash) && i < (1U << (hash)->size_bits); i++)	\
		hlist_for_each_entry(entry, &(hash)->buckets[i], hlist)

#define fhash_for_each_safe(hash, i, tmp, entry)			\
	for (i = 0; (hash) && i < (1U << (hash)->size_bits); i++)	\
		hlist_for_each_entry_safe(entry, tmp, &(hash)->buckets[i], hlist)

/*
 * A function-name pattern: a glob of the forms set_ftrace_filter takes
 * (Documentation/trace/ftrace.rst): "name", "pre*", "*post", "*mid*",
 * and anything else with ?, [ or * in it as a full glob.
 */
enum fglob_kind {
	FGLOB_FULL,		/* name */
	FGLOB_FRONT,		/* name* */
	FGLOB_END,		/* *name */
	FGLOB_MIDDLE,		/* *name* */
	FGLOB_GLOB,		/* anything else with a metacharacter */
};

struct fglob {
	enum fglob_kind	kind;
	const char	*text;	/* without the leading/trailing '*' */
	unsigned int	len;
};

/* Parse @pattern (kept by reference: it must outlive @g). */
void fglob_parse(struct fglob *g, const char *pattern);
bool fglob_match(const struct fglob *g, const char *name);

/*
 * One line of set_ftrace_filter: "[!]FUNC[:mod:[!]MODULE]".  FUNC may be
 * empty with a module ("*:mod:ext4" and ":mod:ext4" both take every
 * function of the module).  @mod NULL: any module or the kernel;
 * a module name of "*" takes every module, none of the kernel.
 */
struct fmatch {
	struct fglob	func;
	struct fglob	mod;
	bool		has_mod;
	bool		mod_negate;
	bool		negate;
};

/* Split @line in place.  0, or -EINVAL for a malformed module part. */
int fmatch_parse(struct fmatch *m, char *line);
/* Whether a site of function @func in module @modname (NULL: kernel) matches. */
bool fmatch_site(const struct fmatch *m, const char *func, const char *modname);

/*
 * Add (or, with m->negate, remove) every record whose function matches
 * @m to @hash.  ftrace_lock held.  Returns the number of records that
 * matched, or -ENOMEM.
 */
int fhash_apply(struct ftrace_hash *hash, const struct fmatch *m);

/*
 * The same for the record at @ip (an exact site or function start):
 * 0, -EINVAL (no site there), -ENOENT (removing what is not in the set),
 * -ENOMEM.
 */
int fhash_apply_ip(struct ftrace_hash *hash, unsigned long ip, bool remove);

#endif /* _KERNEL_TRACE_FTRACE_HASH_H */
