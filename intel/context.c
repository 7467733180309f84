/* SPDX-License-Identifier: MIT */
/*
 * Hardware contexts and device queries: context create/destroy/get_id,
 * get_reset_stats, reg_read, get_pipe_from_crtc_id, the aperture sizes
 * (the mappable part from PCI BAR 2 of 0000:00:02.0 through libpciaccess,
 * 64 MiB when that is unavailable) and the EU/subslice GETPARAM getters.
 *
 * A drm_intel_context is malloc'd by _create and freed by _destroy (which
 * also destroys the kernel context); it must not outlive its bufmgr. Nothing
 * here takes the bufmgr lock.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#ifdef HAVE_PCIACCESS
#include <pciaccess.h>
#endif

#include "xf86drm.h"
#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

drm_public drm_intel_context *drm_intel_gem_context_create(drm_intel_bufmgr *mgr)
{
	struct drm_i915_gem_context_create create;
	drm_intel_context *ctx;
	int ret;

	if (!mgr)
		return NULL;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	memset(&create, 0, sizeof(create));
	ret = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &create);
	if (ret) {
		INTEL_DBG(mgr, "DRM_IOCTL_I915_GEM_CONTEXT_CREATE failed: %s\n", strerror(-ret));
		free(ctx);
		return NULL;
	}
	ctx->ctx_id = create.ctx_id;
	ctx->bufmgr = mgr;
	return ctx;
}

drm_public int drm_intel_gem_context_get_id(drm_intel_context *ctx, uint32_t *ctx_id)
{
	if (!ctx || !ctx_id)
		return -EINVAL;
	*ctx_id = ctx->ctx_id;
	return 0;
}

drm_public void drm_intel_gem_context_destroy(drm_intel_context *ctx)
{
	struct drm_i915_gem_context_destroy destroy;
	int ret;

	if (!ctx)
		return;
	memset(&destroy, 0, sizeof(destroy));
	destroy.ctx_id = ctx->ctx_id;
	ret = intel_ioctl(ctx->bufmgr->fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &destroy);
	if (ret)
		fprintf(stderr, "DRM_IOCTL_I915_GEM_CONTEXT_DESTROY failed: %s\n", strerror(-ret));
	free(ctx);
}

/* Returns the raw ioctl result (-1 with errno on failure), like libdrm. */
drm_public int drm_intel_get_reset_stats(drm_intel_context *ctx, uint32_t *reset_count,
					 uint32_t *active, uint32_t *pending)
{
	struct drm_i915_reset_stats stats;
	int ret;

	if (!ctx)
		return -EINVAL;
	memset(&stats, 0, sizeof(stats));
	stats.ctx_id = ctx->ctx_id;
	ret = drmIoctl(ctx->bufmgr->fd, DRM_IOCTL_I915_GET_RESET_STATS, &stats);
	if (ret == 0) {
		INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(&stats, sizeof(stats)));
		if (reset_count)
			*reset_count = stats.reset_count;
		if (active)
			*active = stats.batch_active;
		if (pending)
			*pending = stats.batch_pending;
	}
	return ret;
}

/* Returns the raw ioctl result; *result is written either way. */
drm_public int drm_intel_reg_read(drm_intel_bufmgr *mgr, uint32_t offset, uint64_t *result)
{
	struct drm_i915_reg_read reg;
	int ret;

	if (!mgr)
		return -EINVAL;
	memset(&reg, 0, sizeof(reg));
	reg.offset = offset;
	ret = drmIoctl(mgr->fd, DRM_IOCTL_I915_REG_READ, &reg);
	INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(&reg, sizeof(reg)));
	if (result)
		*result = reg.val;
	return ret;
}

drm_public int drm_intel_get_pipe_from_crtc_id(drm_intel_bufmgr *mgr, int crtc_id)
{
	struct drm_i915_get_pipe_from_crtc_id p;

	if (!mgr)
		return -1;
	memset(&p, 0, sizeof(p));
	p.crtc_id = (uint32_t)crtc_id;
	if (intel_ioctl(mgr->fd, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &p))
		return -1;
	return (int)p.pipe;
}

/* Size of PCI BAR 2 (the GTT aperture) of the integrated GPU, or 0. */
static size_t mappable_aperture_size(void)
{
	size_t size = 0;
#ifdef HAVE_PCIACCESS
	struct pci_device *dev;

	if (pci_system_init())
		return 0;
	dev = pci_device_find_by_slot(0, 0, 2, 0);
	if (dev && pci_device_probe(dev) == 0)
		size = (size_t)dev->regions[2].size;
	pci_system_cleanup();
#endif
	return size;
}

drm_public int drm_intel_get_aperture_sizes(int fd, size_t *mappable, size_t *total)
{
	struct drm_i915_gem_get_aperture aperture;
	int ret;

	memset(&aperture, 0, sizeof(aperture));
	ret = drmIoctl(fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &aperture);
	if (ret)
		return ret;
	INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(&aperture, sizeof(aperture)));
	if (total)
		*total = (size_t)aperture.aper_size;
	if (mappable) {
		size_t m = mappable_aperture_size();
		*mappable = m ? m : 64 * 1024 * 1024;
	}
	return 0;
}

static int getparam_out(int fd, int param, unsigned int *out)
{
	int v, ret;

	if (!out)
		return -EINVAL;
	ret = intel_getparam(fd, param, &v);
	if (ret)
		return ret;
	*out = (unsigned int)v;
	return 0;
}

drm_public int drm_intel_get_subslice_total(int fd, unsigned int *subslice_total)
{
	return getparam_out(fd, I915_PARAM_SUBSLICE_TOTAL, subslice_total);
}

drm_public int drm_intel_get_eu_total(int fd, unsigned int *eu_total)
{
	return getparam_out(fd, I915_PARAM_EU_TOTAL, eu_total);
}

drm_public int drm_intel_get_pooled_eu(int fd)
{
	int v, ret = intel_getparam(fd, I915_PARAM_HAS_POOLED_EU, &v);
	return ret ? ret : v;
}

drm_public int drm_intel_get_min_eu_in_pool(int fd)
{
	int v, ret = intel_getparam(fd, I915_PARAM_MIN_EU_IN_POOL, &v);
	return ret ? ret : v;
}
