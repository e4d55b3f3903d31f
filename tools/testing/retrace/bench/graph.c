// SPDX-License-Identifier: GPL-2.0
/*
 * graph.c - the function_graph tracer's benchmarks, guest side.  Drives
 * ftbench.ko (bench/ftbench/) through tracefs and prints:
 *
 *   fg_traced_ns        one call of ftb_target(), an empty function,
 *                       recorded by function_graph in the top instance
 *                       (entry and return: the return trampoline, both
 *                       callbacks, two records)
 *   fg_two_users_ns     the same call recorded by function_graph in the
 *                       top instance and in another one: two graph users
 *                       on one return
 *   fg_filtered_ns      function_graph with set_graph_function naming
 *                       another function: the call is hooked, its entry
 *                       declines it
 *
 * The call costs run on CPU 0 with interrupts off inside the module.
 * Everything changed is put back.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/stat.h>

#include "tracefs.h"

#define FTB "/sys/kernel/debug/ftbench/"
#define INST TRACEFS "instances/fgbench/"

static void cost(const char *name, const char *file)
{
	char res[64];

	get(file, res, sizeof(res));
	printf("%s %s", name, res);
}

int main(void)
{
	cpu_set_t cpu0;

	if (access(TRACEFS "set_graph_function", F_OK)) {
		fprintf(stderr, "graph: no function_graph tracer\n");
		return 0;
	}
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0)) {
		perror("sched_setaffinity");
		return 1;
	}
	if (system("insmod \"$RETRACE_BENCH_MODDIR/ftbench.ko\"")) {
		fprintf(stderr, "graph: insmod ftbench.ko failed\n");
		return 1;
	}
	put(TRACEFS "tracing_on", "1");
	put(TRACEFS "current_tracer", "nop");
	put(TRACEFS "set_ftrace_pid", "");
	put(TRACEFS "set_graph_function", "");
	put(TRACEFS "set_ftrace_filter", "ftb_target");

	put(TRACEFS "current_tracer", "function_graph");
	cost("fg_traced_ns", FTB "site");

	if (mkdir(INST, 0755)) {
		perror(INST);
		return 1;
	}
	put(INST "set_ftrace_filter", "ftb_target");
	put(INST "current_tracer", "function_graph");
	cost("fg_two_users_ns", FTB "site");
	put(INST "current_tracer", "nop");
	rmdir(INST);

	put(TRACEFS "set_graph_function", "ftb_other");
	cost("fg_filtered_ns", FTB "site");
	put(TRACEFS "set_graph_function", "");

	put(TRACEFS "current_tracer", "nop");
	put(TRACEFS "set_ftrace_filter", "");
	put(TRACEFS "trace", "");
	return system("rmmod ftbench") ? 1 : 0;
}
