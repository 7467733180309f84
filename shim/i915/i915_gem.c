/* SPDX-License-Identifier: MIT */
/*
 * i915 object I/O and state: PREAD, PWRITE, SET_DOMAIN, SW_FINISH, MADVISE,
 * BUSY, WAIT, SET/GET_CACHING (doc/uapi-conformance.md §13, §16, §19–21).
 * No engine runs batches yet, so every object is idle: BUSY reports 0 and
 * the waits return at once.
 */
#include "config.h"

#include <errno.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "i915/i915_gem_object.h"

#define GPU_DOMAINS 0x3eu

/*
 * Waits, without the device lock, for the GPU to be done with obj: its writer
 * only, or (all) its readers too. deadline as shim_fence_wait. 0, -ETIME, -EINTR.
 */
static int wait_object(struct shim_call *call, struct i915_gem_object *obj, bool all, uint64_t deadline)
{
	shim_off fences[5];
	unsigned n = 0;
	shim_device_lock(call->dev);
	if (obj->base.write_fence)
		fences[n++] = obj->base.write_fence;
	for (unsigned c = 0; all && c < 4; c++)
		if (obj->base.read_fence[c])
			fences[n++] = obj->base.read_fence[c];
	for (unsigned i = 0; i < n; i++) {
		shim_fence_get(call->dev, fences[i]);
		shim_borrow(call->dev, fences[i], SHIM_BORROW_FENCE);
	}
	shim_device_unlock(call->dev);
	int ret = 0;
	for (unsigned i = 0; i < n && !ret; i++)
		ret = shim_fence_wait(shim_ptr(fences[i]), deadline, true);
	shim_device_lock(call->dev);
	for (unsigned i = 0; i < n; i++) {
		shim_unborrow(call->dev, fences[i], SHIM_BORROW_FENCE);
		shim_fence_put(call->dev, fences[i]);
	}
	shim_device_unlock(call->dev);
	return ret;
}

/* Looks up a handle and takes a reference for use outside the lock. */
static struct i915_gem_object *get_object(struct shim_call *call, uint32_t handle, shim_off *off)
{
	shim_device_lock(call->dev);
	*off = shim_gem_lookup(call->file, handle);
	if (*off) {
		shim_gem_object_get(call->dev, *off);
		shim_borrow(call->dev, *off, SHIM_BORROW_OBJECT);
	}
	shim_device_unlock(call->dev);
	return shim_ptr(*off);
}

static void put_object(struct shim_call *call, shim_off off)
{
	shim_device_lock(call->dev);
	shim_unborrow(call->dev, off, SHIM_BORROW_OBJECT);
	shim_gem_object_put(call->dev, off);
	shim_device_unlock(call->dev);
}

/*
 * Copies up to this size are made inside the one locked section that looks the
 * object up, when nothing it must wait for is pending: one lock round trip and no
 * borrowed reference, which is most of what a small PWRITE/PREAD costs (issue
 * #16). The copy is a guarded memcpy (base/user_copy.c) that touches no shim
 * state and takes no lock, so a bad user pointer is -EFAULT with the lock held,
 * as it is without; larger copies leave the lock free while they run.
 */
#define RW_LOCKED_MAX (64u << 10)

/* Nothing pread (!write: the last writer) or pwrite (write: every user) must wait for (PR9). */
static bool rw_idle(const struct i915_gem_object *obj, bool write)
{
	const struct shim_fence *f = shim_ptr(obj->base.write_fence);
	if (f && !shim_fence_is_signalled(f))
		return false;
	for (unsigned c = 0; write && c < 4; c++) {
		f = shim_ptr(obj->base.read_fence[c]);
		if (f && !shim_fence_is_signalled(f))
			return false;
	}
	return true;
}

/* The object's checks and its pages made usable by the CPU directly (present, not behind a
 * GTT view). Device lock held. */
static int rw_prepare(struct shim_device *dev, struct i915_gem_object *obj, uint64_t offset,
		      uint64_t size, int write)
{
	if (offset >= obj->base.size || size > obj->base.size - offset)
		return -EINVAL;
	if (write && (obj->flags & SHIM_OBJ_READ_ONLY))
		return -EINVAL;
	if (obj->flags & SHIM_OBJ_USERPTR)
		return -EINVAL;
	int ret = shim_gem_object_get_pages(dev, obj);
	if (!ret)
		shim_gem_flush_view(dev, obj);
	return ret;
}

static int rw_copy(struct shim_device *dev, struct i915_gem_object *obj, uint64_t offset,
		   uint64_t size, uint64_t data_ptr, int write)
{
	return write ? shim_mem_copy_from_user(&dev->mem, obj->mem_off + offset, data_ptr, size)
		     : shim_mem_copy_to_user(&dev->mem, data_ptr, obj->mem_off + offset, size);
}

static int rw(struct shim_call *call, uint32_t handle, uint64_t offset, uint64_t size,
	      uint64_t data_ptr, int write)
{
	struct shim_device *dev = call->dev;
	if (size == 0)
		return 0;	/* before anything else is looked at (PR1) */
	if (!shim_access_ok(data_ptr, size))
		return -EFAULT;
	shim_device_lock(dev);
	shim_off off = shim_gem_lookup(call->file, handle);
	struct i915_gem_object *obj = shim_ptr(off);
	int ret = obj ? rw_prepare(dev, obj, offset, size, write) : -ENOENT;
	if (!ret && size <= RW_LOCKED_MAX && rw_idle(obj, write)) {
		ret = rw_copy(dev, obj, offset, size, data_ptr, write);
		if (write)
			shim_gem_invalidate_view(dev, obj);
		shim_device_unlock(dev);
		return ret;
	}
	if (!ret) {	/* held outside the lock while it waits and copies */
		shim_gem_object_get(dev, off);
		shim_borrow(dev, off, SHIM_BORROW_OBJECT);
	}
	shim_device_unlock(dev);
	if (ret)
		return ret;
	ret = wait_object(call, obj, write, UINT64_MAX);
	if (!ret)
		ret = rw_copy(dev, obj, offset, size, data_ptr, write);
	if (write) {
		shim_device_lock(dev);
		shim_gem_invalidate_view(dev, obj);
		shim_device_unlock(dev);
	}
	put_object(call, off);
	return ret;
}

int shim_i915_pread_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_pread *a = data;
	return rw(call, a->handle, a->offset, a->size, a->data_ptr, 0);
}

int shim_i915_pwrite_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_pwrite *a = data;
	return rw(call, a->handle, a->offset, a->size, a->data_ptr, 1);
}

int shim_i915_set_domain_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_set_domain *a = data;
	shim_off off;

	if ((a->read_domains | a->write_domain) & GPU_DOMAINS)
		return -EINVAL;
	if (a->write_domain && a->read_domains != a->write_domain)
		return -EINVAL;
	if (!a->read_domains)
		return 0;
	struct i915_gem_object *obj = get_object(call, a->handle, &off);
	if (!obj)
		return -ENOENT;
	int ret = wait_object(call, obj, a->write_domain != 0, UINT64_MAX);
	if (ret) {
	} else if (obj->flags & SHIM_OBJ_USERPTR) {
		ret = shim_userptr_check(obj->user_ptr, obj->base.size,
					 !(obj->flags & SHIM_OBJ_READ_ONLY));	/* U14, U21 */
	} else {
		shim_device_lock(call->dev);
		ret = shim_gem_object_get_pages(call->dev, obj);
		if (!ret && (a->read_domains & I915_GEM_DOMAIN_GTT) && shim_gem_needs_view(obj)) {
			ret = shim_gem_prepare_view(call->dev, obj, a->write_domain != 0);
		} else if (!ret) {
			shim_gem_flush_view(call->dev, obj);
			if (a->write_domain)	/* the CPU will write the pages behind the view */
				shim_gem_invalidate_view(call->dev, obj);
		}
		shim_device_unlock(call->dev);
	}
	if (!ret) {
		shim_device_lock(call->dev);
		SHIM_SET(obj->read_domains, a->read_domains);
		SHIM_SET(obj->write_domain, a->write_domain);
		shim_device_unlock(call->dev);
	}
	put_object(call, off);
	return ret;
}

int shim_i915_sw_finish_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_sw_finish *a = data;
	shim_off off;
	if (!get_object(call, a->handle, &off))
		return -ENOENT;
	put_object(call, off);
	return 0;
}

int shim_i915_madvise_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_madvise *a = data;
	if (a->madv != I915_MADV_WILLNEED && a->madv != I915_MADV_DONTNEED)
		return -EINVAL;
	shim_device_lock(call->dev);
	shim_gem_check_drop_caches(call->dev);
	struct i915_gem_object *obj = shim_ptr(shim_gem_lookup(call->file, a->handle));
	int ret = 0;
	if (!obj) {
		ret = -ENOENT;
	} else if (obj->madv == SHIM_MADV_PURGED) {
		a->retained = 0;
	} else {
		SHIM_SET(obj->madv, a->madv);
		/* Nothing to keep: a purgeable object without pages is gone at once. */
		if (a->madv == I915_MADV_DONTNEED && !(obj->flags & (SHIM_OBJ_HAS_PAGES | SHIM_OBJ_USERPTR)))
			SHIM_SET(obj->madv, SHIM_MADV_PURGED);
		shim_gem_purgeable_update(call->dev, obj);
		a->retained = obj->madv != SHIM_MADV_PURGED;
	}
	shim_device_unlock(call->dev);
	return ret;
}

int shim_i915_busy_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_busy *a = data;
	shim_off off;
	struct i915_gem_object *obj = get_object(call, a->handle, &off);
	if (!obj)
		return -ENOENT;
	uint32_t busy = 0;
	shim_device_lock(call->dev);
	for (unsigned c = 0; c < 4; c++) {
		struct shim_fence *f = shim_ptr(obj->base.read_fence[c]);
		if (f && !shim_fence_is_signalled(f))
			busy |= 1u << (16 + c);
	}
	struct shim_fence *w = shim_ptr(obj->base.write_fence);
	if (w && !shim_fence_is_signalled(w))
		busy |= (obj->base.write_class + 1) | (1u << (16 + obj->base.write_class));
	shim_device_unlock(call->dev);
	a->busy = busy;
	put_object(call, off);
	return 0;
}

int shim_i915_wait_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_wait *a = data;
	shim_off off;
	if (a->flags)
		return -EINVAL;
	struct i915_gem_object *obj = get_object(call, a->bo_handle, &off);
	if (!obj)
		return -ENOENT;
	/* Relative timeout: negative waits for ever and is left alone (W5). */
	uint64_t start = shim_now_ns();
	uint64_t deadline = a->timeout_ns < 0 ? UINT64_MAX : start + (uint64_t)a->timeout_ns;
	int ret = wait_object(call, obj, true, deadline);
	if (a->timeout_ns > 0) {
		int64_t left = a->timeout_ns - (int64_t)(shim_now_ns() - start);
		a->timeout_ns = ret == -ETIME || left < 0 ? 0 : left;
	} else if (a->timeout_ns == 0 && ret == -ETIME) {
		a->timeout_ns = 0;
	}
	put_object(call, off);
	return ret;
}

int shim_i915_set_caching_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_caching *a = data;
	shim_off off;
	const struct shim_device_model *m = call->dev->model;
	uint32_t level;
	switch (a->caching) {
	case I915_CACHING_NONE:
		level = I915_CACHING_NONE;
		break;
	case I915_CACHING_CACHED:
		if (!shim_model_cpu_cache_coherent(m))
			return -ENODEV;
		level = I915_CACHING_CACHED;
		break;
	case I915_CACHING_DISPLAY:	/* write-through where there is eDRAM, else uncached */
		level = m->has_edram ? I915_CACHING_DISPLAY : I915_CACHING_NONE;
		break;
	default:
		return -EINVAL;
	}
	struct i915_gem_object *obj = get_object(call, a->handle, &off);
	if (!obj)
		return -ENOENT;
	int ret = 0;
	if (obj->flags & SHIM_OBJ_USERPTR) {
		ret = a->caching == I915_CACHING_CACHED ? 0 : -ENXIO;
	} else {
		shim_device_lock(call->dev);
		SHIM_SET(obj->caching, level);
		shim_device_unlock(call->dev);
	}
	put_object(call, off);
	return ret;
}

int shim_i915_get_caching_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_caching *a = data;
	shim_off off;
	struct i915_gem_object *obj = get_object(call, a->handle, &off);
	if (!obj)
		return -ENOENT;
	a->caching = obj->caching;
	put_object(call, off);
	return 0;
}
