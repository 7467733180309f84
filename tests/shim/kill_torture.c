/* SPDX-License-Identifier: MIT */
/*
 * SIGKILL torture: a client can die at any instruction and the device stays
 * whole for everyone else.
 *
 * Each round forks a victim that opens the device and runs three threads of
 * ordinary work (objects, pwrite, blits, names, PRIME, sync objects,
 * contexts, mmaps, userptr, tiling, out-fences, and waits that sleep: GEM_WAIT,
 * DMA_BUF_IOCTL_SYNC, SYNCOBJ_WAIT for a fence nobody submits); the test kills it after 1 to
 * 15 ms (or, one round in four, lets it call exit(0) with its work in
 * flight). The survivor, this process, then does one blit it checks pixel by
 * pixel, one PRIME round trip and one sync object signal and wait, each under
 * a deadline, and runs the invariant checker (`i915-shim --check`) on the
 * instance. The seed is fixed, so a failing round can be replayed.
 *
 * TORTURE_ROUNDS (default 150) and TORTURE_SECONDS (a time bound instead, for
 * the soak target) size the run; TORTURE_SEED picks the seed. Shim only: the
 * checker and the instance are the shim's, the killing is not.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <linux/dma-buf.h>

#include "tests/i915/i915_test.h"

#define DST_PITCH 256	/* 64 pixels of 4 bytes */

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Fills 64x16 pixels of dst with color on the blitter; 0 or -errno. */
static int blit_fill(int fd, uint32_t dst, uint32_t color, uint32_t batch)
{
	const uint32_t cmd[] = {
		XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7),
		0xf0u << INTEL_BR13_ROP_SHIFT | INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | DST_PITCH,
		INTEL_XY(0, 0), INTEL_XY(64, 16),
		0, 0,			/* dst, relocated */
		color,
		MI_BATCH_BUFFER_END,
	};
	if (gem_pwrite(fd, batch, 0, cmd, sizeof(cmd)))
		return -errno;
	struct drm_i915_gem_relocation_entry r = {
		.target_handle = dst, .offset = 16, .presumed_offset = ~0ull,
		.read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER,
	};
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
	};
	return gem_execbuf_ctx(fd, o, 2, I915_EXEC_BLT, 0) ? -errno : 0;
}

/* --- the victim ------------------------------------------------------------- */

struct victim {
	int render, primary;
	unsigned seed;
};

static void one_op(struct victim *v, unsigned *seed)
{
	int fd = v->render;
	uint32_t h = gem_create(fd, 4096u << (rand_r(seed) % 5));
	switch (rand_r(seed) % 10) {
	case 0: {
		char buf[64] = "torture";
		gem_pwrite(fd, h, 0, buf, sizeof(buf));
		break;
	}
	case 1: {
		uint32_t batch = gem_create(fd, 4096);
		struct drm_prime_handle p = { .handle = h, .flags = DRM_CLOEXEC | DRM_RDWR };
		if (blit_fill(fd, h, 0xdeadbeef, batch)) {
		} else if (rand_r(seed) % 2 || ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p)) {
			gem_wait(fd, h);
		} else {
			/* asleep holding the object and its fences (borrowed) */
			struct dma_buf_sync s = { .flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW };
			ioctl(p.fd, DMA_BUF_IOCTL_SYNC, &s);
			close(p.fd);
		}
		gem_close(fd, batch);
		break;
	}
	case 2: {
		uint32_t ph = gem_create(v->primary, 4096);
		struct drm_gem_flink fl = { .handle = ph };
		if (!ioctl(v->primary, DRM_IOCTL_GEM_FLINK, &fl)) {
			struct drm_gem_open op = { .name = fl.name };
			if (!ioctl(v->primary, DRM_IOCTL_GEM_OPEN, &op))
				gem_close(v->primary, op.handle);
		}
		gem_close(v->primary, ph);
		break;
	}
	case 3: {
		struct drm_prime_handle p = { .handle = h, .flags = DRM_CLOEXEC | DRM_RDWR };
		if (!ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p)) {
			struct drm_prime_handle q = { .fd = p.fd };
			ioctl(v->primary, DRM_IOCTL_PRIME_FD_TO_HANDLE, &q);
			close(p.fd);
		}
		break;
	}
	case 4: {
		struct drm_syncobj_create c = { 0 };
		if (!ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c)) {
			struct drm_syncobj_array a = { .handles = (uintptr_t)&c.handle, .count_handles = 1 };
			struct drm_syncobj_wait w = { .handles = (uintptr_t)&c.handle, .count_handles = 1 };
			if (rand_r(seed) % 2) {
				ioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a);
			} else {
				/* asleep for a fence nobody submits: a waiter node on the syncobj */
				struct timespec now;
				clock_gettime(CLOCK_MONOTONIC, &now);
				w.timeout_nsec = now.tv_sec * 1000000000ll + now.tv_nsec + 2000000;
				w.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
			}
			ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
			struct drm_syncobj_destroy d = { .handle = c.handle };
			ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
		}
		break;
	}
	case 5: {
		struct drm_i915_gem_context_create c = { 0 };
		if (!ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &c)) {
			struct drm_i915_gem_context_destroy d = { .ctx_id = c.ctx_id };
			ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d);
		}
		break;
	}
	case 6: {
		struct drm_i915_gem_mmap_offset m = { .handle = h, .flags = I915_MMAP_OFFSET_WB };
		if (!ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m)) {
			uint32_t *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)m.offset);
			if (p != MAP_FAILED) {
				p[0] = 1;
				munmap(p, 4096);
			}
		}
		break;
	}
	case 7: {
		void *mem = NULL;
		if (!posix_memalign(&mem, 4096, 16384)) {
			struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 16384 };
			if (!ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u))
				gem_close(fd, u.handle);
			free(mem);
		}
		break;
	}
	case 8: {
		struct drm_i915_gem_set_tiling t = { .handle = h, .tiling_mode = I915_TILING_X, .stride = 512 };
		ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t);
		break;
	}
	default: {
		/* Work left in flight, with an out-fence, on a buffer nobody waits for. */
		uint32_t batch = gem_create(fd, 4096);
		blit_fill(fd, h, 0x01020304, batch);
		gem_close(fd, batch);
		break;
	}
	}
	if (rand_r(seed) % 4)	/* some objects are left for the reaper */
		gem_close(fd, h);
}

static void *victim_thread(void *arg)
{
	struct victim *v = arg;
	unsigned seed = __atomic_add_fetch(&v->seed, 7919, __ATOMIC_RELAXED);
	for (;;)
		one_op(v, &seed);
	return NULL;
}

static void victim_main(unsigned seed, int exit_after_ms, int ready)
{
	static struct victim v;
	v.render = open_render();
	v.primary = open_primary();
	v.seed = seed;
	pthread_t t;
	for (int i = 0; i < 3; i++)
		pthread_create(&t, NULL, victim_thread, &v);
	if (write(ready, "r", 1) != 1)
		_exit(1);
	if (exit_after_ms >= 0) {
		usleep((useconds_t)exit_after_ms * 1000);
		exit(0);	/* a clean exit with the threads anywhere */
	}
	pause();
	_exit(0);
}

/* --- the survivor ------------------------------------------------------------ */

static void survivor_round(int fd, uint32_t color)
{
	alarm(20);	/* a hang is a failure, not a stuck test */
	uint32_t dst = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	ASSERT_EQ(blit_fill(fd, dst, color, batch), 0);
	uint32_t px[1024];
	ASSERT_OK(gem_pread(fd, dst, 0, px, sizeof(px)));
	for (unsigned i = 0; i < 1024; i++)
		if (px[i] != color)
			TEST_FAIL("pixel %u is %#x, not %#x", i, px[i], color);
	gem_close(fd, batch);

	struct drm_prime_handle p = { .handle = dst, .flags = DRM_CLOEXEC };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p));
	struct drm_prime_handle q = { .fd = p.fd };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &q));
	ASSERT_EQ(q.handle, dst);
	close(p.fd);
	gem_close(fd, dst);

	struct drm_syncobj_create c = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c));
	struct drm_syncobj_array a = { .handles = (uintptr_t)&c.handle, .count_handles = 1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a));
	struct drm_syncobj_wait w = { .handles = (uintptr_t)&c.handle, .count_handles = 1,
				      .timeout_nsec = INT64_MAX };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w));
	struct drm_syncobj_destroy d = { .handle = c.handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d));
	alarm(0);
}

/*
 * `i915-shim --check --settle MS` on this instance: 0 consistent, 1 not (its findings
 * printed as diagnostics), -1 no checker. The summary line goes to summary.
 */
static int run_checker(unsigned settle_ms, char *summary, size_t len)
{
	const char *top = getenv("top_builddir");
	if (!top)
		return -1;
	char cmd[4096], line[4096];
	snprintf(cmd, sizeof(cmd), "%s/shim/i915-shim --check --settle %u 2>&1", top, settle_ms);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	char findings[8192] = "";
	size_t used = 0;
	summary[0] = '\0';
	while (fgets(line, sizeof(line), p)) {
		if (strstr(line, "check: summary"))
			snprintf(summary, len, "%s", line);
		else if (used < sizeof(findings))
			used += (size_t)snprintf(findings + used, sizeof(findings) - used, "# %s", line);
	}
	int status = pclose(p);
	int rc = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
	if (rc == 1)
		printf("%s", findings);
	return rc == 0 ? 0 : rc == 1 ? 1 : -1;
}

/* One key of a checker summary line, or -1. */
static long long summary_value(const char *summary, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof(pat), " %s=", key);
	const char *at = strstr(summary, pat);
	return at ? atoll(at + strlen(pat)) : -1;
}

TEST(survivors_carry_on)
{
	REQUIRE_SHIM("the invariant checker and the killing of processes inside the emulation");
	int fd = i915_open_gen8();
	const char *s = getenv("TORTURE_SEED");
	unsigned seed = s ? (unsigned)strtoul(s, NULL, 0) : 20261124u;
	const char *r = getenv("TORTURE_ROUNDS"), *secs = getenv("TORTURE_SECONDS");
	long rounds = r ? atol(r) : 150;
	uint64_t until = secs ? now_ms() + (uint64_t)atol(secs) * 1000 : 0;
	bool checker = true;
	long done = 0, exits = 0, checks = 0;
	for (long round = 0; until ? now_ms() < until : round < rounds; round++) {
		unsigned rs = seed + (unsigned)round * 2654435761u;
		int delay = 1 + (int)(rand_r(&rs) % 15);
		bool clean_exit = rand_r(&rs) % 4 == 0;
		int ready[2];
		ASSERT_OK(pipe(ready));
		pid_t pid = fork();
		ASSERT(pid >= 0);
		if (pid == 0)
			victim_main(rs, clean_exit ? delay : -1, ready[1]);
		close(ready[1]);
		char byte;
		if (read(ready[0], &byte, 1) != 1) {	/* it should be at work by now */
			int st;
			waitpid(pid, &st, 0);
			TEST_FAIL("round %ld: the victim died before it started (status %#x)", round, st);
		}
		close(ready[0]);
		if (!clean_exit) {
			usleep((useconds_t)delay * 1000);
			kill(pid, SIGKILL);
		}
		int status;
		ASSERT_EQ(waitpid(pid, &status, 0), pid);
		exits += clean_exit;
		survivor_round(fd, 0xff000000u | rs);
		if (checker) {
			char summary[4096];
			int c = run_checker(1000, summary, sizeof(summary));
			if (c < 0)
				checker = false;
			else if (c > 0)
				TEST_FAIL("round %ld (seed %u): the checker found the state inconsistent", round, seed);
			else
				checks++;
		}
		done++;
	}
	printf("# %ld rounds survived (%ld clean exits), %ld checks passed%s\n", done, exits, checks,
	       checker ? "" : " (no checker)");
	close(fd);
}

/*
 * 300 well-behaved short-lived clients, each leaving objects open and a blit in flight
 * when it exits: once they are gone, the device holds exactly what it held before.
 */
TEST(exited_clients_leave_nothing)
{
	REQUIRE_SHIM("the invariant checker's counts");
	/* What a client leaves behind if anything leaks. The arena's bytes are reported, not
	 * compared: the device's indexes keep the size the busiest moment gave them. */
	static const char *const keys[] = { "clients", "files", "objects", "fences", "syncobjs", "contexts",
					    "vms", "mappings", "dmabufs", "sync_files", "pool_in_use" };
	long long before[ARRAY_SIZE(keys)], after[ARRAY_SIZE(keys)];
	char summary[4096];
	int fd = i915_open_gen8();
	if (run_checker(5000, summary, sizeof(summary)) < 0)
		SKIP("no checker (run under the launcher with top_builddir set)");
	long long arena0 = summary_value(summary, "arena_live") - summary_value(summary, "arena_pool");
	for (size_t k = 0; k < ARRAY_SIZE(keys); k++)
		before[k] = summary_value(summary, keys[k]);
	for (int i = 0; i < 300; i++) {
		pid_t pid = fork();
		ASSERT(pid >= 0);
		if (pid == 0) {
			int cfd = open_render();
			for (int k = 0; k < 20; k++)
				gem_create(cfd, 65536);
			uint32_t dst = gem_create(cfd, 4096), batch = gem_create(cfd, 4096);
			blit_fill(cfd, dst, 0x11223344, batch);
			_exit(0);	/* objects open, the blit maybe still running */
		}
		int status;
		ASSERT_EQ(waitpid(pid, &status, 0), pid);
		ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	bool same = false;
	for (int tries = 0; tries < 50 && !same; tries++) {	/* the device process may still be reaping */
		ASSERT_EQ(run_checker(5000, summary, sizeof(summary)), 0);
		same = true;
		for (size_t k = 0; k < ARRAY_SIZE(keys); k++)
			same &= (after[k] = summary_value(summary, keys[k])) == before[k];
		if (!same)
			usleep(100000);
	}
	for (size_t k = 0; k < ARRAY_SIZE(keys); k++)
		printf("# %s: %lld before, %lld after 300 clients\n", keys[k], before[k], after[k]);
	printf("# arena bytes (without the pool's records): %lld before, %lld after\n", arena0,
	       summary_value(summary, "arena_live") - summary_value(summary, "arena_pool"));
	for (size_t k = 0; k < ARRAY_SIZE(keys); k++)
		ASSERT_EQ(after[k], before[k]);
	close(fd);
}

int main(void)
{
	static const struct test tests[] = { T(survivors_carry_on), T(exited_clients_leave_nothing) };
	if (!getenv("TEST_TIMEOUT"))
		setenv("TEST_TIMEOUT", getenv("TORTURE_SECONDS") ? "100000" : "300", 1);
	return run_tests(tests, ARRAY_SIZE(tests));
}
