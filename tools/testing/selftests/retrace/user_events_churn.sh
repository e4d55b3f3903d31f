#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# user_events_churn.sh - user events made, used and dropped by several
# processes at once, for CHURN_SECS seconds (default 20; user_events_churn.c
# does the work):
#   - two registrars register a small set of events (single-format, one
#     name with two conflicting field lists, MULTI_FORMAT with three
#     formats, two that are also persistent) at bits of their own words,
#     write records, DIAG_IOCSDEL, unregister, close and reopen the file;
#   - a persister writes "u:" lines to dynamic_events and deletes them
#     again with "-:[user_events/]NAME FIELDS", registers with PERSIST and
#     deletes by DIAG_IOCSDEL;
#   - a forker holds registrations and forks children that exit at once,
#     write records or unregister an inherited enabler, and forks or
#     vforks children that exec /bin/true;
#   - one process switches the events on and off in the top instance,
#     another in an instance (removed and made again now and then);
#   - one perf_event_open()s them by their id (system-wide or per task),
#     mmaps some, holds each for a moment, closes it.
# Only the answers a race can give are accepted (EADDRINUSE for the
# conflicting name, EBADF for a write nobody traces, EBUSY/ENOENT for a
# delete, ENOENT/ENODEV for an event vanishing under an enable switch or a
# perf open, ...).  At the end, with every process reaped, the tracers off
# and the persistent events deleted, no event of the test may be left in
# user_events_status (Active: as at the start), events/user_events*/ or
# dynamic_events.  The counts of what was done are printed.  A splat in
# the kernel log fails the lab run.
# The binary is built by the lab on the host (check.sh, into
# $RETRACE_SELFTEST_BIN); run by hand, it is built here with cc.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
NAME=user_events_churn

[ -e $T/user_events_data ] || { echo "SKIP: no $T/user_events_data"; exit 4; }
[ -d $T/instances ] || { echo "SKIP: no instances"; exit 4; }

bin=${RETRACE_SELFTEST_BIN:-}/$NAME
if [ ! -x "$bin" ]; then
	W=$(mktemp -d)
	trap 'rm -rf "$W"' EXIT
	bin=$W/$NAME
	${CC:-cc} -O2 -Wall -o "$bin" "$HERE/$NAME.c" ||
		{ echo "FAIL: cannot build $NAME"; exit 1; }
fi
"$bin" "${CHURN_SECS:-20}" ${CHURN_SEED:+"$CHURN_SEED"}
rc=$?
case $rc in
0) echo "PASS" ;;
4) ;;
*) echo "FAIL (exit $rc)"; rc=1 ;;
esac
exit $rc
