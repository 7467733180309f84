/* SPDX-License-Identifier: MIT */
/*
 * Context parameters (CONTEXT_GETPARAM/SETPARAM and the SETPARAM extension
 * of CONTEXT_CREATE_EXT) as Linux 6.1 answers them on Skylake GT2, and what
 * they change: persistence (closing a non-persistent context cancels its
 * work), recoverability and bannability (uapi-conformance X75, X78) and the
 * file's ban score (X77, CT4). Kernel-agnostic except where a test says
 * "shim only": those need a guilty request, which the shim gets instantly
 * from a GPU page fault and a real kernel only from a hang.
 */
#define _GNU_SOURCE
#include <linux/capability.h>
#include <sys/syscall.h>

#include "tests/i915/i915_test.h"

static int getparam(int fd, uint32_t ctx, uint64_t param, uint64_t *value)
{
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = param };
	int ret = ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);
	if (value)
		*value = p.value;
	return ret;
}

static uint64_t get(int fd, uint32_t ctx, uint64_t param)
{
	uint64_t v;
	ASSERT_OK(getparam(fd, ctx, param, &v));
	return v;
}

static int setparam(int fd, uint32_t ctx, uint64_t param, uint64_t value)
{
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = param, .value = value };
	return ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
}

static bool capable(int cap)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];
	if (syscall(SYS_capget, &hdr, data))
		return geteuid() == 0;
	return (data[cap / 32].effective >> (cap % 32)) & 1;
}

static int open_skl(void)
{
	int fd = i915_open();
	if ((i915_devid(fd) & 0xff00) != 0x1900)
		SKIP_DEVICE("the answers are Skylake's");
	return fd;
}

/* A fresh context's parameters; unknown contexts and parameters. */
TEST(defaults)
{
	int fd = open_skl();
	uint32_t ctx = gem_context_create(fd);
	for (uint32_t c = 0; c <= ctx; c += ctx) {
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_GTT_SIZE), 1ull << 48);	/* full 48-bit PPGTT */
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_BANNABLE), 1);
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_RECOVERABLE), 1);
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_PRIORITY), 0);
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_PERSISTENCE), 1);
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE), 0);
		ASSERT_EQ(get(fd, c, I915_CONTEXT_PARAM_PROTECTED_CONTENT), 0);
	}
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_ENGINES, .size = 77 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);	/* 6.1 reports no map (EN1) */
	ASSERT_ERRNO(getparam(fd, ctx + 1, I915_CONTEXT_PARAM_PRIORITY, NULL), ENOENT);
	ASSERT_ERRNO(setparam(fd, ctx + 1, I915_CONTEXT_PARAM_PRIORITY, 0), ENOENT);
	/* Gone by 6.1: BAN_PERIOD, NO_ZEROMAP, RINGSIZE; and nonsense. */
	uint64_t gone[] = { I915_CONTEXT_PARAM_BAN_PERIOD, I915_CONTEXT_PARAM_NO_ZEROMAP,
			    I915_CONTEXT_PARAM_RINGSIZE, 0, 0x1234 };
	for (unsigned i = 0; i < sizeof(gone) / sizeof(gone[0]); i++) {
		ASSERT_ERRNO(getparam(fd, ctx, gone[i], NULL), EINVAL);
		ASSERT_ERRNO(setparam(fd, ctx, gone[i], 0), EINVAL);
	}
	close(fd);
}

/* The flags: size must be 0; BANNABLE = 0 needs CAP_SYS_ADMIN. */
TEST(flags)
{
	int fd = open_skl();
	uint32_t ctx = gem_context_create(fd);
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_RECOVERABLE, .size = 4 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p), EINVAL);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_RECOVERABLE, 0));
	ASSERT_EQ(get(fd, ctx, I915_CONTEXT_PARAM_RECOVERABLE), 0);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, 5));
	ASSERT_EQ(get(fd, ctx, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE), 1);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_PERSISTENCE, 0));	/* SKL can preempt */
	ASSERT_EQ(get(fd, ctx, I915_CONTEXT_PARAM_PERSISTENCE), 0);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_PERSISTENCE, 1));
	if (capable(CAP_SYS_ADMIN)) {
		ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_BANNABLE, 0));
		ASSERT_EQ(get(fd, ctx, I915_CONTEXT_PARAM_BANNABLE), 0);
	} else {
		ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_BANNABLE, 0), EPERM);
	}
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_BANNABLE, 1));
	close(fd);
}

/* PRIORITY: [-1023, 1023], above 0 needs CAP_SYS_NICE; read back sign-extended. */
TEST(priority)
{
	int fd = open_skl();
	uint32_t ctx = gem_context_create(fd);
	ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_PRIORITY, 1024), EINVAL);
	ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_PRIORITY, (uint64_t)-1024), EINVAL);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_PRIORITY, (uint64_t)-1023));
	ASSERT_EQ(get(fd, ctx, I915_CONTEXT_PARAM_PRIORITY), (uint64_t)-1023);
	if (capable(CAP_SYS_NICE))
		ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_PRIORITY, 1023));
	else
		ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_PRIORITY, 1), EPERM);
	/* As a CONTEXT_CREATE extension the same rules hold. */
	struct drm_i915_gem_context_create_ext_setparam ext = {
		.base = { .name = I915_CONTEXT_CREATE_EXT_SETPARAM },
		.param = { .param = I915_CONTEXT_PARAM_PRIORITY, .value = 2000 },
	};
	struct drm_i915_gem_context_create_ext c = { .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
						     .extensions = (uintptr_t)&ext };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EINVAL);
	ext.param.param = I915_CONTEXT_PARAM_RECOVERABLE;
	ext.param.value = 0;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	ASSERT_EQ(get(fd, c.ctx_id, I915_CONTEXT_PARAM_RECOVERABLE), 0);
	close(fd);
}

/* SSEU: the render engine reports the whole GT; Skylake cannot be reconfigured. */
TEST(sseu)
{
	int fd = open_skl();
	struct drm_i915_gem_context_param_sseu s = { .engine = { I915_ENGINE_CLASS_RENDER, 0 } };
	struct drm_i915_gem_context_param p = { .param = I915_CONTEXT_PARAM_SSEU };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p));
	ASSERT_EQ(p.size, sizeof(s));				/* size 0 asks for the size */
	p.value = (uintptr_t)&s;
	p.size = sizeof(s) - 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);
	p.size = sizeof(s);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p));
	int mask = 0;
	struct drm_i915_getparam gp = { .param = I915_PARAM_SLICE_MASK, .value = &mask };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp));
	ASSERT_EQ(s.slice_mask, (uint64_t)mask);
	ASSERT(s.subslice_mask != 0);
	ASSERT(s.min_eus_per_subslice > 0 && s.min_eus_per_subslice == s.max_eus_per_subslice);
	s.engine.engine_class = 77;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);
	s.engine.engine_class = I915_ENGINE_CLASS_RENDER;
	s.flags = I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX;		/* an index needs an engine map */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);
	s.flags = 0;
	s.rsvd = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);
	s.rsvd = 0;
	p.size = 0;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p), EINVAL);
	p.size = sizeof(s);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p), ENODEV);	/* gen11 only */
	close(fd);
}

/* A new context takes VM, ENGINES and PROTECTED_CONTENT until first used; after, they are EINVAL. */
TEST(proto_context_only_params)
{
	int fd = open_skl();
	uint32_t ctx = gem_context_create(fd);
	ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_PROTECTED_CONTENT, 1), ENODEV);	/* no PXP */
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_PROTECTED_CONTENT, 0));
	get(fd, ctx, I915_CONTEXT_PARAM_PRIORITY);			/* first use */
	ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_PROTECTED_CONTENT, 0), EINVAL);
	ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_VM, 1), EINVAL);
	ASSERT_ERRNO(setparam(fd, ctx, I915_CONTEXT_PARAM_ENGINES, 0), EINVAL);
	ASSERT_ERRNO(setparam(fd, 0, I915_CONTEXT_PARAM_VM, 1), EINVAL);	/* the default one is used */
	close(fd);
}

static int wait_ns(int fd, uint32_t h, int64_t ns)
{
	struct drm_i915_gem_wait w = { .bo_handle = h, .timeout_ns = ns };
	return ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w);
}

/* Closing a persistent context leaves its work running; a non-persistent one takes it along. */
TEST(persistence)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);	/* what stops the spinner must not be a hang reset */
	uint32_t keep = gem_context_create(fd), drop = gem_context_create(fd);
	ASSERT_OK(setparam(fd, drop, I915_CONTEXT_PARAM_PERSISTENCE, 0));
	volatile uint32_t *map;
	uint32_t a = gem_spinner(fd, keep, 0, &map), b = gem_spinner(fd, drop, 0, NULL);
	struct drm_i915_gem_context_destroy d = { .ctx_id = keep };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d));
	d.ctx_id = drop;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d));
	ASSERT_OK(wait_ns(fd, b, 5000000000ll));			/* cancelled */
	struct drm_i915_gem_busy busy = { .handle = b };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &busy));
	ASSERT_EQ(busy.busy, 0);
	ASSERT_ERRNO(wait_ns(fd, a, 100000000), ETIME);		/* still spinning */
	map[0] = MI_BATCH_BUFFER_END;				/* let it finish */
	ASSERT_OK(wait_ns(fd, a, 5000000000ll));
	heartbeat_restore(&hb);
	close(fd);
}

/* The running request of a non-persistent context stops when the context is destroyed,
 * and when the file that owns it is closed. */
TEST(non_persistent_running_work_stops)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);
	uint32_t ctx = gem_context_create(fd);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_PERSISTENCE, 0));
	uint32_t a = gem_spinner(fd, ctx, 0, NULL);
	ASSERT_ERRNO(wait_ns(fd, a, 50000000), ETIME);		/* it runs */
	struct drm_i915_gem_context_destroy d = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d));
	ASSERT_OK(wait_ns(fd, a, 5000000000ll));

	int other = i915_open_gen8();
	ctx = gem_context_create(other);
	ASSERT_OK(setparam(other, ctx, I915_CONTEXT_PARAM_PERSISTENCE, 0));
	uint32_t b = gem_spinner(other, ctx, 0, NULL);
	struct drm_prime_handle ex = { .handle = b, .flags = DRM_CLOEXEC };
	ASSERT_OK(ioctl(other, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ex));
	struct drm_prime_handle im = { .fd = ex.fd };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &im));
	close(ex.fd);
	ASSERT_ERRNO(wait_ns(fd, im.handle, 50000000), ETIME);
	close(other);
	ASSERT_OK(wait_ns(fd, im.handle, 5000000000ll));
	heartbeat_restore(&hb);
	close(fd);
}

/* Runs a batch that stores to an address where nothing is bound: a GPU fault (shim only). */
static int fault(int fd, uint32_t ctx)
{
	static const uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, 0x40000000, 0, 0xbad, MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	int ret = gem_execbuf_ctx(fd, &o, 1, 0, ctx);
	int err = errno;
	if (!ret)
		gem_wait(fd, batch);
	struct drm_gem_close cl = { .handle = batch };
	ioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl);
	errno = err;
	return ret;
}

/* X75: a non-recoverable context is banned at its first hang. */
TEST(non_recoverable_banned_at_first_hang)
{
	REQUIRE_SHIM("GPU page faults are the shim's");
	int fd = i915_open_gen8();
	uint32_t ctx = gem_context_create(fd);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_RECOVERABLE, 0));
	ASSERT_OK(fault(fd, ctx));
	ASSERT_ERRNO(fault(fd, ctx), EIO);
	close(fd);
}

/* X78: a context that is not bannable is never banned (CAP_SYS_ADMIN to set it). */
TEST(unbannable_never_banned)
{
	REQUIRE_SHIM("GPU page faults are the shim's");
	if (!capable(CAP_SYS_ADMIN))
		SKIP("needs CAP_SYS_ADMIN");	/* external: privileges */
	int fd = i915_open_gen8();
	uint32_t ctx = gem_context_create(fd);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_BANNABLE, 0));
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_RECOVERABLE, 0));
	for (int i = 0; i < 5; i++)
		ASSERT_OK(fault(fd, ctx));
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 5);
	close(fd);
}

/* X77, CT4: three banned contexts in quick succession ban the file from making more;
 * its existing contexts, and other files, carry on. */
TEST(file_ban_score)
{
	REQUIRE_SHIM("GPU page faults are the shim's");
	int fd = i915_open_gen8();
	uint32_t spare = gem_context_create(fd);
	for (int i = 0; i < 3; i++) {
		uint32_t ctx = gem_context_create(fd);
		ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_RECOVERABLE, 0));
		ASSERT_OK(fault(fd, ctx));
	}
	struct drm_i915_gem_context_create_ext c = { 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), EIO);	/* 3 + 4 + 4 >= 9 */
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	struct drm_i915_gem_exec_object2 o = { .handle = gem_batch(fd, end, sizeof(end)) };
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, 0, spare));
	ASSERT_OK(gem_execbuf_ctx(fd, &o, 1, 0, 0));
	int other = i915_open_gen8();
	gem_context_create(other);
	close(other);
	close(fd);
}

/* ES7, NO_ERROR_CAPTURE: a fault of such a context is reported without its engine and batch, as
 * 6.1 drops the engine of such a context from the capture (shim only). */
TEST(no_error_capture)
{
	REQUIRE_SHIM("GPU page faults are the shim's");
	int fd = i915_open_gen8();
	int w = open("/sys/class/drm/card0/error", O_WRONLY | O_TRUNC);
	ASSERT(w >= 0);
	ASSERT_EQ(write(w, "1", 1), 1);
	close(w);
	uint32_t ctx = gem_context_create(fd);
	ASSERT_OK(setparam(fd, ctx, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, 1));
	ASSERT_OK(fault(fd, ctx));
	char text[16384] = { 0 };
	int r = open("/sys/class/drm/card0/error", O_RDONLY);
	ASSERT(r >= 0);
	ASSERT(read(r, text, sizeof(text) - 1) >= 0);
	close(r);
	ASSERT(!strncmp(text, "GPU HANG: ", 10));
	ASSERT(!strstr(text, "command stream:"));
	ASSERT(!strstr(text, "--- batch"));
	close(fd);
}

TEST_MAIN(T(defaults), T(flags), T(priority), T(sseu), T(proto_context_only_params), T(persistence), T(non_persistent_running_work_stops),
	  T(non_recoverable_banned_at_first_hang), T(unbannable_never_banned), T(file_ban_score),
	  T(no_error_capture))
