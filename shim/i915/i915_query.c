/* SPDX-License-Identifier: MIT */
/*
 * DRM_IOCTL_I915_QUERY (the kernel's i915_query.c; doc/uapi-conformance.md
 * §31, rows QY1..): the device's topology, engines and memory regions, read
 * from the device model and written straight into the caller's items.
 *
 * Owns nothing: every answer is computed per call from the read-only device
 * model (hw/device_model.h) and, for the memory region, the device budget
 * (read under the device lock, never stored: a query changes no shared state,
 * so it needs no journal). It calls only base (user copies), hw (the model)
 * and the i915 object budget helper.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/user_copy.h"
#include "drm/drm_ioctl.h"
#include "hw/device_model.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_object.h"

/*
 * The three sizes the kernel's sseu info is laid out with (its max_slices,
 * max_subslices, max_eus_per_subslice), per generation as Linux 6.1 sets
 * them: gen11 1x8x8, gen9 big cores 3x4x8, Broadwell 3x3x8, Haswell just
 * the enabled slices and subslices with the EUs of one subslice. Sandybridge
 * and Ivybridge (and everything older) have no sseu info at all: 0, and the
 * topology query is ENODEV there.
 */
struct sseu_dims {
	unsigned slices, subslices, eus;
};

static struct sseu_dims sseu_dims(const struct shim_device_model *m)
{
	unsigned eus = m->subslice_total ? m->eu_total / m->subslice_total : 0;
	if (!m->slice_mask || !eus)
		return (struct sseu_dims){ 0, 0, 0 };
	if (m->gen >= 11)
		return (struct sseu_dims){ 1, 8, 8 };
	if (m->gen >= 9)
		return (struct sseu_dims){ 3, 4, 8 };
	if (m->gen == 8)
		return (struct sseu_dims){ 3, 3, 8 };
	if (m->gen == 7 && m->codename && !strcmp(m->codename, "hsw"))
		return (struct sseu_dims){ (unsigned)__builtin_popcount(m->slice_mask),
					   (unsigned)__builtin_popcount(m->subslice_mask), eus };
	return (struct sseu_dims){ 0, 0, 0 };
}

#define STRIDE(bits) (((bits) + 7) / 8)
/* Room for the biggest layout above: 1 + 3 subslice bytes + 3*4 EU bytes (HSW's 10 EUs: 2*2). */
#define TOPO_DATA_MAX 64

/*
 * The kernel's common first step for an item with a fixed-size answer:
 * length 0 asks for the size, a shorter length is EINVAL, then the
 * caller's header is read (EFAULT). 0 means "go on and fill it". A bad
 * data_ptr is the item's EFAULT; the ioctl itself fails only when the
 * item array cannot be read or its length written back.
 */
static int item_prologue(const struct drm_i915_query_item *item, uint32_t total, void *hdr, size_t hdr_len)
{
	if (item->length == 0)
		return (int)total;
	/* Compared unsigned, as the kernel does: a negative length passes and is read. */
	if ((uint32_t)item->length < total)
		return -EINVAL;
	if (shim_copy_from_user(hdr, item->data_ptr, hdr_len))
		return -EFAULT;
	return 0;
}

static int query_topology(const struct shim_device_model *m, const struct drm_i915_query_item *item)
{
	if (item->flags)
		return -EINVAL;
	struct sseu_dims d = sseu_dims(m);
	if (!d.slices)
		return -ENODEV;
	unsigned ss_stride = STRIDE(d.subslices), eu_stride = STRIDE(d.eus);
	uint32_t slice_len = 1, ss_len = d.slices * ss_stride, eu_len = d.slices * d.subslices * eu_stride;
	struct drm_i915_query_topology_info topo;
	uint32_t total = (uint32_t)sizeof(topo) + slice_len + ss_len + eu_len;
	int ret = item_prologue(item, total, &topo, sizeof(topo));
	if (ret)
		return ret;

	memset(&topo, 0, sizeof(topo));
	topo.max_slices = (uint16_t)d.slices;
	topo.max_subslices = (uint16_t)d.subslices;
	topo.max_eus_per_subslice = (uint16_t)d.eus;
	topo.subslice_offset = (uint16_t)slice_len;
	topo.subslice_stride = (uint16_t)ss_stride;
	topo.eu_offset = (uint16_t)(slice_len + ss_len);
	topo.eu_stride = (uint16_t)eu_stride;

	/* The model keeps one subslice mask for every enabled slice and the same EU count in every
	 * enabled subslice (eu_total / subslice_total): the fuses of a full part. */
	uint8_t data[TOPO_DATA_MAX] = { 0 };
	unsigned eus = m->eu_total / m->subslice_total;
	data[0] = m->slice_mask;
	for (unsigned s = 0; s < d.slices; s++) {
		if (!(m->slice_mask & (1u << s)))
			continue;
		for (unsigned ss = 0; ss < d.subslices; ss++) {
			if (!(m->subslice_mask & (1u << ss)))
				continue;
			data[slice_len + s * ss_stride + ss / 8] |= (uint8_t)(1u << (ss % 8));
			for (unsigned eu = 0; eu < eus; eu++)
				data[slice_len + ss_len + (s * d.subslices + ss) * eu_stride + eu / 8] |=
					(uint8_t)(1u << (eu % 8));
		}
	}
	if (shim_copy_to_user(item->data_ptr, &topo, sizeof(topo)) ||
	    shim_copy_to_user(item->data_ptr + sizeof(topo), data, slice_len + ss_len + eu_len))
		return -EFAULT;
	return (int)total;
}

/* Only Xe_HP (12.50) and later split geometry from compute subslices; no model is one. */
static int query_geometry_subslices(const struct shim_device_model *m, const struct drm_i915_query_item *item)
{
	(void)m;
	(void)item;
	return -ENODEV;
}

struct uabi_engine {
	uint16_t class, instance;
};

/* The engines in the kernel's uabi order (class, then instance), as sysfs lists them. */
static unsigned uabi_engines(const struct shim_device_model *m, struct uabi_engine *e)
{
	unsigned n = 0;
	e[n++] = (struct uabi_engine){ I915_ENGINE_CLASS_RENDER, 0 };
	if (m->has_blt)
		e[n++] = (struct uabi_engine){ I915_ENGINE_CLASS_COPY, 0 };
	if (m->has_bsd)
		e[n++] = (struct uabi_engine){ I915_ENGINE_CLASS_VIDEO, 0 };
	if (m->has_bsd2)
		e[n++] = (struct uabi_engine){ I915_ENGINE_CLASS_VIDEO, 1 };
	if (m->has_vebox)
		e[n++] = (struct uabi_engine){ I915_ENGINE_CLASS_VIDEO_ENHANCE, 0 };
	return n;
}

/*
 * What a video engine can do beyond the common set (the kernel's
 * uabi_capabilities): HEVC on the first video engine from gen9 and on all of
 * them from gen11; the scaler/format converter (SFC) on the first video
 * engine from gen9 and, from gen11, on the even ones (no model has a fused-
 * off video engine, so "even" is the instance). The enhancement engine gets
 * SFC from gen9 where a video engine feeds it: here vecs0 always.
 */
static uint64_t engine_caps(const struct shim_device_model *m, const struct uabi_engine *e)
{
	uint64_t caps = 0;
	if (m->gen < 9)
		return 0;
	if (e->class == I915_ENGINE_CLASS_VIDEO) {
		if (m->gen >= 11 || e->instance == 0)
			caps |= I915_VIDEO_CLASS_CAPABILITY_HEVC;
		if (e->instance == 0 || (m->gen >= 11 && !(e->instance & 1)))
			caps |= I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
	} else if (e->class == I915_ENGINE_CLASS_VIDEO_ENHANCE && m->has_bsd) {
		caps |= I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
	}
	return caps;
}

static int query_engine_info(const struct shim_device_model *m, const struct drm_i915_query_item *item)
{
	if (item->flags)
		return -EINVAL;
	struct uabi_engine e[5];
	unsigned n = uabi_engines(m, e);
	struct drm_i915_query_engine_info q;
	uint32_t total = (uint32_t)(sizeof(q) + n * sizeof(struct drm_i915_engine_info));
	int ret = item_prologue(item, total, &q, sizeof(q));
	if (ret)
		return ret;
	if (q.num_engines || q.rsvd[0] || q.rsvd[1] || q.rsvd[2])
		return -EINVAL;
	for (unsigned i = 0; i < n; i++) {
		struct drm_i915_engine_info info;
		memset(&info, 0, sizeof(info));
		info.engine.engine_class = e[i].class;
		info.engine.engine_instance = e[i].instance;
		info.flags = I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE;
		info.capabilities = engine_caps(m, &e[i]);
		info.logical_instance = e[i].instance;	/* nothing fused off: logical = physical */
		if (shim_copy_to_user(item->data_ptr + sizeof(q) + i * sizeof(info), &info, sizeof(info)))
			return -EFAULT;
	}
	q.num_engines = n;
	if (shim_copy_to_user(item->data_ptr, &q, sizeof(q)))
		return -EFAULT;
	return (int)total;
}

/* i915 perf (OA) is not emulated: the kernel answers this way when its perf was never set up. */
static int query_perf_config(const struct shim_device_model *m, const struct drm_i915_query_item *item)
{
	(void)m;
	switch (item->flags) {
	case DRM_I915_QUERY_PERF_CONFIG_LIST:
	case DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_UUID:
	case DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID:
		return -ENODEV;
	default:
		return -EINVAL;
	}
}

/*
 * The one region of an integrated part: system memory. The kernel reports
 * all of RAM as probed_size and, for system memory, every other size equal
 * to it (it tracks no allocation there). The shim's "RAM" is the object
 * memory budget (I915_SHIM_MEMORY_LIMIT, default half the machine's): what
 * objects can have before the shrinker runs and allocation fails.
 */
static int query_memory_regions(struct shim_device *dev, const struct drm_i915_query_item *item)
{
	if (item->flags)
		return -EINVAL;
	struct drm_i915_query_memory_regions q;
	uint32_t total = (uint32_t)(sizeof(q) + sizeof(struct drm_i915_memory_region_info));
	int ret = item_prologue(item, total, &q, sizeof(q));
	if (ret)
		return ret;
	if (q.num_regions)
		return -EINVAL;
	for (unsigned i = 0; i < sizeof(q.rsvd) / sizeof(q.rsvd[0]); i++)
		if (q.rsvd[i])
			return -EINVAL;

	shim_device_lock(dev);
	uint64_t size = i915_shared(dev)->memory_budget;
	shim_device_unlock(dev);
	if (!size)
		size = shim_gem_memory_budget();	/* not yet fixed by a first allocation */

	struct drm_i915_memory_region_info info;
	memset(&info, 0, sizeof(info));
	info.region.memory_class = I915_MEMORY_CLASS_SYSTEM;
	info.region.memory_instance = 0;
	info.probed_size = size;
	info.unallocated_size = size;
	info.probed_cpu_visible_size = size;
	info.unallocated_cpu_visible_size = size;
	if (shim_copy_to_user(item->data_ptr + sizeof(q), &info, sizeof(info)))
		return -EFAULT;
	q.num_regions = 1;
	if (shim_copy_to_user(item->data_ptr, &q, sizeof(q)))
		return -EFAULT;
	return (int)total;
}

/* The GuC's hardware-config blob exists only where the GuC provides one (gen12.5+ parts). */
static int query_hwconfig_blob(const struct shim_device_model *m, const struct drm_i915_query_item *item)
{
	(void)m;
	(void)item;
	return -ENODEV;
}

static int query_item(struct shim_device *dev, const struct drm_i915_query_item *item)
{
	const struct shim_device_model *m = dev->model;
	switch (item->query_id) {
	case DRM_I915_QUERY_TOPOLOGY_INFO:
		return query_topology(m, item);
	case DRM_I915_QUERY_ENGINE_INFO:
		return query_engine_info(m, item);
	case DRM_I915_QUERY_PERF_CONFIG:
		return query_perf_config(m, item);
	case DRM_I915_QUERY_MEMORY_REGIONS:
		return query_memory_regions(dev, item);
	case DRM_I915_QUERY_HWCONFIG_BLOB:
		return query_hwconfig_blob(m, item);
	case DRM_I915_QUERY_GEOMETRY_SUBSLICES:
		return query_geometry_subslices(m, item);
	default:
		return -EINVAL;		/* an id 6.1 does not know: the item says so, not the ioctl */
	}
}

int shim_i915_query_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_query *args = data;
	if (args->flags)
		return -EINVAL;
	for (uint32_t i = 0; i < args->num_items; i++) {
		uint64_t uitem = args->items_ptr + (uint64_t)i * sizeof(struct drm_i915_query_item);
		struct drm_i915_query_item item;
		if (shim_copy_from_user(&item, uitem, sizeof(item)))
			return -EFAULT;
		/* Id 0 fails the whole call; items before it keep their answers. */
		if (item.query_id == 0)
			return -EINVAL;
		int ret = query_item(call->dev, &item);
		/* The answer (a length or -errno) goes back only when it differs from what was asked. */
		if (ret != item.length &&
		    shim_copy_to_user(uitem + offsetof(struct drm_i915_query_item, length), &ret, sizeof(ret)))
			return -EFAULT;
	}
	return 0;
}
