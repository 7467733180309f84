/* SPDX-License-Identifier: MIT */
/*
 * Fills on the blitter (2d-layer.md §1.6): one box is an XY_COLOR_BLT; many
 * boxes share one XY_SETUP_MONO_PATTERN_SL_BLT with a solid pattern and take
 * a 3-dword XY_SCANLINES_BLT each; points take a 2-dword XY_PIXEL_BLT on the
 * same setup; stipples of 8x8 (or a divisor) are that setup's mono pattern,
 * tiles of 8x8 (or a divisor) an XY_SETUP_BLT colour pattern. Tiles are repeated by XY_SRC_COPY_BLT from the tile pixmap
 * with the function's copy ROP. The setup is re-emitted whenever the batch
 * was submitted under us (batch.c forgets it), never assumed to survive.
 *
 * Also the command parts every blitter emitter shares: BR13, the tiling
 * bits of DW0 and BCS_SWCTRL for Y-tiled operands (gen6+).
 */
#include <errno.h>
#include <string.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/2d/gem2d_priv.h"

static uint32_t depth_code(const gem2d_pixmap *pix)
{
	switch (pix->bpp) {
	case 8:
		return INTEL_BR13_DEPTH_8;
	case 16:
		return pix->depth == 15 ? INTEL_BR13_DEPTH_1555 : INTEL_BR13_DEPTH_565;
	default:
		return INTEL_BR13_DEPTH_8888;
	}
}

/* A pitch field: bytes, or dwords for a tiled surface from gen4. */
static uint32_t pitch_field(const gem2d_pixmap *pix)
{
	uint32_t p = pix->pitch;
	if (pix->dev->gen >= 4 && pix->tiling != I915_TILING_NONE)
		p /= 4;
	return p & 0xffff;
}

uint32_t g2d_br13(const gem2d_pixmap *pix, uint8_t rop)
{
	return pitch_field(pix) | (uint32_t)rop << INTEL_BR13_ROP_SHIFT | depth_code(pix) << INTEL_BR13_DEPTH_SHIFT;
}

/* DW0 bits: 32bpp writes every byte; tiled operands from gen4 (before,
 * fences detile and the relocation asks for one). */
uint32_t g2d_blt_tiling_bits(const gem2d_pixmap *dst, const gem2d_pixmap *src)
{
	uint32_t bits = dst->bpp == 32 ? INTEL_BLT_WRITE_RGBA : 0;
	if (dst->dev->gen >= 4 && dst->tiling != I915_TILING_NONE)
		bits |= INTEL_BLT_DST_TILED;
	if (src && src->dev->gen >= 4 && src->tiling != I915_TILING_NONE)
		bits |= INTEL_BLT_SRC_TILED;
	return bits;
}

static bool fenced(const gem2d_pixmap *pix)
{
	return pix->dev->gen < 4 && pix->tiling != I915_TILING_NONE;
}

/* Loads BCS_SWCTRL when the Y bits this command needs differ from what the
 * batch last loaded. Room for the 3 dwords must already be reserved. */
int g2d_blt_swctrl(gem2d_device *dev, const gem2d_pixmap *dst, const gem2d_pixmap *src)
{
	uint32_t want = 0;
	if (dev->gen < 6)
		return 0;
	if (dst->tiling == I915_TILING_Y)
		want |= INTEL_BCS_SWCTRL_DST_Y;
	if (src && src->tiling == I915_TILING_Y)
		want |= INTEL_BCS_SWCTRL_SRC_Y;
	if (dev->batch.swctrl == want)
		return 0;
	g2d_out(dev, MI_LOAD_REGISTER_IMM_N(1));
	g2d_out(dev, INTEL_BCS_SWCTRL);
	g2d_out(dev, INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y, want));
	dev->batch.swctrl = want;
	return 0;
}

static unsigned addr_dw(const gem2d_device *dev)
{
	return dev->gen >= 8 ? 2 : 1;
}

static uint32_t pen_color(const struct g2d_fill *f)
{
	return f->pen == G2D_PEN_FG ? f->fg : f->bg;
}

static int color_blt(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *b)
{
	gem2d_device *dev = dst->dev;
	unsigned len = 5 + addr_dw(dev);
	uint32_t dw0 = XY_COLOR_BLT | INTEL_LEN(len) | g2d_blt_tiling_bits(dst, NULL);
	int ret = g2d_batch_reserve(dev, len + 3, 1, &dst->bo, 1);
	if (ret < 0)
		return ret;
	g2d_blt_swctrl(dev, dst, NULL);
	g2d_out(dev, dw0);
	g2d_out(dev, g2d_br13(dst, g2d_fill_rop[f->alu]));
	g2d_out(dev, INTEL_XY(b->x1, b->y1));
	g2d_out(dev, INTEL_XY(b->x2, b->y2));
	g2d_out_reloc(dev, dst->bo, 0, true, fenced(dst));
	g2d_out(dev, pen_color(f));
	g2d_count_command(dev, dw0);
	return 0;
}

/* A solid fill: the pattern is solid, its colour the background register. */
static struct g2d_setup solid_want(const gem2d_pixmap *dst, const struct g2d_fill *f)
{
	return (struct g2d_setup){ .kind = G2D_SETUP_SOLID, .bo = dst->bo,
				   .br13 = g2d_br13(dst, g2d_fill_rop[f->alu]) | INTEL_BR13_SOLID_PATTERN,
				   .bg = pen_color(f), .fg = pen_color(f) };
}

static bool setup_current(const gem2d_pixmap *dst, const struct g2d_setup *w)
{
	const struct g2d_batch *b = &dst->dev->batch;
	const struct g2d_setup *h = &b->setup;
	return b->bo && h->kind == w->kind && h->bo == w->bo && h->br13 == w->br13 && h->bg == w->bg &&
	       h->fg == w->fg && h->pat[0] == w->pat[0] && h->pat[1] == w->pat[1] && h->pat_bo == w->pat_bo &&
	       h->clip[0] == w->clip[0] && h->clip[1] == w->clip[1] && h->clip[2] == w->clip[2] &&
	       h->clip[3] == w->clip[3];
}

static bool setup_is_mono(const struct g2d_setup *w)
{
	return w->kind == G2D_SETUP_SOLID || w->kind == G2D_SETUP_STIPPLE;
}

static unsigned setup_len(const gem2d_device *dev, const struct g2d_setup *w)
{
	return setup_is_mono(w) ? 8 + addr_dw(dev) : 6 + 2 * addr_dw(dev);
}

static void emit_setup(gem2d_pixmap *dst, const struct g2d_setup *w)
{
	gem2d_device *dev = dst->dev;
	bool mono = setup_is_mono(w);
	uint32_t dw0 = (mono ? XY_SETUP_MONO_PATTERN_SL_BLT : XY_SETUP_BLT) | INTEL_LEN(setup_len(dev, w)) |
		       g2d_blt_tiling_bits(dst, NULL);
	g2d_blt_swctrl(dev, dst, NULL);
	g2d_out(dev, dw0);
	g2d_out(dev, w->br13);
	g2d_out(dev, INTEL_XY(w->clip[0], w->clip[1]));	/* read only if BR13 enables the clip */
	g2d_out(dev, INTEL_XY(w->clip[2], w->clip[3]));
	g2d_out_reloc(dev, dst->bo, 0, true, fenced(dst));
	g2d_out(dev, w->bg);
	g2d_out(dev, w->fg);
	if (mono) {
		g2d_out(dev, w->pat[0]);
		g2d_out(dev, w->pat[1]);
	} else if (w->pat_bo) {
		g2d_out_reloc(dev, w->pat_bo, 0, false, false);
	} else {
		for (unsigned k = 0; k < addr_dw(dev); k++)
			g2d_out(dev, 0);	/* no pattern: the ROP reads none */
	}
	g2d_count_command(dev, dw0);
	dev->batch.setup = *w;
}

int g2d_blt_setup_for(gem2d_pixmap *dst, const struct g2d_setup *w, unsigned dwords)
{
	gem2d_device *dev = dst->dev;
	drm_intel_bo *bos[2] = { dst->bo, w->pat_bo };
	unsigned nbos = w->pat_bo ? 2 : 1, slen = setup_len(dev, w);
	bool have = setup_current(dst, w);
	/* 3: a BCS_SWCTRL load, before the setup or before the command */
	int ret = g2d_batch_reserve(dev, 3 + dwords + (have ? 0 : slen), have ? 0 : nbos, bos, nbos);
	if (ret == 1)		/* a fresh batch: the setup went with the old one */
		ret = g2d_batch_reserve(dev, 3 + dwords + slen, nbos, bos, nbos);
	if (ret < 0)
		return ret;
	if (!setup_current(dst, w))
		emit_setup(dst, w);
	g2d_blt_swctrl(dev, dst, NULL);
	return 0;
}

/* Boxes (or, with `points`, 1x1 boxes as XY_PIXEL_BLT) on the setup w. The
 * pattern seeds are 0: a pattern is laid out for absolute coordinates. */
static int setup_boxes(gem2d_pixmap *dst, const struct g2d_setup *w, const g2d_box *boxes, size_t n,
		       bool points)
{
	gem2d_device *dev = dst->dev;
	uint32_t dw0 = (points ? XY_PIXEL_BLT | INTEL_LEN(2) : XY_SCANLINES_BLT | INTEL_LEN(3)) |
		       g2d_blt_tiling_bits(dst, NULL);
	for (size_t i = 0; i < n; i++) {
		const g2d_box *b = &boxes[i];
		int ret = g2d_blt_setup_for(dst, w, points ? 2 : 3);
		if (ret < 0)
			return ret;
		g2d_out(dev, dw0);
		g2d_out(dev, INTEL_XY(b->x1, b->y1));
		if (!points)
			g2d_out(dev, INTEL_XY(b->x2, b->y2));
		g2d_count_command(dev, dw0);
	}
	return 0;
}

/*
 * A tile whose sides divide 8 repeats with period 8 both ways: the
 * blitter's 8x8 colour pattern (XY_SETUP_BLT's pattern address, 64 pixels
 * at the destination's cpp, 64-byte aligned), laid out for absolute
 * coordinates (seeds 0), then a 3-dword XY_SCANLINES_BLT per box. The
 * pattern lives in a small object of its own, written before the batch
 * names it; the batch's relocation keeps it alive until the batch has run,
 * and the setup cache (which keys on the object) is cleared at submit, so
 * a later pattern never matches a freed one.
 */
static int tile_pattern_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n)
{
	gem2d_device *dev = dst->dev;
	gem2d_pixmap *t = f->tile;
	uint32_t cpp = (uint32_t)dst->bpp / 8;
	uint8_t pat[8 * 8 * 4];
	struct g2d_raster r;
	int ret = g2d_pixmap_map(t, &r);
	if (ret)
		return ret;
	for (int32_t y = 0; y < 8; y++)
		for (int32_t x = 0; x < 8; x++) {
			int32_t sx = g2d_wrap(x - f->ts_x, t->width), sy = g2d_wrap(y - f->ts_y, t->height);
			memcpy(pat + (size_t)(y * 8 + x) * cpp, r.bits + (size_t)sy * (size_t)r.stride + (size_t)sx * cpp, cpp);
		}
	g2d_pixmap_unmap(t);
	drm_intel_bo *bo = drm_intel_bo_alloc(dev->bufmgr, "gem2d pattern", 4096, 4096);
	if (!bo)
		return -ENOMEM;
	if (drm_intel_bo_subdata(bo, 0, 64 * cpp, pat)) {
		drm_intel_bo_unreference(bo);
		return -EIO;
	}
	struct g2d_setup w = { .kind = G2D_SETUP_COLOR_PATTERN, .bo = dst->bo,
			       .br13 = g2d_br13(dst, g2d_fill_rop[f->alu]), .pat_bo = bo };
	ret = setup_boxes(dst, &w, boxes, n, false);
	drm_intel_bo_unreference(bo);
	return ret;
}

/* A tile repeated by copies: each box is cut at the tile's period. */
static int tile_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n)
{
	gem2d_pixmap *t = f->tile;
	for (size_t i = 0; i < n; i++) {
		const g2d_box *b = &boxes[i];
		for (int32_t y = b->y1; y < b->y2;) {
			int32_t ty = g2d_wrap(y - f->ts_y, t->height);
			int32_t h = t->height - ty;
			if (h > b->y2 - y)
				h = b->y2 - y;
			for (int32_t x = b->x1; x < b->x2;) {
				int32_t tx = g2d_wrap(x - f->ts_x, t->width);
				int32_t w = t->width - tx;
				g2d_box piece;
				int ret;
				if (w > b->x2 - x)
					w = b->x2 - x;
				piece = (g2d_box){ x, y, x + w, y + h };
				ret = g2d_blt_copy_boxes(t, dst, f->alu, x - tx, y - ty, &piece, 1);
				if (ret)
					return ret;
				x += w;
			}
			y += h;
		}
	}
	return 0;
}

/* The stipple's bit for destination pixel (x, y), the stipple repeated
 * from the GC's tile-stipple origin. */
struct stipple_src {
	struct g2d_raster r;
	int32_t ox, oy;
};

static bool stipple_bit(const void *arg, int32_t x, int32_t y)
{
	const struct stipple_src *s = arg;
	int32_t sx = g2d_wrap(x - s->ox, s->r.width), sy = g2d_wrap(y - s->oy, s->r.height);
	return (s->r.bits[(size_t)sy * (size_t)s->r.stride + (size_t)(sx >> 3)] >> (sx & 7)) & 1;
}

/*
 * A stipple whose sides divide 8 repeats with period 8 both ways, so it is
 * the blitter's 8x8 mono pattern (SNA's 8x8 stipple path): one setup with
 * the pattern laid out for absolute coordinates (byte r = rows y with
 * y % 8 == r, MSB = column x % 8 == 0; seeds 0), then a 3-dword scanline
 * per box, transparent for FillStippled. false: not such a stipple, or its
 * bits could not be read.
 */
static bool stipple_want(const gem2d_pixmap *dst, const struct g2d_fill *f, struct g2d_setup *w)
{
	struct stipple_src s = { .ox = f->ts_x, .oy = f->ts_y };
	bool opaque = f->fill_style == 3;
	if (8 % f->stipple->width || 8 % f->stipple->height || g2d_pixmap_map(f->stipple, &s.r))
		return false;
	uint8_t rows[8] = { 0 };
	for (int32_t y = 0; y < 8; y++)
		for (int32_t x = 0; x < 8; x++)
			if (stipple_bit(&s, x, y))
				rows[y] |= (uint8_t)(0x80 >> x);
	g2d_pixmap_unmap(f->stipple);
	*w = (struct g2d_setup){
		.kind = G2D_SETUP_STIPPLE, .bo = dst->bo,
		.br13 = g2d_br13(dst, g2d_fill_rop[f->alu]) | (opaque ? 0 : INTEL_BR13_MONO_PAT_TRANSPARENT),
		.bg = f->bg, .fg = opaque ? f->fg : pen_color(f),
		.pat = { rows[0] | (uint32_t)rows[1] << 8 | (uint32_t)rows[2] << 16 | (uint32_t)rows[3] << 24,
			 rows[4] | (uint32_t)rows[5] << 8 | (uint32_t)rows[6] << 16 | (uint32_t)rows[7] << 24 }
	};
	return true;
}

/* Other stipples through mono immediates: FillStippled draws the pen where
 * the stipple is set and nothing elsewhere; FillOpaqueStippled foreground
 * and background whatever the pen (X's rule for odd dashes too). */
static int stipple_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n)
{
	struct stipple_src s = { .ox = f->ts_x, .oy = f->ts_y };
	bool opaque = f->fill_style == 3;
	struct g2d_setup w;
	if (stipple_want(dst, f, &w))
		return setup_boxes(dst, &w, boxes, n, false);
	int ret = g2d_pixmap_map(f->stipple, &s.r);	/* CPU memory: no wait */
	if (ret)
		return ret;
	ret = g2d_blt_mono_boxes(dst, f->alu, opaque ? f->fg : pen_color(f), f->bg, !opaque, boxes, n, stipple_bit, &s);
	g2d_pixmap_unmap(f->stipple);
	return ret;
}

int g2d_blt_fill_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n)
{
	if (f->fill_style == 1)
		return 8 % f->tile->width || 8 % f->tile->height ? tile_boxes(dst, f, boxes, n)
								   : tile_pattern_boxes(dst, f, boxes, n);
	if (f->fill_style != 0)
		return stipple_boxes(dst, f, boxes, n);
	if (n == 1)
		return color_blt(dst, f, boxes);
	struct g2d_setup w = solid_want(dst, f);
	for (size_t i = 0; i < n; i++)
		if (boxes[i].x2 - boxes[i].x1 != 1 || boxes[i].y2 - boxes[i].y1 != 1)
			return setup_boxes(dst, &w, boxes, n, false);
	return setup_boxes(dst, &w, boxes, n, true);	/* points: XY_PIXEL_BLT, 2 dwords each */
}

