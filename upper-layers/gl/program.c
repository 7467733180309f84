/* SPDX-License-Identifier: MIT */
/*
 * Shaders and programs without a shader compiler. The objects exist and
 * keep the state GLES 3.0 gives them (type, source, attachments, delete
 * status, info logs), so programs that build their shaders before drawing
 * get the answers the specification allows an implementation with
 * GL_SHADER_COMPILER false: glCompileShader leaves COMPILE_STATUS false
 * with an info log saying there is no compiler, glLinkProgram leaves
 * LINK_STATUS false with a log saying why, and everything that needs a
 * linked program (UseProgram, uniforms, locations, binaries) records
 * GL_INVALID_OPERATION. GetShaderPrecisionFormat and ReleaseShaderCompiler
 * record GL_INVALID_OPERATION, the rule GLES gives implementations
 * without a compiler. Nothing pretends to compile.
 *
 * Lifetimes: shaders and programs share one name space in the share
 * group. A program holds a reference to each attached shader; a deleted
 * shader that is still attached lives (DELETE_STATUS true) until detached.
 * No program is ever current (none links), so a deleted program goes at
 * once. Calls: the share group's table and lock, KHR_debug.
 */
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static const char no_compiler_log[] =
	"error: this OpenGL ES implementation has no shader compiler (GL_SHADER_COMPILER is GL_FALSE): "
	"it executes only blitter and CPU work, so shaders cannot be compiled";
static const char no_link_log[] =
	"error: this OpenGL ES implementation has no shader compiler: no shader is compiled, so no program links";

struct gl_shobj {
	GLenum kind;		/* GL_SHADER_KHR or GL_PROGRAM_KHR */
	GLuint name;
	int refcount;		/* the name table, plus one per program a shader is attached to */
	bool deleted;
	const char *info_log;	/* static text, or NULL (empty) */
	/* shaders */
	GLenum type;
	char *source;
	/* programs */
	struct gl_shobj *attached[2];	/* vertex, fragment */
	bool binary_retrievable_hint;
};

static void shobj_unref(struct gl_shobj *o)
{
	if (!o || --o->refcount > 0)
		return;
	for (int i = 0; i < 2; i++)
		shobj_unref(o->attached[i]);
	free(o->source);
	free(o);
}

GLenum gl_shobj_kind(struct gl_context *ctx, GLuint name)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_shobj *o = gl_names_get(&ctx->shared->programs, name);
	GLenum kind = o ? o->kind : 0;
	pthread_mutex_unlock(&ctx->shared->lock);
	return kind;
}

/* The object behind name, of the kind wanted: INVALID_VALUE for no object,
 * INVALID_OPERATION for an object of the other kind. */
static struct gl_shobj *lookup(struct gl_context *ctx, GLuint name, GLenum kind, const char *fn)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_shobj *o = gl_names_get(&ctx->shared->programs, name);
	pthread_mutex_unlock(&ctx->shared->lock);
	if (!o) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%u is not a shader or program object)", fn, name);
		return NULL;
	}
	if (o->kind != kind) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(%u is a %s object)", fn, name,
			 o->kind == GL_SHADER_KHR ? "shader" : "program");
		return NULL;
	}
	return o;
}

static GLuint create(struct gl_context *ctx, GLenum kind, GLenum type, const char *fn)
{
	struct gl_shobj *o = calloc(1, sizeof(*o));
	if (!o) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		return 0;
	}
	o->kind = kind;
	o->type = type;
	o->refcount = 1;
	pthread_mutex_lock(&ctx->shared->lock);
	GLuint name = gl_names_gen(&ctx->shared->programs);
	if (name)
		gl_names_set(&ctx->shared->programs, name, o);
	pthread_mutex_unlock(&ctx->shared->lock);
	if (!name) {
		free(o);
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
		return 0;
	}
	o->name = name;
	return name;
}

GLuint glCreateShader(GLenum type)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return 0;
	if (type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER) {
		gl_error(ctx, GL_INVALID_ENUM, "glCreateShader(type 0x%x)", type);
		return 0;
	}
	return create(ctx, GL_SHADER_KHR, type, "glCreateShader");
}

GLuint glCreateProgram(void)
{
	struct gl_context *ctx = gl_ctx();
	return ctx ? create(ctx, GL_PROGRAM_KHR, 0, "glCreateProgram") : 0;
}

static void remove_name(struct gl_context *ctx, struct gl_shobj *o)
{
	pthread_mutex_lock(&ctx->shared->lock);
	gl_names_remove(&ctx->shared->programs, o->name);
	pthread_mutex_unlock(&ctx->shared->lock);
	gl_label_forget(ctx, o->kind, o->name);
}

/* Drops one program's attachment of s; a shader flagged for deletion
 * goes (name and all) with its last attachment. */
static void drop_attachment(struct gl_context *ctx, struct gl_shobj *s)
{
	if (s->deleted && s->refcount == 2) {
		remove_name(ctx, s);
		shobj_unref(s);	/* the name's reference */
	}
	shobj_unref(s);
}

static void delete_obj(GLuint name, GLenum kind, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || name == 0)	/* 0 is silently ignored */
		return;
	struct gl_shobj *o = lookup(ctx, name, kind, fn);
	if (!o || o->deleted)
		return;
	o->deleted = true;
	if (kind == GL_PROGRAM_KHR) {
		/* never current (none links), so it goes at once */
		for (int i = 0; i < 2; i++) {
			struct gl_shobj *s = o->attached[i];
			o->attached[i] = NULL;
			if (s)
				drop_attachment(ctx, s);
		}
	} else if (o->refcount > 1) {
		return;	/* attached: flagged (DELETE_STATUS true) until detached */
	}
	remove_name(ctx, o);
	shobj_unref(o);
}

void glDeleteShader(GLuint shader)
{
	delete_obj(shader, GL_SHADER_KHR, "glDeleteShader");
}

void glDeleteProgram(GLuint program)
{
	delete_obj(program, GL_PROGRAM_KHR, "glDeleteProgram");
}

GLboolean glIsShader(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && gl_shobj_kind(ctx, name) == GL_SHADER_KHR;
}

GLboolean glIsProgram(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && gl_shobj_kind(ctx, name) == GL_PROGRAM_KHR;
}

void glShaderSource(GLuint shader, GLsizei count, const GLchar *const *strings, const GLint *lengths)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *o = lookup(ctx, shader, GL_SHADER_KHR, "glShaderSource");
	if (!o)
		return;
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glShaderSource(count %d < 0)", count);
		return;
	}
	size_t total = 0;
	for (GLsizei i = 0; i < count; i++)
		total += lengths && lengths[i] >= 0 ? (size_t)lengths[i] : strlen(strings[i]);
	char *src = malloc(total + 1);
	if (!src) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "glShaderSource: out of memory");
		return;
	}
	size_t at = 0;
	for (GLsizei i = 0; i < count; i++) {
		size_t n = lengths && lengths[i] >= 0 ? (size_t)lengths[i] : strlen(strings[i]);
		memcpy(src + at, strings[i], n);
		at += n;
	}
	src[at] = 0;
	free(o->source);
	o->source = src;
}

void glCompileShader(GLuint shader)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *o = lookup(ctx, shader, GL_SHADER_KHR, "glCompileShader");
	if (!o)
		return;
	o->info_log = no_compiler_log;
	gl_debug_message(ctx, GL_DEBUG_SOURCE_SHADER_COMPILER_KHR, GL_DEBUG_TYPE_ERROR_KHR, 1,
			 GL_DEBUG_SEVERITY_HIGH_KHR, no_compiler_log);
}

void glReleaseShaderCompiler(void)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_error(ctx, GL_INVALID_OPERATION, "glReleaseShaderCompiler: there is no shader compiler");
}

void glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range, GLint *precision)
{
	(void)range;
	(void)precision;
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if ((shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) ||
	    precisiontype < GL_LOW_FLOAT || precisiontype > GL_HIGH_INT) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat(0x%x, 0x%x)", shadertype, precisiontype);
		return;
	}
	gl_error(ctx, GL_INVALID_OPERATION, "glGetShaderPrecisionFormat: there is no shader compiler");
}

void glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat, const void *binary, GLsizei length)
{
	(void)shaders;
	(void)binary;
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (count < 0 || length < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glShaderBinary(count %d, length %d)", count, length);
		return;
	}
	gl_error(ctx, GL_INVALID_ENUM, "glShaderBinary(format 0x%x): no shader binary formats (NUM_SHADER_BINARY_FORMATS 0)",
		 binaryformat);
}

static void copy_string(const char *s, GLsizei bufsize, GLsizei *length, GLchar *out)
{
	size_t len = s ? strlen(s) : 0;
	size_t n = bufsize > 0 ? ((size_t)bufsize - 1 < len ? (size_t)bufsize - 1 : len) : 0;
	if (bufsize > 0 && out) {
		if (n)
			memcpy(out, s, n);
		out[n] = 0;
	}
	if (length)
		*length = (GLsizei)n;
}

static GLint string_length(const char *s)
{
	return s && *s ? (GLint)strlen(s) + 1 : 0;
}

void glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *o = lookup(ctx, shader, GL_SHADER_KHR, "glGetShaderiv");
	if (!o)
		return;
	switch (pname) {
	case GL_SHADER_TYPE: *params = (GLint)o->type; break;
	case GL_DELETE_STATUS: *params = o->deleted; break;
	case GL_COMPILE_STATUS: *params = GL_FALSE; break;
	case GL_INFO_LOG_LENGTH: *params = string_length(o->info_log); break;
	case GL_SHADER_SOURCE_LENGTH: *params = string_length(o->source); break;
	default: gl_error(ctx, GL_INVALID_ENUM, "glGetShaderiv(pname 0x%x)", pname); break;
	}
}

void glGetShaderInfoLog(GLuint shader, GLsizei bufsize, GLsizei *length, GLchar *log)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *o = lookup(ctx, shader, GL_SHADER_KHR, "glGetShaderInfoLog");
	if (!o)
		return;
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetShaderInfoLog(bufSize %d < 0)", bufsize);
		return;
	}
	copy_string(o->info_log, bufsize, length, log);
}

void glGetShaderSource(GLuint shader, GLsizei bufsize, GLsizei *length, GLchar *source)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *o = lookup(ctx, shader, GL_SHADER_KHR, "glGetShaderSource");
	if (!o)
		return;
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetShaderSource(bufSize %d < 0)", bufsize);
		return;
	}
	copy_string(o->source, bufsize, length, source);
}

void glAttachShader(GLuint program, GLuint shader)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glAttachShader");
	if (!p)
		return;
	struct gl_shobj *s = lookup(ctx, shader, GL_SHADER_KHR, "glAttachShader");
	if (!s)
		return;
	int slot = s->type == GL_VERTEX_SHADER ? 0 : 1;
	if (p->attached[slot]) {
		gl_error(ctx, GL_INVALID_OPERATION, "glAttachShader: %s shader already attached",
			 p->attached[slot] == s ? "this" : "a shader of this type is");
		return;
	}
	s->refcount++;
	p->attached[slot] = s;
}

void glDetachShader(GLuint program, GLuint shader)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glDetachShader");
	if (!p)
		return;
	/* a deleted but attached shader can still be detached by name */
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_shobj *s = gl_names_get(&ctx->shared->programs, shader);
	pthread_mutex_unlock(&ctx->shared->lock);
	if (!s) {
		gl_error(ctx, GL_INVALID_VALUE, "glDetachShader(%u is not a shader or program object)", shader);
		return;
	}
	if (s->kind != GL_SHADER_KHR) {
		gl_error(ctx, GL_INVALID_OPERATION, "glDetachShader(%u is a program object)", shader);
		return;
	}
	for (int i = 0; i < 2; i++)
		if (p->attached[i] == s) {
			p->attached[i] = NULL;
			drop_attachment(ctx, s);
			return;
		}
	gl_error(ctx, GL_INVALID_OPERATION, "glDetachShader: shader %u is not attached to program %u", shader, program);
}

void glGetAttachedShaders(GLuint program, GLsizei maxcount, GLsizei *count, GLuint *shaders)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (maxcount < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetAttachedShaders(maxCount %d < 0)", maxcount);
		return;
	}
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glGetAttachedShaders");
	if (!p)
		return;
	GLsizei n = 0;
	for (int i = 0; i < 2; i++)
		if (p->attached[i] && n < maxcount)
			shaders[n++] = p->attached[i]->name;
	if (count)
		*count = n;
}

void glLinkProgram(GLuint program)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glLinkProgram");
	if (!p)
		return;
	p->info_log = no_link_log;
	gl_debug_message(ctx, GL_DEBUG_SOURCE_SHADER_COMPILER_KHR, GL_DEBUG_TYPE_ERROR_KHR, 2,
			 GL_DEBUG_SEVERITY_HIGH_KHR, no_link_log);
}

void glValidateProgram(GLuint program)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glValidateProgram");
	if (p)
		p->info_log = no_link_log;
}

void glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glGetProgramiv");
	if (!p)
		return;
	switch (pname) {
	case GL_DELETE_STATUS: *params = p->deleted; break;
	case GL_LINK_STATUS:
	case GL_VALIDATE_STATUS: *params = GL_FALSE; break;
	case GL_INFO_LOG_LENGTH: *params = string_length(p->info_log); break;
	case GL_ATTACHED_SHADERS: *params = (p->attached[0] != NULL) + (p->attached[1] != NULL); break;
	case GL_ACTIVE_ATTRIBUTES: case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: case GL_ACTIVE_UNIFORMS:
	case GL_ACTIVE_UNIFORM_MAX_LENGTH: case GL_ACTIVE_UNIFORM_BLOCKS:
	case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: case GL_TRANSFORM_FEEDBACK_VARYINGS:
	case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: case GL_PROGRAM_BINARY_LENGTH:
		*params = 0;
		break;
	case GL_TRANSFORM_FEEDBACK_BUFFER_MODE: *params = GL_INTERLEAVED_ATTRIBS; break;
	case GL_PROGRAM_BINARY_RETRIEVABLE_HINT: *params = p->binary_retrievable_hint; break;
	default: gl_error(ctx, GL_INVALID_ENUM, "glGetProgramiv(pname 0x%x)", pname); break;
	}
}

void glGetProgramInfoLog(GLuint program, GLsizei bufsize, GLsizei *length, GLchar *log)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glGetProgramInfoLog");
	if (!p)
		return;
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetProgramInfoLog(bufSize %d < 0)", bufsize);
		return;
	}
	copy_string(p->info_log, bufsize, length, log);
}

/* Every query that needs a linked program: none is. */
static bool not_linked(GLuint program, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return true;
	if (lookup(ctx, program, GL_PROGRAM_KHR, fn))
		gl_error(ctx, GL_INVALID_OPERATION, "%s: program %u is not linked (no shader compiler)", fn, program);
	return true;
}

void glUseProgram(GLuint program)
{
	if (program == 0) {
		struct gl_context *ctx = gl_ctx();
		if (ctx)
			ctx->current_program = 0;
		return;
	}
	not_linked(program, "glUseProgram");
}

GLint glGetAttribLocation(GLuint program, const GLchar *name)
{
	(void)name;
	not_linked(program, "glGetAttribLocation");
	return -1;
}

GLint glGetUniformLocation(GLuint program, const GLchar *name)
{
	(void)name;
	not_linked(program, "glGetUniformLocation");
	return -1;
}

GLint glGetFragDataLocation(GLuint program, const GLchar *name)
{
	(void)name;
	not_linked(program, "glGetFragDataLocation");
	return -1;
}

GLuint glGetUniformBlockIndex(GLuint program, const GLchar *name)
{
	(void)name;
	not_linked(program, "glGetUniformBlockIndex");
	return GL_INVALID_INDEX;
}

void glGetUniformIndices(GLuint program, GLsizei count, const GLchar *const *names, GLuint *indices)
{
	(void)names;
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !lookup(ctx, program, GL_PROGRAM_KHR, "glGetUniformIndices"))
		return;
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetUniformIndices(count %d < 0)", count);
		return;
	}
	for (GLsizei i = 0; i < count; i++)
		indices[i] = GL_INVALID_INDEX;	/* a program that is not linked has no active uniforms */
}

void glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
	(void)location;
	(void)params;
	not_linked(program, "glGetUniformfv");
}

void glGetUniformiv(GLuint program, GLint location, GLint *params)
{
	(void)location;
	(void)params;
	not_linked(program, "glGetUniformiv");
}

void glGetUniformuiv(GLuint program, GLint location, GLuint *params)
{
	(void)location;
	(void)params;
	not_linked(program, "glGetUniformuiv");
}

void glGetProgramBinary(GLuint program, GLsizei bufsize, GLsizei *length, GLenum *format, void *binary)
{
	(void)format;
	(void)binary;
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetProgramBinary(bufSize %d < 0)", bufsize);
		return;
	}
	if (length)
		*length = 0;
	not_linked(program, "glGetProgramBinary");
}

void glProgramBinary(GLuint program, GLenum format, const void *binary, GLsizei length)
{
	(void)binary;
	(void)length;
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !lookup(ctx, program, GL_PROGRAM_KHR, "glProgramBinary"))
		return;
	gl_error(ctx, GL_INVALID_ENUM, "glProgramBinary(format 0x%x): no program binary formats", format);
}

void glProgramParameteri(GLuint program, GLenum pname, GLint value)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_shobj *p = lookup(ctx, program, GL_PROGRAM_KHR, "glProgramParameteri");
	if (!p)
		return;
	if (pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT) {
		gl_error(ctx, GL_INVALID_ENUM, "glProgramParameteri(pname 0x%x)", pname);
		return;
	}
	if (value != GL_TRUE && value != GL_FALSE) {
		gl_error(ctx, GL_INVALID_VALUE, "glProgramParameteri(value %d)", value);
		return;
	}
	p->binary_retrievable_hint = value == GL_TRUE;
}

void glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !lookup(ctx, program, GL_PROGRAM_KHR, "glBindAttribLocation"))
		return;
	if (index >= GL_MAX_VERTEX_ATTRIBS_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation(index %u >= GL_MAX_VERTEX_ATTRIBS)", index);
		return;
	}
	if (name && strncmp(name, "gl_", 3) == 0)
		gl_error(ctx, GL_INVALID_OPERATION, "glBindAttribLocation(%s): the gl_ prefix is reserved", name);
	/* otherwise it would take effect at the next link, which never succeeds */
}

/* Index queries on a program with nothing active: every index is out of range. */
static void no_active(GLuint program, GLuint index, const char *fn)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx && lookup(ctx, program, GL_PROGRAM_KHR, fn))
		gl_error(ctx, GL_INVALID_VALUE, "%s(index %u): the program has none active (not linked)", fn, index);
}

void glGetActiveAttrib(GLuint program, GLuint index, GLsizei bufsize, GLsizei *length, GLint *size, GLenum *type,
		       GLchar *name)
{
	(void)bufsize, (void)length, (void)size, (void)type, (void)name;
	no_active(program, index, "glGetActiveAttrib");
}

void glGetActiveUniform(GLuint program, GLuint index, GLsizei bufsize, GLsizei *length, GLint *size, GLenum *type,
			GLchar *name)
{
	(void)bufsize, (void)length, (void)size, (void)type, (void)name;
	no_active(program, index, "glGetActiveUniform");
}

void glGetActiveUniformsiv(GLuint program, GLsizei count, const GLuint *indices, GLenum pname, GLint *params)
{
	(void)pname, (void)params;
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !lookup(ctx, program, GL_PROGRAM_KHR, "glGetActiveUniformsiv"))
		return;
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(count %d < 0)", count);
		return;
	}
	if (count > 0)
		gl_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(index %u): no active uniforms", indices[0]);
}

void glGetActiveUniformBlockiv(GLuint program, GLuint index, GLenum pname, GLint *params)
{
	(void)pname, (void)params;
	no_active(program, index, "glGetActiveUniformBlockiv");
}

void glGetActiveUniformBlockName(GLuint program, GLuint index, GLsizei bufsize, GLsizei *length, GLchar *name)
{
	(void)bufsize, (void)length, (void)name;
	no_active(program, index, "glGetActiveUniformBlockName");
}

void glUniformBlockBinding(GLuint program, GLuint index, GLuint binding)
{
	(void)binding;
	no_active(program, index, "glUniformBlockBinding");
}

void glGetTransformFeedbackVarying(GLuint program, GLuint index, GLsizei bufsize, GLsizei *length, GLsizei *size,
				   GLenum *type, GLchar *name)
{
	(void)bufsize, (void)length, (void)size, (void)type, (void)name;
	no_active(program, index, "glGetTransformFeedbackVarying");
}

void glTransformFeedbackVaryings(GLuint program, GLsizei count, const GLchar *const *varyings, GLenum mode)
{
	(void)varyings;
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !lookup(ctx, program, GL_PROGRAM_KHR, "glTransformFeedbackVaryings"))
		return;
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glTransformFeedbackVaryings(count %d < 0)", count);
		return;
	}
	if (mode != GL_INTERLEAVED_ATTRIBS && mode != GL_SEPARATE_ATTRIBS) {
		gl_error(ctx, GL_INVALID_ENUM, "glTransformFeedbackVaryings(bufferMode 0x%x)", mode);
		return;
	}
	if (mode == GL_SEPARATE_ATTRIBS && count > GL_MAX_XFB_BUFFERS_GEM)
		gl_error(ctx, GL_INVALID_VALUE, "glTransformFeedbackVaryings(count %d > separate attribs)", count);
	/* otherwise it takes effect at the next link, which never succeeds */
}

/* ---- uniforms: with no program current (none links) every call is
 * INVALID_OPERATION, as GLES says for a uniform update without one ---- */

static void uniform_call(const char *fn, GLsizei count)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(count %d < 0)", fn, count);
		return;
	}
	gl_error(ctx, GL_INVALID_OPERATION, "%s: no program is in use (no shader compiler)", fn);
}

#define UNIFORM_SCALARS(n, T, sfx, ...)                                                                     \
	void glUniform##n##sfx(GLint location, __VA_ARGS__)                                                 \
	{                                                                                                    \
		(void)location;                                                                              \
		uniform_call("glUniform" #n #sfx, 1);                                                        \
	}                                                                                                    \
	void glUniform##n##sfx##v(GLint location, GLsizei count, const T *value)                             \
	{                                                                                                    \
		(void)location, (void)value;                                                                 \
		uniform_call("glUniform" #n #sfx "v", count);                                                \
	}

#define U1(T) T v0 __attribute__((unused))
#define U2(T) U1(T), T v1 __attribute__((unused))
#define U3(T) U2(T), T v2 __attribute__((unused))
#define U4(T) U3(T), T v3 __attribute__((unused))
UNIFORM_SCALARS(1, GLfloat, f, U1(GLfloat))
UNIFORM_SCALARS(2, GLfloat, f, U2(GLfloat))
UNIFORM_SCALARS(3, GLfloat, f, U3(GLfloat))
UNIFORM_SCALARS(4, GLfloat, f, U4(GLfloat))
UNIFORM_SCALARS(1, GLint, i, U1(GLint))
UNIFORM_SCALARS(2, GLint, i, U2(GLint))
UNIFORM_SCALARS(3, GLint, i, U3(GLint))
UNIFORM_SCALARS(4, GLint, i, U4(GLint))
UNIFORM_SCALARS(1, GLuint, ui, U1(GLuint))
UNIFORM_SCALARS(2, GLuint, ui, U2(GLuint))
UNIFORM_SCALARS(3, GLuint, ui, U3(GLuint))
UNIFORM_SCALARS(4, GLuint, ui, U4(GLuint))

#define UNIFORM_MATRIX(dims)                                                                                 \
	void glUniformMatrix##dims##fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) \
	{                                                                                                    \
		(void)location, (void)transpose, (void)value;                                                \
		uniform_call("glUniformMatrix" #dims "fv", count);                                           \
	}
UNIFORM_MATRIX(2)
UNIFORM_MATRIX(3)
UNIFORM_MATRIX(4)
UNIFORM_MATRIX(2x3)
UNIFORM_MATRIX(3x2)
UNIFORM_MATRIX(2x4)
UNIFORM_MATRIX(4x2)
UNIFORM_MATRIX(3x4)
UNIFORM_MATRIX(4x3)

/* The share group's shaders and programs, when its last context goes. */
void gl_shobjs_release_shared(struct gl_shared *sh)
{
	/* programs first: they hold references to shaders */
	for (int pass = 0; pass < 2; pass++)
		for (GLuint n = 1; n < sh->programs.cap; n++) {
			struct gl_shobj *o = gl_names_get(&sh->programs, n);
			if (o && (pass == 1 || o->kind == GL_PROGRAM_KHR)) {
				sh->programs.obj[n] = NULL;
				shobj_unref(o);
			}
		}
	gl_names_fini(&sh->programs);
}
