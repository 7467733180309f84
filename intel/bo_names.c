/* SPDX-License-Identifier: MIT */
/*
 * Global names and the per-bufmgr tables that keep one drm_intel_bo per
 * kernel object: drm_intel_bo_flink(), drm_intel_bo_gem_create_from_name(),
 * disable_reuse and is_reusable.
 *
 * Every bo is in the handle table from creation until it is freed; a bo with
 * a flink name is also in the name table. Lookups and changes happen under
 * mgr->lock. A lookup hit returns the existing bo with one more reference,
 * which the caller owns. The tables own no bo: freeing a bo removes it.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

#define TABLE_INITIAL_SLOTS 256

void bo_table_init(struct intel_bo_table *t)
{
	t->slots = calloc(TABLE_INITIAL_SLOTS, sizeof(*t->slots));
	t->nslots = t->slots ? TABLE_INITIAL_SLOTS : 0;
	t->count = 0;
}

void bo_table_fini(struct intel_bo_table *t)
{
	free(t->slots);
	t->slots = NULL;
	t->nslots = t->count = 0;
}

static unsigned slot_of(const struct intel_bo_table *t, uint32_t key)
{
	return (key * 2654435761u) & (t->nslots - 1);
}

/* The two tables chain through different members of the bo. */
static struct intel_bo **chain_next(struct intel_bo *bo, bool by_name)
{
	return by_name ? &bo->name_next : &bo->handle_next;
}

static uint32_t key_of(const struct intel_bo *bo, bool by_name)
{
	return by_name ? bo->global_name : (uint32_t)bo->base.handle;
}

static void table_grow(struct intel_bo_table *t, bool by_name)
{
	unsigned n = t->nslots * 2;
	struct intel_bo **slots = calloc(n, sizeof(*slots));
	struct intel_bo_table nt = { slots, n, t->count };

	if (!slots)
		return;		/* keep the longer chains */
	for (unsigned i = 0; i < t->nslots; i++) {
		struct intel_bo *bo = t->slots[i], *next;
		for (; bo; bo = next) {
			unsigned s = slot_of(&nt, key_of(bo, by_name));
			next = *chain_next(bo, by_name);
			*chain_next(bo, by_name) = slots[s];
			slots[s] = bo;
		}
	}
	free(t->slots);
	*t = nt;
}

static void table_add(struct intel_bo_table *t, struct intel_bo *bo, bool by_name)
{
	unsigned s;

	if (t->count >= t->nslots * 2)
		table_grow(t, by_name);
	s = slot_of(t, key_of(bo, by_name));
	*chain_next(bo, by_name) = t->slots[s];
	t->slots[s] = bo;
	t->count++;
}

static struct intel_bo *table_find(struct intel_bo_table *t, uint32_t key, bool by_name)
{
	struct intel_bo *bo;

	for (bo = t->slots[slot_of(t, key)]; bo; bo = *chain_next(bo, by_name))
		if (key_of(bo, by_name) == key)
			return bo;
	return NULL;
}

static void table_remove(struct intel_bo_table *t, struct intel_bo *bo, bool by_name)
{
	struct intel_bo **p = &t->slots[slot_of(t, key_of(bo, by_name))];

	for (; *p; p = chain_next(*p, by_name)) {
		if (*p == bo) {
			*p = *chain_next(bo, by_name);
			*chain_next(bo, by_name) = NULL;
			t->count--;
			return;
		}
	}
}

void bo_names_add_handle(drm_intel_bufmgr *mgr, struct intel_bo *bo)
{
	table_add(&mgr->handles, bo, false);
}

void bo_names_add_name(drm_intel_bufmgr *mgr, struct intel_bo *bo)
{
	table_add(&mgr->names, bo, true);
}

struct intel_bo *bo_names_find_handle(drm_intel_bufmgr *mgr, uint32_t handle)
{
	return table_find(&mgr->handles, handle, false);
}

struct intel_bo *bo_names_find_name(drm_intel_bufmgr *mgr, uint32_t name)
{
	return table_find(&mgr->names, name, true);
}

void bo_names_remove(drm_intel_bufmgr *mgr, struct intel_bo *bo)
{
	table_remove(&mgr->handles, bo, false);
	if (bo->global_name)
		table_remove(&mgr->names, bo, true);
}

drm_public int drm_intel_bo_flink(drm_intel_bo *b, uint32_t *name)
{
	struct intel_bo *bo = to_intel_bo(b);
	drm_intel_bufmgr *mgr;

	if (!b || !name)
		return -EINVAL;
	mgr = b->bufmgr;
	if (!__atomic_load_n(&bo->global_name, __ATOMIC_ACQUIRE)) {
		struct drm_gem_flink f;
		int ret;

		memset(&f, 0, sizeof(f));
		f.handle = b->handle;
		ret = intel_ioctl(mgr->fd, DRM_IOCTL_GEM_FLINK, &f);
		if (ret)
			return ret;
		pthread_mutex_lock(&mgr->lock);
		if (!bo->global_name) {
			bo->global_name = f.name;
			bo->reusable = false;
			bo_names_add_name(mgr, bo);
		}
		pthread_mutex_unlock(&mgr->lock);
	}
	*name = bo->global_name;
	return 0;
}

drm_public drm_intel_bo *drm_intel_bo_gem_create_from_name(drm_intel_bufmgr *mgr,
							   const char *label,
							   unsigned int flink_name)
{
	struct drm_gem_open op;
	struct intel_bo *bo;
	int ret;

	if (!mgr)
		return NULL;
	pthread_mutex_lock(&mgr->lock);
	bo = bo_names_find_name(mgr, flink_name);
	if (bo) {
		drm_intel_bo_reference(&bo->base);
		goto out;
	}

	memset(&op, 0, sizeof(op));
	op.name = flink_name;
	ret = intel_ioctl(mgr->fd, DRM_IOCTL_GEM_OPEN, &op);
	if (ret) {
		INTEL_DBG(mgr, "Couldn't reference %s handle 0x%08x: %s\n",
			  label ? label : "", flink_name, strerror(-ret));
		bo = NULL;
		goto out;
	}
	bo = bo_names_find_handle(mgr, op.handle);
	if (bo) {
		drm_intel_bo_reference(&bo->base);
		goto out;
	}

	bo = intel_bo_new(mgr, label, op.handle, (unsigned long)op.size);
	if (!bo) {
		intel_bo_gem_close(mgr, op.handle);
		goto out;
	}
	bo->global_name = flink_name;
	bo->reusable = false;
	bo_names_add_handle(mgr, bo);
	bo_names_add_name(mgr, bo);
	if (bo_tiling_query(bo)) {
		intel_bo_free(bo);
		bo = NULL;
		goto out;
	}
	INTEL_DBG(mgr, "bo_create_from_handle: %d (%s)\n", op.handle, label ? label : "");
out:
	pthread_mutex_unlock(&mgr->lock);
	return bo ? &bo->base : NULL;
}

drm_public int drm_intel_bo_disable_reuse(drm_intel_bo *b)
{
	if (!b)
		return -EINVAL;
	to_intel_bo(b)->reusable = false;
	return 0;
}

drm_public int drm_intel_bo_is_reusable(drm_intel_bo *b)
{
	return b ? to_intel_bo(b)->reusable : 0;
}
