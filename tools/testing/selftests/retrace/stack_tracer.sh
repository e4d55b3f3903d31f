#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stack_tracer.sh - the stack tracer's files, its sysctl and its boot
# parameters.
#
# Part 1 is a transcript that must be byte-identical to
# stack_tracer.expected, this script's transcript on the upstream
# reference kernel with the same pending set (make
# check-upstream-pending T=selftests:stack_tracer.sh; regenerate the
# same way; its own comment lines start with "#:", since the transcript
# has lines that start with '#').  It holds what must not differ between the kernels:
#   - the files, their modes, and what the tracer shows before it ran
#     (the "disabled" note), unless the boot turned it on (that part
#     of the expected transcript is then left out of the comparison);
#   - the shape of stack_trace after a run: the header, every line in
#     the columns "%3d) %8d   %5d   SYMBOL+OFF/LEN", depths decreasing,
#     each size the difference to the next depth, the last its depth,
#     the first depth stack_max_size (values differ between the
#     kernels, so only these verdicts are written);
#   - malformed, huge and hostile writes to stack_max_size,
#     stack_trace_filter and kernel.stack_tracer_enabled: the errno text
#     of each, what the file reads afterwards, and that error_log does
#     not move.
# Part 2 checks behaviour without a transcript:
#   A. the boot parameters, when /proc/cmdline has them ("stacktrace":
#      on from boot; "stacktrace_filter=LIST": on, the functions of LIST
#      the filter, line 0 one of them), e.g.
#        RETRACE_EXTRA_CMDLINE="stacktrace_filter=vfs_read,schedule"
#        make check T=selftests:stack_tracer.sh
#   B. the filter: with stack_trace_filter naming F only, the deepest
#      stack recorded is F's (line 0 is F);
#   C. the stack tracer, the function tracer and a kprobe on F at once
#      (samples/kprobes' kprobe_example.ko, when built): enabled_functions
#      counts 3, the tracer's trace and the kprobe see every call, and
#      the stack tracer's line 0 is F; each goes and the others go on.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
SYSCTL=/proc/sys/kernel/stack_tracer_enabled
HERE=$(dirname "$(readlink -f "$0")")
EXPECTED=$HERE/stack_tracer.expected
OUT=$(mktemp)
RUN=$(mktemp)
KP=kprobe_example
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }

[ -f $T/stack_trace ] || { echo "SKIP: no stack tracer ($T/stack_trace)"; exit 4; }
[ -f $SYSCTL ] || { echo "SKIP: no $SYSCTL"; exit 4; }
cd $T || exit 1

cmdline=" $(cat /proc/cmdline) "
boot_on=0
case $cmdline in *" stacktrace"*) boot_on=1 ;; esac

# F: a function called once per "kill -0 99999" (a shell builtin that
# fails with ESRCH), as kprobe_ftrace.sh picks it.
F=""
for f in __x64_sys_kill __se_sys_kill __do_sys_kill kill_something_info; do
	grep -qx $f available_filter_functions && { F=$f; break; }
done

on=$(cat tracing_on)
cleanup() {
	echo 0 > $SYSCTL
	echo > stack_trace_filter
	echo 0 > stack_max_size
	echo nop > current_tracer
	echo > set_ftrace_filter
	rmmod $KP 2> /dev/null
	echo > trace
	echo "$on" > tracing_on
}
trap cleanup EXIT

work() {
	local i
	for i in 1 2 3 4 5; do
		( echo forked > /dev/null )
		ls -R /proc/self > /dev/null 2>&1
		cat /proc/meminfo > /dev/null
	done
}

# The verdicts on stack_trace's text (see the top).
shape() {
	awk -v max="$(cat stack_max_size)" '
	NR == 1 {
		hdr = ($0 ~ /^        Depth    Size   Location    \([0-9]+ entries\)$/)
		n = $0; sub(/.*\(/, "", n); sub(/ .*/, "", n)
		next
	}
	NR == 2 { rule = ($0 == "        -----    ----   --------"); next }
	{
		rows++
		# Fixed columns (no {n} in the regexps: mawk lacks them).
		if (substr($0, 1, 3) !~ /^ *[0-9]+$/ || substr($0, 4, 2) != ") " ||
		    substr($0, 6, 8) !~ /^ *[0-9]+$/ || substr($0, 14, 3) != "   " ||
		    substr($0, 17, 5) !~ /^ *[0-9]+$/ || substr($0, 22, 3) != "   " ||
		    substr($0, 25) !~ /^[^ ]+$/) { form++; next }
		idx[rows] = substr($0, 1, 3) + 0
		dep[rows] = substr($0, 6, 8) + 0
		siz[rows] = substr($0, 17, 5) + 0
		sym[rows] = substr($0, 25)
		if (sym[rows] !~ /\+0x[0-9a-f]+\/0x[0-9a-f]+/) symform++
	}
	END {
		print "stack_trace header: " (hdr ? "ok" : "BAD") ", rule: " (rule ? "ok" : "BAD")
		print "stack_trace entries match the header: " (rows == n ? "yes" : "no (" rows " vs " n ")")
		print "stack_trace has lines: " (rows > 2 ? "yes" : "no")
		print "stack_trace lines well-formed: " (form ? form " bad" : "yes")
		print "stack_trace locations are symbol+off/len: " (symform ? symform " bad" : "yes")
		seq = dec = sz = 1
		for (i = 1; i <= rows; i++) {
			if (idx[i] != i - 1) seq = 0
			if (i < rows && dep[i] <= dep[i + 1]) dec = 0
			want = i < rows ? dep[i] - dep[i + 1] : dep[i]
			if (siz[i] != want) sz = 0
		}
		print "stack_trace indexes count from 0: " (seq ? "yes" : "no")
		print "stack_trace depths decrease: " (dec ? "yes" : "no")
		print "stack_trace sizes are depth differences: " (sz ? "yes" : "no")
		print "stack_trace first depth is stack_max_size: " (dep[1] == max ? "yes" : "no (" dep[1] " vs " max ")")
	}' stack_trace
}

# put FILE LABEL TEXT: one write (printf %b, appended), its errno text,
# the file afterwards and any error_log line.
put() {
	local f=$1 label=$2 text=$3 err rc
	: > error_log
	err=$( { printf '%b' "$text" >> "$f"; } 2>&1 )
	rc=$?
	err=${err##*: }
	[ $rc -eq 0 ] && err=ok
	echo "$f $label: $err"
	echo "    reads: $(tr '\n' '|' < "$f" | cut -c1-120)"
	[ -s error_log ] && echo "    error_log: $(head -n 1 error_log | cut -c1-100)"
	return 0
}

HUGE=$(printf 'a%.0s' $(seq 1 5000))

part1() {
	local f
	echo "== files"
	for f in stack_trace stack_max_size stack_trace_filter; do
		echo "$f $(stat -c %a $f)"
	done
	echo "sysctl $(stat -c %a $SYSCTL)"
	if [ $boot_on = 0 ]; then
		echo "== before any run"
		echo "sysctl: $(cat $SYSCTL)"
		echo "stack_max_size: $(cat stack_max_size)"
		cat stack_trace
		echo "stack_trace_filter: $(cat stack_trace_filter)"
	fi

	echo "== a run"
	echo 0 > $SYSCTL
	echo > stack_trace_filter
	echo 0 > stack_max_size
	echo 1 > $SYSCTL
	work
	echo 0 > $SYSCTL
	cat stack_trace > "$RUN"
	shape
	echo "stack_max_size after a run is non-zero: $([ "$(cat stack_max_size)" != 0 ] && echo yes || echo no)"
	echo 0 > stack_max_size
	echo "after 'echo 0 > stack_max_size', entries kept: $(grep -c ')' stack_trace | sed 's/^0$/none/;s/^[1-9][0-9]*$/some/')"
	echo "disabled note with the tracer off and the size reset: $(grep -q "Stack tracer disabled" stack_trace && echo shown || echo absent)"

	echo "== stack_max_size"
	put stack_max_size empty ''
	put stack_max_size empty-line '\n'
	put stack_max_size number '4096'
	put stack_max_size number-line '1234\n'
	put stack_max_size zero '0'
	put stack_max_size minus-one '-1'
	put stack_max_size two-pow-64 '18446744073709551616'
	put stack_max_size max-ulong '18446744073709551615'
	put stack_max_size hex '0x10'
	put stack_max_size octal '010'
	put stack_max_size plus '+12'
	put stack_max_size word 'nosuchthing'
	put stack_max_size spaces ' 1 2 '
	put stack_max_size leading-space ' 7'
	put stack_max_size nul-inside '1\00002'
	put stack_max_size binary '\0001\0002\0377'
	put stack_max_size huge "$HUGE"
	put stack_max_size zero-again '0'

	echo "== stack_trace_filter"
	put stack_trace_filter empty ''
	put stack_trace_filter name 'vfs_read'
	put stack_trace_filter second-name 'vfs_write\n'
	put stack_trace_filter bang-name '!vfs_read\n'
	put stack_trace_filter no-such-name 'nosuchfunction_retrace'
	put stack_trace_filter bang-no-such '!nosuchfunction_retrace'
	put stack_trace_filter glob-nothing 'nosuch*retrace?x\n'
	put stack_trace_filter bad-glob 'vfs_re[ad\n'
	put stack_trace_filter mod 'vfs_read:mod:nosuchmodule\n'
	put stack_trace_filter mod-all ':mod:nosuchmodule\n'
	put stack_trace_filter mod-short 'vfs_read:mod\n'
	put stack_trace_filter command 'vfs_read:traceon\n'
	put stack_trace_filter command-count 'vfs_read:traceoff:3\n'
	put stack_trace_filter stacktrace-command 'vfs_read:stacktrace\n'
	put stack_trace_filter snapshot-command 'vfs_read:snapshot\n'
	put stack_trace_filter event-command 'vfs_read:enable_event:sched:sched_switch\n'
	put stack_trace_filter unknown-command 'vfs_read:nosuchcommand:1\n'
	put stack_trace_filter empty-command 'vfs_read:\n'
	put stack_trace_filter two-words 'schedule nosuchfunction_retrace\n'
	put stack_trace_filter huge "$HUGE"
	put stack_trace_filter nul-inside 'vfs_read\000schedule\n'
	put stack_trace_filter binary '\0001\0002\0377\n'
	put stack_trace_filter format '%s%s%n\n'
	echo "truncate:"
	echo > stack_trace_filter
	echo "    reads: $(tr '\n' '|' < stack_trace_filter)"

	echo "== kernel.stack_tracer_enabled"
	put $SYSCTL word 'abc'
	put $SYSCTL empty ''
	put $SYSCTL two '2'
	put $SYSCTL one-again '1'
	put $SYSCTL hex '0x10'
	put $SYSCTL minus-one '-1'
	put $SYSCTL huge-number '99999999999999999999'
	put $SYSCTL zero '0'
	put $SYSCTL two-numbers '1 0'
	put $SYSCTL zero-again '0'
}

# line0: the function of stack_trace's line 0.
line0() { sed -n 's/^  0) *[0-9]* *[0-9]*   \([^+]*\)+.*/\1/p' stack_trace; }

echo "## A. boot parameters"
if [ $boot_on = 1 ]; then
	echo "booted with:$(echo "$cmdline" | tr ' ' '\n' | grep '^stacktrace' | sed 's/^/ /' | tr -d '\n')"
	[ "$(cat $SYSCTL)" = 1 ] || bad "kernel.stack_tracer_enabled is $(cat $SYSCTL) after boot"
	[ "$(cat stack_max_size)" != 0 ] || bad "nothing recorded since boot"
	grep -q '^  0) ' stack_trace || bad "stack_trace has no lines after boot"
	list=""
	for w in $cmdline; do
		case $w in stacktrace_filter=*) list=${w#stacktrace_filter=} ;; esac
	done
	if [ -n "$list" ]; then
		# A word that names no function is dropped.
		want=$(echo "$list" | tr ',' '\n' | grep -v '^$' |
		       grep -xF -f available_filter_functions | sort)
		got=$(sort stack_trace_filter)
		[ "$got" = "$want" ] || bad "stack_trace_filter reads '$got', want '$want'"
		echo "$want" | grep -qx "$(line0)" || bad "line 0 is $(line0), none of $list"
		echo "filter from boot: $(echo $got); line 0: $(line0)"
	fi
else
	echo "no stacktrace boot parameter: nothing to check"
fi

# The expected transcript, less what a boot with the tracer on skips.
expected_part() {
	if [ $boot_on = 1 ]; then
		sed '/^== before any run$/,/^== a run$/{/^== a run$/!d}'
	else
		cat
	fi
}

part1 > "$OUT" 2>&1
echo 0 > $SYSCTL
echo > stack_trace_filter
echo 0 > stack_max_size
echo "--- transcript ($(wc -l < "$OUT") lines)"
cat "$OUT"
echo "--- end of transcript"
echo "--- stack_trace after part 1's run (values are this kernel's)"
cat "$RUN"
if [ ! -f "$EXPECTED" ]; then
	bad "no $EXPECTED"
elif ! grep -v '^#:' "$EXPECTED" | expected_part | diff -u - "$OUT"; then
	bad "the transcript differs from stack_tracer.expected"
fi

calls() {
	local i
	for i in $(seq "$1"); do kill -0 99999 2> /dev/null; done
}

echo "## B. the filter"
if [ -z "$F" ]; then
	echo "none of kill()'s entry functions can be traced: skipped"
else
	echo $F > stack_trace_filter || bad "cannot filter on $F"
	[ "$(cat stack_trace_filter)" = "$F" ] || bad "stack_trace_filter reads '$(cat stack_trace_filter)'"
	grep -q "^$F " enabled_functions && bad "$F enabled before the tracer is on"
	echo 0 > stack_max_size
	echo 1 > $SYSCTL
	grep -qE "^$F \(1\)" enabled_functions || bad "enabled_functions: '$(grep "^$F " enabled_functions)'"
	calls 5
	echo 0 > $SYSCTL
	[ "$(line0)" = "$F" ] || bad "line 0 of stack_trace is '$(line0)', not $F"
	grep -q "^$F " enabled_functions && bad "$F still enabled with the tracer off"
	echo "line 0 with the filter on $F: $(line0)"
fi

echo "## C. the stack tracer, the function tracer and a kprobe on one function"
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
KO=$(find "$D" -name $KP.ko 2> /dev/null | head -n 1)
ecount() { sed -nE "s/^$F \(([0-9]+)\).*$/\1/p" enabled_functions; }
# fire WHAT N WANT_KPROBE WANT_TRACE: N calls; the kprobe's hits, the trace's lines
fire() {
	local mark="stack_tracer.sh: $1 $$ $RANDOM" k n
	echo > trace
	echo 1 > tracing_on
	echo "$mark" > /dev/kmsg
	echo 0 > stack_max_size
	calls "$2"
	echo 0 > tracing_on
	k=$(dmesg | sed -n "\|$mark|,\$p" | grep -c "handler_pre: <$F> ")
	n=$(grep -cE ": $F <-[^ ]+$" trace)
	[ "$k" = "$3" ] || bad "$1: the kprobe saw $k of $2 calls, want $3"
	[ "$n" = "$4" ] || bad "$1: the trace has $n of $2 calls, want $4"
	echo "$1: kprobe $k, trace $n, stack line 0 $(line0), enabled_functions $(ecount)"
}
if [ -z "$F" ] || [ -z "$KO" ] || ! grep -qw function available_tracers ||
   ! command -v dmesg > /dev/null; then
	echo "no $KP.ko, function tracer, dmesg or F: skipped"
else
	rmmod $KP 2> /dev/null
	echo $F > stack_trace_filter
	echo $F > set_ftrace_filter
	echo 1 > $SYSCTL
	echo function > current_tracer || bad "cannot start the function tracer"
	insmod "$KO" symbol=$F || bad "insmod $KO symbol=$F"
	[ "$(ecount)" = 3 ] || bad "enabled_functions counts '$(ecount)' for $F, want 3"
	fire "all three" 10 10 10
	[ "$(line0)" = "$F" ] || bad "all three: stack line 0 is '$(line0)'"
	echo 0 > $SYSCTL
	[ "$(ecount)" = 2 ] || bad "stack tracer off: enabled_functions counts '$(ecount)', want 2"
	fire "stack tracer off" 10 10 10
	echo 1 > $SYSCTL
	echo nop > current_tracer
	[ "$(ecount)" = 2 ] || bad "function tracer off: enabled_functions counts '$(ecount)', want 2"
	fire "function tracer off" 10 10 0
	[ "$(line0)" = "$F" ] || bad "function tracer off: stack line 0 is '$(line0)'"
	rmmod $KP || bad "rmmod $KP"
	[ "$(ecount)" = 1 ] || bad "kprobe gone: enabled_functions counts '$(ecount)', want 1"
	echo 0 > stack_max_size
	calls 3
	[ "$(line0)" = "$F" ] || bad "stack tracer alone: line 0 is '$(line0)'"
	echo 0 > $SYSCTL
	grep -q "^$F " enabled_functions && bad "$F still in enabled_functions"
	echo "each went, the others went on"
fi

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
exit 0
