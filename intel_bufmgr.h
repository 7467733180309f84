/* SPDX-License-Identifier: MIT */
/*
 * libdrm_intel: the Intel GEM buffer manager (libdrm-gem's libdrm_intel.so.1).
 *
 * Same API and ABI as libdrm 2.4.114's intel_bufmgr.h: programs built against
 * either header run with either library. Return convention: 0 or a negative
 * errno unless a function says otherwise.
 *
 * Lifetime rules:
 *  - A drm_intel_bufmgr is shared per file descriptor and reference counted:
 *    every drm_intel_bufmgr_gem_init() needs one drm_intel_bufmgr_destroy().
 *  - A drm_intel_bo is owned by the library and reference counted; never
 *    allocate or free one yourself. Its public fields are read-only to users
 *    (except that the library keeps them current: size, offset64, virtual).
 *  - One drm_intel_bo exists per kernel object per bufmgr: importing an
 *    object already known (by flink name or handle) returns the same bo with
 *    one more reference.
 *
 * Where libdrm 2.4.114 asserts or crashes on bad input (a NULL bo, a range
 * beyond the object, unmapping an unmapped bo), this library returns -EINVAL
 * (or does nothing, for functions returning void). Entry points of the
 * pre-GEM "fake" buffer manager, the AUB dumper and, in this release,
 * relocations, execution, pinning, softpin and PRIME return -ENODEV (NULL
 * for pointer results) without touching anything: see drm_intel_bufmgr(3).
 */
#ifndef INTEL_BUFMGR_H
#define INTEL_BUFMGR_H

#include <stdint.h>
#include <stdio.h>

#if defined(__cplusplus)
extern "C" {
#endif

struct drm_clip_rect;

typedef struct _drm_intel_bufmgr drm_intel_bufmgr;
typedef struct _drm_intel_context drm_intel_context;
typedef struct _drm_intel_bo drm_intel_bo;

/* Public ABI: 56 bytes on LP64. */
struct _drm_intel_bo {
	/* Size of the object in bytes; may exceed the request (cache rounding). */
	unsigned long size;
	/* Alignment requested for execution. */
	unsigned long align;
	/* Last known GPU address, truncated to unsigned long; prefer offset64. */
	unsigned long offset;
	/* CPU address of the current drm_intel_bo_map()/map_gtt() mapping. */
#ifdef __cplusplus
	void *virt;
#else
	void *virtual;
#endif
	/* The buffer manager this object belongs to. */
	drm_intel_bufmgr *bufmgr;
	/* The GEM handle of the object. */
	int handle;
	/* Last known GPU address of the object. */
	uint64_t offset64;
};

enum aub_dump_bmp_format {
	AUB_DUMP_BMP_FORMAT_8BIT = 1,
	AUB_DUMP_BMP_FORMAT_ARGB_4444 = 4,
	AUB_DUMP_BMP_FORMAT_ARGB_0888 = 6,
	AUB_DUMP_BMP_FORMAT_ARGB_8888 = 7,
};

typedef struct _drm_intel_aub_annotation {
	uint32_t type;
	uint32_t subtype;
	uint32_t ending_offset;
} drm_intel_aub_annotation;

/* Allocation flag: the object is about to be rendered to by the GPU. */
#define BO_ALLOC_FOR_RENDER (1<<0)

/* Allocation (drm_intel_bo_alloc(3)). */
drm_intel_bo *drm_intel_bo_alloc(drm_intel_bufmgr *bufmgr, const char *name,
				 unsigned long size, unsigned int alignment);
drm_intel_bo *drm_intel_bo_alloc_for_render(drm_intel_bufmgr *bufmgr,
					    const char *name,
					    unsigned long size,
					    unsigned int alignment);
drm_intel_bo *drm_intel_bo_alloc_userptr(drm_intel_bufmgr *bufmgr,
					 const char *name,
					 void *addr, uint32_t tiling_mode,
					 uint32_t stride, unsigned long size,
					 unsigned long flags);
drm_intel_bo *drm_intel_bo_alloc_tiled(drm_intel_bufmgr *bufmgr,
				       const char *name,
				       int x, int y, int cpp,
				       uint32_t *tiling_mode,
				       unsigned long *pitch,
				       unsigned long flags);
void drm_intel_bo_reference(drm_intel_bo *bo);
void drm_intel_bo_unreference(drm_intel_bo *bo);

/* Mapping and data transfer (drm_intel_bo_map(3)). */
int drm_intel_bo_map(drm_intel_bo *bo, int write_enable);
int drm_intel_bo_unmap(drm_intel_bo *bo);
int drm_intel_bo_subdata(drm_intel_bo *bo, unsigned long offset,
			 unsigned long size, const void *data);
int drm_intel_bo_get_subdata(drm_intel_bo *bo, unsigned long offset,
			     unsigned long size, void *data);
void drm_intel_bo_wait_rendering(drm_intel_bo *bo);

/* Buffer manager (drm_intel_bufmgr(3)). */
void drm_intel_bufmgr_set_debug(drm_intel_bufmgr *bufmgr, int enable_debug);
void drm_intel_bufmgr_destroy(drm_intel_bufmgr *bufmgr);

/* Execution and relocations: -ENODEV in this release. */
int drm_intel_bo_exec(drm_intel_bo *bo, int used,
		      struct drm_clip_rect *cliprects, int num_cliprects, int DR4);
int drm_intel_bo_mrb_exec(drm_intel_bo *bo, int used,
			  struct drm_clip_rect *cliprects, int num_cliprects,
			  int DR4, unsigned int flags);
int drm_intel_bufmgr_check_aperture_space(drm_intel_bo **bo_array, int count);
int drm_intel_bo_emit_reloc(drm_intel_bo *bo, uint32_t offset,
			    drm_intel_bo *target_bo, uint32_t target_offset,
			    uint32_t read_domains, uint32_t write_domain);
int drm_intel_bo_emit_reloc_fence(drm_intel_bo *bo, uint32_t offset,
				  drm_intel_bo *target_bo,
				  uint32_t target_offset,
				  uint32_t read_domains, uint32_t write_domain);
int drm_intel_bo_pin(drm_intel_bo *bo, uint32_t alignment);
int drm_intel_bo_unpin(drm_intel_bo *bo);

/* Tiling (drm_intel_bo_set_tiling(3)). */
int drm_intel_bo_set_tiling(drm_intel_bo *bo, uint32_t *tiling_mode,
			    uint32_t stride);
int drm_intel_bo_get_tiling(drm_intel_bo *bo, uint32_t *tiling_mode,
			    uint32_t *swizzle_mode);

/* Names (drm_intel_bo_flink(3)), state queries. */
int drm_intel_bo_flink(drm_intel_bo *bo, uint32_t *name);
int drm_intel_bo_busy(drm_intel_bo *bo);
int drm_intel_bo_madvise(drm_intel_bo *bo, int madv);
int drm_intel_bo_use_48b_address_range(drm_intel_bo *bo, uint32_t enable);
int drm_intel_bo_set_softpin_offset(drm_intel_bo *bo, uint64_t offset);
int drm_intel_bo_disable_reuse(drm_intel_bo *bo);
int drm_intel_bo_is_reusable(drm_intel_bo *bo);
int drm_intel_bo_references(drm_intel_bo *bo, drm_intel_bo *target_bo);

/* GEM buffer manager. */
drm_intel_bufmgr *drm_intel_bufmgr_gem_init(int fd, int batch_size);
drm_intel_bo *drm_intel_bo_gem_create_from_name(drm_intel_bufmgr *bufmgr,
						const char *name,
						unsigned int handle);
void drm_intel_bufmgr_gem_enable_reuse(drm_intel_bufmgr *bufmgr);
void drm_intel_bufmgr_gem_enable_fenced_relocs(drm_intel_bufmgr *bufmgr);
void drm_intel_bufmgr_gem_set_vma_cache_size(drm_intel_bufmgr *bufmgr,
					     int limit);
int drm_intel_gem_bo_map_unsynchronized(drm_intel_bo *bo);
int drm_intel_gem_bo_map_gtt(drm_intel_bo *bo);
int drm_intel_gem_bo_unmap_gtt(drm_intel_bo *bo);

#define HAVE_DRM_INTEL_GEM_BO_DISABLE_IMPLICIT_SYNC 1
int drm_intel_bufmgr_gem_can_disable_implicit_sync(drm_intel_bufmgr *bufmgr);
void drm_intel_gem_bo_disable_implicit_sync(drm_intel_bo *bo);
void drm_intel_gem_bo_enable_implicit_sync(drm_intel_bo *bo);

void *drm_intel_gem_bo_map__cpu(drm_intel_bo *bo);
void *drm_intel_gem_bo_map__gtt(drm_intel_bo *bo);
void *drm_intel_gem_bo_map__wc(drm_intel_bo *bo);

int drm_intel_gem_bo_get_reloc_count(drm_intel_bo *bo);
void drm_intel_gem_bo_clear_relocs(drm_intel_bo *bo, int start);
void drm_intel_gem_bo_start_gtt_access(drm_intel_bo *bo, int write_enable);

/* AUB dumping: removed upstream; these do nothing. */
void drm_intel_bufmgr_gem_set_aub_filename(drm_intel_bufmgr *bufmgr,
					   const char *filename);
void drm_intel_bufmgr_gem_set_aub_dump(drm_intel_bufmgr *bufmgr, int enable);
void drm_intel_gem_bo_aub_dump_bmp(drm_intel_bo *bo,
				   int x1, int y1, int width, int height,
				   enum aub_dump_bmp_format format,
				   int pitch, int offset);
void drm_intel_bufmgr_gem_set_aub_annotations(drm_intel_bo *bo,
					      drm_intel_aub_annotation *annotations,
					      unsigned count);

/* Device queries and contexts (drm_intel_gem_context_create(3)). */
int drm_intel_get_pipe_from_crtc_id(drm_intel_bufmgr *bufmgr, int crtc_id);
int drm_intel_get_aperture_sizes(int fd, size_t *mappable, size_t *total);
int drm_intel_bufmgr_gem_get_devid(drm_intel_bufmgr *bufmgr);
int drm_intel_gem_bo_wait(drm_intel_bo *bo, int64_t timeout_ns);

drm_intel_context *drm_intel_gem_context_create(drm_intel_bufmgr *bufmgr);
int drm_intel_gem_context_get_id(drm_intel_context *ctx, uint32_t *ctx_id);
void drm_intel_gem_context_destroy(drm_intel_context *ctx);
int drm_intel_gem_bo_context_exec(drm_intel_bo *bo, drm_intel_context *ctx,
				  int used, unsigned int flags);
int drm_intel_gem_bo_fence_exec(drm_intel_bo *bo, drm_intel_context *ctx,
				int used, int in_fence, int *out_fence,
				unsigned int flags);

/* PRIME: -ENODEV / NULL in this release. */
int drm_intel_bo_gem_export_to_prime(drm_intel_bo *bo, int *prime_fd);
drm_intel_bo *drm_intel_bo_gem_create_from_prime(drm_intel_bufmgr *bufmgr,
						 int prime_fd, int size);

/* Pre-GEM "fake" buffer manager: kept for ABI only; init returns NULL. */
drm_intel_bufmgr *drm_intel_bufmgr_fake_init(int fd,
					     unsigned long low_offset,
					     void *low_virtual,
					     unsigned long size,
					     volatile unsigned int *last_dispatch);
void drm_intel_bufmgr_fake_set_last_dispatch(drm_intel_bufmgr *bufmgr,
					     volatile unsigned int *last_dispatch);
void drm_intel_bufmgr_fake_set_exec_callback(drm_intel_bufmgr *bufmgr,
					     int (*exec)(drm_intel_bo *bo,
							 unsigned int used,
							 void *priv),
					     void *priv);
void drm_intel_bufmgr_fake_set_fence_callback(drm_intel_bufmgr *bufmgr,
					      unsigned int (*emit)(void *priv),
					      void (*wait)(unsigned int fence,
							   void *priv),
					      void *priv);
drm_intel_bo *drm_intel_bo_fake_alloc_static(drm_intel_bufmgr *bufmgr,
					     const char *name,
					     unsigned long offset,
					     unsigned long size, void *virt);
void drm_intel_bo_fake_disable_backing_store(drm_intel_bo *bo,
					     void (*invalidate_cb)(drm_intel_bo *bo,
								   void *ptr),
					     void *ptr);
void drm_intel_bufmgr_fake_contended_lock_take(drm_intel_bufmgr *bufmgr);
void drm_intel_bufmgr_fake_evict_all(drm_intel_bufmgr *bufmgr);

/* Batch decoder: -ENODEV-style stubs in this release (alloc returns NULL). */
struct drm_intel_decode *drm_intel_decode_context_alloc(uint32_t devid);
void drm_intel_decode_context_free(struct drm_intel_decode *ctx);
void drm_intel_decode_set_batch_pointer(struct drm_intel_decode *ctx,
					void *data, uint32_t hw_offset,
					int count);
void drm_intel_decode_set_dump_past_end(struct drm_intel_decode *ctx,
					int dump_past_end);
void drm_intel_decode_set_head_tail(struct drm_intel_decode *ctx,
				    uint32_t head, uint32_t tail);
void drm_intel_decode_set_output_file(struct drm_intel_decode *ctx, FILE *out);
void drm_intel_decode(struct drm_intel_decode *ctx);

int drm_intel_reg_read(drm_intel_bufmgr *bufmgr, uint32_t offset,
		       uint64_t *result);
int drm_intel_get_reset_stats(drm_intel_context *ctx, uint32_t *reset_count,
			      uint32_t *active, uint32_t *pending);
int drm_intel_get_subslice_total(int fd, unsigned int *subslice_total);
int drm_intel_get_eu_total(int fd, unsigned int *eu_total);
int drm_intel_get_pooled_eu(int fd);
int drm_intel_get_min_eu_in_pool(int fd);

/* Old names, kept for source compatibility. */
#define dri_bo drm_intel_bo
#define dri_bufmgr drm_intel_bufmgr
#define dri_bo_alloc drm_intel_bo_alloc
#define dri_bo_reference drm_intel_bo_reference
#define dri_bo_unreference drm_intel_bo_unreference
#define dri_bo_map drm_intel_bo_map
#define dri_bo_unmap drm_intel_bo_unmap
#define dri_bo_subdata drm_intel_bo_subdata
#define dri_bo_get_subdata drm_intel_bo_get_subdata
#define dri_bo_wait_rendering drm_intel_bo_wait_rendering
#define dri_bufmgr_set_debug drm_intel_bufmgr_set_debug
#define dri_bufmgr_destroy drm_intel_bufmgr_destroy
#define dri_bo_exec drm_intel_bo_exec
#define dri_bufmgr_check_aperture_space drm_intel_bufmgr_check_aperture_space
#define dri_bo_emit_reloc(reloc_bo, read, write, target_offset,	\
			  reloc_offset, target_bo)			\
	drm_intel_bo_emit_reloc(reloc_bo, reloc_offset,			\
				target_bo, target_offset,		\
				read, write);
#define dri_bo_pin drm_intel_bo_pin
#define dri_bo_unpin drm_intel_bo_unpin
#define dri_bo_get_tiling drm_intel_bo_get_tiling
#define dri_bo_set_tiling(bo, mode) drm_intel_bo_set_tiling(bo, mode, 0)
#define dri_bo_flink drm_intel_bo_flink

#define intel_bufmgr_gem_init drm_intel_bufmgr_gem_init
#define intel_bo_gem_create_from_name drm_intel_bo_gem_create_from_name
#define intel_bufmgr_gem_enable_reuse drm_intel_bufmgr_gem_enable_reuse
#define intel_bufmgr_fake_init drm_intel_bufmgr_fake_init
#define intel_bufmgr_fake_set_last_dispatch drm_intel_bufmgr_fake_set_last_dispatch
#define intel_bufmgr_fake_set_exec_callback drm_intel_bufmgr_fake_set_exec_callback
#define intel_bufmgr_fake_set_fence_callback drm_intel_bufmgr_fake_set_fence_callback
#define intel_bo_fake_alloc_static drm_intel_bo_fake_alloc_static
#define intel_bo_fake_disable_backing_store drm_intel_bo_fake_disable_backing_store
#define intel_bufmgr_fake_contended_lock_take drm_intel_bufmgr_fake_contended_lock_take
#define intel_bufmgr_fake_evict_all drm_intel_bufmgr_fake_evict_all

/*
 * Throttling (libdrm-gem, not in libdrm 2.4.114; see drm_intel_throttle(3)).
 * A throttle keeps at most max_in_flight submissions of its user on the GPU:
 * before submission k returns, submission k - max_in_flight has completed.
 * It does this with sync objects, the way GL drivers stop the CPU from
 * running frames ahead of the GPU. LIBDRM_INTEL_HAS_THROTTLE tells that the
 * functions exist.
 */
#define LIBDRM_INTEL_HAS_THROTTLE 1
typedef struct _drm_intel_throttle drm_intel_throttle;

/* A throttle for submissions through bufmgr; max_in_flight from 1 to 64. NULL on failure. */
drm_intel_throttle *drm_intel_throttle_create(drm_intel_bufmgr *bufmgr, unsigned int max_in_flight);
/* Submits batch as drm_intel_gem_bo_context_exec() does (ctx may be NULL), then waits for the
 * submission max_in_flight before it. 0 or -errno; a failed submission does not count. */
int drm_intel_throttle_submit(drm_intel_throttle *throttle, drm_intel_bo *batch,
			      drm_intel_context *ctx, int used, unsigned int flags);
/* Submissions not yet known to have completed (0 .. max_in_flight), or -errno. */
int drm_intel_throttle_in_flight(drm_intel_throttle *throttle);
/* Waits for every submission, then frees the throttle. NULL is a no-op. */
void drm_intel_throttle_destroy(drm_intel_throttle *throttle);

#if defined(__cplusplus)
}
#endif

#endif /* INTEL_BUFMGR_H */
