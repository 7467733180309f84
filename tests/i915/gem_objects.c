/* SPDX-License-Identifier: MIT */
/*
 * i915 GEM object ioctls, as Linux 6.1 answers them on Skylake
 * (doc/uapi-conformance.md §13–26; row ids in the comments). Only
 * open/ioctl/mmap: the same binary runs on a real i915 device.
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "hwdefs/intel_commands.h"
#include "tests/i915/i915_test.h"

/* GC6, PR4, PR10, PR13 (on the render node, like every test here): new objects read as zero;
 * data round-trips; bounds are the object's. */
TEST(pread_pwrite)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	char buf[8192], out[8192];
	ASSERT_OK(gem_pread(fd, h, 0, out, sizeof(out)));
	for (size_t i = 0; i < sizeof(out); i++)
		ASSERT_EQ(out[i], 0);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7);
	ASSERT_OK(gem_pwrite(fd, h, 0, buf, sizeof(buf)));
	ASSERT_OK(gem_pread(fd, h, 100, out, 1000));
	ASSERT(!memcmp(out, buf + 100, 1000));
	ASSERT_OK(gem_pread(fd, h, 8191, out, 1));			/* to the very end */
	ASSERT_ERRNO(gem_pread(fd, h, 8192, out, 1), EINVAL);	/* PR4 */
	ASSERT_ERRNO(gem_pread(fd, h, 8000, out, 193), EINVAL);
	ASSERT_ERRNO(gem_pwrite(fd, h, ~0ull, buf, 2), EINVAL);
	close(fd);
}

/* PR1, PR2, PR3, PR5. */
TEST(pread_pwrite_errors)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	char buf[16];
	ASSERT_OK(gem_pwrite(fd, 999, 1 << 20, buf, 0));		/* size 0: nothing is checked */
	ASSERT_OK(gem_pread(fd, 999, 1 << 20, NULL, 0));
	ASSERT_ERRNO(gem_pread(fd, 999, 0, buf, 16), ENOENT);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, (void *)0xffff888000000000ull, 16), EFAULT);
	void *gone = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(gone, 4096);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, gone, 16), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, gone, 16), EFAULT);
	close(fd);
}

/* MM1, MM3, MM5, MM6, MM8: the legacy CPU mmap ioctl. */
TEST(gem_mmap)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	struct drm_i915_gem_mmap m = { .handle = h, .size = 8192 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	char *p = (char *)(uintptr_t)m.addr_ptr;
	strcpy(p + 5000, "through the map");
	char out[32] = { 0 };
	ASSERT_OK(gem_pread(fd, h, 5000, out, 16));
	ASSERT_STREQ(out, "through the map");
	munmap(p, 8192);
	m = (struct drm_i915_gem_mmap){ .handle = h, .size = 4096, .flags = 2 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m), EINVAL);
	m = (struct drm_i915_gem_mmap){ .handle = h + 100, .size = 4096 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m), ENOENT);
	m = (struct drm_i915_gem_mmap){ .handle = h, .offset = 8192, .size = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m), EINVAL);
	m = (struct drm_i915_gem_mmap){ .handle = h, .offset = 0, .size = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m), EINVAL);
	m = (struct drm_i915_gem_mmap){ .handle = h, .offset = 4096, .size = 8192 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m), EINVAL);
	close(fd);
}

/* A mapping keeps working after the handle is closed (MM8), and keeps its bytes. */
TEST(mapping_outlives_handle)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_mmap m = { .handle = h, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	char *p = (char *)(uintptr_t)m.addr_ptr;
	p[10] = 42;
	struct drm_gem_close c = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c));
	for (int i = 0; i < 100; i++) {	/* new objects must not get the mapped pages */
		uint32_t n = gem_create(fd, 4096);
		ASSERT_OK(gem_pwrite(fd, n, 0, "xxxxxxxxxxxxxxxx", 16));
	}
	ASSERT_EQ(p[10], 42);
	munmap(p, 4096);
	close(fd);
}

/* MO2, MO3, MO8, MO9, MO12, MO13, MO14: fake offsets and mmap of the device fd. */
TEST(mmap_offset)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	uint64_t off = a.offset;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
	ASSERT_EQ(a.offset, off);				/* MO12 */
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)off);
	ASSERT(p != MAP_FAILED);
	p[4096] = 'x';
	char c = 0;
	ASSERT_OK(gem_pread(fd, h, 4096, &c, 1));
	ASSERT_EQ(c, 'x');
	munmap(p, 8192);
	ASSERT(mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, (off_t)off) != MAP_FAILED);	/* short is fine */
	ASSERT(mmap(NULL, 3 * 4096, PROT_READ, MAP_SHARED, fd, (off_t)off) == MAP_FAILED);	/* MO14 */
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, (off_t)(off + 4096)) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);

	int other = test_open_render();				/* MO13: no handle in that file */
	ASSERT(mmap(NULL, 4096, PROT_READ, MAP_SHARED, other, (off_t)off) == MAP_FAILED);
	ASSERT_EQ(errno, EACCES);
	close(other);

	a = (struct drm_i915_gem_mmap_offset){ .handle = h, .flags = ~0ull };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a), EINVAL);	/* MO8 */
	a = (struct drm_i915_gem_mmap_offset){ .handle = h + 50, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a), ENOENT);	/* MO9 */
	a = (struct drm_i915_gem_mmap_offset){ .handle = h, .flags = I915_MMAP_OFFSET_WB, .extensions = 8 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a), EFAULT);	/* MO2 */
	struct i915_user_extension ext = { .name = 0 };
	a.extensions = (uintptr_t)&ext;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a), EINVAL);	/* MO3 */
	close(fd);
}

/* SD1–SD4, SD12. */
TEST(set_domain)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_set_domain a = { .handle = 9999, .read_domains = 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &a));			/* SD3 */
	a = (struct drm_i915_gem_set_domain){ .handle = h, .read_domains = I915_GEM_DOMAIN_RENDER };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &a), EINVAL);	/* SD1 */
	a = (struct drm_i915_gem_set_domain){ .handle = h, .read_domains = I915_GEM_DOMAIN_CPU,
					      .write_domain = I915_GEM_DOMAIN_GTT };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &a), EINVAL);	/* SD2 */
	a = (struct drm_i915_gem_set_domain){ .handle = 9999, .read_domains = I915_GEM_DOMAIN_CPU };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &a), ENOENT);	/* SD4 */
	a = (struct drm_i915_gem_set_domain){ .handle = h, .read_domains = I915_GEM_DOMAIN_GTT,
					      .write_domain = I915_GEM_DOMAIN_GTT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &a));
	struct drm_i915_gem_sw_finish f = { .handle = 9999 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SW_FINISH, &f), ENOENT);	/* SD12 */
	f.handle = h;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SW_FINISH, &f));
	close(fd);
}

/* MA1, MA2, MA3, MA4, MA5, MA7. */
TEST(madvise_purgeable)
{
	int fd = i915_open();
	uint32_t fresh = gem_create(fd, 4096), used = gem_create(fd, 4096);
	ASSERT_OK(gem_pwrite(fd, used, 0, "x", 1));
	struct drm_i915_gem_madvise a = { .handle = fresh, .madv = 2 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a), EINVAL);
	a = (struct drm_i915_gem_madvise){ .handle = 9999, .madv = I915_MADV_DONTNEED };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a), ENOENT);
	a = (struct drm_i915_gem_madvise){ .handle = fresh, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 0);						/* MA3 */
	a = (struct drm_i915_gem_madvise){ .handle = fresh, .madv = I915_MADV_WILLNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 0);						/* MA5 */
	ASSERT_ERRNO(gem_pwrite(fd, fresh, 0, "x", 1), EFAULT);			/* MA7 */
	a = (struct drm_i915_gem_madvise){ .handle = used, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 1);						/* MA4 */
	a = (struct drm_i915_gem_madvise){ .handle = used, .madv = I915_MADV_WILLNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 1);						/* MA6 */
	close(fd);
}

/* T2, T4–T8, T10, T11, T17, T18. */
TEST(tiling)
{
	int fd = i915_open();
	int g = i915_gen(fd);
	uint32_t h = gem_create(fd, 1 << 20);
	struct drm_i915_gem_set_tiling s = { .handle = 9999, .tiling_mode = I915_TILING_X, .stride = 512 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), ENOENT);
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = 3, .stride = 512 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), EINVAL);
	ASSERT_EQ(s.tiling_mode, 3);			/* fields come back as sent */
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_X, .stride = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), EINVAL);
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_X, .stride = 640 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), EINVAL);
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_Y, .stride = 192 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), EINVAL);
	if (g >= 7) {
		s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_X,
						      .stride = 256 * 1024 };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s));
		s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_X,
						      .stride = 256 * 1024 + 512 };
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), EINVAL);
	}
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_Y, .stride = 512 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s));
	ASSERT_EQ(s.tiling_mode, I915_TILING_Y);
	ASSERT_EQ(s.stride, 512);
	if (g >= 8)
		ASSERT_EQ(s.swizzle_mode, I915_BIT_6_SWIZZLE_NONE);	/* T11 */
	struct drm_i915_gem_get_tiling gt = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_TILING, &gt));
	ASSERT_EQ(gt.tiling_mode, I915_TILING_Y);
	ASSERT_EQ(gt.swizzle_mode, s.swizzle_mode);
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_NONE, .stride = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s));
	ASSERT_EQ(s.stride, 0);							/* T10 */
	gt = (struct drm_i915_gem_get_tiling){ .handle = 9999 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_GET_TILING, &gt), ENOENT);	/* T17 */
	close(fd);
}

/* U2–U5, U8, U11, U15, PR7, T3, MO10. */
TEST(userptr)
{
	int fd = i915_open();
	char *mem = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_OK(gem_close(fd, gem_userptr_or_skip(fd, mem, 4096)));	/* none on the 965G (U1) */
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096, .flags = 0x100 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), EINVAL);
	u = (struct drm_i915_gem_userptr){ .user_ptr = (uintptr_t)mem, .user_size = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), EINVAL);
	u = (struct drm_i915_gem_userptr){ .user_ptr = (uintptr_t)mem, .user_size = ~0ull & ~4095ull };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), E2BIG);
	u = (struct drm_i915_gem_userptr){ .user_ptr = (uintptr_t)mem + 1, .user_size = 4096 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), EINVAL);
	u = (struct drm_i915_gem_userptr){ .user_ptr = (uintptr_t)mem, .user_size = 4096,
					   .flags = I915_USERPTR_UNSYNCHRONIZED };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), ENODEV);
	u = (struct drm_i915_gem_userptr){ .user_ptr = (uintptr_t)mem, .user_size = 2 * 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u));
	ASSERT(u.handle >= 1);
	char buf[4];
	ASSERT_ERRNO(gem_pread(fd, u.handle, 0, buf, 4), EINVAL);
	struct drm_i915_gem_mmap m = { .handle = u.handle, .size = 4096 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m), ENXIO);	/* MM4 */
	struct drm_i915_gem_mmap_offset mo = { .handle = u.handle, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo), ENODEV);
	struct drm_i915_gem_set_tiling s = { .handle = u.handle, .tiling_mode = I915_TILING_X, .stride = 512 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), ENXIO);
	struct drm_i915_gem_set_domain sd = { .handle = u.handle, .read_domains = I915_GEM_DOMAIN_CPU };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	munmap(mem + 4096, 4096);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EFAULT);	/* SD7 */
	u = (struct drm_i915_gem_userptr){ .user_ptr = (uintptr_t)mem, .user_size = 2 * 4096,
					   .flags = I915_USERPTR_PROBE };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), EFAULT);	/* U10 */
	close(fd);
}

/* CT2, CT9–CT12, CT14, RS1–RS4. */
TEST(contexts_and_reset_stats)
{
	int fd = i915_open();
	struct drm_i915_gem_context_create_ext c = { .flags = 1u << 5 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);
	c = (struct drm_i915_gem_context_create_ext){ .ctx_id = 77 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c) == -1)	/* CT1: ENODEV before gen6 */
		SKIP_ON_ERRNO(errno, ENODEV, i915_gen(fd) < 6, "no logical contexts on this generation");
	ASSERT_EQ(c.ctx_id, 1);
	struct drm_i915_gem_context_create old = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &old));
	ASSERT_EQ(old.ctx_id, 2);
	struct drm_i915_reset_stats rs = { .ctx_id = 1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 0);
	rs = (struct drm_i915_reset_stats){ .ctx_id = 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	rs = (struct drm_i915_reset_stats){ .ctx_id = 0xbadbad };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), ENOENT);
	rs = (struct drm_i915_reset_stats){ .ctx_id = 1, .flags = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), EINVAL);

	int other = test_open_render();
	struct drm_i915_gem_context_destroy d = { .ctx_id = 1 };
	ASSERT_ERRNO(ioctl(other, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d), ENOENT);	/* CT14 */
	close(other);
	d = (struct drm_i915_gem_context_destroy){ .ctx_id = 1, .pad = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d), EINVAL);
	d = (struct drm_i915_gem_context_destroy){ .ctx_id = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d), ENOENT);
	d = (struct drm_i915_gem_context_destroy){ .ctx_id = 1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d));
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d), ENOENT);
	c = (struct drm_i915_gem_context_create_ext){ 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	ASSERT_EQ(c.ctx_id, 1);						/* lowest free */
	close(fd);
}

/* RR1–RR4: REG_READ answers the render timestamp (gen4+, also as 0x2359) and nothing else. */
TEST(reg_read_rr1_rr4_timestamp_only)
{
	int fd = i915_open();
	struct drm_i915_reg_read r = { .offset = 0x2358 | 1 };
	if (i915_gen(fd) < 4) {	/* the whitelisted timestamp exists from gen4 */
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r), EINVAL);
	} else {
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r));		/* RR2 */
		uint64_t t0 = r.val;
		usleep(2000);
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r));
		ASSERT(r.val > t0);					/* the timestamp ticks */
		r.offset = 0x2358;
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r));		/* RR1 */
		ASSERT(r.val != 0);
		r.offset = 0x235c;
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r), EINVAL);	/* RR3 */
		r.offset = 0x12345678;
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r), EINVAL);	/* RR4 */
	}
	close(fd);
}

/* AP1: GET_APERTURE reports a size, and no more available than that. */
TEST(get_aperture_ap1)
{
	int fd = i915_open();
	struct drm_i915_gem_get_aperture ap = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &ap));
	ASSERT(ap.aper_size > 0 && ap.aper_available_size <= ap.aper_size);
	close(fd);
}

/* B1, B2: BUSY of a bad handle is ENOENT; of an idle object, 0. */
TEST(busy_b1_b2)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_busy b = { .handle = 9999 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b), ENOENT);	/* B1 */
	b.handle = h;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT_EQ(b.busy, 0);						/* B2 */
	close(fd);
}

/* W1, W2, W4, W5: GEM_WAIT's flags, handle and timeouts on an idle object. */
TEST(gem_wait_w1_w2_w4_w5)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_wait w = { .bo_handle = h, .flags = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w), EINVAL);	/* W1 */
	w = (struct drm_i915_gem_wait){ .bo_handle = 9999 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w), ENOENT);	/* W2 */
	w = (struct drm_i915_gem_wait){ .bo_handle = h, .timeout_ns = 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w));		/* W4 */
	w = (struct drm_i915_gem_wait){ .bo_handle = h, .timeout_ns = -1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w));
	ASSERT_EQ(w.timeout_ns, -1);					/* W5 */
	close(fd);
}

/* TH2: with nothing submitted, THROTTLE returns 0 at once. */
TEST(throttle_th2_idle)
{
	int fd = i915_open();
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL));
	close(fd);
}

/* SET_CACHING refuses an unknown level (EINVAL); GET_CACHING reads back the one set (no row
 * of its own in doc/uapi-conformance.md). */
TEST(set_get_caching)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	struct drm_i915_gem_caching c = { .handle = h, .caching = 7 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &c), EINVAL);
	c = (struct drm_i915_gem_caching){ .handle = h, .caching = I915_CACHING_NONE };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_CACHING, &c));
	c = (struct drm_i915_gem_caching){ .handle = h };
	c.caching = 5;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c));
	ASSERT_EQ(c.caching, I915_CACHING_NONE);
	close(fd);
}

/* Where byte column xb of row y of a tiled surface is in the raw pages (doc/blitter.md §8–9). */
static uint64_t raw_offset(int tiling, uint32_t swizzle, uint32_t pitch, uint32_t xb, uint32_t y)
{
	uint64_t a;
	if (tiling == I915_TILING_X)
		a = (uint64_t)(y / 8) * pitch * 8 + (xb / 512) * 4096 + (y % 8) * 512 + xb % 512;
	else
		a = (uint64_t)(y / 32) * pitch * 32 + (xb / 128) * 4096 + ((xb % 128) / 16) * 512 +
		    (y % 32) * 16 + xb % 16;
	uint64_t bit = 0;
	switch (swizzle) {
	case I915_BIT_6_SWIZZLE_9: bit = a >> 9; break;
	case I915_BIT_6_SWIZZLE_9_10: bit = (a >> 9) ^ (a >> 10); break;
	case I915_BIT_6_SWIZZLE_9_11: bit = (a >> 9) ^ (a >> 11); break;
	case I915_BIT_6_SWIZZLE_9_10_11: bit = (a >> 9) ^ (a >> 10) ^ (a >> 11); break;
	}
	return a ^ ((bit & 1) << 6);
}

/* A GTT map (through the fence, detiled) of size bytes of object h. */
static uint8_t *map_gtt(int fd, uint32_t h, uint64_t size, int prot)
{
	struct drm_i915_gem_mmap_gtt mg = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &mg));
	uint8_t *p = mmap(NULL, size, prot, MAP_SHARED, fd, (off_t)mg.offset);
	ASSERT(p != MAP_FAILED);
	return p;
}

static void check_gtt_view(int tiling, uint32_t pitch)
{
	int fd = i915_open();
	const uint32_t rows = 64, size = pitch * rows;
	uint32_t h = gem_create(fd, size);
	struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = (uint32_t)tiling, .stride = pitch };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st));
	uint8_t *gtt = map_gtt(fd, h, size, PROT_READ | PROT_WRITE);
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_GTT,
					      .write_domain = I915_GEM_DOMAIN_GTT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	for (uint32_t i = 0; i < size; i++)
		gtt[i] = (uint8_t)(i * 31 + i / 4096);

	/* pread moves the object out of the GTT domain: it sees the tiled, swizzled pages. */
	uint8_t *raw = malloc(size);
	ASSERT_OK(gem_pread(fd, h, 0, raw, size));
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb++)
			if (raw[raw_offset(tiling, st.swizzle_mode, pitch, xb, y)] !=
			    (uint8_t)((y * pitch + xb) * 31 + (y * pitch + xb) / 4096))
				TEST_FAIL("tiling %d: byte (%u, %u) is not where the layout puts it", tiling, xb, y);

	/* And the other way: raw pages written, read back linear through the GTT view. */
	for (uint32_t i = 0; i < size; i++)
		raw[i] = (uint8_t)(i ^ (i >> 8));
	ASSERT_OK(gem_pwrite(fd, h, 0, raw, size));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb++) {
			uint64_t a = raw_offset(tiling, st.swizzle_mode, pitch, xb, y);
			ASSERT_EQ(gtt[y * pitch + xb], (uint8_t)(a ^ (a >> 8)));
		}
	free(raw);
	munmap(gtt, size);
	close(fd);
}

/* A GTT map of a tiled object is the linear view; the pages keep the tiled layout (PR10, §8–9). */
TEST(gtt_view_x_tiled)
{
	check_gtt_view(I915_TILING_X, 1024);
}

TEST(gtt_view_y_tiled)
{
	check_gtt_view(I915_TILING_Y, 512);
}

/*
 * The blitter and the CPU agree on a tiled object's layout: a fill of a
 * rectangle that is not whole tiles, by XY_COLOR_BLT on an X-tiled object,
 * lands in the raw pages where the platform's bit-6 swizzling puts it (so
 * pread finds it there) and reads back in place through the GTT view.
 * Swizzling platforms (gen3-7 here) move 64-byte blocks, which only a
 * partial-tile rectangle shows. On gen2/3 the fence tiles the access.
 */
TEST(blit_into_x_tiled_matches_the_cpu_views)
{
	int fd = i915_open();
	int gen = i915_gen(fd);
	const uint32_t pitch = 1024, rows = 32, size = pitch * rows, x1 = 3, y1 = 1, x2 = 200, y2 = 13;
	uint32_t h = gem_create(fd, size);
	struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = I915_TILING_X, .stride = pitch };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st));
	uint32_t cmd[16], n = 0, reloc_at;
	cmd[n++] = XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(gen >= 8 ? 7 : 6) |
		   (gen >= 4 ? INTEL_BLT_DST_TILED : 0);
	cmd[n++] = INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0 << INTEL_BR13_ROP_SHIFT |
		   (gen >= 4 ? pitch / 4 : pitch);
	cmd[n++] = INTEL_XY(x1, y1);
	cmd[n++] = INTEL_XY(x2, y2);
	reloc_at = n;
	cmd[n++] = 0;
	if (gen >= 8)
		cmd[n++] = 0;
	cmd[n++] = 0x5a5a5a5a;
	cmd[n++] = MI_BATCH_BUFFER_END;
	if (n & 1)
		cmd[n++] = MI_NOOP;
	uint32_t batch = gem_create(fd, 4096);
	gem_write(fd, batch, 0, cmd, n * 4);
	struct drm_i915_gem_relocation_entry rel = { .target_handle = h, .offset = reloc_at * 4,
						     .read_domains = I915_GEM_DOMAIN_RENDER,
						     .write_domain = I915_GEM_DOMAIN_RENDER,
						     .presumed_offset = ~0ull };
	struct drm_i915_gem_exec_object2 objs[2] = {
		{ .handle = h, .flags = gen < 4 ? EXEC_OBJECT_NEEDS_FENCE : 0 },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&rel },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, objs, 2, gen >= 6 ? I915_EXEC_BLT : I915_EXEC_RENDER, 0));
	gem_wait(fd, h);
	uint8_t *raw = malloc(size);
	ASSERT_OK(gem_pread(fd, h, 0, raw, size));
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb++) {
			bool in = y >= y1 && y < y2 && xb >= x1 * 4 && xb < x2 * 4;
			if (raw[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, xb, y)] != (in ? 0x5a : 0))
				TEST_FAIL("raw pages: byte (%u, %u) of the fill is not where the swizzle %u puts it", xb,
					  y, st.swizzle_mode);
		}
	uint8_t *gtt = map_gtt(fd, h, size, PROT_READ);
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_GTT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb++) {
			bool in = y >= y1 && y < y2 && xb >= x1 * 4 && xb < x2 * 4;
			if (gtt[y * pitch + xb] != (in ? 0x5a : 0))
				TEST_FAIL("GTT view: byte (%u, %u) is 0x%02x", xb, y, gtt[y * pitch + xb]);
		}
	munmap(gtt, size);
	free(raw);
	close(fd);
}

/*
 * SD14: a GTT map of a tiled object and a CPU or WC map of its pages reach
 * the same memory (the fence only detiles), so in the GTT domain a driver
 * may write through either: SNA's PutImage writes an X-tiled pixmap through
 * a WC map, tiling in software, right after SET_DOMAIN(GTT). Both kinds of
 * write survive the object leaving the domain (an execbuffer, a pread), and
 * the GTT map shows the WC write after the next SET_DOMAIN(GTT).
 */
TEST(wc_and_gtt_writes_in_the_gtt_domain_both_land)
{
	int fd = i915_open();
	const uint32_t pitch = 1024, rows = 32, size = pitch * rows;
	uint32_t h = gem_create(fd, size);
	struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = I915_TILING_X, .stride = pitch };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st));
	volatile uint8_t *gtt = map_gtt(fd, h, size, PROT_READ | PROT_WRITE);
	struct drm_i915_gem_mmap m = { .handle = h, .size = size, .flags = I915_MMAP_WC };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	volatile uint8_t *wc = (uint8_t *)(uintptr_t)m.addr_ptr;
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_GTT,
					      .write_domain = I915_GEM_DOMAIN_GTT };
	uint32_t batch = gem_create(fd, 4096);
	uint32_t bbe[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, batch, 0, bbe, sizeof(bbe));
	struct drm_i915_gem_exec_object2 objs[2] = { { .handle = h }, { .handle = batch } };
	uint8_t *raw = malloc(size);
	for (int leave_by_exec = 0; leave_by_exec < 2; leave_by_exec++) {
		uint8_t g = (uint8_t)(0x11 + leave_by_exec), w = (uint8_t)(0x77 + leave_by_exec);
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
		/* Row 1 through the GTT map (linear), row 20 straight into the pages. */
		for (uint32_t xb = 0; xb < pitch; xb++) {
			gtt[1 * pitch + xb] = g;
			wc[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, xb, 20)] = w;
		}
		if (leave_by_exec) {
			ASSERT_OK(gem_execbuf_ctx(fd, objs, 2, 0, 0));
			gem_wait(fd, h);
		}
		ASSERT_OK(gem_pread(fd, h, 0, raw, size));
		for (uint32_t xb = 0; xb < pitch; xb++) {
			ASSERT_EQ(raw[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, xb, 1)], g);
			ASSERT_EQ(raw[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, xb, 20)], w);
		}
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
		for (uint32_t xb = 0; xb < pitch; xb++) {
			ASSERT_EQ(gtt[1 * pitch + xb], g);
			ASSERT_EQ(gtt[20 * pitch + xb], w);
		}
	}
	free(raw);
	munmap((void *)wc, size);
	munmap((void *)gtt, size);
	close(fd);
}

/* SD15: SET_DOMAIN(GTT) again and again while a tiled object is in the GTT domain
 * (a 2D driver's CPU path does it per request) keeps every GTT write, and a WC
 * map handed out later still gets its writes seen through the GTT map. */
TEST(gtt_domain_again_keeps_the_gtt_writes)
{
	int fd = i915_open();
	const uint32_t pitch = 2048, rows = 64, size = pitch * rows;
	uint32_t h = gem_create(fd, size);
	struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = I915_TILING_X, .stride = pitch };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st));
	volatile uint8_t *gtt = map_gtt(fd, h, size, PROT_READ | PROT_WRITE);
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_GTT,
					      .write_domain = I915_GEM_DOMAIN_GTT };
	for (uint32_t y = 0; y < rows; y++) {
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
		for (uint32_t xb = 0; xb < pitch; xb++)
			gtt[y * pitch + xb] = (uint8_t)(y * 7 + xb);
	}
	uint8_t *raw = malloc(size);
	ASSERT_OK(gem_pread(fd, h, 0, raw, size));
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb++)
			ASSERT_EQ(raw[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, xb, y)], (uint8_t)(y * 7 + xb));
	/* Now a WC map of the pages: from here on its writes show through the GTT map too. */
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	gtt[0] = 0x5a;
	struct drm_i915_gem_mmap m = { .handle = h, .size = size, .flags = I915_MMAP_WC };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	volatile uint8_t *wc = (uint8_t *)(uintptr_t)m.addr_ptr;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	ASSERT_EQ(gtt[0], 0x5a);
	wc[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, 3, 9)] = 0xa5;
	gtt[pitch * 2 + 5] = 0x3c;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	ASSERT_EQ(gtt[pitch * 9 + 3], 0xa5);
	ASSERT_EQ(gtt[pitch * 2 + 5], 0x3c);
	ASSERT_EQ(gtt[0], 0x5a);
	ASSERT_OK(gem_pread(fd, h, 0, raw, size));
	ASSERT_EQ(raw[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, 5, 2)], 0x3c);
	ASSERT_EQ(raw[raw_offset(I915_TILING_X, st.swizzle_mode, pitch, 3, 9)], 0xa5);
	free(raw);
	munmap((void *)wc, size);
	munmap((void *)gtt, size);
	close(fd);
}

/* T16, MO18: a GTT map made before a tiling change follows it: the next access
 * goes through the new fence, and going back to linear shows the pages as they are. */
TEST(gtt_map_follows_tiling_changes)
{
	int fd = i915_open();
	const uint32_t pitch = 1024, rows = 32, size = pitch * rows;
	uint32_t h = gem_create(fd, size);
	volatile uint8_t *gtt = map_gtt(fd, h, size, PROT_READ | PROT_WRITE);
	uint8_t *raw = malloc(size);
	for (uint32_t i = 0; i < size; i++)
		raw[i] = (uint8_t)(i ^ (i >> 8));
	ASSERT_OK(gem_pwrite(fd, h, 0, raw, size));
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_GTT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	ASSERT_EQ(gtt[4096], raw[4096]);				/* linear: the pages themselves */
	struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = I915_TILING_X, .stride = pitch };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t xb = 0; xb < pitch; xb++) {
			uint64_t a = raw_offset(I915_TILING_X, st.swizzle_mode, pitch, xb, y);
			ASSERT_EQ(gtt[y * pitch + xb], (uint8_t)(a ^ (a >> 8)));
		}
	st = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_NONE };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd));
	for (uint32_t i = 0; i < size; i += 97)
		ASSERT_EQ(gtt[i], raw[i]);
	free(raw);
	munmap((void *)gtt, size);
	close(fd);
}

/* Shim only: purgeable objects really go when caches are dropped through debugfs (MA4 "may be purged later"). */
TEST(drop_caches_purges_dontneed)
{
	int fd = i915_open();
	require_debugfs_root();
	int dc = i915_debugfs_open("i915_gem_drop_caches", O_WRONLY);
	if (dc < 0)
		SKIP_MISSING("no writable i915_gem_drop_caches (debugfs, root)");
	uint32_t keep = gem_create(fd, 4096), purge = gem_create(fd, 4096);
	ASSERT_OK(gem_pwrite(fd, keep, 0, "keep", 4));
	ASSERT_OK(gem_pwrite(fd, purge, 0, "gone", 4));
	struct drm_i915_gem_madvise a = { .handle = purge, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 1);
	ASSERT_EQ(write(dc, "0x5f", 4), 4);
	close(dc);
	a = (struct drm_i915_gem_madvise){ .handle = purge, .madv = I915_MADV_WILLNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 0);					/* purged, for good */
	char buf[4];
	ASSERT_ERRNO(gem_pread(fd, purge, 0, buf, 4), EFAULT);		/* MA7 */
	ASSERT_OK(gem_pread(fd, keep, 0, buf, 4));
	ASSERT(!memcmp(buf, "keep", 4));
	close(fd);
}

/* Shim only: past the memory budget, purgeable objects are dropped before allocation fails. */
TEST(memory_pressure_purges_dontneed)
{
	REQUIRE_SHIM("I915_SHIM_MEMORY_LIMIT sets its memory budget");
	if (!getenv("I915_SHIM_MEMORY_LIMIT"))
		SKIP("run with I915_SHIM_MEMORY_LIMIT set (all_devids.sh does)");	/* a run option */
	uint64_t limit = strtoull(getenv("I915_SHIM_MEMORY_LIMIT"), NULL, 0);
	int fd = i915_open();
	uint32_t big = gem_create(fd, limit / 2 + 4096);
	ASSERT_OK(gem_pwrite(fd, big, 0, "x", 1));
	struct drm_i915_gem_madvise a = { .handle = big, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	uint32_t next = gem_create(fd, limit / 2 + 4096);
	ASSERT_OK(gem_pwrite(fd, next, 0, "y", 1));			/* fits once big is purged */
	a = (struct drm_i915_gem_madvise){ .handle = big, .madv = I915_MADV_WILLNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &a));
	ASSERT_EQ(a.retained, 0);
	uint32_t third = gem_create(fd, limit / 2 + 4096);
	ASSERT_ERRNO(gem_pwrite(fd, third, 0, "z", 1), ENOMEM);	/* nothing left to purge */
	close(fd);
}

static int getparam(int fd, int param, int *value)
{
	struct drm_i915_getparam gp = { .param = param, .value = value };
	return ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp);
}

/* GP9–GP33 (but GP16, GP18: i915_basic): Skylake GT2's answers. */
TEST(getparam_skylake_gt2)
{
	int fd = i915_open();
	int devid = 0, v;
	ASSERT_OK(getparam(fd, I915_PARAM_CHIPSET_ID, &devid));
	if (devid != 0x1912)
		SKIP_DEVICE("values for Skylake GT2 (0x1912)");
	static const struct { int param, value; } want[] = {
		{ I915_PARAM_NUM_FENCES_AVAIL, 32 }, { I915_PARAM_HAS_OVERLAY, 0 },
		{ I915_PARAM_HAS_BSD, 1 }, { I915_PARAM_HAS_BLT, 1 }, { I915_PARAM_HAS_VEBOX, 1 },
		{ I915_PARAM_HAS_BSD2, 0 }, { I915_PARAM_HAS_WT, 0 }, { I915_PARAM_HAS_SECURE_BATCHES, 0 },
		{ I915_PARAM_CMD_PARSER_VERSION, 10 }, { I915_PARAM_HAS_GPU_RESET, 2 },
		{ I915_PARAM_HAS_RESOURCE_STREAMER, 0 }, { I915_PARAM_HAS_POOLED_EU, 0 },
		{ I915_PARAM_MIN_EU_IN_POOL, 0 }, { I915_PARAM_MMAP_GTT_COHERENT, 1 },
		{ I915_PARAM_HAS_SEMAPHORES, 1 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		v = -1;
		ASSERT_OK(getparam(fd, want[i].param, &v));
		if (v != want[i].value)
			TEST_FAIL("param %d = %d, want %d", want[i].param, v, want[i].value);
	}
	ASSERT_OK(getparam(fd, I915_PARAM_SLICE_MASK, &v));
	ASSERT(v != 0);
	ASSERT_OK(getparam(fd, I915_PARAM_SUBSLICE_MASK, &v));
	ASSERT(v != 0);
	ASSERT_OK(getparam(fd, I915_PARAM_SUBSLICE_TOTAL, &v));		/* GP22, GP23: fused, > 0 */
	ASSERT(v > 0);
	ASSERT_OK(getparam(fd, I915_PARAM_EU_TOTAL, &v));
	ASSERT(v > 0);
	ASSERT_OK(getparam(fd, I915_PARAM_HAS_USERPTR_PROBE, &v));		/* GP9 (5.15+) */
	ASSERT_EQ(v, 1);
	ASSERT_OK(getparam(fd, I915_PARAM_HAS_SCHEDULER, &v));		/* GP27 */
	ASSERT((v & (I915_SCHEDULER_CAP_ENABLED | I915_SCHEDULER_CAP_PRIORITY)) ==
	       (I915_SCHEDULER_CAP_ENABLED | I915_SCHEDULER_CAP_PRIORITY));
	ASSERT_OK(getparam(fd, I915_PARAM_HAS_CONTEXT_ISOLATION, &v));	/* GP30 */
	ASSERT(v & (1 << I915_ENGINE_CLASS_RENDER));
	ASSERT_OK(getparam(fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY, &v));	/* GP31 */
	ASSERT_EQ(v, 12000000);
	ASSERT_OK(getparam(fd, I915_PARAM_PERF_REVISION, &v));		/* GP33 */
	ASSERT(v > 0);
	v = -1;									/* GP28: HuC not loaded */
	if (getparam(fd, I915_PARAM_HUC_STATUS, &v))
		ASSERT(errno == EOPNOTSUPP || errno == ENODEV || errno == ENOPKG || errno == ENOEXEC);
	else
		ASSERT(v == 0 || v == 1);
	close(fd);
}

/* CT6–CT8: context-creation extensions. */
TEST(context_create_extensions)
{
	int fd = i915_open();
	struct drm_i915_gem_context_create_ext c = { 0 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c))	/* CT1: ENODEV before gen6 */
		SKIP_ON_ERRNO(errno, ENODEV, i915_gen(fd) < 6, "no logical contexts");
	c = (struct drm_i915_gem_context_create_ext){ .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
						      .extensions = 8 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EFAULT);	/* CT6 */
	struct i915_user_extension unknown = { .name = 0x7777 };
	c.extensions = (uintptr_t)&unknown;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);	/* CT7 */
	struct drm_i915_gem_context_create_ext_setparam sp = {
		.base = { .name = I915_CONTEXT_CREATE_EXT_SETPARAM },
		.param = { .param = 0 },
	};
	c.extensions = (uintptr_t)&sp;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);	/* param 0 */
	sp.param.param = I915_CONTEXT_PARAM_RECOVERABLE;
	sp.param.ctx_id = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);	/* ctx_id != 0 */
	sp.param.ctx_id = 0;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));		/* a good one */
	sp.base.next_extension = (uintptr_t)&sp;				/* a loop */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), E2BIG);	/* CT8 */
	close(fd);
}

/* MO4–MO7, MO12: one offset per object and mapping type; FIXED is refused on integrated parts. */
TEST(mmap_offset_types)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	uint64_t seen[4];
	for (uint32_t type = I915_MMAP_OFFSET_GTT; type <= I915_MMAP_OFFSET_UC; type++) {
		struct drm_i915_gem_mmap_offset a = { .handle = h, .flags = type };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &a));
		seen[type] = a.offset;
		for (uint32_t k = 0; k < type; k++)
			ASSERT_NE(seen[k], a.offset);
		void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.offset);
		ASSERT(p != MAP_FAILED);
		munmap(p, 4096);
	}
	struct drm_i915_gem_mmap_offset f = { .handle = h, .flags = I915_MMAP_OFFSET_FIXED };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &f), ENODEV);
	close(fd);
}

/* T9, T13, T15: size need not be a multiple of the stride; repeating a setting is a no-op. */
TEST(tiling_details)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 3 * 4096);
	struct drm_i915_gem_set_tiling s = { .handle = h, .tiling_mode = I915_TILING_X, .stride = 2048 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s));			/* T9 */
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s));			/* T13 */
	ASSERT_EQ(s.stride, 2048);
	s = (struct drm_i915_gem_set_tiling){ .handle = h, .tiling_mode = I915_TILING_X, .stride = 100 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), EINVAL);
	ASSERT_EQ(s.stride, 100);						/* T15 */
	struct drm_i915_gem_get_tiling g = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_TILING, &g));
	ASSERT_EQ(g.tiling_mode, I915_TILING_X);				/* unchanged by the failure */
	close(fd);
}

/* U6, U9, U12, U19: userptr ranges. */
TEST(userptr_ranges)
{
	int fd = i915_open();
	int devid = 0;
	ASSERT_OK(getparam(fd, I915_PARAM_CHIPSET_ID, &devid));
	char *mem = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_OK(gem_close(fd, gem_userptr_or_skip(fd, mem, 4096)));	/* none on the 965G (U1) */
	struct drm_i915_gem_userptr u = { .user_ptr = 0xffff800000000000ull, .user_size = 4096 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u), EFAULT);		/* U6 */
	u = (struct drm_i915_gem_userptr){ .user_ptr = 0, .user_size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u));			/* U12: lazy */
	struct drm_i915_gem_userptr a = { .user_ptr = (uintptr_t)mem, .user_size = 3 * 4096 };
	struct drm_i915_gem_userptr b = { .user_ptr = (uintptr_t)mem + 4096, .user_size = 3 * 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &a));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &b));			/* U19: overlap allowed */
	ASSERT_NE(a.handle, b.handle);
	struct drm_i915_gem_userptr ro = { .user_ptr = (uintptr_t)mem, .user_size = 4096,
					   .flags = I915_USERPTR_READ_ONLY };
	if ((devid & 0xff00) == 0x1900 || (devid & 0xff00) == 0x1600)
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &ro));			/* U9: gen8/9 */
	else if ((devid & 0xff00) == 0x8a00)
		ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &ro), ENODEV);	/* not gen11 */
	munmap(mem, 4 * 4096);
	close(fd);
}

TEST_MAIN(T(getparam_skylake_gt2), T(context_create_extensions), T(mmap_offset_types),
	  T(tiling_details), T(userptr_ranges), T(drop_caches_purges_dontneed), T(memory_pressure_purges_dontneed), T(gtt_view_x_tiled), T(gtt_view_y_tiled), T(blit_into_x_tiled_matches_the_cpu_views), T(gtt_map_follows_tiling_changes), T(wc_and_gtt_writes_in_the_gtt_domain_both_land), T(gtt_domain_again_keeps_the_gtt_writes), T(pread_pwrite), T(pread_pwrite_errors), T(gem_mmap), T(mapping_outlives_handle),
	  T(mmap_offset), T(set_domain), T(madvise_purgeable), T(tiling), T(userptr),
	  T(contexts_and_reset_stats), T(reg_read_rr1_rr4_timestamp_only), T(get_aperture_ap1), T(busy_b1_b2),
	  T(gem_wait_w1_w2_w4_w5), T(throttle_th2_idle), T(set_get_caching))
