/* SPDX-License-Identifier: MIT */
/*
 * DOC: what the pipes show, as PNG files (the shim's own; no kernel counterpart)
 *
 * The driver's side of the scanout: for a CRTC, the planes it shows (primary,
 * sprites in zpos order, the cursor on top: i915's zpos is the order the
 * planes were made in, intel_display.c), each with its framebuffer's memory,
 * format, tiling (from the framebuffer's modifier, which intel_fb.c derived
 * from the object's tiling for a legacy ADDFB) and the object's bit-6
 * swizzle, source and CRTC rectangles, and the CRTC's gamma LUT, handed to
 * the display engine (hw/display_scanout.h), which composes the picture. A
 * CRTC that is off has no picture. The picture is written as a PNG
 * (scanout_png.c):
 *
 * - I915_SHIM_SCANOUT=<dir>: after every commit that changes what a CRTC
 *   shows (SETCRTC, PAGE_FLIP, CURSOR/CURSOR2, SETGAMMA: the core's
 *   crtc_updated hook), by the process that made it, as
 *   <dir>/crtc-<index>-<seq>.png, index the CRTC's (GETRESOURCES order) and
 *   seq a count of pictures of that CRTC, device-wide, six digits from
 *   000001. A commit that turns the CRTC off writes nothing. The directory
 *   must exist; a file that cannot be written is skipped, with a line on
 *   the shim's log (stderr or I915_SHIM_LOG).
 * - debugfs: writing anything to /sys/kernel/debug/dri/<minor>/i915_shim_scanout
 *   (root, as all of debugfs) and closing it writes, for every CRTC n,
 *   /sys/kernel/debug/dri/<minor>/crtc-<n>/i915_shim_scanout.png (removed
 *   when the CRTC is off), then rewrites i915_shim_scanout with one line per
 *   CRTC: "crtc-<n>: <w>x<h>" or "crtc-<n>: off". Seen when the writer closes
 *   the file, in its process, as gt/intel_reset.c's i915_wedged.
 *
 * Pictures are composed with the device lock held (the state is read as one
 * commit left it), the plane memory read under a fault guard (a page a full
 * tmpfs cannot give reads as a skipped picture). A GTT view newer than the
 * pages is written back first, as the display engine reads the pages. Nothing
 * outlives a call. Calls the core's mode objects, hw/, base/.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <drm_fourcc.h>
#include <i915_drm.h>

#include "base/fault_guard.h"
#include "base/journal.h"
#include "base/log.h"
#include "base/real.h"
#include "drm/drm_sysfs.h"
#include "hw/display_scanout.h"
#include "i915/display/intel_display.h"
#include "i915/i915_gem_object.h"

static const char *const control_name = "/i915_shim_scanout";

static enum shim_tiling modifier_tiling(uint64_t modifier, bool *ok)
{
	*ok = true;
	switch (modifier) {
	case DRM_FORMAT_MOD_LINEAR: return SHIM_TILING_NONE;
	case I915_FORMAT_MOD_X_TILED: return SHIM_TILING_X;
	case I915_FORMAT_MOD_Y_TILED: return SHIM_TILING_Y;
	default: *ok = false; return SHIM_TILING_NONE;	/* Yf, CCS: not shown */
	}
}

/* Lower first: the primary, the sprites, then the cursor (i915's fixed zpos). */
static unsigned plane_rank(const struct shim_mode_plane *p)
{
	return p->type == DRM_PLANE_TYPE_PRIMARY ? 0 : p->type == DRM_PLANE_TYPE_OVERLAY ? 1 : 2;
}

/* The description of plane p for the engine; false if it shows nothing we can read. */
static bool describe_plane(struct shim_device *dev, const struct shim_mode_plane *p, struct shim_scanout_plane *d)
{
	const struct shim_mode_fb *fb = shim_ptr(p->fb);
	bool ok;
	if (!fb || !fb->obj[0])
		return false;
	enum shim_tiling tiling = modifier_tiling(fb->modifier, &ok);
	if (!ok || !shim_scanout_format_supported(fb->format))
		return false;
	struct i915_gem_object *obj = shim_ptr(fb->obj[0]);
	memset(d, 0, sizeof(*d));
	if (obj->flags & SHIM_OBJ_USERPTR) {
		/* another process's pages are out of reach: they show as black */
		if (obj->owner_pid == shim_getpid())
			d->mem = (const uint8_t *)(uintptr_t)obj->user_ptr;
	} else if (obj->flags & SHIM_OBJ_HAS_PAGES) {
		shim_gem_flush_view(dev, obj);
		d->mem = shim_mem_ptr(&dev->mem, obj->mem_off, obj->base.size);
	}
	d->size = d->mem ? obj->base.size : 0;
	d->offset = fb->offsets[0];
	d->format = fb->format;
	d->tiling = tiling;
	d->swizzle = tiling != SHIM_TILING_NONE && obj->tiling_mode == (uint32_t)tiling ? obj->swizzle_mode
											: I915_BIT_6_SWIZZLE_NONE;
	d->pitch = fb->pitches[0];
	d->fb_width = fb->width;
	d->fb_height = fb->height;
	d->src_x = p->src_x, d->src_y = p->src_y, d->src_w = p->src_w, d->src_h = p->src_h;
	d->crtc_x = p->crtc_x, d->crtc_y = p->crtc_y, d->crtc_w = p->crtc_w, d->crtc_h = p->crtc_h;
	return true;
}

struct compose {
	struct shim_scanout_pipe pipe;
	uint32_t *out;
};

static void compose_fn(void *arg)
{
	struct compose *c = arg;
	shim_scanout_compose(&c->pipe, c->out);
}

static bool compose_expects(void *arg, uintptr_t addr)
{
	const struct compose *c = arg;
	for (uint32_t i = 0; i < c->pipe.nplanes; i++) {
		const struct shim_scanout_plane *p = &c->pipe.planes[i];
		if (p->mem && addr - (uintptr_t)p->mem < p->size)
			return true;
	}
	return false;
}

/*
 * KS1–KS6: the picture of CRTC c, malloc'ed (the caller frees it), its size in *w, *h;
 * NULL when the CRTC is off (or no memory, or its planes' memory faulted: -errno in *err).
 * Device lock held.
 */
static uint32_t *crtc_picture(struct shim_device *dev, struct shim_mode_config *mc, const struct shim_mode_crtc *c,
			      uint32_t *w, uint32_t *h, int *err)
{
	*err = 0;
	if (!c->enabled)
		return NULL;
	struct shim_scanout_plane planes[SHIM_MAX_PLANES];
	struct compose cp = { .pipe = { .gen = dev->model->gen, .width = c->mode.hdisplay, .height = c->mode.vdisplay,
					.planes = planes } };
	for (unsigned rank = 0; rank < 3; rank++)
		for (uint32_t i = 0; i < mc->nplanes; i++) {
			const struct shim_mode_plane *p = &mc->planes[i];
			if (p->crtc == c->index + 1 && plane_rank(p) == rank &&
			    describe_plane(dev, p, &planes[cp.pipe.nplanes]))
				cp.pipe.nplanes++;
		}
	if (c->gamma_lut) {
		cp.pipe.lut = shim_ptr(c->gamma_lut);
		cp.pipe.lut_size = c->gamma_size;
	}
	cp.out = malloc((size_t)cp.pipe.width * cp.pipe.height * sizeof(uint32_t) + 1);
	if (!cp.out) {
		*err = -ENOMEM;
		return NULL;
	}
	if (shim_fault_call(compose_fn, &cp, compose_expects, NULL)) {
		free(cp.out);
		*err = -EFAULT;
		return NULL;
	}
	*w = cp.pipe.width;
	*h = cp.pipe.height;
	return cp.out;
}

/* KS7: I915_SHIM_SCANOUT, after a commit (the core's crtc_updated hook). */
void intel_crtc_updated(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *c)
{
	const char *dir = getenv("I915_SHIM_SCANOUT");
	if (!dir || !*dir || !c->enabled)
		return;
	uint32_t w, h;
	int err;
	uint32_t *pic = crtc_picture(dev, mc, c, &w, &h, &err);
	if (!pic) {
		shim_log("scanout: crtc-%u: no picture (%s)\n", c->index, strerror(-err));
		return;
	}
	SHIM_INC(c->scanout_seq);
	char path[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/crtc-%u-%06llu.png", dir, c->index,
			 (unsigned long long)c->scanout_seq);
	err = n < 0 || (size_t)n >= sizeof(path) ? -ENAMETOOLONG : intel_scanout_png_write(path, pic, w, h);
	if (err)
		shim_log("scanout: %s: %s\n", path, strerror(-err));
	free(pic);
}

int intel_scanout_control_minor(struct shim_device *dev, const char *path)
{
	char prefix[PATH_MAX + 32];
	int n = snprintf(prefix, sizeof(prefix), "%s/sys/kernel/debug/dri/", dev->inst.root);
	if (n < 0 || (size_t)n >= sizeof(prefix) || strncmp(path, prefix, (size_t)n))
		return -1;
	const char *rest = path + n;
	char *end;
	unsigned long minor = strtoul(rest, &end, 10);
	if (end == rest || strcmp(end, control_name) || (minor != 0 && minor != 128))
		return -1;
	return (int)minor;
}

/* KS8: i915_shim_scanout was written and closed: every CRTC's picture, then the status. */
void intel_scanout_control_closed(struct shim_device *dev, unsigned minor)
{
	int err = 0;
	shim_device_lock(dev);
	struct shim_mode_config *mc = shim_mode_config_get(dev, &err);
	uint32_t ncrtcs = mc ? mc->ncrtcs : 0;
	uint32_t *pics[SHIM_MAX_CRTCS] = { 0 }, w[SHIM_MAX_CRTCS] = { 0 }, h[SHIM_MAX_CRTCS] = { 0 };
	for (uint32_t i = 0; i < ncrtcs; i++)
		pics[i] = crtc_picture(dev, mc, &mc->crtcs[i], &w[i], &h[i], &err);
	shim_device_unlock(dev);

	/* The files are written without the lock: the pictures are ours. */
	char status[SHIM_MAX_CRTCS * 64 + 1] = "";
	size_t len = 0;
	for (uint32_t i = 0; i < ncrtcs; i++) {
		char path[PATH_MAX + 96];
		snprintf(path, sizeof(path), "%s/sys/kernel/debug/dri/%u/crtc-%u", dev->inst.root, minor, i);
		mkdir(path, 0755);
		snprintf(path, sizeof(path), "%s/sys/kernel/debug/dri/%u/crtc-%u/i915_shim_scanout.png", dev->inst.root,
			 minor, i);
		if (pics[i]) {
			err = intel_scanout_png_write(path, pics[i], w[i], h[i]);
			if (err)
				shim_log("scanout: %s: %s\n", path, strerror(-err));
			len += (size_t)snprintf(status + len, sizeof(status) - len, "crtc-%u: %ux%u\n", i, w[i], h[i]);
		} else {
			unlink(path);
			len += (size_t)snprintf(status + len, sizeof(status) - len, "crtc-%u: off\n", i);
		}
		free(pics[i]);
	}
	char path[PATH_MAX + 64];
	snprintf(path, sizeof(path), "%s/sys/kernel/debug/dri/%u%s", dev->inst.root, minor, control_name);
	int fd = shim_real.openat(AT_FDCWD, path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd >= 0) {
		if (shim_raw_write(fd, status, len) < 0) {
			/* the pictures are written; the status line is a courtesy */
		}
		shim_real.close(fd);
	}
}

/* The files at instance creation: the control and the per-CRTC directories. */
void intel_scanout_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *m, unsigned minor)
{
	char rel[128];
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u%s", minor, control_name);
	shim_fs_file(b, rel, 0600, "%s", "");
	for (unsigned i = 0; i < intel_num_pipes(m); i++) {
		snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/crtc-%u", minor, i);
		shim_fs_dir(b, rel);
	}
}
