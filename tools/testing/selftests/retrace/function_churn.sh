#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# function_churn.sh - the function tracer switched, refiltered and patched
# from several processes at once, for CHURN_SECS seconds (default 20):
#   - the function tracer goes on and off in the top instance and in two
#     instances (fc_a, fc_b), each in a loop of its own;
#   - a filter writer rewrites set_ftrace_filter (with ">": the new set
#     replaces the old when the file is closed) and set_ftrace_notrace of
#     the three with globs, and removes part of a filter with "!";
#   - /proc/sys/kernel/ftrace_enabled goes 0 and 1;
#   - a third instance (fc_c) is made, given a filter and the function
#     tracer, read, and removed with the tracer running;
#   - a reader reads trace and trace_pipe of the instances;
#   - a workload forks, execs and does file I/O all along.
# Every filter written matches at least one function, so no instance ever
# traces every function.  Errors of single writes are expected (fc_c may
# vanish under its writer); what must hold: every loop ends within
# CHURN_GRACE seconds (default 120) after the time is up (no task hangs in
# the patching), and after the reset no function is traced
# (enabled_functions is empty), ftrace_enabled is 1, no fc_ instance is
# left, the kernel log has no ftrace bug, and a filtered function trace
# still works.  A splat in the kernel log fails the lab run.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
I=$T/instances
SYSCTL=/proc/sys/kernel/ftrace_enabled
SECS=${CHURN_SECS:-20}
GRACE=${CHURN_GRACE:-120}
W=$(mktemp -d)
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/available_tracers ] || { echo "SKIP: no tracefs at $T"; exit 4; }
grep -qw function $T/available_tracers || { echo "SKIP: no function tracer"; exit 4; }
[ -d $I ] || { echo "SKIP: no instances"; exit 4; }
[ -e $SYSCTL ] || fail "no $SYSCTL"

pids=""
on=$(cat $T/tracing_on)
# Everything off, in the order that never traces every function: the
# tracers stop before their filters are emptied.
reset_all() {
	local d

	echo 1 > $SYSCTL
	for d in $I/fc_a $I/fc_b $I/fc_c $T; do
		[ -d $d ] || continue
		echo nop > $d/current_tracer
	done
	for d in $I/fc_a $I/fc_b $I/fc_c $T; do
		[ -d $d ] || continue
		echo > $d/set_ftrace_filter
		echo > $d/set_ftrace_notrace
		echo > $d/trace
		[ $d = $T ] || rmdir $d
	done
}
cleanup() {
	local p

	# only the loops this script started, by their pid; a hung one is
	# not waited for
	for p in $pids; do kill "$p" 2> /dev/null; done
	[ -n "$pids" ] && sleep 1
	reset_all 2> /dev/null
	echo "$on" > $T/tracing_on
	rm -rf "$W"
}
trap cleanup EXIT

[ -s $T/enabled_functions ] && { head -n 5 $T/enabled_functions; fail "enabled_functions is not empty before the test"; }
[ "$(cat $SYSCTL)" = 1 ] || fail "ftrace_enabled is $(cat $SYSCTL) at the start"
for f in vfs_read vfs_write; do
	grep -qx $f $T/available_filter_functions || fail "$f is not in available_filter_functions"
done

# The globs: GLOB=ERE on the names of available_filter_functions; only
# those that match something are used (a write of one that matches
# nothing would leave the filter empty: every function).
sed 's/ .*//' $T/available_filter_functions | sort -u > "$W/names"
globs=""
for g in 'vfs_*=^vfs_' 'ksys_*=^ksys_' '*_read=_read$' 'schedule*=^schedule' \
	 'do_sys_*=^do_sys_' '__x64_sys_*=^__x64_sys_' '*_getattr=_getattr$' \
	 'filemap_*=^filemap_' 'kmem_cache_*=^kmem_cache_' '*mmap*=mmap' \
	 'copy_process=^copy_process$' 'kernel_clone=^kernel_clone$'; do
	grep -qE "${g#*=}" "$W/names" && globs="$globs ${g%%=*}"
done
set -f		# the globs are words, not file patterns
globs=($globs)
set +f
ng=${#globs[@]}
[ "$ng" -ge 4 ] || fail "only $ng of the globs match any function: ${globs[*]}"
echo "globs: ${globs[*]}"
dmesg_bugs() { dmesg 2> /dev/null | grep -cE 'ftrace (bug|faulted|failed to modify)'; }
bugs0=$(dmesg_bugs)

end=$((SECONDS + SECS))

# tracer DIR NAME: the function tracer on and off
tracer() {
	local d=$1 i=0
	while [ $SECONDS -lt $end ]; do
		echo function > $d/current_tracer
		sleep 0.$((RANDOM % 3))
		echo nop > $d/current_tracer
		i=$((i + 1))
	done 2> /dev/null
	echo "tracer $2: $i rounds"
}

# filters: rewrite the filters and notrace sets of the top and fc_a/fc_b
filters() {
	local i=0 d g h
	while [ $SECONDS -lt $end ]; do
		for d in $T $I/fc_a $I/fc_b; do
			g=${globs[$((RANDOM % ng))]}
			h=${globs[$((RANDOM % ng))]}
			echo "$g $h" > $d/set_ftrace_filter
			case $((i % 4)) in
			0) echo "${globs[$((RANDOM % ng))]}" > $d/set_ftrace_notrace ;;
			1) echo > $d/set_ftrace_notrace ;;
			# "!" removes part of the set, never all of it
			2) echo "$g vfs_read vfs_write" > $d/set_ftrace_filter
			   echo '!vfs_write' >> $d/set_ftrace_filter ;;
			3) echo "${globs[$((RANDOM % ng))]}" >> $d/set_ftrace_filter ;;
			esac
			i=$((i + 1))
		done
	done 2> /dev/null
	echo "filters: $i rewrites"
}

switch() {
	local i=0
	while [ $SECONDS -lt $end ]; do
		echo 0 > $SYSCTL
		sleep 0.$((RANDOM % 3))
		echo 1 > $SYSCTL
		sleep 0.$((2 + RANDOM % 5))
		i=$((i + 1))
	done 2> /dev/null
	echo 1 > $SYSCTL
	echo "ftrace_enabled: $i times off"
}

# instance: fc_c made, traced and removed with the tracer running
instance() {
	local d=$I/fc_c made=0 gone=0 i=0
	while [ $SECONDS -lt $end ]; do
		if mkdir $d 2> /dev/null; then
			made=$((made + 1))
			{
				echo "${globs[$((RANDOM % ng))]}" > $d/set_ftrace_filter &&
				echo function > $d/current_tracer
				[ $((i % 2)) = 0 ] && echo "${globs[$((RANDOM % ng))]}" > $d/set_ftrace_notrace
				sleep 0.1
				head -c 4096 $d/trace > /dev/null
			} 2> /dev/null
		fi
		rmdir $d 2> /dev/null && gone=$((gone + 1))
		i=$((i + 1))
	done
	echo "instance fc_c: $made made, $gone removed"
}

reader() {
	local i=0 d
	while [ $SECONDS -lt $end ]; do
		for d in $T $I/fc_a $I/fc_b $I/fc_c; do
			{
				head -c 8192 $d/trace > /dev/null
				timeout 0.2 cat $d/trace_pipe > /dev/null
				cat $d/set_ftrace_filter $d/set_ftrace_notrace > /dev/null
			} 2> /dev/null
		done
		cat $T/enabled_functions > /dev/null
		i=$((i + 1))
	done
	echo "reader: $i rounds"
}

workload() {
	local i=0
	while [ $SECONDS -lt $end ]; do
		/bin/true
		ls /proc > /dev/null
		dd if=/dev/zero of="$W/f.$1" bs=4k count=16 2> /dev/null
		cat "$W/f.$1" > /dev/null
		sh -c 'echo $$ > /dev/null'
		i=$((i + 1))
	done
	echo "workload $1: $i rounds"
}

# The instances, with a filter before any tracer runs there.
for n in fc_a fc_b fc_c; do rmdir $I/$n 2> /dev/null; done
mkdir $I/fc_a $I/fc_b || fail "cannot make the instances"
for d in $T $I/fc_a $I/fc_b; do
	echo "${globs[0]}" > $d/set_ftrace_filter || fail "cannot set the filter of $d"
done
echo 1 > $T/tracing_on

tracer $T top & pids="$pids $!"
tracer $I/fc_a fc_a & pids="$pids $!"
tracer $I/fc_b fc_b & pids="$pids $!"
filters & pids="$pids $!"
switch & pids="$pids $!"
instance & pids="$pids $!"
reader & pids="$pids $!"
workload 1 & pids="$pids $!"
workload 2 & pids="$pids $!"

# Every loop must end on its own, within the grace period.
deadline=$((end + GRACE))
hung=""
for p in $pids; do
	while kill -0 "$p" 2> /dev/null; do
		if [ $SECONDS -ge $deadline ]; then
			hung="$hung $p"
			break
		fi
		sleep 1
	done
done
if [ -n "$hung" ]; then
	for p in $hung; do
		echo "still running $((SECONDS - end))s after the end: $(tr '\0' ' ' < /proc/$p/cmdline 2> /dev/null)"
		cat /proc/$p/stack 2> /dev/null | head -n 20
		for c in $(pgrep -P "$p" 2> /dev/null); do
			echo "  child $c: $(tr '\0' ' ' < /proc/$c/cmdline 2> /dev/null)"
			cat /proc/$c/stack 2> /dev/null | head -n 20
		done
	done
	fail "loops hung:$hung"
fi
wait
pids=""
echo "all loops ended $((SECONDS - end))s after the time was up"

reset_all
[ "$(cat $SYSCTL)" = 1 ] || bad "ftrace_enabled reads $(cat $SYSCTL) after the reset"
[ "$(cat $T/current_tracer)" = nop ] || bad "current_tracer reads $(cat $T/current_tracer)"
for n in fc_a fc_b fc_c; do
	[ -e $I/$n ] && bad "instance $n is left"
done
if [ -s $T/enabled_functions ]; then
	bad "functions still traced after the reset: $(grep -c '' $T/enabled_functions)"
	head -n 5 $T/enabled_functions
fi
[ "$(cat $T/set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	bad "the top filter is not empty after the reset"
bugs=$(dmesg_bugs)
[ "$bugs" = "$bugs0" ] || { bad "the kernel log reports an ftrace bug"; dmesg | grep -A5 -E 'ftrace (bug|faulted|failed)' | head -n 20; }

# The function tracer still works.
echo vfs_read > $T/set_ftrace_filter
echo function > $T/current_tracer || bad "cannot start the function tracer after the churn"
echo 1 > $T/tracing_on
read -r l < /proc/version
echo 0 > $T/tracing_on
n=$(grep -cE ': vfs_read <-' $T/trace)
o=$(grep -v '^#' $T/trace | grep -cvE ': vfs_read <-')
echo "after the churn: $n vfs_read records, $o others"
[ "$n" -gt 0 ] || bad "no vfs_read record after the churn"
[ "$o" = 0 ] || bad "$o records of other functions with a filter on vfs_read"
echo nop > $T/current_tracer
echo > $T/set_ftrace_filter
echo > $T/trace
[ -s $T/enabled_functions ] && bad "enabled_functions not empty at the end"
echo "$on" > $T/tracing_on

if [ $nbad -ne 0 ]; then
	echo "FAIL: $nbad checks failed"
	exit 1
fi
echo "PASS"
