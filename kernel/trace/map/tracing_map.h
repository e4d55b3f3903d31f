/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing map: the table a histogram counts in.
 *
 * A map is a hash table from fixed-size keys to elements.  An element
 * holds its key, a few 64-bit sums, a few 64-bit variables and whatever
 * the map's user keeps per element (struct tracing_map_ops).  Everything
 * is allocated by tracing_map_init(): 2^bits elements, and a table of
 * twice as many slots, so that no probe sequence is long.  Nothing is
 * ever removed from a live map; tracing_map_clear() empties a map
 * nobody is inserting into.
 *
 * Inserts run in the context of the event that makes them, NMI
 * included, on every CPU at once, without locks:
 *
 *   slot s of the table    NULL  --cmpxchg(NULL, elt)-->  elt
 *                          (written once; never changes again)
 *
 *   an inserter of key K:  hash K, start at its slot, walk on.
 *     slot holds an element with key K      -> that is K's element
 *     slot holds another key                -> the next one
 *     slot is NULL                          -> take a free element
 *         (an atomic counter hands each out once), write K and its
 *         hash into it, cmpxchg it into that NULL slot:
 *           won  -> the element is K's, published with its key (the
 *                   cmpxchg orders the key's stores before it)
 *           lost -> look at the winner as above; if it holds K, the
 *                   element taken is kept as this CPU's spare for its
 *                   next insert, else walk on with it
 *
 * Two CPUs inserting the same key see the same slots in the same order
 * and race for the same NULL slot, so a key has one element, never two,
 * and no inserter waits for another (an NMI that interrupts an insert
 * on its own CPU cannot deadlock on it).  When the elements run out an
 * insert of a new key returns NULL and counts a drop; keys already in
 * the map keep being found.
 *
 * Readers of a slot load it once (READ_ONCE) and reach the key through
 * the element pointer: the address dependency orders that read after
 * the publishing cmpxchg.  Sums are atomic64_t (any context may add);
 * variables are atomic64_t with a set flag per variable.  Hits and drops
 * are per-CPU local64_t, summed when read.
 *
 * Readers that walk the whole map (tracing_map_sort_entries()) may run
 * while inserts go on: they see each published element whole, and may
 * miss one published after they passed its slot.
 */
#ifndef _TRACE_TRACING_MAP_H
#define _TRACE_TRACING_MAP_H

#include <linux/atomic.h>
#include <linux/types.h>
#include <asm/local64.h>

#define TRACING_MAP_BITS_MIN		7
#define TRACING_MAP_BITS_DEFAULT	11
#define TRACING_MAP_BITS_MAX		17

#define TRACING_MAP_KEYS_MAX		3
#define TRACING_MAP_SUMS_MAX		4
#define TRACING_MAP_FIELDS_MAX		(TRACING_MAP_KEYS_MAX + \
					 TRACING_MAP_SUMS_MAX)
#define TRACING_MAP_VARS_MAX		16
#define TRACING_MAP_SORT_KEYS_MAX	2

struct tracing_map;

/* Order two values of a key field: <0, 0 or >0, as for sort(). */
typedef int (*tracing_map_cmp_fn_t)(const void *a, const void *b);

/**
 * struct tracing_map_elt - one key and what is counted for it
 * @map: the map it belongs to
 * @key: the key, map->key_size bytes
 * @hash: the key's hash (compared before the key)
 * @sums: map->n_sums running sums
 * @vars: map->n_vars variables
 * @vars_set: which variables hold a value
 * @private_data: the map user's, from tracing_map_ops.elt_alloc()
 */
struct tracing_map_elt {
	struct tracing_map	*map;
	void			*key;
	u32			hash;
	atomic64_t		*sums;
	atomic64_t		*vars;
	unsigned long		vars_set;
	void			*private_data;
};

/**
 * struct tracing_map_ops - what a map's user keeps per element
 * @elt_alloc: allocate @elt->private_data (tracing_map_init(), may sleep)
 * @elt_free: free it (tracing_map_destroy())
 * @elt_clear: reset it (tracing_map_clear())
 * @elt_init: prepare it when its element gets a key (any context)
 *
 * Every member is optional.
 */
struct tracing_map_ops {
	int	(*elt_alloc)(struct tracing_map_elt *elt);
	void	(*elt_free)(struct tracing_map_elt *elt);
	void	(*elt_clear)(struct tracing_map_elt *elt);
	void	(*elt_init)(struct tracing_map_elt *elt);
};

/*
 * A field the output can sort by: a part of the key (@offset, @cmp) or
 * a sum (@sum_idx).
 */
struct tracing_map_field {
	tracing_map_cmp_fn_t	cmp;
	unsigned int		offset;
	int			sum_idx;	/* -1 for a key field */
};

/**
 * struct tracing_map_sort_key - one criterion of tracing_map_sort_entries()
 * @field_idx: what tracing_map_add_key_field() or _add_sum_field() returned
 * @descending: largest first
 */
struct tracing_map_sort_key {
	unsigned int	field_idx;
	bool		descending;
};

/**
 * struct tracing_map - see the top of this file
 * @bits: log2 of @max_elts
 * @max_elts: elements, the most keys the map holds
 * @table_size: slots, twice @max_elts
 * @key_size: bytes of a key
 * @n_fields: key and sum fields, in the order they were added
 * @n_sums: sums per element
 * @n_vars: variables per element
 * @fields: the fields
 * @table: the slots
 * @elts: the elements, handed out in order
 * @keys: their keys, @key_size bytes each
 * @sums: their sums, @n_sums each
 * @vars: their variables, @n_vars each
 * @next_elt: how many were handed out
 * @spare: per CPU, an element taken for a key another CPU published first
 * @hits: per CPU, inserts that returned an element
 * @drops: per CPU, inserts refused for want of an element
 * @ops: the user's per-element callbacks, or NULL
 * @private_data: the user's
 */
struct tracing_map {
	unsigned int			bits;
	unsigned int			max_elts;
	unsigned int			table_size;
	unsigned int			key_size;
	unsigned int			n_fields;
	unsigned int			n_sums;
	unsigned int			n_vars;
	struct tracing_map_field	fields[TRACING_MAP_FIELDS_MAX];
	struct tracing_map_elt		**table;
	struct tracing_map_elt		*elts;
	void				*keys;
	atomic64_t			*sums;
	atomic64_t			*vars;
	atomic_t			next_elt;
	struct tracing_map_elt * __percpu *spare;
	local64_t __percpu		*hits;
	local64_t __percpu		*drops;
	const struct tracing_map_ops	*ops;
	void				*private_data;
};

struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       const struct tracing_map_ops *ops,
				       void *private_data);
int tracing_map_add_key_field(struct tracing_map *map, unsigned int offset,
			      tracing_map_cmp_fn_t cmp);
int tracing_map_add_sum_field(struct tracing_map *map);
int tracing_map_add_var(struct tracing_map *map);
int tracing_map_init(struct tracing_map *map);
void tracing_map_clear(struct tracing_map *map);
void tracing_map_destroy(struct tracing_map *map);

struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key);
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key);

u64 tracing_map_hits(struct tracing_map *map);
u64 tracing_map_drops(struct tracing_map *map);
unsigned int tracing_map_entries(struct tracing_map *map);

tracing_map_cmp_fn_t tracing_map_cmp_num(int size, bool is_signed);
int tracing_map_cmp_string(const void *a, const void *b);
int tracing_map_cmp_none(const void *a, const void *b);

int tracing_map_sort_entries(struct tracing_map *map,
			     const struct tracing_map_sort_key *keys,
			     unsigned int n_keys,
			     struct tracing_map_elt ***entries);

static inline void tracing_map_update_sum(struct tracing_map_elt *elt,
					  unsigned int i, u64 n)
{
	atomic64_add(n, &elt->sums[i]);
}

static inline u64 tracing_map_read_sum(struct tracing_map_elt *elt,
				       unsigned int i)
{
	return (u64)atomic64_read(&elt->sums[i]);
}

static inline void tracing_map_set_var(struct tracing_map_elt *elt,
				       unsigned int i, u64 n)
{
	atomic64_set(&elt->vars[i], n);
	/* the value before the flag that says it is there */
	smp_mb__before_atomic();
	set_bit(i, &elt->vars_set);
}

static inline bool tracing_map_var_set(struct tracing_map_elt *elt,
				       unsigned int i)
{
	/* pairs with tracing_map_set_var()'s barrier: the value is there */
	return test_bit_acquire(i, &elt->vars_set);
}

static inline u64 tracing_map_read_var(struct tracing_map_elt *elt,
				       unsigned int i)
{
	return (u64)atomic64_read(&elt->vars[i]);
}

/* The variable's value, which is then no longer set. */
static inline u64 tracing_map_read_var_once(struct tracing_map_elt *elt,
					    unsigned int i)
{
	clear_bit(i, &elt->vars_set);
	/* a value set after the clear is read here, or stays set */
	smp_mb__after_atomic();
	return (u64)atomic64_read(&elt->vars[i]);
}

#endif /* _TRACE_TRACING_MAP_H */
