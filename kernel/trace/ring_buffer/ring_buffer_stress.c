// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer stress test module (ring_buffer_stress.ko).
 *
 * On load it runs for "seconds" and fails to load (-EINVAL) if anything
 * was wrong; a summary line goes to the kernel log either way.  Per
 * online CPU: a kthread bound to the CPU writes sequence-numbered
 * records from task context, and a pinned hrtimer writes its own
 * sequence from hard interrupt context, interrupting the task writer
 * inside its reservations; a consumer kthread per CPU reads them.
 * Meanwhile a control loop resizes rings (one CPU, then all) and flips
 * between overwrite and producer/consumer mode.
 *
 * Checked: every record read is intact (its payload is a function of
 * its stream and sequence, and its length of the sequence), each
 * (CPU, stream) sequence strictly increases, and after the writers stop
 * and the rings are drained, for every CPU
 *
 *   records written = records read + overrun
 *   records missing from the sequences = overrun
 *   nothing left in the ring (entries 0, ring_buffer_empty_cpu())
 *   reservations refused >= dropped_events + commit_overrun
 *   lost counts reported to the reader <= overrun
 *
 * Each refused reservation is put down to the check that refused it,
 * read on the writer's CPU right after the refusal (rbs_why()), and a
 * stream that was starved prints that breakdown with the recursion
 * guard's state, so a failure says which check held the writes back.
 *
 * Used by tools/testing/selftests/retrace/ring_buffer_stress.sh.
 */
#include <linux/ring_buffer.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/cpu.h>
#include <linux/module.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/math64.h>

#include "ring_buffer_internal.h"

static unsigned int seconds = 5;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "how long to run");

enum { RBS_TASK, RBS_IRQ, RBS_STREAMS };

struct rbs_rec {
	u32	cpu;
	u32	stream;
	u64	seq;
	u64	check;
	u8	tail[];		/* seq % 61 bytes of pattern */
};

/* Why ring_buffer_lock_reserve() returned NULL, in the order it checks. */
enum rbs_why {
	RBS_WHY_OFF,		/* buffer->record_disabled */
	RBS_WHY_CPU_OFF,	/* the CPU's record_disabled */
	RBS_WHY_NEST,		/* RB_MAX_NEST reservations held */
	RBS_WHY_GUARD,		/* the recursion guard */
	RBS_WHY_ROOM,		/* no room: dropped_events or commit_overrun */
	RBS_WHYS
};

static const char * const rbs_why_name[RBS_WHYS] = {
	[RBS_WHY_OFF]		= "off",
	[RBS_WHY_CPU_OFF]	= "cpu-off",
	[RBS_WHY_NEST]		= "nest",
	[RBS_WHY_GUARD]		= "guard",
	[RBS_WHY_ROOM]		= "room",
};

struct rbs_stream {
	u64		written;	/* successful reservations, by the writer */
	u64		refused;
	u64		why[RBS_WHYS];	/* refused, by rbs_why() */
	unsigned int	depth;		/* the guard at the last refusal */
	unsigned int	nest_level;
	unsigned int	pc;		/* preempt_count() then */
	u64		read;		/* by the consumer */
	u64		last;		/* last sequence read + 1 */
};

struct rbs_cpu {
	int			cpu;
	struct task_struct	*writer;
	struct task_struct	*reader;
	struct hrtimer		timer;
	struct rbs_stream	s[RBS_STREAMS];
	u64			lost_reported;
	bool			timer_on;
};

static struct trace_buffer *rbs_buf;
static struct rbs_cpu *rbs_cpus;
static atomic_t rbs_errors;
static bool rbs_stop_timers;

#define rbs_fail(fmt, ...)						\
do {									\
	if (atomic_inc_return(&rbs_errors) <= 10)			\
		pr_err("rb_stress: " fmt "\n", ##__VA_ARGS__);		\
} while (0)

/* Bytes of tail pattern record @seq carries. */
static unsigned int rbs_extra(u64 seq)
{
	u32 rem;

	div_u64_rem(seq, 61, &rem);
	return rem;
}

static u64 rbs_check(u32 cpu, u32 stream, u64 seq)
{
	return (seq * 0x9E3779B97F4A7C15ULL) ^ ((u64)cpu << 40) ^ stream;
}

/*
 * The check that refused a reservation of @s's writer, read on the
 * writer's CPU with preemption off, right after the refusal.  Remote
 * changes (a resize quiescing the CPU) can race it: it is a diagnosis,
 * not an accounting.
 */
static void rbs_why(struct rbs_stream *s)
{
	struct rb_cpu *cpu = rbs_buf->buffers[smp_processor_id()];
	unsigned int key;
	enum rbs_why why;

	s->depth = READ_ONCE(cpu->depth);
	s->nest_level = READ_ONCE(cpu->nest_level);
	s->pc = preempt_count();
	key = rb_ctx_key(cpu);
	if (atomic_read(&rbs_buf->record_disabled))
		why = RBS_WHY_OFF;
	else if (atomic_read(&cpu->record_disabled))
		why = RBS_WHY_CPU_OFF;
	else if (s->depth >= RB_MAX_NEST)
		why = RBS_WHY_NEST;
	else if (s->depth >= 2 && rb_ctx_refused(cpu, s->depth, key))
		why = RBS_WHY_GUARD;
	else
		why = RBS_WHY_ROOM;
	s->why[why]++;
}

static void rbs_write(struct rbs_cpu *c, int stream)
{
	struct rbs_stream *s = &c->s[stream];
	unsigned int extra = rbs_extra(s->written), i;
	struct ring_buffer_event *ev;
	struct rbs_rec *r;

	ev = ring_buffer_lock_reserve(rbs_buf, sizeof(*r) + extra);
	if (!ev) {
		s->refused++;
		rbs_why(s);
		return;
	}
	r = ring_buffer_event_data(ev);
	r->cpu = c->cpu;
	r->stream = stream;
	r->seq = s->written;
	r->check = rbs_check(c->cpu, stream, s->written);
	for (i = 0; i < extra; i++)
		r->tail[i] = (u8)(s->written + i);
	s->written++;
	ring_buffer_unlock_commit(rbs_buf);
}

static enum hrtimer_restart rbs_timer_fn(struct hrtimer *t)
{
	struct rbs_cpu *c = container_of(t, struct rbs_cpu, timer);
	int n;

	if (READ_ONCE(rbs_stop_timers))
		return HRTIMER_NORESTART;
	for (n = 0; n < 4; n++)
		rbs_write(c, RBS_IRQ);
	hrtimer_forward_now(t, ns_to_ktime(50 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static int rbs_writer_fn(void *data)
{
	struct rbs_cpu *c = data;
	unsigned int n = 0;

	while (!kthread_should_stop()) {
		preempt_disable();
		rbs_write(c, RBS_TASK);
		preempt_enable();
		if (!(++n % 64))
			cond_resched();
	}
	return 0;
}

static void rbs_consume_one(struct rbs_cpu *c, struct ring_buffer_event *ev,
			    unsigned long lost)
{
	struct rbs_rec *r = ring_buffer_event_data(ev);
	unsigned int len = ring_buffer_event_length(ev), i, extra;
	struct rbs_stream *s;

	c->lost_reported += lost;
	if (len < sizeof(*r) || r->cpu != c->cpu || r->stream >= RBS_STREAMS) {
		rbs_fail("cpu %d: bad record len %u cpu %u stream %u",
			 c->cpu, len, r->cpu, r->stream);
		return;
	}
	s = &c->s[r->stream];
	extra = rbs_extra(r->seq);
	if (r->check != rbs_check(r->cpu, r->stream, r->seq) ||
	    len < sizeof(*r) + extra) {
		rbs_fail("cpu %d stream %u seq %llu: corrupt record",
			 c->cpu, r->stream, r->seq);
		return;
	}
	for (i = 0; i < extra; i++)
		if (r->tail[i] != (u8)(r->seq + i)) {
			rbs_fail("cpu %d stream %u seq %llu: corrupt tail",
				 c->cpu, r->stream, r->seq);
			return;
		}
	if (r->seq < s->last) {
		rbs_fail("cpu %d stream %u: seq %llu after %llu",
			 c->cpu, r->stream, r->seq, s->last - 1);
		return;
	}
	s->last = r->seq + 1;
	s->read++;
}

static int rbs_reader_fn(void *data)
{
	struct rbs_cpu *c = data;
	struct ring_buffer_event *ev;
	unsigned long lost;

	while (!kthread_should_stop()) {
		ev = ring_buffer_consume(rbs_buf, c->cpu, NULL, &lost);
		if (ev)
			rbs_consume_one(c, ev, lost);
		else
			usleep_range(200, 400);
	}
	return 0;
}

static void rbs_control(unsigned long ms)
{
	static const unsigned long sizes[] = { 3, 16, 5, 40, 2, 8 };
	unsigned long end = jiffies + msecs_to_jiffies(ms), round = 0;
	int cpu;

	while (time_before(jiffies, end)) {
		msleep(100);
		round++;
		if (round % 3 == 0)
			ring_buffer_change_overwrite(rbs_buf, round % 2);
		cpu = RING_BUFFER_ALL_CPUS;
		if (round % 2)
			cpu = cpumask_nth(round / 2 % num_online_cpus(),
					  cpu_online_mask);
		if (cpu >= (int)nr_cpu_ids)
			cpu = RING_BUFFER_ALL_CPUS;
		if (ring_buffer_resize(rbs_buf,
				       sizes[round % ARRAY_SIZE(sizes)] * PAGE_SIZE,
				       cpu))
			rbs_fail("resize to %lu pages failed",
				 sizes[round % ARRAY_SIZE(sizes)]);
	}
}

/* Which checks refused each stream's writes, and the guard last seen. */
static void rbs_report_refusals(struct rbs_cpu *c)
{
	static const char * const stream_name[RBS_STREAMS] = {
		[RBS_TASK] = "task", [RBS_IRQ] = "irq",
	};
	struct rbs_stream *s;
	int n;

	BUILD_BUG_ON(RBS_WHYS != 5);
	for (n = 0; n < RBS_STREAMS; n++) {
		s = &c->s[n];
		pr_err("rb_stress: cpu %d %s: %llu written, %llu read, %llu refused: %s %llu %s %llu %s %llu %s %llu %s %llu; last refusal: depth %u nest_level %u preempt_count %#x\n",
		       c->cpu, stream_name[n], s->written, s->read, s->refused,
		       rbs_why_name[0], s->why[0], rbs_why_name[1], s->why[1],
		       rbs_why_name[2], s->why[2], rbs_why_name[3], s->why[3],
		       rbs_why_name[4], s->why[4], s->depth, s->nest_level,
		       s->pc);
	}
}

static void rbs_timer_start(void *data)
{
	struct rbs_cpu *c = data;

	hrtimer_start(&c->timer, ns_to_ktime(50 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int __init rbs_init(void)
{
	struct ring_buffer_event *ev;
	unsigned long lost, overrun;
	int cpu, ret = 0;
	struct rbs_cpu *c;
	u64 wr, rd, missing, refused;

	rbs_buf = ring_buffer_alloc(8 * PAGE_SIZE, RB_FL_OVERWRITE);
	if (!rbs_buf)
		return -ENOMEM;
	rbs_cpus = kcalloc(nr_cpu_ids, sizeof(*rbs_cpus), GFP_KERNEL);
	if (!rbs_cpus) {
		ring_buffer_free(rbs_buf);
		return -ENOMEM;
	}
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		c = &rbs_cpus[cpu];
		c->cpu = cpu;
		hrtimer_init(&c->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		c->timer.function = rbs_timer_fn;
		c->writer = kthread_create_on_cpu(rbs_writer_fn, c, cpu,
						  "rbs_writer/%u");
		c->reader = kthread_run(rbs_reader_fn, c, "rbs_reader/%d", cpu);
		if (IS_ERR(c->writer) || IS_ERR(c->reader)) {
			rbs_fail("cannot start threads for cpu %d", cpu);
			if (!IS_ERR(c->writer))
				kthread_stop(c->writer);
			if (!IS_ERR(c->reader))
				kthread_stop(c->reader);
			c->writer = NULL;
			c->reader = NULL;
			continue;
		}
		wake_up_process(c->writer);
		smp_call_function_single(cpu, rbs_timer_start, c, 1);
		c->timer_on = true;
	}
	cpus_read_unlock();

	rbs_control(seconds * 1000UL);

	WRITE_ONCE(rbs_stop_timers, true);
	for_each_online_cpu(cpu) {
		c = &rbs_cpus[cpu];
		if (c->timer_on)
			hrtimer_cancel(&c->timer);
		if (c->writer)
			kthread_stop(c->writer);
		if (c->reader)
			kthread_stop(c->reader);
	}
	/* quiescent: drain and check the books */
	for_each_online_cpu(cpu) {
		c = &rbs_cpus[cpu];
		if (!c->writer)
			continue;
		while ((ev = ring_buffer_consume(rbs_buf, cpu, NULL, &lost)))
			rbs_consume_one(c, ev, lost);
		overrun = ring_buffer_overrun_cpu(rbs_buf, cpu);
		wr = c->s[RBS_TASK].written + c->s[RBS_IRQ].written;
		rd = c->s[RBS_TASK].read + c->s[RBS_IRQ].read;
		refused = c->s[RBS_TASK].refused + c->s[RBS_IRQ].refused;
		missing = (c->s[RBS_TASK].written - c->s[RBS_TASK].read) +
			  (c->s[RBS_IRQ].written - c->s[RBS_IRQ].read);
		if (wr != rd + overrun)
			rbs_fail("cpu %d: written %llu != read %llu + overrun %lu",
				 cpu, wr, rd, overrun);
		if (missing != overrun)
			rbs_fail("cpu %d: %llu missing from the sequences, overrun %lu",
				 cpu, missing, overrun);
		/* a record stranded behind a wrong head flag is not a loss */
		if (ring_buffer_entries_cpu(rbs_buf, cpu) ||
		    !ring_buffer_empty_cpu(rbs_buf, cpu))
			rbs_fail("cpu %d: %lu records left after the drain",
				 cpu, ring_buffer_entries_cpu(rbs_buf, cpu));
		if (ring_buffer_read_events_cpu(rbs_buf, cpu) != rd)
			rbs_fail("cpu %d: read_events %lu, consumer read %llu",
				 cpu, ring_buffer_read_events_cpu(rbs_buf, cpu), rd);
		if (refused < ring_buffer_dropped_events_cpu(rbs_buf, cpu) +
			      ring_buffer_commit_overrun_cpu(rbs_buf, cpu))
			rbs_fail("cpu %d: refused %llu < dropped %lu + commit_overrun %lu",
				 cpu, refused,
				 ring_buffer_dropped_events_cpu(rbs_buf, cpu),
				 ring_buffer_commit_overrun_cpu(rbs_buf, cpu));
		if (c->lost_reported > overrun)
			rbs_fail("cpu %d: reported lost %llu > overrun %lu",
				 cpu, c->lost_reported, overrun);
		if (!c->s[RBS_TASK].read || !c->s[RBS_IRQ].read) {
			rbs_fail("cpu %d: a stream was never read", cpu);
			rbs_report_refusals(c);
		}
		pr_info("rb_stress: cpu %d: task %llu irq %llu written, %llu read, %lu overrun, %lu dropped, %llu refused\n",
			cpu, c->s[RBS_TASK].written, c->s[RBS_IRQ].written,
			rd, overrun, ring_buffer_dropped_events_cpu(rbs_buf, cpu),
			refused);
	}
	if (atomic_read(&rbs_errors)) {
		pr_err("rb_stress: FAIL (%d errors)\n", atomic_read(&rbs_errors));
		ret = -EINVAL;
	} else {
		pr_info("rb_stress: PASS\n");
	}
	ring_buffer_free(rbs_buf);
	kfree(rbs_cpus);
	return ret;
}

static void __exit rbs_exit(void)
{
}

module_init(rbs_init);
module_exit(rbs_exit);
MODULE_DESCRIPTION("Ring buffer stress test");
MODULE_LICENSE("GPL");
