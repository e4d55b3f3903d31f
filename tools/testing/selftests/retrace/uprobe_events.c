// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe_events.c - the probed program of uprobe_events.sh.
 *
 *   uprobe_events offsets
 *	prints "fn OFFSET" (the file offset of ue_target(), where a uprobe
 *	goes) and "global OFFSET" (where ue_global is, as an @+OFFSET
 *	argument finds it: from the load address the probe's own place
 *	gives), both from /proc/self/maps;
 *   uprobe_events run N
 *	calls ue_target(i, "ue-string", &ue_global) for i = 1..N; it
 *	returns i * 3;
 *   uprobe_events spin SECONDS
 *	calls ue_target() in a loop for that long (a perf target);
 *   uprobe_events pmu N
 *	opens a uprobe and a uretprobe on ue_target() in this file through
 *	perf's uprobe PMU (no tracefs definition), for this task, calls
 *	ue_target() N times and prints "entry E return R"; exit 4 without
 *	the PMU.
 */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

long ue_global = 0x5eed1234;
long ue_sum;

/*
 * The place the test probes.  Called through ue_call, a global the
 * compiler cannot see through: never inlined, the original always called.
 */
int ue_target(int n, const char *s, long *p)
{
	ue_sum += s[0] + *p;
	return n * 3;
}

int (*ue_call)(int n, const char *s, long *p) = ue_target;

/* The mapping of this program holding @addr: its start and file offset. */
static int ue_map_of(unsigned long addr, unsigned long *start,
		     unsigned long *off)
{
	char line[512], self[512];
	unsigned long lo, hi, fo;
	ssize_t len;
	FILE *f;

	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len < 0)
		return -1;
	self[len] = '\0';
	f = fopen("/proc/self/maps", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &fo) != 3)
			continue;
		if (addr >= lo && addr < hi && strstr(line, self)) {
			*start = lo;
			*off = fo;
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	return -1;
}

/* A uprobe (or uretprobe) of the PMU @type at @path:@offset, this task. */
static int ue_pmu_open(int type, const char *path, unsigned long offset,
		       int ret)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	/* config bit 0: a uretprobe (the PMU's "retprobe" format) */
	attr.config = ret ? 1 : 0;
	attr.uprobe_path = (__u64)(uintptr_t)path;
	attr.probe_offset = offset;
	attr.disabled = 1;
	return syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
}

static int ue_pmu(long n)
{
	unsigned long fn = (unsigned long)ue_target, start, off;
	long long ne = -1, nr = -1;
	char self[512];
	int type = -1, fe, fr;
	ssize_t len;
	FILE *f;
	long i;

	f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	if (!f || fscanf(f, "%d", &type) != 1) {
		printf("no uprobe PMU\n");
		return 4;
	}
	fclose(f);
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len < 0 || ue_map_of(fn, &start, &off))
		return 1;
	self[len] = '\0';
	fe = ue_pmu_open(type, self, fn - start + off, 0);
	fr = ue_pmu_open(type, self, fn - start + off, 1);
	if (fe < 0 || fr < 0) {
		perror("perf_event_open");
		return 1;
	}
	ioctl(fe, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(fr, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 1; i <= n; i++)
		ue_sum += ue_call(i, "ue-string", &ue_global);
	ioctl(fe, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(fr, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fe, &ne, sizeof(ne)) != sizeof(ne) ||
	    read(fr, &nr, sizeof(nr)) != sizeof(nr))
		return 1;
	printf("entry %lld return %lld\n", ne, nr);
	if (ue_pmu_open(type, "/nonexistent/file", 0, 0) >= 0) {
		printf("a missing file was accepted\n");
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long fn = (unsigned long)ue_target, start, off, foff;
	time_t end;
	long i, n;

	if (argc == 2 && !strcmp(argv[1], "offsets")) {
		if (ue_map_of(fn, &start, &off))
			return 1;
		foff = fn - start + off;
		printf("fn 0x%lx\n", foff);
		/* the load address is the place's address less its offset */
		printf("global 0x%lx\n", (unsigned long)&ue_global - (fn - foff));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "run")) {
		n = atol(argv[2]);
		for (i = 1; i <= n; i++)
			ue_sum += ue_call(i, "ue-string", &ue_global);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "spin")) {
		end = time(NULL) + atol(argv[2]);
		while (time(NULL) < end)
			for (i = 0; i < 1000; i++)
				ue_sum += ue_call(i, "ue-string", &ue_global);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "pmu"))
		return ue_pmu(atol(argv[2]));
	fprintf(stderr, "usage: %s offsets | run N | spin SECONDS | pmu N\n",
		argv[0]);
	return 2;
}
