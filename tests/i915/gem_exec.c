/* SPDX-License-Identifier: MIT */
/*
 * EXECBUFFER2: validation errno rows (doc/uapi-conformance.md §27), placement
 * and relocations, and what the GPU does with MI commands: results land in
 * memory, objects are busy until their request completes, a runaway batch
 * is reset and its context blamed, a fault is contained. Kernel-agnostic
 * (gen8+ command encodings) except where a test says "shim only".
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <time.h>
#include "tests/i915/i915_test.h"

static uint32_t read_u32(int fd, uint32_t h, uint64_t off)
{
	uint32_t v = 0;
	struct drm_i915_gem_pread a = { .handle = h, .offset = off, .size = 4, .data_ptr = (uintptr_t)&v };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &a));
	return v;
}

static int execbuf(int fd, struct drm_i915_gem_exec_object2 *objs, uint32_t n, uint64_t flags)
{
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)objs, .buffer_count = n,
					       .flags = flags };
	return ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
}

static uint32_t batch_end(int fd)
{
	uint32_t h = gem_create(fd, 4096);
	uint32_t cmd[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, h, 0, cmd, sizeof(cmd));
	return h;
}


/* X1–X8, X13, X19: top-level arguments. */
TEST(bad_arguments)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 obj = { .handle = batch_end(fd) };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&obj, .buffer_count = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X1 */
	eb.buffer_count = 1;
	eb.flags = 1ull << 22;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X3 */
	eb.flags = I915_EXEC_CONSTANTS_ABSOLUTE;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);
	eb.flags = 0;
	eb.num_cliprects = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X4 */
	eb.num_cliprects = 0;
	eb.DR1 = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X6 */
	eb.DR1 = 0;
	eb.DR4 = 0xffffffff;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));				/* X5 */
	eb.DR4 = 0;
	eb.batch_start_offset = 4;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X7 */
	eb.batch_start_offset = 0;
	eb.rsvd1 = 0xdead;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), ENOENT);		/* X13 */
	eb.rsvd1 = 0;
	eb.flags = 5;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X19 */
	eb.flags = I915_EXEC_RENDER | I915_EXEC_BSD_RING1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);		/* X21 */
	eb.flags = 0;
	eb.buffers_ptr = 8;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EFAULT);		/* X8 */
	close(fd);
}

/* X28: an object entry naming an unknown handle is ENOENT. */
TEST(exec_object_unknown_handle_x28)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = 999 }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), ENOENT);
	close(fd);
}

/* X30, X31: an unknown object flag (bit 8), and NEEDS_GTT with full PPGTT, are EINVAL. */
TEST(exec_object_bad_flags_x30_x31)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), other = gem_create(fd, 8192);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = other, .flags = 1ull << 8 }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X30 */
	o[0] = (struct drm_i915_gem_exec_object2){ .handle = other, .flags = EXEC_OBJECT_NEEDS_GTT };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X31 */
	close(fd);
}

/* X32, X35: an alignment that is not a power of two, and a pad_to_size that is not
 * page-aligned, are EINVAL. */
TEST(exec_object_alignment_and_padding_x32_x35)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), other = gem_create(fd, 8192);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = other, .alignment = 3 }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X32 */
	o[0] = (struct drm_i915_gem_exec_object2){ .handle = other, .flags = EXEC_OBJECT_PAD_TO_SIZE,
						   .pad_to_size = 100 };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X35 */
	close(fd);
}

/* X45, X46: a batch entry marked for writing, and a batch_start_offset past the batch, are
 * EINVAL. */
TEST(exec_batch_write_and_start_offset_x45_x46)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), other = gem_create(fd, 8192);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = other },
						  { .handle = batch, .flags = EXEC_OBJECT_WRITE } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X45 */
	o[1].flags = 0;
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)o, .buffer_count = 2,
					       .batch_start_offset = 4096 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EINVAL);	/* X46 */
	close(fd);
}

/* X54, X56: a pinned offset must be page-aligned and canonical, and without the 48-bit flag
 * end below 4 GiB - 4 KiB. */
TEST(exec_pinned_offsets_x54_x56)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), other = gem_create(fd, 8192);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = other, .flags = EXEC_OBJECT_PINNED,
						    .offset = 0x10800 }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X54 */
	o[0].offset = 1ull << 47;				/* not canonical */
	o[0].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X54 */
	o[0] = (struct drm_i915_gem_exec_object2){ .handle = other, .flags = EXEC_OBJECT_PINNED,
						   .offset = (1ull << 32) - 4096 };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);		/* X56: past 4 GiB - 4 KiB */
	close(fd);
}

/* X58: two pinned objects of one execbuf that overlap are ENOSPC. */
TEST(exec_pinned_overlap_x58)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), other = gem_create(fd, 8192);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = other, .flags = EXEC_OBJECT_PINNED, .offset = 0x100000 },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x101000 },
	};
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), ENOSPC);
	close(fd);
}

/* X44, X62, X63, X57: placement; offsets come back; pinned ones stay put. */
TEST(placement_and_softpin)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), a = gem_create(fd, 8192);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = a, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS,
		  .offset = 0x7f0000000000ull & ((1ull << 47) - 1) },
		{ .handle = batch, .offset = 0 },
	};
	uint64_t pinned = o[0].offset;
	ASSERT_OK(execbuf(fd, o, 2, 0));
	ASSERT_EQ(o[0].offset, pinned);
	uint64_t batch_at = o[1].offset;
	ASSERT_OK(execbuf(fd, o, 2, 0));
	ASSERT_EQ(o[1].offset, batch_at);			/* stays where it was */
	/* pinned at 0 is allowed (X57) */
	o[0].offset = 0;
	o[0].flags = EXEC_OBJECT_PINNED;
	o[1].offset = 0x200000;
	ASSERT_OK(execbuf(fd, o, 2, 0));
	ASSERT_EQ(o[0].offset, 0);
	gem_wait(fd, batch);
	close(fd);
}

/* The GPU writes: MI_STORE_DWORD_IMM through a relocation (X69g, X69h). */
TEST(store_dword_with_relocation)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0, 0, 0xc0ffee, MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_relocation_entry r = { .target_handle = target, .delta = 64, .offset = 4,
						   .presumed_offset = ~0ull,
						   .read_domains = I915_GEM_DOMAIN_RENDER,
						   .write_domain = I915_GEM_DOMAIN_RENDER };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
	};
	ASSERT_OK(execbuf(fd, o, 2, 0));
	ASSERT_EQ(r.presumed_offset, o[0].offset);		/* written back */
	gem_wait(fd, target);
	ASSERT_EQ(read_u32(fd, target, 64), 0xc0ffee);
	uint32_t lo = read_u32(fd, batch, 4), hi = read_u32(fd, batch, 8);
	ASSERT_EQ(((uint64_t)hi << 32 | lo), (o[0].offset & ((1ull << 48) - 1)) + 64);
	close(fd);
}

/* X67–X69f: bad relocations. */
TEST(bad_relocations)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096), stranger = gem_create(fd, 4096), batch = batch_end(fd);
	struct drm_i915_gem_relocation_entry r = { .target_handle = stranger, .offset = 16,
						   .presumed_offset = ~0ull };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
	};
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), ENOENT);				/* X67 */
	r.target_handle = 5;
	ASSERT_ERRNO(execbuf(fd, o, 2, I915_EXEC_HANDLE_LUT), ENOENT);		/* X68 */
	r.target_handle = target;
	r.write_domain = I915_GEM_DOMAIN_RENDER | I915_GEM_DOMAIN_SAMPLER;
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);				/* X69a */
	r.write_domain = I915_GEM_DOMAIN_CPU;
	r.read_domains = I915_GEM_DOMAIN_CPU;
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);				/* X69b */
	r.write_domain = r.read_domains = 0;
	r.offset = 4096 - 4;
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);				/* X69e */
	r.offset = 18;
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EINVAL);				/* X69f */
	o[1].relocs_ptr = 8;
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EFAULT);				/* X66 */
	close(fd);
}

/* B2–B5, W3, W6, X39: an object is busy while a request that uses it runs; EXEC_OBJECT_WRITE
 * makes the request its writer. */
TEST(busy_while_spinning)
{
	int fd = i915_open_gen8();
	uint32_t batch = gem_create(fd, 4096), dst = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst, .flags = EXEC_OBJECT_WRITE | EXEC_OBJECT_PINNED, .offset = 0x400000 },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 },
	};
	/* A batch that jumps to itself until the CPU writes MI_BATCH_BUFFER_END over it. */
	uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	struct drm_i915_gem_mmap m = { .handle = batch, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	volatile uint32_t *map = (uint32_t *)(uintptr_t)m.addr_ptr;
	memcpy((void *)map, spin, sizeof(spin));
	ASSERT_OK(execbuf(fd, o, 2, 0));
	struct drm_i915_gem_busy b = { .handle = dst };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT_EQ(b.busy, 0x00010001);					/* render write */
	b.handle = batch;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT_EQ(b.busy, 0x00010000);					/* render read */
	struct drm_i915_gem_wait w = { .bo_handle = dst, .timeout_ns = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w), ETIME);	/* W3 */
	w.timeout_ns = 20 * 1000 * 1000;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w), ETIME);	/* W7 */
	ASSERT_EQ(w.timeout_ns, 0);
	map[0] = MI_BATCH_BUFFER_END;
	w.timeout_ns = 5ll * 1000 * 1000 * 1000;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w));
	ASSERT(w.timeout_ns > 0);					/* W6 */
	b.handle = dst;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT_EQ(b.busy, 0);
	close(fd);
}

/* Requests of one context run in order, and a reader waits for the writer (implicit sync). */
TEST(in_order_and_implicit_sync)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 t = { .handle = target, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE,
					       .offset = 0x100000 };
	for (uint32_t i = 0; i < 50; i++) {
		uint32_t batch = gem_create(fd, 4096);
		uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0x100000, 0, i, MI_BATCH_BUFFER_END, MI_NOOP };
		gem_write(fd, batch, 0, cmd, sizeof(cmd));
		struct drm_i915_gem_exec_object2 o[2] = { t, { .handle = batch } };
		ASSERT_OK(execbuf(fd, o, 2, i % 2 ? I915_EXEC_BLT : I915_EXEC_RENDER));
		struct drm_gem_close c = { .handle = batch };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c));	/* the request keeps it alive */
	}
	ASSERT_EQ(read_u32(fd, target, 0), 49);			/* pread waits for the writer */
	close(fd);
}

/* A store whose destination overlaps its own data (a batch that rewrites itself) writes the
 * data as the command held it; the overwritten next command is the same MI_BATCH_BUFFER_END. */
TEST(store_over_its_own_batch)
{
	int fd = i915_open_gen8();
	const uint64_t at = 0x800000;
	uint32_t cmd[] = { MI_STORE_DATA_IMM | INTEL_SDI_QWORD | INTEL_LEN(5), (uint32_t)at + 16, 0,
			   0x12345678, MI_BATCH_BUFFER_END, MI_BATCH_BUFFER_END };
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = at };
	ASSERT_OK(execbuf(fd, &o, 1, I915_EXEC_RENDER));
	gem_wait(fd, batch);
	ASSERT_EQ(read_u32(fd, batch, 16), 0x12345678);
	ASSERT_EQ(read_u32(fd, batch, 20), MI_BATCH_BUFFER_END);
	close(fd);
}

/* X50: the gen9 blitter's parser rejects a batch without MI_BATCH_BUFFER_END. */
TEST(blitter_parser_wants_an_end)
{
	int fd = i915_open_gen8();
	if (i915_gen(fd) != 9)
		SKIP_DEVICE("the gen9 blitter's rule");
	if (gem_getparam(fd, I915_PARAM_CMD_PARSER_VERSION) == 0)	/* 0: no engine parses */
		SKIP_UNSUPPORTED(false, "no command parser");
	uint32_t batch = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	ASSERT_ERRNO(execbuf(fd, &o, 1, I915_EXEC_BLT), EINVAL);
	close(fd);
}

/* A runaway batch is reset (a short heartbeat); its context is blamed (X73, X74, RS5).
 * An engine reset (gen8+) touches no other context: none counts as a victim (RS6). */
TEST(hang_is_reset)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	uint32_t batch = gem_create(fd, 4096);
	uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0 };
	gem_write(fd, batch, 0, spin, sizeof(spin));
	struct drm_i915_gem_context_create_ext c = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1, .rsvd1 = c.ctx_id };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	gem_wait(fd, batch);						/* W11: 0 after the reset */
	struct drm_i915_reset_stats rs = { .ctx_id = c.ctx_id };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 1);
	ASSERT_EQ(rs.batch_pending, 0);
	rs.ctx_id = 0;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 0);					/* others are innocent */
	ASSERT_EQ(rs.batch_pending, 0);
	heartbeat_restore(&hb);
	close(fd);
}

/* Shim only: a GPU fault writes nothing outside objects; repeated faults ban the context
 * (X76), and a banned context gets EIO (X26). */
TEST(faults_are_contained_and_ban)
{
	REQUIRE_SHIM("GPU page faults are the shim's");
	int fd = i915_open_gen8();
	struct drm_i915_gem_context_create_ext c = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	uint32_t batch = gem_create(fd, 4096);
	/* Store to an address where nothing is bound. */
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0x40000000, 0, 0xbad, MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1, .rsvd1 = c.ctx_id };
	int banned_at = 0;
	for (int i = 1; i <= 5 && !banned_at; i++) {
		if (ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb)) {
			ASSERT_EQ(errno, EIO);
			banned_at = i;
			break;
		}
		gem_wait(fd, batch);
	}
	ASSERT_EQ(banned_at, 4);		/* the third fault within 120 s bans it */
	struct drm_i915_reset_stats rs = { .ctx_id = c.ctx_id };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 3);
	/* Another context carries on. */
	struct drm_i915_gem_exec_object2 ok = { .handle = batch_end(fd) };
	ASSERT_OK(execbuf(fd, &ok, 1, 0));
	close(fd);
}

static void read_error_state(char *buf, size_t len)
{
	int fd = open("/sys/class/drm/card0/error", O_RDONLY);
	ASSERT(fd >= 0);
	ssize_t n = read(fd, buf, len - 1);
	ASSERT(n >= 0);
	buf[n] = 0;
	close(fd);
}

/* ES6, ES5 (shim only): a reset leaves i915's error state in sysfs, kept until a write clears it. */
TEST(error_state_records_faults)
{
	REQUIRE_SHIM("a real kernel needs a real hang");
	char text[16384];
	int fd = i915_open_gen8();
	int w = open("/sys/class/drm/card0/error", O_WRONLY | O_TRUNC);	/* start from a cleared state */
	ASSERT(w >= 0);
	ASSERT_EQ(write(w, "1", 1), 1);
	close(w);
	uint32_t batch = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0x40000000, 0, 0xbad, MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_context_create_ext c = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1, .rsvd1 = c.ctx_id };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	gem_wait(fd, batch);
	read_error_state(text, sizeof(text));
	ASSERT(!strncmp(text, "GPU HANG: ", 10));
	ASSERT(strstr(text, "\nrcs0 command stream:\n"));
	ASSERT(strstr(text, "\n  FAULT_REG: 0x00000001\n"));		/* valid, GFX */
	ASSERT(strstr(text, "\nFAULT_TLB_DATA: 0x00000000 0x00040000\n"));	/* the page of 0x40000000 */
	w = open("/sys/class/drm/card0/error", O_WRONLY | O_TRUNC);	/* clear it */
	ASSERT(w >= 0);
	ASSERT_EQ(write(w, "1", 1), 1);
	close(w);
	read_error_state(text, sizeof(text));
	ASSERT(!strcmp(text, "No error state collected\n"));
	close(fd);
}

/* X9, X10, X11, X12: SECURE is refused on gen9; IS_PINNED, rsvd2 garbage and the high half of rsvd1 are ignored. */
TEST(flags_and_reserved_fields)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 o = { .handle = batch_end(fd) };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .flags = I915_EXEC_SECURE };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), EPERM);
	eb.flags = I915_EXEC_IS_PINNED;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	eb.flags = 0;
	eb.rsvd2 = 0x1234567812345678ull;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	eb.rsvd2 = 0;
	eb.rsvd1 = 0xdead00000000ull;	/* context 0 with garbage above */
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	close(fd);
}

/* X15–X18, X22: the legacy rings of a Skylake GT2 (one VCS: BSD selector bits are ignored). */
TEST(rings)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 o = { .handle = batch_end(fd) };
	static const uint64_t ok[] = { I915_EXEC_DEFAULT, I915_EXEC_RENDER, I915_EXEC_BSD, I915_EXEC_BLT,
				       I915_EXEC_VEBOX, I915_EXEC_BSD | I915_EXEC_BSD_RING1,
				       I915_EXEC_BSD | I915_EXEC_BSD_RING2 };
	for (size_t i = 0; i < ARRAY_SIZE(ok); i++)
		ASSERT_OK(execbuf(fd, &o, 1, ok[i]));
	gem_wait(fd, o.handle);
	close(fd);
}

/* X29, X47, X63: an object twice is accepted; batch_len 0 runs to the object's end; pinned stays. */
TEST(duplicates_and_batch_len)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), target = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 o[3] = { { .handle = target }, { .handle = target },
						  { .handle = batch } };
	ASSERT_OK(execbuf(fd, o, 3, 0));
	ASSERT_EQ(o[0].offset, o[1].offset);
	struct drm_i915_gem_exec_object2 b = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x5000000 };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&b, .buffer_count = 1, .batch_len = 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	ASSERT_EQ(b.offset, 0x5000000);
	gem_wait(fd, batch);
	close(fd);
}

/* X33, X36, X53: alignment is honoured, PAD_TO_SIZE reserves space, unflagged objects stay under 4 GiB. */
TEST(alignment_padding_and_zones)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), a = gem_create(fd, 4096), b = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 o[3] = {
		{ .handle = a, .alignment = 1 << 21, .flags = EXEC_OBJECT_PAD_TO_SIZE, .pad_to_size = 1 << 20 },
		{ .handle = b },
		{ .handle = batch },
	};
	ASSERT_OK(execbuf(fd, o, 3, 0));
	ASSERT_EQ(o[0].offset & ((1 << 21) - 1), 0);
	for (int i = 0; i < 3; i++)
		ASSERT(o[i].offset + 4096 <= (1ull << 32) - 4096);		/* X53 */
	/* b may not sit inside a's padded megabyte */
	ASSERT(o[1].offset >= o[0].offset + (1 << 20) || o[1].offset + 4096 <= o[0].offset);
	gem_wait(fd, batch);
	close(fd);
}

/* X59, X61: a pinned object evicts an idle one from its place; an unpinned entry's offset is a hint. */
TEST(eviction_and_hints)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), a = gem_create(fd, 4096), b = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = a, .offset = 0x600000 }, { .handle = batch } };
	ASSERT_OK(execbuf(fd, o, 2, 0));
	ASSERT_EQ(o[0].offset, 0x600000);					/* X61 */
	gem_wait(fd, batch);
	o[0] = (struct drm_i915_gem_exec_object2){ .handle = b, .flags = EXEC_OBJECT_PINNED, .offset = 0x600000 };
	ASSERT_OK(execbuf(fd, o, 2, 0));					/* X59: a moves out */
	ASSERT_EQ(o[0].offset, 0x600000);
	gem_wait(fd, batch);
	close(fd);
}

/* X65, X69c: with NO_RELOC and nothing moved, relocations are not looked at; a write domain
 * marks the target written. */
TEST(no_reloc_and_write_domain)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0, 0, 7, MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_relocation_entry r = { .target_handle = target, .offset = 4,
						   .presumed_offset = ~0ull,
						   .read_domains = I915_GEM_DOMAIN_RENDER,
						   .write_domain = I915_GEM_DOMAIN_RENDER };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
	};
	ASSERT_OK(execbuf(fd, o, 2, 0));
	gem_wait(fd, batch);
	ASSERT_EQ(read_u32(fd, target, 0), 7);
	/* Nothing moves now, so NO_RELOC skips the (now bogus) list entirely. */
	r.offset = 4093;
	ASSERT_OK(execbuf(fd, o, 2, I915_EXEC_NO_RELOC));
	gem_wait(fd, batch);
	r.offset = 4;
	r.presumed_offset = ~0ull;
	struct drm_i915_gem_busy busy = { .handle = target };
	uint32_t spin = gem_create(fd, 4096);	/* keep the target busy to see the write bit */
	uint32_t loop[] = { MI_BATCH_BUFFER_START_GEN8, 0x900000, 0 };
	gem_write(fd, spin, 0, loop, sizeof(loop));
	struct drm_i915_gem_exec_object2 s[2] = { { .handle = target, .flags = EXEC_OBJECT_WRITE },
						  { .handle = spin, .flags = EXEC_OBJECT_PINNED, .offset = 0x900000 } };
	ASSERT_OK(execbuf(fd, s, 2, 0));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &busy));
	ASSERT_EQ(busy.busy & 0xffff, 1);					/* written by render */
	/* End the spinner through a CPU map: pwrite would wait for it (PR9). */
	struct drm_i915_gem_mmap m = { .handle = spin, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	*(volatile uint32_t *)(uintptr_t)m.addr_ptr = MI_BATCH_BUFFER_END;
	gem_wait(fd, target);
	munmap((void *)(uintptr_t)m.addr_ptr, 4096);
	close(fd);
}

/* X34, X37, X38, X40, X41: flags that are accepted and change nothing visible here. */
TEST(harmless_object_flags)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), a = gem_create(fd, 4096);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = a, .flags = EXEC_OBJECT_NEEDS_FENCE | EXEC_OBJECT_ASYNC | EXEC_OBJECT_CAPTURE,
		  .pad_to_size = 12345, .rsvd2 = 0xdeadbeef },
		{ .handle = batch },
	};
	ASSERT_OK(execbuf(fd, o, 2, 0));
	gem_wait(fd, batch);
	close(fd);
}

/* X44: with BATCH_FIRST the first entry is the batch. */
TEST(batch_first)
{
	int fd = i915_open_gen8();
	uint32_t batch = gem_create(fd, 4096), target = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0x700000, 0, 0x5151, MI_BATCH_BUFFER_END, MI_NOOP };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = batch },
		{ .handle = target, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = 0x700000 },
	};
	ASSERT_OK(execbuf(fd, o, 2, I915_EXEC_BATCH_FIRST));
	ASSERT_EQ(read_u32(fd, target, 0), 0x5151);
	close(fd);
}

/* X43: a purged object cannot be executed (EFAULT). */
TEST(purged_object_efault)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), gone = gem_create(fd, 4096);
	struct drm_i915_gem_madvise m = { .handle = gone, .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &m));
	ASSERT_EQ(m.retained, 0);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = gone }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EFAULT);
	close(fd);
}

/* X42, U20: a userptr object whose memory is gone cannot be executed (EFAULT). */
TEST(userptr_unmapped_efault)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd);
	char *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u));
	munmap(mem, 4096);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = u.handle }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EFAULT);
	close(fd);
}

/* U21: the GPU may write a userptr object that is not READ_ONLY, so i915 pins its pages for
 * writing: memory the process may only read cannot be executed or moved to a domain (EFAULT). */
TEST(writable_userptr_over_read_only_memory)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd);
	char *mem = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(mem != MAP_FAILED);
	uint32_t h = gem_userptr_or_skip(fd, mem, 8192);
	struct drm_i915_gem_exec_object2 o[2] = { { .handle = h, .flags = EXEC_OBJECT_WRITE }, { .handle = batch } };
	ASSERT_ERRNO(execbuf(fd, o, 2, 0), EFAULT);
	o[0].flags = 0;
	ASSERT_ERRNO(execbuf(fd, o, 2, I915_EXEC_BLT), EFAULT);
	struct drm_i915_gem_set_domain sd = { .handle = h, .read_domains = I915_GEM_DOMAIN_CPU };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd), EFAULT);
	ASSERT_EQ(mprotect(mem, 8192, PROT_READ | PROT_WRITE), 0);
	ASSERT_OK(execbuf(fd, o, 2, 0));				/* writable now */
	gem_wait(fd, batch);
	munmap(mem, 8192);
	close(fd);
}

/* U22: a READ_ONLY userptr object is bound read-only: the GPU's writes to it (a blit, a
 * store) are dropped, the memory keeps its contents, and the batch runs on to its end. */
TEST(read_only_userptr_drops_gpu_writes)
{
	int fd = i915_open_gen8();
	uint32_t *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(mem != MAP_FAILED);
	for (unsigned i = 0; i < 1024; i++)
		mem[i] = 0x5a000000 | i;
	ASSERT_EQ(mprotect(mem, 4096, PROT_READ), 0);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096,
					  .flags = I915_USERPTR_READ_ONLY };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u)) {
		int gen = i915_gen(fd);
		SKIP_ON_ERRNO(errno, ENODEV, gen != 8 && gen != 9, "no read-only userptr (U9)");
	}
	const uint64_t ro_at = 0x400000, done_at = 0x500000, batch_at = 0x800000;
	uint32_t done = gem_create(fd, 4096);
	uint32_t cmd[] = {
		XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7),
		INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0u << INTEL_BR13_ROP_SHIFT | 256,
		0, 4u << 16 | 64, (uint32_t)ro_at, 0, 0xffffffff,
		MI_STORE_DATA_IMM_GEN8, (uint32_t)ro_at + 2048, 0, 0xdead,
		MI_STORE_DATA_IMM_GEN8, (uint32_t)done_at, 0, 0x600d,
		MI_BATCH_BUFFER_END, MI_NOOP,
	};
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_exec_object2 o[3] = {
		{ .handle = u.handle, .flags = EXEC_OBJECT_PINNED, .offset = ro_at },
		{ .handle = done, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = done_at },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = batch_at },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 3, I915_EXEC_BLT, ctx));
	gem_wait(fd, batch);
	ASSERT_EQ(read_u32(fd, done, 0), 0x600d);			/* it ran to its end */
	for (unsigned i = 0; i < 1024; i++)
		ASSERT_EQ(mem[i], 0x5a000000 | i);			/* nothing was written */
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 0);					/* and nothing faulted */
	munmap(mem, 4096);
	close(fd);
}

/* A relocation into a READ_ONLY userptr object over memory the process may not write: the
 * call returns and the process lives on. (A kernel writes relocations through its own
 * mapping; the shim cannot, and refuses with EFAULT.) */
TEST(relocation_into_read_only_userptr)
{
	int fd = i915_open_gen8();
	char *mem = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(mem != MAP_FAILED);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096,
					  .flags = I915_USERPTR_READ_ONLY };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u)) {
		int gen = i915_gen(fd);
		SKIP_ON_ERRNO(errno, ENODEV, gen != 8 && gen != 9, "no read-only userptr (U9)");
	}
	uint32_t batch = batch_end(fd);
	struct drm_i915_gem_relocation_entry r = { .target_handle = batch, .offset = 64,
						   .presumed_offset = ~0ull };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = u.handle, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
		{ .handle = batch },
	};
	int ret = execbuf(fd, o, 2, 0), err = errno;
	if (ret) {
		ASSERT_EQ(err, EFAULT);
	} else {
		ASSERT(!shim_present());
		gem_wait(fd, batch);
	}
	munmap(mem, 4096);
	close(fd);
}

/* X48, X55, X60: the relocated batch lands above 256 KiB; a pinned offset must honour the
 * alignment; an object bigger than the range does not fit. */
TEST(bias_alignment_and_size)
{
	int fd = i915_open_gen8();
	uint32_t batch = batch_end(fd), target = gem_create(fd, 4096);
	struct drm_i915_gem_relocation_entry r = { .target_handle = target, .offset = 16,
						   .presumed_offset = ~0ull };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
	};
	ASSERT_OK(execbuf(fd, o, 2, 0));
	ASSERT(o[1].offset >= 256 * 1024);
	gem_wait(fd, batch);
	struct drm_i915_gem_exec_object2 p[2] = {
		{ .handle = target, .flags = EXEC_OBJECT_PINNED, .offset = 0x3000, .alignment = 0x2000 },
		{ .handle = batch_end(fd) },
	};
	ASSERT_ERRNO(execbuf(fd, p, 2, 0), EINVAL);				/* X55 */
	struct drm_i915_gem_create big = { .size = 6ull << 30 };		/* 6 GiB, lazily backed */
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &big));
	struct drm_i915_gem_exec_object2 q[2] = { { .handle = big.handle }, { .handle = batch_end(fd) } };
	ASSERT_ERRNO(execbuf(fd, q, 2, 0), ENOSPC);				/* X60: not under 4 GiB */
	close(fd);
}

/* X69d, X69l: a right presumed offset skips the entry (no checks); later entries win. */
TEST(relocation_skip_and_order)
{
	int fd = i915_open_gen8();
	uint32_t target = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_BATCH_BUFFER_END, MI_NOOP, 0, 0, 0, 0 };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_relocation_entry r[2] = {
		{ .target_handle = target, .offset = 8, .delta = 1, .presumed_offset = ~0ull },
		{ .target_handle = target, .offset = 8, .delta = 2, .presumed_offset = ~0ull },
	};
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target },
		{ .handle = batch, .relocation_count = 2, .relocs_ptr = (uintptr_t)r },
	};
	ASSERT_OK(execbuf(fd, o, 2, 0));
	gem_wait(fd, batch);
	ASSERT_EQ(read_u32(fd, batch, 8), (uint32_t)o[0].offset + 2);	/* X69l: the last one */
	/* Right presumed offset and an impossible offset: skipped without a check. */
	r[0] = (struct drm_i915_gem_relocation_entry){ .target_handle = target, .offset = 4093,
						       .presumed_offset = o[0].offset };
	o[1].relocation_count = 1;
	ASSERT_OK(execbuf(fd, o, 2, 0));
	gem_wait(fd, batch);
	close(fd);
}

/* X51: GEN7_SOL_RESET is refused on gen9 (late: offsets are still written back). */
TEST(sol_reset_not_gen7)
{
	int fd = i915_open_gen8();
	struct drm_i915_gem_exec_object2 o = { .handle = batch_end(fd) };
	ASSERT_ERRNO(execbuf(fd, &o, 1, I915_EXEC_GEN7_SOL_RESET), EINVAL);
	close(fd);
}

/* Implicit sync across contexts and open files: a reader waits for another context's writer. */
TEST(implicit_sync_between_contexts)
{
	int fd = i915_open_gen8();
	int fd2 = test_open_render();
	uint32_t shared = gem_create(fd, 4096), spin = gem_create(fd, 4096);
	uint32_t loop[] = { MI_BATCH_BUFFER_START_GEN8, 0xa00000, 0 };
	gem_write(fd, spin, 0, loop, sizeof(loop));
	struct drm_i915_gem_exec_object2 w[2] = {
		{ .handle = shared, .flags = EXEC_OBJECT_WRITE },
		{ .handle = spin, .flags = EXEC_OBJECT_PINNED, .offset = 0xa00000 },
	};
	ASSERT_OK(execbuf(fd, w, 2, 0));			/* context 0 of fd writes, spinning */
	/* Another open file reads the same object (via a dma-buf) and stores into its own. */
	struct drm_prime_handle ph = { .handle = shared, .flags = DRM_CLOEXEC };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph));
	struct drm_prime_handle imp = { .fd = ph.fd };
	ASSERT_OK(ioctl(fd2, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp));
	close(ph.fd);
	uint32_t out = gem_create(fd2, 4096), rb = gem_create(fd2, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0xb00000, 0, 0x77, MI_BATCH_BUFFER_END, MI_NOOP };
	ASSERT_OK(({ struct drm_i915_gem_pwrite a = { .handle = rb, .size = sizeof(cmd),
			.data_ptr = (uintptr_t)cmd }; ioctl(fd2, DRM_IOCTL_I915_GEM_PWRITE, &a); }));
	struct drm_i915_gem_exec_object2 r[3] = {
		{ .handle = imp.handle },
		{ .handle = out, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = 0xb00000 },
		{ .handle = rb },
	};
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)r, .buffer_count = 3,
					       .flags = I915_EXEC_BLT };
	ASSERT_OK(ioctl(fd2, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	usleep(50 * 1000);
	struct drm_i915_gem_busy b = { .handle = out };
	ASSERT_OK(ioctl(fd2, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT(b.busy != 0);					/* still waiting for the writer */
	struct drm_i915_gem_mmap m = { .handle = spin, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	*(volatile uint32_t *)(uintptr_t)m.addr_ptr = MI_BATCH_BUFFER_END;
	struct drm_i915_gem_wait wt = { .bo_handle = out, .timeout_ns = -1 };
	ASSERT_OK(ioctl(fd2, DRM_IOCTL_I915_GEM_WAIT, &wt));
	uint32_t v = 0;
	struct drm_i915_gem_pread pr = { .handle = out, .size = 4, .data_ptr = (uintptr_t)&v };
	ASSERT_OK(ioctl(fd2, DRM_IOCTL_I915_GEM_PREAD, &pr));
	ASSERT_EQ(v, 0x77);
	close(fd2);
	close(fd);
}

TEST_MAIN(T(implicit_sync_between_contexts), T(harmless_object_flags), T(batch_first), T(purged_object_efault), T(userptr_unmapped_efault),
	  T(writable_userptr_over_read_only_memory), T(read_only_userptr_drops_gpu_writes),
	  T(relocation_into_read_only_userptr),
	  T(bias_alignment_and_size), T(relocation_skip_and_order), T(sol_reset_not_gen7),
	  T(flags_and_reserved_fields), T(rings), T(duplicates_and_batch_len),
	  T(alignment_padding_and_zones), T(eviction_and_hints), T(no_reloc_and_write_domain),
	  T(error_state_records_faults), T(bad_arguments), T(exec_object_unknown_handle_x28), T(exec_object_bad_flags_x30_x31),
	  T(exec_object_alignment_and_padding_x32_x35), T(exec_batch_write_and_start_offset_x45_x46),
	  T(exec_pinned_offsets_x54_x56), T(exec_pinned_overlap_x58), T(placement_and_softpin), T(store_dword_with_relocation),
	  T(bad_relocations), T(busy_while_spinning), T(in_order_and_implicit_sync), T(store_over_its_own_batch),
	  T(blitter_parser_wants_an_end), T(hang_is_reset), T(faults_are_contained_and_ban))
