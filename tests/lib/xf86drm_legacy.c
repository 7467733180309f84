/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: the DRI1 wrappers, drmGetClient/drmGetStats, the per-fd
 * records and context tags, drmOpenOnce/drmCloseOnce, drmIsKMS.
 *
 * Built twice, against our libdrm.so.2 and Debian's (DEBIAN_LIBDRM); both
 * must pass. The program defines its own exported ioctl() that records
 * each DRM ioctl (request, result, errno) and can answer one request
 * itself - fail it with a chosen errno, or succeed with chosen output - so
 * each wrapper is checked for the ioctl it issues and for how it turns the
 * answer into its return value, whatever the kernel below does with
 * DRI1 (Linux without CONFIG_DRM_LEGACY and the shim refuse most of it).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/lib/lib_test.h"

static unsigned long last_req;
static int last_ret, last_errno, calls;
static unsigned long inject_req;	/* answer this request here */
static int inject_errno;		/* ... failing with this, or succeeding */
static void (*inject_fill)(void *arg);	/* ... after this writes the output */
static char seen_arg[256];		/* the argument as passed in */

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	static int (*next)(int, unsigned long, ...);
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!next)
		next = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	if (_IOC_TYPE(request) != DRM_IOCTL_BASE)
		return next(fd, request, arg);
	calls++;
	last_req = request;
	if (arg && _IOC_SIZE(request) <= sizeof(seen_arg))
		memcpy(seen_arg, arg, _IOC_SIZE(request));
	if (inject_req == request) {
		if (inject_errno) {
			errno = inject_errno;
			ret = -1;
		} else {
			if (inject_fill)
				inject_fill(arg);
			ret = 0;
		}
	} else {
		ret = next(fd, request, arg);
	}
	last_ret = ret;
	last_errno = ret ? errno : 0;
	return ret;
}

static void inject(unsigned long req, int err, void (*fill)(void *))
{
	inject_req = req;
	inject_errno = err;
	inject_fill = fill;
}

/* The libdrm conventions a wrapper can have on failure. */
enum conv { NEG_ERRNO, MINUS1, ZERO, NULLPTR };

static int fd;
static drm_handle_t h;
static drmSize sz;
static drmMapType mty;
static drmMapFlags mfl;
static int mtrr, cnt;
static drm_context_t ctx;
static drm_drawable_t dw;
static drm_context_tFlags cfl;
static unsigned long addr;
static int freelist[2];
static drmDMAReq dmareq;


struct wrapper {
	const char *name;
	unsigned long req;
	enum conv conv;
	long long (*call)(void);
};

/* One call per wrapper, with arguments a DRI1 client would pass. */
static long long w_drmSetBusid(void)
{
	return (long long)drmSetBusid(fd, "pci:0000:00:02.0");
}

static long long w_drmGetInterruptFromBusID(void)
{
	return (long long)drmGetInterruptFromBusID(fd, 0, 2, 0);
}

static long long w_drmCtlInstHandler(void)
{
	return (long long)drmCtlInstHandler(fd, 9);
}

static long long w_drmCtlUninstHandler(void)
{
	return (long long)drmCtlUninstHandler(fd);
}

static long long w_drmAddMap(void)
{
	return (long long)drmAddMap(fd, 0, 4096, DRM_SHM, DRM_CONTAINS_LOCK, &h);
}

static long long w_drmRmMap(void)
{
	return (long long)drmRmMap(fd, 0x1000);
}

static long long w_drmGetMap(void)
{
	return (long long)drmGetMap(fd, 0, &h, &sz, &mty, &mfl, &h, &mtrr);
}

static long long w_drmAddContextPrivateMapping(void)
{
	return (long long)drmAddContextPrivateMapping(fd, 1, 0x2000);
}

static long long w_drmGetContextPrivateMapping(void)
{
	return (long long)drmGetContextPrivateMapping(fd, 1, &h);
}

static long long w_drmAddBufs(void)
{
	return (long long)drmAddBufs(fd, 4, 4096, DRM_PAGE_ALIGN, 0);
}

static long long w_drmGetBufInfo(void)
{
	return (long long)(intptr_t)drmGetBufInfo(fd);
}

static long long w_drmMapBufs(void)
{
	return (long long)(intptr_t)drmMapBufs(fd);
}

static long long w_drmFreeBufs(void)
{
	return (long long)drmFreeBufs(fd, 2, freelist);
}

static long long w_drmDMA(void)
{
	return (long long)drmDMA(fd, &dmareq);
}

static long long w_drmUnlock(void)
{
	return (long long)drmUnlock(fd, 1);
}

static long long w_drmFinish(void)
{
	return (long long)drmFinish(fd, 1, DRM_LOCK_QUIESCENT);
}

static long long w_drmCreateContext(void)
{
	return (long long)drmCreateContext(fd, &ctx);
}

static long long w_drmSwitchToContext(void)
{
	return (long long)drmSwitchToContext(fd, 1);
}

static long long w_drmSetContextFlags(void)
{
	return (long long)drmSetContextFlags(fd, 1, DRM_CONTEXT_2DONLY);
}

static long long w_drmGetContextFlags(void)
{
	return (long long)drmGetContextFlags(fd, 1, &cfl);
}

static long long w_drmDestroyContext(void)
{
	return (long long)drmDestroyContext(fd, 1);
}

static long long w_drmGetReservedContextList(void)
{
	return (long long)(intptr_t)drmGetReservedContextList(fd, &cnt);
}

static long long w_drmCreateDrawable(void)
{
	return (long long)drmCreateDrawable(fd, &dw);
}

static long long w_drmDestroyDrawable(void)
{
	return (long long)drmDestroyDrawable(fd, 1);
}

static long long w_drmUpdateDrawableInfo(void)
{
	return (long long)drmUpdateDrawableInfo(fd, 1, DRM_DRAWABLE_CLIPRECTS, 0, NULL);
}

static long long w_drmAgpAcquire(void)
{
	return (long long)drmAgpAcquire(fd);
}

static long long w_drmAgpRelease(void)
{
	return (long long)drmAgpRelease(fd);
}

static long long w_drmAgpEnable(void)
{
	return (long long)drmAgpEnable(fd, 4);
}

static long long w_drmAgpAlloc(void)
{
	return (long long)drmAgpAlloc(fd, 4096, 0, &addr, &h);
}

static long long w_drmAgpFree(void)
{
	return (long long)drmAgpFree(fd, 1);
}

static long long w_drmAgpBind(void)
{
	return (long long)drmAgpBind(fd, 1, 0);
}

static long long w_drmAgpUnbind(void)
{
	return (long long)drmAgpUnbind(fd, 1);
}

static long long w_drmAgpVersionMajor(void)
{
	return (long long)drmAgpVersionMajor(fd);
}

static long long w_drmAgpVersionMinor(void)
{
	return (long long)drmAgpVersionMinor(fd);
}

static long long w_drmAgpGetMode(void)
{
	return (long long)drmAgpGetMode(fd);
}

static long long w_drmAgpBase(void)
{
	return (long long)drmAgpBase(fd);
}

static long long w_drmAgpSize(void)
{
	return (long long)drmAgpSize(fd);
}

static long long w_drmAgpMemoryUsed(void)
{
	return (long long)drmAgpMemoryUsed(fd);
}

static long long w_drmAgpMemoryAvail(void)
{
	return (long long)drmAgpMemoryAvail(fd);
}

static long long w_drmAgpVendorId(void)
{
	return (long long)drmAgpVendorId(fd);
}

static long long w_drmAgpDeviceId(void)
{
	return (long long)drmAgpDeviceId(fd);
}

static long long w_drmScatterGatherAlloc(void)
{
	return (long long)drmScatterGatherAlloc(fd, 4096, &h);
}

static long long w_drmScatterGatherFree(void)
{
	return (long long)drmScatterGatherFree(fd, 1);
}

static const struct wrapper *wrappers(size_t *n)
{
	static const struct wrapper w[] = {
		{ "drmSetBusid", DRM_IOCTL_SET_UNIQUE, NEG_ERRNO, w_drmSetBusid },
		{ "drmGetInterruptFromBusID", DRM_IOCTL_IRQ_BUSID, NEG_ERRNO, w_drmGetInterruptFromBusID },
		{ "drmCtlInstHandler", DRM_IOCTL_CONTROL, NEG_ERRNO, w_drmCtlInstHandler },
		{ "drmCtlUninstHandler", DRM_IOCTL_CONTROL, NEG_ERRNO, w_drmCtlUninstHandler },
		{ "drmAddMap", DRM_IOCTL_ADD_MAP, NEG_ERRNO, w_drmAddMap },
		{ "drmRmMap", DRM_IOCTL_RM_MAP, NEG_ERRNO, w_drmRmMap },
		{ "drmGetMap", DRM_IOCTL_GET_MAP, NEG_ERRNO, w_drmGetMap },
		{ "drmAddContextPrivateMapping", DRM_IOCTL_SET_SAREA_CTX, NEG_ERRNO, w_drmAddContextPrivateMapping },
		{ "drmGetContextPrivateMapping", DRM_IOCTL_GET_SAREA_CTX, NEG_ERRNO, w_drmGetContextPrivateMapping },
		{ "drmAddBufs", DRM_IOCTL_ADD_BUFS, NEG_ERRNO, w_drmAddBufs },
		{ "drmGetBufInfo", DRM_IOCTL_INFO_BUFS, NULLPTR, w_drmGetBufInfo },
		{ "drmMapBufs", DRM_IOCTL_MAP_BUFS, NULLPTR, w_drmMapBufs },
		{ "drmFreeBufs", DRM_IOCTL_FREE_BUFS, NEG_ERRNO, w_drmFreeBufs },
		{ "drmDMA", DRM_IOCTL_DMA, NEG_ERRNO, w_drmDMA },
		{ "drmUnlock", DRM_IOCTL_UNLOCK, MINUS1, w_drmUnlock },
		{ "drmFinish", DRM_IOCTL_FINISH, NEG_ERRNO, w_drmFinish },
		{ "drmCreateContext", DRM_IOCTL_ADD_CTX, NEG_ERRNO, w_drmCreateContext },
		{ "drmSwitchToContext", DRM_IOCTL_SWITCH_CTX, NEG_ERRNO, w_drmSwitchToContext },
		{ "drmSetContextFlags", DRM_IOCTL_MOD_CTX, NEG_ERRNO, w_drmSetContextFlags },
		{ "drmGetContextFlags", DRM_IOCTL_GET_CTX, NEG_ERRNO, w_drmGetContextFlags },
		{ "drmDestroyContext", DRM_IOCTL_RM_CTX, NEG_ERRNO, w_drmDestroyContext },
		{ "drmGetReservedContextList", DRM_IOCTL_RES_CTX, NULLPTR, w_drmGetReservedContextList },
		{ "drmCreateDrawable", DRM_IOCTL_ADD_DRAW, NEG_ERRNO, w_drmCreateDrawable },
		{ "drmDestroyDrawable", DRM_IOCTL_RM_DRAW, NEG_ERRNO, w_drmDestroyDrawable },
		{ "drmUpdateDrawableInfo", DRM_IOCTL_UPDATE_DRAW, NEG_ERRNO, w_drmUpdateDrawableInfo },
		{ "drmAgpAcquire", DRM_IOCTL_AGP_ACQUIRE, NEG_ERRNO, w_drmAgpAcquire },
		{ "drmAgpRelease", DRM_IOCTL_AGP_RELEASE, NEG_ERRNO, w_drmAgpRelease },
		{ "drmAgpEnable", DRM_IOCTL_AGP_ENABLE, NEG_ERRNO, w_drmAgpEnable },
		{ "drmAgpAlloc", DRM_IOCTL_AGP_ALLOC, NEG_ERRNO, w_drmAgpAlloc },
		{ "drmAgpFree", DRM_IOCTL_AGP_FREE, NEG_ERRNO, w_drmAgpFree },
		{ "drmAgpBind", DRM_IOCTL_AGP_BIND, NEG_ERRNO, w_drmAgpBind },
		{ "drmAgpUnbind", DRM_IOCTL_AGP_UNBIND, NEG_ERRNO, w_drmAgpUnbind },
		{ "drmAgpVersionMajor", DRM_IOCTL_AGP_INFO, NEG_ERRNO, w_drmAgpVersionMajor },
		{ "drmAgpVersionMinor", DRM_IOCTL_AGP_INFO, NEG_ERRNO, w_drmAgpVersionMinor },
		{ "drmAgpGetMode", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpGetMode },
		{ "drmAgpBase", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpBase },
		{ "drmAgpSize", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpSize },
		{ "drmAgpMemoryUsed", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpMemoryUsed },
		{ "drmAgpMemoryAvail", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpMemoryAvail },
		{ "drmAgpVendorId", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpVendorId },
		{ "drmAgpDeviceId", DRM_IOCTL_AGP_INFO, ZERO, w_drmAgpDeviceId },
		{ "drmScatterGatherAlloc", DRM_IOCTL_SG_ALLOC, NEG_ERRNO, w_drmScatterGatherAlloc },
		{ "drmScatterGatherFree", DRM_IOCTL_SG_FREE, NEG_ERRNO, w_drmScatterGatherFree },
	};
	*n = ARRAY_SIZE(w);
	return w;
}

/* What a wrapper of convention c returns when its ioctl failed with err. */
static void check_failure(const struct wrapper *w, long long ret, int err)
{
	switch (w->conv) {
	case NEG_ERRNO:
		if (ret != -err)
			TEST_FAIL("%s: %lld, expected -%d", w->name, ret, err);
		break;
	case MINUS1:
		if (ret != -1 || errno != err)
			TEST_FAIL("%s: %lld/%d, expected -1/%d", w->name, ret, errno, err);
		break;
	case ZERO:
	case NULLPTR:
		if (ret != 0)
			TEST_FAIL("%s: %lld, expected 0/NULL", w->name, ret);
		break;
	}
}

/*
 * On the device as it is: each wrapper issues its ioctl, and when the
 * kernel refuses it (DRI1 is gone) reports that refusal libdrm's way.
 */
TEST(kernel_answers)
{
	size_t n;
	const struct wrapper *w = wrappers(&n);

	fd = open_primary();
	for (size_t i = 0; i < n; i++) {
		long long ret;

		calls = 0;
		last_req = 0;
		errno = 0;
		ret = w[i].call();
		if (!calls || last_req != w[i].req)
			TEST_FAIL("%s: issued %#lx (%d calls), expected %#lx", w[i].name,
				  last_req, calls, w[i].req);
		if (last_ret) {
			errno = w[i].conv == MINUS1 ? errno : last_errno;
			check_failure(&w[i], ret, last_errno);
		}
		printf("# %-28s ioctl %d/%d -> %lld\n", w[i].name, last_ret, last_errno, ret);
		if (w[i].conv == NULLPTR && ret)
			free((void *)(intptr_t)ret);	/* a leak is harmless here */
	}
	close(fd);
}

/* Every wrapper, its ioctl failed with EPERM: the same conventions. */
TEST(injected_failures)
{
	size_t n;
	const struct wrapper *w = wrappers(&n);

	fd = open_primary();
	for (size_t i = 0; i < n; i++) {
		long long ret;

		inject(w[i].req, EPERM, NULL);
		errno = 0;
		ret = w[i].call();
		ASSERT_EQ(last_req, w[i].req);
		check_failure(&w[i], ret, EPERM);
	}
	/* A failing GET_MAP or AGP_ALLOC leaves the outputs as libdrm does. */
	h = 77;
	inject(DRM_IOCTL_AGP_ALLOC, EPERM, NULL);
	ASSERT_EQ(drmAgpAlloc(fd, 4096, 0, NULL, &h), -EPERM);
	ASSERT_EQ(h, DRM_AGP_NO_HANDLE);
	h = 77;
	inject(DRM_IOCTL_SG_ALLOC, EPERM, NULL);
	ASSERT_EQ(drmScatterGatherAlloc(fd, 4096, &h), -EPERM);
	ASSERT_EQ(h, 0);
	/* drmDMA retries EAGAIN 16 times after the first call, then reports it. */
	inject(DRM_IOCTL_DMA, EAGAIN, NULL);
	calls = 0;
	ASSERT_EQ(drmDMA(fd, &dmareq), -EAGAIN);
	ASSERT_EQ(calls, 17);
	/* ... and returns EINTR at once (it calls ioctl(2), not drmIoctl). */
	inject(DRM_IOCTL_DMA, EINTR, NULL);
	calls = 0;
	ASSERT_EQ(drmDMA(fd, &dmareq), -EINTR);
	ASSERT_EQ(calls, 1);
	inject(0, 0, NULL);
	close(fd);
}

/* ---- success paths, with the kernel's answer made up here ---- */

static void fill_map(void *arg)
{
	struct drm_map *m = arg;

	ASSERT_EQ(m->offset, 3);	/* the index goes in offset */
	m->offset = 0xabc000;
	m->size = 8192;
	m->type = _DRM_SHM;
	m->flags = _DRM_CONTAINS_LOCK;
	m->handle = (void *)0x5000;
	m->mtrr = 2;
}

static void fill_agp_info(void *arg)
{
	struct drm_agp_info *i = arg;

	i->agp_version_major = 3;
	i->agp_version_minor = 5;
	i->mode = 0x1f000217;
	i->aperture_base = 0xe0000000;
	i->aperture_size = 256 << 20;
	i->memory_allowed = 1 << 30;
	i->memory_used = 4096;
	i->id_vendor = 0x8086;
	i->id_device = 0x2572;
}

static void fill_ctx(void *arg)
{
	struct drm_ctx *c = arg;

	c->handle = 42;
	c->flags = _DRM_CONTEXT_PRESERVED | _DRM_CONTEXT_2DONLY;
}

static void fill_irq(void *arg)
{
	((struct drm_irq_busid *)arg)->irq = 16;
}

static void fill_bufs(void *arg)
{
	struct drm_buf_info *i = arg;

	if (i->list) {
		i->list[0].count = 10;
		i->list[0].size = 4096;
		i->list[0].low_mark = 1;
		i->list[0].high_mark = 9;
	}
	i->count = 1;
}

static void fill_res_ctx(void *arg)
{
	struct drm_ctx_res *r = arg;

	if (r->contexts) {
		r->contexts[0].handle = 1;
		r->contexts[1].handle = 2;
	}
	r->count = 2;
}

static void nothing(void *arg)
{
	(void)arg;
}

TEST(injected_success)
{
	drm_handle_t off = 0, hd = 0;
	drmSize size = 0;
	drmMapType type = 0;
	drmMapFlags flags = 0;
	int m = 0;

	fd = open_primary();
	inject(DRM_IOCTL_GET_MAP, 0, fill_map);
	ASSERT_EQ(drmGetMap(fd, 3, &off, &size, &type, &flags, &hd, &m), 0);
	ASSERT_EQ(off, 0xabc000);
	ASSERT_EQ(size, 8192);
	ASSERT_EQ(type, DRM_SHM);
	ASSERT_EQ(flags, DRM_CONTAINS_LOCK);
	ASSERT_EQ(hd, 0x5000);
	ASSERT_EQ(m, 2);

	inject(DRM_IOCTL_AGP_INFO, 0, fill_agp_info);
	ASSERT_EQ(drmAgpVersionMajor(fd), 3);
	ASSERT_EQ(drmAgpVersionMinor(fd), 5);
	ASSERT_EQ(drmAgpGetMode(fd), 0x1f000217);
	ASSERT_EQ(drmAgpBase(fd), 0xe0000000);
	ASSERT_EQ(drmAgpSize(fd), 256 << 20);
	ASSERT_EQ(drmAgpMemoryAvail(fd), 1 << 30);
	ASSERT_EQ(drmAgpMemoryUsed(fd), 4096);
	ASSERT_EQ(drmAgpVendorId(fd), 0x8086);
	ASSERT_EQ(drmAgpDeviceId(fd), 0x2572);

	inject(DRM_IOCTL_IRQ_BUSID, 0, fill_irq);
	ASSERT_EQ(drmGetInterruptFromBusID(fd, 1, 2, 3), 16);
	ASSERT_EQ(((struct drm_irq_busid *)seen_arg)->busnum, 1);
	ASSERT_EQ(((struct drm_irq_busid *)seen_arg)->devnum, 2);
	ASSERT_EQ(((struct drm_irq_busid *)seen_arg)->funcnum, 3);

	/* Context flags are translated both ways. */
	inject(DRM_IOCTL_GET_CTX, 0, fill_ctx);
	ASSERT_EQ(drmGetContextFlags(fd, 42, &cfl), 0);
	ASSERT_EQ(cfl, DRM_CONTEXT_PRESERVED | DRM_CONTEXT_2DONLY);
	inject(DRM_IOCTL_MOD_CTX, 0, nothing);
	ASSERT_EQ(drmSetContextFlags(fd, 7, DRM_CONTEXT_PRESERVED), 0);
	ASSERT_EQ(((struct drm_ctx *)seen_arg)->handle, 7);
	ASSERT_EQ(((struct drm_ctx *)seen_arg)->flags, _DRM_CONTEXT_PRESERVED);
	inject(DRM_IOCTL_ADD_CTX, 0, fill_ctx);
	ctx = 0;
	ASSERT_EQ(drmCreateContext(fd, &ctx), 0);
	ASSERT_EQ(ctx, 42);

	/* The lock: flags translated, 0 once the kernel grants it. */
	inject(DRM_IOCTL_LOCK, 0, nothing);
	ASSERT_EQ(drmGetLock(fd, 5, DRM_LOCK_READY | DRM_HALT_CUR_QUEUES), 0);
	ASSERT_EQ(((struct drm_lock *)seen_arg)->context, 5);
	ASSERT_EQ(((struct drm_lock *)seen_arg)->flags, _DRM_LOCK_READY | _DRM_HALT_CUR_QUEUES);
	inject(DRM_IOCTL_FINISH, 0, nothing);
	ASSERT_EQ(drmFinish(fd, 6, DRM_LOCK_FLUSH | DRM_LOCK_FLUSH_ALL), 0);
	ASSERT_EQ(((struct drm_lock *)seen_arg)->flags, _DRM_LOCK_FLUSH | _DRM_LOCK_FLUSH_ALL);

	/* Buffer info: asked twice (count, then list). */
	inject(DRM_IOCTL_INFO_BUFS, 0, fill_bufs);
	calls = 0;
	drmBufInfoPtr bi = drmGetBufInfo(fd);
	ASSERT(bi);
	ASSERT_EQ(calls, 2);
	ASSERT_EQ(bi->count, 1);
	ASSERT_EQ(bi->list[0].count, 10);
	ASSERT_EQ(bi->list[0].size, 4096);
	ASSERT_EQ(bi->list[0].high_mark, 9);
	drmFree(bi->list);
	drmFree(bi);

	inject(DRM_IOCTL_RES_CTX, 0, fill_res_ctx);
	cnt = 0;
	drm_context_t *list = drmGetReservedContextList(fd, &cnt);
	ASSERT(list);
	ASSERT_EQ(cnt, 2);
	ASSERT_EQ(list[0], 1);
	ASSERT_EQ(list[1], 2);
	drmFreeReservedContextList(list);

	inject(DRM_IOCTL_ADD_BUFS, 0, nothing);
	ASSERT_EQ(drmAddBufs(fd, 4, 4096, DRM_AGP_BUFFER, 0x100), 4);	/* the count */
	inject(0, 0, NULL);
	close(fd);
}

#ifndef DEBIAN_LIBDRM
/* libdrm retries a refused lock forever; ours reports the refusal. */
TEST(lock_refused)
{
	fd = open_primary();
	inject(DRM_IOCTL_LOCK, EINVAL, NULL);
	ASSERT_EQ(drmGetLock(fd, 1, 0), -EINVAL);
	inject(0, 0, NULL);
	close(fd);
}
#endif

TEST(client_and_stats)
{
	int auth = -1, pid = -1, uid = -1;
	unsigned long magic = 1, iocs = 1;
	drmStatsT st;

	fd = open_primary();
	/* Modern kernels describe only the caller, as client 0. */
	ASSERT_EQ(drmGetClient(fd, 0, &auth, &pid, &uid, &magic, &iocs), 0);
	ASSERT_EQ(pid, getpid());
	ASSERT_EQ(auth, 1);
	ASSERT_EQ(iocs, 0);
	ASSERT_EQ(drmGetClient(fd, 1, &auth, &pid, &uid, &magic, &iocs), -EINVAL);
	memset(&st, 0x5a, sizeof(st));
	ASSERT_EQ(drmGetStats(fd, &st), 0);
	ASSERT_EQ(st.count, 0);
	ASSERT(st.data[0].long_name == NULL);	/* cleared */
	close(fd);
}

static void fill_stats(void *arg)
{
	struct drm_stats *s = arg;

	s->count = 15;
	for (int i = 0; i < 15; i++) {
		s->data[i].type = (enum drm_stat_type)(i == 14 ? 99 : i);
		s->data[i].value = 1000 + i;
	}
}

static void fill_too_many_stats(void *arg)
{
	((struct drm_stats *)arg)->count = 16;
}

/* Names and print hints per counter type, as libdrm gives them. */
TEST(stats_names)
{
	static const char *const expect[15][3] = {
		{ "Lock", "Lock", "%8.8s" }, { "Opens", "O", "%5.5s" },
		{ "Closes", "Lock", "%5.5s" }, { "Ioctls", "Ioc/s", "%5.5s" },
		{ "Locks", "Lck/s", "%5.5s" }, { "Unlocks", "Unl/s", "%5.5s" },
		{ "Value", "Value", "%8.8s" }, { "Bytes", "B/s", "%5.5s" },
		{ "Count", "Cnt/s", "%5.5s" }, { "IRQs", "IRQ/s", "%5.5s" },
		{ "Primary Bytes", "PB/s", "%5.5s" }, { "Secondary Bytes", "SB/s", "%5.5s" },
		{ "DMA", "DMA/s", "%5.5s" }, { "Special DMA", "dma/s", "%5.5s" },
		{ "Count", "Cnt/s", "%5.5s" },	/* an unknown type */
	};
	drmStatsT st;

	fd = open_primary();
	inject(DRM_IOCTL_GET_STATS, 0, fill_stats);
	ASSERT_EQ(drmGetStats(fd, &st), 0);
	ASSERT_EQ(st.count, 15);
	for (int i = 0; i < 15; i++) {
		int value = !strcmp(expect[i][2], "%8.8s");
		int bytes = strstr(expect[i][0], "Bytes") != NULL;

		ASSERT_EQ(st.data[i].value, 1000 + i);
		ASSERT_STREQ(st.data[i].long_name, expect[i][0]);
		ASSERT_STREQ(st.data[i].rate_name, expect[i][1]);
		ASSERT_STREQ(st.data[i].rate_format, expect[i][2]);
		ASSERT_STREQ(st.data[i].long_format, "%-20.20s");
		ASSERT_EQ(st.data[i].isvalue, value);
		ASSERT_EQ(st.data[i].verbose, i == 1 || i == 2);
		if (!value) {
			ASSERT_STREQ(st.data[i].mult_names, bytes ? "KGM" : "kgm");
			ASSERT_EQ(st.data[i].mult, bytes ? 1024 : 1000);
		}
	}
	inject(DRM_IOCTL_GET_STATS, 0, fill_too_many_stats);
	ASSERT_EQ(drmGetStats(fd, &st), -1);
	ASSERT_EQ(st.count, 0);
	inject(0, 0, NULL);
	close(fd);
}

/* drmMap is an mmap of the fd, rounded up to pages; drmUnmap a munmap. */
TEST(map_unmap)
{
	int mfd = memfd_create("drmMap", 0);
	drmAddress a = NULL;
	long page = sysconf(_SC_PAGESIZE);

	ASSERT(mfd >= 0);
	ASSERT_OK(ftruncate(mfd, 4 * page));
	ASSERT_EQ(drmMap(mfd, (drm_handle_t)page, 100, &a), 0);
	ASSERT(a != NULL && a != MAP_FAILED);
	((char *)a)[page - 1] = 7;	/* the whole page is mapped */
	char c = 0;
	ASSERT_EQ(pread(mfd, &c, 1, 2 * page - 1), 1);
	ASSERT_EQ(c, 7);
	ASSERT_EQ(drmUnmap(a, 100), 0);
	ASSERT_EQ(drmMap(-1, 0, 100, &a), -EINVAL);
	ASSERT_EQ(drmMap(mfd, 3, 100, &a), -EINVAL);	/* unaligned offset */
	ASSERT(a == MAP_FAILED);
	ASSERT_EQ(drmMap(closed_fd(), 0, 100, &a), -EBADF);
	close(mfd);
}

/*
 * Records are per device node (keyed by st_rdev, as libdrm keys them): two
 * fds of one node share a record and its context tags; a pipe has its own.
 */
TEST(entries_and_tags)
{
	int fa = open_primary(), fb = open_primary(), fr = open_render(), pp[2];
	drmHashEntry *e;
	void *table, *v;
	struct stat st;

	ASSERT_OK(pipe(pp));
	ASSERT(drmGetHashTable() == NULL);	/* nothing recorded yet */
	ASSERT(drmGetContextTag(fa, 3) == NULL);
	table = drmGetHashTable();
	ASSERT(table != NULL);
	e = drmGetEntry(fa);
	ASSERT(e && e->fd == fa && e->f == NULL && e->tagTable);
	ASSERT(drmGetEntry(fa) == e);
	ASSERT(drmGetEntry(fb) == e);		/* same node, same record */
	ASSERT_EQ(drmGetEntry(fb)->fd, fa);
	ASSERT(drmGetEntry(fr) != e);
	ASSERT(drmGetEntry(pp[0]) != e);
	ASSERT_OK(fstat(fa, &st));
	ASSERT_EQ(drmHashLookup(table, (unsigned long)st.st_rdev, &v), 0);
	ASSERT(v == e);
	ASSERT_EQ(drmAddContextTag(fa, 3, (void *)0x33), 0);
	ASSERT_EQ(drmAddContextTag(fa, 3, (void *)0x34), 0);	/* replaces */
	ASSERT(drmGetContextTag(fb, 3) == (void *)0x34);
	ASSERT_EQ(drmAddContextTag(fr, 3, (void *)0x99), 0);	/* another node */
	ASSERT(drmGetContextTag(fa, 3) == (void *)0x34);
	ASSERT(drmGetContextTag(fr, 3) == (void *)0x99);
	ASSERT_EQ(drmHashLookup(e->tagTable, 3, &v), 0);	/* it is a drmHash table */
	ASSERT(v == (void *)0x34);
	ASSERT_EQ(drmDelContextTag(fa, 3), 0);
	ASSERT_EQ(drmDelContextTag(fb, 3), 1);
	ASSERT(drmGetContextTag(fa, 3) == NULL);
	/* drmClose of either fd forgets the node's record. */
	ASSERT_EQ(drmClose(fb), 0);
	ASSERT_EQ(drmHashLookup(table, (unsigned long)st.st_rdev, &v), 1);
	ASSERT_EQ(drmClose(fa), 0);
	ASSERT_EQ(drmClose(fr), 0);
	close(pp[0]);
	close(pp[1]);
}

TEST(open_once)
{
	int n1 = -5, n2 = -5, n3 = -5, fd1, fd2, fd3;
	char *busid;

	/* The bus id of the device, as the master sees it after interface 1.4. */
	drmSetVersion sv = { 1, 4, -1, -1 };
	fd1 = open_primary();
	drmSetInterfaceVersion(fd1, &sv);
	busid = drmGetBusid(fd1);
	close(fd1);
	if (!busid || strncmp(busid, "pci:", 4))
		SKIP("no PCI bus id");
	fd1 = drmOpenOnce(NULL, busid, &n1);
	ASSERT(fd1 >= 0);
	ASSERT_EQ(n1, 1);
	fd2 = drmOpenOnce(NULL, busid, &n2);
	ASSERT_EQ(fd2, fd1);
	ASSERT_EQ(n2, 0);
	fd3 = drmOpenOnceWithType(busid, &n3, DRM_NODE_PRIMARY);
	ASSERT_EQ(fd3, fd1);
	drmCloseOnce(fd1);
	drmCloseOnce(fd1);
	ASSERT(fcntl(fd1, F_GETFD) != -1);	/* one reference left */
	drmCloseOnce(fd1);
	ASSERT(fcntl(fd1, F_GETFD) == -1);	/* closed with the last */
	drmCloseOnce(fd1);			/* not shared any more: ignored */
	n1 = -5;
	fd1 = drmOpenOnce(NULL, busid, &n1);	/* a new open */
	ASSERT(fd1 >= 0);
	ASSERT_EQ(n1, 1);
	drmCloseOnce(fd1);
	/* An fd drmOpenOnce did not open is left alone. */
	fd2 = open_primary();
	drmCloseOnce(fd2);
	ASSERT(fcntl(fd2, F_GETFD) != -1);
	close(fd2);
	/* A bus id nothing has: the open fails, nothing is remembered. */
	n1 = -5;
	ASSERT(drmOpenOnce(NULL, "pci:0000:7f:1f.7", &n1) < 0);
	ASSERT_EQ(n1, -5);
	free(busid);
}

TEST(open_control)
{
	/* Current kernels make no control nodes. */
	ASSERT_EQ(drmOpenControl(64), -ENOENT);
}

static void fill_res(void *arg)
{
	struct drm_mode_card_res *r = arg;

	r->count_crtcs = 1;
	r->count_connectors = 1;
	r->count_encoders = 1;
	r->count_fbs = 0;
}

TEST(is_kms)
{
	fd = open_primary();
	/* Resources with CRTCs, connectors and encoders: KMS. */
	inject(DRM_IOCTL_MODE_GETRESOURCES, 0, fill_res);
	ASSERT_EQ(drmIsKMS(fd), 1);
	ASSERT_EQ(last_req, DRM_IOCTL_MODE_GETRESOURCES);
	/* the argument was zeroed: counts 0, no arrays */
	for (size_t i = 0; i < sizeof(struct drm_mode_card_res); i++)
		ASSERT_EQ(seen_arg[i], 0);
	inject(DRM_IOCTL_MODE_GETRESOURCES, EOPNOTSUPP, NULL);
	ASSERT_EQ(drmIsKMS(fd), 0);
	inject(0, 0, NULL);
	close(fd);
	fd = open_render();
	ASSERT_EQ(drmIsKMS(fd), 0);	/* render nodes have no modesetting */
	close(fd);
	ASSERT_EQ(drmCheckModesettingSupported("not a bus id"), -EINVAL);
}

#ifndef DEBIAN_LIBDRM
/* Where libdrm writes through NULL, ours fails before any ioctl. */
TEST(null_outputs)
{
	fd = open_primary();
	calls = 0;
	ASSERT_EQ(drmCreateContext(fd, NULL), -EINVAL);
	ASSERT_EQ(drmCreateDrawable(fd, NULL), -EINVAL);
	ASSERT_EQ(drmGetContextFlags(fd, 1, NULL), -EINVAL);
	ASSERT_EQ(drmGetStats(fd, NULL), -EINVAL);
	ASSERT_EQ(drmGetClient(fd, 0, NULL, NULL, NULL, NULL, NULL), -EINVAL);
	ASSERT_EQ(drmSetBusid(fd, NULL), -EINVAL);
	ASSERT_EQ(drmDMA(fd, NULL), -EINVAL);
	ASSERT_EQ(drmUnmapBufs(NULL), -EINVAL);
	ASSERT(drmGetReservedContextList(fd, NULL) == NULL);
	ASSERT_EQ(drmOpenOnce(NULL, NULL, NULL), -1);
	ASSERT_EQ(calls, 0);
	ASSERT_EQ(drmCheckModesettingSupported(NULL), -EINVAL);
	close(fd);
}
#define OURS_ONLY , T(lock_refused), T(null_outputs)
#else
#define OURS_ONLY
#endif

TEST_MAIN(T(kernel_answers), T(injected_failures), T(injected_success), T(client_and_stats),
	  T(stats_names), T(map_unmap), T(entries_and_tags), T(open_once), T(open_control),
	  T(is_kms) OURS_ONLY)
