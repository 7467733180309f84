/* SPDX-License-Identifier: MIT */
/*
 * The X server's machine-independent (mi) geometry rules, our own code: which
 * pixels a thin line, a dashed line, an arc, a filled arc or a polygon
 * touches, emitted as boxes (boxes.h) in drawable coordinates, unclipped.
 * Drawing them (function, plane mask, fill style, clipping) is the caller's
 * job, so each generator here is a pure function of the request and the
 * GC fields it names, and the blitter path and the CPU path draw the same
 * pixels by construction.
 *
 * Clipping after generation is exact because the protocol requires clip
 * invariance for thin lines (the pixels of a clipped line are those of the
 * unclipped line inside the clip), and mi reproduces it.
 *
 * Dashed requests emit the even dashes into fg and, for LineDoubleDash, the
 * odd dashes into bg (drawn in the background as the protocol says).
 *
 * Each returns 0, -ENOMEM, or -ENOTSUP for what is not implemented (named in
 * the function's comment), and touches only its output lists.
 */
#ifndef GEM2D_MI_H
#define GEM2D_MI_H

#include "upper-layers/2d/gem2d.h"
#include "upper-layers/2d/boxes.h"

/* PolyPoint (CoordModeOrigin). */
int mi_points(struct g2d_boxes *fg, int n, const gem2d_point *pts);

/* PolyLine (CoordModeOrigin), PolySegment and PolyRectangle with
 * line_width 0: solid lines into fg; LineOnOffDash/LineDoubleDash with
 * gc->dashes/n_dashes/dash_offset into fg and bg. Uses gc->line_style,
 * cap_style, join_style, dashes. */
int mi_poly_line(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		 const gem2d_point *pts);
int mi_poly_segment(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		    const gem2d_segment *segs);
int mi_poly_rectangle(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		      const gem2d_rect *rects);

/* The one place where the X server's thin lines are not clip invariant: a
 * solid PolyLine (PolyRectangle: always) whose last point equals its first.
 * fb draws the closing pixel, so the first point twice, unless the
 * composite clip (drawable bounds and GC clip) is a single rectangle and the
 * last line's two ends both lie inside it. The _hinted calls take that clip:
 * extents and whether it is one rectangle (an empty clip draws nothing, any
 * value will do). The plain calls assume everything lies inside a
 * one-rectangle clip. */
typedef struct mi_clip_hint {
	g2d_box extents;
	bool single;
} mi_clip_hint;
int mi_poly_line_hinted(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
			const gem2d_point *pts, const mi_clip_hint *hint);
int mi_poly_rectangle_hinted(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc,
			     int n, const gem2d_rect *rects, const mi_clip_hint *hint);

/* Drawing order. Drawing the fg list and then the bg list is exact for the
 * functions where the order of two draws of a pixel does not matter (GXxor,
 * GXor, GXand, ...), not for GXcopy and the others when LineDoubleDash draws
 * one pixel in both colours (a dashed rectangle's first corner, crossing
 * lines): the server draws in request order. The _layered calls give
 * layers instead, fg (even index) and bg (odd index) in turn: drawing layer
 * 0, 1, 2, ... one after the other draws every pixel with the server's
 * sequence of colours. Layers may be empty; a pixel drawn twice in a row in
 * one colour appears twice in one layer. mi_layers_fini frees them. */
typedef struct mi_layers {
	struct g2d_boxes *layer;
	int n, cap;
	int err;
} mi_layers;
#define MI_LAYERS_INIT { NULL, 0, 0, 0 }
int mi_poly_line_layered(mi_layers *out, const gem2d_gc *gc, int n, const gem2d_point *pts,
			 const mi_clip_hint *hint);
int mi_poly_segment_layered(mi_layers *out, const gem2d_gc *gc, int n,
			    const gem2d_segment *segs);
int mi_poly_rectangle_layered(mi_layers *out, const gem2d_gc *gc, int n,
			      const gem2d_rect *rects, const mi_clip_hint *hint);
void mi_layers_fini(mi_layers *l);

/* PolyArc with line_width 0 (solid and dashed), PolyFillArc (gc->arc_mode). */
int mi_poly_arc(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		const gem2d_arc *arcs);
/* mi_poly_arc draws as miZeroPolyArc does; the _drawable variant as fb's
 * PolyArc does on a drawable of width x height at bpp bits per pixel, which
 * differs in one point: for a solid arc (line and fill style) whose box
 * (x, y, w + 1, h + 1) lies inside the composite clip (the drawable and
 * gc->clip), fb runs its own copy of the loop, which draws the 45-degree
 * points of some even-sized full circles twice where miZeroPolyArc draws
 * them once (visible with GXxor). mi_poly_arc is the bpp 1 case (fb never
 * uses its loop there). -ENOTSUP for line_width != 0 and for requests with
 * an arc the server draws with the wide-arc code (w != h and w or h > 800). */
int mi_poly_arc_drawable(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
			 const gem2d_arc *arcs, int width, int height, int bpp);
/* The same pixels as mi_poly_arc_drawable in layers (see mi_layers above):
 * for LineDoubleDash, miZeroPolyArc draws each arc's even dashes and then
 * its odd ones before the next arc, so a pixel drawn in bg by one arc and in
 * fg by a later one is drawn bg first, which two lists cannot say. Other
 * line styles give one layer. */
int mi_poly_arc_layered(mi_layers *out, const gem2d_gc *gc, int n, const gem2d_arc *arcs,
			int width, int height, int bpp);
/* mi_poly_fill_arc covers every arc (integer and floating point paths); a
 * pixel of overlapping arcs, or of the two spans of a row of a slice wider
 * than half a turn, is emitted as often as the server fills it. */
int mi_poly_fill_arc(struct g2d_boxes *fg, const gem2d_gc *gc, int n, const gem2d_arc *arcs);

/* FillPolygon (Complex shape, CoordModeOrigin; gc->fill_rule). Fewer than
 * three points draw nothing; no pixel is emitted twice. */
int mi_fill_polygon(struct g2d_boxes *fg, const gem2d_gc *gc, int n, const gem2d_point *pts);

#endif
