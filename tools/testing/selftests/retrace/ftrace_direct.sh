#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ftrace_direct.sh - direct calls (register_ftrace_direct() and friends)
# through the examples of samples/ftrace (CONFIG_SAMPLE_FTRACE_DIRECT=m,
# CONFIG_SAMPLE_FTRACE_DIRECT_MULTI=m), alone and with other users of
# the same function.
#
#   A. ftrace-direct.ko puts a direct call on wake_up_process: the site
#      alone is the direct ops' (enabled_functions: count 1, R, D, M,
#      the tramp and direct--> lines) and its trampoline's trace_printk()
#      lines reach the trace;
#   B. the function tracer on wake_up_process as well: count 2, the
#      direct call is made from ftrace_regs_caller's exit, and both the
#      function tracer's lines and the direct trampoline's keep coming;
#      the tracer stops: the site is the direct call's alone again;
#   C. a second direct call on wake_up_process (ftrace-direct-multi.ko,
#      which also wants schedule) is refused with EBUSY, and leaves
#      schedule untouched;
#   D. an ops that modifies the IP (kprobe_example.ko: a kprobe with a
#      post handler) is refused on a function with a direct call whose
#      ops has no ops_func, and the other way round;
#   E. ftrace-direct-modify.ko moves schedule's direct call between two
#      trampolines (modify_ftrace_direct()) every 2 seconds: both
#      trampolines' lines show up, with and without the function tracer
#      on schedule;
#   F. ftrace-direct-multi.ko: one direct ops on two functions, both
#      reach its trampoline; then it goes and nothing of it stays in
#      enabled_functions.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/enabled_functions ] || { echo "SKIP: no dynamic ftrace at $T"; exit 4; }
grep -qw function $T/available_tracers || { echo "SKIP: no function tracer"; exit 4; }
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
ko() { find "$D" -name "$1.ko" 2> /dev/null | head -n 1; }
DIRECT=$(ko ftrace-direct)
MULTI=$(ko ftrace-direct-multi)
MODIFY=$(ko ftrace-direct-modify)
KPROBE=$(ko kprobe_example)
[ -n "$DIRECT" ] && [ -n "$MULTI" ] && [ -n "$MODIFY" ] ||
	{ echo "SKIP: no samples/ftrace direct modules under $D"; exit 4; }

on=$(cat $T/tracing_on)
cleanup() {
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	for m in ftrace-direct ftrace-direct-multi ftrace-direct-modify kprobe_example; do
		rmmod $m 2> /dev/null
	done
	echo > $T/trace
	echo "$on" > $T/tracing_on
}
trap cleanup EXIT
cleanup

# line F: F's line of enabled_functions, with its continuation line
line() { grep -A1 "^$1 " $T/enabled_functions | tr '\n\t' '  '; }
count() { sed -nE "s/^$1 \(([0-9]+)\).*$/\1/p" $T/enabled_functions; }
want() {
	local what=$1 f=$2 n=$3 re=$4 l
	l=$(line "$f")
	[ "$(count "$f")" = "$n" ] || bad "$what: $f counted '$(count "$f")', want $n: $l"
	echo "$l" | grep -qE -- "$re" || bad "$what: $f's line does not match '$re': $l"
	echo "$what: $l"
}
# work: an empty trace, then a second of recording with some work done
work() {
	echo > $T/trace
	echo 1 > $T/tracing_on
	sleep 1
	for i in 1 2 3 4 5 6 7 8; do ls / > /dev/null; done
	echo 0 > $T/tracing_on
}
# lines RE: how many trace lines match RE after work
lines() {
	work
	grep -cE "$1" $T/trace
}

# Both a tramp line naming the caller and call_direct_funcs, and the target.
DLINE='\(1\) R   D   M .*tramp: ftrace_regs_caller\+0x0/0x[0-9a-f]+ \(call_direct_funcs\+0x0/0x[0-9a-f]+\) +direct-->my_tramp'

echo "## A. a direct call alone"
grep -q "^wake_up_process " $T/enabled_functions && fail "wake_up_process is in enabled_functions before the test"
insmod "$DIRECT" || fail "insmod $DIRECT"
want "direct alone" wake_up_process 1 "$DLINE"
n=$(lines "my_direct_func: waking up ")
[ "$n" -gt 0 ] || bad "direct alone: no 'my_direct_func: waking up' line in the trace"
echo "direct alone: $n direct lines"

echo "## B. and the function tracer"
echo wake_up_process > $T/set_ftrace_filter || fail "cannot filter on wake_up_process"
echo function > $T/current_tracer || fail "cannot start the function tracer"
want "direct + tracer" wake_up_process 2 '\(2\) R   D   M .*direct-->my_tramp'
work
d=$(grep -c "my_direct_func: waking up " $T/trace)
f=$(grep -cE ": wake_up_process <-[^ ]+$" $T/trace)
echo "direct + tracer: $d direct lines, $f function lines"
[ "$d" -gt 0 ] || bad "direct + tracer: no direct line"
[ "$f" -gt 0 ] || bad "direct + tracer: no function tracer line"
echo nop > $T/current_tracer
echo > $T/set_ftrace_filter
want "tracer gone" wake_up_process 1 "$DLINE"

echo "## C. a second direct call on the same function"
grep -q "^schedule " $T/enabled_functions && fail "schedule is in enabled_functions before the test"
if out=$(insmod "$MULTI" 2>&1); then
	bad "ftrace-direct-multi.ko loaded over ftrace-direct.ko's wake_up_process"
	rmmod ftrace-direct-multi
else
	echo "second direct: refused: $out"
	echo "$out" | grep -q "busy" || bad "second direct: not EBUSY: $out"
fi
grep -q "^schedule " $T/enabled_functions && bad "the refused direct ops left schedule in enabled_functions"
want "after the refusal" wake_up_process 1 "$DLINE"

echo "## D. an ops that modifies the IP"
if [ -n "$KPROBE" ]; then
	if insmod "$KPROBE" symbol=wake_up_process 2> /dev/null; then
		bad "a kprobe with a post handler went on a direct call's function"
		rmmod kprobe_example
	else
		echo "kprobe on the direct call's function: refused"
	fi
	want "after the kprobe" wake_up_process 1 "$DLINE"
	rmmod ftrace-direct || bad "rmmod ftrace-direct"
	insmod "$KPROBE" symbol=wake_up_process || fail "insmod $KPROBE symbol=wake_up_process"
	if insmod "$DIRECT" 2> /dev/null; then
		bad "a direct call went on a kprobe's (IPMODIFY) function"
	else
		echo "direct call on the kprobe's function: refused"
	fi
	want "after the direct call" wake_up_process 1 '\(1\) R I     M'
	rmmod kprobe_example || bad "rmmod kprobe_example"
else
	echo "no kprobe_example.ko: D skipped"
	rmmod ftrace-direct || bad "rmmod ftrace-direct"
fi
grep -q "^wake_up_process " $T/enabled_functions &&
	bad "wake_up_process is still in enabled_functions: $(line wake_up_process)"

echo "## E. changing the target"
insmod "$MODIFY" || fail "insmod $MODIFY"
want "modify" schedule 1 '\(1\) R   D   M .*direct-->my_tramp[12]'
echo > $T/trace
echo 1 > $T/tracing_on
sleep 5
echo 0 > $T/tracing_on
a=$(grep -c "my_direct_func1: my direct func1" $T/trace)
b=$(grep -c "my_direct_func2: my direct func2" $T/trace)
echo "modify: $a lines of func1, $b of func2"
[ "$a" -gt 0 ] && [ "$b" -gt 0 ] || bad "modify: both trampolines should have run"
echo schedule > $T/set_ftrace_filter
echo function > $T/current_tracer || fail "cannot start the function tracer on schedule"
echo > $T/trace
echo 1 > $T/tracing_on
sleep 5
echo 0 > $T/tracing_on
a=$(grep -c "my_direct_func1: my direct func1" $T/trace)
b=$(grep -c "my_direct_func2: my direct func2" $T/trace)
f=$(grep -cE ": schedule <-[^ ]+$" $T/trace)
echo "modify + tracer: $a lines of func1, $b of func2, $f function lines"
[ "$a" -gt 0 ] && [ "$b" -gt 0 ] || bad "modify + tracer: both trampolines should have run"
[ "$f" -gt 0 ] || bad "modify + tracer: no function tracer line"
echo nop > $T/current_tracer
echo > $T/set_ftrace_filter
rmmod ftrace-direct-modify || bad "rmmod ftrace-direct-modify"

echo "## F. one direct ops on two functions"
insmod "$MULTI" || fail "insmod $MULTI"
want "multi" wake_up_process 1 "$DLINE"
want "multi" schedule 1 "$DLINE"
# The trampoline passes its return address: the site's address + 5.
ret() { printf '%x' $((0x$(sed -n "s/^\([0-9a-f]*\) $1\$/\1/p" $T/available_filter_functions_addrs) + 5)); }
s=$(ret schedule)
w=$(ret wake_up_process)
work
ns=$(grep -c "my_direct_func: ip $s$" $T/trace)
nw=$(grep -c "my_direct_func: ip $w$" $T/trace)
echo "multi: $ns calls of schedule ($s), $nw of wake_up_process ($w)"
[ "$ns" -gt 0 ] && [ "$nw" -gt 0 ] || bad "multi: both functions should reach the trampoline"
rmmod ftrace-direct-multi || bad "rmmod ftrace-direct-multi"
grep -qE "^(schedule|wake_up_process) " $T/enabled_functions &&
	bad "the direct ops left sites in enabled_functions"

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
