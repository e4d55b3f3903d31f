// SPDX-License-Identifier: GPL-2.0
/*
 * marker.c - the lab's trivial benchmark: nanoseconds per write(2) of a
 * 32-byte message to trace_marker with tracing on, i.e. the cost of one
 * event through the syscall, the marker code and the ring buffer.  Under
 * QEMU -icount the guest clock counts instructions, so the figure repeats.
 *
 * Prints "marker_write_32B_ns <ns per op>", and when the persistent boot
 * instance bench_persist exists (run.sh boots with reserve_mem= and
 * trace_instance=bench_persist@...), "marker_write_32B_persist_ns" for
 * the same writes into it: a buffer laid out in reserved memory should
 * cost what an ordinary one does.
 */
#include "tracefs.h"

/* ns per write of @msg to @path, best of five rounds of @n; -1 on error */
static double per_write(const char *path, const char *msg, size_t len, int n)
{
	long long t0, best = -1;
	int fd, i, round;

	fd = open(path, O_WRONLY);
	if (fd < 0) {
		perror(path);
		return -1;
	}
	/* Best of five rounds: the minimum is the least disturbed figure. */
	for (round = 0; round < 5; round++) {
		t0 = now_ns();
		for (i = 0; i < n; i++)
			if (write(fd, msg, len) != (ssize_t)len) {
				perror("write");
				close(fd);
				return -1;
			}
		t0 = now_ns() - t0;
		if (best < 0 || t0 < best)
			best = t0;
	}
	close(fd);
	return (double)best / n;
}

int main(int argc, char **argv)
{
	const char msg[32] = "retrace-bench-0123456789abcdef\n";
	const char *persist = TRACEFS "instances/bench_persist/";
	int n = argc > 1 ? atoi(argv[1]) : 20000;
	char path[256];
	double ns;

	put(TRACEFS "tracing_on", "1");
	ns = per_write(TRACEFS "trace_marker", msg, sizeof(msg), n);
	if (ns < 0)
		return 1;
	printf("marker_write_32B_ns %.1f\n", ns);

	snprintf(path, sizeof(path), "%strace_marker", persist);
	if (access(path, W_OK))
		return 0;
	snprintf(path, sizeof(path), "%stracing_on", persist);
	put(path, "1");
	snprintf(path, sizeof(path), "%strace_marker", persist);
	ns = per_write(path, msg, sizeof(msg), n);
	if (ns < 0)
		return 1;
	printf("marker_write_32B_persist_ns %.1f\n", ns);
	return 0;
}
