/* SPDX-License-Identifier: MIT */
/*
 * Blitter core throughput against memcpy/memset at 1920x1080x32bpp:
 * linear->linear copy, X->Y tiled copy, linear->X, solid fill (linear and
 * Y-tiled), and a general ROP. Not a test: prints one line per case.
 * Usage: tests/blt/bench [iterations]
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hw/blt.h"
#include "hwdefs/intel_commands.h"

#define WIDTH 1920
#define HEIGHT 1080
#define PITCH (WIDTH * 4)
#define SIZE ((size_t)PITCH * 1088)	/* whole Y-tile rows */

static uint8_t *bufs[2];
static const uint64_t gpu[2] = { 0x100000000ull, 0x200000000ull };

static int translate(void *ctx, uint64_t a, uint64_t len, bool write, struct shim_gpu_range *out)
{
	(void)ctx, (void)write;
	for (int i = 0; i < 2; i++)
		if (a >= gpu[i] && a + len <= gpu[i] + SIZE) {
			memset(out, 0, sizeof(*out));
			out->host = bufs[i] + (a - gpu[i]);
			out->bytes = SIZE - (a - gpu[i]);
			return 0;
		}
	return -EFAULT;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const struct shim_gpu_vm vm = { NULL, translate };

/* Seconds per execution of a command (best of iters). */
static double run(uint32_t swctrl, const uint32_t *cmd, unsigned n, int iters)
{
	struct shim_blt_state st;
	double best = 1e9;
	for (int i = 0; i < iters; i++) {
		shim_blt_state_init(&st, 9);
		st.bcs_swctrl = swctrl;
		double t = now();
		if (shim_blt_execute(&st, &vm, cmd, n)) {
			fprintf(stderr, "blit failed\n");
			exit(1);
		}
		t = now() - t;
		if (t < best)
			best = t;
	}
	return best;
}

static unsigned copy_cmd(uint32_t *c, bool stiled, bool dtiled, uint8_t rop)
{
	c[0] = XY_SRC_COPY_BLT | INTEL_BLT_WRITE_RGBA | (dtiled ? INTEL_BLT_DST_TILED : 0) |
	       (stiled ? INTEL_BLT_SRC_TILED : 0) | INTEL_LEN(10);
	c[1] = (dtiled ? PITCH / 4 : PITCH) | (uint32_t)rop << INTEL_BR13_ROP_SHIFT |
	       (uint32_t)INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT;
	c[2] = INTEL_XY(0, 0);
	c[3] = INTEL_XY(WIDTH, HEIGHT);
	c[4] = (uint32_t)gpu[1];
	c[5] = (uint32_t)(gpu[1] >> 32);
	c[6] = INTEL_XY(0, 0);
	c[7] = stiled ? PITCH / 4 : PITCH;
	c[8] = (uint32_t)gpu[0];
	c[9] = (uint32_t)(gpu[0] >> 32);
	return 10;
}

static unsigned fill_cmd(uint32_t *c, bool dtiled)
{
	c[0] = XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | (dtiled ? INTEL_BLT_DST_TILED : 0) | INTEL_LEN(7);
	c[1] = (dtiled ? PITCH / 4 : PITCH) | 0xF0u << INTEL_BR13_ROP_SHIFT |
	       (uint32_t)INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT;
	c[2] = INTEL_XY(0, 0);
	c[3] = INTEL_XY(WIDTH, HEIGHT);
	c[4] = (uint32_t)gpu[1];
	c[5] = (uint32_t)(gpu[1] >> 32);
	c[6] = 0x11223344;
	return 7;
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 20;
	size_t bytes = (size_t)PITCH * HEIGHT;
	uint32_t c[16];
	for (int i = 0; i < 2; i++) {
		bufs[i] = aligned_alloc(4096, SIZE);
		memset(bufs[i], 0x5A + i, SIZE);
	}
	double tm = 1e9, ts = 1e9;
	for (int i = 0; i < iters; i++) {
		double t = now();
		memcpy(bufs[1], bufs[0], bytes);
		t = now() - t;
		if (t < tm)
			tm = t;
		t = now();
		memset(bufs[1], i, bytes);
		t = now() - t;
		if (t < ts)
			ts = t;
	}
	printf("# %dx%dx32bpp, %.1f MB, best of %d\n", WIDTH, HEIGHT, bytes / 1e6, iters);
	printf("%-28s %7.2f GB/s\n", "memcpy", bytes / tm / 1e9);
	printf("%-28s %7.2f GB/s\n", "memset", bytes / ts / 1e9);
	struct { const char *name; uint32_t sw; bool st, dt, fill; uint8_t rop; double ref; } cases[] = {
		{ "copy linear->linear", 0, false, false, false, 0xCC, tm },
		{ "copy X->Y", 2, true, true, false, 0xCC, tm },
		{ "copy Y->X", 1, true, true, false, 0xCC, tm },
		{ "copy linear->X", 0, false, true, false, 0xCC, tm },
		{ "copy X->X", 0, true, true, false, 0xCC, tm },
		{ "fill linear", 0, false, false, true, 0xF0, ts },
		{ "fill Y", 2, false, true, true, 0xF0, ts },
		{ "rop 0x66 linear->linear", 0, false, false, false, 0x66, tm },
		{ "rop 0x96 X->Y", 2, true, true, false, 0x96, tm },
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned n = cases[i].fill ? fill_cmd(c, cases[i].dt) : copy_cmd(c, cases[i].st, cases[i].dt, cases[i].rop);
		double t = run(cases[i].sw, c, n, iters);
		printf("%-28s %7.2f GB/s  %.2fx %s\n", cases[i].name, bytes / t / 1e9, cases[i].ref / t,
		       cases[i].fill ? "memset" : "memcpy");
	}
	free(bufs[0]);
	free(bufs[1]);
	return 0;
}
