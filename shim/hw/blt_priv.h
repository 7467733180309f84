/* SPDX-License-Identifier: MIT */
/*
 * Internals of the blitter core shared by hw/blt_exec.c (decoding),
 * hw/blt_surf.c (surfaces and the execution engine), hw/blt_rop.c (ROP3 and byte
 * masks) and hw/blt_mono.c (mono expansion and patterns). Everything here lives
 * for one shim_blt_execute() call: a struct blt_surf points into memory that
 * the translate() callback vouched for during that call only.
 */
#ifndef SHIM_BLT_PRIV_H
#define SHIM_BLT_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "hw/blt.h"
#include "hw/tiling.h"

/*
 * A colour surface as the engine addresses it: byte column xb (x * cpp) of
 * row y. Only bytes inside the extent that was translated are ever touched.
 */
struct blt_surf {
	uint8_t *base;		/* host address of offset 0 (linear: pixel (0,0); fenced: fence start) */
	int64_t lin0;		/* fenced: fence-linear offset of (0, 0) */
	int32_t pitch;		/* bytes; negative only when linear/fenced */
	uint32_t fpitch;	/* fenced: fence pitch in bytes */
	uint32_t tw;		/* contiguous run granule in bytes; 0 = linear */
	uint32_t step;		/* gen4+ tiled: host distance between consecutive runs of a row */
	uint8_t tiling;		/* enum shim_tiling */
	uint8_t swizzle;	/* I915_BIT_6_SWIZZLE_*: tiled surfaces on platforms that swizzle */
	bool fenced;
	uint8_t gen;
	uint8_t *lo, *hi;	/* the translated extent [lo, hi) */
};

/* Host address of byte (xb, y) and, in *run, how many bytes from there are contiguous. */
static inline uint8_t *blt_surf_swizzled(const struct blt_surf *s, uint8_t *p, uint32_t *run)
{
	/* The pages hold what the CPU sees: bit 6 of the address swizzled
	 * (i915_gem_tiling.c); the engine addresses the unswizzled layout.
	 * Runs end at 64-byte blocks, which the swizzle moves whole. */
	uint32_t in_block = 64 - (uint32_t)((uintptr_t)p & 63);
	if (*run > in_block)
		*run = in_block;
	return (uint8_t *)(uintptr_t)shim_swizzle((uintptr_t)p, s->swizzle);
}

static inline uint8_t *blt_surf_ptr(const struct blt_surf *s, int64_t xb, int64_t y, uint32_t *run)
{
	if (!s->tw) {
		*run = UINT32_MAX;
		return s->base + y * s->pitch + xb;
	}
	if (s->fenced) {
		uint64_t l = (uint64_t)(s->lin0 + y * s->pitch + xb);
		uint8_t *p;
		*run = s->tw - (uint32_t)(l % s->tw);
		p = s->base + shim_tiled_offset(s->gen, (enum shim_tiling)s->tiling, s->fpitch,
						(uint32_t)(l % s->fpitch), (uint32_t)(l / s->fpitch));
		return s->swizzle ? blt_surf_swizzled(s, p, run) : p;
	}
	*run = s->tw - (uint32_t)((uint64_t)xb % s->tw);
	uint8_t *p = s->base + shim_tiled_offset(s->gen, (enum shim_tiling)s->tiling, (uint32_t)s->pitch,
						 (uint32_t)xb, (uint32_t)y);
	return s->swizzle ? blt_surf_swizzled(s, p, run) : p;
}

/*
 * Maps a surface: translates the extent covering byte columns [xb0, xb1)
 * of rows [y0, y1) (non-empty) of the surface at addr. pitch in bytes.
 * tiling applies on gen4+ (from the command); on gen2/3 the range's fence
 * decides. 0, -EFAULT or -EINVAL (impossible tiled geometry).
 */
int blt_surf_map(struct blt_surf *s, const struct shim_gpu_vm *vm, const struct shim_blt_state *st,
		 uint64_t addr, int32_t pitch, enum shim_tiling tiling, int64_t xb0, int64_t xb1, int64_t y0,
		 int64_t y1, bool write);

/* Translates a plain linear byte range (mono source, pattern): host pointer or NULL on a fault. */
const uint8_t *blt_map_bytes(const struct shim_gpu_vm *vm, uint64_t addr, uint64_t len);

enum blt_src_kind { BLT_SRC_SOLID, BLT_SRC_SURF, BLT_SRC_MONO };
enum blt_pat_kind { BLT_PAT_SOLID, BLT_PAT_COLOR, BLT_PAT_MONO };

/* One rectangle operation, clipped, with every surface mapped. */
struct blt_op {
	struct blt_surf dst;
	int32_t x1, y1, x2, y2;		/* clipped destination rectangle, pixels */
	uint32_t cpp;
	uint8_t rop;
	uint32_t bytemask;		/* 32bpp: bit k = write byte k of a pixel (else all ones) */

	enum blt_src_kind skind;
	uint32_t s_solid;
	struct blt_surf src;
	int32_t sx, sy;			/* source pixel of (x1, y1) */
	/* mono source: bit of pixel (x, y) = mono_bit0 + (y - mono_y0) * mono_row_bits + (x - mono_x0) */
	const uint8_t *mono;
	uint64_t mono_bit0, mono_row_bits;
	int32_t mono_x0, mono_y0;
	uint32_t fg, bg;
	bool src_transparent;

	enum blt_pat_kind pkind;
	uint32_t p_solid;
	const uint8_t *cpat;		/* 8x8 colour pattern, rows of 8 * cpp bytes */
	uint8_t mpat[8];		/* mono pattern rows, MSB = column 0 */
	uint32_t pfg, pbg;
	bool pat_transparent;
	unsigned hseed, vseed;
	uint64_t deadline_ns;		/* struct shim_blt_state's */
};

/* Every 64th row: is the operation past its deadline (the engine's hangcheck)? */
static inline bool blt_overdue(const struct blt_op *op, uint64_t row)
{
	if (!op->deadline_ns || (row & 63) != 63)
		return false;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec > op->deadline_ns;
}

/* Runs an op. 0, -ENOMEM, -ETIME past op->deadline_ns (what it wrote stays written), or
 * -EFAULT when a surface page could not be reached (the caller's fault guard expected that
 * fault: base/fault_guard.h). */
int blt_run(const struct blt_op *op);

/* ROP3 (hw/blt_rop.c). */
static inline bool blt_rop_uses_p(uint8_t rop) { return (rop >> 4) != (rop & 15); }
static inline bool blt_rop_uses_s(uint8_t rop) { return ((rop >> 2) & 0x33) != (rop & 0x33); }
static inline bool blt_rop_uses_d(uint8_t rop) { return ((rop >> 1) & 0x55) != (rop & 0x55); }
/* out[i] = rop(p[i], s[i], d[i]) bitwise for n bytes; out may alias d. */
void blt_rop_bytes(uint8_t rop, uint8_t *out, const uint8_t *p, const uint8_t *s, const uint8_t *d,
		   size_t n);
/* The ROP of one 32-bit value. */
uint32_t blt_rop32(uint8_t rop, uint32_t p, uint32_t s, uint32_t d);
/* out[i] = (out[i] & m[i]) | (d[i] & ~m[i]) */
void blt_merge_bytes(uint8_t *out, const uint8_t *d, const uint8_t *m, size_t n);
/* Replicates the low cpp bytes of colour (little endian) across n bytes. */
void blt_fill_colour(uint8_t *buf, uint32_t colour, uint32_t cpp, size_t n);
/* Stores n bytes at p, byte k being byte k % 8 of pat (little endian), with wide stores. */
void blt_fill_pattern(uint8_t *p, size_t n, uint64_t pat);
/* pat as seen from its byte k on: pat rotated right by k % 8 bytes. */
static inline uint64_t blt_pattern_from(uint64_t pat, uint64_t k)
{
	unsigned r = (unsigned)(k % 8) * 8;
	return r ? pat >> r | pat << (64 - r) : pat;
}

/* Mono expansion and patterns (hw/blt_mono.c), for pixels x1..x1+w-1 of row y. */
/* bits[i] = mono source bit of pixel x1 + i. */
void blt_mono_src_bits(const struct blt_op *op, int32_t x1, int32_t y, uint32_t w, uint8_t *bits);
/* Expands bits to fg/bg pixels. */
void blt_expand(uint8_t *out, const uint8_t *bits, uint32_t w, uint32_t cpp, uint32_t fg, uint32_t bg);
/* Pattern pixels of the row into out; if pbits, also the mono pattern bits. */
void blt_pattern_row(const struct blt_op *op, int32_t x1, int32_t y, uint32_t w, uint8_t *out,
		     uint8_t *pbits);
/* m (w * cpp bytes) &= 0 for pixels whose bit is 0. */
void blt_mask_bits(uint8_t *m, const uint8_t *bits, uint32_t w, uint32_t cpp);

#endif
