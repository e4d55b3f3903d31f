#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# inject_input.sh - good, malformed and hostile lines written to events'
# "inject" files (CONFIG_TRACE_EVENT_INJECT).
#
# Each case writes one line with one write(2) and prints its errno; an
# accepted line also prints the record it injected, as the trace file
# shows it without the context columns (task, pid, CPU, flags and time
# stamp are the writer's own and differ between runs).  The transcript
# must be byte-identical to inject_input.expected, this script's output
# on the upstream reference kernel (make check-upstream-pending
# T=selftests:inject_input.sh): same errno for each bad line, same
# record for each good one, a rejected line leaves no record.  Reading
# an inject file must fail too.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
EXPECTED=$HERE/inject_input.expected
OUT=$(mktemp)
fail() { echo "FAIL: $*"; exit 1; }

SW=events/sched/sched_switch
EX=events/sched/sched_process_exec
[ -f $T/$SW/inject ] || { echo "SKIP: no $SW/inject"; exit 4; }
[ -f $T/$EX/inject ] || { echo "SKIP: no $EX/inject"; exit 4; }
cd $T || exit 1

on=$(cat tracing_on)
trap 'echo $on > $T/tracing_on' EXIT
echo 1 > tracing_on

# The errno of one write of TEXT to FILE, by the name strerror gives it.
write_file() { # file text
	local err
	err=$( { printf '%s' "$2" > "$1"; } 2>&1 )
	if [ -z "$err" ]; then
		echo "ok"
	else
		echo "${err##*: }"
	fi
}

n=0
case_on() { # event-dir text [label]
	local dir=$1 text=$2 name=${1##*/}
	n=$((n + 1))
	echo > trace
	echo "### case $n: ${3:-$text}"
	echo "file: $dir/inject"
	echo "errno: $(write_file "$dir/inject" "$text")"
	echo "records:"
	grep -v '^#' trace | sed "s/^.* $name: /$name: /"
}

long_str=$(printf 'a%.0s' $(seq 300))
str_255=$(printf 'b%.0s' $(seq 255))
str_256=$(printf 'c%.0s' $(seq 256))
page=$(printf 'x%.0s' $(seq 4096))

run_cases() {
	local t
	while IFS= read -r t; do
		case_on $SW "$t"
	done <<'EOF'
prev_pid=1 next_pid=2 prev_comm="one" next_comm="two"
prev_pid = 3   next_pid =4 prev_prio= 5

nosuch=1
prev_pid=1 nosuch=2
prev_pid
prev_pid 1
=5
prev_pid=
prev_pid=abc
prev_pid='x'
prev_pid="x"
prev_comm=5
prev_comm=-5
prev_pid=5x!
prev_pid=1prev_prio=2
prev_pid=0x
prev_pid=0x10 next_pid=010
prev_pid=-
prev_pid=--1
prev_pid=-7 prev_state=-1
prev_pid=99999999999999999999
prev_pid=18446744073709551615
prev_pid=18446744073709551616
prev_pid=4294967296
prev_state=-9223372036854775808
prev_state=-9223372036854775809
prev_comm="unclosed
prev_comm='unclosed
prev_comm="a\"b" next_comm='c\'d'
prev_comm="ab\
prev_comm="longer than sixteen bytes"
prev_comm="x"next_comm="y"
prev_comm="x"prev_pid=9
common_pid=42 common_flags=3 common_preempt_count=2
prev_pid=1 !
	 prev_pid=6	 next_pid=7	
EOF
	case_on $SW $'\n' "a newline alone"
	case_on $SW "prev_comm=\"$long_str\"" "prev_comm=<300 bytes>"
	case_on $SW "prev_comm=\"$str_255\"" "prev_comm=<255 bytes>"
	case_on $SW "prev_comm=\"$str_256\"" "prev_comm=<256 bytes>"
	case_on $SW "$page" "<4096 bytes>"
	case_on $SW "prev_pid=1 ${page:0:4000}" "prev_pid=1 <4000 bytes>"
	while IFS= read -r t; do
		case_on $EX "$t"
	done <<'EOF'
filename="/bin/true" pid=1 old_pid=2

filename="" pid=3
filename="first" filename="second"
filename=1
pid="1"
EOF
	n=$((n + 1))
	echo "### case $n: read"
	err=$( { cat $SW/inject > /dev/null; } 2>&1 )
	echo "errno: ${err##*: }"
}

run_cases > "$OUT" 2>&1 || { cat "$OUT"; fail "a case failed"; }

echo "--- transcript"
cat "$OUT"
echo "--- end of transcript"
[ -f "$EXPECTED" ] || fail "no $EXPECTED to compare with"
# The expected file starts with two comment lines.
tail -n +3 "$EXPECTED" | diff -u - "$OUT" || fail "transcript differs from upstream's"
echo "PASS"
