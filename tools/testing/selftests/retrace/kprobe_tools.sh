#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kprobe_tools.sh - kprobe events through their real clients:
#   1. perf's kprobe PMU: a kprobe and a kretprobe opened with
#      perf_event_open() and no tracefs definition, their counts of the
#      workload's calls shown, an unknown function and a kretprobe off
#      an entry refused (kprobe_pmu.c); they are in no listing;
#   2. perf probe -a do_sys_openat2 (perf writes kprobe_events), then
#      perf record of probe:do_sys_openat2 around a workload that opens a
#      file, perf script shows its samples; perf probe -d removes it;
#   3. perf probe -a 'do_sys_openat2%return $retval': the samples carry
#      the return value (the workload's open gives fd 3 at least once);
#   4. trace-cmd record -e kprobes with an event defined in kprobe_events,
#      trace-cmd report decodes its records with their arguments.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
W=$(mktemp -d)
cleanup() {
	perf probe -q -d 'probe:*' > /dev/null 2>&1
	echo > $T/kprobe_events
	rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/kprobe_events ] || { echo "SKIP: no kprobe events"; exit 4; }
command -v perf > /dev/null || { echo "SKIP: no perf"; exit 4; }
printf 'retrace\n' > "$W/data"
work() { for i in 1 2 3; do cat "$W/data" > /dev/null; done; }

# 1. the kprobe PMU (no tracefs definition): kprobe_pmu.c, first and on
# a function no other test probes: on both kernels a kprobe put where a
# deleted kprobe event's was may count nothing for a while (the kprobes
# core's, not the events').
bin=${RETRACE_SELFTEST_BIN:-}/kprobe_pmu
if [ ! -x "$bin" ]; then
	bin=$W/kprobe_pmu
	${CC:-cc} -O2 -Wall -o "$bin" "$(dirname "$(readlink -f "$0")")/kprobe_pmu.c" ||
		fail "cannot build kprobe_pmu"
fi
out=$("$bin" do_filp_open "$W/data")
rc=$?
echo "kprobe PMU: $out"
case $rc in
0) ;;
4) echo "kprobe PMU: none" ;;
*) fail "kprobe PMU" ;;
esac
[ -s $T/kprobe_events ] && fail "the kprobe PMU's events are listed: $(cat $T/kprobe_events)"

# 2. perf probe on a function entry
perf probe -q -a do_sys_openat2 > "$W/probe.log" 2>&1 ||
	fail "perf probe -a do_sys_openat2: $(cat "$W/probe.log")"
# (perf names the place "_text+OFFSET")
grep -q '^p:probe/do_sys_openat2 ' $T/kprobe_events ||
	fail "perf probe wrote: $(cat $T/kprobe_events)"
perf record -q -e probe:do_sys_openat2 -a -o "$W/a.data" -- bash -c "W=$W; $(declare -f work); work" \
	> "$W/rec.log" 2>&1 || fail "perf record: $(cat "$W/rec.log")"
perf script -i "$W/a.data" > "$W/a.txt" 2>&1 || fail "perf script: $(cat "$W/a.txt")"
n=$(grep -c 'probe:do_sys_openat2: (ffffffff[0-9a-f]*)' "$W/a.txt")
echo "perf probe entry: $n samples"
head -n 2 "$W/a.txt"
[ "$n" -gt 0 ] || fail "no probe:do_sys_openat2 samples"
perf probe -q -d probe:do_sys_openat2 || fail "perf probe -d"
grep -q do_sys_openat2 $T/kprobe_events && fail "perf probe -d left the event"

# 3. a return probe with $retval
perf probe -q -a 'do_sys_openat2%return $retval' > "$W/probe.log" 2>&1 ||
	fail "perf probe %return: $(cat "$W/probe.log")"
ev=$(sed -n 's/^r[0-9]*:probe\/\([^ ]*\) .*/\1/p' $T/kprobe_events)
[ -n "$ev" ] || fail "perf probe %return wrote: $(cat $T/kprobe_events)"
perf record -q -e "probe:$ev" -a -o "$W/r.data" -- bash -c "W=$W; $(declare -f work); work" \
	> "$W/rec.log" 2>&1 || fail "perf record: $(cat "$W/rec.log")"
perf script -i "$W/r.data" > "$W/r.txt" 2>&1 || fail "perf script: $(cat "$W/r.txt")"
n=$(grep -c "probe:$ev: (ffffffff[0-9a-f]* <- ffffffff[0-9a-f]*) arg1=0x3\$" "$W/r.txt")
echo "perf probe return: $n samples with fd 3 ($(wc -l < "$W/r.txt") in all)"
head -n 2 "$W/r.txt"
[ "$n" -gt 0 ] || fail "no return samples with \$retval 3"
perf probe -q -d "probe:$ev" || fail "perf probe -d $ev"

# 4. trace-cmd
if command -v trace-cmd > /dev/null; then
	echo 'p:kprobes/tc_open do_sys_openat2 dfd=%di:s32 path=+0(%si):ustring' >> $T/kprobe_events ||
		fail "define kprobes/tc_open"
	(cd "$W" && trace-cmd record -q -e kprobes -o "$W/t.dat" -- bash -c "W=$W; $(declare -f work); work") \
		> "$W/tc.log" 2>&1 || fail "trace-cmd record: $(cat "$W/tc.log")"
	trace-cmd report -i "$W/t.dat" > "$W/t.txt" 2>&1 || fail "trace-cmd report: $(cat "$W/t.txt")"
	# (the print fmt has "(%lx)": trace-cmd shows the address)
	n=$(grep -c "tc_open: *([0-9a-f]*) dfd=-100 path=\"$W/data\"" "$W/t.txt")
	echo "trace-cmd: $n tc_open records of the workload's file"
	grep -m 2 tc_open "$W/t.txt"
	[ "$n" -ge 3 ] || fail "trace-cmd report: $n records of $W/data, want 3"
	echo '-:kprobes/tc_open' >> $T/kprobe_events || fail "delete tc_open"
fi
echo "PASS"
