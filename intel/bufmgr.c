/* SPDX-License-Identifier: MIT */
/*
 * The buffer manager: drm_intel_bufmgr_gem_init() and _destroy(), the
 * feature probes, set_debug and the small per-bufmgr switches.
 *
 * Lifetime: there is one bufmgr per file descriptor number in the process.
 * init on an fd that already has one returns it with one more reference
 * (batch_size is then ignored); destroy drops a reference and the last one
 * frees the cache, the tables and the userptr probe object. Live bos are not
 * freed: they must all be unreferenced before the last destroy.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

static pthread_mutex_t bufmgr_list_lock = PTHREAD_MUTEX_INITIALIZER;
static drm_intel_bufmgr *bufmgr_list;

/* INTEL_DEVID_OVERRIDE short names and the id each stands for. */
static const struct {
	const char *name;
	uint32_t devid;
} devid_aliases[] = {
	{ "brw", 0x2a02 }, { "g4x", 0x2a42 }, { "ilk", 0x0042 }, { "snb", 0x0126 },
	{ "ivb", 0x016a }, { "hsw", 0x0d2e }, { "byt", 0x0f33 }, { "bdw", 0x162e },
	{ "skl", 0x1912 }, { "kbl", 0x5912 },
};

static bool devid_from_env(uint32_t *devid)
{
	const char *s = getenv("INTEL_DEVID_OVERRIDE");

	if (!s || geteuid() != getuid())
		return false;
	for (size_t i = 0; i < sizeof(devid_aliases) / sizeof(devid_aliases[0]); i++) {
		if (!strcmp(s, devid_aliases[i].name)) {
			*devid = devid_aliases[i].devid;
			return true;
		}
	}
	*devid = (uint32_t)strtod(s, NULL);
	return true;
}

/*
 * The bound on cached bytes: LIBDRM_INTEL_BO_CACHE_MAX in bytes with an
 * optional K/M/G suffix; "unlimited" or a negative value gives libdrm's
 * unbounded cache; 0 caches nothing. Default 256 MiB.
 */
#define INTEL_CACHE_DEFAULT_MAX (256ull << 20)

static uint64_t cache_bound_from_env(void)
{
	const char *s = getenv("LIBDRM_INTEL_BO_CACHE_MAX");
	char *end;

	if (!s || !*s)
		return INTEL_CACHE_DEFAULT_MAX;
	if (!strcmp(s, "unlimited"))
		return UINT64_MAX;
	long long v = strtoll(s, &end, 0);
	if (end == s)
		return INTEL_CACHE_DEFAULT_MAX;
	if (v < 0)
		return UINT64_MAX;
	switch (*end) {
	case 'k': case 'K': v <<= 10; break;
	case 'm': case 'M': v <<= 20; break;
	case 'g': case 'G': v <<= 30; break;
	default: break;
	}
	return (uint64_t)v;
}

/*
 * How long a freed bo stays in the cache before it is marked purgeable:
 * LIBDRM_INTEL_BO_CACHE_HOT_MS, default 100 ms; 0 marks it at once, as
 * libdrm does. A bo reused within that time costs no MADVISE at all.
 */
#define INTEL_CACHE_DEFAULT_HOT_MS 100

static uint64_t cache_hot_from_env(void)
{
	const char *s = getenv("LIBDRM_INTEL_BO_CACHE_HOT_MS");
	char *end;
	if (!s || !*s)
		return INTEL_CACHE_DEFAULT_HOT_MS * 1000000ull;
	long long v = strtoll(s, &end, 0);
	if (end == s || v < 0)
		return INTEL_CACHE_DEFAULT_HOT_MS * 1000000ull;
	return (uint64_t)v * 1000000ull;
}

static void probe_features(drm_intel_bufmgr *mgr)
{
	int v;

	mgr->has_bsd = intel_getparam(mgr->fd, I915_PARAM_HAS_BSD, &v) == 0;
	mgr->has_blt = intel_getparam(mgr->fd, I915_PARAM_HAS_BLT, &v) == 0;
	mgr->has_relaxed_fencing =
		intel_getparam(mgr->fd, I915_PARAM_HAS_RELAXED_FENCING, &v) == 0;
	mgr->has_exec_async = intel_getparam(mgr->fd, I915_PARAM_HAS_EXEC_ASYNC, &v) == 0;
	mgr->has_wait_timeout = intel_getparam(mgr->fd, I915_PARAM_HAS_WAIT_TIMEOUT, &v) == 0;
	if (intel_getparam(mgr->fd, I915_PARAM_HAS_LLC, &v) == 0)
		mgr->has_llc = v != 0;
	else
		mgr->has_llc = mgr->gen == 6 || mgr->gen == 7;
	mgr->has_vebox = intel_getparam(mgr->fd, I915_PARAM_HAS_VEBOX, &v) == 0 && v > 0;
	mgr->has_softpin = intel_getparam(mgr->fd, I915_PARAM_HAS_EXEC_SOFTPIN, &v) == 0 && v > 0;
	if (mgr->gen < 4) {
		if (intel_getparam(mgr->fd, I915_PARAM_NUM_FENCES_AVAIL, &v) == 0) {
			mgr->available_fences = v - 2 > 0 ? v - 2 : 0;
		} else {
			fprintf(stderr, "get fences failed: %d [%d]\n", -1, errno);
			mgr->available_fences = 0;
		}
	}
	if (mgr->gen >= 8 &&
	    intel_getparam(mgr->fd, I915_PARAM_HAS_ALIASING_PPGTT, &v) == 0 && v == 3)
		mgr->has_full_48b = true;
}

static drm_intel_bufmgr *bufmgr_create(int fd, int batch_size)
{
	drm_intel_bufmgr *mgr = calloc(1, sizeof(*mgr));
	struct drm_i915_gem_get_aperture aperture;
	int v, ret;

	if (!mgr)
		return NULL;
	mgr->fd = fd;
	mgr->refcount = 1;
	pthread_mutex_init(&mgr->lock, NULL);

	memset(&aperture, 0, sizeof(aperture));
	ret = intel_ioctl(fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &aperture);
	if (ret == 0) {
		mgr->gtt_size = aperture.aper_available_size;
	} else {
		fprintf(stderr, "DRM_IOCTL_I915_GEM_APERTURE failed: %s\n", strerror(-ret));
		mgr->gtt_size = 128ull * 1024 * 1024;
		fprintf(stderr, "Assuming %dkB available aperture size.\n"
			"May lead to reduced performance or incorrect rendering.\n",
			(int)(mgr->gtt_size / 1024));
	}

	if (devid_from_env(&mgr->devid)) {
		mgr->no_exec = true;
	} else {
		ret = intel_getparam(fd, I915_PARAM_CHIPSET_ID, &v);
		if (ret) {
			fprintf(stderr, "get chip id failed: %d [%d]\n", -1, -ret);
			fprintf(stderr, "param: %d, val: %d\n", I915_PARAM_CHIPSET_ID, 0);
			v = 0;
		}
		mgr->devid = (uint32_t)v;
	}
	mgr->gen = intel_chipset_gen(mgr->devid);
	if (!mgr->gen)
		goto fail;
	mgr->is_915 = intel_chipset_is_915(mgr->devid);

	if (mgr->gen == 3 && mgr->gtt_size > 256ull * 1024 * 1024)
		mgr->gtt_size -= 256ull * 1024 * 1024;

	if (intel_getparam(fd, I915_PARAM_HAS_EXECBUF2, &v)) {
		fprintf(stderr, "i915 does not support EXECBUFFER2\n");
		goto fail;
	}
	probe_features(mgr);

	mgr->max_relocs = batch_size / 4 / 2 - 2;
	if (mgr->max_relocs < 0)
		mgr->max_relocs = 0;
	mgr->vma_max = -1;
	intel_list_init(&mgr->vma_lru);
	mgr->cache_max_bytes = cache_bound_from_env();
	mgr->cache_hot_ns = cache_hot_from_env();
	bo_cache_init(mgr);
	bo_table_init(&mgr->handles);
	bo_table_init(&mgr->names);
	if (!mgr->handles.slots || !mgr->names.slots) {
		bo_table_fini(&mgr->handles);
		bo_table_fini(&mgr->names);
		goto fail;
	}
	return mgr;

fail:
	pthread_mutex_destroy(&mgr->lock);
	free(mgr);
	return NULL;
}

drm_public drm_intel_bufmgr *drm_intel_bufmgr_gem_init(int fd, int batch_size)
{
	drm_intel_bufmgr *mgr;

	pthread_mutex_lock(&bufmgr_list_lock);
	for (mgr = bufmgr_list; mgr; mgr = mgr->next) {
		if (mgr->fd == fd) {
			mgr->refcount++;
			goto out;
		}
	}
	mgr = bufmgr_create(fd, batch_size);
	if (mgr) {
		mgr->next = bufmgr_list;
		bufmgr_list = mgr;
	}
out:
	pthread_mutex_unlock(&bufmgr_list_lock);
	return mgr;
}

static void bufmgr_teardown(drm_intel_bufmgr *mgr)
{
	pthread_mutex_lock(&mgr->lock);
	bo_cache_free_all(mgr);
	if (mgr->userptr_probe_handle) {
		struct drm_gem_close c = { .handle = mgr->userptr_probe_handle };
		if (intel_ioctl(mgr->fd, DRM_IOCTL_GEM_CLOSE, &c))
			fprintf(stderr, "Failed to release test userptr object! (%d) "
				"i915 kernel driver may not be sane!\n", errno);
	}
	free(mgr->userptr_probe_page);
	pthread_mutex_unlock(&mgr->lock);
	bo_table_fini(&mgr->handles);
	bo_table_fini(&mgr->names);
	pthread_mutex_destroy(&mgr->lock);
	free(mgr);
}

drm_public void drm_intel_bufmgr_destroy(drm_intel_bufmgr *mgr)
{
	drm_intel_bufmgr **p;

	if (!mgr)
		return;
	pthread_mutex_lock(&bufmgr_list_lock);
	if (--mgr->refcount > 0) {
		pthread_mutex_unlock(&bufmgr_list_lock);
		return;
	}
	for (p = &bufmgr_list; *p; p = &(*p)->next) {
		if (*p == mgr) {
			*p = mgr->next;
			break;
		}
	}
	pthread_mutex_unlock(&bufmgr_list_lock);
	bufmgr_teardown(mgr);
}

drm_public void drm_intel_bufmgr_set_debug(drm_intel_bufmgr *mgr, int enable_debug)
{
	if (mgr)
		mgr->debug = enable_debug;
}

drm_public void drm_intel_bufmgr_gem_enable_reuse(drm_intel_bufmgr *mgr)
{
	if (mgr)
		mgr->bo_reuse = true;
}

drm_public void drm_intel_bufmgr_gem_enable_fenced_relocs(drm_intel_bufmgr *mgr)
{
	if (mgr)
		mgr->fenced_relocs = true;
}

drm_public int drm_intel_bufmgr_gem_get_devid(drm_intel_bufmgr *mgr)
{
	return mgr ? (int)mgr->devid : -EINVAL;
}

drm_public int drm_intel_bufmgr_gem_can_disable_implicit_sync(drm_intel_bufmgr *mgr)
{
	return mgr ? mgr->has_exec_async : 0;
}
