/* SPDX-License-Identifier: MIT */
/*
 * Device discovery through libudev, the way IGT's lsgpu, gem_wsim and
 * intel_gpu_top find a GPU: enumerate the drm subsystem (libudev lists
 * /sys/bus and /sys/class, walks each syspath from "/" one component at a
 * time, and reads uevent and attributes), then go up to the PCI parent.
 * Holds on a real i915 machine too; the slot is checked only under the shim.
 * Without libudev at configure time the test skips.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"

#ifdef HAVE_LIBUDEV
#include <libudev.h>

TEST(enumerate_drm)
{
	struct stat st;
	if (stat("/dev/dri/card0", &st))
		SKIP_MISSING("no card0");
	struct udev *udev = udev_new();
	ASSERT(udev);
	struct udev_enumerate *en = udev_enumerate_new(udev);
	ASSERT(en);
	ASSERT_OK(udev_enumerate_add_match_subsystem(en, "drm"));
	ASSERT_OK(udev_enumerate_scan_devices(en));
	int card = 0, render = 0;
	struct udev_list_entry *it;
	udev_list_entry_foreach(it, udev_enumerate_get_list_entry(en)) {
		const char *syspath = udev_list_entry_get_name(it);
		struct udev_device *d = udev_device_new_from_syspath(udev, syspath);
		ASSERT(d);
		const char *name = udev_device_get_sysname(d);
		dev_t devnum = udev_device_get_devnum(d);
		if (!strcmp(name, "card0") || !strcmp(name, "renderD128")) {
			bool is_card = !strcmp(name, "card0");
			card += is_card;
			render += !is_card;
			ASSERT_EQ(major(devnum), 226);
			ASSERT_EQ(minor(devnum), is_card ? 0u : 128u);
			const char *node = udev_device_get_devnode(d);
			ASSERT(node);
			ASSERT_STREQ(node, is_card ? "/dev/dri/card0" : "/dev/dri/renderD128");
			struct udev_device *pci = udev_device_get_parent_with_subsystem_devtype(d, "pci", NULL);
			ASSERT(pci);
			const char *vendor = udev_device_get_sysattr_value(pci, "vendor");
			ASSERT(vendor);
			ASSERT_STREQ(vendor, "0x8086");
			ASSERT_STREQ(udev_device_get_driver(pci), "i915");
			if (shim_present())
				ASSERT_STREQ(udev_device_get_sysname(pci), "0000:00:02.0");
		}
		udev_device_unref(d);
	}
	ASSERT_EQ(card, 1);
	ASSERT_EQ(render, 1);
	udev_enumerate_unref(en);
	udev_unref(udev);
}

/* The PCI bus the shim emulates: one display device, ours. */
TEST(enumerate_pci)
{
	REQUIRE_SHIM("a real machine has more PCI devices");
	struct udev *udev = udev_new();
	ASSERT(udev);
	struct udev_enumerate *en = udev_enumerate_new(udev);
	ASSERT_OK(udev_enumerate_add_match_subsystem(en, "pci"));
	ASSERT_OK(udev_enumerate_scan_devices(en));
	int n = 0;
	struct udev_list_entry *it;
	udev_list_entry_foreach(it, udev_enumerate_get_list_entry(en)) {
		struct udev_device *d = udev_device_new_from_syspath(udev, udev_list_entry_get_name(it));
		ASSERT(d);
		ASSERT_STREQ(udev_device_get_sysname(d), "0000:00:02.0");
		ASSERT_STREQ(udev_device_get_property_value(d, "PCI_CLASS"), "30000");
		udev_device_unref(d);
		n++;
	}
	ASSERT_EQ(n, 1);
	udev_enumerate_unref(en);
	udev_unref(udev);
}

TEST_MAIN(T(enumerate_drm), T(enumerate_pci))
#else
int main(void)
{
	printf("1..0 # SKIP configure found no libudev (libudev-dev)\n");
	return 0;
}
#endif
