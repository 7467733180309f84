/* SPDX-License-Identifier: MIT */
/*
 * The context's batch, as i965's intel_batchbuffer.c kept it over
 * libdrm_intel: commands are written into CPU memory, relocations are
 * recorded against the batch object with drm_intel_bo_emit_reloc (the
 * presumed offset goes into the command so the kernel can skip the
 * patch), and at submit the words are copied into the object and run with
 * drm_intel_gem_bo_fence_exec on the BLT ring (gen6+) or the render ring,
 * with an in-fence when a fence wait is pending and an out-fence when a
 * caller wants a sync_file. Nothing of the blitter state outlives a
 * submit: BCS_SWCTRL is reset at the end of each batch that set it.
 *
 * Throttle: a context never has more than GL_BATCHES_IN_FLIGHT batches on
 * the GPU, so a program that flushes or swaps in a loop cannot run ahead of
 * the GPU without bound (i965 waited at each frame for the previous one).
 * With our libdrm_intel the throttle is its sync-object API
 * (drm_intel_throttle(3)); it cannot carry fences, so fenced batches, and
 * every batch over a libdrm_intel without that API (Debian's: the symbols
 * are weak), are throttled by waiting for the batch object submitted
 * GL_BATCHES_IN_FLIGHT batches earlier.
 *
 * Space: before each command gl_batch_reserve checks dwords, relocations
 * and the aperture for the objects the command adds; on a refusal it
 * submits and retries once, then answers -ENOSPC so the caller takes its
 * CPU path.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/gl/gl_priv.h"

#pragma weak drm_intel_throttle_create
#pragma weak drm_intel_throttle_submit
#pragma weak drm_intel_throttle_destroy

/* libdrm_intel asserts past batch_size/8 - 2 relocations; stay well under. */
#define GL_BATCH_MAX_RELOCS 1000
/* Room kept for the end of the batch: the BCS_SWCTRL reset, BATCH_END, padding. */
#define GL_BATCH_TAIL 6

void gl_batch_init(struct gl_context *ctx)
{
	ctx->batch.in_fence = -1;
	if (drm_intel_throttle_create)
		ctx->batch.throttle = drm_intel_throttle_create(ctx->screen->bufmgr, GL_BATCHES_IN_FLIGHT);
}

static int batch_start(struct gl_context *ctx)
{
	struct gl_batch *b = &ctx->batch;
	if (b->bo)
		return 0;
	b->bo = drm_intel_bo_alloc(ctx->screen->bufmgr, "gl batch", GL_BATCH_DWORDS * 4, 4096);
	if (!b->bo)
		return -ENOMEM;
	b->used = 0;
	b->relocs = 0;
	b->swctrl = 0;
	return 0;
}

static bool aperture_ok(struct gl_context *ctx, drm_intel_bo *const *bos, unsigned n)
{
	drm_intel_bo *list[8];
	unsigned k = 0;
	list[k++] = ctx->batch.bo;
	for (unsigned i = 0; i < n && k < 8; i++)
		if (!drm_intel_bo_references(ctx->batch.bo, bos[i]))
			list[k++] = bos[i];
	if (k == 1)
		return true;
	return drm_intel_bufmgr_check_aperture_space(list, (int)k) == 0;
}

static bool fits(struct gl_context *ctx, unsigned dwords, unsigned relocs, drm_intel_bo *const *bos, unsigned n)
{
	const struct gl_batch *b = &ctx->batch;
	return b->used + dwords + GL_BATCH_TAIL <= GL_BATCH_DWORDS && b->relocs + relocs <= GL_BATCH_MAX_RELOCS &&
	       aperture_ok(ctx, bos, n);
}

int gl_batch_reserve(struct gl_context *ctx, unsigned dwords, unsigned relocs, drm_intel_bo *const *bos,
		     unsigned n)
{
	if (ctx->lost)
		return -EIO;
	int ret = batch_start(ctx);
	if (ret < 0)
		return ret;
	if (fits(ctx, dwords, relocs, bos, n))
		return 0;
	if (ctx->batch.used == 0)
		return -ENOSPC;
	ret = gl_batch_flush(ctx, NULL);
	if (ret < 0)
		return ret;
	ret = batch_start(ctx);
	if (ret < 0)
		return ret;
	return fits(ctx, dwords, relocs, bos, n) ? 0 : -ENOSPC;
}

void gl_out(struct gl_context *ctx, uint32_t dw)
{
	ctx->batch.map[ctx->batch.used++] = dw;
}

void gl_out_reloc(struct gl_context *ctx, drm_intel_bo *bo, uint32_t delta, bool write, bool fenced)
{
	struct gl_batch *b = &ctx->batch;
	uint32_t domain = write ? I915_GEM_DOMAIN_RENDER : 0;
	uint64_t presumed = bo->offset64 + delta;
	if (fenced)
		drm_intel_bo_emit_reloc_fence(b->bo, b->used * 4, bo, delta, I915_GEM_DOMAIN_RENDER, domain);
	else
		drm_intel_bo_emit_reloc(b->bo, b->used * 4, bo, delta, I915_GEM_DOMAIN_RENDER, domain);
	b->relocs++;
	gl_out(ctx, (uint32_t)presumed);
	if (ctx->screen->gen >= 8)
		gl_out(ctx, (uint32_t)(presumed >> 32));
}

bool gl_batch_references(struct gl_context *ctx, drm_intel_bo *bo)
{
	return ctx->batch.bo && ctx->batch.used && drm_intel_bo_references(ctx->batch.bo, bo);
}

int gl_batch_flush(struct gl_context *ctx, int *out_fence)
{
	struct gl_batch *b = &ctx->batch;
	if (out_fence)
		*out_fence = -1;
	if (!b->bo || b->used == 0) {
		if (!out_fence)
			return 0;
		/* a fence needs a batch to signal it: an empty one */
		int ret = batch_start(ctx);
		if (ret < 0)
			return ret;
	}
	if (b->swctrl) {
		gl_out(ctx, MI_LOAD_REGISTER_IMM_N(1));
		gl_out(ctx, INTEL_BCS_SWCTRL);
		gl_out(ctx, INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y, 0));
	}
	gl_out(ctx, MI_BATCH_BUFFER_END);
	if (b->used & 1)
		gl_out(ctx, MI_NOOP);
	int ret = drm_intel_bo_subdata(b->bo, 0, b->used * 4, b->map);
	unsigned ring = ctx->screen->gen >= 6 ? I915_EXEC_BLT : I915_EXEC_RENDER;
	if (ret == 0 && b->throttle && b->in_fence < 0 && !out_fence) {
		ret = drm_intel_throttle_submit(b->throttle, b->bo, ctx->hw_ctx, (int)(b->used * 4), ring);
	} else if (ret == 0) {
		/* the batch GL_BATCHES_IN_FLIGHT fenced submissions ago must be done */
		drm_intel_bo **slot = &b->in_flight[b->in_flight_next];
		if (*slot) {
			drm_intel_bo_wait_rendering(*slot);
			drm_intel_bo_unreference(*slot);
			*slot = NULL;
		}
		ret = drm_intel_gem_bo_fence_exec(b->bo, ctx->hw_ctx, (int)(b->used * 4), b->in_fence, out_fence,
						  ring);
		if (ret == 0) {
			drm_intel_bo_reference(b->bo);
			*slot = b->bo;
			b->in_flight_next = (b->in_flight_next + 1) % GL_BATCHES_IN_FLIGHT;
		}
	}
	if (b->in_fence >= 0) {
		close(b->in_fence);
		b->in_fence = -1;
	}
	drm_intel_bo_unreference(b->last);
	b->last = b->bo;
	b->bo = NULL;
	b->used = 0;
	b->relocs = 0;
	b->swctrl = 0;
	if (ret == -EIO)
		ctx->lost = true;
	return ret;
}

void gl_batch_fini(struct gl_context *ctx)
{
	struct gl_batch *b = &ctx->batch;
	gl_batch_flush(ctx, NULL);
	drm_intel_bo_unreference(b->bo);
	drm_intel_bo_unreference(b->last);
	b->bo = b->last = NULL;
	if (b->in_fence >= 0)
		close(b->in_fence);
	b->in_fence = -1;
	if (b->throttle)
		drm_intel_throttle_destroy(b->throttle);
	b->throttle = NULL;
	for (int i = 0; i < GL_BATCHES_IN_FLIGHT; i++) {
		drm_intel_bo_unreference(b->in_flight[i]);
		b->in_flight[i] = NULL;
	}
}
