// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "tracing_map": inserts and lookups, a full map's drops,
 * sums and variables, the comparisons and the sort, clear and the
 * per-element callbacks, refused arguments, and every CPU inserting
 * overlapping keys from a task and from a timer interrupt at once:
 * each key ends with one element, no count is lost.
 */
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/slab.h>

#include "map/tracing_map.h"

/* Inserts with preemption off, as from an event's probe. */
static struct tracing_map_elt *tmk_insert(struct tracing_map *map, u64 key)
{
	struct tracing_map_elt *elt;

	preempt_disable();
	elt = tracing_map_insert(map, &key);
	preempt_enable();
	return elt;
}

static struct tracing_map *tmk_map(struct kunit *test, unsigned int bits,
				   const struct tracing_map_ops *ops)
{
	struct tracing_map *map = tracing_map_create(bits, sizeof(u64), ops,
						     test);
	tracing_map_cmp_fn_t cmp = tracing_map_cmp_num(8, false);

	KUNIT_ASSERT_FALSE(test, IS_ERR(map));
	KUNIT_ASSERT_GE(test, tracing_map_add_key_field(map, 0, cmp), 0);
	KUNIT_ASSERT_GE(test, tracing_map_add_sum_field(map), 0);
	KUNIT_ASSERT_EQ(test, tracing_map_init(map), 0);
	return map;
}

static void tmk_insert_lookup(struct kunit *test)
{
	struct tracing_map *map = tmk_map(test, 8, NULL);
	struct tracing_map_elt *elts[100];
	u64 key;

	for (key = 0; key < 100; key++) {
		elts[key] = tmk_insert(map, key * 1000);
		KUNIT_ASSERT_NOT_NULL(test, elts[key]);
		KUNIT_EXPECT_EQ(test, *(u64 *)elts[key]->key, key * 1000);
	}
	for (key = 0; key < 100; key++) {
		u64 k = key * 1000;

		KUNIT_EXPECT_PTR_EQ(test, tmk_insert(map, k), elts[key]);
		KUNIT_EXPECT_PTR_EQ(test, tracing_map_lookup(map, &k),
				    elts[key]);
	}
	key = 1;
	KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &key));
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 100U);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 200ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0ULL);
	tracing_map_destroy(map);
}

static void tmk_full(struct kunit *test)
{
	struct tracing_map *map = tmk_map(test, TRACING_MAP_BITS_MIN, NULL);
	unsigned int max = 1U << TRACING_MAP_BITS_MIN, got = 0;
	u64 key;

	for (key = 0; key < max + 72; key++)
		got += !!tmk_insert(map, key);
	KUNIT_EXPECT_EQ(test, got, max);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 72ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), max);
	/* Keys already there are still found, and counted as hits. */
	key = 5;
	KUNIT_EXPECT_NOT_NULL(test, tmk_insert(map, key));
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), (u64)max + 1);
	tracing_map_destroy(map);
}

static void tmk_sums_vars(struct kunit *test)
{
	struct tracing_map *map = tracing_map_create(7, 4, NULL, NULL);
	struct tracing_map_elt *elt;
	u32 key = 7;
	int v0, v1;

	KUNIT_ASSERT_FALSE(test, IS_ERR(map));
	KUNIT_ASSERT_EQ(test, tracing_map_add_sum_field(map), 0);
	KUNIT_ASSERT_EQ(test, tracing_map_add_sum_field(map), 1);
	v0 = tracing_map_add_var(map);
	v1 = tracing_map_add_var(map);
	KUNIT_ASSERT_EQ(test, v0, 0);
	KUNIT_ASSERT_EQ(test, v1, 1);
	KUNIT_ASSERT_EQ(test, tracing_map_init(map), 0);

	preempt_disable();
	elt = tracing_map_insert(map, &key);
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, elt);
	tracing_map_update_sum(elt, 0, 5);
	tracing_map_update_sum(elt, 0, 6);
	tracing_map_update_sum(elt, 1, U64_MAX);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 0), 11ULL);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 1), U64_MAX);

	KUNIT_EXPECT_FALSE(test, tracing_map_var_set(elt, v0));
	tracing_map_set_var(elt, v0, 1234);
	KUNIT_EXPECT_TRUE(test, tracing_map_var_set(elt, v0));
	KUNIT_EXPECT_FALSE(test, tracing_map_var_set(elt, v1));
	KUNIT_EXPECT_EQ(test, tracing_map_read_var(elt, v0), 1234ULL);
	KUNIT_EXPECT_TRUE(test, tracing_map_var_set(elt, v0));
	KUNIT_EXPECT_EQ(test, tracing_map_read_var_once(elt, v0), 1234ULL);
	KUNIT_EXPECT_FALSE(test, tracing_map_var_set(elt, v0));
	tracing_map_destroy(map);
}

static void tmk_cmp(struct kunit *test)
{
	s8 a8 = -1, b8 = 1;
	u16 a16 = 0xffff, b16 = 1;
	s32 a32 = S32_MIN, b32 = S32_MAX;
	u64 a64 = U64_MAX, b64 = 0;
	u8 unaligned[9] = { 0 };
	u64 one = 1;

	KUNIT_EXPECT_LT(test, tracing_map_cmp_num(1, true)(&a8, &b8), 0);
	KUNIT_EXPECT_GT(test, tracing_map_cmp_num(1, false)(&a8, &b8), 0);
	KUNIT_EXPECT_GT(test, tracing_map_cmp_num(2, false)(&a16, &b16), 0);
	KUNIT_EXPECT_LT(test, tracing_map_cmp_num(2, true)(&a16, &b16), 0);
	KUNIT_EXPECT_LT(test, tracing_map_cmp_num(4, true)(&a32, &b32), 0);
	KUNIT_EXPECT_GT(test, tracing_map_cmp_num(4, false)(&a32, &b32), 0);
	KUNIT_EXPECT_GT(test, tracing_map_cmp_num(8, false)(&a64, &b64), 0);
	KUNIT_EXPECT_LT(test, tracing_map_cmp_num(8, true)(&a64, &b64), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_cmp_num(8, false)(&a64, &a64), 0);
	/* A field at an odd offset of a key. */
	memcpy(unaligned + 1, &one, sizeof(one));
	KUNIT_EXPECT_EQ(test,
			tracing_map_cmp_num(8, false)(unaligned + 1, &one), 0);
	KUNIT_EXPECT_TRUE(test,
			  tracing_map_cmp_num(3, false) == tracing_map_cmp_none);
	KUNIT_EXPECT_LT(test, tracing_map_cmp_string("bash", "cat"), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_cmp_string("sh", "sh"), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_cmp_none("a", "b"), 0);
}

/* key: u32 pid at 0, then a 12-byte name at 4 */
struct tmk_key {
	u32	pid;
	char	comm[12];
};

static void tmk_sort(struct kunit *test)
{
	static const struct { u32 pid; const char *comm; u64 n; } in[] = {
		{ 30, "cat", 5 }, { 10, "sh", 9 }, { 20, "bash", 5 },
		{ 40, "awk", 1 }, { 50, "sed", 9 },
	};
	struct tracing_map_sort_key by_sum_desc_then_pid[] = {
		{ .field_idx = 2, .descending = true }, { .field_idx = 0 },
	};
	struct tracing_map_sort_key by_comm[] = { { .field_idx = 1 } };
	struct tracing_map_sort_key bad[] = { { .field_idx = 3 } };
	tracing_map_cmp_fn_t cmp_pid = tracing_map_cmp_num(4, false);
	unsigned int pid_at = offsetof(struct tmk_key, pid);
	unsigned int comm_at = offsetof(struct tmk_key, comm);
	struct tracing_map_elt **e;
	struct tracing_map *map;
	struct tmk_key key;
	unsigned int i;
	int n;

	map = tracing_map_create(7, sizeof(key), NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(map));
	KUNIT_ASSERT_EQ(test, tracing_map_add_key_field(map, pid_at, cmp_pid),
			0);
	KUNIT_ASSERT_EQ(test, tracing_map_add_key_field(map, comm_at,
							tracing_map_cmp_string),
			1);
	KUNIT_ASSERT_EQ(test, tracing_map_add_sum_field(map), 2);
	KUNIT_ASSERT_EQ(test, tracing_map_init(map), 0);

	n = tracing_map_sort_entries(map, by_comm, 1, &e);
	KUNIT_EXPECT_EQ(test, n, 0);
	KUNIT_EXPECT_NULL(test, e);

	for (i = 0; i < ARRAY_SIZE(in); i++) {
		struct tracing_map_elt *elt;

		memset(&key, 0, sizeof(key));
		key.pid = in[i].pid;
		strscpy(key.comm, in[i].comm, sizeof(key.comm));
		preempt_disable();
		elt = tracing_map_insert(map, &key);
		preempt_enable();
		KUNIT_ASSERT_NOT_NULL(test, elt);
		tracing_map_update_sum(elt, 0, in[i].n);
	}

	n = tracing_map_sort_entries(map, by_sum_desc_then_pid, 2, &e);
	KUNIT_ASSERT_EQ(test, n, 5);
	KUNIT_EXPECT_EQ(test, ((struct tmk_key *)e[0]->key)->pid, 10U);
	KUNIT_EXPECT_EQ(test, ((struct tmk_key *)e[1]->key)->pid, 50U);
	KUNIT_EXPECT_EQ(test, ((struct tmk_key *)e[2]->key)->pid, 20U);
	KUNIT_EXPECT_EQ(test, ((struct tmk_key *)e[3]->key)->pid, 30U);
	KUNIT_EXPECT_EQ(test, ((struct tmk_key *)e[4]->key)->pid, 40U);
	kvfree(e);

	n = tracing_map_sort_entries(map, by_comm, 1, &e);
	KUNIT_ASSERT_EQ(test, n, 5);
	KUNIT_EXPECT_STREQ(test, ((struct tmk_key *)e[0]->key)->comm, "awk");
	KUNIT_EXPECT_STREQ(test, ((struct tmk_key *)e[4]->key)->comm, "sh");
	kvfree(e);

	KUNIT_EXPECT_EQ(test, tracing_map_sort_entries(map, bad, 1, &e),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_map_sort_entries(map, by_comm, 0, &e),
			-EINVAL);
	tracing_map_destroy(map);
}

struct tmk_counts {
	int	alloc, free, init, clear;
};

static int tmk_elt_alloc(struct tracing_map_elt *elt)
{
	struct kunit *test = elt->map->private_data;
	struct tmk_counts *c = test->priv;

	elt->private_data = kzalloc(sizeof(u64), GFP_KERNEL);
	if (!elt->private_data)
		return -ENOMEM;
	c->alloc++;
	return 0;
}

static void tmk_elt_free(struct tracing_map_elt *elt)
{
	struct kunit *test = elt->map->private_data;
	struct tmk_counts *c = test->priv;

	kfree(elt->private_data);
	c->free++;
}

static void tmk_elt_init(struct tracing_map_elt *elt)
{
	struct kunit *test = elt->map->private_data;
	struct tmk_counts *c = test->priv;

	*(u64 *)elt->private_data = *(u64 *)elt->key;
	c->init++;
}

static void tmk_elt_clear(struct tracing_map_elt *elt)
{
	struct kunit *test = elt->map->private_data;
	struct tmk_counts *c = test->priv;

	*(u64 *)elt->private_data = 0;
	c->clear++;
}

static const struct tracing_map_ops tmk_ops = {
	.elt_alloc	= tmk_elt_alloc,
	.elt_free	= tmk_elt_free,
	.elt_init	= tmk_elt_init,
	.elt_clear	= tmk_elt_clear,
};

static void tmk_clear_ops(struct kunit *test)
{
	struct tmk_counts c = { };
	struct tracing_map_elt *elt;
	struct tracing_map *map;
	u64 key;

	test->priv = &c;
	map = tmk_map(test, 7, &tmk_ops);
	KUNIT_EXPECT_EQ(test, c.alloc, 128);
	for (key = 0; key < 10; key++) {
		elt = tmk_insert(map, key + 100);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		KUNIT_EXPECT_EQ(test, *(u64 *)elt->private_data, key + 100);
		tracing_map_update_sum(elt, 0, 3);
	}
	KUNIT_EXPECT_PTR_EQ(test, tmk_insert(map, 100), elt - 9);
	KUNIT_EXPECT_EQ(test, c.init, 10);

	tracing_map_clear(map);
	KUNIT_EXPECT_EQ(test, c.clear, 10);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 0U);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 0ULL);
	key = 100;
	KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &key));
	elt = tmk_insert(map, 7);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_EXPECT_EQ(test, tracing_map_read_sum(elt, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, *(u64 *)elt->private_data, 7ULL);

	tracing_map_destroy(map);
	KUNIT_EXPECT_EQ(test, c.free, 128);
}

static void tmk_bad_args(struct kunit *test)
{
	tracing_map_cmp_fn_t none = tracing_map_cmp_none;
	struct tracing_map *map;
	int i;

	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(TRACING_MAP_BITS_MIN - 1,
							 8, NULL, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(TRACING_MAP_BITS_MAX + 1,
							 8, NULL, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_create(8, 0, NULL, NULL)),
			-EINVAL);

	map = tracing_map_create(8, 8, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(map));
	/* a key field past the key, or without a comparison */
	KUNIT_EXPECT_EQ(test, tracing_map_add_key_field(map, 8, none), -EINVAL);
	KUNIT_EXPECT_EQ(test, tracing_map_add_key_field(map, 0, NULL), -EINVAL);
	for (i = 0; i < TRACING_MAP_SUMS_MAX; i++)
		KUNIT_EXPECT_EQ(test, tracing_map_add_sum_field(map), i);
	KUNIT_EXPECT_EQ(test, tracing_map_add_sum_field(map), -EINVAL);
	for (i = 0; i < TRACING_MAP_VARS_MAX; i++)
		KUNIT_EXPECT_EQ(test, tracing_map_add_var(map), i);
	KUNIT_EXPECT_EQ(test, tracing_map_add_var(map), -EINVAL);
	KUNIT_ASSERT_EQ(test, tracing_map_init(map), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_init(map), -EBUSY);
	/* no field once the elements exist */
	KUNIT_EXPECT_EQ(test, tracing_map_add_key_field(map, 0, none), -EINVAL);
	tracing_map_destroy(map);
	tracing_map_destroy(NULL);
}

/*
 * Every CPU: a task inserting TMK_KEYS keys in a CPU-dependent order,
 * each insert adding 1 to the key's sum, and a timer interrupt on the
 * same CPU doing the same every 50 us, so that inserts also nest.
 */
#define TMK_KEYS	600
#define TMK_ROUNDS	40

struct tmk_cpu {
	struct tracing_map	*map;
	struct hrtimer		timer;
	struct task_struct	*task;
	struct completion	done;
	atomic_t		stop;
	u64			inserts;	/* by the task */
	u64			irq_inserts;	/* by the timer */
	u64			failed;
	unsigned int		cpu;
	unsigned int		next;
};

static enum hrtimer_restart tmk_timer_fn(struct hrtimer *t)
{
	struct tmk_cpu *c = container_of(t, struct tmk_cpu, timer);
	struct tracing_map_elt *elt;
	u64 key;
	int i;

	for (i = 0; i < 8; i++) {
		key = (c->next++ * 13 + c->cpu) % TMK_KEYS;
		elt = tracing_map_insert(c->map, &key);
		if (elt) {
			tracing_map_update_sum(elt, 0, 1);
			c->irq_inserts++;
		} else {
			c->failed++;
		}
	}
	if (atomic_read(&c->stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(50 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static int tmk_thread(void *arg)
{
	struct tmk_cpu *c = arg;
	struct tracing_map_elt *elt;
	unsigned int r, i;
	u64 key;

	hrtimer_start(&c->timer, ns_to_ktime(50 * NSEC_PER_USEC), HRTIMER_MODE_REL_PINNED);
	for (r = 0; r < TMK_ROUNDS; r++) {
		for (i = 0; i < TMK_KEYS; i++) {
			key = (i * 7 + c->cpu * 101 + r) % TMK_KEYS;
			preempt_disable();
			elt = tracing_map_insert(c->map, &key);
			if (elt)
				tracing_map_update_sum(elt, 0, 1);
			preempt_enable();
			if (elt)
				c->inserts++;
			else
				c->failed++;
		}
		cond_resched();
	}
	atomic_set(&c->stop, 1);
	hrtimer_cancel(&c->timer);
	complete(&c->done);
	return 0;
}

static void tmk_concurrent(struct kunit *test)
{
	struct tracing_map *map = tmk_map(test, 10, NULL);
	u64 total = 0, summed = 0;
	struct tmk_cpu *cs;
	unsigned int cpu, n = 0;
	u64 key;

	cs = kunit_kcalloc(test, nr_cpu_ids, sizeof(*cs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cs);
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct tmk_cpu *c = &cs[cpu];

		c->map = map;
		c->cpu = cpu;
		init_completion(&c->done);
		hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED);
		c->timer.function = tmk_timer_fn;
		c->task = kthread_create_on_cpu(tmk_thread, c, cpu, "tmk/%u");
		if (IS_ERR(c->task)) {
			c->task = NULL;
			continue;
		}
		n++;
	}
	for_each_online_cpu(cpu)
		if (cs[cpu].task)
			wake_up_process(cs[cpu].task);
	for_each_online_cpu(cpu) {
		if (!cs[cpu].task)
			continue;
		wait_for_completion(&cs[cpu].done);
		total += cs[cpu].inserts + cs[cpu].irq_inserts;
		KUNIT_EXPECT_EQ(test, cs[cpu].failed, 0ULL);
	}
	cpus_read_unlock();
	KUNIT_ASSERT_GT(test, n, 0U);

	/* one element per key, and every insert counted in it */
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), TMK_KEYS);
	for (key = 0; key < TMK_KEYS; key++) {
		struct tracing_map_elt *elt = tracing_map_lookup(map, &key);

		KUNIT_ASSERT_NOT_NULL(test, elt);
		summed += tracing_map_read_sum(elt, 0);
	}
	KUNIT_EXPECT_EQ(test, summed, total);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), total);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0ULL);
	/* elements taken for nothing: at most one spare per CPU */
	KUNIT_EXPECT_LE(test, (unsigned int)atomic_read(&map->next_elt),
			TMK_KEYS + num_possible_cpus());
	kunit_info(test, "%u CPUs, %llu inserts, %u elements handed out\n",
		   n, total, atomic_read(&map->next_elt));
	tracing_map_destroy(map);
}

static struct kunit_case tracing_map_cases[] = {
	KUNIT_CASE(tmk_insert_lookup),
	KUNIT_CASE(tmk_full),
	KUNIT_CASE(tmk_sums_vars),
	KUNIT_CASE(tmk_cmp),
	KUNIT_CASE(tmk_sort),
	KUNIT_CASE(tmk_clear_ops),
	KUNIT_CASE(tmk_bad_args),
	KUNIT_CASE(tmk_concurrent),
	{}
};

static struct kunit_suite tracing_map_suite = {
	.name		= "tracing_map",
	.test_cases	= tracing_map_cases,
};

kunit_test_suite(tracing_map_suite);

MODULE_DESCRIPTION("KUnit tests for the tracing map");
MODULE_LICENSE("GPL");
