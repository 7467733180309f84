/* SPDX-License-Identifier: MIT */
/*
 * Tiled surface layouts (doc/blitter.md §8–9): where byte (x, y) of a
 * surface lives in its object, for linear, X and Y tiling, as the GPU sees
 * it, and the bit-6 swizzle a CPU reader of the raw pages must apply.
 * Pure functions: no state, no allocation.
 */
#ifndef SHIM_TILING_H
#define SHIM_TILING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum shim_tiling { SHIM_TILING_NONE = 0, SHIM_TILING_X = 1, SHIM_TILING_Y = 2 };

struct shim_tile_geometry {
	uint32_t width;		/* bytes per tile row */
	uint32_t height;	/* rows per tile */
};

/* The tile shape of a tiling mode on a generation (gen2 X tiles are 128 B x 16). */
struct shim_tile_geometry shim_tile_geometry(unsigned gen, enum shim_tiling tiling);

/* Offset of byte column xb (x * cpp) of row y in a surface of the given pitch. */
static inline uint64_t shim_tiled_offset(unsigned gen, enum shim_tiling tiling, uint32_t pitch,
					 uint32_t xb, uint32_t y)
{
	switch (tiling) {
	case SHIM_TILING_X:
		if (gen == 2)
			return (uint64_t)(y / 16) * pitch * 16 + (uint64_t)(xb / 128) * 2048 +
			       (y % 16) * 128 + (xb % 128);
		return (uint64_t)(y / 8) * pitch * 8 + (uint64_t)(xb / 512) * 4096 +
		       (y % 8) * 512 + (xb % 512);
	case SHIM_TILING_Y:
		return (uint64_t)(y / 32) * pitch * 32 + (uint64_t)(xb / 128) * 4096 +
		       ((xb % 128) / 16) * 512 + (y % 32) * 16 + (xb % 16);
	default:
		return (uint64_t)y * pitch + xb;
	}
}

/* The address a CPU reader of the raw pages finds offset a at, under an I915_BIT_6_SWIZZLE_* mode. */
uint64_t shim_swizzle(uint64_t a, uint32_t swizzle_mode);

/*
 * Copies between a tiled object's pages, as a CPU sees them (tiled, then
 * bit-6 swizzled by swizzle_mode), and the linear view of the same bytes (the
 * GTT view): the object is read as rows of `pitch` bytes, each row scattered
 * by the tiling. Only whole tile rows inside size are touched.
 */
void shim_detile(unsigned gen, enum shim_tiling tiling, uint32_t swizzle_mode, uint32_t pitch,
		 uint64_t size, const uint8_t *tiled, uint8_t *linear);
void shim_retile(unsigned gen, enum shim_tiling tiling, uint32_t swizzle_mode, uint32_t pitch,
		 uint64_t size, const uint8_t *linear, uint8_t *tiled);
/*
 * Writes back only what changed in a linear view: where linear differs from
 * base (the same view as it was when last made from the pages), linear's
 * bytes go to their place in the tiled pages; every other byte of the pages
 * keeps what it holds, so writes made meanwhile straight into the pages
 * survive. Same range rules as shim_retile.
 */
void shim_retile_changes(unsigned gen, enum shim_tiling tiling, uint32_t swizzle_mode, uint32_t pitch,
			 uint64_t size, const uint8_t *linear, const uint8_t *base, uint8_t *tiled);

#endif
