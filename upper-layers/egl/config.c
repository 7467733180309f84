/* SPDX-License-Identifier: MIT */
/*
 * Configs: pbuffer configs for the color formats the blitter holds
 * (RGBA8888, RGBX8888, RGB565), each without and with depth and stencil
 * buffers (which glClear can fill), renderable by OpenGL ES 2 and 3.
 * eglChooseConfig applies EGL 1.5 §3.4.1.2: each attribute's matching
 * rule, then the sort order of Table 3.4 (caveat, color buffer type, the
 * color bits asked for, larger first; buffer size smaller first; sample
 * buffers, samples, depth, stencil; native visual type; config id).
 */
#include <drm_fourcc.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/egl/egl_priv.h"

#define MAX_PBUFFER 16384

void egl_configs_build(struct egl_display *d)
{
	static const struct {
		uint32_t fourcc;
		EGLint r, g, b, a;
	} colors[] = {
		{ DRM_FORMAT_ARGB8888, 8, 8, 8, 8 },
		{ DRM_FORMAT_XRGB8888, 8, 8, 8, 0 },
		{ DRM_FORMAT_RGB565, 5, 6, 5, 0 },
	};
	static const struct {
		EGLint depth, stencil;
	} ds[] = { { 0, 0 }, { 16, 0 }, { 24, 0 }, { 24, 8 } };
	int n = (int)(sizeof(colors) / sizeof(colors[0]) * (sizeof(ds) / sizeof(ds[0])));
	d->configs = calloc((size_t)n, sizeof(*d->configs));
	if (!d->configs) {
		d->num_configs = 0;
		return;
	}
	int k = 0;
	for (size_t c = 0; c < sizeof(colors) / sizeof(colors[0]); c++)
		for (size_t z = 0; z < sizeof(ds) / sizeof(ds[0]); z++) {
			struct egl_config *cf = &d->configs[k++];
			cf->id = k;
			cf->fourcc = colors[c].fourcc;
			cf->r = colors[c].r;
			cf->g = colors[c].g;
			cf->b = colors[c].b;
			cf->a = colors[c].a;
			cf->depth = ds[z].depth;
			cf->stencil = ds[z].stencil;
		}
	d->num_configs = n;
}

const struct egl_config *egl_config_lookup(struct egl_display *d, EGLConfig handle)
{
	for (int i = 0; i < d->num_configs; i++)
		if ((void *)&d->configs[i] == handle)
			return &d->configs[i];
	return NULL;
}

/* EGL 1.5 §2.2: same color buffer, same depth and stencil buffers. */
bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b)
{
	return a->fourcc == b->fourcc && a->depth == b->depth && a->stencil == b->stencil;
}

/* The value of attribute a for config c; false if a is not a config attribute. */
static bool attrib(const struct egl_config *c, EGLint a, EGLint *v)
{
	switch (a) {
	case EGL_BUFFER_SIZE: *v = c->r + c->g + c->b + c->a; return true;
	case EGL_RED_SIZE: *v = c->r; return true;
	case EGL_GREEN_SIZE: *v = c->g; return true;
	case EGL_BLUE_SIZE: *v = c->b; return true;
	case EGL_ALPHA_SIZE: *v = c->a; return true;
	case EGL_LUMINANCE_SIZE: case EGL_ALPHA_MASK_SIZE: *v = 0; return true;
	case EGL_DEPTH_SIZE: *v = c->depth; return true;
	case EGL_STENCIL_SIZE: *v = c->stencil; return true;
	case EGL_CONFIG_ID: *v = c->id; return true;
	case EGL_CONFIG_CAVEAT: *v = EGL_NONE; return true;
	case EGL_COLOR_BUFFER_TYPE: *v = EGL_RGB_BUFFER; return true;
	case EGL_LEVEL: *v = 0; return true;
	case EGL_MAX_PBUFFER_WIDTH: case EGL_MAX_PBUFFER_HEIGHT: *v = MAX_PBUFFER; return true;
	case EGL_MAX_PBUFFER_PIXELS: *v = MAX_PBUFFER * MAX_PBUFFER; return true;
	case EGL_NATIVE_RENDERABLE: *v = EGL_FALSE; return true;
	case EGL_NATIVE_VISUAL_ID: *v = 0; return true;
	case EGL_NATIVE_VISUAL_TYPE: *v = EGL_NONE; return true;
	case EGL_SAMPLES: case EGL_SAMPLE_BUFFERS: *v = 0; return true;
	case EGL_SURFACE_TYPE: *v = EGL_PBUFFER_BIT; return true;
	case EGL_RENDERABLE_TYPE: case EGL_CONFORMANT: *v = EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT; return true;
	case EGL_TRANSPARENT_TYPE: *v = EGL_NONE; return true;
	case EGL_TRANSPARENT_RED_VALUE: case EGL_TRANSPARENT_GREEN_VALUE: case EGL_TRANSPARENT_BLUE_VALUE:
		*v = 0; return true;
	case EGL_BIND_TO_TEXTURE_RGB: case EGL_BIND_TO_TEXTURE_RGBA: *v = EGL_FALSE; return true;
	case EGL_MIN_SWAP_INTERVAL: case EGL_MAX_SWAP_INTERVAL: *v = 0; return true;
	default: return false;
	}
}

EGLBoolean eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint a, EGLint *value)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	const struct egl_config *c = egl_config_lookup(d, config);
	EGLint v;
	bool known = c && attrib(c, a, &v);
	egl_unlock();
	if (!c)
		return EGL_FAIL(EGL_BAD_CONFIG, EGL_FALSE);
	if (!known)
		return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_FALSE);
	if (!value)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	*value = v;
	return egl_success();
}

EGLBoolean eglGetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size, EGLint *num)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	if (!num) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	}
	int n = d->num_configs;
	if (configs) {
		n = size < n ? (size > 0 ? size : 0) : n;
		for (int i = 0; i < n; i++)
			configs[i] = &d->configs[i];
	}
	*num = n;
	egl_unlock();
	return egl_success();
}

enum rule { AT_LEAST, EXACT, MASK, SPECIAL, IGNORED };

static enum rule rule_of(EGLint a)
{
	switch (a) {
	case EGL_BUFFER_SIZE: case EGL_RED_SIZE: case EGL_GREEN_SIZE: case EGL_BLUE_SIZE: case EGL_LUMINANCE_SIZE:
	case EGL_ALPHA_SIZE: case EGL_ALPHA_MASK_SIZE: case EGL_DEPTH_SIZE: case EGL_STENCIL_SIZE:
	case EGL_SAMPLES: case EGL_SAMPLE_BUFFERS:
		return AT_LEAST;
	case EGL_SURFACE_TYPE: case EGL_RENDERABLE_TYPE: case EGL_CONFORMANT:
		return MASK;
	case EGL_MAX_PBUFFER_WIDTH: case EGL_MAX_PBUFFER_HEIGHT: case EGL_MAX_PBUFFER_PIXELS:
	case EGL_NATIVE_VISUAL_ID:
		return IGNORED;
	case EGL_LEVEL: case EGL_CONFIG_ID: case EGL_NATIVE_RENDERABLE: case EGL_NATIVE_VISUAL_TYPE:
	case EGL_CONFIG_CAVEAT: case EGL_COLOR_BUFFER_TYPE: case EGL_TRANSPARENT_TYPE:
	case EGL_TRANSPARENT_RED_VALUE: case EGL_TRANSPARENT_GREEN_VALUE: case EGL_TRANSPARENT_BLUE_VALUE:
	case EGL_BIND_TO_TEXTURE_RGB: case EGL_BIND_TO_TEXTURE_RGBA: case EGL_MIN_SWAP_INTERVAL:
	case EGL_MAX_SWAP_INTERVAL:
		return EXACT;
	default:
		return SPECIAL;
	}
}

struct want {
	EGLint attr, value;
};

static bool matches(const struct egl_config *c, const struct want *w, int n)
{
	for (int i = 0; i < n; i++) {
		EGLint v;
		if (w[i].value == EGL_DONT_CARE || !attrib(c, w[i].attr, &v))
			continue;
		switch (rule_of(w[i].attr)) {
		case AT_LEAST: if (v < w[i].value) return false; break;
		case EXACT: if (v != w[i].value) return false; break;
		case MASK: if ((v & w[i].value) != w[i].value) return false; break;
		default: break;
		}
	}
	return true;
}

struct sort_key {
	const struct egl_config *c;
	EGLint color_bits;	/* the sum of the color sizes the application asked for */
};

static int by_rules(const void *pa, const void *pb)
{
	const struct sort_key *a = pa, *b = pb;
	if (a->color_bits != b->color_bits)
		return b->color_bits - a->color_bits;
	EGLint sa = a->c->r + a->c->g + a->c->b + a->c->a, sb = b->c->r + b->c->g + b->c->b + b->c->a;
	if (sa != sb)
		return sa - sb;
	if (a->c->depth != b->c->depth)
		return a->c->depth - b->c->depth;
	if (a->c->stencil != b->c->stencil)
		return a->c->stencil - b->c->stencil;
	return a->c->id - b->c->id;
}

/* Is v a value eglChooseConfig may be asked for attribute a? EGL 1.5
 * §3.4.1.1: enums must be one of theirs, masks only known bits, sizes not
 * negative (EGL_DONT_CARE aside) — else EGL_BAD_ATTRIBUTE, as Mesa says. */
static bool value_ok(EGLint a, EGLint v)
{
	if (v == EGL_DONT_CARE)
		return a != EGL_LEVEL && a != EGL_MATCH_NATIVE_PIXMAP;
	switch (a) {
	case EGL_COLOR_BUFFER_TYPE: return v == EGL_RGB_BUFFER || v == EGL_LUMINANCE_BUFFER;
	case EGL_CONFIG_CAVEAT: return v == EGL_NONE || v == EGL_SLOW_CONFIG || v == EGL_NON_CONFORMANT_CONFIG;
	case EGL_TRANSPARENT_TYPE: return v == EGL_NONE || v == EGL_TRANSPARENT_RGB;
	case EGL_NATIVE_RENDERABLE: case EGL_BIND_TO_TEXTURE_RGB: case EGL_BIND_TO_TEXTURE_RGBA:
		return v == EGL_TRUE || v == EGL_FALSE;
	case EGL_SURFACE_TYPE:
		return !(v & ~(EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT |
			       EGL_SWAP_BEHAVIOR_PRESERVED_BIT | EGL_VG_COLORSPACE_LINEAR_BIT | EGL_VG_ALPHA_FORMAT_PRE_BIT));
	case EGL_RENDERABLE_TYPE: case EGL_CONFORMANT:
		return !(v & ~(EGL_OPENGL_ES_BIT | EGL_OPENVG_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_BIT |
			       EGL_OPENGL_ES3_BIT));
	case EGL_LEVEL: case EGL_NATIVE_VISUAL_TYPE: case EGL_MATCH_NATIVE_PIXMAP: case EGL_CONFIG_ID:
		return true;
	default:
		return v >= 0;
	}
}

EGLBoolean eglChooseConfig(EGLDisplay dpy, const EGLint *attribs, EGLConfig *configs, EGLint size, EGLint *num)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	if (!num) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	}
	/* defaults of Table 3.4 that are not "don't care" */
	struct want w[64] = {
		{ EGL_SURFACE_TYPE, EGL_WINDOW_BIT }, { EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT },
		{ EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER }, { EGL_LEVEL, 0 }, { EGL_TRANSPARENT_TYPE, EGL_NONE },
		{ EGL_NATIVE_RENDERABLE, EGL_DONT_CARE },
	};
	int nw = 6;
	EGLint config_id = EGL_DONT_CARE;
	bool color_asked[4] = { false };
	for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
		EGLint v;
		if ((!attrib(&(struct egl_config){ 0 }, a[0], &v) && a[0] != EGL_MATCH_NATIVE_PIXMAP) ||
		    !value_ok(a[0], a[1])) {
			egl_unlock();
			return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_FALSE);
		}
		if (a[0] == EGL_CONFIG_ID)
			config_id = a[1];
		if (a[0] == EGL_RED_SIZE || a[0] == EGL_GREEN_SIZE || a[0] == EGL_BLUE_SIZE || a[0] == EGL_ALPHA_SIZE)
			color_asked[a[0] == EGL_RED_SIZE ? 0 : a[0] == EGL_GREEN_SIZE ? 1 : a[0] == EGL_BLUE_SIZE ? 2 : 3] =
				a[1] != 0 && a[1] != EGL_DONT_CARE;
		int i;
		for (i = 0; i < nw && w[i].attr != a[0]; i++)
			;
		if (i == nw) {
			if (nw == 64)
				continue;
			nw++;
		}
		w[i].attr = a[0];
		w[i].value = a[1];
	}
	struct sort_key *keys = calloc((size_t)d->num_configs, sizeof(*keys));
	int n = 0;
	for (int i = 0; keys && i < d->num_configs; i++) {
		const struct egl_config *c = &d->configs[i];
		/* EGL_CONFIG_ID, when given, selects that config alone */
		if (config_id != EGL_DONT_CARE ? c->id != config_id : !matches(c, w, nw))
			continue;
		keys[n].c = c;
		keys[n].color_bits = (color_asked[0] ? c->r : 0) + (color_asked[1] ? c->g : 0) +
				     (color_asked[2] ? c->b : 0) + (color_asked[3] ? c->a : 0);
		n++;
	}
	qsort(keys, (size_t)n, sizeof(*keys), by_rules);
	if (configs) {
		if (n > size)
			n = size > 0 ? size : 0;
		for (int i = 0; i < n; i++)
			configs[i] = (EGLConfig)keys[i].c;
	}
	*num = n;
	free(keys);
	egl_unlock();
	return egl_success();
}
