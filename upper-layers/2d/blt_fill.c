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

enum { SETUP_SOLID = 1, SETUP_PATTERN = 2, SETUP_COLOR_PATTERN = 3 };

/* What an XY_SETUP_MONO_PATTERN_SL_BLT leaves in the registers for the scanlines after it. */
struct setup_want {
	uint32_t kind, br13, bg, fg, pat[2];
};

/* A solid fill: the pattern is solid, its colour the background register. */
static struct setup_want solid_want(const gem2d_pixmap *dst, const struct g2d_fill *f)
{
	return (struct setup_want){ SETUP_SOLID, g2d_br13(dst, g2d_fill_rop[f->alu]) | INTEL_BR13_SOLID_PATTERN,
				    pen_color(f), pen_color(f), { 0, 0 } };
}

/* Does the open batch's setup already draw w on dst? */
static bool setup_current(const gem2d_pixmap *dst, const struct setup_want *w)
{
	const struct g2d_batch *b = &dst->dev->batch;
	return b->bo && b->setup.kind == w->kind && b->setup.bo == dst->bo && b->setup.br13 == w->br13 &&
	       b->setup.bg == w->bg && b->setup.fg == w->fg && b->setup.pat[0] == w->pat[0] &&
	       b->setup.pat[1] == w->pat[1];
}

/* The setup for scanlines and pixels, unless the batch already holds the same one. */
static void setup(gem2d_pixmap *dst, const struct setup_want *w)
{
	gem2d_device *dev = dst->dev;
	struct g2d_batch *b = &dev->batch;
	unsigned len = 8 + addr_dw(dev);
	uint32_t dw0 = XY_SETUP_MONO_PATTERN_SL_BLT | INTEL_LEN(len) | g2d_blt_tiling_bits(dst, NULL);
	if (setup_current(dst, w))
		return;
	g2d_blt_swctrl(dev, dst, NULL);
	g2d_out(dev, dw0);
	g2d_out(dev, w->br13);
	g2d_out(dev, 0);			/* clip: disabled in BR13 */
	g2d_out(dev, 0);
	g2d_out_reloc(dev, dst->bo, 0, true, fenced(dst));
	g2d_out(dev, w->bg);
	g2d_out(dev, w->fg);
	g2d_out(dev, w->pat[0]);
	g2d_out(dev, w->pat[1]);
	g2d_count_command(dev, dw0);
	b->setup.kind = w->kind;
	b->setup.bo = dst->bo;
	b->setup.br13 = w->br13;
	b->setup.bg = w->bg;
	b->setup.fg = w->fg;
	b->setup.pat[0] = w->pat[0];
	b->setup.pat[1] = w->pat[1];
}

/* Boxes (or, with `points`, 1x1 boxes as XY_PIXEL_BLT) on the setup w. The
 * pattern seeds are 0: a pattern is laid out for absolute coordinates. */
static int setup_boxes(gem2d_pixmap *dst, const struct setup_want *w, const g2d_box *boxes, size_t n,
		       bool points)
{
	gem2d_device *dev = dst->dev;
	unsigned setup_len = 3 + 8 + addr_dw(dev);
	uint32_t dw0 = (points ? XY_PIXEL_BLT | INTEL_LEN(2) : XY_SCANLINES_BLT | INTEL_LEN(3)) |
		       g2d_blt_tiling_bits(dst, NULL);
	unsigned len = points ? 2 : 3;
	for (size_t i = 0; i < n; i++) {
		const g2d_box *b = &boxes[i];
		bool have = setup_current(dst, w);
		int ret = g2d_batch_reserve(dev, 3 + len + (have ? 0 : setup_len), have ? 0 : 1, &dst->bo, 1);
		if (ret == 1)		/* a fresh batch: the setup went with the old one */
			ret = g2d_batch_reserve(dev, 3 + len + setup_len, 1, &dst->bo, 1);
		if (ret < 0)
			return ret;
		setup(dst, w);
		/* A copy since the setup may have loaded other Y bits: the scanline's
		 * destination tiling is read from BCS_SWCTRL when it runs. */
		g2d_blt_swctrl(dev, dst, NULL);
		g2d_out(dev, dw0);
		if (points) {
			g2d_out(dev, INTEL_XY(b->x1, b->y1));
		} else {
			g2d_out(dev, INTEL_XY(b->x1, b->y1));
			g2d_out(dev, INTEL_XY(b->x2, b->y2));
		}
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
	drm_intel_bo *bos[2] = { dst->bo, bo };
	uint32_t br13 = g2d_br13(dst, g2d_fill_rop[f->alu]);
	unsigned setup_len = 3 + 6 + 2 * addr_dw(dev);
	uint32_t dw0 = XY_SCANLINES_BLT | INTEL_LEN(3) | g2d_blt_tiling_bits(dst, NULL);
	struct g2d_batch *b = &dev->batch;
	for (size_t i = 0; i < n && !ret; i++) {
		bool have = b->bo && b->setup.kind == SETUP_COLOR_PATTERN && b->setup.bo == dst->bo &&
			    b->setup.br13 == br13 && b->setup.pat_bo == bo;
		ret = g2d_batch_reserve(dev, 6 + (have ? 0 : setup_len), have ? 0 : 2, bos, 2);
		if (ret == 1) {		/* a fresh batch: the setup went with the old one */
			have = false;
			ret = g2d_batch_reserve(dev, 6 + setup_len, 2, bos, 2);
		}
		if (ret < 0)
			break;
		ret = 0;
		if (!have) {
			uint32_t sdw0 = XY_SETUP_BLT | INTEL_LEN(6 + 2 * addr_dw(dev)) | g2d_blt_tiling_bits(dst, NULL);
			g2d_blt_swctrl(dev, dst, NULL);
			g2d_out(dev, sdw0);
			g2d_out(dev, br13);
			g2d_out(dev, 0);		/* clip: disabled in BR13 */
			g2d_out(dev, 0);
			g2d_out_reloc(dev, dst->bo, 0, true, fenced(dst));
			g2d_out(dev, 0);		/* BG, FG: unused by a colour pattern */
			g2d_out(dev, 0);
			g2d_out_reloc(dev, bo, 0, false, false);
			g2d_count_command(dev, sdw0);
			b->setup.kind = SETUP_COLOR_PATTERN;
			b->setup.bo = dst->bo;
			b->setup.br13 = br13;
			b->setup.pat_bo = bo;
		}
		g2d_blt_swctrl(dev, dst, NULL);		/* as in setup_boxes */
		g2d_out(dev, dw0);
		g2d_out(dev, INTEL_XY(boxes[i].x1, boxes[i].y1));
		g2d_out(dev, INTEL_XY(boxes[i].x2, boxes[i].y2));
		g2d_count_command(dev, dw0);
	}
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
static bool stipple_want(const gem2d_pixmap *dst, const struct g2d_fill *f, struct setup_want *w)
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
	*w = (struct setup_want){
		SETUP_PATTERN, g2d_br13(dst, g2d_fill_rop[f->alu]) | (opaque ? 0 : INTEL_BR13_MONO_PAT_TRANSPARENT),
		f->bg, opaque ? f->fg : pen_color(f),
		{ rows[0] | (uint32_t)rows[1] << 8 | (uint32_t)rows[2] << 16 | (uint32_t)rows[3] << 24,
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
	struct setup_want w;
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
	struct setup_want w = solid_want(dst, f);
	for (size_t i = 0; i < n; i++)
		if (boxes[i].x2 - boxes[i].x1 != 1 || boxes[i].y2 - boxes[i].y1 != 1)
			return setup_boxes(dst, &w, boxes, n, false);
	return setup_boxes(dst, &w, boxes, n, true);	/* points: XY_PIXEL_BLT, 2 dwords each */
}

