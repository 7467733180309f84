/* SPDX-License-Identifier: MIT */
/*
 * The instance's file-system tree (drm_sysfs.c): the paths of the emulated
 * PCI device, and the builder the core and the driver write the tree with.
 * A builder exists only while shim_fs_build runs; its functions record the
 * first error and keep going, so a build reports one errno at the end.
 */
#ifndef SHIM_DRM_SYSFS_H
#define SHIM_DRM_SYSFS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#define SHIM_PCI_SLOT "0000:00:02.0"
#define SHIM_PCI_DEV_DIR "/sys/devices/pci0000:00/" SHIM_PCI_SLOT

struct shim_device;
struct shim_device_model;
struct shim_fs_builder;

/* out = the tree's path of rel (an absolute path as a program names it). */
void shim_fs_path(struct shim_fs_builder *b, char *out, size_t len, const char *rel);
/* mkdir -p, with the instance's directory mode. */
void shim_fs_dir(struct shim_fs_builder *b, const char *rel);
/* A file of the tree; of mode, only the owner's bits count (the instance decides the rest). */
void shim_fs_bytes(struct shim_fs_builder *b, const char *rel, mode_t mode, const void *data, size_t len);
/* An empty file of rel that stats as size bytes long (sparse): a sysfs binary attribute. */
void shim_fs_sized(struct shim_fs_builder *b, const char *rel, mode_t mode, uint64_t size);
__attribute__((format(printf, 4, 5)))
void shim_fs_file(struct shim_fs_builder *b, const char *rel, mode_t mode, const char *fmt, ...);
void shim_fs_link(struct shim_fs_builder *b, const char *rel, const char *target);
/* Dates rel (already written) to `seconds` after the epoch: a file the shim reads back can
 * then tell a program's later write by its mtime. */
void shim_fs_set_mtime(struct shim_fs_builder *b, const char *rel, time_t seconds);

/* Creates the tree for model under root, with access's modes (instance creation only).
 * 0 or -errno. */
struct shim_instance_access;
int shim_fs_build(const char *root, const struct shim_instance_access *access,
		  const struct shim_device_model *model);
/* Records the node files' identities; called when the instance is opened. */
int shim_fs_init(struct shim_device *dev);

/*
 * Reading back files of an opened instance's tree, which programs may have written
 * (debugfs controls, sysfs properties). rel is the path a program names. No lock needed.
 */
/* Up to len - 1 bytes of rel into text, NUL-terminated ("" if it cannot be read). */
void shim_fs_read(const struct shim_device *dev, const char *rel, char *text, size_t len);
/* stat(2) of rel: 0 or -errno. */
int shim_fs_stat(const struct shim_device *dev, const char *rel, struct stat *st);

static inline uint64_t shim_fs_mtime_ns(const struct stat *st)
{
	return (uint64_t)st->st_mtim.tv_sec * 1000000000ull + (uint64_t)st->st_mtim.tv_nsec;
}

#endif
