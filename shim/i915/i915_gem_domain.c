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
 * refreshes the view from the pages if they are newer; moving out of it
 * (pread/pwrite, a CPU map or domain, exec, a tiling change, munmap of a GTT
 * map) writes the view back into the pages.
 *
 * On hardware both are the same memory, and a driver in the GTT domain may
 * write through a WC or CPU map of the pages too (SNA's PutImage tiles in
 * software into a WC map after SET_DOMAIN(GTT)). So the write-back copies
 * only what the GTT maps changed: the view's range is twice the object, the
 * linear bytes then the base, the view as it was when last refreshed; bytes
 * where the two differ go to the pages, every other byte of the pages is
 * left as written (SD14). After a write-back the view is stale: the next
 * move into the GTT domain refreshes it, which is how GTT readers come to
 * see the WC writes. The view lives as long as the object. A conversion
 * that meets a page the memory file cannot give stops there (ENOMEM for
 * prepare; a flush leaves the view dirty, to try again).
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <i915_drm.h>

#include "base/fault_guard.h"
#include "base/journal.h"
#include "drm/dma_fence.h"
#include "hw/tiling.h"
#include "i915/i915_gem_object.h"

/* A refresh or a write-back of a whole view, run under a fault guard: the view and the pages
 * are object memory, which a full tmpfs may not be able to give. */
struct convert {
	const struct shim_device *dev;
	const struct i915_gem_object *obj;
	uint8_t *pages;
	uint8_t *view;		/* the linear bytes, then the base */
	bool refresh;		/* pages to view and base; else the view's changes to the pages */
};

static void convert_fn(void *arg)
{
	const struct convert *c = arg;
	const struct i915_gem_object *o = c->obj;
	unsigned gen = c->dev->model->gen;
	uint64_t size = o->base.size;
	if (c->refresh) {
		shim_detile(gen, o->tiling_mode, o->swizzle_mode, o->stride, size, c->pages, c->view);
		memcpy(c->view + size, c->view, size);
	} else {
		shim_retile_changes(gen, o->tiling_mode, o->swizzle_mode, o->stride, size, c->view,
				    c->view + size, c->pages);
	}
}

static bool convert_expects(void *arg, uintptr_t addr)
{
	const struct convert *c = arg;
	uint64_t size = c->obj->base.size;
	return addr - (uintptr_t)c->pages < size || addr - (uintptr_t)c->view < 2 * size;
}

/* 0, or -ENOMEM when a page of either range could not be had. */
static int convert(struct shim_device *dev, const struct i915_gem_object *obj, bool refresh)
{
	if (!shim_gem_needs_view(obj))
		return 0;	/* linear now: the GTT maps show the pages themselves */
	uint64_t size = obj->base.size;
	uint8_t *view = shim_mem_ptr(&dev->mem, obj->view_off, shim_gem_view_size(obj));
	uint8_t *pages = shim_mem_ptr(&dev->mem, obj->mem_off, size);
	if (!view || !pages)
		return -ENOMEM;
	struct convert c = { dev, obj, pages, view, refresh };
	return shim_fault_call(convert_fn, &c, convert_expects, NULL) ? -ENOMEM : 0;
}

uint64_t shim_gem_view_size(const struct i915_gem_object *obj)
{
	return 2 * obj->base.size;
}

bool shim_gem_needs_view(const struct i915_gem_object *obj)
{
	return obj->tiling_mode != I915_TILING_NONE && obj->stride;
}

void shim_gem_flush_view(struct shim_device *dev, struct i915_gem_object *obj)
{
	if (!(obj->flags & SHIM_OBJ_HAS_VIEW) || obj->view_state != SHIM_VIEW_DIRTY)
		return;
	if (convert(dev, obj, false))
		return;		/* out of memory: the view stays the newer copy, for the next flush */
	/* The pages may hold writes the view has not seen: refreshed on the next way in. */
	SHIM_SET(obj->view_state, SHIM_VIEW_STALE);
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
		ret = shim_mem_alloc(&dev->mem, shim_gem_view_size(obj), &view_off);
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
	/* Back into the GTT domain while in it: writes made meanwhile through a WC or CPU map of the
	 * pages become visible through the GTT maps, as they would on hardware. An object whose
	 * pages were never mapped writable cannot have such writes (pwrite, exec and a tiling
	 * change flush the view first), so its view stays the newer copy and the way back in
	 * costs nothing, as on hardware (SD15). */
	if (obj->view_state == SHIM_VIEW_DIRTY && !gpu_writing && (obj->flags & SHIM_OBJ_PAGES_MAPPED)) {
		if ((ret = convert(dev, obj, false)))
			return ret;
		SHIM_SET(obj->view_state, SHIM_VIEW_STALE);
	}
	if (obj->view_state == SHIM_VIEW_STALE) {
		if ((ret = convert(dev, obj, true)))
			return ret;
		if (!gpu_writing)
			SHIM_SET(obj->view_state, SHIM_VIEW_CLEAN);
	}
	if (write && !gpu_writing)
		SHIM_SET(obj->view_state, SHIM_VIEW_DIRTY);
	return 0;
}
