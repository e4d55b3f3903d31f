// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint.c - runs the tracepoint call site benchmark in the guest:
 * tpbench.ko reports ns per call of a site with 0, 1, 2 and 8 probes, and
 * of the same loop with no site at all.
 */
#include "modbench.h"

int main(void)
{
	return run_bench_module("tpbench");
}
