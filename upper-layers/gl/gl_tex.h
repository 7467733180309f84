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
/* Texture completeness (GLES 3.0 §3.8.13), and mipmap completeness alone
 * (the levels, whatever the filters). */
bool gl_tex_complete(struct gl_texture *t);
bool gl_tex_mipmap_complete(struct gl_texture *t);

/* ---- texture.c ---- */
#define GL_MAX_TEXTURE_SIZE_GEM 16384	/* 2^(GL_MAX_TEXTURE_LEVELS - 1) */
/* 3D and array limits: i965's sampler limits (2048 for 3D; 2048 layers
 * from gen7) are not ours, since nothing samples; each slice is a blitter
 * surface of its own (miptree.c), so no generation limits the layers and
 * every model answers gen7's values (the ES 3.0 minimums are 256). */
#define GL_MAX_3D_TEXTURE_LEVELS_GEM 12
#define GL_MAX_3D_TEXTURE_SIZE_GEM 2048	/* 2^(GL_MAX_3D_TEXTURE_LEVELS_GEM - 1) */
#define GL_MAX_ARRAY_TEXTURE_LAYERS_GEM 2048
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
/* The same for a level of a 3D or array texture: d slices (layers). */
void gl_tex_set_image_3d(struct gl_texture *tex, int level, struct gl_miptree *mt, GLenum internal, int w, int h,
			 int d);
/* A 3D or array texture (its levels are stacks of slices). */
bool gl_tex_layered(const struct gl_texture *tex);
/* The 2D image at (face, level, layer): layer 0 of a 2D or cube image, a
 * slice of a 3D or array level; NULL if there is none. */
struct gl_miptree *gl_tex_layer(struct gl_texture *tex, int face, int level, int layer);

/* ---- fbo.c ---- */
/* The read framebuffer's read buffer, or NULL (none, or incomplete). */
struct gl_miptree *gl_fb_read_miptree(struct gl_context *ctx);
/* Width and height of a complete framebuffer (the smallest attachment). */
void gl_fb_size(struct gl_context *ctx, struct gl_framebuffer *fb, int *w, int *h);

/* ---- multisample.c ---- */
#define GL_MAX_SAMPLES_GEM 4	/* llvmpipe's count, and the only one */
/* The samples RenderbufferStorageMultisample stores for samples (0 or
 * GL_MAX_SAMPLES_GEM), or -1 after recording INVALID_OPERATION (integer
 * formats, more than GL_MAX_SAMPLES). */
int gl_ms_storage_samples(struct gl_context *ctx, const char *fn, enum gl_fmt fmt, GLsizei samples);
/* The storage of a renderbuffer: samples planes (0: an ordinary image). */
struct gl_miptree *gl_ms_miptree_create(struct gl_screen *screen, enum gl_fmt fmt, int width, int height,
					int samples);
/* glGetInternalformativ's GL_NUM_SAMPLE_COUNTS and GL_SAMPLES answers for fmt. */
void gl_ms_internalformat(enum gl_fmt fmt, GLenum pname, GLsizei count, GLint *params);
/* Whether a multisample buffer of src may be resolved into dst. */
bool gl_ms_resolve_formats_ok(enum gl_fmt src, enum gl_fmt dst);
/* Resolves x0..x1, y0..y1 of the multisample src into the same rectangle
 * of dst (inside both), keeping the destination bits of keep. */
int gl_ms_resolve(struct gl_context *ctx, struct gl_miptree *src, struct gl_miptree *dst, uint64_t keep, int x0,
		  int y0, int x1, int y1);
/* The sample count of a framebuffer's attachments (the first one's; 0 for
 * a window-system framebuffer): its SAMPLES, SAMPLE_BUFFERS when > 0. */
int gl_fb_samples(struct gl_context *ctx, struct gl_framebuffer *fb);

/* ---- teximage.c ---- */
/* Copies a rectangle between miptrees of any formats the CPU converts
 * between (the blitter when the formats are the same); the rectangles
 * must lie inside both. */
int gl_copy_rect(struct gl_context *ctx, struct gl_miptree *src, int sx, int sy, struct gl_miptree *dst, int dx,
		 int dy, int w, int h);

/* What the 2D entry points (teximage.c) share with the 3D and array ones
 * (teximage3d.c). A row of GLES 3.0 Table 3.2: */
struct gl_tex_combo {
	GLenum internal, format, type;
	enum gl_fmt fmt;	/* GLF_NONE: valid GL, storage not implemented */
};
bool gl_teximage_known_internal(GLenum internal);
/* TexStorage's formats: Table 3.2's sized ones and the compressed ones. */
bool gl_teximage_sized_internal(GLenum internal);
/* The storage of a sized internal format (GLF_NONE when not held here). */
enum gl_fmt gl_teximage_sized_storage(GLenum internal);
/* The format/type checks of TexImage and TexSubImage: INVALID_ENUM for
 * unknown enums, INVALID_OPERATION for a combination Table 3.2 lacks;
 * NULL after recording the error. */
const struct gl_tex_combo *gl_teximage_check_combo(struct gl_context *ctx, const char *fn, GLenum internal,
						   GLenum format, GLenum type, struct gl_pixel_desc *d);
/* The same for TexSubImage of an image of internal: TexStorage's BGRA8_EXT
 * takes BGRA_EXT's rows, a half-float image HALF_FLOAT_OES as HALF_FLOAT. */
const struct gl_tex_combo *gl_teximage_check_sub_combo(struct gl_context *ctx, const char *fn, GLenum internal,
						       GLenum format, GLenum type, struct gl_pixel_desc *d);
/* What TexImage2D and TexImage3D check after the target, level and size, in
 * the spec's order: border (INVALID_VALUE), format and type (INVALID_ENUM),
 * the internal format (INVALID_VALUE), then their combination; NULL after
 * recording the error. */
const struct gl_tex_combo *gl_teximage_check_args(struct gl_context *ctx, const char *fn, GLint border,
						  GLenum internal, GLenum format, GLenum type,
						  struct gl_pixel_desc *d);
/* The texture bound to target index k that TexImage2D/3D may give a new image of format
 * c: INVALID_OPERATION if its storage is immutable or the blitter cannot hold c (said as
 * not implemented); NULL after recording the error. */
struct gl_texture *gl_teximage_respecifiable(struct gl_context *ctx, int k, const char *fn,
					     const struct gl_tex_combo *c, GLenum internal, GLenum type);
/* The texture bound to target index k on the active unit; NULL after
 * recording GL_OUT_OF_MEMORY. */
struct gl_texture *gl_teximage_bound(struct gl_context *ctx, int k, const char *fn);
/* The face of a 2D TexImage target: TEXTURE_2D 0 (*k GL_TEX_2D), cube faces 0..5
 * (*k GL_TEX_CUBE); -1 after recording GL_INVALID_ENUM otherwise. */
int gl_teximage_face(struct gl_context *ctx, GLenum target, int *k, const char *fn);
/* The first checks of TexStorage2D/3D on target index k, in the spec's order: levels
 * (INVALID_VALUE), a sized format (INVALID_ENUM), a texture bound (INVALID_OPERATION);
 * the texture, or NULL after recording the error. */
struct gl_texture *gl_texstorage_texture(struct gl_context *ctx, const char *fn, int k, GLsizei levels,
					 GLenum internal);
/* Writes row j (n pixels of mt) at dst. */
typedef void gl_row_writer(const void *arg, int j, uint8_t *dst, int n);
/* w x h pixels of mt at x, y, row by row from put: through a linear staging
 * object and the blitter, or a CPU map when the blit cannot be had. */
int gl_teximage_write_rows(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h,
			   gl_row_writer *put, const void *arg);
/* Client rows (src: first pixel, stride bytes apart) into mt at x, y, converted
 * as d says, by gl_teximage_write_rows. */
int gl_teximage_upload(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h,
		       const struct gl_pixel_desc *d, const uint8_t *src, size_t stride);
/* The client pixels of a transfer, from memory or the bound unpack buffer
 * (mapped until gl_teximage_source_release): src is the first pixel of
 * image 0 (NULL: no data, TexImage with NULL), rows stride and images
 * image_stride bytes apart. A 2D transfer (!is_3d, depth 1) ignores
 * UNPACK_IMAGE_HEIGHT and UNPACK_SKIP_IMAGES. Records the GL error and
 * returns false when the sizes or the buffer cannot serve. */
struct gl_tex_source {
	const uint8_t *src;
	size_t stride, image_stride;
	struct gl_buffer *mapped;
};
bool gl_teximage_source(struct gl_context *ctx, const char *fn, const struct gl_pixel_desc *d, int w, int h,
			int depth, bool is_3d, const void *pixels, struct gl_tex_source *s);
/* Points s->src at offset bytes into the bound unpack buffer buf, mapped
 * until gl_teximage_source_release; false after recording
 * GL_OUT_OF_MEMORY. */
bool gl_teximage_source_map(struct gl_context *ctx, const char *fn, struct gl_buffer *buf, uintptr_t offset,
			    struct gl_tex_source *s);
void gl_teximage_source_release(struct gl_tex_source *s);
/* CopyTex*: the read buffer, with the framebuffer errors (NULL after
 * recording one); whether a texture of format dst may be copied from it;
 * the part of the w x h rectangle at x, y inside the read framebuffer
 * copied to dx, dy of dst. */
struct gl_miptree *gl_teximage_copy_source(struct gl_context *ctx, const char *fn);
bool gl_teximage_copy_formats_ok(struct gl_context *ctx, const char *fn, enum gl_fmt src, enum gl_fmt dst);
void gl_teximage_copy_clipped(struct gl_context *ctx, const char *fn, struct gl_miptree *src, int x, int y,
			      struct gl_miptree *dst, int dx, int dy, int w, int h);

/* ---- teximage_compressed.c ---- */
/* The compressed formats: GLES 3.0's ETC2/EAC and OES_compressed_ETC1_RGB8_texture's
 * ETC1. Their storage (GLF_BLOCK64 or GLF_BLOCK128), ARB_texture_view class (equal:
 * CopyImageSubData copies between them), whether CopyImageSubData copies a block as
 * a texel of an uncompressed format of its size (not ETC1, as Mesa has it), and the
 * error of a 3D texture of them (Mesa's). */
#define GL_NUM_COMPRESSED_FORMATS_GEM 11
struct gl_compressed_info {
	GLenum internal;
	enum gl_fmt fmt;
	int view_class;
	bool copies_uncompressed;
	GLenum error_3d;
	uint8_t bits[4];	/* R, G, B, A: the sizes Mesa answers */
	bool snorm, srgb;
};
/* NULL for an enum that names none. */
const struct gl_compressed_info *gl_compressed_info(GLenum internal);
/* GL_COMPRESSED_TEXTURE_FORMATS: writes the enums, returns their count. */
int gl_compressed_formats(GLint64 *v);
/* GetFramebufferAttachmentParameteriv's format answers (sizes, component
 * type, color encoding) for an attached compressed image of format
 * internal; false for other pnames and formats. */
bool gl_compressed_attachment_param(GLenum internal, GLenum pname, GLint *v);

#endif
