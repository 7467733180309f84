/* SPDX-License-Identifier: MIT */
/*
 * Who may use a device instance, and the checks that keep it so.
 *
 * An instance belongs to the user who made it: its directory is mode 0700
 * and every file in it (state, memory, files, dma-buf and sync files, the
 * fake sysfs/debugfs tree) 0600, or less. Sharing with other users is an
 * opt-in of whoever makes the instance: with I915_SHIM_SHARE_GROUP set to a
 * group (name or number) the directory is made that group's, mode 02770
 * (set-group-id, so what any member creates in it is the group's too), and
 * files 0660. Modes are always set with fchmod/chmod, never left to the umask.
 *
 * An existing instance directory is used only after it has been checked, as
 * a careful daemon checks a directory it did not just make: it must be a
 * directory, not a symlink, and either ours with mode 0700 or a group-shared
 * one (mode 02770) of a group we belong to or that our own
 * I915_SHIM_SHARE_GROUP names. Anything else (another user's directory at
 * our name, a world-writable one left by an older shim) is refused with
 * EACCES and a message, never trusted. The directory instances are made in
 * may not be writable by others unless it is sticky (as /dev/shm and /tmp are).
 *
 * Everything here is per process and libc only; nothing is shared.
 */
#ifndef SHIM_INSTANCE_ACCESS_H
#define SHIM_INSTANCE_ACCESS_H

#include <stdbool.h>
#include <sys/types.h>

struct shim_instance_access {
	bool shared;		/* group-shared (else private to the owner) */
	gid_t gid;		/* the group it is shared with */
};

/* What I915_SHIM_SHARE_GROUP asks for: private when unset or empty. 0, or -EINVAL for a
 * group that does not exist (said on stderr). */
int shim_access_from_env(struct shim_instance_access *a);

/* The mode a file or directory of the instance gets for the mode its maker asked for: the
 * owner's bits of it (directories: rwx), the same for the group when shared, none for others. */
mode_t shim_access_mode(const struct shim_instance_access *a, mode_t requested, bool dir);

/* Gives fd, a file just made in the instance, its mode. 0 or -errno. */
int shim_access_fchmod(const struct shim_instance_access *a, int fd, mode_t requested);
/* The same by path (FIFOs); the path lies in a checked instance directory. */
int shim_access_chmod(const struct shim_instance_access *a, const char *path, mode_t requested);

/* Makes a directory of the instance (EEXIST is fine) with its mode: 0 or -errno. */
int shim_access_mkdir(const struct shim_instance_access *a, const char *path);

/* Gives a new instance's private directory (made 0700 by mkdtemp) its group and mode.
 * 0, or -EPERM when the group is not one we may give it to (said on stderr). */
int shim_access_claim_dir(const struct shim_instance_access *a, const char *path);

/*
 * Checks an existing instance directory (see above) and says, in *got, how it is shared.
 * 0; -ENOENT when there is none; -EACCES when it may not be trusted (said on stderr).
 */
int shim_access_check_dir(const char *dir, const struct shim_instance_access *want,
			  struct shim_instance_access *got);

/* Checks the directory instances are made in. 0, or -EACCES (said on stderr). */
int shim_access_check_base(const char *base);

#endif
