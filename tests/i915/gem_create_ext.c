/* SPDX-License-Identifier: MIT */
/*
 * DRM_IOCTL_I915_GEM_CREATE_EXT (uapi-conformance §32, GX1–GX16 but GX10): GEM_CREATE's
 * object behind an i915_user_extension chain. The flags, the chain walk, the
 * MEMORY_REGIONS and PROTECTED_CONTENT extensions, and that what comes out is
 * the object GEM_CREATE makes. Only open/ioctl; correct on a real Linux 6.1
 * i915 (device-memory cases skip where the device has device memory).
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "tests/i915/i915_test.h"

static int create_ext(int fd, uint64_t *size, uint32_t flags, const void *ext, uint32_t *handle)
{
	struct drm_i915_gem_create_ext c = { .size = *size, .flags = flags, .extensions = (uintptr_t)ext };
	int r = ioctl(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c);
	if (r == 0) {
		*size = c.size;
		*handle = c.handle;
	}
	return r;
}

static int create_with(int fd, uint64_t size, uint32_t flags, const void *ext)
{
	uint32_t h = 0;
	int r = create_ext(fd, &size, flags, ext, &h);
	if (r == 0)
		ASSERT_OK(gem_close(fd, h));
	return r;
}

static void *bad_ptr(void)
{
	void *p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(p != MAP_FAILED);
	return p;
}

/* Does the device have memory of its own (a discrete part)? Then the region cases differ. */
static bool has_device_memory(int fd)
{
	uint8_t buf[4096] = { 0 };
	struct drm_i915_query_item it = { .query_id = DRM_I915_QUERY_MEMORY_REGIONS, .length = sizeof(buf),
					  .data_ptr = (uintptr_t)buf };
	struct drm_i915_query q = { .num_items = 1, .items_ptr = (uintptr_t)&it };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_QUERY, &q));
	ASSERT(it.length > 0);
	const struct drm_i915_query_memory_regions *r = (const void *)buf;
	for (unsigned i = 0; i < r->num_regions; i++)
		if (r->regions[i].region.memory_class == I915_MEMORY_CLASS_DEVICE)
			return true;
	return false;
}

static struct drm_i915_gem_create_ext_memory_regions regions_ext(const void *regions, uint32_t n)
{
	struct drm_i915_gem_create_ext_memory_regions e = {
		.base = { .name = I915_GEM_CREATE_EXT_MEMORY_REGIONS },
		.num_regions = n, .regions = (uintptr_t)regions,
	};
	return e;
}

/* GX1, GX2, GX3: without extensions, GEM_CREATE's size rules: 0 and a size that wraps are
 * EINVAL, more than INT_MAX pages E2BIG, an unaligned size is rounded up and written back, and
 * the object reads as zeroes. */
TEST(sizes_as_gem_create)
{
	int fd = i915_open();
	ASSERT_ERRNO(create_with(fd, 0, 0, NULL), EINVAL);
	ASSERT_ERRNO(create_with(fd, ~0ull, 0, NULL), EINVAL);
	ASSERT_ERRNO(create_with(fd, 0xffffffff00000000ull, 0, NULL), E2BIG);
	uint64_t size = 4097;
	uint32_t h = 0;
	ASSERT_OK(create_ext(fd, &size, 0, NULL, &h));
	ASSERT_EQ(size, 8192);
	ASSERT(h != 0);
	uint8_t buf[8192];
	memset(buf, 0xa5, sizeof(buf));
	ASSERT_OK(gem_pread(fd, h, 0, buf, sizeof(buf)));
	for (unsigned i = 0; i < sizeof(buf); i++)
		ASSERT_EQ(buf[i], 0);
	ASSERT_OK(gem_close(fd, h));
	close(fd);
}

/* GX5, GX6: flags other than NEEDS_CPU_ACCESS are EINVAL; NEEDS_CPU_ACCESS with system memory
 * as the only placement (the default, or named) is EINVAL too. */
TEST(flags)
{
	int fd = i915_open();
	ASSERT_ERRNO(create_with(fd, 4096, 2, NULL), EINVAL);
	ASSERT_ERRNO(create_with(fd, 4096, 1u << 31, NULL), EINVAL);
	ASSERT_ERRNO(create_with(fd, 4096, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS, NULL), EINVAL);
	struct drm_i915_gem_memory_class_instance smem = { I915_MEMORY_CLASS_SYSTEM, 0 };
	struct drm_i915_gem_create_ext_memory_regions e = regions_ext(&smem, 1);
	ASSERT_ERRNO(create_with(fd, 4096, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS, &e), EINVAL);
	close(fd);
}

/* GX7, GX8, GX9: the chain: an unreadable extension is EFAULT, non-zero flags or rsvd in
 * its header EINVAL, a name 6.1 does not know EINVAL; the chain is read before the size is
 * looked at. */
TEST(extension_chain)
{
	int fd = i915_open();
	ASSERT_ERRNO(create_with(fd, 4096, 0, bad_ptr()), EFAULT);
	ASSERT_ERRNO(create_with(fd, 0, 0, bad_ptr()), EFAULT);
	struct i915_user_extension x = { .name = 0x1000 };
	ASSERT_ERRNO(create_with(fd, 4096, 0, &x), EINVAL);
	struct drm_i915_gem_memory_class_instance smem = { I915_MEMORY_CLASS_SYSTEM, 0 };
	struct drm_i915_gem_create_ext_memory_regions e = regions_ext(&smem, 1);
	e.base.flags = 1;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	e.base.flags = 0;
	e.base.rsvd[3] = 1;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	e.base.rsvd[3] = 0;
	ASSERT_OK(create_with(fd, 4096, 0, &e));
	/* A good extension whose successor cannot be read. */
	e.base.next_extension = (uintptr_t)bad_ptr();
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EFAULT);
	close(fd);
}

/* GX11, GX12, GX13: MEMORY_REGIONS: pad, no regions or more regions than the kernel has
 * places are EINVAL before the list is read; an unreadable list is EFAULT; system memory 0:0
 * makes a usable object; a second MEMORY_REGIONS in the chain is EINVAL. */
TEST(memory_regions_shape)
{
	int fd = i915_open();
	struct drm_i915_gem_memory_class_instance smem[2] = { { I915_MEMORY_CLASS_SYSTEM, 0 },
							      { I915_MEMORY_CLASS_SYSTEM, 0 } };
	struct drm_i915_gem_create_ext_memory_regions e = regions_ext(bad_ptr(), 1);
	e.pad = 1;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	e.pad = 0;
	e.num_regions = 0;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	e.num_regions = 64;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	e.num_regions = 1;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EFAULT);

	e = regions_ext(smem, 1);
	uint64_t size = 4096;
	uint32_t h = 0;
	ASSERT_OK(create_ext(fd, &size, 0, &e, &h));
	ASSERT_EQ(size, 4096);
	static const char msg[] = "placed in system memory";
	gem_write(fd, h, 100, msg, sizeof(msg));
	char back[sizeof(msg)];
	ASSERT_OK(gem_pread(fd, h, 100, back, sizeof(back)));
	ASSERT_STREQ(back, msg);
	ASSERT_OK(gem_close(fd, h));

	struct drm_i915_gem_create_ext_memory_regions e2 = regions_ext(smem + 1, 1);
	e.base.next_extension = (uintptr_t)&e2;
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	close(fd);
}

/* GX14: regions the device lacks or keeps private are EINVAL, and so is one named twice. */
TEST(memory_regions_unknown_and_duplicate)
{
	int fd = i915_open();
	struct drm_i915_gem_memory_class_instance r[2] = { { I915_MEMORY_CLASS_SYSTEM, 0 },
							   { I915_MEMORY_CLASS_SYSTEM, 0 } };
	struct drm_i915_gem_create_ext_memory_regions e = regions_ext(r, 2);
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);	/* duplicate */
	e.num_regions = 1;
	r[0] = (struct drm_i915_gem_memory_class_instance){ I915_MEMORY_CLASS_SYSTEM, 1 };
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	r[0] = (struct drm_i915_gem_memory_class_instance){ 2, 0 };	/* stolen system memory: private */
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	r[0] = (struct drm_i915_gem_memory_class_instance){ 0xffff, 0 };
	ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	if (!has_device_memory(fd)) {
		r[0] = (struct drm_i915_gem_memory_class_instance){ I915_MEMORY_CLASS_DEVICE, 0 };
		ASSERT_ERRNO(create_with(fd, 4096, 0, &e), EINVAL);
	}
	close(fd);
}

/* GX15: PROTECTED_CONTENT with flags is EINVAL; without, ENODEV where there is no PXP (every
 * part before gen12, and those without the firmware). */
TEST(protected_content)
{
	int fd = i915_open();
	struct drm_i915_gem_create_ext_protected_content p = {
		.base = { .name = I915_GEM_CREATE_EXT_PROTECTED_CONTENT }, .flags = 1,
	};
	ASSERT_ERRNO(create_with(fd, 4096, 0, &p), EINVAL);
	p.flags = 0;
	int r = create_with(fd, 4096, 0, &p);
	if (r != 0)
		ASSERT_EQ(errno, ENODEV);
	close(fd);
}

/* GX4, GX16: the object is GEM_CREATE's: same caching, mmap offset and execbuffer use; made on
 * a render node (i915_open). */
TEST(same_object_as_gem_create)
{
	int fd = i915_open();
	uint64_t size = 4096;
	uint32_t h = 0;
	ASSERT_OK(create_ext(fd, &size, 0, NULL, &h));
	uint32_t ref = gem_create(fd, 4096);
	struct drm_i915_gem_caching c1 = { .handle = h }, c2 = { .handle = ref };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c1));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c2));
	ASSERT_EQ(c1.caching, c2.caching);
	struct drm_i915_gem_mmap_offset mo = { .handle = h, .flags = I915_MMAP_OFFSET_WB };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo));
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, h, 0, end, sizeof(end));
	struct drm_i915_gem_exec_object2 o = { .handle = h };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_RENDER, 0));
	gem_wait(fd, h);
	ASSERT_OK(gem_close(fd, h));
	ASSERT_OK(gem_close(fd, ref));
	close(fd);
}

TEST_MAIN(T(sizes_as_gem_create), T(flags), T(extension_chain), T(memory_regions_shape),
	  T(memory_regions_unknown_and_duplicate), T(protected_content), T(same_object_as_gem_create))
