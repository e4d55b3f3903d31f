#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# probe-dump.sh OUT  (in the guest, as root)
#
# Probe events of fixed definitions, written to OUT/probe.txt so that two
# kernels can be compared with diff (refevents.sh runs this on the
# reference kernel; tools/testing/selftests/retrace/probe_identity.sh
# runs it on ours):
#
#   - each definition below: the write's result, its line in
#     kprobe_events and dynamic_events, the event's format (id cut)
#   - the records of one known workload (a child opening and reading a
#     file of its own, the events filtered on its pid), as the trace file
#     prints them after the event name, each distinct line once; function
#     sizes ("/0x...") are cut, since the two kernels' images differ, and
#     so are the comm and the dfd
#   - appending, deleting by place, "-:GROUP/", and kprobe_profile's
#     names
#   - each malformed definition: the write's errno and the error_log
#     entry (time stamp cut)
#   - event probes: the same for definitions on tracepoints, and the
#     records of a second workload (an open and an exec)
#   - the same for uprobe events on bash (its path shown as BASH, the
#     records' addresses cut), its records from two execs of bash
set -u
out=$1
T=/sys/kernel/tracing
mkdir -p "$out"
exec > "$out/probe.txt" 2>&1
[ -f $T/kprobe_events ] || { echo "no kprobe events"; exit 0; }

put() {	# FILE TEXT: write, and say how it went
	local err
	if err=$( (echo "$2" >> "$1") 2>&1 ); then
		echo "write ok: $2"
	else
		echo "write refused: $2 (${err##*: })"
	fi
}
nosize() { sed -E 's#(\+0x[0-9a-f]+)/0x[0-9a-f]+#\1#g'; }

echo 0 > $T/tracing_on
echo > $T/trace
echo > $T/dynamic_events
echo > $T/error_log

defs=(
	'p:kprobes/openat do_sys_openat2 dfd=%di:s32 path=+0(%si):ustring flags=+0(%dx):x32 mode=+8(%dx):u16 ch=+u0(%si):char'
	'p:kprobes/openat_args do_sys_openat2 a1=$arg1:s32 a2=+0($arg2):ustring a3=+8($arg3):x16 comm=$comm'
	'r:kprobes/openat_ret do_sys_openat2 ret=$retval:s32 dfd=$arg1:s32'
	'p:probes/vfsr vfs_read name=%di:%pD count=%dx:u32 pos=+0(%cx):s64 bits=+0(%cx):b4@2/8 bytes=+0(%cx):u8[4]'
	'r4:probes/vfsr_ret vfs_read ret=$retval:s64 hex=$retval:x8'
	'p:probes/consts do_sys_openat2 i=\4660:x16 s=\"immediate" n=\-1:s8 u=\255:u8 sym=%ip:symbol ss=%ip:symstr'
	'p:probes/stack do_sys_openat2 sp=$stack:x64 d=$stack0:u8'
	'p do_sys_openat2'
	'r vfs_read'
	'p:probes/mid vfs_read+5'
	'p vfs_read+4'
	'p:probes/ret_suffix vfs_read%return ret=$retval:u32'
)
for d in "${defs[@]}"; do
	put $T/kprobe_events "$d"
done
echo "== kprobe_events"
cat $T/kprobe_events
echo "== dynamic_events"
cat $T/dynamic_events
for f in $(find $T/events/kprobes $T/events/probes -name format | sort); do
	echo "== ${f#$T/}"
	grep -v '^ID:' "$f"
done

# The workload: a child that opens and reads a file of its own.
mkdir -p /tmp/probe-dump
printf 'retrace\n' > /tmp/probe-dump/data
bash -c 'read -r _ < /proc/self/stat; sleep 0.2; exec 3< /tmp/probe-dump/data; read -r -u 3 line' &
child=$!
# (not probes/stack: its values are stack contents)
for e in $(ls -d $T/events/kprobes/*/ $T/events/probes/*/ | grep -v /stack/); do
	echo "common_pid == $child" > "$e/filter"
	echo 1 > "$e/enable"
done
echo 1 > $T/tracing_on
wait $child
echo 0 > $T/tracing_on
echo "== records"
# "TASK-PID [CPU] FLAGS TS: " cut; data paths and pids vary per run
sed -n 's/^.*[0-9]: \([a-z_0-9]*: \)/\1/p' $T/trace | nosize |
	sed -E 's/comm="[^"]*"/comm=X/; s/dfd=-?[0-9]+/dfd=D/' | sort | uniq -c |
	sed -E 's/^ *[0-9]+ //'
for e in $(ls -d $T/events/kprobes/*/ $T/events/probes/*/); do
	echo 0 > "$e/enable"
	echo 0 > "$e/filter"
done

echo "== appending and deleting"
put $T/kprobe_events 'p:probes/multi vfs_read n=%dx:u32'
put $T/kprobe_events 'p:probes/multi vfs_write n=%dx:u32'
put $T/kprobe_events 'p:probes/multi vfs_write n=%dx:u32'
put $T/kprobe_events 'p:probes/multi vfs_readv n=%dx:u64'
put $T/kprobe_events 'r:probes/multi vfs_readv'
put $T/kprobe_events 'p:synthetic/clash vfs_read'
grep multi $T/kprobe_events
put $T/dynamic_events '-:probes/multi vfs_write n=%dx:u32'
grep multi $T/kprobe_events
echo 1 > $T/events/probes/vfsr_ret/enable
put $T/dynamic_events '-:probes/vfsr_ret'
echo 0 > $T/events/probes/vfsr_ret/enable
put $T/dynamic_events '-:probes/'
put $T/dynamic_events '-:probes/'
echo "== kprobe_profile"
awk '{ print $1 }' $T/kprobe_profile
cat $T/error_log | sed -E 's/^\[[ 0-9.]+\] //'
echo > $T/error_log

echo "== refused"
bad=(
	'p vfs_read +0(%di):u8[65]'
	'p vfs_read +0(%di):string[2]:x'
	'p vfs_read %di:string'
	'p vfs_read $comm:u8'
	'p vfs_read \"abc":string[2]'
	'p vfs_read +0($comm):string'
	'p vfs_read +0(\"abc"):u8'
	'p vfs_read @jiffies:symstr'
	'p vfs_read +u0(%di):u8[2]'
	'p vfs_read +0(%di):b0@1/8'
	'p vfs_read +0(%di):b8@1/8'
	'p vfs_read +0(%di):b2@1/7'
	'p vfs_read +0(%di):b2@1/8x'
	'p vfs_read $stack:string'
	'p vfs_read a=%di a=%si'
	'p vfs_read common_pid=%di'
	'p vfs_read __probe_ip=%di'
	'p vfs_read 1a=%di'
	'p vfs_read $argx'
	'p vfs_read $arg0'
	'p vfs_read $stackx'
	'p vfs_read $retvalue'
	'p vfs_read +0x(%di)'
	'p vfs_read -u8(%di'
	'p vfs_read +u8(%di):ustring)'
	'p vfs_read @'
	'p vfs_read @unknown_symbol_xyz'
	'p vfs_read %'
	'p vfs_read \'
	'p vfs_read \0x'
	'p vfs_read \"'
	'p vfs_read ""'
	'r0 vfs_read'
	'r4096 vfs_read'
	'r4097 vfs_read'
	'p:a/b/c vfs_read'
	'p:1g/ev vfs_read'
	'p:grp/ev.x vfs_read'
	'p:grp/1ev vfs_read'
	'p:/ vfs_read'
	'p vfs_read%ret'
	'p vfs_read+-1'
	'p 0 vfs_read'
	'r vfs_read+0x4'
	'p mod:sym'
	'p vfs_read $arg2 $arg*'
	'p vfs_read $arg* $arg*'
	'p vfs_read $arg9000'
	'r vfs_read $arg1:ustring'
	'p do_sys_openat2 $arg2:ustring'
	'p vfs_read+4 $retval'
	'x vfs_read'
	'p'
)
for d in "${bad[@]}"; do
	put $T/kprobe_events "$d"
	tail -n 3 $T/error_log | sed -E 's/^\[[ 0-9.]+\] //'
	echo > $T/error_log
done
echo > $T/dynamic_events

# Event probes: definitions on tracepoints (a char * field, a __data_loc
# string, a char[16], numbers, $comm, a filter), their records from one
# workload, deleting, and refused definitions.
echo "== event probes"
edefs=(
	'e:eprobes/open syscalls.sys_enter_openat file=+0($filename):ustring dfd=$dfd flags=$flags:x32 comm=$comm'
	'e:eprobes/open_if syscalls/sys_enter_openat f=+0($filename):ustring if flags == 0'
	'e sched.sched_process_exec fn=$filename:string ptr=$filename'
	'e:grp/sw sched.sched_switch prev=$prev_comm:string next=$next_pid:s32 st=$prev_state:x64 c=$prev_comm'
	'e:grp/wake sched.sched_wakeup $pid $comm:string'
	'e:eprobes/open syscalls.sys_enter_openat'
	'e:eprobes/bad_filter syscalls.sys_enter_openat if nofield == 1'
	'e:eprobes/bad_filter syscalls.sys_enter_openat if dfd =='
	'e:eprobes/on_probe kprobes.openat'
)
put $T/kprobe_events 'p:kprobes/openat do_sys_openat2'
for d in "${edefs[@]}"; do
	put $T/dynamic_events "$d"
	tail -n 3 $T/error_log | sed -E 's/^\[[ 0-9.]+\] //'
	echo > $T/error_log
done
cat $T/dynamic_events
for f in $(find $T/events/eprobes $T/events/grp -name format | sort); do
	echo "== ${f#$T/}"
	grep -v '^ID:' "$f"
done
# The records start once the filters are on: the first bash's own start
# (which may read /etc/passwd) races them, the one it execs does not.
rm -f /tmp/probe-dump/go
bash -c 'while [ ! -e /tmp/probe-dump/go ]; do sleep 0.05; done
	exec /bin/bash -c "exec 3< /tmp/probe-dump/data; exec /bin/true"' &
child=$!
for e in open open_if sched_process_exec; do
	echo "common_pid == $child" > $T/events/eprobes/$e/filter
	echo 1 > $T/events/eprobes/$e/enable
done
echo > $T/trace
echo 1 > $T/tracing_on
touch /tmp/probe-dump/go
wait $child
echo 0 > $T/tracing_on
echo "== event probe records"
sed -n 's/^.*[0-9]: \([a-z_0-9]*: \)/\1/p' $T/trace |
	sed -E 's/comm=(0x)?[0-9a-f]+/comm=X/; s/ptr=0x[0-9a-f]+/ptr=P/' |
	sort | uniq -c | sed -E 's/^ *[0-9]+ //'
put $T/dynamic_events '-:eprobes/open'
for e in open open_if sched_process_exec; do
	echo 0 > $T/events/eprobes/$e/enable
	echo 0 > $T/events/eprobes/$e/filter
done
put $T/dynamic_events '-:eprobes/open syscalls/sys_enter_openat file=+0($filename):ustring'
put $T/dynamic_events '-:eprobes/open syscalls.sys_enter_openat file=+0($filename):ustring dfd=$dfd flags=$flags:x32 comm=$comm'
put $T/dynamic_events '-:grp/'
put $T/dynamic_events '-:sched_process_exec sched/sched_process_exec'
cat $T/dynamic_events
echo "== event probes refused"
ebad=(
	'e a.'
	'e .b'
	'e a.b'
	'e syscalls'
	'e syscalls/sys_enter_openat foo'
	'e syscalls/sys_enter_openat a=$nofield'
	'e syscalls/sys_enter_openat a=%di'
	'e syscalls/sys_enter_openat a=$stack'
	'e syscalls/sys_enter_openat a=$retval'
	'e syscalls/sys_enter_openat a=$arg1'
	'e syscalls/sys_enter_openat a=$dfd:string[2]'
	'e syscalls/sys_enter_openat a=$dfd:%pd'
	'e syscalls/sys_enter_openat a=+0($comm):u8'
	'e syscalls/sys_enter_openat if'
	'e:g/e syscalls/sys_enter_openat if dfd > 0 &&'
	'e:1g/e syscalls/sys_enter_openat'
	'e:-g-1/e syscalls/sys_enter_openat'
	'e:g.x/e syscalls/sys_enter_openat'
	'e:g/e.1 syscalls/sys_enter_openat'
	'e:/e syscalls/sys_enter_openat'
	'e: syscalls/sys_enter_openat'
	'e:g/e ftrace.function'
)
for d in "${ebad[@]}"; do
	put $T/dynamic_events "$d"
	tail -n 3 $T/error_log | sed -E 's/^\[[ 0-9.]+\] //'
	echo > $T/error_log
done
echo > $T/dynamic_events
# uprobe events, on bash's first executable byte (its _init: each exec
# of bash hits it once); addresses vary with ASLR, and are cut
if [ -f $T/uprobe_events ]; then
	um=$(/bin/bash -c 'cat /proc/$$/maps; true' |
		awk '$2 == "r-xp" && $6 ~ /\/bin\/bash$/ { print "0x" $3, $6; exit }')
	uo=${um% *}
	ub=${um#* }
	uo2=$(printf '0x%x' $((uo + 16)))
	udefs=(
		"p:uprobes/ubash $ub:$uo e=@+1:x32 m=@+0:x8[4] c=\$comm n=\\-5:s16 str=@+1:string"
		"r:uprobes/ubash_ret $ub:$uo c=\$comm"
		"p:uprobes/ubash_ret2 $ub:$uo%return c=\$comm"
		"p $ub:$uo"
		"p:probes/uref $ub:$uo2(0x20) i=\\\"imm\" sp=\$stack:x64 st=\$stack3"
	)
	for d in "${udefs[@]}"; do
		put $T/uprobe_events "$d"
	done
	echo "== uprobe_events"
	sed "s#$ub#BASH#" $T/uprobe_events
	echo "== dynamic_events (uprobes)"
	grep -e '^p:uprobes' -e '^r:uprobes' -e '^p:probes/uref' $T/dynamic_events |
		sed "s#$ub#BASH#"
	for f in $(find $T/events/uprobes $T/events/probes -name format | sort); do
		echo "== ${f#$T/}"
		grep -v '^ID:' "$f"
	done
	echo > $T/trace
	for e in $T/events/uprobes/*/; do
		echo 1 > "$e/enable"
	done
	echo 1 > $T/tracing_on
	"$ub" -c : ; "$ub" -c :
	echo 0 > $T/tracing_on
	for e in $T/events/uprobes/*/; do
		echo 0 > "$e/enable"
	done
	echo "== uprobe records"
	sed -n 's/^.*[0-9]: \([a-z_0-9]*: \)/\1/p' $T/trace |
		sed -E 's/\(0x[0-9a-f]+/(0xADDR/; s/<- 0x[0-9a-f]+/<- 0xADDR/' |
		sort | uniq -c | sed -E 's/^ *[0-9]+ //'
	echo "== uprobe appending and deleting"
	{
	put $T/uprobe_events "p:uprobes/umulti $ub:$uo2 n=%ax:u32"
	put $T/uprobe_events '-:probes/uref'
	put $T/uprobe_events "p:uprobes/umulti $ub:$uo n=%ax:u32"
	put $T/uprobe_events "p:uprobes/umulti $ub:$uo2 n=%ax:u32"
	put $T/uprobe_events "p:uprobes/umulti $ub:$uo2 n=%ax:u32"
	put $T/uprobe_events "p:uprobes/umulti $ub:$uo2 n=%ax:u64"
	put $T/uprobe_events "r:uprobes/umulti $ub:$uo2"
	put $T/uprobe_events "p:uprobes/umulti $ub:$uo2(0x8)"
	grep umulti $T/uprobe_events
	put $T/dynamic_events "-:uprobes/umulti $ub:$(printf '0x%016x' $uo2) n=%ax:u32"
	grep umulti $T/uprobe_events
	echo 1 > $T/events/uprobes/ubash/enable
	put $T/uprobe_events '-:uprobes/ubash'
	echo 0 > $T/events/uprobes/ubash/enable
	} | sed "s#$ub#BASH#"
	echo "== uprobe_profile"
	awk '{ print $2 }' $T/uprobe_profile
	sed -E 's/^\[[ 0-9.]+\] //' $T/error_log | sed "s#$ub#BASH#"
	echo > $T/error_log
	echo "== uprobes refused"
	ubad=(
		'p /non_exist_file:100'
		'p /sys:100'
		"p $ub:10a"
		"p $ub:10(1a)"
		"p $ub:10(10"
		"p $ub:10(10)a"
		"p $ub:10%hoge"
		"p $ub:10(10)%return"
		"p $ub:10%return(1q)"
		"p $ub:10 @+ab"
		"p $ub:10 @symbol"
		"p $ub:10 \$stack0:symstr"
		"p $ub:10 %ax:symbol"
		"p $ub:10 \$retval"
		"p $ub:10 \$arg1"
		"p $ub:10 \$comm:u8"
		"p $ub:10 +0(\$comm):string"
		"p $ub:10 a=%ax a=%bx"
		"p:1bad $ub:10"
		"p:g/ $ub:10"
		"r1 $ub:10"
		"p $ub:"
		"p $ub:0x10 +u0(%ax):u8[2]"
		"p bash:10"
	)
	for d in "${ubad[@]}"; do
		put $T/uprobe_events "$d" | sed "s#$ub#BASH#"
		tail -n 3 $T/error_log | sed -E 's/^\[[ 0-9.]+\] //' | sed "s#$ub#BASH#"
		echo > $T/error_log
	done
	echo > $T/uprobe_events
fi
echo "== left"
cat $T/dynamic_events
