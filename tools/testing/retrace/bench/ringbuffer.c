// SPDX-License-Identifier: GPL-2.0
/*
 * ringbuffer.c - runs the ring buffer benchmark in the guest:
 * loads rbbench.ko (built by run.sh for the running kernel, directory in
 * $RETRACE_BENCH_MODDIR), prints its debugfs results ("NAME VALUE": ns per
 * reserve+commit by payload size, with and without a consumer, ns per
 * record with a writer on every CPU, KiB per CPU of a 1 MiB buffer) and
 * unloads it.
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
		fprintf(stderr, "ringbuffer: RETRACE_BENCH_MODDIR not set\n");
		return 1;
	}
	snprintf(cmd, sizeof(cmd), "insmod %s/rbbench.ko", dir);
	if (system(cmd)) {
		fprintf(stderr, "ringbuffer: %s failed\n", cmd);
		return 1;
	}
	f = fopen("/sys/kernel/debug/rbbench/results", "r");
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			fputs(line, stdout);
			ok = 1;
		}
		fclose(f);
	} else {
		perror("rbbench/results");
	}
	if (system("rmmod rbbench"))
		fprintf(stderr, "ringbuffer: rmmod rbbench failed\n");
	return ok ? 0 : 1;
}
