/* SPDX-License-Identifier: MIT */
/*
 * The BAR files of the emulated PCI device (drm/pci_sysfs.h): recognising an
 * fd of one (by the file's identity, taken once per process), and mapping the register BAR as a trapped range whose accesses
 * go to the driver (struct shim_driver's mmio_map and mmio_access). The DRM
 * core hosts this because it builds the device's sysfs entries
 * (drm_sysfs.c); the PCI core has no layer of its own here. A mapping lives
 * until it is unmapped or mapped over (os/interpose.c tells base/mmio_trap.h);
 * the device it points to lives as long as the process. Calls base, hw and
 * the driver through shim_drv.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"
#include "base/mmio_trap.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "drm/drm_device.h"
#include "drm/drm_drv.h"
#include "drm/drm_sysfs.h"
#include "drm/pci_sysfs.h"
#include "hw/device_model.h"

/* The identities of the tree's resource<N> and resource<N>_wc files (ino 0: none). The tree
 * never changes after it is built, so once per process is enough. */
static struct { dev_t dev; ino_t ino; } ids[SHIM_PCI_BARS][2];
static int ids_taken;
static pthread_mutex_t ids_lock = PTHREAD_MUTEX_INITIALIZER;

int shim_pci_resource_bar(const struct shim_device *dev, const struct stat *st)
{
	if (!S_ISREG(st->st_mode) || st->st_dev != dev->inst.dir_dev)
		return -1;	/* not a file of the instance: the common case, no lock */
	if (!__atomic_load_n(&ids_taken, __ATOMIC_ACQUIRE)) {
		shim_mutex_lock(&ids_lock);
		for (unsigned i = 0; !ids_taken && i < SHIM_PCI_BARS; i++) {
			for (unsigned wc = 0; wc < 2; wc++) {
				char rel[128];
				struct stat f;
				snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/resource%u%s", i, wc ? "_wc" : "");
				if (shim_fs_stat(dev, rel, &f) == 0) {
					ids[i][wc].dev = f.st_dev;
					ids[i][wc].ino = f.st_ino;
				}
			}
		}
		__atomic_store_n(&ids_taken, 1, __ATOMIC_RELEASE);
		shim_mutex_unlock(&ids_lock);
	}
	for (unsigned i = 0; i < SHIM_PCI_BARS; i++)
		for (unsigned wc = 0; wc < 2; wc++)
			if (ids[i][wc].ino && ids[i][wc].ino == st->st_ino && ids[i][wc].dev == st->st_dev)
				return (int)i;
	return -1;
}

/* An access through a mapping of the register BAR, from the fault handler. */
static bool bar_access(void *ctx, uint64_t offset, unsigned size, bool store, uint64_t *value)
{
	return shim_drv->mmio_access(ctx, offset, size, store, value);
}

void *shim_pci_resource_mmap(struct shim_device *dev, int fd, unsigned bar, void *addr, size_t len,
			     int prot, int flags, off_t offset)
{
	struct shim_pci_bar bars[SHIM_PCI_BARS];
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	shim_model_pci_bars(dev->model, bars);
	uint64_t span = ((uint64_t)len + page - 1) & ~(page - 1);
	/* pci_mmap_fits: whole pages of the BAR; mmap(2) itself: a page-aligned offset. */
	if (bar >= SHIM_PCI_BARS || !len || offset < 0 || ((uint64_t)offset & (page - 1)) ||
	    (uint64_t)offset > bars[bar].size || span > bars[bar].size - (uint64_t)offset) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	int type = flags & MAP_TYPE;
	if (type != MAP_SHARED && type != MAP_SHARED_VALIDATE && type != MAP_PRIVATE) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	/* mmap(2)'s checks of the file's access mode: reading always, writing when shared. */
	int acc = shim_real.fcntl(fd, F_GETFL) & O_ACCMODE;
	if (acc == O_WRONLY || (type != MAP_PRIVATE && (prot & PROT_WRITE) && acc != O_RDWR)) {
		errno = EACCES;
		return MAP_FAILED;
	}
	if (bar != SHIM_MMIO_BAR || !shim_drv->mmio_map || !shim_drv->mmio_access) {
		shim_say_unemulated("mmap of a PCI BAR other than the registers' (resource0)");
		errno = ENOSYS;
		return MAP_FAILED;
	}
	int ret = shim_drv->mmio_map(dev, (uint64_t)offset, span);
	if (ret) {
		errno = -ret;
		return MAP_FAILED;
	}
	/* No page behind it: every access traps and is the driver's to answer. */
	int mflags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE));
	void *p = shim_real.mmap(addr, span, PROT_NONE, mflags, -1, 0);
	if (p == MAP_FAILED)
		return p;
	if (flags & MAP_FIXED)
		shim_mmio_trap_remove(p, span);		/* it replaced whatever was there */
	ret = shim_mmio_trap_add(p, span, (uint64_t)offset, prot, bar_access, dev);
	if (ret) {
		shim_real.munmap(p, span);
		errno = -ret;
		return MAP_FAILED;
	}
	return p;
}
