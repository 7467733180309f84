/* SPDX-License-Identifier: MIT */
/*
 * glReadPixels: reads the read framebuffer's read buffer through a CPU view
 * (a GTT map of a tiled surface detiles it) after submitting the batch if
 * it uses the buffer, and converts into the caller's format with the
 * PACK_* parameters. GL's y runs up from the first row in memory.
 */
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

void glReadPixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type, void *pixels)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glReadPixels(%dx%d)", w, h);
		return;
	}
	struct gl_framebuffer *fb = gl_read_fb(ctx);
	if (gl_fb_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels: the read framebuffer is not complete");
		return;
	}
	if (format != GL_RGBA || type != GL_UNSIGNED_BYTE) {
		gl_error(ctx, GL_INVALID_OPERATION, "glReadPixels(format 0x%x, type 0x%x) is not supported", format,
			 type);
		return;
	}
	if (fb->read_buffer == GL_NONE) {
		gl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: the read buffer is GL_NONE");
		return;
	}
	int att = fb->read_buffer == GL_BACK ? GL_ATT_COLOR0 : (int)(fb->read_buffer - GL_COLOR_ATTACHMENT0);
	struct gl_miptree *mt = gl_fb_miptree(ctx, fb, att);
	if (!mt || w == 0 || h == 0)
		return;
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	const uint8_t *src = gl_miptree_map(ctx, mt);
	if (!src) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels: cannot map the buffer");
		return;
	}
	int row_pixels = ctx->pixel_store.pack_row_length > 0 ? ctx->pixel_store.pack_row_length : w;
	size_t align = (size_t)ctx->pixel_store.pack_alignment;
	size_t stride = ((size_t)row_pixels * 4 + align - 1) / align * align;
	uint8_t *dst = (uint8_t *)pixels + (size_t)ctx->pixel_store.pack_skip_rows * stride +
		       (size_t)ctx->pixel_store.pack_skip_pixels * 4;
	for (int j = 0; j < h; j++) {
		int sy = y + j;
		if (sy < 0 || sy >= mt->height)
			continue;
		for (int i = 0; i < w; i++) {
			int sx = x + i;
			if (sx < 0 || sx >= mt->width)
				continue;
			gl_fmt_unpack_ubyte(mt->fmt, src + (size_t)sy * mt->pitch + (size_t)sx * fi->cpp,
					    dst + (size_t)j * stride + (size_t)i * 4);
		}
	}
	gl_miptree_unmap(mt);
}
