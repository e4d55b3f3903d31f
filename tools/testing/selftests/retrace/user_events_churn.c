// SPDX-License-Identifier: GPL-2.0
/*
 * user_events_churn - user events made, used and dropped by several
 * processes at once (run by user_events_churn.sh, which says what is
 * covered).
 *
 * Every answer must be one that the race at hand can give; anything
 * else is counted as a failure.  At the end, after every process has
 * been reaped and the test's tracers are off, no event of the test may
 * be left: not in user_events_status, not under events/user_events*,
 * not in dynamic_events.
 *
 * Usage: user_events_churn [SECONDS [SEED]]
 * Exit: 0 pass, 1 fail, 4 skip.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <linux/user_events.h>

#define TRACEFS		"/sys/kernel/tracing"
#define DATA_FILE	TRACEFS "/user_events_data"
#define STATUS_FILE	TRACEFS "/user_events_status"
#define DYN_FILE	TRACEFS "/dynamic_events"
#define INSTANCE	TRACEFS "/instances/uec_inst"
#define PREFIX		"uec_"

#define KSFT_SKIP	4
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#define BUF_MAX		65536
#define MAX_HELD	32
#define NWORDS		64	/* enable words per process: 64 x 32 bits */
#define NAME_LEN	256

/* The test's events.  uec_c0 has two field lists that exclude each other. */
static const struct ev {
	const char *name;
	const char *fields;
	int flags;
	bool conflict;		/* EADDRINUSE is a legitimate answer */
	bool persist;		/* also made persistent (dynamic_events) */
	unsigned int len;	/* a valid payload */
	const char *payload;
} evs[] = {
	{ "uec_s0", "u32 a; u64 b", 0, false, false, 12,
	  "\001\0\0\0\002\0\0\0\0\0\0\0" },
	{ "uec_s1", "__data_loc char[] s", 0, false, false, 8,
	  "\014\000\004\000abc" },
	{ "uec_c0", "u32 a", 0, true, false, 4, "\003\0\0\0" },
	{ "uec_c0", "u64 a", 0, true, false, 8, "\004\0\0\0\0\0\0\0" },
	{ "uec_m0", "u32 a", USER_EVENT_REG_MULTI_FORMAT, false, false, 4,
	  "\005\0\0\0" },
	{ "uec_m0", "u64 b", USER_EVENT_REG_MULTI_FORMAT, false, false, 8,
	  "\006\0\0\0\0\0\0\0" },
	{ "uec_m0", "char[8] c", USER_EVENT_REG_MULTI_FORMAT, false, false, 8,
	  "churn\0\0" },
	{ "uec_p0", "u32 a; __data_loc char[] s", 0, false, true, 12,
	  "\007\000\000\000\020\000\004\000xyz" },
	{ "uec_p1", "u16 a", 0, false, true, 2, "\010\0" },
};

#define NEVS	((int)ARRAY_SIZE(evs))

/* What the processes did, in memory they share. */
enum {
	C_REG, C_REG_BUSY, C_UNREG, C_WRITE, C_WRITE_OFF, C_DEL, C_DEL_OK,
	C_DYN_ADD, C_DYN_DEL, C_DYN_DEL_OK, C_FORK, C_EXEC, C_VFORK,
	C_CHILD_UNREG, C_ENABLE, C_ENABLE_GONE, C_INST, C_INST_EN,
	C_PERF, C_PERF_STALE, C_PERF_MMAP, C_REOPEN, C_BAD, C_NR
};

static const char * const cnames[C_NR] = {
	"registrations", "  of them EADDRINUSE (format conflict)",
	"unregistrations", "records written", "  of them EBADF (not traced)",
	"DIAG_IOCSDEL", "  of them deleted", "dynamic_events u: lines",
	"dynamic_events -: lines", "  of them deleted", "forks (child exits)",
	"fork + exec /bin/true", "vfork + exec /bin/true",
	"unregistrations in a child", "enable switches (top)",
	"  of them on a vanishing event", "instance rmdir + mkdir",
	"enable switches (instance)", "perf_event_open",
	"  of them on a vanishing event", "  of them mmapped",
	"reopened data files", "UNEXPECTED ANSWERS",
};

static long *counts;
static time_t deadline;
static const char *who = "main";
static __u64 rng;

static void count(int c)
{
	__atomic_fetch_add(&counts[c], 1, __ATOMIC_RELAXED);
}

static const char *ename(int e)
{
	static char buf[16];

	switch (e) {
	case 0: return "success";
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
	case E2BIG: return "E2BIG";
	case EADDRINUSE: return "EADDRINUSE";
	}
	snprintf(buf, sizeof(buf), "errno %d", e);
	return buf;
}

/* An answer the race at hand cannot give. */
static void bad(const char *fmt, ...)
{
	va_list ap;

	if (__atomic_fetch_add(&counts[C_BAD], 1, __ATOMIC_RELAXED) >= 50)
		return;		/* enough said */
	printf("FAIL: %s[%d]: ", who, getpid());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static __u64 rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

static unsigned int below(unsigned int n)
{
	return rnd() % n;
}

static bool over(void)
{
	return time(NULL) >= deadline;
}

/* @e (0 or an errno) is success or one of @ok (0-terminated). */
static bool in(int e, const int *ok)
{
	if (!e)
		return true;
	for (; *ok; ok++)
		if (e == *ok)
			return true;
	return false;
}

/* ---- files ----------------------------------------------------------------- */

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);
	int ret = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = errno;
	close(fd);
	return ret;
}

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
		if (n <= 0)
			break;
		len += n;
	}
	buf[len] = '\0';
	close(fd);
	return len;
}

/* Up to @max names of directory @dir starting with PREFIX. */
static int list_events(const char *dir, char names[][NAME_LEN], int max)
{
	struct dirent *de;
	int n = 0;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return 0;
	while (n < max && (de = readdir(d))) {
		if (strncmp(de->d_name, PREFIX, strlen(PREFIX)))
			continue;
		snprintf(names[n++], NAME_LEN, "%s", de->d_name);
	}
	closedir(d);
	return n;
}

/* A random event directory (single or multi-format) of the test: 0 or -1. */
static int pick_event(const char *base, char *path, size_t size)
{
	static char names[64][NAME_LEN];
	const char *sys = below(3) ? "user_events" : "user_events_multi";
	char dir[256];
	int n;

	snprintf(dir, sizeof(dir), "%s/events/%s", base, sys);
	n = list_events(dir, names, 64);
	if (!n)
		return -1;
	snprintf(path, size, "%s/%s", dir, names[below(n)]);
	return 0;
}

static int open_data(void)
{
	int fd = open(DATA_FILE, O_RDWR);

	if (fd < 0) {
		bad("open %s: %s", DATA_FILE, ename(errno));
		exit(1);
	}
	return fd;
}

/* ---- registrations ------------------------------------------------------------ */

struct held {
	int ev;
	__u32 index;
	__u32 *word;
	int bit;
};

/* A process's registrations: its enable words and what is registered. */
struct regs {
	int fd;
	__u32 *words;
	__u32 used[NWORDS];	/* bits in use, per word */
	struct held h[MAX_HELD];
	int n;
};

static void regs_init(struct regs *r)
{
	memset(r, 0, sizeof(*r));
	r->fd = open_data();
	r->words = mmap(NULL, NWORDS * sizeof(__u32), PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (r->words == MAP_FAILED) {
		bad("mmap: %s", ename(errno));
		exit(1);
	}
}

static char *desc_of(int ev, char *buf, size_t size)
{
	snprintf(buf, size, "%s %s", evs[ev].name, evs[ev].fields);
	return buf;
}

/* Register event @ev at a free bit; true if held. */
static bool reg_one(struct regs *r, int ev, int flags)
{
	struct user_reg reg = { .size = sizeof(reg), .enable_size = 4 };
	int w = below(NWORDS), bit, e;
	char desc[128];

	if (r->n == MAX_HELD || r->used[w] == ~0u)
		return false;
	do
		bit = below(32);
	while (r->used[w] & (1u << bit));
	reg.enable_bit = bit;
	reg.enable_addr = (unsigned long)&r->words[w];
	reg.flags = evs[ev].flags | flags;
	reg.name_args = (unsigned long)desc_of(ev, desc, sizeof(desc));
	count(C_REG);
	if (ioctl(r->fd, DIAG_IOCSREG, &reg)) {
		e = errno;
		if (e == EADDRINUSE && evs[ev].conflict)
			count(C_REG_BUSY);
		else
			bad("register \"%s\": %s", desc, ename(e));
		return false;
	}
	r->used[w] |= 1u << bit;
	r->h[r->n++] = (struct held){ ev, reg.write_index, &r->words[w], bit };
	return true;
}

static void unreg_one(struct regs *r, int i)
{
	struct user_unreg u = { .size = sizeof(u) };
	struct held *h = &r->h[i];

	u.disable_bit = h->bit;
	u.disable_addr = (unsigned long)h->word;
	count(C_UNREG);
	if (ioctl(r->fd, DIAG_IOCSUNREG, &u))
		bad("unregister %s bit %d: %s", evs[h->ev].name, h->bit,
		    ename(errno));
	r->used[h->word - r->words] &= ~(1u << h->bit);
	*h = r->h[--r->n];
}

/* A record of each held event: its length, or EBADF when nobody traces it. */
static void write_held(struct regs *r)
{
	char rec[64];
	ssize_t n;
	int i;

	for (i = 0; i < r->n; i++) {
		const struct ev *e = &evs[r->h[i].ev];

		memcpy(rec, &r->h[i].index, 4);
		memcpy(rec + 4, e->payload, e->len);
		count(C_WRITE);
		n = write(r->fd, rec, 4 + e->len);
		if (n < 0 && errno == EBADF)
			count(C_WRITE_OFF);
		else if (n != 4 + (ssize_t)e->len)
			bad("write %s (%u bytes): %s", e->name, 4 + e->len,
			    n < 0 ? ename(errno) : "short count");
	}
}

/* Closing the file keeps the enablers (they are the mm's), not the indexes. */
static void reopen(struct regs *r)
{
	while (r->n)
		unreg_one(r, 0);
	close(r->fd);
	r->fd = open_data();
	count(C_REOPEN);
}

/* DIAG_IOCSDEL of a test event: only a persistent one may go. */
static void del_one(int fd)
{
	static const int ok[] = { EBUSY, ENOENT, 0 };
	int ev = below(NEVS), e = 0;

	count(C_DEL);
	if (ioctl(fd, DIAG_IOCSDEL, evs[ev].name))
		e = errno;
	if (!e && evs[ev].persist)
		count(C_DEL_OK);
	else if (!e || !in(e, ok))
		bad("DIAG_IOCSDEL %s: %s", evs[ev].name, ename(e));
}

/* ---- the processes ------------------------------------------------------------ */

/*
 * An event for a registrar: uec_p0 rarely and uec_p1 never (it is the
 * persister's), so that the persistent ones are now and then free to go.
 */
static int pick_ev(void)
{
	int ev;

	do
		ev = below(NEVS);
	while (ev == 8 || (ev == 7 && below(8)));
	return ev;
}

/* Register, write, delete, unregister, over and over. */
static void registrar(void)
{
	struct regs r;

	regs_init(&r);
	while (!over()) {
		int k = 1 + below(4);

		while (k--)
			reg_one(&r, pick_ev(), 0);
		write_held(&r);
		if (!below(4))
			del_one(r.fd);
		while (r.n && below(3))
			unreg_one(&r, below(r.n));
		write_held(&r);
		if (!below(8))
			reopen(&r);
	}
	reopen(&r);
	close(r.fd);
}

/* Persistent events: dynamic_events lines and ioctls with PERSIST. */
static void persister(void)
{
	static const int del_ok[] = { EBUSY, ENOENT, 0 };
	char line[160];
	struct regs r;
	int ev, e;

	regs_init(&r);
	while (!over()) {
		ev = below(2) ? 7 : 8;		/* uec_p0, uec_p1 */
		switch (below(5)) {
		case 0:
		case 1:
			snprintf(line, sizeof(line), "u:%s %s\n", evs[ev].name,
				 evs[ev].fields);
			count(C_DYN_ADD);
			e = write_file(DYN_FILE, line);
			if (e)
				bad("dynamic_events \"%.*s\": %s",
				    (int)strlen(line) - 1, line, ename(e));
			break;
		case 2:
			snprintf(line, sizeof(line), "-:%s%s %s\n",
				 below(2) ? "user_events/" : "", evs[ev].name,
				 evs[ev].fields);
			count(C_DYN_DEL);
			e = write_file(DYN_FILE, line);
			if (!e)
				count(C_DYN_DEL_OK);
			else if (!in(e, del_ok))
				bad("dynamic_events \"%.*s\": %s",
				    (int)strlen(line) - 1, line, ename(e));
			break;
		case 3:
			/* the file's reference goes with the file: reopen */
			if (reg_one(&r, ev, USER_EVENT_REG_PERSIST))
				write_held(&r);
			reopen(&r);
			break;
		default:
			del_one(r.fd);
		}
	}
	reopen(&r);
	close(r.fd);
}

/* A child of forker(): it inherited the enablers (and the data file). */
static void child(struct regs *r, int how)
{
	who = "child";
	if (how == 1) {
		write_held(r);
	} else if (how == 2 && r->n) {
		count(C_CHILD_UNREG);
		unreg_one(r, below(r->n));
	}
	_exit(0);
}

static void reap(pid_t pid, const char *what)
{
	int status;

	if (pid < 0) {
		bad("%s: %s", what, ename(errno));
		return;
	}
	if (waitpid(pid, &status, 0) != pid)
		bad("waitpid after %s: %s", what, ename(errno));
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		bad("%s: the child ended with status %#x", what, status);
}

/* Hold registrations and fork: children exit, write, unregister, exec. */
static void forker(void)
{
	char *const argv[] = { "true", NULL };
	struct regs r;
	pid_t pid;

	regs_init(&r);
	while (!over()) {
		if (r.n < 6)
			reg_one(&r, pick_ev(), 0);
		switch (below(6)) {
		case 0:
		case 1:
		case 2:
			count(C_FORK);
			pid = fork();
			if (!pid)
				child(&r, below(3));
			reap(pid, "fork");
			break;
		case 3:
			count(C_EXEC);
			pid = fork();
			if (!pid) {
				execv("/bin/true", argv);
				_exit(127);
			}
			reap(pid, "fork + exec");
			break;
		case 4:
			count(C_VFORK);
			pid = vfork();
			if (!pid) {
				execv("/bin/true", argv);
				_exit(127);
			}
			reap(pid, "vfork + exec");
			break;
		default:
			if (r.n)
				unreg_one(&r, below(r.n));
			write_held(&r);
		}
	}
	reopen(&r);
	close(r.fd);
}

/* Switch the test's events on and off in instance @base. */
static void toggler(const char *base, int c)
{
	static const int ok[] = { ENOENT, ENODEV, 0 };
	char path[512], sys[256];
	int e, i = 0;

	while (!over()) {
		if (c == C_INST_EN && !(++i % 200)) {
			/* the instance goes, with whatever it traced */
			count(C_INST);
			if (rmdir(INSTANCE))
				bad("rmdir %s: %s", INSTANCE, ename(errno));
			if (mkdir(INSTANCE, 0755))
				bad("mkdir %s: %s", INSTANCE, ename(errno));
			continue;
		}
		if (!below(50)) {
			/* a whole system: every user event, the test's only */
			snprintf(sys, sizeof(sys), "%s/events/%s/enable", base,
				 below(2) ? "user_events" : "user_events_multi");
			e = write_file(sys, below(2) ? "1" : "0");
		} else {
			if (pick_event(base, path, sizeof(path) - 8))
				continue;
			strcat(path, "/enable");
			/* a persistent event is switched off again at once */
			if (strstr(path, "/uec_p")) {
				e = write_file(path, "1");
				if (!e) {
					count(c);
					e = write_file(path, "0");
				}
			} else {
				e = write_file(path, below(2) ? "1" : "0");
			}
		}
		count(c);
		if (e)
			count(C_ENABLE_GONE);
		if (!in(e, ok))
			bad("enable switch in %s: %s", base, ename(e));
	}
}

static long perf_open(struct perf_event_attr *attr, int pid, int cpu)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, -1, 0);
}

/* perf_event_open() the test's events by id, maybe mmap, close. */
static void perfer(void)
{
	static const int ok[] = { ENOENT, EINVAL, ENODEV, 0 };
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);
	char path[512], buf[32];
	int fd, e;
	void *m;

	while (!over()) {
		if (pick_event(TRACEFS, path, sizeof(path) - 8))
			continue;
		strcat(path, "/id");
		if (read_file(path, buf, sizeof(buf)) <= 0)
			continue;
		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.size = sizeof(attr);
		attr.config = strtoul(buf, NULL, 10);
		attr.sample_type = PERF_SAMPLE_RAW;
		attr.sample_period = 1;
		count(C_PERF);
		if (below(2))
			fd = perf_open(&attr, -1, below(2));
		else
			fd = perf_open(&attr, 0, -1);
		if (fd < 0) {
			e = errno;
			count(C_PERF_STALE);
			if (!in(e, ok))
				bad("perf_event_open %s: %s", path, ename(e));
			continue;
		}
		if (below(2)) {
			m = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
				 MAP_SHARED, fd, 0);
			if (m == MAP_FAILED) {
				bad("mmap of a perf event: %s", ename(errno));
			} else {
				count(C_PERF_MMAP);
				usleep(below(3000));
				munmap(m, 3 * page);
			}
		} else {
			usleep(below(3000));
		}
		close(fd);
	}
}

/* ---- the end ---------------------------------------------------------------- */

/* Lines of @text mentioning the test (after "u:" in dynamic_events). */
static int mentions(const char *text, char *first, size_t size)
{
	const char *l = text;
	int n = 0;

	while (l && *l) {
		const char *end = strchr(l, '\n');
		size_t len = end ? (size_t)(end - l) : strlen(l);

		if (!strncmp(l, PREFIX, strlen(PREFIX)) ||
		    !strncmp(l, "u:" PREFIX, 2 + strlen(PREFIX))) {
			if (!n++)
				snprintf(first, size, "%.*s", (int)len, l);
		}
		l = end ? end + 1 : NULL;
	}
	return n;
}

static long active(const char *status)
{
	const char *a = strstr(status, "\nActive: ");

	return a ? strtol(a + 9, NULL, 10) : -1;
}

/* Nothing of the test left: 0, or -1 with @why set. */
static int leftovers(long active0, char *why, size_t size)
{
	static char buf[BUF_MAX];
	static char names[8][NAME_LEN];
	char first[128];
	int n;

	read_file(STATUS_FILE, buf, sizeof(buf));
	n = mentions(buf, first, sizeof(first));
	if (n || active(buf) != active0) {
		snprintf(why, size,
			 "user_events_status: %d events of the test (\"%s\"), Active %ld (at the start %ld)",
			 n, n ? first : "", active(buf), active0);
		return -1;
	}
	n = list_events(TRACEFS "/events/user_events", names, 8);
	n += list_events(TRACEFS "/events/user_events_multi", names + n, 8 - n);
	if (n) {
		snprintf(why, size, "%d event directories left, %s", n, names[0]);
		return -1;
	}
	read_file(DYN_FILE, buf, sizeof(buf));
	if (mentions(buf, first, sizeof(first))) {
		snprintf(why, size, "dynamic_events: \"%s\"", first);
		return -1;
	}
	return 0;
}

static pid_t start(const char *name, void (*fn)(void), __u64 seed)
{
	pid_t pid = fork();

	if (pid < 0) {
		bad("fork: %s", ename(errno));
		return pid;
	}
	if (!pid) {
		who = name;
		rng = seed * 0x9e3779b97f4a7c15ull + getpid();
		fn();
		fflush(stdout);
		_exit(0);
	}
	return pid;
}

static void top_toggler(void)
{
	toggler(TRACEFS, C_ENABLE);
}

static void inst_toggler(void)
{
	toggler(INSTANCE, C_INST_EN);
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 20;
	__u64 seed = argc > 2 ? strtoull(argv[2], NULL, 0) : (__u64)time(NULL);
	static const struct {
		const char *name;
		void (*fn)(void);
	} roles[] = {
		{ "registrar", registrar },
		{ "registrar", registrar },
		{ "persister", persister },
		{ "forker", forker },
		{ "toggler", top_toggler },
		{ "instance-toggler", inst_toggler },
		{ "perf", perfer },
	};
	static char buf[BUF_MAX];
	pid_t pids[16];
	char why[512];
	long active0 = -1;
	int i, n, ret = 0, e;
	struct stat st;
	struct timespec t0, t1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (stat(DATA_FILE, &st)) {
		printf("SKIP: no %s\n", DATA_FILE);
		return KSFT_SKIP;
	}
	if (read_file(STATUS_FILE, buf, sizeof(buf)) >= 0)
		active0 = active(buf);
	if (active0 < 0) {
		printf("FAIL: cannot read %s\n", STATUS_FILE);
		return 1;
	}
	if (leftovers(active0, why, sizeof(why))) {
		printf("FAIL: before the test: %s\n", why);
		return 1;
	}
	counts = mmap(NULL, sizeof(long) * C_NR, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (counts == MAP_FAILED)
		return 1;
	rmdir(INSTANCE);
	if (mkdir(INSTANCE, 0755)) {
		printf("FAIL: mkdir %s: %s\n", INSTANCE, strerror(errno));
		return 1;
	}
	printf("%d processes for %d s, seed %llu; user events at the start: %ld\n",
	       (int)ARRAY_SIZE(roles), secs,
	       (unsigned long long)seed, active0);
	deadline = time(NULL) + secs;
	for (i = 0; i < (int)ARRAY_SIZE(roles); i++)
		pids[i] = start(roles[i].name, roles[i].fn, seed + i);
	n = i;
	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			reap(pids[i], roles[i].name);
	printf("all processes reaped\n");

	/* the test's tracers off; the instance goes */
	for (i = 0; i < 2; i++) {
		static char names[256][NAME_LEN];
		const char *dir = i ? TRACEFS "/events/user_events_multi" :
			TRACEFS "/events/user_events";
		char path[512];
		int k, m = list_events(dir, names, 256);

		for (k = 0; k < m; k++) {
			snprintf(path, sizeof(path), "%s/%s/enable", dir, names[k]);
			/* an event the work item is removing may go meanwhile */
			e = write_file(path, "0");
			if (e && e != ENOENT)
				bad("disable %s: %s", path, ename(e));
		}
	}
	if (rmdir(INSTANCE))
		bad("rmdir %s at the end: %s", INSTANCE, ename(errno));
	/* the persistent events, by dynamic_events and by DIAG_IOCSDEL */
	for (i = 0; i < NEVS; i++) {
		char line[160];
		int fd;

		if (!evs[i].persist)
			continue;
		snprintf(line, sizeof(line), "-:%s %s\n", evs[i].name,
			 evs[i].fields);
		e = write_file(DYN_FILE, line);
		if (e && e != ENOENT)
			bad("at the end, dynamic_events \"-:%s\": %s",
			    evs[i].name, ename(e));
		fd = open_data();
		if (ioctl(fd, DIAG_IOCSDEL, evs[i].name) == 0)
			bad("at the end, DIAG_IOCSDEL %s found it still", evs[i].name);
		else if (errno != ENOENT)
			bad("at the end, DIAG_IOCSDEL %s: %s", evs[i].name,
			    ename(errno));
		close(fd);
	}

	/* nothing left, allowing for the work item that removes an event
	 * whose last user was a tracer
	 */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < 500 && leftovers(active0, why, sizeof(why)); i++)
		usleep(10000);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (i == 500) {
		bad("left behind after 5 s: %s", why);
		read_file(STATUS_FILE, buf, sizeof(buf));
		printf("user_events_status:\n%s", buf);
		read_file(DYN_FILE, buf, sizeof(buf));
		printf("dynamic_events:\n%s", buf);
	} else {
		printf("nothing left behind (after %ld ms)\n",
		       (t1.tv_sec - t0.tv_sec) * 1000 +
		       (t1.tv_nsec - t0.tv_nsec) / 1000000);
	}

	for (i = 0; i < C_NR; i++)
		printf("%10ld  %s\n", counts[i], cnames[i]);
	if (counts[C_REG] < 100 || counts[C_WRITE] < 100 || counts[C_PERF] < 10 ||
	    counts[C_ENABLE] < 10 || counts[C_FORK] < 10) {
		printf("FAIL: too little done to mean anything\n");
		ret = 1;
	}
	if (counts[C_BAD])
		ret = 1;
	return ret;
}
