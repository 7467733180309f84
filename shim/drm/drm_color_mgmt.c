/* SPDX-License-Identifier: MIT */
/*
 * DOC: the legacy gamma LUT (the kernel's drm_color_mgmt.c: GETGAMMA, SETGAMMA)
 *
 * Owns each CRTC's gamma LUT: gamma_size (set by the driver when it makes the
 * CRTC; i915: 256) red, then green, then blue 16-bit entries. A CRTC starts
 * with the identity ramp the kernel's drm_mode_crtc_set_gamma_size fills
 * (entry i is i << 8), which is not stored: crtc->gamma_lut stays 0 until
 * the first SETGAMMA allocates the CRTC's block in the shared state, which
 * then lives as long as the instance (every process sees the same LUT).
 * GETGAMMA reads back what the last SETGAMMA stored; the driver applies it
 * after the planes are blended (i915/display/intel_scanout.c).
 *
 * Unlike the kernel, which copies the three arrays into the CRTC's store one
 * after the other, a SETGAMMA that faults on its second or third array
 * leaves the stored LUT as it was (the new one is read whole first).
 *
 * The _ioctl functions take the device lock. Calls base/ and the core's
 * mode objects; the driver only through shim_mode_crtc_updated.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/drm_mode_config.h"

#define GAMMA_MAX 1024	/* entries; no CRTC of ours has more than 256 */

static uint32_t lut_bytes(const struct shim_mode_crtc *c)
{
	return c->gamma_size * 3 * (uint32_t)sizeof(uint16_t);
}

/* Fills lut (3 x gamma_size entries) with the CRTC's LUT. */
static void gamma_read(const struct shim_mode_crtc *c, uint16_t *lut)
{
	if (c->gamma_lut) {
		memcpy(lut, shim_ptr(c->gamma_lut), lut_bytes(c));
		return;
	}
	for (uint32_t ch = 0; ch < 3; ch++)
		for (uint32_t i = 0; i < c->gamma_size; i++)
			lut[ch * c->gamma_size + i] = (uint16_t)(i << 8);
}

/* The CRTC's lookup (ENOENT), for SETGAMMA whether it has a LUT at all (ENOSYS: no
 * gamma_set hook, not one of i915's), and the size check (EINVAL), in the kernel's order. */
static struct shim_mode_crtc *gamma_crtc(const struct shim_call *call, struct shim_mode_config *mc,
					 const struct drm_mode_crtc_lut *r, bool set, int *ret)
{
	struct shim_mode_crtc *c = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
	if (!c)
		*ret = -ENOENT;	/* KG1 */
	else if (set && !c->gamma_size)
		*ret = -ENOSYS;
	else if (r->gamma_size != c->gamma_size || c->gamma_size > GAMMA_MAX)
		*ret = -EINVAL;	/* KG2 */
	return *ret ? NULL : c;
}

/* KG1–KG3: drm_mode_gamma_get_ioctl. */
int shim_mode_gamma_get_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_crtc_lut *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct shim_mode_crtc *c = gamma_crtc(call, mc, r, false, &ret);
	uint16_t lut[3 * GAMMA_MAX];
	if (c)
		gamma_read(c, lut);
	shim_device_unlock(call->dev);
	if (!c)
		return ret;
	uint64_t size = (uint64_t)r->gamma_size * sizeof(uint16_t);
	if (!size)
		return 0;
	if (shim_copy_to_user(r->red, lut, size) ||
	    shim_copy_to_user(r->green, lut + r->gamma_size, size) ||
	    shim_copy_to_user(r->blue, lut + 2 * r->gamma_size, size))
		return -EFAULT;
	return 0;
}

/* KG1, KG2, KG4, KG5: drm_mode_gamma_set_ioctl, then the atomic helper's legacy gamma_set. */
int shim_mode_gamma_set_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_crtc_lut *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct shim_device *dev = call->dev;
	struct shim_mode_crtc *c = gamma_crtc(call, mc, r, true, &ret);
	if (!c)
		goto out;
	uint16_t lut[3 * GAMMA_MAX];
	uint64_t size = (uint64_t)r->gamma_size * sizeof(uint16_t);
	if (shim_copy_from_user(lut, r->red, size) ||
	    shim_copy_from_user(lut + r->gamma_size, r->green, size) ||
	    shim_copy_from_user(lut + 2 * r->gamma_size, r->blue, size)) {
		ret = -EFAULT;	/* KG4: the LUT stays as it was */
		goto out;
	}
	if (!c->gamma_lut) {
		shim_off off = shim_alloc(&dev->shared->arena, lut_bytes(c));
		if (!off) {
			ret = -ENOMEM;
			goto out;
		}
		SHIM_SET(c->gamma_lut, off);
	}
	shim_journal_memcpy(shim_ptr(c->gamma_lut), lut, lut_bytes(c));
	shim_mode_crtc_updated(dev, mc, c);	/* KG5: the next picture goes through it */
out:
	shim_device_unlock(dev);
	return ret;
}
