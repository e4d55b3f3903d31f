#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hist_identity.sh - histograms of the same input read the same as on the
# reference kernel built with the same pending set (make upstream-pending,
# lab.rst): the trigger lines, the hist tables, the errno of each refused
# definition and its error_log entry.
#
# Both sides run tools/testing/retrace/guest/hist-dump.sh (injected
# records with fixed fields into fixed definitions); the reference's
# output is part of the dump refevents.sh keeps and check.sh names in
# RETRACE_REFEVENTS.  Any difference fails.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../../..")
ref=${RETRACE_REFEVENTS:-}
ours=/tmp/hist-ours

[ -f /sys/kernel/tracing/events/sched/sched_process_fork/hist ] ||
	{ echo "SKIP: no histograms"; exit 4; }
[ -n "$ref" ] && [ -s "$ref/hist.txt" ] ||
	{ echo "SKIP: no reference data at '$ref' (run through make check)"; exit 4; }
echo "reference: $(cat "$ref/kernel.release" 2>/dev/null || echo unknown) ($ref)"

rm -rf "$ours"
bash "$top/tools/testing/retrace/guest/hist-dump.sh" "$ours" ||
	{ echo "FAIL: hist-dump.sh"; exit 1; }
echo "$(grep -c '^== ' "$ours/hist.txt") sections, $(wc -l < "$ours/hist.txt") lines"
if ! diff -u "$ref/hist.txt" "$ours/hist.txt"; then
	echo "FAIL: histograms differ (- reference, + ours)"
	exit 1
fi
echo "PASS: identical"
