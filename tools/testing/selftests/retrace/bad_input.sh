#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bad_input.sh - malformed, huge and hostile text written to every
# writable core file of tracefs, in the top directory and in an
# instance: the knobs (buffer sizes, buffer_percent, clock, options,
# cpumask, tracing_on, ...), set_event and the pid files, the function
# tracer's filter, notrace and pid files, an event's
# enable, filter, trigger and inject files, a system's enable and
# filter, the per-CPU knobs, snapshot, error_log, the markers, trace
# and free_buffer; then hostile instance names and rmdir of a busy
# instance.
#
# For each (file, input) the transcript records the shell's verdict on
# the write (the errno text), the lines error_log gained (time stamps
# masked) and every file of a fixed set of knobs whose text changed.
# "Nothing else changes" is the knob set staying put; when a write is
# accepted and moves something, the transcript says what, and the
# knobs are put back before the next input.
#
# Writes append (>>): an O_TRUNC open has effects of its own on some
# files (set_event, the pid files, error_log), which are not what is
# tested here.  Inputs are fixed strings plus strings from a seeded
# generator, the same on every kernel.
#
# The transcript must be byte-identical to bad_input.expected: this
# script's transcript on the upstream reference kernel with the same
# pending set (make check-upstream-pending T=selftests:bad_input.sh).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
EXPECTED=$HERE/bad_input.expected
OUT=$(mktemp)
INPUTS=$(mktemp)
INST=retrace_bad_input

[ -f $T/trace_marker ] || { echo "SKIP: no tracefs at $T"; exit 4; }
cd $T || exit 1

# The knobs whose text must not move under a refused write, relative to
# an instance directory.  Absent files read as "-".
KNOBS="tracing_on current_tracer buffer_size_kb buffer_percent
	buffer_subbuf_size_kb trace_clock trace_options tracing_cpumask
	set_event set_event_pid set_event_notrace_pid tracing_max_latency
	saved_cmdlines_size tracing_thresh per_cpu/cpu0/buffer_size_kb
	events/enable events/sched/enable events/sched/filter
	events/sched/sched_switch/enable events/sched/sched_switch/filter
	events/sched/sched_switch/trigger options/overwrite options/sym-offset
	set_ftrace_filter set_ftrace_notrace set_ftrace_pid
	set_ftrace_notrace_pid"

# The files written, relative to an instance directory.
TARGETS="buffer_size_kb buffer_percent buffer_subbuf_size_kb current_tracer
	set_event set_event_pid set_event_notrace_pid trace_clock
	trace_options options/overwrite options/sym-offset tracing_cpumask
	tracing_on tracing_max_latency saved_cmdlines_size tracing_thresh
	snapshot per_cpu/cpu0/buffer_size_kb per_cpu/cpu0/snapshot
	events/enable events/sched/enable events/sched/filter
	events/sched/sched_switch/enable events/sched/sched_switch/filter
	events/sched/sched_switch/trigger events/sched/sched_switch/inject
	error_log trace_marker trace_marker_raw trace per_cpu/cpu0/trace
	set_ftrace_filter set_ftrace_notrace set_ftrace_pid
	set_ftrace_notrace_pid free_buffer"

# Fills the associative array named by $2 with the knobs of dir $1, each
# knob's lines joined by "|"; no fork (this runs twice per write).
declare -A BEFORE AFTER BASE

# available_events as snap_knobs() would join set_event with all enabled.
EVERY_EVENT=
mapfile -t l < $T/available_events
for x in "${l[@]}"; do
	EVERY_EVENT+="$x|"
done
unset l x
snap_knobs() {
	local -n into=$2
	local k x s
	local -a l

	for k in $KNOBS; do
		s=-
		if [ -r "$1/$k" ] && mapfile -t l < "$1/$k" 2> /dev/null; then
			s=
			for x in "${l[@]}"; do
				s+="$x|"
			done
		fi
		into[$k]=$s
	done
}

# Puts the knobs of $1 back to BASE (taken at the start for that dir).
restore() {
	local d=$1 t

	echo 0 > "$d/tracing_on"
	echo nop > "$d/current_tracer" 2> /dev/null
	echo 0 > "$d/events/enable"
	: > "$d/set_event" 2> /dev/null
	: > "$d/set_event_pid" 2> /dev/null
	: > "$d/set_event_notrace_pid" 2> /dev/null
	for t in filter notrace pid notrace_pid; do
		: > "$d/set_ftrace_$t" 2> /dev/null
	done
	echo 0 > "$d/events/sched/filter"
	echo 0 > "$d/events/sched/sched_switch/filter"
	while read -r t; do
		t=${t%% if *}
		case "$t" in
		\#*|"") ;;
		*) echo "!${t%:unlimited}" \
			>> "$d/events/sched/sched_switch/trigger" 2> /dev/null ;;
		esac
	done < "$d/events/sched/sched_switch/trigger"
	echo 0 > "$d/snapshot" 2> /dev/null
	t=${BASE[$d:trace_clock]#*\[}
	echo "${t%%\]*}" > "$d/trace_clock"
	echo "${BASE[$d:tracing_cpumask]%|}" > "$d/tracing_cpumask"
	echo "${BASE[$d:buffer_percent]%|}" > "$d/buffer_percent"
	echo "${BASE[$d:buffer_subbuf_size_kb]%|}" > "$d/buffer_subbuf_size_kb"
	for t in overwrite sym-offset; do
		echo "${BASE[$d:options/$t]%|}" > "$d/options/$t"
	done
	[ -w "$d/tracing_max_latency" ] && echo 0 > "$d/tracing_max_latency"
	[ -w "$d/tracing_thresh" ] && echo 0 > "$d/tracing_thresh"
	[ -w "$d/saved_cmdlines_size" ] &&
		echo "${BASE[$d:saved_cmdlines_size]%|}" > "$d/saved_cmdlines_size"
	# "7 (expanded: 1408)": put back the size it expands to.
	t=${BASE[$d:buffer_size_kb]%|}
	case "$t" in
	*expanded:*) t=${t#*expanded: }; t=${t%)} ;;
	esac
	echo "$t" > "$d/buffer_size_kb"
	echo 1 > "$d/tracing_on"
}

# A long line of the transcript is cut: what matters is its start.
cut_line() {
	local s=$1

	[ ${#s} -gt 160 ] && s="${s:0:160}...(${#1} bytes)"
	echo "$s"
}

# The inputs: "label<TAB>printf-%b text".
inputs() {
	printf '%s\t%s\n' \
		empty-line '\n' \
		minus-one '-1' \
		two-pow-64 '18446744073709551616' \
		overflow '99999999999999999999999' \
		four-terabytes '4000000000' \
		hex '0x10' \
		word 'nosuchthing' \
		spaces ' 1 2 ' \
		bang '!' \
		bang-word '!nosuchthing' \
		nul-inside '1\00002' \
		binary '\0001\0002\0377\0376' \
		unbalanced '((((((((((' \
		format '%s%s%s%n%p' \
		quotes '"\0047\\' \
		huge "$(printf 'a%.0s' $(seq 1 5000))" \
		word-line 'nosuchthing\n' \
		glob-line 'no*such?thing[\n' \
		command-line 'vfs_read:nosuchcommand:1\n'
	# Printable noise from a seeded generator (awk's, fixed seed).
	awk 'BEGIN {
		srand(20261122)
		for (i = 0; i < 6; i++) {
			n = 1 + int(rand() * 64); s = ""
			for (j = 0; j < n; j++) {
				c = 33 + int(rand() * 94)
				if (c == 92) c = 47	# no backslash: %b escapes
				s = s sprintf("%c", c)
			}
			printf "random-%d\t%s\n", i, s
		}
	}'
}

# One write of input ($2 = label, $3 = text) to file $1 of dir $D.
one() {
	local f=$1 label=$2 text=$3 err rc k line
	local -a log

	: > "$D/error_log" 2> /dev/null
	snap_knobs "$D" BEFORE
	err=$( { printf '%b' "$text" >> "$D/$f"; } 2>&1 )
	rc=$?
	err=${err##*: }
	[ $rc -eq 0 ] && err=ok
	echo "$DN/$f $label: $err"
	mapfile -t log < "$D/error_log" 2> /dev/null
	for line in "${log[@]}"; do
		[ "${line:0:1}" = "[" ] && line="[TS]${line#*]}"
		cut_line "    log: $line"
	done
	snap_knobs "$D" AFTER
	for k in $KNOBS; do
		[ "${BEFORE[$k]}" = "${AFTER[$k]}" ] && continue
		# Which events exist depends on the config (DEBUG=1 adds
		# some); what matters is that set_event lists every one.
		if [ "$k" = set_event ] && [ "${AFTER[$k]}" = "$EVERY_EVENT" ]; then
			echo "    changed $k: every event of available_events"
		else
			cut_line "    changed $k: ${AFTER[$k]}"
		fi
		RESTORE=1
	done
	if [ "$RESTORE" = 1 ]; then
		restore "$D"
		RESTORE=0
	fi
}

cases() {
	local f label text k n t

	inputs > "$INPUTS"
	# Whether the top buffer is still at its boot size ("7 (expanded:
	# N)") depends on the tests before this one: expand it first.
	t=$(cat buffer_size_kb)
	case "$t" in
	*expanded:*) t=${t#*expanded: }; echo "${t%)}" > buffer_size_kb ;;
	esac
	mkdir instances/$INST || return 1
	for D in $T $T/instances/$INST; do
		snap_knobs "$D" AFTER
		for k in $KNOBS; do
			BASE[$D:$k]=${AFTER[$k]}
		done
	done
	RESTORE=0
	for D in $T $T/instances/$INST; do
		DN=top
		[ "$D" != $T ] && DN=instance
		echo "== $DN"
		for f in $TARGETS; do
			if [ ! -e "$D/$f" ]; then
				echo "$DN/$f: absent"
				continue
			fi
			while IFS=$'\t' read -r label text; do
				one "$f" "$label" "$text"
			done < "$INPUTS"
		done
	done

	echo "== instance names"
	for n in "a b" "x/y" "." "-" $'a\nb' $'tab\there' "$INST" \
		 "$(printf 'n%.0s' $(seq 1 255))" "$(printf 'n%.0s' $(seq 1 256))"; do
		err=$(mkdir "instances/$n" 2>&1)
		rc=$?
		err=${err##*: }
		[ $rc -eq 0 ] && err=ok
		cut_line "mkdir '$n': $err"
		if [ $rc -eq 0 ] && [ "$n" != "$INST" ]; then
			rmdir "instances/$n" || echo "rmdir '$n' failed"
		fi
	done

	echo "== busy instance"
	exec 9< instances/$INST/trace_pipe
	err=$(rmdir instances/$INST 2>&1)
	echo "rmdir with trace_pipe open: rc=$? ${err##*: }"
	exec 9<&-
	err=$(rmdir instances/$INST 2>&1)
	echo "rmdir after close: rc=$? ${err##*: }"
	[ -d instances/$INST ] && echo "instance still there"
}

cases > "$OUT" 2>&1
[ -d instances/$INST ] && rmdir instances/$INST

echo "--- transcript ($(wc -l < "$OUT") lines)"
cat "$OUT"
echo "--- end of transcript"
if [ ! -f "$EXPECTED" ]; then
	echo "FAIL: no $EXPECTED"
	exit 1
fi
if ! grep -v '^#' "$EXPECTED" | diff -u - "$OUT"; then
	echo "FAIL: the transcript differs from bad_input.expected"
	exit 1
fi
echo "PASS"
exit 0
