/* SPDX-License-Identifier: MIT */
/*
 * Draw calls. With no shader compiler no program is ever current. GLES
 * 3.0 leaves such a draw undefined; this driver records
 * INVALID_OPERATION and says why through KHR_debug, so a program that
 * draws learns why nothing appeared. The mode and counts are checked first, then the draw
 * framebuffer's completeness, in Mesa's order, so the first error a call
 * records is the one Mesa records. Nothing pretends to draw.
 * Calls: gl_error only.
 */
#include "upper-layers/gl/gl_priv.h"

static const char why[] = "no shader compiler: nothing can be drawn (no program can be current)";

static bool mode_ok(GLenum mode)
{
	return mode <= GL_TRIANGLE_FAN;	/* POINTS .. TRIANGLE_FAN */
}

static void draw(const char *fn, GLenum mode, GLsizei count, GLsizei instances, GLenum type, bool elements)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!mode_ok(mode)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(mode 0x%x)", fn, mode);
		return;
	}
	if (count < 0 || instances < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(count %d, instances %d)", fn, count, instances);
		return;
	}
	/* Then the draw framebuffer and the index type, in Mesa's order. */
	if (gl_fb_status(ctx, gl_draw_fb(ctx)) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is not complete", fn);
		return;
	}
	if (elements && type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", fn, type);
		return;
	}
	/* GLES 3.0 leaves a draw with no current program undefined (Mesa
	 * records nothing); here it is where the no-compiler rule ends up,
	 * and the issue asks for an error so nothing pretends to draw. */
	gl_error(ctx, GL_INVALID_OPERATION, "%s: %s", fn, why);
}

void glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx && first < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDrawArrays(first %d < 0)", first);
		return;
	}
	draw("glDrawArrays", mode, count, 1, 0, false);
}

void glDrawArraysInstanced(GLenum mode, GLint first, GLsizei count, GLsizei instances)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx && first < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDrawArraysInstanced(first %d < 0)", first);
		return;
	}
	draw("glDrawArraysInstanced", mode, count, instances, 0, false);
}

void glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
	(void)indices;
	draw("glDrawElements", mode, count, 1, type, true);
}

void glDrawElementsInstanced(GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei instances)
{
	(void)indices;
	draw("glDrawElementsInstanced", mode, count, instances, type, true);
}

void glDrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type, const void *indices)
{
	(void)indices;
	struct gl_context *ctx = gl_ctx();
	if (ctx && end < start) {
		gl_error(ctx, GL_INVALID_VALUE, "glDrawRangeElements(end %u < start %u)", end, start);
		return;
	}
	draw("glDrawRangeElements", mode, count, 1, type, true);
}
