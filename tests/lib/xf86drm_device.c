/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: device enumeration and node names. drmGetDevices2,
 * drmGetDevices, drmGetDevice2, drmGetDevice, drmGetDeviceFromDevId,
 * drmFreeDevice(s), drmDevicesEqual, drmGetNodeTypeFromFd,
 * drmGetDeviceNameFromFd(2), drmGetPrimaryDeviceNameFromFd,
 * drmGetRenderDeviceNameFromFd.
 *
 * Values are checked against the sysfs files they come from, so the test
 * holds on a real device; under the shim the emulated identity is checked
 * as well (PCI 0000:00:02.0, vendor 0x8086, I915_SHIM_DEVID or 0x1912).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/lib/lib_test.h"

static dev_t rdev_of(const char *path)
{
	struct stat st;

	ASSERT_EQ(stat(path, &st), 0);
	ASSERT(S_ISCHR(st.st_mode));
	return st.st_rdev;
}

/* A hexadecimal sysfs attribute of the device behind rdev; -1 if absent. */
static long sysfs_hex(dev_t rdev, const char *attr)
{
	char path[128];
	unsigned int v;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u/device/%s",
		 major(rdev), minor(rdev), attr);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fscanf(f, "%x", &v);
	fclose(f);
	return n == 1 ? (long)v : -1;
}

/* The test device's drmDevice in a list, by its primary node's number. */
static drmDevicePtr find_test_device(drmDevicePtr *devs, int n)
{
	dev_t want = rdev_of(test_primary_path());
	struct stat st;

	for (int i = 0; i < n; i++) {
		ASSERT(devs[i] != NULL);
		if ((devs[i]->available_nodes & (1 << DRM_NODE_PRIMARY)) &&
		    stat(devs[i]->nodes[DRM_NODE_PRIMARY], &st) == 0 && st.st_rdev == want)
			return devs[i];
	}
	TEST_FAIL("%s not in the device list", test_primary_path());
	return NULL;
}

/* Everything a drmDevice of the test device must say. */
static void check_device(drmDevicePtr dev, int with_info, int with_revision)
{
	dev_t rdev = rdev_of(test_primary_path());

	ASSERT(dev != NULL);
	ASSERT(dev->nodes != NULL);
	ASSERT(dev->available_nodes & (1 << DRM_NODE_PRIMARY));
	ASSERT(dev->available_nodes & (1 << DRM_NODE_RENDER));
	ASSERT_EQ(rdev_of(dev->nodes[DRM_NODE_PRIMARY]), rdev);
	ASSERT_EQ(rdev_of(dev->nodes[DRM_NODE_RENDER]), rdev_of(test_render_path()));
	for (int t = 0; t < DRM_NODE_MAX; t++)
		ASSERT(dev->nodes[t] != NULL);
	if (dev->bustype != DRM_BUS_PCI)
		SKIP_MISSING("test device is not on PCI");
	ASSERT(dev->businfo.pci != NULL);
	if (shim_present()) {
		ASSERT_EQ(dev->businfo.pci->domain, 0);
		ASSERT_EQ(dev->businfo.pci->bus, 0);
		ASSERT_EQ(dev->businfo.pci->dev, 2);
		ASSERT_EQ(dev->businfo.pci->func, 0);
		ASSERT_STREQ(dev->nodes[DRM_NODE_PRIMARY], "/dev/dri/card0");
		ASSERT_STREQ(dev->nodes[DRM_NODE_RENDER], "/dev/dri/renderD128");
		ASSERT_EQ(dev->available_nodes,
			  (1 << DRM_NODE_PRIMARY) | (1 << DRM_NODE_RENDER));
	}
	if (!with_info) {
		ASSERT(dev->deviceinfo.pci == NULL);
		return;
	}
	ASSERT(dev->deviceinfo.pci != NULL);
	ASSERT_EQ(dev->deviceinfo.pci->vendor_id, sysfs_hex(rdev, "vendor"));
	ASSERT_EQ(dev->deviceinfo.pci->device_id, sysfs_hex(rdev, "device"));
	ASSERT_EQ(dev->deviceinfo.pci->subvendor_id, sysfs_hex(rdev, "subsystem_vendor"));
	ASSERT_EQ(dev->deviceinfo.pci->subdevice_id, sysfs_hex(rdev, "subsystem_device"));
	if (with_revision) {
		long rev = sysfs_hex(rdev, "revision");

		if (rev >= 0)
			ASSERT_EQ(dev->deviceinfo.pci->revision_id, rev);
	} else {
		ASSERT_EQ(dev->deviceinfo.pci->revision_id, 0xff);
	}
	if (shim_present()) {
		const char *env = getenv("I915_SHIM_DEVID");
		long devid = env ? strtol(env, NULL, 0) : 0x1912;

		ASSERT_EQ(dev->deviceinfo.pci->vendor_id, 0x8086);
		ASSERT_EQ(dev->deviceinfo.pci->device_id, devid);
	}
	printf("# %04x:%02x:%02x.%u %04x:%04x (%04x:%04x) rev %02x nodes %#x\n",
	       dev->businfo.pci->domain, dev->businfo.pci->bus, dev->businfo.pci->dev,
	       dev->businfo.pci->func, dev->deviceinfo.pci->vendor_id,
	       dev->deviceinfo.pci->device_id, dev->deviceinfo.pci->subvendor_id,
	       dev->deviceinfo.pci->subdevice_id, dev->deviceinfo.pci->revision_id,
	       dev->available_nodes);
}

TEST(devices2_count_only)
{
	int n = drmGetDevices2(0, NULL, 0);

	ASSERT(n >= 1);
	/* max_devices is ignored when only counting */
	ASSERT_EQ(drmGetDevices2(0, NULL, 1000), n);
	ASSERT_EQ(drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, NULL, 0), n);
}

TEST(devices2_list)
{
	drmDevicePtr devs[64];
	int total = drmGetDevices2(0, NULL, 0);
	int n;

	memset(devs, 0, sizeof(devs));
	n = drmGetDevices2(0, devs, 64);
	ASSERT(n >= 1);
	ASSERT_EQ(n, total);
	check_device(find_test_device(devs, n), 1, 0);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			ASSERT_EQ(drmDevicesEqual(devs[i], devs[j]), 0);
	drmFreeDevices(devs, n);
	for (int i = 0; i < n; i++)
		ASSERT(devs[i] == NULL);
}

TEST(devices2_with_revision)
{
	drmDevicePtr devs[64];
	int n = drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, devs, 64);

	ASSERT(n >= 1);
	check_device(find_test_device(devs, n), 1, 1);
	drmFreeDevices(devs, n);
}

TEST(devices_is_devices2_with_revision)
{
	drmDevicePtr devs[64];
	int n = drmGetDevices(devs, 64);

	ASSERT(n >= 1);
	ASSERT_EQ(n, drmGetDevices(NULL, 0));
	check_device(find_test_device(devs, n), 1, 1);
	drmFreeDevices(devs, n);
}

TEST(devices2_truncated)
{
	drmDevicePtr one[1] = { NULL };
	drmDevicePtr none[1] = { NULL };

	ASSERT_EQ(drmGetDevices2(0, one, 1), 1);
	ASSERT(one[0] != NULL);
	drmFreeDevice(&one[0]);
	ASSERT(one[0] == NULL);
	ASSERT_EQ(drmGetDevices2(0, none, 0), 0);
	ASSERT(none[0] == NULL);
}

TEST(devices2_errors)
{
	drmDevicePtr devs[4];

	ASSERT_EQ(drmGetDevices2(2, devs, 4), -EINVAL);
	ASSERT_EQ(drmGetDevices2(~0u, NULL, 0), -EINVAL);
	ASSERT_EQ(drmGetDevices(devs, -1), -EINVAL);
}

TEST(device2_primary_and_render_agree)
{
	int p = open_primary(), r = open_render();
	drmDevicePtr a = NULL, b = NULL;

	ASSERT_EQ(drmGetDevice2(p, 0, &a), 0);
	ASSERT_EQ(drmGetDevice2(r, 0, &b), 0);
	check_device(a, 1, 0);
	check_device(b, 1, 0);
	ASSERT_EQ(drmDevicesEqual(a, b), 1);
	ASSERT_EQ(drmDevicesEqual(a, a), 1);
	ASSERT_STREQ(a->nodes[DRM_NODE_RENDER], b->nodes[DRM_NODE_RENDER]);
	drmFreeDevice(&a);
	drmFreeDevice(&b);
	ASSERT(a == NULL && b == NULL);
	close(p);
	close(r);
}

TEST(device_has_revision)
{
	int r = open_render();
	drmDevicePtr a = NULL;

	ASSERT_EQ(drmGetDevice(r, &a), 0);
	check_device(a, 1, 1);
	drmFreeDevice(&a);
	ASSERT_EQ(drmGetDevice2(r, DRM_DEVICE_GET_PCI_REVISION, &a), 0);
	check_device(a, 1, 1);
	drmFreeDevice(&a);
	close(r);
}

TEST(device2_errors)
{
	int p = open_primary();
	int pp[2];
	int null = open("/dev/null", O_RDWR);
	drmDevicePtr d = (drmDevicePtr)0x1;

	ASSERT_EQ(drmGetDevice2(-1, 0, &d), -EINVAL);
	ASSERT_EQ(drmGetDevice2(closed_fd(), 0, &d), -EBADF);
	ASSERT_EQ(drmGetDevice2(p, 2, &d), -EINVAL);
	ASSERT_EQ(drmGetDevice2(p, 0, NULL), -EINVAL);
	ASSERT_EQ(pipe(pp), 0);
	ASSERT_EQ(drmGetDevice2(pp[0], 0, &d), -EINVAL);       /* not a char device */
	ASSERT(null >= 0);
	ASSERT_EQ(drmGetDevice2(null, 0, &d), -EINVAL);        /* not a DRM node */
	ASSERT_EQ(drmGetDevice(closed_fd(), &d), -EBADF);
	ASSERT(d == (drmDevicePtr)0x1);
	close(p);
}

TEST(device_from_devid)
{
	drmDevicePtr d = NULL;

	ASSERT_EQ(drmGetDeviceFromDevId(rdev_of(test_render_path()), 0, &d), 0);
	check_device(d, 1, 0);
	drmFreeDevice(&d);
	ASSERT_EQ(drmGetDeviceFromDevId(rdev_of(test_primary_path()),
					DRM_DEVICE_GET_PCI_REVISION, &d), 0);
	check_device(d, 1, 1);
	drmFreeDevice(&d);
}

TEST(device_from_devid_errors)
{
	drmDevicePtr d = NULL;

	ASSERT_EQ(drmGetDeviceFromDevId(rdev_of(test_primary_path()), 4, &d), -EINVAL);
	ASSERT_EQ(drmGetDeviceFromDevId(rdev_of(test_primary_path()), 0, NULL), -EINVAL);
	ASSERT_EQ(drmGetDeviceFromDevId(rdev_of("/dev/null"), 0, &d), -EINVAL);
	/* A DRM major with a minor no device has. */
	ASSERT_EQ(drmGetDeviceFromDevId(makedev(226, 250), 0, &d), -EINVAL);
	ASSERT(d == NULL);
}

TEST(free_device_null)
{
	drmDevicePtr d = NULL;
	drmDevicePtr arr[3] = { NULL, NULL, NULL };

	drmFreeDevice(NULL);
	drmFreeDevice(&d);
	drmFreeDevices(NULL, 3);
	drmFreeDevices(arr, 3);
	drmFreeDevices(arr, -1);
}

TEST(devices_equal_null)
{
	drmDevicePtr a = NULL;
	int r = open_render();

	ASSERT_EQ(drmGetDevice2(r, 0, &a), 0);
	ASSERT_EQ(drmDevicesEqual(NULL, NULL), 0);
	ASSERT_EQ(drmDevicesEqual(a, NULL), 0);
	ASSERT_EQ(drmDevicesEqual(NULL, a), 0);
	drmFreeDevice(&a);
	close(r);
}

TEST(node_type)
{
	int p = open_primary(), r = open_render();
	int pp[2];
	int null = open("/dev/null", O_RDWR);

	ASSERT_EQ(drmGetNodeTypeFromFd(p), DRM_NODE_PRIMARY);
	ASSERT_EQ(drmGetNodeTypeFromFd(r), DRM_NODE_RENDER);
	ASSERT_ERRNO(drmGetNodeTypeFromFd(closed_fd()), EBADF);
	ASSERT_ERRNO(drmGetNodeTypeFromFd(-1), EBADF);
	ASSERT_EQ(pipe(pp), 0);
	ASSERT_ERRNO(drmGetNodeTypeFromFd(pp[0]), EINVAL);
	ASSERT(null >= 0);
	ASSERT_ERRNO(drmGetNodeTypeFromFd(null), EINVAL);
	close(p);
	close(r);
}

TEST(device_name_from_fd2)
{
	int p = open_primary(), r = open_render();
	char *a = drmGetDeviceNameFromFd2(p);
	char *b = drmGetDeviceNameFromFd2(r);

	ASSERT(a && b);
	ASSERT_EQ(rdev_of(a), rdev_of(test_primary_path()));
	ASSERT_EQ(rdev_of(b), rdev_of(test_render_path()));
	if (shim_present()) {
		ASSERT_STREQ(a, "/dev/dri/card0");
		ASSERT_STREQ(b, "/dev/dri/renderD128");
	}
	free(a);
	free(b);
	close(p);
	close(r);
}

TEST(device_name_from_fd)
{
	int p = open_primary(), r = open_render();
	char *a = drmGetDeviceNameFromFd(p);

	ASSERT(a != NULL);
	ASSERT_EQ(rdev_of(a), rdev_of(test_primary_path()));
	free(a);
	/* The old call only knows primary nodes. */
	ASSERT(drmGetDeviceNameFromFd(r) == NULL);
	ASSERT(drmGetDeviceNameFromFd(closed_fd()) == NULL);
	close(p);
	close(r);
}

TEST(primary_and_render_names)
{
	int p = open_primary(), r = open_render();
	char *names[4] = {
		drmGetPrimaryDeviceNameFromFd(p), drmGetPrimaryDeviceNameFromFd(r),
		drmGetRenderDeviceNameFromFd(p), drmGetRenderDeviceNameFromFd(r),
	};

	for (int i = 0; i < 4; i++)
		ASSERT(names[i] != NULL);
	ASSERT_STREQ(names[0], names[1]);
	ASSERT_STREQ(names[2], names[3]);
	ASSERT_EQ(rdev_of(names[0]), rdev_of(test_primary_path()));
	ASSERT_EQ(rdev_of(names[2]), rdev_of(test_render_path()));
	for (int i = 0; i < 4; i++)
		free(names[i]);
	close(p);
	close(r);
}

TEST(names_errors)
{
	int pp[2];
	int null = open("/dev/null", O_RDWR);
	int c = closed_fd();

	ASSERT_EQ(pipe(pp), 0);
	ASSERT(null >= 0);
	ASSERT(drmGetDeviceNameFromFd2(c) == NULL);
	ASSERT(drmGetDeviceNameFromFd2(pp[0]) == NULL);
	ASSERT(drmGetDeviceNameFromFd2(null) == NULL);
	ASSERT(drmGetPrimaryDeviceNameFromFd(c) == NULL);
	ASSERT(drmGetPrimaryDeviceNameFromFd(pp[0]) == NULL);
	ASSERT(drmGetPrimaryDeviceNameFromFd(null) == NULL);
	ASSERT(drmGetRenderDeviceNameFromFd(c) == NULL);
	ASSERT(drmGetRenderDeviceNameFromFd(pp[0]) == NULL);
	ASSERT(drmGetRenderDeviceNameFromFd(null) == NULL);
	ASSERT(drmGetDeviceNameFromFd(pp[0]) == NULL);
	ASSERT(drmGetDeviceNameFromFd(null) == NULL);
}

TEST_MAIN(
	T(devices2_count_only),
	T(devices2_list),
	T(devices2_with_revision),
	T(devices_is_devices2_with_revision),
	T(devices2_truncated),
	T(devices2_errors),
	T(device2_primary_and_render_agree),
	T(device_has_revision),
	T(device2_errors),
	T(device_from_devid),
	T(device_from_devid_errors),
	T(free_device_null),
	T(devices_equal_null),
	T(node_type),
	T(device_name_from_fd2),
	T(device_name_from_fd),
	T(primary_and_render_names),
	T(names_errors),
)
