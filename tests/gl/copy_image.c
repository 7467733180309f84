/* SPDX-License-Identifier: MIT */
/*
 * glCopyImageSubDataEXT/OES against Mesa: raw texel copies between
 * textures, renderbuffers and cube faces of one format and of one size
 * class (RGBA8 into R32UI: the bits move unconverted), at odd offsets in
 * images that cross tiles, and the errors of EXT_copy_image.
 */
#include "gltest.h"

static PFNGLCOPYIMAGESUBDATAEXTPROC copy_ext;
static PFNGLCOPYIMAGESUBDATAOESPROC copy_oes;

static GLuint tex2d(GLenum internal, GLenum format, GLenum type, int bpp, int w, int h, unsigned seed)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	uint8_t *d = gt_pattern((size_t)w * h * bpp, seed);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, format, type, d);
	/* one level: complete only without mipmap filtering (copies need completeness) */
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	free(d);
	return t;
}

static void show_tex(const char *what, GLuint t, GLenum textarget, int w, int h, bool integer)
{
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, textarget, t, 0);
	if (!integer) {
		fact_pixels(what, w, h);
	} else {
		uint32_t *px = calloc((size_t)w * h, 16);
		glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
		fact("%s: %s hash %08x", what, gt_err_name(glGetError()), gt_hash(px, (size_t)w * h * 16));
		free(px);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
}

int main(void)
{
	gt_init();
	copy_ext = (PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	copy_oes = (PFNGLCOPYIMAGESUBDATAOESPROC)eglGetProcAddress("glCopyImageSubDataOES");
	if (!copy_ext || !copy_oes) {
		printf("Bail out! no glCopyImageSubDataEXT/OES\n");
		return 1;
	}
	const int w = 263, h = 259;
	GLuint a = tex2d(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, 1);
	GLuint b = tex2d(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, 2);
	copy_ext(a, GL_TEXTURE_2D, 0, 3, 5, 0, b, GL_TEXTURE_2D, 0, 130, 7, 0, 101, 200, 1);
	fact_err("copy RGBA8 -> RGBA8");
	show_tex("RGBA8 after copy", b, GL_TEXTURE_2D, w, h, false);
	GLuint u = tex2d(GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 4, 77, 55, 3);
	copy_oes(a, GL_TEXTURE_2D, 0, 10, 10, 0, u, GL_TEXTURE_2D, 0, 1, 2, 0, 70, 50, 1);
	fact_err("copy RGBA8 -> R32UI (OES)");
	show_tex("R32UI after copy", u, GL_TEXTURE_2D, 77, 55, true);
	/* renderbuffer <-> texture, 565 */
	GLuint t565 = tex2d(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, 91, 67, 4);
	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 91, 67);
	copy_ext(t565, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 91, 67, 1);
	fact_err("copy RGB565 texture -> renderbuffer");
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	fact_pixels("RGB565 renderbuffer after copy", 91, 67);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	/* cube faces */
	GLuint cube;
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 64, 64);
	copy_ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 2, 64, 64, 1);
	fact_err("copy into cube face 2");
	copy_ext(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 2, cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 4, 64, 64, 1);
	fact_err("copy cube face 2 -> 4");
	show_tex("cube face 4", cube, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y + 2, 64, 64, false);
	/* errors */
	copy_ext(a, 0x1234, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("srcTarget 0x1234");
	copy_ext(9999, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("unknown srcName");
	copy_ext(a, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("srcTarget not the texture's");
	copy_ext(a, GL_TEXTURE_2D, 3, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("srcLevel without an image");
	copy_ext(a, GL_TEXTURE_2D, 0, w - 5, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 10, 1, 1);
	fact_err("source region past the edge");
	copy_ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, -1, 0, 0, 10, 1, 1);
	fact_err("dstX -1");
	copy_ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, t565, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("RGBA8 -> RGB565 (sizes differ)");
	copy_ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 2);
	fact_err("depth 2 of a 2D texture");
	copy_ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 1, 0, 0, 0, 4, 4, 1);
	fact_err("renderbuffer level 1");
	copy_ext(a, GL_TEXTURE_2D, 0, 0, 0, 0, 9999, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
	fact_err("unknown renderbuffer");
	GLuint empty;
	glGenTextures(1, &empty);
	glBindTexture(GL_TEXTURE_2D, empty);
	copy_ext(empty, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("source texture without images");
	GLuint inc = tex2d(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, 8, 8, 9);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
	copy_ext(inc, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("source texture mipmap-incomplete");
	glGenerateMipmap(GL_TEXTURE_2D);
	copy_ext(inc, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("after GenerateMipmap");
	glDeleteTextures(1, &inc);
	GLuint tex[] = { a, b, u, t565, cube, empty };
	glDeleteTextures(6, tex);
	glDeleteRenderbuffers(1, &rb);
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
