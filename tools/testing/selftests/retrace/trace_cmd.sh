#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# trace_cmd.sh - trace-cmd, unchanged, against our tracefs.  trace-cmd
# reads the format files and header_page, takes the raw sub-buffers from
# per_cpu/cpuN/trace_pipe_raw and decodes every record with
# libtraceevent, so it sees our layouts, not our printing.
#   1. trace-cmd record of sched_switch and sched_wakeup around a small
#      workload: report finds records of both and complains of nothing.
#   2. One recording read two ways: trace-cmd start leaves the records in
#      the buffer, `trace` prints them (our output code), then trace-cmd
#      extract takes them raw and report decodes them without plugins.
#      Both must list the same switches: the same number, and the same
#      time stamp (in microseconds, rounded as `trace` rounds), prev_pid
#      and next_pid for each, in the same order.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$(mktemp -d)

# Leave tracing as the next test expects it: no event on, buffer empty.
cleanup() {
	echo 0 > $T/events/enable
	echo > $T/trace
	echo 1 > $T/tracing_on
	rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

command -v trace-cmd > /dev/null || { echo "SKIP: no trace-cmd"; exit 4; }
[ -d $T/events/sched/sched_switch ] || { echo "SKIP: no sched_switch event"; exit 4; }
cd "$W" || exit 1

work() { for i in 1 2 3 4 5 6; do ls / > /dev/null; sleep 0.02; done; }
WORK="$(declare -f work); work"

# 1. record and report
trace-cmd record -q -o a.dat -e sched:sched_switch -e sched:sched_wakeup \
	-- bash -c "$WORK" > record.log 2>&1 ||
	{ cat record.log; fail "trace-cmd record"; }
trace-cmd report -i a.dat > report.txt 2> report.err
ns=$(grep -c ' sched_switch: ' report.txt)
nw=$(grep -c ' sched_wakeup: ' report.txt)
echo "record: report shows $ns sched_switch and $nw sched_wakeup records"
[ "$ns" -gt 0 ] && [ "$nw" -gt 0 ] || fail "report lacks records"
if grep -iE 'error|bad|invalid|fail|unknown' report.err; then
	fail "report complained"
fi
grep -m 3 ' sched_switch: ' report.txt

# 2. the same records through `trace` and through trace-cmd extract
# switches FILE: "secs.usecs prev_pid next_pid" for each sched_switch
# line.  `trace` prints microseconds rounded to nearest; report -t
# prints nanoseconds, rounded here the same way.
switches() {
	awk '{
		for (i = 2; i <= NF; i++)
			if ($i == "sched_switch:" && $(i - 1) ~ /^[0-9]+\.[0-9]+:$/)
				break
		if (i > NF)
			next
		split(substr($(i - 1), 1, length($(i - 1)) - 1), t, ".")
		s = t[1]; f = t[2]
		if (length(f) == 9) {
			us = int((f + 500) / 1000)
			if (us >= 1000000) { s++; us -= 1000000 }
			f = sprintf("%06d", us)
		}
		p = $0; sub(/.*prev_pid=/, "", p); sub(/ .*/, "", p)
		n = $0; sub(/.*next_pid=/, "", n); sub(/ .*/, "", n)
		print s "." f, p, n
	}' "$1"
}
trace-cmd start -e sched:sched_switch > start.log 2>&1 ||
	{ cat start.log; fail "trace-cmd start"; }
bash -c "$WORK"
trace-cmd stop > /dev/null 2>&1
cat $T/trace > text.txt
trace-cmd extract -o b.dat > extract.log 2>&1 ||
	{ cat extract.log; fail "trace-cmd extract"; }
trace-cmd report -N -t -i b.dat > raw.txt 2> raw.err
switches text.txt > text.sw
switches raw.txt > raw.sw
echo "start/extract: $(wc -l < text.sw) switches in trace, $(wc -l < raw.sw) in report"
[ -s text.sw ] || fail "no sched_switch in trace"
if ! cmp -s text.sw raw.sw; then
	diff text.sw raw.sw | head -n 20
	fail "trace and trace-cmd report disagree"
fi
echo "same switches, time stamps and pids in both"
