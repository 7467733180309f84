/* SPDX-License-Identifier: MIT */
/*
 * Trapped ranges: mappings whose every access is emulated, as a device's
 * registers answer loads and stores on real hardware (the MMIO BAR,
 * drm/pci_sysfs.c). A trapped range is a PROT_NONE mapping of this process;
 * an access to it raises SIGSEGV, and the fault guard's handler
 * (base/fault_guard.c), before anything else, asks shim_mmio_trap_fault
 * whether the fault is a trapped access. It is when the faulting instruction
 * is one of the moves base/x86_decode.h knows, its memory operand lies inside
 * one range and the protection the program asked for allows the access: the
 * range's access function performs it (with the offset into what the range
 * maps), the loaded value goes into the instruction's register in the
 * interrupted context, the context resumes after the instruction. Anything
 * else (another instruction, an access the protection refuses, an offset the
 * access function does not serve) is not a trapped access: the fault goes on
 * to the guards and then to the program's own SIGSEGV action, or the default
 * one, as if the shim were not there. Nothing is ever skipped.
 *
 * Every access costs a signal (a few microseconds): right for registers, which
 * programs read a few at a time, wrong for anything bulk.
 *
 * The table is this process's (fork copies it with the mappings); writers
 * (add, remove, protect) take a mutex, the handler reads it without a lock
 * (a sequence count per slot). Access functions run in the signal handler: they
 * must be async-signal-safe and take no lock. x86-64 only: elsewhere no range
 * can be added (-ENOSYS). Libc only.
 */
#ifndef SHIM_MMIO_TRAP_H
#define SHIM_MMIO_TRAP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One access of size 1, 2, 4 or 8 bytes at offset: a store of *value (its low size bytes), or
 * a load into *value. false: not served (the access faults as above). */
typedef bool (*shim_mmio_access_fn)(void *ctx, uint64_t offset, unsigned size, bool store,
				    uint64_t *value);

/*
 * [addr, addr+len), a PROT_NONE mapping of this process just made, becomes a trapped range
 * standing for [offset, offset+len) of what access serves, with the protection prot the
 * program asked for (PROT_READ: loads; PROT_WRITE: loads and stores, as on x86). Installs
 * the fault guard's handler if it is not yet. 0, -ENOMEM (the table is full), -ENOSYS.
 */
int shim_mmio_trap_add(void *addr, size_t len, uint64_t offset, int prot, shim_mmio_access_fn access,
		       void *ctx);

/* [addr, addr+len) was unmapped or mapped over: no part of it is trapped any more. Cheap
 * when nothing is trapped. */
void shim_mmio_trap_remove(void *addr, size_t len);

/* Does [addr, addr+len) overlap a trapped range? Cheap when nothing is trapped. */
bool shim_mmio_trap_overlaps(const void *addr, size_t len);

/* mprotect(2) of a span that overlaps trapped ranges: the span gets prot, except that its
 * trapped parts stay PROT_NONE on the host and record prot as what their accesses may do.
 * 0, or -1 with errno (mprotect's). */
int shim_mmio_trap_protect(void *addr, size_t len, int prot);

/* From the fault guard's handler: was this fault a trapped access? If so it has been done
 * and uc resumes after the instruction. */
bool shim_mmio_trap_fault(int sig, siginfo_t *si, void *uc);

#endif
