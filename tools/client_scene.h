/* SPDX-License-Identifier: MIT */
/*
 * What a demo client draws in one frame, as a list of operations that both
 * tools/client (with GLES) and the demo's reference (with the CPU) execute:
 * the same list gives the same pixels, which is how the demo is tested.
 *
 * Coordinates are buffer coordinates: x to the right, y down the rows of
 * the buffer in memory (GL's window y, since a texture's first row is its
 * y = 0). Pixels are ARGB8888 (B, G, R, A bytes), the format the clients
 * share. Every operation lies inside the frame and the sprite sheet: the
 * list is clipped when it is made.
 */
#ifndef TOOLS_CLIENT_SCENE_H
#define TOOLS_CLIENT_SCENE_H

#include <stdbool.h>
#include <stdint.h>

/* The sprite sheet: four 64x64 sprites on the top row, a 256x64 strip that
 * is uploaded again every frame below them. */
#define SCENE_SHEET_W 256
#define SCENE_SHEET_H 128
#define SCENE_SPRITE 64
#define SCENE_STRIP_Y 64

enum scene_op_kind {
	SCENE_CLEAR,		/* scissored clear of dst to color */
	SCENE_UPLOAD,		/* the strip of the sheet, from scene_strip_pixels */
	SCENE_BLIT,		/* sheet src -> frame dst, 1:1, flipped vertically if flip */
	SCENE_COPY,		/* sheet src -> frame dst, CopyImageSubData */
};

struct scene_rect {
	int x, y, w, h;
};

struct scene_op {
	enum scene_op_kind kind;
	struct scene_rect dst;		/* CLEAR, BLIT, COPY: in the frame; UPLOAD: in the sheet */
	int src_x, src_y;		/* BLIT, COPY: in the sheet */
	bool flip;
	uint32_t color;			/* CLEAR: ARGB */
};

#define SCENE_MAX_OPS 64
#define SCENE_KINDS 3

/* A triangle wave: 0 .. span .. 0 as t grows (0 for span <= 0), the
 * demo's integer animation curve. */
int scene_tri(uint64_t t, int span);

/* The operations of frame `frame` (60 per second of animation) of a client
 * of kind `kind` (0 .. SCENE_KINDS-1) whose buffers are width x height.
 * Returns how many were written to ops (at most SCENE_MAX_OPS). */
int scene_frame_ops(int kind, int width, int height, uint64_t frame, struct scene_op *ops);

/* The sheet's pixels as first uploaded (rows of SCENE_SHEET_W pixels). */
void scene_sheet_pixels(uint32_t *pixels);

/* The strip's pixels for a frame (SCENE_SHEET_W x 64 ARGB pixels). */
void scene_strip_pixels(uint64_t frame, uint32_t *pixels);

/* The CPU rendition: runs ops on a frame and on a sheet (which UPLOAD changes). */
void scene_render_cpu(const struct scene_op *ops, int n, uint64_t frame, uint32_t *frame_px,
		      int frame_stride_px, uint32_t *sheet);

#endif
