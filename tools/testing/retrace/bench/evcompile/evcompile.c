// SPDX-License-Identifier: GPL-2.0
/*
 * evcompile.c - the compile-time benchmark's translation unit: it only
 * creates the events of the generated evcompile_trace.h (bench/run.sh
 * writes it with gen.sh and times the compile of this file alone).
 */
#include <linux/module.h>
#include <linux/string.h>

#define CREATE_TRACE_POINTS
#include "evcompile_trace.h"

MODULE_DESCRIPTION("Compile-time benchmark: many events in one file");
MODULE_LICENSE("GPL");
