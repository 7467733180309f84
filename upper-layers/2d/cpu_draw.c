/* SPDX-License-Identifier: MIT */
/*
 * The CPU drawing core, in the manner of the X server's fb: a GX function
 * and a plane mask become an and/xor pair per source value (rop.c), applied
 * to the pixels of a mapped pixmap (pixmap.c). Fills take their source from
 * the GC (solid, tile, stipple, opaque stipple); copies from another raster,
 * through a temporary when source and destination are one pixmap, so an
 * overlapping copy reads the source as it was (X's CopyArea semantics).
 *
 * Boxes arrive clipped to the pixmap. Depth-1 pixmaps are bit rows, bit 0
 * of byte 0 the leftmost pixel, as X's LSB-first bitmaps.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/2d/gem2d_priv.h"

uint32_t g2d_raster_get(const struct g2d_raster *r, int x, int y)
{
	const uint8_t *row = r->bits + (size_t)y * (size_t)r->stride;
	switch (r->bpp) {
	case 1:
		return (row[x >> 3] >> (x & 7)) & 1;
	case 8:
		return row[x];
	case 16: {
		uint16_t v;
		memcpy(&v, row + 2 * x, 2);	/* caller memory may be unaligned */
		return v;
	}
	default: {
		uint32_t v;
		memcpy(&v, row + 4 * x, 4);
		return v;
	}
	}
}

void g2d_raster_put(const struct g2d_raster *r, int x, int y, uint32_t v)
{
	uint8_t *row = r->bits + (size_t)y * (size_t)r->stride;
	switch (r->bpp) {
	case 1:
		row[x >> 3] = (uint8_t)((row[x >> 3] & ~(1u << (x & 7))) | ((v & 1) << (x & 7)));
		break;
	case 8:
		row[x] = (uint8_t)v;
		break;
	case 16: {
		uint16_t w = (uint16_t)v;
		memcpy(row + 2 * x, &w, 2);
		break;
	}
	default:
		memcpy(row + 4 * x, &v, 4);
		break;
	}
}

/* A solid box: one and/xor pair for every pixel. */
static void solid_box(const struct g2d_raster *r, uint32_t and_, uint32_t xor_, const g2d_box *b)
{
	for (int y = b->y1; y < b->y2; y++) {
		uint8_t *row = r->bits + (size_t)y * (size_t)r->stride;
		int x = b->x1;
		switch (r->bpp) {
		case 8:
			if (and_ == 0 || (and_ & 0xff) == 0) {
				memset(row + x, (int)(xor_ & 0xff), (size_t)(b->x2 - x));
				break;
			}
			for (; x < b->x2; x++)
				row[x] = (uint8_t)((row[x] & and_) ^ xor_);
			break;
		case 16: {
			uint16_t *p = (uint16_t *)row;
			for (; x < b->x2; x++)
				p[x] = (uint16_t)((p[x] & and_) ^ xor_);
			break;
		}
		case 32: {
			uint32_t *p = (uint32_t *)row;
			if (and_ == 0) {
				for (; x < b->x2; x++)
					p[x] = xor_;
				break;
			}
			for (; x < b->x2; x++)
				p[x] = (p[x] & and_) ^ xor_;
			break;
		}
		default:
			for (; x < b->x2; x++) {
				uint32_t d = (row[x >> 3] >> (x & 7)) & 1;
				g2d_raster_put(r, x, y, (d & and_) ^ xor_);
			}
			break;
		}
	}
}

int g2d_cpu_fill_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n)
{
	struct g2d_raster d, t = { 0 };
	gem2d_pixmap *src = NULL;
	uint32_t pen = f->pen == G2D_PEN_FG ? f->fg : f->bg;
	int ret;
	if (!n)
		return 0;
	ret = g2d_pixmap_map(dst, &d);
	if (ret)
		return ret;
	if (f->fill_style == 1 /* FillTiled */)
		src = f->tile;
	else if (f->fill_style >= 2)
		src = f->stipple;
	if (src && src != dst) {
		ret = g2d_pixmap_map(src, &t);
		if (ret) {
			g2d_pixmap_unmap(dst);
			return ret;
		}
	} else if (src) {
		t = d;
	}
	if (!src) {
		uint32_t a, x;
		g2d_rop_and_xor(f->alu, pen, f->pm, &a, &x);
		for (size_t i = 0; i < n; i++)
			solid_box(&d, a, x, &boxes[i]);
	} else {
		for (size_t i = 0; i < n; i++) {
			const g2d_box *b = &boxes[i];
			for (int y = b->y1; y < b->y2; y++) {
				int sy = g2d_wrap(y - f->ts_y, t.height);
				for (int x = b->x1; x < b->x2; x++) {
					uint32_t s = g2d_raster_get(&t, g2d_wrap(x - f->ts_x, t.width), sy);
					if (f->fill_style == 1) {
						/* the tile's pixel */
					} else if (f->fill_style == 3) {
						s = s ? f->fg : f->bg;	/* opaque stipple */
					} else if (s) {
						s = pen;		/* stipple: set bits only */
					} else {
						continue;
					}
					g2d_raster_put(&d, x, y, g2d_rop(f->alu, s, g2d_raster_get(&d, x, y), f->pm));
				}
			}
		}
	}
	if (src && src != dst)
		g2d_pixmap_unmap(src);
	g2d_pixmap_unmap(dst);
	return 0;
}

int g2d_cpu_copy_boxes(gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t alu, uint32_t pm, int dx, int dy,
		       const g2d_box *boxes, size_t n)
{
	struct g2d_raster s, d;
	uint8_t *tmp = NULL;
	int ret, row_bias = 0;
	if (!n)
		return 0;
	ret = g2d_pixmap_map(dst, &d);
	if (ret)
		return ret;
	if (src != dst) {
		ret = g2d_pixmap_map(src, &s);
		if (ret) {
			g2d_pixmap_unmap(dst);
			return ret;
		}
	} else {
		/* Read the source as it was before the request: copy the
		 * source rows the boxes read into a temporary. */
		int y1 = boxes[0].y1, y2 = boxes[0].y2;
		for (size_t i = 1; i < n; i++) {
			y1 = boxes[i].y1 < y1 ? boxes[i].y1 : y1;
			y2 = boxes[i].y2 > y2 ? boxes[i].y2 : y2;
		}
		tmp = malloc((size_t)(y2 - y1) * (size_t)d.stride);
		if (!tmp) {
			g2d_pixmap_unmap(dst);
			return -ENOMEM;
		}
		memcpy(tmp, d.bits + (size_t)(y1 - dy) * (size_t)d.stride, (size_t)(y2 - y1) * (size_t)d.stride);
		s = d;
		s.bits = tmp;
		row_bias = y1 - dy;	/* tmp's first row is source row y1 - dy */
	}
	for (size_t i = 0; i < n; i++) {
		const g2d_box *b = &boxes[i];
		for (int y = b->y1; y < b->y2; y++)
			for (int x = b->x1; x < b->x2; x++) {
				uint32_t v = g2d_raster_get(&s, x - dx, y - dy - row_bias);
				g2d_raster_put(&d, x, y, g2d_rop(alu, v, g2d_raster_get(&d, x, y), pm));
			}
	}
	free(tmp);
	if (src != dst)
		g2d_pixmap_unmap(src);
	g2d_pixmap_unmap(dst);
	return 0;
}
