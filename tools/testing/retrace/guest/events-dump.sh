#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# events-dump.sh OUT [MODDIR]  (in the guest, as root, on a fresh boot)
#
# What the staging headers decide, written out so that two kernels can be
# compared with diff (tools/testing/retrace/refevents.sh runs this on the
# reference kernel; tools/testing/selftests/retrace/events_identity.sh on
# ours):
#
#   OUT/formats.txt  events/header_page, events/header_event and the format
#                    file of every event, the sample modules' included,
#                    each after a "== PATH" line, in path order
#   OUT/lines.txt    printed lines of `trace` (option context-info off, so
#                    no pid, CPU or timestamp) for:
#                    - the sample module's events fired with seeds 0..3
#                    - the custom sample's sched_process_exec for /bin/true
#                    (user events, where built: retrace_ue, made through
#                    dynamic_events with a field of each kind, has a
#                    format and an injected record like any event)
#                    - sys_enter_kill and sys_exit_kill of a kill -0
#                      (syscall events), where the kernel has them, then
#                      the same two lines with the option verbose
#                    - one injected record (events/*/*/inject, all fields
#                      zero, strings empty) of every event that has one,
#                      in path order, one event at a time; not the events
#                      of systems ftrace and syscalls, whose records and
#                      output functions are the trace core's, not the
#                      staging's (a zero ftrace/bputs record has a NULL
#                      string pointer)
#                    - where the stack of a stacktrace trigger starts
#                      (the first three frames' names), on a tracepoint
#                      event and on trace_marker's
#   OUT/inject.txt   the inject status of each event ("ok" or the errno,
#                    "skipped" for an event of RETRACE_INJECT_SKIP)
#
# RETRACE_INJECT_SKIP (optional): event directories, as "events/SYS/EV/",
# that get no injected record; refevents.sh names the ones a reference
# kernel cannot take (see there).
#
# MODDIR holds trace-events-sample.ko and trace_custom_sched.ko (built for
# the running kernel); without it they come from the kernel's own modules.
set -u
out=$1
mods=${2:-}
T=/sys/kernel/tracing
mkdir -p "$out"
cd $T || exit 1

# The lab mounts this kernel's modules at $RETRACE_MODULES (guest/init).
kmods=${RETRACE_MODULES:-/lib/modules/$(uname -r)}/kernel/samples/trace_events
load() {
	insmod "${mods:-$kmods}/$1.ko"
}
load trace-events-sample || exit 1
load trace_custom_sched || exit 1

# User events, where built: one made through dynamic_events with a field
# of every kind (its format, and its injected record below).
ue='u:retrace_ue u32 count; char[20] msg; __rel_loc char[] data; __data_loc char[] s; struct foo f 12; unsigned char uc; s64 big'
[ -f user_events_data ] && echo "$ue" >> dynamic_events

# The format files.
{
	for f in events/header_page events/header_event; do
		echo "== $f"
		cat $f
	done
	for d in events/*/*/; do
		[ -f "${d}format" ] || continue
		echo "== ${d}format"
		cat "${d}format"
	done
} > "$out/formats.txt"

echo 0 > tracing_on
# "7 (expanded: 1408)" before first use: give back the size it would
# have had once used, not the placeholder (tests after this one need it).
size_kb=$(cat buffer_size_kb)
case $size_kb in
*expanded:*) size_kb=${size_kb##*expanded: }; size_kb=${size_kb%)} ;;
esac
echo 8192 > buffer_size_kb
echo nocontext-info > trace_options
echo > trace
echo 1 > tracing_on

echo 1 > events/retrace-sample/enable
for s in 0 1 2 3; do
	echo $s > /sys/module/trace_events_sample/parameters/fire
done
echo 0 > events/retrace-sample/enable
echo 1 > events/custom/sched_process_exec/enable
/bin/true
/bin/true x
echo 0 > events/custom/sched_process_exec/enable
# Syscall events, where built: a syscall of fixed arguments and result
# (kill -0 of a pid that does not exist), printed plain and verbose.
if [ -d events/syscalls/sys_enter_kill ]; then
	echo 1 > events/syscalls/sys_enter_kill/enable
	echo 1 > events/syscalls/sys_exit_kill/enable
	kill -0 99999 2> /dev/null
	echo 0 > events/syscalls/sys_enter_kill/enable
	echo 0 > events/syscalls/sys_exit_kill/enable
fi
cat trace > "$out/lines.txt"
if [ -d events/syscalls/sys_enter_kill ]; then
	echo 1 > options/verbose
	grep -a 'sys_kill' trace >> "$out/lines.txt"
	echo 0 > options/verbose
fi

# Where a stacktrace trigger's stack starts (names only, the first
# three frames): on signal_generate (a kill -CONT of this shell), the
# trigger plain and filtered, the event off and on; on ftrace/print
# through trace_marker.
stk() {
	echo "== stacktrace $1"
	grep -a -A3 '<stack trace>' trace | grep -a '=>' | head -n 3
}
sig=events/signal/signal_generate
for cond in "" " if common_pid == $$"; do
	for en in 0 1; do
		echo > trace
		echo "stacktrace$cond" > $sig/trigger
		echo $en > $sig/enable
		kill -CONT $$
		echo 0 > $sig/enable
		echo "!stacktrace" > $sig/trigger
		stk "signal_generate${cond:+ filtered}, enable $en"
	done
	echo > trace
	echo "stacktrace$cond" > events/ftrace/print/trigger
	echo marker > trace_marker
	echo "!stacktrace" > events/ftrace/print/trigger
	stk "ftrace/print${cond:+ filtered}"
done >> "$out/lines.txt"

# One event at a time: a record the print does not like shows up as the
# event it belongs to.
: > "$out/inject.txt"
for d in events/*/*/; do
	[ -f "${d}inject" ] || continue
	case $d in events/ftrace/* | events/syscalls/*) continue ;; esac
	case " ${RETRACE_INJECT_SKIP:-} " in *" $d "*)
		echo "skipped ${d}" >> "$out/inject.txt"
		continue ;;
	esac
	echo > trace
	if echo > "${d}inject" 2> /tmp/inject.err; then
		echo "ok ${d}" >> "$out/inject.txt"
	else
		echo "$(cat /tmp/inject.err) ${d}" >> "$out/inject.txt"
	fi
	{
		echo "== ${d}"
		# A zeroed record can print a NUL: keep it, visibly.
		grep -a -v '^#' trace | cat -v
	} >> "$out/lines.txt"
done

[ -f user_events_data ] && echo "-:${ue#u:}" >> dynamic_events
echo 0 > tracing_on
echo context-info > trace_options
echo "${size_kb%% *}" > buffer_size_kb
echo > trace
echo 1 > tracing_on
rmmod trace_custom_sched
rmmod trace_events_sample
exit 0
