#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# vm.sh KOUT RESULTS MODE TIMEOUT [QEMU_ARGS...]
#
# Boot the kernel built in KOUT under QEMU and run the guest (guest/init):
#   MODE=run    runs RESULTS/guest.sh in the guest; exit status is 0 only if
#               the guest wrote RESULTS/guest.rc, powered off by itself within
#               TIMEOUT seconds and the console log shows no kernel splat.
#               guest.sh's own status is left in guest.rc for the caller.
#   MODE=shell  an interactive shell on this terminal.
# The console log is kept in RESULTS/console.log.  A reboot of the guest
# ends QEMU, unless RETRACE_WARM_REBOOT=1: then QEMU resets the machine,
# keeping its RAM, and boots the same kernel again (check-persist.sh).
#
# TCG runs single-threaded: with multi-threaded TCG, live code patching
# (static keys, static calls, ftrace) races QEMU's translation cache and
# even upstream oopses.  See the developers' brief.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../..")
kout=$(readlink -f "$1")
res=$(readlink -f "$2")
mode=$3
tmo=$4
shift 4

kernel=$kout/arch/x86/boot/bzImage
initrd=$kout/retrace-initramfs.cpio.gz
[ -f "$kernel" ] || { echo "vm: no kernel at $kernel" >&2; exit 1; }
if [ ! -f "$initrd" ] || [ "$here/guest/init" -nt "$initrd" ]; then
	"$here/guest/mkinitramfs.sh" "$initrd" || exit 1
fi
mods=$kout/modroot/lib/modules
mkdir -p "$mods" "$res"
rm -f "$res/guest.rc" "$res/console.log"

p9=security_model=none,multidevs=remap
reboot=-no-reboot
[ "${RETRACE_WARM_REBOOT:-0}" = 1 ] && reboot=
qemu=(qemu-system-x86_64 -accel tcg,thread=single -cpu max -smp 2 -m 2G
      $reboot -kernel "$kernel" -initrd "$initrd"
      -append "console=ttyS0,115200 panic=-1 retrace.mode=$mode retrace.project=$top ${RETRACE_CMDLINE:-}"
      -virtfs "local,path=/,mount_tag=hostroot,readonly=on,$p9"
      -virtfs "local,path=$mods,mount_tag=modules,readonly=on,$p9"
      -virtfs "local,path=$res,mount_tag=results,$p9"
      -virtfs "local,path=$top,mount_tag=project,readonly=on,$p9"
      -device virtio-rng-pci -nic none "$@")

if [ "$mode" = shell ]; then
	exec "${qemu[@]}" -nographic -chardev "stdio,id=con,mux=on,logfile=$res/console.log" \
		-serial chardev:con -mon chardev=con
fi

start=$(date +%s)
timeout -s KILL "$tmo" "${qemu[@]}" -display none -monitor none \
	-serial "file:$res/console.log" </dev/null
qrc=$?
echo "vm: guest ran $(( $(date +%s) - start ))s"

# Why the run failed goes to stderr, and in short to RESULTS/vm-failure.txt
# for the caller's summary (the last lines a CI log keeps).
fail=$res/vm-failure.txt
rm -f "$fail"
say() {
	echo "$*" >&2
	echo "$*" >> "$fail" 2>/dev/null
}
rc=0
if [ $qrc -eq 137 ]; then
	say "vm: FAIL: guest hung; killed after ${tmo}s"
	rc=1
elif [ ! -f "$res/guest.rc" ]; then
	say "vm: FAIL: guest stopped before finishing (qemu exit $qrc)"
	rc=1
fi
# A splat fails the run even if every test passed.
if ! "$here/splat.sh" "$res/console.log"; then
	echo "vm: FAIL: a splat: $(grep -m 1 -naE "$("$here/splat.sh" --pattern)" "$res/console.log")" >> "$fail" 2>/dev/null
	rc=1
fi
if [ $rc -ne 0 ]; then
	say "vm: last stage: $(grep -a 'retrace-suite:' "$res/console.log" | tail -n 1 | sed 's/.*retrace-suite: //')"
	echo "vm: last console lines:" >&2
	tail -n 25 "$res/console.log" | sed 's/^/  | /' >&2
	echo "vm: last console lines:" >> "$fail" 2>/dev/null
	tail -n 12 "$res/console.log" | cut -c 1-160 | sed 's/^/  | /' >> "$fail" 2>/dev/null
fi
exit $rc
