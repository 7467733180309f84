/* SPDX-License-Identifier: MIT */
/*
 * EGL images made from textures and renderbuffers, and bound back into
 * textures and renderbuffers (EGL_KHR_gl_texture_2D_image,
 * EGL_KHR_gl_renderbuffer_image, GL_OES_EGL_image), against Mesa: what one
 * side writes the other reads, an image outlives the texture it came
 * from, TexSubImage2D on an image-backed texture writes the shared
 * storage, a new TexImage2D orphans it, and the errors both extensions
 * name.
 */
#include "gltest.h"

static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_target_tex;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC image_target_rb;

static void texture_source(void)
{
	const int w = 70, h = 33;
	uint8_t *data = malloc((size_t)w * h * 4);
	for (int i = 0; i < w * h * 4; i++)
		data[i] = (uint8_t)(i * 13 + i / 97);
	GLuint tex;
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	/* a complete texture: only level 0, so no mipmap filter */
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	EGLImageKHR img = create_image(gt_dpy, gt_ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, NULL);
	fact("image from texture: %s (0x%x)", img != EGL_NO_IMAGE_KHR ? "made" : "refused", eglGetError());
	if (img == EGL_NO_IMAGE_KHR) {
		free(data);
		return;
	}
	/* as a renderbuffer */
	GLuint rb, fb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	image_target_rb(GL_RENDERBUFFER, img);
	fact_err("glEGLImageTargetRenderbufferStorageOES");
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	fact("renderbuffer of the image: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	fact_pixels("renderbuffer of the texture's image", w, h);
	/* as a second texture, written through a scissored clear */
	GLuint tex2;
	glGenTextures(1, &tex2);
	glBindTexture(GL_TEXTURE_2D, tex2);
	image_target_tex(GL_TEXTURE_2D, img);
	fact_err("glEGLImageTargetTexture2DOES");
	GLuint fb2 = gt_fbo_with_tex(tex2, GL_TEXTURE_2D, 0);
	fact("texture of the image: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glEnable(GL_SCISSOR_TEST);
	glScissor(5, 5, 20, 10);
	glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	GLuint fb1 = gt_fbo_with_tex(tex, GL_TEXTURE_2D, 0);
	fact_pixels("the first texture after a clear through the second", w, h);
	/* TexSubImage2D on the image-backed texture writes the shared storage */
	glBindTexture(GL_TEXTURE_2D, tex2);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 30, 3, 10, 20, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("glTexSubImage2D on the image's texture");
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	fact_pixels("the renderbuffer after TexSubImage2D on the second texture", w, h);
	/* the image outlives the first texture */
	glDeleteFramebuffers(1, &fb1);
	glDeleteTextures(1, &tex);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	fact_pixels("the renderbuffer after the source texture is deleted", w, h);
	/* a new TexImage2D orphans the second texture from the image */
	glBindTexture(GL_TEXTURE_2D, tex2);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glBindFramebuffer(GL_FRAMEBUFFER, fb2);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	fact_pixels("the renderbuffer after the second texture is respecified and cleared", w, h);
	destroy_image(gt_dpy, img);
	fact_pixels("the renderbuffer after eglDestroyImage", w, h);
	glDeleteFramebuffers(1, &fb);
	glDeleteFramebuffers(1, &fb2);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &tex2);
	free(data);
}

static void errors(void)
{
	GLuint tex;
	glGenTextures(1, &tex);
	EGLImageKHR img = create_image(gt_dpy, gt_ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, NULL);
	fact("image from a texture without storage: %s (0x%x)", img ? "made" : "refused", eglGetError());
	img = create_image(gt_dpy, gt_ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)0, NULL);
	fact("image from texture 0: %s (0x%x)", img ? "made" : "refused", eglGetError());
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	static const EGLint level5[] = { EGL_GL_TEXTURE_LEVEL_KHR, 5, EGL_NONE };
	img = create_image(gt_dpy, gt_ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, level5);
	fact("image from a level the texture lacks: %s (0x%x)", img ? "made" : "refused", eglGetError());
	img = create_image(gt_dpy, gt_ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, NULL);
	fact("image from an 8x8 texture: %s (0x%x)", img ? "made" : "refused", eglGetError());
	/* KHR_image_base: a resource that is already an EGLImage sibling is
	 * EGL_BAD_ACCESS as a source; Mesa 22.3 makes a second image anyway,
	 * so this is checked on our stack only */
	EGLImageKHR again = create_image(gt_dpy, gt_ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, NULL);
	EGLint again_err = eglGetError();
	printf("# a second image of the same level: %s (0x%x)\n", again ? "made" : "refused", again_err);
	if (gt_ours())
		check(!again && again_err == EGL_BAD_ACCESS, "a second image of a sibling is EGL_BAD_ACCESS");
	if (again)
		destroy_image(gt_dpy, again);
	image_target_tex(GL_TEXTURE_CUBE_MAP, img);
	fact_err("glEGLImageTargetTexture2DOES(TEXTURE_CUBE_MAP)");
	if (img)
		destroy_image(gt_dpy, img);
	glDeleteTextures(1, &tex);
}

int main(void)
{
	gt_init();
	create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	destroy_image = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
	image_target_tex = (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
	image_target_rb =
		(PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
	if (!check(create_image && destroy_image && image_target_tex && image_target_rb, "the entry points exist"))
		return gt_finish();
	texture_source();
	errors();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
