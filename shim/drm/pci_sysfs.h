/* SPDX-License-Identifier: MIT */
/*
 * The emulated PCI device's BAR files, resource<N> and resource<N>_wc in its
 * sysfs directory (built by drm_sysfs.c), as the PCI core serves them
 * (the kernel's drivers/pci/pci-sysfs.c): an open gives a real fd of the
 * tree's file, and the interposed mmap of such an fd, however the process got
 * it, maps the BAR instead of the file. Only the register BAR maps
 * (hw/device_model.h: SHIM_MMIO_BAR), as a trapped range (base/mmio_trap.h)
 * whose accesses the driver answers through struct shim_driver's mmio_access.
 * No lock held by the callers; nothing here keeps state of its own.
 */
#ifndef SHIM_DRM_PCI_SYSFS_H
#define SHIM_DRM_PCI_SYSFS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

struct shim_device;

/* The BAR whose resource file st (an fd's fstat) is, or -1: compared with the tree's files,
 * whose identities are taken once per process. */
int shim_pci_resource_bar(const struct shim_device *dev, const struct stat *st);

/*
 * mmap(2) of fd, a resource file of BAR bar, as pci_mmap_resource does:
 * the range must lie inside the BAR (EINVAL), a shared writable map needs a writable fd
 * (EACCES), the register BAR maps and the others are not emulated (ENOSYS, said). MAP_FAILED
 * with errno when it fails.
 */
void *shim_pci_resource_mmap(struct shim_device *dev, int fd, unsigned bar, void *addr, size_t len,
			     int prot, int flags, off_t offset);

#endif
