/*
 * Checked copies to and from the calling process's memory (user_copy.h).
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "user_copy.h"
#include "valgrind_hide.h"

#define USER_TOP 0x00007ffffffff000ull

#ifdef HAVE_VALGRIND_MEMCHECK_H
static struct { void *p; size_t len; } hidden[64];
static unsigned nhidden;
static pthread_mutex_t hidden_lock = PTHREAD_MUTEX_INITIALIZER;

void shim_valgrind_note_hidden(void *p, size_t len)
{
	pthread_mutex_lock(&hidden_lock);
	if (nhidden < 64)
		hidden[nhidden++] = (typeof(hidden[0])){ p, len };
	pthread_mutex_unlock(&hidden_lock);
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

/* The ranges stay no-access (so the leak check skips them); only reporting comes back. */
__attribute__((destructor)) static void unhide_at_exit(void)
{
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

static __thread uintptr_t stack_hi;	/* 0: not known yet; 1: unknown */

bool shim_access_ok(uint64_t uptr, uint64_t len)
{
	return uptr + len >= uptr && uptr + len <= USER_TOP;
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

int shim_copy_from_user(void *dst, uint64_t uptr, size_t len)
{
	if (!len)
		return 0;
	if (!shim_access_ok(uptr, len))
		return -EFAULT;
	if (on_live_stack(uptr, len)) {
		memcpy(dst, (const void *)(uintptr_t)uptr, len);
		return 0;
	}
	struct iovec local = { dst, len }, remote = { (void *)(uintptr_t)uptr, len };
	bool hidden_dst = in_hidden(dst, len);
	if (hidden_dst)
		shim_valgrind_unhide(dst, len);
	ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
	if (hidden_dst)
		shim_valgrind_rehide(dst, len);
	if (n < 0 && (errno == ENOSYS || errno == EPERM)) {
		memcpy(dst, (const void *)(uintptr_t)uptr, len);	/* no checked path here */
		return 0;
	}
	return n == (ssize_t)len ? 0 : -EFAULT;
}

int shim_copy_to_user(uint64_t uptr, const void *src, size_t len)
{
	if (!len)
		return 0;
	if (!shim_access_ok(uptr, len))
		return -EFAULT;
	if (on_live_stack(uptr, len)) {
		memcpy((void *)(uintptr_t)uptr, src, len);
		return 0;
	}
	struct iovec local = { (void *)src, len }, remote = { (void *)(uintptr_t)uptr, len };
	bool hidden_src = in_hidden(src, len);
	if (hidden_src)
		shim_valgrind_unhide((void *)src, len);
	ssize_t n = process_vm_writev(getpid(), &local, 1, &remote, 1, 0);
	if (hidden_src)
		shim_valgrind_rehide((void *)src, len);
	if (n < 0 && (errno == ENOSYS || errno == EPERM)) {
		memcpy((void *)(uintptr_t)uptr, src, len);
		return 0;
	}
	if (n == (ssize_t)len)
		shim_valgrind_defined((void *)(uintptr_t)uptr, len);
	return n == (ssize_t)len ? 0 : -EFAULT;
}
