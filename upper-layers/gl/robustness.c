/* SPDX-License-Identifier: MIT */
/*
 * GL_EXT_robustness: what a context learns when the GPU was reset under
 * it. The batch code marks a context lost when execbuffer answers EIO
 * (the kernel banned its hardware context, or the GPU is wedged); the
 * reset status then comes from the kernel's reset statistics for the
 * context (I915_GET_RESET_STATS through drm_intel_get_reset_stats), as
 * i965 answered it: a batch of ours was running → guilty, one was queued
 * → innocent, lost without either (no hardware context before gen6, or a
 * wedge that blamed nobody) → unknown. Only contexts created robust
 * (EGL_CONTEXT_OPENGL_ROBUST_ACCESS, which we pair with the
 * LOSE_CONTEXT_ON_RESET strategy) are told; the others always hear
 * GL_NO_ERROR, as the extension says for NO_RESET_NOTIFICATION. The status
 * is reported once: after that the context is simply lost (no batch runs
 * again) and answers GL_NO_ERROR.
 *
 * Also glReadnPixelsEXT (glReadPixels with a bound on the client memory)
 * and glGetnUniform*EXT, which have no programs to read here.
 *
 * May call: libdrm_intel, the context helpers of gl/.
 */
#include "upper-layers/gl/gl_priv.h"

GLenum glGetGraphicsResetStatusEXT(void)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !(ctx->flags & GL_CONTEXT_FLAG_ROBUST_GEM) || !ctx->lost || ctx->reset_reported)
		return GL_NO_ERROR;
	ctx->reset_reported = true;
	uint32_t count = 0, active = 0, pending = 0;
	if (ctx->hw_ctx && drm_intel_get_reset_stats(ctx->hw_ctx, &count, &active, &pending) == 0) {
		if (active)
			return GL_GUILTY_CONTEXT_RESET_EXT;
		if (pending)
			return GL_INNOCENT_CONTEXT_RESET_EXT;
	}
	return GL_UNKNOWN_CONTEXT_RESET_EXT;
}

void glReadnPixelsEXT(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type, GLsizei bufSize,
		      void *data)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	/* The bound is checked for the one client format glReadPixels
	 * writes to client memory here (RGBA, UNSIGNED_BYTE); other
	 * combinations get glReadPixels' own error. */
	if (format == GL_RGBA && type == GL_UNSIGNED_BYTE && w > 0 && h > 0 && !ctx->bound_buffers[GL_BUF_PIXEL_PACK]) {
		size_t row_pixels = ctx->pixel_store.pack_row_length > 0 ? (size_t)ctx->pixel_store.pack_row_length
									  : (size_t)w;
		size_t align = (size_t)ctx->pixel_store.pack_alignment;
		size_t stride = (row_pixels * 4 + align - 1) / align * align;
		size_t need = ((size_t)ctx->pixel_store.pack_skip_rows + (size_t)h - 1) * stride +
			      ((size_t)ctx->pixel_store.pack_skip_pixels + (size_t)w) * 4;
		if (bufSize < 0 || need > (size_t)bufSize) {
			gl_error(ctx, GL_INVALID_OPERATION, "glReadnPixelsEXT: %zu bytes needed, bufSize %d", need,
				 bufSize);
			return;
		}
	}
	glReadPixels(x, y, w, h, format, type, data);
}

static void no_uniforms(const char *fn, GLuint program)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_error(ctx, program ? GL_INVALID_OPERATION : GL_INVALID_VALUE,
			 "%s(program %u): no program was ever linked (no shader compiler)", fn, program);
}

void glGetnUniformfvEXT(GLuint program, GLint location, GLsizei bufSize, GLfloat *params)
{
	(void)location;
	(void)bufSize;
	(void)params;
	no_uniforms("glGetnUniformfvEXT", program);
}

void glGetnUniformivEXT(GLuint program, GLint location, GLsizei bufSize, GLint *params)
{
	(void)location;
	(void)bufSize;
	(void)params;
	no_uniforms("glGetnUniformivEXT", program);
}
