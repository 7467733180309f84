/* SPDX-License-Identifier: MIT */
/*
 * Private to the batch decoder (decode.c, decode_mi_blt.c, decode_3d.c).
 *
 * A struct drm_intel_decode is allocated by drm_intel_decode_context_alloc()
 * and freed by drm_intel_decode_context_free(); it points at, but never owns,
 * the caller's batch and output stream. Each drm_intel_decode() call copies
 * the batch into a scratch buffer with DECODE_PAD dwords of 0xd0d0d0d0 behind
 * it and frees it before returning; all state lives in the context, so
 * contexts on different threads do not interfere (libdrm used globals).
 */
#ifndef INTEL_DECODE_PRIV_H
#define INTEL_DECODE_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libdrm_macros.h"

#define DECODE_PAD 1024u	/* dwords of 0xd0 filler after the batch */

struct drm_intel_decode {
	FILE *out;			/* NULL means stdout at decode time */
	uint32_t devid;
	int gen;

	const uint32_t *base_data;	/* the caller's batch */
	uint32_t base_hw_offset;
	uint32_t base_count;		/* dwords */
	uint32_t head, tail;		/* GPU addresses tagged HEAD / TAIL */
	bool dump_past_end;

	/* during drm_intel_decode() */
	FILE *f;
	const uint32_t *data;		/* current packet in the scratch copy */
	uint32_t hw_offset;		/* its GPU address */
	uint32_t count;			/* dwords left in the batch from it */
	bool overflowed;
};

/* Dword i of the current packet; 0xd0d0d0d0 past the filler, never a wild read. */
static inline uint32_t dw(const struct drm_intel_decode *ctx, uint32_t i)
{
	return i < ctx->count + DECODE_PAD ? ctx->data[i] : 0xd0d0d0d0u;
}

/* One line for dword index of the current packet, in libdrm's layout. */
void decode_out(struct drm_intel_decode *ctx, unsigned index, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Lines "dword N" for dwords from..len-1. */
void decode_out_dwords(struct drm_intel_decode *ctx, unsigned from, unsigned len);

/* Each returns the packet length in dwords (>= 1); decode_mi returns -1 at
 * MI_BATCH_BUFFER_END. */
int decode_mi(struct drm_intel_decode *ctx);
int decode_2d(struct drm_intel_decode *ctx);
int decode_3d(struct drm_intel_decode *ctx);

#endif
