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
 * is real (EN1–EN20): a proto-context takes one user engine map, whose slots
 * execbuf's ring bits then index (i915_gem_execbuffer.c); 6.1 has no GETPARAM
 * of it. SSEU reconfiguration on gen11 is not emulated: it fails with ENOSYS
 * and says so once on stderr.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
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

/* --- the user engine map (CONTEXT_PARAM_ENGINES, EN1–EN20) --------------------------------- */

/*
 * intel_engine_lookup_user: the engine a uabi class and instance name on this device, or -1.
 * The shim runs vcs1 (has_bsd2) on its one video engine, as it does BSD_RING2 (X17).
 */
static int user_engine(const struct shim_device_model *m, struct i915_engine_class_instance ci)
{
	switch (ci.engine_class) {
	case I915_ENGINE_CLASS_RENDER:
		return ci.engine_instance == 0 ? SHIM_ENGINE_RENDER : -1;
	case I915_ENGINE_CLASS_COPY:
		return ci.engine_instance == 0 && m->has_blt ? SHIM_ENGINE_COPY : -1;
	case I915_ENGINE_CLASS_VIDEO:
		return (ci.engine_instance == 0 && m->has_bsd) || (ci.engine_instance == 1 && m->has_bsd2)
			       ? SHIM_ENGINE_VIDEO : -1;
	case I915_ENGINE_CLASS_VIDEO_ENHANCE:
		return ci.engine_instance == 0 && m->has_vebox ? SHIM_ENGINE_VIDEO_ENHANCE : -1;
	default:
		return -1;
	}
}

enum slot_type { SLOT_HOLE, SLOT_PHYSICAL, SLOT_BALANCED };

/* A map being built: nothing reaches the context unless the whole parameter is good. */
struct engines_set {
	const struct shim_device_model *m;
	unsigned num;
	uint8_t engine[I915_EXEC_RING_MASK + 1];
	uint8_t type[I915_EXEC_RING_MASK + 1];
};

static int read_ci(uint64_t uptr, struct i915_engine_class_instance *ci)
{
	return shim_copy_from_user(ci, uptr, sizeof(*ci)) ? -EFAULT : 0;
}

/*
 * LOAD_BALANCE (EN11–EN14): a virtual engine in a hole. One sibling makes it a plain engine
 * (legal in i915 too). Several siblings of one class are a virtual engine that may run on
 * any of them; every instance of a class is one engine in the shim, so it runs there. 6.1
 * rejects duplicate or mixed-class siblings only when the context is first used (EINVAL from
 * that execbuf); the shim says so at SETPARAM.
 */
static int ext_load_balance(struct engines_set *set, uint64_t uptr)
{
	struct i915_context_engines_load_balance lb;
	if (set->m->gen < 8)
		return -ENODEV;		/* virtual engines need execlists */
	if (shim_copy_from_user(&lb, uptr, sizeof(lb)))
		return -EFAULT;
	if (lb.engine_index >= set->num)
		return -EINVAL;
	if (set->type[lb.engine_index] != SLOT_HOLE)
		return -EEXIST;
	if (lb.flags || lb.mbz64)
		return -EINVAL;
	if (!lb.num_siblings)
		return 0;		/* the slot stays a hole */
	struct i915_engine_class_instance first = { 0, 0 };
	uint32_t seen = 0;
	bool mixed = false;
	int engine = -1;
	for (unsigned n = 0; n < lb.num_siblings; n++) {
		struct i915_engine_class_instance ci;
		int ret = read_ci(uptr + offsetof(struct i915_context_engines_load_balance, engines) +
				  n * sizeof(ci), &ci);
		if (ret)
			return ret;
		int e = user_engine(set->m, ci);
		if (e < 0)
			return -EINVAL;
		if (n == 0) {
			first = ci;
			engine = e;
		}
		uint32_t bit = 1u << (ci.engine_class * 2 + ci.engine_instance);	/* instance ≤ 1 */
		mixed |= (seen & bit) || ci.engine_class != first.engine_class;
		seen |= bit;
	}
	if (lb.num_siblings > 1 && mixed)
		return -EINVAL;
	set->engine[lb.engine_index] = (uint8_t)engine;
	set->type[lb.engine_index] = lb.num_siblings == 1 ? SLOT_PHYSICAL : SLOT_BALANCED;
	return 0;
}

/* BOND (EN15): checked as 6.1 checks it, then ignored, as 6.1 ignores it. */
static int ext_bond(struct engines_set *set, uint64_t uptr)
{
	struct i915_context_engines_bond b;
	if (set->m->gen >= 12)
		return -ENODEV;		/* only TGL/RKL/ADL-S keep bonding from gen12; no model is one */
	if (shim_copy_from_user(&b, uptr, sizeof(b)))
		return -EFAULT;
	if (b.virtual_index >= set->num || set->type[b.virtual_index] != SLOT_PHYSICAL)
		return -EINVAL;		/* a hole, or a virtual engine */
	if (b.flags || b.mbz64[0] || b.mbz64[1] || b.mbz64[2] || b.mbz64[3])
		return -EINVAL;
	if (user_engine(set->m, b.master) < 0)
		return -EINVAL;
	for (unsigned n = 0; n < b.num_bonds; n++) {
		struct i915_engine_class_instance ci;
		int ret = read_ci(uptr + offsetof(struct i915_context_engines_bond, engines) + n * sizeof(ci), &ci);
		if (ret)
			return ret;
		if (user_engine(set->m, ci) < 0)
			return -EINVAL;
	}
	return 0;
}

/*
 * PARALLEL_SUBMIT (EN16, EN17): 6.1's checks for execlists submission (one sibling per
 * batch, a contiguous run of engines of one class that is neither render nor compute). What
 * passes them 6.1 accepts and then cannot build at first use (execlists has no parallel
 * contexts): the shim answers ENODEV at SETPARAM instead.
 */
static int ext_parallel_submit(struct engines_set *set, uint64_t uptr)
{
	struct i915_context_engines_parallel_submit ps;
	if (shim_copy_from_user(&ps, uptr, sizeof(ps)))
		return -EFAULT;
	if (ps.num_siblings != 1)
		return -EINVAL;		/* no GuC submission */
	if (ps.engine_index >= set->num || set->type[ps.engine_index] != SLOT_HOLE)
		return -EINVAL;
	if (ps.flags || ps.mbz64[0] || ps.mbz64[1] || ps.mbz64[2])
		return -EINVAL;
	if (ps.width < 2)
		return -EINVAL;
	struct i915_engine_class_instance prev = { 0, 0 };
	for (unsigned i = 0; i < ps.width; i++) {
		struct i915_engine_class_instance ci;
		int ret = read_ci(uptr + offsetof(struct i915_context_engines_parallel_submit, engines) +
				  i * sizeof(ci), &ci);
		if (ret)
			return ret;
		if (user_engine(set->m, ci) < 0)
			return -EINVAL;
		if (ci.engine_class == I915_ENGINE_CLASS_RENDER)
			return -EINVAL;
		/* one class, logical instances one after the other */
		if (i && (ci.engine_class != prev.engine_class || ci.engine_instance != prev.engine_instance + 1))
			return -EINVAL;
		prev = ci;
	}
	shim_say_unemulated("CONTEXT_SETPARAM ENGINES parallel submission");
	return -ENODEV;
}

/* The extension chain of an engine map, as i915_user_extensions walks one. */
static int engines_extensions(struct engines_set *set, uint64_t uptr)
{
	for (unsigned depth = 0; uptr; depth++) {
		struct i915_user_extension ext;
		int ret;
		if (depth >= 512)
			return -E2BIG;
		if (shim_copy_from_user(&ext, uptr, sizeof(ext)))
			return -EFAULT;
		if (ext.flags || ext.rsvd[0] || ext.rsvd[1] || ext.rsvd[2])
			return -EINVAL;
		switch (ext.name) {
		case I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE:
			ret = ext_load_balance(set, uptr);
			break;
		case I915_CONTEXT_ENGINES_EXT_BOND:
			ret = ext_bond(set, uptr);
			break;
		case I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT:
			ret = ext_parallel_submit(set, uptr);
			break;
		default:
			ret = -EINVAL;
		}
		if (ret)
			return ret;
		uptr = ext.next_extension;
	}
	return 0;
}

/* set_proto_ctx_engines: once per proto-context, a header and up to 64 slots (EN1–EN10). */
static int set_engines(struct shim_device *dev, struct shim_context *ctx, const struct drm_i915_gem_context_param *p)
{
	const size_t head = sizeof(struct i915_context_param_engines);
	const size_t slot = sizeof(struct i915_engine_class_instance);
	struct engines_set set = { .m = dev->model };
	uint64_t extensions;

	if (ctx->num_engines >= 0)
		return -EINVAL;		/* EN3: set twice */
	if (p->size < head || (p->size - head) % slot)
		return -EINVAL;		/* EN4: includes size 0 (no reset to the legacy map in 6.1) */
	set.num = (unsigned)((p->size - head) / slot);
	if (set.num > I915_EXEC_RING_MASK + 1)
		return -EINVAL;		/* EN5 */
	for (unsigned n = 0; n < set.num; n++) {
		struct i915_engine_class_instance ci;
		int ret = read_ci(p->value + head + n * slot, &ci);
		if (ret)
			return ret;	/* EN6 */
		if (ci.engine_class == (uint16_t)I915_ENGINE_CLASS_INVALID &&
		    ci.engine_instance == (uint16_t)I915_ENGINE_CLASS_INVALID_NONE)
			continue;	/* EN7: a hole */
		int e = user_engine(dev->model, ci);
		if (e < 0)
			return -ENOENT;	/* EN8 */
		set.engine[n] = (uint8_t)e;
		set.type[n] = SLOT_PHYSICAL;
	}
	if (shim_copy_from_user(&extensions, p->value + offsetof(struct i915_context_param_engines, extensions),
				sizeof(extensions)))
		return -EFAULT;
	int ret = engines_extensions(&set, extensions);
	if (ret)
		return ret;
	uint8_t map[I915_EXEC_RING_MASK + 1];
	for (unsigned n = 0; n < set.num; n++)
		map[n] = set.type[n] == SLOT_HOLE ? SHIM_CONTEXT_NO_ENGINE : set.engine[n];
	shim_journal_memcpy(ctx->engines, map, set.num);
	SHIM_SET(ctx->num_engines, (int8_t)set.num);
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
			return -EINVAL;	/* EN2: only a proto-context takes them */
		return set_engines(dev, ctx, p);
	case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
		if (ctx->finalized)
			return -EINVAL;
		return p->value ? -ENODEV : 0;	/* no PXP on the emulated devices */
	default:	/* including BAN_PERIOD, NO_ZEROMAP and RINGSIZE, gone by 6.1 */
		return -EINVAL;
	}
}

static int get_sseu(struct shim_device *dev, const struct shim_context *ctx, struct drm_i915_gem_context_param *p)
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
	/* lookup_user_engine: an index into the map with one, class and instance without (EN20) */
	if (!!(s.flags & I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX) != (ctx->num_engines >= 0))
		return -EINVAL;
	bool render;
	if (ctx->num_engines >= 0) {
		unsigned idx = s.engine.engine_instance;
		if (idx >= (unsigned)ctx->num_engines || ctx->engines[idx] == SHIM_CONTEXT_NO_ENGINE)
			return -EINVAL;
		render = ctx->engines[idx] == SHIM_ENGINE_RENDER;
	} else {
		struct i915_engine_class_instance ci = { s.engine.engine_class, s.engine.engine_instance };
		if (user_engine(m, ci) < 0)
			return -EINVAL;
		render = s.engine.engine_class == I915_ENGINE_CLASS_RENDER;
	}
	s.slice_mask = 0;
	s.subslice_mask = 0;
	s.min_eus_per_subslice = 0;
	s.max_eus_per_subslice = 0;
	if (render) {	/* the whole GT, as the device info has it */
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
	case I915_CONTEXT_PARAM_SSEU:
		ret = get_sseu(dev, ctx, p);
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
	default:	/* including ENGINES, which 6.1 no longer reports (EN1) */
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
