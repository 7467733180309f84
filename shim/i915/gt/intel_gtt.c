/* SPDX-License-Identifier: MIT */
/*
 * GPU address spaces (i915/i915_gem_context.h): the bindings of each, kept
 * so that no operation grows with the number of bound objects.
 *
 * DOC: the tree of bindings
 *
 * A binding (struct shim_vma) is a node of two structures at once:
 *  - its address space's tree, ordered by start: a treap whose priority is
 *    a hash of the node's offset (no state, yet balanced as if random), so
 *    bind, unbind and the lookup by address cost O(log n);
 *  - its object's list (obj->bindings, linked by obj_next), short because an
 *    object is bound in one address space per context sharing it, which
 *    makes "where is this object in that space" and "unbind it everywhere"
 *    independent of how much else is bound.
 * Every node keeps three sums of its subtree: the lowest start, the highest
 * end and the widest gap between two of its bindings. The search for free
 * space is first-fit, as i915's drm_mm searches bottom-up: it walks the
 * tree in address order and skips every subtree whose gaps are all too
 * small, so it touches O(log n) nodes plus those with gaps that fit the
 * size but not the alignment.
 *
 * Lifetime: a node is allocated in the arena when bound and freed when
 * unbound; a pointer to one is good until the next bind or unbind of that
 * space. Everything is written through the journal (base/journal.h), so a
 * process that dies mid-rotation leaves the tree as it was. Calls the arena,
 * the journal and the object's fields only.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/journal.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"

static struct shim_vma *node(shim_off off)
{
	return shim_ptr(off);
}

static uint64_t end_of(const struct shim_vma *v)
{
	return v->start + v->size;
}

/* The treap priority of a node: a 64-bit mix of its offset. */
static uint64_t priority(shim_off off)
{
	uint64_t x = off;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	x ^= x >> 33;
	return x;
}

#define SET_IF_CHANGED(lv, v) do { if ((lv) != (v)) SHIM_SET(lv, v); } while (0)

/* Recomputes n's subtree sums from its own range and its children's sums. */
static void pull(struct shim_vma *n)
{
	const struct shim_vma *l = node(n->left), *r = node(n->right);
	uint64_t first = l ? l->first : n->start;
	uint64_t last = r ? r->last : end_of(n);
	uint64_t gap = 0;
	if (l) {
		gap = l->gap;
		if (n->start - l->last > gap)
			gap = n->start - l->last;
	}
	if (r) {
		if (r->gap > gap)
			gap = r->gap;
		if (r->first - end_of(n) > gap)
			gap = r->first - end_of(n);
	}
	SET_IF_CHANGED(n->first, first);
	SET_IF_CHANGED(n->last, last);
	SET_IF_CHANGED(n->gap, gap);
}

/* The left child of t becomes the root of t's subtree; returns it. */
static shim_off rotate_right(shim_off t)
{
	struct shim_vma *n = node(t);
	shim_off l = n->left;
	SHIM_SET(n->left, node(l)->right);
	SHIM_SET(node(l)->right, t);
	pull(n);
	pull(node(l));
	return l;
}

static shim_off rotate_left(shim_off t)
{
	struct shim_vma *n = node(t);
	shim_off r = n->right;
	SHIM_SET(n->right, node(r)->left);
	SHIM_SET(node(r)->left, t);
	pull(n);
	pull(node(r));
	return r;
}

/* Inserts the node at off into the subtree t; returns the subtree's new root. */
static shim_off insert(shim_off t, shim_off off)
{
	if (!t)
		return off;
	struct shim_vma *n = node(t);
	if (node(off)->start < n->start) {
		shim_off l = insert(n->left, off);
		SET_IF_CHANGED(n->left, l);
		if (priority(l) > priority(t))
			return rotate_right(t);
	} else {
		shim_off r = insert(n->right, off);
		SET_IF_CHANGED(n->right, r);
		if (priority(r) > priority(t))
			return rotate_left(t);
	}
	pull(n);
	return t;
}

/* Two subtrees, every start of a below every start of b, as one; returns its root. */
static shim_off join(shim_off a, shim_off b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	if (priority(a) > priority(b)) {
		struct shim_vma *n = node(a);
		SHIM_SET(n->right, join(n->right, b));
		pull(n);
		return a;
	}
	struct shim_vma *n = node(b);
	SHIM_SET(n->left, join(a, n->left));
	pull(n);
	return b;
}

/* Takes the node at off out of the subtree t; returns the subtree's new root. */
static shim_off remove_node(shim_off t, shim_off off)
{
	if (t == off) {
		struct shim_vma *n = node(t);
		return join(n->left, n->right);
	}
	struct shim_vma *n = node(t);
	if (node(off)->start < n->start)
		SHIM_SET(n->left, remove_node(n->left, off));
	else
		SHIM_SET(n->right, remove_node(n->right, off));
	pull(n);
	return t;
}

struct shim_vma *shim_vm_find_object(struct shim_vm *vm, shim_off obj)
{
	shim_off self = shim_off_of(vm);
	const struct i915_gem_object *o = shim_ptr(obj);
	for (shim_off b = o->bindings; b; b = node(b)->obj_next)
		if (node(b)->vm == self)
			return node(b);
	return NULL;
}

struct shim_vma *shim_vm_find_address(struct shim_vm *vm, uint64_t addr)
{
	for (shim_off t = vm->root; t;) {
		struct shim_vma *n = node(t);
		if (addr < n->start)
			t = n->left;
		else if (addr >= end_of(n))
			t = n->right;
		else
			return n;
	}
	return NULL;
}

struct shim_vma *shim_vm_first_overlap(struct shim_vm *vm, uint64_t start, uint64_t size)
{
	struct shim_vma *best = NULL;
	/* The lowest binding that ends after start; bindings do not overlap, so it is the
	 * lowest one that can reach into the range. */
	for (shim_off t = vm->root; t;) {
		struct shim_vma *n = node(t);
		if (end_of(n) > start) {
			best = n;
			t = n->left;
		} else {
			t = n->right;
		}
	}
	return best && best->start < start + size ? best : NULL;
}

struct shim_vma *shim_vm_next(struct shim_vm *vm, const struct shim_vma *vma)
{
	struct shim_vma *best = NULL;
	for (shim_off t = vm->root; t;) {
		struct shim_vma *n = node(t);
		if (n->start > vma->start) {
			best = n;
			t = n->left;
		} else {
			t = n->right;
		}
	}
	return best;
}

int shim_vm_bind(struct shim_device *dev, struct shim_vm *vm, shim_off obj, uint64_t start, uint64_t size)
{
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_vma));
	if (!off)
		return -ENOMEM;
	struct i915_gem_object *o = shim_ptr(obj);
	struct shim_vma *n = node(off);		/* fresh: no notes */
	*n = (struct shim_vma){ .start = start, .size = size, .obj = obj, .vm = shim_off_of(vm),
				.obj_next = o->bindings, .first = start, .last = start + size };
	SHIM_SET(vm->root, insert(vm->root, off));
	SHIM_INC(vm->count);
	SHIM_SET(o->bindings, off);
	SHIM_INC(o->bind_count);
	return 0;
}

/* Takes vma off its object's list (without the tree, for a space being freed whole). */
static void unlink_from_object(struct shim_vma *vma)
{
	struct i915_gem_object *o = shim_ptr(vma->obj);
	shim_off self = shim_off_of(vma);
	shim_off *link = &o->bindings;
	while (*link != self)
		link = &node(*link)->obj_next;
	SHIM_SET(*link, vma->obj_next);
	SHIM_DEC(o->bind_count);
}

void shim_vm_unbind(struct shim_device *dev, struct shim_vm *vm, struct shim_vma *vma)
{
	shim_off off = shim_off_of(vma);
	unlink_from_object(vma);
	SHIM_SET(vm->root, remove_node(vm->root, off));
	SHIM_DEC(vm->count);
	shim_free(&dev->shared->arena, off, sizeof(*vma));
}

static void free_subtree(struct shim_device *dev, shim_off t)
{
	while (t) {
		struct shim_vma *n = node(t);
		free_subtree(dev, n->left);
		shim_off next = n->right;
		unlink_from_object(n);
		shim_free(&dev->shared->arena, t, sizeof(*n));
		t = next;
	}
}

void shim_vm_unbind_all(struct shim_device *dev, struct shim_vm *vm)
{
	free_subtree(dev, vm->root);
	SHIM_SET(vm->root, 0);
	SHIM_SET(vm->count, 0);
}

/*
 * The first-fit search, in address order. *cursor is where the free space
 * after the bindings already passed begins; a binding's gap is tried against
 * the request once it is known where the next binding starts.
 */
struct space_search {
	uint64_t size, align, lo, hi;
	uint64_t cursor;
	bool done;		/* found, or nothing at or above the cursor can be */
	bool found;
	uint64_t start;
};

/* Does [cursor, limit) hold the request? Sets done when it does or when nothing above can. */
static bool try_gap(struct space_search *s, uint64_t limit)
{
	uint64_t from = s->cursor > s->lo ? s->cursor : s->lo;
	uint64_t at = (from + s->align - 1) & ~(s->align - 1);
	if (at < from || at >= s->hi) {
		s->done = true;		/* no room left below hi */
		return false;
	}
	if (limit > s->hi)
		limit = s->hi;
	if (at + s->size >= at && at + s->size <= limit) {
		s->start = at;
		s->found = s->done = true;
		return true;
	}
	return false;
}

static void search(struct space_search *s, shim_off t)
{
	while (t && !s->done) {
		const struct shim_vma *n = node(t);
		if (n->last <= s->lo) {
			/* The whole subtree lies below lo: its gaps cannot serve. */
			if (n->last > s->cursor)
				s->cursor = n->last;
			return;
		}
		uint64_t lead = n->first > s->cursor ? n->first - s->cursor : 0;
		if (lead < s->size && n->gap < s->size) {
			/* No hole in here, nor before it, is wide enough. */
			s->cursor = n->last;
			return;
		}
		search(s, n->left);
		if (s->done || try_gap(s, n->start))
			return;
		s->cursor = end_of(n);
		t = n->right;
	}
}

int shim_vm_find_space(struct shim_vm *vm, uint64_t size, uint64_t align, uint64_t lo, uint64_t hi,
		       uint64_t *start)
{
	struct space_search s = { .size = size, .align = align ? align : 4096, .lo = lo, .hi = hi };
	search(&s, vm->root);
	if (!s.done)
		try_gap(&s, hi);	/* after the last binding */
	if (!s.found)
		return -ENOSPC;
	*start = s.start;
	return 0;
}

void shim_vm_unbind_everywhere(struct shim_device *dev, shim_off obj)
{
	shim_assert_locked(dev);
	struct i915_gem_object *o = shim_ptr(obj);
	while (o->bindings) {
		struct shim_vma *vma = node(o->bindings);
		shim_vm_unbind(dev, shim_ptr(vma->vm), vma);
	}
}
