/* SPDX-License-Identifier: MIT */
/*
 * The GPU error state (uapi-conformance ES1–ES8): what i915 captures when it
 * resets work, read back the way intel_error_decode reads it. A hang of a
 * known batch (MI_NOOPs carrying ids, then a jump back to its start) must
 * leave a report whose header and engine section are i915's, whose "batch"
 * object decodes (ascii85, then zlib for ":" lines) to exactly the batch's
 * bytes, and whose "ring" holds the MI_BATCH_BUFFER_START of that batch. A
 * write to the file clears it; the first capture stays until then; a reset
 * asked for through debugfs i915_wedged captures one too. Hangs need a
 * writable heartbeat_interval_ms; debugfs needs root (the tests skip).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "tests/i915/i915_test.h"

#define SYSFS_ERROR "/sys/class/drm/card0/error"
#define DEBUGFS "/sys/kernel/debug/dri/0/"
#define BATCH_ADDR 0x800000ull
#define NOP_ID(id) (MI_NOOP | 1u << 22 | (id))

/* The whole file as a string (error states are large); NULL if it cannot be opened. */
static char *read_all(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap);
	ASSERT(buf);
	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			ASSERT(buf);
		}
		ssize_t n = read(fd, buf + len, cap - len - 1);
		ASSERT(n >= 0);
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = 0;
	close(fd);
	return buf;
}

static void clear_error_state(void)
{
	ASSERT(test_write_text(SYSFS_ERROR, "1"));
}

/*
 * The object dumped after the line starting with header ("rcs0 --- batch = 0x00000000 00800000"):
 * its bytes in *out, their count returned; -1 when there is no such object.
 */
static long object_bytes(const char *text, const char *header, uint8_t **out)
{
	const char *at = strstr(text, header);
	if (!at)
		return -1;
	const char *line = strchr(at, '\n');
	ASSERT(line);
	line++;
	ASSERT(line[0] == ':' || line[0] == '~');
	bool deflated = line[0] == ':';
	size_t cap = 1024, n = 0;
	uint32_t *words = malloc(cap * 4);
	ASSERT(words);
	for (const char *p = line + 1; *p >= '!' && *p <= 'z';) {
		uint32_t v = 0;
		if (*p == 'z') {
			p++;
		} else {
			for (int k = 0; k < 5; k++) {
				ASSERT(p[k] >= '!' && p[k] <= 'u');
				v = v * 85 + (uint32_t)(p[k] - '!');
			}
			p += 5;
		}
		if (n == cap) {
			cap *= 2;
			words = realloc(words, cap * 4);
			ASSERT(words);
		}
		words[n++] = v;
	}
	if (!deflated) {
		*out = (uint8_t *)words;
		return (long)(n * 4);
	}
#ifdef HAVE_ZLIB
	uLongf size = 1 << 24;
	uint8_t *raw = malloc(size);
	ASSERT(raw);
	z_stream z = { .next_in = (Bytef *)words, .avail_in = (uInt)(n * 4), .next_out = raw, .avail_out = (uInt)size };
	ASSERT_EQ(inflateInit(&z), Z_OK);
	int ret = inflate(&z, Z_FINISH);
	ASSERT(ret == Z_STREAM_END);
	size = z.total_out;
	inflateEnd(&z);
	free(words);
	*out = raw;
	return (long)size;
#else
	free(words);
	SKIP_MISSING("a compressed object and no zlib to inflate it");
#endif
}

/* A batch that runs MI_NOOPs carrying ids, then jumps back to its start: a hang. */
static uint32_t hang_batch(int fd, uint32_t id, uint32_t *words, size_t nwords)
{
	memset(words, 0, nwords * 4);
	for (uint32_t i = 0; i < 8; i++)
		words[i] = NOP_ID(id + i);
	words[8] = MI_BATCH_BUFFER_START_GEN8;
	words[9] = (uint32_t)BATCH_ADDR;
	words[10] = 0;
	words[11] = MI_BATCH_BUFFER_END;
	uint32_t h = gem_create(fd, nwords * 4);
	gem_write(fd, h, 0, words, nwords * 4);
	return h;
}

static void run_hang(int fd, uint32_t batch, uint64_t addr)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = addr };
	uint32_t ctx = gem_context_create(fd);
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_RENDER, ctx));
	gem_wait(fd, batch);
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 1);
}

static void expect_header(const char *text)
{
	if (strncmp(text, "GPU HANG: ecode ", 16))
		TEST_FAIL("no \"GPU HANG: ecode\" line:\n%.400s", text);
	static const char *const lines[] = { "\nKernel: ", "\nTime: ", "\nReset count: ", "\nPCI ID: 0x", "\nPlatform: " };
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		if (!strstr(text, lines[i]))
			TEST_FAIL("no \"%s\" line in the error state", lines[i] + 1);
}

static void expect_engine(const char *text, const char *engine)
{
	char want[64];
	snprintf(want, sizeof(want), "\n%s command stream:\n", engine);
	const char *at = strstr(text, want);
	if (!at)
		TEST_FAIL("no \"%s command stream:\" section", engine);
	static const char *const regs[] = { "\n  START: 0x", "\n  HEAD:  0x", "\n  TAIL:  0x", "\n  CTL:   0x",
					    "\n  ACTHD: 0x", "\n  IPEIR: 0x", "\n  IPEHR: 0x", "\n  INSTDONE: 0x",
					    "\n  BBADDR: 0x" };
	for (size_t i = 0; i < ARRAY_SIZE(regs); i++)
		if (!strstr(at, regs[i]))
			TEST_FAIL("no \"%s\" in the %s section", regs[i] + 1, engine);
}

/* ES1, ES2: a hang's report, its engine section, its batch and ring objects. */
TEST(hang_captures_batch_and_ring)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	clear_error_state();
	uint32_t words[1024];
	uint32_t batch = hang_batch(fd, 0x1230, words, ARRAY_SIZE(words));
	run_hang(fd, batch, BATCH_ADDR);
	heartbeat_restore(&hb);

	char *text = read_all(SYSFS_ERROR);
	ASSERT(text);
	expect_header(text);
	expect_engine(text, "rcs0");
	ASSERT(strstr(text, "\n  hung: 1\n"));
	/* IPEHR is the command the engine was on: a MI_NOOP or the jump back. */
	const char *ipehr = strstr(text, "\n  IPEHR: 0x");
	unsigned header = (unsigned)strtoul(ipehr + 12, NULL, 16);
	if (header != MI_BATCH_BUFFER_START_GEN8 && (header & ~0x7fffffu))
		TEST_FAIL("IPEHR 0x%08x is none of the batch's commands:\n%.3000s", header, text);

	uint8_t *bytes;
	long n = object_bytes(text, "rcs0 --- batch = 0x00000000 00800000\n", &bytes);
	if (n < 0)
		TEST_FAIL("no batch object in the error state");
	ASSERT_EQ(n, (long)sizeof(words));
	ASSERT(!memcmp(bytes, words, sizeof(words)));
	free(bytes);

	/* The ring: a MI_BATCH_BUFFER_START of the batch, and HEAD past it (inside the batch). */
	const char *ring = strstr(text, "rcs0 --- ring = ");
	ASSERT(ring);
	char header_line[64];
	snprintf(header_line, sizeof(header_line), "%.*s\n", (int)(strchr(ring, '\n') - ring), ring);
	n = object_bytes(text, header_line, &bytes);
	ASSERT(n >= 16);
	const uint32_t *rw = (const uint32_t *)bytes;
	bool found = false;
	for (long i = 0; i + 2 < n / 4 && !found; i++)
		found = (rw[i] & 0xff800000u) == (MI_BATCH_BUFFER_START_GEN8 & 0xff800000u) &&
			rw[i + 1] == (uint32_t)BATCH_ADDR && rw[i + 2] == 0;
	ASSERT(found);
	free(bytes);

	/* ES4: debugfs i915_error_state says the same (root only). */
	char *dfs = geteuid() == 0 ? read_all(DEBUGFS "i915_error_state") : NULL;
	if (dfs) {
		ASSERT(!strcmp(dfs, text));
		free(dfs);
	}
	free(text);
	clear_error_state();
	close(fd);
}

/* ES3: the first capture stays: a second hang leaves it. ES5: a write clears it. */
TEST(first_capture_stays_until_a_write)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	clear_error_state();
	char *text = read_all(SYSFS_ERROR);
	ASSERT(text);
	ASSERT(!strcmp(text, "No error state collected\n"));
	free(text);
	if (geteuid() == 0) {
		text = read_all(DEBUGFS "i915_error_state");
		ASSERT(text && !text[0]);		/* debugfs: nothing to read */
		free(text);
	}
	uint32_t words[1024];
	run_hang(fd, hang_batch(fd, 0x100, words, ARRAY_SIZE(words)), BATCH_ADDR);
	uint32_t other[1024];
	uint32_t second = hang_batch(fd, 0x200, other, ARRAY_SIZE(other));
	other[9] = 0x900000;
	gem_write(fd, second, 0, other, sizeof(other));
	run_hang(fd, second, 0x900000);
	heartbeat_restore(&hb);
	text = read_all(SYSFS_ERROR);
	ASSERT(strstr(text, "rcs0 --- batch = 0x00000000 00800000\n"));
	ASSERT(!strstr(text, "00900000"));
	free(text);

	clear_error_state();
	text = read_all(SYSFS_ERROR);
	ASSERT(!strcmp(text, "No error state collected\n"));
	free(text);
	if (geteuid() == 0) {
		text = read_all(DEBUGFS "i915_error_state");
		ASSERT(text && !text[0]);
		free(text);
	}
	close(fd);
}

/* ES5: a write to debugfs i915_error_state clears both files (root). */
TEST(debugfs_write_clears)
{
	int fd = i915_open_gen8();
	require_debugfs_root();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	clear_error_state();
	uint32_t words[1024];
	run_hang(fd, hang_batch(fd, 0x300, words, ARRAY_SIZE(words)), BATCH_ADDR);
	heartbeat_restore(&hb);
	char *text = read_all(SYSFS_ERROR);
	ASSERT(!strncmp(text, "GPU HANG: ", 10));
	free(text);
	ASSERT(test_write_text(DEBUGFS "i915_error_state", "1"));
	text = read_all(SYSFS_ERROR);
	ASSERT(!strcmp(text, "No error state collected\n"));
	free(text);
	close(fd);
}

/* ES6 (shim only): a GPU page fault's report: the fault registers and the batch. */
TEST(fault_captures_batch)
{
	REQUIRE_SHIM("GPU page faults are the shim's");
	int fd = i915_open_gen8();
	clear_error_state();
	uint32_t words[1024] = { NOP_ID(0x42), MI_STORE_DATA_IMM_GEN8, 0x40001000, 0, 0xbad, MI_BATCH_BUFFER_END };
	uint32_t batch = gem_create(fd, sizeof(words));
	gem_write(fd, batch, 0, words, sizeof(words));
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = BATCH_ADDR };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_RENDER, gem_context_create(fd)));
	gem_wait(fd, batch);
	char *text = read_all(SYSFS_ERROR);
	expect_header(text);
	expect_engine(text, "rcs0");
	char want[64];
	snprintf(want, sizeof(want), "\n  IPEHR: 0x%08x\n", MI_STORE_DATA_IMM_GEN8);
	ASSERT(strstr(text, want));
	ASSERT(strstr(text, "\n  ACTHD: 0x00000000 00800004\n"));
	ASSERT(strstr(text, "\n  FAULT_REG: 0x00000001\n"));
	ASSERT(strstr(text, "\nFAULT_TLB_DATA: 0x00000000 0x00040001\n"));
	uint8_t *bytes;
	ASSERT_EQ(object_bytes(text, "rcs0 --- batch = 0x00000000 00800000\n", &bytes), (long)sizeof(words));
	ASSERT(!memcmp(bytes, words, sizeof(words)));
	free(bytes);
	free(text);
	clear_error_state();
	close(fd);
}

/* ES7: NO_ERROR_CAPTURE: the report is stored, without that context's engine and batch. */
TEST(no_error_capture_leaves_the_batch_out)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	clear_error_state();
	uint32_t words[1024];
	uint32_t batch = hang_batch(fd, 0x400, words, ARRAY_SIZE(words));
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, .value = 1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p));
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = BATCH_ADDR };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, I915_EXEC_RENDER, ctx));
	gem_wait(fd, batch);
	heartbeat_restore(&hb);
	char *text = read_all(SYSFS_ERROR);
	expect_header(text);
	ASSERT(!strstr(text, "command stream:"));
	ASSERT(!strstr(text, "--- batch"));
	free(text);
	clear_error_state();
	close(fd);
}

/* ES9: objects the hung request flagged EXEC_OBJECT_CAPTURE follow the batch as "user" objects,
 * each with its GPU address and all its bytes; objects without the flag are not dumped. */
TEST(exec_object_capture_dumps_user_objects)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	clear_error_state();
	uint32_t words[1024];
	uint32_t batch = hang_batch(fd, 0x500, words, ARRAY_SIZE(words));
	uint32_t kept = gem_create(fd, 8192), other = gem_create(fd, 4096);
	uint8_t pattern[8192];
	for (size_t i = 0; i < sizeof(pattern); i++)
		pattern[i] = (uint8_t)(i * 7 + 3);
	gem_write(fd, kept, 0, pattern, sizeof(pattern));
	struct drm_i915_gem_exec_object2 o[3] = {
		{ .handle = kept, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_CAPTURE, .offset = 0x200000 },
		{ .handle = other, .flags = EXEC_OBJECT_PINNED, .offset = 0x300000 },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = BATCH_ADDR },
	};
	uint32_t ctx = gem_context_create(fd);
	ASSERT_OK(gem_execbuf_ctx(fd, o, 3, I915_EXEC_RENDER, ctx));
	gem_wait(fd, batch);
	heartbeat_restore(&hb);
	char *text = read_all(SYSFS_ERROR);
	ASSERT(text);
	expect_header(text);
	uint8_t *bytes;
	long n = object_bytes(text, "rcs0 --- user = 0x00000000 00200000\n", &bytes);
	if (n < 0)
		TEST_FAIL("no user object for the EXEC_OBJECT_CAPTURE buffer");
	ASSERT_EQ(n, (long)sizeof(pattern));
	ASSERT(!memcmp(bytes, pattern, sizeof(pattern)));
	free(bytes);
	ASSERT(!strstr(text, "--- user = 0x00000000 00300000"));
	ASSERT(strstr(text, "rcs0 --- batch = 0x00000000 00800000\n"));
	free(text);
	clear_error_state();
	close(fd);
}

/* ES8: a reset asked for through i915_wedged captures the running batch (root). */
TEST(wedged_write_captures)
{
	int fd = i915_open_gen8();
	require_debugfs_root();
	if (access(DEBUGFS "i915_wedged", W_OK))
		SKIP_MISSING("debugfs i915_wedged not writable");
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);
	clear_error_state();
	volatile uint32_t *spin;
	uint32_t spinner = gem_spinner(fd, 0, I915_EXEC_RENDER, &spin);
	usleep(20000);				/* let it start */
	ASSERT(test_write_text(DEBUGFS "i915_wedged", "-1"));
	char *text = read_all(SYSFS_ERROR);
	expect_header(text);
	expect_engine(text, "rcs0");
	ASSERT(strstr(text, "rcs0 --- batch = 0x00000000 00800000\n"));
	free(text);
	spin[0] = MI_BATCH_BUFFER_END;
	gem_wait(fd, spinner);
	heartbeat_restore(&hb);
	clear_error_state();
	close(fd);
}

/* IGT's intel_error_decode reads the report and decodes the batch (skips without it). */
TEST(intel_error_decode_reads_it)
{
	if (access("/usr/bin/intel_error_decode", X_OK))
		SKIP("intel_error_decode is not installed (intel-gpu-tools)");	/* external: a tool */
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 100, &hb);
	clear_error_state();
	uint32_t words[1024];
	run_hang(fd, hang_batch(fd, 0x500, words, ARRAY_SIZE(words)), BATCH_ADDR);
	heartbeat_restore(&hb);
	FILE *p = popen("/usr/bin/intel_error_decode " SYSFS_ERROR " 2>&1", "r");
	ASSERT(p);
	char line[512];
	bool nop = false, bb_start = false, gen = false, ascii85_failed = false;
	while (fgets(line, sizeof(line), p)) {
		nop |= strstr(line, "MI_NOOP") != NULL;
		bb_start |= strstr(line, "MI_BATCH_BUFFER_START") != NULL;
		gen |= strstr(line, "Detected GEN") != NULL;
		ascii85_failed |= strstr(line, "ASCII85 decode failed") != NULL;
	}
	pclose(p);
	ASSERT(gen);
	ASSERT(!ascii85_failed);
	ASSERT(nop);
	ASSERT(bb_start);
	clear_error_state();
	close(fd);
}

TEST_MAIN(T(hang_captures_batch_and_ring), T(exec_object_capture_dumps_user_objects), T(first_capture_stays_until_a_write), T(debugfs_write_clears),
	  T(fault_captures_batch), T(no_error_capture_leaves_the_batch_out), T(wedged_write_captures),
	  T(intel_error_decode_reads_it))
