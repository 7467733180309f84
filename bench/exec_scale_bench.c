/* SPDX-License-Identifier: MIT */
/*
 * bench/exec_scale_bench: what one EXECBUFFER2 costs as its list grows, 1 to
 * 10 000 objects, beside a no-op system call measured in the same run.
 * Two kinds of submission: NO_RELOC | HANDLE_LUT with the offsets the
 * previous call returned (what Mesa's softpin-less drivers send when nothing
 * moved), and with one relocation per object that must be processed (each
 * entry's presumed offset is wrong). Each figure is the median of rounds of
 * back-to-back submissions ended by a wait, with [min..max]. The ratio of
 * 10 000 to 1 000 objects says whether the cost is linear (10x). Raw ioctls,
 * gen8+ encodings; figures only, nothing fails on time.
 */
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
#include "tests/drm_test_util.h"
#include "bench/bench_util.h"

#define ROUNDS 9

static int fd;

struct figure {
	double median, min, max;
};

static struct figure summarise(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return (struct figure){ v[n / 2], v[0], v[n - 1] };
}

/* A no-op system call, in microseconds. */
static double syscall_us(void)
{
	double t0 = now_us();
	for (int i = 0; i < 20000; i++)
		getppid();
	return (now_us() - t0) / 20000;
}

/*
 * n objects and a batch (last). With relocs, the batch holds one MI_STORE_DWORD_IMM per
 * object whose address is a relocation to it. Returns the median cost of one execbuf in us.
 */
static struct figure measure(unsigned n, bool relocs)
{
	struct drm_i915_gem_exec_object2 *o = calloc(n + 1, sizeof(*o));
	struct drm_i915_gem_relocation_entry *r = relocs ? calloc(n, sizeof(*r)) : NULL;
	uint64_t batch_size = ((uint64_t)n * 16 + 8 + 4095) & ~4095ull;
	uint32_t *cmds = calloc(batch_size / 4, 4);
	if (!o || (relocs && !r) || !cmds) {
		perror("calloc");
		exit(1);
	}
	for (unsigned i = 0; i < n; i++) {
		o[i].handle = bench_gem_create(fd, 4096);
		o[i].flags = EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	}
	unsigned dw = 0;
	if (relocs)
		for (unsigned i = 0; i < n; i++) {
			r[i] = (struct drm_i915_gem_relocation_entry){ .target_handle = i, .offset = (dw + 1) * 4,
				.read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER };
			cmds[dw++] = MI_STORE_DATA_IMM_GEN8;
			cmds[dw++] = 0;
			cmds[dw++] = 0;
			cmds[dw++] = i;
		}
	cmds[dw++] = MI_BATCH_BUFFER_END;
	o[n].handle = bench_gem_create(fd, batch_size);
	o[n].flags = EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	struct drm_i915_gem_pwrite pw = { .handle = o[n].handle, .size = batch_size, .data_ptr = (uintptr_t)cmds };
	ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
	if (relocs) {
		o[n].relocation_count = n;
		o[n].relocs_ptr = (uintptr_t)r;
	}
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)o, .buffer_count = n + 1,
					       .flags = I915_EXEC_HANDLE_LUT | (relocs ? 0 : I915_EXEC_NO_RELOC) };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb)) {	/* places everything */
		perror("EXECBUFFER2");
		exit(1);
	}
	bench_gem_wait(fd, o[n].handle);
	unsigned per_round = n >= 10000 ? 4 : n >= 1000 ? 20 : 200;
	double v[ROUNDS];
	for (int k = 0; k < ROUNDS; k++) {
		double t0 = now_us();
		for (unsigned j = 0; j < per_round; j++) {
			for (unsigned i = 0; relocs && i < n; i++)
				r[i].presumed_offset = ~0ull;	/* wrong: every entry is processed */
			if (ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb)) {
				perror("EXECBUFFER2");
				exit(1);
			}
		}
		bench_gem_wait(fd, o[n].handle);
		v[k] = (now_us() - t0) / per_round;
	}
	for (unsigned i = 0; i <= n; i++)
		bench_gem_close(fd, o[i].handle);
	free(cmds);
	free(r);
	free(o);
	return summarise(v, ROUNDS);
}

int main(void)
{
	fd = test_open_primary();
	if (fd < 0) {
		printf("exec_scale_bench: no device\n");
		return 0;
	}
	static const unsigned sizes[] = { 1, 100, 1000, 10000 };
	printf("exec_scale_bench (one execbuf, median of %d rounds [min..max]; anchor: a no-op syscall)\n",
	       ROUNDS);
	for (int relocs = 0; relocs < 2; relocs++) {
		double at[4] = { 0 };
		for (unsigned s = 0; s < 4; s++) {
			double anchor = syscall_us();
			struct figure f = measure(sizes[s], relocs);
			at[s] = f.median;
			printf("  %-9s %5u objects  %9.1f us [%.1f..%.1f]  %.3f us/object  (syscall %.3f us)\n",
			       relocs ? "relocs" : "no_reloc", sizes[s], f.median, f.min, f.max,
			       f.median / sizes[s], anchor);
		}
		printf("  %-9s 10000 / 1000 objects: %.1fx (linear: 10x)\n", relocs ? "relocs" : "no_reloc",
		       at[3] / at[2]);
	}
	close(fd);
	return 0;
}
