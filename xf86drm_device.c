/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_device.c - enumeration of /dev/dri into drmDevice records, with
 * their bus and device information read from sysfs as libdrm 2.4.114 does
 * on Linux (drmGetDevices2, drmGetDevice2, drmGetDeviceFromDevId, ...).
 *
 * What is read, for a node with char device number M:m:
 *   /sys/dev/char/M:m/device/drm          exists for DRM nodes only
 *   /sys/dev/char/M:m/device/subsystem    link whose last component is the bus
 *   realpath(/sys/dev/char/M:m/device)/{uevent,vendor,device,
 *       subsystem_vendor,subsystem_device,revision,config}   PCI devices
 *   /sys/dev/char/M:m/device/uevent       USB, platform and host1x devices
 *
 * Lifetime rules: every drmDevice handed out is a single calloc'd block
 * holding the struct, the node-pointer array, the node strings and the bus
 * and device information; only the "compatible" string lists of platform
 * and host1x devices are separate allocations. Release a device with
 * drmFreeDevice() and an array with drmFreeDevices(). No global state.
 *
 * Return conventions: drmGetDevice*, drmGetDevices* and
 * drmGetDeviceFromDevId return 0 (or a count) or -errno.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_sysfs.h"

/* At most this many nodes are considered by one enumeration. */
#define MAX_DRM_NODES 256

/* Room for one node path inside a drmDevice, pointer-aligned. */
#define NODE_SLOT \
	((DRM_NODE_NAME_MAX + sizeof(void *) - 1) & ~(sizeof(void *) - 1))

/* ------------------------------------------------------------------ */
/* drmDevice records                                                   */
/* ------------------------------------------------------------------ */

/*
 * One block: the struct, DRM_NODE_MAX node pointers, DRM_NODE_MAX node
 * slots, then bus_size + dev_size bytes whose start is stored in *extra.
 * The node of the given type is set.
 */
static drmDevicePtr device_alloc(int type, const char *node, size_t bus_size,
				 size_t dev_size, char **extra)
{
	size_t size = sizeof(drmDevice) + DRM_NODE_MAX * (sizeof(char *) + NODE_SLOT) +
		      bus_size + dev_size;
	drmDevicePtr dev;
	char *p;

	if (strlen(node) >= NODE_SLOT)
		return NULL;
	dev = calloc(1, size);
	if (!dev)
		return NULL;
	p = (char *)(dev + 1);
	dev->nodes = (char **)p;
	p += DRM_NODE_MAX * sizeof(char *);
	for (int i = 0; i < DRM_NODE_MAX; i++) {
		dev->nodes[i] = p;
		p += NODE_SLOT;
	}
	strcpy(dev->nodes[type], node);
	dev->available_nodes = 1 << type;
	*extra = p;
	return dev;
}

static void free_compatible(char **list)
{
	if (!list)
		return;
	for (char **p = list; *p; p++)
		free(*p);
	free(list);
}

/* drmFreeDevice: release one device and set *device to NULL. */
drm_public void drmFreeDevice(drmDevicePtr *device)
{
	drmDevicePtr dev;

	if (!device || !*device)
		return;
	dev = *device;
	if (dev->bustype == DRM_BUS_PLATFORM && dev->deviceinfo.platform)
		free_compatible(dev->deviceinfo.platform->compatible);
	else if (dev->bustype == DRM_BUS_HOST1X && dev->deviceinfo.host1x)
		free_compatible(dev->deviceinfo.host1x->compatible);
	free(dev);
	*device = NULL;
}

/* drmFreeDevices: release the first count entries of devices (NULLs skipped). */
drm_public void drmFreeDevices(drmDevicePtr devices[], int count)
{
	if (!devices)
		return;
	for (int i = 0; i < count; i++)
		drmFreeDevice(&devices[i]);
}

/*
 * drmDevicesEqual: 1 when a and b are on the same bus at the same address
 * (PCI domain/bus/slot/function, USB bus/device, platform or host1x full
 * name), else 0. NULL arguments compare unequal.
 */
drm_public int drmDevicesEqual(drmDevicePtr a, drmDevicePtr b)
{
	if (!a || !b || a->bustype != b->bustype)
		return 0;
	switch (a->bustype) {
	case DRM_BUS_PCI:
		return a->businfo.pci && b->businfo.pci &&
		       memcmp(a->businfo.pci, b->businfo.pci, sizeof(drmPciBusInfo)) == 0;
	case DRM_BUS_USB:
		return a->businfo.usb && b->businfo.usb &&
		       memcmp(a->businfo.usb, b->businfo.usb, sizeof(drmUsbBusInfo)) == 0;
	case DRM_BUS_PLATFORM:
		return a->businfo.platform && b->businfo.platform &&
		       memcmp(a->businfo.platform, b->businfo.platform,
			      sizeof(drmPlatformBusInfo)) == 0;
	case DRM_BUS_HOST1X:
		return a->businfo.host1x && b->businfo.host1x &&
		       memcmp(a->businfo.host1x, b->businfo.host1x,
			      sizeof(drmHost1xBusInfo)) == 0;
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ */
/* PCI                                                                 */
/* ------------------------------------------------------------------ */

static int pci_bus_info(unsigned int maj, unsigned int min, drmPciBusInfo *info)
{
	char dir[PATH_MAX];
	unsigned int domain, bus, slot, func;
	char *slot_name;
	int n;

	drm_sysfs_pci_dir(maj, min, dir);
	slot_name = drm_sysfs_uevent_get(dir, "PCI_SLOT_NAME");
	if (!slot_name)
		return -ENOENT;
	n = sscanf(slot_name, "%04x:%02x:%02x.%1u", &domain, &bus, &slot, &func);
	free(slot_name);
	if (n != 4)
		return -EINVAL;
	info->domain = (uint16_t)domain;
	info->bus = (uint8_t)bus;
	info->dev = (uint8_t)slot;
	info->func = (uint8_t)func;
	return 0;
}

/* Read one hexadecimal sysfs attribute of the PCI device. 0 or -errno. */
static int pci_attr(const char *dir, const char *attr, unsigned int *value)
{
	char path[PATH_MAX + 32];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	n = fscanf(f, "%x", value);
	fclose(f);
	if (n != 1)
		return -EINVAL;
	return 0;
}

/* IDs from the separate sysfs files; revision only when asked for. */
static int pci_ids_from_files(const char *dir, drmPciDeviceInfo *info, bool revision)
{
	unsigned int rev = 0xff, vendor, device, subvendor, subdevice;
	int ret;

	if (revision && (ret = pci_attr(dir, "revision", &rev)))
		return ret;
	if ((ret = pci_attr(dir, "vendor", &vendor)) ||
	    (ret = pci_attr(dir, "device", &device)) ||
	    (ret = pci_attr(dir, "subsystem_vendor", &subvendor)) ||
	    (ret = pci_attr(dir, "subsystem_device", &subdevice)))
		return ret;
	info->vendor_id = vendor & 0xffff;
	info->device_id = device & 0xffff;
	info->subvendor_id = subvendor & 0xffff;
	info->subdevice_id = subdevice & 0xffff;
	info->revision_id = rev & 0xff;
	return 0;
}

/* IDs from the first 64 bytes of PCI configuration space. */
static int pci_ids_from_config(const char *dir, drmPciDeviceInfo *info)
{
	char path[PATH_MAX + 32];
	unsigned char cfg[64];
	ssize_t n;
	int fd;

	memset(cfg, 0, sizeof(cfg));
	snprintf(path, sizeof(path), "%s/config", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, cfg, sizeof(cfg));
	if (n < 0) {
		int err = errno;

		close(fd);
		return -err;
	}
	close(fd);
	info->vendor_id = (uint16_t)(cfg[0] | cfg[1] << 8);
	info->device_id = (uint16_t)(cfg[2] | cfg[3] << 8);
	info->revision_id = cfg[8];
	info->subvendor_id = (uint16_t)(cfg[44] | cfg[45] << 8);
	info->subdevice_id = (uint16_t)(cfg[46] | cfg[47] << 8);
	return 0;
}

static int pci_device_info(unsigned int maj, unsigned int min,
			   drmPciDeviceInfo *info, uint32_t flags)
{
	char dir[PATH_MAX];

	drm_sysfs_pci_dir(maj, min, dir);
	if (!(flags & DRM_DEVICE_GET_PCI_REVISION))
		return pci_ids_from_files(dir, info, false);
	if (pci_ids_from_files(dir, info, true) == 0)
		return 0;
	return pci_ids_from_config(dir, info);
}

static int make_pci_device(drmDevicePtr *out, const char *node, int type,
			   unsigned int maj, unsigned int min, bool fetch, uint32_t flags)
{
	char *extra;
	drmDevicePtr dev = device_alloc(type, node, sizeof(drmPciBusInfo),
					sizeof(drmPciDeviceInfo), &extra);
	int ret;

	if (!dev)
		return -ENOMEM;
	dev->bustype = DRM_BUS_PCI;
	dev->businfo.pci = (drmPciBusInfoPtr)extra;
	ret = pci_bus_info(maj, min, dev->businfo.pci);
	if (!ret && fetch) {
		dev->deviceinfo.pci = (drmPciDeviceInfoPtr)(extra + sizeof(drmPciBusInfo));
		ret = pci_device_info(maj, min, dev->deviceinfo.pci, flags);
	}
	if (ret) {
		free(dev);
		return ret;
	}
	*out = dev;
	return 0;
}

/* ------------------------------------------------------------------ */
/* USB, platform, host1x                                               */
/* ------------------------------------------------------------------ */

static int make_usb_device(drmDevicePtr *out, const char *node, int type,
			   unsigned int maj, unsigned int min, bool fetch)
{
	char dir[64], *v, *extra;
	unsigned int bus, devnum, vendor, product;
	drmDevicePtr dev;
	int n;

	snprintf(dir, sizeof(dir), "/sys/dev/char/%u:%u/device", maj, min);
	dev = device_alloc(type, node, sizeof(drmUsbBusInfo), sizeof(drmUsbDeviceInfo), &extra);
	if (!dev)
		return -ENOMEM;
	dev->bustype = DRM_BUS_USB;
	dev->businfo.usb = (drmUsbBusInfoPtr)extra;
	if (!(v = drm_sysfs_uevent_get(dir, "BUSNUM")))
		goto missing;
	n = sscanf(v, "%u", &bus);
	free(v);
	if (n != 1 || !(v = drm_sysfs_uevent_get(dir, "DEVNUM")))
		goto missing;
	n = sscanf(v, "%u", &devnum);
	free(v);
	if (n != 1)
		goto missing;
	dev->businfo.usb->bus = (uint8_t)bus;
	dev->businfo.usb->dev = (uint8_t)devnum;
	if (fetch) {
		dev->deviceinfo.usb = (drmUsbDeviceInfoPtr)(extra + sizeof(drmUsbBusInfo));
		if (!(v = drm_sysfs_uevent_get(dir, "PRODUCT")))
			goto missing;
		n = sscanf(v, "%x/%x", &vendor, &product);
		free(v);
		if (n != 2)
			goto missing;
		dev->deviceinfo.usb->vendor = (uint16_t)vendor;
		dev->deviceinfo.usb->product = (uint16_t)product;
	}
	*out = dev;
	return 0;
missing:
	free(dev);
	return -ENOENT;
}

/* The part of a MODALIAS after its last ':' (e.g. "platform:foo" -> "foo"). */
static char *modalias_tail(const char *dir)
{
	char *alias = drm_sysfs_uevent_get(dir, "MODALIAS");
	char *colon, *tail;

	if (!alias)
		return NULL;
	colon = strrchr(alias, ':');
	tail = colon ? strdup(colon + 1) : NULL;
	free(alias);
	return tail;
}

/* Device-tree full name (or the MODALIAS tail) into a fixed buffer. */
static int of_full_name(const char *dir, char name[], size_t len)
{
	char *v = drm_sysfs_uevent_get(dir, "OF_FULLNAME");

	if (!v)
		v = modalias_tail(dir);
	if (!v)
		return -ENOENT;
	snprintf(name, len, "%s", v);
	free(v);
	return 0;
}

/* NULL-terminated list of device-tree compatible strings. */
static int of_compatible(const char *dir, char ***out)
{
	unsigned int count = 1;
	char **list;
	char *v = drm_sysfs_uevent_get(dir, "OF_COMPATIBLE_N");

	if (v) {
		if (sscanf(v, "%u", &count) != 1)
			count = 0;
		free(v);
	}
	if (count > 1024)
		return -EINVAL;
	list = calloc(count + 1, sizeof(char *));
	if (!list)
		return -ENOMEM;
	for (unsigned int i = 0; i < count; i++) {
		list[i] = drm_sysfs_uevent_get(dir, "OF_COMPATIBLE_%u", i);
		if (!list[i])
			list[i] = modalias_tail(dir);
		if (!list[i]) {
			free_compatible(list);
			return -ENOENT;
		}
	}
	*out = list;
	return 0;
}

/*
 * Platform and host1x devices share one layout: a full name as bus info and
 * a compatible list as device info.
 */
static int make_of_device(drmDevicePtr *out, const char *node, int type, int bustype,
			  unsigned int maj, unsigned int min, bool fetch)
{
	char dir[64], *extra;
	drmDevicePtr dev;
	int ret;

	snprintf(dir, sizeof(dir), "/sys/dev/char/%u:%u/device", maj, min);
	if (bustype == DRM_BUS_PLATFORM) {
		dev = device_alloc(type, node, sizeof(drmPlatformBusInfo),
				   sizeof(drmPlatformDeviceInfo), &extra);
		if (!dev)
			return -ENOMEM;
		dev->businfo.platform = (drmPlatformBusInfoPtr)extra;
		ret = of_full_name(dir, dev->businfo.platform->fullname,
				   sizeof(dev->businfo.platform->fullname));
		if (!ret && fetch) {
			dev->deviceinfo.platform =
				(drmPlatformDeviceInfoPtr)(extra + sizeof(drmPlatformBusInfo));
			ret = of_compatible(dir, &dev->deviceinfo.platform->compatible);
		}
	} else {
		dev = device_alloc(type, node, sizeof(drmHost1xBusInfo),
				   sizeof(drmHost1xDeviceInfo), &extra);
		if (!dev)
			return -ENOMEM;
		dev->businfo.host1x = (drmHost1xBusInfoPtr)extra;
		ret = of_full_name(dir, dev->businfo.host1x->fullname,
				   sizeof(dev->businfo.host1x->fullname));
		if (!ret && fetch) {
			dev->deviceinfo.host1x =
				(drmHost1xDeviceInfoPtr)(extra + sizeof(drmHost1xBusInfo));
			ret = of_compatible(dir, &dev->deviceinfo.host1x->compatible);
		}
	}
	dev->bustype = bustype;
	if (ret) {
		free(dev);
		return ret;
	}
	*out = dev;
	return 0;
}

/* ------------------------------------------------------------------ */
/* enumeration                                                         */
/* ------------------------------------------------------------------ */

/* Node type from a /dev/dri entry name, or -1. */
static int name_type(const char *name)
{
	if (strncmp(name, DRM_CONTROL_MINOR_NAME, strlen(DRM_CONTROL_MINOR_NAME)) == 0)
		return DRM_NODE_CONTROL;
	if (strncmp(name, DRM_RENDER_MINOR_NAME, strlen(DRM_RENDER_MINOR_NAME)) == 0)
		return DRM_NODE_RENDER;
	if (strncmp(name, DRM_PRIMARY_MINOR_NAME, strlen(DRM_PRIMARY_MINOR_NAME)) == 0)
		return DRM_NODE_PRIMARY;
	return -1;
}

/*
 * Build a drmDevice for the /dev/dri entry name. want_bus is a bus type
 * to accept, or -1 for any. Returns 0 or nonzero to skip the entry.
 */
static int make_device(drmDevicePtr *out, const char *name, int want_bus,
		       bool fetch, uint32_t flags)
{
	char node[PATH_MAX];
	unsigned int maj, min;
	struct stat st;
	int type, bus;

	type = name_type(name);
	if (type < 0)
		return -1;
	snprintf(node, sizeof(node), DRM_DIR_NAME "/%s", name);
	if (stat(node, &st) || !S_ISCHR(st.st_mode))
		return -1;
	maj = major(st.st_rdev);
	min = minor(st.st_rdev);
	if (!drm_sysfs_is_drm_node(maj, min))
		return -1;
	bus = drm_sysfs_bus_type(maj, min);
	if (want_bus != -1 && bus != want_bus)
		return -1;
	switch (bus) {
	case DRM_BUS_PCI:
	case DRM_SYSFS_BUS_VIRTIO:
		return make_pci_device(out, node, type, maj, min, fetch, flags);
	case DRM_BUS_USB:
		return make_usb_device(out, node, type, maj, min, fetch);
	case DRM_BUS_PLATFORM:
	case DRM_BUS_HOST1X:
		return make_of_device(out, node, type, bus, maj, min, fetch);
	default:
		return -1;
	}
}

/*
 * Read /dev/dri into list[] (one record per node, readdir order). Returns
 * the number of records or -errno.
 */
static int scan_nodes(drmDevicePtr list[MAX_DRM_NODES], int want_bus,
		      bool fetch, uint32_t flags)
{
	struct dirent *ent;
	int n = 0;
	DIR *d = opendir(DRM_DIR_NAME);

	if (!d)
		return -errno;
	while ((ent = readdir(d))) {
		drmDevicePtr dev;

		if (make_device(&dev, ent->d_name, want_bus, fetch, flags))
			continue;
		if (n >= MAX_DRM_NODES) {
			fprintf(stderr, "More than %d drm nodes detected. Please report a bug"
				" - that should not happen.\nSkipping extra nodes\n",
				MAX_DRM_NODES);
			drmFreeDevice(&dev);
			break;
		}
		list[n++] = dev;
	}
	closedir(d);
	return n;
}

/*
 * Merge records of the same device: the first keeps every node, later ones
 * are freed and set to NULL.
 */
static void fold_devices(drmDevicePtr list[], int n)
{
	for (int i = 0; i < n; i++) {
		if (!list[i])
			continue;
		for (int j = i + 1; j < n; j++) {
			if (!drmDevicesEqual(list[i], list[j]))
				continue;
			for (int t = 0; t < DRM_NODE_MAX; t++) {
				if ((list[j]->available_nodes & (1 << t)) &&
				    !(list[i]->available_nodes & (1 << t))) {
					strcpy(list[i]->nodes[t], list[j]->nodes[t]);
					list[i]->available_nodes |= 1 << t;
				}
			}
			drmFreeDevice(&list[j]);
		}
	}
}

/* Whether one of dev's nodes is the char device rdev. */
static bool device_has_rdev(drmDevicePtr dev, dev_t rdev)
{
	struct stat st;

	for (int t = 0; t < DRM_NODE_MAX; t++)
		if ((dev->available_nodes & (1 << t)) &&
		    stat(dev->nodes[t], &st) == 0 && st.st_rdev == rdev)
			return true;
	return false;
}

/*
 * drmGetDeviceFromDevId: the drmDevice (with all its nodes) that contains
 * the DRM char device dev_id. flags: 0 or DRM_DEVICE_GET_PCI_REVISION.
 * Returns 0 and sets *device, or -errno: EINVAL for bad flags, a NULL
 * device or a dev_id that is not a DRM node; ENODEV when no node of
 * /dev/dri is that device.
 */
drm_public int drmGetDeviceFromDevId(dev_t dev_id, uint32_t flags, drmDevicePtr *device)
{
	drmDevicePtr list[MAX_DRM_NODES];
	unsigned int maj = major(dev_id), min = minor(dev_id);
	int bus, n;

	if ((flags & ~DRM_DEVICE_GET_PCI_REVISION) || !device)
		return -EINVAL;
	if (!drm_sysfs_is_drm_node(maj, min))
		return -EINVAL;
	bus = drm_sysfs_bus_type(maj, min);
	if (bus < 0)
		return bus;
	n = scan_nodes(list, bus, true, flags);
	if (n < 0)
		return n;
	fold_devices(list, n);
	*device = NULL;
	for (int i = 0; i < n; i++) {
		if (!list[i])
			continue;
		if (!*device && device_has_rdev(list[i], dev_id))
			*device = list[i];
		else
			drmFreeDevice(&list[i]);
	}
	return *device ? 0 : -ENODEV;
}

/*
 * drmGetDevice2: the drmDevice of the node fd is open on. Returns 0 or
 * -errno: EINVAL for fd -1, a non-char-device or a non-DRM device, fstat's
 * errno (EBADF), and the errors of drmGetDeviceFromDevId().
 */
drm_public int drmGetDevice2(int fd, uint32_t flags, drmDevicePtr *device)
{
	struct stat st;

	if (fd == -1)
		return -EINVAL;
	if (fstat(fd, &st))
		return -errno;
	if (!S_ISCHR(st.st_mode))
		return -EINVAL;
	return drmGetDeviceFromDevId(st.st_rdev, flags, device);
}

/* drmGetDevice: drmGetDevice2() with DRM_DEVICE_GET_PCI_REVISION. */
drm_public int drmGetDevice(int fd, drmDevicePtr *device)
{
	return drmGetDevice2(fd, DRM_DEVICE_GET_PCI_REVISION, device);
}

/*
 * drmGetDevices2: enumerate every DRM device. With devices == NULL only
 * counts them (bus info is read, device info is not). Otherwise fills up
 * to max_devices entries, each to release with drmFreeDevice(), and
 * returns how many were stored. -errno on failure: EINVAL for bad flags or
 * a negative max_devices, opendir's errno when /dev/dri is unreadable.
 */
drm_public int drmGetDevices2(uint32_t flags, drmDevicePtr devices[], int max_devices)
{
	drmDevicePtr list[MAX_DRM_NODES];
	int n, count = 0;

	if (flags & ~DRM_DEVICE_GET_PCI_REVISION)
		return -EINVAL;
	if (devices && max_devices < 0)
		return -EINVAL;
	n = scan_nodes(list, -1, devices != NULL, flags);
	if (n < 0)
		return n;
	fold_devices(list, n);
	for (int i = 0; i < n; i++) {
		if (!list[i])
			continue;
		if (devices && count < max_devices)
			devices[count] = list[i];
		else
			drmFreeDevice(&list[i]);
		count++;
	}
	if (devices && count > max_devices)
		return max_devices;
	return count;
}

/* drmGetDevices: drmGetDevices2() with DRM_DEVICE_GET_PCI_REVISION. */
drm_public int drmGetDevices(drmDevicePtr devices[], int max_devices)
{
	return drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, devices, max_devices);
}
