/* SPDX-License-Identifier: MIT */
/*
 * Instance ownership and modes (base/instance_access.h). Every file
 * operation here uses shim_real or plain system calls.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/instance_access.h"
#include "base/real.h"

#define PRIVATE_DIR_MODE 0700
#define SHARED_DIR_MODE (S_ISGID | 0770)

int shim_access_from_env(struct shim_instance_access *a)
{
	const char *s = getenv("I915_SHIM_SHARE_GROUP");
	*a = (struct shim_instance_access){ .shared = false };
	if (!s || !*s)
		return 0;
	char *end;
	unsigned long n = strtoul(s, &end, 10);
	if (!*end && n <= (gid_t)-2) {
		*a = (struct shim_instance_access){ .shared = true, .gid = (gid_t)n };
		return 0;
	}
	struct group gr, *found = NULL;
	char buf[4096];
	if (getgrnam_r(s, &gr, buf, sizeof(buf), &found) || !found) {
		fprintf(stderr, "i915-shim: I915_SHIM_SHARE_GROUP=%s is not a group\n", s);
		return -EINVAL;
	}
	*a = (struct shim_instance_access){ .shared = true, .gid = found->gr_gid };
	return 0;
}

mode_t shim_access_mode(const struct shim_instance_access *a, mode_t requested, bool dir)
{
	mode_t owner = dir ? 0700 : requested & 0700;
	if (!a->shared)
		return owner;
	return owner | owner >> 3 | (dir ? S_ISGID : 0);
}

int shim_access_fchmod(const struct shim_instance_access *a, int fd, mode_t requested)
{
	return fchmod(fd, shim_access_mode(a, requested, false)) < 0 ? -errno : 0;
}

int shim_access_chmod(const struct shim_instance_access *a, const char *path, mode_t requested)
{
	return chmod(path, shim_access_mode(a, requested, false)) < 0 ? -errno : 0;
}

int shim_access_mkdir(const struct shim_instance_access *a, const char *path)
{
	mode_t mode = shim_access_mode(a, 0, true);
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return -errno;
	return chmod(path, mode) < 0 ? -errno : 0;
}

int shim_access_claim_dir(const struct shim_instance_access *a, const char *path)
{
	if (a->shared && chown(path, (uid_t)-1, a->gid) < 0) {
		int err = errno;
		fprintf(stderr, "i915-shim: cannot share %s with group %u: %s\n", path, (unsigned)a->gid,
			strerror(err));
		return err == EPERM ? -EPERM : -err;
	}
	return chmod(path, shim_access_mode(a, 0, true)) < 0 ? -errno : 0;
}

static bool in_group(gid_t gid)
{
	if (getegid() == gid)
		return true;
	gid_t groups[NGROUPS_MAX];
	int n = getgroups(NGROUPS_MAX, groups);
	for (int i = 0; i < n; i++)
		if (groups[i] == gid)
			return true;
	return false;
}

static int refuse(const char *dir, const char *why)
{
	fprintf(stderr, "i915-shim: refusing the device instance %s: %s. An instance must be yours "
		"with mode 0700, or shared with a group of yours with mode 2770 (I915_SHIM_SHARE_GROUP, "
		"see i915-shim(1)); remove it or choose another I915_SHIM_INSTANCE.\n", dir, why);
	return -EACCES;
}

int shim_access_check_dir(const char *dir, const struct shim_instance_access *want,
			  struct shim_instance_access *got)
{
	char why[160];
	struct stat st;
	int fd = shim_real.openat(AT_FDCWD, dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		int err = errno;
		if (err == ENOENT)
			return -ENOENT;
		if (err == ELOOP || err == ENOTDIR)
			return refuse(dir, "it is not a directory (a symbolic link?)");
		if (err == EACCES)
			return refuse(dir, "it belongs to another user");
		return -err;
	}
	int ret = shim_real.fstat(fd, &st);
	shim_real.close(fd);
	if (ret < 0)
		return -errno;
	mode_t mode = st.st_mode & 07777;
	bool mine = st.st_uid == geteuid();
	if (mine && mode == PRIVATE_DIR_MODE) {
		*got = (struct shim_instance_access){ .shared = false };
		return 0;
	}
	if (mode == SHARED_DIR_MODE &&
	    (mine || in_group(st.st_gid) || (want->shared && want->gid == st.st_gid))) {
		*got = (struct shim_instance_access){ .shared = true, .gid = st.st_gid };
		return 0;
	}
	snprintf(why, sizeof(why), "it belongs to uid %u, group %u, with mode %04o",
		 (unsigned)st.st_uid, (unsigned)st.st_gid, (unsigned)mode);
	return refuse(dir, why);
}

int shim_access_check_base(const char *base)
{
	struct stat st;
	if (shim_real.fstatat(AT_FDCWD, base, &st, 0) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
		fprintf(stderr, "i915-shim: refusing to keep device instances in %s: anyone may write "
			"there, and it is not sticky\n", base);
		return -EACCES;
	}
	return 0;
}
