// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.c - what the syscall events cost a syscall: nanoseconds per
 * getpid(2), best of five rounds, in three states of the global instance
 * (buffer in overwrite mode, tracing on):
 *
 *   syscall_off_ns        no syscall event on: the syscall's own cost
 *   syscall_other_on_ns   sys_enter_kill and sys_exit_kill on: getpid
 *                         takes the traced-syscall path but records
 *                         nothing
 *   syscall_on_ns         sys_enter_getpid and sys_exit_getpid on: two
 *                         records per call
 *
 * Without syscall events (no events/syscalls) it prints nothing.
 */
#include <sys/syscall.h>
#include "tracefs.h"

#define EV TRACEFS "events/syscalls/"

static double per_call(int n)
{
	long long t0, best = -1;
	int i, round;

	for (round = 0; round < 5; round++) {
		t0 = now_ns();
		for (i = 0; i < n; i++)
			syscall(SYS_getpid);
		t0 = now_ns() - t0;
		if (best < 0 || t0 < best)
			best = t0;
	}
	return (double)best / n;
}

static void both(const char *name, const char *val)
{
	char path[256];

	snprintf(path, sizeof(path), EV "sys_enter_%s/enable", name);
	put(path, val);
	snprintf(path, sizeof(path), EV "sys_exit_%s/enable", name);
	put(path, val);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20000;

	if (access(EV "sys_enter_getpid", F_OK))
		return 0;
	put(TRACEFS "tracing_on", "1");
	put(TRACEFS "trace", "");

	printf("syscall_off_ns %.1f\n", per_call(n));
	both("kill", "1");
	printf("syscall_other_on_ns %.1f\n", per_call(n));
	both("kill", "0");
	both("getpid", "1");
	printf("syscall_on_ns %.1f\n", per_call(n));
	both("getpid", "0");
	put(TRACEFS "trace", "");
	return 0;
}
