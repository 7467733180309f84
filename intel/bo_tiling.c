/* SPDX-License-Identifier: MIT */
/*
 * Tiling: drm_intel_bo_set_tiling()/_get_tiling(), the tiling query on
 * import, the surface geometry alloc_tiled uses (pitch and height rounding
 * per generation) and the in-aperture size of a bo.
 *
 * The tiling mode, swizzle and stride cached in the bo are the kernel's
 * answer to the last successful SET_TILING (or GET_TILING on import);
 * get_tiling reports them without an ioctl. Nothing here allocates.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include <drm.h>
#include <i915_drm.h>

#include "xf86drm.h"
#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

/* Fence region size a gen2/3 tiled object needs. */
static unsigned long fence_size(drm_intel_bufmgr *mgr, unsigned long size)
{
	unsigned long v;

	if (!mgr->has_relaxed_fencing)
		return size;
	v = mgr->gen == 3 ? 1024 * 1024 : 512 * 1024;
	while (v < size)
		v *= 2;
	return v;
}

void bo_tiling_update_aperture(struct intel_bo *bo)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;
	unsigned long align = bo->base.align;

	if (mgr->gen < 4 && bo->tiling_mode != I915_TILING_NONE) {
		unsigned long f = fence_size(mgr, bo->base.size);
		if (f > align)
			align = f;
	}
	bo->aperture_size = bo->base.size + align;
}

int bo_tiling_apply(struct intel_bo *bo, uint32_t tiling, unsigned long stride)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;
	struct drm_i915_gem_set_tiling st;
	int ret;

	if (tiling == I915_TILING_NONE)
		stride = 0;
	if (!bo->global_name && tiling == bo->tiling_mode && stride == bo->stride)
		return 0;
	/* The kernel rewrites the arguments on failure: refill them on retry. */
	do {
		memset(&st, 0, sizeof(st));
		st.handle = bo->base.handle;
		st.tiling_mode = tiling;
		st.stride = (uint32_t)stride;
		ret = ioctl(mgr->fd, DRM_IOCTL_I915_GEM_SET_TILING, &st);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	if (ret == -1)
		return -errno;
	INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(&st, sizeof(st)));
	bo->tiling_mode = st.tiling_mode;
	bo->swizzle_mode = st.swizzle_mode;
	bo->stride = st.stride;
	bo_tiling_update_aperture(bo);
	return 0;
}

int bo_tiling_query(struct intel_bo *bo)
{
	struct drm_i915_gem_get_tiling gt;
	int ret;

	memset(&gt, 0, sizeof(gt));
	gt.handle = bo->base.handle;
	ret = intel_ioctl(bo->base.bufmgr->fd, DRM_IOCTL_I915_GEM_GET_TILING, &gt);
	if (ret == -EOPNOTSUPP) {
		bo->tiling_mode = I915_TILING_NONE;
		bo->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
		return 0;
	}
	if (ret)
		return ret;
	bo->tiling_mode = gt.tiling_mode;
	bo->swizzle_mode = gt.swizzle_mode;
	bo_tiling_update_aperture(bo);
	return 0;
}

drm_public int drm_intel_bo_set_tiling(drm_intel_bo *b, uint32_t *tiling_mode, uint32_t stride)
{
	struct intel_bo *bo = to_intel_bo(b);
	int ret;

	if (!b || !tiling_mode || bo->is_userptr)
		return -EINVAL;
	ret = bo_tiling_apply(bo, *tiling_mode, stride);
	*tiling_mode = bo->tiling_mode;
	return ret;
}

drm_public int drm_intel_bo_get_tiling(drm_intel_bo *b, uint32_t *tiling_mode,
				       uint32_t *swizzle_mode)
{
	struct intel_bo *bo = to_intel_bo(b);

	if (!b)
		return -EINVAL;
	if (tiling_mode)
		*tiling_mode = bo->tiling_mode;
	if (swizzle_mode)
		*swizzle_mode = bo->swizzle_mode;
	return 0;
}

/* ---- surface geometry for alloc_tiled ---------------------------------- */

static unsigned long surface_pitch(drm_intel_bufmgr *mgr, unsigned long pitch,
				   uint32_t *tiling)
{
	unsigned long tile_width, v;

	if (*tiling == I915_TILING_NONE)
		return INTEL_ALIGN(pitch, 64ul);
	tile_width = (*tiling == I915_TILING_X || mgr->is_915) ? 512 : 128;
	if (mgr->gen >= 4)
		return INTEL_ALIGN(pitch, tile_width);
	/* Before gen4 a fenced pitch is a power of two, at most 8 KiB. */
	if (pitch > 8192) {
		*tiling = I915_TILING_NONE;
		return INTEL_ALIGN(pitch, 64ul);
	}
	for (v = tile_width; v < pitch; v *= 2)
		;
	return v;
}

static unsigned long surface_size(drm_intel_bufmgr *mgr, unsigned long size,
				  uint32_t *tiling)
{
	unsigned long min, max, v;

	if (*tiling == I915_TILING_NONE)
		return size;
	if (mgr->gen >= 4)
		return INTEL_ALIGN(size, 4096ul);
	min = mgr->gen == 3 ? 1024 * 1024 : 512 * 1024;
	max = mgr->gen == 3 ? 128ul * 1024 * 1024 : 64ul * 1024 * 1024;
	if (size > max) {
		*tiling = I915_TILING_NONE;
		return size;
	}
	if (mgr->has_relaxed_fencing)
		return INTEL_ALIGN(size, 4096ul);
	for (v = min; v < size; v *= 2)
		;
	return v;
}

/*
 * Size of an x*y surface of cpp-byte pixels in the requested tiling; writes
 * the pitch and possibly downgrades the tiling to NONE. 0 on overflow.
 */
unsigned long bo_tiling_surface(drm_intel_bufmgr *mgr, unsigned long x, unsigned long y,
				unsigned long cpp, uint32_t *tiling, unsigned long *pitch)
{
	unsigned long size, height, stride, height_align;
	uint32_t requested;

	if (cpp && x > (1ul << 31) / cpp)
		return 0;
	if (y > (1ul << 31))
		return 0;
	do {
		requested = *tiling;
		height_align = 2;
		if (mgr->gen == 2 && requested != I915_TILING_NONE)
			height_align = 16;
		else if (requested == I915_TILING_X ||
			 (mgr->is_915 && requested == I915_TILING_Y))
			height_align = 8;
		else if (requested == I915_TILING_Y)
			height_align = 32;
		height = INTEL_ALIGN(y, height_align);
		stride = surface_pitch(mgr, x * cpp, tiling);
		size = stride * height;
		size = surface_size(mgr, size, tiling);
	} while (*tiling != requested);
	*pitch = stride;
	return size;
}
