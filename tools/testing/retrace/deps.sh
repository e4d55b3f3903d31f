#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh - install, idempotently, what the lab needs from Debian, and extract
# the pristine base tree once.
#
# Packages already present are not touched; apt runs only when something is
# missing.  The base tree is extracted from the tarball that Debian's
# linux-source-6.12 package installs, into $BASE, and never written to again:
# the assembled tree and the reference build both start from it.
set -euo pipefail

BASE=${BASE:?BASE must name the pristine tree directory}

pkgs="linux-source-6.12 gcc make flex bison bc libelf-dev libssl-dev cpio
ccache qemu-system-x86 busybox-static linux-perf trace-cmd sparse kmod patch
rsync xz-utils python3 libc6-dev gdb iputils-ping"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done

if [ -n "$missing" ]; then
	echo "deps: installing$missing"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086
	if ! $sudo apt-get install -y --no-install-recommends $missing; then
		$sudo apt-get update
		# shellcheck disable=SC2086
		$sudo apt-get install -y --no-install-recommends $missing
	fi
fi

tarball=$(ls /usr/src/linux-source-6.12.tar.xz 2>/dev/null || true)
[ -n "$tarball" ] || { echo "deps: no /usr/src/linux-source-6.12.tar.xz" >&2; exit 1; }

# The stamp records which tarball the tree came from; a new 6.12.y package
# replaces the tree on the next run.
stamp="$BASE/.retrace-base"
want=$(stat -c '%s %Y' "$tarball")
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
	echo "deps: extracting $tarball into $BASE"
	rm -rf "$BASE" "$BASE.tmp"
	mkdir -p "$BASE.tmp"
	tar xJf "$tarball" -C "$BASE.tmp" --strip-components=1
	echo "$want" > "$BASE.tmp/.retrace-base"
	mv "$BASE.tmp" "$BASE"
fi
echo "deps: base $(make -s -C "$BASE" kernelversion 2>/dev/null)"
