#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pathstep.sh KOUT_OURS KOUT_UPSTREAM RESULTS - count the instructions of
# one hot-path call, function by function, on both kernels (`make
# profile`), and print each case side by side with the ratio of totals.
#
# The guest runs each case's loop; gdb, attached to QEMU's stub, breaks in
# a call well past the first and steps it to its return (pathstep.py), and
# pathsym.py names what ran from the guest's /proc/kallsyms.  The guest
# runs under -icount, so its clock counts instructions and the time spent
# stopped in gdb does not show in time stamps.  The counts are exact and
# repeat from run to run; they are what `make bench` times under -icount,
# without the loop around them.  Cases:
#
#   rb_write_8b    pm_write(8): reserve, 8-byte copy, commit (pathmod.ko)
#   rb_write_128b  the same with 128 bytes
#   rb_write_1024b_x3  pm_write3(1024): three such writes of 1 KiB, of
#                  which one moves the tail (three fit in a sub-buffer)
#   event_small    evb_small_site(): one enabled 16-byte event (evbench.ko)
#   event_str128   evb_str_site(): one enabled 136-byte event
#   up_noargs      uprobe_notify_resume(): a uprobe event's hit without
#                  arguments, the uprobes core included (bench/uprobes.c)
#   up_2args       the same with a register and a dereference
#
# RESULTS/<kernel>/<case>.txt gets the table, <case>.pcs the addresses run.
# PATHSTEP_CASES="NAME ..." runs only the cases named.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
port=${PATHSTEP_PORT:-1234}

# case  symbol  hits-to-skip  guest command
cases=(
	"rb_write_8b pm_write 2000 echo '8 3000' >/sys/kernel/debug/pathmod/run"
	"rb_write_128b pm_write 2000 echo '128 3000' >/sys/kernel/debug/pathmod/run"
	"rb_write_1024b_x3 pm_write3 700 echo '1024 1000' >/sys/kernel/debug/pathmod/run"
	"event_small evb_small_site 5000 echo 'time small' >/sys/kernel/debug/evbench/run"
	"event_str128 evb_str_site 5000 echo 'time str' >/sys/kernel/debug/evbench/run"
	"up_noargs uprobe_notify_resume 1000 /tmp/results/mod/uprobes hit ''"
	"up_2args uprobe_notify_resume 1000 /tmp/results/mod/uprobes hit ' a=%di v=+8(%di):u64'"
)

# PATHSTEP_CASES="NAME ...": only those cases
if [ -n "${PATHSTEP_CASES:-}" ]; then
	all=("${cases[@]}")
	cases=()
	for c in "${all[@]}"; do
		[[ " $PATHSTEP_CASES " == *" ${c%% *} "* ]] && cases+=("$c")
	done
fi

# step KOUT RESULTS: every case on one kernel
step() {
	local kout res
	kout=$(readlink -f "$1")
	res=$(mkdir -p "$2" && readlink -f "$2")

	mod=$res/mod
	rm -rf "$mod" && mkdir -p "$mod"
	for d in "$here/pathmod" "$here/../bench/evbench"; do
		m=$mod/$(basename "$d")
		mkdir -p "$m" && cp "$d"/* "$m/"
		make -s -C "$kout" M="$m" "CC=ccache gcc" modules >"$m/build.log" 2>&1 ||
			{ cat "$m/build.log"; exit 1; }
		cp "$m"/*.ko "$mod/"
	done
	gcc -O2 -Wall -isystem "$kout/usr/include" -o "$mod/uprobes" \
		"$here/../bench/uprobes.c" || exit 1

	rm -f "$res"/go.* "$res"/ready
	{
		echo "T=/sys/kernel/tracing"
		echo "insmod /tmp/results/mod/pathmod.ko && insmod /tmp/results/mod/evbench.ko || exit 1"
		echo "cat /proc/kallsyms > /tmp/results/kallsyms"
		echo "touch /tmp/results/ready"
		echo "go() { while [ ! -e /tmp/results/go.\$1 ]; do sleep 1; done; }"
		for c in "${cases[@]}"; do
			read -r name _ _ cmd <<<"$c"
			ev=
			case $name in
			event_small) ev=evb_small ;;
			event_str128) ev=evb_str ;;
			esac
			[ -n "$ev" ] && echo "echo 1 > \$T/events/evbench/$ev/enable"
			echo "go $name; $cmd"
			[ -n "$ev" ] && echo "echo 0 > \$T/events/evbench/$ev/enable"
		done
		echo "go end"
	} > "$res/guest.sh"

	RETRACE_CMDLINE="kunit.enable=0 rcupdate.rcu_cpu_stall_suppress=1" "$here/../vm.sh" "$kout" "$res" run 1800 \
		-icount shift=0,align=off,sleep=off -gdb "tcp::$port" &
	vm=$!
	while [ ! -e "$res/ready" ]; do
		kill -0 $vm 2>/dev/null || { echo "pathstep: the guest stopped" >&2; exit 1; }
		sleep 1
	done

	rc=0
	for c in "${cases[@]}"; do
		read -r name sym skip _ <<<"$c"
		addr=$(awk -v s="$sym" '$3 == s { print "0x" $1; exit }' "$res/kallsyms")
		[ -n "$addr" ] || { echo "pathstep: no $sym in the guest" >&2; rc=1; touch "$res/go.$name"; continue; }
		PS_PORT=$port PS_ADDR=$addr PS_IGNORE=$skip PS_GO=$res/go.$name \
		PS_OUT=$res/$name.pcs gdb -q -batch -nx -x "$here/pathstep.py" \
			>"$res/$name.gdb.log" 2>&1 || { rc=1; touch "$res/go.$name"; }
		"$here/pathsym.py" "$res/kallsyms" "$res/$name.pcs" > "$res/$name.txt" || rc=1
	done
	touch "$res/go.end"
	wait $vm || rc=1
	return $rc
}

[ $# -eq 3 ] || { echo "usage: $0 KOUT_OURS KOUT_UPSTREAM RESULTS" >&2; exit 2; }
res=$(mkdir -p "$3" && readlink -f "$3")
step "$1" "$res/ours" || exit 1
step "$2" "$res/upstream" || exit 1
for c in "${cases[@]}"; do
	read -r name _ <<<"$c"
	a=$(awk '$2 == "total" { print $1 }' "$res/ours/$name.txt")
	b=$(awk '$2 == "total" { print $1 }' "$res/upstream/$name.txt")
	echo "== $name: retrace $a, upstream $b instructions, ratio" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')"
	pr -m -t -w 80 "$res/ours/$name.txt" "$res/upstream/$name.txt"
done
