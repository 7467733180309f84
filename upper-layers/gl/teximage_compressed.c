/* SPDX-License-Identifier: MIT */
/*
 * Compressed textures: the ten ETC2/EAC formats GLES 3.0 requires
 * (§3.8.6, Table 3.19) and ETC1 (OES_compressed_ETC1_RGB8_texture, which
 * Mesa's llvmpipe has too), through CompressedTexImage2D/3D,
 * CompressedTexSubImage2D/3D and TexStorage2D/3D (teximage.c and
 * teximage3d.c take the formats from here), for 2D textures, cube map
 * faces and 2D arrays. GLES 3.0 has no ETC2 3D textures: TEXTURE_3D is
 * INVALID_OPERATION (INVALID_ENUM for ETC1), as Mesa answers.
 *
 * Nothing samples, so nothing decodes: a level is kept as the client gave
 * it, an image of 4x4 blocks (miptree.c), one block one 8 or 16-byte pixel
 * which the blitter moves as 2 or 4 32bpp pixels. A level whose width or
 * height is not a multiple of 4 (13x7, or the 2x1 and 1x1 of a mip chain)
 * still holds whole blocks, the texels past its edge unused. Blocks go in
 * like any upload: into a linear staging object, then one XY_SRC_COPY_BLT
 * into the (tiled) image, or through a CPU map where the blitter refuses.
 * Compressed data is tightly packed rows of blocks: GLES applies no pixel
 * storage modes to it. The data comes from client memory or from the bound
 * PIXEL_UNPACK_BUFFER (data is then an offset into it).
 *
 * The errors are GLES 3.0's, in the order Mesa checks them (its
 * compressed_texture_error_check and compressed_subtexture_error_check):
 * the target, the format (INVALID_ENUM), the unpack buffer
 * (INVALID_OPERATION), the level, border, imageSize (INVALID_VALUE),
 * an immutable texture, then the sizes; a sub-image's offsets must be
 * multiples of 4 and its width and height too unless they reach the
 * image's edge (INVALID_OPERATION). Every error changes nothing.
 *
 * Copies into and out of these images are copy_image.c's (in blocks); they
 * are neither color-renderable (fbo.c: attachments are incomplete) nor
 * filterable here (GenerateMipmap refuses them), and no CopyTex* or
 * uncompressed TexSubImage writes them.
 *
 * Calls: teximage.c (the bound texture), pixels.c (unpack buffer maps),
 * miptree.c, blt.c, texture.c.
 */
#include <errno.h>
#include <string.h>

#include "upper-layers/gl/gl_tex.h"

/* ARB_texture_view's classes of these formats (Mesa's for GLES): what
 * CopyImageSubData copies between two compressed images. */
enum { EAC_R11 = 1, EAC_RG11, ETC2_RGB, ETC2_RGBA1, ETC2_EAC_RGBA, ETC1 };
#define ETC2(internal, fmt, class, r, g, b, a, snorm, srgb) \
	{ internal, fmt, class, true, GL_INVALID_OPERATION, { r, g, b, a }, snorm, srgb }

static const struct gl_compressed_info formats[GL_NUM_COMPRESSED_FORMATS_GEM] = {
	ETC2(GL_COMPRESSED_R11_EAC, GLF_BLOCK64, EAC_R11, 11, 0, 0, 0, false, false),
	ETC2(GL_COMPRESSED_SIGNED_R11_EAC, GLF_BLOCK64, EAC_R11, 11, 0, 0, 0, true, false),
	ETC2(GL_COMPRESSED_RG11_EAC, GLF_BLOCK128, EAC_RG11, 11, 11, 0, 0, false, false),
	ETC2(GL_COMPRESSED_SIGNED_RG11_EAC, GLF_BLOCK128, EAC_RG11, 11, 11, 0, 0, true, false),
	ETC2(GL_COMPRESSED_RGB8_ETC2, GLF_BLOCK64, ETC2_RGB, 8, 8, 8, 0, false, false),
	ETC2(GL_COMPRESSED_SRGB8_ETC2, GLF_BLOCK64, ETC2_RGB, 8, 8, 8, 0, false, true),
	ETC2(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GLF_BLOCK64, ETC2_RGBA1, 8, 8, 8, 1, false, false),
	ETC2(GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GLF_BLOCK64, ETC2_RGBA1, 8, 8, 8, 1, false, true),
	ETC2(GL_COMPRESSED_RGBA8_ETC2_EAC, GLF_BLOCK128, ETC2_EAC_RGBA, 8, 8, 8, 8, false, false),
	ETC2(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GLF_BLOCK128, ETC2_EAC_RGBA, 8, 8, 8, 8, false, true),
	/* ETC1 copies only into ETC1, and its 3D textures are INVALID_ENUM,
	 * as Mesa answers; it is updated by sub-images like the others
	 * (Mesa's llvmpipe allows that) */
	{ GL_ETC1_RGB8_OES, GLF_BLOCK64, ETC1, false, GL_INVALID_ENUM, { 8, 8, 8, 0 }, false, false },
};

const struct gl_compressed_info *gl_compressed_info(GLenum internal)
{
	for (unsigned i = 0; i < GL_NUM_COMPRESSED_FORMATS_GEM; i++)
		if (formats[i].internal == internal)
			return &formats[i];
	return NULL;
}

/* glGet answers at most 16 values (get.c) */
_Static_assert(GL_NUM_COMPRESSED_FORMATS_GEM <= 16, "too many compressed formats for glGet");

int gl_compressed_formats(GLint64 *v)
{
	for (unsigned i = 0; i < GL_NUM_COMPRESSED_FORMATS_GEM; i++)
		v[i] = formats[i].internal;
	return GL_NUM_COMPRESSED_FORMATS_GEM;
}

bool gl_compressed_attachment_param(GLenum internal, GLenum pname, GLint *v)
{
	const struct gl_compressed_info *c = gl_compressed_info(internal);
	if (!c)
		return false;
	switch (pname) {
	case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: *v = c->bits[0]; return true;
	case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: *v = c->bits[1]; return true;
	case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: *v = c->bits[2]; return true;
	case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: *v = c->bits[3]; return true;
	case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: *v = 0; return true;
	case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
		*v = c->snorm ? GL_SIGNED_NORMALIZED : GL_UNSIGNED_NORMALIZED;
		return true;
	case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: *v = c->srgb ? GL_SRGB : GL_LINEAR; return true;
	default: return false;
	}
}

/* Bytes of a w x h x d image of format c; -1 for negative sizes. */
static int64_t image_size(const struct gl_compressed_info *c, GLsizei w, GLsizei h, GLsizei d)
{
	if (w < 0 || h < 0 || d < 0)
		return -1;
	int64_t bw = ((int64_t)w + 3) / 4, bh = ((int64_t)h + 3) / 4;
	return bw * bh * d * gl_fmt_info(c->fmt)->cpp;
}

/* ---- the data ---- */

/* The unpack buffer's errors for size bytes at offset data (Mesa's
 * _mesa_validate_pbo_source_compressed); false after recording one. */
static bool check_unpack_buffer(struct gl_context *ctx, const char *fn, GLsizei size, const void *data)
{
	struct gl_buffer *buf = ctx->bound_buffers[GL_BUF_PIXEL_UNPACK];
	if (!buf)
		return true;
	uintptr_t offset = (uintptr_t)data, n = size > 0 ? (uintptr_t)size : 0;
	if (offset > (uintptr_t)buf->size || n > (uintptr_t)buf->size - offset) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: %u bytes at offset %zu run past the unpack buffer's %ld", fn,
			 (unsigned)n, (size_t)offset, (long)buf->size);
		return false;
	}
	if (buf->mapped) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the unpack buffer is mapped", fn);
		return false;
	}
	return true;
}

/* The first block of the data (NULL: none given), mapping the unpack
 * buffer when one is bound; false after recording GL_OUT_OF_MEMORY. */
static bool source(struct gl_context *ctx, const char *fn, GLsizei size, const void *data, struct gl_tex_source *s)
{
	memset(s, 0, sizeof(*s));
	struct gl_buffer *buf = ctx->bound_buffers[GL_BUF_PIXEL_UNPACK];
	if (!buf) {
		s->src = data;
		return true;
	}
	return size <= 0 || gl_teximage_source_map(ctx, fn, buf, (uintptr_t)data, s);
}

struct block_rows {
	const uint8_t *src;
	size_t row;		/* bytes of a row of blocks, tightly packed */
};

static void put_block_row(const void *arg, int j, uint8_t *dst, int n)
{
	const struct block_rows *b = arg;
	(void)n;
	memcpy(dst, b->src + b->row * (size_t)j, b->row);
}

/* bw x bh blocks, rows tightly packed at src, into mt at block bx, by. */
static int write_blocks(struct gl_context *ctx, struct gl_miptree *mt, int bx, int by, int bw, int bh,
			const uint8_t *src)
{
	struct block_rows b = { src, (size_t)bw * gl_fmt_info(mt->fmt)->cpp };
	return gl_teximage_write_rows(ctx, mt, bx, by, bw, bh, put_block_row, &b);
}

/* The texels x, y, w, h of each of the depth slices from z of mt (a 2D
 * image, or a level of slices), from data (slices one after the other). */
static void write_region(struct gl_context *ctx, const char *fn, struct gl_miptree *mt, int x, int y, int z, int w,
			 int h, int depth, const uint8_t *data)
{
	int bw = (w + 3) / 4, bh = (h + 3) / 4;
	size_t slice = (size_t)bw * (size_t)bh * gl_fmt_info(mt->fmt)->cpp;
	for (int i = 0; i < depth; i++) {
		struct gl_miptree *s = gl_miptree_slice(mt, z + i);
		if (!s || write_blocks(ctx, s, x / 4, y / 4, bw, bh, data + slice * (size_t)i) < 0) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot write the image", fn);
			return;
		}
	}
}

/* ---- CompressedTexImage2D/3D ---- */

/* The checks both share after the target (Mesa's order); the format on
 * success, NULL after recording the error. */
static const struct gl_compressed_info *image_checks(struct gl_context *ctx, const char *fn, GLint level,
						     GLenum internal, GLsizei w, GLsizei h, GLsizei depth,
						     GLint border, GLsizei size, const void *data)
{
	const struct gl_compressed_info *c = gl_compressed_info(internal);
	if (!c) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x)", fn, internal);
		return NULL;
	}
	if (!check_unpack_buffer(ctx, fn, size, data))
		return NULL;
	if (level < 0 || level >= GL_MAX_TEXTURE_LEVELS) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
		return NULL;
	}
	if (border != 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(border %d)", fn, border);
		return NULL;
	}
	if (image_size(c, w, h, depth) != size) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(imageSize %d for %dx%dx%d)", fn, size, w, h, depth);
		return NULL;
	}
	return c;
}

/* The bound texture, mutable; NULL after recording the error. */
static struct gl_texture *mutable_bound(struct gl_context *ctx, int k, const char *fn)
{
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (t && t->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's storage is immutable", fn);
		return NULL;
	}
	return t;
}

void glCompressedTexImage2D(GLenum target, GLint level, GLenum internal, GLsizei w, GLsizei h, GLint border,
			    GLsizei size, const void *data)
{
	static const char fn[] = "glCompressedTexImage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k, face = gl_teximage_face(ctx, target, &k, fn);
	if (face < 0)
		return;
	if (!image_checks(ctx, fn, level, internal, w, h, 1, border, size, data))
		return;
	struct gl_texture *t = mutable_bound(ctx, k, fn);
	if (!t)
		return;
	int max = GL_MAX_TEXTURE_SIZE_GEM >> level;
	if (w < 0 || h < 0 || w > max || h > max || (k == GL_TEX_CUBE && w != h)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%d at level %d)", fn, w, h, level);
		return;
	}
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0) {
		mt = gl_miptree_create(ctx->screen, gl_compressed_info(internal)->fmt, w, h, 0);
		if (!mt) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s(%dx%d): out of memory", fn, w, h);
			return;
		}
		struct gl_tex_source src;
		if (!source(ctx, fn, size, data, &src)) {
			gl_miptree_unref(mt);
			return;
		}
		if (src.src)
			write_region(ctx, fn, mt, 0, 0, 0, w, h, 1, src.src);
		gl_teximage_source_release(&src);
	}
	gl_tex_set_image(t, face, level, mt, internal, w, h);
}

void glCompressedTexImage3D(GLenum target, GLint level, GLenum internal, GLsizei w, GLsizei h, GLsizei depth,
			    GLint border, GLsizei size, const void *data)
{
	static const char fn[] = "glCompressedTexImage3D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_TEXTURE_2D_ARRAY && target != GL_TEXTURE_3D) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	if (target == GL_TEXTURE_3D && gl_compressed_info(internal)) {
		/* GLES 3.0 §3.8.6: no ETC2/EAC 3D textures */
		gl_error(ctx, gl_compressed_info(internal)->error_3d, "%s: 3D textures cannot be compressed", fn);
		return;
	}
	if (!image_checks(ctx, fn, level, internal, w, h, depth, border, size, data))
		return;
	struct gl_texture *t = mutable_bound(ctx, GL_TEX_2D_ARRAY, fn);
	if (!t)
		return;
	int max = GL_MAX_TEXTURE_SIZE_GEM >> level;
	if (w < 0 || h < 0 || depth < 0 || w > max || h > max || depth > GL_MAX_ARRAY_TEXTURE_LAYERS_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%dx%d at level %d)", fn, w, h, depth, level);
		return;
	}
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0 && depth > 0) {
		mt = gl_miptree_create_3d(ctx->screen, gl_compressed_info(internal)->fmt, w, h, depth, 0);
		if (!mt) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s(%dx%dx%d): out of memory", fn, w, h, depth);
			return;
		}
		struct gl_tex_source src;
		if (!source(ctx, fn, size, data, &src)) {
			gl_miptree_unref(mt);
			return;
		}
		if (src.src)
			write_region(ctx, fn, mt, 0, 0, 0, w, h, depth, src.src);
		gl_teximage_source_release(&src);
	}
	gl_tex_set_image_3d(t, level, mt, internal, w, h, depth);
}

/* ---- CompressedTexSubImage2D/3D ---- */

/* Mesa's compressed_subtexture_error_check, given the texture, the image's
 * internal format (0: none) and size: false after recording the error. */
static bool sub_checks(struct gl_context *ctx, const char *fn, GLint level, GLenum format, GLsizei size,
		       const void *data, GLenum internal, int tw, int th, int td, GLint x, GLint y, GLint z, GLsizei w,
		       GLsizei h, GLsizei depth)
{
	const struct gl_compressed_info *c = gl_compressed_info(format);
	if (!c) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(format 0x%x is not a compressed format)", fn, format);
		return false;
	}
	if (level < 0 || level >= GL_MAX_TEXTURE_LEVELS) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
		return false;
	}
	if (!check_unpack_buffer(ctx, fn, size, data))
		return false;
	if (image_size(c, w, h, depth) != size) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(imageSize %d for %dx%dx%d)", fn, size, w, h, depth);
		return false;
	}
	if (!internal) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: level %d has no image", fn, level);
		return false;
	}
	if (format != internal) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(format 0x%x): the image's format is 0x%x", fn, format, internal);
		return false;
	}
	if (w < 0 || h < 0 || depth < 0 || x < 0 || y < 0 || z < 0 || (int64_t)x + w > tw || (int64_t)y + h > th ||
	    (int64_t)z + depth > td) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%d,%d,%d %dx%dx%d) outside the %dx%dx%d image", fn, x, y, z, w, h,
			 depth, tw, th, td);
		return false;
	}
	if (x % 4 || y % 4 || (w % 4 && x + w != tw) || (h % 4 && y + h != th)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(%d,%d %dx%d): not whole 4x4 blocks", fn, x, y, w, h);
		return false;
	}
	return true;
}

/* The update itself, once the checks passed. */
static void sub_write(struct gl_context *ctx, const char *fn, struct gl_miptree *mt, int x, int y, int z, int w,
		      int h, int depth, GLsizei size, const void *data)
{
	if (!mt || w == 0 || h == 0 || depth == 0)
		return;
	struct gl_tex_source src;
	if (!source(ctx, fn, size, data, &src))
		return;
	if (src.src)
		write_region(ctx, fn, mt, x, y, z, w, h, depth, src.src);
	gl_teximage_source_release(&src);
}

void glCompressedTexSubImage2D(GLenum target, GLint level, GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
			       GLsizei size, const void *data)
{
	static const char fn[] = "glCompressedTexSubImage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k, face = gl_teximage_face(ctx, target, &k, fn);
	if (face < 0)
		return;
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return;
	GLenum *internal = NULL;
	struct gl_miptree *mt = NULL;
	int tw = 0, th = 0;
	if (level >= 0 && level < GL_MAX_TEXTURE_LEVELS) {
		mt = *gl_tex_image_slot(t, face, level, &internal);
		tw = t->width[face][level];
		th = t->height[face][level];
	}
	if (!sub_checks(ctx, fn, level, format, size, data, internal ? *internal : 0, tw, th, 1, x, y, 0, w, h, 1))
		return;
	sub_write(ctx, fn, mt, x, y, 0, w, h, 1, size, data);
}

void glCompressedTexSubImage3D(GLenum target, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
			       GLsizei depth, GLenum format, GLsizei size, const void *data)
{
	static const char fn[] = "glCompressedTexSubImage3D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target == GL_TEXTURE_3D && gl_compressed_info(format)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: 3D textures cannot be compressed", fn);
		return;
	}
	if (target != GL_TEXTURE_2D_ARRAY && target != GL_TEXTURE_3D) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	int k = target == GL_TEXTURE_3D ? GL_TEX_3D : GL_TEX_2D_ARRAY;
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return;
	bool in = level >= 0 && level < GL_MAX_TEXTURE_LEVELS;
	GLenum internal = in ? t->internal[level] : 0;
	if (!sub_checks(ctx, fn, level, format, size, data, internal, in ? t->width[0][level] : 0,
			in ? t->height[0][level] : 0, in ? t->depth[level] : 0, x, y, z, w, h, depth))
		return;
	sub_write(ctx, fn, gl_tex_image(t, 0, level), x, y, z, w, h, depth, size, data);
}
