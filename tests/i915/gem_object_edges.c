/* SPDX-License-Identifier: MIT */
/*
 * The less travelled rules of i915's object ioctls, as Linux 6.1 has them
 * (doc/uapi-conformance.md §12–26; row ids in the comments): corners of
 * create, pread/pwrite, mmap, domains, userptr, busy/wait while the GPU
 * works, contexts, aperture and registers. Only open/ioctl/mmap: the same
 * binary runs on a real i915 device. The tests that keep an engine busy use
 * gen8+ batches and skip elsewhere.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/mman.h>
#include <sys/time.h>

#include "tests/i915/i915_test.h"

/* GC4, GC7, GC8: a size beyond RAM is fine (pages come later); the padding of the
 * last page is the object's; `pad` is not looked at. */
TEST(create_corners)
{
	int fd = i915_open();
	struct drm_i915_gem_create c = { .size = 1ull << 40 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c));		/* 1 TiB, never touched */
	ASSERT_EQ(c.size, 1ull << 40);
	ASSERT_OK(gem_close(fd, c.handle));
	c = (struct drm_i915_gem_create){ .size = 100, .pad = 0xdeadbeef };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c));
	ASSERT_EQ(c.size, 4096);
	char in[96], out[96];
	memset(in, 0x5a, sizeof(in));
	ASSERT_OK(gem_pwrite(fd, c.handle, 4000, in, sizeof(in)));	/* up to the page end */
	ASSERT_OK(gem_pread(fd, c.handle, 4000, out, sizeof(out)));
	ASSERT(!memcmp(in, out, sizeof(in)));
	ASSERT_ERRNO(gem_pwrite(fd, c.handle, 4001, in, sizeof(in)), EINVAL);
	close(fd);
}

/* PR11: pread and pwrite may copy from and to a mapping of the very object. */
TEST(copy_through_own_mapping)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	for (uint32_t type = I915_MMAP_OFFSET_GTT; type <= I915_MMAP_OFFSET_WB; type++) {
		struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = type };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
		char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.offset);
		ASSERT(p != MAP_FAILED);
		memset(p, 'a' + (int)type, 4096);
		ASSERT_OK(gem_pwrite(fd, h, 4096, p, 4096));		/* first page to second */
		ASSERT_EQ(p[4096 + 4095], 'a' + (int)type);
		memset(p + 4096, 'x', 4096);
		ASSERT_OK(gem_pread(fd, h, 4096, p, 4096));		/* second page to first */
		ASSERT_EQ(p[0], 'x');
		ASSERT_EQ(p[4095], 'x');
		munmap(p, 8192);
	}
	close(fd);
}

/* MM7, MO1: a CPU map of less than a page is a page; MMAP_OFFSET ignores pad and the
 * offset it is given. */
TEST(mmap_corners)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	struct drm_i915_gem_mmap m = { .handle = h, .size = 100 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	char *p = (char *)(uintptr_t)m.addr_ptr;
	p[4095] = 'z';
	char c;
	ASSERT_OK(gem_pread(fd, h, 4095, &c, 1));
	ASSERT_EQ(c, 'z');
	munmap(p, 4096);
	struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	struct drm_i915_gem_mmap_offset b = { .handle = h, .pad = 0x1234, .offset = 0xdead000,
					      .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &b));
	ASSERT_EQ(b.offset, a.offset);
	close(fd);
}

/* SD5, SD10, SD13: unknown domain bits count as the CPU's; asking again for the domain
 * already held is fine; SW_FINISH of an object that is not scanned out does nothing. */
TEST(domain_corners)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = 0x100 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	sd = (struct drm_i915_gem_set_domain){ .handle = h, .read_domains = 0x100, .write_domain = 0x100 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	sd = (struct drm_i915_gem_set_domain){ .handle = h, .read_domains = I915_GEM_DOMAIN_CPU,
					       .write_domain = I915_GEM_DOMAIN_CPU };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	struct drm_i915_gem_sw_finish f = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SW_FINISH, &f));
	close(fd);
}

/* SET_CACHING/GET_CACHING: DISPLAY is write-through where there is eDRAM (HAS_WT) and
 * plain uncached elsewhere; CACHED needs an LLC or snooping. */
TEST(caching_levels)
{
	int fd = i915_open();
	int wt = gem_getparam(fd, I915_PARAM_HAS_WT), llc = gem_getparam(fd, I915_PARAM_HAS_LLC);
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_caching c = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c));
	ASSERT_EQ(c.caching, llc ? I915_CACHING_CACHED : I915_CACHING_NONE);	/* the default */
	c = (struct drm_i915_gem_caching){ .handle = h, .caching = I915_CACHING_DISPLAY };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &c));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c));
	ASSERT_EQ(c.caching, wt ? I915_CACHING_DISPLAY : I915_CACHING_NONE);
	c = (struct drm_i915_gem_caching){ .handle = h, .caching = I915_CACHING_CACHED };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &c) == 0) {
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c));
		ASSERT_EQ(c.caching, I915_CACHING_CACHED);
	} else {
		ASSERT(!llc && errno == ENODEV);
	}
	close(fd);
}

/* U16, U17, U18, PR6: a userptr object is the user's memory and nothing else: no
 * pread/pwrite, no dma-buf, no tiling; a read-only one refuses pwrite first of all. */
TEST(userptr_refusals)
{
	int fd = i915_open();
	char *mem = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(mem != MAP_FAILED);
	uint32_t h = gem_userptr_or_skip(fd, mem, 8192);
	char buf[16] = { 0 };
	ASSERT_ERRNO(gem_pread(fd, h, 0, buf, sizeof(buf)), EINVAL);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, buf, sizeof(buf)), EINVAL);
	struct drm_prime_handle ph = { .handle = h, .flags = DRM_CLOEXEC, .fd = -1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph), EINVAL);
	struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = I915_TILING_X, .stride = 512 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st), ENXIO);
	struct drm_i915_gem_userptr ro = { .user_ptr = (uintptr_t)mem, .user_size = 4096,
					   .flags = I915_USERPTR_READ_ONLY };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &ro) == 0)
		ASSERT_ERRNO(gem_pwrite(fd, ro.handle, 0, buf, sizeof(buf)), EINVAL);
	munmap(mem, 8192);
	close(fd);
}

/* U1, U7/U8: without an LLC or snooping there is no userptr at all; UNSYNCHRONIZED is
 * ENODEV for everyone since 5.13 (5.10 gave EPERM to non-root). */
TEST(userptr_availability)
{
	int fd = i915_open();
	int llc = gem_getparam(fd, I915_PARAM_HAS_LLC);
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_caching c = { .handle = h, .caching = I915_CACHING_CACHED };
	int snoop_ret = ioctl(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &c);
	char *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096,
					  .flags = I915_USERPTR_UNSYNCHRONIZED };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), ENODEV);
	u.flags = 0;
	if (!llc && snoop_ret) {
		ASSERT_EQ(errno, ENODEV);				/* cannot snoop either */
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), ENODEV);
		u.flags = 0x1234;
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), ENODEV);	/* checked first */
	} else {
		ASSERT_OK(snoop_ret);
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u));
	}
	munmap(mem, 4096);
	close(fd);
}

/* U13, U14: pages that are not there, or that are a device mapping (no struct pages),
 * are accepted at creation and refused when used: SET_DOMAIN and execbuf say EFAULT. */
TEST(userptr_pages_checked_on_use)
{
	int fd = i915_open();
	char *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct drm_i915_gem_set_domain sd = { .handle = gem_userptr_or_skip(fd, mem, 4096),
					      .read_domains = I915_GEM_DOMAIN_CPU };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	munmap(mem, 4096);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EFAULT);	/* U14 */

	uint32_t other = gem_create(fd, 4096);
	struct drm_i915_gem_mmap_offset a = { .handle = other, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	char *dev_map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.offset);
	ASSERT(dev_map != MAP_FAILED);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)dev_map, .user_size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u));			/* not probed */
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, end, sizeof(end));
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = u.handle }, { .handle = batch } };
	ASSERT_ERRNO(gem_execbuf_ctx(fd, o, 2, 0, 0), EFAULT);		/* U13 */
	sd.handle = u.handle;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EFAULT);
	u.flags = I915_USERPTR_PROBE;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), EFAULT);	/* U10 */
	o[0].handle = other;
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, 0, 0));			/* the batch itself is fine */
	munmap(dev_map, 4096);
	close(fd);
}

/* Starts in ctx on ring a batch (at 0x800000) that jumps to itself, with obj in the
 * list (written when write); storing MI_BATCH_BUFFER_END at **end lets it finish. */
static uint32_t spin_with(int fd, uint32_t ctx, uint64_t ring, uint32_t obj, bool write,
			  volatile uint32_t **end)
{
	static const uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, spin, sizeof(spin));
	struct drm_i915_gem_mmap m = { .handle = batch, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	*end = (volatile uint32_t *)(uintptr_t)m.addr_ptr;
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = obj, .flags = write ? EXEC_OBJECT_WRITE : 0 },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, ring, ctx));
	return batch;
}

static void spin_end(int fd, uint32_t batch, volatile uint32_t *end)
{
	end[0] = MI_BATCH_BUFFER_END;
	__sync_synchronize();
	gem_wait(fd, batch);
	munmap((void *)end, 4096);
}

static uint32_t busy_flags(int fd, uint32_t h)
{
	struct drm_i915_gem_busy b = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	return b.busy;
}

/* B6, W9: readers on two engines show as two read bits; WAIT waits for readers too,
 * while SET_DOMAIN for reading waits only for a writer (SD6). */
TEST(readers_on_two_engines)
{
	int fd = i915_open_gen8();
	uint32_t obj = gem_create(fd, 4096);
	uint32_t ctx = gem_context_create(fd);
	volatile uint32_t *end_r, *end_v;
	uint32_t br = spin_with(fd, 0, I915_EXEC_RENDER, obj, false, &end_r);
	uint32_t bv = spin_with(fd, ctx, I915_EXEC_BSD, obj, false, &end_v);
	ASSERT_EQ(busy_flags(fd, obj), (1u << (16 + I915_ENGINE_CLASS_RENDER)) |
				       (1u << (16 + I915_ENGINE_CLASS_VIDEO)));
	struct drm_i915_gem_wait w = { .bo_handle = obj, .timeout_ns = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w), ETIME);		/* W9 */
	struct drm_i915_gem_set_domain sd = { .handle = obj, .read_domains = I915_GEM_DOMAIN_CPU };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));		/* readers do not block */
	spin_end(fd, br, end_r);
	ASSERT_EQ(busy_flags(fd, obj), 1u << (16 + I915_ENGINE_CLASS_VIDEO));
	spin_end(fd, bv, end_v);
	ASSERT_EQ(busy_flags(fd, obj), 0);
	close(fd);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/*
 * A handler without SA_RESTART, and a signal every 20 ms until stopped. The
 * timer is the harness's watchdog (alarm), so it is put back afterwards; the
 * handler stays, for a signal still pending when the timer stops (valgrind
 * delivers late).
 */
static struct itimerval watchdog;

static void start_interrupts(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval it = { .it_interval = { 0, 20000 }, .it_value = { 0, 20000 } };
	setitimer(ITIMER_REAL, &it, &watchdog);
}

static void stop_interrupts(void)
{
	setitimer(ITIMER_REAL, &watchdog, NULL);
}

/* SD6, W10: waiting for the GPU (SET_DOMAIN for writing, WAIT) is interrupted by a
 * signal: EINTR, and the object is still busy. */
TEST(waits_are_interruptible)
{
	int fd = i915_open_gen8();
	uint32_t obj = gem_create(fd, 4096);
	volatile uint32_t *end;
	uint32_t batch = spin_with(fd, 0, I915_EXEC_RENDER, obj, true, &end);
	start_interrupts();
	struct drm_i915_gem_set_domain sd = { .handle = obj, .read_domains = I915_GEM_DOMAIN_CPU };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EINTR);	/* waits for the writer */
	sd.write_domain = I915_GEM_DOMAIN_CPU;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EINTR);
	struct drm_i915_gem_wait w = { .bo_handle = obj, .timeout_ns = -1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w), EINTR);
	stop_interrupts();
	ASSERT_EQ(busy_flags(fd, obj), 0x00010001u);
	spin_end(fd, batch, end);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	close(fd);
}

/* G6, CT13: closing a busy object's handle, or destroying the context of a running
 * request, returns at once; the work still completes, and the id is free again. */
TEST(close_and_destroy_while_busy)
{
	int fd = i915_open_gen8();
	uint32_t ctx = gem_context_create(fd);
	uint32_t obj = gem_create(fd, 4096);
	volatile uint32_t *end;
	uint32_t batch = spin_with(fd, ctx, I915_EXEC_RENDER, obj, true, &end);
	ASSERT_OK(gem_close(fd, obj));						/* G6 */
	struct drm_i915_gem_context_destroy d = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d));		/* CT13 */
	ASSERT_EQ(gem_context_create(fd), ctx);					/* reusable */
	spin_end(fd, batch, end);						/* it completes */
	close(fd);
}

/* AP2: nothing a client does without pinning changes the available aperture. */
TEST(aperture_is_what_is_not_pinned)
{
	int fd = i915_open();
	struct drm_i915_gem_get_aperture before = { 0 }, after = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &before));
	uint32_t h = gem_create(fd, 1 << 20);
	gem_write(fd, h, 0, "x", 1);
	struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &after));
	ASSERT_EQ(after.aper_size, before.aper_size);
	ASSERT(after.aper_available_size <= after.aper_size);
	ASSERT(after.aper_available_size >= after.aper_size / 2);	/* only the kernel's own reserve */
	close(fd);
}

/* CT5, CT8b: one timeline for all engines needs execlists (gen8+); the CLONE extension
 * is gone in 6.1. */
TEST(context_create_flags_and_clone)
{
	int fd = i915_open();
	struct drm_i915_gem_context_create_ext c = { 0 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c))	/* CT1: ENODEV before gen6 */
		SKIP_ON_ERRNO(errno, ENODEV, i915_gen(fd) < 6, "no logical contexts");
	int devid = i915_devid(fd), family = devid & 0xff00;
	bool execlists = family == 0x1600 || family == 0x1900 || family == 0x8a00;
	c = (struct drm_i915_gem_context_create_ext){ .flags = I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE };
	if (execlists)
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	else
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);
	struct i915_user_extension clone = { .name = 1 /* I915_CONTEXT_CREATE_EXT_CLONE, 5.10 */ };
	c = (struct drm_i915_gem_context_create_ext){ .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
						      .extensions = (uintptr_t)&clone };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);
	close(fd);
}

/* RR5, RR6: a refused register read leaves val as it was; the render node may read. */
TEST(reg_read_refused_leaves_val)
{
	int fd = i915_open();		/* the render node */
	struct drm_i915_reg_read r = { .offset = 0x235a, .val = 0x1234 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r), EINVAL);		/* RR3 */
	ASSERT_EQ(r.val, 0x1234);
	r.offset = 0x12345678;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r), EINVAL);
	ASSERT_EQ(r.val, 0x1234);
	close(fd);
}

TEST_MAIN(T(create_corners), T(copy_through_own_mapping), T(mmap_corners), T(domain_corners), T(caching_levels),
	  T(userptr_refusals), T(userptr_availability), T(userptr_pages_checked_on_use),
	  T(readers_on_two_engines), T(waits_are_interruptible), T(close_and_destroy_while_busy),
	  T(aperture_is_what_is_not_pinned), T(context_create_flags_and_clone),
	  T(reg_read_refused_leaves_val))
