#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hist-dump.sh OUT  (in the guest, as root)
#
# Histograms of fixed input, written to OUT/hist.txt so that two kernels
# can be compared with diff (events-dump.sh runs this on the reference
# kernel for tools/testing/retrace/refevents.sh;
# tools/testing/selftests/retrace/hist_identity.sh runs it on ours):
#
#   - for each definition below on sched/sched_process_fork: the
#     trigger line and the hist file after ten injected records whose
#     child_pid (100000 and up) no real fork has; every definition
#     filters on that, so real forks never count
#   - pause, continue and clear of an existing histogram, and two
#     histograms of one event
#   - for each malformed definition: the errno of the write and the
#     error_log entry (time stamp cut)
#   - between events: synthetic events (their listing and format),
#     variables of sched_process_fork read by histograms of
#     sched_process_exit, onmatch() writing synthetic events, onmax()
#     and onchange() saving fields, a histogram of a synthetic event,
#     the synthetic records as the trace file prints them, and the
#     refused definitions of handlers and actions
#
# No two entries are equal by every sort field, so the order of the
# table is fixed on both kernels.
set -u
out=$1
T=/sys/kernel/tracing
E=$T/events/sched/sched_process_fork
mkdir -p "$out"
exec > "$out/hist.txt" 2>&1
[ -f $E/hist ] || { echo "no hist file"; exit 0; }

inj() {
	echo "parent_comm=\"$1\" parent_pid=$2 child_comm=\"$3\" child_pid=$4" > $E/inject
}
feed() {
	inj aa 1 bb 100010; inj aa 1 bb 100011; inj aa 1 cc 100012
	inj dd 2 ee 100020; inj dd 2 ee 100020; inj dd 2 ee 100021
	inj ff 3 gg 100030; inj ff 300 hh 103000
	inj zz 7 yy 104096; inj zz 7 yy 104097
}
put() {	# FILE TEXT: write, and say how it went
	if echo "$2" >> "$1" 2> /dev/null; then
		echo "write ok: $2"
	else
		echo "write refused: $2"
	fi
}
only=" if child_pid >= 100000"

defs=(
	'keys=parent_pid:vals=child_pid:sort=parent_pid'
	'keys=parent_pid,child_pid:sort=parent_pid,child_pid.descending'
	'keys=parent_comm:vals=hitcount,child_pid:sort=child_pid.descending'
	'keys=child_comm,parent_pid.hex:vals=child_pid.percent,child_pid.graph:sort=child_comm,parent_pid'
	'keys=child_pid.log2:vals=parent_pid:sort=child_pid'
	'keys=child_pid.buckets=1000:vals=parent_pid:sort=child_pid'
	'keys=parent_pid:vals=child_pid:x=child_pid*2,y=16/3,z=10/3:sort=parent_pid:size=256'
	'keys=parent_pid+child_pid:sort=parent_pid+child_pid'
	'keys=child_pid-100000:vals=parent_pid:sort=child_pid-100000.descending'
	'keys=parent_comm:vals=child_pid:nohitcount:sort=parent_comm'
	'keys=parent_comm,child_comm,parent_pid:vals=child_pid:sort=child_pid'
	'name=dump:keys=parent_pid:sort=parent_pid'
	'keys=parent_pid:sort=parent_pid:pause'
)
for d in "${defs[@]}"; do
	echo "== hist:$d"
	put $E/trigger "hist:$d$only"
	feed
	cat $E/trigger
	cat $E/hist
	: > $E/trigger
done

echo "== two histograms, pause, clear, continue"
put $E/trigger "hist:keys=parent_pid:sort=parent_pid$only"
put $E/trigger "hist:keys=child_comm:sort=child_comm$only"
feed
cat $E/hist
put $E/trigger "hist:keys=parent_pid:sort=parent_pid:pause$only"
feed
cat $E/trigger
put $E/trigger "hist:keys=parent_pid:sort=parent_pid:clear$only"
cat $E/hist
put $E/trigger "hist:keys=parent_pid:sort=parent_pid:cont$only"
inj q 5 r 100050
cat $E/hist
put $E/trigger "hist:keys=parent_pid:sort=parent_pid$only"
put $E/trigger "!hist:keys=child_comm:vals=hitcount:sort=child_comm:size=2048$only"
cat $E/trigger
: > $E/trigger

echo "== refused definitions"
bad=(
	'keys=parent_pid:vals=child_pid:sort=parent_pid,junk'
	'keys=parent_pid:sort='
	'keys=parent_pid:sort=parent_pid,'
	'keys=parent_pid:sort=parent_pid.junk'
	'keys=parent_pid:vals=child_pid,parent_pid:sort=parent_pid,child_pid,parent_pid'
	'keys=parent_pid:x=32+10*3/20-4'
	'keys=parent_pid:x=-(1)+2'
	'keys=parent_pid:x=3/0'
	'keys=nosuch'
	'keys=parent_pid.bogus'
	'keys=parent_pid.buckets=0'
	'keys=parent_pid.percent'
	'keys=parent_pid:vals=child_pid.log2'
	'keys=parent_pid:x=1,y'
	'keys=parent_pid:x=1,x=2'
	'keys=parent_pid:vals=parent_comm+1'
	'keys=parent_pid:vals=child_pid-0x'
	'keys=parent_pid:nohitcount'
	'keys=common_timestamp.usecs-common_timestamp'
	'keys=parent_pid:cont'
	'vals=child_pid'
	'keys=parent_pid:size=64'
	'keys=parent_pid:vals=child_pid,parent_pid,child_pid'
	'keys=parent_pid,child_pid,parent_comm,child_comm'
	'keys=parent_pid:bogus'
	'keys=parent_pid if'
)
for d in "${bad[@]}"; do
	echo > $T/error_log
	put $E/trigger "hist:$d"
	sed 's/^\[ *[0-9.]*\] //' $T/error_log
done
put $E/trigger "hist:name=dump2:keys=parent_pid$only"
echo > $T/error_log
put $T/events/sched/sched_process_exit/trigger "hist:name=dump2:keys=pid"
sed 's/^\[ *[0-9.]*\] //' $T/error_log
: > $E/trigger
: > $T/events/sched/sched_process_exit/trigger

[ -f $T/synthetic_events ] || exit 0
X=$T/events/sched/sched_process_exit
S=$T/events/synthetic
ex() {	# COMM PID PRIO: an exit record
	echo "comm=\"$1\" pid=$2 prio=$3" > $X/inject
}
xonly=" if pid >= 100000"
echo "== inter-event: synthetic events"
put $T/synthetic_events 'synth_dump int d; pid_t pid; char comm[16]'
put $T/synthetic_events 'synth_dump2 s32 v; char name[]; gfp_t g'
put $T/dynamic_events 's:synthetic/synth_dump3 u8 a; unsigned long[] st; s64 b'
cat $T/synthetic_events
grep '^s:' $T/dynamic_events
for e in synth_dump synth_dump2 synth_dump3; do
	grep -v '^ID:' $S/$e/format
done
echo "== inter-event: variables and actions"
put $E/trigger "hist:keys=child_pid:pp=parent_pid,pc=parent_comm$only"
put $X/trigger "hist:keys=pid:d=prio-\$pp:onmatch(sched.sched_process_fork).synth_dump(\$d,pid,comm):onmax(\$d).save(comm,prio)$xonly"
put $X/trigger "hist:keys=pid:v=prio:onmatch(sched.sched_process_fork).trace(synth_dump2,\$v,\$pc,prio)$xonly"
put $X/trigger "hist:keys=comm:np=prio:onchange(\$np).save(pid,prio)$xonly"
put $S/synth_dump/trigger 'hist:keys=pid,d:sort=pid,d'
echo 1 > $S/synth_dump/enable
echo 1 > $S/synth_dump2/enable
echo > $T/trace
inj aa 1 bb 100010; ex bb 100010 120
inj aa 5 bb 100011; ex bb 100011 100
ex bb 100011 130
inj cc 7 dd 100012; ex dd 100012 140
inj cc 9 dd 100012; ex dd 100012 90
ex zz 100099 110
echo 0 > $S/synth_dump/enable
echo 0 > $S/synth_dump2/enable
cat $E/trigger $X/trigger $S/synth_dump/trigger
cat $E/hist $X/hist $S/synth_dump/hist
# a gfp_t's flag names end in a NUL byte, on both kernels: shown as @
grep -a -o 'synth_dump2\?: .*' $T/trace | tr '\0' '@'
echo "== inter-event: refused"
put $E/trigger "!hist:keys=child_pid:pp=parent_pid,pc=parent_comm$only"
bad=(
	'keys=pid:onmatch(sched).synth_dump(pid)'
	'keys=pid:onmatch(sched.nosuch).synth_dump(pid)'
	'keys=pid:onmatch(sched.sched_process_fork.synth_dump(pid)'
	'keys=pid:onmatch(sched.sched_process_fork).nosynth(pid)'
	'keys=pid:onmatch(sched.sched_process_fork).synth_dump(pid,pid,comm)'
	'keys=pid:onmatch(sched.sched_process_fork).synth_dump($pp,pid)'
	'keys=pid:onmatch(sched.sched_process_fork).synth_dump($nope,pid,comm)'
	'keys=pid:onmatch(sched.sched_process_fork).save(comm)'
	'keys=pid:onmax(prio).save(comm)'
	'keys=pid:onmax($nope).save(comm)'
	'keys=pid:x=prio:onmax($x)'
	'keys=pid:x=prio:onmax($x).save(nosuch)'
	'keys=pid:x=prio:onmax($x).save(comm):onchange($x).save(prio)'
	'keys=pid:y=$nope'
	'keys=$pp'
	'keys=pid:onmatch(sched.sched_process_fork).trace(synth_dump,x)'
)
for d in "${bad[@]}"; do
	echo > $T/error_log
	put $X/trigger "hist:$d"
	sed 's/^\[ *[0-9.]*\] //' $T/error_log
done
put $T/synthetic_events '!synth_dump'
put $X/trigger "!hist:keys=comm:np=prio:onchange(\$np).save(pid,prio)$xonly"
put $X/trigger "!hist:keys=pid:v=prio:onmatch(sched.sched_process_fork).trace(synth_dump2,\$v,\$pc,prio)$xonly"
put $X/trigger "!hist:keys=pid:d=prio-\$pp:onmatch(sched.sched_process_fork).synth_dump(\$d,pid,comm):onmax(\$d).save(comm,prio)$xonly"
put $S/synth_dump/trigger '!hist:keys=pid,d:sort=pid,d'
put $E/trigger "!hist:keys=child_pid:pp=parent_pid,pc=parent_comm$only"
cat $X/trigger $E/trigger
put $T/synthetic_events '!synth_dump'
put $T/synthetic_events '!synth_dump2'
put $T/dynamic_events '-:synthetic/synth_dump3'
cat $T/synthetic_events
exit 0
