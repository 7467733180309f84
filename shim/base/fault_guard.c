/* SPDX-License-Identifier: MIT */
/*
 * Fault guards (base/fault_guard.h): one SIGSEGV/SIGBUS handler per process,
 * installed on first use and kept, and a per-thread stack of recovery points.
 *
 * The program's own actions for the two signals are kept once the handler is
 * in place: sigaction(2) and signal(3) are interposed (os/interpose.c) and
 * land in shim_fault_program_action, which keeps them in the store of
 * program actions that base/signal_hold.h has for every signal (lock-free
 * reads, so the handler can read them).
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include "base/fault_guard.h"
#include "base/mmio_trap.h"
#include "base/real.h"
#include "base/signal_hold.h"

struct guard {
	sigjmp_buf jmp;
	struct guard *prev;
	bool (*expects)(void *arg, uintptr_t addr);
	void *arg;
	int sig;
	uintptr_t addr;
};

/* This thread's innermost guard. Initial-exec: the module is loaded at start-up (preloaded),
 * and the handler must reach it without a call into the dynamic linker. */
static __thread struct guard *top __attribute__((tls_model("initial-exec")));
static __thread struct shim_fault last __attribute__((tls_model("initial-exec")));

struct shim_fault shim_fault_last(void)
{
	return last;
}

static int installed;

/* What the program wanted for a signal that was not a guarded call's fault. */
static void pass_on(int sig, siginfo_t *si, void *uc)
{
	struct sigaction a = shim_program_action(sig);
	bool fault = si->si_code > 0;	/* sent signals have SI_USER, SI_TKILL, SI_QUEUE (<= 0) */

	if (a.sa_handler == SIG_IGN && !fault)
		return;
	if (a.sa_handler == SIG_DFL || a.sa_handler == SIG_IGN) {
		/* The default action (a fault cannot be ignored): it comes back when we return,
		 * or, sent, is sent again; the process ends as it would have without us. */
		struct sigaction dfl = { .sa_handler = SIG_DFL };
		sigemptyset(&dfl.sa_mask);
		shim_real_sigaction(sig, &dfl, NULL);
		if (!fault)
			raise(sig);
		return;
	}
	if (a.sa_flags & SA_RESETHAND) {	/* one-shot: the kernel would reset it on delivery */
		struct sigaction dfl = { .sa_handler = SIG_DFL };
		sigemptyset(&dfl.sa_mask);
		shim_program_action_publish(sig, &dfl);
	}
	/* The mask the kernel would have set for that handler (ours runs with NODEFER and an
	 * empty mask, so that a jump out of a guard leaves the mask as it was). */
	sigset_t mask = a.sa_mask, old;
	if (!(a.sa_flags & SA_NODEFER))
		sigaddset(&mask, sig);
	pthread_sigmask(SIG_BLOCK, &mask, &old);
	if (a.sa_flags & SA_SIGINFO)
		a.sa_sigaction(sig, si, uc);
	else
		a.sa_handler(sig);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

bool shim_fault_as_outer(void *arg, uintptr_t addr)
{
	(void)arg;
	(void)addr;
	return false;	/* a marker: never called */
}

/* Does guard g (innermost first) expect a fault at addr? */
static bool expected(const struct guard *g, uintptr_t addr)
{
	while (g && g->expects == shim_fault_as_outer)
		g = g->prev;
	return g && (!g->expects || g->expects(g->arg, addr));
}

static void handler(int sig, siginfo_t *si, void *uc)
{
	int saved_errno = errno;
	if (shim_mmio_trap_fault(sig, si, uc)) {	/* an emulated register access: done */
		errno = saved_errno;
		return;
	}
	struct guard *g = top;
	if (g && si->si_code > 0 && expected(g, (uintptr_t)si->si_addr)) {
		top = g->prev;
		g->sig = sig;
		g->addr = (uintptr_t)si->si_addr;
		last = (struct shim_fault){ .sig = sig, .addr = g->addr };
		siglongjmp(g->jmp, 1);
	}
	/* Not a fault the guard expected: this thread's guards no longer stand (the program's
	 * handler may jump out of them). */
	top = NULL;
	pass_on(sig, si, uc);
	errno = saved_errno;
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void install(void)
{
	static const int sigs[2] = { SIGSEGV, SIGBUS };
	struct sigaction sa = { .sa_sigaction = handler };
	/* NODEFER and no mask: a jump out of a guard needs no mask restored (no system call);
	 * ONSTACK: the program's alternate stack, if it has one, serves its own handler too. */
	sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	shim_program_actions_lock();
	for (int i = 0; i < 2; i++) {
		struct sigaction before, old;
		memset(&before, 0, sizeof(before));
		shim_real_sigaction(sigs[i], NULL, &before);
		shim_program_action_publish(sigs[i], &before);
		if (shim_real_sigaction(sigs[i], &sa, &old) == 0 &&
		    (old.sa_handler != before.sa_handler || old.sa_flags != before.sa_flags))
			shim_program_action_publish(sigs[i], &old);	/* changed behind our back meanwhile */
	}
	__atomic_store_n(&installed, 1, __ATOMIC_RELEASE);
	shim_program_actions_unlock();
}

bool shim_fault_program_action(int sig, const struct sigaction *act, struct sigaction *old)
{
	if ((sig != SIGSEGV && sig != SIGBUS) || !__atomic_load_n(&installed, __ATOMIC_ACQUIRE))
		return false;
	shim_program_actions_lock();
	struct sigaction prev = shim_program_action(sig);
	if (act)
		shim_program_action_publish(sig, act);
	shim_program_actions_unlock();
	if (old)
		*old = prev;
	return true;
}

void shim_fault_install(void)
{
	if (!__atomic_load_n(&installed, __ATOMIC_ACQUIRE))
		pthread_once(&install_once, install);
}

int shim_fault_call(void (*fn)(void *arg), void *arg, bool (*expects)(void *arg, uintptr_t addr),
		    struct shim_fault *fault)
{
	struct guard g;
	if (!__atomic_load_n(&installed, __ATOMIC_ACQUIRE))
		pthread_once(&install_once, install);
	g.prev = top;
	g.expects = expects;
	g.arg = arg;
	g.sig = 0;
	g.addr = 0;
	if (sigsetjmp(g.jmp, 0)) {
		/* The handler popped the guard. */
		if (fault)
			*fault = (struct shim_fault){ .sig = g.sig, .addr = g.addr };
		return g.sig;
	}
	top = &g;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	fn(arg);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	top = g.prev;
	return 0;
}

struct copy {
	void *dst;
	const void *src;
	size_t len;
};

/*
 * A guarded copy is meant to fault on a bad range and come back. Under AddressSanitizer
 * memcpy checks the whole range first and reports memory it does not own as an error
 * instead, so there the copy is a loop ASan does not instrument (volatile, so the compiler
 * cannot turn it back into memcpy).
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
__attribute__((no_sanitize("address", "undefined"))) static void raw_copy(void *dst, const void *src, size_t len)
{
	volatile uint8_t *d = dst;
	const volatile uint8_t *s = src;
	for (size_t i = 0; i < len; i++)
		d[i] = s[i];
}
#else
#define raw_copy memcpy
#endif

static void copy_fn(void *arg)
{
	struct copy *c = arg;
	raw_copy(c->dst, c->src, c->len);
}

static bool copy_expects(void *arg, uintptr_t addr)
{
	struct copy *c = arg;
	return (addr - (uintptr_t)c->dst < c->len) || (addr - (uintptr_t)c->src < c->len);
}

int shim_fault_memcpy(void *dst, const void *src, size_t len, struct shim_fault *fault)
{
	if (!len)
		return 0;
	struct copy c = { dst, src, len };
	return shim_fault_call(copy_fn, &c, copy_expects, fault);
}
