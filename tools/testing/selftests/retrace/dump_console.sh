#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dump_console.sh - ftrace_dump() as the kernel log shows it, through
# sysrq-z (/proc/sysrq-trigger runs ftrace_dump(DUMP_ALL)), and the
# ftrace_dump_on_oops and traceoff_on_warning sysctls.
#
# Cases: two trace_marker lines dumped between the two rules; a second
# dump of the consumed buffer ("(ftrace buffer empty)"); tracing_on left
# 0 by a dump; a dump after a snapshot shows only what came after it,
# while "snapshot" keeps what came before; the string values
# ftrace_dump_on_oops takes (0, 1, 2, orig_cpu, instance lists, a value
# longer than the sysctl's 100 bytes); traceoff_on_warning's 0/1.
#
# The kernel log lines of each dump are masked (task name and pid, CPU
# and the five context flags become "TASK-PID CPU FLAGS": the name
# depends on when the saved-cmdline cache last saw the shell, the flags
# on need-resched; numbers become "#", blanks one space) and
# written to a transcript, which must be byte-identical to
# dump_console.expected: this script's transcript on the upstream
# reference kernel with the same pending set
# (make check-upstream-pending T=selftests:dump_console.sh).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
EXPECTED=$HERE/dump_console.expected
OUT=$(mktemp)
OOPS=/proc/sys/kernel/ftrace_dump_on_oops
WARN=/proc/sys/kernel/traceoff_on_warning
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/trace_marker ] || { echo "SKIP: no tracefs at $T"; exit 4; }
[ -w /proc/sysrq-trigger ] || { echo "SKIP: no /proc/sysrq-trigger"; exit 4; }
[ -f $OOPS ] || { echo "SKIP: no $OOPS"; exit 4; }
command -v dmesg > /dev/null || { echo "SKIP: no dmesg"; exit 4; }
command -v perl > /dev/null || { echo "SKIP: no perl"; exit 4; }
cd $T || exit 1

mask() {
	perl -pe '
		s/^\s*\S+-\d+\s+\d+\S{5} /TASK-PID CPU FLAGS /;
		s/(\d)us[ +!#*\@\$]: /$1us?: /;
		s/[0-9]+/#/g;
		s/[ \t]+/ /g'
}

# sysrq-z, then the kernel log lines from "Dumping ftrace buffer:" to the
# end of that dump, masked.  A line of our own in the log marks where to
# start looking.
dump() {
	local tag="retrace-dump-console-$$-$1"

	echo "$tag" > /dev/kmsg
	echo z > /proc/sysrq-trigger
	echo "== dump $1"
	dmesg | sed 's/^\[[^]]*\] //' | awk -v tag="$tag" '
		$0 == tag { go = 1; next }
		go && $0 == "Dumping ftrace buffer:" { on = 1 }
		!on { next }
		{ print }
		$0 == "   (ftrace buffer empty)" { exit }
		$0 == "---------------------------------" && ++rules == 2 { exit }' |
		mask
}

reset() {
	echo 0 > tracing_on
	echo nop > current_tracer
	echo 0 > events/enable
	echo 0 > snapshot
	echo > trace
	echo 1 > tracing_on
}

cases() {
	local v

	reset
	echo "retrace dump marker one" > trace_marker
	echo "retrace dump marker two" > trace_marker
	dump 1
	echo "tracing_on after dump: $(cat tracing_on)"
	dump 2
	echo 1 > tracing_on

	echo "retrace dump before snapshot" > trace_marker
	echo 1 > snapshot
	echo "retrace dump after snapshot" > trace_marker
	dump 3
	echo "snapshot keeps: $(grep -c 'retrace dump before snapshot' snapshot)"
	echo "snapshot lost: $(grep -c 'retrace dump after snapshot' snapshot)"
	echo 0 > snapshot
	echo 1 > tracing_on

	echo "== ftrace_dump_on_oops"
	echo "boot value: $(cat $OOPS)"
	for v in 1 2 orig_cpu 0 "foo,bar=2" "1,foo=orig_cpu" "0,foo" \
		 "$(printf 'x%.0s' $(seq 1 120))"; do
		echo "$v" > $OOPS || echo "write '$v' failed"
		echo "'$v' reads '$(cat $OOPS)'"
	done
	echo 0 > $OOPS

	echo "== traceoff_on_warning"
	echo "boot value: $(cat $WARN)"
	echo 1 > $WARN
	echo "after 1: $(cat $WARN)"
	echo 0 > $WARN
	echo "after 0: $(cat $WARN)"
}

cases > "$OUT" 2>&1
reset
echo 0 > snapshot

echo "--- transcript"
cat "$OUT"
echo "--- end of transcript"
grep -q "retrace dump marker two" "$OUT" || fail "the markers are not in the dump"
[ -f "$EXPECTED" ] || fail "no $EXPECTED to compare with"
# The expected file starts with two comment lines.
tail -n +3 "$EXPECTED" | diff -u - "$OUT" || fail "transcript differs from upstream's"
echo "PASS"
