/* SPDX-License-Identifier: MIT */
/*
 * The DRM ioctl dispatcher (uapi-conformance §1, D1-D9): type byte, table
 * bounds and holes, short and long argument structs, IN/OUT bits, and
 * EFAULT on copy-in (before permissions) and copy-out (after side effects).
 * Kernel-agnostic: runs on vgem and i915; driver-table rows pick their
 * numbers by driver name.
 */
#include "config.h"

#include <sys/mman.h>

#include "tests/ioctl/ioctl_util.h"

/* D1: an ioctl whose type byte is not 'd' is ENOTTY (TCGETS from isatty). */
TEST(non_drm_type_is_enotty)
{
	int fd = open_primary();
	char buf[64];
	ASSERT_ERRNO(ioctl(fd, 0x5401 /* TCGETS */, buf), ENOTTY);
	ASSERT_ERRNO(ioctl(fd, _IOWR('e', 0x00, struct drm_version), buf), ENOTTY);
	ASSERT(!isatty(fd));
	ASSERT_EQ(errno, ENOTTY);
	int r = open_render();
	ASSERT_ERRNO(ioctl(r, 0x5401, buf), ENOTTY);
}

/* D2: a core number past the core table is EINVAL. */
TEST(core_nr_past_table_is_einval)
{
	int fd = open_primary();
	ASSERT_ERRNO(ioctl(fd, DRM_IO(0xff), 0), EINVAL);
	ASSERT_ERRNO(ioctl(fd, DRM_IOWR(0xfe, struct drm_version), 0), EINVAL);
	int r = open_render();
	ASSERT_ERRNO(ioctl(r, DRM_IO(0xff), 0), EINVAL);
}

/* D3: a driver number (0x40..0x9f) past the driver's table is EINVAL. */
TEST(driver_nr_past_table_is_einval)
{
	int fd = open_primary();
	ASSERT_ERRNO(ioctl(fd, DRM_IO(DRM_COMMAND_END - 1), 0), EINVAL);
	ASSERT_ERRNO(ioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x5e, struct drm_version), 0), EINVAL);
	int r = open_render();
	ASSERT_ERRNO(ioctl(r, DRM_IO(DRM_COMMAND_END - 1), 0), EINVAL);
}

/* D4: a hole inside the driver table is EINVAL (i915 0x10/0x12; vgem index 0). */
TEST(driver_table_hole_is_einval)
{
	int fd = open_primary();
	if (driver_is(fd, "i915")) {
		ASSERT_ERRNO(ioctl(fd, DRM_IO(DRM_COMMAND_BASE + 0x10), 0), EINVAL);
		ASSERT_ERRNO(ioctl(fd, DRM_IO(DRM_COMMAND_BASE + 0x12), 0), EINVAL);
	} else if (driver_is(fd, "vgem")) {
		ASSERT_ERRNO(ioctl(fd, DRM_IO(DRM_COMMAND_BASE + 0x00), 0), EINVAL);
	} else {
		SKIP_MISSING("driver table layout unknown");
	}
}

/* D4: a hole in the core table (0x0e, 0x0f between SET_CLIENT_CAP and SET_UNIQUE) is EINVAL. */
TEST(core_table_hole_is_einval)
{
	int fd = open_primary();
	ASSERT_ERRNO(ioctl(fd, DRM_IO(0x0e), 0), EINVAL);
	ASSERT_ERRNO(ioctl(fd, DRM_IO(0x0f), 0), EINVAL);
}

/* D5: a user struct shorter than the kernel's is accepted; the missing tail reads as zero. */
TEST(short_struct_is_zero_extended)
{
	int fd = open_primary();
	uint32_t h = must_create(fd);
	/* GEM_CLOSE with only the 4-byte handle: pad is zero-filled, the close works. */
	ASSERT_OK(ioctl(fd, _IOC(_IOC_WRITE, DRM_IOCTL_BASE, 0x09, 4), &h));
	ASSERT_ERRNO(gem_close(fd, h), EINVAL);
	/* GEM_CLOSE with no struct at all: handle reads as 0, which is EINVAL (G2). */
	ASSERT_ERRNO(ioctl(fd, _IOC(_IOC_WRITE, DRM_IOCTL_BASE, 0x09, 0), 0), EINVAL);
	/* GET_CAP with only the 8-byte capability: runs (PRIME), value not copied back. */
	uint64_t cap = DRM_CAP_PRIME;
	ASSERT_OK(ioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE, 0x0c, 8), &cap));
	ASSERT_EQ(cap, DRM_CAP_PRIME);
	/* CREATE_DUMB with height/width/bpp only: flags read as 0, the object is made. */
	uint32_t shortdumb[3] = { 64, 64, 32 };
	ASSERT_OK(ioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE, 0xB2, sizeof(shortdumb)),
			shortdumb));
	ASSERT_EQ(shortdumb[0], 64);
	ASSERT_EQ(must_create(fd), 2);	/* handle 1 went to the short-struct object */
	ASSERT_OK(gem_close(fd, 1));
}

/* D6: a longer user struct is accepted; only the user length goes back, extra bytes untouched. */
TEST(long_struct_extra_bytes_untouched)
{
	int fd = open_primary();
	struct { struct drm_get_cap cap; uint64_t extra[2]; } big;
	memset(&big, 0, sizeof(big));
	big.cap.capability = DRM_CAP_PRIME;
	big.cap.value = 0xdead;
	big.extra[0] = 0x1122334455667788ull;
	big.extra[1] = 0x99aabbccddeeff00ull;
	ASSERT_OK(ioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE, 0x0c, sizeof(big)), &big));
	ASSERT_EQ(big.cap.value, DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
	ASSERT_EQ(big.extra[0], 0x1122334455667788ull);
	ASSERT_EQ(big.extra[1], 0x99aabbccddeeff00ull);
}

/* D7: data goes in only if user and table cmd both have IN, out only if both have OUT. */
TEST(in_out_bits_intersect)
{
	int fd = open_primary();
	/* _IOW: the handler runs but the value is not copied back. */
	struct drm_get_cap cap = { .capability = DRM_CAP_PRIME, .value = 0x1234 };
	ASSERT_OK(ioctl(fd, DRM_IOW(0x0c, struct drm_get_cap), &cap));
	ASSERT_EQ(cap.value, 0x1234);
	/* _IOR: nothing copied in, so the capability is 0 (unknown: EINVAL, or EOPNOTSUPP without modeset). */
	memset(&cap, 0, sizeof(cap));
	cap.capability = DRM_CAP_PRIME;
	errno = 0;
	ASSERT_EQ(ioctl(fd, DRM_IOR(0x0c, struct drm_get_cap), &cap), -1);
	ASSERT(errno == EINVAL || errno == EOPNOTSUPP);
	if (driver_is(fd, "i915"))
		ASSERT_EQ(errno, EINVAL);
	/* _IO on GEM_CLOSE: no copy-in, handle 0, EINVAL even with a real handle in memory. */
	uint32_t h = must_create(fd);
	struct drm_gem_close gc = { .handle = h };
	ASSERT_ERRNO(ioctl(fd, DRM_IO(0x09), &gc), EINVAL);
	ASSERT_OK(gem_close(fd, h));
}

/* D8: an unreadable argument is EFAULT, checked before permissions (render node, not render-allowed). */
TEST(efault_before_eacces)
{
	int r = open_render();
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GEM_FLINK, (void *)8), EFAULT);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_SET_CLIENT_CAP, (void *)8), EFAULT);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GET_MAGIC, (void *)8), EFAULT);
	struct drm_gem_flink f = { .handle = 1 };
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GEM_FLINK, &f), EACCES);
	int fd = open_primary();
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_GEM_CLOSE, (void *)8), EFAULT);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_VERSION, (void *)8), EFAULT);
}

/* D9: copy-out failure after a successful handler is EFAULT, and the side effect stays. */
TEST(efault_on_copy_out_keeps_side_effects)
{
	int fd = open_primary();
	long pg = sysconf(_SC_PAGESIZE);
	struct drm_mode_create_dumb *c = mmap(NULL, pg, PROT_READ | PROT_WRITE,
					      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(c != MAP_FAILED);
	memset(c, 0, sizeof(*c));
	c->width = 64;
	c->height = 64;
	c->bpp = 32;
	ASSERT_OK(mprotect(c, pg, PROT_READ));
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, c), EFAULT);
	ASSERT_EQ(c->handle, 0);
	/* The object was created as handle 1: the next one is 2, and 1 can be closed. */
	ASSERT_EQ(must_create(fd), 2);
	ASSERT_OK(gem_close(fd, 1));
	ASSERT_OK(gem_close(fd, 2));
	munmap(c, pg);
}

/* D1-D3 on the render node: VERSION works, bad numbers EINVAL like the primary. */
TEST(render_node_dispatch)
{
	int r = open_render();
	char name[32];
	ASSERT_OK(test_driver_name(r, name, sizeof(name)));
	ASSERT(name[0] != 0);
	ASSERT_ERRNO(ioctl(r, DRM_IO(DRM_COMMAND_BASE + 0x5e), 0), EINVAL);
}

TEST_MAIN(T(non_drm_type_is_enotty), T(core_nr_past_table_is_einval),
	  T(driver_nr_past_table_is_einval), T(driver_table_hole_is_einval),
	  T(core_table_hole_is_einval), T(short_struct_is_zero_extended),
	  T(long_struct_extra_bytes_untouched), T(in_out_bits_intersect),
	  T(efault_before_eacces), T(efault_on_copy_out_keeps_side_effects),
	  T(render_node_dispatch))
