/* SPDX-License-Identifier: MIT */
/*
 * Engines: where requests run.
 *
 * Each process that submits work starts one thread per engine class it
 * uses (render, copy, video, video-enhance). A request waits for the fences
 * it depends on (the previous request of its context, and the implicit
 * read/write order of the objects it uses, from any process), then its batch
 * is executed against the objects' memory and its fence is signalled — with
 * -EIO if the batch faulted (touched an address no object of the request is
 * bound at), hung (ran a full heartbeat interval, its engine's sysfs
 * heartbeat_interval_ms) or was cancelled (its
 * context was not persistent and has been closed). Requests of one
 * process on one engine run in submission order.
 *
 * A request owns references to its context, its objects, its fence and the
 * fences it waits for; the engine thread drops them when the request
 * retires. The request an engine runs is process-local; its shared record
 * (i915/i915_request.h) holds those references and lets another process
 * finish it when this one dies.
 */
#ifndef SHIM_ENGINE_H
#define SHIM_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "drm/drm_device.h"
#include "i915/i915_gem_context.h"

struct shim_request_object {
	uint64_t start, size;		/* GPU range */
	shim_off obj;
	uint8_t *host;			/* the pages in this process */
	uint32_t fence_tiling, fence_pitch;	/* gen2/3 fenced objects */
	bool write;
	bool read_only;			/* bound read-only: the GPU's writes to it are dropped */
	bool capture;			/* EXEC_OBJECT_CAPTURE: in the error state if this request hangs */
};

#define SHIM_DEP_SUBMIT 1ull	/* fence offsets are 16-byte aligned: the low bit is free */

struct shim_request {
	struct shim_device *dev;
	unsigned engine;		/* enum shim_engine_class */
	shim_off ctx;
	shim_off fence;
	shim_off *deps;			/* | SHIM_DEP_SUBMIT: wait only until that request starts */
	uint32_t ndeps;
	struct shim_request_object *objs;	/* sorted by start */
	uint32_t nobjs;
	uint64_t batch_addr;		/* GPU address of the first command */
	uint64_t batch_len;		/* bytes */
	uint8_t *shadow;		/* parsed copy of [batch_addr, +batch_len) the engine runs, or NULL */
	shim_off record;		/* its shared record, which owns the references (i915_request.h) */
	struct shim_request *next;
};

/* The MMIO base of an engine of class engine (enum shim_engine_class) on this generation:
 * its registers are base + offset (gen11 moved the media engines). */
uint32_t intel_engine_mmio_base(unsigned gen, unsigned engine);

/* Hands a request to its engine thread (started on first use). Takes ownership. */
int shim_engine_submit(struct shim_request *rq);

/* Device lock held: the requests of ctx (0: of every context) still queued in this process are
 * taken off their engines and complete with -EIO; the one running stops at its next check of
 * ctx->killed or of the wedged state. */
void shim_engine_cancel_context(struct shim_device *dev, shim_off ctx);

/* Has this process requests queued or running? No lock held. */
bool shim_engines_busy(void);

/* Device lock held: calls fn for each request this process's engines have taken up (for the
 * error state i915 captures when a program asks for a reset through i915_wedged). */
void shim_engines_each_running(void (*fn)(const struct shim_request *rq, void *arg), void *arg);

/* Frees a process-local request's memory, not the references it owns (any lock state). */
void shim_request_discard(struct shim_request *rq);

/* Device lock held: drops every reference a request owns and frees it. */
void shim_request_free(struct shim_request *rq);

/* Where a batch stopped when it failed: for the error state. */
struct shim_batch_fault {
	uint64_t head;			/* GPU address of the command that failed */
	uint32_t header;		/* its first dword */
	uint64_t address;		/* the address that faulted (GPU faults) */
};

/* The context's state of the engine a batch starts with and leaves behind (gen8+; before, zeros
 * each batch): a copy, so that the batch runs without the device lock. */
struct shim_engine_state {
	uint32_t bcs_swctrl;
	struct shim_context_regs regs;
};

/* Executes the batch of rq (i915/gt/command_streamer.c's command streamer) from and into *state;
 * 0, -EFAULT (GPU fault), -ETIME (hang) or -ECANCELED (its non-persistent context was closed),
 * with *fault filled on failure. */
int shim_batch_run(struct shim_request *rq, struct shim_engine_state *state, struct shim_batch_fault *fault);

/* i915/i915_gpu_error.c: records a failed request as i915's error state (device lock held). */
void shim_error_state_record(struct shim_device *dev, const struct shim_request *rq, int error,
			     const struct shim_batch_fault *fault);
/* i915/i915_gpu_error.c: records the error state of a reset asked for through i915_wedged:
 * every request this process's engines run (device lock held). */
void shim_error_state_record_reset(struct shim_device *dev);

#endif
