#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kprobe_ftrace.sh - a kprobe on a function's entry (KPROBES_ON_FTRACE:
# the kprobe is an ftrace_ops with saved registers) and the function
# tracer on the same function, in any order.
#
# The kprobe comes from samples/kprobes' kprobe_example.ko
# (CONFIG_SAMPLE_KPROBES=m), loaded with symbol=F: its pre-handler logs
# "handler_pre: <F> ..." for each hit, which is counted in the kernel log
# after a marker line.  F is the kill() syscall's entry, __x64_sys_kill
# (or the first of its callees that can be traced), and "kill -0 99999",
# a shell builtin that fails with ESRCH, calls it exactly once.
#   A. the kprobe alone: it is listed as [FTRACE] in kprobes/list (where
#      debugfs is mounted), enabled_functions counts F once, with R
#      (saved registers), and N calls are N hits;
#   B. the function tracer on F too: enabled_functions counts 2, the
#      trace and the kprobe both see every one of N calls;
#   C. an instance tracing F as well: 3, and each of the three sees them;
#      the instance stops: 2;
#   D. the top tracer stops: 1, only the kprobe sees the calls;
#   E. the top tracer starts again (2), the kprobe goes (1): only the
#      tracer sees the calls;
#   F. the kprobe comes back while the tracer runs: 2, both see them;
#   G. both go: F is no longer in enabled_functions.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
I=$T/instances/kp_test
KP=kprobe_example
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/available_tracers ] || { echo "SKIP: no tracefs at $T"; exit 4; }
grep -qw function $T/available_tracers || { echo "SKIP: no function tracer"; exit 4; }
[ -d $T/instances ] || { echo "SKIP: no instances"; exit 4; }
command -v dmesg > /dev/null || { echo "SKIP: no dmesg"; exit 4; }
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
KO=$(find "$D" -name $KP.ko 2> /dev/null | head -n 1)
[ -n "$KO" ] || { echo "SKIP: no $KP.ko under $D (CONFIG_SAMPLE_KPROBES=m)"; exit 4; }
F=""
for f in __x64_sys_kill __se_sys_kill __do_sys_kill kill_something_info; do
	grep -qx $f $T/available_filter_functions && { F=$f; break; }
done
[ -n "$F" ] || { echo "SKIP: none of kill()'s entry functions can be traced"; exit 4; }
LIST=/sys/kernel/debug/kprobes/list
echo "kprobe: $KO on $F"

on=$(cat $T/tracing_on)
cleanup() {
	if [ -d $I ]; then
		echo nop > $I/current_tracer
		echo > $I/set_ftrace_filter
		rmdir $I
	fi
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	rmmod $KP 2> /dev/null
	echo > $T/trace
	echo "$on" > $T/tracing_on
}

list() { tr '\n' ' ' | sed 's/ $//'; }
label() { [ "$1" = $T ] && echo top || echo "${1#$T/}"; }
ecount() { sed -nE "s/^$F \(([0-9]+)\).*$/\1/p" $T/enabled_functions; }
# calls N: N calls of F from this shell
calls() {
	local i
	for i in $(seq "$1"); do kill -0 99999 2> /dev/null; done
}
# fire WHAT N WANT_KPROBE DIR=WANT...: N calls with the DIRs recording;
# the kprobe must see WANT_KPROBE of them, each DIR its WANT
fire() {
	local what=$1 n=$2 wk=$3 mark="kprobe_ftrace.sh: $1 $$ $RANDOM" e d got k
	shift 3
	for e in "$@"; do d=${e%%=*}; echo > $d/trace; echo 1 > $d/tracing_on; done
	echo "$mark" > /dev/kmsg
	calls "$n"
	for e in "$@"; do echo 0 > ${e%%=*}/tracing_on; done
	if dmesg | grep -qF "$mark"; then
		k=$(dmesg | sed -n "\|$mark|,\$p" | grep -c "handler_pre: <$F> ")
	else
		k="lost"
	fi
	[ "$k" = "$wk" ] || bad "$what: the kprobe saw $k of $n calls, want $wk"
	got="kprobe $k"
	for e in "$@"; do
		d=${e%%=*}
		n=$(grep -cE ": $F <-[^ ]+$" $d/trace)
		[ "$n" = "${e#*=}" ] || bad "$what: $(label $d) recorded $n calls, want ${e#*=}"
		got="$got, $(label $d) $n"
	done
	echo "$what: $got"
}
want_count() {
	[ "$(ecount)" = "$2" ] || bad "$1: enabled_functions counts '$(ecount)' for $F, want $2"
}

rmmod $KP 2> /dev/null
trap cleanup EXIT
echo nop > $T/current_tracer
echo > $T/set_ftrace_notrace
grep -q "^$F " $T/enabled_functions && fail "$F is in enabled_functions before the test"
echo $F > $T/set_ftrace_filter || fail "cannot filter on $F"

echo "## A. the kprobe alone"
insmod "$KO" symbol=$F || fail "insmod $KO symbol=$F"
if [ -r $LIST ]; then
	grep -E " $F\+0x[0-9a-f]+ " $LIST
	grep -qE " $F\+0x[0-9a-f]+ .*\[FTRACE\]" $LIST || bad "the kprobe on $F is not on ftrace (kprobes/list)"
fi
want_count "kprobe" 1
grep -qE "^$F \(1\) R" $T/enabled_functions || bad "enabled_functions shows no R (saved registers) for the kprobe: $(grep "^$F " $T/enabled_functions)"
fire "kprobe alone" 10 10

echo "## B. and the top instance's tracer"
echo function > $T/current_tracer || fail "cannot set the function tracer"
want_count "kprobe + tracer" 2
fire "kprobe + tracer" 20 20 $T=20

echo "## C. and an instance's tracer"
rmdir $I 2> /dev/null
mkdir $I || fail "mkdir $I"
echo $F > $I/set_ftrace_filter
echo function > $I/current_tracer || fail "cannot set the function tracer in the instance"
want_count "kprobe + 2 tracers" 3
fire "kprobe + 2 tracers" 5 5 $T=5 $I=5
echo nop > $I/current_tracer
want_count "instance stopped" 2
fire "instance stopped" 5 5 $T=5 $I=0
rmdir $I || bad "rmdir $I"

echo "## D. the top tracer stops"
echo nop > $T/current_tracer
want_count "tracer stopped" 1
fire "tracer stopped" 10 10 $T=0

echo "## E. the tracer again, the kprobe goes"
echo function > $T/current_tracer
want_count "tracer again" 2
rmmod $KP || fail "rmmod $KP"
want_count "kprobe gone" 1
fire "kprobe gone" 10 0 $T=10

echo "## F. the kprobe comes back under the tracer"
insmod "$KO" symbol=$F || fail "insmod $KO symbol=$F again"
want_count "kprobe back" 2
fire "kprobe back" 10 10 $T=10

echo "## G. both go"
echo nop > $T/current_tracer
want_count "tracer gone" 1
rmmod $KP || bad "rmmod $KP"
grep -q "^$F " $T/enabled_functions && bad "$F is still in enabled_functions: $(grep "^$F " $T/enabled_functions)"
echo > $T/set_ftrace_filter

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
