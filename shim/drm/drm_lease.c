/* SPDX-License-Identifier: MIT */
/*
 * DOC: DRM leases (the kernel's drm_lease.c)
 *
 * A master may hand part of the display - CRTCs, connectors, planes - to a
 * new master, its lessee, whose file it gets back as a new fd
 * (CREATE_LEASE). That file is the master of its lease: the objects outside
 * it are invisible to it (every lookup of another CRTC, connector or plane
 * fails as one of an unknown id does), and it may drive those inside while
 * its lessor is the device's master. The lessor gives nothing up: it still
 * sees and may change every object, leased or not. Lessees may not lease on,
 * so a lease tree is an owner and its lessees. The rows are LS1-LS18 of
 * doc/uapi-conformance.md (section 8c).
 *
 * Lifetime: a lessee master is held by its file alone (nobody opens the
 * device under it) and holds its lessor. Its id (lowest free from 1 among
 * its owner's lessees) and its place in the owner's list last until its last
 * reference goes (shim_lease_destroy), so a revoked lease keeps its id while
 * its file lives, and a closed one frees it at once. Revoking (REVOKE_LEASE,
 * or a master's file released) only empties leases: what a lessee switched on
 * stays as it is.
 *
 * Device lock held everywhere but in the _ioctl functions, which take it.
 * Calls drm_auth.c for masters, drm_file.c for the lessee's file, the mode
 * config's ids, and base/fd_table.h to make the new fd the shim's.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include "base/fd_table.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_mode_object.h"

#define LEASE_FLAGS (O_CLOEXEC | O_NONBLOCK)
/* The kernel copies the object list into one allocation of at most 4 MiB (KMALLOC_MAX_SIZE
 * on x86-64): a longer list is ENOMEM before a byte of it is read (LS3). */
#define LEASE_MAX_OBJECTS ((4u << 20) / sizeof(uint32_t))

static struct shim_master *master_at(shim_off off)
{
	return shim_ptr(off);
}

shim_off shim_lease_owner(shim_off off)
{
	const struct shim_master *m = master_at(off);
	while (m && m->lessor) {
		off = m->lessor;
		m = master_at(off);
	}
	return off;
}

bool shim_lease_held(const struct shim_file *file, uint32_t id)
{
	const struct shim_master *m = file ? master_at(file->master) : NULL;
	if (!m || !m->lessor)
		return true;	/* an owner controls everything; a render file has no master */
	return shim_idr_find(&m->leases, id) != 0;
}

uint32_t shim_lease_filter_crtcs(const struct shim_file *file, const struct shim_mode_config *mc, uint32_t crtcs)
{
	const struct shim_master *m = file ? master_at(file->master) : NULL;
	if (!m || !m->lessor)
		return crtcs;
	/* Bit n of the answer is the lessee's n-th CRTC: the index GETRESOURCES gives it. */
	uint32_t out = 0, n = 0;
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		if (!shim_idr_find(&m->leases, mc->crtcs[i].id))
			continue;
		if (crtcs & (1u << i))
			out |= 1u << n;
		n++;
	}
	return out;
}

void shim_lease_revoke(struct shim_device *dev, shim_off off)
{
	struct shim_master *m = master_at(off);
	shim_idr_destroy(&dev->shared->arena, &m->leases);	/* empty: holds nothing from now on */
	for (shim_off l = m->lessees; l; l = master_at(l)->next_lessee)
		shim_lease_revoke(dev, l);	/* one level: lessees do not lease on */
}

void shim_lease_destroy(struct shim_device *dev, shim_off off)
{
	struct shim_master *m = master_at(off);
	struct shim_arena *a = &dev->shared->arena;
	/* Its lessees each hold it, so none is left: an owner's list is empty here. */
	if (m->lessor) {
		struct shim_master *owner = master_at(shim_lease_owner(off));
		struct shim_master *lessor = master_at(m->lessor);
		shim_idr_remove(&owner->lessee_ids, m->lessee_id);
		shim_off *link = &lessor->lessees;
		while (*link && *link != off)
			link = &master_at(*link)->next_lessee;
		if (*link)
			SHIM_SET(*link, m->next_lessee);
		shim_off held = m->lessor;
		SHIM_SET(m->lessor, 0);
		shim_master_put(dev, held);	/* may be its last: an owner whose file is gone */
	}
	shim_idr_destroy(a, &m->leases);
	shim_idr_destroy(a, &m->lessee_ids);
}

/* Puts id into the lease (any non-zero value says "held"); an id already there is ENOSPC,
 * as the kernel's idr_alloc of that one id answers. */
static int lease_add(struct shim_device *dev, struct shim_master *lessee, uint32_t id)
{
	if (shim_idr_find(&lessee->leases, id))
		return -ENOSPC;
	int64_t got = shim_idr_alloc(&dev->shared->arena, &lessee->leases, 1, id);
	return got < 0 ? (int)got : 0;	/* the lowest free id from a free one is that one */
}

/*
 * LS3, LS4: fill_object_idr. Every id is looked up first, in list order: unknown (or 0)
 * ENOENT, not a CRTC, connector or plane EINVAL; then the set needs a CRTC and a
 * connector, and a plane from a lessor with UNIVERSAL_PLANES (EINVAL); then the ids go
 * in, each CRTC bringing its primary and cursor planes along for a lessor without
 * UNIVERSAL_PLANES, and an id twice is ENOSPC.
 */
static int fill_lease(struct shim_call *call, struct shim_mode_config *mc, struct shim_master *lessee,
		      const uint32_t *ids, uint32_t count)
{
	bool universal = call->file->caps & SHIM_CAP_UNIVERSAL;
	bool crtc = false, connector = false, plane = false;
	for (uint32_t i = 0; i < count; i++) {
		enum shim_mode_type type = 0;
		if (!shim_mode_object_find_uapi(call->file, mc, ids[i], DRM_MODE_OBJECT_ANY, &type))
			return -ENOENT;
		if (!shim_mode_type_leased(type))
			return -EINVAL;
		crtc |= type == SHIM_MODE_CRTC;
		connector |= type == SHIM_MODE_CONNECTOR;
		plane |= type == SHIM_MODE_PLANE;
	}
	if (!crtc || !connector || (universal && !plane))
		return -EINVAL;
	for (uint32_t i = 0; i < count; i++) {
		int ret = lease_add(call->dev, lessee, ids[i]);
		if (ret)
			return ret;
		enum shim_mode_type type = 0;
		const struct shim_mode_crtc *c = shim_ptr(shim_mode_object_find_uapi(call->file, mc, ids[i],
										 DRM_MODE_OBJECT_ANY, &type));
		if (type != SHIM_MODE_CRTC || universal)
			continue;
		/* Without universal planes the lessor cannot name them: the CRTC's come along. */
		if ((ret = lease_add(call->dev, lessee, mc->planes[c->primary].id)) ||
		    (ret = lease_add(call->dev, lessee, mc->planes[c->cursor].id)))
			return ret;
	}
	return 0;
}

/* LS10: does another lessee of lessor hold one of the new lease's objects? */
static bool lease_busy(const struct shim_master *lessor, const struct shim_master *lessee)
{
	for (uint32_t id = shim_idr_next(&lessee->leases, 1); id; id = shim_idr_next(&lessee->leases, id + 1))
		for (shim_off l = lessor->lessees; l; l = master_at(l)->next_lessee)
			if (shim_idr_find(&master_at(l)->leases, id))
				return true;
	return false;
}

/* drm_lease_create after the checks: the lessee joins its lessor's list with the lowest free
 * id and holds the lessor. 0 or -ENOMEM. */
static int lease_link(struct shim_device *dev, shim_off lessor_off, shim_off lessee_off)
{
	struct shim_master *lessor = master_at(lessor_off), *lessee = master_at(lessee_off);
	int64_t id = shim_idr_alloc(&dev->shared->arena, &master_at(shim_lease_owner(lessor_off))->lessee_ids,
				    lessee_off, 1);
	if (id < 0)
		return (int)id;
	SHIM_SET(lessee->lessee_id, (uint32_t)id);
	shim_master_get(lessor_off);
	SHIM_SET(lessee->lessor, lessor_off);
	shim_off *link = &lessor->lessees;
	while (*link)
		link = &master_at(*link)->next_lessee;
	SHIM_SET(*link, lessee_off);
	return 0;
}

/*
 * LS1-LS5, LS17: drm_mode_create_lease_ioctl. DRM_MASTER in the table. Flags, then the
 * caller must be an owner (a lessee may not lease on), then the list (EFAULT, ENOMEM) and
 * its objects, then EBUSY; the lessee's file is made last, a new open file of the primary
 * node whose master is the lessee. Its fd is close-on-exec with O_CLOEXEC; the kernel
 * clones the lessor's open file, so its O_NONBLOCK is the lessor's, not the flags'.
 */
int shim_mode_create_lease_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_create_lease *cl = data;
	struct shim_device *dev = call->dev;
	uint32_t *ids = NULL;
	shim_off lessee_off = 0;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);	/* EOPNOTSUPP: no MODESET */
	if (!mc)
		return ret;
	shim_off lessor_off = call->file->master;
	if (cl->flags & ~LEASE_FLAGS) {
		ret = -EINVAL;	/* LS2 */
		goto out;
	}
	if (!lessor_off || master_at(lessor_off)->lessor) {
		ret = -EINVAL;	/* LS14: no sub-leases */
		goto out;
	}
	if (cl->object_count) {
		if (cl->object_count > LEASE_MAX_OBJECTS) {
			ret = -ENOMEM;
			goto out;
		}
		ids = malloc((size_t)cl->object_count * sizeof(*ids));
		if (!ids) {
			ret = -ENOMEM;
			goto out;
		}
		if (shim_copy_from_user(ids, cl->object_ids, (size_t)cl->object_count * sizeof(*ids))) {
			ret = -EFAULT;
			goto out;
		}
	}
	lessee_off = shim_master_create(dev);
	if (!lessee_off) {
		ret = -ENOMEM;
		goto out;
	}
	/* LS6: an empty list is a lease of nothing (6.1 allows it; older kernels did not): a
	 * master of its own, with a GEM handle space of its own. */
	if (cl->object_count && (ret = fill_lease(call, mc, master_at(lessee_off), ids, cl->object_count)))
		goto out;
	if (lease_busy(master_at(lessor_off), master_at(lessee_off))) {
		ret = -EBUSY;
		goto out;
	}
	if ((ret = lease_link(dev, lessor_off, lessee_off)))
		goto out;
	int lessor_fl = shim_real.fcntl(call->fd, F_GETFL);
	int flags = (cl->flags & O_CLOEXEC) | (lessor_fl >= 0 ? lessor_fl & O_NONBLOCK : 0);
	uint32_t slot;
	uint64_t gen;
	int fd = shim_device_clone_open(dev, flags, &slot, &gen);
	if (fd < 0) {
		ret = fd;
		goto out;
	}
	struct shim_file *file = &dev->shared->files[slot];
	SHIM_SET(file->master, lessee_off);	/* the file takes the creation reference */
	SHIM_SET(file->is_master, 1);
	SHIM_SET(file->authenticated, 1);
	struct shim_fd_entry e = { .kind = SHIM_FD_DEVICE, .slot = slot, .generation = gen };
	shim_fd_set(fd, &e);
	cl->fd = (uint32_t)fd;
	cl->lessee_id = master_at(lessee_off)->lessee_id;
	lessee_off = 0;
out:
	if (lessee_off)
		shim_master_put(dev, lessee_off);	/* linked or not, it goes whole */
	shim_device_unlock(dev);
	free(ids);
	return ret;
}

/* LS11: drm_mode_list_lessees_ioctl. The caller's lessees that hold something, in the
 * order they were made; ids copied while the user's count has room; EFAULT stops it. */
int shim_mode_list_lessees_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_list_lessees *r = data;
	if (r->pad)
		return -EINVAL;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	const struct shim_master *m = master_at(call->file->master);
	uint32_t count = 0;
	for (shim_off l = m ? m->lessees : 0; l && !ret; l = master_at(l)->next_lessee) {
		const struct shim_master *lessee = master_at(l);
		if (!lessee->leases.count)
			continue;	/* revoked, or leased nothing */
		ret = shim_mode_put_id(r->lessees_ptr, count++, r->count_lessees, lessee->lessee_id);
	}
	if (!ret)
		r->count_lessees = count;
	shim_device_unlock(call->dev);
	return ret;
}

/* LS11: drm_mode_get_lease_ioctl. A lessee's objects; for an owner every mode object id
 * of the device. In id order, copied while the user's count has room. */
int shim_mode_get_lease_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_lease *r = data;
	if (r->pad)
		return -EINVAL;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	const struct shim_master *m = master_at(call->file->master);
	const struct shim_idr *set = m && m->lessor ? &m->leases : &mc->ids;
	uint32_t count = 0;
	for (uint32_t id = shim_idr_next(set, 1); id && !ret; id = shim_idr_next(set, id + 1)) {
		ret = shim_mode_put_id(r->objects_ptr, count++, r->count_objects, id);
	}
	if (!ret)
		r->count_objects = count;
	shim_device_unlock(call->dev);
	return ret;
}

/* LS12: drm_mode_revoke_lease_ioctl. The id is looked up among the owner's lessees
 * (ENOENT); only its own lessor may revoke it (EACCES). Revoking twice is 0. */
int shim_mode_revoke_lease_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_revoke_lease *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off me = call->file->master;
	const struct shim_master *owner = master_at(shim_lease_owner(me));
	shim_off lessee = owner && r->lessee_id ? shim_idr_find(&owner->lessee_ids, r->lessee_id) : 0;
	if (!lessee)
		ret = -ENOENT;
	else if (master_at(lessee)->lessor != me)
		ret = -EACCES;
	else
		shim_lease_revoke(call->dev, lessee);
	shim_device_unlock(call->dev);
	return ret;
}
