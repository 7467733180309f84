/* SPDX-License-Identifier: MIT */
/*
 * The DRM core's KMS rules (uapi-conformance §8b): mode object lookups,
 * the count/copy protocol of the GET ioctls, properties and blobs, client
 * caps that hide objects and properties, framebuffers and who may remove
 * them, SETCRTC's checks and what GETCRTC reports after it, the fate of a
 * released file's framebuffers, and the vblank counter. Every id is found
 * through GETRESOURCES. Runs on any KMS driver (the real-kernel check uses
 * bochs); what only i915 decides is in kms_i915.c.
 */
#include "config.h"

#include "tests/ioctl/kms_util.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/epoll.h>

#define BAD_PTR ((uint64_t)8)	/* unmapped: any copy to it is EFAULT */

/* KM1: counts always come back; a zero count copies nothing (the bad pointer is not touched). */
TEST(getresources_counts_without_arrays)
{
	int fd = kms_open();
	struct drm_mode_card_res r;
	memset(&r, 0, sizeof(r));
	r.crtc_id_ptr = r.connector_id_ptr = r.encoder_id_ptr = r.fb_id_ptr = BAD_PTR;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &r));
	ASSERT(r.count_crtcs >= 1 && r.count_connectors >= 1 && r.count_encoders >= 1);
	ASSERT(r.max_width >= r.min_width && r.max_width > 0 && r.max_height > 0);
}

/* KM1: with room for the CRTCs the array is written, and an unwritable one is EFAULT. */
TEST(getresources_copies_when_room)
{
	int fd = kms_open();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	for (uint32_t i = 0; i < res.ncrtcs; i++)
		ASSERT(res.crtcs[i] != 0);
	struct drm_mode_card_res r;
	memset(&r, 0, sizeof(r));
	r.count_crtcs = res.ncrtcs;
	r.crtc_id_ptr = BAD_PTR;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &r), EFAULT);
}

/* KM2: GETRESOURCES lists the caller's framebuffers only. */
TEST(getresources_lists_own_fbs)
{
	int a = kms_open(), b = open_primary();
	uint32_t fb = kms_fb(a, 64, 64);
	struct kms_res ra, rb;
	ASSERT_OK(kms_get_resources(a, &ra));
	ASSERT_OK(kms_get_resources(b, &rb));
	ASSERT_EQ(ra.nfbs, 1);
	ASSERT_EQ(ra.fbs[0], fb);
	ASSERT_EQ(rb.nfbs, 0);
}

/* KM3: KMS ioctls are not render-allowed: EACCES on a render node. */
TEST(render_node_eacces)
{
	kms_open();
	int r = open_render();
	struct drm_mode_card_res res;
	memset(&res, 0, sizeof(res));
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_MODE_GETRESOURCES, &res), EACCES);
	struct drm_mode_crtc c;
	memset(&c, 0, sizeof(c));
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_MODE_GETCRTC, &c), EACCES);
}

/* KM4: an id no object has is ENOENT, for every lookup. */
TEST(unknown_id_enoent)
{
	int fd = kms_open();
	uint32_t bad = 0x7fff0000;
	struct drm_mode_crtc c = { .crtc_id = bad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &c), ENOENT);
	struct drm_mode_get_connector gc = { .connector_id = bad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &gc), ENOENT);
	struct drm_mode_get_encoder e = { .encoder_id = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &e), ENOENT);
	struct drm_mode_get_plane p = { .plane_id = bad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p), ENOENT);
	struct drm_mode_get_property gp = { .prop_id = bad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &gp), ENOENT);
	struct drm_mode_get_blob gb = { .blob_id = bad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &gb), ENOENT);
	struct drm_mode_fb_cmd f = { .fb_id = bad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETFB, &f), ENOENT);
}

/* KM4: the id of an object of another type is ENOENT too. */
TEST(wrong_type_enoent)
{
	int fd = kms_open();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t crtc = res.crtcs[0], conn = res.connectors[0], enc = res.encoders[0];
	struct drm_mode_crtc c = { .crtc_id = conn };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &c), ENOENT);
	struct drm_mode_get_connector gc = { .connector_id = crtc };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &gc), ENOENT);
	struct drm_mode_get_encoder e = { .encoder_id = conn };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &e), ENOENT);
	struct drm_mode_get_plane p = { .plane_id = crtc };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p), ENOENT);
	struct drm_mode_get_property gp = { .prop_id = enc };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &gp), ENOENT);
	struct drm_mode_get_blob gb = { .blob_id = crtc };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &gb), ENOENT);
	struct drm_mode_fb_cmd f = { .fb_id = crtc };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETFB, &f), ENOENT);
	struct drm_mode_obj_get_properties o = { .obj_id = crtc, .obj_type = DRM_MODE_OBJECT_CONNECTOR };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &o), ENOENT);
}

/* KN1: modes are copied all or nothing: a count short of them copies none, and says how many. */
TEST(getconnector_modes_all_or_nothing)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct drm_mode_get_connector c;
	memset(&c, 0, sizeof(c));
	c.connector_id = conn;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c));
	uint32_t n = c.count_modes;
	if (n < 2)
		SKIP_MISSING("the connector has %u mode(s)", n);
	struct drm_mode_modeinfo modes[64];
	memset(modes, 0xa5, sizeof(modes));
	memset(&c, 0, sizeof(c));
	c.connector_id = conn;
	c.count_modes = n - 1;
	c.modes_ptr = (uintptr_t)modes;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c));
	ASSERT_EQ(c.count_modes, n);
	ASSERT_EQ(modes[0].clock, 0xa5a5a5a5u);
	ASSERT_EQ(c.connection, 1);
	ASSERT_EQ(c.count_encoders, 1);
}

/* KN2: CRTC_ID (an atomic property) shows on a connector only for ATOMIC clients. */
TEST(getconnector_atomic_props_hidden)
{
	int fd = kms_open();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT(!kms_prop(fd, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", NULL, NULL));
	ASSERT(kms_prop(fd, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "DPMS", NULL, NULL));
	kms_set_cap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	ASSERT(kms_prop(fd, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", NULL, NULL));
}

/* KP1: primary and cursor planes are listed only with UNIVERSAL_PLANES. */
TEST(planeresources_universal_cap)
{
	int fd = kms_open();
	struct drm_mode_get_plane_res r;
	uint32_t ids[64];
	memset(&r, 0, sizeof(r));
	r.count_planes = 64;
	r.plane_id_ptr = (uintptr_t)ids;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	for (uint32_t i = 0; i < r.count_planes; i++) {
		uint64_t type = 99;
		ASSERT(kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type", &type, NULL));
		ASSERT_EQ(type, 0);	/* Overlay */
	}
	uint32_t legacy = r.count_planes;
	kms_set_cap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	r.count_planes = 64;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT(r.count_planes >= legacy + res.ncrtcs);	/* a primary per CRTC at least */
	uint32_t primaries = 0;
	for (uint32_t i = 0; i < r.count_planes; i++) {
		uint64_t type = 99;
		ASSERT(kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type", &type, NULL));
		primaries += type == 1;
	}
	ASSERT_EQ(primaries, res.ncrtcs);
}

/* KP2: GETPLANE copies the formats only when all fit; the count always. */
TEST(getplane_formats_all_or_nothing)
{
	int fd = kms_open();
	kms_set_cap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	struct drm_mode_get_plane_res r;
	uint32_t ids[64];
	memset(&r, 0, sizeof(r));
	r.count_planes = 64;
	r.plane_id_ptr = (uintptr_t)ids;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	ASSERT(r.count_planes >= 1);
	struct drm_mode_get_plane p;
	memset(&p, 0, sizeof(p));
	p.plane_id = ids[0];
	p.format_type_ptr = BAD_PTR;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
	uint32_t n = p.count_format_types;
	ASSERT(n >= 1);
	ASSERT(p.possible_crtcs != 0);
	ASSERT_EQ(p.plane_id, ids[0]);
	p.count_format_types = n;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p), EFAULT);
}

/* KR1: an enum property gives its values and entries; here DPMS's four. */
TEST(getproperty_enum)
{
	int fd = kms_open();
	struct kms_res res;
	uint32_t prop = 0;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT(kms_prop(fd, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "DPMS", NULL, &prop));
	struct drm_mode_get_property p;
	memset(&p, 0, sizeof(p));
	p.prop_id = prop;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &p));
	ASSERT_EQ(p.count_values, 4);
	ASSERT_EQ(p.count_enum_blobs, 4);
	ASSERT(p.flags & DRM_MODE_PROP_ENUM);
	struct drm_mode_property_enum en[4];
	uint64_t vals[4];
	p.values_ptr = (uintptr_t)vals;
	p.enum_blob_ptr = (uintptr_t)en;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &p));
	ASSERT_STREQ(en[0].name, "On");
	ASSERT_EQ(en[3].value, 3);
	ASSERT_STREQ(en[3].name, "Off");
}

/* KR2: a blob property (EDID) has no values and answers count_enum_blobs 0. */
TEST(getproperty_blob)
{
	int fd = kms_open();
	struct kms_res res;
	uint32_t prop = 0;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT(kms_prop(fd, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "EDID", NULL, &prop));
	struct drm_mode_get_property p;
	memset(&p, 0, sizeof(p));
	p.prop_id = prop;
	p.count_enum_blobs = 7;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &p));
	ASSERT_EQ(p.count_values, 0);
	ASSERT_EQ(p.count_enum_blobs, 0);
	ASSERT_EQ(p.flags, DRM_MODE_PROP_BLOB | DRM_MODE_PROP_IMMUTABLE);
	ASSERT_STREQ(p.name, "EDID");
}

/* KB1: GETPROPBLOB copies only for a length equal to the blob's, and returns that length. */
TEST(getpropblob_length)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	uint64_t edid = 0;
	ASSERT(kms_prop(fd, conn, DRM_MODE_OBJECT_CONNECTOR, "EDID", &edid, NULL));
	if (!edid)
		SKIP_MISSING("the connected connector has no EDID");
	struct drm_mode_get_blob b = { .blob_id = (uint32_t)edid, .length = 1, .data = BAD_PTR };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &b));
	ASSERT(b.length >= 128 && b.length % 128 == 0);
	unsigned char data[1024];
	ASSERT(b.length <= sizeof(data));
	b.data = (uintptr_t)data;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &b));
	unsigned char sum = 0;
	for (int i = 0; i < 128; i++)
		sum += data[i];
	ASSERT_EQ(sum, 0);	/* the EDID base block's checksum */
	ASSERT(data[0] == 0 && data[1] == 0xff && data[7] == 0);
}

/* KO1: an object without properties (an encoder, a framebuffer) is EINVAL. */
TEST(obj_getproperties_no_props_einval)
{
	int fd = kms_open();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	struct drm_mode_obj_get_properties o = { .obj_id = res.encoders[0], .obj_type = DRM_MODE_OBJECT_ENCODER };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &o), EINVAL);
	uint32_t fb = kms_fb(fd, 64, 64);
	struct drm_mode_obj_get_properties f = { .obj_id = fb, .obj_type = DRM_MODE_OBJECT_ANY };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &f), EINVAL);
}

/* KO2: properties are copied one by one while the count has room; the count is the total. */
TEST(obj_getproperties_partial)
{
	int fd = kms_open();
	kms_set_cap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t ids[2] = { 0, 0xdead };
	uint64_t vals[2] = { 0, 0xdead };
	struct drm_mode_obj_get_properties o = { .obj_id = res.crtcs[0], .obj_type = DRM_MODE_OBJECT_CRTC,
						 .count_props = 1, .props_ptr = (uintptr_t)ids,
						 .prop_values_ptr = (uintptr_t)vals };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &o));
	ASSERT(o.count_props >= 2);	/* ACTIVE and MODE_ID at least */
	ASSERT(ids[0] != 0);
	ASSERT_EQ(ids[1], 0xdead);
	ASSERT_EQ(vals[1], 0xdead);
}

/* KF1: flags other than INTERLACED and MODIFIERS are EINVAL. */
TEST(addfb2_bad_flags)
{
	int fd = kms_open();
	uint32_t pitch, h = kms_dumb(fd, 64, 64, &pitch);
	struct drm_mode_fb_cmd2 f = { .width = 64, .height = 64, .pixel_format = DRM_FORMAT_XRGB8888,
				      .flags = 1u << 7, .handles = { h }, .pitches = { pitch } };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f), EINVAL);
}

/* KF2: a width or height past the mode config's maximum is EINVAL. */
TEST(addfb2_too_large)
{
	int fd = kms_open();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t pitch, h = kms_dumb(fd, 64, 64, &pitch);
	struct drm_mode_fb_cmd2 f = { .width = res.max_width + 1, .height = 64, .pixel_format = DRM_FORMAT_XRGB8888,
				      .handles = { h }, .pitches = { (res.max_width + 1) * 4 } };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f), EINVAL);
}

/* KF3: an unknown format, a zero handle, or a pitch under width * cpp is EINVAL. */
TEST(addfb2_bad_format_handle_pitch)
{
	int fd = kms_open();
	uint32_t pitch, h = kms_dumb(fd, 64, 64, &pitch), fb;
	struct drm_mode_fb_cmd2 f = { .width = 64, .height = 64, .pixel_format = 0x20202020,
				      .handles = { h }, .pitches = { pitch } };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f), EINVAL);
	ASSERT_ERRNO(kms_addfb2(fd, 64, 64, 0, pitch, &fb), EINVAL);
	ASSERT_ERRNO(kms_addfb2(fd, 64, 64, h, 64 * 4 - 4, &fb), EINVAL);
}

/* KF4: a modifier without DRM_MODE_FB_MODIFIERS is EINVAL. */
TEST(addfb2_modifier_without_flag)
{
	int fd = kms_open();
	uint32_t pitch, h = kms_dumb(fd, 64, 64, &pitch);
	struct drm_mode_fb_cmd2 f = { .width = 64, .height = 64, .pixel_format = DRM_FORMAT_XRGB8888,
				      .handles = { h }, .pitches = { pitch }, .modifier = { 1 } };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f), EINVAL);
}

/* KF5: with DRM_MODE_FB_MODIFIERS, a handle for a plane the format lacks is EINVAL. */
TEST(addfb2_unused_plane_handle)
{
	int fd = kms_open();
	uint32_t pitch, h = kms_dumb(fd, 64, 64, &pitch);
	struct drm_mode_fb_cmd2 f = { .width = 64, .height = 64, .pixel_format = DRM_FORMAT_XRGB8888,
				      .flags = DRM_MODE_FB_MODIFIERS, .handles = { h, h }, .pitches = { pitch } };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f), EINVAL);
}

/* KF6: ADDFB's bpp/depth must name a format. */
TEST(addfb_bad_depth)
{
	int fd = kms_open();
	uint32_t pitch, h = kms_dumb(fd, 64, 64, &pitch);
	struct drm_mode_fb_cmd f = { .width = 64, .height = 64, .bpp = 32, .depth = 17, .pitch = pitch, .handle = h };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ADDFB, &f), EINVAL);
	f.depth = 24;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_ADDFB, &f));
	ASSERT(f.fb_id != 0);
}

/* KF14 (core part): a handle the caller's file does not have is ENOENT. */
TEST(addfb2_unknown_handle)
{
	int fd = kms_open();
	uint32_t fb;
	ASSERT_ERRNO(kms_addfb2(fd, 64, 64, 0x7ffff, 256, &fb), ENOENT);
}

/* KF7: RMFB of another file's framebuffer is ENOENT, and leaves it alive. */
TEST(rmfb_foreign_enoent)
{
	int a = kms_open(), b = open_primary();
	uint32_t fb = kms_fb(a, 64, 64);
	ASSERT_ERRNO(ioctl(b, DRM_IOCTL_MODE_RMFB, &fb), ENOENT);
	struct drm_mode_fb_cmd f = { .fb_id = fb };
	ASSERT_OK(ioctl(b, DRM_IOCTL_MODE_GETFB, &f));	/* any file may look it up */
	ASSERT_OK(ioctl(a, DRM_IOCTL_MODE_RMFB, &fb));
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_MODE_GETFB, &f), ENOENT);
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_MODE_RMFB, &fb), ENOENT);
}

/* KF8: a file's framebuffers go with it. */
TEST(fb_released_with_file)
{
	int a = kms_open(), b = open_primary();
	uint32_t fb = kms_fb(a, 64, 64);
	close(a);
	struct drm_mode_fb_cmd f = { .fb_id = fb };
	ASSERT_ERRNO(ioctl(b, DRM_IOCTL_MODE_GETFB, &f), ENOENT);
}

/* KF9: GETFB gives a handle to the master; to others without CAP_SYS_ADMIN, handle 0. */
TEST(getfb_handle_master_only)
{
	int m = kms_open_master();
	int other = open_primary();
	uint32_t fb = kms_fb(m, 64, 64);
	struct drm_mode_fb_cmd f = { .fb_id = fb };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_GETFB, &f));
	ASSERT(f.handle != 0);
	ASSERT_EQ(f.width, 64);
	ASSERT_EQ(f.height, 64);
	ASSERT_EQ(f.bpp, 32);
	ASSERT_EQ(f.depth, 24);
	become_unprivileged();
	memset(&f, 0, sizeof(f));
	f.fb_id = fb;
	f.handle = 0x1234;
	ASSERT_OK(ioctl(other, DRM_IOCTL_MODE_GETFB, &f));
	ASSERT_EQ(f.handle, 0);
	ASSERT_EQ(f.width, 64);
	struct drm_mode_fb_cmd2 f2 = { .fb_id = fb };
	ASSERT_OK(ioctl(other, DRM_IOCTL_MODE_GETFB2, &f2));
	ASSERT_EQ(f2.handles[0], 0);
	ASSERT_EQ(f2.pixel_format, DRM_FORMAT_XRGB8888);
}

/* KC2: SETCRTC is for the master only (EACCES). */
TEST(setcrtc_non_master_eacces)
{
	int m = kms_open_master();
	int other = open_primary();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(other, &res));
	ASSERT(!is_master(other));
	(void)m;
	ASSERT_ERRNO(kms_setcrtc(other, res.crtcs[0], 0, NULL, NULL, 0), EACCES);
}

/* KC1, KC9: after SETCRTC, GETCRTC reports the mode and fb, and the connector and encoder
 * name the CRTC. */
TEST(setcrtc_then_getcrtc)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.mode_valid, 1);
	ASSERT_EQ(c.fb_id, fb);
	ASSERT_EQ(c.mode.hdisplay, mode.hdisplay);
	ASSERT_EQ(c.mode.vdisplay, mode.vdisplay);
	ASSERT_EQ(c.mode.clock, mode.clock);
	ASSERT_EQ(c.x, 0);
	struct drm_mode_get_connector gc;
	memset(&gc, 0, sizeof(gc));
	gc.connector_id = conn;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &gc));
	ASSERT(gc.encoder_id != 0);
	struct drm_mode_get_encoder e = { .encoder_id = gc.encoder_id };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &e));
	ASSERT_EQ(e.crtc_id, crtc);
}

/* KC3: SETCRTC with no mode turns the CRTC off; GETCRTC says so and the encoder is free. */
TEST(setcrtc_disable)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	ASSERT_OK(kms_setcrtc(fd, crtc, 0, NULL, NULL, 0));
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.mode_valid, 0);
	ASSERT_EQ(c.fb_id, 0);
	struct drm_mode_get_connector gc;
	memset(&gc, 0, sizeof(gc));
	gc.connector_id = conn;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &gc));
	ASSERT_EQ(gc.encoder_id, 0);
}

/* KC4: x or y past 16 bits is ERANGE. */
TEST(setcrtc_x_erange)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t fb = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	struct drm_mode_crtc c = { .crtc_id = res.crtcs[0], .fb_id = fb, .mode = mode, .mode_valid = 1,
				   .x = 0x10000, .set_connectors_ptr = (uintptr_t)&conn, .count_connectors = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &c), ERANGE);
}

/* KC5: a mode without connectors, or connectors without a mode, is EINVAL. */
TEST(setcrtc_connectors_vs_mode)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t fb = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], fb, &mode, NULL, 0), EINVAL);
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], 0, NULL, &conn, 1), EINVAL);
}

/* KC6: a framebuffer smaller than the mode (at x, y) is ENOSPC. */
TEST(setcrtc_fb_too_small)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t fb = kms_fb(fd, mode.hdisplay, mode.vdisplay - 1);
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], fb, &mode, &conn, 1), ENOSPC);
	uint32_t full = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	struct drm_mode_crtc c = { .crtc_id = res.crtcs[0], .fb_id = full, .mode = mode, .mode_valid = 1, .x = 1,
				   .set_connectors_ptr = (uintptr_t)&conn, .count_connectors = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &c), ENOSPC);
}

/* KC7: a mode whose timings are out of order is EINVAL. */
TEST(setcrtc_bad_mode)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t fb = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	struct drm_mode_modeinfo bad = mode;
	bad.hsync_start = bad.hdisplay - 1;
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], fb, &bad, &conn, 1), EINVAL);
	bad = mode;
	bad.clock = 0;
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], fb, &bad, &conn, 1), EINVAL);
}

/* KC11: an unknown fb with a mode is ENOENT; fb -1 without a current one is EINVAL. */
TEST(setcrtc_bad_fb)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[0], 0, NULL, NULL, 0));
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], 0x7fff0000, &mode, &conn, 1), ENOENT);
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], UINT32_MAX, &mode, &conn, 1), EINVAL);
}

/* KF12: RMFB of the framebuffer on screen takes it off the screen. */
TEST(rmfb_on_screen)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_RMFB, &fb));
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.fb_id, 0);
	struct drm_mode_fb_cmd f = { .fb_id = fb };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETFB, &f), ENOENT);
}

/* KF8, KF12: a file closed with its framebuffer on screen: the framebuffer goes, and the
 * screen no longer shows it. */
TEST(close_with_fb_on_screen)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	close(fd);
	int again = kms_open();
	struct drm_mode_crtc c;
	kms_getcrtc(again, crtc, &c);
	/* Not necessarily 0: with fbdev emulation, the last close puts the console's own
	 * framebuffer back (drm_fb_helper_lastclose). */
	ASSERT(c.fb_id != fb);
	struct drm_mode_fb_cmd f = { .fb_id = fb };
	ASSERT_ERRNO(ioctl(again, DRM_IOCTL_MODE_GETFB, &f), ENOENT);
}

/* The driver has vblank interrupts (WAIT_VBLANK on a CRTC is not EOPNOTSUPP), else SKIP. */
static int vblank_fd(void)
{
	int fd = kms_open_master();
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE;
	if (ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v) && errno == EOPNOTSUPP)
		SKIP_MISSING("the driver has no vblank support");
	return fd;
}

static uint32_t crtc_pipe_bits(uint32_t pipe)
{
	return pipe == 1 ? _DRM_VBLANK_SECONDARY : pipe << _DRM_VBLANK_HIGH_CRTC_SHIFT;
}

/* KV1: WAIT_VBLANK and CRTC_GET_SEQUENCE on a CRTC that is off are EINVAL. */
TEST(vblank_disabled_crtc_einval)
{
	int fd = vblank_fd();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[0], 0, NULL, NULL, 0));
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
	struct drm_crtc_get_sequence s = { .crtc_id = res.crtcs[0] };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s), EINVAL);
}

/* KV2: type bits outside the known ones, and a pipe past the CRTCs, are EINVAL. */
TEST(vblank_bad_type_einval)
{
	int fd = vblank_fd();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | 0x00100000;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | (res.ncrtcs << _DRM_VBLANK_HIGH_CRTC_SHIFT);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | _DRM_VBLANK_SIGNAL;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
}

/* KV3, KV5: a relative wait of n returns at least n vblanks later, on the CRTC the
 * pipe bits name; an absolute wait for a past count returns at once. */
TEST(vblank_relative_wait)
{
	int fd = vblank_fd();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	uint32_t pipe = kms_pipe_of(fd, crtc);
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | crtc_pipe_bits(pipe);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	uint32_t start = v.reply.sequence;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | crtc_pipe_bits(pipe);
	v.request.sequence = 2;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	ASSERT((int32_t)(v.reply.sequence - (start + 2)) >= 0);
	ASSERT(v.reply.tval_sec > 0 || v.reply.tval_usec > 0);
	uint32_t now = v.reply.sequence;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_ABSOLUTE | crtc_pipe_bits(pipe);
	v.request.sequence = now - 1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	ASSERT((int32_t)(v.reply.sequence - now) >= 0);
	struct drm_crtc_get_sequence s = { .crtc_id = crtc };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s));
	ASSERT_EQ(s.active, 1);
	ASSERT(s.sequence >= now && s.sequence_ns > 0);
}

static int page_flip(int fd, uint32_t crtc, uint32_t fb, uint32_t flags, uint64_t user_data)
{
	struct drm_mode_crtc_page_flip f = { .crtc_id = crtc, .fb_id = fb, .flags = flags, .user_data = user_data };
	return ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f);
}

/* One event from the device fd (blocking read), at most 1 s away. */
static void read_event(int fd, struct drm_event_vblank *ev)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ASSERT(poll(&p, 1, 1000) == 1);
	memset(ev, 0, sizeof(*ev));
	ASSERT_EQ(read(fd, ev, sizeof(*ev)), sizeof(*ev));
	ASSERT_EQ(ev->base.length, sizeof(*ev));
}

/* KL6, KV8: a flip with DRM_MODE_PAGE_FLIP_EVENT: GETCRTC shows the new fb, and read(2)
 * returns one FLIP_COMPLETE event with the user data and the CRTC's id. */
TEST(page_flip_event)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	uint32_t next = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	ASSERT_OK(page_flip(fd, crtc, next, DRM_MODE_PAGE_FLIP_EVENT, 0x1234567890ull));
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.fb_id, next);
	struct drm_event_vblank ev;
	read_event(fd, &ev);
	ASSERT_EQ(ev.base.type, DRM_EVENT_FLIP_COMPLETE);
	ASSERT_EQ(ev.user_data, 0x1234567890ull);
	ASSERT_EQ(ev.crtc_id, crtc);
}

/* KL2: a flip on a CRTC that shows nothing (off) is EBUSY. */
TEST(page_flip_crtc_off_ebusy)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[0], 0, NULL, NULL, 0));
	uint32_t fb = kms_fb(fd, 64, 64);
	ASSERT_ERRNO(page_flip(fd, res.crtcs[0], fb, DRM_MODE_PAGE_FLIP_EVENT, 0), EBUSY);
}

/* KL1: unknown flags, both target flags, reserved set: EINVAL; unknown CRTC ENOENT. */
TEST(page_flip_bad_args)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t fb = kms_fb(fd, 64, 64);
	ASSERT_ERRNO(page_flip(fd, res.crtcs[0], fb, 0x80, 0), EINVAL);
	ASSERT_ERRNO(page_flip(fd, res.crtcs[0], fb, DRM_MODE_PAGE_FLIP_TARGET, 0), EINVAL);
	struct drm_mode_crtc_page_flip f = { .crtc_id = res.crtcs[0], .fb_id = fb, .reserved = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f), EINVAL);
	ASSERT_ERRNO(page_flip(fd, res.connectors[0], fb, 0, 0), ENOENT);
}

/* KL3, KL4: the new fb must be known, as large as the plane's source, and of the same format. */
TEST(page_flip_fb_checks)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	ASSERT_ERRNO(page_flip(fd, crtc, 0x7fff0000, 0, 0), ENOENT);
	uint32_t small = kms_fb(fd, mode.hdisplay / 2, mode.vdisplay);
	ASSERT_ERRNO(page_flip(fd, crtc, small, 0, 0), ENOSPC);
	uint32_t pitch, h = kms_dumb(fd, mode.hdisplay, mode.vdisplay, &pitch);
	struct drm_mode_fb_cmd2 f = { .width = mode.hdisplay, .height = mode.vdisplay,
				      .pixel_format = DRM_FORMAT_RGB565, .handles = { h }, .pitches = { pitch } };
	if (ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f) == 0)
		ASSERT_ERRNO(page_flip(fd, crtc, f.fb_id, 0, 0), EINVAL);
}

/* KL7: PAGE_FLIP is for the master only. */
TEST(page_flip_non_master_eacces)
{
	int m = kms_open_master(), other = open_primary();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(m, &mode), fb = 0;
	uint32_t crtc = kms_light(m, conn, &mode, &fb);
	ASSERT_ERRNO(page_flip(other, crtc, fb, 0, 0), EACCES);
}

/* KV9: read(2) returns whole events only: a buffer too small for the first returns 0 and
 * leaves it; O_NONBLOCK with none ready is EAGAIN. */
TEST(read_whole_events)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	ASSERT_OK(fcntl(fd, F_SETFL, O_NONBLOCK));
	char buf[64];
	ASSERT_ERRNO(read(fd, buf, sizeof(buf)), EAGAIN);
	uint32_t next = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	ASSERT_OK(page_flip(fd, crtc, next, DRM_MODE_PAGE_FLIP_EVENT, 7));
	ASSERT_OK(fcntl(fd, F_SETFL, 0));
	struct drm_event_vblank ev;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ASSERT(poll(&p, 1, 1000) == 1);
	usleep(100000);	/* past the flip's vblank */
	ASSERT_EQ(read(fd, buf, 16), 0);
	read_event(fd, &ev);
	ASSERT_EQ(ev.user_data, 7);
}

/* KV6: WAIT_VBLANK with _DRM_VBLANK_EVENT returns at once; the VBLANK event carries the
 * signal value and the sequence the reply named. */
TEST(vblank_event)
{
	int fd = vblank_fd();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	uint32_t pipe = kms_pipe_of(fd, crtc);
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | _DRM_VBLANK_EVENT | crtc_pipe_bits(pipe);
	v.request.sequence = 2;
	v.request.signal = 0xabcdef;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	uint32_t target = v.reply.sequence;
	struct drm_event_vblank ev;
	read_event(fd, &ev);
	ASSERT_EQ(ev.base.type, DRM_EVENT_VBLANK);
	ASSERT_EQ(ev.user_data, 0xabcdef);
	ASSERT_EQ(ev.sequence, target);
	ASSERT_EQ(ev.crtc_id, crtc);
}

/* KV10: CRTC_QUEUE_SEQUENCE: unknown flags EINVAL, a CRTC that is off EINVAL; an event
 * of type CRTC_SEQUENCE with the user data at the sequence returned. */
TEST(queue_sequence)
{
	int fd = vblank_fd();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	struct drm_crtc_queue_sequence q = { .crtc_id = crtc, .flags = 0x100 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_CRTC_QUEUE_SEQUENCE, &q), EINVAL);
	q.flags = DRM_CRTC_SEQUENCE_RELATIVE;
	q.sequence = 1;
	q.user_data = 42;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_QUEUE_SEQUENCE, &q));
	struct drm_event_crtc_sequence ev;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ASSERT(poll(&p, 1, 1000) == 1);
	ASSERT_EQ(read(fd, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_EQ(ev.base.type, DRM_EVENT_CRTC_SEQUENCE);
	ASSERT_EQ(ev.user_data, 42);
	ASSERT_EQ(ev.sequence, q.sequence);
	ASSERT(ev.time_ns > 0);
	ASSERT_OK(kms_setcrtc(fd, crtc, 0, NULL, NULL, 0));
	q.sequence = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_CRTC_QUEUE_SEQUENCE, &q), EINVAL);
}

static void queue_vblank_event(int fd, uint32_t pipe, uint32_t n, uint64_t signal)
{
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | _DRM_VBLANK_EVENT | crtc_pipe_bits(pipe);
	v.request.sequence = n;
	v.request.signal = signal;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
}

/* KV11: the fd polls readable exactly while an event is ready: not while it is pending,
 * within the vblank once it comes (nobody reading or calling meanwhile), and no more
 * once read. */
TEST(poll_readable_while_event_ready)
{
	int fd = vblank_fd();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t pipe = kms_pipe_of(fd, kms_light(fd, conn, &mode, &fb));
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ASSERT_EQ(poll(&p, 1, 0), 0);
	queue_vblank_event(fd, pipe, 3, 1);
	ASSERT_EQ(poll(&p, 1, 0), 0);
	ASSERT_EQ(poll(&p, 1, 1000), 1);
	ASSERT(p.revents & POLLIN);
	ASSERT_EQ(poll(&p, 1, 0), 1);	/* level: still ready until read */
	struct drm_event_vblank ev;
	ASSERT_EQ(read(fd, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_EQ(ev.user_data, 1);
	ASSERT_EQ(poll(&p, 1, 0), 0);
}

/* KV12: epoll waits for events as a display server's main loop does: two events apart
 * wake it twice, each read in turn. They are 29 vblanks (about half a second) apart, so that
 * the second is not due yet when the first has been read, even on a loaded machine. */
TEST(epoll_wakes_for_each_event)
{
	int fd = vblank_fd();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t pipe = kms_pipe_of(fd, kms_light(fd, conn, &mode, &fb));
	int ep = epoll_create1(EPOLL_CLOEXEC);
	ASSERT(ep >= 0);
	struct epoll_event e = { .events = EPOLLIN, .data.u32 = 7 };
	ASSERT_OK(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e));
	queue_vblank_event(fd, pipe, 1, 10);
	queue_vblank_event(fd, pipe, 30, 11);
	for (uint64_t want = 10; want <= 11; want++) {
		struct epoll_event got;
		ASSERT_EQ(epoll_wait(ep, &got, 1, 2000), 1);
		ASSERT_EQ(got.data.u32, 7);
		struct drm_event_vblank ev;
		ASSERT_EQ(read(fd, &ev, sizeof(ev)), sizeof(ev));
		ASSERT_EQ(ev.user_data, want);
		if (want == 10)
			ASSERT_EQ(epoll_wait(ep, &got, 1, 0), 0);
	}
	close(ep);
}

TEST_MAIN(T(getresources_counts_without_arrays), T(getresources_copies_when_room), T(getresources_lists_own_fbs),
	  T(render_node_eacces), T(unknown_id_enoent), T(wrong_type_enoent), T(getconnector_modes_all_or_nothing),
	  T(getconnector_atomic_props_hidden), T(planeresources_universal_cap), T(getplane_formats_all_or_nothing),
	  T(getproperty_enum), T(getproperty_blob), T(getpropblob_length), T(obj_getproperties_no_props_einval),
	  T(obj_getproperties_partial), T(addfb2_bad_flags), T(addfb2_too_large), T(addfb2_bad_format_handle_pitch),
	  T(addfb2_modifier_without_flag), T(addfb2_unused_plane_handle), T(addfb_bad_depth), T(addfb2_unknown_handle),
	  T(rmfb_foreign_enoent), T(fb_released_with_file), T(getfb_handle_master_only), T(setcrtc_non_master_eacces),
	  T(setcrtc_then_getcrtc), T(setcrtc_disable), T(setcrtc_x_erange), T(setcrtc_connectors_vs_mode),
	  T(setcrtc_fb_too_small), T(setcrtc_bad_mode), T(setcrtc_bad_fb), T(rmfb_on_screen),
	  T(close_with_fb_on_screen), T(vblank_disabled_crtc_einval), T(vblank_bad_type_einval),
	  T(vblank_relative_wait), T(page_flip_event), T(page_flip_crtc_off_ebusy), T(page_flip_bad_args),
	  T(page_flip_fb_checks), T(page_flip_non_master_eacces), T(read_whole_events), T(vblank_event),
	  T(queue_sequence), T(poll_readable_while_event_ready),
	  T(epoll_wakes_for_each_event))
