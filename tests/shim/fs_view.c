/* SPDX-License-Identifier: MIT */
/*
 * What a program finds in the file system: the device nodes, the sysfs
 * description of the PCI device and its DRM minors, the debugfs view. The
 * layout is the kernel's, so most tests hold on a real i915 machine too; the
 * exact identity of the emulated device is checked only under the shim.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"

static void read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f)
		TEST_FAIL("fopen %s: %s", path, strerror(errno));
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = 0;
	fclose(f);
}

TEST(nodes_are_char_devices)
{
	struct stat st;
	if (stat("/dev/dri/card0", &st))
		SKIP_MISSING("no card0");
	ASSERT(S_ISCHR(st.st_mode));
	ASSERT_EQ(major(st.st_rdev), 226);
	ASSERT_EQ(minor(st.st_rdev), 0);
	ASSERT_OK(stat("/dev/dri/renderD128", &st));
	ASSERT(S_ISCHR(st.st_mode));
	ASSERT_EQ(minor(st.st_rdev), 128);
	ASSERT_OK(lstat("/dev/dri/renderD128", &st));
	ASSERT(S_ISCHR(st.st_mode));
	ASSERT_OK(access("/dev/dri/card0", R_OK | W_OK));
}

TEST(fstat_matches_stat)
{
	struct stat a, b;
	int fd = test_open_render();
	if (fd < 0)
		SKIP_MISSING("no render node");
	ASSERT_OK(fstat(fd, &a));
	ASSERT_OK(stat("/dev/dri/renderD128", &b));
	ASSERT(S_ISCHR(a.st_mode));
	ASSERT_EQ(a.st_rdev, b.st_rdev);
	ASSERT_EQ(a.st_ino, b.st_ino);
	ASSERT_EQ(a.st_dev, b.st_dev);
	struct statx sx;
	ASSERT_OK(statx(fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &sx));
	ASSERT(S_ISCHR(sx.stx_mode));
	ASSERT_EQ(sx.stx_rdev_major, 226);
	ASSERT_EQ(sx.stx_rdev_minor, 128);
	ASSERT_OK(statx(AT_FDCWD, "/dev/dri/card0", 0, STATX_BASIC_STATS, &sx));
	ASSERT_EQ(sx.stx_rdev_minor, 0);
	close(fd);
}

TEST(dev_dri_lists_nodes)
{
	DIR *d = opendir("/dev/dri");
	if (!d)
		SKIP_MISSING("no /dev/dri");
	int card = 0, render = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, "card0")) {
			card = 1;
			ASSERT_EQ(e->d_type, DT_CHR);
		}
		if (!strcmp(e->d_name, "renderD128")) {
			render = 1;
			ASSERT_EQ(e->d_type, DT_CHR);
		}
	}
	closedir(d);
	ASSERT(card && render);
}

TEST(sysfs_minor_links_to_pci_device)
{
	char buf[PATH_MAX], link[PATH_MAX];
	struct stat st;
	if (stat("/sys/dev/char/226:0/device/drm", &st))
		SKIP_MISSING("no sysfs for 226:0");
	ASSERT(S_ISDIR(st.st_mode));
	ssize_t n = readlink("/sys/dev/char/226:0/device/subsystem", link, sizeof(link) - 1);
	ASSERT(n > 0);
	link[n] = 0;
	ASSERT(strstr(link, "/bus/pci"));
	ASSERT(realpath("/sys/dev/char/226:128/device", buf));
	ASSERT(!strncmp(buf, "/sys/devices/", 13));
	read_file("/sys/dev/char/226:0/device/vendor", buf, sizeof(buf));
	ASSERT_STREQ(buf, "0x8086\n");
	read_file("/sys/dev/char/226:128/dev", buf, sizeof(buf));
	ASSERT_STREQ(buf, "226:128\n");
	read_file("/sys/class/drm/card0/device/uevent", buf, sizeof(buf));
	ASSERT(strstr(buf, "DRIVER=i915\n"));
	ASSERT(strstr(buf, "PCI_SLOT_NAME="));
	n = readlink("/sys/dev/char/226:0/device/driver", link, sizeof(link) - 1);
	ASSERT(n > 0);
	link[n] = 0;
	ASSERT(strstr(link, "/i915"));
}

/* Shim only: the identity of the emulated device. */
TEST(emulated_pci_identity)
{
	char buf[512], expect[64];
	REQUIRE_SHIM("the emulated device's identity");
	const char *devid = getenv("I915_SHIM_DEVID");
	snprintf(expect, sizeof(expect), "0x%04lx\n", devid ? strtoul(devid, NULL, 16) : 0x1912ul);
	ASSERT(realpath("/sys/dev/char/226:0/device", buf));
	ASSERT_STREQ(buf, "/sys/devices/pci0000:00/0000:00:02.0");
	read_file("/sys/bus/pci/devices/0000:00:02.0/device", buf, sizeof(buf));
	ASSERT_STREQ(buf, expect);
	read_file("/sys/devices/pci0000:00/0000:00:02.0/class", buf, sizeof(buf));
	ASSERT_STREQ(buf, "0x030000\n");
	int fd = open("/sys/dev/char/226:0/device/config", O_RDONLY);
	ASSERT(fd >= 0);
	unsigned char cfg[64];
	ASSERT_EQ(read(fd, cfg, sizeof(cfg)), 64);
	close(fd);
	ASSERT_EQ(cfg[0] | cfg[1] << 8, 0x8086);
	ASSERT_EQ(cfg[2] | cfg[3] << 8, strtoul(expect, NULL, 16));
	/* nothing else of major 226, and no other card */
	struct stat st;
	ASSERT_ERRNO(stat("/sys/dev/char/226:1", &st), ENOENT);
	ASSERT_ERRNO(open("/dev/dri/card1", O_RDWR), ENOENT);
	DIR *d = opendir("/sys/bus/pci/devices");
	ASSERT(d);
	int count = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			count++;
	closedir(d);
	ASSERT_EQ(count, 1);
}

/* Shim only: the debugfs files IGT opens and writes (relative to an opened directory, too). */
TEST(debugfs_view)
{
	char buf[256];
	REQUIRE_SHIM("a real debugfs wants root, and its writes act on the GPU");
	require_debugfs_root();
	read_file("/sys/kernel/debug/dri/0/name", buf, sizeof(buf));
	ASSERT(!strncmp(buf, "i915 ", 5));
	read_file("/sys/kernel/debug/dri/128/name", buf, sizeof(buf));
	ASSERT(!strncmp(buf, "i915 ", 5));
	int dir = open("/sys/kernel/debug/dri/0", O_RDONLY | O_DIRECTORY);
	ASSERT(dir >= 0);
	int fd = openat(dir, "i915_gem_drop_caches", O_WRONLY);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, "0x5c", 4), 4);
	close(fd);
	fd = openat(dir, "i915_params/reset", O_WRONLY);
	ASSERT(fd >= 0);
	close(fd);
	close(dir);
}

TEST(other_paths_untouched)
{
	struct stat st;
	ASSERT_OK(stat("/dev/null", &st));
	ASSERT(S_ISCHR(st.st_mode));
	ASSERT_EQ(major(st.st_rdev), 1);
	ASSERT_OK(stat("/proc/self", &st));
	int fd = open("/dev/null", O_RDWR);
	ASSERT(fd >= 0);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_VERSION, NULL), ENOTTY);
	close(fd);
}

TEST_MAIN(T(nodes_are_char_devices), T(fstat_matches_stat), T(dev_dri_lists_nodes),
	  T(sysfs_minor_links_to_pci_device), T(emulated_pci_identity), T(debugfs_view),
	  T(other_paths_untouched))
