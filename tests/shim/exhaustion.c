/* SPDX-License-Identifier: MIT */
/*
 * Shim only: running out is an error, never a crash (issue 17, item 5).
 *
 * - The instance on a full tmpfs (64 MiB is Docker's /dev/shm): a PWRITE or
 *   PREAD that needs a page the memory file cannot get fails with ENOMEM, a
 *   batch that writes such a page is a contained GPU fault (the request
 *   fails, its context is blamed), and the process lives on and works again
 *   once there is room. The tmpfs is mounted in a mount namespace of a forked
 *   child (and a user namespace when not root); where that is not allowed the
 *   test skips.
 * - A userptr range unmapped while a batch using it waits: a contained GPU
 *   fault with the faulting address in the error state, not a signal.
 * - Per-file limits (I915_SHIM_FILE_MAX_OBJECTS, I915_SHIM_FILE_MEMORY_LIMIT,
 *   and their defaults): the file that reaches one gets ENOSPC (handles) or
 *   ENOMEM (memory) and another file of the same device still gets what it
 *   asks for.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/i915/i915_test.h"

#define TARGET_ADDR 0x1000000ull	/* where the target object is pinned */
#define BATCH_ADDR 0x100000ull

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;		/* setgroups is not there on old kernels */
	ASSERT_EQ(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

/* In a private mount namespace, a tmpfs of size bytes on dir; skips where not allowed. */
static void mount_small_tmpfs(const char *dir, const char *size)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	if (unshare(geteuid() == 0 ? CLONE_NEWNS : CLONE_NEWUSER | CLONE_NEWNS) < 0)
		exit(77);
	if (geteuid() != 0 || uid != 0) {
		char map[64];
		write_file("/proc/self/setgroups", "deny");
		snprintf(map, sizeof(map), "0 %u 1", (unsigned)uid);
		write_file("/proc/self/uid_map", map);
		snprintf(map, sizeof(map), "0 %u 1", (unsigned)gid);
		write_file("/proc/self/gid_map", map);
	}
	char opts[64];
	snprintf(opts, sizeof(opts), "size=%s,mode=0700", size);
	if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0)
		exit(77);
}

/* Writes a file in dir until the file system is full; returns its path's fd (kept open). */
static int fill(const char *dir)
{
	char path[256], chunk[65536];
	memset(chunk, 0xee, sizeof(chunk));
	snprintf(path, sizeof(path), "%s/filler", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	ASSERT(fd >= 0);
	for (size_t step = sizeof(chunk); step >= 4096; step /= 2)
		while (write(fd, chunk, step) == (ssize_t)step)
			;
	return fd;
}

static uint32_t store_batch(int fd, uint32_t value)
{
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, (uint32_t)TARGET_ADDR + 64, (uint32_t)(TARGET_ADDR >> 32),
			   value, MI_BATCH_BUFFER_END, MI_NOOP };
	return gem_batch(fd, cmd, sizeof(cmd));
}

static uint32_t fill_batch(int fd)
{
	uint32_t cmd[] = {
		XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7),
		0xf0u << INTEL_BR13_ROP_SHIFT | INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 4096,
		INTEL_XY(0, 16), INTEL_XY(1024, 32),		/* rows 16..31: the second 64 KiB */
		(uint32_t)TARGET_ADDR, (uint32_t)(TARGET_ADDR >> 32), 0x5a5a5a5a,
		MI_BATCH_BUFFER_END,
	};
	return gem_batch(fd, cmd, sizeof(cmd));
}

/* Runs batch on ring in a new context with target pinned; returns the context's
 * RESET_STATS batch_active after the request completed (1: it failed as a GPU fault). */
static uint32_t run(int fd, uint32_t batch, uint32_t target, uint64_t ring)
{
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target, .offset = TARGET_ADDR, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE |
								    EXEC_OBJECT_SUPPORTS_48B_ADDRESS },
		{ .handle = batch, .offset = BATCH_ADDR, .flags = EXEC_OBJECT_PINNED },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, ring, ctx));
	gem_wait(fd, batch);
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	return rs.batch_active;
}

/* An execbuf whose relocation writes into obj at offset (obj's pages may not be there). */
static int exec_relocating(int fd, uint32_t obj, uint64_t offset, uint32_t batch)
{
	struct drm_i915_gem_relocation_entry r = { .target_handle = batch, .offset = offset,
						   .presumed_offset = ~0ull, .read_domains = I915_GEM_DOMAIN_RENDER };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = obj, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
		{ .handle = batch },
	};
	return gem_execbuf_ctx(fd, o, 2, I915_EXEC_RENDER, 0);
}

/* SET_DOMAIN(GTT) of an X-tiled object: the shim detiles its pages into the GTT view. */
static int gtt_domain(int fd, uint32_t obj)
{
	struct drm_i915_gem_set_domain d = { .handle = obj, .read_domains = I915_GEM_DOMAIN_GTT,
					     .write_domain = I915_GEM_DOMAIN_GTT };
	return ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &d);
}

static void full_tmpfs_scenario(const char *dir)
{
	mount_small_tmpfs(dir, "8m");
	ASSERT_OK(setenv("I915_SHIM_DIR", dir, 1));
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 1 << 20);
	uint32_t store = store_batch(fd, 0xabc), blit = fill_batch(fd);
	static const uint32_t end_cmd[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t end = gem_batch(fd, end_cmd, sizeof(end_cmd));
	uint32_t tiled = gem_create(fd, 1 << 16);
	struct drm_i915_gem_set_tiling t = { .handle = tiled, .tiling_mode = I915_TILING_X, .stride = 512 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t));
	int filler = fill(dir);

	/* The CPU side: a small copy from the stack, a big one from the heap, a read. */
	char small[32] = "from the stack";
	ASSERT_ERRNO(gem_pwrite(fd, target, 0, small, sizeof(small)), ENOMEM);
	char *big = malloc(1 << 19);
	ASSERT(big);
	memset(big, 1, 1 << 19);
	ASSERT_ERRNO(gem_pwrite(fd, target, 1 << 19, big, 1 << 19), ENOMEM);
	ASSERT_ERRNO(gem_pread(fd, target, 1 << 19, big, 1 << 19), ENOMEM);

	/* Relocations written into such a page, and a GTT view made of such pages. */
	ASSERT_ERRNO(exec_relocating(fd, target, 3 * 4096, end), ENOMEM);
	ASSERT_ERRNO(gtt_domain(fd, tiled), ENOMEM);

	/* The GPU side: an MI store (render) and a blit (blitter) into pages that cannot be had. */
	ASSERT_EQ(run(fd, store, target, I915_EXEC_RENDER), 1);
	ASSERT_EQ(run(fd, blit, target, I915_EXEC_BLT), 1);

	/* Room again: the same calls work. */
	close(filler);
	char path[256];
	snprintf(path, sizeof(path), "%s/filler", dir);
	ASSERT_OK(unlink(path));
	ASSERT_OK(gem_pwrite(fd, target, 0, small, sizeof(small)));
	ASSERT_EQ(run(fd, store, target, I915_EXEC_RENDER), 0);
	ASSERT_EQ(run(fd, blit, target, I915_EXEC_BLT), 0);
	ASSERT_OK(exec_relocating(fd, target, 3 * 4096, end));
	ASSERT_OK(gtt_domain(fd, tiled));
	uint32_t got[2];
	ASSERT_OK(gem_pread(fd, target, 64, got, 4));
	ASSERT_OK(gem_pread(fd, target, 16 * 4096 + 8, got + 1, 4));
	ASSERT_EQ(got[0], 0xabc);
	ASSERT_EQ(got[1], 0x5a5a5a5a);
	ASSERT_OK(gem_pread(fd, target, 0, big, sizeof(small)));
	ASSERT(!memcmp(big, small, sizeof(small)));
	free(big);
	close(fd);
}

/* A private directory under /dev/shm for the tmpfs, removed whatever the scenario does. */
TEST(full_tmpfs_is_enomem_not_sigbus)
{
	REQUIRE_SHIM("I915_SHIM_DIR puts the device's memory on a file system");
	char dir[64];
	snprintf(dir, sizeof(dir), "/dev/shm/i915-shim-full.%d", getpid());
	ASSERT_OK(mkdir(dir, 0700));
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		full_tmpfs_scenario(dir);
		exit(0);
	}
	int status = 0;
	while (waitpid(pid, &status, 0) < 0)
		ASSERT(errno == EINTR);
	rmdir(dir);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
		SKIP("no private mount namespace with a tmpfs here");	/* external: privileges */
	if (WIFSIGNALED(status))
		TEST_FAIL("the process died of signal %d", WTERMSIG(status));
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void clear_error_state(void)
{
	int w = open("/sys/class/drm/card0/error", O_WRONLY | O_TRUNC | O_CLOEXEC);
	ASSERT(w >= 0);
	ASSERT_EQ(write(w, "1", 1), 1);
	close(w);
}

static void expect_error_state(const char *fault)
{
	char text[16384];
	int fd = open("/sys/class/drm/card0/error", O_RDONLY | O_CLOEXEC);
	ASSERT(fd >= 0);
	ssize_t n = read(fd, text, sizeof(text) - 1);
	ASSERT(n > 0);
	text[n] = 0;
	close(fd);
	if (!strstr(text, "\n  FAULT_REG: 0x00000001\n") || !strstr(text, fault))
		TEST_FAIL("the error state does not report %s:\n%s", fault, text);
}

/*
 * A userptr range the program unmaps while a batch that uses it waits its turn: when the
 * batch runs, its MI store or blit meets no memory. That is the batch's GPU page fault,
 * contained (the kernel would have kept the pages pinned; the shim cannot), never a signal.
 */
TEST(userptr_unmapped_under_the_gpu_is_contained)
{
	REQUIRE_SHIM("the engines run in the program's process under the shim");
	int fd = i915_open_gen8();
	clear_error_state();
	for (int blit = 0; blit < 2; blit++) {
		uint32_t ctx = gem_context_create(fd);
		char *user = mmap(NULL, 1 << 17, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT(user != MAP_FAILED);
		uint32_t uptr = gem_userptr_or_skip(fd, user, 1 << 17);
		uint32_t batch = blit ? fill_batch(fd) : store_batch(fd, 0xabc);
		volatile uint32_t *spin;
		gem_spinner(fd, ctx, I915_EXEC_RENDER, &spin);	/* holds the context's next batch */
		struct drm_i915_gem_exec_object2 o[2] = {
			{ .handle = uptr, .offset = TARGET_ADDR, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE },
			{ .handle = batch, .offset = BATCH_ADDR, .flags = EXEC_OBJECT_PINNED },
		};
		ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_RENDER, ctx));
		ASSERT_OK(munmap(user, 1 << 17));
		spin[0] = MI_BATCH_BUFFER_END;
		gem_wait(fd, batch);
		struct drm_i915_reset_stats rs = { .ctx_id = ctx };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
		ASSERT_EQ(rs.batch_active, 1);
		/* Where it faulted (its page): the store's address, or the blit's first row. */
		expect_error_state(blit ? "FAULT_TLB_DATA: 0x00000000 0x00001010" : "FAULT_TLB_DATA: 0x00000000 0x00001000");
		clear_error_state();
	}
	close(fd);
}

/* The file at its handle limit gets ENOSPC; another file, and the same one after a close, do not. */
TEST(per_file_handle_limit)
{
	REQUIRE_SHIM("I915_SHIM_FILE_MAX_OBJECTS is the shim's knob");
	ASSERT_OK(setenv("I915_SHIM_FILE_MAX_OBJECTS", "100", 1));
	int a = i915_open(), b = i915_open();
	uint32_t first = gem_create(a, 4096);
	for (int i = 1; i < 100; i++)
		gem_create(a, 4096);
	struct drm_i915_gem_create c = { .size = 4096 };
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_I915_GEM_CREATE, &c), ENOSPC);
	/* Imports make handles too. */
	struct drm_prime_handle p = { .handle = gem_create(b, 4096), .flags = DRM_CLOEXEC };
	ASSERT_OK(ioctl(b, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p));
	struct drm_prime_handle imp = { .fd = p.fd };
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp), ENOSPC);
	ASSERT_OK(gem_close(a, first));
	ASSERT_OK(ioctl(a, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp));
	close(p.fd);
	close(a);
	close(b);
}

/* With the default limits, a client creating objects until it is refused leaves room for others. */
TEST(greedy_client_leaves_room)
{
	REQUIRE_SHIM("the shim's default per-file limit");
	int greedy = i915_open(), other = i915_open();
	struct drm_i915_gem_create c = { .size = 4096 };
	unsigned made = 0;
	while (ioctl(greedy, DRM_IOCTL_I915_GEM_CREATE, &c) == 0)
		made++;
	ASSERT_EQ(errno, ENOSPC);
	ASSERT_EQ(made, 65536);
	for (int i = 0; i < 1000; i++)
		gem_create(other, 4096);
	close(greedy);
	close(other);
}

/* The pages of a file's objects are charged to it: past its limit, ENOMEM for it alone. */
TEST(per_file_memory_limit)
{
	REQUIRE_SHIM("I915_SHIM_FILE_MEMORY_LIMIT is the shim's knob");
	ASSERT_OK(setenv("I915_SHIM_FILE_MEMORY_LIMIT", "0x200000", 1));	/* 2 MiB */
	int a = i915_open(), b = i915_open();
	uint32_t one = gem_create(a, 1 << 20), two = gem_create(a, 1 << 20), three = gem_create(a, 1 << 20);
	ASSERT_OK(gem_pwrite(a, one, 0, "x", 1));
	ASSERT_OK(gem_pwrite(a, two, 0, "x", 1));
	ASSERT_ERRNO(gem_pwrite(a, three, 0, "x", 1), ENOMEM);
	/* Another file has its own share, even of a's object it imports: pages are the maker's. */
	uint32_t mine = gem_create(b, 1 << 20);
	ASSERT_OK(gem_pwrite(b, mine, 0, "y", 1));
	/* Freeing pages gives the share back. */
	ASSERT_OK(gem_close(a, one));
	ASSERT_OK(gem_pwrite(a, three, 0, "x", 1));
	close(a);
	close(b);
}

TEST_MAIN(T(full_tmpfs_is_enomem_not_sigbus), T(userptr_unmapped_under_the_gpu_is_contained),
	  T(per_file_handle_limit), T(greedy_client_leaves_room),
	  T(per_file_memory_limit))
