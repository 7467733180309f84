/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: the drmMode* functions against a fake KMS kernel
 * (tests/lib/mode_fake_kernel.h), which answers from an in-memory model
 * and records every ioctl as it came in. Built twice, against our
 * libdrm.so.2 and against Debian's (DEBIAN_LIBDRM): both must pass the
 * same assertions, which state the ioctl sequence each call makes (count
 * queries, the retry loops when a count grows in between, GetConnector's
 * probe) and what it returns - that is the proof that ours behaves like
 * libdrm 2.4.114. The last tests are ours only: where libdrm would crash
 * or read out of bounds, ours fails with an errno.
 */
#include <stdio.h>

#include "xf86drm.h"
#include "xf86drmMode.h"
#include "tests/harness.h"
#include "tests/lib/mode_fake_kernel.h"

#define RES DRM_IOCTL_MODE_GETRESOURCES
#define CONN DRM_IOCTL_MODE_GETCONNECTOR
#define ENC DRM_IOCTL_MODE_GETENCODER

static void add_connector(void)
{
	fk.conn[fk.n_connectors] = fk.conn[1];
	fk.conn[fk.n_connectors++].id = 53;
}

static void drop_connector(void)
{
	fk.n_connectors = 1;
}

TEST(resources)
{
	int fd = fk_init();
	drmModeResPtr r = drmModeGetResources(fd);

	ASSERT(r);
	FK_EXPECT(RES, RES);
	ASSERT_EQ(FK_IN(0, struct drm_mode_card_res)->count_connectors, 0);	/* the counts */
	ASSERT_EQ(FK_IN(1, struct drm_mode_card_res)->count_connectors, 2);	/* the ids */
	ASSERT_EQ(FK_IN(1, struct drm_mode_card_res)->count_crtcs, 2);
	ASSERT_EQ(r->count_fbs, 1);
	ASSERT_EQ(r->fbs[0], 71);
	ASSERT_EQ(r->count_crtcs, 2);
	ASSERT_EQ(r->crtcs[1], 32);
	ASSERT_EQ(r->count_encoders, 2);
	ASSERT_EQ(r->encoders[0], 41);
	ASSERT_EQ(r->count_connectors, 2);
	ASSERT_EQ(r->connectors[1], 52);
	ASSERT_EQ(r->min_width, 8);
	ASSERT_EQ(r->max_height, 8192);
	drmModeFreeResources(r);
	ASSERT_EQ(drmIsKMS(fd), 1);

	fk.n_fbs = 0;
	fk_reset_log();
	r = drmModeGetResources(fd);
	ASSERT(r && r->count_fbs == 0 && r->fbs == NULL);	/* empty list: NULL */
	drmModeFreeResources(r);

	fk.fail_errno = EACCES;
	errno = 0;
	ASSERT(drmModeGetResources(fd) == NULL);
	ASSERT_EQ(errno, EACCES);
	ASSERT_EQ(drmIsKMS(fd), 0);
}

/* A connector appears between the two calls: the whole query starts again. */
TEST(resources_retry)
{
	int fd = fk_init();
	drmModeResPtr r;

	fk.change_at = 2;
	fk.change = add_connector;
	r = drmModeGetResources(fd);
	ASSERT(r);
	FK_EXPECT(RES, RES, RES, RES);
	ASSERT_EQ(FK_IN(2, struct drm_mode_card_res)->count_connectors, 0);
	ASSERT_EQ(FK_IN(3, struct drm_mode_card_res)->count_connectors, 3);
	ASSERT_EQ(r->count_connectors, 3);
	ASSERT_EQ(r->connectors[2], 53);
	drmModeFreeResources(r);

	/* One disappears: no retry, the smaller list. */
	fk_init();
	fk.change_at = 2;
	fk.change = drop_connector;
	r = drmModeGetResources(fk.fd);
	ASSERT(r);
	FK_EXPECT(RES, RES);
	ASSERT_EQ(r->count_connectors, 1);
	ASSERT_EQ(r->connectors[0], 51);
	drmModeFreeResources(r);
}

static void check_connector_51(drmModeConnectorPtr c, int modes)
{
	ASSERT(c);
	ASSERT_EQ(c->connector_id, 51);
	ASSERT_EQ(c->encoder_id, 41);
	ASSERT_EQ(c->connector_type, DRM_MODE_CONNECTOR_HDMIA);
	ASSERT_EQ(c->connector_type_id, 1);
	ASSERT_EQ(c->connection, DRM_MODE_CONNECTED);
	ASSERT_EQ(c->mmWidth, 520);
	ASSERT_EQ(c->mmHeight, 290);
	ASSERT_EQ(c->subpixel, DRM_MODE_SUBPIXEL_HORIZONTAL_RGB);	/* kernel's + 1 */
	ASSERT_EQ(c->count_modes, modes);
	for (int i = 0; i < modes; i++) {
		ASSERT_EQ(c->modes[i].hdisplay, 1920 - 100 * i);
		ASSERT_EQ(c->modes[i].name[0], 'A' + i);
	}
	ASSERT_EQ(c->count_props, 2);
	ASSERT_EQ(c->props[1], 62);
	ASSERT_EQ(c->prop_values[1], 91);
	ASSERT_EQ(c->count_encoders, 2);
	ASSERT_EQ(c->encoders[1], 42);
}

/* GetConnector asks with count_modes 0: the kernel probes and finds 3 modes. */
TEST(connector_probe)
{
	int fd = fk_init();
	drmModeConnectorPtr c = drmModeGetConnector(fd, 51);

	check_connector_51(c, 3);
	FK_EXPECT(CONN, CONN);
	ASSERT_EQ(FK_IN(0, struct drm_mode_get_connector)->count_modes, 0);
	ASSERT_EQ(FK_IN(0, struct drm_mode_get_connector)->modes_ptr, 0);
	ASSERT_EQ(FK_IN(0, struct drm_mode_get_connector)->connector_id, 51);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_modes, 3);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_props, 2);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_encoders, 2);
	drmModeFreeConnector(c);
}

/* GetConnectorCurrent offers one stack mode: no probe, the 2 current modes. */
TEST(connector_current)
{
	int fd = fk_init();
	drmModeConnectorPtr c = drmModeGetConnectorCurrent(fd, 51);

	check_connector_51(c, 2);
	FK_EXPECT(CONN, CONN);
	ASSERT_EQ(FK_IN(0, struct drm_mode_get_connector)->count_modes, 1);
	ASSERT_NE(FK_IN(0, struct drm_mode_get_connector)->modes_ptr, 0);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_modes, 2);
	drmModeFreeConnector(c);
}

/* No modes: the second call still offers one (so it cannot probe). */
TEST(connector_no_modes)
{
	int fd = fk_init();
	drmModeConnectorPtr c = drmModeGetConnector(fd, 52);

	ASSERT(c);
	FK_EXPECT(CONN, CONN);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_modes, 1);
	ASSERT_NE(FK_IN(1, struct drm_mode_get_connector)->modes_ptr, 0);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_encoders, 1);
	ASSERT_EQ(c->count_modes, 0);
	ASSERT(c->modes == NULL);
	ASSERT_EQ(c->connection, DRM_MODE_DISCONNECTED);
	ASSERT_EQ(c->subpixel, DRM_MODE_SUBPIXEL_UNKNOWN);
	ASSERT_EQ(c->count_props, 1);
	drmModeFreeConnector(c);

	fk_reset_log();
	errno = 0;
	ASSERT(drmModeGetConnector(fd, 999) == NULL);
	ASSERT_EQ(errno, ENOENT);
	FK_EXPECT(CONN);
}

static void connector_grows(void)
{
	fk.conn[0].props[2] = 63;
	fk.conn[0].values[2] = 7;
	fk.conn[0].n_props = 3;
	fk.conn[0].n_modes = fk.conn[0].n_probed = 4;
}

/* Counts grew between the calls: only the second call is repeated, with the new sizes. */
TEST(connector_retry)
{
	int fd = fk_init();
	drmModeConnectorPtr c;

	fk.change_at = 2;
	fk.change = connector_grows;
	c = drmModeGetConnector(fd, 51);
	ASSERT(c);
	FK_EXPECT(CONN, CONN, CONN);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_connector)->count_props, 2);
	ASSERT_EQ(FK_IN(2, struct drm_mode_get_connector)->count_props, 3);
	ASSERT_EQ(FK_IN(2, struct drm_mode_get_connector)->count_modes, 4);
	ASSERT_EQ(c->count_props, 3);
	ASSERT_EQ(c->props[2], 63);
	ASSERT_EQ(c->prop_values[2], 7);
	ASSERT_EQ(c->count_modes, 4);
	drmModeFreeConnector(c);
}

TEST(encoders_and_crtcs)
{
	int fd = fk_init();
	drmModeEncoderPtr e = drmModeGetEncoder(fd, 41);
	drmModeCrtcPtr c;
	drmModeConnectorPtr conn;

	ASSERT(e);
	FK_EXPECT(ENC);
	ASSERT_EQ(FK_IN(0, struct drm_mode_get_encoder)->encoder_id, 41);
	ASSERT_EQ(e->encoder_id, 41);
	ASSERT_EQ(e->encoder_type, DRM_MODE_ENCODER_TMDS);
	ASSERT_EQ(e->crtc_id, 31);
	ASSERT_EQ(e->possible_crtcs, 1);
	drmModeFreeEncoder(e);
	errno = 0;
	ASSERT(drmModeGetEncoder(fd, 40) == NULL);
	ASSERT_EQ(errno, ENOENT);

	c = drmModeGetCrtc(fd, 31);
	ASSERT(c);
	ASSERT_EQ(c->crtc_id, 31);
	ASSERT_EQ(c->buffer_id, 71);
	ASSERT_EQ(c->x, 10);
	ASSERT_EQ(c->y, 20);
	ASSERT_EQ(c->mode_valid, 1);
	ASSERT_EQ(c->width, 1820);
	ASSERT_EQ(c->height, 1080);
	ASSERT_EQ(c->mode.hdisplay, 1820);
	ASSERT_EQ(c->gamma_size, 256);
	drmModeFreeCrtc(c);
	c = drmModeGetCrtc(fd, 32);	/* no mode: mode and size left zero */
	ASSERT(c);
	ASSERT_EQ(c->mode_valid, 0);
	ASSERT_EQ(c->width, 0);
	ASSERT_EQ(c->mode.clock, 0);
	ASSERT_EQ(c->mode.name[0], 0);
	drmModeFreeCrtc(c);

	conn = drmModeGetConnectorCurrent(fd, 51);
	fk_reset_log();
	errno = 0;
	ASSERT_EQ(drmModeConnectorGetPossibleCrtcs(fd, conn), 0x3);
	FK_EXPECT(ENC, ENC);
	conn->encoders[1] = 40;		/* a failing encoder query stops the walk */
	fk_reset_log();
	errno = 0;
	ASSERT_EQ(drmModeConnectorGetPossibleCrtcs(fd, conn), 0);
	ASSERT_EQ(errno, ENOENT);
	FK_EXPECT(ENC, ENC);
	conn->count_encoders = 0;	/* none: 0 with ENOENT */
	errno = 0;
	ASSERT_EQ(drmModeConnectorGetPossibleCrtcs(fd, conn), 0);
	ASSERT_EQ(errno, ENOENT);
	drmModeFreeConnector(conn);
}

TEST(crtc_cursor_gamma_flip)
{
	int fd = fk_init();
	uint32_t conns[2] = { 51, 52 };
	drmModeModeInfo mode;
	uint16_t r[256], g[256], b[256];
	int ud;

	memset(&mode, 0, sizeof(mode));
	mode.hdisplay = 1024;
	ASSERT_EQ(drmModeSetCrtc(fd, 31, 71, 1, 2, conns, 2, &mode), 0);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->mode_valid, 1);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->mode.hdisplay, 1024);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->count_connectors, 2);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->set_connectors_ptr, (uintptr_t)conns);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->fb_id, 71);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->x, 1);
	ASSERT_EQ(FK_IN(0, struct drm_mode_crtc)->y, 2);
	ASSERT_EQ(drmModeSetCrtc(fd, 31, 0, 0, 0, NULL, 0, NULL), 0);
	ASSERT_EQ(FK_IN(1, struct drm_mode_crtc)->mode_valid, 0);
	ASSERT_EQ(drmModeSetCrtc(fd, 39, 0, 0, 0, NULL, 0, NULL), -ENOENT);	/* -errno */

	ASSERT_EQ(drmModeSetCursor(fd, 31, 9, 64, 64), 0);
	ASSERT_EQ(FK_IN(3, struct drm_mode_cursor)->flags, DRM_MODE_CURSOR_BO);
	ASSERT_EQ(FK_IN(3, struct drm_mode_cursor)->handle, 9);
	ASSERT_EQ(FK_IN(3, struct drm_mode_cursor)->width, 64);
	ASSERT_EQ(drmModeSetCursor2(fd, 31, 9, 64, 32, -3, 5), 0);
	ASSERT_EQ(fk.calls[4].req, DRM_IOCTL_MODE_CURSOR2);
	ASSERT_EQ(FK_IN(4, struct drm_mode_cursor2)->flags, DRM_MODE_CURSOR_BO);
	ASSERT_EQ(FK_IN(4, struct drm_mode_cursor2)->hot_x, -3);
	ASSERT_EQ(FK_IN(4, struct drm_mode_cursor2)->hot_y, 5);
	ASSERT_EQ(FK_IN(4, struct drm_mode_cursor2)->height, 32);
	ASSERT_EQ(drmModeMoveCursor(fd, 31, -7, 8), 0);
	ASSERT_EQ(FK_IN(5, struct drm_mode_cursor)->flags, DRM_MODE_CURSOR_MOVE);
	ASSERT_EQ(FK_IN(5, struct drm_mode_cursor)->x, -7);
	ASSERT_EQ(FK_IN(5, struct drm_mode_cursor)->handle, 0);
	ASSERT_EQ(drmModeMoveCursor(fd, 30, 0, 0), -ENOENT);

	ASSERT_EQ(drmModeCrtcGetGamma(fd, 31, 256, r, g, b), 0);
	ASSERT_EQ(r[255], 0xffff);
	ASSERT_EQ(FK_IN(7, struct drm_mode_crtc_lut)->blue, (uintptr_t)b);
	ASSERT_EQ(drmModeCrtcSetGamma(fd, 31, 255, r, g, b), -EINVAL);
	ASSERT_EQ(fk.calls[8].req, DRM_IOCTL_MODE_SETGAMMA);

	ASSERT_EQ(drmModePageFlip(fd, 31, 71, DRM_MODE_PAGE_FLIP_EVENT, &ud), 0);
	ASSERT_EQ(FK_IN(9, struct drm_mode_crtc_page_flip)->user_data, (uintptr_t)&ud);
	ASSERT_EQ(FK_IN(9, struct drm_mode_crtc_page_flip)->flags, DRM_MODE_PAGE_FLIP_EVENT);
	ASSERT_EQ(FK_IN(9, struct drm_mode_crtc_page_flip)->reserved, 0);
	/* The target flags are the caller's: nothing is added. */
	ASSERT_EQ(drmModePageFlipTarget(fd, 31, 71, DRM_MODE_PAGE_FLIP_EVENT, &ud, 77), 0);
	ASSERT_EQ(FK_IN(10, struct drm_mode_crtc_page_flip_target)->flags, DRM_MODE_PAGE_FLIP_EVENT);
	ASSERT_EQ(FK_IN(10, struct drm_mode_crtc_page_flip_target)->sequence, 77);
	ASSERT_EQ(drmModePageFlipTarget(fd, 31, 71, DRM_MODE_PAGE_FLIP_TARGET_RELATIVE, NULL, 1), 0);
	ASSERT_EQ(FK_IN(11, struct drm_mode_crtc_page_flip_target)->flags,
		  DRM_MODE_PAGE_FLIP_TARGET_RELATIVE);
	ASSERT_EQ(drmModePageFlip(fd, 33, 71, 0, NULL), -ENOENT);
	ASSERT_EQ(fk.n_calls, 13);

	ASSERT_EQ(drmModeAttachMode(fd, 51, &mode), 0);
	ASSERT_EQ(FK_IN(13, struct drm_mode_mode_cmd)->connector_id, 51);
	ASSERT_EQ(FK_IN(13, struct drm_mode_mode_cmd)->mode.hdisplay, 1024);
	ASSERT_EQ(drmModeDetachMode(fd, 59, &mode), -ENOENT);
	ASSERT_EQ(fk.calls[14].req, DRM_IOCTL_MODE_DETACHMODE);
}

TEST(framebuffers)
{
	int fd = fk_init();
	uint32_t id = 0, h[4] = { 5, 6, 0, 0 }, p[4] = { 7680, 128, 0, 0 }, o[4] = { 0, 4096, 0, 0 };
	uint64_t mods[4] = { I915_FORMAT_MOD_X_TILED, I915_FORMAT_MOD_X_TILED, 0, 0 };
	drmModeClip clips[2] = { { 0, 0, 10, 10 }, { 5, 5, 20, 20 } };
	drmModeFBPtr f;
	drmModeFB2Ptr f2;

	ASSERT_EQ(drmModeAddFB(fd, 640, 480, 24, 32, 2560, 5, &id), 0);
	ASSERT_EQ(id, 100);
	ASSERT_EQ(FK_IN(0, struct drm_mode_fb_cmd)->depth, 24);
	ASSERT_EQ(FK_IN(0, struct drm_mode_fb_cmd)->bpp, 32);
	ASSERT_EQ(FK_IN(0, struct drm_mode_fb_cmd)->pitch, 2560);
	ASSERT_EQ(FK_IN(0, struct drm_mode_fb_cmd)->handle, 5);

	ASSERT_EQ(drmModeAddFB2(fd, 640, 480, DRM_FORMAT_NV12, h, p, o, &id, 0), 0);
	ASSERT_EQ(id, 101);
	ASSERT_EQ(fk.calls[1].req, DRM_IOCTL_MODE_ADDFB2);
	ASSERT_EQ(FK_IN(1, struct drm_mode_fb_cmd2)->flags, 0);
	ASSERT_EQ(FK_IN(1, struct drm_mode_fb_cmd2)->offsets[1], 4096);
	ASSERT_EQ(FK_IN(1, struct drm_mode_fb_cmd2)->modifier[0], 0);
	ASSERT_EQ(drmModeAddFB2WithModifiers(fd, 640, 480, DRM_FORMAT_NV12, h, p, o, mods, &id,
					     DRM_MODE_FB_INTERLACED), 0);
	/* The modifiers are copied, but the flags stay the caller's. */
	ASSERT_EQ(FK_IN(2, struct drm_mode_fb_cmd2)->flags, DRM_MODE_FB_INTERLACED);
	ASSERT_EQ(FK_IN(2, struct drm_mode_fb_cmd2)->modifier[1], I915_FORMAT_MOD_X_TILED);
	ASSERT_EQ(drmModeAddFB2WithModifiers(fd, 640, 480, DRM_FORMAT_NV12, h, p, o, NULL, &id,
					     DRM_MODE_FB_MODIFIERS), 0);
	ASSERT_EQ(FK_IN(3, struct drm_mode_fb_cmd2)->flags, DRM_MODE_FB_MODIFIERS);	/* as given */
	ASSERT_EQ(FK_IN(3, struct drm_mode_fb_cmd2)->modifier[0], 0);
	id = 555;
	ASSERT_EQ(drmModeAddFB2(fd, 640, 480, DRM_FORMAT_NV12, h, p, o, &id, 0x80), -EINVAL);
	ASSERT_EQ(id, 555);			/* untouched on failure */

	fk_reset_log();
	ASSERT_EQ(drmModeRmFB(fd, 71), 0);
	ASSERT_EQ(*FK_IN(0, uint32_t), 71);
	ASSERT_EQ(drmModeRmFB(fd, 71), -ENOENT);
	fk.n_fbs = 1;
	ASSERT_EQ(drmModeDirtyFB(fd, 71, clips, 2), 0);
	ASSERT_EQ(FK_IN(2, struct drm_mode_fb_dirty_cmd)->num_clips, 2);
	ASSERT_EQ(FK_IN(2, struct drm_mode_fb_dirty_cmd)->clips_ptr, (uintptr_t)clips);
	ASSERT_EQ(drmModeDirtyFB(fd, 72, NULL, 0), -ENOENT);

	f = drmModeGetFB(fd, 71);
	ASSERT(f);
	ASSERT_EQ(f->fb_id, 71);
	ASSERT_EQ(f->pitch, 7680);
	ASSERT_EQ(f->bpp, 32);
	ASSERT_EQ(f->depth, 24);
	ASSERT_EQ(f->handle, 5);
	drmModeFreeFB(f);
	f2 = drmModeGetFB2(fd, 71);
	ASSERT(f2);
	ASSERT_EQ(f2->pixel_format, DRM_FORMAT_XRGB8888);
	ASSERT_EQ(f2->modifier, I915_FORMAT_MOD_Y_TILED_CCS);
	ASSERT_EQ(f2->flags, DRM_MODE_FB_MODIFIERS);
	ASSERT_EQ(f2->handles[1], 6);
	ASSERT_EQ(f2->offsets[1], 4096);
	ASSERT_EQ(f2->pitches[1], 128);
	drmModeFreeFB2(f2);
	errno = 0;
	ASSERT(drmModeGetFB(fd, 70) == NULL);
	ASSERT_EQ(errno, ENOENT);
	ASSERT(drmModeGetFB2(fd, 70) == NULL);
	ASSERT_EQ(errno, ENOENT);
	ASSERT_EQ(fk.n_calls, 8);
}

TEST(dumb_buffers)
{
	int fd = fk_init();
	uint32_t handle = 0, pitch = 0;
	uint64_t size = 0, off = 0;

	ASSERT_EQ(drmModeCreateDumbBuffer(fd, 100, 10, 32, 0, &handle, &pitch, &size), 0);
	ASSERT_EQ(handle, 7);
	ASSERT_EQ(pitch, 400);
	ASSERT_EQ(size, 4000);
	ASSERT_EQ(FK_IN(0, struct drm_mode_create_dumb)->bpp, 32);
	handle = 99;
	ASSERT_EQ(drmModeCreateDumbBuffer(fd, 0, 10, 32, 0, &handle, &pitch, &size), -EINVAL);
	ASSERT_EQ(handle, 99);
	ASSERT_EQ(drmModeMapDumbBuffer(fd, 7, &off), 0);
	ASSERT_EQ(off, 0x100000);
	off = 1;
	ASSERT_EQ(drmModeMapDumbBuffer(fd, 8, &off), -ENOENT);
	ASSERT_EQ(off, 1);
	ASSERT_EQ(drmModeDestroyDumbBuffer(fd, 7), 0);
	ASSERT_EQ(drmModeDestroyDumbBuffer(fd, 8), -ENOENT);
	FK_EXPECT(DRM_IOCTL_MODE_CREATE_DUMB, DRM_IOCTL_MODE_CREATE_DUMB, DRM_IOCTL_MODE_MAP_DUMB,
		  DRM_IOCTL_MODE_MAP_DUMB, DRM_IOCTL_MODE_DESTROY_DUMB, DRM_IOCTL_MODE_DESTROY_DUMB);
}

static void more_formats(void)
{
	fk.plane_formats = 5;
}

TEST(planes)
{
	int fd = fk_init();
	drmModePlaneResPtr res = drmModeGetPlaneResources(fd);
	drmModePlanePtr p;

	ASSERT(res);
	FK_EXPECT(DRM_IOCTL_MODE_GETPLANERESOURCES, DRM_IOCTL_MODE_GETPLANERESOURCES);
	ASSERT_EQ(res->count_planes, 2);
	ASSERT_EQ(res->planes[1], 82);
	drmModeFreePlaneResources(res);

	fk_reset_log();
	p = drmModeGetPlane(fd, 81);
	ASSERT(p);
	FK_EXPECT(DRM_IOCTL_MODE_GETPLANE, DRM_IOCTL_MODE_GETPLANE);
	ASSERT_EQ(p->plane_id, 81);
	ASSERT_EQ(p->count_formats, 3);
	ASSERT_EQ(p->formats[2], DRM_FORMAT_XRGB8888 + 2);
	ASSERT_EQ(p->crtc_id, 31);
	ASSERT_EQ(p->fb_id, 71);
	ASSERT_EQ(p->possible_crtcs, 3);
	ASSERT_EQ(p->crtc_x, 0);
	ASSERT_EQ(p->x, 0);
	drmModeFreePlane(p);

	/* The format count grows: GetPlane starts again from the count query. */
	fk_reset_log();
	fk.change_at = 2;
	fk.change = more_formats;
	p = drmModeGetPlane(fd, 82);
	ASSERT(p);
	FK_EXPECT(DRM_IOCTL_MODE_GETPLANE, DRM_IOCTL_MODE_GETPLANE, DRM_IOCTL_MODE_GETPLANE,
		  DRM_IOCTL_MODE_GETPLANE);
	ASSERT_EQ(FK_IN(2, struct drm_mode_get_plane)->count_format_types, 0);
	ASSERT_EQ(p->count_formats, 5);
	drmModeFreePlane(p);
	fk.change = NULL;
	errno = 0;
	ASSERT(drmModeGetPlane(fd, 80) == NULL);
	ASSERT_EQ(errno, ENOENT);

	fk_reset_log();
	ASSERT_EQ(drmModeSetPlane(fd, 81, 31, 71, 0, -5, 6, 100, 200, 1 << 16, 2 << 16,
				  100 << 16, 200 << 16), 0);
	ASSERT_EQ(FK_IN(0, struct drm_mode_set_plane)->crtc_x, -5);
	ASSERT_EQ(FK_IN(0, struct drm_mode_set_plane)->crtc_h, 200);
	ASSERT_EQ(FK_IN(0, struct drm_mode_set_plane)->src_y, 2 << 16);
	ASSERT_EQ(FK_IN(0, struct drm_mode_set_plane)->src_w, 100 << 16);
	ASSERT_EQ(drmModeSetPlane(fd, 80, 31, 71, 0, 0, 0, 1, 1, 0, 0, 1, 1), -ENOENT);
}

static void more_props(void)
{
	fk.n_obj_props = 4;
}

TEST(properties)
{
	int fd = fk_init();
	drmModePropertyPtr p = drmModeGetProperty(fd, 61);
	drmModeObjectPropertiesPtr op;

	ASSERT(p);
	FK_EXPECT(DRM_IOCTL_MODE_GETPROPERTY, DRM_IOCTL_MODE_GETPROPERTY);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_property)->count_values, 4);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_property)->count_enum_blobs, 4);
	ASSERT_STREQ(p->name, "DPMS");
	ASSERT_EQ(p->flags, DRM_MODE_PROP_ENUM);
	ASSERT(drm_property_type_is(p, DRM_MODE_PROP_ENUM));
	ASSERT_EQ(p->count_values, 4);
	ASSERT_EQ(p->values[3], 3);
	ASSERT_EQ(p->count_enums, 4);
	ASSERT_STREQ(p->enums[2].name, "state2");
	ASSERT_EQ(p->count_blobs, 0);
	drmModeFreeProperty(p);

	p = drmModeGetProperty(fd, 63);
	ASSERT(p);
	ASSERT_EQ(drmModeGetPropertyType(p), DRM_MODE_PROP_RANGE);
	ASSERT_EQ(p->count_values, 2);
	ASSERT_EQ(p->values[1], 255);
	ASSERT_EQ(p->count_enums, 0);
	ASSERT(p->enums == NULL);
	drmModeFreeProperty(p);
	p = drmModeGetProperty(fd, 62);	/* a blob property: nothing listed */
	ASSERT(p);
	ASSERT_STREQ(p->name, "EDID");
	ASSERT_EQ(p->count_values, 0);
	ASSERT(p->values == NULL && p->blob_ids == NULL && p->enums == NULL);
	ASSERT_EQ(p->count_blobs, 0);
	drmModeFreeProperty(p);
	fk_reset_log();
	errno = 0;
	ASSERT(drmModeGetProperty(fd, 60) == NULL);
	ASSERT_EQ(errno, ENOENT);
	FK_EXPECT(DRM_IOCTL_MODE_GETPROPERTY);

	fk_reset_log();
	op = drmModeObjectGetProperties(fd, 31, DRM_MODE_OBJECT_CRTC);
	ASSERT(op);
	FK_EXPECT(DRM_IOCTL_MODE_OBJ_GETPROPERTIES, DRM_IOCTL_MODE_OBJ_GETPROPERTIES);
	ASSERT_EQ(op->count_props, 2);
	ASSERT_EQ(op->props[1], 62);
	ASSERT_EQ(op->prop_values[1], 1001);
	drmModeFreeObjectProperties(op);
	fk_reset_log();
	fk.change_at = 2;
	fk.change = more_props;
	op = drmModeObjectGetProperties(fd, 32, DRM_MODE_OBJECT_CRTC);
	ASSERT(op);
	FK_EXPECT(DRM_IOCTL_MODE_OBJ_GETPROPERTIES, DRM_IOCTL_MODE_OBJ_GETPROPERTIES,
		  DRM_IOCTL_MODE_OBJ_GETPROPERTIES, DRM_IOCTL_MODE_OBJ_GETPROPERTIES);
	ASSERT_EQ(FK_IN(2, struct drm_mode_obj_get_properties)->count_props, 0);
	ASSERT_EQ(op->count_props, 4);
	ASSERT_EQ(op->prop_values[3], 1003);
	drmModeFreeObjectProperties(op);
	fk.change = NULL;
	fk.n_obj_props = 0;
	op = drmModeObjectGetProperties(fd, 32, DRM_MODE_OBJECT_CRTC);
	ASSERT(op && op->count_props == 0 && op->props == NULL && op->prop_values == NULL);
	drmModeFreeObjectProperties(op);
	errno = 0;
	ASSERT(drmModeObjectGetProperties(fd, 32, DRM_MODE_OBJECT_PLANE) == NULL);
	ASSERT_EQ(errno, ENOENT);

	fk_reset_log();
	ASSERT_EQ(drmModeObjectSetProperty(fd, 31, DRM_MODE_OBJECT_CRTC, 63, 1ull << 40), 0);
	ASSERT_EQ(FK_IN(0, struct drm_mode_obj_set_property)->value, 1ull << 40);
	ASSERT_EQ(FK_IN(0, struct drm_mode_obj_set_property)->obj_type, DRM_MODE_OBJECT_CRTC);
	ASSERT_EQ(drmModeObjectSetProperty(fd, 31, DRM_MODE_OBJECT_CRTC, 69, 0), -ENOENT);
	ASSERT_EQ(drmModeConnectorSetProperty(fd, 51, 61, 2), 0);
	ASSERT_EQ(fk.calls[2].req, DRM_IOCTL_MODE_SETPROPERTY);
	ASSERT_EQ(FK_IN(2, struct drm_mode_connector_set_property)->connector_id, 51);
	ASSERT_EQ(drmModeConnectorSetProperty(fd, 51, 69, 2), -ENOENT);
}

TEST(blobs)
{
	int fd = fk_init();
	drmModePropertyBlobPtr b = drmModeGetPropertyBlob(fd, 91);
	uint32_t id = 1234;
	char data[16] = "hello";

	ASSERT(b);
	FK_EXPECT(DRM_IOCTL_MODE_GETPROPBLOB, DRM_IOCTL_MODE_GETPROPBLOB);
	ASSERT_EQ(FK_IN(0, struct drm_mode_get_blob)->length, 0);
	ASSERT_EQ(FK_IN(1, struct drm_mode_get_blob)->length, 128);
	ASSERT_EQ(b->id, 91);
	ASSERT_EQ(b->length, 128);
	ASSERT_EQ(((unsigned char *)b->data)[100], (unsigned char)700);
	drmModeFreePropertyBlob(b);
	fk_reset_log();
	b = drmModeGetPropertyBlob(fd, 93);	/* empty: data NULL, still two calls */
	ASSERT(b && b->length == 0 && b->data == NULL);
	FK_EXPECT(DRM_IOCTL_MODE_GETPROPBLOB, DRM_IOCTL_MODE_GETPROPBLOB);
	drmModeFreePropertyBlob(b);
	errno = 0;
	ASSERT(drmModeGetPropertyBlob(fd, 92) == NULL);
	ASSERT_EQ(errno, ENOENT);

	fk_reset_log();
	ASSERT_EQ(drmModeCreatePropertyBlob(fd, data, 6, &id), 0);
	ASSERT_EQ(id, 100);
	ASSERT_EQ(FK_IN(0, struct drm_mode_create_blob)->length, 6);
	ASSERT_EQ(FK_IN(0, struct drm_mode_create_blob)->blob_id, 0);
	id = 1234;
	ASSERT_EQ(drmModeCreatePropertyBlob(fd, data, 0, &id), -EINVAL);
	ASSERT_EQ(id, 0);			/* zeroed before the call */
	id = 1234;
	ASSERT_EQ(drmModeCreatePropertyBlob(fd, data, 0xffffffffull, &id), -ERANGE);
	ASSERT_EQ(id, 1234);			/* refused before anything */
	ASSERT_EQ(fk.n_calls, 2);
	ASSERT_EQ(drmModeDestroyPropertyBlob(fd, 100), 0);
	ASSERT_EQ(FK_IN(2, struct drm_mode_destroy_blob)->blob_id, 100);
	ASSERT_EQ(drmModeDestroyPropertyBlob(fd, 101), -ENOENT);
}

struct pair { uint32_t fmt; uint64_t mod; uint32_t fmt_idx, mod_idx; };

/* Walks blob, checking each step (pairs and the iterator's indices). */
static void walk(const drmModePropertyBlobRes *blob, const struct pair *want, size_t n)
{
	drmModeFormatModifierIterator it;
	size_t i = 0;

	memset(&it, 0, sizeof(it));
	while (drmModeFormatModifierBlobIterNext(blob, &it)) {
		ASSERT(i < n);
		if (it.fmt != want[i].fmt || it.mod != want[i].mod ||
		    it.fmt_idx != want[i].fmt_idx || it.mod_idx != want[i].mod_idx)
			TEST_FAIL("step %zu: %#x/%#llx (%u, %u), expected %#x/%#llx (%u, %u)", i,
				  it.fmt, (unsigned long long)it.mod, it.fmt_idx, it.mod_idx,
				  want[i].fmt, (unsigned long long)want[i].mod,
				  want[i].fmt_idx, want[i].mod_idx);
		i++;
	}
	ASSERT_EQ(i, n);
	/* At the end the iterator stays where the last pair left it. */
	if (n) {
		ASSERT_EQ(it.fmt, want[n - 1].fmt);
		ASSERT_EQ(it.mod, want[n - 1].mod);
	}
}

TEST(in_formats)
{
	int fd = fk_init();
	/* Formats 0..4; format 3 has no modifier; one modifier is INVALID. */
	const uint32_t formats[5] = { 0x100, 0x101, 0x102, 0x103, 0x104 };
	const struct drm_format_modifier mods[4] = {
		{ .formats = 0x17, .offset = 0, .modifier = DRM_FORMAT_MOD_LINEAR },
		{ .formats = 0x03, .offset = 0, .modifier = I915_FORMAT_MOD_X_TILED },
		{ .formats = 0x1f, .offset = 0, .modifier = DRM_FORMAT_MOD_INVALID },
		{ .formats = 0x05, .offset = 0, .modifier = I915_FORMAT_MOD_Y_TILED },
	};
	const struct pair want[] = {
		{ 0x100, DRM_FORMAT_MOD_LINEAR, 0, 1 },
		{ 0x100, I915_FORMAT_MOD_X_TILED, 0, 2 },
		{ 0x100, I915_FORMAT_MOD_Y_TILED, 1, 0 },
		{ 0x101, DRM_FORMAT_MOD_LINEAR, 1, 1 },
		{ 0x101, I915_FORMAT_MOD_X_TILED, 1, 2 },
		{ 0x102, DRM_FORMAT_MOD_LINEAR, 2, 1 },
		{ 0x102, I915_FORMAT_MOD_Y_TILED, 3, 0 },
		{ 0x104, DRM_FORMAT_MOD_LINEAR, 4, 1 },
	};
	uint32_t id = fk_add_in_formats(formats, 5, mods, 4);
	drmModePropertyBlobPtr b = drmModeGetPropertyBlob(fd, id);
	drmModeFormatModifierIterator it;

	ASSERT(b);
	walk(b, want, ARRAY_SIZE(want));
	drmModeFreePropertyBlob(b);

	/* A second window: offset 2 covers formats 2.. with bit (idx - 2). */
	const struct drm_format_modifier win[1] = {
		{ .formats = 0x5, .offset = 2, .modifier = I915_FORMAT_MOD_Yf_TILED },
	};
	const struct pair want2[] = {
		{ 0x102, I915_FORMAT_MOD_Yf_TILED, 3, 0 },
		{ 0x104, I915_FORMAT_MOD_Yf_TILED, 5, 0 },
	};
	b = drmModeGetPropertyBlob(fd, fk_add_in_formats(formats, 5, win, 1));
	ASSERT(b);
	walk(b, want2, ARRAY_SIZE(want2));
	drmModeFreePropertyBlob(b);

	b = drmModeGetPropertyBlob(fd, fk_add_in_formats(formats, 5, win, 0));	/* no modifiers */
	ASSERT(b);
	walk(b, NULL, 0);
	memset(&it, 0, sizeof(it));
	ASSERT(!drmModeFormatModifierBlobIterNext(NULL, &it));
	ASSERT(!drmModeFormatModifierBlobIterNext(b, NULL));
	drmModeFreePropertyBlob(b);
}

static void expect_commit(const uint32_t *objs, const uint32_t *counts, uint32_t n_objs,
			  const uint32_t *props, const uint64_t *values)
{
	uint32_t n = 0;

	ASSERT_EQ(fk.atomic.count_objs, n_objs);
	for (uint32_t i = 0; i < n_objs; i++) {
		ASSERT_EQ(fk.a_objs[i], objs[i]);
		ASSERT_EQ(fk.a_counts[i], counts[i]);
		n += counts[i];
	}
	for (uint32_t i = 0; i < n; i++) {
		ASSERT_EQ(fk.a_props[i], props[i]);
		ASSERT_EQ(fk.a_values[i], values[i]);
	}
}

TEST(atomic)
{
	int fd = fk_init();
	drmModeAtomicReqPtr req = drmModeAtomicAlloc(), dup, more;
	int ud;

	ASSERT(req);
	ASSERT_EQ(drmModeAtomicGetCursor(req), 0);
	ASSERT_EQ(drmModeAtomicCommit(fd, req, 0, NULL), 0);	/* empty: no ioctl */
	FK_EXPECT_NONE();
	ASSERT_EQ(drmModeAtomicAddProperty(req, 0, 1, 1), -EINVAL);
	ASSERT_EQ(drmModeAtomicAddProperty(req, 1, 0, 1), -EINVAL);
	ASSERT_EQ(drmModeAtomicAddProperty(NULL, 1, 1, 1), -EINVAL);
	ASSERT_EQ(drmModeAtomicGetCursor(NULL), -EINVAL);
	ASSERT_EQ(drmModeAtomicCommit(fd, NULL, 0, NULL), -EINVAL);

	ASSERT_EQ(drmModeAtomicAddProperty(req, 52, 7, 1), 1);	/* the new cursor */
	ASSERT_EQ(drmModeAtomicAddProperty(req, 31, 9, 2), 2);
	ASSERT_EQ(drmModeAtomicAddProperty(req, 52, 3, 3), 3);
	ASSERT_EQ(drmModeAtomicAddProperty(req, 31, 5, 4), 4);
	ASSERT_EQ(drmModeAtomicAddProperty(req, 52, 7, 5), 5);	/* again: the later wins */
	ASSERT_EQ(drmModeAtomicGetCursor(req), 5);
	ASSERT_EQ(drmModeAtomicCommit(fd, req, DRM_MODE_ATOMIC_NONBLOCK, &ud), 0);
	FK_EXPECT(DRM_IOCTL_MODE_ATOMIC);
	ASSERT_EQ(fk.atomic.flags, DRM_MODE_ATOMIC_NONBLOCK);
	ASSERT_EQ(fk.atomic.user_data, (uintptr_t)&ud);
	ASSERT_EQ(fk.atomic.reserved, 0);
	{
		const uint32_t objs[] = { 31, 52 }, counts[] = { 2, 2 }, props[] = { 5, 9, 3, 7 };
		const uint64_t values[] = { 4, 2, 3, 5 };

		expect_commit(objs, counts, 2, props, values);
	}

	/* Roll back to 2 items and go on from there. */
	drmModeAtomicSetCursor(req, 2);
	ASSERT_EQ(drmModeAtomicGetCursor(req), 2);
	ASSERT_EQ(drmModeAtomicAddProperty(req, 31, 9, 6), 3);
	ASSERT_EQ(drmModeAtomicCommit(fd, req, 0, NULL), 0);
	{
		const uint32_t objs[] = { 31, 52 }, counts[] = { 1, 1 }, props[] = { 9, 7 };
		const uint64_t values[] = { 6, 1 };

		expect_commit(objs, counts, 2, props, values);
	}
	/* Forward again over items still there. */
	drmModeAtomicSetCursor(req, 5);
	ASSERT_EQ(drmModeAtomicGetCursor(req), 5);
	drmModeAtomicSetCursor(req, 3);

	dup = drmModeAtomicDuplicate(req);
	ASSERT(dup);
	ASSERT_EQ(drmModeAtomicGetCursor(dup), 3);
	ASSERT(drmModeAtomicDuplicate(NULL) == NULL);
	more = drmModeAtomicAlloc();
	ASSERT_EQ(drmModeAtomicAddProperty(more, 40, 1, 7), 1);
	ASSERT_EQ(drmModeAtomicAddProperty(more, 31, 9, 8), 2);
	drmModeAtomicSetCursor(dup, 1);		/* merge drops dup's items past its cursor */
	ASSERT_EQ(drmModeAtomicMerge(dup, more), 0);
	ASSERT_EQ(drmModeAtomicGetCursor(dup), 3);
	ASSERT_EQ(drmModeAtomicMerge(NULL, more), -EINVAL);
	ASSERT_EQ(drmModeAtomicMerge(dup, NULL), 0);
	fk_reset_log();
	ASSERT_EQ(drmModeAtomicCommit(fd, dup, DRM_MODE_ATOMIC_TEST_ONLY, NULL), 0);
	{
		const uint32_t objs[] = { 40, 52 }, counts[] = { 1, 1 }, props[] = { 1, 7 };
		const uint64_t values[] = { 7, 1 };

		/* dup: (52,7,1) + merged (40,1,7) (31,9,8): 31 sorts first */
		const uint32_t objs3[] = { 31, 40, 52 }, counts3[] = { 1, 1, 1 },
			props3[] = { 9, 1, 7 };
		const uint64_t values3[] = { 8, 7, 1 };

		(void)objs; (void)counts; (void)props; (void)values;
		expect_commit(objs3, counts3, 3, props3, values3);
	}
	/* The original is untouched by its duplicate. */
	ASSERT_EQ(drmModeAtomicGetCursor(req), 3);
	drmModeAtomicFree(dup);
	drmModeAtomicFree(more);
	drmModeAtomicFree(req);
	drmModeAtomicFree(NULL);
	drmModeAtomicSetCursor(NULL, 1);

	fk.fail_errno = EBUSY;
	req = drmModeAtomicAlloc();
	drmModeAtomicAddProperty(req, 1, 1, 1);
	ASSERT_EQ(drmModeAtomicCommit(fd, req, 0, NULL), -EBUSY);
	drmModeAtomicFree(req);
}

/* Three and four settings of one property: the arrays libdrm sends. */
TEST(atomic_duplicates)
{
	int fd = fk_init();
	drmModeAtomicReqPtr req = drmModeAtomicAlloc();

	for (uint64_t v = 1; v <= 4; v++)
		drmModeAtomicAddProperty(req, 5, 3, v);
	drmModeAtomicAddProperty(req, 5, 1, 9);
	drmModeAtomicAddProperty(req, 6, 2, 10);
	drmModeAtomicAddProperty(req, 6, 2, 11);
	drmModeAtomicAddProperty(req, 6, 2, 12);
	ASSERT_EQ(drmModeAtomicCommit(fd, req, 0, NULL), 0);
	{
		const uint32_t objs[] = { 5, 6 }, counts[] = { 3, 2 }, props[] = { 1, 3, 3, 2, 2 };
		const uint64_t values[] = { 9, 2, 4, 11, 12 };

		expect_commit(objs, counts, 2, props, values);
	}
	drmModeAtomicFree(req);
}

TEST(leases)
{
	int fd = fk_init();
	uint32_t objs[3] = { 31, 51, 81 }, lessee = 0;
	int lfd = drmModeCreateLease(fd, objs, 3, O_CLOEXEC, &lessee);
	drmModeLesseeListPtr l;
	drmModeObjectListPtr o;

	ASSERT(lfd >= 0);
	ASSERT_EQ(lessee, 100);
	ASSERT_EQ(FK_IN(0, struct drm_mode_create_lease)->object_count, 3);
	ASSERT_EQ(FK_IN(0, struct drm_mode_create_lease)->flags, O_CLOEXEC);
	ASSERT_EQ(FK_IN(0, struct drm_mode_create_lease)->object_ids, (uintptr_t)objs);
	close(lfd);
	lessee = 5;
	ASSERT_EQ(drmModeCreateLease(fd, objs, 0, 0, &lessee), -EINVAL);
	ASSERT_EQ(lessee, 5);

	fk_reset_log();
	l = drmModeListLessees(fd);
	ASSERT(l);
	FK_EXPECT(DRM_IOCTL_MODE_LIST_LESSEES, DRM_IOCTL_MODE_LIST_LESSEES);
	ASSERT_EQ(l->count, 1);
	ASSERT_EQ(l->lessees[0], 200);
	drmFree(l);
	fk.n_leased = 2;
	o = drmModeGetLease(fd);
	ASSERT(o);
	ASSERT_EQ(o->count, 2);
	ASSERT_EQ(o->objects[1], 32);
	drmFree(o);
	fk.n_leased = 0;
	o = drmModeGetLease(fd);
	ASSERT(o && o->count == 0);
	drmFree(o);
	ASSERT_EQ(drmModeRevokeLease(fd, 100), 0);
	ASSERT_EQ(drmModeRevokeLease(fd, 1), -ENOENT);
	fk.fail_errno = EACCES;
	errno = 0;
	ASSERT(drmModeListLessees(fd) == NULL);
	ASSERT_EQ(errno, EACCES);
	ASSERT(drmModeGetLease(fd) == NULL);
	ASSERT_EQ(errno, EACCES);
}

TEST(connector_type_names)
{
	static const char *const names[] = { "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A",
		"Composite", "SVIDEO", "LVDS", "Component", "DIN", "DP", "HDMI-A", "HDMI-B", "TV",
		"eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB" };

	for (uint32_t i = 0; i < ARRAY_SIZE(names); i++)
		ASSERT_STREQ(drmModeGetConnectorTypeName(i), names[i]);
	ASSERT(drmModeGetConnectorTypeName(21) == NULL);
	ASSERT(drmModeGetConnectorTypeName(0xffffffff) == NULL);
}

TEST(free_null)
{
	drmModeFreeModeInfo(NULL);
	drmModeFreeResources(NULL);
	drmModeFreeFB(NULL);
	drmModeFreeFB2(NULL);
	drmModeFreeCrtc(NULL);
	drmModeFreeConnector(NULL);
	drmModeFreeEncoder(NULL);
	drmModeFreePlane(NULL);
	drmModeFreePlaneResources(NULL);
	drmModeFreeProperty(NULL);
	drmModeFreePropertyBlob(NULL);
	drmModeFreeObjectProperties(NULL);
	drmModeAtomicFree(NULL);
	drmModeFreeModeInfo(drmMalloc(sizeof(drmModeModeInfo)));
}

TEST(check_modesetting)
{
	ASSERT_EQ(drmCheckModesettingSupported("nonsense"), -EINVAL);
	ASSERT_EQ(drmCheckModesettingSupported("pci:ffff:ff:1f.7"), -EINVAL);	/* no such device */
}

#ifndef DEBIAN_LIBDRM
/* Where libdrm would write through NULL: -EINVAL, and no ioctl made. */
TEST(null_arguments)
{
	int fd = fk_init();
	uint32_t h[4] = { 1 }, id, pitch;
	uint64_t size;
	drmModeAtomicReqPtr req = drmModeAtomicAlloc();

	ASSERT_EQ(drmModeAddFB(fd, 1, 1, 24, 32, 4, 1, NULL), -EINVAL);
	ASSERT_EQ(drmModeAddFB2(fd, 1, 1, DRM_FORMAT_XRGB8888, NULL, h, h, &id, 0), -EINVAL);
	ASSERT_EQ(drmModeAddFB2(fd, 1, 1, DRM_FORMAT_XRGB8888, h, h, h, NULL, 0), -EINVAL);
	ASSERT_EQ(drmModeCreateDumbBuffer(fd, 1, 1, 32, 0, &id, &pitch, NULL), -EINVAL);
	ASSERT_EQ(drmModeMapDumbBuffer(fd, 7, NULL), -EINVAL);
	ASSERT_EQ(drmModeCreatePropertyBlob(fd, "x", 1, NULL), -EINVAL);
	ASSERT_EQ(drmModeCreateLease(fd, h, 1, 0, NULL), -EINVAL);
	ASSERT_EQ(drmModeAttachMode(fd, 51, NULL), -EINVAL);
	errno = 0;
	ASSERT_EQ(drmModeConnectorGetPossibleCrtcs(fd, NULL), 0);
	ASSERT_EQ(errno, EINVAL);
	FK_EXPECT_NONE();
	(void)size;

	/* A cursor past the items ever added, or negative, is ignored. */
	drmModeAtomicAddProperty(req, 1, 1, 1);
	drmModeAtomicSetCursor(req, 2);
	ASSERT_EQ(drmModeAtomicGetCursor(req), 1);
	drmModeAtomicSetCursor(req, -1);
	ASSERT_EQ(drmModeAtomicGetCursor(req), 1);
	drmModeAtomicFree(req);
}

/* Every count query sees 1 framebuffer, every id query 2. */
static void grow_always(void)
{
	fk.n_fbs = fk.n_calls % 2 ? 1 : 2;
	fk.change_at = fk.n_calls + 1;
}

/* A kernel whose counts grow at every second call cannot hang the caller. */
TEST(lying_kernel)
{
	int fd = fk_init();
	const uint32_t formats[40] = { 0 };
	struct drm_format_modifier mod = { .formats = 1ull << 35, .offset = 0, .modifier = 5 };
	drmModePropertyBlobRes blob;
	drmModeFormatModifierIterator it;
	uint32_t id;

	fk.change_at = 1;
	fk.change = grow_always;
	errno = 0;
	ASSERT(drmModeGetResources(fd) == NULL);
	ASSERT_EQ(errno, EAGAIN);
	ASSERT_EQ(fk.n_calls, 128);

	/* An IN_FORMATS blob too short for its header's counts ends the walk. */
	id = fk_add_in_formats(formats, 40, &mod, 1);
	memset(&blob, 0, sizeof(blob));
	blob.data = fk_find_blob(id)->data;
	blob.length = fk_find_blob(id)->length - 1;
	memset(&it, 0, sizeof(it));
	ASSERT(!drmModeFormatModifierBlobIterNext(&blob, &it));
	blob.length++;
	/* Window position 35: bit 35 of the mask (libdrm tests bit 3 here). */
	ASSERT(drmModeFormatModifierBlobIterNext(&blob, &it));
	ASSERT_EQ(it.fmt_idx, 36);
	ASSERT_EQ(it.mod, 5);
	ASSERT(!drmModeFormatModifierBlobIterNext(&blob, &it));
}

static void property_grows(void)
{
	fk.props[2].n_values = 3;
	fk.props[2].values[2] = 9;
}

/* A grown property count is asked again rather than read past the arrays. */
TEST(property_count_grows)
{
	int fd = fk_init();
	drmModePropertyPtr p;

	fk.change_at = 2;
	fk.change = property_grows;
	p = drmModeGetProperty(fd, 63);
	ASSERT(p);
	FK_EXPECT(DRM_IOCTL_MODE_GETPROPERTY, DRM_IOCTL_MODE_GETPROPERTY,
		  DRM_IOCTL_MODE_GETPROPERTY, DRM_IOCTL_MODE_GETPROPERTY);
	ASSERT_EQ(p->count_values, 3);
	ASSERT_EQ(p->values[2], 9);
	drmModeFreeProperty(p);
}
#endif

TEST_MAIN(T(resources), T(resources_retry), T(connector_probe), T(connector_current),
	  T(connector_no_modes), T(connector_retry), T(encoders_and_crtcs),
	  T(crtc_cursor_gamma_flip), T(framebuffers), T(dumb_buffers), T(planes),
	  T(properties), T(blobs), T(in_formats), T(atomic), T(atomic_duplicates), T(leases),
	  T(connector_type_names), T(free_null), T(check_modesetting)
#ifndef DEBIAN_LIBDRM
	  , T(null_arguments), T(lying_kernel), T(property_count_grows)
#endif
	  )
