/* SPDX-License-Identifier: MIT */
/*
 * bench/gem_bench: what the shim's ioctls cost, with anchors measured in the
 * same run: a no-op system call (getppid), memcpy and memset bandwidth.
 * Raw ioctls only (no libdrm), gen8+ batch encodings. Prints figures; never
 * fails on time. The blit figures are medians of repeated rounds with their
 * [min..max], each round timing its anchor next to the blit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "bench/bench_util.h"

#define BR13_32BPP ((uint32_t)INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT)

#define W 1920
#define H 1080
#define PITCH (W * 4)
#define SURF ((uint64_t)PITCH * H)

static int fd;

static void pwrite_obj(uint32_t h, const void *p, uint64_t len)
{
	struct drm_i915_gem_pwrite a = { .handle = h, .size = len, .data_ptr = (uintptr_t)p };
	ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &a);
}

static int exec(struct drm_i915_gem_exec_object2 *o, uint32_t n, uint64_t flags)
{
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)o, .buffer_count = n,
					       .flags = flags };
	return ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
}

static void tiling(uint32_t h, uint32_t mode, uint32_t stride)
{
	struct drm_i915_gem_set_tiling t = { .handle = h, .tiling_mode = mode, .stride = stride };
	ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t);
}

/* Binds one blit batch at a fixed GPU layout (dst at 16 MiB, src at 32 MiB, batch at 8 MiB) and runs it once. */
static struct drm_i915_gem_exec_object2 blit_objs[3];

static void blit_setup(uint32_t batch, uint32_t dst, uint32_t src, const uint32_t *cmd, unsigned ndw)
{
	pwrite_obj(batch, cmd, ndw * 4);
	struct drm_i915_gem_exec_object2 o[3] = {
		{ .handle = dst, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = 16 << 20 },
		{ .handle = src, .flags = EXEC_OBJECT_PINNED, .offset = 32 << 20 },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 8 << 20 },
	};
	memcpy(blit_objs, o, sizeof(o));
	exec(blit_objs, 3, I915_EXEC_BLT);
	bench_gem_wait(fd, dst);
}

/*
 * Single-shot figures on this shared machine move by half, so each blit
 * figure is the median of REPS rounds, and every round also times its
 * anchor (memset for fills, memcpy for copies) right before the blit, so
 * both see the same load. Each round is ITERS back-to-back executions (or
 * anchor calls) of the 1920x1080x32 surface, queued as a driver queues them
 * and waited for once at the end: the blitter's rate, not a wake-up per
 * blit (which "nop batch exec+wait" and sync_bench measure).
 */
#define REPS 15
#define ITERS 5

static void sort(double *v)
{
	qsort(v, REPS, sizeof(*v), cmp_double);
}

/* A fill is anchored on memset, a copy on memcpy, of the same size. */
static void blit_figure(const char *name, bool fill, char *a, char *b, uint32_t dst)
{
	const char *anchor = fill ? "memset" : "memcpy";
	double blit_mbs[REPS], anchor_mbs[REPS];
	for (int r = 0; r < REPS; r++) {
		double t0 = now_us();
		for (int i = 0; i < ITERS; i++) {
			if (fill)
				memset(b, i + r, SURF);
			else
				memcpy(b, a, SURF);
		}
		anchor_mbs[r] = SURF * ITERS / (now_us() - t0);
		t0 = now_us();
		for (int i = 0; i < ITERS; i++)
			if (exec(blit_objs, 3, I915_EXEC_BLT)) {
				perror(name);
				return;
			}
		bench_gem_wait(fd, dst);
		blit_mbs[r] = SURF * ITERS / (now_us() - t0);
	}
	sort(blit_mbs);
	sort(anchor_mbs);
	printf("%-38s %8.0f MB/s [%.0f..%.0f]  (%.2fx %s: %.0f MB/s [%.0f..%.0f])\n", name, blit_mbs[REPS / 2],
	       blit_mbs[0], blit_mbs[REPS - 1], blit_mbs[REPS / 2] / anchor_mbs[REPS / 2], anchor,
	       anchor_mbs[REPS / 2], anchor_mbs[0], anchor_mbs[REPS - 1]);
}

int main(void)
{
	fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("open");
		return 1;
	}
	int n = 200000;
	double t0 = now_us();
	for (int i = 0; i < n; i++)
		getppid();
	double syscall_us = (now_us() - t0) / n;

	char *a = malloc(SURF), *b = malloc(SURF);
	memset(a, 1, SURF);
	memset(b, 2, SURF);
	t0 = now_us();
	for (int i = 0; i < 20; i++)
		memcpy(b, a, SURF);
	double memcpy_mbs = SURF * 20 / (now_us() - t0);
	t0 = now_us();
	for (int i = 0; i < 20; i++)
		memset(b, i, SURF);
	double memset_mbs = SURF * 20 / (now_us() - t0);

	printf("anchor: no-op syscall (getppid)       %8.3f us\n", syscall_us);
	printf("anchor: memcpy 1920x1080x32           %8.0f MB/s\n", memcpy_mbs);
	printf("anchor: memset 1920x1080x32           %8.0f MB/s\n", memset_mbs);

	t0 = now_us();
	for (int i = 0; i < n; i++)
		bench_gem_close(fd, bench_gem_create(fd, 4096));
	printf("GEM_CREATE+GEM_CLOSE 4 KiB            %8.3f us  (%.2fx a syscall)\n",
	       (now_us() - t0) / n, (now_us() - t0) / n / syscall_us);

	n = 50000;
	t0 = now_us();
	for (int i = 0; i < n; i++) {
		uint32_t h = bench_gem_create(fd, 4096);
		struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_CPU };
		ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd);
		bench_gem_close(fd, h);
	}
	printf("CREATE+SET_DOMAIN(pages)+CLOSE 4 KiB  %8.3f us\n", (now_us() - t0) / n);

	uint32_t nop = bench_gem_create(fd, 4096);
	uint32_t end[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	pwrite_obj(nop, end, sizeof(end));
	struct drm_i915_gem_exec_object2 o = { .handle = nop };
	exec(&o, 1, 0);
	bench_gem_wait(fd, nop);
	n = 20000;
	t0 = now_us();
	for (int i = 0; i < n; i++) {
		exec(&o, 1, 0);
		bench_gem_wait(fd, nop);
	}
	printf("nop batch exec+wait                   %8.3f us\n", (now_us() - t0) / n);

	/* 1000 relocations per exec, each forced to be processed (wrong presumed offset). */
	uint32_t target = bench_gem_create(fd, 4096), rbatch = bench_gem_create(fd, 16384);
	uint32_t *cmds = calloc(4096, 4);
	cmds[0] = MI_BATCH_BUFFER_END;	/* the batch ends at once; the relocated addresses are data after it */
	pwrite_obj(rbatch, cmds, 16384);
	struct drm_i915_gem_relocation_entry *rel = calloc(1000, sizeof(*rel));
	struct drm_i915_gem_exec_object2 ro[2] = { { .handle = target },
						   { .handle = rbatch, .relocation_count = 1000,
						     .relocs_ptr = (uintptr_t)rel } };
	int iters = 200;
	double spent = 0;
	for (int it = 0; it < iters; it++) {
		for (int i = 0; i < 1000; i++)
			rel[i] = (struct drm_i915_gem_relocation_entry){ .target_handle = target,
				.offset = 8 + (uint64_t)i * 8, .delta = (uint32_t)i, .presumed_offset = ~0ull };
		t0 = now_us();
		exec(ro, 2, 0);
		spent += now_us() - t0;
	}
	bench_gem_wait(fd, rbatch);
	printf("relocations processed                 %8.1f M/s\n", 1000.0 * iters / spent);

	/* Room for whole tile rows (32 for Y), as a driver allocates tiled surfaces. */
	uint32_t batch = bench_gem_create(fd, 4096), dst = bench_gem_create(fd, (uint64_t)PITCH * 1088),
		 src = bench_gem_create(fd, (uint64_t)PITCH * 1088);
	pwrite_obj(src, a, SURF);
	uint32_t fill[] = { XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7), BR13_32BPP | (0xf0 << 16) | PITCH,
			    INTEL_XY(0, 0), INTEL_XY(W, H), 16 << 20, 0, 0xff336699, MI_BATCH_BUFFER_END };
	blit_setup(batch, dst, src, fill, 8);
	blit_figure("blit fill 1920x1080x32 linear", true, a, b, dst);
	uint32_t copy[] = { XY_SRC_COPY_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(10), BR13_32BPP | (0xcc << 16) | PITCH,
			    INTEL_XY(0, 0), INTEL_XY(W, H), 16 << 20, 0, INTEL_XY(0, 0), PITCH, 32 << 20, 0,
			    MI_BATCH_BUFFER_END, MI_NOOP };
	blit_setup(batch, dst, src, copy, 12);
	blit_figure("blit copy linear->linear", false, a, b, dst);

	/* X-tiled source to Y-tiled destination: tiled pitches in dwords, BCS_SWCTRL says dst is Y. */
	tiling(src, I915_TILING_X, PITCH);
	tiling(dst, I915_TILING_Y, PITCH);
	uint32_t tcopy[] = { MI_LOAD_REGISTER_IMM_N(1), INTEL_BCS_SWCTRL,	/* dst Y */
			     INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y, INTEL_BCS_SWCTRL_DST_Y),
			     XY_SRC_COPY_BLT | INTEL_BLT_WRITE_RGBA | INTEL_BLT_SRC_TILED | INTEL_BLT_DST_TILED |
			     INTEL_LEN(10),
			     BR13_32BPP | (0xcc << 16) | (PITCH / 4), INTEL_XY(0, 0), INTEL_XY(W, H), 16 << 20, 0,
			     INTEL_XY(0, 0), PITCH / 4, 32 << 20, 0,
			     MI_LOAD_REGISTER_IMM_N(1), INTEL_BCS_SWCTRL,		/* and back to X */
			     INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y, 0),
			     MI_BATCH_BUFFER_END, MI_NOOP };
	blit_setup(batch, dst, src, tcopy, sizeof(tcopy) / 4);
	blit_figure("blit copy X-tiled->Y-tiled", false, a, b, dst);
	free(a);
	free(b);
	free(cmds);
	free(rel);
	close(fd);
	return 0;
}
