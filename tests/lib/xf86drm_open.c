/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmOpen, drmOpenWithType, drmOpenRender, drmClose,
 * drmAvailable, drmSetServerInfo's load_module hook.
 *
 * Kernel-agnostic: the device's driver name and bus id are read from the
 * device itself, so this runs on a real i915 as well as under the shim.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"

/* The driver name of the test device ("i915" under the shim). */
static void device_driver(char *buf, size_t len)
{
	int fd = test_open_render();

	if (fd < 0)
		SKIP_MISSING("no render node %s", test_render_path());
	if (test_driver_name(fd, buf, len))
		TEST_FAIL("VERSION on the render node failed: %s", strerror(errno));
	close(fd);
}

/* "pci:DDDD:BB:DD.F" of the test device, from drmGetDevice2(). */
static void device_busid(char *buf, size_t len)
{
	drmDevicePtr dev = NULL;
	int fd = test_open_render();

	if (fd < 0)
		SKIP_MISSING("no render node");
	ASSERT_EQ(drmGetDevice2(fd, 0, &dev), 0);
	if (dev->bustype != DRM_BUS_PCI)
		SKIP_MISSING("not a PCI device");
	snprintf(buf, len, "pci:%04x:%02x:%02x.%u", dev->businfo.pci->domain,
		 dev->businfo.pci->bus, dev->businfo.pci->dev, dev->businfo.pci->func);
	drmFreeDevice(&dev);
	close(fd);
}

static int node_minor(int fd)
{
	struct stat st;

	ASSERT_EQ(fstat(fd, &st), 0);
	ASSERT(S_ISCHR(st.st_mode));
	return (int)minor(st.st_rdev);
}

static void assert_cloexec(int fd)
{
	int flags = fcntl(fd, F_GETFD);

	ASSERT(flags >= 0);
	ASSERT(flags & FD_CLOEXEC);
	flags = fcntl(fd, F_GETFL);
	ASSERT_EQ(flags & O_ACCMODE, O_RDWR);
}

TEST(open_by_name_gives_primary_node)
{
	char name[64];
	int fd;

	device_driver(name, sizeof(name));
	fd = drmOpen(name, NULL);
	ASSERT(fd >= 0);
	ASSERT(node_minor(fd) < 64);
	assert_cloexec(fd);
	ASSERT_EQ(drmGetNodeTypeFromFd(fd), DRM_NODE_PRIMARY);
	ASSERT_EQ(drmClose(fd), 0);
}

TEST(open_with_type_render)
{
	char name[64];
	int fd;

	device_driver(name, sizeof(name));
	fd = drmOpenWithType(name, NULL, DRM_NODE_RENDER);
	ASSERT(fd >= 0);
	ASSERT(node_minor(fd) >= 128);
	assert_cloexec(fd);
	ASSERT_EQ(drmGetNodeTypeFromFd(fd), DRM_NODE_RENDER);
	drmClose(fd);
}

TEST(open_with_type_primary_equals_open)
{
	char name[64];
	int a, b;

	device_driver(name, sizeof(name));
	a = drmOpenWithType(name, NULL, DRM_NODE_PRIMARY);
	b = drmOpen(name, NULL);
	ASSERT(a >= 0 && b >= 0);
	ASSERT_EQ(node_minor(a), node_minor(b));
	drmClose(a);
	drmClose(b);
}

TEST(open_unknown_driver_fails)
{
	ASSERT_EQ(drmOpen("no-such-driver", NULL), -1);
	ASSERT_EQ(drmOpenWithType("no-such-driver", NULL, DRM_NODE_RENDER), -1);
}

TEST(open_without_name_or_busid_fails)
{
	ASSERT_EQ(drmOpen(NULL, NULL), -1);
	ASSERT_EQ(drmOpenWithType(NULL, NULL, DRM_NODE_RENDER), -1);
}

TEST(open_bad_type_fails)
{
	char name[64];

	device_driver(name, sizeof(name));
	ASSERT_ERRNO(drmOpenWithType(name, NULL, 3), EINVAL);
	ASSERT_ERRNO(drmOpenWithType(name, NULL, -1), EINVAL);
	ASSERT_ERRNO(drmOpenWithType(name, "pci:0000:00:02.0", 42), EINVAL);
}

TEST(open_control_node_absent)
{
	char name[64];

	device_driver(name, sizeof(name));
	/* Control nodes were removed from Linux (4.x); none exist to open. */
	ASSERT_EQ(drmOpenWithType(name, NULL, DRM_NODE_CONTROL), -1);
}

TEST(open_by_busid_new_style)
{
	char busid[64];
	int fd;

	device_busid(busid, sizeof(busid));
	fd = drmOpen(NULL, busid);
	ASSERT(fd >= 0);
	ASSERT(node_minor(fd) < 64);
	drmClose(fd);
}

TEST(open_by_busid_case_insensitive)
{
	char busid[64];
	int fd;

	device_busid(busid, sizeof(busid));
	for (char *p = busid; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	/* "PCI:0000:00:02.0" */
	fd = drmOpen(NULL, busid);
	ASSERT(fd >= 0);
	drmClose(fd);
}

TEST(open_by_busid_old_style)
{
	char busid[64], old[64];
	unsigned int dom, bus, dev, func;
	int fd;

	device_busid(busid, sizeof(busid));
	ASSERT_EQ(sscanf(busid, "pci:%x:%x:%x.%u", &dom, &bus, &dev, &func), 4);
	if (dom)
		SKIP_MISSING("old-style ids have no domain");
	snprintf(old, sizeof(old), "PCI:%u:%u:%u", bus, dev, func);
	fd = drmOpen(NULL, old);
	ASSERT(fd >= 0);
	drmClose(fd);
}

TEST(open_by_wrong_busid_fails)
{
	ASSERT_EQ(drmOpen(NULL, "pci:0000:7f:1f.7"), -1);
	ASSERT_EQ(drmOpen(NULL, "PCI:127:31:7"), -1);
	ASSERT_EQ(drmOpen(NULL, "usb:whatever"), -1);
	ASSERT_EQ(drmOpen(NULL, ""), -1);
}

TEST(open_wrong_busid_falls_back_to_name)
{
	char name[64];
	int fd;

	device_driver(name, sizeof(name));
	fd = drmOpen(name, "pci:0000:7f:1f.7");
	ASSERT(fd >= 0);
	drmClose(fd);
}

TEST(open_by_name_skips_claimed_device)
{
	char name[64], busid[64];
	int master, fd;

	device_driver(name, sizeof(name));
	device_busid(busid, sizeof(busid));
	/* Opening by bus id sets interface 1.4, which claims the bus id. */
	master = drmOpen(NULL, busid);
	ASSERT(master >= 0);
	if (!drmIsMaster(master))
		SKIP_MISSING("another process is master");
	/* A name lookup only takes devices no master has claimed. */
	ASSERT_EQ(drmOpen(name, NULL), -1);
	/* A bus-id lookup still finds it. */
	fd = drmOpen(NULL, busid);
	ASSERT(fd >= 0);
	drmClose(fd);
	drmClose(master);
}

TEST(open_render_by_minor)
{
	struct stat st;
	int fd;

	if (stat(test_render_path(), &st) || !S_ISCHR(st.st_mode))
		SKIP_MISSING("no render node");
	fd = drmOpenRender((int)minor(st.st_rdev));
	ASSERT(fd >= 0);
	ASSERT_EQ(node_minor(fd), (int)minor(st.st_rdev));
	assert_cloexec(fd);
	drmClose(fd);
}

TEST(open_render_missing_minor_returns_neg_errno)
{
	/* renderD191 is the last render minor; none of the test devices has it. */
	ASSERT_EQ(drmOpenRender(191), -ENOENT);
	ASSERT_EQ(drmOpenRender(-1), -ENOENT);
}

TEST(close_twice)
{
	int fd = test_open_primary();

	ASSERT(fd >= 0);
	ASSERT_EQ(drmClose(fd), 0);
	ASSERT_ERRNO(drmClose(fd), EBADF);
	ASSERT_ERRNO(drmClose(-1), EBADF);
}

TEST(available)
{
	struct stat st;

	if (stat(test_primary_path(), &st))
		SKIP_MISSING("no primary node");
	ASSERT_EQ(drmAvailable(), 1);
}

static int load_calls;

static int count_load(const char *name)
{
	(void)name;
	load_calls++;
	return 0;
}

TEST(load_module_hook_not_called_when_available)
{
	drmServerInfo info = { NULL, count_load, NULL };
	char name[64];
	int fd;

	device_driver(name, sizeof(name));
	drmSetServerInfo(&info);
	fd = drmOpen(name, NULL);
	drmSetServerInfo(NULL);
	ASSERT(fd >= 0);
	ASSERT_EQ(load_calls, 0);
	drmClose(fd);
}

TEST(open_traced_with_libgl_debug)
{
	char busid[64], out[4096];
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;
	int fd;

	device_busid(busid, sizeof(busid));
	ASSERT(tmp != NULL && saved >= 0);
	setenv("LIBGL_DEBUG", "verbose", 1);
	fflush(stderr);
	ASSERT_EQ(dup2(fileno(tmp), 2), 2);
	fd = drmOpen(NULL, busid);
	fflush(stderr);
	dup2(saved, 2);
	unsetenv("LIBGL_DEBUG");
	ASSERT(fd >= 0);
	rewind(tmp);
	n = fread(out, 1, sizeof(out) - 1, tmp);
	out[n] = '\0';
	/* drmOpen reports its search through drmMsg() */
	ASSERT(strstr(out, busid) != NULL);
	drmClose(fd);
}

TEST_MAIN(
	T(open_by_name_gives_primary_node),
	T(open_with_type_render),
	T(open_with_type_primary_equals_open),
	T(open_unknown_driver_fails),
	T(open_without_name_or_busid_fails),
	T(open_bad_type_fails),
	T(open_control_node_absent),
	T(open_by_busid_new_style),
	T(open_by_busid_case_insensitive),
	T(open_by_busid_old_style),
	T(open_by_wrong_busid_fails),
	T(open_wrong_busid_falls_back_to_name),
	T(open_by_name_skips_claimed_device),
	T(open_render_by_minor),
	T(open_render_missing_minor_returns_neg_errno),
	T(close_twice),
	T(available),
	T(load_module_hook_not_called_when_available),
	T(open_traced_with_libgl_debug),
)
