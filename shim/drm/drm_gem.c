/* SPDX-License-Identifier: MIT */
/*
 * GEM objects, handles, flink names (drm/drm_gem.h).
 *
 * Rules followed (doc/uapi-conformance.md §7–8, doc/realkernel-drm-core.md):
 * handles and names start at 1 and reuse the lowest free number; closing an
 * unknown handle is EINVAL; FLINK of the same object always returns the same
 * name; GEM_OPEN makes a new handle every time; a name disappears when the
 * last handle of its object (in any file) is closed. A file holds at most
 * shim_file_max_handles() handles, so that one client cannot fill the shared
 * state the others need.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <drm.h>

#include "base/journal.h"
#include "drm/dma_fence.h"
#include "drm/drm_drv.h"
#include "drm/drm_gem.h"
#include "drm/drm_prime.h"

void shim_gem_object_init(struct shim_device *dev, shim_off off, uint64_t size)
{
	shim_assert_locked(dev);
	struct shim_gem_object *obj = shim_ptr(off);
	obj->refcount = 1;	/* just allocated, not yet reachable: an undo frees it whole */
	obj->size = size;
	SHIM_INC(dev->shared->objects);
}

void shim_gem_object_get(struct shim_device *dev, shim_off off)
{
	shim_assert_locked(dev);
	struct shim_gem_object *obj = shim_ptr(off);
	SHIM_INC(obj->refcount);
}

void shim_gem_object_put(struct shim_device *dev, shim_off off)
{
	shim_assert_locked(dev);
	struct shim_gem_object *obj = shim_ptr(off);
	if (SHIM_DEC(obj->refcount))
		return;
	shim_fence_put(dev, obj->write_fence);
	for (unsigned i = 0; i < 4; i++)
		shim_fence_put(dev, obj->read_fence[i]);
	for (unsigned i = 0; i < 4; i++)
		if (obj->mmap_node[i])
			shim_idr_remove(&dev->shared->mmap_nodes, obj->mmap_node[i]);
	SHIM_DEC(dev->shared->objects);
	shim_drv->gem_free_object(dev, obj, off);	/* frees the object too */
}

uint32_t shim_file_max_handles(void)
{
	static int64_t limit = -1;	/* per process, read once */
	if (limit < 0) {
		const char *s = getenv("I915_SHIM_FILE_MAX_OBJECTS");
		limit = s && *s ? (int64_t)(strtoul(s, NULL, 0) & UINT32_MAX) : SHIM_FILE_MAX_HANDLES;
	}
	return (uint32_t)limit;
}

int shim_gem_handle_create(struct shim_device *dev, struct shim_file *file, shim_off off,
			   uint32_t *handle)
{
	shim_assert_locked(dev);
	uint32_t max = shim_file_max_handles();
	if (max && file->handles.count >= max)
		return -ENOSPC;		/* the file's handle table is full (idr_alloc's answer) */
	int64_t id = shim_idr_alloc(&dev->shared->arena, &file->handles, off, 1);
	if (id < 0)
		return (int)id;
	struct shim_gem_object *obj = shim_ptr(off);
	SHIM_INC(obj->handle_count);
	shim_gem_object_get(dev, off);
	*handle = (uint32_t)id;
	return 0;
}

shim_off shim_gem_lookup(struct shim_file *file, uint32_t handle)
{
	return shim_idr_find(&file->handles, handle);
}

static void handle_release(struct shim_device *dev, shim_off off)
{
	struct shim_gem_object *obj = shim_ptr(off);
	if (SHIM_DEC(obj->handle_count) == 0 && obj->name) {
		shim_idr_remove(&dev->shared->flink_names, obj->name);
		SHIM_SET(obj->name, 0);
	}
	if (!obj->handle_count && obj->dmabuf)	/* the dma-buf may go too (drm/drm_prime.h) */
		shim_prime_object_unhandled(dev, off);
	shim_gem_object_put(dev, off);
}

int shim_gem_handle_delete(struct shim_device *dev, struct shim_file *file, uint32_t handle)
{
	shim_assert_locked(dev);
	shim_off off = shim_idr_remove(&file->handles, handle);
	if (!off)
		return -EINVAL;
	shim_prime_handle_closed(dev, file, handle);	/* G5 */
	handle_release(dev, off);
	return 0;
}

void shim_gem_file_release(struct shim_device *dev, struct shim_file *file)
{
	shim_assert_locked(dev);
	uint32_t n = 0;
	for (uint32_t h = shim_idr_next(&file->handles, 1); h; h = shim_idr_next(&file->handles, h + 1)) {
		handle_release(dev, shim_idr_remove(&file->handles, h));
		if (++n % SHIM_RELEASE_CHECKPOINT == 0)	/* drm/drm_device.h */
			shim_journal_checkpoint();
	}
	shim_idr_destroy(&dev->shared->arena, &file->handles);
	shim_prime_file_release(dev, file);
}

int shim_gem_close_ioctl(struct shim_call *call, void *data)
{
	struct drm_gem_close *args = data;	/* pad is not checked */
	shim_device_lock(call->dev);
	int ret = shim_gem_handle_delete(call->dev, call->file, args->handle);
	shim_device_unlock(call->dev);
	return ret;
}

int shim_gem_flink_ioctl(struct shim_call *call, void *data)
{
	struct drm_gem_flink *args = data;
	struct shim_device *dev = call->dev;
	int ret = 0;

	shim_device_lock(dev);
	shim_off off = shim_gem_lookup(call->file, args->handle);
	if (!off) {
		ret = -ENOENT;
		goto out;
	}
	struct shim_gem_object *obj = shim_ptr(off);
	if (!obj->name) {
		int64_t name = shim_idr_alloc(&dev->shared->arena, &dev->shared->flink_names, off, 1);
		if (name < 0) {
			ret = (int)name;
			goto out;
		}
		SHIM_SET(obj->name, (uint32_t)name);
	}
	args->name = obj->name;
out:
	shim_device_unlock(dev);
	return ret;
}

int shim_gem_open_ioctl(struct shim_call *call, void *data)
{
	struct drm_gem_open *args = data;
	struct shim_device *dev = call->dev;
	uint32_t handle = 0;
	int ret;

	shim_device_lock(dev);
	shim_off off = args->name ? shim_idr_find(&dev->shared->flink_names, args->name) : 0;
	if (!off) {
		ret = -ENOENT;
		goto out;
	}
	ret = shim_gem_handle_create(dev, call->file, off, &handle);
	if (ret)
		goto out;
	args->handle = handle;
	args->size = ((struct shim_gem_object *)shim_ptr(off))->size;
out:
	shim_device_unlock(dev);
	return ret;
}
