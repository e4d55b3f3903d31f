#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# graph_unwind.sh - a stack trace taken inside graph-traced code is the
# one taken with no graph user.
#
# While a function_graph tracer runs, the return address of every call
# it takes is return_to_handler, and an unwinder must ask the graph core
# (ftrace_graph_ret_addr()) for the real one.  Stack traces are taken on
# kill()'s path, deep under the syscall, by "stacktrace" triggers: of
# the signal/signal_generate tracepoint; of a kprobe event at the entry
# of F, the first function below the tracepoint that can be traced (a
# kprobe on ftrace: the graph user and the kprobe share the site); and
# of one in F's middle (the first instruction boundary past the site the
# kprobes core accepts; an int3, with kprobe optimization off for the
# test: an optimized probe's detour has no unwind data).  "kill -CONT
# $$" from this shell takes the path once; the triggers' filters take
# only this shell's calls.  With sym-offset on, each trace is taken N
# times:
#   A. with no graph user;
#   B. with the function_graph tracer of an instance on every function;
#   C. with the tracer of a second instance too (two graph users on each
#      return), set_graph_function empty;
#   D. with no graph user again.
# Each trace must be the same, frame for frame with offsets, in A to D
# (the kprobes' from F down: above F are the frames of what called the
# kprobe, which differ when the site is shared), have at least four
# frames, name no return_to_handler, and B and C must have hooked the
# calls (the instances' traces show F).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
G1=$T/instances/unw_g1
G2=$T/instances/unw_g2
I=$T/instances/unw_
N=3
GRAPHS=
W=$(mktemp -d)
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/available_tracers ] || { echo "SKIP: no tracefs at $T"; exit 4; }
grep -qw function_graph $T/available_tracers ||
	{ echo "SKIP: no function_graph tracer"; exit 4; }
[ -f $T/kprobe_events ] || { echo "SKIP: no kprobe events"; exit 4; }
[ -d $T/events/signal/signal_generate ] ||
	{ echo "SKIP: no signal_generate event"; exit 4; }

cleanup() {
	local d

	for d in $G1 $G2; do
		[ -d $d ] || continue
		echo nop > $d/current_tracer
		rmdir $d
	done
	for d in $EVENTS; do
		[ -d $I${d%%:*} ] || continue
		echo "!stacktrace" > $I${d%%:*}/events/${d#*:}/trigger 2> /dev/null
		rmdir $I${d%%:*}
	done
	echo "-:unw/send" >> $T/kprobe_events 2> /dev/null
	echo "-:unw/mid" >> $T/kprobe_events 2> /dev/null
	[ -n "$OPT" ] && echo "$OPT" > $KOPT
	rm -rf "$W"
}
trap cleanup EXIT

EVENTS="sig:signal/signal_generate"
# One instance per trigger: each one's trace holds its stack traces only
# (the events themselves stay off).
trig() {
	mkdir $I$1 || fail "mkdir $I$1"
	echo 1 > $I$1/options/sym-offset
	echo "stacktrace if common_pid == $$" > $I$1/events/$2/trigger ||
		fail "cannot set a stacktrace trigger on $2"
}
trig sig signal/signal_generate
# The kprobes go on F: the first function below the tracepoint's probe
# in a plain trace of the path that can be traced (what is inlined
# differs from one configuration to another).
kill -CONT $$
F=
for f in $(awk '/^ *=> / { sub(/\+.*/, "", $2); print $2 }' ${I}sig/trace); do
	case $f in trace_event_raw_event_* | __traceiter_*) continue ;; esac
	grep -qx "$f" $T/available_filter_functions && { F=$f; break; }
done
[ -n "$F" ] || fail "no function of the signal_generate path can be traced"
KOPT=/proc/sys/debug/kprobes-optimization
OPT=
if [ -w $KOPT ]; then
	OPT=$(cat $KOPT)
	echo 0 > $KOPT
fi
echo "p:unw/send $F" >> $T/kprobe_events ||
	fail "cannot define a kprobe event on $F"
for off in $(seq 5 64); do
	echo "p:unw/mid $F+$off" >> $T/kprobe_events 2> /dev/null && break
done
[ -d $T/events/unw/mid ] || fail "no kprobe accepted in $F+5..64"
echo "kprobes: $F, $F+$off"
EVENTS="$EVENTS kp:unw/send mid:unw/mid"
trig kp unw/send
trig mid unw/mid

# take NAME: N calls; each instance's traces go to $W/NAME.sig,
# $W/NAME.kp and $W/NAME.mid, one line each: the frames after a "<stack trace>" line
take() {
	local i ev

	for ev in sig kp mid; do echo > $I$ev/trace; done
	for i in $(seq $N); do kill -CONT $$; done
	# The graph tracers' buffers keep the calls: nothing after them.
	for i in $GRAPHS; do echo 0 > $i/tracing_on; done
	for ev in sig kp mid; do
		awk '
			/<stack trace>/ { if (n) print s; s = ""; n = 1; next }
			/^ *=> / { s = s " " $2; next }
			END { if (n) print s }
		' $I$ev/trace > "$W/$1.$ev"
	done
	# Above the probed function the kprobe's trace shows how ftrace
	# reached it: its own trampoline alone, the list function when a
	# graph user shares the site.  The traces are compared from it down.
	sed -i "s/^.* $F+/$F+/" "$W/$1.kp" "$W/$1.mid"
}

graph_on() {
	mkdir $1 || fail "mkdir $1"
	echo function_graph > $1/current_tracer || fail "cannot start function_graph in $1"
}

graph_off() {
	echo nop > $1/current_tracer
	rmdir $1
}

# check NAME: N traces of each kind, each with four frames or more and
# no return_to_handler, all alike, and as in A
check() {
	local ev f n u

	for ev in sig kp mid; do
		f=$W/$1.$ev
		n=$(wc -l < "$f" 2> /dev/null || echo 0)
		[ "$n" = $N ] || { bad "$1: $n $ev traces, want $N"; continue; }
		u=$(sort -u "$f" | wc -l)
		[ "$u" = 1 ] || bad "$1: the $N $ev traces differ: $(sort -u "$f")"
		[ $ev = sig ] || grep -q "^$F+" "$f" ||
			bad "$1: $ev trace does not reach $F: $(head -n 1 "$f")"
		[ "$(head -n 1 "$f" | wc -w)" -ge 4 ] ||
			bad "$1: $ev trace too short: $(head -n 1 "$f")"
		grep -q return_to_handler "$f" &&
			bad "$1: $ev trace names return_to_handler: $(head -n 1 "$f")"
		[ "$1" = A ] && continue
		cmp -s "$f" "$W/A.$ev" ||
			bad "$1: $ev trace differs from A's: $(head -n 1 "$f") | $(head -n 1 "$W/A.$ev")"
	done
}

echo "## A. no graph user"
take A
check A
for ev in sig kp mid; do echo "$ev:$(head -n 1 "$W/A.$ev" 2> /dev/null)"; done

echo "## B. function_graph in an instance on every function"
graph_on $G1
GRAPHS=$G1
take B
grep -q "$F()" $G1/trace || bad "B: the graph tracer did not see $F"
check B

echo "## C. and in a second instance"
echo > $G1/trace
echo 1 > $G1/tracing_on
graph_on $G2
GRAPHS="$G1 $G2"
take C
for i in $GRAPHS; do
	grep -q "$F()" $i/trace ||
		bad "C: the graph tracer of $(basename $i) did not see $F"
done
check C
graph_off $G2
graph_off $G1
GRAPHS=

echo "## D. no graph user again"
take D
check D

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
