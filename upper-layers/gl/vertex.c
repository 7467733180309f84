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
