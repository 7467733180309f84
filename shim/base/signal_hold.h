/* SPDX-License-Identifier: MIT */
/*
 * Signals held while a thread holds the device lock.
 *
 * The kernel runs a signal handler when the system call it interrupted has
 * returned, never inside it; a program's handler may therefore call close()
 * or ioctl() on a DRM fd (IGT's exit handlers close their device on SIGTERM
 * and SIGINT). In the shim a system call is code in the caller's thread, and
 * a handler that ran inside a locked section and entered the shim again
 * would wait forever for a lock its own thread holds (the device lock, the fd
 * table's, any of the shim's). So every handler the program installs for an
 * asynchronous signal is reached through a trampoline: while the thread holds
 * one of the shim's locks (each taken with shim_mutex_lock, or bracketed by
 * shim_signals_hold/unhold) it only notes the signal and its siginfo; when
 * the last is released, the thread sends the noted signals to itself again
 * and they reach the program's handler as they would have (rt_tgsigqueueinfo
 * keeps the sender's siginfo). Otherwise the trampoline calls the handler at
 * once. Waits are never inside a hold, so a signal still interrupts them. Faults (SIGSEGV, SIGBUS: the fault
 * guard's; SIGFPE, SIGILL, SIGTRAP, SIGSYS) are never held, since they come
 * back at once.
 *
 * The program's actions are kept here, published like the fault guard's (a
 * fresh slot of a small ring per change), so reading them back with
 * sigaction() gives what the program set. Libc only.
 */
#ifndef SHIM_SIGNAL_HOLD_H
#define SHIM_SIGNAL_HOLD_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>

/*
 * The program's actions for the signals whose handler in the kernel is one of
 * the shim's (this trampoline's, the fault guard's): one ring of slots per
 * signal, each change written to a fresh slot and then published, so a
 * handler reads them without a lock. Writers hold the actions lock; a handler
 * may publish without it (a one-shot action resetting itself).
 */
void shim_program_actions_lock(void);
void shim_program_actions_unlock(void);
struct sigaction shim_program_action(int sig);
void shim_program_action_publish(int sig, const struct sigaction *act);

/*
 * sigaction() for a signal this module holds: sets act (may be NULL), old gets
 * the program's previous action (may be NULL). False when sig is not one it
 * holds (the caller passes the call on); else *ret is sigaction's result.
 */
bool shim_signal_program_action(int sig, const struct sigaction *act, struct sigaction *old, int *ret);

/* The shim's locks this thread holds, and whether a signal waits for them to go. */
extern __thread unsigned shim_signal_hold_depth __attribute__((tls_model("initial-exec")));
extern __thread unsigned shim_signal_held_count __attribute__((tls_model("initial-exec")));

/*
 * Handlers of the program's this thread has run, counted: a wait the shim makes
 * in user space (a spin before poll(2) sleeps, os/interpose_poll.c) ends with
 * EINTR when one ran meanwhile, as the system call would have.
 */
extern __thread unsigned shim_signal_handled_count __attribute__((tls_model("initial-exec")));

/* The signals held meanwhile go to the program (the last hold was released). */
void shim_signal_release_held(void);

static inline void shim_signals_hold(void)
{
	shim_signal_hold_depth++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static inline void shim_signals_unhold(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	if (--shim_signal_hold_depth == 0 && shim_signal_held_count)
		shim_signal_release_held();
}

/* A lock of the shim's: its holder's signals wait until it is released. */
static inline int shim_mutex_lock(pthread_mutex_t *m)
{
	shim_signals_hold();
	return pthread_mutex_lock(m);
}

static inline int shim_mutex_unlock(pthread_mutex_t *m)
{
	int ret = pthread_mutex_unlock(m);
	shim_signals_unhold();
	return ret;
}

#endif
