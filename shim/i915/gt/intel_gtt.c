/* SPDX-License-Identifier: MIT */
/*
 * GPU address spaces (i915/i915_gem_context.h): sorted binding arrays in the shared state.
 *
 * A bind or unbind in the middle of a long array moves its tail. Moving it in
 * place would take one undo note per entry moved (base/journal.h); past a
 * few entries the change is made in a new array instead, swapped in with one
 * note, so a section's notes stay proportional to what it binds.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/journal.h"
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

/* Entries moved in place, noted one by one; beyond this the array is rebuilt. */
#define MOVE_IN_PLACE 16

/*
 * The array with entry i opened (grow) or closed (!grow), entries after it moved.
 * 0, or -ENOMEM when a new array was needed and there is no room.
 */
static int reshape(struct shim_device *dev, struct shim_vm *vm, uint32_t i, bool grow)
{
	uint32_t count = vm->count, tail = count - i - (grow ? 0 : 1);
	uint32_t cap = vm->cap;
	if (grow && count == cap)
		cap = cap ? cap * 2 : 16;
	if (cap == vm->cap && tail <= MOVE_IN_PLACE) {
		struct shim_vma *v = vmas(vm);
		shim_journal_note(&v[i], (size_t)(tail + 1) * sizeof(*v));
		if (grow)
			memmove(&v[i + 1], &v[i], (size_t)tail * sizeof(*v));
		else
			memmove(&v[i], &v[i + 1], (size_t)tail * sizeof(*v));
		return 0;
	}
	shim_off n = shim_alloc(&dev->shared->arena, cap * sizeof(struct shim_vma));
	if (!n)
		return -ENOMEM;
	struct shim_vma *to = shim_ptr(n), *from = vmas(vm);
	if (from) {
		memcpy(to, from, i * sizeof(*to));
		if (grow)
			memcpy(&to[i + 1], &from[i], (size_t)tail * sizeof(*to));
		else
			memcpy(&to[i], &from[i + 1], (size_t)tail * sizeof(*to));
		shim_free(&dev->shared->arena, vm->vmas, vm->cap * sizeof(struct shim_vma));
	}
	SHIM_SET(vm->vmas, n);
	SHIM_SET(vm->cap, cap);
	return 0;
}

int shim_vm_bind(struct shim_device *dev, struct shim_vm *vm, shim_off obj, uint64_t start, uint64_t size)
{
	struct shim_vma *v = vmas(vm);
	uint32_t i = 0;
	while (i < vm->count && v[i].start < start)
		i++;
	int ret = reshape(dev, vm, i, true);
	if (ret)
		return ret;
	v = vmas(vm);
	SHIM_SET(v[i], ((struct shim_vma){ .start = start, .size = size, .obj = obj }));
	SHIM_INC(vm->count);
	SHIM_INC(((struct i915_gem_object *)shim_ptr(obj))->bind_count);
	return 0;
}

void shim_vm_unbind(struct shim_device *dev, struct shim_vm *vm, struct shim_vma *vma)
{
	struct shim_vma *v = vmas(vm);
	uint32_t i = (uint32_t)(vma - v);
	SHIM_DEC(((struct i915_gem_object *)shim_ptr(vma->obj))->bind_count);
	if (reshape(dev, vm, i, false)) {
		/* No room for a new array: move in place, one note per entry. */
		shim_journal_note(&v[i], (size_t)(vm->count - i) * sizeof(*v));
		memmove(&v[i], &v[i + 1], (size_t)(vm->count - i - 1) * sizeof(*v));
	}
	SHIM_DEC(vm->count);
}

void shim_vm_unbind_all(struct shim_device *dev, struct shim_vm *vm)
{
	struct shim_vma *v = vmas(vm);
	for (uint32_t i = 0; i < vm->count; i++)
		SHIM_DEC(((struct i915_gem_object *)shim_ptr(v[i].obj))->bind_count);
	SHIM_SET(vm->count, 0);
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
			shim_vm_unbind(dev, vm, vma);
	}
}
