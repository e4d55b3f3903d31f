// SPDX-License-Identifier: GPL-2.0
/*
 * function.c - the function tracer's benchmarks, guest side.  Drives
 * ftbench.ko (bench/ftbench/) through tracefs and prints:
 *
 *   ft_loop_no_site_ns         the timing loop around a notrace function
 *   ft_site_disabled_ns        a call of a function whose site is a NOP
 *   ft_traced_ns               the same function, traced by "function"
 *   ft_filtered_out_ns         the tracer on, its filter naming another one
 *   ft_pid_excluded_ns         traced, but set_ftrace_pid excludes the task
 *   ft_two_ops_ns              traced by the top instance and another one
 *   st_traced_ns               measured by the stack tracer
 *                              (stack_trace_filter naming it): every call
 *                              but the first finds the stack no deeper
 *   st_with_function_ns        the same, the function tracer on it too
 *                              (two ops: the list function)
 *   ft_all_on_off_ms           "function" on every function, then "nop"
 *   ft_filter_1000_names_ms    1,000 names written to set_ftrace_filter
 *                              (one open, newline-separated)
 *   ft_record_bytes            memory per patch-site record
 *   ft_boot_convert_us         boot: ftrace_init(), from the line before it
 *                              (SLUB's) to its last ("ftrace: allocated")
 *
 * The call costs run on CPU 0 with interrupts off inside the module.
 * Everything changed is put back.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/stat.h>

#include "tracefs.h"

#define FTB "/sys/kernel/debug/ftbench/"
#define INST TRACEFS "instances/ftbench/"
#define STACK_ON "/proc/sys/kernel/stack_tracer_enabled"
#define NAMES 1000

static void cost(const char *name, const char *file)
{
	char res[64];

	get(file, res, sizeof(res));
	printf("%s %s", name, res);
}

/*
 * Write VAL to FILE opened with FLAGS, as few write() calls as the file
 * takes (a filter file consumes a word or so per call); ms from open to
 * close.
 */
static double put_ms(const char *file, const char *val, int flags)
{
	long long t = now_ns();
	int fd = open(file, O_WRONLY | flags);
	size_t len = strlen(val), done = 0;
	ssize_t n;

	if (fd < 0) {
		perror(file);
		exit(1);
	}
	while (done < len) {
		n = write(fd, val + done, len - done);
		if (n <= 0) {
			fprintf(stderr, "function: %s: %s\n", file,
				n ? strerror(errno) : "short write");
			exit(1);
		}
		done += n;
	}
	close(fd);
	return (now_ns() - t) / 1e6;
}

/* The whole of FILE, NUL-terminated (malloc'd). */
static char *slurp(const char *file, size_t *len)
{
	size_t size = 1 << 20, n = 0;
	char *buf = malloc(size);
	int fd = open(file, O_RDONLY);
	ssize_t r;

	if (fd < 0 || !buf) {
		perror(file);
		exit(1);
	}
	while ((r = read(fd, buf + n, size - n - 1)) > 0) {
		n += r;
		if (n + 1 == size)
			buf = realloc(buf, size *= 2);
		if (!buf)
			exit(1);
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static long lines_of(const char *file)
{
	size_t len, i;
	char *buf = slurp(file, &len);
	long n = 0;

	for (i = 0; i < len; i++)
		n += buf[i] == '\n';
	free(buf);
	return n;
}

/* NAMES kernel functions spread over available_filter_functions. */
static char *pick_names(void)
{
	size_t len, i, n = 0, step;
	char *all = slurp(TRACEFS "available_filter_functions", &len);
	char *out = malloc(len + 1), *o = out, *line, *save;
	long lines = 0, taken = 0, k = 0;

	for (i = 0; i < len; i++)
		lines += all[i] == '\n';
	step = lines / NAMES;
	for (line = strtok_r(all, "\n", &save); line && taken < NAMES;
	     line = strtok_r(NULL, "\n", &save), k++) {
		/* Kernel functions only: a module's line ends in "[mod]". */
		if (k % step || strchr(line, ' ') || strstr(line, "__ftrace_invalid"))
			continue;
		n = strlen(line);
		memcpy(o, line, n);
		o += n;
		*o++ = '\n';
		taken++;
	}
	*o = '\0';
	free(all);
	if (taken != NAMES) {
		fprintf(stderr, "function: %ld names, wanted %d\n", taken, NAMES);
		exit(1);
	}
	return out;
}

/* Microseconds between the boot lines holding A and B (dmesg). */
static long boot_span_us(const char *a, const char *b)
{
	char line[512];
	double ta = -1, tb = -1, ts;
	FILE *f = popen("dmesg", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "[%lf]", &ts) != 1)
			continue;
		if (ta < 0 && strstr(line, a))
			ta = ts;
		else if (tb < 0 && strstr(line, b))
			tb = ts;
	}
	if (f)
		pclose(f);
	if (ta < 0 || tb < 0) {
		fprintf(stderr, "function: no '%s' / '%s' in dmesg\n", a, b);
		exit(1);
	}
	return (long)((tb - ta) * 1e6 + 0.5);
}

int main(void)
{
	double best, ms;
	long records, pages, groups, n;
	char buf[128], *names;
	cpu_set_t cpu0;
	int r;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0)) {
		perror("sched_setaffinity");
		return 1;
	}
	if (system("insmod \"$RETRACE_BENCH_MODDIR/ftbench.ko\"")) {
		fprintf(stderr, "function: insmod ftbench.ko failed\n");
		return 1;
	}
	put(TRACEFS "tracing_on", "1");
	put(TRACEFS "current_tracer", "nop");
	put(TRACEFS "set_ftrace_filter", "");
	put(TRACEFS "set_ftrace_pid", "");

	cost("ft_loop_no_site_ns", FTB "nosite");
	cost("ft_site_disabled_ns", FTB "site");
	put(TRACEFS "set_ftrace_filter", "ftb_target");
	put(TRACEFS "current_tracer", "function");
	cost("ft_traced_ns", FTB "site");
	put(TRACEFS "set_ftrace_pid", "1");
	cost("ft_pid_excluded_ns", FTB "site");
	put(TRACEFS "set_ftrace_pid", "");
	put(TRACEFS "set_ftrace_filter", "ftb_other");
	cost("ft_filtered_out_ns", FTB "site");
	put(TRACEFS "set_ftrace_filter", "ftb_target");
	if (mkdir(INST, 0755)) {
		perror(INST);
		return 1;
	}
	put(INST "set_ftrace_filter", "ftb_target");
	put(INST "current_tracer", "function");
	cost("ft_two_ops_ns", FTB "site");
	put(INST "current_tracer", "nop");
	rmdir(INST);
	put(TRACEFS "current_tracer", "nop");

	/* The stack tracer alone on ftb_target(), then beside "function". */
	put(TRACEFS "stack_trace_filter", "ftb_target");
	put(STACK_ON, "1");
	cost("st_traced_ns", FTB "site");
	put(TRACEFS "current_tracer", "function");
	cost("st_with_function_ns", FTB "site");
	put(TRACEFS "current_tracer", "nop");
	put(STACK_ON, "0");
	put(TRACEFS "stack_trace_filter", "");
	put(TRACEFS "stack_max_size", "0");

	put(TRACEFS "set_ftrace_filter", "");
	put(TRACEFS "trace", "");

	/* Every function on, then off: the patching of every site, twice. */
	for (best = 1e18, r = 0; r < 3; r++) {
		ms = put_ms(TRACEFS "current_tracer", "function", O_TRUNC);
		ms += put_ms(TRACEFS "current_tracer", "nop", O_TRUNC);
		if (ms < best)
			best = ms;
	}
	printf("ft_all_on_off_ms %.3f\n", best);
	put(TRACEFS "trace", "");

	names = pick_names();
	for (best = 1e18, r = 0; r < 3; r++) {
		ms = put_ms(TRACEFS "set_ftrace_filter", names, O_TRUNC);
		if (ms < best)
			best = ms;
		n = lines_of(TRACEFS "set_ftrace_filter");
		if (n < NAMES) {
			fprintf(stderr, "function: set_ftrace_filter has %ld lines\n", n);
			return 1;
		}
		put(TRACEFS "set_ftrace_filter", "");
	}
	printf("ft_filter_1000_names_ms %.3f\n", best);
	free(names);

	get(TRACEFS "dyn_ftrace_total_info", buf, sizeof(buf));
	if (sscanf(buf, "%ld pages:%ld groups: %ld", &records, &pages, &groups) != 3 ||
	    !records) {
		fprintf(stderr, "function: dyn_ftrace_total_info: %s", buf);
		return 1;
	}
	printf("ft_record_bytes %.3f\n", (double)pages * sysconf(_SC_PAGESIZE) / records);
	fprintf(stderr, "function: %ld records in %ld pages, %ld groups\n",
		records, pages, groups);
	printf("ft_boot_convert_us %ld\n",
	       boot_span_us("SLUB: HWalign", "ftrace: allocated"));

	return system("rmmod ftbench") ? 1 : 0;
}
