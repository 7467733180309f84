/* SPDX-License-Identifier: MIT */
/*
 * Execution costs through libdrm_intel, built against ours and Debian's:
 * relocation-heavy batches (1000 MI_STORE_DWORD_IMMs, each through a
 * relocation, emitted and executed) in relocations per second, and the
 * round trip of a no-op batch (exec + wait). Figures only; nothing fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <i915_drm.h>

#include "tests/drm_test_util.h"
#include "hwdefs/intel_commands.h"
#include "intel_bufmgr.h"

#ifdef DEBIAN_LIBDRM
#define WHO "debian"
#else
#define WHO "ours"
#endif

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
	int fd = test_open_primary();
	if (fd < 0) {
		printf("exec_bench: no device\n");
		return 0;
	}
	drm_intel_bufmgr *mgr = drm_intel_bufmgr_gem_init(fd, 64 * 1024);
	if (!mgr)
		return 1;
	drm_intel_bufmgr_gem_enable_reuse(mgr);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	enum { N = 1000, ROUNDS = 50 };
	uint32_t *cmd = calloc(N * 4 + 2, 4);
	double emit = 0, total = 0;

	for (int r = 0; r < ROUNDS; r++) {
		drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 64 * 1024, 4096);
		double t0 = now();
		for (int i = 0; i < N; i++) {
			uint64_t a = target->offset64 + (uint32_t)(i % 1024) * 4;
			cmd[i * 4] = MI_STORE_DATA_IMM_GEN8;
			cmd[i * 4 + 1] = (uint32_t)a;
			cmd[i * 4 + 2] = (uint32_t)(a >> 32);
			cmd[i * 4 + 3] = (uint32_t)i;
			drm_intel_bo_emit_reloc(batch, (uint32_t)i * 16 + 4, target,
						(uint32_t)(i % 1024) * 4, I915_GEM_DOMAIN_RENDER,
						I915_GEM_DOMAIN_RENDER);
		}
		double t1 = now();
		cmd[N * 4] = MI_BATCH_BUFFER_END;
		drm_intel_bo_subdata(batch, 0, N * 16 + 8, cmd);
		if (drm_intel_bo_exec(batch, N * 16 + 8, NULL, 0, 0))
			printf("exec failed\n");
		drm_intel_bo_wait_rendering(batch);
		double t2 = now();
		emit += t1 - t0;
		total += t2 - t0;
		drm_intel_bo_unreference(batch);
	}
	printf("%-6s 1000-relocation batches: emit %.0f relocs/s, emit+exec+wait %.0f relocs/s "
	       "(%.2f ms per batch)\n", WHO, N * ROUNDS / emit, N * ROUNDS / total,
	       total / ROUNDS * 1e3);

	drm_intel_bo *nop = drm_intel_bo_alloc(mgr, "nop", 4096, 4096);
	uint32_t end[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	drm_intel_bo_subdata(nop, 0, sizeof(end), end);
	int n = 2000;
	double t0 = now();
	for (int i = 0; i < n; i++) {
		drm_intel_bo_exec(nop, 8, NULL, 0, 0);
		drm_intel_bo_wait_rendering(nop);
	}
	double t1 = now();
	printf("%-6s nop batch exec+wait round trip: %.1f us\n", WHO, (t1 - t0) / n * 1e6);
	drm_intel_bo_unreference(nop);
	drm_intel_bo_unreference(target);
	free(cmd);
	drm_intel_bufmgr_destroy(mgr);
	return 0;
}
