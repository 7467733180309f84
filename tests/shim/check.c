/* SPDX-License-Identifier: MIT */
/*
 * The invariant checker (i915-shim --check, shim/drm/drm_check.h): it passes
 * on a fresh instance, during and after a workload of objects, flink, PRIME,
 * sync objects, sync_files, contexts, execs, mappings, tiling, madvise and
 * userptr, with work in flight, and once every file is closed (with the same
 * counts every round: nothing leaks); and it catches corruption injected into
 * the state file of a throwaway instance: a free-list cycle, an offset out of
 * range, a refcount off by one either way, an orphaned block, two objects
 * sharing pages; and random damage never makes it crash or hang. Shim
 * only; each test has a device instance of its own.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <drm.h>
#include <i915_drm.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/i915/i915_test.h"
#include "tests/shim_check.h"
#include "tests/ioctl/kms_util.h"

/* The state's layout, for the tests that corrupt it (no shim code is linked). */
#include "drm/drm_device.h"
#include "drm/drm_syncobj.h"
#include "i915/i915_gem_object.h"

static void start(const char *tag)
{
	REQUIRE_SHIM("the shim's invariant checker");
	private_instance(tag);
}

static void end(void)
{
	test_instance_remove();
}

/* --- a workload that touches every kind of shared state ------------------------------- */

struct live {
	int primary, render;
	int dmabuf, syncobj_fd, sync_file, out_fence;
	void *cpu_map, *gtt_map, *dmabuf_map, *user_mem;
	uint64_t map_size;
};

static uint32_t syncobj_create(int fd, uint32_t flags)
{
	struct drm_syncobj_create c = { .flags = flags };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c));
	return c.handle;
}

static void workload(struct live *l)
{
	l->primary = open_primary();
	l->render = i915_open();
	int fd = l->primary;
	uint32_t h[8];
	char data[256] = "the checker was here";
	for (unsigned i = 0; i < 8; i++) {
		h[i] = gem_create(fd, 4096 * (i + 1));
		gem_write(fd, h[i], 0, data, sizeof(data));
	}
	gem_close(fd, h[7]);				/* a freed object's block goes on a free list */

	/* flink and GEM_OPEN: a second handle of the same object */
	struct drm_gem_flink fl = { .handle = h[0] };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_FLINK, &fl));
	struct drm_gem_open op = { .name = fl.name };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_OPEN, &op));

	/* PRIME: exported from one file, imported into another, mapped through the dma-buf */
	struct drm_prime_handle ph = { .handle = h[1], .flags = DRM_CLOEXEC | DRM_RDWR };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph));
	l->dmabuf = ph.fd;
	struct drm_prime_handle imp = { .fd = l->dmabuf };
	ASSERT_OK(ioctl(l->render, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp));
	l->dmabuf_map = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, l->dmabuf, 0);
	ASSERT(l->dmabuf_map != MAP_FAILED);

	/* mappings: a CPU map, and a GTT map of an X-tiled object (its linear view) */
	struct drm_i915_gem_mmap m = { .handle = h[2], .size = 3 * 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	l->cpu_map = (void *)(uintptr_t)m.addr_ptr;
	struct drm_i915_gem_set_tiling t = { .handle = h[3], .tiling_mode = I915_TILING_X, .stride = 512 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t));
	struct drm_i915_gem_mmap_gtt g = { .handle = h[3] };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &g));
	l->map_size = 4 * 4096;
	l->gtt_map = mmap(NULL, l->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)g.offset);
	ASSERT(l->gtt_map != MAP_FAILED);
	memset(l->gtt_map, 0x5a, 4096);

	/* madvise: an object with pages on the purgeable list */
	struct drm_i915_gem_madvise mv = { .handle = h[4], .madv = I915_MADV_DONTNEED };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, &mv));

	/* userptr, where the device has it */
	l->user_mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(l->user_mem != MAP_FAILED);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)l->user_mem, .user_size = 4096 };
	ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u);

	/* contexts, one destroyed again (where the device has logical contexts) */
	struct drm_i915_gem_context_create_ext cc = { 0 };
	uint32_t ctx = ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc) ? 0 : cc.ctx_id;
	if (ctx) {
		uint32_t gone = gem_context_create(fd);
		struct drm_i915_gem_context_destroy cd = { .ctx_id = gone };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd));
	}

	/* address spaces by id (full PPGTT): one made, a context sharing it, another id for a
	 * context's own */
	struct drm_i915_gem_vm_control vc = { 0 };
	if (ctx && ioctl(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &vc) == 0) {
		struct drm_i915_gem_context_create_ext_setparam ext = {
			.base = { .name = I915_CONTEXT_CREATE_EXT_SETPARAM },
			.param = { .param = I915_CONTEXT_PARAM_VM, .value = vc.vm_id },
		};
		struct drm_i915_gem_context_create_ext on = { .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
							      .extensions = (uintptr_t)&ext };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &on));
		struct drm_i915_gem_context_param vp = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_VM };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &vp));
	}

	/* a dumb buffer mapped at its MAP_DUMB offset */
	struct drm_mode_create_dumb db = { .width = 64, .height = 64, .bpp = 32 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &db));
	struct drm_mode_map_dumb dm = { .handle = db.handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &dm));
	void *dp = mmap(NULL, db.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)dm.offset);
	ASSERT(dp != MAP_FAILED);
	memset(dp, 0x33, 64);
	munmap(dp, db.size);

	/* execs: render with an out-fence and a syncobj signalled, then one on the context */
	uint32_t so = syncobj_create(fd, 0);
	static const uint32_t end_cmd[] = { MI_BATCH_BUFFER_END, 0 };
	uint32_t batch = gem_batch(fd, end_cmd, sizeof(end_cmd));
	struct drm_i915_gem_exec_object2 objs[2] = { { .handle = h[5], .flags = EXEC_OBJECT_WRITE },
						     { .handle = batch } };
	struct drm_i915_gem_exec_fence ef = { .handle = so, .flags = I915_EXEC_FENCE_SIGNAL };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)objs, .buffer_count = 2,
					       .flags = I915_EXEC_RENDER | I915_EXEC_FENCE_OUT |
							I915_EXEC_FENCE_ARRAY,
					       .num_cliprects = 1, .cliprects_ptr = (uintptr_t)&ef };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	l->out_fence = (int)(eb.rsvd2 >> 32);
	ASSERT_OK(gem_execbuf_ctx(fd, objs, 2, I915_EXEC_DEFAULT, ctx));
	gem_wait(fd, h[5]);
	gem_wait(fd, batch);

	/* sync objects: binary, timeline, exported as an fd and as a sync_file */
	uint32_t tl = syncobj_create(fd, 0);
	uint64_t points[2] = { 1, 3 };
	uint32_t tls[2] = { tl, tl };
	struct drm_syncobj_timeline_array ta = { .handles = (uintptr_t)tls, .points = (uintptr_t)points,
						 .count_handles = 2 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &ta));
	struct drm_syncobj_handle sh = { .handle = tl };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &sh));
	l->syncobj_fd = sh.fd;
	struct drm_syncobj_handle back = { .fd = l->syncobj_fd };
	ASSERT_OK(ioctl(l->render, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &back));
	struct drm_syncobj_handle sf = { .handle = so, .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &sf));
	l->sync_file = sf.fd;
	syncobj_create(l->render, DRM_SYNCOBJ_CREATE_SIGNALED);
}

static void workload_end(struct live *l)
{
	munmap(l->cpu_map, 3 * 4096);
	munmap(l->gtt_map, l->map_size);
	munmap(l->dmabuf_map, 8192);
	munmap(l->user_mem, 4096);
	close(l->dmabuf);
	close(l->syncobj_fd);
	close(l->sync_file);
	close(l->out_fence);
	close(l->render);
	close(l->primary);
}

/* Reaping runs when a device file opens: what closed fds left is released. */
static void reap(void)
{
	close(open_render());
}

/* --- a consistent device -------------------------------------------------------------- */

TEST(fresh_instance_is_consistent)
{
	start("fresh");
	int fd = open_render();
	char *text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "violations"), 0);
	ASSERT_EQ(shim_check_count(text, "idle"), 1);
	ASSERT_EQ(shim_check_count(text, "files"), 1);
	ASSERT_EQ(shim_check_count(text, "objects"), 0);
	ASSERT_EQ(shim_check_count(text, "arena_unreached"), 0);
	free(text);
	close(fd);
	end();
}

TEST(workload_is_consistent)
{
	start("workload");
	struct live l;
	workload(&l);
	char *text = SHIM_CHECK_CONSISTENT();
	shim_check_print(text);
	ASSERT_EQ(shim_check_count(text, "idle"), 1);
	ASSERT_EQ(shim_check_count(text, "files"), 2);
	ASSERT(shim_check_count(text, "objects") >= 8);	/* 9 with userptr */
	ASSERT(shim_check_count(text, "fences") >= 1);
	ASSERT_EQ(shim_check_count(text, "syncobjs"), 3);
	ASSERT_EQ(shim_check_count(text, "dmabufs"), 1);
	ASSERT_EQ(shim_check_count(text, "sync_files"), 2);	/* the exec's out-fence and the export */
	ASSERT_EQ(shim_check_count(text, "syncobj_fds"), 1);
	ASSERT(shim_check_count(text, "contexts") >= 1);	/* the file's default, and one more if it can */
	ASSERT(shim_check_count(text, "mappings") >= 3);
	ASSERT(shim_check_count(text, "pool_in_use") > 0);
	free(text);
	workload_end(&l);
	end();
}

/* KMS: a framebuffer on screen is held by its id and the plane, and holds its object; a
 * pending event is its file's; all of it goes with the file. */
TEST(kms_state_is_consistent)
{
	start("kms");
	int m = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(m, &mode), fb = 0;
	kms_light(m, conn, &mode, &fb);
	uint32_t spare = kms_fb(m, 64, 64);
	union drm_wait_vblank v;	/* an event left pending on the list */
	memset(&v, 0, sizeof(v));
	v.request.type = _DRM_VBLANK_RELATIVE | _DRM_VBLANK_EVENT;
	v.request.sequence = 1000;
	ASSERT_OK(ioctl(m, DRM_IOCTL_WAIT_VBLANK, &v));
	char *text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "mode_configs"), 1);
	ASSERT_EQ(shim_check_count(text, "framebuffers"), 2);
	ASSERT(shim_check_count(text, "blobs") >= 3);	/* EDID, MODE_ID, IN_FORMATS */
	ASSERT_EQ(shim_check_count(text, "objects"), 2);
	free(text);
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_RMFB, &spare));
	close(m);
	reap();
	text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "framebuffers"), 0);
	ASSERT_EQ(shim_check_count(text, "objects"), 0);
	free(text);
	end();
}

/* DRM leases: a lessee master (its file's) holds its lessor, which lists it under its id; a
 * lessor whose file is gone lives on in its lessees; everything goes with the last file. */
TEST(lease_state_is_consistent)
{
	start("lease");
	int m = kms_open_master();
	struct drm_mode_modeinfo mode;
	struct kms_res res;
	uint32_t ids[2] = { kms_connected(m, &mode), 0 };
	ASSERT_OK(kms_get_resources(m, &res));
	ids[1] = res.crtcs[0];	/* without UNIVERSAL_PLANES the CRTC's planes come along */
	struct drm_mode_create_lease a = { .object_ids = (uintptr_t)ids, .object_count = 2 };
	struct drm_mode_create_lease empty = { .object_count = 0 };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_CREATE_LEASE, &a));
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_CREATE_LEASE, &empty));
	char *text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "files"), 3);
	ASSERT_EQ(shim_check_count(text, "masters"), 3);
	free(text);
	struct drm_mode_revoke_lease r = { .lessee_id = a.lessee_id };
	ASSERT_OK(ioctl(m, DRM_IOCTL_MODE_REVOKE_LEASE, &r));
	ASSERT_SHIM_CONSISTENT();
	close(m);	/* the lessor's master lives on in its lessees */
	reap();
	text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "files"), 2);
	ASSERT_EQ(shim_check_count(text, "masters"), 3);
	free(text);
	close((int)a.fd);
	reap();
	text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "masters"), 2);
	free(text);
	close((int)empty.fd);
	reap();
	text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "files"), 0);
	ASSERT_EQ(shim_check_count(text, "masters"), 0);
	free(text);
	end();
}

/* After every file and fd is closed, nothing is left; rounds leave the same counts. */
TEST(closed_files_leave_nothing)
{
	/* arena_live less arena_pool: the pool's own records come and go with its free lists */
	static const char *const keys[] = { "clients", "files", "objects", "fences", "syncobjs", "masters",
					    "dmabufs", "sync_files", "syncobj_fds", "waiters", "contexts", "vms",
					    "mappings", "arena_live", "pool_in_use" };
	long long first[ARRAY_SIZE(keys)];
	char *first_text = NULL;
	start("closed");
	for (int round = 0; round < 3; round++) {
		struct live l;
		workload(&l);
		workload_end(&l);
		reap();
		char *text = SHIM_CHECK_CONSISTENT();
		ASSERT_EQ(shim_check_count(text, "files"), 0);
		ASSERT_EQ(shim_check_count(text, "objects"), 0);
		ASSERT_EQ(shim_check_count(text, "fences"), 0);
		ASSERT_EQ(shim_check_count(text, "syncobjs"), 0);
		ASSERT_EQ(shim_check_count(text, "contexts"), 0);
		ASSERT_EQ(shim_check_count(text, "pool_in_use"), 0);
		for (size_t k = 0; k < ARRAY_SIZE(keys); k++) {
			long long v = shim_check_count(text, keys[k]);
			ASSERT(v >= 0);
			if (!strcmp(keys[k], "arena_live"))
				v -= shim_check_count(text, "arena_pool");
			if (round == 0) {
				first[k] = v;
			} else if (v != first[k]) {
				shim_check_print(first_text);
				shim_check_print(text);
				TEST_FAIL("round %d: %s=%lld, round 0 had %lld", round, keys[k], v, first[k]);
			}
		}
		if (round == 0)
			first_text = text;
		else
			free(text);
	}
	free(first_text);
	end();
}

/* An exec with FENCE_OUT of an empty batch: its sync_file. */
static int export_out_fence(int fd, uint32_t batch)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .flags = I915_EXEC_FENCE_OUT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	return (int)(eb.rsvd2 >> 32);
}

/*
 * An export looks at a few sync_files, not at every live one (issue #16): with
 * many open, those closed are still reaped, the one closed last first, and
 * once all are closed, a few exports later none is left.
 */
TEST(closed_sync_files_are_reaped_among_many)
{
	start("reap-some");
	int fd = open_render();
	static const uint32_t bbe[2] = { MI_BATCH_BUFFER_END, 0 };
	uint32_t batch = gem_batch(fd, bbe, sizeof(bbe));
	int live[40];
	for (unsigned i = 0; i < ARRAY_SIZE(live); i++)
		live[i] = export_out_fence(fd, batch);
	for (int i = 0; i < 200; i++)
		close(export_out_fence(fd, batch));
	char *text = SHIM_CHECK_CONSISTENT();
	long long n = shim_check_count(text, "sync_files");
	free(text);
	if (n > (long long)ARRAY_SIZE(live) + 1)
		TEST_FAIL("%lld sync_files with %zu open", n, ARRAY_SIZE(live));
	for (unsigned i = 0; i < ARRAY_SIZE(live); i++)
		close(live[i]);
	for (unsigned i = 0; i < ARRAY_SIZE(live) / 2; i++)
		close(export_out_fence(fd, batch));
	text = SHIM_CHECK_CONSISTENT();
	n = shim_check_count(text, "sync_files");
	free(text);
	if (n > 1)
		TEST_FAIL("%lld sync_files with none open", n);
	gem_close(fd, batch);
	close(fd);
	end();
}

/* Work in flight holds references the checker cannot see: busy, it still passes. */
TEST(busy_device_is_consistent)
{
	start("busy");
	int fd = i915_open_gen8();
	uint32_t ctx = gem_context_create(fd);
	volatile uint32_t *map;
	uint32_t spin = gem_spinner(fd, ctx, I915_EXEC_RENDER, &map);
	gem_close(fd, spin);			/* the request alone holds the batch now */
	struct drm_i915_gem_context_destroy cd = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd));	/* and its context */
	char *text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "idle"), 0);
	ASSERT(shim_check_count(text, "pending_fences") >= 1);
	map[0] = MI_BATCH_BUFFER_END;
	__sync_synchronize();
	for (int i = 0; i < 500 && shim_check_count(text, "idle") != 1; i++) {
		free(text);
		usleep(10000);
		text = SHIM_CHECK_CONSISTENT();
	}
	ASSERT_EQ(shim_check_count(text, "idle"), 1);
	ASSERT_EQ(shim_check_count(text, "objects"), 1);	/* the mapping holds the batch */
	free(text);
	munmap((void *)map, 4096);
	text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "objects"), 0);
	ASSERT_EQ(shim_check_count(text, "contexts"), 0);
	free(text);
	close(fd);
	end();
}

/* The launcher's --check: this environment's instance by default, exit 2 for a missing one. */
TEST(launcher_runs_the_checker)
{
	start("launcher");
	int fd = open_render();
	gem_create(fd, 4096);
	int ret;
	char *text = shim_check_launcher("", &ret);
	if (ret != 0)
		shim_check_print(text);
	ASSERT_EQ(ret, 0);
	ASSERT_EQ(shim_check_count(text, "objects"), 1);
	ASSERT_EQ(shim_check_count(text, "files"), 1);
	free(text);
	char dir[1024], args[1100];
	test_instance_dir(dir, sizeof(dir));
	snprintf(args, sizeof(args), "--settle 0 '%s'", dir);	/* by path */
	text = shim_check_launcher(args, &ret);
	ASSERT_EQ(ret, 0);
	free(text);
	snprintf(args, sizeof(args), "'%s'", strrchr(dir, '/') + 1);	/* by directory name */
	text = shim_check_launcher(args, &ret);
	ASSERT_EQ(ret, 0);
	free(text);
	text = shim_check_launcher("no-such-instance.check", &ret);
	ASSERT_EQ(ret, 2);
	ASSERT(strstr(text, "no device instance"));
	free(text);
	text = shim_check_launcher("--no-such-option", &ret);
	ASSERT_EQ(ret, 2);
	free(text);
	close(fd);
	end();
}

/* --- corruption it must catch ------------------------------------------------------------ */

struct state {
	char *base;
	size_t size;
	struct shim_shared *sh;
	struct shim_file *file;		/* the test's open file */
};

static void *at(struct state *s, uint64_t off)
{
	ASSERT(off && off < s->size);
	return s->base + off;
}

/* Maps this process's instance's state, as a tool that corrupts it would. */
static void map_state(struct state *s)
{
	char dir[1024], path[1100];
	struct stat st;
	test_instance_dir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/state", dir);
	int fd = open(path, O_RDWR | O_CLOEXEC);
	ASSERT(fd >= 0);
	ASSERT_OK(fstat(fd, &st));
	s->size = (size_t)st.st_size;
	s->base = mmap(NULL, s->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT(s->base != MAP_FAILED);
	close(fd);
	s->sh = (struct shim_shared *)s->base;
	s->file = NULL;
	for (unsigned i = 0; i < SHIM_MAX_FILES && !s->file; i++)
		if (s->sh->files[i].state == SHIM_FILE_OPEN)
			s->file = &s->sh->files[i];
	ASSERT(s->file != NULL);
}

static uint64_t *idr_slot(struct state *s, struct shim_idr *idr, uint32_t id)
{
	ASSERT(id < idr->cap);
	return (uint64_t *)at(s, idr->slots) + id;
}

/* Sets id used (or free) in the idr's free-id index (slots[0] names its block; its first
 * level is a bit per id), as shim_idr_alloc/remove would with the slot. */
static void idr_mark(struct state *s, struct shim_idr *idr, uint32_t id, bool used)
{
	uint64_t *word = (uint64_t *)at(s, *idr_slot(s, idr, 0)) + id / 64;
	*word = used ? *word | (1ull << (id % 64)) : *word & ~(1ull << (id % 64));
}

/* The checker finds the state broken, saying expect (and, if not NULL, also2). */
static void expect_violation(const char *expect, const char *also2)
{
	int ret;
	char *text = shim_check_run(NULL, 50, &ret);
	shim_check_print(text);
	ASSERT_EQ(ret, 1);
	ASSERT(strstr(text, expect));
	if (also2)
		ASSERT(strstr(text, also2));
	ASSERT(shim_check_count(text, "violations") >= 1);
	free(text);
}

/* A device with objects (one freed), a flink name and a sync object: consistent to begin with. */
static int populated(void)
{
	int fd = open_primary();
	uint32_t a = gem_create(fd, 8192);
	gem_create(fd, 4096);
	gem_close(fd, gem_create(fd, 4096));
	struct drm_gem_flink fl = { .handle = a };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_FLINK, &fl));
	syncobj_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	char x = 1;
	gem_write(fd, 2, 0, &x, 1);		/* pages for the second object */
	gem_write(fd, a, 0, &x, 1);
	ASSERT_SHIM_CONSISTENT();
	return fd;
}

TEST(catches_free_list_cycle)
{
	start("cycle");
	int fd = populated();
	struct state s;
	map_state(&s);
	unsigned c = 0;
	while (c < SHIM_ARENA_CLASSES && !s.sh->arena.free_head[c])
		c++;
	ASSERT(c < SHIM_ARENA_CLASSES);			/* the freed object's block */
	uint64_t head = s.sh->arena.free_head[c];
	*(uint64_t *)at(&s, head) = head;		/* the block links to itself */
	expect_violation("does not end", "arena free list");
	close(fd);
	end();
}

TEST(catches_offset_out_of_range)
{
	start("range");
	int fd = populated();
	struct state s;
	map_state(&s);
	*idr_slot(&s, &s.file->handles, 2) = s.sh->arena.limit + 4096;	/* handle 2 points past the arena */
	expect_violation("outside the arena", "handle at ");
	close(fd);
	end();
}

TEST(catches_refcount_one_too_many)
{
	start("refplus");
	int fd = populated();
	struct state s;
	map_state(&s);
	struct shim_gem_object *obj = at(&s, *idr_slot(&s, &s.file->handles, 1));
	obj->refcount++;				/* a reference nobody holds: a leak */
	expect_violation("only 1 references are seen", "object at ");
	obj->refcount--;
	ASSERT_SHIM_CONSISTENT();
	close(fd);
	end();
}

TEST(catches_refcount_one_too_few)
{
	start("refminus");
	int fd = populated();
	struct state s;
	map_state(&s);
	struct shim_gem_object *obj = at(&s, *idr_slot(&s, &s.file->handles, 1));
	ASSERT_EQ(obj->refcount, 1);
	obj->refcount++;				/* a second handle, as GEM_OPEN would make, ... */
	obj->handle_count++;
	uint64_t *slot = idr_slot(&s, &s.file->handles, 5);
	ASSERT_EQ(*slot, 0);
	*slot = *idr_slot(&s, &s.file->handles, 1);
	idr_mark(&s, &s.file->handles, 5, true);
	s.file->handles.count++;
	ASSERT_SHIM_CONSISTENT();
	obj->refcount--;				/* ... whose reference is then lost: a use after free */
	expect_violation("refcount 1, but 2 references are seen", NULL);
	close(fd);
	end();
}

TEST(catches_orphan_block)
{
	start("orphan");
	int fd = populated();
	struct state s;
	map_state(&s);
	struct shim_idr *idr = &s.file->syncobjs;
	uint64_t *slot = idr_slot(&s, idr, 1);
	uint64_t so = *slot;
	ASSERT(so != 0);
	struct shim_syncobj *sync = at(&s, so);
	ASSERT_EQ(sync->refcount, 1);
	*slot = 0;					/* the handle forgotten, the sync object not freed */
	idr_mark(&s, idr, 1, false);
	idr->count--;
	idr->hint = 1;
	char expect[64];
	snprintf(expect, sizeof(expect), "unreachable block at 0x%llx", (unsigned long long)so);
	expect_violation(expect, NULL);
	close(fd);
	end();
}

TEST(catches_shared_pages)
{
	start("pages");
	int fd = populated();
	struct state s;
	map_state(&s);
	struct i915_gem_object *a = at(&s, *idr_slot(&s, &s.file->handles, 1));
	struct i915_gem_object *b = at(&s, *idr_slot(&s, &s.file->handles, 2));
	ASSERT((a->flags & SHIM_OBJ_HAS_PAGES) && (b->flags & SHIM_OBJ_HAS_PAGES));
	b->mem_off = a->mem_off;			/* two objects on the same pages */
	expect_violation("overlaps", "object's pages");
	close(fd);
	end();
}

/* Random damage anywhere past the lock: the checker reports it or passes, never crashes or hangs. */
TEST(survives_random_corruption)
{
	start("fuzz");
	struct live l;
	workload(&l);
	ASSERT_SHIM_CONSISTENT();
	struct state s;
	map_state(&s);
	uint64_t start_off = s.sh->arena.start, used = s.sh->arena.top;
	char dir[1024], fuzz[1100], path[1200];
	test_instance_dir(dir, sizeof(dir));
	snprintf(fuzz, sizeof(fuzz), "%s.fuzz", dir);
	snprintf(path, sizeof(path), "%s/state", fuzz);
	ASSERT_OK(mkdir(fuzz, 0700));
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	ASSERT(fd >= 0);
	ASSERT_OK(ftruncate(fd, (off_t)s.size));
	char *copy = mmap(NULL, s.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT(copy != MAP_FAILED);
	/* CHECK_FUZZ_ROUNDS and CHECK_FUZZ_SEED make it a longer soak */
	const char *env_rounds = getenv("CHECK_FUZZ_ROUNDS"), *env_seed = getenv("CHECK_FUZZ_SEED");
	unsigned seed = env_seed ? (unsigned)atoi(env_seed) : 20261122, reported = 0;
	unsigned rounds = env_rounds ? (unsigned)atoi(env_rounds) : 300;
	for (unsigned i = 0; i < rounds; i++) {
		memcpy(copy, s.base, used);
		for (int k = 1 + rand_r(&seed) % 8; k > 0; k--) {
			/* half in the device's structures (not the lock), half in the arena */
			uint64_t lo = sizeof(struct shim_instance_header), hi = start_off;
			if (rand_r(&seed) & 1) {
				lo = start_off;
				hi = used;
			}
			uint64_t at = lo + (uint64_t)rand_r(&seed) % (hi - lo);
			if (rand_r(&seed) % 4) {		/* a bit flipped */
				copy[at] ^= (char)(1 << (rand_r(&seed) % 8));
			} else if ((at & ~7ull) >= lo) {	/* a word overwritten: a wild offset or count */
				uint64_t v = (uint64_t)rand_r(&seed) << (rand_r(&seed) % 40);
				memcpy(copy + (at & ~7ull), &v, sizeof(v));
			}
		}
		int ret;
		char *text = shim_check_run(fuzz, 0, &ret);
		if (ret != 0 && ret != 1) {
			shim_check_print(text);
			TEST_FAIL("round %u: the checker answered %d", i, ret);
		}
		reported += (unsigned)ret;
		free(text);
	}
	printf("# %u of %u damaged states were reported\n", reported, rounds);
	ASSERT(reported > rounds / 4);
	munmap(copy, s.size);
	close(fd);
	unlink(path);
	rmdir(fuzz);
	workload_end(&l);
	end();
}

TEST_MAIN(T(fresh_instance_is_consistent), T(kms_state_is_consistent), T(lease_state_is_consistent), T(workload_is_consistent), T(closed_sync_files_are_reaped_among_many), T(closed_files_leave_nothing),
	  T(busy_device_is_consistent), T(launcher_runs_the_checker), T(catches_free_list_cycle),
	  T(catches_offset_out_of_range), T(catches_refcount_one_too_many), T(catches_refcount_one_too_few),
	  T(catches_orphan_block), T(catches_shared_pages), T(survives_random_corruption))
