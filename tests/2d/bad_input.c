/* SPDX-License-Identifier: MIT */
/*
 * The 2D layer's bad input (2d-api.md): what X would answer with BadMatch
 * or BadValue gives -EINVAL and draws nothing; coordinates outside a pixmap
 * are clipped, never an error; NULL and foreign objects never crash.
 */
#include <errno.h>

#include "tests/harness.h"
#include "tests/2d/gem2d_test.h"

static struct t2d_dev t, u;
static gem2d_pixmap *p24, *p16, *p1, *other;

static void setup(void)
{
	if (t2d_open(&t, 0) || t2d_open(&u, 0))
		SKIP("no device");
	p24 = gem2d_pixmap_create(t.dev, 32, 16, 24, GEM2D_TILING_X);
	p16 = gem2d_pixmap_create(t.dev, 32, 16, 16, GEM2D_TILING_NONE);
	p1 = gem2d_pixmap_create(t.dev, 32, 16, 1, GEM2D_TILING_DEFAULT);
	other = gem2d_pixmap_create(u.dev, 32, 16, 24, GEM2D_TILING_DEFAULT);	/* another device's */
	ASSERT(p24 && p16 && p1 && other);
}

static void teardown(void)
{
	gem2d_pixmap_destroy(p24);
	gem2d_pixmap_destroy(p16);
	gem2d_pixmap_destroy(p1);
	gem2d_pixmap_destroy(other);
	t2d_close(&t);
	t2d_close(&u);
}

/* The pixmap is still all zero: nothing was drawn. */
static void assert_untouched(gem2d_pixmap *pix, int depth)
{
	uint8_t *img = t2d_read(pix, 32, 16, depth);
	ASSERT(img);
	for (int i = 0; i < t2d_stride(32, depth) * 16; i++)
		ASSERT_EQ(img[i], 0);
	free(img);
}

TEST(bad_pixmaps_and_devices)
{
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u, .foreground = ~0u };
	gem2d_rect r = { 0, 0, 8, 8 };
	setup();
	ASSERT(!gem2d_device_create(NULL, 0));
	ASSERT(!gem2d_device_create(t.bufmgr, 0x100));		/* unknown flag */
	ASSERT(!gem2d_pixmap_create(NULL, 8, 8, 24, 0));
	ASSERT(!gem2d_pixmap_create(t.dev, 0, 8, 24, 0));
	ASSERT(!gem2d_pixmap_create(t.dev, 8, -1, 24, 0));
	ASSERT(!gem2d_pixmap_create(t.dev, 8, 8, 12, 0));	/* no such depth */
	ASSERT(!gem2d_pixmap_create(t.dev, 8, 8, 24, 7));	/* no such tiling */
	ASSERT(!gem2d_pixmap_create(t.dev, 8, 8, 1, GEM2D_TILING_X));
	ASSERT(!gem2d_pixmap_create(t.dev, 40000, 8, 24, 0));
	ASSERT_EQ(gem2d_poly_fill_rectangle(NULL, &gc, 1, &r), -EINVAL);
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, NULL, 1, &r), -EINVAL);
	ASSERT_EQ(gem2d_flush(NULL), -EINVAL);
	ASSERT_EQ(gem2d_finish(NULL), -EINVAL);
	ASSERT(gem2d_pixmap_bo(NULL) == NULL);
	ASSERT(gem2d_pixmap_bo(p1) == NULL);			/* depth 1: CPU memory */
	gem2d_pixmap_destroy(NULL);
	gem2d_device_destroy(NULL);
	/* A pixmap of another device, as source or as tile. */
	ASSERT_EQ(gem2d_copy_area(other, p24, &gc, 0, 0, 8, 8, 0, 0), -EINVAL);
	gc.fill_style = 1;
	gc.tile = other;
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 1, &r), -EINVAL);
	assert_untouched(p24, 24);
	teardown();
}

TEST(bad_match_and_bad_value)
{
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u, .foreground = ~0u };
	gem2d_rect r = { 0, 0, 8, 8 };
	gem2d_point pts[2] = { { 0, 0 }, { 10, 10 } };
	uint8_t img[64 * 16 * 4] = { 0 };
	setup();
	ASSERT_EQ(gem2d_copy_area(p16, p24, &gc, 0, 0, 8, 8, 0, 0), -EINVAL);	/* depths differ */
	ASSERT_EQ(gem2d_copy_plane(p24, p16, &gc, 0, 0, 8, 8, 0, 0, 3), -EINVAL);	/* two bits */
	ASSERT_EQ(gem2d_copy_plane(p16, p24, &gc, 0, 0, 8, 8, 0, 0, 1u << 16), -EINVAL);	/* beyond depth */
	ASSERT_EQ(gem2d_copy_plane(p1, p24, &gc, 0, 0, 8, 8, 0, 0, 0), -EINVAL);
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, -1, &r), -EINVAL);
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 1, NULL), -EINVAL);
	gc.function = 16;
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 1, &r), -EINVAL);
	gc.function = 3;
	gc.fill_style = 1;
	gc.tile = p16;						/* a tile of another depth */
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 1, &r), -EINVAL);
	gc.fill_style = 2;
	gc.stipple = p24;					/* a stipple must be depth 1 */
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 1, &r), -EINVAL);
	gc.fill_style = 0;
	gc.line_style = 1;					/* dashed without dashes */
	ASSERT_EQ(gem2d_poly_line(p24, &gc, 2, pts), -EINVAL);
	{
		static const uint8_t zero_dash[2] = { 2, 0 };
		gc.dashes = zero_dash;
		gc.n_dashes = 2;
		ASSERT_EQ(gem2d_poly_line(p24, &gc, 2, pts), -EINVAL);
	}
	gc.line_style = 0;
	gc.line_width = 3;
	ASSERT_EQ(gem2d_poly_line(p24, &gc, 2, pts), -ENOTSUP);	/* wide lines: not drawn here */
	gc.line_width = 0;
	gc.n_clip = -1;
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 1, &r), -EINVAL);
	gc.n_clip = 0;
	/* Images: format, size and stride. */
	ASSERT_EQ(gem2d_put_image(p24, &gc, 1 /* XYPixmap */, 0, 0, 8, 8, img, 32), -EINVAL);
	ASSERT_EQ(gem2d_put_image(p24, &gc, GEM2D_ZPIXMAP, 0, 0, 8, 8, img, 31), -EINVAL);	/* < 8 * 4 */
	ASSERT_EQ(gem2d_put_image(p24, &gc, GEM2D_ZPIXMAP, 0, 0, 8, 8, NULL, 32), -EINVAL);
	ASSERT_EQ(gem2d_put_image(p24, &gc, GEM2D_ZPIXMAP, 0, 0, -8, 8, img, 32), -EINVAL);
	ASSERT_EQ(gem2d_get_image(p24, 0, 0, 8, 8, ~0u, img, 16), -EINVAL);
	ASSERT_EQ(gem2d_get_image(p24, 0, 0, 8, 8, ~0u, NULL, 32), -EINVAL);
	/* Text and composites. */
	{
		const gem2d_glyph *none[1] = { NULL };
		ASSERT_EQ(gem2d_poly_glyphs(p24, &gc, 0, 10, 1, none), -EINVAL);
		ASSERT_EQ(gem2d_poly_glyphs(p24, &gc, 0, 10, -1, none), -EINVAL);
	}
	ASSERT_EQ(gem2d_composite(3, other, false, NULL, p24, 0, 0, 0, 0, 0, 0, 8, 8), -EINVAL);
	ASSERT_EQ(gem2d_composite(3, p16, false, NULL, p24, 0, 0, 0, 0, 0, 0, -8, 8), -EINVAL);
	ASSERT_EQ(gem2d_composite(14, p16, false, NULL, p24, 0, 0, 0, 0, 0, 0, 8, 8), -ENOTSUP);
	assert_untouched(p24, 24);
	teardown();
}

/* Outside the pixmap is clipped, not an error. */
TEST(outside_is_clipped)
{
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u, .foreground = 0x123456 };
	gem2d_rect far[2] = { { -32768, -32768, 65535, 10 }, { 32000, 32000, 100, 100 } };
	gem2d_point pts[3] = { { -30000, 5 }, { 30000, 5 }, { 100, 100 } };
	gem2d_arc arc = { -300, -300, 200, 200, 0, 360 * 64 };
	uint8_t *img;
	setup();
	ASSERT_EQ(gem2d_poly_fill_rectangle(p24, &gc, 2, far), 0);
	ASSERT_EQ(gem2d_poly_line(p24, &gc, 3, pts), 0);
	ASSERT_EQ(gem2d_poly_arc(p24, &gc, 1, &arc), 0);
	ASSERT_EQ(gem2d_copy_area(p24, p24, &gc, -100, -100, 50, 50, 3000, 3000), 0);
	img = calloc(16, 64 * 4);
	ASSERT_EQ(gem2d_put_image(p24, &gc, GEM2D_ZPIXMAP, -10, -10, 64, 16, img, 64 * 4), 0);
	ASSERT_EQ(gem2d_get_image(p24, -5, -5, 64, 16, ~0u, img, 64 * 4), 0);
	free(img);
	ASSERT_EQ(gem2d_finish(t.dev), 0);
	teardown();
}

TEST_MAIN(T(bad_pixmaps_and_devices), T(bad_match_and_bad_value), T(outside_is_clipped))
