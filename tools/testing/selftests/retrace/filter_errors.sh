#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# filter_errors.sh - malformed, huge and hostile text on the filter files
# and on perf's PERF_EVENT_IOC_SET_FILTER.
#
# Each case writes one text and prints a transcript line set: the errno
# of the write, what the written file then shows, and the error_log
# entries it added (timestamps removed).  The transcript must be
# byte-identical to filter_errors.expected, which is this script's
# output on the upstream reference kernel (make check-upstream
# T=selftests:filter_errors.sh): same errno, same error_log text and
# caret, same file contents.  Besides that, every case checks that
# nothing it did not write changed: the other events' filters, the
# subsystem filters, enable states, tracing_on.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
EXPECTED=$HERE/filter_errors.expected
OUT=$(mktemp)
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/events/sched/sched_switch/filter ] || { echo "SKIP: no sched_switch filter"; exit 4; }
[ -f $T/error_log ] || { echo "SKIP: no error_log"; exit 4; }
cd $T || exit 1

SW=events/sched/sched_switch/filter
SIG=events/signal/filter
WATCH="events/sched/sched_wakeup/filter events/sched/filter
events/signal/signal_generate/filter events/signal/signal_deliver/filter
events/kmem/kmem_cache_free/filter events/sched/sched_switch/enable
events/sched/enable tracing_on"

# Everything a case must leave alone, except the file it writes ($1).
snapshot() {
	local f
	for f in $WATCH; do
		[ "$f" = "$1" ] && continue
		case "$1" in events/signal/filter)
			case "$f" in events/signal/*) continue ;; esac ;;
		esac
		echo "== $f"
		cat "$f"
	done
}

# The errno of a write, by the name strerror gives it.
write_file() { # file text
	local err
	err=$( { printf '%s' "$2" > "$1"; } 2>&1 )
	if [ -z "$err" ]; then
		echo "ok"
	else
		echo "${err##*: }"
	fi
}

log_since() {
	sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' error_log
}

n=0
case_on() { # file text [label]
	local file=$1 text=$2 before after
	n=$((n + 1))
	before=$(snapshot "$file")
	echo > error_log
	echo "### case $n: ${3:-$text}"
	echo "file: $file"
	echo "errno: $(write_file "$file" "$text")"
	echo "shows:"
	cat "$file"
	echo "error_log:"
	log_since
	after=$(snapshot "$file")
	[ "$before" = "$after" ] || echo "FAIL: case $n changed more than $file"
}

reset_filters() {
	echo 0 > $SW
	echo 0 > events/sched/filter
	echo 0 > $SIG
	echo 0 > events/kmem/kmem_cache_free/filter
}

long_a=$(printf 'a%.0s' $(seq 300))
long_text=$(printf 'prev_pid == 1 || %.0s' $(seq 300))
huge=$(printf 'x%.0s' $(seq 5000))
opens=$(printf '(%.0s' $(seq 1000))
deep="$(printf '(%.0s' $(seq 200))prev_pid == 1$(printf ')%.0s' $(seq 200))"

run_cases() {
	# A valid filter set before each bad one: upstream replaces it with
	# the error (the event is unfiltered), and so must we.
	local t
	while IFS= read -r t; do
		reset_filters
		echo 'prev_pid != 12345' > $SW
		echo 'sig == 9' > events/signal/signal_generate/filter
		case_on $SW "$t"
	done <<'EOF'
nosuch == 1
prev_pid == 1 &&
prev_pid == 1 ||
prev_pid == 1 && !
(prev_pid == 1
prev_pid == 1)
)(
prev_comm == "abc
prev_comm == 'abc
prev_pid = 1
prev_pid 1
prev_pid == abc
prev_pid == 0xzz
prev_pid == 12345678901234567890123456
prev_pid == 99999999999999999999
prev_comm == 1
prev_pid == "x"
prev_pid ~ 1
prev_comm < "a"
prev_comm & "a"
prev_pid == CPUS
prev_pid == CPUS{
prev_pid == CPUS{}
prev_pid == CPUS{abc}
prev_comm == CPUS{1}
prev_pid > CPUS{1}
prev_state.function == no_such_function_here
prev_state.function > schedule
prev_pid.function == schedule
prev_pid == 1 prev_pid == 2
prev_pid == 1 && && prev_pid == 2
!
!!
&&
()
(( ))
==
== 1
.function == 1
prev_comm.ustring == "a"
prev_pid == 1 ^ 2
prev_comm ~ "*"
prev_comm ~ "!*sh"
prev_comm ~ "[a-"
prev_pid == -1 || prev_prio >= -5 && next_prio < 0x10
((((prev_pid == 1)))) && !(prev_comm ~ "k*")
common_pid == 1 || COMM == "sh" || CPU == 0 || cpu & CPUS{0}
common_preempt_count & 0x1f || common_flags != 0
 0 
0
EOF
	case_on $SW "prev_comm == \"$long_a\"" 'prev_comm == "a x 300"'
	case_on $SW "$long_text prev_pid == 2" 'prev_pid == 1 || x 300'
	case_on $SW "$opens" '( x 1000'
	case_on $SW "$deep" '( x 200 prev_pid == 1 ) x 200'
	case_on $SW "$huge" 'x x 5000'
	case_on $SW "$(printf 'prev_pid\x01 == 1')" 'prev_pid\x01 == 1'
	case_on $SW "$(printf '\xff\xfe == 1')" '\xff\xfe == 1'
	case_on $SW "$(printf 'prev_comm == "\x80\x81"')" 'prev_comm == "\x80\x81"'
	case_on events/signal/signal_generate/filter \
		'((sig >= 10 && sig < 15) || dsig ^== 17) && comm != bash'
	case_on events/kmem/kmem_cache_free/filter 'call_site.function == 0x1'
	case_on events/kmem/kmem_cache_free/filter 'name ~ "*abc*" && ptr != 0'
	case_on events/kmem/kmem_cache_free/filter 'call_site.function == kfree'

	# Subsystem filters: each event that cannot take the text shows the
	# subsystem error and logs it; the write itself succeeds (upstream).
	while IFS= read -r t; do
		reset_filters
		case_on $SIG "$t"
		echo "signal_generate: $(cat events/signal/signal_generate/filter)"
		echo "signal_deliver: $(cat events/signal/signal_deliver/filter)"
	done <<'EOF'
sig == 9
result == 0
nosuch == 1
sig ==
(sig == 1
comm == 1
0
EOF
	reset_filters
}

perf_cases() {
	local py
	py=$(command -v python3) || { echo "perf: no python3, skipped"; return; }
	"$py" - "$(cat events/sched/sched_switch/id)" <<'EOF'
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
NR_perf_event_open = 298
PERF_EVENT_IOC_SET_FILTER = 0x40082406
attr = bytearray(128)
struct.pack_into("IIQ", attr, 0, 2, 128, int(sys.argv[1]))  # TRACEPOINT
texts = [b"prev_pid == 1", b"nosuch == 1", b"prev_pid == 1 &&",
         b"(prev_pid == 1", b"prev_comm == \"x", b"prev_comm == 1",
         b"prev_pid == 1)", b"!", b"", b"x" * 5000, b"prev_comm ~ \"s*\""]
buf = (ctypes.c_char * 128).from_buffer(attr)
for t in texts:
    fd = libc.syscall(NR_perf_event_open, buf, -1, 0, -1, 0)
    if fd < 0:
        print("perf: perf_event_open failed: %s" % os.strerror(ctypes.get_errno()))
        sys.exit(0)
    s = ctypes.create_string_buffer(t)
    r = libc.ioctl(fd, PERF_EVENT_IOC_SET_FILTER, s)
    e = ctypes.get_errno() if r else 0
    label = t if len(t) < 40 else t[:10] + b"... (%d bytes)" % len(t)
    print("perf %r: %s" % (label, os.strerror(e) if e else "ok"))
    if not r:
        r = libc.ioctl(fd, PERF_EVENT_IOC_SET_FILTER, s)
        e = ctypes.get_errno() if r else 0
        print("perf %r again: %s" % (label, os.strerror(e) if e else "ok"))
    os.close(fd)
EOF
}

{
	run_cases
	perf_cases
} > "$OUT" 2>&1 || { cat "$OUT"; fail "a case failed"; }

echo "--- transcript"
cat "$OUT"
echo "--- end of transcript"
grep -q "^FAIL" "$OUT" && fail "$(grep -m1 '^FAIL' "$OUT")"
[ -f "$EXPECTED" ] || fail "no $EXPECTED to compare with"
# The expected file starts with two comment lines.
tail -n +3 "$EXPECTED" | diff -u - "$OUT" || fail "transcript differs from upstream's"
echo "PASS"
