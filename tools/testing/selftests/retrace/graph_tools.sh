#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# graph_tools.sh - the function_graph tracer through its real clients:
#   1. trace-cmd record -p function_graph -g vfs_read around a workload
#      that reads a file three times; trace-cmd report decodes the
#      funcgraph_entry/funcgraph_exit records of the raw buffers into a
#      call tree rooted at vfs_read() (at least three "vfs_read() {"
#      lines, each closed, and calls below it);
#   2. perf ftrace -G vfs_read (perf drives tracefs itself: current_tracer,
#      set_graph_function, trace_pipe) around the same workload: its
#      output has vfs_read() entries and their closing braces;
#   3. everything is put back: nop, empty set_graph_function.
# Both clients' outputs are shown (their first lines).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$(mktemp -d)
# trace-cmd and perf ftrace leave tracing off, irq-info off and the
# buffer resized: put back what the tests after this one expect.
on=$(cat $T/tracing_on)
irq=$(cat $T/options/irq-info)
kb=$(cat $T/buffer_size_kb)
case $kb in *expanded:*) kb= ;; esac
cleanup() {
	echo nop > $T/current_tracer
	echo > $T/set_graph_function
	echo "$irq" > $T/options/irq-info
	[ -n "$kb" ] && echo "$kb" > $T/buffer_size_kb
	echo "$on" > $T/tracing_on
	rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

grep -qw function_graph $T/available_tracers ||
	{ echo "SKIP: no function_graph tracer"; exit 4; }
printf 'retrace\n' > "$W/data"
work() { for i in 1 2 3; do cat "$W/data" > /dev/null; done; }
ran=0

# 1. trace-cmd
if command -v trace-cmd > /dev/null; then
	(cd "$W" && trace-cmd record -q -p function_graph -g vfs_read -o "$W/t.dat" \
		-- bash -c "W=$W; $(declare -f work); work") \
		> "$W/tc.log" 2>&1 || fail "trace-cmd record: $(cat "$W/tc.log")"
	trace-cmd report -i "$W/t.dat" > "$W/t.txt" 2>&1 ||
		fail "trace-cmd report: $(cat "$W/t.txt")"
	echo "trace-cmd report (first lines):"
	grep -m 12 -E 'funcgraph|vfs_read|\}' "$W/t.txt"
	n=$(grep -c 'vfs_read() {' "$W/t.txt")
	c=$(grep -cE '\|[[:space:]]+\}' "$W/t.txt")
	echo "trace-cmd: $n vfs_read() calls, $c closing braces"
	[ "$n" -ge 3 ] || fail "trace-cmd report: $n vfs_read() calls, want 3"
	[ "$c" -ge "$n" ] || fail "trace-cmd report: $c closing braces for $n calls"
	grep -qE 'vfs_read\(\) \{' "$W/t.txt" && grep -qE '^.*\|[[:space:]]{4,}[a-z_0-9.]+\(\)' "$W/t.txt" ||
		fail "trace-cmd report: no call below vfs_read()"
	ran=1
else
	echo "trace-cmd: not installed"
fi
[ "$(cat $T/current_tracer)" = nop ] || fail "trace-cmd left $(cat $T/current_tracer)"

# 2. perf ftrace
if command -v perf > /dev/null; then
	perf ftrace -G vfs_read -- bash -c "W=$W; $(declare -f work); work" \
		> "$W/pf.txt" 2> "$W/pf.log" || fail "perf ftrace: $(cat "$W/pf.log")"
	echo "perf ftrace -G vfs_read (first lines):"
	head -n 12 "$W/pf.txt"
	n=$(grep -c 'vfs_read() {' "$W/pf.txt")
	echo "perf ftrace: $n vfs_read() calls"
	[ "$n" -ge 3 ] || fail "perf ftrace: $n vfs_read() calls, want 3"
	grep -qE '^[[:space:]]*[0-9]+\)' "$W/pf.txt" || fail "perf ftrace: no CPU column"
	ran=1
else
	echo "perf: not installed"
fi
[ "$(cat $T/current_tracer)" = nop ] || fail "perf ftrace left $(cat $T/current_tracer)"
[ $ran = 1 ] || { echo "SKIP: neither trace-cmd nor perf"; exit 4; }
echo "PASS"
