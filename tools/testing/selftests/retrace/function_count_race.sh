#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# function_count_race.sh - a counted traceoff function command that every
# CPU hits at once spends exactly one unit each time it switches tracing
# off.
#
# "ksys_write:traceoff:N" while a writer on every CPU calls write(2)
# without pause; then N rounds of: tracing on, wait until it reads off.
# Each round is one switch, so after each the command's count must be
# exactly one lower, and after N rounds it reads count=0 and tracing
# turned on stays on.  A command that spends a unit for every CPU that
# saw tracing on (a check, then a switch) drops by two in some round, or
# runs out early and leaves a round waiting for a switch that never comes.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
F=ksys_write
N=${N:-30}
writers=""

cleanup() {
	[ -n "$writers" ] && kill $writers 2> /dev/null
	wait 2> /dev/null
	echo "!$F:traceoff:0" >> $T/set_ftrace_filter 2> /dev/null
	echo 1 > $T/tracing_on
}
fail() { echo "FAIL: $*"; cleanup; exit 1; }
count() { sed -n "s/^$F:traceoff:count=\([0-9]*\)$/\1/p" $T/set_ftrace_filter; }

[ -f $T/set_ftrace_filter ] || { echo "SKIP: no set_ftrace_filter"; exit 4; }
grep -qx "$F" $T/available_filter_functions || { echo "SKIP: $F is not traceable"; exit 4; }
trap cleanup EXIT

echo 1 > $T/tracing_on
echo "$F:traceoff:$N" > $T/set_ftrace_filter || fail "the command is refused"
[ "$(count)" = "$N" ] || fail "set_ftrace_filter reads: $(cat $T/set_ftrace_filter)"
# That write itself went through $F: the first switch.
left=$N
if [ "$(cat $T/tracing_on)" = 0 ]; then
	left=$((N - 1))
fi

for c in $(seq 0 $(($(nproc) - 1))); do
	if command -v taskset > /dev/null; then
		taskset -c "$c" bash -c 'while :; do echo x > /dev/null; done' &
	else
		bash -c 'while :; do echo x > /dev/null; done' &
	fi
	writers="$writers $!"
done

round=0
while [ "$left" -gt 0 ]; do
	round=$((round + 1))
	have=$(count)
	[ "$have" = "$left" ] || fail "round $round: count=$have, expected $left"
	echo 1 > $T/tracing_on
	i=0
	while [ "$(cat $T/tracing_on)" != 0 ]; do
		i=$((i + 1))
		[ $i -lt 200 ] || fail "round $round: tracing stays on, count=$(count)"
		sleep 0.05
	done
	left=$((left - 1))
done
[ "$(count)" = 0 ] || fail "after $round rounds: count=$(count)"
echo 1 > $T/tracing_on
sleep 0.5
[ "$(cat $T/tracing_on)" = 1 ] || fail "a spent command switched tracing off"
echo "ok: $N switches, one unit each ($round rounds with $(nproc) writers)"
exit 0
