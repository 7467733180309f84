/* SPDX-License-Identifier: MIT */
/*
 * DOC: the virtual HDMI sink (the kernel's intel_hdmi.c, with drm_edid.c's
 * parsing done ahead of time)
 *
 * One output, HDMI-A-1 on a TMDS encoder, connected. HDMI and not DP: every
 * emulated generation has an HDMI connector (through SDVO on the 945G and
 * 965G, which have no DP), so one output serves all models alike.
 *
 * The sink's EDID (1.3, no extension block) is built here: a 1920x1080@60
 * detailed timing (preferred), the established 640x480, 800x600 and
 * 1024x768 @60, and the standard 1280x1024, 1440x900 and 1280x720 @60; no
 * range descriptor and no GTF bit, so the kernel would infer no more modes.
 * The connector's modes are the ones the kernel's EDID parser finds in it
 * (their DMT timings), in drm_mode_sort's order. The EDID blob and the
 * objects live as long as the instance. Device lock held; calls the core's
 * mode-object calls only.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "i915/display/intel_display.h"

#define EDID_WIDTH_CM 53
#define EDID_HEIGHT_CM 30

static void edid_build(uint8_t e[128])
{
	static const uint8_t head[] = {
		0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00,
		0x4d, 0x0d,			/* "SHM" */
		0x01, 0x00, 0x01, 0x00, 0x00, 0x00,	/* product 1, serial 1 */
		1, 32,				/* week 1 of 2022 */
		0x01, 0x03,			/* EDID 1.3 */
		0x80, EDID_WIDTH_CM, EDID_HEIGHT_CM, 0x78,	/* digital, 53x30 cm, gamma 2.2 */
		0x0a,				/* RGB colour; preferred timing in the first descriptor */
		0xee, 0x91, 0xa3, 0x54, 0x4c, 0x99, 0x26, 0x0f, 0x50, 0x54,	/* sRGB chromaticity */
		0x21, 0x08, 0x00,		/* 640x480@60, 800x600@60; 1024x768@60 */
		0x81, 0x80, 0x95, 0x00, 0x81, 0xc0,	/* 1280x1024, 1440x900, 1280x720 @60 */
		0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
	};
	/* 1920x1080@60 (CEA-861 timing): 148.5 MHz, h 1920+88+44+148, v 1080+4+5+36, +h +v */
	static const uint8_t dtd[18] = {
		0x02, 0x3a, 0x80, 0x18, 0x71, 0x38, 0x2d, 0x40, 0x58, 0x2c, 0x45, 0x00,
		0x12, 0x2c, 0x21, 0x00, 0x00, 0x1e,
	};
	memset(e, 0, 128);
	memcpy(e, head, sizeof(head));
	memcpy(e + 54, dtd, sizeof(dtd));
	static const uint8_t name[18] = { 0, 0, 0, 0xfc, 0, 'S', 'H', 'I', 'M', ' ', 'H', 'D', 'M', 'I', '\n', ' ', ' ', ' ' };
	static const uint8_t serial[18] = { 0, 0, 0, 0xff, 0, '0', '0', '0', '1', '\n', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ' };
	memcpy(e + 72, name, 18);
	memcpy(e + 90, serial, 18);
	e[108 + 3] = 0x10;			/* dummy descriptor */
	e[126] = 0;				/* no extension blocks */
	uint8_t sum = 0;
	for (int i = 0; i < 127; i++)
		sum += e[i];
	e[127] = (uint8_t)(0x100 - sum);
}

struct timing {
	uint32_t clock;
	uint16_t h[4], v[4];
	uint32_t flags, type;
};

/* The modes of the EDID above, as drm_add_edid_modes finds them, sorted. */
static const struct timing edid_modes[] = {
	{ 148500, { 1920, 2008, 2052, 2200 }, { 1080, 1084, 1089, 1125 },
	  DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC, DRM_MODE_TYPE_DRIVER | DRM_MODE_TYPE_PREFERRED },
	{ 108000, { 1280, 1328, 1440, 1688 }, { 1024, 1025, 1028, 1066 },
	  DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC, DRM_MODE_TYPE_DRIVER },
	{ 106500, { 1440, 1520, 1672, 1904 }, { 900, 903, 909, 934 },
	  DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_PVSYNC, DRM_MODE_TYPE_DRIVER },
	{ 74250, { 1280, 1390, 1430, 1650 }, { 720, 725, 730, 750 },
	  DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC, DRM_MODE_TYPE_DRIVER },
	{ 65000, { 1024, 1048, 1184, 1344 }, { 768, 771, 777, 806 },
	  DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_NVSYNC, DRM_MODE_TYPE_DRIVER },
	{ 40000, { 800, 840, 968, 1056 }, { 600, 601, 605, 628 },
	  DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC, DRM_MODE_TYPE_DRIVER },
	{ 25175, { 640, 656, 752, 800 }, { 480, 490, 492, 525 },
	  DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_NVSYNC, DRM_MODE_TYPE_DRIVER },
};

int intel_hdmi_init(struct shim_device *dev, struct shim_mode_config *mc)
{
	struct shim_mode_encoder *enc = &mc->encoders[0];
	struct shim_mode_connector *conn = &mc->connectors[0];
	enc->index = 0;
	enc->type = DRM_MODE_ENCODER_TMDS;
	enc->possible_crtcs = (1u << intel_num_pipes(dev->model)) - 1;
	enc->possible_clones = 1u << enc->index;	/* itself only */
	enc->id = shim_mode_object_add(dev, shim_off_of(enc), SHIM_MODE_ENCODER);
	mc->nencoders = 1;

	conn->index = 0;
	conn->type = DRM_MODE_CONNECTOR_HDMIA;
	conn->type_id = 1;
	conn->status = 1;	/* connector_status_connected */
	conn->mm_width = EDID_WIDTH_CM * 10;	/* drm_add_display_info: the EDID's cm */
	conn->mm_height = EDID_HEIGHT_CM * 10;
	conn->subpixel = 0;	/* SubPixelUnknown: no EDID field says otherwise */
	conn->encoder = 0;
	conn->dpms = DRM_MODE_DPMS_OFF;
	conn->link_status = DRM_MODE_LINK_STATUS_GOOD;
	conn->id = shim_mode_object_add(dev, shim_off_of(conn), SHIM_MODE_CONNECTOR);
	mc->nconnectors = 1;

	uint8_t edid[128];
	edid_build(edid);
	conn->edid = shim_mode_blob_create(dev, edid, sizeof(edid));
	for (unsigned i = 0; i < sizeof(edid_modes) / sizeof(edid_modes[0]); i++) {
		const struct timing *t = &edid_modes[i];
		struct drm_mode_modeinfo *m = &conn->modes[conn->nmodes++];
		m->clock = t->clock;
		m->hdisplay = t->h[0], m->hsync_start = t->h[1], m->hsync_end = t->h[2], m->htotal = t->h[3];
		m->vdisplay = t->v[0], m->vsync_start = t->v[1], m->vsync_end = t->v[2], m->vtotal = t->v[3];
		m->flags = t->flags;
		m->type = t->type;
		m->vrefresh = (shim_mode_vrefresh_mhz(m) + 500) / 1000;
		shim_mode_set_name(m);
	}
	return enc->id && conn->id && conn->edid ? 0 : -ENOMEM;
}
