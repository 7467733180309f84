/* SPDX-License-Identifier: MIT */
/*
 * Execbuffer fences (i915_gem_execbuffer.c): the in/out sync_files in rsvd2
 * (FENCE_IN, FENCE_SUBMIT, FENCE_OUT), the syncobj fence array (FENCE_ARRAY)
 * and the timeline-fences extension (USE_EXTENSIONS), checked in i915's order
 * (doc/uapi-conformance.md §27g).
 *
 * A struct shim_exec_fences lives for one execbuffer call: it holds a
 * reference to every syncobj it names and every fence it will wait for, and
 * an fd number reserved for the out-fence; shim_exec_fences_fini() releases
 * whatever was not consumed.
 */
#ifndef SHIM_EXEC_FENCE_H
#define SHIM_EXEC_FENCE_H

#include <stdbool.h>
#include <stdint.h>
#include <drm.h>
#include <i915_drm.h>

#include "drm/drm_ioctl.h"
#include "i915/gt/intel_engine.h"

struct shim_exec_fence {
	shim_off syncobj;	/* a reference */
	shim_off fence;		/* to wait for (a reference), or 0 */
	uint64_t point;		/* timeline point to add on SIGNAL, 0: replace the fence */
	uint32_t flags;		/* I915_EXEC_FENCE_WAIT | I915_EXEC_FENCE_SIGNAL */
};

struct shim_exec_fences {
	struct shim_exec_fence *f;
	uint32_t n, cap;
	shim_off in_fence;	/* FENCE_IN / FENCE_SUBMIT: the sync_file's fence, a reference */
	bool in_submit;
	int out_fd;		/* reserved for FENCE_OUT, or -1 */
};

/* No lock held: validates and collects every fence of args; 0 or -errno (xf needs fini either way). */
int shim_exec_fences_parse(struct shim_call *call, const struct drm_i915_gem_execbuffer2 *args,
			   struct shim_exec_fences *xf);
/* How many dependencies shim_exec_fences_add_deps() may add. */
uint32_t shim_exec_fences_max_deps(const struct shim_exec_fences *xf);
/* Device lock held: the request waits for the in-fences. */
void shim_exec_fences_add_deps(struct shim_device *dev, const struct shim_exec_fences *xf,
			       struct shim_request *rq);
/* Device lock held, after submission: signal syncobjs with the request's fence, hand out the out-fence. */
int shim_exec_fences_signal(struct shim_device *dev, struct drm_i915_gem_execbuffer2 *args,
			    struct shim_exec_fences *xf, shim_off rq_fence);
/* No lock held. */
void shim_exec_fences_fini(struct shim_device *dev, struct shim_exec_fences *xf);

#endif
