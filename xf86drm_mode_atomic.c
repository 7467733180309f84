/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_atomic.c - atomic mode setting in libdrm.so.2: building a
 * request (drmModeAtomicAlloc, Duplicate, Merge, AddProperty, GetCursor,
 * SetCursor, Free) and committing it (drmModeAtomicCommit).
 *
 * A request is a list of (object, property, value) items in the order they
 * were added; the cursor is the number of live items, and moving it back
 * (SetCursor) drops the items past it, which is how callers undo a partial
 * addition after an error. Commit hands the kernel the live items sorted by
 * object id, then property id, then insertion order, with duplicates
 * thinned exactly as libdrm 2.4.114 thins them (see commit_sort), so the
 * kernel receives the same arrays from either library.
 *
 * Lifetimes: a request from Alloc or Duplicate is the caller's, freed with
 * drmModeAtomicFree (NULL accepted); Merge copies the items it takes, and
 * Commit does not keep the request. Results are libdrm's: -EINVAL for a
 * NULL request, AddProperty returns the new cursor, Commit 0 or -errno.
 *
 * Calls: drmIoctl() through drm_ioctl_errno(), malloc and qsort.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <unistd.h>
#include <drm.h>

#include "libdrm_macros.h"
#include "xf86drmMode.h"
#include "xf86drm_mode_priv.h"

struct atomic_item {
	uint32_t object_id;
	uint32_t property_id;
	uint64_t value;
	uint32_t seq;		/* position when added: the tie-break of the sort */
};

struct _drmModeAtomicReq {
	uint32_t cursor;	/* live items */
	uint32_t filled;	/* items ever written: SetCursor may move up to here */
	uint32_t size;		/* allocated items */
	struct atomic_item *items;
};

drm_public drmModeAtomicReqPtr drmModeAtomicAlloc(void)
{
	return calloc(1, sizeof(struct _drmModeAtomicReq));
}

/* A request with the live items of req (those past its cursor are not copied). */
drm_public drmModeAtomicReqPtr drmModeAtomicDuplicate(const drmModeAtomicReqPtr req)
{
	drmModeAtomicReqPtr copy;

	if (!req)
		return NULL;
	copy = calloc(1, sizeof(*copy));
	if (!copy)
		return NULL;
	if (req->cursor) {
		copy->items = malloc((size_t)req->cursor * sizeof(*copy->items));
		if (!copy->items) {
			free(copy);
			return NULL;
		}
		memcpy(copy->items, req->items, (size_t)req->cursor * sizeof(*copy->items));
	}
	copy->cursor = copy->filled = copy->size = req->cursor;
	return copy;
}

/* Appends augment's live items at base's cursor (dropping base's items past it). */
drm_public int drmModeAtomicMerge(drmModeAtomicReqPtr base, const drmModeAtomicReqPtr augment)
{
	uint32_t need;

	if (!base)
		return -EINVAL;
	if (!augment || !augment->cursor)
		return 0;
	if (augment->cursor > UINT32_MAX - base->cursor)
		return -ENOMEM;
	need = base->cursor + augment->cursor;
	if (need > base->size) {
		struct atomic_item *items = realloc(base->items, (size_t)need * sizeof(*items));

		if (!items)
			return -ENOMEM;
		base->items = items;
		base->size = need;
	}
	memcpy(&base->items[base->cursor], augment->items,
	       (size_t)augment->cursor * sizeof(*augment->items));
	for (uint32_t i = base->cursor; i < need; i++)
		base->items[i].seq = i;
	base->cursor = need;
	if (base->filled < need)
		base->filled = need;
	return 0;
}

drm_public void drmModeAtomicFree(drmModeAtomicReqPtr req)
{
	if (!req)
		return;
	free(req->items);
	free(req);
}

drm_public int drmModeAtomicGetCursor(const drmModeAtomicReqPtr req)
{
	if (!req)
		return -EINVAL;
	return (int)req->cursor;
}

/*
 * libdrm accepts any cursor; one past the items ever written (or negative)
 * would make Commit read memory that holds no item, so ours ignores it.
 */
drm_public void drmModeAtomicSetCursor(drmModeAtomicReqPtr req, int cursor)
{
	if (!req || cursor < 0 || (uint32_t)cursor > req->filled)
		return;
	req->cursor = (uint32_t)cursor;
}

/* Returns the new cursor (the number of live items), or -EINVAL / -ENOMEM. */
drm_public int drmModeAtomicAddProperty(drmModeAtomicReqPtr req, uint32_t object_id,
					uint32_t property_id, uint64_t value)
{
	struct atomic_item *item;

	if (!req)
		return -EINVAL;
	if (!object_id || !property_id)
		return -EINVAL;
	if (req->cursor >= req->size) {
		/* Grow a page of items at a time. */
		uint32_t more = (uint32_t)((size_t)getpagesize() / sizeof(*item));
		struct atomic_item *items;

		if (req->size > INT32_MAX - more)
			return -ENOMEM;
		items = realloc(req->items, (size_t)(req->size + more) * sizeof(*items));
		if (!items)
			return -ENOMEM;
		req->items = items;
		req->size += more;
	}
	item = &req->items[req->cursor];
	item->object_id = object_id;
	item->property_id = property_id;
	item->value = value;
	item->seq = req->cursor;
	req->cursor++;
	if (req->filled < req->cursor)
		req->filled = req->cursor;
	return (int)req->cursor;
}

static int item_order(const void *pa, const void *pb)
{
	const struct atomic_item *a = pa, *b = pb;

	if (a->object_id != b->object_id)
		return a->object_id < b->object_id ? -1 : 1;
	if (a->property_id != b->property_id)
		return a->property_id < b->property_id ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * Sorts items[0..n) and thins repeated (object, property) pairs the way
 * libdrm 2.4.114 does: walking the sorted list once, an item equal to the
 * one after it is dropped, and the walk then moves past that next item.
 * Two settings of one property thus leave the later; three leave the
 * second and third, four the second and fourth. The kernel applies the
 * values in order, so the last one added wins either way; we keep the
 * arrays identical so the kernel sees the same request. Returns the number
 * of items left.
 */
static uint32_t commit_sort(struct atomic_item *items, uint32_t n)
{
	qsort(items, n, sizeof(*items), item_order);
	for (uint32_t i = 0; i + 1 < n; i++) {
		if (items[i].object_id != items[i + 1].object_id ||
		    items[i].property_id != items[i + 1].property_id)
			continue;
		memmove(&items[i], &items[i + 1], (size_t)(n - i - 1) * sizeof(*items));
		n--;
	}
	return n;
}

drm_public int drmModeAtomicCommit(int fd, const drmModeAtomicReqPtr req, uint32_t flags,
				   void *user_data)
{
	struct drm_mode_atomic atomic;
	struct atomic_item *items;
	uint32_t *objs = NULL, *count_props = NULL, *props = NULL;
	uint64_t *values = NULL;
	uint32_t n, last = 0;
	int obj = -1, ret = -ENOMEM;

	if (!req)
		return -EINVAL;
	if (!req->cursor)
		return 0;	/* nothing to do: no ioctl */

	items = malloc((size_t)req->cursor * sizeof(*items));
	if (!items)
		return -ENOMEM;
	memcpy(items, req->items, (size_t)req->cursor * sizeof(*items));
	n = commit_sort(items, req->cursor);

	memclear(atomic);
	for (uint32_t i = 0; i < n; i++) {
		if (items[i].object_id != last) {
			atomic.count_objs++;
			last = items[i].object_id;
		}
	}
	objs = calloc(atomic.count_objs, sizeof(*objs));
	count_props = calloc(atomic.count_objs, sizeof(*count_props));
	props = calloc(n, sizeof(*props));
	values = calloc(n, sizeof(*values));
	if (!objs || !count_props || !props || !values)
		goto out;

	last = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (items[i].object_id != last) {
			objs[++obj] = items[i].object_id;
			last = items[i].object_id;
		}
		count_props[obj]++;
		props[i] = items[i].property_id;
		values[i] = items[i].value;
	}
	atomic.flags = flags;
	atomic.objs_ptr = DRM_U64(objs);
	atomic.count_props_ptr = DRM_U64(count_props);
	atomic.props_ptr = DRM_U64(props);
	atomic.prop_values_ptr = DRM_U64(values);
	atomic.user_data = DRM_U64(user_data);
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_ATOMIC, &atomic);
out:
	free(objs);
	free(count_props);
	free(props);
	free(values);
	free(items);
	return ret;
}
