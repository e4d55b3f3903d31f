// SPDX-License-Identifier: GPL-2.0
/*
 * Enablers: the bits user events keep in the memory of the processes
 * that registered them.
 *
 * A registration (DIAG_IOCSREG) names an address, a size (4 or 8 bytes)
 * and a bit; from then on the bit is 1 while the event is traced (an
 * instance records it, or perf has it open) and 0 while not.  The
 * enabler that says so belongs to the registering task's address space,
 * struct user_event_mm (<linux/user_events.h>), not to the file
 * descriptor: it lives until DIAG_IOCSUNREG, exec or exit, and a fork
 * copies it to the child's address space.
 *
 * Writing a bit (ue_bit_write()): the page is pinned without faulting
 * (FOLL_NOFAULT), mapped, and the bit set or cleared atomically in the
 * unsigned long that holds it; the rest of the user's word is left
 * alone.  A 4-byte word on a 64-bit kernel is a half of its aligned
 * long: which half, and so which bit of the long, depends on the byte
 * order.  A page that is not there (not yet touched, swapped, copy on
 * write after a fork) is faulted in:
 *
 *   - when the registering task itself asks (registration, unregistration),
 *     at once, up to UE_FAULT_TRIES times;
 *   - when a tracer switches the event on or off (ue_enablers_update(),
 *     called from the event's reg() with event_mutex held, for every
 *     address space): at once in the tracer's own address space, by a
 *     work item in the others: the enabler is marked FAULTING and
 *     skipped until the worker has faulted the page in and written the
 *     bit as it is then.  An enabler unregistered meanwhile is marked
 *     FREEING and the worker frees it.
 *
 * The sets (struct user_event_mm) are on ue_mms while a task uses them;
 * the list, every set's enablers and the enablers' flags are event_mutex's
 * (flags are changed with atomic bit operations all the same).  A set's
 * object lives while tasks point at it or a worker holds it; its mm is
 * grabbed for as long, and used only while it still has users
 * (mmget_not_zero()).
 *
 * Contexts: process context, all of it; the fork copy allocates without
 * sleeping.  Lock order: ue_reg_mutex -> event_mutex -> mmap_lock (read).
 */
#include <linux/highmem.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/user_events.h>
#include <linux/workqueue.h>

#include "user_event.h"

#define UE_FAULT_TRIES	10

/* enabler->flags: the bit number, then state bits. */
enum {
	UE_EN_BIT_MASK		= 63,
	UE_EN_FAULTING		= 6,	/* a worker is faulting the page in */
	UE_EN_FREEING		= 7,	/* unregistered: the worker frees it */
	UE_EN_WORD32		= 8,	/* a 4-byte word on a 64-bit kernel */
};

struct ue_enabler {
	struct list_head	link;		/* uem->enablers */
	struct user_event	*event;		/* holds a reference */
	unsigned long		addr;		/* as registered */
	unsigned long		flags;
};

struct ue_fault {
	struct work_struct	work;
	struct user_event_mm	*uem;		/* holds a reference */
	struct ue_enabler	*en;
	int			tries;
};

static LIST_HEAD(ue_mms);		/* event_mutex */
static struct kmem_cache *ue_fault_cache;

/* ---- writing a bit ---------------------------------------------------- */

/*
 * The long that holds bit @bit of the word at @addr, and the bit's
 * number in it.
 */
static void ue_bit_place(unsigned long *addr, int *bit, unsigned long flags)
{
	if (!(flags & BIT(UE_EN_WORD32)))
		return;
	if (*addr & 4) {
		*addr &= ~7UL;
		if (!IS_ENABLED(CONFIG_CPU_BIG_ENDIAN))
			*bit += 32;
	} else if (IS_ENABLED(CONFIG_CPU_BIG_ENDIAN)) {
		*bit += 32;
	}
}

/*
 * Set or clear the bit in @mm, without faulting.  mmap_lock held (read).
 * Return: 0, or -EFAULT when the page is not there to pin.
 */
static int ue_word_write(struct mm_struct *mm, unsigned long addr,
			 unsigned long flags, bool set)
{
	int bit = flags & UE_EN_BIT_MASK;
	unsigned long *word;
	struct page *page;
	void *kaddr;

	mmap_assert_locked(mm);
	ue_bit_place(&addr, &bit, flags);
	if (pin_user_pages_remote(mm, addr, 1, FOLL_WRITE | FOLL_NOFAULT,
				  &page, NULL) != 1)
		return -EFAULT;
	kaddr = kmap_local_page(page);
	word = kaddr + offset_in_page(addr);
	if (set)
		set_bit(bit, word);
	else
		clear_bit(bit, word);
	kunmap_local(kaddr);
	unpin_user_pages_dirty_lock(&page, 1, true);
	return 0;
}

/* Fault the page of @addr in for writing; mmap_lock not held. */
static int ue_fault_in(struct mm_struct *mm, unsigned long addr)
{
	bool unlocked = false;
	int ret;

	mmap_read_lock(mm);
	ret = fixup_user_fault(mm, addr, FAULT_FLAG_WRITE | FAULT_FLAG_REMOTE,
			       &unlocked);
	mmap_read_unlock(mm);
	return ret;
}

/*
 * Write the bit of @en in the caller's own address space as @set says,
 * faulting the page in as needed.  event_mutex held or not.
 */
static int ue_word_write_sync(unsigned long addr, unsigned long flags,
			      bool set)
{
	struct mm_struct *mm = current->mm;
	int tries, ret = -EFAULT;

	for (tries = 0; tries < UE_FAULT_TRIES; tries++) {
		mmap_read_lock(mm);
		ret = ue_word_write(mm, addr, flags, set);
		mmap_read_unlock(mm);
		if (ret != -EFAULT || ue_fault_in(mm, addr))
			break;
	}
	return ret;
}

static void ue_fault_fn(struct work_struct *work);

/* The page of @en is not there: have a worker fault it in. */
static void ue_fault_queue(struct user_event_mm *uem, struct ue_enabler *en,
			   int tries)
{
	struct ue_fault *f;

	if (tries >= UE_FAULT_TRIES)
		return;
	f = kmem_cache_zalloc(ue_fault_cache, GFP_NOWAIT | __GFP_NOWARN);
	if (!f)
		return;		/* the next change of state tries again */
	INIT_WORK(&f->work, ue_fault_fn);
	refcount_inc(&uem->refcnt);
	f->uem = uem;
	f->en = en;
	f->tries = tries;
	set_bit(UE_EN_FAULTING, &en->flags);
	schedule_work(&f->work);
}

/*
 * Make @en's bit say whether its event is traced; event_mutex held, the
 * mm in use.  A missing page of the caller's own address space (a
 * process switching its own event, whose page a fork left copy on
 * write) is faulted in at once, so that the bit is right when the
 * switch returns; any other goes to a worker.  The fault keeps
 * mmap_lock (no retry) and waits on no trace lock.
 */
static void ue_enabler_sync(struct user_event_mm *uem, struct ue_enabler *en,
			    int tries)
{
	bool set = READ_ONCE(en->event->status);
	int err;

	lockdep_assert_held(&event_mutex);
	if (en->flags & (BIT(UE_EN_FAULTING) | BIT(UE_EN_FREEING)))
		return;
	mmap_read_lock(uem->mm);
	err = ue_word_write(uem->mm, en->addr, en->flags, set);
	if (err && uem->mm == current->mm &&
	    !fixup_user_fault(uem->mm, en->addr,
			      FAULT_FLAG_WRITE | FAULT_FLAG_REMOTE, NULL))
		err = ue_word_write(uem->mm, en->addr, en->flags, set);
	if (err)
		ue_fault_queue(uem, en, tries);
	mmap_read_unlock(uem->mm);
}

/* ---- enablers and their sets ------------------------------------------ */

static void ue_enabler_free(struct ue_enabler *en)
{
	lockdep_assert_held(&event_mutex);
	list_del(&en->link);
	ue_event_put_locked(en->event);
	kfree(en);
}

static void ue_mm_destroy(struct user_event_mm *uem)
{
	struct ue_enabler *en, *tmp;

	mutex_lock(&event_mutex);
	list_for_each_entry_safe(en, tmp, &uem->enablers, link)
		ue_enabler_free(en);
	mutex_unlock(&event_mutex);
	mmdrop(uem->mm);
	kfree(uem);
}

static void ue_mm_put(struct user_event_mm *uem)
{
	if (refcount_dec_and_test(&uem->refcnt))
		ue_mm_destroy(uem);
}

static void ue_fault_fn(struct work_struct *work)
{
	struct ue_fault *f = container_of(work, struct ue_fault, work);
	struct user_event_mm *uem = f->uem;
	struct ue_enabler *en = f->en;
	int ret = -ENOENT;

	if (mmget_not_zero(uem->mm)) {
		ret = ue_fault_in(uem->mm, en->addr);
		mmput(uem->mm);
	}

	mutex_lock(&event_mutex);
	clear_bit(UE_EN_FAULTING, &en->flags);
	if (test_bit(UE_EN_FREEING, &en->flags)) {
		ue_enabler_free(en);
	} else if (!ret && refcount_read(&uem->tasks) &&
		   mmget_not_zero(uem->mm)) {
		ue_enabler_sync(uem, en, f->tries + 1);
		mmput_async(uem->mm);
	}
	mutex_unlock(&event_mutex);

	ue_mm_put(uem);
	kmem_cache_free(ue_fault_cache, f);
}

/**
 * ue_enablers_update - mirror @ue's state into every enabler of it
 * @ue: the event, whose status just changed
 *
 * From the event's reg(); event_mutex held.  Address spaces whose tasks
 * are gone are skipped.
 */
void ue_enablers_update(struct user_event *ue)
{
	struct user_event_mm *uem;
	struct ue_enabler *en;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(uem, &ue_mms, link) {
		if (!mmget_not_zero(uem->mm))
			continue;
		list_for_each_entry(en, &uem->enablers, link)
			if (en->event == ue)
				ue_enabler_sync(uem, en, 0);
		mmput_async(uem->mm);
	}
}

static struct user_event_mm *ue_mm_alloc(struct task_struct *t, gfp_t gfp)
{
	struct user_event_mm *uem = kzalloc(sizeof(*uem), gfp);

	if (!uem)
		return NULL;
	INIT_LIST_HEAD(&uem->link);
	INIT_LIST_HEAD(&uem->enablers);
	uem->mm = t->mm;
	mmgrab(uem->mm);
	refcount_set(&uem->refcnt, 1);
	refcount_set(&uem->tasks, 1);
	return uem;
}

/* The current task's set, made on first use. */
static struct user_event_mm *ue_mm_current(void)
{
	struct user_event_mm *uem = current->user_event_mm;

	if (uem)
		return uem;
	uem = ue_mm_alloc(current, GFP_KERNEL_ACCOUNT);
	if (!uem)
		return NULL;
	scoped_guard(mutex, &event_mutex)
		list_add(&uem->link, &ue_mms);
	current->user_event_mm = uem;
	return uem;
}

static struct ue_enabler *ue_enabler_find(struct user_event_mm *uem,
					  unsigned long addr, int bit)
{
	struct ue_enabler *en;

	list_for_each_entry(en, &uem->enablers, link)
		if (en->addr == addr && (en->flags & UE_EN_BIT_MASK) == bit)
			return en;
	return NULL;
}

/**
 * ue_enabler_check - may the current task register @addr and @bit?
 * @addr: the address of the word
 * @bit: the bit
 *
 * Makes the task's set if it has none.  Return: 0, -EADDRINUSE (the task
 * has an enabler there), -ENOMEM.
 */
int ue_enabler_check(unsigned long addr, int bit)
{
	struct user_event_mm *uem = ue_mm_current();

	if (!uem)
		return -ENOMEM;
	guard(mutex)(&event_mutex);
	return ue_enabler_find(uem, addr, bit) ? -EADDRINUSE : 0;
}

/**
 * ue_enabler_add - register @addr and @bit of the current task for @ue
 * @ue: the event (the enabler takes its own reference)
 * @addr: the address of the word, aligned to @size
 * @bit: the bit, below 8 * @size
 * @size: 4 or 8
 *
 * Writes the bit as the event's state is now.  ue_reg_mutex held, after
 * ue_enabler_check().  Return: 0, or -ENOMEM when the enabler could not
 * be made or its word not written.
 */
int ue_enabler_add(struct user_event *ue, unsigned long addr, int bit,
		   int size)
{
	struct user_event_mm *uem = current->user_event_mm;
	struct ue_enabler *en;
	int ret;

	if (!uem)
		return -ENOMEM;
	en = kzalloc(sizeof(*en), GFP_KERNEL_ACCOUNT);
	if (!en)
		return -ENOMEM;
	en->addr = addr;
	en->flags = bit;
	if (IS_ENABLED(CONFIG_64BIT) && size == 4)
		en->flags |= BIT(UE_EN_WORD32);
	en->event = ue;

	mutex_lock(&event_mutex);
	ue_event_get_ref(ue);
	list_add_tail(&en->link, &uem->enablers);
	ret = ue_word_write_sync(addr, en->flags, READ_ONCE(ue->status));
	if (ret)
		ue_enabler_free(en);
	mutex_unlock(&event_mutex);
	return ret ? -ENOMEM : 0;
}

/**
 * ue_enabler_del - DIAG_IOCSUNREG: unregister @addr and @bit
 * @addr: as registered
 * @bit: as registered
 *
 * The bit is cleared whatever the event's state.  Return: 0, -ENOENT
 * (no such enabler), or the error of clearing the bit.
 */
int ue_enabler_del(unsigned long addr, int bit)
{
	struct user_event_mm *uem = current->user_event_mm;
	struct ue_enabler *en;
	unsigned long flags;

	if (!uem)
		return -ENOENT;
	scoped_guard(mutex, &event_mutex) {
		en = ue_enabler_find(uem, addr, bit);
		if (!en)
			return -ENOENT;
		flags = en->flags;
		set_bit(UE_EN_FREEING, &en->flags);
		if (!test_bit(UE_EN_FAULTING, &en->flags))
			ue_enabler_free(en);
	}
	return ue_word_write_sync(addr, flags, false);
}

/**
 * user_event_mm_dup - give a forked child a copy of the parent's set
 * @t: the child (not running yet; it inherited the parent's pointer)
 * @old_mm: the parent's set
 *
 * Every enabler not being freed is copied for the child's own mm; if any
 * copy fails the child gets none.  Process context.
 */
void user_event_mm_dup(struct task_struct *t, struct user_event_mm *old_mm)
{
	struct user_event_mm *uem;
	struct ue_enabler *en, *copy;

	t->user_event_mm = NULL;
	uem = ue_mm_alloc(t, GFP_KERNEL_ACCOUNT);
	if (!uem)
		return;

	mutex_lock(&event_mutex);
	list_for_each_entry(en, &old_mm->enablers, link) {
		if (test_bit(UE_EN_FREEING, &en->flags))
			continue;
		copy = kzalloc(sizeof(*copy), GFP_KERNEL_ACCOUNT);
		if (!copy)
			goto fail;
		copy->addr = en->addr;
		copy->flags = en->flags & (UE_EN_BIT_MASK | BIT(UE_EN_WORD32));
		copy->event = en->event;
		ue_event_get_ref(copy->event);
		list_add_tail(&copy->link, &uem->enablers);
	}
	list_add(&uem->link, &ue_mms);
	t->user_event_mm = uem;
	mutex_unlock(&event_mutex);
	return;
fail:
	list_for_each_entry_safe(en, copy, &uem->enablers, link)
		ue_enabler_free(en);
	mutex_unlock(&event_mutex);
	mmdrop(uem->mm);
	kfree(uem);
}

/**
 * user_event_mm_remove - the task leaves its set (exec, exit)
 * @t: the task
 *
 * The last task's leaving takes the set off the list and drops its
 * enablers (and their events' references) once no worker holds it.
 * Process context.
 */
void user_event_mm_remove(struct task_struct *t)
{
	struct user_event_mm *uem = t->user_event_mm;
	bool last;

	t->user_event_mm = NULL;
	scoped_guard(mutex, &event_mutex) {
		last = refcount_dec_and_test(&uem->tasks);
		if (last)
			list_del_init(&uem->link);
	}
	if (last)
		ue_mm_put(uem);
}

int __init ue_enable_init(void)
{
	ue_fault_cache = KMEM_CACHE(ue_fault, 0);
	return ue_fault_cache ? 0 : -ENOMEM;
}
