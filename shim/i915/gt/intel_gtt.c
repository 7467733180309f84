/* SPDX-License-Identifier: MIT */
/*
 * GPU address spaces (i915/i915_gem_context.h): sorted binding arrays in the shared state.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"

static struct shim_vma *vmas(struct shim_vm *vm)
{
	return shim_ptr(vm->vmas);
}

struct shim_vma *shim_vm_find_object(struct shim_vm *vm, shim_off obj)
{
	struct shim_vma *v = vmas(vm);
	for (uint32_t i = 0; i < vm->count; i++)
		if (v[i].obj == obj)
			return &v[i];
	return NULL;
}

struct shim_vma *shim_vm_find_address(struct shim_vm *vm, uint64_t addr)
{
	struct shim_vma *v = vmas(vm);
	uint32_t lo = 0, hi = vm->count;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (addr < v[mid].start)
			hi = mid;
		else if (addr >= v[mid].start + v[mid].size)
			lo = mid + 1;
		else
			return &v[mid];
	}
	return NULL;
}

int shim_vm_bind(struct shim_device *dev, struct shim_vm *vm, shim_off obj, uint64_t start, uint64_t size)
{
	if (vm->count == vm->cap) {
		uint32_t cap = vm->cap ? vm->cap * 2 : 16;
		shim_off n = shim_alloc(&dev->shared->arena, cap * sizeof(struct shim_vma));
		if (!n)
			return -ENOMEM;
		if (vm->vmas) {
			memcpy(shim_ptr(n), shim_ptr(vm->vmas), vm->count * sizeof(struct shim_vma));
			shim_free(&dev->shared->arena, vm->vmas, vm->cap * sizeof(struct shim_vma));
		}
		vm->vmas = n;
		vm->cap = cap;
	}
	struct shim_vma *v = vmas(vm);
	uint32_t i = 0;
	while (i < vm->count && v[i].start < start)
		i++;
	memmove(&v[i + 1], &v[i], (vm->count - i) * sizeof(*v));
	v[i] = (struct shim_vma){ .start = start, .size = size, .obj = obj };
	vm->count++;
	((struct i915_gem_object *)shim_ptr(obj))->bind_count++;
	return 0;
}

void shim_vm_unbind(struct shim_vm *vm, struct shim_vma *vma)
{
	struct shim_vma *v = vmas(vm);
	uint32_t i = (uint32_t)(vma - v);
	((struct i915_gem_object *)shim_ptr(vma->obj))->bind_count--;
	memmove(&v[i], &v[i + 1], (vm->count - i - 1) * sizeof(*v));
	vm->count--;
}

int shim_vm_find_space(struct shim_vm *vm, uint64_t size, uint64_t align, uint64_t lo, uint64_t hi,
		       uint64_t *start)
{
	struct shim_vma *v = vmas(vm);
	if (!align)
		align = 4096;
	uint64_t at = (lo + align - 1) & ~(align - 1);
	for (uint32_t i = 0; i <= vm->count; i++) {
		uint64_t gap_end = i < vm->count ? v[i].start : hi;
		if (gap_end > hi)
			gap_end = hi;
		if (at + size >= at && at + size <= gap_end) {
			*start = at;
			return 0;
		}
		if (i < vm->count && v[i].start + v[i].size > at)
			at = (v[i].start + v[i].size + align - 1) & ~(align - 1);
		if (at >= hi)
			break;
	}
	return -ENOSPC;
}

void shim_vm_unbind_everywhere(struct shim_device *dev, shim_off obj)
{
	shim_assert_locked(dev);
	struct shim_idr *vms = &i915_shared(dev)->vms;
	for (uint32_t id = shim_idr_next(vms, 1); id; id = shim_idr_next(vms, id + 1)) {
		struct shim_vm *vm = shim_ptr(shim_idr_find(vms, id));
		struct shim_vma *vma;
		while ((vma = shim_vm_find_object(vm, obj)))
			shim_vm_unbind(vm, vma);
	}
}
