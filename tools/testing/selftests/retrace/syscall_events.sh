#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# syscall_events.sh - the syscall events (kernel/trace/syscalls/,
# Documentation/trace/retrace/syscalls.rst):
#   - events/syscalls has an enter and an exit event for the same syscalls
#   - a syscall with known arguments and result prints upstream's lines,
#     plain and with the verbose option
#   - a filter on an argument, a trigger (traceoff), set_event
#   - two instances recording the same syscall, then one of them stopping
#   - every syscall event on at once, with a workload, then off again:
#     nothing is recorded any more
#   - perf record/script of a syscall event, perf trace, trace-cmd record
#     -e syscalls (each where the tool is installed)
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$(mktemp -d)
I=$T/instances/sc_test
cleanup() {
	echo 0 > $T/events/enable
	echo > $T/events/syscalls/sys_enter_kill/trigger 2> /dev/null
	echo 0 > $T/events/syscalls/sys_enter_kill/filter 2> /dev/null
	[ -d $I ] && { echo 0 > $I/events/enable; rmdir $I; }
	echo 1 > $T/tracing_on
	echo > $T/trace
	rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -d $T/events/syscalls ] || { echo "SKIP: no syscall events"; exit 4; }
echo > $T/trace
echo 1 > $T/tracing_on

# 1. the two sides name the same syscalls
ls $T/events/syscalls | sed -n 's/^sys_enter_//p' | sort > "$W/enter"
ls $T/events/syscalls | sed -n 's/^sys_exit_//p' | sort > "$W/exit"
n=$(wc -l < "$W/enter")
echo "syscall events: $n enter, $(wc -l < "$W/exit") exit"
[ "$n" -gt 100 ] || fail "only $n enter events"
cmp -s "$W/enter" "$W/exit" || fail "enter and exit events differ"
for e in sys_enter_openat sys_exit_openat sys_enter_getpid; do
	[ -f $T/events/syscalls/$e/format ] || fail "no $e"
done

# lines OUT: the trace without comments and context columns
lines() { grep -v '^#' $T/trace | sed -E 's/^.*\] [^ ]+ +[0-9.]+: //' > "$1"; }

# 2. known arguments and result: kill -0 of a pid that does not exist
echo 1 > $T/events/syscalls/sys_enter_kill/enable
echo 1 > $T/events/syscalls/sys_exit_kill/enable
kill -0 99999 2> /dev/null
lines "$W/kill"
echo 1 > $T/options/verbose	# applies when the trace is read
lines "$W/kill.v"
echo 0 > $T/options/verbose
cat "$W/kill.v" >> "$W/kill"
cat > "$W/kill.want" <<'EOF'
sys_kill(pid: 1869f, sig: 0)
sys_kill -> 0xfffffffffffffffd
sys_kill(pid_t pid: 1869f, int sig: 0)
sys_kill -> 0xfffffffffffffffd
EOF
diff "$W/kill.want" "$W/kill" || fail "printed lines of sys_enter/exit_kill"

# 3. a filter on an argument, then a trigger
echo > $T/trace
echo 'pid == 12345' > $T/events/syscalls/sys_enter_kill/filter || fail "filter"
kill -0 99999 2> /dev/null
kill -0 12345 2> /dev/null
lines "$W/filt"
grep -q 'sys_kill(pid: 3039, sig: 0)' "$W/filt" || fail "filtered record missing"
grep -q 'pid: 1869f' "$W/filt" && fail "filter let pid 99999 through"
[ "$(grep -c '^sys_kill -> ' "$W/filt")" = 2 ] || fail "exit records: $(cat "$W/filt")"
echo 0 > $T/events/syscalls/sys_enter_kill/filter
echo 'traceoff if pid == 4242' > $T/events/syscalls/sys_enter_kill/trigger || fail "trigger"
kill -0 99999 2> /dev/null
[ "$(cat $T/tracing_on)" = 1 ] || fail "traceoff fired on the wrong pid"
kill -0 4242 2> /dev/null
[ "$(cat $T/tracing_on)" = 0 ] || fail "traceoff trigger did not fire"
echo '!traceoff if pid == 4242' > $T/events/syscalls/sys_enter_kill/trigger
echo 1 > $T/tracing_on
echo 0 > $T/events/syscalls/enable

# 4. set_event, and two instances on one syscall
echo 'syscalls:sys_enter_kill' > $T/set_event || fail "set_event"
grep -qx 'syscalls:sys_enter_kill' $T/set_event || fail "set_event does not list it"
mkdir $I || fail "mkdir instance"
echo 1 > $I/events/syscalls/sys_enter_kill/enable
echo > $T/trace
kill -0 99997 2> /dev/null
top=$(grep -c 'sys_kill(pid: 1869d' $T/trace)
inst=$(grep -c 'sys_kill(pid: 1869d' $I/trace)
[ "$top/$inst" = 1/1 ] || fail "records in top/instance: $top/$inst, want 1/1"
echo 0 > $T/events/syscalls/sys_enter_kill/enable
echo > $T/trace
echo > $I/trace
kill -0 99996 2> /dev/null
top=$(grep -c 'sys_kill(pid: 1869c' $T/trace)
inst=$(grep -c 'sys_kill(pid: 1869c' $I/trace)
[ "$top/$inst" = 0/1 ] || fail "after disabling top: $top/$inst, want 0/1"
echo 0 > $I/events/syscalls/sys_enter_kill/enable
rmdir $I || fail "rmdir instance"

# 5. every syscall event at once, with a workload, then off
echo > $T/trace
echo 1 > $T/events/syscalls/enable
for i in 1 2 3 4 5; do ls / > /dev/null; cat /proc/version > /dev/null; done
echo 0 > $T/events/syscalls/enable
grep -q 'sys_openat(dfd: ' $T/trace || fail "no sys_openat record"
grep -q 'sys_openat -> 0x' $T/trace || fail "no sys_openat exit record"
grep -q 'sys_read(fd: ' $T/trace || fail "no sys_read record"
grep -q 'sys_execve(filename: ' $T/trace || fail "no sys_execve record"
grep -q 'sys_exit_group(error_code: 0)' $T/trace || fail "no sys_exit_group record"
en=$(grep -c '^[^#].*: sys_[a-z0-9_]*(' $T/trace)
ex=$(grep -c '^[^#].*: sys_[a-z0-9_]* -> 0x' $T/trace)
echo "all syscall events: $en enter, $ex exit records"
echo > $T/trace
for i in 1 2 3; do ls / > /dev/null; done
[ "$(grep -vc '^#' $T/trace)" = 0 ] || fail "records after every syscall event is off"

# 6. the tools
if command -v perf > /dev/null; then
	perf record -q -o "$W/perf.data" -e syscalls:sys_enter_kill \
		-e syscalls:sys_exit_kill -- bash -c 'kill -0 99999 2>/dev/null; true' \
		> "$W/perf.log" 2>&1 || { cat "$W/perf.log"; fail "perf record"; }
	perf script -i "$W/perf.data" > "$W/script" 2>&1 || fail "perf script"
	cat "$W/script"
	grep -q 'syscalls:sys_enter_kill: pid: 0x0001869f, sig: 0x00000000' "$W/script" ||
		fail "perf script: enter record not decoded"
	grep -q 'syscalls:sys_exit_kill: 0xfffffffffffffffd' "$W/script" ||
		fail "perf script: exit record not decoded"
	perf trace -o "$W/ptrace" -- bash -c 'kill -0 99999 2>/dev/null; true' \
		> /dev/null 2>&1
	echo "perf trace: $(grep -m1 'kill(' "$W/ptrace" 2> /dev/null || echo 'no kill line')"
fi
if command -v trace-cmd > /dev/null; then
	(cd "$W" && trace-cmd record -q -e syscalls:sys_enter_kill \
		-e syscalls:sys_exit_kill bash -c 'kill -0 99999 2>/dev/null; true' \
		> "$W/tc.log" 2>&1) || { cat "$W/tc.log"; fail "trace-cmd record"; }
	trace-cmd report -i "$W/trace.dat" > "$W/report" 2>&1 || fail "trace-cmd report"
	grep -E 'sys_enter_kill: +pid: 0x0001869f, sig: 0x00000000' "$W/report" ||
		{ tail "$W/report"; fail "trace-cmd report: enter record"; }
	grep -E 'sys_exit_kill: +0xfffffffffffffffd' "$W/report" ||
		{ tail "$W/report"; fail "trace-cmd report: exit record"; }
fi
echo "PASS"
exit 0
