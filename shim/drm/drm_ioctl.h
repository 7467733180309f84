/* SPDX-License-Identifier: MIT */
/*
 * The DRM ioctl dispatcher and the handler contract.
 *
 * shim_drm_ioctl() does what drm_ioctl() does in the kernel, in the same
 * order: type check, table lookup, copy-in (EFAULT before any permission
 * check), zero-fill of a short struct, permission check, handler, copy-out
 * (always, and EFAULT if it fails). Handlers see a kernel-side copy of the
 * argument and return 0 or -errno; they reach user memory only through
 * shim_copy_from_user()/shim_copy_to_user().
 */
#ifndef SHIM_DRM_IOCTL_H
#define SHIM_DRM_IOCTL_H

#include <stdint.h>

#include "drm/drm_device.h"

struct shim_call {
	struct shim_device *dev;
	struct shim_file *file;
	uint32_t slot;
	int fd;
};

typedef int (*shim_ioctl_fn)(struct shim_call *call, void *data);

/* Permission flags, as the kernel's DRM_AUTH etc. */
#define SHIM_AUTH		(1u << 0)
#define SHIM_MASTER		(1u << 1)
#define SHIM_ROOT_ONLY		(1u << 2)
#define SHIM_RENDER_ALLOW	(1u << 5)

struct shim_ioctl_desc {
	unsigned int cmd;	/* the kernel table's command: direction and size */
	unsigned int flags;
	shim_ioctl_fn fn;	/* NULL: a hole in the kernel's table (EINVAL) */
	const char *name;
};

/* Returns 0 or -errno. */
int shim_drm_ioctl(struct shim_call *call, unsigned long cmd, void *arg);

/* Shared handlers. */
int shim_ioctl_noop(struct shim_call *call, void *data);	/* the kernel's drm_noop */
int shim_ioctl_invalid(struct shim_call *call, void *data);	/* drm_invalid_op: EINVAL */
/* An ioctl the kernel has and we do not emulate: ENOSYS, said once on stderr. */
int shim_ioctl_unemulated(struct shim_call *call, void *data);

/* drm/drm_core.c */
int shim_drm_version(struct shim_call *call, void *data);
int shim_drm_get_unique(struct shim_call *call, void *data);
int shim_drm_get_client(struct shim_call *call, void *data);
int shim_drm_get_stats(struct shim_call *call, void *data);
int shim_drm_set_version(struct shim_call *call, void *data);
int shim_drm_get_cap(struct shim_call *call, void *data);
int shim_drm_set_client_cap(struct shim_call *call, void *data);

/* drm/drm_auth.c: magics and masters. */
int shim_drm_get_magic(struct shim_call *call, void *data);
int shim_drm_auth_magic(struct shim_call *call, void *data);
int shim_drm_set_master(struct shim_call *call, void *data);
int shim_drm_drop_master(struct shim_call *call, void *data);
bool shim_is_current_master(struct shim_device *dev, const struct shim_file *file);
/* Device lock held: the primary-node open and release steps of the master logic. */
int shim_auth_file_open(struct shim_device *dev, struct shim_file *file);
void shim_auth_file_release(struct shim_device *dev, struct shim_file *file);

#endif
