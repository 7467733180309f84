/* SPDX-License-Identifier: MIT */
/*
 * Context parameters: CONTEXT_GETPARAM and CONTEXT_SETPARAM, and the
 * SETPARAM extension of CONTEXT_CREATE_EXT, as Linux 6.1 answers them.
 *
 * 6.1 keeps a new context as a "proto-context" until something looks it up
 * (an execbuf, GETPARAM, GET_RESET_STATS); SETPARAM on a proto-context and
 * on a finalized one take different paths with slightly different answers
 * (PROTECTED_CONTENT is ENODEV on the first, EINVAL on the second), so the
 * shim remembers whether a context has been finalized.
 *
 * What the shim does with each parameter: RECOVERABLE and BANNABLE decide
 * banning (i915/gt/intel_engine.c), PERSISTENCE = 0 makes closing the context cancel its
 * requests, PRIORITY and NO_ERROR_CAPTURE are kept and reported (requests of
 * different contexts are not reordered by priority). VM is real: GETPARAM
 * gives the file a new id for the context's address space, SETPARAM (before
 * first use) makes the context use the address space of an id, shared with
 * whoever else uses it (VM8–VM14, i915_gem_context.c keeps the ids). ENGINES
 * (user engine maps) and SSEU reconfiguration on gen11 are not emulated: they
 * fail with ENOSYS and say so once on stderr. GETPARAM of ENGINES reports
 * "no engine map", which is what every shim context has.
 */
#include "config.h"

#include <errno.h>
#include <linux/capability.h>

#include "base/journal.h"
#include "base/log.h"
#include "base/user_copy.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"

#define SCHED_CAP_PRIORITY (1u << 1)
#define SCHED_CAP_PREEMPTION (1u << 2)

/* What GETPARAM HAS_SCHEDULER reports for the model (i915/i915_getparam.c agrees). */
static unsigned sched_caps(const struct shim_device *dev)
{
	return dev->model->gen >= 8 ? 0x1f : 0;
}

static int validate_priority(const struct shim_device *dev, const struct drm_i915_gem_context_param *p)
{
	int64_t prio = (int64_t)p->value;
	if (p->size)
		return -EINVAL;
	if (!(sched_caps(dev) & SCHED_CAP_PRIORITY))
		return -ENODEV;
	if (prio > I915_CONTEXT_MAX_USER_PRIORITY || prio < I915_CONTEXT_MIN_USER_PRIORITY)
		return -EINVAL;
	if (prio > I915_CONTEXT_DEFAULT_PRIORITY && !shim_capable(CAP_SYS_NICE))
		return -EPERM;
	return 0;
}

static int set_persistence(const struct shim_device *dev, struct shim_context *ctx, uint64_t value)
{
	bool on = value != 0;
	if (ctx->persistent == on)
		return 0;
	/* Turning it off needs preemption to cancel requests; turning it on needs hangcheck, always on here. */
	if (!on && !(sched_caps(dev) & SCHED_CAP_PREEMPTION))
		return -ENODEV;
	SHIM_SET(ctx->persistent, on);
	return 0;
}

/* SSEU: only the size checks and the generation check are real; gen11's reconfiguration is not emulated. */
static int set_sseu(const struct shim_device *dev, const struct drm_i915_gem_context_param *p)
{
	if (p->size < sizeof(struct drm_i915_gem_context_param_sseu))
		return -EINVAL;
	if (dev->model->gen != 11)
		return -ENODEV;
	shim_say_unemulated("CONTEXT_SETPARAM SSEU");
	return -ENOSYS;
}

/* SETPARAM VM on a context not yet used: it takes the address space of the file's id. */
static int set_vm(struct shim_device *dev, struct shim_file *file, struct shim_context *ctx,
		  const struct drm_i915_gem_context_param *p)
{
	if (p->size)
		return -EINVAL;		/* VM11 */
	if (dev->model->ppgtt_type != 2)
		return -ENODEV;		/* VM12 */
	shim_off vm = shim_vm_id_get(file, p->value);
	if (!vm)
		return -ENOENT;		/* VM13: unknown, or above 32 bits */
	shim_vm_put(dev, ctx->vm);	/* the one it had (or an earlier SETPARAM's) */
	SHIM_SET(ctx->vm, vm);
	return 0;
}

int shim_context_set_param(struct shim_device *dev, struct shim_file *file, struct shim_context *ctx,
			   const struct drm_i915_gem_context_param *p)
{
	int ret = 0;
	switch (p->param) {
	case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
		if (p->size)
			return -EINVAL;
		SHIM_SET(ctx->no_error_capture, p->value != 0);
		return 0;
	case I915_CONTEXT_PARAM_BANNABLE:
		if (p->size)
			return -EINVAL;
		if (!p->value && !shim_capable_sys_admin())
			return -EPERM;
		SHIM_SET(ctx->bannable, p->value != 0);
		return 0;
	case I915_CONTEXT_PARAM_RECOVERABLE:
		if (p->size)
			return -EINVAL;
		SHIM_SET(ctx->recoverable, p->value != 0);
		return 0;
	case I915_CONTEXT_PARAM_PRIORITY:
		ret = validate_priority(dev, p);
		if (!ret)
			SHIM_SET(ctx->priority, (int32_t)p->value);
		return ret;
	case I915_CONTEXT_PARAM_PERSISTENCE:
		return p->size ? -EINVAL : set_persistence(dev, ctx, p->value);
	case I915_CONTEXT_PARAM_SSEU:
		return set_sseu(dev, p);
	case I915_CONTEXT_PARAM_VM:
		if (ctx->finalized)
			return -EINVAL;	/* VM10: only a proto-context takes it */
		return set_vm(dev, file, ctx, p);
	case I915_CONTEXT_PARAM_ENGINES:
		if (ctx->finalized)
			return -EINVAL;	/* only a proto-context takes them */
		shim_say_unemulated("CONTEXT_SETPARAM ENGINES");
		return -ENOSYS;
	case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
		if (ctx->finalized)
			return -EINVAL;
		return p->value ? -ENODEV : 0;	/* no PXP on the emulated devices */
	default:	/* including BAN_PERIOD, NO_ZEROMAP and RINGSIZE, gone by 6.1 */
		return -EINVAL;
	}
}

static int get_sseu(struct shim_device *dev, struct drm_i915_gem_context_param *p)
{
	struct drm_i915_gem_context_param_sseu s;
	const struct shim_device_model *m = dev->model;
	if (p->size == 0)
		goto out;
	if (p->size < sizeof(s))
		return -EINVAL;
	if (shim_copy_from_user(&s, p->value, sizeof(s)))
		return -EFAULT;
	if (s.rsvd || (s.flags & ~(uint64_t)I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX))
		return -EINVAL;
	if (s.flags & I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX)
		return -EINVAL;	/* an index needs an engine map, which no context has */
	bool exists = s.engine.engine_instance == 0 &&
		      (s.engine.engine_class == I915_ENGINE_CLASS_RENDER ||
		       (s.engine.engine_class == I915_ENGINE_CLASS_COPY && m->has_blt) ||
		       (s.engine.engine_class == I915_ENGINE_CLASS_VIDEO && m->has_bsd) ||
		       (s.engine.engine_class == I915_ENGINE_CLASS_VIDEO_ENHANCE && m->has_vebox));
	if (!exists && !(s.engine.engine_class == I915_ENGINE_CLASS_VIDEO &&
			 s.engine.engine_instance == 1 && m->has_bsd2))
		return -EINVAL;
	s.slice_mask = 0;
	s.subslice_mask = 0;
	s.min_eus_per_subslice = 0;
	s.max_eus_per_subslice = 0;
	if (s.engine.engine_class == I915_ENGINE_CLASS_RENDER) {	/* the whole GT, as the device info has it */
		unsigned eus = m->subslice_total ? m->eu_total / m->subslice_total : 0;
		s.slice_mask = m->slice_mask;
		s.subslice_mask = m->subslice_mask;
		s.min_eus_per_subslice = (uint16_t)eus;
		s.max_eus_per_subslice = (uint16_t)eus;
	}
	if (shim_copy_to_user(p->value, &s, sizeof(s)))
		return -EFAULT;
out:
	p->size = sizeof(s);
	return 0;
}

int shim_i915_context_getparam_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_context_param *p = data;
	struct shim_device *dev = call->dev;
	int ret = 0;

	shim_device_lock(dev);
	struct shim_context *ctx = shim_context_lookup(dev, call->file, p->ctx_id);
	if (!ctx) {
		ret = p->ctx_id ? -ENOENT : -ENOMEM;
		goto out;
	}
	switch (p->param) {
	case I915_CONTEXT_PARAM_GTT_SIZE:
		p->size = 0;
		p->value = ctx->vm ? ((struct shim_vm *)shim_ptr(ctx->vm))->total : dev->model->ggtt_size;
		break;
	case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
		p->size = 0;
		p->value = ctx->no_error_capture;
		break;
	case I915_CONTEXT_PARAM_BANNABLE:
		p->size = 0;
		p->value = ctx->bannable;
		break;
	case I915_CONTEXT_PARAM_RECOVERABLE:
		p->size = 0;
		p->value = ctx->recoverable;
		break;
	case I915_CONTEXT_PARAM_PRIORITY:
		p->size = 0;
		p->value = (uint64_t)(int64_t)ctx->priority;
		break;
	case I915_CONTEXT_PARAM_PERSISTENCE:
		p->size = 0;
		p->value = ctx->persistent;
		break;
	case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
		p->size = 0;
		p->value = 0;
		break;
	case I915_CONTEXT_PARAM_ENGINES:
		p->size = 0;	/* no user engine map: the legacy ring selection applies */
		break;
	case I915_CONTEXT_PARAM_SSEU:
		ret = get_sseu(dev, p);
		break;
	case I915_CONTEXT_PARAM_VM: {
		uint32_t id;
		if (!ctx->vm) {
			ret = -ENODEV;	/* VM8: no per-context address space to hand out */
			break;
		}
		ret = shim_vm_id_alloc(dev, call->file, ctx->vm, &id);	/* VM9: a new id each time */
		if (!ret) {
			p->size = 0;
			p->value = id;
		}
		break;
	}
	default:
		ret = -EINVAL;
	}
out:
	shim_device_unlock(dev);
	return ret;
}

int shim_i915_context_setparam_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_context_param *p = data;
	struct shim_device *dev = call->dev;

	shim_device_lock(dev);
	struct shim_context *ctx = shim_context_find(dev, call->file, p->ctx_id);
	int ret = ctx ? shim_context_set_param(dev, call->file, ctx, p) : p->ctx_id ? -ENOENT : -ENOMEM;
	shim_device_unlock(dev);
	return ret;
}
