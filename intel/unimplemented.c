/*
 * Entry points exported for ABI compatibility that this release does not
 * implement yet (relocations, execution, pinning, aperture checks, softpin,
 * 48-bit addressing, implicit-sync control, PRIME, the batch decoder) or
 * never will (the pre-GEM "fake" buffer manager, AUB dumping).
 *
 * Contract: each one validates nothing it does not need, touches no state,
 * never crashes on any argument, and reports -ENODEV (NULL for pointer
 * results; nothing for void functions). Queries whose true answer is known
 * without the feature return it: no bo has relocations, so get_reloc_count
 * is 0 and references is 0. Nothing is allocated, so nothing is handed out.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "intel/bufmgr_priv.h"

/* ---- relocations and execution (a later issue) ------------------------- */

drm_public int drm_intel_bo_emit_reloc(drm_intel_bo *bo, uint32_t offset,
				       drm_intel_bo *target_bo, uint32_t target_offset,
				       uint32_t read_domains, uint32_t write_domain)
{
	return -ENODEV;
}

drm_public int drm_intel_bo_emit_reloc_fence(drm_intel_bo *bo, uint32_t offset,
					     drm_intel_bo *target_bo, uint32_t target_offset,
					     uint32_t read_domains, uint32_t write_domain)
{
	return -ENODEV;
}

drm_public int drm_intel_gem_bo_get_reloc_count(drm_intel_bo *bo)
{
	return 0;
}

drm_public void drm_intel_gem_bo_clear_relocs(drm_intel_bo *bo, int start)
{
}

drm_public int drm_intel_bo_references(drm_intel_bo *bo, drm_intel_bo *target_bo)
{
	return 0;
}

drm_public int drm_intel_bo_exec(drm_intel_bo *bo, int used, struct drm_clip_rect *cliprects,
				 int num_cliprects, int DR4)
{
	return -ENODEV;
}

drm_public int drm_intel_bo_mrb_exec(drm_intel_bo *bo, int used,
				     struct drm_clip_rect *cliprects, int num_cliprects,
				     int DR4, unsigned int flags)
{
	return -ENODEV;
}

drm_public int drm_intel_gem_bo_context_exec(drm_intel_bo *bo, drm_intel_context *ctx,
					     int used, unsigned int flags)
{
	return -ENODEV;
}

drm_public int drm_intel_gem_bo_fence_exec(drm_intel_bo *bo, drm_intel_context *ctx,
					   int used, int in_fence, int *out_fence,
					   unsigned int flags)
{
	return -ENODEV;
}

drm_public int drm_intel_bufmgr_check_aperture_space(drm_intel_bo **bo_array, int count)
{
	return -ENODEV;
}

drm_public int drm_intel_bo_pin(drm_intel_bo *bo, uint32_t alignment)
{
	return -ENODEV;
}

drm_public int drm_intel_bo_unpin(drm_intel_bo *bo)
{
	return -ENODEV;
}

drm_public int drm_intel_bo_set_softpin_offset(drm_intel_bo *bo, uint64_t offset)
{
	return -ENODEV;
}

drm_public int drm_intel_bo_use_48b_address_range(drm_intel_bo *bo, uint32_t enable)
{
	return -ENODEV;
}

drm_public void drm_intel_gem_bo_disable_implicit_sync(drm_intel_bo *bo)
{
}

drm_public void drm_intel_gem_bo_enable_implicit_sync(drm_intel_bo *bo)
{
}

/* ---- PRIME (a later issue) --------------------------------------------- */

drm_public int drm_intel_bo_gem_export_to_prime(drm_intel_bo *bo, int *prime_fd)
{
	return -ENODEV;
}

drm_public drm_intel_bo *drm_intel_bo_gem_create_from_prime(drm_intel_bufmgr *bufmgr,
							    int prime_fd, int size)
{
	return NULL;
}

/* ---- batch decoder (a later issue) ------------------------------------- */

drm_public struct drm_intel_decode *drm_intel_decode_context_alloc(uint32_t devid)
{
	return NULL;
}

drm_public void drm_intel_decode_context_free(struct drm_intel_decode *ctx)
{
}

drm_public void drm_intel_decode_set_batch_pointer(struct drm_intel_decode *ctx, void *data,
						   uint32_t hw_offset, int count)
{
}

drm_public void drm_intel_decode_set_dump_past_end(struct drm_intel_decode *ctx,
						   int dump_past_end)
{
}

drm_public void drm_intel_decode_set_head_tail(struct drm_intel_decode *ctx, uint32_t head,
					       uint32_t tail)
{
}

drm_public void drm_intel_decode_set_output_file(struct drm_intel_decode *ctx, FILE *out)
{
}

drm_public void drm_intel_decode(struct drm_intel_decode *ctx)
{
}

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
