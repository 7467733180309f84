/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the KMS ioctl tests (tests/ioctl/kms_*.c): discovering the
 * display's objects through GETRESOURCES and friends (never a hard-coded
 * id), reading properties by name, dumb-buffer framebuffers, and setting a
 * CRTC with a connector's preferred mode. Only ioctl and the uAPI headers:
 * they behave the same on a real kernel (bochs, i915) and on the shim.
 * Arrays returned are malloc'ed and the caller's; nothing is cached.
 */
#ifndef TESTS_IOCTL_KMS_UTIL_H
#define TESTS_IOCTL_KMS_UTIL_H

#include <stdlib.h>
#include <drm_fourcc.h>
#include <drm_mode.h>

#include "tests/ioctl/ioctl_util.h"

struct kms_res {
	uint32_t ncrtcs, nconnectors, nencoders, nfbs;
	uint32_t crtcs[8], connectors[8], encoders[8], fbs[16];
	uint32_t min_width, max_width, min_height, max_height;
};

static inline int kms_get_resources(int fd, struct kms_res *res)
{
	struct drm_mode_card_res r;
	memset(&r, 0, sizeof(r));
	memset(res, 0, sizeof(*res));
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &r))
		return -1;
	if (r.count_crtcs > 8 || r.count_connectors > 8 || r.count_encoders > 8 || r.count_fbs > 16)
		TEST_FAIL("more objects than the tests expect");
	r.crtc_id_ptr = (uintptr_t)res->crtcs;
	r.connector_id_ptr = (uintptr_t)res->connectors;
	r.encoder_id_ptr = (uintptr_t)res->encoders;
	r.fb_id_ptr = (uintptr_t)res->fbs;
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &r))
		return -1;
	res->ncrtcs = r.count_crtcs;
	res->nconnectors = r.count_connectors;
	res->nencoders = r.count_encoders;
	res->nfbs = r.count_fbs;
	res->min_width = r.min_width, res->max_width = r.max_width;
	res->min_height = r.min_height, res->max_height = r.max_height;
	return 0;
}

/* A primary node fd on a device with a display (GETRESOURCES works), else SKIP. */
static inline int kms_open(void)
{
	int fd = open_primary();
	struct kms_res res;
	if (kms_get_resources(fd, &res) && (errno == EOPNOTSUPP || errno == EINVAL))
		SKIP_MISSING("%s has no display (GETRESOURCES: %s)", test_primary_path(), strerror(errno));
	return fd;
}

static inline int kms_open_master(void)
{
	int fd = kms_open();
	if (!is_master(fd))
		SKIP_MISSING("another client is master of %s", test_primary_path());
	return fd;
}

static inline void kms_set_cap(int fd, uint64_t cap, uint64_t value)
{
	struct drm_set_client_cap c = { .capability = cap, .value = value };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &c));
}

/* A connector's modes (at most max) and its first encoder; the count of modes. */
static inline uint32_t kms_connector_modes(int fd, uint32_t conn, struct drm_mode_modeinfo *modes, uint32_t max,
					   uint32_t *encoder, uint32_t *connection)
{
	struct drm_mode_get_connector c;
	uint32_t encs[8];
	memset(&c, 0, sizeof(c));
	c.connector_id = conn;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c));
	uint32_t n = c.count_modes;
	if (n > max)
		TEST_FAIL("connector %u has %u modes", conn, n);
	memset(&c, 0, sizeof(c));
	c.connector_id = conn;
	c.count_modes = n;
	c.modes_ptr = (uintptr_t)modes;
	c.count_encoders = 8;
	c.encoders_ptr = (uintptr_t)encs;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c));
	if (encoder)
		*encoder = c.count_encoders ? encs[0] : 0;
	if (connection)
		*connection = c.connection;
	return c.count_modes;
}

/* The first connected connector and its preferred (else first) mode; SKIP if none. */
static inline uint32_t kms_connected(int fd, struct drm_mode_modeinfo *mode)
{
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	for (uint32_t i = 0; i < res.nconnectors; i++) {
		struct drm_mode_modeinfo modes[64];
		uint32_t connection = 0;
		uint32_t n = kms_connector_modes(fd, res.connectors[i], modes, 64, NULL, &connection);
		if (connection != 1 || !n)
			continue;
		*mode = modes[0];
		for (uint32_t m = 0; m < n; m++)
			if (modes[m].type & DRM_MODE_TYPE_PREFERRED) {
				*mode = modes[m];
				break;
			}
		return res.connectors[i];
	}
	SKIP_MISSING("no connected connector");
	return 0;
}

/* A property's value on an object, by name; found: 1, else 0. */
static inline int kms_prop(int fd, uint32_t obj, uint32_t type, const char *name, uint64_t *value, uint32_t *prop_id)
{
	uint32_t ids[64];
	uint64_t vals[64];
	struct drm_mode_obj_get_properties g = { .obj_id = obj, .obj_type = type, .count_props = 64,
						 .props_ptr = (uintptr_t)ids, .prop_values_ptr = (uintptr_t)vals };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &g));
	for (uint32_t i = 0; i < g.count_props && i < 64; i++) {
		struct drm_mode_get_property p;
		memset(&p, 0, sizeof(p));
		p.prop_id = ids[i];
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &p));
		if (!strcmp(p.name, name)) {
			if (value)
				*value = vals[i];
			if (prop_id)
				*prop_id = ids[i];
			return 1;
		}
	}
	return 0;
}

/* A dumb buffer of w x h at 32 bpp; its handle and pitch. */
static inline uint32_t kms_dumb(int fd, uint32_t w, uint32_t h, uint32_t *pitch)
{
	struct drm_mode_create_dumb c;
	memset(&c, 0, sizeof(c));
	c.width = w;
	c.height = h;
	c.bpp = 32;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c));
	if (pitch)
		*pitch = c.pitch;
	return c.handle;
}

/* ADDFB2 of an XRGB8888 framebuffer; 0 or -1 with errno. */
static inline int kms_addfb2(int fd, uint32_t w, uint32_t h, uint32_t handle, uint32_t pitch, uint32_t *fb_id)
{
	struct drm_mode_fb_cmd2 f;
	memset(&f, 0, sizeof(f));
	f.width = w;
	f.height = h;
	f.pixel_format = DRM_FORMAT_XRGB8888;
	f.handles[0] = handle;
	f.pitches[0] = pitch;
	int r = ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f);
	if (r == 0)
		*fb_id = f.fb_id;
	return r;
}

/* A framebuffer of w x h on a fresh dumb buffer. */
static inline uint32_t kms_fb(int fd, uint32_t w, uint32_t h)
{
	uint32_t pitch = 0, fb = 0;
	uint32_t handle = kms_dumb(fd, w, h, &pitch);
	ASSERT_OK(kms_addfb2(fd, w, h, handle, pitch, &fb));
	return fb;
}

static inline int kms_setcrtc(int fd, uint32_t crtc, uint32_t fb, const struct drm_mode_modeinfo *mode,
			      uint32_t *conns, uint32_t nconn)
{
	struct drm_mode_crtc c;
	memset(&c, 0, sizeof(c));
	c.crtc_id = crtc;
	c.fb_id = fb;
	if (mode) {
		c.mode = *mode;
		c.mode_valid = 1;
	}
	c.set_connectors_ptr = (uintptr_t)conns;
	c.count_connectors = nconn;
	return ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &c);
}

static inline void kms_getcrtc(int fd, uint32_t crtc, struct drm_mode_crtc *out)
{
	memset(out, 0, sizeof(*out));
	out->crtc_id = crtc;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCRTC, out));
}

/* A CRTC the connector's encoder can drive, lit with mode on a new framebuffer (its id in *fb). */
static inline uint32_t kms_light(int fd, uint32_t conn, const struct drm_mode_modeinfo *mode, uint32_t *fb)
{
	struct kms_res res;
	uint32_t enc = 0;
	struct drm_mode_modeinfo modes[64];
	ASSERT_OK(kms_get_resources(fd, &res));
	kms_connector_modes(fd, conn, modes, 64, &enc, NULL);
	struct drm_mode_get_encoder e;
	memset(&e, 0, sizeof(e));
	e.encoder_id = enc;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &e));
	for (uint32_t i = 0; i < res.ncrtcs; i++) {
		if (!(e.possible_crtcs & (1u << i)))
			continue;
		*fb = kms_fb(fd, mode->hdisplay, mode->vdisplay);
		ASSERT_OK(kms_setcrtc(fd, res.crtcs[i], *fb, mode, &conn, 1));
		return res.crtcs[i];
	}
	TEST_FAIL("no CRTC for connector %u", conn);
	return 0;
}

/* The pipe (index in GETRESOURCES' CRTC list) of a CRTC: what WAIT_VBLANK's pipe bits name. */
static inline uint32_t kms_pipe_of(int fd, uint32_t crtc)
{
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	for (uint32_t i = 0; i < res.ncrtcs; i++)
		if (res.crtcs[i] == crtc)
			return i;
	TEST_FAIL("CRTC %u is not in the resources", crtc);
	return 0;
}

#endif
