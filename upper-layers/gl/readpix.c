/* SPDX-License-Identifier: MIT */
/*
 * glReadPixels, the blitter-only way i965 read back before 2015: the
 * rectangle is blitted out of the (tiled) read buffer into a linear
 * temporary object, which is then mapped and converted into the caller's
 * format under the PACK_* parameters. Into a pixel pack buffer whose
 * layout is the read buffer's own, the blit goes straight into the
 * buffer's object and nothing passes through the CPU. Where the blitter
 * refuses, the read buffer itself is mapped (a GTT map detiles it).
 *
 * The formats accepted are GLES 3.0's (RGBA/UNSIGNED_BYTE for normalized
 * buffers, RGBA_INTEGER with INT or UNSIGNED_INT for integer ones,
 * EXT_color_buffer_float's RGBA/FLOAT for float ones, and the
 * IMPLEMENTATION_COLOR_READ_FORMAT/TYPE pair) plus EXT_read_format_bgra's
 * BGRA pairs, which Mesa accepts too. Pixels of the rectangle outside the
 * framebuffer are not written. GL's y runs up from the first row in memory.
 *
 * Calls: pixels.c, miptree.c, blt.c, batch.c, fbo.c. Temporaries live
 * only for the call.
 */
#include <errno.h>
#include <string.h>
#include <i915_drm.h>

#include "upper-layers/gl/gl_tex.h"

static bool read_pair_ok(const struct gl_fmt_info *fi, GLenum format, GLenum type)
{
	if (format == fi->read_format && type == fi->read_type)
		return true;
	switch (fi->kind) {
	case GLF_KIND_UNORM:
		return (format == GL_RGBA && type == GL_UNSIGNED_BYTE) ||
		       (format == GL_BGRA_EXT && (type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT));
	case GLF_KIND_UINT: return format == GL_RGBA_INTEGER && type == GL_UNSIGNED_INT;
	case GLF_KIND_SINT: return format == GL_RGBA_INTEGER && type == GL_INT;
	case GLF_KIND_FLOAT: return format == GL_RGBA && type == GL_FLOAT;
	default: return false;
	}
}

/* Blits x, y, w, h of mt straight into the pack buffer when its layout
 * there is mt's own; false when the blitter cannot (the CPU path runs). */
static bool blit_into_buffer(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h,
			     struct gl_buffer *buf, size_t offset, size_t stride)
{
	if (!buf->bo || stride % 4 || stride >= 32768 || offset % 4 || offset > UINT32_MAX)
		return false;
	drm_intel_bo_reference(buf->bo);
	struct gl_miptree *dst = gl_miptree_wrap(ctx->screen, buf->bo, mt->fmt, w, h, (uint32_t)stride,
						 (uint32_t)offset, I915_TILING_NONE);
	if (!dst) {
		drm_intel_bo_unreference(buf->bo);
		return false;
	}
	int ret = gl_blt_copy(ctx, mt, x, y, dst, 0, 0, w, h);
	gl_miptree_unref(dst);
	return ret == 0;
}

/* A CPU view of x, y, w, h of mt: a linear copy made by the blitter when
 * mt is tiled (*tmp holds it), else mt mapped. Returns the rectangle's
 * first pixel; *pitch the bytes between its rows. */
static const uint8_t *map_rect(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h,
			       struct gl_miptree **tmp, uint32_t *pitch)
{
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	*tmp = NULL;
	if (mt->tiling != I915_TILING_NONE) {
		struct gl_miptree *t = gl_miptree_create(ctx->screen, mt->fmt, w, h, GL_MT_LINEAR);
		if (t && gl_blt_copy(ctx, mt, x, y, t, 0, 0, w, h) == 0) {
			gl_batch_flush(ctx, NULL);
			if (drm_intel_bo_map(t->bo, 0) == 0) {
				*tmp = t;
				*pitch = t->pitch;
				return t->bo->virtual;
			}
		}
		gl_miptree_unref(t);
	}
	const uint8_t *base = gl_miptree_map(ctx, mt);
	if (!base)
		return NULL;
	*pitch = mt->pitch;
	return base + (size_t)y * mt->pitch + (size_t)x * fi->cpp;
}

static void unmap_rect(struct gl_miptree *mt, struct gl_miptree *tmp)
{
	if (tmp) {
		drm_intel_bo_unmap(tmp->bo);
		gl_miptree_unref(tmp);
	} else {
		gl_miptree_unmap(mt);
	}
}

void glReadPixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type, void *pixels)
{
	static const char fn[] = "glReadPixels";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%d)", fn, w, h);
		return;
	}
	struct gl_framebuffer *fb = gl_read_fb(ctx);
	if (gl_fb_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", fn);
		return;
	}
	if (gl_fb_samples(ctx, fb) > 0) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the read framebuffer is multisample", fn);
		return;
	}
	struct gl_pixel_desc d;
	if (!gl_pixel_desc(format, type, &d)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", fn, format, type);
		return;
	}
	struct gl_miptree *mt = gl_fb_read_miptree(ctx);
	if (!mt) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the read buffer is GL_NONE", fn);
		return;
	}
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	if (!read_pair_ok(fi, format, type) || !gl_pixels_can_pack(mt->fmt, &d)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(format 0x%x, type 0x%x) does not suit the read buffer", fn, format,
			 type);
		return;
	}
	const struct gl_context *c = ctx;
	struct gl_pixel_layout l;
	if (!gl_pixel_layout(&d, w, h, 1, c->pixel_store.pack_alignment, c->pixel_store.pack_row_length, 0,
			     c->pixel_store.pack_skip_pixels, c->pixel_store.pack_skip_rows, 0, &l)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: the rectangle is too large", fn);
		return;
	}
	/* the part of the rectangle inside the framebuffer */
	int fw, fh;
	gl_fb_size(ctx, fb, &fw, &fh);
	int64_t x1 = x > 0 ? x : 0, y1 = y > 0 ? y : 0;
	int64_t x2 = (int64_t)x + w < fw ? (int64_t)x + w : fw, y2 = (int64_t)y + h < fh ? (int64_t)y + h : fh;
	bool empty = x1 >= x2 || y1 >= y2;
	int cw = empty ? 0 : (int)(x2 - x1), ch = empty ? 0 : (int)(y2 - y1);
	size_t first = empty ? 0 : l.start + (size_t)(y1 - y) * l.stride + (size_t)(x1 - x) * (size_t)d.bpp;
	struct gl_buffer *buf = ctx->bound_buffers[GL_BUF_PIXEL_PACK];
	if (buf) {
		/* The pack buffer must hold what is written: the rectangle as
		 * clipped by the framebuffer, as Mesa counts it (the pixels
		 * outside are not written). */
		struct gl_pixel_layout written = l;
		written.end = empty ? 0 : first + (size_t)(ch - 1) * l.stride + (size_t)cw * (size_t)d.bpp;
		const char *why;
		GLenum err = gl_pixels_check_buffer(buf, &d, (uintptr_t)pixels, &written, &why);
		if (err) {
			gl_error(ctx, err, "%s: %s", fn, why);
			return;
		}
	}
	if (empty)
		return;

	if (buf && gl_pixels_is_raw(mt->fmt, &d) &&
	    blit_into_buffer(ctx, mt, (int)x1, (int)y1, cw, ch, buf, (uintptr_t)pixels + first, l.stride))
		return;

	uint8_t *dst;
	if (buf) {
		uint8_t *map = gl_pixels_buffer_map(ctx, buf, true);
		if (!map) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the pack buffer", fn);
			return;
		}
		dst = map + (uintptr_t)pixels;
	} else {
		dst = pixels;
	}
	struct gl_miptree *tmp;
	uint32_t pitch;
	const uint8_t *src = map_rect(ctx, mt, (int)x1, (int)y1, cw, ch, &tmp, &pitch);
	if (!src) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the read buffer", fn);
	} else {
		for (int j = 0; j < ch; j++)
			gl_pixels_pack_row(mt->fmt, src + (size_t)j * pitch, &d, dst + first + (size_t)j * l.stride, cw);
		unmap_rect(mt, tmp);
	}
	if (buf)
		gl_pixels_buffer_unmap(buf);
	(void)fi;
}
