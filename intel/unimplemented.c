/* SPDX-License-Identifier: MIT */
/*
 * Entry points exported for ABI compatibility that this release never
 * implements (the pre-GEM "fake" buffer manager, AUB dumping). Relocations
 * and execution live in bo_reloc.c and exec.c, PRIME in bo_prime.c, the
 * batch decoder in decode*.c.
 *
 * Contract: each one validates nothing it does not need, touches no state,
 * never crashes on any argument, and reports -ENODEV (NULL for pointer
 * results; nothing for void functions). Queries whose true answer is known
 * without the feature return it. Nothing is allocated, so nothing is
 * handed out.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "intel/bufmgr_priv.h"

/* ---- AUB dumping: removed upstream, kept as no-ops --------------------- */

drm_public void drm_intel_bufmgr_gem_set_aub_filename(drm_intel_bufmgr *bufmgr,
						      const char *filename)
{
}

drm_public void drm_intel_bufmgr_gem_set_aub_dump(drm_intel_bufmgr *bufmgr, int enable)
{
	fprintf(stderr, "libdrm_intel: AUB dumping is not supported; "
		"capture with intel_aubdump from intel-gpu-tools instead.\n");
}

drm_public void drm_intel_gem_bo_aub_dump_bmp(drm_intel_bo *bo, int x1, int y1, int width,
					      int height, enum aub_dump_bmp_format format,
					      int pitch, int offset)
{
}

drm_public void drm_intel_bufmgr_gem_set_aub_annotations(drm_intel_bo *bo,
							 drm_intel_aub_annotation *annotations,
							 unsigned count)
{
}

/* ---- the pre-GEM "fake" buffer manager: never available ---------------- */

drm_public drm_intel_bufmgr *drm_intel_bufmgr_fake_init(int fd, unsigned long low_offset,
							void *low_virtual, unsigned long size,
							volatile unsigned int *last_dispatch)
{
	return NULL;
}

drm_public void drm_intel_bufmgr_fake_set_last_dispatch(drm_intel_bufmgr *bufmgr,
							volatile unsigned int *last_dispatch)
{
}

drm_public void drm_intel_bufmgr_fake_set_exec_callback(drm_intel_bufmgr *bufmgr,
							int (*exec)(drm_intel_bo *bo,
								    unsigned int used,
								    void *priv),
							void *priv)
{
}

drm_public void drm_intel_bufmgr_fake_set_fence_callback(drm_intel_bufmgr *bufmgr,
							 unsigned int (*emit)(void *priv),
							 void (*wait)(unsigned int fence,
								      void *priv),
							 void *priv)
{
}

drm_public drm_intel_bo *drm_intel_bo_fake_alloc_static(drm_intel_bufmgr *bufmgr,
							const char *name,
							unsigned long offset,
							unsigned long size, void *virt)
{
	return NULL;
}

drm_public void drm_intel_bo_fake_disable_backing_store(drm_intel_bo *bo,
							void (*invalidate_cb)(drm_intel_bo *bo,
									      void *ptr),
							void *ptr)
{
}

drm_public void drm_intel_bufmgr_fake_contended_lock_take(drm_intel_bufmgr *bufmgr)
{
}

drm_public void drm_intel_bufmgr_fake_evict_all(drm_intel_bufmgr *bufmgr)
{
}
