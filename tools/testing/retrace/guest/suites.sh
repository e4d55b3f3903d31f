# SPDX-License-Identifier: GPL-2.0
#
# suites.sh - runs inside the guest (sourced by the generated guest.sh, which
# sets the variables below first).  Each suite writes its raw output under
# $RES; the host parses it (report.py).  KUnit ran at boot already; its KTAP
# is in the console log.
#
#   SUITES        which suites to run: selftests ftracetest user_events
#   SELFTESTS     our selftests directory (in the assembled tree)
#   SELFTEST_SEL  names to run, empty for all
#   FTRACETEST    upstream's ftracetest directory (in the assembled tree)
#   FTRACE_SEL    ftracetest case files or directories, empty for all
#   USER_EVENTS   directory of the user_events test binaries built on the host
#   RING_BUFFER   directory of the ring-buffer test binary (map_test), ditto
#   UE_SEL        binaries to run, empty for all
# and exports, for the selftests themselves:
#   RETRACE_REFEVENTS     the reference kernel's events (events_identity.sh)
#   RETRACE_SELFTEST_BIN  our selftests' C programs, built on the host
RES=/tmp/results
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

want() { case " $SUITES " in *" $1 "*) return 0 ;; esac; return 1; }
stamp() { echo "retrace-suite: $* ($(cut -d' ' -f1 /proc/uptime)s)" > /dev/kmsg; }

uname -a > "$RES/uname.txt"

if want selftests; then
	stamp "selftests start"
	mkdir -p "$RES/selftests"
	: > "$RES/selftests.txt"
	for t in $(ls "$SELFTESTS"/*.sh 2>/dev/null); do
		n=$(basename "$t")
		[ -z "$SELFTEST_SEL" ] || case " $SELFTEST_SEL " in *" $n "*) ;; *) continue ;; esac
		stamp "selftest $n"
		timeout 600 bash "$t" > "$RES/selftests/$n.log" 2>&1
		case $? in
		0) r=PASS ;; 4) r=SKIP ;; 124) r=TIMEOUT ;; *) r=FAIL ;;
		esac
		echo "$r $n" >> "$RES/selftests.txt"
	done
fi

if want ftracetest; then
	stamp "ftracetest start"
	rm -rf /tmp/ftrace && cp -r "$FTRACETEST" /tmp/ftrace
	args=""
	for c in $FTRACE_SEL; do args="$args /tmp/ftrace/test.d/$c"; done
	mkdir -p "$RES/ftracetest"
	# -k keeps every case's log: its first line names the case file.
	(cd /tmp/ftrace && ./ftracetest -k -l "$RES/ftracetest" $args) \
		> "$RES/ftracetest.out" 2>&1
	echo "exit $?" >> "$RES/ftracetest.out"
fi

if want user_events; then
	stamp "user_events start"
	mkdir -p "$RES/user_events"
	for b in ftrace_test dyn_test perf_test abi_test; do
		[ -z "$UE_SEL" ] || case " $UE_SEL " in *" $b "*) ;; *) continue ;; esac
		(cd "$USER_EVENTS" && timeout 300 "./$b") > "$RES/user_events/$b.out" 2>&1
		echo "exit $?" >> "$RES/user_events/$b.out"
	done
fi
if want ring-buffer; then
	stamp "ring-buffer start"
	mkdir -p "$RES/ring-buffer"
	(cd "$RING_BUFFER" && timeout 300 ./map_test) > "$RES/ring-buffer/map_test.out" 2>&1
	echo "exit $?" >> "$RES/ring-buffer/map_test.out"
fi
stamp "suites done"
