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
	gcc -O2 -Wall -o "$b" "$c" || exit 1
done

# Benchmark modules (bench/*/Kbuild) are built out of tree for each kernel;
# the guest finds them in RETRACE_BENCH_MODDIR.  The disassembly of one
# tracepoint site per kernel goes to disasm-<kernel>.txt: $disasm_fn of
# vmlinux and tpb_site of tpbench.ko.
disasm_fn=${BENCH_DISASM_FUNC:-kfree}
icount=${BENCH_ICOUNT:-shift=0,align=off,sleep=off}
for k in ours upstream; do
	kout=$ours
	[ $k = upstream ] && kout=$ups
	mkdir -p "$res/$k"
	for kb in "$here"/*/Kbuild; do
		[ -f "$kb" ] || continue
		m=$res/$k/mod/$(basename "$(dirname "$kb")")
		mkdir -p "$m"
		cp "$(dirname "$kb")"/* "$m/"
		make -s -C "$kout" M="$m" "CC=ccache gcc" modules >"$m/build.log" 2>&1 ||
			{ cat "$m/build.log"; exit 1; }
		cp "$m"/*.ko "$res/$k/mod/"
	done
	{
		echo "== $k: $disasm_fn in vmlinux"
		objdump -d --disassemble="$disasm_fn" "$kout/vmlinux" 2>/dev/null |
			sed -n '/^[0-9a-f]* <'"$disasm_fn"'>:/,/^$/p' | head -n 40
		if [ -f "$res/$k/mod/tpbench.ko" ]; then
			echo "== $k: tpb_site in tpbench.ko"
			objdump -dr --disassemble=tpb_site "$res/$k/mod/tpbench.ko" |
				sed -n '/<tpb_site>:/,/^$/p'
		fi
	} > "$res/disasm-$k.txt"
	cat > "$res/$k/guest.sh" <<GUEST
export RETRACE_BENCH_MODDIR=$res/$k/mod
for b in $bin/*; do "\$b"; done > /tmp/results/bench.txt
GUEST
	echo "bench: $k ($(basename "$kout")) under -icount $icount"
	# No KUnit at boot: its stress cases are not what is measured, and
	# under -icount they can trip the RCU stall detector.
	RETRACE_CMDLINE="kunit.enable=0" \
		"$here/../vm.sh" "$kout" "$res/$k" run 1800 -icount "$icount" || exit 1
done

for k in ours upstream; do cat "$res/disasm-$k.txt"; done
printf '%-28s %12s %12s %8s\n' benchmark retrace upstream ratio
join <(sort "$res/ours/bench.txt") <(sort "$res/upstream/bench.txt") |
while read -r name a b; do
	printf '%-28s %12s %12s %8s\n' "$name" "$a" "$b" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b ? a / b : 0 }')"
done
