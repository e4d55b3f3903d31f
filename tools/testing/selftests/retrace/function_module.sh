#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# function_module.sh - function tracing of a module's functions, and the
# ":mod:" filter lines kept for a module not loaded yet
# (Documentation/trace/ftrace.rst, "Filter commands", mod:).
#
# The module: tracepoint_test_module.ko where it is built (retrace's lab
# kernels: HOTF = tptest_fire_set, called once per write to its "fire"
# parameter), else samples/trace_printk's trace-printk.ko (both lab
# kernels: HOTF = trace_printk_irq_work, called once from an irq_work its
# init queues).  INITF is the module's init function.
#   1. before the load: "*:mod:M" is kept and listed as written, "FUNC:mod:M"
#      too, "!FUNC:mod:M" forgets one kept line, "!" of a line not kept is
#      EINVAL, ":mod:M" is listed as ":mod:M"; an instance keeps its own;
#   2. the function tracer runs in the top instance and the instance with
#      only kept lines: nothing is traced (a kept line is not "every
#      function");
#   3. the load applies the kept lines before the module's code runs:
#      set_ftrace_filter lists every function of M (the instance: HOTF),
#      enabled_functions exactly those (HOTF twice), the init function is
#      traced, by name, and is gone from available_filter_functions once
#      freed; a call of HOTF is one record in each instance;
#      dyn_ftrace_total_info grows;
#   4. the unload with the tracers running: M's functions leave
#      available_filter_functions and enabled_functions, the filters list
#      nothing (upstream keeps them non-empty: they do not read "all
#      functions enabled"), a workload records nothing in either instance,
#      even after ftrace_enabled 0 and 1 recomputed every site;
#      dyn_ftrace_total_info is back where it was;
#   5. MOD_ROUNDS (default 4) more loads and unloads with the tracers
#      running, the filters kept before the load (also a kept notrace line)
#      or written after it.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
I=$T/instances/fm_test
ROUNDS=${MOD_ROUNDS:-4}
W=$(mktemp -d)
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/available_tracers ] || { echo "SKIP: no tracefs at $T"; exit 4; }
grep -qw function $T/available_tracers || { echo "SKIP: no function tracer"; exit 4; }
[ -d $T/instances ] || { echo "SKIP: no instances"; exit 4; }
# The lab guest mounts the modules where the host allows (guest/init).
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
ko() { find "$D" -name "$1.ko" 2> /dev/null | head -n 1; }
KO=$(ko tracepoint_test_module)
if [ -n "$KO" ]; then
	M=tracepoint_test_module INITF=tptest_init HOTF=tptest_fire_set POKE=1
	poke() { echo 1 > /sys/module/$M/parameters/fire; }
else
	KO=$(ko trace-printk)
	[ -n "$KO" ] || { echo "SKIP: neither tracepoint_test_module.ko nor trace-printk.ko under $D"; exit 4; }
	M=trace_printk INITF=trace_printk_init HOTF=trace_printk_irq_work POKE=0
	poke() { :; }
fi
echo "module $M ($KO): init $INITF, called $HOTF"
AFF=$T/available_filter_functions

on=$(cat $T/tracing_on)
cleanup() {
	if [ -d $I ]; then
		echo nop > $I/current_tracer
		echo > $I/set_ftrace_filter
		echo > $I/set_ftrace_notrace
		rmdir $I
	fi
	echo nop > $T/current_tracer
	echo > $T/set_ftrace_filter
	echo > $T/set_ftrace_notrace
	rmmod $M 2> /dev/null
	echo 1 > /proc/sys/kernel/ftrace_enabled
	echo > $T/trace
	echo "$on" > $T/tracing_on
	rm -rf "$W"
}

w() {
	local err
	if err=$( { echo "$2" > "$1"; } 2>&1 ); then echo ok; else echo "${err##*: }"; fi
}
wa() {
	local err
	if err=$( { echo "$2" >> "$1"; } 2>&1 ); then echo ok; else echo "${err##*: }"; fi
}
list() { tr '\n' ' ' | sed 's/ $//'; }
names() { sed -nE 's/^.* [0-9]+\.[0-9]{6}: ([^ <]+)( <-.*)?$/\1/p' "$1"; }
# calls DIR FUNC: FUNC's records in DIR's trace
calls() { grep -v '^#' $1/trace | names - | grep -cx "$2"; }
ecount() { sed -nE "s/^$1 \[$M\] \(([0-9]+)\).*$/\1/p" $T/enabled_functions; }
tot() { sed -E 's/ .*//' $T/dyn_ftrace_total_info; }
work() {
	local i
	for i in 1 2 3; do cat /proc/version > /dev/null; ls / > /dev/null; done
}
tron() { local d; for d in "$@"; do echo > $d/trace; echo 1 > $d/tracing_on; done; }
troff() { local d; for d in "$@"; do echo 0 > $d/tracing_on; done; }
# wait_calls DIR FUNC N: until DIR has N records of FUNC (3 s at most)
wait_calls() {
	local i
	for i in $(seq 30); do
		[ "$(calls $1 $2)" -ge $3 ] && return 0
		sleep 0.1
	done
	return 1
}
# none WHAT DIR...: a workload leaves no function record in DIRs
none() {
	local what=$1 d n
	shift
	tron "$@"
	work
	troff "$@"
	for d in "$@"; do
		n=$(grep -v '^#' $d/trace | names - | wc -l)
		[ "$n" = 0 ] || { bad "$what: $n function records in $([ $d = $T ] && echo top || echo ${d#$T/})"; grep -v '^#' $d/trace | head -n 3; }
	done
}
# loaded: M's functions (lines of available_filter_functions) into $W/mf
loaded() {
	grep " \[$M\]\$" $AFF | sort > "$W/mf"
	nm=$(grep -c '' "$W/mf")
	[ "$nm" -gt 0 ] || fail "no function of $M in available_filter_functions after the load"
}
# gone WHAT: M left the function lists, and its filters trace nothing,
# even once every site is recomputed (ftrace_enabled 0 and 1 again)
gone() {
	grep -q "\[$M\]" $AFF && bad "$1: $M's functions still in available_filter_functions"
	grep -q "\[$M\]" $T/touched_functions && bad "$1: $M's functions still in touched_functions"
	[ -s $T/enabled_functions ] && bad "$1: enabled_functions lists $(head -n 3 $T/enabled_functions | list)"
	echo 0 > /proc/sys/kernel/ftrace_enabled
	echo 1 > /proc/sys/kernel/ftrace_enabled
	[ -s $T/enabled_functions ] &&
		bad "$1, ftrace_enabled 0 then 1: enabled_functions lists $(grep -c '' $T/enabled_functions) functions"
	none "$1" $T $I
}

rmmod $M 2> /dev/null
grep -q "\[$M\]" $AFF && fail "$M is loaded and cannot be unloaded"
trap cleanup EXIT
cd $T || exit 1
echo nop > current_tracer
echo > set_ftrace_notrace
[ -s enabled_functions ] && { head -n 5 enabled_functions; fail "enabled_functions is not empty before the test"; }
echo 0 > tracing_on
tot0=$(tot)

echo "## 1. :mod: lines for $M, not loaded"
r=$(w set_ftrace_filter "*:mod:$M")
[ "$r" = ok ] || bad "write '*:mod:$M': $r"
[ "$(list < set_ftrace_filter)" = "*:mod:$M" ] || bad "'*:mod:$M' is listed as '$(list < set_ftrace_filter)'"
r=$(wa set_ftrace_filter "$HOTF:mod:$M")
[ "$r" = ok ] || bad "append '$HOTF:mod:$M': $r"
[ "$(sort set_ftrace_filter | list)" = "$(printf '%s\n' "*:mod:$M" "$HOTF:mod:$M" | sort | list)" ] ||
	bad "two kept lines are listed as '$(list < set_ftrace_filter)'"
r=$(wa set_ftrace_filter "!$HOTF:mod:$M")
[ "$r" = ok ] || bad "append '!$HOTF:mod:$M': $r"
[ "$(list < set_ftrace_filter)" = "*:mod:$M" ] || bad "after '!$HOTF:mod:$M': '$(list < set_ftrace_filter)'"
r=$(wa set_ftrace_filter "!nothing_kept_xyz:mod:$M")
[ "$r" = "Invalid argument" ] || bad "'!' of a line not kept: '$r', want EINVAL"
r=$(w set_ftrace_filter ":mod:$M")
[ "$r" = ok ] || bad "write ':mod:$M': $r"
[ "$(list < set_ftrace_filter)" = ":mod:$M" ] || bad "':mod:$M' is listed as '$(list < set_ftrace_filter)'"
echo "*:mod:$M" > set_ftrace_filter
rmdir $I 2> /dev/null
mkdir $I || fail "mkdir $I"
r=$(w $I/set_ftrace_filter "$HOTF:mod:$M")
[ "$r" = ok ] || bad "instance: write '$HOTF:mod:$M': $r"
[ "$(list < $I/set_ftrace_filter)" = "$HOTF:mod:$M" ] ||
	bad "instance: '$HOTF:mod:$M' is listed as '$(list < $I/set_ftrace_filter)'"
[ "$(list < set_ftrace_filter)" = "*:mod:$M" ] || bad "the instance's line changed the top's: '$(list < set_ftrace_filter)'"

echo "## 2. the tracer with only kept lines"
echo function > current_tracer || fail "cannot set the function tracer"
echo function > $I/current_tracer || fail "cannot set the function tracer in the instance"
[ -s enabled_functions ] && bad "kept lines only: enabled_functions lists $(head -n 3 enabled_functions | list)"
none "kept lines only" $T $I

echo "## 3. the load"
tron $T $I
insmod "$KO" || fail "insmod $KO"
loaded
echo "$M: $nm functions"
poke
wait_calls $I $HOTF 1
troff $T $I
grep -q ':mod:' set_ftrace_filter && bad "a kept line is still listed after the load: $(grep ':mod:' set_ftrace_filter | list)"
sort set_ftrace_filter > "$W/got"
cmp -s "$W/mf" "$W/got" || { bad "set_ftrace_filter does not list exactly $M's functions"; diff "$W/mf" "$W/got" | head; }
[ "$(list < $I/set_ftrace_filter)" = "$HOTF [$M]" ] || bad "instance: the filter lists '$(list < $I/set_ftrace_filter)'"
grep -q "^$INITF " $AFF && bad "$INITF is still in available_filter_functions after the init text was freed"
sed -E 's/ \([0-9]+\).*$//' enabled_functions | sort > "$W/got"
cmp -s "$W/mf" "$W/got" || { bad "enabled_functions does not list exactly $M's functions"; diff "$W/mf" "$W/got" | head; }
[ "$(ecount $HOTF)" = 2 ] || bad "enabled_functions counts '$(ecount $HOTF)' for $HOTF, want 2"
n=$(grep -c " \[$M\] (1)" enabled_functions)
[ "$n" = $((nm - 1)) ] || bad "enabled_functions counts 1 for $n of $M's other $((nm - 1)) functions"
# every record is one of M's functions, or its init function
allow=$( (sed 's/ \[.*//' "$W/mf"; echo $INITF) | sed 's/\./\\./g' | list | tr ' ' '|')
grep -v '^#' trace > "$W/top"
extra=$(names "$W/top" | grep -vxE "$allow" | sort | uniq -c | head -n 5 | list)
[ -z "$extra" ] || bad "top: records of functions outside $M: $extra"
n=$(calls $T $INITF)
echo "top: $(names "$W/top" | wc -l) records, $n of $INITF, $(calls $T $HOTF) of $HOTF"
[ "$n" = 1 ] || {
	bad "the kept line did not trace $INITF by name once ($n records)"
	grep -E '<-do_one_initcall' "$W/top" | head -n 3
}
[ "$(calls $T $HOTF)" = 1 ] || bad "top: $(calls $T $HOTF) records of $HOTF, want 1"
n=$(grep -v '^#' $I/trace | names - | wc -l)
[ "$(calls $I $HOTF)/$n" = 1/1 ] || bad "instance: $(calls $I $HOTF) records of $HOTF and $n in all, want 1/1"
tot1=$(tot)
[ "$tot1" -gt "$tot0" ] || bad "dyn_ftrace_total_info did not grow with $M: $tot0 -> $tot1"

echo "## 4. the unload, tracers running"
rmmod $M || fail "rmmod $M"
n=$(grep -c '' set_ftrace_filter)
[ "$n" = 0 ] || bad "after the unload the filter lists $n lines: $(head -n 3 set_ftrace_filter | list), want none"
n=$(grep -c '' $I/set_ftrace_filter)
[ "$n" = 0 ] || bad "instance: after the unload the filter lists $n lines: $(head -n 3 $I/set_ftrace_filter | list), want none"
gone "after the unload"
tot2=$(tot)
echo "dyn_ftrace_total_info functions: $tot0, loaded $tot1, unloaded $tot2"
[ "$tot2" = "$tot0" ] || bad "dyn_ftrace_total_info counts $tot2 functions after the unload, $tot0 before the load"

echo "## 5. $ROUNDS more loads and unloads"
for r in $(seq 1 "$ROUNDS"); do
	mode=$(((r - 1) % 3))
	case $mode in
	0) how="kept '*:mod:$M', instance kept '$HOTF:mod:$M'"
	   echo "*:mod:$M" > set_ftrace_filter
	   echo "$HOTF:mod:$M" > $I/set_ftrace_filter
	   want="2 1 1" ;;
	1) how="kept '*:mod:$M', notrace kept '$HOTF:mod:$M', instance kept '*:mod:$M'"
	   echo "*:mod:$M" > set_ftrace_filter
	   echo "$HOTF:mod:$M" > set_ftrace_notrace
	   # a notrace set with only kept lines is empty: its banner, then them
	   [ "$(list < set_ftrace_notrace)" = "#### no functions disabled #### $HOTF:mod:$M" ] ||
		bad "round $r: notrace '$HOTF:mod:$M' is listed as '$(list < set_ftrace_notrace)'"
	   echo "*:mod:$M" > $I/set_ftrace_filter
	   want="1 0 1" ;;
	2) how="loaded, then '$HOTF:mod:$M', instance '*:mod:$M'"
	   want="2 1 1" ;;
	esac
	tron $T $I
	insmod "$KO" || fail "round $r: insmod"
	if [ $mode = 2 ]; then
		r1=$(w set_ftrace_filter "$HOTF:mod:$M")
		r2=$(w $I/set_ftrace_filter "*:mod:$M")
		[ "$r1/$r2" = ok/ok ] || bad "round $r: filters on the loaded module: $r1/$r2"
		[ "$(list < set_ftrace_filter)" = "$HOTF [$M]" ] ||
			bad "round $r: '$HOTF:mod:$M' on the loaded module lists '$(list < set_ftrace_filter)'"
		[ $POKE = 1 ] || want="2 - -"
		tron $T $I	# what counts is recorded from here
	fi
	loaded
	poke
	[ $POKE = 1 ] || [ $mode = 2 ] || wait_calls $I $HOTF 1
	troff $T $I
	read -r ec ct ci <<< "$want"
	[ "$(ecount $HOTF)" = "$ec" ] || bad "round $r ($how): enabled_functions counts '$(ecount $HOTF)' for $HOTF, want $ec"
	[ $mode = 1 ] && { [ "$(list < set_ftrace_notrace)" = "$HOTF [$M]" ] ||
		bad "round $r: after the load notrace lists '$(list < set_ftrace_notrace)'"; }
	if [ "$ct" != - ]; then
		[ "$(calls $T $HOTF)/$(calls $I $HOTF)" = "$ct/$ci" ] ||
			bad "round $r ($how): $HOTF recorded $(calls $T $HOTF)/$(calls $I $HOTF) times in top/instance, want $ct/$ci"
	fi
	# (an init function shown as an address was reported in part 3)
	extra=$(grep -v '^#' $T/trace | names - | grep -vxE "$allow|0x[0-9a-f]+" | sort -u | head -n 3 | list)
	[ -z "$extra" ] || bad "round $r: top records functions outside $M: $extra"
	echo "round $r ($how): $nm functions, $HOTF counted $(ecount $HOTF), recorded $(calls $T $HOTF)/$(calls $I $HOTF)"
	rmmod $M || fail "round $r: rmmod"
	gone "round $r, after the unload"
	echo > set_ftrace_notrace
done

echo nop > $I/current_tracer
echo nop > current_tracer
[ -s enabled_functions ] && bad "enabled_functions at the end: $(head -n 3 enabled_functions | list)"
rmdir $I || bad "rmdir $I"

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
