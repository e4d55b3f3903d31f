#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# linkcheck.sh KOUT [EXPECTED]
#
# The link-level surface of kernel/trace (lab.rst): every
# global symbol that an object of kernel/trace defines and something else
# uses, from the kernel built in KOUT:
#
#   SYMBOL PROVIDER USERS
#
# PROVIDER is the kernel/trace object that defines SYMBOL; USERS is the
# number of vmlinux objects outside kernel/trace whose undefined symbols
# name it, with the objects listed when there are at most three, then
# "+M" for each module of the build that uses it, and "E" when the symbol
# is exported.  An exported symbol that nothing in this build uses is
# listed too (USERS "0 E"): modules outside the tree may use it.  The four
# symbols of each tracepoint (__tracepoint_, __traceiter_, __SCK__tp_func_,
# __SCT__tp_func_) are listed once, as "tracepoint:NAME".
#
# The objects are the members of vmlinux.a (the thin archive vmlinux.o is
# linked from) and the modules staged under KOUT/modroot.  With EXPECTED,
# the list is compared with that file (tools/testing/retrace/expected/
# link-surface.txt), PROVIDER aside, and any difference fails: a symbol the core must now
# provide, or one it no longer needs, is then a reviewed change of that
# file.  Exit 0 same, 1 different, 2 cannot run.
set -euo pipefail
kout=$(readlink -f "$1")
exp=${2:-}
[ -f "$kout/vmlinux.a" ] || { echo "linkcheck: no $kout/vmlinux.a (build first)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "OBJECT TYPE SYMBOL" for every member of vmlinux.a; nm prints
# "vmlinux.a:OBJ:ADDR T SYM" or "vmlinux.a:OBJ:         U SYM".
(cd "$kout" && nm -A -g vmlinux.a 2>/dev/null) |
	sed -E 's/^vmlinux\.a:([^:]+):[[:space:]]*([0-9a-f]*)[[:space:]]+([A-Za-z])[[:space:]]+(.*)$/\1 \3 \4/' \
	> "$tmp/syms"

# Defined by kernel/trace: SYMBOL PROVIDER.
awk '$1 ~ /^kernel\/trace\// && $2 != "U" && $2 != "w" && $2 != "v" { print $3, $1 }' "$tmp/syms" |
	sort -u -k1,1 > "$tmp/def"
# Used by vmlinux objects outside kernel/trace: SYMBOL OBJECT.
awk '$1 !~ /^kernel\/trace\// && ($2 == "U" || $2 == "w" || $2 == "v") { print $3, $1 }' "$tmp/syms" |
	sort -u > "$tmp/use"
# Used by modules: SYMBOL MODULE.
: > "$tmp/moduse"
if [ -d "$kout/modroot" ]; then
	find "$kout/modroot" -name '*.ko' | sort | while read -r ko; do
		nm -u "$ko" | awk -v m="$(basename "$ko" .ko)" '{ print $2, m }'
	done | sort -u > "$tmp/moduse"
fi
# Exported by kernel/trace objects of vmlinux.a (EXPORT_SYMBOL* leaves a
# local __export_symbol_NAME).
(cd "$kout" && ar t vmlinux.a | grep '^kernel/trace/' | xargs -r nm 2>/dev/null) |
	awk '$NF ~ /^__export_symbol_/ { s = $NF; sub(/^__export_symbol_/, "", s); print s }' > "$tmp/exp"
sort -u -o "$tmp/exp" "$tmp/exp"

list() {
	awk -v usef="$tmp/use" -v modf="$tmp/moduse" -v expf="$tmp/exp" '
	FILENAME == usef { n[$1]++; who[$1] = who[$1] " " $2; next }
	FILENAME == modf { m[$1]++; next }
	FILENAME == expf { e[$1] = 1; next }
	{
		sym = $1; prov = $2
		if (!(sym in n) && !(sym in m) && !(sym in e)) next
		if (sym ~ /^__export_symbol_/ || sym ~ /^__(ksymtab|kstrtab|kstrtabns|crc)_/) next
		u = (sym in n) ? n[sym] : 0
		if (u > 0 && u <= 3) { split(substr(who[sym], 2), w, " "); l = w[1];
			for (i = 2; i <= u; i++) l = l "," w[i]; u = u "(" l ")" }
		if (sym in m) u = u " +" m[sym]
		if (sym in e) u = u " E"
		t = sym
		if (sub(/^(__tracepoint_|__traceiter_|__SCK__tp_func_|__SCT__tp_func_)/, "", t)) {
			if (tp[t]++) next
			sym = "tracepoint:" t
		}
		print sym, prov, u
	}' "$tmp/use" "$tmp/moduse" "$tmp/exp" "$tmp/def" | sort
}

{
	echo "# kernel/trace link surface of $(cat "$kout/include/config/kernel.release" 2>/dev/null || echo "$kout")"
	echo "# SYMBOL PROVIDER USERS (see tools/testing/retrace/linkcheck.sh)"
	list
} > "$tmp/out"

if [ -z "$exp" ]; then
	cat "$tmp/out"
	exit 0
fi
# The provider column is information: a symbol moving between our files
# is not a change of the surface.
strip() { grep -v '^#' "$1" | awk '{ $2 = ""; print }'; }
strip "$exp" > "$tmp/a"
strip "$tmp/out" > "$tmp/b"
if diff -u "$tmp/a" "$tmp/b" > "$tmp/diff"; then
	echo "linkcheck: kernel/trace provides $(grep -vc '^#' "$tmp/out") symbols, as listed in $exp"
	exit 0
fi
echo "linkcheck: FAIL: the link surface of kernel/trace changed (- $exp, + this build):"
tail -n +3 "$tmp/diff"
exit 1
