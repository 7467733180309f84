/* SPDX-License-Identifier: MIT */
/*
 * i915 contexts and the small device queries: CONTEXT_CREATE(_EXT),
 * CONTEXT_DESTROY, GET_RESET_STATS, GET_APERTURE, REG_READ, THROTTLE,
 * (doc/uapi-conformance.md §22–26), and the address
 * spaces userspace names: VM_CREATE, VM_DESTROY (§23a).
 *
 * Context ids are per open file, from 1, lowest free first; id 0 is the
 * file's default context, whose statistics live in the file itself.
 *
 * Address space ids are per open file too (i915_file.vms, from 1, lowest
 * free first), and each id holds a reference, as does each context using the
 * address space: VM_DESTROY drops the id's, so an address space lives on
 * while a context still uses it. GETPARAM VM hands out a new id for a
 * context's address space, and a SETPARAM VM before a context is first used
 * makes it share one (i915_gem_context_param.c).
 */
#include "config.h"

#include <errno.h>
#include <time.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "i915/gt/intel_engine.h"
#include "i915/gt/intel_reset.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"
#include "i915/intel_uncore.h"

static shim_off vm_create(struct shim_device *dev)
{
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_vm));
	if (!off)
		return 0;
	struct shim_vm *vm = shim_ptr(off);
	vm->total = dev->model->ppgtt_bits == 48 ? 1ull << 48 : 1ull << 32;	/* fresh: no notes */
	vm->refcount = 1;
	int64_t id = shim_idr_alloc(&dev->shared->arena, &i915_shared(dev)->vms, off, 1);
	if (id < 0) {
		shim_free(&dev->shared->arena, off, sizeof(*vm));
		return 0;
	}
	SHIM_SET(vm->id, (uint32_t)id);
	return off;
}

void shim_vm_put(struct shim_device *dev, shim_off off)
{
	struct shim_vm *vm = shim_ptr(off);
	if (!vm || SHIM_DEC(vm->refcount))
		return;
	shim_vm_unbind_all(dev, vm);
	shim_idr_remove(&i915_shared(dev)->vms, vm->id);
	shim_free(&dev->shared->arena, off, sizeof(*vm));
}

struct shim_vm *shim_context_vm(struct shim_device *dev, struct shim_context *ctx)
{
	if (ctx->vm)
		return shim_ptr(ctx->vm);
	if (!i915_shared(dev)->global_vm)
		SHIM_SET(i915_shared(dev)->global_vm, vm_create(dev));
	return shim_ptr(i915_shared(dev)->global_vm);
}

static shim_off context_create(struct shim_device *dev, const struct shim_context *proto)
{
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_context));
	if (!off)
		return 0;
	struct shim_context *ctx = shim_ptr(off);
	*ctx = *proto;		/* fresh: no notes */
	ctx->refcount = 1;
	/* One fence context per timeline: a sync_file merge keeps one fence per context. */
	ctx->timeline = SHIM_ADD(dev->shared->next_timeline, SHIM_CONTEXT_ENGINES) - (SHIM_CONTEXT_ENGINES - 1);
	/* The proto's address space (a SETPARAM VM) comes with its reference; else a new one. */
	if (dev->model->ppgtt_type == 2 && !ctx->vm && !(ctx->vm = vm_create(dev))) {
		shim_free(&dev->shared->arena, off, sizeof(*ctx));
		return 0;
	}
	return off;
}

void shim_context_get(shim_off off)
{
	SHIM_INC(((struct shim_context *)shim_ptr(off))->refcount);
}

static void context_free(struct shim_device *dev, shim_off off)
{
	struct shim_context *ctx = shim_ptr(off);
	if (!ctx || SHIM_DEC(ctx->refcount))
		return;
	for (unsigned i = 0; i < SHIM_CONTEXT_ENGINES; i++)
		if (ctx->last_fence[i])
			shim_fence_put(dev, ctx->last_fence[i]);
	for (unsigned i = 0; i < SHIM_CONTEXT_RING; i++)
		if (ctx->recent[i].fence)
			shim_fence_put(dev, ctx->recent[i].fence);
	if (ctx->older.fence)
		shim_fence_put(dev, ctx->older.fence);
	shim_vm_put(dev, ctx->vm);
	shim_free(&dev->shared->arena, off, sizeof(*ctx));
}

struct shim_context *shim_context_find(struct shim_device *dev, struct shim_file *file, uint32_t id)
{
	if (id)
		return shim_ptr(shim_idr_find(&i915_file(file)->contexts, id));
	if (!i915_file(file)->default_ctx) {
		struct shim_context proto = SHIM_CONTEXT_DEFAULTS;
		proto.finalized = 1;
		proto.file = shim_off_of(file);
		SHIM_SET(i915_file(file)->default_ctx, context_create(dev, &proto));
	}
	return shim_ptr(i915_file(file)->default_ctx);
}

struct shim_context *shim_context_lookup(struct shim_device *dev, struct shim_file *file, uint32_t id)
{
	struct shim_context *ctx = shim_context_find(dev, file, id);
	if (ctx && !ctx->finalized)
		SHIM_SET(ctx->finalized, 1);
	return ctx;
}

/* A closed context that is not persistent takes its requests with it (6.1's kill_context). */
static void context_close(struct shim_device *dev, shim_off off)
{
	struct shim_context *ctx = shim_ptr(off);
	if (ctx) {
		SHIM_SET(ctx->file, 0);
		if (!ctx->persistent) {
			SHIM_SET(ctx->killed, 1);
			shim_engine_cancel_context(dev, off);
		}
	}
	context_free(dev, off);
}

void shim_context_file_release(struct shim_device *dev, struct shim_file *file)
{
	struct shim_idr *ctxs = &i915_file(file)->contexts;
	for (uint32_t id = shim_idr_next(ctxs, 1); id; id = shim_idr_next(ctxs, id + 1))
		context_close(dev, shim_idr_remove(ctxs, id));
	shim_idr_destroy(&dev->shared->arena, ctxs);
	context_close(dev, i915_file(file)->default_ctx);
	SHIM_SET(i915_file(file)->default_ctx, 0);
	struct shim_idr *vms = &i915_file(file)->vms;
	for (uint32_t id = shim_idr_next(vms, 1); id; id = shim_idr_next(vms, id + 1))
		shim_vm_put(dev, shim_idr_remove(vms, id));
	shim_idr_destroy(&dev->shared->arena, vms);
}

/* Walks a CONTEXT_CREATE extension chain: SETPARAMs applied to the new (proto) context.
 * Device lock held (a SETPARAM VM takes a reference to the file's address space). */
static int create_extensions(struct shim_device *dev, struct shim_file *file, struct shim_context *ctx,
			     uint64_t uptr)
{
	for (unsigned n = 0; uptr; n++) {
		struct drm_i915_gem_context_create_ext_setparam ext;
		if (n >= 512)
			return -E2BIG;
		if (shim_copy_from_user(&ext.base, uptr, sizeof(ext.base)))
			return -EFAULT;
		if (ext.base.flags || ext.base.rsvd[0] || ext.base.rsvd[1] || ext.base.rsvd[2])
			return -EINVAL;
		if (ext.base.name != I915_CONTEXT_CREATE_EXT_SETPARAM)
			return -EINVAL;
		if (shim_copy_from_user(&ext, uptr, sizeof(ext)))
			return -EFAULT;
		if (ext.param.ctx_id || !ext.param.param)
			return -EINVAL;
		int ret = shim_context_set_param(dev, file, ctx, &ext.param);
		if (ret)
			return ret;
		uptr = ext.base.next_extension;
	}
	return 0;
}

int shim_i915_context_create_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_context_create_ext *a = data;
	struct shim_device *dev = call->dev;
	struct shim_context proto = SHIM_CONTEXT_DEFAULTS;

	if (a->flags & ~(uint32_t)(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS |
				   I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE))
		return -EINVAL;
	if (!dev->model->has_logical_contexts)
		return -ENODEV;
	if (shim_gt_wedged(dev))
		return -EIO;	/* CT3 */
	if (i915_file(call->file)->ban_score >= 9)
		return -EIO;	/* a client banned for its hangs (CT4) */
	if ((a->flags & I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE) && dev->model->gen < 8)
		return -EINVAL;	/* one timeline for all engines needs execlists (CT5) */
	int ret = 0;
	proto.file = shim_off_of(call->file);
	proto.single_timeline = !!(a->flags & I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE);
	shim_device_lock(dev);
	if (a->flags & I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS)
		ret = create_extensions(dev, call->file, &proto, a->extensions);
	shim_off off = ret ? 0 : context_create(dev, &proto);
	if (!off) {
		shim_vm_put(dev, proto.vm);	/* a SETPARAM VM's reference, if there was one */
		if (!ret)
			ret = -ENOMEM;
	} else {
		int64_t id = shim_idr_alloc(&dev->shared->arena, &i915_file(call->file)->contexts, off, 1);
		if (id < 0) {
			context_free(dev, off);
			ret = (int)id;
		} else {
			a->ctx_id = (uint32_t)id;
		}
	}
	shim_device_unlock(dev);
	return ret;
}

int shim_i915_context_destroy_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_context_destroy *a = data;
	if (a->pad)
		return -EINVAL;
	if (!a->ctx_id)
		return -ENOENT;
	shim_device_lock(call->dev);
	shim_off off = shim_idr_remove(&i915_file(call->file)->contexts, a->ctx_id);
	context_close(call->dev, off);	/* requests in flight hold what they use */
	shim_device_unlock(call->dev);
	return off ? 0 : -ENOENT;
}

int shim_i915_reset_stats_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_reset_stats *a = data;
	int ret = 0;
	if (a->flags || a->pad)
		return -EINVAL;
	shim_device_lock(call->dev);
	struct shim_context *ctx = shim_context_lookup(call->dev, call->file, a->ctx_id);
	if (!ctx) {
		ret = a->ctx_id ? -ENOENT : -ENOMEM;
	} else {
		a->batch_active = ctx->guilty_count;
		a->batch_pending = ctx->active_count;
	}
	if (!ret)
		a->reset_count = shim_capable_sys_admin() ? i915_shared(call->dev)->reset_count : 0;
	shim_device_unlock(call->dev);
	return ret;
}

int shim_i915_get_aperture_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_get_aperture *a = data;
	const struct shim_device_model *m = call->dev->model;
	a->aper_size = m->ggtt_size;
	/* What the kernel keeps pinned in the GGTT for itself (rings, contexts, status pages). */
	a->aper_available_size = m->ggtt_size - (8ull << 20);
	return 0;
}

#define RENDER_RING_TIMESTAMP 0x2358

int shim_i915_reg_read_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_reg_read *a = data;
	const struct shim_device_model *m = call->dev->model;
	uint64_t base = a->offset & ~(uint64_t)7;

	if (base != RENDER_RING_TIMESTAMP || (a->offset & 7) > 1 || m->gen < 4)
		return -EINVAL;
	a->val = intel_uncore_timestamp(m);	/* the register the BAR shows at 0x2358 */
	return 0;
}

void shim_context_note_request(struct shim_device *dev, struct shim_context *ctx, shim_off fence)
{
	struct shim_context_request *slot = &ctx->recent[ctx->recent_next];
	SHIM_SET(ctx->recent_next, (ctx->recent_next + 1) % SHIM_CONTEXT_RING);
	if (slot->fence) {
		if (ctx->older.fence)
			shim_fence_put(dev, ctx->older.fence);
		SHIM_SET(ctx->older, *slot);
	}
	shim_fence_get(dev, fence);
	SHIM_SET(slot->fence, fence);
	SHIM_SET(slot->emit_ns, shim_now_ns());
}

shim_off shim_context_ring_full(struct shim_context *ctx)
{
	shim_off f = ctx->recent[ctx->recent_next].fence;
	return f && !shim_fence_is_signalled(shim_ptr(f)) ? f : 0;
}

/* The newest request of ctx submitted before cutoff that has not completed, or 0. Requests of a
 * context complete in order, so waiting for it waits for every older one too. */
static shim_off throttle_target(struct shim_context *ctx, uint64_t cutoff)
{
	for (unsigned k = 1; k <= SHIM_CONTEXT_RING; k++) {
		struct shim_context_request *r =
			&ctx->recent[(ctx->recent_next + SHIM_CONTEXT_RING - k) % SHIM_CONTEXT_RING];
		if (r->fence && r->emit_ns <= cutoff)
			return shim_fence_is_signalled(shim_ptr(r->fence)) ? 0 : r->fence;
	}
	struct shim_context_request *r = &ctx->older;
	if (r->fence && r->emit_ns <= cutoff && !shim_fence_is_signalled(shim_ptr(r->fence)))
		return r->fence;
	return 0;
}

/*
 * THROTTLE (TH2): for each context of the file, waits for its newest request submitted more
 * than 20 ms ago, so that a client never runs more than 20 ms ahead of the GPU. A signal
 * interrupts the wait (EINTR, TH3).
 */
int shim_i915_throttle_ioctl(struct shim_call *call, void *data)
{
	struct shim_device *dev = call->dev;
	struct shim_file *file = call->file;
	uint64_t cutoff = shim_now_ns() - 20000000ull;
	uint32_t id = 0;
	int ret = 0;

	(void)data;
	if (shim_gt_wedged(dev))
		return -EIO;	/* TH1 */
	shim_device_lock(dev);
	for (;;) {
		struct shim_context *ctx = id ? shim_ptr(shim_idr_find(&i915_file(file)->contexts, id))
					      : shim_ptr(i915_file(file)->default_ctx);
		shim_off target = ctx ? throttle_target(ctx, cutoff) : 0;
		if (target) {
			shim_fence_get(dev, target);
			shim_borrow(dev, target, SHIM_BORROW_FENCE);
			shim_device_unlock(dev);
			ret = shim_fence_wait(shim_ptr(target), UINT64_MAX, true);
			shim_device_lock(dev);
			shim_unborrow(dev, target, SHIM_BORROW_FENCE);
			shim_fence_put(dev, target);
			if (ret)
				break;
		}
		id = shim_idr_next(&i915_file(file)->contexts, id + 1);
		if (!id)
			break;
	}
	shim_device_unlock(dev);
	return ret;
}

void shim_context_put(struct shim_device *dev, shim_off off)
{
	context_free(dev, off);
}

/* --- address spaces by id (§23a) ----------------------------------------------------------- */

int shim_vm_id_alloc(struct shim_device *dev, struct shim_file *file, shim_off off, uint32_t *id)
{
	int64_t ret = shim_idr_alloc(&dev->shared->arena, &i915_file(file)->vms, off, 1);
	if (ret < 0)
		return (int)ret;
	SHIM_INC(((struct shim_vm *)shim_ptr(off))->refcount);
	*id = (uint32_t)ret;
	return 0;
}

shim_off shim_vm_id_get(struct shim_file *file, uint64_t id)
{
	if (id > UINT32_MAX)
		return 0;
	shim_off off = shim_idr_find(&i915_file(file)->vms, (uint32_t)id);
	if (off)
		SHIM_INC(((struct shim_vm *)shim_ptr(off))->refcount);
	return off;
}

/* VM_CREATE: a new, empty address space and the caller's id for it. */
int shim_i915_vm_create_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_vm_control *a = data;
	struct shim_device *dev = call->dev;

	if (dev->model->ppgtt_type != 2)
		return -ENODEV;		/* VM1: only full PPGTT has address spaces to hand out */
	if (a->flags)
		return -EINVAL;		/* VM2 */
	if (a->extensions) {		/* VM3: none is defined; a header that cannot be read is EFAULT */
		struct i915_user_extension ext;
		if (shim_copy_from_user(&ext, a->extensions, sizeof(ext)))
			return -EFAULT;
		return -EINVAL;
	}
	int ret;
	shim_device_lock(dev);
	shim_off off = vm_create(dev);
	if (!off) {
		ret = -ENOMEM;
	} else {
		uint32_t id = 0;
		ret = shim_vm_id_alloc(dev, call->file, off, &id);
		a->vm_id = id;
		shim_vm_put(dev, off);	/* the id holds it now, or it goes */
	}
	shim_device_unlock(dev);
	return ret;
}

/* VM_DESTROY: the id goes; the address space lives on while contexts use it. */
int shim_i915_vm_destroy_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_vm_control *a = data;
	if (a->flags || a->extensions)
		return -EINVAL;		/* VM6 */
	shim_device_lock(call->dev);
	shim_off off = shim_idr_remove(&i915_file(call->file)->vms, a->vm_id);
	shim_vm_put(call->dev, off);
	shim_device_unlock(call->dev);
	return off ? 0 : -ENOENT;	/* VM7 */
}
