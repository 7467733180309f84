/* SPDX-License-Identifier: MIT */
/*
 * EXECBUFFER2 rows at the edges (uapi-conformance §27): list sizes, what
 * comes back in the arguments, objects too big for 32-bit addressing, the
 * gen9 blitter's command parser, relocation arrays that fail half-way or
 * sit in read-only memory, and FENCE_OUT without a free descriptor.
 * Kernel-agnostic (gen8+ command encodings) except where a test says
 * "shim only".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>

#include "tests/i915/i915_test.h"

static const uint32_t end_cmds[] = { MI_BATCH_BUFFER_END, MI_NOOP };

/* X2: a list longer than INT_MAX entries is EINVAL before anything is read. */
TEST(buffer_count_limits)
{
	int fd = i915_open();
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = 8 };
	eb.buffer_count = 0x80000000u;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);
	eb.buffer_count = 0xffffffffu;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);
	close(fd);
}

/* X14: the flags come back as they were given. */
TEST(flags_come_back_unchanged)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 o = { .handle = gem_batch(fd, end_cmds, sizeof(end_cmds)) };
	uint64_t flags = I915_EXEC_BLT | I915_EXEC_NO_RELOC | I915_EXEC_HANDLE_LUT | I915_EXEC_IS_PINNED;
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1, .flags = flags };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	ASSERT_EQ(eb.flags, flags);
	close(fd);
}

/* X31: NEEDS_GTT means nothing with a full per-context address space. */
TEST(needs_gtt_with_full_ppgtt)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 o = { .handle = gem_batch(fd, end_cmds, sizeof(end_cmds)),
					       .flags = EXEC_OBJECT_NEEDS_GTT };
	ASSERT_ERRNO(gem_execbuf_ctx(fd, &o, 1, 0, 0), EINVAL);
	close(fd);
}

/* X52: a 4 GiB batch cannot fit below 4 GiB - 4 KiB, but fits anywhere in 48 bits. */
TEST(four_gib_batch)
{
	int fd = i915_open_gen8();
	uint32_t big = gem_create(fd, 4ull << 30);
	gem_write(fd, big, 0, end_cmds, sizeof(end_cmds));
	struct drm_i915_gem_exec_object2 o = { .handle = big };
	ASSERT_ERRNO(gem_execbuf_ctx(fd, &o, 1, 0, 0), ENOSPC);
	o.flags = EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, 0, 0));
	ASSERT(o.offset + (4ull << 30) > (4ull << 30) - 4096);
	gem_wait(fd, big);
	close(fd);
}

/* Skylake's blitter parses every batch (the parser is mandatory there); skips elsewhere. */
static void require_blt_parser(int fd)
{
	if ((i915_devid(fd) & 0xff00) != 0x1900 || !gem_getparam(fd, I915_PARAM_HAS_BLT))
		SKIP_DEVICE("the mandatory blitter command parser is Skylake's");
	if (gem_getparam(fd, I915_PARAM_CMD_PARSER_VERSION) == 0)	/* 0: no engine parses */
		SKIP_UNSUPPORTED(false, "no command parser");
}

static int run_blt(int fd, const uint32_t *cmd, size_t bytes, uint32_t batch_len, uint64_t offset)
{
	uint32_t batch = gem_batch(fd, cmd, bytes);
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = offset };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .batch_len = batch_len, .flags = I915_EXEC_BLT };
	int ret = ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
	int err = errno;
	if (!ret)
		gem_wait(fd, batch);
	struct drm_gem_close c = { .handle = batch };
	ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
	errno = err;
	return ret;
}

/* X64, X50: what the gen9 blitter's parser refuses, and how. */
TEST(blitter_parser_refusals)
{
	int fd = i915_open_gen8();
	require_blt_parser(fd);
	const uint64_t at = 0x800000;
	uint32_t lri_bad[] = { MI_LOAD_REGISTER_IMM_N(1), 0x7000, 1, MI_NOOP, MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_ERRNO(run_blt(fd, lri_bad, sizeof(lri_bad), 0, at), EACCES);	/* forbidden register */
	uint32_t lri_ok[] = { MI_LOAD_REGISTER_IMM_N(1), INTEL_BCS_SWCTRL, INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y, 0),
			      MI_NOOP, MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_OK(run_blt(fd, lri_ok, sizeof(lri_ok), 0, at));		/* BCS_SWCTRL is allowed */
	uint32_t three_d[] = { PIPE_CONTROL_GEN8, 0, 0, 0, 0, 0, MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_ERRNO(run_blt(fd, three_d, sizeof(three_d), 0, at), EINVAL);	/* not a blitter command */
	uint32_t overrun[] = { MI_NOOP, MI_NOOP, XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7), 0, 0, 0, 0, 0, 0,
			       MI_BATCH_BUFFER_END };
	ASSERT_ERRNO(run_blt(fd, overrun, sizeof(overrun), 16, at), EINVAL);	/* runs past batch_len */
	uint32_t no_end[] = { MI_NOOP, MI_NOOP };
	ASSERT_ERRNO(run_blt(fd, no_end, sizeof(no_end), 8, at), EINVAL);	/* X50 */
	uint32_t jump_out[] = { MI_BATCH_BUFFER_START_GEN8, (uint32_t)at + 4096, 0, MI_NOOP,
				MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_ERRNO(run_blt(fd, jump_out, sizeof(jump_out), 0, at), EINVAL);	/* leaves the batch */
	uint32_t jump_ahead[] = { MI_BATCH_BUFFER_START_GEN8, (uint32_t)at + 16, 0, MI_NOOP,
				  MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_ERRNO(run_blt(fd, jump_ahead, sizeof(jump_ahead), 0, at), EINVAL);	/* not yet parsed */
	uint32_t jump_long[] = { MI_BATCH_BUFFER_START_GEN8 + 1, (uint32_t)at, 0, 0, MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_ERRNO(run_blt(fd, jump_long, sizeof(jump_long), 0, at), EINVAL);	/* bad length */
	close(fd);
}

/* A blitter batch that jumps to itself passes the parser; the engine runs the parsed copy,
 * so rewriting the batch does not stop it, and a hang reset (a short heartbeat) does. */
TEST(blitter_runs_the_parsed_copy)
{
	int fd = i915_open_gen8();
	require_blt_parser(fd);
	struct heartbeat hb;
	heartbeat_require(fd, "bcs0", 200, &hb);
	uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, spin, sizeof(spin));
	struct drm_i915_gem_mmap m = { .handle = batch, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_BLT, ctx));
	*(volatile uint32_t *)(uintptr_t)m.addr_ptr = MI_BATCH_BUFFER_END;	/* too late: not what runs */
	gem_wait(fd, batch);
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 1);				/* it was reset as a hang */
	heartbeat_restore(&hb);
	close(fd);
}

/* X69j: an error after some relocations were applied leaves those applied, and the object
 * offsets are not written back. */
TEST(relocation_error_half_way)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096);
	uint32_t cmd[16] = { MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_relocation_entry r[2] = {
		{ .target_handle = target, .offset = 16, .delta = 0x40, .presumed_offset = ~0ull },
		{ .target_handle = 0xdead, .offset = 24, .presumed_offset = ~0ull },
	};
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target, .offset = 0x1234000 },
		{ .handle = batch, .relocation_count = 2, .relocs_ptr = (uintptr_t)r, .offset = 0x5678000 },
	};
	ASSERT_ERRNO(gem_execbuf_ctx(fd, o, 2, 0, 0), ENOENT);
	ASSERT_EQ(o[0].offset, 0x1234000);
	ASSERT_EQ(o[1].offset, 0x5678000);
	uint64_t patched = 0;
	ASSERT_OK(gem_pread(fd, batch, 16, &patched, 8));
	ASSERT(patched != 0);					/* the first one was applied */
	ASSERT_EQ(patched & 0xfff, 0x40);
	close(fd);
}

/* X69k: relocations in read-only memory still apply; only their presumed offsets cannot be
 * updated. */
TEST(read_only_relocations)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096);
	uint32_t cmd[16] = { MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_relocation_entry *r = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
						       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(r != MAP_FAILED);
	r[0] = (struct drm_i915_gem_relocation_entry){ .target_handle = target, .offset = 16,
						       .presumed_offset = ~0ull };
	ASSERT_EQ(mprotect(r, 4096, PROT_READ), 0);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)r },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, 0, 0));
	uint64_t patched = 0;
	ASSERT_OK(gem_pread(fd, batch, 16, &patched, 8));
	ASSERT_EQ(patched, o[0].offset);
	ASSERT_EQ(r[0].presumed_offset, ~0ull);
	munmap(r, 4096);
	close(fd);
}

/* X70e: FENCE_OUT needs a descriptor; without one the execbuf fails with EMFILE. */
TEST(fence_out_without_a_free_fd)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 o = { .handle = gem_batch(fd, end_cmds, sizeof(end_cmds)) };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .flags = I915_EXEC_FENCE_OUT };
	struct rlimit rl;
	ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &rl), 0);
	rl.rlim_cur = 64;
	ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &rl), 0);
	int last = -1;
	for (;;) {
		int d = dup(fd);
		if (d < 0)
			break;
		last = d;
	}
	ASSERT(last >= 0);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EMFILE);
	close(last);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	ASSERT_EQ((int)(eb.rsvd2 >> 32), last);
	close(fd);
}

/* Submits nops to ctx until the ring is full; how many went in. */
static int fill_ring(int fd, uint32_t ctx, uint32_t nop, int expect_errno)
{
	struct drm_i915_gem_exec_object2 o = { .handle = nop };
	for (int n = 0; n < 100000; n++)
		if (gem_execbuf_ctx(fd, &o, 1, 0, ctx)) {
			ASSERT_EQ(errno, expect_errno);
			return n;
		}
	ASSERT(!"the ring never filled");
	return -1;
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* X27: behind a spinning request, a context's ring fills up; then a non-blocking fd gets
 * EWOULDBLOCK, and a blocking one waits until a signal interrupts it (EINTR). */
TEST(full_ring)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);	/* the spinner must outlast the test */
	uint32_t ctx = gem_context_create(fd);
	uint32_t nop = gem_batch(fd, end_cmds, sizeof(end_cmds));
	volatile uint32_t *spin;
	gem_spinner(fd, ctx, 0, &spin);
	ASSERT_EQ(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK), 0);
	int n = fill_ring(fd, ctx, nop, EWOULDBLOCK);
	ASSERT(n > 8);
	ASSERT_EQ(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK), 0);
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	sigemptyset(&sa.sa_mask);
	ASSERT_EQ(sigaction(SIGALRM, &sa, NULL), 0);
	struct itimerval it = { .it_value = { 0, 100000 } };
	ASSERT_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	struct drm_i915_gem_exec_object2 o = { .handle = nop };
	ASSERT_ERRNO(gem_execbuf_ctx(fd, &o, 1, 0, ctx), EINTR);
	spin[0] = MI_BATCH_BUFFER_END;
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, 0, ctx));		/* room again */
	gem_wait(fd, nop);
	heartbeat_restore(&hb);
	close(fd);
}

/* X49: a render batch without MI_BATCH_BUFFER_END is accepted; it runs off its end into a
 * hang, is reset (a short heartbeat), and its context is blamed. */
TEST(render_batch_without_end)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	uint32_t ctx = gem_context_create(fd);
	uint32_t cmd[] = { MI_NOOP, MI_NOOP };
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .batch_len = 8, .rsvd1 = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	gem_wait(fd, batch);
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 1);
	heartbeat_restore(&hb);
	close(fd);
}

/*
 * X73, X74: one command can be the hang. A blitter fill (D = S xor D, so every pixel is read
 * and written) of 32767 rows of 32767 pixels on a pitch-0 surface, each row over the first,
 * moves 8 GiB: about a second of a real blitter's time, and past a 50 ms heartbeat. On
 * i915 it finishes or is reset; under the shim, which emulates it far slower, it must be
 * reset as a hang inside the command, not run for its whole length.
 */
TEST(one_long_blit_is_a_hang)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "bcs0", 50, &hb);
	uint32_t dst = gem_create(fd, 1 << 17);		/* one row of 32767 pixels */
	const uint32_t cmd[] = {
		XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7),
		0x66u << INTEL_BR13_ROP_SHIFT | INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0,
		INTEL_XY(0, 0), INTEL_XY(32767, 32767),
		0x1000000, 0,				/* dst, softpinned */
		0x5a5a5a5a,
		MI_BATCH_BUFFER_END,
	};
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst, .offset = 0x1000000, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE },
		{ .handle = batch, .offset = 0x800000, .flags = EXEC_OBJECT_PINNED },
	};
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_BLT, ctx));
	gem_wait(fd, dst);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	printf("# the blit ended after %ld ms, %s\n", ms, rs.batch_active ? "reset as a hang" : "complete");
	if (shim_present())
		ASSERT_EQ(rs.batch_active, 1);
	ASSERT(ms < 10000);
	heartbeat_restore(&hb);
	close(fd);
}

/*
 * X73 (its converse): a 945G batch of the 3D state Mesa's i915g loads first runs to its end.
 * 3DSTATE_LOAD_STATE_IMMEDIATE_1 keeps its length in bits 3:0 under a register mask in 11:4,
 * and 3DSTATE_PIXEL_SHADER_PROGRAM has a 9-bit length: sized with 3DSTATE's usual 8-bit
 * field, the first swallows what follows, the second stops short, and either runs into a hang.
 */
TEST(legacy_3d_state_runs_to_its_end)
{
	int fd = i915_open();
	if (i915_gen(fd) != 3)
		SKIP_DEVICE("gen3 3D state packets");
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	static uint32_t cmd[1024];
	unsigned n = 0;
	cmd[n++] = 0x7d040000 | 0x78u << 4 | 3;		/* LIS1: S3, S4, S5, S6 */
	cmd[n++] = 0;
	cmd[n++] = 0x00902c40;
	cmd[n++] = 0;
	cmd[n++] = 0x00020000;
	/* A pixel shader program of 301 dwords, none of which is a command (client 1 is none:
	 * the engine hangs on it), so a packet sized wrong lands on one. */
	cmd[n++] = 0x7d050000 | 300;
	for (unsigned i = 0; i < 301; i++)
		cmd[n++] = 0x20000000;
	cmd[n++] = MI_BATCH_BUFFER_END;
	cmd[n++] = 0x20000000;
	uint32_t batch = gem_create(fd, 8192);
	gem_write(fd, batch, 0, cmd, n * 4);
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_RENDER, 0));	/* gen3: no contexts but 0 */
	gem_wait(fd, batch);
	struct drm_i915_reset_stats rs = { .ctx_id = 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 0);
	heartbeat_restore(&hb);
	close(fd);
}

TEST_MAIN(T(buffer_count_limits), T(flags_come_back_unchanged), T(needs_gtt_with_full_ppgtt),
	  T(four_gib_batch), T(blitter_parser_refusals), T(blitter_runs_the_parsed_copy),
	  T(relocation_error_half_way), T(read_only_relocations), T(fence_out_without_a_free_fd),
	  T(full_ring), T(render_batch_without_end), T(one_long_blit_is_a_hang),
	  T(legacy_3d_state_runs_to_its_end))
