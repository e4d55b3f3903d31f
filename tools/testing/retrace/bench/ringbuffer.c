// SPDX-License-Identifier: GPL-2.0
/*
 * ringbuffer.c - runs the ring buffer benchmark in the guest: rbbench.ko
 * reports ns per reserve+commit by payload size, with and without a
 * consumer, ns per record with a writer on every CPU, and KiB of memory
 * per MiB of buffer per CPU.
 *
 * The memory figure counts free pages, which do not include the per-CPU
 * page caches; since 6.7 those grow with frees up to 1/8 of the zone, and
 * they would hide most of the allocation.  The largest fraction the sysctl
 * takes first shrinks them to their floor (a few hundred pages a CPU).
 */
#include <stdio.h>

#include "modbench.h"

int main(void)
{
	const char *knob = "/proc/sys/vm/percpu_pagelist_high_fraction";
	FILE *f = fopen(knob, "w");

	if (!f || fprintf(f, "%d\n", 1 << 30) < 0 || fclose(f)) {
		perror(knob);
		return 1;
	}
	return run_bench_module("rbbench");
}
