#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# trigger_count_race.sh - a counted trigger hit from every CPU at once is
# spent exactly N times.
#
# "stacktrace:N" goes on ftrace:print, the event of trace_marker; then W
# writer tasks (spread over the CPUs) write M markers each, W*M far more
# than N.  Each firing writes one stack entry after its marker, so the
# trace must hold exactly N stack entries and the trigger must read
# "stacktrace:count=0".  An unlocked check-then-decrement (upstream's)
# can fire twice on one unit, or step 1 -> 0 -> ULONG_MAX ("unlimited");
# either shows here as more than N stacks.  Repeated R rounds.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
E=$T/events/ftrace/print
N=${N:-40} W=${W:-6} M=${M:-150} R=${R:-3}
fail() { echo "FAIL: $*"; echo '!stacktrace' > $E/trigger 2>/dev/null; exit 1; }

[ -f $T/trace_marker ] || { echo "SKIP: no trace_marker"; exit 4; }
[ -f $E/trigger ] || { echo "SKIP: no $E/trigger"; exit 4; }
grep -qw stacktrace $E/trigger || { echo "SKIP: no stacktrace trigger"; exit 4; }
ncpu=$(nproc)
pin=""
command -v taskset > /dev/null && pin=taskset

writer() {
	local i

	for i in $(seq 1 "$M"); do
		echo "race-$1-$i" > $T/trace_marker
	done
}

# room for every marker and stack of a round: the first N markers fire
# the stacks, and a small ring would overwrite them with later markers
kb=$(cat $T/buffer_size_kb)
trap 'echo ${kb%% *} > $T/buffer_size_kb' EXIT
echo 4096 > $T/buffer_size_kb || fail "cannot resize the buffer"
echo 1 > $T/tracing_on
for r in $(seq 1 "$R"); do
	echo > $T/trace
	echo "stacktrace:$N" > $E/trigger || fail "cannot set stacktrace:$N"
	pids=""
	for w in $(seq 1 "$W"); do
		if [ -n "$pin" ]; then
			$pin -c $((w % ncpu)) bash -c "$(declare -f writer); T=$T M=$M writer $w" &
		else
			writer "$w" &
		fi
		pids="$pids $!"
	done
	wait $pids
	marks=$(grep -c 'tracing_mark_write: race-' $T/trace)
	stacks=$(grep -c '<stack trace>' $T/trace)
	left=$(grep '^stacktrace' $E/trigger)
	echo "round $r: $marks markers from $W writers on $ncpu CPUs," \
	     "$stacks stacks, trigger '$left'"
	echo '!stacktrace' > $E/trigger || fail "cannot remove the trigger"
	[ "$marks" = $((W * M)) ] || fail "$marks markers recorded, want $((W * M))"
	[ "$stacks" = "$N" ] || fail "count $N spent $stacks times"
	[ "$left" = "stacktrace:count=0" ] || fail "trigger reads '$left'"
done
echo "PASS"
