/* SPDX-License-Identifier: MIT */
/*
 * State queries: glGetBooleanv, glGetFloatv, glGetIntegerv,
 * glGetInteger64v for the GLES 3.0 state tables and implementation
 * limits, glGetStringi, and the indexed glGetIntegeri_v/Integer64i_v for
 * the uniform and transform feedback buffer bindings (the only indexed
 * state GLES 3.0 has).
 *
 * One function (get_state) answers every pname as up to 16 doubles with
 * a kind, and the four entry points convert as GLES 3.0 §6.1.2 says:
 * booleans are value != 0; integers from floats round to nearest, except
 * normalized values (colors, depth range and clear depth), which scale
 * [0,1] onto [0, 2^31-1] (truncated, as Mesa does).
 *
 * Limits are the GLES 3.0 minimums where nothing here can use more (no
 * shaders), and what the blitter can address for sizes.
 * Calls: the context, gl_is_enabled, gl_debug_next_length.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "upper-layers/gl/gl_tex.h"

enum kind { K_INT, K_BOOL, K_FLOAT, K_NORM };

static int ints(double *v, enum kind *k, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		v[i] = va_arg(ap, double);
	va_end(ap);
	*k = K_INT;
	return n;
}
#define I1(x) ints(v, k, 1, (double)(x))

static int bind_name(double *v, enum kind *k, GLuint name)
{
	v[0] = name;
	*k = K_INT;
	return 1;
}

static int buf_name(struct gl_context *ctx, int target, double *v, enum kind *k)
{
	struct gl_buffer *b = ctx->bound_buffers[target];
	return bind_name(v, k, b ? b->name : 0);
}

/* GLES clamps the stencil reference to [0, 2^s - 1] for the s stencil
 * bits of the draw framebuffer (none: 0). */
static GLint stencil_ref(struct gl_context *ctx, int face)
{
	struct gl_framebuffer *fb = gl_draw_fb(ctx);
	struct gl_miptree *mt = fb ? gl_fb_miptree(ctx, fb, GL_ATT_STENCIL) : NULL;
	int bits = mt ? gl_fmt_info(mt->fmt)->stencil : 0;
	GLint ref = ctx->raster.stencil[face].ref, max = (1 << bits) - 1;
	return ref < 0 ? 0 : ref > max ? max : ref;
}

/* The value(s) of pname: count, or -1 if GLES 3.0 has no such state. */
static int get_state(struct gl_context *ctx, GLenum pname, double *v, enum kind *k)
{
	const struct gl_raster_state *r = &ctx->raster;
	/* texture bindings and limits, read/draw buffers, the implementation's
	 * read format: texture.c answers those */
	GLint64 t[16];	/* COMPRESSED_TEXTURE_FORMATS has the most */
	int n = gl_tex_get_ints(ctx, pname, t);
	if (n >= 0) {
		for (int i = 0; i < n; i++)
			v[i] = (double)t[i];
		*k = K_INT;
		return n;
	}
	switch (pname) {
	/* capabilities (glIsEnabled's) */
	case GL_BLEND: case GL_CULL_FACE: case GL_DEPTH_TEST: case GL_DITHER: case GL_POLYGON_OFFSET_FILL:
	case GL_PRIMITIVE_RESTART_FIXED_INDEX: case GL_RASTERIZER_DISCARD: case GL_SAMPLE_ALPHA_TO_COVERAGE:
	case GL_SAMPLE_COVERAGE: case GL_SCISSOR_TEST: case GL_STENCIL_TEST: case GL_DEBUG_OUTPUT_KHR:
	case GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR:
		v[0] = gl_is_enabled(ctx, pname);
		*k = K_BOOL;
		return 1;
	/* clear values and masks */
	case GL_COLOR_CLEAR_VALUE: {
		/* clamped unless a float buffer is drawn to (Mesa's
		 * FIXED_ONLY fragment clamping of GLES) */
		bool clamp = !gl_fb_has_float_color(ctx, gl_draw_fb(ctx));
		for (int i = 0; i < 4; i++) {
			float c = ctx->clear_color[i];
			v[i] = clamp ? (c > 0.0f ? (c < 1.0f ? c : 1.0f) : 0.0f) : c;
		}
		*k = K_NORM;
		return 4;
	}
	case GL_DEPTH_CLEAR_VALUE: v[0] = ctx->clear_depth; *k = K_NORM; return 1;
	case GL_STENCIL_CLEAR_VALUE: return I1(ctx->clear_stencil);
	case GL_COLOR_WRITEMASK:
		for (int i = 0; i < 4; i++)
			v[i] = ctx->color_mask[i];
		*k = K_BOOL;
		return 4;
	case GL_DEPTH_WRITEMASK: v[0] = ctx->depth_mask; *k = K_BOOL; return 1;
	case GL_STENCIL_WRITEMASK: return I1((GLint)ctx->stencil_mask);
	case GL_STENCIL_BACK_WRITEMASK: return I1((GLint)r->stencil[1].write_mask);
	/* transformation and rasterization */
	case GL_VIEWPORT: return ints(v, k, 4, (double)ctx->viewport[0], (double)ctx->viewport[1],
				      (double)ctx->viewport[2], (double)ctx->viewport[3]);
	case GL_SCISSOR_BOX: return ints(v, k, 4, (double)ctx->scissor[0], (double)ctx->scissor[1],
					 (double)ctx->scissor[2], (double)ctx->scissor[3]);
	case GL_DEPTH_RANGE: v[0] = r->depth_range[0]; v[1] = r->depth_range[1]; *k = K_NORM; return 2;
	case GL_LINE_WIDTH: v[0] = r->line_width; *k = K_FLOAT; return 1;
	case GL_POLYGON_OFFSET_FACTOR: v[0] = r->polygon_offset_factor; *k = K_FLOAT; return 1;
	case GL_POLYGON_OFFSET_UNITS: v[0] = r->polygon_offset_units; *k = K_FLOAT; return 1;
	case GL_SAMPLE_COVERAGE_VALUE: v[0] = r->sample_coverage_value; *k = K_FLOAT; return 1;
	case GL_SAMPLE_COVERAGE_INVERT: v[0] = r->sample_coverage_invert; *k = K_BOOL; return 1;
	case GL_CULL_FACE_MODE: return I1(r->cull_face);
	case GL_FRONT_FACE: return I1(r->front_face);
	/* per-fragment operations */
	case GL_DEPTH_FUNC: return I1(r->depth_func);
	case GL_STENCIL_FUNC: return I1(r->stencil[0].func);
	case GL_STENCIL_REF: return I1(stencil_ref(ctx, 0));
	case GL_STENCIL_VALUE_MASK: return I1((GLint)r->stencil[0].value_mask);
	case GL_STENCIL_FAIL: return I1(r->stencil[0].fail);
	case GL_STENCIL_PASS_DEPTH_FAIL: return I1(r->stencil[0].zfail);
	case GL_STENCIL_PASS_DEPTH_PASS: return I1(r->stencil[0].zpass);
	case GL_STENCIL_BACK_FUNC: return I1(r->stencil[1].func);
	case GL_STENCIL_BACK_REF: return I1(stencil_ref(ctx, 1));
	case GL_STENCIL_BACK_VALUE_MASK: return I1((GLint)r->stencil[1].value_mask);
	case GL_STENCIL_BACK_FAIL: return I1(r->stencil[1].fail);
	case GL_STENCIL_BACK_PASS_DEPTH_FAIL: return I1(r->stencil[1].zfail);
	case GL_STENCIL_BACK_PASS_DEPTH_PASS: return I1(r->stencil[1].zpass);
	case GL_BLEND_SRC_RGB: return I1(r->blend_src_rgb);
	case GL_BLEND_DST_RGB: return I1(r->blend_dst_rgb);
	case GL_BLEND_SRC_ALPHA: return I1(r->blend_src_a);
	case GL_BLEND_DST_ALPHA: return I1(r->blend_dst_a);
	case GL_BLEND_EQUATION_RGB: return I1(r->blend_eq_rgb);
	case GL_BLEND_EQUATION_ALPHA: return I1(r->blend_eq_a);
	case GL_BLEND_COLOR:
		for (int i = 0; i < 4; i++)
			v[i] = r->blend_color[i];
		*k = K_NORM;
		return 4;
	case GL_GENERATE_MIPMAP_HINT: return I1(r->generate_mipmap_hint);
	case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: return I1(r->fragment_shader_derivative_hint);
	/* pixel storage */
	case GL_PACK_ALIGNMENT: return I1(ctx->pixel_store.pack_alignment);
	case GL_UNPACK_ALIGNMENT: return I1(ctx->pixel_store.unpack_alignment);
	case GL_PACK_ROW_LENGTH: return I1(ctx->pixel_store.pack_row_length);
	case GL_PACK_SKIP_ROWS: return I1(ctx->pixel_store.pack_skip_rows);
	case GL_PACK_SKIP_PIXELS: return I1(ctx->pixel_store.pack_skip_pixels);
	case GL_UNPACK_ROW_LENGTH: return I1(ctx->pixel_store.unpack_row_length);
	case GL_UNPACK_IMAGE_HEIGHT: return I1(ctx->pixel_store.unpack_image_height);
	case GL_UNPACK_SKIP_ROWS: return I1(ctx->pixel_store.unpack_skip_rows);
	case GL_UNPACK_SKIP_PIXELS: return I1(ctx->pixel_store.unpack_skip_pixels);
	case GL_UNPACK_SKIP_IMAGES: return I1(ctx->pixel_store.unpack_skip_images);
	/* bindings */
	case GL_ARRAY_BUFFER_BINDING: return buf_name(ctx, GL_BUF_ARRAY, v, k);
	case GL_ELEMENT_ARRAY_BUFFER_BINDING: return buf_name(ctx, GL_BUF_ELEMENT_ARRAY, v, k);
	case GL_COPY_READ_BUFFER_BINDING: return buf_name(ctx, GL_BUF_COPY_READ, v, k);
	case GL_COPY_WRITE_BUFFER_BINDING: return buf_name(ctx, GL_BUF_COPY_WRITE, v, k);
	case GL_PIXEL_PACK_BUFFER_BINDING: return buf_name(ctx, GL_BUF_PIXEL_PACK, v, k);
	case GL_PIXEL_UNPACK_BUFFER_BINDING: return buf_name(ctx, GL_BUF_PIXEL_UNPACK, v, k);
	case GL_UNIFORM_BUFFER_BINDING: return buf_name(ctx, GL_BUF_UNIFORM, v, k);
	case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: return buf_name(ctx, GL_BUF_TRANSFORM_FEEDBACK, v, k);
	case GL_VERTEX_ARRAY_BINDING: return bind_name(v, k, ctx->vao->name);
	case GL_TRANSFORM_FEEDBACK_BINDING: return bind_name(v, k, ctx->xfb->name);
	case GL_TRANSFORM_FEEDBACK_ACTIVE: v[0] = ctx->xfb->active; *k = K_BOOL; return 1;
	case GL_TRANSFORM_FEEDBACK_PAUSED: v[0] = ctx->xfb->paused; *k = K_BOOL; return 1;
	case GL_CURRENT_PROGRAM: return bind_name(v, k, ctx->current_program);
	case GL_SAMPLER_BINDING: return bind_name(v, k, ctx->bound_samplers[ctx->active_texture]);
	case GL_RENDERBUFFER_BINDING: return bind_name(v, k, ctx->bound_rb ? ctx->bound_rb->name : 0);
	case GL_DRAW_FRAMEBUFFER_BINDING: return bind_name(v, k, ctx->draw_fb ? ctx->draw_fb->name : 0);
	case GL_READ_FRAMEBUFFER_BINDING: return bind_name(v, k, ctx->read_fb ? ctx->read_fb->name : 0);
	/* implementation limits */
	case GL_MAJOR_VERSION: return I1(3);
	case GL_MINOR_VERSION: return I1(0);
	case GL_NUM_EXTENSIONS: return I1(gl_num_extensions());
	case GL_SHADER_COMPILER: v[0] = GL_FALSE; *k = K_BOOL; return 1;
	case GL_NUM_SHADER_BINARY_FORMATS: case GL_NUM_PROGRAM_BINARY_FORMATS:
		return I1(0);
	case GL_SHADER_BINARY_FORMATS: case GL_PROGRAM_BINARY_FORMATS:
		return 0;	/* empty lists */
	case GL_SUBPIXEL_BITS: return I1(4);
	case GL_MAX_RENDERBUFFER_SIZE: return I1(16384);
	case GL_MAX_VIEWPORT_DIMS: return ints(v, k, 2, 16384.0, 16384.0);
	case GL_MAX_TEXTURE_LOD_BIAS: v[0] = 2.0; *k = K_FLOAT; return 1;
	case GL_ALIASED_POINT_SIZE_RANGE: case GL_ALIASED_LINE_WIDTH_RANGE:
		v[0] = v[1] = 1.0;
		*k = K_FLOAT;
		return 2;
	case GL_MAX_ELEMENT_INDEX: return I1((1 << 24) - 1);
	case GL_MAX_ELEMENTS_INDICES: case GL_MAX_ELEMENTS_VERTICES: return I1(1 << 16);
	case GL_MAX_SAMPLES: return I1(GL_MAX_SAMPLES_GEM);
	case GL_SAMPLES: return I1(gl_fb_samples(ctx, gl_draw_fb(ctx)));
	case GL_SAMPLE_BUFFERS: return I1(gl_fb_samples(ctx, gl_draw_fb(ctx)) > 0);
	case GL_MAX_VERTEX_ATTRIBS: return I1(GL_MAX_VERTEX_ATTRIBS_GEM);
	case GL_MAX_VERTEX_UNIFORM_COMPONENTS: return I1(1024);
	case GL_MAX_VERTEX_UNIFORM_VECTORS: return I1(256);
	case GL_MAX_VERTEX_UNIFORM_BLOCKS: case GL_MAX_FRAGMENT_UNIFORM_BLOCKS: return I1(12);
	case GL_MAX_VERTEX_OUTPUT_COMPONENTS: return I1(64);
	case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS: return I1(896);
	case GL_MAX_FRAGMENT_UNIFORM_VECTORS: return I1(224);
	case GL_MAX_FRAGMENT_INPUT_COMPONENTS: case GL_MAX_VARYING_COMPONENTS: return I1(60);
	case GL_MAX_VARYING_VECTORS: return I1(15);
	case GL_MIN_PROGRAM_TEXEL_OFFSET: return I1(-8);
	case GL_MAX_PROGRAM_TEXEL_OFFSET: return I1(7);
	case GL_MAX_UNIFORM_BLOCK_SIZE: return I1(16384);
	case GL_MAX_COMBINED_UNIFORM_BLOCKS: return I1(24);
	case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS: return I1(1024 + 12 * 16384 / 4);
	case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS: return I1(896 + 12 * 16384 / 4);
	case GL_MAX_UNIFORM_BUFFER_BINDINGS: return I1(GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM);
	case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: return I1(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_GEM);
	case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: return I1(GL_MAX_XFB_BUFFERS_GEM);
	case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS: return I1(64);
	case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS: return I1(4);
	case GL_MAX_SERVER_WAIT_TIMEOUT: return I1(0);
	/* KHR_debug */
	case GL_MAX_DEBUG_MESSAGE_LENGTH_KHR: return I1(GL_MAX_DEBUG_MESSAGE_LENGTH_GEM);
	case GL_MAX_DEBUG_LOGGED_MESSAGES_KHR: return I1(GL_MAX_DEBUG_LOGGED_MESSAGES_GEM);
	case GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR: return I1(GL_MAX_DEBUG_GROUP_STACK_DEPTH_GEM);
	case GL_MAX_LABEL_LENGTH_KHR: return I1(GL_MAX_LABEL_LENGTH_GEM);
	case GL_DEBUG_LOGGED_MESSAGES_KHR: return I1(ctx->debug.log_count);
	case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR: return I1(gl_debug_next_length(ctx));
	case GL_DEBUG_GROUP_STACK_DEPTH_KHR: return I1(ctx->debug.depth + 1);
	default:
		return -1;
	}
}

static int query(struct gl_context *ctx, GLenum pname, double *v, enum kind *k, const char *fn)
{
	int n = get_state(ctx, pname, v, k);
	if (n < 0)
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
	return n;
}

void glGetBooleanv(GLenum pname, GLboolean *data)
{
	struct gl_context *ctx = gl_ctx();
	double v[16];
	enum kind k;
	int n = ctx ? query(ctx, pname, v, &k, "glGetBooleanv") : -1;
	for (int i = 0; i < n; i++)
		data[i] = v[i] != 0.0;
}

void glGetFloatv(GLenum pname, GLfloat *data)
{
	struct gl_context *ctx = gl_ctx();
	double v[16];
	enum kind k;
	int n = ctx ? query(ctx, pname, v, &k, "glGetFloatv") : -1;
	for (int i = 0; i < n; i++)
		data[i] = (GLfloat)v[i];
}

static GLint64 to_int(double v, enum kind k, bool wide)
{
	if (k == K_NORM) {
		/* [0,1] onto [0, 2^31-1], truncated, as Mesa converts */
		double x = 2147483647.0 * v;
		return (GLint64)(x < -2147483648.0 ? -2147483648.0 : x > 2147483647.0 ? 2147483647.0 : x);
	}
	if (k == K_FLOAT) {
		double x = round(v);
		double lo = wide ? -9.2e18 : -2147483648.0, hi = wide ? 9.2e18 : 2147483647.0;
		return (GLint64)(x < lo ? lo : x > hi ? hi : x);
	}
	return (GLint64)v;
}

void glGetIntegerv(GLenum pname, GLint *data)
{
	struct gl_context *ctx = gl_ctx();
	double v[16];
	enum kind k;
	int n = ctx ? query(ctx, pname, v, &k, "glGetIntegerv") : -1;
	for (int i = 0; i < n; i++)
		data[i] = (GLint)to_int(v[i], k, false);
}

void glGetInteger64v(GLenum pname, GLint64 *data)
{
	struct gl_context *ctx = gl_ctx();
	double v[16];
	enum kind k;
	int n = ctx ? query(ctx, pname, v, &k, "glGetInteger64v") : -1;
	for (int i = 0; i < n; i++)
		data[i] = to_int(v[i], k, true);
}

static bool get_indexed(struct gl_context *ctx, GLenum pname, GLuint index, GLint64 *v, const char *fn)
{
	const struct gl_buffer_binding *b;
	unsigned max;
	switch (pname) {
	case GL_UNIFORM_BUFFER_BINDING:
	case GL_UNIFORM_BUFFER_START:
	case GL_UNIFORM_BUFFER_SIZE:
		max = GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM;
		b = index < max ? &ctx->ubo[index] : NULL;
		break;
	case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
	case GL_TRANSFORM_FEEDBACK_BUFFER_START:
	case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
		max = GL_MAX_XFB_BUFFERS_GEM;
		b = index < max ? &ctx->xfb->buffers[index] : NULL;
		break;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x is not indexed state)", fn, pname);
		return false;
	}
	if (!b) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(index %u >= %u)", fn, index, max);
		return false;
	}
	switch (pname) {
	case GL_UNIFORM_BUFFER_BINDING:
	case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
		*v = b->buf ? (GLint64)b->buf->name : 0;
		break;
	case GL_UNIFORM_BUFFER_START:
	case GL_TRANSFORM_FEEDBACK_BUFFER_START:
		*v = b->offset;
		break;
	default:
		*v = b->size;
		break;
	}
	return true;
}

void glGetIntegeri_v(GLenum pname, GLuint index, GLint *data)
{
	struct gl_context *ctx = gl_ctx();
	GLint64 v;
	if (ctx && get_indexed(ctx, pname, index, &v, "glGetIntegeri_v"))
		*data = v > INT32_MAX ? INT32_MAX : (GLint)v;
}

void glGetInteger64i_v(GLenum pname, GLuint index, GLint64 *data)
{
	struct gl_context *ctx = gl_ctx();
	GLint64 v;
	if (ctx && get_indexed(ctx, pname, index, &v, "glGetInteger64i_v"))
		*data = v;
}
