/* SPDX-License-Identifier: MIT */
/*
 * Relocation lists and per-object execution flags: drm_intel_bo_emit_reloc()
 * and _emit_reloc_fence(), get_reloc_count, clear_relocs, references, softpin
 * (set_softpin_offset and softpin targets), use_48b_address_range, the
 * implicit-sync switches and drm_intel_bufmgr_check_aperture_space().
 *
 * Lifetimes: every relocation or softpin entry of a bo holds one reference on
 * its target (none when a bo relocates into itself). The references go when
 * the entries are cleared (clear_relocs) or when the relocating bo loses its
 * last reference (bo_relocs_release, called from bo_alloc.c before the bo is
 * cached or freed); kflags are cleared at that moment too. The arrays belong
 * to the bo and grow by doubling: unlike libdrm 2.4.114 there is no fixed
 * capacity (its assert on max_relocs is gone).
 *
 * Locking follows libdrm: emit_reloc, get_reloc_count, references and
 * check_aperture_space take no lock (the caller owns the bo while it builds
 * a batch); clear_relocs and the release path run under mgr->lock, because
 * dropping a target reference may free it.
 *
 * Where libdrm asserts (NULL bo, offset beyond the bo, a target of another
 * bufmgr, several write domains, adding relocations to a bo already used as
 * a target, an empty aperture check) these functions return -EINVAL.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

/* Both arrays grow together; the first allocation follows libdrm's capacity. */
static int reloc_grow(struct intel_bo *bo)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;
	struct drm_i915_gem_relocation_entry *r;
	struct intel_reloc_target *t;
	int cap = bo->reloc_cap;

	if (cap == 0) {
		cap = mgr->max_relocs;
		if ((unsigned long)cap > bo->base.size / 4)
			cap = (int)(bo->base.size / 4);
		if (cap < 16)
			cap = 16;
	} else {
		if (cap > (1 << 28))
			return -ENOMEM;
		cap *= 2;
	}
	r = realloc(bo->relocs, (size_t)cap * sizeof(*r));
	if (!r)
		return -ENOMEM;
	bo->relocs = r;
	t = realloc(bo->reloc_targets, (size_t)cap * sizeof(*t));
	if (!t)
		return -ENOMEM;
	bo->reloc_targets = t;
	bo->reloc_cap = cap;
	return 0;
}

static int softpin_add(struct intel_bo *bo, struct intel_bo *target)
{
	if (bo->softpin_count == bo->softpin_cap) {
		int cap = bo->softpin_cap ? bo->softpin_cap * 2 : 16;
		struct intel_bo **p = realloc(bo->softpin_targets, (size_t)cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		bo->softpin_targets = p;
		bo->softpin_cap = cap;
	}
	drm_intel_bo_reference(&target->base);
	bo->softpin_targets[bo->softpin_count++] = target;
	return 0;
}

static int emit_reloc_common(drm_intel_bo *b, uint32_t offset, drm_intel_bo *tb,
			     uint32_t delta, uint32_t read_domains, uint32_t write_domain,
			     bool need_fence)
{
	struct intel_bo *bo, *target;
	drm_intel_bufmgr *mgr;
	struct drm_i915_gem_relocation_entry *r;
	int ret;

	if (!b || !tb || b->bufmgr != tb->bufmgr)
		return -EINVAL;
	bo = to_intel_bo(b);
	target = to_intel_bo(tb);
	mgr = b->bufmgr;

	if (bo->has_error)
		return -ENOMEM;
	if (target->has_error) {
		bo->has_error = true;
		return -ENOMEM;
	}
	if (b->size < 4 || offset > b->size - 4)
		return -EINVAL;
	if (write_domain & (write_domain - 1))
		return -EINVAL;
	if (mgr->gen >= 4)
		need_fence = false;

	/* A softpinned target needs no relocation, only a place on the list. */
	if ((target->kflags & EXEC_OBJECT_PINNED) && !need_fence) {
		if (target == bo)
			return -EINVAL;
		return softpin_add(bo, target);
	}

	/* libdrm asserts on both: the tree would stop being a DAG, or a fenced
	 * target would carry relocations of its own. */
	if (bo->used_as_reloc_target && target != bo)
		return -EINVAL;
	if (need_fence && target->reloc_count > 0)
		return -EINVAL;

	if (bo->reloc_count == bo->reloc_cap) {
		ret = reloc_grow(bo);
		if (ret) {
			bo->has_error = true;
			return ret;
		}
	}

	if (target != bo) {
		target->used_as_reloc_target = true;
		bo->reloc_tree_extra += (long)target->aperture_size + target->reloc_tree_extra;
		bo->reloc_tree_fences += target->reloc_tree_fences;
		drm_intel_bo_reference(tb);
	}
	if (need_fence && target->tiling_mode != I915_TILING_NONE)
		bo->reloc_tree_fences++;

	r = &bo->relocs[bo->reloc_count];
	memset(r, 0, sizeof(*r));
	r->offset = offset;
	r->delta = delta;
	r->target_handle = (uint32_t)tb->handle;
	r->read_domains = read_domains;
	r->write_domain = write_domain;
	r->presumed_offset = tb->offset64;
	bo->reloc_targets[bo->reloc_count].bo = target;
	bo->reloc_targets[bo->reloc_count].fenced = need_fence;
	bo->reloc_count++;
	return 0;
}

drm_public int drm_intel_bo_emit_reloc(drm_intel_bo *bo, uint32_t offset,
				       drm_intel_bo *target_bo, uint32_t target_offset,
				       uint32_t read_domains, uint32_t write_domain)
{
	if (!bo)
		return -EINVAL;
	return emit_reloc_common(bo, offset, target_bo, target_offset, read_domains,
				 write_domain, !bo->bufmgr->fenced_relocs);
}

drm_public int drm_intel_bo_emit_reloc_fence(drm_intel_bo *bo, uint32_t offset,
					     drm_intel_bo *target_bo, uint32_t target_offset,
					     uint32_t read_domains, uint32_t write_domain)
{
	return emit_reloc_common(bo, offset, target_bo, target_offset, read_domains,
				 write_domain, true);
}

drm_public int drm_intel_gem_bo_get_reloc_count(drm_intel_bo *bo)
{
	return bo ? to_intel_bo(bo)->reloc_count : 0;
}

/* Drops relocations [start, count) and every softpin target (lock held). */
static void relocs_truncate(struct intel_bo *bo, int start, time_t now)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;

	for (int i = bo->reloc_count - 1; i >= start; i--) {
		struct intel_bo *t = bo->reloc_targets[i].bo;

		if (t == bo)
			continue;
		bo->reloc_tree_fences -= t->reloc_tree_fences;
		if (bo->reloc_targets[i].fenced && t->tiling_mode != I915_TILING_NONE &&
		    mgr->gen < 4)
			bo->reloc_tree_fences--;
		intel_bo_unreference_locked(t, now);
	}
	if (bo->reloc_tree_fences < 0)
		bo->reloc_tree_fences = 0;
	bo->reloc_count = start;
	for (int i = 0; i < bo->softpin_count; i++)
		intel_bo_unreference_locked(bo->softpin_targets[i], now);
	bo->softpin_count = 0;
}

drm_public void drm_intel_gem_bo_clear_relocs(drm_intel_bo *b, int start)
{
	struct intel_bo *bo;

	if (!b)
		return;
	bo = to_intel_bo(b);
	if (start < 0 || start > bo->reloc_count)
		return;		/* libdrm asserts */
	pthread_mutex_lock(&b->bufmgr->lock);
	relocs_truncate(bo, start, intel_now_seconds());
	pthread_mutex_unlock(&b->bufmgr->lock);
}

void bo_relocs_release(struct intel_bo *bo, time_t now)
{
	relocs_truncate(bo, 0, now);
	free(bo->relocs);
	free(bo->reloc_targets);
	free(bo->softpin_targets);
	bo->relocs = NULL;
	bo->reloc_targets = NULL;
	bo->softpin_targets = NULL;
	bo->reloc_cap = bo->softpin_cap = 0;
	bo->kflags = 0;
	bo->used_as_reloc_target = false;
	bo->has_error = false;
	bo->reloc_tree_extra = 0;
	bo->reloc_tree_fences = 0;
	bo->exec_index = 0;
}

/* Relocation trees are DAGs (a bo used as a target takes no new relocations). */
static bool bo_refers(struct intel_bo *bo, struct intel_bo *target)
{
	for (int i = 0; i < bo->reloc_count; i++) {
		struct intel_bo *t = bo->reloc_targets[i].bo;
		if (t == target)
			return true;
		if (t != bo && bo_refers(t, target))
			return true;
	}
	for (int i = 0; i < bo->softpin_count; i++) {
		struct intel_bo *t = bo->softpin_targets[i];
		if (t == target || bo_refers(t, target))
			return true;
	}
	return false;
}

drm_public int drm_intel_bo_references(drm_intel_bo *bo, drm_intel_bo *target_bo)
{
	if (!bo || !target_bo)
		return 0;
	/* libdrm's quirk: a target only ever softpinned reads as "not referenced". */
	if (!to_intel_bo(target_bo)->used_as_reloc_target)
		return 0;
	return bo_refers(to_intel_bo(bo), to_intel_bo(target_bo));
}

/* ---- object flags ------------------------------------------------------ */

drm_public int drm_intel_bo_set_softpin_offset(drm_intel_bo *bo, uint64_t offset)
{
	if (!bo)
		return -EINVAL;
	if (!bo->bufmgr->has_softpin)
		return -ENODEV;
	bo->offset64 = offset;
	bo->offset = (unsigned long)offset;
	to_intel_bo(bo)->kflags |= EXEC_OBJECT_PINNED;
	return 0;
}

drm_public int drm_intel_bo_use_48b_address_range(drm_intel_bo *bo, uint32_t enable)
{
	if (!bo)
		return -EINVAL;
	if (!bo->bufmgr->has_full_48b)
		return -ENODEV;
	if (enable)
		to_intel_bo(bo)->kflags |= EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	else
		to_intel_bo(bo)->kflags &= ~(uint64_t)EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	return 0;
}

drm_public void drm_intel_gem_bo_disable_implicit_sync(drm_intel_bo *bo)
{
	if (bo)
		to_intel_bo(bo)->kflags |= EXEC_OBJECT_ASYNC;
}

drm_public void drm_intel_gem_bo_enable_implicit_sync(drm_intel_bo *bo)
{
	if (bo)
		to_intel_bo(bo)->kflags &= ~(uint64_t)EXEC_OBJECT_ASYNC;
}

/* ---- aperture check ---------------------------------------------------- */

static unsigned long tree_size(const struct intel_bo *bo)
{
	long s = (long)bo->aperture_size + bo->reloc_tree_extra;
	return s > 0 ? (unsigned long)s : 0;
}

/* Each bo of the relocation trees once, at its plain size (softpin not counted). */
static uint64_t tree_exact_size(struct intel_bo *bo)
{
	uint64_t total = 0;

	if (bo->tree_visited)
		return 0;
	bo->tree_visited = true;
	total += bo->base.size;
	for (int i = 0; i < bo->reloc_count; i++)
		total += tree_exact_size(bo->reloc_targets[i].bo);
	return total;
}

static void tree_clear_visited(struct intel_bo *bo)
{
	if (!bo->tree_visited)
		return;
	bo->tree_visited = false;
	for (int i = 0; i < bo->reloc_count; i++)
		tree_clear_visited(bo->reloc_targets[i].bo);
}

drm_public int drm_intel_bufmgr_check_aperture_space(drm_intel_bo **bo_array, int count)
{
	drm_intel_bufmgr *mgr;
	uint64_t threshold, estimate = 0, exact;

	if (!bo_array || count <= 0 || !bo_array[0])
		return -EINVAL;	/* libdrm dereferences bo_array[0] regardless */
	mgr = bo_array[0]->bufmgr;
	for (int i = 0; i < count; i++)
		if (!bo_array[i] || bo_array[i]->bufmgr != mgr)
			return -EINVAL;

	if (mgr->gen < 4 && mgr->available_fences) {
		int fences = 0;
		for (int i = 0; i < count; i++)
			fences += to_intel_bo(bo_array[i])->reloc_tree_fences;
		if (fences > mgr->available_fences)
			return -ENOSPC;
	}

	/* libdrm computes this in 32 bits; 64 bits cannot wrap on large apertures. */
	threshold = mgr->gtt_size * 3 / 4;
	for (int i = 0; i < count; i++)
		estimate += tree_size(to_intel_bo(bo_array[i]));
	if (estimate <= threshold) {
		INTEL_DBG(mgr, "drm_check_space: total %llukb vs bufgr %llukb\n",
			  (unsigned long long)(estimate / 1024),
			  (unsigned long long)(threshold / 1024));
		return 0;
	}

	exact = 0;
	for (int i = 0; i < count; i++)
		exact += tree_exact_size(to_intel_bo(bo_array[i]));
	for (int i = 0; i < count; i++)
		tree_clear_visited(to_intel_bo(bo_array[i]));
	/* The exact figure replaces the first bo's estimate, as in libdrm. */
	to_intel_bo(bo_array[0])->reloc_tree_extra =
		(long)exact - (long)to_intel_bo(bo_array[0])->aperture_size;

	if (exact > threshold) {
		INTEL_DBG(mgr, "check_space: overflowed available aperture, %llukb vs %llukb\n",
			  (unsigned long long)(exact / 1024),
			  (unsigned long long)(threshold / 1024));
		return -ENOSPC;
	}
	INTEL_DBG(mgr, "drm_check_space: total %llukb vs bufgr %llukb\n",
		  (unsigned long long)(exact / 1024), (unsigned long long)(threshold / 1024));
	return 0;
}
