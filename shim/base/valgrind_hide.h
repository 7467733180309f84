/* SPDX-License-Identifier: MIT */
/*
 * Under memcheck, the shim's big shared mappings (the device state and the
 * windows onto the memory file) must not be scanned by the leak checker:
 * scanning reads every page of a sparse file, which takes seconds and fills
 * /dev/shm. They hold no pointers to the heap (only offsets), so they are
 * made invisible to memcheck: no-access, with address errors in them not
 * reported (loads from them then count as defined). A no-op without valgrind.
 */
#ifndef SHIM_VALGRIND_HIDE_H
#define SHIM_VALGRIND_HIDE_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
/* Remembers a hidden range so that reporting is re-enabled at exit (quiet valgrind). */
void shim_valgrind_note_hidden(void *p, size_t len);
/* Who may still read hidden memory at exit (the engine threads, running a batch the
 * program did not wait for): while busy() says so, reporting stays off at exit, and
 * memcheck only warns that ranges were left disabled. */
void shim_valgrind_exit_busy(bool (*busy)(void));
static inline void shim_valgrind_hide(void *p, size_t len)
{
	if (RUNNING_ON_VALGRIND) {
		VALGRIND_DISABLE_ADDR_ERROR_REPORTING_IN_RANGE(p, len);
		VALGRIND_MAKE_MEM_NOACCESS(p, len);
		shim_valgrind_note_hidden(p, len);
	}
}
/* Around a system call that reads or writes hidden memory, memcheck must see it. */
static inline void shim_valgrind_unhide(void *p, size_t len)
{
	if (RUNNING_ON_VALGRIND)
		VALGRIND_MAKE_MEM_DEFINED(p, len);
}
static inline void shim_valgrind_rehide(void *p, size_t len)
{
	if (RUNNING_ON_VALGRIND)
		VALGRIND_MAKE_MEM_NOACCESS(p, len);
}
/* The kernel wrote these bytes of the caller's memory behind memcheck's back. */
static inline void shim_valgrind_defined(void *p, size_t len)
{
	VALGRIND_MAKE_MEM_DEFINED(p, len);
}
#else
static inline void shim_valgrind_exit_busy(bool (*busy)(void)) { (void)busy; }
static inline void shim_valgrind_hide(void *p, size_t len) { (void)p; (void)len; }
static inline void shim_valgrind_unhide(void *p, size_t len) { (void)p; (void)len; }
static inline void shim_valgrind_rehide(void *p, size_t len) { (void)p; (void)len; }
static inline void shim_valgrind_defined(void *p, size_t len) { (void)p; (void)len; }
#endif

#endif
