#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUT.cpio.gz - the lab initramfs: static busybox and /init.
# Everything else the guest runs comes from the host root over 9p.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
out=$1
[ -x /bin/busybox ] || { echo "mkinitramfs: need busybox-static" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"/{bin,sbin,dev,proc,sys,root,tmp}
cp /bin/busybox "$tmp/bin/busybox"
cp "$here/init" "$tmp/init"
chmod 755 "$tmp/init"
(cd "$tmp" && find . | sort | cpio -o -H newc --quiet --reproducible | gzip -9n) > "$out.tmp"
mv "$out.tmp" "$out"
