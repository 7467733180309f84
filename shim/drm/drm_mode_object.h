/* SPDX-License-Identifier: MIT */
/*
 * Mode object lookups by uAPI type and the property listing the object
 * ioctls share (drm/drm_mode_object.c). Device lock held.
 */
#ifndef SHIM_DRM_MODE_OBJECT_H
#define SHIM_DRM_MODE_OBJECT_H

#include "drm/drm_mode_config.h"

/* drm_mode_object_find: the object of id if its type is obj_type (DRM_MODE_OBJECT_*, or
 * ANY) and file may see it (a lessee sees no CRTC, connector or plane outside its lease),
 * with its type in *type; 0 otherwise. */
shim_off shim_mode_object_find_uapi(const struct shim_file *file, struct shim_mode_config *mc, uint32_t id,
				    uint32_t obj_type, enum shim_mode_type *type);
/* drm_mode_object_get_properties: ids and values copied while *count_props has room,
 * atomic-only ones left out for non-atomic clients; *count_props becomes the count. */
int shim_mode_object_get_properties(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type,
				    bool atomic, uint64_t props_ptr, uint64_t values_ptr, uint32_t *count_props);

#endif
