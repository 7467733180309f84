/* SPDX-License-Identifier: MIT */
/*
 * KHR_debug: message delivery (to the application's callback, or to a
 * bounded log read by GetDebugMessageLog), filtering by
 * DebugMessageControl rules kept per debug group, the group stack
 * (Push/PopDebugGroup), object labels, and GetPointerv for the callback.
 * GLES 3.0 knows these by their KHR names; the ES 3.2 names without the
 * suffix reach the same functions (dispatch.c).
 *
 * Rules: DEBUG_OUTPUT gates everything (on by default in debug contexts
 * only, as KHR_debug allows); a message is enabled by the newest rule of
 * the current group that matches it, else by default unless its severity
 * is LOW. Pushing a group copies the rules; popping drops them.
 *
 * Labels: shared objects' labels live in the share group (under its
 * lock), per-context objects' (framebuffers, VAOs, transform feedback,
 * queries) in the context. A deleted object's label is dropped by
 * gl_label_forget, called from each delete path.
 * Calls: nothing beyond the context and libc.
 */
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static bool debug_output_on(struct gl_context *ctx)
{
	return gl_is_enabled(ctx, GL_DEBUG_OUTPUT_KHR);
}

static bool source_ok(GLenum s, bool dont_care)
{
	switch (s) {
	case GL_DEBUG_SOURCE_API_KHR: case GL_DEBUG_SOURCE_WINDOW_SYSTEM_KHR: case GL_DEBUG_SOURCE_SHADER_COMPILER_KHR:
	case GL_DEBUG_SOURCE_THIRD_PARTY_KHR: case GL_DEBUG_SOURCE_APPLICATION_KHR: case GL_DEBUG_SOURCE_OTHER_KHR:
		return true;
	default:
		return dont_care && s == GL_DONT_CARE;
	}
}

static bool type_ok(GLenum t, bool dont_care)
{
	switch (t) {
	case GL_DEBUG_TYPE_ERROR_KHR: case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR_KHR:
	case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR_KHR: case GL_DEBUG_TYPE_PORTABILITY_KHR:
	case GL_DEBUG_TYPE_PERFORMANCE_KHR: case GL_DEBUG_TYPE_OTHER_KHR: case GL_DEBUG_TYPE_MARKER_KHR:
	case GL_DEBUG_TYPE_PUSH_GROUP_KHR: case GL_DEBUG_TYPE_POP_GROUP_KHR:
		return true;
	default:
		return dont_care && t == GL_DONT_CARE;
	}
}

static bool severity_ok(GLenum s, bool dont_care)
{
	switch (s) {
	case GL_DEBUG_SEVERITY_HIGH_KHR: case GL_DEBUG_SEVERITY_MEDIUM_KHR: case GL_DEBUG_SEVERITY_LOW_KHR:
	case GL_DEBUG_SEVERITY_NOTIFICATION_KHR:
		return true;
	default:
		return dont_care && s == GL_DONT_CARE;
	}
}

static bool enabled_by_rules(struct gl_context *ctx, GLenum source, GLenum type, GLuint id, GLenum severity)
{
	const struct gl_debug_group *g = &ctx->debug.groups[ctx->debug.depth];
	for (unsigned i = g->nrules; i-- > 0;) {
		const struct gl_debug_rule *r = &g->rules[i];
		if ((r->source == GL_DONT_CARE || r->source == source) && (r->type == GL_DONT_CARE || r->type == type) &&
		    (r->severity == GL_DONT_CARE || r->severity == severity) && (!r->has_id || r->id == id))
			return r->enabled;
	}
	return severity != GL_DEBUG_SEVERITY_LOW_KHR;
}

void gl_debug_message(struct gl_context *ctx, GLenum source, GLenum type, GLuint id, GLenum severity,
		      const char *text)
{
	if (!debug_output_on(ctx) || !enabled_by_rules(ctx, source, type, id, severity))
		return;
	size_t len = strlen(text);
	if (len >= GL_MAX_DEBUG_MESSAGE_LENGTH_GEM)
		len = GL_MAX_DEBUG_MESSAGE_LENGTH_GEM - 1;
	if (ctx->debug_callback) {
		char buf[GL_MAX_DEBUG_MESSAGE_LENGTH_GEM];
		memcpy(buf, text, len);
		buf[len] = 0;
		ctx->debug_callback(source, type, id, severity, (GLsizei)len, buf, ctx->debug_user);
		return;
	}
	struct gl_debug *d = &ctx->debug;
	if (d->log_count == GL_MAX_DEBUG_LOGGED_MESSAGES_GEM)
		return;	/* KHR_debug: a full log drops new messages */
	char *copy = malloc(len + 1);
	if (!copy)
		return;
	memcpy(copy, text, len);
	copy[len] = 0;
	struct gl_debug_msg *m = &d->log[(d->log_first + d->log_count) % GL_MAX_DEBUG_LOGGED_MESSAGES_GEM];
	*m = (struct gl_debug_msg){ source, type, severity, id, copy };
	d->log_count++;
}

void glDebugMessageCallbackKHR(GLDEBUGPROCKHR callback, const void *user)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	ctx->debug_callback = callback;
	ctx->debug_user = user;
}

static bool add_rule(struct gl_debug_group *g, struct gl_debug_rule r)
{
	struct gl_debug_rule *rules = realloc(g->rules, (g->nrules + 1) * sizeof(*rules));
	if (!rules)
		return false;
	rules[g->nrules++] = r;
	g->rules = rules;
	return true;
}

void glDebugMessageControlKHR(GLenum source, GLenum type, GLenum severity, GLsizei count, const GLuint *ids,
			      GLboolean enabled)
{
	static const char fn[] = "glDebugMessageControl";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!source_ok(source, true) || !type_ok(type, true) || !severity_ok(severity, true)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(source 0x%x, type 0x%x, severity 0x%x)", fn, source, type, severity);
		return;
	}
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(count %d < 0)", fn, count);
		return;
	}
	if (count > 0 && (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: ids need one source, one type and severity GL_DONT_CARE", fn);
		return;
	}
	struct gl_debug_group *g = &ctx->debug.groups[ctx->debug.depth];
	bool ok = true;
	if (count == 0)
		ok = add_rule(g, (struct gl_debug_rule){ source, type, severity, 0, false, enabled != 0 });
	for (GLsizei i = 0; i < count && ok; i++)
		ok = add_rule(g, (struct gl_debug_rule){ source, type, severity, ids[i], true, enabled != 0 });
	if (!ok)
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
}

/* The length of an application string argument: length < 0 means NUL-terminated. */
static size_t arg_length(const char *s, GLsizei length)
{
	return length < 0 ? strlen(s) : (size_t)length;
}

static void insert(struct gl_context *ctx, GLenum source, GLenum type, GLuint id, GLenum severity, const char *buf,
		   size_t len)
{
	char *text = malloc(len + 1);
	if (!text) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageInsert: out of memory");
		return;
	}
	memcpy(text, buf, len);
	text[len] = 0;
	gl_debug_message(ctx, source, type, id, severity, text);
	free(text);
}

void glDebugMessageInsertKHR(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
			     const GLchar *buf)
{
	static const char fn[] = "glDebugMessageInsert";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (source != GL_DEBUG_SOURCE_APPLICATION_KHR && source != GL_DEBUG_SOURCE_THIRD_PARTY_KHR) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(source 0x%x)", fn, source);
		return;
	}
	if (!type_ok(type, false) || !severity_ok(severity, false)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x, severity 0x%x)", fn, type, severity);
		return;
	}
	size_t len = arg_length(buf, length);
	if (len >= GL_MAX_DEBUG_MESSAGE_LENGTH_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(length %zu >= GL_MAX_DEBUG_MESSAGE_LENGTH)", fn, len);
		return;
	}
	insert(ctx, source, type, id, severity, buf, len);
}

GLuint glGetDebugMessageLogKHR(GLuint count, GLsizei bufsize, GLenum *sources, GLenum *types, GLuint *ids,
			       GLenum *severities, GLsizei *lengths, GLchar *log)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return 0;
	if (bufsize < 0 && log) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetDebugMessageLog(bufSize %d < 0)", bufsize);
		return 0;
	}
	struct gl_debug *d = &ctx->debug;
	GLuint n = 0;
	size_t used = 0;
	while (n < count && d->log_count > 0) {
		struct gl_debug_msg *m = &d->log[d->log_first];
		size_t len = strlen(m->text) + 1;
		if (log) {
			if (used + len > (size_t)bufsize)
				break;	/* a message that does not fit stays in the log */
			memcpy(log + used, m->text, len);
			used += len;
		}
		if (sources) sources[n] = m->source;
		if (types) types[n] = m->type;
		if (ids) ids[n] = m->id;
		if (severities) severities[n] = m->severity;
		if (lengths) lengths[n] = (GLsizei)len;
		free(m->text);
		m->text = NULL;
		d->log_first = (d->log_first + 1) % GL_MAX_DEBUG_LOGGED_MESSAGES_GEM;
		d->log_count--;
		n++;
	}
	return n;
}

/* The next message's length (with its NUL), for GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH. */
GLint gl_debug_next_length(struct gl_context *ctx)
{
	const struct gl_debug *d = &ctx->debug;
	return d->log_count ? (GLint)strlen(d->log[d->log_first].text) + 1 : 0;
}

void glPushDebugGroupKHR(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
	static const char fn[] = "glPushDebugGroup";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (source != GL_DEBUG_SOURCE_APPLICATION_KHR && source != GL_DEBUG_SOURCE_THIRD_PARTY_KHR) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(source 0x%x)", fn, source);
		return;
	}
	size_t len = arg_length(message, length);
	if (len >= GL_MAX_DEBUG_MESSAGE_LENGTH_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(length %zu >= GL_MAX_DEBUG_MESSAGE_LENGTH)", fn, len);
		return;
	}
	struct gl_debug *d = &ctx->debug;
	if (d->depth + 1 >= GL_MAX_DEBUG_GROUP_STACK_DEPTH_GEM) {
		gl_error(ctx, GL_STACK_OVERFLOW_KHR, "%s: the group stack is full", fn);
		return;
	}
	struct gl_debug_group *top = &d->groups[d->depth], *g = &d->groups[d->depth + 1];
	char *text = malloc(len + 1);
	struct gl_debug_rule *rules = top->nrules ? malloc(top->nrules * sizeof(*rules)) : NULL;
	if (!text || (top->nrules && !rules)) {
		free(text);
		free(rules);
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		return;
	}
	memcpy(text, message, len);
	text[len] = 0;
	if (top->nrules)
		memcpy(rules, top->rules, top->nrules * sizeof(*rules));
	*g = (struct gl_debug_group){ source, id, text, rules, top->nrules };
	d->depth++;
	gl_debug_message(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP_KHR, id, GL_DEBUG_SEVERITY_NOTIFICATION_KHR, text);
}

void glPopDebugGroupKHR(void)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_debug *d = &ctx->debug;
	if (d->depth == 0) {
		gl_error(ctx, GL_STACK_UNDERFLOW_KHR, "glPopDebugGroup: only the default group is left");
		return;
	}
	struct gl_debug_group g = d->groups[d->depth];
	d->groups[d->depth] = (struct gl_debug_group){ 0 };
	d->depth--;
	free(g.rules);
	/* the pop message is filtered by the group it returns to */
	gl_debug_message(ctx, g.source, GL_DEBUG_TYPE_POP_GROUP_KHR, g.id, GL_DEBUG_SEVERITY_NOTIFICATION_KHR,
			 g.message);
	free(g.message);
}

/* ---- labels ---- */

static bool per_context(GLenum identifier)
{
	return identifier == GL_FRAMEBUFFER || identifier == GL_VERTEX_ARRAY_KHR ||
	       identifier == GL_TRANSFORM_FEEDBACK || identifier == GL_QUERY_KHR;
}

/* Whether identifier names a kind of object and name one of them:
 * -1 bad identifier, 0 no such object, 1 it exists. */
static int object_exists(struct gl_context *ctx, GLenum identifier, GLuint name)
{
	const struct gl_names *t;
	switch (identifier) {
	case GL_BUFFER_KHR: t = &ctx->shared->buffers; break;
	case GL_SHADER_KHR:
	case GL_PROGRAM_KHR: return gl_shobj_kind(ctx, name) == identifier;
	case GL_VERTEX_ARRAY_KHR: t = &ctx->vaos; break;
	case GL_QUERY_KHR: t = &ctx->queries; break;
	case GL_TRANSFORM_FEEDBACK: t = &ctx->xfbs; break;
	case GL_SAMPLER_KHR: t = &ctx->shared->samplers; break;
	case GL_TEXTURE: t = &ctx->shared->textures; break;
	case GL_RENDERBUFFER: t = &ctx->shared->renderbuffers; break;
	case GL_FRAMEBUFFER: t = &ctx->framebuffers; break;
	default: return -1;
	}
	bool shared = !per_context(identifier);
	if (shared)
		pthread_mutex_lock(&ctx->shared->lock);
	bool used = gl_names_is_used(t, name);
	if (shared)
		pthread_mutex_unlock(&ctx->shared->lock);
	return used;
}

static struct gl_label **label_list(struct gl_context *ctx, GLenum identifier)
{
	return per_context(identifier) ? &ctx->debug.labels : &ctx->shared->labels;
}

static struct gl_label **label_find(struct gl_label **list, GLenum identifier, GLuint name)
{
	for (; *list; list = &(*list)->next)
		if ((*list)->identifier == identifier && (*list)->name == name)
			return list;
	return NULL;
}

static void label_set(struct gl_context *ctx, GLenum identifier, GLuint name, const char *label, GLsizei length,
		      const char *fn)
{
	size_t len = label ? arg_length(label, length) : 0;
	if (label && len >= GL_MAX_LABEL_LENGTH_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(length %zu >= GL_MAX_LABEL_LENGTH)", fn, len);
		return;
	}
	char *text = NULL;
	if (label && len) {
		if (!(text = malloc(len + 1))) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
			return;
		}
		memcpy(text, label, len);
		text[len] = 0;
	}
	bool shared = !per_context(identifier);
	if (shared)
		pthread_mutex_lock(&ctx->shared->lock);
	struct gl_label **list = label_list(ctx, identifier), **at = label_find(list, identifier, name);
	if (at && !text) {
		struct gl_label *l = *at;
		*at = l->next;
		free(l->text);
		free(l);
	} else if (at) {
		free((*at)->text);
		(*at)->text = text;
	} else if (text) {
		struct gl_label *l = malloc(sizeof(*l));
		if (l) {
			*l = (struct gl_label){ *list, identifier, name, text };
			*list = l;
		} else {
			free(text);
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		}
	}
	if (shared)
		pthread_mutex_unlock(&ctx->shared->lock);
}

static void label_get(struct gl_context *ctx, GLenum identifier, GLuint name, GLsizei bufsize, GLsizei *length,
		      GLchar *label)
{
	bool shared = !per_context(identifier);
	if (shared)
		pthread_mutex_lock(&ctx->shared->lock);
	struct gl_label **at = label_find(label_list(ctx, identifier), identifier, name);
	const char *text = at ? (*at)->text : "";
	size_t len = strlen(text);
	if (!label) {
		/* no buffer: length says how long the label is */
		if (length)
			*length = (GLsizei)len;
	} else {
		size_t n = bufsize > 0 ? ((size_t)bufsize - 1 < len ? (size_t)bufsize - 1 : len) : 0;
		if (bufsize > 0) {
			memcpy(label, text, n);
			label[n] = 0;
		}
		if (length)
			*length = (GLsizei)n;
	}
	if (shared)
		pthread_mutex_unlock(&ctx->shared->lock);
}

void gl_label_forget(struct gl_context *ctx, GLenum identifier, GLuint name)
{
	bool shared = !per_context(identifier);
	if (shared)
		pthread_mutex_lock(&ctx->shared->lock);
	struct gl_label **at = label_find(label_list(ctx, identifier), identifier, name);
	if (at) {
		struct gl_label *l = *at;
		*at = l->next;
		free(l->text);
		free(l);
	}
	if (shared)
		pthread_mutex_unlock(&ctx->shared->lock);
}

void glObjectLabelKHR(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int e = object_exists(ctx, identifier, name);
	if (e < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glObjectLabel(identifier 0x%x)", identifier);
		return;
	}
	if (!e) {
		gl_error(ctx, GL_INVALID_VALUE, "glObjectLabel(0x%x %u is not an object)", identifier, name);
		return;
	}
	label_set(ctx, identifier, name, label, length, "glObjectLabel");
}

void glGetObjectLabelKHR(GLenum identifier, GLuint name, GLsizei bufsize, GLsizei *length, GLchar *label)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(bufSize %d < 0)", bufsize);
		return;
	}
	int e = object_exists(ctx, identifier, name);
	if (e < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetObjectLabel(identifier 0x%x)", identifier);
		return;
	}
	if (!e) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(0x%x %u is not an object)", identifier, name);
		return;
	}
	label_get(ctx, identifier, name, bufsize, length, label);
}

/* Sync objects are labelled by their GLsync, which is their name (sync.c). */
void glObjectPtrLabelKHR(const void *ptr, GLsizei length, const GLchar *label)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!gl_sync_handle_valid(ctx, ptr)) {
		gl_error(ctx, GL_INVALID_VALUE, "glObjectPtrLabel(%p is not a sync object)", ptr);
		return;
	}
	label_set(ctx, GL_SYNC_FENCE, (GLuint)(uintptr_t)ptr, label, length, "glObjectPtrLabel");
}

void glGetObjectPtrLabelKHR(const void *ptr, GLsizei bufsize, GLsizei *length, GLchar *label)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel(bufSize %d < 0)", bufsize);
		return;
	}
	if (!gl_sync_handle_valid(ctx, ptr)) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel(%p is not a sync object)", ptr);
		return;
	}
	label_get(ctx, GL_SYNC_FENCE, (GLuint)(uintptr_t)ptr, bufsize, length, label);
}

void glGetPointervKHR(GLenum pname, void **params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	switch (pname) {
	case GL_DEBUG_CALLBACK_FUNCTION_KHR: *params = (void *)ctx->debug_callback; break;
	case GL_DEBUG_CALLBACK_USER_PARAM_KHR: *params = (void *)ctx->debug_user; break;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "glGetPointerv(pname 0x%x)", pname);
		break;
	}
}

void gl_labels_free(struct gl_label **list)
{
	while (*list) {
		struct gl_label *l = *list;
		*list = l->next;
		free(l->text);
		free(l);
	}
}

void gl_debug_fini(struct gl_context *ctx)
{
	struct gl_debug *d = &ctx->debug;
	for (int i = 0; i <= d->depth; i++) {
		free(d->groups[i].rules);
		free(d->groups[i].message);
	}
	for (unsigned i = 0; i < d->log_count; i++)
		free(d->log[(d->log_first + i) % GL_MAX_DEBUG_LOGGED_MESSAGES_GEM].text);
	gl_labels_free(&d->labels);
	memset(d, 0, sizeof(*d));
}
