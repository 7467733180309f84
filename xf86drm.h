/* SPDX-License-Identifier: MIT */
/*
 * xf86drm.h - public interface of libdrm.so.2 (libdrm-gem).
 *
 * Source- and binary-compatible with libdrm 2.4.114 for the functions it
 * declares: same names, signatures, structure layouts and return
 * conventions. Only functions this library really implements are declared;
 * the legacy DRI1 interfaces (contexts, locks, AGP, DMA buffers, maps) and
 * the hash/skip-list/random helpers are deliberately left out.
 *
 * Ownership of what the library hands out:
 *  - drmVersionPtr from drmGetVersion()/drmGetLibVersion(): caller frees it
 *    with drmFreeVersion().
 *  - char * from drmGetBusid(): caller frees it with drmFreeBusid().
 *  - char * from the *DeviceName* and format-name functions: caller frees it
 *    with free().
 *  - drmDevicePtr from drmGetDevice*() / drmGetDevices*(): one allocation
 *    each; caller frees it with drmFreeDevice() / drmFreeDevices().
 *  - file descriptors from drmOpen*(): caller closes them with drmClose() or
 *    close().
 *
 * The kernel uAPI (drm.h, drm_fourcc.h) comes from the system headers.
 */
#ifndef _XF86DRM_H_
#define _XF86DRM_H_

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <drm.h>

#if defined(__cplusplus)
extern "C" {
#endif

/* Highest number of minors probed per node type by drmOpen(). */
#ifndef DRM_MAX_MINOR
#define DRM_MAX_MINOR 16
#endif

/* ioctl number construction, as the kernel's <asm/ioctl.h> does it. */
#define DRM_IOCTL_NR(n)            _IOC_NR(n)
#define DRM_IOC_VOID               _IOC_NONE
#define DRM_IOC_READ               _IOC_READ
#define DRM_IOC_WRITE              _IOC_WRITE
#define DRM_IOC_READWRITE          (_IOC_READ|_IOC_WRITE)
#define DRM_IOC(dir, group, nr, size) _IOC(dir, group, nr, size)

/* Ownership and mode historically used for device nodes. */
#define DRM_DEV_UID                0
#define DRM_DEV_GID                0
#define DRM_DEV_DIRMODE \
	(S_IRUSR|S_IWUSR|S_IXUSR|S_IRGRP|S_IXGRP|S_IROTH|S_IXOTH)
#define DRM_DEV_MODE \
	(S_IRUSR|S_IWUSR|S_IRGRP|S_IWGRP|S_IROTH|S_IWOTH)

/* Where device nodes live and how they are named. */
#define DRM_DIR_NAME               "/dev/dri"
#define DRM_PRIMARY_MINOR_NAME     "card"
#define DRM_CONTROL_MINOR_NAME     "controlD"
#define DRM_RENDER_MINOR_NAME      "renderD"
#define DRM_PROC_NAME              "/proc/dri/"

#define DRM_DEV_NAME               "%s/" DRM_PRIMARY_MINOR_NAME "%d"
#define DRM_CONTROL_DEV_NAME       "%s/" DRM_CONTROL_MINOR_NAME "%d"
#define DRM_RENDER_DEV_NAME        "%s/" DRM_RENDER_MINOR_NAME "%d"

/*
 * Longest node path plus terminator: the directory, a slash, the longest
 * prefix ("controlD"), up to three digits and the NUL.
 */
#define DRM_NODE_NAME_MAX \
	(sizeof(DRM_DIR_NAME) + 1 + sizeof(DRM_CONTROL_MINOR_NAME) + \
	 sizeof("144") + 1)

/* Legacy error codes understood by drmError(). */
#define DRM_ERR_NO_DEVICE          (-1001)
#define DRM_ERR_NO_ACCESS          (-1002)
#define DRM_ERR_NOT_ROOT           (-1003)
#define DRM_ERR_INVALID            (-1004)
#define DRM_ERR_NO_FD              (-1005)

#define DRM_AGP_NO_HANDLE          0

typedef unsigned int drmSize, *drmSizePtr;
typedef void *drmAddress, **drmAddressPtr;

#if defined(__GNUC__) && (__GNUC__ >= 3)
#define DRM_PRINTFLIKE(f, a) __attribute__((format(__printf__, f, a)))
#else
#define DRM_PRINTFLIKE(f, a)
#endif

/*
 * Hooks an X server may install with drmSetServerInfo(): debug_print
 * receives drmMsg() output, load_module is tried by drmOpen() when no DRM
 * device is available, get_perms is kept for ABI and never called.
 */
typedef struct _drmServerInfo {
	int (*debug_print)(const char *format, va_list ap) DRM_PRINTFLIKE(1, 0);
	int (*load_module)(const char *name);
	void (*get_perms)(gid_t *, mode_t *);
} drmServerInfo, *drmServerInfoPtr;

/* A driver's name, date, description and version (drmGetVersion()). */
typedef struct _drmVersion {
	int version_major;
	int version_minor;
	int version_patchlevel;
	int name_len;        /* length of name, without the terminator */
	char *name;          /* e.g. "i915" */
	int date_len;
	char *date;          /* e.g. "20201103" */
	int desc_len;
	char *desc;          /* e.g. "Intel Graphics" */
} drmVersion, *drmVersionPtr;

/* Interface versions negotiated by drmSetInterfaceVersion(). */
typedef struct _drmSetVersion {
	int drm_di_major;
	int drm_di_minor;
	int drm_dd_major;
	int drm_dd_minor;
} drmSetVersion, *drmSetVersionPtr;

/* Node types, as used by drmOpenWithType() and drmDevice.nodes[]. */
#define DRM_NODE_PRIMARY 0
#define DRM_NODE_CONTROL 1
#define DRM_NODE_RENDER  2
#define DRM_NODE_MAX     3

/* ---- the one door to the kernel ---- */

/* ioctl(2), restarted while it fails with EINTR or EAGAIN. */
extern int drmIoctl(int fd, unsigned long request, void *arg);

/* ---- opening and closing devices ---- */

extern int drmAvailable(void);
extern int drmOpen(const char *name, const char *busid);
extern int drmOpenWithType(const char *name, const char *busid, int type);
extern int drmOpenRender(int minor);
extern int drmClose(int fd);

/* ---- versions, capabilities, bus id ---- */

extern drmVersionPtr drmGetVersion(int fd);
extern drmVersionPtr drmGetLibVersion(int fd);
extern void drmFreeVersion(drmVersionPtr version);
extern int drmGetCap(int fd, uint64_t capability, uint64_t *value);
extern int drmSetClientCap(int fd, uint64_t capability, uint64_t value);
extern int drmSetInterfaceVersion(int fd, drmSetVersion *version);
extern char *drmGetBusid(int fd);
extern void drmFreeBusid(const char *busid);

/* ---- authentication and master ---- */

extern int drmGetMagic(int fd, drm_magic_t *magic);
extern int drmAuthMagic(int fd, drm_magic_t magic);
extern int drmSetMaster(int fd);
extern int drmDropMaster(int fd);
extern int drmIsMaster(int fd);

/* ---- driver-private commands (DRM_COMMAND_BASE + index) ---- */

extern int drmCommandNone(int fd, unsigned long drmCommandIndex);
extern int drmCommandRead(int fd, unsigned long drmCommandIndex,
			  void *data, unsigned long size);
extern int drmCommandWrite(int fd, unsigned long drmCommandIndex,
			   void *data, unsigned long size);
extern int drmCommandWriteRead(int fd, unsigned long drmCommandIndex,
			       void *data, unsigned long size);

/* ---- GEM ---- */

extern int drmCloseBufferHandle(int fd, uint32_t handle);

/*
 * PRIME and sync objects (xf86drm_prime.c, xf86drm_syncobj.c). GEM
 * handles are not reference counted and are unique per open file:
 * drmPrimeFDToHandle() returns the same handle for every dma-buf of one
 * object, so callers that import must count references themselves.
 */
extern int drmPrimeHandleToFD(int fd, uint32_t handle, uint32_t flags,
			      int *prime_fd);
extern int drmPrimeFDToHandle(int fd, int prime_fd, uint32_t *handle);

extern int drmSyncobjCreate(int fd, uint32_t flags, uint32_t *handle);
extern int drmSyncobjDestroy(int fd, uint32_t handle);
extern int drmSyncobjHandleToFD(int fd, uint32_t handle, int *obj_fd);
extern int drmSyncobjFDToHandle(int fd, int obj_fd, uint32_t *handle);
extern int drmSyncobjImportSyncFile(int fd, uint32_t handle, int sync_file_fd);
extern int drmSyncobjExportSyncFile(int fd, uint32_t handle, int *sync_file_fd);
extern int drmSyncobjWait(int fd, uint32_t *handles, unsigned num_handles,
			  int64_t timeout_nsec, unsigned flags,
			  uint32_t *first_signaled);
extern int drmSyncobjReset(int fd, const uint32_t *handles,
			   uint32_t handle_count);
extern int drmSyncobjSignal(int fd, const uint32_t *handles,
			    uint32_t handle_count);
extern int drmSyncobjTimelineSignal(int fd, const uint32_t *handles,
				    uint64_t *points, uint32_t handle_count);
extern int drmSyncobjTimelineWait(int fd, uint32_t *handles, uint64_t *points,
				  unsigned num_handles, int64_t timeout_nsec,
				  unsigned flags, uint32_t *first_signaled);
extern int drmSyncobjQuery(int fd, uint32_t *handles, uint64_t *points,
			   uint32_t handle_count);
extern int drmSyncobjQuery2(int fd, uint32_t *handles, uint64_t *points,
			    uint32_t handle_count, uint32_t flags);
extern int drmSyncobjTransfer(int fd, uint32_t dst_handle, uint64_t dst_point,
			      uint32_t src_handle, uint64_t src_point,
			      uint32_t flags);

/* ---- support routines ---- */

extern void drmSetServerInfo(drmServerInfoPtr info);
extern int drmError(int err, const char *label);
extern void *drmMalloc(int size);
extern void drmFree(void *pt);
extern void drmMsg(const char *format, ...) DRM_PRINTFLIKE(1, 2);

/* ---- device nodes and names ---- */

extern char *drmGetDeviceNameFromFd(int fd);
extern char *drmGetDeviceNameFromFd2(int fd);
extern int drmGetNodeTypeFromFd(int fd);
extern char *drmGetPrimaryDeviceNameFromFd(int fd);
extern char *drmGetRenderDeviceNameFromFd(int fd);

/* ---- device enumeration ---- */

#define DRM_BUS_PCI       0
#define DRM_BUS_USB       1
#define DRM_BUS_PLATFORM  2
#define DRM_BUS_HOST1X    3

typedef struct _drmPciBusInfo {
	uint16_t domain;
	uint8_t bus;
	uint8_t dev;
	uint8_t func;
} drmPciBusInfo, *drmPciBusInfoPtr;

typedef struct _drmPciDeviceInfo {
	uint16_t vendor_id;
	uint16_t device_id;
	uint16_t subvendor_id;
	uint16_t subdevice_id;
	uint8_t revision_id;     /* 0xff when not asked for */
} drmPciDeviceInfo, *drmPciDeviceInfoPtr;

typedef struct _drmUsbBusInfo {
	uint8_t bus;
	uint8_t dev;
} drmUsbBusInfo, *drmUsbBusInfoPtr;

typedef struct _drmUsbDeviceInfo {
	uint16_t vendor;
	uint16_t product;
} drmUsbDeviceInfo, *drmUsbDeviceInfoPtr;

#define DRM_PLATFORM_DEVICE_NAME_LEN 512

typedef struct _drmPlatformBusInfo {
	char fullname[DRM_PLATFORM_DEVICE_NAME_LEN];
} drmPlatformBusInfo, *drmPlatformBusInfoPtr;

typedef struct _drmPlatformDeviceInfo {
	char **compatible;       /* NULL-terminated list */
} drmPlatformDeviceInfo, *drmPlatformDeviceInfoPtr;

#define DRM_HOST1X_DEVICE_NAME_LEN 512

typedef struct _drmHost1xBusInfo {
	char fullname[DRM_HOST1X_DEVICE_NAME_LEN];
} drmHost1xBusInfo, *drmHost1xBusInfoPtr;

typedef struct _drmHost1xDeviceInfo {
	char **compatible;       /* NULL-terminated list */
} drmHost1xDeviceInfo, *drmHost1xDeviceInfoPtr;

/*
 * One device with all of its nodes. nodes[] has DRM_NODE_MAX entries, each
 * pointing at a string inside the same allocation; only the entries whose
 * bit (1 << DRM_NODE_*) is set in available_nodes hold a path.
 */
typedef struct _drmDevice {
	char **nodes;
	int available_nodes;
	int bustype;             /* DRM_BUS_* */
	union {
		drmPciBusInfoPtr pci;
		drmUsbBusInfoPtr usb;
		drmPlatformBusInfoPtr platform;
		drmHost1xBusInfoPtr host1x;
	} businfo;
	union {
		drmPciDeviceInfoPtr pci;
		drmUsbDeviceInfoPtr usb;
		drmPlatformDeviceInfoPtr platform;
		drmHost1xDeviceInfoPtr host1x;
	} deviceinfo;
} drmDevice, *drmDevicePtr;

/* drmGetDevice2()/drmGetDevices2() flag: read the PCI revision too. */
#define DRM_DEVICE_GET_PCI_REVISION (1 << 0)

extern int drmGetDevice(int fd, drmDevicePtr *device);
extern int drmGetDevice2(int fd, uint32_t flags, drmDevicePtr *device);
extern int drmGetDeviceFromDevId(dev_t dev_id, uint32_t flags,
				 drmDevicePtr *device);
extern void drmFreeDevice(drmDevicePtr *device);
extern int drmGetDevices(drmDevicePtr devices[], int max_devices);
extern int drmGetDevices2(uint32_t flags, drmDevicePtr devices[],
			  int max_devices);
extern void drmFreeDevices(drmDevicePtr devices[], int count);
extern int drmDevicesEqual(drmDevicePtr a, drmDevicePtr b);

/* ---- format names (drm_fourcc.h) ---- */

extern char *drmGetFormatName(uint32_t format);
extern char *drmGetFormatModifierName(uint64_t modifier);
extern char *drmGetFormatModifierVendor(uint64_t modifier);

#ifndef fourcc_mod_get_vendor
#define fourcc_mod_get_vendor(modifier) (((modifier) >> 56) & 0xff)
#endif

#if defined(__cplusplus)
}
#endif

#endif
