// SPDX-License-Identifier: GPL-2.0
/*
 * rbbench.c - cost of the ring buffer write path, through the public API
 * only (<linux/ring_buffer.h> is the same on both kernels compared).
 *
 * At load time, on a buffer of 1 MiB per CPU in overwrite mode:
 *   rb_write_<N>b_ns          ns per reserve + fill + commit of an N-byte
 *                             payload, interrupts off, best of RBB_ROUNDS
 *   rb_write_<N>b_reader_ns   the same while a kthread on another CPU
 *                             consumes the ring being written
 *   rb_all_cpus_ns_per_event  one writer kthread per online CPU, total
 *                             elapsed time / total records (the inverse of
 *                             the events per second sustained)
 *   rb_mem_kib_per_mib        KiB of memory per CPU per MiB of buffer,
 *                             from free pages before and after allocating
 *                             RBB_MEM_SIZE per CPU (that large so the
 *                             per-CPU page caches, which the free page
 *                             count does not see, stay in the noise;
 *                             median of three)
 * Results go to debugfs rbbench/results as "NAME VALUE" lines.  Under
 * QEMU -icount, nanoseconds are instructions in disguise.
 */
#include <linux/ring_buffer.h>
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/delay.h>
#include <linux/sizes.h>
#include <linux/mm.h>
#include <linux/sort.h>

#define RBB_LOOPS	100000
#define RBB_ROUNDS	3
#define RBB_SIZE	SZ_1M
#define RBB_MEM_SIZE	SZ_64M

static const unsigned int rbb_sizes[] = { 8, 32, 128, 1024 };
static u64 rbb_plain[4], rbb_reader[4], rbb_all, rbb_mem_kib;
static struct trace_buffer *rbb_buf;
static struct dentry *rbb_dir;
static u8 rbb_payload[1024];

static u64 rbb_time(unsigned int len)
{
	struct ring_buffer_event *ev;
	u64 best = U64_MAX, t;
	unsigned long flags, i;
	int r;

	for (r = 0; r < RBB_ROUNDS; r++) {
		local_irq_save(flags);
		t = ktime_get_ns();
		for (i = 0; i < RBB_LOOPS; i++) {
			ev = ring_buffer_lock_reserve(rbb_buf, len);
			if (likely(ev)) {
				memcpy(ring_buffer_event_data(ev), rbb_payload, len);
				ring_buffer_unlock_commit(rbb_buf);
			}
		}
		t = ktime_get_ns() - t;
		local_irq_restore(flags);
		best = min(best, t);
	}
	return best;
}

static int rbb_consumer(void *data)
{
	int cpu = (long)data;

	while (!kthread_should_stop()) {
		if (!ring_buffer_consume(rbb_buf, cpu, NULL, NULL))
			cond_resched();
	}
	return 0;
}

static atomic_t rbb_running;

static int rbb_writer(void *data)
{
	unsigned long i;

	for (i = 0; i < RBB_LOOPS; i++) {
		ring_buffer_write(rbb_buf, 32, rbb_payload);
		if (!(i % 1024))
			cond_resched();
	}
	atomic_dec(&rbb_running);
	while (!kthread_should_stop())
		usleep_range(1000, 2000);
	return 0;
}

static void rbb_all_cpus(void)
{
	struct task_struct *t[NR_CPUS];
	int cpu, n = 0;
	u64 start;

	start = ktime_get_ns();
	for_each_online_cpu(cpu) {
		t[cpu] = kthread_create_on_cpu(rbb_writer, NULL, cpu, "rbb/%u");
		if (IS_ERR(t[cpu])) {
			t[cpu] = NULL;
			continue;
		}
		atomic_inc(&rbb_running);
		n++;
		wake_up_process(t[cpu]);
	}
	while (atomic_read(&rbb_running))
		usleep_range(1000, 2000);
	rbb_all = n ? (ktime_get_ns() - start) * 1000 / ((u64)n * RBB_LOOPS) : 0;
	for_each_online_cpu(cpu)
		if (t[cpu])
			kthread_stop(t[cpu]);
}

static int rbb_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(rbb_sizes); i++)
		seq_printf(m, "rb_write_%ub_ns %llu.%03llu\n", rbb_sizes[i],
			   rbb_plain[i] / RBB_LOOPS,
			   (rbb_plain[i] % RBB_LOOPS) * 1000 / RBB_LOOPS);
	for (i = 0; i < ARRAY_SIZE(rbb_sizes); i++)
		seq_printf(m, "rb_write_%ub_reader_ns %llu.%03llu\n",
			   rbb_sizes[i], rbb_reader[i] / RBB_LOOPS,
			   (rbb_reader[i] % RBB_LOOPS) * 1000 / RBB_LOOPS);
	seq_printf(m, "rb_all_cpus_ns_per_event %llu.%03llu\n",
		   rbb_all / 1000, rbb_all % 1000);
	seq_printf(m, "rb_mem_kib_per_mib %llu\n", rbb_mem_kib);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rbb);

static int rbb_cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static int __init rbb_init(void)
{
	struct task_struct *reader;
	long before, after, mem[3];
	int i, cpu, other;

	for (i = 0; i < sizeof(rbb_payload); i++)
		rbb_payload[i] = i;
	for (i = 0; i < ARRAY_SIZE(mem); i++) {
		before = global_zone_page_state(NR_FREE_PAGES);
		rbb_buf = ring_buffer_alloc(RBB_MEM_SIZE, RB_FL_OVERWRITE);
		after = global_zone_page_state(NR_FREE_PAGES);
		if (!rbb_buf)
			return -ENOMEM;
		ring_buffer_free(rbb_buf);
		mem[i] = before > after ? before - after : 0;
	}
	sort(mem, ARRAY_SIZE(mem), sizeof(mem[0]), rbb_cmp_long, NULL);
	rbb_mem_kib = (u64)mem[1] * (PAGE_SIZE / 1024) /
		      num_online_cpus() / (RBB_MEM_SIZE / SZ_1M);

	rbb_buf = ring_buffer_alloc(RBB_SIZE, RB_FL_OVERWRITE);
	if (!rbb_buf)
		return -ENOMEM;

	for (i = 0; i < ARRAY_SIZE(rbb_sizes); i++) {
		migrate_disable();
		cpu = raw_smp_processor_id();
		rbb_plain[i] = rbb_time(rbb_sizes[i]);
		migrate_enable();
	}
	for (i = 0; i < ARRAY_SIZE(rbb_sizes); i++) {
		migrate_disable();
		cpu = raw_smp_processor_id();
		other = cpumask_any_but(cpu_online_mask, cpu);
		reader = NULL;
		if (other < nr_cpu_ids) {
			reader = kthread_create_on_cpu(rbb_consumer,
						       (void *)(long)cpu, other,
						       "rbb_reader/%u");
			if (!IS_ERR(reader))
				wake_up_process(reader);
			else
				reader = NULL;
		}
		rbb_reader[i] = rbb_time(rbb_sizes[i]);
		migrate_enable();
		if (reader)
			kthread_stop(reader);
	}
	ring_buffer_reset(rbb_buf);
	rbb_all_cpus();

	rbb_dir = debugfs_create_dir("rbbench", NULL);
	debugfs_create_file("results", 0444, rbb_dir, NULL, &rbb_fops);
	return 0;
}

static void __exit rbb_exit(void)
{
	debugfs_remove_recursive(rbb_dir);
	ring_buffer_free(rbb_buf);
}

module_init(rbb_init);
module_exit(rbb_exit);
MODULE_DESCRIPTION("Ring buffer write path benchmark");
MODULE_LICENSE("GPL");
