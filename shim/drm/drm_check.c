/* SPDX-License-Identifier: MIT */
/*
 * The DRM core's part of the invariant checker (drm/drm_check.h): the graph
 * walk (nodes, the work list, refcounts against references), the core's
 * kinds and its rows of the reference table, the walks of the core's shared
 * structures and open files, and the run of a check over an instance
 * (finding it, mapping it, the lock, looking again at soft findings, the
 * summary line). The driver's part comes in through shim_drv->check; the core
 * never names it.
 *
 * Owns: the check's memory (freed before shim_check_instance returns) and its
 * own mapping of the state file. Calls: base/ (the proofs, the instance
 * lock, shim_real), hw/ (the device model) and the registered driver.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/real.h"
#include "drm/dma_fence.h"
#include "drm/drm_check.h"
#include "drm/drm_device_process.h"
#include "drm/drm_drv.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_prime.h"
#include "drm/drm_syncobj.h"

#define MAX_KINDS 32
#define MAX_HOLDERS 64

struct shim_check {
	struct shim_state_check s;
	const struct shim_shared *sh;
	const struct shim_device_model *model;
	const struct shim_driver_check *drv;
	const struct shim_sync_registry *reg;	/* sh->sync, once checked; NULL if none */
	const char *dir;			/* the instance: its file.<slot> FIFOs tell which files are dead */

	const struct shim_check_kind *kinds[MAX_KINDS];
	uint64_t kind_count[MAX_KINDS];
	unsigned nkinds;
	const struct shim_check_holder *holders[MAX_HOLDERS];
	unsigned nholders;

	struct shim_check_node *nodes;
	uint32_t nnodes, nodes_cap;
	uint32_t *hash;				/* node index + 1, open addressing on the offset */
	uint32_t hash_cap;
	uint32_t *todo;				/* nodes reached and not walked yet */
	uint32_t ntodo, todo_cap;

	uint64_t clients, files, dead_files, pending_fences, waiting;
	uint64_t pokes_expected, pokes_seen;
	int64_t driver_tally[SHIM_CHECK_DRIVER_TALLIES];
	bool idle;
};

/* --- the core's kinds -------------------------------------------------------------- */

static uint32_t object_refcount(const void *p) { return ((const struct shim_gem_object *)p)->refcount; }
static uint32_t fence_refcount(const void *p) { return ((const struct shim_fence *)p)->refcount; }
static uint32_t syncobj_refcount(const void *p) { return ((const struct shim_syncobj *)p)->refcount; }
static uint32_t master_refcount(const void *p) { return ((const struct shim_master *)p)->refcount; }

static void object_walk(struct shim_check *c, uint64_t off, const void *p);
static void object_done(struct shim_check *c, uint64_t off, const void *p, const struct shim_check_node *n);
static void fence_walk(struct shim_check *c, uint64_t off, const void *p);
static void fence_done(struct shim_check *c, uint64_t off, const void *p, const struct shim_check_node *n);
static void syncobj_walk(struct shim_check *c, uint64_t off, const void *p);
static void master_walk(struct shim_check *c, uint64_t off, const void *p);

const struct shim_check_kind shim_check_kind_object = {
	"object", "objects", 0, object_refcount, object_walk, object_done };
const struct shim_check_kind shim_check_kind_fence = {
	"fence", "fences", sizeof(struct shim_fence), fence_refcount, fence_walk, fence_done };
static const struct shim_check_kind kind_syncobj = {
	"sync object", "syncobjs", sizeof(struct shim_syncobj), syncobj_refcount, syncobj_walk, NULL };
static const struct shim_check_kind kind_master = {
	"master", "masters", sizeof(struct shim_master), master_refcount, master_walk, NULL };
/* Records one index holds (walked where they are found, knowing their id). */
static const struct shim_check_kind kind_dmabuf = { "dma-buf", "dmabufs", sizeof(struct shim_dmabuf) };
static const struct shim_check_kind kind_sync_file = {
	"sync_file", "sync_files", sizeof(struct shim_sync_file) };
static const struct shim_check_kind kind_syncobj_fd = {
	"syncobj fd", "syncobj_fds", sizeof(struct shim_syncobj_fd) };
/* A sleeping syncobj wait's futex word: its WAKE callbacks and syncobj nodes point at it. */
static const struct shim_check_kind kind_waiter = { "waiter", "waiters", sizeof(struct shim_waiter) };

/* KMS (drm/drm_mode_config.h): the config block, framebuffers (counted), blobs (one id holds each). */
static uint32_t fb_refcount(const void *p) { return ((const struct shim_mode_fb *)p)->refcount; }
static void mode_config_walk(struct shim_check *c, uint64_t off, const void *p);
static void fb_walk(struct shim_check *c, uint64_t off, const void *p);
static void blob_walk(struct shim_check *c, uint64_t off, const void *p);
static const struct shim_check_kind kind_mode_config = {
	"mode config", "mode_configs", sizeof(struct shim_mode_config), NULL, mode_config_walk, NULL };
static const struct shim_check_kind kind_fb = {
	"framebuffer", "framebuffers", sizeof(struct shim_mode_fb), fb_refcount, fb_walk, NULL };
static const struct shim_check_kind kind_blob = {
	"property blob", "blobs", sizeof(struct shim_mode_blob), NULL, blob_walk, NULL };

static const struct shim_check_kind *const core_kinds[] = {
	&shim_check_kind_object, &shim_check_kind_fence, &kind_syncobj, &kind_master, &kind_dmabuf, &kind_sync_file,
	&kind_syncobj_fd, &kind_waiter, &kind_mode_config, &kind_fb, &kind_blob,
};

/*
 * Who holds references to what: the core's rows of the reference table (the
 * driver adds its own, i915/i915_check.c). A counted row holds one reference
 * of its target; the others only point at it (and a target they point at must
 * still be alive). To add a holder: a row here and a shim_check_ref() where
 * the walk meets it.
 *
 * An ioctl that keeps a reference across two locked sections (a wait's
 * fences, sync objects and futex word, DMA_BUF_IOCTL_SYNC's object, an
 * execbuffer's fences) borrows it in its client's record: the H_BORROWED_*
 * rows. Not in the table: the process-local copy of a request an engine
 * thread is running (its shared record is, i915/i915_check.c), and what a
 * process borrows untracked (the shared state had no room to note it).
 * See drm/drm_check.h for what follows from that.
 */
enum {
	H_HANDLE, H_DMABUF, H_FLINK, H_MMAP_OFFSET,
	H_OBJECT_FENCE, H_SYNCOBJ_FENCE, H_TIMELINE_POINT, H_COMPOSITE_PART, H_PARENT_CALLBACK,
	H_SYNC_FILE, H_SYNCOBJ_HANDLE, H_SYNCOBJ_FD,
	H_FILE_MASTER, H_DEVICE_MASTER,
	H_DMABUF_ID, H_SYNC_FILE_ID, H_SYNCOBJ_FD_ID, H_WAKE_CALLBACK, H_SYNCOBJ_WAITER,
	H_BORROWED_OBJECT, H_BORROWED_FENCE, H_BORROWED_SYNCOBJ, H_BORROWED_WAITER,
	H_MODE_CONFIG, H_FB_ID, H_PLANE_FB, H_FB_OBJECT, H_BLOB_ID, H_CRTC_FENCE, H_FB_INTERNAL_ID,
	H_LESSOR, H_LESSEE, H_LESSEE_ID,
};
static const struct shim_check_holder core_holders[] = {
	/* GEM objects. tally[0]: handles, which handle_count must equal. */
	[H_HANDLE] = { "handle", &shim_check_kind_object, true, 1 },
	[H_DMABUF] = { "dma-buf", &shim_check_kind_object, true },
	[H_FLINK] = { "flink name", &shim_check_kind_object, false },
	[H_MMAP_OFFSET] = { "fake mmap offset", &shim_check_kind_object, false },
	/* fences. tally[0]: PARENT callbacks, which a composite's pending must cover. */
	[H_OBJECT_FENCE] = { "object's read/write fence", &shim_check_kind_fence, true },
	[H_SYNCOBJ_FENCE] = { "sync object's fence", &shim_check_kind_fence, true },
	[H_TIMELINE_POINT] = { "timeline point", &shim_check_kind_fence, true },
	[H_COMPOSITE_PART] = { "composite's part", &shim_check_kind_fence, true },
	[H_PARENT_CALLBACK] = { "PARENT callback", &shim_check_kind_fence, true, 1 },
	[H_SYNC_FILE] = { "sync_file", &shim_check_kind_fence, true },
	/* sync objects */
	[H_SYNCOBJ_HANDLE] = { "syncobj handle", &kind_syncobj, true },
	[H_SYNCOBJ_FD] = { "syncobj fd", &kind_syncobj, true },
	/* masters */
	[H_FILE_MASTER] = { "file's master", &kind_master, true },
	[H_DEVICE_MASTER] = { "device's current master", &kind_master, true },
	/* records of the device-wide indexes, and the waiters' futex words */
	[H_DMABUF_ID] = { "dma-buf id", &kind_dmabuf, false },
	[H_SYNC_FILE_ID] = { "sync_file id", &kind_sync_file, false },
	[H_SYNCOBJ_FD_ID] = { "syncobj fd id", &kind_syncobj_fd, false },
	[H_WAKE_CALLBACK] = { "WAKE callback", &kind_waiter, false },
	[H_SYNCOBJ_WAITER] = { "sync object's waiter node", &kind_waiter, false },
	/* references a client holds between two sections (drm/drm_device_process.h) */
	[H_BORROWED_OBJECT] = { "client's borrowed object", &shim_check_kind_object, true },
	[H_BORROWED_FENCE] = { "client's borrowed fence", &shim_check_kind_fence, true },
	[H_BORROWED_SYNCOBJ] = { "client's borrowed sync object", &kind_syncobj, true },
	[H_BORROWED_WAITER] = { "client's borrowed waiter", &kind_waiter, false },
	/* KMS: a framebuffer's id is its maker's reference; a plane that shows it holds one;
	 * it holds one on each plane's object. */
	[H_MODE_CONFIG] = { "device's mode config", &kind_mode_config, false },
	[H_FB_ID] = { "framebuffer id", &kind_fb, true },
	[H_PLANE_FB] = { "plane's framebuffer", &kind_fb, true },
	[H_FB_OBJECT] = { "framebuffer's object", &shim_check_kind_object, true },
	[H_BLOB_ID] = { "blob id", &kind_blob, false },
	/* a CRTC's pending commit: its out-fence and the in-fence it waits for (drm/drm_atomic.c) */
	[H_CRTC_FENCE] = { "CRTC commit's fence", &shim_check_kind_fence, true },
	/* the id of a framebuffer no file owns (the cursor's) holds no reference: its plane does */
	[H_FB_INTERNAL_ID] = { "internal framebuffer id", &kind_fb, false },
	/* DRM leases (drm/drm_lease.c): a lessee holds its lessor; the lessor's list and its
	 * owner's lessee ids only point at the lessee (its file holds it). */
	[H_LESSOR] = { "lessee's lessor", &kind_master, true },
	[H_LESSEE] = { "lessor's lessee list", &kind_master, false },
	[H_LESSEE_ID] = { "owner's lessee id", &kind_master, false },
};

/* --- the graph --------------------------------------------------------------------- */

struct shim_state_check *shim_check_state(struct shim_check *c) { return &c->s; }
const struct shim_shared *shim_check_shared(struct shim_check *c) { return c->sh; }
const struct shim_device_model *shim_check_model(struct shim_check *c) { return c->model; }
uint64_t shim_check_at(struct shim_check *c, const void *p) { return shim_check_off(&c->s, p); }
const void *shim_check_get(struct shim_check *c, uint64_t off, uint64_t len)
{
	return off ? shim_check_map(&c->s, off, len) : NULL;
}
bool shim_check_idle(struct shim_check *c) { return c->idle; }
int64_t *shim_check_driver_tally(struct shim_check *c) { return c->driver_tally; }

bool shim_check_is_open_file(struct shim_check *c, uint64_t off)
{
	uint64_t first = shim_check_at(c, &c->sh->files[0]);
	if (off < first || (off - first) % sizeof(struct shim_file))
		return false;
	uint64_t slot = (off - first) / sizeof(struct shim_file);
	return slot < SHIM_MAX_FILES && c->sh->files[slot].state == SHIM_FILE_OPEN;
}

static uint64_t kind_size(struct shim_check *c, const struct shim_check_kind *k)
{
	if (k->size)
		return k->size;
	return c->drv && c->drv->object_size ? c->drv->object_size : sizeof(struct shim_gem_object);
}

static int kind_index(struct shim_check *c, const struct shim_check_kind *k)
{
	for (unsigned i = 0; i < c->nkinds; i++)
		if (c->kinds[i] == k)
			return (int)i;
	return -1;
}

static int holder_index(struct shim_check *c, const struct shim_check_holder *h)
{
	for (unsigned i = 0; i < c->nholders; i++)
		if (c->holders[i] == h)
			return (int)i;
	return -1;
}

static uint32_t hash_of(uint64_t off, uint32_t cap)
{
	return (uint32_t)((off >> 4) * 0x9e3779b97f4a7c15ull >> 32) & (cap - 1);
}

static uint32_t node_find(struct shim_check *c, uint64_t off)
{
	if (!c->hash_cap)
		return UINT32_MAX;
	for (uint32_t h = hash_of(off, c->hash_cap);; h = (h + 1) & (c->hash_cap - 1)) {
		uint32_t i = c->hash[h];
		if (!i)
			return UINT32_MAX;
		if (c->nodes[i - 1].off == off)
			return i - 1;
	}
}

static bool hash_grow(struct shim_check *c)
{
	uint32_t cap = c->hash_cap ? c->hash_cap * 2 : 4096;
	uint32_t *hash = calloc(cap, sizeof(*hash));
	if (!hash)
		return false;
	for (uint32_t i = 0; i < c->nnodes; i++) {
		uint32_t h = hash_of(c->nodes[i].off, cap);
		while (hash[h])
			h = (h + 1) & (cap - 1);
		hash[h] = i + 1;
	}
	free(c->hash);
	c->hash = hash;
	c->hash_cap = cap;
	return true;
}

static bool grow(void **p, uint32_t *cap, size_t elem)
{
	uint32_t n = *cap ? *cap * 2 : 1024;
	void *q = realloc(*p, n * elem);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

static uint32_t node_add(struct shim_check *c, uint64_t off, int kind)
{
	if ((c->nnodes + 1) * 2 > c->hash_cap && !hash_grow(c))
		return UINT32_MAX;
	if (c->nnodes == c->nodes_cap && !grow((void **)&c->nodes, &c->nodes_cap, sizeof(*c->nodes)))
		return UINT32_MAX;
	if (c->ntodo == c->todo_cap && !grow((void **)&c->todo, &c->todo_cap, sizeof(*c->todo)))
		return UINT32_MAX;
	uint32_t i = c->nnodes++;
	c->nodes[i] = (struct shim_check_node){ .off = off, .kind = (uint8_t)kind };
	uint32_t h = hash_of(off, c->hash_cap);
	while (c->hash[h])
		h = (h + 1) & (c->hash_cap - 1);
	c->hash[h] = i + 1;
	c->todo[c->ntodo++] = i;
	return i;
}

const struct shim_check_node *shim_check_node(struct shim_check *c, uint64_t off)
{
	uint32_t i = node_find(c, off);
	return i == UINT32_MAX ? NULL : &c->nodes[i];
}

const void *shim_check_ref(struct shim_check *c, const struct shim_check_holder *h, uint64_t at, uint64_t off)
{
	if (!off || c->s.oom)
		return NULL;
	int kind = kind_index(c, h->kind), bit = holder_index(c, h);
	if (kind < 0 || bit < 0) {
		shim_check_fail(c, h->name, at, "the checker has no row for this holder");
		return NULL;
	}
	uint32_t i = node_find(c, off);
	if (i == UINT32_MAX) {
		if (!shim_check_claim(&c->s, off, kind_size(c, h->kind), h->kind->name, h->name, at))
			return NULL;
		i = node_add(c, off, kind);
		if (i == UINT32_MAX) {
			c->s.oom = true;
			return NULL;
		}
	} else if (c->nodes[i].kind != kind) {
		shim_check_fail(c, h->name, at, "points at 0x%llx as a %s, but it was reached as a %s",
				(unsigned long long)off, h->kind->name, c->kinds[c->nodes[i].kind]->name);
		return NULL;
	}
	struct shim_check_node *n = &c->nodes[i];
	n->holders |= 1ull << bit;
	if (h->counted)
		n->refs++;
	if (h->tally)
		n->tally[h->tally - 1]++;
	return c->s.base + off;
}

/* "handle, dma-buf": the rows that point at n. */
static const char *holder_names(struct shim_check *c, const struct shim_check_node *n, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (unsigned i = 0; i < c->nholders && used < len; i++)
		if (n->holders & (1ull << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 c->holders[i]->name);
	if (!used)
		snprintf(buf, len, "nothing");
	return buf;
}

/* --- objects, fences, sync objects, masters ----------------------------------------------- */

static void object_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_gem_object *obj = p;
	const struct shim_shared *sh = c->sh;
	if (!obj->size || obj->size % 4096)
		shim_check_fail(c, "object", off, "size %llu is not whole pages", (unsigned long long)obj->size);
	if (obj->handle_count > obj->refcount)
		shim_check_fail(c, "object", off, "handle_count %u is more than its refcount %u",
				obj->handle_count, obj->refcount);
	if (obj->name && shim_check_idr_find(&c->s, &sh->flink_names, obj->name) != off)
		shim_check_fail(c, "object", off, "flink name %u does not name it", obj->name);
	if (obj->dmabuf) {
		const struct shim_dmabuf *d = shim_check_get(c, shim_check_idr_find(&c->s, &sh->dmabufs, obj->dmabuf),
							     sizeof(*d));
		if (!d || d->obj != off)
			shim_check_fail(c, "object", off, "its dma-buf %u is not a record of it", obj->dmabuf);
	}
	for (unsigned i = 0; i < 4; i++)
		if (obj->mmap_node[i] && shim_check_idr_find(&c->s, &sh->mmap_nodes, obj->mmap_node[i]) != (off | i))
			shim_check_fail(c, "object", off, "fake offset node %u (type %u) is not its", obj->mmap_node[i], i);
	if (obj->write_class >= 4)
		shim_check_fail(c, "object", off, "write_class %u is not an engine class", obj->write_class);
	shim_check_ref(c, &core_holders[H_OBJECT_FENCE], shim_check_at(c, &obj->write_fence), obj->write_fence);
	for (unsigned i = 0; i < 4; i++)
		shim_check_ref(c, &core_holders[H_OBJECT_FENCE], shim_check_at(c, &obj->read_fence[i]),
			       obj->read_fence[i]);
	if (c->drv && c->drv->object)
		c->drv->object(c, off, obj);
}

static void object_done(struct shim_check *c, uint64_t off, const void *p, const struct shim_check_node *n)
{
	const struct shim_gem_object *obj = p;
	if (obj->handle_count != n->tally[0])
		shim_check_fail(c, "object", off, "handle_count %u, but %u handles of open files name it",
				obj->handle_count, n->tally[0]);
	if (obj->name && !obj->handle_count)
		shim_check_fail(c, "object", off, "flink name %u outlived its last handle", obj->name);
	if (c->drv && c->drv->object_done)
		c->drv->object_done(c, off, obj, n);
}

struct fence_ctx {
	struct shim_check *c;
	uint64_t fence;
	bool signalled;
};

static void visit_fence_cb(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct fence_ctx *fc = arg;
	struct shim_check *c = fc->c;
	const struct shim_fence_cb *cb = shim_check_claim(s, node, sizeof(*cb), "fence callback", "fence",
							  fc->fence);
	if (!cb)
		return;
	uint64_t at = shim_check_at(c, &cb->target);
	switch (cb->kind) {
	case SHIM_FENCE_CB_PARENT:
		shim_check_ref(c, &core_holders[H_PARENT_CALLBACK], at, cb->target);
		break;
	case SHIM_FENCE_CB_WAKE:
		shim_check_ref(c, &core_holders[H_WAKE_CALLBACK], at, cb->target);
		break;
	case SHIM_FENCE_CB_POKE: {
		const struct shim_sync_file *sf = c->reg ?
			shim_check_get(c, shim_check_idr_find(s, &c->reg->sync_files, cb->id), sizeof(*sf)) : NULL;
		if (sf && sf->poke == node && sf->fence == fc->fence)
			c->pokes_seen++;
		else
			shim_check_fail(c, "fence callback", node, "POKE of sync_file %u, which does not wait for "
					"this fence with this callback", cb->id);
		break;
	}
	default:
		shim_check_fail(c, "fence callback", node, "unknown kind %u", cb->kind);
	}
}

static void fence_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_fence *f = p;
	bool signalled = f->state != 0;
	if (f->state > 1 || f->started > 1)
		shim_check_fail(c, "fence", off, "state %u, started %u: each is 0 or 1", f->state, f->started);
	if (signalled && !f->started)
		shim_check_fail(c, "fence", off, "signalled but never started");
	if (signalled && f->callbacks)
		shim_check_fail(c, "fence", off, "signalled with callbacks still queued at 0x%llx",
				(unsigned long long)f->callbacks);
	if (signalled && f->pending)
		shim_check_fail(c, "fence", off, "signalled with %u parts still pending", f->pending);
	if (!signalled)
		c->pending_fences++;
	if (f->context > c->sh->next_timeline)
		shim_check_fail(c, "fence", off, "context %llu was never handed out (next_timeline %llu)",
				(unsigned long long)f->context, (unsigned long long)c->sh->next_timeline);
	struct fence_ctx fc = { c, off, signalled };
	shim_check_list(&c->s, f->callbacks, sizeof(struct shim_fence_cb), offsetof(struct shim_fence_cb, next),
			"fence callback list", shim_check_at(c, &f->callbacks), visit_fence_cb, &fc);
	if (!f->parts != !f->nparts) {
		shim_check_fail(c, "fence", off, "parts 0x%llx but nparts %u", (unsigned long long)f->parts, f->nparts);
	} else if (f->parts) {
		const shim_off *parts = shim_check_claim(&c->s, f->parts, (uint64_t)f->nparts * sizeof(shim_off),
							 "composite parts", "fence", off);
		for (uint32_t i = 0; parts && i < f->nparts; i++) {
			shim_off part;
			memcpy(&part, &parts[i], sizeof(part));
			if (!part)
				shim_check_fail(c, "fence", off, "composite part %u is none", i);
			shim_check_ref(c, &core_holders[H_COMPOSITE_PART], f->parts + i * sizeof(shim_off), part);
		}
	}
}

static void fence_done(struct shim_check *c, uint64_t off, const void *p, const struct shim_check_node *n)
{
	const struct shim_fence *f = p;
	/* Every PARENT callback on a pending part is one of the composite's pending parts. Parts
	 * the checker cannot reach (requests' fences) are pending too, so only "fewer" is wrong. */
	if (f->pending < n->tally[0])
		shim_check_fail(c, "fence", off, "%u parts pending, but %u PARENT callbacks will signal it",
				f->pending, n->tally[0]);
}

static void visit_syncobj_waiter(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct shim_check *c = arg;
	const struct shim_fence_cb *cb = shim_check_claim(s, node, sizeof(*cb), "syncobj waiter node",
							  "sync object's waiter list", node);
	if (!cb)
		return;
	c->waiting++;
	if (cb->kind != SHIM_FENCE_CB_WAKE)
		shim_check_fail(c, "syncobj waiter node", node, "kind %u, not WAKE", cb->kind);
	shim_check_ref(c, &core_holders[H_SYNCOBJ_WAITER], shim_check_at(c, &cb->target), cb->target);
}

static void syncobj_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_syncobj *so = p;
	shim_check_ref(c, &core_holders[H_SYNCOBJ_FENCE], shim_check_at(c, &so->fence), so->fence);
	if (so->is_chain > 1)
		shim_check_fail(c, "sync object", off, "is_chain %u", so->is_chain);
	if (so->gc_point > so->head_point)
		shim_check_fail(c, "sync object", off, "collected point %llu is past the head %llu",
				(unsigned long long)so->gc_point, (unsigned long long)so->head_point);
	if (!so->points != !so->cap || so->npoints > so->cap) {
		shim_check_fail(c, "sync object", off, "points 0x%llx, npoints %u, cap %u",
				(unsigned long long)so->points, so->npoints, so->cap);
	} else if (so->points) {
		const struct shim_syncobj_point *pt = shim_check_claim(&c->s, so->points,
			(uint64_t)so->cap * sizeof(*pt), "timeline points", "sync object", off);
		uint64_t prev = 0;
		for (uint32_t i = 0; pt && i < so->npoints; i++) {
			struct shim_syncobj_point point;
			memcpy(&point, &pt[i], sizeof(point));
			if (point.point < prev || point.point > so->head_point || !point.fence)
				shim_check_fail(c, "sync object", off, "timeline point %u (%llu) is out of order or "
						"has no fence", i, (unsigned long long)point.point);
			prev = point.point;
			shim_check_ref(c, &core_holders[H_TIMELINE_POINT],
				       so->points + i * sizeof(point) + offsetof(struct shim_syncobj_point, fence),
				       point.fence);
			if (i + 1 == so->npoints && (!so->is_chain || so->fence != point.fence))
				shim_check_fail(c, "sync object", off, "its fence is not its last timeline point");
		}
	}
	shim_check_list(&c->s, so->waiters, sizeof(struct shim_fence_cb), offsetof(struct shim_fence_cb, next),
			"sync object's waiter list", shim_check_at(c, &so->waiters), visit_syncobj_waiter, c);
}

struct master_ctx {
	struct shim_check *c;
	uint64_t master;
};

static void check_magic(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct master_ctx *mc = arg;
	const struct shim_shared *sh = mc->c->sh;
	if (value == SHIM_MAGIC_USED)
		return;
	/* Not necessarily a file of this master: a file that becomes master of its own
	 * (SET_MASTER) keeps its magic in the old master's map, as in the kernel. */
	const struct shim_file *f = value - 1 < SHIM_MAX_FILES ? &sh->files[value - 1] : NULL;
	if (!f || f->state != SHIM_FILE_OPEN || f->minor != 0 || f->magic != id)
		shim_check_fail(mc->c, "magic", at, "magic %u names file slot %llu, which is not an open primary "
				"file with that magic", id, (unsigned long long)(value - 1));
}

/* The lessees of one lessor that the walk will look at (a longer list is reported). */
#define MAX_LESSEES_CHECKED 4096

/* A lessee's leased id: a CRTC, connector or plane of the mode config, held by no other
 * lessee of its lessor (CREATE_LEASE's EBUSY rule). */
static void check_lease_id(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct master_ctx *mc = arg;
	struct shim_check *c = mc->c;
	const struct shim_master *m = shim_check_get(c, mc->master, sizeof(*m));
	const struct shim_mode_config *cfg = shim_check_get(c, c->sh->mode_config, sizeof(*cfg));
	uint64_t v = cfg ? shim_check_idr_find(s, &cfg->ids, id) : 0;
	if (value != 1 || !v || !shim_mode_type_leased(shim_mode_entry_type(v)))
		shim_check_fail(c, "lease", at, "master 0x%llx leases id %u (value %llu): no CRTC, connector or "
				"plane", (unsigned long long)mc->master, id, (unsigned long long)value);
	const struct shim_master *lessor = m ? shim_check_get(c, m->lessor, sizeof(*lessor)) : NULL;
	uint64_t l = lessor ? lessor->lessees : 0;
	for (unsigned n = 0; l && n < MAX_LESSEES_CHECKED; n++) {
		const struct shim_master *other = shim_check_get(c, l, sizeof(*other));
		if (!other)
			break;
		if (l != mc->master && shim_check_idr_find(s, &other->leases, id))
			shim_check_fail(c, "lease", at, "id %u is leased to both 0x%llx and 0x%llx", id,
					(unsigned long long)mc->master, (unsigned long long)l);
		l = other->next_lessee;
	}
}

struct lessee_ctx {
	struct shim_check *c;
	uint64_t lessor;
	uint32_t n;
};

static void visit_lessee(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct lessee_ctx *lc = arg;
	const struct shim_master *l = shim_check_ref(lc->c, &core_holders[H_LESSEE], node, node);
	lc->n++;
	if (l && l->lessor != lc->lessor)
		shim_check_fail(lc->c, "master", node, "on the lessee list of 0x%llx, but its lessor is 0x%llx",
				(unsigned long long)lc->lessor, (unsigned long long)l->lessor);
}

static void check_lessee_id(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct master_ctx *mc = arg;
	const struct shim_master *l = shim_check_ref(mc->c, &core_holders[H_LESSEE_ID], at, value);
	if (l && (l->lessee_id != id || l->lessor != mc->master))
		shim_check_fail(mc->c, "master", at, "lessee id %u names 0x%llx, whose id is %u and lessor 0x%llx",
				id, (unsigned long long)value, l->lessee_id, (unsigned long long)l->lessor);
}

static void master_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_master *m = p;
	if (m->unique_len > sizeof(m->unique))
		shim_check_fail(c, "master", off, "unique_len %u", m->unique_len);
	struct master_ctx mc = { c, off };
	shim_check_idr(&c->s, &m->magic_map, "master's magics", check_magic, &mc);
	/* Leases: a tree of one level, an owner and its lessees (no sub-leases). */
	shim_check_idr(&c->s, &m->leases, "lease", check_lease_id, &mc);
	shim_check_idr(&c->s, &m->lessee_ids, "owner's lessee ids", check_lessee_id, &mc);
	struct lessee_ctx lc = { c, off, 0 };
	shim_check_list(&c->s, m->lessees, sizeof(struct shim_master), offsetof(struct shim_master, next_lessee),
			"lessee list", shim_check_at(c, &m->lessees), visit_lessee, &lc);
	if (lc.n != m->lessee_ids.count)
		shim_check_fail(c, "master", off, "%u lessees listed, %u lessee ids", lc.n, m->lessee_ids.count);
	const struct shim_master *lessor = shim_check_ref(c, &core_holders[H_LESSOR], shim_check_at(c, &m->lessor),
							  m->lessor);
	if (m->lessor) {
		if (!m->lessee_id || m->lessees || m->lessee_ids.count)
			shim_check_fail(c, "master", off, "a lessee with id %u, lessees 0x%llx, %u lessee ids",
					m->lessee_id, (unsigned long long)m->lessees, m->lessee_ids.count);
		if (lessor && (lessor->lessor ||
			       shim_check_idr_find(&c->s, &lessor->lessee_ids, m->lessee_id) != off))
			shim_check_fail(c, "master", off, "lessee %u is not its lessor's (0x%llx) lessee of that "
					"id, or its lessor leases from another", m->lessee_id,
					(unsigned long long)m->lessor);
	} else if (m->lessee_id || m->leases.count || m->next_lessee) {
		shim_check_fail(c, "master", off, "an owner with lessee id %u, %u leased ids, next lessee 0x%llx",
				m->lessee_id, m->leases.count, (unsigned long long)m->next_lessee);
	}
}

/* --- the roots: open files and the device-wide indexes ------------------------------------ */

struct file_ctx {
	struct shim_check *c;
	const struct shim_file *file;
	uint32_t slot;
	uint64_t prime_entries;		/* sum of the entries prime_bufs counts */
};

static void file_handle(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct file_ctx *fc = arg;
	shim_check_ref(fc->c, &core_holders[H_HANDLE], at, value);
}

static void file_syncobj(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct file_ctx *fc = arg;
	shim_check_ref(fc->c, &core_holders[H_SYNCOBJ_HANDLE], at, value);
}

/* prime_handles: handle -> dma-buf id, for a handle of the file and a dma-buf of its object. */
static void file_prime_handle(struct shim_state_check *s, void *arg, uint32_t handle, uint64_t id,
			      uint64_t at)
{
	struct file_ctx *fc = arg;
	const struct shim_shared *sh = fc->c->sh;
	uint64_t obj = shim_check_idr_find(s, &fc->file->handles, handle);
	const struct shim_dmabuf *d = id <= UINT32_MAX ?
		shim_check_get(fc->c, shim_check_idr_find(s, &sh->dmabufs, (uint32_t)id), sizeof(*d)) : NULL;
	if (!obj)
		shim_check_fail(fc->c, "prime table", at, "handle %u of file %u is not a handle", handle, fc->slot);
	else if (!d || d->obj != obj)
		shim_check_fail(fc->c, "prime table", at, "handle %u of file %u: dma-buf %llu is not its object's",
				handle, fc->slot, (unsigned long long)id);
	if (id <= UINT32_MAX && !shim_check_idr_find(s, &fc->file->prime_bufs, (uint32_t)id))
		shim_check_fail(fc->c, "prime table", at, "handle %u of file %u: dma-buf %llu is not in prime_bufs",
				handle, fc->slot, (unsigned long long)id);
}

/* prime_bufs: dma-buf id -> the handle that answers | entries << 32. */
static void file_prime_buf(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct file_ctx *fc = arg;
	uint32_t answer = (uint32_t)value, entries = (uint32_t)(value >> 32);
	fc->prime_entries += entries;
	if (!entries || shim_check_idr_find(s, &fc->file->prime_handles, answer) != id)
		shim_check_fail(fc->c, "prime table", at, "dma-buf %u of file %u: answer handle %u with %u entries "
				"is not one of its handles", id, fc->slot, answer, entries);
}

/* Does some open description of this open file's FIFO still hold its OFD lock? */
static bool file_alive(struct shim_check *c, uint32_t slot)
{
	char path[PATH_MAX];
	if (!c->dir || (size_t)snprintf(path, sizeof(path), "%s/file.%u", c->dir, slot) >= sizeof(path))
		return true;	/* cannot tell: keep it */
	return shim_sync_path_alive(path);
}

static void walk_open_file(struct shim_check *c, uint32_t slot, const struct shim_file *file)
{
	uint64_t at = shim_check_at(c, file);
	struct file_ctx fc = { c, file, slot, 0 };
	c->files++;
	if (!file_alive(c, slot))
		c->dead_files++;
	if (file->minor != 0 && file->minor != 128)
		shim_check_fail(c, "file", at, "slot %u: minor %u", slot, file->minor);
	if (file->minor == 0 && !file->master)
		shim_check_fail(c, "file", at, "slot %u: a primary file without a master", slot);
	if (file->minor == 128 && (file->master || file->is_master || file->magic))
		shim_check_fail(c, "file", at, "slot %u: a render file with master state", slot);
	const struct shim_master *m =
		shim_check_ref(c, &core_holders[H_FILE_MASTER], shim_check_at(c, &file->master), file->master);
	if (m && m->lessor && !file->is_master)
		shim_check_fail(c, "file", at, "slot %u belongs to a lessee master it is not the file of", slot);
	shim_check_idr(&c->s, &file->handles, "file's handles", file_handle, &fc);
	shim_check_idr(&c->s, &file->syncobjs, "file's sync objects", file_syncobj, &fc);
	shim_check_idr(&c->s, &file->prime_handles, "file's prime handles", file_prime_handle, &fc);
	shim_check_idr(&c->s, &file->prime_bufs, "file's prime dma-bufs", file_prime_buf, &fc);
	if (fc.prime_entries != file->prime_handles.count)
		shim_check_fail(c, "prime table", shim_check_at(c, &file->prime_bufs), "slot %u: prime_bufs "
				"count %llu entries, prime_handles has %u", slot,
				(unsigned long long)fc.prime_entries, file->prime_handles.count);
	if (c->drv && c->drv->file)
		c->drv->file(c, slot, file, file->driver);
}

static bool idr_empty(const struct shim_idr *idr)
{
	return !idr->cap && !idr->slots && !idr->count;
}

static void walk_files(struct shim_check *c)
{
	const struct shim_shared *sh = c->sh;
	uint32_t open = 0;
	for (uint32_t slot = 0; slot < SHIM_MAX_FILES; slot++) {
		const struct shim_file *file = &sh->files[slot];
		uint64_t at = shim_check_at(c, file);
		if (file->state == SHIM_FILE_OPEN) {
			open++;
			walk_open_file(c, slot, file);
		} else if (file->state != SHIM_FILE_FREE) {
			shim_check_fail(c, "file", at, "slot %u: state %u", slot, file->state);
		} else {
			if (slot < sh->files_hint)
				shim_check_fail(c, "file", at, "slot %u is free, below files_hint %u", slot, sh->files_hint);
			if (file->master || !idr_empty(&file->handles) || !idr_empty(&file->syncobjs) ||
			    !idr_empty(&file->prime_handles) || !idr_empty(&file->prime_bufs))
				shim_check_fail(c, "file", at, "slot %u is free but still holds a master, handles, "
						"sync objects or a prime table", slot);
		}
	}
	if (open != sh->files_open)
		shim_check_fail(c, "device", shim_check_at(c, &sh->files_open), "files_open %u, but %u slots are open",
				sh->files_open, open);
	if (sh->master) {
		bool found = false;
		for (uint32_t slot = 0; slot < SHIM_MAX_FILES && !found; slot++)
			found = sh->files[slot].state == SHIM_FILE_OPEN && sh->files[slot].master == sh->master &&
				sh->files[slot].is_master;
		if (!found)
			shim_check_fail(c, "device", shim_check_at(c, &sh->master), "the current master 0x%llx is no "
					"open file's own", (unsigned long long)sh->master);
	}
	const struct shim_master *m =
		shim_check_ref(c, &core_holders[H_DEVICE_MASTER], shim_check_at(c, &sh->master), sh->master);
	if (m && m->lessor)
		shim_check_fail(c, "device", shim_check_at(c, &sh->master), "the current master is a lessee");
}

static void flink_name(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	const struct shim_gem_object *obj = shim_check_ref(c, &core_holders[H_FLINK], at, value);
	if (obj && obj->name != id)
		shim_check_fail(c, "flink name", at, "name %u names an object whose name is %u", id, obj->name);
}

static void mmap_node(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	uint32_t type = value & 15;
	const struct shim_gem_object *obj = shim_check_ref(c, &core_holders[H_MMAP_OFFSET], at, value & ~15ull);
	if (obj && (type >= 4 || obj->mmap_node[type] != id))
		shim_check_fail(c, "fake mmap offset", at, "node %u (type %u) names an object that does not have it",
				id, type);
}

static void dmabuf_record(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	const struct shim_dmabuf *d = shim_check_ref(c, &core_holders[H_DMABUF_ID], at, value);
	if (!d)
		return;
	const struct shim_gem_object *obj = shim_check_ref(c, &core_holders[H_DMABUF], shim_check_at(c, &d->obj),
							   d->obj);
	if (!d->obj)
		shim_check_fail(c, "dma-buf", value, "dma-buf %u has no object", id);
	if (obj && (obj->dmabuf != id || obj->size != d->size))
		shim_check_fail(c, "dma-buf", value, "dma-buf %u: its object's dma-buf is %u, size %llu (record: %llu)",
				id, obj->dmabuf, (unsigned long long)obj->size, (unsigned long long)d->size);
	if (d->rdwr > 1)
		shim_check_fail(c, "dma-buf", value, "dma-buf %u: rdwr %u", id, d->rdwr);
}

static void sync_file_record(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	const struct shim_sync_file *sf = shim_check_ref(c, &core_holders[H_SYNC_FILE_ID], at, value);
	if (!sf)
		return;
	if (!sf->fence)
		shim_check_fail(c, "sync_file", value, "sync_file %u has no fence", id);
	const struct shim_fence *f = shim_check_ref(c, &core_holders[H_SYNC_FILE], shim_check_at(c, &sf->fence),
						    sf->fence);
	if (sf->poke) {
		c->pokes_expected++;
		if (f && shim_fence_is_signalled(f))
			shim_check_fail(c, "sync_file", value, "sync_file %u still waits (POKE 0x%llx) for a "
					"signalled fence", id, (unsigned long long)sf->poke);
	}
}

static void syncobj_fd_record(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct shim_check *c = arg;
	const struct shim_syncobj_fd *rec = shim_check_ref(c, &core_holders[H_SYNCOBJ_FD_ID], at, value);
	if (!rec)
		return;
	if (!rec->syncobj)
		shim_check_fail(c, "syncobj fd", value, "syncobj fd %u has no sync object", id);
	shim_check_ref(c, &core_holders[H_SYNCOBJ_FD], shim_check_at(c, &rec->syncobj), rec->syncobj);
}

static void visit_client(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct shim_check *c = arg;
	c->clients++;
	const struct shim_client_record *r = shim_check_claim(s, node, sizeof(*r), "client record",
							      "client list", node);
	if (!r || !r->borrowed)
		return;
	if (r->count > r->cap) {
		shim_check_fail(c, "client record", node, "count %u, cap %u", r->count, r->cap);
		return;
	}
	const uint64_t *b = shim_check_claim(s, r->borrowed, r->cap * sizeof(uint64_t), "borrowed references",
					     "client record", node);
	static const unsigned rows[SHIM_BORROW_KINDS] = {
		[SHIM_BORROW_OBJECT] = H_BORROWED_OBJECT, [SHIM_BORROW_FENCE] = H_BORROWED_FENCE,
		[SHIM_BORROW_SYNCOBJ] = H_BORROWED_SYNCOBJ, [SHIM_BORROW_WAITER] = H_BORROWED_WAITER };
	for (uint32_t i = 0; b && i < r->count; i++) {
		unsigned kind = b[i] & 15;
		if (kind < 1 || kind >= SHIM_BORROW_KINDS)
			shim_check_fail(c, "client record", r->borrowed + i * 8, "borrowed kind %u", kind);
		else
			shim_check_ref(c, &core_holders[rows[kind]], r->borrowed + i * 8, b[i] & ~15ull);
	}
}

static void walk_device(struct shim_check *c)
{
	const struct shim_shared *sh = c->sh;
	if (sh->files_hint > SHIM_MAX_FILES)
		shim_check_fail(c, "device", shim_check_at(c, &sh->files_hint), "files_hint %u", sh->files_hint);
	walk_files(c);
	shim_check_idr(&c->s, &sh->flink_names, "flink names", flink_name, c);
	shim_check_idr(&c->s, &sh->mmap_nodes, "fake mmap offsets", mmap_node, c);
	shim_check_idr(&c->s, &sh->dmabufs, "dma-bufs", dmabuf_record, c);
	if (sh->sync) {
		c->reg = shim_check_claim(&c->s, sh->sync, sizeof(*c->reg), "sync registry", "device",
					  shim_check_at(c, &sh->sync));
		if (c->reg) {
			shim_check_idr(&c->s, &c->reg->sync_files, "sync_files", sync_file_record, c);
			shim_check_idr(&c->s, &c->reg->syncobj_fds, "syncobj fds", syncobj_fd_record, c);
		}
	}
	shim_check_list(&c->s, sh->clients, sizeof(struct shim_client_record),
			offsetof(struct shim_client_record, next), "client list", shim_check_at(c, &sh->clients),
			visit_client, c);
	shim_check_ref(c, &core_holders[H_MODE_CONFIG], shim_check_at(c, &sh->mode_config), sh->mode_config);
	shim_check_pool_lists(&c->s, &sh->mem);
	shim_check_arena_lists(&c->s);
	if (c->drv && c->drv->device)
		c->drv->device(c, sh->driver);
}


/* --- KMS ------------------------------------------------------------------------------- */

struct mode_ctx {
	struct shim_check *c;
	uint64_t off;			/* the config block */
	const struct shim_mode_config *mc;
	uint32_t fbs;
};

/* An id of an object inside the config: it must be the object at that place, with that id. */
static void mode_inner_id(struct shim_check *c, const struct mode_ctx *m, uint32_t id, unsigned type,
			  uint64_t obj, uint64_t at)
{
	static const struct { size_t base, size, count; } arrays[] = {
		[SHIM_MODE_CRTC] = { offsetof(struct shim_mode_config, crtcs), sizeof(struct shim_mode_crtc), SHIM_MAX_CRTCS },
		[SHIM_MODE_ENCODER] = { offsetof(struct shim_mode_config, encoders), sizeof(struct shim_mode_encoder),
					SHIM_MAX_ENCODERS },
		[SHIM_MODE_CONNECTOR] = { offsetof(struct shim_mode_config, connectors),
					  sizeof(struct shim_mode_connector), SHIM_MAX_CONNECTORS },
		[SHIM_MODE_PLANE] = { offsetof(struct shim_mode_config, planes), sizeof(struct shim_mode_plane),
				      SHIM_MAX_PLANES },
		[SHIM_MODE_PROPERTY] = { offsetof(struct shim_mode_config, props), sizeof(struct shim_mode_property),
					 SHIM_PROP_COUNT },
	};
	uint64_t rel = obj - m->off - arrays[type].base;
	if (obj < m->off + arrays[type].base || rel % arrays[type].size || rel / arrays[type].size >= arrays[type].count) {
		shim_check_fail(c, "mode object id", at, "id %u (type %u) names 0x%llx, not one of the config's",
				id, type, (unsigned long long)obj);
		return;
	}
	const uint32_t *own = (const uint32_t *)((const char *)m->mc + (obj - m->off));
	if (*own != id)	/* every one of them has its id first */
		shim_check_fail(c, "mode object id", at, "id %u names an object whose id is %u", id, *own);
}

static void mode_id(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value, uint64_t at)
{
	struct mode_ctx *m = arg;
	struct shim_check *c = m->c;
	unsigned type = shim_mode_entry_type(value);
	uint64_t obj = shim_mode_entry_off(value);
	if (type == SHIM_MODE_FB) {
		const struct shim_mode_fb *peek = shim_check_get(c, obj, sizeof(*peek));
		bool internal = peek && peek->owner == SHIM_FB_INTERNAL;
		const struct shim_mode_fb *fb =
			shim_check_ref(c, &core_holders[internal ? H_FB_INTERNAL_ID : H_FB_ID], at, obj);
		m->fbs++;
		if (fb && fb->id != id)
			shim_check_fail(c, "framebuffer", obj, "id %u names a framebuffer whose id is %u", id, fb->id);
	} else if (type == SHIM_MODE_BLOB) {
		const struct shim_mode_blob *b = shim_check_ref(c, &core_holders[H_BLOB_ID], at, obj);
		if (b && b->id != id)
			shim_check_fail(c, "property blob", obj, "id %u names a blob whose id is %u", id, b->id);
	} else if (type >= SHIM_MODE_CRTC && type <= SHIM_MODE_PROPERTY) {
		mode_inner_id(c, m, id, type, obj, at);
	} else {
		shim_check_fail(c, "mode object id", at, "id %u has type %u", id, type);
	}
}

/* A blob id kept by an object must be a blob's. */
static void mode_blob_ref(struct shim_check *c, const struct shim_mode_config *mc, const char *what, uint64_t at,
			  uint32_t id)
{
	uint64_t v = id ? shim_check_idr_find(shim_check_state(c), &mc->ids, id) : 0;
	if (id && shim_mode_entry_type(v) != SHIM_MODE_BLOB)
		shim_check_fail(c, what, at, "blob id %u is no blob", id);
}

struct event_ctx {
	struct shim_check *c;
	const struct shim_mode_config *mc;
	uint32_t n;
};

static void visit_event(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct event_ctx *x = arg;
	const struct shim_shared *sh = shim_check_shared(x->c);
	const struct shim_event *e = shim_check_claim(s, node, sizeof(*e), "event", "event list", node);
	x->n++;
	if (!e)
		return;
	if (e->owner >= SHIM_MAX_FILES || sh->files[e->owner].state != SHIM_FILE_OPEN ||
	    sh->files[e->owner].generation != e->owner_generation)
		shim_check_fail(x->c, "event", node, "belongs to slot %u (generation %llu), no open file", e->owner,
				(unsigned long long)e->owner_generation);
	if (e->crtc >= x->mc->ncrtcs || e->length != 32 || e->ready > x->mc->ready_stamp)
		shim_check_fail(x->c, "event", node, "crtc %u, length %u, ready %llu", e->crtc, e->length,
				(unsigned long long)e->ready);
}

static void mode_config_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_mode_config *mc = p;
	struct mode_ctx m = { c, off, mc, 0 };
	struct event_ctx ev = { c, mc, 0 };
	shim_check_list(shim_check_state(c), mc->events, sizeof(struct shim_event), offsetof(struct shim_event, next),
			"event list", shim_check_at(c, &mc->events), visit_event, &ev);
	if (ev.n != mc->nevents)
		shim_check_fail(c, "mode config", off, "nevents %u, but %u events are listed", mc->nevents, ev.n);
	shim_check_idr(shim_check_state(c), &mc->ids, "mode object ids", mode_id, &m);
	if (m.fbs != mc->nfbs)
		shim_check_fail(c, "mode config", off, "nfbs %u, but %u framebuffer ids", mc->nfbs, m.fbs);
	if (mc->ncrtcs > SHIM_MAX_CRTCS || mc->nplanes > SHIM_MAX_PLANES || mc->nencoders > SHIM_MAX_ENCODERS ||
	    mc->nconnectors > SHIM_MAX_CONNECTORS) {
		shim_check_fail(c, "mode config", off, "counts out of range");
		return;
	}
	for (uint32_t i = 0; i < mc->nplanes; i++) {
		const struct shim_mode_plane *pl = &mc->planes[i];
		uint64_t at = shim_check_at(c, pl);
		shim_check_ref(c, &core_holders[H_PLANE_FB], shim_check_at(c, &pl->fb), pl->fb);
		if (pl->crtc > mc->ncrtcs || (!pl->crtc != !pl->fb))
			shim_check_fail(c, "plane", at, "plane %u: crtc %u with fb 0x%llx", i, pl->crtc,
					(unsigned long long)pl->fb);
		mode_blob_ref(c, mc, "plane", at, pl->in_formats);
	}
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		const struct shim_mode_crtc *cr = &mc->crtcs[i];
		uint64_t at = shim_check_at(c, cr);
		if (cr->enabled && !cr->mode_blob)	/* active needs a mode; a mode may be inactive (DPMS) */
			shim_check_fail(c, "crtc", at, "crtc %u: enabled %u, MODE_ID %u", i, cr->enabled, cr->mode_blob);
		shim_check_ref(c, &core_holders[H_CRTC_FENCE], shim_check_at(c, &cr->commit_fence), cr->commit_fence);
		shim_check_ref(c, &core_holders[H_CRTC_FENCE], shim_check_at(c, &cr->commit_wait), cr->commit_wait);
		mode_blob_ref(c, mc, "crtc", at, cr->mode_blob);
		if (cr->gamma_lut)
			shim_check_claim(shim_check_state(c), cr->gamma_lut, (uint64_t)cr->gamma_size * 3 * sizeof(uint16_t),
					 "gamma LUT", "crtc", at);
		if (cr->primary >= mc->nplanes || cr->cursor >= mc->nplanes)
			shim_check_fail(c, "crtc", at, "crtc %u: planes %u, %u", i, cr->primary, cr->cursor);
	}
	for (uint32_t i = 0; i < mc->nconnectors; i++) {
		const struct shim_mode_connector *co = &mc->connectors[i];
		uint64_t at = shim_check_at(c, co);
		mode_blob_ref(c, mc, "connector", at, co->edid);
		if (co->crtc > mc->ncrtcs || (co->crtc && !mc->crtcs[co->crtc - 1].mode_blob) ||
		    co->encoder >= mc->nencoders || co->nmodes > SHIM_MAX_CONN_MODES)
			shim_check_fail(c, "connector", at, "connector %u: crtc %u, encoder %u, %u modes", i, co->crtc,
					co->encoder, co->nmodes);
		else if (mc->encoders[co->encoder].crtc != co->crtc)
			shim_check_fail(c, "connector", at, "connector %u on crtc %u, its encoder on %u", i, co->crtc,
					mc->encoders[co->encoder].crtc);
	}
}

static void fb_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_mode_fb *fb = p;
	const struct shim_shared *sh = shim_check_shared(c);
	if (fb->nplanes < 1 || fb->nplanes > 4) {
		shim_check_fail(c, "framebuffer", off, "fb %u: %u planes", fb->id, fb->nplanes);
		return;
	}
	for (uint32_t i = 0; i < fb->nplanes; i++) {
		if (!fb->obj[i])
			shim_check_fail(c, "framebuffer", off, "fb %u: plane %u has no object", fb->id, i);
		shim_check_ref(c, &core_holders[H_FB_OBJECT], shim_check_at(c, &fb->obj[i]), fb->obj[i]);
	}
	if (fb->owner != SHIM_FB_INTERNAL && (fb->owner >= SHIM_MAX_FILES || sh->files[fb->owner].state != SHIM_FILE_OPEN ||
	    sh->files[fb->owner].generation != fb->owner_generation))
		shim_check_fail(c, "framebuffer", off, "fb %u belongs to slot %u (generation %llu), no open file",
				fb->id, fb->owner, (unsigned long long)fb->owner_generation);
}

static void blob_walk(struct shim_check *c, uint64_t off, const void *p)
{
	const struct shim_mode_blob *b = p;
	shim_check_claim(shim_check_state(c), b->data, b->length ? b->length : 1, "blob data", "property blob", off);
}

/* --- one pass ---------------------------------------------------------------------------- */

static void done_nodes(struct shim_check *c)
{
	char names[256];
	for (uint32_t i = 0; i < c->nnodes; i++) {
		const struct shim_check_node n = c->nodes[i];
		const struct shim_check_kind *k = c->kinds[n.kind];
		const void *p = c->s.base + n.off;
		c->kind_count[n.kind]++;
		if (k->refcount) {
			uint32_t rc = k->refcount(p);
			if (rc == 0)
				shim_check_fail(c, k->name, n.off, "refcount 0 (freed?), yet reached from %s",
						holder_names(c, &n, names, sizeof(names)));
			else if (rc < n.refs)
				shim_check_fail(c, k->name, n.off, "refcount %u, but %u references are seen (from %s)",
						rc, n.refs, holder_names(c, &n, names, sizeof(names)));
			else if (rc > n.refs && c->idle)
				shim_check_report(&c->s, true, k->name, n.off, "refcount %u, but the device is idle and "
						  "only %u references are seen (from %s)", rc, n.refs,
						  holder_names(c, &n, names, sizeof(names)));
		}
		if (k->done)
			k->done(c, n.off, p, &n);
	}
}

static void pass(struct shim_check *c)
{
	const struct shim_shared *sh = c->sh;
	walk_device(c);
	while (c->ntodo && !c->s.oom) {
		uint32_t i = c->todo[--c->ntodo];
		const struct shim_check_kind *k = c->kinds[c->nodes[i].kind];
		uint64_t off = c->nodes[i].off;
		if (k->walk)
			k->walk(c, off, c->s.base + off);
	}
	if (c->s.oom)
		return;
	c->idle = c->pending_fences == 0 && c->waiting == 0;
	done_nodes(c);
	if (c->pokes_seen != c->pokes_expected)
		shim_check_fail(c, "sync registry", sh->sync, "%llu sync_files wait for a fence, but %llu of their "
				"POKE callbacks are queued", (unsigned long long)c->pokes_expected,
				(unsigned long long)c->pokes_seen);
	if (c->drv && c->drv->done)
		c->drv->done(c);
	uint64_t objects = c->kind_count[kind_index(c, &shim_check_kind_object)];
	if (sh->objects < objects || (c->idle && sh->objects != objects))
		shim_check_report(&c->s, sh->objects > objects, "device", shim_check_at(c, &sh->objects),
				  "objects %llu, but %llu objects are reachable", (unsigned long long)sh->objects,
				  (unsigned long long)objects);
	shim_check_arena_prove(&c->s, c->idle);
	shim_check_pool_prove(&c->s, &sh->mem, c->idle);
}

static void summary(struct shim_check *c, FILE *out)
{
	fprintf(out, "i915-shim: check: summary violations=%llu soft=%llu idle=%d clients=%llu files=%llu "
		"dead_files=%llu", (unsigned long long)c->s.violations, (unsigned long long)c->s.soft, c->idle,
		(unsigned long long)c->clients, (unsigned long long)c->files, (unsigned long long)c->dead_files);
	for (unsigned i = 0; i < c->nkinds; i++)
		fprintf(out, " %s=%llu", c->kinds[i]->plural, (unsigned long long)c->kind_count[i]);
	fprintf(out, " pending_fences=%llu arena_live=%llu arena_pool=%llu arena_free=%llu arena_unreached=%llu "
		"pool_in_use=%llu pool_free=%llu pool_top=%llu\n", (unsigned long long)c->pending_fences,
		(unsigned long long)c->s.arena_live, (unsigned long long)c->s.arena_pool,
		(unsigned long long)c->s.arena_free,
		(unsigned long long)c->s.arena_unreached, (unsigned long long)c->s.pool_in_use,
		(unsigned long long)c->s.pool_free, (unsigned long long)c->s.pool_top);
}

static bool register_tables(struct shim_check *c)
{
	for (unsigned i = 0; i < sizeof(core_kinds) / sizeof(core_kinds[0]); i++)
		c->kinds[c->nkinds++] = core_kinds[i];
	for (unsigned i = 0; i < sizeof(core_holders) / sizeof(core_holders[0]); i++)
		c->holders[c->nholders++] = &core_holders[i];
	if (!c->drv)
		return true;
	if (c->nkinds + c->drv->num_kinds > MAX_KINDS || c->nholders + c->drv->num_holders > MAX_HOLDERS)
		return false;
	for (unsigned i = 0; i < c->drv->num_kinds; i++)
		c->kinds[c->nkinds++] = c->drv->kinds[i];
	for (unsigned i = 0; i < c->drv->num_holders; i++)
		c->holders[c->nholders++] = &c->drv->holders[i];
	return true;
}

/* --- finding and opening the instance ------------------------------------------------------ */

static int instance_dir(const char *arg, char *dir, size_t len, FILE *out)
{
	const char *base = getenv("I915_SHIM_DIR");
	struct stat st;
	char path[PATH_MAX];
	if (!base || !*base)
		base = "/dev/shm";
	if (arg && strchr(arg, '/')) {
		if ((size_t)snprintf(dir, len, "%s", arg) >= len)
			return -ENAMETOOLONG;
		return 0;
	}
	if (arg && *arg) {
		if ((size_t)snprintf(dir, len, "%s/%s", base, arg) >= len)
			return -ENAMETOOLONG;
		snprintf(path, sizeof(path), "%s/state", dir);
		if (shim_real.fstatat(AT_FDCWD, path, &st, 0) == 0)
			return 0;
	}
	/* As drm/drm_file.c names the instance of a process. */
	const char *name = arg && *arg ? arg : getenv("I915_SHIM_INSTANCE");
	if (!name || !*name)
		name = "default";
	const struct shim_device_model *model = shim_device_model_from_env();
	if (!model) {
		fprintf(out, "i915-shim: check: I915_SHIM_DEVID=%s is not an emulated device\n",
			getenv("I915_SHIM_DEVID"));
		return -ENODEV;
	}
	if ((size_t)snprintf(dir, len, "%s/i915-shim-v%d-%s-%04x", base, SHIM_LAYOUT_VERSION, name,
			     model->devid) >= len)
		return -ENAMETOOLONG;
	return 0;
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static int check_mapped(struct shim_check *c, struct shim_shared *sh, uint64_t size,
			const struct shim_check_options *o)
{
	uint64_t deadline = now_ms() + o->settle_ms;
	unsigned delay_ms = 5;
	for (;;) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		FILE *out = mem ? mem : o->out;
		struct shim_check fresh = { .sh = sh, .model = c->model, .drv = c->drv, .dir = c->dir };
		*c = fresh;
		if (!register_tables(c)) {
			fprintf(o->out, "i915-shim: check: the driver's tables are too big for the checker\n");
			if (mem)
				fclose(mem);
			free(text);
			return 2;
		}
		/* A holder that died mid-section is rolled back first, so the walk sees whole state. */
		bool own_journal = !shim_journal_attached() && size >= SHIM_STATE_SIZE;
		if (own_journal)
			shim_journal_attach(&sh->hdr.journal, (char *)sh, SHIM_STATE_SIZE, -1);
		shim_instance_lock(&sh->hdr);
		shim_check_begin(&c->s, sh, size, offsetof(struct shim_shared, arena), sizeof(*sh), out);
		pass(c);
		shim_instance_unlock(&sh->hdr);
		if (own_journal)
			shim_journal_detach();
		bool oom = c->s.oom;
		if (!oom)
			summary(c, out);
		bool again = mem && !oom && c->s.violations && c->s.violations == c->s.soft && now_ms() < deadline;
		uint64_t violations = c->s.violations;
		free(c->nodes);
		free(c->hash);
		free(c->todo);
		shim_check_end(&c->s);
		if (mem)
			fclose(mem);
		if (again) {
			free(text);
			struct timespec ts = { 0, (long)delay_ms * 1000000 };
			nanosleep(&ts, NULL);
			if (delay_ms < 100)
				delay_ms *= 2;
			continue;
		}
		if (mem && text)
			fwrite(text, 1, len, o->out);
		free(text);
		if (oom) {
			fprintf(o->out, "i915-shim: check: out of memory\n");
			return 2;
		}
		return violations ? 1 : 0;
	}
}

int shim_check_instance(const struct shim_check_options *o)
{
	char dir[PATH_MAX - 16], path[PATH_MAX];
	FILE *out = o->out ? o->out : stdout;
	struct shim_check_options opts = *o;
	opts.out = out;
	shim_real_init();
	int ret = instance_dir(o->instance, dir, sizeof(dir), out);
	if (ret) {
		if (ret != -ENODEV)
			fprintf(out, "i915-shim: check: %s: %s\n", o->instance ? o->instance : "instance", strerror(-ret));
		return 2;
	}
	snprintf(path, sizeof(path), "%s/state", dir);
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || shim_real.fstat(fd, &st) < 0) {
		fprintf(out, "i915-shim: check: no device instance at %s: %s\n", dir, strerror(errno));
		if (fd >= 0)
			shim_real.close(fd);
		return 2;
	}
	uint64_t size = (uint64_t)st.st_size;
	void *map = size >= sizeof(struct shim_shared) ?
		shim_real.mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0) : MAP_FAILED;
	shim_real.close(fd);
	if (map == MAP_FAILED) {
		fprintf(out, "i915-shim: check: %s: cannot map a state of %llu bytes\n", path, (unsigned long long)size);
		return 2;
	}
	struct shim_shared *sh = map;
	const struct shim_device_model *model = shim_device_model_find(sh->hdr.key);
	if (__atomic_load_n(&sh->hdr.magic, __ATOMIC_ACQUIRE) != SHIM_STATE_MAGIC ||
	    sh->hdr.layout_version != SHIM_LAYOUT_VERSION || !model) {
		fprintf(out, "i915-shim: check: %s is not a device state of layout %d (magic 0x%llx, layout %u, "
			"device 0x%04x)\n", path, SHIM_LAYOUT_VERSION, (unsigned long long)sh->hdr.magic,
			sh->hdr.layout_version, sh->hdr.key);
		shim_real.munmap(map, size);
		return 2;
	}
	struct shim_check c = { .sh = sh, .model = model, .drv = shim_drv ? shim_drv->check : NULL, .dir = dir };
	ret = check_mapped(&c, sh, size, &opts);
	shim_real.munmap(map, size);
	fflush(out);
	return ret;
}
