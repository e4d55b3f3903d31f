// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing map: a lock-free, insert-only hash table of preallocated
 * elements.  The protocol between inserters, and what a reader of the
 * table may see, is pictured in tracing_map.h.
 *
 * Life of a map, all in process context and serialized by its user:
 * tracing_map_create(), the fields and variables, tracing_map_init();
 * then inserts and lookups from any context; tracing_map_clear() and
 * tracing_map_destroy() only once no insert or lookup can still run
 * (the user detaches its probes and waits for them first).
 */
#include <linux/jhash.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "map/tracing_map.h"

/**
 * tracing_map_create - a map with room for 2^@bits keys of @key_size bytes
 * @bits: TRACING_MAP_BITS_MIN to TRACING_MAP_BITS_MAX
 * @key_size: bytes of a key, compared with memcmp()
 * @ops: per-element callbacks, or NULL
 * @private_data: the user's, kept in the map
 *
 * Fields and variables are added next, then tracing_map_init()
 * allocates the rest.
 *
 * Return: the map, or an ERR_PTR (-EINVAL, -ENOMEM).
 */
struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       const struct tracing_map_ops *ops,
				       void *private_data)
{
	struct tracing_map *map;

	if (bits < TRACING_MAP_BITS_MIN || bits > TRACING_MAP_BITS_MAX ||
	    !key_size)
		return ERR_PTR(-EINVAL);
	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->bits = bits;
	map->max_elts = 1U << bits;
	map->table_size = 2U << bits;
	map->key_size = key_size;
	map->ops = ops;
	map->private_data = private_data;
	return map;
}

/**
 * tracing_map_add_key_field - a part of the key that entries sort by
 * @map: a map not yet initialized
 * @offset: where the part starts in the key
 * @cmp: how two values of it compare (tracing_map_cmp_num() and others)
 *
 * Return: the field's index for struct tracing_map_sort_key, or -EINVAL.
 */
int tracing_map_add_key_field(struct tracing_map *map, unsigned int offset,
			      tracing_map_cmp_fn_t cmp)
{
	struct tracing_map_field *f;

	if (map->table || map->n_fields == TRACING_MAP_FIELDS_MAX ||
	    offset >= map->key_size || !cmp)
		return -EINVAL;
	f = &map->fields[map->n_fields];
	f->cmp = cmp;
	f->offset = offset;
	f->sum_idx = -1;
	return map->n_fields++;
}

/**
 * tracing_map_add_sum_field - a running sum in every element
 * @map: a map not yet initialized
 *
 * Sums are numbered from 0 in the order they are added
 * (tracing_map_update_sum()); each is also a field to sort by.
 *
 * Return: the field's index, or -EINVAL.
 */
int tracing_map_add_sum_field(struct tracing_map *map)
{
	struct tracing_map_field *f;

	if (map->table || map->n_fields == TRACING_MAP_FIELDS_MAX ||
	    map->n_sums == TRACING_MAP_SUMS_MAX)
		return -EINVAL;
	f = &map->fields[map->n_fields];
	f->cmp = NULL;
	f->offset = 0;
	f->sum_idx = map->n_sums++;
	return map->n_fields++;
}

/**
 * tracing_map_add_var - a variable in every element
 * @map: a map not yet initialized
 *
 * Return: the variable's index, or -EINVAL.
 */
int tracing_map_add_var(struct tracing_map *map)
{
	if (map->table || map->n_vars == TRACING_MAP_VARS_MAX)
		return -EINVAL;
	return map->n_vars++;
}

/* Free what tracing_map_init() allocated; elt_free for the first @n. */
static void tracing_map_free_store(struct tracing_map *map, unsigned int n)
{
	unsigned int i;

	if (map->ops && map->ops->elt_free)
		for (i = 0; i < n; i++)
			map->ops->elt_free(&map->elts[i]);
	kvfree(map->table);
	kvfree(map->elts);
	kvfree(map->keys);
	kvfree(map->sums);
	kvfree(map->vars);
	free_percpu(map->spare);
	free_percpu(map->hits);
	free_percpu(map->drops);
	map->table = NULL;
	map->elts = NULL;
	map->keys = NULL;
	map->sums = NULL;
	map->vars = NULL;
	map->spare = NULL;
	map->hits = NULL;
	map->drops = NULL;
}

/**
 * tracing_map_init - allocate the table and every element
 * @map: a created map, its fields and variables added
 *
 * Keys are laid out 8-byte aligned, so that a numeric key field at a
 * naturally aligned offset is read as such.  Process context.
 *
 * Return: 0, -EBUSY (initialized already), -ENOMEM, or the error of
 * ops->elt_alloc().
 */
int tracing_map_init(struct tracing_map *map)
{
	size_t stride = ALIGN(map->key_size, sizeof(u64));
	unsigned int i = 0, n = map->max_elts;
	struct tracing_map_elt **table;
	int ret = -ENOMEM;

	if (map->table)
		return -EBUSY;
	map->elts = kvcalloc(n, sizeof(*map->elts), GFP_KERNEL);
	map->keys = kvcalloc(n, stride, GFP_KERNEL);
	if (map->n_sums)
		map->sums = kvcalloc(n, map->n_sums * sizeof(atomic64_t),
				     GFP_KERNEL);
	if (map->n_vars)
		map->vars = kvcalloc(n, map->n_vars * sizeof(atomic64_t),
				     GFP_KERNEL);
	map->spare = alloc_percpu(struct tracing_map_elt *);
	map->hits = alloc_percpu(local64_t);
	map->drops = alloc_percpu(local64_t);
	table = kvcalloc(map->table_size, sizeof(*table), GFP_KERNEL);
	if (!map->elts || !map->keys || (map->n_sums && !map->sums) ||
	    (map->n_vars && !map->vars) || !map->spare || !map->hits ||
	    !map->drops || !table)
		goto fail;

	for (i = 0; i < n; i++) {
		struct tracing_map_elt *elt = &map->elts[i];

		elt->map = map;
		elt->key = map->keys + i * stride;
		if (map->sums)
			elt->sums = map->sums + i * map->n_sums;
		if (map->vars)
			elt->vars = map->vars + i * map->n_vars;
		if (map->ops && map->ops->elt_alloc) {
			ret = map->ops->elt_alloc(elt);
			if (ret)
				goto fail;
		}
	}
	atomic_set(&map->next_elt, 0);
	map->table = table;
	return 0;

fail:
	kvfree(table);
	tracing_map_free_store(map, i);
	return ret;
}

/**
 * tracing_map_destroy - free @map and everything in it
 * @map: a map from tracing_map_create(), initialized or not; or NULL
 *
 * No insert or lookup may still run.
 */
void tracing_map_destroy(struct tracing_map *map)
{
	if (IS_ERR_OR_NULL(map))
		return;
	if (map->table)
		tracing_map_free_store(map, map->max_elts);
	kfree(map);
}

/**
 * tracing_map_clear - empty @map: no key, every count 0
 * @map: an initialized map
 *
 * No insert or lookup may still run; ops->elt_clear() is called for
 * every element that was handed out.
 */
void tracing_map_clear(struct tracing_map *map)
{
	unsigned int i, used = atomic_read(&map->next_elt);
	int cpu;

	used = min(used, map->max_elts);
	memset(map->table, 0, map->table_size * sizeof(*map->table));
	for (i = 0; i < used; i++) {
		struct tracing_map_elt *elt = &map->elts[i];

		elt->hash = 0;
		elt->vars_set = 0;
		if (map->sums)
			memset(elt->sums, 0, map->n_sums * sizeof(atomic64_t));
		if (map->vars)
			memset(elt->vars, 0, map->n_vars * sizeof(atomic64_t));
		if (map->ops && map->ops->elt_clear)
			map->ops->elt_clear(elt);
	}
	atomic_set(&map->next_elt, 0);
	for_each_possible_cpu(cpu) {
		*per_cpu_ptr(map->spare, cpu) = NULL;
		local64_set(per_cpu_ptr(map->hits, cpu), 0);
		local64_set(per_cpu_ptr(map->drops, cpu), 0);
	}
}

/*
 * An element for a new key: the CPU's spare if it has one, else the
 * next never handed out; NULL when all are.  Any context; the xchg
 * makes the spare one CPU's even against an NMI on it (or another
 * CPU's, should the caller have moved: either is fine).
 */
static struct tracing_map_elt *tracing_map_get_elt(struct tracing_map *map)
{
	struct tracing_map_elt *elt = xchg(raw_cpu_ptr(map->spare), NULL);
	unsigned int idx;

	if (elt)
		return elt;
	/* full: no more increments, so the counter cannot wrap */
	if (atomic_read(&map->next_elt) >= map->max_elts)
		return NULL;
	idx = atomic_inc_return(&map->next_elt) - 1;
	return idx < map->max_elts ? &map->elts[idx] : NULL;
}

/*
 * @elt was taken for a key another CPU published first: keep it for
 * this CPU's next new key.  If the CPU has a spare already (an NMI's),
 * @elt stays unused until the map is cleared.
 */
static void tracing_map_keep_spare(struct tracing_map *map,
				   struct tracing_map_elt *elt)
{
	cmpxchg(raw_cpu_ptr(map->spare), NULL, elt);
}

static bool tracing_map_holds(const struct tracing_map *map,
			      const struct tracing_map_elt *elt, u32 hash,
			      const void *key)
{
	return elt->hash == hash && !memcmp(elt->key, key, map->key_size);
}

/**
 * tracing_map_insert - the element of @key, given one if it has none
 * @map: an initialized map
 * @key: map->key_size bytes
 *
 * Any context, NMI included, on any number of CPUs at once; preemption
 * disabled (the hit and drop counts are per CPU).  A new key's element
 * is prepared by ops->elt_init() before any other CPU can find it.
 *
 * Return: the element, or NULL when @key is new and the map is full
 * (counted as a drop).
 */
struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key)
{
	u32 hash = jhash(key, map->key_size, 0);
	unsigned int mask = map->table_size - 1, i = hash & mask, n;
	struct tracing_map_elt *elt, *mine = NULL;

	for (n = 0; n < map->table_size; n++, i = (i + 1) & mask) {
		elt = READ_ONCE(map->table[i]);
		if (!elt) {
			if (!mine) {
				mine = tracing_map_get_elt(map);
				if (!mine)
					break;
				mine->hash = hash;
				memcpy(mine->key, key, map->key_size);
				if (map->ops && map->ops->elt_init)
					map->ops->elt_init(mine);
			}
			/* publishes the key and hash written above */
			elt = cmpxchg(&map->table[i], NULL, mine);
			if (!elt) {
				local64_inc(this_cpu_ptr(map->hits));
				return mine;
			}
		}
		if (tracing_map_holds(map, elt, hash, key)) {
			if (mine)
				tracing_map_keep_spare(map, mine);
			local64_inc(this_cpu_ptr(map->hits));
			return elt;
		}
	}
	if (mine)
		tracing_map_keep_spare(map, mine);
	local64_inc(this_cpu_ptr(map->drops));
	return NULL;
}

/**
 * tracing_map_lookup - the element of @key, if it has one
 * @map: an initialized map
 * @key: map->key_size bytes
 *
 * Any context; counts nothing.
 *
 * Return: the element or NULL.
 */
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key)
{
	u32 hash = jhash(key, map->key_size, 0);
	unsigned int mask = map->table_size - 1, i = hash & mask, n;
	struct tracing_map_elt *elt;

	for (n = 0; n < map->table_size; n++, i = (i + 1) & mask) {
		elt = READ_ONCE(map->table[i]);
		if (!elt)
			break;
		if (tracing_map_holds(map, elt, hash, key))
			return elt;
	}
	return NULL;
}

static u64 tracing_map_count(local64_t __percpu *counter)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += local64_read(per_cpu_ptr(counter, cpu));
	return sum;
}

/** tracing_map_hits - inserts that returned an element, since the last clear */
u64 tracing_map_hits(struct tracing_map *map)
{
	return tracing_map_count(map->hits);
}

/** tracing_map_drops - inserts refused, the map being full */
u64 tracing_map_drops(struct tracing_map *map)
{
	return tracing_map_count(map->drops);
}

/** tracing_map_entries - keys in @map (a walk of the table) */
unsigned int tracing_map_entries(struct tracing_map *map)
{
	unsigned int i, n = 0;

	for (i = 0; i < map->table_size; i++)
		n += !!READ_ONCE(map->table[i]);
	return n;
}

/*
 * Key field comparisons.  Keys are copied from records, so a field is
 * read with memcpy(): nothing says it is aligned.
 */
#define TRACING_MAP_CMP(type)						\
static int tracing_map_cmp_##type(const void *a, const void *b)	\
{									\
	type x, y;							\
									\
	memcpy(&x, a, sizeof(x));					\
	memcpy(&y, b, sizeof(y));					\
	return (x > y) - (x < y);					\
}

TRACING_MAP_CMP(s8)
TRACING_MAP_CMP(u8)
TRACING_MAP_CMP(s16)
TRACING_MAP_CMP(u16)
TRACING_MAP_CMP(s32)
TRACING_MAP_CMP(u32)
TRACING_MAP_CMP(s64)
TRACING_MAP_CMP(u64)

/**
 * tracing_map_cmp_num - the comparison of a @size-byte integer
 * @size: 1, 2, 4 or 8
 * @is_signed: compare as signed
 *
 * Return: the function; tracing_map_cmp_none() for any other size.
 */
tracing_map_cmp_fn_t tracing_map_cmp_num(int size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? tracing_map_cmp_s8 : tracing_map_cmp_u8;
	case 2:
		return is_signed ? tracing_map_cmp_s16 : tracing_map_cmp_u16;
	case 4:
		return is_signed ? tracing_map_cmp_s32 : tracing_map_cmp_u32;
	case 8:
		return is_signed ? tracing_map_cmp_s64 : tracing_map_cmp_u64;
	default:
		return tracing_map_cmp_none;
	}
}

/** tracing_map_cmp_string - NUL-terminated strings, as strcmp() */
int tracing_map_cmp_string(const void *a, const void *b)
{
	return strcmp(a, b);
}

/** tracing_map_cmp_none - every value equal: a field not to sort by */
int tracing_map_cmp_none(const void *a, const void *b)
{
	return 0;
}

struct tracing_map_sort {
	const struct tracing_map		*map;
	const struct tracing_map_sort_key	*keys;
	unsigned int				n_keys;
};

static int tracing_map_sort_cmp(const void *pa, const void *pb,
				const void *priv)
{
	const struct tracing_map_elt *a = *(const struct tracing_map_elt **)pa;
	const struct tracing_map_elt *b = *(const struct tracing_map_elt **)pb;
	const struct tracing_map_sort *s = priv;
	unsigned int k;
	int r;

	for (k = 0; k < s->n_keys; k++) {
		const struct tracing_map_field *f =
			&s->map->fields[s->keys[k].field_idx];

		if (f->sum_idx >= 0) {
			u64 x = atomic64_read(&a->sums[f->sum_idx]);
			u64 y = atomic64_read(&b->sums[f->sum_idx]);

			r = (x > y) - (x < y);
		} else {
			r = f->cmp(a->key + f->offset, b->key + f->offset);
		}
		if (r)
			return s->keys[k].descending ? -r : r;
	}
	return 0;
}

/**
 * tracing_map_sort_entries - every element of @map, sorted
 * @map: an initialized map
 * @keys: the criteria, first one first
 * @n_keys: 1 to TRACING_MAP_SORT_KEYS_MAX
 * @entries: set to a kvmalloc()ed array of the elements (kvfree() it),
 *	or to NULL when the map is empty
 *
 * May run while inserts go on: an element published meanwhile may be
 * missed, and sums are read as they are when compared.  Elements equal
 * by every criterion come in no particular order.  Process context.
 *
 * Return: the number of elements, -EINVAL or -ENOMEM.
 */
int tracing_map_sort_entries(struct tracing_map *map,
			     const struct tracing_map_sort_key *keys,
			     unsigned int n_keys,
			     struct tracing_map_elt ***entries)
{
	struct tracing_map_sort s = { map, keys, n_keys };
	struct tracing_map_elt **arr, *elt;
	unsigned int i, n = 0;

	*entries = NULL;
	if (!n_keys || n_keys > TRACING_MAP_SORT_KEYS_MAX)
		return -EINVAL;
	for (i = 0; i < n_keys; i++)
		if (keys[i].field_idx >= map->n_fields)
			return -EINVAL;
	/* published elements are distinct, so at most max_elts of them */
	arr = kvcalloc(map->max_elts, sizeof(*arr), GFP_KERNEL);
	if (!arr)
		return -ENOMEM;
	for (i = 0; i < map->table_size && n < map->max_elts; i++) {
		elt = READ_ONCE(map->table[i]);
		if (elt)
			arr[n++] = elt;
	}
	if (!n) {
		kvfree(arr);
		return 0;
	}
	sort_r(arr, n, sizeof(*arr), tracing_map_sort_cmp, NULL, &s);
	*entries = arr;
	return n;
}
