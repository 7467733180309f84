/* SPDX-License-Identifier: MIT */
/*
 * GPU address spaces by id (uapi-conformance §23a): VM_CREATE, VM_DESTROY,
 * CONTEXT_GETPARAM VM, and SETPARAM VM (ioctl and CONTEXT_CREATE_EXT
 * extension) as Linux 6.1 answers them, and what sharing one means: two
 * contexts on one address space find an object at the same GPU address, and
 * the address space outlives its id while a context uses it.
 *
 * Kernel-agnostic. Devices without full PPGTT (HAS_ALIASING_PPGTT < 2:
 * gen7 and older) answer ENODEV, which is checked there; the rest needs full
 * PPGTT.
 */
#include "tests/i915/i915_test.h"

static bool full_ppgtt(int fd)
{
	return gem_getparam(fd, I915_PARAM_HAS_ALIASING_PPGTT) >= 2;
}

static int vm_create(int fd, uint32_t *id)
{
	struct drm_i915_gem_vm_control c = { 0 };
	int ret = ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &c);
	if (!ret && id)
		*id = c.vm_id;
	return ret;
}

static int vm_destroy(int fd, uint32_t id)
{
	struct drm_i915_gem_vm_control c = { .vm_id = id };
	return ioctl(fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &c);
}

static int ctx_param(int fd, unsigned long cmd, uint32_t ctx, uint64_t param, uint64_t *value)
{
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = param, .value = *value };
	int ret = ioctl(fd, cmd, &p);
	*value = p.value;
	return ret;
}

static int get_vm(int fd, uint32_t ctx, uint64_t *id)
{
	*id = 0;
	return ctx_param(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, ctx, I915_CONTEXT_PARAM_VM, id);
}

static int set_vm(int fd, uint32_t ctx, uint64_t id)
{
	return ctx_param(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, ctx, I915_CONTEXT_PARAM_VM, &id);
}

/* CONTEXT_CREATE_EXT with one SETPARAM VM extension. */
static int ctx_create_on(int fd, uint64_t vm, uint32_t *ctx)
{
	struct drm_i915_gem_context_create_ext_setparam ext = {
		.base = { .name = I915_CONTEXT_CREATE_EXT_SETPARAM },
		.param = { .param = I915_CONTEXT_PARAM_VM, .value = vm },
	};
	struct drm_i915_gem_context_create_ext c = { .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
						     .extensions = (uintptr_t)&ext };
	int ret = ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c);
	if (!ret)
		*ctx = c.ctx_id;
	return ret;
}

/* VM1, VM7, VM8, VM12: without full PPGTT there are no address spaces to create or name. */
TEST(no_full_ppgtt)
{
	int fd = i915_open();
	if (full_ppgtt(fd))
		SKIP_DEVICE("the device has full PPGTT");
	uint64_t id;
	ASSERT_ERRNO(vm_create(fd, NULL), ENODEV);
	struct drm_i915_gem_vm_control c = { .flags = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &c), ENODEV);	/* before the flags */
	ASSERT_ERRNO(vm_destroy(fd, 1), ENOENT);
	ASSERT_ERRNO(get_vm(fd, 0, &id), ENODEV);
	struct drm_i915_gem_context_create_ext cc = { 0 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc) == 0) {	/* gen6+: contexts */
		ASSERT_ERRNO(set_vm(fd, cc.ctx_id, 1), ENODEV);	/* not used yet: a proto-context */
		ASSERT_ERRNO(get_vm(fd, cc.ctx_id, &id), ENODEV);
		uint32_t ctx;
		ASSERT_ERRNO(ctx_create_on(fd, 1, &ctx), ENODEV);
	}
	close(fd);
}

/* VM2–VM4, VM6, VM7: flags, extensions, ids from 1 (lowest free, per file), destroy rules. */
TEST(create_destroy)
{
	int fd = i915_open();
	if (!full_ppgtt(fd))
		SKIP_DEVICE("needs full PPGTT");
	struct drm_i915_gem_vm_control c = { .flags = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &c), EINVAL);
	c.flags = 0;
	c.extensions = 8;					/* unreadable */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &c), EFAULT);
	struct i915_user_extension ext = { .name = 0 };
	c.extensions = (uintptr_t)&ext;				/* none is defined */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &c), EINVAL);
	ext.flags = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &c), EINVAL);

	uint32_t a = 0, b = 0, again = 0;
	ASSERT_OK(vm_create(fd, &a));
	ASSERT_OK(vm_create(fd, &b));
	ASSERT_EQ(a, 1);					/* the failed ones used no id */
	ASSERT_EQ(b, 2);
	struct drm_i915_gem_vm_control d = { .vm_id = a, .flags = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &d), EINVAL);
	d.flags = 0;
	d.extensions = (uintptr_t)&ext;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &d), EINVAL);
	ASSERT_OK(vm_destroy(fd, a));
	ASSERT_ERRNO(vm_destroy(fd, a), ENOENT);		/* twice */
	ASSERT_ERRNO(vm_destroy(fd, 0), ENOENT);
	ASSERT_ERRNO(vm_destroy(fd, 77), ENOENT);
	ASSERT_OK(vm_create(fd, &again));
	ASSERT_EQ(again, a);					/* lowest free */

	int other = i915_open();				/* ids are per file */
	ASSERT_ERRNO(vm_destroy(other, b), ENOENT);
	uint32_t first = 0;
	ASSERT_OK(vm_create(other, &first));
	ASSERT_EQ(first, 1);
	close(other);
	ASSERT_OK(vm_destroy(fd, b));
	close(fd);						/* closing drops the ids left */
}

/* VM9: GETPARAM VM gives a new id for the context's address space each time, size 0. */
TEST(getparam_vm)
{
	int fd = i915_open();
	if (!full_ppgtt(fd))
		SKIP_DEVICE("needs full PPGTT");
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_VM, .size = 8 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p));
	ASSERT_EQ(p.size, 0);
	ASSERT_EQ(p.value, 1);
	uint64_t again, dflt;
	ASSERT_OK(get_vm(fd, ctx, &again));
	ASSERT_EQ(again, 2);
	ASSERT_OK(get_vm(fd, 0, &dflt));			/* the default context has one too */
	ASSERT_EQ(dflt, 3);
	ASSERT_OK(vm_destroy(fd, 1));
	ASSERT_OK(vm_destroy(fd, 2));
	ASSERT_OK(vm_destroy(fd, 3));
	ASSERT_OK(get_vm(fd, ctx, &again));			/* the context still has it */
	ASSERT_EQ(again, 1);
	ASSERT_ERRNO(get_vm(fd, ctx + 1, &again), ENOENT);
	close(fd);
}

/* VM10–VM14: SETPARAM VM before first use (ioctl and create extension), its errors, and after. */
TEST(setparam_vm)
{
	int fd = i915_open();
	if (!full_ppgtt(fd))
		SKIP_DEVICE("needs full PPGTT");
	uint32_t vm = 0, ctx = gem_context_create(fd), on = 0;
	ASSERT_OK(vm_create(fd, &vm));
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_VM,
						.value = vm, .size = 4 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p), EINVAL);
	ASSERT_ERRNO(set_vm(fd, ctx, vm + 1), ENOENT);
	ASSERT_ERRNO(set_vm(fd, ctx, (1ull << 32) | vm), ENOENT);
	ASSERT_ERRNO(set_vm(fd, ctx, 0), ENOENT);
	ASSERT_OK(set_vm(fd, ctx, vm));
	ASSERT_OK(set_vm(fd, ctx, vm));				/* again: replaces */
	uint64_t gtt = 0;
	ASSERT_OK(ctx_param(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, ctx, I915_CONTEXT_PARAM_GTT_SIZE, &gtt));
	ASSERT(gtt >= 1ull << 32);
	ASSERT_ERRNO(set_vm(fd, ctx, vm), EINVAL);		/* used now */
	ASSERT_ERRNO(set_vm(fd, 0, vm), EINVAL);		/* the default context always is */

	ASSERT_ERRNO(ctx_create_on(fd, vm + 1, &on), ENOENT);
	ASSERT_OK(ctx_create_on(fd, vm, &on));
	ASSERT_OK(set_vm(fd, on, vm));				/* not used yet: still takes one */
	ASSERT_OK(vm_destroy(fd, vm));
	ASSERT_ERRNO(ctx_create_on(fd, vm, &on), ENOENT);	/* the id is gone */
	close(fd);
}

#define X 0x40000000ull	/* a softpin address inside every address space (1 GiB) */

static const uint32_t bbe[] = { MI_BATCH_BUFFER_END, 0 };

/* Runs an empty batch in ctx with obj (pinned at X, or wherever it is); its address after. */
static uint64_t exec_with(int fd, uint32_t ctx, uint32_t obj, uint32_t batch, bool pin)
{
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = obj, .offset = pin ? X : 0, .flags = pin ? EXEC_OBJECT_PINNED : 0 },
		{ .handle = batch },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_RENDER, ctx));
	gem_wait(fd, batch);
	return o[0].offset;
}

/* VM5, VM9, VM14, VM15: contexts on one address space see one another's bindings; it outlives its ids. */
TEST(shared_address_space)
{
	int fd = i915_open();
	if (!full_ppgtt(fd))
		SKIP_DEVICE("needs full PPGTT");
	uint32_t vm = 0, a = 0, b = 0, own, d = 0;
	ASSERT_OK(vm_create(fd, &vm));
	ASSERT_OK(ctx_create_on(fd, vm, &a));
	ASSERT_OK(ctx_create_on(fd, vm, &b));
	own = gem_context_create(fd);
	uint32_t obj = gem_create(fd, 4096), other = gem_create(fd, 4096), batch = gem_batch(fd, bbe, sizeof(bbe));

	ASSERT_EQ(exec_with(fd, a, obj, batch, true), X);	/* softpinned in a ... */
	ASSERT_EQ(exec_with(fd, b, obj, batch, false), X);	/* ... is there for b */
	ASSERT_EQ(exec_with(fd, own, other, batch, true), X);	/* another address space: X is free */
	ASSERT_EQ(exec_with(fd, b, obj, batch, false), X);

	uint64_t vm2;
	ASSERT_OK(get_vm(fd, a, &vm2));				/* a's address space by a new id */
	ASSERT_NE(vm2, vm);
	ASSERT_OK(ctx_create_on(fd, vm2, &d));
	ASSERT_EQ(exec_with(fd, d, obj, batch, false), X);

	ASSERT_OK(vm_destroy(fd, vm));				/* the ids go, the contexts keep it */
	ASSERT_OK(vm_destroy(fd, (uint32_t)vm2));
	ASSERT_ERRNO(vm_destroy(fd, vm), ENOENT);
	struct drm_i915_gem_context_destroy cd = { .ctx_id = a };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd));
	ASSERT_EQ(exec_with(fd, b, obj, batch, false), X);
	ASSERT_EQ(exec_with(fd, d, obj, batch, false), X);
	close(fd);
}

TEST_MAIN(T(no_full_ppgtt), T(create_destroy), T(getparam_vm), T(setparam_vm), T(shared_address_space))
