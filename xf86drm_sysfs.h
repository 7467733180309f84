/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_sysfs.h - private to libdrm.so.2: sysfs helpers shared by
 * xf86drm_node.c and xf86drm_device.c, implemented in xf86drm_sysfs.c.
 * Paths are those of Linux: /sys/dev/char/MAJOR:MINOR/...
 */
#ifndef XF86DRM_SYSFS_H
#define XF86DRM_SYSFS_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

/* Bus type for virtio GPUs: they sit on a PCI parent and report as PCI. */
#define DRM_SYSFS_BUS_VIRTIO 0x10

/* Whether char device maj:min is a DRM node (its device has a drm folder). */
bool drm_sysfs_is_drm_node(unsigned int maj, unsigned int min);

/* fstat fd and check it is a DRM char device: 0 and *rdev, or -errno. */
int drm_sysfs_fd_rdev(int fd, dev_t *rdev);

/*
 * The value of KEY=value in dir/uevent (key given printf-style), without
 * the newline, malloc'd; NULL when the file or key is missing.
 */
char *drm_sysfs_uevent_get(const char *dir, const char *key_fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* DRM_BUS_* (or DRM_SYSFS_BUS_VIRTIO) of the device behind maj:min, or -errno. */
int drm_sysfs_bus_type(unsigned int maj, unsigned int min);

/* The sysfs folder of the PCI device behind maj:min (virtio: its parent). */
void drm_sysfs_pci_dir(unsigned int maj, unsigned int min, char out[PATH_MAX]);

#endif
