#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild.sh SRCTREE OUT LOCALVERSION FRAGMENT...
#
# KBUILD_ARCH=i386 builds the 32-bit kernel (with configs/i386.config
# among the fragments); the default is x86_64.
# Configure and build one lab kernel out of tree: allnoconfig with the
# fragments merged in (KCONFIG_ALLCONFIG), a check that every option a
# fragment asks for survived olddefconfig, then bzImage, modules, the modules
# staged under OUT/modroot and the uapi headers under OUT/usr/include.
# ccache and fixed build stamps keep rebuilds incremental and cacheable.
set -euo pipefail

src=$(readlink -f "$1")
out=$(mkdir -p "$2" && readlink -f "$2")
localver=$3
shift 3

export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
export KBUILD_BUILD_USER=retrace KBUILD_BUILD_HOST=lab
export CCACHE_BASEDIR=$(dirname "$src")
mk=(make -s -C "$src" O="$out" ARCH="${KBUILD_ARCH:-x86_64}" "CC=ccache gcc" "HOSTCC=ccache gcc"
    LOCALVERSION="$localver" -j"${JOBS:-$(nproc)}")

# The fragments in order, each option's last line winning (a later fragment,
# like configs/notrace.config, overrides an earlier one).
frag="$out/retrace.fragment"
cat "$@" | awk '
	/^CONFIG_[A-Za-z0-9_]+=/ { k = $0; sub(/=.*/, "", k) }
	/^# CONFIG_[A-Za-z0-9_]+ is not set/ { k = $2 }
	k != "" { opt[NR] = k; text[NR] = $0; last[k] = NR; k = "" }
	END { for (i = 1; i <= NR; i++) if ((i in opt) && last[opt[i]] == i) print text[i] }
' > "$frag.new"
if ! cmp -s "$frag.new" "$frag" || [ ! -f "$out/.config" ]; then
	mv "$frag.new" "$frag"
	"${mk[@]}" KCONFIG_ALLCONFIG="$frag" allnoconfig
else
	rm -f "$frag.new"
fi

defined_in_tree() {
	grep -rqsE "^[[:space:]]*(menu)?config[[:space:]]+${1#CONFIG_}[[:space:]]*$" \
		--include='Kconfig*' "$src"
}

# The pending set: each "# CONFIG_X is not set" of configs/pending.config
# with the capability named on its "# pending: ..." comment line above.
declare -A pending=()
for f in "$@"; do
	[ "$(basename "$f")" = pending.config ] || continue
	while IFS=$'\t' read -r opt cap; do
		pending[$opt]=$cap
	done < <(awk '/^# pending: / { cap = substr($0, 12) }
		/^# CONFIG_[A-Za-z0-9_]+ is not set/ { print $2 "\t" cap; cap = "" }' "$f")
done

# Every "CONFIG_X=v" and "# CONFIG_X is not set" in the fragments must hold,
# except, on the reference kernel (LOCALVERSION -upstream*), options its tree
# does not define, and on a step of make series-check (KBUILD_SERIES_STEP=1),
# options its Kconfig does not offer yet (absent from .config: a component's
# Kconfig is in the tree before the switch sources it).  Options of the
# pending set are reported as such.
bad=0
while read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qxF "$line" "$out/.config" && continue
		# The reference kernel cannot have our own (test) options.
		if [ "${localver#-upstream}" != "$localver" ] &&
		   ! defined_in_tree "${line%%=*}"; then
			echo "kbuild: note: ${line%%=*} is not an option of this tree, skipped"
			continue
		fi
		if [ -n "${KBUILD_SERIES_STEP:-}" ] &&
		   ! grep -qE "^(# )?${line%%=*}[= ]" "$out/.config"; then
			echo "kbuild: note: ${line%%=*} is not offered at this step, skipped"
			continue
		fi
		echo "kbuild: $line was dropped (have: $(grep -E "^(# )?${line%%=*}[= ]" "$out/.config" || echo unset))" >&2
		bad=1 ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }; opt=${opt%% *}
		if grep -q "^$opt=" "$out/.config"; then
			echo "kbuild: $opt should be unset" >&2
			bad=1
		elif [ -n "${pending[$opt]+set}" ]; then
			echo "kbuild: pending: $opt (off here; ${pending[$opt]:-no capability named})"
		fi ;;
	esac
done < "$frag"
[ $bad -eq 0 ] || { echo "kbuild: config check failed for $out" >&2; exit 1; }

echo "kbuild: building $(make -s -C "$src" kernelversion)$localver in $out"
log="$out/build.log"
if ! "${mk[@]}" bzImage modules 2>&1 | tee "$log"; then
	echo "kbuild: FAIL: building $src into $out stopped (log: $log)" >&2
	# Name the project file behind each tree file that has an error.
	proj=$(readlink -f "$(dirname "$0")/../../..")
	grep -oE "[^ :]*tree/[^ :]+:[0-9]+:[0-9]+: (fatal )?error" "$log" | sort -u |
	while IFS=: read -r f l _; do
		rel=${f#*tree/}
		[ -f "$proj/$rel" ] && echo "kbuild:   error in overlay file $proj/$rel:$l" >&2
	done
	exit 1
fi
"${mk[@]}" INSTALL_MOD_PATH="$out/modroot" modules_install >/dev/null
"${mk[@]}" headers_install >/dev/null
echo "kbuild: $out/arch/x86/boot/bzImage ($(make -s -C "$src" O="$out" LOCALVERSION="$localver" kernelrelease))"
