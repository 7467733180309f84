/* SPDX-License-Identifier: MIT */
/*
 * The part of the file system the shim owns: /dev/dri, the sysfs entries of
 * the emulated PCI device and its DRM minors, and a debugfs view.
 *
 * These paths are served from a real directory tree inside the device
 * instance (root/), so reads, directory listings, symlinks, openat() relative
 * to an opened directory and writes to debugfs files all behave natively.
 * Three things are faked on top: the node files dev/dri/card0 and
 * dev/dri/renderD128 are regular files in the tree but stat as character
 * devices 226:0 and 226:128, and opening them opens the device instead; and
 * debugfs is root-only, as it is mounted on Linux.
 * Paths of the same kinds that the emulated machine does not have (another
 * card, another PCI function, the host's real /dev/dri) do not exist.
 */
#ifndef SHIM_FS_VIEW_H
#define SHIM_FS_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "drm/drm_device.h"
#include "hw/device_model.h"

/* Is this path one the shim answers for? Cheap; no device is created. */
bool shim_fs_owned(const char *path);

/*
 * May the caller reach an owned path (write: and change what is there)? debugfs is
 * root-only, as Linux mounts it (mode 0700, uid 0): below /sys/kernel/debug only uid 0 or
 * CAP_DAC_OVERRIDE may go (CAP_DAC_READ_SEARCH, to read), whoever the instance belongs to
 * and whatever the tree's own modes. 0 or -EACCES; other paths: 0.
 */
int shim_fs_permission(const char *path, bool write);

/* out = the tree's copy of an owned absolute path: -EACCES where shim_fs_permission (to read)
 * says no, -ENAMETOOLONG if it does not fit. */
int shim_fs_redirect(const struct shim_device *dev, const char *path, char *out, size_t len);

/* If a real path (e.g. from realpath) lies inside the tree, strip the tree prefix in place. */
void shim_fs_unredirect(const struct shim_device *dev, char *path);

/* The minor (0 or 128) of the node file st describes, or -1. */
int shim_fs_node_minor(const struct shim_device *dev, const struct stat *st);

/* Rewrites st (of a node file) as the character device it stands for. */
void shim_fs_fake_node_stat(struct stat *st, unsigned minor);

/* The stat of the node of minor 0 or 128, as a device fd's fstat reports it. */
int shim_fs_node_stat(const struct shim_device *dev, unsigned minor, struct stat *st);

/*
 * Listings the shim composes. A junction is a host directory with owned entries (a strict
 * ancestor of an owned path: /sys, /sys/class, /sys/bus, /sys/bus/pci, /sys/devices, /dev...):
 * it lists the host's entries, minus the host's own versions of owned paths (its GPU's
 * 0000:00:02.0, its 226:* minors, its i915 driver), plus the tree's. A junction the host
 * lacks is owned outright. /dev/dri lists the tree's, the node files as DT_CHR.
 */
bool shim_fs_junction(const char *path);	/* a junction or /dev/dri; cheap, no device */

/* Could rel, relative to the directory dir (a real path), lead into an owned path? Only
 * relative to "/" or a junction; cheap. */
bool shim_fs_may_lead_in(const char *dir, const char *rel);

struct shim_fs_dirent {
	uint64_t ino;
	unsigned char type;
	char name[256];
};
struct shim_fs_listing {
	size_t count;
	struct shim_fs_dirent ent[];
};
/* The composed listing of path (see above), malloc'd (free() it); NULL with errno set, or
 * with errno 0 if path's listing is not composed (the host's or the tree's as it is). */
struct shim_fs_listing *shim_fs_listing(const struct shim_device *dev, const char *path);

/* What statfs reports for an owned path: DEBUGFS_MAGIC below /sys/kernel/debug, so the
 * debugfs view looks mounted; TMPFS_MAGIC (devtmpfs) for /dev; SYSFS_MAGIC otherwise. */
long shim_fs_magic(const char *path);


#endif
