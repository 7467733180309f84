/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_node.c - what node an fd is open on: its type (primary, control,
 * render) and the /dev paths of it and of its sibling nodes, found through
 * sysfs as libdrm 2.4.114 does on Linux.
 *
 * Lifetime rules: every name returned is a malloc'd string the caller
 * releases with free(); NULL means not found (or not a DRM node). No global
 * state.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_sysfs.h"

/* Node type from the minor number, or -1. */
static int minor_type(unsigned int min)
{
	int type = (int)(min >> 6);

	switch (type) {
	case DRM_NODE_PRIMARY:
	case DRM_NODE_CONTROL:
	case DRM_NODE_RENDER:
		return type;
	default:
		return -1;
	}
}

static const char *type_prefix(int type)
{
	switch (type) {
	case DRM_NODE_PRIMARY:
		return DRM_PRIMARY_MINOR_NAME;
	case DRM_NODE_CONTROL:
		return DRM_CONTROL_MINOR_NAME;
	case DRM_NODE_RENDER:
		return DRM_RENDER_MINOR_NAME;
	default:
		return NULL;
	}
}

/*
 * drmGetNodeTypeFromFd: DRM_NODE_PRIMARY, DRM_NODE_CONTROL or
 * DRM_NODE_RENDER for a DRM device fd. -1 with errno: fstat's errno (e.g.
 * EBADF), EINVAL for something that is not a DRM char device, ENODEV for a
 * DRM minor outside the three ranges.
 */
drm_public int drmGetNodeTypeFromFd(int fd)
{
	dev_t rdev;
	int ret = drm_sysfs_fd_rdev(fd, &rdev);

	if (ret) {
		errno = -ret;
		return -1;
	}
	ret = minor_type(minor(rdev));
	if (ret < 0)
		errno = ENODEV;
	return ret;
}

/*
 * The /dev/dri path of the node of the given type that belongs to the same
 * device as fd, found by listing the sysfs drm folder of fd's device.
 */
static char *sibling_node_name(int fd, int type)
{
	const char *prefix = type_prefix(type);
	char dir[64], path[PATH_MAX];
	struct dirent *ent;
	char *result = NULL;
	dev_t rdev;
	DIR *d;

	if (!prefix || drm_sysfs_fd_rdev(fd, &rdev))
		return NULL;
	snprintf(dir, sizeof(dir), "/sys/dev/char/%u:%u/device/drm",
		 major(rdev), minor(rdev));
	d = opendir(dir);
	if (!d)
		return NULL;
	while ((ent = readdir(d))) {
		if (strncmp(ent->d_name, prefix, strlen(prefix)) == 0) {
			snprintf(path, sizeof(path), DRM_DIR_NAME "/%s", ent->d_name);
			result = strdup(path);
			break;
		}
	}
	closedir(d);
	return result;
}

/* drmGetPrimaryDeviceNameFromFd: "/dev/dri/cardN" of fd's device, or NULL. */
drm_public char *drmGetPrimaryDeviceNameFromFd(int fd)
{
	return sibling_node_name(fd, DRM_NODE_PRIMARY);
}

/* drmGetRenderDeviceNameFromFd: "/dev/dri/renderDN" of fd's device, or NULL. */
drm_public char *drmGetRenderDeviceNameFromFd(int fd)
{
	return sibling_node_name(fd, DRM_NODE_RENDER);
}

/*
 * drmGetDeviceNameFromFd2: the /dev path of the node fd is open on (any
 * type), from the node's uevent DEVNAME. NULL when fd is not a DRM node.
 */
drm_public char *drmGetDeviceNameFromFd2(int fd)
{
	char dir[64], path[PATH_MAX];
	char *devname;
	dev_t rdev;

	if (drm_sysfs_fd_rdev(fd, &rdev))
		return NULL;
	snprintf(dir, sizeof(dir), "/sys/dev/char/%u:%u", major(rdev), minor(rdev));
	devname = drm_sysfs_uevent_get(dir, "DEVNAME");
	if (!devname)
		return NULL;
	snprintf(path, sizeof(path), "/dev/%s", devname);
	free(devname);
	return strdup(path);
}

/*
 * drmGetDeviceNameFromFd: the /dev/dri/cardN (N < DRM_MAX_MINOR) whose
 * device number equals fd's, or NULL. Only primary nodes are found; new
 * code wants drmGetDeviceNameFromFd2().
 */
drm_public char *drmGetDeviceNameFromFd(int fd)
{
	char path[64];
	struct stat st;
	dev_t rdev;

	if (fstat(fd, &st))
		return NULL;
	rdev = st.st_rdev;
	for (int i = 0; i < DRM_MAX_MINOR; i++) {
		snprintf(path, sizeof(path), DRM_DEV_NAME, DRM_DIR_NAME, i);
		if (stat(path, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == rdev)
			return strdup(path);
	}
	return NULL;
}
