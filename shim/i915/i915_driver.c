/* SPDX-License-Identifier: MIT */
/*
 * The i915 driver as the DRM core sees it (the kernel's i915_driver.c): its
 * struct shim_driver, registered when the module loads, and its ioctl table
 * (Linux 6.1), indexed by nr - 0x40. The DRI1 leftovers are no-ops behind
 * their old permission flags; the legacy execbuffer is EINVAL; 0x10 and 0x12
 * are holes. Ioctls the shim does not emulate answer ENOSYS and say so
 * (shim_ioctl_unemulated).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <drm.h>
#include <i915_drm.h>

#include "drm/drm_drv.h"
#include "drm/drm_ioctl.h"
#include "i915/display/intel_display.h"
#include "i915/gt/intel_reset.h"
#include "i915/i915_driver.h"
#include "i915/i915_pmu.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gpu_error.h"
#include "i915/i915_gem_mmap.h"
#include "i915/i915_gem_object.h"
#include "i915/i915_request.h"
#include "i915/intel_uncore.h"

int shim_i915_getparam_ioctl(struct shim_call *call, void *data);

/* Pinning from userspace was removed from i915; root gets ENODEV. */
static int shim_i915_reject_pin_ioctl(struct shim_call *call, void *data)
{
	return -ENODEV;
}

/* The name is stringified here, before the ioctl macro expands. */
#define ENTRY(ioctl, str, func, fl) \
	[_IOC_NR(ioctl) - DRM_COMMAND_BASE] = { .cmd = ioctl, .flags = (fl), .fn = func, .name = str }
#define DEF(ioctl, func, fl) ENTRY(ioctl, #ioctl, func, fl)
#define TODO(ioctl, fl) ENTRY(ioctl, #ioctl, shim_ioctl_unemulated, fl)
#define ADMIN (SHIM_AUTH | SHIM_MASTER | SHIM_ROOT_ONLY)
#define RA SHIM_RENDER_ALLOW

static const struct shim_ioctl_desc i915_ioctls[] = {
	DEF(DRM_IOCTL_I915_INIT, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_FLUSH, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_FLIP, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_BATCHBUFFER, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_IRQ_EMIT, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_IRQ_WAIT, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_GETPARAM, shim_i915_getparam_ioctl, RA),
	DEF(DRM_IOCTL_I915_SETPARAM, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_ALLOC, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_FREE, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_INIT_HEAP, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_CMDBUFFER, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_DESTROY_HEAP, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_SET_VBLANK_PIPE, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_GET_VBLANK_PIPE, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_VBLANK_SWAP, shim_ioctl_noop, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_HWS_ADDR, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_GEM_INIT, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_GEM_EXECBUFFER, shim_ioctl_invalid, SHIM_AUTH),
	DEF(DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, shim_i915_execbuffer2_ioctl, RA),
	[DRM_I915_GEM_PIN] = { .cmd = DRM_IOCTL_I915_GEM_PIN, .flags = SHIM_AUTH | SHIM_ROOT_ONLY,
			       .fn = shim_i915_reject_pin_ioctl, .name = "DRM_IOCTL_I915_GEM_PIN" },
	[DRM_I915_GEM_UNPIN] = { .cmd = DRM_IOCTL_I915_GEM_UNPIN, .flags = SHIM_AUTH | SHIM_ROOT_ONLY,
				 .fn = shim_i915_reject_pin_ioctl, .name = "DRM_IOCTL_I915_GEM_UNPIN" },
	DEF(DRM_IOCTL_I915_GEM_BUSY, shim_i915_busy_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_SET_CACHING, shim_i915_set_caching_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_GET_CACHING, shim_i915_get_caching_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_THROTTLE, shim_i915_throttle_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_ENTERVT, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_GEM_LEAVEVT, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_I915_GEM_CREATE, shim_i915_gem_create_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_CREATE_EXT, shim_i915_gem_create_ext_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_PREAD, shim_i915_pread_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_PWRITE, shim_i915_pwrite_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_MMAP, shim_i915_gem_mmap_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_MMAP_OFFSET, shim_i915_mmap_offset_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_SET_DOMAIN, shim_i915_set_domain_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_SW_FINISH, shim_i915_sw_finish_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_SET_TILING, shim_i915_set_tiling_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_GET_TILING, shim_i915_get_tiling_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_GET_APERTURE, shim_i915_get_aperture_ioctl, RA),
	DEF(DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, shim_i915_get_pipe_from_crtc_id_ioctl, 0),
	DEF(DRM_IOCTL_I915_GEM_MADVISE, shim_i915_madvise_ioctl, RA),
	TODO(DRM_IOCTL_I915_OVERLAY_PUT_IMAGE, SHIM_MASTER),
	TODO(DRM_IOCTL_I915_OVERLAY_ATTRS, SHIM_MASTER),
	TODO(DRM_IOCTL_I915_SET_SPRITE_COLORKEY, SHIM_MASTER),
	DEF(DRM_IOCTL_I915_GET_SPRITE_COLORKEY, shim_ioctl_noop, SHIM_MASTER),
	DEF(DRM_IOCTL_I915_GEM_WAIT, shim_i915_wait_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, shim_i915_context_create_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, shim_i915_context_destroy_ioctl, RA),
	DEF(DRM_IOCTL_I915_REG_READ, shim_i915_reg_read_ioctl, RA),
	DEF(DRM_IOCTL_I915_GET_RESET_STATS, shim_i915_reset_stats_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_USERPTR, shim_i915_userptr_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, shim_i915_context_getparam_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, shim_i915_context_setparam_ioctl, RA),
	TODO(DRM_IOCTL_I915_PERF_OPEN, RA),
	TODO(DRM_IOCTL_I915_PERF_ADD_CONFIG, RA),
	TODO(DRM_IOCTL_I915_PERF_REMOVE_CONFIG, RA),
	DEF(DRM_IOCTL_I915_QUERY, shim_i915_query_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_VM_CREATE, shim_i915_vm_create_ioctl, RA),
	DEF(DRM_IOCTL_I915_GEM_VM_DESTROY, shim_i915_vm_destroy_ioctl, RA),
};

/* The key arguments of the ioctls worth a look in an I915_SHIM_DEBUG=ioctl trace. */
static int i915_trace_args(char *buf, size_t len, unsigned long cmd, const void *data)
{
	switch (cmd) {
	case DRM_IOCTL_I915_GETPARAM: {
		const struct drm_i915_getparam *a = data;
		return snprintf(buf, len, "param=%d", a->param);
	}
	case DRM_IOCTL_I915_GEM_CREATE: {
		const struct drm_i915_gem_create *a = data;
		return snprintf(buf, len, "size=%llu -> handle=%u", (unsigned long long)a->size, a->handle);
	}
	case DRM_IOCTL_I915_GEM_BUSY: {
		const struct drm_i915_gem_busy *a = data;
		return snprintf(buf, len, "handle=%u -> busy=0x%x", a->handle, a->busy);
	}
	case DRM_IOCTL_I915_GEM_SET_DOMAIN: {
		const struct drm_i915_gem_set_domain *a = data;
		return snprintf(buf, len, "handle=%u read=0x%x write=0x%x", a->handle, a->read_domains,
				a->write_domain);
	}
	case DRM_IOCTL_I915_GEM_MMAP: {
		const struct drm_i915_gem_mmap *a = data;
		return snprintf(buf, len, "handle=%u offset=%llu size=%llu flags=0x%llx", a->handle,
				(unsigned long long)a->offset, (unsigned long long)a->size,
				(unsigned long long)a->flags);
	}
	case DRM_IOCTL_I915_GEM_MMAP_OFFSET: {
		const struct drm_i915_gem_mmap_offset *a = data;
		return snprintf(buf, len, "handle=%u flags=%llu", a->handle, (unsigned long long)a->flags);
	}
	case DRM_IOCTL_I915_GEM_MMAP_GTT: {
		const struct drm_i915_gem_mmap_gtt *a = data;
		return snprintf(buf, len, "handle=%u", a->handle);
	}
	case DRM_IOCTL_I915_GEM_WAIT: {
		const struct drm_i915_gem_wait *a = data;
		return snprintf(buf, len, "handle=%u timeout=%lld", a->bo_handle, (long long)a->timeout_ns);
	}
	case DRM_IOCTL_I915_GEM_SET_TILING: {
		const struct drm_i915_gem_set_tiling *a = data;
		return snprintf(buf, len, "handle=%u tiling=%u stride=%u", a->handle, a->tiling_mode, a->stride);
	}
	case DRM_IOCTL_I915_GEM_EXECBUFFER2:
	case DRM_IOCTL_I915_GEM_EXECBUFFER2_WR: {
		const struct drm_i915_gem_execbuffer2 *a = data;
		return snprintf(buf, len, "buffers=%u batch_len=%u flags=0x%llx ctx=%llu", a->buffer_count,
				a->batch_len, (unsigned long long)a->flags,
				(unsigned long long)(a->rsvd1 & 0xffffffffu));
	}
	default:
		return 0;
	}
}

/*
 * The files whose writes i915 acts on, seen when the writer closes them: i915_wedged (the
 * slot is its minor, gt/intel_reset.c), the error state's (ERROR_STATE_SLOT) and the
 * shim's i915_shim_scanout (SCANOUT_SLOT | its minor, display/intel_scanout.c).
 */
#define ERROR_STATE_SLOT 0x10000
#define SCANOUT_SLOT 0x20000

static int i915_control_find(struct shim_device *dev, const char *path)
{
	int minor = shim_gt_reset_control_minor(dev, path);
	if (minor >= 0)
		return minor;
	minor = intel_scanout_control_minor(dev, path);
	if (minor >= 0)
		return SCANOUT_SLOT | minor;
	return i915_error_state_control(dev, path) >= 0 ? ERROR_STATE_SLOT : -1;
}

static void i915_control_closed(struct shim_device *dev, unsigned slot)
{
	if (slot == ERROR_STATE_SLOT)
		i915_error_state_closed(dev);
	else if (slot & SCANOUT_SLOT)
		intel_scanout_control_closed(dev, slot & ~SCANOUT_SLOT);
	else
		shim_gt_reset_control_closed(dev, slot);
}

static const struct shim_driver i915_driver = {
	.name = "i915",
	.desc = "Intel Graphics",
	.date = "20201103",
	.major = 1,
	.minor = 6,
	.patchlevel = 0,
	.ioctls = i915_ioctls,
	.num_ioctls = sizeof(i915_ioctls) / sizeof(i915_ioctls[0]),
	.dumb_create = shim_i915_dumb_create_ioctl,
	.dumb_map_offset = shim_i915_dumb_mmap_offset,
	.postclose = shim_context_file_release,
	.reap = shim_gem_reap_mappings,
	.gem_free_object = i915_gem_free_object,
	.mmap = shim_device_mmap,
	.munmap = shim_gem_munmap,
	.gem_prime_export = i915_gem_prime_export,
	.gem_prime_mmap = shim_gem_map_range,
	.gem_prime_begin_cpu_access = i915_gem_begin_cpu_access,
	.trace_args = i915_trace_args,
	.mmio_map = intel_uncore_mmio_map,
	.mmio_access = intel_uncore_mmio_access,
	.populate_fs = i915_populate_fs,
	.control_minor = i915_control_find,
	.control_closed = i915_control_closed,
	.client_gone = i915_request_adopt,
	.engines_busy = shim_engines_busy,
	.mode_config_init = intel_modeset_init,
	.fb_create = intel_user_framebuffer_create,
	.mode_valid = intel_mode_valid,
	.plane_check = intel_plane_atomic_check,
	.cursor_check = intel_cursor_check,
	.crtc_updated = intel_crtc_updated,
	.check = &i915_driver_check,
	.pmu = &i915_pmu,
};

/* module_init: the core finds its driver before any program call reaches it. */
__attribute__((constructor(200))) static void i915_init(void)
{
	shim_driver_register(&i915_driver);
}
