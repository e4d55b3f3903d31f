// SPDX-License-Identifier: GPL-2.0
/*
 * user_events_input - hostile input to user_events_data (run by
 * user_events_input.sh, which says what is covered).
 *
 * Every hand-made case names the exact result the user_events ABI gives
 * (success, a byte count, or one errno); a seeded random phase then
 * only requires each answer to be one the ABI allows for that call.
 * After every phase the visible state must be what it was at the start:
 * the same user_events_status text, the same event directories under
 * events/user_events and events/user_events_multi, the same
 * dynamic_events lines.
 *
 * Usage: user_events_input [SEED [ITERATIONS]]
 * Exit: 0 pass, 1 fail, 4 skip.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <linux/user_events.h>

#define TRACEFS		"/sys/kernel/tracing"
#define DATA_FILE	TRACEFS "/user_events_data"
#define STATUS_FILE	TRACEFS "/user_events_status"
#define DYN_FILE	TRACEFS "/dynamic_events"
#define EV_DIR		TRACEFS "/events/user_events"
#define MULTI_DIR	TRACEFS "/events/user_events_multi"

#define KSFT_SKIP	4
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#ifndef __aligned
#define __aligned(x)	__attribute__((__aligned__(x)))
#endif
#ifndef __packed
#define __packed	__attribute__((__packed__))
#endif
#define SNAP_MAX	65536
#define MAX_TRACKED	512
/* Longest description + NUL a registration reads (strndup_user) */
#define DESC_MAX	512

static long page;
static int failures;
static int cases;
static bool verbose = true;

/* An errno's name, for the transcript. */
static const char *ename(int e)
{
	static char buf[16];

	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EBADF: return "EBADF";
	case ENOMEM: return "ENOMEM";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	case EMFILE: return "EMFILE";
	case ENOTTY: return "ENOTTY";
	case ENOSPC: return "ENOSPC";
	case ESPIPE: return "ESPIPE";
	case E2BIG: return "E2BIG";
	case EADDRINUSE: return "EADDRINUSE";
	case ENAMETOOLONG: return "ENAMETOOLONG";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	snprintf(buf, sizeof(buf), "errno %d", e);
	return buf;
}

/* A result: a count or 0 as a number, a negative errno by name. */
static const char *rname(long v, char *buf, size_t len)
{
	if (v < 0)
		return ename((int)-v);
	snprintf(buf, len, "%ld", v);
	return buf;
}

static void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	failures++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* One hand-made case: @got must be @want (both: >= 0 value or -errno). */
static bool expect(long got, long want, const char *fmt, ...)
{
	char what[256], g[32], w[32];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	cases++;
	if (got == want) {
		if (verbose)
			printf("ok   %s: %s\n", what, rname(got, g, sizeof(g)));
		return true;
	}
	fail("%s: got %s, want %s", what, rname(got, g, sizeof(g)),
	     rname(want, w, sizeof(w)));
	return false;
}

/* NULL, without the compiler knowing (its checks would warn). */
static __attribute__((noipa)) void *null_ptr(void)
{
	return NULL;
}

static long sysret(long ret)
{
	return ret < 0 ? -errno : ret;
}

/* ---- files ------------------------------------------------------------ */

static int open_data(int flags)
{
	int fd = open(DATA_FILE, flags);

	if (fd < 0) {
		fail("open %s: %s", DATA_FILE, strerror(errno));
		exit(1);
	}
	return fd;
}

/* Write @s to @path (appending); 0 or -errno. */
static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* Read @path into @buf (NUL-terminated); length or -errno. */
static long read_file(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while (len < size - 1) {
		n = read(fd, buf + len, size - 1 - len);
		if (n < 0) {
			n = -errno;
			close(fd);
			return n;
		}
		if (!n)
			break;
		len += n;
	}
	buf[len] = '\0';
	close(fd);
	return len;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* Append the sorted lines of @text to @out (of @size, used @*len). */
static void add_sorted(char *out, size_t size, size_t *len, char *text)
{
	char *lines[1024], *save, *l;
	int n = 0, i;

	for (l = strtok_r(text, "\n", &save); l && n < 1024;
	     l = strtok_r(NULL, "\n", &save))
		lines[n++] = l;
	qsort(lines, n, sizeof(*lines), cmp_str);
	for (i = 0; i < n && *len < size; i++)
		*len += snprintf(out + *len, size - *len, "  %s\n", lines[i]);
}

/* Append the sorted entries of directory @dir to @out. */
static void add_dir(char *out, size_t size, size_t *len, const char *dir)
{
	static char names[SNAP_MAX];
	size_t nl = 0;
	struct dirent *de;
	DIR *d;

	*len += snprintf(out + *len, size - *len, "%s:\n", dir);
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)) && nl < sizeof(names) - 300) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		/* the system's own files are always there */
		if (!strcmp(de->d_name, "enable") || !strcmp(de->d_name, "filter"))
			continue;
		nl += snprintf(names + nl, sizeof(names) - nl, "%s\n",
			       de->d_name);
	}
	closedir(d);
	names[nl] = '\0';
	add_sorted(out, size, len, names);
}

/*
 * The visible state of user events: user_events_status (event lines
 * sorted, the counts as they are), the event directories, and the
 * dynamic_events lines.
 */
static void snapshot(char *out, size_t size)
{
	static char buf[SNAP_MAX];
	size_t len = 0;
	char *counts;

	if (read_file(STATUS_FILE, buf, sizeof(buf)) < 0)
		snprintf(buf, sizeof(buf), "(unreadable)\n");
	counts = strstr(buf, "\nActive:");
	if (counts)
		*counts++ = '\0';
	len += snprintf(out + len, size - len, "status:\n");
	add_sorted(out, size, &len, buf);
	len += snprintf(out + len, size - len, "%s", counts ? counts : "(no counts)\n");
	add_dir(out, size, &len, EV_DIR);
	add_dir(out, size, &len, MULTI_DIR);
	len += snprintf(out + len, size - len, "dynamic_events:\n");
	if (read_file(DYN_FILE, buf, sizeof(buf)) < 0)
		buf[0] = '\0';
	add_sorted(out, size, &len, buf);
}

static char baseline[SNAP_MAX];

/*
 * After a phase: the state must be the baseline.  @settle allows up to
 * three seconds for events whose last user was a tracer (those go from
 * a work item); the hand-made phases never need it.
 */
static void check_clean(const char *phase, bool settle)
{
	static char now[SNAP_MAX];
	int tries = settle ? 300 : 1, i;

	for (i = 0; i < tries; i++) {
		snapshot(now, sizeof(now));
		if (!strcmp(now, baseline))
			break;
		usleep(10000);
	}
	cases++;
	if (i == tries) {
		fail("after phase %s: user events left behind", phase);
		printf("--- at the start:\n%s--- now:\n%s---\n", baseline, now);
		return;
	}
	note("ok   phase %s: nothing left behind%s", phase,
	     i ? " (after waiting)" : "");
}

static void clear_trace(void)
{
	int fd = open(TRACEFS "/trace", O_WRONLY | O_TRUNC);

	if (fd >= 0)
		close(fd);
}

/* The event's enable file in the top instance: "1" or "0"; 0 or -errno. */
static int set_enable(const char *sys, const char *tp, int on)
{
	char path[512];

	snprintf(path, sizeof(path), TRACEFS "/events/%s/%s/enable", sys, tp);
	return write_file(path, on ? "1" : "0");
}

static bool exists(const char *fmt, const char *name)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), fmt, name);
	return stat(path, &st) == 0;
}

/* The status file's line for @tp ("" if none) into @line. */
static void status_line(const char *tp, char *line, size_t size)
{
	static char buf[SNAP_MAX];
	size_t n = strlen(tp);
	char *l, *save;

	line[0] = '\0';
	if (read_file(STATUS_FILE, buf, sizeof(buf)) < 0)
		return;
	for (l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(l, tp, n) && (l[n] == '\0' || l[n] == ' ')) {
			snprintf(line, size, "%s", l);
			return;
		}
	}
}

/* ---- memory ------------------------------------------------------------- */

/*
 * Enable words live in pages of their own: the kernel sets and clears
 * bits there, never in the test's other data.
 */
static __u32 *words;
static int next_word;
static char *noaccess;		/* PROT_NONE */
static char *rdonly;		/* PROT_READ, zero page */
static char *hole;		/* unmapped */
static char *edge;		/* one RW page, the next one unmapped */

static void *map(size_t len, int prot)
{
	void *p = mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		fail("mmap: %s", strerror(errno));
		exit(1);
	}
	return p;
}

static void setup_memory(void)
{
	char *p;

	words = map(4 * page, PROT_READ | PROT_WRITE);
	noaccess = map(page, PROT_NONE);
	rdonly = map(page, PROT_READ);
	p = map(3 * page, PROT_NONE);
	munmap(p + page, page);
	hole = p + page;
	p = map(2 * page, PROT_READ | PROT_WRITE);
	munmap(p + page, page);
	edge = p;
}

static __u32 *new_word(void)
{
	if (next_word >= 4 * page / 4) {
		fail("out of enable words");
		exit(1);
	}
	return &words[next_word++];
}

static __u32 load32(const __u32 *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

/* ---- the ioctls ------------------------------------------------------------ */

/* A registration made by a case, to be unregistered at the phase's end. */
static struct {
	__u64 addr;
	int bit;
} tracked[MAX_TRACKED];
static int ntracked;

static long ioctl_ret(int fd, unsigned long cmd, const void *arg)
{
	return sysret(ioctl(fd, cmd, arg));
}

/* DIAG_IOCSREG with a made-up struct: 0 or -errno; tracks successes. */
static long do_reg(int fd, __u64 addr, int size, int bit, int flags,
		   const char *desc, __u32 *index)
{
	struct user_reg r = {
		.size = sizeof(r),
		.enable_bit = bit,
		.enable_size = size,
		.flags = flags,
		.enable_addr = addr,
		.name_args = (__u64)(unsigned long)desc,
		.write_index = 0xdeadbeef,
	};
	long ret = ioctl_ret(fd, DIAG_IOCSREG, &r);

	if (!ret && ntracked < MAX_TRACKED) {
		tracked[ntracked].addr = addr;
		tracked[ntracked].bit = bit;
		ntracked++;
	}
	if (index)
		*index = r.write_index;
	return ret;
}

/* A registration at a fresh word, bit 0. */
static long reg_new(int fd, const char *desc, int flags, __u32 *index)
{
	return do_reg(fd, (unsigned long)new_word(), 4, 0, flags, desc, index);
}

static long do_unreg(int fd, __u64 addr, int bit)
{
	struct user_unreg u = {
		.size = sizeof(u),
		.disable_bit = bit,
		.disable_addr = addr,
	};

	return ioctl_ret(fd, DIAG_IOCSUNREG, &u);
}

static void untrack(__u64 addr, int bit)
{
	int i;

	for (i = 0; i < ntracked; i++) {
		if (tracked[i].addr == addr && tracked[i].bit == bit) {
			tracked[i] = tracked[--ntracked];
			return;
		}
	}
}

/* Unregister every tracked registration (each must go: 0). */
static void release_tracked(int fd)
{
	int i;

	for (i = 0; i < ntracked; i++)
		expect(do_unreg(fd, tracked[i].addr, tracked[i].bit), 0,
		       "cleanup: unregister %#llx bit %d",
		       (unsigned long long)tracked[i].addr, tracked[i].bit);
	ntracked = 0;
}

static long do_del(int fd, const char *name)
{
	return ioctl_ret(fd, DIAG_IOCSDEL, name);
}

/* ---- phases ----------------------------------------------------------------- */

/* The struct user_reg itself: sizes, tails, where it lies. */
static void phase_reg_struct(void)
{
	const char *desc = "uei_s u32 a";
	static char big[2 * 4096 + 64] __aligned(8);
	struct user_reg *r;
	char *at;
	int fd = open_data(O_RDWR);
	int i;
	static const struct {
		__u32 size;
		int tail;	/* offset of a non-zero byte after 28, or 0 */
		long want;
	} sizes[] = {
		{ 0, 0, -EINVAL },
		{ 1, 0, -EINVAL },
		{ 4, 0, -EINVAL },
		{ 27, 0, -EINVAL },
		{ 28, 0, 0 },
		{ 29, 0, 0 },
		{ 29, 28, -E2BIG },
		{ 32, 31, -E2BIG },
		{ 64, 0, 0 },
		{ 64, 40, -E2BIG },
		{ 4096, 0, 0 },
		{ 4096, 4095, -E2BIG },
		{ 4097, 0, -E2BIG },
		{ 8192, 0, -E2BIG },
		{ 0x80000000u, 0, -E2BIG },
		{ 0xffffffffu, 0, -E2BIG },
	};

	note("== phase reg-struct");
	if (page != 4096) {
		fail("this test assumes 4096-byte pages, not %ld", page);
		return;
	}
	for (i = 0; i < (int)ARRAY_SIZE(sizes); i++) {
		__u64 addr = (unsigned long)new_word();

		memset(big, 0, sizeof(big));
		r = (struct user_reg *)big;
		r->size = sizes[i].size;
		r->enable_size = 4;
		r->enable_addr = addr;
		r->name_args = (unsigned long)desc;
		if (sizes[i].tail)
			big[sizes[i].tail] = 1;
		if (expect(ioctl_ret(fd, DIAG_IOCSREG, r), sizes[i].want,
			   "reg: size %u, %s byte %d", sizes[i].size,
			   sizes[i].tail ? "non-zero" : "all zero up to",
			   sizes[i].tail ?: (int)sizes[i].size - 1) &&
		    !sizes[i].want)
			do_unreg(fd, addr, 0);
	}

	/* a tail non-zero beats a bad flag and a NULL name (copy first) */
	memset(big, 0, sizeof(big));
	r = (struct user_reg *)big;
	r->size = 32;
	r->flags = 0x8000;
	r->enable_size = 3;
	big[30] = 7;
	expect(ioctl_ret(fd, DIAG_IOCSREG, r), -E2BIG,
	       "reg: size 32 non-zero tail, bad flags, bad size, NULL name");

	/* where the struct lies */
	expect(ioctl_ret(fd, DIAG_IOCSREG, NULL), -EFAULT, "reg: struct at NULL");
	expect(ioctl_ret(fd, DIAG_IOCSREG, noaccess), -EFAULT,
	       "reg: struct in a PROT_NONE page");
	expect(ioctl_ret(fd, DIAG_IOCSREG, hole), -EFAULT,
	       "reg: struct in an unmapped page");
	expect(ioctl_ret(fd, DIAG_IOCSREG, (void *)0xffff888000000000ul),
	       -EFAULT, "reg: struct at a kernel address");

	/* the 28 bytes end exactly at the end of a page: fine */
	at = edge + page - sizeof(struct user_reg);
	r = (struct user_reg *)at;
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->enable_size = 4;
	r->enable_addr = (unsigned long)new_word();
	r->name_args = (unsigned long)desc;
	r->write_index = 77;
	if (expect(ioctl_ret(fd, DIAG_IOCSREG, r), 0,
		   "reg: struct ending at the end of a page"))
		expect(r->write_index, 0, "reg: write_index written back");
	do_unreg(fd, r->enable_addr, 0);

	/* size readable, the rest of the struct past the page */
	at = edge + page - 8;
	memset(at, 0, 8);
	*(__u32 *)at = 28;
	expect(ioctl_ret(fd, DIAG_IOCSREG, at), -EFAULT,
	       "reg: struct crossing into an unmapped page");
	/* even the size crosses */
	at = edge + page - 2;
	at[0] = 28;
	at[1] = 0;
	expect(ioctl_ret(fd, DIAG_IOCSREG, at), -EFAULT,
	       "reg: size field crossing into an unmapped page");
	/* the size is checked before the struct is read */
	at = edge + page - 8;
	*(__u32 *)at = 4097;
	expect(ioctl_ret(fd, DIAG_IOCSREG, at), -E2BIG,
	       "reg: size 4097, struct past the page");
	*(__u32 *)at = 20;
	expect(ioctl_ret(fd, DIAG_IOCSREG, at), -EINVAL,
	       "reg: size 20, struct past the page");
	/* the known 28 bytes readable, the tail past the page */
	at = edge + page - 28;
	r = (struct user_reg *)at;
	memset(r, 0, sizeof(*r));
	r->size = 40;
	r->enable_size = 4;
	r->enable_addr = (unsigned long)new_word();
	r->name_args = (unsigned long)desc;
	expect(ioctl_ret(fd, DIAG_IOCSREG, r), -EFAULT,
	       "reg: size 40, tail in an unmapped page");

	ntracked = 0;	/* unregistered above, one by one */
	close(fd);
	check_clean("reg-struct", false);
}

/* Flags, enable_size, enable_addr, enable_bit. */
static void phase_reg_enable(void)
{
	static const int bad_sizes[] = { 0, 1, 2, 3, 5, 6, 7, 9, 16, 32, 128, 255 };
	static const int bad_flags[] = { 4, 5, 6, 7, 8, 0x100, 0x8000, 0xffff };
	int fd = open_data(O_RDWR);
	char line[256];
	__u32 *w, *w2;
	__u64 *w64;
	__u32 idx;
	int i;

	note("== phase reg-enable");
	for (i = 0; i < (int)ARRAY_SIZE(bad_flags); i++)
		expect(reg_new(fd, "uei_e u32 a", bad_flags[i], NULL), -EINVAL,
		       "reg: flags %#x", bad_flags[i]);
	/* flags are checked before the name is read */
	expect(reg_new(fd, NULL, 4, NULL), -EINVAL, "reg: flags 4, NULL name");
	for (i = 0; i < (int)ARRAY_SIZE(bad_sizes); i++)
		expect(do_reg(fd, (unsigned long)new_word(), bad_sizes[i], 0, 0,
			      "uei_e u32 a", NULL), -EINVAL,
		       "reg: enable_size %d", bad_sizes[i]);
	/* sizes, alignment and bits are checked before the address */
	expect(do_reg(fd, 0xffff888000000000ull, 3, 0, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: enable_size 3 at a kernel address");
	expect(do_reg(fd, 0xffff888000000002ull, 4, 0, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: unaligned kernel address");
	expect(do_reg(fd, 0xffff888000000000ull, 4, 32, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: bit 32 at a kernel address");

	/* alignment */
	w = new_word();
	new_word();
	new_word();
	new_word();
	expect(do_reg(fd, (unsigned long)w + 1, 4, 0, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: 4-byte word at addr+1");
	expect(do_reg(fd, (unsigned long)w + 2, 4, 0, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: 4-byte word at addr+2");
	w64 = (__u64 *)(((unsigned long)w + 7) & ~7ul);
	expect(do_reg(fd, (unsigned long)w64 + 4, 8, 0, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: 8-byte word at 4 mod 8");
	expect(do_reg(fd, (unsigned long)w64 + 1, 8, 0, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: 8-byte word at 1 mod 8");

	/* bits */
	expect(do_reg(fd, (unsigned long)new_word(), 4, 32, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: bit 32 of a 4-byte word");
	expect(do_reg(fd, (unsigned long)new_word(), 4, 255, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: bit 255 of a 4-byte word");
	w = new_word();
	new_word();
	w64 = (__u64 *)(((unsigned long)w + 7) & ~7ul);
	new_word();
	new_word();
	expect(do_reg(fd, (unsigned long)w64, 8, 64, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: bit 64 of an 8-byte word");

	/* good ones: only the bit changes, and it follows the event */
	*w64 = ~0ull;
	expect(do_reg(fd, (unsigned long)w64, 8, 63, 0, "uei_e u32 a", &idx), 0,
	       "reg: bit 63 of an 8-byte word");
	expect(idx, 0, "reg: first index on the fd");
	expect(*w64 == ~0ull >> 1, 1, "reg: bit 63 cleared, others kept");
	w = new_word();
	w2 = new_word();
	if (((unsigned long)w & 7) != 4) {
		w = w2;
		w2 = new_word();
	}
	*w = ~0u;
	*w2 = ~0u;
	/* a 4-byte word at 4 mod 8 (the upper half of a long) */
	expect(do_reg(fd, (unsigned long)w, 4, 31, 0, "uei_e u32 a", &idx), 0,
	       "reg: bit 31 of a 4-byte word at 4 mod 8");
	expect(idx, 0, "reg: same event, same index");
	expect(load32(w) == 0x7fffffffu && load32(w2) == ~0u, 1,
	       "reg: only bit 31 of that word cleared");
	expect(do_reg(fd, (unsigned long)w2, 4, 0, 0, "uei_e u32 a", NULL), 0,
	       "reg: bit 0 of the next word");
	expect(load32(w2), 0xfffffffe, "reg: only bit 0 of the next word cleared");
	expect(set_enable("user_events", "uei_e", 1), 0, "enable uei_e");
	expect(load32(w) == ~0u && load32(w2) == ~0u && *w64 == ~0ull, 1,
	       "enabled: the three bits set");
	status_line("uei_e", line, sizeof(line));
	expect(strcmp(line, "uei_e # Used by ftrace"), 0,
	       "status line \"%s\"", line);
	expect(set_enable("user_events", "uei_e", 0), 0, "disable uei_e");
	expect(load32(w) == 0x7fffffffu && load32(w2) == 0xfffffffe &&
	       *w64 == ~0ull >> 1, 1, "disabled: the three bits clear");
	status_line("uei_e", line, sizeof(line));
	expect(strcmp(line, "uei_e"), 0, "status line \"%s\"", line);

	/* the same address and bit again: before anything else is looked at */
	expect(do_reg(fd, (unsigned long)w, 4, 31, 0, "uei_e2 u64 x", NULL),
	       -EADDRINUSE, "reg: same address and bit, other event");
	expect(do_reg(fd, (unsigned long)w, 4, 31, 0, NULL, NULL),
	       -EADDRINUSE, "reg: same address and bit, NULL name");
	expect(do_reg(fd, (unsigned long)w, 4, 31, 0, "uei_e:x", NULL),
	       -EADDRINUSE, "reg: same address and bit, bad name");
	expect(do_reg(fd, (unsigned long)w, 4, 31, 0, "uei_e long x", NULL),
	       -EADDRINUSE, "reg: same address and bit, bad field");
	expect(do_reg(fd, (unsigned long)w64, 4, 63, 0, "uei_e u32 a", NULL),
	       -EINVAL, "reg: bit 63 of a 4-byte word");
	expect(do_reg(fd, (unsigned long)w2, 8, 0, 0, "uei_e u32 a", NULL),
	       ((unsigned long)w2 & 7) ? -EINVAL : -EADDRINUSE,
	       "reg: same address and bit, 8 bytes");
	/* the address and bit are compared, not the word: another bit is fine */
	expect(do_reg(fd, (unsigned long)w2, 4, 1, 0, "uei_e u32 a", NULL), 0,
	       "reg: same word, other bit");

	/* addresses */
	expect(do_reg(fd, 0xffff888000000000ull, 4, 0, 0, "uei_e u32 a", NULL),
	       -EFAULT, "reg: kernel address");
	expect(do_reg(fd, 0xfffffffffffffff8ull, 8, 0, 0, "uei_e u32 a", NULL),
	       -EFAULT, "reg: last 8 bytes of the address space");
	expect(do_reg(fd, 0x8000000000000000ull, 4, 0, 0, "uei_e u32 a", NULL),
	       -EFAULT, "reg: non-canonical address");
	/* user addresses that cannot be written: ENOMEM (the ABI's quirk) */
	expect(do_reg(fd, 0, 4, 0, 0, "uei_n u32 a", NULL), -ENOMEM,
	       "reg: enable_addr NULL");
	status_line("uei_n", line, sizeof(line));
	expect(strcmp(line, "uei_n"), 0,
	       "the fd keeps the event of a failed enabler: \"%s\"", line);
	expect(do_reg(fd, 0, 4, 0, 0, "uei_n u32 a", NULL), -ENOMEM,
	       "reg: enable_addr NULL again (not EADDRINUSE)");
	expect(do_reg(fd, (unsigned long)noaccess, 4, 0, 0, "uei_n u32 a", NULL),
	       -ENOMEM, "reg: enable_addr in a PROT_NONE page");
	expect(do_reg(fd, (unsigned long)hole + 8, 8, 5, 0, "uei_n u32 a", NULL),
	       -ENOMEM, "reg: enable_addr in an unmapped page");
	expect(do_reg(fd, (unsigned long)rdonly + 4, 4, 0, 0, "uei_n u32 a", NULL),
	       -ENOMEM, "reg: enable_addr in a read-only page");
	{
		/* a writable page never touched yet: faulted in */
		__u32 *fresh = map(page, PROT_READ | PROT_WRITE);

		expect(do_reg(fd, (unsigned long)(fresh + 9), 4, 3, 0,
			      "uei_e u32 a", NULL), 0,
		       "reg: enable_addr in an untouched page");
		expect(do_unreg(fd, (unsigned long)(fresh + 9), 3), 0,
		       "unreg: that one");
		untrack((unsigned long)(fresh + 9), 3);
		munmap(fresh, page);
	}

	release_tracked(fd);
	close(fd);
	check_clean("reg-enable", false);
}

/* A description of exactly @len characters: "uei_l struct XXX...X a 4". */
static char *long_desc(size_t len)
{
	const char *head = "uei_l struct ", *tail = " a 4";
	char *s = malloc(len + 1);
	size_t h = strlen(head), t = strlen(tail);

	memcpy(s, head, h);
	memset(s + h, 'x', len - h - t);
	memcpy(s + len - t, tail, t);
	s[len] = '\0';
	return s;
}

static const struct {
	const char *desc;
	long want;
} descs[] = {
	/* no fields, empty pieces */
	{ "uei_d0", 0 },
	{ "uei_d1 ", 0 },
	{ "uei_d2 ;;;", 0 },
	{ "uei_d3 u32 a;;u32 b", 0 },
	{ "uei_d4 u32 a;", 0 },
	{ "uei_d5  u32 a", 0 },
	{ "uei_d6 u32 a;   u32 b; ", 0 },
	{ "uei_d7 u32 a;u32 a", 0 },		/* duplicate names pass */
	{ "uei_d8 u32 ", 0 },			/* empty field name passes */
	/* too few or too many words */
	{ "uei_f u32", -EINVAL },
	{ "uei_f a", -EINVAL },
	{ "uei_f ;u32;", -EINVAL },
	{ "uei_f u32 a b", -EINVAL },
	{ "uei_f u32 a 4", -EINVAL },
	{ "uei_f u32 a ", -EINVAL },
	{ "uei_f u32 a ;u32 b", -EINVAL },
	{ "uei_f u32  a", -EINVAL },
	{ "uei_f u32 a; u32  b", -EINVAL },
	{ "uei_f unsigned", -EINVAL },
	{ "uei_f unsigned int", -EINVAL },
	{ "uei_f __data_loc char[]", -EINVAL },
	{ "uei_f __rel_loc", -EINVAL },
	/* types */
	{ "uei_t0 s64 a;u64 b;s32 c;u32 d;int e;unsigned int f;s16 g;u16 h", 0 },
	{ "uei_t1 short a;unsigned short b;s8 c;u8 d;char e;unsigned char f", 0 },
	{ "uei_f long a", -EINVAL },
	{ "uei_f unsigned long a", -EINVAL },
	{ "uei_f bool a", -EINVAL },
	{ "uei_f u32* a", -EINVAL },
	{ "uei_f U32 a", -EINVAL },
	{ "uei_f u128 a", -EINVAL },
	{ "uei_f float a", -EINVAL },
	{ "uei_f pid_t a", -EINVAL },
	{ "uei_f u32\ta", -EINVAL },
	/* arrays */
	{ "uei_a0 char[20] a", 0 },
	{ "uei_a1 char[0x14] a", 0 },
	{ "uei_a2 char[024] a", 0 },
	{ "uei_a3 unsigned char[1024] a", 0 },
	{ "uei_a4 char[1] a", 0 },
	{ "uei_a5 char[20]x a", 0 },		/* text after ']' is kept */
	{ "uei_f char[0] a", -EINVAL },
	{ "uei_f char[] a", -EINVAL },
	{ "uei_f char[1025] a", -EINVAL },
	{ "uei_f char[9999] a", -EINVAL },
	{ "uei_f char[aa] a", -EINVAL },
	{ "uei_f char[-1] a", -EINVAL },
	{ "uei_f char[0x0000000000001] a", -EINVAL },
	{ "uei_f char[20 a", -EINVAL },
	{ "uei_f char[4294967297] a", -EINVAL },
	{ "uei_f char[20] a 20", -EINVAL },
	{ "uei_f u8[4] a", -EINVAL },
	{ "uei_f int[4] a", -EINVAL },
	/* data locations */
	{ "uei_l0 __data_loc char[] a", 0 },
	{ "uei_l1 __rel_loc char[] a", 0 },
	{ "uei_l2 __data_loc unsigned char[] a", 0 },
	{ "uei_l3 __rel_loc unsigned char[] a", 0 },
	{ "uei_l4 __data_loc foo a", 0 },
	{ "uei_l5 __rel_loc u8[] a;__data_loc u32[] b", 0 },
	{ "uei_f __data_loc char[] a 4", -EINVAL },
	{ "uei_l6 __data_loc  a", 0 },		/* a type "__data_loc " */
	/* structs */
	{ "uei_s0 struct foo a 1", 0 },
	{ "uei_s1 struct foo a 20", 0 },
	{ "uei_s2 struct foo a 2147483647", 0 },
	{ "uei_s3 struct foo a 020", 0 },
	{ "uei_f struct foo a", -EINVAL },
	{ "uei_f struct foo", -EINVAL },
	{ "uei_f struct", -EINVAL },
	{ "uei_f struct foo a 0", -EINVAL },
	{ "uei_f struct foo a -1", -EINVAL },
	{ "uei_f struct foo a 2147483648", -EINVAL },
	{ "uei_f struct foo a 4294967295", -EINVAL },
	{ "uei_f struct foo a 4294967296", -EINVAL },
	{ "uei_f struct foo a 99999999999999999999", -EINVAL },
	{ "uei_f struct foo a 0x10", -EINVAL },
	{ "uei_f struct foo a 12abc", -EINVAL },
	{ "uei_f struct foo a 20 x", -EINVAL },
	{ "uei_f struct foo a 20 ", -EINVAL },
	/* sizes that do not fit an int together */
	{ "uei_f struct a a 2147483647;struct b b 2147483647", -EINVAL },
	{ "uei_f struct a a 2147483647;u64 b", -EINVAL },
};

/* A name of NAME_MAX (255) characters. */
static char long_name[256];

static const char * const odd_names[] = {
	"", ".", "..", "a/b", "enable", "filter", "uei_tab\tx", "uei_\x01\x7f\xff",
	"uei_dot.0",
	long_name,
};

/* name_args: pointers, lengths, the grammar. */
static void phase_reg_name(void)
{
	int fd = open_data(O_RDWR);
	char *s;
	int i;

	note("== phase reg-name");
	expect(reg_new(fd, NULL, 0, NULL), -EFAULT, "reg: name_args NULL");
	expect(reg_new(fd, noaccess, 0, NULL), -EFAULT,
	       "reg: name_args in a PROT_NONE page");
	expect(reg_new(fd, hole, 0, NULL), -EFAULT,
	       "reg: name_args in an unmapped page");
	expect(reg_new(fd, (char *)0xffff888000000000ul, 0, NULL), -EFAULT,
	       "reg: name_args at a kernel address");
	/* unterminated up to the end of a page: the read faults */
	s = edge + page - 100;
	memset(s, 'a', 100);
	expect(reg_new(fd, s, 0, NULL), -EFAULT,
	       "reg: name_args unterminated, 100 bytes to an unmapped page");
	/* 600 bytes without NUL before the unmapped page: too long first */
	s = edge + page - 600;
	memset(s, 'a', 600);
	expect(reg_new(fd, s, 0, NULL), -EINVAL,
	       "reg: name_args of 600 bytes, then an unmapped page");
	/* terminated by the page's last byte */
	s = edge + page - 14;
	memcpy(s, "uei_edge u8 a", 14);
	expect(reg_new(fd, s, 0, NULL), 0,
	       "reg: name_args ending on a page's last byte");

	s = long_desc(DESC_MAX - 1);
	expect(reg_new(fd, s, 0, NULL), 0, "reg: description of %d characters",
	       DESC_MAX - 1);
	free(s);
	s = long_desc(DESC_MAX);
	expect(reg_new(fd, s, 0, NULL), -EINVAL,
	       "reg: description of %d characters", DESC_MAX);
	free(s);
	s = long_desc(4000);
	expect(reg_new(fd, s, 0, NULL), -EINVAL,
	       "reg: description of 4000 characters");
	free(s);
	s = long_desc(100000);
	expect(reg_new(fd, s, 0, NULL), -EINVAL,
	       "reg: description of 100000 characters");
	free(s);

	for (i = 0; i < (int)ARRAY_SIZE(descs); i++)
		expect(reg_new(fd, descs[i].desc, 0, NULL), descs[i].want,
		       "reg: \"%s\"", descs[i].desc);
	/*
	 * Names are not checked at all (only ':' is refused): these pass,
	 * although "a/b" and "" make readdir of events/user_events fail
	 * (EIO) while they exist, and "enable" hides the system's file.
	 */
	memset(long_name, 'n', 255);
	memcpy(long_name, "uei_255_", 8);
	for (i = 0; i < (int)ARRAY_SIZE(odd_names); i++) {
		expect(reg_new(fd, odd_names[i], 0, NULL), 0, "reg: name \"%s\"",
		       odd_names[i]);
		expect(reg_new(fd, odd_names[i], USER_EVENT_REG_MULTI_FORMAT, NULL),
		       0, "reg: multi-format name \"%s\"", odd_names[i]);
	}
	/* every good one exists now, and a write of it checks its size */
	expect(exists(EV_DIR "/%s", "uei_s2"), 1, "uei_s2 has a directory");

	release_tracked(fd);
	close(fd);
	check_clean("reg-name", false);
}

/* Re-registration, formats, PERSIST, dynamic_events. */
static void phase_match(void)
{
	int fd = open_data(O_RDWR), fd2;
	char line[256], path[256];
	__u32 i0, i1, i2, *w;
	struct dirent *de;
	int multi = 0;
	DIR *d;

	note("== phase match");
	expect(reg_new(fd, "uei_m u32 a; u32 b", 0, &i0), 0, "reg: uei_m");
	expect(reg_new(fd, "uei_m u32 a;u32 b", 0, &i1), 0,
	       "reg: uei_m, no space after ';'");
	expect(i1, i0, "same index");
	expect(reg_new(fd, "uei_m u32 a;  u32 b;", 0, &i1), 0,
	       "reg: uei_m, spaces and a trailing ';'");
	expect(i1, i0, "same index");
	expect(reg_new(fd, "uei_m u32 a; u32 c", 0, NULL), -EADDRINUSE,
	       "reg: uei_m, another field name");
	expect(reg_new(fd, "uei_m u32 b; u32 a", 0, NULL), -EADDRINUSE,
	       "reg: uei_m, fields swapped");
	expect(reg_new(fd, "uei_m u32 a", 0, NULL), -EADDRINUSE,
	       "reg: uei_m, one field less");
	expect(reg_new(fd, "uei_m", 0, NULL), -EADDRINUSE,
	       "reg: uei_m, no fields");
	expect(reg_new(fd, "uei_m u32 a;; u32 b", 0, NULL), -EADDRINUSE,
	       "reg: uei_m, doubled ';'");
	expect(reg_new(fd, "uei_m u32 a; long b", 0, NULL), -EADDRINUSE,
	       "reg: uei_m, a field it could not parse");
	expect(reg_new(fd, "uei_m u32 a; u32 b", USER_EVENT_REG_PERSIST, &i1), 0,
	       "reg: uei_m with PERSIST finds it");
	expect(i1, i0, "same index");

	/* MULTI_FORMAT: new events, never the single-format one */
	expect(reg_new(fd, "uei_m u32 a; u32 b", USER_EVENT_REG_MULTI_FORMAT, &i1),
	       0, "reg: uei_m multi-format, same fields");
	expect(i1 != i0, 1, "a new index (%u)", i1);
	expect(reg_new(fd, "uei_m u64 x", USER_EVENT_REG_MULTI_FORMAT, &i2), 0,
	       "reg: uei_m multi-format, other fields");
	expect(i2 != i1 && i2 != i0, 1, "another new index (%u)", i2);
	expect(reg_new(fd, "uei_m u32 a;u32 b", USER_EVENT_REG_MULTI_FORMAT, &i0),
	       0, "reg: uei_m multi-format again");
	expect(i0, i1, "the first multi-format index");
	expect(reg_new(fd, "uei_m long x", USER_EVENT_REG_MULTI_FORMAT, NULL),
	       -EINVAL, "reg: uei_m multi-format, bad field");
	d = opendir(MULTI_DIR);
	while (d && (de = readdir(d)))
		multi += !strncmp(de->d_name, "uei_m.", 6);
	if (d)
		closedir(d);
	expect(multi, 2, "user_events_multi has two uei_m.N");

	/* a second fd: its own indexes */
	fd2 = open_data(O_RDONLY);
	expect(reg_new(fd2, "uei_m2", 0, &i0), 0,
	       "reg: on a read-only fd");
	expect(i0, 0, "first index of the second fd");
	expect(reg_new(fd2, "uei_m u32 a; u32 b", 0, &i0), 0,
	       "reg: uei_m on the second fd");
	expect(i0, 1, "second index of the second fd");
	expect(sysret(write(fd2, &i0, 4)), -EBADF, "write on the read-only fd");

	/* deleting what is in use: never for a non-persistent event */
	expect(do_del(fd, "uei_m"), -EBUSY, "del: uei_m in use");
	expect(do_del(fd, "uei_m u32 a; u32 b"), -ENOENT,
	       "del: a description is no name");

	/* PERSIST */
	w = new_word();
	expect(do_reg(fd, (unsigned long)w, 4, 7, USER_EVENT_REG_PERSIST,
		      "uei_p u32 a", NULL), 0, "reg: uei_p PERSIST");
	expect(do_del(fd, "uei_p"), -EBUSY, "del: uei_p, fd and enabler");
	status_line("uei_p", line, sizeof(line));
	expect(strcmp(line, "uei_p"), 0, "uei_p in the status file");

	/* dynamic_events: persistent events too */
	expect(write_file(DYN_FILE, "u:uei_y u32 a; char[20] b\n"), 0,
	       "dynamic_events: u:uei_y");
	expect(write_file(DYN_FILE, "u:uei_y u32 a;char[20] b\n"), 0,
	       "dynamic_events: u:uei_y again (matches)");
	expect(write_file(DYN_FILE, "u:uei_y u32 a\n"), -EADDRINUSE,
	       "dynamic_events: u:uei_y, other fields");
	expect(write_file(DYN_FILE, "u:uei_z u32 a# a comment\n"), 0,
	       "dynamic_events: u:uei_z with a comment");
	expect(write_file(DYN_FILE, "u:uei_x u32 a # a comment\n"), -EINVAL,
	       "dynamic_events: a comment after a space (\"u32 a \")");
	expect(write_file(DYN_FILE, "u:   uei_w u8 c\n"), 0,
	       "dynamic_events: u: with spaces before the name");
	expect(write_file(DYN_FILE, "u:uei_x u32\n"), -EINVAL,
	       "dynamic_events: a field without name");
	expect(write_file(DYN_FILE, "u:uei_x long a\n"), -EINVAL,
	       "dynamic_events: unknown type");
	expect(write_file(DYN_FILE, "u:uei_m u64 a\n"), -EADDRINUSE,
	       "dynamic_events: uei_m, other fields");
	expect(write_file(DYN_FILE, "u:uei_m2\n"), 0,
	       "dynamic_events: uei_m2 (exists, stays non-persistent)");
	expect(reg_new(fd, "uei_y u32 a; char[20] b", 0, &i0), 0,
	       "reg: uei_y (made by dynamic_events)");
	expect(reg_new(fd, "uei_y u32 a", 0, NULL), -EADDRINUSE,
	       "reg: uei_y, other fields");
	{
		static char dyn[SNAP_MAX];

		read_file(DYN_FILE, dyn, sizeof(dyn));
		expect(!!strstr(dyn, "u:uei_y u32 a; char[20] b\n"), 1,
		       "dynamic_events lists \"u:uei_y u32 a; char[20] b\"");
		expect(!!strstr(dyn, "u:uei_m u32 a; u32 b\n"), 1,
		       "dynamic_events lists \"u:uei_m u32 a; u32 b\"");
		expect(!!strstr(dyn, "u:uei_z u32 a\n"), 1,
		       "dynamic_events lists \"u:uei_z u32 a\"");
	}
	/* O_TRUNC (delete all) refuses while non-persistent events exist */
	{
		int t = open(DYN_FILE, O_WRONLY | O_TRUNC);

		expect(t < 0 ? -errno : 0, -EBUSY,
		       "dynamic_events opened with O_TRUNC");
		if (t >= 0)
			close(t);
	}
	expect(write_file(DYN_FILE, "-:uei_y\n"), -ENOENT,
	       "dynamic_events: -:uei_y (fields-less matches no fields)");
	expect(write_file(DYN_FILE, "-:uei_y u32 a\n"), -ENOENT,
	       "dynamic_events: -:uei_y u32 a (other fields)");
	expect(write_file(DYN_FILE, "-:uei_y u32 a; char[20] b\n"), -EBUSY,
	       "dynamic_events: -:uei_y while registered");
	expect(write_file(DYN_FILE, "-:uei_m u32 a; u32 b\n"), -EBUSY,
	       "dynamic_events: -:uei_m (non-persistent)");
	expect(write_file(DYN_FILE, "-:nosys/uei_z u32 a\n"), -ENOENT,
	       "dynamic_events: -:nosys/uei_z (other system)");
	expect(write_file(DYN_FILE, "-:user_events_multi/uei_z u32 a\n"), 0,
	       "dynamic_events: -:user_events_multi/uei_z (either system)");
	expect(write_file(DYN_FILE, "-:uei_z u32 a\n"), -ENOENT,
	       "dynamic_events: -:uei_z again");
	expect(write_file(DYN_FILE, "-:user_events/uei_w u8 c\n"), 0,
	       "dynamic_events: -:user_events/uei_w");

	/* persistent events, enabled: busy */
	release_tracked(fd);
	close(fd);
	close(fd2);
	status_line("uei_m", line, sizeof(line));
	expect(line[0], 0, "uei_m (registered with PERSIST too) gone with its fds");
	expect(exists(EV_DIR "/%s", "uei_m2"), 0,
	       "uei_m2 (also written to dynamic_events) gone with its fds");
	expect(set_enable("user_events", "uei_p", 1), 0, "enable uei_p");
	fd = open_data(O_RDWR);
	expect(do_del(fd, "uei_p"), -EBUSY, "del: uei_p enabled");
	expect(write_file(DYN_FILE, "-:uei_p u32 a\n"), -EBUSY,
	       "dynamic_events: -:uei_p enabled");
	expect(set_enable("user_events", "uei_p", 0), 0, "disable uei_p");
	expect(do_del(fd, "uei_p"), 0, "del: uei_p");
	expect(do_del(fd, "uei_p"), -ENOENT, "del: uei_p again");
	expect(write_file(DYN_FILE, "-:user_events/uei_y u32 a; char[20] b\n"), 0,
	       "dynamic_events: -:user_events/uei_y");
	snprintf(path, sizeof(path), EV_DIR "/uei_y");
	expect(exists("%s", path), 0, "uei_y gone");

	/* PERSIST and MULTI_FORMAT: one delete takes every format */
	expect(reg_new(fd, "uei_pm u32 a", USER_EVENT_REG_PERSIST |
		       USER_EVENT_REG_MULTI_FORMAT, NULL), 0,
	       "reg: uei_pm persistent multi-format");
	expect(reg_new(fd, "uei_pm u64 b", USER_EVENT_REG_PERSIST |
		       USER_EVENT_REG_MULTI_FORMAT, NULL), 0,
	       "reg: uei_pm, a second format");
	expect(reg_new(fd, "uei_pm u64 b", USER_EVENT_REG_PERSIST, NULL), 0,
	       "reg: uei_pm single-format, persistent");
	release_tracked(fd);
	close(fd);
	fd = open_data(O_RDWR);
	expect(do_del(fd, "uei_pm"), 0, "del: uei_pm, all three");
	expect(do_del(fd, "uei_pm"), -ENOENT, "del: uei_pm again");
	close(fd);
	check_clean("match", false);
}

/* Drop CAP_SYS_ADMIN and CAP_PERFMON (perfmon_capable()); 0 or -errno. */
static int drop_perfmon(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -errno;
	d[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	d[CAP_TO_INDEX(CAP_SYS_ADMIN)].permitted &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	d[CAP_TO_INDEX(CAP_PERFMON)].effective &= ~CAP_TO_MASK(CAP_PERFMON);
	d[CAP_TO_INDEX(CAP_PERFMON)].permitted &= ~CAP_TO_MASK(CAP_PERFMON);
	return syscall(SYS_capset, &h, d) ? -errno : 0;
}

/* Names with flags ("NAME:FLAGS"), refused whatever the flags say. */
static const char * const colon_descs[] = {
	"uei_c:", "uei_c:x", "uei_c:x u32 a", "uei_c: u32 a", ":", ":uei_c",
	"uei_c:BPF,FOO u32 a", "uei_m:x u64 x",
};

/*
 * What is refused after the description is read and before any event
 * is looked up: a name with flags (EINVAL), PERSIST without CAP_PERFMON
 * (EPERM; so are dynamic_events "u:" lines, and deleting a persistent
 * event, but busy comes first).
 */
static void phase_refused(void)
{
	int fd = open_data(O_RDWR), status, i;
	__u32 *busy = new_word();
	char line[64];
	pid_t pid;

	note("== phase refused");
	for (i = 0; i < (int)ARRAY_SIZE(colon_descs); i++) {
		expect(reg_new(fd, colon_descs[i], 0, NULL), -EINVAL,
		       "reg: \"%s\"", colon_descs[i]);
		expect(reg_new(fd, colon_descs[i], USER_EVENT_REG_MULTI_FORMAT |
			       USER_EVENT_REG_PERSIST, NULL), -EINVAL,
		       "reg: \"%s\" multi-format, persistent", colon_descs[i]);
		snprintf(line, sizeof(line), "u:%s\n", colon_descs[i]);
		expect(write_file(DYN_FILE, line), -EINVAL,
		       "dynamic_events: u:%s", colon_descs[i]);
	}

	expect(write_file(DYN_FILE, "u:uei_cp u32 a\n"), 0,
	       "dynamic_events: u:uei_cp (idle, persistent)");
	expect(do_reg(fd, (unsigned long)busy, 4, 0, USER_EVENT_REG_PERSIST,
		      "uei_cb u32 a", NULL), 0, "reg: uei_cb (busy, persistent)");
	pid = fork();
	if (!pid) {
		int cfd;

		expect(drop_perfmon(), 0, "drop CAP_PERFMON and CAP_SYS_ADMIN");
		cfd = open_data(O_RDWR);
		expect(reg_new(cfd, "uei_cq u32 a", USER_EVENT_REG_PERSIST, NULL),
		       -EPERM, "no CAP_PERFMON: reg uei_cq PERSIST");
		expect(reg_new(cfd, "uei_cp u32 a", USER_EVENT_REG_PERSIST, NULL),
		       -EPERM, "no CAP_PERFMON: reg uei_cp (exists) PERSIST");
		expect(reg_new(cfd, "uei_cq:x u32 a", USER_EVENT_REG_PERSIST, NULL),
		       -EINVAL, "no CAP_PERFMON: reg uei_cq:x PERSIST");
		expect(reg_new(cfd, "uei_cq u32 a", 0, NULL), 0,
		       "no CAP_PERFMON: reg uei_cq");
		expect(reg_new(cfd, "uei_cp u32 a", 0, NULL), 0,
		       "no CAP_PERFMON: reg uei_cp (exists)");
		expect(do_del(cfd, "uei_cb"), -EBUSY,
		       "no CAP_PERFMON: del uei_cb (busy first)");
		expect(do_del(cfd, "uei_cq"), -EBUSY,
		       "no CAP_PERFMON: del uei_cq (not persistent)");
		release_tracked(cfd);
		close(cfd);
		cfd = open_data(O_RDWR);
		expect(do_del(cfd, "uei_cp"), -EPERM,
		       "no CAP_PERFMON: del uei_cp (idle, persistent)");
		expect(write_file(DYN_FILE, "u:uei_cq u32 a\n"), -EPERM,
		       "no CAP_PERFMON: dynamic_events u:uei_cq");
		expect(write_file(DYN_FILE, "u:uei_cp u32 a\n"), -EPERM,
		       "no CAP_PERFMON: dynamic_events u:uei_cp (exists)");
		expect(write_file(DYN_FILE, "u:uei_cq:x u32 a\n"), -EINVAL,
		       "no CAP_PERFMON: dynamic_events u:uei_cq:x");
		expect(write_file(DYN_FILE, "-:uei_cp u32 a\n"), -EPERM,
		       "no CAP_PERFMON: dynamic_events -:uei_cp");
		expect(write_file(DYN_FILE, "-:uei_cb u32 a\n"), -EBUSY,
		       "no CAP_PERFMON: dynamic_events -:uei_cb (busy)");
		close(cfd);
		_exit(failures ? 1 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		fail("phase refused: the child failed");
	release_tracked(fd);
	close(fd);
	fd = open_data(O_RDWR);
	expect(do_del(fd, "uei_cb"), 0, "del: uei_cb");
	expect(do_del(fd, "uei_cp"), 0, "del: uei_cp");
	close(fd);
	check_clean("refused", false);
}

static void phase_unreg(void)
{
	static char buf[8192] __aligned(8);
	struct user_unreg *u = (struct user_unreg *)buf;
	int fd = open_data(O_RDWR), i;
	__u32 *w = new_word(), idx;
	static const struct {
		__u32 size;
		int tail;
		long want;
	} sizes[] = {
		{ 0, 0, -EINVAL },
		{ 8, 0, -EINVAL },
		{ 15, 0, -EINVAL },
		{ 16, 0, 0 },
		{ 17, 0, 0 },
		{ 24, 0, 0 },
		{ 24, 20, -E2BIG },
		{ 4096, 0, 0 },
		{ 4096, 4095, -E2BIG },
		{ 4097, 0, -E2BIG },
		{ 0xffffffffu, 0, -E2BIG },
	};

	note("== phase unreg");
	expect(do_reg(fd, (unsigned long)w, 4, 5, 0, "uei_u u32 a", &idx), 0,
	       "reg: uei_u bit 5");
	for (i = 0; i < (int)ARRAY_SIZE(sizes); i++) {
		memset(buf, 0, sizeof(buf));
		u->size = sizes[i].size;
		u->disable_bit = 5;
		u->disable_addr = (unsigned long)w;
		if (sizes[i].tail)
			buf[sizes[i].tail] = 1;
		if (expect(ioctl_ret(fd, DIAG_IOCSUNREG, u), sizes[i].want,
			   "unreg: size %u, %s byte %d", sizes[i].size,
			   sizes[i].tail ? "non-zero" : "all zero up to",
			   sizes[i].tail ?: (int)sizes[i].size - 1) &&
		    !sizes[i].want)
			expect(do_reg(fd, (unsigned long)w, 4, 5, 0,
				      "uei_u u32 a", NULL), 0, "reg: again");
	}
	memset(buf, 0, sizeof(buf));
	u->size = 16;
	u->disable_bit = 5;
	u->disable_addr = (unsigned long)w;
	u->__reserved = 1;
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, u), -EINVAL, "unreg: __reserved 1");
	u->__reserved = 0;
	u->__reserved2 = 0x100;
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, u), -EINVAL, "unreg: __reserved2 0x100");
	u->disable_addr = 12345678;
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, u), -EINVAL,
	       "unreg: __reserved2 and an unknown address");
	u->size = 24;
	buf[23] = 1;
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, u), -E2BIG,
	       "unreg: __reserved2 and a non-zero tail (the copy's error)");
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, NULL), -EFAULT, "unreg: NULL");
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, noaccess), -EFAULT,
	       "unreg: in a PROT_NONE page");
	memset(edge + page - 8, 0, 8);
	*(__u32 *)(edge + page - 8) = 16;
	expect(ioctl_ret(fd, DIAG_IOCSUNREG, edge + page - 8), -EFAULT,
	       "unreg: crossing into an unmapped page");

	expect(do_unreg(fd, (unsigned long)w, 6), -ENOENT, "unreg: other bit");
	expect(do_unreg(fd, (unsigned long)w + 4, 5), -ENOENT, "unreg: other word");
	expect(do_unreg(fd, (unsigned long)w, 200), -ENOENT, "unreg: bit 200");
	expect(do_unreg(fd, 0, 5), -ENOENT, "unreg: address 0");
	expect(do_unreg(fd, 0xffff888000000000ull, 5), -ENOENT,
	       "unreg: kernel address");

	/* the bit is cleared at unregistration, and stays clear */
	expect(set_enable("user_events", "uei_u", 1), 0, "enable uei_u");
	expect(load32(w), 1u << 5, "bit 5 set");
	expect(do_unreg(fd, (unsigned long)w, 5), 0, "unreg: uei_u while enabled");
	expect(load32(w), 0, "bit 5 cleared");
	expect(set_enable("user_events", "uei_u", 0), 0, "disable uei_u");
	expect(set_enable("user_events", "uei_u", 1), 0, "enable uei_u again");
	expect(load32(w), 0, "bit 5 stays clear");
	/* the fd keeps the event: its index still writes */
	{
		__u32 rec[2] = { idx, 42 };

		expect(sysret(write(fd, rec, sizeof(rec))), sizeof(rec),
		       "write through the index after unregistering");
	}
	expect(set_enable("user_events", "uei_u", 0), 0, "disable uei_u");
	expect(do_unreg(fd, (unsigned long)w, 5), -ENOENT, "unreg: again");
	ntracked = 0;
	close(fd);
	check_clean("unreg", false);
}

static void phase_del(void)
{
	int fd = open_data(O_RDWR);
	__u32 *w;
	char *s;

	note("== phase del");
	expect(do_del(fd, NULL), -EFAULT, "del: NULL");
	expect(do_del(fd, noaccess), -EFAULT, "del: in a PROT_NONE page");
	expect(do_del(fd, (char *)0xffff888000000000ul), -EFAULT,
	       "del: kernel address");
	s = edge + page - 50;
	memset(s, 'a', 50);
	expect(do_del(fd, s), -EFAULT, "del: unterminated up to an unmapped page");
	s = malloc(DESC_MAX + 1);
	memset(s, 'a', DESC_MAX);
	s[DESC_MAX] = '\0';
	expect(do_del(fd, s), -EINVAL, "del: a %d-character name", DESC_MAX);
	s[DESC_MAX - 1] = '\0';
	expect(do_del(fd, s), -ENOENT, "del: a %d-character name", DESC_MAX - 1);
	free(s);
	expect(do_del(fd, ""), -ENOENT, "del: \"\"");
	expect(do_del(fd, "uei_nosuch"), -ENOENT, "del: unknown name");

	/* non-persistent: busy while anything holds it, then gone by itself */
	w = new_word();
	expect(do_reg(fd, (unsigned long)w, 4, 0, 0, "uei_dn u32 a", NULL), 0,
	       "reg: uei_dn");
	expect(do_del(fd, "uei_dn"), -EBUSY, "del: uei_dn, fd and enabler");
	close(fd);
	fd = open_data(O_RDWR);
	expect(do_del(fd, "uei_dn"), -EBUSY, "del: uei_dn, enabler only");
	expect(exists(EV_DIR "/%s", "uei_dn"), 1, "uei_dn still there");
	expect(do_unreg(fd, (unsigned long)w, 0), 0, "unreg: uei_dn");
	expect(exists(EV_DIR "/%s", "uei_dn"), 0,
	       "uei_dn gone at its last reference");
	expect(do_del(fd, "uei_dn"), -ENOENT, "del: uei_dn after it went");

	/* persistent: busy while held; free right after the last holder */
	expect(do_reg(fd, (unsigned long)w, 4, 0, USER_EVENT_REG_PERSIST,
		      "uei_dp u32 a", NULL), 0, "reg: uei_dp PERSIST");
	close(fd);
	fd = open_data(O_RDWR);
	expect(do_del(fd, "uei_dp"), -EBUSY, "del: uei_dp, enabler only");
	expect(do_unreg(fd, (unsigned long)w, 0), 0, "unreg: uei_dp");
	expect(do_del(fd, "uei_dp"), 0, "del: uei_dp right after unregistering");

	/* persistent multi-format, one format held: busy, the rest later */
	expect(do_reg(fd, (unsigned long)w, 4, 0, USER_EVENT_REG_PERSIST |
		      USER_EVENT_REG_MULTI_FORMAT, "uei_dm u32 a", NULL), 0,
	       "reg: uei_dm format 1");
	expect(do_reg(fd, (unsigned long)w, 4, 1, USER_EVENT_REG_PERSIST |
		      USER_EVENT_REG_MULTI_FORMAT, "uei_dm u16 a", NULL), 0,
	       "reg: uei_dm format 2");
	expect(do_unreg(fd, (unsigned long)w, 0), 0, "unreg: uei_dm format 1");
	close(fd);
	fd = open_data(O_RDWR);
	expect(do_del(fd, "uei_dm"), -EBUSY, "del: uei_dm, one format held");
	expect(do_unreg(fd, (unsigned long)w, 1), 0, "unreg: uei_dm format 2");
	expect(do_del(fd, "uei_dm"), 0, "del: uei_dm, the rest");
	expect(do_del(fd, "uei_dm"), -ENOENT, "del: uei_dm again");
	ntracked = 0;
	close(fd);
	check_clean("del", false);
}

static void phase_ioctl(void)
{
	static const unsigned long cmds[] = {
		0, 0x2a00, 0x5401 /* TCGETS */,
		_IOWR('*', 0, struct user_reg),
		_IOW('*', 1, char),
		_IOW('*', 2, struct user_unreg),
		_IOWR('*', 3, struct user_reg *),
		_IOR('*', 0, struct user_reg *),
		_IOW('*', 0, struct user_reg *),
		_IO('*', 0),
		_IOWR('+', 0, struct user_reg *),
		0xc0042a00, 0x40042a01, 0x40042a02,	/* 32-bit numbers */
		0xdeadbeef, 0xffffffff,
	};
	int fd = open_data(O_RDWR), sfd;
	char buf[16];
	int i;

	note("== phase ioctl");
	for (i = 0; i < (int)ARRAY_SIZE(cmds); i++)
		expect(ioctl_ret(fd, cmds[i], buf), -ENOTTY, "ioctl %#lx", cmds[i]);
	expect(sysret(read(fd, buf, sizeof(buf))), -EINVAL, "read user_events_data");
	expect(sysret(lseek(fd, 10, SEEK_SET)), -ESPIPE, "lseek user_events_data");
	sfd = open(STATUS_FILE, O_RDONLY);
	expect(ioctl_ret(sfd, DIAG_IOCSREG, buf), -ENOTTY,
	       "DIAG_IOCSREG on user_events_status");
	close(sfd);
	sfd = open(STATUS_FILE, O_WRONLY);
	if (sfd >= 0) {
		expect(sysret(write(sfd, "x", 1)), -EINVAL,
		       "write user_events_status");
		close(sfd);
	}
	close(fd);
	check_clean("ioctl", false);
}

/* ---- writes --------------------------------------------------------------- */

/* A record: the index, then @len payload bytes. */
static long wr(int fd, int index, const void *payload, size_t len)
{
	static char buf[65536];

	memcpy(buf, &index, 4);
	memcpy(buf + 4, payload, len);
	return sysret(write(fd, buf, 4 + len));
}

struct loc_rec {
	__u32 loc;
	char data[16];
} __packed;

static long wr_loc(int fd, int index, __u32 loc, const char *data, size_t dlen)
{
	struct loc_rec r;

	r.loc = loc;
	memcpy(r.data, data, dlen);
	return wr(fd, index, &r, 4 + dlen);
}

static void phase_write(void)
{
	static const char * const evs[] = {
		"uei_w1 u32 a; u64 b",
		"uei_w2 __data_loc char[] s",
		"uei_w3 __rel_loc char[] r",
		"uei_w4",
		"uei_w5 u8 x; __data_loc u8[] d",
		"uei_w6 struct big x 2147483647",
	};
	static char trace[SNAP_MAX];
	static char big[256 * 1024];
	char pl[64] = { 0 }, *p;
	int fd = open_data(O_RDWR), fd2 = open_data(O_RDWR);
	__u32 idx[6], *bits[6];
	struct iovec iov[4];
	int i, n;

	note("== phase write");
	clear_trace();
	for (i = 0; i < 6; i++) {
		bits[i] = new_word();
		expect(do_reg(fd, (unsigned long)bits[i], 4, 0, 0, evs[i], &idx[i]),
		       0, "reg: \"%s\"", evs[i]);
		expect(idx[i], i, "index %d", i);
	}
	expect(wr(fd2, 0, pl, 12), -ENOENT, "write: fd without registrations");
	for (n = 0; n < 4; n++)
		expect(sysret(write(fd, pl, n)), -EFAULT, "write: %d bytes", n);
	expect(wr(fd, -1, pl, 12), -EINVAL, "write: index -1");
	expect(wr(fd, INT_MIN, pl, 12), -EINVAL, "write: index INT_MIN");
	expect(wr(fd, 6, pl, 12), -ENOENT, "write: index 6 (unknown)");
	expect(wr(fd, INT_MAX, pl, 12), -ENOENT, "write: index INT_MAX");
	expect(wr(fd, 0, pl, 11), -EINVAL, "write: uei_w1, 11 bytes, disabled");
	expect(wr(fd, 0, pl, 12), -EBADF, "write: uei_w1 disabled");
	expect(wr(fd, 3, pl, 0), -EBADF, "write: uei_w4 disabled");
	expect(wr(fd, 1, pl, 3), -EINVAL, "write: uei_w2, 3 bytes, disabled");
	expect(wr_loc(fd, 1, 0xffffffff, "x", 1), -EBADF,
	       "write: uei_w2, bad location, disabled (not checked)");
	expect(wr(fd, 5, pl, 60), -EINVAL, "write: uei_w6 (2^31-1 bytes of fields)");
	expect(sysret(write(fd, null_ptr(), 16)), -EFAULT, "write: buffer NULL");
	expect(sysret(write(fd, noaccess, 16)), -EFAULT, "write: buffer PROT_NONE");
	expect(sysret(write(fd, hole, 16)), -EFAULT, "write: buffer unmapped");
	expect(sysret(write(fd, (void *)0xffff888000000000ul, 16)), -EFAULT,
	       "write: buffer at a kernel address");

	for (i = 0; i < 6; i++) {
		char tp[16];

		snprintf(tp, sizeof(tp), "uei_w%d", i + 1);
		expect(set_enable("user_events", tp, 1), 0, "enable %s", tp);
		expect(load32(bits[i]), 1, "%s: bit set", tp);
	}

	/* uei_w1 */
	*(__u32 *)pl = 0x11223344;
	*(__u64 *)(pl + 4) = 0x5566778899aabbccull;
	expect(wr(fd, 0, pl, 12), 16, "write: uei_w1");
	expect(wr(fd, 0, pl, 11), -EINVAL, "write: uei_w1, 11 bytes");
	expect(wr(fd, 0, pl, 40), 44, "write: uei_w1, more than its fields");
	{
		char rec[16];

		memcpy(rec, &idx[0], 4);
		memcpy(rec + 4, pl, 12);
		expect(sysret(pwrite(fd, rec, 16, 1)), -EFAULT,
		       "pwrite at offset 1");
		expect(sysret(pwrite(fd, rec, 16, 0)), 16, "pwrite at offset 0");
		iov[0] = (struct iovec){ rec, 2 };
		iov[1] = (struct iovec){ rec + 2, 14 };
		expect(sysret(writev(fd, iov, 2)), 16, "writev: index split 2+2");
		iov[0] = (struct iovec){ rec, 1 };
		iov[1] = (struct iovec){ NULL, 0 };
		iov[2] = (struct iovec){ rec + 1, 3 };
		iov[3] = (struct iovec){ rec + 4, 12 };
		expect(sysret(writev(fd, iov, 4)), 16,
		       "writev: index 1+0+3, payload apart");
		expect(sysret(pwritev(fd, iov, 4, 3)), 16,
		       "pwritev at offset 3 (no position check)");
		iov[0] = (struct iovec){ rec, 2 };
		iov[1] = (struct iovec){ NULL, 14 };
		expect(sysret(writev(fd, iov, 2)), -EFAULT,
		       "writev: index split, second half NULL");
		iov[1] = (struct iovec){ noaccess, 14 };
		expect(sysret(writev(fd, iov, 2)), -EFAULT,
		       "writev: index split, second half PROT_NONE");
		iov[0] = (struct iovec){ rec, 4 };
		iov[1] = (struct iovec){ hole, 12 };
		expect(sysret(writev(fd, iov, 2)), -EFAULT,
		       "writev: payload unmapped");
		iov[1] = (struct iovec){ rec + 4, 6 };
		iov[2] = (struct iovec){ noaccess, 6 };
		expect(sysret(writev(fd, iov, 3)), -EFAULT,
		       "writev: payload half PROT_NONE");
		/* the index at the end of a page, the payload past it */
		p = edge + page - 4;
		memcpy(p, &idx[0], 4);
		expect(sysret(write(fd, p, 16)), -EFAULT,
		       "write: payload in an unmapped page");
		p = edge + page - 16;
		memcpy(p, rec, 16);
		expect(sysret(write(fd, p, 16)), 16,
		       "write: record ending at a page's end");
		/* the payload in a read-only zero page (after MADV_DONTNEED) */
		madvise(rdonly, page, MADV_DONTNEED);
		iov[0] = (struct iovec){ rec, 4 };
		iov[1] = (struct iovec){ rdonly, 12 };
		expect(sysret(writev(fd, iov, 2)), 16,
		       "writev: payload in a read-only zero page");
	}

	/* __data_loc char[]: the offset counts from the record's start */
	expect(wr_loc(fd, 1, DYN_LOC(12, 6), "hello", 6), 14,
	       "write: uei_w2 \"hello\"");
	expect(wr_loc(fd, 1, DYN_LOC(13, 5), "hello", 6), 14,
	       "write: uei_w2 \"ello\"");
	expect(wr_loc(fd, 1, DYN_LOC(12, 6), "hello\0junk", 11), 19,
	       "write: uei_w2, data followed by more");
	expect(wr_loc(fd, 1, DYN_LOC(12, 7), "hello", 6), -EFAULT,
	       "write: uei_w2, length past the end");
	expect(wr_loc(fd, 1, DYN_LOC(13, 6), "hello", 6), -EFAULT,
	       "write: uei_w2, offset past the end");
	expect(wr_loc(fd, 1, DYN_LOC(12, 5), "hello", 5), -EFAULT,
	       "write: uei_w2, no NUL");
	expect(wr_loc(fd, 1, DYN_LOC(12, 5), "hello", 6), -EFAULT,
	       "write: uei_w2, NUL just past the length");
	expect(wr_loc(fd, 1, DYN_LOC(0xffff, 0xffff), "hello", 6), -EFAULT,
	       "write: uei_w2, DYN_LOC(0xffff, 0xffff)");
	expect(wr_loc(fd, 1, DYN_LOC(12, 0xffff), "hello", 6), -EFAULT,
	       "write: uei_w2, length 0xffff");
	expect(wr_loc(fd, 1, DYN_LOC(1024, 5), "hello", 6), -EFAULT,
	       "write: uei_w2, offset 1024");

	/* __rel_loc char[]: the offset counts from the end of the loc word */
	expect(wr_loc(fd, 2, DYN_LOC(0, 6), "hello", 6), 14,
	       "write: uei_w3 \"hello\"");
	expect(wr_loc(fd, 2, DYN_LOC(1, 5), "hello", 6), 14,
	       "write: uei_w3 \"ello\"");
	expect(wr_loc(fd, 2, DYN_LOC(1, 6), "hello", 6), -EFAULT,
	       "write: uei_w3, past the end");
	expect(wr_loc(fd, 2, DYN_LOC(0, 7), "hello", 6), -EFAULT,
	       "write: uei_w3, length past the end");
	expect(wr_loc(fd, 2, DYN_LOC(0, 5), "hello", 6), -EFAULT,
	       "write: uei_w3, no NUL at the end of the length");
	expect(wr_loc(fd, 2, DYN_LOC(12, 6), "hello", 6), -EFAULT,
	       "write: uei_w3, a record-relative offset");
	expect(wr_loc(fd, 2, DYN_LOC(0xfff0, 0x20), "hello", 6), -EFAULT,
	       "write: uei_w3, offset near 64K");

	/* uei_w5: u8 x at 8, __data_loc u8[] d at 9, data at 13 (no NUL) */
	{
		char r5[16] = { 7 };
		__u32 loc = DYN_LOC(13, 3);

		memcpy(r5 + 1, &loc, 4);
		memcpy(r5 + 5, "abc", 3);
		expect(wr(fd, 4, r5, 8), 12, "write: uei_w5, bytes without NUL");
		loc = DYN_LOC(13, 4);
		memcpy(r5 + 1, &loc, 4);
		expect(wr(fd, 4, r5, 8), -EFAULT, "write: uei_w5, past the end");
		expect(wr(fd, 4, r5, 4), -EINVAL, "write: uei_w5, 4 bytes");
	}

	/* uei_w4: no fields */
	expect(wr(fd, 3, pl, 0), 4, "write: uei_w4, the index alone");
	expect(wr(fd, 3, pl, 60), 64, "write: uei_w4 with 60 bytes");
	memcpy(big, &idx[3], 4);
	expect(sysret(write(fd, big, sizeof(big))), sizeof(big),
	       "write: uei_w4 with 256K (dropped by the ring buffer)");
	expect(wr(fd, 5, pl, 60), -EINVAL, "write: uei_w6 enabled, too short");

	/* what reached the trace */
	read_file(TRACEFS "/trace", trace, sizeof(trace));
	expect(!!strstr(trace, "uei_w1: a=0x11223344 (287454020) b=0x5566778899aabbcc"),
	       1, "trace has the uei_w1 record");
	expect(!!strstr(trace, "uei_w2: s=hello\n"), 1, "trace has uei_w2 s=hello");
	expect(!!strstr(trace, "uei_w2: s=ello\n"), 1, "trace has uei_w2 s=ello");
	expect(!!strstr(trace, "uei_w3: r=hello\n"), 1, "trace has uei_w3 r=hello");
	expect(!!strstr(trace, "uei_w4:No fields found"), 1,
	       "trace has the uei_w4 record");
	p = trace;
	n = 0;
	while ((p = strstr(p, "uei_w1: a=")))
		n++, p++;
	expect(n, 8, "uei_w1 records in the trace");
	p = trace;
	n = 0;
	while ((p = strstr(p, "uei_w2: s=")))
		n++, p++;
	expect(n, 3, "uei_w2 records in the trace");

	for (i = 0; i < 6; i++) {
		char tp[16];

		snprintf(tp, sizeof(tp), "uei_w%d", i + 1);
		expect(set_enable("user_events", tp, 0), 0, "disable %s", tp);
		expect(load32(bits[i]), 0, "%s: bit clear", tp);
	}
	expect(wr(fd, 0, pl, 12), -EBADF, "write: uei_w1 disabled again");
	clear_trace();
	release_tracked(fd);
	close(fd);
	close(fd2);
	check_clean("write", false);
}

static long perf_open(struct perf_event_attr *attr, int pid, int cpu)
{
	return sysret(syscall(__NR_perf_event_open, attr, pid, cpu, -1, 0));
}

/* Read the number in @path; -1 if none. */
static long read_num(const char *path)
{
	char buf[64];

	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

static void phase_perf(void)
{
	/* every sample of the event, with its raw record */
	struct perf_event_attr attr = {
		.size		= sizeof(attr),
		.type		= PERF_TYPE_TRACEPOINT,
		.sample_period	= 1,
		.sample_type	= PERF_SAMPLE_RAW,
		.wakeup_events	= 1,
	};
	struct perf_event_mmap_page *mp;
	static char rec[12000];
	int fd = open_data(O_RDWR);
	__u32 *w = new_word(), idx;
	char line[256];
	long id, pfd;
	__u64 head = 0, head2;

	note("== phase perf");
	expect(do_reg(fd, (unsigned long)w, 4, 2, 0, "uei_pf u32 a", &idx), 0,
	       "reg: uei_pf");
	id = read_num(EV_DIR "/uei_pf/id");
	expect(id > 0, 1, "uei_pf has an id (%ld)", id);
	attr.config = id;
	pfd = perf_open(&attr, 0, -1);
	if (pfd < 0) {
		note("SKIP phase perf: perf_event_open: %s", ename(-pfd));
		release_tracked(fd);
		close(fd);
		check_clean("perf", false);
		return;
	}
	mp = mmap(NULL, 9 * page, PROT_READ | PROT_WRITE, MAP_SHARED, pfd, 0);
	expect(mp != MAP_FAILED, 1, "mmap the perf buffer");
	expect(load32(w), 1u << 2, "perf on: bit 2 set");
	status_line("uei_pf", line, sizeof(line));
	expect(strcmp(line, "uei_pf # Used by perf"), 0, "status line \"%s\"", line);
	expect(set_enable("user_events", "uei_pf", 1), 0, "enable uei_pf");
	status_line("uei_pf", line, sizeof(line));
	expect(strcmp(line, "uei_pf # Used by ftrace perf"), 0,
	       "status line \"%s\"", line);
	expect(set_enable("user_events", "uei_pf", 0), 0, "disable uei_pf");
	expect(load32(w), 1u << 2, "ftrace off, perf on: bit 2 set");

	memcpy(rec, &idx, 4);
	expect(sysret(write(fd, rec, 8)), 8, "write: uei_pf to perf");
	if (mp != MAP_FAILED) {
		head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
		expect(head > 0, 1, "perf got a record");
	}
	/* 8 + payload over 8192 bytes: perf cannot take it, silently */
	expect(sysret(write(fd, rec, 8200)), 8200, "write: 8196-byte payload to perf");
	expect(sysret(write(fd, rec, sizeof(rec))), sizeof(rec),
	       "write: %zu-byte payload to perf", sizeof(rec) - 4);
	if (mp != MAP_FAILED) {
		head2 = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
		expect(head2 == head, 1, "perf got none of them");
	}
	/* 8 + 8180 bytes, 8-aligned: 8192, which perf takes */
	expect(sysret(write(fd, rec, 8184)), 8184, "write: 8180-byte payload to perf");
	if (mp != MAP_FAILED) {
		head2 = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
		expect(head2 > head + 8188, 1, "perf got it");
		munmap(mp, 9 * page);
	}
	close(pfd);
	expect(load32(w), 0, "perf off: bit 2 clear");
	status_line("uei_pf", line, sizeof(line));
	expect(strcmp(line, "uei_pf"), 0, "status line \"%s\"", line);
	expect(sysret(write(fd, rec, 8)), -EBADF, "write: uei_pf, nobody traces");
	release_tracked(fd);
	close(fd);
	check_clean("perf", false);
}

/* ---- the random phase ------------------------------------------------------ */

static __u64 rng_state;

static __u64 rnd(void)
{
	__u64 x = rng_state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545f4914f6cdd1dull;
}

static unsigned int below(unsigned int n)
{
	return rnd() % n;
}

static const char * const r_names[] = {
	"uei_r0", "uei_r1", "uei_r2", "uei_r3", "uei_r4", "uei_r5",
};

static const char * const r_types[] = {
	"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "int",
	"unsigned int", "short", "unsigned short", "char", "unsigned char",
	"char[20]", "char[0x14]", "char[0]", "char[1025]", "char[aa]", "char[]",
	"unsigned char[4]", "__data_loc char[]", "__rel_loc char[]",
	"__data_loc unsigned char[]", "__rel_loc u8[]", "__data_loc x",
	"struct s", "long", "bool", "", "unsigned", "__rel_loc",
};

static const char * const r_sizes[] = {
	"1", "4", "20", "0", "-1", "2147483647", "2147483648", "4294967295",
	"4294967296", "abc", "",
};

static const char * const r_fnames[] = { "a", "b", "c", "", "a b", "x;y" };

static const char * const r_seps[] = { ";", "; ", ";;", " ;", "  ;", ";\t" };

/* A description from the grammar's pieces, sometimes broken. */
static void random_desc(char *out, size_t size)
{
	int nf = below(5), i;
	size_t len;

	if (!below(40)) {
		/* random printable bytes */
		len = below(size - 1);
		for (i = 0; i < (int)len; i++)
			out[i] = 32 + below(95);
		out[len] = '\0';
		return;
	}
	len = snprintf(out, size, "%s%s", r_names[below(6)],
		       below(20) ? "" : (below(2) ? ":" : ":x"));
	for (i = 0; i < nf && len < size - 64; i++) {
		const char *t = r_types[below(sizeof(r_types) / sizeof(*r_types))];

		len += snprintf(out + len, size - len, "%s%s %s",
				i ? r_seps[below(6)] : " ", t,
				r_fnames[below(6)]);
		if (!strncmp(t, "struct", 6) || !below(15))
			len += snprintf(out + len, size - len, " %s",
					r_sizes[below(11)]);
	}
	if (!below(10))
		snprintf(out + len, size - len, "%s", r_seps[below(6)]);
}

static bool allowed(long got, const int *ok)
{
	if (got >= 0)
		return true;
	for (; *ok; ok++)
		if (-got == *ok)
			return true;
	return false;
}

/* Errnos the ABI allows, per call (the spec's section 1). */
static const int ok_reg[] = { EFAULT, E2BIG, EINVAL, EADDRINUSE, EPERM,
			      ENOMEM, EMFILE, ENODEV, 0 };
static const int ok_unreg[] = { EFAULT, E2BIG, EINVAL, ENOENT, 0 };
static const int ok_del[] = { EFAULT, EINVAL, ENOMEM, ENOENT, EBUSY, EPERM, 0 };
static const int ok_write[] = { EFAULT, EINVAL, ENOENT, EBADF, 0 };
static const int ok_ioctl[] = { ENOTTY, 0 };
/* an event's enable file: it may be gone, or going */
static const int ok_enable[] = { ENOENT, ENODEV, 0 };

struct rstats {
	long reg[2], unreg[2], del[2], write[2], ioctl[2], enable[2], reopen;
};

/* A pointer from the interesting ones, or @good. */
static void *rptr(void *good, int bad_one_in)
{
	if (below(bad_one_in))
		return good;
	switch (below(5)) {
	case 0: return NULL;
	case 1: return noaccess + below(page);
	case 2: return hole + below(page);
	case 3: return (void *)0xffff888000000000ul;
	default: return edge + page - 1 - below(32);
	}
}

/* Mostly a word of @rwords, sometimes one that cannot be written. */
static __u64 random_enable_addr(__u32 *rwords)
{
	switch (below(10)) {
	case 0:
		return rnd();
	case 1:
		return (unsigned long)noaccess + below(page);
	case 2:
		return (unsigned long)rdonly + 8 * below(page / 8);
	case 3:
		return 0xffff888000000000ull;
	case 4:
		return (unsigned long)hole + 8 * below(page / 8);
	}
	return (unsigned long)rwords +
		(below(8) ? 4 * below(page / 4) : below(page));
}

static void random_child(__u64 seed, long iters)
{
	static char regbuf[8192] __aligned(8);
	static char desc[700], wbuf[2048];
	__u32 *rwords = map(page, PROT_READ | PROT_WRITE);
	struct rstats st = { 0 };
	int fd = open_data(O_RDWR);
	unsigned int nidx = 0;
	long i, got;

	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	verbose = false;
	for (i = 0; i < iters; i++) {
		unsigned int op = below(100);

		if (op < 40) {
			struct user_reg *r = (struct user_reg *)regbuf;
			static const __u32 sizes[] = { 0, 27, 28, 28, 28, 28,
				29, 32, 64, 4096, 4097 };
			__u32 size = below(8) ? sizes[below(11)] : (__u32)rnd();

			memset(regbuf, 0, sizeof(regbuf));
			r->size = size;
			if (size > 28 && size <= sizeof(regbuf) && !below(4))
				regbuf[28 + below(size - 28)] = 1 + below(255);
			r->flags = below(4) ? below(4) : (below(2) ? rnd() : 4);
			r->enable_size = below(4) ? (below(2) ? 4 : 8) : below(12);
			r->enable_bit = below(4) ? below(32) : below(80);
			r->enable_addr = random_enable_addr(rwords);
			random_desc(desc, sizeof(desc));
			r->name_args = (unsigned long)rptr(desc, 12);
			got = ioctl_ret(fd, DIAG_IOCSREG,
					rptr(regbuf, 50));
			st.reg[!allowed(got, ok_reg)]++;
			if (!got && r->write_index + 1 > nidx)
				nidx = r->write_index + 1;
			if (!allowed(got, ok_reg))
				fail("random %ld: reg \"%s\" size %u flags %#x: %s",
				     i, desc, size, r->flags, ename(-got));
		} else if (op < 55) {
			struct user_unreg *u = (struct user_unreg *)regbuf;

			memset(regbuf, 0, 64);
			u->size = below(6) ? 16 : below(40);
			u->disable_bit = below(40);
			u->disable_addr = (unsigned long)rwords + 4 * below(page / 4);
			if (!below(10))
				u->__reserved = 1;
			if (!below(10))
				regbuf[16 + below(8)] = 1;
			got = ioctl_ret(fd, DIAG_IOCSUNREG, rptr(regbuf, 40));
			st.unreg[!allowed(got, ok_unreg)]++;
			if (!allowed(got, ok_unreg))
				fail("random %ld: unreg: %s", i, ename(-got));
		} else if (op < 60) {
			const char *name = r_names[below(6)];

			got = do_del(fd, rptr((void *)name, 10));
			st.del[!allowed(got, ok_del)]++;
			if (!allowed(got, ok_del))
				fail("random %ld: del %s: %s", i, name, ename(-got));
		} else if (op < 90) {
			int index = below(8) ? (int)below(nidx + 2) :
				(int)rnd();
			size_t len = below(4) ? below(40) : below(sizeof(wbuf));
			__u32 loc;
			int k;

			for (k = 0; k < (int)len; k++)
				wbuf[k] = below(4) ? 0 : rnd();
			if (len >= 4)
				memcpy(wbuf, &index, 4);
			/* loc words that are nearly right */
			for (k = 4; k + 4 <= (int)len && k < 24; k += 4) {
				if (below(2))
					continue;
				loc = DYN_LOC(below(len + 16), below(len + 4));
				memcpy(wbuf + k, &loc, 4);
			}
			if (below(3)) {
				got = sysret(write(fd, rptr(wbuf, 30), len));
			} else {
				struct iovec v[3];
				size_t a = len ? below(len) : 0;
				size_t b = len - a ? below(len - a) : 0;

				v[0] = (struct iovec){ rptr(wbuf, 30), a };
				v[1] = (struct iovec){ wbuf + a, b };
				v[2] = (struct iovec){ rptr(wbuf + a + b, 30),
						       len - a - b };
				got = sysret(writev(fd, v, 3));
			}
			st.write[!allowed(got, ok_write) ||
				 (got >= 0 && got != (long)len)]++;
			if (!allowed(got, ok_write) ||
			    (got >= 0 && got != (long)len))
				fail("random %ld: write of %zu bytes, index %d: %s",
				     i, len, index, got >= 0 ? "wrong count" :
				     ename(-got));
		} else if (op < 94) {
			unsigned long cmd = rnd() & 0xffffffff;

			if (cmd == DIAG_IOCSREG || cmd == DIAG_IOCSDEL ||
			    cmd == DIAG_IOCSUNREG)
				continue;
			if (below(2))
				cmd = (cmd & ~0xff00ul) | ('*' << 8);
			/* the VFS's own numbers are not user_events' */
			if (((cmd >> 8) & 0xff) != '*')
				continue;
			got = ioctl_ret(fd, cmd, regbuf);
			st.ioctl[!allowed(got, ok_ioctl) || got >= 0]++;
			if (!allowed(got, ok_ioctl) || got >= 0)
				fail("random %ld: ioctl %#lx: %ld", i, cmd, got);
		} else if (op < 98) {
			char path[256];
			const char *n = r_names[below(6)];

			if (below(3))
				snprintf(path, sizeof(path), EV_DIR "/%s/enable", n);
			else
				snprintf(path, sizeof(path), EV_DIR "/enable");
			got = write_file(path, below(2) ? "1" : "0");
			st.enable[!allowed(got, ok_enable)]++;
			if (!allowed(got, ok_enable))
				fail("random %ld: %s: %s", i, path, ename(-got));
		} else {
			close(fd);
			fd = open_data(O_RDWR);
			nidx = 0;
			st.reopen++;
		}
	}
	write_file(EV_DIR "/enable", "0");
	close(fd);
	printf("random: reg %ld (%ld bad), unreg %ld (%ld bad), del %ld (%ld bad),\n"
	       "        write %ld (%ld bad), ioctl %ld (%ld bad), enable %ld (%ld bad), reopen %ld\n",
	       st.reg[0] + st.reg[1], st.reg[1], st.unreg[0] + st.unreg[1],
	       st.unreg[1], st.del[0] + st.del[1], st.del[1],
	       st.write[0] + st.write[1], st.write[1],
	       st.ioctl[0] + st.ioctl[1], st.ioctl[1],
	       st.enable[0] + st.enable[1], st.enable[1], st.reopen);
	fflush(stdout);
	_exit(failures ? 1 : 0);
}

static void phase_random(__u64 seed, long iters)
{
	static char dyn[SNAP_MAX];
	char *line, *save, *name;
	int status, fd;
	pid_t pid;
	long got;

	note("== phase random: seed %llu, %ld iterations", (unsigned long long)seed,
	     iters);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		fail("fork: %s", strerror(errno));
		return;
	}
	if (!pid)
		random_child(seed, iters);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fail("random phase: the child %s %d", WIFSIGNALED(status) ?
		     "died of signal" : "exited", WIFSIGNALED(status) ?
		     WTERMSIG(status) : WEXITSTATUS(status));
	}
	/*
	 * What the child left: enabled events, persistent ones (of any name
	 * the generator made: every "u:NAME" line of dynamic_events that was
	 * not there at the start).
	 */
	write_file(EV_DIR "/enable", "0");
	write_file(MULTI_DIR "/enable", "0");
	fd = open_data(O_RDWR);
	read_file(DYN_FILE, dyn, sizeof(dyn));
	for (line = strtok_r(dyn, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char known[4096];

		snprintf(known, sizeof(known), "  %s\n", line);
		if (strncmp(line, "u:", 2) || strstr(baseline, known))
			continue;
		name = line + 2;
		name[strcspn(name, " ")] = '\0';
		got = do_del(fd, name);
		if (got && got != -ENOENT)
			fail("random phase: del \"%s\" afterwards: %s", name,
			     ename(-got));
	}
	close(fd);
	check_clean("random", true);
}

int main(int argc, char **argv)
{
	__u64 seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
	long iters = argc > 2 ? strtol(argv[2], NULL, 0) : 20000;
	struct stat st;
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	page = sysconf(_SC_PAGESIZE);
	if (stat(DATA_FILE, &st)) {
		printf("SKIP: no %s\n", DATA_FILE);
		return KSFT_SKIP;
	}
	if (geteuid()) {
		printf("SKIP: not root\n");
		return KSFT_SKIP;
	}
	setup_memory();
	snapshot(baseline, sizeof(baseline));
	printf("at the start:\n%s", baseline);

	/* before this process ever registered: nothing to unregister */
	fd = open_data(O_RDWR);
	expect(do_unreg(fd, (unsigned long)words, 0), -ENOENT,
	       "unreg before any registration");
	close(fd);

	phase_reg_struct();
	phase_reg_enable();
	phase_reg_name();
	phase_match();
	phase_unreg();
	phase_del();
	phase_ioctl();
	phase_write();
	phase_perf();
	phase_refused();
	phase_random(seed, iters);

	printf("%d cases, %d failed\n", cases, failures);
	return failures ? 1 : 0;
}
