#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh KOUT_OURS KOUT_UPSTREAM RESULTS
#
# Run every benchmark on our kernel and on the upstream reference kernel in
# one invocation and print each figure for both and their ratio (ours /
# upstream: below 1.0 means we cost less).  Guests run under QEMU -icount so
# the guest clock counts instructions and figures repeat from run to run.
#
# A benchmark is a program built here from bench/*.c that prints lines of
# "NAME VALUE" (lower is better) when run in the guest as root.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
ours=$(readlink -f "$1")
ups=$(readlink -f "$2")
res=$(mkdir -p "$3" && readlink -f "$3")
bin=$res/bin
mkdir -p "$bin"
for c in "$here"/*.c; do
	b=$bin/$(basename "$c" .c)
	[ "$b" -nt "$c" ] || gcc -O2 -Wall -o "$b" "$c" || exit 1
done

icount=${BENCH_ICOUNT:-shift=0,align=off,sleep=off}
for k in ours upstream; do
	kout=$ours
	[ $k = upstream ] && kout=$ups
	mkdir -p "$res/$k"
	cat > "$res/$k/guest.sh" <<GUEST
for b in $bin/*; do "\$b"; done > /tmp/results/bench.txt
GUEST
	echo "bench: $k ($(basename "$kout")) under -icount $icount"
	"$here/../vm.sh" "$kout" "$res/$k" run 1800 -icount "$icount" || exit 1
done

printf '%-28s %12s %12s %8s\n' benchmark retrace upstream ratio
join <(sort "$res/ours/bench.txt") <(sort "$res/upstream/bench.txt") |
while read -r name a b; do
	printf '%-28s %12s %12s %8s\n' "$name" "$a" "$b" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b ? a / b : 0 }')"
done
