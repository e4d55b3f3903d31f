#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# options.sh - trace_options, options/, current_tracer, available_tracers
# and tracing_thresh as user space sees them, at the top level and in an
# instance.
#
# Prints a transcript (option names in trace_options order, the files of
# options/ at the top and in an instance, what a new instance inherits,
# where trace_printk_dest goes, the nop tracer's two test options, the
# errno of each refused write) that must be byte-identical to
# options.expected.  Everything changed is put back.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
HERE=$(dirname "$(readlink -f "$0")")
EXPECTED=$HERE/options.expected
OUT=$(mktemp)
I=instances/retrace_opts
fail() { echo "FAIL: $*"; exit 1; }

[ -f $T/trace_options ] || { echo "SKIP: no trace_options"; exit 4; }
[ -d $T/instances ] || { echo "SKIP: no instances"; exit 4; }
cd $T || exit 1
rmdir $I 2>/dev/null

# Write $2 to $1; print "ok" or the errno text of the failed write.
w() {
	local err

	if err=$( { echo "$2" > "$1"; } 2>&1 ); then
		echo "write '$2' > $1: ok"
	else
		echo "write '$2' > $1: ${err##*: }"
	fi
}

top_sym=$(cat options/sym-offset)
top_fork=$(cat options/event-fork)
{
	echo "### trace_options names, in order"
	sed 's/^no//' trace_options
	echo "### options/ at the top"
	ls options | LC_ALL=C sort
	echo "### available_tracers, current_tracer"
	cat available_tracers current_tracer

	echo "### a new instance inherits the options of the moment"
	echo 1 > options/sym-offset
	echo 1 > options/event-fork
	mkdir $I || fail "mkdir $I"
	echo "sym-offset $(cat $I/options/sym-offset)"
	echo "event-fork $(cat $I/options/event-fork)"
	echo "trace_printk_dest $(cat $I/options/trace_printk_dest)"
	echo "$top_sym" > options/sym-offset
	echo "$top_fork" > options/event-fork
	echo "### options/ in the instance"
	ls $I/options | LC_ALL=C sort
	echo "### global-only options through the instance's trace_options"
	grep -E '^(no)?(trace_printk|printk-msg-only|record-cmd)$' $I/trace_options | sed 's/^no//'
	w $I/trace_options noprintk-msg-only

	echo "### trace_printk_dest moves"
	w $I/options/trace_printk_dest 1
	echo "top $(cat options/trace_printk_dest) instance $(cat $I/options/trace_printk_dest)"
	w options/trace_printk_dest 0
	w $I/options/trace_printk_dest 0
	echo "top $(cat options/trace_printk_dest) instance $(cat $I/options/trace_printk_dest)"
	w options/trace_printk_dest 0
	w trace_options notrace_printk_dest

	echo "### the nop tracer's options"
	w $I/trace_options test_nop_accept
	grep test_nop $I/trace_options
	cat $I/options/test_nop_accept
	w $I/options/test_nop_accept 0
	w $I/options/test_nop_refuse 1
	w $I/options/test_nop_refuse 0
	w $I/trace_options notest_nop_refuse
	grep test_nop $I/trace_options

	echo "### refused writes"
	w $I/trace_options bogus
	w $I/trace_options no
	w $I/trace_options "$(printf 'x%.0s' $(seq 70))"
	w $I/options/hex 2
	w $I/options/hex abc
	w $I/trace_options " nohex "
	cat $I/options/hex
	w $I/trace_options hex
	cat $I/options/hex

	echo "### current_tracer"
	w $I/current_tracer bogus
	w $I/current_tracer nop
	w current_tracer " nop "
	cat $I/available_tracers $I/current_tracer

	echo "### tracing_thresh"
	old=$(cat tracing_thresh)
	w tracing_thresh 100
	cat tracing_thresh
	w tracing_thresh abc
	w tracing_thresh -1
	echo "$old" > tracing_thresh

	echo "### README"
	grep -c '\[gid=<gid>\]' README
} > "$OUT" 2>&1
rmdir $I || fail "rmdir $I"

grep -v '^#[^#]' "$EXPECTED" > "$OUT.expected"
if ! diff -u "$OUT.expected" "$OUT"; then
	rm -f "$OUT" "$OUT.expected"
	fail "transcript differs from options.expected"
fi
rm -f "$OUT" "$OUT.expected"
echo "PASS"
