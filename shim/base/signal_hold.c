/* SPDX-License-Identifier: MIT */
/*
 * Signals held during locked sections (base/signal_hold.h): the program's
 * actions (also those the fault guard keeps for SIGSEGV/SIGBUS), the
 * trampoline in front of its handlers, and each thread's held
 * signals (a few; a standard signal already held is not noted twice, as the
 * kernel would not queue it twice). Calls the real sigaction only.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/real.h"
#include "base/signal_hold.h"

#define SLOTS 16
#define HELD_MAX 4

static pthread_mutex_t actions_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction actions[NSIG][SLOTS];	/* per signal, a ring of the program's actions */
static unsigned action_index[NSIG];
static bool trampolined[NSIG];			/* our trampoline is installed for it */

struct held {
	int sig;
	siginfo_t info;
};
static __thread struct held held[HELD_MAX] __attribute__((tls_model("initial-exec")));
__thread unsigned shim_signal_hold_depth __attribute__((tls_model("initial-exec")));
__thread unsigned shim_signal_held_count __attribute__((tls_model("initial-exec")));
__thread unsigned shim_signal_handled_count __attribute__((tls_model("initial-exec")));
#define nheld shim_signal_held_count

static bool holdable(int sig)
{
	switch (sig) {
	case SIGSEGV: case SIGBUS: case SIGFPE: case SIGILL: case SIGTRAP: case SIGSYS:
	case SIGKILL: case SIGSTOP:
		return false;
	default:
		return sig > 0 && sig < NSIG;
	}
}

void shim_program_actions_lock(void)
{
	pthread_mutex_lock(&actions_lock);
}

void shim_program_actions_unlock(void)
{
	pthread_mutex_unlock(&actions_lock);
}

struct sigaction shim_program_action(int sig)
{
	return actions[sig][__atomic_load_n(&action_index[sig], __ATOMIC_ACQUIRE)];
}

void shim_program_action_publish(int sig, const struct sigaction *act)
{
	unsigned next = (action_index[sig] + 1) % SLOTS;
	actions[sig][next] = *act;
	__atomic_store_n(&action_index[sig], next, __ATOMIC_RELEASE);
}

static void run_program_handler(int sig, siginfo_t *si, void *uc)
{
	struct sigaction a = shim_program_action(sig);
	if (a.sa_handler == SIG_IGN)
		return;
	shim_signal_handled_count++;
	if (a.sa_handler == SIG_DFL) {
		/* Changed to the default as it arrived: the default it is. */
		struct sigaction dfl = { .sa_handler = SIG_DFL };
		sigemptyset(&dfl.sa_mask);
		shim_real_sigaction(sig, &dfl, NULL);
		raise(sig);
		return;
	}
	if (a.sa_flags & SA_RESETHAND) {
		/* One-shot: the kernel resets it as it delivers; ours stayed for a held signal. */
		struct sigaction dfl = { .sa_handler = SIG_DFL };
		sigemptyset(&dfl.sa_mask);
		shim_real_sigaction(sig, &dfl, NULL);
		shim_program_action_publish(sig, &dfl);
		__atomic_store_n(&trampolined[sig], false, __ATOMIC_RELEASE);
	}
	if (a.sa_flags & SA_SIGINFO)
		a.sa_sigaction(sig, si, uc);
	else
		a.sa_handler(sig);
}

static void trampoline(int sig, siginfo_t *si, void *uc)
{
	int saved_errno = errno;
	if (shim_signal_hold_depth) {
		bool noted = false;
		for (unsigned i = 0; i < nheld && sig < SIGRTMIN; i++)
			noted |= held[i].sig == sig;
		if (!noted && nheld < HELD_MAX) {
			held[nheld].sig = sig;
			held[nheld].info = *si;
			nheld++;
		}
	} else {
		run_program_handler(sig, si, uc);
	}
	errno = saved_errno;
}

bool shim_signal_program_action(int sig, const struct sigaction *act, struct sigaction *old, int *ret)
{
	if (!holdable(sig))
		return false;
	struct sigaction prev;
	memset(&prev, 0, sizeof(prev));
	*ret = 0;
	shim_program_actions_lock();
	bool ours = trampolined[sig];
	if (ours)
		prev = shim_program_action(sig);
	else if (shim_real_sigaction(sig, NULL, &prev))
		*ret = -1;
	if (act && !*ret) {
		if (act->sa_handler == SIG_DFL || act->sa_handler == SIG_IGN) {
			*ret = shim_real_sigaction(sig, act, NULL);
			if (!*ret) {
				shim_program_action_publish(sig, act);
				__atomic_store_n(&trampolined[sig], false, __ATOMIC_RELEASE);
			}
		} else {
			struct sigaction t = { .sa_sigaction = trampoline, .sa_mask = act->sa_mask,
					       .sa_flags = (act->sa_flags & ~SA_RESETHAND) | SA_SIGINFO };
			/* One-shot handlers are not blocked in themselves (SA_RESETHAND implies
			 * SA_NODEFER); the kernel's mask must stay what the program's gives. */
			if (act->sa_flags & SA_RESETHAND)
				t.sa_flags |= SA_NODEFER;
			shim_program_action_publish(sig, act);
			*ret = shim_real_sigaction(sig, &t, NULL);
			if (!*ret)
				__atomic_store_n(&trampolined[sig], true, __ATOMIC_RELEASE);
			else
				shim_program_action_publish(sig, &prev);
		}
	}
	shim_program_actions_unlock();
	if (old && !*ret)
		*old = prev;
	return true;
}

void shim_signal_release_held(void)
{
	while (nheld) {
		struct held h = held[0];
		nheld--;
		memmove(&held[0], &held[1], nheld * sizeof(held[0]));
		/* To this thread, with the sender's siginfo: the kernel runs the trampoline, now
		 * outside the section, as this call returns. */
		shim_syscall(SYS_rt_tgsigqueueinfo, getpid(), (pid_t)shim_syscall(SYS_gettid), h.sig, &h.info);
	}
}
