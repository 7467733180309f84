/* SPDX-License-Identifier: MIT */
/*
 * The interposed signal-disposition calls: sigaction(2), signal(3),
 * bsd_signal(3) and sysv_signal(3). Once the shim's fault guard has its
 * SIGSEGV/SIGBUS handler in place (base/fault_guard.h), the program's own
 * actions for those two signals are kept there, so that the program reads
 * back and replaces its own handlers while the guard's stays in front. The
 * handlers of asynchronous signals go behind base/signal_hold.h's
 * trampoline, which holds a signal while its thread is inside a locked
 * section; SIG_DFL and SIG_IGN, and the other faults, pass straight through.
 * Nothing here holds state of its own.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>

#include "base/fault_guard.h"
#include "base/signal_hold.h"
#include "base/real.h"
#include "os/interpose.h"

SHIM_EXPORT int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	int ret;
	if (shim_fault_program_action(sig, act, old))
		return 0;
	if (shim_signal_program_action(sig, act, old, &ret))
		return ret;
	shim_ensure_real();
	if (!shim_real.sigaction) {
		errno = ENOSYS;
		return -1;
	}
	return shim_real.sigaction(sig, act, old);
}

/*
 * signal(3) and its variants, as the sigaction glibc would make of them: BSD
 * semantics (blocked in its handler, restarting) or System V (one-shot, not
 * blocked, not restarting), for SIGSEGV and SIGBUS under the guard and for the
 * signals held in locked sections (base/signal_hold.h). Otherwise the real function.
 */
static bool guarded_handler(int sig, __sighandler_t handler, bool sysv, __sighandler_t *old_handler)
{
	struct sigaction act, old;
	if (handler == SIG_ERR)
		return false;
	memset(&act, 0, sizeof(act));
	act.sa_handler = handler;
	sigemptyset(&act.sa_mask);
	if (sysv) {
		act.sa_flags = SA_RESETHAND | SA_NODEFER;
	} else {
		sigaddset(&act.sa_mask, sig);
		act.sa_flags = SA_RESTART;
	}
	int ret = 0;
	if (!shim_fault_program_action(sig, &act, &old) && !shim_signal_program_action(sig, &act, &old, &ret))
		return false;
	*old_handler = ret ? SIG_ERR : old.sa_handler;
	return true;
}

SHIM_EXPORT __sighandler_t signal(int sig, __sighandler_t handler)
{
	__sighandler_t old;
	if (guarded_handler(sig, handler, false, &old))
		return old;
	shim_ensure_real();
	if (!shim_real.signal) {
		errno = ENOSYS;
		return SIG_ERR;
	}
	return shim_real.signal(sig, handler);
}

SHIM_EXPORT __sighandler_t bsd_signal(int sig, __sighandler_t handler)
{
	return signal(sig, handler);
}

SHIM_EXPORT __sighandler_t sysv_signal(int sig, __sighandler_t handler)
{
	__sighandler_t old;
	if (guarded_handler(sig, handler, true, &old))
		return old;
	shim_ensure_real();
	if (!shim_real.sysv_signal) {
		errno = ENOSYS;
		return SIG_ERR;
	}
	return shim_real.sysv_signal(sig, handler);
}

SHIM_EXPORT __sighandler_t __sysv_signal(int sig, __sighandler_t handler)
{
	return sysv_signal(sig, handler);
}
