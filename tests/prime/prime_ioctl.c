/* SPDX-License-Identifier: MIT */
/*
 * PRIME_HANDLE_TO_FD / PRIME_FD_TO_HANDLE and the dma-buf fd, as Linux 6.1
 * answers them on i915 (doc/uapi-conformance.md §9 rows R1-R17, §7 G5;
 * doc/realkernel-drm-core.md). One process; tests/prime/prime_share.c has the
 * multi-process cases. Only open/close/ioctl/mmap/lseek (and fstat/fcntl to
 * look at the fds): the same binary runs on a real i915 device.
 */
#define _GNU_SOURCE
#include <linux/dma-buf.h>

#include "tests/prime/prime_test.h"

/* R1: unknown flags are EINVAL, before the handle is looked at. */
TEST(r1_flags_checked_first)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	int d = -1;
	ASSERT_ERRNO(prime_export(fd, 9999, 0x4, &d), EINVAL);
	ASSERT_ERRNO(prime_export(fd, h, 0x4, &d), EINVAL);
	ASSERT_ERRNO(prime_export(fd, h, O_NONBLOCK, &d), EINVAL);
	ASSERT_ERRNO(prime_export(fd, h, ~0u, &d), EINVAL);
	ASSERT_EQ(d, -1);
	/* state unchanged: the object exports normally afterwards */
	ASSERT_OK(prime_export(fd, h, DRM_CLOEXEC | DRM_RDWR, &d));
	close(d);
	close(fd);
}

/* R2: an unknown handle is ENOENT. */
TEST(r2_bad_handle)
{
	int fd = i915_open();
	int d = -1;
	ASSERT_ERRNO(prime_export(fd, 1, DRM_CLOEXEC, &d), ENOENT);
	ASSERT_ERRNO(prime_export(fd, 0, DRM_CLOEXEC, &d), ENOENT);
	uint32_t h = gem_create(fd, 4096);
	ASSERT_OK(gem_close(fd, h));
	ASSERT_ERRNO(prime_export(fd, h, 0, &d), ENOENT);
	close(fd);
}

/* R3: an fd >= 0, the lowest free one; close-on-exec only with DRM_CLOEXEC. */
TEST(r3_fd_and_cloexec)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	int d1 = -1, d2 = -1;
	int probe = dup(0);
	ASSERT(probe >= 0);
	close(probe);		/* the lowest free fd number */
	ASSERT_OK(prime_export(fd, h, DRM_CLOEXEC, &d1));
	ASSERT_EQ(d1, probe);
	ASSERT(fcntl(d1, F_GETFD) & FD_CLOEXEC);
	ASSERT_OK(prime_export(fd, h, 0, &d2));
	ASSERT(d2 >= 0 && d2 != d1);
	ASSERT(!(fcntl(d2, F_GETFD) & FD_CLOEXEC));
	close(d1);
	close(d2);
	close(fd);
}

/* R4: without DRM_RDWR the dma-buf is read-only: a shared writable mmap is refused. */
TEST(r4_read_only_export)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	bo_fill(fd, h, 8192, 0x1000);
	int d = -1;
	ASSERT_OK(prime_export(fd, h, DRM_CLOEXEC, &d));
	ASSERT_EQ(fcntl(d, F_GETFL) & O_ACCMODE, O_RDONLY);
	errno = 0;
	ASSERT(mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, d, 0) == MAP_FAILED);
	ASSERT_EQ(errno, EACCES);
	void *p = mmap(NULL, 8192, PROT_READ, MAP_SHARED, d, 0);
	ASSERT(p != MAP_FAILED);
	ASSERT(map_check(p, 8192, 0x1000));
	munmap(p, 8192);
	close(d);
	close(fd);
}

/* R5: a second export of one object is the same dma-buf (one inode); another object's is not. */
TEST(r5_one_dmabuf_per_object)
{
	int fd = i915_open();
	uint32_t a = gem_create(fd, 4096), b = gem_create(fd, 4096);
	int a1 = must_export(fd, a), a2 = must_export(fd, a), b1 = must_export(fd, b);
	ASSERT_NE(a1, a2);
	ASSERT_EQ(inode_of(a1), inode_of(a2));
	ASSERT_NE(inode_of(a1), inode_of(b1));
	close(a1);
	close(a2);
	close(b1);
	close(fd);
}

/* R6/R12: an import exported again from the importing file is the same dma-buf. */
TEST(r6_reexport_of_import)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = gem_create(fa, 4096);
	int d = must_export(fa, h);
	uint32_t hb = must_import(fb, d);
	int d2 = must_export(fb, hb);
	ASSERT_EQ(inode_of(d), inode_of(d2));
	ASSERT_EQ(must_import(fa, d2), h);
	close(d);
	close(d2);
	close(fa);
	close(fb);
}

/* R7 (5.13+): a userptr object cannot be exported. */
TEST(r7_userptr_export)
{
	int fd = i915_open();
	void *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(mem != MAP_FAILED);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u) < 0)
		skip_no_userptr(fd, errno);
	int d = -1;
	ASSERT_ERRNO(prime_export(fd, u.handle, DRM_CLOEXEC | DRM_RDWR, &d), EINVAL);
	ASSERT_ERRNO(prime_export(fd, u.handle, 0, &d), EINVAL);
	ASSERT_OK(gem_close(fd, u.handle));
	munmap(mem, 4096);
	close(fd);
}

/* R8: an fd that is not open is EBADF. */
TEST(r8_fd_not_open)
{
	int fd = i915_open();
	uint32_t h = 0;
	int spare = dup(0);
	ASSERT(spare >= 0);
	close(spare);
	ASSERT_ERRNO(prime_import(fd, spare, &h), EBADF);
	ASSERT_ERRNO(prime_import(fd, -1, &h), EBADF);
	ASSERT_ERRNO(prime_import(fd, 100000, &h), EBADF);
	/* a closed dma-buf fd is just as closed */
	int d = must_export(fd, gem_create(fd, 4096));
	close(d);
	ASSERT_ERRNO(prime_import(fd, d, &h), EBADF);
	ASSERT_EQ(h, 0);
	close(fd);
}

/* R9: an fd that is not a dma-buf is EINVAL. */
TEST(r9_not_a_dmabuf)
{
	int fd = i915_open();
	uint32_t h = 0;
	int pipefd[2];
	ASSERT_OK(pipe(pipefd));
	ASSERT_ERRNO(prime_import(fd, fd, &h), EINVAL);
	ASSERT_ERRNO(prime_import(fd, pipefd[0], &h), EINVAL);
	int mf = memfd_create("not-a-dmabuf", MFD_CLOEXEC);
	ASSERT(mf >= 0);
	ASSERT_OK(ftruncate(mf, 4096));
	ASSERT_ERRNO(prime_import(fd, mf, &h), EINVAL);
	ASSERT_EQ(h, 0);
	close(mf);
	close(pipefd[0]);
	close(pipefd[1]);
	close(fd);
}

/* R10: importing one dma-buf twice into one file gives one handle, through any of its fds. */
TEST(r10_reimport_same_handle)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = gem_create(fa, 4096);
	int d1 = must_export(fa, h), d2 = must_export(fa, h);
	uint32_t hb = must_import(fb, d1);
	ASSERT_EQ(must_import(fb, d1), hb);
	ASSERT_EQ(must_import(fb, d2), hb);
	int d3 = dup(d1);
	ASSERT_EQ(must_import(fb, d3), hb);
	close(d1);
	close(d2);
	close(d3);
	close(fa);
	close(fb);
}

/* R11: an export imported back into the exporting file is the original handle. */
TEST(r11_self_import)
{
	int fd = i915_open();
	uint32_t h1 = gem_create(fd, 4096), h2 = gem_create(fd, 4096);
	int d = must_export(fd, h2);
	ASSERT_EQ(must_import(fd, d), h2);
	ASSERT_EQ(must_import(fd, d), h2);
	ASSERT_NE(must_import(fd, d), h1);
	close(d);
	close(fd);
}

/* R12: another file of the device gets a new handle to the same object (no copy). */
TEST(r12_other_file_same_object)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = gem_create(fa, 16384);
	bo_fill(fa, h, 16384, 0xabc000);
	int d = must_export(fa, h);
	uint32_t hb = must_import(fb, d);
	ASSERT(bo_check(fb, hb, 16384, 0xabc000));
	bo_fill(fb, hb, 16384, 0x55000);	/* and back */
	ASSERT(bo_check(fa, h, 16384, 0x55000));
	close(d);
	close(fa);
	close(fb);
}

/*
 * R13 and the prime table: a file that reached the object by GEM_OPEN and
 * exports that handle gets it back on import; a file that has an object only
 * by GEM_OPEN gets a NEW handle for a dma-buf exported elsewhere.
 */
TEST(r13_flink_open_and_import)
{
	int m = open_master();
	int c = open_authenticated(m);
	int c2 = open_authenticated(m);
	uint32_t h = gem_create(m, 4096), name = 0, ho = 0, ho2 = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	ASSERT_OK(gem_open(c, name, &ho, NULL));
	int dc = must_export(c, ho);
	ASSERT_EQ(must_import(c, dc), ho);		/* R13 */

	ASSERT_OK(gem_open(c2, name, &ho2, NULL));
	int dm = must_export(m, h);
	uint32_t hi = must_import(c2, dm);
	ASSERT_NE(hi, ho2);				/* c2 had no entry: a new handle */
	ASSERT_EQ(must_import(c2, dm), hi);
	ASSERT_EQ(inode_of(dm), inode_of(dc));		/* one object, one dma-buf */
	close(dc);
	close(dm);
	close(c);
	close(c2);
	close(m);
}

/* R14: an imported handle outlives the dma-buf fd and the exporter's handle. */
TEST(r14_handle_outlives_fd)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = gem_create(fa, 8192);
	bo_fill(fa, h, 8192, 77);
	int d = must_export(fa, h);
	uint32_t hb = must_import(fb, d);
	close(d);
	ASSERT_OK(gem_close(fa, h));
	close(fa);
	ASSERT(bo_check(fb, hb, 8192, 77));
	close(fb);
}

/* R16: only lseek(0, SEEK_END) (the size) and lseek(0, SEEK_SET) work. */
TEST(r16_lseek)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 3 * 4096);
	int d = must_export(fd, h);
	ASSERT_EQ(lseek(d, 0, SEEK_END), 3 * 4096);
	ASSERT_EQ(lseek(d, 0, SEEK_SET), 0);
	ASSERT_EQ(lseek(d, 0, SEEK_END), 3 * 4096);
	ASSERT_ERRNO(lseek(d, 0, SEEK_CUR), EINVAL);
	ASSERT_ERRNO(lseek(d, 1, SEEK_SET), EINVAL);
	ASSERT_ERRNO(lseek(d, 4096, SEEK_SET), EINVAL);
	ASSERT_ERRNO(lseek(d, -1, SEEK_END), EINVAL);
	ASSERT_ERRNO(lseek(d, 1, SEEK_END), EINVAL);
	ASSERT_ERRNO(lseek(d, 0, SEEK_DATA), EINVAL);
	ASSERT_ERRNO(lseek(d, 0, SEEK_HOLE), EINVAL);
	ASSERT_ERRNO(lseek(d, 0, 42), EINVAL);
	ASSERT_EQ(lseek64(d, 0, SEEK_END), 3 * 4096);
	ASSERT_ERRNO(lseek64(d, 8, SEEK_CUR), EINVAL);
	int d2 = dup(d);	/* a dup is the same file */
	ASSERT_EQ(lseek(d2, 0, SEEK_END), 3 * 4096);
	ASSERT_ERRNO(lseek(d2, 0, SEEK_CUR), EINVAL);
	close(d2);
	close(d);
	close(fd);
}

/* R17: mmap of the dma-buf maps the object's pages; offsets inside it; past it is EINVAL. */
TEST(r17_mmap)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4 * 4096);
	bo_fill(fd, h, 4 * 4096, 900);
	int d = must_export(fd, h);
	uint32_t *p = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, d, 0);
	ASSERT(p != MAP_FAILED);
	ASSERT(map_check(p, 4 * 4096, 900));
	for (unsigned i = 0; i < 4 * 1024; i++)
		p[i] = 0x7000 + i;
	ASSERT(bo_check(fd, h, 4 * 4096, 0x7000));	/* the same pages */

	uint32_t *q = mmap(NULL, 4096, PROT_READ, MAP_SHARED, d, 2 * 4096);
	ASSERT(q != MAP_FAILED);
	ASSERT_EQ(q[0], 0x7000 + 2 * 1024);
	ASSERT_OK(munmap(q, 4096));

	ASSERT(mmap(NULL, 5 * 4096, PROT_READ, MAP_SHARED, d, 0) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, 2 * 4096, PROT_READ, MAP_SHARED, d, 3 * 4096) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, 4096, PROT_READ, MAP_SHARED, d, 4 * 4096) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, 4096, PROT_READ, MAP_SHARED, d, 100) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, 0, PROT_READ, MAP_SHARED, d, 0) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);

	/* the mapping keeps the object: every fd and handle may go */
	close(d);
	ASSERT_OK(gem_close(fd, h));
	close(fd);
	ASSERT_EQ(p[5], 0x7000 + 5);
	p[5] = 1;
	ASSERT_OK(munmap(p, 4 * 4096));
}

/* G5: GEM_CLOSE drops the handle's prime entry; re-import gives a fresh, lowest free handle. */
TEST(g5_close_then_reimport)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = gem_create(fa, 4096);
	bo_fill(fa, h, 4096, 31);
	int d = must_export(fa, h);
	uint32_t h1 = must_import(fb, d);
	ASSERT_EQ(h1, 1);
	uint32_t other = gem_create(fb, 4096);	/* handle 2 */
	ASSERT_EQ(other, 2);
	ASSERT_OK(gem_close(fb, h1));
	uint32_t filler = gem_create(fb, 4096);	/* takes 1 */
	ASSERT_EQ(filler, 1);
	uint32_t h2 = must_import(fb, d);	/* not the stale 1: a new handle, lowest free */
	ASSERT_EQ(h2, 3);
	ASSERT(bo_check(fb, h2, 4096, 31));
	ASSERT_OK(gem_close(fb, filler));
	ASSERT_EQ(must_import(fb, d), h2);	/* the entry is h2's now */

	/* the exporter too: its entry goes with its handle */
	ASSERT_OK(gem_close(fa, h));
	uint32_t ha = must_import(fa, d);
	ASSERT_EQ(ha, 1);
	ASSERT(bo_check(fa, ha, 4096, 31));
	close(d);
	close(fa);
	close(fb);
}

/*
 * The dma-buf lives while the object has handles: an fd exported after the
 * first one was closed is the same dma-buf, and an importer's entry for it
 * still answers.
 */
TEST(dmabuf_lives_with_handles)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = gem_create(fa, 4096);
	int d1 = must_export(fa, h);
	ino_t ino = inode_of(d1);
	uint32_t hb = must_import(fb, d1);
	close(d1);
	int d2 = must_export(fa, h);
	ASSERT_EQ(inode_of(d2), ino);
	ASSERT_EQ(must_import(fb, d2), hb);
	close(d2);
	close(fa);
	close(fb);
}

/* An fd's size and identity: fstat reports a regular size-sized file; import via a dup works. */
TEST(dup_and_fstat)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 65536);
	int d = must_export(fd, h);
	struct stat st;
	ASSERT_OK(fstat(d, &st));
	ASSERT_EQ(st.st_size, 65536);
	int d2 = fcntl(d, F_DUPFD_CLOEXEC, 200);
	ASSERT(d2 >= 200);
	close(d);
	ASSERT_EQ(must_import(fd, d2), h);
	ASSERT_EQ(lseek(d2, 0, SEEK_END), 65536);
	close(d2);
	close(fd);
}

/* DMA_BUF_IOCTL_SYNC: flags validated as dma_buf_ioctl does. */
TEST(dmabuf_sync)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	int d = must_export(fd, h);
	struct dma_buf_sync s;
	s.flags = 0;
	ASSERT_ERRNO(ioctl(d, DMA_BUF_IOCTL_SYNC, &s), EINVAL);
	s.flags = DMA_BUF_SYNC_END;
	ASSERT_ERRNO(ioctl(d, DMA_BUF_IOCTL_SYNC, &s), EINVAL);
	s.flags = DMA_BUF_SYNC_RW | 8;
	ASSERT_ERRNO(ioctl(d, DMA_BUF_IOCTL_SYNC, &s), EINVAL);
	s.flags = 1ull << 40 | DMA_BUF_SYNC_READ;
	ASSERT_ERRNO(ioctl(d, DMA_BUF_IOCTL_SYNC, &s), EINVAL);
	ASSERT_ERRNO(ioctl(d, DMA_BUF_IOCTL_SYNC, (void *)8), EFAULT);
	const uint64_t ok[] = {
		DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ,
		DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE,
		DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW, DMA_BUF_SYNC_END | DMA_BUF_SYNC_RW,
	};
	for (unsigned i = 0; i < ARRAY_SIZE(ok); i++) {
		s.flags = ok[i];
		ASSERT_OK(ioctl(d, DMA_BUF_IOCTL_SYNC, &s));
	}
	/* DRM ioctls on a dma-buf fd are not DRM's */
	struct drm_gem_close c = { .handle = h };
	ASSERT_ERRNO(ioctl(d, DRM_IOCTL_GEM_CLOSE, &c), ENOTTY);
	close(d);
	close(fd);
}

/* Many exports and imports, then everything closed: nothing is left behind to leak. */
TEST(churn)
{
	int fa = i915_open(), fb = i915_open();
	for (unsigned i = 0; i < 200; i++) {
		uint32_t h = gem_create(fa, 4096);
		int d = must_export(fa, h);
		uint32_t hb = must_import(fb, d);
		ASSERT_EQ(hb, 1);		/* the lowest free handle every time */
		ASSERT_EQ(must_import(fb, d), hb);
		close(d);
		ASSERT_OK(gem_close(fb, hb));
		ASSERT_OK(gem_close(fa, h));
	}
	/* a fresh object reads zero: nothing aliases the old ones */
	uint32_t h = gem_create(fa, 4096);
	uint32_t buf[1024];
	ASSERT_OK(gem_pread(fa, h, 0, buf, sizeof(buf)));
	for (unsigned i = 0; i < 1024; i++)
		ASSERT_EQ(buf[i], 0);
	close(fa);
	close(fb);
}

TEST_MAIN(T(r1_flags_checked_first), T(r2_bad_handle), T(r3_fd_and_cloexec), T(r4_read_only_export),
	  T(r5_one_dmabuf_per_object), T(r6_reexport_of_import), T(r7_userptr_export),
	  T(r8_fd_not_open), T(r9_not_a_dmabuf), T(r10_reimport_same_handle), T(r11_self_import),
	  T(r12_other_file_same_object), T(r13_flink_open_and_import), T(r14_handle_outlives_fd),
	  T(r16_lseek), T(r17_mmap), T(g5_close_then_reimport), T(dmabuf_lives_with_handles),
	  T(dup_and_fstat), T(dmabuf_sync), T(churn))
