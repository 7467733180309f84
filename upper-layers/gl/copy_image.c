/* SPDX-License-Identifier: MIT */
/*
 * glCopyImageSubData (the EXT_copy_image / OES_copy_image entry points,
 * and the GL 4.3 / ES 3.2 name, all one function): a raw, format-blind
 * copy of texels between texture images and renderbuffers whose formats
 * are identical or of one texel size class, as i965 did before BLORP with
 * intel_miptree_copy: one XY_SRC_COPY_BLT per 2D slice (cube face, array
 * layer, 3D depth slice), and a CPU copy through maps where the blitter
 * refuses. Compressed (ETC2/EAC) images are images of blocks: a block is
 * copied as one texel of an uncompressed format of its size (RGBA32UI for
 * 16 bytes, RG32UI for 8) or as a block of a compressed format of its view
 * class, the region given in the source's texels (Mesa's reading of
 * ARB_copy_image). The z range counts faces, layers or depth slices of the level;
 * a 2D image or renderbuffer has one. Errors are EXT_copy_image's, in the
 * order Mesa checks them.
 *
 * Calls: texture.c, fbo.c (renderbuffer lookup through the name table),
 * blt.c, miptree.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_tex.h"

/* ARB_texture_view's size classes, which decide what copies raw into what. */
static int view_class(GLenum internal)
{
	switch (internal) {
	case GL_RG16F: case GL_R11F_G11F_B10F: case GL_R32F: case GL_RGB10_A2UI: case GL_RGBA8UI: case GL_RG16UI:
	case GL_R32UI: case GL_RGBA8I: case GL_RG16I: case GL_R32I: case GL_RGB10_A2: case GL_RGBA8:
	case GL_RGBA8_SNORM: case GL_SRGB8_ALPHA8: case GL_RGB9_E5:
		return 32;
	case GL_R16F: case GL_RG8UI: case GL_R16UI: case GL_RG8I: case GL_R16I: case GL_RG8: case GL_RG8_SNORM:
		return 16;
	case GL_R8UI: case GL_R8I: case GL_R8: case GL_R8_SNORM:
		return 8;
	case GL_RGB8: case GL_SRGB8: case GL_RGB8_SNORM: case GL_RGB8UI: case GL_RGB8I:
		return 24;	/* stored padded to 4 bytes alike (formats.c) */
	case GL_RGBA32F: case GL_RGBA32UI: case GL_RGBA32I:
		return 128;
	case GL_RGBA16F: case GL_RG32F: case GL_RGBA16UI: case GL_RG32UI: case GL_RGBA16I: case GL_RG32I:
		return 64;
	case GL_RGB16F: case GL_RGB16UI: case GL_RGB16I:
		return 48;
	case GL_RGB32F: case GL_RGB32UI: case GL_RGB32I:
		return 96;
	default:
		return 0;
	}
}

/* Whether a copies raw into b: the same format; two uncompressed formats
 * of one view class; two compressed ones of one view class; a compressed
 * format and an uncompressed one whose texel is as large as its block
 * (ARB_copy_image's Table 4.X.1, which Mesa applies to ETC2/EAC in GLES,
 * not to ETC1). */
static bool compatible(GLenum a, GLenum b)
{
	const struct gl_compressed_info *ca = gl_compressed_info(a), *cb = gl_compressed_info(b);
	if (a == b)
		return true;
	if (ca && cb)
		return ca->view_class == cb->view_class;
	if (ca || cb) {
		const struct gl_compressed_info *c = ca ? ca : cb;
		return c->copies_uncompressed && view_class(ca ? b : a) == gl_fmt_info(c->fmt)->cpp * 8;
	}
	int ac = view_class(a);
	return ac && ac == view_class(b);
}

/* Texels per block edge: 4 for a compressed format, else 1. */
static int block_of(GLenum internal)
{
	return gl_compressed_info(internal) ? 4 : 1;
}

/* The levels from the base level on, all of one internal format, each
 * half the size of the one before (3D depth too; array layers stay);
 * cube faces alike. With mip, every level down to 1x1 (1x1x1 for 3D) or
 * the immutable levels or MAX_LEVEL; without, the base level alone. */
static bool levels_consistent(struct gl_texture *t, bool mip)
{
	int base = t->base_level;
	if (base >= GL_MAX_TEXTURE_LEVELS || base > t->max_level)
		return false;
	int faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
	GLenum *internal;
	gl_tex_image_slot(t, 0, base, &internal);
	GLenum fmt = *internal;
	int w = t->width[0][base], h = t->height[0][base], d = t->depth[base];
	bool is_3d = t->target == GL_TEXTURE_3D, layered = gl_tex_layered(t);
	if (!fmt || !gl_tex_image(t, 0, base))
		return false;
	int last = base;
	if (mip) {
		int m = w > h ? w : h;
		if (is_3d && d > m)
			m = d;
		while (m > 1) {
			m >>= 1;
			last++;
		}
		if (t->immutable && last > t->immutable_levels - 1)
			last = t->immutable_levels - 1;
		if (last > t->max_level)
			last = t->max_level;
		if (last >= GL_MAX_TEXTURE_LEVELS)
			last = GL_MAX_TEXTURE_LEVELS - 1;
	}
	for (int f = 0; f < faces; f++)
		for (int l = base; l <= last; l++) {
			int lw = w >> (l - base) ? w >> (l - base) : 1, lh = h >> (l - base) ? h >> (l - base) : 1;
			int ld = !is_3d ? d : d >> (l - base) ? d >> (l - base) : 1;
			gl_tex_image_slot(t, f, l, &internal);
			if (*internal != fmt || t->width[f][l] != lw || t->height[f][l] != lh ||
			    (layered && t->depth[l] != ld))
				return false;
		}
	return true;
}

bool gl_tex_mipmap_complete(struct gl_texture *t)
{
	return levels_consistent(t, true);
}

/* Texture completeness (GLES 3.0 §3.8.13), which EXT_copy_image asks of
 * both sides: the base level and, when the minification filter uses
 * mipmaps, mipmap completeness. The filter rules of formats that cannot
 * be filtered (a LINEAR filter on an integer or depth texture) are not
 * applied: Mesa, the reference, takes LINEAR as NEAREST for them here, so
 * a copy touches the texels whatever the sampler state. */
bool gl_tex_complete(struct gl_texture *t)
{
	struct gl_miptree *mt = t->base_level < GL_MAX_TEXTURE_LEVELS ? gl_tex_image(t, 0, t->base_level) : NULL;
	if (!mt)
		return false;
	bool mip = t->min_filter != GL_NEAREST && t->min_filter != GL_LINEAR;
	return levels_consistent(t, mip);
}

struct image_ref {
	struct gl_texture *tex;	/* or */
	struct gl_renderbuffer *rb;
	GLenum internal;
	int width, height, faces;	/* faces: the z range (cube faces, layers, depth slices) */
};

/* Looks up one side of the copy; false after recording the error. */
static bool lookup(struct gl_context *ctx, const char *fn, const char *side, GLuint name, GLenum target, int level,
		   struct image_ref *r)
{
	memset(r, 0, sizeof(*r));
	if (target == GL_RENDERBUFFER) {
		pthread_mutex_lock(&ctx->shared->lock);
		r->rb = gl_names_get(&ctx->shared->renderbuffers, name);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!r->rb) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(%sName %u is not a renderbuffer)", fn, side, name);
			return false;
		}
		if (!r->rb->mt) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s(%sName %u has no storage)", fn, side, name);
			return false;
		}
		if (level != 0) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(%sLevel %d of a renderbuffer)", fn, side, level);
			return false;
		}
		r->internal = r->rb->internal;
		r->width = r->rb->width;
		r->height = r->rb->height;
		r->faces = 1;
		return true;
	}
	switch (target) {
	case GL_TEXTURE_2D: case GL_TEXTURE_3D: case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_CUBE_MAP:
		break;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(%sTarget 0x%x)", fn, side, target);
		return false;
	}
	struct gl_texture *t = gl_texture_lookup(ctx, name);
	if (!t || !t->target) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%sName %u is not a texture)", fn, side, name);
		return false;
	}
	if (!gl_tex_complete(t)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(%sName %u is incomplete)", fn, side, name);
		return false;
	}
	if (t->target != target) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(%sTarget 0x%x is not texture %u's)", fn, side, target, name);
		return false;
	}
	if (level < 0 || level >= GL_MAX_TEXTURE_LEVELS || !gl_tex_image(t, 0, level)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%sLevel %d)", fn, side, level);
		return false;
	}
	r->tex = t;
	r->internal = t->internal[level];
	r->width = t->width[0][level];
	r->height = t->height[0][level];
	r->faces = target == GL_TEXTURE_CUBE_MAP ? 6 : gl_tex_layered(t) ? t->depth[level] : 1;
	return true;
}

/* The 2D image z of the region: a cube face, a layer or depth slice. */
static struct gl_miptree *slice(const struct image_ref *r, int z, int level)
{
	if (r->rb)
		return r->rb->mt;
	if (r->tex->target == GL_TEXTURE_CUBE_MAP)
		return gl_tex_image(r->tex, z, level);
	return gl_tex_layer(r->tex, 0, level, z);
}

/* Whether a copy from s to d must move channels rather than bytes, and
 * how: byte k of a d texel is byte map[k] of the s texel. Only an XRGB8888
 * image (RGB8 to GL, kept B, G, R, X) meets formats of its class that keep
 * R first (RGB8, SRGB8, RGB8_SNORM, RGB8UI/I); Mesa copies channels between
 * formats that differ only in their order, so a raw copy would swap R and B. */
static bool channel_map(enum gl_fmt s, enum gl_fmt d, uint8_t map[4])
{
	const struct gl_fmt_info *si = gl_fmt_info(s), *di = gl_fmt_info(d);
	if (si->cpp != 4 || di->cpp != 4 || si->r != 8 || si->g != 8 || si->b != 8 || di->r != 8 || di->g != 8 ||
	    di->b != 8 || !memcmp(si->shift, di->shift, 3))
		return false;
	for (int k = 0; k < 4; k++)
		map[k] = (uint8_t)k;
	for (int c = 0; c < 3; c++)
		map[di->shift[c] / 8] = si->shift[c] / 8;
	return true;
}

/* Raw bytes: the blitter, or the CPU through a copy of the source rows.
 * Texels are copied whole, padding and all (every member of a size class
 * is stored in as many bytes: the RGB ones are all padded to 4 channels);
 * between orders of one class's channels (channel_map), each channel goes
 * to its place. */
static int raw_copy(struct gl_context *ctx, struct gl_miptree *src, int sx, int sy, struct gl_miptree *dst, int dx,
		    int dy, int w, int h)
{
	unsigned cpp = gl_fmt_info(src->fmt)->cpp;
	uint8_t map[4];
	bool reorder = channel_map(src->fmt, dst->fmt, map);
	if (!reorder && gl_blt_copy(ctx, src, sx, sy, dst, dx, dy, w, h) == 0)
		return 0;
	size_t row = (size_t)w * cpp;
	uint8_t *tmp = gl_miptree_read_rect(ctx, src, sx, sy, w, h, 1);
	if (!tmp)
		return -ENOMEM;
	uint8_t *d = gl_miptree_map(ctx, dst);
	if (!d) {
		free(tmp);
		return -ENOMEM;
	}
	for (int j = 0; j < h; j++) {
		uint8_t *o = d + (size_t)(dy + j) * dst->pitch + (size_t)dx * cpp;
		const uint8_t *p = tmp + row * (size_t)j;
		if (!reorder) {
			memcpy(o, p, row);
			continue;
		}
		for (int i = 0; i < w; i++, o += cpp, p += cpp)
			for (int k = 0; k < 4; k++)
				o[k] = p[map[k]];
	}
	gl_miptree_unmap(dst);
	free(tmp);
	return 0;
}

void glCopyImageSubDataEXT(GLuint src_name, GLenum src_target, GLint src_level, GLint sx, GLint sy, GLint sz,
			   GLuint dst_name, GLenum dst_target, GLint dst_level, GLint dx, GLint dy, GLint dz,
			   GLsizei w, GLsizei h, GLsizei depth)
{
	static const char fn[] = "glCopyImageSubData";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct image_ref s, d;
	if (!lookup(ctx, fn, "src", src_name, src_target, src_level, &s) ||
	    !lookup(ctx, fn, "dst", dst_name, dst_target, dst_level, &d))
		return;
	if (w < 0 || h < 0 || depth < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%dx%d)", fn, w, h, depth);
		return;
	}
	/* a compressed region is whole blocks but at the image's edge, and
	 * a region is counted in the source's texels: one block of a
	 * compressed image is one texel of an uncompressed one */
	int sb = block_of(s.internal), db = block_of(d.internal);
	if (sx % sb || sy % sb || (w % sb && (int64_t)sx + w != s.width) || (h % sb && (int64_t)sy + h != s.height)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: the source region is not whole blocks", fn);
		return;
	}
	if (dx % db || dy % db) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: the destination region does not begin on a block", fn);
		return;
	}
	int64_t dw = (int64_t)w * db / sb, dh = (int64_t)h * db / sb;
	if (sx < 0 || sy < 0 || sz < 0 || (int64_t)sx + w > s.width || (int64_t)sy + h > s.height ||
	    (int64_t)sz + depth > s.faces) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: the source region is outside the %dx%d image", fn, s.width, s.height);
		return;
	}
	if (dx < 0 || dy < 0 || dz < 0 || dx + dw > d.width || dy + dh > d.height || (int64_t)dz + depth > d.faces) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: the destination region is outside the %dx%d image", fn, d.width,
			 d.height);
		return;
	}
	/* multisample renderbuffers copy only into the same sample count (textures have none) */
	int ssamples = s.rb ? s.rb->samples : 0, dsamples = d.rb ? d.rb->samples : 0;
	if (ssamples != dsamples) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: sample counts differ (%d, %d)", fn, ssamples, dsamples);
		return;
	}
	if (!compatible(s.internal, d.internal)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: formats 0x%x and 0x%x are not copy-compatible", fn, s.internal,
			 d.internal);
		return;
	}
	for (int z = 0; z < depth; z++) {
		struct gl_miptree *a = slice(&s, sz + z, src_level), *b = slice(&d, dz + z, dst_level);
		if (!a || !b) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s: an image of the region is missing (a cube face never given)",
				 fn);
			return;
		}
		if (gl_fmt_info(a->fmt)->cpp != gl_fmt_info(b->fmt)->cpp) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s: texel sizes differ", fn);
			return;
		}
		/* in pixels of the miptrees: blocks of a compressed image,
		 * the last partial block included when the region reaches it */
		int ax = sx / sb, ay = sy / sb, bx = dx / db, by = dy / db;
		int pw = (w + sb - 1) / sb, ph = (h + sb - 1) / sb;
		if (pw > b->width - bx)
			pw = b->width - bx;
		if (ph > b->height - by)
			ph = b->height - by;
		/* every sample plane of a multisample renderbuffer */
		for (int k = 0; k < (a->samples > 0 ? a->depth : 1); k++) {
			struct gl_miptree *pa = gl_miptree_slice(a, k), *pb = gl_miptree_slice(b, k);
			if (!pa || !pb || raw_copy(ctx, pa, ax, ay, pb, bx, by, pw, ph) < 0) {
				gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the images", fn);
				return;
			}
		}
	}
}

void glCopyImageSubDataOES(GLuint src_name, GLenum src_target, GLint src_level, GLint sx, GLint sy, GLint sz,
			   GLuint dst_name, GLenum dst_target, GLint dst_level, GLint dx, GLint dy, GLint dz,
			   GLsizei w, GLsizei h, GLsizei depth)
{
	glCopyImageSubDataEXT(src_name, src_target, src_level, sx, sy, sz, dst_name, dst_target, dst_level, dx, dy, dz,
			      w, h, depth);
}
