#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# output_text.sh - the text of `trace` under every output option, for a
# fixed workload, in a form that can be compared between two kernels.
#
# The workload: trace_marker and trace_marker_raw writes, and a fixed
# script (fork, exec of /bin/true, a short sleep, exit) whose process and
# hrtimer events are recorded for this shell and its children only
# (set_event_pid with event-fork).  The buffer is then read once per option
# combination: default, noirq-info, record-tgid, nocontext-info,
# latency-format (plain and verbose), raw, hex, bin, print-parent +
# sym-offset + sym-addr, fields, printk-msg-only, a kernel stack per event
# (stacktrace) and a user stack (userstacktrace, sym-userobj).
#
# What changes from run to run is masked: record type numbers are kept
# (spelled with letters: "type: 17" -> "type: BH"), then symbol offsets
# become "+OFF", 0x numbers "0xH", other runs of 8 or more hex digits "H",
# the latency delay mark "?", every other number "#", and runs of blanks
# one space (pids and time stamps differ in width between two boots, so
# column widths are not compared here; the KUnit suite trace_output checks
# them).  The masked text goes to stdout (the selftest log,
# results/<run>/selftests/output_text.sh.log) between "== <combination>"
# lines; run the same selftest on the reference kernel
# (make check-upstream T=selftests:output_text.sh) and diff the two logs
# (tools/testing/retrace/output-diff.sh does both runs and the diff).
#
# On its own the test checks that every combination printed something and
# that the markers came back.  Exit 0 pass, 1 fail, 4 skip.
set -u
T=/sys/kernel/tracing
fail() { echo "FAIL: $*"; exit 1; }
[ -f $T/trace ] || { echo "SKIP: no tracefs at $T"; exit 4; }
cd $T || exit 1

opt() { echo "$1" > trace_options || fail "option $1"; }

mask() {
	perl -pe '
		s/(type: |UNKNOWN TYPE )(\d+)/$1 . join("", map { chr(65 + $_) } split(\/\/, $2))/ge;
		s/(\d)us[ +!#*\@\$]: /$1us?: /g;
		s/\+0x[0-9a-f]+\/0x[0-9a-f]+/+OFF/g;
		s/0x[0-9a-f]+/0xH/g;
		s/(?<![0-9a-zA-Z])-?[0-9a-f]{8,}(?![0-9a-zA-Z])/H/g;
		s/[0-9]+/#/g;
		s/[ \t]+/ /g'
}
command -v perl > /dev/null || { echo "SKIP: no perl"; exit 4; }

defaults() {
	for o in irq-info context-info print-parent nosym-offset nosym-addr \
		 noverbose noraw nohex nobin nolatency-format norecord-tgid \
		 nofields noprintk-msg-only nostacktrace nouserstacktrace \
		 nosym-userobj; do
		opt $o
	done
}

show() {
	echo "== $1"
	cat trace | mask
}

# --- record ---------------------------------------------------------------
echo 0 > tracing_on
echo nop > current_tracer
echo 0 > events/enable
echo > set_event_pid
defaults
opt record-tgid
opt event-fork
echo > trace
echo $$ > set_event_pid
for e in sched/sched_process_fork sched/sched_process_exec \
	 sched/sched_process_exit timer/hrtimer_init; do
	echo 1 > events/$e/enable || fail "enable $e"
done
echo 1 > tracing_on

echo "marker plain" > trace_marker
echo "marker with tab	and trailing spaces   " > trace_marker
printf 'no newline' > trace_marker
# A kernel stack after each event of the fork, exec and exit of /bin/true.
opt stacktrace
/bin/true
opt nostacktrace
sleep 0.01
# trace_marker_raw: a 4-byte id (0x2a) and then the payload.
printf '\x2a\x00\x00\x00raw\x00\xff' > trace_marker_raw
if command -v setarch > /dev/null; then
	opt userstacktrace
	setarch "$(uname -m)" -R /bin/sh -c 'echo "marker with user stack" > trace_marker'
	opt nouserstacktrace
fi

echo 0 > tracing_on
echo 0 > events/enable
echo > set_event_pid
opt noevent-fork

# --- read under each combination ------------------------------------------
show default
opt noirq-info;		show noirq-info;	opt irq-info
opt norecord-tgid;	show norecord-tgid;	opt record-tgid
opt nocontext-info;	show nocontext-info;	opt context-info
opt latency-format;	show latency-format
opt verbose;		show latency-format+verbose
opt nolatency-format;	show verbose;		opt noverbose
opt raw;		show raw;		opt noraw
opt hex;		show hex;		opt nohex
opt fields;		show fields;		opt nofields
opt printk-msg-only;	show printk-msg-only;	opt noprintk-msg-only
opt sym-offset; opt sym-addr
show print-parent+sym-offset+sym-addr
opt noprint-parent;	show sym-offset+sym-addr
opt print-parent; opt nosym-offset; opt nosym-addr
opt sym-userobj;	show sym-userobj;	opt nosym-userobj
opt bin
echo "== bin"
cat trace > /tmp/output_text.bin
echo "bytes: $(wc -c < /tmp/output_text.bin)"
# The binary records: pid, cpu and time stamp vary; the text parts do not.
strings -n 5 /tmp/output_text.bin | mask
opt nobin

# --- checks ---------------------------------------------------------------
out=$(cat trace)
defaults
opt norecord-tgid
echo > trace
# Leave tracing on, as the guest boots: the next test must not inherit
# a stopped buffer (trigger_input.sh's traceon:2 is spent otherwise).
echo 1 > tracing_on
echo "== end"
for m in "marker plain" "no newline" "marker with user stack" \
	 "# 2a buf: 72 61 77 00 ff" "sched_process_exec: filename=/bin/true" \
	 "<stack trace>" "hrtimer_init:"; do
	grep -qF -- "$m" <<< "$out" || fail "missing: $m"
done
echo "PASS"
