/* SPDX-License-Identifier: MIT */
/*
 * Copying between the caller's memory and the shim, as the kernel's
 * copy_from_user()/copy_to_user() do: a bad pointer is -EFAULT, never a
 * crash, and the program's own signal handlers see nothing of it. How each
 * copy is made safe (stack, fault-guarded memcpy, process_vm_readv/writev)
 * is explained in base/user_copy.c.
 */
#ifndef SHIM_USER_COPY_H
#define SHIM_USER_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The kernel's access_ok(): the range lies in the user half and does not wrap. */
bool shim_access_ok(uint64_t uptr, uint64_t len);
int shim_copy_from_user(void *dst, uint64_t uptr, size_t len);
int shim_copy_to_user(uint64_t uptr, const void *src, size_t len);

static inline uint64_t shim_uptr(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

#endif
