/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness over batch contents: the same bytes go through
 * libdrm_intel's batch decoder (drm_intel_decode, intel/decode*.c) on a few
 * device ids, and are executed on the emulated device: on the gen9 blitter
 * through the command parser into its shadow copy, on the render and video
 * rings straight into the command streamer, with the blitter, MI stores,
 * loads, jumps, semaphores and PIPE_CONTROL acting on a set of linear, X- and
 * Y-tiled objects bound at fixed addresses the seed batches use.
 *
 * Input: one byte of settings (ring, batch_len, start offset, which device id
 * the decoder uses), then the batch. Each batch runs in a context of its own
 * (a context whose batches keep faulting is banned), hangs are reset after
 * 10 ms (the engines' heartbeat), and every batch is waited for.
 *
 * The contract under test: decoding and executing any bytes returns, never
 * crashes, hangs, or trips ASan/UBSan; a refused batch is an errno.
 *
 * Links: libc, the uAPI headers, the decoder's public API (intel_bufmgr.h)
 * and tests/fuzz/fuzz_input.h; the shim's objects and the decoder's sources
 * are linked in (tests/fuzz/fuzz.am).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <drm.h>
#include <i915_drm.h>

#include "intel_bufmgr.h"
#include "tests/fuzz/fuzz_input.h"

#define BATCH_AT 0x1000000ull		/* the batch's GPU address */
#define BATCH_SIZE (64u << 10)		/* inputs longer than this are cut */
#define SECOND_AT 0x2000000ull		/* a second batch: MI_BATCH_BUFFER_END */
#define TARGET_AT 0x100000ull		/* targets at 1, 2, 3, 4 MiB */
#define TARGET_SIZE (256u << 10)
#define NTARGETS 4

static int fd = -1;
static uint32_t batch, second, targets[NTARGETS];
static uint8_t *zeros;
static FILE *sink;

static const uint32_t decode_devids[] = {
	0x1912,	/* Skylake GT2: gen9 */
	0x0166,	/* Ivybridge: gen7 */
	0x2a42,	/* GM45: gen4 */
	0x2772,	/* 945G: gen3 */
	0x1616,	/* Broadwell: gen8 */
	0x0126,	/* Sandybridge: gen6 */
	0x8a52,	/* Icelake: gen11 */
	0x3577,	/* 830M: gen2 */
};
static struct drm_intel_decode *decoders[sizeof(decode_devids) / sizeof(decode_devids[0])];

/* The harness's own setup failed: say which call and why, so the report is not a bare abort. */
static void setup_failed(const char *what)
{
	fprintf(stderr, "batch_fuzz: %s failed: %s\n", what, strerror(errno));
	abort();
}

/* As libdrm's drmIoctl: a signal (libFuzzer's timer) while the ioctl waits is retried. */
static int xioctl(unsigned long request, void *arg)
{
	int ret;
	do
		ret = ioctl(fd, request, arg);
	while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret;
}

static ssize_t discard(void *cookie, const char *buf, size_t len)
{
	(void)cookie;
	(void)buf;
	return (ssize_t)len;
}

static uint32_t create(uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };
	if (xioctl(DRM_IOCTL_I915_GEM_CREATE, &c))
		setup_failed("GEM_CREATE");
	return c.handle;
}

static void pwrite_all(uint32_t handle, uint64_t offset, const void *data, uint64_t len)
{
	struct drm_i915_gem_pwrite p = { .handle = handle, .offset = offset, .size = len,
					 .data_ptr = (uintptr_t)data };
	if (xioctl(DRM_IOCTL_I915_GEM_PWRITE, &p))
		setup_failed("GEM_PWRITE");
}

/* The device file and the objects the batches use, made again when the file is banned. */
static void open_device(void)
{
	if (fd >= 0)
		close(fd);
	fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "batch_fuzz: no emulated device (%s)\n", strerror(errno));
		abort();
	}
	batch = create(BATCH_SIZE);
	second = create(4096);
	static const uint32_t end[] = { 0x05000000 /* MI_BATCH_BUFFER_END */, 0 };
	pwrite_all(second, 0, end, sizeof(end));
	for (unsigned i = 0; i < NTARGETS; i++) {
		targets[i] = create(TARGET_SIZE);
		if (i == 1 || i == 2) {		/* X- and Y-tiled, 512-byte rows */
			struct drm_i915_gem_set_tiling t = { .handle = targets[i], .tiling_mode = i,
							     .stride = 512 };
			ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t);
		}
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_instance_init();
	open_device();
	fz_short_heartbeats(10);
	zeros = calloc(1, BATCH_SIZE);
	static const cookie_io_functions_t io = { .write = discard };
	sink = fopencookie(NULL, "w", io);
	for (unsigned i = 0; i < sizeof(decoders) / sizeof(decoders[0]); i++) {
		decoders[i] = drm_intel_decode_context_alloc(decode_devids[i]);
		drm_intel_decode_set_output_file(decoders[i], sink);
	}
	return 0;
}

/* The decoder on the same bytes, as libdrm_intel's users call it (on the caller's buffer). */
static void decode(const uint8_t *cmds, size_t len, uint8_t settings)
{
	struct drm_intel_decode *d = decoders[(settings >> 5) % (sizeof(decoders) / sizeof(decoders[0]))];
	uint32_t *copy = malloc(len + 4);	/* whole dwords, exactly the batch */
	if (!copy || !d) {
		free(copy);
		return;
	}
	memcpy(copy, cmds, len);
	drm_intel_decode_set_batch_pointer(d, copy, (uint32_t)BATCH_AT, (int)(len / 4));
	drm_intel_decode_set_head_tail(d, (uint32_t)BATCH_AT, (uint32_t)BATCH_AT + (uint32_t)len);
	drm_intel_decode_set_dump_past_end(d, settings & 16);
	drm_intel_decode(d);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	uint8_t settings = data[0];
	const uint8_t *cmds = data + 1;
	size_t len = size - 1 < BATCH_SIZE ? size - 1 : BATCH_SIZE;
	len &= ~(size_t)3;

	decode(cmds, len, settings);

	struct drm_i915_gem_context_create_ext c = { 0 };
	if (xioctl(DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c)) {
		if (errno != EIO)
			setup_failed("CONTEXT_CREATE_EXT");
		open_device();		/* the file was banned for its hangs: a new client */
		if (xioctl(DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c))
			setup_failed("CONTEXT_CREATE_EXT on a new file");
	}
	/* The batch object holds the input and zeros after it (MI_NOOPs, then the object's end). */
	pwrite_all(batch, 0, zeros, BATCH_SIZE);
	if (len)
		pwrite_all(batch, 0, cmds, len);
	struct drm_i915_gem_exec_object2 o[NTARGETS + 2];
	memset(o, 0, sizeof(o));
	for (unsigned i = 0; i < NTARGETS; i++)
		o[i] = (struct drm_i915_gem_exec_object2){ .handle = targets[i], .offset = TARGET_AT * (i + 1),
							   .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE };
	o[NTARGETS] = (struct drm_i915_gem_exec_object2){ .handle = second, .offset = SECOND_AT,
							  .flags = EXEC_OBJECT_PINNED };
	o[NTARGETS + 1] = (struct drm_i915_gem_exec_object2){ .handle = batch, .offset = BATCH_AT,
							      .flags = EXEC_OBJECT_PINNED };
	static const uint64_t rings[] = { I915_EXEC_BLT, I915_EXEC_RENDER, I915_EXEC_BLT, I915_EXEC_BSD };
	struct drm_i915_gem_execbuffer2 eb = {
		.buffers_ptr = (uintptr_t)o, .buffer_count = NTARGETS + 2,
		.flags = rings[settings & 3] | I915_EXEC_NO_RELOC, .rsvd1 = c.ctx_id,
	};
	if (settings & 4)
		eb.batch_len = (uint32_t)((len + 7) & ~(size_t)7);	/* else the whole object */
	if (settings & 8)
		eb.batch_start_offset = 8;
	if (eb.batch_start_offset + eb.batch_len > BATCH_SIZE)
		eb.batch_len = 0;
	if (ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb) == 0) {
		struct drm_i915_gem_wait w = { .bo_handle = batch, .timeout_ns = 5000000000ll };
		ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w);
	}
	struct drm_i915_gem_context_destroy d = { .ctx_id = c.ctx_id };
	ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d);
	return 0;
}
