#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tracepoint_module.sh - tracepoints that come and go with their module.
#
# tracepoint_test_module.ko (kernel/tracepoint_test_module.c) defines the
# trace event tptest/tptest_event and the bare tracepoint tptest_bare_tp, on
# which the module keeps a probe of its own.  This checks that:
#   - loading the module makes the event appear in tracefs, and firing it
#     records exactly the lines fired, through the module's static key and
#     static call; the module's own probe sees every call;
#   - unloading the module while the event is enabled (a probe attached)
#     succeeds, the event vanishes, and the kernel log stays clean (the
#     harness fails the run on any WARN);
#   - a tracepoint module notifier registered by the module is told about
#     the module itself, with its two tracepoints;
#   - the module loads again and works again, then unloads disabled.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
M=tracepoint_test_module
P=/sys/module/$M/parameters
E=$T/events/tptest/tptest_event
fail() { echo "FAIL: $*"; rmmod $M 2>/dev/null; exit 1; }

[ -f $T/trace ] || { echo "SKIP: no tracefs at $T"; exit 4; }
# The lab guest mounts the modules where the host allows (guest/init).
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
KO=$(find "$D" -name $M.ko 2>/dev/null | head -n 1)
[ -n "$KO" ] || { echo "SKIP: no $M.ko under $D"; exit 4; }
rmmod $M 2>/dev/null
# leave tracing_on as found: the next script may count on it
on=$(cat $T/tracing_on)
trap 'echo $on > $T/tracing_on' EXIT

# fire N: fire both tracepoints N times, check the trace and the bare probe
fire_and_check() {
	local n=$1 before after lines
	before=$(cat $P/bare_hits)
	echo > $T/trace
	echo "$n" > $P/fire || fail "cannot fire"
	lines=$(grep -c 'tptest_event: seq=' $T/trace)
	after=$(cat $P/bare_hits)
	echo "fired $n: $lines event lines, bare probe $before -> $after"
	[ "$lines" -eq "$n" ] || fail "expected $n event lines, got $lines"
	[ $((after - before)) -eq "$n" ] || fail "bare probe saw $((after - before)) calls, not $n"
}

echo 0 > $T/tracing_on
echo > $T/trace
[ -d $E ] && fail "event present before the module is loaded"

for round in 1 2; do
	insmod "$KO" || fail "round $round: insmod $KO failed"
	[ -d $E ] || fail "round $round: $E did not appear"
	n=$(cat $P/own_tracepoints)
	[ "$n" = 2 ] || fail "round $round: the module notifier saw $n of its tracepoints, not 2"
	grep -q '^tptest:tptest_event$' $T/available_events ||
		fail "round $round: not in available_events"
	echo 1 > $E/enable || fail "round $round: cannot enable"
	echo 1 > $T/tracing_on
	fire_and_check 5
	fire_and_check 1
	if [ $round = 1 ]; then
		# Unload with the event's probe still attached.
		rmmod $M || fail "rmmod with the event enabled failed"
	else
		echo 0 > $E/enable
		fire_and_check 0
		rmmod $M || fail "rmmod failed"
	fi
	echo 0 > $T/tracing_on
	[ -d $E ] && fail "round $round: $E still there after rmmod"
	grep -q '^tptest:' $T/available_events && fail "round $round: still in available_events"
done
echo "PASS"
