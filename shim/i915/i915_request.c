/* SPDX-License-Identifier: MIT */
/*
 * Shared request records and their adoption (i915/i915_request.h has the model).
 * Everything here runs under the device lock, and notes what it changes in
 * the undo journal (base/journal.h).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fault_guard.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/log.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"
#include "i915/i915_request.h"

static void list_add_tail(struct shim_device *dev, shim_off off)
{
	struct i915_shared *s = i915_shared(dev);
	struct i915_request_record *r = shim_ptr(off);
	SHIM_SET(r->prev, s->requests_tail);
	SHIM_SET(r->next, 0);
	if (s->requests_tail)
		SHIM_SET(((struct i915_request_record *)shim_ptr(s->requests_tail))->next, off);
	else
		SHIM_SET(s->requests_head, off);
	SHIM_SET(s->requests_tail, off);
	SHIM_INC(s->requests);
}

static void list_del(struct shim_device *dev, shim_off off)
{
	struct i915_shared *s = i915_shared(dev);
	struct i915_request_record *r = shim_ptr(off);
	if (r->prev)
		SHIM_SET(((struct i915_request_record *)shim_ptr(r->prev))->next, r->next);
	else
		SHIM_SET(s->requests_head, r->next);
	if (r->next)
		SHIM_SET(((struct i915_request_record *)shim_ptr(r->next))->prev, r->prev);
	else
		SHIM_SET(s->requests_tail, r->prev);
	SHIM_DEC(s->requests);
}

int i915_request_record(struct shim_device *dev, struct shim_request *rq, uint64_t client)
{
	shim_assert_locked(dev);
	struct shim_arena *a = &dev->shared->arena;
	shim_off off = shim_alloc(a, sizeof(struct i915_request_record));
	shim_off deps = rq->ndeps ? shim_alloc(a, rq->ndeps * sizeof(shim_off)) : 0;
	shim_off objs = rq->nobjs ? shim_alloc(a, rq->nobjs * sizeof(struct i915_request_obj)) : 0;
	uint64_t shadow = 0;
	int ret = 0;
	if (!off || (rq->ndeps && !deps) || (rq->nobjs && !objs))
		ret = -ENOMEM;
	bool shadow_kept = false;
	if (!ret && rq->shadow && !shim_mem_alloc_scratch(&dev->mem, rq->batch_len, &shadow)) {
		void *p = shim_mem_ptr(&dev->mem, shadow, rq->batch_len);
		struct shim_fault fault;
		shadow_kept = p && !shim_fault_memcpy(p, rq->shadow, rq->batch_len, &fault);
		if (!shadow_kept)	/* no window, or no page to write on a full tmpfs */
			shim_mem_free(&dev->mem, shadow, rq->batch_len);
	}
	if (ret) {
		shim_free(a, off, sizeof(struct i915_request_record));
		shim_free(a, deps, rq->ndeps * sizeof(shim_off));
		shim_free(a, objs, rq->nobjs * sizeof(struct i915_request_obj));
		return ret;
	}
	/* Fresh blocks: filled before they are reachable, so no notes. */
	struct i915_request_record *r = shim_ptr(off);
	r->client = client;
	r->ctx = rq->ctx;
	r->fence = rq->fence;
	r->engine = rq->engine;
	r->batch_addr = rq->batch_addr;
	r->batch_len = rq->batch_len;
	r->shadow_mem = shadow_kept ? shadow + 1 : 0;
	r->flags = rq->shadow && !shadow_kept ? I915_REQUEST_COPY_LOST : 0;
	r->deps = deps;
	r->ndeps = rq->ndeps;
	if (deps)
		memcpy(shim_ptr(deps), rq->deps, rq->ndeps * sizeof(shim_off));
	r->objs = objs;
	r->nobjs = rq->nobjs;
	struct i915_request_obj *o = shim_ptr(objs);
	for (uint32_t i = 0; i < rq->nobjs; i++)
		o[i] = (struct i915_request_obj){
			.start = rq->objs[i].start, .size = rq->objs[i].size, .obj = rq->objs[i].obj,
			.fence_tiling = rq->objs[i].fence_tiling, .fence_pitch = rq->objs[i].fence_pitch,
			.write = rq->objs[i].write, .capture = rq->objs[i].capture,
		};
	list_add_tail(dev, off);
	rq->record = off;
	return 0;
}

void i915_request_record_release(struct shim_device *dev, shim_off off)
{
	shim_assert_locked(dev);
	struct i915_request_record *r = shim_ptr(off);
	if (!r)
		return;
	list_del(dev, off);
	shim_off *deps = shim_ptr(r->deps);
	for (uint32_t i = 0; i < r->ndeps; i++)
		shim_fence_put(dev, deps[i] & ~SHIM_DEP_SUBMIT);
	struct i915_request_obj *o = shim_ptr(r->objs);
	for (uint32_t i = 0; i < r->nobjs; i++)
		shim_gem_object_put(dev, o[i].obj);
	shim_fence_put(dev, r->fence);
	shim_context_put(dev, r->ctx);
	if (r->shadow_mem)
		shim_mem_free(&dev->mem, r->shadow_mem - 1, r->batch_len);
	shim_free(&dev->shared->arena, r->deps, r->ndeps * sizeof(shim_off));
	shim_free(&dev->shared->arena, r->objs, r->nobjs * sizeof(struct i915_request_obj));
	shim_free(&dev->shared->arena, off, sizeof(*r));
}

/* The process-local request of a record, with the pages as this process sees them. */
static struct shim_request *rebuild(struct shim_device *dev, shim_off off)
{
	struct i915_request_record *r = shim_ptr(off);
	struct shim_request *rq = calloc(1, sizeof(*rq));
	if (!rq)
		return NULL;
	rq->dev = dev;
	rq->engine = r->engine;
	rq->ctx = r->ctx;
	rq->fence = r->fence;
	rq->batch_addr = r->batch_addr;
	rq->batch_len = r->batch_len;
	rq->record = off;
	rq->deps = calloc(r->ndeps ? r->ndeps : 1, sizeof(*rq->deps));
	rq->objs = calloc(r->nobjs ? r->nobjs : 1, sizeof(*rq->objs));
	if (r->shadow_mem)
		rq->shadow = malloc(r->batch_len);
	const void *shadow = r->shadow_mem ? shim_mem_ptr(&dev->mem, r->shadow_mem - 1, r->batch_len) : NULL;
	struct shim_fault fault;
	if (!rq->deps || !rq->objs || (r->shadow_mem && (!rq->shadow || !shadow)) ||
	    (shadow && shim_fault_memcpy(rq->shadow, shadow, r->batch_len, &fault))) {
		shim_request_discard(rq);	/* the record keeps the references */
		return NULL;
	}
	memcpy(rq->deps, shim_ptr(r->deps), r->ndeps * sizeof(shim_off));
	rq->ndeps = r->ndeps;
	const struct i915_request_obj *o = shim_ptr(r->objs);
	for (uint32_t i = 0; i < r->nobjs; i++) {
		const struct i915_gem_object *obj = shim_ptr(o[i].obj);
		struct shim_request_object *ro = &rq->objs[i];
		ro->start = o[i].start;
		ro->size = o[i].size;
		ro->obj = o[i].obj;
		ro->write = o[i].write;
		ro->capture = o[i].capture;
		ro->read_only = obj->flags & SHIM_OBJ_READ_ONLY;
		ro->fence_tiling = o[i].fence_tiling;
		ro->fence_pitch = o[i].fence_pitch;
		/* Another process's userptr pages are out of reach: accesses to them fault. */
		if (obj->flags & SHIM_OBJ_USERPTR)
			ro->host = obj->owner_pid == shim_getpid() ? (uint8_t *)(uintptr_t)obj->user_ptr : NULL;
		else if (obj->flags & SHIM_OBJ_HAS_PAGES)
			ro->host = shim_mem_ptr(&dev->mem, obj->mem_off, obj->base.size);
	}
	rq->nobjs = r->nobjs;
	return rq;
}

void i915_request_adopt(struct shim_device *dev, uint64_t client)
{
	shim_assert_locked(dev);
	uint64_t me = shim_client_id(dev);
	unsigned adopted = 0, retired = 0, failed = 0;
	shim_off next;
	for (shim_off off = i915_shared(dev)->requests_head; off; off = next) {
		struct i915_request_record *r = shim_ptr(off);
		next = r->next;
		if (r->client != client)
			continue;
		if (r->flags & I915_REQUEST_RUNNING) {
			/* It stopped running with its process: the engine's busy period ends. */
			i915_pmu_engine_idle(dev, r->engine);
			SHIM_SET(r->flags, r->flags & ~I915_REQUEST_RUNNING);
		}
		if (shim_fence_is_signalled(shim_ptr(r->fence))) {
			i915_request_record_release(dev, off);	/* done, but not yet retired */
			retired++;
			continue;
		}
		SHIM_SET(r->client, me);
		/* A parsed batch whose copy could not be kept cannot be run as it was parsed. */
		struct shim_request *rq = r->flags & I915_REQUEST_COPY_LOST ? NULL : rebuild(dev, off);
		if (!rq || shim_engine_submit(rq)) {
			/* No way to run it here: it completes with an error rather than never. */
			shim_fence_mark_started(shim_ptr(r->fence));
			shim_fence_signal(shim_ptr(r->fence), -EIO);
			if (rq)
				shim_request_free(rq);
			else
				i915_request_record_release(dev, off);
			failed++;
			continue;
		}
		adopted++;
	}
	if ((shim_debug & SHIM_DEBUG_EXEC) && (adopted || retired || failed))
		shim_log("adopted %u requests of client %llu (%u retired, %u failed)\n",
			 adopted, (unsigned long long)client, retired, failed);
}
