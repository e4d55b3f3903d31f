#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ring_buffer_stress.sh - the ring buffer under writers from task and
# hrtimer context on every CPU, a consumer per CPU, resizes and mode
# switches (kernel/trace/ring_buffer/ring_buffer_stress.c).
#
# The module runs for rb_stress_seconds=N of the kernel command line
# (default 5; `make stress` boots with a longer one) inside insmod and
# refuses to load when a record was corrupt, out of order, or the loss
# accounting did not balance; its summary goes to the kernel log, which
# is echoed here.  The harness also fails the run on any splat.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
M=ring_buffer_stress
D=${RETRACE_MODULES:-/lib/modules/$(uname -r)}
KO=$(find "$D" -name $M.ko 2>/dev/null | head -n 1)
[ -n "$KO" ] || { echo "SKIP: no $M.ko under $D"; exit 4; }
rmmod $M 2>/dev/null

secs=$(sed -n 's/.*rb_stress_seconds=\([0-9]*\).*/\1/p' /proc/cmdline)
secs=${secs:-5}
before=$(dmesg | grep -c 'rb_stress: PASS')
if ! insmod "$KO" seconds="$secs"; then
	dmesg | grep rb_stress | tail -n 20
	echo "FAIL: the stress module reported errors"
	exit 1
fi
dmesg | grep rb_stress | tail -n 8
rmmod $M
after=$(dmesg | grep -c 'rb_stress: PASS')
[ "$after" -gt "$before" ] || { echo "FAIL: no PASS line"; exit 1; }
echo "PASS"
