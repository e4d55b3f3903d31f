#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# splat.sh CONSOLE_LOG - exit 1 and print an excerpt if the guest kernel
# reported a panic, oops, BUG, WARN, lockdep, KASAN/UBSAN report, hung task
# or RCU stall; exit 0 if the log is clean.
set -uo pipefail
log=$1
pat='(Kernel panic|Oops|BUG: |kernel BUG at|WARNING: |cut here \]|general protection fault|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|KASAN: |UBSAN: |INFO: task .* blocked|rcu: INFO: |detected stall|watchdog: BUG|Unable to handle)'
# --pattern: print the pattern (vm.sh quotes the first report's line).
[ "$log" = --pattern ] && { echo "$pat"; exit 0; }
hits=$(grep -naE "$pat" "$log" | head -n 5)
[ -z "$hits" ] && exit 0
first=$(echo "$hits" | head -n 1 | cut -d: -f1)
echo "splat: FAIL: the guest kernel log has a splat ($(echo "$hits" | wc -l)+ reports), first at console.log:$first:" >&2
sed -n "$((first > 3 ? first - 3 : 1)),$((first + 30))p" "$log" | sed 's/^/  ! /' >&2
exit 1
