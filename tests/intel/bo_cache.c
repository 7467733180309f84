/* SPDX-License-Identifier: MIT */
/*
 * The BO cache: reuse of idle objects, alloc_for_render taking busy ones,
 * purge-and-retry, age cleaning, and (ours only) the bound on cached bytes.
 *
 * Busy and purged objects cannot be produced on demand without exec or
 * memory pressure, so this program defines its own ioctl() (exported, so the
 * library binds to it) that forwards to the next one and can make GEM_BUSY
 * report one handle busy and MADVISE(WILLNEED) report one handle purged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include "tests/intel/intel_test.h"

static uint32_t fake_busy_handle, fake_purged_handle;
static int gem_close_count;

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	static int (*next)(int, unsigned long, ...);
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!next)
		next = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	ret = next(fd, request, arg);
	if (ret)
		return ret;
	if (request == DRM_IOCTL_I915_GEM_BUSY && fake_busy_handle &&
	    ((struct drm_i915_gem_busy *)arg)->handle == fake_busy_handle)
		((struct drm_i915_gem_busy *)arg)->busy = 1;
	if (request == DRM_IOCTL_I915_GEM_MADVISE && fake_purged_handle) {
		struct drm_i915_gem_madvise *m = arg;
		if (m->handle == fake_purged_handle && m->madv == I915_MADV_WILLNEED)
			m->retained = 0;
	}
	if (request == DRM_IOCTL_GEM_CLOSE)
		gem_close_count++;
	return ret;
}

/* An object with pages (written), so the kernel keeps it when purgeable. */
static drm_intel_bo *touched(drm_intel_bufmgr *mgr, unsigned long size)
{
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "c", size, 0);
	uint32_t v = 0xdeadbeef;
	ASSERT(bo != NULL);
	ASSERT_OK(drm_intel_bo_subdata(bo, 0, 4, &v));
	return bo;
}

/* libdrm's eager policy (purgeable as soon as cached) unless a test asks for ours. */
static drm_intel_bufmgr *reuse_bufmgr(int *fd)
{
	if (!getenv("LIBDRM_INTEL_BO_CACHE_HOT_MS"))
		setenv("LIBDRM_INTEL_BO_CACHE_HOT_MS", "0", 1);
	drm_intel_bufmgr *mgr = open_bufmgr(fd);
	drm_intel_bufmgr_gem_enable_reuse(mgr);
	return mgr;
}

TEST(no_reuse_until_enabled)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = touched(mgr, 8192);
	uint32_t h = bo->handle;
	drm_intel_bo_unreference(bo);
	ASSERT(!handle_alive(fd, h));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(idle_object_is_reused)
{
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *bo = touched(mgr, 8000);
	uint32_t h = bo->handle, v = 0;
	drm_intel_bo_unreference(bo);
	ASSERT(handle_alive(fd, h));
	bo = drm_intel_bo_alloc(mgr, "again", 5000, 0);
	ASSERT_EQ(bo->handle, h);
	ASSERT_EQ(bo->size, 8192);
	/* Stale contents are kept: nothing is cleared on reuse. */
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 0, 4, &v));
	ASSERT_EQ(v, 0xdeadbeef);
	ASSERT_EQ(drm_intel_bo_is_reusable(bo), 1);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(other_bucket_not_reused)
{
	drm_intel_bufmgr *mgr = reuse_bufmgr(NULL);
	drm_intel_bo *bo = touched(mgr, 8192);
	uint32_t h = bo->handle;
	drm_intel_bo_unreference(bo);
	bo = drm_intel_bo_alloc(mgr, "other", 16384, 0);
	ASSERT_NE(bo->handle, h);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(untouched_object_is_purged_not_cached)
{
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "empty", 8192, 0);
	uint32_t h = bo->handle;
	drm_intel_bo_unreference(bo);
	/* No pages: MADV_DONTNEED purges it at once, so it is freed. */
	ASSERT(!handle_alive(fd, h));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(render_takes_tail_plain_takes_head)
{
	drm_intel_bufmgr *mgr = reuse_bufmgr(NULL);
	drm_intel_bo *a = touched(mgr, 8192), *b = touched(mgr, 8192);
	uint32_t ha = a->handle, hb = b->handle;
	drm_intel_bo_unreference(a);	/* head */
	drm_intel_bo_unreference(b);	/* tail */
	drm_intel_bo *r = drm_intel_bo_alloc_for_render(mgr, "r", 8192, 64);
	ASSERT_EQ(r->handle, hb);
	ASSERT_EQ(r->align, 64);
	drm_intel_bo *p = drm_intel_bo_alloc(mgr, "p", 8192, 0);
	ASSERT_EQ(p->handle, ha);
	drm_intel_bo_unreference(r);
	drm_intel_bo_unreference(p);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(busy_object_only_for_render)
{
	drm_intel_bufmgr *mgr = reuse_bufmgr(NULL);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	fake_busy_handle = ha;
	ASSERT(drm_intel_bo_busy(a) != 0);
	drm_intel_bo_unreference(a);
	drm_intel_bo *p = drm_intel_bo_alloc(mgr, "p", 8192, 0);
	ASSERT_NE(p->handle, ha);	/* the busy head is skipped */
	drm_intel_bo *r = drm_intel_bo_alloc_for_render(mgr, "r", 8192, 0);
	ASSERT_EQ(r->handle, ha);	/* render takes it, busy or not */
	drm_intel_bo_unreference(p);
	drm_intel_bo_unreference(r);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(purged_object_is_freed_and_alloc_retries)
{
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192), *b = touched(mgr, 8192);
	uint32_t ha = a->handle, hb = b->handle;
	drm_intel_bo_unreference(a);
	drm_intel_bo_unreference(b);
	fake_purged_handle = hb;	/* the tail has lost its pages */
	drm_intel_bo *r = drm_intel_bo_alloc_for_render(mgr, "r", 8192, 0);
	ASSERT(r != NULL);
	ASSERT(!handle_alive(fd, hb));
	ASSERT_EQ(r->handle, ha);	/* retried: the next tail */
	drm_intel_bo_unreference(r);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(old_objects_are_cleaned)
{
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	drm_intel_bo_unreference(a);
	sleep(3);
	drm_intel_bo *b = drm_intel_bo_alloc(mgr, "b", 65536, 0);
	drm_intel_bo_unreference(b);	/* a final unreference runs the cleaner */
	ASSERT(!handle_alive(fd, ha));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(recent_objects_survive_cleaning)
{
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	drm_intel_bo_unreference(a);
	drm_intel_bo *b = drm_intel_bo_alloc(mgr, "b", 65536, 0);
	drm_intel_bo_unreference(b);
	ASSERT(handle_alive(fd, ha));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(destroy_frees_cached_objects)
{
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	drm_intel_bo_unreference(a);
	ASSERT(handle_alive(fd, ha));
	drm_intel_bufmgr_destroy(mgr);
	ASSERT(!handle_alive(fd, ha));
}

TEST(flinked_object_not_reused)
{
	int fd;
	uint32_t name;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	ASSERT_OK(drm_intel_bo_flink(a, &name));
	drm_intel_bo_unreference(a);
	ASSERT(!handle_alive(fd, ha));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(byte_bound_evicts_oldest)
{
	OURS_ONLY("libdrm's cache has no byte bound");
	int fd;
	setenv("LIBDRM_INTEL_BO_CACHE_MAX", "1M", 1);
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *bo[4];
	uint32_t h[4];
	for (int i = 0; i < 4; i++) {
		bo[i] = touched(mgr, 512 * 1024);
		h[i] = bo[i]->handle;
	}
	for (int i = 0; i < 4; i++)
		drm_intel_bo_unreference(bo[i]);
	ASSERT(!handle_alive(fd, h[0]));
	ASSERT(!handle_alive(fd, h[1]));
	ASSERT(handle_alive(fd, h[2]));
	ASSERT(handle_alive(fd, h[3]));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(byte_bound_default_is_finite)
{
	OURS_ONLY("libdrm's cache has no byte bound");
	int fd;
	unsetenv("LIBDRM_INTEL_BO_CACHE_MAX");
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	enum { N = 40 };
	drm_intel_bo *bo[N];
	for (int i = 0; i < N; i++)
		bo[i] = touched(mgr, 8u << 20);	/* 320 MiB in all */
	for (int i = 0; i < N; i++)
		drm_intel_bo_unreference(bo[i]);
	int alive = 0;
	for (int i = 0; i < N; i++)
		alive += handle_alive(fd, (uint32_t)i + 1);
	printf("# %d of %d 8 MiB objects cached\n", alive, N);
	ASSERT_EQ(alive, 32);	/* 256 MiB */
	drm_intel_bufmgr_destroy(mgr);
}

TEST(byte_bound_zero_disables_cache)
{
	OURS_ONLY("libdrm's cache has no byte bound");
	int fd;
	setenv("LIBDRM_INTEL_BO_CACHE_MAX", "0", 1);
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	drm_intel_bo_unreference(a);
	ASSERT(!handle_alive(fd, ha));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(byte_bound_unlimited)
{
	OURS_ONLY("libdrm's cache has no byte bound");
	int fd;
	setenv("LIBDRM_INTEL_BO_CACHE_MAX", "unlimited", 1);
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *bo[40];
	for (int i = 0; i < 40; i++)
		bo[i] = touched(mgr, 8u << 20);
	uint32_t first = bo[0]->handle;
	for (int i = 0; i < 40; i++)
		drm_intel_bo_unreference(bo[i]);
	ASSERT(handle_alive(fd, first));
	drm_intel_bufmgr_destroy(mgr);
}

/* Ours: a bo reused soon after it was freed costs no MADVISE; one that lingers is marked. */
TEST(hot_reuse_skips_madvise)
{
	OURS_ONLY("libdrm marks every cached bo purgeable at once");
	setenv("LIBDRM_INTEL_BO_CACHE_HOT_MS", "100", 1);
	int fd;
	drm_intel_bufmgr *mgr = reuse_bufmgr(&fd);
	drm_intel_bo *a = touched(mgr, 8192);
	uint32_t ha = a->handle;
	drm_intel_bo_unreference(a);
	/* Were it DONTNEED, a fake purge on WILLNEED would make the allocation skip it. */
	fake_purged_handle = ha;
	drm_intel_bo *b = drm_intel_bo_alloc(mgr, "again", 8192, 0);
	ASSERT_EQ(b->handle, ha);			/* taken back without asking */
	drm_intel_bo_unreference(b);
	fake_purged_handle = 0;
	/* Left in the cache past the hot time, it is marked (and the kernel may purge it). */
	usleep(150 * 1000);
	drm_intel_bo *c = touched(mgr, 16384);		/* any allocation looks at the cache */
	fake_purged_handle = ha;			/* now WILLNEED is asked, and says purged */
	drm_intel_bo *d = drm_intel_bo_alloc(mgr, "after", 8192, 0);
	fake_purged_handle = 0;
	uint32_t first = 1;
	ASSERT_OK(drm_intel_bo_get_subdata(d, 0, 4, &first));
	ASSERT_EQ(first, 0);		/* a new object (the number may be reused), not the old one */
	drm_intel_bo_unreference(c);
	drm_intel_bo_unreference(d);
	drm_intel_bufmgr_destroy(mgr);
}

TEST_MAIN(T(hot_reuse_skips_madvise), T(no_reuse_until_enabled), T(idle_object_is_reused), T(other_bucket_not_reused),
	  T(untouched_object_is_purged_not_cached), T(render_takes_tail_plain_takes_head),
	  T(busy_object_only_for_render), T(purged_object_is_freed_and_alloc_retries),
	  T(old_objects_are_cleaned), T(recent_objects_survive_cleaning),
	  T(destroy_frees_cached_objects), T(flinked_object_not_reused),
	  T(byte_bound_evicts_oldest), T(byte_bound_default_is_finite),
	  T(byte_bound_zero_disables_cache), T(byte_bound_unlimited))
