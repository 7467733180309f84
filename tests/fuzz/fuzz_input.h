/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer harnesses in tests/fuzz share: reading the fuzz input as
 * a stream of numbers, the "user memory" ioctl arguments live in, and the
 * private device instance a fuzzer process runs on.
 *
 * The harnesses are linked with the shim's objects (see tests/fuzz/fuzz.am),
 * so open/ioctl/mmap on /dev/dri reach the emulated device in-process, as
 * they would through the i915-shim launcher. They call only libc and the
 * uAPI; nothing here reaches into the shim's internals.
 *
 * User memory: ioctl arguments and the arrays they point to are placed in an
 * arena of anonymous pages that ends at a PROT_NONE guard page, never on the
 * stack or the heap. A kernel reads what the caller's pointers and counts
 * say, however wrong they are; ASan would call that an overflow of the
 * harness's buffer. In the arena a read past the intended size reads other
 * arena bytes or faults on the guard page (EFAULT), as in a real process.
 * Pointers the fuzz input supplies are chosen from a fixed set (arena, NULL,
 * the guard page, read-only memory, a kernel address), never forged, so the
 * emulated kernel cannot be told to scribble over the fuzzer itself.
 */
#ifndef TESTS_FUZZ_INPUT_H
#define TESTS_FUZZ_INPUT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* before any libc header of the including file */
#endif
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* ---- the input as a stream ----------------------------------------------- */

struct fz {
	const uint8_t *p;
	size_t n;
};

static inline bool fz_empty(const struct fz *f)
{
	return f->n == 0;
}

/* The next n bytes as a little-endian number; zeros once the input is used up. */
static inline uint64_t fz_num(struct fz *f, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n && f->n; i++, f->p++, f->n--)
		v |= (uint64_t)f->p[0] << (8 * i);
	return v;
}

static inline uint8_t fz_u8(struct fz *f) { return (uint8_t)fz_num(f, 1); }
static inline uint16_t fz_u16(struct fz *f) { return (uint16_t)fz_num(f, 2); }
static inline uint32_t fz_u32(struct fz *f) { return (uint32_t)fz_num(f, 4); }
static inline uint64_t fz_u64(struct fz *f) { return fz_num(f, 8); }

/* Up to max bytes of the input copied to out; how many. */
static inline size_t fz_bytes(struct fz *f, void *out, size_t max)
{
	size_t n = max < f->n ? max : f->n;
	memcpy(out, f->p, n);
	f->p += n;
	f->n -= n;
	return n;
}

/* ---- user memory ---------------------------------------------------------- */

#define FZ_ARENA_SIZE (512u << 10)
#define FZ_USERDATA_SIZE (512u << 10)
/*
 * PROT_NONE after the read-only page and after the user data: a userptr range the input
 * pushes past them ends in memory the harness owns (unbacked: EFAULT or a GPU fault),
 * not in the sanitizer's own allocations, which the emulated GPU would read as a real one
 * would, and ASan would report as the shim's doing.
 */
#define FZ_TAIL_SIZE (1u << 20)

struct fz_mem {
	uint8_t *arena;		/* FZ_ARENA_SIZE bytes of arguments, then a PROT_NONE page */
	uint8_t *guard;
	uint8_t *rdonly;	/* one read-only page */
	uint8_t *userdata;	/* FZ_USERDATA_SIZE bytes for userptr objects, which the GPU writes */
	uint8_t *rdonly_end, *userdata_end;	/* the ends of the PROT_NONE tails */
	size_t used;		/* bump allocation in the arena, reset for each input */
};

static inline void fz_mem_init(struct fz_mem *m)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	uint8_t *p = mmap(NULL, FZ_ARENA_SIZE + 2 * page + FZ_TAIL_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint8_t *u = mmap(NULL, FZ_USERDATA_SIZE + FZ_TAIL_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || u == MAP_FAILED)
		abort();
	m->arena = p;
	m->guard = p + FZ_ARENA_SIZE;
	m->rdonly = m->guard + page;
	m->rdonly_end = m->rdonly + page + FZ_TAIL_SIZE;
	m->userdata = u;
	m->userdata_end = u + FZ_USERDATA_SIZE + FZ_TAIL_SIZE;
	if (mprotect(m->guard, page, PROT_NONE) || mprotect(m->rdonly, page, PROT_READ) ||
	    mprotect(m->rdonly + page, FZ_TAIL_SIZE, PROT_NONE) ||
	    mprotect(u + FZ_USERDATA_SIZE, FZ_TAIL_SIZE, PROT_NONE))
		abort();
	m->used = 0;
}

/*
 * len bytes of arena for one argument, zeroed, 8-byte aligned and placed so that the next
 * allocation follows it directly. When the arena is used up, the last len bytes before the
 * guard page are handed out again.
 */
static inline void *fz_alloc(struct fz_mem *m, size_t len)
{
	len = (len + 7) & ~(size_t)7;
	if (len > FZ_ARENA_SIZE / 2)
		abort();
	if (m->used + len > FZ_ARENA_SIZE)
		m->used = FZ_ARENA_SIZE - len;
	void *p = m->arena + m->used;
	m->used += len;
	memset(p, 0, len);
	return p;
}

/* len bytes that end exactly at the guard page: one byte more is EFAULT. */
static inline void *fz_alloc_at_end(struct fz_mem *m, size_t len)
{
	if (len > FZ_ARENA_SIZE / 2)
		abort();
	void *p = m->guard - len;
	memset(p, 0, len);
	return p;
}

/*
 * The user pointer an ioctl gets for an argument of len bytes at good: mostly good, and
 * now and then, as the input says, NULL, the guard page, read-only memory, a kernel
 * address, or a copy of the argument that ends early (its end at the guard page).
 */
static inline uint64_t fz_uptr(struct fz *f, struct fz_mem *m, void *good, size_t len)
{
	uint8_t k = fz_u8(f);
	switch (k & 15) {
	case 12: return 0;
	case 13: return (uintptr_t)m->guard + (k >> 4);
	case 14: return (uintptr_t)m->rdonly;
	case 15: {
		if (k & 16)
			return 0xffff800000000000ull;
		/* good may itself end at the guard page (an argument made by fz_alloc_at_end), so
		 * the copy may overlap it: moved, and not cleared first. */
		size_t n = len / 2 + 1;
		if (n > FZ_ARENA_SIZE / 2)
			abort();
		return (uintptr_t)memmove(m->guard - n, good, n);
	}
	default: return (uintptr_t)good;
	}
}

/* The same, for an ioctl that creates a file descriptor: never read-only memory, where the
 * kernel would install the fd and then fail to tell us its number. */
static inline uint64_t fz_uptr_fd(struct fz *f, struct fz_mem *m, void *good, size_t len)
{
	uint64_t u = fz_uptr(f, m, good, len);
	return u == (uintptr_t)m->rdonly ? (uintptr_t)good : u;
}

/* ---- sanitizer settings ---------------------------------------------------- */

/*
 * A kernel asked for an absurd allocation (an object list of INT_MAX entries, say) fails it
 * and says ENOMEM; so does the shim when malloc returns NULL, which ASan must let it do. Past
 * 1 GiB malloc fails here, as kvmalloc would under pressure: ASan would otherwise write the
 * shadow of the whole block, gigabytes of it, before the shim even looks at it.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1:max_allocation_size_mb=1024";
}

/* ---- the device instance -------------------------------------------------- */

static char fz_instance[64];

static int fz_remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st; (void)type; (void)ftw;
	remove(path);
	return 0;
}

/* The process's instance goes away with it (a crash leaves it to tests/fuzz/run-fuzz.sh). */
static void fz_remove_instance(void)
{
	const char *base = getenv("I915_SHIM_DIR");
	char pattern[PATH_MAX];
	glob_t g;
	snprintf(pattern, sizeof(pattern), "%s/i915-shim-v*-%s-*", base && *base ? base : "/dev/shm",
		 fz_instance);
	if (glob(pattern, 0, NULL, &g) == 0)
		for (size_t i = 0; i < g.gl_pathc; i++)
			nftw(g.gl_pathv[i], fz_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	globfree(&g);
}

/*
 * A private instance for this process (unless I915_SHIM_INSTANCE names one), removed at exit,
 * with a bounded memory budget.
 */
static inline void fz_instance_init(void)
{
	if (!getenv("I915_SHIM_INSTANCE")) {
		snprintf(fz_instance, sizeof(fz_instance), "fuzz.%d", (int)getpid());
		setenv("I915_SHIM_INSTANCE", fz_instance, 1);
		atexit(fz_remove_instance);
	}
	setenv("I915_SHIM_MEMORY_LIMIT", "268435456", 0);
}

/*
 * Hangs detected after ms on every engine (heartbeat_interval_ms in the device's sysfs, as
 * root would set it on a real kernel), so a batch that spins costs the fuzzer little time.
 */
static inline void fz_short_heartbeats(unsigned ms)
{
	static const char *const engines[] = { "rcs0", "bcs0", "vcs0", "vecs0" };
	char path[PATH_MAX], text[16];
	int len = snprintf(text, sizeof(text), "%u\n", ms);
	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]); i++) {
		snprintf(path, sizeof(path), "/sys/dev/char/226:0/device/drm/card0/engine/%s/heartbeat_interval_ms",
			 engines[i]);
		int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
		if (fd < 0)
			continue;	/* a device without that engine */
		if (write(fd, text, (size_t)len) != len)
			fprintf(stderr, "fuzz: could not shorten %s\n", path);
		close(fd);
	}
}

#endif
