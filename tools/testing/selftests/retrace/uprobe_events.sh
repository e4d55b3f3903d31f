#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# uprobe_events.sh - uprobe events on a small program (uprobe_events.c):
#   1. a uprobe with every kind of argument a uprobe takes (registers,
#      a user string, user memory, a file offset, $comm, $stack), a
#      uretprobe ("r:") and a return probe in 6.12's form ("%return"):
#      their listings, format files and print fmts;
#   2. enabled, the program run N times: N records of each, with the
#      values the program passed and returned, and N hits of each in
#      uprobe_profile; the last probe of an enabled event cannot go;
#   3. a probe appended to the event, on a copy of the program: both
#      places record; deleting it by its place keeps the first;
#   4. a perf event for one task (perf record -- PROGRAM) while another
#      task runs the same program: only the followed task hits (the
#      profile counts exactly its calls), and perf script decodes them;
#      perf probe -x on libc's getpid, if perf is there; perf's uprobe
#      PMU (perf_event_open() with no tracefs definition) counts N
#      entries and N returns;
#   5. hostile definitions refused, each with its errno and its
#      error_log line, leaving nothing defined;
#   6. deleting one by "-:", the rest by truncating uprobe_events.
# The binary is built by the lab on the host (check.sh, into
# $RETRACE_SELFTEST_BIN); run by hand, it is built here with cc.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
NAME=uprobe_events
N=5
W=$(mktemp -d)
# records need tracing on; it is left as found
on=$(cat $T/tracing_on)
cleanup() {
	for e in $T/events/uprobes/*/enable; do
		[ -f "$e" ] && echo 0 > "$e"
	done
	perf probe -q -d 'probe_libc:*' > /dev/null 2>&1
	echo > $T/uprobe_events
	echo "$on" > $T/tracing_on
	rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/uprobe_events ] || { echo "SKIP: no uprobe events"; exit 4; }

src=${RETRACE_SELFTEST_BIN:-}/$NAME
# the probed file is a copy on the guest's own file system
bin=$W/$NAME
if [ -x "$src" ]; then
	cp "$src" "$bin"
else
	${CC:-cc} -O2 -Wall -o "$bin" "$HERE/$NAME.c" || fail "cannot build $NAME"
fi
cp "$bin" "$W/copy"
mkdir "$W/copy.d"
mv "$W/copy" "$W/copy.d/$NAME"
bin2=$W/copy.d/$NAME

eval "$("$bin" offsets | sed 's/^\([a-z]*\) \(0x[0-9a-f]*\)$/\1=\2/')"
[ -n "${fn:-}" ] && [ -n "${global:-}" ] || fail "no offsets from $bin"
fn16=$(printf '0x%016x' "$fn")
echo "ue_target() at $bin:$fn, ue_global at @+$global"

echo > $T/trace
echo 1 > $T/tracing_on
echo > $T/uprobe_events || fail "truncate uprobe_events"

# 1. definitions
ARGS="n=%di:s32 s=+0(%si):string g=+0(%dx):x64 gf=@+$global:x64 comm=\$comm sp=\$stack:x64 st=\$stack0:x64"
echo "p:uprobes/ue_entry $bin:$fn $ARGS" >> $T/uprobe_events ||
	fail "define ue_entry"
echo "r:uprobes/ue_ret $bin:$fn ret=\$retval:s32" >> $T/uprobe_events ||
	fail "define ue_ret"
echo "p:ue_ret2 $bin:$fn%return ret=\$retval:s32 c=\$comm" >> $T/uprobe_events ||
	fail "define ue_ret2 (%return)"
echo "p $bin:$fn" >> $T/uprobe_events || fail "define a default name"

cat $T/uprobe_events
want="p:uprobes/ue_entry $bin:$fn16 $ARGS
r:uprobes/ue_ret $bin:$fn16 ret=\$retval:s32
r:uprobes/ue_ret2 $bin:$fn16 ret=\$retval:s32 c=\$comm
p:uprobes/p_uprobe_$fn $bin:$fn16"
[ "$(cat $T/uprobe_events)" = "$want" ] || fail "uprobe_events lists, want:
$want"
[ "$(grep uprobes/ $T/dynamic_events)" = "$want" ] ||
	fail "dynamic_events lists: $(cat $T/dynamic_events)"
for e in ue_entry ue_ret ue_ret2 p_uprobe_$fn; do
	[ -d $T/events/uprobes/$e ] || fail "no events/uprobes/$e"
done

f=$T/events/uprobes/ue_entry/format
grep -q $'\tfield:unsigned long __probe_ip;\toffset:8;\tsize:8;\tsigned:0;' $f ||
	fail "ue_entry format: $(cat $f)"
grep -q $'\tfield:__data_loc char\[\] s;\toffset:20;\tsize:4;\tsigned:1;' $f ||
	fail "ue_entry format (s): $(cat $f)"
fmt='print fmt: "(%lx) n=%d s=\"%s\" g=0x%Lx gf=0x%Lx comm=\"%s\" sp=0x%Lx st=0x%Lx", REC->__probe_ip, REC->n, __get_str(s), REC->g, REC->gf, __get_str(comm), REC->sp, REC->st'
grep -qxF "$fmt" $f || fail "ue_entry print fmt: $(grep 'print fmt' $f)"
f=$T/events/uprobes/ue_ret/format
grep -q $'\tfield:unsigned long __probe_func;\toffset:8;\tsize:8;\tsigned:0;' $f &&
grep -q $'\tfield:unsigned long __probe_ret_ip;\toffset:16;\tsize:8;\tsigned:0;' $f &&
grep -qxF 'print fmt: "(%lx <- %lx) ret=%d", REC->__probe_func, REC->__probe_ret_ip, REC->ret' $f ||
	fail "ue_ret format: $(cat $f)"

# 2. records and hits
for e in ue_entry ue_ret ue_ret2; do
	echo 1 > $T/events/uprobes/$e/enable || fail "enable $e"
done
"$bin" run $N || fail "$bin run $N"
echo "-:uprobes/ue_entry" >> $T/uprobe_events 2> "$W/err" &&
	fail "deleted ue_entry while enabled"
grep -q "busy" "$W/err" || fail "delete of an enabled event: $(cat "$W/err")"
for e in ue_entry ue_ret ue_ret2; do
	echo 0 > $T/events/uprobes/$e/enable || fail "disable $e"
done
grep -m 3 -e ue_entry -e 'ue_ret:' -e ue_ret2 $T/trace
for i in $(seq 1 $N); do
	grep -qE " ue_entry: \(0x[0-9a-f]+\) n=$i s=\"ue-string\" g=0x5eed1234 gf=0x5eed1234 comm=\"$NAME\" sp=0x[0-9a-f]+ st=0x[0-9a-f]+\$" $T/trace ||
		fail "no ue_entry record n=$i"
	grep -qE " ue_ret: \(0x[0-9a-f]+ <- 0x[0-9a-f]+\) ret=$((i * 3))\$" $T/trace ||
		fail "no ue_ret record ret=$((i * 3))"
	grep -qE " ue_ret2: \(0x[0-9a-f]+ <- 0x[0-9a-f]+\) ret=$((i * 3)) c=\"$NAME\"\$" $T/trace ||
		fail "no ue_ret2 record ret=$((i * 3))"
done
for e in ue_entry ue_ret ue_ret2; do
	n=$(grep -c " $e: " $T/trace)
	[ "$n" = $N ] || fail "$n records of $e, want $N"
done
# the entry's address is the function the return came from
ip=$(sed -n 's/.* ue_entry: (\(0x[0-9a-f]*\)) n=1 .*/\1/p' $T/trace)
func=$(sed -n 's/.* ue_ret: (0x[0-9a-f]* <- \(0x[0-9a-f]*\)) ret=3$/\1/p' $T/trace)
[ -n "$ip" ] && [ "$ip" = "$func" ] || fail "ue_entry at $ip, ue_ret from $func"
# $stack0 at the entry is the return address the uretprobe returned to
ret=$(sed -n 's/.* ue_ret: (\(0x[0-9a-f]*\) <- .*) ret=3$/\1/p' $T/trace)
st=$(sed -n 's/.* ue_entry: .* n=1 .* st=\(0x[0-9a-f]*\)$/\1/p' $T/trace)
[ "$((ret))" = "$((st))" ] || fail "ue_ret returned to $ret, \$stack0 was $st"

cat $T/uprobe_profile
prof() { awk -v f="$1" -v e="$2" '$1 == f && $2 == e { print $3 }' $T/uprobe_profile; }
for e in ue_entry ue_ret ue_ret2; do
	[ "$(prof "$bin" $e)" = $N ] || fail "uprobe_profile: $e hits $(prof "$bin" $e), want $N"
done
[ "$(prof "$bin" p_uprobe_$fn)" = 0 ] || fail "a disabled event was hit"
printf '  %s %-44s %15lu\n' "$bin" ue_entry $N > "$W/line"
grep -qxF "$(cat "$W/line")" $T/uprobe_profile || fail "uprobe_profile line format"

# 3. a second place for ue_entry: a copy of the program
echo "p:uprobes/ue_entry $bin2:$fn $ARGS" >> $T/uprobe_events ||
	fail "append to ue_entry"
echo "p:uprobes/ue_entry $bin2:$fn $ARGS" >> $T/uprobe_events 2> /dev/null &&
	fail "the same probe appended twice"
tail -n 3 $T/error_log | grep -q 'There is already the exact same probe event' ||
	fail "same probe: $(tail -n 3 $T/error_log)"
echo "p:uprobes/ue_entry $bin2:$fn n=%di:s32" >> $T/uprobe_events 2> /dev/null &&
	fail "a probe of other arguments appended"
echo "p:uprobes/ue_ret $bin2:$fn" >> $T/uprobe_events 2> /dev/null &&
	fail "a uprobe appended to a uretprobe event"
tail -n 3 $T/error_log | grep -q 'Probe type is different from existing probe' ||
	fail "different type: $(tail -n 3 $T/error_log)"
echo > $T/trace
echo 1 > $T/events/uprobes/ue_entry/enable || fail "enable ue_entry"
"$bin" run 2 && "$bin2" run 3 || fail "run both"
echo "-:uprobes/ue_entry $bin2:$fn16 $ARGS" >> $T/uprobe_events ||
	fail "delete the appended place of an enabled event"
"$bin2" run 4 || fail "run the copy"
echo 0 > $T/events/uprobes/ue_entry/enable
n=$(grep -c ' ue_entry: ' $T/trace)
[ "$n" = 5 ] || fail "$n records of ue_entry from two places, want 2 + 3"
[ "$(grep -c '^p:uprobes/ue_entry ' $T/uprobe_events)" = 1 ] ||
	fail "the delete by place: $(cat $T/uprobe_events)"

# 4. perf: one task followed, another running the same code is not
if command -v perf > /dev/null; then
	before=$(prof "$bin" ue_entry)
	"$bin" spin 3 &
	other=$!
	perf record -q -e uprobes:ue_entry -o "$W/p.data" -- "$bin" run $N \
		> "$W/rec.log" 2>&1 || fail "perf record: $(cat "$W/rec.log")"
	wait $other
	after=$(prof "$bin" ue_entry)
	echo "perf record of one task: $((after - before)) hits while another task ran ue_target()"
	[ $((after - before)) = $N ] ||
		fail "$((after - before)) hits, want the followed task's $N"
	perf script -i "$W/p.data" > "$W/p.txt" 2>&1 || fail "perf script: $(cat "$W/p.txt")"
	head -n 2 "$W/p.txt"
	n=$(grep -cE "uprobes:ue_entry: \([0-9a-f]+\) n=[1-$N] s=\"ue-string\" g=0x5eed1234" "$W/p.txt")
	[ "$n" = $N ] || fail "perf script: $n samples, want $N"

	libc=$(ldd "$bin" | awk '$1 ~ /^libc\.so/ { print $3 }')
	if [ -f "$libc" ] && perf probe -q -x "$libc" -a getpid > "$W/probe.log" 2>&1; then
		perf record -q -e probe_libc:getpid -o "$W/g.data" -- \
			bash -c : > "$W/rec.log" 2>&1 ||
			fail "perf record probe_libc:getpid: $(cat "$W/rec.log")"
		perf script -i "$W/g.data" > "$W/g.txt" 2>&1 || fail "perf script: $(cat "$W/g.txt")"
		n=$(grep -c 'probe_libc:getpid:' "$W/g.txt")
		echo "perf probe -x libc getpid: $n samples"
		head -n 1 "$W/g.txt"
		[ "$n" -ge 1 ] || fail "no probe_libc:getpid samples"
		perf probe -q -d 'probe_libc:getpid' || fail "perf probe -d"
	else
		echo "perf probe -x libc: not available ($(head -n 1 "$W/probe.log" 2>/dev/null))"
	fi
fi

# perf's uprobe PMU: no tracefs definition, this task's calls counted
out=$("$bin" pmu $N)
rc=$?
echo "uprobe PMU: $out"
case $rc in
0) [ "$out" = "entry $N return $N" ] || fail "uprobe PMU counted: $out" ;;
4) ;;
*) fail "uprobe PMU" ;;
esac
grep -q DUMMY_EVENT $T/uprobe_events $T/dynamic_events &&
	fail "the uprobe PMU's events are listed"

# 5. hostile definitions: refused with their errno and error_log line
bad() { # ERRNO-TEXT LOG-TEXT DEFINITION
	if echo "$3" >> $T/uprobe_events 2> "$W/err"; then
		fail "accepted: $3"
	fi
	grep -q "$1" "$W/err" || fail "'$3': $(cat "$W/err"), want $1"
	tail -n 3 $T/error_log | grep -qF "trace_uprobe: error: $2" ||
		fail "'$3': error_log $(tail -n 3 $T/error_log), want $2"
}
before=$(cat $T/uprobe_events)
bad 'No such file' 'Failed to find the given file' "p:uprobes/bad $W/none:0x10"
bad 'Invalid argument' 'Not a regular file' "p:uprobes/bad $W:0x10"
bad 'Invalid argument' 'Invalid uprobe offset' "p:uprobes/bad $bin:0x10zz"
bad 'Invalid argument' 'Invalid reference counter offset' "p:uprobes/bad $bin:$fn(0xq)"
bad 'Invalid argument' 'Reference counter brace is not closed' "p:uprobes/bad $bin:$fn(0x1"
bad 'Invalid argument' 'Invalid probed address suffix' "p:uprobes/bad $bin:$fn%ret"
bad 'Invalid argument' 'Symbol is not available with uprobe' "p:uprobes/bad $bin:$fn x=@jiffies"
bad 'Invalid argument' 'Invalid file offset value' "p:uprobes/bad $bin:$fn x=@+zz"
bad 'Invalid argument' 'Unknown type is specified' "p:uprobes/bad $bin:$fn x=%ax:symbol"
bad 'Invalid argument' '$retval is not available on probe' "p:uprobes/bad $bin:$fn x=\$retval"
bad 'Invalid argument' 'This argument name is already used' "r:uprobes/bad $bin:$fn x=%ax x=%bx"
bad 'Invalid argument' 'Event name must follow the same rules as C identifiers' "p:uprobes/1bad $bin:$fn"
bad 'Invalid argument' 'Dereference is too much nested' \
	"p:uprobes/bad $bin:$fn $(printf '+0(%.0s' $(seq 14))@0$(printf ')%.0s' $(seq 14))"
[ "$(cat $T/uprobe_events)" = "$before" ] || fail "a refused definition changed uprobe_events"
[ -d $T/events/uprobes/bad ] && fail "a refused definition left events/uprobes/bad"

# 6. deletes
echo "-:uprobes/ue_ret2" >> $T/uprobe_events || fail "delete ue_ret2"
[ -d $T/events/uprobes/ue_ret2 ] && fail "ue_ret2 still has its directory"
echo > $T/uprobe_events || fail "truncate uprobe_events"
[ -s $T/uprobe_events ] && fail "left after truncation: $(cat $T/uprobe_events)"
grep -q uprobes/ $T/dynamic_events && fail "dynamic_events after truncation: $(cat $T/dynamic_events)"
[ -d $T/events/uprobes ] && fail "events/uprobes is still there"
echo "PASS"
