/* SPDX-License-Identifier: MIT */
/*
 * Execbuffer fences (i915/i915_gem_execbuffer_fence.h): parsing in i915's order — extensions
 * (USE_EXTENSIONS, whose chain reuses cliprects_ptr), the fence array, the
 * in-fence, the out-fence fd — and, after submission, signalling syncobjs
 * and handing out the out-fence. In-fences become request dependencies;
 * the request's own fence is what syncobjs and the out sync_file get.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "base/real.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "drm/drm_syncobj.h"
#include "i915/i915_gem_execbuffer_fence.h"

#define FENCE_KNOWN (I915_EXEC_FENCE_WAIT | I915_EXEC_FENCE_SIGNAL)
#define MAX_EXTENSIONS 512

/* One {handle, flags} entry with its point (add_fence_array / add_timeline_fence_array). */
static int add_fence(struct shim_call *call, struct shim_exec_fences *xf, uint32_t handle, uint32_t flags,
		     uint64_t point)
{
	struct shim_device *dev = call->dev;
	if (flags & ~FENCE_KNOWN)
		return -EINVAL;
	if (xf->n == xf->cap) {
		uint32_t cap = xf->cap ? xf->cap * 2 : 8;
		struct shim_exec_fence *nf = realloc(xf->f, cap * sizeof(*nf));
		if (!nf)
			return -ENOMEM;
		xf->f = nf;
		xf->cap = cap;
	}
	int ret = 0;
	shim_off fence = 0;
	shim_device_lock(dev);
	shim_off so = shim_syncobj_lookup(call->file, handle);
	if (!so) {
		ret = -ENOENT;
	} else if (!((struct shim_syncobj *)shim_ptr(so))->fence) {
		if (flags && !(flags & I915_EXEC_FENCE_SIGNAL))
			ret = -EINVAL;		/* waiting for a syncobj that has no fence */
	} else if (shim_syncobj_find_fence(dev, so, point, &fence) && !(flags & I915_EXEC_FENCE_SIGNAL)) {
		ret = -EINVAL;			/* the point is not there yet */
	}
	if (!ret && point && (flags & I915_EXEC_FENCE_SIGNAL) && (flags & I915_EXEC_FENCE_WAIT))
		ret = -EINVAL;			/* would break the timeline */
	if (!ret && (fence || (flags & I915_EXEC_FENCE_SIGNAL))) {
		if (!(flags & I915_EXEC_FENCE_WAIT)) {
			shim_fence_put(dev, fence);
			fence = 0;
		}
		shim_syncobj_get(so);
		shim_borrow(dev, so, SHIM_BORROW_SYNCOBJ);
		shim_borrow(dev, fence, SHIM_BORROW_FENCE);
		xf->f[xf->n++] = (struct shim_exec_fence){ .syncobj = so, .fence = fence, .point = point,
							   .flags = flags };
		fence = 0;
	}
	shim_fence_put(dev, fence);
	shim_device_unlock(dev);
	return ret;
}

static int add_timeline_fences(struct shim_call *call, struct shim_exec_fences *xf, uint64_t uext)
{
	struct drm_i915_gem_execbuffer_ext_timeline_fences tf;
	if (shim_copy_from_user(&tf, uext, sizeof(tf)))
		return -EFAULT;
	if (!tf.fence_count)
		return 0;
	if (tf.fence_count > SIZE_MAX / 64)
		return -EINVAL;
	if (!shim_access_ok(tf.handles_ptr, tf.fence_count * sizeof(struct drm_i915_gem_exec_fence)) ||
	    !shim_access_ok(tf.values_ptr, tf.fence_count * sizeof(uint64_t)))
		return -EFAULT;
	for (uint64_t i = 0; i < tf.fence_count; i++) {
		struct drm_i915_gem_exec_fence ef;
		uint64_t point;
		if (shim_copy_from_user(&ef, tf.handles_ptr + i * sizeof(ef), sizeof(ef)))
			return -EFAULT;
		if (ef.flags & ~FENCE_KNOWN)
			return -EINVAL;
		if (shim_copy_from_user(&point, tf.values_ptr + i * sizeof(point), sizeof(point)))
			return -EFAULT;
		int ret = add_fence(call, xf, ef.handle, ef.flags, point);
		if (ret)
			return ret;
	}
	return 0;
}

/* i915_user_extensions over the chain at cliprects_ptr. */
static int parse_extensions(struct shim_call *call, const struct drm_i915_gem_execbuffer2 *args,
			    struct shim_exec_fences *xf)
{
	if (args->flags & I915_EXEC_FENCE_ARRAY)
		return -EINVAL;
	if (args->num_cliprects)
		return -EINVAL;
	unsigned max = MAX_EXTENSIONS;
	for (uint64_t uext = args->cliprects_ptr; uext;) {
		struct i915_user_extension ext;
		if (!max--)
			return -E2BIG;
		if (shim_copy_from_user(&ext, uext, sizeof(ext)))
			return -EFAULT;
		if (ext.flags || ext.rsvd[0] || ext.rsvd[1] || ext.rsvd[2] || ext.rsvd[3])
			return -EINVAL;
		if (ext.name != DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES)
			return -EINVAL;
		int ret = add_timeline_fences(call, xf, uext);
		if (ret)
			return ret;
		uext = ext.next_extension;
	}
	return 0;
}

static int parse_fence_array(struct shim_call *call, const struct drm_i915_gem_execbuffer2 *args,
			     struct shim_exec_fences *xf)
{
	uint64_t n = args->num_cliprects;
	if (!n)
		return 0;	/* the pointer is not read */
	if (!shim_access_ok(args->cliprects_ptr, n * sizeof(struct drm_i915_gem_exec_fence)))
		return -EFAULT;
	for (uint64_t i = 0; i < n; i++) {
		struct drm_i915_gem_exec_fence ef;
		if (shim_copy_from_user(&ef, args->cliprects_ptr + i * sizeof(ef), sizeof(ef)))
			return -EFAULT;
		int ret = add_fence(call, xf, ef.handle, ef.flags, 0);
		if (ret)
			return ret;
	}
	return 0;
}

int shim_exec_fences_parse(struct shim_call *call, const struct drm_i915_gem_execbuffer2 *args,
			   struct shim_exec_fences *xf)
{
	memset(xf, 0, sizeof(*xf));
	xf->out_fd = -1;
	int ret = 0;
	if (args->flags & I915_EXEC_USE_EXTENSIONS)
		ret = parse_extensions(call, args, xf);
	if (!ret && (args->flags & I915_EXEC_FENCE_ARRAY))
		ret = parse_fence_array(call, args, xf);
	if (ret)
		return ret;
	uint64_t in = I915_EXEC_FENCE_IN | I915_EXEC_FENCE_SUBMIT;
	if (args->flags & in) {
		if ((args->flags & in) == in)
			return -EINVAL;
		shim_device_lock(call->dev);
		xf->in_fence = shim_sync_file_fence(call->dev, (int)(uint32_t)args->rsvd2);
		shim_borrow(call->dev, xf->in_fence, SHIM_BORROW_FENCE);
		shim_device_unlock(call->dev);
		if (!xf->in_fence)
			return -EINVAL;
		xf->in_submit = args->flags & I915_EXEC_FENCE_SUBMIT;
	}
	if (args->flags & I915_EXEC_FENCE_OUT) {
		/* get_unused_fd_flags: the number is taken now, the sync_file put there on success */
		xf->out_fd = shim_real.openat(AT_FDCWD, "/dev/null", O_RDONLY | O_CLOEXEC);
		if (xf->out_fd < 0)
			return -errno;
	}
	return 0;
}

uint32_t shim_exec_fences_max_deps(const struct shim_exec_fences *xf)
{
	return xf->n + 1;
}

static void add_dep(struct shim_device *dev, struct shim_request *rq, shim_off fence, bool submit)
{
	struct shim_fence *f = shim_ptr(fence);
	if (!f || shim_fence_is_signalled(f) || (submit && __atomic_load_n(&f->started, __ATOMIC_ACQUIRE)))
		return;
	shim_fence_get(dev, fence);
	rq->deps[rq->ndeps++] = fence | (submit ? SHIM_DEP_SUBMIT : 0);
}

void shim_exec_fences_add_deps(struct shim_device *dev, const struct shim_exec_fences *xf,
			       struct shim_request *rq)
{
	add_dep(dev, rq, xf->in_fence, xf->in_submit);
	for (uint32_t i = 0; i < xf->n; i++)
		if (xf->f[i].flags & I915_EXEC_FENCE_WAIT)
			add_dep(dev, rq, xf->f[i].fence, false);
}

int shim_exec_fences_signal(struct shim_device *dev, struct drm_i915_gem_execbuffer2 *args,
			    struct shim_exec_fences *xf, shim_off rq_fence)
{
	int ret = 0;
	for (uint32_t i = 0; i < xf->n; i++) {
		if (!(xf->f[i].flags & I915_EXEC_FENCE_SIGNAL))
			continue;
		if (xf->f[i].point) {
			int r = shim_syncobj_add_point(dev, xf->f[i].syncobj, rq_fence, xf->f[i].point);
			if (r && !ret)
				ret = r;
		} else {
			shim_syncobj_replace_fence(dev, xf->f[i].syncobj, rq_fence);
		}
	}
	if (xf->out_fd >= 0) {
		int fd = shim_sync_file_create(dev, rq_fence, NULL, xf->out_fd);
		xf->out_fd = -1;	/* closed: its slot went to the sync_file */
		if (fd < 0)
			return fd;
		args->rsvd2 = (args->rsvd2 & 0xffffffffull) | ((uint64_t)(uint32_t)fd << 32);
	}
	return ret;
}

void shim_exec_fences_fini(struct shim_device *dev, struct shim_exec_fences *xf)
{
	if (xf->out_fd >= 0)
		shim_real.close(xf->out_fd);
	if (!xf->n && !xf->in_fence && !xf->f)
		return;
	shim_device_lock(dev);
	/* Newest first: shim_unborrow finds the newest borrowing at once. */
	shim_unborrow(dev, xf->in_fence, SHIM_BORROW_FENCE);
	shim_fence_put(dev, xf->in_fence);
	for (uint32_t i = xf->n; i-- > 0;) {
		shim_unborrow(dev, xf->f[i].fence, SHIM_BORROW_FENCE);
		shim_fence_put(dev, xf->f[i].fence);
		shim_unborrow(dev, xf->f[i].syncobj, SHIM_BORROW_SYNCOBJ);
		shim_syncobj_put(dev, xf->f[i].syncobj);
	}
	shim_device_unlock(dev);
	free(xf->f);
	memset(xf, 0, sizeof(*xf));
	xf->out_fd = -1;
}
