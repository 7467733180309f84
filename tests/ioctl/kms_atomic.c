/* SPDX-License-Identifier: MIT */
/*
 * The atomic uAPI and what is built on it (uapi-conformance §8b, rows KA*):
 * ATOMIC's flags and its per-property checks, TEST_ONLY, NONBLOCK with
 * events and EBUSY, ALLOW_MODESET, out- and in-fences, SETPLANE,
 * OBJ_SETPROPERTY, legacy DPMS, and property blobs. Every id is found
 * through GETRESOURCES and property names. Core rules run on any atomic KMS
 * driver (the real-kernel check uses bochs, which has no vblank interrupt:
 * the cases that need a commit to stay pending until a vblank skip there);
 * what only i915 decides is marked and skips elsewhere.
 */
#include "config.h"

#include "tests/ioctl/kms_util.h"

#include <fcntl.h>
#include <poll.h>

/* One commit being built: objects in order, their properties after them. */
struct req {
	uint32_t nobjs, nprops;
	uint32_t objs[16], counts[16], props[64];
	uint64_t values[64];
};

static void add(struct req *r, uint32_t obj, uint32_t prop, uint64_t value)
{
	if (!prop)
		TEST_FAIL("property not found on object %u", obj);
	if (!r->nobjs || r->objs[r->nobjs - 1] != obj) {
		r->objs[r->nobjs] = obj;
		r->counts[r->nobjs++] = 0;
	}
	r->counts[r->nobjs - 1]++;
	r->props[r->nprops] = prop;
	r->values[r->nprops++] = value;
}

static int commit(int fd, const struct req *r, uint32_t flags, uint64_t user_data)
{
	struct drm_mode_atomic a;
	memset(&a, 0, sizeof(a));
	a.flags = flags;
	a.count_objs = r->nobjs;
	a.objs_ptr = (uintptr_t)r->objs;
	a.count_props_ptr = (uintptr_t)r->counts;
	a.props_ptr = (uintptr_t)r->props;
	a.prop_values_ptr = (uintptr_t)r->values;
	a.user_data = user_data;
	return ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a);
}

static uint32_t prop_id(int fd, uint32_t obj, uint32_t type, const char *name)
{
	uint32_t id = 0;
	kms_prop(fd, obj, type, name, NULL, &id);
	return id;
}

static uint64_t prop_value(int fd, uint32_t obj, uint32_t type, const char *name)
{
	uint64_t v = 0;
	if (!kms_prop(fd, obj, type, name, &v, NULL))
		TEST_FAIL("no property %s on %u", name, obj);
	return v;
}

/* The display in use: master, ATOMIC, a lit CRTC with its connector and primary plane. */
struct disp {
	int fd;
	uint32_t conn, crtc, pipe, primary, fb;
	struct drm_mode_modeinfo mode;
};

static uint32_t plane_of_type(int fd, uint32_t pipe, uint64_t type)
{
	uint32_t ids[64];
	struct drm_mode_get_plane_res r = { .count_planes = 64, .plane_id_ptr = (uintptr_t)ids };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	for (uint32_t i = 0; i < r.count_planes && i < 64; i++) {
		struct drm_mode_get_plane p = { .plane_id = ids[i] };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
		if ((p.possible_crtcs & (1u << pipe)) && prop_value(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type") == type)
			return ids[i];
	}
	return 0;
}

static void disp_open(struct disp *d)
{
	memset(d, 0, sizeof(*d));
	d->fd = kms_open_master();
	struct drm_set_client_cap c = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
	if (ioctl(d->fd, DRM_IOCTL_SET_CLIENT_CAP, &c))
		SKIP_MISSING("the driver is not atomic (SET_CLIENT_CAP ATOMIC: %s)", strerror(errno));
	d->conn = kms_connected(d->fd, &d->mode);
	d->crtc = kms_light(d->fd, d->conn, &d->mode, &d->fb);
	d->pipe = kms_pipe_of(d->fd, d->crtc);
	d->primary = plane_of_type(d->fd, d->pipe, 1);
	ASSERT(d->primary != 0);
}

static uint32_t plane_fb(int fd, uint32_t plane)
{
	struct drm_mode_get_plane p = { .plane_id = plane };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
	return p.fb_id;
}

/* Does the CRTC's commit stay pending until a vblank (a driver with vblank interrupts)? */
static bool has_vblank(int fd, uint32_t crtc)
{
	struct drm_crtc_get_sequence s = { .crtc_id = crtc };
	return ioctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s) == 0;
}

static void flip_req(struct disp *d, struct req *r, uint32_t fb)
{
	memset(r, 0, sizeof(*r));
	add(r, d->primary, prop_id(d->fd, d->primary, DRM_MODE_OBJECT_PLANE, "FB_ID"), fb);
}

/* KA3: ATOMIC needs the file's ATOMIC cap: EINVAL without it. */
TEST(atomic_needs_cap)
{
	int fd = kms_open_master();
	struct drm_mode_atomic a;
	memset(&a, 0, sizeof(a));
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a), EINVAL);
	struct drm_set_client_cap c = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
	if (ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &c))
		SKIP_MISSING("not an atomic driver");
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a));	/* an empty commit is fine */
}

/* KA4: unknown flags, reserved ≠ 0, PAGE_FLIP_ASYNC and TEST_ONLY with an event: EINVAL. */
TEST(atomic_bad_flags)
{
	struct disp d;
	disp_open(&d);
	struct req r;
	flip_req(&d, &r, d.fb);
	ASSERT_ERRNO(commit(d.fd, &r, 0x8000, 0), EINVAL);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_PAGE_FLIP_ASYNC, 0), EINVAL);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_PAGE_FLIP_EVENT, 0), EINVAL);
	struct drm_mode_atomic a;
	memset(&a, 0, sizeof(a));
	a.reserved = 1;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_ATOMIC, &a), EINVAL);
}

/* KA5: an event needs a CRTC in the commit: an empty commit with PAGE_FLIP_EVENT is EINVAL. */
TEST(atomic_event_needs_crtc)
{
	struct disp d;
	disp_open(&d);
	struct req r;
	memset(&r, 0, sizeof(r));
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK, 0), EINVAL);
}

/* KA7: an unknown object, one without properties (an encoder), or a property the object
 * does not have: ENOENT. */
TEST(atomic_unknown_object_or_property)
{
	struct disp d;
	disp_open(&d);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(d.fd, &res));
	uint32_t active = prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE");
	struct req r;
	memset(&r, 0, sizeof(r));
	add(&r, 0x7fff0000, active, 1);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), ENOENT);
	memset(&r, 0, sizeof(r));
	add(&r, res.encoders[0], active, 1);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), ENOENT);
	memset(&r, 0, sizeof(r));
	add(&r, d.primary, active, 1);	/* ACTIVE is a CRTC's */
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), ENOENT);
}

/* KA8: values a property cannot take: out of its range, an unknown object id, an unknown
 * blob, any value of an immutable property: EINVAL. */
TEST(atomic_values_out_of_range)
{
	struct disp d;
	disp_open(&d);
	struct { uint32_t obj, type; const char *name; uint64_t value; } bad[] = {
		{ d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 2 },
		{ d.crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", 0x7fff0000 },
		{ d.primary, DRM_MODE_OBJECT_PLANE, "FB_ID", 0x7fff0000 },
		{ d.primary, DRM_MODE_OBJECT_PLANE, "CRTC_ID", 0x7fff0000 },
		{ d.primary, DRM_MODE_OBJECT_PLANE, "CRTC_W", 0x80000000ull },
		{ d.primary, DRM_MODE_OBJECT_PLANE, "SRC_W", 0x100000000ull },
		{ d.primary, DRM_MODE_OBJECT_PLANE, "IN_FENCE_FD", (uint64_t)-2 },
		{ d.primary, DRM_MODE_OBJECT_PLANE, "type", 1 },
		{ d.conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", d.primary },
	};
	for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
		struct req r;
		memset(&r, 0, sizeof(r));
		add(&r, bad[i].obj, prop_id(d.fd, bad[i].obj, bad[i].type, bad[i].name), bad[i].value);
		errno = 0;
		if (commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET, 0) != -1 ||
		    errno != EINVAL)
			TEST_FAIL("%s = %#llx: expected EINVAL, got %s", bad[i].name,
				  (unsigned long long)bad[i].value, strerror(errno));
	}
}

/* KA12: a plane with a CRTC and no framebuffer (or the reverse) is EINVAL; a source
 * rectangle outside the framebuffer ENOSPC. */
TEST(atomic_plane_core_checks)
{
	struct disp d;
	disp_open(&d);
	struct req r;
	flip_req(&d, &r, 0);	/* FB_ID 0, CRTC_ID still set */
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), EINVAL);
	uint32_t small = kms_fb(d.fd, 64, 64);
	flip_req(&d, &r, small);	/* the plane's source is the mode's size */
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), ENOSPC);
}

/* KA16: TEST_ONLY checks and changes nothing: the plane keeps its fb, no event comes. */
TEST(test_only_changes_nothing)
{
	struct disp d;
	disp_open(&d);
	uint32_t fb = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay);
	struct req r;
	flip_req(&d, &r, fb);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0));
	ASSERT_EQ(plane_fb(d.fd, d.primary), d.fb);
	/* OUT_FENCE_PTR with TEST_ONLY: -1 written, no fence. */
	int32_t fence = 1234;
	add(&r, d.crtc, prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "OUT_FENCE_PTR"), (uintptr_t)&fence);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0));
	ASSERT_EQ(fence, -1);
	ASSERT_OK(fcntl(d.fd, F_SETFL, O_NONBLOCK));
	char buf[64];
	ASSERT_ERRNO(read(d.fd, buf, sizeof(buf)), EAGAIN);
}

/* KA6, KA16: a NONBLOCK commit with an event returns at once with the new state visible;
 * the event is a FLIP_COMPLETE with user_data and the CRTC's id. */
TEST(nonblock_event)
{
	struct disp d;
	disp_open(&d);
	uint32_t fb = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay);
	struct req r;
	flip_req(&d, &r, fb);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT, 0x1234abcd));
	ASSERT_EQ(plane_fb(d.fd, d.primary), fb);
	struct drm_event_vblank ev;
	ASSERT_EQ(read(d.fd, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_EQ(ev.base.type, DRM_EVENT_FLIP_COMPLETE);
	ASSERT_EQ(ev.user_data, 0x1234abcd);
	ASSERT_EQ(ev.crtc_id, d.crtc);
}

/* KA6: a NONBLOCK commit on a CRTC whose previous commit has not reached its vblank is
 * EBUSY; a blocking one waits for it. The event comes at the vblank after the commit. */
TEST(nonblock_busy_until_vblank)
{
	struct disp d;
	disp_open(&d);
	if (!has_vblank(d.fd, d.crtc))
		SKIP_MISSING("no vblank on this CRTC");
	uint32_t a = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay), b = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay);
	struct drm_crtc_get_sequence s = { .crtc_id = d.crtc };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &s));
	struct req r;
	flip_req(&d, &r, a);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT, 1));
	flip_req(&d, &r, b);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_NONBLOCK, 0), EBUSY);
	ASSERT_EQ(plane_fb(d.fd, d.primary), a);	/* the refused commit changed nothing */
	ASSERT_OK(commit(d.fd, &r, 0, 0));		/* blocking: waits, then commits */
	ASSERT_EQ(plane_fb(d.fd, d.primary), b);
	struct drm_event_vblank ev;
	ASSERT_EQ(read(d.fd, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_EQ(ev.user_data, 1);
	ASSERT(ev.sequence >= (uint32_t)s.sequence + 1);
}

/* KA15: a modeset (ACTIVE, MODE_ID, a connector's CRTC) without ALLOW_MODESET is EINVAL;
 * with it the same commit passes. */
TEST(allow_modeset_rule)
{
	struct disp d;
	disp_open(&d);
	struct req r;
	memset(&r, 0, sizeof(r));
	add(&r, d.crtc, prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 0);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), EINVAL);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET, 0));
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 1);
	/* A connector with no CRTC left on a CRTC with a mode: EINVAL even with the flag. */
	memset(&r, 0, sizeof(r));
	add(&r, d.conn, prop_id(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID"), 0);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET, 0), EINVAL);
	/* ACTIVE 0 with the flag: the CRTC is off but keeps its mode. */
	memset(&r, 0, sizeof(r));
	add(&r, d.crtc, prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 0);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_ALLOW_MODESET, 0));
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 0);
	struct drm_mode_crtc c;
	kms_getcrtc(d.fd, d.crtc, &c);
	ASSERT_EQ(c.mode_valid, 1);
}

/* KA9, KA1: MODE_ID takes a blob of one drm_mode_modeinfo (another size: EINVAL); a full
 * modeset from off through ATOMIC reads back the blob. */
TEST(mode_id_blob)
{
	struct disp d;
	disp_open(&d);
	struct drm_mode_create_blob b = { .data = (uintptr_t)&d.mode, .length = sizeof(d.mode) - 4 };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_CREATEPROPBLOB, &b));
	uint32_t mode_id = prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID");
	struct req r;
	memset(&r, 0, sizeof(r));
	add(&r, d.crtc, mode_id, b.blob_id);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET, 0), EINVAL);
	/* Off (plane, connector, CRTC), then on again with a blob of the mode. */
	ASSERT_OK(kms_setcrtc(d.fd, d.crtc, 0, NULL, NULL, 0));
	b.length = sizeof(d.mode);
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_CREATEPROPBLOB, &b));
	memset(&r, 0, sizeof(r));
	add(&r, d.crtc, mode_id, b.blob_id);
	add(&r, d.crtc, prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 1);
	add(&r, d.conn, prop_id(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID"), d.crtc);
	add(&r, d.primary, prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "FB_ID"), d.fb);
	add(&r, d.primary, prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "CRTC_ID"), d.crtc);
	add(&r, d.primary, prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "SRC_W"), (uint64_t)d.mode.hdisplay << 16);
	add(&r, d.primary, prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "SRC_H"), (uint64_t)d.mode.vdisplay << 16);
	add(&r, d.primary, prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "CRTC_W"), d.mode.hdisplay);
	add(&r, d.primary, prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "CRTC_H"), d.mode.vdisplay);
	ASSERT_ERRNO(commit(d.fd, &r, 0, 0), EINVAL);	/* a modeset */
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_ALLOW_MODESET, 0));
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID"), b.blob_id);
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 1);
	ASSERT_EQ(prop_value(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID"), d.crtc);
	/* The user's blob may go: the CRTC keeps its mode. */
	struct drm_mode_destroy_blob db = { .blob_id = b.blob_id };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_DESTROYPROPBLOB, &db));
	struct drm_mode_crtc c;
	kms_getcrtc(d.fd, d.crtc, &c);
	ASSERT_EQ(c.mode_valid, 1);
	ASSERT_EQ(c.mode.hdisplay, d.mode.hdisplay);
}

/* KA17: OUT_FENCE_PTR gets a sync_file that signals (becomes readable) once the commit
 * reaches its vblank; an unwritable pointer is EFAULT and commits nothing. */
TEST(out_fence_signals_at_vblank)
{
	struct disp d;
	disp_open(&d);
	uint32_t fb = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay);
	uint32_t out = prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "OUT_FENCE_PTR");
	struct req r;
	flip_req(&d, &r, fb);
	add(&r, d.crtc, out, 8);	/* unmapped */
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_NONBLOCK, 0), EFAULT);
	ASSERT_EQ(plane_fb(d.fd, d.primary), d.fb);
	int32_t fence = -5;
	flip_req(&d, &r, fb);
	add(&r, d.crtc, out, (uintptr_t)&fence);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_NONBLOCK, 0));
	ASSERT(fence >= 0);
	struct pollfd p = { .fd = fence, .events = POLLIN };
	if (has_vblank(d.fd, d.crtc))
		ASSERT_EQ(poll(&p, 1, 0), 0);	/* pending until the vblank */
	ASSERT_EQ(poll(&p, 1, 1000), 1);
	ASSERT(p.revents & POLLIN);
	close(fence);
}

/* KA18: IN_FENCE_FD takes -1 or a sync_file; another fd is EINVAL, and so is a second
 * in-fence for the same plane. A signalled fence lets the commit through. */
TEST(in_fence)
{
	struct disp d;
	disp_open(&d);
	uint32_t fb = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay);
	uint32_t in = prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "IN_FENCE_FD");
	struct req r;
	flip_req(&d, &r, fb);
	add(&r, d.primary, in, (uint64_t)d.fd);	/* not a sync_file */
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), EINVAL);
	flip_req(&d, &r, fb);
	add(&r, d.primary, in, (uint64_t)-1);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0));
	/* A sync_file: the out-fence of a first commit. */
	int32_t fence = -1;
	flip_req(&d, &r, fb);
	add(&r, d.crtc, prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "OUT_FENCE_PTR"), (uintptr_t)&fence);
	ASSERT_OK(commit(d.fd, &r, 0, 0));
	ASSERT(fence >= 0);
	struct pollfd p = { .fd = fence, .events = POLLIN };
	ASSERT_EQ(poll(&p, 1, 1000), 1);
	flip_req(&d, &r, d.fb);
	add(&r, d.primary, in, (uint64_t)fence);
	add(&r, d.primary, in, (uint64_t)fence);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY, 0), EINVAL);
	flip_req(&d, &r, d.fb);
	add(&r, d.primary, in, (uint64_t)fence);
	ASSERT_OK(commit(d.fd, &r, DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT, 7));
	struct drm_event_vblank ev;
	ASSERT_EQ(read(d.fd, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_EQ(ev.user_data, 7);
	ASSERT_EQ(plane_fb(d.fd, d.primary), d.fb);
}

/* KA21: SETPLANE: an unknown plane, or with an fb an unknown fb or CRTC: ENOENT; the source
 * outside the fb ENOSPC; a destination past INT_MAX ERANGE; fb 0 turns the plane off. */
TEST(setplane_checks)
{
	struct disp d;
	disp_open(&d);
	uint32_t w = d.mode.hdisplay, h = d.mode.vdisplay;
	struct drm_mode_set_plane s = { .plane_id = d.primary, .crtc_id = d.crtc, .fb_id = d.fb,
					.crtc_w = w, .crtc_h = h, .src_w = w << 16, .src_h = h << 16 };
	struct drm_mode_set_plane t = s;
	t.plane_id = 0x7fff0000;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), ENOENT);
	t = s, t.fb_id = 0x7fff0000;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), ENOENT);
	t = s, t.crtc_id = d.primary;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), ENOENT);
	t = s, t.src_x = 1 << 16;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), ENOSPC);
	t = s, t.crtc_x = 100, t.crtc_w = 0x7fffffff;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), ERANGE);
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &s));
	ASSERT_EQ(plane_fb(d.fd, d.primary), d.fb);
	/* fb 0: the CRTC is not looked at. Whether an active CRTC may lose its primary plane is
	 * the driver's say (KF12): i915 yes; bochs refuses (EINVAL). */
	t = s, t.fb_id = 0, t.crtc_id = 0x7fff0000;
	if (ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t)) {
		ASSERT_EQ(errno, EINVAL);
		ASSERT(!test_is_i915(d.fd));
		ASSERT_EQ(plane_fb(d.fd, d.primary), d.fb);
		return;
	}
	ASSERT_EQ(plane_fb(d.fd, d.primary), 0);
	struct drm_mode_get_plane p = { .plane_id = d.primary };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &s));
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_GETPLANE, &p));
	ASSERT_EQ(p.crtc_id, d.crtc);
}

/* KA21: a plane on a CRTC it cannot drive, or a format it cannot scan out: EINVAL. */
TEST(setplane_crtc_and_format)
{
	struct disp d;
	disp_open(&d);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(d.fd, &res));
	uint32_t w = d.mode.hdisplay, h = d.mode.vdisplay;
	struct drm_mode_set_plane s = { .plane_id = d.primary, .crtc_id = d.crtc, .fb_id = d.fb,
					.crtc_w = w, .crtc_h = h, .src_w = w << 16, .src_h = h << 16 };
	struct drm_mode_get_plane gp = { .plane_id = d.primary };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_GETPLANE, &gp));
	for (uint32_t i = 0; i < res.ncrtcs; i++)
		if (!(gp.possible_crtcs & (1u << i))) {
			struct drm_mode_set_plane t = s;
			t.crtc_id = res.crtcs[i];
			ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), EINVAL);
			break;
		}
	/* RGB565 where the primary plane does not list it. */
	uint32_t formats[64];
	gp.count_format_types = 64;
	gp.format_type_ptr = (uintptr_t)formats;
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_GETPLANE, &gp));
	for (uint32_t i = 0; i < gp.count_format_types; i++)
		if (formats[i] == DRM_FORMAT_RGB565)
			return;
	uint32_t pitch = 0, handle = kms_dumb(d.fd, w, h, &pitch), fb = 0;
	struct drm_mode_fb_cmd2 f = { .width = w, .height = h, .pixel_format = DRM_FORMAT_RGB565 };
	f.handles[0] = handle;
	f.pitches[0] = pitch;
	if (ioctl(d.fd, DRM_IOCTL_MODE_ADDFB2, &f))
		return;	/* no plane at all takes it */
	fb = f.fb_id;
	s.fb_id = fb;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &s), EINVAL);
}

/* KA23, KA24 (i915): the cursor plane takes 64x64 but not 100x100 (EINVAL), and does not
 * scale (ERANGE); a plane on a CRTC with no mode is invisible, not an error. */
TEST(setplane_i915_cursor)
{
	struct disp d;
	disp_open(&d);
	if (!test_is_i915(d.fd))
		SKIP_DEVICE("i915's plane rules");
	uint32_t cursor = plane_of_type(d.fd, d.pipe, 2);
	ASSERT(cursor != 0);
	struct drm_mode_fb_cmd2 f = { .width = 128, .height = 128, .pixel_format = DRM_FORMAT_ARGB8888 };
	uint32_t pitch = 0;
	f.handles[0] = kms_dumb(d.fd, 128, 128, &pitch);
	f.pitches[0] = pitch;
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_ADDFB2, &f));
	struct drm_mode_set_plane s = { .plane_id = cursor, .crtc_id = d.crtc, .fb_id = f.fb_id,
					.crtc_x = 10, .crtc_y = 10, .crtc_w = 64, .crtc_h = 64,
					.src_w = 64 << 16, .src_h = 64 << 16 };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &s));
	struct drm_mode_set_plane t = s;
	t.crtc_w = t.crtc_h = 100, t.src_w = t.src_h = 100 << 16;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), EINVAL);
	t = s, t.src_w = t.src_h = 128 << 16;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &t), ERANGE);
	/* the CRTC off: the cursor may still be set, unseen */
	ASSERT_OK(kms_setcrtc(d.fd, d.crtc, 0, NULL, NULL, 0));
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPLANE, &s));
}

/* KA10, KA11: OBJ_SETPROPERTY: an unknown object ENOENT; a property not on the object, or an
 * object without properties, EINVAL; a value out of range EINVAL; a plane's FB_ID is a
 * one-property commit. */
TEST(obj_setproperty)
{
	struct disp d;
	disp_open(&d);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(d.fd, &res));
	uint32_t fb_id = prop_id(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "FB_ID");
	uint32_t active = prop_id(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE");
	struct drm_mode_obj_set_property s = { .obj_id = 0x7fff0000, .obj_type = DRM_MODE_OBJECT_PLANE,
					       .prop_id = fb_id, .value = d.fb };
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &s), ENOENT);
	s.obj_id = d.primary, s.obj_type = DRM_MODE_OBJECT_CRTC;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &s), ENOENT);
	s.obj_id = res.encoders[0], s.obj_type = DRM_MODE_OBJECT_ENCODER;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &s), EINVAL);
	s.obj_id = d.primary, s.obj_type = DRM_MODE_OBJECT_PLANE, s.prop_id = active;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &s), EINVAL);
	s.obj_id = d.crtc, s.obj_type = DRM_MODE_OBJECT_CRTC, s.value = 2;
	ASSERT_ERRNO(ioctl(d.fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &s), EINVAL);
	uint32_t fb = kms_fb(d.fd, d.mode.hdisplay, d.mode.vdisplay);
	s.obj_id = d.primary, s.obj_type = DRM_MODE_OBJECT_ANY, s.prop_id = fb_id, s.value = fb;
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_OBJ_SETPROPERTY, &s));
	ASSERT_EQ(plane_fb(d.fd, d.primary), fb);
	ASSERT_EQ(prop_value(d.fd, d.primary, DRM_MODE_OBJECT_PLANE, "FB_ID"), fb);
}

/* KA19, KA20: DPMS through SETPROPERTY: Off makes the CRTC inactive (its mode kept), On
 * active again; Standby reads back as Off. Through ATOMIC, DPMS is EINVAL. */
TEST(dpms)
{
	struct disp d;
	disp_open(&d);
	uint32_t dpms = prop_id(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "DPMS");
	ASSERT_EQ(prop_value(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "DPMS"), DRM_MODE_DPMS_ON);
	struct req r;
	memset(&r, 0, sizeof(r));
	add(&r, d.conn, dpms, DRM_MODE_DPMS_OFF);
	ASSERT_ERRNO(commit(d.fd, &r, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET, 0), EINVAL);
	struct drm_mode_connector_set_property s = { .value = DRM_MODE_DPMS_OFF, .prop_id = dpms,
						     .connector_id = d.conn };
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPROPERTY, &s));
	ASSERT_EQ(prop_value(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "DPMS"), DRM_MODE_DPMS_OFF);
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 0);
	struct drm_mode_crtc c;
	kms_getcrtc(d.fd, d.crtc, &c);
	ASSERT_EQ(c.mode_valid, 1);
	ASSERT_EQ(c.fb_id, d.fb);
	s.value = DRM_MODE_DPMS_ON;
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPROPERTY, &s));
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 1);
	s.value = DRM_MODE_DPMS_STANDBY;
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPROPERTY, &s));
	ASSERT_EQ(prop_value(d.fd, d.conn, DRM_MODE_OBJECT_CONNECTOR, "DPMS"), DRM_MODE_DPMS_OFF);
	ASSERT_EQ(prop_value(d.fd, d.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE"), 0);
	s.value = DRM_MODE_DPMS_ON;
	ASSERT_OK(ioctl(d.fd, DRM_IOCTL_MODE_SETPROPERTY, &s));
}

/* KA1, KA2: CREATEPROPBLOB of 0 bytes EINVAL; a blob reads back; only its maker destroys it
 * (EPERM for another file, and for the driver's EDID); unknown ids ENOENT; a file's
 * blobs go with it. */
TEST(blobs)
{
	int a = kms_open(), b = open_primary();
	uint8_t bytes[40];
	for (unsigned i = 0; i < sizeof(bytes); i++)
		bytes[i] = (uint8_t)(i * 7);
	struct drm_mode_create_blob c = { .data = (uintptr_t)bytes, .length = 0 };
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_MODE_CREATEPROPBLOB, &c), EINVAL);
	c.length = sizeof(bytes);
	ASSERT_OK(ioctl(a, DRM_IOCTL_MODE_CREATEPROPBLOB, &c));
	uint8_t back[40];
	struct drm_mode_get_blob g = { .blob_id = c.blob_id, .length = sizeof(back), .data = (uintptr_t)back };
	ASSERT_OK(ioctl(b, DRM_IOCTL_MODE_GETPROPBLOB, &g));
	ASSERT(!memcmp(back, bytes, sizeof(bytes)));
	struct drm_mode_destroy_blob d = { .blob_id = c.blob_id };
	ASSERT_ERRNO(ioctl(b, DRM_IOCTL_MODE_DESTROYPROPBLOB, &d), EPERM);
	struct kms_res res;
	ASSERT_OK(kms_get_resources(a, &res));
	uint64_t edid = 0;
	if (kms_prop(a, res.connectors[0], DRM_MODE_OBJECT_CONNECTOR, "EDID", &edid, NULL) && edid) {
		struct drm_mode_destroy_blob e = { .blob_id = (uint32_t)edid };
		ASSERT_ERRNO(ioctl(a, DRM_IOCTL_MODE_DESTROYPROPBLOB, &e), EPERM);
	}
	ASSERT_OK(ioctl(a, DRM_IOCTL_MODE_DESTROYPROPBLOB, &d));
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_MODE_DESTROYPROPBLOB, &d), ENOENT);
	ASSERT_ERRNO(ioctl(b, DRM_IOCTL_MODE_GETPROPBLOB, &g), ENOENT);
	/* b's blob goes when b is closed. */
	ASSERT_OK(ioctl(b, DRM_IOCTL_MODE_CREATEPROPBLOB, &c));
	g.blob_id = c.blob_id;
	ASSERT_OK(ioctl(a, DRM_IOCTL_MODE_GETPROPBLOB, &g));
	close(b);
	ASSERT_ERRNO(ioctl(a, DRM_IOCTL_MODE_GETPROPBLOB, &g), ENOENT);
}

TEST_MAIN(T(atomic_needs_cap), T(atomic_bad_flags), T(atomic_event_needs_crtc),
	  T(atomic_unknown_object_or_property), T(atomic_values_out_of_range), T(atomic_plane_core_checks),
	  T(test_only_changes_nothing), T(nonblock_event), T(nonblock_busy_until_vblank), T(allow_modeset_rule),
	  T(mode_id_blob), T(out_fence_signals_at_vblank), T(in_fence), T(setplane_checks),
	  T(setplane_crtc_and_format), T(setplane_i915_cursor), T(obj_setproperty), T(dpms), T(blobs))
