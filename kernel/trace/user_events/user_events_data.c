// SPDX-License-Identifier: GPL-2.0
/*
 * user_events_data and user_events_status (the ABI is
 * include/uapi/linux/user_events.h; Documentation/trace/user_events.rst).
 *
 * Each open of user_events_data has its own list of events, the ones
 * registered through it; DIAG_IOCSREG returns an event's index in that
 * list, and a write starts with it:
 *
 *	write(fd, [int index][payload], ...)	one record of event @index
 *
 * The payload is the record after its common header: the fields in
 * order, packed, then the data of __data_loc/__rel_loc fields.  A write
 * is checked in this order: the index (-EFAULT if there are not 4 bytes,
 * -EINVAL if negative, -ENOENT if unknown), the length (-EINVAL below
 * the fields' size), whether anyone traces the event (-EBADF), then, per
 * tracer, the copy and the data locations (-EFAULT: the record is
 * dropped).  It returns the whole length, index included.
 *
 * The list grows by RCU replacement under ue_reg_mutex; a write reads it
 * under RCU.  The events on it hold a reference each until the last
 * close.  Registrations, unregistrations, deletes and closes are
 * serialised by ue_reg_mutex.
 *
 * Contexts: process context.  Records are written with preemption
 * disabled and page faults off (the payload was faulted in first; a page
 * that went meanwhile drops the record with -EFAULT).  write(2) copies
 * straight from the user buffer, writev(2) through its iterator.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/pagemap.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/unaligned.h>

#include "fs/trace_fs.h"
#include "instance/trace_array.h"
#include "tracers/trace_opts.h"
#include "write/trace_write.h"
#include "user_event.h"

struct ue_refs {
	struct rcu_head		rcu;
	int			n;
	struct user_event	*ev[];
};

struct ue_file {
	struct ue_refs __rcu	*refs;		/* ue_reg_mutex; RCU */
};

/* ---- writing a record ---------------------------------------------------- */

/*
 * The payload of a write: the user buffer of write(2), or the iterator of
 * writev(2) (which each tracer copies from afresh).
 */
struct ue_payload {
	const void __user	*ubuf;		/* NULL: @iter */
	const struct iov_iter	*iter;
	size_t			len;
};

/* Copy the payload to @dst without faulting; false if short. */
static bool ue_copy_nofault(void *dst, const struct ue_payload *p)
{
	struct iov_iter it;
	size_t done;

	pagefault_disable();
	if (p->ubuf) {
		done = p->len - __copy_from_user_inatomic(dst, p->ubuf, p->len);
	} else {
		it = *p->iter;
		done = copy_from_iter(dst, p->len, &it);
	}
	pagefault_enable();
	return done == p->len;
}

/*
 * Check the data locations of the record @rec of @size bytes: each loc
 * word's data must lie inside the record, and a string's must end in NUL.
 */
static bool ue_locs_valid(const struct ue_fields *fs, const u8 *rec, u32 size)
{
	unsigned int i;

	for (i = 0; i < fs->n; i++) {
		const struct ue_field *f = &fs->f[i];
		u32 loc, start, len;

		if (f->loc == UE_LOC_NONE)
			continue;
		loc = get_unaligned((const u32 *)(rec + f->offset));
		start = loc & 0xffff;
		len = loc >> 16;
		if (f->loc == UE_LOC_REL)
			start += f->offset + sizeof(u32);
		if (start + len > size)
			return false;
		/* the string's last byte; an empty one's is the byte before */
		if (f->loc_str && (start + len == 0 || rec[start + len - 1]))
			return false;
	}
	return true;
}

static void ue_write_ftrace(struct user_event *ue, struct trace_event_file *file,
			    const struct ue_payload *p, bool *faulted)
{
	size_t len = p->len;
	struct trace_event_buffer fb;
	u8 *rec;

	if (trace_trigger_soft_disabled(file))
		return;
	rec = trace_event_buffer_reserve(&fb, file,
					 sizeof(struct trace_entry) + len);
	if (!rec)
		return;
	if (!ue_copy_nofault(rec + sizeof(struct trace_entry), p) ||
	    (ue->fields->has_locs &&
	     !ue_locs_valid(ue->fields, rec, sizeof(struct trace_entry) + len))) {
		trace_write_discard(fb.buffer, fb.event);
		*faulted = true;
		return;
	}
	trace_event_buffer_commit(&fb);
}

#ifdef CONFIG_PERF_EVENTS
static void ue_write_perf(struct user_event *ue, const struct ue_payload *p,
			  bool *faulted)
{
	struct hlist_head *head = this_cpu_ptr(ue->call.perf_events);
	u32 size = sizeof(struct trace_entry) + p->len;
	struct pt_regs *regs;
	int rctx;
	u8 *rec;

	/* records perf cannot take are not offered (no warning) */
	if (hlist_empty(head) || ALIGN(size, sizeof(u64)) > PERF_MAX_TRACE_SIZE)
		return;
	rec = perf_trace_buf_alloc(ALIGN(size, sizeof(u64)), &regs, &rctx);
	if (!rec)
		return;
	perf_fetch_caller_regs(regs);
	if (!ue_copy_nofault(rec + sizeof(struct trace_entry), p) ||
	    (ue->fields->has_locs && !ue_locs_valid(ue->fields, rec, size))) {
		perf_swevent_put_recursion_context(rctx);
		*faulted = true;
		return;
	}
	perf_trace_buf_submit(rec, size, rctx, ue->call.event.type, 1, regs,
			      head, NULL);
}
#else
static void ue_write_perf(struct user_event *ue, const struct ue_payload *p,
			  bool *faulted)
{
}
#endif

/* Write one record of event @idx; @count (index included) on success. */
static ssize_t ue_data_record(struct ue_file *uf, int idx,
			      const struct ue_payload *p, size_t count)
{
	struct user_event *ue = NULL;
	struct trace_event_fileset *set;
	bool faulted = false;
	struct ue_refs *refs;
	unsigned int i;
	int status;

	if (idx < 0)
		return -EINVAL;
	/* the list only grows while the file is open: its events stay */
	rcu_read_lock();
	refs = rcu_dereference(uf->refs);
	if (refs && idx < refs->n)
		ue = refs->ev[idx];
	rcu_read_unlock();
	if (!ue)
		return -ENOENT;

	if (p->len < ue->fields->min_size)
		return -EINVAL;
	status = READ_ONCE(ue->status);
	if (!status)
		return -EBADF;
	if (p->ubuf ? fault_in_readable((const char __user *)p->ubuf, p->len) :
		      fault_in_iov_iter_readable(p->iter, p->len))
		return -EFAULT;

	/* preemption off: the write path's rule, and RCU for the set */
	scoped_guard(preempt_notrace) {
		set = rcu_dereference_sched(ue->files);
		for (i = 0; set && i < set->n; i++)
			ue_write_ftrace(ue, set->file[i], p, &faulted);
		if (status & UE_USED_PERF)
			ue_write_perf(ue, p, &faulted);
	}
	return faulted ? -EFAULT : count;
}

/* write(2): the buffer is used as it is (vfs_write() checked its range). */
static ssize_t ue_data_write(struct file *file, const char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct ue_payload p = {
		.ubuf	= buf + sizeof(int),
		.len	= count - sizeof(int),
	};
	int idx;

	if (*ppos || count < sizeof(idx) || get_user(idx, (int __user *)buf))
		return -EFAULT;
	return ue_data_record(file->private_data, idx, &p, count);
}

/* writev(2): the index may straddle vectors like the payload. */
static ssize_t ue_data_write_kiocb(struct kiocb *kp, struct iov_iter *from)
{
	size_t count = iov_iter_count(from);
	struct ue_payload p = { .iter = from };
	int idx;

	if (copy_from_iter(&idx, sizeof(idx), from) != sizeof(idx))
		return -EFAULT;
	p.len = iov_iter_count(from);
	return ue_data_record(kp->ki_filp->private_data, idx, &p, count);
}

/* ---- the ioctls ----------------------------------------------------------- */

/* @ue's index in @uf's list, adding it (with a reference) if new. */
static int ue_file_index(struct ue_file *uf, struct user_event *ue)
{
	struct ue_refs *old, *refs;
	int i, n;

	old = rcu_dereference_protected(uf->refs, lockdep_is_held(&ue_reg_mutex));
	n = old ? old->n : 0;
	for (i = 0; i < n; i++)
		if (old->ev[i] == ue)
			return i;
	refs = kmalloc(struct_size(refs, ev, n + 1), GFP_KERNEL_ACCOUNT);
	if (!refs)
		return -ENOMEM;
	refs->n = n + 1;
	if (n)
		memcpy(refs->ev, old->ev, n * sizeof(*refs->ev));
	refs->ev[n] = ue;
	ue_event_get_ref(ue);
	rcu_assign_pointer(uf->refs, refs);
	if (old)
		kfree_rcu(old, rcu);
	return n;
}

static long ue_ioctl_reg(struct ue_file *uf, struct user_reg __user *ureg)
{
	struct user_event *ue;
	struct user_reg reg;
	unsigned long addr;
	char *desc;
	u32 size;
	int ret, idx;

	if (get_user(size, &ureg->size))
		return -EFAULT;
	if (size > PAGE_SIZE)
		return -E2BIG;
	if (size < offsetofend(struct user_reg, write_index))
		return -EINVAL;
	ret = copy_struct_from_user(&reg, sizeof(reg), ureg, size);
	if (ret)
		return ret;
	if (reg.flags & ~(USER_EVENT_REG_MAX - 1))
		return -EINVAL;
	if (reg.enable_size != 4 &&
	    !(IS_ENABLED(CONFIG_64BIT) && reg.enable_size == 8))
		return -EINVAL;
	if (reg.enable_addr % reg.enable_size)
		return -EINVAL;
	if (reg.enable_bit >= reg.enable_size * BITS_PER_BYTE)
		return -EINVAL;
	addr = (unsigned long)reg.enable_addr;
	if (addr != reg.enable_addr ||
	    !access_ok((void __user *)addr, reg.enable_size))
		return -EFAULT;
	ret = ue_enabler_check(addr, reg.enable_bit);
	if (ret)
		return ret;

	desc = strndup_user(u64_to_user_ptr(reg.name_args), UE_DESC_MAX);
	if (IS_ERR(desc))
		return PTR_ERR(desc);
	ret = ue_event_get(desc, reg.flags, &ue);
	kfree(desc);
	if (ret)
		return ret;
	idx = ue_file_index(uf, ue);
	ue_event_put(ue);	/* the list and the enabler hold their own */
	if (idx < 0)
		return idx;
	ret = ue_enabler_add(ue, addr, reg.enable_bit, reg.enable_size);
	if (ret)
		return ret;
	put_user((u32)idx, &ureg->write_index);
	return 0;
}

static long ue_ioctl_unreg(struct user_unreg __user *uarg)
{
	struct user_unreg unreg;
	u32 size;
	int ret;

	if (get_user(size, &uarg->size))
		return -EFAULT;
	if (size > PAGE_SIZE)
		return -E2BIG;
	if (size < offsetofend(struct user_unreg, disable_addr))
		return -EINVAL;
	ret = copy_struct_from_user(&unreg, sizeof(unreg), uarg, size);
	if (ret)
		return ret;
	if (unreg.__reserved || unreg.__reserved2)
		return -EINVAL;
	return ue_enabler_del((unsigned long)unreg.disable_addr,
			      unreg.disable_bit);
}

static long ue_ioctl_del(const char __user *uname)
{
	char *name = strndup_user(uname, UE_DESC_MAX);
	int ret;

	if (IS_ERR(name))
		return PTR_ERR(name);
	ret = ue_event_delete(name);
	kfree(name);
	return ret;
}

static long ue_data_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct ue_file *uf = file->private_data;
	void __user *uarg = (void __user *)arg;

	guard(mutex)(&ue_reg_mutex);
	switch (cmd) {
	case DIAG_IOCSREG:
		return ue_ioctl_reg(uf, uarg);
	case DIAG_IOCSDEL:
		return ue_ioctl_del(uarg);
	case DIAG_IOCSUNREG:
		return ue_ioctl_unreg(uarg);
	}
	return -ENOTTY;
}

/* ---- open and close -------------------------------------------------------- */

static int ue_data_open(struct inode *inode, struct file *file)
{
	struct ue_file *uf;
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	uf = kzalloc(sizeof(*uf), GFP_KERNEL_ACCOUNT);
	if (!uf)
		return -ENOMEM;
	file->private_data = uf;
	return 0;
}

static int ue_data_release(struct inode *inode, struct file *file)
{
	struct ue_file *uf = file->private_data;
	struct ue_refs *refs;
	int i;

	guard(mutex)(&ue_reg_mutex);
	refs = rcu_dereference_protected(uf->refs, true);
	for (i = 0; refs && i < refs->n; i++)
		ue_event_put(refs->ev[i]);
	kfree(refs);
	kfree(uf);
	return 0;
}

static const struct file_operations ue_data_fops = {
	.open		= ue_data_open,
	.release	= ue_data_release,
	.write		= ue_data_write,
	.write_iter	= ue_data_write_kiocb,
	.unlocked_ioctl	= ue_data_ioctl,
};

static int ue_status_seq_show(struct seq_file *m, void *v)
{
	guard(mutex)(&ue_reg_mutex);
	ue_status_show(m);
	return 0;
}

static int ue_status_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	return ret ?: single_open(file, ue_status_seq_show, NULL);
}

static const struct file_operations ue_status_fops = {
	.open		= ue_status_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static struct trace_readme_part ue_readme = {
	.rank	= TRACE_README_PROBES,
	.text	=
	"  user_events_data\t- register user events (ioctl) and write their records\n"
	"  user_events_status\t- the user events and who traces them\n"
	"\t\t\t  In dynamic_events: u:NAME [FIELD[; FIELD...]] makes a\n"
	"\t\t\t  persistent user event (CAP_PERFMON)\n",
};

int __init ue_data_init(void)
{
	trace_readme_add(&ue_readme);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("user_events_data", TRACE_MODE_WRITE, NULL, NULL,
			  &ue_data_fops);
	trace_create_file("user_events_status", TRACE_MODE_READ, NULL, NULL,
			  &ue_status_fops);
	return 0;
}
