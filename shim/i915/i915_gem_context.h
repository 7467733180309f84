/* SPDX-License-Identifier: MIT */
/*
 * i915 contexts and GPU address spaces.
 *
 * A context (struct shim_context) is what a request runs in: its address
 * space, its engine state that survives between batches (from gen8: BCS_SWCTRL,
 * each engine's GPRs and the predicate registers), its last request (requests of a context run in order) and its
 * reset history. Ids are per open file; context 0 is the file's default
 * context, made on first use. From gen8 (full PPGTT) every context has its
 * own address space (or shares one it was given with SETPARAM VM before its
 * first use); before, all share the device's global one.
 *
 * An address space (struct shim_vm) is a search tree of bindings (start,
 * size, object) ordered by start, each node also on its object's list of
 * bindings (i915/gt/intel_gtt.c). A binding stays until its object is freed
 * or it is evicted to make room, so an object keeps its GPU address across
 * execbufs, which is what lets userspace's presumed offsets be right.
 * Bindings hold no reference: requests in flight hold their objects. All of
 * it lives in the shared state and changes under the device lock; a binding
 * handed out by a lookup is valid until the next bind or unbind.
 */
#ifndef SHIM_CONTEXT_H
#define SHIM_CONTEXT_H

#include <stdint.h>
#include <drm.h>
#include <i915_drm.h>

#include "drm/drm_device.h"

/*
 * One binding: a node of its address space's tree (a treap by start, whose
 * priorities are a hash of the node's offset, so nothing random is stored)
 * and of its object's list. Each node also sums up its subtree: the lowest
 * start, the highest end and the widest gap between two of its bindings,
 * which lets a search for free space skip a subtree without a hole to offer.
 */
struct shim_vma {
	uint64_t start, size;
	shim_off obj;
	shim_off vm;			/* the address space it is in */
	shim_off left, right;		/* the tree: lower and higher starts */
	shim_off obj_next;		/* the object's next binding */
	uint64_t first, last;		/* subtree: lowest start, highest end */
	uint64_t gap;			/* subtree: widest free range between two bindings */
};
SHIM_SHARED_LAYOUT(struct shim_vma, 80);

struct shim_vm {
	uint64_t total;			/* 2^48 or 2^32 bytes */
	uint32_t count;			/* bindings */
	uint32_t pad;
	shim_off root;			/* the tree of bindings (struct shim_vma) */
	uint32_t id;			/* in i915_shared(dev)->vms */
	uint32_t refcount;
};
SHIM_SHARED_LAYOUT(struct shim_vm, 32);

/*
 * The registers of one engine that a context saves and restores (gen8+: they
 * are in its logical ring context image, so they survive from one batch of
 * the context to the next, and a new context starts with zeros): the command
 * streamer's GPRs, on the render engine MI_PREDICATE's operands and result,
 * and the context's running time.
 */
struct shim_context_regs {
	uint64_t gpr[16];
	uint64_t predicate_src[2];
	uint32_t predicate_result;	/* bit 0 */
	uint32_t ctx_timestamp;		/* RING_CTX_TIMESTAMP: CS timestamp ticks it has run (gen8+) */
};
SHIM_SHARED_LAYOUT(struct shim_context_regs, 152);

/* Engine classes a context keeps registers for (enum shim_engine_class). */
#define SHIM_CONTEXT_ENGINES 4

/* Requests a context may have in flight: its ring (i915's 16 KiB ring holds about as many). */
#define SHIM_CONTEXT_RING 64

struct shim_context {
	uint32_t refcount;		/* the id (or the file's default slot) and each request */
	uint32_t guilty_count;		/* batch_active */
	uint32_t active_count;		/* batch_pending */
	uint8_t banned, recoverable, bannable, persistent;
	uint8_t no_error_capture;
	uint8_t finalized;		/* looked up by something other than SETPARAM (6.1's proto-context) */
	uint8_t killed;			/* closed while non-persistent: its requests are cancelled */
	uint8_t single_timeline;	/* CREATE_FLAGS_SINGLE_TIMELINE: all engines in one order */
	int32_t priority;
	shim_off vm;			/* own address space (gen8+) or 0: the device's */
	shim_off file;			/* struct shim_file that owns it; 0 once closed */
	/* The latest request on each of its timelines: one per engine, as i915 gives each
	 * engine of a context its own (or one for all, single_timeline). */
	shim_off last_fence[SHIM_CONTEXT_ENGINES];
	uint32_t bcs_swctrl;		/* per-context blitter state (gen8+) */
	struct shim_context_regs regs[SHIM_CONTEXT_ENGINES];	/* per engine class (gen8+) */
	uint32_t hang_count;
	uint64_t hang_ns[2];		/* the last two hangs, for banning */
	uint64_t timeline;		/* fence context id of timeline 0; timeline i has timeline + i */
	uint64_t seqno[SHIM_CONTEXT_ENGINES];
	/* Its latest requests (each a fence reference) and when they were submitted: the ring
	 * that execbuf waits for when it is full, and what THROTTLE looks at; and the newest
	 * one pushed out of the ring. */
	struct shim_context_request {
		shim_off fence;
		uint64_t emit_ns;
	} recent[SHIM_CONTEXT_RING], older;
	uint32_t recent_next;
	/* The user engine map (CONTEXT_PARAM_ENGINES), set at most once on a proto-context:
	 * slot i of execbuf's I915_EXEC_RING_MASK runs on engine engines[i] (enum
	 * shim_engine_class), SHIM_CONTEXT_NO_ENGINE for a hole. Without a map
	 * (num_engines < 0) the legacy ring selection applies. */
	int8_t num_engines;
	uint8_t engines[I915_EXEC_RING_MASK + 1];
};
SHIM_SHARED_LAYOUT(struct shim_context, 1864);

#define SHIM_CONTEXT_NO_ENGINE 0xff

/* The timeline of ctx that a request on engine (enum shim_engine_class) joins. Two slots of a
 * user engine map on one engine share it (i915 gives each slot its own; here one engine
 * thread runs them in order anyway). */
static inline unsigned shim_context_timeline(const struct shim_context *ctx, unsigned engine)
{
	return ctx->single_timeline ? 0 : engine % SHIM_CONTEXT_ENGINES;
}

/* The defaults of a new context: recoverable, bannable, persistent, priority 0, no engine map. */
#define SHIM_CONTEXT_DEFAULTS { .recoverable = 1, .bannable = 1, .persistent = 1, .num_engines = -1 }

/* Device lock held. The context of a file by id (0: the default, made on demand); NULL if none.
 * Finalizes it (see finalized). */
struct shim_context *shim_context_lookup(struct shim_device *dev, struct shim_file *file, uint32_t id);
struct shim_vm *shim_context_vm(struct shim_device *dev, struct shim_context *ctx);
void shim_context_file_release(struct shim_device *dev, struct shim_file *file);
void shim_context_get(shim_off ctx);
void shim_context_put(struct shim_device *dev, shim_off ctx);
/* Device lock held: fence (a new request of ctx) is remembered for THROTTLE; takes a reference. */
void shim_context_note_request(struct shim_device *dev, struct shim_context *ctx, shim_off fence);
/* Device lock held: the request a new one would push out of a full ring, if it has not
 * completed (then the ring is full); else 0. */
shim_off shim_context_ring_full(struct shim_context *ctx);

/* Device lock held. As shim_context_lookup, without finalizing: for SETPARAM. */
struct shim_context *shim_context_find(struct shim_device *dev, struct shim_file *file, uint32_t id);
/* Device lock held. A SETPARAM (create extension or ioctl) of file's on ctx; 0 or the kernel's errno. */
int shim_context_set_param(struct shim_device *dev, struct shim_file *file, struct shim_context *ctx,
			   const struct drm_i915_gem_context_param *p);

/* Device lock held. Address spaces by the ids of a file (i915_file.vms), each id a reference. */
/* A new id of file's for vm, which gains a reference; 0 or -errno. */
int shim_vm_id_alloc(struct shim_device *dev, struct shim_file *file, shim_off vm, uint32_t *id);
/* The address space of file's id, with a new reference; 0 if there is none. */
shim_off shim_vm_id_get(struct shim_file *file, uint64_t id);
/* Drops a reference to an address space (0: none); the last frees it. */
void shim_vm_put(struct shim_device *dev, shim_off vm);

/* Device lock held. Lookups cost O(log n) in the bindings of vm (find_object: in those of obj). */
struct shim_vma *shim_vm_find_object(struct shim_vm *vm, shim_off obj);
struct shim_vma *shim_vm_find_address(struct shim_vm *vm, uint64_t addr);
/* The binding of vm with the lowest start that overlaps [start, start + size), or NULL. */
struct shim_vma *shim_vm_first_overlap(struct shim_vm *vm, uint64_t start, uint64_t size);
/* The binding of vm after vma in address order, or NULL. */
struct shim_vma *shim_vm_next(struct shim_vm *vm, const struct shim_vma *vma);
/* Binds obj at start (no overlap check); 0 or -ENOMEM. */
int shim_vm_bind(struct shim_device *dev, struct shim_vm *vm, shim_off obj, uint64_t start, uint64_t size);
void shim_vm_unbind(struct shim_device *dev, struct shim_vm *vm, struct shim_vma *vma);
/* Every binding of vm goes (vm is being freed). */
void shim_vm_unbind_all(struct shim_device *dev, struct shim_vm *vm);
/* The lowest free range of size bytes aligned to align inside [lo, hi); 0 or -ENOSPC. */
int shim_vm_find_space(struct shim_vm *vm, uint64_t size, uint64_t align, uint64_t lo, uint64_t hi,
		       uint64_t *start);
/* Removes obj from every address space (it is being freed). */
void shim_vm_unbind_everywhere(struct shim_device *dev, shim_off obj);

#endif
