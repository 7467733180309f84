/* SPDX-License-Identifier: MIT */
/*
 * Checked copies to and from the calling process's memory (base/user_copy.h).
 *
 * Three ways, cheapest first:
 *  - the calling thread's live stack (most ioctl argument structs): memcpy;
 *  - big copies (pread/pwrite payloads, relocation arrays): memcpy under a
 *    fault guard, the kernel's exception-table idea done with signals. For
 *    the length of the copy our SIGSEGV/SIGBUS handler stands in front of the
 *    program's; a fault inside a guarded copy jumps back out as -EFAULT, any
 *    other fault is passed on to the handler that was there before (or gets
 *    the default action), so the program sees its own handlers as before.
 *    The handler is installed when the first guarded copy starts and the
 *    program's is put back when the last one ends; if the program installed
 *    a handler of its own meanwhile, that one is kept.
 *  - everything else, and every copy under valgrind (memcheck would report
 *    the faulting access before our handler saw it): process_vm_readv/writev
 *    on our own process, where the kernel itself finds the bad pages. It pins
 *    every page, which makes it about four times slower than memcpy.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "base/user_copy.h"
#include "base/valgrind_hide.h"

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

/* --- guarded copies --------------------------------------------------------- */

/* Below this a process_vm call costs about what installing the guard does. */
#define GUARD_MIN 4096

static __thread sigjmp_buf *guard_jmp;		/* set while this thread copies under the guard */
static __thread const void *guard_fault;	/* where the guarded copy faulted */
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned guard_users;
static struct sigaction guard_saved[2];		/* the program's SIGSEGV and SIGBUS actions */

static void guard_handler(int sig, siginfo_t *si, void *uc)
{
	sigjmp_buf *jmp = guard_jmp;
	if (jmp) {
		guard_jmp = NULL;
		guard_fault = si->si_addr;
		siglongjmp(*jmp, 1);
	}
	/* Not ours: whatever the program asked for happens. */
	const struct sigaction *old = &guard_saved[sig == SIGBUS];
	if (old->sa_flags & SA_SIGINFO) {
		old->sa_sigaction(sig, si, uc);
	} else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
	} else {
		/* A fault comes back when we return, and then meets the default; a sent signal is resent. */
		sigaction(sig, old, NULL);
		if (si->si_code <= 0)
			raise(sig);
	}
}

static void guard_enter(void)
{
	pthread_mutex_lock(&guard_lock);
	if (guard_users++ == 0) {
		struct sigaction sa = { .sa_sigaction = guard_handler };
		sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;	/* NODEFER: the jump out needs no mask restore */
		sigemptyset(&sa.sa_mask);
		sigaction(SIGSEGV, &sa, &guard_saved[0]);
		sigaction(SIGBUS, &sa, &guard_saved[1]);
	}
	pthread_mutex_unlock(&guard_lock);
}

static void guard_leave(void)
{
	static const int sigs[2] = { SIGSEGV, SIGBUS };
	pthread_mutex_lock(&guard_lock);
	if (--guard_users == 0) {
		for (int i = 0; i < 2; i++) {
			struct sigaction cur;
			sigaction(sigs[i], &guard_saved[i], &cur);
			if (!(cur.sa_flags & SA_SIGINFO) || cur.sa_sigaction != guard_handler)
				sigaction(sigs[i], &cur, NULL);	/* the program changed it meanwhile */
		}
	}
	pthread_mutex_unlock(&guard_lock);
}

/*
 * The guarded copy is the kernel's access to the caller's memory: a bad range must fault and
 * come back as EFAULT. Under AddressSanitizer memcpy checks the whole range first and reports
 * a range that runs into memory it does not own as an error instead, so there the copy is a
 * loop ASan does not instrument (and the compiler cannot turn back into memcpy).
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SHIM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SHIM_ASAN 1
#endif
#ifdef SHIM_ASAN
__attribute__((no_sanitize("address", "undefined"))) static void fault_copy(void *dst, const void *src, size_t len)
{
	if (!(((uintptr_t)dst | (uintptr_t)src | len) & 7)) {
		volatile uint64_t *d = dst;
		const volatile uint64_t *s = src;
		for (size_t i = 0; i < len / 8; i++)
			d[i] = s[i];
		return;
	}
	volatile uint8_t *d = dst;
	const volatile uint8_t *s = src;
	for (size_t i = 0; i < len; i++)
		d[i] = s[i];
}
#else
#define fault_copy memcpy
#endif

/* memcpy that turns a fault into -EFAULT (on the user's side) or -ENOMEM (on ours: the memory file is full). */
static __attribute__((noinline)) int guarded_memcpy(void *dst, const void *src, size_t len, const void *user)
{
	sigjmp_buf jmp;
	if (!user)
		return -EFAULT;		/* page 0 is not mapped; and memcpy() may not be given NULL */
	if (sigsetjmp(jmp, 0)) {
		uintptr_t a = (uintptr_t)guard_fault, u = (uintptr_t)user;
		return a >= u && a - u < len ? -EFAULT : -ENOMEM;
	}
	guard_jmp = &jmp;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	fault_copy(dst, src, len);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	guard_jmp = NULL;
	return 0;
}

static int guarded_copy(void *dst, const void *src, size_t len, const void *user)
{
	guard_enter();
	int ret = guarded_memcpy(dst, src, len, user);
	guard_leave();
	return ret;
}

static bool use_guard(size_t len)
{
#ifdef HAVE_VALGRIND_MEMCHECK_H
	if (RUNNING_ON_VALGRIND)
		return false;
#endif
	return len >= GUARD_MIN;
}

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
	if (use_guard(len))
		return guarded_copy(dst, (const void *)(uintptr_t)uptr, len, (const void *)(uintptr_t)uptr);
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
	if (use_guard(len))
		return guarded_copy((void *)(uintptr_t)uptr, src, len, (const void *)(uintptr_t)uptr);
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
