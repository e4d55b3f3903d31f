// SPDX-License-Identifier: GPL-2.0
/*
 * uprobes.c - uprobe events' benchmarks, guest side.  The program probes
 * a function of its own (ub_target(), called through a pointer) and
 * prints:
 *
 *   up_loop_ns               a call of ub_target(), no probe
 *   up_noargs_ns             a call with a uprobe event without arguments
 *                            on its entry (the uprobes core's breakpoint,
 *                            single step and our hit)
 *   up_2args_ns              the same with two arguments (a register and
 *                            a dereference)
 *   up_4args_ns              the same with four arguments (two registers,
 *                            a dereference, a user string)
 *   up_ret_noargs_ns         a call with a uretprobe event (r:) on it
 *   up_define_delete_100_ms  100 uprobe events defined, one write each,
 *                            then deleted, one write each
 *
 * With "hit ARGS" it times only a uprobe event with ARGS (up_hit_ns),
 * for `make profile`.
 *
 * Each figure is the time of a call, the loop included.  The program
 * first copies itself to /tmp (the guest's own memory) and runs that
 * copy, so that the probed file is not on the host's 9p mount.  The
 * events record into the top instance.  Everything changed is put back.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "tracefs.h"

#define SELF	"/tmp/uprobes-bench"
#define CALLS	2000
#define ARGS2	" a=%di v=+8(%di):u64"
#define ARGS	" a=%di n=%si:u32 v=+8(%di):u64 s=+0(%dx):string"

struct ub_obj {
	long	a;
	long	b;
};

long ub_sum;

int ub_target(struct ub_obj *o, long n, const char *s)
{
	ub_sum += o->b + n + s[0];
	return 0;
}

/* A global the compiler cannot see through: ub_target() stays a call. */
int (*ub_call)(struct ub_obj *o, long n, const char *s) = ub_target;

static unsigned long ub_offset;

/* ub_target()'s offset in this file, from /proc/self/maps. */
static int ub_find_offset(void)
{
	unsigned long addr = (unsigned long)ub_target, lo, hi, off;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &off) != 3)
			continue;
		if (addr >= lo && addr < hi && strstr(line, SELF)) {
			ub_offset = addr - lo + off;
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	return -1;
}

/* This program's file, copied to SELF. */
static int ub_copy_self(void)
{
	int in = open("/proc/self/exe", O_RDONLY);
	int out = open(SELF, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	char buf[65536];
	ssize_t n = -1;

	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			n = -1;
			break;
		}
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (n) {
		fprintf(stderr, "uprobes: cannot copy this program to %s\n",
			SELF);
		return -1;
	}
	return 0;
}

static double ub_calls(void)
{
	static const char str[] = "benchmark";
	struct ub_obj o = { 1, 2 };
	long long t = now_ns();
	int i;

	for (i = 0; i < CALLS; i++)
		ub_call(&o, i, str);
	return (double)(now_ns() - t) / CALLS;
}

/* ns per call with "KIND:ubench/hit SELF:OFFSET ARGS" defined, enabled. */
static double ub_event(char kind, const char *args)
{
	char def[512];
	double ns;

	snprintf(def, sizeof(def), "%c:ubench/hit %s:0x%lx%s", kind, SELF,
		 ub_offset, args);
	add(TRACEFS "uprobe_events", def);
	put(TRACEFS "events/ubench/hit/enable", "1");
	ns = ub_calls();
	put(TRACEFS "events/ubench/hit/enable", "0");
	add(TRACEFS "uprobe_events", "-:ubench/hit");
	return ns;
}

int main(int argc, char **argv)
{
	char def[512];
	cpu_set_t cpu;
	long long t;
	int i;

	if (access(TRACEFS "uprobe_events", W_OK)) {
		fprintf(stderr, "uprobes: no uprobe_events\n");
		return 0;
	}
	if (argc < 2 || (!strcmp(argv[1], "hit") && argc == 3)) {
		if (ub_copy_self())
			return 1;
		execl(SELF, SELF, argc < 2 ? "run" : "hit-run",
		      argc < 2 ? NULL : argv[2], (char *)NULL);
		fprintf(stderr, "uprobes: cannot run %s\n", SELF);
		return 1;
	}
	CPU_ZERO(&cpu);
	CPU_SET(0, &cpu);
	sched_setaffinity(0, sizeof(cpu), &cpu);
	if (ub_find_offset()) {
		fprintf(stderr, "uprobes: ub_target() not found\n");
		return 1;
	}
	put(TRACEFS "tracing_on", "1");
	if (!strcmp(argv[1], "hit-run") && argc == 3) {
		printf("up_hit_ns %.3f\n", ub_event('p', argv[2]));
		return unlink(SELF);
	}
	ub_calls();
	printf("up_loop_ns %.3f\n", ub_calls());
	printf("up_noargs_ns %.3f\n", ub_event('p', ""));
	printf("up_2args_ns %.3f\n", ub_event('p', ARGS2));
	printf("up_4args_ns %.3f\n", ub_event('p', ARGS));
	printf("up_ret_noargs_ns %.3f\n", ub_event('r', ""));

	t = now_ns();
	for (i = 0; i < 100; i++) {
		snprintf(def, sizeof(def), "p:ubench/d%d %s:0x%lx%s", i, SELF,
			 ub_offset, ARGS);
		add(TRACEFS "uprobe_events", def);
	}
	for (i = 0; i < 100; i++) {
		snprintf(def, sizeof(def), "-:ubench/d%d", i);
		add(TRACEFS "uprobe_events", def);
	}
	printf("up_define_delete_100_ms %.3f\n", (now_ns() - t) / 1e6);
	put(TRACEFS "trace", "");
	unlink(SELF);
	return 0;
}
