#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf_tracepoint.sh - trace events through perf (kernel/trace/events/trace_event_perf.c):
# perf list shows every event of available_events as a tracepoint;
# perf record + perf script of sched_switch system-wide (the raw records
# decode with the format file), a perf filter (only matching records
# arrive), counting with perf stat, two events and two sessions at once
# (shared per-call state and record areas), and the call's state torn
# down after the last session (a new one still works).  With the function
# tracer built, ftrace:function through perf with an ip filter as well.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

command -v perf > /dev/null || { echo "SKIP: no perf"; exit 4; }
[ -d $T/events/sched/sched_switch ] || { echo "SKIP: no sched_switch event"; exit 4; }

# A workload that switches: a few short sleeps in a child.
work() { for i in 1 2 3 4 5 6 7 8; do sleep 0.02; done; }

# record FILE ARGS...: perf record system-wide around work().
record() {
	local f=$1
	shift
	perf record -q -a -o "$f" "$@" -- bash -c "$(declare -f work); work" \
		> "$W/record.log" 2>&1 || { cat "$W/record.log"; return 1; }
}

# 0. perf list shows every event of available_events as a tracepoint
perf list tracepoint 2> /dev/null | sed -nE 's/^ *([^ ]+:[^ ]+) +\[Tracepoint event\].*/\1/p' |
	sort > "$W/list.txt"
sort $T/available_events > "$W/avail.txt"
comm -23 "$W/avail.txt" "$W/list.txt" > "$W/missing.txt"
echo "perf list: $(wc -l < "$W/list.txt") tracepoints, $(wc -l < "$W/missing.txt") of $(wc -l < "$W/avail.txt") events missing"
[ -s "$W/avail.txt" ] || fail "available_events is empty"
[ -s "$W/missing.txt" ] && { head -n 5 "$W/missing.txt"; fail "perf list misses events"; }

# 1. record and script
record "$W/a.data" -e sched:sched_switch || fail "perf record -e sched:sched_switch"
perf script -i "$W/a.data" > "$W/a.txt" 2> "$W/script.err" || fail "perf script: $(cat "$W/script.err")"
n=$(grep -c 'sched:sched_switch: prev_comm=.* prev_pid=[0-9]* prev_prio=[0-9]* prev_state=.* ==> next_comm=.* next_pid=[0-9]* next_prio=[0-9]*' "$W/a.txt")
echo "record: $n sched_switch samples"
head -n 3 "$W/a.txt"
[ "$n" -gt 0 ] || fail "perf script shows no sched_switch"
[ "$n" -eq "$(wc -l < "$W/a.txt")" ] || fail "perf script printed lines that are not sched_switch"

# 2. a filter: every sample is a switch away from the idle task
record "$W/f.data" -e sched:sched_switch --filter 'prev_pid == 0' || fail "perf record --filter"
perf script -i "$W/f.data" > "$W/f.txt" 2> "$W/script.err" || fail "perf script (filter)"
n=$(wc -l < "$W/f.txt")
m=$(grep -c 'prev_pid=0 ' "$W/f.txt")
echo "filter prev_pid == 0: $n samples, $m with prev_pid=0"
[ "$n" -gt 0 ] || fail "no sample passed the filter"
[ "$n" -eq "$m" ] || { grep -v 'prev_pid=0 ' "$W/f.txt" | head -n 3; fail "the filter let other samples through"; }

# A filter perf cannot parse is refused at open.
if perf record -q -a -o "$W/bad.data" -e sched:sched_switch --filter 'nosuch == 1' -- true \
	> "$W/bad.log" 2>&1; then
	fail "a filter on a missing field was accepted"
fi

# 3. counting (no PERF_SAMPLE_RAW)
perf stat -x, -a -e sched:sched_switch -- bash -c "$(declare -f work); work" \
	> /dev/null 2> "$W/stat.txt" || fail "perf stat"
c=$(grep 'sched:sched_switch' "$W/stat.txt" | cut -d, -f1)
echo "stat: $c"
[ -n "$c" ] && [ "$c" != "<not counted>" ] && [ "$c" -gt 0 ] 2>/dev/null ||
	fail "perf stat counted nothing: $(cat "$W/stat.txt")"

# 4. two events, and a second session on the same event meanwhile
perf record -q -a -o "$W/bg.data" -e sched:sched_switch -- sleep 1 > "$W/bg.log" 2>&1 &
bg=$!
sleep 0.3
record "$W/two.data" -e sched:sched_switch -e sched:sched_wakeup || fail "perf record of two events"
wait $bg || fail "background perf record: $(cat "$W/bg.log")"
perf script -i "$W/two.data" > "$W/two.txt" 2> /dev/null || fail "perf script (two events)"
s=$(grep -c 'sched:sched_switch:' "$W/two.txt")
w=$(grep -c 'sched:sched_wakeup:' "$W/two.txt")
b=$(perf script -i "$W/bg.data" 2> /dev/null | grep -c 'sched:sched_switch:')
echo "two events: $s switch, $w wakeup; background session: $b switch"
[ "$s" -gt 0 ] && [ "$w" -gt 0 ] && [ "$b" -gt 0 ] || fail "a session missed its events"

# 5. after every session closed, a new one works (state rebuilt)
record "$W/again.data" -e sched:sched_switch || fail "perf record after teardown"
n=$(perf script -i "$W/again.data" 2> /dev/null | grep -c 'sched:sched_switch:')
echo "again: $n"
[ "$n" -gt 0 ] || fail "no samples after teardown"

# 6. ftrace:function through perf (only with the function tracer)
if [ -f $T/set_ftrace_filter ] && [ -f $T/events/ftrace/function/id ]; then
	perf record -q -a -o "$W/fn.data" -e ftrace:function --filter 'ip == schedule' \
		-- bash -c "$(declare -f work); work" > "$W/fn.log" 2>&1 ||
		fail "perf record -e ftrace:function: $(cat "$W/fn.log")"
	perf script -i "$W/fn.data" > "$W/fn.txt" 2> /dev/null || fail "perf script (function)"
	n=$(grep -c 'ftrace:function:' "$W/fn.txt")
	echo "function: $n samples"
	head -n 2 "$W/fn.txt"
	[ "$n" -gt 0 ] || fail "no ftrace:function samples"
else
	echo "function: no function tracer, not tried"
fi
echo "PASS"
