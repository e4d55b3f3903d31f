// SPDX-License-Identifier: GPL-2.0
/*
 * ringbuffer.c - runs the ring buffer benchmark in the guest: rbbench.ko
 * reports ns per reserve+commit by payload size, with and without a
 * consumer, ns per record with a writer on every CPU, and KiB per CPU of
 * a 1 MiB buffer.
 */
#include "modbench.h"

int main(void)
{
	return run_bench_module("rbbench");
}
