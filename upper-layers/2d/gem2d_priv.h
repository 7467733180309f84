/* SPDX-License-Identifier: MIT */
/*
 * The 2D layer's private structures and the calls between its files.
 *
 * A device owns one batch being built (batch.c), its statistics and the
 * wedged flag; a pixmap owns one buffer object (depth >= 8) or a block of
 * CPU memory (depth 1), and holds a reference on nothing else. A request
 * (requests.c) validates its arguments, works out the boxes it touches
 * (mi.h), clips them (clip.c), and draws them on the blitter (blt_*.c) or,
 * where policy.c says the blitter cannot, on the CPU (cpu_*.c) through a
 * map of the pixmap (pixmap.c). Everything here uses only the public APIs of
 * libdrm_intel, libdrm and pixman: what works on the shim works on a real
 * i915.
 */
#ifndef GEM2D_PRIV_H
#define GEM2D_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pixman.h>

#include "upper-layers/2d/gem2d.h"
#include "upper-layers/2d/boxes.h"

#define G2D_EXPORT __attribute__((visibility("default")))

/* ---- the batch being built (batch.c) ---------------------------------- */

/* Dwords of one batch: SNA's gen7+ size. 8 are held back for the end. */
#define G2D_BATCH_DWORDS 16384
#define G2D_BATCH_RESERVED 8
/* libdrm_intel takes at most batch_size / 8 - 2 relocations on one BO
 * (drm_intel_bufmgr_gem_init's batch size; libdrm 2.4.114 asserts past it,
 * doc/libdrm-intel-behavior.md): 500 holds for a bufmgr made with 4 KiB or
 * more, the size every user passes. */
#define G2D_BATCH_RELOCS 500
#define G2D_BATCH_TARGETS 256

/* A setup command (XY_SETUP_MONO_PATTERN_SL_BLT or XY_SETUP_BLT) as the
 * scanline, pixel and text commands after it see it (blt_fill.c). */
enum g2d_setup_kind {
	G2D_SETUP_NONE,
	G2D_SETUP_SOLID,	/* mono pattern setup, solid pattern: the BG colour */
	G2D_SETUP_STIPPLE,	/* mono pattern setup, pat[] the 8x8 pattern */
	G2D_SETUP_COLOR_PATTERN,	/* XY_SETUP_BLT, pat_bo the 8x8 colour pattern */
	G2D_SETUP_TEXT,		/* XY_SETUP_BLT, no pattern, clip[] in BR13's clip */
};
struct g2d_setup {
	enum g2d_setup_kind kind;
	drm_intel_bo *bo;		/* the destination */
	uint32_t br13, bg, fg;
	uint32_t pat[2];
	drm_intel_bo *pat_bo;
	int32_t clip[4];		/* x1, y1, x2, y2 (exclusive) */
};

struct g2d_batch {
	uint32_t dw[G2D_BATCH_DWORDS];
	unsigned n;			/* dwords written */
	unsigned nreloc;
	drm_intel_bo *bo;		/* holds the relocations; NULL while empty */
	drm_intel_bo *last;		/* the last batch submitted, for finish */
	drm_intel_bo *targets[G2D_BATCH_TARGETS];	/* distinct BOs the batch names */
	unsigned ntargets;
	/* What the last setup command left in the blitter's registers;
	 * forgotten at every submit (no state survives a batch). */
	struct g2d_setup setup;
	uint32_t swctrl;		/* BCS_SWCTRL Y bits loaded in this batch, or ~0 */
	/* What the open batch draws, op by op, so that if its execbuffer
	 * fails the CPU can draw the same pixels (replay.c). */
	struct g2d_op *ops;
	size_t nops, capops;
	struct g2d_boxes op_boxes;
};

struct gem2d_device {
	uint32_t magic;
	drm_intel_bufmgr *bufmgr;
	unsigned flags;
	int gen;			/* 2 .. 11 */
	uint32_t ring;			/* I915_EXEC_BLT from gen6, else I915_EXEC_RENDER */
	bool wedged;			/* an execbuffer failed: CPU from now on */
	int userptr;			/* 0 untried, 1 works, -1 refused */
	int in_fence;			/* sync_file the next submission waits for, or -1 (fence.c) */
	struct g2d_batch batch;
	gem2d_stats stats;
	struct g2d_boxes fg, bg, clipped;	/* scratch lists for one request */
};

struct gem2d_pixmap {
	uint32_t magic;
	gem2d_device *dev;
	int width, height, depth, bpp;
	drm_intel_bo *bo;		/* depth >= 8 */
	uint32_t tiling, pitch;		/* I915_TILING_*, bytes */
	uint8_t *bits;			/* depth 1: CPU memory, rows of `pitch` bytes */
	int cpu_maps;			/* nesting of g2d_pixmap_map */
	bool gtt_mapped;
};

#define G2D_DEVICE_MAGIC 0x67326476u
#define G2D_PIXMAP_MAGIC 0x67327078u

/* ---- explicit fences (fence.c) -------------------------------------------- */

/* Before the CPU touches a pixmap: wait for the pending in-fence (the GPU
 * would have waited for it before reading). Then there is none. */
void g2d_fence_cpu_wait(gem2d_device *dev);
void g2d_fence_fini(gem2d_device *dev);

/* ---- device (device.c) -------------------------------------------------- */

bool g2d_device_ok(const gem2d_device *dev);
bool g2d_pixmap_ok(const gem2d_pixmap *pix);
void g2d_count_fallback(gem2d_device *dev, int reason);
void g2d_count_gpu(gem2d_device *dev);
/*
 * What a blitter path's result means for the request: 0 when it drew (and
 * is counted), 1 when the CPU must draw it (*why says why: a command that
 * fits no batch, or a GPU that wedged meanwhile), or the negative errno to
 * return.
 */
int g2d_blt_outcome(gem2d_device *dev, int ret, int *why);
/* v mod period, in [0, period). */
static inline int32_t g2d_wrap(int32_t v, int32_t period)
{
	int32_t m = v % period;
	return m < 0 ? m + period : m;
}

/* ---- batch (batch.c) -------------------------------------------------- */

/*
 * Room for `dwords` dwords and `relocs` relocations naming `bos` (n of them,
 * NULLs skipped) in the open batch. Submits first if the batch is short of
 * any of them or the aperture check refuses, then checks again. Returns 0
 * (same batch: setup state still holds), 1 (a fresh batch: re-emit setup),
 * or a negative errno: -ENOSPC (cannot fit even an empty batch: use the
 * CPU) or what a failed submit returned (the device is then wedged).
 */
int g2d_batch_reserve(gem2d_device *dev, unsigned dwords, unsigned relocs, drm_intel_bo *const *bos,
		      unsigned n);
static inline void g2d_out(gem2d_device *dev, uint32_t dw)
{
	dev->batch.dw[dev->batch.n++] = dw;
}
/* An address: one dword before gen8, two from gen8; the presumed offset is
 * written so the kernel can skip the patch. */
void g2d_out_reloc(gem2d_device *dev, drm_intel_bo *bo, uint32_t delta, bool write, bool fenced);
void g2d_count_command(gem2d_device *dev, uint32_t dw0);
int g2d_batch_submit(gem2d_device *dev);		/* 0 if empty */
/* The same, with the submission's out-fence in *out_fence (a sync_file the
 * caller owns), or -1 when nothing was submitted. */
int g2d_batch_submit_fence(gem2d_device *dev, int *out_fence);
int g2d_batch_wait(gem2d_device *dev);			/* waits for the last batch */
bool g2d_batch_references(gem2d_device *dev, drm_intel_bo *bo);
void g2d_batch_fini(gem2d_device *dev);

/* ---- the open batch's ops, for a CPU replay (replay.c) ------------------ */

struct g2d_fill;
/* Notes a fill or a copy the blitter path just queued (boxes clipped, in
 * dst coordinates); a failed note makes the next submit wait, so nothing
 * is lost if it fails. */
void g2d_replay_note_fill(gem2d_device *dev, gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes,
			  size_t n);
void g2d_replay_note_copy(gem2d_device *dev, gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t alu, int dx, int dy,
			  const g2d_box *boxes, size_t n);
/* CopyPlane through a one-bit source: the plane's bytes are copied. */
void g2d_replay_note_plane(gem2d_device *dev, gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes,
			   size_t n, const uint8_t *bits, int32_t x1, int32_t y1, int32_t w, int32_t h);
bool g2d_replay_uses(const gem2d_device *dev, const gem2d_pixmap *pix);
void g2d_replay_run(gem2d_device *dev);		/* the batch failed: draw its ops on the CPU */
void g2d_replay_forget(gem2d_device *dev);	/* the batch was submitted */
void g2d_replay_fini(gem2d_device *dev);

/* ---- pixmaps and their CPU view (pixmap.c) ------------------------------ */

/* A CPU view of a pixmap: linear rows (the GTT view for tiled ones). */
struct g2d_raster {
	uint8_t *bits;
	int stride;			/* bytes */
	int bpp, depth, width, height;
};

/* Maps pix for the CPU, after submitting the open batch if it names the
 * pixmap's BO and waiting for the GPU. Nests; every successful map needs
 * one g2d_pixmap_unmap. */
int g2d_pixmap_map(gem2d_pixmap *pix, struct g2d_raster *r);
void g2d_pixmap_unmap(gem2d_pixmap *pix);
uint32_t g2d_depth_mask(int depth);	/* the bits of a pixel that belong to the depth */

/* ---- clipping (clip.c) -------------------------------------------------- */

/* The composite clip of a request: the pixmap's bounds and the GC's clip
 * rectangles, as a pixman region of non-overlapping boxes. */
struct g2d_clip {
	pixman_region32_t region;
	pixman_box32_t extents;
	bool single;			/* one box: the extents */
};
int g2d_clip_init(struct g2d_clip *c, const gem2d_pixmap *dst, const gem2d_gc *gc);
void g2d_clip_fini(struct g2d_clip *c);
/* Appends in ∩ clip to out, box by box (a multiset stays a multiset). */
void g2d_clip_boxes(const struct g2d_clip *c, const g2d_box *in, size_t n, struct g2d_boxes *out);

/* ---- drawing boxes with a GC (draw.c) ----------------------------------- */

enum g2d_pen { G2D_PEN_FG, G2D_PEN_BG };

/* What a fill draws: the GC's function, plane mask and fill, with the pen
 * that picks foreground or background for solid fills and stipples. */
struct g2d_fill {
	uint8_t alu;
	uint32_t pm;			/* already masked to the depth */
	uint32_t fg, bg;
	uint8_t fill_style;
	gem2d_pixmap *tile, *stipple;
	int32_t ts_x, ts_y;
	enum g2d_pen pen;
};
void g2d_fill_from_gc(struct g2d_fill *f, const gem2d_pixmap *dst, const gem2d_gc *gc, enum g2d_pen pen);

/* Draws clipped boxes (each inside dst) on the GPU if policy allows, else on
 * the CPU. Returns 0 or a negative errno (nothing half drawn on -EINVAL). */
int g2d_draw_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n);
/* The same with blt drawing them on the blitter instead of g2d_blt_fill_boxes (which
 * NULL means): boxes are still what the CPU draws, on a fallback or a failed batch. */
typedef int g2d_blt_boxes_fn(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n,
			     const void *arg);
int g2d_draw_boxes_by(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n,
		      g2d_blt_boxes_fn *blt, const void *arg);
/* Generates nothing itself: clips fg and bg (the device's scratch lists)
 * with gc and draws them, bg with the background pen. */
int g2d_draw_shapes(gem2d_pixmap *dst, const gem2d_gc *gc);
/* The same with the composite clip the request already made. */
int g2d_draw_shapes_in(gem2d_pixmap *dst, const gem2d_gc *gc, const struct g2d_clip *clip);
/* Layers drawn one after the other, even ones with the foreground pen, odd
 * ones with the background (mi.h's drawing order for LineDoubleDash). */
struct mi_layers;
int g2d_draw_layers_in(gem2d_pixmap *dst, const gem2d_gc *gc, const struct g2d_clip *clip,
		       const struct mi_layers *layers);
/* The composite clip's extents and whether fb's fast line paths apply (one
 * rectangle, a solid fill): mi.h reproduces what they draw differently. */
struct mi_clip_hint;
void g2d_clip_hint(const struct g2d_clip *clip, const gem2d_gc *gc, struct mi_clip_hint *hint);

/* ---- fallback policy (policy.c) ----------------------------------------- */

/* GEM2D_FALLBACK_NONE if the blitter can draw this fill, else the reason. */
int g2d_policy_fill(const gem2d_pixmap *dst, const struct g2d_fill *f);
int g2d_policy_copy(const gem2d_pixmap *src, const gem2d_pixmap *dst, uint8_t alu, uint32_t pm);
int g2d_policy_device(const gem2d_device *dev);
bool g2d_pm_is_solid(const gem2d_pixmap *dst, uint32_t pm);

/* ---- raster ops (rop.c) ------------------------------------------------- */

extern const uint8_t g2d_copy_rop[16];	/* GX function -> ROP3 with S as the source */
extern const uint8_t g2d_fill_rop[16];	/* GX function -> ROP3 with P as the source */
/* fb's and/xor form: for a source value s, dst' = (dst & and) ^ xor, with
 * the plane mask applied. */
static inline void g2d_rop_and_xor(uint8_t alu, uint32_t s, uint32_t pm, uint32_t *and_, uint32_t *xor_)
{
	/* GX bit (3 - (2*src + dst)) is the result for (src, dst). */
	uint32_t f0 = (s & ((alu >> 1) & 1 ? ~0u : 0)) | (~s & ((alu >> 3) & 1 ? ~0u : 0));
	uint32_t f1 = (s & (alu & 1 ? ~0u : 0)) | (~s & ((alu >> 2) & 1 ? ~0u : 0));
	*and_ = (f0 ^ f1) | ~pm;
	*xor_ = f0 & pm;
}
static inline uint32_t g2d_rop(uint8_t alu, uint32_t s, uint32_t d, uint32_t pm)
{
	uint32_t a, x;
	g2d_rop_and_xor(alu, s, pm, &a, &x);
	return (d & a) ^ x;
}

/* ---- CPU drawing (cpu_draw.c) ------------------------------------------- */

uint32_t g2d_raster_get(const struct g2d_raster *r, int x, int y);
void g2d_raster_put(const struct g2d_raster *r, int x, int y, uint32_t v);
int g2d_cpu_fill_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n);
/* Copies src (sx,sy) to dst boxes with the function and mask; src may be dst
 * (overlap handled as a whole-rectangle memmove). dx,dy = dst - src. */
int g2d_cpu_copy_boxes(gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t alu, uint32_t pm, int dx, int dy,
		       const g2d_box *boxes, size_t n);

/* ---- blitter drawing (blt_fill.c, blt_copy.c) --------------------------- */

uint32_t g2d_br13(const gem2d_pixmap *pix, uint8_t rop);
uint32_t g2d_blt_tiling_bits(const gem2d_pixmap *dst, const gem2d_pixmap *src);
int g2d_blt_swctrl(gem2d_device *dev, const gem2d_pixmap *dst, const gem2d_pixmap *src);
/* Returns 0, or a negative errno; -ENOSPC means "draw these on the CPU". */
int g2d_blt_fill_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n);
int g2d_blt_copy_boxes(gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t alu, int dx, int dy,
		       const g2d_box *boxes, size_t n);
/* A one-bit source drawn on the blitter (blt_mono.c): bit(arg, x, y) for
 * each destination pixel of the boxes; fg where set, bg (or nothing if
 * transparent) where clear. */
typedef bool (*g2d_bit_fn)(const void *arg, int32_t x, int32_t y);
/* Makes room for a command of `dwords` on setup w for dst: w's setup command unless
 * the open batch holds it already, and BCS_SWCTRL for dst (the engine reads its Y bits
 * when the command runs, and a copy since the setup may have changed them). 0, or a
 * negative errno with nothing emitted for the command. */
int g2d_blt_setup_for(gem2d_pixmap *dst, const struct g2d_setup *w, unsigned dwords);
/* Glyphs as XY_TEXT_IMMEDIATE_BLT, per box of clip (blt_text.c): the pen of f, solid fill.
 * 0, -E2BIG with nothing emitted (a glyph too large for one command), or batch errors. */
int g2d_blt_text(gem2d_pixmap *dst, const struct g2d_fill *f, const struct g2d_clip *clip, int x, int y, int n,
		 const gem2d_glyph *const *glyphs);
int g2d_blt_mono_boxes(gem2d_pixmap *dst, uint8_t alu, uint32_t fg, uint32_t bg, bool transparent,
		       const g2d_box *boxes, size_t n, g2d_bit_fn bit, const void *arg);

#endif
