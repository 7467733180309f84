/* SPDX-License-Identifier: MIT */
/*
 * Indexed state queries: glGetIntegeri_v and glGetInteger64i_v for the
 * indexed buffer bindings (uniform and transform feedback buffers), the
 * only indexed state GLES 3.0 has. An index past the binding points is
 * INVALID_VALUE; a pname that is not indexed state is INVALID_ENUM.
 * Calls: nothing but the context.
 */
#include "upper-layers/gl/gl_priv.h"

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
