#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# at_boot.sh - the trace core as the boot left it.  Reads /proc/cmdline
# and checks what each trace boot parameter given there should have done
# by the time user space runs (6.12's behaviour, ftrace.rst and
# kernel-parameters.txt); without any, the defaults.  It must run first
# among the selftests (they run in alphabetical order, hence the name),
# before anything else touched the global instance.  The lab passes extra
# parameters with
# RETRACE_EXTRA_CMDLINE, e.g.:
#
#   RETRACE_EXTRA_CMDLINE="trace_event=sched:sched_switch trace_buf_size=256k
#     trace_clock=global trace_options=nosym-offset,record-tgid
#     trace_instance=bootinst^traceoff,sched:sched_wakeup alloc_snapshot
#     tp_printk tp_printk_stop_on_boot tracing_thresh=100
#     ftrace_filter=vfs_read,vfs_write ftrace_notrace=schedule"
#     make check T=selftests:at_boot.sh
#
# Exit 0 pass, 1 fail, 4 skip (kselftest convention).
set -u
T=/sys/kernel/tracing
fail() { echo "FAIL: $*"; exit 1; }
[ -f $T/trace ] || { echo "SKIP: no tracefs at $T"; exit 4; }
cd $T || exit 1

cmdline=$(cat /proc/cmdline)
# param NAME: the value of NAME=VALUE (or "" for a bare NAME); status 1
# if absent.  The last occurrence wins, as for the kernel's strings.
param() {
	local w found=1 val=""
	for w in $cmdline; do
		case $w in
		"$1"=*) val=${w#*=}; found=0 ;;
		"$1") val=""; found=0 ;;
		esac
	done
	echo "$val"
	return $found
}
checked=0
ok() { echo "ok: $*"; checked=$((checked + 1)); }

# trace_clock=: the selected clock; default local (global if the kernel
# found sched_clock unstable, which it says in the log).
clock=$(grep -o '\[[^]]*\]' trace_clock | tr -d '[]')
if want=$(param trace_clock); then
	[ "$clock" = "$want" ] || fail "trace_clock is $clock, not $want"
else
	want=local
	dmesg | grep -q 'Unstable clock detected' && want=global
	[ "$clock" = "$want" ] || fail "default trace_clock is $clock, not $want"
fi
ok "trace_clock [$clock]"

# trace_options=: each option as given (noX: X off).
if opts=$(param trace_options); then
	for o in ${opts//,/ }; do
		grep -qx -- "$o" trace_options || fail "option $o not set"
		ok "option $o"
	done
fi

# trace_event=: the events are on and the buffer is expanded.
expanded=0
if evs=$(param trace_event); then
	for e in ${evs//,/ }; do
		case $e in *:*) f=events/${e%%:*}/${e#*:}/enable ;; *) continue ;; esac
		[ "$(cat "$f")" = 1 ] || fail "$e not enabled ($f)"
		ok "event $e enabled"
	done
	expanded=1
fi
for p in ftrace alloc_snapshot ftrace_boot_snapshot; do
	param $p > /dev/null && expanded=1
done
# A built-in trace_printk() expands the buffer at boot (and says so).
dmesg | grep -q 'trace_printk() being used' && expanded=1

# trace_buf_size=: once expanded, each CPU's buffer holds at least that
# many bytes, rounded up to whole sub-buffers (a page less their header).
kb=$(cat buffer_size_kb)
if [ $expanded = 1 ]; then
	case $kb in *expanded*) fail "buffer not expanded: $kb" ;; esac
	if size=$(param trace_buf_size); then
		case $size in
		*[kK]) want=${size%?} ;;
		*[mM]) want=$(( ${size%?} * 1024 )) ;;
		*) want=$(( size / 1024 )) ;;
		esac
		[ "$kb" -ge "$want" ] && [ "$kb" -le $((want + want / 64 + 8)) ] ||
			fail "buffer_size_kb $kb for trace_buf_size=$size"
		ok "buffer_size_kb $kb for trace_buf_size=$size"
	fi
	ok "buffer expanded ($kb)"
else
	case $kb in *"(expanded: "*) ok "buffer minimal: $kb" ;;
	*) fail "buffer expanded without a reason: $kb" ;; esac
fi

# alloc_snapshot: the global snapshot exists.
if param alloc_snapshot > /dev/null; then
	grep -q 'Snapshot is allocated' snapshot ||
		fail "alloc_snapshot: no snapshot buffer"
	ok "snapshot allocated"
fi

# trace_instance=NAME[^FLAGS][,EVENTS]: the instance, its flags, events.
for w in $cmdline; do
	case $w in trace_instance=*) ;; *) continue ;; esac
	spec=${w#trace_instance=}
	head=${spec%%,*}
	name=${head%%[\^@]*}
	[ -d instances/$name ] || fail "instance $name missing"
	ok "instance $name"
	case $head in *^traceoff*)
		[ "$(cat instances/$name/tracing_on)" = 0 ] ||
			fail "instance $name: traceoff not applied"
		ok "instance $name traceoff" ;;
	esac
	[ "$spec" = "$head" ] && continue
	for e in $(echo "${spec#*,}" | tr ',' ' '); do
		f=instances/$name/events/${e%%:*}/${e#*:}/enable
		[ "$(cat "$f")" = 1 ] || fail "instance $name: $e not enabled"
		ok "instance $name event $e"
	done
done

# tp_printk (and tp_printk_stop_on_boot): the sysctl's value now.
tpp=/proc/sys/kernel/tracepoint_printk
if [ -f $tpp ]; then
	want=0
	if v=$(param tp_printk) && [ "$v" != 0 ] && [ "$v" != off ]; then
		want=1
		param tp_printk_stop_on_boot > /dev/null && want=0
	fi
	[ "$(cat $tpp)" = $want ] || fail "tracepoint_printk is $(cat $tpp), not $want"
	ok "tracepoint_printk $want"
fi

# tracing_thresh= (microseconds).
if th=$(param tracing_thresh) && [ -f tracing_thresh ]; then
	[ "$(cat tracing_thresh)" = "$th" ] || fail "tracing_thresh $(cat tracing_thresh)"
	ok "tracing_thresh $th"
fi

# ftrace_filter= / ftrace_notrace=: each comma-separated function that
# can be traced is in set_ftrace_filter / set_ftrace_notrace (a glob:
# something is); without them both sets are empty.
for p in ftrace_filter:set_ftrace_filter ftrace_notrace:set_ftrace_notrace; do
	name=${p%%:*}
	file=${p#*:}
	[ -f $file ] || continue
	if list=$(param $name); then
		for f in $(echo "$list" | tr ',' ' '); do
			case $f in
			*[*?[]*) grep -qv '^#' $file || fail "$name: nothing matched $f" ;;
			*) grep -qx "$f" available_filter_functions || continue
			   grep -qx "$f" $file || fail "$name: $f is not in $file" ;;
			esac
		done
		ok "$name=$list"
	else
		[ -z "$(grep -v '^#' $file)" ] || fail "$file is not empty at boot"
		ok "$file empty"
	fi
done

echo "$checked checks"
echo "PASS"
