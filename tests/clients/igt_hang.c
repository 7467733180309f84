/* SPDX-License-Identifier: MIT */
/*
 * igt_hang: a GPU hang made on purpose, for tests/clients/igt.sh to hand to
 * IGT's intel_error_decode. On a gen8+ device (the shim's, or a real i915 as
 * root) it submits to the render engine, in a context of its own, a batch of
 * eight MI_NOOPs that write the ids 0x1ce0 to 0x1ce7 (MI_NOOP's NOPID form)
 * followed by an MI_BATCH_BUFFER_START back to the batch's start: a batch
 * that never ends. With the engine's heartbeat_interval_ms turned down to
 * 100 for the run (put back after), the driver resets it as a hang; the
 * program checks that GEM_WAIT returns and that GET_RESET_STATS finds the
 * context guilty, then copies the error state the driver captured
 * (/sys/class/drm/card0/error) to stdout. Built with the kernel's uAPI
 * headers and ioctl() alone. Exit 0; 77 when it cannot run here (before
 * gen8, no i915, heartbeat_interval_ms or the error state not writable: they
 * are root's); 1 on failure, with a message on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "hwdefs/intel_devices.h"

#define CARD "/dev/dri/card0"
#define ERROR_STATE "/sys/class/drm/card0/error"
#define HEARTBEAT "/sys/class/drm/card0/engine/rcs0/heartbeat_interval_ms"
#define BATCH_ADDR 0x800000u
#define BATCH_SIZE 4096u
#define FIRST_ID 0x1ce0u

static int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("igt_hang: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return status;
}

/* The first line of a small text file, as a number; -1 if it cannot be read. */
static long long read_number(const char *path)
{
	FILE *f = fopen(path, "re");
	long long v = -1;
	if (!f)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = write(fd, text, strlen(text));
	int saved = errno;
	close(fd);
	errno = saved;
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

static int set_heartbeat(long long ms)
{
	char text[32];
	snprintf(text, sizeof(text), "%lld", ms);
	return write_text(HEARTBEAT, text);
}

/* Copies the error state to stdout; 0, or 1 when it holds no GPU hang. */
static int copy_error_state(void)
{
	FILE *f = fopen(ERROR_STATE, "re");
	if (!f)
		return fail(1, "%s: %s", ERROR_STATE, strerror(errno));
	char buf[65536];
	size_t n, total = 0;
	char head[16] = "";
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (!total)
			memcpy(head, buf, n < sizeof(head) - 1 ? n : sizeof(head) - 1);
		if (fwrite(buf, 1, n, stdout) != n) {
			fclose(f);
			return fail(1, "stdout: %s", strerror(errno));
		}
		total += n;
	}
	fclose(f);
	if (fflush(stdout))
		return fail(1, "stdout: %s", strerror(errno));
	if (strncmp(head, "GPU HANG: ", 10))
		return fail(1, "%s holds no GPU hang (%zu bytes: \"%.15s\")", ERROR_STATE, total, head);
	return 0;
}

/* Submits the endless batch and waits for the reset; 0 or 1. */
static int hang(int fd)
{
	struct drm_i915_gem_create create = { .size = BATCH_SIZE };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &create))
		return fail(1, "GEM_CREATE: %s", strerror(errno));
	uint32_t words[BATCH_SIZE / 4] = { 0 };
	unsigned n = 0;
	for (unsigned i = 0; i < 8; i++)
		words[n++] = MI_NOOP | INTEL_NOOP_WRITE_ID | (FIRST_ID + i);
	words[n++] = MI_BATCH_BUFFER_START_GEN8;	/* back to the start: forever */
	words[n++] = BATCH_ADDR;
	words[n++] = 0;
	words[n++] = MI_BATCH_BUFFER_END;		/* never reached */
	struct drm_i915_gem_pwrite pw = { .handle = create.handle, .size = sizeof(words),
					  .data_ptr = (uintptr_t)words };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw))
		return fail(1, "GEM_PWRITE: %s", strerror(errno));

	struct drm_i915_gem_context_create ctx = { 0 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &ctx))
		return fail(1, "GEM_CONTEXT_CREATE: %s", strerror(errno));
	struct drm_i915_gem_exec_object2 obj = { .handle = create.handle, .offset = BATCH_ADDR,
						 .flags = EXEC_OBJECT_PINNED };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&obj, .buffer_count = 1,
					       .flags = I915_EXEC_RENDER, .rsvd1 = ctx.ctx_id };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb))
		return fail(1, "EXECBUFFER2: %s", strerror(errno));

	/* The reset completes the request (with an error): the wait returns 0. */
	struct drm_i915_gem_wait wait = { .bo_handle = create.handle, .timeout_ns = 20000000000ll };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &wait))
		return fail(1, "GEM_WAIT: %s (the batch was not reset within 20 s)", strerror(errno));
	struct drm_i915_reset_stats rs = { .ctx_id = ctx.ctx_id };
	if (ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs))
		return fail(1, "GET_RESET_STATS: %s", strerror(errno));
	if (rs.batch_active < 1)
		return fail(1, "the context is not guilty of a hang (batch_active %u, batch_pending %u)",
			    rs.batch_active, rs.batch_pending);
	return 0;
}

int main(void)
{
	int fd = open(CARD, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fail(77, CARD ": %s", strerror(errno));
	int devid = 0;
	struct drm_i915_getparam gp = { .param = I915_PARAM_CHIPSET_ID, .value = &devid };
	if (ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp))
		return fail(77, "not an i915 device (GETPARAM: %s)", strerror(errno));
	int gen = intel_gen_from_devid(devid);
	if (gen < 8)
		return fail(77, "device 0x%04x is gen %d: the batch's jump is gen8's", devid, gen);

	long long saved = read_number(HEARTBEAT);
	if (saved < 0 || set_heartbeat(100))
		return fail(77, HEARTBEAT " cannot be read and written: %s", strerror(errno));
	if (write_text(ERROR_STATE, "1")) {	/* only our hang in the report */
		int err = errno;
		set_heartbeat(saved);
		return fail(err == EACCES || err == EPERM ? 77 : 1, "clearing " ERROR_STATE ": %s", strerror(err));
	}
	int ret = hang(fd);
	if (set_heartbeat(saved) && !ret)
		ret = fail(1, "putting back " HEARTBEAT ": %s", strerror(errno));
	if (!ret)
		ret = copy_error_state();
	close(fd);
	return ret;
}
