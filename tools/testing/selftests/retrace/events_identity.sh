#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# events_identity.sh - what the staging headers generate is what upstream's
# generate: the format file of every event (and header_page/header_event)
# and the printed line of the same record, compared with the reference
# kernel's: the one built with the same pending set (make upstream-pending,
# lab.rst), whose dump tools/testing/retrace/refevents.sh writes
# and check.sh names in RETRACE_REFEVENTS.
#
# Both sides run tools/testing/retrace/guest/events-dump.sh: the sample
# modules (samples/trace_events) fire every TRACE_EVENT form with fixed
# arguments, and every event gets one injected record.  Any difference
# fails, except the masks of norm() below, applied to both sides: the number in
# __UNIQUE_ID_<name>_<n>, which a print fmt shows when its arguments
# expand min()/max().  It is a compile-time __COUNTER__ value that depends
# on how many macro expansions came before in the object (upstream reads an
# event header eight times, we read it three times); no tool can use it.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
here=$(dirname "$(readlink -f "$0")")
top=$(readlink -f "$here/../../../..")
ref=${RETRACE_REFEVENTS:-}
ours=/tmp/events-ours

[ -d /sys/kernel/tracing/events ] || { echo "SKIP: no tracefs"; exit 4; }
[ -n "$ref" ] && [ -s "$ref/formats.txt" ] ||
	{ echo "SKIP: no reference data at '$ref' (run through make check)"; exit 4; }
echo "reference: $(cat "$ref/kernel.release" 2>/dev/null || echo unknown) ($ref)"

rm -rf "$ours"
bash "$top/tools/testing/retrace/guest/events-dump.sh" "$ours" || { echo "FAIL: events-dump.sh"; exit 1; }

# Events the reference dump did not inject into (inject.txt says
# "skipped"; refevents.sh says why): ours injected into them all the
# same, and the harness fails the run on any splat that caused; only the
# comparison leaves their injected lines out.
for d in $(sed -n 's/^skipped //p' "$ref/inject.txt"); do
	echo "skipped on the reference: injecting into $d"
	awk -v d="== $d" 'BEGIN { keep = 1 } /^== /{ keep = ($0 != d) } keep' "$ours/lines.txt" > "$ours/lines.tmp"
	mv "$ours/lines.tmp" "$ours/lines.txt"
	sed -i "s|^ok $d\$|skipped $d|" "$ours/inject.txt"
done

# Two more masks, for values a print computes from the running system, not
# from the record: a %p pointer is hashed with a key drawn at each boot
# (page=<16 hex digits>, the struct page of pfn 0), and writeback's age=
# is jiffies at print time minus the record's dirtied_when.
norm() {
	sed -E -e 's/(__UNIQUE_ID_[A-Za-z0-9_]*_)[0-9]+/\1N/g' \
	       -e 's/( page=)[0-9a-f]{16}( pfn=)/\1P\2/' \
	       -e 's/^(writeback_[a-z_]+: .* age=)[0-9]+/\1A/' "$1"
}

# Plain files, no <(...): the lab guest has no /dev/fd.
rc=0
for f in formats.txt lines.txt inject.txt; do
	n_ref=$(grep -c '^== ' "$ref/$f" || true)
	n_ours=$(grep -c '^== ' "$ours/$f" || true)
	# The reference only: 6.12's user_events prints the size of a
	# "__rel_loc char[]" field from memory it never set, [] in most
	# boots and a stray number in some (one CI run: data[46513328]).
	# Ours must print [] as it is.
	norm "$ref/$f" |
		sed -E 's/^(\tfield:__rel_loc [^;]*\[)[0-9]+(\];)/\1\2/' \
		> "/tmp/events-ref-$f"
	norm "$ours/$f" > "/tmp/events-ours-$f"
	if diff -u "/tmp/events-ref-$f" "/tmp/events-ours-$f" > "/tmp/events-$f.diff"; then
		echo "same: $f ($n_ours sections, $(wc -l < "$ours/$f") lines)"
		continue
	fi
	rc=1
	# The sections (events) that differ, by name.
	bad=$(diff --unchanged-line-format='%L' --old-line-format='-%L' \
		   --new-line-format='+%L' "/tmp/events-ref-$f" "/tmp/events-ours-$f" |
	      awk '/^== /{s=$2} /^[-+][^-+]/{print s}' | sort -u)
	echo "DIFF: $f: reference $n_ref sections, ours $n_ours; differing: $(echo "$bad" | wc -l)"
	echo "$bad" | head -n 40 | sed 's/^/  /'
	head -n 80 "/tmp/events-$f.diff"
done
[ $rc -eq 0 ] && echo "PASS: $(grep -c '^== events/.*/format' "$ours/formats.txt") formats, $(grep -c '^ok ' "$ours/inject.txt") injected events, sample lines identical"
exit $rc
