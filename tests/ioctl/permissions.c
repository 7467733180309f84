/* SPDX-License-Identifier: MIT */
/*
 * The DRM permission layer (uapi-conformance §1 D11-D14 and the §2 matrix,
 * P2-P21): render-node EACCES for ioctls without DRM_RENDER_ALLOW, DRM_AUTH
 * for unauthenticated unprivileged primary clients, DRM_MASTER, ROOT_ONLY,
 * and the i915 DRI1 no-ops. A permission failure is EACCES; a call that
 * passes the permission layer may still fail in its handler, which these
 * tests tell apart by the errno (or success) of a call with harmless args.
 */
#include "config.h"

#include <i915_drm.h>

#include "tests/ioctl/ioctl_util.h"

/* P2, P3, P4, P6, P7, P8, P9, P11, P12: core ioctls without RENDER_ALLOW are EACCES on a render node (D14). */
TEST(render_core_not_allowed)
{
	int r = open_render();
	char buf[256];
	memset(buf, 0, sizeof(buf));
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GET_UNIQUE, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GET_MAGIC, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GET_CLIENT, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GET_STATS, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_SET_CLIENT_CAP, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_SET_VERSION, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_AUTH_MAGIC, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_SET_MASTER, 0), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_DROP_MASTER, 0), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GEM_FLINK, buf), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GEM_OPEN, buf), EACCES);
	/* MODE_CREATE_DUMB has flags 0: primary only. */
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_MODE_CREATE_DUMB, buf), EACCES);
}

/* P1, P5, P10, P13: VERSION, GET_CAP, GEM_CLOSE, PRIME pass the permission layer on a render node. */
TEST(render_core_allowed)
{
	int r = open_render();
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	ASSERT_OK(ioctl(r, DRM_IOCTL_VERSION, &v));
	struct drm_get_cap cap = { .capability = DRM_CAP_PRIME };
	ASSERT_OK(ioctl(r, DRM_IOCTL_GET_CAP, &cap));
	ASSERT_ERRNO(gem_close(r, 1), EINVAL);			/* handler: unknown handle */
	struct drm_prime_handle p = { .handle = 1, .flags = DRM_CLOEXEC, .fd = -1 };
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p), ENOENT);	/* handler */
	memset(&p, 0, sizeof(p));
	p.fd = 0;	/* not a dma-buf */
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p), EINVAL);
}

/* P14: SYNCOBJ ioctls are render-allowed (EOPNOTSUPP without DRIVER_SYNCOBJ, as vgem; i915 creates). */
TEST(render_syncobj_allowed)
{
	int r = open_render();
	struct drm_syncobj_create c = { 0 };
	int ret = ioctl(r, DRM_IOCTL_SYNCOBJ_CREATE, &c), err = errno;
	if (test_is_i915(r)) {
		if (ret)
			TEST_FAIL("SYNCOBJ_CREATE on i915 render node: %s", strerror(err));
		ASSERT_EQ(c.handle, 1);
		struct drm_syncobj_destroy d = { .handle = c.handle };
		ASSERT_OK(ioctl(r, DRM_IOCTL_SYNCOBJ_DESTROY, &d));
	} else {
		ASSERT_EQ(ret, -1);
		ASSERT_EQ(err, EOPNOTSUPP);
	}
}

/* P2, P4: GET_UNIQUE, GET_CLIENT (idx 0) and GET_STATS work for an unauthenticated primary client; stats are zero. */
TEST(primary_unauthenticated_queries)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	struct drm_unique u;
	memset(&u, 0, sizeof(u));
	ASSERT_OK(ioctl(c, DRM_IOCTL_GET_UNIQUE, &u));
	struct drm_client cl;
	memset(&cl, 0, sizeof(cl));
	ASSERT_OK(ioctl(c, DRM_IOCTL_GET_CLIENT, &cl));
	ASSERT_EQ(cl.auth, 0);
	struct drm_stats st;
	memset(&st, 0xff, sizeof(st));
	ASSERT_OK(ioctl(c, DRM_IOCTL_GET_STATS, &st));
	ASSERT_EQ(st.count, 0);
	(void)m;
}

/* P7, D13: SET_VERSION is master-only; the master gets the interface and driver versions back. */
TEST(set_version_master_only)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	struct drm_set_version sv = { -1, -1, -1, -1 };
	ASSERT_ERRNO(ioctl(c, DRM_IOCTL_SET_VERSION, &sv), EACCES);
	ASSERT_OK(ioctl(m, DRM_IOCTL_SET_VERSION, &sv));
	ASSERT_EQ(sv.drm_di_major, 1);
	ASSERT(sv.drm_di_minor >= 1);
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	ASSERT_OK(ioctl(m, DRM_IOCTL_VERSION, &v));
	ASSERT_EQ(sv.drm_dd_major, v.version_major);
	ASSERT_EQ(sv.drm_dd_minor, v.version_minor);
}

/* D12, P11, P12: DRM_AUTH ioctls are EACCES for an unauthenticated unprivileged primary client. */
TEST(primary_unauthenticated_auth_ioctls)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	uint32_t h = must_create(c);	/* flags 0: allowed unauthenticated */
	struct drm_gem_flink f = { .handle = h };
	ASSERT_ERRNO(ioctl(c, DRM_IOCTL_GEM_FLINK, &f), EACCES);
	struct drm_gem_open o = { .name = 1 };
	ASSERT_ERRNO(ioctl(c, DRM_IOCTL_GEM_OPEN, &o), EACCES);
	/* P10, P13: GEM_CLOSE and PRIME need no auth. */
	struct drm_prime_handle p = { .handle = 9999, .flags = DRM_CLOEXEC, .fd = -1 };
	p = (struct drm_prime_handle){ .handle = h, .flags = DRM_CLOEXEC, .fd = -1 };
	ASSERT_OK(ioctl(c, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p));
	ASSERT(p.fd >= 0);
	close(p.fd);
	ASSERT_OK(gem_close(c, h));
	(void)m;
}

/* D11: ROOT_ONLY (BLOCK/UNBLOCK, AUTH|MASTER|ROOT_ONLY no-ops) is EACCES for an unprivileged master. */
TEST(root_only_unprivileged_eacces)
{
	become_unprivileged();
	int m = open_master();
	struct drm_block b = { 0 };
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_BLOCK, &b), EACCES);
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_UNBLOCK, &b), EACCES);
}

/* D11, D13: BLOCK/UNBLOCK succeed (no-op) for a root master; a root non-master gets EACCES (MASTER). */
TEST(root_only_root_master_noop)
{
	require_root();
	int m = open_master();
	int c = open_primary();
	int r = open_render();
	struct drm_block b = { 0 };
	ASSERT_OK(ioctl(m, DRM_IOCTL_BLOCK, &b));
	ASSERT_OK(ioctl(m, DRM_IOCTL_UNBLOCK, &b));
	ASSERT_ERRNO(ioctl(c, DRM_IOCTL_BLOCK, &b), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_BLOCK, &b), EACCES);
}

/* Issues an i915 ioctl with a zeroed argument (the handlers below never read it). */
static int i915_call(int fd, unsigned long cmd)
{
	static char zero[256];
	memset(zero, 0, sizeof(zero));
	return ioctl(fd, cmd, zero);
}

#define CMD(x) { DRM_IOCTL_I915_##x, #x }
static const struct { unsigned long cmd; const char *name; } dri1_auth[] = {
	CMD(FLUSH), CMD(FLIP), CMD(BATCHBUFFER), CMD(IRQ_EMIT), CMD(IRQ_WAIT), CMD(ALLOC),
	CMD(FREE), CMD(CMDBUFFER), CMD(GET_VBLANK_PIPE), CMD(VBLANK_SWAP),
};

static const struct { unsigned long cmd; const char *name; } dri1_root[] = {
	CMD(INIT), CMD(SETPARAM), CMD(INIT_HEAP), CMD(DESTROY_HEAP), CMD(SET_VBLANK_PIPE),
	CMD(HWS_ADDR), CMD(GEM_INIT), CMD(GEM_ENTERVT), CMD(GEM_LEAVEVT),
};

#define CHECK_ALL(tbl, fd, expect_ok, err) do { \
	for (size_t _i = 0; _i < ARRAY_SIZE(tbl); _i++) { \
		errno = 0; \
		int _r = i915_call(fd, tbl[_i].cmd); \
		if ((expect_ok) ? _r != 0 : (_r != -1 || errno != (err))) \
			TEST_FAIL("I915_%s: got %d/%s, expected %s", tbl[_i].name, _r, \
				  _r ? strerror(errno) : "ok", (expect_ok) ? "0" : strerror(err)); \
	} } while (0)

/* P16: the DRI1 leftovers (DRM_AUTH) succeed and do nothing for an authenticated client. */
TEST(i915_dri1_noops_authenticated)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_authenticated(m);
	CHECK_ALL(dri1_auth, m, 1, 0);
	CHECK_ALL(dri1_auth, c, 1, 0);
}

/* P16: the DRI1 leftovers are EACCES unauthenticated and on the render node. */
TEST(i915_dri1_noops_unauthenticated)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_primary();
	int r = open_render();
	CHECK_ALL(dri1_auth, c, 0, EACCES);
	CHECK_ALL(dri1_auth, r, 0, EACCES);
}

/* P15: AUTH|MASTER|ROOT_ONLY no-ops: 0 for the root master, EACCES otherwise. */
TEST(i915_root_only_noops)
{
	require_root();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_primary();
	int r = open_render();
	CHECK_ALL(dri1_root, m, 1, 0);
	CHECK_ALL(dri1_root, c, 0, EACCES);
	CHECK_ALL(dri1_root, r, 0, EACCES);
}

/* P15: an unprivileged master gets EACCES (ROOT_ONLY). */
TEST(i915_root_only_noops_unprivileged)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	CHECK_ALL(dri1_root, m, 0, EACCES);
}

/* P17: GEM_EXECBUFFER (v1) is DRM_AUTH; authenticated with no buffers it is EINVAL (removed in 5.15+). */
TEST(i915_execbuffer_v1)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_primary();
	int r = open_render();
	struct drm_i915_gem_execbuffer eb;
	memset(&eb, 0, sizeof(eb));
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_I915_GEM_EXECBUFFER, &eb), EINVAL);
	ASSERT_ERRNO(ioctl(c, DRM_IOCTL_I915_GEM_EXECBUFFER, &eb), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_I915_GEM_EXECBUFFER, &eb), EACCES);
}

/* P18: GEM_PIN/UNPIN: root ENODEV; non-root EACCES; render EACCES. */
TEST(i915_pin_rejected_root)
{
	require_root();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int r = open_render();
	struct drm_i915_gem_pin pin;
	memset(&pin, 0, sizeof(pin));
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_I915_GEM_PIN, &pin), ENODEV);
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_I915_GEM_UNPIN, &pin), ENODEV);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_I915_GEM_PIN, &pin), EACCES);
}

TEST(i915_pin_rejected_unprivileged)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	struct drm_i915_gem_pin pin;
	memset(&pin, 0, sizeof(pin));
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_I915_GEM_PIN, &pin), EACCES);
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_I915_GEM_UNPIN, &pin), EACCES);
}

/* P19: RENDER_ALLOW-only i915 ioctls work for an unauthenticated primary client and on render. */
TEST(i915_render_allow_unauthenticated)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_primary();
	int r = open_render();
	int fds[2] = { c, r };
	for (int i = 0; i < 2; i++) {
		int val = 0;
		struct drm_i915_getparam gp = { .param = I915_PARAM_HAS_GEM, .value = &val };
		ASSERT_OK(ioctl(fds[i], DRM_IOCTL_I915_GETPARAM, &gp));
		ASSERT_EQ(val, 1);
		struct drm_i915_gem_create cr = { .size = 4096 };
		ASSERT_OK(ioctl(fds[i], DRM_IOCTL_I915_GEM_CREATE, &cr));
		ASSERT_EQ(cr.handle, 1);
		struct drm_i915_gem_busy busy = { .handle = cr.handle };
		ASSERT_OK(ioctl(fds[i], DRM_IOCTL_I915_GEM_BUSY, &busy));
		ASSERT_OK(gem_close(fds[i], cr.handle));
	}
}

/* P20: GET_PIPE_FROM_CRTC_ID has no flags: EACCES on render. */
TEST(i915_pipe_from_crtc_render_eacces)
{
	int r = open_render();
	if (!test_is_i915(r))
		SKIP_MISSING("not i915");
	struct drm_i915_get_pipe_from_crtc_id p = { 0 };
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &p), EACCES);
}

/* P21: OVERLAY_PUT_IMAGE, OVERLAY_ATTRS, SET/GET_SPRITE_COLORKEY are master-only: EACCES otherwise. */
TEST(i915_overlay_master_only)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_authenticated(m);
	int r = open_render();
	char buf[128];
	memset(buf, 0, sizeof(buf));
	unsigned long cmds[] = { DRM_IOCTL_I915_OVERLAY_PUT_IMAGE, DRM_IOCTL_I915_OVERLAY_ATTRS,
				 DRM_IOCTL_I915_SET_SPRITE_COLORKEY, DRM_IOCTL_I915_GET_SPRITE_COLORKEY };
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++) {
		ASSERT_ERRNO(ioctl(c, cmds[i], buf), EACCES);
		ASSERT_ERRNO(ioctl(r, cmds[i], buf), EACCES);
	}
}

TEST_MAIN(T(render_core_not_allowed), T(render_core_allowed), T(render_syncobj_allowed),
	  T(primary_unauthenticated_queries), T(set_version_master_only),
	  T(primary_unauthenticated_auth_ioctls), T(root_only_unprivileged_eacces),
	  T(root_only_root_master_noop), T(i915_dri1_noops_authenticated),
	  T(i915_dri1_noops_unauthenticated), T(i915_root_only_noops),
	  T(i915_root_only_noops_unprivileged), T(i915_execbuffer_v1), T(i915_pin_rejected_root),
	  T(i915_pin_rejected_unprivileged), T(i915_render_allow_unauthenticated),
	  T(i915_pipe_from_crtc_render_eacces), T(i915_overlay_master_only))
