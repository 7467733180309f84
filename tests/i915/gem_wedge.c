/* SPDX-License-Identifier: MIT */
/*
 * A wedged GPU (uapi-conformance X24, X79, CT3, TH1), wedged the way IGT's
 * gem_eio does it: resets disabled through the device's i915_params/reset,
 * then a reset requested through debugfs i915_wedged. Work in flight then
 * completes (with an error), new work is EIO, and a reset requested with
 * resets enabled again brings the GPU back. Needs the debugfs files
 * writable (root on a real kernel); only open/write/ioctl.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "tests/i915/i915_test.h"

#define DEBUGFS "/sys/kernel/debug/dri/0/"

static int read_number(const char *path)
{
	char text[32] = "";
	int fd = open(path, O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT(read(fd, text, sizeof(text) - 1) > 0);
	close(fd);
	return atoi(text);
}

static int nop(int fd, uint32_t batch)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	return gem_execbuf_ctx(fd, &o, 1, 0, 0);
}

static void require_controls(void)
{
	require_debugfs_root();
	if (access(DEBUGFS "i915_wedged", W_OK) || access(DEBUGFS "i915_params/reset", W_OK))
		SKIP_MISSING("debugfs i915_wedged and i915_params/reset not writable (root)");
}

/* Wedge, see everything refuse new work, then reset back to health. */
TEST(wedged_gpu_refuses_work_until_reset)
{
	int fd = i915_open_gen8();
	require_controls();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);	/* the wedge, not a hang reset, ends the spinner */
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, end, sizeof(end));
	uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	uint32_t spinner = gem_batch(fd, spin, sizeof(spin));
	struct drm_i915_gem_exec_object2 o = { .handle = spinner, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, 0, 0));

	ASSERT(test_write_text(DEBUGFS "i915_params/reset", "0"));
	ASSERT(test_write_text(DEBUGFS "i915_wedged", "-1"));
	ASSERT(test_write_text(DEBUGFS "i915_params/reset", "1"));
	ASSERT_EQ(read_number(DEBUGFS "i915_wedged"), 1);
	gem_wait(fd, spinner);					/* in flight: completed, with an error */
	ASSERT_ERRNO(nop(fd, batch), EIO);			/* X24, X79 */
	struct drm_i915_gem_context_create_ext c = { 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EIO);	/* CT3 */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL), EIO);	/* TH1 */

	ASSERT(test_write_text(DEBUGFS "i915_wedged", "-1"));	/* resets are enabled: a reset */
	ASSERT_EQ(read_number(DEBUGFS "i915_wedged"), 0);
	ASSERT_OK(nop(fd, batch));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL));
	gem_wait(fd, batch);
	heartbeat_restore(&hb);
	close(fd);
}

/* The same controls written by a shell (open, dup2 onto stdout, close), as scripts do. */
TEST(wedged_from_a_shell)
{
	int fd = i915_open_gen8();
	require_controls();
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, end, sizeof(end));
	int status = system("echo 0 > " DEBUGFS "i915_params/reset && echo -1 > " DEBUGFS "i915_wedged && "
			    "echo 1 > " DEBUGFS "i915_params/reset");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_ERRNO(nop(fd, batch), EIO);
	status = system("echo -1 > " DEBUGFS "i915_wedged");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_OK(nop(fd, batch));
	gem_wait(fd, batch);
	close(fd);
}

TEST_MAIN(T(wedged_gpu_refuses_work_until_reset), T(wedged_from_a_shell))
