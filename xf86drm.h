/* SPDX-License-Identifier: MIT */
/*
 * xf86drm.h - public interface of libdrm.so.2 (libdrm-gem).
 *
 * Source- and binary-compatible with libdrm 2.4.114 for the functions it
 * declares: same names, signatures, structure layouts and return
 * conventions. Every function of libdrm 2.4.114's xf86drm.h is declared,
 * including the legacy DRI1 interfaces (contexts, locks, AGP, DMA buffers,
 * maps; xf86drm_legacy.c): the kernels we target have no DRI1 support, so
 * those wrappers issue their ioctl and report the kernel's refusal exactly
 * as libdrm does - none of them pretends to succeed. The hash table, skip
 * list and random-number helpers (xf86drm_hash.c, xf86drm_skiplist.c,
 * xf86drm_random.c) reproduce libdrm's algorithms, so iteration orders and
 * random sequences are the same as with libdrm.
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
 *    close(); drmClose() also drops the fd's drmGetEntry() record.
 *  - fds from drmOpenOnce*(): shared and counted; release with drmCloseOnce().
 *  - tables from drmHashCreate()/drmSLCreate()/drmRandomCreate(): caller
 *    destroys them with the matching *Destroy(); values stored in them are
 *    never freed by the library.
 *  - drmBufInfoPtr/drmBufMapPtr from drmGetBufInfo()/drmMapBufs(): released
 *    with drmFree() of list and struct / drmUnmapBufs(); the context list of
 *    drmGetReservedContextList() with drmFreeReservedContextList().
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

/* ---- DRI1-era types (legacy maps, buffers, contexts, locks) ---- */

/*
 * drmGetEntry(): the library's record of one fd. tagTable is the fd's
 * context-tag hash table (drmAddContextTag()); f is kept for ABI.
 */
typedef struct drmHashEntry {
	int fd;
	void (*f)(int, void *, void *);
	void *tagTable;
} drmHashEntry;

/* drmGetStats(): up to 15 counters with names and print hints. */
typedef struct _drmStats {
	unsigned long count;
	struct {
		unsigned long value;
		const char *long_format;   /* printf format for long_name */
		const char *long_name;
		const char *rate_format;   /* printf format for rate_name */
		const char *rate_name;     /* name of the per-second rate */
		int isvalue;               /* 1: a value, 0: a counter */
		const char *mult_names;    /* "kgm" or "KGM" */
		int mult;                  /* 1000 or 1024 */
		int verbose;               /* only of interest in verbose output */
	} data[15];
} drmStatsT;

/* Values of the kernel's enum drm_map_type / drm_map_flags, unchanged. */
typedef enum {
	DRM_FRAME_BUFFER   = 0,
	DRM_REGISTERS      = 1,
	DRM_SHM            = 2,
	DRM_AGP            = 3,
	DRM_SCATTER_GATHER = 4,
	DRM_CONSISTENT     = 5
} drmMapType;

typedef enum {
	DRM_RESTRICTED      = 0x0001,
	DRM_READ_ONLY       = 0x0002,
	DRM_LOCKED          = 0x0004,
	DRM_KERNEL          = 0x0008,
	DRM_WRITE_COMBINING = 0x0010,
	DRM_CONTAINS_LOCK   = 0x0020,
	DRM_REMOVABLE       = 0x0040
} drmMapFlags;

/* Values of the kernel's enum drm_dma_flags, unchanged. */
typedef enum {
	DRM_DMA_BLOCK        = 0x01,
	DRM_DMA_WHILE_LOCKED = 0x02,
	DRM_DMA_PRIORITY     = 0x04,
	DRM_DMA_WAIT         = 0x10,
	DRM_DMA_SMALLER_OK   = 0x20,
	DRM_DMA_LARGER_OK    = 0x40
} drmDMAFlags;

typedef enum {
	DRM_PAGE_ALIGN    = 0x01,
	DRM_AGP_BUFFER    = 0x02,
	DRM_SG_BUFFER     = 0x04,
	DRM_FB_BUFFER     = 0x08,
	DRM_PCI_BUFFER_RO = 0x10
} drmBufDescFlags;

/* drmGetLock()/drmFinish() flags; translated to the kernel's _DRM_LOCK_*. */
typedef enum {
	DRM_LOCK_READY      = 0x01,
	DRM_LOCK_QUIESCENT  = 0x02,
	DRM_LOCK_FLUSH      = 0x04,
	DRM_LOCK_FLUSH_ALL  = 0x08,
	DRM_HALT_ALL_QUEUES = 0x10,
	DRM_HALT_CUR_QUEUES = 0x20
} drmLockFlags;

typedef enum {
	DRM_CONTEXT_PRESERVED = 0x01,
	DRM_CONTEXT_2DONLY    = 0x02
} drm_context_tFlags, *drm_context_tFlagsPtr;

typedef struct _drmBufDesc {
	int count;
	int size;
	int low_mark;
	int high_mark;
} drmBufDesc, *drmBufDescPtr;

typedef struct _drmBufInfo {
	int count;
	drmBufDescPtr list;
} drmBufInfo, *drmBufInfoPtr;

typedef struct _drmBuf {
	int idx;
	int total;
	int used;
	drmAddress address;
} drmBuf, *drmBufPtr;

typedef struct _drmBufMap {
	int count;
	drmBufPtr list;
} drmBufMap, *drmBufMapPtr;

/* The hardware lock word of a DRI1 SAREA, padded to a cache line. */
typedef struct _drmLock {
	volatile unsigned int lock;
	char padding[60];
} drmLock, *drmLockPtr;

/* drmDMA(): indices refer to the buffers of drmMapBufs(). */
typedef struct _drmDMAReq {
	drm_context_t context;
	int send_count;
	int *send_list;
	int *send_sizes;
	drmDMAFlags flags;
	int request_count;
	int request_size;
	int *request_list;
	int *request_sizes;
	int granted_count;
} drmDMAReq, *drmDMAReqPtr;

typedef struct _drmRegion {
	drm_handle_t handle;
	unsigned int offset;
	drmSize size;
	drmAddress map;
} drmRegion, *drmRegionPtr;

typedef struct _drmTextureRegion {
	unsigned char next;
	unsigned char prev;
	unsigned char in_use;
	unsigned char padding;
	unsigned int age;
} drmTextureRegion, *drmTextureRegionPtr;

/* ---- vblank waits ---- */

typedef enum {
	DRM_VBLANK_ABSOLUTE       = 0x0,
	DRM_VBLANK_RELATIVE       = 0x1,
	DRM_VBLANK_HIGH_CRTC_MASK = 0x0000003e,  /* crtc index for crtcs >= 2 */
	DRM_VBLANK_EVENT          = 0x4000000,
	DRM_VBLANK_FLIP           = 0x8000000,
	DRM_VBLANK_NEXTONMISS     = 0x10000000,
	DRM_VBLANK_SECONDARY      = 0x20000000,
	DRM_VBLANK_SIGNAL         = 0x40000000
} drmVBlankSeqType;
#define DRM_VBLANK_HIGH_CRTC_SHIFT 1

typedef struct _drmVBlankReq {
	drmVBlankSeqType type;
	unsigned int sequence;
	unsigned long signal;
} drmVBlankReq, *drmVBlankReqPtr;

typedef struct _drmVBlankReply {
	drmVBlankSeqType type;
	unsigned int sequence;
	long tval_sec;
	long tval_usec;
} drmVBlankReply, *drmVBlankReplyPtr;

typedef union _drmVBlank {
	drmVBlankReq request;
	drmVBlankReply reply;
} drmVBlank, *drmVBlankPtr;

/* ---- the DRI1 lock word, taken without a system call when uncontended ---- */

#define __drm_dummy_lock(lock) (*(__volatile__ unsigned int *)lock)

#define DRM_LOCK_HELD  0x80000000U
#define DRM_LOCK_CONT  0x40000000U

/*
 * DRM_CAS(lock, old, new, ret): compare-and-swap of the lock word; ret is
 * nonzero when the swap did not happen. x86 keeps libdrm's cmpxchg (the
 * value left in ret is the same); elsewhere the compiler's atomic builtin
 * does the same job as libdrm's per-architecture assembly.
 */
#if defined(__GNUC__) && (defined(__i386) || defined(__AMD64__) || \
			  defined(__x86_64__) || defined(__amd64__))
#define DRM_CAS(lock, old, new, __ret)                                   \
	do {                                                             \
		int __dummy;                                             \
		__asm__ __volatile__("lock ; cmpxchg %4,%1\n\t"          \
				     "setnz %0"                          \
				     : "=d" (__ret),                     \
				       "=m" (__drm_dummy_lock(lock)),    \
				       "=a" (__dummy)                    \
				     : "2" (old), "r" (new));            \
	} while (0)
#elif defined(__GNUC__)
#define DRM_CAS(lock, old, new, __ret)                                   \
	do {                                                             \
		unsigned int __exp = (old);                              \
		__ret = !__atomic_compare_exchange_n(                    \
			&__drm_dummy_lock(lock), &__exp, (new), 0,       \
			__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);             \
	} while (0)
#else
#define DRM_CAS(lock, old, new, ret) do { ret = 1; } while (0)
#endif

#if defined(__alpha__)
#define DRM_CAS_RESULT(_result) long _result
#elif defined(__powerpc__)
#define DRM_CAS_RESULT(_result) int _result
#else
#define DRM_CAS_RESULT(_result) char _result
#endif

#define DRM_LIGHT_LOCK(fd, lock, context)                                \
	do {                                                             \
		DRM_CAS_RESULT(__ret);                                   \
		DRM_CAS(lock, context, DRM_LOCK_HELD | context, __ret);  \
		if (__ret)                                               \
			drmGetLock(fd, context, 0);                      \
	} while (0)

/* DRM_LIGHT_LOCK that counts the locks taken without the kernel. */
#define DRM_LIGHT_LOCK_COUNT(fd, lock, context, count)                   \
	do {                                                             \
		DRM_CAS_RESULT(__ret);                                   \
		DRM_CAS(lock, context, DRM_LOCK_HELD | context, __ret);  \
		if (__ret)                                               \
			drmGetLock(fd, context, 0);                      \
		else                                                     \
			++count;                                         \
	} while (0)

#define DRM_LOCK(fd, lock, context, flags)                               \
	do {                                                             \
		if (flags)                                               \
			drmGetLock(fd, context, flags);                  \
		else                                                     \
			DRM_LIGHT_LOCK(fd, lock, context);               \
	} while (0)

#define DRM_UNLOCK(fd, lock, context)                                    \
	do {                                                             \
		DRM_CAS_RESULT(__ret);                                   \
		DRM_CAS(lock, DRM_LOCK_HELD | context, context, __ret);  \
		if (__ret)                                               \
			drmUnlock(fd, context);                          \
	} while (0)

/* Spin locks in shared memory (a drmLock). */
#define DRM_SPINLOCK(spin, val)                                          \
	do {                                                             \
		DRM_CAS_RESULT(__ret);                                   \
		do {                                                     \
			DRM_CAS(spin, 0, val, __ret);                    \
			if (__ret)                                       \
				while ((spin)->lock)                     \
					;                                \
		} while (__ret);                                         \
	} while (0)

#define DRM_SPINLOCK_TAKE(spin, val)                                     \
	do {                                                             \
		DRM_CAS_RESULT(__ret);                                   \
		int cur;                                                 \
		do {                                                     \
			cur = (*spin).lock;                              \
			DRM_CAS(spin, cur, val, __ret);                  \
		} while (__ret);                                         \
	} while (0)

#define DRM_SPINLOCK_COUNT(spin, val, count, __ret)                      \
	do {                                                             \
		int __i;                                                 \
		__ret = 1;                                               \
		for (__i = 0; __ret && __i < count; __i++) {             \
			DRM_CAS(spin, 0, val, __ret);                    \
			if (__ret)                                       \
				for (; __i < count && (spin)->lock; __i++) \
					;                                \
		}                                                        \
	} while (0)

#define DRM_SPINUNLOCK(spin, val)                                        \
	do {                                                             \
		DRM_CAS_RESULT(__ret);                                   \
		if ((*spin).lock == val) {                               \
			do {                                             \
				DRM_CAS(spin, val, 0, __ret);            \
			} while (__ret);                                 \
		}                                                        \
	} while (0)

/*
 * ---- legacy DRI1 interfaces (xf86drm_legacy.c) ----
 *
 * Linux without CONFIG_DRM_LEGACY (every distribution kernel since 2021)
 * refuses these ioctls, mostly with EINVAL; the functions report that as
 * libdrm does: -errno for most, -1 with errno for drmUnlock(), 0 or NULL
 * for the AGP info getters, drmGetBufInfo() and drmMapBufs().
 */
extern int drmGetInterruptFromBusID(int fd, int busnum, int devnum, int funcnum);
extern int drmGetMap(int fd, int idx, drm_handle_t *offset, drmSize *size,
		     drmMapType *type, drmMapFlags *flags, drm_handle_t *handle,
		     int *mtrr);
extern int drmGetClient(int fd, int idx, int *auth, int *pid, int *uid,
			unsigned long *magic, unsigned long *iocs);
extern int drmGetStats(int fd, drmStatsT *stats);
extern int drmSetBusid(int fd, const char *busid);
extern int drmAddMap(int fd, drm_handle_t offset, drmSize size,
		     drmMapType type, drmMapFlags flags, drm_handle_t *handle);
extern int drmRmMap(int fd, drm_handle_t handle);
extern int drmAddContextPrivateMapping(int fd, drm_context_t ctx_id,
				       drm_handle_t handle);
extern int drmGetContextPrivateMapping(int fd, drm_context_t ctx_id,
				       drm_handle_t *handle);
extern int drmAddBufs(int fd, int count, int size, drmBufDescFlags flags,
		      int agp_offset);
extern int drmMarkBufs(int fd, double low, double high);
extern int drmCreateContext(int fd, drm_context_t *handle);
extern int drmSetContextFlags(int fd, drm_context_t context,
			      drm_context_tFlags flags);
extern int drmGetContextFlags(int fd, drm_context_t context,
			      drm_context_tFlagsPtr flags);
extern int drmAddContextTag(int fd, drm_context_t context, void *tag);
extern int drmDelContextTag(int fd, drm_context_t context);
extern void *drmGetContextTag(int fd, drm_context_t context);
extern drm_context_t *drmGetReservedContextList(int fd, int *count);
extern void drmFreeReservedContextList(drm_context_t *);
extern int drmSwitchToContext(int fd, drm_context_t context);
extern int drmDestroyContext(int fd, drm_context_t handle);
extern int drmCreateDrawable(int fd, drm_drawable_t *handle);
extern int drmDestroyDrawable(int fd, drm_drawable_t handle);
extern int drmUpdateDrawableInfo(int fd, drm_drawable_t handle,
				 drm_drawable_info_type_t type,
				 unsigned int num, void *data);
extern int drmCtlInstHandler(int fd, int irq);
extern int drmCtlUninstHandler(int fd);
extern int drmMap(int fd, drm_handle_t handle, drmSize size,
		  drmAddressPtr address);
extern int drmUnmap(drmAddress address, drmSize size);
extern drmBufInfoPtr drmGetBufInfo(int fd);
extern drmBufMapPtr drmMapBufs(int fd);
extern int drmUnmapBufs(drmBufMapPtr bufs);
extern int drmDMA(int fd, drmDMAReqPtr request);
extern int drmFreeBufs(int fd, int count, int *list);
extern int drmGetLock(int fd, drm_context_t context, drmLockFlags flags);
extern int drmUnlock(int fd, drm_context_t context);
extern int drmFinish(int fd, int context, drmLockFlags flags);

/* AGP/GART and PCI scatter/gather. */
extern int drmAgpAcquire(int fd);
extern int drmAgpRelease(int fd);
extern int drmAgpEnable(int fd, unsigned long mode);
extern int drmAgpAlloc(int fd, unsigned long size, unsigned long type,
		       unsigned long *address, drm_handle_t *handle);
extern int drmAgpFree(int fd, drm_handle_t handle);
extern int drmAgpBind(int fd, drm_handle_t handle, unsigned long offset);
extern int drmAgpUnbind(int fd, drm_handle_t handle);
extern int drmAgpVersionMajor(int fd);
extern int drmAgpVersionMinor(int fd);
extern unsigned long drmAgpGetMode(int fd);
extern unsigned long drmAgpBase(int fd);
extern unsigned long drmAgpSize(int fd);
extern unsigned long drmAgpMemoryUsed(int fd);
extern unsigned long drmAgpMemoryAvail(int fd);
extern unsigned int drmAgpVendorId(int fd);
extern unsigned int drmAgpDeviceId(int fd);
extern int drmScatterGatherAlloc(int fd, unsigned long size,
				 drm_handle_t *handle);
extern int drmScatterGatherFree(int fd, drm_handle_t handle);

/* ---- per-fd records and shared opens (xf86drm_once.c) ---- */

extern void *drmGetHashTable(void);
extern drmHashEntry *drmGetEntry(int fd);
extern int drmOpenControl(int minor);
extern int drmOpenOnce(void *unused, const char *BusID, int *newlyopened);
extern int drmOpenOnceWithType(const char *BusID, int *newlyopened, int type);
extern void drmCloseOnce(int fd);

/*
 * ---- kernel mode setting probes (xf86drm_kmsprobe.c) ----
 * libdrm declares these two in xf86drmMode.h; the same declarations here
 * are harmless there and let xf86drm.h users reach them.
 */

extern int drmCheckModesettingSupported(const char *busid);
extern int drmIsKMS(int fd);

/* ---- hash table, random numbers, skip list ---- */

extern void *drmHashCreate(void);
extern int drmHashDestroy(void *t);
extern int drmHashLookup(void *t, unsigned long key, void **value);
extern int drmHashInsert(void *t, unsigned long key, void *value);
extern int drmHashDelete(void *t, unsigned long key);
extern int drmHashFirst(void *t, unsigned long *key, void **value);
extern int drmHashNext(void *t, unsigned long *key, void **value);

extern void *drmRandomCreate(unsigned long seed);
extern int drmRandomDestroy(void *state);
extern unsigned long drmRandom(void *state);
extern double drmRandomDouble(void *state);

extern void *drmSLCreate(void);
extern int drmSLDestroy(void *l);
extern int drmSLLookup(void *l, unsigned long key, void **value);
extern int drmSLInsert(void *l, unsigned long key, void *value);
extern int drmSLDelete(void *l, unsigned long key);
extern int drmSLNext(void *l, unsigned long *key, void **value);
extern int drmSLFirst(void *l, unsigned long *key, void **value);
extern void drmSLDump(void *l);
extern int drmSLLookupNeighbors(void *l, unsigned long key,
				unsigned long *prev_key, void **prev_value,
				unsigned long *next_key, void **next_value);

/* ---- vblank, CRTC sequences and events (xf86drm_vblank.c) ---- */

extern int drmWaitVBlank(int fd, drmVBlankPtr vbl);
extern int drmCrtcGetSequence(int fd, uint32_t crtcId, uint64_t *sequence,
			      uint64_t *ns);
extern int drmCrtcQueueSequence(int fd, uint32_t crtcId, uint32_t flags,
				uint64_t sequence, uint64_t *sequence_queued,
				uint64_t user_data);

/*
 * Handlers for drmHandleEvent(). version says which members exist: 1 has
 * vblank_handler, 2 adds page_flip_handler, 3 page_flip_handler2 (with the
 * crtc id; preferred over page_flip_handler when set), 4 sequence_handler.
 */
#define DRM_EVENT_CONTEXT_VERSION 4

typedef struct _drmEventContext {
	int version;
	void (*vblank_handler)(int fd, unsigned int sequence,
			       unsigned int tv_sec, unsigned int tv_usec,
			       void *user_data);
	void (*page_flip_handler)(int fd, unsigned int sequence,
				  unsigned int tv_sec, unsigned int tv_usec,
				  void *user_data);
	void (*page_flip_handler2)(int fd, unsigned int sequence,
				   unsigned int tv_sec, unsigned int tv_usec,
				   unsigned int crtc_id, void *user_data);
	void (*sequence_handler)(int fd, uint64_t sequence, uint64_t ns,
				 uint64_t user_data);
} drmEventContext, *drmEventContextPtr;

extern int drmHandleEvent(int fd, drmEventContextPtr evctx);

#if defined(__cplusplus)
}
#endif

#endif
