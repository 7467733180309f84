/* SPDX-License-Identifier: MIT */
/*
 * The fake /dev/dri, sysfs and debugfs trees (see os/fs_view.h).
 *
 * Paths in the tree the DRM core built for the instance (drm/drm_sysfs.c):
 * which paths the shim owns, where they are in the tree, and how the node
 * files stat. Every file operation here uses shim_real or system calls,
 * never the interposed libc entry points.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/real.h"
#include "os/fs_view.h"

#include "drm/drm_sysfs.h"

/* Owned prefixes: each covers the path itself and everything below it. */
static const char *const owned_prefixes[] = {
	"/dev/dri",
	"/sys/class/drm",
	"/sys/bus/pci/devices",
	"/sys/bus/pci/drivers/i915",
	SHIM_PCI_DEV_DIR,
	"/sys/kernel/debug/dri",
	"/sys/module/i915",
};

static bool component_prefix(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);
	return strncmp(path, prefix, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

bool shim_fs_owned(const char *path)
{
	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	/* Every char minor of major 226 is ours: 226:0 and 226:128 exist, others do not. */
	if (strncmp(path, "/sys/dev/char/226:", 18) == 0)
		return true;
	for (size_t i = 0; i < sizeof(owned_prefixes) / sizeof(owned_prefixes[0]); i++)
		if (component_prefix(path, owned_prefixes[i]))
			return true;
	return false;
}

int shim_fs_permission(const char *path, bool write)
{
	if (!component_prefix(path, "/sys/kernel/debug") || !strcmp(path, "/sys/kernel/debug"))
		return 0;
	if (geteuid() == 0 || shim_capable(CAP_DAC_OVERRIDE))
		return 0;
	return !write && shim_capable(CAP_DAC_READ_SEARCH) ? 0 : -EACCES;
}

int shim_fs_redirect(const struct shim_device *dev, const char *path, char *out, size_t len)
{
	int ret = shim_fs_permission(path, false);
	if (ret)
		return ret;
	size_t n = strlen(path);
	if (dev->inst.root_len + n + 1 > len)
		return -ENAMETOOLONG;
	memcpy(out, dev->inst.root, dev->inst.root_len);
	memcpy(out + dev->inst.root_len, path, n + 1);
	return 0;
}

void shim_fs_unredirect(const struct shim_device *dev, char *path)
{
	if (strncmp(path, dev->inst.root, dev->inst.root_len) == 0 &&
	    (path[dev->inst.root_len] == '/' || path[dev->inst.root_len] == '\0')) {
		memmove(path, path + dev->inst.root_len, strlen(path + dev->inst.root_len) + 1);
		if (!path[0])
			strcpy(path, "/");
	}
}

int shim_fs_node_minor(const struct shim_device *dev, const struct stat *st)
{
	if (!S_ISREG(st->st_mode) || st->st_dev != dev->node_dev)
		return -1;
	if (st->st_ino == dev->node_ino[0])
		return 0;
	if (st->st_ino == dev->node_ino[1])
		return 128;
	return -1;
}

void shim_fs_fake_node_stat(struct stat *st, unsigned minor)
{
	st->st_mode = S_IFCHR | 0666;
	st->st_rdev = makedev(226, minor);
	st->st_size = 0;
	st->st_blocks = 0;
	st->st_nlink = 1;
	st->st_blksize = 4096;
}

int shim_fs_node_stat(const struct shim_device *dev, unsigned minor, struct stat *st)
{
	char path[PATH_MAX + 32];
	snprintf(path, sizeof(path), "%s/dev/dri/%s", dev->inst.root, minor ? "renderD128" : "card0");
	if (shim_real.fstatat(AT_FDCWD, path, st, 0) < 0)
		return -errno;
	shim_fs_fake_node_stat(st, minor);
	return 0;
}

bool shim_fs_is_node_dir(const struct shim_device *dev, const char *redirected)
{
	const char *rest = redirected + dev->inst.root_len;
	return strncmp(redirected, dev->inst.root, dev->inst.root_len) == 0 &&
	       (strcmp(rest, "/dev/dri") == 0 || strcmp(rest, "/dev/dri/") == 0);
}
