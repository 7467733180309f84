/* SPDX-License-Identifier: MIT */
/*
 * Query objects, sampler objects and transform feedback objects: state
 * only. Nothing draws, so an occlusion query's honest answer is that no
 * sample passed, and a transform feedback primitives query's that no
 * primitive was written: both are available at once. Samplers keep the
 * parameters GLES 3.0 defines (nothing samples). Transform feedback can
 * never begin, since that needs a current program and none links.
 *
 * Lifetimes: samplers are shared (share group table, under its lock);
 * queries and transform feedback objects are per context. Deleting a
 * bound sampler unbinds it from the calling context's units.
 * Calls: name tables, gl_error, gl_label_forget.
 */
#include <math.h>
#include <stdlib.h>

#include "upper-layers/gl/gl_priv.h"

static bool gen_check(struct gl_context *ctx, GLsizei n, const char *fn)
{
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(n %d < 0)", fn, n);
		return false;
	}
	return true;
}

/* ---- queries ---- */

static int query_slot(GLenum target)
{
	switch (target) {
	case GL_ANY_SAMPLES_PASSED:
	case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return GL_QUERY_SLOT_SAMPLES;
	case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return GL_QUERY_SLOT_XFB;
	default: return -1;
	}
}

void glGenQueries(GLsizei n, GLuint *ids)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !gen_check(ctx, n, "glGenQueries"))
		return;
	for (GLsizei i = 0; i < n; i++) {
		struct gl_query *q = calloc(1, sizeof(*q));
		GLuint name = q ? gl_names_gen(&ctx->queries) : 0;
		if (!name) {
			free(q);
			gl_error(ctx, GL_OUT_OF_MEMORY, "glGenQueries: out of memory");
			return;
		}
		q->name = name;
		gl_names_set(&ctx->queries, name, q);
		ids[i] = name;
	}
}

void glDeleteQueries(GLsizei n, const GLuint *ids)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !gen_check(ctx, n, "glDeleteQueries"))
		return;
	for (GLsizei i = 0; i < n; i++) {
		struct gl_query *q = gl_names_get(&ctx->queries, ids[i]);
		if (!q)
			continue;
		for (int s = 0; s < GL_QUERY_SLOT_COUNT; s++)
			if (ctx->active_query[s] == q)
				ctx->active_query[s] = NULL;	/* GL: deleting an active query ends it */
		gl_names_remove(&ctx->queries, ids[i]);
		gl_label_forget(ctx, GL_QUERY_KHR, ids[i]);
		free(q);
	}
}

GLboolean glIsQuery(GLuint id)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && gl_names_get(&ctx->queries, id) != NULL;
}

void glBeginQuery(GLenum target, GLuint id)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int slot = query_slot(target);
	if (slot < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glBeginQuery(target 0x%x)", target);
		return;
	}
	if (ctx->active_query[slot]) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBeginQuery: a query of this kind is active");
		return;
	}
	struct gl_query *q = gl_names_get(&ctx->queries, id);
	if (!q) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBeginQuery(%u is not a query object)", id);
		return;
	}
	if (q->target && q->target != target) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBeginQuery: query %u has another target", id);
		return;
	}
	q->target = target;
	q->active = true;
	q->result = 0;
	ctx->active_query[slot] = q;
}

void glEndQuery(GLenum target)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int slot = query_slot(target);
	if (slot < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glEndQuery(target 0x%x)", target);
		return;
	}
	struct gl_query *q = ctx->active_query[slot];
	if (!q || q->target != target) {
		gl_error(ctx, GL_INVALID_OPERATION, "glEndQuery: no query of target 0x%x is active", target);
		return;
	}
	/* nothing was drawn and nothing captured: no sample, no primitive */
	q->active = false;
	q->result = 0;
	ctx->active_query[slot] = NULL;
}

void glGetQueryiv(GLenum target, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int slot = query_slot(target);
	if (slot < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(target 0x%x)", target);
		return;
	}
	if (pname != GL_CURRENT_QUERY) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(pname 0x%x)", pname);
		return;
	}
	struct gl_query *q = ctx->active_query[slot];
	*params = q && q->target == target ? (GLint)q->name : 0;
}

void glGetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_query *q = gl_names_get(&ctx->queries, id);
	if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetQueryObjectuiv(pname 0x%x)", pname);
		return;
	}
	if (!q || !q->target || q->active) {
		gl_error(ctx, GL_INVALID_OPERATION, "glGetQueryObjectuiv(%u): no ended query", id);
		return;
	}
	*params = pname == GL_QUERY_RESULT ? q->result : GL_TRUE;
}

/* ---- samplers ---- */

void glGenSamplers(GLsizei n, GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !gen_check(ctx, n, "glGenSamplers"))
		return;
	for (GLsizei i = 0; i < n; i++) {
		struct gl_sampler *s = calloc(1, sizeof(*s));
		if (!s) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers: out of memory");
			return;
		}
		*s = (struct gl_sampler){ 0, GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT, GL_REPEAT, GL_REPEAT,
					  GL_NONE, GL_LEQUAL, -1000.0f, 1000.0f };
		pthread_mutex_lock(&ctx->shared->lock);
		GLuint name = gl_names_gen(&ctx->shared->samplers);
		if (name)
			gl_names_set(&ctx->shared->samplers, name, s);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!name) {
			free(s);
			gl_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers: out of memory");
			return;
		}
		s->name = name;
		names[i] = name;
	}
}

void glDeleteSamplers(GLsizei n, const GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !gen_check(ctx, n, "glDeleteSamplers"))
		return;
	for (GLsizei i = 0; i < n; i++) {
		pthread_mutex_lock(&ctx->shared->lock);
		struct gl_sampler *s = gl_names_get(&ctx->shared->samplers, names[i]);
		if (s)
			gl_names_remove(&ctx->shared->samplers, names[i]);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!s)
			continue;
		for (int u = 0; u < GL_MAX_TEXTURE_UNITS_GEM; u++)
			if (ctx->bound_samplers[u] == names[i])
				ctx->bound_samplers[u] = 0;
		gl_label_forget(ctx, GL_SAMPLER_KHR, names[i]);
		free(s);
	}
}

static struct gl_sampler *sampler_get(struct gl_context *ctx, GLuint name)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_sampler *s = gl_names_get(&ctx->shared->samplers, name);
	pthread_mutex_unlock(&ctx->shared->lock);
	return s;
}

GLboolean glIsSampler(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && sampler_get(ctx, name) != NULL;
}

void glBindSampler(GLuint unit, GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (unit >= GL_MAX_TEXTURE_UNITS_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "glBindSampler(unit %u)", unit);
		return;
	}
	if (name && !sampler_get(ctx, name)) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBindSampler(%u is not a sampler)", name);
		return;
	}
	ctx->bound_samplers[unit] = name;
}

/* Checks (and for set, applies) one sampler parameter; false on an error recorded. */
static bool sampler_param(struct gl_context *ctx, GLuint name, GLenum pname, GLfloat *v, bool set, const char *fn)
{
	struct gl_sampler *s = sampler_get(ctx, name);
	if (!s) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(%u is not a sampler)", fn, name);
		return false;
	}
	GLint *ip = NULL;
	GLfloat *fp = NULL;
	switch (pname) {
	case GL_TEXTURE_MIN_FILTER: ip = &s->min_filter; break;
	case GL_TEXTURE_MAG_FILTER: ip = &s->mag_filter; break;
	case GL_TEXTURE_WRAP_S: ip = &s->wrap_s; break;
	case GL_TEXTURE_WRAP_T: ip = &s->wrap_t; break;
	case GL_TEXTURE_WRAP_R: ip = &s->wrap_r; break;
	case GL_TEXTURE_COMPARE_MODE: ip = &s->compare_mode; break;
	case GL_TEXTURE_COMPARE_FUNC: ip = &s->compare_func; break;
	case GL_TEXTURE_MIN_LOD: fp = &s->min_lod; break;
	case GL_TEXTURE_MAX_LOD: fp = &s->max_lod; break;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
		return false;
	}
	if (!set) {
		*v = fp ? *fp : (GLfloat)*ip;
		return true;
	}
	if (fp) {
		*fp = *v;
		return true;
	}
	GLint e = (GLint)*v;
	bool ok;
	switch (pname) {
	case GL_TEXTURE_MIN_FILTER:
		ok = e == GL_NEAREST || e == GL_LINEAR || (e >= GL_NEAREST_MIPMAP_NEAREST && e <= GL_LINEAR_MIPMAP_LINEAR);
		break;
	case GL_TEXTURE_MAG_FILTER: ok = e == GL_NEAREST || e == GL_LINEAR; break;
	case GL_TEXTURE_COMPARE_MODE: ok = e == GL_NONE || e == GL_COMPARE_REF_TO_TEXTURE; break;
	case GL_TEXTURE_COMPARE_FUNC: ok = e >= GL_NEVER && e <= GL_ALWAYS; break;
	default: ok = e == GL_REPEAT || e == GL_CLAMP_TO_EDGE || e == GL_MIRRORED_REPEAT; break;
	}
	if (!ok) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(0x%x, value 0x%x)", fn, pname, e);
		return false;
	}
	*ip = e;
	return true;
}

void glSamplerParameterf(GLuint s, GLenum pname, GLfloat v)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		sampler_param(ctx, s, pname, &v, true, "glSamplerParameterf");
}

void glSamplerParameteri(GLuint s, GLenum pname, GLint v)
{
	struct gl_context *ctx = gl_ctx();
	GLfloat f = (GLfloat)v;
	if (ctx)
		sampler_param(ctx, s, pname, &f, true, "glSamplerParameteri");
}

void glSamplerParameterfv(GLuint s, GLenum pname, const GLfloat *v)
{
	glSamplerParameterf(s, pname, v[0]);
}

void glSamplerParameteriv(GLuint s, GLenum pname, const GLint *v)
{
	glSamplerParameteri(s, pname, v[0]);
}

void glGetSamplerParameterfv(GLuint s, GLenum pname, GLfloat *v)
{
	struct gl_context *ctx = gl_ctx();
	GLfloat f;
	if (ctx && sampler_param(ctx, s, pname, &f, false, "glGetSamplerParameterfv"))
		*v = f;
}

void glGetSamplerParameteriv(GLuint s, GLenum pname, GLint *v)
{
	struct gl_context *ctx = gl_ctx();
	GLfloat f;
	if (ctx && sampler_param(ctx, s, pname, &f, false, "glGetSamplerParameteriv"))
		*v = (GLint)lroundf(f);
}

void gl_samplers_release_shared(struct gl_shared *sh)
{
	for (GLuint n = 1; n < sh->samplers.cap; n++)
		free(gl_names_get(&sh->samplers, n));
	gl_names_fini(&sh->samplers);
}

/* ---- transform feedback objects ---- */

void glGenTransformFeedbacks(GLsizei n, GLuint *ids)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !gen_check(ctx, n, "glGenTransformFeedbacks"))
		return;
	for (GLsizei i = 0; i < n; i++) {
		struct gl_xfb *x = calloc(1, sizeof(*x));
		GLuint name = x ? gl_names_gen(&ctx->xfbs) : 0;
		if (!name) {
			free(x);
			gl_error(ctx, GL_OUT_OF_MEMORY, "glGenTransformFeedbacks: out of memory");
			return;
		}
		x->name = name;
		gl_names_set(&ctx->xfbs, name, x);
		ids[i] = name;
	}
}

void glDeleteTransformFeedbacks(GLsizei n, const GLuint *ids)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !gen_check(ctx, n, "glDeleteTransformFeedbacks"))
		return;
	for (GLsizei i = 0; i < n; i++) {
		struct gl_xfb *x = gl_names_get(&ctx->xfbs, ids[i]);
		if (x && x->active) {
			gl_error(ctx, GL_INVALID_OPERATION, "glDeleteTransformFeedbacks(%u is active)", ids[i]);
			return;
		}
	}
	for (GLsizei i = 0; i < n; i++) {
		struct gl_xfb *x = gl_names_get(&ctx->xfbs, ids[i]);
		if (!x)
			continue;
		if (ctx->xfb == x)
			ctx->xfb = &ctx->xfb0;
		for (int b = 0; b < GL_MAX_XFB_BUFFERS_GEM; b++)
			gl_buffer_set(&x->buffers[b].buf, NULL);
		gl_names_remove(&ctx->xfbs, ids[i]);
		gl_label_forget(ctx, GL_TRANSFORM_FEEDBACK, ids[i]);
		free(x);
	}
}

GLboolean glIsTransformFeedback(GLuint id)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && gl_names_get(&ctx->xfbs, id) != NULL;
}

void glBindTransformFeedback(GLenum target, GLuint id)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_TRANSFORM_FEEDBACK) {
		gl_error(ctx, GL_INVALID_ENUM, "glBindTransformFeedback(target 0x%x)", target);
		return;
	}
	if (ctx->xfb->active && !ctx->xfb->paused) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBindTransformFeedback: transform feedback is active");
		return;
	}
	struct gl_xfb *x = id ? gl_names_get(&ctx->xfbs, id) : &ctx->xfb0;
	if (!x) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBindTransformFeedback(%u is not one)", id);
		return;
	}
	ctx->xfb = x;
}

void glBeginTransformFeedback(GLenum mode)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (mode != GL_POINTS && mode != GL_LINES && mode != GL_TRIANGLES) {
		gl_error(ctx, GL_INVALID_ENUM, "glBeginTransformFeedback(mode 0x%x)", mode);
		return;
	}
	if (ctx->xfb->active) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBeginTransformFeedback: already active");
		return;
	}
	gl_error(ctx, GL_INVALID_OPERATION,
		 "glBeginTransformFeedback: no program is in use (no shader compiler), nothing can be captured");
}

void glEndTransformFeedback(void)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_error(ctx, GL_INVALID_OPERATION, "glEndTransformFeedback: transform feedback is not active");
}

void glPauseTransformFeedback(void)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_error(ctx, GL_INVALID_OPERATION, "glPauseTransformFeedback: transform feedback is not active");
}

void glResumeTransformFeedback(void)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_error(ctx, GL_INVALID_OPERATION, "glResumeTransformFeedback: transform feedback is not paused");
}

void gl_queries_release_context(struct gl_context *ctx)
{
	for (GLuint n = 1; n < ctx->queries.cap; n++)
		free(gl_names_get(&ctx->queries, n));
	gl_names_fini(&ctx->queries);
}
