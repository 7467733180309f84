/* SPDX-License-Identifier: MIT */
/*
 * DRM leases (drm/drm_lease.c) and the master calls they share with
 * drm/drm_auth.c. Device lock held everywhere but in the _ioctl functions,
 * which take it.
 */
#ifndef SHIM_DRM_LEASE_H
#define SHIM_DRM_LEASE_H

#include <stdbool.h>
#include <stdint.h>

#include "drm/drm_device.h"

struct shim_call;
struct shim_mode_config;

/* drm/drm_auth.c: a new master with one reference (the caller's), 0 when the state is
 * full; a reference more; one less (the last takes it out of its lease tree and frees it). */
shim_off shim_master_create(struct shim_device *dev);
void shim_master_get(shim_off master);
void shim_master_put(struct shim_device *dev, shim_off master);

/* drm_lease_owner: the master at the top of master's lease tree (itself for an owner). No
 * lock needed: a lessee holds its lessor. */
shim_off shim_lease_owner(shim_off master);
/* _drm_lease_held: may this file use the mode object id? Always for a file that is not a
 * lessee's (an owner's, a render node's, no file at all: NULL); a lessee's only for what
 * its lease holds. Only CRTCs, connectors and planes are ever leased: callers ask about
 * those (shim_mode_object_lookup does). */
bool shim_lease_held(const struct shim_file *file, uint32_t id);
/* drm_lease_filter_crtcs: a possible_crtcs mask renumbered to the CRTCs the file sees. */
uint32_t shim_lease_filter_crtcs(const struct shim_file *file, const struct shim_mode_config *mc,
				 uint32_t crtcs);
/* drm_lease_revoke: empties the leases of master and of every lessee under it. */
void shim_lease_revoke(struct shim_device *dev, shim_off master);
/* drm_lease_destroy: master's last reference went: out of its lessor's list and lessee
 * ids, its lessor reference dropped, its lease's memory freed. */
void shim_lease_destroy(struct shim_device *dev, shim_off master);

int shim_mode_create_lease_ioctl(struct shim_call *call, void *data);
int shim_mode_list_lessees_ioctl(struct shim_call *call, void *data);
int shim_mode_get_lease_ioctl(struct shim_call *call, void *data);
int shim_mode_revoke_lease_ioctl(struct shim_call *call, void *data);

#endif
