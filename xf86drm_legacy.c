/* SPDX-License-Identifier: MIT */
/*
 * The DRI1 ("legacy") interfaces of libdrm.so.2: maps, DMA buffers,
 * contexts, drawables, the hardware lock, IRQ control, AGP and PCI
 * scatter/gather, plus the client and statistics queries and the bus-id
 * setter of the same era.
 *
 * Each function issues the ioctl libdrm 2.4.114 issues, with the same
 * argument, and returns what libdrm returns (mostly -errno; see each one).
 * Kernels without CONFIG_DRM_LEGACY - all current distribution kernels, and
 * the shim, which is judged against them - refuse most of these ioctls, so
 * in practice they report an error; none of them fakes success. drmMap()
 * and drmUnmap() are mmap/munmap of the device, as in libdrm.
 *
 * Deliberate differences (all where libdrm would crash or hang): NULL
 * output pointers that libdrm writes through give -EINVAL before any
 * ioctl; drmGetLock() returns -errno when the kernel refuses the lock
 * instead of retrying forever; allocation failures return NULL/-ENOMEM.
 *
 * Lifetimes: drmGetBufInfo() returns a drmBufInfo whose list and struct
 * the caller frees with drmFree(); drmMapBufs() a drmBufMap released with
 * drmUnmapBufs(); drmGetReservedContextList() an array released with
 * drmFreeReservedContextList(). The strings in drmStatsT are static.
 * Calls: drmIoctl(), ioctl(2) for drmDMA, mmap/munmap, libc.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"


/* An output pointer libdrm would write through unchecked. */
static int bad_pointer(const void *p)
{
	if (p)
		return 0;
	errno = EINVAL;
	return 1;
}

/* ------------------------------------------------------------------ */
/* bus id, IRQ, clients, statistics                                    */
/* ------------------------------------------------------------------ */

/* drmSetBusid: SET_UNIQUE (refused by modern kernels). 0 or -errno. */
drm_public int drmSetBusid(int fd, const char *busid)
{
	struct drm_unique u;

	if (bad_pointer(busid))
		return -EINVAL;
	memclear(u);
	u.unique = (char *)busid;
	u.unique_len = strlen(busid);
	return drm_ioctl_errno(fd, DRM_IOCTL_SET_UNIQUE, &u);
}

/* drmGetInterruptFromBusID: the IRQ of a PCI function, or -errno. */
drm_public int drmGetInterruptFromBusID(int fd, int busnum, int devnum, int funcnum)
{
	struct drm_irq_busid p;

	memclear(p);
	p.busnum = busnum;
	p.devnum = devnum;
	p.funcnum = funcnum;
	if (drmIoctl(fd, DRM_IOCTL_IRQ_BUSID, &p))
		return -errno;
	return p.irq;
}

/* drmCtlInstHandler / drmCtlUninstHandler: CONTROL. 0 or -errno. */
drm_public int drmCtlInstHandler(int fd, int irq)
{
	struct drm_control ctl;

	memclear(ctl);
	ctl.func = DRM_INST_HANDLER;
	ctl.irq = irq;
	return drm_ioctl_errno(fd, DRM_IOCTL_CONTROL, &ctl);
}

drm_public int drmCtlUninstHandler(int fd)
{
	struct drm_control ctl;

	memclear(ctl);
	ctl.func = DRM_UNINST_HANDLER;
	return drm_ioctl_errno(fd, DRM_IOCTL_CONTROL, &ctl);
}

/*
 * drmGetClient: GET_CLIENT of the idx-th client of the device. Modern
 * kernels answer only idx 0, with the caller itself. 0 or -errno; the
 * outputs are written on success only.
 */
drm_public int drmGetClient(int fd, int idx, int *auth, int *pid, int *uid,
			    unsigned long *magic, unsigned long *iocs)
{
	struct drm_client client;
	int ret;

	if (bad_pointer(auth) || bad_pointer(pid) || bad_pointer(uid) ||
	    bad_pointer(magic) || bad_pointer(iocs))
		return -EINVAL;
	memclear(client);
	client.idx = idx;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_GET_CLIENT, &client);
	if (ret)
		return ret;
	*auth = client.auth;
	*pid = client.pid;
	*uid = client.uid;
	*magic = client.magic;
	*iocs = client.iocs;
	return 0;
}

/* Names and print hints per enum drm_stat_type, as libdrm gives them. */
struct stat_style {
	const char *long_name;
	const char *rate_name;
	char kind;                   /* 'v' value, 'c' count, 'b' bytes */
	char verbose;
};

static const struct stat_style stat_styles[] = {
	[_DRM_STAT_LOCK]      = { "Lock", "Lock", 'v', 0 },
	[_DRM_STAT_OPENS]     = { "Opens", "O", 'c', 1 },
	[_DRM_STAT_CLOSES]    = { "Closes", "Lock", 'c', 1 },
	[_DRM_STAT_IOCTLS]    = { "Ioctls", "Ioc/s", 'c', 0 },
	[_DRM_STAT_LOCKS]     = { "Locks", "Lck/s", 'c', 0 },
	[_DRM_STAT_UNLOCKS]   = { "Unlocks", "Unl/s", 'c', 0 },
	[_DRM_STAT_VALUE]     = { "Value", "Value", 'v', 0 },
	[_DRM_STAT_BYTE]      = { "Bytes", "B/s", 'b', 0 },
	[_DRM_STAT_COUNT]     = { "Count", "Cnt/s", 'c', 0 },
	[_DRM_STAT_IRQ]       = { "IRQs", "IRQ/s", 'c', 0 },
	[_DRM_STAT_PRIMARY]   = { "Primary Bytes", "PB/s", 'b', 0 },
	[_DRM_STAT_SECONDARY] = { "Secondary Bytes", "SB/s", 'b', 0 },
	[_DRM_STAT_DMA]       = { "DMA", "DMA/s", 'c', 0 },
	[_DRM_STAT_SPECIAL]   = { "Special DMA", "dma/s", 'c', 0 },
	[_DRM_STAT_MISSED]    = { "Miss", "Ms/s", 'c', 0 },
};

/*
 * drmGetStats: GET_STATS, with names and print hints for each counter
 * (modern kernels report none: count 0). *stats is zeroed first. 0,
 * -errno when the ioctl fails, -1 when the kernel reports more counters
 * than drmStatsT holds.
 */
drm_public int drmGetStats(int fd, drmStatsT *stats)
{
	struct drm_stats s;
	int ret;

	if (bad_pointer(stats))
		return -EINVAL;
	memclear(s);
	ret = drm_ioctl_errno(fd, DRM_IOCTL_GET_STATS, &s);
	if (ret)
		return ret;
	memset(stats, 0, sizeof(*stats));
	if (s.count > sizeof(stats->data) / sizeof(stats->data[0]))
		return -1;
	stats->count = s.count;
	for (unsigned long i = 0; i < s.count; i++) {
		const struct stat_style *st = &stat_styles[_DRM_STAT_COUNT];

		/* Unknown types are shown as plain counts. */
		if ((unsigned)s.data[i].type < sizeof(stat_styles) / sizeof(stat_styles[0]) &&
		    stat_styles[s.data[i].type].long_name)
			st = &stat_styles[s.data[i].type];
		stats->data[i].value = s.data[i].value;
		stats->data[i].long_name = st->long_name;
		stats->data[i].rate_name = st->rate_name;
		stats->data[i].long_format = "%-20.20s";
		stats->data[i].verbose = st->verbose;
		if (st->kind == 'v') {
			stats->data[i].rate_format = "%8.8s";
			stats->data[i].isvalue = 1;
		} else {
			stats->data[i].rate_format = "%5.5s";
			stats->data[i].mult_names = st->kind == 'b' ? "KGM" : "kgm";
			stats->data[i].mult = st->kind == 'b' ? 1024 : 1000;
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* maps                                                                */
/* ------------------------------------------------------------------ */

/* drmAddMap: ADD_MAP; the handle (if asked for) on success. 0 or -errno. */
drm_public int drmAddMap(int fd, drm_handle_t offset, drmSize size,
			 drmMapType type, drmMapFlags flags, drm_handle_t *handle)
{
	struct drm_map map;
	int ret;

	memclear(map);
	map.offset = offset;
	map.size = size;
	map.type = (enum drm_map_type)type;
	map.flags = (enum drm_map_flags)flags;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_ADD_MAP, &map);
	if (ret)
		return ret;
	if (handle)
		*handle = (drm_handle_t)(uintptr_t)map.handle;
	return 0;
}

/* drmRmMap: RM_MAP of the map with that handle. 0 or -errno. */
drm_public int drmRmMap(int fd, drm_handle_t handle)
{
	struct drm_map map;

	memclear(map);
	map.handle = (void *)(uintptr_t)handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_RM_MAP, &map);
}

/* drmGetMap: GET_MAP of the idx-th map; all outputs on success. */
drm_public int drmGetMap(int fd, int idx, drm_handle_t *offset, drmSize *size,
			 drmMapType *type, drmMapFlags *flags,
			 drm_handle_t *handle, int *mtrr)
{
	struct drm_map map;
	int ret;

	if (bad_pointer(offset) || bad_pointer(size) || bad_pointer(type) ||
	    bad_pointer(flags) || bad_pointer(handle) || bad_pointer(mtrr))
		return -EINVAL;
	memclear(map);
	map.offset = (unsigned long)idx;	/* the kernel reads the index here */
	ret = drm_ioctl_errno(fd, DRM_IOCTL_GET_MAP, &map);
	if (ret)
		return ret;
	*offset = map.offset;
	*size = map.size;
	*type = (drmMapType)map.type;
	*flags = (drmMapFlags)map.flags;
	*handle = (drm_handle_t)(uintptr_t)map.handle;
	*mtrr = map.mtrr;
	return 0;
}

/*
 * drmMap: map size bytes (rounded up to pages) of the device at offset
 * handle, read-write and shared. 0 and *address, or -errno (-EINVAL for a
 * negative fd, before mmap is tried).
 */
drm_public int drmMap(int fd, drm_handle_t handle, drmSize size,
		      drmAddressPtr address)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t len = ((size_t)size + page - 1) & ~(page - 1);
	void *p;

	if (fd < 0 || bad_pointer(address))
		return -EINVAL;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)handle);
	*address = p;
	if (p == MAP_FAILED)
		return -errno;
	return 0;
}

/* drmUnmap: munmap(2): 0, or -1 with errno. */
drm_public int drmUnmap(drmAddress address, drmSize size)
{
	return munmap(address, size);
}

/* drmAddContextPrivateMapping: SET_SAREA_CTX. 0 or -errno. */
drm_public int drmAddContextPrivateMapping(int fd, drm_context_t ctx_id,
					   drm_handle_t handle)
{
	struct drm_ctx_priv_map map;

	memclear(map);
	map.ctx_id = ctx_id;
	map.handle = (void *)(uintptr_t)handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_SET_SAREA_CTX, &map);
}

/* drmGetContextPrivateMapping: GET_SAREA_CTX; *handle if asked for. */
drm_public int drmGetContextPrivateMapping(int fd, drm_context_t ctx_id,
					   drm_handle_t *handle)
{
	struct drm_ctx_priv_map map;
	int ret;

	memclear(map);
	map.ctx_id = ctx_id;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_GET_SAREA_CTX, &map);
	if (ret)
		return ret;
	if (handle)
		*handle = (drm_handle_t)(uintptr_t)map.handle;
	return 0;
}

/* ------------------------------------------------------------------ */
/* DMA buffers                                                         */
/* ------------------------------------------------------------------ */

/* drmAddBufs: ADD_BUFS; the number of buffers made, or -errno. */
drm_public int drmAddBufs(int fd, int count, int size, drmBufDescFlags flags,
			  int agp_offset)
{
	struct drm_buf_desc request;

	memclear(request);
	request.count = count;
	request.size = size;
	request.flags = (int)flags;
	request.agp_start = (unsigned long)agp_offset;
	if (drmIoctl(fd, DRM_IOCTL_ADD_BUFS, &request))
		return -errno;
	return request.count;
}

/*
 * Two INFO_BUFS calls: the count, then the descriptions. 0 and a list
 * to free(), or -errno; -EINVAL when the first call fails or reports no
 * buffers (libdrm's drmMarkBufs answer in both cases).
 */
static int buf_info(int fd, struct drm_buf_info *info)
{
	memclear(*info);
	if (drmIoctl(fd, DRM_IOCTL_INFO_BUFS, info) || info->count <= 0)
		return -EINVAL;
	info->list = calloc((size_t)info->count, sizeof(*info->list));
	if (!info->list)
		return -ENOMEM;
	if (drmIoctl(fd, DRM_IOCTL_INFO_BUFS, info)) {
		int ret = -errno;

		free(info->list);
		info->list = NULL;
		return ret;
	}
	return 0;
}

/*
 * drmMarkBufs: set each buffer size's low and high water marks to the
 * fractions low and high of its count (MARK_BUFS per size). 0 or -errno.
 */
drm_public int drmMarkBufs(int fd, double low, double high)
{
	struct drm_buf_info info;
	int ret = buf_info(fd, &info);

	if (ret)
		return ret;
	for (int i = 0; i < info.count; i++) {
		info.list[i].low_mark = (int)(low * info.list[i].count);
		info.list[i].high_mark = (int)(high * info.list[i].count);
		if (drmIoctl(fd, DRM_IOCTL_MARK_BUFS, &info.list[i])) {
			ret = -errno;
			break;
		}
	}
	free(info.list);
	return ret;
}

/*
 * drmGetBufInfo: the buffer sizes with counts and marks, or NULL (ioctl
 * failed, or no buffers).
 */
drm_public drmBufInfoPtr drmGetBufInfo(int fd)
{
	struct drm_buf_info info;
	drmBufInfoPtr r;

	if (buf_info(fd, &info))
		return NULL;
	r = calloc(1, sizeof(*r));
	if (r)
		r->list = calloc((size_t)info.count, sizeof(*r->list));
	if (!r || !r->list) {
		free(r);
		free(info.list);
		return NULL;
	}
	r->count = info.count;
	for (int i = 0; i < info.count; i++) {
		r->list[i].count = info.list[i].count;
		r->list[i].size = info.list[i].size;
		r->list[i].low_mark = info.list[i].low_mark;
		r->list[i].high_mark = info.list[i].high_mark;
	}
	free(info.list);
	return r;
}

/* drmMapBufs: MAP_BUFS, count then list; NULL on failure or no buffers. */
drm_public drmBufMapPtr drmMapBufs(int fd)
{
	struct drm_buf_map bufs;
	drmBufMapPtr r;

	memclear(bufs);
	if (drmIoctl(fd, DRM_IOCTL_MAP_BUFS, &bufs) || bufs.count <= 0)
		return NULL;
	bufs.list = calloc((size_t)bufs.count, sizeof(*bufs.list));
	if (!bufs.list)
		return NULL;
	if (drmIoctl(fd, DRM_IOCTL_MAP_BUFS, &bufs)) {
		free(bufs.list);
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (r)
		r->list = calloc((size_t)bufs.count, sizeof(*r->list));
	if (!r || !r->list) {
		free(r);
		free(bufs.list);
		return NULL;
	}
	r->count = bufs.count;
	for (int i = 0; i < bufs.count; i++) {
		r->list[i].idx = bufs.list[i].idx;
		r->list[i].total = bufs.list[i].total;
		r->list[i].used = 0;
		r->list[i].address = bufs.list[i].address;
	}
	free(bufs.list);
	return r;
}

/* drmUnmapBufs: unmap every buffer and free bufs. 0 (-EINVAL for NULL). */
drm_public int drmUnmapBufs(drmBufMapPtr bufs)
{
	if (bad_pointer(bufs))
		return -EINVAL;
	for (int i = 0; i < bufs->count; i++)
		munmap(bufs->list[i].address, (size_t)bufs->list[i].total);
	free(bufs->list);
	free(bufs);
	return 0;
}

/* drmFreeBufs: FREE_BUFS of count buffer indices. 0 or -errno. */
drm_public int drmFreeBufs(int fd, int count, int *list)
{
	struct drm_buf_free request;

	memclear(request);
	request.count = count;
	request.list = list;
	return drm_ioctl_errno(fd, DRM_IOCTL_FREE_BUFS, &request);
}

/*
 * drmDMA: DMA with request's buffers. Like libdrm it calls ioctl(2)
 * directly and retries only EAGAIN, at most 16 times (an EINTR is
 * returned). 0 with request->granted_count, or -errno.
 */
drm_public int drmDMA(int fd, drmDMAReqPtr request)
{
	struct drm_dma dma;
	int ret, tries = 0;

	if (bad_pointer(request))
		return -EINVAL;
	memclear(dma);
	dma.context = (int)request->context;
	dma.send_count = request->send_count;
	dma.send_indices = request->send_list;
	dma.send_sizes = request->send_sizes;
	dma.flags = (enum drm_dma_flags)request->flags;
	dma.request_count = request->request_count;
	dma.request_size = request->request_size;
	dma.request_indices = request->request_list;
	dma.request_sizes = request->request_sizes;
	do {
		ret = ioctl(fd, DRM_IOCTL_DMA, &dma);
	} while (ret && errno == EAGAIN && tries++ < 16);
	if (ret)
		return -errno;
	request->granted_count = dma.granted_count;
	return 0;
}

/* ------------------------------------------------------------------ */
/* the hardware lock                                                   */
/* ------------------------------------------------------------------ */

static int lock_flags(drmLockFlags flags)
{
	int f = 0;

	if (flags & DRM_LOCK_READY)
		f |= _DRM_LOCK_READY;
	if (flags & DRM_LOCK_QUIESCENT)
		f |= _DRM_LOCK_QUIESCENT;
	if (flags & DRM_LOCK_FLUSH)
		f |= _DRM_LOCK_FLUSH;
	if (flags & DRM_LOCK_FLUSH_ALL)
		f |= _DRM_LOCK_FLUSH_ALL;
	if (flags & DRM_HALT_ALL_QUEUES)
		f |= _DRM_HALT_ALL_QUEUES;
	if (flags & DRM_HALT_CUR_QUEUES)
		f |= _DRM_HALT_CUR_QUEUES;
	return f;
}

/*
 * drmGetLock: take the hardware lock for context (LOCK). 0 when taken.
 * libdrm repeats the ioctl until it succeeds, which on a kernel without
 * the lock means forever; drmIoctl() already repeats EINTR and EAGAIN, so
 * any other failure is final here: -errno.
 */
drm_public int drmGetLock(int fd, drm_context_t context, drmLockFlags flags)
{
	struct drm_lock lock;

	memclear(lock);
	lock.context = (int)context;
	lock.flags = (enum drm_lock_flags)lock_flags(flags);
	return drm_ioctl_errno(fd, DRM_IOCTL_LOCK, &lock);
}

/* drmUnlock: UNLOCK. 0, or -1 with errno (drmIoctl()'s result). */
drm_public int drmUnlock(int fd, drm_context_t context)
{
	struct drm_lock lock;

	memclear(lock);
	lock.context = (int)context;
	return drmIoctl(fd, DRM_IOCTL_UNLOCK, &lock);
}

/* drmFinish: FINISH with the lock flags. 0 or -errno. */
drm_public int drmFinish(int fd, int context, drmLockFlags flags)
{
	struct drm_lock lock;

	memclear(lock);
	lock.context = context;
	lock.flags = (enum drm_lock_flags)lock_flags(flags);
	return drm_ioctl_errno(fd, DRM_IOCTL_FINISH, &lock);
}

/* ------------------------------------------------------------------ */
/* contexts and drawables                                              */
/* ------------------------------------------------------------------ */

/* drmCreateContext: ADD_CTX; *handle on success. 0 or -errno. */
drm_public int drmCreateContext(int fd, drm_context_t *handle)
{
	struct drm_ctx ctx;
	int ret;

	if (bad_pointer(handle))
		return -EINVAL;
	memclear(ctx);
	ret = drm_ioctl_errno(fd, DRM_IOCTL_ADD_CTX, &ctx);
	if (ret)
		return ret;
	*handle = ctx.handle;
	return 0;
}

/* drmSwitchToContext: SWITCH_CTX. 0 or -errno. */
drm_public int drmSwitchToContext(int fd, drm_context_t context)
{
	struct drm_ctx ctx;

	memclear(ctx);
	ctx.handle = context;
	return drm_ioctl_errno(fd, DRM_IOCTL_SWITCH_CTX, &ctx);
}

/* drmSetContextFlags: MOD_CTX with the translated flags. 0 or -errno. */
drm_public int drmSetContextFlags(int fd, drm_context_t context,
				  drm_context_tFlags flags)
{
	struct drm_ctx ctx;

	memclear(ctx);
	ctx.handle = context;
	if (flags & DRM_CONTEXT_PRESERVED)
		ctx.flags |= _DRM_CONTEXT_PRESERVED;
	if (flags & DRM_CONTEXT_2DONLY)
		ctx.flags |= _DRM_CONTEXT_2DONLY;
	return drm_ioctl_errno(fd, DRM_IOCTL_MOD_CTX, &ctx);
}

/* drmGetContextFlags: GET_CTX, flags translated back. 0 or -errno. */
drm_public int drmGetContextFlags(int fd, drm_context_t context,
				  drm_context_tFlagsPtr flags)
{
	struct drm_ctx ctx;
	int ret, f = 0;

	if (bad_pointer(flags))
		return -EINVAL;
	memclear(ctx);
	ctx.handle = context;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_GET_CTX, &ctx);
	if (ret)
		return ret;
	if (ctx.flags & _DRM_CONTEXT_PRESERVED)
		f |= DRM_CONTEXT_PRESERVED;
	if (ctx.flags & _DRM_CONTEXT_2DONLY)
		f |= DRM_CONTEXT_2DONLY;
	*flags = (drm_context_tFlags)f;
	return 0;
}

/* drmDestroyContext: RM_CTX. 0 or -errno. */
drm_public int drmDestroyContext(int fd, drm_context_t handle)
{
	struct drm_ctx ctx;

	memclear(ctx);
	ctx.handle = handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_RM_CTX, &ctx);
}

/*
 * drmGetReservedContextList: the kernel's reserved context handles
 * (RES_CTX twice: count, then list), with their number in *count; NULL
 * on failure or when there are none (*count untouched then).
 */
drm_public drm_context_t *drmGetReservedContextList(int fd, int *count)
{
	struct drm_ctx_res res;
	struct drm_ctx *list;
	drm_context_t *r;

	if (bad_pointer(count))
		return NULL;
	memclear(res);
	if (drmIoctl(fd, DRM_IOCTL_RES_CTX, &res) || res.count <= 0)
		return NULL;
	list = calloc((size_t)res.count, sizeof(*list));
	r = calloc((size_t)res.count, sizeof(*r));
	if (!list || !r)
		goto fail;
	res.contexts = list;
	if (drmIoctl(fd, DRM_IOCTL_RES_CTX, &res))
		goto fail;
	for (int i = 0; i < res.count; i++)
		r[i] = list[i].handle;
	free(list);
	*count = res.count;
	return r;
fail:
	free(list);
	free(r);
	return NULL;
}

drm_public void drmFreeReservedContextList(drm_context_t *pt)
{
	free(pt);
}

/* drmCreateDrawable: ADD_DRAW; *handle on success. 0 or -errno. */
drm_public int drmCreateDrawable(int fd, drm_drawable_t *handle)
{
	struct drm_draw draw;
	int ret;

	if (bad_pointer(handle))
		return -EINVAL;
	memclear(draw);
	ret = drm_ioctl_errno(fd, DRM_IOCTL_ADD_DRAW, &draw);
	if (ret)
		return ret;
	*handle = draw.handle;
	return 0;
}

/* drmDestroyDrawable: RM_DRAW. 0 or -errno. */
drm_public int drmDestroyDrawable(int fd, drm_drawable_t handle)
{
	struct drm_draw draw;

	memclear(draw);
	draw.handle = handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_RM_DRAW, &draw);
}

/* drmUpdateDrawableInfo: UPDATE_DRAW with num items of data. 0 or -errno. */
drm_public int drmUpdateDrawableInfo(int fd, drm_drawable_t handle,
				     drm_drawable_info_type_t type,
				     unsigned int num, void *data)
{
	struct drm_update_draw update;

	memclear(update);
	update.handle = handle;
	update.type = type;
	update.num = num;
	update.data = (unsigned long long)(uintptr_t)data;
	return drm_ioctl_errno(fd, DRM_IOCTL_UPDATE_DRAW, &update);
}

/* ------------------------------------------------------------------ */
/* AGP and PCI scatter/gather                                          */
/* ------------------------------------------------------------------ */

drm_public int drmAgpAcquire(int fd)
{
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_ACQUIRE, NULL);
}

drm_public int drmAgpRelease(int fd)
{
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_RELEASE, NULL);
}

drm_public int drmAgpEnable(int fd, unsigned long mode)
{
	struct drm_agp_mode m;

	memclear(m);
	m.mode = mode;
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_ENABLE, &m);
}

/*
 * drmAgpAlloc: AGP_ALLOC. *handle is DRM_AGP_NO_HANDLE until it succeeds;
 * then the handle, and the physical address if address is not NULL.
 */
drm_public int drmAgpAlloc(int fd, unsigned long size, unsigned long type,
			   unsigned long *address, drm_handle_t *handle)
{
	struct drm_agp_buffer b;
	int ret;

	if (bad_pointer(handle))
		return -EINVAL;
	*handle = DRM_AGP_NO_HANDLE;
	memclear(b);
	b.size = size;
	b.type = type;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_AGP_ALLOC, &b);
	if (ret)
		return ret;
	if (address)
		*address = b.physical;
	*handle = b.handle;
	return 0;
}

drm_public int drmAgpFree(int fd, drm_handle_t handle)
{
	struct drm_agp_buffer b;

	memclear(b);
	b.handle = handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_FREE, &b);
}

drm_public int drmAgpBind(int fd, drm_handle_t handle, unsigned long offset)
{
	struct drm_agp_binding b;

	memclear(b);
	b.handle = handle;
	b.offset = offset;
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_BIND, &b);
}

drm_public int drmAgpUnbind(int fd, drm_handle_t handle)
{
	struct drm_agp_binding b;

	memclear(b);
	b.handle = handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_UNBIND, &b);
}

/* AGP_INFO into *info: 0 or -errno. */
static int agp_info(int fd, struct drm_agp_info *info)
{
	memclear(*info);
	return drm_ioctl_errno(fd, DRM_IOCTL_AGP_INFO, info);
}

/* The version getters return -errno on failure, the others 0 (as libdrm). */
drm_public int drmAgpVersionMajor(int fd)
{
	struct drm_agp_info i;
	int ret = agp_info(fd, &i);

	return ret ? ret : i.agp_version_major;
}

drm_public int drmAgpVersionMinor(int fd)
{
	struct drm_agp_info i;
	int ret = agp_info(fd, &i);

	return ret ? ret : i.agp_version_minor;
}

drm_public unsigned long drmAgpGetMode(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.mode;
}

drm_public unsigned long drmAgpBase(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.aperture_base;
}

drm_public unsigned long drmAgpSize(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.aperture_size;
}

drm_public unsigned long drmAgpMemoryUsed(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.memory_used;
}

drm_public unsigned long drmAgpMemoryAvail(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.memory_allowed;
}

drm_public unsigned int drmAgpVendorId(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.id_vendor;
}

drm_public unsigned int drmAgpDeviceId(int fd)
{
	struct drm_agp_info i;

	return agp_info(fd, &i) ? 0 : i.id_device;
}

/* drmScatterGatherAlloc: SG_ALLOC; *handle 0 until it succeeds. */
drm_public int drmScatterGatherAlloc(int fd, unsigned long size,
				     drm_handle_t *handle)
{
	struct drm_scatter_gather sg;
	int ret;

	if (bad_pointer(handle))
		return -EINVAL;
	*handle = 0;
	memclear(sg);
	sg.size = size;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_SG_ALLOC, &sg);
	if (ret)
		return ret;
	*handle = sg.handle;
	return 0;
}

drm_public int drmScatterGatherFree(int fd, drm_handle_t handle)
{
	struct drm_scatter_gather sg;

	memclear(sg);
	sg.handle = handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_SG_FREE, &sg);
}
