/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracefs.h - what the guest-side benchmark drivers share: the guest clock
 * (CLOCK_MONOTONIC, which counts instructions under QEMU -icount) and
 * whole-value writes and reads of tracefs/debugfs files, any failure
 * fatal (a benchmark that could not set itself up has no figure).
 */
#ifndef RETRACE_BENCH_TRACEFS_H
#define RETRACE_BENCH_TRACEFS_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TRACEFS "/sys/kernel/tracing/"

static inline long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Write VAL to FILE opened with FLAGS; any failure ends the benchmark. */
static inline void write_file(const char *file, const char *val, int flags)
{
	int fd = open(file, O_WRONLY | flags);
	ssize_t n = fd < 0 ? -1 : write(fd, val, strlen(val));

	if (n != (ssize_t)strlen(val)) {
		fprintf(stderr, "bench: %s <- '%s': %s\n", file, val,
			strerror(errno));
		exit(1);
	}
	close(fd);
}

/* Write VAL to FILE (truncating, as shell ">" does). */
static inline void put(const char *file, const char *val)
{
	write_file(file, val, O_TRUNC);
}

/* Append VAL to FILE (">>"): a trigger file keeps its other triggers. */
static inline void add(const char *file, const char *val)
{
	write_file(file, val, O_APPEND);
}

/* Read FILE (at most SIZE - 1 bytes) into BUF as a string. */
static inline void get(const char *file, char *buf, size_t size)
{
	int fd = open(file, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (n < 0) {
		perror(file);
		exit(1);
	}
	buf[n] = '\0';
	close(fd);
}

#endif /* RETRACE_BENCH_TRACEFS_H */
