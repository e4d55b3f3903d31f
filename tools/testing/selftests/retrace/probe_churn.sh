#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# probe_churn.sh - kprobe and uprobe events defined, enabled, hit,
# disabled and deleted from several tasks at once, on a module across its
# loads, and hostile definitions (Documentation/trace/kprobetrace.rst,
# uprobetracer.rst).
#
#   1. churn for CHURN_SECONDS (default 8): on every CPU a task calls
#      read(), write() and openat(); two tasks define kprobe and kretprobe
#      events with arguments of every kind on those functions, enable them
#      in the top instance or an instance, read a record, disable and
#      delete them; one opens perf on some kprobe and uprobe events of its
#      own (perf stat, for every CPU or for one task) while they may be
#      deleted (a delete then fails with EBUSY and is retried);
#      with uprobe events, a third task does the same with uprobe and
#      uretprobe events on cat's first instruction, which every cat the
#      hammering tasks run hits.  At
#      the end no event of the test is left, and slab + vmalloc grew less
#      than 1 MiB (not judged under KASAN, whose quarantine keeps freed
#      objects);
#   2. a probe on a module's function (tracepoint_test_module.ko's
#      tptest_fire_set) defined before the module loads: each call is one
#      record and one hit in kprobe_profile, across three loads; unloaded,
#      the event stays and records nothing;
#   3. hostile definitions (hand-made and random: huge lines, deep
#      dereferences, every bad type, register and offset, random bytes):
#      each write fails with an errno, and kprobe_events is unchanged.
# A splat anywhere fails the run (make check reads the guest log).
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
I=$T/instances/pc_test
SECS=${CHURN_SECONDS:-8}
W=$(mktemp -d)
nbad=0
bad() { echo "FAIL: $*"; nbad=$((nbad + 1)); }

[ -f $T/kprobe_events ] || { echo "SKIP: no kprobe events"; exit 4; }
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}

cleanup() {
	kill $(jobs -p) 2> /dev/null
	wait 2> /dev/null
	for e in $T/events/churn*/*/enable $I/events/churn*/*/enable; do
		[ -f "$e" ] && echo 0 > "$e"
	done
	[ -d $I ] && rmdir $I
	echo > $T/kprobe_events
	[ -f $T/uprobe_events ] && echo > $T/uprobe_events
	rmmod tracepoint_test_module 2> /dev/null
	rm -rf "$W"
}
trap cleanup EXIT
echo > $T/kprobe_events || { echo "FAIL: kprobe_events busy at the start"; exit 1; }
mkdir $I

mem() {	# slab + vmalloc, kB
	awk '/^(Slab|VmallocUsed):/ { s += $2 } END { print s }' /proc/meminfo
}

# ---- 1. churn ----------------------------------------------------------
args=(
	'a=%di b=%si:u32 c=%dx:s16'
	'p=+0(%si):ustring n=%dx:u64'
	'x=+0(+8(%di)):x8 y=+8(%di):b3@2/8'
	'c=$comm s=\"lit" i=\42:s8'
	'a1=$arg1 a3=$arg3:x32 st=$stack1'
	'arr=+0(%si):x8[4] ip=%ip:symbol'
)
funcs=(vfs_read vfs_write do_sys_openat2 ksys_read ksys_write)

hammer() {
	local end=$1
	while [ "$(date +%s)" -lt "$end" ]; do
		cat /proc/version > /dev/null
		echo churn > "$W/f.$BASHPID"
		read -r _ < "$W/f.$BASHPID"
	done
}

definer() {	# N END
	local n=$1 end=$2 i=0 f a ev kind dir where
	while [ "$(date +%s)" -lt "$end" ]; do
		i=$((i + 1))
		f=${funcs[$(( (i + n) % ${#funcs[@]} ))]}
		a=${args[$(( (i * 7 + n) % ${#args[@]} ))]}
		ev=e${n}_$i
		kind=p
		# a return probe reads its arguments from the entry
		[ $((i % 3)) = 0 ] && { kind=r; a='r=$retval:s32 a1=$arg1'; }
		echo "$kind:churn$n/$ev $f $a" >> $T/kprobe_events 2> /dev/null ||
			{ echo "define refused: $kind:churn$n/$ev $f $a" >> "$W/errors"; continue; }
		where=$T
		[ $((i % 2)) = 0 ] && where=$I
		dir=$where/events/churn$n/$ev
		echo 1 > $dir/enable
		sleep 0.05
		echo 0 > $dir/enable
		head -c 4096 $where/trace > /dev/null
		until echo "-:churn$n/$ev" >> $T/dynamic_events 2> /dev/null; do
			sleep 0.05
			[ "$(date +%s)" -gt $((end + 20)) ] &&
				{ echo "delete of $ev never succeeded" >> "$W/errors"; break; }
		done
		echo $i > "$W/defined.$n"
	done
}

# cat's first executable byte (its _init): "FILE:0xOFFSET"
cat_place() {
	cat /proc/self/maps |
		awk '$2 == "r-xp" && $6 ~ /\/cat$/ { print $6 ":0x" $3; exit }'
}

uprober() {	# END
	local end=$1 i=0 ev kind a where dir place
	[ -f $T/uprobe_events ] || return 0
	place=$(cat_place)
	[ -n "$place" ] || { echo "no place in cat" >> "$W/errors"; return 0; }
	while [ "$(date +%s)" -lt "$end" ]; do
		i=$((i + 1))
		ev=u_$i
		kind=p
		a='a=%di sp=$stack0:x64 c=$comm m=+0($stack):x64 s=+0(%si):ustring'
		[ $((i % 3)) = 0 ] && { kind=r; a='r=$retval:s32'; }
		echo "$kind:churnu/$ev $place $a" >> $T/uprobe_events 2> /dev/null ||
			{ echo "uprobe refused: $kind:churnu/$ev $place $a" >> "$W/errors"; continue; }
		where=$T
		[ $((i % 2)) = 0 ] && where=$I
		dir=$where/events/churnu/$ev
		echo 1 > $dir/enable
		sleep 0.05
		echo 0 > $dir/enable
		head -c 4096 $where/trace > /dev/null
		until echo "-:churnu/$ev" >> $T/dynamic_events 2> /dev/null; do
			sleep 0.05
			[ "$(date +%s)" -gt $((end + 20)) ] &&
				{ echo "delete of $ev never succeeded" >> "$W/errors"; break; }
		done
		echo $i > "$W/defined.u"
	done
}

perfer() {	# END
	local end=$1 i=0 place=
	command -v perf > /dev/null || return 0
	[ -f $T/uprobe_events ] && place=$(cat_place)
	while [ "$(date +%s)" -lt "$end" ]; do
		i=$((i + 1))
		# a kprobe event, a uprobe event for every CPU, one for a task
		case $((i % 3))${place:+u} in
		1u)
			echo "p:churnp/p$i $place" >> $T/uprobe_events ||
				{ echo "perf uprobe event refused: p$i" >> "$W/errors"; continue; }
			perf stat -e "churnp:p$i" -a -- sleep 2 > /dev/null 2>&1 &
			;;
		2u)
			echo "p:churnp/p$i $place" >> $T/uprobe_events ||
				{ echo "perf uprobe event refused: p$i" >> "$W/errors"; continue; }
			perf stat -e "churnp:p$i" -- sh -c 'sleep 1; cat /dev/null' > /dev/null 2>&1 &
			;;
		*)
			echo "p:churnp/p$i vfs_read n=%dx:u32" >> $T/kprobe_events ||
				{ echo "perf event refused: p$i" >> "$W/errors"; continue; }
			perf stat -e "churnp:p$i" -a -- sleep 2 > /dev/null 2>&1 &
			;;
		esac
		# until perf has the event open (an anon perf_event fd)
		for k in $(seq 100); do
			ls -l /proc/$!/fd 2> /dev/null | grep -q perf_event && break
			sleep 0.05
		done
		# open in perf: the delete waits (EBUSY) until perf is gone
		until echo "-:churnp/p$i" >> $T/dynamic_events 2> /dev/null; do
			sleep 0.05
		done
		wait $! && echo x >> "$W/perf"
	done
}

sync
before=$(mem)
end=$(( $(date +%s) + SECS ))
for c in $(seq 1 "$(nproc)"); do hammer $end & done
definer 1 $end &
definer 2 $end &
uprober $end &
perfer $end &
wait
defined=$(( $(cat "$W/defined.1" 2> /dev/null || echo 0) + $(cat "$W/defined.2" 2> /dev/null || echo 0) ))
udefined=$(cat "$W/defined.u" 2> /dev/null || echo 0)
touch "$W/perf"
echo "churn: $defined kprobe and $udefined uprobe events defined and deleted in ${SECS}s, $(wc -l < "$W/perf") perf sessions"
[ -s "$W/errors" ] && { bad "churn:"; cat "$W/errors"; }
# (each definer at least once: a KASAN kernel under TCG is slow)
[ "$defined" -ge 2 ] || bad "churn: only $defined events"
grep -q churn $T/kprobe_events && bad "churn: events left: $(grep churn $T/kprobe_events)"
# deleted kprobes leave the kprobes core a grace period or so later
sleep 1
[ -f /sys/kernel/debug/kprobes/list ] &&
	grep -Eq "(vfs|ksys)_(read|write)|do_sys_openat2" /sys/kernel/debug/kprobes/list &&
	bad "churn: kprobes left: $(cat /sys/kernel/debug/kprobes/list)"
if [ -f $T/uprobe_events ]; then
	[ "$udefined" -ge 1 ] || bad "churn: no uprobe event went through"
	grep -q churn $T/uprobe_events &&
		bad "churn: uprobe events left: $(grep churn $T/uprobe_events)"
fi
ls -d $T/events/churn* 2> /dev/null && bad "churn: event directories left"
sync
sleep 1
after=$(mem)
echo "memory: slab+vmalloc $before -> $after kB"
if grep -q kasan /proc/cmdline /proc/config.gz 2> /dev/null ||
   [ -d /sys/kernel/debug/kasan ]; then
	echo "memory not judged (KASAN)"
elif [ $((after - before)) -gt 1024 ]; then
	bad "memory grew by $((after - before)) kB"
fi

# ---- 2. a module's function ---------------------------------------------
KO=$(find "$D" -name tracepoint_test_module.ko 2> /dev/null | head -n 1)
if [ -z "$KO" ]; then
	echo "module part skipped: no tracepoint_test_module.ko under $D"
else
	fire() { echo 1 > /sys/module/tracepoint_test_module/parameters/fire; }
	hits() { awk '$1 == "modp" { print $2 }' $T/kprobe_profile; }
	echo 'p:churnm/modp tracepoint_test_module:tptest_fire_set' >> $T/kprobe_events ||
		bad "module: a probe before the load was refused"
	echo 1 > $T/events/churnm/modp/enable
	echo > $T/trace
	total=0
	for round in 1 2 3; do
		insmod "$KO" || { bad "module: insmod"; break; }
		for k in $(seq $round); do fire; done
		total=$((total + round))
		n=$(grep -c 'modp: (tptest_fire_set+0x0/' $T/trace)
		[ "$n" = $total ] || bad "module: round $round: $n records, want $total"
		[ "$(hits)" = $total ] || bad "module: round $round: $(hits) hits, want $total"
		rmmod tracepoint_test_module || bad "module: rmmod"
	done
	grep -q '^p:churnm/modp tracepoint_test_module:tptest_fire_set$' $T/kprobe_events ||
		bad "module: the event is gone after the unload"
	echo 0 > $T/events/churnm/modp/enable
	echo '-:churnm/modp' >> $T/dynamic_events || bad "module: delete"
	echo "module: $total calls, $total records over 3 loads"
fi

# ---- 3. hostile definitions ---------------------------------------------
echo 'p:keep/kept vfs_read a=%di' >> $T/kprobe_events || bad "hostile: setup"
cp $T/kprobe_events "$W/before"
hostile() {	# TEXT
	local err
	if err=$( (printf '%s' "$1" >> $T/kprobe_events) 2>&1 ); then
		bad "hostile: accepted: ${1:0:120}"
	fi
	echo "$err" >> "$W/errnos"
}
long=$(head -c 5000 /dev/zero | tr '\0' 'a')
deep='@0'
for k in $(seq 200); do deep="+0($deep)"; done
hostile "p vfs_read $long"
hostile "p vfs_read a=$long"
hostile "p $long"
hostile "p:$long vfs_read"
hostile "p:g/$long vfs_read"
hostile "p vfs_read $deep"
hostile "p vfs_read x=+0(%di):$long"
hostile "p vfs_read $(seq -s ' ' -f 'a%g=%%di' 1 129)"
for t in u7 s128 x0 string8 char16 symbol32 b b1 b1@ b1@1 b@1/8 b65@0/64 'u8[' 'u8[]' 'u8[0]' 'u8[-1]' 'u8[1][2]' '%pX' ustring2; do
	hostile "p vfs_read +0(%di):$t"
done
for r in %rax %di2 %e %xyz %ipx %sp0 %; do
	hostile "p vfs_read $r"
done
for o in '+(%di)' '+0x(%di)' '+99999999999999999999(%di)' '-(%di)' '+1e3(%di)' '+0%di)' '+0(%di' '+0((%di)' '@0x' '@-1' '@99999999999999999999' '\+' '\-' '\0x1g' '$stack99999' '$arg0' '$argx' '$retval'; do
	hostile "p vfs_read $o"
done
for k in $(seq 200); do
	hostile "p vfs_read $(head -c 40 /dev/urandom | tr -d '\0\n' | tr -c '[:print:]' '%' | tr -d '# ')"
	# (a line starting with '#' is a comment: "x" keeps it a line)
	hostile "x$(head -c 60 /dev/urandom | tr -d '\0\n')"
done
if ! diff -u "$W/before" $T/kprobe_events; then
	bad "hostile: kprobe_events changed"
fi
echo "hostile: $(wc -l < "$W/errnos") definitions refused ($(sort "$W/errnos" | sed 's/.*: //' | sort | uniq -c | tr -s ' \n' ' '))"
echo '-:keep/kept' >> $T/dynamic_events || bad "hostile: cleanup"

[ $nbad = 0 ] || { echo "FAIL: $nbad problems"; exit 1; }
echo "PASS"
