#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fgraph_churn.sh - graph users on every function, coming and going,
# while tasks fork, exec and exit, for FGRAPH_CHURN_SECS seconds
# (default 15).
#
# The built-in churn of the graph core (kernel/trace/fgraph/
# fgraph_churn.c, CONFIG_FGRAPH_CHURN_TEST) runs three users: one on
# every function, which leaves and comes back every fourth round, and
# two on the functions of a glob each, which come and go every round.
# Each user keeps the function and the depth of every call it takes in
# the call's frame and checks them when the call returns.  Meanwhile
# two workloads fork, exec, do file I/O and exit, and a third makes and
# kills short-lived children, until the churn is over.  What must hold:
# the run (at least four rounds: user 0 left and came back, up to eight
# times its time) ends within FGRAPH_CHURN_GRACE seconds (default 120)
# after that bound, it made its four rounds, its users saw calls
# and their returns, and no return came back with another call's data
# (errors 0).  A wrong return address would crash the guest, and a
# splat in the kernel log fails the lab run.
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
P=/sys/module/fgraph_churn/parameters
SECS=${FGRAPH_CHURN_SECS:-15}
GRACE=${FGRAPH_CHURN_GRACE:-120}
W=$(mktemp -d)
fail() { echo "FAIL: $*"; exit 1; }

[ -e $P/start ] || { echo "SKIP: no graph churn (CONFIG_FGRAPH_CHURN_TEST)"; exit 4; }
[ "$(cat $P/done)" = 1 ] || [ "$(cat $P/rounds)" = 0 ] ||
	fail "a churn is running already"

workload() {
	local i=0

	while [ "$(cat $P/done)" != 1 ] && [ $SECONDS -lt $limit ]; do
		/bin/true
		ls /proc > /dev/null
		dd if=/dev/zero of="$W/f.$1" bs=4k count=8 2> /dev/null
		cat "$W/f.$1" > /dev/null
		sh -c 'echo $$ > /dev/null'
		i=$((i + 1))
	done
	echo "workload $1: $i rounds"
}

children() {
	local i=0 p

	while [ "$(cat $P/done)" != 1 ] && [ $SECONDS -lt $limit ]; do
		sleep 1 & p=$!
		sh -c 'exec cat /proc/self/stat > /dev/null' &
		kill $p 2> /dev/null
		wait
		i=$((i + 1))
	done
	echo "children: $i rounds"
}

echo 3 > $P/users
# The churn makes four rounds even past its time (up to eight times it).
limit=$((SECONDS + 8 * SECS + GRACE))
echo "$SECS" > $P/start || fail "cannot start the churn"
workload a & pa=$!
workload b & pb=$!
children & pc=$!
wait $pa $pb $pc
rm -rf "$W"
[ "$(cat $P/done)" = 1 ] || fail "the churn did not end $((8 * SECS + GRACE))s after its start"

rounds=$(cat $P/rounds)
entries=$(cat $P/entries)
returns=$(cat $P/returns)
errors=$(cat $P/errors)
echo "rounds $rounds, entries $entries, returns $returns, errors $errors"
[ "$rounds" -ge 4 ] || fail "$rounds rounds, not 4"
[ "$entries" -gt 0 ] || fail "no call taken"
[ "$returns" -gt 0 ] || fail "no return seen"
[ "$errors" -eq 0 ] || fail "$errors returns came back with another call's data"
echo "PASS: graph users churned over every function"
exit 0
