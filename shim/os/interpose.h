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

/* Makes shim_real usable; true when the caller must use raw system calls instead
 * (it is running inside the resolution of shim_real itself). */
int shim_ensure_real(void);

/* Is fd a device fd? Fills call if so; may_be_foreign also recognises fds this
 * process did not open (inherited across exec, received over a socket). */
bool shim_device_call(int fd, struct shim_call *call, bool may_be_foreign);

/* The system calls behind fstat/fstatat, for use before shim_real is ready. */
int shim_raw_fstat(int fd, struct stat *st);
int shim_raw_fstatat(int dirfd, const char *p, struct stat *st, int fl);

#endif
