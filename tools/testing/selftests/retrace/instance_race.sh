#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# instance_race.sh - instances created and destroyed while they are used.
# For a few seconds, on three instance names at once:
#   - creators mkdir and rmdir each name in a loop;
#   - users, for whatever instance exists at the moment, enable and
#     disable an event and a whole system, set a filter and a trigger,
#     resize the buffer, write the marker, read trace, and hold
#     trace_pipe open for a moment (which makes rmdir fail with EBUSY);
#   - the top instance's events are enabled and disabled meanwhile.
# Errors of individual writes are expected (the directory may vanish
# under them); what must hold afterwards: every instance can be removed,
# none is left, the top instance still traces, and the kernel log has no
# splat (the lab fails the run on one).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
I=$T/instances
fail() { echo "FAIL: $*"; exit 1; }

[ -d $I ] || { echo "SKIP: no instances directory"; exit 4; }
[ -d $T/events/sched/sched_switch ] || { echo "SKIP: no sched_switch event"; exit 4; }

NAMES="rr_a rr_b rr_c"
SECS=${RACE_SECS:-6}
end=$(($(date +%s) + SECS))

creator() {
	local n=$1 made=0 gone=0 busy=0

	while [ "$(date +%s)" -lt $end ]; do
		mkdir $I/$n 2> /dev/null && made=$((made + 1))
		if rmdir $I/$n 2> /dev/null; then
			gone=$((gone + 1))
		else
			busy=$((busy + 1))
		fi
	done
	echo "creator $n: $made made, $gone removed, $busy refused"
}

user() {
	local n d i=0

	while [ "$(date +%s)" -lt $end ]; do
		for n in $NAMES; do
			d=$I/$n
			{
				echo 1 > $d/events/sched/sched_switch/enable
				echo 'prev_pid != 0' > $d/events/sched/sched_switch/filter
				echo 'traceoff:1' > $d/events/sched/sched_wakeup/trigger
				echo 1 > $d/events/irq/enable
				echo $((16 + i % 3 * 8)) > $d/buffer_size_kb
				echo "race $i" > $d/trace_marker
				head -c 256 $d/trace > /dev/null
				timeout 0.05 cat $d/trace_pipe > /dev/null
				echo 0 > $d/events/irq/enable
				echo '!traceoff:1' > $d/events/sched/sched_wakeup/trigger
				echo 0 > $d/events/sched/sched_switch/filter
				echo 0 > $d/events/sched/sched_switch/enable
			} 2> /dev/null
			i=$((i + 1))
		done
	done
	echo "user: $i rounds"
}

top() {
	local i=0

	while [ "$(date +%s)" -lt $end ]; do
		echo 1 > $T/events/sched/enable
		echo 0 > $T/events/sched/enable
		i=$((i + 1))
	done
	echo "top: $i rounds"
}

for n in $NAMES; do
	creator $n &
done
user &
user &
top &
wait

# Whatever is left must go, and nothing of ours may remain.
for n in $NAMES; do
	[ -d $I/$n ] || continue
	rmdir $I/$n || fail "cannot remove $n after the race"
done
for n in $NAMES; do
	[ -e $I/$n ] && fail "$n still exists"
done
echo "no instance left"

# The top instance still records.
echo 0 > $T/tracing_on
echo > $T/trace
echo 1 > $T/events/sched/sched_switch/enable
echo 1 > $T/tracing_on
for i in 1 2 3 4 5; do sleep 0.01; done
echo 0 > $T/events/sched/sched_switch/enable
n=$(grep -c 'sched_switch:' $T/trace)
echo "top after the race: $n sched_switch lines"
[ "$n" -gt 0 ] || fail "the top instance records nothing"
echo > $T/trace
echo "PASS"
