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

void gl_state_init(struct gl_context *ctx)
{
	for (int i = 0; i < 4; i++)
		ctx->color_mask[i] = GL_TRUE;
	ctx->depth_mask = GL_TRUE;
	ctx->stencil_mask = 0xff;	/* the 8 stencil bits, as Mesa reports it */
	ctx->clear_depth = 1.0f;
	ctx->enables = 1u << 3;	/* GL_DITHER, the one capability on by default */
	/* KHR_debug: DEBUG_OUTPUT starts on in debug contexts only */
	if (ctx->flags & GL_CONTEXT_FLAG_DEBUG_GEM)
		ctx->enables |= 1u << cap_bit(GL_DEBUG_OUTPUT_KHR);
	gl_raster_init(&ctx->raster);
	ctx->pixel_store.pack_alignment = 4;
	ctx->pixel_store.unpack_alignment = 4;
}

void glClearColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	/* kept as given: a float color buffer clears to it unclamped
	 * (EXT_color_buffer_float); normalized ones clamp when packing, and
	 * the query clamps unless a float buffer is drawn to (get.c) */
	ctx->clear_color[0] = r;
	ctx->clear_color[1] = g;
	ctx->clear_color[2] = b;
	ctx->clear_color[3] = a;
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
	if (!ctx)
		return;
	ctx->stencil_mask = mask;	/* front (what clears honour) */
	ctx->raster.stencil[1].write_mask = mask;	/* back */
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

bool gl_is_enabled(struct gl_context *ctx, GLenum cap)
{
	int bit = cap_bit(cap);
	return bit >= 0 && ((ctx->enables >> bit) & 1);
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

static const char extensions[] =
	"GL_EXT_buffer_storage GL_EXT_color_buffer_float GL_EXT_color_buffer_half_float "
	"GL_EXT_compressed_ETC1_RGB8_sub_texture GL_EXT_copy_image GL_EXT_read_format_bgra "
	"GL_EXT_robustness GL_EXT_texture_format_BGRA8888 GL_KHR_debug GL_OES_EGL_image "
	"GL_OES_compressed_ETC1_RGB8_texture GL_OES_copy_image";

/* The extension list one name at a time (glGetStringi), from the string. */
static const char *extension_at(GLuint index, size_t *len)
{
	const char *p = extensions;
	for (GLuint i = 0; *p; i++) {
		size_t n = strcspn(p, " ");
		if (i == index) {
			*len = n;
			return p;
		}
		p += n;
		p += strspn(p, " ");
	}
	return NULL;
}

int gl_num_extensions(void)
{
	int n = 0;
	size_t len;
	while (extension_at((GLuint)n, &len))
		n++;
	return n;
}

const GLubyte *glGetStringi(GLenum name, GLuint index)
{
	/* one stable copy per index: GL hands out static strings */
	static char names[32][64];
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return NULL;
	if (name != GL_EXTENSIONS) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetStringi(name 0x%x)", name);
		return NULL;
	}
	size_t len;
	const char *e = extension_at(index, &len);
	if (!e || index >= 32 || len >= sizeof(names[0])) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetStringi(index %u >= GL_NUM_EXTENSIONS)", index);
		return NULL;
	}
	memcpy(names[index], e, len);
	names[index][len] = 0;
	return (const GLubyte *)names[index];
}

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
