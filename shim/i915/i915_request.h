/* SPDX-License-Identifier: MIT */
/*
 * The shared record of a request: what outlives the process that submitted it.
 *
 * A request runs on an engine thread of the process that submitted it
 * (gt/intel_engine.h), from a process-local struct shim_request. Its record
 * in the shared state holds the references the request owns (context,
 * fence, the fences it waits for, its objects) and everything needed to run
 * it again from the start: the engine, the objects' GPU ranges, the batch
 * address and, for a batch the command parser accepted, the parsed copy (in
 * the memory pool). Records sit on one device-wide list in submission order,
 * each marked with the client (drm/drm_reaper.h) whose engines run it.
 *
 * When that client dies or exits with requests in flight, the device
 * process adopts its records (i915_request_adopt): each is rebuilt in the
 * adopter and run on the adopter's engines, so its fence signals and its
 * objects go idle, as i915's persistent contexts let work outlive its
 * submitter. A request that was running when its process died runs again
 * from its first command. A non-persistent context's requests are cancelled
 * (-EIO) instead, once the dead process's file is released. A userptr
 * object's pages were the dead process's own memory: the GPU can no longer
 * reach them, and a batch touching them faults.
 *
 * Lifetime: a record is made under the device lock when its request is
 * submitted and released (its references dropped) when the request retires.
 */
#ifndef SHIM_I915_REQUEST_H
#define SHIM_I915_REQUEST_H

#include <stdint.h>

#include "base/shared_mem.h"
#include "i915/gt/intel_engine.h"

struct i915_request_obj {
	uint64_t start, size;		/* GPU range */
	shim_off obj;
	uint32_t fence_tiling, fence_pitch;
	uint32_t write, capture;
};
SHIM_SHARED_LAYOUT(struct i915_request_obj, 40);

struct i915_request_record {
	shim_off next, prev;		/* the device's list, oldest first */
	uint64_t client;		/* whose engines run it */
	shim_off ctx, fence;
	shim_off deps;			/* shim_off[ndeps], | SHIM_DEP_SUBMIT */
	shim_off objs;			/* struct i915_request_obj[nobjs], sorted by start */
	uint32_t ndeps, nobjs;
	uint32_t engine, flags;		/* I915_REQUEST_* */
	uint64_t batch_addr, batch_len;
	uint64_t shadow_mem;		/* memory-pool offset of the parsed copy + 1, or 0 */
};
SHIM_SHARED_LAYOUT(struct i915_request_record, 96);
/* The parser's copy could not be kept in shared memory (a full tmpfs): not runnable elsewhere. */
#define I915_REQUEST_COPY_LOST 1u
/* Its batch is running on an engine: its process counts it busy in the PMU (i915_pmu.h). */
#define I915_REQUEST_RUNNING 2u

/*
 * Device lock held: records rq (whose references it takes over) for client;
 * 0 or -ENOMEM (then rq keeps its references, and runs only here).
 */
int i915_request_record(struct shim_device *dev, struct shim_request *rq, uint64_t client);
/* Device lock held: drops what the record of rq holds and forgets it. */
void i915_request_record_release(struct shim_device *dev, shim_off record);
/* Device lock held: client is gone; its requests move to this process's engines. */
void i915_request_adopt(struct shim_device *dev, uint64_t client);

#endif
