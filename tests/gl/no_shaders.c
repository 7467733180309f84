/* SPDX-License-Identifier: MIT */
/*
 * What a GL without a shader compiler answers. Facts both stacks share
 * (bad draw arguments and an incomplete framebuffer get their errors; UseProgram of a program
 * that is not linked fails) are compared with Mesa; what only our stack
 * does — SHADER_COMPILER false, CompileShader failing with an info log
 * that says why, LinkProgram failing, a draw recording INVALID_OPERATION
 * (GLES 3.0 leaves it undefined; Mesa records nothing) and the KHR_debug
 * messages a draw and a compile send — is checked on ours alone.
 */
#include "gltest.h"

static char last_msg[1024];
static GLenum last_source, last_type;
static int messages;

static void GL_APIENTRY callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
				 const GLchar *msg, const void *user)
{
	(void)id, (void)severity, (void)length, (void)user;
	last_source = source;
	last_type = type;
	snprintf(last_msg, sizeof(last_msg), "%s", msg);
	messages++;
}

int main(void)
{
	gt_init();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	fact_err("DrawArrays on the surfaceless (incomplete) default framebuffer");
	GLuint rb, fb = gt_fbo_with_rb(GL_RGBA8, 4, 4, &rb);
	/* GLES 3.0 leaves this undefined: Mesa records nothing, we record
	 * INVALID_OPERATION (checked below on ours) */
	glDrawArrays(GL_TRIANGLES, 0, 3);
	GLenum e = glGetError();
	printf("# DrawArrays without a program -> %s\n", gt_err_name(e));
	if (gt_ours())
		check(e == GL_INVALID_OPERATION, "a draw without a program is INVALID_OPERATION");
	glDrawArrays(0x1234, 0, 3);
	fact_err("DrawArrays(bad mode)");
	glDrawArrays(GL_TRIANGLES, 0, -1);
	fact_err("DrawArrays(count -1)");
	glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, NULL);
	fact_err("DrawElements(type FLOAT)");
	glDrawRangeElements(GL_TRIANGLES, 5, 1, 3, GL_UNSIGNED_SHORT, NULL);
	fact_err("DrawRangeElements(end < start)");
	glDrawArraysInstanced(GL_POINTS, 0, 1, -1);
	fact_err("DrawArraysInstanced(instances -1)");

	GLuint vs = glCreateShader(GL_VERTEX_SHADER);
	GLuint prog = glCreateProgram();
	fact("CreateShader/CreateProgram: %d %d (%s)", vs != 0, prog != 0, gt_err_name(glGetError()));
	glCreateShader(0x1234);
	fact_err("CreateShader(bad type)");
	static const char *src = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n";
	glShaderSource(vs, 1, &src, NULL);
	GLint n = -1;
	glGetShaderiv(vs, GL_SHADER_SOURCE_LENGTH, &n);
	fact("SHADER_SOURCE_LENGTH %d (%s)", n, gt_err_name(glGetError()));
	glGetShaderiv(vs, GL_SHADER_TYPE, &n);
	fact("SHADER_TYPE 0x%x", n);
	glShaderSource(prog, 1, &src, NULL);
	fact_err("ShaderSource(a program)");
	glShaderSource(9999, 1, &src, NULL);
	fact_err("ShaderSource(no object)");
	glAttachShader(prog, vs);
	fact_err("AttachShader");
	glAttachShader(prog, vs);
	fact_err("AttachShader again");
	glUseProgram(prog);
	fact_err("UseProgram(a program never linked)");
	glUseProgram(9999);
	fact_err("UseProgram(no object)");
	glUniform1f(0, 1.0f);
	fact_err("Uniform1f with no program in use");
	glDeleteShader(vs);
	glGetShaderiv(vs, GL_DELETE_STATUS, &n);
	fact("attached shader after DeleteShader: DELETE_STATUS %d IsShader %d (%s)", n, glIsShader(vs),
	     gt_err_name(glGetError()));
	glDetachShader(prog, vs);
	fact("detached: IsShader %d (%s)", glIsShader(vs), gt_err_name(glGetError()));
	glDeleteProgram(prog);
	fact("deleted program: IsProgram %d (%s)", glIsProgram(prog), gt_err_name(glGetError()));
	glBeginTransformFeedback(GL_TRIANGLES);
	fact_err("BeginTransformFeedback without a program");
	glEndTransformFeedback();
	fact_err("EndTransformFeedback when not active");

	if (gt_ours()) {
		GLboolean compiler = GL_TRUE;
		glGetBooleanv(GL_SHADER_COMPILER, &compiler);
		check(compiler == GL_FALSE, "GL_SHADER_COMPILER is false");
		glEnable(GL_DEBUG_OUTPUT_KHR);
		PFNGLDEBUGMESSAGECALLBACKKHRPROC set_cb =
			(PFNGLDEBUGMESSAGECALLBACKKHRPROC)eglGetProcAddress("glDebugMessageCallbackKHR");
		check(set_cb != NULL, "glDebugMessageCallbackKHR is there");
		if (set_cb)
			set_cb(callback, NULL);
		glDrawArrays(GL_TRIANGLES, 0, 3);
		check(glGetError() == GL_INVALID_OPERATION && messages == 1 && last_type == GL_DEBUG_TYPE_ERROR_KHR &&
			      strstr(last_msg, "no shader compiler: nothing can be drawn"),
		      "a draw sends its reason to KHR_debug: %s", last_msg);
		GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
		glShaderSource(fs, 1, &src, NULL);
		glCompileShader(fs);
		GLint status = -1, loglen = -1;
		glGetShaderiv(fs, GL_COMPILE_STATUS, &status);
		glGetShaderiv(fs, GL_INFO_LOG_LENGTH, &loglen);
		char log[512] = "";
		GLsizei got = -1;
		glGetShaderInfoLog(fs, sizeof(log), &got, log);
		check(status == GL_FALSE && loglen == got + 1 && strstr(log, "no shader compiler"),
		      "CompileShader fails with a log: %s", log);
		check(last_source == GL_DEBUG_SOURCE_SHADER_COMPILER_KHR, "and tells KHR_debug");
		GLuint p = glCreateProgram();
		glAttachShader(p, fs);
		glLinkProgram(p);
		glGetProgramiv(p, GL_LINK_STATUS, &status);
		check(status == GL_FALSE, "LinkProgram fails");
		check(glGetError() == GL_NO_ERROR, "compile and link record no GL error");
		glDeleteProgram(p);
		glDeleteShader(fs);
		if (set_cb)
			set_cb(NULL, NULL);
	}
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
