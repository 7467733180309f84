/* SPDX-License-Identifier: MIT */
/*
 * Shared between the interposer files (os/interpose.c: start-up, fds, ioctl,
 * mmap; os/interpose_fs.c: the file-system calls). Private to the shim.
 */
#ifndef SHIM_INTERPOSE_H
#define SHIM_INTERPOSE_H

#include <stdbool.h>
#include <sys/stat.h>

#include "drm/drm_ioctl.h"

#define SHIM_EXPORT __attribute__((visibility("default")))

/* Is fd a device fd? Fills call if so; may_be_foreign also recognises fds this
 * process did not open (inherited across exec, received over a socket). */
bool shim_device_call(int fd, struct shim_call *call, bool may_be_foreign);

#endif
