/* SPDX-License-Identifier: MIT */
/*
 * Vertex arrays: vertex array objects, attribute pointers and current
 * attribute values, kept as the GLES 3.0 state tables describe them and
 * answered by the queries. Nothing fetches vertices (there is no shader
 * compiler, so nothing draws); the state is bookkeeping only.
 *
 * Lifetimes: VAOs are per context (not shared) and freed on delete or with
 * the context. A VAO holds a reference to each attribute's buffer and to
 * its element array buffer (see gl_priv.h for how the bound VAO's element
 * buffer sits in ctx->bound_buffers). Calls: bufferobj.c's references.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

void gl_vao_init(struct gl_vao *vao, GLuint name)
{
	memset(vao, 0, sizeof(*vao));
	vao->name = name;
	for (int i = 0; i < GL_MAX_VERTEX_ATTRIBS_GEM; i++) {
		vao->attr[i].size = 4;
		vao->attr[i].type = GL_FLOAT;
	}
}

void gl_vao_release(struct gl_vao *vao)
{
	for (int i = 0; i < GL_MAX_VERTEX_ATTRIBS_GEM; i++)
		gl_buffer_set(&vao->attr[i].buffer, NULL);
	gl_buffer_set(&vao->element, NULL);
}

/* Context destroy: every VAO of the context and the references they hold. */
void gl_vertex_release_context(struct gl_context *ctx)
{
	for (GLuint n = 1; n < ctx->vaos.cap; n++) {
		struct gl_vao *vao = gl_names_get(&ctx->vaos, n);
		if (vao) {
			gl_vao_release(vao);
			free(vao);
		}
	}
	gl_names_fini(&ctx->vaos);
	gl_vao_release(&ctx->vao0);
	ctx->vao = &ctx->vao0;
}

/* ---- vertex array objects ---- */

void glGenVertexArrays(GLsizei n, GLuint *arrays)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGenVertexArrays(n %d < 0)", n);
		return;
	}
	for (GLsizei i = 0; i < n; i++) {
		struct gl_vao *vao = malloc(sizeof(*vao));
		GLuint name = vao ? gl_names_gen(&ctx->vaos) : 0;
		if (!name) {
			free(vao);
			gl_error(ctx, GL_OUT_OF_MEMORY, "glGenVertexArrays: out of memory");
			return;
		}
		gl_vao_init(vao, name);
		gl_names_set(&ctx->vaos, name, vao);
		arrays[i] = name;
	}
}

/* The element array binding belongs to the VAO: it moves in and out of
 * ctx->bound_buffers with the binding (references move with it). */
static void bind_vao(struct gl_context *ctx, struct gl_vao *vao)
{
	if (ctx->vao == vao)
		return;
	ctx->vao->element = ctx->bound_buffers[GL_BUF_ELEMENT_ARRAY];
	ctx->bound_buffers[GL_BUF_ELEMENT_ARRAY] = vao->element;
	vao->element = NULL;
	ctx->vao = vao;
}

void glBindVertexArray(GLuint array)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_vao *vao = array ? gl_names_get(&ctx->vaos, array) : &ctx->vao0;
	if (!vao) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBindVertexArray(%u is not a vertex array)", array);
		return;
	}
	bind_vao(ctx, vao);
}

void glDeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDeleteVertexArrays(n %d < 0)", n);
		return;
	}
	for (GLsizei i = 0; i < n; i++) {
		struct gl_vao *vao = arrays[i] ? gl_names_get(&ctx->vaos, arrays[i]) : NULL;
		if (!vao)
			continue;
		if (ctx->vao == vao)
			bind_vao(ctx, &ctx->vao0);	/* GL: deleting the bound VAO binds 0 */
		gl_names_remove(&ctx->vaos, arrays[i]);
		gl_label_forget(ctx, GL_VERTEX_ARRAY_KHR, arrays[i]);
		gl_vao_release(vao);
		free(vao);
	}
}

GLboolean glIsVertexArray(GLuint array)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && array && gl_names_get(&ctx->vaos, array) != NULL;
}

/* ---- attributes ---- */

static bool index_ok(struct gl_context *ctx, GLuint index, const char *fn)
{
	if (index < GL_MAX_VERTEX_ATTRIBS_GEM)
		return true;
	gl_error(ctx, GL_INVALID_VALUE, "%s(index %u >= GL_MAX_VERTEX_ATTRIBS)", fn, index);
	return false;
}

static void attrib_pointer(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride,
			   const void *pointer, bool integer, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !index_ok(ctx, index, fn))
		return;
	bool packed = false;
	switch (type) {
	case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_INT: case GL_UNSIGNED_INT:
		break;
	case GL_FLOAT: case GL_HALF_FLOAT: case GL_FIXED:
		if (integer)
			goto bad_type;
		break;
	case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
		if (integer)
			goto bad_type;
		packed = true;
		break;
	default:
	bad_type:
		gl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", fn, type);
		return;
	}
	if (size < 1 || size > 4) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(size %d)", fn, size);
		return;
	}
	if (stride < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(stride %d < 0)", fn, stride);
		return;
	}
	if (packed && size != 4) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(packed type with size %d)", fn, size);
		return;
	}
	struct gl_buffer *buf = ctx->bound_buffers[GL_BUF_ARRAY];
	if (ctx->vao != &ctx->vao0 && !buf && pointer) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: client arrays need vertex array object 0", fn);
		return;
	}
	struct gl_vertex_attrib *a = &ctx->vao->attr[index];
	a->size = size;
	a->type = type;
	a->normalized = !integer && normalized;
	a->integer = integer;
	a->stride = stride;
	a->pointer = pointer;
	gl_buffer_set(&a->buffer, buf);
}

void glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride,
			   const void *pointer)
{
	attrib_pointer(index, size, type, normalized, stride, pointer, false, "glVertexAttribPointer");
}

void glVertexAttribIPointer(GLuint index, GLint size, GLenum type, GLsizei stride, const void *pointer)
{
	attrib_pointer(index, size, type, GL_FALSE, stride, pointer, true, "glVertexAttribIPointer");
}

static void set_enabled(GLuint index, bool on, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx && index_ok(ctx, index, fn))
		ctx->vao->attr[index].enabled = on;
}

void glEnableVertexAttribArray(GLuint index)
{
	set_enabled(index, true, "glEnableVertexAttribArray");
}

void glDisableVertexAttribArray(GLuint index)
{
	set_enabled(index, false, "glDisableVertexAttribArray");
}

void glVertexAttribDivisor(GLuint index, GLuint divisor)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx && index_ok(ctx, index, "glVertexAttribDivisor"))
		ctx->vao->attr[index].divisor = divisor;
}

/* Current values: stored as written (float bits, or integers kept exactly
 * through a union-free copy) with the type they were written as. */
static void set_current(GLuint index, const GLfloat v[4], GLenum type, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !index_ok(ctx, index, fn))
		return;
	memcpy(ctx->raster.current_attrib[index], v, sizeof(GLfloat) * 4);
	ctx->raster.current_attrib_type[index] = type;
}

void glVertexAttrib4f(GLuint i, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
	const GLfloat v[4] = { x, y, z, w };
	set_current(i, v, GL_FLOAT, "glVertexAttrib");
}
void glVertexAttrib1f(GLuint i, GLfloat x) { glVertexAttrib4f(i, x, 0, 0, 1); }
void glVertexAttrib2f(GLuint i, GLfloat x, GLfloat y) { glVertexAttrib4f(i, x, y, 0, 1); }
void glVertexAttrib3f(GLuint i, GLfloat x, GLfloat y, GLfloat z) { glVertexAttrib4f(i, x, y, z, 1); }
void glVertexAttrib1fv(GLuint i, const GLfloat *v) { glVertexAttrib4f(i, v[0], 0, 0, 1); }
void glVertexAttrib2fv(GLuint i, const GLfloat *v) { glVertexAttrib4f(i, v[0], v[1], 0, 1); }
void glVertexAttrib3fv(GLuint i, const GLfloat *v) { glVertexAttrib4f(i, v[0], v[1], v[2], 1); }
void glVertexAttrib4fv(GLuint i, const GLfloat *v) { glVertexAttrib4f(i, v[0], v[1], v[2], v[3]); }

void glVertexAttribI4i(GLuint i, GLint x, GLint y, GLint z, GLint w)
{
	const GLint iv[4] = { x, y, z, w };
	GLfloat v[4];
	memcpy(v, iv, sizeof(v));
	set_current(i, v, GL_INT, "glVertexAttribI4i");
}
void glVertexAttribI4ui(GLuint i, GLuint x, GLuint y, GLuint z, GLuint w)
{
	const GLuint uv[4] = { x, y, z, w };
	GLfloat v[4];
	memcpy(v, uv, sizeof(v));
	set_current(i, v, GL_UNSIGNED_INT, "glVertexAttribI4ui");
}
void glVertexAttribI4iv(GLuint i, const GLint *v) { glVertexAttribI4i(i, v[0], v[1], v[2], v[3]); }
void glVertexAttribI4uiv(GLuint i, const GLuint *v) { glVertexAttribI4ui(i, v[0], v[1], v[2], v[3]); }

/* One attribute query as up to 4 doubles (exact for every value kept). */
static int attrib_query(struct gl_context *ctx, GLuint index, GLenum pname, double *v, GLenum *cur_type,
			const char *fn)
{
	if (!index_ok(ctx, index, fn))
		return -1;
	const struct gl_vertex_attrib *a = &ctx->vao->attr[index];
	switch (pname) {
	case GL_VERTEX_ATTRIB_ARRAY_ENABLED: v[0] = a->enabled; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_SIZE: v[0] = a->size; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_STRIDE: v[0] = a->stride; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_TYPE: v[0] = a->type; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: v[0] = a->normalized; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_INTEGER: v[0] = a->integer; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_DIVISOR: v[0] = a->divisor; return 1;
	case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: v[0] = a->buffer ? a->buffer->name : 0; return 1;
	case GL_CURRENT_VERTEX_ATTRIB: {
		const GLfloat *c = ctx->raster.current_attrib[index];
		*cur_type = ctx->raster.current_attrib_type[index];
		for (int k = 0; k < 4; k++) {
			if (*cur_type == GL_INT) {
				GLint iv;
				memcpy(&iv, &c[k], sizeof(iv));
				v[k] = iv;
			} else if (*cur_type == GL_UNSIGNED_INT) {
				GLuint uv;
				memcpy(&uv, &c[k], sizeof(uv));
				v[k] = uv;
			} else {
				v[k] = c[k];
			}
		}
		return 4;
	}
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
		return -1;
	}
}

void glGetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
	struct gl_context *ctx = gl_ctx();
	double v[4];
	GLenum t = GL_FLOAT;
	int n = ctx ? attrib_query(ctx, index, pname, v, &t, "glGetVertexAttribfv") : -1;
	for (int i = 0; i < n; i++)
		params[i] = (GLfloat)v[i];
}

void glGetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	double v[4];
	GLenum t = GL_FLOAT;
	int n = ctx ? attrib_query(ctx, index, pname, v, &t, "glGetVertexAttribiv") : -1;
	for (int i = 0; i < n; i++)
		params[i] = t == GL_FLOAT && pname == GL_CURRENT_VERTEX_ATTRIB ? (GLint)lround(v[i]) : (GLint)v[i];
}

void glGetVertexAttribIiv(GLuint index, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	double v[4];
	GLenum t = GL_FLOAT;
	int n = ctx ? attrib_query(ctx, index, pname, v, &t, "glGetVertexAttribIiv") : -1;
	for (int i = 0; i < n; i++)
		params[i] = (GLint)(int64_t)v[i];
}

void glGetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params)
{
	struct gl_context *ctx = gl_ctx();
	double v[4];
	GLenum t = GL_FLOAT;
	int n = ctx ? attrib_query(ctx, index, pname, v, &t, "glGetVertexAttribIuiv") : -1;
	for (int i = 0; i < n; i++)
		params[i] = (GLuint)(int64_t)v[i];
}

void glGetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !index_ok(ctx, index, "glGetVertexAttribPointerv"))
		return;
	if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetVertexAttribPointerv(pname 0x%x)", pname);
		return;
	}
	*pointer = (void *)ctx->vao->attr[index].pointer;
}
