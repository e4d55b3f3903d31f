#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hist_churn.sh - histograms defined and removed while their events fire.
#
# For D seconds: tasks that fork, allocate and write markers (events
# fire on every CPU), a task that defines and removes hist triggers on
# those events (plain, compound, string and stack keys, named ones on
# two events, filters, expressions, pause/cont/clear, truncating
# opens), a task that makes and takes down a latency chain (a synthetic
# event written by an onmatch() of sched_process_exit reading a
# variable of sched_process_fork, with onmax() and a histogram of the
# synthetic event; removals out of order are refused), a task that reads
# the hist files meanwhile, and a task that makes and removes an
# instance with histograms of its own.  Then every
# histogram must be gone, and the memory they used given back: after a
# first round warms the caches, later rounds may not leave more than
# LEAK_KB of vmalloc or slab behind (not judged under KASAN, whose
# quarantine keeps freed objects for a while; there the point is its
# reports).  The harness fails the run on any splat.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
D=${D:-8} R=${R:-3} LEAK_KB=${LEAK_KB:-1024}
FORK=$T/events/sched/sched_process_fork
KM=$T/events/kmem/kmalloc
PR=$T/events/ftrace/print
fail() { echo "FAIL: $*"; exit 1; }

[ -f $FORK/hist ] || { echo "SKIP: no histograms"; exit 4; }
[ -f $KM/hist ] || { echo "SKIP: no kmem/kmalloc"; exit 4; }

defs=(
	"$FORK hist:keys=parent_pid:vals=child_pid"
	"$FORK hist:keys=parent_comm,child_pid:sort=child_pid.descending:size=256"
	"$FORK hist:name=churn:keys=common_pid"
	"$FORK hist:keys=common_stacktrace"
	"$FORK hist:keys=child_pid.log2:vals=parent_pid:x=child_pid*2 if child_pid > 1"
	"$KM hist:keys=call_site.sym:vals=bytes_req,bytes_alloc:sort=bytes_alloc"
	"$KM hist:keys=bytes_req.buckets=32,gfp_flags.hex:size=128"
	"$KM hist:keys=common_pid.execname,bytes_req-bytes_alloc"
	"$PR hist:keys=buf"
	"$PR hist:keys=common_cpu:vals=hitcount"
	"$T/events/sched/sched_process_exit/trigger hist:name=churn:keys=common_pid"
)

load() {	# events from every CPU until the stop file appears
	while [ ! -e /tmp/hist-churn.stop ]; do
		/bin/true; echo "churn $1" > $T/trace_marker; ls / > /dev/null
	done
}
definer() {
	local d f t n=0
	while [ ! -e /tmp/hist-churn.stop ]; do
		for d in "${defs[@]}"; do
			f=${d%% *} t=${d#* }
			[ -f "$f" ] || f=$f/trigger
			echo "$t" >> "$f" 2> /dev/null && n=$((n + 1))
		done
		echo $n > /tmp/hist-churn.defs
		for d in "${defs[@]}"; do
			f=${d%% *} t=${d#* }
			[ -f "$f" ] || f=$f/trigger
			case $((RANDOM % 4)) in
			0) echo "$t:pause" >> "$f" 2> /dev/null ;;
			1) echo "$t:clear" >> "$f" 2> /dev/null ;;
			2) echo "!$t" >> "$f" 2> /dev/null ;;
			3) : > "$f" ;;
			esac
		done
		for f in $T/events/sched/sched_process_exit $FORK $KM $PR; do
			: > $f/trigger 2> /dev/null
		done
	done
}
EXIT=$T/events/sched/sched_process_exit
SYN=$T/events/synthetic/churn_lat
chain() {
	local fork='hist:keys=child_pid:cts=common_timestamp.usecs'
	local exit='hist:keys=pid:clat=common_timestamp.usecs-$cts:onmatch(sched.sched_process_fork).churn_lat($clat,pid):onmax($clat).save(comm)'
	local syn='hist:keys=pid:vals=lat:sort=pid'

	while [ ! -e /tmp/hist-churn.stop ]; do
		# the definer's truncating opens may take parts away meanwhile
		{
			echo 'churn_lat u64 lat; pid_t pid' >> $T/synthetic_events
			echo "$fork" >> $FORK/trigger
			echo "$exit" >> $EXIT/trigger
			echo "$syn" >> $SYN/trigger
			echo 1 > $SYN/enable
			/bin/true; /bin/true
			cat $SYN/hist $EXIT/hist > /dev/null
			# out of order: refused
			echo "!$fork" >> $FORK/trigger
			echo '!churn_lat' >> $T/synthetic_events
			echo 0 > $SYN/enable
			echo "!$syn" >> $SYN/trigger
			echo "!$exit" >> $EXIT/trigger
			echo "!$fork" >> $FORK/trigger
			echo '!churn_lat' >> $T/synthetic_events
		} 2> /dev/null
	done
}
reader() {
	while [ ! -e /tmp/hist-churn.stop ]; do
		cat $FORK/hist $KM/hist $PR/hist > /dev/null 2>&1
	done
}
instance() {
	local n=0 I
	while [ ! -e /tmp/hist-churn.stop ]; do
		I=$T/instances/hist-churn-$((n++ % 2))
		mkdir $I 2> /dev/null || continue
		echo 'hist:keys=common_pid:vals=bytes_req' > $I/events/kmem/kmalloc/trigger
		echo 'hist:keys=child_comm' > $I/events/sched/sched_process_fork/trigger
		/bin/true
		cat $I/events/kmem/kmalloc/hist > /dev/null
		rmdir $I || echo "cannot remove $I"
	done
}
mem_kb() {	# vmalloc and slab in use, kB
	awk '/^(VmallocUsed|Slab):/ { s += $2 } END { print s }' /proc/meminfo
}

base=0 judge=1
grep -q ' __kasan_slab_free$' /proc/kallsyms && judge=0
rm -f /tmp/hist-churn.defs
for r in $(seq 1 "$R"); do
	rm -f /tmp/hist-churn.stop
	pids=""
	for c in $(seq 1 "$(nproc)"); do load "$c" & pids="$pids $!"; done
	definer & pids="$pids $!"
	[ -f $T/synthetic_events ] && { chain & pids="$pids $!"; }
	reader & pids="$pids $!"
	instance & pids="$pids $!"
	sleep "$D"
	touch /tmp/hist-churn.stop
	wait $pids
	n=$(cat /tmp/hist-churn.defs 2> /dev/null || echo 0)
	[ "$n" -gt 0 ] || fail "round $r: no histogram was defined"
	for f in $T/events/sched/sched_process_exit $FORK $KM $PR; do
		: > $f/trigger
		grep -q '^hist' $f/trigger && fail "a histogram is left on $f"
		[ "$(grep -c 'event histogram' $f/hist)" = 0 ] || fail "$f/hist is not empty"
	done
	[ -f $T/synthetic_events ] && grep -q . $T/synthetic_events &&
		fail "a synthetic event is left: $(cat $T/synthetic_events)"
	ls -d $T/instances/hist-churn-* 2> /dev/null && fail "an instance is left"
	sync; echo 3 > /proc/sys/vm/drop_caches
	sleep 1
	m=$(mem_kb)
	echo "round $r: $n histograms defined, vmalloc+slab ${m} kB"
	[ "$r" = 1 ] && base=$m
	[ "$r" -gt 1 ] && [ $judge = 1 ] && [ $((m - base)) -gt "$LEAK_KB" ] &&
		fail "round $r keeps $((m - base)) kB more than round 1"
done
rm -f /tmp/hist-churn.stop /tmp/hist-churn.defs
[ $judge = 1 ] || echo "memory not judged: KASAN's quarantine holds freed objects"
echo "PASS: $R rounds of ${D}s"
