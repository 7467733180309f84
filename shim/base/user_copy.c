/* SPDX-License-Identifier: MIT */
/*
 * Checked copies to and from the calling process's memory (base/user_copy.h).
 *
 * Every copy is a memcpy under a fault guard (base/fault_guard.h), the
 * kernel's exception-table idea done with signals: no system call, whatever
 * the size. A fault on the caller's side of the copy is -EFAULT; a fault on
 * the shim's side is -ENOMEM when it is a SIGBUS (the memory file is on a
 * tmpfs that could not give the page: out of memory, as shmem would say),
 * -EFAULT otherwise. Any other fault is the program's, untouched.
 *
 * Under valgrind, memcheck would report a bad user pointer before the guard
 * saw the fault, so copies from anywhere but the live stack go through
 * process_vm_readv/writev on our own process, where the kernel finds the bad
 * pages (it pins every page: about four times slower than memcpy); when
 * those calls are denied (a seccomp profile: EPERM or ENOSYS), or refuse a
 * range memcheck still calls addressable (write-only memory, which they will
 * not read but the CPU and copy_from_user do), memcheck is asked whether the
 * caller's range is mapped, quietly, and the guarded memcpy does the rest (a
 * mapped but read-only page faults as it should).
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "base/fault_guard.h"
#include "base/signal_hold.h"
#include "base/user_copy.h"
#include "base/valgrind_hide.h"

#define USER_TOP 0x00007ffffffff000ull

#ifdef HAVE_VALGRIND_MEMCHECK_H
static struct { void *p; size_t len; } hidden[64];
static unsigned nhidden;
static pthread_mutex_t hidden_lock = PTHREAD_MUTEX_INITIALIZER;

void shim_valgrind_note_hidden(void *p, size_t len)
{
	shim_mutex_lock(&hidden_lock);
	if (nhidden < 64)
		hidden[nhidden++] = (typeof(hidden[0])){ p, len };
	shim_mutex_unlock(&hidden_lock);
}

/* Is [p, p+len) inside memory hidden from memcheck? Then a system call on it must unhide it. */
static bool in_hidden(const void *p, size_t len)
{
	uintptr_t a = (uintptr_t)p;
	for (unsigned i = 0; i < nhidden; i++)
		if (a >= (uintptr_t)hidden[i].p && a + len <= (uintptr_t)hidden[i].p + hidden[i].len)
			return true;
	return false;
}

static bool (*exit_busy)(void);

void shim_valgrind_exit_busy(bool (*busy)(void))
{
	__atomic_store_n(&exit_busy, busy, __ATOMIC_RELEASE);
}

/* The ranges stay no-access (so the leak check skips them); only reporting comes back,
 * unless an engine thread may still be reading them: then an error would be reported
 * for each of its reads (a race seen under check-valgrind). */
__attribute__((destructor)) static void unhide_at_exit(void)
{
	bool (*busy)(void) = __atomic_load_n(&exit_busy, __ATOMIC_ACQUIRE);
	if (busy && busy())
		return;
	for (unsigned i = 0; i < nhidden; i++)
		VALGRIND_ENABLE_ADDR_ERROR_REPORTING_IN_RANGE(hidden[i].p, hidden[i].len);
}
#else
static bool in_hidden(const void *p, size_t len)
{
	(void)p;
	(void)len;
	return false;
}
#endif

/* --- copies ---------------------------------------------------------------- */

static __thread uintptr_t stack_hi;	/* 0: not known yet; 1: unknown */

bool shim_access_ok(uint64_t uptr, uint64_t len)
{
	return uptr + len >= uptr && uptr + len <= USER_TOP;
}

/* A guarded memcpy, its fault put as the ioctl's errno (see above). */
static int guarded(void *dst, const void *src, size_t len, uint64_t uptr)
{
	struct shim_fault f;
	if (!shim_fault_memcpy(dst, src, len, &f))
		return 0;
	if (f.addr - (uintptr_t)uptr < len)
		return -EFAULT;
	return f.sig == SIGBUS ? -ENOMEM : -EFAULT;
}

/*
 * Under valgrind, is [uptr, uptr+len) addressable? memcheck answers without reporting
 * anything, so a copy from memory it knows to be unmapped is EFAULT before memcpy would
 * make it report an invalid access.
 */
static bool valgrind_addressable(uint64_t uptr, size_t len)
{
#ifdef HAVE_VALGRIND_MEMCHECK_H
	unsigned char vbits[4096];
	for (size_t off = 0; off < len; off += sizeof(vbits)) {
		size_t n = len - off < sizeof(vbits) ? len - off : sizeof(vbits);
		if (VALGRIND_GET_VBITS((const char *)(uintptr_t)uptr + off, vbits, n) == 3)
			return false;
	}
#else
	(void)uptr;
	(void)len;
#endif
	return true;
}

static bool under_valgrind(void)
{
#ifdef HAVE_VALGRIND_MEMCHECK_H
	return RUNNING_ON_VALGRIND;
#else
	return false;
#endif
}

/* Is [p, p+len) inside the live part of this thread's stack? */
static bool on_live_stack(uint64_t p, size_t len)
{
	volatile char here;
	uintptr_t sp = (uintptr_t)&here;

	if (!stack_hi) {
		pthread_attr_t attr;
		void *addr;
		size_t size;
		stack_hi = 1;
		if (pthread_getattr_np(pthread_self(), &attr) == 0) {
			if (pthread_attr_getstack(&attr, &addr, &size) == 0)
				stack_hi = (uintptr_t)addr + size;
			pthread_attr_destroy(&attr);
		}
	}
	return p >= sp && p + len >= p && p + len <= stack_hi;
}

static void touch_fn(void *arg)
{
	const size_t *range = arg;
	volatile const char *p = (const char *)range[0];
	for (size_t off = 0; off < range[1]; off += 4096)
		(void)p[off];
	(void)p[range[1] - 1];
}

/*
 * process_vm_* failed part-way: whose page was bad? Ours is read under a guard (memcheck
 * does not report reads of hidden memory); if it is fine, the caller's was (-EFAULT).
 */
static int vm_failure(const void *ours, size_t len)
{
	size_t range[2] = { (uintptr_t)ours, len };
	return shim_fault_call(touch_fn, range, NULL, NULL) == SIGBUS ? -ENOMEM : -EFAULT;
}

/* dir 0: from the user into ours; 1: from ours to the user. */
static int copy_user(void *ours, uint64_t uptr, size_t len, int to_user)
{
	void *user = (void *)(uintptr_t)uptr;
	if (!len)
		return 0;
	if (!uptr || !shim_access_ok(uptr, len))
		return -EFAULT;
	if (!under_valgrind() || on_live_stack(uptr, len))
		return to_user ? guarded(user, ours, len, uptr) : guarded(ours, user, len, uptr);
	struct iovec local = { ours, len }, remote = { user, len };
	bool hidden = in_hidden(ours, len);
	if (hidden)
		shim_valgrind_unhide(ours, len);
	ssize_t n = to_user ? process_vm_writev(getpid(), &local, 1, &remote, 1, 0)
			    : process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
	int err = errno;
	if (hidden)
		shim_valgrind_rehide(ours, len);
	if (n < 0 && (err == ENOSYS || err == EPERM)) {	/* denied: the guard does it, as without valgrind */
		if (!valgrind_addressable(uptr, len))
			return -EFAULT;
		return to_user ? guarded(user, ours, len, uptr) : guarded(ours, user, len, uptr);
	}
	if (n != (ssize_t)len) {
		int ret = vm_failure(ours, len);
		/* process_vm_* go by the mapping's flags: write-only memory (no VM_READ) is refused,
		 * though the CPU reads it (x86 pages cannot be write-only) and so does the kernel's
		 * copy_from_user. Memory memcheck calls addressable gets the guarded memcpy, which
		 * faults (EFAULT) only where the kernel's copy would. */
		if (ret == -EFAULT && valgrind_addressable(uptr, len))
			return to_user ? guarded(user, ours, len, uptr) : guarded(ours, user, len, uptr);
		return ret;
	}
	if (to_user)
		shim_valgrind_defined(user, len);
	return 0;
}

int shim_copy_from_user(void *dst, uint64_t uptr, size_t len)
{
	return copy_user(dst, uptr, len, 0);
}

int shim_copy_to_user(uint64_t uptr, const void *src, size_t len)
{
	return copy_user((void *)src, uptr, len, 1);
}
