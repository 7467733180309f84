/* SPDX-License-Identifier: MIT */
/*
 * DOC: the driver interface
 *
 * The DRM core never names its driver. What it needs from one — the
 * driver's ioctl table, its name and version, and the steps of an object's,
 * a file's and a mapping's life that only the driver knows — it reaches
 * through the one struct shim_driver the driver registers when the module
 * loads (i915/i915_driver.c, the kernel's module_init and drm_driver).
 *
 * Lifetime: the struct is the driver's static const data; it is registered
 * once, by a constructor, before any interposed call can reach the core,
 * and is never unregistered. Every hook is called with the device lock held
 * unless its comment says otherwise. A hook the driver leaves NULL means
 * the driver does not have that feature; the core answers as the kernel
 * does then (an ioctl without a handler is an error, never a silent 0).
 */
#ifndef SHIM_DRM_DRV_H
#define SHIM_DRM_DRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/shared_mem.h"

struct shim_call;
struct shim_device;
struct shim_file;
struct shim_gem_object;
struct shim_ioctl_desc;
struct shim_fs_builder;
struct shim_device_model;
struct shim_driver_check;
struct shim_mode_config;
struct shim_mode_fb;
struct shim_mode_plane;
struct shim_mode_crtc;
struct drm_mode_modeinfo;
struct shim_mode_plane;
struct shim_plane_state;
struct shim_pmu;

struct shim_driver {
	/* VERSION and SET_VERSION (the kernel's drm_driver name/desc/date/major/minor). */
	const char *name, *desc, *date;
	int major, minor, patchlevel;

	/* Driver ioctls, indexed by nr - DRM_COMMAND_BASE. */
	const struct shim_ioctl_desc *ioctls;
	unsigned num_ioctls;

	/* MODE_CREATE_DUMB (drm_mode_create_dumb_ioctl's dumb_create). */
	int (*dumb_create)(struct shim_call *call, void *data);
	/* MODE_MAP_DUMB (dumb_map_offset): the fake offset at which mmap(2) of the device
	 * fd maps the object of the caller's handle; 0 or -errno. No lock held. NULL: the
	 * kernel's generic one, which the core does not emulate (ENOSYS, said). */
	int (*dumb_map_offset)(struct shim_call *call, uint32_t handle, uint64_t *offset);

	/* An open file is being released, after the core dropped its handles:
	 * the driver's per-file state goes (the kernel's postclose). */
	void (*postclose)(struct shim_device *dev, struct shim_file *file);
	/* Release what processes that are gone held through the driver (their mappings). */
	void (*reap)(struct shim_device *dev);

	/* An object's last reference went and the core let go of its part: free what
	 * the driver holds for it (pages, bindings, views) and the object itself, which
	 * the driver allocated (required). */
	void (*gem_free_object)(struct shim_device *dev, struct shim_gem_object *obj, shim_off off);

	/* mmap(2) of a device fd (the kernel's fops->mmap); no lock held. */
	void *(*mmap)(struct shim_call *call, void *addr, size_t len, int prot, int flags, off_t offset);
	/* munmap(2) of a range of this process, whatever it mapped; no lock held. */
	void (*munmap)(void *addr, size_t len);

	/* The register BAR (hw/device_model.h: SHIM_MMIO_BAR), mapped through the PCI device's
	 * resource file (drm/pci_sysfs.h). mmio_map: [offset, offset+len) of it is about to be
	 * mapped in this process; make ready what its accesses need. 0 or -errno; no lock held.
	 * mmio_access: one load or store of size 1, 2, 4 or 8 bytes at offset, as
	 * base/mmio_trap.h's access functions: false for what the driver does not serve. It
	 * runs in a signal handler: async-signal-safe, no lock. NULL: the BAR does not map. */
	int (*mmio_map)(struct shim_device *dev, uint64_t offset, size_t len);
	bool (*mmio_access)(struct shim_device *dev, uint64_t offset, unsigned size, bool store, uint64_t *value);

	/* HANDLE_TO_FD: may this object be exported? 0 or -errno (gem_prime_export). */
	int (*gem_prime_export)(struct shim_device *dev, struct shim_gem_object *obj);
	/* mmap(2) of a dma-buf: [offset, offset+len) of the object's pages. */
	void *(*gem_prime_mmap)(struct shim_device *dev, shim_off obj, void *addr, size_t len,
				int prot, int flags, uint64_t offset);
	/* DMA_BUF_IOCTL_SYNC start, after the object's fences were waited for: move it
	 * to the CPU domain (the kernel's dma_buf_ops begin_cpu_access). */
	void (*gem_prime_begin_cpu_access)(struct shim_device *dev, struct shim_gem_object *obj,
					   bool write);

	/* I915_SHIM_DEBUG=ioctl: the key arguments of one of the driver's ioctls, as
	 * snprintf would write them into buf; 0 (and buf empty) for none. No lock held. */
	int (*trace_args)(char *buf, size_t len, unsigned long cmd, const void *data);

	/* The driver's own files in the instance's sysfs and debugfs tree (drm_sysfs.h),
	 * while the instance is being built. */
	void (*populate_fs)(struct shim_fs_builder *b, const struct shim_device_model *model);
	/* A file of the tree opened for writing that the driver acts on when it is
	 * closed (a debugfs control): its minor, or -1 if it is not one. No lock held. */
	int (*control_minor)(struct shim_device *dev, const char *path);
	void (*control_closed)(struct shim_device *dev, unsigned minor);

	/* Device lock held, in the device process: a client died or exited; the work it
	 * left in flight is this process's to finish (drm/drm_device_process.h). */
	void (*client_gone)(struct shim_device *dev, uint64_t client);
	/* Has this process work queued or running on its engines? No lock held. */
	bool (*engines_busy)(void);

	/* KMS. The driver's display (the kernel's intel_modeset_init): creates its CRTCs,
	 * planes, encoders and connectors in mc with the drm_mode_config.h calls, the
	 * first time a client needs them; 0 or -errno. NULL: no display, and the core
	 * answers every KMS ioctl EOPNOTSUPP (no DRIVER_MODESET). */
	int (*mode_config_init)(struct shim_device *dev, struct shim_mode_config *mc);
	/* ADDFB/ADDFB2 after the core's checks (mode_config.funcs->fb_create): looks the
	 * handles up in file, checks what the driver requires, and takes one reference
	 * per plane into fb->obj[]; 0 or -errno (nothing held then). */
	int (*fb_create)(struct shim_device *dev, struct shim_file *file, struct shim_mode_fb *fb);
	/* SETCRTC: can the hardware show this mode (the connector's and CRTC's mode_valid)?
	 * 0 or -EINVAL. */
	int (*mode_valid)(struct shim_device *dev, const struct drm_mode_modeinfo *mode);
	/* ATOMIC, SETPLANE and the other commits: the driver's checks of a plane that is to
	 * show a framebuffer (plane->atomic_check), after the core's: scaling, windowing,
	 * cursor sizes. mode: the CRTC's mode, NULL when the CRTC has none. 0 or -errno.
	 * NULL: the core's checks alone. */
	int (*plane_check)(struct shim_device *dev, const struct shim_mode_plane *plane,
			   const struct shim_plane_state *state, const struct drm_mode_modeinfo *mode);
	/* CURSOR/CURSOR2: may the cursor plane show fb (at its own size, unscaled)? The
	 * driver's check of the cursor plane (i915: i9xx_cursor_check); 0 or -EINVAL. NULL:
	 * any size. */
	int (*cursor_check)(struct shim_device *dev, const struct shim_mode_config *mc,
			    const struct shim_mode_plane *plane, const struct shim_mode_fb *fb);
	/* What a CRTC shows changed (a commit the core made: shim_mode_crtc_updated); the
	 * driver may look at the new state (i915: the I915_SHIM_SCANOUT pictures). */
	void (*crtc_updated)(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *crtc);

	/* The invariant checker's driver part (drm/drm_check.h): the driver's kinds, its
	 * rows of the reference table and its walks. Runs on a mapping of the state of
	 * its own, under the device lock, writing nothing. NULL: the core checks alone. */
	const struct shim_driver_check *check;

	/* The driver's PMU (drm/perf_event.h; the kernel's perf_pmu_register): perf_event_open
	 * of its type reaches it. NULL: no PMU, and that type is the host's. */
	const struct shim_pmu *pmu;
};

/* The driver; registered from a constructor of the driver's module. */
void shim_driver_register(const struct shim_driver *driver);
extern const struct shim_driver *shim_drv;

#endif
