/* SPDX-License-Identifier: MIT */
/*
 * Text from caller glyph images (PolyText8 and ImageText8 shaped): with the
 * GC's function and fill for PolyText, with GXcopy and a solid foreground
 * for ImageText, after its background box (X's ImageText ignores the
 * function and the fill style; the plane mask and the clip still apply).
 * A solid fill the blitter may draw goes as XY_TEXT_IMMEDIATE_BLT
 * (blt_text.c); otherwise a glyph's set bits become runs of boxes, drawn by
 * the same code as every other shape. The runs are computed either way:
 * they are what the CPU draws when a batch fails (replay.c).
 */
#include <errno.h>

#include "upper-layers/2d/gem2d_priv.h"
#include "upper-layers/2d/requests.h"

static int check_glyphs(int n, const gem2d_glyph *const *glyphs)
{
	if (n < 0 || (n > 0 && !glyphs))
		return -EINVAL;
	for (int i = 0; i < n; i++)
		if (!glyphs[i] || (glyphs[i]->width && glyphs[i]->height && !glyphs[i]->bits))
			return -EINVAL;
	return 0;
}

/* The set bits of the glyphs as runs, pen starting at (x, y). */
static int glyph_runs(struct g2d_boxes *out, int x, int y, int n, const gem2d_glyph *const *glyphs)
{
	int32_t pen = x;
	for (int i = 0; i < n; i++) {
		const gem2d_glyph *g = glyphs[i];
		size_t row_bytes = ((size_t)g->width + 31) / 32 * 4;
		int32_t gx = pen + g->left_bearing, gy = (int32_t)y - g->ascent;
		for (int r = 0; r < g->height; r++) {
			const uint8_t *row = g->bits + (size_t)r * row_bytes;
			int c = 0;
			while (c < g->width) {
				int start;
				while (c < g->width && !((row[c >> 3] >> (c & 7)) & 1))
					c++;
				start = c;
				while (c < g->width && ((row[c >> 3] >> (c & 7)) & 1))
					c++;
				if (c > start)
					g2d_boxes_add(out, gx + start, gy + r, gx + c, gy + r + 1);
			}
		}
		pen += g->advance;
	}
	return out->err;
}

struct glyph_request {
	const struct g2d_clip *clip;
	int x, y, n;
	const gem2d_glyph *const *glyphs;
};

/* The blitter's way for text: XY_TEXT_IMMEDIATE_BLT for a solid fill, else (or for a
 * glyph too large for one command) the runs as boxes. */
static int blt_glyphs(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n,
		      const void *arg)
{
	const struct glyph_request *q = arg;
	int ret = f->fill_style == 0 ? g2d_blt_text(dst, f, q->clip, q->x, q->y, q->n, q->glyphs) : -E2BIG;
	return ret == -E2BIG ? g2d_blt_fill_boxes(dst, f, boxes, n) : ret;
}

/* The glyphs in gc's pen and fill, within clip. */
static int draw_glyphs(gem2d_pixmap *dst, const gem2d_gc *gc, const struct g2d_clip *clip, int x, int y, int n,
		       const gem2d_glyph *const *glyphs)
{
	gem2d_device *dev = dst->dev;
	struct g2d_fill f;
	struct glyph_request q = { clip, x, y, n, glyphs };
	int ret;
	g2d_boxes_reset(&dev->fg);
	if ((ret = glyph_runs(&dev->fg, x, y, n, glyphs)))
		return ret;
	g2d_boxes_reset(&dev->clipped);
	g2d_clip_boxes(clip, dev->fg.box, dev->fg.n, &dev->clipped);
	if (dev->clipped.err)
		return dev->clipped.err;
	g2d_fill_from_gc(&f, dst, gc, G2D_PEN_FG);
	return g2d_draw_boxes_by(dst, &f, dev->clipped.box, dev->clipped.n, blt_glyphs, &q);
}

G2D_EXPORT int gem2d_poly_glyphs(gem2d_pixmap *dst, const gem2d_gc *gc, int x, int y, int n,
				 const gem2d_glyph *const *glyphs)
{
	int ret = g2d_check_gc(dst, gc, G2D_USES_FILL);
	if (!ret)
		ret = check_glyphs(n, glyphs);
	if (ret || !n)
		return ret;
	struct g2d_clip clip;
	if ((ret = g2d_clip_init(&clip, dst, gc)))
		return ret;
	ret = draw_glyphs(dst, gc, &clip, x, y, n, glyphs);
	g2d_clip_fini(&clip);
	return ret;
}

G2D_EXPORT int gem2d_image_glyphs(gem2d_pixmap *dst, const gem2d_gc *gc, int x, int y, int n,
				  const gem2d_glyph *const *glyphs, int font_ascent, int font_descent)
{
	gem2d_gc copy;
	struct g2d_clip clip;
	int32_t width = 0;
	int ret = g2d_check_gc(dst, gc, 0);
	if (!ret)
		ret = check_glyphs(n, glyphs);
	if (!ret && n)
		ret = g2d_clip_init(&clip, dst, gc);	/* one clip for the box and the glyphs */
	if (ret || !n)
		return ret;
	for (int i = 0; i < n; i++)
		width += glyphs[i]->advance;
	copy = *gc;
	copy.function = 3;		/* GXcopy */
	copy.fill_style = 0;
	/* The background box first, in the background colour. */
	g2d_boxes_reset(&dst->dev->fg);
	g2d_boxes_reset(&dst->dev->bg);
	if (width >= 0)
		g2d_boxes_add(&dst->dev->fg, x, (int32_t)y - font_ascent, (int32_t)x + width,
			      (int32_t)y + font_descent);
	else
		g2d_boxes_add(&dst->dev->fg, (int32_t)x + width, (int32_t)y - font_ascent, x,
			      (int32_t)y + font_descent);
	copy.foreground = gc->background;
	ret = g2d_draw_shapes_in(dst, &copy, &clip);
	copy.foreground = gc->foreground;
	if (!ret)
		ret = draw_glyphs(dst, &copy, &clip, x, y, n, glyphs);
	g2d_clip_fini(&clip);
	return ret;
}
