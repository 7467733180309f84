/* SPDX-License-Identifier: MIT */
/*
 * What a program finds in the file system: the device nodes, the sysfs
 * description of the PCI device and its DRM minors, the debugfs view. The
 * layout is the kernel's, so most tests hold on a real i915 machine too; the
 * exact identity of the emulated device is checked only under the shim.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>

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

/* --- device discovery: every way of listing a directory shows the same entries --- */

struct names {
	int n;
	char name[512][64];
};

static void add_name(struct names *s, const char *name)
{
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return;
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			TEST_FAIL("%s listed twice", name);
	if (s->n < 512)
		snprintf(s->name[s->n++], sizeof(s->name[0]), "%s", name);
}

static bool has_name(const struct names *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return true;
	return false;
}

static void by_readdir(const char *dir, struct names *s)
{
	DIR *d = opendir(dir);
	if (!d)
		TEST_FAIL("opendir %s: %s", dir, strerror(errno));
	struct dirent *e;
	while ((e = readdir(d)))
		add_name(s, e->d_name);
	/* rewinddir starts the same listing again */
	rewinddir(d);
	int again = 0;
	while ((e = readdir(d)))
		again += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	ASSERT_EQ(again, s->n);
	closedir(d);
}

static void by_scandir(const char *dir, struct names *s, bool at)
{
	struct dirent **v;
	int n;
	if (at) {
		int fd = open("/sys", O_RDONLY | O_DIRECTORY);
		ASSERT(fd >= 0);
		n = scandirat(fd, dir + 5, &v, NULL, alphasort);
		close(fd);
	} else {
		n = scandir(dir, &v, NULL, alphasort);
	}
	if (n < 0)
		TEST_FAIL("scandir%s %s: %s", at ? "at" : "", dir, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (i)	/* sorted as alphasort sorts */
			ASSERT(strcoll(v[i - 1]->d_name, v[i]->d_name) <= 0);
		add_name(s, v[i]->d_name);
	}
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void by_getdents(const char *dir, struct names *s, bool raw)
{
	char buf[1024];	/* small: the listing takes several calls */
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		TEST_FAIL("open %s: %s", dir, strerror(errno));
	for (;;) {
		long n = raw ? syscall(SYS_getdents64, fd, buf, sizeof(buf)) : getdents64(fd, buf, sizeof(buf));
		ASSERT(n >= 0);
		if (!n)
			break;
		for (long off = 0; off < n;) {
			struct dirent64 *e = (struct dirent64 *)(buf + off);
			add_name(s, e->d_name);
			off += e->d_reclen;
		}
	}
	close(fd);
}

static struct names *walked;
static int walk_fn(const char *path, const struct stat *st, int type, struct FTW *f)
{
	if (f->level == 1)
		add_name(walked, path + f->base);
	return f->level == 1 && type == FTW_D ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
}

static void by_nftw(const char *dir, struct names *s)
{
	walked = s;
	ASSERT_OK(nftw(dir, walk_fn, 4, FTW_PHYS | FTW_ACTIONRETVAL));
}

static const char *const discovery[][3] = {
	{ "/sys/class", "drm", NULL },
	{ "/sys/bus", "pci", NULL },
	{ "/sys/bus/pci/devices", "0000:00:02.0", NULL },
	{ "/sys/class/drm", "card0", "renderD128" },
};

static void check_routes(int dir, const struct names *ref, const struct names *got, const char *route)
{
	for (int j = 1; j < 3 && discovery[dir][j]; j++)
		if (!has_name(got, discovery[dir][j]))
			TEST_FAIL("%s of %s lacks %s", route, discovery[dir][0], discovery[dir][j]);
	if (got->n != ref->n)
		TEST_FAIL("%s of %s: %d entries, readdir %d", route, discovery[dir][0], got->n, ref->n);
	for (int i = 0; i < got->n; i++)
		if (!has_name(ref, got->name[i]))
			TEST_FAIL("%s of %s: %s not in readdir's", route, discovery[dir][0], got->name[i]);
}

TEST(listing_routes_agree)
{
	struct stat st;
	if (stat("/sys/class/drm/card0", &st))
		SKIP_MISSING("no card0");
	if (!getenv("I915_SHIM_DEVID") && !getenv("I915_SHIM_DIR") && stat("/sys/bus/pci/devices/0000:00:02.0/drm", &st))
		SKIP_MISSING("the GPU is not at 0000:00:02.0");
	static struct names ref, got;
	for (int i = 0; i < (int)ARRAY_SIZE(discovery); i++) {
		const char *dir = discovery[i][0];
		memset(&ref, 0, sizeof(ref));
		by_readdir(dir, &ref);
		check_routes(i, &ref, &ref, "readdir");
		memset(&got, 0, sizeof(got));
		by_scandir(dir, &got, false);
		check_routes(i, &ref, &got, "scandir");
		memset(&got, 0, sizeof(got));
		by_scandir(dir, &got, true);
		check_routes(i, &ref, &got, "scandirat");
		memset(&got, 0, sizeof(got));
		by_getdents(dir, &got, false);
		check_routes(i, &ref, &got, "getdents64");
		memset(&got, 0, sizeof(got));
		by_nftw(dir, &got);
		check_routes(i, &ref, &got, "nftw");
	}
	/* an owned directory is a real one of the tree: even the raw system call lists it */
	memset(&got, 0, sizeof(got));
	by_getdents("/sys/class/drm", &got, true);
	ASSERT(has_name(&got, "card0") && has_name(&got, "renderD128"));
}

/* Shim only: the emulated PCI bus has our device alone, the host's classes stay. */
TEST(listing_is_the_emulated_machine)
{
	REQUIRE_SHIM("the emulated machine's listings");
	static struct names s;
	memset(&s, 0, sizeof(s));
	by_readdir("/sys/bus/pci/devices", &s);
	ASSERT_EQ(s.n, 1);
	memset(&s, 0, sizeof(s));
	by_readdir("/sys/class/drm", &s);
	ASSERT(has_name(&s, "card0") && has_name(&s, "renderD128"));
	ASSERT(!has_name(&s, "card1"));
	memset(&s, 0, sizeof(s));
	by_readdir("/sys/dev/char", &s);
	ASSERT(has_name(&s, "226:0") && has_name(&s, "226:128"));
	for (int i = 0; i < s.n; i++)
		if (!strncmp(s.name[i], "226:", 4))
			ASSERT(!strcmp(s.name[i], "226:0") || !strcmp(s.name[i], "226:128"));
	/* libudev walks from "/" one component at a time (openat on the parent's fd) */
	int root = open("/", O_PATH | O_DIRECTORY);
	ASSERT(root >= 0);
	int sys = openat(root, "sys", O_PATH | O_DIRECTORY);
	ASSERT(sys >= 0);
	int cls = openat(sys, "class", O_PATH | O_DIRECTORY);
	ASSERT(cls >= 0);
	int drm = openat(cls, "drm", O_PATH | O_DIRECTORY);
	ASSERT(drm >= 0);
	struct stat st;
	ASSERT_OK(fstatat(drm, "card0", &st, AT_SYMLINK_NOFOLLOW));
	ASSERT(S_ISLNK(st.st_mode));
	char link[PATH_MAX];
	ssize_t n = readlinkat(drm, "card0", link, sizeof(link) - 1);
	ASSERT(n > 0);
	link[n] = 0;
	ASSERT(strstr(link, "devices/pci0000:00/0000:00:02.0/drm/card0"));
	close(drm);
	close(cls);
	close(sys);
	close(root);
}

/* debugfs is a mount point of type debugfs, as IGT checks before it would mount one. */
TEST(debugfs_looks_mounted)
{
	struct statfs sf;
	struct stat dot, dotdot;
	REQUIRE_SHIM("the host's debugfs may be absent");
	ASSERT_OK(statfs("/sys/kernel/debug", &sf));
	ASSERT_EQ((unsigned long)sf.f_type, 0x64626720ul);
	ASSERT_OK(stat("/sys/kernel/debug/.", &dot));
	ASSERT_OK(stat("/sys/kernel/debug/..", &dotdot));
	ASSERT(S_ISDIR(dot.st_mode) && S_ISDIR(dotdot.st_mode));
	ASSERT_NE(dot.st_dev, dotdot.st_dev);
	ASSERT_OK(statfs("/sys/class/drm", &sf));
	ASSERT_EQ((unsigned long)sf.f_type, 0x62656572ul);
	int fd = open("/sys/class/drm/card0/dev", O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_OK(fstatfs(fd, &sf));
	ASSERT_EQ((unsigned long)sf.f_type, 0x62656572ul);
	close(fd);
	ASSERT_OK(statfs("/sys", &sf));
	ASSERT_NE((unsigned long)sf.f_type, 0x64626720ul);
}

/* Extended attributes of the fake tree: none, as sysfs shows. */
TEST(sysfs_xattrs)
{
	char buf[256];
	REQUIRE_SHIM("an LSM may label the real sysfs");
	ASSERT_ERRNO(lgetxattr("/sys/class/drm/card0", "security.selinux", buf, sizeof(buf)), ENODATA);
	ASSERT_ERRNO(getxattr("/sys/class/drm/card0/dev", "user.test", buf, sizeof(buf)), ENODATA);
	ASSERT_EQ(listxattr("/sys/class/drm/card0/dev", buf, sizeof(buf)), 0);
	ASSERT_EQ(llistxattr("/sys/bus/pci/devices/0000:00:02.0", buf, sizeof(buf)), 0);
	ASSERT_ERRNO(lgetxattr("/sys/class/drm/card7", "security.selinux", buf, sizeof(buf)), ENOENT);
	int fd = open("/sys/class/drm/card0/dev", O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_ERRNO(fgetxattr(fd, "user.test", buf, sizeof(buf)), ENODATA);
	ASSERT_EQ(flistxattr(fd, buf, sizeof(buf)), 0);
	close(fd);
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
	  T(listing_routes_agree), T(listing_is_the_emulated_machine), T(debugfs_looks_mounted),
	  T(sysfs_xattrs), T(other_paths_untouched))
