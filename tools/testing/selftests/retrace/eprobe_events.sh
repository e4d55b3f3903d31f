#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# eprobe_events.sh - event probes attached, per instance, and the
# references they hold (probe-events.rst, "Event probes"):
#   - an event probe on a module's event records exactly one record per
#     record of that event, with the field it fetched; the module cannot
#     be unloaded while the probe exists, and can once it is deleted;
#   - its "if" filter is the attached event's: only matching records
#     make one;
#   - enabled in two instances and the top one at once, each instance
#     gets its own records; removing an instance with the probe enabled
#     there leaves nothing behind (the probe can be deleted, the attached
#     event is off again, its trigger file lists no trigger);
#   - a synthetic event with an event probe on it cannot be deleted;
#   - churn: enabling and disabling in several instances while the
#     attached event fires and other probes come and go, for a bounded
#     time; the harness fails the run on any splat.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
M=tracepoint_test_module
P=/sys/module/$M/parameters
fail() { echo "FAIL: $*"; cleanup; exit 1; }

cleanup() {
	local i
	for i in ep1 ep2; do
		[ -d $T/instances/$i ] && {
			echo 0 > $T/instances/$i/events/enable
			rmdir $T/instances/$i
		}
	done
	echo 0 > $T/events/enable
	echo > $T/dynamic_events 2>/dev/null
	echo '!s_ep' >> $T/synthetic_events 2>/dev/null
	rmmod $M 2>/dev/null
	echo "$on" > $T/tracing_on
}

[ -f $T/dynamic_events ] || { echo "SKIP: no dynamic_events"; exit 4; }
grep -q '<attached-group>.<attached-event>' $T/README ||
	{ echo "SKIP: no event probes"; exit 4; }
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
KO=$(find "$D" -name $M.ko 2>/dev/null | head -n 1)
[ -n "$KO" ] || { echo "SKIP: no $M.ko under $D"; exit 4; }
on=$(cat $T/tracing_on)
rmmod $M 2>/dev/null
echo > $T/dynamic_events
echo 1 > $T/tracing_on

insmod "$KO" || fail "insmod"

# -- on a module's event: one record per record, and the module pinned
echo 'e:ep/seq tptest.tptest_event s=$seq:u32 c=$comm' >> $T/dynamic_events ||
	fail "define on tptest.tptest_event"
echo 'e:ep/odd tptest.tptest_event s=$seq if seq & 1' >> $T/dynamic_events ||
	fail "define with a filter"
rmmod $M 2>/dev/null && fail "the module unloaded under an event probe"
echo > $T/trace
echo 1 > $T/events/ep/enable
echo 10 > $P/fire
echo 0 > $T/events/ep/enable
n=$(grep -c 'seq: (tptest.tptest_event) s=' $T/trace)
[ "$n" = 10 ] || fail "10 fired, $n event probe records"
n=$(grep -c 'odd: (tptest.tptest_event) s=0x' $T/trace)
[ "$n" = 5 ] || fail "10 fired, $n records through 'if seq & 1', not 5"
grep 'odd: ' $T/trace | grep -qv 's=0x[0-9a-f]*[13579bdf]$' &&
	fail "an even seq passed the filter"
e=$(cat $T/events/tptest/tptest_event/enable)
[ "$e" = 0 ] || fail "the attached event left enabled ($e)"
grep -q '^#' $T/events/tptest/tptest_event/trigger ||
	fail "a trigger is listed on the attached event"
echo 'ep/seq ep/odd' | tr ' ' '\n' | while read -r ev; do
	echo "-:$ev" >> $T/dynamic_events
done
rmmod $M || fail "the module stays pinned after its probes went"
insmod "$KO" || fail "insmod again"

# -- instances: each its own records; removing one with the probe on
echo 'e:ep/seq tptest.tptest_event s=$seq:u32' >> $T/dynamic_events ||
	fail "define again"
mkdir $T/instances/ep1 $T/instances/ep2 || fail "mkdir instances"
echo > $T/trace
echo 1 > $T/instances/ep1/events/ep/seq/enable
echo 3 > $P/fire
echo 1 > $T/instances/ep2/events/ep/seq/enable
echo 1 > $T/events/ep/seq/enable
echo 4 > $P/fire
for i in "instances/ep1 7" "instances/ep2 4" ". 4"; do
	set -- $i
	n=$(grep -c 'seq: (tptest.tptest_event)' $T/$1/trace)
	[ "$n" = "$2" ] || fail "$1: $n records, not $2"
done
echo "-:ep/seq" >> $T/dynamic_events 2>/dev/null &&
	fail "deleted while enabled"
rmdir $T/instances/ep1 || fail "rmdir ep1 with the probe enabled there"
echo 0 > $T/events/ep/seq/enable
echo 0 > $T/instances/ep2/events/ep/seq/enable
rmdir $T/instances/ep2
echo "-:ep/seq" >> $T/dynamic_events || fail "delete after the instances went"
e=$(cat $T/events/tptest/tptest_event/enable)
[ "$e" = 0 ] || fail "the attached event left enabled after instances ($e)"

# -- a synthetic event with a probe on it stays
echo 's_ep u64 v' >> $T/synthetic_events || fail "synthetic event"
echo 'e:ep/on_s synthetic.s_ep v=$v' >> $T/dynamic_events ||
	fail "define on a synthetic event"
echo '!s_ep' >> $T/synthetic_events 2>/dev/null &&
	fail "a synthetic event with an event probe on it was deleted"
echo "-:ep/on_s" >> $T/dynamic_events
echo '!s_ep' >> $T/synthetic_events || fail "synthetic event still pinned"

# -- churn
echo 'e:ep/seq tptest.tptest_event s=$seq:u32' >> $T/dynamic_events
mkdir $T/instances/ep1 $T/instances/ep2
end=$(($(date +%s) + 8))
(while [ "$(date +%s)" -lt "$end" ]; do echo 50 > $P/fire; done) &
fire=$!
(while [ "$(date +%s)" -lt "$end" ]; do
	echo 'e:ep/tmp tptest.tptest_event s=$seq if seq > 3' >> $T/dynamic_events
	echo 1 > $T/events/ep/tmp/enable
	echo 0 > $T/events/ep/tmp/enable
	echo '-:ep/tmp' >> $T/dynamic_events
done) &
defs=$!
rounds=0
while [ "$(date +%s)" -lt "$end" ]; do
	for i in . instances/ep1 instances/ep2; do
		echo 1 > $T/$i/events/ep/seq/enable
	done
	for i in . instances/ep1 instances/ep2; do
		echo 0 > $T/$i/events/ep/seq/enable
	done
	rounds=$((rounds + 1))
done
wait $fire $defs
echo "churn: $rounds rounds of enabling in three instances"
rmdir $T/instances/ep1 $T/instances/ep2 || fail "rmdir after churn"
echo > $T/dynamic_events || fail "clear after churn"
rmmod $M || fail "the module stays pinned after churn"
cleanup
echo "PASS: event probes"
exit 0
