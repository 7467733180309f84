/* SPDX-License-Identifier: MIT */
/*
 * Pixel buffer objects against Mesa: TexImage2D/TexSubImage2D from a
 * PIXEL_UNPACK buffer (the pointer is an offset into it) under the
 * UNPACK_* parameters, ReadPixels into a PIXEL_PACK buffer under the
 * PACK_* parameters (read back by mapping the buffer), and the errors
 * GLES 3.0 gives for a mapped buffer, a buffer too small for the
 * transfer and an offset not aligned to the type.
 */
#include "gltest.h"

/* Uploads from an unpack buffer at an offset with row length, skips and alignment. */
static void unpack(int w, int h, int row_length, int skip_rows, int skip_pixels, int align, GLintptr offset)
{
	const size_t size = 1 << 20;
	uint8_t *data = gt_pattern(size, (unsigned)(w * 7 + row_length + skip_rows * 3 + align));
	GLuint pbo, tex;
	glGenBuffers(1, &pbo);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
	glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)size, data, GL_STATIC_DRAW);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, skip_rows);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, skip_pixels);
	glPixelStorei(GL_UNPACK_ALIGNMENT, align);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)offset);
	char what[160];
	snprintf(what, sizeof(what), "unpack %dx%d row %d skip %d,%d align %d offset %ld -> %s", w, h, row_length,
		 skip_rows, skip_pixels, align, (long)offset, gt_err_name(glGetError()));
	/* and a sub-image from further into the buffer, in RGB565 terms too */
	glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 2, w / 2, h / 2, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)(offset + 4096));
	fact("%s; sub -> %s", what, gt_err_name(glGetError()));
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
	GLuint fb = gt_fbo_with_tex(tex, GL_TEXTURE_2D, 0);
	fact_pixels(what, w, h);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &tex);
	glDeleteBuffers(1, &pbo);
	free(data);
}

/* Reads a w x h framebuffer into a pack buffer at an offset, states the bytes. */
static void pack(GLenum internal, int w, int h, int row_length, int skip_rows, int skip_pixels, int align,
		 GLintptr offset)
{
	GLuint tex;
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	uint8_t *data = gt_pattern((size_t)w * h * 4, (unsigned)internal + (unsigned)w);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	GLuint fb = gt_fbo_with_tex(tex, GL_TEXTURE_2D, 0);
	const GLsizeiptr size = 1 << 20;
	GLuint pbo;
	glGenBuffers(1, &pbo);
	glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
	uint8_t *fill = calloc(1, (size_t)size);
	memset(fill, 0xa5, (size_t)size);
	glBufferData(GL_PIXEL_PACK_BUFFER, size, fill, GL_STREAM_READ);
	glPixelStorei(GL_PACK_ROW_LENGTH, row_length);
	glPixelStorei(GL_PACK_SKIP_ROWS, skip_rows);
	glPixelStorei(GL_PACK_SKIP_PIXELS, skip_pixels);
	glPixelStorei(GL_PACK_ALIGNMENT, align);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, (void *)offset);
	GLenum err = glGetError();
	glPixelStorei(GL_PACK_ROW_LENGTH, 0);
	glPixelStorei(GL_PACK_SKIP_ROWS, 0);
	glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_PACK_ALIGNMENT, 4);
	const uint8_t *p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, size, GL_MAP_READ_BIT);
	fact("pack 0x%x %dx%d row %d skip %d,%d align %d offset %ld -> %s; buffer hash %08x", internal, w, h,
	     row_length, skip_rows, skip_pixels, align, (long)offset, gt_err_name(err),
	     p ? gt_hash(p, (size_t)size) : 0);
	glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
	glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
	glDeleteBuffers(1, &pbo);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &tex);
	free(fill);
	free(data);
}

static void errors(void)
{
	GLuint pbo, tex;
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glGenBuffers(1, &pbo);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
	glBufferData(GL_PIXEL_UNPACK_BUFFER, 1024, NULL, GL_STATIC_DRAW);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage2D 32x32 from a 1 KiB unpack buffer");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage2D 16x16 from a 1 KiB unpack buffer");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 4, 4, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, (const void *)1);
	fact_err("TexImage2D 565 at an odd offset");
	glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexSubImage2D from a mapped unpack buffer");
	glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);

	GLuint fb = gt_fbo_with_tex(tex, GL_TEXTURE_2D, 0);
	glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
	glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("ReadPixels 16x16 into a 1 KiB pack buffer");
	glReadPixels(0, 0, 16, 17, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("ReadPixels 16x17 into a 1 KiB pack buffer");
	glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 16, GL_MAP_READ_BIT);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("ReadPixels into a mapped pack buffer");
	glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
	glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &tex);
	glDeleteBuffers(1, &pbo);
}

int main(void)
{
	gt_init();
	unpack(37, 29, 0, 0, 0, 4, 0);
	unpack(64, 64, 80, 3, 5, 4, 256);
	unpack(301, 45, 310, 1, 2, 8, 1024);
	unpack(17, 300, 0, 0, 0, 1, 12);
	pack(GL_RGBA8, 37, 29, 0, 0, 0, 4, 0);
	pack(GL_RGBA8, 300, 70, 320, 2, 3, 8, 4096);
	pack(GL_RGB8, 33, 33, 0, 1, 1, 1, 100);
	pack(GL_RGBA8, 256, 256, 0, 0, 0, 4, 65536);
	errors();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
