#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-persist.sh NAME KOUT
#
# A persistent trace instance across warm reboots (reserve_mem= and
# trace_instance=NAME@RANGE): one QEMU run whose guest reboots twice,
# QEMU keeping the guest's RAM across each reset (RETRACE_WARM_REBOOT).
# guest/persist.sh does the checks of each boot; between the second and
# the third boot this script overwrites the start of every CPU's part of
# the range through QEMU's gdb stub (physical memory mode), as a crash
# that scribbled over it would.  The verdict is the guest's (it finishes
# only when every check of the three boots passed) and a clean console
# log.  Results in build/results/persist-NAME.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../..")
name=$1
kout=$(readlink -f "$2")
res=$top/build/results/persist-$name
rm -rf "$res" && mkdir -p "$res"

cat > "$res/guest.sh" <<GUEST
exec /bin/bash "$here/guest/persist.sh" /tmp/results
GUEST
# A kernel that moves at every boot (NAME ending in -kaslr) may find its
# reserve_mem= range elsewhere after the reboot (memblock allocates it
# around where the kernel landed); it gets a range at a fixed address,
# which KASLR avoids, as Documentation/trace/debugging.rst advises.
range="reserve_mem=4M:4096:trace_rsv trace_instance=boot_mapped@trace_rsv"
case $name in
*-kaslr) range='memmap=4M$0x60000000 trace_instance=boot_mapped@0x60000000:4M' ;;
esac
port=$(( 20000 + RANDOM % 20000 ))
RETRACE_WARM_REBOOT=1 RETRACE_CMDLINE="kunit.enable=0 $range" \
	"$here/vm.sh" "$kout" "$res" run 900 -gdb "tcp:127.0.0.1:$port" \
	> "$res/vm.out" 2>&1 &
vm=$!

# Wait for the guest to ask for the corruption: "PERSIST-CORRUPT-NOW
# START SIZE cpus=N".  Each CPU's part is SIZE / N rounded down to pages;
# the eight pages after its first are overwritten (the meta data stays:
# the records must be what fails to validate).
corrupt() {
	local start=$1 size=$2 cpus=$3 chunk a k cmds=()

	head -c $(( 8 * 4096 )) /dev/zero | tr '\0' '\377' > "$res/junk.bin"
	chunk=$(( size / cpus / 4096 * 4096 ))
	for (( k = 0; k < cpus; k++ )); do
		a=$(( start + k * chunk + 4096 ))
		cmds+=(-ex "restore $res/junk.bin binary $a")
	done
	gdb -q -batch -nx -ex "target remote 127.0.0.1:$port" \
		-ex "maint packet Qqemu.PhyMemMode:1" "${cmds[@]}" \
		-ex "detach" > "$res/gdb.out" 2>&1
}
done_corrupt=0
while kill -0 $vm 2>/dev/null; do
	line=$(grep -a -m 1 'PERSIST-CORRUPT-NOW' "$res/console.log" 2>/dev/null |
	       tr -d '\r')
	if [ $done_corrupt = 0 ] && [ -n "$line" ]; then
		set -- ${line#*PERSIST-CORRUPT-NOW }
		if corrupt "$1" "$2" "${3#cpus=}"; then
			touch "$res/persist.corrupted"
		else
			echo "persist: gdb failed:"; sed 's/^/  | /' "$res/gdb.out"
		fi
		done_corrupt=1
	fi
	sleep 1
done
wait $vm
vmrc=$?
sed 's/^/  /' "$res/persist.out" 2>/dev/null
if [ $vmrc -eq 0 ] && [ "$(cat "$res/guest.rc" 2>/dev/null)" = 0 ] &&
   grep -qx PASS "$res/persist.out" 2>/dev/null; then
	echo "persistent   PASS (3 boots, $name)"
	exit 0
fi
echo "persistent   FAIL ($name; guest.rc $(cat "$res/guest.rc" 2>/dev/null || echo none)):"
sed 's/^/  | /' "$res/vm.out"
exit 1
