/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_property.c - KMS properties and blobs in libdrm.so.2:
 * drmModeGetProperty, drmModeObjectGetProperties, drmModeObjectSetProperty,
 * drmModeConnectorSetProperty, drmModeGetPropertyBlob, drmModeCreate/
 * DestroyPropertyBlob, drmModeFormatModifierBlobIterNext and the Free
 * functions, with libdrm 2.4.114's ioctls, results and conventions (Get:
 * NULL and errno; set/create/destroy: 0 or -errno).
 *
 * Where libdrm trusts the second answer of a two-call query to fit the
 * arrays sized by the first (and reads past them when a kernel's count or
 * blob length grew), we start the query again, as libdrm's other list
 * queries do; the IN_FORMATS iterator checks the blob's offsets and counts
 * against its length instead of reading wherever they point.
 *
 * Lifetimes: drmModePropertyPtr, drmModePropertyBlobPtr and
 * drmModeObjectPropertiesPtr are the caller's, freed with
 * drmModeFreeProperty, drmModeFreePropertyBlob and
 * drmModeFreeObjectProperties (each accepts NULL). A blob created with
 * CreatePropertyBlob lives until DestroyPropertyBlob or until fd's open
 * file is closed. The iterator only reads the blob it is given.
 *
 * Calls: drmIoctl() and the helpers of xf86drm_mode_priv.h only.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <drm.h>
#include <drm_fourcc.h>

#include "libdrm_macros.h"
#include "xf86drmMode.h"
#include "xf86drm_mode_priv.h"

drm_public void drmModeFreeProperty(drmModePropertyPtr ptr)
{
	if (!ptr)
		return;
	free(ptr->values);
	free(ptr->enums);
	free(ptr->blob_ids);
	free(ptr);
}

drm_public void drmModeFreePropertyBlob(drmModePropertyBlobPtr ptr)
{
	if (!ptr)
		return;
	free(ptr->data);
	free(ptr);
}

drm_public void drmModeFreeObjectProperties(drmModeObjectPropertiesPtr ptr)
{
	if (!ptr)
		return;
	free(ptr->props);
	free(ptr->prop_values);
	free(ptr);
}

/* ------------------------------------------------------------------ */
/* properties                                                          */
/* ------------------------------------------------------------------ */

static void prop_free_arrays(struct drm_mode_get_property *prop)
{
	free(DRM_PTR(prop->values_ptr));
	free(DRM_PTR(prop->enum_blob_ptr));
	prop->values_ptr = prop->enum_blob_ptr = 0;
}

/*
 * Enum and bitmask properties come with their (value, name) pairs. Blob
 * properties once came with blob ids and, in values, their lengths as
 * 32-bit numbers; current kernels report none, and the caller reads the
 * blob the property's value names with drmModeGetPropertyBlob.
 */
drm_public drmModePropertyPtr drmModeGetProperty(int fd, uint32_t propertyId)
{
	struct drm_mode_get_property prop;
	uint32_t n_values, n_enum_blobs;
	drmModePropertyPtr r = NULL;
	int fail = 0;

	for (int round = 0;; round++) {
		size_t values_size;
		void *p;

		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			return NULL;
		}
		memclear(prop);
		prop.prop_id = propertyId;
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &prop))
			return NULL;
		n_values = prop.count_values;
		n_enum_blobs = prop.count_enum_blobs;
		if (n_values > MODE_MAX_COUNT || n_enum_blobs > MODE_MAX_COUNT) {
			errno = ENOMEM;
			return NULL;
		}
		values_size = (size_t)n_values * sizeof(uint64_t);
		if ((prop.flags & DRM_MODE_PROP_BLOB) && n_enum_blobs * sizeof(uint32_t) > values_size)
			values_size = n_enum_blobs * sizeof(uint32_t);
		if (values_size) {
			if (!(p = calloc(1, values_size)))
				return NULL;
			prop.values_ptr = DRM_U64(p);
		}
		if (n_enum_blobs && (prop.flags & (DRM_MODE_PROP_ENUM | DRM_MODE_PROP_BITMASK))) {
			if (!(p = mode_array(n_enum_blobs, sizeof(struct drm_mode_property_enum))))
				goto out;
			prop.enum_blob_ptr = DRM_U64(p);
		} else if (n_enum_blobs && (prop.flags & DRM_MODE_PROP_BLOB)) {
			if (!(p = mode_array(n_enum_blobs, sizeof(uint32_t))))
				goto out;
			prop.enum_blob_ptr = DRM_U64(p);
		}
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &prop))
			goto out;
		/* Ours only: a grown count was not filled in; ask again. */
		if (prop.count_values <= n_values && prop.count_enum_blobs <= n_enum_blobs)
			break;
		prop_free_arrays(&prop);
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->prop_id = prop.prop_id;
	r->flags = prop.flags;
	r->count_values = (int)prop.count_values;
	r->values = mode_copy(DRM_PTR(prop.values_ptr), prop.count_values, sizeof(uint64_t), &fail);
	if (prop.flags & (DRM_MODE_PROP_ENUM | DRM_MODE_PROP_BITMASK)) {
		r->count_enums = (int)prop.count_enum_blobs;
		r->enums = mode_copy(DRM_PTR(prop.enum_blob_ptr), prop.count_enum_blobs,
				     sizeof(struct drm_mode_property_enum), &fail);
	} else if ((prop.flags & DRM_MODE_PROP_BLOB) && prop.count_enum_blobs) {
		free(r->values);
		r->values = mode_copy(DRM_PTR(prop.values_ptr), prop.count_enum_blobs,
				      sizeof(uint32_t), &fail);
		r->blob_ids = mode_copy(DRM_PTR(prop.enum_blob_ptr), prop.count_enum_blobs,
					sizeof(uint32_t), &fail);
		r->count_blobs = (int)prop.count_enum_blobs;
	}
	memcpy(r->name, prop.name, DRM_PROP_NAME_LEN);
	r->name[DRM_PROP_NAME_LEN - 1] = 0;
	if (fail) {
		drmModeFreeProperty(r);
		r = NULL;
		errno = ENOMEM;
	}
out:
	prop_free_arrays(&prop);
	return r;
}

/* The ids and values of an object's properties; the count is re-asked if it grew. */
drm_public drmModeObjectPropertiesPtr drmModeObjectGetProperties(int fd, uint32_t object_id,
								 uint32_t object_type)
{
	struct drm_mode_obj_get_properties props;
	drmModeObjectPropertiesPtr r = NULL;
	uint32_t count;
	int fail = 0;

	for (int round = 0;; round++) {
		void *p;

		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			return NULL;
		}
		memclear(props);
		props.obj_id = object_id;
		props.obj_type = object_type;
		if (drmIoctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &props))
			return NULL;
		count = props.count_props;
		if (count) {
			if (!(p = mode_array(count, sizeof(uint32_t))))
				return NULL;
			props.props_ptr = DRM_U64(p);
			if (!(p = mode_array(count, sizeof(uint64_t))))
				goto out;
			props.prop_values_ptr = DRM_U64(p);
		}
		if (drmIoctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &props))
			goto out;
		if (props.count_props <= count)
			break;
		free(DRM_PTR(props.props_ptr));
		free(DRM_PTR(props.prop_values_ptr));
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->count_props = props.count_props;
	r->props = mode_copy(DRM_PTR(props.props_ptr), props.count_props, sizeof(uint32_t), &fail);
	r->prop_values = mode_copy(DRM_PTR(props.prop_values_ptr), props.count_props,
				   sizeof(uint64_t), &fail);
	if (fail) {
		drmModeFreeObjectProperties(r);
		r = NULL;
		errno = ENOMEM;
	}
out:
	free(DRM_PTR(props.props_ptr));
	free(DRM_PTR(props.prop_values_ptr));
	return r;
}

drm_public int drmModeObjectSetProperty(int fd, uint32_t object_id, uint32_t object_type,
					uint32_t property_id, uint64_t value)
{
	struct drm_mode_obj_set_property set;

	memclear(set);
	set.value = value;
	set.prop_id = property_id;
	set.obj_id = object_id;
	set.obj_type = object_type;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &set);
}

/* The connector-only ioctl that predates OBJ_SETPROPERTY. */
drm_public int drmModeConnectorSetProperty(int fd, uint32_t connector_id, uint32_t property_id,
					   uint64_t value)
{
	struct drm_mode_connector_set_property set;

	memclear(set);
	set.connector_id = connector_id;
	set.prop_id = property_id;
	set.value = value;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_SETPROPERTY, &set);
}

/* ------------------------------------------------------------------ */
/* blobs                                                               */
/* ------------------------------------------------------------------ */

/* A blob of length 0 comes back with data NULL. */
drm_public drmModePropertyBlobPtr drmModeGetPropertyBlob(int fd, uint32_t blob_id)
{
	struct drm_mode_get_blob blob;
	drmModePropertyBlobPtr r = NULL;
	uint32_t length;

	for (int round = 0;; round++) {
		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			return NULL;
		}
		memclear(blob);
		blob.blob_id = blob_id;
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &blob))
			return NULL;
		length = blob.length;
		if (length && !(blob.data = DRM_U64(malloc(length))))
			return NULL;
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &blob))
			goto out;
		/*
		 * The kernel copies only into a buffer of exactly the blob's
		 * length; blobs never change, so another length is a kernel
		 * we must not read past: ask again (ours only).
		 */
		if (blob.length == length)
			break;
		free(DRM_PTR(blob.data));
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->id = blob.blob_id;
	r->length = blob.length;
	if (blob.length) {
		/* Hand over the buffer the kernel filled. */
		r->data = DRM_PTR(blob.data);
		blob.data = 0;
	}
out:
	free(DRM_PTR(blob.data));
	return r;
}

drm_public int drmModeCreatePropertyBlob(int fd, const void *data, size_t size, uint32_t *id)
{
	struct drm_mode_create_blob create;
	int ret;

	/* The length travels as 32 bits; the all-ones value is refused too. */
	if (size >= 0xffffffff)
		return -ERANGE;
	if (!id)
		return -EINVAL;
	memclear(create);
	create.length = (uint32_t)size;
	create.data = DRM_U64(data);
	*id = 0;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_CREATEPROPBLOB, &create);
	if (ret)
		return ret;
	*id = create.blob_id;
	return 0;
}

drm_public int drmModeDestroyPropertyBlob(int fd, uint32_t id)
{
	struct drm_mode_destroy_blob destroy;

	memclear(destroy);
	destroy.blob_id = id;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_DESTROYPROPBLOB, &destroy);
}

/* ------------------------------------------------------------------ */
/* IN_FORMATS blobs                                                    */
/* ------------------------------------------------------------------ */

/* Whether [offset, offset + count * size) lies within a blob of length len. */
static bool blob_range_ok(uint32_t len, uint32_t offset, uint32_t count, size_t size)
{
	return offset <= len && (uint64_t)count * size <= (uint64_t)(len - offset);
}

/*
 * Walks every (format, modifier) pair an IN_FORMATS blob (struct
 * drm_format_modifier_blob) advertises: formats in blob order, and for
 * each the modifiers in blob order whose 64-format window [offset,
 * offset + 64) has the format's bit set. Formats no modifier covers, and
 * modifiers of value DRM_FORMAT_MOD_INVALID, are skipped, as by libdrm.
 *
 * The iterator's indices follow libdrm's: after a pair found at modifier
 * m of format f, mod_idx is m + 1, or 0 with fmt_idx f + 1 when m was the
 * last modifier. Start from a zeroed iterator; false at the end (the
 * iterator is then left as it was), or on a blob too short for what its
 * header says.
 */
drm_public bool drmModeFormatModifierBlobIterNext(const drmModePropertyBlobRes *blob,
						  drmModeFormatModifierIterator *iter)
{
	struct drm_format_modifier_blob hdr;
	const char *base;
	uint32_t f, m;

	if (!blob || !iter || !blob->data || blob->length < sizeof(hdr))
		return false;
	base = blob->data;
	memcpy(&hdr, base, sizeof(hdr));
	if (!blob_range_ok(blob->length, hdr.formats_offset, hdr.count_formats, sizeof(uint32_t)) ||
	    !blob_range_ok(blob->length, hdr.modifiers_offset, hdr.count_modifiers,
			   sizeof(struct drm_format_modifier)))
		return false;

	f = iter->fmt_idx;
	m = iter->mod_idx;
	while (f < hdr.count_formats && m < hdr.count_modifiers) {
		struct drm_format_modifier mod;
		uint32_t fmt;
		bool hit = false;

		memcpy(&fmt, base + hdr.formats_offset + (size_t)f * sizeof(uint32_t), sizeof(fmt));
		while (m < hdr.count_modifiers && !hit) {
			memcpy(&mod, base + hdr.modifiers_offset + (size_t)m * sizeof(mod), sizeof(mod));
			m++;
			/*
			 * Bit f - offset of the 64-bit mask: libdrm tests it
			 * with a 32-bit shift, which answers wrongly for
			 * window positions 31 to 63; we follow the kernel's
			 * definition of the blob.
			 */
			hit = f >= mod.offset && f - mod.offset < 64 &&
			      ((mod.formats >> (f - mod.offset)) & 1) &&
			      mod.modifier != DRM_FORMAT_MOD_INVALID;
		}
		if (m == hdr.count_modifiers) {
			m = 0;
			f++;
		}
		if (hit) {
			iter->fmt_idx = f;
			iter->mod_idx = m;
			iter->fmt = fmt;
			iter->mod = mod.modifier;
			return true;
		}
	}
	return false;
}
