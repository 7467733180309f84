/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the i915 ioctl tests: opening the device (skipping where there
 * is no i915), objects, pread/pwrite, execbuf and waits, with nothing but
 * open/ioctl. Each helper that cannot fail in a correct kernel asserts.
 */
#ifndef TESTS_I915_TEST_H
#define TESTS_I915_TEST_H

#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <drm.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"

/* The generation of the device models the shim emulates, from the devid (others: 9). */
static inline int i915_gen(int fd)
{
	int devid = i915_devid(fd);
	switch (devid & 0xff00) {
	case 0x2700: case 0x2900: case 0x2a00: return devid == 0x2772 ? 3 : 4;
	case 0x0100: return devid == 0x0126 ? 6 : 7;
	case 0x0400: return 7;
	case 0x1600: return 8;
	case 0x1900: return 9;
	case 0x8a00: return 11;
	default: return 9;
	}
}

/* A device whose command encodings are gen8's (the batches of these tests use them). */
static inline int i915_open_gen8(void)
{
	int fd = i915_open();
	int family = i915_devid(fd) & 0xff00;
	if (family != 0x1900 && family != 0x1600 && family != 0x8a00)
		SKIP_DEVICE("these batches use gen8+ encodings");
	return fd;
}

/* The value of a GETPARAM the device must answer. */
static inline int gem_getparam(int fd, int param)
{
	int value = 0;
	struct drm_i915_getparam gp = { .param = param, .value = &value };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp));
	return value;
}

/* A userptr object of [ptr, ptr+size); skips where the device has no userptr (U1). */
static inline uint32_t gem_userptr_or_skip(int fd, void *ptr, uint64_t size)
{
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)ptr, .user_size = size };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u))
		skip_no_userptr(fd, errno);
	ASSERT(u.handle != 0);
	return u.handle;
}

static inline uint32_t gem_create(int fd, uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c));
	ASSERT(c.handle != 0);
	return c.handle;
}

static inline int gem_pwrite(int fd, uint32_t h, uint64_t off, const void *p, uint64_t len)
{
	struct drm_i915_gem_pwrite a = { .handle = h, .offset = off, .size = len, .data_ptr = (uintptr_t)p };
	return ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &a);
}

static inline int gem_pread(int fd, uint32_t h, uint64_t off, void *p, uint64_t len)
{
	struct drm_i915_gem_pread a = { .handle = h, .offset = off, .size = len, .data_ptr = (uintptr_t)p };
	return ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &a);
}

static inline void gem_write(int fd, uint32_t h, uint64_t off, const void *p, uint64_t len)
{
	ASSERT_OK(gem_pwrite(fd, h, off, p, len));
}

static inline void gem_wait(int fd, uint32_t h)
{
	struct drm_i915_gem_wait w = { .bo_handle = h, .timeout_ns = -1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w));
}

/* A one-page batch holding commands (gen8 encodings) at offset 0. */
static inline uint32_t gem_batch(int fd, const uint32_t *cmd, size_t bytes)
{
	uint32_t h = gem_create(fd, 4096);
	gem_write(fd, h, 0, cmd, bytes);
	return h;
}

static inline int gem_execbuf_ctx(int fd, struct drm_i915_gem_exec_object2 *objs, uint32_t n,
				  uint64_t flags, uint32_t ctx)
{
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)objs, .buffer_count = n,
					       .flags = flags, .rsvd1 = ctx };
	return ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
}

/*
 * Submits to ring in ctx a batch, placed at GPU address 0x800000, that jumps to itself and
 * keeps its engine busy. With map, *map is a CPU mapping of the batch: writing
 * MI_BATCH_BUFFER_END to (*map)[0] lets it end (except where a command parser runs a copy).
 */
static inline uint32_t gem_spinner(int fd, uint32_t ctx, uint64_t ring, volatile uint32_t **map)
{
	static const uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, spin, sizeof(spin));
	if (map) {
		struct drm_i915_gem_mmap m = { .handle = batch, .size = 4096 };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
		*map = (volatile uint32_t *)(uintptr_t)m.addr_ptr;
	}
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, ring, ctx));
	return batch;
}

/*
 * Opens i915's debugfs file name (relative to the opened directory of the device: dri/0, where
 * Linux puts i915's files, or dri/128); -1 where there is none or it may not be opened
 * (a real kernel wants root).
 */
static inline int i915_debugfs_open(const char *name, int flags)
{
	static const char *const dirs[] = { "/sys/kernel/debug/dri/0", "/sys/kernel/debug/dri/128" };
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		int dir = open(dirs[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dir < 0)
			continue;
		int fd = openat(dir, name, flags | O_CLOEXEC);
		close(dir);
		if (fd >= 0)
			return fd;
	}
	return -1;
}

static inline uint32_t gem_context_create(int fd)
{
	struct drm_i915_gem_context_create_ext c = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	return c.ctx_id;
}

/*
 * i915's per-engine sysfs properties (Linux 5.7+, gt/sysfs_engines.c): the file
 * <card>/engine/<engine>/<prop> of the device behind fd, found as IGT does through
 * /sys/dev/char/<major>:<minor>/device/drm/card*. engine is "rcs0", "bcs0", "vcs0", "vecs0";
 * <prop> is writable (root on a real kernel), .defaults/<prop> holds the boot value.
 * False where the file does not exist.
 */
static inline bool i915_engine_prop_path(int fd, const char *engine, const char *prop, char *out,
					 size_t len)
{
	struct stat st;
	char dir[64];
	bool found = false;
	if (fstat(fd, &st) || !S_ISCHR(st.st_mode))
		return false;
	snprintf(dir, sizeof(dir), "/sys/dev/char/%u:%u/device/drm", major(st.st_rdev), minor(st.st_rdev));
	DIR *d = opendir(dir);
	if (!d)
		return false;
	for (struct dirent *e; !found && (e = readdir(d));)
		if (!strncmp(e->d_name, "card", 4)) {
			snprintf(out, len, "%s/%s/engine/%s/%s", dir, e->d_name, engine, prop);
			found = access(out, F_OK) == 0;
		}
	closedir(d);
	return found;
}

/* The decimal number in a sysfs file; -1 if it cannot be read. */
static inline long long sysfs_read_number(const char *path)
{
	char text[32] = "";
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, text, sizeof(text) - 1);
	close(fd);
	char *end;
	long long v = n > 0 ? strtoll(text, &end, 10) : -1;
	return n > 0 && end != text && (*end == '\n' || !*end) ? v : -1;
}

/* Writes value to a sysfs file as text: 0, or -1 with errno. */
static inline int sysfs_write_number(const char *path, long long value)
{
	char text[32];
	int len = snprintf(text, sizeof(text), "%lld\n", value);
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = write(fd, text, (size_t)len);
	int err = errno;
	close(fd);
	errno = err;
	return n == len ? 0 : -1;
}

/*
 * An engine's heartbeat_interval_ms, changed for one test and put back after. i915 sends a
 * heartbeat down a busy engine every interval; a request that does not let it through (one
 * that cannot be preempted, like the spinners here, which have no arbitration point) is reset
 * within a few intervals. The shim resets a request that has run one full interval.
 */
struct heartbeat {
	char path[PATH_MAX];
	long long saved;		/* -1: nothing to put back */
};

static inline bool heartbeat_set(int fd, const char *engine, long long ms, struct heartbeat *hb)
{
	hb->saved = -1;
	if (!i915_engine_prop_path(fd, engine, "heartbeat_interval_ms", hb->path, sizeof(hb->path)))
		return false;
	long long old = sysfs_read_number(hb->path);
	if (old < 0 || sysfs_write_number(hb->path, ms))
		return false;
	hb->saved = old;
	ASSERT_EQ(sysfs_read_number(hb->path), ms);
	return true;
}

/* For a test that needs hangs detected quickly: skips where the file cannot be written. */
static inline void heartbeat_require(int fd, const char *engine, long long ms, struct heartbeat *hb)
{
	if (!heartbeat_set(fd, engine, ms, hb))
		SKIP_MISSING("no writable engine/%s/heartbeat_interval_ms (root on a real kernel)", engine);
}

/*
 * For a test whose spinners must outlive the default interval's hangcheck: a long interval.
 * Where it cannot be written the test goes on: its spinners end well within i915's default
 * (2.5 s); under the shim the file must be there.
 */
static inline void heartbeat_hold_off(int fd, const char *engine, struct heartbeat *hb)
{
	if (!heartbeat_set(fd, engine, 60000, hb) && shim_present())
		TEST_FAIL("no writable engine/%s/heartbeat_interval_ms under the shim", engine);
}

static inline void heartbeat_restore(struct heartbeat *hb)
{
	if (hb->saved >= 0)
		ASSERT_OK(sysfs_write_number(hb->path, hb->saved));
	hb->saved = -1;
}

#endif
