#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# output-diff.sh - is the text of `trace` the same on retrace and on the
# reference kernel built with the same pending set (make upstream-pending,
# lab.rst)?  Runs the selftest output_text.sh on both (each run
# takes the build lock) and diffs the two masked logs.  Exit 0 when they
# are identical.
#
# Usage: tools/testing/retrace/output-diff.sh [--no-run]
#   --no-run  only diff the logs of the last two runs
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
t=selftests:output_text.sh
cd "$top" || exit 2
if [ "${1:-}" != --no-run ]; then
	flock /work/build.lock make check T=$t || echo "output-diff: retrace run failed" >&2
	flock /work/build.lock make check-upstream-pending T=$t || echo "output-diff: reference run failed" >&2
fi
ours=build/results/retrace/selftests/output_text.sh.log
ref=build/results/upstream-pending/selftests/output_text.sh.log
for f in "$ours" "$ref"; do
	[ -s "$f" ] || { echo "output-diff: no $f" >&2; exit 2; }
done
echo "sections: $(grep -c '^== ' "$ours") ours, $(grep -c '^== ' "$ref") reference;" \
     "lines: $(wc -l < "$ours") ours, $(wc -l < "$ref") reference"
if diff -u "$ref" "$ours"; then
	echo "output-diff: identical"
else
	echo "output-diff: DIFFERENT (- reference, + retrace)"
	exit 1
fi
