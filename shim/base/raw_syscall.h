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
/* As syscall(3): -1 with errno on failure. A macro that pads the arguments to six, so that
 * nothing reads an argument its caller did not pass (va_arg would, past the caller's frame). */
long shim_syscall6(long nr, long a1, long a2, long a3, long a4, long a5, long a6);
#define shim_syscall(...) SHIM_SYSCALL_PAD_(__VA_ARGS__, 0, 0, 0, 0, 0, 0, 0)
#define SHIM_SYSCALL_PAD_(nr, a1, a2, a3, a4, a5, a6, ...) \
	shim_syscall6((long)(nr), (long)(a1), (long)(a2), (long)(a3), (long)(a4), (long)(a5), (long)(a6))

#endif
