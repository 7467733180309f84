/* SPDX-License-Identifier: MIT */
/*
 * The batch writer (SNA's kgem, small): one batch per device, built in CPU
 * memory, commands appended with their relocations recorded through
 * drm_intel_bo_emit_reloc on a batch BO (with the presumed offset written
 * in, so the kernel can skip the patch), checked before each command for
 * dwords, relocations, distinct objects and aperture
 * (drm_intel_bufmgr_check_aperture_space), and submitted with
 * drm_intel_bo_mrb_exec on the blitter ring (the render ring before gen6).
 *
 * Lifetimes: the batch BO holds a reference on every object a relocation
 * names, until the batch BO is released after submission; we keep one more
 * reference on the last submitted batch for gem2d_finish. No blitter state
 * is assumed to survive a submit: the setup cache is cleared.
 *
 * A failed execbuffer wedges the device: every later request takes the CPU
 * path, which gives the same pixels.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/2d/gem2d_priv.h"

static void forget_state(struct g2d_batch *b)
{
	memset(&b->setup, 0, sizeof(b->setup));
	b->swctrl = ~0u;
}

static int batch_start(gem2d_device *dev)
{
	struct g2d_batch *b = &dev->batch;
	if (b->bo)
		return 0;
	b->bo = drm_intel_bo_alloc(dev->bufmgr, "gem2d batch", sizeof(b->dw), 4096);
	if (!b->bo)
		return -ENOMEM;
	b->n = 0;
	b->nreloc = 0;
	b->ntargets = 0;
	forget_state(b);
	return 0;
}

bool g2d_batch_references(gem2d_device *dev, drm_intel_bo *bo)
{
	struct g2d_batch *b = &dev->batch;
	for (unsigned i = 0; i < b->ntargets; i++)
		if (b->targets[i] == bo)
			return true;
	return false;
}

static unsigned new_targets(gem2d_device *dev, drm_intel_bo *const *bos, unsigned n)
{
	unsigned count = 0;
	for (unsigned i = 0; i < n; i++) {
		bool seen = !bos[i] || g2d_batch_references(dev, bos[i]);
		for (unsigned j = 0; j < i && !seen; j++)
			seen = bos[j] == bos[i];
		count += !seen;
	}
	return count;
}

/* Would the kernel find room in the aperture for the batch and bos? */
static bool aperture_ok(gem2d_device *dev, drm_intel_bo *const *bos, unsigned n)
{
	drm_intel_bo *list[1 + 8];
	unsigned count = 0;
	if (n > 8)
		return false;
	list[count++] = dev->batch.bo;
	for (unsigned i = 0; i < n; i++)
		if (bos[i])
			list[count++] = bos[i];
	return drm_intel_bufmgr_check_aperture_space(list, (int)count) == 0;
}

static bool fits(gem2d_device *dev, unsigned dwords, unsigned relocs, drm_intel_bo *const *bos,
		 unsigned n)
{
	struct g2d_batch *b = &dev->batch;
	unsigned fresh;
	if (b->n + dwords + G2D_BATCH_RESERVED > G2D_BATCH_DWORDS || b->nreloc + relocs > G2D_BATCH_RELOCS)
		return false;
	fresh = new_targets(dev, bos, n);
	/* The aperture only grows with objects the batch does not name yet:
	 * ask the bufmgr then, as SNA's kgem_check_bo does. */
	return b->ntargets + fresh <= G2D_BATCH_TARGETS && (!fresh || aperture_ok(dev, bos, n));
}

int g2d_batch_reserve(gem2d_device *dev, unsigned dwords, unsigned relocs, drm_intel_bo *const *bos,
		      unsigned n)
{
	int ret = batch_start(dev);
	if (ret)
		return ret;
	if (fits(dev, dwords, relocs, bos, n))
		return 0;
	if (dev->batch.n == 0)
		return -ENOSPC;		/* an empty batch cannot hold it either */
	dev->stats.aperture_flushes++;
	ret = g2d_batch_submit(dev);
	if (ret)
		return ret;
	ret = batch_start(dev);
	if (ret)
		return ret;
	return fits(dev, dwords, relocs, bos, n) ? 1 : -ENOSPC;
}

static void note_target(gem2d_device *dev, drm_intel_bo *bo)
{
	struct g2d_batch *b = &dev->batch;
	if (!g2d_batch_references(dev, bo) && b->ntargets < G2D_BATCH_TARGETS)
		b->targets[b->ntargets++] = bo;
}

void g2d_out_reloc(gem2d_device *dev, drm_intel_bo *bo, uint32_t delta, bool write, bool fenced)
{
	struct g2d_batch *b = &dev->batch;
	uint64_t presumed = bo->offset64 + delta;
	uint32_t wd = write ? I915_GEM_DOMAIN_RENDER : 0;
	int ret;
	if (fenced)
		ret = drm_intel_bo_emit_reloc_fence(b->bo, b->n * 4, bo, delta, I915_GEM_DOMAIN_RENDER, wd);
	else
		ret = drm_intel_bo_emit_reloc(b->bo, b->n * 4, bo, delta, I915_GEM_DOMAIN_RENDER, wd);
	/* reserve checked the counts; a refusal here is a bufmgr limit we did
	 * not know, and the kernel would read a wrong address: wedge. */
	if (ret)
		dev->wedged = true;
	b->nreloc++;
	dev->stats.relocs++;
	note_target(dev, bo);
	g2d_out(dev, (uint32_t)presumed);
	if (dev->gen >= 8)
		g2d_out(dev, (uint32_t)(presumed >> 32));
}

void g2d_count_command(gem2d_device *dev, uint32_t dw0)
{
	dev->stats.commands[INTEL_2D_OPCODE(dw0)]++;
}

int g2d_batch_submit(gem2d_device *dev)
{
	return g2d_batch_submit_fence(dev, NULL);
}

/*
 * A pending in-fence goes with the first batch that has commands (an empty
 * one is not submitted: the fence waits for the next). The kernel holds its
 * own reference from the execbuffer on, so ours is closed then; if the
 * execbuffer fails, the CPU replay waits for it instead.
 */
int g2d_batch_submit_fence(gem2d_device *dev, int *out_fence)
{
	struct g2d_batch *b = &dev->batch;
	int ret;
	if (out_fence)
		*out_fence = -1;
	if (!b->bo)
		return 0;
	if (b->n == 0) {
		drm_intel_bo_unreference(b->bo);
		b->bo = NULL;
		return 0;
	}
	g2d_out(dev, MI_BATCH_BUFFER_END);
	if (b->n & 1)
		g2d_out(dev, MI_NOOP);
	ret = dev->wedged ? -EIO : drm_intel_bo_subdata(b->bo, 0, b->n * 4, b->dw);
	if (ret == 0 && (dev->in_fence >= 0 || out_fence))
		ret = drm_intel_gem_bo_fence_exec(b->bo, NULL, (int)(b->n * 4), dev->in_fence, out_fence,
						  dev->ring);
	else if (ret == 0)
		ret = drm_intel_bo_mrb_exec(b->bo, (int)(b->n * 4), NULL, 0, 0, dev->ring);
	if (ret == 0 && dev->in_fence >= 0) {
		close(dev->in_fence);
		dev->in_fence = -1;
	}
	if (ret == 0) {
		g2d_replay_forget(dev);
		dev->stats.batches++;
		dev->stats.batch_dwords += b->n;
		if (b->last)
			drm_intel_bo_unreference(b->last);
		b->last = b->bo;
	} else {
		/* The batch's pixels are lost with the GPU; from here on the
		 * CPU draws. Callers see the error once. */
		dev->wedged = true;
		drm_intel_bo_unreference(b->bo);
	}
	b->bo = NULL;
	b->n = 0;
	b->nreloc = 0;
	b->ntargets = 0;
	forget_state(b);
	if (ret) {
		/* Draw what the batch held on the CPU; the caller still sees
		 * the error once, and every later request uses the CPU. */
		g2d_replay_run(dev);
	}
	return ret < 0 ? ret : (ret ? -EIO : 0);
}

int g2d_batch_wait(gem2d_device *dev)
{
	if (dev->batch.last)
		drm_intel_bo_wait_rendering(dev->batch.last);
	return 0;
}

void g2d_batch_fini(gem2d_device *dev)
{
	struct g2d_batch *b = &dev->batch;
	g2d_replay_fini(dev);
	if (b->bo)
		drm_intel_bo_unreference(b->bo);
	if (b->last)
		drm_intel_bo_unreference(b->last);
	b->bo = b->last = NULL;
}
