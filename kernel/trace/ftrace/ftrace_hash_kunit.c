// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "ftrace_hash": the address sets of ftrace_ops (add,
 * lookup, remove, copy, the "empty but waiting for a module" state),
 * the function-name globs of set_ftrace_filter, the word parser
 * ("[!]GLOB[:mod:[!]MODULE]", valid and malformed), and record lookups
 * on the kernel's own patch sites: a function of this file has a site,
 * a lookup by its first byte finds it, a filter word selects it, and a
 * plain name (looked up in kallsyms' name index) selects the same sites
 * as the equivalent glob (which names every record).
 */
#include <kunit/test.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_hash.h"
#include "ftrace_rec.h"

/* A traced function of the kernel image: -pg is off in kernel/trace. */
#define FHK_TRACED	((unsigned long)kallsyms_lookup_name("vfs_read"))
/* Names fhk_names() takes from the records. */
#define FHK_NAMES	6

static void fhk_sets(struct kunit *test)
{
	struct ftrace_hash *h = fhash_alloc(4), *c;
	unsigned long ip;

	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_EXPECT_TRUE(test, fhash_empty(h));
	KUNIT_EXPECT_TRUE(test, fhash_empty(NULL));
	for (ip = 0x1000; ip < 0x1000 + 100 * 16; ip += 16)
		KUNIT_ASSERT_EQ(test, fhash_add(h, ip), 0);
	/* Adding twice is a no-op. */
	KUNIT_EXPECT_EQ(test, fhash_add(h, 0x1000), 0);
	KUNIT_EXPECT_EQ(test, h->count, 100UL);
	KUNIT_EXPECT_NOT_NULL(test, fhash_lookup(h, 0x1010));
	KUNIT_EXPECT_NULL(test, fhash_lookup(h, 0x1008));

	c = fhash_copy(h);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_EQ(test, c->count, 100UL);
	fhash_remove(h, fhash_lookup(h, 0x1010));
	KUNIT_EXPECT_NULL(test, fhash_lookup(h, 0x1010));
	/* The copy is its own. */
	KUNIT_EXPECT_NOT_NULL(test, fhash_lookup(c, 0x1010));
	fhash_clear(c);
	KUNIT_EXPECT_TRUE(test, fhash_empty(c));

	/* Waiting for a module: no entry, yet not "everything". */
	c->mod_pending = true;
	KUNIT_EXPECT_FALSE(test, fhash_empty(c));
	KUNIT_EXPECT_NULL(test, fhash_lookup(c, 0x1000));
	fhash_free(c);
	c = fhash_copy(NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_TRUE(test, fhash_empty(c));
	fhash_free(c);
	fhash_free(h);
}

static const struct {
	const char	*pattern;
	const char	*name;
	bool		match;
	enum fglob_kind	kind;
} fhk_globs[] = {
	{ "vfs_read", "vfs_read", true, FGLOB_FULL },
	{ "vfs_read", "vfs_readv", false, FGLOB_FULL },
	{ "vfs_read", "vfs_rea", false, FGLOB_FULL },
	{ "vfs_*", "vfs_read", true, FGLOB_FRONT },
	{ "vfs_*", "do_vfs_read", false, FGLOB_FRONT },
	{ "*_read", "vfs_read", true, FGLOB_END },
	{ "*_read", "vfs_readv", false, FGLOB_END },
	{ "*read*", "do_vfs_readv", true, FGLOB_MIDDLE },
	{ "*read*", "write", false, FGLOB_MIDDLE },
	{ "*", "anything", true, FGLOB_END },
	{ "**", "anything", true, FGLOB_MIDDLE },
	{ "v*_read", "vfs_read", true, FGLOB_GLOB },
	{ "v*_read", "vfs_write", false, FGLOB_GLOB },
	{ "vfs_rea?", "vfs_read", true, FGLOB_GLOB },
	{ "vfs_[rw]*", "vfs_write", true, FGLOB_GLOB },
	{ "vfs_[rw]*", "vfs_open", false, FGLOB_GLOB },
	{ "*s_r*d", "vfs_read", true, FGLOB_GLOB },
	{ "", "", true, FGLOB_FULL },
	{ "", "x", false, FGLOB_FULL },
};

static void fhk_glob(struct kunit *test)
{
	struct fglob g;
	int i;

	for (i = 0; i < ARRAY_SIZE(fhk_globs); i++) {
		fglob_parse(&g, fhk_globs[i].pattern);
		KUNIT_EXPECT_EQ_MSG(test, g.kind, fhk_globs[i].kind, "%s",
				    fhk_globs[i].pattern);
		KUNIT_EXPECT_EQ_MSG(test, fglob_match(&g, fhk_globs[i].name),
				    fhk_globs[i].match, "%s ~ %s",
				    fhk_globs[i].pattern, fhk_globs[i].name);
	}
}

static const struct {
	const char	*word;
	int		err;
	const char	*func;		/* site's function */
	const char	*mod;		/* its module, NULL for the kernel */
	bool		match;
	bool		negate;
} fhk_words[] = {
	{ "vfs_read", 0, "vfs_read", NULL, true },
	{ "!vfs_read", 0, "vfs_read", NULL, true, true },
	{ "vfs_read:mod:ext4", 0, "vfs_read", NULL, false },
	{ "*:mod:ext4", 0, "ext4_sync_fs", "ext4", true },
	{ "*:mod:ext4", 0, "xfs_sync_fs", "xfs", false },
	{ ":mod:ext4", 0, "ext4_sync_fs", "ext4", true },
	{ "ext4_*:mod:ext*", 0, "ext4_sync_fs", "ext4", true },
	{ "*:mod:!ext4", 0, "vfs_read", NULL, true },
	{ "*:mod:!ext4", 0, "ext4_sync_fs", "ext4", false },
	{ "*:mod:!ext4", 0, "xfs_sync_fs", "xfs", true },
	/* A blank module: every module, or with '!' the kernel alone. */
	{ "*:mod:*", 0, "vfs_read", NULL, false },
	{ "*:mod:*", 0, "xfs_sync_fs", "xfs", true },
	{ "*:mod:!*", 0, "vfs_read", NULL, true },
	{ "*:mod:!*", 0, "xfs_sync_fs", "xfs", false },
	/* Malformed: a command other than "mod". */
	{ "vfs_read:traceoff", -EINVAL },
	{ "vfs_read:", -EINVAL },
	{ "vfs_read:mo:ext4", -EINVAL },
};

static void fhk_words_parse(struct kunit *test)
{
	struct fmatch m;
	char *w;
	int i;

	for (i = 0; i < ARRAY_SIZE(fhk_words); i++) {
		w = kunit_kstrdup(test, fhk_words[i].word, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, w);
		KUNIT_EXPECT_EQ_MSG(test, fmatch_parse(&m, w), fhk_words[i].err,
				    "%s", fhk_words[i].word);
		if (fhk_words[i].err)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, m.negate, fhk_words[i].negate, "%s",
				    fhk_words[i].word);
		KUNIT_EXPECT_EQ_MSG(test, fmatch_site(&m, fhk_words[i].func,
						      fhk_words[i].mod),
				    fhk_words[i].match, "%s on %s [%s]",
				    fhk_words[i].word, fhk_words[i].func,
				    fhk_words[i].mod ?: "kernel");
	}
}

/* The kernel's own sites: lookups and a filter word over the records. */
static void fhk_records(struct kunit *test)
{
	unsigned long fn = FHK_TRACED, site;
	struct ftrace_hash *h;
	struct fmatch m;
	char word[] = "vfs_read";
	int found;

	KUNIT_ASSERT_NE(test, fn, 0UL);
	site = ftrace_location(fn);
	KUNIT_ASSERT_NE(test, site, 0UL);
	KUNIT_EXPECT_GE(test, site, fn);
	KUNIT_EXPECT_EQ(test, ftrace_location(site), site);
	KUNIT_EXPECT_TRUE(test, ftrace_text_reserved((void *)site, (void *)site));
	/* Not a site and not a function's first byte. */
	KUNIT_EXPECT_EQ(test, ftrace_location(site + 1), 0UL);
	/* Nothing in kernel/trace has a site. */
	KUNIT_EXPECT_EQ(test, ftrace_location((unsigned long)fhk_records), 0UL);

	h = fhash_alloc(2);
	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_ASSERT_EQ(test, fmatch_parse(&m, word), 0);
	mutex_lock(&ftrace_lock);
	found = fhash_apply(h, &m);
	mutex_unlock(&ftrace_lock);
	KUNIT_EXPECT_EQ(test, found, 1);
	KUNIT_EXPECT_NOT_NULL(test, fhash_lookup(h, site));
	KUNIT_EXPECT_EQ(test, fhash_apply_ip(h, fn, true), 0);
	KUNIT_EXPECT_TRUE(test, fhash_empty(h));
	KUNIT_EXPECT_EQ(test, fhash_apply_ip(h, site + 1, false), -EINVAL);
	KUNIT_EXPECT_EQ(test, fhash_apply_ip(h, fn, true), -ENOENT);
	fhash_free(h);
}

/* Add (or take out) the functions @word names; the count that matched. */
static int fhk_apply_word(struct ftrace_hash *h, const char *word)
{
	char line[KSYM_NAME_LEN + 8];
	struct fmatch m;
	int found;

	strscpy(line, word, sizeof(line));
	if (fmatch_parse(&m, line))
		return -EINVAL;
	mutex_lock(&ftrace_lock);
	found = fhash_apply(h, &m);
	mutex_unlock(&ftrace_lock);
	return found;
}

/*
 * A plain name is found through kallsyms' name index; the same name as
 * a glob ("name" with its last letter in brackets) names every record.
 * Both must take the same sites, for names spread over the records.
 */
static void fhk_names(struct kunit *test)
{
	char (*names)[KSYM_NAME_LEN], glob[KSYM_NAME_LEN + 8], *name;
	struct ftrace_func_entry *e;
	struct ftrace_hash *fast, *slow;
	struct frec_group *grp;
	struct dyn_ftrace *rec;
	unsigned long n = 0, step;
	unsigned int i;
	int tried = 0, k;

	names = kunit_kcalloc(test, FHK_NAMES, sizeof(*names), GFP_KERNEL);
	fast = fhash_alloc(4);
	slow = fhash_alloc(4);
	KUNIT_ASSERT_NOT_NULL(test, names);
	KUNIT_ASSERT_NOT_NULL(test, fast);
	KUNIT_ASSERT_NOT_NULL(test, slow);
	/* Names spread over the records, taken under the lock, used after. */
	mutex_lock(&ftrace_lock);
	frec_check_weak();
	step = max(frec_count / FHK_NAMES, 1UL);
	frec_for_each(grp, rec) {
		if (n++ % step || (rec->flags & FTRACE_FL_DISABLED))
			continue;
		if (tried < FHK_NAMES &&
		    kallsyms_lookup(rec->ip, NULL, NULL, NULL, names[tried]))
			tried++;
	}
	mutex_unlock(&ftrace_lock);

	for (k = 0; k < tried; k++) {
		name = names[k];
		snprintf(glob, sizeof(glob), "%.*s[%c]", (int)strlen(name) - 1,
			 name, name[strlen(name) - 1]);
		KUNIT_EXPECT_GE_MSG(test, fhk_apply_word(fast, name), 1, name);
		KUNIT_EXPECT_EQ_MSG(test, fhk_apply_word(slow, glob),
				    fhk_apply_word(fast, name), name);
	}
	KUNIT_EXPECT_GE(test, tried, 5);
	KUNIT_EXPECT_EQ(test, fast->count, slow->count);
	fhash_for_each(slow, i, e)
		KUNIT_EXPECT_NOT_NULL(test, fhash_lookup(fast, e->ip));

	/* Taking out by name, and a symbol that is not a function. */
	fhash_for_each(slow, i, e) {
		kallsyms_lookup(e->ip, NULL, NULL, NULL, names[0]);
		glob[0] = '!';
		strscpy(glob + 1, names[0], sizeof(glob) - 1);
		KUNIT_EXPECT_GE(test, fhk_apply_word(fast, glob), 1);
	}
	KUNIT_EXPECT_TRUE(test, fhash_empty(fast));
	KUNIT_EXPECT_EQ(test, fhk_apply_word(fast, "jiffies"), 0);
	KUNIT_EXPECT_EQ(test, fhk_apply_word(fast, "no_such_function_here"), 0);
	fhash_free(fast);
	fhash_free(slow);
}

static struct kunit_case fhk_cases[] = {
	KUNIT_CASE(fhk_sets),
	KUNIT_CASE(fhk_glob),
	KUNIT_CASE(fhk_words_parse),
	KUNIT_CASE(fhk_records),
	KUNIT_CASE(fhk_names),
	{}
};

static struct kunit_suite fhk_suite = {
	.name		= "ftrace_hash",
	.test_cases	= fhk_cases,
};

kunit_test_suite(fhk_suite);
