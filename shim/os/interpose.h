/* SPDX-License-Identifier: MIT */
/*
 * Shared between the interposer files (os/interpose.c: start-up, fds, ioctl,
 * mmap; os/interpose_fs.c: the file-system calls). Private to the shim.
 */
#ifndef SHIM_INTERPOSE_H
#define SHIM_INTERPOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/stat.h>

#include "drm/drm_ioctl.h"

#define SHIM_EXPORT __attribute__((visibility("default")))

/* Is fd a device fd? Fills call if so; may_be_foreign also recognises fds this
 * process did not open (inherited across exec, received over a socket). */
bool shim_device_call(int fd, struct shim_call *call, bool may_be_foreign);

/*
 * Rewrites an owned path into buf and returns buf, or returns path unchanged; NULL with
 * errno set when the caller may not reach it (debugfs, an instance we may not trust).
 */
const char *shim_mapped_path(const char *path, char *buf, size_t len, bool write);

/*
 * A path relative to a directory fd (openat and the other *at calls) that leads into an
 * owned path from a host directory, as chase_symlinks in libudev walks one component at a
 * time from "/": the absolute path, in buf. Otherwise path itself.
 */
const char *shim_at_path(int dirfd, const char *path, char *buf, size_t len);

/* Directory fds with a composed listing (os/interpose_dir.c): called by open and close. */
void shim_dir_fd_opened(int fd, const char *path);
void shim_dir_fd_closed(int fd);
void shim_dir_fd_seek(int fd, off_t off, int whence);

#endif
