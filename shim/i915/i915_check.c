/* SPDX-License-Identifier: MIT */
/*
 * i915's part of the invariant checker (drm/drm_check.h), reached through
 * struct shim_driver's check hook: its kinds (contexts, address spaces,
 * mapping records), its rows of the reference table, and the walks of its
 * shared state: the device area (mappings, address spaces and their
 * bindings, the purgeable list), each open file's contexts and address
 * space ids, and the driver
 * part of every object (its pages and view in the memory pool, madvise and
 * tiling state, its bindings).
 *
 * Runs inside a check (device lock held, a mapping of the state of the
 * check's own, nothing written); holds nothing after it. Calls the core's
 * checker API and base's proofs only.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>
#include <i915_drm.h>

#include "drm/drm_check.h"
#include "i915/i915_driver.h"
#include "drm/dma_fence.h"
#include "i915/i915_drv.h"
#include "i915/i915_request.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_mmap.h"
#include "i915/i915_gem_object.h"

static uint32_t context_refcount(const void *p) { return ((const struct shim_context *)p)->refcount; }
static uint32_t vm_refcount(const void *p) { return ((const struct shim_vm *)p)->refcount; }

static void context_walk(struct shim_check *c, uint64_t off, const void *p);
static void vm_walk(struct shim_check *c, uint64_t off, const void *p);

static const struct shim_check_kind kind_context = {
	"context", "contexts", sizeof(struct shim_context), context_refcount, context_walk, NULL };
static const struct shim_check_kind kind_vm = {
	"address space", "vms", sizeof(struct shim_vm), vm_refcount, vm_walk, NULL };
/* The reference a mapping holds, recorded with its process (i915_gem_mmap.c). */
static const struct shim_check_kind kind_mapping = { "mapping", "mappings", sizeof(struct map_ref) };

static const struct shim_check_kind *const i915_kinds[] = { &kind_context, &kind_vm, &kind_mapping };

/*
 * Who holds references to what: i915's rows of the reference table (the
 * core's are in drm/drm_check.c). Requests hold theirs in their shared
 * records (i915/i915_request.h), reached from the device's list of them:
 * their context, their fence, the fences they wait for and their objects.
 */
enum {
	H_CONTEXT_ID, H_DEFAULT_CONTEXT,
	H_CONTEXT_LAST_FENCE, H_CONTEXT_RING,
	H_CONTEXT_VM, H_GLOBAL_VM, H_VM_ID, H_FILE_VM_ID,
	H_MAPPING_ID, H_MAPPING, H_BINDING, H_PURGEABLE,
	H_REQUEST_CONTEXT, H_REQUEST_FENCE, H_REQUEST_DEP, H_REQUEST_OBJECT,
};
static const struct shim_check_holder i915_holders[] = {
	/* contexts */
	[H_CONTEXT_ID] = { "context id", &kind_context, true },
	[H_DEFAULT_CONTEXT] = { "file's default context", &kind_context, true },
	/* fences (the core's kind) */
	[H_CONTEXT_LAST_FENCE] = { "context's last request", &shim_check_kind_fence, true },
	[H_CONTEXT_RING] = { "context's request ring", &shim_check_kind_fence, true },
	/* address spaces */
	[H_CONTEXT_VM] = { "context's address space", &kind_vm, true },
	[H_GLOBAL_VM] = { "device's global address space", &kind_vm, true },
	[H_VM_ID] = { "address space id", &kind_vm, false },
	[H_FILE_VM_ID] = { "file's address space id", &kind_vm, true },
	/* mappings, and objects (the core's kind). tally[1]: bindings, which bind_count must equal. */
	[H_MAPPING_ID] = { "mapping id", &kind_mapping, false },
	[H_MAPPING] = { "mapping", &shim_check_kind_object, true },
	[H_BINDING] = { "binding", &shim_check_kind_object, false, 2 },
	[H_PURGEABLE] = { "purgeable list", &shim_check_kind_object, false },
	/* request records */
	[H_REQUEST_CONTEXT] = { "request's context", &kind_context, true },
	[H_REQUEST_FENCE] = { "request's fence", &shim_check_kind_fence, true },
	[H_REQUEST_DEP] = { "request's dependency", &shim_check_kind_fence, true },
	[H_REQUEST_OBJECT] = { "request's object", &shim_check_kind_object, true },
};

/* What this driver's walks count across a check (shim_check_driver_tally). */
enum {
	T_PURGEABLE_FLAGGED,	/* objects with SHIM_OBJ_PURGEABLE */
	T_PURGEABLE_LISTED,	/* on the list, -1 if it does not end */
};

/* --- contexts and address spaces ------------------------------------------------------- */

static void context_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_context *ctx = p;
	const struct shim_device_model *m = shim_check_model(c);
	for (unsigned i = 0; i < SHIM_CONTEXT_ENGINES; i++)
		shim_check_ref(c, &i915_holders[H_CONTEXT_LAST_FENCE], shim_check_at(c, &ctx->last_fence[i]),
			       ctx->last_fence[i]);
	for (unsigned i = 0; i < SHIM_CONTEXT_RING; i++)
		shim_check_ref(c, &i915_holders[H_CONTEXT_RING], shim_check_at(c, &ctx->recent[i].fence),
			       ctx->recent[i].fence);
	shim_check_ref(c, &i915_holders[H_CONTEXT_RING], shim_check_at(c, &ctx->older.fence), ctx->older.fence);
	if (ctx->recent_next >= SHIM_CONTEXT_RING)
		shim_check_fail(c, "context", off, "recent_next %u is past its ring", ctx->recent_next);
	if (ctx->banned > 1 || ctx->recoverable > 1 || ctx->bannable > 1 || ctx->persistent > 1 ||
	    ctx->killed > 1 || ctx->finalized > 1 || ctx->no_error_capture > 1 || ctx->single_timeline > 1)
		shim_check_fail(c, "context", off, "a flag is neither 0 nor 1");
	if (ctx->file && !shim_check_is_open_file(c, ctx->file))
		shim_check_fail(c, "context", off, "its file 0x%llx is not an open file", (unsigned long long)ctx->file);
	if (ctx->timeline + SHIM_CONTEXT_ENGINES - 1 > shim_check_shared(c)->next_timeline)
		shim_check_fail(c, "context", off, "timeline %llu was never handed out",
				(unsigned long long)ctx->timeline);
	if ((m->ppgtt_type == 2) != (ctx->vm != 0))
		shim_check_fail(c, "context", off, "address space 0x%llx on a device with%s full PPGTT",
				(unsigned long long)ctx->vm, m->ppgtt_type == 2 ? "" : "out");
	shim_check_ref(c, &i915_holders[H_CONTEXT_VM], shim_check_at(c, &ctx->vm), ctx->vm);
}

/* The walk of one address space's tree of bindings, in address order. */
struct vm_tree_walk {
	struct shim_check *c;
	uint64_t vm, total;
	uint64_t end;		/* the highest end so far */
	uint32_t nodes;		/* visited: more than the count means a cycle */
	uint32_t count;
	bool broken;
};

/* The subtree at t, held at `at`, whose priority may not exceed the parent's. Returns its sums
 * as they should be (first, last, gap) in *sums, or false when it cannot be read. */
static bool vm_tree_node(struct vm_tree_walk *w, uint64_t t, uint64_t at, unsigned depth, uint64_t sums[3])
{
	struct shim_check *c = w->c;
	if (depth > 200 || ++w->nodes > w->count) {
		shim_check_fail(c, "address space", w->vm, "its tree holds more than its %u bindings, "
				"or is more than 200 deep", w->count);
		w->broken = true;
		return false;
	}
	const struct shim_vma *p = shim_check_claim(shim_check_state(c), t, sizeof(*p), "binding",
						    "address space", at);
	if (!p) {
		w->broken = true;
		return false;
	}
	struct shim_vma v;
	memcpy(&v, p, sizeof(v));
	uint64_t ls[3], rs[3];
	bool has_l = v.left && !w->broken;
	if (has_l && !vm_tree_node(w, v.left, t + offsetof(struct shim_vma, left), depth + 1, ls))
		return false;
	if (!v.size || v.start < w->end || v.start + v.size > w->total || v.start + v.size < v.start)
		shim_check_fail(c, "binding", t, "[0x%llx, +0x%llx) is out of order, overlaps the one before "
				"or leaves the address space", (unsigned long long)v.start, (unsigned long long)v.size);
	if (v.start + v.size > w->end)
		w->end = v.start + v.size;
	if (v.vm != w->vm)
		shim_check_fail(c, "binding", t, "says it is in address space 0x%llx", (unsigned long long)v.vm);
	const struct shim_gem_object *obj = shim_check_ref(c, &i915_holders[H_BINDING],
							   t + offsetof(struct shim_vma, obj), v.obj);
	if (obj && v.size < obj->size)
		shim_check_fail(c, "binding", t, "%llu bytes for an object of %llu",
				(unsigned long long)v.size, (unsigned long long)obj->size);
	bool has_r = v.right && !w->broken;
	if (has_r && !vm_tree_node(w, v.right, t + offsetof(struct shim_vma, right), depth + 1, rs))
		return false;
	uint64_t end = v.start + v.size, gap = 0;
	sums[0] = has_l ? ls[0] : v.start;
	sums[1] = has_r ? rs[1] : end;
	if (has_l)
		gap = ls[2] > v.start - ls[1] ? ls[2] : v.start - ls[1];
	if (has_r) {
		if (rs[2] > gap)
			gap = rs[2];
		if (rs[0] - end > gap)
			gap = rs[0] - end;
	}
	sums[2] = gap;
	if (v.first != sums[0] || v.last != sums[1] || v.gap != sums[2])
		shim_check_fail(c, "binding", t, "its subtree spans [0x%llx, 0x%llx) with a widest gap of 0x%llx, "
				"it says [0x%llx, 0x%llx) and 0x%llx", (unsigned long long)sums[0],
				(unsigned long long)sums[1], (unsigned long long)sums[2], (unsigned long long)v.first,
				(unsigned long long)v.last, (unsigned long long)v.gap);
	return true;
}

static void vm_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_vm *vm = p;
	const struct i915_shared *i915 = (const struct i915_shared *)shim_check_shared(c)->driver;
	uint64_t total = shim_check_model(c)->ppgtt_bits == 48 ? 1ull << 48 : 1ull << 32;
	if (vm->total != total)
		shim_check_fail(c, "address space", off, "total 0x%llx, the device has 0x%llx",
				(unsigned long long)vm->total, (unsigned long long)total);
	if (shim_check_idr_find(shim_check_state(c), &i915->vms, vm->id) != off)
		shim_check_fail(c, "address space", off, "id %u is not its", vm->id);
	if (!vm->root != !vm->count) {
		shim_check_fail(c, "address space", off, "tree 0x%llx, count %u", (unsigned long long)vm->root,
				vm->count);
		return;
	}
	struct vm_tree_walk w = { .c = c, .vm = off, .total = vm->total, .count = vm->count };
	uint64_t sums[3];
	if (vm->root && vm_tree_node(&w, vm->root, shim_check_at(c, &vm->root), 0, sums) && w.nodes != vm->count)
		shim_check_fail(c, "address space", off, "count %u, its tree holds %u", vm->count, w.nodes);
}

/* --- the device area and the files' areas ---------------------------------------------- */

static void map_ref(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	const struct map_ref *r = shim_check_ref(c, &i915_holders[H_MAPPING_ID], at, value);
	if (!r)
		return;
	if (r->pid <= 0 || !r->obj)
		shim_check_fail(c, "mapping", value, "mapping %u: pid %d, object 0x%llx", id, r->pid,
				(unsigned long long)r->obj);
	shim_check_ref(c, &i915_holders[H_MAPPING], shim_check_at(c, &r->obj), r->obj);
}

static void vm_id(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	const struct shim_vm *vm = shim_check_ref(c, &i915_holders[H_VM_ID], at, value);
	if (vm && vm->id != id)
		shim_check_fail(c, "address space", value, "id %u in the index, %u in itself", id, vm->id);
}

struct purge_walk {
	struct shim_check *c;
	uint64_t prev;		/* the node before, 0 at the head */
	uint64_t link_at;	/* where the link to this node is kept */
};

static void visit_purgeable(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct purge_walk *w = arg;
	const struct i915_gem_object *obj = shim_check_ref(w->c, &i915_holders[H_PURGEABLE], w->link_at, node);
	w->link_at = node + offsetof(struct i915_gem_object, purge_next);
	if (obj && (!(obj->flags & SHIM_OBJ_PURGEABLE) || obj->purge_prev != w->prev))
		shim_check_fail(w->c, "purgeable list", node, "flags 0x%x, prev 0x%llx (expected 0x%llx)", obj->flags,
				(unsigned long long)obj->purge_prev, (unsigned long long)w->prev);
	w->prev = node;
}

struct request_walk {
	struct shim_check *c;
	uint64_t prev;
};

static void visit_request(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct request_walk *w = arg;
	struct shim_check *c = w->c;
	const struct i915_request_record *r = shim_check_claim(s, node, sizeof(*r), "request record",
								   "request list", node);
	if (!r)
		return;
	if (r->prev != w->prev)
		shim_check_fail(c, "request record", node, "prev 0x%llx (expected 0x%llx)",
				(unsigned long long)r->prev, (unsigned long long)w->prev);
	w->prev = node;
	shim_check_ref(c, &i915_holders[H_REQUEST_CONTEXT], shim_check_at(c, &r->ctx), r->ctx);
	shim_check_ref(c, &i915_holders[H_REQUEST_FENCE], shim_check_at(c, &r->fence), r->fence);
	const struct shim_fence *f = shim_check_get(c, r->fence, sizeof(*f));
	if (f && f->state)	/* done, about to drop what it holds: look again */
		shim_check_report(s, true, "request record", node, "retiring (its fence has signalled)");
	const shim_off *deps = r->ndeps ? shim_check_claim(s, r->deps, r->ndeps * sizeof(shim_off),
							   "request's dependencies", "request record", node) : NULL;
	for (uint32_t i = 0; deps && i < r->ndeps; i++)
		shim_check_ref(c, &i915_holders[H_REQUEST_DEP], r->deps + i * sizeof(shim_off),
			       deps[i] & ~SHIM_DEP_SUBMIT);
	const struct i915_request_obj *o = r->nobjs ? shim_check_claim(s, r->objs,
								       r->nobjs * sizeof(*o), "request's objects",
								       "request record", node) : NULL;
	for (uint32_t i = 0; o && i < r->nobjs; i++)
		shim_check_ref(c, &i915_holders[H_REQUEST_OBJECT],
			       r->objs + i * sizeof(*o) + offsetof(struct i915_request_obj, obj), o[i].obj);
	if (!r->client || r->engine > 3)
		shim_check_fail(c, "request record", node, "client %llu, engine %u",
				(unsigned long long)r->client, r->engine);
}

static void i915_check_device(struct shim_check *c, const void *area)
{
	const struct i915_shared *i915 = area;
	struct shim_state_check *s = shim_check_state(c);
	shim_check_idr(s, &i915->map_refs, "mappings", map_ref, c);
	shim_check_idr(s, &i915->vms, "address spaces", vm_id, c);
	shim_check_ref(c, &i915_holders[H_GLOBAL_VM], shim_check_at(c, &i915->global_vm), i915->global_vm);
	if (i915->wedged > 1)
		shim_check_fail(c, "i915", shim_check_at(c, &i915->wedged), "wedged %u", i915->wedged);
	struct purge_walk w = { c, 0, shim_check_at(c, &i915->purgeable) };
	int64_t listed = shim_check_list(s, i915->purgeable, sizeof(struct i915_gem_object),
					 offsetof(struct i915_gem_object, purge_next), "purgeable list",
					 shim_check_at(c, &i915->purgeable), visit_purgeable, &w);
	shim_check_driver_tally(c)[T_PURGEABLE_LISTED] = listed;
	struct request_walk rw = { c, 0 };
	int64_t requests = shim_check_list(s, i915->requests_head, sizeof(struct i915_request_record),
					   offsetof(struct i915_request_record, next), "request list",
					   shim_check_at(c, &i915->requests_head), visit_request, &rw);
	if (requests >= 0 && ((uint64_t)requests != i915->requests || rw.prev != i915->requests_tail))
		shim_check_fail(c, "request list", shim_check_at(c, &i915->requests_head),
				"%lld records, %llu counted, tail 0x%llx (last 0x%llx)", (long long)requests,
				(unsigned long long)i915->requests, (unsigned long long)i915->requests_tail,
				(unsigned long long)rw.prev);
}

struct file_walk {
	struct shim_check *c;
	uint64_t file;		/* the file's offset */
	uint32_t slot;
};

static void context_id(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	const struct file_walk *w = arg;
	const struct shim_context *ctx = shim_check_ref(w->c, &i915_holders[H_CONTEXT_ID], at, value);
	if (ctx && ctx->file != w->file)
		shim_check_fail(w->c, "context", value, "context %u of file %u names file 0x%llx as its own", id,
				w->slot, (unsigned long long)ctx->file);
}

static void file_vm_id(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	const struct file_walk *w = arg;
	shim_check_ref(w->c, &i915_holders[H_FILE_VM_ID], at, value);
}

static void i915_check_file(struct shim_check *c, uint32_t slot, const struct shim_file *file,
			    const void *area)
{
	const struct i915_file *f = area;
	struct file_walk w = { c, shim_check_at(c, file), slot };
	shim_check_idr(shim_check_state(c), &f->contexts, "file's contexts", context_id, &w);
	shim_check_idr(shim_check_state(c), &f->vms, "file's address spaces", file_vm_id, &w);
	const struct shim_context *ctx = shim_check_ref(c, &i915_holders[H_DEFAULT_CONTEXT],
							shim_check_at(c, &f->default_ctx), f->default_ctx);
	if (ctx && ctx->file != shim_check_at(c, file))
		shim_check_fail(c, "context", f->default_ctx, "the default context of file %u names file 0x%llx",
				slot, (unsigned long long)ctx->file);
}

/* --- objects -------------------------------------------------------------------------- */

#define KNOWN_FLAGS (SHIM_OBJ_HAS_PAGES | SHIM_OBJ_USERPTR | SHIM_OBJ_READ_ONLY | SHIM_OBJ_HAS_VIEW | \
		     SHIM_OBJ_PURGEABLE | SHIM_OBJ_PURGED_RANGE | SHIM_OBJ_PAGES_MAPPED)

static void i915_check_object(struct shim_check *c, uint64_t off, const struct shim_gem_object *gem)
{
	const struct i915_gem_object *obj = (const struct i915_gem_object *)gem;
	struct shim_state_check *s = shim_check_state(c);
	uint32_t f = obj->flags;
	uint64_t at = shim_check_at(c, &obj->mem_off);
	if (f & ~KNOWN_FLAGS)
		shim_check_fail(c, "object", off, "unknown flags 0x%x", f & ~KNOWN_FLAGS);
	if (obj->madv > SHIM_MADV_PURGED || obj->tiling_mode > I915_TILING_Y || obj->view_state > SHIM_VIEW_DIRTY)
		shim_check_fail(c, "object", off, "madv %u, tiling %u, view state %u", obj->madv, obj->tiling_mode,
				obj->view_state);
	if ((f & SHIM_OBJ_HAS_PAGES) && (f & (SHIM_OBJ_USERPTR | SHIM_OBJ_PURGED_RANGE)))
		shim_check_fail(c, "object", off, "flags 0x%x: pages of the pool and also userptr or purged", f);
	if (((f & SHIM_OBJ_PURGEABLE) != 0) != (obj->madv == SHIM_MADV_DONTNEED && (f & SHIM_OBJ_HAS_PAGES)))
		shim_check_fail(c, "object", off, "on the purgeable list: %s, but madv %u, flags 0x%x",
				f & SHIM_OBJ_PURGEABLE ? "yes" : "no", obj->madv, f);
	if (obj->madv == SHIM_MADV_PURGED && (f & SHIM_OBJ_HAS_PAGES))
		shim_check_fail(c, "object", off, "purged, yet it has pages");
	if ((f & SHIM_OBJ_USERPTR) && (obj->owner_pid <= 0 || !obj->user_ptr))
		shim_check_fail(c, "object", off, "userptr of pid %d at 0x%llx", obj->owner_pid,
				(unsigned long long)obj->user_ptr);
	if (!(f & SHIM_OBJ_PURGEABLE) && (obj->purge_prev || obj->purge_next))
		shim_check_fail(c, "object", off, "off the purgeable list, but linked to 0x%llx, 0x%llx",
				(unsigned long long)obj->purge_prev, (unsigned long long)obj->purge_next);
	if (f & SHIM_OBJ_PURGEABLE)
		shim_check_driver_tally(c)[T_PURGEABLE_FLAGGED]++;
	if (f & (SHIM_OBJ_HAS_PAGES | SHIM_OBJ_PURGED_RANGE))
		shim_check_pool_range(s, obj->mem_off, obj->base.size, f & SHIM_OBJ_HAS_PAGES,
				      f & SHIM_OBJ_HAS_PAGES ? "object's pages" : "purged object's range", at);
	if (f & SHIM_OBJ_HAS_VIEW)
		shim_check_pool_range(s, obj->view_off, shim_gem_view_size(obj), true, "object's GTT view",
				      shim_check_at(c, &obj->view_off));
}

static void i915_check_object_done(struct shim_check *c, uint64_t off, const struct shim_gem_object *gem,
				   const struct shim_check_node *n)
{
	const struct i915_gem_object *obj = (const struct i915_gem_object *)gem;
	if (obj->bind_count != n->tally[1])
		shim_check_fail(c, "object", off, "bind_count %u, but %u bindings of address spaces name it",
				obj->bind_count, n->tally[1]);
	/* Its list of bindings: as long as bind_count, each naming it (the tree walk claims them). */
	struct shim_state_check *s = shim_check_state(c);
	uint32_t listed = 0;
	for (uint64_t b = obj->bindings; b && listed <= obj->bind_count; listed++) {
		const struct shim_vma *v = shim_check_map(s, b, sizeof(*v));
		if (!v || v->obj != off) {
			shim_check_fail(c, "object", off, "its list of bindings reaches 0x%llx, not one of its",
					(unsigned long long)b);
			return;
		}
		b = v->obj_next;
	}
	if (listed != obj->bind_count)
		shim_check_fail(c, "object", off, "bind_count %u, its list of bindings %s %u", obj->bind_count,
				listed > obj->bind_count ? "holds more than" : "holds", listed);
}

static void i915_check_done(struct shim_check *c)
{
	const struct i915_shared *i915 = (const struct i915_shared *)shim_check_shared(c)->driver;
	const int64_t *t = shim_check_driver_tally(c);
	if (t[T_PURGEABLE_LISTED] >= 0 && t[T_PURGEABLE_LISTED] != t[T_PURGEABLE_FLAGGED])
		shim_check_fail(c, "purgeable list", shim_check_at(c, &i915->purgeable),
				"%lld objects on it, %lld reachable objects say they are",
				(long long)t[T_PURGEABLE_LISTED], (long long)t[T_PURGEABLE_FLAGGED]);
}

const struct shim_driver_check i915_driver_check = {
	.object_size = sizeof(struct i915_gem_object),
	.kinds = i915_kinds,
	.num_kinds = sizeof(i915_kinds) / sizeof(i915_kinds[0]),
	.holders = i915_holders,
	.num_holders = sizeof(i915_holders) / sizeof(i915_holders[0]),
	.device = i915_check_device,
	.file = i915_check_file,
	.object = i915_check_object,
	.object_done = i915_check_object_done,
	.done = i915_check_done,
};
