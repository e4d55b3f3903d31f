#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-i386.sh KOUT [KUNIT_GLOB]
#
# The KUnit suites of the 32-bit kernel built in KOUT (ARCH=i386,
# configs/i386.config over the reference fragments), and the ring buffer
# stress test built into it: boot it under qemu-system-i386 with no user
# space at all (the stress test runs as an initcall, KUnit after the
# initcalls, then kunit_shutdown=poweroff powers the guest off), compare
# the suites' results with expected/i386/kunit.txt (every listed suite
# must run and pass), require the stress test's PASS line, and fail on
# any kernel splat in the console log.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../..")
kout=$(readlink -f "$1")
glob=${2:-}
res=$top/build/results/retrace-i386
rm -rf "$res" && mkdir -p "$res"

cmdline="console=ttyS0,115200 panic=-1 kunit_shutdown=poweroff ring_buffer_stress.seconds=5"
[ -z "$glob" ] || cmdline="$cmdline kunit.filter_glob=$glob"
echo "check: retrace-i386: $(cat "$kout/include/config/kernel.release")"
start=$(date +%s)
timeout -s KILL 1800 qemu-system-i386 -accel tcg,thread=single -cpu qemu32 \
	-smp 2 -m 1G -no-reboot -kernel "$kout/arch/x86/boot/bzImage" \
	-append "$cmdline" -display none -monitor none -nic none \
	-serial "file:$res/console.log" </dev/null
qrc=$?
echo "vm: guest ran $(( $(date +%s) - start ))s"
rc=0
if [ $qrc -ne 0 ]; then
	echo "vm: FAIL: qemu exit $qrc" >&2
	rc=1
fi
"$here/splat.sh" "$res/console.log" || rc=1
full=kunit
[ -z "$glob" ] || full=""
"$here/report.py" "$res" "$here/expected/i386" kunit "$full" || rc=1
if grep -q 'rb_stress: PASS' "$res/console.log"; then
	echo "stress       PASS ($(grep -c 'rb_stress: cpu' "$res/console.log") CPUs)"
else
	echo "stress       FAIL: no 'rb_stress: PASS' line"
	grep 'rb_stress' "$res/console.log" | tail -n 8 | sed 's/^/  | /'
	rc=1
fi
exit $rc
