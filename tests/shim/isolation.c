/* SPDX-License-Identifier: MIT */
/*
 * Shim only: an instance belongs to its user (issue 17, item 4).
 *
 * - A private instance (the default) is a 0700 directory whose every file
 *   (state, memory, files, dma-buf and sync files, the fake tree) is its
 *   user's alone.
 * - Another user (uid/gid 65534, when the test runs as root) can open none of
 *   them, nor the device, nor the fake debugfs, which is root-only as on Linux.
 * - An instance directory at our name that we may not trust (another user's,
 *   world-writable, a symlink) is refused with EACCES, never used.
 * - I915_SHIM_SHARE_GROUP shares an instance with a group: 02770 and 0660,
 *   the group's members use the device and its dma-bufs; others still cannot,
 *   and debugfs stays root-only for the members.
 *
 * Each test names an instance of its own (the launcher's name plus a suffix,
 * so --fresh removes it) and sets the sharing it wants before the device is
 * first used; the suite's I915_SHIM_SHARE_GROUP (tests/tests.am) is dropped.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/i915/i915_test.h"

#define OTHER_ID 65534		/* the second user, and the sharing group when root */
#define STRANGER_ID 65533	/* a third user in no group of ours */

static char instance_dir[PATH_MAX];

/* Use the instance "<launcher's name>-suffix", shared with group gid or (gid < 0) private. */
static void use_instance(const char *suffix, long gid)
{
	const char *base = getenv("I915_SHIM_INSTANCE");
	char name[256], group[32];
	snprintf(name, sizeof(name), "%s-%s", base && *base ? base : "default", suffix);
	ASSERT_OK(setenv("I915_SHIM_INSTANCE", name, 1));
	if (gid < 0) {
		ASSERT_OK(unsetenv("I915_SHIM_SHARE_GROUP"));
	} else {
		snprintf(group, sizeof(group), "%ld", gid);
		ASSERT_OK(setenv("I915_SHIM_SHARE_GROUP", group, 1));
	}
}

/* The directory of the instance use_instance named (once it exists). */
static const char *find_instance(void)
{
	const char *dir = getenv("I915_SHIM_DIR");
	char pattern[PATH_MAX];
	glob_t g;
	snprintf(pattern, sizeof(pattern), "%s/i915-shim-v*-%s-*", dir && *dir ? dir : "/dev/shm",
		 getenv("I915_SHIM_INSTANCE"));
	ASSERT_EQ(glob(pattern, 0, NULL, &g), 0);
	ASSERT_EQ(g.gl_pathc, 1);
	snprintf(instance_dir, sizeof(instance_dir), "%s", g.gl_pathv[0]);
	globfree(&g);
	return instance_dir;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

static void remove_instance(void)
{
	if (instance_dir[0])
		nftw(instance_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Makes one of each kind of file an instance holds: a dma-buf, a sync object fd, a sync_file. */
static void make_files(int fd, uint32_t *handle, int *dmabuf)
{
	*handle = gem_create(fd, 4096);
	gem_write(fd, *handle, 0, "shared?", 8);
	struct drm_prime_handle p = { .handle = *handle, .flags = DRM_CLOEXEC | DRM_RDWR };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p));
	*dmabuf = p.fd;
	struct drm_syncobj_create c = { .flags = DRM_SYNCOBJ_CREATE_SIGNALED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c));
	struct drm_syncobj_handle h = { .handle = c.handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h));
	struct drm_syncobj_handle sf = { .handle = c.handle, .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &sf));
}

/* What nftw found: entries whose mode is not what the instance's sharing allows. */
static struct {
	bool shared;
	gid_t gid;
	unsigned entries, bad, dmabufs, syncobjs, sync_files;
} walk;

static int check_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	mode_t mode = st->st_mode & 07777;
	bool ok;
	walk.entries++;
	if (S_ISLNK(st->st_mode))
		return 0;		/* a symlink's own mode means nothing */
	if (S_ISDIR(st->st_mode))
		ok = mode == (walk.shared ? 02770 : 0700);
	else if (walk.shared)
		ok = !(mode & 07007) && ((mode >> 3) & 7) == ((mode >> 6) & 7);
	else
		ok = !(mode & 07077);
	ok = ok && st->st_uid == geteuid() && (!walk.shared || st->st_gid == walk.gid);
	if (!ok) {
		printf("# %s: mode %04o, uid %u, gid %u\n", path, (unsigned)mode, (unsigned)st->st_uid,
		       (unsigned)st->st_gid);
		walk.bad++;
	}
	const char *name = path + ftw->base;
	walk.dmabufs += !strncmp(name, "dmabuf-", 7);
	walk.syncobjs += !strncmp(name, "syncobj.", 8);
	walk.sync_files += !strncmp(name, "sync_file.", 10);
	return 0;
}

static void check_modes(bool shared, gid_t gid)
{
	walk.shared = shared;
	walk.gid = gid;
	ASSERT_EQ(nftw(find_instance(), check_entry, 16, FTW_PHYS), 0);
	ASSERT(walk.entries > 50);		/* the tree is there */
	ASSERT(walk.dmabufs >= 1 && walk.syncobjs >= 1 && walk.sync_files >= 1);
	ASSERT_EQ(walk.bad, 0);
}

/* Forks a child that becomes uid/gid id (no other groups) and runs fn; waits for it. */
static void as_user(unsigned id, void (*fn)(void))
{
	fflush(stdout);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT_OK(setgroups(0, NULL));
		ASSERT_OK(setresgid(id, id, id));
		ASSERT_OK(setresuid(id, id, id));
		fn();
		fflush(stdout);
		_exit(0);
	}
	int status = 0;
	while (waitpid(pid, &status, 0) < 0)
		ASSERT(errno == EINTR);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		TEST_FAIL("the child (uid %u) failed (status 0x%x)", id, status);
}

static void require_root(void)
{
	if (geteuid() != 0)
		SKIP("needs root to be another user");	/* external: privileges */
}

/* Every file of the instance, opened by its path in the instance directory: EACCES. */
static void instance_files_refused(void)
{
	static const char *const files[] = {
		"", "/state", "/memory", "/file.0", "/dmabuf-1", "/syncobj.1", "/sync_file.1",
		"/root/sys/kernel/debug/dri/0/i915_wedged", "/root/dev/dri/renderD128",
	};
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char path[PATH_MAX + 64];
		snprintf(path, sizeof(path), "%s%s", instance_dir, files[i]);
		errno = 0;
		int fd = open(path, (i ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NONBLOCK);
		if (fd >= 0 || errno != EACCES)
			TEST_FAIL("%s: opened (fd %d, errno %d), where EACCES was due", path, fd, errno);
	}
}

/* debugfs is root-only: what a program opens there, and stat, are EACCES. */
static void debugfs_refused(void)
{
	struct stat st;
	ASSERT_ERRNO(open("/sys/kernel/debug/dri/0/i915_wedged", O_WRONLY | O_CLOEXEC), EACCES);
	ASSERT_ERRNO(open("/sys/kernel/debug/dri/0/i915_gem_drop_caches", O_RDONLY | O_CLOEXEC), EACCES);
	ASSERT_ERRNO(open("/sys/kernel/debug/dri/128/name", O_RDONLY | O_CLOEXEC), EACCES);
	ASSERT_ERRNO(stat("/sys/kernel/debug/dri/0", &st), EACCES);
	ASSERT_ERRNO(access("/sys/kernel/debug/dri/0/i915_wedged", W_OK), EACCES);
	ASSERT(fopen("/sys/kernel/debug/dri/0/i915_wedged", "w") == NULL && errno == EACCES);
}

static void stranger(void)
{
	instance_files_refused();
	debugfs_refused();
	/* The device itself: this process inherited the instance, but cannot open it again. */
	ASSERT_ERRNO(test_open_render(), EACCES);
	/* A new process of this user is refused the instance, with a message. */
	int pipefd[2];
	ASSERT_OK(pipe(pipefd));
	pid_t pid = fork();
	if (pid == 0) {
		dup2(pipefd[1], 2);
		execl("/bin/sh", "sh", "-c", "exec 3</dev/dri/renderD128", (char *)NULL);
		_exit(127);
	}
	close(pipefd[1]);
	char text[1024] = "";
	ssize_t n, got = 0;
	while ((n = read(pipefd[0], text + got, sizeof(text) - 1 - (size_t)got)) > 0)
		got += n;
	close(pipefd[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) != 0);
	if (!strstr(text, "refusing the device instance") || !strstr(text, "Permission denied"))
		TEST_FAIL("a new process was not refused clearly: %s", text);
}

/* The default instance is private: 0700, and 0600 or less for every file in it. */
TEST(private_instance_modes)
{
	REQUIRE_SHIM("the instance directory is the shim's");
	use_instance("private", -1);
	int fd = i915_open();
	uint32_t handle;
	int dmabuf;
	make_files(fd, &handle, &dmabuf);
	check_modes(false, 0);
	if (geteuid() != 0)
		debugfs_refused();	/* even for the instance's owner */
	close(fd);
	remove_instance();
}

/* Another user can reach nothing of a private instance: its files, the device, debugfs. */
TEST(second_user_is_refused)
{
	REQUIRE_SHIM("the instance directory is the shim's");
	require_root();
	use_instance("second-user", -1);
	int fd = i915_open();
	uint32_t handle;
	int dmabuf;
	make_files(fd, &handle, &dmabuf);
	find_instance();
	as_user(OTHER_ID, stranger);
	/* The owner carries on. */
	char buf[8];
	ASSERT_OK(gem_pread(fd, handle, 0, buf, 8));
	ASSERT_STREQ(buf, "shared?");
	close(fd);
	remove_instance();
}

/* Makes the instance named suffix in a child, so that this process has not opened it. */
static void make_instance_elsewhere(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		int fd = test_open_render();
		_exit(fd < 0);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	find_instance();
}

/* A fresh process opening the device of an instance whose directory we may not trust: EACCES. */
static void expect_refused(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		errno = 0;
		int fd = test_open_render();
		_exit(fd < 0 && errno == EACCES ? 0 : 1);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		TEST_FAIL("an instance directory that may not be trusted was used");
}

/* Instance directories at our name that are not ours to trust are refused, not used. */
TEST(untrusted_instance_dir_is_refused)
{
	REQUIRE_SHIM("the instance directory is the shim's");
	use_instance("squatted", -1);
	make_instance_elsewhere();
	char moved[PATH_MAX + 8];
	snprintf(moved, sizeof(moved), "%s.real", instance_dir);
	/* World-writable (as older shims made them). */
	ASSERT_OK(chmod(instance_dir, 0777));
	expect_refused();
	/* Group-writable without being a shared instance. */
	ASSERT_OK(chmod(instance_dir, 0770));
	expect_refused();
	/* A symlink at the name, to an instance that would pass. */
	ASSERT_OK(chmod(instance_dir, 0700));
	ASSERT_OK(rename(instance_dir, moved));
	ASSERT_OK(symlink(moved, instance_dir));
	expect_refused();
	ASSERT_OK(unlink(instance_dir));
	ASSERT_OK(rename(moved, instance_dir));
	if (geteuid() == 0) {
		/* Another user's, made before us at our name ("squatting"): private or shared. */
		ASSERT_OK(chown(instance_dir, OTHER_ID, OTHER_ID));
		expect_refused();
		ASSERT_OK(chmod(instance_dir, 02770));
		expect_refused();	/* shared with a group we neither are in nor asked for */
		ASSERT_OK(chown(instance_dir, 0, 0));
		ASSERT_OK(chmod(instance_dir, 0700));
	}
	/* Ours again: used. */
	int fd = test_open_render();
	ASSERT(fd >= 0);
	close(fd);
	remove_instance();
}

static int shared_dmabuf = -1;

static void member(void)
{
	/* A member opens the device, imports the dma-buf it was given and reads the object. */
	int fd = test_open_render();
	ASSERT(fd >= 0);
	struct drm_prime_handle p = { .fd = shared_dmabuf };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p));
	char buf[8];
	ASSERT_OK(gem_pread(fd, p.handle, 0, buf, 8));
	ASSERT_STREQ(buf, "shared?");
	uint32_t mine = gem_create(fd, 4096);	/* and makes objects of its own */
	ASSERT_OK(gem_pwrite(fd, mine, 0, "x", 1));
	debugfs_refused();	/* sharing does not make debugfs anyone's */
	close(fd);
}

/* I915_SHIM_SHARE_GROUP: the group's members share the device; others still cannot. */
TEST(group_sharing_opt_in)
{
	REQUIRE_SHIM("I915_SHIM_SHARE_GROUP is the shim's");
	gid_t gid = geteuid() == 0 ? OTHER_ID : getegid();
	use_instance("shared", gid);
	int fd = i915_open();
	uint32_t handle;
	make_files(fd, &handle, &shared_dmabuf);
	check_modes(true, gid);
	if (geteuid() == 0) {
		as_user(OTHER_ID, member);
		as_user(STRANGER_ID, stranger);
	}
	close(fd);
	remove_instance();
}

TEST_MAIN(T(private_instance_modes), T(second_user_is_refused), T(untrusted_instance_dir_is_refused),
	  T(group_sharing_opt_in))
