/* SPDX-License-Identifier: MIT */
/*
 * What the i915 driver decides about its display (uapi-conformance §8b, the
 * i915 rows): the pipes and planes of each generation, the HDMI output of
 * the emulated model with its EDID and modes, the IN_FORMATS blobs,
 * intel_framebuffer_init's checks (tiling against the modifier, pitch
 * alignment and limit, offsets, object size), intel_mode_valid, the primary
 * plane's formats, what RMFB of the framebuffer on screen leaves on, DIRTYFB,
 * the vblank clock's rate, and implicit fencing (a flip, an atomic commit or
 * SETCRTC waits for the rendering to its framebuffer: gen8+ spinner batches). Skips on other drivers; the 1920x1080
 * preferred mode and HDMI-A-1 are the shim's virtual sink, so those cases
 * skip on real hardware (another monitor).
 */
#include "config.h"

#include "tests/i915/i915_test.h"
#include "tests/ioctl/kms_util.h"

#include <poll.h>
#include <time.h>

static int open_i915_kms(bool master)
{
	int fd = master ? kms_open_master() : kms_open();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	return fd;
}

static void require_shim_sink(void)
{
	if (!shim_present())
		SKIP_MISSING("the virtual HDMI sink is the shim's");
}

static uint32_t planes_of(int fd, uint32_t *ids, uint32_t max)
{
	kms_set_cap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	struct drm_mode_get_plane_res r = { .count_planes = max, .plane_id_ptr = (uintptr_t)ids };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	ASSERT(r.count_planes <= max);
	return r.count_planes;
}

/* KD1: 2 pipes before Ivy Bridge, 3 after; per pipe a primary, a cursor and the sprites
 * (none on gen3/4, one from Sandy Bridge to Skylake, six on Ice Lake). */
TEST(pipes_and_planes)
{
	int fd = open_i915_kms(false);
	int gen = i915_gen(fd);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_EQ(res.ncrtcs, gen >= 7 ? 3 : 2);
	uint32_t ids[64], n = planes_of(fd, ids, 64);
	unsigned sprites = gen >= 11 ? 6 : gen >= 5 ? 1 : 0;
	for (uint32_t pipe = 0; pipe < res.ncrtcs; pipe++) {
		unsigned count[3] = { 0, 0, 0 };
		for (uint32_t i = 0; i < n; i++) {
			struct drm_mode_get_plane p = { .plane_id = ids[i] };
			ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
			if (p.possible_crtcs != (1u << pipe))
				continue;
			uint64_t type = 9;
			ASSERT(kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type", &type, NULL));
			ASSERT(type < 3);
			count[type]++;
		}
		ASSERT_EQ(count[1], 1);
		ASSERT_EQ(count[2], 1);
		ASSERT_EQ(count[0], sprites);
	}
	ASSERT_EQ(res.max_width, gen >= 7 ? 16384 : gen >= 4 ? 8192 : 4096);
}

/* KD2: the sink: HDMI-A-1, connected, 1920x1080@60 preferred first, 1024x768@60 among the modes. */
TEST(hdmi_connector_modes)
{
	require_shim_sink();
	int fd = open_i915_kms(false);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_EQ(res.nconnectors, 1);
	struct drm_mode_modeinfo modes[64];
	uint32_t enc = 0, connection = 0;
	uint32_t n = kms_connector_modes(fd, res.connectors[0], modes, 64, &enc, &connection);
	ASSERT_EQ(connection, 1);
	struct drm_mode_get_connector c = { .connector_id = res.connectors[0] };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c));
	ASSERT_EQ(c.connector_type, DRM_MODE_CONNECTOR_HDMIA);
	ASSERT_EQ(c.connector_type_id, 1);
	ASSERT(c.mm_width > 0 && c.mm_height > 0);
	ASSERT(n >= 2);
	ASSERT_EQ(modes[0].hdisplay, 1920);
	ASSERT_EQ(modes[0].vdisplay, 1080);
	ASSERT_EQ(modes[0].vrefresh, 60);
	ASSERT(modes[0].type & DRM_MODE_TYPE_PREFERRED);
	ASSERT_STREQ(modes[0].name, "1920x1080");
	bool xga = false;
	for (uint32_t i = 0; i < n; i++)
		xga |= modes[i].hdisplay == 1024 && modes[i].vdisplay == 768 && modes[i].vrefresh == 60;
	ASSERT(xga);
	struct drm_mode_get_encoder e = { .encoder_id = enc };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &e));
	ASSERT_EQ(e.encoder_type, DRM_MODE_ENCODER_TMDS);
	ASSERT_EQ(e.possible_crtcs, (1u << res.ncrtcs) - 1);
}

/* KD3: the EDID's detailed timing is the preferred mode, and the block's checksum holds. */
TEST(edid_preferred_timing)
{
	require_shim_sink();
	int fd = open_i915_kms(false);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint64_t blob = 0;
	ASSERT(kms_prop(fd, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "EDID", &blob, NULL));
	unsigned char e[128];
	struct drm_mode_get_blob b = { .blob_id = (uint32_t)blob, .length = 128, .data = (uintptr_t)e };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &b));
	ASSERT_EQ(b.length, 128);
	unsigned char sum = 0;
	for (int i = 0; i < 128; i++)
		sum += e[i];
	ASSERT_EQ(sum, 0);
	ASSERT_EQ((e[54] | e[55] << 8) * 10, 148500);	/* pixel clock, 10 kHz units */
	ASSERT_EQ(e[56] | (e[58] >> 4) << 8, 1920);
	ASSERT_EQ(e[59] | (e[61] >> 4) << 8, 1080);
	ASSERT(e[36] & 0x08);				/* 1024x768@60 established */
}

/* KD4: each plane's IN_FORMATS blob lists the formats GETPLANE gives, with LINEAR among its
 * modifiers (and X tiling for all but the cursor). */
TEST(in_formats_blob)
{
	int fd = open_i915_kms(false);
	uint32_t ids[64], n = planes_of(fd, ids, 64);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t blob = 0, type = 0;
		ASSERT(kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "IN_FORMATS", &blob, NULL));
		ASSERT(kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type", &type, NULL));
		unsigned char data[4096];
		struct drm_mode_get_blob b = { .blob_id = (uint32_t)blob };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &b));
		ASSERT(b.length <= sizeof(data));
		b.data = (uintptr_t)data;
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &b));
		struct drm_format_modifier_blob h;
		memcpy(&h, data, sizeof(h));
		ASSERT_EQ(h.version, FORMAT_BLOB_CURRENT);
		uint32_t formats[64];
		struct drm_mode_get_plane p = { .plane_id = ids[i], .count_format_types = 64,
						.format_type_ptr = (uintptr_t)formats };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
		ASSERT_EQ(h.count_formats, p.count_format_types);
		ASSERT(!memcmp(data + h.formats_offset, formats, 4 * h.count_formats));
		bool linear = false, x = false;
		for (uint32_t m = 0; m < h.count_modifiers; m++) {
			struct drm_format_modifier fm;
			memcpy(&fm, data + h.modifiers_offset + m * sizeof(fm), sizeof(fm));
			linear |= fm.modifier == DRM_FORMAT_MOD_LINEAR && fm.formats != 0;
			x |= fm.modifier == I915_FORMAT_MOD_X_TILED;
		}
		ASSERT(linear);
		ASSERT_EQ(x, type != 2);
	}
}

static uint32_t tiled_object(int fd, uint32_t tiling, uint32_t stride, uint64_t size)
{
	uint32_t h = gem_create(fd, size);
	struct drm_i915_gem_set_tiling t = { .handle = h, .tiling_mode = tiling, .stride = stride };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t));
	if (t.tiling_mode != tiling)
		SKIP_MISSING("tiling %u not available", tiling);
	return h;
}

static int addfb2_mod(int fd, uint32_t w, uint32_t hgt, uint32_t format, uint32_t handle, uint32_t pitch,
		      uint32_t offset, bool modifiers, uint64_t modifier, uint32_t *fb)
{
	struct drm_mode_fb_cmd2 f = { .width = w, .height = hgt, .pixel_format = format,
				      .flags = modifiers ? DRM_MODE_FB_MODIFIERS : 0, .handles = { handle },
				      .pitches = { pitch }, .offsets = { offset }, .modifier = { modifier } };
	int r = ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f);
	if (!r && fb)
		*fb = f.fb_id;
	return r;
}

/* KF15: an X-tiled object: ADDFB without modifiers means X; a LINEAR modifier is EINVAL. */
TEST(addfb_x_tiled_object)
{
	int fd = open_i915_kms(false);
	uint32_t h = tiled_object(fd, I915_TILING_X, 4096, 1 << 20);
	uint32_t fb = 0;
	ASSERT_OK(addfb2_mod(fd, 1024, 64, DRM_FORMAT_XRGB8888, h, 4096, 0, false, 0, &fb));
	struct drm_mode_fb_cmd2 g = { .fb_id = fb };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETFB2, &g));
	ASSERT_EQ(g.pitches[0], 4096);
	ASSERT_ERRNO(addfb2_mod(fd, 1024, 64, DRM_FORMAT_XRGB8888, h, 4096, 0, true, DRM_FORMAT_MOD_LINEAR, NULL),
		     EINVAL);
	ASSERT_OK(addfb2_mod(fd, 1024, 64, DRM_FORMAT_XRGB8888, h, 4096, 0, true, I915_FORMAT_MOD_X_TILED, NULL));
}

/* KF15: a fenced object's stride is the pitch (KF18); a Y-tiled one cannot be a legacy fb. */
TEST(addfb_tiled_stride_and_y)
{
	int fd = open_i915_kms(false);
	uint32_t h = tiled_object(fd, I915_TILING_X, 8192, 1 << 20);
	ASSERT_ERRNO(addfb2_mod(fd, 1024, 64, DRM_FORMAT_XRGB8888, h, 4096, 0, false, 0, NULL), EINVAL);
	uint32_t y = tiled_object(fd, I915_TILING_Y, 4096, 1 << 20);
	ASSERT_ERRNO(addfb2_mod(fd, 1024, 64, DRM_FORMAT_XRGB8888, y, 4096, 0, false, 0, NULL), EINVAL);
}

/* KF16: the Y modifier only from Skylake (no earlier plane scans it out). */
TEST(addfb2_y_modifier_by_gen)
{
	int fd = open_i915_kms(false);
	uint32_t h = gem_create(fd, 1 << 20);
	int r = addfb2_mod(fd, 1024, 64, DRM_FORMAT_XRGB8888, h, 4096, 0, true, I915_FORMAT_MOD_Y_TILED, NULL);
	int err = errno;
	if (i915_gen(fd) >= 9) {
		ASSERT_EQ(r, 0);
	} else {
		ASSERT_EQ(r, -1);
		ASSERT_EQ(err, EINVAL);
	}
}

/* KF19: a linear pitch not a multiple of 64 is EINVAL. */
TEST(addfb2_pitch_alignment)
{
	int fd = open_i915_kms(false);
	uint32_t h = gem_create(fd, 1 << 20);
	ASSERT_ERRNO(addfb2_mod(fd, 64, 64, DRM_FORMAT_XRGB8888, h, 64 * 4 + 4, 0, false, 0, NULL), EINVAL);
	ASSERT_OK(addfb2_mod(fd, 64, 64, DRM_FORMAT_XRGB8888, h, 64 * 4 + 64, 0, false, 0, NULL));
}

/* KF17: a pitch past intel_fb_max_stride is EINVAL. */
TEST(addfb2_pitch_limit)
{
	int fd = open_i915_kms(false);
	int gen = i915_gen(fd);
	uint32_t max = gen >= 7 ? 256 * 1024 : gen >= 4 ? 128 * 1024 : 16 * 1024;
	uint32_t h = gem_create(fd, 4ull * max);
	ASSERT_OK(addfb2_mod(fd, 64, 2, DRM_FORMAT_XRGB8888, h, max, 0, false, 0, NULL));
	ASSERT_ERRNO(addfb2_mod(fd, 64, 2, DRM_FORMAT_XRGB8888, h, max + 4096, 0, false, 0, NULL), EINVAL);
}

/* KF20: an object smaller than pitch x height is EINVAL; a non-zero offset too. */
TEST(addfb2_object_too_small)
{
	int fd = open_i915_kms(false);
	uint32_t h = gem_create(fd, 64 * 256);
	ASSERT_OK(addfb2_mod(fd, 64, 64, DRM_FORMAT_XRGB8888, h, 256, 0, false, 0, NULL));
	ASSERT_ERRNO(addfb2_mod(fd, 64, 65, DRM_FORMAT_XRGB8888, h, 256, 0, false, 0, NULL), EINVAL);
	ASSERT_ERRNO(addfb2_mod(fd, 64, 32, DRM_FORMAT_XRGB8888, h, 256, 4096, false, 0, NULL), EINVAL);
}

/* KC8: SETCRTC with a format the primary plane lacks (ARGB8888 before Skylake) is EINVAL. */
TEST(setcrtc_primary_format)
{
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t pitch, h = kms_dumb(fd, mode.hdisplay, mode.vdisplay, &pitch), fb = 0;
	ASSERT_OK(addfb2_mod(fd, mode.hdisplay, mode.vdisplay, DRM_FORMAT_ARGB8888, h, pitch, 0, false, 0, &fb));
	int r = kms_setcrtc(fd, res.crtcs[0], fb, &mode, &conn, 1), err = errno;
	if (i915_gen(fd) >= 9) {
		ASSERT_EQ(r, 0);
	} else {
		ASSERT_EQ(r, -1);
		ASSERT_EQ(err, EINVAL);
	}
}

/* KC10: intel_mode_valid: no hsync front porch (from gen5), or a blank under 32 pixels. */
TEST(setcrtc_mode_valid)
{
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t fb = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	struct drm_mode_modeinfo bad = mode;
	bad.htotal = bad.hdisplay + 16;
	bad.hsync_end = bad.hsync_start = bad.hdisplay + 8;
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], fb, &bad, &conn, 1), EINVAL);
	bad = mode;
	bad.flags |= DRM_MODE_FLAG_DBLSCAN;
	ASSERT_ERRNO(kms_setcrtc(fd, res.crtcs[0], fb, &bad, &conn, 1), EINVAL);
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[0], fb, &mode, &conn, 1));
}

/* KF12 (i915): RMFB of the framebuffer on screen turns the plane off; the CRTC stays on,
 * since i915 accepts an active CRTC without its primary plane. */
TEST(rmfb_on_screen_crtc_stays_on)
{
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_RMFB, &fb));
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.fb_id, 0);
	ASSERT_EQ(c.mode_valid, 1);
}

/* KF13: DIRTYFB: master only; ENOENT for no fb; clips and their pointer go together; i915 says 0. */
TEST(dirtyfb)
{
	int fd = open_i915_kms(true), other = open_primary();
	uint32_t fb = kms_fb(fd, 64, 64);
	struct drm_mode_fb_dirty_cmd d = { .fb_id = fb };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_DIRTYFB, &d));
	ASSERT_ERRNO(ioctl(other, DRM_IOCTL_MODE_DIRTYFB, &d), EACCES);
	d.num_clips = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_DIRTYFB, &d), EINVAL);
	struct drm_clip_rect clip = { 0, 0, 8, 8 };
	d.clips_ptr = (uintptr_t)&clip;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_DIRTYFB, &d));
	d.fb_id = 0x7fff0000;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_DIRTYFB, &d), ENOENT);
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* KV4: vblanks come at the mode's refresh rate: 6 of them at 60 Hz take about 100 ms, and
 * GET_SEQUENCE's timestamps are a frame apart. */
TEST(vblank_rate)
{
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	uint32_t pipe = kms_pipe_of(fd, crtc);
	uint64_t frame = (uint64_t)mode.htotal * mode.vtotal * 1000000ull / mode.clock;
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | (pipe << _DRM_VBLANK_HIGH_CRTC_SHIFT);
	v.request.sequence = 1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	uint32_t start = v.reply.sequence;
	uint64_t t0 = now_ns();
	v.request.type = _DRM_VBLANK_ABSOLUTE | (pipe << _DRM_VBLANK_HIGH_CRTC_SHIFT);
	v.request.sequence = start + 6;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	uint64_t took = now_ns() - t0;
	ASSERT_EQ(v.reply.sequence, start + 6);
	ASSERT(took > 5 * frame && took < 12 * frame);
	struct drm_crtc_get_sequence s1 = { .crtc_id = crtc }, s2 = { .crtc_id = crtc };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s1));
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | (pipe << _DRM_VBLANK_HIGH_CRTC_SHIFT);
	v.request.sequence = 1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s2));
	uint64_t d = (uint64_t)(s2.sequence_ns - s1.sequence_ns) / (s2.sequence - s1.sequence);
	ASSERT(d > frame - frame / 100 && d < frame + frame / 100);
}

/* KV4: a new mode on a lit CRTC keeps its count going: no jump, no step back. */
TEST(vblank_count_across_mode_change)
{
	require_shim_sink();
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo modes[64];
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t conn = res.connectors[0];
	uint32_t n = kms_connector_modes(fd, conn, modes, 64, NULL, NULL);
	ASSERT(n >= 2);
	uint32_t fb = kms_fb(fd, modes[0].hdisplay, modes[0].vdisplay);
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[0], fb, &modes[0], &conn, 1));
	usleep(100000);
	struct drm_crtc_get_sequence s1 = { .crtc_id = res.crtcs[0] }, s2 = s1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s1));
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[0], fb, &modes[n - 1], &conn, 1));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s2));
	ASSERT(s2.sequence >= s1.sequence && s2.sequence <= s1.sequence + 2);
}

/* KV5: the high-crtc bits pick the CRTC: the lit one answers, an unlit one is EINVAL. */
TEST(vblank_high_crtc)
{
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t last = res.ncrtcs - 1;
	uint32_t fb = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	ASSERT_OK(kms_setcrtc(fd, res.crtcs[last], fb, &mode, &conn, 1));
	for (uint32_t i = 0; i < last; i++)
		ASSERT_OK(kms_setcrtc(fd, res.crtcs[i], 0, NULL, NULL, 0));
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | (last << _DRM_VBLANK_HIGH_CRTC_SHIFT);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v));
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
}

/* KL5: a second flip before the first's vblank is EBUSY; once its event came, another flip
 * is accepted. The completion's sequence is the vblank after the flip. */
TEST(page_flip_busy_until_vblank)
{
	int fd = open_i915_kms(true);
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	uint32_t a = kms_fb(fd, mode.hdisplay, mode.vdisplay), b = kms_fb(fd, mode.hdisplay, mode.vdisplay);
	struct drm_crtc_get_sequence s = { .crtc_id = crtc };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s));
	struct drm_mode_crtc_page_flip f = { .crtc_id = crtc, .fb_id = a, .flags = DRM_MODE_PAGE_FLIP_EVENT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f));
	f.fb_id = b;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f), EBUSY);
	struct drm_event_vblank ev;
	ASSERT_EQ(read(fd, &ev, sizeof(ev)), sizeof(ev));	/* blocks until the vblank */
	ASSERT_EQ(ev.base.type, DRM_EVENT_FLIP_COMPLETE);
	ASSERT(ev.sequence >= (uint32_t)s.sequence + 1);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f));
}

/* --- implicit fencing: a commit waits for the rendering to its framebuffer ------------- */

/* The spinners below are gen8 batches (the generations of i915_open_gen8). */
static void require_gen8_batches(int fd)
{
	int family = i915_devid(fd) & 0xff00;
	if (family != 0x1900 && family != 0x1600 && family != 0x8a00)
		SKIP_DEVICE("these batches use gen8+ encodings");
}

/*
 * A batch on the blitter that keeps running (gem_spinner's, jumping to itself) and lists obj
 * with EXEC_OBJECT_WRITE: obj is being rendered to until (*map)[0] = MI_BATCH_BUFFER_END.
 */
static void render_forever(int fd, uint32_t obj, volatile uint32_t **map)
{
	static const uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, spin, sizeof(spin));
	struct drm_i915_gem_mmap m = { .handle = batch, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	*map = (volatile uint32_t *)(uintptr_t)m.addr_ptr;
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = obj, .flags = EXEC_OBJECT_WRITE },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_BLT, 0));
}

/* A lit CRTC (showing *shown) and a framebuffer of the mode's size whose object is being
 * rendered to (*busy, its object *handle); the spinner's map in *spin. */
static uint32_t light_and_render(int fd, uint32_t *conn, struct drm_mode_modeinfo *mode, uint32_t *shown,
				 uint32_t *busy, uint32_t *handle, volatile uint32_t **spin)
{
	*conn = kms_connected(fd, mode);
	uint32_t crtc = kms_light(fd, *conn, mode, shown), pitch = 0;
	*handle = kms_dumb(fd, mode->hdisplay, mode->vdisplay, &pitch);
	ASSERT_OK(kms_addfb2(fd, mode->hdisplay, mode->vdisplay, *handle, pitch, busy));
	render_forever(fd, *handle, spin);
	return crtc;
}

static uint64_t event_ns(const struct drm_event_vblank *ev)
{
	return (uint64_t)ev->tv_sec * 1000000000ull + (uint64_t)ev->tv_usec * 1000ull;
}

/* The flip's completion, which must not come while the rendering goes on (~9 vblanks at
 * 60 Hz), and must come once it ended, stamped with a vblank after that. */
static void expect_completion_after_rendering(int fd, volatile uint32_t *spin, uint32_t handle, uint64_t user_data)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ASSERT_EQ(poll(&p, 1, 150), 0);
	uint64_t ended = now_ns();
	spin[0] = MI_BATCH_BUFFER_END;
	ASSERT_EQ(poll(&p, 1, 5000), 1);
	struct drm_event_vblank ev;
	ASSERT_EQ(read(fd, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_EQ(ev.base.type, DRM_EVENT_FLIP_COMPLETE);
	ASSERT_EQ(ev.user_data, user_data);
	ASSERT(event_ns(&ev) + 1000 >= ended);	/* tv_usec truncates */
	gem_wait(fd, handle);
}

/* KL9: a page flip to a framebuffer still being rendered to is accepted at once (GETCRTC
 * shows it), stays pending (a second flip is EBUSY) until the rendering is done, and
 * completes at a vblank after it: i915's prepare_fb waits for the object's write fence. */
TEST(page_flip_waits_for_rendering)
{
	int fd = open_i915_kms(true);
	require_gen8_batches(fd);
	struct drm_mode_modeinfo mode;
	uint32_t conn, shown, busy, handle;
	volatile uint32_t *spin;
	uint32_t crtc = light_and_render(fd, &conn, &mode, &shown, &busy, &handle, &spin);
	struct drm_mode_crtc_page_flip f = { .crtc_id = crtc, .fb_id = busy, .flags = DRM_MODE_PAGE_FLIP_EVENT,
					     .user_data = 9 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f));
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.fb_id, busy);
	f.fb_id = shown;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f), EBUSY);
	expect_completion_after_rendering(fd, spin, handle, 9);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f));	/* done: the next flip goes */
}

/* KA25: the same for a nonblocking ATOMIC commit of the primary plane's FB_ID without an
 * IN_FENCE_FD. */
TEST(atomic_commit_waits_for_rendering)
{
	int fd = open_i915_kms(true);
	require_gen8_batches(fd);
	struct drm_set_client_cap cap = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &cap));
	struct drm_mode_modeinfo mode;
	uint32_t conn, shown, busy, handle;
	volatile uint32_t *spin;
	uint32_t crtc = light_and_render(fd, &conn, &mode, &shown, &busy, &handle, &spin);
	uint32_t ids[64], n = planes_of(fd, ids, 64), primary = 0, fb_prop = 0, pipe = kms_pipe_of(fd, crtc);
	for (uint32_t i = 0; i < n && !primary; i++) {
		struct drm_mode_get_plane p = { .plane_id = ids[i] };
		uint64_t type = 0;
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
		if ((p.possible_crtcs & (1u << pipe)) && kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type", &type, NULL) &&
		    type == 1 /* DRM_PLANE_TYPE_PRIMARY */)
			primary = ids[i];
	}
	ASSERT(primary && kms_prop(fd, primary, DRM_MODE_OBJECT_PLANE, "FB_ID", NULL, &fb_prop));
	uint32_t count = 1;
	uint64_t value = busy;
	struct drm_mode_atomic a = { .flags = DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT, .count_objs = 1,
				     .objs_ptr = (uintptr_t)&primary, .count_props_ptr = (uintptr_t)&count,
				     .props_ptr = (uintptr_t)&fb_prop, .prop_values_ptr = (uintptr_t)&value,
				     .user_data = 11 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a));
	value = shown;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a), EBUSY);
	expect_completion_after_rendering(fd, spin, handle, 11);
}

/* KC12: SETCRTC (a blocking commit) returns only once the rendering to its framebuffer is
 * done: here another process ends it 150 ms later. */
TEST(setcrtc_waits_for_rendering)
{
	int fd = open_i915_kms(true);
	require_gen8_batches(fd);
	struct drm_mode_modeinfo mode;
	uint32_t conn, shown, busy, handle;
	volatile uint32_t *spin;
	uint32_t crtc = light_and_render(fd, &conn, &mode, &shown, &busy, &handle, &spin);
	uint64_t t0 = now_ns();
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		usleep(150000);
		spin[0] = MI_BATCH_BUFFER_END;	/* the mapping is shared with the parent */
		_exit(0);
	}
	ASSERT_OK(kms_setcrtc(fd, crtc, busy, &mode, &conn, 1));
	uint64_t took = now_ns() - t0;
	int status = 0;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(took >= 140000000ull);
	struct drm_i915_gem_busy b = { .handle = handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT_EQ(b.busy, 0);	/* it waited for the writer, not a guess of time */
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	ASSERT_EQ(c.fb_id, busy);
}

/* KL8: ASYNC flips only where GET_CAP ASYNC_PAGE_FLIP says so. */
TEST(page_flip_async_cap)
{
	int fd = open_i915_kms(true);
	struct drm_get_cap cap = { .capability = DRM_CAP_ASYNC_PAGE_FLIP };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GET_CAP, &cap));
	if (cap.value)
		SKIP("the device has async flips");
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	uint32_t crtc = kms_light(fd, conn, &mode, &fb);
	struct drm_mode_crtc_page_flip f = { .crtc_id = crtc, .fb_id = fb, .flags = DRM_MODE_PAGE_FLIP_ASYNC };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f), EINVAL);
}

/* KI1: GET_PIPE_FROM_CRTC_ID: each CRTC's pipe is its place in GETRESOURCES (the kernel
 * registers them in pipe order); an id that is no CRTC is ENOENT. */
TEST(pipe_from_crtc_id)
{
	int fd = open_i915_kms(false);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	for (uint32_t i = 0; i < res.ncrtcs; i++) {
		struct drm_i915_get_pipe_from_crtc_id p = { .crtc_id = res.crtcs[i], .pipe = 99 };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &p));
		ASSERT_EQ(p.pipe, i);
	}
	struct drm_i915_get_pipe_from_crtc_id bad = { .crtc_id = res.connectors[0] };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &bad), ENOENT);
	bad.crtc_id = 0;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &bad), ENOENT);
}

TEST_MAIN(T(pipes_and_planes), T(hdmi_connector_modes), T(edid_preferred_timing), T(in_formats_blob),
	  T(addfb_x_tiled_object), T(addfb_tiled_stride_and_y), T(addfb2_y_modifier_by_gen),
	  T(addfb2_pitch_alignment), T(addfb2_pitch_limit), T(addfb2_object_too_small),
	  T(setcrtc_primary_format), T(setcrtc_mode_valid), T(rmfb_on_screen_crtc_stays_on), T(dirtyfb),
	  T(vblank_rate), T(vblank_count_across_mode_change), T(vblank_high_crtc), T(page_flip_busy_until_vblank),
	  T(page_flip_waits_for_rendering), T(atomic_commit_waits_for_rendering), T(setcrtc_waits_for_rendering),
	  T(page_flip_async_cap), T(pipe_from_crtc_id))
