// SPDX-License-Identifier: GPL-2.0
/*
 * user_events.c - what user events cost, best of five rounds:
 *
 *   ue_write_32B_ns     one write(2) of a 32-byte record of an enabled user
 *                       event (u32 a; u32 b; u64 c; u64 d; u64 e) into
 *                       the global instance; compare marker_write_32B_ns
 *   ue_create_delete_ns one persistent event made and deleted through
 *                       dynamic_events ("u:NAME u32 a", "-:NAME u32 a"),
 *                       each its own write(2)
 *
 * Without user events (no user_events_data) it prints nothing.
 */
#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/user_events.h>
#include "tracefs.h"

#define EV TRACEFS "events/user_events/retrace_bench/enable"

static int reg_event(int fd, uint32_t *enabled)
{
	struct user_reg reg = {
		.size = sizeof(reg),
		.enable_bit = 0,
		.enable_size = sizeof(*enabled),
		.enable_addr = (uintptr_t)enabled,
		.name_args = (uintptr_t)"retrace_bench u32 a; u32 b; u64 c; u64 d; u64 e",
	};

	if (ioctl(fd, DIAG_IOCSREG, &reg) < 0) {
		perror("DIAG_IOCSREG");
		exit(1);
	}
	return reg.write_index;
}

static void bench_write(int n)
{
	static uint32_t enabled;
	struct {
		int idx;
		char payload[32];
	} __attribute__((packed)) rec = { 0 };
	long long t0, best = -1;
	int fd, i, round;

	fd = open(TRACEFS "user_events_data", O_RDWR);
	if (fd < 0) {
		perror("user_events_data");
		exit(1);
	}
	rec.idx = reg_event(fd, &enabled);
	put(EV, "1");
	if (!enabled) {
		fprintf(stderr, "bench: the enable bit did not follow\n");
		exit(1);
	}
	for (round = 0; round < 5; round++) {
		t0 = now_ns();
		for (i = 0; i < n; i++)
			if (write(fd, &rec, sizeof(rec)) != sizeof(rec)) {
				perror("write");
				exit(1);
			}
		t0 = now_ns() - t0;
		if (best < 0 || t0 < best)
			best = t0;
	}
	printf("ue_write_32B_ns %.1f\n", (double)best / n);
	put(EV, "0");
	close(fd);
}

static void bench_create_delete(int n)
{
	static const char mk[] = "u:retrace_bench_cd u32 a\n";
	static const char rm[] = "-:retrace_bench_cd u32 a\n";
	long long t0, best = -1;
	int fd, i, round;

	fd = open(TRACEFS "dynamic_events", O_WRONLY | O_APPEND);
	if (fd < 0) {
		perror("dynamic_events");
		exit(1);
	}
	for (round = 0; round < 5; round++) {
		t0 = now_ns();
		for (i = 0; i < n; i++) {
			if (write(fd, mk, sizeof(mk) - 1) != sizeof(mk) - 1 ||
			    write(fd, rm, sizeof(rm) - 1) != sizeof(rm) - 1) {
				perror("dynamic_events write");
				exit(1);
			}
		}
		t0 = now_ns() - t0;
		if (best < 0 || t0 < best)
			best = t0;
	}
	printf("ue_create_delete_ns %.1f\n", (double)best / n);
	close(fd);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20000;

	if (access(TRACEFS "user_events_data", F_OK))
		return 0;
	put(TRACEFS "tracing_on", "1");
	put(TRACEFS "trace", "");
	bench_write(n);
	bench_create_delete(n / 100 ? n / 100 : 1);
	put(TRACEFS "trace", "");
	return 0;
}
