/* SPDX-License-Identifier: MIT */
/*
 * i915's PMU (the kernel's i915_pmu.c): the counting perf events "i915" offers —
 * per engine busy, wait and sema time, the GT's actual and requested frequency,
 * interrupts, RC6 residency and GT awake time — with their sysfs description, for
 * intel_gpu_top and IGT's perf tests. The perf core around it is drm/perf_event.c.
 *
 * Owns struct i915_pmu_state in the device's shared state (device lock, journaled):
 * the engine threads (gt/intel_engine.c) call i915_pmu_engine_busy/idle around each
 * batch and i915_pmu_request_done when a request completes; a process that dies
 * with a batch running is taken off by the request's adopter (i915_request.c).
 * What each counter means here, since the shim has no clocks or power states:
 *  - <engine>-busy: ns during which at least one batch of that engine class was
 *    running, in any process (several processes' engines of one class count once).
 *  - <engine>-wait, <engine>-sema: 0. The shim's batches never wait on an event or
 *    a semaphore in the engine (MI_SEMAPHORE_WAIT is polled by the command
 *    streamer and counted as busy).
 *  - actual-frequency, requested-frequency: the generation's typical RP0 while any
 *    engine is busy, 0 otherwise (the GT parks when idle, and i915 samples only an
 *    awake GT), accumulated in MHz times seconds as i915 does.
 *  - interrupts: requests completed (each ends with a user interrupt).
 *  - rc6-residency: ns with no engine busy since the PMU was first used.
 *  - software-gt-awake-time: ns with any engine busy.
 * Lifetime: the counters live as long as the instance; nothing is handed out.
 * Calls base/, drm/ (the lock, the tree builder) only.
 */
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <i915_drm.h>

#include "base/instance.h"
#include "base/journal.h"
#include "drm/drm_device.h"
#include "drm/drm_sysfs.h"
#include "drm/perf_event.h"
#include "hw/device_model.h"
#include "i915/i915_drv.h"
#include "i915/i915_pmu.h"

/*
 * The perf type number. The kernel hands dynamic PMUs the lowest free number from
 * PERF_TYPE_MAX up, so a real i915's is small and varies by machine; programs read it
 * from sysfs. The shim catches perf_event_open of its type and passes every other to the
 * kernel, so it takes a number no host PMU gets in practice, never shadowing one.
 */
#define I915_SHIM_PMU_TYPE 0x1915u

/* The uAPI's engine classes (I915_ENGINE_CLASS_*) of the model's engines, and their names. */
static const struct {
	unsigned shim;			/* enum shim_engine_class */
	const char *name;
} pmu_engines[4] = {
	[I915_ENGINE_CLASS_RENDER] = { SHIM_ENGINE_RENDER, "rcs" },
	[I915_ENGINE_CLASS_COPY] = { SHIM_ENGINE_COPY, "bcs" },
	[I915_ENGINE_CLASS_VIDEO] = { SHIM_ENGINE_VIDEO, "vcs" },
	[I915_ENGINE_CLASS_VIDEO_ENHANCE] = { SHIM_ENGINE_VIDEO_ENHANCE, "vecs" },
};

/* Does the model have engine uclass instance 0? The shim runs one engine per class, so a
 * second video engine (has_bsd2) has no counters of its own and is not offered. */
static bool has_engine(const struct shim_device_model *m, unsigned uclass, unsigned instance)
{
	if (instance != 0)
		return false;
	switch (uclass) {
	case I915_ENGINE_CLASS_RENDER: return true;
	case I915_ENGINE_CLASS_COPY: return m->has_blt;
	case I915_ENGINE_CLASS_VIDEO: return m->has_bsd;
	case I915_ENGINE_CLASS_VIDEO_ENHANCE: return m->has_vebox;
	default: return false;
	}
}

/* A typical RP0 (maximum GT frequency, MHz) of the generation: the one frequency the model
 * runs at. */
static uint64_t rp0_mhz(const struct shim_device_model *m)
{
	switch (m->gen) {
	case 3: return 400;
	case 4: return 533;
	case 6: return 1100;
	case 7: return 1150;
	case 8: return 1000;
	case 9: return 1150;
	default: return 1100;
	}
}

/* i915's engine_event_status / config_status: 0, -ENODEV (not on this device) or -ENOENT. */
static int config_status(const struct shim_device_model *m, uint64_t config)
{
	if (config < __I915_PMU_OTHER(0)) {
		unsigned uclass = (unsigned)(config >> I915_PMU_CLASS_SHIFT);
		unsigned instance = (unsigned)(config >> I915_PMU_SAMPLE_BITS) & ((1u << I915_PMU_SAMPLE_INSTANCE_BITS) - 1);
		if (!has_engine(m, uclass, instance))
			return -ENODEV;
		switch (config & I915_PMU_SAMPLE_MASK) {
		case I915_SAMPLE_BUSY:
		case I915_SAMPLE_WAIT:
			return 0;
		case I915_SAMPLE_SEMA:
			return m->gen < 6 ? -ENODEV : 0;
		default:
			return -ENOENT;
		}
	}
	switch (config) {
	case I915_PMU_ACTUAL_FREQUENCY:
	case I915_PMU_REQUESTED_FREQUENCY:
	case I915_PMU_RC6_RESIDENCY:
		return m->gen < 6 ? -ENODEV : 0;	/* no RPS, no RC6 before Sandybridge */
	case I915_PMU_INTERRUPTS:
	case I915_PMU_SOFTWARE_GT_AWAKE_TIME:
		return 0;
	default:
		return -ENOENT;
	}
}

/* Device lock held: GT awake time up to now. */
static uint64_t awake_now(const struct i915_pmu_state *p, uint64_t now)
{
	bool awake = p->active[0] || p->active[1] || p->active[2] || p->active[3];
	return p->awake_ns + (awake ? now - p->awake_since : 0);
}

/* i915_pmu_event_init's checks, in its order. */
static int pmu_event_init(struct shim_device *dev, const struct perf_event_attr *attr, int cpu)
{
	if (attr->sample_period)		/* no sampling (sample_freq shares the field) */
		return -EINVAL;
	if (attr->sample_type & PERF_SAMPLE_BRANCH_STACK)
		return -EOPNOTSUPP;
	if (cpu != 0)				/* its cpumask: one CPU, the first */
		return -EINVAL;
	int ret = config_status(dev->model, attr->config);
	if (ret)
		return ret;
	shim_device_lock(dev);
	struct i915_pmu_state *p = &i915_shared(dev)->pmu;
	if (!p->epoch_ns) {
		uint64_t now = shim_now_ns();
		SHIM_SET(p->epoch_awake_ns, awake_now(p, now));
		SHIM_SET(p->epoch_ns, now);
	}
	shim_device_unlock(dev);
	return 0;
}

static uint64_t pmu_read(struct shim_device *dev, uint64_t config)
{
	uint64_t now = shim_now_ns(), v = 0;
	shim_device_lock(dev);
	const struct i915_pmu_state *p = &i915_shared(dev)->pmu;
	if (config < __I915_PMU_OTHER(0)) {
		unsigned e = pmu_engines[(config >> I915_PMU_CLASS_SHIFT) & 3].shim;
		if ((config & I915_PMU_SAMPLE_MASK) == I915_SAMPLE_BUSY)
			v = p->busy_ns[e] + (p->active[e] ? now - p->since[e] : 0);
	} else if (config == I915_PMU_ACTUAL_FREQUENCY || config == I915_PMU_REQUESTED_FREQUENCY) {
		/* MHz x s, as i915's samples add up: its readers divide by the seconds between reads. */
		v = rp0_mhz(dev->model) * awake_now(p, now) / 1000000000ull;
	} else if (config == I915_PMU_INTERRUPTS) {
		v = p->interrupts;
	} else if (config == I915_PMU_RC6_RESIDENCY) {
		if (p->epoch_ns)
			v = (now - p->epoch_ns) - (awake_now(p, now) - p->epoch_awake_ns);
	} else if (config == I915_PMU_SOFTWARE_GT_AWAKE_TIME) {
		v = awake_now(p, now);
	}
	shim_device_unlock(dev);
	return v;
}

const struct shim_pmu i915_pmu = {
	.name = "i915",
	.type = I915_SHIM_PMU_TYPE,
	.event_init = pmu_event_init,
	.read = pmu_read,
};

void i915_pmu_engine_busy(struct shim_device *dev, unsigned engine)
{
	struct i915_pmu_state *p = &i915_shared(dev)->pmu;
	uint64_t now = shim_now_ns();
	if (engine >= 4)
		return;
	if (!(p->active[0] || p->active[1] || p->active[2] || p->active[3]))
		SHIM_SET(p->awake_since, now);
	if (!p->active[engine])
		SHIM_SET(p->since[engine], now);
	SHIM_INC(p->active[engine]);
}

void i915_pmu_engine_idle(struct shim_device *dev, unsigned engine)
{
	struct i915_pmu_state *p = &i915_shared(dev)->pmu;
	uint64_t now = shim_now_ns();
	if (engine >= 4 || !p->active[engine])
		return;
	SHIM_ADD(p->active[engine], -1u);
	if (!p->active[engine])
		SHIM_ADD(p->busy_ns[engine], now - p->since[engine]);
	if (!(p->active[0] || p->active[1] || p->active[2] || p->active[3]))
		SHIM_ADD(p->awake_ns, now - p->awake_since);
}

void i915_pmu_request_done(struct shim_device *dev)
{
	SHIM_INC(i915_shared(dev)->pmu.interrupts);
}

/* One event's files: events/NAME (its config, as the kernel prints it) and NAME.unit. */
static void add_event(struct shim_fs_builder *b, const char *name, uint64_t config, const char *unit)
{
	char rel[256];
	snprintf(rel, sizeof(rel), "/sys/devices/i915/events/%s", name);
	shim_fs_file(b, rel, 0444, "config=0x%llx\n", (unsigned long long)config);
	if (unit) {
		snprintf(rel, sizeof(rel), "/sys/devices/i915/events/%s.unit", name);
		shim_fs_file(b, rel, 0444, "%s\n", unit);
	}
}

void i915_pmu_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *m)
{
	static const struct { uint64_t config; const char *name, *unit; } others[] = {
		{ I915_PMU_ACTUAL_FREQUENCY, "actual-frequency", "M" },
		{ I915_PMU_REQUESTED_FREQUENCY, "requested-frequency", "M" },
		{ I915_PMU_INTERRUPTS, "interrupts", NULL },
		{ I915_PMU_RC6_RESIDENCY, "rc6-residency", "ns" },
		{ I915_PMU_SOFTWARE_GT_AWAKE_TIME, "software-gt-awake-time", "ns" },
	};
	static const char *const samples[] = { [I915_SAMPLE_BUSY] = "busy", [I915_SAMPLE_WAIT] = "wait",
					       [I915_SAMPLE_SEMA] = "sema" };
	char name[64];

	shim_fs_dir(b, "/sys/devices/i915/events");
	shim_fs_dir(b, "/sys/devices/i915/format");
	shim_fs_file(b, "/sys/devices/i915/type", 0444, "%u\n", I915_SHIM_PMU_TYPE);
	shim_fs_file(b, "/sys/devices/i915/cpumask", 0444, "0\n");
	shim_fs_file(b, "/sys/devices/i915/format/i915_eventid", 0444, "config:0-20\n");
	shim_fs_file(b, "/sys/devices/i915/uevent", 0644, "%s", "");
	shim_fs_link(b, "/sys/devices/i915/subsystem", "../../bus/event_source");
	shim_fs_dir(b, "/sys/bus/event_source/devices");
	shim_fs_link(b, "/sys/bus/event_source/devices/i915", "../../../devices/i915");

	for (unsigned i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (!config_status(m, others[i].config))
			add_event(b, others[i].name, others[i].config, others[i].unit);
	for (unsigned c = 0; c < 4; c++) {
		for (unsigned s = 0; s < 3; s++) {
			uint64_t config = __I915_PMU_ENGINE(c, 0, s);
			if (config_status(m, config))
				continue;
			snprintf(name, sizeof(name), "%s0-%s", pmu_engines[c].name, samples[s]);
			add_event(b, name, config, "ns");
		}
	}
}
