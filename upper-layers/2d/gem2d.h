/* SPDX-License-Identifier: MIT */
/*
 * gem2d.h: the 2D layer (libgem2d.so.0), X11 core drawing and Render's
 * simplest composites on the Intel blitter through libdrm_intel, with the X
 * server's pixel rules (fb + mi + pixman) and a CPU path for what the
 * blitter cannot do. The API is fixed by doc/2d-api.md; the statistics at
 * the end are ours. man gem2d(3).
 *
 * Lifetimes: a device belongs to its bufmgr's user and must be destroyed
 * before the bufmgr; pixmaps belong to their device and must be destroyed
 * before it. Every call returns 0 or a negative errno and never crashes on
 * bad input.
 */
#ifndef GEM2D_H
#define GEM2D_H

#ifdef __cplusplus
extern "C" {
#endif

#include <stdbool.h>
#include <stdint.h>
#include <intel_bufmgr.h>

typedef struct gem2d_device gem2d_device;
typedef struct gem2d_pixmap gem2d_pixmap;

/* The X protocol's own structures, same layout as xcb_point_t, xcb_rectangle_t, xcb_segment_t,
 * xcb_arc_t: angles in 1/64 degree, counter-clockwise from 3 o'clock. */
typedef struct { int16_t x, y; } gem2d_point;
typedef struct { int16_t x, y; uint16_t width, height; } gem2d_rect;
typedef struct { int16_t x1, y1, x2, y2; } gem2d_segment;
typedef struct { int16_t x, y; uint16_t width, height; int16_t angle1, angle2; } gem2d_arc;

/* One device per bufmgr: it owns the batch being built. flags: GEM2D_CPU_ONLY draws everything
 * with the CPU path (the reference the GPU path must equal, pixel for pixel). */
#define GEM2D_CPU_ONLY 0x1
gem2d_device *gem2d_device_create(drm_intel_bufmgr *bufmgr, unsigned flags);
void gem2d_device_destroy(gem2d_device *dev);
int gem2d_flush(gem2d_device *dev);    /* submit what is queued; returns at once */
int gem2d_finish(gem2d_device *dev);   /* submit and wait until the GPU is done */

/* Pixmaps. depth 1, 8, 15, 16, 24 or 32 (bits per pixel 1, 8, 16, 16, 32, 32, as the X
 * server's pixmap formats). hint: GEM2D_TILING_DEFAULT lets the layer choose; _NONE, _X, _Y
 * ask for that tiling (Y only where the device's blitter can address it, else -EINVAL).
 * Contents start as zeroes. */
enum { GEM2D_TILING_DEFAULT, GEM2D_TILING_NONE, GEM2D_TILING_X, GEM2D_TILING_Y };
gem2d_pixmap *gem2d_pixmap_create(gem2d_device *dev, int width, int height, int depth,
				  int tiling);
gem2d_pixmap *gem2d_pixmap_from_dmabuf(gem2d_device *dev, int fd, int width, int height,
				       int depth, uint32_t stride, uint64_t modifier);
int gem2d_pixmap_export_dmabuf(gem2d_pixmap *pix, int *fd, uint32_t *stride,
			       uint64_t *modifier);
drm_intel_bo *gem2d_pixmap_bo(gem2d_pixmap *pix);   /* NULL for depth 1 (CPU memory) */
void gem2d_pixmap_destroy(gem2d_pixmap *pix);

/* The graphics context: X11's GC, the fields a driver acts on, with X11's numeric values. */
typedef struct gem2d_gc {
	uint8_t function;          /* GXclear (0) .. GXset (15) */
	uint32_t plane_mask;       /* bits of the pixel the request may change */
	uint32_t foreground, background;
	uint16_t line_width;       /* 0 = thin lines (the mi rules); wider lines may return -ENOTSUP */
	uint8_t line_style;        /* LineSolid 0 (required), LineOnOffDash 1, LineDoubleDash 2 */
	uint8_t cap_style;         /* CapNotLast 0, CapButt 1, CapRound 2, CapProjecting 3 */
	uint8_t join_style;        /* JoinMiter 0, JoinRound 1, JoinBevel 2 */
	uint8_t fill_style;        /* FillSolid 0, FillTiled 1, FillStippled 2, FillOpaqueStippled 3 */
	uint8_t fill_rule;         /* EvenOddRule 0, WindingRule 1 */
	uint8_t arc_mode;          /* ArcChord 0, ArcPieSlice 1 */
	gem2d_pixmap *tile;        /* FillTiled: same depth as the destination */
	gem2d_pixmap *stipple;     /* FillStippled / FillOpaqueStippled: depth 1 */
	int16_t ts_x_origin, ts_y_origin;
	const uint8_t *dashes; int n_dashes; uint16_t dash_offset;   /* for dashed lines */
	const gem2d_rect *clip;    /* NULL: only the drawable's bounds clip; else the union of */
	int n_clip;                /*   these rectangles (drawable coordinates, any order, may overlap) */
} gem2d_gc;

/* The core requests. Each does what the X11 protocol request of the same name does to a pixmap,
 * with the X server's pixel rules (fb + mi), including function, plane_mask and clipping. */
int gem2d_poly_point(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_point *pts);
int gem2d_poly_line(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_point *pts);
int gem2d_poly_segment(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_segment *segs);
int gem2d_poly_rectangle(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_rect *rects);
int gem2d_poly_arc(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_arc *arcs);
int gem2d_fill_polygon(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_point *pts);
int gem2d_poly_fill_rectangle(gem2d_pixmap *dst, const gem2d_gc *gc, int n,
			      const gem2d_rect *rects);
int gem2d_poly_fill_arc(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_arc *arcs);
int gem2d_copy_area(gem2d_pixmap *src, gem2d_pixmap *dst, const gem2d_gc *gc,
		    int src_x, int src_y, int width, int height, int dst_x, int dst_y);
int gem2d_copy_plane(gem2d_pixmap *src, gem2d_pixmap *dst, const gem2d_gc *gc,
		     int src_x, int src_y, int width, int height, int dst_x, int dst_y,
		     uint32_t bit_plane);

/* PutImage / GetImage. format: GEM2D_ZPIXMAP (pixels of the pixmap's bits per pixel,
 * little-endian, rows `stride` bytes apart; at depth 1, bit 0 of byte 0 is the leftmost pixel)
 * or, for put only, GEM2D_XYBITMAP (1 bit per pixel, LSB first, drawn with
 * foreground/background as a depth-1 image is). The caller's memory is free for reuse as
 * soon as the call returns. get_image honours plane_mask as the X request does. */
enum { GEM2D_XYBITMAP = 0, GEM2D_ZPIXMAP = 2 };
int gem2d_put_image(gem2d_pixmap *dst, const gem2d_gc *gc, int format, int x, int y,
		    int width, int height, const void *data, int stride);
int gem2d_get_image(gem2d_pixmap *src, int x, int y, int width, int height,
		    uint32_t plane_mask, void *data, int stride);

/* Text: glyph images come from the caller, as a DDX gets them from the server's font code.
 * bits: rows of ((width + 31) / 32) * 4 bytes, bit 0 of byte 0 is the leftmost pixel (LSB
 * first). The glyph's top-left pixel is at (pen_x + left_bearing, pen_y - ascent), the pen then
 * moves by advance. poly_glyphs draws like PolyText8 (set bits only, with gc->function and
 * fill); image_glyphs like ImageText8 (first fills the box from pen_y - font_ascent to
 * pen_y + font_descent over the total advance with background, then the glyphs with
 * foreground, GXcopy whatever gc->function says). */
typedef struct gem2d_glyph {
	uint16_t width, height;
	int16_t left_bearing, ascent, advance;
	const uint8_t *bits;
} gem2d_glyph;
int gem2d_poly_glyphs(gem2d_pixmap *dst, const gem2d_gc *gc, int x, int y, int n,
		      const gem2d_glyph *const *glyphs);
int gem2d_image_glyphs(gem2d_pixmap *dst, const gem2d_gc *gc, int x, int y, int n,
		       const gem2d_glyph *const *glyphs, int font_ascent, int font_descent);

/* Render: Composite with pixman's semantics and formats. A pixmap's Render format comes from its
 * depth (32: a8r8g8b8, 24: x8r8g8b8, 16: r5g6b5, 15: x1r5g5b5, 8: a8). op: PictOpClear 0,
 * PictOpSrc 1, PictOpOver 3, PictOpAdd 12 at least; others may return -ENOTSUP. mask may be
 * NULL. A solid source is a 1x1 pixmap with repeat. */
int gem2d_composite(int op, gem2d_pixmap *src, bool src_repeat, gem2d_pixmap *mask,
		    gem2d_pixmap *dst, int src_x, int src_y, int mask_x, int mask_y,
		    int dst_x, int dst_y, int width, int height);

/* Explicit fences (ours, not in 2d-api.md). gem2d_add_in_fence: the device's next
 * submission waits, on the GPU, for this sync_file (I915_EXEC_FENCE_IN) — for reading a buffer
 * another process renders; fences added before one submission are merged. The device owns fd
 * from the call on, even when it fails. A CPU-path read waits for it on the CPU.
 * gem2d_flush_fence: gem2d_flush, returning in *fd the submission's out-fence (a sync_file the
 * caller owns), or -1 when nothing was queued for the GPU. */
int gem2d_add_in_fence(gem2d_device *dev, int fd);
int gem2d_flush_fence(gem2d_device *dev, int *fd);

/* Statistics (ours, not in 2d-api.md): what ran where, so a test can check
 * which path drew a request. Counters only grow; gem2d_stats_reset zeroes
 * them. Commands are counted by 2D opcode (bits 28:22 of the header). */
enum gem2d_fallback_reason {
	GEM2D_FALLBACK_NONE,
	GEM2D_FALLBACK_CPU_ONLY,	/* the device was created with GEM2D_CPU_ONLY */
	GEM2D_FALLBACK_WEDGED,		/* an execbuffer failed: the GPU is not used again */
	GEM2D_FALLBACK_PLANEMASK,	/* a plane mask the blitter cannot apply */
	GEM2D_FALLBACK_DEPTH1,		/* depth-1 pixmaps live in CPU memory */
	GEM2D_FALLBACK_DASHED,		/* not counted: dashes are boxes like solid lines */
	GEM2D_FALLBACK_WIDE,		/* not counted: wide lines return -ENOTSUP */
	GEM2D_FALLBACK_FILL_STYLE,	/* a tile or stipple the blitter cannot repeat */
	GEM2D_FALLBACK_COMPOSITE,	/* a composite the blitter cannot express */
	GEM2D_FALLBACK_LIMITS,		/* pitch, size or coordinates beyond the blitter's fields */
	GEM2D_FALLBACK_SPACE,		/* a command that fits no batch, or aperture refused twice */
	GEM2D_FALLBACK_FORMAT,		/* image or copy between formats the blitter cannot convert */
	GEM2D_FALLBACK_COUNT
};

typedef struct gem2d_stats {
	uint64_t batches;		/* execbuffers submitted */
	uint64_t batch_dwords;		/* dwords submitted, ends and padding included */
	uint64_t relocs;		/* relocations emitted */
	uint64_t aperture_flushes;	/* submits forced by an aperture check */
	uint64_t commands[128];		/* 2D commands by opcode */
	uint64_t gpu_requests;		/* requests drawn (at least partly) by the blitter */
	uint64_t cpu_requests;		/* requests drawn on the CPU */
	uint64_t fallbacks[GEM2D_FALLBACK_COUNT];	/* CPU requests by reason */
} gem2d_stats;

int gem2d_get_stats(gem2d_device *dev, gem2d_stats *stats);
void gem2d_stats_reset(gem2d_device *dev);
const char *gem2d_fallback_name(int reason);

#ifdef __cplusplus
}
#endif
#endif
