/* SPDX-License-Identifier: MIT */
/*
 * Per-fragment and rasterization state that only drawing would use:
 * blending, depth and stencil tests, culling, line width, polygon offset,
 * sample coverage, hints. Nothing draws here, so the state is kept exactly
 * as GLES 3.0 defines it (defaults, clamping, errors) for the queries, and
 * bad values change nothing. The stencil write masks are the exception
 * that matters: the front one (ctx->stencil_mask) is what stencil clears
 * honour. Calls: gl_error only.
 */
#include "upper-layers/gl/gl_priv.h"

static float clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

void gl_raster_init(struct gl_raster_state *r)
{
	r->blend_src_rgb = r->blend_src_a = GL_ONE;
	r->blend_dst_rgb = r->blend_dst_a = GL_ZERO;
	r->blend_eq_rgb = r->blend_eq_a = GL_FUNC_ADD;
	r->depth_func = GL_LESS;
	r->depth_range[0] = 0.0f;
	r->depth_range[1] = 1.0f;
	for (int i = 0; i < 2; i++) {
		r->stencil[i].func = GL_ALWAYS;
		r->stencil[i].fail = r->stencil[i].zfail = r->stencil[i].zpass = GL_KEEP;
		r->stencil[i].ref = 0;
		/* all ones of the 8 stencil bits every format here has */
		r->stencil[i].value_mask = 0xff;
		r->stencil[i].write_mask = 0xff;
	}
	r->cull_face = GL_BACK;
	r->front_face = GL_CCW;
	r->line_width = 1.0f;
	r->sample_coverage_value = 1.0f;
	r->generate_mipmap_hint = r->fragment_shader_derivative_hint = GL_DONT_CARE;
	for (int i = 0; i < GL_MAX_VERTEX_ATTRIBS_GEM; i++) {
		r->current_attrib[i][3] = 1.0f;
		r->current_attrib_type[i] = GL_FLOAT;
	}
}

static bool blend_factor_ok(GLenum f)
{
	switch (f) {
	case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR: case GL_DST_COLOR:
	case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA: case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA:
	case GL_ONE_MINUS_DST_ALPHA: case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR:
	case GL_CONSTANT_ALPHA: case GL_ONE_MINUS_CONSTANT_ALPHA: case GL_SRC_ALPHA_SATURATE:
		return true;
	default:
		return false;
	}
}

void glBlendFuncSeparate(GLenum src_rgb, GLenum dst_rgb, GLenum src_a, GLenum dst_a)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!blend_factor_ok(src_rgb) || !blend_factor_ok(dst_rgb) || !blend_factor_ok(src_a) ||
	    !blend_factor_ok(dst_a)) {
		gl_error(ctx, GL_INVALID_ENUM, "glBlendFunc(0x%x, 0x%x, 0x%x, 0x%x)", src_rgb, dst_rgb, src_a, dst_a);
		return;
	}
	ctx->raster.blend_src_rgb = src_rgb;
	ctx->raster.blend_dst_rgb = dst_rgb;
	ctx->raster.blend_src_a = src_a;
	ctx->raster.blend_dst_a = dst_a;
}

void glBlendFunc(GLenum src, GLenum dst)
{
	glBlendFuncSeparate(src, dst, src, dst);
}

static bool blend_eq_ok(GLenum e)
{
	return e == GL_FUNC_ADD || e == GL_FUNC_SUBTRACT || e == GL_FUNC_REVERSE_SUBTRACT || e == GL_MIN ||
	       e == GL_MAX;
}

void glBlendEquationSeparate(GLenum rgb, GLenum a)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!blend_eq_ok(rgb) || !blend_eq_ok(a)) {
		gl_error(ctx, GL_INVALID_ENUM, "glBlendEquation(0x%x, 0x%x)", rgb, a);
		return;
	}
	ctx->raster.blend_eq_rgb = rgb;
	ctx->raster.blend_eq_a = a;
}

void glBlendEquation(GLenum mode)
{
	glBlendEquationSeparate(mode, mode);
}

void glBlendColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	/* clamped: GLES 3.0 has no floating-point color buffers */
	ctx->raster.blend_color[0] = clamp01(r);
	ctx->raster.blend_color[1] = clamp01(g);
	ctx->raster.blend_color[2] = clamp01(b);
	ctx->raster.blend_color[3] = clamp01(a);
}

static bool func_ok(GLenum f)
{
	return f >= GL_NEVER && f <= GL_ALWAYS;
}

void glDepthFunc(GLenum func)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!func_ok(func)) {
		gl_error(ctx, GL_INVALID_ENUM, "glDepthFunc(0x%x)", func);
		return;
	}
	ctx->raster.depth_func = func;
}

void glDepthRangef(GLfloat n, GLfloat f)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	ctx->raster.depth_range[0] = clamp01(n);
	ctx->raster.depth_range[1] = clamp01(f);
}

/* Applies to front (0) and/or back (1) as face says; false on a bad face. */
static bool faces(GLenum face, bool *front, bool *back)
{
	*front = face == GL_FRONT || face == GL_FRONT_AND_BACK;
	*back = face == GL_BACK || face == GL_FRONT_AND_BACK;
	return *front || *back;
}

void glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	bool f, b;
	if (!faces(face, &f, &b) || !func_ok(func)) {
		gl_error(ctx, GL_INVALID_ENUM, "glStencilFunc(face 0x%x, func 0x%x)", face, func);
		return;
	}
	for (int i = 0; i < 2; i++)
		if (i == 0 ? f : b) {
			ctx->raster.stencil[i].func = func;
			ctx->raster.stencil[i].ref = ref;
			ctx->raster.stencil[i].value_mask = mask;
		}
}

void glStencilFunc(GLenum func, GLint ref, GLuint mask)
{
	glStencilFuncSeparate(GL_FRONT_AND_BACK, func, ref, mask);
}

static bool stencil_op_ok(GLenum op)
{
	switch (op) {
	case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR: case GL_INVERT: case GL_INCR_WRAP:
	case GL_DECR_WRAP:
		return true;
	default:
		return false;
	}
}

void glStencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	bool f, b;
	if (!faces(face, &f, &b) || !stencil_op_ok(sfail) || !stencil_op_ok(dpfail) || !stencil_op_ok(dppass)) {
		gl_error(ctx, GL_INVALID_ENUM, "glStencilOp(0x%x, 0x%x, 0x%x, 0x%x)", face, sfail, dpfail, dppass);
		return;
	}
	for (int i = 0; i < 2; i++)
		if (i == 0 ? f : b) {
			ctx->raster.stencil[i].fail = sfail;
			ctx->raster.stencil[i].zfail = dpfail;
			ctx->raster.stencil[i].zpass = dppass;
		}
}

void glStencilOp(GLenum sfail, GLenum dpfail, GLenum dppass)
{
	glStencilOpSeparate(GL_FRONT_AND_BACK, sfail, dpfail, dppass);
}

void glStencilMaskSeparate(GLenum face, GLuint mask)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	bool f, b;
	if (!faces(face, &f, &b)) {
		gl_error(ctx, GL_INVALID_ENUM, "glStencilMaskSeparate(face 0x%x)", face);
		return;
	}
	if (f)
		ctx->stencil_mask = mask;
	if (b)
		ctx->raster.stencil[1].write_mask = mask;
}

void glCullFace(GLenum mode)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
		gl_error(ctx, GL_INVALID_ENUM, "glCullFace(0x%x)", mode);
		return;
	}
	ctx->raster.cull_face = mode;
}

void glFrontFace(GLenum mode)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (mode != GL_CW && mode != GL_CCW) {
		gl_error(ctx, GL_INVALID_ENUM, "glFrontFace(0x%x)", mode);
		return;
	}
	ctx->raster.front_face = mode;
}

void glLineWidth(GLfloat width)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!(width > 0.0f)) {
		gl_error(ctx, GL_INVALID_VALUE, "glLineWidth(%g)", (double)width);
		return;
	}
	ctx->raster.line_width = width;
}

void glPolygonOffset(GLfloat factor, GLfloat units)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	ctx->raster.polygon_offset_factor = factor;
	ctx->raster.polygon_offset_units = units;
}

void glSampleCoverage(GLfloat value, GLboolean invert)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	ctx->raster.sample_coverage_value = clamp01(value);
	ctx->raster.sample_coverage_invert = invert != 0;
}

void glHint(GLenum target, GLenum mode)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
		gl_error(ctx, GL_INVALID_ENUM, "glHint(mode 0x%x)", mode);
		return;
	}
	if (target == GL_GENERATE_MIPMAP_HINT)
		ctx->raster.generate_mipmap_hint = mode;
	else if (target == GL_FRAGMENT_SHADER_DERIVATIVE_HINT)
		ctx->raster.fragment_shader_derivative_hint = mode;
	else
		gl_error(ctx, GL_INVALID_ENUM, "glHint(target 0x%x)", target);
}
