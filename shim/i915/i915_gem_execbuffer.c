/* SPDX-License-Identifier: MIT */
/*
 * EXECBUFFER2 / EXECBUFFER2_WR: validation in i915's order and with its
 * errno (doc/uapi-conformance.md §27), placement in the context's address
 * space, relocation processing, the gen9 blitter command parser, and the
 * request handed to an engine (i915/gt/intel_engine.h).
 *
 * The ioctl reads as i915's phases, one static function each: validate
 * (buffer count, flag sanity), copy in the object array, SECURE, fences,
 * ring space, then under the device lock the context, the engine, lookup
 * (each object in list order), the ban, placement, relocate, parse,
 * submit. Offsets that moved are written back to the object array in
 * canonical form, also when a later step fails (except after a relocation
 * error, as i915 does).
 *
 * Fences (FENCE_IN/OUT/SUBMIT/ARRAY, USE_EXTENSIONS with timeline fences)
 * are parsed by i915/i915_gem_execbuffer_fence.c after SECURE and before the context; in-fences
 * become the request's dependencies, and after submission the request's
 * fence signals the syncobjs and becomes the out sync_file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/fault_guard.h"
#include "base/journal.h"
#include "base/log.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "hw/blt.h"
#include "hwdefs/intel_commands.h"
#include "i915/gt/intel_engine.h"
#include "i915/gt/intel_reset.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_execbuffer_fence.h"
#include "i915/i915_gem_object.h"
#include "i915/i915_request.h"

#define EXEC_UNKNOWN_FLAGS (~0ull << 22)
#define OBJ_UNKNOWN_FLAGS (~0ull << 8)
#define LOW_4G_END ((1ull << 32) - 4096)	/* the last page under 4 GiB is excluded (X53) */
#define BATCH_BIAS (256ull << 10)		/* X48 */

struct eb_obj {
	struct drm_i915_gem_exec_object2 user;	/* as copied in */
	shim_off obj;
	uint64_t start, need;
	bool placed, moved;
};

/*
 * An index of one execbuf's list, by handle or by object: open addressing over
 * list positions, the first entry of a key winning, as a scan of the list in
 * order would find it. It is what keeps relocation targets, duplicates and
 * "is this binding one of ours" at O(1) each, so an execbuf costs O(n) in its
 * objects as i915's does with its handle buckets.
 */
struct eb_index {
	uint32_t *slots;	/* list position + 1; 0: empty */
	uint32_t mask;
	bool by_object;		/* keyed by eb_obj.obj, else by the entry's handle */
};

static uint64_t eb_key(const struct eb_index *x, const struct eb_obj *eb, uint32_t i)
{
	return x->by_object ? eb[i].obj : eb[i].user.handle;
}

static uint32_t eb_hash(uint64_t key)
{
	key *= 0x9e3779b97f4a7c15ull;
	return (uint32_t)(key >> 32);
}

/* Indexes the first count entries of eb; -ENOMEM. */
static int eb_index_build(struct eb_index *x, const struct eb_obj *eb, uint32_t count, bool by_object)
{
	uint64_t cap = 16;
	while (cap < 2ull * count)
		cap <<= 1;
	x->slots = calloc(cap, sizeof(*x->slots));
	if (!x->slots)
		return -ENOMEM;
	x->mask = (uint32_t)(cap - 1);
	x->by_object = by_object;
	for (uint32_t i = 0; i < count; i++) {
		uint64_t key = eb_key(x, eb, i);
		uint32_t h = eb_hash(key) & x->mask;
		while (x->slots[h] && eb_key(x, eb, x->slots[h] - 1) != key)
			h = (h + 1) & x->mask;
		if (!x->slots[h])
			x->slots[h] = i + 1;
	}
	return 0;
}

/* The first list position with key, or -1. */
static int64_t eb_index_find(const struct eb_index *x, const struct eb_obj *eb, uint64_t key)
{
	for (uint32_t h = eb_hash(key) & x->mask; x->slots[h]; h = (h + 1) & x->mask)
		if (eb_key(x, eb, x->slots[h] - 1) == key)
			return x->slots[h] - 1;
	return -1;
}

static uint64_t canonical(uint64_t a)
{
	return (uint64_t)((int64_t)(a << 16) >> 16);
}

static int select_engine(const struct shim_device_model *m, uint64_t flags, unsigned *engine)
{
	unsigned ring = flags & I915_EXEC_RING_MASK;
	if (ring != I915_EXEC_BSD && (flags & I915_EXEC_BSD_MASK))
		return -EINVAL;
	switch (ring) {
	case I915_EXEC_DEFAULT:
	case I915_EXEC_RENDER:
		*engine = SHIM_ENGINE_RENDER;
		return 0;
	case I915_EXEC_BSD:
		if (m->has_bsd2 && (flags & I915_EXEC_BSD_MASK) == I915_EXEC_BSD_MASK)
			return -EINVAL;
		*engine = SHIM_ENGINE_VIDEO;
		return m->has_bsd ? 0 : -EINVAL;
	case I915_EXEC_BLT:
		*engine = SHIM_ENGINE_COPY;
		return m->has_blt ? 0 : -EINVAL;
	case I915_EXEC_VEBOX:
		*engine = SHIM_ENGINE_VIDEO_ENHANCE;
		return m->has_vebox ? 0 : -EINVAL;
	default:
		return -EINVAL;
	}
}

static int validate_object(const struct shim_device_model *m, struct eb_obj *e, struct shim_vm *vm)
{
	const struct drm_i915_gem_exec_object2 *u = &e->user;
	uint64_t flags = u->flags;
	if (flags & OBJ_UNKNOWN_FLAGS)
		return -EINVAL;
	if ((flags & EXEC_OBJECT_NEEDS_GTT) && m->ppgtt_type == 2)
		return -EINVAL;
	if (u->alignment && (u->alignment & (u->alignment - 1)))
		return -EINVAL;
	if ((flags & EXEC_OBJECT_PAD_TO_SIZE) && (u->pad_to_size & 4095))
		return -EINVAL;
	if (flags & EXEC_OBJECT_PINNED) {
		uint64_t off = u->offset;
		if ((off & 4095) || off != canonical(off))
			return -EINVAL;
		off &= (1ull << 48) - 1;
		if (u->alignment && (off & (u->alignment - 1)))
			return -EINVAL;
		uint64_t hi = (flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS) ? vm->total :
			      (vm->total < LOW_4G_END ? vm->total : LOW_4G_END);
		if (off + e->need < off || off + e->need > hi)
			return -EINVAL;
	}
	return 0;
}

static uint64_t zone_end(struct shim_vm *vm, const struct eb_obj *e)
{
	if (e->user.flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS)
		return vm->total;
	return vm->total < LOW_4G_END ? vm->total : LOW_4G_END;
}

static bool overlaps(uint64_t a, uint64_t as, uint64_t b, uint64_t bs)
{
	return a < b + bs && b < a + as;
}

/* Does [start, start + size) overlap a pinned entry of this execbuf other than obj's? */
static bool in_a_pinned_range(const struct eb_obj *eb, const uint32_t *pinned, uint32_t npinned, shim_off obj,
			      uint64_t start, uint64_t size)
{
	for (uint32_t k = 0; k < npinned; k++) {
		const struct eb_obj *p = &eb[pinned[k]];
		if (p->obj != obj && overlaps(start, size, p->user.offset & ((1ull << 48) - 1), p->need))
			return true;
	}
	return false;
}

/*
 * Places every object (device lock held): pinned first, then the rest. objects indexes the
 * list by object. Costs O(n log b) for n entries in a space of b bindings, plus, only for
 * entries already bound, O(p) each against the list's p pinned entries.
 */
static int place_objects(struct shim_device *dev, struct shim_vm *vm, struct eb_obj *eb, uint32_t count,
			 uint32_t batch_index, const struct eb_index *objects)
{
	uint32_t *pinned = NULL, npinned = 0;
	for (uint32_t i = 0; i < count; i++)
		if (eb[i].user.flags & EXEC_OBJECT_PINNED) {
			if (!pinned && !(pinned = malloc(count * sizeof(*pinned))))
				return -ENOMEM;
			pinned[npinned++] = i;
		}
	/* Keep what is already well placed; drop misplaced bindings. */
	for (uint32_t i = 0; i < count; i++) {
		struct eb_obj *e = &eb[i];
		struct shim_vma *vma = shim_vm_find_object(vm, e->obj);
		uint64_t bias = i == batch_index && e->user.relocation_count &&
				!(e->user.flags & EXEC_OBJECT_PINNED) ? BATCH_BIAS : 0;
		if (!vma)
			continue;
		/* an unpinned object yields to this execbuf's pinned ones */
		bool in_the_way = !(e->user.flags & EXEC_OBJECT_PINNED) &&
				  in_a_pinned_range(eb, pinned, npinned, e->obj, vma->start, vma->size);
		bool ok = !in_the_way && vma->size >= e->need && vma->start + e->need <= zone_end(vm, e) &&
			  vma->start >= bias &&
			  (!e->user.alignment || !(vma->start & (e->user.alignment - 1))) &&
			  (!(e->user.flags & EXEC_OBJECT_PINNED) ||
			   vma->start == (e->user.offset & ((1ull << 48) - 1)));
		if (ok) {
			e->start = vma->start;
			e->placed = true;
		} else {
			shim_vm_unbind(dev, vm, vma);
		}
	}
	free(pinned);
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < count; i++) {
			struct eb_obj *e = &eb[i];
			bool pinned = e->user.flags & EXEC_OBJECT_PINNED;
			if (e->placed || pinned != (pass == 0))
				continue;
			/* the same object twice in one list shares one binding */
			struct shim_vma *vma = shim_vm_find_object(vm, e->obj);
			if (vma) {
				e->start = vma->start;
				e->placed = true;
				continue;
			}
			uint64_t hi = zone_end(vm, e);
			uint64_t start;
			if (e->need > hi)
				return -ENOSPC;
			if (pinned) {
				start = e->user.offset & ((1ull << 48) - 1);
				/* Every binding left of this list's objects is one already placed: one of
				 * them in the range is a collision (X58); checked before anything moves. */
				for (struct shim_vma *v = shim_vm_first_overlap(vm, start, e->need);
				     v && v->start < start + e->need; v = shim_vm_next(vm, v))
					if (eb_index_find(objects, eb, v->obj) >= 0)
						return -ENOSPC;
				/* Evict whatever else is there (X59). */
				struct shim_vma *v;
				while ((v = shim_vm_first_overlap(vm, start, e->need)))
					shim_vm_unbind(dev, vm, v);
			} else {
				uint64_t bias = i == batch_index && e->user.relocation_count ? BATCH_BIAS : 0;
				uint64_t hint = e->user.offset & ((1ull << 48) - 1);
				uint64_t align = e->user.alignment ? e->user.alignment : 4096;
				/* The entry's offset is tried first, as a hint (X61). */
				if (hint >= bias && !(hint & (align - 1)) && hint + e->need <= hi &&
				    shim_vm_find_space(vm, e->need, align, hint, hint + e->need, &start) == 0) {
					/* fits exactly at the hint */
				} else if (shim_vm_find_space(vm, e->need, align, bias, hi, &start)) {
					return -ENOSPC;
				}
			}
			int ret = shim_vm_bind(dev, vm, e->obj, start, e->need);
			if (ret)
				return ret;
			e->start = start;
			e->placed = true;
		}
	}
	for (uint32_t i = 0; i < count; i++)
		eb[i].moved = eb[i].start != (eb[i].user.offset & ((1ull << 48) - 1));
	return 0;
}

/* *host: set to the object's memory before it is written (for the fault guard, below). */
static int relocate_entry(struct shim_device *dev, struct eb_obj *eb, uint32_t count, struct eb_obj *self,
			  struct drm_i915_gem_relocation_entry *r, const struct eb_index *handles, bool *updated,
			  uint8_t **host)
{
	struct eb_obj *target = NULL;
	*updated = false;
	if (!handles) {		/* HANDLE_LUT: the target is a list position */
		if (r->target_handle >= count)
			return -ENOENT;
		target = &eb[r->target_handle];
	} else {
		int64_t i = eb_index_find(handles, eb, r->target_handle);
		if (i < 0)
			return -ENOENT;
		target = &eb[i];
	}
	if (r->write_domain & (r->write_domain - 1))
		return -EINVAL;
	uint32_t bad = I915_GEM_DOMAIN_CPU | I915_GEM_DOMAIN_GTT | I915_GEM_DOMAIN_WC | ~0xffu;
	if ((r->read_domains | r->write_domain) & bad)
		return -EINVAL;
	if (r->write_domain)
		target->user.flags |= EXEC_OBJECT_WRITE;
	uint64_t value = canonical(target->start + (uint64_t)(int64_t)(int32_t)r->delta);
	if (r->presumed_offset == canonical(target->start))
		return 0;	/* already right: no checks at all (X69d) */
	unsigned width = dev->model->gen >= 8 ? 8 : 4;
	struct i915_gem_object *obj = shim_ptr(self->obj);
	if (r->offset > obj->base.size - width || (r->offset & 3))
		return -EINVAL;
	int ret = shim_gem_object_get_pages(dev, obj);
	if (ret)
		return ret;
	shim_gem_flush_view(dev, obj);
	uint8_t *p = (obj->flags & SHIM_OBJ_USERPTR) ? (uint8_t *)(uintptr_t)obj->user_ptr
						    : shim_mem_ptr(&dev->mem, obj->mem_off, obj->base.size);
	if (!p)
		return -EFAULT;
	__atomic_store_n(host, p, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	memcpy(p + r->offset, &value, width);
	shim_gem_invalidate_view(dev, obj);
	r->presumed_offset = canonical(target->start);
	*updated = true;
	return 0;
}

/* The relocations of one object, applied under a fault guard (one per object, not per entry). */
struct reloc_run {
	struct shim_device *dev;
	struct eb_obj *eb, *self;
	uint32_t count, n;
	struct drm_i915_gem_relocation_entry *r;
	const struct eb_index *handles;	/* NULL with HANDLE_LUT */
	bool any;
	int ret;
	uint8_t *host;		/* the object's memory, once an entry writes it */
};

static void relocate_object(void *arg)
{
	struct reloc_run *run = arg;
	for (uint32_t k = 0; k < run->n; k++) {
		bool updated;
		run->ret = relocate_entry(run->dev, run->eb, run->count, run->self, &run->r[k], run->handles,
					  &updated, &run->host);
		if (run->ret)
			return;
		run->any |= updated;
	}
}

/* A page of the object that cannot be had: out of memory, or an unmapped userptr page. */
static bool reloc_expects(void *arg, uintptr_t addr)
{
	const struct reloc_run *run = arg;
	const struct i915_gem_object *obj = shim_ptr(run->self->obj);
	uint8_t *host = __atomic_load_n(&run->host, __ATOMIC_RELAXED);
	return host && addr - (uintptr_t)host < obj->base.size;
}

static int relocate(struct shim_device *dev, struct eb_obj *eb, uint32_t count, const struct eb_index *handles)
{
	for (uint32_t i = 0; i < count; i++) {
		struct eb_obj *e = &eb[i];
		uint32_t n = e->user.relocation_count;
		if (!n)
			continue;
		if ((uint64_t)n * sizeof(struct drm_i915_gem_relocation_entry) > INT_MAX)
			return -EINVAL;
		struct drm_i915_gem_relocation_entry *r = malloc(n * sizeof(*r));
		if (!r)
			return -ENOMEM;
		if (shim_copy_from_user(r, e->user.relocs_ptr, n * sizeof(*r))) {
			free(r);
			return -EFAULT;
		}
		struct reloc_run run = { .dev = dev, .eb = eb, .self = e, .count = count, .n = n, .r = r,
					 .handles = handles };
		if (shim_fault_call(relocate_object, &run, reloc_expects, NULL)) {
			const struct i915_gem_object *obj = shim_ptr(e->obj);
			run.ret = (obj->flags & SHIM_OBJ_USERPTR) ? -EFAULT : -ENOMEM;
		}
		if (run.ret) {
			free(r);
			return run.ret;
		}
		/* New presumed offsets go back in one copy; a read-only array is silently
		 * left alone (X69k). Entries that were right are rewritten with what they held. */
		if (run.any)
			shim_copy_to_user(e->user.relocs_ptr, r, n * sizeof(*r));
		free(r);
	}
	return 0;
}

/*
 * The MI commands the gen9 blitter's parser lets through: every one-dword command and these.
 * MI_MATH is not in 6.1's gen9_blt_cmds, so i915 passes it unchecked (it reaches only the
 * engine's GPRs); the register commands are checked against bcs_parser_reg_allowed().
 */
static bool bcs_parser_allows(unsigned op)
{
	switch (op) {
	case INTEL_MI_OP(MI_STORE_DATA_IMM):
	case INTEL_MI_OP(MI_LOAD_REGISTER_IMM):
	case INTEL_MI_OP(MI_STORE_REGISTER_MEM):
	case INTEL_MI_OP(MI_LOAD_REGISTER_MEM):
	case INTEL_MI_OP(MI_LOAD_REGISTER_REG):
	case INTEL_MI_OP(MI_MATH):
	case INTEL_MI_OP(MI_FLUSH_DW):
	case INTEL_MI_OP(MI_SEMAPHORE_WAIT):
	case INTEL_MI_OP(MI_CONDITIONAL_BATCH_BUFFER_END):
	case INTEL_MI_OP(MI_BATCH_BUFFER_START):
		return true;
	default:
		return intel_mi_is_one_dword(op);
	}
}

/*
 * The registers a parsed blitter batch may load or store (6.1's gen9_blt_regs): the render,
 * video and blitter timestamps, BCS_SWCTRL, the blitter's context timestamp and its GPRs.
 */
static bool bcs_parser_reg_allowed(uint32_t reg)
{
	uint32_t engine = reg & 0xfff;
	if ((engine == INTEL_RING_TIMESTAMP || engine == INTEL_RING_TIMESTAMP_UDW) &&
	    (reg - engine == INTEL_RENDER_RING_BASE || reg - engine == INTEL_BSD_RING_BASE ||
	     reg - engine == INTEL_BLT_RING_BASE))
		return true;
	return reg == INTEL_BCS_SWCTRL || reg == INTEL_BLT_RING_BASE + INTEL_RING_CTX_TIMESTAMP ||
	       reg - INTEL_CS_GPR(INTEL_BLT_RING_BASE, 0) < 8 * INTEL_CS_GPR_COUNT;
}

/* Does the register command of n dwords at cmd touch only registers the parser allows? As
 * i915's check_cmd: LRI's every register dword, LRR's source and destination, SRM's and LRM's
 * one register. */
static bool bcs_parser_regs_ok(unsigned op, const uint8_t *cmd, uint32_t n)
{
	uint32_t first = 1, step = n, reg;
	if (op == INTEL_MI_OP(MI_LOAD_REGISTER_IMM))
		step = 2;
	else if (op == INTEL_MI_OP(MI_LOAD_REGISTER_REG))
		step = 1;
	else if (op != INTEL_MI_OP(MI_STORE_REGISTER_MEM) && op != INTEL_MI_OP(MI_LOAD_REGISTER_MEM))
		return true;
	for (uint32_t i = first; i < n; i += step) {
		memcpy(&reg, cmd + i * 4, 4);
		if (!bcs_parser_reg_allowed(INTEL_MMIO_OFFSET(reg)))
			return false;
	}
	return true;
}

/*
 * The gen9 blitter's mandatory command parser, on cmds, the shadow copy of the batch: MI and
 * 2D only, with an end. A jump (MI_BATCH_BUFFER_START) must stay inside the batch and land on
 * itself or on a command already parsed (i915's check_bbstart); gpu_addr is where cmds[0] is.
 */
static int parse_bcs(unsigned gen, const uint8_t *cmds, uint64_t len, uint64_t gpu_addr)
{
	uint64_t ndw = len / 4;
	uint64_t *seen = calloc((ndw + 63) / 64 + 1, sizeof(uint64_t));	/* command starts */
	if (!seen)
		return -ENOMEM;
	int ret = -EINVAL;	/* end of buffer without MI_BATCH_BUFFER_END */
	for (uint64_t off = 0; off + 4 <= len;) {
		uint64_t index = off / 4;
		uint32_t dw;
		memcpy(&dw, cmds + off, 4);
		seen[index / 64] |= 1ull << (index % 64);
		uint32_t client = INTEL_CLIENT(dw), n;
		if (client == INTEL_CLIENT_MI) {
			unsigned op = INTEL_MI_OPCODE(dw);
			if (op == INTEL_MI_OP(MI_BATCH_BUFFER_END)) {
				ret = 0;
				break;
			}
			if (!bcs_parser_allows(op))
				break;				/* not in the blitter's table */
			n = intel_mi_length(gen, dw);
			if (off + (uint64_t)n * 4 > len)
				break;
			if (!bcs_parser_regs_ok(op, cmds + off, n)) {
				ret = -EACCES;			/* a register outside the whitelist */
				break;
			}
			if (op == INTEL_MI_OP(MI_BATCH_BUFFER_START)) {
				unsigned min, max;
				intel_mi_valid_length(intel_mi_info(op), gen, &min, &max);
				if (n < min || n > max)
					break;			/* a jump with a bad length */
				/* DW0's low 23 bits must be a plain PPGTT jump: no second level, no
				 * predication (6.1's MI_BB_START_OPERAND_MASK/_EXPECT). */
				if ((dw & 0x7fffffu) != (INTEL_BB_START_PPGTT | INTEL_LEN(3))) {
					ret = -EACCES;
					break;
				}
				uint64_t target;
				memcpy(&target, cmds + off + 4, 8);
				uint64_t rel = (target & ((1ull << 48) - 1)) - gpu_addr;
				if (rel >= len || (rel & 3))
					break;			/* out of the batch */
				uint64_t ti = rel / 4;
				if (ti != index && !(seen[ti / 64] & (1ull << (ti % 64))))
					break;			/* not a command already parsed */
			}
		} else if (client == INTEL_CLIENT_2D) {
			n = shim_blt_cmd_length(gen, dw);
			if (!n || off + (uint64_t)n * 4 > len)
				break;
		} else {
			break;
		}
		off += (uint64_t)n * 4;
	}
	free(seen);
	return ret;
}

/*
 * The shadow batch, as i915 makes it: [start, start + len) of the batch is copied first, then
 * the copy is parsed, and the engine executes the copy (i915/gt/command_streamer.c fetches
 * every command inside the batch's range from it, jumps included). Parsing the object's own
 * pages would let a CPU thread rewrite a command between its check and its execution. On
 * success *shadow is the parsed copy, owned by the caller.
 */
static int shadow_and_parse(struct shim_device *dev, struct i915_gem_object *batch, uint64_t start,
			    uint64_t len, uint64_t gpu_addr, uint8_t **shadow)
{
	uint8_t *copy = malloc(len);
	if (!copy)
		return -ENOMEM;
	int ret = 0;
	if (batch->flags & SHIM_OBJ_USERPTR) {
		ret = shim_copy_from_user(copy, batch->user_ptr + start, len);
	} else {
		uint8_t *p = shim_mem_ptr(&dev->mem, batch->mem_off, batch->base.size);
		if (p)
			memcpy(copy, p + start, len);
		else
			ret = -EFAULT;
	}
	if (!ret)
		ret = parse_bcs(dev->model->gen, copy, len, gpu_addr);
	if (ret) {
		free(copy);
		return ret;
	}
	*shadow = copy;
	return 0;
}

static void add_dep(struct shim_device *dev, struct shim_request *rq, shim_off fence)
{
	struct shim_fence *f = shim_ptr(fence);
	if (!f || shim_fence_is_signalled(f))
		return;
	shim_fence_get(dev, fence);
	rq->deps[rq->ndeps++] = fence;
}

static int cmp_start(const void *a, const void *b)
{
	const struct shim_request_object *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* Builds and submits the request (device lock held). */
static int submit(struct shim_call *call, struct shim_context *ctx, shim_off ctx_off, unsigned engine,
		  struct eb_obj *eb, uint32_t count, uint32_t batch_index, uint64_t start, uint64_t len,
		  const struct shim_exec_fences *xf, uint8_t **shadow, const struct eb_index *objects)
{
	struct shim_device *dev = call->dev;
	struct shim_request *rq = calloc(1, sizeof(*rq));
	if (!rq)
		return -ENOMEM;
	rq->dev = dev;
	rq->engine = engine;
	rq->objs = calloc(count, sizeof(*rq->objs));
	rq->deps = calloc(1 + (size_t)count * 5 + shim_exec_fences_max_deps(xf), sizeof(*rq->deps));
	uint32_t *slot = malloc((size_t)count * sizeof(*slot));	/* entry -> its rq->objs slot */
	unsigned tl = shim_context_timeline(ctx, engine);
	rq->fence = shim_fence_create(dev, ctx->timeline + tl, SHIM_INC(ctx->seqno[tl]));
	if (!rq->objs || !rq->deps || !slot || !rq->fence) {
		free(slot);
		shim_fence_put(dev, rq->fence);
		shim_request_discard(rq);
		return -ENOMEM;
	}
	shim_context_get(ctx_off);
	rq->ctx = ctx_off;
	add_dep(dev, rq, ctx->last_fence[tl]);		/* in order per timeline: per engine */
	shim_exec_fences_add_deps(dev, xf, rq);		/* FENCE_IN/SUBMIT, fence arrays */

	for (uint32_t i = 0; i < count; i++) {
		struct eb_obj *e = &eb[i];
		struct i915_gem_object *obj = shim_ptr(e->obj);
		bool write = e->user.flags & EXEC_OBJECT_WRITE;
		struct shim_request_object *ro = &rq->objs[rq->nobjs];
		int64_t first = eb_index_find(objects, eb, e->obj);
		bool capture = e->user.flags & EXEC_OBJECT_CAPTURE;
		if (first != i) {		/* a duplicate (X29): one object, written if either says so */
			slot[i] = slot[first];
			rq->objs[slot[i]].write |= write;
			rq->objs[slot[i]].capture |= capture;
			continue;
		}
		slot[i] = rq->nobjs;
		shim_gem_object_get(dev, e->obj);
		ro->obj = e->obj;
		ro->start = e->start;
		ro->size = obj->base.size;
		ro->write = write;
		ro->capture = capture;
		ro->read_only = obj->flags & SHIM_OBJ_READ_ONLY;
		ro->host = (obj->flags & SHIM_OBJ_USERPTR) ? (uint8_t *)(uintptr_t)obj->user_ptr
							  : shim_mem_ptr(&dev->mem, obj->mem_off, obj->base.size);
		if (dev->model->gen < 4 && obj->tiling_mode) {
			ro->fence_tiling = obj->tiling_mode;
			ro->fence_pitch = obj->stride;
		}
		rq->nobjs++;
		shim_gem_flush_view(dev, obj);		/* the GPU works on the pages */
		if (!(e->user.flags & EXEC_OBJECT_ASYNC)) {
			add_dep(dev, rq, obj->base.write_fence);	/* implicit sync */
			if (write)
				for (unsigned c = 0; c < 4; c++)
					add_dep(dev, rq, obj->base.read_fence[c]);
		}
	}
	free(slot);
	bool sorted = true;	/* lists in address order (new objects are placed bottom-up) need no sort */
	for (uint32_t i = 1; i < rq->nobjs && sorted; i++)
		sorted = rq->objs[i - 1].start < rq->objs[i].start;
	if (!sorted)
		qsort(rq->objs, rq->nobjs, sizeof(*rq->objs), cmp_start);
	rq->batch_addr = eb[batch_index].start + start;
	rq->batch_len = len;
	rq->shadow = *shadow;		/* the request owns it now */
	*shadow = NULL;

	/* What the objects are busy with from now on. */
	for (uint32_t i = 0; i < rq->nobjs; i++) {
		struct i915_gem_object *obj = shim_ptr(rq->objs[i].obj);
		shim_fence_get(dev, rq->fence);
		shim_fence_put(dev, obj->base.read_fence[engine]);
		SHIM_SET(obj->base.read_fence[engine], rq->fence);
		if (rq->objs[i].write) {
			shim_fence_get(dev, rq->fence);
			shim_fence_put(dev, obj->base.write_fence);
			SHIM_SET(obj->base.write_fence, rq->fence);
			SHIM_SET(obj->base.write_class, engine);
			shim_gem_invalidate_view(dev, obj);
		}
	}
	shim_fence_get(dev, rq->fence);
	shim_fence_put(dev, ctx->last_fence[tl]);
	SHIM_SET(ctx->last_fence[tl], rq->fence);
	shim_context_note_request(dev, ctx, rq->fence);

	/* Recorded, the request completes even if this process dies before it does; without
	 * room for a record (a full tmpfs) it still runs, but only while we live. */
	i915_request_record(dev, rq, shim_client_id(dev));
	int ret = shim_engine_submit(rq);
	if (ret) {
		shim_fence_signal(shim_ptr(rq->fence), -EIO);
		shim_request_free(rq);
	}
	return ret;
}

/*
 * X27: a context has room for SHIM_CONTEXT_RING requests in flight. With its ring full,
 * execbuf waits for the oldest to complete (EINTR if a signal comes first), or fails with
 * EWOULDBLOCK when the device fd is O_NONBLOCK, as i915's eb_throttle does.
 */
static int wait_for_ring_space(struct shim_call *call, uint32_t ctx_id)
{
	struct shim_device *dev = call->dev;
	for (;;) {
		shim_device_lock(dev);
		struct shim_context *ctx = shim_context_lookup(dev, call->file, ctx_id);
		shim_off oldest = ctx ? shim_context_ring_full(ctx) : 0;
		if (oldest) {
			shim_fence_get(dev, oldest);
			shim_borrow(dev, oldest, SHIM_BORROW_FENCE);
		}
		shim_device_unlock(dev);
		if (!oldest)
			return 0;	/* room (or no such context: said later, in order) */
		int flags = shim_real.fcntl(call->fd, F_GETFL);
		int ret = flags >= 0 && (flags & O_NONBLOCK) ? -EWOULDBLOCK
							     : shim_fence_wait(shim_ptr(oldest), UINT64_MAX, true);
		shim_device_lock(dev);
		shim_unborrow(dev, oldest, SHIM_BORROW_FENCE);
		shim_fence_put(dev, oldest);
		shim_device_unlock(dev);
		if (ret)
			return ret;
	}
}

/*
 * One EXECBUFFER2 call on its way through the phases. It owns the object
 * list, the parsed fences and the shadow batch until eb_fini(); the context
 * and the objects are borrowed under the device lock.
 */
struct i915_execbuffer {
	struct shim_call *call;
	struct shim_device *dev;
	const struct shim_device_model *m;
	struct drm_i915_gem_execbuffer2 *args;
	uint32_t count;
	uint32_t batch_index;
	struct eb_obj *eb;			/* the object list, in the caller's order */
	struct shim_exec_fences xf;
	struct shim_context *ctx;
	shim_off ctx_off;
	unsigned engine;
	struct shim_vm *vm;
	struct eb_index objects;		/* the list by object, after lookup */
	struct eb_index handles;		/* by handle, for relocations without HANDLE_LUT */
	uint8_t *shadow;			/* the command parser's copy of the batch */
};

/* Validate: the arguments and flags, before anything is copied in. */
static int eb_validate_args(struct drm_i915_gem_execbuffer2 *args)
{
	if (args->buffer_count == 0 || args->buffer_count > INT_MAX)
		return -EINVAL;		/* X1, X2; bigger lists than memory allows are ENOMEM */
	if ((args->flags & EXEC_UNKNOWN_FLAGS) || (args->flags & I915_EXEC_CONSTANTS_MASK) ||
	    (args->flags & I915_EXEC_RESOURCE_STREAMER))
		return -EINVAL;
	if (!(args->flags & (I915_EXEC_FENCE_ARRAY | I915_EXEC_USE_EXTENSIONS)) &&
	    (args->num_cliprects || args->cliprects_ptr))
		return -EINVAL;
	if (args->DR4 == 0xffffffff)
		args->DR4 = 0;	/* UXA compatibility */
	if (args->DR1 || args->DR4)
		return -EINVAL;
	if ((args->batch_start_offset | args->batch_len) & 7)
		return -EINVAL;
	return 0;
}

/* The object array, copied in. */
static int eb_copy_objects(struct i915_execbuffer *x)
{
	struct drm_i915_gem_exec_object2 *user;
	int ret = 0;

	x->eb = calloc(x->count, sizeof(*x->eb));
	user = calloc(x->count, sizeof(*user));
	if (!x->eb || !user) {
		free(user);
		return -ENOMEM;
	}
	if (shim_copy_from_user(user, x->args->buffers_ptr, (size_t)x->count * sizeof(*user)))
		ret = -EFAULT;
	else
		for (uint32_t i = 0; i < x->count; i++)
			x->eb[i].user = user[i];
	free(user);
	return ret;
}

/* SECURE batches: only the gen<6 master with CAP_SYS_ADMIN; never from gen11. */
static int eb_check_secure(const struct i915_execbuffer *x)
{
	const struct shim_device_model *m = x->m;
	if (!(x->args->flags & I915_EXEC_SECURE))
		return 0;
	return m->gen >= 11 ? -ENODEV : m->gen >= 6 ? -EPERM :
	       (shim_capable_sys_admin() && shim_is_current_master(x->dev, x->call->file)) ? 0 : -EPERM;
}

/* The context (device lock held). */
static int eb_select_context(struct i915_execbuffer *x)
{
	uint32_t ctx_id = (uint32_t)x->args->rsvd1;
	x->ctx = shim_context_lookup(x->dev, x->call->file, ctx_id);
	if (!x->ctx)
		return ctx_id ? -ENOENT : -ENOMEM;
	x->ctx_off = shim_off_of(x->ctx);
	return 0;
}

/*
 * The engine, and whether the GPU can take work at all (device lock held). A context with a
 * user engine map (CONTEXT_PARAM_ENGINES) takes the ring bits as a slot of it: past the end
 * or a hole is EINVAL (EN18), and the BSD bits mean nothing then (EN19); without one, the
 * legacy rings (X15–X23).
 */
static int eb_select_engine(struct i915_execbuffer *x)
{
	int ret;
	if (x->ctx->num_engines >= 0) {
		unsigned idx = x->args->flags & I915_EXEC_RING_MASK;
		if (idx >= (unsigned)x->ctx->num_engines || x->ctx->engines[idx] == SHIM_CONTEXT_NO_ENGINE)
			return -EINVAL;
		x->engine = x->ctx->engines[idx];
	} else {
		ret = select_engine(x->m, x->args->flags, &x->engine);
		if (ret)
			return ret;
	}
	if (shim_gt_wedged(x->dev))
		return -EIO;		/* X24, X79 */
	return 0;
}

/*
 * Lookup: the context's address space, then handle by handle, each object
 * and its entry validated in list order (device lock held). A handle may
 * appear twice (X29): both entries share one object and one binding.
 */
static int eb_lookup_objects(struct i915_execbuffer *x)
{
	struct drm_i915_gem_execbuffer2 *args = x->args;
	struct shim_device *dev = x->dev;
	int ret;

	x->vm = shim_context_vm(dev, x->ctx);
	if (!x->vm)
		return -ENOMEM;
	for (uint32_t i = 0; i < x->count; i++) {
		struct eb_obj *e = &x->eb[i];
		e->obj = shim_gem_lookup(x->call->file, e->user.handle);
		if (!e->obj)
			return -ENOENT;
		struct i915_gem_object *obj = shim_ptr(e->obj);
		if (!(e->user.flags & EXEC_OBJECT_PAD_TO_SIZE))
			e->user.pad_to_size = 0;
		e->need = obj->base.size > e->user.pad_to_size ? obj->base.size : e->user.pad_to_size;
		ret = validate_object(x->m, e, x->vm);
		if (ret)
			return ret;
		if (i == x->batch_index) {
			if (e->user.flags & EXEC_OBJECT_WRITE)
				return -EINVAL;		/* a self-modifying batch */
			if (args->batch_start_offset >= obj->base.size ||
			    args->batch_len > obj->base.size - args->batch_start_offset)
				return -EINVAL;
		}
		if (obj->flags & SHIM_OBJ_USERPTR) {
			if (obj->owner_pid != shim_getpid())
				return -EFAULT;	/* the pages are another process's memory */
			ret = shim_userptr_check(obj->user_ptr, obj->base.size,
						 !(obj->flags & SHIM_OBJ_READ_ONLY));	/* X42, U13, U21 */
			if (ret)
				return ret;
		} else {
			ret = shim_gem_object_get_pages(dev, obj);	/* purged: EFAULT (X43) */
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* Relocate: unless NO_RELOC promises the presumed offsets and nothing moved. */
static int eb_relocate(struct i915_execbuffer *x)
{
	bool any_moved = false;
	for (uint32_t i = 0; i < x->count; i++)
		any_moved |= x->eb[i].moved;
	if ((x->args->flags & I915_EXEC_NO_RELOC) && !any_moved)
		return 0;
	if (x->args->flags & I915_EXEC_HANDLE_LUT)
		return relocate(x->dev, x->eb, x->count, NULL);
	int ret = eb_index_build(&x->handles, x->eb, x->count, false);
	return ret ? ret : relocate(x->dev, x->eb, x->count, &x->handles);
}

/* Parse: the gen9 blitter's command parser, on a copy of the batch the engine then runs. */
static int eb_parse(struct i915_execbuffer *x)
{
	struct drm_i915_gem_execbuffer2 *args = x->args;
	struct i915_gem_object *batch = shim_ptr(x->eb[x->batch_index].obj);
	if (x->engine != SHIM_ENGINE_COPY || !x->m->cmd_parser_version)
		return 0;
	uint64_t len = args->batch_len ? args->batch_len : batch->base.size - args->batch_start_offset;
	return shadow_and_parse(x->dev, batch, args->batch_start_offset, len,
				x->eb[x->batch_index].start + args->batch_start_offset, &x->shadow);
}

/* Submit: the request to its engine, then the out-fences. */
static int eb_submit(struct i915_execbuffer *x)
{
	struct drm_i915_gem_execbuffer2 *args = x->args;
	struct i915_gem_object *batch = shim_ptr(x->eb[x->batch_index].obj);
	uint64_t len = args->batch_len ? args->batch_len : batch->base.size - args->batch_start_offset;
	int ret;

	if (args->flags & I915_EXEC_GEN7_SOL_RESET && (x->m->gen != 7 || x->engine != SHIM_ENGINE_RENDER))
		return -EINVAL;	/* reported late: offsets are still written back (X51) */
	ret = submit(x->call, x->ctx, x->ctx_off, x->engine, x->eb, x->count, x->batch_index,
		     args->batch_start_offset, len, &x->xf, &x->shadow, &x->objects);
	if (!ret)
		ret = shim_exec_fences_signal(x->dev, args, &x->xf,
					      x->ctx->last_fence[shim_context_timeline(x->ctx, x->engine)]);
	return ret;
}

/* Offsets that moved go back to the object array in canonical form. */
static void eb_write_back_offsets(const struct i915_execbuffer *x)
{
	for (uint32_t i = 0; i < x->count; i++)
		if (x->eb[i].placed && x->eb[i].moved) {
			uint64_t off = canonical(x->eb[i].start);
			shim_copy_to_user(x->args->buffers_ptr + i * sizeof(struct drm_i915_gem_exec_object2) +
					  offsetof(struct drm_i915_gem_exec_object2, offset), &off, sizeof(off));
		}
}

/*
 * The phases under the device lock: context, engine, lookup, the ban,
 * placement, relocation, parsing, submission. Moved offsets are written
 * back whatever happens after placement, except after a relocation error.
 */
static int eb_run_locked(struct i915_execbuffer *x)
{
	int ret = eb_select_context(x);
	if (!ret)
		ret = eb_select_engine(x);
	if (!ret)
		ret = eb_lookup_objects(x);
	if (!ret && x->ctx->banned)
		ret = -EIO;
	if (!ret)
		ret = eb_index_build(&x->objects, x->eb, x->count, true);
	if (ret)
		return ret;

	ret = place_objects(x->dev, x->vm, x->eb, x->count, x->batch_index, &x->objects);
	if (!ret) {
		ret = eb_relocate(x);
		if (ret)
			return ret;	/* no offsets written back after a relocation error */
		ret = eb_parse(x);
	}
	if (!ret)
		ret = eb_submit(x);
	eb_write_back_offsets(x);
	return ret;
}

static void eb_fini(struct i915_execbuffer *x)
{
	shim_exec_fences_fini(x->dev, &x->xf);
	x->args->flags &= ~(7ull << 29);	/* internal bits never go back (X14) */
	free(x->shadow);
	free(x->objects.slots);
	free(x->handles.slots);
	free(x->eb);
}

int shim_i915_execbuffer2_ioctl(struct shim_call *call, void *data)
{
	struct i915_execbuffer x = { .call = call, .dev = call->dev, .m = call->dev->model, .args = data,
				     .xf = { .out_fd = -1 } };
	int ret = eb_validate_args(x.args);
	if (ret)
		return ret;
	x.count = x.args->buffer_count;
	x.batch_index = (x.args->flags & I915_EXEC_BATCH_FIRST) ? 0 : x.count - 1;

	ret = eb_copy_objects(&x);
	if (!ret)
		ret = eb_check_secure(&x);
	if (!ret)
		ret = shim_exec_fences_parse(call, x.args, &x.xf);
	if (!ret)
		ret = wait_for_ring_space(call, (uint32_t)x.args->rsvd1);
	if (!ret) {
		shim_device_lock(x.dev);
		ret = eb_run_locked(&x);
		shim_device_unlock(x.dev);
	}
	eb_fini(&x);
	return ret;
}
