/* SPDX-License-Identifier: MIT */
/*
 * System calls by number for the shim itself. The shim interposes libc's syscall()
 * (os/interpose.c, for perf_event_open), so its own code must not call that symbol:
 * these reach the kernel directly, at any point of the shim's start, from any thread.
 */
#ifndef SHIM_RAW_SYSCALL_H
#define SHIM_RAW_SYSCALL_H

/* The kernel's result: -errno on failure (errno untouched). */
long shim_raw_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);
/* As syscall(3): -1 with errno on failure. */
long shim_syscall(long nr, ...);

#endif
