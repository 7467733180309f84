/* SPDX-License-Identifier: MIT */
/*
 * A fake KMS kernel for the drmMode* tests (tests/lib/xf86drm_mode*.c),
 * behind the test program's own exported ioctl(): libdrm.so.2 - ours or
 * Debian's - binds to it, so every DRM_IOCTL_MODE_* on the fake device fd
 * is answered from the in-memory model below and recorded (request and
 * the argument as it came in), and any other fd goes on to the real
 * ioctl (the shim's). The answers follow the kernel's copy rules: list
 * queries copy ids only into arrays big enough (partially for resources,
 * all-or-nothing for connectors, planes and properties), GETCONNECTOR with
 * count_modes 0 probes, blobs are copied only into a buffer of their exact
 * length. A test can make the model change between two calls (hotplug) by
 * setting fk.change_at and fk.change.
 *
 * Everything is static: one model per test process (each test forks).
 */
#ifndef TESTS_LIB_MODE_FAKE_KERNEL_H
#define TESTS_LIB_MODE_FAKE_KERNEL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>
#include <drm_mode.h>
#include <drm_fourcc.h>

#define FK_MAX 16
#define FK_LOG 64

struct fk_connector {
	uint32_t id, type, type_id, connection, mm_w, mm_h, subpixel, encoder;
	uint32_t n_modes, n_probed;	/* current modes; what a probe finds */
	uint32_t n_props, props[FK_MAX];
	uint64_t values[FK_MAX];
	uint32_t n_encoders, encoders[FK_MAX];
};

struct fk_property {
	uint32_t id, flags;
	const char *name;
	uint32_t n_values;
	uint64_t values[FK_MAX];
	uint32_t n_enums;
};

struct fk_blob {
	uint32_t id, length;
	unsigned char data[1024];
};

struct fk_call {
	unsigned long req;
	unsigned char in[160];		/* the argument as it came in */
};

static struct fake_kernel {
	int fd;
	uint32_t n_fbs, fbs[FK_MAX];
	uint32_t n_crtcs, crtcs[FK_MAX];
	uint32_t n_encoders, encoders[FK_MAX];
	uint32_t n_connectors;
	struct fk_connector conn[FK_MAX];
	uint32_t n_planes, planes[FK_MAX];
	uint32_t plane_formats;		/* formats of every plane */
	uint32_t n_obj_props;		/* properties of a CRTC */
	uint32_t n_props;
	struct fk_property props[FK_MAX];
	uint32_t n_blobs;
	struct fk_blob blobs[FK_MAX];
	uint32_t n_lessees, n_leased;
	uint32_t next_id;
	int fail_errno;			/* answer every ioctl with this, if set */
	int change_at;			/* before the call with this number (from 1)... */
	void (*change)(void);		/* ...run this */
	int n_calls;
	struct fk_call calls[FK_LOG];
	struct drm_mode_atomic atomic;	/* the last ATOMIC, its arrays copied below */
	uint32_t a_objs[FK_MAX], a_counts[FK_MAX], a_props[FK_LOG];
	uint64_t a_values[FK_LOG];
} fk;

static const struct drm_mode_modeinfo fk_mode_template = {
	.clock = 148500, .hdisplay = 1920, .hsync_start = 2008, .hsync_end = 2052,
	.htotal = 2200, .vdisplay = 1080, .vsync_start = 1084, .vsync_end = 1089,
	.vtotal = 1125, .vrefresh = 60, .type = DRM_MODE_TYPE_DRIVER, .name = "1920x1080",
};

static inline struct drm_mode_modeinfo fk_mode(uint32_t i)
{
	struct drm_mode_modeinfo m = fk_mode_template;

	m.hdisplay = (uint16_t)(m.hdisplay - 100 * i);
	m.name[0] = (char)('A' + i);
	return m;
}

/* The model every test starts from. */
static inline int fk_init(void)
{
	memset(&fk, 0, sizeof(fk));
	fk.fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	fk.n_fbs = 1; fk.fbs[0] = 71;
	fk.n_crtcs = 2; fk.crtcs[0] = 31; fk.crtcs[1] = 32;
	fk.n_encoders = 2; fk.encoders[0] = 41; fk.encoders[1] = 42;
	fk.n_connectors = 2;
	fk.conn[0] = (struct fk_connector){ .id = 51, .type = DRM_MODE_CONNECTOR_HDMIA, .type_id = 1,
		.connection = 1, .mm_w = 520, .mm_h = 290, .subpixel = 1 /* kernel's horizontal RGB */,
		.encoder = 41, .n_modes = 2, .n_probed = 3, .n_props = 2, .props = { 61, 62 },
		.values = { 3, 91 }, .n_encoders = 2, .encoders = { 41, 42 } };
	fk.conn[1] = (struct fk_connector){ .id = 52, .type = DRM_MODE_CONNECTOR_DisplayPort,
		.type_id = 2, .connection = 2, .subpixel = 0 /* kernel's unknown */,
		.n_props = 1, .props = { 61 }, .n_encoders = 1, .encoders = { 42 } };
	fk.n_planes = 2; fk.planes[0] = 81; fk.planes[1] = 82;
	fk.plane_formats = 3;
	fk.n_obj_props = 2;
	fk.n_props = 4;
	fk.props[0] = (struct fk_property){ .id = 61, .flags = DRM_MODE_PROP_ENUM, .name = "DPMS",
		.n_values = 4, .values = { 0, 1, 2, 3 }, .n_enums = 4 };
	fk.props[1] = (struct fk_property){ .id = 62, .flags = DRM_MODE_PROP_BLOB |
		DRM_MODE_PROP_IMMUTABLE, .name = "EDID" };
	fk.props[2] = (struct fk_property){ .id = 63, .flags = DRM_MODE_PROP_RANGE, .name = "zpos",
		.n_values = 2, .values = { 0, 255 } };
	fk.props[3] = (struct fk_property){ .id = 64, .flags = DRM_MODE_PROP_BLOB |
		DRM_MODE_PROP_IMMUTABLE, .name = "IN_FORMATS" };
	fk.n_blobs = 2;
	fk.blobs[0].id = 91;
	fk.blobs[0].length = 128;
	for (int i = 0; i < 128; i++)
		fk.blobs[0].data[i] = (unsigned char)(i * 7);
	fk.blobs[1].id = 93;	/* empty */
	fk.next_id = 100;
	return fk.fd;
}

/* A blob (struct drm_format_modifier_blob) in the model; returns its id. */
static inline uint32_t fk_add_in_formats(const uint32_t *formats, uint32_t n_formats,
					 const struct drm_format_modifier *mods, uint32_t n_mods)
{
	struct fk_blob *b = &fk.blobs[fk.n_blobs++];
	struct drm_format_modifier_blob h = {
		.version = FORMAT_BLOB_CURRENT, .count_formats = n_formats,
		.formats_offset = sizeof(h), .count_modifiers = n_mods,
		.modifiers_offset = (uint32_t)(sizeof(h) + ((n_formats * 4 + 7) & ~7u)),
	};

	b->id = fk.next_id++;
	memcpy(b->data, &h, sizeof(h));
	memcpy(b->data + h.formats_offset, formats, n_formats * 4);
	memcpy(b->data + h.modifiers_offset, mods, n_mods * sizeof(*mods));
	b->length = h.modifiers_offset + n_mods * (uint32_t)sizeof(*mods);
	return b->id;
}

static inline struct fk_connector *fk_find_conn(uint32_t id)
{
	for (uint32_t i = 0; i < fk.n_connectors; i++)
		if (fk.conn[i].id == id)
			return &fk.conn[i];
	return NULL;
}

static inline struct fk_property *fk_find_prop(uint32_t id)
{
	for (uint32_t i = 0; i < fk.n_props; i++)
		if (fk.props[i].id == id)
			return &fk.props[i];
	return NULL;
}

static inline struct fk_blob *fk_find_blob(uint32_t id)
{
	for (uint32_t i = 0; i < fk.n_blobs; i++)
		if (fk.blobs[i].id == id)
			return &fk.blobs[i];
	return NULL;
}

static inline int fk_has(const uint32_t *ids, uint32_t n, uint32_t id)
{
	for (uint32_t i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

#define FK_PTR(u) ((void *)(uintptr_t)(u))

/* Copy up to *count of n ids (partial, as GETRESOURCES does); *count = n. */
static inline void fk_partial(__u64 ptr, __u32 *count, const uint32_t *ids, uint32_t n)
{
	for (uint32_t i = 0; i < n && i < *count; i++)
		((uint32_t *)FK_PTR(ptr))[i] = ids[i];
	*count = n;
}

static inline int fk_answer(unsigned long req, void *arg)
{
	switch (req) {
	case DRM_IOCTL_MODE_GETRESOURCES: {
		struct drm_mode_card_res *r = arg;

		fk_partial(r->fb_id_ptr, &r->count_fbs, fk.fbs, fk.n_fbs);
		fk_partial(r->crtc_id_ptr, &r->count_crtcs, fk.crtcs, fk.n_crtcs);
		fk_partial(r->encoder_id_ptr, &r->count_encoders, fk.encoders, fk.n_encoders);
		uint32_t ids[FK_MAX];
		for (uint32_t i = 0; i < fk.n_connectors; i++)
			ids[i] = fk.conn[i].id;
		fk_partial(r->connector_id_ptr, &r->count_connectors, ids, fk.n_connectors);
		r->min_width = r->min_height = 8;
		r->max_width = r->max_height = 8192;
		return 0;
	}
	case DRM_IOCTL_MODE_GETCONNECTOR: {
		struct drm_mode_get_connector *c = arg;
		struct fk_connector *k = fk_find_conn(c->connector_id);

		if (!k)
			return -ENOENT;
		if (c->count_modes == 0)
			k->n_modes = k->n_probed;	/* the probe */
		if (k->n_modes && c->count_modes >= k->n_modes)
			for (uint32_t i = 0; i < k->n_modes; i++)
				((struct drm_mode_modeinfo *)FK_PTR(c->modes_ptr))[i] = fk_mode(i);
		if (k->n_props && c->count_props >= k->n_props) {
			memcpy(FK_PTR(c->props_ptr), k->props, k->n_props * 4);
			memcpy(FK_PTR(c->prop_values_ptr), k->values, k->n_props * 8);
		}
		if (k->n_encoders && c->count_encoders >= k->n_encoders)
			memcpy(FK_PTR(c->encoders_ptr), k->encoders, k->n_encoders * 4);
		c->count_modes = k->n_modes;
		c->count_props = k->n_props;
		c->count_encoders = k->n_encoders;
		c->encoder_id = k->encoder;
		c->connector_type = k->type;
		c->connector_type_id = k->type_id;
		c->connection = k->connection;
		c->mm_width = k->mm_w;
		c->mm_height = k->mm_h;
		c->subpixel = k->subpixel;
		return 0;
	}
	case DRM_IOCTL_MODE_GETENCODER: {
		struct drm_mode_get_encoder *e = arg;

		if (!fk_has(fk.encoders, fk.n_encoders, e->encoder_id))
			return -ENOENT;
		e->encoder_type = DRM_MODE_ENCODER_TMDS;
		e->crtc_id = e->encoder_id == 41 ? 31 : 0;
		e->possible_crtcs = e->encoder_id == 41 ? 0x1 : 0x2;
		e->possible_clones = 0;
		return 0;
	}
	case DRM_IOCTL_MODE_GETCRTC: {
		struct drm_mode_crtc *c = arg;

		if (!fk_has(fk.crtcs, fk.n_crtcs, c->crtc_id))
			return -ENOENT;
		c->fb_id = c->crtc_id == 31 ? 71 : 0;
		c->x = 10;
		c->y = 20;
		c->gamma_size = 256;
		c->mode_valid = c->crtc_id == 31;
		if (c->mode_valid)
			c->mode = fk_mode(1);
		else
			memset(&c->mode, 0x5a, sizeof(c->mode));	/* garbage: not valid */
		return 0;
	}
	case DRM_IOCTL_MODE_SETCRTC:
	case DRM_IOCTL_MODE_CURSOR:
	case DRM_IOCTL_MODE_CURSOR2:
	case DRM_IOCTL_MODE_PAGE_FLIP: {
		uint32_t crtc = req == DRM_IOCTL_MODE_SETCRTC ? ((struct drm_mode_crtc *)arg)->crtc_id :
			req == DRM_IOCTL_MODE_PAGE_FLIP ?
			((struct drm_mode_crtc_page_flip *)arg)->crtc_id :
			((struct drm_mode_cursor *)arg)->crtc_id;

		return fk_has(fk.crtcs, fk.n_crtcs, crtc) ? 0 : -ENOENT;
	}
	case DRM_IOCTL_MODE_GETGAMMA:
	case DRM_IOCTL_MODE_SETGAMMA: {
		struct drm_mode_crtc_lut *l = arg;

		if (!fk_has(fk.crtcs, fk.n_crtcs, l->crtc_id))
			return -ENOENT;
		if (l->gamma_size != 256)
			return -EINVAL;
		if (req == DRM_IOCTL_MODE_GETGAMMA)
			for (int i = 0; i < 256; i++)
				((uint16_t *)FK_PTR(l->red))[i] = (uint16_t)(i * 257);
		return 0;
	}
	case DRM_IOCTL_MODE_ADDFB:
		((struct drm_mode_fb_cmd *)arg)->fb_id = fk.next_id++;
		return 0;
	case DRM_IOCTL_MODE_ADDFB2: {
		struct drm_mode_fb_cmd2 *f = arg;

		if (f->flags & ~(uint32_t)(DRM_MODE_FB_MODIFIERS | DRM_MODE_FB_INTERLACED))
			return -EINVAL;
		f->fb_id = fk.next_id++;
		return 0;
	}
	case DRM_IOCTL_MODE_RMFB: {
		uint32_t id = *(uint32_t *)arg;

		for (uint32_t i = 0; i < fk.n_fbs; i++)
			if (fk.fbs[i] == id) {
				fk.fbs[i] = fk.fbs[--fk.n_fbs];
				return 0;
			}
		return -ENOENT;
	}
	case DRM_IOCTL_MODE_DIRTYFB:
		return ((struct drm_mode_fb_dirty_cmd *)arg)->fb_id == 71 ? 0 : -ENOENT;
	case DRM_IOCTL_MODE_GETFB:
	case DRM_IOCTL_MODE_GETFB2: {
		if (*(uint32_t *)arg != 71)
			return -ENOENT;
		if (req == DRM_IOCTL_MODE_GETFB) {
			struct drm_mode_fb_cmd *f = arg;

			*f = (struct drm_mode_fb_cmd){ .fb_id = 71, .width = 1920, .height = 1080,
				.pitch = 7680, .bpp = 32, .depth = 24, .handle = 5 };
		} else {
			struct drm_mode_fb_cmd2 *f = arg;

			*f = (struct drm_mode_fb_cmd2){ .fb_id = 71, .width = 1920, .height = 1080,
				.pixel_format = DRM_FORMAT_XRGB8888, .flags = DRM_MODE_FB_MODIFIERS,
				.handles = { 5, 6 }, .pitches = { 7680, 128 }, .offsets = { 0, 4096 },
				.modifier = { I915_FORMAT_MOD_Y_TILED_CCS, I915_FORMAT_MOD_Y_TILED_CCS } };
		}
		return 0;
	}
	case DRM_IOCTL_MODE_GETPLANERESOURCES: {
		struct drm_mode_get_plane_res *p = arg;

		fk_partial(p->plane_id_ptr, &p->count_planes, fk.planes, fk.n_planes);
		return 0;
	}
	case DRM_IOCTL_MODE_GETPLANE: {
		struct drm_mode_get_plane *p = arg;

		if (!fk_has(fk.planes, fk.n_planes, p->plane_id))
			return -ENOENT;
		if (fk.plane_formats && p->count_format_types >= fk.plane_formats)
			for (uint32_t i = 0; i < fk.plane_formats; i++)
				((uint32_t *)FK_PTR(p->format_type_ptr))[i] = DRM_FORMAT_XRGB8888 + i;
		p->count_format_types = fk.plane_formats;
		p->crtc_id = 31;
		p->fb_id = 71;
		p->possible_crtcs = 0x3;
		p->gamma_size = 0;
		return 0;
	}
	case DRM_IOCTL_MODE_SETPLANE:
		return fk_has(fk.planes, fk.n_planes, ((struct drm_mode_set_plane *)arg)->plane_id) ?
			0 : -ENOENT;
	case DRM_IOCTL_MODE_GETPROPERTY: {
		struct drm_mode_get_property *g = arg;
		struct fk_property *p = fk_find_prop(g->prop_id);

		if (!p)
			return -ENOENT;
		if (p->n_values && g->count_values >= p->n_values)
			memcpy(FK_PTR(g->values_ptr), p->values, p->n_values * 8);
		if (p->n_enums && g->count_enum_blobs >= p->n_enums)
			for (uint32_t i = 0; i < p->n_enums; i++) {
				struct drm_mode_property_enum *e =
					&((struct drm_mode_property_enum *)FK_PTR(g->enum_blob_ptr))[i];

				e->value = p->values[i];
				snprintf(e->name, sizeof(e->name), "state%u", i);
			}
		g->count_values = p->n_values;
		g->count_enum_blobs = p->n_enums;
		g->flags = p->flags;
		snprintf(g->name, sizeof(g->name), "%s", p->name);
		return 0;
	}
	case DRM_IOCTL_MODE_OBJ_GETPROPERTIES: {
		struct drm_mode_obj_get_properties *o = arg;

		if (!fk_has(fk.crtcs, fk.n_crtcs, o->obj_id) || o->obj_type != DRM_MODE_OBJECT_CRTC)
			return -ENOENT;
		if (fk.n_obj_props && o->count_props >= fk.n_obj_props)
			for (uint32_t i = 0; i < fk.n_obj_props; i++) {
				((uint32_t *)FK_PTR(o->props_ptr))[i] = 61 + i;
				((uint64_t *)FK_PTR(o->prop_values_ptr))[i] = 1000 + i;
			}
		o->count_props = fk.n_obj_props;
		return 0;
	}
	case DRM_IOCTL_MODE_OBJ_SETPROPERTY:
		return fk_find_prop(((struct drm_mode_obj_set_property *)arg)->prop_id) ? 0 : -ENOENT;
	case DRM_IOCTL_MODE_SETPROPERTY:
		return fk_find_prop(((struct drm_mode_connector_set_property *)arg)->prop_id) ?
			0 : -ENOENT;
	case DRM_IOCTL_MODE_GETPROPBLOB: {
		struct drm_mode_get_blob *g = arg;
		struct fk_blob *b = fk_find_blob(g->blob_id);

		if (!b)
			return -ENOENT;
		if (g->length == b->length)
			memcpy(FK_PTR(g->data), b->data, b->length);
		g->length = b->length;
		return 0;
	}
	case DRM_IOCTL_MODE_CREATEPROPBLOB: {
		struct drm_mode_create_blob *c = arg;
		struct fk_blob *b;

		if (!c->length || c->length > sizeof(b->data))
			return -EINVAL;
		b = &fk.blobs[fk.n_blobs++];
		b->id = c->blob_id = fk.next_id++;
		b->length = c->length;
		memcpy(b->data, FK_PTR(c->data), c->length);
		return 0;
	}
	case DRM_IOCTL_MODE_DESTROYPROPBLOB:
		return fk_find_blob(((struct drm_mode_destroy_blob *)arg)->blob_id) ? 0 : -ENOENT;
	case DRM_IOCTL_MODE_ATOMIC: {
		struct drm_mode_atomic *a = arg;
		uint32_t n = 0;

		fk.atomic = *a;
		if (a->count_objs > FK_MAX)
			return -ENOSPC;
		memcpy(fk.a_objs, FK_PTR(a->objs_ptr), a->count_objs * 4);
		memcpy(fk.a_counts, FK_PTR(a->count_props_ptr), a->count_objs * 4);
		for (uint32_t i = 0; i < a->count_objs; i++)
			n += fk.a_counts[i];
		if (n > FK_LOG)
			return -ENOSPC;
		memcpy(fk.a_props, FK_PTR(a->props_ptr), n * 4);
		memcpy(fk.a_values, FK_PTR(a->prop_values_ptr), n * 8);
		return a->flags & DRM_MODE_ATOMIC_TEST_ONLY && fk.a_objs[0] == 999 ? -EINVAL : 0;
	}
	case DRM_IOCTL_MODE_CREATE_LEASE: {
		struct drm_mode_create_lease *c = arg;

		if (!c->object_count)
			return -EINVAL;
		c->lessee_id = fk.next_id++;
		c->fd = (uint32_t)dup(fk.fd);
		fk.n_lessees++;
		return 0;
	}
	case DRM_IOCTL_MODE_LIST_LESSEES: {
		struct drm_mode_list_lessees *l = arg;

		for (uint32_t i = 0; i < fk.n_lessees && i < l->count_lessees; i++)
			((uint32_t *)FK_PTR(l->lessees_ptr))[i] = 200 + i;
		l->count_lessees = fk.n_lessees;
		return 0;
	}
	case DRM_IOCTL_MODE_GET_LEASE: {
		struct drm_mode_get_lease *g = arg;

		for (uint32_t i = 0; i < fk.n_leased && i < g->count_objects; i++)
			((uint32_t *)FK_PTR(g->objects_ptr))[i] = 31 + i;
		g->count_objects = fk.n_leased;
		return 0;
	}
	case DRM_IOCTL_MODE_REVOKE_LEASE:
		return ((struct drm_mode_revoke_lease *)arg)->lessee_id >= 100 ? 0 : -ENOENT;
	case DRM_IOCTL_MODE_CREATE_DUMB: {
		struct drm_mode_create_dumb *c = arg;

		if (!c->width || !c->height || !c->bpp)
			return -EINVAL;
		c->pitch = c->width * ((c->bpp + 7) / 8);
		c->size = (uint64_t)c->pitch * c->height;
		c->handle = 7;
		return 0;
	}
	case DRM_IOCTL_MODE_MAP_DUMB: {
		struct drm_mode_map_dumb *m = arg;

		if (m->handle != 7)
			return -ENOENT;
		m->offset = 0x100000;
		return 0;
	}
	case DRM_IOCTL_MODE_DESTROY_DUMB:
		return ((struct drm_mode_destroy_dumb *)arg)->handle == 7 ? 0 : -ENOENT;
	case DRM_IOCTL_MODE_ATTACHMODE:
	case DRM_IOCTL_MODE_DETACHMODE:
		return fk_find_conn(((struct drm_mode_mode_cmd *)arg)->connector_id) ? 0 : -ENOENT;
	default:
		return -ENOTTY;
	}
}

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	static int (*next)(int, unsigned long, ...);
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd != fk.fd || fd < 0) {
		if (!next)
			next = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
		return next(fd, request, arg);
	}
	if (fk.n_calls < FK_LOG) {
		struct fk_call *c = &fk.calls[fk.n_calls];
		size_t n = _IOC_SIZE(request) < sizeof(c->in) ? _IOC_SIZE(request) : sizeof(c->in);

		c->req = request;
		memcpy(c->in, arg, n);
	}
	fk.n_calls++;
	if (fk.change && fk.n_calls == fk.change_at)
		fk.change();
	ret = fk.fail_errno ? -fk.fail_errno : fk_answer(request, arg);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return ret;
}

/* The argument of call i (from 0) as it came in, viewed as type T. */
#define FK_IN(i, T) ((const T *)fk.calls[i].in)

/* The calls made so far were exactly these requests, in this order. */
#define FK_EXPECT(...) do { \
	static const unsigned long _want[] = { __VA_ARGS__ }; \
	ASSERT_EQ(fk.n_calls, ARRAY_SIZE(_want)); \
	for (size_t _i = 0; _i < ARRAY_SIZE(_want); _i++) \
		if (fk.calls[_i].req != _want[_i]) \
			TEST_FAIL("call %zu: request %#lx, expected %#lx", _i, \
				  fk.calls[_i].req, _want[_i]); \
	} while (0)

#define FK_EXPECT_NONE() ASSERT_EQ(fk.n_calls, 0)

static inline void fk_reset_log(void)
{
	fk.n_calls = 0;
}

#endif
