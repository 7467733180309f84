/* SPDX-License-Identifier: MIT */
/*
 * DOC: the mode config (the kernel's drm_mode_config.c)
 *
 * Owns struct shim_mode_config (drm_mode_config.h): makes it the first time a
 * KMS ioctl needs it, creates the standard properties, and hands the rest to
 * the driver's mode_config_init hook; answers GETRESOURCES. The config lasts
 * as long as the instance. Why on first use and not when the instance file
 * is made: the instance is initialised before this process has attached the
 * journal and the arena base, so objects made there could not be made in a
 * section that a dying process rolls back; made in the first KMS ioctl's
 * section, they get the same ids (nothing else takes mode ids before).
 *
 * Device lock held everywhere but in the _ioctl functions, which take it.
 * Calls base/ and the driver only through struct shim_driver.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/drm_drv.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"

struct shim_mode_config *shim_mode_config_get(struct shim_device *dev, int *err)
{
	shim_assert_locked(dev);
	struct shim_shared *sh = dev->shared;
	if (sh->mode_config)
		return shim_ptr(sh->mode_config);
	if (!shim_drv->mode_config_init) {
		*err = -EOPNOTSUPP;	/* no DRIVER_MODESET: drm_core_check_feature in every KMS ioctl */
		return NULL;
	}
	shim_off off = shim_alloc(&sh->arena, sizeof(struct shim_mode_config));
	if (!off) {
		*err = -ENOMEM;
		return NULL;
	}
	SHIM_SET(sh->mode_config, off);
	struct shim_mode_config *mc = shim_ptr(off);
	/* drm_mode_create_standard_properties runs in drm_mode_config_init, before the
	 * driver makes anything: the properties take the lowest ids. */
	for (unsigned i = 0; i < SHIM_PROP_COUNT; i++) {
		mc->props[i].which = i;
		mc->props[i].id = shim_mode_object_add(dev, shim_off_of(&mc->props[i]), SHIM_MODE_PROPERTY);
	}
	int ret = shim_drv->mode_config_init(dev, mc);
	if (ret) {
		*err = ret;
		return NULL;
	}
	return mc;
}

struct shim_mode_config *shim_mode_lock(struct shim_call *call, int *err)
{
	shim_device_lock(call->dev);
	struct shim_mode_config *mc = shim_mode_config_get(call->dev, err);
	if (!mc)
		shim_device_unlock(call->dev);
	return mc;
}

uint32_t shim_mode_object_add(struct shim_device *dev, shim_off off, enum shim_mode_type type)
{
	struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
	int64_t id = shim_idr_alloc(&dev->shared->arena, &mc->ids, shim_mode_entry(off, type), 1);
	return id < 0 ? 0 : (uint32_t)id;
}

shim_off shim_mode_object_find(struct shim_mode_config *mc, uint32_t id, enum shim_mode_type type)
{
	uint64_t v = id ? shim_idr_find(&mc->ids, id) : 0;
	if (!v || (type && shim_mode_entry_type(v) != type))
		return 0;
	return shim_mode_entry_off(v);
}

shim_off shim_mode_object_lookup(const struct shim_file *file, struct shim_mode_config *mc, uint32_t id,
				 enum shim_mode_type type)
{
	uint64_t v = id ? shim_idr_find(&mc->ids, id) : 0;
	if (!v || (type && shim_mode_entry_type(v) != type))
		return 0;
	if (shim_mode_type_leased(shim_mode_entry_type(v)) && !shim_lease_held(file, id))
		return 0;
	return shim_mode_entry_off(v);
}

uint32_t shim_mode_blob_create(struct shim_device *dev, const void *data, uint32_t len)
{
	struct shim_arena *a = &dev->shared->arena;
	shim_off boff = shim_alloc(a, sizeof(struct shim_mode_blob));
	shim_off doff = boff ? shim_alloc(a, len ? len : 1) : 0;
	if (!doff) {
		if (boff)
			shim_free(a, boff, sizeof(struct shim_mode_blob));
		return 0;
	}
	struct shim_mode_blob *b = shim_ptr(boff);
	if (data)
		memcpy(shim_ptr(doff), data, len);	/* fresh blocks: nothing to note */
	b->length = len;
	b->data = doff;
	b->refcount = 1;
	b->id = shim_mode_object_add(dev, boff, SHIM_MODE_BLOB);
	if (!b->id) {
		shim_free(a, doff, len ? len : 1);
		shim_free(a, boff, sizeof(struct shim_mode_blob));
		return 0;
	}
	return b->id;
}

void shim_mode_blob_get(struct shim_device *dev, uint32_t id)
{
	struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
	struct shim_mode_blob *b = shim_ptr(shim_mode_object_find(mc, id, SHIM_MODE_BLOB));
	if (b)
		SHIM_INC(b->refcount);
}

void shim_mode_blob_put(struct shim_device *dev, uint32_t id)
{
	struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
	shim_off boff = shim_mode_object_find(mc, id, SHIM_MODE_BLOB);
	if (!boff)
		return;
	struct shim_mode_blob *b = shim_ptr(boff);
	if (SHIM_DEC(b->refcount))
		return;
	shim_idr_remove(&mc->ids, id);
	shim_free(&dev->shared->arena, b->data, b->length ? b->length : 1);
	shim_free(&dev->shared->arena, boff, sizeof(*b));
}

void shim_mode_blobs_file_release(struct shim_device *dev, struct shim_mode_config *mc, uint32_t slot,
				  uint64_t generation)
{
	for (uint32_t id = shim_idr_next(&mc->ids, 1); id; id = shim_idr_next(&mc->ids, id + 1)) {
		uint64_t v = shim_idr_find(&mc->ids, id);
		if (shim_mode_entry_type(v) != SHIM_MODE_BLOB)
			continue;
		struct shim_mode_blob *b = shim_ptr(shim_mode_entry_off(v));
		if (b->owner != slot + 1 || b->owner_generation != generation)
			continue;
		SHIM_SET(b->owner, 0);
		shim_mode_blob_put(dev, id);
	}
}

uint32_t shim_plane_in_formats_blob(struct shim_device *dev, const struct shim_mode_plane *p)
{
	/* struct drm_format_modifier_blob, the formats, then the modifiers 8-aligned. */
	uint32_t fmt_off = sizeof(struct drm_format_modifier_blob);
	uint32_t mod_off = (fmt_off + p->nformats * 4 + 7) & ~7u;
	uint32_t len = mod_off + p->nmodifiers * sizeof(struct drm_format_modifier);
	unsigned char buf[sizeof(struct drm_format_modifier_blob) + SHIM_MAX_PLANE_FORMATS * 4 + 8 +
			  SHIM_MAX_PLANE_MODIFIERS * sizeof(struct drm_format_modifier)];
	memset(buf, 0, sizeof(buf));
	struct drm_format_modifier_blob hdr = {
		.version = FORMAT_BLOB_CURRENT, .count_formats = p->nformats, .formats_offset = fmt_off,
		.count_modifiers = p->nmodifiers, .modifiers_offset = mod_off,
	};
	memcpy(buf, &hdr, sizeof(hdr));
	memcpy(buf + fmt_off, p->formats, p->nformats * 4);
	for (uint32_t m = 0; m < p->nmodifiers; m++) {
		struct drm_format_modifier fm = { .formats = p->mod_formats[m], .offset = 0,
						  .modifier = p->modifiers[m] };
		memcpy(buf + mod_off + m * sizeof(fm), &fm, sizeof(fm));
	}
	return shim_mode_blob_create(dev, buf, len);
}

int shim_mode_put_id(uint64_t ptr, uint32_t i, uint32_t user_count, uint32_t id)
{
	if (i < user_count && shim_copy_to_user(ptr + i * sizeof(uint32_t), &id, sizeof(id)))
		return -EFAULT;
	return 0;
}

/* KM1–KM3, LS5: drm_mode_getresources. Framebuffers are the caller's own; a lessee's CRTCs
 * and connectors those of its lease; encoders are never leased: all of them. */
int shim_mode_getresources_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_card_res *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	uint32_t count = 0;
	for (uint32_t id = shim_idr_next(&mc->ids, 1); id && !ret; id = shim_idr_next(&mc->ids, id + 1)) {
		uint64_t v = shim_idr_find(&mc->ids, id);
		if (shim_mode_entry_type(v) != SHIM_MODE_FB)
			continue;
		const struct shim_mode_fb *fb = shim_ptr(shim_mode_entry_off(v));
		if (fb->owner != call->slot)
			continue;
		ret = shim_mode_put_id(r->fb_id_ptr, count++, r->count_fbs, id);
	}
	r->count_fbs = count;
	count = 0;
	for (uint32_t i = 0; i < mc->ncrtcs && !ret; i++)
		if (shim_lease_held(call->file, mc->crtcs[i].id))
			ret = shim_mode_put_id(r->crtc_id_ptr, count++, r->count_crtcs, mc->crtcs[i].id);
	r->count_crtcs = count;
	for (uint32_t i = 0; i < mc->nencoders && !ret; i++)
		ret = shim_mode_put_id(r->encoder_id_ptr, i, r->count_encoders, mc->encoders[i].id);
	r->count_encoders = mc->nencoders;
	count = 0;
	for (uint32_t i = 0; i < mc->nconnectors && !ret; i++)
		if (shim_lease_held(call->file, mc->connectors[i].id))
			ret = shim_mode_put_id(r->connector_id_ptr, count++, r->count_connectors, mc->connectors[i].id);
	r->count_connectors = count;
	r->min_width = mc->min_width;
	r->max_width = mc->max_width;
	r->min_height = mc->min_height;
	r->max_height = mc->max_height;
	shim_device_unlock(call->dev);
	return ret;
}

/* KP1, LS5: drm_mode_getplane_res. Primary and cursor planes only with UNIVERSAL_PLANES; a
 * lessee's only the leased ones. */
int shim_mode_getplaneresources_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_plane_res *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	bool universal = call->file->caps & SHIM_CAP_UNIVERSAL;
	uint32_t count = 0;
	for (uint32_t i = 0; i < mc->nplanes && !ret; i++) {
		if ((mc->planes[i].type != DRM_PLANE_TYPE_OVERLAY && !universal) ||
		    !shim_lease_held(call->file, mc->planes[i].id))
			continue;
		ret = shim_mode_put_id(r->plane_id_ptr, count++, r->count_planes, mc->planes[i].id);
	}
	r->count_planes = count;
	shim_device_unlock(call->dev);
	return ret;
}
