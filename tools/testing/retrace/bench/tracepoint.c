// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint.c - runs the tracepoint call site benchmark in the guest:
 * loads tpbench.ko (built by run.sh for the running kernel, directory in
 * $RETRACE_BENCH_MODDIR), prints its debugfs results ("NAME VALUE", ns per
 * call of a site with 0, 1, 2 and 8 probes, and of the same loop with no
 * site at all) and unloads it.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	const char *dir = getenv("RETRACE_BENCH_MODDIR");
	char cmd[4096], line[256];
	FILE *f;
	int ok = 0;

	if (!dir) {
		fprintf(stderr, "tracepoint: RETRACE_BENCH_MODDIR not set\n");
		return 1;
	}
	snprintf(cmd, sizeof(cmd), "insmod %s/tpbench.ko", dir);
	if (system(cmd)) {
		fprintf(stderr, "tracepoint: %s failed\n", cmd);
		return 1;
	}
	f = fopen("/sys/kernel/debug/tpbench/results", "r");
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			fputs(line, stdout);
			ok = 1;
		}
		fclose(f);
	} else {
		perror("tpbench/results");
	}
	if (system("rmmod tpbench"))
		fprintf(stderr, "tracepoint: rmmod tpbench failed\n");
	return ok ? 0 : 1;
}
