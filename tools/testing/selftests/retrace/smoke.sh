#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# smoke.sh - the lab's first end-to-end check of a booted kernel: tracefs is
# mounted, an event enabled through events/.../enable records real lines in
# `trace`, and a trace_marker write comes back out of trace_pipe.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/trace ] || { echo "SKIP: no tracefs at $T"; exit 4; }
cd $T || exit 1
echo 0 > tracing_on
echo > trace
echo 1 > events/sched/sched_switch/enable || fail "cannot enable sched_switch"
echo 1 > tracing_on
for i in 1 2 3 4 5; do sleep 0.01; done
echo 0 > tracing_on
echo 0 > events/sched/sched_switch/enable
n=$(grep -c 'sched_switch: prev_comm=' trace)
echo "sched_switch lines: $n"
[ "$n" -gt 0 ] || fail "no sched_switch lines in trace"

echo > trace
echo 1 > tracing_on
msg="retrace-smoke-$$"
echo "$msg" > trace_marker
line=$(timeout 10 grep -m1 "$msg" trace_pipe)
echo "trace_pipe: $line"
echo "$line" | grep -q "tracing_mark_write: $msg" || fail "marker did not come back"
echo "PASS"
