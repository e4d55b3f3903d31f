// SPDX-License-Identifier: GPL-2.0
/*
 * The retrace staging sample: defines the events of trace-events-sample.h
 * and fires each of them, with fixed arguments, when a number is written
 * to /sys/module/trace_events_sample/parameters/fire:
 *
 *	echo 1 > /sys/kernel/tracing/events/retrace-sample/enable
 *	echo 3 > /sys/module/trace_events_sample/parameters/fire
 *	cat /sys/kernel/tracing/trace
 *
 * The number seeds the arguments; nothing else (time, pid, CPU) does, so
 * two kernels print the same lines for the same number.  Context: the
 * writer's process context; any sleeping is done before the events fire.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/bitmap.h>

/* One object per header defines the events: this one. */
#define CREATE_TRACE_POINTS
#include "trace-events-sample.h"

/*
 * A bare DECLARE_TRACE(foo) is tracepoint foo_tp in retrace (as in later
 * upstream kernels) and foo in 6.12's: the sample builds against both.
 */
#ifdef DECLARE_TRACE_EVENT
#define sample_bare_fire(id)	trace_sample_bare_tp(id)
#else
#define sample_bare_fire(id)	trace_sample_bare(id)
#endif

/* Calls of the reg/unreg callbacks of the _FN events (under tracepoints_mutex). */
static int sample_regs;

int sample_fn_reg(void)
{
	sample_regs++;
	pr_debug("retrace sample: first probe on a _FN event (%d)\n", sample_regs);
	return 0;
}

void sample_fn_unreg(void)
{
	pr_debug("retrace sample: last probe off a _FN event\n");
}

static void sample_vstring_fire(const char *who, const char *fmt, ...)
{
	struct va_format vaf;
	va_list ap;

	va_start(ap, fmt);
	vaf.fmt = fmt;
	vaf.va = &ap;
	trace_sample_vstring(who, &vaf);
	va_end(ap);
}

static void sample_fire(int seed)
{
	static const u16 vals[] = { 1, 2, 0x300, 0x4000, 0xffff };
	DECLARE_BITMAP(bits, 70);
	struct sockaddr_in addr = {
		.sin_family = AF_INET,
		.sin_port = htons(8000 + seed),
		.sin_addr.s_addr = htonl(0x0a000001 + seed),
	};
	struct sample_args a = {
		.num = seed,
		.stamp = 1234567890123ULL * seed,
		.nsecs = 999999999ULL + seed,
		.mask = 0x13 + seed,
		.mask64 = 0x100000001ULL,
		.pair = { .lo = seed, .hi = 100 + seed },
		.name = "sample",
		.part = "partial string",
		.part_len = 7,
		.vals = vals,
		.nr_vals = 1 + seed % ARRAY_SIZE(vals),
		.bits = bits,
		.nr_bits = 70,
		.cpus = cpumask_of(0),
		.addr = &addr,
	};

	bitmap_zero(bits, 70);
	__set_bit(seed % 70, bits);
	__set_bit(65, bits);

	trace_sample_scalars(&a);
	trace_sample_dynamic(&a);
	trace_sample_rel(&a);
	a.name = NULL;
	trace_sample_dynamic(&a);
	sample_vstring_fire("vstring", "seed %d in %s, %x", seed, "hex", 255 + seed);
	trace_sample_member(seed, "member");
	trace_sample_member_odd(seed, "odd");
	trace_sample_member_odd(seed + 1, "odd");
	trace_sample_member_fn(seed, "fn");
	trace_sample_member_print(seed, "print");
	trace_sample_member_nop(seed, "nop");
	trace_sample_cond(seed);
	trace_sample_cond(1);
	trace_sample_fn(seed);
	trace_sample_fn_cond(seed);
	trace_sample_fn_cond(0);
	trace_sample_perf(2 + seed, current, seed);
	trace_sample_empty(seed);
	trace_sample_nop(seed);
	sample_bare_fire(seed);
}

static int sample_fire_set(const char *val, const struct kernel_param *kp)
{
	int seed, ret;

	ret = kstrtoint(val, 0, &seed);
	if (ret)
		return ret;
	if (seed < 0)
		return -EINVAL;
	sample_fire(seed);
	return 0;
}

static const struct kernel_param_ops sample_fire_ops = {
	.set = sample_fire_set,
};
module_param_cb(fire, &sample_fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "fire every sample event once, arguments seeded by the number written");

MODULE_DESCRIPTION("retrace: every TRACE_EVENT form, fired on demand");
MODULE_LICENSE("GPL");
