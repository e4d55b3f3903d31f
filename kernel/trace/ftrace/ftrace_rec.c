// SPDX-License-Identifier: GPL-2.0
/*
 * Patch-site records: building them from the compiler's tables at boot
 * and module load, finding them by address, dropping them when their
 * text goes, and reporting a site that does not hold what it should.
 *
 * The layout, the flags word and who may touch what are in ftrace_rec.h.
 * Everything here that changes the records runs in process context with
 * ftrace_lock held; lookups run under RCU (any context but NMI).
 *
 * The table of a build is sorted by address at link time
 * (BUILDTIME_MCOUNT_SORT); a module's is sorted here.  Address 0 in a
 * table is a site the linker discarded (a weak function overridden), and
 * gets no record; in the kernel's table, once relocated (KASLR), such an
 * entry holds the relocation offset instead, outside the kernel's text.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/gfp.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include <asm/sections.h>

#include "ftrace_hash.h"
#include "ftrace_ops.h"
#include "ftrace_rec.h"

/* The lock order and what it covers: ftrace_rec.h. */
DEFINE_MUTEX(ftrace_lock);

struct frec_group __rcu *frec_groups;
unsigned long frec_generation;
unsigned long frec_count;
unsigned long frec_groups_count;
unsigned long frec_pages_count;
bool ftrace_disabled;

/* What the architecture's patching reported last (ftrace_bug()). */
enum ftrace_bug_type ftrace_bug_type;
const void *ftrace_expected;

/* Records per group: at most this many pages of them. */
#define FREC_MAX_PAGES	8U

static int frec_cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static struct dyn_ftrace *frec_bisect(struct frec_group *grp,
				      unsigned long start, unsigned long end)
{
	unsigned int lo = 0, hi = grp->nr;

	if (!grp->nr || end < grp->recs[0].ip || start > grp->recs[grp->nr - 1].ip)
		return NULL;

	/* The first record at or after @start. */
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (grp->recs[mid].ip < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < grp->nr && grp->recs[lo].ip <= end)
		return &grp->recs[lo];
	return NULL;
}

struct dyn_ftrace *frec_lookup_range(unsigned long start, unsigned long end)
{
	struct frec_group *grp;
	struct dyn_ftrace *rec = NULL;

	rcu_read_lock_sched_notrace();
	for (grp = rcu_dereference_sched(frec_groups); grp && !rec;
	     grp = rcu_dereference_sched(grp->next))
		rec = frec_bisect(grp, start, end);
	rcu_read_unlock_sched_notrace();
	return rec;
}

struct dyn_ftrace *frec_lookup(unsigned long ip)
{
	return frec_lookup_range(ip, ip);
}

/**
 * ftrace_location_range - a patch site in a range of text
 * @start: the first address
 * @end: the last address (inclusive)
 *
 * Return: the address of the lowest site in [@start, @end], or 0.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	struct dyn_ftrace *rec;
	unsigned long ip;

	/* The group may be replaced once the read side ends: copy first. */
	rcu_read_lock_sched_notrace();
	rec = frec_lookup_range(start, end);
	ip = rec ? rec->ip : 0;
	rcu_read_unlock_sched_notrace();
	return ip;
}

/**
 * ftrace_location - the patch site of a function
 * @ip: the address of a site, or of the first byte of a function
 *
 * A function may start with other instructions before its site (an
 * ENDBR); given its first byte, the site anywhere in the function counts.
 *
 * Return: the site's address, or 0 if @ip is neither.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset;

	if (ftrace_location_range(ip, ip))
		return ip;
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset || !size)
		return 0;
	return ftrace_location_range(ip, ip + size - 1);
}

/**
 * ftrace_text_reserved - whether text holds a patch site
 * @start: first byte
 * @end: last byte (inclusive)
 *
 * Other text patchers (kprobes' optimizer) must not touch such text.
 *
 * Return: 1 if a site lies in [@start, @end], else 0.
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	return !!ftrace_location_range((unsigned long)start, (unsigned long)end);
}

bool frec_needs_update(const struct dyn_ftrace *rec)
{
	unsigned long want = rec->flags;
	bool on = ftrace_rec_count(rec) && !(want & FTRACE_FL_DISABLED);

	if (on != !!(want & FTRACE_FL_ENABLED))
		return true;
	if (!on)
		return false;
	return !!(want & FTRACE_FL_REGS) != !!(want & FTRACE_FL_REGS_EN) ||
	       !!(want & FTRACE_FL_TRAMP) != !!(want & FTRACE_FL_TRAMP_EN) ||
	       frec_wants_direct(rec) != !!(want & FTRACE_FL_DIRECT_EN) ||
	       frec_slot_new(rec) != frec_slot_cur(rec);
}

/*
 * Room for @want records in as few pages as hold them, at most
 * FREC_MAX_PAGES (fewer when memory is fragmented): the last group of a
 * table wastes less than a page.
 */
static struct frec_group *frec_group_alloc(unsigned int want)
{
	struct frec_group *grp;
	unsigned int pages;

	grp = kzalloc(sizeof(*grp), GFP_KERNEL);
	if (!grp)
		return NULL;
	pages = DIV_ROUND_UP(want * sizeof(struct dyn_ftrace), PAGE_SIZE);
	pages = clamp(pages, 1U, FREC_MAX_PAGES);
	for (;; pages = DIV_ROUND_UP(pages, 2)) {
		grp->recs = alloc_pages_exact(pages * PAGE_SIZE,
					      GFP_KERNEL | __GFP_ZERO |
					      (pages > 1 ? __GFP_NOWARN : 0));
		if (grp->recs || pages == 1)
			break;
	}
	if (!grp->recs) {
		kfree(grp);
		return NULL;
	}
	grp->pages = pages;
	return grp;
}

static void frec_group_free(struct frec_group *grp)
{
	free_pages_exact(grp->recs, grp->pages * PAGE_SIZE);
	kfree(grp);
}

static unsigned int frec_group_cap(const struct frec_group *grp)
{
	return grp->pages * PAGE_SIZE / sizeof(struct dyn_ftrace);
}

/* The tail of the group list, where new tables go (ftrace_lock). */
static struct frec_group __rcu **frec_tail(void)
{
	struct frec_group __rcu **link = &frec_groups;
	struct frec_group *grp;

	while ((grp = ftrace_protected(*link)))
		link = &grp->next;
	return link;
}

/*
 * A site too far into its symbol is the body of a weak function the
 * linker overrode (the table still lists it): kallsyms names the
 * function before it.  Such a record is DISABLED for good and listed as
 * "__ftrace_invalid_address___OFFSET".
 */
static bool frec_site_valid(unsigned long ip, unsigned long *offset)
{
	unsigned long size;

	*offset = 0;
	if (!kallsyms_lookup_size_offset(ip, &size, offset))
		return false;
#ifdef FTRACE_MCOUNT_MAX_OFFSET
	return *offset <= FTRACE_MCOUNT_MAX_OFFSET;
#else
	return true;
#endif
}

/*
 * Whether the kernel image's records still need frec_check_weak(): boot
 * converts the sites only, and the symbol lookup of every site waits
 * for the first user of the records.  Read and written under ftrace_lock.
 */
static bool frec_kernel_unchecked;

void frec_check_weak(void)
{
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	unsigned long offset;

	lockdep_assert_held(&ftrace_lock);
	if (likely(!frec_kernel_unchecked))
		return;
	for (grp = ftrace_protected(frec_groups); grp;
	     grp = ftrace_protected(grp->next)) {
		if (grp->mod)
			continue;
		for (rec = grp->recs; rec < grp->recs + grp->nr; rec++)
			if (!frec_site_valid(rec->ip, &offset))
				rec->flags |= FTRACE_FL_DISABLED;
	}
	frec_kernel_unchecked = false;
}

int frec_add_table(struct module *mod, unsigned long *start,
		   unsigned long *end)
{
	struct frec_group *first = NULL, **fill = &first, *grp = NULL;
	unsigned long flags = mod ? FTRACE_FL_DISABLED : 0;
	bool init_nop = ftrace_need_init_nop();
	unsigned long *p;
	int err;

	/* The kernel's table is sorted when it is linked; a module's is not. */
	if (mod || !IS_ENABLED(CONFIG_BUILDTIME_MCOUNT_SORT))
		sort(start, end - start, sizeof(*start), frec_cmp_ip, NULL);
	/*
	 * Sorted, the entries of discarded text (weak functions overridden)
	 * come first: 0, or in a kernel that was relocated (KASLR) 0 plus
	 * the relocation offset, which is never kernel text.
	 */
	while (start < end && (!*start ||
			       (!mod && !is_kernel_text(*start) &&
				!is_kernel_inittext(*start))))
		start++;
	if (start >= end)
		return 0;

	/*
	 * One pass: each record is made and its site becomes a NOP, outside
	 * any batch (the arch stores the bytes directly: the text is not
	 * running yet).  A module's records wait for ftrace_module_enable().
	 */
	mutex_lock(&ftrace_lock);
	for (p = start; p < end; p++) {
		struct dyn_ftrace *rec;

		if (!grp || grp->nr == frec_group_cap(grp)) {
			grp = frec_group_alloc(end - p);
			if (!grp)
				goto nomem;
			grp->mod = mod;
			*fill = grp;
			fill = (struct frec_group **)&grp->next;
			frec_groups_count++;
			frec_pages_count += grp->pages;
		}
		rec = &grp->recs[grp->nr++];
		rec->ip = ftrace_call_adjust(*p);
		rec->flags = flags;
		if (!init_nop || ftrace_disabled)
			continue;
		err = ftrace_init_nop(mod, rec);
		if (err) {
			ftrace_bug_type = FTRACE_BUG_INIT;
			frec_bug(err, rec);
		}
	}
	frec_count += end - start;
	if (!mod)
		frec_kernel_unchecked = true;
	rcu_assign_pointer(*frec_tail(), first);
	frec_generation++;
	mutex_unlock(&ftrace_lock);
	return 0;

nomem:
	/* Nothing was published: the sites converted so far stay NOPs. */
	while (first) {
		grp = first;
		first = rcu_dereference_raw(grp->next);
		frec_groups_count--;
		frec_pages_count -= grp->pages;
		frec_group_free(grp);
	}
	mutex_unlock(&ftrace_lock);
	return -ENOMEM;
}

/*
 * A module's init functions whose text was freed: records written while
 * they ran still hold their addresses, so their names are kept for
 * kallsyms until the module goes (ftrace_mod_address_lookup()).  Added
 * and removed under ftrace_lock, looked up under RCU.
 */
struct frec_gone {
	struct list_head	list;
	struct rcu_head		rcu;
	struct module		*mod;
	unsigned long		start;
	unsigned long		size;
	char			name[];
};

static LIST_HEAD(frec_gone_list);

static void frec_gone_keep(struct module *mod, unsigned long ip)
{
	char sym[KSYM_NAME_LEN];
	unsigned long size, offset;
	struct frec_gone *g;
	size_t len;

	if (!kallsyms_lookup(ip, &size, &offset, NULL, sym))
		return;
	len = strlen(sym) + 1;
	g = kmalloc(struct_size(g, name, len), GFP_KERNEL);
	if (!g)
		return;
	g->mod = mod;
	g->start = ip - offset;
	g->size = size;
	memcpy(g->name, sym, len);
	list_add_tail_rcu(&g->list, &frec_gone_list);
}

static void frec_gone_forget(struct module *mod)
{
	struct frec_gone *g, *tmp;

	list_for_each_entry_safe(g, tmp, &frec_gone_list, list) {
		if (g->mod != mod)
			continue;
		list_del_rcu(&g->list);
		kfree_rcu(g, rcu);
	}
}

bool frec_gone_lookup(unsigned long addr, unsigned long *size,
		      unsigned long *off, char **modname, char *sym)
{
	struct frec_gone *g;
	bool found = false;

	rcu_read_lock();
	list_for_each_entry_rcu(g, &frec_gone_list, list) {
		if (addr < g->start || addr >= g->start + g->size)
			continue;
		if (size)
			*size = g->size;
		if (off)
			*off = addr - g->start;
		if (modname)
			*modname = g->mod->name;
		strscpy(sym, g->name, KSYM_NAME_LEN);
		found = true;
		break;
	}
	rcu_read_unlock();
	return found;
}

/*
 * A group that loses some of its records is replaced by a copy of the
 * rest (lookups bisect without locks, so records never move or vanish
 * inside a published group).  Without memory for the copy the records
 * stay, DISABLED: never patched again, and out of every hash.
 */
static struct frec_group *frec_group_shrink(struct frec_group *grp,
					    unsigned long start,
					    unsigned long end)
{
	struct frec_group *copy;
	unsigned int i, kept = 0;

	for (i = 0; i < grp->nr; i++)
		kept += grp->recs[i].ip < start || grp->recs[i].ip >= end;
	copy = kept ? frec_group_alloc(kept) : NULL;
	if (!copy || frec_group_cap(copy) < kept) {
		if (copy)
			frec_group_free(copy);
		return NULL;
	}
	copy->mod = grp->mod;
	for (i = 0; i < grp->nr; i++)
		if (grp->recs[i].ip < start || grp->recs[i].ip >= end)
			copy->recs[copy->nr++] = grp->recs[i];
	return copy;
}

/* Drop the records in [@start, @end) (ftrace_lock held). */
static void frec_drop_range(struct module *mod, unsigned long start,
			    unsigned long end)
{
	struct frec_group __rcu **link = &frec_groups;
	struct frec_group *grp, *copy, *dead = NULL;
	unsigned int i, gone;

	while ((grp = ftrace_protected(*link))) {
		if (grp->mod != mod || !grp->nr ||
		    grp->recs[grp->nr - 1].ip < start || grp->recs[0].ip >= end) {
			link = &grp->next;
			continue;
		}
		gone = 0;
		for (i = 0; i < grp->nr; i++) {
			struct dyn_ftrace *rec = &grp->recs[i];

			if (rec->ip < start || rec->ip >= end)
				continue;
			gone++;
			fops_forget_ip(rec->ip);
			/* A module's init text: its names outlive it. */
			if (mod && end != ULONG_MAX)
				frec_gone_keep(mod, rec->ip);
			rec->flags = FTRACE_FL_DISABLED;
		}
		copy = gone < grp->nr ? frec_group_shrink(grp, start, end) : NULL;
		if (gone < grp->nr && !copy) {
			/* Kept in place, the dropped ones DISABLED. */
			link = &grp->next;
			continue;
		}
		frec_count -= gone;
		frec_pages_count -= grp->pages;
		if (copy) {
			frec_pages_count += copy->pages;
			RCU_INIT_POINTER(copy->next, ftrace_protected(grp->next));
			rcu_assign_pointer(*link, copy);
			link = &copy->next;
		} else {
			frec_groups_count--;
			rcu_assign_pointer(*link, ftrace_protected(grp->next));
		}
		/* Unlinked now, freed once no lookup can be inside it. */
		RCU_INIT_POINTER(grp->next, dead);
		dead = grp;
		frec_generation++;
	}
	if (!dead)
		return;
	synchronize_rcu();
	while (dead) {
		grp = dead;
		dead = rcu_dereference_raw(grp->next);
		frec_group_free(grp);
	}
}

/**
 * ftrace_free_mem - forget the patch sites of text being freed
 * @mod: the module the text belongs to, NULL for the kernel image
 * @start: first byte of the text
 * @end: byte after it
 */
void ftrace_free_mem(struct module *mod, void *start, void *end)
{
	mutex_lock(&ftrace_lock);
	frec_drop_range(mod, (unsigned long)start, (unsigned long)end);
	mutex_unlock(&ftrace_lock);
}

void __init frec_free_init_mem(void)
{
	ftrace_free_mem(NULL, __init_begin, __init_end);
}

int __init __weak ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * Boot, before the scheduler and the other CPUs: every site of the
 * kernel image gets its record.  Nothing is patched yet, so this takes
 * no lock but the one frec_add_table() takes.
 */
void __init ftrace_init(void)
{
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	ret = ftrace_dyn_arch_init();
	local_irq_restore(flags);
	if (!ret && __stop_mcount_loc - __start_mcount_loc == 0) {
		pr_info("No functions to be traced?\n");
		ret = -ENOENT;
	}
	if (!ret) {
		unsigned long nr = __stop_mcount_loc - __start_mcount_loc;

		pr_info("allocating %lu entries in %lu pages\n", nr,
			DIV_ROUND_UP(nr, PAGE_SIZE / sizeof(struct dyn_ftrace)));
		ret = frec_add_table(NULL, __start_mcount_loc, __stop_mcount_loc);
		if (ret)
			pr_warn("failed to allocate entries for functions\n");
	}
	if (ret) {
		ftrace_disabled = true;
		return;
	}
	pr_info("allocated %lu pages with %lu groups\n", frec_pages_count,
		frec_groups_count);
}

/* A module's records are created while it is still unformed. */
void ftrace_module_init(struct module *mod)
{
	if (ftrace_disabled || !mod->num_ftrace_callsites)
		return;
	if (frec_add_table(mod, mod->ftrace_callsites,
			   mod->ftrace_callsites + mod->num_ftrace_callsites))
		pr_warn("no memory for the patch sites of %s\n", mod->name);
}

/*
 * The module is formed and about to run: its records become live and
 * the ops that want them (a filter naming the module, or none) are
 * applied to its code before any of it runs.
 */
void ftrace_module_enable(struct module *mod)
{
	struct frec_group *grp;
	struct dyn_ftrace *rec;

	mutex_lock(&ftrace_lock);
	frec_for_each(grp, rec) {
		unsigned long offset;

		/* A module's weak leftovers stay disabled (frec_site_valid()). */
		if (grp->mod == mod && frec_site_valid(rec->ip, &offset))
			rec->flags &= ~(unsigned long)FTRACE_FL_DISABLED;
	}
	mutex_unlock(&ftrace_lock);

	/* Filters kept for this module apply now, then the rest. */
	fops_module_coming(mod);

	mutex_lock(&ftrace_lock);
	if (!ftrace_disabled)
		fops_update_module(mod);
	mutex_unlock(&ftrace_lock);
}

/* The module goes (unload, or a load that failed): all its records go. */
void ftrace_release_mod(struct module *mod)
{
	mutex_lock(&ftrace_lock);
	frec_drop_range(mod, 0, ULONG_MAX);
	frec_gone_forget(mod);
	mutex_unlock(&ftrace_lock);
}

int ftrace_is_dead(void)
{
	return ftrace_disabled;
}

void frec_print_sym(struct seq_file *m, const struct dyn_ftrace *rec)
{
	char sym[KSYM_SYMBOL_LEN];
	char *modname = NULL;
	const char *name;
	unsigned long size, offset;

	name = kallsyms_lookup(rec->ip, &size, &offset, &modname, sym);
	if (!name || !frec_site_valid(rec->ip, &offset)) {
		/* The name tools know for a weak function's leftover site. */
		seq_printf(m, "__ftrace_invalid_address___%lu", offset);
		return;
	}
	seq_puts(m, name);
	if (modname)
		seq_printf(m, " [%s]", modname);
}

static void frec_print_insn(const char *what, const void *p)
{
	u8 insn[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(insn, p, sizeof(insn)))
		pr_info("%s[FAULT] %p\n", what, p);
	else
		pr_info("%s%*phC\n", what, (int)sizeof(insn), insn);
}

static const char *const frec_bug_step[] = {
	[FTRACE_BUG_UNKNOWN]	= NULL,
	[FTRACE_BUG_INIT]	= "Initializing ftrace call sites",
	[FTRACE_BUG_NOP]	= "Setting ftrace call site to NOP",
	[FTRACE_BUG_CALL]	= "Setting ftrace call site to call ftrace function",
	[FTRACE_BUG_UPDATE]	= "Updating ftrace call site to call a different ftrace function",
};

/**
 * ftrace_bug - report a patch site that failed, and stop patching
 * @err: -EFAULT (reading it faulted), -EINVAL (it held something else),
 *	 -EPERM (writing it faulted), or another error
 * @rec: its record, or NULL
 *
 * The architecture sets ftrace_expected to the bytes it expected and
 * ftrace_bug_type to the step it was at.  No site is patched afterwards;
 * the kernel goes on with every site as it is.
 */
void ftrace_bug(int err, struct dyn_ftrace *rec)
{
	frec_bug(err, rec);
}

void frec_bug(int err, struct dyn_ftrace *rec)
{
	unsigned long ip = rec ? rec->ip : 0;
	const char *step = NULL;

	pr_info("------------[ ftrace bug ]------------\n");
	switch (err) {
	case -EFAULT:
		pr_info("ftrace faulted on modifying %pS\n", (void *)ip);
		break;
	case -EINVAL:
		pr_info("ftrace failed to modify %pS\n", (void *)ip);
		frec_print_insn(" actual:   ", (void *)ip);
		if (ftrace_expected)
			frec_print_insn(" expected: ", ftrace_expected);
		break;
	case -EPERM:
		pr_info("ftrace faulted on writing %pS\n", (void *)ip);
		break;
	default:
		pr_info("ftrace faulted on unknown error %pS\n", (void *)ip);
	}
	if (ftrace_bug_type < ARRAY_SIZE(frec_bug_step))
		step = frec_bug_step[ftrace_bug_type];
	if (step)
		pr_info("%s\n", step);
	if (rec) {
		unsigned long tramp = 0;

		if (rec->flags & FTRACE_FL_TRAMP_EN)
			tramp = fops_slot_addr(frec_slot_cur(rec));
		pr_info("ftrace record flags: %lx\n", rec->flags & 0xffffffffUL);
		pr_info(" (%ld)%s%s\ttramp: %pS\n", ftrace_rec_count(rec),
			rec->flags & FTRACE_FL_REGS ? " R" : "  ",
			rec->flags & FTRACE_FL_CALL_OPS ? " O" : "  ",
			(void *)tramp);
		pr_info(" expected tramp: %lx\n", ftrace_get_addr_curr(rec));
	}
	ftrace_kill();
	WARN_ON_ONCE(1);
}
