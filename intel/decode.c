/* SPDX-License-Identifier: MIT */
/*
 * The batch decoder's public API: drm_intel_decode_context_alloc/_free, the
 * setters, and drm_intel_decode(), which walks a batch packet by packet and
 * hands each to the MI, 2D or 3D decoder (decode_mi_blt.c, decode_3d.c).
 *
 * Output follows libdrm 2.4.114 (spec §13): one line per dword,
 * "0x%08x: TAG  0x%08x: description", TAG being HEAD, TAIL or four spaces,
 * later dwords of a packet indented by three spaces; diagnostics ("Bad
 * length", "Bad count", "... UNKNOWN", the one-time "ERROR: Decode attempted
 * to continue beyond end of batchbuffer") on the same stream; a flush after
 * every packet. The batch is decoded from a private copy padded with
 * 0xd0d0d0d0, so a packet that claims to run past the end shows filler and
 * never reads beyond the caller's buffer.
 *
 * Lifetimes: see decode_priv.h. An unknown device id gives NULL, as in
 * 2.4.114. Every entry point accepts NULL and then does nothing.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "intel/bufmgr_priv.h"
#include "intel/decode_priv.h"
#include "hwdefs/intel_commands.h"

void decode_out(struct drm_intel_decode *ctx, unsigned index, const char *fmt, ...)
{
	uint32_t addr = ctx->hw_offset + index * 4;
	const char *tag = "    ";
	va_list va;

	/* libdrm prints the first dword past the end (filler), then stops once. */
	if (index > ctx->count) {
		if (!ctx->overflowed) {
			fprintf(ctx->f, "ERROR: Decode attempted to continue beyond end of "
				"batchbuffer\n");
			ctx->overflowed = true;
		}
		return;
	}
	if (addr == ctx->head)
		tag = "HEAD";
	else if (addr == ctx->tail)
		tag = "TAIL";
	fprintf(ctx->f, "0x%08x: %s 0x%08x: %s", addr, tag, dw(ctx, index),
		index == 0 ? "" : "   ");
	va_start(va, fmt);
	vfprintf(ctx->f, fmt, va);
	va_end(va);
}

void decode_out_dwords(struct drm_intel_decode *ctx, unsigned from, unsigned len)
{
	for (unsigned i = from; i < len; i++) {
		if (i > ctx->count)
			break;
		decode_out(ctx, i, "dword %u\n", i);
	}
	if (len > ctx->count + 1)
		decode_out(ctx, ctx->count + 1, "\n");	/* reports the overrun once */
}

drm_public struct drm_intel_decode *drm_intel_decode_context_alloc(uint32_t devid)
{
	struct drm_intel_decode *ctx;
	int gen = intel_chipset_gen(devid);

	if (!gen)
		return NULL;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	ctx->devid = devid;
	ctx->gen = gen;
	return ctx;	/* output stdout, head = tail = 0, dump-past-end off */
}

drm_public void drm_intel_decode_context_free(struct drm_intel_decode *ctx)
{
	free(ctx);
}

drm_public void drm_intel_decode_set_dump_past_end(struct drm_intel_decode *ctx,
						   int dump_past_end)
{
	if (ctx)
		ctx->dump_past_end = dump_past_end != 0;
}

drm_public void drm_intel_decode_set_batch_pointer(struct drm_intel_decode *ctx, void *data,
						   uint32_t hw_offset, int count)
{
	if (!ctx)
		return;
	ctx->base_data = data;
	ctx->base_hw_offset = hw_offset;
	ctx->base_count = count > 0 ? (uint32_t)count : 0;
}

drm_public void drm_intel_decode_set_head_tail(struct drm_intel_decode *ctx, uint32_t head,
					       uint32_t tail)
{
	if (!ctx)
		return;
	ctx->head = head;
	ctx->tail = tail;
}

drm_public void drm_intel_decode_set_output_file(struct drm_intel_decode *ctx, FILE *out)
{
	if (ctx)
		ctx->out = out;
}

drm_public void drm_intel_decode(struct drm_intel_decode *ctx)
{
	uint32_t *copy;
	size_t n;

	if (!ctx || !ctx->base_data || !ctx->base_count)
		return;
	n = ctx->base_count;
	copy = malloc((n + DECODE_PAD) * sizeof(uint32_t));
	if (!copy)
		return;
	memcpy(copy, ctx->base_data, n * sizeof(uint32_t));
	memset(copy + n, 0xd0, DECODE_PAD * sizeof(uint32_t));

	ctx->f = ctx->out ? ctx->out : stdout;
	ctx->data = copy;
	ctx->hw_offset = ctx->base_hw_offset;
	ctx->count = ctx->base_count;
	ctx->overflowed = false;

	while (ctx->count > 0) {
		uint32_t index = 0;
		int ret;

		switch (INTEL_CLIENT(ctx->data[0])) {
		case INTEL_CLIENT_MI:
			ret = decode_mi(ctx);
			if (ret == -1) {
				/* MI_BATCH_BUFFER_END: the rest raw, or keep decoding. */
				if (ctx->dump_past_end) {
					index = 1;
				} else {
					for (index = 1; index < ctx->count; index++)
						decode_out(ctx, index, "\n");
				}
			} else {
				index = (uint32_t)ret;
			}
			break;
		case INTEL_CLIENT_2D:
			index = (uint32_t)decode_2d(ctx);
			break;
		case INTEL_CLIENT_GFX:
			index = (uint32_t)decode_3d(ctx);
			break;
		default:
			decode_out(ctx, 0, "UNKNOWN\n");
			index = 1;
			break;
		}
		fflush(ctx->f);
		if (index == 0)
			index = 1;
		if (ctx->count < index)
			break;
		ctx->count -= index;
		ctx->data += index;
		ctx->hw_offset += 4 * index;
	}
	free(copy);
	ctx->data = NULL;
}
