#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# probe_identity.sh - kprobe events of the same definitions read the same
# as on the reference kernel built with the same pending set (make
# upstream-pending, lab.rst): each write's result, the listings, the
# format files, the records of a fixed workload as the trace file prints
# them, appending and deleting, and the errno and error_log entry of
# each refused definition.
#
# Both sides run tools/testing/retrace/guest/probe-dump.sh; the
# reference's output is part of the dump refevents.sh keeps and check.sh
# names in RETRACE_REFEVENTS.  Any difference fails.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../../..")
ref=${RETRACE_REFEVENTS:-}
ours=/tmp/probe-ours

[ -f /sys/kernel/tracing/kprobe_events ] ||
	{ echo "SKIP: no kprobe events"; exit 4; }
[ -n "$ref" ] && [ -s "$ref/probe.txt" ] ||
	{ echo "SKIP: no reference data at '$ref' (run through make check)"; exit 4; }
echo "reference: $(cat "$ref/kernel.release" 2>/dev/null || echo unknown) ($ref)"

rm -rf "$ours"
bash "$top/tools/testing/retrace/guest/probe-dump.sh" "$ours" ||
	{ echo "FAIL: probe-dump.sh"; exit 1; }
echo "$(grep -c '^== ' "$ours/probe.txt") sections, $(wc -l < "$ours/probe.txt") lines"
if ! diff -u "$ref/probe.txt" "$ours/probe.txt"; then
	echo "FAIL: probe events differ (- reference, + ours)"
	exit 1
fi
echo "PASS: identical"
