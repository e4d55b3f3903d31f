// SPDX-License-Identifier: GPL-2.0
/*
 * Address sets and function-name patterns (contract in ftrace_hash.h).
 *
 * A hash is a power-of-two array of hlist buckets indexed by hash_long()
 * of the site address, kept at about two entries per bucket (up to
 * 2^FHASH_MAX_BITS buckets): a copy is sized for its count, and
 * fhash_add() doubles the table of a hash being built.
 */
#include <linux/ctype.h>
#include <linux/glob.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_hash.h"
#include "ftrace_rec.h"

struct ftrace_hash *fhash_alloc(unsigned int size_bits)
{
	struct ftrace_hash *hash;

	size_bits = min_t(unsigned int, size_bits, FHASH_MAX_BITS);
	hash = kzalloc(sizeof(*hash), GFP_KERNEL);
	if (!hash)
		return NULL;
	hash->buckets = kcalloc(1U << size_bits, sizeof(*hash->buckets),
				GFP_KERNEL);
	if (!hash->buckets) {
		kfree(hash);
		return NULL;
	}
	hash->size_bits = size_bits;
	return hash;
}

void fhash_clear(struct ftrace_hash *hash)
{
	struct ftrace_func_entry *entry;
	struct hlist_node *tmp;
	unsigned int i;

	fhash_for_each_safe(hash, i, tmp, entry) {
		hlist_del(&entry->hlist);
		kfree(entry);
	}
	if (hash)
		hash->count = 0;
}

void fhash_free(struct ftrace_hash *hash)
{
	if (!hash)
		return;
	fhash_clear(hash);
	kfree(hash->buckets);
	kfree(hash);
}

static void fhash_free_cb(struct rcu_head *head)
{
	fhash_free(container_of(head, struct ftrace_hash, rcu));
}

/*
 * Readers are the list function and the trampolines' callers, which run
 * with preemption off (sched RCU): call_rcu() covers them.
 */
void fhash_free_rcu(struct ftrace_hash *hash)
{
	if (hash)
		call_rcu(&hash->rcu, fhash_free_cb);
}

static unsigned int fhash_bits_for(unsigned long count)
{
	/* About two entries per bucket. */
	return count ? min_t(unsigned int, fls_long(count), FHASH_MAX_BITS) : 0;
}

static struct hlist_head *fhash_bucket(const struct ftrace_hash *hash,
				       unsigned long ip)
{
	return &hash->buckets[hash->size_bits ? hash_long(ip, hash->size_bits) : 0];
}

struct ftrace_func_entry *fhash_lookup(const struct ftrace_hash *hash,
				       unsigned long ip)
{
	struct ftrace_func_entry *entry;

	if (!hash || !hash->count)
		return NULL;
	hlist_for_each_entry_rcu_notrace(entry, fhash_bucket(hash, ip), hlist)
		if (entry->ip == ip)
			return entry;
	return NULL;
}

/* Rehash into twice the buckets (the owner's private hash only). */
static void fhash_grow(struct ftrace_hash *hash)
{
	unsigned int bits = hash->size_bits + 1, i;
	struct ftrace_func_entry *entry;
	struct hlist_head *old = hash->buckets;
	struct hlist_node *tmp;

	hash->buckets = kcalloc(1U << bits, sizeof(*hash->buckets), GFP_KERNEL);
	if (!hash->buckets) {
		/* Keep the small table: slower lookups, same set. */
		hash->buckets = old;
		return;
	}
	for (i = 0; i < (1U << (bits - 1)); i++) {
		hlist_for_each_entry_safe(entry, tmp, &old[i], hlist) {
			hlist_del(&entry->hlist);
			hlist_add_head(&entry->hlist,
				       &hash->buckets[hash_long(entry->ip, bits)]);
		}
	}
	hash->size_bits = bits;
	kfree(old);
}

int fhash_add(struct ftrace_hash *hash, unsigned long ip)
{
	struct ftrace_func_entry *entry;

	if (fhash_lookup(hash, ip))
		return 0;
	/* About two entries per bucket at most, up to the largest table. */
	if (!hash->fixed && hash->count >= (2UL << hash->size_bits) &&
	    hash->size_bits < FHASH_MAX_BITS)
		fhash_grow(hash);
	entry = kzalloc(sizeof(*entry), GFP_KERNEL);
	if (!entry)
		return -ENOMEM;
	entry->ip = ip;
	hlist_add_head_rcu(&entry->hlist, fhash_bucket(hash, ip));
	hash->count++;
	return 0;
}

void fhash_remove(struct ftrace_hash *hash, struct ftrace_func_entry *entry)
{
	hlist_del(&entry->hlist);
	kfree(entry);
	hash->count--;
}

struct ftrace_hash *fhash_copy(const struct ftrace_hash *src)
{
	struct ftrace_func_entry *entry, *copy;
	struct ftrace_hash *hash;
	unsigned int i;

	hash = fhash_alloc(fhash_bits_for(src ? src->count : 0));
	if (!hash)
		return NULL;
	hash->mod_pending = src && src->mod_pending;
	fhash_for_each(src, i, entry) {
		copy = kmemdup(entry, sizeof(*entry), GFP_KERNEL);
		if (!copy) {
			fhash_free(hash);
			return NULL;
		}
		hlist_add_head(&copy->hlist, fhash_bucket(hash, copy->ip));
		hash->count++;
	}
	return hash;
}

void fglob_parse(struct fglob *g, const char *pattern)
{
	size_t len = strlen(pattern);
	bool lead = len && pattern[0] == '*';
	bool trail = len > lead && pattern[len - 1] == '*';
	size_t i;

	g->kind = lead ? (trail ? FGLOB_MIDDLE : FGLOB_END) :
			 (trail ? FGLOB_FRONT : FGLOB_FULL);
	g->text = pattern + lead;
	g->len = len - lead - trail;
	/* A metacharacter inside: only a full glob can say it. */
	for (i = 0; i < g->len; i++) {
		if (strchr("*?[\\", g->text[i])) {
			g->kind = FGLOB_GLOB;
			g->text = pattern;
			g->len = len;
			return;
		}
	}
}

bool fglob_match(const struct fglob *g, const char *name)
{
	size_t n;

	switch (g->kind) {
	case FGLOB_FULL:
		return !strncmp(name, g->text, g->len) && !name[g->len];
	case FGLOB_FRONT:
		return !strncmp(name, g->text, g->len);
	case FGLOB_END:
		n = strlen(name);
		return n >= g->len && !memcmp(name + n - g->len, g->text, g->len);
	case FGLOB_MIDDLE:
		/* strnstr() on a counted needle: the body is not terminated. */
		n = strlen(name);
		for (; n >= g->len; name++, n--)
			if (!memcmp(name, g->text, g->len))
				return true;
		return false;
	case FGLOB_GLOB:
		return glob_match(g->text, name);
	}
	return false;
}

int fmatch_parse(struct fmatch *m, char *line)
{
	char *func = line, *rest, *mod;

	memset(m, 0, sizeof(*m));
	if (*func == '!') {
		m->negate = true;
		func++;
	}
	rest = strchr(func, ':');
	if (rest) {
		*rest++ = '\0';
		if (strncmp(rest, "mod:", 4))
			return -EINVAL;
		mod = rest + 4;
		if (*mod == '!') {
			m->mod_negate = true;
			mod++;
		}
		m->has_mod = true;
		fglob_parse(&m->mod, mod);
	}
	fglob_parse(&m->func, func);
	return 0;
}

bool fmatch_site(const struct fmatch *m, const char *func, const char *modname)
{
	if (m->has_mod) {
		if (!m->mod.len) {
			/* "*" or "" for the module: any module (or, with '!', none). */
			if (m->mod_negate == !!modname)
				return false;
		} else if (m->mod_negate == (modname && fglob_match(&m->mod, modname))) {
			return false;
		}
		/* No function part: the whole module. */
		if (!m->func.len)
			return true;
	}
	return fglob_match(&m->func, func);
}

/* "N": the Nth record (from 1) in the order available_filter_functions lists. */
static int fhash_apply_index(struct ftrace_hash *hash, const struct fmatch *m)
{
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	char num[16];
	unsigned long idx;
	int ret;

	if (m->func.len >= sizeof(num))
		return 0;
	memcpy(num, m->func.text, m->func.len);
	num[m->func.len] = '\0';
	if (kstrtoul(num, 0, &idx) || !idx)
		return 0;
	/* Lines of available_filter_functions: every record counts. */
	frec_for_each(grp, rec) {
		if (--idx)
			continue;
		if (rec->flags & FTRACE_FL_DISABLED)
			return 0;
		ret = fhash_apply_ip(hash, rec->ip, m->negate);
		/* Taking out what is not in the set is no error. */
		return ret && ret != -ENOENT ? ret : 1;
	}
	return 0;
}

/* Add or take out (@m->negate) one record that matched; -ENOMEM or 0. */
static int fhash_apply_rec(struct ftrace_hash *hash, const struct fmatch *m,
			   struct dyn_ftrace *rec)
{
	struct ftrace_func_entry *entry;

	if (!m->negate)
		return fhash_add(hash, rec->ip);
	entry = fhash_lookup(hash, rec->ip);
	if (entry)
		fhash_remove(hash, entry);
	return 0;
}

/* Whether @rec is a live site of a function matching @m; @sym is scratch. */
static bool fhash_rec_matches(const struct fmatch *m, struct dyn_ftrace *rec,
			      char *sym)
{
	char *modname = NULL;

	if (rec->flags & FTRACE_FL_DISABLED)
		return false;
	if (!kallsyms_lookup(rec->ip, NULL, NULL, &modname, sym))
		return false;
	return fmatch_site(m, sym, modname);
}

struct fhash_name_walk {
	struct ftrace_hash	*hash;
	const struct fmatch	*m;
	char			sym[KSYM_SYMBOL_LEN];
	int			found;
};

/* One kernel symbol of the wanted name (kallsyms_on_each_match_symbol()). */
static int fhash_name_hit(void *data, unsigned long addr)
{
	struct fhash_name_walk *w = data;
	struct dyn_ftrace *rec;
	unsigned long ip;

	ip = ftrace_location(addr);
	rec = ip ? frec_lookup(ip) : NULL;
	/* The name kallsyms gives the site must be this one (not an alias). */
	if (!rec || !fhash_rec_matches(w->m, rec, w->sym))
		return 0;
	w->found++;
	return fhash_apply_rec(w->hash, w->m, rec);
}

/*
 * A plain name with no module part: the kernel's symbols of that name
 * come from kallsyms' index of names, and only the modules' records are
 * named one by one.  Same result as naming every record.
 */
static int fhash_apply_name(struct ftrace_hash *hash, const struct fmatch *m)
{
	struct fhash_name_walk *w;
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	int ret;

	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->hash = hash;
	w->m = m;
	ret = kallsyms_on_each_match_symbol(fhash_name_hit, m->func.text, w);
	for (grp = ftrace_protected(frec_groups); grp && !ret;
	     grp = ftrace_protected(grp->next)) {
		if (!grp->mod)
			continue;
		for (rec = grp->recs; rec < grp->recs + grp->nr && !ret; rec++) {
			if (!fhash_rec_matches(m, rec, w->sym))
				continue;
			w->found++;
			ret = fhash_apply_rec(hash, m, rec);
		}
	}
	if (!ret)
		ret = w->found;
	kfree(w);
	return ret;
}

int fhash_apply(struct ftrace_hash *hash, const struct fmatch *m)
{
	char sym[KSYM_SYMBOL_LEN];
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	int found = 0;

	lockdep_assert_held(&ftrace_lock);
	frec_check_weak();
	if (!m->has_mod && m->func.kind == FGLOB_FULL && m->func.len) {
		if (isdigit(m->func.text[0]))
			return fhash_apply_index(hash, m);
		return fhash_apply_name(hash, m);
	}

	frec_for_each(grp, rec) {
		if (!fhash_rec_matches(m, rec, sym))
			continue;
		found++;
		if (fhash_apply_rec(hash, m, rec))
			return -ENOMEM;
	}
	return found;
}

int fhash_apply_ip(struct ftrace_hash *hash, unsigned long ip, bool remove)
{
	struct ftrace_func_entry *entry;

	ip = ftrace_location(ip);
	if (!ip)
		return -EINVAL;
	if (!remove)
		return fhash_add(hash, ip);
	entry = fhash_lookup(hash, ip);
	if (!entry)
		return -ENOENT;
	fhash_remove(hash, entry);
	return 0;
}
