/* SPDX-License-Identifier: MIT */
/*
 * The test card (testcard.h). Commands are gathered in a CPU-side batch,
 * with a relocation for every surface address, and submitted on the blitter
 * ring; gen8+ command layouts (64-bit addresses). Every buffer object is
 * released before returning.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <i915_drm.h>

#include "intel_bufmgr.h"
#include "hwdefs/intel_commands.h"
#include "tools/font.h"
#include "tools/testcard.h"

#define DEPTH_32 ((uint32_t)INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT)

struct surf {
	drm_intel_bo *bo;
	uint32_t width, height, pitch, tiling;
};

struct batch {
	drm_intel_bufmgr *mgr;
	drm_intel_bo *bo;
	uint32_t dw[4096];
	unsigned n;
	unsigned commands;
	unsigned texts;		/* XY_TEXT_IMMEDIATE_BLT commands */
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int batch_begin(struct batch *b)
{
	b->bo = drm_intel_bo_alloc(b->mgr, "testcard batch", sizeof(b->dw), 4096);
	b->n = 0;
	return b->bo ? 0 : -1;
}

static void out(struct batch *b, uint32_t dw)
{
	b->dw[b->n++] = dw;
}

static int out_reloc(struct batch *b, struct surf *s, uint32_t delta, int write)
{
	uint64_t presumed = s->bo->offset64 + delta;
	int ret = drm_intel_bo_emit_reloc(b->bo, b->n * 4, s->bo, delta, I915_GEM_DOMAIN_RENDER,
					  write ? I915_GEM_DOMAIN_RENDER : 0);
	out(b, (uint32_t)presumed);
	out(b, (uint32_t)(presumed >> 32));
	return ret;
}

/* Submits on the blitter and waits; returns the time the GPU took (ms), or -1. */
static double batch_run(struct batch *b, struct surf *wait_for)
{
	out(b, MI_BATCH_BUFFER_END);
	if (b->n & 1)
		out(b, 0);
	double t0 = now_ms();
	if (drm_intel_bo_subdata(b->bo, 0, b->n * 4, b->dw) ||
	    drm_intel_bo_mrb_exec(b->bo, (int)(b->n * 4), NULL, 0, 0, I915_EXEC_BLT)) {
		fprintf(stderr, "demo: batch submission failed\n");
		drm_intel_bo_unreference(b->bo);
		b->bo = NULL;
		return -1;
	}
	drm_intel_bo_wait_rendering(wait_for->bo);
	double t = now_ms() - t0;
	drm_intel_bo_unreference(b->bo);
	b->bo = NULL;
	return t;
}

/* BCS_SWCTRL: which tiled operands are Y (bit 0 source, bit 1 destination). */
static void swctrl(struct batch *b, int src_y, int dst_y)
{
	out(b, MI_FLUSH_DW_GEN8);
	out(b, 0);
	out(b, 0);
	out(b, 0);
	out(b, MI_LOAD_REGISTER_IMM_N(1));
	out(b, INTEL_BCS_SWCTRL);
	out(b, INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y,
				  (src_y ? INTEL_BCS_SWCTRL_SRC_Y : 0) | (dst_y ? INTEL_BCS_SWCTRL_DST_Y : 0)));
}

static uint32_t pitch_field(const struct surf *s)
{
	return s->tiling ? s->pitch / 4 : s->pitch;
}

static void fill(struct batch *b, struct surf *d, int x, int y, int w, int h, uint32_t colour, uint8_t rop)
{
	out(b, XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | (d->tiling ? INTEL_BLT_DST_TILED : 0) | INTEL_LEN(7));
	out(b, DEPTH_32 | (uint32_t)rop << INTEL_BR13_ROP_SHIFT | pitch_field(d));
	out(b, INTEL_XY(x, y));
	out(b, INTEL_XY(x + w, y + h));
	out_reloc(b, d, 0, 1);
	out(b, colour);
	b->commands++;
}

static void copy(struct batch *b, struct surf *d, int dx, int dy, struct surf *s, int sx, int sy, int w, int h,
		 uint8_t rop)
{
	out(b, XY_SRC_COPY_BLT | INTEL_BLT_WRITE_RGBA | (s->tiling ? INTEL_BLT_SRC_TILED : 0) |
	       (d->tiling ? INTEL_BLT_DST_TILED : 0) | INTEL_LEN(10));
	out(b, DEPTH_32 | (uint32_t)rop << INTEL_BR13_ROP_SHIFT | pitch_field(d));
	out(b, INTEL_XY(dx, dy));
	out(b, INTEL_XY(dx + w, dy + h));
	out_reloc(b, d, 0, 1);
	out(b, INTEL_XY(sx, sy));
	out(b, pitch_field(s));
	out_reloc(b, s, 0, 0);
	b->commands++;
}

/*
 * Text at (x, y), each font pixel drawn as scale x scale, transparent background.
 * One XY_TEXT_IMMEDIATE_BLT carries at most 254 dwords of glyph bits, so a
 * long string goes in several commands.
 */
static void text(struct batch *b, struct surf *d, int x, int y, const char *str, uint32_t colour, int scale)
{
	size_t len = strlen(str);
	size_t per_cmd = 1016 / (size_t)(8 * scale * scale);
	uint32_t h = (uint32_t)(8 * scale);

	/* The setup: destination, clip to the surface, transparent mono source, colour. */
	out(b, XY_SETUP_BLT | INTEL_BLT_WRITE_RGBA | (d->tiling ? INTEL_BLT_DST_TILED : 0) | INTEL_LEN(10));
	out(b, INTEL_BR13_CLIP_ENABLE | INTEL_BR13_MONO_SRC_TRANSPARENT | DEPTH_32 |
	       0xccu << INTEL_BR13_ROP_SHIFT | pitch_field(d));
	out(b, INTEL_XY(0, 0));
	out(b, INTEL_XY(d->width, d->height));
	out_reloc(b, d, 0, 1);
	out(b, 0);		/* background (unused: transparent) */
	out(b, colour);		/* foreground */
	out(b, 0);		/* no colour pattern */
	out(b, 0);
	b->commands++;

	for (size_t first = 0; first < len; first += per_cmd) {
		size_t n = len - first < per_cmd ? len - first : per_cmd;
		uint32_t w = (uint32_t)(8 * scale * n);
		uint32_t row_bytes = (w + 7) / 8;
		uint32_t bytes = (row_bytes * h + 7) & ~7u;
		uint8_t data[1024];
		memset(data, 0, sizeof(data));
		for (size_t i = 0; i < n; i++) {
			uint8_t rows[8];
			font_glyph(str[first + i], rows);
			for (uint32_t gy = 0; gy < 8; gy++)
				for (uint32_t gx = 0; gx < 8; gx++)
					if (rows[gy] & (0x80 >> gx))
						for (int sy = 0; sy < scale; sy++)
							for (int sx = 0; sx < scale; sx++) {
								uint32_t px = (uint32_t)(i * 8 * scale + gx * scale + sx);
								uint32_t py = gy * scale + (uint32_t)sy;
								data[py * row_bytes + px / 8] |= (uint8_t)(0x80 >> (px % 8));
							}
		}
		int cx = x + (int)(first * 8 * scale);
		out(b, XY_TEXT_IMMEDIATE_BLT | INTEL_BLT_WRITE_RGBA | INTEL_BLT_TEXT_BYTE_PACKED |
		       (d->tiling ? INTEL_BLT_DST_TILED : 0) | INTEL_LEN(3 + bytes / 4));
		out(b, INTEL_XY(cx, y));
		out(b, INTEL_XY(cx + (int)w, y + (int)h));
		for (uint32_t i = 0; i < bytes; i += 4)
			out(b, (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 | (uint32_t)data[i + 2] << 16 |
			       (uint32_t)data[i + 3] << 24);
		b->texts++;
	}
}

static int surf_alloc(drm_intel_bufmgr *mgr, struct surf *s, const char *name, uint32_t w, uint32_t h,
		      uint32_t tiling)
{
	unsigned long pitch = 0;
	uint32_t t = tiling;
	s->bo = drm_intel_bo_alloc_tiled(mgr, name, w, h, 4, &t, &pitch, 0);
	if (!s->bo || t != tiling) {
		fprintf(stderr, "demo: cannot allocate %s\n", name);
		return -1;
	}
	s->width = w;
	s->height = h;
	s->pitch = (uint32_t)pitch;
	s->tiling = tiling;
	return 0;
}

int testcard_render(int fd, uint8_t *pixels)
{
	drm_intel_bufmgr *mgr = drm_intel_bufmgr_gem_init(fd, 16384);
	struct surf card = { 0 }, stripes = { 0 }, grad = { 0 }, ytile = { 0 }, user = { 0 };
	struct batch b = { .mgr = mgr };
	void *user_mem = NULL;
	int ret = -1;
	double t;

	if (!mgr) {
		fprintf(stderr, "demo: no i915 buffer manager on this device\n");
		return -1;
	}
	int devid = drm_intel_bufmgr_gem_get_devid(mgr);
	if (surf_alloc(mgr, &card, "card (X-tiled)", CARD_W, CARD_H, I915_TILING_X) ||
	    surf_alloc(mgr, &stripes, "stripes (linear)", 96, 96, I915_TILING_NONE) ||
	    surf_alloc(mgr, &grad, "gradient (linear)", 256, 128, I915_TILING_NONE) ||
	    surf_alloc(mgr, &ytile, "gradient (Y-tiled)", 256, 128, I915_TILING_Y))
		goto out;

	/* CPU-written sources: vertical stripes and a colour gradient. */
	double t0 = now_ms();
	uint32_t *px = malloc((size_t)256 * 128 * 4);
	if (!px)
		goto out;
	for (uint32_t y = 0; y < 96; y++)
		for (uint32_t x = 0; x < 96; x++)
			px[y * (stripes.pitch / 4) + x] = (x / 12) % 2 ? 0xffffffff : 0xff2060c0;
	drm_intel_bo_subdata(stripes.bo, 0, (unsigned long)stripes.pitch * 96, px);
	for (uint32_t y = 0; y < 128; y++)
		for (uint32_t x = 0; x < 256; x++)
			px[y * (grad.pitch / 4) + x] = 0xff000000 | x << 16 | (y * 2) << 8 | (255 - x);
	drm_intel_bo_subdata(grad.bo, 0, (unsigned long)grad.pitch * 128, px);
	free(px);

	/* An image in the program's own memory, handed to the GPU without a copy. */
	size_t user_size = 256 * 128 * 4;
	if (posix_memalign(&user_mem, 4096, user_size))
		goto out;
	uint32_t *u = user_mem;
	for (int y = 0; y < 128; y++)
		for (int x = 0; x < 256; x++) {
			int dx = x - 128, dy = (y - 64) * 2, r2 = dx * dx + dy * dy;
			u[y * 256 + x] = (r2 / 256) % 2 ? 0xffe0a020 : 0xff202020;
		}
	user.bo = drm_intel_bo_alloc_userptr(mgr, "userptr image", user_mem, I915_TILING_NONE, 1024,
					     user_size, 0);
	if (!user.bo) {
		fprintf(stderr, "demo: userptr objects are not available\n");
		goto out;
	}
	user.width = 256;
	user.height = 128;
	user.pitch = 1024;
	printf("sources prepared on the CPU in %.2f ms\n", now_ms() - t0);

	/* 1. Background, colour bars and frames. */
	static const uint32_t bars[8] = { 0xffc0c0c0, 0xffc0c000, 0xff00c0c0, 0xff00c000,
					  0xffc000c0, 0xffc00000, 0xff0000c0, 0xff101010 };
	if (batch_begin(&b))
		goto out;
	fill(&b, &card, 0, 0, CARD_W, CARD_H, 0xff282830, 0xf0);
	for (int i = 0; i < 8; i++)
		fill(&b, &card, 32 + i * 120, 72, 120, 160, bars[i], 0xf0);
	fill(&b, &card, 32, 240, 960, 4, 0xffffffff, 0xf0);
	if ((t = batch_run(&b, &card)) < 0)
		goto out;
	printf("fills: %u XY_COLOR_BLT in %.2f ms\n", b.commands, t);

	/* 2. The ROP showcase: each square starts two-tone, then the stripes go in with a ROP. */
	static const uint8_t rops[8] = { 0xcc, 0x66, 0x88, 0xee, 0x33, 0x55, 0x22, 0x00 };
	b.commands = 0;
	if (batch_begin(&b))
		goto out;
	for (int i = 0; i < 8; i++) {
		int x = 32 + i * 120;
		fill(&b, &card, x, 280, 96, 48, 0xff40a040, 0xf0);
		fill(&b, &card, x, 328, 96, 48, 0xffa04040, 0xf0);
		copy(&b, &card, x, 280, &stripes, 0, 0, 96, 96, rops[i]);
		char label[8];
		snprintf(label, sizeof(label), "%02X", rops[i]);
		for (char *c = label; *c; c++)
			if (*c >= 'a' && *c <= 'z')
				*c = (char)(*c - 'a' + 'A');
		text(&b, &card, x + 32, 384, label, 0xffffffff, 2);
	}
	if ((t = batch_run(&b, &card)) < 0)
		goto out;
	printf("ROP showcase: %u commands (8 ROPs over two-tone squares) in %.2f ms\n", b.commands, t);

	/* 3. Tiling: linear -> Y-tiled -> X-tiled card, and the userptr image. */
	b.commands = 0;
	if (batch_begin(&b))
		goto out;
	swctrl(&b, 0, 1);
	copy(&b, &ytile, 0, 0, &grad, 0, 0, 256, 128, 0xcc);
	swctrl(&b, 1, 0);
	copy(&b, &card, 32, 440, &ytile, 0, 0, 256, 128, 0xcc);
	swctrl(&b, 0, 0);
	copy(&b, &card, 320, 440, &user, 0, 0, 256, 128, 0xcc);
	copy(&b, &card, 608, 440, &card, 32, 440, 128, 128, 0x66);	/* within the card itself */
	if ((t = batch_run(&b, &card)) < 0)
		goto out;
	printf("copies: linear->Y, Y->X, userptr->X, X->X (xor): %u blits in %.2f ms\n", b.commands, t);

	/* 4. Text. */
	char line[64];
	snprintf(line, sizeof(line), "DEVICE 0X%04X", devid);
	b.commands = 0;
	if (batch_begin(&b))
		goto out;
	text(&b, &card, 32, 16, "LIBDRM-GEM TEST CARD", 0xffffffff, 4);
	text(&b, &card, 32, 600, "BLITTER: FILL ROP COPY TEXT", 0xffe0e0e0, 3);
	text(&b, &card, 32, 648, "LINEAR / X / Y / USERPTR", 0xffe0e0e0, 3);
	text(&b, &card, 32, 696, line, 0xffa0ffa0, 3);
	if ((t = batch_run(&b, &card)) < 0)
		goto out;
	printf("text: %u XY_TEXT_IMMEDIATE_BLT commands in %.2f ms\n", b.texts, t);

	/* Read back through the GTT map: the card detiled. */
	t0 = now_ms();
	if (drm_intel_gem_bo_map_gtt(card.bo)) {
		fprintf(stderr, "demo: cannot map the card\n");
		goto out;
	}
	for (int y = 0; y < CARD_H; y++)
		memcpy(pixels + (size_t)y * CARD_W * 4, (uint8_t *)card.bo->virtual + (size_t)y * card.pitch,
		       CARD_W * 4);
	drm_intel_gem_bo_unmap_gtt(card.bo);
	printf("read back %dx%d through the GTT view in %.2f ms\n", CARD_W, CARD_H, now_ms() - t0);
	ret = 0;
out:
	if (b.bo)
		drm_intel_bo_unreference(b.bo);
	drm_intel_bo_unreference(card.bo);
	drm_intel_bo_unreference(stripes.bo);
	drm_intel_bo_unreference(grad.bo);
	drm_intel_bo_unreference(ytile.bo);
	drm_intel_bo_unreference(user.bo);
	drm_intel_bufmgr_destroy(mgr);
	free(user_mem);
	return ret;
}
