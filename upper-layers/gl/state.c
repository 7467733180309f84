/* SPDX-License-Identifier: MIT */
/*
 * Fixed-function state the blitter paths read (clear values, write masks,
 * scissor, viewport, enables, pixel storage) and the queries about it and
 * about the implementation (glGetString, glGet*). Values and errors follow
 * the GLES 3.0 specification's state tables.
 */
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static float clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

void gl_state_init(struct gl_context *ctx)
{
	for (int i = 0; i < 4; i++)
		ctx->color_mask[i] = GL_TRUE;
	ctx->depth_mask = GL_TRUE;
	ctx->stencil_mask = ~0u;
	ctx->clear_depth = 1.0f;
	ctx->enables = 1u << 3;	/* GL_DITHER, the one capability on by default */
	ctx->pixel_store.pack_alignment = 4;
	ctx->pixel_store.unpack_alignment = 4;
}

void glClearColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	/* GLES keeps clear colors clamped (no floating-point color buffers here) */
	ctx->clear_color[0] = clamp01(r);
	ctx->clear_color[1] = clamp01(g);
	ctx->clear_color[2] = clamp01(b);
	ctx->clear_color[3] = clamp01(a);
}

void glClearDepthf(GLfloat d)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		ctx->clear_depth = clamp01(d);
}

void glClearStencil(GLint s)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		ctx->clear_stencil = s;
}

void glColorMask(GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	ctx->color_mask[0] = r != 0;
	ctx->color_mask[1] = g != 0;
	ctx->color_mask[2] = b != 0;
	ctx->color_mask[3] = a != 0;
}

void glDepthMask(GLboolean flag)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		ctx->depth_mask = flag != 0;
}

void glStencilMask(GLuint mask)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		ctx->stencil_mask = mask;
}

void glScissor(GLint x, GLint y, GLsizei w, GLsizei h)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glScissor(%dx%d)", w, h);
		return;
	}
	ctx->scissor[0] = x;
	ctx->scissor[1] = y;
	ctx->scissor[2] = w;
	ctx->scissor[3] = h;
}

void glViewport(GLint x, GLint y, GLsizei w, GLsizei h)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glViewport(%dx%d)", w, h);
		return;
	}
	ctx->viewport[0] = x;
	ctx->viewport[1] = y;
	ctx->viewport[2] = w;
	ctx->viewport[3] = h;
}

/* The capabilities glEnable accepts in GLES 3.0, with a bit each. */
static int cap_bit(GLenum cap)
{
	static const GLenum caps[] = {
		GL_BLEND, GL_CULL_FACE, GL_DEPTH_TEST, GL_DITHER, GL_POLYGON_OFFSET_FILL,
		GL_PRIMITIVE_RESTART_FIXED_INDEX, GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE,
		GL_SAMPLE_COVERAGE, GL_SCISSOR_TEST, GL_STENCIL_TEST, GL_DEBUG_OUTPUT_KHR,
		GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR,
	};
	for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if (caps[i] == cap)
			return (int)i;
	return -1;
}

static void set_cap(GLenum cap, bool on, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int bit = cap_bit(cap);
	if (bit < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", fn, cap);
		return;
	}
	if (on)
		ctx->enables |= 1u << bit;
	else
		ctx->enables &= ~(1u << bit);
	if (cap == GL_SCISSOR_TEST)
		ctx->scissor_test = on;
}

void glEnable(GLenum cap)
{
	set_cap(cap, true, "glEnable");
}

void glDisable(GLenum cap)
{
	set_cap(cap, false, "glDisable");
}

GLboolean glIsEnabled(GLenum cap)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_FALSE;
	int bit = cap_bit(cap);
	if (bit < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glIsEnabled(0x%x)", cap);
		return GL_FALSE;
	}
	return (ctx->enables >> bit) & 1;
}

void glPixelStorei(GLenum pname, GLint param)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	GLint *slot;
	switch (pname) {
	case GL_PACK_ALIGNMENT: slot = &ctx->pixel_store.pack_alignment; break;
	case GL_UNPACK_ALIGNMENT: slot = &ctx->pixel_store.unpack_alignment; break;
	case GL_PACK_ROW_LENGTH: slot = &ctx->pixel_store.pack_row_length; break;
	case GL_PACK_SKIP_ROWS: slot = &ctx->pixel_store.pack_skip_rows; break;
	case GL_PACK_SKIP_PIXELS: slot = &ctx->pixel_store.pack_skip_pixels; break;
	case GL_UNPACK_ROW_LENGTH: slot = &ctx->pixel_store.unpack_row_length; break;
	case GL_UNPACK_IMAGE_HEIGHT: slot = &ctx->pixel_store.unpack_image_height; break;
	case GL_UNPACK_SKIP_ROWS: slot = &ctx->pixel_store.unpack_skip_rows; break;
	case GL_UNPACK_SKIP_PIXELS: slot = &ctx->pixel_store.unpack_skip_pixels; break;
	case GL_UNPACK_SKIP_IMAGES: slot = &ctx->pixel_store.unpack_skip_images; break;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "glPixelStorei(pname 0x%x)", pname);
		return;
	}
	if (pname == GL_PACK_ALIGNMENT || pname == GL_UNPACK_ALIGNMENT) {
		if (param != 1 && param != 2 && param != 4 && param != 8) {
			gl_error(ctx, GL_INVALID_VALUE, "glPixelStorei(alignment %d)", param);
			return;
		}
	} else if (param < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glPixelStorei(0x%x, %d)", pname, param);
		return;
	}
	*slot = param;
}

static const char extensions[] = "GL_EXT_texture_format_BGRA8888 GL_KHR_debug GL_OES_EGL_image";

const GLubyte *glGetString(GLenum name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return NULL;
	switch (name) {
	case GL_VENDOR: return (const GLubyte *)"libdrm-gem";
	case GL_RENDERER: return (const GLubyte *)"libdrm-gem blitter (i915 BLT)";
	case GL_VERSION: return (const GLubyte *)"OpenGL ES 3.0 libdrm-gem";
	case GL_SHADING_LANGUAGE_VERSION: return (const GLubyte *)"OpenGL ES GLSL ES 3.00";
	case GL_EXTENSIONS: return (const GLubyte *)extensions;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "glGetString(0x%x)", name);
		return NULL;
	}
}

/* Integer state: writes up to 4 values, returns how many, -1 if unknown. */
static int get_ints(struct gl_context *ctx, GLenum pname, GLint64 *v)
{
	switch (pname) {
	case GL_MAJOR_VERSION: v[0] = 3; return 1;
	case GL_MINOR_VERSION: v[0] = 0; return 1;
	case GL_VIEWPORT: for (int i = 0; i < 4; i++) v[i] = ctx->viewport[i]; return 4;
	case GL_SCISSOR_BOX: for (int i = 0; i < 4; i++) v[i] = ctx->scissor[i]; return 4;
	case GL_PACK_ALIGNMENT: v[0] = ctx->pixel_store.pack_alignment; return 1;
	case GL_UNPACK_ALIGNMENT: v[0] = ctx->pixel_store.unpack_alignment; return 1;
	case GL_PACK_ROW_LENGTH: v[0] = ctx->pixel_store.pack_row_length; return 1;
	case GL_PACK_SKIP_ROWS: v[0] = ctx->pixel_store.pack_skip_rows; return 1;
	case GL_PACK_SKIP_PIXELS: v[0] = ctx->pixel_store.pack_skip_pixels; return 1;
	case GL_UNPACK_ROW_LENGTH: v[0] = ctx->pixel_store.unpack_row_length; return 1;
	case GL_UNPACK_IMAGE_HEIGHT: v[0] = ctx->pixel_store.unpack_image_height; return 1;
	case GL_UNPACK_SKIP_ROWS: v[0] = ctx->pixel_store.unpack_skip_rows; return 1;
	case GL_UNPACK_SKIP_PIXELS: v[0] = ctx->pixel_store.unpack_skip_pixels; return 1;
	case GL_UNPACK_SKIP_IMAGES: v[0] = ctx->pixel_store.unpack_skip_images; return 1;
	case GL_STENCIL_WRITEMASK: v[0] = (GLint)ctx->stencil_mask; return 1;
	case GL_STENCIL_CLEAR_VALUE: v[0] = ctx->clear_stencil; return 1;
	case GL_MAX_RENDERBUFFER_SIZE: v[0] = 16384; return 1;
	case GL_MAX_SAMPLES: v[0] = 0; return 1;
	case GL_SHADER_COMPILER: v[0] = GL_FALSE; return 1;
	case GL_RENDERBUFFER_BINDING: v[0] = ctx->bound_rb ? (GLint64)ctx->bound_rb->name : 0; return 1;
	case GL_DRAW_FRAMEBUFFER_BINDING: v[0] = ctx->draw_fb ? (GLint64)ctx->draw_fb->name : 0; return 1;
	case GL_READ_FRAMEBUFFER_BINDING: v[0] = ctx->read_fb ? (GLint64)ctx->read_fb->name : 0; return 1;
	default: return gl_tex_get_ints(ctx, pname, v);
	}
}

void glGetInteger64v(GLenum pname, GLint64 *data)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	GLint64 v[4];
	int n = get_ints(ctx, pname, v);
	if (n < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glGet(pname 0x%x)", pname);
		return;
	}
	memcpy(data, v, (size_t)n * sizeof(*v));
}

void glGetIntegerv(GLenum pname, GLint *data)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	GLint64 v[4];
	int n = get_ints(ctx, pname, v);
	if (n < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetIntegerv(pname 0x%x)", pname);
		return;
	}
	for (int i = 0; i < n; i++)
		data[i] = (GLint)v[i];
}
