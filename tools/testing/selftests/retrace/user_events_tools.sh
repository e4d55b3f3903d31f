#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# user_events_tools.sh - user events as the tools see them: the kernel's
# own sample (samples/user_events/example.c, built by check.sh as
# user_events_example) writes "test u32 count" records while they are
# traced; ftrace's trace shows them, perf record -e user_events:test
# with perf script decodes the count field, trace-cmd record/report too
# (each tool where installed).  The event is made persistent first
# through dynamic_events ("u:test u32 count"), so the tools can name it
# before the sample runs, and deleted at the end.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$(mktemp -d)
EX=${RETRACE_SELFTEST_BIN:-}/user_events_example
cleanup() {
	echo 0 > $T/events/user_events/test/enable 2> /dev/null
	echo '-:test u32 count' >> $T/dynamic_events 2> /dev/null
	echo > $T/trace
	rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -e $T/user_events_data ] || { echo "SKIP: no user_events"; exit 4; }
[ -x "$EX" ] || { echo "SKIP: no $EX (run through make check)"; exit 4; }

echo 'u:test u32 count' >> $T/dynamic_events || fail "u:test u32 count"
grep -qx 'u:test u32 count' $T/dynamic_events || fail "dynamic_events listing"

# run the sample for a moment: each line of input is one check of its
# bit (20 lines, then no more input until the timeout ends it)
sample() {
	(for i in $(seq 20); do echo; sleep 0.02; done; sleep 5) |
		timeout 2 "$EX" > /dev/null 2>&1
	true
}

# ftrace
echo > $T/trace
echo 1 > $T/events/user_events/test/enable
sample
echo 0 > $T/events/user_events/test/enable
n=$(grep -c ' test: count=0x' $T/trace)
echo "ftrace: $n records"
grep -m 2 ' test: count=' $T/trace
[ "$n" -gt 0 ] || fail "no record of the sample in trace"
grep -q ' test: count=0x0 (0)' $T/trace || fail "first record is not count 0"

if command -v perf > /dev/null; then
	perf record -q -e user_events:test -o "$W/perf.data" -- \
		bash -c "$(declare -f sample); EX=$EX; sample" > "$W/perf.log" 2>&1 ||
		{ cat "$W/perf.log"; fail "perf record"; }
	perf script -i "$W/perf.data" > "$W/script" 2>&1 || fail "perf script"
	echo "perf script: $(wc -l < "$W/script") samples"
	head -n 2 "$W/script"
	grep -q 'user_events:test: count=0 ' "$W/script" ||
		grep -q 'user_events:test: count=0$' "$W/script" ||
		fail "perf script: count field not decoded"
fi
if command -v trace-cmd > /dev/null; then
	(cd "$W" && trace-cmd record -q -e user_events:test \
		bash -c "$(declare -f sample); EX=$EX; sample" > "$W/tc.log" 2>&1) ||
		{ cat "$W/tc.log"; fail "trace-cmd record"; }
	trace-cmd report -i "$W/trace.dat" > "$W/report" 2>&1 || fail "trace-cmd report"
	echo "trace-cmd report: $(grep -c ' test: ' "$W/report") records"
	grep -m 2 ' test: ' "$W/report"
	grep -Eq ' test: +count=0( |$)' "$W/report" ||
		fail "trace-cmd report: count field not decoded"
fi
echo "PASS"
exit 0
