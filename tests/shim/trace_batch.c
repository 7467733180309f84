/* SPDX-License-Identifier: MIT */
/*
 * What tests/shim/debug_trace.sh traces: one gen8+ render batch of an MI_NOOP,
 * a 3DSTATE_VF_STATISTICS (one dword, which the engine skips), a PIPE_CONTROL
 * and MI_BATCH_BUFFER_END, submitted and waited for. Not a test by itself:
 * exit 0 when the batch ran, 77 on a device whose encodings differ.
 */
#include "tests/i915/i915_test.h"

int main(void)
{
	int fd = i915_open();
	if (i915_gen(fd) < 8)
		return 77;
	static const uint32_t cmd[] = {
		0,					/* MI_NOOP */
		0x680b0001,				/* 3DSTATE_VF_STATISTICS (gen5+), enable */
		PIPE_CONTROL | 4, 0, 0, 0, 0, 0,	/* PIPE_CONTROL, no post-sync write */
		MI_BATCH_BUFFER_END,
	};
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_RENDER, 0));
	gem_wait(fd, batch);
	close(fd);
	return 0;
}
