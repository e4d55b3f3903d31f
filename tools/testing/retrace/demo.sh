#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh KOUT RESULTS - the README's "main job": boot the kernel, enable
# sched:sched_switch and a syscall event (syscalls:sys_enter_openat), run
# a small workload, print the head of `trace`, read trace_pipe for a
# moment, record both events with perf and print `perf script`, power off.  Everything shown is real guest output.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
kout=$1
res=$(mkdir -p "$2" && readlink -f "$2")
rm -f "$res/demo.out"
cat > "$res/guest.sh" <<'GUEST'
exec > /tmp/results/demo.out 2>&1
T=/sys/kernel/tracing
cd $T
E2=syscalls/sys_enter_openat
echo "### $(uname -r): enable sched:sched_switch and ${E2/\//:}"
echo 0 > tracing_on; echo > trace
echo 1 > events/sched/sched_switch/enable
echo 1 > events/$E2/enable
echo 1 > tracing_on
for i in 1 2 3 4 5 6 7 8; do cat /proc/version > /dev/null; sleep 0.02; done
echo "### head -n 16 trace"
head -n 16 trace
echo "### grep -m 6 sys_openat trace"
grep -m 6 "sys_openat(" trace
echo "### timeout 3 cat trace_pipe | head -n 12 (buffer cleared, a workload runs)"
echo > trace
(for i in 1 2 3 4 5 6; do ls / > /dev/null; sleep 0.1; done) &
timeout 3 cat trace_pipe | head -n 12
wait
echo 0 > events/$E2/enable
echo 0 > events/sched/sched_switch/enable
echo "### perf record -e sched:sched_switch -e syscalls:sys_enter_openat -a -- sh -c ..."
cd /tmp
perf record -q -e sched:sched_switch -e syscalls:sys_enter_openat -a \
	-o /tmp/perf.data -- sh -c 'cat /proc/version > /dev/null; sleep 0.5'
echo "### perf script | head -n 16"
perf script -i /tmp/perf.data 2>/dev/null | head -n 16
echo "### done"
GUEST
: > "$res/demo.out"
tail -n +1 -F "$res/demo.out" 2>/dev/null &
t=$!
"$here/vm.sh" "$kout" "$res" run 900
rc=$?
sleep 1
kill $t 2>/dev/null
exit $rc
