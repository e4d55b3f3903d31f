// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall table of the trace core: syscall number -> struct
 * syscall_metadata (trace_syscall_table.h has the contract).
 *
 * SYSCALL_DEFINE leaves one metadata per syscall function in the
 * __syscalls_metadata section, named "sys_<name>", with syscall_nr -1.
 * The native table holds, per number, the address of the function the
 * entry code calls; kallsyms names it ("__x64_sys_read" on x86_64,
 * "sys_read" where there are no wrappers).  The map joins the two:
 *
 *	number --arch_syscall_addr()--> address --kallsyms--> name
 *	that name --same syscall name--> metadata; metadata->syscall_nr = number
 *
 * "Same syscall name" is the architecture's arch_syscall_match_sym_name()
 * where it has one (it knows its wrapper prefixes), else equality after
 * the three letters "sys".  To keep the boot cost at one binary search
 * per number, the metadata are sorted by what follows the first "sys_" of
 * their name, each symbol is looked up by what follows the first "sys_"
 * of the symbol, and the architecture's predicate confirms the match; a
 * symbol that the search cannot place is matched against every metadata,
 * as the predicate alone would.
 *
 * Architectures with sparse syscall numbers (HAVE_SPARSE_SYSCALL_NR)
 * keep the map in an xarray; the others in an array of NR_syscalls
 * pointers.  Both are written only by trace_syscall_table_init().
 */
#include <linux/bsearch.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/xarray.h>
#include <asm/ftrace.h>
#include <asm/syscall.h>
#include <trace/syscall.h>

#include "trace_syscall_table.h"

static struct syscall_metadata **sc_dense;	/* NR_syscalls entries */
static DEFINE_XARRAY(sc_sparse);
static unsigned int sc_mapped;

#ifdef ARCH_HAS_SYSCALL_MATCH_SYM_NAME
static bool sc_same_name(const char *sym, const char *name)
{
	return arch_syscall_match_sym_name(sym, name);
}
#else
static bool sc_same_name(const char *sym, const char *name)
{
	return !strcmp(sym + 3, name + 3);
}
#endif

/* What follows the first "sys_" of @s ("_read" for "__x64_sys_read"). */
static const char *sc_key(const char *s)
{
	const char *p = strstr(s, "sys_");

	return p ? p + 3 : s;
}

static int sc_cmp_meta(const void *a, const void *b)
{
	const struct syscall_metadata *ma = *(const struct syscall_metadata **)a;
	const struct syscall_metadata *mb = *(const struct syscall_metadata **)b;

	return strcmp(sc_key(ma->name), sc_key(mb->name));
}

static int sc_cmp_key(const void *key, const void *elt)
{
	const struct syscall_metadata *m = *(const struct syscall_metadata **)elt;

	return strcmp(key, sc_key(m->name));
}

static struct syscall_metadata *
sc_find(struct syscall_metadata **sorted, size_t n, const char *sym)
{
	struct syscall_metadata **hit;
	size_t i;

	hit = bsearch(sc_key(sym), sorted, n, sizeof(*sorted), sc_cmp_key);
	if (hit && sc_same_name(sym, (*hit)->name))
		return *hit;
	for (i = 0; i < n; i++)
		if (sc_same_name(sym, sorted[i]->name))
			return sorted[i];
	return NULL;
}

unsigned long __init __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

static int __init sc_map(int nr, struct syscall_metadata *meta)
{
	if (IS_ENABLED(CONFIG_HAVE_SPARSE_SYSCALL_NR))
		return xa_err(xa_store(&sc_sparse, nr, meta, GFP_KERNEL));
	sc_dense[nr] = meta;
	return 0;
}

/**
 * trace_syscall_table_init - build the number -> metadata map
 *
 * Idempotent: the first call builds the map, later ones return its
 * result.  Boot only (process context, may sleep).
 *
 * Return: 0, or -ENOMEM when the map could not be allocated (every
 * syscall then stays unmapped).
 */
int __init trace_syscall_table_init(void)
{
	static int done = -EAGAIN;
	struct syscall_metadata **sorted, **m;
	char sym[KSYM_SYMBOL_LEN];
	size_t n = 0;
	int nr;

	if (done != -EAGAIN)
		return done;
	done = -ENOMEM;

	for (m = __start_syscalls_metadata; m < __stop_syscalls_metadata; m++)
		n += !!(*m)->name;
	sorted = kmalloc_array(n, sizeof(*sorted), GFP_KERNEL);
	if (!IS_ENABLED(CONFIG_HAVE_SPARSE_SYSCALL_NR))
		sc_dense = kcalloc(NR_syscalls, sizeof(*sc_dense), GFP_KERNEL);
	if (!sorted || (!IS_ENABLED(CONFIG_HAVE_SPARSE_SYSCALL_NR) && !sc_dense))
		goto out;

	n = 0;
	for (m = __start_syscalls_metadata; m < __stop_syscalls_metadata; m++)
		if ((*m)->name)
			sorted[n++] = *m;
	sort(sorted, n, sizeof(*sorted), sc_cmp_meta, NULL);

	for (nr = 0; nr < NR_syscalls; nr++) {
		struct syscall_metadata *meta;

		if (!kallsyms_lookup(arch_syscall_addr(nr), NULL, NULL, NULL, sym) ||
		    sc_same_name(sym, "sys_ni_syscall"))
			continue;
		meta = sc_find(sorted, n, sym);
		if (!meta)
			continue;
		if (sc_map(nr, meta)) {
			pr_warn("tracing: no memory for the syscall map\n");
			break;
		}
		meta->syscall_nr = nr;
		sc_mapped++;
	}
	done = 0;
out:
	kfree(sorted);
	return done;
}

/**
 * trace_syscall_meta - the metadata of syscall @nr
 * @nr: a native syscall number (any value: out of range gives NULL)
 *
 * Any context.  Return: the metadata, or NULL if @nr is unmapped.
 */
struct syscall_metadata *trace_syscall_meta(int nr)
{
	if (IS_ENABLED(CONFIG_HAVE_SPARSE_SYSCALL_NR))
		return nr < 0 ? NULL : xa_load(&sc_sparse, nr);
	if (!sc_dense || nr < 0 || nr >= NR_syscalls)
		return NULL;
	return sc_dense[nr];
}

/**
 * trace_syscall_name - the name of syscall @nr ("sys_read")
 * @nr: a native syscall number
 *
 * Any context.  Return: the name, or NULL if @nr is unmapped.
 */
const char *trace_syscall_name(int nr)
{
	struct syscall_metadata *meta = trace_syscall_meta(nr);

	return meta ? meta->name : NULL;
}

/* How many numbers are mapped (for the KUnit suite). */
unsigned int trace_syscall_mapped(void)
{
	return sc_mapped;
}
