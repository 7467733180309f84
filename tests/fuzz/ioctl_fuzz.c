/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness over the ioctl surface of the emulated device.
 *
 * Each input is a little program: a sequence of operations, each an opcode
 * byte and its arguments (tests/fuzz/ioctl_ops.h), run on device files opened for that input (the
 * primary and render nodes): GEM create/close/pwrite/pread/mmap (offset and
 * legacy)/tiling/domains/caching/busy/wait/madvise/userptr, execbuffer with
 * small batches, relocations, fences and fence arrays, flink/open, PRIME
 * export/import and dma-buf ioctls, sync objects and sync_files, contexts and
 * their parameters, GETPARAM/GET_CAP/VERSION, auth and master, dumb buffers,
 * and raw ioctl numbers with fuzzed arguments. Handles, fds and ids come from
 * tables of what earlier operations made, or are raw numbers. Everything the
 * input made is closed at its end, after its work is waited for (bounded), so
 * inputs do not pile up.
 *
 * The contract under test: whatever the input, every call returns (success
 * or an errno) and nothing crashes, hangs, leaks or trips ASan/UBSan. The
 * harness checks nothing else; tests/ states the kernel's rules.
 *
 * Links: libc, the uAPI headers and tests/fuzz/fuzz_input.h; the shim's
 * objects are linked in (tests/fuzz/fuzz.am) and answer the calls.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <time.h>
#include <drm.h>
#include <i915_drm.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>

#include "hwdefs/intel_commands.h"
#include "tests/fuzz/fuzz_input.h"
#include "tests/fuzz/ioctl_ops.h"

#define MAX_FILES 4
#define MAX_HANDLES 32
#define MAX_IDS 16
#define MAX_FDS 16
#define MAX_MAPS 8
#define MAX_WAITS 16
#define MAX_OPS 64

struct handle {
	int file;		/* index in files[] */
	uint32_t handle;
	uint64_t size;		/* 0: not known */
};

struct id {
	int file;
	uint32_t id;
};

struct state {
	struct fz *f;
	struct fz_mem *m;
	int files[MAX_FILES];
	unsigned nfiles;
	struct handle h[MAX_HANDLES];
	unsigned nh;
	struct id ctx[MAX_IDS], syncobj[MAX_IDS];
	unsigned nctx, nsyncobj;
	int fds[MAX_FDS];		/* dma-bufs, sync_files, syncobj fds */
	unsigned nfds;
	struct { void *p; size_t len; } maps[MAX_MAPS];
	unsigned nmaps;
	struct handle waits[MAX_WAITS];	/* batches submitted, waited for at the end */
	unsigned nwaits;
	bool madvised;			/* mappings may lose their pages: not touched */
};

static struct fz_mem mem;

/* ---- tables ------------------------------------------------------------- */

static int file_fd(struct state *s, int i)
{
	return i >= 0 && (unsigned)i < s->nfiles ? s->files[i] : -1;
}

/* A file: one of ours (opened on demand). */
static int pick_file(struct state *s, int *index)
{
	if (!s->nfiles) {
		int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
		if (fd < 0)
			abort();	/* the device is gone: nothing else can be fuzzed */
		s->files[s->nfiles++] = fd;
	}
	int i = fz_u8(s->f) % s->nfiles;
	if (index)
		*index = i;
	return s->files[i];
}

static void add_handle(struct state *s, int file, uint32_t handle, uint64_t size)
{
	if (s->nh < MAX_HANDLES)
		s->h[s->nh++] = (struct handle){ file, handle, size };
}

/* A handle: mostly one made earlier (of any file), sometimes a raw number. */
static uint32_t pick_handle(struct state *s, struct handle **out)
{
	uint8_t b = fz_u8(s->f);
	if (out)
		*out = NULL;
	if (b >= 0xf0 || !s->nh)
		return b >= 0xf8 ? fz_u32(s->f) : b & 7;
	struct handle *h = &s->h[b % s->nh];
	if (out)
		*out = h;
	return h->handle;
}

static void add_id(struct id *t, unsigned *n, int file, uint32_t id)
{
	if (*n < MAX_IDS)
		t[(*n)++] = (struct id){ file, id };
}

static uint32_t pick_id(struct state *s, const struct id *t, unsigned n)
{
	uint8_t b = fz_u8(s->f);
	if (b >= 0xf0 || !n)
		return b >= 0xf8 ? fz_u32(s->f) : b & 7;
	return t[b % n].id;
}

/* An fd made by the kernel for us: kept to be closed at the end, or closed now. */
static void add_fd(struct state *s, int fd)
{
	if (fd < 0)
		return;
	if (s->nfds < MAX_FDS)
		s->fds[s->nfds++] = fd;
	else
		close(fd);
}

/*
 * An fd for an argument: one of ours (dma-buf, sync_file, ...), a device fd, or a small
 * number (which may be one of the shim's own files: only ever passed to an ioctl).
 */
static int pick_fd(struct state *s)
{
	uint8_t b = fz_u8(s->f);
	if (b < 0xc0 && s->nfds)
		return s->fds[b % s->nfds];
	if (b < 0xe0 && s->nfiles)
		return s->files[b % s->nfiles];
	return (b & 1) ? -1 : (int)(b & 31);
}

/* A timeout that keeps the fuzzer going: 0 to about 2 ms. */
static int64_t short_timeout_ns(struct state *s)
{
	return fz_u8(s->f) * 8000ll;
}

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* ---- GEM objects ---------------------------------------------------------- */

static uint64_t object_size(struct state *s)
{
	uint8_t k = fz_u8(s->f);
	switch (k >> 5) {
	case 0: return 4096;
	case 1: return (uint64_t)(1 + (k & 31)) * 4096;
	case 2: return fz_u16(s->f);				/* rounded up, or 0: EINVAL */
	case 3: return (uint64_t)fz_u8(s->f) << 18;	/* up to 64 MiB */
	case 4: return fz_u64(s->f);			/* anything: ENOMEM, E2BIG, ... */
	default: return 8192;
	}
}

static void op_create(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	struct drm_i915_gem_create *c = fz_alloc(s->m, sizeof(*c));
	c->size = object_size(s);
	uint64_t u = fz_uptr(s->f, s->m, c, sizeof(*c));
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)c)
		add_handle(s, file, c->handle, c->size);
}

static void op_close(struct state *s)
{
	int fd = pick_file(s, NULL);
	struct drm_gem_close *c = fz_alloc(s->m, sizeof(*c));
	c->handle = pick_handle(s, NULL);
	c->pad = fz_u8(s->f) < 8 ? fz_u32(s->f) : 0;
	ioctl(fd, DRM_IOCTL_GEM_CLOSE, (void *)(uintptr_t)fz_uptr(s->f, s->m, c, sizeof(*c)));
}

/* PWRITE / PREAD: up to 64 KiB at a fuzzed offset, through a fuzzed pointer. */
static void op_rw(struct state *s, bool write)
{
	int fd = pick_file(s, NULL);
	struct handle *h;
	struct drm_i915_gem_pwrite *a = fz_alloc(s->m, sizeof(*a));	/* same layout as pread */
	a->handle = pick_handle(s, &h);
	uint8_t k = fz_u8(s->f);
	a->size = k < 0xf0 ? (uint64_t)fz_u16(s->f) : fz_u64(s->f);
	uint64_t limit = h && h->size ? h->size : 4096;
	a->offset = k < 0x80 ? fz_u16(s->f) % limit : fz_u64(s->f);
	size_t len = a->size < 65536 ? a->size : 65536;
	uint8_t *buf = fz_alloc(s->m, len ? len : 1);
	if (write)
		fz_bytes(s->f, buf, len);
	a->data_ptr = fz_uptr(s->f, s->m, buf, len);
	ioctl(fd, write ? DRM_IOCTL_I915_GEM_PWRITE : DRM_IOCTL_I915_GEM_PREAD,
	      (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
}

/* Reads and writes a mapping's first and last dwords (never after a MADVISE in this input). */
static void touch(struct state *s, void *p, size_t len)
{
	if (s->madvised || len < 4)
		return;
	volatile uint32_t *first = p, *last = (volatile uint32_t *)((uint8_t *)p + len - 4);
	*first = *first + 1;
	*last = *last ^ 0x5a5a5a5a;
}

static void add_map(struct state *s, void *p, size_t len)
{
	if (s->nmaps < MAX_MAPS) {
		s->maps[s->nmaps].p = p;
		s->maps[s->nmaps++].len = len;
	} else {
		munmap(p, len);
	}
}

/* MMAP_OFFSET, then mmap() of the fake offset and a touch; or the legacy GEM_MMAP. */
static void op_mmap(struct state *s)
{
	int fd = pick_file(s, NULL);
	struct handle *h;
	uint32_t handle = pick_handle(s, &h);
	uint8_t k = fz_u8(s->f);
	size_t len = h && h->size && h->size <= (64u << 20) ? h->size : 4096;
	if (k & 1)
		len = 4096 * (1 + (fz_u8(s->f) & 3));	/* maybe more than the object */
	if (k & 2) {
		struct drm_i915_gem_mmap *a = fz_alloc(s->m, sizeof(*a));
		a->handle = handle;
		a->offset = k & 4 ? fz_u32(s->f) : 0;
		a->size = k & 8 ? fz_u64(s->f) : len;
		a->flags = k & 16 ? fz_u32(s->f) : (k & 32 ? I915_MMAP_WC : 0);
		uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
		if (ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a &&
		    a->addr_ptr) {
			size_t maplen = ((size_t)a->size + 4095) & ~(size_t)4095;
			if (!(k & 12) && maplen == len)
				touch(s, (void *)(uintptr_t)a->addr_ptr, len);
			add_map(s, (void *)(uintptr_t)a->addr_ptr, maplen);
		}
		return;
	}
	struct drm_i915_gem_mmap_offset *a = fz_alloc(s->m, sizeof(*a));
	a->handle = handle;
	a->flags = k & 4 ? fz_u64(s->f) : (k >> 3) % 5;	/* GTT, WC, WB, UC, FIXED (gen12) */
	uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
	if (ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, (void *)(uintptr_t)u) || u != (uintptr_t)a)
		return;
	int prot = (k & 128) ? PROT_READ : PROT_READ | PROT_WRITE;
	void *p = mmap(NULL, len, prot, MAP_SHARED, fd, (off_t)a->offset);
	if (p == MAP_FAILED)
		return;
	if (prot & PROT_WRITE && h && h->size >= len)
		touch(s, p, len);
	add_map(s, p, len);
}

static void op_munmap(struct state *s)
{
	if (!s->nmaps)
		return;
	unsigned i = fz_u8(s->f) % s->nmaps;
	munmap(s->maps[i].p, s->maps[i].len);
	s->maps[i] = s->maps[--s->nmaps];
}

static void op_tiling(struct state *s)
{
	int fd = pick_file(s, NULL);
	uint8_t k = fz_u8(s->f);
	if (k & 1) {
		struct drm_i915_gem_get_tiling *g = fz_alloc(s->m, sizeof(*g));
		g->handle = pick_handle(s, NULL);
		ioctl(fd, DRM_IOCTL_I915_GEM_GET_TILING, (void *)(uintptr_t)fz_uptr(s->f, s->m, g, sizeof(*g)));
		return;
	}
	struct drm_i915_gem_set_tiling *t = fz_alloc(s->m, sizeof(*t));
	t->handle = pick_handle(s, NULL);
	t->tiling_mode = k & 2 ? fz_u32(s->f) : (k >> 2) % 3;
	t->stride = k & 32 ? fz_u32(s->f) : 128u << (fz_u8(s->f) % 8);
	ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, (void *)(uintptr_t)fz_uptr(s->f, s->m, t, sizeof(*t)));
}

/* SET_DOMAIN, SW_FINISH, BUSY, WAIT, MADVISE, SET/GET_CACHING, THROTTLE. */
static void op_object_state(struct state *s)
{
	int fd = pick_file(s, NULL);
	uint8_t k = fz_u8(s->f);
	switch (k % 8) {
	case 0: {
		static const uint32_t domains[] = { I915_GEM_DOMAIN_CPU, I915_GEM_DOMAIN_GTT, I915_GEM_DOMAIN_WC,
						    I915_GEM_DOMAIN_RENDER, 0 };
		struct drm_i915_gem_set_domain *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		a->read_domains = k & 8 ? fz_u32(s->f) : domains[fz_u8(s->f) % 5];
		a->write_domain = k & 16 ? fz_u32(s->f) : (k & 32 ? a->read_domains : 0);
		ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 1: {
		struct drm_i915_gem_sw_finish *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		ioctl(fd, DRM_IOCTL_I915_GEM_SW_FINISH, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 2: {
		struct drm_i915_gem_busy *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 3: {
		struct drm_i915_gem_wait *a = fz_alloc(s->m, sizeof(*a));
		a->bo_handle = pick_handle(s, NULL);
		a->flags = k & 8 ? fz_u32(s->f) : 0;
		a->timeout_ns = k & 16 ? 0 : short_timeout_ns(s);	/* never an endless wait */
		ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 4: {
		struct drm_i915_gem_madvise *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		a->madv = k & 8 ? fz_u32(s->f) : (k >> 4) & 1;
		s->madvised = true;
		ioctl(fd, DRM_IOCTL_I915_GEM_MADVISE, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 5: {
		struct drm_i915_gem_caching *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		a->caching = k & 8 ? fz_u32(s->f) : (k >> 4) % 3;
		ioctl(fd, k & 64 ? DRM_IOCTL_I915_GEM_GET_CACHING : DRM_IOCTL_I915_GEM_SET_CACHING,
		      (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 6:
		ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE);
		break;
	default: {
		struct drm_i915_gem_get_aperture *a = fz_alloc(s->m, sizeof(*a));
		ioctl(fd, DRM_IOCTL_I915_GEM_GET_APERTURE, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	}
}

/* USERPTR over the user-data pages (which the GPU may then write), read-only memory or the guard. */
static void op_userptr(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	struct drm_i915_gem_userptr *a = fz_alloc(s->m, sizeof(*a));
	uint8_t k = fz_u8(s->f);
	size_t pages = FZ_USERDATA_SIZE / 4096;
	size_t first = fz_u8(s->f) % pages, n = 1 + fz_u8(s->f) % 16;
	if (first + n > pages)
		n = pages - first;
	a->user_ptr = (uintptr_t)s->m->userdata + first * 4096;
	a->user_size = n * 4096;
	if (k & 1)
		a->user_ptr = k & 2 ? (uintptr_t)s->m->rdonly : (uintptr_t)s->m->guard;
	if (k & 4)
		a->user_ptr += fz_u16(s->f);
	if (k & 8)
		a->user_size = fz_u64(s->f);
	/* A range the kernel would take stays inside what the harness mapped (fuzz_input.h) */
	uint64_t end = a->user_ptr >= (uintptr_t)s->m->userdata && a->user_ptr < (uintptr_t)s->m->userdata_end
			       ? (uintptr_t)s->m->userdata_end : (uintptr_t)s->m->rdonly_end;
	if (a->user_size < (1ull << 40) && a->user_ptr < end && a->user_size > end - a->user_ptr)
		a->user_size = end - a->user_ptr;
	a->flags = k & 16 ? fz_u32(s->f) : (k & 32 ? I915_USERPTR_READ_ONLY : 0) | (k & 64 ? I915_USERPTR_PROBE : 0);
	uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
		add_handle(s, file, a->handle, a->user_size);
}

/* ---- execution ------------------------------------------------------------ */

/* A small batch: fuzzed dwords, or a template with a few fuzzed fields. */
static size_t batch_commands(struct state *s, uint32_t *b, uint64_t target_addr)
{
	uint8_t k = fz_u8(s->f);
	size_t n = 0;
	switch (k % 4) {
	case 0:		/* raw dwords */
		n = fz_bytes(s->f, b, (size_t)(fz_u8(s->f) % 64) * 4) / 4;
		break;
	case 1:		/* a store */
		b[n++] = MI_STORE_DATA_IMM_GEN8;
		b[n++] = (uint32_t)target_addr + (fz_u8(s->f) & ~3u);
		b[n++] = (uint32_t)(target_addr >> 32);
		b[n++] = fz_u32(s->f);
		break;
	case 2:		/* a fill */
		b[n++] = XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7);
		b[n++] = (3u << 24) | (0xf0u << 16) | (fz_u8(s->f) * 4u);
		b[n++] = fz_u32(s->f) & 0x00ff00ff;
		b[n++] = fz_u32(s->f) & 0x00ff00ff;
		b[n++] = (uint32_t)target_addr;
		b[n++] = (uint32_t)(target_addr >> 32);
		b[n++] = fz_u32(s->f);
		break;
	default:	/* a jump to itself: a spinner, reset by hangcheck */
		b[n++] = MI_BATCH_BUFFER_START_GEN8;
		b[n++] = 0;	/* patched by a relocation, or not */
		b[n++] = 0;
		break;
	}
	if (!(k & 4))
		b[n++] = MI_BATCH_BUFFER_END;
	return n;
}

static void op_exec(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	uint8_t k = fz_u8(s->f);
	unsigned nobj = 1 + fz_u8(s->f) % 4;

	/* The batch, a new object of this file (in the table, so later ops can use it). */
	struct drm_i915_gem_create *c = fz_alloc(s->m, sizeof(*c));
	c->size = k & 1 ? 8192 : 4096;
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, c))
		return;
	uint32_t batch = c->handle;
	add_handle(s, file, batch, c->size);
	uint32_t *cmds = fz_alloc(s->m, 512);
	uint64_t target_addr = (uint64_t)(fz_u8(s->f) & 15) << 20;
	size_t ndw = batch_commands(s, cmds, target_addr);
	struct drm_i915_gem_pwrite *pw = fz_alloc(s->m, sizeof(*pw));
	*pw = (struct drm_i915_gem_pwrite){ .handle = batch, .size = ndw * 4, .data_ptr = (uintptr_t)cmds,
					    .offset = k & 2 ? (fz_u8(s->f) & 0x1f) * 8u : 0 };
	ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, pw);

	/* The object list, the batch last (or first with BATCH_FIRST). */
	struct drm_i915_gem_exec_object2 *o = fz_alloc(s->m, (nobj + 1) * sizeof(*o));
	static const uint64_t obj_flags[] = { 0, EXEC_OBJECT_WRITE, EXEC_OBJECT_PINNED,
					      EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, EXEC_OBJECT_ASYNC,
					      EXEC_OBJECT_SUPPORTS_48B_ADDRESS, EXEC_OBJECT_NEEDS_FENCE,
					      EXEC_OBJECT_PAD_TO_SIZE, EXEC_OBJECT_CAPTURE };
	bool batch_first = k & 4;
	for (unsigned i = 0; i <= nobj; i++) {
		struct drm_i915_gem_exec_object2 *e = &o[i];
		bool is_batch = batch_first ? i == 0 : i == nobj;
		e->handle = is_batch ? batch : pick_handle(s, NULL);
		uint8_t f = fz_u8(s->f);
		e->flags = f >= 0xf8 ? fz_u64(s->f) : obj_flags[f % 9] | (f & 0x80 ? EXEC_OBJECT_SUPPORTS_48B_ADDRESS : 0);
		if (e->flags & EXEC_OBJECT_PINNED)
			e->offset = f & 0x40 ? fz_u64(s->f) : (uint64_t)(fz_u8(s->f) & 15) << 20;
		if (e->flags & EXEC_OBJECT_PAD_TO_SIZE)
			e->pad_to_size = (uint64_t)fz_u16(s->f) << 4;
		uint8_t r = fz_u8(s->f);
		if (r & 0x10) {		/* relocations, into the batch mostly */
			unsigned nr = 1 + (r & 3);
			struct drm_i915_gem_relocation_entry *re = fz_alloc(s->m, nr * sizeof(*re));
			for (unsigned j = 0; j < nr; j++) {
				uint8_t q = fz_u8(s->f);
				re[j].target_handle = q & 1 ? fz_u8(s->f) % (nobj + 1) : pick_handle(s, NULL);
				re[j].offset = q & 2 ? fz_u64(s->f) : (uint64_t)(fz_u8(s->f) % 64) * 4;
				re[j].delta = q & 4 ? fz_u32(s->f) : 0;
				re[j].read_domains = q & 8 ? fz_u32(s->f) : I915_GEM_DOMAIN_RENDER;
				re[j].write_domain = q & 16 ? re[j].read_domains : 0;
				re[j].presumed_offset = q & 32 ? fz_u64(s->f) : ~0ull;
			}
			e->relocation_count = r & 0x20 ? fz_u32(s->f) : nr;
			e->relocs_ptr = fz_uptr(s->f, s->m, re, nr * sizeof(*re));
		}
	}

	struct drm_i915_gem_execbuffer2 *eb = fz_alloc(s->m, sizeof(*eb));
	static const uint64_t rings[] = { I915_EXEC_DEFAULT, I915_EXEC_RENDER, I915_EXEC_BSD, I915_EXEC_BLT,
					  I915_EXEC_VEBOX };
	uint16_t fl = fz_u16(s->f);
	eb->flags = rings[fl % 5];
	if (fl & (1 << 3)) eb->flags |= I915_EXEC_NO_RELOC;
	if (fl & (1 << 4)) eb->flags |= I915_EXEC_HANDLE_LUT;
	if (batch_first) eb->flags |= I915_EXEC_BATCH_FIRST;
	if (fl & (1 << 5)) eb->flags |= I915_EXEC_FENCE_IN;
	if (fl & (1 << 6)) eb->flags |= I915_EXEC_FENCE_OUT;
	if (fl & (1 << 7)) eb->flags |= I915_EXEC_FENCE_SUBMIT;
	if (fl & (1 << 8)) eb->flags |= I915_EXEC_IS_PINNED;
	if (fl & (1 << 9)) eb->flags |= I915_EXEC_BSD_RING1 << (fl >> 14);
	if (fl & (1 << 10)) eb->flags |= I915_EXEC_SECURE;
	if (fl & (1 << 11)) eb->flags = fz_u64(s->f);
	if (fl & (1 << 12)) {		/* in/out syncobjs: a fence array, or timeline fences */
		unsigned nf = 1 + fz_u8(s->f) % 4;
		if (fl & (1 << 13)) {
			struct drm_i915_gem_execbuffer_ext_timeline_fences *t = fz_alloc(s->m, sizeof(*t));
			struct drm_i915_gem_exec_fence *ef = fz_alloc(s->m, nf * sizeof(*ef));
			uint64_t *values = fz_alloc(s->m, nf * sizeof(*values));
			for (unsigned j = 0; j < nf; j++) {
				ef[j].handle = pick_id(s, s->syncobj, s->nsyncobj);
				ef[j].flags = fz_u8(s->f) & 3;
				values[j] = fz_u8(s->f) & 7;
			}
			t->base.name = fz_u8(s->f) < 0xf0 ? DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES : fz_u32(s->f);
			t->fence_count = fz_u8(s->f) < 0xf0 ? nf : fz_u64(s->f);
			t->handles_ptr = fz_uptr(s->f, s->m, ef, nf * sizeof(*ef));
			t->values_ptr = fz_uptr(s->f, s->m, values, nf * sizeof(*values));
			eb->flags |= I915_EXEC_USE_EXTENSIONS;
			eb->cliprects_ptr = fz_uptr(s->f, s->m, t, sizeof(*t));
		} else {
			struct drm_i915_gem_exec_fence *ef = fz_alloc(s->m, nf * sizeof(*ef));
			for (unsigned j = 0; j < nf; j++) {
				ef[j].handle = pick_id(s, s->syncobj, s->nsyncobj);
				ef[j].flags = fz_u8(s->f) & 3;
			}
			eb->flags |= I915_EXEC_FENCE_ARRAY;
			eb->num_cliprects = fz_u8(s->f) < 0xf0 ? nf : fz_u32(s->f);
			eb->cliprects_ptr = fz_uptr(s->f, s->m, ef, nf * sizeof(*ef));
		}
	}
	eb->buffer_count = fz_u8(s->f) < 0xf8 ? nobj + 1 : fz_u32(s->f);
	eb->buffers_ptr = fz_uptr(s->f, s->m, o, (nobj + 1) * sizeof(*o));
	uint8_t b = fz_u8(s->f);
	if (b & 1) {
		eb->batch_start_offset = (b & 2) ? fz_u32(s->f) : (fz_u8(s->f) & 0x1f) * 8u;
		eb->batch_len = (b & 4) ? fz_u32(s->f) : (fz_u8(s->f) & 0x3f) * 8u;
	}
	if (b & 8) {
		eb->DR1 = fz_u32(s->f);
		eb->DR4 = fz_u32(s->f);
	}
	eb->rsvd1 = b & 16 ? pick_id(s, s->ctx, s->nctx) : 0;
	if (eb->flags & (I915_EXEC_FENCE_IN | I915_EXEC_FENCE_SUBMIT))
		eb->rsvd2 = (uint32_t)pick_fd(s);
	if (b & 32)	/* EXECBUFFER2 (no _WR) cannot hand back an out-fence: the fd would be lost */
		eb->flags &= ~(uint64_t)I915_EXEC_FENCE_OUT;
	uint64_t u = fz_uptr_fd(s->f, s->m, eb, sizeof(*eb));
	int ret = ioctl(fd, b & 32 ? DRM_IOCTL_I915_GEM_EXECBUFFER2 : DRM_IOCTL_I915_GEM_EXECBUFFER2_WR,
			(void *)(uintptr_t)u);
	if (ret == 0 && u == (uintptr_t)eb) {
		if ((eb->flags & I915_EXEC_FENCE_OUT) && !(b & 32))
			add_fd(s, (int)(eb->rsvd2 >> 32));
		if (s->nwaits < MAX_WAITS)
			s->waits[s->nwaits++] = (struct handle){ file, batch, 0 };
	}
}

/* ---- sharing: names, PRIME, dma-bufs -------------------------------------- */

static void op_flink_open(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	uint8_t k = fz_u8(s->f);
	if (k & 1) {
		struct drm_gem_flink *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		ioctl(fd, DRM_IOCTL_GEM_FLINK, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		return;
	}
	struct drm_gem_open *a = fz_alloc(s->m, sizeof(*a));
	a->name = k & 2 ? fz_u32(s->f) : 1 + (fz_u8(s->f) & 7);	/* names start at 1 */
	uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
	if (ioctl(fd, DRM_IOCTL_GEM_OPEN, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
		add_handle(s, file, a->handle, a->size);
}

static void op_prime(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	uint8_t k = fz_u8(s->f);
	struct drm_prime_handle *a = fz_alloc(s->m, sizeof(*a));
	if (k & 1) {
		a->handle = pick_handle(s, NULL);
		a->flags = k & 2 ? fz_u32(s->f) : (k & 4 ? DRM_CLOEXEC | DRM_RDWR : DRM_CLOEXEC);
		uint64_t u = fz_uptr_fd(s->f, s->m, a, sizeof(*a));
		if (ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
			add_fd(s, a->fd);
		return;
	}
	a->fd = pick_fd(s);
	a->flags = k & 2 ? fz_u32(s->f) : 0;
	uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
	if (ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a) {
		off_t size = lseek(a->fd, 0, SEEK_END);
		add_handle(s, file, a->handle, size > 0 ? (uint64_t)size : 0);
	}
}

/* What a dma-buf fd answers: SYNC, sync_file export/import, its size, mmap. */
static void op_dmabuf(struct state *s)
{
	int fd = pick_fd(s);
	uint8_t k = fz_u8(s->f);
	bool ours = false;
	for (unsigned i = 0; i < s->nfds; i++)
		ours |= s->fds[i] == fd;
	switch (k % 4) {
	case 0: {
		struct dma_buf_sync *a = fz_alloc(s->m, sizeof(*a));
		a->flags = k & 4 ? fz_u64(s->f) : (DMA_BUF_SYNC_RW & (k >> 3)) | (k & 32 ? DMA_BUF_SYNC_END : 0);
		ioctl(fd, DMA_BUF_IOCTL_SYNC, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 1: {
		struct dma_buf_export_sync_file *a = fz_alloc(s->m, sizeof(*a));
		a->flags = k & 4 ? fz_u32(s->f) : DMA_BUF_SYNC_RW & (k >> 3);
		a->fd = -1;
		uint64_t u = fz_uptr_fd(s->f, s->m, a, sizeof(*a));
		if (ioctl(fd, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
			add_fd(s, a->fd);
		break;
	}
	case 2: {
		struct dma_buf_import_sync_file *a = fz_alloc(s->m, sizeof(*a));
		a->flags = k & 4 ? fz_u32(s->f) : DMA_BUF_SYNC_RW & (k >> 3);
		a->fd = pick_fd(s);
		ioctl(fd, DMA_BUF_IOCTL_IMPORT_SYNC_FILE, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	default: {
		if (!ours)
			break;		/* seek and map only what we were given */
		off_t size = lseek(fd, 0, SEEK_END);
		lseek(fd, 0, SEEK_SET);
		if (size <= 0 || size > (64 << 20))
			break;
		void *p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (p != MAP_FAILED) {
			touch(s, p, (size_t)size);
			add_map(s, p, (size_t)size);
		}
		break;
	}
	}
}

/* ---- sync objects and sync_files ------------------------------------------ */

static void op_syncobj(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	uint8_t k = fz_u8(s->f);
	unsigned n = 1 + fz_u8(s->f) % 4;
	uint32_t *handles = fz_alloc(s->m, n * sizeof(uint32_t));
	uint64_t *points = fz_alloc(s->m, n * sizeof(uint64_t));
	for (unsigned i = 0; i < n; i++) {
		handles[i] = pick_id(s, s->syncobj, s->nsyncobj);
		points[i] = fz_u8(s->f) & 7;
	}
	uint32_t count = fz_u8(s->f) < 0xf0 ? n : fz_u32(s->f);
	switch (k % 10) {
	case 0: {
		struct drm_syncobj_create *a = fz_alloc(s->m, sizeof(*a));
		a->flags = k & 16 ? fz_u32(s->f) : (k & 32 ? DRM_SYNCOBJ_CREATE_SIGNALED : 0);
		uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
		if (ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
			add_id(s->syncobj, &s->nsyncobj, file, a->handle);
		break;
	}
	case 1: {
		struct drm_syncobj_destroy *a = fz_alloc(s->m, sizeof(*a));
		a->handle = handles[0];
		a->pad = k & 16 ? fz_u32(s->f) : 0;
		ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 2: case 3: {	/* SIGNAL or RESET */
		struct drm_syncobj_array *a = fz_alloc(s->m, sizeof(*a));
		a->handles = fz_uptr(s->f, s->m, handles, n * sizeof(uint32_t));
		a->count_handles = count;
		a->pad = k & 16 ? fz_u32(s->f) : 0;
		ioctl(fd, k % 10 == 2 ? DRM_IOCTL_SYNCOBJ_SIGNAL : DRM_IOCTL_SYNCOBJ_RESET,
		      (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 4: case 5: {	/* WAIT or TIMELINE_WAIT, with a short absolute timeout */
		struct drm_syncobj_timeline_wait *a = fz_alloc(s->m, sizeof(*a));
		a->handles = fz_uptr(s->f, s->m, handles, n * sizeof(uint32_t));
		a->points = fz_uptr(s->f, s->m, points, n * sizeof(uint64_t));
		a->count_handles = count;
		a->timeout_nsec = k & 16 ? fz_u8(s->f) : now_ns() + short_timeout_ns(s);
		a->flags = k & 32 ? fz_u32(s->f) & 0xf : (k >> 6) & 3;
		if (k % 10 == 4) {
			struct drm_syncobj_wait *w = fz_alloc(s->m, sizeof(*w));
			*w = (struct drm_syncobj_wait){ .handles = a->handles, .timeout_nsec = a->timeout_nsec,
							.count_handles = a->count_handles, .flags = a->flags & 3 };
			ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, (void *)(uintptr_t)fz_uptr(s->f, s->m, w, sizeof(*w)));
		} else {
			ioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		}
		break;
	}
	case 6: case 7: {	/* TIMELINE_SIGNAL or QUERY */
		struct drm_syncobj_timeline_array *a = fz_alloc(s->m, sizeof(*a));
		a->handles = fz_uptr(s->f, s->m, handles, n * sizeof(uint32_t));
		a->points = fz_uptr(s->f, s->m, points, n * sizeof(uint64_t));
		a->count_handles = count;
		a->flags = k & 16 ? fz_u32(s->f) : 0;
		ioctl(fd, k % 10 == 6 ? DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL : DRM_IOCTL_SYNCOBJ_QUERY,
		      (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 8: {
		struct drm_syncobj_transfer *a = fz_alloc(s->m, sizeof(*a));
		a->src_handle = handles[0];
		a->dst_handle = handles[n - 1];
		a->src_point = points[0];
		a->dst_point = points[n - 1];
		/* Not WAIT_FOR_SUBMIT: as in the kernel, that waits 5 s for a submission nobody makes here. */
		a->flags = (k & 16 ? fz_u32(s->f) : 0) & ~(uint32_t)DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
		ioctl(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	default: {		/* to and from fds and sync_files */
		struct drm_syncobj_handle *a = fz_alloc(s->m, sizeof(*a));
		a->flags = k & 16 ? fz_u32(s->f) : (k & 32 ? DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE : 0);
		if (k & 64) {
			a->handle = handles[0];
			a->fd = -1;
			uint64_t u = fz_uptr_fd(s->f, s->m, a, sizeof(*a));
			if (ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
				add_fd(s, a->fd);
		} else {
			a->fd = pick_fd(s);
			a->handle = a->flags ? handles[0] : 0;
			uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
			if (ioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, (void *)(uintptr_t)u) == 0 &&
			    u == (uintptr_t)a && !a->flags)
				add_id(s->syncobj, &s->nsyncobj, file, a->handle);
		}
		break;
	}
	}
}

/* A sync_file: merged, described, polled. */
static void op_sync_file(struct state *s)
{
	int fd = pick_fd(s);
	uint8_t k = fz_u8(s->f);
	if (k % 3 == 0) {
		struct sync_merge_data *a = fz_alloc(s->m, sizeof(*a));
		fz_bytes(s->f, a->name, sizeof(a->name));
		a->fd2 = pick_fd(s);
		a->fence = -1;
		a->flags = k & 8 ? fz_u32(s->f) : 0;
		uint64_t u = fz_uptr_fd(s->f, s->m, a, sizeof(*a));
		if (ioctl(fd, SYNC_IOC_MERGE, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
			add_fd(s, a->fence);
	} else if (k % 3 == 1) {
		struct sync_file_info *a = fz_alloc(s->m, sizeof(*a));
		unsigned n = fz_u8(s->f) % 4;
		struct sync_fence_info *info = fz_alloc(s->m, (n ? n : 1) * sizeof(*info));
		a->num_fences = k & 8 ? fz_u32(s->f) : n;
		a->sync_fence_info = n ? fz_uptr(s->f, s->m, info, n * sizeof(*info)) : 0;
		a->flags = k & 16 ? fz_u32(s->f) : 0;
		ioctl(fd, SYNC_IOC_FILE_INFO, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
	} else {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		poll(&p, 1, 0);
	}
}

/* ---- contexts ------------------------------------------------------------- */

/* A context parameter's value: a number, or a pointer to fuzzed bytes (ENGINES, SSEU, ...). */
static void context_param(struct state *s, struct drm_i915_gem_context_param *p)
{
	uint8_t k = fz_u8(s->f);
	p->ctx_id = k & 1 ? pick_id(s, s->ctx, s->nctx) : 0;
	p->param = k & 2 ? fz_u64(s->f) : fz_u8(s->f) % 14;
	if (k & 4) {
		unsigned len = fz_u8(s->f) % 96;
		uint8_t *buf = fz_alloc(s->m, len ? len : 8);
		fz_bytes(s->f, buf, len);
		p->size = k & 8 ? fz_u32(s->f) : len;
		p->value = fz_uptr(s->f, s->m, buf, len);
	} else {
		p->size = k & 8 ? fz_u32(s->f) : 0;
		p->value = k & 16 ? fz_u64(s->f) : fz_u8(s->f) % 4;
	}
}

static void op_context(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	uint8_t k = fz_u8(s->f);
	switch (k % 4) {
	case 0: {		/* create, maybe with a chain of extensions */
		struct drm_i915_gem_context_create_ext *a = fz_alloc(s->m, sizeof(*a));
		unsigned next = fz_u8(s->f) % 4;
		struct drm_i915_gem_context_create_ext_setparam *ext =
			fz_alloc(s->m, (next ? next : 1) * sizeof(*ext));
		for (unsigned i = 0; i < next; i++) {
			uint8_t q = fz_u8(s->f);
			ext[i].base.name = q & 1 ? fz_u32(s->f) : (q >> 1) & 1;	/* SETPARAM or CLONE */
			ext[i].base.next_extension = i + 1 < next ? (uintptr_t)&ext[i + 1] : 0;
			if (q & 4)	/* a loop, or a bad pointer */
				ext[i].base.next_extension = q & 8 ? (uintptr_t)&ext[0] : fz_uptr(s->f, s->m, ext, 0);
			context_param(s, &ext[i].param);
		}
		a->flags = k & 4 ? fz_u32(s->f) : (next ? I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS : 0) |
						   (k & 8 ? I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE : 0);
		a->extensions = next ? fz_uptr(s->f, s->m, ext, next * sizeof(*ext)) : 0;
		uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
		if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
			add_id(s->ctx, &s->nctx, file, a->ctx_id);
		break;
	}
	case 1: {
		struct drm_i915_gem_context_destroy *a = fz_alloc(s->m, sizeof(*a));
		a->ctx_id = pick_id(s, s->ctx, s->nctx);
		a->pad = k & 4 ? fz_u32(s->f) : 0;
		ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 2: case 3: {
		struct drm_i915_gem_context_param *a = fz_alloc(s->m, sizeof(*a));
		context_param(s, a);
		ioctl(fd, k % 4 == 2 ? DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM : DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM,
		      (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	}
}

/* ---- the device: parameters, caps, version, auth, master, dumb buffers ---- */

static void op_query(struct state *s)
{
	int fd = pick_file(s, NULL);
	uint8_t k = fz_u8(s->f);
	switch (k % 7) {
	case 0: {
		struct drm_i915_getparam *a = fz_alloc(s->m, sizeof(*a));
		int *value = fz_alloc(s->m, sizeof(int));
		a->param = k & 8 ? (int)fz_u32(s->f) : fz_u8(s->f) % 60;
		a->value = (int *)(uintptr_t)fz_uptr(s->f, s->m, value, sizeof(int));
		ioctl(fd, DRM_IOCTL_I915_GETPARAM, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 1: {
		struct drm_get_cap *a = fz_alloc(s->m, sizeof(*a));
		a->capability = k & 8 ? fz_u64(s->f) : fz_u8(s->f) % 0x20;
		ioctl(fd, DRM_IOCTL_GET_CAP, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 2: {
		struct drm_set_client_cap *a = fz_alloc(s->m, sizeof(*a));
		a->capability = k & 8 ? fz_u64(s->f) : fz_u8(s->f) % 8;
		a->value = k & 16 ? fz_u64(s->f) : 1;
		ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 3: {
		struct drm_version *a = fz_alloc(s->m, sizeof(*a));
		size_t len = fz_u8(s->f) % 48;
		char *buf = fz_alloc(s->m, 3 * (len + 1));
		a->name_len = k & 8 ? fz_u64(s->f) : len;
		a->name = (char *)(uintptr_t)fz_uptr(s->f, s->m, buf, len);
		a->date_len = len;
		a->date = buf + len + 1;
		a->desc_len = k & 16 ? fz_u64(s->f) : len;
		a->desc = (char *)(uintptr_t)fz_uptr(s->f, s->m, buf + 2 * (len + 1), len);
		ioctl(fd, DRM_IOCTL_VERSION, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 4: {		/* magic: get one on this file, authenticate it (maybe) on another */
		struct drm_auth *a = fz_alloc(s->m, sizeof(*a));
		if (ioctl(fd, DRM_IOCTL_GET_MAGIC, a) == 0 && (k & 8))
			a->magic ^= fz_u8(s->f) & 3;
		ioctl(pick_file(s, NULL), DRM_IOCTL_AUTH_MAGIC, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		break;
	}
	case 5:
		ioctl(fd, k & 8 ? DRM_IOCTL_SET_MASTER : DRM_IOCTL_DROP_MASTER, 0);
		break;
	default: {
		struct drm_i915_reset_stats *a = fz_alloc(s->m, sizeof(*a));
		a->ctx_id = pick_id(s, s->ctx, s->nctx);
		a->flags = k & 8 ? fz_u32(s->f) : 0;
		ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		struct drm_i915_reg_read *r = fz_alloc(s->m, sizeof(*r));
		r->offset = k & 16 ? fz_u64(s->f) : 0x2358 | (k & 32 ? 1 : 0);	/* RING_TIMESTAMP */
		ioctl(fd, DRM_IOCTL_I915_REG_READ, (void *)(uintptr_t)fz_uptr(s->f, s->m, r, sizeof(*r)));
		break;
	}
	}
}

static void op_dumb(struct state *s)
{
	int file;
	int fd = pick_file(s, &file);
	uint8_t k = fz_u8(s->f);
	if (k & 1) {
		struct drm_mode_destroy_dumb *a = fz_alloc(s->m, sizeof(*a));
		a->handle = pick_handle(s, NULL);
		ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, (void *)(uintptr_t)fz_uptr(s->f, s->m, a, sizeof(*a)));
		return;
	}
	struct drm_mode_create_dumb *a = fz_alloc(s->m, sizeof(*a));
	a->width = k & 2 ? fz_u32(s->f) : fz_u8(s->f) * 4u;
	a->height = k & 4 ? fz_u32(s->f) : fz_u8(s->f);
	a->bpp = k & 8 ? fz_u32(s->f) : 8u << (fz_u8(s->f) % 3);
	a->flags = k & 16 ? fz_u32(s->f) : 0;
	uint64_t u = fz_uptr(s->f, s->m, a, sizeof(*a));
	if (ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, (void *)(uintptr_t)u) == 0 && u == (uintptr_t)a)
		add_handle(s, file, a->handle, a->size);
}

/* ---- files and raw ioctls ------------------------------------------------- */

static void op_file(struct state *s)
{
	uint8_t k = fz_u8(s->f);
	if (k % 3 == 0 && s->nfiles < MAX_FILES) {
		int fd = open(k & 8 ? "/dev/dri/card0" : "/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
		if (fd >= 0)
			s->files[s->nfiles++] = fd;
	} else if (k % 3 == 1 && s->nfiles && s->nfiles < MAX_FILES) {
		int fd = dup(pick_file(s, NULL));
		if (fd >= 0)
			s->files[s->nfiles++] = fd;
	} else if (k % 3 == 2 && s->nfds) {	/* close an fd of ours early */
		unsigned i = fz_u8(s->f) % s->nfds;
		close(s->fds[i]);
		s->fds[i] = s->fds[--s->nfds];
	}
}

/* The ioctls whose result is an fd or a mapping we could not account for. */
static bool makes_fds_or_maps(unsigned nr)
{
	return nr == _IOC_NR(DRM_IOCTL_PRIME_HANDLE_TO_FD) || nr == _IOC_NR(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD) ||
	       nr == _IOC_NR(DRM_IOCTL_MODE_CREATE_LEASE) || nr == _IOC_NR(DRM_IOCTL_I915_GEM_MMAP) ||
	       nr == _IOC_NR(DRM_IOCTL_I915_GEM_EXECBUFFER2) || nr == _IOC_NR(DRM_IOCTL_I915_PERF_OPEN);
}

/*
 * Any DRM ioctl number, direction and size with fuzzed argument bytes. A qword that could
 * be a pointer into this process is pointed at the guard page instead: a kernel writes where
 * the caller's pointers say, and the fuzzer must not be the one corrupting itself.
 */
static void op_raw(struct state *s)
{
	int fd = pick_file(s, NULL);
	unsigned nr = fz_u8(s->f), dir = fz_u8(s->f) & 3, size = fz_u16(s->f) % 512;
	if (makes_fds_or_maps(nr))
		return;
	uint8_t *arg = fz_alloc_at_end(s->m, size ? size : 8);
	fz_bytes(s->f, arg, size);
	for (unsigned i = 0; i + 8 <= size; i += 8) {
		uint64_t v;
		memcpy(&v, arg + i, 8);
		if (v >= 0x10000 && v < 0x800000000000ull) {
			v = (uintptr_t)s->m->guard + (v & 0xfff);
			memcpy(arg + i, &v, 8);
		}
	}
	ioctl(fd, _IOC(dir, DRM_IOCTL_BASE, nr, size), size ? arg : NULL);
}

/* ---- one input ------------------------------------------------------------ */

/* Work submitted by this input is waited for (bounded) before its files go. */
static void wait_for_work(struct state *s)
{
	for (unsigned i = 0; i < s->nwaits; i++) {
		int fd = file_fd(s, s->waits[i].file);
		struct drm_i915_gem_wait w = { .bo_handle = s->waits[i].handle, .timeout_ns = 2000000000ll };
		if (fd >= 0)
			ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w);
	}
}

static void cleanup(struct state *s)
{
	wait_for_work(s);
	for (unsigned i = 0; i < s->nmaps; i++)
		munmap(s->maps[i].p, s->maps[i].len);
	for (unsigned i = 0; i < s->nfds; i++)
		close(s->fds[i]);
	for (unsigned i = 0; i < s->nfiles; i++)
		close(s->files[i]);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_instance_init();
	fz_mem_init(&mem);
	int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "ioctl_fuzz: no emulated device (%s)\n", strerror(errno));
		abort();
	}
	close(fd);
	fz_short_heartbeats(10);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static void (*const ops[IOCTL_OP_COUNT])(struct state *) = {
		[IOCTL_OP_CREATE] = op_create, [IOCTL_OP_CLOSE] = op_close, [IOCTL_OP_MMAP] = op_mmap,
		[IOCTL_OP_MUNMAP] = op_munmap, [IOCTL_OP_TILING] = op_tiling,
		[IOCTL_OP_OBJECT_STATE] = op_object_state, [IOCTL_OP_USERPTR] = op_userptr,
		[IOCTL_OP_EXEC] = op_exec, [IOCTL_OP_FLINK_OPEN] = op_flink_open, [IOCTL_OP_PRIME] = op_prime,
		[IOCTL_OP_DMABUF] = op_dmabuf, [IOCTL_OP_SYNCOBJ] = op_syncobj,
		[IOCTL_OP_SYNC_FILE] = op_sync_file, [IOCTL_OP_CONTEXT] = op_context,
		[IOCTL_OP_QUERY] = op_query, [IOCTL_OP_DUMB] = op_dumb, [IOCTL_OP_FILE] = op_file,
		[IOCTL_OP_RAW] = op_raw,
	};
	struct fz f = { data, size };
	struct state s = { .f = &f, .m = &mem };
	mem.used = 0;
	for (unsigned n = 0; n < MAX_OPS && !fz_empty(&f); n++) {
		uint8_t op = fz_u8(&f);
		if (op < 0x20)
			op_rw(&s, op & 1);	/* IOCTL_OP_PREAD_BYTE, IOCTL_OP_PWRITE_BYTE */
		else
			ops[op % IOCTL_OP_COUNT](&s);
	}
	cleanup(&s);
	return 0;
}
