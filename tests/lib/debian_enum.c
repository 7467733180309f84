/* SPDX-License-Identifier: MIT */
/*
 * Drop-in check: one source, built twice. tests/lib/debian_enum links
 * Debian's libdrm.so.2 (DEBIAN_LIBDRM_SO), tests/lib/debian_enum_ours
 * links ours; both are compiled against our xf86drm.h. Each enumerates the
 * devices with drmGetDevices2(), opens every node and checks it, as a TAP
 * test; with --list it prints the device list only, which
 * debian_enum_compare.sh diffs between the two builds.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "config.h"	/* DEBIAN_LIBDRM_SO, DEBIAN_LIBDRM_INTEL_SO */

#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

#include "xf86drm.h"
#include "tests/harness.h"

#define SYSTEM_LIBDRM DEBIAN_LIBDRM_SO	/* config.h: Debian's, or "" */

static const char *const type_names[DRM_NODE_MAX] = { "primary", "control", "render" };

static void print_device(FILE *out, const char *prefix, drmDevicePtr d)
{
	fprintf(out, "%sbus %d", prefix, d->bustype);
	if (d->bustype == DRM_BUS_PCI) {
		fprintf(out, " pci %04x:%02x:%02x.%u", d->businfo.pci->domain,
			d->businfo.pci->bus, d->businfo.pci->dev, d->businfo.pci->func);
		if (d->deviceinfo.pci)
			fprintf(out, " id %04x:%04x sub %04x:%04x rev %02x",
				d->deviceinfo.pci->vendor_id, d->deviceinfo.pci->device_id,
				d->deviceinfo.pci->subvendor_id,
				d->deviceinfo.pci->subdevice_id,
				d->deviceinfo.pci->revision_id);
	}
	fprintf(out, " nodes %#x", d->available_nodes);
	for (int t = 0; t < DRM_NODE_MAX; t++)
		if (d->available_nodes & (1 << t))
			fprintf(out, " %s=%s", type_names[t], d->nodes[t]);
	fprintf(out, "\n");
}

/* The device list, with and without the PCI revision. */
static int print_list(FILE *out, const char *prefix)
{
	static const uint32_t flags[] = { 0, DRM_DEVICE_GET_PCI_REVISION };

	for (size_t f = 0; f < ARRAY_SIZE(flags); f++) {
		drmDevicePtr devs[64];
		int n = drmGetDevices2(flags[f], devs, 64);

		fprintf(out, "%sflags %u: %d device(s), count-only %d\n", prefix, flags[f], n,
			drmGetDevices2(flags[f], NULL, 0));
		if (n < 0)
			return n;
		for (int i = 0; i < n; i++)
			print_device(out, prefix, devs[i]);
		drmFreeDevices(devs, n);
	}
	return 0;
}

TEST(which_libdrm)
{
	Dl_info info;
	char path[PATH_MAX], sys[PATH_MAX];

	ASSERT(dladdr((void *)drmGetDevices2, &info) != 0);
	ASSERT(realpath(info.dli_fname, path) != NULL);
	printf("# libdrm: %s\n", path);
	if (!realpath(SYSTEM_LIBDRM, sys))
		sys[0] = '\0';
#ifdef EXPECT_SYSTEM_LIBDRM
	ASSERT_STREQ(path, sys);
#else
	ASSERT(strcmp(path, sys) != 0);
#endif
}

TEST(enumerate)
{
	drmDevicePtr devs[64];
	int n = drmGetDevices2(0, devs, 64);
	int intel = 0;

	ASSERT(n >= 1);
	ASSERT_EQ(print_list(stdout, "# "), 0);
	for (int i = 0; i < n; i++) {
		drmDevicePtr d = devs[i];

		if (d->bustype == DRM_BUS_PCI && d->deviceinfo.pci->vendor_id == 0x8086 &&
		    (d->available_nodes & (1 << DRM_NODE_PRIMARY)) &&
		    (d->available_nodes & (1 << DRM_NODE_RENDER)))
			intel++;
	}
	ASSERT(intel >= 1);
	drmFreeDevices(devs, n);
}

TEST(open_every_node)
{
	drmDevicePtr devs[64];
	int n = drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, devs, 64);
	int opened = 0;

	ASSERT(n >= 1);
	for (int i = 0; i < n; i++) {
		for (int t = 0; t < DRM_NODE_MAX; t++) {
			drmDevicePtr back = NULL;
			drmVersionPtr v;
			int fd;

			if (!(devs[i]->available_nodes & (1 << t)))
				continue;
			fd = open(devs[i]->nodes[t], O_RDWR | O_CLOEXEC);
			if (fd < 0)
				TEST_FAIL("open %s: %s", devs[i]->nodes[t], strerror(errno));
			v = drmGetVersion(fd);
			ASSERT(v != NULL);
			printf("# %s: %s %d.%d.%d\n", devs[i]->nodes[t], v->name,
			       v->version_major, v->version_minor, v->version_patchlevel);
			drmFreeVersion(v);
			ASSERT_EQ(drmGetNodeTypeFromFd(fd), t);
			ASSERT_EQ(drmGetDevice2(fd, DRM_DEVICE_GET_PCI_REVISION, &back), 0);
			ASSERT_EQ(drmDevicesEqual(back, devs[i]), 1);
			ASSERT_EQ(back->available_nodes, devs[i]->available_nodes);
			drmFreeDevice(&back);
			close(fd);
			opened++;
		}
	}
	ASSERT(opened >= 2);
	drmFreeDevices(devs, n);
}

TEST(open_by_name)
{
	int fd = drmOpen("i915", NULL);
	int r;

	ASSERT(fd >= 0);
	ASSERT_EQ(drmGetNodeTypeFromFd(fd), DRM_NODE_PRIMARY);
	r = drmOpenWithType("i915", NULL, DRM_NODE_RENDER);
	ASSERT(r >= 0);
	ASSERT_EQ(drmGetNodeTypeFromFd(r), DRM_NODE_RENDER);
	drmClose(r);
	drmClose(fd);
}

int main(int argc, char **argv)
{
	static const struct test tests[] = {
		T(which_libdrm),
		T(enumerate),
		T(open_every_node),
		T(open_by_name),
	};

	if (argc > 1 && !strcmp(argv[1], "--list"))
		return print_list(stdout, "") ? 1 : 0;
	return run_tests(tests, ARRAY_SIZE(tests));
}
