#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# refevents.sh UPSTREAM_KOUT BASE
#
# The reference side of selftests/retrace/events_identity.sh: boot the
# upstream kernel built in UPSTREAM_KOUT (from BASE, by `make upstream`)
# once, with our sample modules (samples/trace_events, built here against
# it as external modules), and keep what guest/events-dump.sh and
# guest/hist-dump.sh (for selftests/retrace/hist_identity.sh) and
# guest/probe-dump.sh (probe_identity.sh) and guest/graph-dump.sh
# (graph_identity.sh) write:
#
#   build/results/refevents/<ref>/<key>/ref/{formats,lines,inject,hist,probe,graph}.txt
#   build/results/refevents/<ref>/current -> <key>
#
# <ref> is the name of the reference build (the last component of
# UPSTREAM_KOUT: upstream-pending for make check, see lab.rst), so
# a dump of one reference kernel is never read for another; <key> hashes
# the reference kernel image, the sample sources and the dump scripts, so the
# guest runs again only when one of them changes.  ref/kernel.release names
# the kernel the dump came from.  Nothing upstream generated is kept in the
# repository.  Takes a minute or two of guest time when it runs.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../..")
kout=$(readlink -f "$1")
base=$(readlink -f "$2")
store=$top/build/results/refevents/$(basename "$kout")

key=$(cat "$kout/arch/x86/boot/bzImage" "$top"/samples/trace_events/* \
	"$here/guest/events-dump.sh" "$here/guest/hist-dump.sh" \
	"$here/guest/probe-dump.sh" "$here/guest/graph-dump.sh" "$0" |
	sha256sum | cut -c1-16)
dir=$store/$key
if [ -f "$dir/done" ]; then
	ln -sfn "$key" "$store/current"
	echo "refevents: reference events of $(cat "$kout/include/config/kernel.release") cached ($key)"
	exit 0
fi
rm -rf "$dir"
mkdir -p "$dir/modsrc" "$dir/vm"
cp "$top"/samples/trace_events/* "$dir/modsrc/"
echo "refevents: building the sample modules against $kout"
if ! make -s -C "$base" O="$kout" ARCH=x86_64 "CC=ccache gcc" M="$dir/modsrc" \
	CONFIG_SAMPLE_TRACE_EVENTS=m CONFIG_SAMPLE_TRACE_CUSTOM_EVENTS=m \
	modules > "$dir/modsrc/build.log" 2>&1; then
	echo "refevents: FAIL: the samples do not build against the reference kernel:" >&2
	tail -n 20 "$dir/modsrc/build.log" >&2
	exit 1
fi
# Upstream's inject (trace_events_inject.c) sizes the record it builds
# from the event's own fields only: for an event without any, such as
# retrace-sample/sample_empty, it allocates 1 byte and writes the 8-byte
# record head (common_type, common_flags, ...) into it.  A KASAN kernel
# reports that (slab-out-of-bounds in event_inject_write), so the debug
# reference injects nothing into that event; events_identity.sh then
# leaves the event's injected line out of the comparison, and says so.
# Our kernel still injects into it, under KASAN too.
skip=""
case $(basename "$kout") in *-debug) skip="events/retrace-sample/sample_empty/" ;; esac
cat > "$dir/vm/guest.sh" <<GUEST
RETRACE_INJECT_SKIP="$skip" bash "$here/guest/events-dump.sh" /tmp/results/ref "$dir/modsrc" &&
bash "$here/guest/hist-dump.sh" /tmp/results/ref &&
bash "$here/guest/probe-dump.sh" /tmp/results/ref &&
bash "$here/guest/graph-dump.sh" /tmp/results/ref
GUEST
echo "refevents: dumping the reference kernel's events (guest)"
if ! RETRACE_CMDLINE="kunit.enable=0" "$here/vm.sh" "$kout" "$dir/vm" run 900; then
	echo "refevents: FAIL: the reference guest did not finish cleanly" >&2
	exit 1
fi
if [ "$(cat "$dir/vm/guest.rc")" != 0 ] || [ ! -s "$dir/vm/ref/formats.txt" ]; then
	echo "refevents: FAIL: events-dump.sh failed on the reference kernel" >&2
	exit 1
fi
cp "$kout/include/config/kernel.release" "$dir/vm/ref/kernel.release"
mv "$dir/vm/ref" "$dir/ref"
touch "$dir/done"
ln -sfn "$key" "$store/current"
echo "refevents: $(grep -c '^== events/.*/format' "$dir/ref/formats.txt") reference formats ($key)"
