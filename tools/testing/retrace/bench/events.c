// SPDX-License-Identifier: GPL-2.0
/*
 * events.c - the trace event benchmarks, guest side.  Drives evbench.ko
 * (bench/evbench/) through tracefs and debugfs and prints, in ns:
 *
 *   event_disabled_ns            a site whose event is off
 *   event_small_ns               16-byte record, enabled
 *   event_small_filter_pass_ns   same, with a filter that keeps it
 *   event_small_filter_drop_ns   same, with a filter that drops it
 *   event_str128_ns              136-byte record (128-byte string), enabled
 *   event_hist_1key_ns           small, enabled, with hist:keys=tag
 *   event_hist_2key_2val_ns      small, enabled, with
 *                                hist:keys=tag,val:vals=seq,val
 *   hist_read_10k_us             reading a hist file of 10,000 entries
 *   event_synth_onmatch_ns       small, enabled, with two histograms: one
 *                                sets a variable, the other reads it and
 *                                writes a synthetic event (enabled) by
 *                                onmatch(): the whole chain of one hit
 *   trace_read_ns_per_event      cat trace, for 1M buffered events
 *   trace_pipe_ns_per_event      draining trace_pipe, the same 1M events
 *
 * Everything runs on CPU 0, so the 1M events sit in one per-CPU buffer
 * sized to hold them all; a lost event fails the benchmark.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "tracefs.h"

#define EVDIR TRACEFS "events/evbench/"
#define FILL 1000000L

static void timed(const char *name, const char *cmd)
{
	char res[64];

	put("/sys/kernel/debug/evbench/run", cmd);
	get("/sys/kernel/debug/evbench/result", res, sizeof(res));
	printf("%s %s", name, res);
}

static long stat_field(const char *key)
{
	char buf[1024], *p;

	get(TRACEFS "per_cpu/cpu0/stats", buf, sizeof(buf));
	p = strstr(buf, key);
	if (!p) {
		fprintf(stderr, "events: no '%s' in cpu0 stats\n", key);
		exit(1);
	}
	return atol(p + strlen(key));
}

/*
 * Read FILE (opened with FLAGS) to the end; returns the ns it took,
 * counts lines in *lines.
 */
static long long read_all(const char *file, int flags, long *lines)
{
	static char buf[1 << 16];
	long long t;
	ssize_t n;
	int fd = open(file, O_RDONLY | flags);

	if (fd < 0) {
		perror(file);
		exit(1);
	}
	*lines = 0;
	t = now_ns();
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (ssize_t i = 0; i < n; i++)
			*lines += buf[i] == '\n';
	t = now_ns() - t;
	if (n < 0 && errno != EAGAIN) {
		perror(file);
		exit(1);
	}
	close(fd);
	return t;
}

/* Best of three reads of FILE to the end, in us; its lines in *lines. */
static double read_us(const char *file, long *lines)
{
	long long t, best = -1;
	int i;

	for (i = 0; i < 3; i++) {
		t = read_all(file, 0, lines);
		if (best < 0 || t < best)
			best = t;
	}
	return best / 1000.0;
}

/* Read FILE to the end; returns ns per event, counts lines in *lines. */
static double drain(const char *file, int flags, long events, long *lines)
{
	return (double)read_all(file, flags, lines) / events;
}

int main(void)
{
	char saved_kb[32];
	cpu_set_t cpu0;
	long entries, lines;
	double ns;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0)) {
		perror("sched_setaffinity");
		return 1;
	}
	if (system("insmod \"$RETRACE_BENCH_MODDIR/evbench.ko\"")) {
		fprintf(stderr, "events: insmod evbench.ko failed\n");
		return 1;
	}
	put(TRACEFS "tracing_on", "1");
	put(TRACEFS "trace", "");

	timed("event_disabled_ns", "time small");
	put(EVDIR "evb_small/enable", "1");
	timed("event_small_ns", "time small");
	put(EVDIR "evb_small/filter", "tag == 3");
	timed("event_small_filter_pass_ns", "time small");
	put(EVDIR "evb_small/filter", "tag == 4");
	timed("event_small_filter_drop_ns", "time small");
	put(EVDIR "evb_small/filter", "0");
	put(EVDIR "evb_small/enable", "0");
	put(EVDIR "evb_str/enable", "1");
	timed("event_str128_ns", "time str");
	put(EVDIR "evb_str/enable", "0");

	/* Histograms: the event enabled, a hist trigger on it. */
	put(EVDIR "evb_small/enable", "1");
	put(EVDIR "evb_small/trigger", "hist:keys=tag");
	timed("event_hist_1key_ns", "time small");
	put(EVDIR "evb_small/trigger", "!hist:keys=tag");
	put(EVDIR "evb_small/trigger", "hist:keys=tag,val:vals=seq,val");
	timed("event_hist_2key_2val_ns", "time small");
	put(EVDIR "evb_small/trigger", "!hist:keys=tag,val:vals=seq,val");

	/* A latency chain on one event: set, read once, write evb_lat. */
	put(TRACEFS "synthetic_events", "evb_lat u64 lat; u32 tag");
	add(EVDIR "evb_small/trigger", "hist:keys=tag:s=seq");
	add(EVDIR "evb_small/trigger",
	    "hist:keys=tag:d=seq-$s:onmatch(evbench.evb_small).evb_lat($d,tag)");
	put(TRACEFS "events/synthetic/evb_lat/enable", "1");
	timed("event_synth_onmatch_ns", "time small");
	put(TRACEFS "events/synthetic/evb_lat/enable", "0");
	add(EVDIR "evb_small/trigger",
	    "!hist:keys=tag:d=seq-$s:onmatch(evbench.evb_small).evb_lat($d,tag)");
	add(EVDIR "evb_small/trigger", "!hist:keys=tag:s=seq");
	add(TRACEFS "synthetic_events", "!evb_lat");
	put(EVDIR "evb_small/enable", "0");
	/* val runs 0..19999 in each round: 10,000 keys pass the filter */
	put(EVDIR "evb_small/trigger", "hist:keys=val:size=16384 if val < 10000");
	put("/sys/kernel/debug/evbench/run", "time small");
	ns = read_us(EVDIR "evb_small/hist", &lines);
	if (lines < 10000) {
		fprintf(stderr, "events: hist has %ld lines, wanted 10000 entries\n",
			lines);
		return 1;
	}
	printf("hist_read_10k_us %.1f\n", ns);
	put(EVDIR "evb_small/trigger", "!hist:keys=val:size=16384 if val < 10000");
	put(TRACEFS "trace", "");

	/* 1M small events in cpu0's buffer, nothing else, nothing lost. */
	get(TRACEFS "per_cpu/cpu0/buffer_size_kb", saved_kb, sizeof(saved_kb));
	put(TRACEFS "per_cpu/cpu0/buffer_size_kb", "65536");
	put(TRACEFS "trace", "");
	put(EVDIR "evb_small/enable", "1");
	put("/sys/kernel/debug/evbench/run", "fill 1000000");
	put(EVDIR "evb_small/enable", "0");
	put(TRACEFS "tracing_on", "0");
	entries = stat_field("entries: ");
	if (entries != FILL || stat_field("overrun: ") != 0) {
		fprintf(stderr, "events: cpu0 holds %ld events, wanted %ld\n",
			entries, FILL);
		return 1;
	}
	ns = drain(TRACEFS "trace", 0, entries, &lines);
	printf("trace_read_ns_per_event %.1f\n", ns);
	fprintf(stderr, "events: trace: %ld lines for %ld events\n", lines, entries);
	ns = drain(TRACEFS "trace_pipe", O_NONBLOCK, entries, &lines);
	printf("trace_pipe_ns_per_event %.1f\n", ns);
	fprintf(stderr, "events: trace_pipe: %ld lines\n", lines);

	put(TRACEFS "per_cpu/cpu0/buffer_size_kb", strtok(saved_kb, "\n"));
	put(TRACEFS "tracing_on", "1");
	return system("rmmod evbench") ? 1 : 0;
}
