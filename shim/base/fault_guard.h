/* SPDX-License-Identifier: MIT */
/*
 * Fault guards: running a piece of code so that a SIGSEGV or SIGBUS it takes
 * on memory it expects may be bad (the caller's pointers, object pages a full
 * tmpfs cannot back, a userptr range the program unmapped) comes back as a
 * return value instead of killing the process: the kernel's exception tables,
 * done with a signal handler and a per-thread recovery point (sigsetjmp).
 *
 * The handler is installed once per process, on the first guarded call, in
 * front of whatever the program had; from then on the program's own
 * SIGSEGV/SIGBUS actions are kept here (shim_fault_program_action, which the
 * interposed sigaction(2) and signal(3) call), so the program still sees and
 * changes its own handlers, and they still run for every fault that is not a
 * guarded call's: a fault outside any guard, or at an address the guard does
 * not expect, goes to the program's action (or the default one) as if the
 * shim were not there. Entering a guard costs no system call.
 *
 * Rules for guarded code: it touches memory and nothing else that a jump out
 * could leave half-done (no locks taken inside, no allocations that would
 * leak: allocate before, free after, or register them with the caller), and
 * it may nest. Libc only.
 *
 * Before guards and the program, the handler gives base/mmio_trap.h a look
 * at each fault: an access to a trapped range it emulates is no fault at all.
 */
#ifndef SHIM_FAULT_GUARD_H
#define SHIM_FAULT_GUARD_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

/* Where a guarded call faulted: the signal (SIGSEGV or SIGBUS) and the address. */
struct shim_fault {
	int sig;
	uintptr_t addr;
};

/*
 * Runs fn(arg) under a guard. Returns 0 when it ran to completion, or the
 * signal when it faulted at an address expects(arg, addr) accepts (NULL:
 * every address), with *fault filled (may be NULL). A fault expects refuses
 * is the program's, as above.
 */
int shim_fault_call(void (*fn)(void *arg), void *arg, bool (*expects)(void *arg, uintptr_t addr),
		    struct shim_fault *fault);

/* The last fault a guard of this thread caught (zeroes if none): for a caller whose callee
 * only says that it faulted. */
struct shim_fault shim_fault_last(void);

/*
 * Passed as expects: the guard expects what the guard around it expects (nothing
 * when there is none). For a layer whose guarded code keeps allocations to free
 * after a fault, inside a caller that knows which memory may fault.
 */
bool shim_fault_as_outer(void *arg, uintptr_t addr);

/* memcpy under a guard expecting faults anywhere in [dst, dst+len) and [src, src+len). 0 or the
 * signal, *fault filled. len 0 touches nothing. */
int shim_fault_memcpy(void *dst, const void *src, size_t len, struct shim_fault *fault);

/* Installs the handler now, if it is not yet: for a caller that needs it in front before
 * any guarded call (base/mmio_trap.h's ranges fault outside every guard). */
void shim_fault_install(void);

/*
 * The program's action for SIGSEGV or SIGBUS, as sigaction(2) has it: stores act
 * (unless NULL) and returns the previous one in old (unless NULL). Returns false,
 * doing nothing, for another signal or before the guard's handler is installed:
 * the caller then passes the call on to the system.
 */
bool shim_fault_program_action(int sig, const struct sigaction *act, struct sigaction *old);

#endif
