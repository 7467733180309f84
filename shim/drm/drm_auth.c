/* SPDX-License-Identifier: MIT */
/*
 * Magics, authentication and the master: the kernel's drm_auth.c.
 *
 * A master (struct shim_master) is created for the first opener of the
 * primary node when there is none, or for a privileged SET_MASTER by a file
 * that never had its own; every later primary opener belongs to the current
 * master and gets its magics from that master's map. A magic is consumed by
 * AUTH_MAGIC (its id stays taken until the file closes, so magics are never
 * reused while their file lives). Privilege-dependent answers follow what
 * doc/realkernel-drm-core.md measured: unprivileged SET/DROP_MASTER are EACCES
 * unless the caller's process opened the file and the file was master.
 *
 * A lessee (drm/drm_lease.c) is a master too, but never the device's: its
 * file is the current master while the owner at the top of its lease tree
 * is (LS15), it cannot be made or dropped as master itself, and a file that
 * was a master of its own revokes every lease under its master when it is
 * released (LS16). A master's last reference takes it out of its lease tree.
 */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <drm.h>

#include "base/journal.h"
#include "drm/drm_ioctl.h"
#include "drm/drm_lease.h"

shim_off shim_master_create(struct shim_device *dev)
{
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_master));
	if (off)
		SHIM_SET(((struct shim_master *)shim_ptr(off))->refcount, 1);
	return off;
}

void shim_master_get(shim_off off)
{
	SHIM_INC(((struct shim_master *)shim_ptr(off))->refcount);
}

void shim_master_put(struct shim_device *dev, shim_off off)
{
	struct shim_master *m = shim_ptr(off);
	if (!m || SHIM_DEC(m->refcount))
		return;
	shim_lease_destroy(dev, off);	/* drm_master_destroy: out of its lease tree first */
	shim_idr_destroy(&dev->shared->arena, &m->magic_map);
	shim_free(&dev->shared->arena, off, sizeof(*m));
}

/* LS15: a lessee's file is master while the owner of its tree is the device's master. */
bool shim_is_current_master(struct shim_device *dev, const struct shim_file *file)
{
	return file->is_master && file->master && shim_lease_owner(file->master) == dev->shared->master;
}

/* The file becomes the device's master (its own master object already set). */
static void set_master(struct shim_device *dev, struct shim_file *file)
{
	shim_master_get(file->master);
	SHIM_SET(dev->shared->master, file->master);
	SHIM_SET(file->was_master, 1);
}

static int new_set_master(struct shim_device *dev, struct shim_file *file)
{
	shim_off old = file->master;
	shim_off m = shim_master_create(dev);
	if (!m)
		return -ENOMEM;
	SHIM_SET(file->master, m);
	SHIM_SET(file->is_master, 1);
	SHIM_SET(file->authenticated, 1);
	set_master(dev, file);
	if (old)
		shim_master_put(dev, old);
	return 0;
}

static void drop_master(struct shim_device *dev)
{
	shim_off m = dev->shared->master;
	SHIM_SET(dev->shared->master, 0);
	shim_master_put(dev, m);
}

int shim_auth_file_open(struct shim_device *dev, struct shim_file *file)
{
	if (!dev->shared->master)
		return new_set_master(dev, file);
	SHIM_SET(file->master, dev->shared->master);
	shim_master_get(file->master);
	return 0;
}

/* drm_master_release. A lessee's file is current master without being the device's. */
void shim_auth_file_release(struct shim_device *dev, struct shim_file *file)
{
	struct shim_master *m = shim_ptr(file->master);
	if (!m)
		return;
	if (file->magic)
		shim_idr_remove(&m->magic_map, file->magic);
	if (shim_is_current_master(dev, file) && file->master == dev->shared->master)
		drop_master(dev);
	if (file->is_master)	/* LS13, LS16: its master's leases and its lessees' end with it */
		shim_lease_revoke(dev, file->master);
	shim_master_put(dev, file->master);
	SHIM_SET(file->master, 0);
}

int shim_drm_get_magic(struct shim_call *call, void *data)
{
	struct drm_auth *auth = data;
	struct shim_device *dev = call->dev;
	struct shim_file *file = call->file;
	int ret = 0;

	shim_device_lock(dev);
	struct shim_master *m = shim_ptr(file->master);
	if (!file->magic && m) {
		int64_t id = shim_idr_alloc(&dev->shared->arena, &m->magic_map, call->slot + 1, 1);
		if (id < 0)
			ret = (int)id;
		else
			SHIM_SET(file->magic, (uint32_t)id);
	}
	auth->magic = file->magic;
	shim_device_unlock(dev);
	return ret;
}

int shim_drm_auth_magic(struct shim_call *call, void *data)
{
	struct drm_auth *auth = data;
	struct shim_device *dev = call->dev;
	int ret = -EINVAL;

	shim_device_lock(dev);
	struct shim_master *m = shim_ptr(call->file->master);
	uint64_t v = m && auth->magic ? shim_idr_find(&m->magic_map, auth->magic) : 0;
	if (v && v != SHIM_MAGIC_USED) {
		SHIM_SET(dev->shared->files[v - 1].authenticated, 1);
		shim_idr_replace(&m->magic_map, auth->magic, SHIM_MAGIC_USED);
		ret = 0;
	}
	shim_device_unlock(dev);
	return ret;
}

/* Unprivileged callers may only take back a master they had, from the process that opened the file. */
static int master_check_perm(const struct shim_file *file)
{
	if (file->was_master && file->pid == getpid())
		return 0;
	return shim_capable_sys_admin() ? 0 : -EACCES;
}

int shim_drm_set_master(struct shim_call *call, void *data)
{
	struct shim_device *dev = call->dev;
	struct shim_file *file = call->file;
	int ret;

	shim_device_lock(dev);
	ret = master_check_perm(file);
	if (ret || shim_is_current_master(dev, file))
		goto out;
	if (dev->shared->master) {
		ret = -EBUSY;
		goto out;
	}
	if (!file->master) {
		ret = -EINVAL;
		goto out;
	}
	if (!file->is_master)
		ret = new_set_master(dev, file);
	else if (((struct shim_master *)shim_ptr(file->master))->lessor)
		ret = -EINVAL;	/* LS15: a lessee is master only through its lessor */
	else
		set_master(dev, file);
out:
	shim_device_unlock(dev);
	return ret;
}

int shim_drm_drop_master(struct shim_call *call, void *data)
{
	struct shim_device *dev = call->dev;
	struct shim_file *file = call->file;
	int ret;

	shim_device_lock(dev);
	ret = master_check_perm(file);
	if (!ret && !shim_is_current_master(dev, file))
		ret = -EINVAL;
	if (!ret && ((struct shim_master *)shim_ptr(file->master))->lessor)
		ret = -EINVAL;	/* LS15 */
	if (!ret)
		drop_master(dev);
	shim_device_unlock(dev);
	return ret;
}
