/* SPDX-License-Identifier: MIT */
/*
 * Texture objects: names, bindings to the texture units, the sampler state
 * GLES 3.0 keeps in a texture (kept and queried; nothing samples), and the
 * queries about textures and the texture limits.
 *
 * Lifetimes: a texture is reference counted. The share group's name table
 * holds one reference, each unit binding and each framebuffer attachment
 * one more, so a deleted texture lives on while attached to a framebuffer
 * that is not bound (GL detaches it only from the bound ones). The last
 * reference releases its images (miptrees) and an EGLImage it was bound
 * to. Name tables are touched under the share group's lock.
 *
 * Calls: miptree.c, names.c, and gl_image_unref of image.c (EGL images).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_tex.h"

int gl_tex_target_index(GLenum target)
{
	switch (target) {
	case GL_TEXTURE_2D: return GL_TEX_2D;
	case GL_TEXTURE_3D: return GL_TEX_3D;
	case GL_TEXTURE_2D_ARRAY: return GL_TEX_2D_ARRAY;
	case GL_TEXTURE_CUBE_MAP: return GL_TEX_CUBE;
	default: return -1;
	}
}

struct gl_miptree **gl_tex_image_slot(struct gl_texture *tex, int face, int level, GLenum **internal)
{
	if (face == 0) {
		*internal = &tex->internal[level];
		return &tex->level[level];
	}
	*internal = &tex->face_internal[face - 1][level];
	return &tex->face_level[face - 1][level];
}

struct gl_miptree *gl_tex_image(struct gl_texture *tex, int face, int level)
{
	GLenum *internal;
	if (!tex || level < 0 || level >= GL_MAX_TEXTURE_LEVELS || face < 0 || face > 5)
		return NULL;
	return *gl_tex_image_slot(tex, face, level, &internal);
}

bool gl_tex_layered(const struct gl_texture *tex)
{
	return tex->target == GL_TEXTURE_3D || tex->target == GL_TEXTURE_2D_ARRAY;
}

struct gl_miptree *gl_tex_layer(struct gl_texture *tex, int face, int level, int layer)
{
	struct gl_miptree *mt = gl_tex_image(tex, face, level);
	if (!mt || layer < 0)
		return NULL;
	return gl_miptree_slice(mt, layer);
}

void gl_tex_set_image_3d(struct gl_texture *tex, int level, struct gl_miptree *mt, GLenum internal, int w, int h,
			 int d)
{
	gl_tex_set_image(tex, 0, level, mt, internal, w, h);
	tex->depth[level] = d;
}

void gl_tex_set_image(struct gl_texture *tex, int face, int level, struct gl_miptree *mt, GLenum internal, int w,
		      int h)
{
	GLenum *slot_internal;
	struct gl_miptree **slot = gl_tex_image_slot(tex, face, level, &slot_internal);
	/* a new level 0 replaces what an EGLImage gave the texture */
	if (face == 0 && level == 0 && tex->image) {
		gl_image_unref(tex->image);
		tex->image = NULL;
	}
	gl_miptree_unref(*slot);
	*slot = mt;
	*slot_internal = internal;
	tex->width[face][level] = w;
	tex->height[face][level] = h;
	if (face == 0)
		tex->depth[level] = internal ? 1 : 0;
}

static struct gl_texture *tex_new(GLuint name)
{
	struct gl_texture *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->name = name;
	t->refcount = 1;
	t->min_filter = GL_NEAREST_MIPMAP_LINEAR;
	t->mag_filter = GL_LINEAR;
	t->wrap_s = t->wrap_t = t->wrap_r = GL_REPEAT;
	t->base_level = 0;
	t->max_level = 1000;
	t->compare_mode = GL_NONE;
	t->compare_func = GL_LEQUAL;
	t->swizzle[0] = GL_RED;
	t->swizzle[1] = GL_GREEN;
	t->swizzle[2] = GL_BLUE;
	t->swizzle[3] = GL_ALPHA;
	t->min_lod = -1000.0f;
	t->max_lod = 1000.0f;
	return t;
}

struct gl_texture *gl_texture_ref(struct gl_texture *tex)
{
	if (tex)
		__atomic_add_fetch(&tex->refcount, 1, __ATOMIC_RELAXED);
	return tex;
}

void gl_texture_unref(struct gl_texture *tex)
{
	if (!tex || __atomic_sub_fetch(&tex->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	for (int l = 0; l < GL_MAX_TEXTURE_LEVELS; l++) {
		gl_miptree_unref(tex->level[l]);
		for (int f = 0; f < 5; f++)
			gl_miptree_unref(tex->face_level[f][l]);
	}
	if (tex->image)
		gl_image_unref(tex->image);
	free(tex);
}

struct gl_texture *gl_texture_lookup(struct gl_context *ctx, GLuint name)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_texture *t = gl_names_get(&ctx->shared->textures, name);
	pthread_mutex_unlock(&ctx->shared->lock);
	return t;
}

static const GLenum target_enums[GL_TEX_TARGET_COUNT] = {
	[GL_TEX_2D] = GL_TEXTURE_2D,
	[GL_TEX_3D] = GL_TEXTURE_3D,
	[GL_TEX_2D_ARRAY] = GL_TEXTURE_2D_ARRAY,
	[GL_TEX_CUBE] = GL_TEXTURE_CUBE_MAP,
};

/* The texture bound to the active unit, or the context's texture 0 of
 * that target (NULL only when that cannot be allocated). */
struct gl_texture *gl_tex_bound(struct gl_context *ctx, int target_index)
{
	struct gl_texture *t = ctx->bound_textures[ctx->active_texture][target_index];
	if (t)
		return t;
	if (!ctx->default_textures[target_index]) {
		ctx->default_textures[target_index] = tex_new(0);
		if (ctx->default_textures[target_index])
			ctx->default_textures[target_index]->target = target_enums[target_index];
	}
	return ctx->default_textures[target_index];
}

void glGenTextures(GLsizei n, GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGenTextures(n < 0)");
		return;
	}
	pthread_mutex_lock(&ctx->shared->lock);
	for (GLsizei i = 0; i < n; i++)
		names[i] = gl_names_gen(&ctx->shared->textures);
	pthread_mutex_unlock(&ctx->shared->lock);
}

static void detach_tex(struct gl_framebuffer *fb, struct gl_texture *tex)
{
	if (!fb || fb->name == 0)
		return;
	for (int i = 0; i < GL_ATT_COUNT; i++)
		if (fb->att[i].type == GL_TEXTURE && fb->att[i].tex == tex) {
			gl_texture_unref(tex);
			memset(&fb->att[i], 0, sizeof(fb->att[i]));
		}
}

void glDeleteTextures(GLsizei n, const GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDeleteTextures(n < 0)");
		return;
	}
	for (GLsizei i = 0; i < n; i++) {
		pthread_mutex_lock(&ctx->shared->lock);
		struct gl_texture *t = gl_names_get(&ctx->shared->textures, names[i]);
		if (names[i])
			gl_names_remove(&ctx->shared->textures, names[i]);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!t)
			continue;
		/* unbound from every unit of this context (others keep theirs, as GL says) */
		for (int u = 0; u < GL_MAX_TEXTURE_UNITS_GEM; u++)
			for (int k = 0; k < GL_TEX_TARGET_COUNT; k++)
				if (ctx->bound_textures[u][k] == t) {
					ctx->bound_textures[u][k] = NULL;
					gl_texture_unref(t);
				}
		detach_tex(ctx->draw_fb, t);
		if (ctx->read_fb != ctx->draw_fb)
			detach_tex(ctx->read_fb, t);
		gl_texture_unref(t);
	}
}

GLboolean glIsTexture(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_FALSE;
	struct gl_texture *t = gl_texture_lookup(ctx, name);
	/* a name is a texture once bound */
	return t && t->target != 0;
}

void glBindTexture(GLenum target, GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = gl_tex_target_index(target);
	if (k < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glBindTexture(target 0x%x)", target);
		return;
	}
	struct gl_texture *t = NULL;
	if (name) {
		pthread_mutex_lock(&ctx->shared->lock);
		t = gl_names_get(&ctx->shared->textures, name);
		if (!t) {
			/* GLES creates the object at its first bind */
			t = tex_new(name);
			if (t && gl_names_set(&ctx->shared->textures, name, t) < 0) {
				free(t);
				t = NULL;
			}
			if (!t) {
				pthread_mutex_unlock(&ctx->shared->lock);
				gl_error(ctx, GL_OUT_OF_MEMORY, "glBindTexture: out of memory");
				return;
			}
		}
		if (t->target && t->target != target) {
			pthread_mutex_unlock(&ctx->shared->lock);
			gl_error(ctx, GL_INVALID_OPERATION, "glBindTexture(texture %u was bound to 0x%x, not 0x%x)", name,
				 t->target, target);
			return;
		}
		t->target = target;
		gl_texture_ref(t);
		pthread_mutex_unlock(&ctx->shared->lock);
	}
	struct gl_texture **slot = &ctx->bound_textures[ctx->active_texture][k];
	gl_texture_unref(*slot);
	*slot = t;
}

void glActiveTexture(GLenum unit)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (unit < GL_TEXTURE0 || unit >= GL_TEXTURE0 + GL_MAX_TEXTURE_UNITS_GEM) {
		gl_error(ctx, GL_INVALID_ENUM, "glActiveTexture(0x%x)", unit);
		return;
	}
	ctx->active_texture = unit - GL_TEXTURE0;
}

void gl_tex_context_fini(struct gl_context *ctx)
{
	for (int k = 0; k < GL_TEX_TARGET_COUNT; k++) {
		for (int u = 0; u < GL_MAX_TEXTURE_UNITS_GEM; u++) {
			gl_texture_unref(ctx->bound_textures[u][k]);
			ctx->bound_textures[u][k] = NULL;
		}
		gl_texture_unref(ctx->default_textures[k]);
		ctx->default_textures[k] = NULL;
	}
}

/* ---- parameters ---- */

static bool enum_in(GLint v, const GLenum *list, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if ((GLint)list[i] == v)
			return true;
	return false;
}
#define IN(v, ...) enum_in(v, (const GLenum[]){ __VA_ARGS__ }, sizeof((GLenum[]){ __VA_ARGS__ }) / sizeof(GLenum))

/* Sets one parameter from an int or float value (is_float says which the
 * caller gave; enum-valued ones take the float's integer value). */
static void tex_param(GLenum target, GLenum pname, GLint iv, GLfloat fv, bool is_float, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = gl_tex_target_index(target);
	if (k < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	struct gl_texture *t = gl_tex_bound(ctx, k);
	if (!t) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		return;
	}
	if (is_float && pname != GL_TEXTURE_MIN_LOD && pname != GL_TEXTURE_MAX_LOD)
		iv = (GLint)lrintf(fv);
	if (!is_float)
		fv = (GLfloat)iv;
	GLint *slot = NULL;
	bool ok = true;
	switch (pname) {
	case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
		ok = IN(iv, GL_REPEAT, GL_CLAMP_TO_EDGE, GL_MIRRORED_REPEAT);
		slot = pname == GL_TEXTURE_WRAP_S ? &t->wrap_s : pname == GL_TEXTURE_WRAP_T ? &t->wrap_t : &t->wrap_r;
		break;
	case GL_TEXTURE_MIN_FILTER:
		ok = IN(iv, GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_NEAREST,
			GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR_MIPMAP_LINEAR);
		slot = &t->min_filter;
		break;
	case GL_TEXTURE_MAG_FILTER:
		ok = IN(iv, GL_NEAREST, GL_LINEAR);
		slot = &t->mag_filter;
		break;
	case GL_TEXTURE_COMPARE_MODE:
		ok = IN(iv, GL_NONE, GL_COMPARE_REF_TO_TEXTURE);
		slot = &t->compare_mode;
		break;
	case GL_TEXTURE_COMPARE_FUNC:
		ok = IN(iv, GL_LEQUAL, GL_GEQUAL, GL_LESS, GL_GREATER, GL_EQUAL, GL_NOTEQUAL, GL_ALWAYS, GL_NEVER);
		slot = &t->compare_func;
		break;
	case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
		ok = IN(iv, GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE);
		slot = &t->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
		break;
	case GL_TEXTURE_BASE_LEVEL: case GL_TEXTURE_MAX_LEVEL:
		if (iv < 0) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %d)", fn, pname, iv);
			return;
		}
		slot = pname == GL_TEXTURE_BASE_LEVEL ? &t->base_level : &t->max_level;
		break;
	case GL_TEXTURE_MIN_LOD:
		t->min_lod = fv;
		return;
	case GL_TEXTURE_MAX_LOD:
		t->max_lod = fv;
		return;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
		return;
	}
	if (!ok) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(0x%x, 0x%x)", fn, pname, iv);
		return;
	}
	*slot = iv;
}

void glTexParameteri(GLenum target, GLenum pname, GLint param)
{
	tex_param(target, pname, param, 0, false, "glTexParameteri");
}

void glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
	tex_param(target, pname, 0, param, true, "glTexParameterf");
}

void glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
	tex_param(target, pname, params[0], 0, false, "glTexParameteriv");
}

void glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
	tex_param(target, pname, 0, params[0], true, "glTexParameterfv");
}

/* One parameter's value; false for an unknown pname. */
static bool tex_get(struct gl_texture *t, GLenum pname, GLint *iv, GLfloat *fv)
{
	*fv = 0;
	switch (pname) {
	case GL_TEXTURE_WRAP_S: *iv = t->wrap_s; break;
	case GL_TEXTURE_WRAP_T: *iv = t->wrap_t; break;
	case GL_TEXTURE_WRAP_R: *iv = t->wrap_r; break;
	case GL_TEXTURE_MIN_FILTER: *iv = t->min_filter; break;
	case GL_TEXTURE_MAG_FILTER: *iv = t->mag_filter; break;
	case GL_TEXTURE_COMPARE_MODE: *iv = t->compare_mode; break;
	case GL_TEXTURE_COMPARE_FUNC: *iv = t->compare_func; break;
	case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
		*iv = t->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
		break;
	case GL_TEXTURE_BASE_LEVEL: *iv = t->base_level; break;
	case GL_TEXTURE_MAX_LEVEL: *iv = t->max_level; break;
	case GL_TEXTURE_IMMUTABLE_FORMAT: *iv = t->immutable; break;
	case GL_TEXTURE_IMMUTABLE_LEVELS: *iv = t->immutable_levels; break;
	case GL_TEXTURE_MIN_LOD: *fv = t->min_lod; *iv = (GLint)lrintf(t->min_lod); return true;
	case GL_TEXTURE_MAX_LOD: *fv = t->max_lod; *iv = (GLint)lrintf(t->max_lod); return true;
	default: return false;
	}
	*fv = (GLfloat)*iv;
	return true;
}

static void get_tex_param(GLenum target, GLenum pname, GLint *ip, GLfloat *fp, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = gl_tex_target_index(target);
	if (k < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	GLint iv;
	GLfloat fv;
	struct gl_texture *t = gl_tex_bound(ctx, k);
	if (!t) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		return;
	}
	if (!tex_get(t, pname, &iv, &fv)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
		return;
	}
	if (ip)
		*ip = iv;
	if (fp)
		*fp = fv;
}

void glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
	get_tex_param(target, pname, params, NULL, "glGetTexParameteriv");
}

void glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
	get_tex_param(target, pname, NULL, params, "glGetTexParameterfv");
}

/* ---- texture and pixel-transfer state for glGet ---- */

int gl_tex_get_ints(struct gl_context *ctx, GLenum pname, GLint64 *v)
{
	struct gl_framebuffer *fb;
	struct gl_texture *t;
	switch (pname) {
	case GL_ACTIVE_TEXTURE: v[0] = GL_TEXTURE0 + ctx->active_texture; return 1;
	case GL_TEXTURE_BINDING_2D: t = ctx->bound_textures[ctx->active_texture][GL_TEX_2D]; break;
	case GL_TEXTURE_BINDING_3D: t = ctx->bound_textures[ctx->active_texture][GL_TEX_3D]; break;
	case GL_TEXTURE_BINDING_2D_ARRAY: t = ctx->bound_textures[ctx->active_texture][GL_TEX_2D_ARRAY]; break;
	case GL_TEXTURE_BINDING_CUBE_MAP: t = ctx->bound_textures[ctx->active_texture][GL_TEX_CUBE]; break;
	case GL_MAX_TEXTURE_SIZE: case GL_MAX_CUBE_MAP_TEXTURE_SIZE: v[0] = GL_MAX_TEXTURE_SIZE_GEM; return 1;
	case GL_MAX_3D_TEXTURE_SIZE: v[0] = GL_MAX_3D_TEXTURE_SIZE_GEM; return 1;
	case GL_MAX_ARRAY_TEXTURE_LAYERS: v[0] = GL_MAX_ARRAY_TEXTURE_LAYERS_GEM; return 1;
	case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: v[0] = GL_MAX_TEXTURE_UNITS_GEM; return 1;
	case GL_MAX_TEXTURE_IMAGE_UNITS: case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: v[0] = 16; return 1;
	case GL_MAX_COLOR_ATTACHMENTS: case GL_MAX_DRAW_BUFFERS: v[0] = 4; return 1;
	case GL_NUM_COMPRESSED_TEXTURE_FORMATS: v[0] = GL_NUM_COMPRESSED_FORMATS_GEM; return 1;
	case GL_COMPRESSED_TEXTURE_FORMATS: return gl_compressed_formats(v);
	case GL_READ_BUFFER:
		fb = gl_read_fb(ctx);
		v[0] = fb ? (GLint64)fb->read_buffer : (GLint64)GL_BACK;
		return 1;
	case GL_IMPLEMENTATION_COLOR_READ_FORMAT: case GL_IMPLEMENTATION_COLOR_READ_TYPE: {
		struct gl_miptree *mt = gl_fb_read_miptree(ctx);
		const struct gl_fmt_info *fi = mt ? gl_fmt_info(mt->fmt) : NULL;
		if (!fi || !fi->read_format) {
			gl_error(ctx, GL_INVALID_OPERATION, "glGet(IMPLEMENTATION_COLOR_READ_*): no readable color buffer");
			return 0;
		}
		v[0] = pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? fi->read_format : fi->read_type;
		return 1;
	}
	default:
		if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + 4) {
			fb = gl_draw_fb(ctx);
			v[0] = fb ? (GLint64)fb->draw_buffers[pname - GL_DRAW_BUFFER0]
				  : pname == GL_DRAW_BUFFER0 ? GL_BACK : GL_NONE;
			return 1;
		}
		return -1;
	}
	v[0] = t ? (GLint64)t->name : 0;
	return 1;
}
