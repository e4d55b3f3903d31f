#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# trigger_input.sh - malformed, huge and hostile writes to an event's
# "trigger" file.
#
# Each bad line must fail with upstream's errno and change nothing else:
# the trigger file reads back the same, the event's enable file is the
# same, and error_log gains a line only where upstream writes one (a
# trigger filter that does not compile: "event filter parse error").
# Then a fuzz round writes random lines built from trigger words; whatever
# is accepted is read back and removed with "!cmd", and the file must end
# as it started.  The harness fails the run on any kernel splat.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
E=$T/events/sched/sched_process_fork
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/trace ] || { echo "SKIP: no tracefs at $T"; exit 4; }
[ -f $E/trigger ] || { echo "SKIP: no $E/trigger"; exit 4; }
[ -f $T/error_log ] || { echo "SKIP: no error_log"; exit 4; }

# put TEXT: one write(2) of TEXT to the trigger file; prints the errno
# name (OK on success)
put() {
	local msg

	msg=$(printf '%s' "$1" | dd of=$E/trigger bs=1M count=1 \
	      iflag=fullblock status=none 2>&1) && { echo OK; return; }
	case $msg in
	*"Invalid argument"*) echo EINVAL ;;
	*"File exists"*) echo EEXIST ;;
	*"out of range"*) echo ERANGE ;;
	*"No such device"*) echo ENODEV ;;
	*"No such file"*) echo ENOENT ;;
	*"busy"*) echo EBUSY ;;
	*"allocate memory"*) echo ENOMEM ;;
	*"not permitted"*) echo EPERM ;;
	*"No such process"*) echo ESRCH ;;
	*) echo "OTHER($msg)" ;;
	esac
}

snap() { cat $E/trigger; echo "--"; cat $E/enable; }

# an accepted fuzz line may be a traceoff trigger: put tracing_on back
on=$(cat $T/tracing_on)
trap 'echo $on > $T/tracing_on' EXIT
# traceon:N counts only while tracing is off, and a fork fires it: the
# read-back of the counts below holds with tracing on
echo 1 > $T/tracing_on

echo > $T/error_log
base=$(snap)
echo "$base" | grep -q '^# Available triggers:' ||
	fail "trigger file of an event without triggers: $base"

# case EXPECTED LOGGED TEXT: TEXT fails with EXPECTED; LOGGED=1 if upstream
# adds an error_log line for it
ncase=0
case_() {
	local want=$1 logged=$2 text=$3 got before after

	before=$(wc -l < $T/error_log)
	got=$(put "$text")
	after=$(wc -l < $T/error_log)
	ncase=$((ncase + 1))
	[ "$got" = "$want" ] ||
		fail "'${text:0:60}': got $got, want $want"
	[ "$(snap)" = "$base" ] ||
		fail "'${text:0:60}' changed the event: $(snap)"
	if [ "$logged" = 1 ]; then
		[ "$after" -gt "$before" ] ||
			fail "'${text:0:60}': no error_log line"
		tail -n 3 $T/error_log | grep -q 'event filter parse error' ||
			fail "'${text:0:60}': error_log: $(tail -n 3 $T/error_log)"
	else
		[ "$after" = "$before" ] ||
			fail "'${text:0:60}': unexpected error_log: $(tail -n 3 $T/error_log)"
	fi
}

long=$(head -c 5000 /dev/zero | tr '\0' a)
page=$(head -c 4096 /dev/zero | tr '\0' a)
almost="traceon if common_pid == ${long:0:4050}"

case_ EINVAL 0 "bogus"
case_ EINVAL 0 $'\n'
case_ EINVAL 0 "     "
case_ EINVAL 0 $'\t\t'
case_ EINVAL 0 "!"
case_ EINVAL 0 ":5"
case_ EINVAL 0 "!nosuchcommand"
case_ EINVAL 0 "traceon:abc"
case_ EINVAL 0 "traceon:-1"
case_ EINVAL 0 "traceon:0x"
case_ ERANGE 0 "traceon:99999999999999999999999"
case_ EINVAL 0 "traceon if"
case_ EINVAL 0 "traceon iff common_pid == 1"
case_ EINVAL 1 "traceon if nosuchfield == 1"
case_ EINVAL 1 "traceoff:3 if common_pid == "
# upstream's filter returns its internal codes for unbalanced parens and
# quotes as the errno: -1 (too many ')'), -2 (too many '('), -3 (quote)
case_ ENOENT 1 "stacktrace if ((((common_pid == 1)"
case_ EPERM 1 "stacktrace if common_pid == 1))"
case_ ESRCH 1 "traceon if comm == \"abc"
case_ EINVAL 1 "snapshot:1 if common_pid ~ 1"
case_ EINVAL 0 "enable_event"
case_ EINVAL 0 "enable_event:"
case_ EINVAL 0 "enable_event:sched"
case_ EINVAL 0 "enable_event:nosys:noevent"
case_ EINVAL 0 "enable_event:sched:nosuchevent:2"
case_ EINVAL 0 "disable_event:sched:sched_process_exit:x"
case_ EINVAL 0 "disable_event:sched:sched_process_exit:"
case_ ERANGE 0 "enable_event:sched:sched_process_exit:99999999999999999999999"
case_ EINVAL 1 "enable_event:sched:sched_process_exit if nosuchfield > 0"
case_ EINVAL 0 $'\x01\x02\xff\xfe'
case_ EINVAL 0 "$page"
case_ EINVAL 0 "$long"
case_ EINVAL 1 "$almost"

# duplicates of one trigger type; removal of what is not there
[ "$(put traceon:2)" = OK ] || fail "traceon:2 refused"
one=$(snap)
echo "$one" | grep -q '^traceon:count=2$' || fail "traceon:2 reads back as: $one"
base=$one
case_ EEXIST 0 "traceon"
case_ EEXIST 0 "traceoff:1 if common_pid == 1"
[ "$(put '!traceon')" = OK ] || fail "!traceon refused"
[ "$(put '!traceon')" = OK ] || fail "second !traceon refused"
[ "$(put '!stacktrace')" = OK ] || fail "!stacktrace of nothing refused"
base=$(snap)
echo "$base" | grep -q '^# Available triggers:' || fail "left behind: $base"

# fuzz: lines from trigger words; accepted ones are removed again
words=(traceon traceoff snapshot stacktrace enable_event disable_event
       '!traceon' '!enable_event' : :: ' ' if '&&' '||' '(' ')' '==' '!='
       '~' '"' common_pid parent_pid child_comm sched sched_process_exit
       sched_switch 0 1 3 0x10 -1 99999999999999999999 '*' $'\t' x '\\')
RANDOM=${FUZZ_SEED:-4242}
cleanup() {
	local line name rest

	while read -r line; do
		case $line in '#'*|'') continue ;; esac
		name=${line%%:*}
		case $name in
		enable_event|disable_event|enable_hist|disable_hist)
			rest=${line#*:}
			rest=${rest%%:*}:$(echo "$line" | cut -d: -f3)
			put "!$name:$rest" > /dev/null ;;
		*) put "!$name" > /dev/null ;;
		esac
	done < $E/trigger
}
accepted=0
for i in $(seq 1 300); do
	n=$((RANDOM % 8 + 1)) s=""
	for j in $(seq 1 $n); do
		s="$s${words[RANDOM % ${#words[@]}]}"
		[ $((RANDOM % 3)) = 0 ] && s="$s "
	done
	r=$(put "$s")
	case $r in
	OK) accepted=$((accepted + 1)); cleanup ;;
	# the filter's paren and quote errors are -1, -2, -3, as upstream
	EINVAL|EEXIST|ERANGE|EPERM|ENOENT|ESRCH) ;;
	*) fail "fuzz '$s': $r" ;;
	esac
	[ "$(snap)" = "$base" ] || fail "fuzz '$s' ($r) left: $(snap)"
done

echo "$ncase bad lines refused with upstream's errno, nothing changed;" \
     "fuzz: 300 lines, $accepted accepted and removed"
echo "PASS"
