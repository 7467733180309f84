/* SPDX-License-Identifier: MIT */
/*
 * The GTT view of tiled objects.
 *
 * On hardware a GTT mapping of a tiled object goes through a fence register,
 * which detiles on the fly: the CPU sees the object as linear rows of
 * `stride` bytes while the pages keep the tiled (and swizzled) layout. The
 * shim keeps a second range in the memory file, the view, holding the
 * linear bytes; every process's GTT mapping of the object maps that same
 * range, so GTT users agree with each other at once. View and pages are
 * reconciled at the points a driver synchronises, as the kernel's domain
 * tracking has them: moving into the GTT domain (SET_DOMAIN, a GTT mmap)
 * detiles the pages into the view if they are newer; moving out of it
 * (pread/pwrite, a CPU map or domain, exec, a tiling change, munmap of a GTT
 * map) tiles the view back into the pages. The view lives as long as the
 * object. A conversion that meets a page the memory file cannot give stops
 * there (ENOMEM for prepare; a flush leaves the view dirty, to try again).
 */
#include "config.h"

#include <errno.h>
#include <i915_drm.h>

#include "base/fault_guard.h"
#include "base/journal.h"
#include "drm/dma_fence.h"
#include "hw/tiling.h"
#include "i915/i915_gem_object.h"

/* One detile or retile of a whole object, run under a fault guard: the view and the
 * pages are object memory, which a full tmpfs may not be able to give. */
struct convert {
	const struct shim_device *dev;
	const struct i915_gem_object *obj;
	const uint8_t *from;
	uint8_t *to;
	bool to_view;
};

static void convert_fn(void *arg)
{
	const struct convert *c = arg;
	const struct i915_gem_object *o = c->obj;
	unsigned gen = c->dev->model->gen;
	if (c->to_view)
		shim_detile(gen, o->tiling_mode, o->swizzle_mode, o->stride, o->base.size, c->from, c->to);
	else
		shim_retile(gen, o->tiling_mode, o->swizzle_mode, o->stride, o->base.size, c->from, c->to);
}

static bool convert_expects(void *arg, uintptr_t addr)
{
	const struct convert *c = arg;
	uint64_t size = c->obj->base.size;
	return addr - (uintptr_t)c->from < size || addr - (uintptr_t)c->to < size;
}

/* 0, or -ENOMEM when a page of either range could not be had. */
static int convert(const struct shim_device *dev, const struct i915_gem_object *obj,
		   const uint8_t *from, uint8_t *to, bool to_view)
{
	struct convert c = { dev, obj, from, to, to_view };
	return shim_fault_call(convert_fn, &c, convert_expects, NULL) ? -ENOMEM : 0;
}

bool shim_gem_needs_view(const struct i915_gem_object *obj)
{
	return obj->tiling_mode != I915_TILING_NONE && obj->stride;
}

void shim_gem_flush_view(struct shim_device *dev, struct i915_gem_object *obj)
{
	if (!(obj->flags & SHIM_OBJ_HAS_VIEW) || obj->view_state != SHIM_VIEW_DIRTY)
		return;
	uint8_t *view = shim_mem_ptr(&dev->mem, obj->view_off, obj->base.size);
	uint8_t *pages = shim_mem_ptr(&dev->mem, obj->mem_off, obj->base.size);
	if (view && pages && shim_gem_needs_view(obj) && convert(dev, obj, view, pages, false))
		return;		/* out of memory: the view stays the newer copy, for the next flush */
	SHIM_SET(obj->view_state, SHIM_VIEW_CLEAN);
}

void shim_gem_invalidate_view(struct shim_device *dev, struct i915_gem_object *obj)
{
	if (obj->flags & SHIM_OBJ_HAS_VIEW)
		SHIM_SET(obj->view_state, SHIM_VIEW_STALE);
}

int shim_gem_prepare_view(struct shim_device *dev, struct i915_gem_object *obj, bool write)
{
	int ret = shim_gem_object_get_pages(dev, obj);
	if (ret)
		return ret;
	if (!(obj->flags & SHIM_OBJ_HAS_VIEW)) {
		uint64_t view_off;
		ret = shim_mem_alloc(&dev->mem, obj->base.size, &view_off);
		if (ret)
			return ret;
		SHIM_SET(obj->view_off, view_off);
		SHIM_OR(obj->flags, SHIM_OBJ_HAS_VIEW);
		SHIM_SET(obj->view_state, SHIM_VIEW_STALE);
	}
	/*
	 * A GPU write still running (an mmap right after an execbuffer) leaves
	 * the pages half written: what we copy now is not the object's final
	 * content, so the view stays stale, and the set-domain that waits for
	 * the write copies again. Looked at before the copy: a write that ends
	 * during the copy is then still counted as running.
	 */
	struct shim_fence *w = shim_ptr(obj->base.write_fence);
	bool gpu_writing = w && !shim_fence_is_signalled(w);
	if (obj->view_state == SHIM_VIEW_STALE) {
		uint8_t *view = shim_mem_ptr(&dev->mem, obj->view_off, obj->base.size);
		uint8_t *pages = shim_mem_ptr(&dev->mem, obj->mem_off, obj->base.size);
		if (!view || !pages)
			return -ENOMEM;
		if ((ret = convert(dev, obj, pages, view, true)))
			return ret;
		if (!gpu_writing)
			SHIM_SET(obj->view_state, SHIM_VIEW_CLEAN);
	}
	if (write && !gpu_writing)
		SHIM_SET(obj->view_state, SHIM_VIEW_DIRTY);
	return 0;
}
