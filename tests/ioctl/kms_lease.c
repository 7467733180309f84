/* SPDX-License-Identifier: MIT */
/*
 * DRM leases (uapi-conformance §8c, rows LS*): CREATE_LEASE's checks of its
 * flags and objects, the lessee's file (a master of its own that sees only
 * what it leases), what the lessor keeps, LIST_LESSEES, GET_LEASE,
 * REVOKE_LEASE, and how a lease ends (revoked, the lessee's file closed, the
 * lessor's closed). Every id is found through GETRESOURCES. The core rules
 * run on any KMS driver: the real-kernel check uses bochs, which has one
 * CRTC, one connector and one plane, so the cases that need an object left
 * out of a lease use an empty lease there, and those that need a second
 * CRTC, a cursor plane or vblanks skip.
 */
#include "config.h"

#include "tests/ioctl/kms_util.h"

#include <fcntl.h>
#include <sys/socket.h>

#define BAD_PTR ((uint64_t)8)	/* unmapped: any copy to it is EFAULT */

/* The values of a plane's "type" property. */
#define PLANE_PRIMARY 1
#define PLANE_CURSOR 2

/* The lessor: master with UNIVERSAL_PLANES, a connected connector, the first CRTC its
 * encoder can drive and that CRTC's planes. */
struct env {
	int fd;
	uint32_t conn, encoder, crtc, pipe, primary, cursor;
	struct drm_mode_modeinfo mode;
	struct kms_res res;
};

static uint64_t plane_type(int fd, uint32_t plane)
{
	uint64_t type = 0;
	if (!kms_prop(fd, plane, DRM_MODE_OBJECT_PLANE, "type", &type, NULL))
		TEST_FAIL("plane %u has no type", plane);
	return type;
}

/* The planes of the file's view (all of them with UNIVERSAL_PLANES); their count. */
static uint32_t planes(int fd, uint32_t *ids, uint32_t max)
{
	struct drm_mode_get_plane_res r = { .count_planes = max, .plane_id_ptr = (uintptr_t)ids };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	ASSERT(r.count_planes <= max);
	return r.count_planes;
}

/* A plane of this type that can show on pipe, or 0. */
static uint32_t plane_of_type(int fd, uint32_t pipe, uint64_t type)
{
	uint32_t ids[64];
	uint32_t n = planes(fd, ids, 64);
	for (uint32_t i = 0; i < n; i++) {
		struct drm_mode_get_plane p = { .plane_id = ids[i] };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
		if ((p.possible_crtcs & (1u << pipe)) && plane_type(fd, ids[i]) == type)
			return ids[i];
	}
	return 0;
}

static void env_open(struct env *e)
{
	memset(e, 0, sizeof(*e));
	e->fd = kms_open_master();
	kms_set_cap(e->fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	e->conn = kms_connected(e->fd, &e->mode);
	struct drm_mode_modeinfo modes[64];
	kms_connector_modes(e->fd, e->conn, modes, 64, &e->encoder, NULL);
	struct drm_mode_get_encoder enc = { .encoder_id = e->encoder };
	ASSERT_OK(ioctl(e->fd, DRM_IOCTL_MODE_GETENCODER, &enc));
	ASSERT_OK(kms_get_resources(e->fd, &e->res));
	for (e->pipe = 0; e->pipe < e->res.ncrtcs; e->pipe++)
		if (enc.possible_crtcs & (1u << e->pipe))
			break;
	ASSERT(e->pipe < e->res.ncrtcs);
	e->crtc = e->res.crtcs[e->pipe];
	e->primary = plane_of_type(e->fd, e->pipe, PLANE_PRIMARY);
	e->cursor = plane_of_type(e->fd, e->pipe, PLANE_CURSOR);
	ASSERT(e->primary != 0);
}

static int create_lease(int fd, const uint32_t *ids, uint32_t n, uint32_t flags, uint32_t *lessee_id)
{
	struct drm_mode_create_lease c = { .object_ids = (uintptr_t)ids, .object_count = n, .flags = flags };
	if (ioctl(fd, DRM_IOCTL_MODE_CREATE_LEASE, &c))
		return -1;
	if (lessee_id)
		*lessee_id = c.lessee_id;
	return (int)c.fd;
}

/* A lease of the env's CRTC, connector and primary plane; the lessee's fd. */
static int lease_main(const struct env *e, uint32_t *lessee_id)
{
	uint32_t ids[] = { e->crtc, e->conn, e->primary };
	int fd = create_lease(e->fd, ids, 3, O_CLOEXEC, lessee_id);
	ASSERT_OK(fd);
	return fd;
}

/* GET_LEASE of fd: the count, the ids (at most max). */
static uint32_t get_lease(int fd, uint32_t *ids, uint32_t max)
{
	struct drm_mode_get_lease g;
	memset(&g, 0, sizeof(g));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GET_LEASE, &g));
	uint32_t n = g.count_objects;
	g.count_objects = max;
	g.objects_ptr = (uintptr_t)ids;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GET_LEASE, &g));
	ASSERT_EQ(g.count_objects, n);
	return n;
}

static uint32_t list_lessees(int fd, uint32_t *ids, uint32_t max)
{
	struct drm_mode_list_lessees l;
	memset(&l, 0, sizeof(l));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_LIST_LESSEES, &l));
	uint32_t n = l.count_lessees;
	l.count_lessees = max;
	l.lessees_ptr = (uintptr_t)ids;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_LIST_LESSEES, &l));
	ASSERT_EQ(l.count_lessees, n);
	return n;
}

static int revoke_lease_id(int fd, uint32_t lessee_id)
{
	struct drm_mode_revoke_lease r = { .lessee_id = lessee_id };
	return ioctl(fd, DRM_IOCTL_MODE_REVOKE_LEASE, &r);
}

static bool contains(const uint32_t *ids, uint32_t n, uint32_t id)
{
	for (uint32_t i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

static void sort_ids(uint32_t *ids, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++)
		for (uint32_t j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
			uint32_t t = ids[j];
			ids[j] = ids[j - 1];
			ids[j - 1] = t;
		}
}

/* The lessee's GET_LEASE is exactly these ids, in ascending order. */
static void assert_lease_is(int fd, uint32_t *want, uint32_t n)
{
	uint32_t got[32];
	uint32_t count = get_lease(fd, got, 32);
	sort_ids(want, n);
	if (count != n)
		TEST_FAIL("GET_LEASE: %u objects, expected %u", count, n);
	for (uint32_t i = 0; i < n; i++)
		if (got[i] != want[i])
			TEST_FAIL("GET_LEASE[%u] = %u, expected %u", i, got[i], want[i]);
}

static int errno_of(int r)
{
	return r < 0 ? errno : 0;
}

static int getcrtc_errno(int fd, uint32_t crtc)
{
	struct drm_mode_crtc c = { .crtc_id = crtc };
	return errno_of(ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &c));
}

static int getconnector_errno(int fd, uint32_t conn)
{
	struct drm_mode_get_connector c = { .connector_id = conn };
	return errno_of(ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c));
}

static int getplane_errno(int fd, uint32_t plane)
{
	struct drm_mode_get_plane p = { .plane_id = plane };
	return errno_of(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
}

static int getprops_errno(int fd, uint32_t obj, uint32_t type)
{
	uint32_t ids[64];
	uint64_t vals[64];
	struct drm_mode_obj_get_properties g = { .obj_id = obj, .obj_type = type, .count_props = 64,
						 .props_ptr = (uintptr_t)ids, .prop_values_ptr = (uintptr_t)vals };
	return errno_of(ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &g));
}

/* One-property ATOMIC commit (TEST_ONLY | ALLOW_MODESET unless flags say otherwise). */
static int atomic_set(int fd, uint32_t obj, uint32_t prop, uint64_t value, uint32_t flags)
{
	uint32_t count = 1;
	struct drm_mode_atomic a;
	memset(&a, 0, sizeof(a));
	a.flags = flags;
	a.count_objs = 1;
	a.objs_ptr = (uintptr_t)&obj;
	a.count_props_ptr = (uintptr_t)&count;
	a.props_ptr = (uintptr_t)&prop;
	a.prop_values_ptr = (uintptr_t)&value;
	return ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a);
}

static uint32_t prop_id(int fd, uint32_t obj, uint32_t type, const char *name)
{
	uint32_t id = 0;
	if (!kms_prop(fd, obj, type, name, NULL, &id))
		TEST_FAIL("no property %s on %u", name, obj);
	return id;
}

/* The other CRTC of the display than e's, or 0 (bochs has one). */
static uint32_t other_crtc(const struct env *e, uint32_t *pipe)
{
	for (uint32_t i = 0; i < e->res.ncrtcs; i++)
		if (e->res.crtcs[i] != e->crtc) {
			*pipe = i;
			return e->res.crtcs[i];
		}
	return 0;
}

/* LS1: the four lease ioctls are DRM_MASTER: a primary client that is not master and a
 * render client get EACCES (render nodes never hold a master). */
TEST(lease_ioctls_need_master)
{
	struct env e;
	env_open(&e);
	int c = open_primary();
	ASSERT(!is_master(c));
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	struct drm_mode_list_lessees l;
	struct drm_mode_get_lease g;
	memset(&l, 0, sizeof(l));
	memset(&g, 0, sizeof(g));
	int fds[2] = { c, open_render() };
	for (int i = 0; i < 2; i++) {
		ASSERT_ERRNO(create_lease(fds[i], ids, 3, 0, NULL), EACCES);
		ASSERT_ERRNO(ioctl(fds[i], DRM_IOCTL_MODE_LIST_LESSEES, &l), EACCES);
		ASSERT_ERRNO(ioctl(fds[i], DRM_IOCTL_MODE_GET_LEASE, &g), EACCES);
		ASSERT_ERRNO(revoke_lease_id(fds[i], 1), EACCES);
	}
	/* The master's lease still works: nothing above took an object. */
	close(lease_main(&e, NULL));
}

/* LS2: flags other than O_CLOEXEC | O_NONBLOCK are EINVAL, before the objects are looked at. */
TEST(create_lease_bad_flags)
{
	struct env e;
	env_open(&e);
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	ASSERT_ERRNO(create_lease(e.fd, ids, 3, O_RDWR, NULL), EINVAL);
	ASSERT_ERRNO(create_lease(e.fd, ids, 3, O_CLOEXEC | O_APPEND, NULL), EINVAL);
	ASSERT_ERRNO(create_lease(e.fd, ids, 3, 0x80000000u, NULL), EINVAL);
	uint32_t unknown[] = { 0x7fff0000 };
	ASSERT_ERRNO(create_lease(e.fd, unknown, 1, O_RDWR, NULL), EINVAL);
	uint32_t got[4];
	ASSERT_EQ(list_lessees(e.fd, got, 4), 0);
}

/* LS3: each id is looked up in list order (an unknown one, or 0: ENOENT; an object that is
 * not a CRTC, connector or plane: EINVAL), then the set needs a CRTC and a connector, and a
 * plane when the lessor has UNIVERSAL_PLANES (EINVAL), then an id twice is ENOSPC. An
 * unreadable list is EFAULT. A refused lease leaves nothing behind. */
TEST(create_lease_bad_objects)
{
	struct env e;
	env_open(&e);
	uint32_t fb = kms_fb(e.fd, 64, 64);
	uint32_t prop = prop_id(e.fd, e.conn, DRM_MODE_OBJECT_CONNECTOR, "DPMS");
	struct {
		uint32_t ids[4];
		uint32_t n;
		int err;
	} bad[] = {
		{ { e.crtc, e.conn, e.primary, 0x7fff0000 }, 4, ENOENT },
		{ { e.crtc, e.conn, e.primary, 0 }, 4, ENOENT },
		{ { e.crtc, e.conn, e.primary, e.encoder }, 4, EINVAL },
		{ { e.crtc, e.conn, e.primary, prop }, 4, EINVAL },
		{ { e.crtc, e.conn, e.primary, fb }, 4, EINVAL },
		{ { 0x7fff0000, e.encoder }, 2, ENOENT },	/* the first bad id decides */
		{ { e.encoder, 0x7fff0000 }, 2, EINVAL },
		{ { e.crtc, e.primary }, 2, EINVAL },		/* no connector */
		{ { e.conn, e.primary }, 2, EINVAL },		/* no CRTC */
		{ { e.crtc, e.conn }, 2, EINVAL },		/* universal lessor, no plane */
		{ { e.crtc, e.conn, e.primary, e.crtc }, 4, ENOSPC },
		{ { e.crtc, e.conn, e.conn, e.primary }, 4, ENOSPC },
		{ { e.crtc, e.conn, e.primary, 0x7fff0000 }, 4, ENOENT },
	};
	for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
		errno = 0;
		int r = create_lease(e.fd, bad[i].ids, bad[i].n, 0, NULL);
		if (r != -1 || errno != bad[i].err)
			TEST_FAIL("case %u: expected %s, got %d/%s", i, strerror(bad[i].err), r, strerror(errno));
	}
	struct drm_mode_create_lease c = { .object_ids = BAD_PTR, .object_count = 3 };
	ASSERT_ERRNO(ioctl(e.fd, DRM_IOCTL_MODE_CREATE_LEASE, &c), EFAULT);
	/* a list longer than the kernel allocates in one piece (4 MiB of ids) */
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	c.object_ids = (uintptr_t)ids;
	c.object_count = (4u << 20) / 4 + 1;
	ASSERT_ERRNO(ioctl(e.fd, DRM_IOCTL_MODE_CREATE_LEASE, &c), ENOMEM);
	uint32_t got[4];
	ASSERT_EQ(list_lessees(e.fd, got, 4), 0);
	close(lease_main(&e, NULL));	/* nothing was taken */
}

/* LS4: a lessor without UNIVERSAL_PLANES needs no plane in the list: each CRTC brings its
 * primary and cursor planes into the lease; naming the primary as well is then a
 * duplicate (ENOSPC). */
TEST(create_lease_without_universal_planes)
{
	struct env e;
	env_open(&e);
	kms_set_cap(e.fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 0);
	uint32_t dup[] = { e.crtc, e.conn, e.primary };
	ASSERT_ERRNO(create_lease(e.fd, dup, 3, 0, NULL), ENOSPC);
	uint32_t ids[] = { e.conn, e.crtc };
	uint32_t id = 0;
	int l = create_lease(e.fd, ids, 2, 0, &id);
	ASSERT_OK(l);
	uint32_t want[4] = { e.crtc, e.conn, e.primary, e.cursor };
	assert_lease_is(l, want, e.cursor ? 4 : 3);
}

/* LS5: the lessee's fd is a new file, master of its lease (authenticated, AUTH_MAGIC
 * allowed), with a lessee id from 1; GET_LEASE lists its objects in id order. Its
 * GETRESOURCES lists the leased CRTCs and connectors only, every encoder, and its own
 * framebuffers; GETPLANERESOURCES the leased planes. possible_crtcs of encoders and
 * planes are renumbered to the lessee's CRTC list. */
TEST(lessee_view)
{
	struct env e;
	env_open(&e);
	uint32_t lessor_fb = kms_fb(e.fd, 64, 64);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	ASSERT(id >= 1);
	ASSERT(l != e.fd);
	ASSERT(is_master(l));
	ASSERT(is_master(e.fd));	/* both: the lessor stays master */
	uint32_t want[] = { e.crtc, e.conn, e.primary };
	assert_lease_is(l, want, 3);

	uint32_t fb = kms_fb(l, 64, 64);
	struct kms_res r;
	ASSERT_OK(kms_get_resources(l, &r));
	ASSERT_EQ(r.ncrtcs, 1);
	ASSERT_EQ(r.crtcs[0], e.crtc);
	ASSERT_EQ(r.nconnectors, 1);
	ASSERT_EQ(r.connectors[0], e.conn);
	ASSERT_EQ(r.nencoders, e.res.nencoders);	/* encoders are not leased: all shown */
	for (uint32_t i = 0; i < r.nencoders; i++)
		ASSERT_EQ(r.encoders[i], e.res.encoders[i]);
	ASSERT_EQ(r.nfbs, 1);
	ASSERT_EQ(r.fbs[0], fb);
	struct kms_res lr;
	ASSERT_OK(kms_get_resources(e.fd, &lr));
	ASSERT_EQ(lr.nfbs, 1);
	ASSERT_EQ(lr.fbs[0], lessor_fb);

	uint32_t ids[64];
	ASSERT_EQ(planes(l, ids, 64), 0);	/* no overlay leased, no UNIVERSAL_PLANES yet */
	kms_set_cap(l, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	ASSERT_EQ(planes(l, ids, 64), 1);
	ASSERT_EQ(ids[0], e.primary);

	struct drm_mode_get_plane p = { .plane_id = e.primary };
	ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_GETPLANE, &p));
	ASSERT_EQ(p.possible_crtcs, 1);
	struct drm_mode_get_encoder le = { .encoder_id = e.encoder }, oe = { .encoder_id = e.encoder };
	ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_GETENCODER, &le));
	ASSERT_OK(ioctl(e.fd, DRM_IOCTL_MODE_GETENCODER, &oe));
	ASSERT_EQ(le.possible_crtcs, 1);
	ASSERT_EQ(le.possible_clones, oe.possible_clones);
	ASSERT_EQ(le.encoder_type, oe.encoder_type);

	struct drm_mode_modeinfo modes[64];
	uint32_t enc = 0, connection = 0;
	ASSERT(kms_connector_modes(l, e.conn, modes, 64, &enc, &connection) > 0);
	ASSERT_EQ(enc, e.encoder);
	ASSERT_EQ(connection, 1);
	ASSERT_EQ(getcrtc_errno(l, e.crtc), 0);
	ASSERT_EQ(getprops_errno(l, e.crtc, DRM_MODE_OBJECT_CRTC), 0);
	ASSERT_EQ(getprops_errno(l, e.primary, DRM_MODE_OBJECT_PLANE), 0);

	/* A master of its own: the lessor's clients' magics are not in its map, and its own
	 * magics start from 1 again. */
	drm_magic_t magic = 0, own = 0;
	int c = open_primary();
	ASSERT_OK(get_magic(c, &magic));
	ASSERT_ERRNO(auth_magic(l, magic), EINVAL);
	ASSERT_OK(get_magic(l, &own));
	ASSERT_EQ(own, 1);
	ASSERT_OK(auth_magic(e.fd, magic));
}

/* LS6: objects outside the lease are invisible to the lessee: every lookup of a CRTC,
 * connector or plane it does not hold is ENOENT, as for an unknown id (GET*, property
 * calls, SETCRTC, ATOMIC). An empty lease (no objects) is allowed: it holds nothing, and
 * LIST_LESSEES leaves it out. */
TEST(lessee_hides_other_objects)
{
	struct env e;
	env_open(&e);
	uint32_t all[64];
	uint32_t nplanes = planes(e.fd, all, 64);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	for (uint32_t i = 0; i < e.res.ncrtcs; i++)
		if (e.res.crtcs[i] != e.crtc) {
			ASSERT_EQ(getcrtc_errno(l, e.res.crtcs[i]), ENOENT);
			ASSERT_EQ(getprops_errno(l, e.res.crtcs[i], DRM_MODE_OBJECT_CRTC), ENOENT);
			ASSERT_ERRNO(kms_setcrtc(l, e.res.crtcs[i], 0, NULL, NULL, 0), ENOENT);
		}
	for (uint32_t i = 0; i < nplanes; i++)
		if (all[i] != e.primary) {
			ASSERT_EQ(getplane_errno(l, all[i]), ENOENT);
			ASSERT_EQ(getprops_errno(l, all[i], DRM_MODE_OBJECT_ANY), ENOENT);
		}
	close(l);

	/* The empty lease: everything is out of it. Its list pointer is never read. */
	struct drm_mode_create_lease c = { .object_ids = BAD_PTR, .object_count = 0 };
	ASSERT_OK(ioctl(e.fd, DRM_IOCTL_MODE_CREATE_LEASE, &c));
	int z = (int)c.fd;
	uint32_t got[8];
	ASSERT_EQ(get_lease(z, got, 8), 0);
	ASSERT_EQ(list_lessees(e.fd, got, 8), 0);
	ASSERT(is_master(z));
	struct kms_res r;
	ASSERT_OK(kms_get_resources(z, &r));
	ASSERT_EQ(r.ncrtcs, 0);
	ASSERT_EQ(r.nconnectors, 0);
	ASSERT_EQ(r.nencoders, e.res.nencoders);
	ASSERT_EQ(getcrtc_errno(z, e.crtc), ENOENT);
	ASSERT_EQ(getconnector_errno(z, e.conn), ENOENT);
	ASSERT_EQ(getplane_errno(z, e.primary), ENOENT);
	ASSERT_EQ(getprops_errno(z, e.crtc, DRM_MODE_OBJECT_CRTC), ENOENT);
	ASSERT_EQ(getprops_errno(z, e.conn, DRM_MODE_OBJECT_CONNECTOR), ENOENT);
	ASSERT_ERRNO(kms_setcrtc(z, e.crtc, 0, NULL, NULL, 0), ENOENT);
	struct drm_mode_get_encoder enc = { .encoder_id = e.encoder };
	ASSERT_OK(ioctl(z, DRM_IOCTL_MODE_GETENCODER, &enc));	/* encoders stay visible ... */
	ASSERT_EQ(enc.possible_crtcs, 0);			/* ... with no CRTC to drive */
	ASSERT_EQ(enc.crtc_id, 0);
	kms_set_cap(z, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	ASSERT_EQ(planes(z, got, 8), 0);
	struct drm_set_client_cap cap = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
	if (ioctl(z, DRM_IOCTL_SET_CLIENT_CAP, &cap) == 0) {
		ASSERT_OK(ioctl(e.fd, DRM_IOCTL_SET_CLIENT_CAP, &cap));	/* ACTIVE is atomic-only */
		uint32_t active = prop_id(e.fd, e.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE");
		ASSERT_ERRNO(atomic_set(z, e.crtc, active, 1, DRM_MODE_ATOMIC_TEST_ONLY), ENOENT);
	}
	/* The empty lease took nothing. */
	close(lease_main(&e, NULL));
}

/* LS7: the lessee drives its CRTC: SETCRTC with its own framebuffer, or with the
 * lessor's (framebuffers are not leased), PAGE_FLIP, and ATOMIC on its plane. */
TEST(lessee_modesets_its_crtc)
{
	struct env e;
	env_open(&e);
	uint32_t lessor_fb = kms_fb(e.fd, e.mode.hdisplay, e.mode.vdisplay);
	int l = lease_main(&e, NULL);
	uint32_t fb = kms_fb(l, e.mode.hdisplay, e.mode.vdisplay);
	ASSERT_OK(kms_setcrtc(l, e.crtc, fb, &e.mode, &e.conn, 1));
	struct drm_mode_crtc c;
	kms_getcrtc(e.fd, e.crtc, &c);
	ASSERT_EQ(c.mode_valid, 1);
	ASSERT_EQ(c.fb_id, fb);
	ASSERT_OK(kms_setcrtc(l, e.crtc, lessor_fb, &e.mode, &e.conn, 1));
	kms_getcrtc(l, e.crtc, &c);
	ASSERT_EQ(c.fb_id, lessor_fb);
	struct drm_mode_crtc_page_flip flip = { .crtc_id = e.crtc, .fb_id = fb };
	ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_PAGE_FLIP, &flip));
	struct drm_set_client_cap cap = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
	if (ioctl(l, DRM_IOCTL_SET_CLIENT_CAP, &cap) == 0) {
		uint32_t fb2 = kms_fb(l, e.mode.hdisplay, e.mode.vdisplay);
		uint32_t fb_id = prop_id(l, e.primary, DRM_MODE_OBJECT_PLANE, "FB_ID");
		ASSERT_OK(atomic_set(l, e.primary, fb_id, fb2, 0));	/* blocking: after the flip */
		kms_getcrtc(l, e.crtc, &c);
		ASSERT_EQ(c.fb_id, fb2);
	}
	ASSERT_OK(kms_setcrtc(l, e.crtc, 0, NULL, NULL, 0));
	kms_getcrtc(e.fd, e.crtc, &c);
	ASSERT_EQ(c.mode_valid, 0);
}

/* LS8: the lessor keeps every object: it sees and may modeset a CRTC it leased. */
TEST(lessor_keeps_control)
{
	struct env e;
	env_open(&e);
	int l = lease_main(&e, NULL);
	struct kms_res r;
	ASSERT_OK(kms_get_resources(e.fd, &r));
	ASSERT_EQ(r.ncrtcs, e.res.ncrtcs);
	ASSERT_EQ(r.nconnectors, e.res.nconnectors);
	uint32_t fb = kms_fb(e.fd, e.mode.hdisplay, e.mode.vdisplay);
	ASSERT_OK(kms_setcrtc(e.fd, e.crtc, fb, &e.mode, &e.conn, 1));
	struct drm_mode_crtc c;
	kms_getcrtc(l, e.crtc, &c);
	ASSERT_EQ(c.fb_id, fb);
	ASSERT_OK(kms_setcrtc(e.fd, e.crtc, 0, NULL, NULL, 0));
}

/* LS9: the lessee needs the planes too: SETCRTC with a mode (turning the CRTC off is
 * allowed) and PAGE_FLIP without the CRTC's primary plane, CURSOR without its cursor
 * plane: EACCES; ATOMIC naming a CRTC that exists but is not leased as a plane's or
 * connector's CRTC_ID: EACCES. Needs a second CRTC or a cursor plane (not on bochs). */
TEST(lessee_needs_leased_planes)
{
	struct env e;
	env_open(&e);
	uint32_t pipe2 = 0, crtc2 = other_crtc(&e, &pipe2);
	uint32_t primary2 = crtc2 ? plane_of_type(e.fd, pipe2, PLANE_PRIMARY) : 0;
	if (!primary2 && !e.cursor)
		SKIP("one CRTC and no cursor plane (bochs): no plane to leave out of a lease");
	if (primary2) {
		uint32_t ids[] = { e.crtc, e.conn, primary2 };
		uint32_t id = 0;
		int l = create_lease(e.fd, ids, 3, 0, &id);
		ASSERT_OK(l);
		uint32_t fb = kms_fb(l, e.mode.hdisplay, e.mode.vdisplay);
		ASSERT_ERRNO(kms_setcrtc(l, e.crtc, fb, &e.mode, &e.conn, 1), EACCES);
		ASSERT_OK(kms_setcrtc(l, e.crtc, 0, NULL, NULL, 0));
		/* lit by the lessor, flipped by the lessee */
		uint32_t lfb = kms_fb(e.fd, e.mode.hdisplay, e.mode.vdisplay);
		ASSERT_OK(kms_setcrtc(e.fd, e.crtc, lfb, &e.mode, &e.conn, 1));
		struct drm_mode_crtc_page_flip flip = { .crtc_id = e.crtc, .fb_id = fb };
		ASSERT_ERRNO(ioctl(l, DRM_IOCTL_MODE_PAGE_FLIP, &flip), EACCES);
		struct drm_set_client_cap cap = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
		ASSERT_OK(ioctl(l, DRM_IOCTL_SET_CLIENT_CAP, &cap));
		uint32_t crtc_id = prop_id(l, primary2, DRM_MODE_OBJECT_PLANE, "CRTC_ID");
		ASSERT_ERRNO(atomic_set(l, primary2, crtc_id, crtc2, DRM_MODE_ATOMIC_TEST_ONLY |
					DRM_MODE_ATOMIC_ALLOW_MODESET), EACCES);
		ASSERT_ERRNO(atomic_set(l, primary2, crtc_id, 0x7fff0000, DRM_MODE_ATOMIC_TEST_ONLY |
					DRM_MODE_ATOMIC_ALLOW_MODESET), EINVAL);	/* no such CRTC at all */
		uint32_t conn_crtc = prop_id(l, e.conn, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID");
		ASSERT_ERRNO(atomic_set(l, e.conn, conn_crtc, crtc2, DRM_MODE_ATOMIC_TEST_ONLY |
					DRM_MODE_ATOMIC_ALLOW_MODESET), EACCES);
		close(l);
		ASSERT_OK(kms_setcrtc(e.fd, e.crtc, 0, NULL, NULL, 0));
	}
	if (e.cursor) {
		int l = lease_main(&e, NULL);	/* the cursor plane left out */
		struct drm_mode_cursor cur = { .flags = DRM_MODE_CURSOR_MOVE, .crtc_id = e.crtc };
		ASSERT_ERRNO(ioctl(l, DRM_IOCTL_MODE_CURSOR, &cur), EACCES);
		close(l);
		uint32_t ids[] = { e.crtc, e.conn, e.primary, e.cursor };
		l = create_lease(e.fd, ids, 4, 0, NULL);
		ASSERT_OK(l);
		ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_CURSOR, &cur));
	}
}

/* LS10: an object another lessee of the same lessor holds is EBUSY (checked after the
 * list's own checks); a revoked lease holds nothing. */
TEST(double_lease_busy)
{
	struct env e;
	env_open(&e);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	ASSERT_ERRNO(create_lease(e.fd, ids, 3, 0, NULL), EBUSY);
	uint32_t bad[] = { e.crtc, e.conn, e.primary, e.encoder };
	ASSERT_ERRNO(create_lease(e.fd, bad, 4, 0, NULL), EINVAL);
	uint32_t pipe2 = 0, crtc2 = other_crtc(&e, &pipe2);
	if (crtc2) {	/* only the connector is shared */
		uint32_t p2 = plane_of_type(e.fd, pipe2, PLANE_PRIMARY);
		uint32_t other[] = { crtc2, e.conn, p2 };
		ASSERT_ERRNO(create_lease(e.fd, other, 3, 0, NULL), EBUSY);
	}
	ASSERT_OK(revoke_lease_id(e.fd, id));
	uint32_t id2 = 0;
	int l2 = create_lease(e.fd, ids, 3, 0, &id2);
	ASSERT_OK(l2);
	ASSERT(id2 != id);	/* the revoked lessee keeps its id while its file lives */
	close(l);
}

/* LS11: LIST_LESSEES lists the caller's lessees that hold something; GET_LEASE of the
 * owner (a master that is no lessee) lists every mode object of the device in id order
 * (encoders and properties too); pad ≠ 0 is EINVAL for both. A lessee has no lessees. */
TEST(list_lessees_and_get_lease)
{
	struct env e;
	env_open(&e);
	uint32_t got[8];
	ASSERT_EQ(list_lessees(e.fd, got, 8), 0);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	ASSERT_EQ(list_lessees(e.fd, got, 8), 1);
	ASSERT_EQ(got[0], id);
	struct drm_mode_list_lessees ll;
	memset(&ll, 0, sizeof(ll));
	ll.pad = 1;
	ASSERT_ERRNO(ioctl(e.fd, DRM_IOCTL_MODE_LIST_LESSEES, &ll), EINVAL);
	memset(&ll, 0, sizeof(ll));
	ll.count_lessees = 1;
	ll.lessees_ptr = BAD_PTR;
	ASSERT_ERRNO(ioctl(e.fd, DRM_IOCTL_MODE_LIST_LESSEES, &ll), EFAULT);
	ASSERT_EQ(list_lessees(l, got, 8), 0);

	uint32_t all[1024];
	uint32_t n = get_lease(e.fd, all, 1024);
	ASSERT(n <= 1024);
	for (uint32_t i = 1; i < n; i++)
		ASSERT(all[i - 1] < all[i]);
	ASSERT(contains(all, n, e.crtc) && contains(all, n, e.conn) && contains(all, n, e.primary));
	ASSERT(contains(all, n, e.encoder));
	ASSERT(contains(all, n, prop_id(e.fd, e.conn, DRM_MODE_OBJECT_CONNECTOR, "DPMS")));
	struct drm_mode_get_lease g;
	memset(&g, 0, sizeof(g));
	g.pad = 1;
	ASSERT_ERRNO(ioctl(e.fd, DRM_IOCTL_MODE_GET_LEASE, &g), EINVAL);
	memset(&g, 0, sizeof(g));
	g.count_objects = 1;
	g.objects_ptr = BAD_PTR;
	ASSERT_ERRNO(ioctl(l, DRM_IOCTL_MODE_GET_LEASE, &g), EFAULT);
	/* A count smaller than the lease: the first ones, and the whole count back. */
	memset(&g, 0, sizeof(g));
	g.count_objects = 1;
	g.objects_ptr = (uintptr_t)got;
	got[1] = 0xdead;
	ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_GET_LEASE, &g));
	ASSERT_EQ(g.count_objects, 3);
	ASSERT_EQ(got[1], 0xdead);
}

/* LS12: REVOKE_LEASE empties the lease (the lessee's file stays, master, holding nothing);
 * revoking it again is 0; an id that is no lessee's ENOENT; a lessee revoking (its own
 * lease included) EACCES. */
TEST(revoke_lease)
{
	struct env e;
	env_open(&e);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	ASSERT_ERRNO(revoke_lease_id(e.fd, id + 100), ENOENT);
	ASSERT_ERRNO(revoke_lease_id(e.fd, 0), ENOENT);
	ASSERT_ERRNO(revoke_lease_id(l, id), EACCES);
	ASSERT_OK(revoke_lease_id(e.fd, id));
	uint32_t got[8];
	ASSERT_EQ(get_lease(l, got, 8), 0);
	ASSERT_EQ(list_lessees(e.fd, got, 8), 0);	/* revoked leases are not listed */
	ASSERT(is_master(l));
	struct kms_res r;
	ASSERT_OK(kms_get_resources(l, &r));
	ASSERT_EQ(r.ncrtcs, 0);
	ASSERT_EQ(r.nconnectors, 0);
	ASSERT_EQ(getcrtc_errno(l, e.crtc), ENOENT);
	ASSERT_EQ(getconnector_errno(l, e.conn), ENOENT);
	ASSERT_ERRNO(kms_setcrtc(l, e.crtc, 0, NULL, NULL, 0), ENOENT);
	ASSERT_OK(revoke_lease_id(e.fd, id));
}

/* LS13: closing the lessee's last fd ends the lease: its id is gone (REVOKE_LEASE
 * ENOENT) and taken again by the next lease (lowest free from 1), its objects free. */
TEST(close_lessee_frees_objects)
{
	struct env e;
	env_open(&e);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	int dup_l = dup(l);
	close(l);
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	ASSERT_ERRNO(create_lease(e.fd, ids, 3, 0, NULL), EBUSY);	/* a dup keeps it */
	close(dup_l);
	ASSERT_ERRNO(revoke_lease_id(e.fd, id), ENOENT);
	uint32_t got[8];
	ASSERT_EQ(list_lessees(e.fd, got, 8), 0);
	uint32_t id2 = 0;
	l = create_lease(e.fd, ids, 3, 0, &id2);
	ASSERT_OK(l);
	ASSERT_EQ(id2, id);
}

/* LS13: the lessee's file is an open file like any other: passed to another process
 * (SCM_RIGHTS) it works there, and the lease lasts until its last fd anywhere is gone, here
 * with the process that held it. */
TEST(lessee_fd_in_another_process)
{
	struct env e;
	env_open(&e);
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv));
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		close(sv[0]);
		int l = recv_fd(sv[1]);	/* an fd this process never had */
		struct kms_res r;
		ASSERT_OK(kms_get_resources(l, &r));
		ASSERT_EQ(r.ncrtcs, 1);
		ASSERT_EQ(r.crtcs[0], e.crtc);
		ASSERT(is_master(l));
		char c = 1;
		ASSERT_EQ(write(sv[1], &c, 1), 1);
		ASSERT_EQ(read(sv[1], &c, 1), 1);
		_exit(0);	/* with the lessee's last fd */
	}
	close(sv[1]);
	uint32_t id = 0;
	int l = lease_main(&e, &id);
	send_fd(sv[0], l);
	close(l);
	char c = 0;
	ASSERT_EQ(read(sv[0], &c, 1), 1);
	uint32_t got[8];
	ASSERT_EQ(list_lessees(e.fd, got, 8), 1);	/* the child's fd keeps it */
	ASSERT_EQ(write(sv[0], &c, 1), 1);
	wait_child_ok(pid);
	close(open_primary());	/* (under the shim: a dead process's files are released by now) */
	ASSERT_ERRNO(revoke_lease_id(e.fd, id), ENOENT);
	ASSERT_EQ(list_lessees(e.fd, got, 8), 0);
}

/* LS14: a lessee may not lease on (EINVAL, even an empty lease) and cannot revoke. */
TEST(lessee_cannot_sublease)
{
	struct env e;
	env_open(&e);
	int l = lease_main(&e, NULL);
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	kms_set_cap(l, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	ASSERT_ERRNO(create_lease(l, ids, 3, 0, NULL), EINVAL);
	ASSERT_ERRNO(create_lease(l, NULL, 0, 0, NULL), EINVAL);
	ASSERT_ERRNO(create_lease(l, ids, 3, O_RDWR, NULL), EINVAL);
}

/* LS15: a lessee is master exactly while its lessor is: DROP_MASTER of the lessor takes
 * the lessee's master ioctls too (EACCES), SET_MASTER gives them back. The lessee's own
 * SET_MASTER and DROP_MASTER: unprivileged EACCES (it never was master by itself);
 * privileged, SET_MASTER is 0 while it is master, EINVAL otherwise, DROP_MASTER EINVAL. */
TEST(lessee_master_follows_lessor)
{
	struct env e;
	env_open(&e);
	int l = lease_main(&e, NULL);
	bool root = geteuid() == 0;
	if (root)
		ASSERT_OK(set_master(l));
	else
		ASSERT_ERRNO(set_master(l), EACCES);
	ASSERT_OK(drop_master(e.fd));
	ASSERT(!is_master(l));
	ASSERT_ERRNO(set_master(l), root ? EINVAL : EACCES);
	ASSERT_ERRNO(drop_master(l), root ? EINVAL : EACCES);
	uint32_t got[8];
	struct drm_mode_get_lease g;
	memset(&g, 0, sizeof(g));
	ASSERT_ERRNO(ioctl(l, DRM_IOCTL_MODE_GET_LEASE, &g), EACCES);
	ASSERT_ERRNO(kms_setcrtc(l, e.crtc, 0, NULL, NULL, 0), EACCES);
	struct kms_res r;
	ASSERT_OK(kms_get_resources(l, &r));	/* what it sees stays */
	ASSERT_EQ(r.ncrtcs, 1);
	ASSERT_OK(set_master(e.fd));
	ASSERT(is_master(l));
	ASSERT_EQ(get_lease(l, got, 8), 3);
	ASSERT_ERRNO(drop_master(l), root ? EINVAL : EACCES);
	ASSERT(is_master(e.fd) && is_master(l));
}

/* LS16: the lessor's file closing revokes its leases: the lessee holds nothing and is no
 * master (its owner is not the device's master); a new opener becomes master. */
TEST(lessor_close_revokes)
{
	struct env e;
	env_open(&e);
	int l = lease_main(&e, NULL);
	close(e.fd);
	uint32_t got[8];
	struct kms_res r;
	ASSERT_OK(kms_get_resources(l, &r));
	ASSERT_EQ(r.ncrtcs, 0);
	ASSERT_EQ(r.nconnectors, 0);
	ASSERT(!is_master(l));
	int m = open_primary();
	ASSERT(is_master(m));
	ASSERT(!is_master(l));
	ASSERT_EQ(list_lessees(m, got, 8), 0);
}

/* LS17: O_CLOEXEC makes the lessee's fd close-on-exec; the file is a clone of the
 * lessor's, so O_NONBLOCK in flags does not make it non-blocking. */
TEST(lessee_fd_flags)
{
	struct env e;
	env_open(&e);
	uint32_t ids[] = { e.crtc, e.conn, e.primary };
	int l = create_lease(e.fd, ids, 3, 0, NULL);
	ASSERT_OK(l);
	ASSERT_EQ(fcntl(l, F_GETFD) & FD_CLOEXEC, 0);
	close(l);
	l = create_lease(e.fd, ids, 3, O_CLOEXEC | O_NONBLOCK, NULL);
	ASSERT_OK(l);
	ASSERT_EQ(fcntl(l, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	int fl = fcntl(l, F_GETFL);
	ASSERT_EQ(fl & O_NONBLOCK, fcntl(e.fd, F_GETFL) & O_NONBLOCK);
	ASSERT_EQ(fl & O_ACCMODE, fcntl(e.fd, F_GETFL) & O_ACCMODE);
	close(l);
	/* The lessor's mode is what the clone gets. */
	ASSERT_OK(fcntl(e.fd, F_SETFL, O_NONBLOCK));
	l = create_lease(e.fd, ids, 3, 0, NULL);
	ASSERT_OK(l);
	ASSERT_EQ(fcntl(l, F_GETFL) & O_NONBLOCK, O_NONBLOCK);
}

/* LS18: a lessee's vblank pipes are its own CRTC list's indices (WAIT_VBLANK's pipe 0 is
 * its first CRTC); a pipe past them is EINVAL. Needs vblanks and a second CRTC. */
TEST(lessee_vblank_pipes)
{
	struct env e;
	env_open(&e);
	uint32_t pipe2 = 0, crtc2 = other_crtc(&e, &pipe2);
	if (!crtc2)
		SKIP("one CRTC (bochs)");
	if (pipe2 == 0) {
		SKIP("the connector's encoder cannot drive a CRTC after pipe 0");
	}
	struct drm_mode_get_encoder enc = { .encoder_id = e.encoder };
	ASSERT_OK(ioctl(e.fd, DRM_IOCTL_MODE_GETENCODER, &enc));
	if (!(enc.possible_crtcs & (1u << pipe2)))
		SKIP("the connector's encoder cannot drive the second CRTC");
	uint32_t p2 = plane_of_type(e.fd, pipe2, PLANE_PRIMARY);
	uint32_t ids[] = { crtc2, e.conn, p2 };
	int l = create_lease(e.fd, ids, 3, 0, NULL);
	ASSERT_OK(l);
	uint32_t fb = kms_fb(l, e.mode.hdisplay, e.mode.vdisplay);
	ASSERT_OK(kms_setcrtc(l, crtc2, fb, &e.mode, &e.conn, 1));
	struct drm_crtc_get_sequence s = { .crtc_id = crtc2 };
	if (ioctl(l, DRM_IOCTL_CRTC_GET_SEQUENCE, &s))
		SKIP_MISSING("no vblank on this CRTC");
	kms_set_cap(l, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	struct drm_mode_get_plane p = { .plane_id = p2 };
	ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_GETPLANE, &p));
	ASSERT_EQ(p.possible_crtcs, 1);
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE;	/* pipe 0: the lessee's first CRTC, crtc2 */
	ASSERT_OK(ioctl(l, DRM_IOCTL_WAIT_VBLANK, &v));
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | _DRM_VBLANK_SECONDARY;
	ASSERT_ERRNO(ioctl(l, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
	/* the device's pipe 0 is off: the lessor's pipe-0 wait fails where the lessee's passed */
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE;
	if (getcrtc_errno(e.fd, e.res.crtcs[0]) == 0) {
		struct drm_mode_crtc c;
		kms_getcrtc(e.fd, e.res.crtcs[0], &c);
		if (!c.mode_valid)
			ASSERT_ERRNO(ioctl(e.fd, DRM_IOCTL_WAIT_VBLANK, &v), EINVAL);
	}
	if (test_is_i915(l)) {	/* i915: the pipe of a CRTC is looked up in the caller's view */
		struct drm_i915_get_pipe_from_crtc_id pc = { .crtc_id = crtc2 };
		ASSERT_OK(ioctl(l, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &pc));
		ASSERT_EQ(pc.pipe, pipe2);
		pc.crtc_id = e.crtc;
		ASSERT_ERRNO(ioctl(l, DRM_IOCTL_I915_GET_PIPE_FROM_CRTC_ID, &pc), ENOENT);
	}
}

TEST_MAIN(T(lease_ioctls_need_master), T(create_lease_bad_flags), T(create_lease_bad_objects),
	  T(create_lease_without_universal_planes), T(lessee_view), T(lessee_hides_other_objects),
	  T(lessee_modesets_its_crtc), T(lessor_keeps_control), T(lessee_needs_leased_planes),
	  T(double_lease_busy), T(list_lessees_and_get_lease), T(revoke_lease), T(close_lessee_frees_objects),
	  T(lessee_fd_in_another_process), T(lessee_cannot_sublease), T(lessee_master_follows_lessor), T(lessor_close_revokes),
	  T(lessee_fd_flags), T(lessee_vblank_pipes))
