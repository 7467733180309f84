/* SPDX-License-Identifier: MIT */
/*
 * Is there kernel mode setting? drmIsKMS() asks a device fd,
 * drmCheckModesettingSupported() asks sysfs about a PCI bus id, each the
 * way libdrm 2.4.114 does.
 *
 * Lifetimes: nothing is handed out. Calls: drmIoctl(), opendir(3) of sysfs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "libdrm_macros.h"
#include "xf86drm.h"

/*
 * drmIsKMS: 1 when MODE_GETRESOURCES succeeds and reports at least one
 * CRTC, connector and encoder; 0 otherwise (a render node, no display,
 * not a DRM fd).
 */
drm_public int drmIsKMS(int fd)
{
	struct drm_mode_card_res res;

	memset(&res, 0, sizeof(res));
	if (drmIoctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
		return 0;
	return res.count_crtcs > 0 && res.count_connectors > 0 &&
	       res.count_encoders > 0;
}

/* Does dir hold an entry whose name starts with prefix? -1: no such dir. */
static int dir_has_prefix(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int found = 0;

	if (!d)
		return -1;
	while (!found && (de = readdir(d)))
		found = strncmp(de->d_name, prefix, strlen(prefix)) == 0;
	closedir(d);
	return found;
}

/*
 * drmCheckModesettingSupported: 0 when the PCI device "pci:DDDD:BB:DD.F"
 * has a DRM control node in sysfs - the sign libdrm reads as "a KMS
 * driver is bound" - either as drm/controlD* or as a drm:controlD* link.
 * -EINVAL for a malformed bus id or a device sysfs does not know; -ENOSYS
 * when the device has no control node (kernels no longer make them, so
 * this is the usual answer today).
 */
drm_public int drmCheckModesettingSupported(const char *busid)
{
	unsigned int domain, bus, dev;
	int func;
	char path[128];

	if (!busid || sscanf(busid, "pci:%04x:%02x:%02x.%d", &domain, &bus, &dev, &func) != 4)
		return -EINVAL;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%04x:%02x:%02x.%d/drm",
		 domain, bus, dev, func);
	if (dir_has_prefix(path, "controlD") == 1)
		return 0;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%04x:%02x:%02x.%d/",
		 domain, bus, dev, func);
	switch (dir_has_prefix(path, "drm:controlD")) {
	case -1:
		return -EINVAL;
	case 1:
		return 0;
	default:
		return -ENOSYS;
	}
}
