/* SPDX-License-Identifier: MIT */
/*
 * The open batch's drawing, op by op (a fill of boxes, a copy of boxes),
 * kept until the batch is submitted. If the execbuffer fails (a wedged GPU,
 * a banned context) the device turns to the CPU for good, and these ops are
 * drawn again on the CPU in the same order, so the pixels are those the
 * blitter would have drawn. Ops that draw through caller memory (put and
 * get image) submit and wait before returning and are not noted: when
 * their submit fails they fall back to the CPU themselves, after the
 * replay of what came before them.
 *
 * The ops point at pixmaps: destroying a pixmap an op uses submits the batch
 * first (pixmap.c), so a replay never meets a freed pixmap.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/2d/gem2d_priv.h"

struct g2d_op {
	bool copy;
	uint8_t *plane;		/* CopyPlane: a byte per pixel of [px, px + pw) x [py, ...), owned */
	int32_t px, py, pw;
	gem2d_pixmap *src, *dst;
	struct g2d_fill fill;
	uint8_t alu;
	int dx, dy;
	size_t first, n;	/* in op_boxes */
};

static struct g2d_op *new_op(gem2d_device *dev, const g2d_box *boxes, size_t n)
{
	struct g2d_batch *b = &dev->batch;
	size_t first = b->op_boxes.n;
	if (b->nops == b->capops) {
		size_t cap = b->capops ? b->capops * 2 : 64;
		struct g2d_op *ops = realloc(b->ops, cap * sizeof(*ops));
		if (!ops)
			return NULL;
		b->ops = ops;
		b->capops = cap;
	}
	for (size_t i = 0; i < n; i++)
		g2d_boxes_add(&b->op_boxes, boxes[i].x1, boxes[i].y1, boxes[i].x2, boxes[i].y2);
	if (b->op_boxes.err) {
		b->op_boxes.err = 0;
		b->op_boxes.n = first;
		return NULL;
	}
	struct g2d_op *op = &b->ops[b->nops++];
	op->plane = NULL;
	op->first = first;
	op->n = b->op_boxes.n - first;
	return op;
}

/* Without memory to note an op, submit the batch at once, so that the
 * earlier ops can still be replayed if it fails. The unnoted op itself is
 * then lost with the GPU: out of memory and a wedge at the same time. */
static void note_failed(gem2d_device *dev)
{
	g2d_batch_submit(dev);
}

void g2d_replay_note_fill(gem2d_device *dev, gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes,
			  size_t n)
{
	struct g2d_op *op = new_op(dev, boxes, n);
	if (!op) {
		note_failed(dev);
		return;
	}
	op->copy = false;
	op->src = NULL;
	op->dst = dst;
	op->fill = *f;
}

void g2d_replay_note_copy(gem2d_device *dev, gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t alu, int dx, int dy,
			  const g2d_box *boxes, size_t n)
{
	struct g2d_op *op = new_op(dev, boxes, n);
	if (!op) {
		note_failed(dev);
		return;
	}
	op->copy = true;
	op->src = src;
	op->dst = dst;
	op->alu = alu;
	op->dx = dx;
	op->dy = dy;
}

void g2d_replay_note_plane(gem2d_device *dev, gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes,
			   size_t n, const uint8_t *bits, int32_t x1, int32_t y1, int32_t w, int32_t h)
{
	uint8_t *copy = malloc((size_t)w * (size_t)h);
	struct g2d_op *op = copy ? new_op(dev, boxes, n) : NULL;
	if (!op) {
		free(copy);
		note_failed(dev);
		return;
	}
	memcpy(copy, bits, (size_t)w * (size_t)h);
	op->copy = false;
	op->src = NULL;
	op->dst = dst;
	op->fill = *f;
	op->plane = copy;
	op->px = x1;
	op->py = y1;
	op->pw = w;
}

/* CopyPlane's pixels on the CPU: foreground where the plane is set. */
static void plane_cpu(const struct g2d_op *op, const g2d_box *bx)
{
	struct g2d_raster d;
	if (g2d_pixmap_map(op->dst, &d))
		return;
	for (size_t i = 0; i < op->n; i++)
		for (int32_t y = bx[i].y1; y < bx[i].y2; y++)
			for (int32_t x = bx[i].x1; x < bx[i].x2; x++) {
				uint32_t v = op->plane[(size_t)(y - op->py) * (size_t)op->pw + (size_t)(x - op->px)]
						     ? op->fill.fg
						     : op->fill.bg;
				g2d_raster_put(&d, x, y, g2d_rop(op->fill.alu, v, g2d_raster_get(&d, x, y), op->fill.pm));
			}
	g2d_pixmap_unmap(op->dst);
}

static void free_planes(struct g2d_op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(ops[i].plane);
}

bool g2d_replay_uses(const gem2d_device *dev, const gem2d_pixmap *pix)
{
	const struct g2d_batch *b = &dev->batch;
	for (size_t i = 0; i < b->nops; i++) {
		const struct g2d_op *op = &b->ops[i];
		if (op->dst == pix || op->src == pix || (!op->copy && (op->fill.tile == pix || op->fill.stipple == pix)))
			return true;
	}
	return false;
}

void g2d_replay_forget(gem2d_device *dev)
{
	free_planes(dev->batch.ops, dev->batch.nops);
	dev->batch.nops = 0;
	g2d_boxes_reset(&dev->batch.op_boxes);
}

void g2d_replay_run(gem2d_device *dev)
{
	struct g2d_batch *b = &dev->batch;
	struct g2d_op *ops = b->ops;
	size_t nops = b->nops;
	struct g2d_boxes boxes = b->op_boxes;
	/* Detach first: the CPU path maps pixmaps, which must not find these
	 * ops (or a batch) pending. */
	b->ops = NULL;
	b->nops = b->capops = 0;
	b->op_boxes = (struct g2d_boxes)G2D_BOXES_INIT;
	for (size_t i = 0; i < nops; i++) {
		const struct g2d_op *op = &ops[i];
		const g2d_box *bx = boxes.box + op->first;
		if (op->plane)
			plane_cpu(op, bx);
		else if (op->copy)
			g2d_cpu_copy_boxes(op->src, op->dst, op->alu, g2d_depth_mask(op->dst->depth), op->dx, op->dy, bx,
					   op->n);
		else
			g2d_cpu_fill_boxes(op->dst, &op->fill, bx, op->n);
	}
	free_planes(ops, nops);
	free(ops);
	g2d_boxes_fini(&boxes);
}

void g2d_replay_fini(gem2d_device *dev)
{
	free_planes(dev->batch.ops, dev->batch.nops);
	free(dev->batch.ops);
	dev->batch.ops = NULL;
	dev->batch.nops = dev->batch.capops = 0;
	g2d_boxes_fini(&dev->batch.op_boxes);
}
