/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_sysfs.c - the sysfs reads shared by node naming and device
 * enumeration (xf86drm_node.c, xf86drm_device.c): is a char device a DRM
 * node, which bus is it on, where is its PCI device, what does a uevent
 * file say. Private to libdrm.so.2 (hidden symbols).
 *
 * Lifetime rules: drm_sysfs_uevent_get() returns a malloc'd string the
 * caller frees; nothing else allocates. No global state.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#include "xf86drm.h"
#include "xf86drm_sysfs.h"

/* A char device M:m is a DRM node when its sysfs device has a drm folder. */
bool drm_sysfs_is_drm_node(unsigned int maj, unsigned int min)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u/device/drm", maj, min);
	return stat(path, &st) == 0;
}

/* fstat fd and check it is a DRM char device. Returns 0 or -errno. */
int drm_sysfs_fd_rdev(int fd, dev_t *rdev)
{
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	if (!S_ISCHR(st.st_mode) ||
	    !drm_sysfs_is_drm_node(major(st.st_rdev), minor(st.st_rdev)))
		return -EINVAL;
	*rdev = st.st_rdev;
	return 0;
}

/*
 * The value of "KEY=value" in dir/uevent, without the newline; malloc'd.
 * NULL when the file or the key is missing.
 */
char *drm_sysfs_uevent_get(const char *dir, const char *key_fmt, ...)
{
	char file[PATH_MAX], key[64];
	char *line = NULL, *value = NULL;
	size_t cap = 0, klen;
	ssize_t n;
	va_list ap;
	FILE *f;

	va_start(ap, key_fmt);
	vsnprintf(key, sizeof(key), key_fmt, ap);
	va_end(ap);
	klen = strlen(key);
	if (snprintf(file, sizeof(file), "%s/uevent", dir) >= (int)sizeof(file))
		return NULL;
	f = fopen(file, "r");
	if (!f)
		return NULL;
	while ((n = getline(&line, &cap, f)) >= 0) {
		if ((size_t)n > klen && strncmp(line, key, klen) == 0 && line[klen] == '=') {
			size_t vlen = (size_t)n - klen - 1;

			if (vlen && line[klen + 1 + vlen - 1] == '\n')
				vlen--;
			value = strndup(line + klen + 1, vlen);
			break;
		}
	}
	free(line);
	fclose(f);
	return value;
}

/*
 * Bus of the device behind M:m, from the last component of its subsystem
 * link. Returns a DRM_BUS_* (or DRM_SYSFS_BUS_VIRTIO), or -errno.
 */
int drm_sysfs_bus_type(unsigned int maj, unsigned int min)
{
	static const struct {
		const char *name;
		int type;
	} buses[] = {
		{ "/pci", DRM_BUS_PCI },
		{ "/usb", DRM_BUS_USB },
		{ "/platform", DRM_BUS_PLATFORM },
		{ "/spi", DRM_BUS_PLATFORM },
		{ "/host1x", DRM_BUS_HOST1X },
		{ "/virtio", DRM_SYSFS_BUS_VIRTIO },
	};
	char path[64], link[PATH_MAX];
	const char *name;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u/device/subsystem", maj, min);
	n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return -errno;
	link[n] = '\0';
	name = strrchr(link, '/');
	if (!name)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(buses) / sizeof(buses[0]); i++)
		if (strncmp(name, buses[i].name, strlen(buses[i].name)) == 0)
			return buses[i].type;
	return -EINVAL;
}

/*
 * The sysfs folder of the PCI device behind M:m: the resolved device link,
 * or for a virtio GPU its PCI parent.
 */
void drm_sysfs_pci_dir(unsigned int maj, unsigned int min, char out[PATH_MAX])
{
	char path[64];
	char *last;

	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u/device", maj, min);
	if (!realpath(path, out)) {
		snprintf(out, PATH_MAX, "%s", path);
		return;
	}
	last = strrchr(out, '/');
	if (last && strncmp(last, "/virtio", 7) == 0)
		*last = '\0';
}
