#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh NAME KOUT SRCTREE [T]
#
# Run the test suites on one built kernel and print the verdict:
#   kunit        the KUnit suites built into the kernel (KTAP from the console)
#   selftests    ours, tools/testing/selftests/retrace/*.sh (their *.c built here)
#   ftracetest   upstream's tools/testing/selftests/ftrace from SRCTREE
#   user_events  upstream's tools/testing/selftests/user_events, built here
#                against SRCTREE and KOUT's uapi headers
#   ring-buffer  upstream's tools/testing/selftests/ring-buffer (map_test:
#                the user-space mapping of the ring buffer), built the same way
# T selects a subset, words separated by spaces or commas: a suite name, or
# suite:item (kunit:GLOB, selftests:NAME.sh, ftracetest:DIR-or-FILE under
# test.d, user_events:BINARY).  Empty means everything.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
name=$1
kout=$(readlink -f "$2")
src=$(readlink -f "$3")
sel=${4:-}
top=$(readlink -f "$here/../../..")
res=$(readlink -f "$top/build/results")/$name

all="kunit selftests ftracetest user_events ring-buffer"
suites="" full="" kglob="" ssel="" fsel="" usel=""
if [ -z "$sel" ]; then
	suites=$all
	full=$all
fi
for w in ${sel//,/ }; do
	s=${w%%:*}
	case " $all " in *" $s "*) ;; *) echo "check: unknown suite '$s' in T= (have: $all)" >&2; exit 2 ;; esac
	case " $suites " in *" $s "*) ;; *) suites="$suites $s" ;; esac
	if [ "$w" = "$s" ]; then
		full="$full $s"
		continue
	fi
	item=${w#*:}
	case $s in
	kunit) kglob=$item ;;
	selftests) ssel="$ssel $item" ;;
	ftracetest) fsel="$fsel $item" ;;
	user_events) usel="$usel $item" ;;
	ring-buffer) ;;
	esac
done

# failures.txt: one line per failure, which make check prints again at
# its very end: from the setup below (setup_fail), report.py, and the
# verdicts after the guest.  A stale one never survives into this run.
rm -f "$res/failures.txt"
setup_fail() {
	mkdir -p "$res"
	echo "check: FAIL: $1" >&2
	echo "setup: FAIL: $1" >> "$res/failures.txt"
}

ver="$(make -s -C "$src" kernelversion)"
echo "check: $name: linux $ver from $src"

cmdline=""
case " $suites " in
*" kunit "*) [ -z "$kglob" ] || cmdline="kunit.filter_glob=$kglob" ;;
*) cmdline="kunit.enable=0" ;;
esac

# Build one of upstream's selftest directories on the host, against the
# uapi headers of the kernel under test, into KOUT/selftests/DIR.
build_selftests() {
	local d=$kout/selftests/$1

	mkdir -p "$d"
	if ! make -s -C "$src/tools/testing/selftests/$1" OUTPUT="$d" \
		KHDR_INCLUDES="-isystem $kout/usr/include" >"$d/build.log" 2>&1; then
		setup_fail "$1 selftests do not build:"
		tail -n 20 "$d/build.log" >&2
		echo "0 passed, 1 failed"
		exit 1
	fi
}
ue=$kout/selftests/user_events
rb=$kout/selftests/ring-buffer
case " $suites " in *" user_events "*) build_selftests user_events ;; esac
case " $suites " in *" ring-buffer "*) build_selftests ring-buffer ;; esac

# The C programs of our selftests (tools/testing/selftests/retrace/NAME.c,
# run by NAME.sh), built the same way into KOUT/selftests/retrace; the
# guest finds them through RETRACE_SELFTEST_BIN.
st=$kout/selftests/retrace
build_retrace_selftests() {
	local c b

	mkdir -p "$st"
	: > "$st/build.log"
	# samples/user_events/example.c too, as user_events_example
	for c in "$top"/tools/testing/selftests/retrace/*.c \
		 "$src/samples/user_events/example.c"; do
		[ -e "$c" ] || continue
		b=$(basename "$c" .c)
		[ "$b" = example ] && b=user_events_example
		if ! gcc -O2 -g -Wall -isystem "$kout/usr/include" \
			-o "$st/$b" "$c" >>"$st/build.log" 2>&1; then
			setup_fail "$c does not build:"
			tail -n 20 "$st/build.log" >&2
			echo "0 passed, 1 failed"
			exit 1
		fi
	done
}
case " $suites " in *" selftests "*) build_retrace_selftests ;; esac

# selftests/retrace/events_identity.sh, hist_identity.sh,
# probe_identity.sh and graph_identity.sh compare with
# the reference kernel
# built with the same pending set (lab.rst): build it (make
# upstream-pending, incremental) and dump its events first (cached, per
# reference kernel; the guest reads that one dump, RETRACE_REFEVENTS).
want_ref=0 refev=""
case " $suites " in *" selftests "*)
	case " $full " in *" selftests "*) want_ref=1 ;; esac
	case " $ssel " in *" events_identity.sh "*|*" hist_identity.sh "*|*" probe_identity.sh "*|*" graph_identity.sh "*) want_ref=1 ;; esac ;;
esac
# A reference kernel compares with its own dump, if there is one.
case $name in upstream*) want_ref=0 refev=$top/build/results/refevents/$(basename "$kout")/current/ref ;; esac
if [ $want_ref -eq 1 ]; then
	dbg=""
	case $name in *-debug) dbg="DEBUG=1" ;; esac
	upk=$top/build/out/upstream-pending${name#retrace}
	refev=$top/build/results/refevents/$(basename "$upk")/current/ref
	if ! make -s -C "$top" upstream-pending $dbg || ! "$here/refevents.sh" "$upk" "$top/build/base"; then
		setup_fail "no reference events for selftests/retrace/events_identity.sh"
		echo "0 passed, 1 failed"
		exit 1
	fi
fi

rm -rf "$res"
mkdir -p "$res"
cat > "$res/guest.sh" <<GUEST
SUITES="$suites"
SELFTESTS="$top/tools/testing/selftests/retrace"
SELFTEST_SEL="$ssel"
FTRACETEST="$src/tools/testing/selftests/ftrace"
FTRACE_SEL="$fsel"
USER_EVENTS="$ue"
UE_SEL="$usel"
RING_BUFFER="$rb"
export RETRACE_REFEVENTS="$refev"
export RETRACE_SELFTEST_BIN="$st"
. "$here/guest/suites.sh"
GUEST
echo "$ver" > "$res/version"

# A full run takes about 10 minutes of guest time; under lockdep and KASAN
# about six times that.  The timeout only catches a hung guest.
tmo=3000
case $name in *-debug) tmo=14400 ;; esac
tmo=${CHECK_TIMEOUT:-$tmo}
# RETRACE_EXTRA_CMDLINE: more kernel parameters (make stress sets one).
RETRACE_CMDLINE="$cmdline ${RETRACE_EXTRA_CMDLINE:-}" "$here/vm.sh" "$kout" "$res" run "$tmo" &
vm=$!
# Show progress while the guest works: the suite stamps and ftracetest's cases.
(
	tail -n +1 -F "$res/ftracetest.out" 2>/dev/null | grep --line-buffered -E '^\[[0-9]+\]' &
	t=$!
	while kill -0 $vm 2>/dev/null; do sleep 2; done
	kill $t 2>/dev/null
) &
mon=$!
wait $vm
vmrc=$?
wait $mon 2>/dev/null

echo "== $name (linux $ver): results in $res"
"$here/report.py" "$res" "$here/expected" "$suites" "$full"
read -r p f < "$res/summary.counts" || { p=0; f=0; }
touch "$res/failures.txt"
if [ $vmrc -ne 0 ]; then
	echo "guest        FAIL (see above)"
	echo "guest: FAIL: a splat, a hang or no guest.rc (console.log)" >> "$res/failures.txt"
	sed 's/^/  /' "$res/vm-failure.txt" >> "$res/failures.txt" 2>/dev/null
	f=$((f + 1))
else
	echo "guest        clean log, powered off by itself"
fi
grc=$(cat "$res/guest.rc" 2>/dev/null || echo none)
# A check of the built objects, after the guest: TOOL LABEL CMD...  One
# line of verdict (the last line TOOL printed), its output in
# $res/TOOL.txt, counted with the suites.
static_check() {
	local tool=$1 label=$2
	shift 2
	if "$@" > "$res/$tool.txt" 2>&1; then
		echo "$label $(tail -n 1 "$res/$tool.txt" | sed "s/^$tool: //")"
		p=$((p + 1))
	else
		echo "$label FAIL:"
		sed 's/^/  /' "$res/$tool.txt"
		echo "$tool: FAIL ($tool.txt)" >> "$res/failures.txt"
		f=$((f + 1))
	fi
}
# A full run of our kernel also checks its link surface (linkcheck.sh)
# and that no component of kernel/trace references a higher layer
# (layercheck.py over the table of layers.rst; the debug build is not
# checked, see lab.rst).
if [ -z "$sel" ] && [ "$name" = retrace ]; then
	static_check linkcheck "link-surface" \
		"$here/linkcheck.sh" "$kout" "$here/expected/link-surface.txt"
	static_check layercheck "layers      " \
		"$here/layercheck.py" "$kout" "$top/Documentation/trace/retrace/layers.rst"
fi
if [ "$grc" != 0 ] && [ $vmrc -eq 0 ]; then
	echo "guest        FAIL: guest.sh exited $grc"
	echo "guest: FAIL: guest.sh exited $grc" >> "$res/failures.txt"
	f=$((f + 1))
fi
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
