/* SPDX-License-Identifier: MIT */
/*
 * 3D and 2D array textures: TexImage3D, TexSubImage3D, TexStorage3D and
 * CopyTexSubImage3D for GL_TEXTURE_3D and GL_TEXTURE_2D_ARRAY, with GLES
 * 3.0's errors (§3.8.3 to §3.8.5). GenerateMipmap of these targets is
 * teximage.c's, with the other targets.
 *
 * Each level is one miptree holding its slices (miptree.c: one 2D image
 * per 3D depth slice or array layer, a whole number of tile rows apart),
 * so everything that moves pixels works per slice with the 2D machinery
 * of teximage.c: a client image of depth slices is depth 2D uploads, each
 * through a linear staging object and one XY_SRC_COPY_BLT (or a CPU map
 * where the blitter refuses), with UNPACK_IMAGE_HEIGHT and
 * UNPACK_SKIP_IMAGES placing the images in the client's memory or the
 * pixel unpack buffer; CopyTexSubImage3D is CopyTexSubImage2D into one
 * slice. The formats are TexImage2D's: what the blitter cannot hold is
 * refused with GL_INVALID_OPERATION and a KHR_debug message. GLES 3.0
 * has no 3D depth or depth-stencil textures; arrays of them are fine.
 * The sizes follow the spec: a 3D texture's depth halves from level to
 * level, an array's layer count stays.
 *
 * Calls: teximage.c (Table 3.2, uploads, client sources, the copy source
 * and its checks), texture.c, miptree.c.
 */
#include "upper-layers/gl/gl_tex.h"

/* GL_TEX_3D or GL_TEX_2D_ARRAY for target, -1 after recording INVALID_ENUM. */
static int layered_target(struct gl_context *ctx, GLenum target, const char *fn)
{
	if (target == GL_TEXTURE_3D)
		return GL_TEX_3D;
	if (target == GL_TEXTURE_2D_ARRAY)
		return GL_TEX_2D_ARRAY;
	gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
	return -1;
}

/* Levels of a target: log2 of its largest width, plus one. */
static int level_count(int k)
{
	return k == GL_TEX_3D ? GL_MAX_3D_TEXTURE_LEVELS_GEM : GL_MAX_TEXTURE_LEVELS;
}

static bool level_ok(struct gl_context *ctx, const char *fn, int k, GLint level)
{
	if (level >= 0 && level < level_count(k))
		return true;
	gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
	return false;
}

/* GLES 3.0 §3.8.3: width and height up to the target's largest size at
 * that level; depth up to MAX_3D_TEXTURE_SIZE at that level for 3D, and
 * up to MAX_ARRAY_TEXTURE_LAYERS at every level for arrays. */
static bool size_ok(struct gl_context *ctx, const char *fn, int k, GLint level, GLsizei w, GLsizei h, GLsizei d)
{
	int max = (k == GL_TEX_3D ? GL_MAX_3D_TEXTURE_SIZE_GEM : GL_MAX_TEXTURE_SIZE_GEM) >> level;
	int max_d = k == GL_TEX_3D ? GL_MAX_3D_TEXTURE_SIZE_GEM >> level : GL_MAX_ARRAY_TEXTURE_LAYERS_GEM;
	if (w >= 0 && h >= 0 && d >= 0 && w <= max && h <= max && d <= max_d)
		return true;
	gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%dx%d at level %d)", fn, w, h, d, level);
	return false;
}

static bool depth_internal(GLenum internal)
{
	switch (internal) {
	case GL_DEPTH_COMPONENT16: case GL_DEPTH_COMPONENT24: case GL_DEPTH_COMPONENT32F:
	case GL_DEPTH24_STENCIL8: case GL_DEPTH32F_STENCIL8:
		return true;
	default:
		return false;
	}
}

/* GLES 3.0 §3.8.3: depth and depth-stencil formats make no 3D textures;
 * §3.8.6: nor do the compressed (ETC2/EAC) ones. */
static bool format_ok_for_target(struct gl_context *ctx, const char *fn, int k, GLenum internal)
{
	if (k == GL_TEX_3D && gl_compressed_info(internal)) {
		gl_error(ctx, gl_compressed_info(internal)->error_3d, "%s(internalformat 0x%x): no compressed 3D textures",
			 fn, internal);
		return false;
	}
	if (k != GL_TEX_3D || !depth_internal(internal))
		return true;
	gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): no 3D depth or depth-stencil textures", fn,
		 internal);
	return false;
}

/* The client's depth images into slices z.. of mt at x, y. */
static void upload_slices(struct gl_context *ctx, const char *fn, struct gl_miptree *mt, int x, int y, int z, int w,
			  int h, int d, const struct gl_pixel_desc *pd, const struct gl_tex_source *src)
{
	for (int i = 0; i < d; i++) {
		struct gl_miptree *slice = gl_miptree_slice(mt, z + i);
		if (!slice || gl_teximage_upload(ctx, slice, x, y, w, h, pd, src->src + (size_t)i * src->image_stride,
						 src->stride) < 0) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot write slice %d", fn, z + i);
			return;
		}
	}
}

void glTexImage3D(GLenum target, GLint level, GLint internal_, GLsizei w, GLsizei h, GLsizei depth, GLint border,
		  GLenum format, GLenum type, const void *pixels)
{
	static const char fn[] = "glTexImage3D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	GLenum internal = (GLenum)internal_;
	int k = layered_target(ctx, target, fn);
	if (k < 0 || !level_ok(ctx, fn, k, level) || !size_ok(ctx, fn, k, level, w, h, depth))
		return;
	struct gl_pixel_desc d;
	const struct gl_tex_combo *c = gl_teximage_check_args(ctx, fn, border, internal, format, type, &d);
	if (!c || !format_ok_for_target(ctx, fn, k, internal))
		return;
	struct gl_texture *t = gl_teximage_respecifiable(ctx, k, fn, c, internal, type);
	if (!t)
		return;
	struct gl_tex_source src;
	if (!gl_teximage_source(ctx, fn, &d, w, h, depth, true, pixels, &src))
		return;
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0 && depth > 0) {
		mt = gl_miptree_create_3d(ctx->screen, c->fmt, w, h, depth, 0);
		if (!mt) {
			gl_teximage_source_release(&src);
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s(%dx%dx%d): out of memory", fn, w, h, depth);
			return;
		}
		if (src.src)
			upload_slices(ctx, fn, mt, 0, 0, 0, w, h, depth, &d, &src);
	}
	gl_teximage_source_release(&src);
	gl_tex_set_image_3d(t, level, mt, internal, w, h, depth);
}

/* For the Sub calls: the bound texture's image at level and the box
 * inside it, or NULL after recording the error. */
static struct gl_texture *sub_box(struct gl_context *ctx, int k, GLint level, GLint x, GLint y, GLint z, GLsizei w,
				  GLsizei h, GLsizei d, const char *fn)
{
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return NULL;
	if (!t->internal[level]) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: level %d has no image", fn, level);
		return NULL;
	}
	int tw = t->width[0][level], th = t->height[0][level], td = t->depth[level];
	if (w < 0 || h < 0 || d < 0 || x < 0 || y < 0 || z < 0 || (int64_t)x + w > tw || (int64_t)y + h > th ||
	    (int64_t)z + d > td) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%d,%d,%d %dx%dx%d) outside the %dx%dx%d image", fn, x, y, z, w, h, d,
			 tw, th, td);
		return NULL;
	}
	return t;
}

void glTexSubImage3D(GLenum target, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei depth,
		     GLenum format, GLenum type, const void *pixels)
{
	static const char fn[] = "glTexSubImage3D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = layered_target(ctx, target, fn);
	if (k < 0 || !level_ok(ctx, fn, k, level))
		return;
	struct gl_pixel_desc d;
	if (!gl_pixel_desc(format, type, &d)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", fn, format, type);
		return;
	}
	struct gl_texture *t = sub_box(ctx, k, level, x, y, z, w, h, depth, fn);
	if (!t)
		return;
	/* a format and type the image's internal format accepts, converted into its storage */
	const struct gl_tex_combo *c = gl_teximage_check_sub_combo(ctx, fn, t->internal[level], format, type, &d);
	if (!c)
		return;
	struct gl_miptree *mt = gl_tex_image(t, 0, level);
	if (c->fmt == GLF_NONE ||
	    (mt && !gl_pixels_can_unpack(mt->fmt, &d) && gl_fmt_info(mt->fmt)->kind != GLF_KIND_DS)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(format 0x%x, type 0x%x): not implemented for this image", fn,
			 format, type);
		return;
	}
	struct gl_tex_source src;
	if (!gl_teximage_source(ctx, fn, &d, w, h, depth, true, pixels, &src))
		return;
	if (mt && src.src && w > 0 && h > 0)
		upload_slices(ctx, fn, mt, x, y, z, w, h, depth, &d, &src);
	gl_teximage_source_release(&src);
}

void glTexStorage3D(GLenum target, GLsizei levels, GLenum internal, GLsizei w, GLsizei h, GLsizei depth)
{
	static const char fn[] = "glTexStorage3D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = layered_target(ctx, target, fn);
	if (k < 0)
		return;
	struct gl_texture *t = gl_texstorage_texture(ctx, fn, k, levels, internal);
	if (!t)
		return;
	if (w < 1 || h < 1 || depth < 1) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%dx%d)", fn, w, h, depth);
		return;
	}
	if (!size_ok(ctx, fn, k, 0, w, h, depth) || !format_ok_for_target(ctx, fn, k, internal))
		return;
	/* levels down to 1x1 (1x1x1 for 3D: the depth halves too) */
	int maxl = 1, m = w > h ? w : h;
	if (k == GL_TEX_3D && depth > m)
		m = depth;
	while (m >>= 1)
		maxl++;
	if (levels > maxl) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(levels %d > %d for %dx%dx%d)", fn, levels, maxl, w, h, depth);
		return;
	}
	if (t->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's storage is already immutable", fn);
		return;
	}
	enum gl_fmt fmt = internal == GL_BGRA8_EXT ? GLF_BGRA8 : gl_teximage_sized_storage(internal);
	if (fmt == GLF_NONE) {
		gl_error(ctx, GL_INVALID_OPERATION,
			 "%s(internalformat 0x%x): not implemented (the blitter cannot hold this format)", fn, internal);
		return;
	}
	struct gl_miptree *mts[GL_MAX_TEXTURE_LEVELS] = { 0 };
	int dims[GL_MAX_TEXTURE_LEVELS][3];
	for (int l = 0; l < levels; l++) {
		dims[l][0] = w >> l ? w >> l : 1;
		dims[l][1] = h >> l ? h >> l : 1;
		dims[l][2] = k != GL_TEX_3D ? depth : depth >> l ? depth >> l : 1;
		mts[l] = gl_miptree_create_3d(ctx->screen, fmt, dims[l][0], dims[l][1], dims[l][2], 0);
		if (!mts[l]) {
			for (int n = 0; n < l; n++)
				gl_miptree_unref(mts[n]);
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
			return;
		}
	}
	/* every level goes: those past the storage become undefined */
	for (int l = 0; l < GL_MAX_TEXTURE_LEVELS; l++) {
		if (l < levels)
			gl_tex_set_image_3d(t, l, mts[l], internal, dims[l][0], dims[l][1], dims[l][2]);
		else
			gl_tex_set_image_3d(t, l, NULL, 0, 0, 0, 0);
	}
	t->immutable = true;
	t->immutable_levels = levels;
}

void glCopyTexSubImage3D(GLenum target, GLint level, GLint dx, GLint dy, GLint dz, GLint x, GLint y, GLsizei w,
			 GLsizei h)
{
	static const char fn[] = "glCopyTexSubImage3D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = layered_target(ctx, target, fn);
	if (k < 0 || !level_ok(ctx, fn, k, level))
		return;
	/* one slice of the texture takes the read buffer's rectangle */
	struct gl_texture *t = sub_box(ctx, k, level, dx, dy, dz, w, h, 1, fn);
	if (!t)
		return;
	struct gl_miptree *src = gl_teximage_copy_source(ctx, fn);
	struct gl_miptree *mt = gl_tex_image(t, 0, level);
	if (!src || !mt)
		return;
	if (!gl_teximage_copy_formats_ok(ctx, fn, src->fmt, mt->fmt))
		return;
	struct gl_miptree *dst = gl_miptree_slice(mt, dz);
	if (!dst) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		return;
	}
	gl_teximage_copy_clipped(ctx, fn, src, x, y, dst, dx, dy, w, h);
}
