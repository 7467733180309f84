/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmGetVersion/drmFreeVersion, drmGetLibVersion, drmGetCap,
 * drmSetClientCap, drmSetInterfaceVersion, drmGetBusid/drmFreeBusid.
 * Error paths use a closed fd, a pipe and /dev/null.
 */
#include <fcntl.h>
#include <stdio.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/lib/lib_test.h"

static void check_version(int fd)
{
	char name[64];
	drmVersionPtr v = drmGetVersion(fd);

	ASSERT(v != NULL);
	ASSERT(v->name && v->date && v->desc);
	ASSERT_EQ(v->name_len, strlen(v->name));
	ASSERT_EQ(v->date_len, strlen(v->date));
	ASSERT_EQ(v->desc_len, strlen(v->desc));
	ASSERT(v->name_len > 0 && v->date_len > 0 && v->desc_len > 0);
	ASSERT(v->version_major >= 1);
	ASSERT_EQ(test_driver_name(fd, name, sizeof(name)), 0);
	ASSERT_STREQ(v->name, name);
	if (!strcmp(name, "i915")) {
		/* uapi-conformance V1-V4 */
		ASSERT_EQ(v->version_major, 1);
		ASSERT_EQ(v->version_minor, 6);
		ASSERT_EQ(v->version_patchlevel, 0);
		ASSERT_STREQ(v->desc, "Intel Graphics");
		ASSERT_EQ(v->date_len, 8);
	}
	printf("# %s %d.%d.%d %s \"%s\"\n", v->name, v->version_major, v->version_minor,
	       v->version_patchlevel, v->date, v->desc);
	drmFreeVersion(v);
}

TEST(version_primary)
{
	int fd = open_primary();

	check_version(fd);
	close(fd);
}

TEST(version_render)
{
	int fd = open_render();

	check_version(fd);
	close(fd);
}

TEST(version_bad_fds)
{
	int p[2];
	int null = open("/dev/null", O_RDWR);

	errno = 0;
	ASSERT(drmGetVersion(closed_fd()) == NULL);
	ASSERT_EQ(errno, EBADF);
	ASSERT(drmGetVersion(-1) == NULL);
	ASSERT_EQ(errno, EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT(drmGetVersion(p[0]) == NULL);
	ASSERT_EQ(errno, ENOTTY);
	ASSERT(null >= 0);
	ASSERT(drmGetVersion(null) == NULL);
	ASSERT_EQ(errno, ENOTTY);
}

TEST(free_version_null)
{
	drmFreeVersion(NULL);
}

TEST(lib_version)
{
	drmVersionPtr v = drmGetLibVersion(-1);

	ASSERT(v != NULL);
	ASSERT_EQ(v->version_major, 1);
	ASSERT_EQ(v->version_minor, 3);
	ASSERT_EQ(v->version_patchlevel, 0);
	ASSERT(v->name == NULL && v->date == NULL && v->desc == NULL);
	drmFreeVersion(v);
}

TEST(get_cap)
{
	int fd = open_primary();
	uint64_t value = 12345;

	ASSERT_EQ(drmGetCap(fd, DRM_CAP_PRIME, &value), 0);
	ASSERT_EQ(value & (DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT),
		  DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
	ASSERT_EQ(drmGetCap(fd, DRM_CAP_TIMESTAMP_MONOTONIC, &value), 0);
	ASSERT_EQ(value, 1);
	if (test_is_i915(fd)) {
		/* uapi-conformance C2, C13 */
		ASSERT_EQ(drmGetCap(fd, DRM_CAP_DUMB_BUFFER, &value), 0);
		ASSERT_EQ(value, 1);
		ASSERT_EQ(drmGetCap(fd, DRM_CAP_SYNCOBJ, &value), 0);
		ASSERT_EQ(value, 1);
	}
	close(fd);
}

TEST(get_cap_render)
{
	int fd = open_render();
	uint64_t value = 0;

	ASSERT_EQ(drmGetCap(fd, DRM_CAP_PRIME, &value), 0);
	ASSERT(value & DRM_PRIME_CAP_EXPORT);
	close(fd);
}

TEST(get_cap_unknown_leaves_value)
{
	int fd = open_primary();
	uint64_t value = 77;

	if (!test_is_i915(fd))
		SKIP_MISSING("unknown caps are EINVAL on i915 only (vgem: EOPNOTSUPP)");
	ASSERT_ERRNO(drmGetCap(fd, 0x99, &value), EINVAL);
	ASSERT_ERRNO(drmGetCap(fd, 0, &value), EINVAL);
	ASSERT_EQ(value, 77);
	close(fd);
}

TEST(get_cap_errors)
{
	int fd = open_primary();
	int p[2];
	uint64_t value;

	ASSERT_ERRNO(drmGetCap(fd, DRM_CAP_PRIME, NULL), EINVAL);
	ASSERT_ERRNO(drmGetCap(closed_fd(), DRM_CAP_PRIME, &value), EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_ERRNO(drmGetCap(p[0], DRM_CAP_PRIME, &value), ENOTTY);
	close(fd);
}

TEST(set_client_cap)
{
	int fd = open_primary();

	if (!test_is_i915(fd))
		SKIP_MISSING("needs a modesetting driver");
	ASSERT_EQ(drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1), 0);
	ASSERT_EQ(drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 0), 0);
	ASSERT_EQ(drmSetClientCap(fd, DRM_CLIENT_CAP_STEREO_3D, 1), 0);
	/* uapi-conformance S3, S4, S8, S9 */
	ASSERT_ERRNO(drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 2), EINVAL);
	ASSERT_ERRNO(drmSetClientCap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1), EINVAL);
	ASSERT_ERRNO(drmSetClientCap(fd, 0x99, 1), EINVAL);
	close(fd);
}

TEST(set_client_cap_errors)
{
	int fd = open_render();
	int p[2];

	/* S1: not allowed on render nodes */
	ASSERT_ERRNO(drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1), EACCES);
	ASSERT_ERRNO(drmSetClientCap(closed_fd(), DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1), EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_ERRNO(drmSetClientCap(p[0], DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1), ENOTTY);
	close(fd);
}

TEST(busid_empty_until_interface_set)
{
	int fd = open_primary();
	char *id;
	drmSetVersion sv = { 1, 4, -1, -1 };

	if (!drmIsMaster(fd))
		SKIP_MISSING("not master");
	id = drmGetBusid(fd);
	ASSERT(id != NULL);
	ASSERT_STREQ(id, "");
	drmFreeBusid(id);

	ASSERT_EQ(drmSetInterfaceVersion(fd, &sv), 0);
	ASSERT_EQ(sv.drm_di_major, 1);
	ASSERT(sv.drm_di_minor >= 4);
	id = drmGetBusid(fd);
	ASSERT(id != NULL);
	printf("# busid %s\n", id);
	ASSERT(!strncmp(id, "pci:", 4));
	drmFreeBusid(id);
	close(fd);
}

TEST(busid_matches_device)
{
	int fd = open_primary();
	drmSetVersion sv = { 1, 4, -1, -1 };
	drmDevicePtr dev = NULL;
	char want[64], *id;

	if (!drmIsMaster(fd))
		SKIP_MISSING("not master");
	ASSERT_EQ(drmGetDevice2(fd, 0, &dev), 0);
	if (dev->bustype != DRM_BUS_PCI)
		SKIP_MISSING("not PCI");
	snprintf(want, sizeof(want), "pci:%04x:%02x:%02x.%u", dev->businfo.pci->domain,
		 dev->businfo.pci->bus, dev->businfo.pci->dev, dev->businfo.pci->func);
	ASSERT_EQ(drmSetInterfaceVersion(fd, &sv), 0);
	id = drmGetBusid(fd);
	ASSERT_STREQ(id, want);
	drmFreeBusid(id);
	drmFreeDevice(&dev);
	close(fd);
}

TEST(busid_errors)
{
	int fd = open_render();
	int p[2];

	errno = 0;
	ASSERT(drmGetBusid(fd) == NULL);
	ASSERT_EQ(errno, EACCES);
	ASSERT(drmGetBusid(closed_fd()) == NULL);
	ASSERT_EQ(errno, EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT(drmGetBusid(p[0]) == NULL);
	ASSERT_EQ(errno, ENOTTY);
	drmFreeBusid(NULL);
	close(fd);
}

TEST(set_interface_version_errors)
{
	int fd = open_primary();
	int other = open_primary();
	drmSetVersion sv = { 1, 4, -1, -1 };

	ASSERT_EQ(drmSetInterfaceVersion(fd, NULL), -EINVAL);
	ASSERT_EQ(drmSetInterfaceVersion(closed_fd(), &sv), -EBADF);
	if (drmIsMaster(fd) && !drmIsMaster(other)) {
		/* P7: SET_VERSION needs master */
		ASSERT_EQ(drmSetInterfaceVersion(other, &sv), -EACCES);
	}
	/* An interface major other than 1 is refused. */
	sv.drm_di_major = 2;
	sv.drm_di_minor = 0;
	if (drmIsMaster(fd))
		ASSERT_EQ(drmSetInterfaceVersion(fd, &sv), -EINVAL);
	close(other);
	close(fd);
}

TEST(set_interface_version_query)
{
	int fd = open_primary();
	drmSetVersion sv = { -1, -1, -1, -1 };

	if (!drmIsMaster(fd))
		SKIP_MISSING("not master");
	/* -1 asks for nothing and reports the current versions. */
	ASSERT_EQ(drmSetInterfaceVersion(fd, &sv), 0);
	ASSERT_EQ(sv.drm_di_major, 1);
	ASSERT(sv.drm_di_minor >= 4);
	ASSERT(sv.drm_dd_major >= 1);
	close(fd);
}

TEST_MAIN(
	T(version_primary),
	T(version_render),
	T(version_bad_fds),
	T(free_version_null),
	T(lib_version),
	T(get_cap),
	T(get_cap_render),
	T(get_cap_unknown_leaves_value),
	T(get_cap_errors),
	T(set_client_cap),
	T(set_client_cap_errors),
	T(busid_empty_until_interface_set),
	T(busid_matches_device),
	T(busid_errors),
	T(set_interface_version_errors),
	T(set_interface_version_query),
)
