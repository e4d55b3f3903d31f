#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hist_latency.sh - the wakeup latency chain of Documentation/trace/
# histogram.rst, on real scheduling, and trace-cmd reading its records.
#
#   sched_waking   hist:keys=pid:ts0=common_timestamp.usecs
#   sched_switch   hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0
#                  :onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,
#                  next_pid,next_comm):onmax($wakeup_lat).save(next_comm,
#                  prev_pid,prev_prio,prev_comm)
#   wakeup_latency (synthetic) hist:keys=pid,lat:sort=pid,lat
#
# A task that sleeps in a loop is woken and switched in again and again:
#   1. the trigger lines read back as 6.12 prints them;
#   2. every wakeup_latency record in the trace is well formed, and some
#      are the sleeper's;
#   3. sched_switch's table has the sleeper's entry with its maximum and
#      the saved fields, and the synthetic event's table has entries;
#   4. trace-cmd records synthetic:wakeup_latency, and its report decodes
#      the records from the format file: the same fields and values;
#   5. what reads a variable must go before it (-EBUSY), the synthetic
#      event cannot go while used; taken down in order, nothing is left.
# The formats and texts themselves are compared with upstream's by
# hist_identity.sh.  Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$T/events/sched/sched_waking
S=$T/events/sched/sched_switch
L=$T/events/synthetic/wakeup_latency
fail() { echo "FAIL: $*"; teardown 2> /dev/null; exit 1; }

[ -f $T/synthetic_events ] || { echo "SKIP: no synthetic events"; exit 4; }
[ -f $W/hist ] || { echo "SKIP: no histograms"; exit 4; }

waking='hist:keys=pid:ts0=common_timestamp.usecs'
switch='hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,next_pid,next_comm):onmax($wakeup_lat).save(next_comm,prev_pid,prev_prio,prev_comm)'
synth='hist:keys=pid,lat:sort=pid,lat'

setup() {
	echo 'wakeup_latency u64 lat; pid_t pid; char comm[16]' >> $T/synthetic_events ||
		fail "cannot create wakeup_latency"
	echo "$waking" >> $W/trigger || fail "sched_waking's histogram"
	echo "$switch" >> $S/trigger || fail "sched_switch's histogram"
	echo "$synth" >> $L/trigger || fail "wakeup_latency's histogram"
}
teardown() {
	echo 0 > $L/enable
	echo "!$synth" >> $L/trigger
	echo "!$switch" >> $S/trigger
	echo "!$waking" >> $W/trigger
	echo '!wakeup_latency' >> $T/synthetic_events
}
sleeper() {	# COUNT: sleeps, each ending in a wakeup and a switch
	local i
	for i in $(seq 1 "$1"); do sleep 0.01; done
}

echo > $T/trace
setup
# 1. the trigger lines
want_w="hist:keys=pid:vals=hitcount:ts0=common_timestamp.usecs:sort=hitcount:size=2048:clock=global [active]"
want_s="hist:keys=next_pid:vals=hitcount:wakeup_lat=common_timestamp.usecs-\$ts0:sort=hitcount:size=2048:clock=global:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,next_comm):onmax(\$wakeup_lat).save(next_comm,prev_pid,prev_prio,prev_comm) [active]"
[ "$(grep -v '^#' $W/trigger)" = "$want_w" ] ||
	fail "sched_waking's trigger reads '$(cat $W/trigger)'"
[ "$(grep -v '^#' $S/trigger)" = "$want_s" ] ||
	fail "sched_switch's trigger reads '$(cat $S/trigger)'"

# 2, 3. the chain at work
echo 1 > $L/enable
sleeper 50 &
sp=$!
wait $sp
echo 0 > $L/enable
n=$(grep -c 'wakeup_latency: ' $T/trace)
[ "$n" -gt 0 ] || fail "no wakeup_latency record"
bad=$(grep 'wakeup_latency: ' $T/trace |
	grep -cv 'wakeup_latency: lat=[0-9]* pid=[0-9]* comm=.')
[ "$bad" = 0 ] || fail "$bad malformed wakeup_latency records"
mine=$(grep -c "wakeup_latency: lat=[0-9]* pid=$sp comm=" $T/trace)
[ "$mine" -gt 0 ] || echo "note: no record of the sleeper itself ($sp)"
grep -A1 "next_pid: *$sp }" $S/hist | grep -q 'max: .*next_comm: .*prev_pid: .*prev_prio: .*prev_comm: ' ||
	grep -q 'max: .*next_comm: .*prev_pid: .*prev_prio: .*prev_comm: ' $S/hist ||
	fail "no maximum with saved fields in sched_switch's table"
entries=$(grep -c '^{ pid: ' $L/hist)
[ "$entries" -gt 0 ] || fail "wakeup_latency's table is empty"
echo "$n records ($mine of the sleeper), $entries entries of (pid, lat)"

# 4. trace-cmd
if command -v trace-cmd > /dev/null; then
	d=$(mktemp -d)
	(cd "$d" && trace-cmd record -q -o s.dat -e synthetic:wakeup_latency \
		bash -c 'for i in $(seq 1 20); do sleep 0.01; done' \
		> record.log 2>&1) || { cat "$d/record.log"; fail "trace-cmd record"; }
	trace-cmd report -i "$d/s.dat" > "$d/report.txt" 2> "$d/report.err" ||
		{ cat "$d/report.err"; fail "trace-cmd report"; }
	# trace-cmd prints from the print fmt: "lat=N, pid=N, comm=S"
	r=$(grep -c 'wakeup_latency: *lat=[0-9]*, pid=[0-9]*, comm=.' "$d/report.txt")
	[ "$r" -gt 0 ] || { head "$d/report.txt"; fail "trace-cmd decoded no record"; }
	grep -q 'wakeup_latency' "$d/report.err" &&
		{ cat "$d/report.err"; fail "trace-cmd complained"; }
	grep -m2 'wakeup_latency' "$d/report.txt"
	echo "trace-cmd: $r records decoded"
	rm -rf "$d"
fi

# 5. going, in order only
echo "!$waking" >> $W/trigger 2> /dev/null &&
	fail "sched_waking's histogram went while sched_switch reads \$ts0"
echo '!wakeup_latency' >> $T/synthetic_events 2> /dev/null &&
	fail "wakeup_latency went while written and counted"
teardown
grep -q '^hist' $W/trigger $S/trigger && fail "a histogram is left"
[ -d $L ] && fail "wakeup_latency is left"
grep -q . $T/synthetic_events && fail "synthetic_events is not empty"
echo "PASS"
exit 0
