/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modbench.h - the guest side of a benchmark module (bench/NAME/ with a
 * Kbuild file): load NAME.ko from $RETRACE_BENCH_MODDIR (built by run.sh
 * for the running kernel), copy its debugfs results ("NAME VALUE" lines)
 * to stdout, unload it.  A module's driver in bench/ is one call.
 */
#ifndef RETRACE_BENCH_MODBENCH_H
#define RETRACE_BENCH_MODBENCH_H

#include <stdio.h>
#include <stdlib.h>

static int run_bench_module(const char *mod)
{
	const char *dir = getenv("RETRACE_BENCH_MODDIR");
	char cmd[4096], line[256];
	FILE *f;
	int ok = 0;

	if (!dir) {
		fprintf(stderr, "%s: RETRACE_BENCH_MODDIR not set\n", mod);
		return 1;
	}
	snprintf(cmd, sizeof(cmd), "insmod %s/%s.ko", dir, mod);
	if (system(cmd)) {
		fprintf(stderr, "%s: %s failed\n", mod, cmd);
		return 1;
	}
	snprintf(cmd, sizeof(cmd), "/sys/kernel/debug/%s/results", mod);
	f = fopen(cmd, "r");
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			fputs(line, stdout);
			ok = 1;
		}
		fclose(f);
	} else {
		perror(cmd);
	}
	snprintf(cmd, sizeof(cmd), "rmmod %s", mod);
	if (system(cmd))
		fprintf(stderr, "%s: %s failed\n", mod, cmd);
	return ok ? 0 : 1;
}

#endif /* RETRACE_BENCH_MODBENCH_H */
