/* SPDX-License-Identifier: MIT */
/*
 * State queries against Mesa: the default values GLES 3.0's state tables
 * fix, values set and read back through all four glGet* types (with the
 * spec's conversions), the errors of the fragment-state setters, VAOs,
 * vertex attributes, queries, samplers and transform feedback objects,
 * and KHR_debug's log and groups. Implementation-dependent limits are
 * printed as comments only: Mesa reports ES 3.2 limits.
 */
#include "gltest.h"

static void fact_int(const char *name, GLenum pname)
{
	GLint v[4] = { -7, -7, -7, -7 };
	glGetIntegerv(pname, v);
	fact("%s = %d %d %d %d (%s)", name, v[0], v[1], v[2], v[3], gt_err_name(glGetError()));
}

static void fact_all(const char *name, GLenum pname)
{
	GLint i[4] = { -7, -7, -7, -7 };
	GLint64 l[4] = { -7, -7, -7, -7 };
	GLfloat f[4] = { -7, -7, -7, -7 };
	GLboolean b[4] = { 7, 7, 7, 7 };
	glGetIntegerv(pname, i);
	glGetInteger64v(pname, l);
	glGetFloatv(pname, f);
	glGetBooleanv(pname, b);
	fact("%s: i %d %d %d %d / i64 %lld %lld / f %g %g %g %g / b %d %d %d %d (%s)", name, i[0], i[1], i[2], i[3],
	     (long long)l[0], (long long)l[1], f[0], f[1], f[2], f[3], b[0], b[1], b[2], b[3],
	     gt_err_name(glGetError()));
}

#define FI(p) fact_int(#p, p)
#define FA(p) fact_all(#p, p)

static void limits(void)
{
	static const struct { const char *n; GLenum p; } l[] = {
		{ "MAX_TEXTURE_SIZE", GL_MAX_TEXTURE_SIZE }, { "MAX_VERTEX_ATTRIBS", GL_MAX_VERTEX_ATTRIBS },
		{ "MAX_UNIFORM_BUFFER_BINDINGS", GL_MAX_UNIFORM_BUFFER_BINDINGS },
		{ "MAX_DRAW_BUFFERS", GL_MAX_DRAW_BUFFERS }, { "MAX_SAMPLES", GL_MAX_SAMPLES },
		{ "NUM_EXTENSIONS", GL_NUM_EXTENSIONS }, { "MAX_LABEL_LENGTH", GL_MAX_LABEL_LENGTH_KHR },
	};
	for (unsigned i = 0; i < sizeof(l) / sizeof(l[0]); i++) {
		GLint v = -1;
		glGetIntegerv(l[i].p, &v);
		printf("# %s %d (%s)\n", l[i].n, v, gt_err_name(glGetError()));
	}
}

static void defaults(void)
{
	FI(GL_MAJOR_VERSION);
	FA(GL_COLOR_CLEAR_VALUE);
	FA(GL_DEPTH_CLEAR_VALUE);
	FA(GL_COLOR_WRITEMASK);
	FA(GL_DEPTH_RANGE);
	FA(GL_LINE_WIDTH);
	FA(GL_BLEND);
	FA(GL_DITHER);
	FI(GL_BLEND_SRC_RGB);
	FI(GL_BLEND_DST_ALPHA);
	FI(GL_BLEND_EQUATION_RGB);
	FA(GL_BLEND_COLOR);
	FI(GL_DEPTH_FUNC);
	FI(GL_STENCIL_FUNC);
	FI(GL_STENCIL_VALUE_MASK);
	FI(GL_STENCIL_BACK_WRITEMASK);
	FI(GL_STENCIL_FAIL);
	FI(GL_STENCIL_BACK_PASS_DEPTH_PASS);
	FI(GL_CULL_FACE_MODE);
	FI(GL_FRONT_FACE);
	FA(GL_POLYGON_OFFSET_FACTOR);
	FA(GL_SAMPLE_COVERAGE_VALUE);
	FI(GL_GENERATE_MIPMAP_HINT);
	FI(GL_VERTEX_ARRAY_BINDING);
	FI(GL_TRANSFORM_FEEDBACK_BINDING);
	FI(GL_CURRENT_PROGRAM);
	FI(GL_ACTIVE_TEXTURE);
	FI(GL_SAMPLER_BINDING);
	FI(GL_UNPACK_ALIGNMENT);
}

static void setters(void)
{
	glClearColor(0.25f, 1.0f, 0.0f, 0.5f);
	FA(GL_COLOR_CLEAR_VALUE);
	glBlendColor(0.1f, 0.2f, 0.3f, 1.0f);
	FA(GL_BLEND_COLOR);
	glDepthRangef(0.25f, 0.75f);
	FA(GL_DEPTH_RANGE);
	glLineWidth(2.6f);
	FA(GL_LINE_WIDTH);
	glPolygonOffset(1.5f, -2.5f);
	FA(GL_POLYGON_OFFSET_UNITS);
	glSampleCoverage(0.5f, GL_TRUE);
	FA(GL_SAMPLE_COVERAGE_INVERT);
	glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
	FI(GL_BLEND_SRC_RGB);
	FI(GL_BLEND_DST_RGB);
	glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
	FI(GL_BLEND_EQUATION_ALPHA);
	glStencilFuncSeparate(GL_BACK, GL_GEQUAL, 5, 0xf0);
	FI(GL_STENCIL_BACK_FUNC);
	FI(GL_STENCIL_BACK_REF);
	FI(GL_STENCIL_FUNC);
	glStencilOpSeparate(GL_FRONT, GL_INCR_WRAP, GL_DECR, GL_INVERT);
	FI(GL_STENCIL_PASS_DEPTH_PASS);
	glStencilMaskSeparate(GL_BACK, 0x0f);
	FI(GL_STENCIL_BACK_WRITEMASK);
	FI(GL_STENCIL_WRITEMASK);
	glEnable(GL_CULL_FACE);
	FA(GL_CULL_FACE);
	glCullFace(GL_FRONT_AND_BACK);
	FI(GL_CULL_FACE_MODE);
	glHint(GL_GENERATE_MIPMAP_HINT, GL_NICEST);
	FI(GL_GENERATE_MIPMAP_HINT);
}

static void errors(void)
{
	glBlendFunc(0x1234, GL_ONE);
	fact_err("BlendFunc(bad)");
	glBlendEquation(0x1234);
	fact_err("BlendEquation(bad)");
	glDepthFunc(0x1234);
	fact_err("DepthFunc(bad)");
	glStencilFunc(0x1234, 0, 0);
	fact_err("StencilFunc(bad)");
	glStencilOp(GL_KEEP, 0x1234, GL_KEEP);
	fact_err("StencilOp(bad)");
	glStencilMaskSeparate(0x1234, 0);
	fact_err("StencilMaskSeparate(bad face)");
	glCullFace(0x1234);
	fact_err("CullFace(bad)");
	glFrontFace(0x1234);
	fact_err("FrontFace(bad)");
	glLineWidth(0.0f);
	fact_err("LineWidth(0)");
	glHint(0x1234, GL_NICEST);
	fact_err("Hint(bad target)");
	glHint(GL_GENERATE_MIPMAP_HINT, 0x1234);
	fact_err("Hint(bad mode)");
	GLint v;
	glGetIntegerv(0x1234, &v);
	fact_err("GetIntegerv(bad)");
	glGetFloatv(0x1234, (GLfloat *)&v);
	fact_err("GetFloatv(bad)");
	glGetStringi(GL_EXTENSIONS, 100000);
	fact_err("GetStringi(index too big)");
	glGetStringi(GL_VENDOR, 0);
	fact_err("GetStringi(VENDOR)");

	/* vertex arrays and attributes */
	GLuint vao;
	glGenVertexArrays(1, &vao);
	glBindVertexArray(4242);
	fact_err("BindVertexArray(unknown)");
	glBindVertexArray(vao);
	FI(GL_VERTEX_ARRAY_BINDING);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (void *)16);
	fact_err("VertexAttribPointer(client pointer, non-zero VAO)");
	GLuint b;
	glGenBuffers(1, &b);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	glVertexAttribPointer(1, 2, GL_SHORT, GL_TRUE, 8, (void *)4);
	fact_err("VertexAttribPointer(1, 2 SHORT norm, 8, 4)");
	glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
	fact("attrib 1 size %d", v);
	glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
	fact("attrib 1 buffer is b: %d", v == (GLint)b);
	glVertexAttribPointer(16, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	fact_err("VertexAttribPointer(index 16)");
	glVertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL);
	fact_err("VertexAttribPointer(size 5)");
	glVertexAttribPointer(0, 4, 0x1234, GL_FALSE, 0, NULL);
	fact_err("VertexAttribPointer(bad type)");
	glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, -1, NULL);
	fact_err("VertexAttribPointer(stride -1)");
	glVertexAttribPointer(0, 3, GL_INT_2_10_10_10_REV, GL_FALSE, 0, NULL);
	fact_err("VertexAttribPointer(packed, size 3)");
	glVertexAttribIPointer(0, 4, GL_FLOAT, 0, NULL);
	fact_err("VertexAttribIPointer(FLOAT)");
	glBindVertexArray(0);
	FI(GL_ELEMENT_ARRAY_BUFFER_BINDING);
	glBindVertexArray(vao);
	GLint e = -1;
	glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &e);
	fact("element array binding follows the VAO: %d", e == (GLint)b);
	glDeleteVertexArrays(1, &vao);
	FI(GL_VERTEX_ARRAY_BINDING);
	glDeleteBuffers(1, &b);
	glVertexAttrib4f(3, 1.5f, 2.5f, 3.5f, 4.5f);
	GLfloat cf[4];
	glGetVertexAttribfv(3, GL_CURRENT_VERTEX_ATTRIB, cf);
	fact("current attrib 3: %g %g %g %g (%s)", cf[0], cf[1], cf[2], cf[3], gt_err_name(glGetError()));
	glVertexAttribI4i(4, -1, 2, -3, 4);
	GLint ci[4];
	glGetVertexAttribIiv(4, GL_CURRENT_VERTEX_ATTRIB, ci);
	fact("current attrib 4: %d %d %d %d (%s)", ci[0], ci[1], ci[2], ci[3], gt_err_name(glGetError()));
	glGetVertexAttribiv(0, 0x1234, &v);
	fact_err("GetVertexAttribiv(bad pname)");

	/* queries */
	GLuint q;
	glGenQueries(1, &q);
	glBeginQuery(0x1234, q);
	fact_err("BeginQuery(bad target)");
	glBeginQuery(GL_ANY_SAMPLES_PASSED, 4242);
	fact_err("BeginQuery(unknown id)");
	glBeginQuery(GL_ANY_SAMPLES_PASSED, q);
	fact_err("BeginQuery(ANY_SAMPLES_PASSED)");
	glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &v);
	fact("CURRENT_QUERY is q: %d", v == (GLint)q);
	glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q);
	fact_err("BeginQuery(CONSERVATIVE while ANY_SAMPLES active)");
	glEndQuery(GL_ANY_SAMPLES_PASSED);
	fact_err("EndQuery");
	glEndQuery(GL_ANY_SAMPLES_PASSED);
	fact_err("EndQuery again");
	GLuint res = 7;
	glGetQueryObjectuiv(q, GL_QUERY_RESULT, &res);
	fact("query result with nothing drawn: %u (%s)", res, gt_err_name(glGetError()));
	glDeleteQueries(1, &q);

	/* samplers */
	GLuint s;
	glGenSamplers(1, &s);
	glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glGetSamplerParameteriv(s, GL_TEXTURE_WRAP_S, &v);
	fact("sampler wrap_s 0x%x (%s)", v, gt_err_name(glGetError()));
	glGetSamplerParameteriv(s, GL_TEXTURE_MIN_FILTER, &v);
	fact("sampler default min filter 0x%x", v);
	glSamplerParameteri(s, GL_TEXTURE_WRAP_S, 0x1234);
	fact_err("SamplerParameteri(bad value)");
	glSamplerParameteri(s, 0x1234, GL_REPEAT);
	fact_err("SamplerParameteri(bad pname)");
	glBindSampler(0, 4242);
	fact_err("BindSampler(unknown)");
	glBindSampler(0, s);
	fact("SAMPLER_BINDING is s: %d", ({ GLint x; glGetIntegerv(GL_SAMPLER_BINDING, &x); x == (GLint)s; }));
	glDeleteSamplers(1, &s);
	FI(GL_SAMPLER_BINDING);

	/* transform feedback objects */
	GLuint x;
	glGenTransformFeedbacks(1, &x);
	glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 4242);
	fact_err("BindTransformFeedback(unknown)");
	glBindTransformFeedback(0x1234, x);
	fact_err("BindTransformFeedback(bad target)");
	glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, x);
	fact("TRANSFORM_FEEDBACK_BINDING is x: %d", ({ GLint y; glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &y); y == (GLint)x; }));
	glPauseTransformFeedback();
	fact_err("PauseTransformFeedback when not active");
	glDeleteTransformFeedbacks(1, &x);
	FI(GL_TRANSFORM_FEEDBACK_BINDING);
}

static void debug_log(void)
{
	PFNGLDEBUGMESSAGEINSERTKHRPROC insert =
		(PFNGLDEBUGMESSAGEINSERTKHRPROC)eglGetProcAddress("glDebugMessageInsertKHR");
	PFNGLGETDEBUGMESSAGELOGKHRPROC get_log =
		(PFNGLGETDEBUGMESSAGELOGKHRPROC)eglGetProcAddress("glGetDebugMessageLogKHR");
	PFNGLPUSHDEBUGGROUPKHRPROC push = (PFNGLPUSHDEBUGGROUPKHRPROC)eglGetProcAddress("glPushDebugGroupKHR");
	PFNGLPOPDEBUGGROUPKHRPROC pop = (PFNGLPOPDEBUGGROUPKHRPROC)eglGetProcAddress("glPopDebugGroupKHR");
	PFNGLOBJECTLABELKHRPROC label = (PFNGLOBJECTLABELKHRPROC)eglGetProcAddress("glObjectLabelKHR");
	PFNGLGETOBJECTLABELKHRPROC get_label =
		(PFNGLGETOBJECTLABELKHRPROC)eglGetProcAddress("glGetObjectLabelKHR");
	if (!insert || !get_log || !push || !pop || !label || !get_label) {
		printf("# no KHR_debug\n");
		return;
	}
	glEnable(GL_DEBUG_OUTPUT_KHR);
	GLint n = -1;
	glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES_KHR, &n);
	/* drain what the context logged so far */
	while (n-- > 0)
		get_log(1, 0, NULL, NULL, NULL, NULL, NULL, NULL);
	insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, 42, GL_DEBUG_SEVERITY_NOTIFICATION_KHR, -1,
	       "hello");
	insert(GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_MARKER_KHR, 1, GL_DEBUG_SEVERITY_NOTIFICATION_KHR, -1, "x");
	fact_err("DebugMessageInsert(source API)");
	push(GL_DEBUG_SOURCE_APPLICATION_KHR, 7, -1, "group");
	GLint depth = -1;
	glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH_KHR, &depth);
	fact("group depth %d (%s)", depth, gt_err_name(glGetError()));
	pop();
	pop();
	fact_err("PopDebugGroup on the default group");
	glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES_KHR, &n);
	fact("logged %d", n);
	for (int i = 0; i < n; i++) {
		GLenum src, type, sev;
		GLuint id;
		GLsizei len;
		char msg[256];
		GLuint got = get_log(1, sizeof(msg), &src, &type, &id, &sev, &len, msg);
		if (type == GL_DEBUG_TYPE_ERROR_KHR)
			continue;	/* error texts are the implementation's own */
		fact("log: %u 0x%x 0x%x %u 0x%x %d '%s'", got, src, type, id, sev, len, msg);
	}
	GLuint b;
	glGenBuffers(1, &b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	label(GL_BUFFER_KHR, b, -1, "my buffer");
	char text[64] = "";
	GLsizei len = -1;
	get_label(GL_BUFFER_KHR, b, sizeof(text), &len, text);
	fact("label '%s' %d (%s)", text, len, gt_err_name(glGetError()));
	label(0x1234, b, -1, "x");
	fact_err("ObjectLabel(bad identifier)");
	label(GL_BUFFER_KHR, 4242, -1, "x");
	fact_err("ObjectLabel(no such buffer)");
	glDeleteBuffers(1, &b);
	glDisable(GL_DEBUG_OUTPUT_KHR);
}

int main(void)
{
	gt_init();
	limits();
	defaults();
	setters();
	errors();
	debug_log();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
