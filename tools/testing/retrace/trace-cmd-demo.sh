#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# trace-cmd-demo.sh KOUT RESULTS - show that trace-cmd, which reads the raw
# sub-buffers of per_cpu/cpuN/trace_pipe_raw through libtraceevent, reads
# ours: boot the kernel, `trace-cmd record` sched_switch and a syscall
# event (sched_wakeup while syscall events are pending) around a small
# workload (once with the default buffer, once with a
# small one and 8 KiB sub-buffers so that records are overwritten and
# pages are handed over whole), print the head of `trace-cmd report`, its
# per-CPU statistics, and compare the number of sched_switch records
# report finds with the number the kernel's own text output prints for
# the same recording.  Everything shown is real guest output.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
kout=$1
res=$(mkdir -p "$2" && readlink -f "$2")
rm -f "$res/trace-cmd.out"
cat > "$res/guest.sh" <<'GUEST'
exec > /tmp/results/trace-cmd.out 2>&1
T=/sys/kernel/tracing
cd /tmp
work() { for i in 1 2 3 4 5 6; do ls / > /dev/null; cat /proc/version > /dev/null; sleep 0.05; done; }
echo "### $(uname -r); $(trace-cmd --version 2>&1 | head -n 1)"
E2=syscalls:sys_enter_openat
[ -d $T/events/syscalls ] || E2=sched:sched_wakeup
echo "### trace-cmd record -e sched:sched_switch -e $E2"
trace-cmd record -q -o /tmp/a.dat -e sched:sched_switch \
	-e $E2 -- bash -c "$(declare -f work); work" > /dev/null
echo "### trace-cmd report | head -n 20"
trace-cmd report -i /tmp/a.dat 2>&1 | head -n 20
echo "### trace-cmd report --stat"
trace-cmd report -i /tmp/a.dat --stat 2>&1 | head -n 30
n_rep=$(trace-cmd report -i /tmp/a.dat 2>/dev/null | grep -c 'sched_switch:')
echo "### sched_switch records in trace-cmd report: $n_rep"
echo "### errors from report: $(trace-cmd report -i /tmp/a.dat 2>&1 >/dev/null | grep -ci 'error\|bad\|invalid\|fail')"
echo "### kernel text output, same events, same workload (trace file)"
echo 0 > $T/tracing_on; echo > $T/trace
echo 1 > $T/events/sched/sched_switch/enable
echo 1 > $T/tracing_on; work; echo 0 > $T/tracing_on
echo "sched_switch lines in trace: $(grep -c 'sched_switch:' $T/trace)"
echo 0 > $T/events/sched/sched_switch/enable
echo "### small buffer (-b 16), 8 KiB sub-buffers, overwrite"
echo 8 > $T/buffer_subbuf_size_kb
echo "buffer_subbuf_size_kb: $(cat $T/buffer_subbuf_size_kb)"
trace-cmd record -q -o /tmp/b.dat -b 16 -e sched:sched_switch -e irq -e timer \
	-- bash -c "$(declare -f work); work; work" > /dev/null
echo 4 > $T/buffer_subbuf_size_kb
trace-cmd report -i /tmp/b.dat 2>&1 | head -n 8
echo "### report of the small buffer: $(trace-cmd report -i /tmp/b.dat 2>/dev/null | grep -c ':') records, errors: $(trace-cmd report -i /tmp/b.dat 2>&1 >/dev/null | grep -ci 'error\|bad\|invalid\|fail')"
echo "### timestamps in report are in order per CPU:"
for c in 0 1; do
	trace-cmd report -i /tmp/a.dat --cpu $c 2>/dev/null |
		awk -v c=$c '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i + 0; if (t < last) bad++; last = t; n++; break } }
			END { printf "cpu%d: %d records, %d out of order\n", c, n, bad }'
done
echo "### done"
GUEST
: > "$res/trace-cmd.out"
tail -n +1 -F "$res/trace-cmd.out" 2>/dev/null &
t=$!
"$here/vm.sh" "$kout" "$res" run 900
rc=$?
sleep 1
kill $t 2>/dev/null
exit $rc
