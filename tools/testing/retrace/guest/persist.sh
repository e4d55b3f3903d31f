#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# persist.sh RESULTS - the guest side of check-persist.sh: a persistent
# trace instance across warm reboots.  The kernel runs with
#   reserve_mem=4M:4096:trace_rsv trace_instance=boot_mapped@trace_rsv
# and QEMU resets the machine on reboot, keeping its RAM.  Each boot runs
# this script again; RESULTS/persist.phase (on the host) says which boot
# this is:
#   1  records known events in the instance (an exec event, markers with
#      sequence numbers), saves the instance's trace and reboots
#   2  the instance shows exactly that trace again, last_boot_info as
#      6.12 prints it; writing continues after the old records and after
#      a reset; then it asks the host to corrupt the range (the line
#      PERSIST-CORRUPT-NOW on the console) and reboots when it has
#   3  the corrupted range gives an empty instance that records again
# Lines "ok: ..." and "FAIL: ..." go to RESULTS/persist.out; exit 0 when
# boot 3 ends with every check passed.
set -u
R=$1
T=/sys/kernel/tracing
I=$T/instances/boot_mapped
out=$R/persist.out
phase=$(cat "$R/persist.phase" 2>/dev/null || echo 1)

say() { echo "$*" | tee -a "$out"; }
ok() { say "ok: boot $phase: $*"; }
# fail: a check the next ones depend on (the run ends); bad: one they do
# not (the run goes on, and fails at its end)
fail() { say "FAIL: boot $phase: $*"; exit 1; }
bad() { say "FAIL: boot $phase: $*"; touch "$R/persist.failed"; }
next_boot() {
	echo $(( phase + 1 )) > "$R/persist.phase"
	sync
	say "boot $phase: rebooting"
	# the reboot(2) call itself: systemd's reboot with -f twice
	reboot -f -f
	echo b > /proc/sysrq-trigger
	sleep 60
	fail "reboot -f returned"
}
# The physical range of the instance, as the kernel logged it.
where() {
	dmesg | sed -n 's/.*mapped boot instance boot_mapped at physical memory \(0x[0-9a-f]*\) of size \(0x[0-9a-f]*\).*/\1 \2/p' | tail -n 1
}
# The records of the instance, without the header's comment lines.
records() { grep -v '^#' "$I/trace"; }
# The trace with the task column reduced to the pid: the command names of
# the previous boot's tasks are not known any more (they print as <...>).
pids_only() { sed -E 's/^ *.*-([0-9]+) +\[/\1 [/' "$1"; }

[ -d "$I" ] || fail "no instance boot_mapped (dmesg: $(dmesg | grep -i 'boot instance' | tr '\n' ' '))"
ok "instance boot_mapped at $(where)"

case $phase in
1)
	[ -z "$(records)" ] || fail "a fresh range holds records"
	cp /bin/true /tmp/persist-probe
	echo 1 > "$I/events/sched/sched_process_exec/enable"
	for i in 1 2 3; do /tmp/persist-probe; done
	echo 0 > "$I/events/sched/sched_process_exec/enable"
	for i in $(seq 1 200); do
		echo "persist seq $i" > "$I/trace_marker"
	done
	n=$(records | grep -c 'tracing_mark_write: persist seq')
	[ "$n" = 200 ] || fail "$n markers recorded, not 200"
	e=$(records | grep -c 'sched_process_exec: filename=/tmp/persist-probe')
	[ "$e" = 3 ] || fail "$e exec events recorded, not 3"
	cat "$I/trace" > "$R/persist.boot1"
	where > "$R/persist.where"
	ok "200 markers and 3 exec events written"
	next_boot
	;;
2)
	[ "$(where)" = "$(cat "$R/persist.where")" ] ||
		fail "the range moved: $(where), was $(cat "$R/persist.where")"
	dmesg | grep -i 'ring buffer' | sed 's/^/  dmesg: /' | tee -a "$out"
	cat "$I/trace" > "$R/persist.boot2"
	pids_only "$R/persist.boot1" > /tmp/persist.1
	pids_only "$R/persist.boot2" > /tmp/persist.2
	info=$(cat "$I/last_boot_info")
	if ! echo "$info" | grep -qx 'text delta:	0'; then
		# The kernel moved: an event's print format may dereference
		# addresses of the previous boot, so events print their
		# fields instead (the markers' addresses are shifted back).
		for f in /tmp/persist.1 /tmp/persist.2; do
			grep -c 'sched_process_exec: .*filename=/tmp/persist-probe' "$f" > "$f.exec"
			grep -v sched_process_exec "$f" > "$f.rest"
			mv "$f.rest" "$f"
		done
		grep sched_process_exec "$R/persist.boot2" | head -n 1 | sed 's/^/  moved: /' | tee -a "$out"
		cmp -s /tmp/persist.1.exec /tmp/persist.2.exec ||
			bad "$(cat /tmp/persist.2.exec) exec events after the move, not $(cat /tmp/persist.1.exec)"
	fi
	if ! diff /tmp/persist.1 /tmp/persist.2 > "$R/persist.diff"; then
		head -n 20 "$R/persist.diff" | tee -a "$out"
		bad "the trace differs from the one of boot 1"
	else
		ok "the trace of boot 1, every line but the command names ($(records | wc -l) records)"
	fi
	say "  last_boot_info: $(echo "$info" | tr '\t\n' ' ')"
	echo "$info" | grep -qxE 'text delta:	-?[0-9]+' &&
		echo "$info" | grep -qxE 'data delta:	-?[0-9]+' &&
		[ "$(echo "$info" | wc -l)" = 2 ] &&
		ok "last_boot_info" || bad "last_boot_info is not two delta lines"
	head -n 4 "$I/per_cpu/cpu0/buffer_meta" | sed 's/^/  buffer_meta: /' | tee -a "$out"
	grep -q '^nr_subbufs:' "$I/per_cpu/cpu0/buffer_meta" || bad "no buffer_meta"
	# Writing continues after the old records, on their CPU (the two
	# boots' times do not compare)...
	echo "after boot 2" > "$I/trace_marker"
	n=$(records | grep -c 'tracing_mark_write: persist seq')
	c=$(grep -l 'tracing_mark_write: after boot 2$' "$I"/per_cpu/cpu*/trace | head -n 1)
	if [ -z "$c" ] || ! grep -v '^#' "$c" | tail -n 1 | grep -q 'tracing_mark_write: after boot 2$'; then
		bad "a new marker is not the last record of its CPU: $(records | grep ': after boot 2$')"
	elif echo "$info" | grep -qx 'text delta:	0'; then
		[ "$n" = 200 ] && ok "a new record follows the old ones" ||
			bad "$n old markers left after writing a new one, not 200"
	else
		# ...unless the kernel moved: a marker carries this boot's
		# address, so the previous boot's records go first
		# (instances-buffers.rst)
		[ "$n" = 0 ] && [ "$(records | wc -l)" = 1 ] &&
			grep -qx 'text delta:	0' "$I/last_boot_info" &&
			ok "a new record replaces the moved boot's" ||
			bad "$n old markers left after writing a new one into a moved boot's, not 0"
	fi
	# ...and after a reset.
	echo > "$I/trace"
	[ -z "$(records)" ] || fail "records left after a reset"
	for i in 1 2 3; do echo "reset seq $i" > "$I/trace_marker"; done
	[ "$(records | grep -c 'tracing_mark_write: reset seq')" = 3 ] &&
		[ "$(records | wc -l)" = 3 ] && ok "the reset instance records" ||
		bad "not the 3 records written after the reset"
	possible=$(cat /sys/devices/system/cpu/possible)
	say "PERSIST-CORRUPT-NOW $(where) cpus=$(( ${possible#*-} + 1 ))"
	for i in $(seq 1 240); do
		[ -f "$R/persist.corrupted" ] && break
		sleep 1
	done
	[ -f "$R/persist.corrupted" ] || fail "the host did not corrupt the range"
	ok "the host corrupted the range"
	next_boot
	;;
3)
	dmesg | grep -i 'ring buffer' | sed 's/^/  dmesg: /' | tee -a "$out"
	if [ -n "$(records)" ]; then
		bad "the corrupted range shows records: $(records | head -n 3 | tr '\n' ' ')"
	elif ! grep -q 'entries-in-buffer/entries-written: 0/0' "$I/trace"; then
		bad "$(grep entries-in-buffer "$I/trace")"
	else
		ok "the corrupted range gives an empty instance"
	fi
	echo "after corruption" > "$I/trace_marker"
	[ "$(records | grep -c 'tracing_mark_write: after corruption$')" = 1 ] &&
		ok "the instance records again" || bad "the instance does not record"
	[ -f "$R/persist.failed" ] && fail "see the FAIL lines above"
	say "PASS"
	;;
*)
	fail "unknown phase $phase"
	;;
esac
exit 0
