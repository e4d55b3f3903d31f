#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# user_events_input.sh - hostile input to user_events_data and its
# neighbours (user_events_input.c does the work):
#   - DIAG_IOCSREG: struct sizes (0, 27, 28, 29, PAGE_SIZE, PAGE_SIZE + 1,
#     ...) with zero and non-zero tails, the struct itself at NULL, in an
#     unmapped page or across a page end; unknown flags; enable_size 0-9,
#     16, 128, 255; unaligned words; bits out of range; enable_addr NULL,
#     kernel, non-canonical, PROT_NONE, unmapped, read-only, untouched;
#     name_args NULL, unmapped, unterminated at a page end, 511/512/4000
#     characters; names with ':'; malformed field lists, every type,
#     arrays, data locations, struct sizes up to 2^32 and beyond;
#     the check order (EADDRINUSE before the name is read, E2BIG before
#     the flags, ...) and which bits of the user's word change;
#   - re-registration: matching fields, formats, MULTI_FORMAT, PERSIST,
#     "u:" lines and "-:" deletes in dynamic_events, O_TRUNC refused;
#   - DIAG_IOCSUNREG: sizes, reserved fields, unknown address or bit; the
#     bit cleared and the write index still usable afterwards;
#   - DIAG_IOCSDEL: bad pointers and lengths, unknown, busy, non-persistent,
#     persistent (free right after its last holder), multi-format;
#   - unknown ioctl numbers (ENOTTY), read, lseek, the status file;
#   - writes: short, negative, unknown indexes, payloads shorter than the
#     fields, not enabled (EBADF), pwrite with an offset, writev splitting
#     the index, payloads in unmapped or read-only pages, bad __data_loc /
#     __rel_loc offsets, lengths and missing NULs, huge records to ftrace
#     and perf (dropped silently), and the records that reach the trace;
#   - a seeded random phase (UEI_SEED, default 1; UEI_ITERATIONS, default
#     20000) of registrations, unregistrations, deletes, writes, ioctls and
#     enable switches, each answer one the ABI allows for that call.
# Each hand-made case checks the exact result of the user_events ABI.
# After every phase user_events_status, events/user_events*/ and
# dynamic_events must be as they were at the start.  A splat in the
# kernel log fails the lab run.
# The binary is built by the lab on the host (check.sh, into
# $RETRACE_SELFTEST_BIN); run by hand, it is built here with cc.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
NAME=user_events_input

[ -e $T/user_events_data ] || { echo "SKIP: no $T/user_events_data"; exit 4; }

bin=${RETRACE_SELFTEST_BIN:-}/$NAME
if [ ! -x "$bin" ]; then
	W=$(mktemp -d)
	trap 'rm -rf "$W"' EXIT
	bin=$W/$NAME
	${CC:-cc} -O2 -Wall -o "$bin" "$HERE/$NAME.c" ||
		{ echo "FAIL: cannot build $NAME"; exit 1; }
fi
"$bin" "${UEI_SEED:-1}" "${UEI_ITERATIONS:-20000}"
rc=$?
case $rc in
0) echo "PASS" ;;
4) ;;
*) echo "FAIL (exit $rc)"; rc=1 ;;
esac
exit $rc
