// SPDX-License-Identifier: GPL-2.0
/*
 * kprobes.c - kprobe events' benchmarks, guest side.  Drives kpbench.ko
 * (bench/kpbench/) through tracefs and prints:
 *
 *   kp_loop_ns               the timing loop around kpb_target(), no probe
 *   kp_entry_raw_ns          a kprobe with an empty handler on its entry
 *                            (through ftrace): the kprobes core alone
 *   kp_entry_noargs_ns       a kprobe event without arguments there
 *   kp_entry_4args_ns        a kprobe event with four arguments (two
 *                            registers, a dereference, a string) there
 *   kp_entry_4args_ours_ns   the last minus the raw kprobe: the event's part
 *   kp_mid_raw_ns, kp_mid_noargs_ns, kp_mid_4args_ns, kp_mid_4args_ours_ns
 *                            the same on the second instruction (int3;
 *                            kprobe optimization off)
 *   kp_define_delete_100_ms  100 kprobe events defined, one write each,
 *                            then deleted, one write each
 *
 * The hits run on one CPU with interrupts off inside the module, the
 * event recording into the top instance.  Everything changed is put back.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "tracefs.h"

#define KPB "/sys/kernel/debug/kpbench/"
#define ARGS " a=%di n=%dx:u32 v=+8(%di):u64 s=+0(%si):string"
#define OPT "/proc/sys/debug/kprobes-optimization"

static double value(const char *file)
{
	char res[64];

	get(file, res, sizeof(res));
	return atof(res);
}

/* One hit of kpb_target+OFF with ARGS defined: ns per call. */
static double event_hit(const char *off, const char *args)
{
	char def[256];
	double ns;

	snprintf(def, sizeof(def), "p:kpbench/hit kpb_target%s%s", off, args);
	add(TRACEFS "kprobe_events", def);
	put(TRACEFS "events/kpbench/hit/enable", "1");
	ns = value(KPB "call");
	put(TRACEFS "events/kpbench/hit/enable", "0");
	add(TRACEFS "kprobe_events", "-:kpbench/hit");
	return ns;
}

static void place(const char *name, const char *off, const char *raw)
{
	double r = value(raw);
	double none = event_hit(off, "");
	double four = event_hit(off, ARGS);

	printf("kp_%s_raw_ns %.3f\n", name, r);
	printf("kp_%s_noargs_ns %.3f\n", name, none);
	printf("kp_%s_4args_ns %.3f\n", name, four);
	printf("kp_%s_4args_ours_ns %.3f\n", name, four - r);
}

int main(void)
{
	char def[128], opt[16] = "1\n";
	long long t;
	cpu_set_t cpu;
	int i;

	CPU_ZERO(&cpu);
	CPU_SET(0, &cpu);
	sched_setaffinity(0, sizeof(cpu), &cpu);
	if (access(TRACEFS "kprobe_events", W_OK)) {
		fprintf(stderr, "kprobes: no kprobe_events\n");
		return 0;
	}
	if (system("insmod \"$RETRACE_BENCH_MODDIR/kpbench.ko\"")) {
		fprintf(stderr, "kprobes: insmod kpbench.ko failed\n");
		return 1;
	}
	put(TRACEFS "tracing_on", "1");
	printf("kp_loop_ns %.3f\n", value(KPB "call"));
	place("entry", "", KPB "raw_entry");
	if (!access(OPT, W_OK)) {
		get(OPT, opt, sizeof(opt));
		put(OPT, "0");
	}
	place("mid", "+5", KPB "raw_mid");
	if (!access(OPT, W_OK))
		put(OPT, opt);

	t = now_ns();
	for (i = 0; i < 100; i++) {
		snprintf(def, sizeof(def), "p:kpbench/d%d kpb_target%s", i, ARGS);
		add(TRACEFS "kprobe_events", def);
	}
	for (i = 0; i < 100; i++) {
		snprintf(def, sizeof(def), "-:kpbench/d%d", i);
		add(TRACEFS "kprobe_events", def);
	}
	printf("kp_define_delete_100_ms %.3f\n", (now_ns() - t) / 1e6);
	put(TRACEFS "trace", "");
	return system("rmmod kpbench") ? 1 : 0;
}
