/* SPDX-License-Identifier: MIT */
/*
 * What is left of an object whose backing store was discarded
 * (doc/uapi-conformance.md §13–16, §21: PR8, SD9, MA8, MM11, MO16, MO17):
 * it cannot get pages again, so every use that needs them fails with EFAULT,
 * and a mapping of it faults with SIGBUS instead of showing memory.
 * Only open/ioctl/mmap; the drop-caches case needs the shim or debugfs.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>

#include "tests/i915/i915_test.h"

static sigjmp_buf fault_env;

static void on_fault(int sig)
{
	siglongjmp(fault_env, sig);
}

/* The signal a one-byte write (or, with !write, read) at p raises; 0 if none. */
static int touch(volatile char *p, bool write, char *seen)
{
	struct sigaction sa = { .sa_handler = on_fault }, old_bus, old_segv;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old_bus);
	sigaction(SIGSEGV, &sa, &old_segv);
	int sig = sigsetjmp(fault_env, 1);
	if (!sig) {
		if (write)
			*p = 1;
		else
			*seen = *p;
	}
	sigaction(SIGBUS, &old_bus, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	return sig;
}

/* A fresh object marked DONTNEED: it has no pages yet, so it is purged at once (MA3). */
static uint32_t purged_object(int fd)
{
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_madvise m = { .handle = h, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &m));
	ASSERT_EQ(m.retained, 0);
	return h;
}

/* PR8, SD9: pread, pwrite and SET_DOMAIN need pages, and a purged object has none. */
TEST(purged_object_has_no_pages)
{
	int fd = i915_open();
	uint32_t h = purged_object(fd);
	char buf[16] = "data";
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, buf, sizeof(buf)), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, buf, sizeof(buf)), EFAULT);
	ASSERT_OK(gem_pread(fd, h, 0, buf, 0));			/* size 0 never looks (PR1) */
	static const uint32_t domains[] = { I915_GEM_DOMAIN_CPU, I915_GEM_DOMAIN_GTT, I915_GEM_DOMAIN_WC };
	for (size_t i = 0; i < ARRAY_SIZE(domains); i++) {
		struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = domains[i] };
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EFAULT);
		sd.write_domain = domains[i];
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EFAULT);
	}
	struct drm_i915_gem_madvise m = { .handle = h, .madv = I915_MADV_WILLNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &m));
	ASSERT_EQ(m.retained, 0);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, buf, sizeof(buf)), EFAULT);	/* for good (MA5) */
	close(fd);
}

/* MO16, MA8: a purged object can still be given a fake offset and mapped, of every
 * type, but the first touch of the mapping faults with SIGBUS. */
TEST(touching_a_purged_object_is_sigbus)
{
	int fd = i915_open();
	for (uint32_t type = I915_MMAP_OFFSET_GTT; type <= I915_MMAP_OFFSET_UC; type++) {
		uint32_t h = purged_object(fd);
		struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = type };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
		char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.offset);
		ASSERT(p != MAP_FAILED);
		char c;
		if (touch(p, false, &c) != SIGBUS)
			TEST_FAIL("mmap type %u: reading a purged object did not raise SIGBUS", type);
		if (touch(p + 100, true, NULL) != SIGBUS)
			TEST_FAIL("mmap type %u: writing a purged object did not raise SIGBUS", type);
		munmap(p, 4096);
		ASSERT_OK(gem_close(fd, h));
	}
	close(fd);
}

/*
 * MM11: the bytes of a purged object are gone for every mapping: touching a
 * CPU map made before the purge either faults or reads zeroes, never the old data.
 * Purging an object that has pages takes drop_caches (the shim, or root and debugfs).
 */
TEST(purge_takes_the_data_from_old_mappings)
{
	require_debugfs_root();
	int dc = i915_debugfs_open("i915_gem_drop_caches", O_WRONLY);
	if (dc < 0)
		SKIP_MISSING("no writable i915_gem_drop_caches (debugfs, root)");
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_mmap m = { .handle = h, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	volatile char *p = (volatile char *)(uintptr_t)m.addr_ptr;
	p[0] = 'x';
	struct drm_i915_gem_madvise a = { .handle = h, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 1);					/* it has pages (MA4) */
	ASSERT_EQ(write(dc, "0x5f", 4), 4);
	close(dc);
	a = (struct drm_i915_gem_madvise){ .handle = h, .madv = I915_MADV_WILLNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 0);
	char c = 'x';
	int sig = touch(p, false, &c);
	ASSERT(sig == SIGBUS || sig == SIGSEGV || (sig == 0 && c == 0));
	/* A mapping made after the purge faults on first touch (MO16, MA8). */
	m = (struct drm_i915_gem_mmap){ .handle = h, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	c = 'x';
	sig = touch((volatile char *)(uintptr_t)m.addr_ptr, false, &c);
	ASSERT(sig == SIGBUS || sig == SIGSEGV || (sig == 0 && c == 0));
	close(fd);
}

/* MO17: without an LLC, snooped (CACHED) pages are incoherent through the aperture,
 * so a GTT mapping of them faults with SIGBUS; CPU maps of them are fine. */
TEST(gtt_map_of_snooped_object_without_llc)
{
	int fd = i915_open();
	if (gem_getparam(fd, I915_PARAM_HAS_LLC))
		SKIP_DEVICE("the device has an LLC: GTT maps of cached objects are coherent");
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_caching c = { .handle = h, .caching = I915_CACHING_CACHED };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &c))	/* ENODEV: no snooping (CACHED needs it) */
		SKIP_ON_ERRNO(errno, ENODEV, !i915_cpu_cache_coherent(fd), "the device cannot snoop");
	struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = I915_MMAP_OFFSET_GTT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.offset);
	ASSERT(p != MAP_FAILED);
	ASSERT_EQ(touch(p, true, NULL), SIGBUS);
	munmap(p, 4096);
	a = (struct drm_i915_gem_mmap_offset){ .handle = h, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.offset);
	ASSERT(p != MAP_FAILED);
	ASSERT_EQ(touch(p, true, NULL), 0);
	munmap(p, 4096);
	close(fd);
}

TEST_MAIN(T(purged_object_has_no_pages), T(touching_a_purged_object_is_sigbus),
	  T(purge_takes_the_data_from_old_mappings), T(gtt_map_of_snooped_object_without_llc))
