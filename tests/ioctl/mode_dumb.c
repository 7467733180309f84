/* SPDX-License-Identifier: MIT */
/*
 * KMS dumb buffers as GBM's software path uses them (uapi-conformance §8a):
 * MODE_CREATE_DUMB, MODE_MAP_DUMB, mmap(2) of the device fd at the offset,
 * MODE_DESTROY_DUMB. Runs on any GEM driver with dumb buffers; the check
 * that i915 hands out its WC mapping type is made on i915 only.
 */
#include "config.h"

#include <i915_drm.h>

#include "tests/ioctl/ioctl_util.h"

static int map_dumb(int fd, uint32_t handle, uint64_t *offset)
{
	struct drm_mode_map_dumb m;
	memset(&m, 0, sizeof(m));
	m.handle = handle;
	int r = ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m);
	if (r == 0)
		*offset = m.offset;
	return r;
}

/* DB1, DB3, DB4, DB7: the offset maps the object; asking again gives the same one; pad is not looked at. */
TEST(map_and_write)
{
	int fd = open_primary();
	uint32_t h = must_create(fd);
	uint64_t off = 0, again = 0;
	ASSERT_OK(map_dumb(fd, h, &off));
	ASSERT(off != 0 && (off & 4095) == 0);
	struct drm_mode_map_dumb m;
	memset(&m, 0, sizeof(m));
	m.handle = h;
	m.pad = 0xdeadbeef;
	m.offset = 12345;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m));
	ASSERT_EQ(m.offset, off);
	ASSERT_OK(map_dumb(fd, h, &again));
	ASSERT_EQ(again, off);

	uint32_t *a = mmap(NULL, 16384, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)off);
	ASSERT(a != MAP_FAILED);
	uint32_t *b = mmap(NULL, 16384, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)off);
	ASSERT(b != MAP_FAILED);
	for (unsigned i = 0; i < 4096; i++)
		a[i] = i * 2654435761u;
	for (unsigned i = 0; i < 4096; i++)
		ASSERT_EQ(b[i], (uint32_t)(i * 2654435761u));	/* one object's pages */
	munmap(a, 16384);
	munmap(b, 16384);
	struct drm_mode_destroy_dumb d = { .handle = h };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d));
	close(fd);
}

/* DB3: an unknown or closed handle. */
TEST(unknown_handle)
{
	int fd = open_primary();
	uint64_t off;
	ASSERT_ERRNO(map_dumb(fd, 0, &off), ENOENT);
	ASSERT_ERRNO(map_dumb(fd, 77, &off), ENOENT);
	uint32_t h = must_create(fd);
	ASSERT_OK(gem_close(fd, h));
	ASSERT_ERRNO(map_dumb(fd, h, &off), ENOENT);
	close(fd);
}

/* DB1 (P22): no DRM_RENDER_ALLOW, so EACCES on a render node, even for a handle it has. */
TEST(render_node_refused)
{
	int r = open_render();
	uint64_t off;
	ASSERT_ERRNO(map_dumb(r, 1, &off), EACCES);
	close(r);
}

/* DB5: i915 (PAT, no local memory) gives the offset of the WC mapping type. */
TEST(i915_wc_type)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_DEVICE("i915's choice of mapping type");
	uint32_t h = must_create(fd);
	uint64_t off = 0;
	ASSERT_OK(map_dumb(fd, h, &off));
	struct drm_i915_gem_mmap_offset mo = { .handle = h, .flags = I915_MMAP_OFFSET_WC };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo));
	ASSERT_EQ(mo.offset, off);
	mo.flags = I915_MMAP_OFFSET_WB;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo));
	ASSERT_NE(mo.offset, off);
	close(fd);
}

TEST_MAIN(T(map_and_write), T(unknown_handle), T(render_node_refused), T(i915_wc_type))
