/* SPDX-License-Identifier: MIT */
/*
 * I915_GETPARAM: the device model's answers (doc/uapi-conformance.md §11,
 * Linux 6.1 rules: unknown params EINVAL, the retired UMS ones ENODEV, a
 * zero SSEU value ENODEV).
 */
#include "config.h"

#include <errno.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/user_copy.h"
#include "drm/drm_ioctl.h"

int shim_i915_getparam_ioctl(struct shim_call *call, void *data);

static int param_value(const struct shim_device_model *m, int param, int *value)
{
	switch (param) {
	case I915_PARAM_IRQ_ACTIVE:
	case I915_PARAM_ALLOW_BATCHBUFFER:
	case I915_PARAM_LAST_DISPATCH:
	case I915_PARAM_HAS_EXEC_CONSTANTS:
		return -ENODEV;
	case I915_PARAM_CHIPSET_ID:
		*value = m->devid;
		return 0;
	case I915_PARAM_REVISION:
		*value = m->revision;
		return 0;
	case I915_PARAM_NUM_FENCES_AVAIL:
		*value = m->num_fences;
		return 0;
	case I915_PARAM_HAS_OVERLAY:
	case I915_PARAM_HAS_RESOURCE_STREAMER:
	case I915_PARAM_HAS_SECURE_BATCHES:
		*value = 0;
		return 0;
	case I915_PARAM_HAS_GEM:
	case I915_PARAM_HAS_PAGEFLIPPING:
	case I915_PARAM_HAS_EXECBUF2:
	case I915_PARAM_HAS_RELAXED_FENCING:
	case I915_PARAM_HAS_COHERENT_RINGS:
	case I915_PARAM_HAS_RELAXED_DELTA:
	case I915_PARAM_HAS_GEN7_SOL_RESET:
	case I915_PARAM_HAS_WAIT_TIMEOUT:
	case I915_PARAM_HAS_PRIME_VMAP_FLUSH:
	case I915_PARAM_HAS_PINNED_BATCHES:
	case I915_PARAM_HAS_EXEC_NO_RELOC:
	case I915_PARAM_HAS_EXEC_HANDLE_LUT:
	case I915_PARAM_HAS_COHERENT_PHYS_GTT:
	case I915_PARAM_HAS_EXEC_SOFTPIN:
	case I915_PARAM_HAS_EXEC_ASYNC:
	case I915_PARAM_HAS_EXEC_FENCE:
	case I915_PARAM_HAS_EXEC_CAPTURE:
	case I915_PARAM_HAS_EXEC_BATCH_FIRST:
	case I915_PARAM_HAS_EXEC_FENCE_ARRAY:
	case I915_PARAM_HAS_EXEC_SUBMIT_FENCE:
	case I915_PARAM_HAS_EXEC_TIMELINE_FENCES:
	case I915_PARAM_HAS_USERPTR_PROBE:
	case I915_PARAM_MMAP_VERSION:
	case I915_PARAM_MMAP_GTT_COHERENT:
		*value = 1;
		return 0;
	case I915_PARAM_HAS_BSD:
		*value = m->has_bsd;
		return 0;
	case I915_PARAM_HAS_BSD2:
		*value = m->has_bsd2;
		return 0;
	case I915_PARAM_HAS_BLT:
		*value = m->has_blt;
		return 0;
	case I915_PARAM_HAS_VEBOX:
		*value = m->has_vebox;
		return 0;
	case I915_PARAM_HAS_LLC:
		*value = m->has_llc;
		return 0;
	case I915_PARAM_HAS_WT:
		*value = m->has_edram;
		return 0;
	case I915_PARAM_HAS_ALIASING_PPGTT:
		*value = m->ppgtt_type;
		return 0;
	case I915_PARAM_HAS_SEMAPHORES:
		*value = m->gen >= 8;
		return 0;
	case I915_PARAM_CMD_PARSER_VERSION:
		*value = m->cmd_parser_version;
		return 0;
	case I915_PARAM_SUBSLICE_TOTAL:
		*value = m->subslice_total;
		return *value ? 0 : -ENODEV;
	case I915_PARAM_EU_TOTAL:
		*value = m->eu_total;
		return *value ? 0 : -ENODEV;
	case I915_PARAM_SLICE_MASK:
		*value = m->slice_mask;
		return *value ? 0 : -ENODEV;
	case I915_PARAM_SUBSLICE_MASK:
		*value = m->subslice_mask;
		return *value ? 0 : -ENODEV;
	case I915_PARAM_HAS_GPU_RESET:
		*value = m->gen >= 8 ? 2 : 1;
		return 0;
	case I915_PARAM_HAS_POOLED_EU:
		*value = m->has_pooled_eu;
		return 0;
	case I915_PARAM_MIN_EU_IN_POOL:
		*value = m->min_eu_in_pool;
		return 0;
	case I915_PARAM_MMAP_GTT_VERSION:
		*value = 4;
		return 0;
	case I915_PARAM_HAS_SCHEDULER:
		*value = m->gen >= 8 ? 0x1f : 0;
		return 0;
	case I915_PARAM_HUC_STATUS:
		return m->gen >= 9 ? -EOPNOTSUPP : -ENODEV;
	case I915_PARAM_HAS_CONTEXT_ISOLATION:
		/* The classes whose engines have a default context image: every
		 * engine from gen8 (execlists), only render on gen6/7. */
		*value = m->gen >= 8 ? 1 << SHIM_ENGINE_RENDER | m->has_blt << SHIM_ENGINE_COPY |
				       m->has_bsd << SHIM_ENGINE_VIDEO |
				       m->has_vebox << SHIM_ENGINE_VIDEO_ENHANCE :
			 m->gen >= 6 ? 1 << SHIM_ENGINE_RENDER : 0;
		return 0;
	case I915_PARAM_CS_TIMESTAMP_FREQUENCY:
		*value = (int)m->cs_timestamp_hz;
		return *value ? 0 : -ENODEV;
	case I915_PARAM_PERF_REVISION:
		*value = 5;
		return 0;
	default:
		return -EINVAL;
	}
}

int shim_i915_getparam_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_getparam *gp = data;
	int value = 0;
	int ret = param_value(call->dev->model, gp->param, &value);
	if (ret)
		return ret;
	return shim_copy_to_user(shim_uptr(gp->value), &value, sizeof(value));
}
