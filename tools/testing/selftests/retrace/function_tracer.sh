#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# function_tracer.sh - the function tracer and its files, as
# Documentation/trace/ftrace.rst describes them:
#   1. the top-level files: available_filter_functions (and _addrs, the
#      same lines with the patch-site address first), dyn_ftrace_total_info
#      ("N pages:P groups: G"), enabled_functions empty while nothing
#      traces, the empty-filter banners of set_ftrace_filter/notrace;
#   2. set_ftrace_filter: a glob lists exactly the matching functions, "!"
#      removes, several words in one write, an index into
#      available_filter_functions, a word that matches nothing is EINVAL
#      (appended: the filter is unchanged; with ">": the truncated, empty
#      filter is what remains, as upstream applies the file's copy on
#      close), a function command (FUNC:traceoff) is listed after the
#      functions and removed with '!', an unknown one is EINVAL;
#   3. the tracer with a filter records only the filtered functions;
#      enabled_functions lists exactly them, with a count of 1, while it
#      runs and nothing after; touched_functions keeps them; !, notrace;
#   4. every function at once, with a workload: records have upstream's
#      line shape ("comm-pid [cpu] flags secs.usecs: func <-parent"),
#      enabled_functions lists every site;
#   5. func_stack_trace: a <stack trace> after every function record, whose
#      first frames are the function or its caller; func-no-repeats: a run
#      of one call becomes one record and a "(repeats: N, last_ts: T)" one;
#   6. /proc/sys/kernel/ftrace_enabled 0 stops every record and empties
#      enabled_functions, 1 brings them back;
#   7. an instance with its own filter while the top runs another,
#      overlapping one: each records only its own functions,
#      enabled_functions counts 2 on the shared one; the instance's
#      notrace; ftrace_enabled for both; rmdir with the tracer running.
# Everything is put back (tracers nop, filters empty, options off).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
I=$T/instances/ft_test
SYSCTL=/proc/sys/kernel/ftrace_enabled
W=$(mktemp -d)
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/available_tracers ] || { echo "SKIP: no tracefs at $T"; exit 4; }
grep -qw function $T/available_tracers || { echo "SKIP: no function tracer"; exit 4; }

on=$(cat $T/tracing_on)
cleanup() {
	echo 1 > $SYSCTL 2> /dev/null
	if [ -d $I ]; then
		echo nop > $I/current_tracer
		echo > $I/set_ftrace_filter
		echo > $I/set_ftrace_notrace
		rmdir $I
	fi
	echo nop > $T/current_tracer
	# options off before the filter is cleared (ftrace.rst)
	echo 0 > $T/options/func_stack_trace 2> /dev/null
	echo 0 > $T/options/func-no-repeats 2> /dev/null
	echo > $T/set_ftrace_filter
	echo > $T/set_ftrace_notrace
	echo > $T/trace
	echo "$on" > $T/tracing_on
	rm -rf "$W"
}
trap cleanup EXIT

# w FILE TEXT / wa FILE TEXT: write (">" / ">>"); print ok or the errno text
w() {
	local err
	if err=$( { echo "$2" > "$1"; } 2>&1 ); then echo ok; else echo "${err##*: }"; fi
}
wa() {
	local err
	if err=$( { echo "$2" >> "$1"; } 2>&1 ); then echo ok; else echo "${err##*: }"; fi
}
# names FILE: the function of each function record of a trace
names() { sed -nE 's/^.* [0-9]+\.[0-9]{6}: ([^ <]+)( <-.*)?$/\1/p' "$1"; }
# the functions enabled_functions lists, sorted; the count of one of them
enabled() { sed -E 's/ \([0-9]+\).*$//' $T/enabled_functions | sort; }
ecount() { sed -nE "s/^$1 \(([0-9]+)\).*$/\1/p" $T/enabled_functions; }
# lines of stdin, as one space-separated list
list() { tr '\n' ' ' | sed 's/ $//'; }
work() {
	local i
	for i in 1 2 3; do
		cat /proc/version > /dev/null
		echo "x $i" > "$W/f"
		ls / > /dev/null
	done
}
# run DIR...: clear the traces of DIRs, record them around a workload
run() {
	local d
	for d in "$@"; do echo > $d/trace; echo 1 > $d/tracing_on; done
	work
	for d in "$@"; do echo 0 > $d/tracing_on; done
}
# only DIR WHAT ALLOWED_ERE REQUIRED...: DIR's records are of functions
# matching ALLOWED_ERE only, and of each REQUIRED one at least once
only() {
	local d=$1 what=$2 allow=$3 f=$W/only n extra r
	shift 3
	grep -v '^#' $d/trace > "$f"
	n=$(names "$f" | wc -l)
	extra=$(names "$f" | grep -vxE "$allow" | sort | uniq -c | sort -rn | head -n 5 | list)
	[ -z "$extra" ] || bad "$what: records of functions outside its filter: $extra"
	for r in "$@"; do
		names "$f" | grep -qx "$r" || bad "$what: no record of $r ($n records)"
	done
	echo "$what: $n records"
}
# none DIR WHAT: no function record in DIR's trace
none() {
	local n
	n=$(grep -v '^#' $1/trace | names - | wc -l)
	[ "$n" = 0 ] || bad "$2: $n function records, want none"
}
# want_enabled WHAT NAME=COUNT...: enabled_functions is exactly these
want_enabled() {
	local what=$1 e got want=""
	shift
	for e in "$@"; do want="$want${e%%=*}"$'\n'; done
	want=$(printf '%s' "$want" | sort | list)
	got=$(enabled | list)
	[ "$got" = "$want" ] || bad "$what: enabled_functions lists '$got', want '$want'"
	for e in "$@"; do
		got=$(ecount "${e%%=*}")
		[ "$got" = "${e#*=}" ] ||
			bad "$what: enabled_functions counts '${got}' for ${e%%=*}, want ${e#*=}"
	done
}

cd $T || exit 1
AFF=$T/available_filter_functions
for f in available_filter_functions available_filter_functions_addrs \
	 enabled_functions touched_functions dyn_ftrace_total_info \
	 set_ftrace_filter set_ftrace_notrace options/func_stack_trace \
	 options/func-no-repeats; do
	[ -e $T/$f ] || fail "no $f"
done
[ -e $SYSCTL ] || fail "no $SYSCTL"
for f in vfs_read vfs_write; do
	grep -qx $f $AFF || fail "$f is not in available_filter_functions"
done
# a second function the top instance's filter has in part 7
F2=ksys_read
grep -qx $F2 $AFF || F2=vfs_open
grep -qx $F2 $AFF || fail "neither ksys_read nor vfs_open can be traced"
[ "$(cat $SYSCTL)" = 1 ] || fail "ftrace_enabled is $(cat $SYSCTL) at the start"
echo nop > current_tracer
echo > set_ftrace_filter
echo > set_ftrace_notrace
if [ -s enabled_functions ]; then
	head -n 5 enabled_functions
	fail "enabled_functions is not empty before the test"
fi
echo 0 > tracing_on

echo "## 1. the top-level files"
nf=$(grep -c '' $AFF)
echo "available_filter_functions: $nf lines"
[ "$nf" -gt 1000 ] || bad "only $nf functions can be traced"
cut -d' ' -f2- available_filter_functions_addrs > "$W/addrs"
cat $AFF > "$W/aff"
if ! cmp "$W/addrs" "$W/aff"; then
	bad "available_filter_functions_addrs without its first column differs from available_filter_functions"
	diff "$W/aff" "$W/addrs" | head -n 5
fi
n=$(grep -cvE '^[0-9a-f]{8,16} [^ ]' available_filter_functions_addrs)
[ "$n" = 0 ] || bad "$n lines of available_filter_functions_addrs do not start with an address"
info=$(cat dyn_ftrace_total_info)
echo "dyn_ftrace_total_info: $info"
if [[ $info =~ ^([0-9]+)\ pages:([0-9]+)\ groups:\ ([0-9]+)$ ]]; then
	[ "${BASH_REMATCH[1]}" -ge "$nf" ] ||
		bad "dyn_ftrace_total_info counts ${BASH_REMATCH[1]} functions, fewer than the $nf listed"
	[ "${BASH_REMATCH[2]}" -gt 0 ] && [ "${BASH_REMATCH[3]}" -gt 0 ] ||
		bad "dyn_ftrace_total_info: no pages or no groups"
else
	bad "dyn_ftrace_total_info is not 'N pages:P groups: G': '$info'"
fi
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	bad "empty set_ftrace_filter reads '$(head -n 2 set_ftrace_filter | list)'"
[ "$(cat set_ftrace_notrace)" = "#### no functions disabled ####" ] ||
	bad "empty set_ftrace_notrace reads '$(head -n 2 set_ftrace_notrace | list)'"

echo "## 2. writing set_ftrace_filter"
r=$(w set_ftrace_filter 'vfs_*')
[ "$r" = ok ] || bad "write 'vfs_*': $r"
grep -E '^vfs_' $AFF | sort > "$W/want"
sort set_ftrace_filter > "$W/got"
echo "'vfs_*': $(grep -c '' "$W/got") functions"
cmp -s "$W/want" "$W/got" || { bad "'vfs_*' does not list exactly the vfs_ functions"; diff "$W/want" "$W/got" | head; }
r=$(wa set_ftrace_filter '!vfs_write')
[ "$r" = ok ] || bad "append '!vfs_write': $r"
grep -qx vfs_write set_ftrace_filter && bad "'!vfs_write' left vfs_write in the filter"
grep -qx vfs_read set_ftrace_filter || bad "'!vfs_write' removed vfs_read too"
[ "$(grep -c '' set_ftrace_filter)" = $(($(grep -c '' "$W/want") - 1)) ] ||
	bad "'!vfs_write' removed more than vfs_write"
r=$(w set_ftrace_filter 'vfs_read vfs_write')
[ "$r" = ok ] || bad "write 'vfs_read vfs_write': $r"
[ "$(sort set_ftrace_filter | list)" = "vfs_read vfs_write" ] ||
	bad "two words list '$(list < set_ftrace_filter)'"
# a word that matches nothing
r=$(wa set_ftrace_filter nonexistent_function_xyz)
[ "$r" = "Invalid argument" ] || bad "append nonexistent_function_xyz: '$r', want EINVAL"
[ "$(sort set_ftrace_filter | list)" = "vfs_read vfs_write" ] ||
	bad "a failed append changed the filter: '$(list < set_ftrace_filter)'"
r=$(w set_ftrace_filter nonexistent_function_xyz)
[ "$r" = "Invalid argument" ] || bad "write nonexistent_function_xyz: '$r', want EINVAL"
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	bad "after a failed truncating write the filter reads '$(list < set_ftrace_filter)', want it empty"
# a function command (the second colon): listed after the functions, not
# one of them; an unknown command is EINVAL and changes nothing
echo vfs_read > set_ftrace_filter
r=$(wa set_ftrace_filter 'vfs_write:traceoff')
[ "$r" = ok ] || bad "append 'vfs_write:traceoff': $r"
grep -qx 'vfs_write:traceoff:unlimited' set_ftrace_filter ||
	bad "vfs_write:traceoff is not listed as vfs_write:traceoff:unlimited"
[ "$(grep -v : set_ftrace_filter | list)" = vfs_read ] ||
	bad "a command changed the functions of the filter: '$(list < set_ftrace_filter)'"
r=$(wa set_ftrace_filter 'vfs_write:nosuchcmd:3')
[ "$r" = "Invalid argument" ] || bad "append 'vfs_write:nosuchcmd:3': '$r', want EINVAL"
r=$(wa set_ftrace_filter '!vfs_write:traceoff')
[ "$r" = ok ] || bad "remove '!vfs_write:traceoff': $r"
[ "$(list < set_ftrace_filter)" = vfs_read ] ||
	bad "after the command's removal the filter reads '$(list < set_ftrace_filter)'"
echo 1 > tracing_on
echo 0 > tracing_on
echo "function commands: accepted, listed, removed"
# indexes: line numbers of available_filter_functions, from 1
ir=$(grep -n -x -m1 vfs_read $AFF | cut -d: -f1)
iw=$(grep -n -x -m1 vfs_write $AFF | cut -d: -f1)
r=$(w set_ftrace_filter "$ir")
[ "$r" = ok ] || bad "write index $ir (vfs_read): $r"
[ "$(list < set_ftrace_filter)" = vfs_read ] || bad "index $ir lists '$(list < set_ftrace_filter)', want vfs_read"
r=$(w set_ftrace_filter "$ir $iw")
[ "$r" = ok ] || bad "write indexes '$ir $iw': $r"
[ "$(sort set_ftrace_filter | list)" = "vfs_read vfs_write" ] ||
	bad "indexes $ir $iw list '$(list < set_ftrace_filter)'"
r=$(wa set_ftrace_filter 0)
[ "$r" = "Invalid argument" ] || bad "append index 0: '$r', want EINVAL"
r=$(wa set_ftrace_filter $((nf + 1000)))
[ "$r" = "Invalid argument" ] || bad "append index $((nf + 1000)): '$r', want EINVAL"
[ "$(sort set_ftrace_filter | list)" = "vfs_read vfs_write" ] ||
	bad "refused indexes changed the filter: '$(list < set_ftrace_filter)'"
echo > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] || bad "'echo >' did not empty the filter"

echo "## 3. the tracer with a filter"
touched_before=$(grep -c '^vfs_write ' touched_functions)
echo 'vfs_read vfs_write' > set_ftrace_filter
echo function > current_tracer || fail "cannot set the function tracer"
[ "$(cat current_tracer)" = function ] || bad "current_tracer reads '$(cat current_tracer)'"
want_enabled "filter vfs_read vfs_write" vfs_read=1 vfs_write=1
run $T
only $T "filter vfs_read vfs_write" 'vfs_read|vfs_write' vfs_read vfs_write
[ "$(head -n 1 trace)" = "# tracer: function" ] || bad "first line of trace: '$(head -n 1 trace)'"
echo '!vfs_write' >> set_ftrace_filter
want_enabled "after !vfs_write" vfs_read=1
run $T
only $T "after !vfs_write" 'vfs_read' vfs_read
echo 'vfs_read vfs_write' > set_ftrace_filter
echo vfs_read > set_ftrace_notrace
[ "$(cat set_ftrace_notrace)" = vfs_read ] || bad "set_ftrace_notrace reads '$(list < set_ftrace_notrace)'"
want_enabled "notrace vfs_read" vfs_write=1
run $T
only $T "notrace vfs_read" 'vfs_write' vfs_write
echo > set_ftrace_notrace
want_enabled "notrace cleared" vfs_read=1 vfs_write=1
echo nop > current_tracer
[ -s enabled_functions ] && bad "enabled_functions after the tracer stopped: $(enabled | list)"
grep -q '^vfs_write ' touched_functions || bad "touched_functions does not keep vfs_write"
grep -q '^vfs_read ' touched_functions || bad "touched_functions does not keep vfs_read"
[ "$touched_before" = 0 ] || echo "(vfs_write was touched before the test)"
echo > set_ftrace_filter

echo "## 4. every function"
echo > trace
echo function > current_tracer || fail "cannot set the function tracer on every function"
echo 1 > tracing_on
work
# a read of the shell itself, last: the newest records survive a full ring
read -r l < /proc/version
echo 0 > tracing_on
ne=$(grep -c '' enabled_functions)
nv=$(grep -vc '^__ftrace_invalid_address__' $AFF)
echo "every function: enabled_functions $ne lines, $nv functions"
[ "$ne" = "$nv" ] || bad "enabled_functions lists $ne sites while every one of $nv is traced"
[ "$(head -n 1 trace)" = "# tracer: function" ] || bad "first line of trace: '$(head -n 1 trace)'"
grep -qE '^# +TASK-PID +CPU# +\|\|\|\|\| +TIMESTAMP +FUNCTION$' trace ||
	bad "no 'TASK-PID CPU# ||||| TIMESTAMP FUNCTION' header"
head -n 20000 trace | grep -v '^#' | grep -vE '^CPU:[0-9]+ \[LOST' > "$W/all"
n=$(grep -c '' "$W/all")
echo "every function: $n records (of the first 20000 lines)"
[ "$n" -gt 100 ] || bad "only $n records with every function traced"
SHAPE='^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] [^ ]{5} +[0-9]+\.[0-9]{6}: [^ ]+( <-[^ ]+)?$'
if grep -qvE "$SHAPE" "$W/all"; then
	bad "records not in the shape 'comm-pid [cpu] flags secs.usecs: func <-parent':"
	grep -vE "$SHAPE" "$W/all" | head -n 5
fi
grep -qE ' <-[^ ]+$' "$W/all" || bad "no record has a parent ' <-func'"
grep -m 2 -E ': [^ ]+ <-' "$W/all"
grep -qE ': vfs_read <-' trace || bad "the workload recorded no vfs_read"
echo nop > current_tracer
[ -s enabled_functions ] && bad "enabled_functions after every function: $(head -n 3 enabled_functions | list)"
echo > trace

echo "## 5. func_stack_trace, func-no-repeats"
echo vfs_write > set_ftrace_filter
echo function > current_tracer
echo 1 > options/func_stack_trace || bad "cannot set func_stack_trace"
run $T
echo 0 > options/func_stack_trace
# per CPU, so that a record and its stack are adjacent
tot="0 0 0 0 0"
for c in $T/per_cpu/cpu*; do
	r=$(awk -v f=vfs_write '
	function endrec() { if (want) nostack++; want = 0 }
	/^#/ { next }
	/^ => / { if (inst) { nfr++; if (nfr <= 4 && ($2 == par || $2 == f)) near[nst] = 1 }; next }
	{ inst = 0 }
	/<stack trace>$/ { if (want) { nst++; inst = 1; nfr = 0 } else orphan++; want = 0; next }
	{ endrec() }
	index($0, ": " f " <-") { nfn++; want = 1; par = $NF; sub(/^<-/, "", par) }
	END { endrec(); n = 0; for (i in near) n++; print nfn + 0, nst + 0, n, nostack + 0, orphan + 0 }
	' $c/trace)
	read -r a b c2 d e <<< "$tot"
	read -r a2 b2 c3 d2 e2 <<< "$r"
	tot="$((a + a2)) $((b + b2)) $((c2 + c3)) $((d + d2)) $((e + e2))"
done
read -r nfn nst near nostack orphan <<< "$tot"
echo "func_stack_trace: $nfn vfs_write records, $nst stacks, $near naming vfs_write or its caller first"
grep -v '^#' trace | grep -m1 -A4 '<stack trace>'
[ "$nfn" -gt 0 ] || bad "func_stack_trace: no vfs_write record"
[ "$nst" = "$nfn" ] || bad "func_stack_trace: $nst stacks for $nfn records"
[ "$nostack" = 0 ] || bad "func_stack_trace: $nostack records without a stack after them"
[ "$orphan" = 0 ] || bad "func_stack_trace: $orphan stacks without a record before them"
[ "$near" = "$nst" ] || bad "func_stack_trace: $((nst - near)) stacks do not start at vfs_write or its caller"
echo 'vfs_write vfs_read' > set_ftrace_filter
echo > trace
echo 1 > options/func-no-repeats || bad "cannot set func-no-repeats"
pin=""
command -v taskset > /dev/null && pin="taskset -c 0"
echo 1 > tracing_on
# 100 writes in a row from one task and one call site, then a read
$pin bash -c 'for i in $(seq 100); do echo x; done > /dev/null; read -r l < /proc/version'
echo 0 > tracing_on
echo 0 > options/func-no-repeats
RE=': vfs_write <-[^ ]+ \(repeats: [0-9]+, last_ts: +[0-9]+\.[0-9]{6}\)$'
reps=$(grep -E "$RE" trace | sed -E 's/.*repeats: ([0-9]+),.*/\1/' | list)
plain=$(grep -cE ': vfs_write <-[^ ]+$' trace)
sum=0
for r in $reps; do sum=$((sum + r)); done
echo "func-no-repeats: $plain vfs_write records, repeats records: ${reps:-none}"
grep -m1 -E "$RE" trace
[ -n "$reps" ] || bad "func-no-repeats: no 'vfs_write <-... (repeats: N, last_ts: T)' record"
[ "$plain" -lt 100 ] || bad "func-no-repeats: $plain vfs_write records, nothing folded"
[ $((plain + sum)) -ge 100 ] || bad "func-no-repeats: $plain records + $sum repeats < the 100 calls"
echo nop > current_tracer
echo > set_ftrace_filter

echo "## 6. ftrace_enabled"
echo 'vfs_read vfs_write' > set_ftrace_filter
echo function > current_tracer
echo 0 > $SYSCTL || bad "cannot write 0 to ftrace_enabled"
[ "$(cat $SYSCTL)" = 0 ] || bad "ftrace_enabled reads '$(cat $SYSCTL)' after 0"
[ -s enabled_functions ] && bad "enabled_functions with ftrace_enabled 0: $(enabled | list)"
run $T
none $T "ftrace_enabled 0"
echo 1 > $SYSCTL || bad "cannot write 1 to ftrace_enabled"
[ "$(cat $SYSCTL)" = 1 ] || bad "ftrace_enabled reads '$(cat $SYSCTL)' after 1"
want_enabled "ftrace_enabled 1" vfs_read=1 vfs_write=1
run $T
only $T "ftrace_enabled back to 1" 'vfs_read|vfs_write' vfs_read vfs_write
echo nop > current_tracer

echo "## 7. an instance and the top instance"
rmdir $I 2> /dev/null
mkdir $I || fail "mkdir $I"
grep -qw function $I/available_tracers || bad "no function tracer in the instance"
[ -e $I/available_filter_functions ] && bad "an instance has available_filter_functions (top level only)"
[ -e $I/enabled_functions ] && bad "an instance has enabled_functions (top level only)"
[ "$(cat $I/set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	bad "a new instance's filter reads '$(list < $I/set_ftrace_filter)'"
echo "vfs_read $F2" > set_ftrace_filter
echo 'vfs_read vfs_write' > $I/set_ftrace_filter
[ "$(sort set_ftrace_filter | list)" = "$(printf '%s\n' vfs_read $F2 | sort | list)" ] ||
	bad "the instance's filter write changed the top's: '$(list < set_ftrace_filter)'"
echo function > current_tracer
echo function > $I/current_tracer || fail "cannot set the function tracer in the instance"
want_enabled "top + instance" vfs_read=2 vfs_write=1 $F2=1
run $T $I
only $T "top (vfs_read $F2)" "vfs_read|$F2" vfs_read $F2
only $I "instance (vfs_read vfs_write)" 'vfs_read|vfs_write' vfs_read vfs_write
echo vfs_read > $I/set_ftrace_notrace
[ "$(cat set_ftrace_notrace)" = "#### no functions disabled ####" ] ||
	bad "the instance's notrace write changed the top's: '$(list < set_ftrace_notrace)'"
want_enabled "instance notrace vfs_read" vfs_read=1 vfs_write=1 $F2=1
run $T $I
only $T "top, instance notrace vfs_read" "vfs_read|$F2" vfs_read $F2
only $I "instance notrace vfs_read" 'vfs_write' vfs_write
echo 0 > $SYSCTL
run $T $I
none $T "top, ftrace_enabled 0"
none $I "instance, ftrace_enabled 0"
echo 1 > $SYSCTL
run $T $I
only $T "top, ftrace_enabled 1" "vfs_read|$F2" vfs_read $F2
only $I "instance, ftrace_enabled 1" 'vfs_write' vfs_write
echo > $I/set_ftrace_notrace
echo nop > $I/current_tracer
want_enabled "instance nop" vfs_read=1 $F2=1
run $T $I
none $I "instance nop"
only $T "top, instance nop" "vfs_read|$F2" vfs_read $F2
echo function > $I/current_tracer
want_enabled "instance again" vfs_read=2 vfs_write=1 $F2=1
rmdir $I || bad "rmdir of an instance with the function tracer running"
[ -d $I ] && fail "the instance is still there"
want_enabled "instance removed" vfs_read=1 $F2=1
run $T
only $T "top, instance removed" "vfs_read|$F2" vfs_read $F2
echo nop > current_tracer
[ -s enabled_functions ] && bad "enabled_functions at the end: $(enabled | list)"
echo > set_ftrace_filter

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
