/* SPDX-License-Identifier: MIT */
/*
 * Tiled layouts (hw/tiling.h). Detiling walks whole tiles: each tile row of a
 * tile is one contiguous run in both views (X: 512 B rows; Y: 16 B columns),
 * so the copies are memcpy of those runs.
 */
#include "config.h"

#include <string.h>
#include <i915_drm.h>

#include "hw/tiling.h"

struct shim_tile_geometry shim_tile_geometry(unsigned gen, enum shim_tiling tiling)
{
	switch (tiling) {
	case SHIM_TILING_X:
		return gen == 2 ? (struct shim_tile_geometry){ 128, 16 } : (struct shim_tile_geometry){ 512, 8 };
	case SHIM_TILING_Y:
		return (struct shim_tile_geometry){ 128, 32 };
	default:
		return (struct shim_tile_geometry){ 1, 1 };
	}
}

uint64_t shim_swizzle(uint64_t a, uint32_t mode)
{
	uint64_t bit;
	switch (mode) {
	case I915_BIT_6_SWIZZLE_9:
		bit = a >> 9;
		break;
	case I915_BIT_6_SWIZZLE_9_10:
		bit = (a >> 9) ^ (a >> 10);
		break;
	case I915_BIT_6_SWIZZLE_9_11:
		bit = (a >> 9) ^ (a >> 11);
		break;
	case I915_BIT_6_SWIZZLE_9_10_11:
		bit = (a >> 9) ^ (a >> 10) ^ (a >> 11);
		break;
	default:
		return a;
	}
	return a ^ ((bit & 1) << 6);
}

/*
 * Calls copy(linear_off, raw_off, len) for every contiguous run of the
 * surface. Runs never cross a 64-byte block, so swizzling (which moves whole
 * 64-byte blocks) applies to a run as a whole.
 */
static void walk(unsigned gen, enum shim_tiling tiling, uint32_t swizzle, uint32_t pitch, uint64_t size,
		 void (*copy)(void *ctx, uint64_t lin, uint64_t til, uint32_t len), void *ctx)
{
	struct shim_tile_geometry g = shim_tile_geometry(gen, tiling);
	if (tiling == SHIM_TILING_NONE || !pitch || pitch % g.width)
		return;
	uint64_t row_bytes = (uint64_t)pitch * g.height;
	uint64_t rows = size / row_bytes * g.height;	/* whole tile rows only */
	uint32_t run = tiling == SHIM_TILING_Y ? 16 : g.width;
	if (swizzle != I915_BIT_6_SWIZZLE_NONE && run > 64)
		run = 64;
	for (uint64_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb += run)
			copy(ctx, y * pitch + xb,
			     shim_swizzle(shim_tiled_offset(gen, tiling, pitch, xb, (uint32_t)y), swizzle), run);
}

struct pair {
	const uint8_t *src;
	uint8_t *dst;
};

static void to_linear(void *ctx, uint64_t lin, uint64_t til, uint32_t len)
{
	struct pair *p = ctx;
	memcpy(p->dst + lin, p->src + til, len);
}

static void to_tiled(void *ctx, uint64_t lin, uint64_t til, uint32_t len)
{
	struct pair *p = ctx;
	memcpy(p->dst + til, p->src + lin, len);
}

void shim_detile(unsigned gen, enum shim_tiling tiling, uint32_t swizzle_mode, uint32_t pitch,
		 uint64_t size, const uint8_t *tiled, uint8_t *linear)
{
	struct pair p = { tiled, linear };
	walk(gen, tiling, swizzle_mode, pitch, size, to_linear, &p);
}

void shim_retile(unsigned gen, enum shim_tiling tiling, uint32_t swizzle_mode, uint32_t pitch,
		 uint64_t size, const uint8_t *linear, uint8_t *tiled)
{
	struct pair p = { linear, tiled };
	walk(gen, tiling, swizzle_mode, pitch, size, to_tiled, &p);
}

struct changes {
	const uint8_t *linear;
	const uint8_t *base;
	uint8_t *tiled;
};

static void changed_to_tiled(void *ctx, uint64_t lin, uint64_t til, uint32_t len)
{
	struct changes *c = ctx;
	const uint8_t *now = c->linear + lin, *was = c->base + lin;
	if (memcmp(now, was, len) == 0)
		return;
	for (uint32_t i = 0; i < len; i++)
		if (now[i] != was[i])
			c->tiled[til + i] = now[i];
}

void shim_retile_changes(unsigned gen, enum shim_tiling tiling, uint32_t swizzle_mode, uint32_t pitch,
			 uint64_t size, const uint8_t *linear, const uint8_t *base, uint8_t *tiled)
{
	struct changes c = { linear, base, tiled };
	walk(gen, tiling, swizzle_mode, pitch, size, changed_to_tiled, &c);
}
