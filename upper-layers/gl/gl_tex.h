/* SPDX-License-Identifier: MIT */
/*
 * What the image files of the GL driver (textures, pixel transfers,
 * read-back, blits, image copies) share with each other and with fbo.c
 * and clear.c. Kept apart from gl_priv.h so these declarations grow
 * without touching the header every file includes.
 */
#ifndef UPPER_LAYERS_GL_TEX_H
#define UPPER_LAYERS_GL_TEX_H

#include "upper-layers/gl/gl_priv.h"

/* ---- pixels.c: client pixel layouts ---- */
struct gl_pixel_desc {
	GLenum format, type;
	int comps;		/* components per pixel */
	int elem;		/* bytes per component (per pixel for packed types) */
	int bpp;		/* bytes per pixel */
	bool integer;		/* an *_INTEGER format */
};
/* false for enums that name no client format or type */
bool gl_pixel_desc(GLenum format, GLenum type, struct gl_pixel_desc *d);

struct gl_pixel_layout {
	size_t stride;		/* bytes from one row to the next */
	size_t image_stride;	/* bytes from one image to the next */
	size_t start;		/* offset of the first pixel (the SKIP_* parameters) */
	size_t end;		/* one past the last byte touched; 0 for an empty rectangle */
};
/* false if the sizes overflow */
bool gl_pixel_layout(const struct gl_pixel_desc *d, int w, int h, int depth, GLint alignment, GLint row_length,
		     GLint image_height, GLint skip_pixels, GLint skip_rows, GLint skip_images,
		     struct gl_pixel_layout *l);
/* The client layout is the storage layout byte for byte. */
bool gl_pixels_is_raw(enum gl_fmt fmt, const struct gl_pixel_desc *d);
/* Whether the row converters handle the pair (uploads into / reads from fmt). */
bool gl_pixels_can_unpack(enum gl_fmt fmt, const struct gl_pixel_desc *d);
bool gl_pixels_can_pack(enum gl_fmt fmt, const struct gl_pixel_desc *d);
void gl_pixels_unpack_row(const struct gl_pixel_desc *d, const void *src, enum gl_fmt fmt, void *dst, int n);
void gl_pixels_pack_row(enum gl_fmt fmt, const void *src, const struct gl_pixel_desc *d, void *dst, int n);
/* Pixel buffer objects: the GL errors of a transfer at offset (GL_NO_ERROR
 * if none, *why says what for KHR_debug), and a CPU map of the buffer. */
GLenum gl_pixels_check_buffer(struct gl_buffer *buf, const struct gl_pixel_desc *d, uintptr_t offset,
			      const struct gl_pixel_layout *l, const char **why);
void *gl_pixels_buffer_map(struct gl_context *ctx, struct gl_buffer *buf, bool write);
void gl_pixels_buffer_unmap(struct gl_buffer *buf);

/* ---- copy_image.c ---- */
/* Texture completeness (GLES 3.0 §3.8.13). */
bool gl_tex_complete(struct gl_texture *t);

/* ---- texture.c ---- */
#define GL_MAX_TEXTURE_SIZE_GEM 16384	/* 2^(GL_MAX_TEXTURE_LEVELS - 1) */
/* GL_TEX_* of a texture target enum, -1 if none */
int gl_tex_target_index(GLenum target);
struct gl_texture *gl_texture_ref(struct gl_texture *tex);
/* By name, from the share group (no reference taken); NULL if none. */
struct gl_texture *gl_texture_lookup(struct gl_context *ctx, GLuint name);
/* Bound to the active unit (texture 0 of the context when none). */
struct gl_texture *gl_tex_bound(struct gl_context *ctx, int target_index);
/* The image of face (0..5) and level, or NULL. */
struct gl_miptree *gl_tex_image(struct gl_texture *tex, int face, int level);
struct gl_miptree **gl_tex_image_slot(struct gl_texture *tex, int face, int level, GLenum **internal);
/* Replaces an image (takes the reference mt carries; mt NULL for a 0-sized one). */
void gl_tex_set_image(struct gl_texture *tex, int face, int level, struct gl_miptree *mt, GLenum internal, int w,
		      int h);

/* ---- fbo.c ---- */
/* The read framebuffer's read buffer, or NULL (none, or incomplete). */
struct gl_miptree *gl_fb_read_miptree(struct gl_context *ctx);
/* Width and height of a complete framebuffer (the smallest attachment). */
void gl_fb_size(struct gl_context *ctx, struct gl_framebuffer *fb, int *w, int *h);

/* ---- teximage.c ---- */
/* Copies a rectangle between miptrees of any formats the CPU converts
 * between (the blitter when the formats are the same); the rectangles
 * must lie inside both. */
int gl_copy_rect(struct gl_context *ctx, struct gl_miptree *src, int sx, int sy, struct gl_miptree *dst, int dx,
		 int dy, int w, int h);

#endif
