/* SPDX-License-Identifier: MIT */
/*
 * Submission: drm_intel_bo_exec(), _mrb_exec(), drm_intel_gem_bo_context_exec(),
 * _fence_exec(), and pin/unpin.
 *
 * One routine does every exec, under mgr->lock from the first look at the
 * relocation trees to the last write-back, so submissions on one bufmgr are
 * serialised as in libdrm. It builds the validation list depth-first from the
 * batch's relocation and softpin targets with the batch last, issues
 * EXECBUFFER2_WR, writes the returned offsets into offset64/offset (even on
 * failure, as the kernel may have moved objects), marks every listed bo busy
 * (its idle hint cleared) and, with set_debug on, dumps the list to stderr.
 *
 * Lifetimes: the validation list is built in arrays owned by this call and
 * freed before it returns; it holds no references (the relocation entries
 * already do). A sync_file returned through out_fence belongs to the caller.
 * Errors come back as -errno from the kernel unchanged (for example -ENOSYS
 * for fence flags the kernel lacks), -EINVAL for a bad ring or bad argument,
 * -ENOMEM when a relocation array failed to grow.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

struct exec_list {
	struct drm_i915_gem_exec_object2 *objs;
	struct intel_bo **bos;
	int count, cap;
	int error;
};

static void list_add(struct exec_list *l, struct intel_bo *bo, bool fenced)
{
	struct drm_i915_gem_exec_object2 *o;

	if (bo->exec_index) {
		if (fenced)
			l->objs[bo->exec_index - 1].flags |= EXEC_OBJECT_NEEDS_FENCE;
		return;
	}
	if (l->count == l->cap) {
		int cap = l->cap ? l->cap * 2 : 5;
		void *p = realloc(l->objs, (size_t)cap * sizeof(*l->objs));
		if (!p) {
			l->error = -ENOMEM;
			return;
		}
		l->objs = p;
		p = realloc(l->bos, (size_t)cap * sizeof(*l->bos));
		if (!p) {
			l->error = -ENOMEM;
			return;
		}
		l->bos = p;
		l->cap = cap;
	}
	o = &l->objs[l->count];
	memset(o, 0, sizeof(*o));
	o->handle = (uint32_t)bo->base.handle;
	o->relocation_count = (uint32_t)bo->reloc_count;
	o->relocs_ptr = (uintptr_t)bo->relocs;
	o->alignment = bo->base.align;
	o->offset = bo->base.offset64;
	o->flags = bo->kflags | (fenced ? EXEC_OBJECT_NEEDS_FENCE : 0);
	l->bos[l->count] = bo;
	bo->exec_index = ++l->count;
}

/* Makes a bo's CPU/WC maps no-access for memcheck while the GPU owns it. */
static void mark_incoherent(struct intel_bo *bo)
{
#ifdef HAVE_VALGRIND_MEMCHECK_H
	if (bo->mem_virtual)
		VALGRIND_MAKE_MEM_NOACCESS(bo->mem_virtual, bo->base.size);
	if (bo->wc_virtual)
		VALGRIND_MAKE_MEM_NOACCESS(bo->wc_virtual, bo->base.size);
	if (bo->gtt_virtual)
		VALGRIND_MAKE_MEM_NOACCESS(bo->gtt_virtual, bo->base.size);
#else
	(void)bo;
#endif
}

/*
 * Depth first: each target's own tree, then the target. A target already on
 * the list only gains NEEDS_FENCE; its tree is already there (libdrm walks it
 * again, which changes nothing but costs time exponential in shared subtrees).
 */
static void list_add_tree(struct exec_list *l, struct intel_bo *bo)
{
	for (int i = 0; i < bo->reloc_count; i++) {
		struct intel_bo *t = bo->reloc_targets[i].bo;
		if (t == bo)
			continue;
		mark_incoherent(bo);
		if (!t->exec_index)
			list_add_tree(l, t);
		list_add(l, t, bo->reloc_targets[i].fenced);
	}
	for (int i = 0; i < bo->softpin_count; i++) {
		struct intel_bo *t = bo->softpin_targets[i];
		if (!t->exec_index)
			list_add_tree(l, t);
		list_add(l, t, false);
	}
}

static const char *bo_label(const struct intel_bo *bo)
{
	return bo->name ? bo->name : "";
}

static void list_dump(drm_intel_bufmgr *mgr, const struct exec_list *l)
{
	for (int i = 0; i < l->count; i++) {
		const struct intel_bo *bo = l->bos[i];
		const char *pin = (bo->kflags & EXEC_OBJECT_PINNED) ? "*" : "";

		if (bo->reloc_count == 0 && bo->softpin_count == 0) {
			INTEL_DBG(mgr, "%2d: %d %s(%s)\n", i, bo->base.handle, pin, bo_label(bo));
			continue;
		}
		for (int j = 0; j < bo->reloc_count; j++) {
			const struct drm_i915_gem_relocation_entry *r = &bo->relocs[j];
			const struct intel_bo *t = bo->reloc_targets[j].bo;
			uint64_t where = r->offset;
			INTEL_DBG(mgr, "%2d: %d %s(%s)@0x%08x %08x -> %d (%s)@0x%08x %08x + 0x%08x\n",
				  i, bo->base.handle, pin, bo_label(bo),
				  (uint32_t)(where >> 32), (uint32_t)where, t->base.handle,
				  bo_label(t), (uint32_t)(t->base.offset64 >> 32),
				  (uint32_t)t->base.offset64, r->delta);
		}
		for (int j = 0; j < bo->softpin_count; j++) {
			const struct intel_bo *t = bo->softpin_targets[j];
			INTEL_DBG(mgr, "%2d: %d %s(%s) -> %d *(%s)@0x%08x %08x\n",
				  i, bo->base.handle, pin, bo_label(bo), t->base.handle,
				  bo_label(t), (uint32_t)(t->base.offset64 >> 32),
				  (uint32_t)t->base.offset64);
		}
	}
}

static int ring_check(drm_intel_bufmgr *mgr, unsigned int flags)
{
	switch (flags & I915_EXEC_RING_MASK) {
	case I915_EXEC_DEFAULT:
	case I915_EXEC_RENDER:
		return 0;
	case I915_EXEC_BSD:
		return mgr->has_bsd ? 0 : -EINVAL;
	case I915_EXEC_BLT:
		return mgr->has_blt ? 0 : -EINVAL;
	case I915_EXEC_VEBOX:
		return mgr->has_vebox ? 0 : -EINVAL;
	default:
		return -EINVAL;
	}
}

int intel_exec(drm_intel_bo *b, drm_intel_context *ctx, int used,
	       struct drm_clip_rect *cliprects, int num_cliprects, int DR4,
	       int in_fence, int *out_fence, unsigned int flags)
{
	struct drm_i915_gem_execbuffer2 eb;
	struct exec_list l = { 0 };
	drm_intel_bufmgr *mgr;
	struct intel_bo *batch;
	int ret;

	if (!b || used < 0 || num_cliprects < 0 || (num_cliprects && !cliprects))
		return -EINVAL;
	if (ctx && ctx->bufmgr != b->bufmgr)
		return -EINVAL;
	batch = to_intel_bo(b);
	mgr = b->bufmgr;
	if (batch->has_error)
		return -ENOMEM;
	ret = ring_check(mgr, flags);
	if (ret)
		return ret;

	pthread_mutex_lock(&mgr->lock);
	list_add_tree(&l, batch);
	list_add(&l, batch, false);
	if (l.error) {
		ret = l.error;
		goto out;
	}

	memset(&eb, 0, sizeof(eb));
	eb.buffers_ptr = (uintptr_t)l.objs;
	eb.buffer_count = (uint32_t)l.count;
	eb.batch_start_offset = 0;
	eb.batch_len = (uint32_t)used;
	eb.cliprects_ptr = (uintptr_t)cliprects;
	eb.num_cliprects = (uint32_t)num_cliprects;
	eb.DR1 = 0;
	eb.DR4 = (uint32_t)DR4;
	eb.flags = flags;
	eb.rsvd1 = ctx ? ctx->ctx_id : 0;
	if (in_fence != -1) {
		eb.rsvd2 = (uint32_t)in_fence;
		eb.flags |= I915_EXEC_FENCE_IN;
	}
	if (out_fence) {
		*out_fence = -1;
		eb.flags |= I915_EXEC_FENCE_OUT;
	}

	ret = mgr->no_exec ? 0 : intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
	if (ret == -ENOSPC) {
		unsigned long est = 0;
		for (int i = 0; i < l.count; i++)
			est += l.bos[i]->base.size;
		INTEL_DBG(mgr, "Execbuffer fails to pin. Estimate: %lu. Available: %llu\n",
			  est, (unsigned long long)mgr->gtt_size);
	}

	/* The kernel reports where everything went, even when the exec failed. */
	for (int i = 0; i < l.count; i++) {
		struct intel_bo *bo = l.bos[i];
		uint64_t off = l.objs[i].offset;

		if (off == bo->base.offset64 || (bo->kflags & EXEC_OBJECT_PINNED))
			continue;
		INTEL_DBG(mgr, "BO %d (%s) migrated: 0x%08x %08x -> 0x%08x %08x\n",
			  bo->base.handle, bo_label(bo), (uint32_t)(bo->base.offset64 >> 32),
			  (uint32_t)bo->base.offset64, (uint32_t)(off >> 32), (uint32_t)off);
		bo->base.offset64 = off;
		bo->base.offset = (unsigned long)off;
	}
	if (ret == 0 && out_fence)
		*out_fence = (int)(eb.rsvd2 >> 32);

out:
	if (mgr->debug)
		list_dump(mgr, &l);
	for (int i = 0; i < l.count; i++) {
		l.bos[i]->idle = false;
		l.bos[i]->exec_index = 0;
	}
	pthread_mutex_unlock(&mgr->lock);
	free(l.objs);
	free(l.bos);
	return ret;
}

drm_public int drm_intel_bo_exec(drm_intel_bo *bo, int used, struct drm_clip_rect *cliprects,
				 int num_cliprects, int DR4)
{
	return intel_exec(bo, NULL, used, cliprects, num_cliprects, DR4, -1, NULL,
		       I915_EXEC_RENDER);
}

drm_public int drm_intel_bo_mrb_exec(drm_intel_bo *bo, int used,
				     struct drm_clip_rect *cliprects, int num_cliprects,
				     int DR4, unsigned int flags)
{
	return intel_exec(bo, NULL, used, cliprects, num_cliprects, DR4, -1, NULL, flags);
}

drm_public int drm_intel_gem_bo_context_exec(drm_intel_bo *bo, drm_intel_context *ctx,
					     int used, unsigned int flags)
{
	return intel_exec(bo, ctx, used, NULL, 0, 0, -1, NULL, flags);
}

drm_public int drm_intel_gem_bo_fence_exec(drm_intel_bo *bo, drm_intel_context *ctx,
					   int used, int in_fence, int *out_fence,
					   unsigned int flags)
{
	return intel_exec(bo, ctx, used, NULL, 0, 0, in_fence, out_fence, flags);
}

/* ---- pinning (root-only legacy ioctls; modern kernels refuse them) ----- */

drm_public int drm_intel_bo_pin(drm_intel_bo *bo, uint32_t alignment)
{
	struct drm_i915_gem_pin pin;
	int ret;

	if (!bo)
		return -EINVAL;
	memset(&pin, 0, sizeof(pin));
	pin.handle = (uint32_t)bo->handle;
	pin.alignment = alignment;
	ret = intel_ioctl(bo->bufmgr->fd, DRM_IOCTL_I915_GEM_PIN, &pin);
	if (ret)
		return ret;
	bo->offset64 = pin.offset;
	bo->offset = (unsigned long)pin.offset;
	return 0;
}

drm_public int drm_intel_bo_unpin(drm_intel_bo *bo)
{
	struct drm_i915_gem_unpin unpin;

	if (!bo)
		return -EINVAL;
	memset(&unpin, 0, sizeof(unpin));
	unpin.handle = (uint32_t)bo->handle;
	return intel_ioctl(bo->bufmgr->fd, DRM_IOCTL_I915_GEM_UNPIN, &unpin);
}
