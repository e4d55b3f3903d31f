#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# graph-dump.sh OUT  (in the guest, as root)
#
# The function_graph tracer's files and text, written to OUT/graph.txt so
# that two kernels can be compared with diff (refevents.sh runs this on
# the reference kernel; tools/testing/selftests/retrace/graph_identity.sh
# runs it on ours):
#
#   - the tracer's options in trace_options and options/, and the
#     tracers an instance may use
#   - set_graph_function, set_graph_notrace and max_graph_depth: what
#     each write does (its errno when refused), what a read gives, and
#     the error_log after them
#   - the funcgraph_entry and funcgraph_exit format files
#   - the headers the trace file prints for several option sets
#   - the call tree of one known workload (a child that calls getppid()
#     and writes to /dev/null, traced by pid and set_graph_function) as
#     trace and trace_pipe print it, under several option sets, with
#     the durations and their marks cut (the two kernels' timings
#     differ) and the child's pid cut; funcgraph-irqs is off so that no
#     interrupt shows
set -u
out=$1
T=/sys/kernel/tracing
mkdir -p "$out"
exec > "$out/graph.txt" 2>&1
grep -qw function_graph $T/available_tracers ||
	{ echo "no function_graph tracer"; exit 0; }

put() {	# FILE TEXT: write, and say how it went
	local err
	if err=$( (echo "$2" >> "$1") 2>&1 ); then
		echo "write ok: $(basename "$1") <- '$2'"
	else
		echo "write refused: $(basename "$1") <- '$2' (${err##*: })"
	fi
}
putt() {	# FILE TEXT: the same, truncating
	local err
	if err=$( (echo "$2" > "$1") 2>&1 ); then
		echo "write ok: $(basename "$1") <-| '$2'"
	else
		echo "write refused: $(basename "$1") <-| '$2' (${err##*: })"
	fi
}
show() { echo "-- $1"; cat "$T/$1"; }
# Durations and their marks become DUR (timings differ between the
# kernels and between runs); a task's column becomes comm-PID, without
# the centring that depends on the pid's width.
cut_times() {
	sed -E -e 's/[+!#*@$ ]* +[0-9]+(\.[0-9]+)? us +\|/ DUR |/' \
	       -e 's/^ *([^ ]+)-[0-9]+ +\|/\1-PID |/' \
	       -e 's/-[0-9]+( |$)/-PID\1/g'
}
# A set's listing, sorted: the order of its hash is no contract.
showset() { echo "-- $1"; LC_ALL=C sort "$T/$1"; }

echo 0 > $T/tracing_on
echo nop > $T/current_tracer
echo > $T/trace
echo > $T/error_log
echo > $T/set_ftrace_filter
echo > $T/set_ftrace_pid

echo "== options"
grep -E 'funcgraph|sleep-time|graph-time|display-graph' $T/trace_options
echo function_graph > $T/current_tracer
for f in $T/options/funcgraph-* $T/options/sleep-time $T/options/graph-time; do
	[ -e "$f" ] && echo "$(basename "$f") $(cat "$f")"
done
echo nop > $T/current_tracer
mkdir $T/instances/graphdump
echo "-- instance available_tracers: $(cat $T/instances/graphdump/available_tracers)"
ls $T/instances/graphdump | grep -E 'graph' || echo "(no graph files in an instance)"
rmdir $T/instances/graphdump

echo "== set_graph_function"
show set_graph_function
show set_graph_notrace
for w in nosuchfunc_graphdump '!nosuchfunc_graphdump' 'schedule:mod:nosuchmod' \
	 123 '!' ':mod:x' 'schedule:traceoff'; do
	put $T/set_graph_function "$w"
done
show set_graph_function
# Huge and hostile words: longer than a symbol, many at once, control
# characters, a lone blank.
put $T/set_graph_function "$(printf 'x%.0s' $(seq 600))"
put $T/set_graph_function "$(printf 'nosuchfunc_%d ' $(seq 300))"
put $T/set_graph_function "$(printf 'sched\001ule\t\033[0m')"
put $T/set_graph_function ' '
show set_graph_function
put $T/set_graph_function schedule
show set_graph_function
put $T/set_graph_function '!schedule'
show set_graph_function
putt $T/set_graph_function 'vfs_rea*'
showset set_graph_function
putt $T/set_graph_function ''
show set_graph_function
put $T/set_graph_notrace '!schedule'
put $T/set_graph_notrace 'schedule'
show set_graph_notrace
putt $T/set_graph_notrace ''
show set_graph_notrace

echo "== max_graph_depth"
show max_graph_depth
for w in abc -1 ' 5' 5x 99999999999999999999 4294967295 4294967296 0x10 7 \
	 "$(printf '9%.0s' $(seq 300))" "$(printf '\001\002')" '' 0; do
	putt $T/max_graph_depth "$w"
	show max_graph_depth
done
echo "-- error_log"
cat $T/error_log

echo "== formats"
for e in funcgraph_entry funcgraph_exit; do
	echo "-- $e"
	cat $T/events/ftrace/$e/format
done

echo "== headers"
echo function_graph > $T/current_tracer
header() {	# OPTIONS...: the header with those options, then back
	local o
	for o in "$@"; do echo "$o" > $T/trace_options; done
	echo "-- $*"
	head -n 12 $T/trace
	for o in "$@"; do
		case $o in no*) echo "${o#no}" ;; *) echo "no$o" ;; esac > $T/trace_options
	done
}
header
header funcgraph-proc
header funcgraph-abstime
header nofuncgraph-cpu nofuncgraph-duration
header nofuncgraph-overhead
header nocontext-info
header latency-format

echo "== trees"
echo nofuncgraph-irqs > $T/trace_options
echo nofuncgraph-cpu > $T/trace_options
# One child: it waits on a fifo while this shell (which the pid filter
# leaves out) makes its pid the filter and turns tracing on; then it
# execs the workload and exits, and tracing goes off.  The child makes
# no traced call before that: a set_graph_function call entered while
# tracing is off would leave the task "inside" it for good.
fifo=/tmp/graph-dump.fifo
workload() {
	local pid
	echo > $T/trace
	rm -f $fifo
	mkfifo $fifo
	bash -c "read x < $fifo; exec bash -c 'echo x > /dev/null'" &
	pid=$!
	echo $pid > $T/set_ftrace_pid
	echo 1 > $T/tracing_on
	echo go > $fifo
	wait $pid
	echo 0 > $T/tracing_on
	echo > $T/set_ftrace_pid
	rm -f $fifo
}
tree() {	# OPTIONS...: the workload's text with those options, then back
	local o
	for o in "$@"; do echo "$o" > $T/trace_options; done
	workload
	echo "-- trace: $*"
	grep -v '^#' $T/trace | cut_times
	for o in "$@"; do
		case $o in no*) echo "${o#no}" ;; *) echo "no$o" ;; esac > $T/trace_options
	done
}
echo '*sys_getppid' > $T/set_graph_function
echo 'ksys_write' >> $T/set_graph_function
# What an interrupt runs on its way in and out (softirqs included) is
# timing, not workload: left out below these.
quiet='irq_enter_rcu handle_softirqs idle_cpu'
echo "$quiet" > $T/set_graph_notrace
tree
tree funcgraph-tail
tree funcgraph-proc
tree nofuncgraph-overhead
tree nofuncgraph-duration
tree funcgraph-overrun
tree nocontext-info
tree latency-format
echo "-- trace_pipe"
workload
timeout 5 cat $T/trace_pipe | cut_times
echo 2 > $T/max_graph_depth
tree
echo 0 > $T/max_graph_depth
echo 'fdget_pos' >> $T/set_graph_notrace
tree
echo > $T/set_graph_notrace
echo > $T/set_graph_function
echo funcgraph-irqs > $T/trace_options
echo funcgraph-cpu > $T/trace_options

echo nop > $T/current_tracer
echo 1 > $T/tracing_on
echo > $T/trace
