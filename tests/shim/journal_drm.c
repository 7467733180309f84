/* SPDX-License-Identifier: MIT */
/*
 * The DRM core's ioctls under the undo journal's verifier
 * (I915_SHIM_JOURNAL_VERIFY=1, base/journal.h): every locked section of the
 * shim compares the shared state before and after and aborts on a byte
 * changed without a note, so each test here dies (SIGABRT) if one of the
 * core's paths it drives stores into the shared state unjournaled. The
 * workload keeps to the DRM core: open/close, magics and masters, client
 * caps, flink/open, GEM close, PRIME export/import/close, sync objects
 * (binary and timeline, waits woken from another process, transfer, fds),
 * sync_files, KMS modesets and leases; objects come from MODE_CREATE_DUMB
 * and are never mapped, written or executed. Two tests go further: files released with thousands
 * of handles (the release commits as it goes), and processes killed in the
 * middle of core ioctls, whose half-made sections the next locker rolls back
 * (the counts must come out right afterwards).
 *
 * The ioctls are kernel-agnostic; only the verifier is the shim's.
 */
#include "tests/sync/sync_util.h"

#include <signal.h>
#include <linux/dma-buf.h>
#include <sys/wait.h>

#include "tests/prime/prime_test.h"
#include "tests/ioctl/kms_util.h"

#define SIZE_DUMB 16384		/* create_dumb: 64x64x32 */

static void client_cap(int fd, uint64_t cap, uint64_t value)
{
	struct drm_set_client_cap c = { .capability = cap, .value = value };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &c));
}

/* Magics, authentication, SET_VERSION/GET_UNIQUE, client caps and the master's comings and goings. */
TEST(auth_and_master)
{
	int m = open_master();
	struct drm_set_version sv = { .drm_di_major = 1, .drm_di_minor = 4, .drm_dd_major = -1,
				      .drm_dd_minor = -1 };
	ASSERT_OK(ioctl(m, DRM_IOCTL_SET_VERSION, &sv));
	char unique[64] = "";
	struct drm_unique u = { .unique_len = sizeof(unique) - 1, .unique = unique };
	ASSERT_OK(ioctl(m, DRM_IOCTL_GET_UNIQUE, &u));
	ASSERT(u.unique_len > 0);

	int c = open_authenticated(m);
	drm_magic_t magic = 0;
	ASSERT_OK(get_magic(c, &magic));
	ASSERT_ERRNO(auth_magic(m, magic), EINVAL);	/* consumed */
	int idle = open_primary();			/* a magic never used */
	drm_magic_t unused = 0;
	ASSERT_OK(get_magic(idle, &unused));
	close(idle);

	client_cap(c, DRM_CLIENT_CAP_STEREO_3D, 1);
	client_cap(c, DRM_CLIENT_CAP_STEREO_3D, 0);
	client_cap(c, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	client_cap(c, DRM_CLIENT_CAP_ASPECT_RATIO, 1);
	struct drm_set_client_cap atomic = { .capability = DRM_CLIENT_CAP_ATOMIC, .value = 1 };
	if (ioctl(c, DRM_IOCTL_SET_CLIENT_CAP, &atomic) == 0) {
		client_cap(c, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1);
		client_cap(c, DRM_CLIENT_CAP_ATOMIC, 0);
	}

	ASSERT_OK(drop_master(m));
	ASSERT_OK(set_master(m));			/* its opener takes it back */
	ASSERT_OK(drop_master(m));
	if (set_master(c) == 0)				/* privileged: c gets a master of its own */
		ASSERT_OK(drop_master(c));
	else
		ASSERT_EQ(errno, EACCES);
	ASSERT_OK(set_master(m));
	ASSERT(is_master(m));
	close(c);
	close(m);
}

/* Names, GEM_OPEN, GEM_CLOSE; a name goes with its object's last handle. */
TEST(flink_open_close)
{
	int m = open_master();
	uint32_t h = must_create(m), name = 0, again = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	int c = open_authenticated(m);
	uint32_t hs[8];
	for (int i = 0; i < 8; i++) {
		uint64_t size = 0;
		ASSERT_OK(gem_open(c, name, &hs[i], &size));
		ASSERT_EQ(size, SIZE_DUMB);
	}
	ASSERT_OK(gem_flink(c, hs[3], &again));
	ASSERT_EQ(again, name);
	for (int i = 0; i < 8; i++)
		ASSERT_OK(gem_close(c, hs[i]));
	ASSERT_ERRNO(gem_close(c, hs[0]), EINVAL);
	ASSERT_OK(gem_close(m, h));
	ASSERT_ERRNO(gem_open(c, name, NULL, NULL), ENOENT);

	/* A file closed with handles open gives them back. */
	h = must_create(m);
	ASSERT_OK(gem_flink(m, h, &name));
	for (int i = 0; i < 3; i++)
		ASSERT_OK(gem_open(c, name, NULL, NULL));
	close(c);
	c = open_authenticated(m);
	ASSERT_OK(gem_open(c, name, &again, NULL));
	ASSERT_EQ(again, 1);
	close(c);
	close(m);
}

/* Export, import, the prime table, SET_NAME and lseek, and the dma-buf's release both ways. */
TEST(prime_export_import)
{
	int m = open_master(), r = open_render();
	uint32_t h = must_create(m);
	int d = must_export(m, h), d2 = must_export(m, h);
	uint32_t ih = must_import(r, d);
	ASSERT_EQ(must_import(r, d2), ih);
	ASSERT_OK(ioctl(d, DMA_BUF_SET_NAME_B, "journal"));
	ASSERT_EQ(lseek(d, 0, SEEK_END), SIZE_DUMB);
	ASSERT_OK(gem_close(r, ih));
	uint32_t ih2 = must_import(r, d);		/* G5: a fresh handle */
	ASSERT_OK(gem_close(r, ih2));
	close(d2);
	close(d);
	ASSERT_OK(gem_close(m, h));			/* no handle, no fd: the dma-buf goes */

	h = must_create(m);
	d = must_export(m, h);
	ASSERT_OK(gem_close(m, h));
	ih = must_import(r, d);				/* the fd kept it */
	ASSERT_OK(gem_close(r, ih));
	close(d);					/* and its close releases it */
	close(r);
	close(m);
}

/* Binary sync objects: create, signal, reset, waits, fds, destroy, release with the file. */
TEST(syncobj_binary)
{
	int fd = sync_open(), fd2 = sync_open();
	uint32_t a = so_create(fd, 0), b = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	ASSERT_ERRNO(so_wait(fd, &a, 1, 0, 0, NULL), EINVAL);
	ASSERT_OK(so_signal(fd, a));
	ASSERT_OK(so_wait(fd, &a, 1, 0, 0, NULL));
	ASSERT_OK(so_reset(fd, a));
	int ofd = -1;
	ASSERT_OK(so_to_fd(fd, a, 0, &ofd));
	uint32_t ia = 0;
	ASSERT_OK(so_from_fd(fd2, ofd, 0, &ia));
	ASSERT_OK(so_signal(fd2, ia));
	uint32_t both[2] = { a, b }, first = 0;
	ASSERT_OK(so_wait(fd, both, 2, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, &first));
	close(ofd);
	ASSERT_OK(so_destroy(fd, a));
	ASSERT_OK(so_destroy(fd2, ia));
	ASSERT_OK(so_destroy(fd, b));
	uint32_t c = so_create(fd, 0);
	ASSERT_OK(so_to_fd(fd, c, 0, &ofd));		/* reaps the closed fd's record */
	close(ofd);
	so_create(fd2, DRM_SYNCOBJ_CREATE_SIGNALED);	/* left for the file's release */
	close(fd2);
	close(fd);
}

/* Timelines: points, query, waits, transfer both ways, growth, reset. */
TEST(syncobj_timeline)
{
	int fd = sync_open();
	uint32_t t = so_create(fd, 0);
	for (uint64_t p = 1; p <= 5; p++)
		ASSERT_OK(so_tsignal(fd, t, p));
	ASSERT_EQ(so_query(fd, t, 0), 5);
	ASSERT_EQ(so_query(fd, t, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 5);
	uint64_t pt = 3;
	ASSERT_OK(so_twait(fd, &t, &pt, 1, 0, 0));
	uint32_t bin = so_create(fd, 0), t2 = so_create(fd, 0);
	ASSERT_OK(so_transfer(fd, bin, 0, t, 4, 0));
	ASSERT_OK(so_wait(fd, &bin, 1, 0, 0, NULL));
	ASSERT_OK(so_transfer(fd, t2, 7, bin, 0, 0));
	ASSERT_EQ(so_query(fd, t2, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 7);
	ASSERT_OK(so_tsignal(fd, t2, 3));		/* not after the head */
	for (uint64_t p = 8; p < 48; p++)
		ASSERT_OK(so_tsignal(fd, t2, p));
	pt = 47;
	ASSERT_OK(so_twait(fd, &t2, &pt, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE));
	ASSERT_OK(so_reset(fd, t));
	ASSERT_OK(so_destroy(fd, t));
	ASSERT_OK(so_destroy(fd, bin));
	close(fd);					/* t2 goes with the file */
}

/* Waits that sleep (waiter word, nodes on the syncobj) and are woken by another process. */
TEST(syncobj_wait_woken)
{
	int fd = sync_open();
	uint32_t h = so_create(fd, 0), t = so_create(fd, 0);
	pid_t pid = fork();
	if (pid == 0) {					/* the same open file, inherited */
		int64_t deadline = (int64_t)(now_ns() + 10000000000ull);
		ASSERT_OK(so_wait(fd, &h, 1, deadline, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL));
		uint64_t p = 2;
		ASSERT_OK(so_twait(fd, &t, &p, 1, deadline, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT));
		_exit(0);
	}
	usleep(100000);
	ASSERT_OK(so_signal(fd, h));
	usleep(50000);
	ASSERT_OK(so_tsignal(fd, t, 1));
	usleep(50000);
	ASSERT_OK(so_tsignal(fd, t, 2));
	ASSERT_EQ(wait_child(pid), 0);

	uint32_t u = so_create(fd, 0);			/* a sleep that times out */
	ASSERT_ERRNO(so_wait(fd, &u, 1, (int64_t)(now_ns() + 20000000), DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
			     NULL), ETIME);
	pid = fork();
	if (pid == 0) {
		usleep(50000);
		ASSERT_OK(so_signal(fd, u));
		_exit(0);
	}
	ASSERT_OK(so_transfer(fd, h, 0, u, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT));
	ASSERT_EQ(wait_child(pid), 0);
	close(fd);
}

/* sync_files: export, FILE_INFO, MERGE, import into a syncobj, reaping of closed ones. */
TEST(sync_file_export_import)
{
	int fd = sync_open();
	uint32_t a = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED), b = so_create(fd, 0), c = so_create(fd, 0);
	ASSERT_OK(so_signal(fd, b));
	int sa = -1, sb = -1;
	ASSERT_OK(so_to_fd(fd, a, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sa));
	ASSERT_OK(so_to_fd(fd, b, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sb));
	ASSERT(sync_file_ready(sa, 0));
	struct sync_merge_data md = { .fd2 = sb, .name = "journal" };
	ASSERT_OK(ioctl(sa, SYNC_IOC_MERGE, &md));
	int sm = md.fence;
	struct sync_file_info info;
	memset(&info, 0, sizeof(info));
	ASSERT_OK(ioctl(sm, SYNC_IOC_FILE_INFO, &info));
	ASSERT_EQ(info.status, 1);
	ASSERT_OK(so_from_fd(fd, sm, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &c));
	ASSERT_OK(so_wait(fd, &c, 1, 0, 0, NULL));
	close(sa);
	close(sb);
	close(sm);
	int sx = -1;
	ASSERT_OK(so_to_fd(fd, c, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sx));	/* reaps */
	close(sx);
	close(fd);
}

/*
 * Files released with thousands of handles and sync objects (the release
 * commits every SHIM_RELEASE_CHECKPOINT of them), by close and by a process
 * that exits without closing (reaped at the next open); afterwards the
 * shared object's name must go with its last handle, so every release
 * counted right.
 */
TEST(big_files_released)
{
	int m = open_master();
	uint32_t h = must_create(m), name = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	int c = open_authenticated(m), r = sync_open();
	for (int i = 0; i < 3000; i++)
		ASSERT_OK(gem_open(c, name, NULL, NULL));
	for (int i = 0; i < 2500; i++)
		so_create(r, i % 2 ? DRM_SYNCOBJ_CREATE_SIGNALED : 0);
	close(r);
	close(c);
	pid_t pid = fork();
	if (pid == 0) {
		int cc = open_authenticated(m), rr = sync_open();
		for (int i = 0; i < 2200; i++)
			ASSERT_OK(gem_open(cc, name, NULL, NULL));
		for (int i = 0; i < 1100; i++)
			so_create(rr, DRM_SYNCOBJ_CREATE_SIGNALED);
		_exit(0);				/* the kernel closes them */
	}
	ASSERT_EQ(wait_child(pid), 0);
	c = open_authenticated(m);			/* reaps the child's files */
	uint32_t h2 = 0;
	ASSERT_OK(gem_open(c, name, &h2, NULL));
	ASSERT_EQ(h2, 1);
	ASSERT_OK(gem_close(c, h2));
	ASSERT_OK(gem_close(m, h));
	ASSERT_ERRNO(gem_open(c, name, NULL, NULL), ENOENT);
	close(c);
	close(m);
}

/* A child that does core ioctls as fast as it can, until it is killed. */
static void busy_child(int m, uint32_t name, int dmabuf)
{
	int c = open_authenticated(m), r = sync_open();
	for (;;) {
		uint32_t x = 0, ix = 0, s = so_create(r, DRM_SYNCOBJ_CREATE_SIGNALED);
		int sf = -1, d = -1;
		ASSERT_OK(gem_open(c, name, &x, NULL));
		ASSERT_OK(so_to_fd(r, s, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sf));
		ASSERT_OK(prime_export(c, x, DRM_CLOEXEC, &d));
		ix = must_import(r, d);
		ASSERT_OK(prime_import(r, dmabuf, &ix));
		close(d);
		close(sf);
		ASSERT_OK(gem_flink(c, x, NULL));
		ASSERT_OK(gem_close(c, x));
		ASSERT_OK(gem_close(r, ix));
		ASSERT_OK(so_destroy(r, s));
		int extra = open_primary();		/* a file made and released */
		close(extra);
	}
}

/*
 * Processes killed in the middle of core ioctls: a holder that dies leaves
 * its half-made section to the next locker, which rolls it back. Afterwards
 * the device still answers, files get their lowest handles, and the shared
 * object's name goes exactly when the last handle in any file does.
 */
TEST(killed_mid_section)
{
	int m = open_master();
	uint32_t h = must_create(m), name = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	int dmabuf = must_export(m, h);
	srand((unsigned)getpid());
	for (int round = 0; round < 24; round++) {
		pid_t pid = fork();
		if (pid == 0)
			busy_child(m, name, dmabuf);
		usleep(2000 + (useconds_t)(rand() % 20000));
		ASSERT_OK(kill(pid, SIGKILL));
		int status = 0;
		ASSERT_EQ(waitpid(pid, &status, 0), pid);
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
			TEST_FAIL("the busy child ended by itself (status 0x%x)", status);
	}
	int c = open_authenticated(m), r = sync_open();	/* reaps the children's files */
	uint32_t x = 0, s = so_create(r, 0), ix = must_import(r, dmabuf);
	ASSERT_EQ(s, 1);
	ASSERT_EQ(ix, 1);				/* the render file's first GEM handle */
	ASSERT_OK(gem_open(c, name, &x, NULL));
	ASSERT_EQ(x, 1);
	ASSERT_OK(gem_close(c, x));
	ASSERT_OK(gem_close(r, ix));
	ASSERT_OK(gem_close(m, h));
	ASSERT_ERRNO(gem_open(c, name, NULL, NULL), ENOENT);
	close(dmabuf);
	close(r);
	close(c);
	close(m);
}

/* KMS: the config made on first use, framebuffers made and removed, CRTCs lit and turned
 * off, a file released with its framebuffer on screen, vblank waits. */
TEST(kms_modeset)
{
	int m = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(m, &mode), fb = 0;
	uint32_t crtc = kms_light(m, conn, &mode, &fb);
	uint32_t fb2 = kms_fb(m, mode.hdisplay, mode.vdisplay);
	ASSERT_OK(kms_setcrtc(m, crtc, fb2, &mode, &conn, 1));
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_RMFB, &fb));
	union drm_wait_vblank v;
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE;
	v.request.sequence = 1;
	ioctl(m, DRM_IOCTL_WAIT_VBLANK, &v);
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_RMFB, &fb2));
	uint32_t fb3 = kms_fb(m, mode.hdisplay, mode.vdisplay);
	ASSERT_OK(kms_setcrtc(m, crtc, fb3, &mode, &conn, 1));
	ASSERT_OK(kms_setcrtc(m, crtc, 0, NULL, NULL, 0));
	ASSERT_OK(kms_setcrtc(m, crtc, fb3, &mode, &conn, 1));
	/* events: a flip's, a vblank's (read), and one left queued for the release */
	struct drm_mode_crtc_page_flip flip = { .crtc_id = crtc, .fb_id = fb2 = kms_fb(m, mode.hdisplay, mode.vdisplay),
						.flags = DRM_MODE_PAGE_FLIP_EVENT };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_PAGE_FLIP, &flip));
	struct drm_event_vblank ev;
	ASSERT_EQ(read(m, &ev, sizeof(ev)), sizeof(ev));
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | _DRM_VBLANK_EVENT;
	v.request.sequence = 100;
	ASSERT_OK(ioctl(m, DRM_IOCTL_WAIT_VBLANK, &v));
	close(m);
	int again = kms_open_master();	/* the release of m ran: fb3 went off the screen */
	struct drm_mode_crtc c;
	kms_getcrtc(again, crtc, &c);
	ASSERT_EQ(c.fb_id, 0);
	close(again);
}

/* DRM leases: a lease made (its file and master), a second refused, its objects lit by the
 * lessee, a flip event of the lessee's, the lease revoked, the lessor dropping and taking
 * back master, the lessee's file released, then the lessor's with a lessee still open. */
TEST(kms_lease)
{
	int m = kms_open_master();
	struct drm_mode_modeinfo mode;
	struct kms_res res;
	uint32_t ids[2] = { kms_connected(m, &mode), 0 };
	ASSERT_OK(kms_get_resources(m, &res));
	ids[1] = res.crtcs[0];
	struct drm_mode_create_lease a = { .object_ids = (uintptr_t)ids, .object_count = 2 };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_CREATE_LEASE, &a));
	struct drm_mode_create_lease busy = a;
	ASSERT_ERRNO(ioctl(m, DRM_IOCTL_MODE_CREATE_LEASE, &busy), EBUSY);
	int l = (int)a.fd;
	uint32_t fb = kms_fb(l, mode.hdisplay, mode.vdisplay);
	ASSERT_OK(kms_setcrtc(l, ids[1], fb, &mode, &ids[0], 1));
	struct drm_mode_crtc_page_flip flip = { .crtc_id = ids[1], .fb_id = kms_fb(l, mode.hdisplay, mode.vdisplay),
						.flags = DRM_MODE_PAGE_FLIP_EVENT };
	ASSERT_OK(ioctl(l, DRM_IOCTL_MODE_PAGE_FLIP, &flip));
	struct drm_event_vblank ev;
	ASSERT_EQ(read(l, &ev, sizeof(ev)), sizeof(ev));
	ASSERT_OK(drop_master(m));
	ASSERT_OK(set_master(m));
	struct drm_mode_revoke_lease r = { .lessee_id = a.lessee_id };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_REVOKE_LEASE, &r));
	close(l);
	struct drm_mode_create_lease b = { .object_ids = (uintptr_t)ids, .object_count = 2 };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_CREATE_LEASE, &b));
	ASSERT_EQ(b.lessee_id, a.lessee_id);	/* the closed lessee's id is free again */
	close(m);
	close((int)b.fd);
	close(kms_open_master());
}

int main(void)
{
	static const struct test tests[] = {
		T(auth_and_master),
		T(flink_open_close),
		T(prime_export_import),
		T(syncobj_binary),
		T(syncobj_timeline),
		T(syncobj_wait_woken),
		T(sync_file_export_import),
		T(big_files_released),
		T(killed_mid_section),
		T(kms_modeset),
		T(kms_lease),
	};
	/* Before the first device call: the shim reads it when it attaches to the instance. */
	setenv("I915_SHIM_JOURNAL_VERIFY", "1", 1);
	return run_tests(tests, ARRAY_SIZE(tests));
}
