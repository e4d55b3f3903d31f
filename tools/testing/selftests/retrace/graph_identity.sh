#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# graph_identity.sh - the function_graph tracer reads the same as on the
# reference kernel built with the same pending set (make
# upstream-pending, lab.rst): its options, the writes and reads of
# set_graph_function, set_graph_notrace and max_graph_depth with the
# errno of each refused write, the funcgraph formats, the headers, and
# the call tree of a fixed workload as trace and trace_pipe print it
# under several option sets (durations cut to their mark, pids cut).
#
# Both sides run tools/testing/retrace/guest/graph-dump.sh; the
# reference's output is part of the dump refevents.sh keeps and check.sh
# names in RETRACE_REFEVENTS.  Any difference fails.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../../..")
ref=${RETRACE_REFEVENTS:-}
ours=/tmp/graph-ours

grep -qw function_graph /sys/kernel/tracing/available_tracers ||
	{ echo "SKIP: no function_graph tracer"; exit 4; }
[ -n "$ref" ] && [ -s "$ref/graph.txt" ] ||
	{ echo "SKIP: no reference data at '$ref' (run through make check)"; exit 4; }
grep -q '^no function_graph tracer' "$ref/graph.txt" &&
	{ echo "SKIP: the reference kernel has no function_graph tracer"; exit 4; }
echo "reference: $(cat "$ref/kernel.release" 2>/dev/null || echo unknown) ($ref)"

rm -rf "$ours"
bash "$top/tools/testing/retrace/guest/graph-dump.sh" "$ours" ||
	{ echo "FAIL: graph-dump.sh"; exit 1; }
echo "$(grep -c '^== ' "$ours/graph.txt") sections, $(wc -l < "$ours/graph.txt") lines"
if ! diff -u "$ref/graph.txt" "$ours/graph.txt"; then
	echo "FAIL: function_graph output differs (- reference, + ours)"
	exit 1
fi
echo "PASS: identical"
