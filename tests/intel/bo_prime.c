/* SPDX-License-Identifier: MIT */
/*
 * libdrm_intel PRIME: drm_intel_bo_gem_export_to_prime and
 * drm_intel_bo_gem_create_from_prime (doc/libdrm-intel-behavior.md §5):
 * one bo per object per bufmgr, size from lseek, tiling queried, reuse
 * disabled on both sides, data shared zero-copy, also across processes.
 * Built against ours and Debian's libdrm_intel (intel_test.h).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "tests/intel/intel_test.h"

/* Export then import in the same bufmgr: the same bo, one more reference. */
TEST(self_import_is_same_bo)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "a", 8192, 4096);
	ASSERT(bo);
	ASSERT(drm_intel_bo_is_reusable(bo));
	int d = -1;
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(bo, &d), 0);
	ASSERT(d >= 0);
	ASSERT(fcntl(d, F_GETFD) & FD_CLOEXEC);			/* DRM_CLOEXEC */
	ASSERT_EQ(fcntl(d, F_GETFL) & O_ACCMODE, O_RDWR);	/* DRM_RDWR */
	ASSERT(!drm_intel_bo_is_reusable(bo));			/* exporting disables reuse */
	drm_intel_bo *again = drm_intel_bo_gem_create_from_prime(mgr, d, 8192);
	ASSERT(again == bo);
	drm_intel_bo_unreference(again);
	ASSERT(handle_alive(fd, bo->handle));
	drm_intel_bo_unreference(bo);
	close(d);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

/* Another bufmgr (another fd): a new bo of the right size and tiling, sharing the pages. */
TEST(import_in_other_bufmgr)
{
	int fa, fb;
	drm_intel_bufmgr *ma = open_bufmgr(&fa), *mb = open_bufmgr(&fb);
	uint32_t tiling = I915_TILING_X, swizzle;
	unsigned long pitch = 0;
	drm_intel_bo *a = drm_intel_bo_alloc_tiled(ma, "tiled", 256, 64, 4, &tiling, &pitch, 0);
	ASSERT(a);
	ASSERT_EQ(tiling, I915_TILING_X);
	char buf[4096], out[4096];
	fill_pattern(buf, sizeof(buf), 9);
	ASSERT_EQ(drm_intel_bo_subdata(a, 0, sizeof(buf), buf), 0);
	int d = -1;
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(a, &d), 0);
	drm_intel_bo *b = drm_intel_bo_gem_create_from_prime(mb, d, 1);	/* size: lseek wins */
	ASSERT(b);
	ASSERT_EQ(b->size, a->size);
	ASSERT(!drm_intel_bo_is_reusable(b));
	uint32_t bt = 99;
	ASSERT_EQ(drm_intel_bo_get_tiling(b, &bt, &swizzle), 0);
	ASSERT_EQ(bt, I915_TILING_X);
	ASSERT_EQ(drm_intel_bo_get_subdata(b, 0, sizeof(out), out), 0);
	ASSERT(check_pattern(out, sizeof(out), 9));
	/* twice: the same bo */
	drm_intel_bo *b2 = drm_intel_bo_gem_create_from_prime(mb, d, 1);
	ASSERT(b2 == b);
	drm_intel_bo_unreference(b2);
	/* the exporter may go entirely: the import keeps the object */
	close(d);
	drm_intel_bo_unreference(a);
	drm_intel_bufmgr_destroy(ma);
	close(fa);
	ASSERT_EQ(drm_intel_bo_map(b, 0), 0);
	ASSERT(check_pattern(b->virtual, sizeof(buf), 9));
	drm_intel_bo_unmap(b);
	drm_intel_bo_unreference(b);
	drm_intel_bufmgr_destroy(mb);
	close(fb);
}

/* Bad fds give NULL and change nothing. */
TEST(bad_fd_gives_null)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	ASSERT(drm_intel_bo_gem_create_from_prime(mgr, -1, 4096) == NULL);
	ASSERT(drm_intel_bo_gem_create_from_prime(mgr, fd, 4096) == NULL);	/* not a dma-buf */
	int p[2];
	ASSERT_OK(pipe(p));
	ASSERT(drm_intel_bo_gem_create_from_prime(mgr, p[0], 4096) == NULL);
	close(p[0]);
	close(p[1]);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

/* Export of a userptr bo is refused by the kernel (5.13+): -EINVAL, reuse untouched. */
TEST(userptr_export_fails)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	void *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(mem != MAP_FAILED);
	drm_intel_bo *bo = drm_intel_bo_alloc_userptr(mgr, "u", mem, I915_TILING_NONE, 0, 4096, 0);
	if (!bo)
		skip_unless_userptr_works(fd);
	int d = -1;
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(bo, &d), -EINVAL);
	ASSERT_EQ(d, -1);
	drm_intel_bo_unreference(bo);
	munmap(mem, 4096);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

/* libdrm 2.4.114 keeps the lseek size in an int: a 3 GiB dma-buf got a wrapped size. */
TEST(large_size)
{
	OURS_ONLY("libdrm stores the dma-buf size in an int");
	int fa, fb;
	drm_intel_bufmgr *ma = open_bufmgr(&fa), *mb = open_bufmgr(&fb);
	unsigned long size = 3ul << 30;
	drm_intel_bo *a = drm_intel_bo_alloc(ma, "big", size, 4096);
	if (!a)
		SKIP_MISSING("cannot allocate 3 GiB");
	int d = -1;
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(a, &d), 0);
	drm_intel_bo *b = drm_intel_bo_gem_create_from_prime(mb, d, 4096);
	ASSERT(b);
	ASSERT_EQ(b->size, size);
	drm_intel_bo_unreference(b);
	drm_intel_bo_unreference(a);
	close(d);
	drm_intel_bufmgr_destroy(ma);
	drm_intel_bufmgr_destroy(mb);
	close(fa);
	close(fb);
}

/* NULL arguments: -EINVAL instead of a crash. */
TEST(null_arguments)
{
	OURS_ONLY("libdrm dereferences NULL");
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "a", 4096, 4096);
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(NULL, &fd), -EINVAL);
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(bo, NULL), -EINVAL);
	ASSERT(drm_intel_bo_is_reusable(bo));
	ASSERT(drm_intel_bo_gem_create_from_prime(NULL, 0, 4096) == NULL);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

/* A bo exported in one process is imported, read and written by a bufmgr in another. */
TEST(across_processes)
{
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv));
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		int cfd;
		drm_intel_bufmgr *cm = open_bufmgr(&cfd);
		int d = recv_fd(sv[1]);
		drm_intel_bo *bo = drm_intel_bo_gem_create_from_prime(cm, d, 0);
		ASSERT(bo);
		ASSERT_EQ(bo->size, 16384);
		ASSERT_EQ(drm_intel_bo_map(bo, 1), 0);
		ASSERT(check_pattern(bo->virtual, 16384, 4));
		fill_pattern(bo->virtual, 16384, 5);
		drm_intel_bo_unmap(bo);
		drm_intel_bo_unreference(bo);
		close(d);
		drm_intel_bufmgr_destroy(cm);
		close(cfd);
		_exit(0);
	}
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "shared", 16384, 4096);
	ASSERT(bo);
	ASSERT_EQ(drm_intel_bo_map(bo, 1), 0);
	fill_pattern(bo->virtual, 16384, 4);
	drm_intel_bo_unmap(bo);
	int d = -1;
	ASSERT_EQ(drm_intel_bo_gem_export_to_prime(bo, &d), 0);
	send_fd(sv[0], d);
	close(d);
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(drm_intel_bo_map(bo, 0), 0);
	ASSERT(check_pattern(bo->virtual, 16384, 5));
	drm_intel_bo_unmap(bo);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

TEST_MAIN(T(self_import_is_same_bo), T(import_in_other_bufmgr), T(bad_fd_gives_null),
	  T(userptr_export_fails), T(large_size), T(null_arguments), T(across_processes))
